"""The notes' decision points and alternative lines, checked against the laws like the main play.

A question (:class:`~replayer.record.hand.QuestionRecord`) must ask a seat that plays at its trick in
the recorded play (dummy's card is the declarer's choice), and an answer the author gives must be a
card that seat could legally play there.  A line (:class:`~replayer.record.hand.LineRecord`) is replayed from the deal: the game's
tricks before its first row, then its rows, each card held by its player, suit followed (dummy too:
a line is ours, not the book's), the winner leading next.  The first card that differs from the
game's play is the branch.  A line that runs to the end of the hand must end in the result it
states; one that stops earlier is left to double dummy (:mod:`replayer.analysis.branches`).
"""

from __future__ import annotations

from dataclasses import replace

from ..record.diagnostics import Severity, Span
from ..record.hand import LineRecord, NoteRecord, QuestionRecord
from ..record.sides import SIDE_WORDS
from ..rules.game import Game, Line
from ..rules.play import IllegalPlay, State, Trick, apply
from ..rules.seats import BookPair, Pair, Seat
from .checking import Check

__all__ = ["check_questions", "replay_lines"]


def check_questions(ck: Check, game: Game) -> None:
    """Each question asks a seat that plays at its trick; an author's answer is legal there."""
    for note in ck.record.notes:
        q = note.question
        if q is not None:
            _check_question(ck, game, q)


def _check_question(ck: Check, game: Game, q: QuestionRecord) -> None:
    seat = ck.seat(q.seat)
    state = game.state_before(q.trick, seat)
    if state is None and ck.diags and any(d.severity is Severity.ERROR for d in ck.diags):
        return  # the play itself has errors: they are reported first
    if state is None:
        ck.add(
            "question-no-card",
            f"the question asks {ck.name(seat)} at trick {q.trick}, where the play gives that seat no card",
            q.seat.span,
            "check the question's seat and trick against the play",
        )
        return
    if q.answer is not None and q.answer.value not in state.legal():
        held = q.answer.value in state.hand(seat)
        ck.add(
            "question-answer-illegal",
            f"the question's answer {q.answer.value} is not a card {ck.name(seat)} could play at trick {q.trick}",
            q.answer.span,
            "it must follow suit" if held else f"{ck.name(seat)} does not hold it there",
        )


def replay_lines(ck: Check, game: Game, cols: tuple[Seat, ...]) -> Game:
    """The game with its notes' lines replayed (:attr:`Game.lines`); each problem reported at its card."""
    lines: list[Line] = []
    for ni, note in enumerate(ck.record.notes):
        for li, rec in enumerate(note.lines):
            line = _replay_line(ck, game, cols, note, rec)
            if line is not None:
                lines.append(replace(line, note=ni, index=li))
    return replace(game, lines=tuple(lines)) if lines else game


def _replay_line(
    ck: Check, game: Game, cols: tuple[Seat, ...], note: NoteRecord, rec: LineRecord
) -> Line | None:
    name = _line_name(rec)
    last = game.tricks[-1].number if game.tricks else game.first_trick - 1
    if not game.first_trick <= rec.trick <= last:
        ck.add(
            "line-trick",
            f"{name} starts at trick {rec.trick}, which is not in the play (tricks {game.first_trick}–{last})",
            rec.span,
            "a line branches from a card of the recorded play",
        )
        return None
    if any(None in t.cards or len(t.cards) != 4 for t in rec.tricks):
        return None  # the columns or a row could not be read: reported where they are
    state = game.state_before(rec.trick)
    if state is None:
        return None  # the recorded play before the line cannot be walked: reported there
    main = {(t.number, s): c for t in game.tricks for s, c in t.plays}
    played = sum(len(t.plays) for t in game.tricks if t.number < rec.trick)
    branch: int | None = None
    for row in rec.tricks:
        by_seat = {cols[k]: pc for k, pc in enumerate(row.cards) if pc is not None}
        number = state.trick_number
        for seat in state.leader.rotation():
            pc = by_seat[seat]
            if branch is None and main.get((number, seat)) != pc.card:
                branch = played
            try:
                state = apply(state, pc.card, allow_dummy_renounce=False)
            except IllegalPlay as exc:
                _illegal(ck, name, number, exc, pc.span, state)
                return None
            played += 1
    if branch is None:
        ck.add(
            "line-same-as-play",
            f"{name} plays the same cards as the book: it never leaves the play",
            rec.span,
            "a line changes at least one card of the play",
        )
        return None
    complete = state.is_over
    line = Line(0, 0, branch, state.tricks, rec.title.value if rec.title else None, complete)
    if complete and rec.outcome:
        _check_outcome(ck, game, rec, name, state.tricks)
    return line


def _illegal(ck: Check, name: str, number: int, exc: IllegalPlay, span: Span, state: State) -> None:
    if exc.code == "revoke" and state.current:
        led = state.current[0][1].suit
        held = sorted((c for c in state.hand(exc.seat) if c.suit == led), reverse=True)
        hint = f"{ck.name(exc.seat)} must follow suit with one of {' '.join(str(c) for c in held)}"
    else:
        held = sorted((c for c in state.hand(exc.seat) if c.suit == exc.card.suit), reverse=True)
        holds = " ".join(str(c) for c in held) if held else "none"
        hint = f"{ck.name(exc.seat)} holds here, in that suit: {holds}"
    message = str(exc).replace(exc.seat.word, ck.name(exc.seat), 1)
    if exc.code == "revoke":
        ck.add("line-revoke", f"{name}, trick {number}: {message}", span, hint)
    else:
        ck.add("line-card-not-held", f"{name}, trick {number}: {message}", span, hint)


def _line_name(rec: LineRecord) -> str:
    return f"the line {rec.title.value!r}" if rec.title is not None else f"the line from trick {rec.trick}"


def _side(game: Game, text: object) -> Pair | None:
    side = SIDE_WORDS.get(str(text).strip().upper()) if not isinstance(text, Pair | BookPair) else text
    if isinstance(side, BookPair):
        return side.pair(game.dealer)
    return side if isinstance(side, Pair) else None


def _check_outcome(ck: Check, game: Game, rec: LineRecord, name: str, tricks: tuple[Trick, ...]) -> None:
    """A line played to the end must end in the tricks its result states (``game`` is left to the
    analysis, which scores it)."""
    side = _side(game, rec.outcome.get("side", ""))
    if side is None:
        return
    won = sum(1 for t in tricks if t.winner is not None and t.winner.side is side)
    by_cards = rec.outcome.get("by_cards")
    wanted = rec.outcome.get("tricks")
    if isinstance(by_cards, int) and won - 6 != by_cards:
        got = f"{won - 6} by cards" if won > 6 else f"{won} tricks"
        ck.add(
            "line-result",
            f"{name} states {by_cards} by cards for {_side_name(ck, side)}, but its cards give {got}",
            rec.outcome_span or rec.span,
            "change the line's cards or its result",
        )
    elif isinstance(wanted, int) and won != wanted:
        ck.add(
            "line-result",
            f"{name} states {wanted} tricks for {_side_name(ck, side)}, but its cards give {won}",
            rec.outcome_span or rec.span,
            "change the line's cards or its result",
        )


def _side_name(ck: Check, side: Pair) -> str:
    if ck.by_compass:
        return side.value
    return BookPair.of(side, ck.dealer).value
