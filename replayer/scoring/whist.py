"""Whist scoring: English short whist (the Club Code of 1864) and American whist (game of seven).

English [CC p. 61, laws 1-10; CC p. 81, law 72; CC2 p. 137, laws 81-82]: each trick over six is a
point (L2); honours are the trump A K Q J, four held by a side score 4 and three score 2 (L3), but
not for a side at four when the deal began (L4); the revoke penalty scores first, then the tricks,
then the honours (L5), so a side that reaches five first wins the game and what follows is not
scored; a game is worth 3 (treble) if the losers have not scored, 2 (double) if they have one or two,
1 (single) if three or four (L8); the rubber's winners add 2 (L9) and, in a three-game rubber, the
losers' game is deducted (L10).  The revoke (L72): the claimants take three tricks from the
revokers, or deduct three points from their score, or add three to their own; the revokers cannot
win the game on that deal: they score no more than four (L82).

American [unverified: no primary code was read]: a game of seven points, tricks only, no honours.
The rules with their sources: ``docs/rules-whist.md``.  Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ..rules.cards import Card, Rank, Strain
from ..rules.seats import Seat
from .base import SIDES, Column, DealFacts, DealScore, LineKind, ScoreLine, Side

__all__ = [
    "GAME",
    "RUBBER_POINTS",
    "WhistOptions",
    "WhistRubber",
    "game_value",
    "honours_held",
    "rubber",
    "score_deal",
]

GAME = 5  # CC L2: a game consists of five points
AMERICAN_GAME = 7  # [unverified] the American game of seven points
RUBBER_POINTS = 2  # CC L9
HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)  # CC L3: the ten is not an honour at whist
REVOKE_PENALTY = 3  # CC L72 I


@dataclass(frozen=True, slots=True)
class WhistOptions:
    #: ``english``: short whist, game of five with honours (CC); ``american``: game of seven, tricks
    #: only [unverified]
    variant: Literal["english", "american"] = "english"
    #: CC L72 I, the claimants' choice for each revoke: ``tricks`` (take three of the revokers' tricks),
    #: ``deduct`` (three points off the revokers' score) or ``add`` (three on their own); a record does not
    #: say which was chosen, so the default, taking the tricks, is our reading [interp]
    revoke_penalty: Literal["tricks", "deduct", "add"] = "tricks"

    @property
    def game(self) -> int:
        return AMERICAN_GAME if self.variant == "american" else GAME


def honours_held(deal: Mapping[Seat, Iterable[Card]], strain: Strain) -> dict[Side, int]:
    """CC L3: how many of the trump A K Q J each side held (partners together)."""
    trump = strain.trump
    held = dict.fromkeys(SIDES, 0)
    for seat, cards in deal.items():
        held[seat.side] += sum(1 for c in cards if c.suit is trump and c.rank in HONOURS)
    return held


def honour_points(held: int) -> int:
    """CC L3: four honours score 4, three score 2, two or fewer nothing."""
    return {4: 4, 3: 2}.get(held, 0)


def game_value(losers: int) -> int:
    """CC L8: treble (3) if the losers have not scored, double (2) if they have 1 or 2, single (1) if 3 or 4."""
    return 3 if losers <= 0 else 2 if losers < 3 else 1


_VALUE_WORDS = {3: "treble", 2: "double", 1: "single"}


class _Sheet:
    """The deal scored in the order of CC L5: each entry raises a side's score until one reaches game."""

    def __init__(self, facts: DealFacts, options: WhistOptions) -> None:
        self.game = options.game
        self.score = {s: facts.below.get(s, 0) for s in SIDES}
        self.revoked = {s for s in SIDES if facts.revokes.get(s, 0)}
        self.lines: list[ScoreLine] = []
        self.notes: list[str] = []
        self.winner: Side | None = None

    def add(self, side: Side, points: int, kind: LineKind, text: str) -> None:
        if self.winner is not None or points == 0:
            if points and self.winner is not None:
                self.notes.append(f"{text}: not scored, the game was already won (CC L5)")
            return
        if side in self.revoked:  # CC L82: a side that revoked cannot score more than four
            cap = self.game - 1
            allowed = max(0, min(points, cap - self.score[side]))
            if allowed < points:
                self.notes.append(
                    f"revoke: {side} cannot win the game on this deal, scored up to {cap} (CC L82)"
                )
            points = allowed
            if points == 0:
                return
        self.score[side] += points
        self.lines.append(ScoreLine(side, Column.BELOW, kind, points, text))
        if self.score[side] >= self.game:
            self.winner = side

    def deduct(self, side: Side, points: int, text: str) -> None:
        taken = min(points, self.score[side])  # a score is not taken below love [interp]
        if taken:
            self.score[side] -= taken
            self.lines.append(ScoreLine(side, Column.BELOW, LineKind.REVOKE, -taken, text))


def score_deal(facts: DealFacts, options: WhistOptions = WhistOptions()) -> DealScore:
    """A whist deal's score: below the line, the points toward the game in the order of CC L5 (revoke,
    tricks, honours); above it, the value of a game won on the deal (CC L8)."""
    sheet = _Sheet(facts, options)
    tricks = dict(facts.tricks)
    for revokers in SIDES:  # CC L72: the penalty takes precedence of every other score
        for _ in range(facts.revokes.get(revokers, 0)):
            claimants = revokers.other
            if options.revoke_penalty == "tricks":
                moved = min(REVOKE_PENALTY, tricks.get(revokers, 0))
                tricks[revokers] = tricks.get(revokers, 0) - moved
                tricks[claimants] = tricks.get(claimants, 0) + moved
                sheet.notes.append(f"revoke by {revokers}: {claimants} take {moved} of their tricks (CC L72)")
            elif options.revoke_penalty == "deduct":
                sheet.deduct(revokers, REVOKE_PENALTY, f"revoke: {REVOKE_PENALTY} points deducted (CC L72)")
            else:
                sheet.add(
                    claimants, REVOKE_PENALTY, LineKind.REVOKE, f"revoke: {REVOKE_PENALTY} added (CC L72)"
                )
    for side in SIDES:  # CC L2: a point for each trick over six
        odd = tricks.get(side, 0) - 6
        if odd > 0:
            sheet.add(side, odd, LineKind.TRICKS, f"{odd} by cards")
    if options.variant == "english":
        _honours(sheet, facts)
    return _finish(sheet, facts)


def _honours(sheet: _Sheet, facts: DealFacts) -> None:
    """CC L3, L4: honours scored last, and not by a side at four when the deal began."""
    for side in SIDES:
        held = facts.honours.get(side, (0, 0))[0]
        points = honour_points(held)
        if not points:
            continue
        words = "four honours" if held == 4 else "three honours"
        if facts.below.get(side, 0) == GAME - 1:
            sheet.notes.append(f"{words}: not scored, {side} were at four when the deal began (CC L4)")
            continue
        sheet.add(side, points, LineKind.HONOURS, words)


def _finish(sheet: _Sheet, facts: DealFacts) -> DealScore:
    lines = list(sheet.lines)
    winner = sheet.winner
    if winner is not None and sheet.game == GAME:
        losers = sheet.score[winner.other]
        value = game_value(losers)
        lines.append(
            ScoreLine(
                winner,
                Column.ABOVE,
                LineKind.GAME_BONUS,
                value,
                f"{_VALUE_WORDS[value]} game ({value}): the losers had {losers} (CC L8)",
            )
        )
    return DealScore(tuple(lines), winner, tuple(sheet.notes))


@dataclass(frozen=True, slots=True)
class WhistRubber:
    """A whist rubber's points (CC L8-L10): each side's games (their values), the rubber points, the
    losers' game deducted in a three-game rubber; ``balance`` is what the winners gain."""

    winner: Side
    games: tuple[tuple[Side, int], ...]  # each game's winner and value, in order
    points: Mapping[Side, int]

    @property
    def balance(self) -> int:
        return self.points[self.winner] - self.points[self.winner.other]


def rubber(games: Sequence[tuple[Side, int]]) -> WhistRubber:
    """The rubber from its games in order, each (winner, the losers' score when it ended); raises
    ValueError unless a side has won two games with the last (the best of three, CC L1)."""
    won = dict.fromkeys(SIDES, 0)
    valued: list[tuple[Side, int]] = []
    for i, (side, losers) in enumerate(games):
        if max(won.values()) == 2:
            raise ValueError(f"game {i + 1} comes after the end of the rubber")
        won[side] += 1
        valued.append((side, game_value(losers)))
    winners = [s for s in SIDES if won[s] == 2]
    if not winners:
        raise ValueError("the rubber is not finished: no side has won two games")
    winner = winners[0]
    points = {s: sum(v for w, v in valued if w == s) for s in SIDES}
    points[winner] += RUBBER_POINTS  # CC L9
    # CC L10: in a three-game rubber the losers' game is deducted from the winners' points; the
    # balance is the same whether it is written as a deduction or left on the losers' side
    return WhistRubber(winner, tuple(valued), points)
