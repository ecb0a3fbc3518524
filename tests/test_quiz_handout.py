"""The quiz handout (issue 16, item 5): a PDF per book of its decision points, each drawn as the player
sees it — his hand, dummy once it is down, the tricks so far — and never the hands he cannot see (the
cards those seats still hold are absent from the question's text); the answers at the end with each
question's book card; numbered pages, tagged, in English; rebuilt only when it changes, removed when
its book has no question left; linked from the lessons that ask a question."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from test_lesson_pdf import FOSTER, words

from replayer.lessons.build import MANIFEST, BuildOptions, build_site
from replayer.lessons.handout import card_text
from replayer.lessons.model import lesson_model
from replayer.rules.seats import Seat
from replayer.validation.files import check_file

SUITS = "♠♥♦♣"
#: a suit symbol and the ranks after it on the same line: '♠ A K 6' (a hand) or '♥10' (a card played)
HOLDING = re.compile(r"([♠♥♦♣])[ \t]*((?:(?:10|[AKQJ2-9])(?=[ \t\n.,;:?)]|$)[ \t]?)+)")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    hands = tmp_path_factory.mktemp("hands")
    shutil.copytree(FOSTER, hands / "foster-1904")
    out = tmp_path_factory.mktemp("site")
    report = build_site([str(hands)], BuildOptions(out=out, pdf=True))
    assert report.invalid == [] and report.pdfs == 5
    return out


def questions() -> list[tuple[int, Seat, frozenset[str], frozenset[str], str]]:
    """Foster's decision points, in the book's order, from the engine: (trick, chooser, the cards he
    and dummy (once down) hold then, the cards the hidden seats hold then, the book's card)."""
    found = []
    for n in range(1, 6):
        checked = check_file(FOSTER / f"hand-{n}.yaml")
        assert checked.game is not None and checked.record is not None
        game = checked.game
        lesson = lesson_model(game, checked.record, checked.diagnostics, {}, double_dummy=False)
        for q in lesson.questions:
            seat = Seat[q.chooser]  # the declarer, for a question on dummy's card
            state = game.state_before(q.trick, Seat[q.seat])
            assert state is not None
            dummy = game.declaration.dummy if game.declaration is not None else None
            down = q.index > 0 or game.first_trick > 1
            seen = {seat} | ({dummy} if dummy is not None and down else set())
            held = {s: frozenset(str(c) for c in state.hand(s)) for s in Seat}
            visible = frozenset().union(*(held[s] for s in seen))
            hidden = frozenset().union(*(held[s] for s in Seat if s not in seen))
            found.append((q.trick, seat, visible, hidden, card_text(q.book)))
    return found


def cards_in(text: str) -> set[str]:
    """Every card the text writes, in a hand's row ('♥ A 10 4') or alone ('♥10')."""
    return {suit + rank for suit, ranks in HOLDING.findall(text) for rank in ranks.split()}


def quiz_text(site: Path) -> tuple[list[str], str]:
    """Each question's text, and the answers' text."""
    text = "\n".join(p.extract_text() or "" for p in PdfReader(site / "foster-1904/quiz.pdf").pages)
    asked, _, answers = text.partition("\nThe answers\n")
    parts = re.split(r"\nQuestion \d+ ", asked)
    return parts[1:], answers


def test_the_parser_reads_cards_as_the_handout_writes_them() -> None:
    text = "♠  A K 6\n♥ 10 4\n♦ —\n1 ♣K ♣4 ♦10 ?\nB holds ♣7 3. What"
    assert cards_in(text) == {"♠A", "♠K", "♠6", "♥10", "♥4", "♣K", "♣4", "♦10", "♣7", "♣3"}
    assert cards_in("Score before the deal A–B 24, Y–Z 8") == set()


def test_every_question_shows_only_what_its_player_can_see(site: Path) -> None:
    asked, _ = quiz_text(site)
    expected = questions()
    assert len(asked) == len(expected) >= 5  # a decision point in every Foster hand
    for k, (text, (trick, seat, visible, hidden, _)) in enumerate(zip(asked, expected, strict=True), 1):
        shown = cards_in(text)
        assert not shown & hidden, f"question {k} (trick {trick}, {seat.name}) shows hidden {shown & hidden}"
        assert visible <= shown, f"question {k} leaves out {visible - shown} the player can see"
        assert "Not in view" in text
    # the hand is named, not its theme (the lesson's title would give the answer away)
    assert not any("Eleven Rule" in text or "Bath coup" in text for text in asked)


def test_the_answers_give_each_question_its_book_card_in_order(site: Path) -> None:
    _, answers = quiz_text(site)
    books = [book for *_, book in questions()]
    got = re.findall(r"The book's card: ([♠♥♦♣](?:10|[AKQJ2-9]))", answers)
    assert got == books
    assert "Foster's note" in answers  # the note's source under its words
    assert "costs a trick" in words(answers) or "best" in answers  # double dummy on the other cards


def test_the_handout_is_a_numbered_tagged_pdf_with_foster_s_advice(site: Path, tmp_path: Path) -> None:
    reader = PdfReader(site / "foster-1904/quiz.pdf")
    pages = [words(p.extract_text() or "") for p in reader.pages]
    assert 2 <= len(pages) <= 2 + len(questions())
    for i, text in enumerate(pages, 1):
        assert f"page {i} of {len(pages)}" in text
    assert "Quiz: R. F. Foster, The Gist of Bridge" in pages[0] and "p. 73" in pages[0]
    assert str(reader.trailer["/Root"]["/Lang"]) == "en" and "/StructTreeRoot" in reader.trailer["/Root"]
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            "40",
            "-png",
            "-f",
            "1",
            "-l",
            "1",
            str(site / "foster-1904/quiz.pdf"),
            str(tmp_path / "p"),
        ],
        check=True,
    )
    image = Image.open(next(tmp_path.glob("p*.png"))).convert("RGB")
    data = image.tobytes()  # RGB triples
    reds = sum(1 for i in range(0, len(data), 3) if data[i] > 150 and data[i + 1] < 90 and data[i + 2] < 90)
    assert reds > 10, "page 1 draws no red suit"


def test_the_lessons_that_ask_link_the_handout(site: Path) -> None:
    html = (site / "foster-1904/hand-5.html").read_text(encoding="utf-8")
    assert '<a href="quiz.pdf" type="application/pdf">' in html
    assert (site / "foster-1904" / "quiz.pdf").is_file()


def test_the_index_links_each_book_s_handout(site: Path) -> None:
    index = (site / "index.html").read_text(encoding="utf-8")
    assert (
        '<a href="foster-1904/quiz.pdf" type="application/pdf">The quiz: its decision points (PDF)</a>'
        in index
    )


def test_the_handout_is_kept_when_nothing_changed_and_removed_with_its_questions(tmp_path: Path) -> None:
    hands = tmp_path / "hands" / "foster-1904"
    hands.mkdir(parents=True)
    shutil.copy(FOSTER / "hand-5.yaml", hands)
    out = tmp_path / "site"
    build_site([str(tmp_path / "hands")], BuildOptions(out=out, pdf=True))
    quiz = out / "foster-1904" / "quiz.pdf"
    made = quiz.stat().st_mtime_ns
    assert "quiz.pdf" in (out / MANIFEST).read_text(encoding="utf-8")
    build_site([str(tmp_path / "hands")], BuildOptions(out=out, pdf=True))
    assert quiz.stat().st_mtime_ns == made, "an unchanged book's handout was written again"
    text = (hands / "hand-5.yaml").read_text(encoding="utf-8")
    (hands / "hand-5.yaml").write_text(
        re.sub(r"\n    question:\n(      .*\n)+", "\n", text), encoding="utf-8"
    )
    build_site([str(tmp_path / "hands")], BuildOptions(out=out, pdf=True))
    assert not quiz.exists(), "the handout of a book with no question left stays"
