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


# ---------------------------------------------------------------------------------------------
# the declarer's hold-up of the master card in a suit he stops more than once


def test_the_master_held_up_in_a_suit_stopped_twice_is_not_called_the_only_stopper() -> None:
    # Elwell 1904 Hand 35 trick 3: B leads the ♥Q and dummy plays the ♥J from ♥A J, keeping the
    # ace ("Z hopes that B has but two hearts and so refuses to win this trick"); the dealer's
    # ♥10 9 7 3 stop the suit again, so it is not his only stopper
    f = at(hold_ups(elwell(1904, 35)), "HOLD_UP", 3)
    assert f.facts["stopper"] == "♥A" and f.all_tricks == (3, 4)
    assert "only one stopper" not in f.text
    assert f.text.startswith("Dummy holds up the ♥A and lets B's ♥Q win")
    assert "B still holds ♥5 4: he leads the ♥5 at trick 4, and the ♥A must take it" in f.text


def test_a_master_card_that_wins_the_first_round_is_not_held_up() -> None:
    # Elwell 1904 Hand 40 trick 1: dummy's ♥A takes A's ♥K at once
    assert [f for f in hold_ups(elwell(1904, 40)) if f.label == "HOLD_UP" and f.trick == 1] == []
