"""The records of a hand's less common parts: a declaration by auction (Auction, Contract) or by the
turned card (Whist) rather than Bridge Whist's make, a Dummy Bridge series, the book's errors, a
problem, what an import from PBN or LIN carries, and a rubber file's records.

They are part of :mod:`replayer.record.hand` (import them from there: it hands them out from here
through PEP 562) and live apart only because defining a frozen dataclass costs Python 3.11 about
half a millisecond: a command checking one hand that has none of these parts does not pay for them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..rules.cards import Card, Strain, Suit
from ..rules.seats import BookPair, Pair
from .diagnostics import Located, Span
from .hand import ResultPart, SourceRef
from .sides import Narrative

if TYPE_CHECKING:  # the auction's laws are imported only by a hand that has an auction
    from ..rules.auction import Call

__all__ = [
    "AuctionRecord",
    "TurnedRecord",
    "SeriesRecord",
    "BookErrorRecord",
    "InteropRecord",
    "ProblemRecord",
    "RubberDealRecord",
    "RubberRecord",
]


@dataclass(frozen=True, slots=True)
class AuctionRecord:
    """Auction or Contract: the calls from the dealer on, or the final contract alone."""

    calls: tuple[Located[Call], ...] = ()
    calls_span: Span | None = None
    contract: Located[tuple[int, Strain, int]] | None = None  # (level, strain, doublings)
    declarer: Located[str] | None = None


@dataclass(frozen=True, slots=True)
class TurnedRecord:
    """Whist: the dealer's last card, turned up for trumps (``declaration: {turned: ♠2}``)."""

    turned: Located[Card]


@dataclass(frozen=True, slots=True)
class SeriesRecord:
    """Where the deal stands in its game (``series: {deal: 2}``): Dummy Bridge's seats change with it.

    ``deal`` is the deal's number in the game, from 1 (None: not given, or unreadable)."""

    span: Span
    deal: Located[int] | None = None


@dataclass(frozen=True, slots=True)
class BookErrorRecord:
    """A place where the book disagrees with its own printed cards, kept as printed.

    ``about`` is as written: ``result`` or ``result honours`` (``part`` HONOURS), ``result tricks``
    (TRICKS), ``result strain`` (STRAIN), ``trick N`` (``trick`` is N, ``part`` None), ``card`` (a
    misprinted card), ``mark`` (a winner mark on the wrong card of ``trick``, at ``seat``) or
    ``deal`` (a misprinted line of the deal diagram).  The
    validator reports the one disagreement the entry names as a warning about the book rather than
    an error, and no other."""

    about: str
    text: str
    span: Span
    trick: int | None = None
    part: ResultPart | None = None
    #: ``about: card``, a card the book misprints: the seat as written, the card printed (kept in
    #: the play) and the reading (replayed in its place); ``trick`` is the trick
    seat: str | None = None
    printed: Card | None = None
    reading: Card | None = None
    #: ``about: deal``, a line of the book's deal diagram it misprints: the line as printed (text)
    #: and the holding of one suit the cards give (``suit`` and ``holding``; empty for a void)
    printed_text: str | None = None
    suit: Suit | None = None
    holding: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class InteropRecord:
    """What a hand imported from PBN or LIN carries beyond our format, kept so that exporting it
    again loses nothing: the board, vulnerability, the file's result, an unfinished last trick (a
    claim), and the file's other tags, directives and commentary, untouched and in order."""

    source_format: str  # pbn or lin
    span: Span
    board: str | None = None
    vulnerable: str | None = None  # None, NS, EW, All
    result: int | None = None  # the declarer's tricks as the file gives them (claims included)
    unfinished: tuple[Card, ...] = ()  # a last trick the file stops in, in play order
    tags: tuple[tuple[str, str], ...] = ()
    directives: tuple[str, ...] = ()
    commentary: tuple[tuple[str, str], ...] = ()  # (where, text): commentary not attached to a trick


@dataclass(frozen=True, slots=True)
class ProblemRecord:
    """A problem set on the hand: its words, and the side and the tricks it asks for."""

    text: str
    span: Span
    side: Located[Pair | BookPair] | None = None
    tricks: Located[int] | None = None


@dataclass(frozen=True, slots=True)
class RubberDealRecord:
    """One deal of a rubber file: a hand file beside it, or the book's result line for the deal."""

    span: Span
    hand: Located[str] | None = None  # a hand file, relative to the rubber file
    result: Located[str] | None = None  # or the book's result line for the deal
    trump: Located[Strain] | None = None
    declarer: Located[Pair | BookPair | Narrative] | None = None
    doubled: int = 0
    label: Located[str] | None = None


@dataclass(frozen=True, slots=True)
class RubberRecord:
    """A rubber file, as written: its title, rule set, source and deals in order."""

    path: str
    span: Span
    title: Located[str] | None
    rules: Located[str] | None
    source: SourceRef | None
    deals: tuple[RubberDealRecord, ...]
