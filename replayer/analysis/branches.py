"""Decision points and alternative lines, weighed by double dummy.

For a note's question (a decision point), every legal card of the seat that must choose gets the
tricks its side takes with best play after it, so a lesson can tell a student who picks another
card than the book's whether it "also keeps 5 tricks" or "costs a trick", and how.  For a note's
line (:class:`~replayer.rules.game.Line`), the solver says what best play makes after the branch
card, and from where the line stops when it stops early, and judges the result the line states.
All numbers count the tricks of the whole deal.  Pure: no file I/O.
"""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence
from dataclasses import dataclass

from ..record.hand import HandRecord
from ..rules.cards import Card
from ..rules.game import Game, Line
from ..rules.seats import Pair, Seat
from .claims import Verdict, _deal_phrase, _judge, _Outcome, _result_words
from .lines import line_words
from .naming import Naming
from .positions import Position, index_of, recorded_positions
from .solver import Solver

__all__ = ["Choice", "QuestionAnalysis", "LineAnalysis", "analyse_questions", "analyse_lines", "line_entry"]


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal card at a decision point: the tricks the chooser's side takes in the deal with
    best play after it, what it costs against the best card, and that in words (with the line
    best play takes after a costly card)."""

    card: Card
    tricks: int
    cost: int
    words: str


@dataclass(frozen=True, slots=True)
class QuestionAnalysis:
    """A decision point: the seat, the book's card, the author's answer (the book's card unless the
    note gives another), and every legal card weighed (``choices``, high cards first)."""

    note: int
    trick: int
    seat: Seat
    book: Card
    answer: Card
    side: Pair
    best: int
    choices: tuple[Choice, ...]

    def choice(self, card: Card) -> Choice | None:
        return next((c for c in self.choices if c.card == card), None)


@dataclass(frozen=True, slots=True)
class LineAnalysis:
    """What double dummy makes of a line: ``after_branch``, the tricks each side takes with best
    play from just after the branch card; ``played``, what the line's cards give (a line to the
    end); ``at_end``, best play from where a shorter line stops; ``verdict`` on the result the line
    states (None when it states none), and ``text``, all of it in words."""

    line: Line
    after_branch: dict[Pair, int]
    played: dict[Pair, int] | None
    at_end: dict[Pair, int] | None
    verdict: Verdict | None
    text: str


def analyse_questions(
    game: Game,
    record: HandRecord,
    cache: MutableMapping[str, int] | None = None,
    *,
    letters: bool = True,
    solver: Solver | None = None,
) -> list[QuestionAnalysis]:
    """Every question of the record's notes that the play reaches, each legal card weighed."""
    positions, plays = recorded_positions(game)
    solver = solver or Solver(cache)
    naming = Naming.of(game, letters)
    out = []
    for ni, note in enumerate(record.notes):
        q = note.question
        if q is None:
            continue
        seat = game.seat_named(q.seat.value)
        i = index_of(plays, q.trick, seat)
        if i is None:
            continue
        pos, book = positions[i], plays[i][2]
        values = solver.card_values(pos)
        side = seat.side
        tricks = {c: pos.won_by(side) + v for c, v in values.items()}
        best = max(tricks.values())
        rest = [c for _, _, c in plays[i:]]
        choices = tuple(
            Choice(
                c,
                tricks[c],
                best - tricks[c],
                _choice_words(solver, pos, c, tricks, best, rest, naming, q.trick),
            )
            for c in sorted(values, reverse=True)
        )
        answer = q.answer.value if q.answer is not None else book
        out.append(QuestionAnalysis(ni, q.trick, seat, book, answer, side, best, choices))
    return out


def _choice_words(
    solver: Solver,
    pos: Position,
    card: Card,
    tricks: dict[Card, int],
    best: int,
    book: Sequence[Card],
    naming: Naming,
    trick: int,
) -> str:
    """``Keeps 5 tricks for A–B, the most they can take.`` or ``Costs a trick: A–B can take 5
    tricks with the ♥10 and 4 with the ♥A. At trick 1, …`` (the best play after the card)."""
    side = pos.to_play.side
    who = naming.side(side)
    n = tricks[card]
    if n == best:
        return f"Keeps {n} trick{'s' if n != 1 else ''} for {who}, the most they can take."
    top = sorted((c for c, v in tricks.items() if v == best), reverse=True)
    named = [book[0]] if book and book[0] in top else top[:2]
    cost = best - n
    costs = "a trick" if cost == 1 else f"{cost} tricks"
    line = _short_line(solver, pos, card)
    told = line_words(line, pos.trump, naming, trick=trick, current=pos.current, book=list(book), most=2)
    total = pos.won_by(Pair.NS) + pos.won_by(Pair.EW) + pos.remaining
    return (
        f"Costs {costs}: {who} can take {best} with {' or '.join(str(c) for c in named)}, "
        f"and {n} with {card}. Best play after it: {told[:1].lower()}{told[1:].rstrip('.')}; "
        f"{who} end with {n} in all, {naming.side(side.other)} {total - n}."
    )


def _short_line(solver: Solver, pos: Position, first: Card, tricks: int = 2) -> list[tuple[Seat, Card]]:
    """Best play after ``first`` to the end of the trick after the current one (no further: the
    totals come from the solver's values, not from playing every card out)."""
    line = [(pos.to_play, first)]
    pos = pos.play(first)
    ends = 0 if pos.current else 1
    while pos.remaining > 0 and ends < tricks:
        legal = pos.legal()
        if len(legal) == 1:
            (card,) = legal
        else:
            values = solver.card_values(pos)
            top = max(values.values())
            card = min((c for c, v in values.items() if v == top), key=lambda c: (c.rank, c.suit))
        line.append((pos.to_play, card))
        pos = pos.play(card)
        if not pos.current:
            ends += 1
    return line


def analyse_lines(
    game: Game,
    record: HandRecord,
    cache: MutableMapping[str, int] | None = None,
    *,
    letters: bool = True,
    solver: Solver | None = None,
) -> list[LineAnalysis]:
    """Each of the game's lines weighed, with the result its record states judged."""
    solver = solver or Solver(cache)
    naming = Naming.of(game, letters)
    return [
        _line(game, ln, solver, naming, record.notes[ln.note].lines[ln.index].outcome) for ln in game.lines
    ]


def _split(pos: Position, solver: Solver) -> dict[Pair, int]:
    v = solver.value(pos)
    me = pos.to_play.side
    return {me: pos.won_by(me) + v, me.other: pos.won_by(me.other) + pos.remaining - v}


def _line(game: Game, line: Line, solver: Solver, naming: Naming, stated: dict[str, object]) -> LineAnalysis:
    along = game.along(line)
    positions, _ = recorded_positions(along)
    trick, seat, card = line.branch
    after = _split(positions[line.start + 1], solver)
    final = positions[-1]
    played = {s: final.won_by(s) for s in Pair} if line.complete else None
    at_end = None if line.complete else _split(final, solver)
    outcome = _Outcome.of(game, stated) if stated else None
    side = outcome.side if outcome is not None else None
    first = side or seat.side
    text = (
        f"Double dummy: after {naming.seat(seat)}'s {card} at trick {trick}, best play gives "
        f"{_deal_phrase(game, after, first, naming)}."
    )
    if played is not None:
        text += f" The line's cards: {_deal_phrase(game, played, first, naming)}."
    elif at_end is not None:
        text += f" From where the line stops, best play gives {_deal_phrase(game, at_end, first, naming)}."
    verdict = None
    if outcome is not None and side is not None:
        tricks = (played or at_end or after)[side]
        holds, _, why = _judge(game, outcome, side, tricks)
        said = _result_words(outcome, naming.side(side))
        if holds is None:
            verdict, text = Verdict.NOT_CHECKABLE, text + f" Not checkable: {why}."
        elif holds:
            verdict, text = Verdict.CONFIRMED, text + f" Confirmed: {said}."
        else:
            verdict, text = Verdict.REFUTED, text + f" Refuted: the line's result ({said}) does not follow."
    return LineAnalysis(line, after, played, at_end, verdict, text)


def line_entry(
    game: Game,
    trick: int,
    line: Sequence[tuple[Seat, Card]],
    columns: Sequence[Seat],
    title: str,
) -> str:
    """A line of play (a refutation's best line, from a card of ``trick``) written as a note's
    ``lines`` entry, ready to paste into the hand file: rows in the file's ``columns``, the first
    row the whole of ``trick`` (the play's cards before the line, then the line's)."""
    state = game.state_before(trick)
    if state is None:
        raise ValueError(f"trick {trick} is not in the recorded play")
    first = line[0][0] if line else None
    before = next((t.plays for t in game.tricks if t.number == trick), ())
    done = list(before[: next((k for k, (s, _) in enumerate(before) if s == first), len(before))])
    plays = done + list(line)
    rows = []
    for k in range(0, len(plays) - len(plays) % 4, 4):
        by_seat = dict(plays[k : k + 4])
        rows.append("          - " + " ".join(str(by_seat[s]) for s in columns))
    quoted = title.replace('"', "'")
    return "\n".join(
        ["    lines:", f'      - title: "{quoted}"', f"        trick: {trick}", "        tricks:", *rows]
    )
