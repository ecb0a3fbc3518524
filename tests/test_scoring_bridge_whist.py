"""Bridge Whist scoring (rules-reference §3): every worked example of the books, by rule id."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replayer.rules.cards import Strain
from replayer.rules.seats import Pair
from replayer.scoring.base import DealFacts
from replayer.scoring.bridge_whist import BridgeWhistOptions, honour_points, score_deal
from replayer.scoring.sheet import play_rubber

H, D, C, S, NT = Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.SPADES, Strain.NOTRUMP


def facts(
    strain: Strain, ns: int, *, honours=None, void=None, doubled=0, revokes=None, below=None, side=Pair.NS
):  # type: ignore[no-untyped-def]
    return DealFacts(
        strain=strain,
        declarer_side=side,
        tricks={"NS": ns, "EW": 13 - ns},
        doubled=doubled,
        honours=honours or {},
        void=void or {},
        revokes=revokes or {},
        below=below or {},
    )


@pytest.mark.parametrize(
    "strain,held,most,points",
    [
        (H, 3, 3, 16),  # simple honours in hearts [S2 H1; BW-14]
        (D, 4, 4, 48),  # ♦A K Q 10 in one hand [S2 p.37]
        (H, 4, 4, 64),  # ♥A K J 10 in one hand [S2 p.36]
        (C, 4, 4, 32),  # "32 in honors" [S2 p.42]
        (H, 4, 2, 32),  # four divided
        (H, 5, 3, 40),  # five divided, 5 tricks [S2 p.29]
        (H, 5, 4, 72),  # four in one hand, fifth in partner's
        (H, 5, 5, 80),  # five in one hand
        (S, 3, 2, 4),
        (S, 2, 2, 0),
        (NT, 3, 1, 30),
        (NT, 4, 2, 40),
        (NT, 4, 4, 100),
        (NT, 2, 1, 0),  # BW-15 [S2 p.38]
    ],
    ids=lambda v: str(v),
)
def test_honour_table(strain: Strain, held: int, most: int, points: int) -> None:
    assert honour_points(strain, held, most) == points


def test_the_five_divided_option() -> None:
    assert honour_points(H, 5, 3, BridgeWhistOptions(five_divided_multiple=8)) == 64


def test_excess_counts_but_one_game_a_deal() -> None:
    # BW-4: A–B at 16 make 5 by cards at NT -> 16 + 60 = 76, one game [S2 p.29]
    s = score_deal(facts(NT, 2, below={"EW": 16}))
    assert s.total("EW", "below") == 60 and s.game == "EW"


@pytest.mark.parametrize("strain,points", [(S, 14), (C, 28)])
def test_a_black_suit_cannot_win_a_game_from_love(strain: Strain, points: int) -> None:
    s = score_deal(facts(strain, 13))  # [S2 p.34, p.42]
    assert s.total("NS", "below") == points and s.game is None


def test_doubling_multiplies_tricks_not_honours() -> None:
    plain = score_deal(facts(H, 7, honours={"NS": (3, 3)}))
    doubled = score_deal(facts(H, 7, honours={"NS": (3, 3)}, doubled=1))
    redoubled = score_deal(facts(H, 7, honours={"NS": (3, 3)}, doubled=2))
    assert [x.total("NS", "below") for x in (plain, doubled, redoubled)] == [8, 16, 32]  # [S2 p.48]
    assert plain.total("NS", "above") == doubled.total("NS", "above") == redoubled.total("NS", "above") == 16


def test_the_side_that_wins_the_tricks_scores_them_whoever_made() -> None:
    s = score_deal(facts(H, 6, side="NS"))  # makers NS lose the odd trick (BW-2; Foster Hand 2)
    assert s.total("EW", "below") == 8 and s.total("NS", "below") == 0


@pytest.mark.parametrize("mode,we,they", [("credit", 48, 12), ("deduct", 36, 0)])
def test_chicane_credit_or_deduct(mode: str, we: int, they: int) -> None:
    # §3.4: diamonds, WE hold ♦A K Q J in one hand, one of THEY void -> difference 36 either way
    s = score_deal(facts(D, 7, honours={"NS": (4, 4)}, void={"EW": 1}), BridgeWhistOptions(chicane_mode=mode))  # type: ignore[arg-type]
    assert (s.total("NS", "above"), s.total("EW", "above")) == (we, they)


def test_slams_from_tricks_won_in_play() -> None:
    s = score_deal(facts(D, 12, honours={"NS": (4, 4)}))  # [S2 p.32]
    assert s.total("NS", "below") == 36 and s.items("NS", "honours") == 48 and s.items("NS", "slam") == 20
    assert score_deal(facts(H, 13)).items("NS", "slam") == 40  # not 40 + 20 [BW-24 interp]


def test_revoke_penalty_tricks_and_cap() -> None:
    # §3.6 (a): hearts, Y–Z (NS) win 8 in play, A (EW) revokes once -> 11 tricks, 5 by cards = 40, no slam
    a = score_deal(facts(H, 8, revokes={"EW": 1}))
    assert a.total("NS", "below") == 40 and a.items("NS", "slam") == 0
    # (b): Y–Z at 20, hearts, win 11 in play, Z revokes -> 8 tricks, 16 -> capped at 28 total
    b = score_deal(facts(H, 11, revokes={"NS": 1}, below={"NS": 20}))
    assert b.total("NS", "below") == 8 and b.game is None and b.total("EW") == 0


def test_dealers_lead_out_of_turn_american_and_english() -> None:
    # §3.6 (c): ♦, Y–Z (declarers, NS) 7 in play; one lead out of turn -> A–B score the odd trick
    american = score_deal(facts(D, 7), dealer_leads_out_of_turn=1)
    english = score_deal(
        facts(D, 7), BridgeWhistOptions(dealer_lead_penalty=False), dealer_leads_out_of_turn=1
    )
    assert american.total("EW", "below") == 6 and english.total("NS", "below") == 6


def test_fosters_example_rubber() -> None:
    # §3.10.1 [S2 pp.31-33]: WE = NS.  WE 144, THEY 266, the rubber worth 122.
    deals = [
        facts(H, 9, honours={"NS": (3, 2)}),
        facts(NT, 2, honours={"EW": (3, 2)}, side=Pair.EW),
        facts(D, 12, honours={"NS": (4, 4)}, void={"EW": 1}),
        facts(H, 3, honours={"EW": (4, 2)}, side=Pair.EW),
    ]
    sheet = play_rubber("bridge-whist", deals)
    assert list(sheet.games) == [(1, "EW"), (2, "NS"), (3, "EW")]
    assert (sheet.column("NS", "below"), sheet.column("NS", "above")) == (60, 84)
    assert (sheet.column("EW", "below"), sheet.column("EW", "above")) == (92, 174)
    assert (sheet.total("NS"), sheet.total("EW"), sheet.value, sheet.winner) == (144, 266, 122, "EW")


def test_elwells_score_sheet() -> None:
    # §3.10.2 [S1 §THE METHOD OF SCORING], one consistent reconstruction: WE 300, THEY 148, 152 won.
    deals = [
        facts(D, 9, honours={"NS": (4, 2)}),
        facts(H, 5, honours={"EW": (3, 2)}, side=Pair.EW),
        facts(NT, 7, honours={"NS": (3, 2)}),
        facts(NT, 2, honours={"EW": (4, 2)}, side=Pair.EW),
        facts(S, 10, honours={"NS": (3, 2)}),
        facts(C, 5, honours={"EW": (3, 2)}, side=Pair.EW),
        facts(H, 11, honours={"NS": (4, 4)}),
    ]
    sheet = play_rubber("bridge-whist", deals)
    assert (sheet.total("NS"), sheet.total("EW"), sheet.value) == (300, 148, 152)
    above = sorted(
        line.points
        for d in sheet.deals
        for line in d.score.lines
        if line.side == "NS" and line.column == "above"
    )
    assert sorted(above + [sheet.bonus.points]) == sorted([100, 64, 4, 30, 24])  # the printed honour column


def test_a_rubber_stops_at_two_games() -> None:
    with pytest.raises(ValueError):
        play_rubber("bridge-whist", [facts(NT, 10), facts(NT, 10), facts(NT, 10)])


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from([S, C, D, H, NT]),
    st.integers(0, 13),
    st.integers(0, 3),
    st.tuples(st.integers(0, 5), st.integers(0, 5)),
    st.integers(0, 2),
)
def test_properties(strain: Strain, ns: int, doubled: int, hon: tuple[int, int], dbl2: int) -> None:
    held, most = hon[0], min(hon)
    base = facts(strain, ns, honours={"NS": (held, most)})
    s = score_deal(base)
    d = score_deal(facts(strain, ns, honours={"NS": (held, most)}, doubled=doubled))
    # only the side with more than six tricks scores below the line, and never negative
    for side, won in (("NS", ns), ("EW", 13 - ns)):
        assert d.total(side, "below") >= 0
        if won <= 6:
            assert d.total(side, "below") == 0
    # doubling never changes honours, chicane or slams
    assert [ln for ln in s.lines if ln.column == "above"] == [ln for ln in d.lines if ln.column == "above"]
