"""``replayer build``: every hand under the given folders becomes a lesson in a static site.

The file-system edge of the lessons: it finds hands, validates them, asks the pure renderers for
HTML and PDF, and writes the results atomically.  A manifest in the output folder records a content
hash per lesson (the hand, its neighbours, the templates, the assets and the package version), so an
unchanged hand is not rendered again.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from ..record.diagnostics import Diagnostic, Severity
from ..teaching.annotate import detector_names
from ..teaching.make import dummy_bridge, elwell_dealer, foster_dealer, foster_dummy
from ..teaching.make_examples import EXAMPLES
from ..teaching.motifs import TECHNIQUES
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
from .model import MAKE_TECHNIQUE, Lesson, lesson_model
from .resources import assets_dir, templates_dir

__all__ = ["BuildOptions", "BuildReport", "build_site", "DEFAULT_OUT", "MANIFEST", "OutputNotOurs"]

DEFAULT_OUT = "_site"
MANIFEST = ".replayer-build.json"
TEMPLATES = templates_dir()
ASSETS = assets_dir()
CORPUS_PDF = "all-hands.pdf"


class OutputNotOurs(ValueError):
    """The output folder holds files replayer did not write: refuse rather than mix or overwrite."""


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


@dataclass(slots=True)
class _Item:
    checked: Checked
    slug: str  # foster-1904/hand-5
    title: str
    lesson: Lesson | None = None  # made only when the lesson is rendered
    summary: dict[str, Any] = field(default_factory=dict)  # what the index and the corpus PDF need
    key: str = ""
    href_pdf: str | None = None


def _summary(lesson: Lesson) -> dict[str, Any]:
    """A lesson's facts for the index, the technique page and the corpus PDF, kept in the manifest
    so that an unchanged hand needs no lesson model on the next build."""
    return {
        "title": lesson.title,
        "citation": lesson.citation,
        "contract": lesson.contract,
        "result": lesson.result or lesson.outcome,
        "techniques": list(lesson.techniques),
        "technique_tricks": [[k, list(v)] for k, v in lesson.technique_tricks],
    }


def _natural(text: str) -> list[object]:
    return [int(p) if p.isdigit() else p.lower() for p in re.split(r"(\d+)", text)]


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


def write_atomic(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` through a temporary file and a rename; False if it was already so."""
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; a site is for publishing
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return True


def _check_output(out: Path) -> dict[str, object]:
    """The previous build's manifest; refuse a non-empty folder that no build of ours wrote."""
    manifest = out / MANIFEST
    if manifest.is_file():
        try:
            data = json.loads(manifest.read_text(encoding="utf-8"))
            return data if isinstance(data, dict) else {}
        except (OSError, ValueError):
            return {}
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise OutputNotOurs(
            f"{out} is not empty and was not made by replayer build; name a new or empty folder with --out"
        )
    return {}


def build_site(
    paths: list[str], options: BuildOptions, progress: Callable[[int, int, str], None] | None = None
) -> BuildReport:
    """Build the site; never raises on a hand's content (invalid hands are reported, the rest built)."""
    started = time.perf_counter()
    report = BuildReport()
    out = options.out
    previous = _check_output(out)
    old_lessons: dict[str, dict[str, object]] = (
        previous.get("lessons", {}) if isinstance(previous.get("lessons"), dict) else {}
    )  # type: ignore[assignment]

    files = find_hands(paths)
    if options.pdf:
        from .pdf import pdf_unavailable

        report.pdf_error = pdf_unavailable()
        if report.pdf_error is not None:
            options = BuildOptions(options.out, options.templates, False, options.force)
    roots = [Path(p) for p in paths if Path(p).is_dir()]
    template_dirs = ([str(options.templates)] if options.templates else []) + [str(TEMPLATES)]
    env = make_environment(template_dirs)
    from ..analysis.double_dummy import dds_available

    with_dd = dds_available() is None  # the lessons carry the double-dummy layer only with endplay
    dd_cache = _load_dd_cache(out) if with_dd else {}
    dd_size = len(dd_cache)
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

    items: list[_Item] = []
    for n, path in enumerate(files, 1):
        if progress:
            progress(n, len(files), f"checking {path}")
        checked = check_file(path)
        errors = [d for d in checked.diagnostics if d.severity is Severity.ERROR]
        if errors or checked.game is None or checked.record is None:
            report.invalid.append(checked)
            report.diagnostics.extend(checked.diagnostics)
            continue
        report.diagnostics.extend(checked.diagnostics)
        title = checked.record.title.value if checked.record.title is not None else checked.record.path
        items.append(_Item(checked, _slug(path, roots), title))
    items.sort(key=lambda it: _natural(it.slug))

    _copy_assets(out)
    new_manifest: dict[str, object] = {"version": __version__, "lessons": {}}
    lessons_manifest: dict[str, dict[str, object]] = {}
    for i, it in enumerate(items):
        if progress:
            progress(i + 1, len(items), f"rendering {it.slug}")
        depth = it.slug.count("/")
        root = "../" * depth
        prev_it = items[i - 1] if i > 0 else None
        next_it = items[i + 1] if i + 1 < len(items) else None

        def rel(other: _Item, suffix: str = ".html") -> str:
            return os.path.relpath(out / (other.slug + suffix), (out / it.slug).parent).replace(os.sep, "/")

        it.href_pdf = Path(it.slug).name + ".pdf" if options.pdf else None
        nav = Nav(
            root=root,
            index=root + "index.html",
            prev=(rel(prev_it), prev_it.title) if prev_it else None,
            next=(rel(next_it), next_it.title) if next_it else None,
            pdf=it.href_pdf,
            source_path=it.checked.path.as_posix(),
        )
        text = it.checked.path.read_bytes()
        it.key = hashlib.sha256(b"\0".join((base_key.encode(), text, repr(nav).encode()))).hexdigest()
        html_path = out / (it.slug + ".html")
        pdf_path = out / (it.slug + ".pdf")
        old = old_lessons.get(it.slug, {})
        fresh = (
            not options.force
            and old.get("key") == it.key
            and html_path.is_file()
            and isinstance(old.get("summary"), dict)
            and (not options.pdf or pdf_path.is_file())
        )
        entry: dict[str, object] = {
            "key": it.key,
            "files": [it.slug + ".html"] + ([it.slug + ".pdf"] if options.pdf else []),
        }
        if fresh:
            report.unchanged += 1
            it.summary = old["summary"]  # type: ignore[assignment]
            if "pdf_key" in old:
                entry["pdf_key"] = old["pdf_key"]
        else:
            assert it.checked.game is not None and it.checked.record is not None
            it.lesson = lesson_model(
                it.checked.game, it.checked.record, it.checked.diagnostics, dd_cache, double_dummy=with_dd
            )
            it.summary = _summary(it.lesson)
            write_atomic(html_path, render_lesson(env, it.lesson, nav, version=__version__).encode("utf-8"))
            if options.pdf:
                from .pdf import render_pdf

                html = render_lesson(env, it.lesson, nav, version=__version__, for_print=True)
                # the PDF depends only on the print page: an edit that leaves it alone costs no render
                pdf_key = hashlib.sha256((base_key + html).encode("utf-8")).hexdigest()
                entry["pdf_key"] = pdf_key
                if old.get("pdf_key") != pdf_key or not pdf_path.is_file():
                    write_atomic(pdf_path, render_pdf(html, base_url=str(html_path)))
                    report.pdfs += 1
            report.rendered += 1
        entry["summary"] = it.summary
        lessons_manifest[it.slug] = entry
        report.lessons += 1

    corpus_key = hashlib.sha256("\0".join([base_key] + [it.key for it in items]).encode()).hexdigest()
    corpus_path = out / CORPUS_PDF
    if options.pdf and items:
        if options.force or previous.get("corpus") != corpus_key or not corpus_path.is_file():
            if progress:
                progress(len(items), len(items), "assembling the PDF of all hands")
            new_manifest["front"] = _write_corpus(env, items, out, corpus_path, previous.get("front"))
        else:
            new_manifest["front"] = previous.get("front")
        report.corpus_pdf = True
        new_manifest["corpus"] = corpus_key

    books: dict[str, list[IndexEntry]] = {}
    for it in items:
        rec = it.checked.record
        assert rec is not None
        books.setdefault(_book_title(it), []).append(
            IndexEntry(
                book=_book_title(it),
                href=it.slug + ".html",
                title=it.summary["title"],
                citation=it.summary["citation"],
                contract=it.summary["contract"],
                result=it.summary["result"],
                techniques=tuple(it.summary["techniques"]),
                pdf=(it.slug + ".pdf") if options.pdf else None,
            )
        )
    problems = [
        f"{c.path}: {sum(d.severity is Severity.ERROR for d in c.diagnostics)} problem(s); run replayer validate {c.path}"
        for c in report.invalid
    ]
    index = render_index(
        env,
        list(books.items()),
        version=__version__,
        corpus_pdf=CORPUS_PDF if report.corpus_pdf else None,
        problems=problems,
        extra={"techniques_page": TECHNIQUES_PAGE, "makes_page": MAKES_PAGE},
    )
    write_atomic(out / "index.html", index.encode("utf-8"))
    write_atomic(
        out / TECHNIQUES_PAGE,
        render_page(env, "techniques.html", version=__version__, techniques=_technique_index(items)).encode(
            "utf-8"
        ),
    )
    write_atomic(
        out / MAKES_PAGE,
        render_page(env, "makes.html", version=__version__, exercises=_make_exercises()).encode("utf-8"),
    )

    # Files an earlier build wrote for hands that are gone (or PDFs no longer wanted): ours to remove.
    wanted = {f for e in lessons_manifest.values() for f in _strings(e.get("files"))}
    for old in old_lessons.values():
        for f in _strings(old.get("files")) if isinstance(old, dict) else []:
            if f not in wanted and ".." not in f:
                (out / f).unlink(missing_ok=True)
    if not report.corpus_pdf and previous.get("corpus"):
        corpus_path.unlink(missing_ok=True)

    if len(dd_cache) != dd_size:
        write_atomic(out / DD_CACHE, (json.dumps(dd_cache, sort_keys=True) + "\n").encode("utf-8"))
    new_manifest["lessons"] = lessons_manifest
    write_atomic(out / MANIFEST, (json.dumps(new_manifest, indent=1, sort_keys=True) + "\n").encode("utf-8"))
    report.seconds = time.perf_counter() - started
    return report


DD_CACHE = ".replayer-dds.json"


def _load_dd_cache(out: Path) -> dict[str, int]:
    """Positions solved by earlier builds (position → tricks), so a rebuild solves nothing twice."""
    try:
        data = json.loads((out / DD_CACHE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return (
        {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, int)}
        if isinstance(data, dict)
        else {}
    )


TECHNIQUES_PAGE = "techniques.html"
MAKES_PAGE = "makes.html"


def _technique_index(items: list[_Item]) -> list[tuple[str, list[tuple[str, str, list[tuple[int, str]]]]]]:
    """Each technique, in the detectors' order, with every hand and trick that shows it."""
    order = [MAKE_TECHNIQUE] + [TECHNIQUES[n] for n in detector_names()]
    found: dict[str, list[tuple[str, str, list[tuple[int, str]]]]] = {}
    for it in items:
        for technique, tricks in it.summary["technique_tricks"]:
            href = it.slug + ".html"
            found.setdefault(technique, []).append(
                (it.summary["title"], href, [(t, f"{href}#trick-{t}") for t in tricks])
            )
    return [(t, found[t]) for t in order if t in found] + [(t, v) for t, v in found.items() if t not in order]


def _make_exercises() -> list[dict[str, Any]]:
    """The books' example hands for the make, with what each rule set here advises."""
    out = []
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


def _book_title(it: _Item) -> str:
    rec = it.checked.record
    src = rec.source if rec is not None else None
    if src is not None and src.book is not None:
        title = src.book.value
        if src.author is not None:
            title = f"{src.author.value}, {title}"
        if src.year is not None:
            title += f" ({src.year.value})"
        return title
    parent = Path(it.slug).parent.as_posix()
    return parent if parent != "." else "Hands"


def _copy_assets(out: Path) -> None:
    for src in sorted(ASSETS.rglob("*")):
        if src.is_file() and src.suffix in (".css", ".js", ".ttf", ".txt", ".woff2"):
            write_atomic(out / "assets" / src.relative_to(ASSETS), src.read_bytes())


FRONT_CACHE = ".replayer-front.pdf"


def _write_corpus(env: object, items: list[_Item], out: Path, corpus_path: Path, front_key: object) -> str:
    """Assemble the corpus PDF; the front matter is rendered again only when its page changes.
    Returns the front matter's key for the manifest."""
    from .pdf import assemble_corpus, render_pdf

    lessons = [(it.summary["title"], (out / (it.slug + ".pdf")).read_bytes()) for it in items]
    books = sorted({_book_title(it) for it in items})
    title = books[0] if len(books) == 1 else "Illustrative hands"

    def front(starts: list[int]) -> bytes:
        entries = [
            IndexEntry(
                book=_book_title(it),
                href="",
                title=it.summary["title"],
                citation=it.summary["citation"],
                contract=it.summary["contract"],
                result="",
                page=start,
            )
            for it, start in zip(items, starts)
        ]
        html = render_corpus_front(env, entries, title=title, version=__version__)  # type: ignore[arg-type]
        nonlocal front_key
        key = hashlib.sha256(html.encode("utf-8")).hexdigest()
        cached = out / FRONT_CACHE
        if key == front_key and cached.is_file():
            return cached.read_bytes()
        pdf = render_pdf(html, base_url=str(out / "index.html"))
        write_atomic(cached, pdf)
        front_key = key
        return pdf

    write_atomic(corpus_path, assemble_corpus(front, lessons, title=title))
    return str(front_key)
