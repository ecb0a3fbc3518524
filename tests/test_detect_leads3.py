"""Trump leads by the defenders (issue 14, items 2 and 3): a defender's trump lead made again, after
the lead has left him, while a ruff is still to be stopped, is a new decision and is shown; the next
round straight on from his own trump lead is not. On the corpus's hands, with the author known from
the hand's source."""

from __future__ import annotations

from pathlib import Path

from replayer.teaching.findings import Finding
from support.games import book_findings

HANDS = Path(__file__).parent.parent / "hands"


def trump_leads(book: str, n: int) -> dict[int, Finding]:
    return {f.trick: f for f in book_findings(book, n, "trump-lead") if f.label == "TRUMP_LEAD"}


def test_a_defender_who_leads_trumps_again_after_regaining_the_lead_is_noted() -> None:
    # Elwell 1904 Hand 25, trick 4: "B again leads through the strong trump hand" (B led ♥5 at trick 2,
    # A won it and led a diamond, B won and leads ♥3); dummy still has two trumps and one spade
    found = trump_leads("elwell-1904", 25)
    assert found[2].shown and not found[2].facts["again"]
    f = found[4]
    assert f.shown and f.facts["again"] and not f.facts["straight_on"]
    assert f.text.startswith("B leads a trump again, ♥3;")
    assert "Dummy has two trumps and is short in spades, where the defenders hold the master (♠A)" in f.text


def test_the_next_round_straight_on_from_a_defenders_own_trump_lead_is_kept_quiet() -> None:
    # Elwell 1904 Hand 26: B "leads the ace and then a low trump" (tricks 3 and 4): one decision
    found = trump_leads("elwell-1904", 26)
    assert found[3].shown
    assert found[4].facts["straight_on"] and not found[4].shown


def waits(book: str, n: int) -> list[Finding]:
    return [f for f in book_findings(book, n, "through") if f.label == "THROUGH_WAIT"]


def test_the_partner_who_won_a_lead_through_waits_for_it_to_come_again() -> None:
    # Elwell 1904 Hand 28 trick 4: "B in turn must wait for A to lead through dummy's ♦K again"; B won
    # A's ♦10 with the ♦Q at trick 3, leads a heart, and A's ♦9 goes through dummy at trick 9
    (f,) = waits("elwell-1904", 28)
    assert f.shown and f.trick == 4 and f.all_tricks == (4, 9)
    assert f.text == (
        "B does not lead diamonds back up to dummy's ♦K 3 2: his ♦A still sits over dummy's ♦K, and by "
        "Elwell's rule he waits for A to lead through dummy again, as A does at trick 9."
    )


def test_the_wait_names_the_trick_where_the_lead_through_comes_again() -> None:
    # Elwell 1904 Hand 25 trick 3: A keeps ♥K 2 over the dealer's ♥Q; B leads a trump through at trick 4
    (f,) = waits("elwell-1904", 25)
    assert f.all_tricks == (3, 4) and f.facts["over"] == "♥K" and f.facts["kept"] == "♥Q"


def test_no_wait_when_the_partner_leads_the_suit_on_himself() -> None:
    # Elwell 1904 Hand 26: "B has no reason to wait for the trumps to be led through again": B won A's
    # trump lead with the ♥Q and leads the ♥A himself at trick 3
    assert waits("elwell-1904", 26) == []


def test_dummy_takes_the_ace_second_hand_from_a_doubleton_and_trumps_the_third_round() -> None:
    # Elwell 1902 Hand 6, trick 1: "The dealer plays the ace second in hand in order to trump his losing
    # diamond": dummy's ♦A 4 under A's ♦2, the ♦4 at trick 2, dummy's ♥5 on the dealer's ♦5 at trick 3
    (f,) = [f for f in book_findings("elwell-1902", 6, "cover") if f.label == "ACE_SECOND_TO_RUFF"]
    assert f.shown and f.trick == 1 and f.all_tricks == (1, 3)
    assert f.text == (
        "Dummy plays ♦A second hand on A's ♦2, from ♦A 4, and ♦4 on the next round: void of diamonds, dummy "
        "trumps the dealer's ♦5, lower than the defenders' ♦J 10 9, with ♥5 at trick 3."
    )
