"""The stepper's JSON for the quiz and the alternative lines (lessons/stepper_data.py): Foster's Hand 5
has a decision point at trick 1 for B with its legal cards and double dummy on each, and the ♥A line;
built without double dummy, the same question carries no double-dummy words."""

from __future__ import annotations

import json
import re
import shutil
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from replayer.lessons.model import lesson_model
from replayer.validation.files import check_file

ROOT = Path(__file__).resolve().parent.parent
HAND_5 = ROOT / "hands" / "foster-1904" / "hand-5.yaml"


@cache
def _stepper(double_dummy: bool) -> dict[str, Any]:
    checked = check_file(HAND_5)
    assert checked.game is not None and checked.record is not None
    lesson = lesson_model(checked.game, checked.record, checked.diagnostics, double_dummy=double_dummy)
    # the page carries it as JSON: what the browser reads
    return dict(json.loads(json.dumps(lesson.stepper, ensure_ascii=False)))


def test_hand_5_asks_b_at_trick_1_with_the_legal_cards() -> None:
    data = _stepper(True)
    (q,) = data["questions"]
    assert (q["trick"], q["seat"], q["who"], q["index"]) == (1, "E", "B", 2)
    # the question is asked just before B's card: two cards of trick 1 played, the third is B's
    assert data["tricks"][0]["plays"][q["index"]] == ["E", "H10"]
    assert q["legal"] == ["HA", "H10", "H4"]
    assert q["book"] == "H10" and q["answer"] == "H10"
    assert q["ask"].endswith("What should B play?")
    # the note that answers it is a note of the page (the stepper clones it by its id)
    assert q["note_id"] in {n["id"] for n in data["notes"]}
    assert [c["code"] for c in q["choices"]] == q["legal"]


def test_hand_5_weighs_every_legal_card_double_dummy() -> None:
    (q,) = _stepper(True)["questions"]
    choice = {c["code"]: c for c in q["choices"]}
    assert choice["H10"]["cost"] == 0 and choice["H10"]["words"].startswith("Keeps 5 tricks")
    assert choice["HA"]["cost"] == 2 and choice["HA"]["words"].startswith("Costs 2 tricks")
    assert "Best play after it" in choice["HA"]["words"]
    assert choice["H4"]["cost"] == 3
    assert all(isinstance(c["tricks"], int) for c in q["choices"])


def test_hand_5_has_the_ace_line_with_its_cards() -> None:
    data = _stepper(True)
    (line,) = data["lines"]
    assert (line["trick"], line["start"], line["seat"], line["card"]) == (1, 2, "E", "HA")
    assert line["title"] == "If B wins the first trick with the ♥A"
    assert line["tricks"][0]["plays"] == [["W", "H6"], ["N", "H7"], ["E", "HA"], ["S", "H3"]]
    assert line["tricks"][0]["winner"] == "E"
    assert len(line["tricks"]) == 13 and line["complete"] is True
    assert line["note_id"] in {n["id"] for n in data["notes"]}
    assert "4 by cards" in line["result"]
    assert line["verdict"] == "confirmed" and line["dd"].startswith("Double dummy:")


def test_without_double_dummy_the_question_has_no_double_dummy_words() -> None:
    (q,) = _stepper(False)["questions"]
    assert q["legal"] == ["HA", "H10", "H4"] and q["book"] == "H10"
    assert [(c["tricks"], c["cost"], c["words"]) for c in q["choices"]] == [(None, None, "")] * 3
    (line,) = _stepper(False)["lines"]
    assert line["dd"] == "" and line["verdict"] is None
    assert line["tricks"][0]["plays"][2] == ["E", "HA"]  # the line's cards are there all the same


def test_a_build_without_endplay_writes_questions_without_double_dummy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The build is told there is no solver the way it finds out (``analysis.dds_available``)."""
    import replayer.analysis
    from replayer.lessons.build import BuildOptions, build_site

    monkeypatch.setattr(replayer.analysis, "dds_available", lambda: "pip install replayer[dds]")
    hands = tmp_path / "hands" / "foster-1904"
    hands.mkdir(parents=True)
    shutil.copy(HAND_5, hands / "hand-5.yaml")
    out = tmp_path / "site"
    report = build_site([str(tmp_path / "hands")], BuildOptions(out=out, pdf=False))
    assert report.invalid == [] and report.lessons == 1
    (page,) = out.rglob("hand-5.html")
    raw = re.search(r'<script type="application/json" id="hand-data">(.*?)</script>', page.read_text(), re.S)
    assert raw is not None
    data = json.loads(raw.group(1))
    (q,) = data["questions"]
    assert q["legal"] == ["HA", "H10", "H4"]
    assert all(c["words"] == "" and c["cost"] is None for c in q["choices"])
    assert data["dd"] == []  # and the rest of the double-dummy layer is absent too
    with_dd = _stepper(True)["questions"][0]["choices"]
    assert any(c["words"] for c in with_dd)  # the same question with the solver: words
