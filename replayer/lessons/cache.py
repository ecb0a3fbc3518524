"""What ``replayer build`` keeps in its manifest between runs, so that an unchanged hand is neither
validated nor rendered again: a lesson's summary (for the index, the technique page and the PDFs)
and the facts of a valid hand file (its title, book, warnings and images).

A hand's facts are keyed by its content (the bytes of the file and the package version: all that
validation depends on), never by its path, so that ``hands/``, ``./hands``, an absolute path and
``hands/../hands`` find the same entry.  The path a diagnostic names is kept apart from it and put
back as the build found the file, so the warnings read as a fresh validation would print them.
Plain values and JSON in, plain values out: no file is opened here.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..record.diagnostics import Diagnostic, Severity, Span
from .views import Book

if TYPE_CHECKING:
    from ..validation.files import Checked
    from .model import Lesson

__all__ = ["HandFacts", "LessonSummary", "content_key", "strings"]


def content_key(version: str, data: bytes) -> str:
    """The key of a hand file's validation: its bytes and the code that reads them."""
    return hashlib.sha256(version.encode() + b"\0" + data).hexdigest()


def strings(value: object) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


@dataclass(frozen=True, slots=True)
class LessonSummary:
    """A lesson's facts for the index, the technique page and the corpus PDF, kept in the manifest
    so that an unchanged hand needs no lesson model on the next build."""

    title: str
    citation: str
    contract: str
    result: str  # the book's result line, or what the cards give
    techniques: tuple[str, ...]
    technique_tricks: tuple[tuple[str, tuple[int, ...]], ...]  # technique -> the tricks that show it
    score: str = ""  # the score before the deal, as the facts give it ("A–B 20, Y–Z 8")
    make: str = ""  # the engine's note on the make (Markdown), "" when it has none
    make_id: str = ""  # that note's anchor on the lesson page

    _TEXTS = ("title", "citation", "contract", "result", "score", "make", "make_id")

    @classmethod
    def of(cls, lesson: Lesson) -> LessonSummary:
        from .model import MAKE_TECHNIQUE

        make = next((n for n in lesson.notes if n.technique == MAKE_TECHNIQUE), None)
        return cls(
            lesson.title,
            lesson.citation,
            lesson.contract,
            lesson.result or lesson.outcome,
            lesson.techniques,
            lesson.technique_tricks,
            dict(lesson.facts).get("Score before the deal", ""),
            make.text if make is not None else "",
            make.id if make is not None else "",
        )

    def to_json(self) -> dict[str, object]:
        return {
            **{k: getattr(self, k) for k in self._TEXTS},
            "techniques": list(self.techniques),
            "technique_tricks": [[k, list(v)] for k, v in self.technique_tricks],
        }

    @classmethod
    def from_json(cls, data: object) -> LessonSummary | None:
        """The summary an earlier build kept, or None when the manifest does not hold one."""
        if not isinstance(data, dict):
            return None
        texts = [data.get(k) for k in cls._TEXTS]
        techniques, tricks = data.get("techniques"), data.get("technique_tricks")
        if not all(isinstance(t, str) for t in texts) or not isinstance(techniques, list):
            return None
        if not isinstance(tricks, list) or not all(_technique_entry(e) for e in tricks):
            return None
        title, citation, contract, result, score, make, make_id = (str(t) for t in texts)
        return cls(
            title,
            citation,
            contract,
            result,
            tuple(strings(techniques)),
            tuple((str(k), tuple(int(t) for t in v)) for k, v in tricks),
            score,
            make,
            make_id,
        )


def _technique_entry(value: object) -> bool:
    """``[technique, [trick, …]]`` as the manifest keeps it."""
    return (
        isinstance(value, list)
        and len(value) == 2
        and isinstance(value[0], str)
        and isinstance(value[1], list)
        and all(isinstance(t, int) for t in value[1])
    )


ImageRefs = tuple[tuple[str, Span | None], ...]


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What the build needs of a valid hand file it does not validate again."""

    title: str | None  # None: the hand has no title (its path stands in, as the build found it)
    book: tuple[str, str, int | None] | None  # the source's book: title, author, year
    number: str  # the book's number for the hand
    theme: str | None  # the book's heading for it
    diagnostics: tuple[Diagnostic, ...]  # its warnings, naming the file as the build found it
    images: ImageRefs  # its Markdown images and where their texts stand

    @classmethod
    def of(cls, checked: Checked, images: ImageRefs) -> HandFacts:
        record = checked.record
        assert record is not None
        src = record.source
        book = None
        if src is not None and src.book is not None:
            author = src.author.value if src.author is not None else ""
            book = (src.book.value, author, src.year.value if src.year is not None else None)
        return cls(
            record.title.value if record.title is not None else None,
            book,
            src.hand.value if src is not None and src.hand is not None else "",
            src.theme.value if src is not None and src.theme is not None else None,
            checked.diagnostics,
            images,
        )

    def book_of(self, slug: str) -> Book:
        """As ``Book.of`` the record: a hand whose source names no book belongs to its folder."""
        if self.book is None:
            return Book("", "", None, slug.rpartition("/")[0])
        return Book(*self.book, "")

    def to_json(self, path: str) -> dict[str, object] | None:
        """The facts for the manifest, with ``path`` (the file as this build named it) left out of
        them; None when they cannot be kept apart from it (a message that quotes the path)."""
        if any(path in (d.message + (d.hint or "")) for d in self.diagnostics):
            return None
        return {
            "title": self.title,
            "book": list(self.book) if self.book is not None else None,
            "number": self.number,
            "theme": self.theme,
            "diagnostics": [_diagnostic_json(d, path) for d in self.diagnostics],
            "images": [[src, _span_json(span, path)] for src, span in self.images],
        }

    @classmethod
    def from_json(cls, data: object, path: str) -> HandFacts | None:
        """The facts an earlier build kept, naming the file ``path``; None when they are not whole
        (the manifest is read as untrusted: an entry not as this module writes it is no entry)."""
        try:
            if not isinstance(data, dict):
                raise ValueError("not an object")
            title, book, number, theme = (data[k] for k in ("title", "book", "number", "theme"))
            diagnostics, images = data["diagnostics"], data["images"]
            if not isinstance(diagnostics, list) or not isinstance(images, list):
                raise ValueError("not lists")
            return cls(
                _text(title) if title is not None else None,
                _book(book),
                _text(number),
                _text(theme) if theme is not None else None,
                tuple(_diagnostic(d, path) for d in diagnostics),
                tuple(_image(i, path) for i in images),
            )
        except (KeyError, TypeError, ValueError):
            return None


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError("not a string")
    return value


def _number(value: object) -> int | None:
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise ValueError("not a number")
    return value


def _book(value: object) -> tuple[str, str, int | None] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 3:
        raise ValueError("not a book")
    return _text(value[0]), _text(value[1]), _number(value[2])


def _image(value: object, path: str) -> tuple[str, Span | None]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError("not an image")
    return _text(value[0]), _span(value[1], path)


def _span_json(span: Span | None, path: str) -> list[object] | None:
    """A span as a list, its file as None when it is the hand's own."""
    if span is None:
        return None
    return [None if span.path == path else span.path, span.line, span.col, span.end_line, span.end_col]


def _span(data: object, path: str) -> Span | None:
    if data is None:
        return None
    if not isinstance(data, list) or len(data) != 5:
        raise ValueError("not a span")
    file, line, col, end_line, end_col = data
    first, column = _number(line), _number(col)
    if first is None or column is None:
        raise ValueError("a span without its line")
    return Span(path if file is None else _text(file), first, column, _number(end_line), _number(end_col))


def _diagnostic_json(d: Diagnostic, path: str) -> dict[str, object]:
    return {
        "code": d.code,
        "severity": d.severity.value,
        "message": d.message,
        "span": _span_json(d.span, path),
        "hint": d.hint,
        "related": [_span_json(s, path) for s in d.related],
    }


def _diagnostic(data: object, path: str) -> Diagnostic:
    if not isinstance(data, dict) or not isinstance(data["related"], list):
        raise ValueError("not a diagnostic")
    hint = data["hint"]
    related = tuple(_span(s, path) for s in data["related"])
    return Diagnostic(
        _text(data["code"]),
        Severity(data["severity"]),
        _text(data["message"]),
        _span(data["span"], path),
        _text(hint) if hint is not None else None,
        tuple(s for s in related if s is not None),
    )
