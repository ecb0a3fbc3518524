"""What every check of a hand record shares: the record, the problems found so far, the dealer's
seat, and how a message names a seat or a list of cards."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..record.diagnostics import Diagnostic, Located, Severity, Span
from ..record.hand import HandRecord
from ..rules.cards import Card
from ..rules.regimes import RuleSet
from ..rules.seats import Letter, Seat

__all__ = ["Check", "resolve_seat", "list_cards"]

_BOOK_LETTERS = ("A", "Y", "B", "Z")
_COMPASS = ("N", "E", "S", "W")


@dataclass
class Check:
    """A record under check and the diagnostics found in it, in the order they were found.

    ``dealer`` is Z's seat: South unless the file names a compass seat [interp] (rules-reference
    §1.6); every seat the file writes is resolved against it.  ``by_compass`` says how messages
    name a seat: the book's letter and the compass seat ("B (E)") for hands written in the books'
    letters, the compass word ("East") for hands written by compass seat (club boards, imports).
    """

    record: HandRecord
    diags: list[Diagnostic] = field(default_factory=list)
    dealer: Seat = field(init=False)
    by_compass: bool = field(init=False)

    def __post_init__(self) -> None:
        d = self.record.dealer
        self.dealer = Seat.S if d is None or d.value in _BOOK_LETTERS else Seat.parse(d.value)
        self.by_compass = _written_by_compass(self.record)

    def add(
        self,
        code: str,
        message: str,
        span: Span | None,
        hint: str | None = None,
        severity: Severity = Severity.ERROR,
        related: Iterable[Span] = (),
    ) -> None:
        self.diags.append(Diagnostic(code, severity, message, span or self.record.span, hint, tuple(related)))

    def seat(self, written: Located[str]) -> Seat:
        """The seat a file writes (a book letter or a compass seat) in this deal."""
        return resolve_seat(written.value, self.dealer)

    def name(self, seat: Seat) -> str:
        """How a message names a seat: "B (E)", or "East" for a hand written by compass seat."""
        if self.by_compass:
            return seat.word
        return f"{self.letter(seat)} ({seat.name})"

    def letter(self, seat: Seat) -> str:
        """The book's letter for a seat: A, Y, B or Z."""
        return Letter.of(seat, self.dealer).name


def resolve_seat(text: str, dealer: Seat) -> Seat:
    """A seat as written, a book letter (counted from the dealer Z) or a compass seat."""
    # looked up in plain tables (the enums' own look-ups run in Python): this runs for every seat
    # written in a file, a dozen times a hand
    after = _PLACE_AFTER_DEALER.get(text)
    if after is not None:
        return _SEATS[(dealer + after) % 4]
    seat = _COMPASS_SEATS.get(text)
    return seat if seat is not None else Seat.parse(text)


_PLACE_AFTER_DEALER = {letter.name: int(letter) for letter in Letter}  # Z 0, A 1, Y 2, B 3
_SEATS = tuple(Seat)
_COMPASS_SEATS = {seat.name: seat for seat in Seat}


def _written_by_compass(record: HandRecord) -> bool:
    """A hand whose rules are not Bridge Whist and whose seats are all written as compass seats."""
    if record.rules is not None and record.rules.value.strip().lower().replace(" ", "-") in (
        RuleSet.BRIDGE_WHIST,
        "bridge",
        "bw",
    ):
        return False
    written = (
        [c.value for c in record.columns]
        + list(record.deal)
        + ([record.dealer.value] if record.dealer else [])
    )
    return bool(written) and all(w.strip().upper() in _COMPASS for w in written)


def list_cards(cards: Sequence[Card]) -> str:
    """``♠A``, ``♠A and ♥K``, ``♠A, ♥K and ♦2``."""
    names = [str(c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
