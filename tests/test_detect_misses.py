"""The last misses of the defence, hold-ups and keep-out (issue 14, items 2 and 3): each test runs
the detector on the hand itself and checks the finding the cards support, at the trick the author
names, or that no finding is made where its words would be false."""

from __future__ import annotations

from pathlib import Path

from replayer.teaching.context import Author, Context
from replayer.teaching.detectors.defence import return_lead, third_hand
from replayer.teaching.detectors.discards import discard
from replayer.teaching.detectors.keep_out import keep_out
from tests.support.games import game_from_yaml

ROOT = Path(__file__).resolve().parent.parent


def hand(book: str, n: int) -> Context:
    path = ROOT / "hands" / book / f"hand-{n}.yaml"
    author = Author.ELWELL if book.startswith("elwell") else Author.FOSTER
    return Context(game_from_yaml(path.read_text(encoding="utf-8"), path.name), author)


def test_a_finesse_that_loses_to_the_safe_defender_is_not_called_a_duck() -> None:
    # Elwell 1902 Hand 9 trick 8: the ♠J is led and dummy plays low hoping A holds the ♠K; B's ♠K
    # wins. Dummy played before B, so nothing was ducked: no KEEP_OUT_DUCK there
    assert [f for f in keep_out(hand("elwell-1902", 9)) if f.trick == 8] == []
    # a true duck stays: Elwell 1902 Hand 5 trick 4, dummy's ♣7 under the ♣A K lets B's ♣10 win
    (f,) = [f for f in keep_out(hand("elwell-1902", 5)) if f.trick == 4]
    assert f.label == "KEEP_OUT_DUCK"


def test_the_card_that_would_have_won_is_the_one_the_dangerous_hand_already_played() -> None:
    # Elwell 1904 Hand 34 trick 9: B has played the ♣9 before the dealer's ♣A; had the dealer
    # played low, that ♣9 would have won, not B's ♣10
    (f,) = [f for f in keep_out(hand("elwell-1904", 34)) if f.trick == 9]
    assert f.label == "KEEP_OUT_WIN"
    assert "B could have won with the ♣9" in f.text
    assert "♣10" not in f.text


def test_a_defender_discards_rather_than_trump_when_partner_holds_the_commanding_card() -> None:
    # Elwell 1904 Hand 2 trick 8: dummy leads the ♦5; B's ♥7 2 are below the dealer's ♥8, who
    # plays after him with no diamond, and A holds the commanding ♦J: B throws the ♠7
    (f,) = [f for f in discard(hand("elwell-1904", 2)) if f.trick == 8]
    assert f.label == "DISCARD_NOT_RUFF" and f.shown
    assert "his trumps (♥7 2) are below the dealer's ♥8" in f.text
    assert "A holds the commanding diamond, the ♦J" in f.text and "Elwell's rule" in f.text
    # trick 7: A's ♥K would win over dummy's trumps, so no overtrump: not this note
    assert [f.label for f in discard(hand("elwell-1904", 2)) if f.trick == 7] == ["DISCARD_NEUTRAL"]


def test_no_discard_rather_than_trump_note_in_a_foster_lesson() -> None:
    # the rule quoted is Elwell's: a Foster lesson never gets it
    for n in range(1, 6):
        assert all(f.label != "DISCARD_NOT_RUFF" for f in discard(hand("foster-1904", n)))


def test_third_hand_plays_the_lower_of_touching_honours_under_partners_higher_card() -> None:
    # Elwell 1904 Hand 34 trick 1: A leads the ♠7 from ♠A J 9 7 6; B's ♠K Q touch once A's ♠A,
    # his partner's, is set aside: B wins with the queen, the lower of the two
    (f,) = [f for f in third_hand(hand("elwell-1904", 34)) if f.trick == 1]
    assert f.label == "THIRD_HIGH_OK"
    assert "B puts ♠Q (from ♠K Q 5 4 3) on A's ♠7" in f.text
    assert f.facts["top"] == ["♠K", "♠Q"]


def test_a_return_after_showing_his_own_suit_names_both_tricks() -> None:
    # Elwell 1904 Hand 24: on lead after the ♣A, B first leads the ♠K of his own spades (trick 5),
    # which wins, and then returns A's diamonds with the ♦9 (trick 6)
    (f,) = [f for f in return_lead(hand("elwell-1904", 24)) if f.trick == 6]
    assert f.label == "RETURN_OK" and f.all_tricks == (5, 6)
    assert f.text.startswith("B first leads his own spades: the ♠K wins trick 5. Then B returns")
    # A's return at trick 8 follows his ♦A, not a first lead of his suit: one trick only
    (g,) = [f for f in return_lead(hand("elwell-1904", 24)) if f.trick == 8]
    assert g.all_tricks == (8,)
