"""The double-dummy analysis of the recorded play: every card weighed.

Numbers are *tricks the side can take with best play by all four hands*, counting the tricks it has
already won in the recorded play, so they compare across the hand: a card that lowers its side's
number is a double-dummy error (``cost``), and the next card of the other side shows the tricks it
gained (``gain``).  The solver and its cache are ``solver``'s.  Pure: no file I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass

from ..rules.cards import Card, Suit
from ..rules.game import Game
from ..rules.seats import Pair, Seat
from .naming import Naming
from .positions import Position, recorded_positions
from .solver import Solver

__all__ = ["CardAnalysis", "PlayAnalysis", "analyse"]


# Results


@dataclass(frozen=True, slots=True)
class CardAnalysis:
    """One card of the recorded play, as double dummy sees it.

    ``side`` (``NS``/``EW``) is the side of the player of the card.  ``before``: the tricks that
    side can take with best play from the position before the card (the best of his legal cards),
    counting the tricks it has already won; ``after``: the same given this card.  ``cost`` =
    ``before − after`` (> 0: an error double dummy); ``gain``: the tricks the side gained from the
    other side's errors since its own previous card (its ``before`` less its previous ``after``).
    ``best``: when the card is an error, the legal cards that would have kept ``before``.
    """

    index: int  # 0-based, in play order over the recorded play
    trick: int
    seat: Seat
    card: Card
    side: Pair
    before: int
    after: int
    cost: int
    gain: int
    best: tuple[Card, ...] = ()
    text: str = ""

    @property
    def is_error(self) -> bool:
        return self.cost > 0


@dataclass(frozen=True, slots=True)
class PlayAnalysis:
    """The double-dummy story of the recorded play.

    ``start``: the tricks each side (``NS``, ``EW``) can take from the recorded position with best
    play; ``end``: what each side takes at the end of the recorded play (the tricks it won, plus
    the double-dummy value of any cards left unplayed); ``total``: the tricks in the position.
    ``solver_calls``: how many times the solver was asked (0 when every position came from the
    cache).
    """

    trump: Suit | None
    first_trick: int
    total: int
    start: Mapping[Pair, int]
    end: Mapping[Pair, int]
    cards: tuple[CardAnalysis, ...]
    solver_calls: int = 0

    @property
    def errors(self) -> tuple[CardAnalysis, ...]:
        return tuple(c for c in self.cards if c.cost > 0)

    def card(self, trick: int, seat: Seat) -> CardAnalysis | None:
        for c in self.cards:
            if c.trick == trick and c.seat == seat:
                return c
        return None


# ---------------------------------------------------------------------------------------------
# The analysis of the recorded play


def analyse(
    game: Game, cache: MutableMapping[str, int] | None = None, *, best: bool = True, letters: bool = True
) -> PlayAnalysis:
    """Double-dummy numbers for every card of the recorded play (see :class:`CardAnalysis`).

    ``cache`` (string → int) keeps every solved position; pass the same mapping again and nothing
    is solved twice.  ``best``: for each error, find the cards that would have kept the tricks
    (one ``solve_board`` per error).  ``letters``: name sides ``A–B``/``Y–Z`` in the texts (else
    ``N–S``/``E–W``).  Raises ImportError (with the install hint) when endplay is missing and a
    position has to be solved.
    """
    positions, plays = recorded_positions(game)
    solver = Solver(cache)
    # the validator has checked every card but the established revokes it keeps as printed
    solver.fill_line(positions, [c for _, _, c in plays], all_legal=not game.revokes)

    total = positions[0].remaining
    first = positions[0]
    v0 = solver.value(first)
    start = {first.to_play.side: v0, first.to_play.side.other: total - v0}

    def tricks(pos: Position, side: Pair) -> int:
        return pos.won_by(side) + solver.value_for(pos, side)

    naming = Naming.of(game, letters)
    ns = [tricks(p, Pair.NS) for p in positions]  # N–S's number at each position; E–W's is total − it
    last_after = dict(start)
    cards: list[CardAnalysis] = []
    for i, (number, seat, card) in enumerate(plays):
        side = seat.side
        if side is Pair.NS:
            before, after = ns[i], ns[i + 1]
        else:
            before, after = total - ns[i], total - ns[i + 1]
        cost = before - after
        gain = before - last_after[side]
        kept: tuple[Card, ...] = ()
        if cost > 0 and best:
            kept = tuple(sorted(solver.best_cards(positions[i], card)[1], reverse=True))
        names = (naming.side(side), naming.side(side.other))
        text = _card_text(card, *names, before, after, cost, gain, kept)
        cards.append(CardAnalysis(i, number, seat, card, side, before, after, cost, gain, kept, text))
        last_after[side] = after
    final = positions[-1]
    end = {s: tricks(final, s) for s in Pair}
    return PlayAnalysis(first.trump, game.first_trick, total, start, end, tuple(cards), solver.calls)


def _tricks_word(n: int) -> str:
    return "a trick" if n == 1 else f"{n} tricks"


def _card_text(
    card: Card, side: str, opp: str, before: int, after: int, cost: int, gain: int, best: Sequence[Card]
) -> str:
    parts: list[str] = []
    if gain > 0:
        parts.append(
            f"{side} gain {_tricks_word(gain)} from {opp}'s error ({before} now, {before - gain} before it)"
        )
    if cost > 0:
        text = f"costs {_tricks_word(cost)} ({side} could have made {before}; now {after})"
        if best:
            text += f"; {' or '.join(str(b) for b in best[:4])}{' …' if len(best) > 4 else ''} kept {before}"
        parts.append(text)
    if not parts:
        parts.append(f"{side} can still make {after}")
    return f"{card}: " + "; ".join(parts)
