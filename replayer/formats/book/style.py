"""A book's printing style as data: how a hand starts, how a cell is written, where the parts stand.

The shared machinery (``parts``, ``cells``, ``diagram``, ``table``, ``search``, ``writer``) reads
any book through one of these records; a new book is a new :class:`Style` value, not a new parser
(docs/book-reader.md, "Adding a style").  Pure data: no I/O.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field

from ...rules.cards import Suit
from ...rules.seats import Letter

__all__ = ["Glyphs", "NoteSection", "Style", "STYLES", "TableShape", "ThemeShape", "detect_style"]


class TableShape(enum.Enum):
    """How the 13-row trick table is printed."""

    GRID = "grid"  # one row a line, cells between | bars: | 1 | K[S] | 9[S] | ...
    LINES = "lines"  # OCR: the trick number on a line, then each cell on a line of its own


class ThemeShape(enum.Enum):
    """How the hand's theme heading is printed."""

    NONE = "none"
    UNDERSCORED = "underscored"  # _Keeping the Command of the Adversaries' Suit._ after the heading
    CAPITALS = "capitals"  # SAVING AN ENTRY CARD. after the notes


class NoteSection(enum.Enum):
    """Where the book prints its notes to a hand."""

    BEFORE = "before"  # a section of its own before the hand ("NOTES ON ILLUSTRATIVE HAND NO. 1")
    INSIDE = "inside"  # between the hand's heading and its theme heading


@dataclass(frozen=True, slots=True)
class Glyphs:
    """An OCR that lost the suit symbols but kept where they stood (Foster's convention: hearts and
    clubs left of the rank, diamonds and spades right of it).  A glyph on the ``left`` is one of the
    two ``left`` suits: ``left_glyphs`` name the first, any other glyph the second; the same on the
    right.  ``ranks`` are garbled rank spellings (each read at a cost)."""

    left: tuple[Suit, Suit]
    right: tuple[Suit, Suit]
    left_glyphs: frozenset[str]
    right_glyphs: frozenset[str]
    ranks: dict[str, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Style:
    """Everything the reader needs to know about one book's printing."""

    name: str
    book: str
    author: str
    author_short: str  # "Elwell's note to trick 4"
    year: int
    signature: tuple[re.Pattern[str], ...]  # all must match for the style to be detected
    hand_start: re.Pattern[str]  # a line that starts a hand; group "n" is its number
    notes: NoteSection
    notes_start: re.Pattern[str] | None  # BEFORE: the notes section's heading, group "n"
    note_label: re.Pattern[str]  # a note paragraph's label ("TRICK 4.--"); group "label"
    theme: ThemeShape
    score: re.Pattern[str]  # the first words of the score-and-make sentence
    table: TableShape
    tokens: dict[str, Suit]  # suit tokens in cells and the diagram
    winner: re.Pattern[str] | None  # the markup of the winning card; group "card"; None: lost
    glyphs: Glyphs | None = None  # an OCR convention, when the symbols were lost
    clean: bool = True  # an e-text: a repaired card is the book's own misprint
    diagram: bool = True  # the book prints a deal diagram
    columns: tuple[Letter, ...] = (Letter.A, Letter.Y, Letter.B, Letter.Z)
    page_noise: tuple[re.Pattern[str], ...] = field(default=())  # running heads, page numbers


_BRACKET_SUITS = {"[S]": Suit.SPADES, "[H]": Suit.HEARTS, "[D]": Suit.DIAMONDS, "[C]": Suit.CLUBS}
_SYMBOL_SUITS = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}
_ELWELL_LABEL = re.compile(r"^(?P<label>(?:TRICKS?|THE)\s[^.]{0,60}?)\.--")

ELWELL_1902 = Style(
    name="elwell-1902",
    book="Bridge: Its Principles and Rules of Play",
    author="J. B. Elwell",
    author_short="Elwell",
    year=1902,
    signature=(re.compile(r"<f>[^<]*\[[SHDC]\][^<]*</f>"), re.compile(r"^ILLUSTRATIVE HAND NO\. \d+", re.M)),
    hand_start=re.compile(r"^ILLUSTRATIVE HAND NO\.\s*(?P<n>\d{1,3})\s*$"),
    notes=NoteSection.BEFORE,
    notes_start=re.compile(r"^NOTES ON ILLUSTRATIVE HAND NO\.\s*(?P<n>\d{1,3})\s*$"),
    note_label=_ELWELL_LABEL,
    theme=ThemeShape.UNDERSCORED,
    score=re.compile(r"^(The score is|It is the)\b"),
    table=TableShape.GRID,
    tokens=_BRACKET_SUITS,
    winner=re.compile(r"<?f>(?P<card>.*?)</f>?"),  # the e-text drops a bracket here and there
)

ELWELL_1904 = Style(
    name="elwell-1904",
    book="Advanced Bridge",
    author="J. B. Elwell",
    author_short="Elwell",
    year=1904,
    signature=(
        re.compile(r"\|\s*\[(?:10|[2-9AKQJ])[♠♥♦♣]\]\s*\|"),
        re.compile(r"^ILLUSTRATIVE HAND NO\. \d+", re.M),
    ),
    hand_start=re.compile(r"^ILLUSTRATIVE HAND NO\.\s*(?P<n>\d{1,3})\s*$"),
    notes=NoteSection.INSIDE,
    notes_start=None,
    note_label=_ELWELL_LABEL,
    theme=ThemeShape.CAPITALS,
    score=re.compile(r"^(It is the|The score is)\b"),
    table=TableShape.GRID,
    tokens=_SYMBOL_SUITS,
    winner=re.compile(r"\[(?P<card>[^\]]*)\]"),
)

FOSTER_1904 = Style(
    name="foster-1904",
    book="The Gist of Bridge",
    author="R. F. Foster",
    author_short="Foster",
    year=1904,
    signature=(re.compile(r"^\s*HAND\s+NO\.\s+\d+\s*$", re.M), re.compile(r"^\s*TRICK\s*$", re.M)),
    hand_start=re.compile(r"^\s*HAND\s+NO\.\s+(?P<n>\d{1,3})\s*$"),
    notes=NoteSection.BEFORE,
    notes_start=re.compile(r"^\s*NOTES\s+TO\s+HAND\s+NO\.\s+(?P<n>\d{1,3})\s*$"),
    note_label=re.compile(r"^(?P<label>Tricks?\s+[\w ,]{1,20}?)\.\s"),
    theme=ThemeShape.NONE,
    score=re.compile(r"^Score,"),
    table=TableShape.LINES,
    tokens=_SYMBOL_SUITS,
    winner=None,
    glyphs=Glyphs(
        left=(Suit.HEARTS, Suit.CLUBS),
        right=(Suit.DIAMONDS, Suit.SPADES),
        left_glyphs=frozenset({"^", "9?", "Q?", "Z>", "<^", "c:?", "♥"}),
        right_glyphs=frozenset({"0", "O", "<0"}),
        ranks={
            **dict.fromkeys(("lO", "IO", "1O", "l0", "I0", "io", "Io", "lo", "i0", "1o", "iO"), (10,)),
            **dict.fromkeys(("S", "s"), (5, 8)),
            "B": (8,),
        },
    ),
    clean=False,
    diagram=False,
    page_noise=(re.compile(r"^\s*\d*\s*THE\s+GIST\s+OF\s+BRIDGE\s*\d*\s*$"), re.compile(r"^\s*\d{1,3}\s*$")),
)

STYLES: dict[str, Style] = {s.name: s for s in (FOSTER_1904, ELWELL_1902, ELWELL_1904)}


def detect_style(text: str) -> Style | None:
    """The style whose every signature the text shows, or None (not a book we can read)."""
    for style in (ELWELL_1902, ELWELL_1904, FOSTER_1904):
        if all(p.search(text) for p in style.signature):
            return style
    return None
