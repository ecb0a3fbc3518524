"""Whose rule a lead note names: the author of the lesson's book, known from the hand's ``source``
(issue 14, item 5), and the lead detectors' findings on Elwell's 1904 hands."""

from __future__ import annotations

from pathlib import Path

import pytest

from replayer.lessons.model import book_author
from replayer.record.reader import load
from replayer.teaching.context import Author
from replayer.teaching.findings import Finding
from support.games import book_findings

HANDS = Path(__file__).parent.parent / "hands"


@pytest.mark.parametrize(
    ("written", "author"),
    [
        ("J. B. Elwell", Author.ELWELL),
        ("R. F. Foster", Author.FOSTER),
        ("Anonymous", Author.UNKNOWN),
        (None, Author.UNKNOWN),
    ],
)
def test_the_author_is_read_from_the_name_in_the_source(written: str | None, author: Author) -> None:
    assert Author.named(written) is author


@pytest.mark.parametrize(("book", "author"), [("foster-1904", Author.FOSTER), ("elwell-1904", Author.ELWELL)])
def test_a_hand_file_names_its_books_author(book: str, author: Author) -> None:
    path = HANDS / book / "hand-1.yaml"
    record, _ = load(path.read_text(encoding="utf-8"), str(path))
    assert record is not None
    assert book_author(record) is author


def at(found: list[Finding], trick: int) -> list[Finding]:
    return [f for f in found if f.trick == trick]


def test_a_lead_elwells_rule_also_gives_names_both_authors() -> None:
    # Elwell 1904 Hand 7: the ♦K from ♦A K Q 8 3 2, Elwell's king from ace king and Foster's table alike
    (f,) = at(book_findings("elwell-1904", 7, "lead"), 1)
    assert "Elwell's rule and Foster's table both lead the king" in f.text
    assert "book's" not in f.text and "goes on" not in f.text  # Elwell's continuation is only "usually"


def test_a_lead_only_fosters_table_gives_names_foster() -> None:
    # Elwell 1904 Hand 38: ♣2 from ♣A Q 3 2, a suit Elwell would rather not open
    (f,) = at(book_findings("elwell-1904", 38, "lead"), 1)
    assert "Foster's table leads the fourth-best" in f.text and "Elwell" not in f.text
    (g,) = at(book_findings("foster-1904", 1, "lead"), 1)
    assert "Foster's table leads the king" in g.text and "Elwell" not in g.text


def test_a_continuation_elwell_does_not_give_is_no_deviation_in_his_lesson() -> None:
    # Elwell 1904 Hand 4, trick 2: A's ♦3 after the ♦A; the original fourth-best is Foster's alone
    (f,) = at(book_findings("elwell-1904", 4, "lead"), 2)
    assert f.label == "LEAD_INFO" and not f.shown


def test_the_table_continues_only_straight_after_the_first_round() -> None:
    # Elwell 1904 Hand 26: A cashes ♠A J 10 at tricks 8-9 after the ♠Q fell at trick 1
    found = book_findings("elwell-1904", 26, "lead")
    assert not at(found, 8) and not at(found, 9)


def test_a_short_suit_first_led_in_mid_hand_is_not_a_table_lead() -> None:
    # Elwell 1904 Hand 26 trick 11 (♦A from ♦A Q), Hand 6 trick 2 (♣A from ♣A 5): cashing or switching
    assert not [f for f in at(book_findings("elwell-1904", 26, "lead"), 11) if f.shown]
    assert not [f for f in at(book_findings("elwell-1904", 6, "lead"), 2) if f.shown]


def test_a_trump_lead_cannot_stop_a_ruff_by_a_hand_with_more_trumps_than_the_defenders_can_draw() -> None:
    # Elwell 1904 Hand 26, tricks 2-3: dummy's five trumps outlast the defenders' (2 and 3); the dealer's don't
    for trick in (2, 3):
        (f,) = at(book_findings("elwell-1904", 26, "trump-lead"), trick)
        assert "the dealer cannot use to ruff" in f.text
        assert "dummy cannot use" not in f.text


def test_an_overtake_of_dummys_winning_card_is_no_false_card() -> None:
    # Elwell 1904 Hand 11, trick 1: Z's ♠A overtakes dummy's ♠J to keep dummy's ♠Q as an entry
    assert not [f for f in book_findings("elwell-1904", 11, "eleven") if f.label == "ELEVEN_FALSECARD"]
    (f,) = [f for f in book_findings("elwell-1904", 10, "eleven") if f.label == "ELEVEN_FALSECARD"]
    left = f.facts["left"]
    assert isinstance(left, int)
    assert (" is still in his hand" in f.text) == (left == 1)


def through_at(n: int, trick: int) -> list[str]:
    return [f.label for f in at(book_findings("elwell-1904", n, "through"), trick)]


@pytest.mark.parametrize(("n", "trick"), [(17, 1), (21, 1), (38, 1)])
def test_the_opening_lead_is_not_led_through_a_dummy_not_yet_seen(n: int, trick: int) -> None:
    assert through_at(n, trick) == []


@pytest.mark.parametrize(("n", "trick"), [(4, 13), (25, 12), (30, 12), (13, 12)])
def test_a_forced_lead_or_a_cashed_winner_chooses_no_position(n: int, trick: int) -> None:
    assert through_at(n, trick) == []


@pytest.mark.parametrize(
    ("n", "trick", "why"),
    [(7, 3, "a singleton"), (39, 2, "a singleton"), (38, 4, "partner's ♠Q asked"), (27, 8, "a ruff")],
)
def test_a_lead_made_for_another_reason_is_not_a_lead_through_strength(n: int, trick: int, why: str) -> None:
    assert through_at(n, trick) == [], why


def test_a_lead_up_to_weakness_with_cards_left_to_place_is_still_noted() -> None:
    # Elwell 1902 Hand 4, trick 10: B holds only clubs, ♣Q J 5 4, but where they sit still counts
    found = at(book_findings("elwell-1902", 4, "through"), 10)
    assert [f.label for f in found] == ["UP_TO_DUMMY_WEAKNESS"]
    # Elwell 1904 Hand 32, trick 8: B's small ♦2 discard asked for nothing
    assert through_at(32, 8) == ["THROUGH_DUMMY_STRENGTH"]


@pytest.mark.parametrize("n", [1, 2, 5, 24])
def test_opening_the_leaders_own_long_red_suit_is_not_the_passers_rule(n: int) -> None:
    assert "RED_UP_TO_PASSER" not in through_at(n, 1)


def test_the_passers_rule_is_named_as_fosters() -> None:
    (f,) = [
        f for f in at(book_findings("foster-1904", 1, "through"), 1) if f.label == "BLACK_WITH_HIGH_CARDS"
    ]
    assert "Foster allows it" in f.text and "book" not in f.text
