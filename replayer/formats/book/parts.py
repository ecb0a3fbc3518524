"""Finding a hand's parts in a book's text: its heading, theme, notes, score sentence, diagram,
trick table and result line, each with its line number.  Driven by the :class:`Style`; pure."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .style import NoteSection, Style, TableShape, ThemeShape

__all__ = ["HandText", "Note", "Para", "find_hands"]

_LINE_LIMIT = 400  # a hand's block, notes included, is never longer than this many lines


@dataclass(frozen=True, slots=True)
class Para:
    """A paragraph: its lines joined with single spaces, and the line (1-based) it starts on."""

    text: str
    line: int


@dataclass(frozen=True, slots=True)
class Note:
    """One of the book's notes: its label as printed ("TRICK 4") or None for the hand, and text."""

    label: str | None
    text: str
    line: int


@dataclass(slots=True)
class HandText:
    """The parts of one printed hand, as text with line numbers (1-based)."""

    number: int
    line: int
    theme: Para | None = None
    notes: list[Note] = field(default_factory=list)
    score: Para | None = None
    diagram: list[tuple[int, str]] = field(default_factory=list)
    table: list[tuple[int, str]] = field(default_factory=list)
    result: Para | None = None


def find_hands(lines: list[str], style: Style) -> list[HandText]:
    """Every hand the style's heading finds, with its parts."""
    heads = [(i, int(m.group("n"))) for i, ln in enumerate(lines) if (m := style.hand_start.match(ln))]
    notes_at = {}
    if style.notes_start is not None:
        notes_at = {int(m.group("n")): i for i, ln in enumerate(lines) if (m := style.notes_start.match(ln))}
    stops = sorted({i for i, _ in heads} | set(notes_at.values()) | {len(lines)})
    out = []
    for i, n in heads:
        end = min(min(s for s in stops if s > i), i + _LINE_LIMIT)
        hand = HandText(n, i + 1)
        _read_block(lines, i + 1, end, style, hand)
        if style.notes is NoteSection.BEFORE and n in notes_at and notes_at[n] < i:
            hand.notes = _notes(lines, notes_at[n] + 1, i, style)
        out.append(hand)
    return out


def _paragraphs(lines: list[str], start: int, end: int) -> list[tuple[int, list[str]]]:
    """Runs of non-blank lines; an indented line (a diagram's) after a flush one starts a new run."""
    out: list[tuple[int, list[str]]] = []
    run: list[str] = []
    first = start
    for i in range(start, end):
        ln = lines[i]
        indented = ln.startswith("    ") and bool(run) and not run[0].startswith(" ")
        if not ln.strip() or indented:
            if run:
                out.append((first, run))
            run = []
            if not ln.strip():
                continue
        if not run:
            first = i
        run.append(ln)
    if run:
        out.append((first, run))
    return out


def _join(run: list[str]) -> str:
    text = ""
    for ln in run:
        part = " ".join(ln.split())
        if text.endswith("-") and part[:1].islower() and not text.endswith("--"):
            text = text[:-1] + part  # a word broken at the end of a line
        else:
            text = f"{text} {part}" if text else part
    return text


def _read_block(lines: list[str], start: int, end: int, style: Style, hand: HandText) -> None:
    paras = _paragraphs(lines, start, end)
    score_at = next((k for k, (_, run) in enumerate(paras) if style.score.match(run[0].strip())), None)
    if score_at is None:
        return
    first, run = paras[score_at]
    hand.score = Para(_join(run), first + 1)
    before = paras[:score_at]
    if style.theme is ThemeShape.UNDERSCORED:
        theme = next(((i, r) for i, r in before if r[0].strip().startswith("_")), None)
        if theme is not None:
            hand.theme = Para(_join(theme[1]).strip("_ "), theme[0] + 1)
    elif style.theme is ThemeShape.CAPITALS:
        caps = [(i, r) for i, r in before if _capitals(_join(r)) and not style.note_label.match(_join(r))]
        if caps:
            hand.theme = Para(_join(caps[-1][1]), caps[-1][0] + 1)
            before = [(i, r) for i, r in before if i < caps[-1][0]]
    if style.notes is NoteSection.INSIDE:
        hand.notes = _label_notes(before, style)
    after = first + len(run)
    if style.table is TableShape.GRID:
        _grid_parts(lines, after, end, hand)
    else:
        _line_parts(lines, after, end, hand)


def _capitals(text: str) -> bool:
    letters = [ch for ch in text if ch.isalpha()]
    return len(letters) >= 4 and all(ch.isupper() for ch in letters)


def _grid_parts(lines: list[str], start: int, end: int, hand: HandText) -> None:
    """Diagram lines up to the table's top border; the table's lines; the result after it."""
    header = next((i for i in range(start, end) if re.match(r"^\s*\|\s*TRICK\s*\|", lines[i])), None)
    if header is None:
        hand.diagram = [(i + 1, lines[i]) for i in range(start, end)]
        return
    top = header - 1 if header > start and lines[header - 1].strip().startswith("+") else header
    hand.diagram = [(i + 1, lines[i]) for i in range(start, top)]
    i = header
    while i < end and lines[i].strip().startswith(("|", "+")):
        hand.table.append((i + 1, lines[i]))
        i += 1
    paras = _paragraphs(lines, i, end)
    if paras:
        first, run = paras[0]
        hand.result = Para(_join(run), first + 1)


def _line_parts(lines: list[str], start: int, end: int, hand: HandText) -> None:
    """An OCR table: from the line ``TRICK`` to the first line of prose after the cells."""
    head = next((i for i in range(start, end) if lines[i].strip() == "TRICK"), None)
    if head is None:
        return
    i = head
    while i < end and not (lines[i].strip() and _prose(lines[i])):
        hand.table.append((i + 1, lines[i]))
        i += 1
    paras = _paragraphs(lines, i, end)
    if paras:
        first, run = paras[0]
        hand.result = Para(_join(run), first + 1)


def _prose(line: str) -> bool:
    words = [w for w in line.split() if len(w) >= 3 and w.isalpha()]
    return len(line.strip()) > 12 and len(words) >= 2


def _notes(lines: list[str], start: int, end: int, style: Style) -> list[Note]:
    keep = [ln if not any(p.match(ln) for p in style.page_noise) else "" for ln in lines[:end]]
    return _label_notes(_paragraphs(keep, start, end), style)


def _label_notes(paras: list[tuple[int, list[str]]], style: Style) -> list[Note]:
    """Each paragraph with its label ("TRICK 4"); an unlabelled one after a labelled one goes on it."""
    out: list[Note] = []
    for first, run in paras:
        text = _join(run)
        m = style.note_label.match(text)
        if m is not None:
            label = re.sub(r"\b[iIl]\b", "1", m.group("label"))  # an OCR's 1
            out.append(Note(label, text[m.end() :].strip(" -\\"), first + 1))
        elif out and out[-1].label is not None:
            if text.strip(" \\"):
                out[-1] = Note(out[-1].label, f"{out[-1].text} {text.strip(' ')}", out[-1].line)
        else:
            out.append(Note(None, text.strip(" \\"), first + 1))
    return out
