"""The laws of play, as pure functions over immutable states.

Follow suit (PLAY-3), trick winner (PLAY-5), the winner leads next (PLAY-6), the revoke
(REV-1) and dummy's immunity (REV-2) — ids from ``shared/docs/rules-reference.md`` §2.
No I/O, no file formats.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .cards import Card, Suit
from .seats import Pair, Seat

__all__ = [
    "IllegalPlay",
    "Trick",
    "State",
    "trick_winner",
    "tricks_won",
    "legal_cards",
    "is_revoke",
    "start",
    "apply",
]


class IllegalPlay(ValueError):
    """A card that the laws do not allow here."""

    def __init__(self, message: str, code: str, seat: Seat, card: Card, should: Card | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.seat = seat
        self.card = card
        self.should = should


class Trick(NamedTuple):
    """A trick: its number in the deal, who led, the cards in the order played, the winner."""

    number: int
    leader: Seat
    plays: tuple[tuple[Seat, Card], ...]
    winner: Seat | None  # None while the trick is incomplete

    @property
    def led_suit(self) -> Suit | None:
        return self.plays[0][1].suit if self.plays else None

    def card_of(self, seat: Seat) -> Card | None:
        for s, c in self.plays:
            if s == seat:
                return c
        return None


def trick_winner(plays: Sequence[tuple[Seat, Card]], trump: Suit | None) -> Seat:
    """PLAY-5: the highest trump if any was played, else the highest card of the suit led."""
    best_seat, best = plays[0]
    for seat, card in plays[1:]:
        if card.suit == best.suit:
            if card.rank > best.rank:
                best_seat, best = seat, card
        elif trump is not None and card.suit == trump:
            best_seat, best = seat, card  # the first trump on a plain-suit lead
    return best_seat


def legal_cards(hand: Iterable[Card], led: Suit | None) -> frozenset[Card]:
    """PLAY-2/3: any card to a lead; otherwise a card of the suit led if the hand has one."""
    cards = frozenset(hand)
    if led is None:
        return cards
    follow = frozenset(c for c in cards if c.suit == led)
    return follow or cards


def is_revoke(hand_before: Iterable[Card], led: Suit, card: Card) -> bool:
    """REV-1: the card is of another suit while the hand still held one of the suit led."""
    return card.suit != led and any(c.suit == led for c in hand_before)


@dataclass(frozen=True, slots=True)
class State:
    """A position: what each seat holds, whose turn it is, the trick so far, tricks won."""

    hands: tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]  # by Seat
    trump: Suit | None
    dummy: Seat | None
    leader: Seat
    current: tuple[tuple[Seat, Card], ...] = ()
    tricks: tuple[Trick, ...] = ()
    first_trick: int = 1

    @property
    def to_play(self) -> Seat:
        return self.leader.next(len(self.current))

    @property
    def trick_number(self) -> int:
        return self.first_trick + len(self.tricks)

    @property
    def is_over(self) -> bool:
        return not self.current and not any(self.hands)

    def hand(self, seat: Seat) -> frozenset[Card]:
        return self.hands[seat]

    def legal(self) -> frozenset[Card]:
        led = self.current[0][1].suit if self.current else None
        return legal_cards(self.hands[self.to_play], led)

    def tricks_won(self) -> dict[Pair, int]:
        return tricks_won(self.tricks)


def tricks_won(tricks: Iterable[Trick]) -> dict[Pair, int]:
    """Tricks won by each compass partnership."""
    out = {Pair.NS: 0, Pair.EW: 0}
    for t in tricks:
        if t.winner is not None:
            out[t.winner.side] += 1
    return out


def start(
    hands: Mapping[Seat, Iterable[Card]],
    trump: Suit | None,
    leader: Seat,
    dummy: Seat | None = None,
    first_trick: int = 1,
) -> State:
    h = tuple(frozenset(hands.get(s, ())) for s in Seat)
    return State(h, trump, dummy, leader, first_trick=first_trick)  # type: ignore[arg-type]


def apply(state: State, card: Card, *, allow_dummy_renounce: bool = True, revokes: bool = False) -> State:
    """Play ``card`` for the seat whose turn it is; raises :class:`IllegalPlay` if the laws forbid it.

    Dummy's failure to follow is not a revoke (REV-2); it is allowed unless
    ``allow_dummy_renounce`` is False.  ``revokes``: a revoke stands (a book's play, kept as printed).
    """
    seat = state.to_play
    hand = state.hands[seat]
    if card not in hand:
        raise IllegalPlay(f"{seat.word} does not hold {card}", "card-not-held", seat, card)
    if state.current and not revokes:
        led = state.current[0][1].suit
        if is_revoke(hand, led, card) and (seat != state.dummy or not allow_dummy_renounce):
            should = min(c for c in hand if c.suit == led)
            raise IllegalPlay(
                f"{seat.word} plays {card} to a {led.word[:-1]} lead while holding {should}",
                "revoke",
                seat,
                card,
                should,
            )
    left = hand - {card}
    n, e, s, w = (left if i == seat else h for i, h in enumerate(state.hands))
    hands = (n, e, s, w)
    current = state.current + ((seat, card),)
    if len(current) < 4:
        return State(hands, state.trump, state.dummy, state.leader, current, state.tricks, state.first_trick)
    winner = trick_winner(current, state.trump)
    trick = Trick(state.trick_number, state.leader, current, winner)
    return State(hands, state.trump, state.dummy, winner, (), state.tricks + (trick,), state.first_trick)
