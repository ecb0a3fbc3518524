"""A card the book misprints (issue 13, item 6): a ``book_errors`` entry ``about: card`` keeps the
card as printed in the play, replays the hand with the reading, and is reported once, as the book's
own error.  The case is Elwell 1902's Hand 12, where the table prints dummy's ♠8 at tricks 4 and 6
and the ♠6 never."""

from __future__ import annotations

from pathlib import Path

from replayer.lessons.model import lesson_model
from replayer.record.diagnostics import Diagnostic, Severity
from replayer.rules.cards import parse_card
from replayer.validation.files import check_file

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "valid" / "book-card.yaml"
TEXT = FIXTURE.read_text(encoding="utf-8")


def _check(tmp_path: Path, text: str) -> list[Diagnostic]:
    path = tmp_path / "hand.yaml"
    path.write_text(text, encoding="utf-8")
    return list(check_file(path).diagnostics)


def _found(diags: list[Diagnostic], severity: Severity) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.line, d.span.col) for d in diags if d.severity is severity and d.span is not None]


def test_a_recorded_misprint_is_one_warning_at_the_printed_cell() -> None:
    checked = check_file(FIXTURE)
    assert _found(list(checked.diagnostics), Severity.ERROR) == []
    assert _found(list(checked.diagnostics), Severity.WARNING) == [("book-card", 23, 10)]
    (warning,) = [d for d in checked.diagnostics if d.severity is Severity.WARNING]
    assert warning.message == "the book prints ♠8 for Y (N) at trick 6; the cards say ♠6"
    assert warning.hint is not None and "recorded as the book's own error" in warning.hint
    # the play keeps the card as printed; the game is replayed with the reading
    assert checked.record is not None and checked.game is not None
    printed = checked.record.tricks[5].cards[1]
    assert printed is not None and printed.card is parse_card("♠8")
    assert checked.game.tricks[5].card_of(checked.game.declaration.dummy) is parse_card("♠6")


def test_without_the_entry_the_card_is_played_twice(tmp_path: Path) -> None:
    diags = _check(tmp_path, TEXT[: TEXT.index("book_errors:")])
    assert _found(diags, Severity.ERROR) == [("card-twice", 21, 11), ("card-twice", 23, 10)]
    assert _found(diags, Severity.WARNING) == []


def test_an_entry_at_the_wrong_trick_is_an_error_with_a_hint(tmp_path: Path) -> None:
    diags = _check(tmp_path, TEXT.replace("    trick: 6\n", "    trick: 5\n"))
    wrong = [d for d in diags if d.code == "book-card-unmatched"]
    assert [(d.severity, d.span.line) for d in wrong if d.span is not None] == [(Severity.ERROR, 33)]
    assert "the play has ♠7 there" in wrong[0].message
    assert wrong[0].hint
    assert "book-card" not in [d.code for d in diags]


def test_a_reading_that_does_not_mend_the_play_is_an_error(tmp_path: Path) -> None:
    diags = _check(tmp_path, TEXT.replace("reading: ♠6", "reading: ♠9"))
    wrong = [d for d in diags if d.code == "book-card-unmatched"]
    assert len(wrong) == 1 and wrong[0].severity is Severity.ERROR and wrong[0].hint
    assert "does not make the play legal" in wrong[0].message
    assert "book-card" not in [d.code for d in diags]  # not the book's slip after all


def test_the_lesson_shows_the_editors_note_and_the_read_card() -> None:
    checked = check_file(FIXTURE)
    assert checked.game is not None and checked.record is not None
    lesson = lesson_model(checked.game, checked.record, checked.diagnostics)
    assert any("the ♠6 never" in n for n in lesson.editor_notes)
    assert any("Checked by replayer: the book prints ♠8" in n for n in lesson.editor_notes)
    y = [heading for heading, _ in lesson.columns].index("Y")
    cell = lesson.rows[5].cells[y]
    assert cell is not None and (cell.symbol, cell.rank) == ("♠", "6")
