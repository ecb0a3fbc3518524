"""The positions the double-dummy analysis walks through: one before each card of the recorded play.

A ``Position`` is the four hands, the trick so far, its leader, the trump and the tricks each side has
won so far in the recorded play; ``play`` gives the next one.  ``position_key`` names a position in the
solver's cache.  Pure: nothing here asks the solver.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from ..rules.cards import Card, Rank, Suit, format_holding
from ..rules.game import Game
from ..rules.play import legal_cards, trick_winner
from ..rules.seats import Pair, Seat

__all__ = ["Play", "Position", "equal_cards", "index_of", "pbn", "position_key", "recorded_positions"]

#: a card of the recorded play: the deal's number of its trick, the seat that played it, the card
Play = tuple[int, Seat, Card]


class Position:
    """A position of the play: the hands (by Seat), the trick so far, its leader, the trump and
    the tricks won so far in the recorded play (NS, EW).  Built once per card, so what the
    analysis reads often (the cache key, the seat to play, the tricks left) is worked out here."""

    __slots__ = (
        "_pbns",
        "_trick",
        "current",
        "hands",
        "key",
        "leader",
        "remaining",
        "to_play",
        "trump",
        "won",
    )

    def __init__(
        self,
        hands: tuple[frozenset[Card], ...],
        leader: Seat,
        current: tuple[tuple[Seat, Card], ...],
        trump: Suit | None,
        won: tuple[int, int],
        pbns: tuple[str, ...] | None = None,
        trick: str | None = None,
        remaining: int | None = None,
    ) -> None:
        self.hands = hands
        self.leader = leader
        self.current = current
        self.trump = trump
        self.won = won
        self._pbns = pbns if pbns is not None else tuple(pbn(h) for h in hands)
        self._trick = trick if trick is not None else " ".join(c.ascii() for _, c in current)
        self.key = f"{'N' if trump is None else trump.letter} {leader.name} {' '.join(self._pbns)} | {self._trick}".rstrip()
        #: tricks left to play, the current one included
        self.remaining = (
            remaining if remaining is not None else (sum(len(h) for h in hands) + len(current) + 3) // 4
        )
        self.to_play = leader.next(len(current))

    @property
    def at_boundary(self) -> bool:
        return not self.current

    def legal(self) -> frozenset[Card]:
        led = self.current[0][1].suit if self.current else None
        return legal_cards(self.hands[self.to_play], led)

    def won_by(self, side: Pair) -> int:
        return self.won[0] if side is Pair.NS else self.won[1]

    def play(self, card: Card) -> Position:
        seat = self.to_play
        hands = list(self.hands)
        hands[seat] = left = hands[seat] - {card}
        pbns = list(self._pbns)
        pbns[seat] = pbn(left)
        current = self.current + ((seat, card),)
        if len(current) < 4:
            trick = f"{self._trick} {card.ascii()}" if self._trick else card.ascii()
            return Position(
                tuple(hands), self.leader, current, self.trump, self.won, tuple(pbns), trick, self.remaining
            )
        winner = trick_winner(current, self.trump)
        won = (self.won[0] + 1, self.won[1]) if winner.side is Pair.NS else (self.won[0], self.won[1] + 1)
        return Position(tuple(hands), winner, (), self.trump, won, tuple(pbns), "", self.remaining - 1)


def equal_cards(card: Card, other: Card, pos: Position) -> bool:
    """Whether two cards are equal in ``pos`` (either takes the same tricks): same suit, one hand,
    and every card between them is in that hand or already out of play (the trick's cards count
    as in play)."""
    if card.suit != other.suit:
        return False
    mine = pos.hands[pos.to_play]
    live = set().union(*pos.hands) | {c for _, c in pos.current}
    lo, hi = sorted((card.rank, other.rank))
    return all(
        Card(card.suit, Rank(r)) in mine or Card(card.suit, Rank(r)) not in live for r in range(lo + 1, hi)
    )


def position_key(
    hands: Sequence[Iterable[Card]], leader: Seat, trick: Sequence[Card], trump: Suit | None
) -> str:
    """The cache key of a position: trump, leader of the trick, the four hands (N E S W, PBN)
    and the cards of the trick so far, e.g. ``H W Q2.AKJ42.A93.654 … | SA``."""
    t = "N" if trump is None else trump.letter
    body = " ".join(pbn(h if isinstance(h, frozenset) else frozenset(h)) for h in hands)
    so_far = " ".join(c.ascii() for c in trick)
    return f"{t} {leader.name} {body} | {so_far}".rstrip()


@functools.lru_cache(maxsize=8192)
def pbn(cards: frozenset[Card]) -> str:
    """``Q2.AKJ42.A93.654``: spades first, ranks high to low."""
    return format_holding(cards, pbn=True)


def _trump_of(game: Game) -> Suit | None:
    if game.declaration is None:
        raise ValueError("the hand declares no trump: there is nothing to analyse")
    return game.declaration.strain.trump


def _start(game: Game) -> Position:
    leader = game.tricks[0].leader if game.tricks else game.opening_leader
    hands = tuple(frozenset(game.deal.get(s, frozenset())) for s in Seat)
    return Position(hands, leader, (), _trump_of(game), (0, 0))


def recorded_positions(game: Game) -> tuple[list[Position], list[Play]]:
    """The positions before each recorded card, and one after the last; and the cards played."""
    pos = _start(game)
    out = [pos]
    plays: list[Play] = []
    for t in game.tricks:
        for seat, card in t.plays:
            if seat != pos.to_play or card not in pos.hands[seat]:
                raise ValueError(
                    f"trick {t.number}: {seat.name} plays {card} out of turn or without holding it"
                )
            plays.append((t.number, seat, card))
            pos = pos.play(card)
            out.append(pos)
    return out, plays


def index_of(plays: Sequence[Play], trick: int, seat: Seat | None) -> int | None:
    """Where ``seat``'s card of ``trick`` is in the recorded play (its position comes just before
    it); with no seat, the start of ``trick`` — also the trick just after the last recorded one."""
    for i, (number, s, _) in enumerate(plays):
        if number == trick and (seat is None or s == seat):
            return i
    if seat is None and plays and trick == plays[-1][0] + 1 and len(plays) % 4 == 0:
        return len(plays)
    if seat is None and not plays and trick == 1:
        return 0
    return None
