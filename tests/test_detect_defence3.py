"""Round 4 of issue 14, defence: plays the authors praise for what is *not* done — a trick refused in
both of the declaring side's hands against Elwell's second-hand table, a partner's honour not
overtaken when two high cards on one trick would set up a card of the declaring side, and a
partner's suit not led back while a guarded card waits over the declarer's."""

from __future__ import annotations

from pathlib import Path

from replayer.teaching.findings import Finding
from support.games import book_findings

HANDS = Path(__file__).parent.parent / "hands"


def labelled(found: list[Finding], label: str) -> list[Finding]:
    return [f for f in found if f.label == label]


def test_a_trick_refused_in_both_hands_is_said_against_elwells_table() -> None:
    # Elwell 1902 Hand 9, trick 1: dummy's ♥5 from ♥Q 5 (the table's card is the queen) and the
    # dealer's ♥2 under B's ♥10, with the ♥K in hand
    (f,) = labelled(book_findings("elwell-1902", 9, "cover"), "REFUSED_SECOND_AND_FOURTH")
    assert f.trick == 1 and f.shown
    assert "Elwell's table of second-hand plays gives ♥Q at no-trumps" in f.text
    assert "dummy plays ♥5" in f.text and "lets B's ♥10 win though his ♥K would take it" in f.text


def test_a_second_hand_card_that_wins_is_no_refusal() -> None:
    # Elwell 1902 Hand 8, trick 1: dummy plays the table's ♠K: no refusal is said
    assert labelled(book_findings("elwell-1902", 8, "cover"), "REFUSED_SECOND_AND_FOURTH") == []


def test_the_ace_kept_under_partners_king_when_overtaking_would_set_up_dummys_ten() -> None:
    # Elwell 1904 Hand 35, trick 1: B's ♠A 7 under A's ♠K, against dummy's ♠10 9 8 4: A–B hold four
    # spades above the ♠10 and dummy four spades; the ♠10 falls under A's ♠J at trick 9
    (f,) = labelled(book_findings("elwell-1904", 35, "unblock"), "NOT_OVERTAKING")
    assert f.trick == 1 and f.tricks == (1, 9) and f.shown
    assert "B, with ♠A 7, plays ♠7, not the ace" in f.text
    assert "A–B hold four spades above dummy's ♠10 (♠A K Q J)" in f.text
    assert "the ♠10 falls under A's ♠J at trick 9" in f.text


def test_no_ace_kept_is_said_where_partner_holds_no_ace_and_small_card() -> None:
    # Elwell 1904 Hand 38: B's spades are ♠Q J 10 6 4 — no ace and a small card under A's lead
    assert labelled(book_findings("elwell-1904", 38, "unblock"), "NOT_OVERTAKING") == []


def test_partners_trump_lead_not_returned_while_the_king_waits_behind_the_dealers_ace() -> None:
    # Elwell 1904 Hand 25, trick 3: A wins B's ♥5 with the ♥J, holds ♥K 2 behind the dealer's
    # ♥A Q 10 9 and leads the ♦10; at trick 4 B leads the ♥3 through again and the ♥K wins
    (f,) = labelled(book_findings("elwell-1904", 25, "return"), "RETURN_HELD_BACK")
    assert f.trick == 3 and f.tricks == (3, 4) and f.shown
    assert "A wins B's lead of trumps at trick 2 but does not lead them back" in f.text
    assert "the dealer holds ♥A Q 10 9, with ♥A above his ♥K" in f.text
    assert "at trick 4 B leads ♥3 through the dealer again and A's ♥K wins" in f.text


def test_a_return_of_partners_suit_is_not_called_held_back() -> None:
    # Elwell 1904 Hand 34, trick 2: B leads A's spades back (♠3 from ♠K 5 4 3), nothing held back
    found = book_findings("elwell-1904", 34, "return")
    assert [f.label for f in found if f.trick == 2] == ["RETURN_DEVIATION"]
    assert labelled(found, "RETURN_HELD_BACK") == []


def test_dummy_wins_the_first_round_with_a_high_card_out_of_the_way_of_the_dealers_six() -> None:
    # Elwell 1904 Hand 38, trick 1: dummy's ♣J from ♣K J 5 on A's ♣2 (B void), the dealer holding
    # ♣10 9 8 7 6 4: kept, dummy's ♣K J would both stand above all the dealer's clubs
    found = [
        f
        for f in book_findings("elwell-1904", 38, "unblock")
        if f.label == "UNBLOCK_DECLARER" and f.trick == 1
    ]
    (f,) = found
    assert (
        "Dummy wins the first round of clubs with ♣J from ♣K J 5, where ♣5 would also have beaten" in f.text
    )
    assert "the dealer holds the longer clubs (♣10 9 8 7 6 4)" in f.text


def test_a_forced_or_lowest_card_winning_a_first_round_is_no_unblock() -> None:
    # Foster Hand 4, trick 1: dummy's lone ♣A wins (forced); Elwell 1904 Hand 25: no first round is
    # won by the shorter hand with a card above its lowest
    assert [f for f in book_findings("foster-1904", 4, "unblock") if f.label == "UNBLOCK_DECLARER"] == []
    assert [f for f in book_findings("elwell-1904", 25, "unblock") if f.label == "UNBLOCK_DECLARER"] == []
