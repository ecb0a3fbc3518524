"""Re-entries kept, not only used, and overtaking (issue 14 item 3): the entry kept back at the
trick where it could have been spent, and the partner's winning card overtaken to take the lead —
each at the trick the author names, on Elwell's own hands."""

from __future__ import annotations

from pathlib import Path

from replayer.rules.cards import Suit
from replayer.rules.seats import Seat
from replayer.teaching.annotate import DETECTORS
from replayer.teaching.context import Context
from replayer.teaching.detectors.entries import _entry_use, _kept_at, _needed, _Purpose
from replayer.teaching.detectors.long_suits import Established
from replayer.teaching.findings import Finding
from tests.support.games import game_from_yaml

ROOT = Path(__file__).resolve().parent.parent


def elwell(year: int, n: int) -> Context:
    path = ROOT / "hands" / f"elwell-{year}" / f"hand-{n}.yaml"
    return Context(game_from_yaml(path.read_text(encoding="utf-8"), path.name))


def found(name: str, ctx: Context, label: str, trick: int) -> list[Finding]:
    return [f for f in DETECTORS[name](ctx) if f.label == label and f.trick == trick]


# --- ENTRY_KEPT: the entry kept back in its own suit


def test_the_dealers_king_kept_while_dummy_wins_the_first_diamond_with_the_ace() -> None:
    (f,) = found("re-entry", elwell(1904, 1), "ENTRY_KEPT", 1)
    assert f.tricks == (1, 10)
    assert "dummy wins trick 1 with the ♦A" in f.text
    assert "the dealer plays the ♦3 to trick 1, not the ♦K" in f.text
    assert "it wins trick 10" in f.text


def test_a_defender_ducks_twice_keeping_his_ace_of_his_own_suit() -> None:
    (f,) = found("re-entry", elwell(1904, 33), "ENTRY_KEPT", 1)
    assert f.tricks == (1, 2, 4)
    assert "A plays the ♦6 to trick 1 and the ♦5 to trick 2, not the ♦A" in f.text


def test_dummys_ace_kept_while_the_adversaries_win_a_spade() -> None:
    (f,) = found("re-entry", elwell(1902, 4), "ENTRY_KEPT", 2)
    assert "dummy plays the ♠2 to trick 2" in f.text and "not the ♠A" in f.text


def test_no_entry_kept_for_one_of_several_masters_nor_for_a_winner_played_cheaply() -> None:
    # Elwell 1904 Hand 23: dummy's ♠A K Q are all masters, the ♠Q no more an entry than the others
    assert found("re-entry", elwell(1904, 23), "ENTRY_KEPT", 2) == []
    # Hand 25: B wins trick 3 with the ♦Q himself: economy, not an entry kept
    assert found("re-entry", elwell(1904, 25), "ENTRY_KEPT", 3) == []
    # Hand 6: the ♦J kept among equal trumps, then used to ruff: not a card of the suit kept
    assert found("re-entry", elwell(1904, 6), "ENTRY_KEPT", 4) == []


# --- OVERTAKE: the partner's winning card overtaken


def test_a_defender_overtakes_his_partners_queen_to_lead_the_suit_again() -> None:
    (f,) = found("overtake", elwell(1904, 32), "OVERTAKE", 2)
    assert f.text.startswith("Overtake: A overtakes B's ♥Q, which was winning the trick, with the ♥K")
    assert "A could have played the ♥4" in f.text
    assert "leads the ♥4 at trick 3" in f.text


def test_the_dealer_trumps_dummys_master_club_to_lead_through() -> None:
    (f,) = found("overtake", elwell(1904, 6), "OVERTAKE", 10)
    assert "the dealer trumps dummy's ♣Q" in f.text
    assert "could have thrown a spade" in f.text


def test_the_dealer_leads_the_card_below_dummys_last_one_so_that_dummy_wins() -> None:
    (f,) = found("overtake", elwell(1904, 40), "OVERTAKE", 8)
    assert "the dealer led it, not the ♠9, so that the ♠8 wins" in f.text


def test_overtaking_a_card_that_loses_anyway_is_named_only_for_an_honour() -> None:
    (f,) = found("overtake", elwell(1904, 9), "OVERTAKE", 3)
    assert "A's ♠A wins it" in f.text
    # Hand 15: B's ♥K on A's ♥8 is third hand's play, not an overtake of a winning card
    assert found("overtake", elwell(1904, 15), "OVERTAKE", 1) == []


def test_no_overtake_when_an_adversary_holds_a_card_between() -> None:
    # Elwell 1904 Hand 2: dummy's ruff of the dealer's ♣9 is a crossruff, the ♣9 no master
    assert found("overtake", elwell(1904, 2), "OVERTAKE", 7) == []


# --- REENTRY: no way in claimed for a finesse nothing finesses, nor for a suit not run


def test_no_finesse_claimed_for_a_defenders_card_sure_to_win_behind_the_declarer() -> None:
    # Elwell 1904 Hand 25: Z plays before A and dummy, behind, holds nothing above A's card
    ctx = elwell(1904, 25)
    assert found("re-entry", ctx, "REENTRY", 1) == []
    assert found("re-entry", ctx, "REENTRY", 7) == []


def test_no_finesse_claimed_when_the_declarer_plays_last_over_the_defenders_low_card() -> None:
    # Elwell 1904 Hand 17: B's ♥6 under A's ♥9 with Z's ♥A Q behind; Elwell calls A's ♣J bad play
    assert found("re-entry", elwell(1904, 17), "REENTRY", 2) == []


def test_the_declarers_finesse_after_a_re_entry_is_still_noted() -> None:
    (f,) = found("re-entry", elwell(1904, 17), "REENTRY", 3)
    assert "for the finesse toward dummy's ♣K 10 9 8" in f.text


def test_no_run_of_a_suit_the_partner_trumps_to_take_the_lead() -> None:
    # Elwell 1904 Hand 6: dummy's ♣K wins, then Z trumps the ♣Q at trick 10 to get the lead
    ctx = elwell(1904, 6)
    assert found("re-entry", ctx, "REENTRY", 8) == []
    assert [f.trick for f in found("re-entry", ctx, "REENTRY", 10)] == [10]


def test_no_way_in_to_a_defenders_suit_while_the_adversaries_hold_cards_above_his_lowest() -> None:
    # Elwell 1904 Hand 19: after trick 3 dummy's ♠9 and Z's ♠8 are above A's ♠6
    assert found("re-entry", elwell(1904, 19), "REENTRY", 2) == []
    assert found("re-entry", elwell(1904, 19), "REENTRY", 3) == []


def test_a_defenders_way_in_to_his_partners_suit_established_to_the_last_card_is_kept() -> None:
    # Elwell 1904 Hand 33: B's last diamond to A's ♦A; the adversaries hold no diamond after it
    (f,) = found("re-entry", elwell(1904, 33), "REENTRY", 4)
    assert "to A's ♦A: that is the way in to A's established diamonds" in f.text


# --- round 3: the entry that sets a suit up, the rounds that set it up, the entry kept by overtaking


def test_the_entry_that_lets_dummy_lead_its_long_suit_to_set_it_up() -> None:
    # Elwell 1902 Hand 3: the ♥J to dummy's ♥Q, then the ♦Q to drive out A's ♦A; the ♠A runs them
    (f,) = found("re-entry", elwell(1902, 3), "REENTRY", 3)
    assert f.tricks == (3, 4)
    assert "the dealer's ♥J puts dummy in with the ♥Q" in f.text
    assert "leads the ♦Q at trick 4 to set up its own diamonds" in f.text


def test_no_set_up_entry_for_a_defender_nor_without_a_second_entry_to_run_the_suit() -> None:
    # Elwell 1902 Hand 3: A's ♦A and ♥6 at trick 5 (a defender); 1904 Hand 13: the ♠A at trick 1
    # and the ♥A led at once (no crossing to the partner's hand)
    assert found("re-entry", elwell(1902, 3), "REENTRY", 4) == []
    assert found("re-entry", elwell(1904, 13), "REENTRY", 1) == []


def test_the_rounds_that_set_the_suit_up_while_the_entry_was_kept() -> None:
    # Elwell 1902 Hand 4: dummy's diamond drives out B's ♦A at trick 9, the ♣A wins trick 10
    (f,) = found("re-entry", elwell(1902, 4), "REENTRY", 10)
    assert f.tricks == (9, 10, 11)
    assert f.text.startswith(
        "Re-entry: the diamonds are led at trick 9 (B's ♦A wins trick 9) while the dealer still holds the ♣A."
    )
    # Elwell 1904 Hand 12: three rounds of clubs, B's ♣Q wins the third, then the ♦7
    (g,) = found("re-entry", elwell(1904, 12), "REENTRY", 9)
    assert g.tricks == (5, 6, 7, 9, 10)
    assert "tricks 5, 6 and 7 (B's ♣Q wins trick 7) while dummy still holds the ♦7" in g.text


def test_an_entry_kept_by_the_partner_overtaking_its_equal() -> None:
    # Elwell 1904 Hand 11: Z's ♠A on dummy's ♠J keeps the ♠Q, which wins trick 3
    (f,) = found("re-entry", elwell(1904, 11), "ENTRY_KEPT", 1)
    assert f.tricks == (1, 3)
    assert "the dealer wins trick 1 with the ♠A, and dummy plays the ♠J to trick 1, not the ♠Q" in f.text


def test_no_entry_kept_for_a_card_the_partner_trumps() -> None:
    # Elwell 1904 Hand 6: dummy's ♣Q reaches the dealer at trick 10 only because he trumps it
    assert found("re-entry", elwell(1904, 6), "ENTRY_KEPT", 7) == []


# --- round 4: no re-entry note for a forced or given win, a spare entry, or a hold-up


def test_no_entry_kept_for_a_defender_holding_up_the_master_of_the_adversaries_suit() -> None:
    # Elwell 1904 Hand 9: A's ♠3 under dummy's ♠Q; Hand 14: B's ♦5 under the dealer's ♦Q; Hand 28:
    # the dealer's ♥10 under A's ♥Q; Hand 32: the dealer's ♥2 under B's ♥J. Each lets the
    # adversaries win their own lead while holding the master: a hold-up, not an entry kept
    for n, i, seat, card in [
        (9, 1, Seat.W, "♠A"),
        (14, 1, Seat.E, "♦A"),
        (28, 3, Seat.S, "♥K"),
        (32, 0, Seat.S, "♥A"),
    ]:
        ctx = elwell(1904, n)
        (entry,) = [c for c in ctx.hand(seat, i) if str(c) == card]
        assert not _kept_at(ctx, i, seat, entry), (n, card)
    assert found("re-entry", elwell(1904, 9), "ENTRY_KEPT", 2) == []
    assert found("re-entry", elwell(1904, 14), "ENTRY_KEPT", 2) == []
    # Hand 1: the dealer's ♦3 under dummy's ♦A, his partner winning the adversaries' lead, is kept
    ctx = elwell(1904, 1)
    (king,) = [c for c in ctx.hand(Seat.S, 0) if str(c) == "♦K"]
    assert _kept_at(ctx, 0, Seat.S, king)


def test_no_set_up_entry_claimed_needed_when_the_hand_held_a_spare_way_in() -> None:
    # Elwell 1902 Hand 8: at trick 4 the dealer holds the ♦A and ♦K as well as the ♠Q; the ♦K is
    # never spent as a way in to lead the clubs, so the ♠Q was not the one the clubs needed
    assert not _needed(elwell(1902, 8), 3, Seat.S, Suit.CLUBS)
    # Hand 3: dummy's other master, the ♠A, is the way in that runs the diamonds at trick 7
    assert _needed(elwell(1902, 3), 2, Seat.N, Suit.DIAMONDS)


def test_no_re_entry_for_a_win_forced_or_given_on_an_adversarys_lead() -> None:
    # a singleton ace winning perforce (Elwell 1902 Hand 11, 1904 Hands 12 and 18 trick 1; 1902
    # Hand 10 trick 2), a trick the dealer lets go (1902 Hand 10 trick 1) or throws in (Hand 8
    # trick 2): none is a way in planned for setting up a suit
    for year, n, trick in [
        (1902, 11, 1),
        (1904, 12, 1),
        (1904, 18, 1),
        (1902, 10, 2),
        (1902, 10, 1),
        (1902, 8, 2),
    ]:
        assert found("re-entry", elwell(year, n), "REENTRY", trick) == [], (year, n, trick)


def test_no_set_up_entry_for_a_defender_whose_suit_is_never_set_up() -> None:
    # Elwell 1904 Hand 14 (B's ♦A, then the ♣5), Hand 16 (the dealer's ♦A on B's ♦K), 1902 Hand 8
    # (dummy's ♣K, then the ♦3 when Y-Z hold all the high diamonds); 1904 Hand 11 trick 4, a
    # spade lead Elwell calls bad; Hand 7 trick 9, A's ♥J forced out by the dealer
    for year, n, trick in [(1904, 14, 4), (1904, 16, 8), (1902, 8, 5), (1904, 11, 4), (1904, 7, 9)]:
        assert found("re-entry", elwell(year, n), "REENTRY", trick) == [], (year, n, trick)


def test_the_suit_led_after_the_entry_is_named_as_its_owners() -> None:
    # Elwell 1902 Hand 10: the dealer's ♣A is the way in to lead spades toward dummy's ♠A J 10,
    # dummy's suit, not the dealer's own; 1904 Hand 12 trick 7 and 1902 Hand 11 trick 3, where
    # the hearts and the diamonds are the partner's, have no set-up note
    (f,) = found("re-entry", elwell(1902, 10), "REENTRY", 4)
    assert "leads the ♠6 at trick 5 for the finesse toward dummy's ♠A J 10 5 2" in f.text
    assert "his own" not in f.text
    assert found("re-entry", elwell(1904, 12), "REENTRY", 7) == []
    assert found("re-entry", elwell(1902, 11), "REENTRY", 3) == []


def test_no_run_of_an_established_suit_whose_first_card_led_is_trumped() -> None:
    # Elwell 1904 Hand 7: A's ♥J wins trick 9 and the ♦A led at trick 10 is trumped by the dealer's
    # ♥6: whether or not A's diamonds count as established, they are not run by that lead
    ctx = elwell(1904, 7)
    diamonds = [Established(Seat.W, Suit.DIAMONDS, 0, ())]
    (ace,) = [c for c in ctx.hand(Seat.W, 9) if str(c) == "♦A"]
    assert _entry_use(ctx, 9, Seat.W, ace, Suit.HEARTS, diamonds, 8) is None
    # the ♦Q led at trick 2, which wins, is a run of the same suit
    (queen,) = [c for c in ctx.hand(Seat.W, 1) if str(c) == "♦Q"]
    assert _entry_use(ctx, 1, Seat.W, queen, Suit.CLUBS, diamonds, 0) == (_Purpose.ESTABLISHED, Seat.W)


# --- round 5: "established" only when no adversary card of the suit is above the long cards


def test_a_suit_run_while_the_adversaries_hold_cards_above_its_long_cards_is_not_called_established() -> None:
    # Elwell 1904 Hand 22: at trick 7 A still holds the ♦Q 4 and B the ♦J 10 above dummy's ♦8 6 5
    # ("if the diamonds now break"): the words say what the cards show, not "established"
    (f,) = found("re-entry", elwell(1904, 22), "REENTRY", 6)
    assert "established" not in f.text
    assert "leads the ♦A at trick 7 to run its own diamonds" in f.text
    assert "the ♦8 6 5 are good only once B's ♦J 10 and A's ♦Q have fallen" in f.text


def test_a_suit_with_no_adversary_card_above_it_is_still_called_established() -> None:
    # Elwell 1904 Hand 33: B's last diamond to A's ♦A, which draws dummy's ♦K: A's ♦10 7 are then
    # above every diamond left; 1904 Hand 1 trick 10: the dealer's spades
    (f,) = found("re-entry", elwell(1904, 33), "REENTRY", 4)
    assert "that is the way in to A's established diamonds" in f.text
    (g,) = found("re-entry", elwell(1904, 1), "REENTRY", 10)
    assert "to run his own established spades" in g.text
