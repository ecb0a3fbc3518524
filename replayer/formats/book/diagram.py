"""The deal diagram: Y's hand above a box, A's left of it and B's right, Z's below; each hand a
suit token and its ranks per line (``[S] K Q J 8 6 2``, ``♠ K 10 8``, ``[C] None``).  Every line
is kept as printed, so that a diagram that is not a deal can be compared with the cards.  Pure."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...rules.cards import Card, Rank, Suit
from ...rules.seats import Letter
from .style import Style

__all__ = ["Diagram", "DiagramLine", "read_diagram"]

_RANK = r"(?:10|[2-9AKQJ])"
_BORDER = re.compile(r"^\s*[+x]-{3,}[+x]\s*$")


@dataclass(frozen=True, slots=True)
class DiagramLine:
    """One printed line of a hand in the diagram: the suit it names, its cards, the text as it stands."""

    letter: Letter
    suit: Suit
    cards: tuple[Card, ...]
    text: str  # "♠ K Q 5", verbatim
    line: int
    col: int


@dataclass(frozen=True, slots=True)
class Diagram:
    """The printed lines, and the deal they give when they are one (13 cards a hand, 52 distinct)."""

    lines: tuple[DiagramLine, ...]
    deal: dict[Letter, frozenset[Card]] | None

    def counts(self) -> str:
        """ "A 13, Y 13, B 13, Z 14 cards, 52 distinct": what is wrong with a diagram that is not a deal."""
        held = {lt: sum(len(dl.cards) for dl in self.lines if dl.letter is lt) for lt in Letter}
        distinct = len({c for dl in self.lines for c in dl.cards})
        order = (Letter.A, Letter.Y, Letter.B, Letter.Z)
        return ", ".join(f"{lt.name} {held[lt]}" for lt in order) + f" cards, {distinct} distinct"


def read_diagram(lines: list[tuple[int, str]], style: Style) -> Diagram | None:
    """The diagram's lines, or None when no diagram is printed."""
    tokens = "|".join(re.escape(t) for t in sorted(style.tokens, key=len, reverse=True))
    suit_line = re.compile(rf"(?P<suit>{tokens})\s*(?P<ranks>(?:(?:{_RANK}|None|—)\s*)*)")
    found: list[DiagramLine] = []
    borders = 0
    for number, line in lines:
        if _BORDER.match(line):
            borders += 1
            continue
        text = re.sub(r"No\.\s*\d+", lambda m: " " * len(m.group(0)), line)
        if "|" in text:
            parts = [
                (Letter.A, 0, text[: text.index("|")]),
                (Letter.B, text.rindex("|") + 1, text[text.rindex("|") + 1 :]),
            ]
        else:
            parts = [(Letter.Y if borders == 0 else Letter.Z, 0, text)]
        for letter, start, segment in parts:
            for m in suit_line.finditer(segment):
                suit = style.tokens[m.group("suit")]
                cards = tuple(Card(suit, Rank.parse(r)) for r in re.findall(_RANK, m.group("ranks")))
                found.append(
                    DiagramLine(letter, suit, cards, m.group(0).strip(), number, start + m.start() + 1)
                )
    if not found:
        return None
    hands = {lt: [c for dl in found if dl.letter is lt for c in dl.cards] for lt in Letter}
    every = [c for h in hands.values() for c in h]
    deal = None
    if all(len(h) == 13 for h in hands.values()) and len(set(every)) == 52:
        deal = {lt: frozenset(h) for lt, h in hands.items()}
    return Diagram(tuple(found), deal)
