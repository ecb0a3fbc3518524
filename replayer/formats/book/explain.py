"""What the search settled, and why: each settled cell with the fact that rules out its other
readings ("B must follow clubs", "the ♠A is Z's at trick 8", "the diagram gives Y ♠9 8 7 6"); two
equally cheap readings reported as ambiguous, never chosen in silence.  Pure."""

from __future__ import annotations

from dataclasses import dataclass

from ...record.diagnostics import Diagnostic, Severity, Span
from ...rules.cards import Card
from ...rules.seats import Letter
from .cells import Cell
from .search import Outcome, Problem, winners

__all__ = ["Settled", "choose", "settle"]


@dataclass(frozen=True, slots=True)
class Settled:
    """A cell the search had to decide: the card it reads, and the reason."""

    trick: int
    letter: Letter
    cell: Cell
    card: Card
    printed: Card | None
    reason: str
    misprint: bool  # a clean text's printed card changed: the book's own error


def choose(problem: Problem, outcome: Outcome, path: str) -> tuple[tuple[Card, ...], list[Diagnostic]]:
    """One reading of the cheapest: the only one; or, when the readings differ only in which copy
    of a card printed twice is changed, the one that keeps the first printing (a note says so);
    otherwise the first, with every differing cell reported as ambiguous."""
    readings = outcome.readings
    first = readings[0]
    differ = [i for i in range(52) if len({r[i] for r in readings}) > 1]
    if not differ:
        return first, []
    cells = [problem.rows[i // 4][i % 4] for i in differ]
    if all(_printed_twice(problem, i) for i in differ):
        best = min(
            readings, key=lambda r: tuple(r[i] is not problem.rows[i // 4][i % 4].printed for i in differ)
        )
        notes = [
            Diagnostic(
                "read-tie",
                Severity.NOTE,
                f"{cell.printed} is printed twice for {problem.columns[i % 4].name}; "
                f"the first printing is kept, and trick {i // 4 + 1} is read as {best[i]}",
                Span(path, cell.line, cell.col),
                "two readings cost the same; the reader keeps a card where it is first printed",
            )
            for i, cell in zip(differ, cells, strict=True)
            if best[i] is not cell.printed
        ]
        return best, notes
    diags = [
        Diagnostic(
            "read-ambiguous",
            Severity.WARNING,
            f"trick {i // 4 + 1}, {problem.columns[i % 4].name}: '{cell.text}' has equally good readings "
            + " and ".join(str(c) for c in sorted({r[i] for r in readings}, reverse=True))
            + f"; {first[i]} is written",
            Span(path, cell.line, cell.col),
            "check the cell against the printed page and correct the hand file",
        )
        for i, cell in zip(differ, cells, strict=True)
    ]
    return first, diags


def _printed_twice(problem: Problem, i: int) -> bool:
    cell = problem.rows[i // 4][i % 4]
    col = i % 4
    same = [row[col].printed for row in problem.rows]
    return cell.printed is not None and same.count(cell.printed) > 1


def settle(problem: Problem, outcome: Outcome, reading: tuple[Card, ...], clean: bool) -> list[Settled]:
    """The cells the reading had to decide: a changed card, or a tie among the cell's own readings."""
    out = []
    for i, card in enumerate(reading):
        cell = problem.rows[i // 4][i % 4]
        cand = next(c for c in outcome.options[i] if c.card is card)
        ties = [c for c in cell.candidates if c.card is not card and c.cost <= cand.cost]
        if cand.cost == 0 and not ties:
            continue
        others = [c.card for c in cell.candidates if c.card is not card and c.cost <= cand.cost + 1][:2]
        if cell.printed is not None and cell.printed is not card and cell.printed not in others:
            others.insert(0, cell.printed)
        letter = problem.columns[i % 4]
        misprint = clean and cell.printed is not None and cell.printed is not card
        if misprint and cell.printed is not None:
            reason = _misprint(problem, reading, i, cell.printed, card)
        else:
            facts = [f"not {alt}: {_why_not(problem, reading, i, alt)}" for alt in others]
            reason = "; ".join([cand.how, *facts])
        out.append(Settled(i // 4 + 1, letter, cell, card, cell.printed, reason, misprint))
    return out


def _misprint(problem: Problem, reading: tuple[Card, ...], i: int, printed: Card, card: Card) -> str:
    """Why a clean text's printed card cannot stand, and what the card is."""
    letter = problem.columns[i % 4]
    text = f"the book prints {printed} for {letter.name} at trick {i // 4 + 1}, but {_why_not(problem, reading, i, printed)}"
    if problem.deal is not None and printed in problem.deal[letter]:
        text += f"; the diagram gives {letter.name} {_holding(problem.deal[letter], card)}"
    if all(cell.printed is not card for row in problem.rows for cell in row):
        text += f", and the {card} is printed nowhere"
    return text + f": the card is the {card}"


def _why_not(problem: Problem, reading: tuple[Card, ...], i: int, alt: Card) -> str:
    """The facts that rule ``alt`` out of cell ``i`` (at most two, the strongest first)."""
    t, col = divmod(i, 4)
    letter = problem.columns[col]
    facts = []
    if problem.deal is not None and alt not in problem.deal[letter]:
        facts.append(f"the diagram gives {letter.name} {_holding(problem.deal[letter], alt)}")
    where = next((j for j, c in enumerate(reading) if c is alt and j != i), None)
    if where is not None:
        owner = problem.columns[where % 4]
        facts.append(
            f"{letter.name} plays {alt} at trick {where // 4 + 1}"
            if owner is letter
            else f"the {alt} is {owner.name}'s at trick {where // 4 + 1}"
        )
    leaders = [Letter.A, *winners(reading, problem)[:-1]]
    led = reading[4 * t + problem.columns.index(leaders[t])].suit
    mine = [reading[4 * k + col] for k in range(t, 13)]
    if leaders[t] is not letter and alt.suit is not led and any(c.suit is led for c in mine):
        facts.append(f"{letter.name} must follow {led.word}")
    for k in range(t):
        led_k = reading[4 * k + problem.columns.index(leaders[k])].suit
        if led_k is alt.suit and reading[4 * k + col].suit is not led_k:
            facts.append(f"{letter.name} showed out of {alt.suit.word} at trick {k + 1}")
            break
    if not facts:
        facts.append("a dearer reading of the text, and the cheaper one is legal")
    return " and ".join(facts[:2])


def _holding(hand: frozenset[Card], alt: Card) -> str:
    ranks = sorted((c.rank for c in hand if c.suit is alt.suit), reverse=True)
    if not ranks:
        return f"no {alt.suit.word}"
    return alt.suit.symbol + " ".join(r.display for r in ranks)
