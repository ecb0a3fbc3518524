"""The PDFs, checked for real: page counts, text a reader would find, embedded fonts with the suit
symbols, a page rendered to PNG by poppler's pdftoppm that is not blank, and the corpus's contents."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from replayer.lessons.build import CORPUS_PDF, BuildOptions, build_site
from replayer.validation.files import check_file

ROOT = Path(__file__).resolve().parent.parent
FOSTER = ROOT / "hands" / "foster-1904"


def words(text: str) -> str:
    """Text with its whitespace (and PDF line-break hyphenation quirks) flattened, for containment checks."""
    return re.sub(r"\s+", " ", text.replace("\u00ad", "")).strip()


def foster_hands(folder: Path) -> Path:
    """Foster's five hands copied into ``folder/foster-1904`` (the PDFs of several books are tested in
    test_site_books.py; building every hand of the repository with PDFs is the benchmark's job)."""
    shutil.copytree(FOSTER, folder / "foster-1904")
    return folder


@pytest.fixture(scope="module")
def hands(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return foster_hands(tmp_path_factory.mktemp("hands"))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, hands: Path) -> Path:
    out = tmp_path_factory.mktemp("site")
    report = build_site([str(hands)], BuildOptions(out=out, pdf=True))
    assert report.invalid == [] and report.pdfs == 5 and report.corpus_pdf
    assert report.book_pdfs == []  # one book: all-hands.pdf is the book's PDF
    return out


def pages_text(pdf: Path) -> list[str]:
    return [words(p.extract_text() or "") for p in PdfReader(pdf).pages]


@pytest.mark.parametrize("n", range(1, 6))
def test_each_lesson_pdf_holds_every_note_of_its_hand(site: Path, n: int) -> None:
    pdf = site / f"foster-1904/hand-{n}.pdf"
    text = " ".join(pages_text(pdf))
    assert 1 <= len(PdfReader(pdf).pages) <= 6  # the table page, then the author's notes and ours
    checked = check_file(FOSTER / f"hand-{n}.yaml")
    assert checked.record is not None
    for note in checked.record.notes:
        # the note's first words, without Markdown emphasis, as the reader sees them
        first = words(re.sub(r"[*_`]", "", note.text))[:40]
        assert first in text, f"hand {n}: note starting {first!r} is missing from the PDF"
    assert checked.record.title is not None and checked.record.title.value in text


@pytest.mark.parametrize("n", range(1, 6))
def test_the_diagram_and_the_trick_table_share_a_page(site: Path, n: int) -> None:
    # page 1 is the book's page: the four hands, the facts beside them, and the whole table down to
    # trick 13's row (four cells, or dashes, and the two running totals). The diagram has no printed
    # heading since issue 15 ("The deal" is the stepper's, on screen), so it is known by its seats.
    first = pages_text(site / f"foster-1904/hand-{n}.pdf")[0]
    assert all(seat in first for seat in ("North", "West", "East", "South")), first[:300]
    assert "Dealer" in first and "Tricks" in first, "the facts are not beside the diagram"
    assert "The play" in first, "the trick table does not start on page 1"
    assert re.search(r"\b13(?: ▸?[♠♥♦♣]\S+| –){4} \d+ \d+\b", first), "trick 13 is not on page 1"


def test_the_suit_symbols_come_from_an_embedded_font_that_has_them(site: Path) -> None:
    reader = PdfReader(site / "foster-1904/hand-5.pdf")
    fonts = set()
    for pg in reader.pages:
        for f in pg["/Resources"]["/Font"].values():
            font = f.get_object()
            fonts.add(str(font["/BaseFont"]))
            desc = font.get("/FontDescriptor") or font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            assert any(k in desc.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3")), (
                "font not embedded"
            )
    assert any(f.endswith("+Replayer-Serif") for f in fonts), fonts  # site/fonts/DejaVuSerif.ttf, subset
    text = " ".join(pages_text(site / "foster-1904/hand-5.pdf"))
    assert all(s in text for s in "♠♥♦♣")


def test_a_page_rendered_to_png_is_not_blank(site: Path) -> None:
    """Page 1 of Hand 5's PDF, rendered into build/screenshots/ beside the browser tests' screenshots,
    for a person to look at (issue 15)."""
    assert shutil.which("pdftoppm"), "pdftoppm is missing: apt-get install poppler-utils"
    shots = Path(__file__).resolve().parent.parent / "build" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    for old in shots.glob("hand-5-pdf-page*.png"):
        old.unlink()
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            "60",
            "-png",
            "-f",
            "1",
            "-l",
            "1",
            str(site / "foster-1904/hand-5.pdf"),
            str(shots / "hand-5-pdf-page"),
        ],
        check=True,
    )
    png = next(shots.glob("hand-5-pdf-page*.png"))
    img = Image.open(png).convert("L")
    dark = sum(img.histogram()[:128])
    assert img.width > 200 and dark > 0.01 * img.width * img.height
    # and some of it is red: the hearts and diamonds
    r, g, b = Image.open(png).convert("RGB").split()
    red = ImageChops.multiply(
        r.point(lambda v: 255 if v > 150 else 0),
        ImageChops.multiply(g.point(lambda v: 255 if v < 80 else 0), b.point(lambda v: 255 if v < 80 else 0)),
    )
    assert red.getbbox() is not None


def test_the_corpus_pdf_has_a_title_page_contents_with_page_numbers_and_every_lesson(site: Path) -> None:
    corpus = site / CORPUS_PDF
    texts = pages_text(corpus)
    lesson_pages = [len(PdfReader(site / f"foster-1904/hand-{n}.pdf").pages) for n in range(1, 6)]
    front = len(texts) - sum(lesson_pages)
    assert front == 2  # a title page and one page of contents
    assert "The Gist of Bridge" in texts[0]
    contents = texts[1]
    assert contents.startswith("Contents")
    titles = [check_file(FOSTER / f"hand-{n}.yaml").record.title.value for n in range(1, 6)]  # type: ignore[union-attr]
    # the contents list each hand by its number and its title's own words, then its first page:
    # "1. dummy's heart make 3"
    headings = {f"{n}. {t.split(': ', 1)[1]}": t for n, t in enumerate(titles, 1)}
    listed: dict[str, int] = {}
    for line in (PdfReader(corpus).pages[1].extract_text() or "").splitlines():
        entry = re.fullmatch(r"(.*) ([0-9]+)", words(line))
        if entry and entry[1] in headings:
            listed[headings[entry[1]]] = int(entry[2])
    start = front + 1
    for title, count in zip(titles, lesson_pages, strict=True):
        assert listed.get(title) == start, (
            f"{title}: contents say page {listed.get(title)}, it starts on {start}"
        )
        assert texts[start - 1].startswith(title), f"page {start} does not start with {title}"
        start += count
    # the outline: the contents, then the book with its five hands under it (test_lesson_pdf2.py)
    outline = PdfReader(corpus).outline
    assert [item.title for item in outline if not isinstance(item, list)] == [
        "Contents",
        "R. F. Foster, The Gist of Bridge (1904)",
    ]
    assert [len(item) for item in outline if isinstance(item, list)] == [5]


def test_an_unchanged_build_renders_no_pdf(site: Path, hands: Path) -> None:
    report = build_site([str(hands)], BuildOptions(out=site, pdf=True))
    assert (report.rendered, report.pdfs) == (0, 0)
    assert (site / "foster-1904/hand-1.pdf").is_file() and (site / CORPUS_PDF).is_file()


def test_a_rebuild_renders_only_the_pdf_whose_page_changed(tmp_path: Path) -> None:
    hands = foster_hands(tmp_path / "hands")
    out = tmp_path / "site"
    build_site([str(hands)], BuildOptions(out=out, pdf=True))
    front = out / ".replayer-front.pdf"
    front_made = front.stat().st_mtime_ns
    h3 = hands / "foster-1904/hand-3.yaml"
    # a comment: the page is rendered again (the hand's bytes changed) but the print page is the same
    h3.write_text(h3.read_text(encoding="utf-8") + "# checked again\n", encoding="utf-8")
    report = build_site([str(hands)], BuildOptions(out=out, pdf=True))
    assert (report.rendered, report.pdfs) == (1, 0)
    # a real edit: one PDF; the contents page is unchanged, so the front matter is reused
    h3.write_text(
        h3.read_text(encoding="utf-8").replace("introduction: |\n", "introduction: |\n  Edited.\n", 1),
        encoding="utf-8",
    )
    report = build_site([str(hands)], BuildOptions(out=out, pdf=True))
    assert (report.rendered, report.pdfs) == (1, 1)
    assert front.stat().st_mtime_ns == front_made
    assert "Edited." in " ".join(pages_text(out / CORPUS_PDF))
