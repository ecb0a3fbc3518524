"""The long-suit detectors (rules-reference §7, MOT-ESTABLISH and MOT-REENTRY) say only what the cards
show: which cards of an established suit are winners and which adversary cards are still above the
small ones; a lone card promoted by the adversaries' own leads is no established suit; and a re-entry
is the card that gets into the long hand, not a finesse's winner or a card winning the lead back."""

from __future__ import annotations

from pathlib import Path

from replayer.teaching.annotate import DETECTORS
from replayer.teaching.context import Context
from replayer.teaching.findings import Finding
from tests.support.games import context, game_from_yaml

ROOT = Path(__file__).resolve().parent.parent


def elwell_1902(n: int) -> Context:
    path = ROOT / "hands" / "elwell-1902" / f"hand-{n}.yaml"
    return Context(game_from_yaml(path.read_text(encoding="utf-8"), path.name))


def elwell_1904(n: int) -> Context:
    path = ROOT / "hands" / "elwell-1904" / f"hand-{n}.yaml"
    return Context(game_from_yaml(path.read_text(encoding="utf-8"), path.name))


def found(name: str, ctx: Context, label: str, trick: int) -> list[Finding]:
    return [f for f in DETECTORS[name](ctx) if f.label == label and f.trick == trick]


# --- ESTABLISHED: what is true of the adversaries' cards left


def test_foster_4_trick_2_names_the_winners_and_the_spades_still_above_dummys_six() -> None:
    (f,) = found("establish", context(4), "ESTABLISHED", 2)
    assert "all lower" not in f.text
    assert "the ♠A K Q are winners" in f.text
    assert "the ♠10 9 8 7 are higher than the ♠6 now" in f.text


def test_elwell_1902_hand_10_trick_5_the_ace_draws_as_queen_before_the_small_spades_win() -> None:
    (f,) = found("establish", elwell_1902(10), "ESTABLISHED", 5)
    assert "the ♠A is a winner and draws A's ♠Q" in f.text
    # the ♠2 never wins: it goes under the dealer's ♠9 (the note names only the long cards that win)
    assert "the ♠J 5 win too, though the ♠Q is higher than the ♠J 5 now" in f.text
    assert "the ♠2 goes under the dealer's ♠9 at trick 7, so it never wins" in f.text


def test_when_the_adversaries_cards_are_all_lower_the_note_says_so() -> None:
    (f,) = found("establish", context(1), "ESTABLISHED", 7)
    assert "the adversaries' diamonds left (♦10 6) are all lower" in f.text
    assert "♦Q J are all winners" in f.text


def test_one_card_left_of_an_established_suit_is_named_once() -> None:
    (f,) = found("establish", elwell_1902(6), "ESTABLISHED", 11)
    assert "the ♠6, a loser at the start, is a winner" in f.text
    assert "are all winners" not in f.text


# --- a lone card promoted to master


def test_a_lone_card_left_master_by_the_adversaries_leads_is_no_established_suit() -> None:
    hand_12 = DETECTORS["establish"](elwell_1902(12))
    assert [f for f in hand_12 if f.facts["suit"] == "diamonds"] == []
    hand_2 = DETECTORS["establish"](elwell_1902(2))
    assert [f for f in hand_2 if f.facts["hand"] == "A" and f.facts["suit"] == "spades"] == []


def test_a_lone_card_of_a_suit_its_side_led_out_is_still_established() -> None:
    (f,) = found("establish", elwell_1902(11), "ESTABLISHED", 9)
    assert f.facts["hand"] == "Y" and f.facts["suit"] == "clubs" and f.shown


# --- LONG_CARD_WINS: the partner's discard


def test_a_discard_no_adversary_can_beat_is_not_called_losing() -> None:
    (f,) = found("establish", elwell_1902(5), "LONG_CARD_WINS", 11)
    assert f.facts["partner_discard"] is None
    assert "losing" not in f.text


def test_a_card_that_wins_while_an_adversary_still_follows_is_called_the_master_not_a_long_card() -> None:
    # Elwell 1904 Hand 33 trick 8: the dealer's ♠K beats A's ♠6 by rank
    (f,) = found("establish", elwell_1904(33), "LONG_CARD_WINS", 8)
    assert not f.facts["long"]
    assert "long card" not in f.text and "The dealer's ♠K, now the master spade, wins the trick" in f.text
    (g,) = found("establish", elwell_1904(4), "LONG_CARD_WINS", 11)  # both adversaries show out
    assert g.facts["long"] and "Dummy's ♣9, a long card of the established suit" in g.text


def test_a_lone_card_left_while_an_adversary_still_holds_the_suit_is_no_established_suit() -> None:
    # Elwell 1904 Hand 16: B's ♦J with A's ♦10 still out; Hand 17: B's ♥K with Z's ♥7
    assert [f for f in DETECTORS["establish"](elwell_1904(16)) if f.facts["hand"] == "B"] == []
    assert [f for f in DETECTORS["establish"](elwell_1904(17)) if f.facts["suit"] == "hearts"] == []


def test_a_suit_whose_small_cards_never_win_is_not_called_winners() -> None:
    # Elwell 1904 Hand 36: the dealer sets up his clubs ("The dealer's best course is plainly to set up
    # his clubs") but throws his ♣8 6 on B's diamonds: the note is shown, and says they never win
    (f,) = found("establish", elwell_1904(36), "ESTABLISHED", 2)
    assert f.shown
    assert "so they never take a trick" in f.text


def test_a_suit_all_of_whose_cards_win_by_rank_is_still_shown_as_established() -> None:
    # Foster Hand 1 trick 7: the dealer's ♦Q J both win over the adversaries' lower ♦10 6
    (f,) = found("establish", context(1), "ESTABLISHED", 7)
    assert f.shown


# --- REENTRY: the card that gets into the long hand


def test_the_dealers_ace_winning_the_lead_back_is_not_dummys_re_entry() -> None:
    ctx = elwell_1902(4)
    assert found("re-entry", ctx, "REENTRY", 4) == []
    (f,) = found("re-entry", ctx, "REENTRY", 6)
    assert f.facts["hand"] == "Y" and f.facts["entry"] == "♠A" and f.facts["then_led"] == "♠8"
    assert "the dealer leads the ♠8, his last spade, to dummy's ♠A" in f.text


def test_a_lead_to_the_partners_established_suit_names_whose_suit_it_is() -> None:
    ctx = elwell_1902(11)
    assert found("re-entry", ctx, "REENTRY", 4) == []
    (f,) = found("re-entry", ctx, "REENTRY", 5)
    assert "dummy leads the ♠7 to the dealer's ♠Q" in f.text and "its own" not in f.text


def test_a_card_that_wins_a_finesse_is_not_called_a_re_entry() -> None:
    assert found("re-entry", elwell_1902(2), "REENTRY", 7) == []
    assert found("re-entry", elwell_1902(11), "REENTRY", 10) == []


def test_a_defender_getting_in_for_his_partners_suit_is_still_the_defences_way_in() -> None:
    (f,) = found("re-entry", context(4), "REENTRY", 9)
    assert f.facts["hand"] == "B" and f.facts["entry"] == "♦Q"


def test_a_lead_to_a_lone_master_is_no_way_in_to_an_established_suit_and_one_trick_has_one_note() -> None:
    # Elwell 1904 Hand 12 trick 9: the dealer's ♦6 to dummy's last diamond, the ♦7, is the way in to
    # dummy's clubs, said once
    (f,) = found("re-entry", elwell_1904(12), "REENTRY", 9)
    assert f.facts["entry"] == "♦7" and f.facts["then_led"] == "♣8"
    assert "established diamonds" not in f.text


def test_a_card_led_that_is_no_master_is_not_called_cashed() -> None:
    # Elwell 1904 Hand 16: the dealer's ♣Q after his ♥A is led as a finesse, with B's ♣K still out
    assert found("re-entry", elwell_1904(16), "REENTRY", 3) == []
    # Elwell 1902 Hand 9: the dealer's ♣A after his ♣Q is a master, cashed before the spade finesse
    (f,) = found("re-entry", elwell_1902(9), "REENTRY", 6)
    assert f.facts["cashed"] == ["♣A"]


def test_third_hand_winning_his_partners_lead_and_returning_the_suit_is_no_re_entry() -> None:
    # Elwell 1904 Hand 31 trick 1: B wins A's ♥7 with the ♥A and returns the ♥3
    assert found("re-entry", elwell_1904(31), "REENTRY", 1) == []
