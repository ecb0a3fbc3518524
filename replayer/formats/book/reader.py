"""``replayer read``, without the files: a book's text in, one hand YAML per illustrative hand out,
each checked by the project's own loader and validator.  Never raises on content.  Pure: the
command line does the reading and the writing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ...record.diagnostics import Diagnostic, Severity, Span
from ...record.reader import load
from ...rules.cards import Card
from ...rules.play import IllegalPlay, apply, start
from ...rules.seats import Letter
from ...validation.validate import validate
from .diagram import Diagram, read_diagram
from .errors import Entry, card_entries, deal_entries, mark_entries, result_entry
from .explain import Settled, choose, settle
from .parts import HandText, find_hands
from .search import DEALER, NODE_LIMIT, Problem, solve, winners
from .sentences import Make, Score, read_make, read_score, result_tricks
from .style import STYLES, Style, detect_style
from .table import read_table
from .writer import Written, hand_yaml

__all__ = ["BookRead", "ReadHand", "read_book"]


@dataclass(frozen=True, slots=True)
class ReadHand:
    number: int
    name: str  # hand-7.yaml
    text: str | None  # the hand YAML; None when the hand could not be read
    diagnostics: tuple[Diagnostic, ...]
    settled: int  # cells the repair settled (readings and misprints)
    misprints: tuple[Settled, ...]
    readings: tuple[Settled, ...]
    nodes: int  # nodes the search visited
    errors: tuple[Entry, ...] = ()  # the book's own errors, as written under book_errors

    @property
    def ok(self) -> bool:
        return self.text is not None and not any(d.severity is Severity.ERROR for d in self.diagnostics)


@dataclass(frozen=True, slots=True)
class BookRead:
    style: Style | None
    hands: tuple[ReadHand, ...]
    diagnostics: tuple[Diagnostic, ...]  # the book's own: not a book, no hand, a hand not found


def read_book(
    text: str,
    path: str,
    style: str | None = None,
    numbers: Sequence[int] = (),
    node_limit: int = NODE_LIMIT,
) -> BookRead:
    """Every illustrative hand of the text (or those ``numbers``), read and checked."""
    chosen = STYLES.get(style) if style else detect_style(text)
    if chosen is None:
        problem = Diagnostic("read-not-a-book", Severity.ERROR, _not_a_book(style), Span(path, 1, 1), _HINT)
        return BookRead(None, (), (problem,))
    lines = text.splitlines()
    found = find_hands(lines, chosen)
    if not found:
        msg = f"no illustrative hand found in the {chosen.name} style (no heading like the book's)"
        return BookRead(
            chosen, (), (Diagnostic("read-no-hand", Severity.ERROR, msg, Span(path, 1, 1), _HINT),)
        )
    problems: list[Diagnostic] = []
    if numbers:
        have = {h.number for h in found}
        for n in numbers:
            if n not in have:
                msg = f"hand {n} is not in the text"
                problems.append(Diagnostic("read-hand-missing", Severity.ERROR, msg, Span(path, 1, 1), _HINT))
        found = [h for h in found if h.number in numbers]
    hands = tuple(_read_hand(h, chosen, path, node_limit) for h in found)
    return BookRead(chosen, hands, tuple(problems))


def _not_a_book(style: str | None) -> str:
    if style:
        return f"no style named {style!r}; known: {', '.join(STYLES)}"
    return f"the text is in none of the known styles ({', '.join(STYLES)}): no illustrative hand can be found"


_HINT = "give a book's text (an e-text or OCR of its illustrative hands), and --style if it is not detected"


def _failed(h: HandText, diags: list[Diagnostic]) -> ReadHand:
    return ReadHand(h.number, f"hand-{h.number}.yaml", None, tuple(diags), 0, (), (), 0)


def _read_hand(h: HandText, style: Style, path: str, node_limit: int) -> ReadHand:
    where = f"hand {h.number}"
    table, diags = read_table(h.table, style, path, h.line)
    make = read_make(h.score.text) if h.score else None
    if make is None:
        at = Span(path, h.score.line if h.score else h.line, 1)
        diags.append(
            Diagnostic(
                "read-make",
                Severity.ERROR,
                "the make (who declared which trump) is not understood; the hand is not written",
                at,
                "write the hand's declaration by hand from the book's sentence",
            )
        )
    if table is None or make is None:
        return _failed(h, [_named(d, where) for d in diags])
    diagram = read_diagram(h.diagram, style) if style.diagram else None
    if diagram is not None and diagram.deal is None:
        diags.append(_not_a_deal(diagram, path))
    score = read_score(h.score.text) if h.score else None
    if h.score is not None and (score is None or score.ab is None):
        diags.append(
            Diagnostic(
                "read-score",
                Severity.WARNING,
                "the score before the deal is not understood; score_before is left out",
                Span(path, h.score.line, 1),
                "write score_before by hand from the book's sentence",
            )
        )
    problem = Problem(
        tuple(table.rows),
        table.columns,
        make.strain.trump,
        diagram.deal if diagram is not None else None,
        result_tricks(h.result.text) if h.result else None,
        node_limit,
    )
    outcome = solve(problem)
    if not outcome.readings:
        diags.append(_no_reading(path, h, outcome.stopped, outcome.nodes, node_limit))
        return _failed(h, [_named(d, where) for d in diags])
    reading, more = choose(problem, outcome, path)
    diags += more
    diags += _replay(problem, reading, path, h)
    settled = settle(problem, outcome, reading, style.clean)
    diags += _mark_notes(problem, reading, path)
    errors = [*card_entries(settled), *mark_entries(problem, reading)]
    if diagram is not None and diagram.deal is None:
        errors += deal_entries(diagram, problem, reading)
    written = _written(h, style, path, problem, reading, settled, score, make, tuple(errors))
    written, yaml, checked = _checked(written, f"hand-{h.number}.yaml")
    diags += checked
    return ReadHand(
        h.number,
        f"hand-{h.number}.yaml",
        yaml,
        tuple(_named(d, where) for d in diags),
        len(settled),
        tuple(s for s in settled if s.misprint),
        tuple(s for s in settled if not s.misprint),
        outcome.nodes,
        written.errors,
    )


def _checked(written: Written, name: str) -> tuple[Written, str, list[Diagnostic]]:
    """The hand YAML and what the loader and validator say of it (notes aside).  A result line the
    cards contradict is recorded as the book's error, for the editor to confirm, and checked again."""
    yaml, diags = _validated(written, name)
    results = [e for d in diags if d.severity is Severity.ERROR and (e := result_entry(d)) is not None]
    if results:
        written = replace(written, errors=(*written.errors, *results))
        yaml, diags = _validated(written, name)
    return written, yaml, diags


def _validated(written: Written, name: str) -> tuple[str, list[Diagnostic]]:
    yaml = hand_yaml(written)
    record, loaded = load(yaml, name)
    checked = list(loaded)
    if record is not None:
        checked += validate(record)[1]
    return yaml, [d for d in checked if d.severity is not Severity.NOTE]


def _not_a_deal(diagram: Diagram, path: str) -> Diagnostic:
    first = diagram.lines[0]
    return Diagnostic(
        "read-diagram",
        Severity.NOTE,
        f"the deal diagram is not a deal ({diagram.counts()}): the table is read without it, the deal "
        "is written from the cards played, and each line they contradict is recorded under book_errors",
        Span(path, first.line, first.col),
        "check each book_errors entry about the deal against the printed diagram",
    )


def _written(
    h: HandText,
    style: Style,
    path: str,
    problem: Problem,
    reading: tuple[Card, ...],
    settled: list[Settled],
    score: Score | None,
    make: Make,
    errors: tuple[Entry, ...],
) -> Written:
    printed = {(s.trick, s.letter): s.printed for s in settled if s.misprint and s.printed is not None}
    rows = []
    for t in range(13):
        rows.append(
            tuple(
                printed.get((t + 1, problem.columns[k]), reading[4 * t + k]) or reading[4 * t + k]
                for k in range(4)
            )
        )
    last = max([h.line, *(n for n, _ in h.table)]) + (2 if h.result else 0)
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    played = {lt: frozenset(reading[4 * t + problem.columns.index(lt)] for t in range(13)) for lt in Letter}
    from_cards = problem.deal is None and any(e.kind == "deal" for e in errors)
    return Written(
        style=style,
        number=h.number,
        theme=h.theme.text if h.theme else None,
        score=score,
        make=make,
        deal=dict(problem.deal) if problem.deal is not None else played if from_cards else None,
        deal_from_cards=from_cards,
        columns=problem.columns,
        rows=tuple(rows),
        marks=tuple(tuple(c.marked for c in row) for row in problem.rows),
        result=h.result.text if h.result else None,
        notes=tuple(h.notes),
        settled=tuple(settled),
        errors=errors,
        origin=f"{name}, lines {h.line}-{last}",
    )


def _mark_notes(problem: Problem, reading: tuple[Card, ...], path: str) -> list[Diagnostic]:
    """A note at each printed winner mark the cards contradict (kept, and recorded as the book's error)."""
    diags = []
    for t, (row, winner) in enumerate(zip(problem.rows, winners(reading, problem), strict=True)):
        col = problem.columns.index(winner)
        for k, c in enumerate(row):
            if not c.marked or k == col:
                continue
            diags.append(
                Diagnostic(
                    "read-mark",
                    Severity.NOTE,
                    f"trick {t + 1}: the book marks {problem.columns[k].name}'s {reading[4 * t + k]} as the "
                    f"winner, but {winner.name}'s {reading[4 * t + col]} wins; the mark is kept and "
                    "recorded under book_errors (about: mark)",
                    Span(path, c.line, c.col),
                    "check the row against the page: the book's mark is wrong, or a card of this trick is",
                )
            )
    return diags


def _replay(problem: Problem, reading: tuple[Card, ...], path: str, h: HandText) -> list[Diagnostic]:
    """The reading replayed by the rules engine from the hands it implies: a last check."""
    hands = {
        lt.seat(DEALER): [reading[4 * t + problem.columns.index(lt)] for t in range(13)] for lt in Letter
    }
    state = start(hands, problem.trump, Letter.A.seat(DEALER), Letter.Y.seat(DEALER))
    leaders = [Letter.A, *winners(reading, problem)[:-1]]
    try:
        for t in range(13):
            for k in range(4):
                lt = Letter((leaders[t] + k) % 4)
                state = apply(state, reading[4 * t + problem.columns.index(lt)], allow_dummy_renounce=False)
    except IllegalPlay as exc:
        return [
            Diagnostic(
                "read-no-reading", Severity.ERROR, f"the reading is not legal: {exc}", Span(path, h.line, 1)
            )
        ]
    return []


def _no_reading(path: str, h: HandText, stopped: bool, nodes: int, limit: int) -> Diagnostic:
    at = Span(path, h.table[0][0] if h.table else h.line, 1)
    if stopped:
        return Diagnostic(
            "read-search-limit",
            Severity.ERROR,
            f"the repair search stopped after {nodes:,} positions (the limit is {limit:,}) without a legal reading",
            at,
            "the table is too damaged to settle by search: correct the worst cells in the text and read it again",
        )
    return Diagnostic(
        "read-no-reading",
        Severity.ERROR,
        "no legal reading of the table exists within the repair costs",
        at,
        "check the table against the book: rows or columns may be out of place",
    )


def _named(d: Diagnostic, where: str) -> Diagnostic:
    return replace(d, message=f"{where}: {d.message}")
