"""Second-hand play and the fourchette (rules-reference §7 MOT-COVER): when there is no choice, or
the choice gains nothing, the note says so or says nothing.  Each test names the behaviour."""

from __future__ import annotations

from pathlib import Path

from replayer.teaching.annotate import DETECTORS
from replayer.teaching.context import Context
from replayer.teaching.findings import Finding
from tests.support.games import game_from_yaml

HANDS = Path(__file__).resolve().parent.parent / "hands"


def run(name: str, book: str, n: int) -> list[Finding]:
    game = game_from_yaml((HANDS / book / f"hand-{n}.yaml").read_text(encoding="utf-8"))
    return DETECTORS[name](Context(game))


def at(findings: list[Finding], trick: int) -> list[Finding]:
    return [f for f in findings if f.trick == trick]


def test_cover_with_the_last_card_of_the_suit_is_forced_and_not_praised() -> None:
    # Elwell 1904 Hand 29 trick 6: B's ♣K is his last club; Hand 14 trick 11 and Hand 37 trick 11:
    # A's ♠K is his last spade when the dealer leads toward dummy
    assert at(run("cover", "elwell-1904", 29), 6) == []
    assert at(run("cover", "elwell-1904", 14), 11) == []
    assert at(run("cover", "elwell-1904", 37), 11) == []
    assert at(run("cover", "elwell-1904", 18), 12) == []


def test_a_cover_that_only_loses_to_the_fourth_hand_says_it_gains_nothing() -> None:
    # Elwell 1904 Hand 37 trick 4: B covers dummy's ♣Q with the ♣K; Z's ♣A plays over it and A's
    # ♣4 3 2 gain nothing
    (f,) = at(run("cover", "elwell-1904", 37), 4)
    assert f.facts["gains_nothing"] == "true" and f.facts["over"] == "♣A"
    assert "gains nothing" in f.text and "Z's ♣A is still to play" in f.text
    assert "is covered by an honour" not in f.text


def test_a_cover_that_wins_the_trick_is_still_praised() -> None:
    # Elwell 1904 Hand 35 trick 6: the ♦A is gone, so B's ♦K over dummy's ♦Q wins
    (f,) = at(run("cover", "elwell-1904", 35), 6)
    assert f.label == "COVER_OK" and "gains_nothing" not in f.facts
    assert "is covered by an honour" in f.text


def test_the_cheapest_of_a_sequence_is_no_fourchette() -> None:
    # Elwell 1904 Hand 27 trick 8: dummy's ♠J over A's ♠10 is only the lowest of ♠A K Q J, with the
    # ♠8 below: no tenace round the card led
    assert at(run("fourchette", "elwell-1904", 27), 8) == []
