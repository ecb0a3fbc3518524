"""Random legal whist hands written as hand files, for the whist tests (after tests/support/handgen.py).

A deal is shuffled from a ``random.Random``, the dealer (Z, South) turns up one of his own cards
for trumps, A (West, the eldest hand) leads, and all thirteen tricks are played through
:func:`replayer.rules.play.apply` with no dummy, each card chosen at random among
``state.legal()``.  The file gives the rows in the columns A Y B Z and records where each card
stands (line, column) so a test can change one card and know where the error must be reported.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from replayer.rules.cards import FULL_DECK, Card
from replayer.rules.play import apply, start
from replayer.rules.seats import Letter, Seat

__all__ = ["WhistHand", "whist_hand"]

_DEALER = Seat.S
_COLUMNS = (Letter.A, Letter.Y, Letter.B, Letter.Z)


@dataclass(frozen=True)
class WhistHand:
    text: str
    turned: Card
    hands: dict[Seat, frozenset[Card]]
    rows: list[list[Card]]  # in the columns A Y B Z
    positions: dict[tuple[int, Seat], tuple[int, int]]  # (trick, seat) -> (line, column), 1-based
    turned_at: tuple[int, int]


def whist_hand(rng: random.Random, title: str = "A random whist hand") -> WhistHand:
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    hands = {s: frozenset(deck[13 * k : 13 * k + 13]) for k, s in enumerate(Seat)}
    turned = rng.choice(sorted(hands[_DEALER]))
    state = start(hands, turned.suit, _DEALER.lho)
    while not state.is_over:
        state = apply(state, rng.choice(sorted(state.legal())), allow_dummy_renounce=False)
    seats = [letter.seat(_DEALER) for letter in _COLUMNS]
    rows = [[t.card_of(s) for s in seats] for t in state.tricks]
    lines = [
        f'title: "{title}"',
        "rules: whist",
        "score_before: love-all",
        f"declaration: {{turned: {turned}}}",
        "play:",
        "  columns: [A, Y, B, Z]",
        "  tricks:",
    ]
    turned_at = (4, len("declaration: {turned: ") + 1)
    positions: dict[tuple[int, Seat], tuple[int, int]] = {}
    for n, row in enumerate(rows, start=1):
        text = "    - "
        for s, card in zip(seats, row, strict=True):
            if text != "    - ":
                text += " "
            positions[(n, s)] = (len(lines) + 1, len(text) + 1)
            text += str(card)
        lines.append(text)
    return WhistHand(
        "\n".join(lines) + "\n",
        turned,
        dict(hands),
        [[c for c in row if c is not None] for row in rows],
        positions,
        turned_at,
    )
