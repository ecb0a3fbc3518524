"""What the lesson's editor's notes may say (issue 14, item 5): the book's own errors, recorded and
checked by the cards, reach the reader; a warning about the file — a result line the grammar cannot
read — is for the editor and never text shown to a reader."""

from __future__ import annotations

from pathlib import Path

from replayer.lessons.model import Lesson, lesson_model
from replayer.record.diagnostics import Severity
from replayer.validation.files import Checked, check_file

ROOT = Path(__file__).resolve().parent.parent


def _lesson(path: Path) -> tuple[Checked, Lesson]:
    checked = check_file(path)
    assert checked.game is not None and checked.record is not None
    return checked, lesson_model(checked.game, checked.record, checked.diagnostics, double_dummy=False)


def test_an_unreadable_result_line_is_a_warning_for_the_editor_not_a_note_for_the_reader(
    tmp_path: Path,
) -> None:
    text = (ROOT / "hands" / "foster-1904" / "hand-1.yaml").read_text(encoding="utf-8")
    start = text.index("result: ")
    end = text.index("\n", start)
    path = tmp_path / "hand.yaml"
    path.write_text(
        text[:start] + 'result: "Y and Z take the honours home in triumph."' + text[end:], encoding="utf-8"
    )
    checked, lesson = _lesson(path)
    assert "result-unreadable" in [d.code for d in checked.diagnostics if d.severity is Severity.WARNING]
    assert not any("cannot read" in n or "result line" in n for n in lesson.editor_notes)


def test_the_books_own_error_still_reaches_the_reader() -> None:
    _, lesson = _lesson(ROOT / "hands" / "foster-1904" / "hand-2.yaml")
    assert any(
        n.startswith("Checked by replayer: the book's result line disagrees") for n in lesson.editor_notes
    )


def test_a_departure_from_a_technique_is_no_example_of_it_in_the_technique_index() -> None:
    """``UNBLOCK_MISSED``, ``LEAD_DEVIATION``…: a note on a play that departs from the technique stays
    on the page, but the lesson does not list the hand under that technique for it."""
    from replayer.lessons.model import book_author, derived_notes

    excluded = 0
    for path in sorted((ROOT / "hands").glob("*/hand-*.yaml")):
        checked, lesson = _lesson(path)
        assert checked.game is not None and checked.record is not None
        _, findings = derived_notes(checked.game, author=book_author(checked.record))
        listed = dict(lesson.technique_tricks)
        examples = {f.technique for f in findings if not f.departs}
        departures_only = {f.technique for f in findings if f.departs} - examples
        assert set(listed) - {"The make"} <= examples, path.name
        assert not departures_only & set(listed), path.name
        excluded += len(departures_only)
    assert excluded > 0  # the corpus has such hands: the rule is exercised
