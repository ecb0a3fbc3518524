"""The problems found while reading one game (or the file), collected as they come and turned
into diagnostics, naming the board, once the file is read."""

from __future__ import annotations

from collections import Counter
from typing import TypeVar

from ...record.diagnostics import Severity

__all__ = ["MESSAGE_MOST", "SAME_CODE_MOST", "Problem", "Problems", "capped", "shown"]

#: how many problems of one code one board (or the file) reports one by one; the others are counted
#: in one more: a run of 20,000 bad characters is 26 lines, not 20,000
SAME_CODE_MOST = 25

#: the longest message a diagnostic carries (a value it quotes may be any length)
MESSAGE_MOST = 300

#: line, column, code, severity, message, hint
Problem = tuple[int, int, str, Severity, str, str | None]


def shown(text: str, most: int = 40) -> str:
    """A value as a message quotes it: cut short when long (a number of 5,000 digits is not repeated)."""
    return text if len(text) <= most else f"{text[:most]}… ({len(text):,} characters)"


Owner = TypeVar("Owner")


def capped(problems: list[tuple[Owner, Problem]]) -> list[tuple[Owner, Problem]]:
    """The problems in the order of the file, at most :data:`SAME_CODE_MOST` of one code for one
    owner (a game, the file), then one at the next of them that counts the rest."""
    ordered = sorted(problems, key=lambda op: (op[1][0], op[1][1]))
    total = Counter((owner, p[2]) for owner, p in ordered)
    seen: Counter[tuple[Owner, str]] = Counter()
    out: list[tuple[Owner, Problem]] = []
    for owner, p in ordered:
        key = (owner, p[2])
        seen[key] += 1
        if seen[key] <= SAME_CODE_MOST:
            out.append((owner, p))
        elif seen[key] == SAME_CODE_MOST + 1:
            line, col, code, severity, _, _ = p
            more = total[key] - SAME_CODE_MOST
            message = f"and {more:,} more [{code}] from here on, not listed one by one (the first {SAME_CODE_MOST} are)"
            out.append((owner, (line, col, code, severity, message, None)))
    return out


class Problems:
    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(
        self, code: str, severity: Severity, message: str, line: int, col: int, hint: str | None = None
    ) -> None:
        self.items.append((line, col, code, severity, message, hint))

    def error(self, code: str, message: str, line: int, col: int, hint: str | None = None) -> None:
        self.add(code, Severity.ERROR, message, line, col, hint)
