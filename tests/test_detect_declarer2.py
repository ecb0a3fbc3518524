"""The declarer's side and trumps, round 4: ruffing to take the lead, a defender's low trump made
by a ruff, and the defenders giving up a force that comes too late (the ``draw-trumps`` and
``force`` detectors).  Elwell's hands are hands/elwell-190N/hand-N.yaml."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from replayer.teaching.annotate import DETECTORS
from replayer.teaching.context import Author, Context
from replayer.teaching.findings import Finding
from tests.support.games import game_from_yaml

HANDS = Path(__file__).resolve().parent.parent / "hands"


@cache
def elwell(year: int, n: int) -> Context:
    text = (HANDS / f"elwell-{year}" / f"hand-{n}.yaml").read_text(encoding="utf-8")
    return Context(game_from_yaml(text), Author.ELWELL)


def labelled(ctx: Context, detector: str, label: str) -> list[Finding]:
    return [f for f in DETECTORS[detector](ctx) if f.label == label]


def test_dummy_ruffing_a_trick_its_partner_would_win_to_lead_trumps_toward_the_tenace() -> None:
    # Elwell 1902 Hand 7, trick 1: dummy trumps A's ♥10 with the ♦6 though Z's ♥Q would win, and
    # leads the ♦7 at trick 2 toward Z's ♦A Q J 10.
    [f] = labelled(elwell(1902, 7), "draw-trumps", "RUFF_FOR_LEAD")
    assert f.trick == 1 and f.all_tricks == (1, 2)
    assert f.facts == {"ruffed": "♥10", "with": "♦6", "partner_card": "♥Q", "led_next": "♦7"}
    assert "though the dealer's ♥Q, played after it, would have won the trick" in f.text
    assert "puts the lead in dummy," in f.text
    assert "toward the dealer's ♦A Q J 10, so that B plays before the A Q" in f.text


def test_a_ruff_that_is_no_lead_into_a_tenace_is_not_a_ruff_for_the_lead() -> None:
    # Elwell 1904 Hand 27, trick 1: the dealer ruffs A's ♦K, but dummy had no diamond to win with.
    assert labelled(elwell(1904, 27), "draw-trumps", "RUFF_FOR_LEAD") == []


def test_a_defenders_trump_below_all_the_declarers_makes_a_trick_by_ruffing() -> None:
    # Elwell 1904 Hand 27, trick 8: A leads the ♠10, dummy's ♠J is over it, and B ruffs with the ♥7,
    # lower than each of the dealer's ♥Q 10 8 ("A gives B the opportunity to make his losing trump").
    [f] = labelled(elwell(1904, 27), "draw-trumps", "LOW_TRUMP_RUFF")
    assert f.trick == 8
    assert f.facts == {"ruffed": "♠10", "with": "♥7", "higher": ["♥Q", "♥10", "♥8"]}
    assert "The dealer holds the ♥Q 10 8, every one higher than B's ♥7" in f.text


def test_a_ruff_of_a_trick_the_defenders_were_winning_is_no_low_trump_made() -> None:
    # Elwell 1904 Hand 27, trick 1: the dealer's ruff is the declarer's; no defender ruffs elsewhere.
    assert [f.trick for f in labelled(elwell(1904, 27), "draw-trumps", "LOW_TRUMP_RUFF")] == [8]


def test_the_defender_who_stops_forcing_against_an_established_suit_cashes_his_winners() -> None:
    # Elwell 1904 Hand 27, trick 4: "It is too late to force when the adversary holds an established
    # suit against you" — A leads clubs, not diamonds; A and B win tricks 4 to 7.
    [f] = labelled(elwell(1904, 27), "force", "FORCE_GIVEN_UP")
    assert f.trick == 4 and f.all_tricks == (4, 5, 6, 7)
    assert f.facts["forced_at"] == 1 and f.facts["forcing_suit"] == "diamonds"
    assert f.facts["trumps"] == ["♥Q", "♥10", "♥8"] and f.facts["established"] == "spades"
    assert "dummy's spades, ♠A K Q J 8 7 6, are established over B's ♠9 and A's ♠10 2" in f.text
    assert "A leads the ♣2 instead, and his side wins tricks 4 to 7 in clubs." in f.text
    assert "Elwell's rule: \"It is too late to force" in f.text


def test_a_force_given_up_is_named_once_at_the_first_lead_after_the_force() -> None:
    assert [f.trick for f in DETECTORS["force"](elwell(1904, 27)) if f.label == "FORCE_GIVEN_UP"] == [4]


def test_no_force_given_up_without_an_earlier_force() -> None:
    # Elwell 1904 Hand 22 is at no-trumps, Hand 8's dealer ruffs in his own long trump hand only at
    # trick 4 and the defenders lead no other suit after it.
    assert labelled(elwell(1904, 22), "force", "FORCE_GIVEN_UP") == []
    assert labelled(elwell(1904, 8), "force", "FORCE_GIVEN_UP") == []


def test_a_low_card_led_toward_a_guarded_king_is_a_finesse_against_the_ace() -> None:
    # Elwell 1904 Hand 23, trick 10: "Z hopes to make the king of diamonds by leading from the weak
    # hand": dummy's ♦7 toward Z's ♦K 8; B plays the ♦A and the ♦K wins trick 12.
    [f] = labelled(elwell(1904, 23), "finesse", "LEAD_TOWARD_KING")
    assert f.trick == 10 and f.all_tricks == (10, 12)
    assert f.facts == {"led": "♦7", "toward": "♦K 8", "second_played": "♦A", "king_wins": 12}
    assert f.text.startswith("Dummy leads the ♦7 toward the dealer's ♦K 8 rather than leading the suit")
    assert "B plays the ♦A, and the ♦K is left the best diamond; it wins at trick 12." in f.text


def test_a_lead_toward_a_king_with_the_queen_or_jack_beside_it_is_another_combination() -> None:
    # Elwell 1902 Hand 4, trick 9 (dummy's ♦4 toward Z's ♦K Q 10 8) and 1904 Hand 2, trick 2 (dummy's
    # lone ♣7 toward Z's ♣K J 9 4 3, to void dummy for the cross-ruff): no finesse of the king.
    assert labelled(elwell(1902, 4), "finesse", "LEAD_TOWARD_KING") == []
    assert labelled(elwell(1904, 2), "finesse", "LEAD_TOWARD_KING") == []


def test_the_ace_led_from_ace_queen_with_a_way_into_the_partners_hand_refuses_the_finesse() -> None:
    # Elwell 1904 Hand 8, trick 2: dummy leads the ♥A and ♥Q rather than putting Z in (his ♠A) to lead
    # trumps up to the ♥A Q; B holds the ♥K, behind dummy.
    [f] = labelled(elwell(1904, 8), "refuse-finesse", "FINESSE_REFUSED")
    assert f.trick == 2
    assert f.facts == {"played": "♥A", "queen_with": "Y", "king_with": "B", "entry": "♠A"}
    assert (
        "with the lead put in the dealer's hand (his ♠A is the best spade, and dummy holds a spade)" in f.text
    )
    assert "The ♥K is with B, behind the ♥Q: the finesse would have lost." in f.text


def test_the_ace_led_from_ace_queen_with_no_way_into_the_other_hand_refuses_nothing() -> None:
    # Elwell 1904 Hand 29, trick 5: dummy's ♣A from ♣A Q J 8 4 2, and the dealer's hand holds no
    # winner to be reached with: no finesse could be taken.
    assert labelled(elwell(1904, 29), "refuse-finesse", "FINESSE_REFUSED") == []


def test_a_refused_finesse_that_would_have_let_in_the_established_suit_says_so() -> None:
    # Elwell 1904 Hand 22, tricks 4-5: the dealer lets B's ♦9 win trick 4 (dummy holds the ♦A K), B
    # leads the ♣2, and the dealer puts up the ♣A: the ♣K is with A, whose ♥Q 5 are the only hearts left.
    [f] = labelled(elwell(1904, 22), "refuse-finesse", "FINESSE_REFUSED")
    assert f.trick == 5 and f.all_tricks == (4, 5)
    assert "it would have lost, and A would have had the lead with his ♥Q 5, the only hearts left" in f.text
    assert "B is on lead from trick 4, where the dealer's ♦7 was let go to his ♦9" in f.text
    assert "Elwell's rule: \"With an established suit against you, you should not take a finesse" in f.text


def test_a_refused_finesse_with_no_established_suit_behind_it_names_only_its_trick() -> None:
    # Elwell 1902 Hand 10, trick 4: the ♣K is with A, fourth, but A's hearts are not all that is left.
    [f] = [f for f in labelled(elwell(1902, 10), "refuse-finesse", "FINESSE_REFUSED") if f.trick == 4]
    assert f.all_tricks == (4,)
    assert "Had the finesse been taken" not in f.text


def test_second_hand_low_with_the_ace_passes_the_trick_to_the_partners_ten() -> None:
    # Elwell 1902 Hand 10, trick 1: "As A may have both king and queen of diamonds, Z passes the first
    # trick, hoping to win with his ten": dummy (♦A J 9 4 3) plays the ♦3; B's singleton ♦Q wins.
    [f] = labelled(elwell(1902, 10), "finesse", "FINESSE_PASSED")
    assert f.trick == 1
    assert f.facts == {"kept": "♦A", "played": "♦3", "fourth": "♦10", "gap": ["♦K", "♦Q"], "won": False}
    assert (
        "the dealer's ♦10, last to play, wins the trick unless B, third hand, holds the ♦K or the ♦Q"
        in f.text
    )
    assert f.text.endswith("It loses to B's ♦Q.")


def test_no_passed_finesse_when_the_rule_of_eleven_places_every_higher_card() -> None:
    # Elwell 1902 Hand 2, trick 6: B's ♥7; the dealer's ♥A Q 10 and dummy's ♥9 are the four cards
    # above it outside B's hand, so dummy's ♥9 wins for certain.
    assert labelled(elwell(1902, 2), "finesse", "FINESSE_PASSED") == []


def test_trumps_are_not_led_until_dummys_losing_clubs_are_thrown() -> None:
    # Elwell 1904 Hand 5, trick 2: "if trumps are led, the adversaries obtain the lead and must make
    # three tricks in the club suit": B holds the ♥A and ♣A K Q J; dummy throws the ♣7, 8, 9 on
    # tricks 4 to 6 and the first trump is led at trick 7.
    [f] = labelled(elwell(1904, 5), "draw-trumps", "TRUMPS_DEFERRED")
    assert f.trick == 2 and f.all_tricks == (2, 4, 5, 6, 7)
    assert f.facts["top_trump"] == "♥A" and f.facts["thrown"] == ["♣9", "♣8", "♣7"]
    assert f.facts["their_winners"] == ["♣A", "♣K", "♣Q", "♣J"] and f.facts["trump_led_at"] == 7
    assert "B's ♥A would take the first trump lead" in f.text
    assert "dummy throws the ♣9 8 7 (tricks 4, 5 and 6); only at trick 7 is a trump led." in f.text


def test_trumps_led_at_the_first_chance_are_not_deferred() -> None:
    # Elwell 1904 Hand 27: the dealer, in at trick 1, leads trumps at trick 2.
    assert labelled(elwell(1904, 27), "draw-trumps", "TRUMPS_DEFERRED") == []
