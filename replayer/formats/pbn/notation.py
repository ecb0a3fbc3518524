"""How PBN spells cards, seats, calls, contracts and deals (PBN 2.1 §3): the tables and small
readers the rest of the package shares."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from ...rules.cards import Card, Suit, format_holding
from ...rules.notation import RANK_LETTERS, SUIT_LETTERS
from ...rules.seats import Seat
from ..ascii import CARD_BY_TEXT, SUIT_BY_LETTER, bid_level, bid_text

__all__ = [
    "CARD_TEXT",
    "DEAL_CARD",
    "PLAIN_CALLS",
    "SEAT_BY_LETTER",
    "STRAINS",
    "SUFFIX_NAG",
    "bid_key",
    "card_or_none",
    "deal_text",
    "norm_call",
    "seat_or_none",
    "strain_of",
    "trump_of",
]

#: the strains in the order bids rank, as PBN writes them
STRAINS = (*SUIT_LETTERS, "NT")
#: a card token as written → as the export writes it (``sk`` → ``SK``, ``H10`` → ``HT``)
CARD_TEXT = {text: card.ascii() for text, card in CARD_BY_TEXT.items()}
#: a rank character of the Deal tag, in its suit, → the card
DEAL_CARD = {
    (suit, r): CARD_BY_TEXT[suit.letter + r] for suit in Suit for r in RANK_LETTERS + RANK_LETTERS.lower()
}
SEAT_BY_LETTER = {letter: seat for seat in Seat for letter in (seat.name, seat.name.lower())}
#: the calls as the standard spells them, each as it is kept (``pass`` is read as ``Pass``)
PLAIN_CALLS = {
    c: c for c in ["Pass", "X", "XX", "AP"] + [f"{n}{s}" for n in range(1, 8) for s in STRAINS]
} | {"pass": "Pass"}
#: the suffix annotations as the NAGs of a call (§3.5.2); a card's are 6 higher
SUFFIX_NAG = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

_CALL_RE = re.compile(r"^([1-7])(NT|N|S|H|D|C)$", re.IGNORECASE)


def card_or_none(text: str) -> Card | None:
    return CARD_BY_TEXT.get(text)


def seat_or_none(text: str) -> Seat | None:
    return SEAT_BY_LETTER.get(text.strip())


def strain_of(contract: str | None) -> str | None:
    """``C D H S NT`` from a contract (None if unknown or passed out)."""
    if not contract or contract == "Pass":
        return None
    m = re.match(r"^[1-7]?(NT|[SHDC])", contract)
    return m.group(1) if m else None


def trump_of(strain: str | None) -> Suit | None:
    """The trump suit a strain names (None at no-trumps)."""
    return SUIT_BY_LETTER.get(strain) if strain is not None else None


def norm_call(text: str) -> tuple[str, bool] | None:
    """A call token normalised (``1H``, ``Pass``, ``X``, ``XX``, ``AP``, ``-``), and whether
    the spelling was outside the standard; None if it is no call."""
    u = text.upper()
    if text == "-":
        return "-", False
    if u == "PASS":
        return "Pass", False
    if u in ("X", "XX", "AP"):
        return u, False
    if u == "P":
        return "Pass", True
    m = _CALL_RE.match(text)
    if m:
        return bid_text(m.group(1), m.group(2)), m.group(2).upper() == "N"
    return None


def bid_key(call: str) -> tuple[int, int] | None:
    """A bid's place in the ranking (level, strain); None for a call that is no bid."""
    level = bid_level(call)
    if level is not None:
        return level, STRAINS.index(call[1:])
    return None


def deal_text(deal: Mapping[Seat, Iterable[Card]], first: Seat) -> str:
    """The Deal tag's value: ``N:`` and the hands clockwise from ``first`` (``-`` for one not given)."""
    hands = []
    for seat in first.rotation():
        cards = deal.get(seat)
        if cards is None:
            hands.append("-")
            continue
        hands.append(format_holding(cards, pbn=True))
    return f"{first.name}:" + " ".join(hands)
