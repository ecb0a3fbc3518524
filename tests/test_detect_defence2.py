"""The defence detectors judged on Elwell's hands (issue 14): discards judged from the end position,
returns and third-hand play by the lesson's author's rules, and unblocking by either side.

Each test runs a detector on a hand of the repository's corpus and names the behaviour it pins down.
"""

from __future__ import annotations

from pathlib import Path

from replayer.rules.cards import Card
from replayer.teaching.annotate import DETECTORS
from replayer.teaching.context import Author, Context
from replayer.teaching.findings import Finding
from tests.support.games import game_from_yaml

HANDS = Path(__file__).resolve().parent.parent / "hands"


def elwell(name: str, book: str, n: int) -> list[Finding]:
    game = game_from_yaml((HANDS / book / f"hand-{n}.yaml").read_text(encoding="utf-8"))
    return DETECTORS[name](Context(game, Author.ELWELL))


def shown_at(findings: list[Finding], trick: int) -> list[tuple[str, tuple[Card, ...]]]:
    return [(f.label, f.cards) for f in findings if f.trick == trick and f.shown]


def cards(*texts: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in texts)


# ---------------------------------------------------------------------------------------------
# Discards: "unguarding" is judged from the end position


def test_a_discard_whose_bare_honour_is_later_thrown_away_unguards_nothing() -> None:
    # Elwell 1904 Hand 29 trick 10: A throws ♠J from ♠K J under dummy's ♠A Q 10, and throws the ♠K
    # itself at trick 11: the guard could never have made the king
    assert ("DISCARD_UNGUARDS", cards("♠J")) not in shown_at(elwell("discard", "elwell-1904", 29), 10)
    # Hand 9 trick 8: A's ♥10 from ♥K 10; the ♥K is thrown on a club at trick 12
    assert ("DISCARD_UNGUARDS", cards("♥10")) not in shown_at(elwell("discard", "elwell-1904", 9), 8)


def test_a_suit_whose_last_card_wins_a_trick_cannot_spare_it() -> None:
    # Elwell 1904 Hand 20 trick 11: A keeps ♠K 10 and ♣10; the ♣10 wins trick 13, so throwing the
    # ♠10 instead is no mistake (and no "unguarding")
    assert [label for label, _ in shown_at(elwell("discard", "elwell-1904", 20), 11)] == [
        "DISCARD_KEEPS_WINNER"
    ]


def test_a_bare_honour_that_then_falls_in_its_suit_was_unguarded() -> None:
    # Elwell 1902 Hand 4 trick 8: A's ♦9 leaves ♦J alone, and it falls under B's ♦A at trick 9
    assert shown_at(elwell("discard", "elwell-1902", 4), 8) == [("DISCARD_UNGUARDS", cards("♦9"))]


# ---------------------------------------------------------------------------------------------
# Returns and third-hand play by the lesson's author's rules


def test_elwell_does_not_judge_a_return_the_declarer_can_ruff_by_his_no_trump_rule() -> None:
    # Elwell 1904 Hands 2 (trick 3) and 8 (trick 4): B's ♦10 back to A's diamonds, on a heart make,
    # where the dealer is void in diamonds and holds trumps: a force or a gift, not a "return"
    assert shown_at(elwell("return", "elwell-1904", 2), 3) == []
    assert shown_at(elwell("return", "elwell-1904", 8), 4) == []


def test_elwell_still_judges_a_return_on_a_trump_hand_nobody_can_ruff() -> None:
    # Elwell 1904 Hand 24 trick 6 (hearts trumps): B's ♦9 from ♦9 8, both declarer's hands hold diamonds
    assert shown_at(elwell("return", "elwell-1904", 24), 6) == [("RETURN_OK", cards("♦9"))]


def test_overtaking_partners_winning_honour_is_not_third_hand_high() -> None:
    # Elwell 1904 Hand 27 trick 5: A puts ♣K on B's ♣Q, which the dealer's ♣7 5 4 cannot beat:
    # A overtakes to stay on lead and cash his clubs
    assert shown_at(elwell("third-hand", "elwell-1904", 27), 5) == []
    # trick 4 is third hand high: B's ♣A beats dummy's ♣8
    assert shown_at(elwell("third-hand", "elwell-1904", 27), 4) == [("THIRD_HIGH_OK", cards("♣A"))]


# ---------------------------------------------------------------------------------------------
# Unblocking by the lesson's author's table


def test_an_elwell_lesson_judges_unblocking_by_elwells_table_not_fosters_rule() -> None:
    # Elwell 1902 Hand 1 trick 1: B's ♠5 from ♠10 7 5 on A's ♠K: Foster's second-highest rule would
    # call it a miss, but Elwell's table gives no card for three small ones
    assert shown_at(elwell("unblock", "elwell-1902", 1), 1) == []
    # Elwell 1904 Hand 38 trick 6: B's ♠J from ♠J 6 under dummy's ♠A, the higher of two on the ace
    (f,) = [f for f in elwell("unblock", "elwell-1904", 38) if f.trick == 6]
    assert (f.label, f.cards) == ("UNBLOCK_OK", cards("♠J"))
    assert "Elwell's table" in f.text and "second-highest" not in f.text


# ---------------------------------------------------------------------------------------------
# The declarer's side unblocking: the high cards of the shorter hand go first


def declarer_side(book: str, n: int) -> dict[int, Finding]:
    return {f.trick: f for f in elwell("unblock", book, n) if f.label == "UNBLOCK_DECLARER"}


def test_dummy_drops_its_high_clubs_under_the_dealers_winners() -> None:
    # Elwell 1904 Hand 15: dummy's ♣9 under the ♣A, the ♣10 under the ♣K, and the dealer's ♣8 7 3 2
    # run; one finding speaks of both tricks
    f = declarer_side("elwell-1904", 15)[2]
    assert (f.tricks, f.cards) == ((2, 3), cards("♣9", "♣10"))
    assert "the dealer's longer clubs (♣A K 8 7 3 2)" in f.text and "trick 4 with ♣8" in f.text


def test_a_lone_high_card_that_would_crash_with_the_longer_hands_ace_goes_first() -> None:
    # Elwell 1904 Hand 5 trick 2: dummy leads ♠K from ♠K 3 before the ♠3 to the dealer's ♠A Q 8 6
    assert declarer_side("elwell-1904", 5)[2].cards == cards("♠K")


def test_a_lone_high_card_led_from_the_short_hand_unblocks() -> None:
    # Elwell 1904 Hand 40 trick 7: the dealer cashes his lone ♣A before dummy's ♣K Q 4
    f = declarer_side("elwell-1904", 40)[7]
    assert (f.cards, "his only club" in f.text) == (cards("♣A"), True)


def test_a_high_card_thrown_from_the_short_hand_unblocks() -> None:
    # Elwell 1904 Hand 37: dummy leads ♣Q, then throws ♣10 and ♣J on the dealer's diamonds
    assert declarer_side("elwell-1904", 37)[4].tricks == (4, 5, 6)


def test_no_unblocking_where_nothing_was_in_the_way() -> None:
    # Elwell 1904 Hand 12 trick 1: dummy's lone ♥A must win the trick: no choice
    assert 1 not in declarer_side("elwell-1904", 12)
    # Hand 13: dummy's ♣9 8 6 led towards the dealer's ♣A Q J 5 2 block nothing
    assert declarer_side("elwell-1904", 13) == {}
    # Hand 2 trick 6: the dealer ruffs with ♥9 from ♥9 8; dummy's ♥Q J 10 5 are all higher
    assert 6 not in declarer_side("elwell-1904", 2)


def test_a_discard_that_gives_up_the_length_guarding_an_honour_is_a_deviation() -> None:
    # Elwell 1902 Hand 4 trick 6 ("The diamond discard loses a trick"): A's ♦2 from ♦J 9 7 2 against
    # the dealer's ♦K Q 10 8; the dealer's ♦10 wins trick 13
    (f,) = [f for f in elwell("discard", "elwell-1902", 4) if f.trick == 6 and f.shown]
    assert (f.label, f.shown) == ("DISCARD_GUARD_DEVIATION", True)
    assert "the dealer's ♦10 later wins trick 13" in f.text and "♥K 8" in f.text
    # Elwell 1902 Hand 9 trick 7: B's ♠5 from ♠K 9 5, but the ♠K wins trick 8 all the same
    assert shown_at(elwell("discard", "elwell-1902", 9), 7) == []


def test_keeping_a_card_that_wins_rather_than_a_guard_is_noted() -> None:
    # Elwell 1904 Hand 20 trick 11: A keeps the ♣10, which wins the last trick, and throws ♠10
    (f,) = [f for f in elwell("discard", "elwell-1904", 20) if f.trick == 11 and f.shown]
    assert (f.label, f.cards) == ("DISCARD_KEEPS_WINNER", cards("♠10"))
    assert "♣10 wins trick 13" in f.text
