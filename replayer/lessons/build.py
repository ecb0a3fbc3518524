"""``replayer build``: every hand under the given folders becomes a lesson in a static site.

The file-system edge of the lessons: it finds hands, validates them, asks the pure renderers for
HTML and PDF, and writes the results atomically.  A manifest in the output folder records a content
hash per lesson (the hand, its neighbours, the templates, the assets and the package version), so an
unchanged hand is not rendered again.  Every file goes through ``outputs.OutputFolder``: inside
the output folder, through no symbolic link, under a safe and unique name, written atomically.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import jinja2

from .. import __version__
from ..record.diagnostics import Diagnostic, Severity
from ..teaching.annotate import TECHNIQUES, detector_names
from ..validation.files import Checked, check_file, find_hands
from .fonts import WEB_FONTS, fonts_key, site_characters, web_fonts
from .handout import QuizBook, QuizBuild, quiz_entries, write_quizzes
from .html import (
    Book,
    BookView,
    IndexEntry,
    Nav,
    file_size,
    hand_heading,
    make_environment,
    render_corpus_front,
    render_index,
    render_lesson,
    render_page,
    technique_index,
)
from .media import LessonImages, lesson_images, publish_images, refused_fetches
from .model import MAKE_TECHNIQUE, Lesson, lesson_model
from .outputs import Names, OutputError, OutputFolder, OutputNotOurs, href, site_path
from .pages import exercises, technique_definitions
from .resources import assets_dir, templates_dir

__all__ = [
    "BuildOptions",
    "BuildReport",
    "build_site",
    "DEFAULT_OUT",
    "LessonSummary",
    "MANIFEST",
    "OutputNotOurs",
]

DEFAULT_OUT = "_site"
MANIFEST = ".replayer-build.json"
TEMPLATES = templates_dir()
ASSETS = assets_dir()
CORPUS_PDF = "all-hands.pdf"


@dataclass(frozen=True, slots=True)
class BuildOptions:
    out: Path = Path(DEFAULT_OUT)
    templates: Path | None = None  # the user's override folder, searched before ours
    pdf: bool = True
    force: bool = False  # render everything, ignoring the manifest


@dataclass(slots=True)
class BuildReport:
    lessons: int = 0
    rendered: int = 0
    unchanged: int = 0
    pdfs: int = 0
    invalid: list[Checked] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    seconds: float = 0.0
    corpus_pdf: bool = False
    pdf_error: str | None = None  # why no PDFs could be made, when they were asked for
    book_pdfs: list[str] = field(default_factory=list)  # each book's own PDF, when the site has several
    #: seconds spent in each stage: "check" (read, validate, replay), "lesson model" (the notes, the
    #: double-dummy layer), "HTML", "lesson PDFs", "book PDFs", "index pages"
    stages: dict[str, float] = field(default_factory=dict)
    stages_cpu: dict[str, float] = field(default_factory=dict)  # the same, in this process's CPU time

    @contextmanager
    def timed(self, stage: str) -> Iterator[None]:
        """Add the time the block takes to ``stage``."""
        started, cpu = time.perf_counter(), time.process_time()
        try:
            yield
        finally:
            self.stages[stage] = self.stages.get(stage, 0.0) + time.perf_counter() - started
            self.stages_cpu[stage] = self.stages_cpu.get(stage, 0.0) + time.process_time() - cpu


@dataclass(frozen=True, slots=True)
class LessonSummary:
    """A lesson's facts for the index, the technique page and the corpus PDF, kept in the manifest
    so that an unchanged hand needs no lesson model on the next build."""

    title: str
    citation: str
    contract: str
    result: str  # the book's result line, or what the cards give
    techniques: tuple[str, ...]
    technique_tricks: tuple[tuple[str, tuple[int, ...]], ...]  # technique -> the tricks that show it
    score: str = ""  # the score before the deal, as the facts give it ("A–B 20, Y–Z 8")
    make: str = ""  # the engine's note on the make (Markdown), "" when it has none
    make_id: str = ""  # that note's anchor on the lesson page

    _TEXTS = ("title", "citation", "contract", "result", "score", "make", "make_id")

    @classmethod
    def of(cls, lesson: Lesson) -> LessonSummary:
        make = next((n for n in lesson.notes if n.technique == MAKE_TECHNIQUE), None)
        return cls(
            lesson.title,
            lesson.citation,
            lesson.contract,
            lesson.result or lesson.outcome,
            lesson.techniques,
            lesson.technique_tricks,
            dict(lesson.facts).get("Score before the deal", ""),
            make.text if make is not None else "",
            make.id if make is not None else "",
        )

    def to_json(self) -> dict[str, object]:
        return {
            **{k: getattr(self, k) for k in self._TEXTS},
            "techniques": list(self.techniques),
            "technique_tricks": [[k, list(v)] for k, v in self.technique_tricks],
        }

    @classmethod
    def from_json(cls, data: object) -> LessonSummary | None:
        """The summary an earlier build kept, or None when the manifest does not hold one."""
        if not isinstance(data, dict):
            return None
        texts = [data.get(k) for k in cls._TEXTS]
        techniques, tricks = data.get("techniques"), data.get("technique_tricks")
        if not all(isinstance(t, str) for t in texts) or not isinstance(techniques, list):
            return None
        if not isinstance(tricks, list) or not all(_technique_entry(e) for e in tricks):
            return None
        title, citation, contract, result, score, make, make_id = (str(t) for t in texts)
        return cls(
            title,
            citation,
            contract,
            result,
            tuple(_strings(techniques)),
            tuple((str(k), tuple(int(t) for t in v)) for k, v in tricks),
            score,
            make,
            make_id,
        )


def _technique_entry(value: object) -> bool:
    """``[technique, [trick, …]]`` as the manifest keeps it."""
    return (
        isinstance(value, list)
        and len(value) == 2
        and isinstance(value[0], str)
        and isinstance(value[1], list)
        and all(isinstance(t, int) for t in value[1])
    )


@dataclass(frozen=True, slots=True)
class _Hand:
    """A valid hand the build found, and where its lesson goes."""

    checked: Checked
    slug: str  # foster-1904/hand-5
    title: str
    book: Book
    number: str = ""  # the book's number for the hand
    theme: str | None = None  # the book's heading for it


@dataclass(frozen=True, slots=True)
class _Built:
    """A hand's lesson once built (or found unchanged): its content key, summary and manifest entry."""

    hand: _Hand
    key: str
    summary: LessonSummary
    entry: dict[str, object]

    @property
    def slug(self) -> str:
        return self.hand.slug


@dataclass(frozen=True, slots=True)
class _Context:
    """What every step of one build shares."""

    out: Path
    site: OutputFolder  # every file of the build is written, read back and removed through it
    options: BuildOptions
    env: jinja2.Environment
    base_key: str  # the hash of what every lesson depends on: the version, templates, assets, layers
    with_dd: bool  # the lessons carry the double-dummy layer (endplay is installed)
    dd_cache: dict[str, int]
    progress: Callable[[int, int, str], None] | None

    def tell(self, n: int, total: int, what: str) -> None:
        if self.progress:
            self.progress(n, total, what)


def _natural(text: str) -> list[object]:
    """A sort key that puts hand-2 before hand-10.  Only ASCII digits are numbers (``²`` is text), and
    a run of digits compares by its length, then its text: no int() of a name's digits."""
    parts = re.split(r"([0-9]+)", text)
    return [(len(p.lstrip("0")), p.lstrip("0")) if i % 2 else p.lower() for i, p in enumerate(parts)]


def _shown(text: str) -> str:
    """A file name as a page can show it: bytes that were not UTF-8 (kept by Python as surrogates)
    become U+FFFD, where encoding the page would fail."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _slug(path: Path, roots: list[Path]) -> str:
    for root in roots:
        try:
            rel = path.resolve().relative_to(root.resolve())
        except ValueError:
            continue
        return rel.with_suffix("").as_posix()
    return path.stem


def _digest_tree(folders: Iterable[Path]) -> str:
    h = hashlib.sha256()
    for folder in folders:
        if not folder.is_dir():
            continue
        for f in sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.startswith(".")):
            h.update(f.relative_to(folder).as_posix().encode())
            h.update(hashlib.sha256(f.read_bytes()).digest())
    return h.hexdigest()


def _open_site(out: Path) -> tuple[OutputFolder, dict[str, object] | None]:
    """The output folder and the previous build's manifest (None when there is none yet); refuse a
    non-empty folder that no build of ours wrote (temporary files of ours do not count)."""
    site = OutputFolder(out)
    data = site.read(MANIFEST)
    if data is not None:
        try:
            previous = json.loads(data.decode("utf-8"))
        except ValueError:
            return site, {}
        return site, previous if isinstance(previous, dict) else {}
    if not site.is_empty():
        raise OutputNotOurs(site.root)
    return site, None


def _manifest(data: dict[str, object]) -> bytes:
    return (json.dumps(data, indent=1, sort_keys=True) + "\n").encode("utf-8")


def build_site(
    paths: list[str], options: BuildOptions, progress: Callable[[int, int, str], None] | None = None
) -> BuildReport:
    """Build the site; never raises on a hand's content (invalid hands are reported, the rest built).

    The steps: refuse a foreign output folder, find and check the hands, render the lessons that
    changed since the last build (and their PDFs), assemble the corpus PDF, write the index pages,
    remove what an earlier build wrote for hands now gone, and record it all in the manifest."""
    started = time.perf_counter()
    report = BuildReport()
    site, previous = _open_site(options.out)
    files = _distinct(find_hands(paths))
    if previous is None:  # a new folder: mark it ours before anything else, so a killed build resumes
        site.write(MANIFEST, _manifest({"version": __version__, "lessons": {}}))
        previous = {}
    if options.pdf:
        options = _with_pdf_if_possible(options, report)
    ctx = _context(site, options, progress)
    dd_size = len(ctx.dd_cache)
    hands = _check_hands(ctx, files, [Path(p) for p in paths if Path(p).is_dir()], report)
    old_lessons = _mapping(previous.get("lessons"))
    site.check_folders(["assets/lesson.css"] + [h.slug + ".html" for h in hands])  # no link to write through
    _copy_assets(site)
    built = [
        _build_lesson(ctx, hands, i, _mapping(old_lessons.get(hand.slug)), report)
        for i, hand in enumerate(hands)
    ]
    groups = _group(built)
    with report.timed("book PDFs"):
        manifest: dict[str, object] = {"version": __version__, **_build_pdfs(ctx, groups, previous, report)}
    with report.timed("quiz PDFs"):  # each book's decision points, beside its lessons (handout.py)
        taken = SITE_PAGES + tuple(b.slug for b in built) + tuple(g.anchor for g in groups)
        quiz = QuizBuild(ctx.base_key, __version__, ctx.options, previous.get("quizzes"), taken, MANIFEST)
        books = [QuizBook.of(g.book.heading, [(b.slug, b.entry) for b in g.built]) for g in groups]
        manifest["quizzes"], quizzes = write_quizzes(site, ctx.env, books, quiz)
    with report.timed("index pages"):
        _write_index_pages(ctx, groups, report, quizzes)
    with report.timed("web fonts"):
        manifest["fonts"] = _write_fonts(site, built, previous.get("fonts"))
    _remove_stale(site, old_lessons, built)
    _remove_stale_pdfs(site, previous, manifest)
    if len(ctx.dd_cache) != dd_size:
        site.write(DD_CACHE, (json.dumps(ctx.dd_cache, sort_keys=True) + "\n").encode("utf-8"))
    manifest["lessons"] = {b.slug: b.entry for b in built}
    site.write(MANIFEST, _manifest(manifest))
    site.remove_temporaries()
    report.diagnostics.extend(site.warnings)
    report.seconds = time.perf_counter() - started
    return report


def _distinct(files: list[Path]) -> list[Path]:
    """The hand files, each once (a file named twice, or also inside a folder named, is one hand)."""
    seen: set[Path] = set()
    out = []
    for f in files:
        key = f.resolve()
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def _with_pdf_if_possible(options: BuildOptions, report: BuildReport) -> BuildOptions:
    """The options, without PDFs when WeasyPrint cannot run here (the report says why)."""
    from .pdf import pdf_unavailable

    report.pdf_error = pdf_unavailable()
    if report.pdf_error is None:
        return options
    return BuildOptions(options.out, options.templates, False, options.force)


def _context(
    site: OutputFolder, options: BuildOptions, progress: Callable[[int, int, str], None] | None
) -> _Context:
    """The templates, the double-dummy layer and its cache, and the key every lesson depends on."""
    from ..analysis import dds_available

    template_dirs = ([str(options.templates)] if options.templates else []) + [str(TEMPLATES)]
    with_dd = dds_available() is None  # the lessons carry the double-dummy layer only with endplay
    base_key = hashlib.sha256(
        "\0".join(
            (
                __version__,
                _digest_tree([Path(d) for d in template_dirs]),
                _digest_tree([ASSETS]),
                str(options.pdf),
                str(with_dd),
            )
        ).encode()
    ).hexdigest()
    return _Context(
        site.root,
        site,
        options,
        make_environment(template_dirs),
        base_key,
        with_dd,
        _load_dd_cache(site) if with_dd else {},
        progress,
    )


def _check_hands(ctx: _Context, files: list[Path], roots: list[Path], report: BuildReport) -> list[_Hand]:
    """Validate every hand file: the valid ones, in natural order of their slugs, become lessons;
    the invalid ones and every diagnostic go to the report.  Each lesson's slug is made safe and
    unique (``outputs.Names``): two hands never share a page, and none takes a page of the site."""
    valid: list[tuple[Checked, str]] = []
    for n, path in enumerate(files, 1):
        ctx.tell(n, len(files), f"checking {path}")
        with report.timed("check"):
            checked = check_file(path)
        report.diagnostics.extend(checked.diagnostics)
        errors = [d for d in checked.diagnostics if d.severity is Severity.ERROR]
        if errors or checked.game is None or checked.record is None:
            report.invalid.append(checked)
            continue
        valid.append((checked, _slug(path, roots)))
    books = {slug: Book.of(checked.record, slug) for checked, slug in valid if checked.record is not None}
    valid.sort(key=lambda v: (books[v[1]].order, _natural(v[1])))  # the index's order: by book, then file
    names = Names(reserved=SITE_PAGES)
    hands: list[_Hand] = []
    for checked, slug in valid:
        record = checked.record
        assert record is not None
        *folders, stem = slug.split("/")
        title = record.title.value if record.title is not None else _shown(record.path)
        src = record.source
        hands.append(
            _Hand(
                checked,
                "/".join(names.give(tuple(folders), stem, ".html")),
                title,
                books[slug],
                src.hand.value if src is not None and src.hand is not None else "",
                src.theme.value if src is not None and src.theme is not None else None,
            )
        )
    return hands


def _nav(ctx: _Context, hands: list[_Hand], i: int) -> Nav:
    """Where the i-th lesson sits: links to the index, its neighbours and its PDF, relative to it."""
    slug = hands[i].slug
    root = "../" * slug.count("/")

    def link(other: _Hand) -> tuple[str, str]:
        rel = os.path.relpath(ctx.out / (other.slug + ".html"), (ctx.out / slug).parent)
        return href(rel.replace(os.sep, "/")), other.title

    return Nav(
        root=root,
        index=root + "index.html",
        prev=link(hands[i - 1]) if i > 0 else None,
        next=link(hands[i + 1]) if i + 1 < len(hands) else None,
        pdf=href(Path(slug).name + ".pdf") if ctx.options.pdf else None,
        source_path=_shown(hands[i].checked.path.as_posix()),
    )


def _build_lesson(
    ctx: _Context, hands: list[_Hand], i: int, old: dict[str, object], report: BuildReport
) -> _Built:
    """The i-th lesson: rendered (with its PDF) unless the manifest shows it unchanged; ``old`` is
    its entry in the previous manifest."""
    hand = hands[i]
    ctx.tell(i + 1, len(hands), f"rendering {hand.slug}")
    nav = _nav(ctx, hands, i)
    text = hand.checked.path.read_bytes()
    # the hand's Markdown images, read and checked on every build: a refused one is reported each
    # time, and a changed image file renders the lesson again (its copy's name is its content's hash)
    images = lesson_images(hand.checked, hand.slug)
    report.diagnostics.extend(images.refusals)
    parts = (ctx.base_key.encode(), text, repr(nav).encode(), images.key().encode())
    key = hashlib.sha256(b"\0".join(parts)).hexdigest()
    pages = [hand.slug + ".html"] + ([hand.slug + ".pdf"] if ctx.options.pdf else [])
    entry: dict[str, object] = {"key": key, "files": pages + sorted(images.files)}
    summary = LessonSummary.from_json(old.get("summary"))
    fresh = (
        not ctx.options.force
        and old.get("key") == key
        and all(ctx.site.is_file(f) for f in pages + sorted(images.files))
    )
    if fresh and summary is not None:
        report.unchanged += 1
        if "pdf_key" in old:
            entry["pdf_key"] = old["pdf_key"]
        entry["quiz"] = old.get("quiz", [])  # the lesson's decision points, for the quiz handout
    else:
        summary = _render_lesson(ctx, hand, nav, images, old, entry, report)
        report.rendered += 1
    entry["summary"] = summary.to_json()
    report.lessons += 1
    return _Built(hand, key, summary, entry)


def _render_lesson(
    ctx: _Context,
    hand: _Hand,
    nav: Nav,
    images: LessonImages,
    old: dict[str, object],
    entry: dict[str, object],
    report: BuildReport,
) -> LessonSummary:
    """Write a lesson's page, and its PDF when the print page changed; its PDF key goes in ``entry``."""
    game, record = hand.checked.game, hand.checked.record
    assert game is not None and record is not None
    with report.timed("lesson model"):
        lesson = lesson_model(game, record, hand.checked.diagnostics, ctx.dd_cache, double_dummy=ctx.with_dd)
    # the hand's images copied into media/ beside the page; a refused one is shown as its alt text
    lesson = publish_images(lesson, images, ctx.site.write)
    entry["quiz"] = quiz_entries(lesson)
    html_path = ctx.out / (hand.slug + ".html")
    with report.timed("HTML"):
        page = render_lesson(ctx.env, lesson, nav, version=__version__)
        ctx.site.write(hand.slug + ".html", page.encode("utf-8"))
    if ctx.options.pdf:
        from .pdf import render_pdf

        with report.timed("HTML"):
            html = render_lesson(ctx.env, lesson, nav, version=__version__, for_print=True)
        # the PDF depends only on the print page: an edit that leaves it alone costs no render
        pdf_key = hashlib.sha256((ctx.base_key + html).encode("utf-8")).hexdigest()
        entry["pdf_key"] = pdf_key
        if old.get("pdf_key") != pdf_key or not ctx.site.is_file(hand.slug + ".pdf"):
            refused: list[str] = []
            with report.timed("lesson PDFs"):
                pdf = render_pdf(html, base_url=str(html_path), refused=refused)
                ctx.site.write(hand.slug + ".pdf", pdf)
            report.diagnostics.extend(refused_fetches(hand.checked, refused))
            report.pdfs += 1
    return LessonSummary.of(lesson)


def _remove_stale(site: OutputFolder, old_lessons: dict[str, object], built: list[_Built]) -> None:
    """Files an earlier build wrote for hands that are gone (or PDFs no longer wanted): ours to
    remove.  The manifest is read as untrusted: ``site.remove`` ignores, with a warning, a path that
    is not inside the site or passes through a symbolic link, and spares what this build wrote."""
    wanted = {f for b in built for f in _strings(b.entry.get("files"))}
    for old in old_lessons.values():
        for f in _strings(_mapping(old).get("files")):
            if f not in wanted:
                site.remove(f, MANIFEST)


def _mapping(value: object) -> dict[str, object]:
    """A JSON object read from the manifest, or an empty one when it holds something else."""
    return {str(k): v for k, v in value.items()} if isinstance(value, dict) else {}


DD_CACHE = ".replayer-dds.json"


def _load_dd_cache(site: OutputFolder) -> dict[str, int]:
    """Positions solved by earlier builds (position → tricks), so a rebuild solves nothing twice."""
    try:
        data = json.loads((site.read(DD_CACHE) or b"{}").decode("utf-8"))
    except ValueError:
        return {}
    return (
        {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, int)}
        if isinstance(data, dict)
        else {}
    )


TECHNIQUES_PAGE = "techniques.html"
MAKES_PAGE = "makes.html"
#: the site's own pages, by slug: a hand file named like one (index.yaml) gets a lesson named index-2
SITE_PAGES = ("index", "techniques", "makes", "all-hands")


def _strings(value: object) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _copy_assets(site: OutputFolder) -> None:
    for src in sorted(ASSETS.rglob("*")):
        if src.is_file() and src.suffix in (".css", ".js", ".txt", ".woff2"):  # the TTFs: _write_fonts
            site.write("assets/" + src.relative_to(ASSETS).as_posix(), src.read_bytes())


def _write_fonts(site: OutputFolder, built: list[_Built], old_key: object) -> str:
    """The web fonts (fonts.py), cut to what every page of the site, its CSS and its script can show;
    made again only when their key changed.  The key, for the manifest."""
    pages = [b.slug + ".html" for b in built] + ["index.html", TECHNIQUES_PAGE, MAKES_PAGE]
    code = [f.read_bytes() for f in sorted(ASSETS.iterdir()) if f.suffix in (".css", ".js")]
    chars = site_characters([site.read(p) or b"" for p in pages] + code)
    sources = {name: (ASSETS / ttf).read_bytes() for name, ttf in WEB_FONTS.items()}
    key = fonts_key(chars, sources)
    if key != old_key or not all(site.is_file("assets/" + name) for name in WEB_FONTS):
        for name, data in web_fonts(chars, sources).items():
            site.write("assets/" + name, data)
    return key


def _read_back(site: OutputFolder, rel: str) -> bytes:
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
class _Group:
    """One book of the site, its lessons in order, and the names of its section and PDF."""

    book: Book
    built: tuple[_Built, ...]
    anchor: str  # the book's own PDF without ".pdf", and its section's id in the index
    pdf: str  # that PDF, or the corpus PDF when the site holds one book


def _group(built: list[_Built]) -> list[_Group]:
    """The lessons by book, in the books' order (the lessons are sorted by book already).  Each book's
    PDF is named after its folder (``elwell-1904.pdf``), unique, and never a page of the site or a
    lesson's PDF at the top of the site."""
    by_book: dict[Book, list[_Built]] = {}
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
        groups.append(_Group(book, tuple(items), anchor, anchor + ".pdf" if len(by_book) > 1 else CORPUS_PDF))
    return groups


def _entry(ctx: _Context, b: _Built, page: int | None = None) -> IndexEntry:
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
    group: _Group, entries: list[IndexEntry], pdf: str | None = None, size: str = "", quiz: str | None = None
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


def _build_pdfs(
    ctx: _Context, groups: list[_Group], previous: dict[str, object], report: BuildReport
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


def _book_pdf(ctx: _Context, groups: list[_Group], name: str, old: dict[str, object]) -> dict[str, object]:
    """The PDF ``name`` of these books' lessons, assembled unless the last build made the same."""
    parts = [ctx.base_key, name] + [g.book.heading for g in groups] + [b.key for g in groups for b in g.built]
    key = hashlib.sha256("\0".join(parts).encode()).hexdigest()
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


def _write_pdf(ctx: _Context, groups: list[_Group], name: str, front_key: object) -> str:
    """Assemble a PDF of books: a title page naming them, the contents, then each lesson's own PDF.
    The front matter is rendered again only when its page changes.  Returns its key for the manifest."""
    from .pdf import assemble_corpus, render_pdf

    site = ctx.site
    lessons = [(b.summary.title, _read_back(site, b.slug + ".pdf")) for g in groups for b in g.built]
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


def _remove_stale_pdfs(site: OutputFolder, previous: dict[str, object], manifest: dict[str, object]) -> None:
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


def _write_index_pages(
    ctx: _Context, groups: list[_Group], report: BuildReport, quizzes: dict[str, str]
) -> None:
    """The front page (every book and its hands, its PDFs, and the hands that could not be built),
    the technique index and the make exercises with the make of every hand."""

    def pdf_of(group: _Group) -> tuple[str | None, str]:
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
        _shown(
            f"{c.path}: {sum(d.severity is Severity.ERROR for d in c.diagnostics)} problem(s); run replayer validate {c.path}"
        )
        for c in report.invalid
    ]
    corpus_size = ctx.site.size(CORPUS_PDF) if report.corpus_pdf else None
    index = render_index(
        ctx.env,
        books,
        version=__version__,
        corpus_pdf=CORPUS_PDF if report.corpus_pdf else None,
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
