"""A lesson's decision points and alternative lines, as plain data for the stepper, the page and the
quiz handout.

A question (a note's ``question``) becomes a :class:`QuestionView`: who chooses, what he can see at
that moment (his hand, dummy once it is down, the cards played), the legal cards, and — with the
``dds`` extra — double dummy on each of them, worked out here at build time so the page needs no
solver.  A line (a note's ``lines``, replayed on ``Game.lines``) becomes a :class:`LineView`: its
tricks, its rows in the lesson's columns, what its cards give and what double dummy makes of it.
"""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence
from dataclasses import dataclass

from ..analysis import dds_available
from ..analysis.branches import LineAnalysis, QuestionAnalysis, analyse_lines, analyse_questions
from ..analysis.naming import Naming
from ..record.hand import HandRecord
from ..rules.cards import Card
from ..rules.game import Game, Line
from ..rules.play import Trick
from ..rules.seats import Letter, Pair, Seat

__all__ = ["ChoiceView", "QuestionView", "LineView", "branch_views", "card_code"]


@dataclass(frozen=True, slots=True)
class ChoiceView:
    """One legal card at a decision point, with double dummy on it (None / "" without it)."""

    code: str  # the stepper's card code: H10
    text: str  # ♥10
    tricks: int | None
    cost: int | None
    words: str


@dataclass(frozen=True, slots=True)
class QuestionView:
    """A decision point: ``seat`` (compass) chooses the card at play index ``index``."""

    id: str
    note_id: str
    trick: int
    seat: str  # who plays the card asked for (dummy, when the declarer chooses dummy's card)
    chooser: str  # who chooses it: the seat, or the declarer for dummy's card
    who: str  # how the lesson names the chooser
    index: int
    ask: str
    book: str
    answer: str
    legal: tuple[str, ...]
    #: what the chooser sees: (compass seat, its cards then) for his hand and dummy once it is down
    sees: tuple[tuple[str, tuple[str, ...]], ...]
    #: the tricks so far, the current one included: (trick number, ((seat, code), …)) in play order
    played: tuple[tuple[int, tuple[tuple[str, str], ...]], ...]
    choices: tuple[ChoiceView, ...]


@dataclass(frozen=True, slots=True)
class LineView:
    """An alternative line, from its first trick (the branch's) on."""

    id: str
    note_id: str
    title: str
    trick: int
    start: int
    seat: str
    card: str
    tricks: tuple[dict[str, object], ...]
    rows: tuple[tuple[str, ...], ...]
    complete: bool
    text: str | None
    result: str
    verdict: str | None
    dd: str


def card_code(c: Card) -> str:
    """The stepper's code for a card: the suit's letter and the rank as shown (``H10``)."""
    return c.suit.letter + c.rank.display


def _codes(cards: Sequence[Card] | frozenset[Card]) -> tuple[str, ...]:
    return tuple(card_code(c) for c in sorted(cards, key=lambda c: (3 - int(c.suit), -c.rank)))


def branch_views(
    game: Game,
    record: HandRecord,
    dd_cache: MutableMapping[str, int] | None = None,
    *,
    letters: bool = True,
    double_dummy: bool = True,
    columns: Sequence[Seat] = (),
) -> tuple[tuple[QuestionView, ...], tuple[LineView, ...]]:
    """The lesson's decision points and lines; double dummy on them when ``double_dummy`` and the
    solver is there (an unloadable solver leaves them without it, as the rest of the lesson)."""
    asked: dict[int, QuestionAnalysis] = {}
    weighed: dict[tuple[int, int], LineAnalysis] = {}
    if double_dummy and dds_available() is None and game.tricks:
        try:
            asked = {q.note: q for q in analyse_questions(game, record, dd_cache, letters=letters)}
            weighed = {
                (a.line.note, a.line.index): a for a in analyse_lines(game, record, dd_cache, letters=letters)
            }
        except ImportError:
            asked, weighed = {}, {}
    naming = Naming.of(game, letters)
    questions = tuple(_questions(game, record, asked, naming))
    cols = tuple(columns) or tuple(Letter(k).seat(game.dealer) for k in (1, 2, 3, 0))
    lines = tuple(
        _line_view(k, game, record, ln, weighed.get((ln.note, ln.index)), naming, cols)
        for k, ln in enumerate(game.lines, 1)
    )
    return questions, lines


def _questions(
    game: Game, record: HandRecord, asked: dict[int, QuestionAnalysis], naming: Naming
) -> list[QuestionView]:
    out: list[QuestionView] = []
    order = [(t.number, s, c) for t in game.tricks for s, c in t.plays]
    for ni, note in enumerate(record.notes):
        q = note.question
        if q is None:
            continue
        seat = game.seat_named(q.seat.value)
        index = next((i for i, (n, s, _) in enumerate(order) if n == q.trick and s == seat), None)
        state = game.state_before(q.trick, seat)
        if index is None or state is None:
            continue  # the validator reports it
        book = order[index][2]
        answer = q.answer.value if q.answer is not None else book
        legal = state.legal()
        qa = asked.get(ni)
        choices = tuple(_choice(c, qa) for c in sorted(legal, key=lambda c: (3 - int(c.suit), -c.rank)))
        dummy = game.declaration.dummy if game.declaration is not None else None
        chooser = seat.partner if seat == dummy else seat
        sees = [(chooser.name, _codes(state.hand(chooser)))]
        if dummy is not None and dummy != chooser and (index > 0 or game.first_trick > 1):
            sees.append((dummy.name, _codes(state.hand(dummy))))
        played = tuple(
            (t.number, tuple((s.name, card_code(c)) for s, c in t.plays)) for t in state.tricks
        ) + ((state.trick_number, tuple((s.name, card_code(c)) for s, c in state.current)),)
        who = naming.seat(chooser)
        default = f"What should {who} play" + (" from dummy?" if chooser != seat else "?")
        out.append(
            QuestionView(
                f"question-{len(out) + 1}",
                f"note-{ni + 1}",
                q.trick,
                seat.name,
                chooser.name,
                who,
                index,
                q.ask.value if q.ask is not None else default,
                card_code(book),
                card_code(answer),
                _codes(legal),
                tuple(sees),
                played,
                choices,
            )
        )
    return out


def _choice(card: Card, qa: QuestionAnalysis | None) -> ChoiceView:
    ch = qa.choice(card) if qa is not None else None
    if ch is None:
        return ChoiceView(card_code(card), str(card), None, None, "")
    return ChoiceView(card_code(card), str(card), ch.tricks, ch.cost, ch.words)


def _trick_data(t: Trick) -> dict[str, object]:
    return {
        "number": t.number,
        "leader": t.leader.name,
        "plays": [[s.name, card_code(c)] for s, c in t.plays],
        "winner": t.winner.name if t.winner is not None else None,
    }


def _line_view(
    k: int,
    game: Game,
    record: HandRecord,
    line: Line,
    la: LineAnalysis | None,
    naming: Naming,
    cols: tuple[Seat, ...],
) -> LineView:
    rec = record.notes[line.note].lines[line.index]
    trick, seat, card = line.branch
    own = tuple(t for t in line.tricks if t.number >= rec.trick)
    rows = tuple(tuple(str(t.card_of(s)) if t.card_of(s) is not None else "" for s in cols) for t in own)
    won = {
        side: sum(1 for t in line.tricks if t.winner is not None and t.winner.side is side) for side in Pair
    }
    return LineView(
        f"line-{k}",
        f"note-{line.note + 1}",
        line.title or f"If {naming.seat(seat)} plays the {card}",
        trick,
        line.start,
        seat.name,
        card_code(card),
        tuple(_trick_data(t) for t in own),
        rows,
        line.complete,
        rec.text,
        _result_words(won, naming, line.complete, own[-1].number if own else trick),
        la.verdict.value if la is not None and la.verdict is not None else None,
        la.text if la is not None else "",
    )


def _result_words(won: dict[Pair, int], naming: Naming, complete: bool, last: int) -> str:
    one, two = sorted(Pair, key=lambda side: -won[side])
    text = f"{naming.side(one)} {won[one]} trick{'s' if won[one] != 1 else ''}, {naming.side(two)} {won[two]}"
    if won[one] > 6 and complete:
        text += f" ({'the odd trick' if won[one] == 7 else f'{won[one] - 6} by cards'} to {naming.side(one)})"
    return text if complete else f"after trick {last}: {text}"
