"""Whist's laws as properties (hypothesis): random legal whist hands validate; a revoke is caught at its
card; a turned card that is not the dealer's is caught at its value (tests/whist_hands.py)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from replayer.record.reader import load
from replayer.rules.cards import Card
from replayer.rules.play import trick_winner
from replayer.rules.seats import Seat
from replayer.validation.validate import validate
from tests.whist_hands import WhistHand, whist_hand

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def _diags(text: str):  # type: ignore[no-untyped-def]
    record, diags = load(text, "whist.yaml")
    assert record is not None
    game, more = validate(record)
    return game, diags + more


@settings(max_examples=40, deadline=None)
@given(SEEDS)
def test_random_whist_hands_validate(seed: int) -> None:
    hand = whist_hand(random.Random(seed))
    game, diags = _diags(hand.text)
    assert diags == []
    assert game is not None and game.declaration is not None
    assert game.declaration.dummy is None and game.declaration.turned == hand.turned
    assert game.opening_leader is Seat.W and game.is_complete


def _revoke(hand: WhistHand) -> tuple[int, Seat, Card, int, Card] | None:
    """A swap that makes a revoke: at trick n, a seat that followed suit plays instead a card of another
    suit that he plays at a later trick m; returns (n, seat, card played at n, m, card moved)."""
    seats = [Seat.W, Seat.N, Seat.E, Seat.S]
    for n, row in enumerate(hand.rows, start=1):
        plays = dict(zip(seats, row, strict=True))
        leader_card = _led(hand, n)
        led = leader_card.suit
        for seat in seats:
            card = plays[seat]
            if card == leader_card or card.suit != led:
                continue
            for m in range(n + 1, 14):
                later = dict(zip(seats, hand.rows[m - 1], strict=True))[seat]
                if later.suit != led:
                    return n, seat, card, m, later
    return None


def _led(hand: WhistHand, n: int) -> Card:
    """The card led to trick n, replaying the winners (the trump is the turned card's suit)."""
    seats = [Seat.W, Seat.N, Seat.E, Seat.S]
    leader = Seat.W
    for t in range(1, n):
        plays = dict(zip(seats, hand.rows[t - 1], strict=True))
        order = [(s, plays[s]) for s in leader.rotation()]
        leader = trick_winner(order, hand.turned.suit)
    return dict(zip(seats, hand.rows[n - 1], strict=True))[leader]


@settings(max_examples=30, deadline=None)
@given(SEEDS)
def test_a_revoke_is_caught_at_its_card(seed: int) -> None:
    hand = whist_hand(random.Random(seed))
    swap = _revoke(hand)
    if swap is None:  # every player followed suit throughout with no discard later: nothing to swap
        return
    n, seat, card, m, later = swap
    lines = hand.text.splitlines(keepends=True)
    (ln, col), (lm, colm) = hand.positions[(n, seat)], hand.positions[(m, seat)]
    a, b = str(card), str(later)
    lines[ln - 1] = lines[ln - 1][: col - 1] + b + lines[ln - 1][col - 1 + len(a) :]
    lines[lm - 1] = lines[lm - 1][: colm - 1] + a + lines[lm - 1][colm - 1 + len(b) :]
    _, diags = _diags("".join(lines))
    revokes = [d for d in diags if d.code == "revoke"]
    assert revokes, diags
    first = revokes[0]
    assert (first.span.line, first.span.col) == (ln, col)
    assert f"revoke at trick {n}" in first.message


@settings(max_examples=30, deadline=None)
@given(SEEDS, st.integers(min_value=0, max_value=51))
def test_a_turned_card_not_the_dealers_is_caught_at_its_value(seed: int, pick: int) -> None:
    hand = whist_hand(random.Random(seed))
    others = sorted(c for s in (Seat.W, Seat.N, Seat.E) for c in hand.hands[s])
    wrong = others[pick % len(others)]
    text = hand.text.replace(f"{{turned: {hand.turned}}}", f"{{turned: {wrong}}}")
    _, diags = _diags(text)
    [err] = [d for d in diags if d.code == "turned-card"]
    assert (err.span.line, err.span.col) == hand.turned_at
