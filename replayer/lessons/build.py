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
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import jinja2

from .. import __version__
from ..record.diagnostics import Diagnostic, Severity
from ..teaching.annotate import TECHNIQUES, detector_names
from ..teaching.make import dummy_bridge, elwell_dealer, foster_dealer, foster_dummy
from ..teaching.make_examples import EXAMPLES
from ..validation.files import Checked, check_file, find_hands
from .html import (
    IndexEntry,
    Nav,
    make_environment,
    render_corpus_front,
    render_index,
    render_lesson,
    render_page,
)
from .media import LessonImages, lesson_images, publish_images, refused_fetches
from .model import MAKE_TECHNIQUE, Lesson, lesson_model
from .outputs import Names, OutputError, OutputFolder, OutputNotOurs, href
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

    @classmethod
    def of(cls, lesson: Lesson) -> LessonSummary:
        return cls(
            lesson.title,
            lesson.citation,
            lesson.contract,
            lesson.result or lesson.outcome,
            lesson.techniques,
            lesson.technique_tricks,
        )

    def to_json(self) -> dict[str, object]:
        return {
            "title": self.title,
            "citation": self.citation,
            "contract": self.contract,
            "result": self.result,
            "techniques": list(self.techniques),
            "technique_tricks": [[k, list(v)] for k, v in self.technique_tricks],
        }

    @classmethod
    def from_json(cls, data: object) -> LessonSummary | None:
        """The summary an earlier build kept, or None when the manifest does not hold one."""
        if not isinstance(data, dict):
            return None
        texts = [data.get(k) for k in ("title", "citation", "contract", "result")]
        techniques, tricks = data.get("techniques"), data.get("technique_tricks")
        if not all(isinstance(t, str) for t in texts) or not isinstance(techniques, list):
            return None
        if not isinstance(tricks, list) or not all(_technique_entry(e) for e in tricks):
            return None
        title, citation, contract, result = (str(t) for t in texts)
        return cls(
            title,
            citation,
            contract,
            result,
            tuple(_strings(techniques)),
            tuple((str(k), tuple(int(t) for t in v)) for k, v in tricks),
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
    manifest: dict[str, object] = {"version": __version__, **_build_corpus(ctx, built, previous, report)}
    _write_index_pages(ctx, built, report)
    _remove_stale(site, old_lessons, built)
    if not report.corpus_pdf and previous.get("corpus"):
        site.remove(CORPUS_PDF, MANIFEST)
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
        checked = check_file(path)
        report.diagnostics.extend(checked.diagnostics)
        errors = [d for d in checked.diagnostics if d.severity is Severity.ERROR]
        if errors or checked.game is None or checked.record is None:
            report.invalid.append(checked)
            continue
        valid.append((checked, _slug(path, roots)))
    valid.sort(key=lambda v: _natural(v[1]))
    names = Names(reserved=SITE_PAGES)
    hands: list[_Hand] = []
    for checked, slug in valid:
        assert checked.record is not None
        *folders, stem = slug.split("/")
        title = (
            checked.record.title.value if checked.record.title is not None else _shown(checked.record.path)
        )
        hands.append(_Hand(checked, "/".join(names.give(tuple(folders), stem, ".html")), title))
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
    lesson = lesson_model(game, record, hand.checked.diagnostics, ctx.dd_cache, double_dummy=ctx.with_dd)
    # the hand's images copied into media/ beside the page; a refused one is shown as its alt text
    lesson = publish_images(lesson, images, ctx.site.write)
    html_path = ctx.out / (hand.slug + ".html")
    ctx.site.write(
        hand.slug + ".html", render_lesson(ctx.env, lesson, nav, version=__version__).encode("utf-8")
    )
    if ctx.options.pdf:
        from .pdf import render_pdf

        html = render_lesson(ctx.env, lesson, nav, version=__version__, for_print=True)
        # the PDF depends only on the print page: an edit that leaves it alone costs no render
        pdf_key = hashlib.sha256((ctx.base_key + html).encode("utf-8")).hexdigest()
        entry["pdf_key"] = pdf_key
        if old.get("pdf_key") != pdf_key or not ctx.site.is_file(hand.slug + ".pdf"):
            refused: list[str] = []
            ctx.site.write(hand.slug + ".pdf", render_pdf(html, base_url=str(html_path), refused=refused))
            report.diagnostics.extend(refused_fetches(hand.checked, refused))
            report.pdfs += 1
    return LessonSummary.of(lesson)


def _build_corpus(
    ctx: _Context, built: list[_Built], previous: dict[str, object], report: BuildReport
) -> dict[str, object]:
    """The PDF of all hands, assembled again only when a lesson or the build changed; its entries
    for the manifest (the corpus key and the front matter's key)."""
    if not ctx.options.pdf or not built:
        return {}
    corpus_key = hashlib.sha256("\0".join([ctx.base_key] + [b.key for b in built]).encode()).hexdigest()
    if ctx.options.force or previous.get("corpus") != corpus_key or not ctx.site.is_file(CORPUS_PDF):
        ctx.tell(len(built), len(built), "assembling the PDF of all hands")
        front: object = _write_corpus(ctx.env, built, ctx.site, previous.get("front"))
    else:
        front = previous.get("front")
    report.corpus_pdf = True
    return {"front": front, "corpus": corpus_key}


def _write_index_pages(ctx: _Context, built: list[_Built], report: BuildReport) -> None:
    """The front page (every book and its hands, and the hands that could not be built), the
    technique index and the make exercises."""
    books: dict[str, list[IndexEntry]] = {}
    for b in built:
        s = b.summary
        books.setdefault(_book_title(b.hand), []).append(
            IndexEntry(
                book=_book_title(b.hand),
                href=href(b.slug + ".html"),
                title=s.title,
                citation=s.citation,
                contract=s.contract,
                result=s.result,
                techniques=s.techniques,
                pdf=href(b.slug + ".pdf") if ctx.options.pdf else None,
            )
        )
    problems = [
        _shown(
            f"{c.path}: {sum(d.severity is Severity.ERROR for d in c.diagnostics)} problem(s); run replayer validate {c.path}"
        )
        for c in report.invalid
    ]
    index = render_index(
        ctx.env,
        list(books.items()),
        version=__version__,
        corpus_pdf=CORPUS_PDF if report.corpus_pdf else None,
        problems=problems,
        extra={"techniques_page": TECHNIQUES_PAGE, "makes_page": MAKES_PAGE},
    )
    ctx.site.write("index.html", index.encode("utf-8"))
    techniques = render_page(
        ctx.env, "techniques.html", version=__version__, techniques=_technique_index(built)
    )
    ctx.site.write(TECHNIQUES_PAGE, techniques.encode("utf-8"))
    makes = render_page(ctx.env, "makes.html", version=__version__, exercises=_make_exercises())
    ctx.site.write(MAKES_PAGE, makes.encode("utf-8"))


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


def _technique_index(built: list[_Built]) -> list[tuple[str, list[tuple[str, str, list[tuple[int, str]]]]]]:
    """Each technique, in the detectors' order, with every hand and trick that shows it."""
    order = [MAKE_TECHNIQUE] + [TECHNIQUES[n] for n in detector_names()]
    found: dict[str, list[tuple[str, str, list[tuple[int, str]]]]] = {}
    for b in built:
        for technique, tricks in b.summary.technique_tricks:
            page = b.slug + ".html"
            found.setdefault(technique, []).append(
                (b.summary.title, href(page), [(t, href(page, f"trick-{t}")) for t in tricks])
            )
    return [(t, found[t]) for t in order if t in found] + [(t, v) for t, v in found.items() if t not in order]


def _make_exercises() -> list[dict[str, object]]:
    """The books' example hands for the make, with what each rule set here advises."""
    out: list[dict[str, object]] = []
    for ex in EXAMPLES:
        cards = ex.cards()
        advice = (
            [foster_dealer(cards, ex.score), elwell_dealer(cards, ex.score)]
            if ex.seat == "dealer"
            else [foster_dummy(cards)]
        ) + [dummy_bridge(cards)]
        out.append(
            {
                "ex": ex,
                "suits": [
                    ("♠", False, ex.spades),
                    ("♥", True, ex.hearts),
                    ("♦", True, ex.diamonds),
                    ("♣", False, ex.clubs),
                ],
                "advice": [(a.source, a.call_word, "; ".join(a.reasons)) for a in advice],
            }
        )
    return out


def _strings(value: object) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _book_title(hand: _Hand) -> str:
    """The book a hand comes from, as the index heads it; else the hand's folder."""
    rec = hand.checked.record
    src = rec.source if rec is not None else None
    if src is not None and src.book is not None:
        title = src.book.value
        if src.author is not None:
            title = f"{src.author.value}, {title}"
        if src.year is not None:
            title += f" ({src.year.value})"
        return title
    parent = Path(hand.slug).parent.as_posix()
    return parent if parent != "." else "Hands"


def _copy_assets(site: OutputFolder) -> None:
    for src in sorted(ASSETS.rglob("*")):
        if src.is_file() and src.suffix in (".css", ".js", ".ttf", ".txt", ".woff2"):
            site.write("assets/" + src.relative_to(ASSETS).as_posix(), src.read_bytes())


FRONT_CACHE = ".replayer-front.pdf"


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


def _write_corpus(env: jinja2.Environment, built: list[_Built], site: OutputFolder, front_key: object) -> str:
    """Assemble the corpus PDF; the front matter is rendered again only when its page changes.
    Returns the front matter's key for the manifest."""
    from .pdf import assemble_corpus, render_pdf

    out = site.root
    lessons = [(b.summary.title, _read_back(site, b.slug + ".pdf")) for b in built]
    books = sorted({_book_title(b.hand) for b in built})
    title = books[0] if len(books) == 1 else "Illustrative hands"

    def front(starts: list[int]) -> bytes:
        entries = [
            IndexEntry(
                book=_book_title(b.hand),
                href="",
                title=b.summary.title,
                citation=b.summary.citation,
                contract=b.summary.contract,
                result="",
                page=start,
            )
            for b, start in zip(built, starts, strict=True)
        ]
        html = render_corpus_front(env, entries, title=title, version=__version__)
        nonlocal front_key
        key = hashlib.sha256(html.encode("utf-8")).hexdigest()
        cached = site.read(FRONT_CACHE) if key == front_key else None
        if cached is not None:
            return cached
        pdf = render_pdf(html, base_url=str(out / "index.html"))
        site.write(FRONT_CACHE, pdf)
        front_key = key
        return pdf

    site.write(CORPUS_PDF, assemble_corpus(front, lessons, title=title))
    return str(front_key)
