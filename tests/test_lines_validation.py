"""A note's decision point and its alternative lines are checked by the laws, like the main play.

Built on Foster's Hand 5 (hands/foster-1904/hand-5.yaml): a note is added at the head of its notes,
so each test sees exactly the question or line it writes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from replayer.record.diagnostics import Severity
from replayer.record.reader import load
from replayer.rules.cards import Card
from replayer.rules.seats import BookPair, Seat
from replayer.validation.validate import validate
from support.hand5 import ACE_ROWS, with_note  # tests/ is on sys.path

ACE_LINE = (
    """\
    lines:
      - title: "If B plays the ace"
        trick: 1
        tricks:
"""
    + ACE_ROWS
    + """\
        result: {side: YZ, by_cards: %d}
"""
)


def _check(path: Path) -> tuple[object, list[tuple[str, Severity, int, int, str]]]:
    record, diags = load(path.read_text(encoding="utf-8"), str(path))
    assert record is not None, diags
    game, more = validate(record)
    found = [(d.code, d.severity, d.span.line, d.span.col, d.message) for d in [*diags, *more]]
    return game, found


def _errors(found: list[tuple[str, Severity, int, int, str]]) -> list[tuple[str, int, int, str]]:
    return [(c, line, col, m) for c, s, line, col, m in found if s is Severity.ERROR]


def _line_no(path: Path, needle: str) -> int:
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(needle)


def test_a_line_to_the_end_is_replayed_and_its_branch_found(tmp_path: Path) -> None:
    note = "  - trick: 1\n    text: Had B played the ace.\n" + ACE_LINE % 4
    game, found = _check(with_note(tmp_path, note))
    assert _errors(found) == []
    lines = [ln for ln in game.lines if ln.title == "If B plays the ace"]  # type: ignore[attr-defined]
    assert len(lines) == 1
    line = lines[0]
    assert line.complete and line.note == 0 and line.start == 2
    assert line.branch == (1, Seat.E, Card.parse("HA"))
    along = game.along(line)  # type: ignore[attr-defined]
    assert along.tricks_won[along.pair(BookPair.YZ)] == 10


def test_a_wrong_stated_result_is_an_error_at_the_result(tmp_path: Path) -> None:
    path = with_note(tmp_path, "  - trick: 1\n    text: Had B played the ace.\n" + ACE_LINE % 3)
    _, found = _check(path)
    errors = _errors(found)
    assert [e[0] for e in errors] == ["line-result"]
    assert errors[0][1] == _line_no(path, "result: {side: YZ, by_cards: 3}")
    assert "states 3 by cards for YZ, but its cards give 4 by cards" in errors[0][3]


def test_a_revoke_in_a_line_is_reported_at_its_line_and_column(tmp_path: Path) -> None:
    bad = ACE_LINE.replace("- ♥Q ♥5 ♥10 ♦3", "- ♠4 ♥5 ♥10 ♦3") % 4
    path = with_note(tmp_path, "  - trick: 1\n    text: Had B played the ace.\n" + bad)
    _, found = _check(path)
    errors = _errors(found)
    assert [e[0] for e in errors] == ["line-revoke"]
    code, line, col, message = errors[0]
    row = _line_no(path, "- ♠4 ♥5 ♥10 ♦3")
    assert (line, col) == (row, path.read_text().splitlines()[row - 1].index("♠4") + 1)
    assert "A (W) plays ♠4 to a heart lead while holding ♥2" in message


def test_a_card_not_held_in_a_line_is_an_error(tmp_path: Path) -> None:
    bad = ACE_LINE.replace("- ♥K ♥9 ♥4 ♦5", "- ♥K ♥9 ♥A ♦5") % 4
    _, found = _check(with_note(tmp_path, "  - trick: 1\n    text: Had B played the ace.\n" + bad))
    assert [e[0] for e in _errors(found)] == ["line-card-not-held"]
    assert "B (E) does not hold ♥A" in _errors(found)[0][3]


def test_a_line_that_never_leaves_the_play_is_an_error(tmp_path: Path) -> None:
    note = (
        "  - trick: 1\n    text: The same.\n    lines:\n      - trick: 1\n        tricks:\n"
        "          - ♥6 ♥7 ♥10 ♥3\n"
    )
    _, found = _check(with_note(tmp_path, note))
    assert [e[0] for e in _errors(found)] == ["line-same-as-play"]


def test_a_partial_line_is_valid_and_left_to_double_dummy(tmp_path: Path) -> None:
    note = (
        "  - trick: 1\n    text: Had B played the ace.\n    lines:\n      - trick: 1\n        tricks:\n"
        "          - ♥6 ♥7 ♥A ♥3\n        result: {side: YZ, by_cards: 4}\n"
    )
    game, found = _check(with_note(tmp_path, note))
    assert _errors(found) == []
    line = next(ln for ln in game.lines if ln.note == 0)  # type: ignore[attr-defined]
    assert not line.complete and len(line.tricks) == 1


@pytest.mark.parametrize(
    ("question", "code"),
    [
        ("{seat: B}", None),
        ("{seat: B, answer: ♥A}", None),
        ("{seat: B, answer: ♠Q}", "question-answer-illegal"),
        ("{seat: B, answer: ♥K}", "question-answer-illegal"),
        ("{seat: Y}", None),  # dummy's card: the declarer's choice
        ("{seat: B, trick: 13}", None),
    ],
)
def test_questions_are_checked_against_the_play(tmp_path: Path, question: str, code: str | None) -> None:
    note = f"  - trick: 1\n    text: What should B play?\n    question: {question}\n"
    _, found = _check(with_note(tmp_path, note))
    codes = [e[0] for e in _errors(found) if e[0].startswith("question")]
    assert codes == ([code] if code else [])


def test_a_question_needs_a_trick(tmp_path: Path) -> None:
    _, found = _check(with_note(tmp_path, "  - text: What should B play?\n    question: {seat: B}\n"))
    assert any(c == "missing-key" and "must say its trick" in m for c, _, _, _, m in found)
