"""The double-dummy solver: endplay's DDS, asked only through here, with a cache in front of it.

Nothing in replayer solves a deal itself: every number comes from Bo Haglund's double-dummy solver as
wrapped by `endplay <https://pypi.org/project/endplay/>`_ — ``endplay.dds.analyse_play`` for the value
of each position along a recorded line (one call per run of tricks), and ``endplay.dds.solve_board``
for the value of every legal card in a position.  The one exception is the last trick, where each hand
holds one card and there is nothing to choose.

Every solved position is kept in the ``cache`` mapping the caller passes (string keys, integer values:
a JSON object), so a rebuild asks the solver nothing it has answered before.  endplay is imported only
when a position must be solved, so replayer imports without it (``dds_available()`` says whether it
can be used).
"""

from __future__ import annotations

import contextlib
import importlib.util
from collections.abc import Iterator, MutableMapping, Sequence
from typing import TYPE_CHECKING

from ..rules.cards import Card, Rank, Suit
from ..rules.play import trick_winner
from ..rules.seats import Pair
from .positions import Position, pbn

if TYPE_CHECKING:  # pragma: no cover
    from endplay.types import Card as EndplayCard
    from endplay.types import Deal

__all__ = ["INSTALL_HINT", "Solver", "dds_available", "endplay_deal"]

INSTALL_HINT = "double-dummy analysis needs endplay: pip install replayer[dds]"


def dds_available() -> str | None:
    """None when endplay (and its DDS) is installed; otherwise a message saying how to install it.

    Only looks for the package: importing endplay costs most of a second, which a build whose
    positions are all cached never needs to pay."""
    try:
        found = importlib.util.find_spec("endplay") is not None
    except (ImportError, ValueError) as exc:
        return f"{INSTALL_HINT} ({exc})"
    return None if found else f"{INSTALL_HINT} (no module named 'endplay')"


class Solver:
    """Asks endplay for values, and keeps them in ``cache``.

    ``cache[key]`` is the value of the position for the side to play (the tricks it takes from
    the remaining ones, the current trick included); ``cache[key + " > " + card]`` the value
    after that card, for the same side (from ``solve_board``).
    """

    def __init__(self, cache: MutableMapping[str, int] | None) -> None:
        self.cache: MutableMapping[str, int] = cache if cache is not None else {}
        self.calls = 0

    # -- values of whole positions ---------------------------------------------------------

    def value(self, pos: Position) -> int:
        """Tricks the side to play takes from the remaining ones with best play."""
        if pos.remaining <= 1:
            return _last_trick_value(pos)
        key = pos.key
        hit = self.cache.get(key)
        if hit is not None:
            return int(hit)
        return max(self.card_values(pos).values())

    def fill_line(
        self, positions: Sequence[Position], cards: Sequence[Card], all_legal: bool = False
    ) -> None:
        """Solve every position of a recorded line that is not in the cache, by ``analyse_play``:
        one call from the trick boundary before the first missing position to the end of the line.
        A trick holding a card the laws forbid (an established revoke, kept as the book printed
        it) is not a trace DDS accepts: its positions are solved one by one with ``solve_board``.
        ``all_legal``: the caller knows every card is legal (skips the check)."""
        n = len(positions)
        i = 0
        while i < n:
            if positions[i].remaining <= 1 or positions[i].key in self.cache:
                i += 1
                continue
            b = i
            while not positions[b].at_boundary:
                b -= 1
            e = len(cards) if all_legal else b  # the run of legal cards from b
            while e < len(cards) and cards[e] in positions[e].legal():
                e += 1
            if e < len(cards):  # stop before the trick of the illegal card
                while e > b and not positions[e].at_boundary:
                    e -= 1
            if e > b:
                self._analyse(positions[b : e + 1], cards[b:e])
                i = e + 1
                continue
            j = b  # the trick with the illegal card, position by position
            while j < n and (j == b or not positions[j].at_boundary):
                if positions[j].remaining > 1 and positions[j].key not in self.cache:
                    self.card_values(positions[j])
                j += 1
            i = j

    def _analyse(self, positions: Sequence[Position], cards: Sequence[Card]) -> None:
        start = positions[0]
        with _needs_endplay():
            from endplay.dds import analyse_play
        self.calls += 1
        result = analyse_play(endplay_deal(start), [_ecard(c) for c in cards])
        values = list(result)
        # analyse_play counts the tricks of the side of the leader's right-hand opponent, in all
        # (those won along the trace included); it gives nothing inside the last trick.
        declarer_side = start.leader.rho.side
        for k, v in enumerate(values):
            if k >= len(positions):
                break
            pos = positions[k]
            if pos.remaining <= 1:
                continue
            won_in_trace = pos.won_by(declarer_side) - start.won_by(declarer_side)
            mine = v - won_in_trace
            if pos.to_play.side != declarer_side:
                mine = pos.remaining - mine
            self.cache[pos.key] = mine

    # -- values of each legal card ---------------------------------------------------------

    def card_values(self, pos: Position) -> dict[Card, int]:
        """For each legal card, the tricks the side to play takes from the remaining ones."""
        legal = sorted(pos.legal())
        if pos.remaining <= 1:
            me = pos.to_play.side
            return {c: self.value_for(pos.play(c), me) for c in legal}
        key = pos.key
        known = {c: v for c in legal if (v := self.cache.get(f"{key} > {c.ascii()}")) is not None}
        if len(known) == len(legal):
            return {c: int(v) for c, v in known.items()}
        out = self._solve(pos, legal, optimal=False)
        self.cache[key] = max(out.values())
        return out

    def best_cards(self, pos: Position) -> tuple[int, list[Card]]:
        """The value of the position for the side to play, and the legal cards that keep it
        (``solve_board`` asked for the optimal cards only, which is quicker than all of them)."""
        legal = sorted(pos.legal())
        if pos.remaining <= 1:
            values = self.card_values(pos)
            top = max(values.values())
            return top, [c for c in legal if values[c] == top]
        key = pos.key
        marked = self.cache.get(f"{key} >>")  # set when the optimal cards were solved
        known = {c: self.cache.get(f"{key} > {c.ascii()}") for c in legal}
        if marked is None and all(v is not None for v in known.values()):
            marked = max(int(v) for v in known.values() if v is not None)
        if marked is None:
            out = self._solve(pos, legal, optimal=True)
            top = max(out.values())
            self.cache[f"{key} >>"] = top
            self.cache[key] = top
            return top, [c for c in legal if out.get(c) == top]
        return int(marked), [c for c in legal if known[c] == marked]

    def _solve(self, pos: Position, legal: Sequence[Card], optimal: bool) -> dict[Card, int]:
        with _needs_endplay():
            from endplay.dds import solve_board
            from endplay.dds.solve import SolveMode
        self.calls += 1
        solved = solve_board(endplay_deal(pos), SolveMode.OptimalAll if optimal else SolveMode.Default)
        out: dict[Card, int] = {}
        for ecard, tricks in solved:
            card = _card(ecard)
            if card in legal:
                out[card] = int(tricks)
        if not optimal and set(out) != set(legal):  # never expected: DDS answers for every legal card
            missing = ", ".join(str(c) for c in legal if c not in out)
            raise RuntimeError(f"the solver gave no value for {missing} in {pos.key}")
        for c, v in out.items():
            self.cache[f"{pos.key} > {c.ascii()}"] = v
        return out

    def value_for(self, pos: Position, side: Pair) -> int:
        """Tricks ``side`` takes from the remaining ones with best play."""
        v = self.value(pos)
        return v if pos.to_play.side == side else pos.remaining - v


# ---------------------------------------------------------------------------------------------
# The last trick, which needs no solver


def _last_trick_value(pos: Position) -> int:
    """The last trick: each hand holds at most one card; 1 if the side to play wins it."""
    if pos.remaining == 0:
        return 0
    plays = list(pos.current)
    seat = pos.to_play
    while len(plays) < 4:
        (card,) = pos.hands[seat] or (None,)
        if card is None:
            raise ValueError("a hand has run out of cards before the others")
        plays.append((seat, card))
        seat = seat.next()
    return 1 if trick_winner(plays, pos.trump).side == pos.to_play.side else 0


# ---------------------------------------------------------------------------------------------
# endplay: imported only here, and only when a position must be solved


@contextlib.contextmanager
def _needs_endplay() -> Iterator[None]:
    """Turns a missing endplay into an ImportError that says how to install it."""
    try:
        yield
    except ImportError as exc:
        raise ImportError(f"{INSTALL_HINT} ({exc})") from exc


def endplay_deal(pos: Position) -> Deal:
    """The position as endplay's deal: the hands at the start of the trick, its cards played."""
    from endplay.types import Deal, Denom, Player

    hands = list(pos.hands)
    for seat, card in pos.current:
        hands[seat] = hands[seat] | {card}
    text = "N:" + " ".join(pbn(h) if h else "..." for h in hands)
    trump = Denom.nt if pos.trump is None else Denom(3 - int(pos.trump))
    deal = Deal(text, first=Player(int(pos.leader)), trump=trump)
    for _, card in pos.current:
        deal.play(_ecard(card))
    return deal


_ECARDS: dict[Card, EndplayCard] = {}


def _ecard(card: Card) -> EndplayCard:
    """endplay's card for ours (made once each: endplay builds its cards slowly)."""
    e = _ECARDS.get(card)
    if e is None:
        from endplay.types import Card as ECard

        e = _ECARDS[card] = ECard(card.ascii())
    return e


def _card(ecard: EndplayCard) -> Card:
    suit = Suit(3 - int(ecard.suit))
    return Card(suit, Rank(int(ecard.rank).bit_length() - 1))
