"""Auction Bridge scoring, royal-spade era [rules-reference §4]: worked examples, tables, properties."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replayer.rules.cards import Strain
from replayer.rules.regimes import AUCTION
from replayer.rules.seats import Pair
from replayer.scoring.auction import (
    RUBBER_BONUS,
    AuctionOptions,
    honour_multiple,
    score_deal,
    trick_value,
)
from replayer.scoring.base import DealFacts, DealScore

C, D, H, S, R, NT = (
    Strain.CLUBS,
    Strain.DIAMONDS,
    Strain.HEARTS,
    Strain.SPADES,
    Strain.ROYAL_SPADES,
    Strain.NOTRUMP,
)


def facts(level: int, strain: Strain, won: int, *, doubled: int = 0, side: Pair = Pair.NS, **kw) -> DealFacts:
    other = side.other
    return DealFacts(
        strain=strain,
        declarer_side=side,
        tricks={side: won, other: 13 - won},
        level=level,
        doubled=doubled,
        **kw,
    )


def summary(score: DealScore) -> dict[str, int]:
    """Non-zero totals by side and column, e.g. {"NS below": 30}."""
    out = {}
    for side in ("NS", "EW"):
        for col in ("below", "above"):
            t = score.total(side, col)
            if t:
                out[f"{side} {col}"] = t
    return out


# ---------------------------------------------------------------------------------------------
# §4.5 worked examples

WORKED = [
    pytest.param(
        facts(3, H, 7, honours={"NS": (3, 3), "EW": (2, 1)}),
        {},
        {"NS above": 16, "EW above": 100},
        None,
        id="W7-3H-7-tricks-simple-honours",
    ),
    pytest.param(facts(2, NT, 9), {}, {"NS below": 30}, "NS", id="AU-1-AU-8-2NT-9-tricks-game"),
    pytest.param(
        facts(2, H, 9, doubled=1), {}, {"NS below": 48, "NS above": 100}, "NS", id="AU-11-2H-doubled-9"
    ),
    pytest.param(
        facts(2, H, 9, doubled=2), {}, {"NS below": 96, "NS above": 200}, "NS", id="AU-11-2H-redoubled-9"
    ),
    pytest.param(facts(4, S, 10), {}, {"NS below": 8}, None, id="AU-1-4S-10-tricks"),
    pytest.param(
        facts(1, S, 3, doubled=1),
        {"one_spade_dealer": True},
        {"EW above": 100},
        None,
        id="AU-12-one-spade-doubled-limited",
    ),
    pytest.param(
        facts(1, S, 3, doubled=2),
        {"one_spade_dealer": True},
        {"EW above": 800},
        None,
        id="AU-12-W25-L47a-one-spade-redoubled-no-limit",
    ),
    pytest.param(
        facts(7, H, 12), {}, {"NS above": 20, "EW above": 50}, None, id="AU-13-7H-12-tricks-little-slam"
    ),
    pytest.param(facts(1, NT, 1), {}, {"EW above": 320}, None, id="AU-9-AU-13-1NT-1-trick"),
    pytest.param(
        facts(3, NT, 10, duplicate=True),
        {},
        {"NS below": 40, "NS above": 125},
        None,
        id="AU-15-duplicate-3NT-10",
    ),
]


@pytest.mark.parametrize(("deal", "kw", "expected", "game"), WORKED)
def test_worked_examples(deal: DealFacts, kw: dict, expected: dict[str, int], game: str | None) -> None:
    score = score_deal(deal, **kw)
    assert summary(score) == expected
    assert score.game == game


def test_worked_example_items_and_words() -> None:
    s = score_deal(facts(3, H, 7, honours={"NS": (3, 3), "EW": (2, 1)}))
    assert s.items("NS", "honours") == 16 and s.items("EW", "undertricks") == 100
    assert {ln.text for ln in s.lines} == {
        "simple honours in hearts: 2 × 8 = 16",
        "2 undertricks at 50 = 100",
    }

    s = score_deal(facts(1, NT, 1))
    assert s.items("EW", "undertricks") == 300 and s.items("EW", "slam") == 20
    assert s.items("NS", "slam") == 0


def test_texts() -> None:
    s = score_deal(facts(1, H, 9))
    assert [ln.text for ln in s.lines] == ["3 by cards in hearts at 8 a trick = 24"]
    s = score_deal(facts(1, H, 8, doubled=1))
    assert [ln.text for ln in s.lines] == [
        "2 by cards in hearts, doubled, at 16 a trick = 32",
        "bonus for a doubled contract made: 50 + 50 for 1 extra trick",
    ]
    s = score_deal(facts(1, R, 7, honours={"NS": (3, 2)}))
    assert [ln.text for ln in s.lines] == [
        "the odd trick in royal spades at 9 a trick = 9",
        "simple honours in royal spades: 2 × 9 = 18",
    ]
    s = score_deal(facts(1, S, 2, doubled=1), one_spade_dealer=True)
    assert s.lines[0].text == "5 undertricks at 100 = 500, limited to 100 for the dealer's one spade"
    assert any("AU-12" in n for n in s.notes)


# ---------------------------------------------------------------------------------------------
# AU-1 / AU-2: trick values (the same numbers rank the bids)


@pytest.mark.parametrize(
    ("level", "strain", "points"),
    [
        pytest.param(3, R, 27, id="AU-6-3R-27"),
        pytest.param(4, C, 24, id="AU-6-4C-24"),
        pytest.param(5, C, 30, id="AU-6-5C-30"),
        pytest.param(3, C, 18, id="AU-2-3C-18"),
        pytest.param(2, R, 18, id="AU-2-2R-18"),
        pytest.param(2, NT, 20, id="AU-2-2NT-20"),
        pytest.param(3, S, 6, id="AU-2-W25-L44-3S-6"),
        pytest.param(1, C, 6, id="AU-2-W25-L44-1C-6"),
        pytest.param(7, D, 49, id="AU-6-7D-49"),
        pytest.param(4, H, 32, id="AU-1-4H-32"),
        pytest.param(7, NT, 70, id="AU-1-7NT-70"),
    ],
)
def test_trick_values_exactly_made(level: int, strain: Strain, points: int) -> None:
    assert level * trick_value(strain) == points
    s = score_deal(facts(level, strain, 6 + level))
    assert s.items("NS", "tricks") == points
    assert s.game == ("NS" if points >= 30 else None)


def test_trick_values_are_the_regimes_bid_values() -> None:
    assert {st: trick_value(st) for st in AUCTION.strains} == {S: 2, C: 6, D: 7, H: 8, R: 9, NT: 10}
    assert RUBBER_BONUS == 250


@pytest.mark.parametrize(
    ("strain", "won", "below"),
    [
        pytest.param(NT, 9, 30, id="S4-3-by-cards-NT-goes-game"),
        pytest.param(H, 10, 32, id="S4-4-by-cards-hearts-goes-game"),
        pytest.param(R, 10, 36, id="S4-4-by-cards-royals-goes-game"),
        pytest.param(D, 10, 28, id="S4-4-by-cards-diamonds-short"),
        pytest.param(C, 11, 30, id="S4-5-by-cards-clubs-goes-game"),
    ],
)
def test_game_from_love(strain: Strain, won: int, below: int) -> None:
    s = score_deal(facts(1, strain, won))
    assert s.total("NS", "below") == below
    assert s.game == ("NS" if below >= 30 else None)


@pytest.mark.parametrize(
    ("before", "level", "strain", "won", "game"),
    [
        pytest.param(20, 2, R, 8, "NS", id="AU-14-20-plus-2R-18-game"),
        pytest.param(12, 2, R, 8, "NS", id="AU-14-12-plus-18-game"),
        pytest.param(10, 2, R, 8, None, id="AU-14-10-plus-18-no-game"),
        pytest.param(29, 4, H, 9, None, id="AU-9-failed-no-game"),
        pytest.param(28, 1, S, 7, "NS", id="AU-14-28-plus-2-game"),
    ],
)
def test_game_with_score_before(before: int, level: int, strain: Strain, won: int, game: str | None) -> None:
    s = score_deal(facts(level, strain, won, below={"NS": before, "EW": 25}))
    assert s.game == game


# ---------------------------------------------------------------------------------------------
# §4.3 honours table (WAT L6, W7), and aces at no-trumps

HONOUR_ROWS = [  # (held, most in one hand, multiple, ♠, ♣, ♦, ♥, R)
    ("simple", 3, 1, 2, (4, 12, 14, 16, 18)),
    ("four", 4, 2, 4, (8, 24, 28, 32, 36)),
    ("four-in-one-hand", 4, 4, 8, (16, 48, 56, 64, 72)),
    ("five", 5, 3, 5, (10, 30, 35, 40, 45)),
    ("five-four-in-one-hand", 5, 4, 9, (18, 54, 63, 72, 81)),
    ("five-in-one-hand", 5, 5, 10, (20, 60, 70, 80, 90)),
]


@pytest.mark.parametrize(
    ("held", "most", "multiple", "strain", "points"),
    [
        pytest.param(held, most, mult, strain, pts, id=f"AU-10-{name}-{strain.value}")
        for name, held, most, mult, row in HONOUR_ROWS
        for strain, pts in zip((S, C, D, H, R), row, strict=True)
    ],
)
def test_honours_table(held: int, most: int, multiple: int, strain: Strain, points: int) -> None:
    assert honour_multiple(held, most) == multiple
    for doubled in (0, 1, 2):  # AU-10 / S4 §SCORING: not increased by doubling
        for won in (3, 7, 12):  # AU-10: whether or not the contract is made
            for holder in ("NS", "EW"):
                s = score_deal(facts(1, strain, won, doubled=doubled, honours={holder: (held, most)}))
                assert s.items(holder, "honours") == points


def test_honour_texts() -> None:
    texts = [score_deal(facts(1, R, 7, honours={"NS": h})).lines[1].text for h in ((4, 4), (5, 4), (5, 5))]
    assert texts == [
        "four honours in one hand in royal spades: 8 × 9 = 72",
        "five honours in royal spades, four in one hand: 9 × 9 = 81",
        "five honours in one hand in royal spades: 10 × 9 = 90",
    ]


def test_four_honours_in_one_hand_also_with_three_split() -> None:
    # 3 honours, 2 in one hand, still simple; 4 honours, 3 in one hand, still "four".
    assert honour_multiple(3, 2) == 2 and honour_multiple(4, 3) == 4 and honour_multiple(2, 2) == 0


@pytest.mark.parametrize(
    ("held", "most", "points", "text"),
    [
        pytest.param(3, 2, 30, "three aces = 30", id="AU-10-3-aces-30"),
        pytest.param(4, 2, 40, "four aces = 40", id="AU-10-4-aces-40"),
        pytest.param(4, 4, 100, "four aces in one hand = 100", id="AU-10-4-aces-in-one-hand-100"),
        pytest.param(2, 2, 0, None, id="AU-10-2-aces-nothing"),
    ],
)
def test_aces_at_notrump(held: int, most: int, points: int, text: str | None) -> None:
    for doubled in (0, 1, 2):
        s = score_deal(facts(1, NT, 5, doubled=doubled, honours={"EW": (held, most)}))
        assert s.items("EW", "aces") == points
        assert s.items("EW", "honours") == 0
        if text:
            assert text in [ln.text for ln in s.lines]


# ---------------------------------------------------------------------------------------------
# AU-9: under-tricks; AU-11 doubled bonus


@pytest.mark.parametrize(
    ("doubled", "under", "points"),
    [
        pytest.param(0, 1, 50, id="AU-9-1-down-50"),
        pytest.param(0, 3, 150, id="AU-9-3-down-150"),
        pytest.param(1, 1, 100, id="AU-9-doubled-1-down-100"),
        pytest.param(1, 4, 400, id="AU-9-doubled-4-down-400"),
        pytest.param(2, 1, 200, id="AU-9-redoubled-1-down-200"),
        pytest.param(2, 3, 600, id="AU-9-redoubled-3-down-600"),
    ],
)
def test_undertricks(doubled: int, under: int, points: int) -> None:
    s = score_deal(facts(4, H, 10 - under, doubled=doubled, side=Pair.EW))
    assert s.items("NS", "undertricks") == points
    assert s.total("NS", "below") == s.total("EW", "below") == 0
    assert s.total("EW") == 0 and s.game is None


@pytest.mark.parametrize(
    ("doubled", "level", "won", "below", "bonus"),
    [
        pytest.param(1, 2, 8, 32, 50, id="AU-11-doubled-exact-50"),
        pytest.param(1, 2, 9, 48, 100, id="AU-11-doubled-1-over-100"),
        pytest.param(1, 1, 10, 64, 200, id="AU-11-doubled-3-over-200"),
        pytest.param(2, 2, 8, 64, 100, id="AU-11-redoubled-exact-100"),
        pytest.param(2, 1, 9, 96, 300, id="AU-11-redoubled-2-over-300"),
    ],
)
def test_doubled_bonus(doubled: int, level: int, won: int, below: int, bonus: int) -> None:
    s = score_deal(facts(level, H, won, doubled=doubled))
    assert s.items("NS", "tricks") == below
    assert s.items("NS", "doubled-bonus") == bonus
    assert all(ln.column == "above" for ln in s.lines if ln.kind == "doubled-bonus")


def test_no_bonus_undoubled() -> None:
    assert score_deal(facts(1, H, 13)).items("NS", "doubled-bonus") == 0


# ---------------------------------------------------------------------------------------------
# AU-12: the dealer's one spade


@pytest.mark.parametrize(
    ("doubled", "won", "points"),
    [
        pytest.param(0, 5, 100, id="AU-12-undoubled-2-down-100"),
        pytest.param(0, 4, 100, id="AU-12-undoubled-3-down-limited"),
        pytest.param(1, 6, 100, id="AU-12-doubled-1-down-100"),
        pytest.param(1, 0, 100, id="AU-12-doubled-7-down-limited"),
        pytest.param(2, 5, 400, id="AU-12-redoubled-2-down-unlimited"),
        pytest.param(0, 6, 50, id="AU-12-undoubled-1-down-50"),
    ],
)
def test_one_spade_limit(doubled: int, won: int, points: int) -> None:
    deal = facts(1, S, won, doubled=doubled, honours={"EW": (4, 4)}, side=Pair.NS)
    s = score_deal(deal, one_spade_dealer=True)
    assert s.items("EW", "undertricks") == points
    assert s.items("EW", "honours") == 16  # honours as held
    unlimited = score_deal(deal).items("EW", "undertricks")
    assert unlimited == (7 - won) * 50 * {0: 1, 1: 2, 2: 4}[doubled]


def test_one_spade_flag_needs_one_spade() -> None:
    with pytest.raises(ValueError, match="AU-12"):
        score_deal(facts(2, S, 5), one_spade_dealer=True)


# ---------------------------------------------------------------------------------------------
# AU-13 slams


@pytest.mark.parametrize(
    ("level", "won", "ns_slam", "ew_slam"),
    [
        pytest.param(6, 12, 20, 0, id="AU-13-little-slam-bid-made"),
        pytest.param(1, 13, 40, 0, id="AU-13-grand-slam-not-40-plus-20"),
        pytest.param(2, 12, 20, 0, id="AU-13-little-slam-not-bid"),
        pytest.param(7, 12, 20, 0, id="AU-13-W35-bid-7-took-12"),
        pytest.param(3, 0, 0, 40, id="AU-13-adversaries-grand-slam"),
    ],
)
def test_slams(level: int, won: int, ns_slam: int, ew_slam: int) -> None:
    for doubled in (0, 1, 2):
        s = score_deal(facts(level, D, won, doubled=doubled))
        assert (s.items("NS", "slam"), s.items("EW", "slam")) == (ns_slam, ew_slam)


# ---------------------------------------------------------------------------------------------
# §4.4 revoke


def test_s4_revoke_example_three_tricks() -> None:
    # [S4 §The Revoke]: Z plays 3♥ doubled, wins the odd trick, takes three tricks → 64, no bonus.
    deal = facts(3, H, 7, doubled=1, side=Pair.NS, revokes={"EW": 1})
    s = score_deal(deal, revoke_choice="tricks")
    assert s.items("NS", "tricks") == 64
    assert s.items("NS", "doubled-bonus") == 0
    assert s.total("NS", "above") == 0 and s.total("EW") == 0
    assert s.game == "NS"
    assert "4 by cards in hearts, doubled, at 16 a trick = 64" in s.lines[0].text


def test_s4_revoke_example_points() -> None:
    # AU-17 [interp]: Z takes 100 instead — +100 above, nothing below, no under-tricks to the revokers.
    s = score_deal(facts(3, H, 7, doubled=1, revokes={"EW": 1}))
    assert summary(s) == {"NS above": 100}
    assert s.items("NS", "revoke") == 100


def test_revoke_tricks_made_in_play_bonus_only_for_play() -> None:
    # 2♥ doubled, 9 in play (1 over), 3 tricks taken → 12 tricks, 6 by cards; bonus on play only.
    s = score_deal(facts(2, H, 9, doubled=1, revokes={"EW": 1}), revoke_choice="tricks")
    assert s.items("NS", "tricks") == 6 * 16
    assert s.items("NS", "doubled-bonus") == 100
    assert s.items("NS", "slam") == 0  # AU-18: penalty tricks never give a slam


@pytest.mark.parametrize(
    ("options", "revokes", "penalty"),
    [
        pytest.param(AuctionOptions(), 1, 100, id="AU-16-S4-100"),
        pytest.param(AuctionOptions(), 2, 200, id="AU-16-S4-two-revokes-200"),
        pytest.param(
            AuctionOptions(revoke_penalty=150, further_revoke_penalty=100), 1, 150, id="AU-19-WATP-150"
        ),
        pytest.param(
            AuctionOptions(revoke_penalty=150, further_revoke_penalty=100), 2, 250, id="AU-19-WATP-second-100"
        ),
    ],
)
def test_declarer_revokes(options: AuctionOptions, revokes: int, penalty: int) -> None:
    # AU-16: declarer made 4♥ with 10 tricks but revoked: honours only; adversaries +penalty.
    s = score_deal(facts(4, H, 10, honours={"NS": (4, 4)}, revokes={"NS": revokes}), options)
    assert summary(s) == {"NS above": 64, "EW above": penalty}
    assert s.game is None


def test_declarer_revokes_and_fails() -> None:
    # AU-16: the penalty is in addition to the under-tricks.
    s = score_deal(facts(4, H, 8, doubled=1, revokes={"NS": 1}))
    assert s.items("EW", "undertricks") == 200 and s.items("EW", "revoke") == 100


def test_revoking_side_cannot_score_slam() -> None:
    # AU-18: adversaries take 12 tricks but revoked.
    s = score_deal(facts(1, NT, 1, revokes={"EW": 1}))
    assert s.items("EW", "slam") == 0 and s.items("EW", "undertricks") == 0
    assert s.items("NS", "revoke") == 100
    s = score_deal(facts(6, C, 12, revokes={"NS": 1}))
    assert s.items("NS", "slam") == 0 and s.items("NS", "tricks") == 0


# ---------------------------------------------------------------------------------------------
# Chicane [WAT L9–L10]; off per W7's table


@pytest.mark.parametrize(
    ("options", "ns", "ew"),
    [
        pytest.param(AuctionOptions(), 56, 14, id="WAT-L9-credit"),
        pytest.param(AuctionOptions(chicane_mode="deduct"), 56 - 14, 0, id="WAT-L9-deduct"),
        pytest.param(AuctionOptions(chicane=False), 56, 0, id="W7-no-chicane"),
    ],
)
def test_chicane(options: AuctionOptions, ns: int, ew: int) -> None:
    # ♦: NS hold 4 honours in one hand (56); one EW hand void of diamonds (chicane 2 × 7 = 14).
    for doubled in (0, 1, 2):  # WAT L10: not doubled
        s = score_deal(
            facts(2, D, 8, doubled=doubled, honours={"NS": (4, 4), "EW": (1, 1)}, void={"EW": 1}), options
        )
        assert (s.total("NS", "above") - s.items("NS", "doubled-bonus"), s.total("EW", "above")) == (ns, ew)


def test_double_chicane_and_chicane_side_with_honours() -> None:
    # Double chicane in ♥ against five honours in one hand: 80 and 32 (credit); 48 (deduct).
    deal = facts(1, H, 5, honours={"EW": (5, 5)}, void={"NS": 2})
    s = score_deal(deal)
    assert (s.items("EW", "honours"), s.items("NS", "chicane")) == (80, 32)
    s = score_deal(deal, AuctionOptions(chicane_mode="deduct"))
    assert s.total("EW", "above") - s.items("EW", "undertricks") == 48 and s.items("NS", "chicane") == 0
    # Chicane side scoring honours itself adds chicane to its own in both modes.
    deal = facts(1, H, 7, honours={"NS": (3, 3)}, void={"NS": 1})
    for mode in ("credit", "deduct"):
        s = score_deal(deal, AuctionOptions(chicane_mode=mode))
        assert s.total("NS", "above") == 32 and s.total("EW") == 0


def test_no_chicane_at_notrump() -> None:
    s = score_deal(facts(1, NT, 7, void={"EW": 2}))
    assert s.items("EW", "chicane") == 0


# ---------------------------------------------------------------------------------------------
# validation


@pytest.mark.parametrize(
    "deal",
    [
        pytest.param(replace(facts(1, H, 7), level=None), id="level-missing"),
        pytest.param(replace(facts(1, H, 7), level=8), id="level-8"),
        pytest.param(replace(facts(1, H, 7), doubled=3), id="AU-5-no-re-redouble"),
        pytest.param(replace(facts(1, H, 7), tricks={"NS": 7, "EW": 7}), id="tricks-not-13"),
        pytest.param(replace(facts(1, NT, 7), honours={"NS": (5, 2)}), id="five-aces"),
        pytest.param(replace(facts(1, H, 7), honours={"NS": (2, 3)}), id="most-above-held"),
    ],
)
def test_rejects(deal: DealFacts) -> None:
    with pytest.raises(ValueError):
        score_deal(deal)


def test_one_side_tricks_enough() -> None:
    deal = DealFacts(strain=NT, declarer_side=Pair.EW, tricks={"EW": 9}, level=3)
    assert score_deal(deal).items("EW", "tricks") == 30


# ---------------------------------------------------------------------------------------------
# properties


@st.composite
def deals(draw: st.DrawFn) -> DealFacts:
    strain = draw(st.sampled_from(list(AUCTION.strains)))
    side = draw(st.sampled_from(list(Pair)))
    won = draw(st.integers(0, 13))
    level = draw(st.integers(1, 7))
    n = 4 if strain is NT else 5
    hands = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))  # honour → hand; 0, 2 = NS
    honours, void = {}, {}
    for name, seats in (("NS", (0, 2)), ("EW", (1, 3))):
        counts = [hands.count(s) for s in seats]
        honours[name] = (sum(counts), max(counts))
        # a hand may be void of trumps only if it holds no trump honour
        void[name] = sum(draw(st.booleans()) for c in counts if c == 0)
    revokes = draw(st.fixed_dictionaries({"NS": st.integers(0, 2), "EW": st.integers(0, 2)}))
    below = {"NS": draw(st.integers(0, 28)), "EW": draw(st.integers(0, 28))}
    return DealFacts(
        strain=strain,
        declarer_side=side,
        tricks={side: won, side.other: 13 - won},
        level=level,
        doubled=draw(st.integers(0, 2)),
        honours=honours,
        void=void,
        revokes=revokes,
        below=below,
        duplicate=draw(st.booleans()),
    )


kwargs = st.fixed_dictionaries({"revoke_choice": st.sampled_from(["points", "tricks"])})
modes = st.sampled_from(
    [AuctionOptions(), AuctionOptions(chicane_mode="deduct"), AuctionOptions(chicane=False)]
)


@settings(max_examples=400)
@given(deals(), kwargs)
def test_property_undertricks_only_to_adversaries_and_nothing_negative(deal: DealFacts, kw: dict) -> None:
    s = score_deal(deal, **kw)
    decl = deal.declarer_side
    for line in s.lines:
        assert line.points >= 0, line  # credit mode
        if line.kind == "undertricks":
            assert line.side != decl and line.column == "above"
        if line.column == "below":
            assert line.side == decl and line.kind == "tricks"
    assert s.game in (None, decl)


@settings(max_examples=300)
@given(deals(), kwargs, modes)
def test_property_side_totals_never_negative(deal: DealFacts, kw: dict, options: AuctionOptions) -> None:
    s = score_deal(deal, options, **kw)
    assert s.total("NS") >= 0 and s.total("EW") >= 0


@settings(max_examples=300)
@given(deals(), kwargs, modes)
def test_property_doubling_never_changes_honours(deal: DealFacts, kw: dict, options: AuctionOptions) -> None:
    kinds = ("honours", "aces", "chicane", "slam")
    seen = {
        tuple(
            score_deal(replace(deal, doubled=d), options, **kw).items(side, k)
            for side in ("NS", "EW")
            for k in kinds
        )
        for d in (0, 1, 2)
    }
    assert len(seen) == 1


@settings(max_examples=300)
@given(deals())
def test_property_game_iff_thirty(deal: DealFacts) -> None:
    s = score_deal(deal)
    decl = deal.declarer_side
    below = s.total(decl, "below")
    if deal.duplicate:
        assert s.game is None
        assert s.items(decl, "game-bonus") == (125 if below >= 30 else 0)
    else:
        assert (s.game == decl) == (below > 0 and deal.below.get(decl, 0) + below >= 30)
    made = deal.tricks[decl] >= 6 + (deal.level or 0)
    if not made:
        assert below == 0
