"""Contract Bridge scoring [rules-reference §5, CB-1…CB-12]: the worked examples of §5.2,
further hand-checked cases, and properties over every contract and result."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from replayer.rules.cards import Strain
from replayer.rules.seats import Pair
from replayer.scoring.base import DealFacts, DealScore, Side
from replayer.scoring.contract import (
    ContractOptions,
    contract_trick_score,
    rubber_bonus,
    score_deal,
    undertrick_values,
)

C, D, H, S, NT = Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP
OLD = ContractOptions(old_doubled_undertricks=True)
HONOURS = ContractOptions(honours=True)


def facts(
    level: int,
    strain: Strain,
    won: int,
    *,
    doubled: int = 0,
    vul: bool = False,
    duplicate: bool = False,
    below: int = 0,
    declarer: Side = Pair.NS,
    honours: dict[Side, tuple[int, int]] | None = None,
) -> DealFacts:
    return DealFacts(
        strain=strain,
        declarer_side=declarer,
        tricks={declarer: won, declarer.other: 13 - won},
        level=level,
        doubled=doubled,
        vulnerable=frozenset({declarer}) if vul else frozenset(),
        below={declarer: below} if below else {},
        duplicate=duplicate,
        honours=honours or {},
    )


def by_kind(score: DealScore, side: str = "NS") -> dict[str, int]:
    out: dict[str, int] = {}
    for line in score.lines:
        if line.side == side:
            out[line.kind] = out.get(line.kind, 0) + line.points
    return out


# ---------------------------------------------------------------------------------------------
# Rubber: (facts, declarer below, declarer above, defenders above, game?)

RUBBER = [
    # §5.2 worked examples [S3 §Examples]
    pytest.param(facts(2, C, 9), 40, 20, 0, False, id="S3 2C 9 tricks: 40 below 20 above"),
    pytest.param(facts(4, H, 10), 120, 0, 0, True, id="S3 4H 10 tricks: 120 below"),
    pytest.param(facts(4, NT, 11), 130, 30, 0, True, id="S3 4NT 11 tricks: 130 below 30 above"),
    # CB-1, CB-2
    pytest.param(facts(3, NT, 9), 100, 0, 0, True, id="3NT made = 100 game"),
    pytest.param(facts(1, NT, 7), 40, 0, 0, False, id="1NT = 40"),
    pytest.param(facts(5, D, 11), 100, 0, 0, True, id="5D = 100 game"),
    pytest.param(facts(4, D, 10), 80, 0, 0, False, id="4D = 80 no game"),
    pytest.param(facts(2, S, 8, below=40), 60, 0, 0, True, id="2S on 40 below = game"),
    pytest.param(facts(1, C, 7, below=70), 20, 0, 0, False, id="1C on 70 below = 90 no game"),
    # CB-5 slams, bid and made
    pytest.param(facts(6, H, 12), 180, 500, 0, True, id="6H NV small slam 500"),
    pytest.param(facts(6, H, 12, vul=True), 180, 750, 0, True, id="6H V small slam 750"),
    pytest.param(facts(7, C, 13), 140, 1000, 0, True, id="7C NV grand slam 1000"),
    pytest.param(facts(7, NT, 13, vul=True), 220, 1500, 0, True, id="7NT V grand slam 1500"),
    pytest.param(facts(6, S, 13), 180, 500 + 30, 0, True, id="6S making 13: small slam only"),
    pytest.param(facts(4, S, 13), 120, 90, 0, True, id="4S making 13: no slam bonus, not bid"),
    pytest.param(facts(5, C, 12), 100, 20, 0, True, id="5C making 12: no slam bonus"),
    # CB-7 doubled / redoubled made: insult 50 / 100
    pytest.param(facts(2, S, 8, doubled=1), 120, 50, 0, True, id="2S doubled made: 120 + insult 50"),
    pytest.param(facts(2, S, 8, doubled=2), 240, 100, 0, True, id="2S redoubled made: 240 + insult 100"),
    pytest.param(facts(1, NT, 9, doubled=1), 80, 200 + 50, 0, False, id="1NT X NV +2: 2x100 + 50"),
    pytest.param(facts(1, NT, 9, doubled=1, vul=True), 80, 400 + 50, 0, False, id="1NT X V +2: 2x200 + 50"),
    pytest.param(
        facts(1, NT, 9, doubled=2, vul=True), 160, 800 + 100, 0, True, id="1NT XX V +2: 2x400 + 100"
    ),
    pytest.param(facts(7, NT, 13, doubled=2, vul=True), 880, 1500 + 100, 0, True, id="7NT XX V made"),
    pytest.param(facts(6, C, 12, doubled=1), 240, 500 + 50, 0, True, id="6C X NV: slam not doubled"),
    # CB-6 undoubled undertricks
    pytest.param(facts(4, S, 8), 0, 0, 100, False, id="4S NV down 2: 2x50"),
    pytest.param(facts(4, S, 8, vul=True), 0, 0, 200, False, id="4S V down 2: 2x100"),
    # CB-8 doubled undertricks
    pytest.param(facts(4, H, 7, doubled=1), 0, 0, 500, False, id="4H X NV down 3 = 500"),
    pytest.param(facts(4, H, 7, doubled=1, vul=True), 0, 0, 800, False, id="4H X V down 3 = 800"),
    pytest.param(facts(3, NT, 6, doubled=1), 0, 0, 500, False, id="S5.2 3NT X NV down 3 = 500"),
    pytest.param(facts(3, NT, 6, doubled=1, vul=True), 0, 0, 800, False, id="S5.2 3NT X V down 3 = 800"),
    pytest.param(facts(1, C, 6, doubled=2), 0, 0, 200, False, id="S5.2 1C XX NV down 1 = 200"),
    pytest.param(facts(4, H, 7, doubled=2), 0, 0, 1000, False, id="4H XX NV down 3 = 1000"),
    pytest.param(facts(4, H, 7, doubled=2, vul=True), 0, 0, 1600, False, id="4H XX V down 3 = 1600"),
    pytest.param(facts(4, H, 6, doubled=1), 0, 0, 800, False, id="4H X NV down 4 = 800"),
    pytest.param(facts(7, S, 2, doubled=1), 0, 0, 2900, False, id="S5.2 current NV X down 11 = 2900"),
]


@pytest.mark.parametrize("f, below, above, defenders, game", RUBBER)
def test_rubber(f: DealFacts, below: int, above: int, defenders: int, game: bool) -> None:
    score = score_deal(f)
    assert score.total("NS", "below") == below
    assert score.total("NS", "above") == above
    assert score.total("EW") == defenders
    assert score.total("EW", "below") == 0
    assert score.game == ("NS" if game else None)


# ---------------------------------------------------------------------------------------------
# Older rules, CB-9

OLD_CASES = [
    pytest.param(facts(7, S, 2, doubled=1), 2100, id="S5.2 old NV X down 11 = 100 + 10x200"),
    pytest.param(facts(4, H, 7, doubled=1), 500, id="old NV X down 3 = 100 + 200 + 200"),
    pytest.param(facts(4, H, 6, doubled=1), 700, id="old NV X down 4 = 700 (new 800)"),
    pytest.param(facts(4, H, 6, doubled=2), 1400, id="old NV XX down 4 = 1400"),
    pytest.param(facts(4, H, 6, doubled=1, vul=True), 1100, id="old V X down 4 unchanged = 1100"),
    pytest.param(facts(4, H, 8), 100, id="old undoubled unchanged"),
]


@pytest.mark.parametrize("f, penalty", OLD_CASES)
def test_old_doubled_undertricks(f: DealFacts, penalty: int) -> None:
    assert score_deal(f, OLD).total("EW") == penalty


def test_old_rules_redoubled_insult_is_50() -> None:
    assert by_kind(score_deal(facts(2, S, 8, doubled=2), OLD))["insult"] == 50
    assert by_kind(score_deal(facts(2, S, 8, doubled=1), OLD))["insult"] == 50
    assert by_kind(score_deal(facts(2, S, 8, doubled=2)))["insult"] == 100


# ---------------------------------------------------------------------------------------------
# Duplicate, CB-10: every item above; board total for the declarer

DUPLICATE = [
    pytest.param(facts(7, S, 13, vul=True, duplicate=True), 2210, True, id="S5.2 dup 7S V = 210+500+1500"),
    pytest.param(facts(4, H, 10, duplicate=True), 420, True, id="S5.2 dup 4H NV = 120 + 300"),
    pytest.param(facts(4, H, 10, vul=True, duplicate=True), 620, True, id="dup 4H V = 120 + 500"),
    pytest.param(facts(2, S, 8, duplicate=True), 110, False, id="S5.2 dup 2S NV = 60 + 50"),
    pytest.param(facts(2, S, 8, doubled=1, duplicate=True), 470, True, id="S5.2 dup 2S X NV = 120+300+50"),
    pytest.param(facts(6, H, 12, duplicate=True), 980, True, id="S5.2 dup 6H NV = 180 + 300 + 500"),
    pytest.param(facts(1, NT, 8, doubled=2, duplicate=True), 760, True, id="S5.2 dup 1NT XX NV +1 = 760"),
    pytest.param(facts(3, NT, 9, duplicate=True), 400, True, id="dup 3NT NV = 400"),
    pytest.param(facts(3, NT, 10, vul=True, duplicate=True), 630, True, id="dup 3NT V +1 = 630"),
    pytest.param(facts(1, NT, 7, duplicate=True), 90, False, id="dup 1NT = 40 + 50"),
    pytest.param(facts(4, S, 12, duplicate=True), 480, True, id="dup 4S +2 no slam = 480"),
    pytest.param(facts(5, D, 11, duplicate=True, below=60), 400, True, id="dup ignores below"),
    pytest.param(facts(3, C, 9, below=60, duplicate=True), 110, False, id="dup 3C part-score 60+50"),
]


@pytest.mark.parametrize("f, total, game", DUPLICATE)
def test_duplicate(f: DealFacts, total: int, game: bool) -> None:
    score = score_deal(f)
    assert score.total("NS") == total
    assert score.total("NS", "below") == 0 and score.total("EW", "below") == 0
    assert score.game == ("NS" if game else None)


def test_duplicate_bonus_kinds() -> None:
    assert by_kind(score_deal(facts(2, S, 8, duplicate=True))) == {"tricks": 60, "part-score-bonus": 50}
    assert by_kind(score_deal(facts(4, H, 10, vul=True, duplicate=True))) == {
        "tricks": 120,
        "game-bonus": 500,
    }


def test_duplicate_down_scores_for_defenders() -> None:
    score = score_deal(facts(4, H, 7, doubled=1, vul=True, duplicate=True))
    assert score.total("EW") == 800 and score.total("NS") == 0 and score.game is None


# ---------------------------------------------------------------------------------------------
# Itemised lines and their text


def test_texts() -> None:
    texts = [ln.text for ln in score_deal(facts(4, S, 10)).lines]
    assert texts == ["4♠ made: 4 × 30 = 120"]
    texts = [ln.text for ln in score_deal(facts(3, NT, 11, doubled=1, vul=True)).lines]
    assert texts == [
        "3NT doubled made: (3 × 30 + 10) × 2 = 200",
        "2 overtricks doubled, vulnerable: 2 × 200 = 400",
        "insult 50",
    ]
    texts = [ln.text for ln in score_deal(facts(6, H, 12, vul=True)).lines]
    assert "small slam bid and made, vulnerable: 750" in texts
    (line,) = score_deal(facts(3, NT, 6, doubled=1)).lines
    assert line.text == "3 undertricks doubled, not vulnerable: 100 + 200 + 200 = 500"
    (line,) = score_deal(facts(7, S, 2, doubled=1)).lines
    assert line.text == "11 undertricks doubled, not vulnerable: 100 + 200 + 200 + 8 × 300 = 2900"
    (line,) = score_deal(facts(7, S, 2, doubled=1), OLD).lines
    assert line.text == "11 undertricks doubled, not vulnerable: 100 + 10 × 200 = 2100"
    (line,) = score_deal(facts(2, C, 7)).lines
    assert line.text == "1 undertrick, not vulnerable: 50"


def test_lines_kinds_and_columns() -> None:
    score = score_deal(facts(6, S, 13, doubled=1, vul=True))
    got = {(ln.side, ln.column, ln.kind, ln.points) for ln in score.lines}
    assert got == {
        ("NS", "below", "tricks", 360),
        ("NS", "above", "overtricks", 200),
        ("NS", "above", "slam", 750),
        ("NS", "above", "insult", 50),
    }


def test_declarer_east_west() -> None:
    score = score_deal(facts(4, H, 8, declarer=Pair.EW, vul=True))
    assert score.total("NS") == 200 and score.total("EW") == 0
    score = score_deal(facts(4, H, 10, declarer=Pair.EW))
    assert score.total("EW", "below") == 120 and score.game == "EW"


def test_vulnerability_is_the_declarers() -> None:
    f = DealFacts(strain=H, declarer_side=Pair.NS, tricks={"NS": 8}, level=4, vulnerable=frozenset({"EW"}))
    assert score_deal(f).total("EW") == 100  # NS not vulnerable: 2 × 50


def test_tricks_from_the_defenders_count() -> None:
    f = DealFacts(strain=H, declarer_side=Pair.NS, tricks={"EW": 3}, level=4)
    assert score_deal(f).total("NS", "above") == 0 and score_deal(f).total("NS", "below") == 120


@pytest.mark.parametrize(
    "f",
    [
        pytest.param(DealFacts(strain=H, declarer_side=Pair.NS, tricks={"NS": 10}), id="no level"),
        pytest.param(DealFacts(strain=H, declarer_side=Pair.NS, tricks={"NS": 10}, level=8), id="level 8"),
        pytest.param(
            DealFacts(strain=H, declarer_side=Pair.NS, tricks={"NS": 10}, level=4, doubled=3), id="x3"
        ),
        pytest.param(
            DealFacts(strain=Strain.ROYAL_SPADES, declarer_side=Pair.NS, tricks={"NS": 10}, level=4), id="R"
        ),
        pytest.param(
            DealFacts(strain=H, declarer_side=Pair.NS, tricks={"NS": 10, "EW": 4}, level=4), id="14 tricks"
        ),
        pytest.param(DealFacts(strain=H, declarer_side=Pair.NS, tricks={}, level=4), id="no tricks"),
    ],
)
def test_refused(f: DealFacts) -> None:
    with pytest.raises(ValueError):
        score_deal(f)


# ---------------------------------------------------------------------------------------------
# Honours, CB-12 (option, rubber only)

HONOUR_CASES = [
    pytest.param(facts(4, S, 10, honours={"NS": (4, 4)}), "NS", 100, id="4 trump honours in one hand 100"),
    pytest.param(facts(4, S, 10, honours={"NS": (5, 5)}), "NS", 150, id="5 in one hand 150"),
    pytest.param(facts(4, S, 10, honours={"NS": (5, 3)}), "NS", 0, id="5 divided: nothing"),
    pytest.param(facts(4, S, 8, honours={"EW": (4, 4)}), "EW", 100, id="defenders' honours, contract down"),
    pytest.param(facts(4, S, 8, honours={"NS": (4, 4)}), "NS", 100, id="declarer's honours though down"),
    pytest.param(facts(3, NT, 9, honours={"EW": (4, 4)}), "EW", 150, id="4 aces in one hand at NT 150"),
    pytest.param(facts(3, NT, 9, honours={"NS": (4, 3)}), "NS", 0, id="4 aces divided at NT: nothing"),
]


@pytest.mark.parametrize("f, side, points", HONOUR_CASES)
def test_honours(f: DealFacts, side: str, points: int) -> None:
    score = score_deal(f, HONOURS)
    assert score.items(side, "honours") == points  # type: ignore[arg-type]
    assert all(ln.column == "above" for ln in score.lines if ln.kind == "honours")
    assert score_deal(f).items(side, "honours") == 0  # type: ignore[arg-type]  # option off


def test_no_honours_in_duplicate() -> None:
    score = score_deal(facts(4, S, 10, duplicate=True, honours={"NS": (5, 5)}), HONOURS)
    assert score.items("NS", "honours") == 0 and score.notes


# ---------------------------------------------------------------------------------------------
# Rubber bonus, CB-3


@pytest.mark.parametrize("loser_games, bonus", [(0, 700), (1, 500)], ids=["2-0: 700", "2-1: 500"])
def test_rubber_bonus(loser_games: int, bonus: int) -> None:
    assert rubber_bonus(loser_games) == bonus


def test_rubber_bonus_refuses_two() -> None:
    with pytest.raises(ValueError):
        rubber_bonus(2)


def test_helpers() -> None:
    assert contract_trick_score(3, NT) == 100
    assert contract_trick_score(1, NT, 2) == 160
    assert undertrick_values(4, False, 1) == [100, 200, 200, 300]
    assert undertrick_values(4, True, 2) == [400, 600, 600, 600]
    assert undertrick_values(0, True, 1) == []


# ---------------------------------------------------------------------------------------------
# Properties over every contract and result

contracts = st.builds(
    facts,
    level=st.integers(1, 7),
    strain=st.sampled_from([C, D, H, S, NT]),
    won=st.integers(0, 13),
    doubled=st.integers(0, 2),
    vul=st.booleans(),
    duplicate=st.booleans(),
    below=st.sampled_from([0, 20, 40, 60, 90]),
    declarer=st.sampled_from(list(Pair)),
)
option_sets = st.builds(ContractOptions, old_doubled_undertricks=st.booleans(), honours=st.booleans())


@given(contracts, option_sets)
def test_undertricks_to_defenders_overtricks_to_declarer(f: DealFacts, options: ContractOptions) -> None:
    score = score_deal(f, options)
    declarer = f.declarer_side
    made = f.tricks[declarer] >= f.level + 6  # type: ignore[operator]
    for line in score.lines:
        if line.kind == "undertricks":
            assert line.side == declarer.other and not made
        if line.kind in ("overtricks", "tricks", "slam", "insult", "game-bonus", "part-score-bonus"):
            assert line.side == declarer and made
    if not made:
        assert score.total(declarer) == 0 and score.game is None


@given(contracts, option_sets)
def test_scores_never_negative(f: DealFacts, options: ContractOptions) -> None:
    score = score_deal(f, options)
    assert all(line.points > 0 for line in score.lines)
    assert all(line.text for line in score.lines)


@given(contracts, st.booleans())
def test_doubling_never_decreases_a_made_contract(f: DealFacts, old: bool) -> None:
    if f.tricks[f.declarer_side] < f.level + 6:  # type: ignore[operator]
        return
    options = ContractOptions(old_doubled_undertricks=old)
    totals = [score_deal(replace(f, doubled=d), options).total(f.declarer_side) for d in (0, 1, 2)]
    assert totals[0] <= totals[1] <= totals[2]


@given(contracts, st.booleans())
def test_not_vulnerable_penalties_never_exceed_vulnerable(f: DealFacts, old: bool) -> None:
    options = ContractOptions(old_doubled_undertricks=old)
    nv = score_deal(replace(f, vulnerable=frozenset()), options)
    v = score_deal(replace(f, vulnerable=frozenset({f.declarer_side})), options)
    defenders = f.declarer_side.other
    assert nv.items(defenders, "undertricks") <= v.items(defenders, "undertricks")


@given(contracts)
def test_game_when_trick_score_reaches_100(f: DealFacts) -> None:
    score = score_deal(f)
    declarer = f.declarer_side
    made = f.tricks[declarer] >= f.level + 6  # type: ignore[operator]
    trick_score = contract_trick_score(f.level, f.strain, f.doubled)  # type: ignore[arg-type]
    carried = 0 if f.duplicate else f.below.get(declarer, 0)
    assert (score.game == declarer) == (made and carried + trick_score >= 100)
    if not f.duplicate:
        assert score.total(declarer, "below") == (trick_score if made else 0)
