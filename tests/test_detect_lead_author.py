"""Whose rule a lead note names: the author of the lesson's book, known from the hand's ``source``
(issue 14, item 5), and the lead detectors' findings on Elwell's 1904 hands."""

from __future__ import annotations

from pathlib import Path

import pytest

from replayer.lessons.model import book_author
from replayer.record.reader import load
from replayer.teaching.context import Author

HANDS = Path(__file__).parent.parent / "hands"


@pytest.mark.parametrize(
    ("written", "author"),
    [
        ("J. B. Elwell", Author.ELWELL),
        ("R. F. Foster", Author.FOSTER),
        ("Anonymous", Author.UNKNOWN),
        (None, Author.UNKNOWN),
    ],
)
def test_the_author_is_read_from_the_name_in_the_source(written: str | None, author: Author) -> None:
    assert Author.named(written) is author


@pytest.mark.parametrize(("book", "author"), [("foster-1904", Author.FOSTER), ("elwell-1904", Author.ELWELL)])
def test_a_hand_file_names_its_books_author(book: str, author: Author) -> None:
    path = HANDS / book / "hand-1.yaml"
    record, _ = load(path.read_text(encoding="utf-8"), str(path))
    assert record is not None
    assert book_author(record) is author
