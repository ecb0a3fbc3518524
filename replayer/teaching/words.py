"""The small words the notes are written with: holdings as the books print them, lists, numbers."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..rules.cards import SUITS_HIGH_FIRST, Card, Suit

__all__ = ["capitalised", "cards_text", "listed", "number_word"]

_NUMBERS = ("none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven")


def capitalised(text: str) -> str:
    """The first letter up: "the dealer" → "The dealer" at the head of a sentence."""
    return text[:1].upper() + text[1:]


def cards_text(cards: Iterable[Card]) -> str:
    """``♥K Q 8 6 2`` for one suit, ``♠A ♥K`` across suits: as the books print holdings."""
    cards = sorted(cards, key=lambda c: (-SUITS_HIGH_FIRST.index(c.suit), c.rank), reverse=True)
    out: list[str] = []
    last: Suit | None = None
    for c in cards:
        out.append(str(c) if c.suit != last else c.rank.display)
        last = c.suit
    return " ".join(out)


def listed(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def number_word(n: int) -> str:
    """``none``, ``one`` … ``eleven``; figures above that."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)
