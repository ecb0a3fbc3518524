"""Double dummy in sentences, not notation (issue 15, item 10): a refuted claim's best line and the
lesson's double-dummy section say who leads what, who wins, and what each side takes in all —
never ``A: ♥K ♥J ♦6 ♣6 | A: ♥2 …``.  ``line_text`` keeps the notation for the API."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from replayer.analysis import best_line, verify_claims
from replayer.analysis.lines import line_text, line_words
from replayer.analysis.naming import Naming
from replayer.lessons.model import lesson_model
from replayer.record.reader import load
from replayer.rules.cards import Card
from replayer.rules.game import Game
from replayer.rules.play import trick_winner
from replayer.rules.seats import Pair
from replayer.validation.files import check_file
from support.games import ROOT, foster, game_from_yaml

#: machine notation: a seat's letter, a colon, cards (``A: ♥K``), or tricks split by `` | ``
NOTATION = re.compile(r"\b[AYBZNESW]: [♠♥♦♣]|\s\|\s")


def c(text: str) -> Card:
    return Card.parse(text)


def plain(text: str) -> str:
    """The text with its no-break spaces (which keep "B ♦6" on one line) as plain spaces."""
    return text.replace("\u00a0", " ")


def book_from(game: Game, trick: int) -> list[Card]:
    return [card for t in game.tricks if t.number >= trick for _, card in t.plays]


def words(game: Game, trick: int, **kw: object) -> str:
    line = best_line(game, trick, {})
    trump = game.declaration.strain.trump if game.declaration is not None else None
    return line_words(line, trump, Naming.of(game, True), trick=trick, **kw)  # type: ignore[arg-type]


def test_foster_5_s_refuted_claim_reads_as_sentences_with_the_result() -> None:
    rec, _ = load((ROOT / "hands/foster-1904/hand-5.yaml").read_text(encoding="utf-8"), "hand-5")
    assert rec is not None
    [refuted] = [v for v in verify_claims(foster(5), rec, {}) if v.verdict == "refuted"]
    assert "(Y\u00a0♥J, B\u00a0♦6, Z\u00a0♣6 instead of the ♠5)" in refuted.text  # a play never split
    assert plain(refuted.text).endswith(
        "Refuted: Y–Z can win the game. The best play from there: At trick 4, A leads the ♥K (Y ♥J, "
        "B ♦6, Z ♣6 instead of the ♠5) and wins; A leads the ♥2 (Y ♣4, B ♣2, Z ♠5) and wins; then "
        "Y–Z take the last 8 tricks: Y–Z 8 tricks in all, A–B 5."
    )
    assert not NOTATION.search(refuted.text)
    assert NOTATION.search(refuted.line_text)  # the API's notation is kept
    assert refuted.line_text.startswith("W: ♥K ♥J ♦6 ♣6 | W: ♥2")


def test_every_refuted_claim_of_the_corpus_is_in_words_and_its_total_is_double_dummy_s() -> None:
    seen = 0
    for path in sorted((ROOT / "hands").glob("*/hand-*.yaml")):
        text = path.read_text(encoding="utf-8")
        rec, _ = load(text, path.name)
        assert rec is not None
        if not any(note.claims for note in rec.notes):
            continue
        game = game_from_yaml(text, path.name)
        for v in verify_claims(game, rec, {}):
            if v.verdict != "refuted":
                continue
            seen += 1
            assert not NOTATION.search(v.text), (path, v.text)
            assert v.side is not None and v.tricks is not None
            side = Naming.of(game, True).side(v.side)
            total = re.search(r"(\S+) (\d+) tricks? in all, (\S+) (\d+)\.$", v.text)
            assert total is not None, v.text
            named = {total[1]: int(total[2]), total[3]: int(total[4])}
            assert named[side] == v.tricks and sum(named.values()) == 13, (path, v.text)
    assert seen >= 2  # Foster Hand 5 and Elwell 1904 Hand 30


def test_a_line_that_follows_the_book_for_tricks_tells_them_in_a_word() -> None:
    game = foster(5)  # the book's play is best until the dealer's ♠5 at trick 4
    text = plain(words(game, 1, book=book_from(game, 1)))
    assert text.startswith("As played to trick 2; then at trick 3, B leads the ♥4 (Z ♦5, A ♥Q, Y ♥9)")
    assert "and A wins with the ♥Q; A leads the ♥K (Y ♥J, B ♦6, Z ♣6 instead of the ♠5) and wins;" in text
    assert text.count(" leads ") == 2  # the trick before the point, and the point


def test_the_rest_is_counted_for_each_side_and_the_totals_add_the_tricks_won_before() -> None:
    game = foster(5)
    line = best_line(game, 1, {})
    tricks = [line[k : k + 4] for k in range(0, len(line), 4)]
    winners = [trick_winner(t, None).side for t in tricks]
    text = plain(words(game, 1, book=book_from(game, 1), won={Pair.NS: 0, Pair.EW: 0}))
    rest = winners[4:]
    yz, ab = game.dealer.side, game.dealer.side.other
    assert f"then Y–Z take {rest.count(yz)} of the last {len(rest)} tricks, A–B {rest.count(ab)}" in text
    assert text.endswith(f": Y–Z {winners.count(yz)} tricks in all, A–B {winners.count(ab)}.")
    without = words(game, 1, book=book_from(game, 1))
    assert "in all" not in without and without.endswith(f"A–B {rest.count(ab)}.")


def test_a_line_with_no_book_shows_at_most_the_first_tricks() -> None:
    game = foster(2)
    two = plain(words(game, 1, book=book_from(game, 1)))  # the best line is the book's: no point of departure
    assert two.startswith("At trick 1, A leads the ♠K (Y ♠4, B ♠2, Z ♠3) and wins; A leads the ♠Q")
    assert two.count(" leads ") == 2 and "instead of" not in two
    three = words(game, 1)  # no book at all: the line leaves it at once
    assert three.count(" leads ") == 2 and "then " in three


def test_a_claim_s_line_that_starts_inside_a_trick_plays_and_names_the_winner() -> None:
    rec, _ = load((ROOT / "hands/foster-1904/hand-1.yaml").read_text(encoding="utf-8"), "hand-1")
    assert rec is not None
    note = next(nt for nt in rec.notes if any(cl.kind == "alternative" for cl in nt.claims))
    claim = next(cl for cl in note.claims if cl.kind == "alternative")
    claim = dataclasses.replace(claim, outcome={"side": "YZ", "game": True})  # "without the ♦A, still game"
    rec = dataclasses.replace(rec, notes=(dataclasses.replace(note, claims=(claim,)),))
    [v] = verify_claims(foster(1), rec, {})
    assert v.verdict == "refuted" and v.line_from == 1
    game = foster(1)
    trump = game.declaration.strain.trump if game.declaration is not None else None
    trick = game.tricks[claim.trick - 1]
    first = trick.plays[:1] + tuple(v.line[:3])
    winner = trick_winner(first, trump)
    named = Naming.of(game, True).seat(winner)
    assert "The best play with Y's ♦3: At trick 4, Y plays the ♦3 instead of the ♦A (" in v.text
    assert f") and {named} wins with the {dict(first)[winner]};" in plain(v.text)
    assert not NOTATION.search(v.text)


def test_compass_names_when_the_book_has_no_letters() -> None:
    game = foster(5)
    line = best_line(game, 4, {})
    trump = None
    text = plain(line_words(line, trump, Naming.of(game, False), trick=4, book=book_from(game, 4)))
    assert text.startswith("At trick 4, West leads the ♥K (North ♥J, East ♦6, South ♣6 instead of the ♠5)")


@pytest.fixture(scope="module")
def hand_5_lesson_dd() -> tuple[str, ...]:
    checked = check_file(Path(ROOT) / "hands" / "foster-1904" / "hand-5.yaml")
    assert checked.game is not None and checked.record is not None
    return lesson_model(checked.game, checked.record, checked.diagnostics).double_dummy


def test_the_lesson_s_double_dummy_section_is_sentences(hand_5_lesson_dd: tuple[str, ...]) -> None:
    assert hand_5_lesson_dd == (
        "With best play by everyone from the first card, A–B would take 5 tricks and Y–Z 8; "
        "as played, A–B took 6 and Y–Z 7.",
        "At trick 4 Z discards the ♠5, which costs Y–Z a trick: they could have made 8, now 7; "
        "the ♣7 or the ♣6 kept 8.",
    )


def test_line_text_keeps_the_notation_for_the_api() -> None:
    game = foster(5)
    line = best_line(game, 4, {})
    assert line_text(line, 0, Naming.of(game, True)).startswith("A: ♥K ♥J ♦6 ♣6 | A: ♥2 ♣4 ♣2 ♠5 | ")


def test_the_stepper_and_the_table_say_double_dummy_in_the_same_sentences() -> None:
    checked = check_file(Path(ROOT) / "hands" / "foster-1904" / "hand-5.yaml")
    assert checked.game is not None and checked.record is not None
    lesson = lesson_model(checked.game, checked.record, checked.diagnostics)
    dd = lesson.stepper["dd"]
    assert isinstance(dd, list) and dd
    texts = [str(d["text"]) for d in dd]
    assert (
        texts[0]
        == "At trick 4 Z discards the ♠5, which costs Y–Z a trick: they could have made 8, now 7; the ♣7 or the ♣6 kept 8."
    )
    for text in texts:
        assert text.startswith("At trick ") and " | " not in text and ": costs" not in text
    gains = [str(d["text"]) for d in dd if int(d["gain"]) > 0]
    assert all(" gain " in t and "from an earlier error by " in t for t in gains)
    marks = [c.dd_text for row in lesson.rows for c in row.cells if c is not None and c.dd_mark]
    assert marks and set(marks) <= set(texts)
