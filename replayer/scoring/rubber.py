"""What a deal does to its rubber (:func:`standing`), and a run of deals scored as one rubber
(:func:`play_rubber`, the sheet).

Part of :mod:`replayer.scoring.sheet` (import these names from there: it hands them out from here
through PEP 562); apart only so that checking or scoring one hand does not define the sheet's
three frozen dataclasses (each costs Python 3.11 about half a millisecond to define).  Pure: no I/O.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..rules.game import Game
from ..rules.regimes import RuleSet
from ..rules.seats import Pair
from .base import SIDES, Column, DealFacts, DealScore, LineKind, ScoreLine, Side
from .sheet import SCORING, RuleScoring, score_game

if TYPE_CHECKING:
    from .sheet import ScoringOptions

__all__ = ["RubberSheet", "SheetDeal", "Standing", "play_rubber", "standing"]


@dataclass(frozen=True, slots=True)
class Standing:
    """What one deal does to its rubber, from the score before it (the points toward the game and the
    games each side had won, as the book gives them) and the deal's own score.

    A game won by a side that already had one wins the rubber (BW-6).  The books give neither the
    earlier games' points nor what was scored above the line before this deal, so the rubber's whole
    value (BW-7: the difference of the totals) cannot be worked out; ``counted`` is the part the book
    lets us count: each side's trick points toward this game before the deal, this deal's score, and
    the rubber bonus to its winner."""

    score: DealScore
    #: the side that wins a game on this deal (None: no game)
    game: Side | None
    #: whether ``game`` is known: the points before the deal are given, or the deal alone makes game
    game_known: bool
    #: the side that wins the rubber on this deal (None: no rubber, or not known: see ``rubber_known``)
    rubber: Side | None
    #: False when a game is won but the winner's games before the deal are not given
    rubber_known: bool
    #: the rubber bonus (100 Bridge Whist, 250 Auction; Contract's 700 or 500 needs the losers' games)
    bonus: int | None
    #: per side, the points of the rubber the book lets us count (see above)
    counted: Mapping[Side, int]


def standing(
    game: Game, options: ScoringOptions | None = None, score: DealScore | None = None
) -> Standing | None:
    """Whether the deal wins the game and the rubber, and the rubber's value as far as it is known;
    None when the deal cannot be scored (see :func:`score_game`).  ``score``: the deal's score when
    it is already worked out (under ``options``)."""
    score = score if score is not None else score_game(game, options=options)
    scoring = SCORING.get(game.regime.name)
    if score is None or scoring is None:
        return None
    winner = score.game
    had = game.games_of(winner) if winner is not None else None
    rubber = winner if had == 1 else None
    bonus = _rubber_bonus(scoring, game.games_of(rubber.other)) if rubber is not None else None
    counted = {side: game.score_of(side) + score.total(side) for side in SIDES}
    if rubber is not None and bonus is not None:
        counted[rubber] += bonus
    game_known = bool(game.score_before) or winner is not None
    return Standing(
        score,
        winner,
        game_known,
        rubber,
        game_known and (winner is None or had is not None),
        bonus,
        counted,
    )


def _rubber_bonus(scoring: RuleScoring, losers_games: int | None) -> int | None:
    """The rubber bonus, given the games the rubber's losers had won; when those are not given, the
    bonus only if the rule set pays the same either way (Bridge Whist, Auction)."""
    if losers_games is not None:
        return scoring.rubber_bonus(losers_games)
    either = {scoring.rubber_bonus(0), scoring.rubber_bonus(1)}
    return either.pop() if len(either) == 1 else None


@dataclass(frozen=True, slots=True)
class SheetDeal:
    """One deal on a rubber's sheet: where it falls in the rubber, and its score."""

    number: int  # 1, 2, … in the rubber
    game_number: int  # the game this deal was played in
    score: DealScore
    label: str = ""


@dataclass(frozen=True, slots=True)
class RubberSheet:
    """A rubber's score sheet: the deals in order, the games won, and the rubber bonus."""

    deals: tuple[SheetDeal, ...]
    games: tuple[tuple[int, Side], ...]  # (game number, winner)
    bonus: ScoreLine | None
    finished: bool

    def total(self, side: Side) -> int:
        return sum(d.score.total(side) for d in self.deals) + (
            self.bonus.points if self.bonus and self.bonus.side == side else 0
        )

    def column(self, side: Side, column: Column) -> int:
        own = sum(d.score.total(side, column) for d in self.deals)
        if column == Column.ABOVE and self.bonus and self.bonus.side == side:
            own += self.bonus.points
        return own

    @property
    def winner(self) -> Side | None:
        return self.bonus.side if self.bonus else None

    @property
    def value(self) -> int:
        """What the rubber is worth to the side with the larger total (BW-7)."""
        return abs(self.total(Pair.NS) - self.total(Pair.EW))


def play_rubber(
    rules: RuleSet,
    deals: Sequence[DealFacts],
    labels: Sequence[str] = (),
    options: ScoringOptions | None = None,
) -> RubberSheet:
    """Score deals in order as one rubber: each side's trick score toward game starts at 0 each
    game (BW-5); the rubber ends when a side has won two games (BW-6) and earns the bonus.
    Deals after the end raise ValueError."""
    scoring = SCORING[rules]
    opts = options if options is not None else scoring.options()
    below: dict[Side, int] = dict.fromkeys(SIDES, 0)
    won: dict[Side, int] = dict.fromkeys(SIDES, 0)
    game_no = 1
    out: list[SheetDeal] = []
    games: list[tuple[int, Side]] = []
    bonus = None
    for i, facts in enumerate(deals):
        if bonus is not None:
            raise ValueError(f"deal {i + 1} comes after the end of the rubber")
        vul = frozenset(s for s in SIDES if won[s]) if scoring.vulnerability else facts.vulnerable
        score = scoring.score(dataclasses.replace(facts, below=dict(below), vulnerable=vul), opts)
        out.append(SheetDeal(i + 1, game_no, score, labels[i] if i < len(labels) else ""))
        for side in SIDES:
            below[side] += score.total(side, Column.BELOW)
        winner = score.game
        if winner is None:
            reached = [s for s in SIDES if below[s] >= scoring.game]
            winner = reached[0] if reached else None
        if winner is not None:
            games.append((game_no, winner))
            won[winner] += 1
            game_no += 1
            below = dict.fromkeys(SIDES, 0)
            if won[winner] == 2:
                points = scoring.rubber_bonus(won[winner.other])
                bonus = ScoreLine(winner, Column.ABOVE, LineKind.RUBBER, points, f"rubber: {points}")
    return RubberSheet(tuple(out), tuple(games), bonus, bonus is not None)
