"""The end of the hand: the throw-in, and the one-suit count it rests on (issue 14, item 3)."""

from __future__ import annotations

from replayer.rules.cards import Card
from replayer.rules.seats import Pair, Seat
from replayer.teaching.detectors.endings import suit_tricks, throw_in
from support.games import context


def _cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


# B (East) holds ♠K 5 behind dummy's ♠A Q; Z (South) leads.
SPADES = {Seat.N: _cards("SA SQ"), Seat.E: _cards("SK S5"), Seat.S: _cards("S7 S6"), Seat.W: []}


def test_a_tenace_makes_one_trick_more_when_the_adversary_opens_the_suit() -> None:
    assert suit_tricks(SPADES, Seat.E, Pair.NS) == 2
    assert suit_tricks(SPADES, Seat.S, Pair.NS) == 1
    assert suit_tricks(SPADES, Seat.N, Pair.NS) == 1


def test_no_card_of_the_suit_makes_no_trick() -> None:
    assert suit_tricks({Seat.N: [], Seat.S: [], Seat.E: _cards("SK")}, Seat.E, Pair.NS) == 0


_ENDING = """
title: "A throw-in"
rules: bridge-whist
dealer: Z
declaration: {{maker: Z, trump: no-trumps}}
deal:
  A: {a}
  Y: ♠AQ ♣4
  B: {b}
  Z: ♣2 ♠76
play:
  first_trick: 11
  leader: Z
  columns: [A, Y, B, Z]
  tricks:
    - ♣3 ♣4 ♣A* ♣2
{rest}
"""

THROWN_IN = _ENDING.format(
    a="♣3 ♥98",
    b="♣A ♠K5",
    rest="    - ♥8 ♠Q* ♠5 ♠6\n    - ♥9 ♠A* ♠K ♠7",
)

# B keeps a heart, which he can lead without giving anything away.
WITH_AN_EXIT = _ENDING.format(
    a="♣3 ♥9 ♠5",
    b="♣A ♠K ♥7",
    rest="    - ♥9* ♠Q ♥7 ♠6\n    - ♠5 ♠A* ♠K ♠7",
)


def test_a_player_left_with_only_a_losing_lead_is_thrown_in() -> None:
    found = throw_in(context(THROWN_IN))
    assert [(f.label, f.trick, f.all_tricks) for f in found] == [("THROW_IN", 12, (11, 12))]
    text = found[0].text
    assert text.startswith("B wins trick 11 and must lead, holding only spades (♠K 5).")
    assert "they make two tricks in spades if he opens them, one if they must." in text
    assert found[0].facts["tricks_if_he_leads"] == {"SPADES": 2}


def test_a_safe_card_to_lead_is_no_throw_in() -> None:
    assert throw_in(context(WITH_AN_EXIT)) == []
