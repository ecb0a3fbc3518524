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
from replayer.record.diagnostics import Severity
from replayer.record.reader import load
from replayer.rules.game import Game
from replayer.rules.seats import BookPair, Pair
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
