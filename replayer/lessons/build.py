"""``replayer build``: every hand under the given folders becomes a lesson in a static site.

The file-system edge of the lessons: it finds hands, validates them, asks the pure renderers for
HTML and PDF, and writes the results atomically.  A manifest in the output folder records a content
hash per lesson (the hand, its neighbours, the templates, the assets and the package version), so an
unchanged hand is not rendered again, and the facts of each valid hand file by the hash of its bytes
(``cache.py``), so an unchanged hand is not even validated again: a build that finds nothing changed
reads the hands and the manifest, and stops.  The lessons that did change are rendered on every core
(``parallel.py``); the books' PDFs and the front pages are ``books.py``'s.  Every file goes through
``outputs.OutputFolder``: inside the output folder, through no symbolic link, under a safe and unique
name, written atomically.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from .. import __version__
from ..record.diagnostics import Diagnostic, Severity
from ..validation.files import Checked, check_file, find_hands
from .books import (
    CORPUS_PDF,
    MAKES_PAGE,
    MANIFEST,
    SITE_PAGES,
    TECHNIQUES_PAGE,
    Built,
    Context,
    Hand,
    build_pdfs,
    group,
    remove_stale_pdfs,
    shown,
    write_index_pages,
)
from .cache import HandFacts, LessonSummary, content_key, strings
from .fonts import WEB_FONTS
from .outputs import Names, OutputFolder, OutputNotOurs, href
from .parallel import (
    PdfLater,
    Rendered,
    RenderSetup,
    RenderTask,
    background_pdfs,
    default_jobs,
    render_later,
    render_lessons,
)
from .resources import assets_dir, templates_dir
from .views import Book, Nav

if TYPE_CHECKING:
    from .media import LessonImages

__all__ = [
    "BuildOptions",
    "BuildReport",
    "build_site",
    "CORPUS_PDF",
    "DEFAULT_OUT",
    "LessonSummary",
    "MANIFEST",
    "OutputNotOurs",
]

DEFAULT_OUT = "_site"
TEMPLATES = templates_dir()
ASSETS = assets_dir()


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
    checked: int = 0  # hand files validated by this build (the others were unchanged since the last)
    #: seconds spent in each stage: "check" (read, validate, replay), "lesson model" (the notes, the
    #: double-dummy layer), "HTML", "lesson PDFs", "book PDFs", "index pages"; a lesson's stages are
    #: its worker's, so with several workers they add up to more than the build's wall time
    stages: dict[str, float] = field(default_factory=dict)
    stages_cpu: dict[str, float] = field(default_factory=dict)  # the same, in CPU time
    #: with ``on_pages``: the files written after it was called (the PDFs, and the index pages and
    #: web fonts when they changed), in the site's terms (``book/hand-5.pdf``)
    late: list[str] = field(default_factory=list)

    @contextmanager
    def timed(self, stage: str) -> Iterator[None]:
        """Add the time the block takes to ``stage``."""
        started, cpu = time.perf_counter(), time.process_time()
        try:
            yield
        finally:
            self.add(stage, time.perf_counter() - started, time.process_time() - cpu)

    def add(self, stage: str, seconds: float, cpu: float) -> None:
        self.stages[stage] = self.stages.get(stage, 0.0) + seconds
        self.stages_cpu[stage] = self.stages_cpu.get(stage, 0.0) + cpu


@dataclass(frozen=True, slots=True)
class _Plan:
    """A lesson as the build sees it before rendering: its key, its place and its images; its
    summary when the manifest shows it unchanged (None: it is to be rendered)."""

    hand: Hand
    key: str
    nav: Nav
    images: LessonImages
    entry: dict[str, object]
    summary: LessonSummary | None
    old_pdf_key: str | None = None  # the key of its PDF in the site, when there is one


def _natural(text: str) -> list[object]:
    """A sort key that puts hand-2 before hand-10.  Only ASCII digits are numbers (``²`` is text), and
    a run of digits compares by its length, then its text: no int() of a name's digits."""
    parts = re.split(r"([0-9]+)", text)
    return [(len(p.lstrip("0")), p.lstrip("0")) if i % 2 else p.lower() for i, p in enumerate(parts)]


def _slug(path: Path, roots: list[Path]) -> str:
    for root in roots:
        try:
            rel = path.resolve().relative_to(root.resolve())
        except ValueError:
            continue
        return rel.with_suffix("").as_posix()
    return path.stem


def _digest_tree(folders: Iterable[Path]) -> tuple[str, bool]:
    """The hash of every file under ``folders``, and whether a template names ``source_path``."""
    h = hashlib.sha256()
    source_path = False
    for folder in folders:
        if not folder.is_dir():
            continue
        for f in sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.startswith(".")):
            data = f.read_bytes()
            h.update(f.relative_to(folder).as_posix().encode())
            h.update(hashlib.sha256(data).digest())
            source_path = source_path or b"source_path" in data
    return h.hexdigest(), source_path


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
    paths: list[str],
    options: BuildOptions,
    progress: Callable[[int, int, str], None] | None = None,
    jobs: int | None = None,
    on_pages: Callable[[BuildReport], None] | None = None,
) -> BuildReport:
    """Build the site; never raises on a hand's content (invalid hands are reported, the rest built).

    The steps: refuse a foreign output folder, find the hands and check those that changed, render
    the lessons that changed since the last build (and their PDFs) on ``jobs`` processes (default:
    every core), assemble the books' PDFs, write the index pages, remove what an earlier build wrote
    for hands now gone, and record it all in the manifest.  WeasyPrint is imported (and found
    missing, when it is) only when a PDF is to be made.

    ``on_pages`` (the preview's): called with the report so far once every lesson's page is written,
    before any PDF is made; the lessons' PDFs, the books' PDFs and handouts, the index pages and the
    manifest follow.  Until the PDFs are written the old ones stay in place (every file is replaced
    atomically), and the manifest, written last, names only what is written: a build stopped in
    between leaves the last build's manifest, whose keys make the next build render those lessons
    again.  Without it the site is the same, byte for byte."""
    started = time.perf_counter()
    report = BuildReport()
    site, previous = _open_site(options.out)
    files = _distinct(find_hands(paths))
    if previous is None:  # a new folder: mark it ours before anything else, so a killed build resumes
        site.write(MANIFEST, _manifest({"version": __version__, "lessons": {}}))
        previous = {}
    ctx = _context(site, options, progress)
    hands = _check_hands(ctx, files, [Path(p) for p in paths if Path(p).is_dir()], previous, report)
    old_lessons = _mapping(previous.get("lessons"))
    site.check_folders(["assets/lesson.css"] + [h.slug + ".html" for h in hands])  # no link to write through
    images = _images(hands, report)
    plans = _plans(ctx, hands, images, old_lessons)
    if options.pdf and _pdf_work(ctx, plans, previous):
        from . import pdf

        report.pdf_error = pdf.pdf_unavailable()
        if report.pdf_error is not None:
            ctx = _context(site, replace(options, pdf=False), progress)
            plans = _plans(ctx, hands, images, old_lessons)
    _copy_assets(site)
    jobs = default_jobs() if jobs is None else jobs
    later: list[tuple[_Plan, PdfLater]] = []
    built, dd_known = _build_lessons(ctx, plans, report, jobs, later if on_pages is not None else None)
    if on_pages is not None:
        on_pages(report)
        early = set(site.written)
        _write_later(ctx, later, report)
    _finish(ctx, built, previous, report, dd_known, jobs)
    if on_pages is not None:
        report.late = sorted(site.written - early)
    report.seconds = time.perf_counter() - started
    return report


def _finish(
    ctx: Context,
    built: list[Built],
    previous: dict[str, object],
    report: BuildReport,
    dd_known: int,
    jobs: int,
) -> None:
    """After the lessons: the books' PDFs, the handouts, the front pages, the web fonts; what an
    earlier build made and this one did not, removed; the solver's cache and the manifest."""
    from .handout import QuizBook, QuizBuild, write_quizzes

    site, groups = ctx.site, group(built)
    manifest: dict[str, object] = {"version": __version__}
    later: list[tuple[str, Callable[[], bytes]]] = []
    with background_pdfs(jobs) as render:  # the handouts are rendered while the books are assembled
        with report.timed("quiz PDFs"):  # each book's decision points, beside its lessons (handout.py)
            taken = SITE_PAGES + tuple(b.slug for b in built) + tuple(g.anchor for g in groups)
            quiz = QuizBuild(ctx.base_key, __version__, ctx.options, previous.get("quizzes"), taken, MANIFEST)
            books = [QuizBook.of(g.book.heading, [(b.slug, b.entry) for b in g.built]) for g in groups]
            quizzes_made, quizzes = write_quizzes(site, lambda: ctx.env, books, quiz, later, render)
        with report.timed("book PDFs"):
            manifest.update(build_pdfs(ctx, groups, previous, report))
        with report.timed("quiz PDFs"):
            for name, pdf in later:
                site.write(name, pdf())
    manifest["quizzes"] = quizzes_made
    with report.timed("index pages"):
        manifest["pages"] = write_index_pages(ctx, groups, report, quizzes, previous.get("pages"))
    with report.timed("web fonts"):
        fonts_input = hashlib.sha256("\0".join([str(manifest["pages"])] + [b.key for b in built]).encode())
        manifest["fonts_input"] = fonts_input.hexdigest()
        manifest["fonts"] = _write_fonts(ctx, built, previous, manifest["fonts_input"])
    _remove_stale(site, _mapping(previous.get("lessons")), built)
    remove_stale_pdfs(site, previous, manifest)
    if len(ctx.dd_cache) != dd_known:
        site.write(DD_CACHE, (json.dumps(ctx.dd_cache, sort_keys=True) + "\n").encode("utf-8"))
    kept = ((b.hand.text_key, b.hand.facts.to_json(str(b.hand.path))) for b in built)
    manifest["hands"] = {key: facts for key, facts in kept if facts is not None}
    manifest["lessons"] = {b.slug: b.entry for b in built}
    if manifest != previous or not site.is_file(MANIFEST):  # as it reads: no need to encode it again
        site.write(MANIFEST, _manifest(manifest))
    site.remove_temporaries()
    report.diagnostics.extend(site.warnings)


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


def _context(
    site: OutputFolder, options: BuildOptions, progress: Callable[[int, int, str], None] | None
) -> Context:
    """The templates, the double-dummy layer, and the key every lesson depends on."""
    from ..analysis import dds_available

    template_dirs = ([str(options.templates)] if options.templates else []) + [str(TEMPLATES)]
    with_dd = dds_available() is None  # the lessons carry the double-dummy layer only with endplay
    templates, source_path = _digest_tree([Path(d) for d in template_dirs])
    base_key = hashlib.sha256(
        "\0".join(
            (__version__, templates, _digest_tree([ASSETS])[0], str(options.pdf), str(with_dd))
        ).encode()
    ).hexdigest()
    return Context(
        site.root, site, options, tuple(template_dirs), base_key, with_dd, {}, progress, source_path
    )


def _check_hands(
    ctx: Context, files: list[Path], roots: list[Path], previous: dict[str, object], report: BuildReport
) -> list[Hand]:
    """Validate every hand file that changed since the last build (the facts of the others are in
    the manifest, by the hash of their bytes): the valid ones, in natural order of their slugs,
    become lessons; the invalid ones and every diagnostic go to the report.  Each lesson's slug is
    made safe and unique (``outputs.Names``): two hands never share a page, and none takes a page
    of the site."""
    known = _mapping(previous.get("hands"))
    valid: list[tuple[Hand, str]] = []
    for n, path in enumerate(files, 1):
        ctx.tell(n, len(files), f"checking {path}")
        with report.timed("check"):
            hand = _check_hand(path, known)
        report.checked += isinstance(hand, Checked) or hand.checked is not None
        if isinstance(hand, Checked):
            report.diagnostics.extend(hand.diagnostics)
            report.invalid.append(hand)
            continue
        report.diagnostics.extend(hand.facts.diagnostics)
        valid.append((hand, _slug(path, roots)))
    books = {slug: hand.facts.book_of(slug) for hand, slug in valid}
    valid.sort(key=lambda v: (books[v[1]].order, _natural(v[1])))  # the index's order: by book, then file
    names = Names(reserved=SITE_PAGES)
    hands = []
    for hand, slug in valid:
        *folders, stem = slug.split("/")
        name = "/".join(names.give(tuple(folders), stem, ".html"))
        hands.append(replace(hand, slug=name, book=books[slug]))
    return hands


def _check_hand(path: Path, known: dict[str, object]) -> Hand | Checked:
    """The hand at ``path``, from the manifest's facts when its bytes are as the last build found
    them, else validated; an invalid hand's validation (``Checked``)."""
    from .media import image_refs

    try:
        text = path.read_bytes()
    except OSError:
        text = None
    key = content_key(__version__, text) if text is not None else ""
    facts = HandFacts.from_json(known.get(key), str(path)) if key else None
    checked = None
    if facts is None:
        checked = check_file(path)
        if (
            checked.game is None
            or checked.record is None
            or any(d.severity is Severity.ERROR for d in checked.diagnostics)
        ):
            return checked
        facts = HandFacts.of(checked, image_refs(checked.record))
        if text is None:  # unreadable a moment ago, read now: its key is of what was validated
            text = path.read_bytes()
            key = content_key(__version__, text)
    assert text is not None
    title = facts.title if facts.title is not None else shown(str(path))
    return Hand(path, text, key, facts, "", title, Book("", "", None, ""), checked)


def _images(hands: list[Hand], report: BuildReport) -> list[LessonImages]:
    """Each hand's Markdown images, read and checked on every build: a refused one is reported each
    time, and a changed image file renders the lesson again (its copy's name is its content's hash)."""
    from .media import sort_images

    found = [sort_images(h.path, h.slug, h.facts.images) for h in hands]
    for images in found:
        report.diagnostics.extend(images.refusals)
    return found


def _plans(
    ctx: Context, hands: list[Hand], images: list[LessonImages], old: dict[str, object]
) -> list[_Plan]:
    return [_plan(ctx, hands, i, images[i], _mapping(old.get(hand.slug))) for i, hand in enumerate(hands)]


def _plan(ctx: Context, hands: list[Hand], i: int, images: LessonImages, old: dict[str, object]) -> _Plan:
    """The i-th lesson's key, and whether the manifest shows it unchanged; ``old`` is its entry in
    the previous manifest.  The key is of what the lesson's pages show: the path of the hand file
    as it was typed (``hands/``, ``./hands``, an absolute path) only when a template shows it."""
    hand = hands[i]
    nav = _nav(ctx, hands, i)
    shown_nav = nav if ctx.source_path_shown else replace(nav, source_path="")
    parts = (ctx.base_key, hand.title, repr(shown_nav), images.key())
    key = hashlib.sha256(
        b"\0".join([parts[0].encode(), hand.text, *(p.encode("utf-8", "surrogateescape") for p in parts[1:])])
    ).hexdigest()
    pages = [hand.slug + ".html"] + ([hand.slug + ".pdf"] if ctx.options.pdf else [])
    entry: dict[str, object] = {"key": key, "files": pages + sorted(images.files)}
    summary = LessonSummary.from_json(old.get("summary"))
    fresh = (
        not ctx.options.force
        and old.get("key") == key
        and all(ctx.site.is_file(f) for f in pages + sorted(images.files))
    )
    if not fresh or summary is None:
        pdf_key = old.get("pdf_key")
        there = isinstance(pdf_key, str) and ctx.options.pdf and ctx.site.is_file(hand.slug + ".pdf")
        return _Plan(
            hand, key, nav, images, entry, None, pdf_key if there and isinstance(pdf_key, str) else None
        )
    if "pdf_key" in old:
        entry["pdf_key"] = old["pdf_key"]
    entry["quiz"] = old.get("quiz", [])  # the lesson's decision points, for the quiz handout
    entry["summary"] = summary.to_json()
    return _Plan(hand, key, nav, images, entry, summary)


def _pdf_work(ctx: Context, plans: list[_Plan], previous: dict[str, object]) -> bool:
    """Whether this build makes a PDF: a lesson to render, or a book's PDF or a handout to make
    again.  Only then is WeasyPrint imported, to see whether it can run here."""
    if any(p.summary is None for p in plans):
        return True
    from .books import book_keys

    built = [Built(p.hand, p.key, p.summary, p.entry) for p in plans if p.summary is not None]
    handouts = _mapping(previous.get("quizzes"))
    return not book_keys(ctx, group(built), previous) or not all(ctx.site.is_file(n) for n in handouts)


def _build_lessons(
    ctx: Context,
    plans: list[_Plan],
    report: BuildReport,
    jobs: int,
    later: list[tuple[_Plan, PdfLater]] | None = None,
) -> tuple[list[Built], int]:
    """Every lesson: the unchanged ones as the manifest has them, the others rendered (on ``jobs``
    processes) and written in order.  The lessons, and the size of the solver's cache before.
    ``later``: the PDFs to make are not made but put there, for ``_write_later``."""
    stale = [i for i, p in enumerate(plans) if p.summary is None]
    if stale and ctx.with_dd:
        ctx.dd_cache.update(_load_dd_cache(ctx.site))  # read only when a lesson is to be rendered
    dd_known = len(ctx.dd_cache)
    for i in stale:  # the PDF reads the page's images from the site: they are written first
        for rel, data in plans[i].images.files.items():
            ctx.site.write(rel, data)
    tasks = [_task(ctx, plans[i], later is not None) for i in stale]
    setup = RenderSetup(ctx.template_dirs, ctx.base_key, __version__, ctx.with_dd, ctx.dd_cache)
    rendered: dict[int, Rendered] = {}
    told = 0

    def take(n: int, result: Rendered) -> None:
        nonlocal told
        i = stale[n]
        while told <= i:  # the lessons up to this one, in order, as a build in one process tells them
            ctx.tell(told + 1, len(plans), f"rendering {plans[told].hand.slug}")
            told += 1
        _write_lesson(ctx, plans[i], result, report)
        rendered[i] = result
        if result.later is not None and later is not None:
            later.append((plans[i], result.later))

    render_lessons(tasks, setup, jobs, take)
    while told < len(plans):
        ctx.tell(told + 1, len(plans), f"rendering {plans[told].hand.slug}")
        told += 1
    built = []
    for i, p in enumerate(plans):
        summary = p.summary if p.summary is not None else rendered[i].summary
        if p.summary is None:
            report.rendered += 1
        else:
            report.unchanged += 1
        report.lessons += 1
        built.append(Built(p.hand, p.key, summary, p.entry))
    return built, dd_known


def _task(ctx: Context, plan: _Plan, pdf_later: bool = False) -> RenderTask:
    page = str(ctx.out / (plan.hand.slug + ".html"))
    return RenderTask(
        plan.hand.path, plan.nav, plan.images, page, ctx.options.pdf, plan.old_pdf_key, pdf_later
    )


def _write_lesson(ctx: Context, plan: _Plan, result: Rendered, report: BuildReport) -> None:
    """A rendered lesson's page and PDF written; its manifest entry completed."""
    for stage, seconds, cpu in result.stages:
        report.add(stage, seconds, cpu)
    ctx.dd_cache.update(result.solved)
    slug, entry = plan.hand.slug, plan.entry
    entry["quiz"] = result.quiz
    ctx.site.write(slug + ".html", result.page)
    if result.pdf_key is not None and result.later is None:  # a PDF left for later: its key, once written
        entry["pdf_key"] = result.pdf_key
    if result.pdf is not None:
        ctx.site.write(slug + ".pdf", result.pdf)
        report.diagnostics.extend(result.diagnostics)
        report.pdfs += 1
    entry["summary"] = result.summary.to_json()


def _write_later(ctx: Context, later: list[tuple[_Plan, PdfLater]], report: BuildReport) -> None:
    """The lessons' PDFs that ``_build_lessons`` left for after the pages, made and written in the
    lessons' order, each then named in its manifest entry; the same bytes, diagnostics and entries
    as when they are made in the lessons' turn."""
    for n, (plan, pdf) in enumerate(later, 1):
        ctx.tell(n, len(later), f"PDF of {plan.hand.slug}")
        with report.timed("lesson PDFs"):
            data, refused = render_later(pdf)
        ctx.site.write(plan.hand.slug + ".pdf", data)
        report.diagnostics.extend(refused)
        report.pdfs += 1
        plan.entry["pdf_key"] = pdf.key


def _nav(ctx: Context, hands: list[Hand], i: int) -> Nav:
    """Where the i-th lesson sits: links to the index, its neighbours and its PDF, relative to it."""
    slug = hands[i].slug
    root = "../" * slug.count("/")

    def link(other: Hand) -> tuple[str, str]:
        rel = os.path.relpath(ctx.out / (other.slug + ".html"), (ctx.out / slug).parent)
        return href(rel.replace(os.sep, "/")), other.title

    return Nav(
        root=root,
        index=root + "index.html",
        prev=link(hands[i - 1]) if i > 0 else None,
        next=link(hands[i + 1]) if i + 1 < len(hands) else None,
        pdf=href(Path(slug).name + ".pdf") if ctx.options.pdf else None,
        source_path=shown(hands[i].path.as_posix()),
    )


def _remove_stale(site: OutputFolder, old_lessons: dict[str, object], built: list[Built]) -> None:
    """Files an earlier build wrote for hands that are gone (or PDFs no longer wanted): ours to
    remove.  The manifest is read as untrusted: ``site.remove`` ignores, with a warning, a path that
    is not inside the site or passes through a symbolic link, and spares what this build wrote."""
    wanted = {f for b in built for f in strings(b.entry.get("files"))}
    for old in old_lessons.values():
        for f in strings(_mapping(old).get("files")):
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


def _copy_assets(site: OutputFolder) -> None:
    for src in sorted(ASSETS.rglob("*")):
        if src.is_file() and src.suffix in (".css", ".js", ".txt", ".woff2"):  # the TTFs: _write_fonts
            site.write("assets/" + src.relative_to(ASSETS).as_posix(), src.read_bytes())


def _write_fonts(ctx: Context, built: list[Built], previous: dict[str, object], fonts_input: object) -> str:
    """The web fonts (fonts.py), cut to what every page of the site, its CSS and its script can show;
    made again only when their key changed.  The key, for the manifest.  When no page changed since
    the last build (``fonts_input``: the keys of every page), its key stands without reading them."""
    from .fonts import fonts_key, site_characters, web_fonts

    site, old_key = ctx.site, previous.get("fonts")
    present = all(site.is_file("assets/" + name) for name in WEB_FONTS)
    if (
        fonts_input == previous.get("fonts_input")
        and isinstance(old_key, str)
        and present
        and not ctx.options.force
    ):
        return old_key
    pages = [b.slug + ".html" for b in built] + ["index.html", TECHNIQUES_PAGE, MAKES_PAGE]
    code = [f.read_bytes() for f in sorted(ASSETS.iterdir()) if f.suffix in (".css", ".js")]
    chars = site_characters([site.read(p) or b"" for p in pages] + code)
    sources = {name: (ASSETS / ttf).read_bytes() for name, ttf in WEB_FONTS.items()}
    key = fonts_key(chars, sources)
    if key != old_key or not present:
        for name, data in web_fonts(chars, sources).items():
            site.write("assets/" + name, data)
    return key
