"""Leads through strength by either side (issue 14, item 3): a lead that makes the second hand play
before the leader's partner, who holds a card over the honour the second hand keeps; on the corpus's
hands, with the author known from the hand's source."""

from __future__ import annotations

from pathlib import Path

from replayer.rules.cards import Card
from replayer.teaching.detectors.leads import _elwell_lead
from replayer.teaching.findings import Finding
from support.games import book_findings

HANDS = Path(__file__).parent.parent / "hands"


def through_honour(book: str, n: int, trick: int) -> list[Finding]:
    return [f for f in book_findings(book, n, "through") if f.label == "THROUGH_HONOUR" and f.trick == trick]


def test_the_declarer_leads_through_a_defenders_honours_up_to_his_tenace() -> None:
    # Elwell 1902 Hand 2 trick 7: dummy's ♥4 through B's ♥K J 8 to the dealer's ♥A Q 10, whose ♥10 wins
    (f,) = through_honour("elwell-1902", 2, 7)
    assert f.shown and f.all_tricks == (7,)
    assert "Dummy leads ♥4 through B's ♥K J 8 up to the dealer's ♥A Q 10" in f.text
    assert "the dealer's ♥10 wins the trick while B keeps ♥K, which the dealer's ♥A still sits over" in f.text


def test_a_defender_leads_through_dummys_king_to_partners_ace() -> None:
    # Elwell 1904 Hand 30 trick 3: A's ♥6 through dummy's ♥K 8 7; B's ♥J wins under the ♥A
    (f,) = through_honour("elwell-1904", 30, 3)
    assert f.shown and "dummy must play before B, and B's ♥J wins the trick" in f.text


def test_the_trick_that_put_the_leader_in_is_named_with_the_lead() -> None:
    # Elwell 1904 Hand 6: dummy's ♣Q is trumped by the dealer at trick 10, who leads ♠8 through A's ♠10
    (f,) = through_honour("elwell-1904", 6, 11)
    assert f.all_tricks == (10, 11)
    assert f.text.startswith("Dummy's lead to trick 10 put the dealer on lead.")


def test_the_same_lead_again_at_the_next_trick_is_not_shown_twice() -> None:
    (again,) = through_honour("elwell-1904", 6, 12)
    assert not again.shown and again.facts["again"] is True


def test_the_opening_lead_is_made_before_dummy_is_seen() -> None:
    # Foster 1904 Hand 5: A's ♥6 opening through dummy's ♥J to B's ♥A 10 is the table's lead, not position
    assert through_honour("foster-1904", 5, 1) == []


def test_no_lead_through_when_the_second_hand_keeps_no_honour_over_the_winning_card() -> None:
    # Elwell 1904 Hand 25 trick 4: B's ♥3 is won by A's ♥K, higher than anything Z kept
    assert through_honour("elwell-1904", 25, 4) == []


def test_the_declarer_winning_in_dummy_over_his_own_card_names_that_trick() -> None:
    # Elwell 1902 Hand 7: dummy trumps A's ♥10 over the dealer's ♥Q at trick 1, then leads ♦7 through B's ♦K
    (f,) = through_honour("elwell-1902", 7, 2)
    assert f.all_tricks == (1, 2)
    assert f.text.startswith("Dummy won trick 1 over the dealer's ♥Q, which could have been left to win")


def test_a_defender_winning_over_his_partners_card_is_no_put_in() -> None:
    # Elwell 1904 Hand 24 trick 6: B won trick 5 over A's ♠5; a defender's reasons are his own, unnamed
    (f,) = through_honour("elwell-1904", 24, 6)
    assert f.all_tricks == (6,) and "won trick" not in f.text


def test_an_elwell_lesson_at_no_trumps_gives_his_own_rule_for_a_long_weak_suit() -> None:
    # Elwell 1904 Hand 20: A's ♣5 from ♣10 7 6 5 3; Elwell's rule leads the second best (his 10 8 7 5 2)
    (f,) = [f for f in book_findings("elwell-1904", 20, "lead") if f.trick == 1]
    assert "Foster's table leads the fourth-best" in f.text
    assert "Elwell's own rule at no-trumps for a long weak suit" in f.text
    assert "the second best, ♣7 (the top cards are not in sequence)" in f.text
    assert "two or more cards that may win him the lead again" in f.text


def test_a_weak_suit_headed_by_a_sequence_leads_its_highest_by_elwells_rule() -> None:
    holding = [Card.parse(t) for t in ("ST", "S9", "S7", "S6")]
    assert _elwell_lead(holding, nt=True) == Card.parse("ST")
    gapped = [Card.parse(t) for t in ("ST", "S8", "S7", "S5", "S2")]
    assert _elwell_lead(gapped, nt=True) == Card.parse("S8")
    assert _elwell_lead(gapped, nt=False) != Card.parse("S8")  # the weak-suit rule is for no-trumps only


def test_foster_lessons_do_not_quote_elwells_weak_suit_rule() -> None:
    (f,) = [f for f in book_findings("foster-1904", 5, "lead") if f.trick == 1]
    assert "Elwell" not in f.text


def second_hand(book: str, n: int, trick: int) -> list[Finding]:
    return [
        f for f in book_findings(book, n, "cover") if f.label.startswith("SECOND_HAND") and f.trick == trick
    ]


def test_dummys_king_second_hand_follows_elwells_table_at_no_trumps() -> None:
    # Elwell 1902 Hand 8: dummy's ♠K 7 over the dealer's ♠Q 9 5 ("K x" / "Q x x": King at no-trumps)
    (f,) = second_hand("elwell-1902", 8, 1)
    assert f.label == "SECOND_HAND_OK" and f.shown
    assert "Elwell's table of second-hand plays gives ♠K at no-trumps, and dummy plays ♠K" in f.text


def test_dummy_keeping_the_queen_second_hand_departs_from_elwells_table() -> None:
    # Elwell 1902 Hand 9: dummy's ♥Q 5 over the dealer's ♥K 6 2: the table plays the queen; he plays ♥5
    (f,) = second_hand("elwell-1902", 9, 1)
    assert f.label == "SECOND_HAND_DEVIATION"
    assert "gives ♥Q at no-trumps, and dummy plays ♥5" in f.text


def test_a_holding_outside_elwells_table_says_nothing() -> None:
    # Elwell 1902 Hand 6: dummy's ♦A 4 over the dealer's ♦K Q 5 3 is no row of the table
    assert second_hand("elwell-1902", 6, 1) == []


def test_foster_lessons_are_not_judged_by_elwells_table() -> None:
    labels = [f.label for n in range(1, 6) for f in book_findings("foster-1904", n, "cover")]
    assert labels and not [label for label in labels if label.startswith("SECOND_HAND")]
