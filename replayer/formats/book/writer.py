"""The hand YAML a read hand becomes: one row a line, the book's notes as comments for the editor
(they are the book's words, not ours), the settled cells under ``transcription.readings`` and the
book's own errors (``errors``) under ``book_errors``.  Pure."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from ...rules.cards import Card, format_holding
from ...rules.seats import Letter
from .errors import Entry
from .explain import Settled
from .parts import Note
from .sentences import Make, Score
from .style import Style

__all__ = ["Written", "hand_yaml", "quote"]

_SMALL = frozenset(
    ["a", "an", "and", "as", "at", "but", "by", "for", "from", "in", "of", "on", "or", "the", "to", "versus"]
)


@dataclass(frozen=True, slots=True)
class Written:
    """What goes into one hand file."""

    style: Style
    number: int
    theme: str | None
    score: Score | None
    make: Make
    deal: dict[Letter, frozenset[Card]] | None
    deal_from_cards: bool  # the diagram is not a deal: ``deal`` is the cards played
    columns: tuple[Letter, ...]
    rows: tuple[tuple[Card, ...], ...]  # the cards written, per trick in the columns
    marks: tuple[tuple[bool, ...], ...]
    result: str | None
    notes: tuple[Note, ...]
    settled: tuple[Settled, ...]
    errors: tuple[Entry, ...]  # the book's own errors
    origin: str  # where it was read: "005_elwell_1902_bridge_full.txt, lines 2216-2258"


def quote(text: str) -> str:
    """A YAML double-quoted scalar."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def theme_title(theme: str) -> str:
    """A heading in capitals as a title: SAVING AN ENTRY CARD. → Saving an Entry Card."""
    if any(ch.islower() for ch in theme):
        return theme
    out = []
    start = True
    for word in theme.lower().split():
        bare = word.strip("\"“”'‘’.,")
        out.append(word if bare in _SMALL and not start else _cap(word))
        start = word.endswith(".")
    return " ".join(out)


def _cap(word: str) -> str:
    for k, ch in enumerate(word):
        if ch.isalpha():
            return word[:k] + ch.upper() + word[k + 1 :]
    return word


def hand_yaml(w: Written) -> str:
    s = w.style
    theme = theme_title(w.theme) if w.theme else None
    lines = [
        f"# {s.author}, {s.book} ({s.year}), Illustrative Hand No. {w.number}.",
        f"# Read by `replayer read` from {w.origin}; proof-read it against the book before use.",
        f"title: {quote(f'Hand No. {w.number}: {theme}' if theme else f'Hand No. {w.number}')}",
        "source:",
        f"  book: {quote(s.book)}",
        f"  author: {quote(s.author)}",
        f"  year: {s.year}",
        f"  hand: {w.number}",
    ]
    if theme:
        lines.append(f"  theme: {quote(theme)}")
    lines += ["rules: bridge-whist", "dealer: Z", *_score(w.score)]
    lines.append(f"declaration: {{maker: {w.make.maker.name}, trump: {w.make.strain.word}}}")
    if w.deal is not None:
        if w.deal_from_cards:
            lines.append("# The book's diagram is not a deal: this is the cards played (see book_errors).")
        lines.append("deal:")
        lines += [
            f"  {lt.name}: {format_holding(w.deal[lt])}" for lt in (Letter.A, Letter.Y, Letter.B, Letter.Z)
        ]
    lines += ["play:", f"  columns: [{', '.join(c.name for c in w.columns)}]", "  tricks:"]
    for cards, marks in zip(w.rows, w.marks, strict=True):
        lines.append("    - " + " ".join(f"{c}{'*' if m else ''}" for c, m in zip(cards, marks, strict=True)))
    if w.result:
        lines.append(f"result: {quote(w.result)}")
    lines += _notes(w)
    lines += _errors(w)
    lines += _transcription(w)
    return "\n".join(lines) + "\n"


def _score(score: Score | None) -> list[str]:
    if score is None or score.ab is None or score.yz is None:
        return []
    out = ["score_before:", f"  AB: {score.ab}", f"  YZ: {score.yz}"]
    if score.games is not None:
        out.append("  games: {" + ", ".join(f"{k}: {v}" for k, v in score.games.items()) + "}")
    out.append(f"  quote: {quote(score.quote)}")
    return out


def _notes(w: Written) -> list[str]:
    if not w.notes:
        return []
    out = [
        f"# {w.style.author_short}'s notes, in the book's words: put each point in our own words as a",
        "# note below (with its trick and source), then delete these comments.",
    ]
    for note in w.notes:
        label = " ".join(note.label.lower().split()) if note.label else "the hand"
        head = f"{w.style.author_short}'s note {'to' if note.label else 'on'} {label}: "
        for k, part in enumerate(textwrap.wrap(head + note.text, 96)):
            out.append(("# " if k == 0 else "#   ") + part)
    out.append("notes: []")
    return out


def _errors(w: Written) -> list[str]:
    if not w.errors:
        return []
    out = ["book_errors:"]
    for e in w.errors:
        out += [f"  # {line}" for line in e.comment]
        keys = "".join(f", {k}: {v}" for k, v in e.fields)
        out.append(f"  - {{about: {e.about}{keys}, text: {quote(e.text)}}}")
    return out


_KINDS = {
    "card": ("misprinted card", "misprinted cards"),
    "mark": ("winner mark on the wrong card", "winner marks on the wrong card"),
    "deal": ("line of the deal diagram", "lines of the deal diagram"),
    "result": ("result line the cards contradict", "result lines the cards contradict"),
}


def _found(errors: tuple[Entry, ...]) -> str:
    """ "1 misprinted card and 2 lines of the deal diagram", or "none"."""
    parts = []
    for kind, (one, many) in _KINDS.items():
        n = sum(1 for e in errors if e.kind == kind)
        if n:
            parts.append(f"{n} {one if n == 1 else many}")
    if not parts:
        return "none"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _transcription(w: Written) -> list[str]:
    readings = [st for st in w.settled if not st.misprint]
    summary = (
        f"Read by `replayer read` ({w.style.name} style) from {w.origin}. "
        f"{len(readings)} cell{'s' if len(readings) != 1 else ''} settled by the laws (listed below); "
        f"the book's own errors recorded under book_errors: {_found(w.errors)}. "
        "Proof-read every cell against the printed page."
    )
    out = ["transcription:", "  text: |"]
    out += [f"    {part}" for part in textwrap.wrap(summary, 96)]
    if readings:
        out.append("  readings:")
        for st in readings:
            out.append(
                f"    - {{trick: {st.trick}, seat: {st.letter.name}, ocr: {quote(st.cell.text)}, "
                f"card: {st.card}, reason: {quote(st.reason)}}}"
            )
    return out
