"""Best lines: the double-dummy best play from a point of the recorded play to the end of the deal.

Where the book's card is among the best it is kept, so a line leaves the book only where double dummy
must.  A refuted claim shows such a line.
"""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence

from ..rules.cards import Card
from ..rules.game import Game
from ..rules.seats import Seat
from .naming import Naming
from .positions import Position, index_of, recorded_positions
from .solver import Solver

__all__ = ["Line", "best_line", "best_line_from", "line_text"]

#: a line of play: each card with the seat that plays it
Line = tuple[tuple[Seat, Card], ...]


def best_line(
    game: Game,
    trick: int,
    cache: MutableMapping[str, int] | None = None,
    first: Card | None = None,
    seat: Seat | None = None,
) -> Line:
    """The double-dummy best play from the start of ``trick`` (or, with ``seat``, from just before
    that seat's card at ``trick``), to the end of the deal; ``first`` forces the first card.
    Where the book's card is among the best it is kept, so the line leaves the book only where
    double dummy must."""
    positions, plays = recorded_positions(game)
    i = index_of(plays, trick, seat)
    if i is None:
        raise ValueError(f"trick {trick} is not in the recorded play")
    solver = Solver(cache)
    return best_line_from(solver, positions[i], [c for _, _, c in plays[i:]], first)


def best_line_from(solver: Solver, pos: Position, book: Sequence[Card], first: Card | None = None) -> Line:
    """The best line from ``pos``, as ``best_line`` gives it; ``book``: the recorded cards from there on."""
    line: list[tuple[Seat, Card]] = []
    on_book = True
    k = 0
    while pos.remaining > 0:
        legal = pos.legal()
        if not legal:
            break
        seat = pos.to_play
        if first is not None and not line:
            card = first
            on_book = on_book and k < len(book) and book[k] == card
        elif len(legal) == 1:
            (card,) = legal
            on_book = on_book and k < len(book) and book[k] == card
        elif on_book and k < len(book) and book[k] in legal and _keeps(solver, pos, book[k]):
            card = book[k]  # the book's card is among the best (known from the analysis's cache)
        else:
            on_book = False
            values = solver.card_values(pos)
            top = max(values.values())
            card = min((c for c, v in values.items() if v == top), key=lambda c: (c.rank, c.suit))
        line.append((seat, card))
        pos = pos.play(card)
        k += 1
    return tuple(line)


def _keeps(solver: Solver, pos: Position, card: Card) -> bool:
    """Whether ``card`` keeps the value of ``pos`` for the side to play."""
    nxt = pos.play(card)
    mine = solver.value_for(nxt, pos.to_play.side)
    if nxt.remaining < pos.remaining:  # the card ended the trick: count it
        mine += 1 if nxt.leader.side == pos.to_play.side else 0
    return mine == solver.value(pos)


def line_text(line: Sequence[tuple[Seat, Card]], offset: int = 0, naming: Naming | None = None) -> str:
    """``A: ♦2 ♦4 ♦K ♦6 | B: ♦A ♦9 ♦8 ♦5 | …``, a group a trick, named by its first card's player;
    ``offset``: cards of the first trick already played before the line starts."""
    out = []
    j = 0
    size = 4 - offset % 4
    while j < len(line):
        group = line[j : j + size]
        seat = group[0][0]
        who = naming.seat(seat) if naming is not None else seat.name
        out.append(f"{who}: " + " ".join(str(c) for _, c in group))
        j += size
        size = 4
    return " | ".join(out)
