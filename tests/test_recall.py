"""Accuracy, measured: every technique Foster's notes name is found by the detectors at the trick he
names it (rules-reference §7.x, the fixture matrix: recall must be 100 %), and the matrix's negative
fixtures stay silent."""

from __future__ import annotations

import pytest

from replayer.teaching.annotate import annotate
from replayer.teaching.make import make_note
from support.games import foster

# (hand, tricks the note may sit at, detector, label or None for any shown label), from §7.x
MATRIX: list[tuple[int, tuple[int, ...], str, str | None]] = [
    (1, (1,), "lead", "LEAD_OK"),
    (1, (2,), "lead", "LEAD_OK"),
    (1, (1, 2), "echo", "ECHO_DOWN_AND_OUT"),
    (1, (3,), "discard", "DISCARD_BEST_PROTECTED"),
    (1, (5, 6), "draw-trumps", "DRAW_TRUMPS"),
    (1, (7, 8, 9, 10), "establish", None),
    (2, (1,), "lead", "LEAD_OK"),
    (2, (2,), "lead", "LEAD_OK"),
    (2, (1, 2), "echo", "NO_ECHO_OK"),
    (2, (3,), "through", "THROUGH_DUMMY_STRENGTH"),
    (2, (8,), "trump-lead", None),
    (2, (9,), "draw-trumps", "RUFF_BEFORE_DRAWING"),
    (3, (1,), "bath-coup", "BATH_COUP"),
    (3, (2,), "lead", "LEAD_OK"),
    (3, (6, 7), "finesse", "FINESSE"),
    (4, (1,), "lead", "LEAD_OK"),
    (4, (1,), "unblock", "UNBLOCK_OK"),
    (4, tuple(range(2, 14)), "establish", None),
    (4, tuple(range(2, 14)), "re-entry", None),
    (5, (1,), "lead", "LEAD_OK"),
    (5, (1,), "fourchette", "FOURCHETTE"),
    (5, (1,), "eleven", "ELEVEN_APPLIED"),
    (5, (4, 5, 6, 7, 8, 9, 10), "discard", None),
    (5, (5, 9, 11), "re-entry", None),
    (5, (5, 9, 11), "finesse", "FINESSE"),
]

# (hand, trick, detector, labels that must not appear there), from §7.x and §7's negative fixtures
SILENT: list[tuple[int, int, str, set[str]]] = [
    (1, 4, "finesse", {"FINESSE"}),
    (5, 1, "finesse", {"FINESSE"}),
    (5, 1, "third-hand", {"THIRD_FINESSE_CONTRARY"}),
    (3, 6, "cover", {"COVER_MISSED"}),
    (4, 11, "unblock", {"UNBLOCK_OK", "UNBLOCK_MISSED"}),
    (5, 2, "unblock", {"UNBLOCK_OK", "UNBLOCK_MISSED"}),
    (4, 6, "discard", {"DISCARD_BEST_PROTECTED", "DISCARD_CONTINUES", "DISCARD_UNGUARDS"}),
    (3, 12, "discard", {"DISCARD_BEST_PROTECTED", "DISCARD_CONTINUES", "DISCARD_UNGUARDS"}),
    (1, 10, "discard", {"DISCARD_UNGUARDS"}),
]


def found(hand: int, tricks: tuple[int, ...], detector: str, label: str | None) -> bool:
    return any(
        f.motif == detector
        and f.shown
        and (label is None or f.label == label)
        and set(f.all_tricks) & set(tricks)
        for f in annotate(foster(hand))
    )


def test_recall_of_the_techniques_fosters_notes_name_is_complete() -> None:
    missed = [row for row in MATRIX if not found(*row)]
    recall = 1 - len(missed) / len(MATRIX)
    assert not missed, f"recall {recall:.0%}; missed: " + "; ".join(
        f"hand {h} trick(s) {t} {d} {ln or ''}" for h, t, d, ln in missed
    )


@pytest.mark.parametrize("hand, trick, detector, labels", SILENT)
def test_the_negative_fixtures_stay_silent(hand: int, trick: int, detector: str, labels: set[str]) -> None:
    noisy = [
        f
        for f in annotate(foster(hand), [detector])
        if f.label in labels and trick in f.all_tricks and f.shown
    ]
    assert not noisy, noisy


@pytest.mark.parametrize("hand", range(1, 6))
def test_every_make_is_noted(hand: int) -> None:
    note = make_note(foster(hand))
    assert note is not None and note.agrees


@pytest.mark.parametrize("hand", range(1, 6))
def test_every_shown_finding_has_words_and_a_trick_of_the_hand(hand: int) -> None:
    game = foster(hand)
    numbers = {t.number for t in game.tricks}
    for f in annotate(game):
        assert f.text.strip() and set(f.all_tricks) <= numbers, f
