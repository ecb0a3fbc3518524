"""The deal diagram: Y's hand above a box, A's left of it and B's right, Z's below; each hand a
suit token and its ranks per line (``[S] K Q J 8 6 2``, ``♠ K 10 8``, ``[C] None``).  Pure."""

from __future__ import annotations

import re

from ...record.diagnostics import Diagnostic, Severity, Span
from ...rules.cards import Card, Rank
from ...rules.seats import Letter
from .style import Style

__all__ = ["read_diagram"]

_RANK = r"(?:10|[2-9AKQJ])"
_BORDER = re.compile(r"^\s*[+x]-{3,}[+x]\s*$")


def read_diagram(
    lines: list[tuple[int, str]], style: Style, path: str
) -> tuple[dict[Letter, frozenset[Card]] | None, list[Diagnostic]]:
    """The four hands, or None: no diagram printed, or one that is not a deal (a warning; the
    table is then read without it)."""
    tokens = "|".join(re.escape(t) for t in sorted(style.tokens, key=len, reverse=True))
    suit_line = re.compile(rf"(?P<suit>{tokens})\s*(?P<ranks>(?:(?:{_RANK}|None|—)\s*)*)")
    hands: dict[Letter, list[Card]] = {letter: [] for letter in Letter}
    borders = 0
    first = None
    for number, line in lines:
        if _BORDER.match(line):
            borders += 1
            continue
        text = re.sub(r"No\.\s*\d+", "", line)
        if "|" in text:
            parts = [(Letter.A, text[: text.index("|")]), (Letter.B, text[text.rindex("|") + 1 :])]
        else:
            parts = [(Letter.Y if borders == 0 else Letter.Z, text)]
        for letter, segment in parts:
            for m in suit_line.finditer(segment):
                first = first or number
                suit = style.tokens[m.group("suit")]
                for r in re.findall(_RANK, m.group("ranks")):
                    hands[letter].append(Card(suit, Rank.parse(r)))
    if first is None:
        return None, []
    cards = [c for h in hands.values() for c in h]
    if all(len(h) == 13 for h in hands.values()) and len(set(cards)) == 52:
        return {letter: frozenset(h) for letter, h in hands.items()}, []
    counts = ", ".join(
        f"{letter.name} {len(hands[letter])}" for letter in (Letter.A, Letter.Y, Letter.B, Letter.Z)
    )
    return None, [
        Diagnostic(
            "read-diagram",
            Severity.WARNING,
            f"the deal diagram is not a deal ({counts} cards, {len(set(cards))} distinct); it is left out",
            Span(path, first, 1),
            "the table is read without it; check the diagram against the book",
        )
    ]
