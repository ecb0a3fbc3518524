"""The site's books and front pages: each book's PDF and the PDF of all the hands (assembled from
the lessons' own PDFs), the index, the technique index and the make exercises.

Part of ``replayer build`` (``build.py`` finds, checks and renders the lessons): every file goes
through the build's output folder.  Each page or PDF here has a key of what it is made of, kept in
the manifest, and is made again only when its key changed: a build that changed nothing renders
nothing here, and imports neither Jinja2 nor WeasyPrint.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .. import __version__
from ..record.diagnostics import Diagnostic, Severity
from .cache import HandFacts, LessonSummary
from .outputs import Names, OutputError, OutputFolder, href, site_path
from .views import Book, BookView, IndexEntry, file_size, hand_heading

if TYPE_CHECKING:
    import jinja2

    from ..validation.files import Checked
    from .build import BuildOptions, BuildReport

__all__ = ["CORPUS_PDF", "MAKES_PAGE", "SITE_PAGES", "TECHNIQUES_PAGE", "Built", "Context", "Group", "Hand"]

CORPUS_PDF = "all-hands.pdf"
TECHNIQUES_PAGE = "techniques.html"
MAKES_PAGE = "makes.html"
#: the site's own pages, by slug: a hand file named like one (index.yaml) gets a lesson named index-2
SITE_PAGES = ("index", "techniques", "makes", "all-hands")
MANIFEST = ".replayer-build.json"


@dataclass(frozen=True, slots=True)
class Hand:
    """A valid hand the build found, and where its lesson goes."""

    path: Path  # the hand file, as the build found it
    text: bytes  # its bytes, as read for its key
    text_key: str  # the key of its validation (cache.content_key): its facts' entry in the manifest
    facts: HandFacts
    slug: str  # foster-1904/hand-5
    title: str
    book: Book
    checked: Checked | None = None  # its validation, when this build made one

    @property
    def number(self) -> str:  # the book's number for the hand
        return self.facts.number

    @property
    def theme(self) -> str | None:  # the book's heading for it
        return self.facts.theme


@dataclass(frozen=True, slots=True)
class Built:
    """A hand's lesson once built (or found unchanged): its content key, summary and manifest entry."""

    hand: Hand
    key: str
    summary: LessonSummary
    entry: dict[str, object]

    @property
    def slug(self) -> str:
        return self.hand.slug


@dataclass(frozen=True, slots=True)
class Context:
    """What every step of one build shares."""

    out: Path
    site: OutputFolder  # every file of the build is written, read back and removed through it
    options: BuildOptions
    template_dirs: tuple[str, ...]
    base_key: str  # the hash of what every lesson depends on: the version, templates, assets, layers
    with_dd: bool  # the lessons carry the double-dummy layer (endplay is installed)
    dd_cache: dict[str, int]
    progress: Callable[[int, int, str], None] | None
    source_path_shown: bool  # a template shows the hand file's path as typed (Nav.source_path)
    _env: list[jinja2.Environment] = field(default_factory=list)

    def tell(self, n: int, total: int, what: str) -> None:
        if self.progress:
            self.progress(n, total, what)

    @property
    def env(self) -> jinja2.Environment:
        """The templates, loaded the first time a page is rendered (a build with nothing to render
        never imports Jinja2)."""
        if not self._env:
            from .html import make_environment

            self._env.append(make_environment(self.template_dirs))
        return self._env[0]


def _mapping(value: object) -> dict[str, object]:
    """A JSON object read from the manifest, or an empty one when it holds something else."""
    return {str(k): v for k, v in value.items()} if isinstance(value, dict) else {}


def read_back(site: OutputFolder, rel: str) -> bytes:
    """A file this build wrote or found unchanged, read back (for the corpus PDF)."""
    data = site.read(rel)
    if data is None:
        raise OutputError(
            Diagnostic(
                "output-failed",
                Severity.ERROR,
                f"cannot read back {site.root / rel}, written by this build",
                hint="check the folder and the disk, then build again",
            )
        )
    return data


# ------------------------------------------------------------------------------------ the books


@dataclass(frozen=True, slots=True)
class Group:
    """One book of the site, its lessons in order, and the names of its section and PDF."""

    book: Book
    built: tuple[Built, ...]
    anchor: str  # the book's own PDF without ".pdf", and its section's id in the index
    pdf: str  # that PDF, or the corpus PDF when the site holds one book


def group(built: list[Built]) -> list[Group]:
    """The lessons by book, in the books' order (the lessons are sorted by book already).  Each book's
    PDF is named after its folder (``elwell-1904.pdf``), unique, and never a page of the site or a
    lesson's PDF at the top of the site."""
    by_book: dict[Book, list[Built]] = {}
    for b in built:
        by_book.setdefault(b.hand.book, []).append(b)
    names = Names(reserved=SITE_PAGES + tuple(b.slug for b in built if "/" not in b.slug))
    groups = []
    for book, items in by_book.items():
        folder = Path(items[0].slug).parent.as_posix()
        stem = (
            folder.replace("/", "-") if folder != "." else re.sub(r"[^a-z0-9]+", "-", book.short.casefold())
        )
        anchor = names.give((), stem.strip("-") or "hands", ".pdf")[0]
        groups.append(Group(book, tuple(items), anchor, anchor + ".pdf" if len(by_book) > 1 else CORPUS_PDF))
    return groups


def _entry(ctx: Context, b: Built, page: int | None = None) -> IndexEntry:
    """A hand as the index, the technique page, the makes page and a PDF's contents list it."""
    s, hand = b.summary, b.hand
    heading, subtitle = hand_heading(s.title, hand.theme)
    page_href = href(b.slug + ".html")
    return IndexEntry(
        book=hand.book.heading,
        href=page_href,
        title=s.title,
        citation=s.citation,
        contract=s.contract,
        result=s.result,
        techniques=s.techniques,
        pdf=href(b.slug + ".pdf") if ctx.options.pdf else None,
        page=page,
        number=hand.number,
        heading=heading,
        subtitle=subtitle,
        label=f"{hand.book.short}, Hand {hand.number}" if hand.number else f"{hand.book.short}, {heading}",
        technique_tricks=s.technique_tricks,
        score=s.score,
        make=s.make,
        make_href=f"{page_href}#{s.make_id}" if s.make_id else page_href,
    )


def _view(
    group: Group, entries: list[IndexEntry], pdf: str | None = None, size: str = "", quiz: str | None = None
) -> BookView:
    book = group.book
    return BookView(
        anchor=group.anchor,
        heading=book.heading,
        title=book.title or book.heading,
        author=book.author,
        year=str(book.year) if book.year is not None else "",
        short=book.short,
        entries=tuple(entries),
        pdf=pdf,
        pdf_size=size,
        quiz=quiz,
    )


def build_pdfs(
    ctx: Context, groups: list[Group], previous: dict[str, object], report: BuildReport
) -> dict[str, object]:
    """Each book's PDF (when the site holds more than one book) and the PDF of all the hands, each
    assembled again only when one of its lessons or the build changed; their keys for the manifest."""
    if not ctx.options.pdf or not groups:
        return {}
    old_books = _mapping(previous.get("books"))
    books: dict[str, object] = {}
    if len(groups) > 1:
        for g in groups:
            books[g.pdf] = _book_pdf(ctx, [g], g.pdf, _mapping(old_books.get(g.pdf)))
            report.book_pdfs.append(g.pdf)
    whole = _book_pdf(
        ctx, groups, CORPUS_PDF, {"key": previous.get("corpus"), "front": previous.get("front")}
    )
    report.corpus_pdf = True
    return {"corpus": whole["key"], "front": whole["front"], "books": books}


def book_keys(ctx: Context, groups: list[Group], previous: dict[str, object]) -> bool:
    """Whether every PDF of books the build would assemble is in the site, as the last build made it."""
    if not ctx.options.pdf or not groups:
        return True
    old_books = _mapping(previous.get("books"))
    wanted = (
        [(g.pdf, [g], _mapping(old_books.get(g.pdf)).get("key")) for g in groups] if len(groups) > 1 else []
    )
    wanted.append((CORPUS_PDF, groups, previous.get("corpus")))
    return all(_book_key(ctx, gs, name) == old and ctx.site.is_file(name) for name, gs, old in wanted)


def _book_key(ctx: Context, groups: list[Group], name: str) -> str:
    parts = [ctx.base_key, name] + [g.book.heading for g in groups] + [b.key for g in groups for b in g.built]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def _book_pdf(ctx: Context, groups: list[Group], name: str, old: dict[str, object]) -> dict[str, object]:
    """The PDF ``name`` of these books' lessons, assembled unless the last build made the same."""
    key = _book_key(ctx, groups, name)
    front = old.get("front")
    if ctx.options.force or old.get("key") != key or not ctx.site.is_file(name):
        n = sum(len(g.built) for g in groups)
        ctx.tell(n, n, f"assembling {name}")
        front = _write_pdf(ctx, groups, name, front)
    return {"key": key, "front": front}


FRONT_CACHE = ".replayer-front.pdf"


def _front_cache(name: str) -> str:
    """Where the front matter of the PDF ``name`` is kept between builds."""
    return FRONT_CACHE if name == CORPUS_PDF else f".replayer-front-{name}"


def _write_pdf(ctx: Context, groups: list[Group], name: str, front_key: object) -> str:
    """Assemble a PDF of books: a title page naming them, the contents, then each lesson's own PDF.
    The front matter is rendered again only when its page changes.  Returns its key for the manifest."""
    from .html import render_corpus_front
    from .pdf import assemble_corpus, render_pdf

    site = ctx.site
    lessons = [(b.summary.title, read_back(site, b.slug + ".pdf")) for g in groups for b in g.built]
    whole = len(groups) > 1
    title = "Illustrative hands from the classic bridge books" if whole else groups[0].book.heading

    def front(starts: list[int]) -> bytes:
        pages = iter(starts)
        views = [_view(g, [_entry(ctx, b, next(pages)) for b in g.built]) for g in groups]
        html = render_corpus_front(ctx.env, views, title=title, version=__version__, whole=whole)
        nonlocal front_key
        # the stylesheets and fonts too (in base_key): a new print style renders the front again
        key = hashlib.sha256((ctx.base_key + html).encode("utf-8")).hexdigest()
        cached = site.read(_front_cache(name)) if key == front_key else None
        if cached is not None:
            return cached
        pdf = render_pdf(html, base_url=str(site.root / "index.html"))
        site.write(_front_cache(name), pdf)
        front_key = key
        return pdf

    # the outline: each book, and its hands under it (one book too)
    sections = [(g.book.heading, len(g.built)) for g in groups]
    site.write(name, assemble_corpus(front, lessons, title=title, sections=sections))
    return str(front_key)


def remove_stale_pdfs(site: OutputFolder, previous: dict[str, object], manifest: dict[str, object]) -> None:
    """The PDFs an earlier build made that this one did not: the corpus PDF when no PDFs were made,
    a book's PDF (and its cached front matter) when the book is gone or the site holds one book."""
    if "corpus" not in manifest and previous.get("corpus"):
        site.remove(CORPUS_PDF, MANIFEST)
    wanted = _mapping(manifest.get("books"))
    for name in _mapping(previous.get("books")):
        if name not in wanted:
            site.remove(name, MANIFEST)
            if site_path(name) is not None and "/" not in name:
                site.remove_own(_front_cache(name))


def write_index_pages(
    ctx: Context, groups: list[Group], report: BuildReport, quizzes: dict[str, str], old_key: object
) -> str:
    """The front page (every book and its hands, its PDFs, and the hands that could not be built),
    the technique index and the make exercises with the make of every hand; rendered again only
    when what they show (their key, returned for the manifest) changed or a page is missing."""

    def pdf_of(group: Group) -> tuple[str | None, str]:
        if not report.corpus_pdf:
            return None, ""
        size = ctx.site.size(group.pdf)
        return href(group.pdf), file_size(size) if size is not None else ""

    books = [
        _view(
            g,
            [_entry(ctx, b) for b in g.built],
            *pdf_of(g),
            quiz=href(q) if (q := quizzes.get(g.book.heading)) else None,
        )
        for g in groups
    ]
    problems = [
        shown(
            f"{c.path}: {sum(d.severity is Severity.ERROR for d in c.diagnostics)} problem(s); run replayer validate {c.path}"
        )
        for c in report.invalid
    ]
    corpus_size = ctx.site.size(CORPUS_PDF) if report.corpus_pdf else None
    views = (books, problems, report.corpus_pdf, corpus_size)
    # the pages are functions of these views, the templates and the code (base_key): the same views,
    # the same pages
    key = hashlib.sha256((ctx.base_key + repr(views)).encode("utf-8", "surrogateescape")).hexdigest()
    pages = ("index.html", TECHNIQUES_PAGE, MAKES_PAGE)
    if not ctx.options.force and key == old_key and all(ctx.site.is_file(p) for p in pages):
        return key
    _render_index_pages(ctx, books, problems, corpus_size, report.corpus_pdf)
    return key


def _render_index_pages(
    ctx: Context, books: list[BookView], problems: list[str], corpus_size: int | None, corpus_pdf: bool
) -> None:
    from ..teaching.annotate import TECHNIQUES, detector_names
    from .html import render_index, render_page, technique_index
    from .model import MAKE_TECHNIQUE
    from .pages import exercises, technique_definitions

    index = render_index(
        ctx.env,
        books,
        version=__version__,
        corpus_pdf=CORPUS_PDF if corpus_pdf else None,
        problems=problems,
        extra={
            "techniques_page": TECHNIQUES_PAGE,
            "makes_page": MAKES_PAGE,
            "corpus_size": file_size(corpus_size) if corpus_size is not None else "",
        },
    )
    ctx.site.write("index.html", index.encode("utf-8"))
    order = [MAKE_TECHNIQUE] + [TECHNIQUES[n] for n in detector_names()]
    techniques = render_page(
        ctx.env,
        "techniques.html",
        version=__version__,
        techniques=technique_index(books, order, technique_definitions(MAKE_TECHNIQUE)),
        books=books,
    )
    ctx.site.write(TECHNIQUES_PAGE, techniques.encode("utf-8"))
    makes = render_page(ctx.env, "makes.html", version=__version__, exercises=exercises(), books=books)
    ctx.site.write(MAKES_PAGE, makes.encode("utf-8"))


def shown(text: str) -> str:
    """A file name as a page can show it: bytes that were not UTF-8 (kept by Python as surrogates)
    become U+FFFD, where encoding the page would fail."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
