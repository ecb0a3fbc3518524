"""The letters, symbols and words of bridge notation, kept once: the card values in ``cards``
and the file formats (PBN, LIN) read and write cards, seats and vulnerability through them.

Plain text tables, in the order of the values they spell (clubs first, the two first, North
first), and the vulnerability of a deal with the words the formats use for it.
Nothing in this module does I/O.
"""

from __future__ import annotations

import enum

__all__ = [
    "SUIT_LETTERS",
    "SUIT_SYMBOLS",
    "SUIT_WORDS",
    "SYMBOL_ALIASES",
    "RANK_LETTERS",
    "RANK_WORDS",
    "RANK_NAMES",
    "SEAT_WORDS",
    "Vulnerability",
    "VULNERABILITY_WORDS",
    "read_number",
    "NUMBER_WORDS",
]

#: The suits' letters, symbols and words, clubs first (a ``Suit``'s value indexes them).
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")
#: White (outline) suit symbols some fonts and keyboards produce; read as the black ones.
SYMBOL_ALIASES = {"♧": "♣", "♢": "♦", "♡": "♥", "♤": "♠"}

#: The ranks' letters from the two up, ``T`` for the ten (PBN, LIN and our ASCII form).
RANK_LETTERS = "23456789TJQKA"
#: The ranks in words, with the old books' deuce, trey and knave.
RANK_WORDS = {
    "two": 2,
    "deuce": 2,
    "three": 3,
    "trey": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "jack": 11,
    "knave": 11,
    "queen": 12,
    "king": 13,
    "ace": 14,
}
#: The ranks' names from the two up, as a sentence says them ("the ten of spades").
RANK_NAMES = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)

#: The compass seats in words, North first and clockwise (a ``Seat``'s value indexes them).
SEAT_WORDS = ("North", "East", "South", "West")


class Vulnerability(enum.StrEnum):
    """Who is vulnerable on a deal.  The value is how PBN and our files write it."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    ALL = "All"


#: The words PBN and LIN both accept for a vulnerability (lower case); LIN adds its letters.
VULNERABILITY_WORDS = {
    "none": Vulnerability.NONE,
    "love": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "ns": Vulnerability.NS,
    "ew": Vulnerability.EW,
    "all": Vulnerability.ALL,
    "both": Vulnerability.ALL,
}


#: The numbers as words, zero to fourteen, each at its own index (a count's, a score's, a result's).
NUMBER_WORDS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
)


def read_number(text: str, most: int) -> int | None:
    """``text`` as a whole number from 0 to ``most``, in ASCII digits; None if it is anything else.

    Every reader of numbers in text (YAML values, result lines, PBN, LIN) goes through this one:
    ``str.isdigit()`` accepts ``²`` (and ``int()`` then fails), and ``int()`` of thousands of digits
    is slow or refused; here neither can happen, because no more digits are converted than ``most``
    has, and only ``0``–``9`` are digits.  Surrounding white space is allowed.
    """
    t = text.strip()
    if not t or len(t) > len(str(most)) or not all("0" <= ch <= "9" for ch in t):
        return None
    n = int(t)
    return n if n <= most else None
