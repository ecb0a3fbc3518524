"""Dummy Bridge scoring (Foster, *Gist of Bridge*, 1904, p. 85; docs/rules-dummy-bridge.md).

Each deal is scored as at Bridge Whist (the single player's side and the partners' side are the
deal's two sides).  There are no rubbers: "It is usual to play a series of three games, no
rubbers, the winning side adding 50 points bonus" [DB-8, seed 002 lines 4049–4054], and each game
has its own single player (the first game's single player, then each of the partners in turn).

Whether the 50 is earned by the winner of each game or once, by the winner of the series, the seed
does not say [interp]: the option ``db_bonus`` chooses — ``per_game`` (the default: each game
has its own sides) or ``per_series`` (50 once, to the player with the most points at the end; a
player is credited, in each game, with the points of the side he played on).  Pure.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .base import SIDES, Column, DealFacts, DealScore, Side
from .bridge_whist import GAME, BridgeWhistOptions
from .bridge_whist import score_deal as score_bridge_whist

__all__ = [
    "GAMES_IN_SERIES",
    "SERIES_BONUS",
    "DummyBridgeOptions",
    "Party",
    "SeriesDeal",
    "SeriesGame",
    "SeriesSheet",
    "play_series",
    "score_deal",
]

SERIES_BONUS = 50  # DB-8
GAMES_IN_SERIES = 3  # DB-8


@dataclass(frozen=True, slots=True)
class DummyBridgeOptions(BridgeWhistOptions):
    """Bridge Whist's options, and where the series bonus of 50 is earned [DB-8, interp]."""

    db_bonus: Literal["per_game", "per_series"] = "per_game"


def score_deal(facts: DealFacts, options: BridgeWhistOptions = DummyBridgeOptions()) -> DealScore:
    """One deal: Bridge Whist's score, unchanged [DB-8: 'no rubbers' changes only the sheet]."""
    return score_bridge_whist(facts, options)


class Party(enum.StrEnum):
    """A side of a Dummy Bridge game: the single player (with his dummy), or the two partners."""

    SINGLE = "single player"
    PARTNERS = "partners"


@dataclass(frozen=True, slots=True)
class SeriesDeal:
    """One deal on the series' sheet: its game, the single player's compass side, and its score."""

    number: int
    game_number: int
    single_side: Side
    score: DealScore

    def points(self, party: Party) -> int:
        side = self.single_side if party is Party.SINGLE else self.single_side.other
        return self.score.total(side)


@dataclass(frozen=True, slots=True)
class SeriesGame:
    """A game of the series: its single player (1, 2, 3: the first game's, then each partner in
    turn), its deals' points for each party, its winner and the bonus the winner earned in it."""

    number: int
    points: dict[Party, int]
    winner: Party | None
    bonus: int


@dataclass(frozen=True, slots=True)
class SeriesSheet:
    deals: tuple[SeriesDeal, ...]
    games: tuple[SeriesGame, ...]
    #: per_series: the player (1, 2 or 3, by the game he played single) who earned the 50, if known
    series_winner: int | None
    finished: bool

    def player_total(self, player: int) -> int:
        """A player's points over the series: in each game, his side's points and bonus [interp]."""
        total = 0
        for g in self.games:
            party = Party.SINGLE if g.number == player else Party.PARTNERS
            total += g.points[party] + (g.bonus if g.winner is party else 0)
        return total + (SERIES_BONUS if self.series_winner == player else 0)


def play_series(
    deals: Sequence[tuple[DealFacts, Side]], options: DummyBridgeOptions = DummyBridgeOptions()
) -> SeriesSheet:
    """Score deals in order as a series: each ``(facts, single_side)`` with the compass side the
    single player sat on.  A game ends when a side reaches 30 below the line (BW-3); the series
    after three games (DB-8).  Deals after the end raise ValueError."""
    below: dict[Side, int] = dict.fromkeys(SIDES, 0)
    out: list[SeriesDeal] = []
    games: list[SeriesGame] = []
    start = 0
    for i, (facts, single) in enumerate(deals):
        if len(games) == GAMES_IN_SERIES:
            raise ValueError(f"deal {i + 1} comes after the end of the series")
        score = score_bridge_whist(dataclasses.replace(facts, below=dict(below)), options)
        out.append(SeriesDeal(i + 1, len(games) + 1, single, score))
        for side in SIDES:
            below[side] += score.total(side, Column.BELOW)
        winner = score.game or next((s for s in SIDES if below[s] >= GAME), None)
        if winner is not None:
            party = Party.SINGLE if winner == single else Party.PARTNERS
            games.append(_game(len(games) + 1, out[start:], party, options))
            start = len(out)
            below = dict.fromkeys(SIDES, 0)
    if start < len(out):  # a game under way
        games.append(_game(len(games) + 1, out[start:], None, options))
    finished = len(games) == GAMES_IN_SERIES and games[-1].winner is not None
    sheet = SeriesSheet(tuple(out), tuple(games), None, finished)
    if finished and options.db_bonus == "per_series":
        totals = {p: sheet.player_total(p) for p in range(1, GAMES_IN_SERIES + 1)}
        best = max(totals.values())
        leaders = [p for p, t in totals.items() if t == best]
        sheet = dataclasses.replace(sheet, series_winner=leaders[0] if len(leaders) == 1 else None)
    return sheet


def _game(
    number: int, deals: Sequence[SeriesDeal], winner: Party | None, options: DummyBridgeOptions
) -> SeriesGame:
    points = {p: sum(d.points(p) for d in deals) for p in Party}
    bonus = SERIES_BONUS if winner is not None and options.db_bonus == "per_game" else 0
    return SeriesGame(number, points, winner, bonus)
