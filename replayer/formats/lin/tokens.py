"""LIN's syntax: a flat run of ``command|value|`` pairs (``md|…|sv|o|mb|1H|pc|SA|…``), with
whitespace and line breaks between pairs that mean nothing; and how a text is made safe for a
value (LIN cannot escape ``|``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple, Protocol

from ...record.diagnostics import Severity

__all__ = ["AddAt", "Token", "clean", "lin_text", "tokens"]


class Token(NamedTuple):
    command: str  # lower case, stripped
    value: str
    start: int  # offset of the command's first character
    end: int  # offset just after the closing bar
    raw_command: str


class AddAt(Protocol):
    """Reports a problem found between two offsets of the text."""

    def __call__(
        self, code: str, severity: Severity, message: str, where: tuple[int, int], hint: str | None = None
    ) -> None: ...


def tokens(text: str, add: AddAt | None = None) -> Iterator[Token]:
    """``command|value|`` pairs; whitespace and line breaks between pairs are skipped."""
    i, n = 0, len(text)
    while i < n:
        while i < n and text[i] in " \t\r\n\f\v":
            i += 1
        if i >= n:
            return
        bar = text.find("|", i)
        if bar < 0:
            if add is not None:
                add(
                    "lin-syntax",
                    Severity.WARNING,
                    f"text after the last command is not a LIN command: {text[i : i + 30]!r}",
                    (i, n),
                    "LIN is a run of command|value| pairs",
                )
            return
        raw = text[i:bar]
        end_bar = text.find("|", bar + 1)
        if end_bar < 0:
            value = text[bar + 1 :]
            if add is not None:
                add(
                    "lin-syntax",
                    Severity.WARNING,
                    f"the last value ({raw.strip()}|) has no closing bar",
                    (i, n),
                    "end every value with |",
                )
            yield Token(raw.strip().lower(), value, i, n, raw)
            return
        yield Token(raw.strip().lower(), text[bar + 1 : end_bar], i, end_bar + 1, raw)
        i = end_bar + 1


def clean(value: str) -> str:
    """A text value as we keep it: line breaks become spaces (LIN gives them no meaning)."""
    if "\n" in value or "\r" in value:
        value = re.sub(r"\r\n|\r|\n", " ", value)
    return value


def lin_text(text: str) -> str:
    """A text made safe for a LIN value: ``|`` (which LIN cannot escape) becomes ``/`` and line
    breaks become spaces.  :func:`write_lin` and :func:`make_board` apply it to every text."""
    return clean(text.replace("|", "/"))
