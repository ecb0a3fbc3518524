"""``replayer serve``: a live preview of the lessons at http://127.0.0.1:PORT/.

The site is built once, then the hands and templates are watched; an edit rebuilds what it changed
and the open pages reload by themselves; a hand made invalid shows the validator's diagnostics at
the top of its page (``lessons/preview.py``).  Only the standard library is imported here: the
build and the server are imported by ``run``, so ``replayer --help`` pays nothing for them.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .parser import DEFAULT_OUT  # lessons.build's, written out there so that no parser needs Jinja2

if TYPE_CHECKING:
    import threading

    from ..lessons.preview import Built

__all__ = ["add_parser", "run"]

DEFAULT_PORT = 8000


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``serve`` command and its options (those of ``build`` that a preview has, and --port)."""
    s = sub.add_parser(
        "serve",
        help="a live preview of the lessons on 127.0.0.1, rebuilt and reloaded as you edit (docs/preview.md)",
    )
    s.add_argument(
        "paths", nargs="*", metavar="PATH", default=["hands"], help="hand files or folders (default: hands)"
    )
    s.add_argument(
        "--out", default=DEFAULT_OUT, metavar="DIR", help=f"the site's folder (default: {DEFAULT_OUT})"
    )
    s.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        metavar="N",
        help=f"the port on 127.0.0.1 (default: {DEFAULT_PORT}; 0: any free port)",
    )
    s.add_argument("--no-pdf", dest="pdf", action="store_false", help="HTML only: skip the PDFs (faster)")
    s.add_argument("--templates", metavar="DIR", help="a folder of templates that replace ours by name")
    s.add_argument("-q", "--quiet", action="store_true", help="print problems only, not each rebuild")


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted: 0 on Ctrl-C, 2 when the port, the hands or the folder cannot be used."""
    if not 0 <= args.port <= 65535:
        print(f"replayer: --port {args.port}: a port is a number from 0 to 65535", file=sys.stderr)
        return 2
    templates = Path(args.templates) if args.templates else None
    if templates is not None and not templates.is_dir():
        print(f"replayer: --templates {templates}: no such folder", file=sys.stderr)
        return 2
    try:
        return _serve(args, templates)
    except KeyboardInterrupt:  # Ctrl-C during the first build: stopped, as asked
        print("\nreplayer: stopped", file=sys.stderr)
        return 0


def _serve(args: argparse.Namespace, templates: Path | None) -> int:
    import threading

    from ..lessons.build import BuildOptions
    from ..lessons.outputs import OutputError
    from ..lessons.preview import Preview, make_server
    from ..record.diagnostics import format_diagnostic
    from ..validation.files import NoHands

    preview = Preview(list(args.paths), BuildOptions(Path(args.out), templates, args.pdf, False))
    try:  # the port first: a taken one is said at once, not after the build
        server = make_server(preview, args.port)
    except OSError as exc:
        print(f"replayer: {_port_problem(args.port, exc)}", file=sys.stderr)
        return 2
    try:
        try:
            first = preview.build(first=True)
        except NoHands as exc:
            print(f"replayer: {exc}", file=sys.stderr)
            return 2
        except OutputError as exc:
            print(f"replayer: {format_diagnostic(exc.diagnostic)}", file=sys.stderr)
            return exc.status
        _tell(first, args.quiet)
        host, port = server.server_address[:2]
        folder = args.out.rstrip("/") or "/"
        print(f"Serving {folder}/ at http://{host!s}:{port}/ (Ctrl-C to stop)", flush=True)
        stop = threading.Event()
        watcher = threading.Thread(
            target=preview.watch,
            args=(stop, lambda b: _tell(b, args.quiet)),
            name="replayer-watch",
            daemon=True,
        )
        watcher.start()
        try:
            server.serve_forever(poll_interval=0.2)
        except KeyboardInterrupt:
            print("\nreplayer: stopped", file=sys.stderr)
        finally:
            stop.set()
            preview.close()
            _finish(watcher)
        return 0
    finally:
        server.server_close()


def _finish(watcher: threading.Thread) -> None:
    """Let a rebuild under way finish writing (a second Ctrl-C leaves it: the next build resumes)."""
    with contextlib.suppress(KeyboardInterrupt):
        watcher.join(timeout=30)


def _port_problem(port: int, exc: OSError) -> str:
    if exc.errno == errno.EADDRINUSE:
        return f"port {port} on 127.0.0.1 is in use (another preview?); choose another with --port N"
    if exc.errno == errno.EACCES:
        return f"port {port} on 127.0.0.1 is not allowed here; choose one above 1023 with --port N"
    return f"cannot serve on 127.0.0.1:{port}: {exc.strerror or exc}"


def _tell(built: Built, quiet: bool) -> None:
    """The build in the terminal: its diagnostics (after an edit, those of the files edited) and,
    unless quiet, a line on what it did."""
    from ..record.diagnostics import format_diagnostic, sort_key

    report = built.report
    if report is None:
        again = "rebuilt" if built.changed else "built"
        print(f"replayer: the site could not be {again}: {built.error}", file=sys.stderr, flush=True)
        return
    shown = [
        d
        for d in sorted(report.diagnostics, key=sort_key)
        if not built.changed or d.span is None or d.span.path in built.changed
    ]
    for d in shown:
        print(format_diagnostic(d), file=sys.stderr)
    if report.pdf_error:
        print(f"replayer: no PDFs are made: {report.pdf_error} (or serve with --no-pdf)", file=sys.stderr)
    if quiet:
        sys.stderr.flush()
        return
    what = "Rebuilt" if built.changed else "Built"
    bad = (
        f"; {len(report.invalid)} invalid hand{'s' if len(report.invalid) != 1 else ''}"
        if report.invalid
        else ""
    )
    print(
        f"{what} {report.lessons} lesson{'s' if report.lessons != 1 else ''} "
        f"({report.rendered} rendered, {report.unchanged} unchanged) in {report.seconds:.1f} s{bad}.",
        flush=True,
    )
