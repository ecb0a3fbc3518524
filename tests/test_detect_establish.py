"""Establishing a long suit (issue 14, items 2 and 3): the finding names the tricks in which the
suit was led to set it up; a defender's suit set up and never run, because he never gets the lead,
is shown and says so; a declarer's clubs that never win are not said to win; a lone card made
master by the one adversary card above it winning the trick is no established suit."""

from __future__ import annotations

from pathlib import Path

from replayer.teaching.annotate import DETECTORS
from replayer.teaching.context import Context
from replayer.teaching.findings import Finding
from tests.support.games import game_from_yaml

ROOT = Path(__file__).resolve().parent.parent


def hand(book: str, n: int) -> Context:
    path = ROOT / "hands" / book / f"hand-{n}.yaml"
    return Context(game_from_yaml(path.read_text(encoding="utf-8"), path.name))


def established(ctx: Context, trick: int) -> list[Finding]:
    return [f for f in DETECTORS["establish"](ctx) if f.label == "ESTABLISHED" and f.trick == trick]


def test_the_finding_names_the_tricks_the_side_led_the_suit_in() -> None:
    # Elwell 1902 Hand 11: the dealer leads spades at tricks 2 and 3 to set them up
    (f,) = [f for f in established(hand("elwell-1902", 11), 3) if f.shown]
    assert f.facts["suit"] == "spades"
    assert f.all_tricks == (2, 3)


def test_a_defenders_suit_set_up_and_never_run_is_shown_and_says_so() -> None:
    # Elwell 1902 Hand 5: A's third heart sets up the ♥10 5; the dealer never lets him in
    (f,) = established(hand("elwell-1902", 5), 3)
    assert f.shown and f.seats[0].name == "W"
    assert f.all_tricks == (1, 2, 3)
    assert "with the lead A would make the ♥10 5" in f.text
    assert "A never wins a trick while he still holds the ♥10 5" in f.text


def test_the_partner_in_without_the_suit_cannot_bring_it_in() -> None:
    # Elwell 1902 Hand 9: B wins the ♠K at trick 9 but has no heart to lead to A
    (f,) = [f for f in established(hand("elwell-1902", 9), 3) if f.seats[0].name == "W"]
    assert f.shown
    assert "when B wins one he has no heart to lead" in f.text


def test_a_declarers_clubs_that_never_win_are_not_said_to_win() -> None:
    # Elwell 1904 Hand 30: Z throws the ♣J 9 7 on the adversaries' winners
    (f,) = established(hand("elwell-1904", 30), 2)
    assert "♣J 9 7 win too" not in f.text
    assert "would then win too" in f.text
    assert "so they never take a trick" in f.text
    assert f.facts["never_made"] == ["♣J", "♣9", "♣7"]


def test_a_declarers_suit_whose_owner_wins_again_keeps_its_words() -> None:
    # Elwell 1904 Hand 33: the dealer's spades are set up and run
    (f,) = established(hand("elwell-1904", 33), 3)
    assert f.shown and "never" not in f.text


def test_a_lone_card_promoted_by_the_fall_of_the_one_card_above_it_is_no_established_suit() -> None:
    # Elwell 1904 Hand 37 trick 11: A's ♠K wins, leaving dummy's ♠Q master
    assert established(hand("elwell-1904", 37), 11) == []
    # while a lone small card left good by length still is (Elwell 1904 Hand 12: dummy's ♦7)
    (f,) = established(hand("elwell-1904", 12), 4)
    assert f.shown
