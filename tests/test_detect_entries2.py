"""Establishing and re-entries, round 4 of issue 14: masters by rank are no established suit, and a
re-entry names the trick where it was kept — each on the author's own hand."""

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


def labelled(name: str, ctx: Context, label: str) -> list[Finding]:
    return [f for f in DETECTORS[name](ctx) if f.label == label]


# --- ESTABLISHED: masters by rank whose adversary cards went on discards are not established


def test_dummys_club_masters_are_not_called_established_when_a_throws_his_clubs_away() -> None:
    # Elwell 1904 Hand 6: dummy's ♣K Q J are masters once B's ♣A falls at trick 2; A then throws
    # his ♣6 and ♣8 on diamonds: no long club is made, so no "loser at the start" is claimed
    ctx = hand("elwell-1904", 6)
    assert [f for f in labelled("establish", ctx, "ESTABLISHED") if f.facts["suit"] == "clubs"] == []
    assert labelled("establish", ctx, "LONG_CARD_WINS") == []


def test_a_suit_made_master_while_trumps_are_out_is_still_established_without_discards() -> None:
    # Elwell 1904 Hand 26: A's ♠A J 10 over dummy's ♠9 4 3, established once Z's trumps are gone;
    # no spade of the adversaries is thrown away, so the finding stays
    (f,) = [
        f for f in labelled("establish", hand("elwell-1904", 26), "ESTABLISHED") if f.seats[0].name == "W"
    ]
    assert f.trick == 4
    assert f.facts["suit"] == "spades"
