"""The auction as a bidding table: one column a player, in the lesson's columns, the calls in turn
from the dealer on (issue 17: "the auction as a bidding table for auction hands")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.game import Game
from ..rules.seats import Seat

__all__ = ["BiddingView", "CallView", "bidding_table"]

_SUITS = {"S": ("♠", False), "H": ("♥", True), "D": ("♦", True), "C": ("♣", False)}


@dataclass(frozen=True, slots=True)
class CallView:
    """A call as the table prints it: the level, the strain's symbol (red or not) or word, and the
    words a screen reader says (``one heart``)."""

    level: str
    strain: str
    red: bool
    spoken: str


@dataclass(frozen=True, slots=True)
class BiddingView:
    headings: tuple[str, ...]  # the lesson's column headings (A, Y, B, Z or W, N, E, S)
    rows: tuple[tuple[CallView | None, ...], ...]  # None: no call in that cell (before the dealer)


_LEVELS = ("", "one", "two", "three", "four", "five", "six", "seven")
_WORDS = {"S": "spade", "H": "heart", "D": "diamond", "C": "club", "R": "royal", "NT": "no-trump"}


def _call(text: str) -> CallView:
    if text in ("Pass", "P"):
        return CallView("", "Pass", False, "pass")
    if text in ("X", "XX"):
        word = "Double" if text == "X" else "Redouble"
        return CallView("", word, False, word.lower())
    level, strain = text[:1], text[1:]
    n = int(level) if level.isdigit() else 0
    plural = "s" if n > 1 else ""
    spoken = f"{_LEVELS[n] if n < len(_LEVELS) else level} {_WORDS.get(strain, strain)}{plural}"
    if strain in _SUITS:
        symbol, red = _SUITS[strain]
        return CallView(level, symbol, red, spoken)
    return CallView(level, "NT" if strain == "NT" else "R" if strain == "R" else strain, False, spoken)


def bidding_table(game: Game, seats: Sequence[Seat], headings: Sequence[str]) -> BiddingView | None:
    """The auction's calls in rows, the lesson's columns (``seats``, headed ``headings``); None
    when the hand has no calls (a Bridge Whist make, whist, or a contract given alone)."""
    decl = game.declaration
    if decl is None or not decl.calls or len(seats) != 4:
        return None
    column = {s: k for k, s in enumerate(seats)}
    rows: list[list[CallView | None]] = []
    row: list[CallView | None] = [None] * 4
    for seat, text in decl.calls:
        k = column[seat]
        if row[k] is not None:
            rows.append(row)
            row = [None] * 4
        row[k] = _call(text)
        if k == 3:
            rows.append(row)
            row = [None] * 4
    if any(c is not None for c in row):
        rows.append(row)
    return BiddingView(tuple(headings), tuple(tuple(r) for r in rows))
