"""Diagnostics as data: collected, never raised one at a time."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar

__all__ = ["Span", "Severity", "Diagnostic", "Located", "format_diagnostic", "has_errors"]

T = TypeVar("T")


class Span(NamedTuple):
    """Where something stands in a source file: 1-based line and column.

    A named tuple rather than a dataclass: every card read makes one, so it must be cheap."""

    path: str
    line: int
    col: int
    end_line: int | None = None
    end_col: int | None = None

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem: a stable ``code`` (documented in docs/diagnostics.md), a message a
    transcriber can act on, where it is, and a hint (often a suggested fix)."""

    code: str
    severity: Severity
    message: str
    span: Span | None = None
    hint: str | None = None
    related: tuple[Span, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.span.path if self.span else None,
            "line": self.span.line if self.span else None,
            "column": self.span.col if self.span else None,
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "hint": self.hint,
            "related": [{"path": s.path, "line": s.line, "column": s.col} for s in self.related],
        }


@dataclass(frozen=True, slots=True)
class Located(Generic[T]):
    """A value read from a file, with the span it was read from."""

    value: T
    span: Span | None = None


def format_diagnostic(d: Diagnostic) -> str:
    """``hands/x.yaml:14:9: error[revoke]: …`` and, indented below, the hint and related places."""
    where = f"{d.span}: " if d.span else ""
    lines = [f"{where}{d.severity.value}[{d.code}]: {d.message}"]
    for s in d.related:
        lines.append(f"  {s}: see also")
    if d.hint:
        lines.append(f"  hint: {d.hint}")
    return "\n".join(lines)


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diagnostics)


def sort_key(d: Diagnostic) -> tuple[str, int, int, str]:
    if d.span is None:
        return ("", 0, 0, d.code)
    return (d.span.path, d.span.line, d.span.col, d.code)
