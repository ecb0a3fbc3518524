"""The book's other misprints of its cards (issue 13, items 3 and 6): a winner mark on the wrong
card (``book_errors``, ``about: mark``) and a misprinted line of the deal diagram (``about: deal``).
Each is kept as the book has it and reported once, as the book's own error; an entry that does not
fit is an error at the entry.  The cases are Elwell 1904's Hand 31 (the table brackets dummy's ♣J
at trick 13, which Z's ♣A wins) and Hand 19 (the diagram gives Z the hearts J 10 7 4, fourteen
cards, and B the ♥4 too), copied from hands/elwell-1904/."""

from __future__ import annotations

from pathlib import Path

from replayer.record.diagnostics import Diagnostic, Severity
from replayer.validation.files import check_file

VALID = Path(__file__).resolve().parent / "fixtures" / "valid"
MARK = (VALID / "book-mark.yaml").read_text(encoding="utf-8")
DEAL = (VALID / "book-deal.yaml").read_text(encoding="utf-8")


def _check(tmp_path: Path, text: str) -> list[Diagnostic]:
    path = tmp_path / "hand.yaml"
    path.write_text(text, encoding="utf-8")
    return list(check_file(path).diagnostics)


def _found(diags: list[Diagnostic], severity: Severity) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.line, d.span.col) for d in diags if d.severity is severity and d.span is not None]


def _line_of(text: str, fragment: str) -> int:
    return text[: text.index(fragment)].count("\n") + 1


def test_a_recorded_wrong_mark_is_one_warning_at_the_marked_card(tmp_path: Path) -> None:
    diags = _check(tmp_path, MARK)
    row = _line_of(MARK, "- ♦10 ♣J*")
    assert _found(diags, Severity.ERROR) == []
    assert _found(diags, Severity.WARNING) == [("book-mark", row, 11)]
    (warning,) = diags
    assert (
        warning.message
        == "trick 13: the book marks ♣J (Y) as the winner, but ♣A (Z) wins it: it is the highest club"
    )
    assert warning.hint is not None and f"(line {_line_of(MARK, '- about: mark')})" in warning.hint


def test_without_the_entry_the_wrong_mark_is_an_error(tmp_path: Path) -> None:
    diags = _check(tmp_path, MARK[: MARK.index("book_errors:")] + MARK[MARK.index("transcription:") :])
    assert [d.code for d in diags if d.severity is Severity.ERROR] == ["winner-mismatch"]
    assert "book-mark" not in [d.code for d in diags]


def test_a_mark_entry_where_the_mark_is_right_is_an_error_at_the_entry(tmp_path: Path) -> None:
    text = MARK.replace("    trick: 13\n    seat: Y\n", "    trick: 12\n    seat: Y\n")
    diags = _check(tmp_path, text)
    wrong = [d for d in diags if d.code == "book-mark-unmatched"]
    assert [(d.severity, d.span.line) for d in wrong if d.span is not None] == [
        (Severity.ERROR, _line_of(text, "- about: mark"))
    ]
    assert wrong[0].hint
    # the wrong mark of trick 13 is then not waived
    assert "winner-mismatch" in [d.code for d in diags]


def test_a_recorded_diagram_misprint_is_one_warning_at_the_seats_hand(tmp_path: Path) -> None:
    diags = _check(tmp_path, DEAL)
    assert _found(diags, Severity.ERROR) == []
    assert _found(diags, Severity.WARNING) == [("book-deal", _line_of(DEAL, "  Z: ♠K832"), 3)]
    (warning,) = diags
    assert warning.message == "the book's diagram prints '♥ J 10 7 4' for Z (S); the cards give ♥J107"


def test_a_diagram_entry_whose_reading_is_not_the_deal_is_an_error(tmp_path: Path) -> None:
    text = DEAL.replace("reading: ♥J107", "reading: ♥J1074")
    diags = _check(tmp_path, text)
    wrong = [d for d in diags if d.code == "book-deal-unmatched"]
    assert [(d.severity, d.span.line) for d in wrong if d.span is not None] == [
        (Severity.ERROR, _line_of(text, "- about: deal"))
    ]
    assert wrong[0].message.endswith("read as ♥J1074, but the deal gives ♥J107")
    assert "book-deal" not in [d.code for d in diags]


def test_a_diagram_entry_needs_a_holding_of_one_suit(tmp_path: Path) -> None:
    text = DEAL.replace("reading: ♥J107", "reading: J107")
    diags = _check(tmp_path, text)
    assert [(d.code, d.severity) for d in diags if d.severity is Severity.ERROR] == [
        ("bad-value", Severity.ERROR)
    ]
    bad = next(d for d in diags if d.code == "bad-value")
    assert bad.hint is not None and "♣K86" in bad.hint


def test_a_void_reads_as_an_empty_holding(tmp_path: Path) -> None:
    text = DEAL.replace("reading: ♥J107", "reading: ♥—")
    diags = _check(tmp_path, text)
    wrong = [d for d in diags if d.code == "book-deal-unmatched"]
    assert wrong and "read as ♥—, but the deal gives ♥J107" in wrong[0].message


def test_a_mark_entry_needs_its_trick_and_seat_and_nothing_else(tmp_path: Path) -> None:
    text = MARK.replace("    trick: 13\n    seat: Y\n", "    trick: 13\n    printed: ♣J\n")
    diags = _check(tmp_path, text)
    codes = [d.code for d in diags if d.severity is Severity.ERROR]
    assert "missing-key" in codes and "unknown-key" in codes
