"""Leads judged at the trick the author names (issue 14, round 4): the declaring side's first trump lead
to bring in a suit only a ruff can stop."""

from __future__ import annotations

from pathlib import Path

from replayer.lessons.model import book_author
from replayer.record.reader import load
from replayer.teaching.annotate import annotate
from replayer.teaching.findings import Finding
from support.games import book_findings, game_from_yaml

HANDS = Path(__file__).parent.parent / "hands"


def labelled(found: list[Finding], label: str) -> list[Finding]:
    return [f for f in found if f.label == label]


# --- the declarer's trump lead for an established suit


def test_the_dealer_leads_trumps_to_bring_in_dummys_established_spades() -> None:
    """Elwell 1904 Hand 27 trick 2: "The dealer after taking the force leads trumps in order to bring in
    the established spade suit" (dummy's ♠A K Q J 8 7 6 against A's ♠10 2 and B's ♠9)."""
    (f,) = labelled(book_findings("elwell-1904", 27, "trump-lead"), "TRUMP_LEAD_FOR_SUIT")
    assert f.trick == 2 and f.shown
    assert [str(c) for c in f.cards] == ["♥6"]
    assert "Dummy's ♠A K Q J 8 7 6 is established but for them" in f.text
    assert "B's ♠9 and A's ♠10 2, fall under its ♠A K" in f.text
    assert "B holds three trumps and A two" in f.text
    assert "Elwell's rule" in f.text


def test_only_the_first_trump_lead_of_the_declaring_side_is_noted() -> None:
    """Elwell 1904 Hand 3: the dealer's ♥A at trick 2 for dummy's clubs; his ♥K at trick 3 is the same
    plan going on, not a new decision."""
    found = labelled(book_findings("elwell-1904", 3, "trump-lead"), "TRUMP_LEAD_FOR_SUIT")
    assert [f.trick for f in found] == [2]
    assert "Dummy's ♣A Q J 8 6 3" in found[0].text


def test_no_note_when_an_adversary_has_as_many_trumps_as_either_hand() -> None:
    """Elwell 1904 Hand 7: A's four trumps match the dealer's four; they are forced out, not drawn
    (Elwell's note to trick 1), so dummy's trump lead at trick 4 gets no such note."""
    assert not labelled(book_findings("elwell-1904", 7, "trump-lead"), "TRUMP_LEAD_FOR_SUIT")


def test_the_suit_may_be_in_the_hand_that_does_not_lead() -> None:
    """Elwell 1904 Hand 8 trick 2: dummy leads the ♥A (no finesse) for the dealer's own ♠A K Q J 7 4 3,
    which only B's or A's ruff could stop."""
    (f,) = labelled(book_findings("elwell-1904", 8, "trump-lead"), "TRUMP_LEAD_FOR_SUIT")
    assert f.trick == 2 and f.text.startswith("Dummy leads a trump, ♥A")
    assert "The dealer's ♠A K Q J 7 4 3 is established but for them" in f.text
    assert "fall under its ♠A K Q J" in f.text


# --- no tenace, no waiting for the lead through


def test_no_tenace_over_dummy_so_b_does_not_wait_for_another_lead_through() -> None:
    """Elwell 1904 Hand 26 trick 3: "B has no reason to wait for the trumps to be led through again, as
    he does not hold a tenace over dummy" (B's ♥A 8 against dummy's ♥K J 9 5 after A's lead through)."""
    (f,) = labelled(book_findings("elwell-1904", 26, "through"), "THROUGH_NO_WAIT")
    assert (f.trick, f.tricks) == (3, (2, 3)) and f.shown
    assert [str(c) for c in f.cards] == ["♥A"]
    assert "his ♥A 8 is no tenace over dummy's ♥K J 9 5" in f.text
    assert "he holds nothing over the ♥J" in f.text


def test_a_partner_who_keeps_his_card_over_the_honour_is_not_told_he_need_not_wait() -> None:
    """Elwell 1904 Hand 25 trick 3: B keeps his ♥K protected and leads another suit (``THROUGH_WAIT``);
    no ``THROUGH_NO_WAIT`` there."""
    found = book_findings("elwell-1904", 25, "through")
    assert labelled(found, "THROUGH_WAIT")
    assert not labelled(found, "THROUGH_NO_WAIT")


# --- arranging the lead for a lead through


def test_b_returns_a_low_spade_to_keep_the_king_for_the_lead_through() -> None:
    """Elwell 1904 Hand 34 trick 2 ("Arranging the Lead"): B returns the ♠3, not the ♠K; the ♠K wins
    the fifth round at trick 5 and B leads the ♥Q through the dealer's ♥K 9 6 at trick 6."""
    (f,) = labelled(book_findings("elwell-1904", 34, "through"), "THROUGH_ARRANGED")
    assert (f.trick, f.tricks) == (2, (2, 5, 6)) and f.shown
    assert [str(c) for c in f.cards] == ["♠3", "♠K"]
    assert "B leads back A's spades with the ♠3, not the ♠K" in f.text
    assert "the ♠K wins trick 5" in f.text and "the ♥Q through the dealer's ♥K 9 6 at trick 6" in f.text


def test_the_declaring_side_arranging_its_own_entries_is_not_this_note() -> None:
    """Elwell 1902 Hand 10: the dealer's ♠6 and ♠9 get him back into his hand to lead diamonds through A,
    but one player plays both hands: there is no partner's suit to lead back (Elwell's note calls
    trick 7 a way to get the lead, found as a re-entry)."""
    found = book_findings("elwell-1902", 10, "through")
    assert labelled(found, "THROUGH_HONOUR")
    assert not labelled(found, "THROUGH_ARRANGED")


# --- not leading into dummy's tenace


def from_text(text: str, detector: str) -> list[Finding]:
    record, _ = load(text, "test.yaml")
    assert record is not None
    return annotate(game_from_yaml(text, "test.yaml"), [detector], book_author(record))


def test_a_does_not_lead_his_long_spades_into_dummys_double_tenace() -> None:
    """Elwell 1904 Hand 29 trick 3: "A cannot afford to lead spades, as Y holds a double major tenace
    over his hand" (dummy's ♠A Q 10 over A's ♠K J 8 5 4 3); A switches to the ♦J."""
    (f,) = labelled(book_findings("elwell-1904", 29, "through"), "TENACE_NOT_LED_INTO")
    assert f.trick == 3 and f.shown and [str(c) for c in f.cards] == ["♦J"]
    assert "not his long ♠K J 8 5 4 3: dummy's ♠A Q 10" in f.text
    assert "the ♠A and ♠Q either side of his ♠K and the ♠Q and ♠10 either side of his ♠J" in f.text


def test_no_tenace_note_when_the_card_below_his_jack_is_not_dummys() -> None:
    """The same deal with dummy's ♠10 and the dealer's ♠9 exchanged (and played in their place): dummy's
    ♠A Q 9 no longer surrounds A's ♠J, so no note."""
    text = (HANDS / "elwell-1904" / "hand-29.yaml").read_text(encoding="utf-8")
    for old, new in (
        ("Y: ♠AQ10 ", "Y: ♠AQ9 "),
        ("Z: ♠962 ", "Z: ♠1062 "),
        ("- ♠4 ♠10 ♦K* ♦5", "- ♠4 ♠9 ♦K* ♦5"),
        ("- ♠J ♣4 ♦8* ♠9", "- ♠J ♣4 ♦8* ♠10"),
    ):
        assert old in text
        text = text.replace(old, new)
    found = from_text(text, "through")
    assert not labelled(found, "TENACE_NOT_LED_INTO")


# --- a trump lead missed


def test_b_returns_his_partners_suit_into_a_ruff_when_a_trump_lead_was_safe() -> None:
    """Elwell 1904 Hand 2 trick 3: "B's best play is unquestionably the trump. He has both the spade and
    the club suit protected, his partner is marked with strength in diamonds"; B returns the ♦10 and the
    dealer ruffs it."""
    (f,) = labelled(book_findings("elwell-1904", 2, "trump-lead"), "TRUMP_LEAD_MISSED")
    assert f.trick == 3 and f.shown and [str(c) for c in f.cards] == ["♦10", "♥6"]
    assert "B's other suits are protected (♣Q 5 2 and ♠A 10 8 7)" in f.text
    assert "A's lead of the ♦K marks him with strength in diamonds" in f.text


def test_no_missed_trump_lead_when_one_of_his_suits_is_unprotected() -> None:
    """The same deal with B's ♠A and the dealer's ♠J exchanged (both discarded at trick 13): B's
    ♠J 10 8 7 is not protected, so the trump lead is no longer safe by Elwell's reasons; no note."""
    text = (HANDS / "elwell-1904" / "hand-2.yaml").read_text(encoding="utf-8")
    for old, new in (
        ("B: ♠A1087 ", "B: ♠J1087 "),
        ("Z: ♠J432 ", "Z: ♠A432 "),
        ("- ♥3 ♥Q* ♠A ♠J", "- ♥3 ♥Q* ♠J ♠A"),
    ):
        assert old in text
        text = text.replace(old, new)
    assert not labelled(from_text(text, "trump-lead"), "TRUMP_LEAD_MISSED")
