"""A verdict holds for the words it was given on (issue 14): a review records the fingerprint of
the note's words it judged (``seen``), and when the detector says something else since, the finding
counts as unreviewed until a reader judges the new words — an old verdict never vouches for new
words.  Case: Foster's Hand 1 and its review, copied."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from replayer.cli.main import main
from replayer.teaching.evaluate import words_mark

ROOT = Path(__file__).resolve().parent.parent


def _evaluate(tmp_path: Path, review_text: str, capsys: pytest.CaptureFixture[str]) -> dict[str, int]:
    hands = tmp_path / "hands" / "foster-1904"
    reviews = tmp_path / "evaluation" / "foster-1904"
    hands.mkdir(parents=True)
    reviews.mkdir(parents=True)
    shutil.copy(ROOT / "hands" / "foster-1904" / "hand-1.yaml", hands / "hand-1.yaml")
    (reviews / "hand-1.yaml").write_text(review_text, encoding="utf-8")
    status = main(
        [
            "annotate",
            "--evaluate",
            str(tmp_path / "hands"),
            "--reviews",
            str(tmp_path / "evaluation"),
            "--json",
        ]
    )
    assert status == 0
    total: dict[str, int] = json.loads(capsys.readouterr().out)["total"]
    return total


def _review() -> str:
    """Foster's Hand 1 reviewed as the skeleton gives it, every verdict filled in as right."""
    from replayer.lessons.model import book_author
    from replayer.teaching.annotate import annotate
    from replayer.teaching.evaluate import review_skeleton
    from replayer.validation.files import check_file

    checked = check_file(ROOT / "hands" / "foster-1904" / "hand-1.yaml")
    assert checked.game is not None and checked.record is not None
    findings = annotate(checked.game, author=book_author(checked.record))
    skeleton = review_skeleton(checked.game, findings, "hand-1.yaml")
    return skeleton.replace("verdict: ~", "verdict: right").replace("    why: ~\n", "")


REVIEW = _review()


def test_a_review_of_the_current_words_counts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    total = _evaluate(tmp_path, REVIEW, capsys)
    assert total["unreviewed"] == 0
    assert total["reviewed"] == total["shown"] > 0


def test_a_verdict_on_other_words_counts_as_none(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = re.search(r"seen: (\w+)", REVIEW)
    assert first is not None
    changed = REVIEW.replace(first.group(0), f"seen: {words_mark('words the detector no longer says')}", 1)
    total = _evaluate(tmp_path, changed, capsys)
    assert total["unreviewed"] == 1
    assert total["reviewed"] == total["shown"] - 1


def test_the_fingerprint_ignores_blanks_and_line_breaks() -> None:
    assert words_mark("A leads  the ♣K,\nthen the ♣J.") == words_mark("A leads the ♣K, then the ♣J.")
    assert words_mark("A leads the ♣K.") != words_mark("A leads the ♣Q.")
