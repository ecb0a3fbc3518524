"""Holding up and ducking, round 4 (issue 14 items 2 and 3): a duck that names the small card kept
to reach the long hand, and the trick by which the leader got back in to lead it — on Elwell's
hands as transcribed in hands/."""

from __future__ import annotations

from tests.test_detect_holdups import at, elwell, hold_ups

# ---------------------------------------------------------------------------------------------
# the duck and the crossing it keeps


def test_a_duck_names_the_re_entry_and_the_small_card_led_to_the_long_hand() -> None:
    # Elwell 1904 Hand 23: the dealer ducks the ♠8 to B's ♠9 (trick 2), gets in with the ♥A
    # (trick 3) and leads the ♠6, his last spade, to dummy's ♠Q (trick 4): "Z still has the ♠6 to
    # lead to dummy"
    f = at(hold_ups(elwell(1904, 23)), "DUCK", 2)
    assert f.all_tricks == (2, 3, 4, 5)
    assert (
        "gets the lead back with the ♥A at trick 3 and leads the ♠6, his last spade, to dummy's ♠Q at trick 4"
        in f.text
    )


def test_a_duck_prepared_by_winning_the_first_round_names_the_two_small_cards_kept() -> None:
    # Elwell 1904 Hand 17: the dealer takes trick 1 with the ♣A, keeping ♣4 3; the ♣4 is given up
    # to A's ♣J at trick 2 and the ♣3 reaches dummy at trick 4
    f = at(hold_ups(elwell(1904, 17)), "DUCK", 2)
    assert f.all_tricks == (1, 2, 3, 4, 5)
    assert "had taken trick 1 with the ♣A, keeping ♣4 3: one to give up a round, one to reach dummy" in f.text
    assert "leads the ♣3, his last club, to dummy's ♣8 at trick 4" in f.text


def test_no_crossing_is_named_when_the_long_hand_itself_led_the_duck() -> None:
    # Elwell 1904 Hand 21: the dealer leads the ♦4 from his own five diamonds (dummy has three):
    # the later ♦5 to dummy's ♦K is not a crossing to the long hand
    f = at(hold_ups(elwell(1904, 21)), "DUCK", 2)
    assert "gets the lead back" not in f.text and "had taken" not in f.text
    assert f.all_tricks == (2, 5)
