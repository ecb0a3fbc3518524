"""The end of the hand: the throw-in, and the one-suit count it rests on (issue 14, item 3)."""

from __future__ import annotations

from replayer.rules.cards import Card
from replayer.rules.seats import Pair, Seat
from replayer.teaching.detectors.endings import squeeze, suit_tricks, throw_in
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


# ---------------------------------------------------------------------------------------------
# The squeeze

_SQUEEZE_ENDING = """
title: "A squeeze"
rules: bridge-whist
dealer: Z
declaration: {{maker: Z, trump: no-trumps}}
deal:
  A: {a}
  Y: ♠AJ ♥A3
  B: {b}
  Z: ♣A ♠2 ♥Q2
play:
  first_trick: 10
  leader: Z
  columns: [A, Y, B, Z]
  tricks:
{rest}
"""

# A alone guards spades (♠K Q against dummy's ♠A J) and hearts (♥K 4 against ♥A 3 and ♥Q 2).
SQUEEZED = _SQUEEZE_ENDING.format(
    a="♠KQ ♥K4",
    b="♦5432",
    rest=("    - ♠Q ♥3 ♦2 ♣A*\n    - ♠K ♠A* ♦3 ♠2\n    - ♥4 ♠J* ♦4 ♥2\n    - ♥K ♥A* ♦5 ♥Q"),
)

# B holds the ♥K: A guards spades only, and can let a heart go.
NOT_ALONE = _SQUEEZE_ENDING.format(
    a="♠KQ ♥54",
    b="♥KJ ♦32",
    rest=("    - ♥4 ♥3 ♦2 ♣A*\n    - ♠K ♠A* ♦3 ♠2\n    - ♠Q* ♠J ♥J ♥2\n    - ♥5 ♥A* ♥K ♥Q"),
)


def test_a_defender_whose_every_card_guards_a_suit_is_squeezed() -> None:
    found = squeeze(context(SQUEEZED))
    assert [(f.label, f.trick, f.all_tricks) for f in found] == [("SQUEEZE", 10, (10, 12))]
    text = found[0].text
    assert text.startswith("A cannot follow to the ♣A at trick 10 and must discard.")
    assert "the dealer and dummy make one in hearts (he holds ♥K 4) and one in spades (he holds ♠K Q)" in text
    assert text.endswith("He throws ♠Q, and they go on to make two tricks in spades: the ♠J wins trick 12.")
    assert found[0].facts["tricks_if_kept"] == {"SPADES": 1, "HEARTS": 1}


def test_a_defender_with_a_card_to_spare_is_not_squeezed() -> None:
    assert squeeze(context(NOT_ALONE)) == []


def test_a_squeeze_the_play_does_not_turn_into_a_trick_is_not_reported() -> None:
    # A throws the ♠Q, but dummy leads the ♠J at once: A's ♠K wins it, and the ♥K the last trick.
    wasted = _SQUEEZE_ENDING.format(
        a="♠KQ ♥K4",
        b="♦5432",
        rest=("    - ♠Q ♥3 ♦2 ♣A*\n    - ♥4 ♥A* ♦3 ♥2\n    - ♠K* ♠J ♦4 ♠2\n    - ♥K* ♠A ♦5 ♥Q"),
    )
    assert squeeze(context(wasted)) == []
