"""Scoring: the itemised score of one deal, and the running score sheet of a rubber.

The shared vocabulary of the three rule sets.  Each rule set's arithmetic lives in its own
module (``score_bridge_whist``, ``score_auction``, ``score_contract``) and returns a
:class:`DealScore` made of :class:`ScoreLine` items, so a lesson can show *why* each number is
there, as the players of the day wrote it: trick points below the line, everything else above.
Pure: no I/O.  Sides are compass partnerships, ``NS`` and ``EW``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from ..rules.cards import Pair, Strain

__all__ = ["SIDES", "Side", "ScoreLine", "DealScore", "DealFacts", "other_side"]

#: a side of the score sheet is a compass partnership
Side = Pair
Column = Literal["below", "above"]


SIDES: tuple[Side, Side] = (Pair.NS, Pair.EW)


def other_side(side: Side) -> Side:
    return Pair(side).other


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One entry on the score sheet.

    ``kind`` is one of: ``tricks`` (trick points, below the line), ``overtricks``, ``honours``,
    ``aces``, ``chicane``, ``slam``, ``undertricks``, ``doubled-bonus`` (auction), ``insult``
    (contract), ``game-bonus`` / ``part-score-bonus`` (duplicate), ``rubber``, ``revoke``.
    ``text`` says it in words, e.g. "3 by cards in hearts at 8 a trick".
    """

    side: Side
    column: Column
    kind: str
    points: int
    text: str


@dataclass(frozen=True, slots=True)
class DealFacts:
    """What a deal's score depends on, gathered from a validated game (and the deal's context).

    ``tricks`` are won in play; ``revokes`` counts established revokes per side; ``below`` is
    each side's trick score toward the current game before the deal; ``vulnerable`` the sides
    vulnerable (contract).  ``honours_by_seat`` gives each seat's honours (see
    :mod:`replayer.honours`); ``void`` the seats without a trump.
    """

    strain: Strain
    declarer_side: Side
    tricks: Mapping[Side, int]
    level: int | None = None  # auction and contract
    doubled: int = 0  # 0, 1 doubled, 2 redoubled (bridge whist: any number of doublings)
    maker_side: Side | None = None  # bridge whist: who named the trump
    honours: Mapping[Side, tuple[int, int]] = field(default_factory=dict)  # side -> (held, most in one hand)
    void: Mapping[Side, int] = field(default_factory=dict)  # side -> hands without a trump (0, 1, 2)
    revokes: Mapping[Side, int] = field(default_factory=dict)
    below: Mapping[Side, int] = field(default_factory=dict)
    vulnerable: frozenset[str] = frozenset()
    duplicate: bool = False  # contract: score the deal alone, with game and part-score bonuses


@dataclass(frozen=True, slots=True)
class DealScore:
    lines: tuple[ScoreLine, ...]
    #: the side that won a game on this deal, if any
    game: Side | None = None
    #: rule-set notes that affected the score, e.g. "revoke: Y-Z capped at 28"
    notes: tuple[str, ...] = ()

    def total(self, side: Side, column: Column | None = None) -> int:
        return sum(x.points for x in self.lines if x.side == side and (column is None or x.column == column))

    def items(self, side: Side, kind: str) -> int:
        return sum(x.points for x in self.lines if x.side == side and x.kind == kind)
