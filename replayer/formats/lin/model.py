"""What a LIN file holds, as read: a board's deal, dealer, vulnerability, calls (with their
alerts and commentary), cards (with the seat that played each), claim, header and the commands
this package does not read; and what follows from them (the contract, the tricks and their
winners).  Positions (``span``) are ignored by equality."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from ...record.diagnostics import Span
from ...rules.cards import Card, Strain
from ...rules.notation import Vulnerability, read_number
from ...rules.play import trick_winner
from ...rules.seats import Seat
from ..ascii import bid_level

__all__ = [
    "BOARD_NUMBER_MOST",
    "LinBoard",
    "LinCall",
    "LinContract",
    "LinMake",
    "LinPlay",
    "LinTrick",
    "board_number",
    "board_number_too_long",
    "contract_of",
]

#: the largest board number read from ``ah|`` or ``qx|``: no event plays a million boards, and a
#: longer run of digits is no board number (the board is then known by its place in the file)
BOARD_NUMBER_MOST = 999_999
_DIGITS = re.compile(r"[0-9]+")
#: how much of a title a message quotes
_LABEL_MOST = 40


def board_number(text: str) -> int | None:
    """The first number in a board's title or id (``Board 15``, ``o15``), in ASCII digits; None
    when there is none, or when it is longer than a board number (:data:`BOARD_NUMBER_MOST`)."""
    m = _DIGITS.search(text)
    return read_number(m.group(), BOARD_NUMBER_MOST) if m is not None else None


def board_number_too_long(text: str) -> int | None:
    """How many digits the first number of ``text`` has when that is too many for a board number."""
    m = _DIGITS.search(text)
    return len(m.group()) if m is not None and board_number(text) is None else None


@dataclass(frozen=True)
class LinCall:
    """One ``mb|`` call: ``call`` is ``1C``…``7NT``, ``Pass``, ``X`` or ``XX`` (as
    :meth:`replayer.auction.Call.ascii` writes them), or None when unreadable (then ``raw``
    keeps the text).  ``alert`` is the ``!`` suffix, ``explanation`` the ``an|`` text, ``notes``
    the ``nt|`` commentary that follows the call."""

    call: str | None
    alert: bool = False
    explanation: str | None = None
    notes: tuple[str, ...] = ()
    raw: str | None = None  # the text as written, kept only when it could not be read
    span: Span | None = field(default=None, compare=False)

    @property
    def is_bid(self) -> bool:
        return self.call is not None and bid_level(self.call) is not None


@dataclass(frozen=True)
class LinPlay:
    """One ``pc|`` card, with the seat that played it (None if it cannot be told) and the
    ``nt|`` commentary that follows it.  ``card`` is None when unreadable (``raw`` keeps it)."""

    card: Card | None
    seat: Seat | None = None
    notes: tuple[str, ...] = ()
    raw: str | None = None
    span: Span | None = field(default=None, compare=False)


@dataclass(frozen=True)
class LinMake:
    """A declaration without an auction (Bridge Whist's make): the trump and who plays the
    hand.  The player on the declarer's left leads.  Written as a comment; see docs/lin.md."""

    strain: Strain
    declarer: Seat


@dataclass(frozen=True)
class LinContract:
    """The contract the auction ends in: the last bid, doubled 0, 1 or 2 times, and the
    declarer (the first of the declaring side to name the strain)."""

    level: int
    strain: Strain
    doubled: int
    declarer: Seat

    def __str__(self) -> str:
        return f"{self.level}{self.strain.code}{'X' * self.doubled} by {self.declarer.name}"


class LinTrick(NamedTuple):
    """A trick of the play: its number (1…13), the leader, the readable cards in play order and
    the winner (None while the trick is unfinished or the trump is not known)."""

    number: int
    leader: Seat | None
    plays: tuple[tuple[Seat, Card], ...]
    winner: Seat | None


@dataclass(frozen=True)
class LinBoard:
    """One board of a LIN file.

    ``deal`` holds the hands that are known (a hand the file leaves out is inferred when the
    other three are complete; ``deal_inferred`` then names it).  ``vulnerable`` is None when
    the file does not say.  ``title`` is
    the ``ah|`` header (``Board 15``), ``board_id`` the ``qx|`` value (``o46``: open room,
    board 46).  ``notes`` is commentary at the board's start, ``claim_notes`` commentary after
    the claim.  ``extras`` keeps the commands this module does not read, in order.  Positions
    (``span``) are ignored by equality."""

    deal: dict[Seat, frozenset[Card]] = field(default_factory=dict)
    dealer: Seat | None = None
    vulnerable: Vulnerability | None = None
    calls: tuple[LinCall, ...] = ()
    plays: tuple[LinPlay, ...] = ()
    claim: int | None = None
    title: str | None = None
    board_id: str | None = None
    players: dict[Seat, str] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    claim_notes: tuple[str, ...] = ()
    make: LinMake | None = None
    extras: tuple[tuple[str, str], ...] = ()
    deal_inferred: Seat | None = field(default=None, compare=False)
    span: Span | None = field(default=None, compare=False)
    pauses: tuple[Span, ...] = field(default=(), compare=False)  # where the file had pg||

    # -- header ---------------------------------------------------------------------------
    @property
    def number(self) -> int | None:
        """The board number, from ``ah|Board 15`` or else from ``qx|o15`` (a number too long to be a
        board's is passed over: see :func:`board_number`)."""
        for text in (self.title, self.board_id):
            n = board_number(text) if text else None
            if n is not None:
                return n
        return None

    @property
    def room(self) -> str | None:
        """``open`` or ``closed`` for a vugraph board (``qx|o…`` / ``qx|c…``)."""
        if self.board_id:
            return {"o": "open", "c": "closed"}.get(self.board_id[:1].lower())
        return None

    @property
    def label(self) -> str:
        """The board as messages name it (a long title or id cut short)."""
        if self.title:
            return _short(self.title)
        if self.board_id:
            return f"board {_short(self.board_id)}"
        return "the board"

    # -- auction ----------------------------------------------------------------------------
    @property
    def auction_complete(self) -> bool:
        """Four passes, or a bid followed at the end by three passes."""
        calls = [c.call for c in self.calls]
        if len(calls) < 4 or any(c is None for c in calls):
            return False
        if all(c == "Pass" for c in calls):
            return len(calls) == 4
        return calls[-3:] == ["Pass", "Pass", "Pass"]

    @property
    def passed_out(self) -> bool:
        return self.auction_complete and all(c.call == "Pass" for c in self.calls)

    @property
    def contract(self) -> LinContract | None:
        """The contract the auction reaches (None without a finished auction and a dealer)."""
        if self.dealer is None or not self.auction_complete or self.passed_out:
            return None
        return contract_of(self.dealer, [c.call for c in self.calls if c.call is not None])

    @property
    def declaration(self) -> LinContract | LinMake | None:
        """What names the trump and the declarer: the contract, else the make."""
        return self.contract or self.make

    @property
    def declarer(self) -> Seat | None:
        d = self.declaration
        return d.declarer if d is not None else None

    @property
    def strain(self) -> Strain | None:
        """The trump, from the contract or the make (``Strain.NOTRUMP`` at no trumps)."""
        d = self.declaration
        return d.strain if d is not None else None

    @property
    def opening_leader(self) -> Seat | None:
        d = self.declarer
        if d is not None:
            return d.lho
        return self.plays[0].seat if self.plays else None

    # -- play -------------------------------------------------------------------------------
    @property
    def tricks(self) -> list[LinTrick]:
        """The play in tricks of four, in play order, with each finished trick's winner."""
        strain = self.strain
        trump = strain.trump if strain is not None else None
        out = []
        for k in range(0, len(self.plays), 4):
            group = self.plays[k : k + 4]
            plays = tuple((p.seat, p.card) for p in group if p.seat is not None and p.card is not None)
            winner = None
            if strain is not None and len(plays) == 4:
                winner = trick_winner(plays, trump)
            leader = group[0].seat
            out.append(LinTrick(k // 4 + 1, leader, plays, winner))
        return out

    @property
    def cards_played(self) -> int:
        return len(self.plays)

    @property
    def declarer_tricks(self) -> int | None:
        """The claim if there is one, else the tricks won by declarer's side in a full play."""
        if self.claim is not None:
            return self.claim
        d = self.declarer
        tricks = self.tricks
        if d is None or len(tricks) != 13 or any(t.winner is None for t in tricks):
            return None
        return sum(1 for t in tricks if t.winner in (d, d.partner))

    @property
    def comment_count(self) -> int:
        """Every ``nt|`` the board carries."""
        return (
            len(self.notes)
            + sum(len(c.notes) for c in self.calls)
            + sum(len(p.notes) for p in self.plays)
            + len(self.claim_notes)
        )

    @property
    def alert_count(self) -> int:
        """Calls with an ``an|`` explanation."""
        return sum(1 for c in self.calls if c.explanation is not None)


def contract_of(dealer: Seat, calls: Sequence[str]) -> LinContract | None:
    """The contract readable calls from the dealer reach: the last bid, its doubles, and the
    first of the declaring side to name its strain (None without a bid)."""
    last_bid: int | None = None
    doubled = 0
    for i, c in enumerate(calls):
        if bid_level(c) is not None:
            last_bid, doubled = i, 0
        elif c == "X":
            doubled = 1
        elif c == "XX":
            doubled = 2
    if last_bid is None:
        return None
    bid = calls[last_bid]
    level, strain = bid_level(bid), Strain.parse(bid[1:])
    assert level is not None  # the last bid is a bid
    side = dealer.next(last_bid).side
    for i, c in enumerate(calls):
        seat = dealer.next(i)
        if seat.side == side and bid_level(c) is not None and Strain.parse(c[1:]) is strain:
            return LinContract(level, strain, doubled, seat)
    return None  # not reached: the last bid itself names the strain


def _short(text: str) -> str:
    return text if len(text) <= _LABEL_MOST else text[: _LABEL_MOST - 1] + "…"
