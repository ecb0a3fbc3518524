"""The end of the hand, round 4: Elwell's forcing of discards before a suit is opened (the
``squeeze`` detector's DISCARDS_FORCED).  Elwell's hands are hands/elwell-190N/hand-N.yaml."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from replayer.teaching.context import Author, Context
from replayer.teaching.detectors.endings import squeeze
from replayer.teaching.findings import Finding
from tests.support.games import foster, game_from_yaml

HANDS = Path(__file__).resolve().parent.parent / "hands"


@cache
def elwell(year: int, n: int) -> Context:
    text = (HANDS / f"elwell-{year}" / f"hand-{n}.yaml").read_text(encoding="utf-8")
    return Context(game_from_yaml(text), Author.ELWELL)


def forced(ctx: Context) -> list[Finding]:
    return [f for f in squeeze(ctx) if f.label == "DISCARDS_FORCED"]


def test_the_last_trump_and_a_master_diamond_force_discards_before_the_six_card_spades() -> None:
    # Elwell 1902 Hand 6, tricks 7-8: "Holding but six spades in the two hands, the dealer tries to
    # force discards of spades" (the ♥J), then "Forcing another discard with the best diamond".
    [f] = forced(elwell(1902, 6))
    assert (f.trick, f.all_tricks) == (7, (7, 8, 9))
    assert f.facts == {
        "suit": "SPADES",
        "run": [7, 8],
        "discards": [[7, "W", "♣6"], [7, "E", "♣10"], [8, "E", "♠2"]],
    }
    assert f.text.startswith(
        "Before opening spades, the declaring side wins tricks 7 and 8 on its own leads (♥J ♦Q)"
    )
    assert "at trick 7, A the ♣6 and B the ♣10; at trick 8, B the ♠2." in f.text
    assert f.text.endswith("The dealer opens spades at trick 9 with the ♠K.")


def test_running_a_long_suit_before_leading_up_to_a_tenace_forces_discards() -> None:
    # Elwell 1902 Hand 9, trick 4: "Z leads the club suit in order to force discards, and arranges
    # the lead so that his tenace in spades may be led up to."  Trumps drawn are no forcing run.
    [f] = forced(elwell(1902, 9))
    assert (f.trick, f.all_tricks) == (4, (4, 5, 6, 7, 8))
    assert "wins tricks 4 to 7 on its own leads (♣A J 8 2)" in f.text
    assert "at trick 6, A the ♠4; at trick 7, A the ♦5 and B the ♠5." in f.text
    assert "Elwell's rule" in f.text


def test_drawing_trumps_the_adversaries_still_hold_is_not_forcing_discards() -> None:
    # Hand 6's run of tricks won on its own leads starts at trick 2, but tricks 4-6 draw A's and B's
    # trumps: the run that forces discards is 7-8 only.
    [f] = forced(elwell(1902, 6))
    assert 6 not in f.all_tricks


def test_a_suit_of_five_cards_with_no_tenace_is_not_one_elwell_forces_discards_for() -> None:
    # Elwell 1904 Hand 23: B discards diamonds on dummy's spades before dummy opens them, but the two
    # hands hold five diamonds (♦10 7, ♦K 8 5) and dummy's ♦7 is led up to no tenace.
    assert forced(elwell(1904, 23)) == []


def test_forcing_discards_is_elwells_rule_and_not_said_in_fosters_lessons() -> None:
    assert all(forced(Context(foster(n), Author.FOSTER)) == [] for n in range(1, 6))
