"""Lead and second-hand notes judged by the lesson's author (issue 14): Elwell's long-weak-suit rule
with the leader's re-entries counted, his no-trump table's fourth-best, mid-hand leads and
continuations his rules do not give, a second-hand departure that is part of a hold-up, and dummy's
strongest suit ranked by its honours."""

from __future__ import annotations

from pathlib import Path

from replayer.rules.cards import Card
from replayer.teaching.annotate import annotate
from replayer.teaching.context import Author
from replayer.teaching.detectors.leads import _elwell_lead
from replayer.teaching.findings import Finding
from support.games import book_findings, game_from_yaml

HANDS = Path(__file__).parent.parent / "hands"


def at(found: list[Finding], trick: int) -> list[Finding]:
    return [f for f in found if f.trick == trick]


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


# Elwell 1904 Hand 20's no-trump deal, A's ♠ and ♥ changed per test: A opens ♣5 from ♣10 7 6 5 3.
WEAK = """
rules: bridge-whist
declaration: {{maker: Z, trump: no-trumps}}
deal:
  Y: ♠9854 ♣8 ♦J9754 {y}
  A: {a} ♣107653 ♦106
  B: ♠QJ7 ♣J94 ♦K83 ♥A954
  Z: {z} ♣AKQ2 ♦AQ2
play:
  columns: [A, Y, B, Z]
  tricks:
    - ♣5 ♣8 ♣J ♣A*
"""


def weak_lead(a: str, y: str, z: str, author: Author) -> Finding:
    game = game_from_yaml(WEAK.format(a=a, y=y, z=z))
    (f,) = at(annotate(game, ["lead"], author), 1)
    return f


def test_a_low_card_from_a_weak_suit_without_two_reentries_departs_from_elwells_rule() -> None:
    # Elwell 1904 Hand 20: ♣5 from ♣10 7 6 5 3, the ♠K the only high card outside: his rule gives ♣7
    (f,) = at(book_findings("elwell-1904", 20, "lead"), 1)
    assert f.label == "LEAD_DEVIATION" and f.shown
    assert "the second best, ♣7 (the top cards are not in sequence)" in f.text
    assert "outside the suit A holds no ace, king or queen but the ♠K" in f.text


def test_two_aces_or_kings_outside_make_the_low_card_elwells_too() -> None:
    f = weak_lead("♠A106 ♥K32", "♥Q106", "♠K32 ♥J87", Author.ELWELL)
    assert f.label == "LEAD_OK" and f.shown
    assert "(♠A ♥K)" in f.text and "Elwell too opens a low card" in f.text


def test_reentries_between_the_two_leave_elwells_rule_unjudged() -> None:
    # one king and one queen: more than one possible re-entry, fewer than two aces or kings
    f = weak_lead("♠K106 ♥Q32", "♥J106", "♠A32 ♥K87", Author.ELWELL)
    assert not f.shown


def test_fosters_lessons_keep_the_fourth_best_from_a_weak_suit() -> None:
    f = weak_lead("♠K106 ♥J32", "♥Q106", "♠A32 ♥K87", Author.FOSTER)
    assert f.label == "LEAD_OK" and f.shown and "Elwell" not in f.text


def test_elwells_no_trump_table_gives_the_fourth_best_from_other_combinations() -> None:
    assert _elwell_lead(cards("SK S9 S7 S4 S2"), nt=True) == Card.parse("S4")
    assert _elwell_lead(cards("SQ ST S8 S3"), nt=True) == Card.parse("S3")
    assert _elwell_lead(cards("SJ ST S9 S3"), nt=True) is None  # his table leads the jack
    assert _elwell_lead(cards("SK SQ S8 S3"), nt=True) is None  # a king row of his table
    assert _elwell_lead(cards("SA SJ S9 S5"), nt=True) is None  # an ace he would rather keep


def test_a_mid_hand_lead_only_fosters_table_gives_is_not_shown_in_elwells_lesson() -> None:
    # Elwell 1902 Hand 1, trick 6: B's ♥5 from ♥A J 9 5, after dummy is seen
    (f,) = at(book_findings("elwell-1902", 1, "lead"), 6)
    assert f.label == "LEAD_OK" and not f.shown


def test_a_continuation_only_fosters_table_gives_is_not_shown_in_elwells_lesson() -> None:
    # Elwell 1902 Hand 12, trick 2: A's ♦Q after the ♦K from ♦A K Q 4 at no-trumps
    (f,) = at(book_findings("elwell-1902", 12, "lead"), 2)
    assert f.label == "LEAD_OK" and not f.shown
    (g,) = at(book_findings("foster-1904", 3, "lead"), 2)  # in Foster's own lesson it is shown
    assert g.label == "LEAD_OK" and g.shown


def test_a_second_hand_card_kept_for_a_hold_up_is_no_departure_shown() -> None:
    # Elwell 1902 Hand 9, trick 1: dummy's ♥5 from ♥Q 5 while the dealer holds up the ♥K
    (f,) = [f for f in at(book_findings("elwell-1902", 9, "cover"), 1) if f.label.startswith("SECOND_HAND")]
    assert f.label == "SECOND_HAND_DEVIATION" and not f.shown
    (g,) = [f for f in at(book_findings("elwell-1902", 8, "cover"), 1) if f.label.startswith("SECOND_HAND")]
    assert g.label == "SECOND_HAND_OK" and g.shown


def test_dummys_strongest_suit_is_ranked_by_its_honours_not_its_length() -> None:
    # Elwell 1904 Hand 33, trick 7: ♣J 10 7 5 is longer than ♥K Q 5 but not stronger
    assert [f.label for f in at(book_findings("elwell-1904", 33, "through"), 7)] == []
