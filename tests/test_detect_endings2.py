"""The end of the hand, round 4: Elwell's forcing of discards before a suit is opened (the
``squeeze`` detector's DISCARDS_FORCED) and his throwing of the lead (the ``throw-in`` detector's
LEAD_THROWN).  Elwell's hands are hands/elwell-190N/hand-N.yaml."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from replayer.rules.seats import Seat
from replayer.teaching.context import Author, Context
from replayer.teaching.detectors.endings import squeeze, throw_in
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


def thrown(ctx: Context) -> list[Finding]:
    return [f for f in throw_in(ctx) if f.label == "LEAD_THROWN"]


def test_a_duck_that_gives_the_lead_to_the_adversary_who_then_opens_a_losing_suit() -> None:
    # Elwell 1902 Hand 8, trick 2: "Z tries to place the lead in A's hand so that the queen of
    # spades may be led up to."  The dealer plays low holding the ♣A; A's ♣10 wins, A leads spades.
    [f] = thrown(elwell(1902, 8))
    assert (f.trick, f.all_tricks) == (2, (2, 3, 4))
    assert f.facts == {
        "given_the_lead": "W",
        "kept": "♣A",
        "suit": "SPADES",
        "if_he_leads": 1,
        "if_they_lead": 0,
    }
    assert f.text.startswith(
        "The dealer keeps the ♣A and lets A win trick 2 with the ♣10: A is given the lead."
    )
    assert "the declaring side makes one trick in it if he opens it, none if it must." in f.text
    assert "He leads the ♠A at trick 3, and the dealer's ♠Q wins trick 4." in f.text


def test_a_duck_after_which_the_adversary_leads_safely_throws_no_lead() -> None:
    # Elwell 1902 Hand 4, trick 2: the dealer ducks a spade (dummy keeps the ♠A) and A wins, but
    # A goes on with his own hearts, which cost him nothing there.
    ctx = elwell(1902, 4)
    assert ctx.tricks[1].winner is Seat.W and str(ctx.led(2)) == "♥J"
    assert thrown(ctx) == []


def test_throwing_the_lead_is_elwells_rule_and_not_said_in_fosters_lessons() -> None:
    assert all(thrown(Context(foster(n), Author.FOSTER)) == [] for n in range(1, 6))
