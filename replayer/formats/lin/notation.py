"""How LIN spells seats, vulnerability, calls, cards and hands, read and written; and the
comment that carries a make on a board with no auction (see docs/lin.md)."""

from __future__ import annotations

import re

from ...rules.cards import SUITS_HIGH_FIRST, Card, Strain, Suit
from ...rules.notation import SEAT_WORDS, VULNERABILITY_WORDS, Vulnerability
from ...rules.seats import Seat
from ..ascii import CARD_BY_TEXT, RANK_BY_LETTER, SUIT_BY_LETTER, bid_text

__all__ = [
    "DIGIT_SEAT",
    "LIN_ORDER",
    "SEAT_DIGIT",
    "VULNERABILITY_LETTERS",
    "make_comment",
    "read_call",
    "read_card",
    "read_hand",
    "read_make",
    "read_vulnerability",
    "write_call",
    "write_hand",
]

# LIN's dealer digit: 1 = South, 2 = West, 3 = North, 4 = East; hands are given S, W, N, E.
DIGIT_SEAT = {"1": Seat.S, "2": Seat.W, "3": Seat.N, "4": Seat.E}
SEAT_DIGIT = {seat: digit for digit, seat in DIGIT_SEAT.items()}
LIN_ORDER = (Seat.S, Seat.W, Seat.N, Seat.E)

#: ``sv|``'s letters as LIN writes them
VULNERABILITY_LETTERS = {
    Vulnerability.NONE: "o",
    Vulnerability.NS: "n",
    Vulnerability.EW: "e",
    Vulnerability.ALL: "b",
}
#: what ``sv|`` may say (lower case): the words PBN knows too, LIN's letters, and their variants
_VULNERABILITY_READ = VULNERABILITY_WORDS | {
    "o": Vulnerability.NONE,
    "0": Vulnerability.NONE,
    "z": Vulnerability.NONE,
    "n": Vulnerability.NS,
    "n-s": Vulnerability.NS,
    "n/s": Vulnerability.NS,
    "e": Vulnerability.EW,
    "e-w": Vulnerability.EW,
    "e/w": Vulnerability.EW,
    "b": Vulnerability.ALL,
    "a": Vulnerability.ALL,
}

_BID_RE = re.compile(r"^([1-7])\s*(nt|n|s|h|d|c)$")


def read_vulnerability(text: str) -> Vulnerability | None:
    """An ``sv|`` value (or one of the words), None when it is none of them."""
    return _VULNERABILITY_READ.get(text.strip().lower())


def read_call(value: str) -> tuple[str | None, bool]:
    """``(call, alerted)`` from an ``mb|`` value: ``p``→``Pass``, ``d``→``X``, ``r``→``XX``,
    ``1N``→``1NT``; a trailing ``!`` is the alert.  ``(None, …)`` when unreadable."""
    t = value.strip()
    alert = t.endswith("!")
    t = t.rstrip("!").strip().lower()
    if t in ("p", "pass", "-"):
        return "Pass", alert
    if t in ("d", "x", "dbl", "double"):
        return "X", alert
    if t in ("r", "xx", "rdbl", "redouble"):
        return "XX", alert
    m = _BID_RE.match(t)
    if m:
        return bid_text(m.group(1), m.group(2)), alert
    return None, alert


def write_call(call: str) -> str:
    """A call as ``mb|`` writes it: ``p``, ``d``, ``r``, ``1S``, ``3N``."""
    if call == "Pass":
        return "p"
    if call == "X":
        return "d"
    if call == "XX":
        return "r"
    return call.replace("NT", "N")


def read_card(value: str) -> Card | None:
    """A ``pc|`` value (``SA``, ``c2``, ``HT``, ``H10``) as a card, or None."""
    t = value.strip()
    return CARD_BY_TEXT.get(t[:1] + t[1:].lstrip())


def read_hand(text: str) -> tuple[set[Card], list[str]]:
    """``SAKQHJT9D2CA`` (suits in any order, ranks in any order and case) as cards, and what
    could not be read."""
    cards: set[Card] = set()
    bad: list[str] = []
    suit: Suit | None = None
    t = text.strip().upper().replace("10", "T")
    for ch in t:
        if ch in SUIT_BY_LETTER:
            suit = SUIT_BY_LETTER[ch]
        elif ch in RANK_BY_LETTER and suit is not None:
            card = Card(suit, RANK_BY_LETTER[ch])
            if card in cards:
                bad.append(f"{card.ascii()} twice")
            cards.add(card)
        elif ch.isspace() or ch in "-.":
            continue
        else:
            bad.append(repr(ch))
    return cards, bad


def write_hand(hand: frozenset[Card]) -> str:
    """``SAKQHJT9D2CA``: each suit's letter, spades first, and its ranks from the ace down."""
    text = ""
    for suit in SUITS_HIGH_FIRST:
        ranks = sorted((c.rank for c in hand if c.suit == suit), reverse=True)
        text += suit.letter + "".join(r.letter for r in ranks)
    return text


# ---------------------------------------------------------------------------------------------
# The make of a board with no auction, carried by its first comment

#: the trumps as the comment names them
_STRAIN_WORDS = {suit.word: Strain(suit.letter) for suit in Suit} | {"no trumps": Strain.NOTRUMP}
_SEAT_OF_WORD = {seat.word: seat for seat in Seat}
_MAKE_RE = re.compile(rf"^No auction: ({'|'.join(SEAT_WORDS)}) plays in ({'|'.join(_STRAIN_WORDS)})\b")


def make_comment(strain: Strain, declarer: Seat) -> str:
    """``No auction: South plays in hearts (West leads)``."""
    trump = strain.trump
    words = trump.word if trump is not None else "no trumps"
    return f"No auction: {declarer.word} plays in {words} ({declarer.lho.word} leads)"


def read_make(comment: str) -> tuple[Strain, Seat] | None:
    """The trump and the declarer a board's first comment states, if it is the make's comment."""
    m = _MAKE_RE.match(comment)
    if m is None:
        return None
    return _STRAIN_WORDS[m.group(2)], _SEAT_OF_WORD[m.group(1)]
