"""Properties of alternative lines, over random legal hands (tests/support/handgen.py).

A line that leaves the play at any card and goes on with legal cards is valid, branches where it
leaves, and is complete exactly when it reaches the last trick; one card of it changed to a card its
player may not play there is caught at that card's line and column.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from replayer.record.diagnostics import Severity
from replayer.record.reader import load
from replayer.rules.cards import Card
from replayer.rules.game import Game
from replayer.rules.play import State, apply
from replayer.rules.seats import Letter, Seat
from replayer.validation.validate import validate
from support.handgen import generate_hand  # tests/ is on sys.path

SLOW_OK = [HealthCheck.too_slow, HealthCheck.data_too_large]


def _validated(text: str) -> Game:
    record, diags = load(text, "generated.yaml")
    assert record is not None, diags
    game, more = validate(record)
    errors = [d for d in [*diags, *more] if d.severity is Severity.ERROR]
    assert game is not None and not errors, errors
    return game


def _line(game: Game, rng: random.Random) -> tuple[int, int, Card, list[list[tuple[Seat, Card]]], State]:
    """A random line: the branch index, its trick and card, the line's tricks (each in play order) and
    the position where it ends."""
    plays = [(t.number, s, c) for t in game.tricks for s, c in t.plays]
    choices = []
    for i, (number, seat, _card) in enumerate(plays):
        state = game.state_before(number, seat)
        assert state is not None
        if len(state.legal()) > 1:
            choices.append((i, state))
    i, state = rng.choice(choices)
    book = plays[i][2]
    alt = rng.choice(sorted(c for c in state.legal() if c != book))
    first = state.trick_number
    tricks: list[list[tuple[Seat, Card]]] = [list(state.current)]
    state = apply(state, alt)
    tricks[0].append((plays[i][1], alt))
    stop = rng.randint(first, 13)
    while not state.is_over:
        if not state.current:
            if state.trick_number > stop:
                break
            tricks.append([])
        seat = state.to_play
        card = rng.choice(sorted(state.legal()))
        tricks[-1].append((seat, card))
        state = apply(state, card)
    return i, first, alt, tricks, state


def _text(
    base: str, first: int, tricks: list[list[tuple[Seat, Card]]], columns: list[Seat]
) -> tuple[str, list[int]]:
    """The hand's text with a note giving the line; and the 1-based line of each of its rows."""
    head = base.rstrip("\n").split("\n")
    out = head + [
        "notes:",
        f"  - trick: {first}",
        "    text: A line.",
        "    lines:",
        f"      - trick: {first}",
        "        tricks:",
    ]
    rows = []
    for t in tricks:
        by_seat = dict(t)
        out.append("          - " + " ".join(str(by_seat[s]) for s in columns))
        rows.append(len(out))
    return "\n".join(out) + "\n", rows


@settings(max_examples=60, deadline=None, suppress_health_check=SLOW_OK)
@given(seed=st.integers(0, 2**32 - 1), mutate=st.booleans())
def test_a_random_line_is_valid_and_a_changed_card_is_caught_where_it_stands(seed: int, mutate: bool) -> None:
    rng = random.Random(seed)
    hand = generate_hand(rng, result=False)
    game = _validated(hand.text)
    columns = [Letter[x].seat(game.dealer) for x in ("A", "Y", "B", "Z")]
    i, first, alt, tricks, end = _line(game, rng)
    text, rows = _text(hand.text, first, tricks, columns)
    note(text)
    if not mutate:
        line = next(iter(_validated(text).lines))
        assert line.start == i and line.branch[2] == alt
        assert line.complete == end.is_over
        return
    # change one card after the branch to one its player may not play there
    k = rng.randrange(len(tricks))
    start = len(tricks[0]) - 1 if k == 0 else 0  # in the first trick, only the branch card or later
    j = rng.randrange(start, len(tricks[k]))
    seat, card = tricks[k][j]
    record, _ = load(text, "generated.yaml")
    state = game.state_before(first)
    assert state is not None and record is not None
    for t in tricks[:k]:
        for _, c in t:
            state = apply(state, c)
    for _, c in tricks[k][:j]:
        state = apply(state, c)
    bad = sorted(
        c for c in game.deal[seat] | frozenset().union(*game.deal.values()) if c not in state.legal()
    )
    if not bad:
        return
    wrong = rng.choice(bad)
    row = text.split("\n")[rows[k] - 1]
    col = row.index(" ".join(str(dict(tricks[k])[s]) for s in columns))
    cells = row[col:].split(" ")
    pos = columns.index(seat)
    column = col + sum(len(c) + 1 for c in cells[:pos]) + 1
    cells[pos] = str(wrong)
    lines = text.split("\n")
    lines[rows[k] - 1] = row[:col] + " ".join(cells)
    record, diags = load("\n".join(lines), "generated.yaml")
    assert record is not None
    _, more = validate(record)
    errors = [(d.code, d.span.line, d.span.col) for d in [*diags, *more] if d.severity is Severity.ERROR]
    assert errors and errors[0][0] in ("line-revoke", "line-card-not-held"), errors
    assert errors[0][1:] == (rows[k], column), errors
