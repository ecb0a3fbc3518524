"""The lessons of a build rendered on every core: each hand's lesson model, its pages and its PDF.

A lesson is a pure function of its hand file, its place in the site and the build's templates, so
lessons are rendered in a pool of processes, one per core (``fork`` where the system has it: the
workers start with the parent's imports, WeasyPrint's included, and nothing is pickled but the
tasks and their results).  A worker writes nothing: it hands back the bytes of the page and the PDF, and the build
writes them, in the lessons' order, through its output folder, so that the site, its manifest and
its errors (a full disk, a read-only folder) are those of a build in one process, byte for byte.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..record.diagnostics import Diagnostic
from .cache import LessonSummary
from .media import LessonImages
from .views import Nav

if TYPE_CHECKING:
    import multiprocessing.context
    from concurrent.futures import Future, ProcessPoolExecutor

    import jinja2

    from ..validation.files import Checked

__all__ = [
    "PdfLater",
    "RenderSetup",
    "RenderTask",
    "Rendered",
    "background_pdfs",
    "default_jobs",
    "render_later",
    "render_lessons",
]


def default_jobs() -> int:
    """Every core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


@dataclass(frozen=True, slots=True)
class RenderSetup:
    """What every lesson of one build shares: given once to each worker."""

    template_dirs: tuple[str, ...]
    base_key: str  # what every lesson depends on (the version, templates, assets)
    version: str
    with_dd: bool  # the lessons carry the double-dummy layer
    dd_cache: dict[str, int]  # positions already solved: position -> tricks


@dataclass(frozen=True, slots=True)
class RenderTask:
    """One lesson to render."""

    path: Path  # the hand file, as the build found it
    nav: Nav
    images: LessonImages  # its images, already written into the site (the PDF reads them there)
    page_file: str  # the page's file in the site: the base URL of the PDF's stylesheets and images
    pdf: bool
    old_pdf_key: str | None  # the key of the lesson's PDF that is still in the site, if any
    pdf_later: bool = False  # leave a PDF to make to the build (``Rendered.later``): the page comes first


@dataclass(frozen=True, slots=True)
class PdfLater:
    """A lesson's PDF left to make once the site's pages are written (``render_later``): its print
    page, the page's file (the PDF's base URL), the hand's validation (for what was refused) and
    the PDF's key, for the manifest once it is written."""

    html: str
    page_file: str
    checked: Checked
    key: str


@dataclass(frozen=True, slots=True)
class Rendered:
    """A lesson rendered: the bytes to write, and what the manifest and the report keep of it."""

    page: bytes
    pdf: bytes | None  # None: no PDF wanted, or the one in the site is still right
    pdf_key: str | None
    summary: LessonSummary
    quiz: list[dict[str, object]]  # the lesson's decision points, for the quiz handout
    diagnostics: tuple[Diagnostic, ...]  # what the PDF tried to load and was refused
    solved: dict[str, int]  # positions solved for this lesson (new to the cache)
    stages: tuple[tuple[str, float, float], ...]  # (stage, seconds, CPU seconds)
    later: PdfLater | None = None  # the PDF still to make (``pdf`` is then None, ``pdf_key`` its key)


class _Renderer:
    """Renders lessons in one process, with one template environment and one solver cache."""

    def __init__(self, setup: RenderSetup, dd_cache: dict[str, int]) -> None:
        from .html import make_environment

        self.setup = setup
        self.env: jinja2.Environment = make_environment(setup.template_dirs)
        self.dd_cache = dd_cache

    def render(self, task: RenderTask) -> Rendered:
        from ..validation.files import check_file
        from .handout import quiz_entries
        from .html import render_lesson
        from .media import publish_images, refused_fetches
        from .model import lesson_model

        stages: list[tuple[str, float, float]] = []
        clock = _Clock(stages)
        checked = check_file(task.path)
        game, record = checked.game, checked.record
        if game is None or record is None:  # it was valid when the build read it a moment ago
            raise RuntimeError(f"{task.path} changed while the site was being built: build again")
        known = len(self.dd_cache)
        with clock("lesson model"):
            lesson = lesson_model(
                game, record, checked.diagnostics, self.dd_cache, double_dummy=self.setup.with_dd
            )
        lesson = publish_images(lesson, task.images, lambda rel, data: None)  # the build wrote them
        version = self.setup.version
        with clock("HTML"):
            page = render_lesson(self.env, lesson, task.nav, version=version).encode("utf-8")
        pdf: bytes | None = None
        pdf_key: str | None = None
        refused: list[str] = []
        later: PdfLater | None = None
        if task.pdf:
            from .pdf import render_pdf

            with clock("HTML"):
                html = render_lesson(self.env, lesson, task.nav, version=version, for_print=True)
            # the PDF depends only on the print page: an edit that leaves it alone costs no render
            pdf_key = hashlib.sha256((self.setup.base_key + html).encode("utf-8")).hexdigest()
            if task.old_pdf_key != pdf_key and task.pdf_later:
                later = PdfLater(html, task.page_file, checked, pdf_key)
            elif task.old_pdf_key != pdf_key:
                with clock("lesson PDFs"):
                    pdf = render_pdf(html, base_url=task.page_file, refused=refused)
        # dicts keep their order of insertion: the positions this lesson solved are the last ones
        solved = dict(list(self.dd_cache.items())[known:])
        return Rendered(
            page,
            pdf,
            pdf_key,
            LessonSummary.of(lesson),
            quiz_entries(lesson),
            tuple(refused_fetches(checked, refused)),
            solved,
            tuple(stages),
            later,
        )


def render_later(later: PdfLater) -> tuple[bytes, tuple[Diagnostic, ...]]:
    """A PDF left for later (``RenderTask.pdf_later``): its bytes, and what it was refused to load,
    as the same render in the lesson's turn would have made them."""
    from .media import refused_fetches
    from .pdf import render_pdf

    refused: list[str] = []
    pdf = render_pdf(later.html, base_url=later.page_file, refused=refused)
    return pdf, tuple(refused_fetches(later.checked, refused))


class _Clock:
    def __init__(self, stages: list[tuple[str, float, float]]) -> None:
        self.stages = stages

    @contextmanager
    def __call__(self, stage: str) -> Iterator[None]:
        started, cpu = time.perf_counter(), time.process_time()
        try:
            yield
        finally:
            self.stages.append((stage, time.perf_counter() - started, time.process_time() - cpu))


_WORKER: list[_Renderer] = []  # the renderer of a worker process, made by _start


def _start(setup: RenderSetup) -> None:
    _WORKER[:] = [_Renderer(setup, dict(setup.dd_cache))]


def _render(task: RenderTask) -> Rendered:
    return _WORKER[0].render(task)


def _context() -> multiprocessing.context.BaseContext | None:
    """``fork`` on Linux: a worker starts at once with the parent's imports and caches (and costs no
    second import of WeasyPrint).  None (no pool) in a process that runs other threads, such as a
    preview server: a fork would copy their locks as they stand, and a fresh interpreter would have
    to import the ``__main__`` of a server it must not start again.  Elsewhere the system's default."""
    import multiprocessing
    import threading

    if threading.active_count() > 1:
        return None
    if "fork" in multiprocessing.get_all_start_methods() and os.name == "posix":
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def render_lessons(
    tasks: Sequence[RenderTask], setup: RenderSetup, jobs: int, take: Callable[[int, Rendered], None]
) -> None:
    """Render every task, on ``jobs`` processes, and give each result to ``take`` in the tasks'
    order (its index, the result).  With one job, one task, or other threads running here,
    everything happens in this process, on ``setup.dd_cache`` itself.  An exception of ``take`` (a
    write that failed) stops the pool and is raised: the lessons not yet started are not rendered."""
    if not tasks:
        return
    context = _context() if jobs > 1 and len(tasks) > 1 else None
    if context is None:
        renderer = _Renderer(setup, setup.dd_cache)
        for i, task in enumerate(tasks):
            take(i, renderer.render(task))
        return
    from concurrent.futures import ProcessPoolExecutor  # only with work for a pool: it costs an import

    pool = ProcessPoolExecutor(
        min(jobs, len(tasks)), mp_context=context, initializer=_start, initargs=(setup,)
    )
    try:
        futures: list[Future[Rendered]] = [pool.submit(_render, task) for task in tasks]
        for i, future in enumerate(futures):
            take(i, future.result())
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


@contextmanager
def background_pdfs(jobs: int) -> Iterator[Callable[[str, str], Callable[[], bytes]]]:
    """``render(html, base_url)``: the PDF of a page rendered in another process (the first call
    starts it) while this one goes on, say assembling the books' PDFs; ``render`` gives a function
    that waits for the PDF.  With one job, or other threads here, the PDF is rendered when waited for."""
    from .pdf import render_pdf

    pools: list[ProcessPoolExecutor | None] = []  # made at the first PDF: a build that renders none
    # imports no pool machinery

    def render(html: str, base_url: str) -> Callable[[], bytes]:
        if not pools:
            from concurrent.futures import ProcessPoolExecutor

            context = _context() if jobs > 1 else None
            pools.append(ProcessPoolExecutor(1, mp_context=context) if context is not None else None)
        pool = pools[0]
        if pool is None:
            return lambda: render_pdf(html, base_url=base_url)
        return pool.submit(render_pdf, html, base_url=base_url).result

    try:
        yield render
    finally:
        for pool in pools:
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
