"""Trumps as the declarer plays them: the cross-ruff, and a master trump left out then given up
(the ``draw-trumps`` detector, which finds the technique ``ruff`` too).  Elwell's hands are
hands/elwell-1904/hand-N.yaml; Foster's hands/foster-1904/hand-N.yaml."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from replayer.teaching.annotate import DETECTORS
from replayer.teaching.context import Context
from replayer.teaching.findings import Finding
from replayer.teaching.techniques import VOCABULARY
from tests.support.games import context, game_from_yaml

HANDS = Path(__file__).resolve().parent.parent / "hands"


@cache
def elwell_1904(n: int) -> Context:
    return Context(game_from_yaml((HANDS / "elwell-1904" / f"hand-{n}.yaml").read_text(encoding="utf-8")))


def labelled(ctx: Context, label: str) -> list[Finding]:
    return [f for f in DETECTORS["draw-trumps"](ctx) if f.label == label]


def test_the_ruff_is_looked_for_by_the_trumps_detector() -> None:
    assert VOCABULARY["ruff"].detector == "draw-trumps"


def test_dealer_and_dummy_ruffing_in_turn_is_a_cross_ruff() -> None:
    # Elwell 1904 Hand 2: dummy leads its only club at trick 2; from trick 5 to 8 the dealer and dummy
    # lead clubs and diamonds for each other to ruff.
    [f] = labelled(elwell_1904(2), "CROSS_RUFF")
    assert f.trick == 5 and f.all_tricks == (2, 5, 6, 7, 8)
    assert f.facts["ruffs"] == {"Y": ["♣4", "♣9"], "Z": ["♦3", "♦5"]}
    assert f.facts["voided_at"] == [2]
    assert "dummy ruffs the ♣4 and ♣9 (tricks 5 and 7)" in f.text
    assert "the dealer ruffs the ♦3 and ♦5 (tricks 6 and 8)" in f.text
    assert "leading its last club, the ♣7" in f.text


def test_ruffs_in_one_hand_only_are_no_cross_ruff() -> None:
    # Elwell 1904 Hand 39: dummy alone ruffs the dealer's diamonds (tricks 3 and 5); Foster's Hand 2:
    # the dealer ruffs at trick 9 and dummy at trick 10, two ruffs in turn and no more.
    assert labelled(elwell_1904(39), "CROSS_RUFF") == []
    assert labelled(context(2), "CROSS_RUFF") == []


def test_a_master_trump_left_out_then_led_to_is_not_said_to_be_kept_out() -> None:
    # Elwell 1904 Hand 1: B keeps the ♥J after tricks 2-4; the dealer leads a trump to it at trick 8.
    f = next(f for f in labelled(elwell_1904(1), "DRAW_TRUMPS") if f.trick == 2)
    assert "rather than give up the lead" not in f.text
    assert "leaves it out for now, and gives up the lead to it only at trick 8, leading a trump" in f.text


def test_a_master_trump_never_led_to_is_left_out_rather_than_give_up_the_lead() -> None:
    # Foster's Hand 3: B keeps the ♥J to the end of the trump leads; nobody leads a trump to it.
    f = next(f for f in labelled(context(3), "DRAW_TRUMPS") if f.trick == 3)
    assert "leaves it out rather than give up the lead to it" in f.text
