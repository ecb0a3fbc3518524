"""The lesson page: its model (book columns, winners, leaders, running totals, notes by trick) and a
golden file of one lesson's HTML.  Regenerate the golden file with UPDATE_GOLDEN=1 after a deliberate
change, and read the diff."""

from __future__ import annotations

import json
import os
import re
from html import unescape
from pathlib import Path

import pytest

from replayer.lessons.build import TEMPLATES
from replayer.lessons.html import Nav, make_environment, render_lesson
from replayer.lessons.model import Lesson, lesson_model
from replayer.validation.files import check_file

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"
FOSTER = ROOT / "hands" / "foster-1904"


def lesson(n: int) -> Lesson:
    checked = check_file(FOSTER / f"hand-{n}.yaml")
    assert checked.game is not None and checked.record is not None
    return lesson_model(checked.game, checked.record, checked.diagnostics)


def page(n: int, **nav: object) -> str:
    env = make_environment([str(TEMPLATES)])
    return render_lesson(env, lesson(n), Nav(root="../", index="../index.html", **nav), version="golden")  # type: ignore[arg-type]


def test_the_lesson_html_matches_its_golden_file() -> None:
    html = page(
        5,
        prev=("hand-4.html", "Hand No. 4: unblocking at no-trumps"),
        pdf="hand-5.pdf",
        source_path="hands/foster-1904/hand-5.yaml",
    )
    golden = GOLDEN / "foster-1904-hand-5.html"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(html, encoding="utf-8")
    assert html == golden.read_text(encoding="utf-8")


def test_the_table_follows_the_books_columns_and_marks_winner_and_leader() -> None:
    les = lesson(5)
    assert [h for h, _ in les.columns] == ["A", "Y", "B", "Z"]
    assert les.sides == ("A–B", "Y–Z")
    first = les.rows[0]
    assert [c.text for c in first.cells if c] == ["♥6", "♥7", "♥10", "♥3"]
    assert [c.led for c in first.cells if c] == [True, False, False, False]
    assert [c.won for c in first.cells if c] == [False, False, True, False]
    assert (first.leader, first.winner, first.totals) == ("A", "B", (1, 0))
    # Foster's totals for Hand 5: Y–Z 7, A–B 6 (rules-reference §2.6)
    assert les.rows[-1].totals == (6, 7)
    assert les.outcome == "Y–Z 7 tricks, A–B 6"


@pytest.mark.parametrize("n", range(1, 6))
def test_the_running_totals_add_up_trick_by_trick(n: int) -> None:
    les = lesson(n)
    previous = (0, 0)
    for row in les.rows:
        gained = (row.totals[0] - previous[0], row.totals[1] - previous[1])
        assert sorted(gained) == [0, 1]
        winner_side = 0 if row.winner in ("A", "B") else 1
        assert gained[winner_side] == 1
        previous = row.totals


def test_notes_sit_at_their_tricks_and_multi_trick_notes_are_cross_referenced() -> None:
    les = lesson(5)
    by_trick = {row.number: [les.notes[i] for i in row.notes] for row in les.rows}
    assert any("Eleven Rule" in n.text for n in by_trick[1])
    discards = next(n for n in les.notes if n.tricks == (4, 5, 9, 10))
    assert discards.trick_label == "Tricks 4, 5, 9 and 10"
    assert les.notes.index(discards) in les.rows[3].notes  # printed at trick 4
    assert all(les.notes.index(discards) in les.rows[t - 1].see_also for t in (5, 9, 10))
    general = [les.notes[i] for i in les.general_notes]
    assert [n.kind for n in general] == [
        "author",
        "derived",
    ]  # Foster's note on the make, then the books' rules
    assert general[1].technique == "The make" and "no-trumps" in general[1].text


def test_the_page_carries_the_citation_the_facts_and_the_score() -> None:
    html = page(5)
    assert "R. F. Foster, The Gist of Bridge (1904), Illustrative Hand No. 5, pp. 82–83" in html
    assert "No-trumps, made by Z (the dealer)" in html
    assert "“Y and Z win the odd trick and 30 aces.”" in html
    assert "the odd trick in no-trumps: 1 × 12 = 12 (below the line)" in html
    assert "A–B 0, Y–Z 8" in html


def test_editors_notes_are_set_apart() -> None:
    html = page(2)
    aside = unescape(html[html.index('<aside class="editor-notes"') : html.index("</aside>")])
    assert "simple honors" in aside  # the book error, as recorded
    assert "Checked by replayer: the book's result line disagrees with its cards" in aside


def test_the_stepper_data_matches_the_play() -> None:
    html = page(5)
    raw = re.search(r'<script type="application/json" id="hand-data">(.*?)</script>', html, re.S)
    assert raw is not None
    data = json.loads(raw.group(1))
    assert data["tricks"][0] == {
        "number": 1,
        "leader": "W",
        "plays": [["W", "H6"], ["N", "H7"], ["E", "H10"], ["S", "H3"]],
        "winner": "E",
    }
    assert data["result"] == {"NS": 7, "EW": 6}
    assert data["seats"]["S"] == {"letter": "Z", "word": "South", "role": "dealer"}
    assert sum(len(v) for v in data["deal"].values()) == 52
    ids = re.findall(r'<div class="note (?:author|derived)" id="((?:note|derived)-\d+)"', html)
    assert sorted(n["id"] for n in data["notes"]) == sorted(ids)


def test_a_card_in_the_table_reads_aloud_as_words() -> None:
    html = page(5)
    # the row carries the trick for the stepper (a click on a row moves it there, issue 15)
    start = html.index('<tr id="trick-1" data-trick="1">')
    row = html[start : html.index("</tr>", start)]
    assert "the ten of hearts" in row and ", wins" in row and " led" in row


def test_every_kind_of_hand_becomes_a_lesson(tmp_path: Path) -> None:
    """Auction and Contract hands, end positions, problems, a deal in ASCII, a printed revoke."""
    from replayer.lessons.build import BuildOptions, build_site

    fixtures = Path(__file__).resolve().parent / "fixtures" / "valid"
    out = tmp_path / "site"
    report = build_site([str(fixtures)], BuildOptions(out=out, pdf=False))
    assert report.invalid == [] and report.lessons == len(list(fixtures.glob("*.yaml")))
    problem = (out / "problem.html").read_text(encoding="utf-8")
    assert '<section class="problem"' in problem
    contract = (out / "contract.html").read_text(encoding="utf-8")
    assert "N–S" in contract and "E–W" in contract  # compass sides when the book names seats by compass
