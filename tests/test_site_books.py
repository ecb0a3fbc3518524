"""A site of several books: the index by book (in order of year, then author), each hand's number,
theme, make and result; one PDF per book named from its folder, and all-hands.pdf naming every book;
the technique index and the makes page naming the book and hand of every entry.

The books are made here from Foster's hands, each copy given another ``source`` (the hands' cards
do not matter to the site), so the tests do not depend on the repository's other books.  One build
with PDFs serves the module; it is the suite's only build of several books with PDFs."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from replayer.lessons.build import CORPUS_PDF, MANIFEST, BuildOptions, BuildReport, build_site
from replayer.lessons.html import hand_heading

ROOT = Path(__file__).resolve().parent.parent
FOSTER = ROOT / "hands" / "foster-1904"

EARLY = "  book: An Early Book\n  author: C. D. Writer\n  year: 1900\n"
LATER = "  book: A Later Book\n  author: A. N. Other\n  year: 1910\n"


def hand(dest: Path, foster: int, source: str | None) -> None:
    """Foster's hand ``foster`` copied to ``dest`` with ``source`` in place of Foster's (None: no
    source at all)."""
    text = (FOSTER / f"hand-{foster}.yaml").read_text(encoding="utf-8")
    new = "" if source is None else "source:\n" + source
    text, n = re.subn(r"^source:\n(?:  .*\n)+", new, text, count=1, flags=re.MULTILINE)
    assert n == 1
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(text, encoding="utf-8")


def corpus(folder: Path) -> Path:
    """Four books: Foster's (1904, one hand), an early one (1900, two hands, numbered 2 and 10), a
    later one (1910, one hand, no theme) and, at the top, a hand with no source, named like the early
    book's folder."""
    hand(folder / "later-1910/hand-7.yaml", 3, LATER + "  hand: 7\n")
    hand(folder / "early-1900/hand-10.yaml", 5, EARLY + "  hand: 10\n  theme: The Eleven Rule at Work.\n")
    hand(folder / "early-1900/hand-2.yaml", 1, EARLY + "  hand: 2\n  theme: Dummy's Heart Make\n")
    (folder / "foster-1904").mkdir(parents=True)
    shutil.copy(FOSTER / "hand-4.yaml", folder / "foster-1904" / "hand-4.yaml")
    hand(folder / "early-1900.yaml", 2, None)
    return folder


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, BuildReport]:
    hands = corpus(tmp_path_factory.mktemp("hands"))
    out = tmp_path_factory.mktemp("site")
    report = build_site([str(hands)], BuildOptions(out=out, pdf=True))
    assert report.invalid == [] and report.lessons == 5 and report.corpus_pdf
    return hands, out, report


def text_of(pdf: Path, page: int) -> str:
    return re.sub(r"\s+", " ", PdfReader(pdf).pages[page].extract_text() or "")


def test_the_index_has_a_section_per_book_by_year_then_author_with_a_contents_list(
    built: tuple[Path, Path, BuildReport],
) -> None:
    _, out, _ = built
    index = (out / "index.html").read_text(encoding="utf-8")
    sections = re.findall(r'<section class="book" id="([^"]+)"', index)
    # by year; the hand with no book (no year) last; the early book's PDF gives way to the lesson
    # early-1900.pdf of the hand at the top, so its name (and its section's id) is early-1900-2
    assert sections == ["early-1900-2", "foster-1904", "later-1910", "hands"]
    toc = index[index.index('<nav class="books-toc"') : index.index("</nav>")]
    assert [f"#{s}" for s in sections] == re.findall(r'<a href="(#[^"]+)">', toc)
    assert (
        "<cite>An Early Book</cite>" in toc and 'C. D. Writer, 1900 · <span class="book-count">2 hands' in toc
    )
    assert index.count('<section class="book"') == 4
    assert "5 hands from 4 of the classic bridge books" in index


def test_each_hand_shows_its_number_theme_make_result_and_links(
    built: tuple[Path, Path, BuildReport],
) -> None:
    _, out, _ = built
    index = (out / "index.html").read_text(encoding="utf-8")
    early = index[index.index('id="early-1900-2"') : index.index('id="foster-1904"')]
    rows = re.findall(r"<tr>(.*?)</tr>", early, re.DOTALL)[1:]  # the head's row first
    assert len(rows) == 2
    first, second = rows  # hand 2 before hand 10
    assert '<td class="num">2</td>' in first and '<td class="num">10</td>' in second
    # the theme, without the printed heading's full stop, and the title's own words beneath it
    assert '<a href="early-1900/hand-2.html">Dummy&#39;s Heart Make</a>' in first
    assert "subtitle" not in first  # the title says what the theme says
    assert '>The Eleven Rule at Work</a><small class="subtitle">the Eleven Rule</small>' in second
    assert '<td class="make">Hearts by Y</td>' in first
    assert '<td class="result">Y and Z win 3 by cards and simple honors.</td>' in first
    assert 'href="early-1900/hand-2.pdf"' in first and 'aria-label="Writer 1900, Hand 2 as PDF"' in first
    assert 'href="early-1900-2.pdf" type="application/pdf">The book\'s hands in one PDF</a>' in early
    later = index[index.index('id="later-1910"') : index.index('id="hands"')]
    # no theme: the title without its "Hand No. 3:"
    assert '<a href="later-1910/hand-7.html">the Bath coup</a>' in later


def pdf_pages(out: Path, slugs: list[str]) -> int:
    return sum(len(PdfReader(out / f"{s}.pdf").pages) for s in slugs)


#: each book's PDF: its lessons, its title, its author and year, the heading its outline entry has
BOOKS = {
    "early-1900-2.pdf": (
        ["early-1900/hand-2", "early-1900/hand-10"],
        "An Early Book",
        "C. D. Writer, 1900",
        "C. D. Writer, An Early Book (1900)",
    ),
    "foster-1904.pdf": (
        ["foster-1904/hand-4"],
        "The Gist of Bridge",
        "R. F. Foster, 1904",
        "R. F. Foster, The Gist of Bridge (1904)",
    ),
    "later-1910.pdf": (
        ["later-1910/hand-7"],
        "A Later Book",
        "A. N. Other, 1910",
        "A. N. Other, A Later Book (1910)",
    ),
    "hands.pdf": (["early-1900"], "Hands", "", "Hands"),
}


@pytest.mark.parametrize("name", list(BOOKS))
def test_each_book_has_its_own_pdf_with_a_front_page_naming_it(
    built: tuple[Path, Path, BuildReport], name: str
) -> None:
    _, out, report = built
    slugs, title, by, heading = BOOKS[name]
    assert name in report.book_pdfs
    reader = PdfReader(out / name)
    assert len(reader.pages) == 2 + pdf_pages(out, slugs)  # a title page, the contents, the lessons
    first = text_of(out / name, 0)
    assert title in first and by in first
    assert f"{len(slugs)} illustrative hand" in first
    assert reader.metadata is not None and reader.metadata.title == heading
    # sensible sizes: the lessons' own PDFs and a small front matter, nothing repeated
    assert (out / name).stat().st_size < 100_000 + sum((out / f"{s}.pdf").stat().st_size for s in slugs)


def test_the_top_level_hands_pdf_is_never_replaced_by_a_books(built: tuple[Path, Path, BuildReport]) -> None:
    _, out, _ = built
    # early-1900.pdf is the lesson of the hand at the top, one lesson with no front matter
    assert text_of(out / "early-1900.pdf", 0).startswith("Hand No. 2")


def test_all_hands_pdf_names_every_book_and_groups_the_outline(built: tuple[Path, Path, BuildReport]) -> None:
    _, out, _ = built
    pdf = out / CORPUS_PDF
    reader = PdfReader(pdf)
    slugs = [s for names, *_ in BOOKS.values() for s in names]
    front = len(reader.pages) - pdf_pages(out, slugs)
    assert front == 2
    first = text_of(pdf, 0)
    for _, title, _, _ in BOOKS.values():
        assert title in first
    contents = text_of(pdf, 1)
    assert (
        contents.index("An Early Book")
        < contents.index("The Gist of Bridge")
        < contents.index("A Later Book")
    )
    outline = reader.outline
    tops = [item.title for item in outline if not isinstance(item, list)]
    assert tops == ["Contents"] + [heading for *_, heading in BOOKS.values()]
    children = [item for item in outline if isinstance(item, list)]
    assert [len(c) for c in children] == [2, 1, 1, 1]
    # each book's entry opens on its first lesson's first page
    early = outline[1]
    assert not isinstance(early, list)
    start = reader.get_destination_page_number(early)
    assert text_of(pdf, start).startswith("Hand No. 1")
    assert pdf.stat().st_size < 100_000 + sum((out / f"{s}.pdf").stat().st_size for s in slugs)


def test_the_technique_index_names_the_book_and_hand_of_every_entry(
    built: tuple[Path, Path, BuildReport],
) -> None:
    _, out, _ = built
    page = (out / "techniques.html").read_text(encoding="utf-8")
    toc = page[page.index('<nav class="techniques-toc"') : page.index("</nav>", page.index("techniques-toc"))]
    anchors = re.findall(r'<a href="#([^"]+)">', toc)
    assert "the-make" in anchors and "the-eleven-rule" in anchors
    eleven = page[page.index('id="the-eleven-rule"') :]
    eleven = eleven[: eleven.index("</section>")]
    # Foster's Hand 5 is the early book's Hand 10 here: listed under that book, by that number
    assert "<cite>An Early Book</cite> <small>Writer 1900</small>" in eleven
    assert '<a href="early-1900/hand-10.html" aria-label="Writer 1900, Hand 10">Hand 10</a>' in eleven
    assert re.search(
        r'href="early-1900/hand-10.html#trick-\d+" aria-label="Writer 1900, Hand 10, trick \d+"', eleven
    )
    make = page[page.index('id="the-make"') :]
    make = make[: make.index("</section>")]
    assert 'href="makes.html#hands-makes"' in make
    for label in ("Writer 1900, Hand 2", "Writer 1900, Hand 10", "Foster 1904, Hand 4", "Other 1910, Hand 7"):
        assert f'aria-label="{label}"' in make, label


def test_the_makes_page_gives_the_make_of_every_hand_by_book(built: tuple[Path, Path, BuildReport]) -> None:
    _, out, _ = built
    page = (out / "makes.html").read_text(encoding="utf-8")
    assert page.count('<details class="hand-make">') == 5
    sections = re.findall(r'<section class="book-makes" id="([^"]+)"', page)
    assert sections == ["make-early-1900-2", "make-foster-1904", "make-later-1910", "make-hands"]
    early = page[page.index('id="make-early-1900-2"') : page.index('id="make-foster-1904"')]
    assert (
        'Hand 2</span> <span class="hand-heading">Dummy&#39;s Heart Make</span> — <strong>Hearts by Y</strong>'
        in early
    )
    assert "(score A–B 24, Y–Z 8)" in early
    assert "Foster's rules for dummy" in early  # the engine's note on the make, rendered
    assert re.search(
        r'<a href="early-1900/hand-2.html#derived-\d+">Writer 1900, Hand 2: the lesson</a>', early
    )


def test_a_site_left_with_one_book_drops_the_books_pdfs(tmp_path: Path) -> None:
    hands = corpus(tmp_path / "hands")
    out = tmp_path / "site"
    for folder in ("early-1900", "later-1910"):
        shutil.rmtree(hands / folder)
    (hands / "early-1900.yaml").unlink()
    first = build_site([str(hands)], BuildOptions(out=out, pdf=True))
    assert first.book_pdfs == [] and first.corpus_pdf
    assert "The Gist of Bridge" in text_of(out / CORPUS_PDF, 0)
    # a second book arrives: both books get their PDF; the lessons already made are not rendered again
    hand(hands / "later-1910/hand-7.yaml", 3, LATER + "  hand: 7\n")
    second = build_site([str(hands)], BuildOptions(out=out, pdf=True))
    assert sorted(second.book_pdfs) == ["foster-1904.pdf", "later-1910.pdf"] and second.pdfs == 1
    assert (out / ".replayer-front-later-1910.pdf").is_file()
    # and leaves: its PDF, its cached front matter and the other book's PDF go
    shutil.rmtree(hands / "later-1910")
    third = build_site([str(hands)], BuildOptions(out=out, pdf=True))
    assert third.book_pdfs == [] and third.pdfs == 0
    assert not (out / "later-1910.pdf").exists() and not (out / "foster-1904.pdf").exists()
    assert not (out / ".replayer-front-later-1910.pdf").exists()
    index = (out / "index.html").read_text(encoding="utf-8")
    assert (
        'class="books-toc"' not in index and 'href="all-hands.pdf" type="application/pdf">The book' in index
    )
    assert "later-1910.pdf" not in (out / MANIFEST).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("title", "theme", "shown"),
    [
        ("Hand No. 1: dummy's heart make", None, ("dummy's heart make", "")),
        (
            "Hand No. 21: keeping A off lead",
            "Not Allowing Adversary to Lead Through.",
            ("Not Allowing Adversary to Lead Through", "keeping A off lead"),
        ),
        (
            "Hand No. 3: leading the losing trump",
            "Leading the Losing Trump",
            ("Leading the Losing Trump", ""),
        ),
        ("A problem of my own", "  ", ("A problem of my own", "")),
    ],
)
def test_a_hand_is_headed_by_its_theme_and_its_titles_own_words(
    title: str, theme: str | None, shown: tuple[str, str]
) -> None:
    assert hand_heading(title, theme) == shown
