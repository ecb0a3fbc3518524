"""A defender's discards that empty a suit so that he can trump it later (rules-reference §7
MOT-DISCARD, DISCARD_VOID_RUFF).  Each test names the behaviour, on the corpus's hands."""

from __future__ import annotations

from pathlib import Path

from replayer.teaching.annotate import DETECTORS
from replayer.teaching.context import Context
from replayer.teaching.findings import Finding
from tests.support.games import game_from_yaml

HANDS = Path(__file__).resolve().parent.parent / "hands"


def run(book: str, n: int) -> list[Finding]:
    game = game_from_yaml((HANDS / book / f"hand-{n}.yaml").read_text(encoding="utf-8"))
    return DETECTORS["discard"](Context(game))


def labelled(findings: list[Finding], label: str) -> list[Finding]:
    return [f for f in findings if f.label == label]


def test_a_defender_who_throws_his_only_card_of_a_suit_and_then_trumps_it() -> None:
    # Elwell 1904 Hand 27: B throws his only spade (♠9) on A's ♣9 at trick 7 and trumps A's ♠10
    # with the ♥7 at trick 8, dummy's ♠J having been winning the trick
    found = run("elwell-1904", 27)
    (f,) = labelled(found, "DISCARD_VOID_RUFF")
    assert f.trick == 7 and f.all_tricks == (7, 8) and f.shown
    assert [str(c) for c in f.cards] == ["♠9"]
    assert "his only spade, the ♠9" in f.text and "with the ♥7 at trick 8" in f.text
    # the same discard is not noted twice (its plain DISCARD_NEUTRAL is replaced)
    assert [g.label for g in found if g.trick == 7 and g.seats == f.seats] == ["DISCARD_VOID_RUFF"]


def test_the_declarers_side_emptying_a_suit_is_not_a_defenders_discard_note() -> None:
    # Elwell 1904 Hand 5: dummy's ♣7 8 9 go on the dealer's winners and dummy trumps B's ♣K at
    # trick 8; this defence detector speaks of the defenders only (tests/test_detect_defence.py)
    assert labelled(run("elwell-1904", 5), "DISCARD_VOID_RUFF") == []
    assert labelled(run("elwell-1904", 3), "DISCARD_VOID_RUFF") == []


def test_no_void_ruff_note_when_the_suit_is_never_trumped_afterwards() -> None:
    # Elwell 1904 Hand 20: the discards there are followed by no ruff of their suit
    assert labelled(run("elwell-1904", 20), "DISCARD_VOID_RUFF") == []
