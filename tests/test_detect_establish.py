"""Establishing a long suit (issue 14, items 2 and 3): the finding names the tricks in which the
suit was led to set it up; a defender's suit set up and never run, because he never gets the lead,
is shown and says so; a declarer's clubs that never win are not said to win; a lone card made
master by the one adversary card above it winning the trick is no established suit."""

from __future__ import annotations

from pathlib import Path

from replayer.teaching.annotate import DETECTORS
from replayer.teaching.context import Context
from replayer.teaching.findings import Finding
from tests.support.games import game_from_yaml

ROOT = Path(__file__).resolve().parent.parent


def hand(book: str, n: int) -> Context:
    path = ROOT / "hands" / book / f"hand-{n}.yaml"
    return Context(game_from_yaml(path.read_text(encoding="utf-8"), path.name))


def established(ctx: Context, trick: int) -> list[Finding]:
    return [f for f in DETECTORS["establish"](ctx) if f.label == "ESTABLISHED" and f.trick == trick]


def test_the_finding_names_the_tricks_the_side_led_the_suit_in() -> None:
    # Elwell 1902 Hand 11: the dealer leads spades at tricks 2 and 3 to set them up
    (f,) = [f for f in established(hand("elwell-1902", 11), 3) if f.shown]
    assert f.facts["suit"] == "spades"
    assert f.all_tricks == (2, 3)


def test_a_defenders_suit_set_up_and_never_run_is_shown_and_says_so() -> None:
    # Elwell 1902 Hand 5: A's third heart sets up the ♥10 5; the dealer never lets him in
    (f,) = established(hand("elwell-1902", 5), 3)
    assert f.shown and f.seats[0].name == "W"
    assert f.all_tricks == (1, 2, 3)
    assert "with the lead A would make the ♥10 5" in f.text
    assert "A never wins a trick while he still holds any of the ♥10 5" in f.text


def test_the_partner_in_without_the_suit_cannot_bring_it_in() -> None:
    # Elwell 1902 Hand 9: B wins the ♠K at trick 9 but has no heart to lead to A
    (f,) = [f for f in established(hand("elwell-1902", 9), 3) if f.seats[0].name == "W"]
    assert f.shown
    assert "when B wins one he has no heart to lead" in f.text


def test_a_declarers_clubs_that_never_win_are_not_said_to_win() -> None:
    # Elwell 1904 Hand 30: Z throws the ♣J 9 7 on the adversaries' winners
    (f,) = established(hand("elwell-1904", 30), 2)
    assert "♣J 9 7 win too" not in f.text
    assert "would then win too" in f.text
    assert "so they never take a trick" in f.text
    assert f.facts["never_made"] == ["♣J", "♣9", "♣7"]


def test_a_declarers_suit_whose_owner_wins_again_keeps_its_words() -> None:
    # Elwell 1904 Hand 33: the dealer's spades are set up and run
    (f,) = established(hand("elwell-1904", 33), 3)
    assert f.shown and "never" not in f.text


def test_a_lone_card_promoted_by_the_fall_of_the_one_card_above_it_is_no_established_suit() -> None:
    # Elwell 1904 Hand 37 trick 11: A's ♠K wins, leaving dummy's ♠Q master
    assert established(hand("elwell-1904", 37), 11) == []
    # while a lone small card left good by length still is (Elwell 1904 Hand 12: dummy's ♦7)
    (f,) = established(hand("elwell-1904", 12), 4)
    assert f.shown


# --- keeping the dangerous hand out: a defender's established suit, and the declarer's play


def keep_out(ctx: Context) -> list[Finding]:
    return DETECTORS["keep-out"](ctx)


def test_a_trick_given_up_to_the_defender_with_none_of_the_suit_keeps_the_other_out() -> None:
    # Elwell 1902 Hand 5 trick 4: dummy's ♣7 lets B's ♣10 win; B has no heart left to lead to A
    (f,) = [f for f in keep_out(hand("elwell-1902", 5)) if f.trick == 4]
    assert f.label == "KEEP_OUT_DUCK"
    assert "lets B win this trick with the ♣10, though dummy could have taken it with the ♣K" in f.text
    assert "B has no heart to lead" in f.text and "(♥10 5)" in f.text


def test_winning_at_once_a_trick_the_dangerous_hand_could_win() -> None:
    # Elwell 1902 Hand 9 trick 9: B leads the ♦4; played low, the dealer's side lets A's ♦K win
    (f,) = [f for f in keep_out(hand("elwell-1902", 9)) if f.trick == 9]
    assert f.label == "KEEP_OUT_WIN"
    assert f.text.startswith("The dealer wins at once with the ♦A")
    assert "A could have won with the ♦K" in f.text and "(♥J 9 4)" in f.text


def test_no_keep_out_without_an_established_suit_or_when_the_dangerous_hand_wins() -> None:
    # Elwell 1904 Hand 21: A's danger is a club through dummy, not an established suit (its
    # lead-through findings: tests/test_detect_keep_out.py)
    assert all("established" not in f.text for f in keep_out(hand("elwell-1904", 21)))
    # Elwell 1904 Hand 32 trick 4: A himself wins the ♣A and runs his hearts: nothing kept out
    assert [f for f in keep_out(hand("elwell-1904", 32)) if f.trick == 4] == []
    # no finding once the dangerous hand's long cards are gone (Elwell 1902 Hand 9, trick 10 on)
    assert all(f.trick < 10 for f in keep_out(hand("elwell-1902", 9)))


def test_a_suit_the_partners_higher_card_is_in_the_way_of_is_not_shown_as_running() -> None:
    # Elwell 1902 Hand 4, trick 10: A's lone ♣K is above all of B's ♣Q J 5, so A must win a round
    (f,) = [f for f in established(hand("elwell-1902", 4), 10) if f.seats[0].name == "E"]
    assert not f.shown
    assert "would then win too" not in f.text
    assert "A's ♣K is in the way" in f.text and "he must win a round of them himself" in f.text


def test_a_partner_who_can_unblock_under_the_owner_does_not_hide_the_suit() -> None:
    # Elwell 1904 Hand 15, trick 1: B's ♥J 5 can go under A's ♥Q 10, so A's hearts stay shown
    (f,) = [f for f in established(hand("elwell-1904", 15), 1) if f.seats[0].name == "W"]
    assert f.shown and "in the way" not in f.text


def test_the_trick_that_puts_the_lead_in_the_hand_that_leads_the_suit_is_named_too() -> None:
    # Elwell 1902 Hand 3 trick 3: dummy's ♥Q overtakes the dealer's ♥J, and dummy leads the ♦Q
    (f,) = [f for f in established(hand("elwell-1902", 3), 4) if f.seats[0].name == "N"]
    assert f.all_tricks == (2, 3, 4)
    # Elwell 1904 Hand 17 trick 1: the dealer's ♣A overtakes dummy's ♣5 and leads a club back
    (g,) = established(hand("elwell-1904", 17), 4)
    assert g.all_tricks == (1, 2, 4)
    # a first-trick overtake in another suit is no part of it (Elwell 1904 Hand 14: ♥A over ♥Q)
    (h,) = [f for f in established(hand("elwell-1904", 14), 4) if f.seats[0].name == "N"]
    assert h.all_tricks == (2, 3, 4)


def test_a_declarers_suit_set_up_and_cut_off_is_shown_and_says_so() -> None:
    # Elwell 1904 Hand 36 trick 2: A's ♣A takes the ♣K; the ♣8 6 go on B's diamonds
    (f,) = established(hand("elwell-1904", 36), 2)
    assert f.shown and f.seats[0].name == "S"
    assert "the dealer never wins a trick while he still holds any of the ♣8 6" in f.text
    # a lone long card cut off is no suit to show (Elwell 1904 Hand 16: the dealer's ♠9)
    (g,) = established(hand("elwell-1904", 16), 10)
    assert not g.shown and g.facts["never_made"] == ["♠9"]


# --- the words of an established suit true of the play: a long card that never wins is not said to
# win, and a card an adversary throws away is not said to be drawn


def test_a_long_card_that_goes_under_a_partners_winner_is_not_said_to_win() -> None:
    # Elwell 1904 Hand 40: B throws the ♠4 3 on hearts; dummy's ♠8 takes the ♠7 at trick 8
    (f,) = [f for f in established(hand("elwell-1904", 40), 2) if f.seats[0].name == "S"]
    assert "B's ♠4 3" not in f.text and "♠9 7 win" not in f.text
    assert "they draw A's ♠10; then the ♠9 wins too" in f.text
    assert "B throws away the ♠4 3" in f.text
    assert "the ♠7 goes under dummy's ♠8 at trick 8, so it never wins" in f.text


def test_a_card_drawn_by_the_partner_is_not_said_drawn_by_the_hands_top_card() -> None:
    # Elwell 1902 Hand 9: B's ♠9 falls to the dealer's ♠10 at trick 10, before dummy's ♠A is played
    (f,) = [f for f in established(hand("elwell-1902", 9), 8) if f.seats[0].name == "N"]
    assert "draws B's ♠9" not in f.text
    assert "then the ♠Q 8 win too" in f.text
    assert "B's ♠9 falls to the dealer's ♠10 at trick 10" in f.text
    assert "the ♠7 goes under the dealer's ♠10 at trick 10" in f.text


def test_a_suit_whose_cards_all_win_as_promised_keeps_its_words() -> None:
    # Elwell 1902 Hand 5: dummy's ♣A K draw the adversaries' clubs and the ♣9 8 2 all win
    (f,) = [f for f in established(hand("elwell-1902", 5), 4) if f.seats[0].name == "N"]
    assert f.text.endswith(
        "they draw B's ♣J 6 and A's ♣Q 4; then the ♣9 8 2 win too, though the ♣Q J are higher than "
        "the ♣9 8 2 now."
    )
    assert "In the play" not in f.text
