"""Seats and partnerships: the compass seats, the books' letters, and the pairs they make.

The books name the players by letters placed after the dealer — Z deals, A on his left leads, Y is
the dummy, B the pone [rules-reference SEAT-1] — while club records name them by the compass; a
partnership is named either way (:class:`BookPair`, :class:`Pair`) and converted through the dealer.
Nothing in this module does I/O.
"""

from __future__ import annotations

import enum

from .cards import CardSyntaxError
from .notation import SEAT_WORDS

__all__ = ["BookPair", "Letter", "Pair", "Seat"]


# ---------------------------------------------------------------------------------------------
# Seats


class Seat(enum.IntEnum):
    """Compass seats in clockwise order: play passes N → E → S → W."""

    N = 0
    E = 1
    S = 2
    W = 3

    def next(self, n: int = 1) -> Seat:
        """The seat ``n`` places clockwise (to the left) of this one."""
        return _SEATS[(self + n) % 4]

    @property
    def lho(self) -> Seat:
        return self.next(1)

    @property
    def partner(self) -> Seat:
        return self.next(2)

    @property
    def rho(self) -> Seat:
        return self.next(3)

    @property
    def side(self) -> Pair:
        return Pair.NS if self in (Seat.N, Seat.S) else Pair.EW

    @property
    def word(self) -> str:
        return SEAT_WORDS[self]

    def __str__(self) -> str:
        return self.name

    def rotation(self) -> tuple[Seat, Seat, Seat, Seat]:
        """This seat and the three after it, in playing order."""
        return _ROTATIONS[self]

    @classmethod
    def parse(cls, text: str) -> Seat:
        t = text.strip().upper()
        names = {"N": 0, "NORTH": 0, "E": 1, "EAST": 1, "S": 2, "SOUTH": 2, "W": 3, "WEST": 3}
        if t in names:
            return Seat(names[t])
        raise CardSyntaxError(f"{text!r} is not a compass seat", "write N, E, S or W")


_SEATS = tuple(Seat)
_ROTATIONS: tuple[tuple[Seat, Seat, Seat, Seat], ...] = tuple(
    (_SEATS[k], _SEATS[(k + 1) % 4], _SEATS[(k + 2) % 4], _SEATS[(k + 3) % 4]) for k in range(4)
)


class Letter(enum.IntEnum):
    """The books' seat letters, by their place after the dealer Z.

    Z deals; A sits on Z's left and leads first (Bridge Whist); Y is Z's partner, the
    dummy; B, on Z's right, is the pone [rules-reference SEAT-1, S2 p.26].
    """

    Z = 0
    A = 1
    Y = 2
    B = 3

    def seat(self, dealer: Seat) -> Seat:
        return dealer.next(int(self))

    @classmethod
    def of(cls, seat: Seat, dealer: Seat) -> Letter:
        return Letter((seat - dealer) % 4)

    @property
    def side(self) -> BookPair:
        return BookPair.YZ if self in (Letter.Y, Letter.Z) else BookPair.AB

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: str) -> Letter:
        t = text.strip().upper()
        if t in ("A", "Y", "B", "Z"):
            return Letter[t]
        raise CardSyntaxError(f"{text!r} is not one of the book's seat letters", "write A, Y, B or Z")


# ---------------------------------------------------------------------------------------------
# Partnerships: by the compass, and by the book's letters


class Pair(enum.StrEnum):
    """A compass partnership.  Its value is how files, JSON and the score sheet write it."""

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Pair:
        return Pair.EW if self is Pair.NS else Pair.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Pair.NS else (Seat.E, Seat.W)

    @property
    def label(self) -> str:
        """``N–S`` or ``E–W``, as a page prints it."""
        return f"{self.value[0]}–{self.value[1]}"

    @classmethod
    def parse(cls, text: str) -> Pair:
        t = text.strip().upper().replace("-", "").replace("–", "")
        if t in ("NS", "SN"):
            return Pair.NS
        if t in ("EW", "WE"):
            return Pair.EW
        raise CardSyntaxError(f"{text!r} is not a compass partnership", "write NS or EW")


class BookPair(enum.StrEnum):
    """A partnership named by the book's letters: Y–Z, the dealer's side, or A–B, the adversaries.

    Which compass pair it is depends on where the dealer sits: :meth:`pair`."""

    YZ = "YZ"
    AB = "AB"

    @property
    def other(self) -> BookPair:
        return BookPair.AB if self is BookPair.YZ else BookPair.YZ

    @property
    def label(self) -> str:
        """``Y–Z`` or ``A–B``, as a page prints it."""
        return f"{self.value[0]}–{self.value[1]}"

    def pair(self, dealer: Seat) -> Pair:
        """The compass partnership these letters name when ``dealer`` deals."""
        return dealer.side if self is BookPair.YZ else dealer.lho.side

    @classmethod
    def of(cls, pair: Pair, dealer: Seat) -> BookPair:
        """The book's name for a compass partnership when ``dealer`` deals."""
        return BookPair.YZ if pair is dealer.side else BookPair.AB

    @classmethod
    def parse(cls, text: str) -> BookPair:
        t = text.strip().upper().replace("-", "").replace("–", "")
        if t in ("YZ", "ZY"):
            return BookPair.YZ
        if t in ("AB", "BA"):
            return BookPair.AB
        raise CardSyntaxError(f"{text!r} is not one of the book's partnerships", "write YZ or AB")
