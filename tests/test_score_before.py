"""The score before the deal as the books give it (issue 13, item 5): the points below the line, the
games each side has won in the rubber, and the book's words for it; and ``source.theme``, the book's
heading for the hand.

The hands are Foster's Hand 1 (``hands/foster-1904/hand-1.yaml``) with its ``score_before`` replaced,
so the cards are always a valid deal.  The quotes are Elwell's: "The score is love-all, rubber game."
(*Bridge*, 1902, Illustrative Hand 1) and "It is the first game, score sixteen to nothing, in favor of
the dealer." (*Advanced Bridge*, 1904, Hand 1).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from replayer.cli.main import main
from replayer.lessons.model import Lesson, lesson_model
from replayer.record.diagnostics import Severity
from replayer.record.reader import load
from replayer.rules.game import Game
from replayer.rules.seats import BookPair, Pair
from replayer.scoring.sheet import standing
from replayer.validation.files import check_file

ROOT = Path(__file__).resolve().parents[1]
HAND1 = (ROOT / "hands" / "foster-1904" / "hand-1.yaml").read_text(encoding="utf-8")
FOSTER_SCORE = "score_before: {AB: 24, YZ: 8}\n"
ELWELL_1904_1 = "It is the first game, score sixteen to nothing, in favor of the dealer."
RUBBER_GAME = """score_before:
  AB: 0
  YZ: 0
  games: {AB: 1, YZ: 1}
  quote: "The score is love-all, rubber game."
"""


def _hand(score: str) -> str:
    assert FOSTER_SCORE in HAND1
    return HAND1.replace(FOSTER_SCORE, score)


def _game(tmp: Path, text: str) -> Game | None:
    """The validated game of ``text`` (written to ``tmp``); the hand must have no error."""
    path = tmp / "hand.yaml"
    path.write_text(text, encoding="utf-8")
    checked = check_file(path)
    assert [d for d in checked.diagnostics if d.severity is Severity.ERROR] == []
    return checked.game


def test_points_games_and_quote_are_read_with_their_places() -> None:
    score = f'score_before:\n  AB: 0\n  YZ: 16\n  games: {{AB: 0, YZ: 0}}\n  quote: "{ELWELL_1904_1}"\n'
    record, diags = load(_hand(score), "x.yaml")
    assert diags == []
    assert record is not None and record.score_before is not None
    before = record.score_before
    assert before.value == {BookPair.AB: 0, BookPair.YZ: 16}
    assert before.games is not None and before.games.value == {BookPair.AB: 0, BookPair.YZ: 0}
    assert before.quote is not None and before.quote.value == ELWELL_1904_1
    line = HAND1.count("\n", 0, HAND1.index(FOSTER_SCORE)) + 1
    assert before.span is not None and before.span.line == line + 1
    assert before.games.span is not None and before.games.span.line == line + 3
    assert before.quote.span is not None and (before.quote.span.line, before.quote.span.col) == (line + 4, 10)


@pytest.mark.parametrize(
    ("score", "points"),
    [
        (FOSTER_SCORE, {BookPair.AB: 24, BookPair.YZ: 8}),
        ("score_before: love-all\n", {BookPair.AB: 0, BookPair.YZ: 0}),
        ("score_before: {NS: 6, EW: 30}\n", {Pair.NS: 6, Pair.EW: 30}),
    ],
)
def test_the_earlier_forms_still_read_with_no_games(score: str, points: dict[object, int]) -> None:
    record, diags = load(_hand(score), "x.yaml")
    assert diags == []
    assert record is not None and record.score_before is not None
    assert record.score_before.value == points
    assert record.score_before.games is None and record.score_before.quote is None


def test_a_side_the_book_is_silent_on_is_left_out(tmp_path: Path) -> None:
    """ "Z, who has a game in": Y–Z 1, A–B not known (not taken for 0)."""
    game = _game(tmp_path, _hand("score_before: {AB: 0, YZ: 0, games: {YZ: 1}}\n"))
    assert game is not None
    yz, ab = game.pair(BookPair.YZ), game.pair(BookPair.AB)
    assert (game.games_of(yz), game.games_of(ab)) == (1, None)
    assert not game.rubber_game


def test_games_reach_the_game_and_both_at_one_is_the_rubber_game(tmp_path: Path) -> None:
    game = _game(tmp_path, _hand(RUBBER_GAME))
    assert game is not None
    assert dict(game.games_before) == {BookPair.AB: 1, BookPair.YZ: 1}
    assert all(game.games_of(p) == 1 for p in Pair)
    assert game.rubber_game
    assert game.score_quote == "The score is love-all, rubber game."


@pytest.mark.parametrize(
    ("games", "code", "fragment"),
    [
        ("{AB: 0, YZ: 2}", "out-of-range", "would mean YZ have won the rubber"),
        ("{AB: 0, XY: 1}", "unknown-key", "'XY' is not a side"),
        ("{AB: one}", "wrong-type", "should be a whole number"),
        ("[1, 1]", "wrong-type", "should be a mapping"),
        ("{AB: 0, A-B: 1}", "duplicate-key", "gives side AB twice"),
    ],
)
def test_bad_games_are_located_errors(games: str, code: str, fragment: str) -> None:
    record, diags = load(_hand(f"score_before: {{AB: 0, YZ: 0, games: {games}}}\n"), "x.yaml")
    assert record is not None
    line = HAND1.count("\n", 0, HAND1.index(FOSTER_SCORE)) + 1
    found = [d for d in diags if d.code == code]
    assert len(found) == 1, diags
    assert fragment in found[0].message
    assert found[0].span is not None and found[0].span.line == line
    assert found[0].severity is Severity.ERROR


def test_an_unknown_key_in_the_score_names_games_and_quote() -> None:
    _, diags = load(_hand("score_before: {AB: 0, YZ: 0, game: {YZ: 1}}\n"), "x.yaml")
    (d,) = diags
    assert d.code == "unknown-key" and d.hint is not None and "games and quote" in d.hint


def test_theme_is_read_and_shown_in_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    theme = "Saving an Entry Card. Leading the Losing Trump."
    text = _hand(RUBBER_GAME).replace("  hand: 1\n", f'  hand: 1\n  theme: "{theme}"\n')
    record, diags = load(text, "x.yaml")
    assert diags == [] and record is not None and record.source is not None
    assert record.source.theme is not None and record.source.theme.value == theme
    path = tmp_path / "hand.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["show", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["source"]["theme"] == theme
    assert out["score_before"] == {"AB": 0, "YZ": 0}
    assert out["games_before"] == {"AB": 1, "YZ": 1}
    assert out["score_quote"] == "The score is love-all, rubber game."


def test_show_prints_the_games_and_the_books_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text(_hand(RUBBER_GAME), encoding="utf-8")
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Score before the deal: AB 0, YZ 0, games AB 1, YZ 1 (rubber game)" in out
    assert '"The score is love-all, rubber game."' in out


def test_show_json_leaves_out_games_a_hand_does_not_give(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(ROOT / "hands" / "foster-1904" / "hand-1.yaml"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["score_before"] == {"AB": 24, "YZ": 8}
    assert "games_before" not in out and "score_quote" not in out


# -- what the deal does to the rubber: the game, the rubber, the bonus, the points the book gives --

FIXTURES = ROOT / "tests" / "fixtures" / "valid"
#: Elwell 1902, Illustrative Hand No. 12: "The score is 24 to 0 against the dealer on the rubber
#: game" and "The dealer loses three by-cards and the rubber." (seeds/005, the hand's heading and
#: its result line); A–B win 3 by cards at no-trumps, 36 below the line
HAND12 = (FIXTURES / "book-card.yaml").read_text(encoding="utf-8")
HAND12_SCORE = "score_before: {AB: 24, YZ: 0}\n"


def _hand12(games: str | None) -> str:
    assert HAND12_SCORE in HAND12
    if games is None:
        return HAND12
    return HAND12.replace(HAND12_SCORE, f"score_before: {{AB: 24, YZ: 0, games: {games}}}\n")


def _with_score(path: Path, score: str) -> str:
    """A fixture with ``score`` (a score_before line) after its dealer."""
    text = path.read_text(encoding="utf-8")
    assert "score_before" not in text and "\ndealer: S\n" in text
    return text.replace("\ndealer: S\n", f"\ndealer: S\n{score}")


def test_a_game_won_by_a_side_with_a_game_wins_the_rubber_and_its_bonus(tmp_path: Path) -> None:
    game = _game(tmp_path, _hand12("{AB: 1, YZ: 1}"))
    assert game is not None
    where = standing(game)
    assert where is not None
    ab = game.pair(BookPair.AB)
    assert (where.game, where.game_known, where.rubber, where.rubber_known) == (ab, True, ab, True)
    assert where.bonus == 100  # BW-7
    # 24 before the deal, 36 on it (3 by cards at 12), the bonus; Y–Z nothing the book gives
    assert dict(where.counted) == {ab: 160, ab.other: 0}


def test_a_game_won_by_a_side_without_one_is_not_the_rubber(tmp_path: Path) -> None:
    game = _game(tmp_path, _hand12("{AB: 0, YZ: 1}").replace(" and the rubber.", "."))
    assert game is not None
    where = standing(game)
    assert where is not None
    assert where.game == game.pair(BookPair.AB) and where.rubber is None and where.rubber_known
    assert where.bonus is None
    assert where.counted[game.pair(BookPair.AB)] == 60


def test_without_the_winners_games_the_rubber_is_not_known(tmp_path: Path) -> None:
    game = _game(tmp_path, _hand12("{YZ: 1}"))
    assert game is not None
    where = standing(game)
    assert where is not None
    assert where.game == game.pair(BookPair.AB) and where.rubber is None and not where.rubber_known


def test_no_game_no_rubber(tmp_path: Path) -> None:
    """Foster's Hand 5: Y–Z from 8 win the odd trick at no-trumps (12): 20, no game."""
    game = _game(tmp_path, (ROOT / "hands" / "foster-1904" / "hand-5.yaml").read_text(encoding="utf-8"))
    assert game is not None
    where = standing(game)
    assert where is not None
    assert (where.game, where.game_known, where.rubber, where.rubber_known) == (None, True, None, True)


def test_auction_rubber_bonus_is_its_own(tmp_path: Path) -> None:
    """Auction: 1♥ made with 3 by cards at 8 (24) from 6 is game (30, AU-14); N–S had one: 250."""
    text = _with_score(FIXTURES / "auction.yaml", "score_before: {NS: 6, EW: 0, games: {NS: 1}}\n")
    game = _game(tmp_path, text)
    assert game is not None
    where = standing(game)
    assert where is not None
    assert (where.game, where.rubber, where.bonus) == (Pair.NS, Pair.NS, 250)
    assert where.counted[Pair.NS] == 6 + 40 + 250


@pytest.mark.parametrize(
    ("games", "bonus"), [("{NS: 1, EW: 1}", 500), ("{NS: 1, EW: 0}", 700), ("{NS: 1}", None)]
)
def test_contracts_bonus_needs_the_losers_games(tmp_path: Path, games: str, bonus: int | None) -> None:
    """Contract: 3♥ made (90) from 10 is game; the rubber bonus is 700 or 500 by the losers' games
    (CB-3), so it is not known when the book does not give them."""
    text = _with_score(FIXTURES / "contract.yaml", f"score_before: {{NS: 10, EW: 0, games: {games}}}\n")
    game = _game(tmp_path, text)
    assert game is not None
    where = standing(game)
    assert where is not None
    assert (where.game, where.rubber, where.bonus) == (Pair.NS, Pair.NS, bonus)


# -- "and the rubber" in the book's result line, against the games --


def _codes(tmp_path: Path, text: str) -> list[tuple[str, str]]:
    path = tmp_path / "hand.yaml"
    path.write_text(text, encoding="utf-8")
    return [(d.code, d.severity.value) for d in check_file(path).diagnostics if d.code != "book-card"]


@pytest.mark.parametrize("games", ["{AB: 1, YZ: 1}", "{AB: 1}", "{YZ: 1}", None])
def test_elwell_1902_hand_12_the_rubber_agrees_with_the_games_or_they_are_not_given(
    tmp_path: Path, games: str | None
) -> None:
    assert _codes(tmp_path, _hand12(games)) == []


@pytest.mark.parametrize("games", ["{AB: 0, YZ: 1}", "{AB: 0}", "{AB: 0, YZ: 0}"])
def test_the_rubber_to_a_side_that_had_no_game_is_an_error(tmp_path: Path, games: str) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text(_hand12(games), encoding="utf-8")
    found = [d for d in check_file(path).diagnostics if d.code == "result-tricks"]
    assert len(found) == 1
    d = found[0]
    assert d.severity is Severity.ERROR
    assert d.message.startswith("the result line gives A–B the rubber, but score_before gives them no game")
    assert d.hint is not None and "book_errors" in d.hint
    line = HAND12.count("\n", 0, HAND12.index("\nresult:")) + 2
    assert d.span is not None and d.span.line == line


def test_the_book_s_own_wrong_rubber_is_a_warning_when_recorded(tmp_path: Path) -> None:
    text = _hand12("{AB: 0, YZ: 0}") + (
        "  - about: result tricks\n    text: the book gives A–B the rubber, but it is their first game.\n"
    )
    assert _codes(tmp_path, text) == [("book-result", "warning")]


@pytest.mark.parametrize(
    ("games", "result"),
    [
        ("{AB: 0, YZ: 0}", "The dealer wins 3 by-cards and the game."),
        ("{AB: 0, YZ: 1}", "The dealer wins 3 by-cards and the rubber."),
        ("{AB: 1, YZ: 1}", "The dealer wins 3 by-cards and the rubber."),
    ],
)
def test_foster_hand_1_the_game_or_the_rubber_by_the_games(tmp_path: Path, games: str, result: str) -> None:
    """Foster's Hand 1: Y–Z from 8 win 3 by cards in hearts (24): the game."""
    text = _hand(f"score_before: {{AB: 24, YZ: 8, games: {games}}}\n")
    text = text.replace('result: "Y and Z win 3 by cards and simple honors."', f'result: "{result}"')
    assert _codes(tmp_path, text) == []
    wrong = text.replace("the game.", "the rubber.") if "game." in result else None
    if wrong is not None:
        assert ("result-tricks", "error") in _codes(tmp_path, wrong)


# -- the lesson --


def _lesson(tmp_path: Path, text: str) -> Lesson:
    path = tmp_path / "hand.yaml"
    path.write_text(text, encoding="utf-8")
    checked = check_file(path)
    assert checked.game is not None and checked.record is not None
    return lesson_model(checked.game, checked.record, checked.diagnostics, double_dummy=False)


def test_the_lesson_of_a_rubber_game_says_the_score_the_rubber_and_its_value(tmp_path: Path) -> None:
    text = _hand12("{AB: 1, YZ: 1}").replace("  hand: 12\n", '  hand: 12\n  theme: "Discarding."\n')
    lesson = _lesson(tmp_path, text)
    assert (
        dict(lesson.facts)["Score before the deal"] == "A–B 24, Y–Z 0; rubber game: each side has won a game"
    )
    assert lesson.outcome == (
        "Y–Z 4 tricks, A–B 9. A–B win the game and the rubber (bonus 100). Counting only the points the "
        "book gives: A–B 160 (24 before the deal, 36 on it, 100 bonus), Y–Z 0; the earlier games' points "
        "are not printed"
    )
    assert ("Rubber", ("A–B won the rubber: 100 (above the line)",)) in lesson.score
    assert lesson.citation.endswith("Illustrative Hand No. 12, “Discarding”")


@pytest.mark.parametrize(
    "theme",
    ["'Allowing the Weaker Hand to \"Ruff\".'", '"Allowing the Weaker Hand to “Ruff”"'],
    ids=["straight", "curly"],
)
def test_quotation_marks_inside_the_theme_become_single_in_the_citation(tmp_path: Path, theme: str) -> None:
    text = _hand12("{AB: 1, YZ: 1}").replace("  hand: 12\n", f"  hand: 12\n  theme: {theme}\n")
    lesson = _lesson(tmp_path, text)
    assert lesson.citation.endswith("Illustrative Hand No. 12, “Allowing the Weaker Hand to ‘Ruff’”")


@pytest.mark.parametrize(
    ("score", "words"),
    [
        (
            "score_before: {AB: 0, YZ: 0, games: {AB: 1, YZ: 1}}\n",
            "Love-all, rubber game: each side has won a game",
        ),
        ("score_before: {YZ: 18, AB: 0, games: {YZ: 1}}\n", "Y–Z 18, A–B 0; Y–Z have a game in"),
        (
            "score_before: {AB: 0, YZ: 16, games: {AB: 0, YZ: 0}}\n",
            "A–B 0, Y–Z 16; the first game of the rubber",
        ),
        ("score_before: {games: {YZ: 1, AB: 0}}\n", "Y–Z have a game in; A–B have no game"),
        ("score_before: love-all\n", "Love-all"),
        (FOSTER_SCORE, "A–B 24, Y–Z 8"),
    ],
)
def test_the_score_before_in_words(tmp_path: Path, score: str, words: str) -> None:
    assert dict(_lesson(tmp_path, _hand(score)).facts)["Score before the deal"] == words


def test_the_outcome_says_the_game_alone_when_the_rubber_is_not_won_or_not_known(tmp_path: Path) -> None:
    first = _lesson(tmp_path, _hand("score_before: {AB: 24, YZ: 8, games: {AB: 0, YZ: 0}}\n"))
    assert first.outcome == "Y–Z 9 tricks, A–B 4. Y–Z win the game"
    unknown = _lesson(tmp_path, _hand(FOSTER_SCORE))
    assert unknown.outcome == "Y–Z 9 tricks, A–B 4. Y–Z win the game"  # never a rubber not known
    assert not [item for item in unknown.score if item[0] == "Rubber"]


def test_replayer_score_says_the_rubber_and_json_gives_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text(_hand12("{AB: 1, YZ: 1}"), encoding="utf-8")
    assert main(["score", str(path)]) == 0
    assert capsys.readouterr().out.endswith("A–B win the game and the rubber (rubber bonus 100).\n")
    assert main(["score", str(path), "--json"]) == 0
    rubber = json.loads(capsys.readouterr().out)["rubber"]
    assert rubber == {"side": "EW", "known": True, "bonus": 100, "counted": {"NS": 0, "EW": 160}}
    path.write_text(_hand12(None), encoding="utf-8")  # no games: the game, the rubber not known
    assert main(["score", str(path), "--json"]) == 0
    rubber = json.loads(capsys.readouterr().out)["rubber"]
    assert (rubber["side"], rubber["known"], rubber["bonus"]) == (None, False, None)
    assert main(["score", str(path)]) == 0
    assert capsys.readouterr().out.endswith("A–B win the game.\n")
