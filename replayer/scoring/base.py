"""Scoring: the itemised score of one deal, and the running score sheet of a rubber.

The shared vocabulary of the three rule sets.  Each rule set's arithmetic lives in its own
module (``score_bridge_whist``, ``score_auction``, ``score_contract``) and returns a
:class:`DealScore` made of :class:`ScoreLine` items, so a lesson can show *why* each number is
there, as the players of the day wrote it: trick points below the line, everything else above.
Pure: no I/O.  Sides are compass partnerships, :class:`~replayer.rules.cards.Pair` ``NS`` and
``EW`` (the other side of ``side`` is ``side.other``).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..rules.cards import Strain
from ..rules.seats import Pair

__all__ = ["SIDES", "Side", "Column", "LineKind", "ScoreLine", "DealScore", "DealFacts"]

#: a side of the score sheet is a compass partnership
Side = Pair

SIDES: tuple[Side, Side] = (Pair.NS, Pair.EW)


class Column(enum.StrEnum):
    """Where an entry is written: trick points below the line, everything else above it."""

    BELOW = "below"
    ABOVE = "above"


class LineKind(enum.StrEnum):
    """What an entry on the score sheet is for; its value is how the JSON output names it."""

    #: trick points (below the line, or above in duplicate contract)
    TRICKS = "tricks"
    OVERTRICKS = "overtricks"
    HONOURS = "honours"
    #: honours at no-trumps: the aces
    ACES = "aces"
    CHICANE = "chicane"
    SLAM = "slam"
    UNDERTRICKS = "undertricks"
    #: auction: a doubled contract made
    DOUBLED_BONUS = "doubled-bonus"
    #: contract: a doubled contract made
    INSULT = "insult"
    #: duplicate: the premium for a game, or for a part score
    GAME_BONUS = "game-bonus"
    PART_SCORE_BONUS = "part-score-bonus"
    RUBBER = "rubber"
    REVOKE = "revoke"


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One entry on the score sheet.  ``text`` says it in words, e.g. "3 by cards in hearts at 8 a
    trick"."""

    side: Side
    column: Column
    kind: LineKind
    points: int
    text: str


@dataclass(frozen=True, slots=True)
class DealFacts:
    """What a deal's score depends on, gathered from a validated game (and the deal's context).

    ``tricks`` are won in play; ``revokes`` counts established revokes per side; ``below`` is
    each side's trick score toward the current game before the deal; ``vulnerable`` the sides
    vulnerable (contract).  ``honours`` gives each side's honours held and the most in one hand
    (see :mod:`replayer.scoring.honours`); ``void`` how many of its hands held no trump.
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
    vulnerable: frozenset[Side] = frozenset()
    duplicate: bool = False  # contract: score the deal alone, with game and part-score bonuses


@dataclass(frozen=True, slots=True)
class DealScore:
    """A deal's score: its entries, the game it won, and the notes on the rules applied."""

    lines: tuple[ScoreLine, ...]
    #: the side that won a game on this deal, if any
    game: Side | None = None
    #: rule-set notes that affected the score, e.g. "revoke: Y-Z capped at 28"
    notes: tuple[str, ...] = ()

    def total(self, side: Side, column: Column | None = None) -> int:
        return sum(x.points for x in self.lines if x.side == side and (column is None or x.column == column))

    def items(self, side: Side, kind: LineKind) -> int:
        return sum(x.points for x in self.lines if x.side == side and x.kind == kind)
