"""The PDFs as handouts (issue 15): a Foster lesson in at most three numbered pages with no near-empty
page and no heading or score row left alone at a page's foot; tagged PDFs with a language; the
table's copied text without the screen reader's words; the corpus PDF with contents that are links
and an outline of books and their hands; and the browser's own print keeps every note."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from pypdf.generic import ArrayObject
from test_lesson_pdf import FOSTER, foster_hands, pages_text, words

from replayer.lessons.build import CORPUS_PDF, BuildOptions, build_site
from replayer.lessons.pdf import render_pdf
from replayer.validation.files import check_file
from support.browser import chromium, new_tab

HANDS = range(1, 6)
#: the headings of a lesson's print page: none may end a page (or a column) with nothing under it
HEADING = re.compile(
    r"(Notes|The play|The score|Double-dummy analysis|Editor's notes|Before the play|Trick \d+)"
)
#: what only a screen reader should hear in the table: card names, "led", "wins", "not played"
SPOKEN = re.compile(r"\b(?:of (?:spades|hearts|diamonds|clubs)|led|wins|not played|double dummy)\b")
FOOTER_Y = 45  # points above the page's bottom edge: below it are the running title and the page number


@pytest.fixture(scope="module")
def pdf_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    hands = foster_hands(tmp_path_factory.mktemp("hands"))
    out = tmp_path_factory.mktemp("site")
    report = build_site([str(hands)], BuildOptions(out=out, pdf=True))
    assert report.invalid == [] and report.pdfs == 5 and report.corpus_pdf
    return out


def lesson(site: Path, n: int) -> Path:
    return site / f"foster-1904/hand-{n}.pdf"


def fragments(page: Any) -> list[tuple[float, float, str]]:
    """The page's runs of text with where they start (x, y in points from the bottom left)."""
    found: list[tuple[float, float, str]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((x, y, text.strip()))

    page.extract_text(visitor_text=visit)
    return found


def lone_headings(page: Any) -> list[str]:
    """Headings with no text under them in their column above the page's footer."""
    runs = fragments(page)
    lone = []
    for hx, hy, text in runs:
        if not HEADING.fullmatch(text):
            continue
        under = [r for r in runs if FOOTER_Y < r[1] < hy - 1 and hx - 5 <= r[0] < hx + 200]
        if not under:
            lone.append(text)
    return lone


@pytest.mark.parametrize("n", HANDS)
def test_a_foster_lesson_is_at_most_three_numbered_pages_none_nearly_empty(pdf_site: Path, n: int) -> None:
    texts = pages_text(lesson(pdf_site, n))
    assert 1 <= len(texts) <= 3, f"hand {n}: {len(texts)} pages"
    for i, text in enumerate(texts, 1):
        assert f"page {i} of {len(texts)}" in text, f"hand {n} p. {i} has no page number"
        count = len(text.replace(f"page {i} of {len(texts)}", "").split())
        assert count >= 40, f"hand {n} p. {i} holds {count} words"


@pytest.mark.parametrize("n", HANDS)
def test_no_heading_is_left_alone_at_the_foot_of_a_page_or_column(pdf_site: Path, n: int) -> None:
    reader = PdfReader(lesson(pdf_site, n))
    for i, page in enumerate(reader.pages, 1):
        assert lone_headings(page) == [], f"hand {n} p. {i}: heading with nothing under it"


def test_the_lone_heading_check_finds_a_heading_at_a_pages_foot(tmp_path: Path) -> None:
    # a page of text, a heading at its foot, its text forced over to the next page
    page = "<style>@page { size: A4; margin: 20mm }</style><p>The text before.</p>"
    html = f'<html lang="en">{page}<div style="height: 215mm"></div><h2>Notes</h2><p style="break-before: page">After.</p></html>'
    reader = PdfReader(io.BytesIO(render_pdf(html, base_url=str(tmp_path / "page.html"))))
    assert len(reader.pages) == 2
    assert lone_headings(reader.pages[0]) == ["Notes"]
    assert lone_headings(reader.pages[1]) == []


@pytest.mark.parametrize("n", HANDS)
def test_the_score_is_never_split_across_pages(pdf_site: Path, n: int) -> None:
    html = (pdf_site / f"foster-1904/hand-{n}.html").read_text(encoding="utf-8")
    score = re.search(r'<section class="score".*?</section>', html, re.S)
    assert score is not None, f"hand {n} has no score"
    lines = [words(re.sub(r"<[^>]+>", "", d)) for d in re.findall(r"<d[td]>(.*?)</d[td]>", score[0], re.S)]
    assert len(lines) >= 2
    texts = pages_text(lesson(pdf_site, n))
    page = next(t for t in texts if "The score" in t)
    assert all(line[:30] in page for line in lines), f"hand {n}: the score runs over a page"


@pytest.mark.parametrize("n", HANDS)
def test_a_lesson_pdf_is_tagged_with_its_language(pdf_site: Path, n: int) -> None:
    root = PdfReader(lesson(pdf_site, n)).trailer["/Root"]
    assert str(root["/Lang"]) == "en"
    assert bool(root["/MarkInfo"]["/Marked"])
    tree = root["/StructTreeRoot"].get_object()
    assert tree["/K"] and "/ParentTree" in tree


@pytest.mark.parametrize("n", HANDS)
def test_the_table_copies_as_the_book_prints_it(pdf_site: Path, n: int) -> None:
    first = PdfReader(lesson(pdf_site, n)).pages[0].extract_text() or ""
    rows = [words(line) for line in first.splitlines() if re.match(r"\s*(?:1[0-3]|[1-9]) ▸?[♠♥♦♣–]", line)]
    assert len(rows) >= 13, f"hand {n}: {len(rows)} table rows found"
    for row in rows:
        assert not SPOKEN.search(row), f"hand {n}: screen-reader words in {row!r}"
        assert re.fullmatch(r"\d+(?: ▸?[♠♥♦♣](?:10|[2-9AKQJ])\S*| –){4} \d+ \d+", row), row
    assert not SPOKEN.search(" ".join(rows))
    assert "▸" in " ".join(rows)  # the lead mark stays


def outline(
    reader: PdfReader, items: list[Any] | None = None, depth: int = 0
) -> Iterator[tuple[int, str, int]]:
    """(depth, title, page index) of every outline entry."""
    for item in reader.outline if items is None else items:
        if isinstance(item, list):
            yield from outline(reader, item, depth + 1)
        else:
            yield depth, str(item.title), reader.get_destination_page_number(item)


def test_the_corpus_outline_is_the_book_then_its_hands(pdf_site: Path) -> None:
    reader = PdfReader(pdf_site / CORPUS_PDF)
    entries = list(outline(reader))
    titles = [check_file(FOSTER / f"hand-{n}.yaml").record.title.value for n in HANDS]  # type: ignore[union-attr]
    assert [(d, t) for d, t, _ in entries] == [
        (0, "Contents"),
        (0, "R. F. Foster, The Gist of Bridge (1904)"),
    ] + [(1, t) for t in titles]
    texts = pages_text(pdf_site / CORPUS_PDF)
    for _, title, page in entries[2:]:
        assert texts[page].startswith(title), f"{title}: the outline points at page {page + 1}"
    assert entries[1][2] == entries[2][2]  # the book's entry opens at its first hand


def test_the_corpus_contents_are_links_to_the_pages_they_name(pdf_site: Path) -> None:
    reader = PdfReader(pdf_site / CORPUS_PDF)
    texts = pages_text(pdf_site / CORPUS_PDF)
    pages = {p.indirect_reference.idnum: i for i, p in enumerate(reader.pages)}  # type: ignore[union-attr]
    targets = set()
    for ref in reader.pages[1].get("/Annots") or ():
        annot = ref.get_object()
        assert annot["/Subtype"] == "/Link" and "/A" not in annot, "a contents link still points outside"
        dest = annot["/Dest"]
        assert isinstance(dest, ArrayObject)
        targets.add(pages[dest[0].idnum])
    starts = {i for i, t in enumerate(texts) if t.startswith("Hand No.")}
    assert targets == starts and len(starts) == 5
    lines = (PdfReader(pdf_site / CORPUS_PDF).pages[1].extract_text() or "").splitlines()
    listed = {int(m[1]) - 1 for line in lines if (m := re.fullmatch(r"\d+\. .* (\d+)", words(line)))}
    assert listed == starts  # each link goes to the page number printed beside it
    assert str(reader.trailer["/Root"]["/Lang"]) == "en"


def test_the_browsers_print_keeps_every_note(site: Path) -> None:
    with chromium() as browser:
        tab = new_tab(browser, site)
        for n in HANDS:
            tab.open(f"hand-{n}")
            pdf = tab.page.pdf(format="A4")
            out = site / f"print-{n}.pdf"
            out.write_bytes(pdf)
            text = " ".join(pages_text(out))
            record = check_file(FOSTER / f"hand-{n}.yaml").record
            assert record is not None and record.notes
            for note in record.notes:
                first = words(re.sub(r"[*_`]", "", note.text))[:40]
                assert first in text, f"hand {n}: Ctrl+P drops the note starting {first!r}"
            # and the pointers to a note on other tricks, though the play has not reached them
            html = (site / f"foster-1904/hand-{n}.html").read_text(encoding="utf-8")
            assert text.count("See the note on") == html.count('class="see-also"'), f"hand {n}"
            assert not re.search(
                r"the (?:king|queen|ace|knave|jack) of (?:spades|hearts|diamonds|clubs), wins", text
            )
        assert tab.errors == []
