"""``replayer annotate --evaluate PATH``: recall of the techniques the authors' notes name, precision
of the findings by their reviews (docs/evaluation.md).

Each test makes small hands and reviews in ``tmp_path``: Foster's Hand 1 (from the repository) with
notes labelled for the test, and review files built from the findings the engine makes on it now,
so that a later change to a detector changes the inputs, not what the tests check.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

import replayer.teaching.evaluate as evaluate_module
from replayer.cli.main import main
from replayer.record.reader import load
from replayer.rules.game import Game
from replayer.rules.seats import Letter
from replayer.teaching.annotate import annotate
from replayer.teaching.evaluate import HandEvidence, Label, Review, Verdict, evaluate, key_of, label_of
from replayer.teaching.findings import Finding
from replayer.validation.validate import validate

ROOT = Path(__file__).resolve().parent.parent
BASE = (ROOT / "hands" / "foster-1904" / "hand-1.yaml").read_text(encoding="utf-8").split("\nnotes:")[
    0
] + "\n"


def _game() -> Game:
    record, _ = load(BASE, "hand.yaml")
    assert record is not None
    game, _ = validate(record)
    assert game is not None
    return game


GAME = _game()
FINDINGS = annotate(GAME)
SHOWN = [f for f in FINDINGS if f.shown]
HIDDEN = [f for f in FINDINGS if not f.shown]
DEALER = GAME.dealer


def _hand(tmp_path: Path, notes: list[dict[str, Any]], name: str = "book/hand-1.yaml") -> Path:
    path = tmp_path / "hands" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(BASE + yaml.safe_dump({"notes": notes}, allow_unicode=True), encoding="utf-8")
    return path


def _entry(f: Finding, verdict: str | None = "right", why: str | None = None) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "trick": f.trick,
        "detector": f.motif,
        "label": label_of(f),
        "seat": Letter.of(f.seats[0], DEALER).name if f.seats else None,
        "cards": [str(c) for c in f.cards],
        "verdict": verdict,
    }
    if why is not None:
        entry["why"] = why
    return entry


def _review(tmp_path: Path, entries: list[dict[str, Any]] | str, name: str = "book/hand-1.yaml") -> Path:
    path = tmp_path / "evaluation" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    text = entries if isinstance(entries, str) else yaml.safe_dump({"findings": entries}, allow_unicode=True)
    path.write_text(text, encoding="utf-8")
    return path


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any], str]:
    status = main(["annotate", *args, "--json"])
    out, err = capsys.readouterr()
    return status, json.loads(out) if out else {}, err


def _detector_tricks(detector: str) -> set[int]:
    return {t for f in SHOWN if f.motif == detector for t in f.all_tricks}


# ---------------------------------------------------------------------------------------------
# Recall


def test_a_label_is_found_at_the_trick_a_shown_finding_of_its_detector_speaks_of(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = next(f for f in SHOWN if f.motif == "lead")
    _hand(tmp_path, [{"trick": f.trick, "text": "The lead.", "techniques": ["lead"]}])
    status, got, err = _run(capsys, "--evaluate", str(tmp_path / "hands"))
    assert status == 0, err
    (label,) = got["labels"]
    assert (label["technique"], label["status"], label["found_at"]) == ("lead", "at", f.trick)
    assert got["total"]["recall"] == 1.0 and got["by_detector"]["lead"]["at_trick"] == 1
    assert label["where"].startswith(str(tmp_path / "hands" / "book" / "hand-1.yaml") + ":")


def test_a_label_found_a_trick_or_two_away_counts_only_within_two(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    detector, trick = next(
        (f.motif, t + 1)
        for f in SHOWN
        for t in f.all_tricks
        if t + 1 <= 13
        and t + 1 not in _detector_tricks(f.motif)
        and f.motif in ("establish", "lead", "re-entry")
    )
    _hand(tmp_path, [{"trick": trick, "text": "Late.", "techniques": [detector]}])
    status, got, _ = _run(capsys, "--evaluate", str(tmp_path / "hands"))
    (label,) = got["labels"]
    assert label["status"] == "near" and abs(label["found_at"] - trick) == 1
    assert got["total"]["recall"] == 0.0 and got["total"]["recall_within_two"] == 1.0
    assert status == 0


def test_a_technique_its_detector_does_not_find_is_missed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    silent = next(
        d for d in ("bath-coup", "fourchette", "hold-up", "finesse", "cover") if not _detector_tricks(d)
    )
    _hand(tmp_path, [{"trick": 3, "text": "Not here.", "techniques": [silent]}])
    status, got, _ = _run(capsys, "--evaluate", str(tmp_path / "hands"))
    (label,) = got["labels"]
    assert (label["status"], label["found_at"], label["detector"]) == ("missed", None, silent)
    assert got["total"]["recall"] == 0.0 and status == 0


def test_a_technique_with_no_detector_counts_as_a_miss_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # every technique of the vocabulary has a detector now: take the squeeze's away for the test
    vocabulary = dict(evaluate_module.VOCABULARY)
    vocabulary["squeeze"] = dataclasses.replace(vocabulary["squeeze"], detector=None)
    monkeypatch.setattr(evaluate_module, "VOCABULARY", vocabulary)
    f = next(f for f in SHOWN if f.motif == "lead")
    _hand(tmp_path, [{"trick": f.trick, "text": "Lead, then a squeeze.", "techniques": ["lead", "squeeze"]}])
    status, got, _ = _run(capsys, "--evaluate", str(tmp_path / "hands"))
    assert [(x["technique"], x["status"], x["detector"]) for x in got["labels"]] == [
        ("lead", "at", "lead"),
        ("squeeze", "no-detector", None),
    ]
    assert got["total"]["labels"] == 2 and got["total"]["recall"] == 0.5 and got["total"]["no_detector"] == 1
    assert got["by_detector"]["(no detector)"]["labels"] == 1
    assert main(["annotate", "--evaluate", str(tmp_path / "hands")]) == 0
    text = capsys.readouterr().out
    assert "squeeze at trick" in text and "no detector finds this technique yet (counted as a miss)" in text
    assert status == 0


# ---------------------------------------------------------------------------------------------
# Precision


def test_reviews_match_their_findings_and_give_the_precision(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _hand(tmp_path, [])
    _review(tmp_path, [_entry(SHOWN[0]), _entry(SHOWN[1], "wrong", "the cards say otherwise")])
    status, got, err = _run(capsys, "--evaluate", str(tmp_path / "hands"))
    assert status == 0 and "review-stale" not in err
    total = got["total"]
    assert (total["reviewed"], total["right"], total["wrong"], total["precision"]) == (2, 1, 1, 0.5)
    assert total["shown"] == len(SHOWN) and total["unreviewed"] == len(SHOWN) - 2
    assert total["hidden"] == len(HIDDEN)
    verdicts = [(x["trick"], x["detector"], x["verdict"]) for x in got["findings"] if x["verdict"]]
    assert verdicts == [(SHOWN[0].trick, SHOWN[0].motif, "right"), (SHOWN[1].trick, SHOWN[1].motif, "wrong")]


def test_a_finding_with_no_review_is_listed_as_unreviewed_not_counted_right(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _hand(tmp_path, [])
    _review(tmp_path, [_entry(f) for f in SHOWN[1:]])
    assert main(["annotate", "--evaluate", str(tmp_path / "hands")]) == 0
    out = capsys.readouterr().out
    assert "Unreviewed findings (1; not counted as right):" in out
    f = SHOWN[0]
    assert f"book/hand-1.yaml: trick {f.trick} · {f.motif} · {label_of(f)}" in out
    assert f"precision 100.0 % ({len(SHOWN) - 1} of {len(SHOWN) - 1} reviewed right)" in out


def test_a_review_that_matches_no_finding_is_reported_stale_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _hand(tmp_path, [])
    gone = _entry(SHOWN[0]) | {"trick": 13, "label": "NO_SUCH_LABEL"}
    hidden = _entry(HIDDEN[0])
    path = _review(tmp_path, [_entry(SHOWN[0]), gone, hidden])
    status, got, err = _run(capsys, "--evaluate", str(tmp_path / "hands"))
    stale = [d for d in got["diagnostics"] if d["code"] == "review-stale"]
    assert len(stale) == 2 and all(d["severity"] == "warning" for d in stale)
    assert f"{path}:" in err and "NO_SUCH_LABEL at trick 13" in err
    assert any("hidden" in d["message"] for d in stale)
    assert got["total"]["reviewed"] == 1 and status == 0


def test_a_review_is_matched_by_its_finding_not_by_the_words() -> None:
    f = SHOWN[0]
    reworded = dataclasses.replace(f, text="Entirely new words.")
    moved = dataclasses.replace(f, cards=tuple(reversed(f.cards)) if len(f.cards) > 1 else ())
    review = Review(key_of(f), Verdict.WRONG, "because")
    ev = evaluate([HandEvidence("h.yaml", "book", (reworded,), (), (review,))])
    assert ev.total().wrong == 1 and not ev.stale
    ev = evaluate([HandEvidence("h.yaml", "book", (moved,), (), (review,))])
    assert ev.total().reviewed == 0 and len(ev.stale) == 1


def test_two_findings_with_one_key_take_the_reviews_with_that_key_in_order() -> None:
    f = SHOWN[0]
    reviews = (Review(key_of(f), Verdict.RIGHT), Review(key_of(f), Verdict.WORDS, "the wrong card named"))
    ev = evaluate([HandEvidence("h.yaml", "book", (f, f), (Label("lead", (f.trick,)),), reviews)])
    assert [o.verdict for o in ev.findings] == [Verdict.RIGHT, Verdict.WORDS]
    assert ev.total().precision == 0.5 and ev.total().words == 1


def test_a_verdict_left_empty_counts_as_unreviewed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _hand(tmp_path, [])
    _review(tmp_path, [_entry(SHOWN[0], None)])
    status, got, err = _run(capsys, "--evaluate", str(tmp_path / "hands"))
    assert status == 0 and got["total"]["reviewed"] == 0 and "review-stale" not in err


# ---------------------------------------------------------------------------------------------
# The skeleton, the groups, the thresholds


def test_the_skeleton_lists_every_shown_finding_with_its_words_and_fills_in_to_a_full_review(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = _hand(tmp_path, [])
    assert main(["annotate", str(hand), "--review-skeleton"]) == 0
    skeleton = capsys.readouterr().out
    data = yaml.safe_load(skeleton)
    assert len(data["findings"]) == len(SHOWN)
    assert all(e["verdict"] is None and e["why"] is None for e in data["findings"])
    first_words = SHOWN[0].text.split()[:4]
    assert "  # " + " ".join(first_words) in skeleton
    _review(tmp_path, skeleton.replace("verdict: ~", "verdict: right"))
    status, got, err = _run(capsys, "--evaluate", str(tmp_path / "hands"))
    assert status == 0 and not err
    assert (got["total"]["reviewed"], got["total"]["precision"], got["total"]["unreviewed"]) == (
        len(SHOWN),
        1.0,
        0,
    )


def test_figures_are_given_per_book_and_the_reviews_folder_may_be_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = next(f for f in SHOWN if f.motif == "lead")
    _hand(tmp_path, [{"trick": f.trick, "text": "x", "techniques": ["lead"]}], "one/hand-1.yaml")
    _hand(tmp_path, [{"trick": f.trick, "text": "x", "techniques": ["squeeze"]}], "two/hand-1.yaml")
    elsewhere = tmp_path / "mine"
    (elsewhere / "two").mkdir(parents=True)
    (elsewhere / "two" / "hand-1.yaml").write_text(yaml.safe_dump({"findings": [_entry(SHOWN[0])]}), "utf-8")
    status, got, _ = _run(capsys, "--evaluate", str(tmp_path / "hands"), "--reviews", str(elsewhere))
    assert status == 0 and got["hands"] == 2 and got["reviewed_hands"] == 1
    assert got["by_book"]["one"]["recall"] == 1.0 and got["by_book"]["two"]["recall"] == 0.0
    assert got["by_book"]["two"]["reviewed"] == 1 and got["by_book"]["one"]["reviewed"] == 0
    status, got, _ = _run(capsys, "--evaluate", str(tmp_path / "hands" / "one"))
    assert got["hands"] == 1 and list(got["by_book"]) == ["one"]


def test_the_thresholds_make_the_exit_status(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = next(f for f in SHOWN if f.motif == "lead")
    _hand(tmp_path, [{"trick": f.trick, "text": "x", "techniques": ["lead", "squeeze"]}])
    _review(tmp_path, [_entry(SHOWN[0]), _entry(SHOWN[1], "misleading", "teaches the wrong thing")])
    hands = str(tmp_path / "hands")
    assert _run(capsys, "--evaluate", hands, "--min-precision", "50", "--min-recall", "50")[0] == 0
    status, _, err = _run(capsys, "--evaluate", hands, "--min-precision", "97")
    assert status == 1 and "precision 50.0 % is below --min-precision 97 %" in err
    status, _, err = _run(capsys, "--evaluate", hands, "--min-recall", "85")
    assert status == 1 and "recall 50.0 % at the author's trick is below --min-recall 85 %" in err


def test_no_review_at_all_fails_a_precision_threshold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _hand(tmp_path, [])
    status, got, _ = _run(capsys, "--evaluate", str(tmp_path / "hands"), "--min-precision", "1")
    assert status == 1 and got["total"]["precision"] is None


# ---------------------------------------------------------------------------------------------
# Bad input: located diagnostics, never a traceback


@pytest.mark.parametrize(
    ("text", "code", "line"),
    [
        ("findings: [\n", "yaml-syntax", 2),
        ("findings:\n  - {trick: 1, detector: lead, label: LEAD_OK, verdict: great}\n", "bad-value", 2),
        (
            "findings:\n  - trick: 1\n    detector: lead\n    label: LEAD_OK\n    verdict: wrong\n",
            "missing-key",
            5,
        ),
        ("findings:\n  - {trick: 1, detector: leed, label: LEAD_OK, verdict: right}\n", "bad-value", 2),
        (
            "findings:\n  - {trick: 1, detector: lead, label: LEAD_OK, cards: [♣X], verdict: right}\n",
            "bad-value",
            2,
        ),
        ("findings:\n  - {trick: 14, detector: lead, label: LEAD_OK, verdict: right}\n", "out-of-range", 2),
        (
            "findings:\n  - {trick: 1, detector: lead, label: LEAD_OK, seat: Q, verdict: right}\n",
            "bad-seat",
            2,
        ),
        ("findings:\n  - {trick: 1, detector: lead, verdict: right}\n", "missing-key", 2),
        ("findings:\n  - {trick: 1, detector: lead, label: X, verdict: right, note: x}\n", "unknown-key", 2),
        ("findings: {trick: 1}\n", "wrong-type", 1),
        ("reviews: []\n", "unknown-key", 1),
        ("", "empty-file", 1),
    ],
)
def test_a_bad_review_file_is_reported_at_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, code: str, line: int
) -> None:
    _hand(tmp_path, [])
    path = _review(tmp_path, text)
    status, got, err = _run(capsys, "--evaluate", str(tmp_path / "hands"))
    errors = [d for d in got["diagnostics"] if d["severity"] == "error"]
    assert status == 1 and "Traceback" not in err
    assert [(d["code"], d["line"]) for d in errors][:1] == [(code, line)], errors
    assert f"{path}:{line}:" in err


def test_a_review_file_that_is_not_utf8_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _hand(tmp_path, [])
    path = _review(tmp_path, "x")
    path.write_bytes(b"findings: [\xff]\n")
    status, got, _ = _run(capsys, "--evaluate", str(tmp_path / "hands"))
    assert status == 1 and [d["code"] for d in got["diagnostics"]] == ["encoding"]


def test_an_invalid_hand_is_reported_and_left_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _hand(tmp_path, [])
    bad = tmp_path / "hands" / "book" / "hand-2.yaml"
    bad.write_text(BASE.replace("rules: bridge-whist", "rules: boston"), encoding="utf-8")
    status, got, err = _run(capsys, "--evaluate", str(tmp_path / "hands"))
    assert status == 1 and got["hands"] == 1 and "unknown-rules" in err


def test_an_unknown_technique_in_a_hand_is_reported_at_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _hand(tmp_path, [{"trick": 1, "text": "x", "techniques": ["squeze"]}])
    status, _, err = _run(capsys, "--evaluate", str(tmp_path / "hands"))
    assert status == 1 and "unknown-technique" in err and "did you mean squeeze" in err


@pytest.mark.parametrize(
    "args",
    [["annotate"], ["annotate", "hands/foster-1904/hand-1.yaml", "--evaluate", "hands"]],
)
def test_annotate_takes_a_hand_or_evaluate_but_not_both(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    assert "annotate takes a HAND, or --evaluate PATH" in capsys.readouterr().err


def test_evaluating_a_path_with_no_hands_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["annotate", "--evaluate", str(tmp_path / "nothing")]) == 2
    assert "no such file or folder" in capsys.readouterr().err
