"""The double-dummy solver: Bo Haglund's DDS, asked only through here, with a cache in front of it.

Nothing in replayer solves a deal itself: every number comes from DDS, the library `endplay
<https://pypi.org/project/endplay/>`_ ships (called through ``dds``, which loads it without the rest of
endplay) — ``AnalysePlayBin`` for the value of each position along a recorded line (one call per run
of tricks), and ``SolveBoard`` for the value of every legal card in a position, or for the cards that
keep a value already known.  The one exception is the last trick, where each hand holds one card and
there is nothing to choose; and a position whose best cards follow from what is known (its value, a
card that loses tricks, and the cards equal to it) is not solved again.

Every solved position is kept in the ``cache`` mapping the caller passes (string keys, integer values:
a JSON object), so a rebuild asks the solver nothing it has answered before.  DDS is loaded only
when a position must be solved, so replayer imports without endplay (``dds_available()`` says
whether it can be used).
"""

from __future__ import annotations

import contextlib
import importlib.util
from collections.abc import Iterator, MutableMapping, Sequence
from typing import TYPE_CHECKING

from ..rules.cards import Card, Rank, Suit
from ..rules.play import trick_winner
from ..rules.seats import Pair, Seat
from .positions import Position, equal_cards

if TYPE_CHECKING:  # pragma: no cover
    from .dds import DdsDeal

__all__ = ["INSTALL_HINT", "Solver", "dds_available", "dds_deal"]

INSTALL_HINT = "double-dummy analysis needs endplay: pip install replayer[dds]"


def dds_available() -> str | None:
    """None when endplay (and its DDS) is installed; otherwise a message saying how to install it.

    Only looks for the package: loading DDS allocates its tables (some 25 MiB), which a build
    whose positions are all cached never needs."""
    try:
        found = importlib.util.find_spec("endplay") is not None
    except (ImportError, ValueError) as exc:
        return f"{INSTALL_HINT} ({exc})"
    return None if found else f"{INSTALL_HINT} (no module named 'endplay')"


class Solver:
    """Asks DDS for values, and keeps them in ``cache``.

    ``cache[key]`` is the value of the position for the side to play (the tricks it takes from
    the remaining ones, the current trick included); ``cache[key + " > " + card]`` the value
    after that card, for the same side (from ``SolveBoard``); ``cache[key + " >>"]`` the value,
    once the cards that keep it are known (those are then the cards cached with it).
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
            from .dds import analyse_play

            self.calls += 1
            values = analyse_play(dds_deal(start), [_dds_card(c) for c in cards])
        # AnalysePlayBin counts the tricks of the side of the leader's right-hand opponent, in all
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

    def best_cards(self, pos: Position, worse: Card | None = None) -> tuple[int, list[Card]]:
        """The value of the position for the side to play, and the legal cards that keep it.

        ``worse``: a legal card the caller knows to lose tricks (a double-dummy error of the play).
        When the position's value is known, the cards equal to ``worse`` lose as many, so if one run
        of equal cards is left it is the best, and nothing is solved; otherwise DDS is asked for
        the cards that reach the known value (quicker than finding it again), or, when it is not
        known, for the optimal cards."""
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
        if marked is not None:
            return int(marked), [c for c in legal if known[c] == marked]
        value = self.cache.get(key)
        kept = _left_when_worse(pos, legal, worse) if value is not None else None
        if value is not None and kept is not None:
            top = int(value)
            for c in kept:
                self.cache[f"{key} > {c.ascii()}"] = top
        else:
            out = self._solve(pos, legal, optimal=True, target=None if value is None else int(value))
            top = int(value) if value is not None else max(out.values())
            kept = [c for c in legal if out.get(c) == top]
        self.cache[f"{key} >>"] = top
        self.cache[key] = top
        return top, kept

    def _solve(
        self, pos: Position, legal: Sequence[Card], optimal: bool, target: int | None = None
    ) -> dict[Card, int]:
        """``SolveBoard``: every legal card's value, or (``optimal``) the best cards' only — those that
        reach ``target`` when the position's value is known (all of them when it is 0)."""
        with _needs_endplay():
            from .dds import solve_board

            self.calls += 1
            # DDS's target 0 means "any legal card": a known value of 0 is found as the best again
            aim, solutions = (-1, 3) if not optimal else (target, 2) if target else (-1, 2)
            solved = solve_board(dds_deal(pos), aim, solutions)
        out = {c: score for d, r, score in solved if (c := Card(Suit(3 - d), Rank(r))) in legal}
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
# DDS: loaded only when a position must be solved


@contextlib.contextmanager
def _needs_endplay() -> Iterator[None]:
    """Turns a missing endplay into an ImportError that says how to install it."""
    try:
        yield
    except ImportError as exc:
        raise ImportError(f"{INSTALL_HINT} ({exc})") from exc


def _dds_card(card: Card) -> tuple[int, int]:
    """Our card in DDS's numbers: (denomination, rank), ♠ = 0 … ♣ = 3."""
    return 3 - int(card.suit), int(card.rank)


def dds_deal(pos: Position) -> DdsDeal:
    """The position as DDS's deal: the hands left, the trick's leader and its cards played."""
    from .dds import make_deal

    trump = 4 if pos.trump is None else 3 - int(pos.trump)
    current = [_dds_card(c) for _, c in pos.current]
    return make_deal(trump, int(pos.leader), current, [[_dds_card(c) for c in pos.hands[s]] for s in Seat])


def _left_when_worse(pos: Position, legal: Sequence[Card], worse: Card | None) -> list[Card] | None:
    """The legal cards not equal to ``worse`` when they are one run of equal cards (each keeps the
    value, as one of them must); None when there is no such card or more than one run is left."""
    if worse is None or worse not in legal:
        return None
    others = [c for c in legal if not equal_cards(c, worse, pos)]
    if not others or not all(equal_cards(c, others[0], pos) for c in others):
        return None
    return others
