"""Issue 14, round 5 (fix15, fixB): the hold-up notes worded true by the cards — no defender's
NO_HOLD_UP when his win is the way in to his side's established suit, and the declarer's hold-up of
the master card in a suit stopped twice said with its hope counted at the next round."""

from __future__ import annotations

from functools import cache

from replayer.teaching.context import Author, Context
from replayer.teaching.detectors.holdups import hold_up
from replayer.teaching.findings import Finding
from support.games import ROOT, game_from_yaml


@cache
def _ctx(n: int) -> Context:
    path = ROOT / "hands" / "elwell-1904" / f"hand-{n}.yaml"
    return Context(game_from_yaml(path.read_text(encoding="utf-8"), path.name), Author.ELWELL)


def _at(n: int, label: str, trick: int) -> list[Finding]:
    return [f for f in hold_up(_ctx(n)) if f.label == label and f.trick == trick]


def test_no_refused_hold_up_when_the_win_is_the_entry_to_an_established_suit() -> None:
    # Elwell 1904 Hand 32 trick 4: A's ♣A takes the dealer's ♣K; A's ♥10 9 6 are established (the
    # declaring side has no hearts left), and A cashes them from trick 5 — the ♣A is his re-entry,
    # not a stopper he declined to hold up
    assert _at(32, "NO_HOLD_UP", 4) == []


def test_the_refused_hold_up_stands_where_the_defenders_hold_no_established_suit() -> None:
    # Hands 30, 36 and 40 trick 2: the defender's ace takes the dealer's long suit at once, and
    # neither defender holds a suit that wins on its next leads
    for n in (30, 36, 40):
        (f,) = _at(n, "NO_HOLD_UP", 2)
        assert f.facts["by"] == "defender"


def test_the_master_held_up_is_said_with_its_hope_counted_at_the_next_round() -> None:
    # Elwell 1904 Hand 35 trick 3: dummy keeps the ♥A under B's ♥Q, hoping B has but two hearts; B
    # holds ♥5 4, and after the ♥A takes the ♥5 at trick 4 he still has the ♥4
    (f,) = _at(35, "HOLD_UP", 3)
    assert "had B no heart left" not in f.text
    assert (
        "though the ♥A would have taken the trick: if the ♥A takes the next round instead and B has no "
        "heart left after it, he cannot lead the suit again. But B still holds ♥5 4: he leads the ♥5 at "
        "trick 4, and the ♥A must take it, leaving him the ♥4."
    ) in f.text
