"""The problems found while reading one game (or the file), collected as they come and turned
into diagnostics, naming the board, once the file is read."""

from __future__ import annotations

from ...record.diagnostics import Severity

__all__ = ["MESSAGE_MOST", "Problem", "Problems", "shown"]

#: the longest message a diagnostic carries (a value it quotes may be any length)
MESSAGE_MOST = 300

#: line, column, code, severity, message, hint
Problem = tuple[int, int, str, Severity, str, str | None]


def shown(text: str, most: int = 40) -> str:
    """A value as a message quotes it: cut short when long (a number of 5,000 digits is not repeated)."""
    return text if len(text) <= most else f"{text[:most]}… ({len(text):,} characters)"


class Problems:
    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(
        self, code: str, severity: Severity, message: str, line: int, col: int, hint: str | None = None
    ) -> None:
        self.items.append((line, col, code, severity, message, hint))

    def error(self, code: str, message: str, line: int, col: int, hint: str | None = None) -> None:
        self.add(code, Severity.ERROR, message, line, col, hint)
