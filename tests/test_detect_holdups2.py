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


# ---------------------------------------------------------------------------------------------
# the first round taken at once (Elwell's "Keeping the commanding card of the adversaries' suit")


def test_the_ace_taken_at_once_when_a_guarded_lower_card_stops_the_suit_again() -> None:
    # Elwell 1904 Hand 40 trick 1: "It would be bad play to hold up the ace of hearts. The
    # adversary can only make the queen and jack, the nine being three times guarded in Z's hand."
    f = at(hold_ups(elwell(1904, 40)), "NO_HOLD_UP", 1)
    assert f.facts["promoted"] == "♥9" and f.facts["above"] == ["♥Q", "♥J"]
    assert f.all_tricks == (1, 5)
    assert "Dummy takes A's ♥K with the ♥A at once" in f.text
    assert "the dealer's ♥9, guarded by the ♥8 6, still stops the suit" in f.text
    assert "the ♥9 wins at trick 5" in f.text


def test_a_second_top_card_is_not_a_promotion() -> None:
    # Elwell 1904 Hand 14 trick 1: the dealer wins with the ♥A holding ♥A K Q: nothing is promoted
    assert [f for f in hold_ups(elwell(1904, 14)) if f.label == "NO_HOLD_UP" and f.trick == 1] == []


def test_a_king_taken_at_once_when_the_ace_lies_over_it() -> None:
    # Elwell 1904 Hand 19 trick 1: "Should Z refuse to win the first round of spades with the
    # king, his hand may be led through and the king captured"; the ♠A is in A's hand, after Z's
    f = at(hold_ups(elwell(1904, 19)), "NO_HOLD_UP", 1)
    assert f.facts == {"suit": "spades", "won": "♠K", "higher": "♠A", "over": "A"}
    assert f.text.startswith(
        "The dealer takes B's ♠Q with the ♠K at once, though the ♠A has not been played."
    )
    assert "B, who still holds the ♠4, could lead the suit through the ♠K to A" in f.text


def test_no_note_when_the_king_has_the_queen_beside_it_or_the_ace_sits_before_it() -> None:
    # Elwell 1904 Hand 10 trick 1: the dealer's ♠K Q 10 — a second card over the adversaries' ♠J;
    # Elwell 1902 Hand 8 trick 1: dummy's ♠K wins second hand, the ♠A in the leader's hand before it
    assert [f for f in hold_ups(elwell(1904, 10)) if f.label == "NO_HOLD_UP"] == []
    assert [f for f in hold_ups(elwell(1902, 8)) if f.label == "NO_HOLD_UP"] == []


def test_a_defender_takes_the_first_round_of_a_long_suit_whose_hand_has_an_entry() -> None:
    # Elwell 1904 Hand 36 trick 2: "A has little reason to pass this trick": the dealer's ♣K Q J 8 6
    # sit with the ♠A and ♥A, so holding up the ♣A cannot cut him off from his clubs
    f = at(hold_ups(elwell(1904, 36)), "NO_HOLD_UP", 2)
    assert f.facts == {"by": "defender", "suit": "clubs", "won": "♣A", "entries": ["♠A", "♥A"]}
    assert f.text.startswith("A takes the dealer's ♣K with the ♣A at once, rather than hold it up.")
    assert "long in the dealer's hand (♣K Q J 8 6), which holds the ♠A and ♥A besides" in f.text


def test_no_defenders_note_on_a_four_card_suit() -> None:
    # Elwell 1904 Hand 16 trick 7: B takes the dealer's ♠K with the ♠A; the dealer's ♠K Q 9 7
    # opposite ♠5 4 2 is no long suit to be cut off from
    assert [f for f in hold_ups(elwell(1904, 16)) if f.label == "NO_HOLD_UP"] == []
