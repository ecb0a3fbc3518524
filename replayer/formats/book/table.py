"""The trick table: 13 rows of four cells in the book's columns, each cell read by ``cells``.

Two shapes (:class:`TableShape`): a grid of ``|``-separated rows, and an OCR's one cell a line
after each trick number, where a cell may be broken over two lines or a stray mark may stand on a
line of its own (the reading of the row that costs least decides which).  Pure."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from ...record.diagnostics import Diagnostic, Severity, Span
from ...rules.seats import Letter
from .cells import ANY_CARD_COST, Cell, read_cell
from .style import Style, TableShape

__all__ = ["Table", "read_table"]

_MOST_FRAGMENTS = 7  # more lines than this between two trick numbers is not a row of four cells


@dataclass(frozen=True, slots=True)
class Table:
    columns: tuple[Letter, ...]
    rows: tuple[tuple[Cell, ...], ...]  # 13 rows of 4 cells, in the book's columns


def read_table(
    lines: list[tuple[int, str]], style: Style, path: str, at: int
) -> tuple[Table | None, list[Diagnostic]]:
    """The table, or None with a located diagnostic (``at``: the hand's heading line)."""
    if not lines:
        return None, [_short(path, at, 0, "no trick table follows the hand's heading")]
    if style.table is TableShape.GRID:
        columns, rows = _grid(lines, style)
    else:
        columns, rows = _lines(lines, style)
    if len(rows) < 13:
        last = lines[-1][0]
        return None, [_short(path, last, len(rows), f"the trick table stops after {len(rows)} rows")]
    found = tuple(columns) if len(columns) == 4 and sorted(columns) == sorted(Letter) else style.columns
    return Table(found, tuple(rows[:13])), []


def _short(path: str, line: int, rows: int, what: str) -> Diagnostic:
    return Diagnostic(
        "read-table-short",
        Severity.ERROR,
        f"{what}; a hand needs 13 rows of four cards",
        Span(path, line, 1),
        "check that the text holds the whole table (a page break or a cut excerpt loses rows)",
    )


def _grid(lines: list[tuple[int, str]], style: Style) -> tuple[list[Letter], list[tuple[Cell, ...]]]:
    columns: list[Letter] = []
    rows: list[tuple[Cell, ...]] = []
    for number, line in lines:
        fields = line.split("|")
        if len(fields) < 6:
            continue
        first = fields[1].strip()
        if first == "TRICK":
            columns = [Letter[f.strip()] for f in fields[2:6] if f.strip() in ("A", "Y", "B", "Z")]
            continue
        if first != str(len(rows) + 1):
            continue
        offsets = list(itertools.accumulate(len(f) + 1 for f in fields))
        cells = []
        for k in range(2, 6):
            text = fields[k]
            col = offsets[k - 1] + (len(text) - len(text.lstrip())) + 1
            cells.append(read_cell(text, style, number, col))
        rows.append(tuple(cells))
    return columns, rows


def _lines(lines: list[tuple[int, str]], style: Style) -> tuple[list[Letter], list[tuple[Cell, ...]]]:
    body = [(n, ln) for n, ln in lines if ln.strip()]
    columns: list[Letter] = []
    k = 1
    while k < len(body) and len(columns) < 4 and not body[k][1].strip().isdigit():
        letters = re.findall(r"\b([AYBZ])\b", body[k][1].upper())
        columns += [Letter[ch] for ch in letters[-1:]]
        k += 1
    rows: list[tuple[Cell, ...]] = []
    frags: list[tuple[int, int, str]] = []
    expected = 1
    for n, ln in body[k:]:
        if ln.strip() == str(expected) and (expected == 1 or len(frags) >= 3):
            if expected > 1:
                rows.append(_fit(frags, style))
            frags, expected = [], expected + 1
            continue
        if expected > 1:
            frags.append((n, len(ln) - len(ln.lstrip()) + 1, ln.strip()))
    if expected == 14 and frags:
        rows.append(_fit(frags, style))
    return columns, rows


def _fit(frags: list[tuple[int, int, str]], style: Style) -> tuple[Cell, ...]:
    """Four cells from the lines of one row: a broken cell joined, a stray mark dropped, whichever
    makes the row cheapest to read; a row short of cells gets unreadable cells."""
    frags = frags[:_MOST_FRAGMENTS]
    best: tuple[int, list[tuple[int, int, str]]] | None = None
    for option in _options(frags):
        cost = sum(_cost(read_cell(t, style)) for _, _, t in option)
        if best is None or cost < best[0]:
            best = (cost, option)
    chosen = best[1] if best is not None else []
    while len(chosen) < 4:
        n, c = (chosen[-1][0], chosen[-1][1]) if chosen else (frags[0][0] if frags else 0, 1)
        chosen = [*chosen, (n, c, "")]
    return tuple(read_cell(t, style, n, c) for n, c, t in chosen)


def _options(frags: list[tuple[int, int, str]]) -> list[list[tuple[int, int, str]]]:
    if len(frags) <= 4:
        return [frags]
    out = []
    for j in range(len(frags)):
        rest = frags[:j] + frags[j + 1 :]
        out += _options(rest)  # drop line j
        if j > 0:
            n, c, t = frags[j - 1]
            out += _options([*frags[: j - 1], (n, c, t + frags[j][2]), *frags[j + 1 :]])  # join it on
    return out


def _cost(cell: Cell) -> int:
    return cell.candidates[0].cost if cell.candidates else ANY_CARD_COST
