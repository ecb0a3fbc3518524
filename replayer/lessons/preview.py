"""The live preview behind ``replayer serve``: build once, watch, rebuild, tell the open pages.

``Preview`` holds what the server needs between requests: the site's folder, the hands the last
build could not make into lessons (with the validator's diagnostics), the last valid page of each
of them, and a version that every rebuild bumps.  ``watch`` polls the hands and templates (plain
``stat`` calls: no inotify, so it works on every system and every disk) and rebuilds through the
site build itself, whose manifest renders again only the lessons whose inputs changed.

Nothing of the preview is written into the site: the reload script, its stylesheet and the panel
of diagnostics are added to each page as it is served (``served_page``), so the folder stays what
``replayer build`` makes, byte for byte.  The server answers only for files inside the folder.
"""

from __future__ import annotations

import html
import json
import mimetypes
import os
import re
import sys
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import jinja2

from ..record.diagnostics import Diagnostic, Severity, format_diagnostic, sort_key
from ..validation.files import NoHands
from .build import BuildOptions, BuildReport, build_site
from .outputs import OutputError, safe_name, site_path
from .resources import assets_dir, templates_dir

__all__ = ["Built", "Preview", "Problem", "Reply", "make_server", "served_page"]

PREFIX = "/__replayer__/"
EVENTS = PREFIX + "events"
SCRIPT = PREFIX + "reload.js"
STYLE = PREFIX + "preview.css"
PANEL_ID = "replayer-preview-problems"
# the site's own policy (templates/base.html), for the preview's own pages
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; "
    "base-uri 'none'; form-action 'none'"
)
SETTLE = 0.05  # seconds: a change is built once the files have stayed the same this long
SETTLE_TRIES = 20  # but no later than a second after it was seen, if they keep changing
KEEP_ALIVE = 15.0  # seconds between comments on an idle event stream: a closed tab is noticed

# The page's own policy allows scripts and styles from 'self' only, so the preview's script and
# stylesheet are files on this server, never inline; the event stream needs connect-src 'self'.
# Two kinds of event: a message (the pages are rebuilt: every page reloads) and "pdfs" (the PDFs
# that follow are written: only the pages it names, rewritten with them, reload).
RELOAD_JS = """\
// replayer serve: reload this page when the site is rebuilt (never part of a built site)
(() => {
  let version = document.currentScript ? document.currentScript.dataset.version : "";
  const events = new EventSource("EVENTS");
  const reload = () => {
    events.close();
    location.reload();
  };
  events.onmessage = (e) => {
    if (e.data !== version) reload();
  };
  events.addEventListener("pdfs", (e) => {
    const told = JSON.parse(e.data);
    let here = decodeURIComponent(location.pathname).replace(/^\\/+/, "");
    if (here === "" || here.endsWith("/")) here += "index.html";
    if (told.pages.includes(here)) reload();
    else version = String(told.version);
  });
  // a page with diagnostics shows them at its top: the browser must not scroll back to where the
  // reader was (Chrome restores the place relative to the content, which puts them out of sight)
  const problems = document.currentScript && document.currentScript.dataset.problems === "yes";
  history.scrollRestoration = problems ? "manual" : "auto";
  if (problems) {
    document.addEventListener("DOMContentLoaded", () => {
      const panel = document.getElementById("PANEL_ID");
      if (panel) panel.scrollIntoView({ block: "start" });
    });
  }
})();
""".replace("EVENTS", EVENTS).replace("PANEL_ID", PANEL_ID)

PREVIEW_CSS = """\
/* replayer serve: the panel of diagnostics (never part of a built site) */
.replayer-preview {
  margin: 0 0 1rem; padding: 1rem 1.25rem; border: 2px solid #b3121f; border-left-width: 0.5rem;
  background: #fff1f1; color: #1d1d1f; font: 1rem/1.45 system-ui, sans-serif;
}
.replayer-preview h2 { margin: 0 0 0.5rem; font-size: 1.15rem; color: #8a0e18; }
.replayer-preview p { margin: 0 0 0.75rem; }
.replayer-preview ol { margin: 0; padding: 0; list-style: none; }
.replayer-preview li { margin: 0 0 0.5rem; }
.replayer-preview pre {
  margin: 0; padding: 0.5rem 0.75rem; background: #ffffff; border: 1px solid #e3b4b8;
  white-space: pre-wrap; overflow-wrap: anywhere; font: 0.9rem/1.4 ui-monospace, monospace;
}
.replayer-preview a { color: #0b4f8a; }
@media (prefers-color-scheme: dark) {
  .replayer-preview { background: #2a1215; color: #f4eeee; border-color: #ff8a8a; }
  .replayer-preview h2 { color: #ffb3b3; }
  .replayer-preview pre { background: #181012; border-color: #7a3b40; color: #f4eeee; }
  .replayer-preview a { color: #9ccaff; }
}
"""


@dataclass(frozen=True, slots=True)
class Problem:
    """A hand the last build could not make into a lesson: its file, as the build named it, and
    every diagnostic the validator gave it (the text ``replayer validate`` prints)."""

    source: str
    diagnostics: tuple[Diagnostic, ...]


@dataclass(frozen=True, slots=True)
class Reply:
    """An answer to a request: its status, body and type (``location`` for a redirect)."""

    status: int
    body: bytes
    content_type: str = "text/html; charset=utf-8"
    location: str | None = None


@dataclass(frozen=True, slots=True)
class Built:
    """One build of the preview: the report (None when the build failed), why it failed, and the
    files whose change started it (empty for the first build)."""

    report: BuildReport | None
    error: str | None
    changed: frozenset[str]


# ------------------------------------------------------------------------------- the served page


def _counted(diagnostics: Iterable[Diagnostic]) -> str:
    items = list(diagnostics)
    errors = sum(d.severity is Severity.ERROR for d in items)
    warnings = sum(d.severity is Severity.WARNING for d in items)
    parts = [f"{errors} error{'s' if errors != 1 else ''}"]
    if warnings:
        parts.append(f"{warnings} warning{'s' if warnings != 1 else ''}")
    return ", ".join(parts)


def problem_panel(problem: Problem | None, build_error: str | None, stale: bool = False) -> str:
    """The panel at the top of a page: the hand's diagnostics, or why the build failed.  An alert,
    so a screen reader says it as the page loads; the text of each diagnostic is exactly what
    ``replayer validate`` prints for it."""
    parts = [
        f'<div class="replayer-preview" id="{PANEL_ID}" role="alert" aria-labelledby="{PANEL_ID}-title">'
    ]
    if problem is not None:
        name = html.escape(problem.source)
        parts.append(
            f'<h2 id="{PANEL_ID}-title">{name} is not a valid hand: {_counted(problem.diagnostics)}</h2>'
        )
        parts.append(
            "<p>Below is the lesson of its last valid version; it is rebuilt as soon as the file is fixed.</p>"
            if stale
            else "<p>It has no lesson yet: one is built as soon as the file is fixed.</p>"
        )
        items = sorted(problem.diagnostics, key=sort_key)
        parts.append("<ol>")
        parts.extend(f"<li><pre>{html.escape(format_diagnostic(d))}</pre></li>" for d in items)
        parts.append("</ol>")
    if build_error is not None:
        parts.append(
            f'<h2 id="{PANEL_ID}-title">The site could not be rebuilt</h2>' if problem is None else ""
        )
        parts.append(f"<pre>{html.escape(build_error)}</pre>")
        parts.append(
            "<p>The pages shown are those of the last build that worked; fix the cause and save.</p>"
        )
    parts.append("</div>")
    return "\n".join(p for p in parts if p)


_CSP = re.compile(r'(<meta\s+http-equiv="Content-Security-Policy"\s+content=")([^"]*)(")', re.IGNORECASE)
_HEAD_END = re.compile(r"</head\s*>", re.IGNORECASE)
_BODY = re.compile(r"<body\b[^>]*>", re.IGNORECASE)


def _allow_events(match: re.Match[str]) -> str:
    policy = match.group(2)
    if "connect-src" not in policy:
        policy = policy.rstrip("; ") + "; connect-src 'self'"
    return match.group(1) + policy + match.group(3)


def served_page(page: str, version: int, panel: str = "", problems: bool = False) -> str:
    """A page of the site as the preview serves it: its policy opened to the event stream, the
    reload script and the panel's stylesheet in its head, and ``panel`` first in its body
    (``problems``: the page holds a panel of its own)."""
    page = _CSP.sub(_allow_events, page, count=1)
    head = (
        f'<link rel="stylesheet" href="{STYLE}">\n'
        f'<script src="{SCRIPT}" data-version="{version}" data-problems="{"yes" if panel or problems else "no"}"></script>\n'
    )
    end = _HEAD_END.search(page)
    page = page[: end.start()] + head + page[end.start() :] if end else head + page
    if panel:
        body = _BODY.search(page)
        at = body.end() if body else len(page)
        page = page[:at] + "\n" + panel + "\n" + page[at:]
    return page


def _page(title: str, body: str, *, head: str = "", body_class: str = "") -> str:
    """One of the preview's own pages (not the site's): the site's policy, ``title`` escaped."""
    attrs = f' class="{body_class}"' if body_class else ""
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
{head}</head>
<body{attrs}>
{body}
</body>
</html>
"""


def problem_page(problem: Problem, root: str, build_error: str | None = None) -> str:
    """A page for an invalid hand that has no lesson yet: the panel, and a way back to the index."""
    return _page(
        f"{problem.source}: not a valid hand",
        f"""<main id="main">
{problem_panel(problem, build_error, stale=False)}
<p><a href="{root}index.html">All hands</a></p>
</main>""",
        head=f'<link rel="stylesheet" href="{root}assets/lesson.css">\n',
        body_class="lesson",
    )


def missing_page(path: str) -> str:
    """A 404 page; it reloads by itself when a rebuild makes the page (a hand file just added)."""
    return _page(
        "Not found",
        f'<main id="main"><h1>Not found</h1><p>The site has no page {html.escape(path)}.</p>'
        '<p><a href="/">All hands</a></p></main>',
    )


def event(version: int) -> bytes:
    """One server-sent event: the site's version (the browser retries after a second if cut off)."""
    return f"retry: 1000\ndata: {version}\n\n".encode()


def pdfs_event(version: int, pages: Iterable[str]) -> bytes:
    """The event that a build's PDFs are written, after its pages: the site's version and the
    pages (``index.html``) written with them, the only ones that reload."""
    data = json.dumps({"version": version, "pages": sorted(pages)}, ensure_ascii=False)
    return f"event: pdfs\nretry: 1000\ndata: {data}\n\n".encode()


def late_pages(late: Iterable[str]) -> frozenset[str] | None:
    """The pages that a build's second phase rewrote (``BuildReport.late``), when it wrote only
    PDFs, pages and the build's hidden files; None when it wrote more (the web fonts, say), which
    every page shows."""
    shown = [f for f in late if not f.rsplit("/", 1)[-1].startswith(".")]
    if not all(f.endswith((".pdf", ".html")) for f in shown):
        return None
    return frozenset(f for f in shown if f.endswith(".html"))


# ------------------------------------------------------------------------------------- watching


Snapshot = dict[str, tuple[int, int, int]]


def _stat(path: str, into: Snapshot) -> None:
    try:
        st = os.stat(path)
    except OSError:  # gone between the listing and the stat: the next poll sees it gone
        return
    into[path] = (st.st_mtime_ns, st.st_size, st.st_ino)


def snapshot(roots: Iterable[Path], skip: Path) -> Snapshot:
    """Every file under ``roots`` (a root may be a file) with its time, size and inode, leaving out
    hidden files and folders and the folder ``skip`` (the site: its writes are not edits)."""
    found: Snapshot = {}
    skipped = os.path.realpath(skip)
    for root in roots:
        if root.is_file():
            _stat(str(root), found)
            continue
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(
                d
                for d in dirs
                if not d.startswith(".") and os.path.realpath(os.path.join(folder, d)) != skipped
            )
            for name in files:
                if not name.startswith("."):
                    _stat(os.path.join(folder, name), found)
    return found


def changes(before: Snapshot, after: Snapshot) -> frozenset[str]:
    """The files added, removed or changed between two snapshots."""
    return frozenset(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))


# ------------------------------------------------------------------------------------- the state


def _failure(exc: Exception) -> str:
    """What a build that failed says about it, in one or two lines (no traceback)."""
    if isinstance(exc, OutputError):
        return format_diagnostic(exc.diagnostic)
    if isinstance(exc, jinja2.TemplateSyntaxError):
        return f"{exc.filename or exc.name}:{exc.lineno}: template error: {exc.message}"
    if isinstance(exc, jinja2.TemplateError):
        return f"template error: {exc}"
    if isinstance(exc, OSError):
        return f"{exc.filename or 'a file'}: {exc.strerror or exc}"
    return f"{type(exc).__name__}: {exc}"


class Preview:
    """The live preview of one site: what to build, the last build's problems, the version."""

    def __init__(self, paths: list[str], options: BuildOptions) -> None:
        self.paths = paths
        self.options = options
        self.root = options.out.resolve()
        self.version = 0
        self.problems: dict[str, Problem] = {}  # page (``book/hand-5.html``) -> why it is not built
        self.last_good: dict[str, bytes] = {}  # page -> its last valid lesson, for a hand now invalid
        self.build_error: str | None = None
        self._roots = [Path(p) for p in paths if Path(p).is_dir()]
        self._changed = threading.Condition()
        # (version, pages): the last version came from a build's PDFs, and rewrote only these pages
        self._late: tuple[int, frozenset[str]] | None = None
        self._building = threading.Lock()
        self._closing = False

    # -- building

    def watched(self) -> list[Path]:
        """What a change to rebuilds on: the hands, the user's templates, our templates and assets."""
        extra = [self.options.templates] if self.options.templates is not None else []
        return [Path(p) for p in self.paths] + extra + [templates_dir(), assets_dir()]

    def page_of(self, hand: Path) -> str:
        """The page a hand file's lesson is written to, as the build names it (``_slug``)."""
        for root in self._roots:
            try:
                rel = hand.resolve().relative_to(root.resolve())
            except ValueError:
                continue
            return "/".join(safe_name(part) for part in rel.with_suffix("").parts) + ".html"
        return safe_name(hand.stem) + ".html"

    def build(self, changed: frozenset[str] = frozenset(), first: bool = False) -> Built:
        """Build the site; on the first build a missing hand or a foreign output folder is raised
        (there is nothing to serve), later every failure is kept and shown in the pages.

        A rebuild with PDFs tells the pages twice: once the lessons' pages are written (they reload
        with the edit), and once the PDFs that follow are (the pages rewritten with them reload)."""
        with self._building:
            self._keep_pages(changed)
            report: BuildReport | None = None
            error = None
            told: list[BuildReport] = []

            def pages(written: BuildReport) -> None:
                told.append(written)
                self._publish(written, None)

            try:
                split = self.options.pdf and not first  # the first build has no page open to reload
                report = build_site(self.paths, self.options, on_pages=pages if split else None)
            except Exception as exc:  # a preview outlives any edit: the failure is shown in the pages
                if first and isinstance(exc, (NoHands, OutputError)):
                    raise
                error = _failure(exc)
            late = late_pages(report.late) if told and report is not None else None
            self._publish(report, error, late)
            return Built(report, error, changed)

    def _publish(
        self, report: BuildReport | None, error: str | None, late: frozenset[str] | None = None
    ) -> None:
        """A new version of the site, told to the open pages; ``late``: it is the PDFs' of a build
        whose pages were told, and rewrote only these pages."""
        with self._changed:
            if report is not None:
                self.problems = {
                    self.page_of(c.path): Problem(str(c.path), c.diagnostics) for c in report.invalid
                }
                self.last_good = {p: b for p, b in self.last_good.items() if p in self.problems}
            self.build_error = error
            self.version += 1
            self._late = (self.version, late) if late is not None else None
            self._changed.notify_all()

    def _keep_pages(self, changed: frozenset[str]) -> None:
        """The current page of each changed hand, kept in case the edit makes the hand invalid (the
        build then removes its page, and the preview shows this one under the diagnostics)."""
        for name in changed:
            if not name.endswith((".yaml", ".yml")):
                continue
            page = self.page_of(Path(name))
            target = self.root / page
            if target.is_file():
                self.last_good[page] = target.read_bytes()

    def watch(self, stop: threading.Event, told: Callable[[Built], None], interval: float = 0.2) -> None:
        """Poll every ``interval`` seconds until ``stop`` is set; rebuild on any change and pass the
        build to ``told``."""
        skip = self.options.out
        before = snapshot(self.watched(), skip)
        while not stop.wait(interval):
            after = snapshot(self.watched(), skip)
            if after == before:
                continue
            # an editor may save in steps (truncate, write, rename): build once they are done
            for _ in range(SETTLE_TRIES):
                if stop.wait(SETTLE):
                    return
                again = snapshot(self.watched(), skip)
                if again == after:
                    break
                after = again
            changed = changes(before, after)
            before = after
            told(self.build(changed))

    # -- telling the pages

    def wait(self, seen: int, timeout: float) -> tuple[int, bytes] | None:
        """The version once it is not ``seen`` (or after ``timeout``), and the event that tells it to
        a page that has seen ``seen`` (a comment when it is still ``seen``); None when the preview
        closes.  The PDFs' version after the pages' is a "pdfs" event; any other, or more than one
        version at once, a message: every page reloads."""
        with self._changed:
            self._changed.wait_for(lambda: self._closing or self.version != seen, timeout)
            if self._closing:
                return None
            version, late = self.version, self._late
        if version == seen:
            return version, b": still here\n\n"
        if late is not None and late[0] == version == seen + 1 and seen >= 0:
            return version, pdfs_event(version, late[1])
        return version, event(version)

    def close(self) -> None:
        with self._changed:
            self._closing = True
            self._changed.notify_all()

    # -- answering

    def reply(self, target: str) -> Reply:
        """The answer to a GET of ``target`` (the request's path and query)."""
        path = unquote(urlsplit(target).path, errors="surrogateescape")
        if path == SCRIPT:
            return Reply(200, RELOAD_JS.encode(), "text/javascript; charset=utf-8")
        if path == STYLE:
            return Reply(200, PREVIEW_CSS.encode(), "text/css; charset=utf-8")
        rel = path.lstrip("/")
        parts = rel.split("/")
        if ".." in parts or "\\" in rel or "\0" in rel:
            return Reply(403, b"Forbidden: outside the site's folder\n", "text/plain; charset=utf-8")
        if rel == "" or rel.endswith("/"):
            rel += "index.html"
        elif (self.root / rel).is_dir():
            return Reply(301, b"", "text/plain", location=path + "/")
        with self._changed:
            version, problem = self.version, self.problems.get(rel)
            last, error = self.last_good.get(rel), self.build_error
        if problem is not None:
            return self._problem(rel, version, problem, last, error)
        return self._file(rel, version, error)

    def _problem(
        self, rel: str, version: int, problem: Problem, last: bytes | None, error: str | None
    ) -> Reply:
        if last is None:
            page = problem_page(problem, "../" * rel.count("/"), error)
            return Reply(200, served_page(page, version, problems=True).encode("utf-8"))
        panel = problem_panel(problem, error, stale=True)
        return Reply(200, served_page(last.decode("utf-8"), version, panel).encode("utf-8"))

    def _file(self, rel: str, version: int, error: str | None) -> Reply:
        target = self.root / rel
        panel = problem_panel(None, error) if error is not None else ""
        inside = site_path(rel) is not None and target.resolve().is_relative_to(self.root)
        if not inside:  # a hidden file (the manifest, the caches), or a link out of the folder
            return Reply(404, served_page(missing_page(rel), version).encode("utf-8"))
        try:
            data = target.read_bytes()
        except OSError:
            if rel == "favicon.ico":  # the browser asks for it unbidden; a site without one is no error
                return Reply(204, b"", "image/x-icon")
            # not built (yet): the build's failure, if that is why, is shown here too
            return Reply(404, served_page(missing_page(rel), version, panel).encode("utf-8"))
        if not rel.endswith(".html"):
            kind = mimetypes.guess_type(rel)[0] or "application/octet-stream"
            return Reply(200, data, kind + ("; charset=utf-8" if kind.startswith("text/") else ""))
        return Reply(200, served_page(data.decode("utf-8", "replace"), version, panel).encode("utf-8"))


# ------------------------------------------------------------------------------------- serving


class _Handler(BaseHTTPRequestHandler):
    preview: Preview  # set on the class made for each server
    hosts: frozenset[str] = frozenset()  # the Host headers it answers: 127.0.0.1:PORT, localhost:PORT

    def do_GET(self) -> None:
        self._answer(body=True)

    def do_HEAD(self) -> None:
        self._answer(body=False)

    def _answer(self, body: bool) -> None:
        if self.headers.get("Host", "") not in self.hosts:
            # another name for this machine: a page elsewhere reaching in by DNS rebinding
            reply = Reply(
                403, b"Forbidden: the preview answers at 127.0.0.1 only\n", "text/plain; charset=utf-8"
            )
        elif urlsplit(self.path).path == EVENTS and body:
            self._events()
            return
        else:
            reply = self.preview.reply(self.path)
        self.send_response(reply.status)
        self.send_header("Content-Type", reply.content_type)
        self.send_header("Content-Length", str(len(reply.body)))
        self.send_header("Cache-Control", "no-store")  # a reload always shows the last build
        if reply.location is not None:
            self.send_header("Location", reply.location)
        self.end_headers()
        if body:
            self.wfile.write(reply.body)

    def _events(self) -> None:
        """Server-sent events: the version now, then each new one, until the tab or the server goes."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        seen = -1
        try:
            while (told := self.preview.wait(seen, KEEP_ALIVE)) is not None:
                seen, data = told
                self.wfile.write(data)
        except OSError:  # the tab was closed or reloaded
            return

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: a preview's requests are not news (failures show in the page and the terminal)."""


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that went away mid-answer is no error worth a traceback."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(preview: Preview, port: int) -> ThreadingHTTPServer:
    """A server for the preview on 127.0.0.1 (never another interface); raises OSError when the
    port is taken or not allowed."""

    class Handler(_Handler):  # this server's own: its preview and its port
        pass

    Handler.preview = preview
    server = _Server(("127.0.0.1", port), Handler)
    Handler.hosts = frozenset(f"{name}:{server.server_port}" for name in ("127.0.0.1", "localhost"))
    return server
