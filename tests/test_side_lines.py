"""Alternative lines in print and on the page (issue 16, item 3): under the note that gives it, Foster
Hand 5's line 'If B wins the first trick with the ♥A' shows its title, its tricks in the lesson's
columns, our words, what its cards give and double dummy's verdict; on screen a disclosure that opens
on a click, that Chromium's own print shows open, that keeps the page within 320 px; in the lesson's
PDF, under the right note; and a note with a decision point says so."""

from __future__ import annotations

import re
from pathlib import Path

from pypdf import PdfReader
from test_lesson_pdf import words

from replayer.lessons.build import BuildOptions, build_site
from support.browser import chromium, new_tab

TITLE = "If B wins the first trick with the ♥A"
#: the line's first and last tricks as the page writes them, in the columns A Y B Z
FIRST, LAST = "♥6 ♥7 ♥A ♥3", "♦10 ♦9 ♦K ♦A"


def test_the_line_sits_under_the_note_that_gives_it(site: Path) -> None:
    html = (site / "foster-1904" / "hand-5.html").read_text(encoding="utf-8")
    # each note's markup, up to the next note (or trick) on the page
    notes = re.findall(
        r'<div class="note author" id="(note-\d+)"[^>]*>(.*?)(?=<div class="note |<section)', html, re.DOTALL
    )
    with_line = [(nid, body) for nid, body in notes if "side-line" in body]
    assert len(with_line) == 1, [nid for nid, _ in with_line]
    nid, body = with_line[0]
    assert "Without the rule B would have put up the ace" in body  # Foster's 'but for the rule' note
    assert 'If B wins the first trick with the <span class="suit red">♥</span>A' in body
    assert body.count("<li value=") == 13  # every trick of the line, numbered from trick 1
    assert "Double dummy: confirmed." in body and "4 by cards to Y–Z" in body
    # the Eleven Rule note asks the question: it carries the quiz mark, the line's note does not
    rule = next(b for _, b in notes if "11 − 6 = 5" in b)
    assert "A decision point: try it in the quiz." in rule and "decision-mark" not in body


def test_on_screen_the_line_opens_on_a_click_and_prints_open(site: Path) -> None:
    with chromium() as browser:
        tab = new_tab(browser, site, viewport={"width": 1280, "height": 900})
        tab.open()
        tab.press("End")  # the notes wait for the play: step to its end
        line = tab.page.locator("#reading details.side-line").first
        tricks = line.locator(".side-line-tricks")
        assert not tricks.is_visible(), "the line is shut until the reader asks for it"
        line.locator("summary").click()
        assert tricks.is_visible()
        rows = tricks.locator("li").all_inner_texts()
        assert [words(r) for r in (rows[0], rows[-1])] == [FIRST, LAST]
        line.locator("summary").click()  # shut again, then print: the line shows all the same
        tab.page.emulate_media(media="print")
        assert tricks.is_visible(), "Ctrl+P leaves the line out"
        assert tab.errors == []


def test_at_320_px_the_open_line_stays_inside_the_page(site: Path) -> None:
    with chromium() as browser:
        tab = new_tab(browser, site, viewport={"width": 320, "height": 800})
        tab.open()
        tab.press("End")
        tab.page.locator("#reading details.side-line summary").first.click()
        width = tab.page.evaluate("document.documentElement.scrollWidth")
        right = tab.page.locator("#reading .side-line-tricks").first.evaluate(
            "e => e.getBoundingClientRect().right"
        )
        assert width <= 320 and right <= 320, (width, right)


def test_the_lesson_pdf_prints_the_line_under_its_note(tmp_path: Path) -> None:
    hands = tmp_path / "hands" / "foster-1904"
    hands.mkdir(parents=True)
    hand = Path(__file__).resolve().parent.parent / "hands" / "foster-1904" / "hand-5.yaml"
    (hands / "hand-5.yaml").write_bytes(hand.read_bytes())
    report = build_site([str(tmp_path / "hands")], BuildOptions(out=tmp_path / "site", pdf=True))
    assert report.invalid == [] and report.pdfs == 1
    text = words(
        " ".join(p.extract_text() or "" for p in PdfReader(tmp_path / "site/foster-1904/hand-5.pdf").pages)
    )
    note, title = text.find("Without the rule B would have put up the ace"), text.find("LINE " + TITLE)
    assert 0 <= note < title, "the line's title follows its note"
    after = text[title:]
    assert FIRST in after and LAST in after and "Double dummy: confirmed." in after
    assert after.find("Double dummy: confirmed.") > after.find(LAST)  # words after the tricks
