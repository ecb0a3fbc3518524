"""The commands of one board as the reader takes them in, before the board is built: the raw
calls and cards with their commentary, the problems found so far (as offsets), and the map
from offsets to lines and columns."""

from __future__ import annotations

import enum
import re
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from ...record.diagnostics import Severity, Span
from ...rules.cards import Card
from .tokens import Token

__all__ = ["SAME_CODE_MOST", "After", "Lines", "Problem", "RawCall", "RawPlay", "Report", "Segment", "capped"]

#: how many problems of one code a board (or the file) reports one by one; the others are counted in
#: one more: a run of 20,000 bad characters in a deal is 26 lines, not 20,000
SAME_CODE_MOST = 25


class After(enum.Enum):
    """What an ``nt|`` comment follows, and so goes with."""

    START = "start"  # the board's start
    CALL = "call"
    PLAY = "play"
    CLAIM = "claim"


class Problem(NamedTuple):
    code: str
    severity: Severity
    message: str
    start: int
    end: int
    hint: str | None


def capped(problems: list[Problem]) -> list[Problem]:
    """The problems of one board (or of the file) in the order of the text, at most
    :data:`SAME_CODE_MOST` of one code, then one at the next of them that counts the rest."""
    total = Counter(p.code for p in problems)
    seen: Counter[str] = Counter()
    out: list[Problem] = []
    for p in sorted(problems, key=lambda p: p.start):
        seen[p.code] += 1
        if seen[p.code] <= SAME_CODE_MOST:
            out.append(p)
        elif seen[p.code] == SAME_CODE_MOST + 1:
            more = total[p.code] - SAME_CODE_MOST
            message = f"and {more:,} more [{p.code}] from here on, not listed one by one (the first {SAME_CODE_MOST} are)"
            out.append(p._replace(message=message, hint=None))
    return out


class Report(Protocol):
    """Reports a problem at a command (None: the whole board)."""

    def __call__(
        self, code: str, severity: Severity, message: str, tok: Token | None, hint: str | None = None
    ) -> None: ...


@dataclass
class RawCall:
    call: str | None
    alert: bool
    explanation: str | None
    notes: list[str]
    raw: str | None
    tok: Token


@dataclass
class RawPlay:
    card: Card | None
    notes: list[str]
    raw: str | None
    tok: Token


@dataclass
class Segment:
    """The commands of one board as they are read, before the board is built."""

    start: int
    end: int = 0
    board_id: str | None = None
    players: list[str] | None = None
    md: Token | None = None
    title: str | None = None
    sv: Token | None = None
    calls: list[RawCall] = field(default_factory=list)
    plays: list[RawPlay] = field(default_factory=list)
    claim: int | None = None
    notes: list[str] = field(default_factory=list)
    claim_notes: list[str] = field(default_factory=list)
    extras: list[tuple[str, str]] = field(default_factory=list)
    pauses: list[Token] = field(default_factory=list)
    last: After = After.START  # what an nt| now follows
    problems: list[Problem] = field(default_factory=list)

    def has_board(self) -> bool:
        return self.md is not None or bool(self.calls) or bool(self.plays)

    def has_content(self) -> bool:
        return bool(self.players or self.extras or self.notes or self.board_id or self.title or self.sv)

    def add(
        self,
        code: str,
        severity: Severity,
        message: str,
        where: Token | tuple[int, int],
        hint: str | None = None,
    ) -> None:
        start, end = (where.start, where.end) if isinstance(where, Token) else where
        self.problems.append(Problem(code, severity, message, start, end, hint))


class Lines:
    """Offsets to 1-based (line, column)."""

    def __init__(self, text: str, path: str) -> None:
        self.path = path
        self.starts = [0] + [m.end() for m in re.finditer(r"\r\n|\r|\n", text)]

    def pos(self, offset: int) -> tuple[int, int]:
        k = bisect_right(self.starts, offset) - 1
        return k + 1, offset - self.starts[k] + 1

    def span(self, start: int, end: int) -> Span:
        line, col = self.pos(start)
        end_line, end_col = self.pos(max(start, end - 1))
        return Span(self.path, line, col, end_line, end_col + 1)
