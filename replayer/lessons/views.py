"""The site's views: where a lesson sits, a hand in the index, a book and its hands, the technique
index.  Small immutable values, and pure functions of them; no template, no Markdown, so that a
build that finds nothing to render never imports Jinja2 or markdown-it (``html.py`` renders them).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..record.hand import HandRecord

__all__ = [
    "Nav",
    "IndexEntry",
    "Book",
    "BookView",
    "hand_heading",
    "TechniqueView",
    "technique_index",
    "file_size",
]


@dataclass(frozen=True, slots=True)
class Nav:
    """Where a lesson sits in the site: links are relative to the lesson page."""

    root: str  # "../": from the page to the site's root
    index: str
    prev: tuple[str, str] | None = None  # (href, title)
    next: tuple[str, str] | None = None
    pdf: str | None = None  # the lesson's PDF, when built
    source_path: str = ""  # the hand file, as the build found it


@dataclass(frozen=True, slots=True)
class IndexEntry:
    """One hand in the index and the corpus table of contents."""

    book: str
    href: str
    title: str
    citation: str
    contract: str
    result: str
    techniques: tuple[str, ...] = ()
    pdf: str | None = None
    valid: bool = True
    page: int | None = None  # first page in the corpus PDF
    number: str = ""  # the book's number for the hand ("21"), or "" when the source gives none
    heading: str = ""  # the book's theme for the hand, else its title without "Hand No. 21: "
    subtitle: str = ""  # the title's words when the heading is the theme and they say more
    label: str = ""  # the book and hand in a few words: "Elwell 1904, Hand 21"
    technique_tricks: tuple[tuple[str, tuple[int, ...]], ...] = ()  # technique -> the tricks that show it
    score: str = ""  # the score before the deal
    make: str = ""  # the engine's note on the make (Markdown)
    make_href: str = ""  # that note on the lesson page


@dataclass(frozen=True, slots=True)
class Book:
    """The book a hand comes from, as its source names it; a hand whose source names no book belongs
    to its folder."""

    title: str  # "Advanced Bridge", or "" when the source names no book
    author: str
    year: int | None
    folder: str  # the folder of the hand's lesson ("elwell-1904", "" at the top)

    @classmethod
    def of(cls, record: HandRecord, slug: str) -> Book:
        src = record.source
        folder = slug.rpartition("/")[0]
        if src is None or src.book is None:
            return cls("", "", None, folder)
        return cls(
            src.book.value,
            src.author.value if src.author is not None else "",
            src.year.value if src.year is not None else None,
            "",
        )

    @property
    def order(self) -> tuple[object, ...]:
        """By year, then the author's surname, then the title; a book without a year last."""
        surname = self.author.split()[-1] if self.author.split() else ""
        year = (0, self.year) if self.year is not None else (1, 0)
        return (year, surname.casefold(), self.title.casefold(), self.folder.casefold())

    @property
    def heading(self) -> str:
        """ "J. B. Elwell, Advanced Bridge (1904)"; the folder's name for hands without a book."""
        if not self.title:
            return self.folder or "Hands"
        head = f"{self.author}, {self.title}" if self.author else self.title
        return f"{head} ({self.year})" if self.year is not None else head

    @property
    def short(self) -> str:
        """ "Elwell 1904": the author's surname and the year, or the title."""
        surname = self.author.split()[-1] if self.author.split() else ""
        words = " ".join(str(w) for w in (surname, self.year) if w)
        return words or self.title or self.folder or "Hands"


@dataclass(frozen=True, slots=True)
class BookView:
    """One book of the site: its hands (in order), and its PDF.  Iterates as ``(heading, entries)``,
    the pair a template written for earlier versions loops over."""

    anchor: str  # the section's id in the index: "elwell-1904"
    heading: str  # "J. B. Elwell, Advanced Bridge (1904)", or the folder when the source names no book
    title: str  # the book's title alone ("Advanced Bridge"), or the heading
    author: str
    year: str
    short: str  # "Elwell 1904": the book in the technique index and the makes page
    entries: tuple[IndexEntry, ...]
    pdf: str | None = None  # the book's own PDF (or the corpus PDF when it is the only book)
    pdf_size: str = ""  # "1.2 MB"
    quiz: str | None = None  # the book's quiz handout (its decision points, answers at the end)

    def __iter__(self) -> Iterator[object]:
        return iter((self.heading, self.entries))

    @property
    def count(self) -> str:
        n = len(self.entries)
        return f"{n} hand" if n == 1 else f"{n} hands"


@dataclass(frozen=True, slots=True)
class TechniqueView:
    """A technique on the technique index: every hand that shows it, book by book, with the tricks."""

    name: str
    anchor: str  # "the-down-and-out-echo"
    books: tuple[tuple[BookView, tuple[tuple[IndexEntry, tuple[tuple[int, str], ...]], ...]], ...]
    definition: str = ""  # a short definition, from the vocabulary of techniques

    @property
    def count(self) -> int:
        return sum(len(hands) for _, hands in self.books)

    @property
    def before_play(self) -> bool:
        """Shown before the play in every hand (the make): no trick to link."""
        return all(not tricks for _, hands in self.books for _, tricks in hands)


def technique_index(
    books: Sequence[BookView], order: Sequence[str], definitions: Mapping[str, str] | None = None
) -> list[TechniqueView]:
    """Each technique found in the books' hands, in ``order`` (then any other, as first found), with
    its definition (from ``definitions``), each book's hands that show it and links to the tricks."""
    found: dict[str, dict[str, list[tuple[IndexEntry, tuple[tuple[int, str], ...]]]]] = {}
    for book in books:
        for e in book.entries:
            for technique, tricks in e.technique_tricks:
                links = tuple((t, f"{e.href}#trick-{t}") for t in tricks)
                found.setdefault(technique, {}).setdefault(book.anchor, []).append((e, links))
    names = [t for t in order if t in found] + [t for t in found if t not in order]
    return [
        TechniqueView(
            name,
            _anchor(name),
            tuple((b, tuple(found[name][b.anchor])) for b in books if b.anchor in found[name]),
            (definitions or {}).get(name, ""),
        )
        for name in names
    ]


def _anchor(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-") or "technique"


def hand_heading(title: str, theme: str | None) -> tuple[str, str]:
    """What the index shows for a hand: the book's theme (else the title without its "Hand No. 21:"),
    and the title's own words beneath it when they say more than the theme."""
    tail = _HAND_PREFIX.sub("", title).strip() or title
    if not theme or not theme.strip():
        return tail, ""
    heading = theme.strip()
    if heading.endswith(".") and not heading.endswith(".."):
        heading = heading[:-1]  # a printed heading's full stop: "Leading the Losing Trump."
    same = _comparable(tail) == _comparable(heading)
    return heading, "" if same else tail


_HAND_PREFIX = re.compile(r"^\s*(?:illustrative\s+)?hand\s+(?:no\.?\s*)?[0-9]+\s*[:.—–-]\s*", re.IGNORECASE)


def _comparable(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.casefold()).strip()


def file_size(size: int) -> str:
    """A file's size for a reader: "840 KB", "8.1 MB"."""
    if size < 1_000_000:
        return f"{max(1, round(size / 1000))} KB"
    return f"{size / 1_000_000:.1f} MB"
