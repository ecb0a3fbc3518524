"""Honours held, read from the deal: the trump A K Q J 10, or the four aces at no-trumps.

Honours are credited to the original holders, whoever won the tricks [BW-13; S0 L6; S2 L6].
Pure: no I/O.  Scoring values for them belong to the scoring rules; this module only counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..rules.cards import Card, Rank, Strain, Suit
from ..rules.seats import Pair, Seat

__all__ = ["Honours", "honours_held", "HONOUR_RANKS"]

HONOUR_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)


@dataclass(frozen=True, slots=True)
class Honours:
    """Who held which honours.  ``by_seat`` lists each seat's honours, highest first."""

    strain: Strain
    by_seat: Mapping[Seat, tuple[Card, ...]]
    void: frozenset[Seat] = frozenset()  # seats that held no trump

    @property
    def at_notrump(self) -> bool:
        return self.strain is Strain.NOTRUMP

    def of_side(self, side: Pair) -> tuple[Card, ...]:
        """Honours held by a compass partnership."""
        return tuple(c for s, cards in self.by_seat.items() if s.side == side for c in cards)

    def count(self, side: Pair) -> int:
        return len(self.of_side(side))

    def most_in_one_hand(self, side: Pair) -> int:
        return max((len(cards) for s, cards in self.by_seat.items() if s.side == side), default=0)

    def chicane(self, side: Pair) -> int:
        """How many hands of the side held no trump (0, 1 or 2); always 0 at no-trumps."""
        trump = self.strain.trump
        if trump is None:
            return 0
        return sum(1 for s in self.void if s.side == side)

    def describe(self, side: Pair, labels: Mapping[Seat, str] | None = None) -> str:
        """E.g. ``♥A Q J with Y, ♥10 with Z`` (seats named by ``labels`` when given)."""
        parts = []
        for s, cards in self.by_seat.items():
            if s.side != side or not cards:
                continue
            name = labels[s] if labels else s.name
            suit = cards[0].suit.symbol
            parts.append(f"{suit}{' '.join(c.rank.display for c in cards)} with {name}")
        return ", ".join(parts) if parts else "none"


def honours_held(deal: Mapping[Seat, Iterable[Card]], strain: Strain) -> Honours:
    """Count honours in a full deal: trump A K Q J 10, or the aces at no-trumps [S2 L5; S0 L5]."""
    trump: Suit | None = strain.trump
    by_seat: dict[Seat, tuple[Card, ...]] = {}
    void: set[Seat] = set()
    for seat in Seat:
        cards = list(deal.get(seat, ()))
        if trump is None:
            held = [c for c in cards if c.rank == Rank.ACE]
        else:
            held = [c for c in cards if c.suit == trump and c.rank in HONOUR_RANKS]
            if not any(c.suit == trump for c in cards):
                void.add(seat)
        by_seat[seat] = tuple(sorted(held, key=lambda c: (-c.suit, -c.rank)))
    return Honours(strain, by_seat, frozenset(void))
