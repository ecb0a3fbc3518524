"""``replayer analyse HAND``: double dummy on a hand's decision points (every legal card, what it
keeps or costs) and on its alternative lines (the verdict on the result each states), as text and
JSON; without the solver it says so and still lists them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import replayer.cli.analyse as analyse_cli
import replayer.lessons.branches as branches
from replayer.analysis import INSTALL_HINT
from replayer.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
HAND5 = str(ROOT / "hands" / "foster-1904" / "hand-5.yaml")
NO_DDS = f"{INSTALL_HINT} (no module named 'endplay')"


def test_analyse_prints_the_lines_verdict_and_every_card_at_the_decision_point(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["analyse", HAND5]) == 0
    out = capsys.readouterr().out
    assert "Decision points\n  Trick 1, B (East): A leads the ♥6" in out
    assert "    ♥10 (the book's card, the answer): Keeps 5 tricks for A–B, the most they can take." in out
    assert "    ♥A: Costs 2 tricks: A–B can take 5 with ♥10, and 3 with ♥A." in out
    assert "    ♥4: Costs 3 tricks" in out
    assert "  If B wins the first trick with the ♥A: trick 1, B's ♥A instead of the ♥10" in out
    assert "    The line's cards: Y–Z 10 tricks, A–B 3 (4 by cards to Y–Z)." in out
    assert "Confirmed: Y–Z make 4 by cards" in out
    assert "not available" not in out


def test_analyse_json_gives_the_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", HAND5, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["double_dummy"] is True and data["double_dummy_missing"] is None
    (q,) = data["questions"]
    assert (q["trick"], q["seat"], q["who"], q["book"], q["answer"]) == (1, "E", "B", "H10", "H10")
    assert {c["card"]: (c["tricks"], c["cost"]) for c in q["choices"]} == {
        "HA": (3, 2),
        "H10": (5, 0),
        "H4": (2, 3),
    }
    (line,) = data["lines"]
    assert (line["trick"], line["seat"], line["card"], line["complete"]) == (1, "E", "HA", True)
    assert line["verdict"] == "confirmed"
    assert line["double_dummy"].endswith("Confirmed: Y–Z make 4 by cards.")


def test_without_the_solver_analyse_says_so_and_lists_the_cards(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(analyse_cli, "dds_available", lambda: NO_DDS)
    monkeypatch.setattr(branches, "dds_available", lambda: NO_DDS)
    assert main(["analyse", HAND5]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Double dummy: not available ({NO_DDS}).")
    assert "    ♥A\n    ♥10 (the book's card, the answer)\n    ♥4\n" in out
    assert "The line's cards: Y–Z 10 tricks, A–B 3 (4 by cards to Y–Z)." in out
    assert "Confirmed" not in out
    assert main(["analyse", HAND5, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["double_dummy"] is False and data["double_dummy_missing"] == NO_DDS
    assert all(c["tricks"] is None and c["cost"] is None for c in data["questions"][0]["choices"])
    assert data["lines"][0]["verdict"] is None


def test_a_hand_without_questions_or_lines(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (ROOT / "hands" / "foster-1904" / "hand-5.yaml").read_text(encoding="utf-8")
    head, _, _ = text.partition("\nnotes:\n")
    path = tmp_path / "plain.yaml"
    path.write_text(head + "\n", encoding="utf-8")
    assert main(["analyse", str(path)]) == 0
    assert "This hand has no decision points and no alternative lines." in capsys.readouterr().out


def test_analyse_reports_an_invalid_hand(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("title: nothing\n", encoding="utf-8")
    assert main(["analyse", str(path)]) != 0
    assert capsys.readouterr().err
