"""Benchmark: ``replayer serve``, the live preview (issue 18): a one-hand rebuild after a note edit.

A plain script, not a test (pytest collects nothing here):

    python tests/bench/bench_serve.py                 # HTML only (--no-pdf), a copy of hands/
    python tests/bench/bench_serve.py --pdf           # with the lessons' PDFs and the books' PDFs
    python tests/bench/bench_serve.py --repeat 9 --hands hands/foster-1904

The figures:

1. One-hand rebuild in the preview: in one process that has built the site once (everything is
   imported, as in a running ``replayer serve``), a sentence of a note of Foster's Hand 5 is
   changed, and the preview sees the change (one poll of the files) and rebuilds.  CPU time of the
   process and of any children (``resource.getrusage``), best and median of ``--repeat`` edits.
   Target: ≤ 0.5 s.  The build's own stages (its CPU time per stage) are printed for the last edit.
   With ``--pdf`` the preview reloads the page once the lessons' pages are written, before the
   PDFs (``build_site``'s ``on_pages``): two figures, the CPU time until the pages are written (the
   reload) and until the PDFs are (the whole rebuild).  An idle thread runs beside it, as the server
   and the watcher do in ``replayer serve``: the build then uses no process pool, as there.
2. One poll of the watched files (what the preview does five times a second when nothing changes):
   CPU time, best of 50.
3. Edit to reload, as a person sees it: ``python -m replayer serve`` in a subprocess, a client on
   its event stream; the time from the file's write to the event that makes an open page reload.
   Wall time, so it includes the machine's other work: for information, not a target.  With
   ``--pdf``, also the time to the "pdfs" event that follows once the PDFs are written.

Nothing is written outside temporary folders.  Exit status 0, or 1 if the benchmark itself went
wrong (the edit did not render exactly one lesson, the server did not start).
"""

from __future__ import annotations

import argparse
import http.client
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
NOTE = "A singleton heart does not stop the dealer"


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _edit(hand: Path, n: int) -> None:
    text = hand.read_text(encoding="utf-8")
    edited = re.sub(
        r"A singleton heart( \(edit \d+\))? does", f"A singleton heart (edit {n}) does", text, count=1
    )
    assert edited != text, f"{hand} has no note starting {NOTE!r}"
    hand.write_text(edited, encoding="utf-8")


def _pages_marks(marks: list[float]) -> None:
    """The preview's builds record the process's CPU time when their pages are written."""
    import replayer.lessons.preview as preview

    real = preview.build_site

    def build_site(*args: Any, on_pages: Callable[[Any], None] | None = None, **kwargs: Any) -> Any:
        def pages(report: Any) -> None:
            marks.append(_cpu())
            assert on_pages is not None
            on_pages(report)

        return real(*args, on_pages=pages if on_pages is not None else None, **kwargs)

    setattr(preview, "build_site", build_site)  # noqa: B010  # the module's name, seen by Preview.build


def rebuild(hands: Path, pdf: bool, repeat: int) -> bool:
    from replayer.lessons.build import BuildOptions
    from replayer.lessons.preview import Preview, changes, snapshot

    marks: list[float] = []
    _pages_marks(marks)

    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        shutil.copytree(hands, base / "hands")
        out = base / "_site"
        preview = Preview([str(base / "hands")], BuildOptions(out, None, pdf, False))
        started = _cpu()
        first = preview.build(first=True)
        count = first.report.lessons if first.report else 0
        print(f"first build: {count} lessons, {'with' if pdf else 'no'} PDFs, {_cpu() - started:.2f} s CPU")
        hand = next((base / "hands").rglob("hand-5.yaml"))
        watched = preview.watched()
        before = snapshot(watched, out)
        runs: list[float] = []
        pages: list[float] = []
        idle = threading.Event()  # as the server's and the watcher's threads in replayer serve
        beside = threading.Thread(target=idle.wait, daemon=True)
        beside.start()
        for n in range(repeat):
            _edit(hand, n)
            marks.clear()
            started = _cpu()
            after = snapshot(watched, out)
            built = preview.build(changes(before, after))
            runs.append(_cpu() - started)
            pages.extend(m - started for m in marks[:1])
            before = after
            report = built.report
            if report is None or report.rendered != 1:
                print(f"the edit rendered {report.rendered if report else built.error}, not one lesson")
                return False
        idle.set()
        if pages:
            print(
                f"1. one-hand rebuild in the preview, edit to pages written (the reload): best "
                f"{min(pages):.3f} s CPU, median {statistics.median(pages):.3f} s (target ≤ 0.5 s)"
            )
            print(
                f"   and to the PDFs written (the whole rebuild): best {min(runs):.3f} s CPU, "
                f"median {statistics.median(runs):.3f} s"
            )
        else:
            print(
                f"1. one-hand rebuild in the preview: best {min(runs):.3f} s CPU, "
                f"median {statistics.median(runs):.3f} s (target ≤ 0.5 s)"
            )
        print(
            "   stages of the last (CPU s): "
            + ", ".join(f"{k} {v:.3f}" for k, v in report.stages_cpu.items())
        )
        polls = []
        for _ in range(50):
            started = time.process_time()
            snapshot(watched, out)
            polls.append(time.process_time() - started)
        print(f"2. one poll of {len(before)} watched files: best {min(polls) * 1000:.2f} ms CPU")
    return True


def reload_latency(hands: Path, pdf: bool, repeat: int) -> bool:
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        shutil.copytree(hands, base / "hands")
        command = [sys.executable, "-m", "replayer", "serve", "hands", "--port", "0", "-q"]
        server = subprocess.Popen(
            command + ([] if pdf else ["--no-pdf"]),
            cwd=base,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        try:
            line = server.stdout.readline() if server.stdout else ""
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            if not found:
                print(f"the server did not start: {line!r}")
                return False
            conn = http.client.HTTPConnection("127.0.0.1", int(found.group(1)), timeout=60)
            conn.request("GET", "/__replayer__/events")
            events = conn.getresponse()
            hand = next((base / "hands").rglob("hand-5.yaml"))

            def next_event() -> str:
                """The type of the next event ("message", or "pdfs" once a rebuild's PDFs are written)."""
                kind = "message"
                while not (line := events.readline().decode()).startswith("data:"):
                    if line.startswith("event:"):
                        kind = line.split(":", 1)[1].strip()
                return kind

            next_event()  # the version now
            waits, pdfs = [], []
            for n in range(repeat):
                started = time.perf_counter()
                _edit(hand, n)
                if next_event() != "message":
                    print("the first event after an edit was not the reload")
                    return False
                waits.append(time.perf_counter() - started)
                if pdf:
                    if next_event() != "pdfs":
                        print("the reload was not followed by the PDFs' event")
                        return False
                    pdfs.append(time.perf_counter() - started)
            print(
                f"3. edit to reload event (python -m replayer serve): best {min(waits):.2f} s, "
                f"median {statistics.median(waits):.2f} s wall (polls every 0.2 s)"
            )
            if pdfs:
                print(
                    f"   edit to the PDFs' event: best {min(pdfs):.2f} s, "
                    f"median {statistics.median(pdfs):.2f} s wall"
                )
            conn.close()
        finally:
            server.terminate()
            server.wait(timeout=30)
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--hands", default=str(ROOT / "hands"), help="the hands to copy (default: hands/)")
    parser.add_argument("--pdf", action="store_true", help="with PDFs, as replayer serve without --no-pdf")
    parser.add_argument("--repeat", type=int, default=7, help="edits timed (default 7)")
    args = parser.parse_args()
    hands = Path(args.hands)
    ok = rebuild(hands, args.pdf, args.repeat)
    ok = ok and reload_latency(hands, args.pdf, args.repeat)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
