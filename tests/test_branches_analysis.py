"""Decision points and alternative lines weighed by double dummy, and as a lesson carries them.

Built on Foster's Hand 5 with its Eleven Rule question and the ♥A line written here (so the test does
not depend on how the corpus words them).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from replayer.analysis.branches import analyse_lines, analyse_questions, line_entry
from replayer.analysis.claims import Verdict
from replayer.analysis.lines import best_line
from replayer.lessons.branches import branch_views
from replayer.record.hand import HandRecord
from replayer.record.reader import load
from replayer.rules.cards import Card
from replayer.rules.game import Game
from replayer.rules.seats import BookPair, Letter, Pair, Seat
from replayer.validation.validate import validate
from support.hand5 import ACE_ROWS, with_note  # tests/ is on sys.path

NOTE = (
    """\
  - trick: 1
    text: B wins with the ten by the Eleven Rule.
    question: {seat: B, ask: "What should B play?"}
    lines:
      - title: "If B plays the ace"
        trick: 1
        tricks:
"""
    + ACE_ROWS
    + """\
        result: {side: YZ, by_cards: 4}
      - title: "The ace, for two tricks"
        trick: 1
        tricks:
          - ♥6 ♥7 ♥A ♥3
          - ♥Q ♥5 ♥10 ♦3
        result: {side: YZ, by_cards: %d}
"""
)


def _hand(tmp_path: Path, later: int = 4) -> tuple[Game, HandRecord]:
    """Hand 5 with the test's note alone carrying a question and lines (the file's own are removed)."""
    path = with_note(tmp_path, NOTE % later)
    record, diags = load(path.read_text(encoding="utf-8"), str(path))
    assert record is not None, diags
    record = replace(
        record,
        notes=(record.notes[0],) + tuple(replace(n, question=None, lines=()) for n in record.notes[1:]),
    )
    game, found = validate(record)
    assert game is not None and not [d for d in found if d.severity.value == "error"], found
    return game, record


def test_every_legal_card_at_the_decision_point_is_weighed(tmp_path: Path) -> None:
    game, record = _hand(tmp_path)
    (qa,) = analyse_questions(game, record)
    assert (qa.trick, qa.seat, qa.book, qa.answer) == (1, Seat.E, Card.parse("HT"), Card.parse("HT"))
    assert {c.card.ascii(): (c.tricks, c.cost) for c in qa.choices} == {
        "HA": (3, 2),
        "HT": (5, 0),
        "H4": (2, 3),
    }
    assert qa.side is Pair.EW and qa.best == 5
    ten = qa.choice(Card.parse("HT"))
    ace = qa.choice(Card.parse("HA"))
    assert ten is not None and ten.words == "Keeps 5 tricks for A–B, the most they can take."
    assert ace is not None and ace.words.startswith("Costs 2 tricks: A–B can take 5 with ♥10, and 3 with ♥A.")
    assert "B plays the ♥A instead of the ♥10" in ace.words and "A–B end with 3 in all, Y–Z 10." in ace.words


def test_a_line_to_the_end_is_confirmed_by_its_cards_and_double_dummy(tmp_path: Path) -> None:
    game, record = _hand(tmp_path)
    full, short = analyse_lines(game, record)
    assert full.verdict is Verdict.CONFIRMED
    yz = game.pair(BookPair.YZ)
    assert full.played is not None and full.played[yz] == 10 and full.after_branch[yz] == 10
    assert "after B's ♥A at trick 1, best play gives Y–Z 10 tricks (4 by cards)" in full.text
    assert full.text.endswith("Confirmed: Y–Z make 4 by cards.")
    # the two-trick line stops early: double dummy from where it stops
    assert short.played is None and short.at_end is not None and short.at_end[yz] == 10
    assert short.verdict is Verdict.CONFIRMED and "From where the line stops" in short.text


def test_a_stated_result_double_dummy_refutes_is_refuted(tmp_path: Path) -> None:
    game, record = _hand(tmp_path, later=5)
    _, short = analyse_lines(game, record)
    assert short.verdict is Verdict.REFUTED
    assert "Refuted" in short.text


def test_the_lesson_carries_what_the_chooser_sees_and_no_more(tmp_path: Path) -> None:
    game, record = _hand(tmp_path)
    (q,), (full, short) = branch_views(game, record)
    assert (q.id, q.note_id, q.seat, q.who, q.index, q.book, q.answer) == (
        "question-1",
        "note-1",
        "E",
        "B",
        2,
        "H10",
        "H10",
    )
    assert q.legal == ("HA", "H10", "H4")
    seen = dict(q.sees)
    assert set(seen) == {"E", "N"}  # B's own hand and dummy (down after the lead), never A's or Z's
    assert len(seen["E"]) == 13 and len(seen["N"]) == 12  # dummy has played the ♥7
    assert q.played == ((1, (("W", "H6"), ("N", "H7"))),)
    assert [c.code for c in q.choices] == ["HA", "H10", "H4"] and q.choices[1].cost == 0
    assert full.rows[0] == ("♥6", "♥7", "♥A", "♥3") and full.complete and full.verdict == "confirmed"
    assert full.result == "Y–Z 10 tricks, A–B 3 (4 by cards to Y–Z)"
    assert short.result == "after trick 2: A–B 2 tricks, Y–Z 0"
    assert full.start == 2 and full.seat == "E" and full.card == "HA"


def test_without_double_dummy_the_quiz_compares_with_the_book_only(tmp_path: Path) -> None:
    game, record = _hand(tmp_path)
    (q,), lines = branch_views(game, record, double_dummy=False)
    assert all(c.tricks is None and c.cost is None and c.words == "" for c in q.choices)
    assert all(ln.dd == "" and ln.verdict is None for ln in lines)


def test_a_refutation_s_best_line_can_be_written_as_a_line_that_validates(tmp_path: Path) -> None:
    game, _ = _hand(tmp_path)
    best = best_line(game, 1, None, Card.parse("HA"), Seat.E)
    columns = [Letter[x].seat(game.dealer) for x in ("A", "Y", "B", "Z")]
    entry = line_entry(game, 1, best, columns, 'Double dummy: if B plays the "ace"')
    assert entry.splitlines()[4] == "          - ♥6 ♥7 ♥A ♥3"
    path = with_note(tmp_path, "  - trick: 1\n    text: The solver's line.\n" + entry + "\n", "refuted.yaml")
    record, diags = load(path.read_text(encoding="utf-8"), str(path))
    assert record is not None
    checked, found = validate(record)
    assert checked is not None and not [d for d in [*diags, *found] if d.severity.value == "error"]
    line = next(ln for ln in checked.lines if ln.note == 0)
    assert line.complete and line.title == "Double dummy: if B plays the 'ace'"
    assert checked.along(line).tricks_of(checked.pair(BookPair.YZ)) == 10  # what double dummy gives


def test_a_question_on_dummy_s_card_is_the_declarer_s_choice(tmp_path: Path) -> None:
    note = "  - trick: 1\n    text: Dummy plays the fourchette card.\n    question: {seat: Y}\n"
    path = with_note(tmp_path, note, "dummy.yaml")
    record, _ = load(path.read_text(encoding="utf-8"), str(path))
    assert record is not None
    record = replace(
        record, notes=(record.notes[0],) + tuple(replace(n, question=None) for n in record.notes[1:])
    )
    game, found = validate(record)
    assert game is not None and not [d for d in found if d.severity.value == "error"]
    (q,), _ = branch_views(game, record, double_dummy=False)
    assert (q.seat, q.chooser, q.who, q.index, q.ask) == ("N", "S", "Z", 1, "What should Z play from dummy?")
    assert dict(q.sees).keys() == {"S", "N"}  # the declarer's hand and dummy's, never A's or B's
    assert q.book == "H7" and set(q.legal) == {"HJ", "H9", "H7", "H5"}
