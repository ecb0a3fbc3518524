"""Dummy Bridge (Foster, The Gist of Bridge, 1904, pp. 84–85): the mechanical declaration, the
doubling, the series and its bonus, the corpus hand through the commands, and a legality property
over random three-handed deals."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replayer.cli.main import main
from replayer.lessons.dummy_bridge import dummy_bridge_fact, dummy_bridge_role
from replayer.lessons.model import lesson_model
from replayer.record.diagnostics import Diagnostic, Severity
from replayer.record.reader import load
from replayer.rules.cards import FULL_DECK, Card, Strain, Suit, parse_holding
from replayer.rules.dummy_bridge import (
    may_double,
    mechanical_declaration,
    single_player,
    single_players_dummy,
)
from replayer.rules.game import Game
from replayer.rules.regimes import RuleSet, find_regime
from replayer.rules.seats import Letter, Pair, Seat
from replayer.scoring.base import DealFacts
from replayer.scoring.dummy_bridge import DummyBridgeOptions, Party, play_series
from replayer.scoring.sheet import SCORING, score_game
from replayer.validation.dummy_bridge import FIRST_DEAL, series_deal
from replayer.validation.validate import validate
from support.handgen import play_out

ROOT = Path(__file__).resolve().parent.parent
HAND = ROOT / "hands" / "dummy-bridge" / "hand-1.yaml"


def db_hand(text: str) -> list[Card]:
    """``♠A 6 5 3 ♥9 8 6 2 ♦A 8 4 ♣4 2``."""
    return [t.card for t in parse_holding(text) if t.card is not None]


def check(text: str) -> tuple[Game | None, list[Diagnostic]]:
    record, diags = load(text, "t.yaml")
    assert record is not None, diags
    game, more = validate(record)
    return game, diags + more


# ---------------------------------------------------------------------------------------------
# The mechanical declaration (DECL-DB, seed 002 lines 3996–4021)


def test_the_seeds_example_ties_at_25_pips_and_hearts_score_more_than_spades() -> None:
    mech = mechanical_declaration(db_hand("♥9 8 6 2 ♣4 2 ♦A 8 4 ♠A 6 5 3"))
    assert mech.strain is Strain.HEARTS
    assert mech.aces == 2
    assert (mech.counts[Suit.HEARTS].pips, mech.counts[Suit.SPADES].pips) == (25, 25)
    assert mech.decided_by == "scoring value"


@pytest.mark.parametrize(
    ("hand", "strain", "decided_by"),
    [
        ("♠A 5 ♥A 7 2 ♦A 9 6 3 ♣8 7 6 4", Strain.NOTRUMP, "aces"),  # three aces
        ("♠A 5 ♥A 7 2 ♦A 9 6 3 ♣A 7 6", Strain.NOTRUMP, "aces"),  # four aces
        ("♠K Q 7 3 2 ♥A 9 4 2 ♦8 6 5 ♣J", Strain.SPADES, "length"),  # two aces: the longest suit
        ("♠K Q 7 3 ♥A 9 4 2 ♦8 6 5 ♣J 10", Strain.SPADES, "pips"),  # 4–4: 29 pips to 26
        (
            "♠9 8 6 2 ♥A 5 4 3 ♦A 8 4 ♣4 2",
            Strain.SPADES,
            "pips",
        ),  # 25 to 23: spades, though hearts score more
        ("♠K 4 ♥3 2 ♦Q J 10 2 ♣K Q J 2", Strain.DIAMONDS, "scoring value"),  # ♦ 32 = ♣ 32: diamonds
    ],
)
def test_the_mechanical_rule_step_by_step(hand: str, strain: Strain, decided_by: str) -> None:
    mech = mechanical_declaration(db_hand(hand))
    assert (mech.strain, mech.decided_by) == (strain, decided_by)


def test_the_make_advice_uses_the_same_law() -> None:
    from replayer.teaching.make import dummy_bridge

    cards = db_hand("♥9 8 6 2 ♣4 2 ♦A 8 4 ♠A 6 5 3")
    assert dummy_bridge(cards).call is mechanical_declaration(cards).strain is Strain.HEARTS


# ---------------------------------------------------------------------------------------------
# The seats and the doubling (DB-3, DB-5, DB-7)


def test_the_single_player_deals_the_odd_deals_and_sits_eldest_on_the_even_ones() -> None:
    assert [single_player(n) for n in (1, 2, 3, 4)] == [Letter.Z, Letter.A, Letter.Z, Letter.A]
    assert [single_players_dummy(n) for n in (1, 2)] == [Letter.Y, Letter.B]
    with pytest.raises(ValueError):
        single_player(0)


def test_only_the_eldest_hand_doubles_and_the_dealer_redoubles_only_his_own_make() -> None:
    assert may_double(0, Letter.A, deal=1, maker=Letter.Z)
    assert not may_double(0, Letter.B, deal=1, maker=Letter.Z)
    assert may_double(1, Letter.Z, deal=1, maker=Letter.Z)
    assert not may_double(1, Letter.Z, deal=1, maker=Letter.Y)  # the mechanical make: no redouble
    assert not may_double(1, Letter.Y, deal=1, maker=Letter.Y)  # the dummy never speaks
    # deal 2: the single player (A) doubles; only the actual maker redoubles him (DB-5)
    assert may_double(1, Letter.Y, deal=2, maker=Letter.Y)
    assert not may_double(1, Letter.Z, deal=2, maker=Letter.Y)


def test_the_rule_set_is_chosen_by_name_and_aliases() -> None:
    assert find_regime("dummy bridge").name is RuleSet.DUMMY_BRIDGE
    assert find_regime("Three-handed bridge").name is RuleSet.DUMMY_BRIDGE


# ---------------------------------------------------------------------------------------------
# The validator: errors at their line and column


def test_the_corpus_hand_is_valid() -> None:
    game, diags = check(HAND.read_text(encoding="utf-8"))
    assert game is not None and game.is_complete
    assert [d for d in diags if d.severity is not Severity.NOTE] == []
    assert game.declaration is not None and game.declaration.passed
    assert game.tricks_won[Pair.EW] == 7  # A–B make the odd trick


def test_a_make_that_is_not_the_mechanical_one_is_an_error_at_the_trump() -> None:
    text = HAND.read_text(encoding="utf-8").replace("  trump: hearts     #", "  trump: spades     #")
    line = next(i for i, s in enumerate(text.splitlines(), 1) if s.startswith("  trump: spades"))
    _, diags = check(text)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    # the first error is the make; the others follow from replaying the play with spades as trumps
    d = errors[0]
    assert d.code == "mechanical-declaration"
    assert [e.code for e in errors].count("mechanical-declaration") == 1
    assert (d.span.line, d.span.col) == (line, 10)
    assert "hearts, not spades" in d.message
    assert d.hint is not None and "trump: hearts" in d.hint and "♥ 4 cards, 25 pips" in d.hint
    assert "♠ 4 cards, 25 pips" in d.hint and "2 aces" in d.hint


def test_bridge_whist_has_no_mechanical_declaration() -> None:
    text = HAND.read_text(encoding="utf-8").replace("trump: hearts     #", "trump: spades     #")
    _, diags = check(text.replace("rules: dummy-bridge", "rules: bridge-whist"))
    assert "mechanical-declaration" not in [d.code for d in diags]
    _, diags = check(text)
    assert "mechanical-declaration" in [d.code for d in diags]


def test_doubling_by_the_pone_and_redoubling_a_mechanical_make_are_errors_at_each_call() -> None:
    text = HAND.read_text(encoding="utf-8").replace("declaration:\n", "declaration:\n  doubles: [B, Z]\n")
    line = next(i for i, s in enumerate(text.splitlines(), 1) if s.startswith("  doubles:"))
    _, diags = check(text)
    errors = [(d.code, d.span.line, d.span.col) for d in diags if d.severity is Severity.ERROR]
    assert errors == [("db-doubling", line, 13), ("db-doubling", line, 16)]
    assert "only the eldest hand (A)" in diags[0].message


def test_the_eldest_hand_may_double_and_the_dealer_redouble_his_own_make() -> None:
    text = _own_make_text().replace("declaration:\n", "declaration:\n  doubles: [A, Z]\n")
    game, diags = check(text)
    assert [d.code for d in diags if d.severity is Severity.ERROR] == []
    assert game is not None and game.declaration is not None and game.declaration.doubled == 2


def _own_make_text() -> str:
    """The corpus hand with Z declaring hearts on his own hand (no mechanical declaration)."""
    return HAND.read_text(encoding="utf-8").replace("  maker: Y  ", "  maker: Z  ")


def test_an_unknown_dummy_is_noted_not_judged() -> None:
    text = HAND.read_text(encoding="utf-8")
    cut = text[: text.index("deal:\n")] + "play:\n  columns: [A, Y, B, Z]\n  tricks:\n    - ♦K ♦A ♦2 ♦3\n"
    _, diags = check(cut)
    assert "mechanical-unchecked" in [d.code for d in diags if d.severity is Severity.NOTE]
    assert "mechanical-declaration" not in [d.code for d in diags]


# ---------------------------------------------------------------------------------------------
# Scoring: the deal as Bridge Whist, the series with its bonus (DB-8)


def test_the_corpus_deal_scores_as_bridge_whist() -> None:
    game, _ = check(HAND.read_text(encoding="utf-8"))
    assert game is not None
    score = score_game(game)
    assert score is not None
    assert (score.total(Pair.EW), score.total(Pair.NS)) == (8, 16)  # the odd trick in hearts; simple honours


def _facts(strain: Strain, declarer: Pair, tricks: int) -> DealFacts:
    return DealFacts(
        strain=strain, declarer_side=declarer, tricks={declarer: tricks, declarer.other: 13 - tricks}
    )


def test_a_series_of_three_games_each_winner_adds_50() -> None:
    # game 1: the single player (N–S) wins 3 by cards at no-trumps (36): game, +50
    # game 2: the partners (N–S now; the single player sits E–W) win 4 by cards in hearts (32)
    # game 3: the single player (E–W) wins 2 by cards at no-trumps (24), then 1 by cards (12)
    deals = [
        (_facts(Strain.NOTRUMP, Pair.NS, 9), Pair.NS),
        (_facts(Strain.HEARTS, Pair.NS, 10), Pair.EW),
        (_facts(Strain.NOTRUMP, Pair.EW, 8), Pair.EW),
        (_facts(Strain.NOTRUMP, Pair.EW, 7), Pair.EW),
    ]
    sheet = play_series(deals)
    assert sheet.finished
    assert [(g.number, g.winner, g.bonus) for g in sheet.games] == [
        (1, Party.SINGLE, 50),
        (2, Party.PARTNERS, 50),
        (3, Party.SINGLE, 50),
    ]
    assert [g.points[Party.SINGLE] for g in sheet.games] == [36, 0, 36]
    # a player's points: his side's in each game, with the bonus his side earned
    # player 1: single in game 1 (86), partner in games 2 (82) and 3 (0); player 2: single in game 2
    assert [sheet.player_total(p) for p in (1, 2, 3)] == [86 + 82 + 0, 0 + 0 + 0, 0 + 82 + 86]
    with pytest.raises(ValueError):
        play_series(deals + [(_facts(Strain.SPADES, Pair.NS, 7), Pair.NS)])


def test_per_series_the_50_goes_once_to_the_player_with_the_most_points() -> None:
    deals = [
        (_facts(Strain.NOTRUMP, Pair.NS, 9), Pair.NS),
        (_facts(Strain.HEARTS, Pair.NS, 10), Pair.EW),
        (_facts(Strain.HEARTS, Pair.EW, 11), Pair.EW),
    ]
    sheet = play_series(deals, DummyBridgeOptions(db_bonus="per_series"))
    assert [g.bonus for g in sheet.games] == [0, 0, 0]
    # player 1: 36 + 32 + 0 = 68; player 2: 0; player 3: 0 + 32 + 40 = 72
    assert sheet.series_winner == 3
    assert [sheet.player_total(p) for p in (1, 2, 3)] == [68, 0, 72 + 50]


def test_the_option_is_read_by_name() -> None:
    opts = SCORING[RuleSet.DUMMY_BRIDGE].make_options({"db_bonus": "per_series"})
    assert isinstance(opts, DummyBridgeOptions) and opts.db_bonus == "per_series"
    with pytest.raises(ValueError, match="per_game"):
        SCORING[RuleSet.DUMMY_BRIDGE].make_options({"db_bonus": "per_rubber"})


# ---------------------------------------------------------------------------------------------
# The commands and the lesson


def test_validate_score_and_annotate_work_on_the_corpus_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(HAND)]) == 0
    assert main(["score", str(HAND)]) == 0
    out = capsys.readouterr().out
    assert "the odd trick in hearts" in out and "simple honours in hearts" in out
    assert main(["annotate", str(HAND)]) == 0
    assert "the Dummy Bridge rule for dummy (mechanical): **hearts** — agrees" in capsys.readouterr().out


def test_the_lesson_shows_the_three_handed_table() -> None:
    record, _ = load(HAND.read_text(encoding="utf-8"), str(HAND))
    assert record is not None
    game, _ = validate(record)
    assert game is not None
    lesson = lesson_model(game, record)
    roles = {h.letter: h.role for h in lesson.hands.values()}
    assert roles == {"Z": "single player", "Y": "his dummy", "A": "partner", "B": "partner"}
    facts = dict(lesson.facts)
    assert facts["Players"].startswith("three: Z, the single player, plays his own hand and his dummy Y")


# ---------------------------------------------------------------------------------------------
# A legality property: random Dummy Bridge deals, the dummy's make by the rule, validate clean


def random_db_hand(seed: int, *, wrong: bool = False) -> tuple[str, Strain, int]:
    """A random legal Dummy Bridge hand: the text, the trump, and the trump's line."""
    rng = random.Random(seed)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    dealer = Seat.S
    hands = {dealer.next(k): frozenset(deck[13 * k : 13 * k + 13]) for k in range(4)}
    passed = rng.random() < 0.7
    mech = mechanical_declaration(hands[dealer.partner]).strain
    if passed:
        strain = next(s for s in Strain if s is not mech and s is not Strain.ROYAL_SPADES) if wrong else mech
    else:
        strain = rng.choice([Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP])
    doubles = {0: "", 1: "[A]", 2: "[A, Z]"}[
        0 if passed and rng.random() < 0.5 else rng.randrange(2 if passed else 3)
    ]
    final = play_out(rng, hands, strain, dealer)
    cols = [Letter.A, Letter.Y, Letter.B, Letter.Z]
    lines = [
        "rules: dummy-bridge",
        "declaration:",
        f"  maker: {'Y' if passed else 'Z'}",
        f"  trump: {strain.word}",
    ]
    trump_line = len(lines)
    if doubles:
        lines.append(f"  doubles: {doubles}")
    lines += ["play:", "  columns: [A, Y, B, Z]", "  tricks:"]
    for t in final.tricks:
        by_seat = dict(t.plays)
        lines.append("    - " + " ".join(str(by_seat[c.seat(dealer)]) for c in cols))
    return "\n".join(lines) + "\n", strain, trump_line


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_dummy_bridge_hands_validate_and_a_wrong_mechanical_make_is_found(seed: int) -> None:
    text, _, _ = random_db_hand(seed)
    game, diags = check(text)
    assert [d for d in diags if d.severity is Severity.ERROR] == []
    assert game is not None and game.is_complete and sum(game.tricks_won.values()) == 13
    wrong, strain, line = random_db_hand(seed, wrong=True)
    if "maker: Y" in wrong:
        _, diags = check(wrong)
        codes = [(d.code, d.span.line) for d in diags if d.severity is Severity.ERROR]
        assert codes == [("mechanical-declaration", line)]


# ---------------------------------------------------------------------------------------------
# The even deals from a file (DB-5, DB-6): `series: {deal: 2}`

HAND2 = ROOT / "hands" / "dummy-bridge" / "hand-2.yaml"


def _line_of(text: str, start: str) -> int:
    return next(i for i, s in enumerate(text.splitlines(), 1) if s.startswith(start))


def test_the_series_key_is_read_with_its_place() -> None:
    text = HAND2.read_text(encoding="utf-8")
    record, diags = load(text, "t.yaml")
    assert record is not None and diags == []
    assert record.series is not None and record.series.deal is not None
    assert record.series.deal.value == 2
    assert record.series.deal.span.line == _line_of(text, "  deal: 2")
    assert series_deal(record) == 2
    bad, diags = load(text.replace("  deal: 2 ", "  deal: 0 "), "t.yaml")
    assert [(d.code, d.span.line) for d in diags] == [("out-of-range", _line_of(text, "  deal: 2"))]
    assert bad is not None and series_deal(bad) == FIRST_DEAL


def test_the_even_deal_corpus_hand_is_valid() -> None:
    game, diags = check(HAND2.read_text(encoding="utf-8"))
    assert [d for d in diags if d.severity is not Severity.NOTE] == []
    assert game is not None and game.is_complete and game.declaration is not None
    assert game.declaration.strain is Strain.NOTRUMP and game.declaration.doubled == 1
    assert game.tricks_won[Pair.EW] == 7  # A–B, the single player's side, make the odd trick


def test_on_an_even_deal_the_partner_declares_freely() -> None:
    # no-trumps with two aces: the mechanical rule would forbid it on an odd deal
    text = HAND2.read_text(encoding="utf-8")
    _, diags = check(text)
    assert "mechanical-declaration" not in [d.code for d in diags]
    _, diags = check(text.replace("series:\n  deal: 2", "series:\n  deal: 3"))
    assert [d.code for d in diags if d.severity is Severity.ERROR] == ["mechanical-declaration"]


@pytest.mark.parametrize(
    ("doubles", "errors", "words"),
    [
        ("[A, Y]", [], ""),  # the maker redoubles the single player
        ("[A, Y, A, Y]", [], ""),
        ("[B]", [13], "B is the single player's dummy"),
        ("[Z]", [13], "only the single player, A, the eldest hand"),
        ("[A, Z]", [16], "only the actual maker of the trump (Y)"),
        ("[A, Y, B]", [19], "B cannot double again"),
    ],
)
def test_on_an_even_deal_only_the_single_player_doubles_and_only_the_maker_redoubles(
    doubles: str, errors: list[int], words: str
) -> None:
    text = HAND2.read_text(encoding="utf-8").replace("  doubles: [A] ", f"  doubles: {doubles} ")
    line = _line_of(text, "  doubles:")
    game, diags = check(text)
    found = [(d.code, d.span.line, d.span.col) for d in diags if d.severity is Severity.ERROR]
    assert found == [("db-doubling", line, col) for col in errors]
    if errors:
        assert words in next(d.message for d in diags if d.code == "db-doubling")
    else:
        assert game is not None and game.declaration is not None
        assert game.declaration.doubled == len(doubles.split(","))


def test_when_the_dealer_makes_on_an_even_deal_he_alone_redoubles() -> None:
    text = HAND2.read_text(encoding="utf-8").replace("  maker: Y  ", "  maker: Z  ")
    _, diags = check(text.replace("  doubles: [A] ", "  doubles: [A, Z] "))
    assert [d.code for d in diags if d.severity is Severity.ERROR] == []
    _, diags = check(text.replace("  doubles: [A] ", "  doubles: [A, Y] "))
    assert [d.code for d in diags if d.severity is Severity.ERROR] == ["db-doubling"]


def test_the_roles_on_an_even_deal_put_two_dummies_on_the_table() -> None:
    record, _ = load(HAND2.read_text(encoding="utf-8"), str(HAND2))
    assert record is not None
    game, _ = validate(record)
    assert game is not None
    deal = series_deal(record)
    roles = {game.labels[s].name: dummy_bridge_role(game, s, deal) for s in Seat}
    assert roles == {"A": "single player", "B": "his dummy", "Z": "partner", "Y": "partners' dummy"}
    fact = dummy_bridge_fact(game, deal)
    assert fact is not None and fact[0] == "Players"
    assert (
        "A, the single player, sits eldest" in fact[1] and "two dummies are on the table, Y and B" in fact[1]
    )
    assert dummy_bridge_fact(game) == fact  # the game carries its deal number
    first = dummy_bridge_fact(game, 1)
    assert first is not None and first[1].startswith("three: Z, the single player")


def test_validate_score_annotate_and_build_work_on_the_even_deal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["validate", str(HAND2)]) == 0
    assert main(["score", str(HAND2)]) == 0
    out = capsys.readouterr().out
    assert "the odd trick in no-trumps, doubled: 1 × 24 = 24" in out and "3 aces at no-trumps: 30" in out
    assert main(["annotate", str(HAND2)]) == 0
    assert "Before the play" in capsys.readouterr().out
    assert main(["build", "--no-pdf", "-q", "--out", str(tmp_path / "site"), str(HAND2)]) == 0
    pages = list((tmp_path / "site").rglob("*.html"))
    assert any("the single player doubles" in p.read_text(encoding="utf-8") for p in pages)


def test_the_lesson_of_an_even_deal_names_a_the_single_player() -> None:
    """The deal number travels on the game (``Game.series_deal``), so the lesson's roles and facts
    follow the file's ``series: {deal: 2}``."""
    from replayer.lessons.model import lesson_model
    from replayer.validation.files import check_file

    checked = check_file(Path(__file__).resolve().parents[1] / "hands" / "dummy-bridge" / "hand-2.yaml")
    assert checked.game is not None and checked.record is not None and checked.game.series_deal == 2
    lesson = lesson_model(checked.game, checked.record, checked.diagnostics, {}, double_dummy=False)
    roles = {h.letter: h.role for h in lesson.hands.values()}
    assert roles == {"A": "single player", "B": "his dummy", "Y": "partners' dummy", "Z": "partner"}
    players = dict(lesson.facts)["Players"]
    assert players.startswith("three, deal 2 of the game: A, the single player")
