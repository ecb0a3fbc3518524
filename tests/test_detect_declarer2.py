"""The declarer's side and trumps, round 4: ruffing to take the lead, a defender's low trump made
by a ruff, and the defenders giving up a force that comes too late (the ``draw-trumps`` and
``force`` detectors).  Elwell's hands are hands/elwell-190N/hand-N.yaml."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from replayer.teaching.annotate import DETECTORS
from replayer.teaching.context import Author, Context
from replayer.teaching.findings import Finding
from tests.support.games import game_from_yaml

HANDS = Path(__file__).resolve().parent.parent / "hands"


@cache
def elwell(year: int, n: int) -> Context:
    text = (HANDS / f"elwell-{year}" / f"hand-{n}.yaml").read_text(encoding="utf-8")
    return Context(game_from_yaml(text), Author.ELWELL)


def labelled(ctx: Context, detector: str, label: str) -> list[Finding]:
    return [f for f in DETECTORS[detector](ctx) if f.label == label]


def test_dummy_ruffing_a_trick_its_partner_would_win_to_lead_trumps_toward_the_tenace() -> None:
    # Elwell 1902 Hand 7, trick 1: dummy trumps A's ♥10 with the ♦6 though Z's ♥Q would win, and
    # leads the ♦7 at trick 2 toward Z's ♦A Q J 10.
    [f] = labelled(elwell(1902, 7), "draw-trumps", "RUFF_FOR_LEAD")
    assert f.trick == 1 and f.all_tricks == (1, 2)
    assert f.facts == {"ruffed": "♥10", "with": "♦6", "partner_card": "♥Q", "led_next": "♦7"}
    assert "though the dealer's ♥Q, played after it, would have won the trick" in f.text
    assert "puts the lead in dummy," in f.text
    assert "toward the dealer's ♦A Q J 10, so that B plays before the A Q" in f.text


def test_a_ruff_that_is_no_lead_into_a_tenace_is_not_a_ruff_for_the_lead() -> None:
    # Elwell 1904 Hand 27, trick 1: the dealer ruffs A's ♦K, but dummy had no diamond to win with.
    assert labelled(elwell(1904, 27), "draw-trumps", "RUFF_FOR_LEAD") == []


def test_a_defenders_trump_below_all_the_declarers_makes_a_trick_by_ruffing() -> None:
    # Elwell 1904 Hand 27, trick 8: A leads the ♠10, dummy's ♠J is over it, and B ruffs with the ♥7,
    # lower than each of the dealer's ♥Q 10 8 ("A gives B the opportunity to make his losing trump").
    [f] = labelled(elwell(1904, 27), "draw-trumps", "LOW_TRUMP_RUFF")
    assert f.trick == 8
    assert f.facts == {"ruffed": "♠10", "with": "♥7", "higher": ["♥Q", "♥10", "♥8"]}
    assert "The dealer holds the ♥Q 10 8, every one higher than B's ♥7" in f.text


def test_a_ruff_of_a_trick_the_defenders_were_winning_is_no_low_trump_made() -> None:
    # Elwell 1904 Hand 27, trick 1: the dealer's ruff is the declarer's; no defender ruffs elsewhere.
    assert [f.trick for f in labelled(elwell(1904, 27), "draw-trumps", "LOW_TRUMP_RUFF")] == [8]


def test_the_defender_who_stops_forcing_against_an_established_suit_cashes_his_winners() -> None:
    # Elwell 1904 Hand 27, trick 4: "It is too late to force when the adversary holds an established
    # suit against you" — A leads clubs, not diamonds; A and B win tricks 4 to 7.
    [f] = labelled(elwell(1904, 27), "force", "FORCE_GIVEN_UP")
    assert f.trick == 4 and f.all_tricks == (4, 5, 6, 7)
    assert f.facts["forced_at"] == 1 and f.facts["forcing_suit"] == "diamonds"
    assert f.facts["trumps"] == ["♥Q", "♥10", "♥8"] and f.facts["established"] == "spades"
    assert "dummy's spades, ♠A K Q J 8 7 6, are established over B's ♠9 and A's ♠10 2" in f.text
    assert "A leads the ♣2 instead, and his side wins tricks 4 to 7 in clubs." in f.text
    assert "Elwell's rule: \"It is too late to force" in f.text


def test_a_force_given_up_is_named_once_at_the_first_lead_after_the_force() -> None:
    assert [f.trick for f in DETECTORS["force"](elwell(1904, 27)) if f.label == "FORCE_GIVEN_UP"] == [4]


def test_no_force_given_up_without_an_earlier_force() -> None:
    # Elwell 1904 Hand 22 is at no-trumps, Hand 8's dealer ruffs in his own long trump hand only at
    # trick 4 and the defenders lead no other suit after it.
    assert labelled(elwell(1904, 22), "force", "FORCE_GIVEN_UP") == []
    assert labelled(elwell(1904, 8), "force", "FORCE_GIVEN_UP") == []
