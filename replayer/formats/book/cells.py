"""One printed cell → the cards it may be, each with a cost.

Cost 0 is the cell read as printed (for an OCR, read by the book's own convention of where each
suit's sign stands); every other reading costs more: a glyph that is itself a rank character (1),
a garbled rank (1), noise dropped (1), the other suit of the glyph's side (2), a glyph of more than
one blob (2); the search adds the other cards (3 to 5, see ``search``).  The search (``search``) picks
the legal whole with the least cost.  Pure: no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...rules.cards import Card, Rank, Suit
from .style import Glyphs, Style

__all__ = ["Candidate", "Cell", "read_cell", "ANY_CARD_COST"]

ANY_CARD_COST = 5
_OTHER_SUIT_COST = 2
_RANKS = {r.display: r for r in Rank} | {"T": Rank.TEN}
_NOISE = re.compile(r"^[^\w♠♥♦♣^<*#«]+\s+|\s+[^\w♠♥♦♣^<*#«]+$")


@dataclass(frozen=True, slots=True)
class Candidate:
    """A card the cell may be, what reading it costs, and how the text was read as it."""

    card: Card
    cost: int
    how: str


@dataclass(frozen=True, slots=True)
class Cell:
    """A printed cell: its text as it stands, where it is, its readings and the winner mark."""

    text: str
    line: int
    col: int
    candidates: tuple[Candidate, ...]
    marked: bool  # the book marks this card as the trick's winner

    @property
    def printed(self) -> Card | None:
        """The card as printed, when one reading costs nothing."""
        best = self.candidates[0] if self.candidates else None
        return best.card if best is not None and best.cost == 0 else None


def read_cell(text: str, style: Style, line: int = 0, col: int = 0) -> Cell:
    """The candidates of one cell, cheapest first (none when it reads as no card: the search then
    tries every card at ``ANY_CARD_COST``)."""
    body, marked = text.strip(), False
    if style.winner is not None:
        m = style.winner.search(body)
        if m is not None:
            body, marked = (body[: m.start()] + m.group("card") + body[m.end() :]).strip(), True
    found: dict[Card, Candidate] = {}
    for cand in _readings(body, style):
        if cand.card not in found or cand.cost < found[cand.card].cost:
            found[cand.card] = cand
    if style.glyphs is not None:
        stripped = _NOISE.sub("", body)
        if stripped != body and stripped:
            for cand in _readings(stripped, style):
                c = Candidate(cand.card, cand.cost + 1, f"{cand.how}, noise dropped")
                if c.card not in found or c.cost < found[c.card].cost:
                    found[c.card] = c
    ordered = sorted(found.values(), key=lambda c: (c.cost, -c.card.index))
    return Cell(text.strip(), line, col, tuple(ordered), marked)


def _rank(text: str, glyphs: Glyphs | None) -> list[tuple[Rank, int, str]]:
    """The ranks a piece of text may be: exact (cost 0), or garbled (cost 1)."""
    if text in _RANKS:
        return [(_RANKS[text], 0, "")]
    if glyphs is not None and text in glyphs.ranks:
        return [(Rank(r), 1, f"'{text}' read as {Rank(r).display}") for r in glyphs.ranks[text]]
    return []


def _readings(body: str, style: Style) -> list[Candidate]:
    out: list[Candidate] = []
    for i in range(1, len(body)):
        left, right = body[:i].strip(), body[i:].strip()
        if not left or not right:
            continue
        for rank, cost, how in _rank(right, style.glyphs):
            out += _suited(left, True, rank, cost, how, style)
        for rank, cost, how in _rank(left, style.glyphs):
            out += _suited(right, False, rank, cost, how, style)
    return out


def _suited(glyph: str, before: bool, rank: Rank, cost: int, how: str, style: Style) -> list[Candidate]:
    """The cards a suit sign (``before`` the rank or after it) makes with ``rank``."""
    if style.glyphs is None:
        suit = style.tokens.get(glyph)
        if suit is None:
            return []
        return [Candidate(Card(suit, rank), cost, "as printed")]
    g = style.glyphs
    first, second = g.left if before else g.right
    known = g.left_glyphs if before else g.right_glyphs
    side = "left" if before else "right"
    extra = cost + (1 if glyph in _RANKS or glyph in g.ranks else 0) + (2 if " " in glyph else 0)
    named, other = (first, second) if glyph in known else (second, first)
    why = f"'{glyph}' {side} of the rank"
    if how:
        why = f"{how}; {why}"
    return [
        Candidate(Card(named, rank), extra, f"{why}: {named.word[:-1]}"),
        Candidate(Card(other, rank), extra + _OTHER_SUIT_COST, f"{why} read as a {other.word[:-1]}"),
    ]


def suit_of_token(token: str, style: Style) -> Suit | None:
    """A diagram's suit token (``[S]``, ``♠``)."""
    return style.tokens.get(token)
