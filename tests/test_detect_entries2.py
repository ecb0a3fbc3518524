"""Establishing and re-entries, round 4 of issue 14: masters by rank are no established suit, and a
re-entry names the trick where it was kept — each on the author's own hand."""

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


def labelled(name: str, ctx: Context, label: str) -> list[Finding]:
    return [f for f in DETECTORS[name](ctx) if f.label == label]


# --- ESTABLISHED: masters by rank whose adversary cards went on discards are not established


def test_dummys_club_masters_are_not_called_established_when_a_throws_his_clubs_away() -> None:
    # Elwell 1904 Hand 6: dummy's ♣K Q J are masters once B's ♣A falls at trick 2; A then throws
    # his ♣6 and ♣8 on diamonds: no long club is made, so no "loser at the start" is claimed
    ctx = hand("elwell-1904", 6)
    assert [f for f in labelled("establish", ctx, "ESTABLISHED") if f.facts["suit"] == "clubs"] == []
    assert labelled("establish", ctx, "LONG_CARD_WINS") == []


def test_a_suit_made_master_while_trumps_are_out_is_still_established_without_discards() -> None:
    # Elwell 1904 Hand 26: A's ♠A J 10 over dummy's ♠9 4 3, established once Z's trumps are gone;
    # no spade of the adversaries is thrown away, so the finding stays
    (f,) = [
        f for f in labelled("establish", hand("elwell-1904", 26), "ESTABLISHED") if f.seats[0].name == "W"
    ]
    assert f.trick == 4
    assert f.facts["suit"] == "spades"


# --- REENTRY: the entry kept while the lead goes away at the trick that establishes the suit


def test_the_dealers_king_kept_while_b_wins_the_last_trump_names_trick_8() -> None:
    # Elwell 1904 Hand 1, trick 8: dummy leads the losing ♥7, B's ♥J wins, and "Z keeps his ♦K to
    # get in and run the spades"
    (f,) = [f for f in labelled("re-entry", hand("elwell-1904", 1), "REENTRY") if f.trick == 10]
    assert 8 in f.tricks
    assert "are established after trick 8 (B's ♥J wins trick 8) while the dealer still holds the ♦K" in f.text


def test_dummys_club_ace_brings_the_lead_back_to_its_last_spade() -> None:
    # Elwell 1902 Hand 6, tricks 9-11: the dealer ruffs dummy's ♠4, and dummy's ♣A is the card that
    # puts dummy on lead to play the ♠6, its last card: the way in is noted though the lead is forced
    (f,) = [f for f in labelled("re-entry", hand("elwell-1902", 6), "REENTRY") if f.trick == 12]
    assert f.tricks == (9, 10, 11, 12, 13)
    assert "while dummy still holds the ♣A" in f.text
    assert "The dealer's ♣2 puts dummy in with the ♣A" in f.text


def test_an_adversarys_lead_to_the_last_trick_but_one_is_no_way_in_for_the_last_card() -> None:
    # Elwell 1904 Hand 18: the dealer's ♦4 at trick 12 lets A's ♦Q win, and A's last card, the ♥Q,
    # wins trick 13: the end of the hand, not a way in kept
    assert [f for f in labelled("re-entry", hand("elwell-1904", 18), "REENTRY") if f.trick == 12] == []


# --- REENTRY for a ruff: a defender puts his partner in to be given a ruff


def test_a_leads_a_club_to_bs_ace_for_the_diamond_he_trumps() -> None:
    # Foster Hand 2, trick 6: "A club is A's only chance of putting B in again"; B's ♦7 at trick 7
    # goes to A's ♥K
    (f,) = [f for f in labelled("re-entry", hand("foster-1904", 2), "REENTRY") if f.trick == 6]
    assert f.tricks == (6, 7)
    assert f.text.startswith("Re-entry: A's ♣3 puts B in with the ♣A; B then leads the ♦7 at trick 7")
    assert "A's ♥K wins it. The ♣A was the way in that the ruff needed." in f.text


def test_a_ruff_in_the_suit_of_the_way_in_is_no_re_entry_for_it() -> None:
    # Foster Hand 2, trick 3: B wins A's ♦8 with the ♦K and later gives A a diamond ruff: the lead
    # was of the suit to be ruffed, not a way in kept for it
    assert [f for f in labelled("re-entry", hand("foster-1904", 2), "REENTRY") if f.trick == 3] == []


# --- REENTRY for a master made by forcing out the adversary's card, the entry kept for it


def test_dummys_heart_ace_kept_while_the_dealer_forces_out_as_spade_king() -> None:
    # Elwell 1904 Hand 37, trick 11: "Z leads the ♠6 to force out A's ♠K while dummy still holds
    # the ♥A to get back in; the ♥A wins trick 12 and dummy's ♠Q the last"
    (f,) = [f for f in labelled("re-entry", hand("elwell-1904", 37), "REENTRY") if f.trick == 12]
    assert f.tricks == (11, 12, 13)
    assert "the spades are led at trick 11 (A's ♠K wins trick 11) while dummy still holds the ♥A" in f.text
    assert "leads the ♠Q at trick 13, now the master spade" in f.text


def test_no_master_re_entry_when_the_hand_itself_led_out_its_own_king() -> None:
    # Elwell 1904 Hand 16: the dealer leads his own ♠K into B's ♠A and later wins the ♦A: the
    # partner did not force the card out toward a kept entry
    assert [f for f in labelled("re-entry", hand("elwell-1904", 16), "REENTRY") if f.trick == 8] == []


# --- REENTRY words: a long card that goes under the partner's card is not called good


def test_the_dealers_club_five_under_dummys_nine_is_not_called_good() -> None:
    # Elwell 1904 Hand 4: the dealer's ♣5 goes under dummy's ♣9 at trick 11; it never wins
    (f,) = [f for f in labelled("re-entry", hand("elwell-1904", 4), "REENTRY") if f.trick == 7]
    assert "to run his own clubs. The ♥7 was the way in" in f.text
    assert "♣5" not in f.text


def test_only_the_long_spade_that_wins_is_called_good_once_the_ten_falls() -> None:
    # Elwell 1904 Hand 40: the ♠7 goes under dummy's ♠8 at trick 8, the ♠9 wins trick 13
    (f,) = [f for f in labelled("re-entry", hand("elwell-1904", 40), "REENTRY") if f.trick == 5]
    assert "the ♠9 is good only once A's ♠10 has fallen" in f.text
    assert "♠7" not in f.text
