"""The reviewed teaching notes as a regression test (issue 14): on every book of the corpus — Foster's
five hands, Elwell 1902's twelve and Elwell 1904's forty (held out until their figure was taken,
docs/evaluation.md, and tuned on since) — every finding shown in a lesson has a review, no review is
stale, and what readers are shown is right at least 97 % of the time (the issue's bar); and the
recall over the 57 hands does not fall below the figure reached (docs/evaluation.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from replayer.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
BOOKS = ["foster-1904", "elwell-1902", "elwell-1904"]
#: the recall at the author's trick reached over the 57 hands (docs/evaluation.md): a floor, so that
#: a change that loses techniques the authors name is seen
RECALL_REACHED = 0.90  # 229 of 253 at the end of the second 2026-11-25 session (round 4)


@pytest.mark.parametrize("book", BOOKS)
def test_every_shown_note_of_each_book_is_reviewed_and_right(
    book: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    status = main(["annotate", "--evaluate", f"hands/{book}", "--json"])
    report = json.loads(capsys.readouterr().out)
    total = report["total"]
    assert status == 0
    assert total["unreviewed"] == 0, [f for f in report["findings"] if f.get("verdict") is None]
    assert [d for d in report["diagnostics"] if "stale" in json.dumps(d)] == []
    assert total["reviewed"] == total["shown"]
    assert total["precision"] >= 0.97, total


def test_the_recall_over_all_the_hands_does_not_fall(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    assert main(["annotate", "--evaluate", "hands", "--json"]) == 0
    total = json.loads(capsys.readouterr().out)["total"]
    assert total["labels"] == 253
    assert total["recall"] >= RECALL_REACHED, total
