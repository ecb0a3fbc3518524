"""The parsed hand record: what a hand file says, with where it says it.

Syntax only: nothing here knows the laws.  Every value a diagnostic may point at is kept
with its :class:`~replayer.record.diagnostics.Span`.  Seats are kept as written (a book letter
``A Y B Z`` or a compass seat ``N E S W``) and resolved against the dealer later.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from ..rules.cards import Card, Rank, Strain, Suit
from ..rules.seats import BookPair, Pair
from .diagnostics import Located, Span

if TYPE_CHECKING:
    from .hand_extras import (
        AuctionRecord,
        BookErrorRecord,
        InteropRecord,
        ProblemRecord,
        RubberDealRecord,
        RubberRecord,
        SeriesRecord,
        TurnedRecord,
    )

__all__ = [
    "ClaimKind",
    "PlayedCard",
    "TrickRecord",
    "SourceRef",
    "ScoreBefore",
    "SeriesRecord",
    "MakeRecord",
    "AuctionRecord",
    "TurnedRecord",
    "ClaimRecord",
    "NoteRecord",
    "QuestionRecord",
    "LineRecord",
    "BookErrorRecord",
    "ResultPart",
    "ReadingRecord",
    "TranscriptionRecord",
    "InteropRecord",
    "ProblemRecord",
    "HandRecord",
    "RubberRecord",
    "RubberDealRecord",
]


class PlayedCard(NamedTuple):
    """A card as written in the file (in the deal or in a trick row)."""

    card: Card
    span: Span
    marked: bool = False  # written with ``*``: the book marks it as the trick's winner


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """One row of the play: a trick's cards as written, with who led and won it when the book says."""

    number: int  # the trick's number in the deal (1…13)
    cards: tuple[PlayedCard | None, ...]  # in the file's column order; None = unreadable
    span: Span
    leader: Located[str] | None = None  # seat as written, when the book names the leader
    winner: Located[str] | None = None  # seat as written, when the book marks the winner


@dataclass(frozen=True, slots=True)
class SourceRef:
    """Where the hand comes from: the book, its author, year, edition and publisher, the page."""

    book: Located[str] | None = None
    author: Located[str] | None = None
    year: Located[int] | None = None
    edition: Located[str] | None = None
    publisher: Located[str] | None = None
    hand: Located[str] | None = None
    pages: Located[str] | None = None
    url: Located[str] | None = None
    theme: Located[str] | None = None  # the book's heading for the hand ("Saving an Entry Card.")


@dataclass(frozen=True, slots=True)
class ScoreBefore(Located[dict[Pair | BookPair, int]]):
    """The score before the deal as the book gives it.

    ``value`` is each side's points below the line toward the game (the sides the file gives, as
    it names them; empty when it gives games only), ``games`` the games each side has won in the
    rubber before the deal (0 or 1; a side the book is silent on is left out; None when the file
    gives no games at all), ``quote`` the book's own words for the score."""

    games: Located[dict[Pair | BookPair, int]] | None = None
    quote: Located[str] | None = None


@dataclass(frozen=True, slots=True)
class MakeRecord:
    """Bridge Whist: the trump was made by the dealer, or by his partner after a pass."""

    maker: Located[str]  # seat as written: Z (dealer) or Y (dummy, after the dealer passed)
    trump: Located[Strain]
    doubles: tuple[Located[str], ...] = ()  # who doubled, redoubled, … in order


class ClaimKind(enum.StrEnum):
    """What an author's claim is about (see :class:`ClaimRecord`)."""

    HOLDING = "holding"
    ALTERNATIVE = "alternative"
    OUTCOME = "outcome"


@dataclass(frozen=True, slots=True)
class ClaimRecord:
    """A claim of the author's that the cards can check, kept beside the note that makes it.

    ``kind``: ``holding`` (before ``trick``, ``seat`` holds ``count``/``at_least`` cards of
    ``suit``, above ``above`` when given), ``alternative`` (had ``seat`` not played ``card`` at
    ``trick``, ``outcome`` follows) or ``outcome`` (with the play from ``trick`` on, ``outcome``).
    ``quote`` is the book's own sentence.  Only ``holding`` claims are checked by the laws; the
    others wait for double-dummy analysis.
    """

    kind: ClaimKind
    trick: int
    quote: str
    span: Span
    seat: Located[str] | None = None
    suit: Suit | None = None
    count: int | None = None
    at_least: int | None = None
    above: Rank | None = None
    card: Card | None = None
    outcome: dict[str, object] = field(default_factory=dict)  # e.g. {side: YZ, game: False}


@dataclass(frozen=True, slots=True)
class QuestionRecord:
    """A decision point: before ``seat`` plays to ``trick``, the reader is asked to choose its card.

    ``answer`` is the card the author says is right, when it is not the one the play gives the
    seat (None: the book's card is the answer); ``ask`` the question's words (None: the default)."""

    seat: Located[str]
    trick: int
    span: Span
    ask: Located[str] | None = None
    answer: Located[Card] | None = None


@dataclass(frozen=True, slots=True)
class LineRecord:
    """An alternative line: rows of cards in the play's columns from ``trick`` on, the first row the
    main play's trick with the card that differs from it (the branch) and what follows it.

    ``outcome`` is the result the author states for the line ({side, by_cards, tricks, game}, as
    a claim's); ``text`` our words on it."""

    trick: int
    tricks: tuple[TrickRecord, ...]
    span: Span
    title: Located[str] | None = None
    outcome: dict[str, object] = field(default_factory=dict)
    outcome_span: Span | None = None
    text: str | None = None
    source: str | None = None


@dataclass(frozen=True, slots=True)
class NoteRecord:
    """A note on the hand or on some of its tricks: the author's words, and what the cards can check in them."""

    text: str
    span: Span
    tricks: tuple[int, ...] = ()  # empty: a note on the whole hand
    source: str | None = None
    claims: tuple[ClaimRecord, ...] = ()
    #: the techniques the author's note names at its tricks (``record.keys.TECHNIQUE_NAMES``)
    techniques: tuple[Located[str], ...] = ()
    question: QuestionRecord | None = None
    lines: tuple[LineRecord, ...] = ()


class ResultPart(enum.StrEnum):
    """Which part of the result line a book error is about: each waives only its own disagreement."""

    HONOURS = "honours"  # the honours, aces, chicane or points in honours (result-honours)
    TRICKS = "tricks"  # the tricks by cards or the slam (result-tricks)
    STRAIN = "strain"  # the strain the line names (result-strain)


@dataclass(frozen=True, slots=True)
class ReadingRecord:
    """One uncertain reading of the source (an OCR'd table cell) and how it was settled."""

    trick: int
    seat: str
    source_text: str
    card: Card
    reason: str
    span: Span


@dataclass(frozen=True, slots=True)
class TranscriptionRecord:
    """How the hand was transcribed, and each uncertain reading of the source."""

    text: str
    span: Span
    readings: tuple[ReadingRecord, ...] = ()


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand file, as written: every part the file gives, each with where it gives it."""

    path: str
    span: Span
    title: Located[str] | None = None
    source: SourceRef | None = None
    rules: Located[str] | None = None
    series: SeriesRecord | None = None
    dealer: Located[str] | None = None
    score_before: ScoreBefore | None = None
    declaration: MakeRecord | AuctionRecord | TurnedRecord | None = None
    declaration_span: Span | None = None
    columns: tuple[Located[str], ...] = ()
    first_trick: Located[int] | None = None
    leader: Located[str] | None = None
    tricks: tuple[TrickRecord, ...] = ()
    play_span: Span | None = None
    play_unread: bool = False  # the play or its tricks are not a mapping or a list (reported)
    deal: dict[str, tuple[PlayedCard, ...]] = field(default_factory=dict)  # seat as written
    deal_spans: dict[str, Span] = field(default_factory=dict)
    deal_span: Span | None = None
    result: Located[str] | None = None
    result_col: int | None = None  # column of the result's first character, when it is on one line
    notes: tuple[NoteRecord, ...] = ()
    problem: ProblemRecord | None = None
    introduction: Located[str] | None = None
    book_errors: tuple[BookErrorRecord, ...] = ()
    transcription: TranscriptionRecord | None = None
    interop: InteropRecord | None = None

    def result_span(self, start: int, end: int) -> Span | None:
        """Where characters ``start:end`` of the result line stand in the file."""
        if self.result is None:
            return None
        base = self.result.span
        if self.result_col is None or base is None:
            return base
        return Span(base.path, base.line, self.result_col + start, base.line, self.result_col + end)


#: the records of the less common parts, defined in hand_extras (see there why) and handed out here
_EXTRAS = frozenset(
    {
        "AuctionRecord",
        "TurnedRecord",
        "SeriesRecord",
        "BookErrorRecord",
        "InteropRecord",
        "ProblemRecord",
        "RubberDealRecord",
        "RubberRecord",
    }
)


def __getattr__(name: str) -> object:
    """A record of a less common part (PEP 562): its module is imported the first time one is asked for."""
    if name in _EXTRAS:
        from . import hand_extras

        return getattr(hand_extras, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
