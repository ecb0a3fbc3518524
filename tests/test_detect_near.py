"""Findings named at the author's trick (issue 14, near misses): the re-entry names the earlier
trick where the partner gave up a higher card of the entry's suit under another's winner, so that
the entry was left above every card of its suit — on Elwell's own hands."""

from __future__ import annotations

from pathlib import Path

from replayer.teaching.annotate import DETECTORS
from replayer.teaching.context import Context
from replayer.teaching.findings import Finding
from tests.support.games import game_from_yaml

ROOT = Path(__file__).resolve().parent.parent


def elwell(year: int, n: int) -> Context:
    path = ROOT / "hands" / f"elwell-{year}" / f"hand-{n}.yaml"
    return Context(game_from_yaml(path.read_text(encoding="utf-8"), path.name))


def found(name: str, ctx: Context, label: str, trick: int) -> list[Finding]:
    return [f for f in DETECTORS[name](ctx) if f.label == label and f.trick == trick]


def test_reentry_names_the_trick_where_the_partner_played_his_higher_card_under_the_winner() -> None:
    # Elwell 1904 Hand 4: "Z plays his ♦K under A's ♦A: the ♦Q is then the best diamond left"
    (f,) = found("re-entry", elwell(1904, 4), "REENTRY", 2)
    assert f.tricks == (1, 2, 3)
    assert "made that way in at trick 1: he played his ♦K under A's ♦A, keeping the ♦2" in f.text


def test_a_low_card_given_up_under_the_partners_winner_makes_a_small_entry() -> None:
    # Elwell 1904 Hand 13: the dealer's ♥6 under dummy's ♥K keeps the ♥2 to reach dummy's ♥5
    (f,) = found("re-entry", elwell(1904, 13), "REENTRY", 6)
    assert f.tricks[0] == 4
    assert "he played his ♥6 under dummy's ♥K, keeping the ♥2" in f.text


def test_a_higher_card_cashed_as_a_winner_is_not_named_as_making_the_entry() -> None:
    # Elwell 1904 Hand 1: dummy's ♦A wins trick 1; the dealer's ♦K is a way in later, but the ace
    # was cashed, not given up
    (f,) = found("re-entry", elwell(1904, 1), "REENTRY", 10)
    assert 1 not in f.tricks
    assert "made that way in" not in f.text
    # Hand 20: the dealer's ♥K wins trick 6; the ♥Q's re-entry at trick 9 does not claim it
    (g,) = found("re-entry", elwell(1904, 20), "REENTRY", 9)
    assert "made that way in" not in g.text


def test_the_unblock_names_the_earlier_trick_where_the_lowest_card_was_kept() -> None:
    # Elwell 1904 Hand 38: "B plays the ♠10 and keeps his small spade, the ♠6; at trick 8 it falls
    # under A's ♠7" (trick 4), then the ♠J under dummy's ♠A (trick 6)
    (f,) = found("unblock", elwell(1904, 38), "UNBLOCK_OK", 6)
    assert f.tricks == (4, 6)
    assert "trick 4 B had played the ♠10, keeping his lowest spade, the ♠6" in f.text
    assert "under A's ♠7 at trick 8" in f.text


def test_an_unblock_with_no_earlier_card_above_the_lowest_names_its_own_trick_only() -> None:
    # Elwell 1904 Hand 5: the declarer's unblock at trick 2 speaks of no earlier trick
    (f,) = found("unblock", elwell(1904, 5), "UNBLOCK_DECLARER", 2)
    assert f.tricks in ((), (2,))


def test_reentry_names_the_leads_that_drew_the_last_card_above_the_entry() -> None:
    # Elwell 1904 Hand 35: B "leads his ♥Q from ♥Q 5 4, throwing it away to make the ♥K a
    # possible re-entry for A"; the ♥5 at trick 4 draws dummy's ♥A
    (f,) = found("re-entry", elwell(1904, 35), "REENTRY", 7)
    assert f.tricks == (3, 4, 7, 8)
    assert "cleared at tricks 3 and 4: B's leads of the ♥Q and ♥5 drew dummy's ♥A" in f.text
    # Hand 20: the dealer's ♥K and ♥8 draw B's ♥A, and the ♥Q is dummy's way in at trick 9
    (g,) = found("re-entry", elwell(1904, 20), "REENTRY", 9)
    assert {6, 7} <= set(g.tricks)
    assert "the dealer's leads of the ♥K and ♥8 drew B's ♥A, the last heart above the ♥Q" in g.text
