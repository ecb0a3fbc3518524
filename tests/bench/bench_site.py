"""Benchmark: build the whole site (every hand under ``hands/``) with its PDFs, and print the figures.

A plain script, not a test:

    .venv/bin/python tests/bench/bench_site.py                  # hands/, with PDFs
    .venv/bin/python tests/bench/bench_site.py --no-pdf         # HTML only
    .venv/bin/python tests/bench/bench_site.py hands/elwell-1904 --keep /tmp/site

It builds into a fresh temporary folder (or ``--keep DIR``, which must be new or empty) with
``replayer.lessons.build.build_site`` in this process, then builds again with nothing changed, and
prints: the hands found, built and invalid; the wall time in total (and this process's CPU time)
and per stage as the build reports it (check = read, validate and replay; lesson model = the notes
and the double-dummy layer; HTML; lesson PDFs; book PDFs = assembling each book's PDF and
all-hands.pdf; index pages); the time per lesson; the sizes of the lessons' PDFs, of each book's PDF
and of all-hands.pdf, with their pages; and the unchanged rebuild.  Double dummy is on when endplay
is installed, with a cold cache.

The exit status is 1 if a hand is invalid or the build fails, else 0.  Nothing is written outside the
temporary (or ``--keep``) folder.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[2]
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

from pypdf import PdfReader  # noqa: E402  (after the checkout is put on the path)

from replayer.analysis import dds_available  # noqa: E402
from replayer.lessons.build import CORPUS_PDF, BuildOptions, BuildReport, build_site  # noqa: E402
from replayer.lessons.html import file_size  # noqa: E402

STAGES = ("check", "lesson model", "HTML", "lesson PDFs", "book PDFs", "index pages")


def _build(paths: list[str], out: Path, pdf: bool) -> tuple[BuildReport, float, float]:
    """The build's report, its wall time and the CPU time of this process (less than the wall time
    when other work shares the machine)."""
    started, cpu = time.perf_counter(), time.process_time()
    report = build_site(paths, BuildOptions(out=out, pdf=pdf))
    return report, time.perf_counter() - started, time.process_time() - cpu


def _pdf_line(path: Path) -> str:
    size = path.stat().st_size
    return f"{file_size(size):>9}  {len(PdfReader(path).pages):>4} pages  {path.name}"


def _print_pdfs(out: Path, report: BuildReport) -> None:
    site_pdfs = set(report.book_pdfs) | ({CORPUS_PDF} if report.corpus_pdf else set())
    lessons = sorted(
        p
        for p in out.rglob("*.pdf")
        if not p.name.startswith(".") and (p.parent != out or p.name not in site_pdfs)
    )
    if lessons:
        sizes = [p.stat().st_size for p in lessons]
        print(
            f"lesson PDFs: {len(lessons)}, {file_size(sum(sizes))} in all; "
            f"median {file_size(int(statistics.median(sizes)))}, largest {file_size(max(sizes))} "
            f"({max(lessons, key=lambda p: p.stat().st_size).relative_to(out)})"
        )
    for name in report.book_pdfs:
        print("  book     " + _pdf_line(out / name))
    if report.corpus_pdf:
        print("  all      " + _pdf_line(out / CORPUS_PDF))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("paths", nargs="*", default=[str(_ROOT / "hands")], help="hand files or folders")
    parser.add_argument("--no-pdf", action="store_true", help="HTML only")
    parser.add_argument("--keep", type=Path, help="build into this folder (new or empty) and keep it")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="replayer-bench-") as tmp:
        out = args.keep if args.keep is not None else Path(tmp) / "site"
        report, wall, cpu = _build(args.paths, out, not args.no_pdf)
        again, rebuild, _ = _build(args.paths, out, not args.no_pdf)
        built = report.lessons
        print(f"hands: {built + len(report.invalid)} found, {built} built, {len(report.invalid)} invalid")
        print(f"double dummy: {'on (cold cache)' if dds_available() is None else 'off (endplay missing)'}")
        if report.pdf_error:
            print(f"PDFs: none ({report.pdf_error})")
        print(
            f"wall time: {wall:.1f} s in all, {wall / max(built, 1) * 1000:.0f} ms a lesson "
            f"(CPU {cpu:.1f} s: the rest of the wall time is other work on the machine)"
        )
        for stage in STAGES:
            seconds, on_cpu = report.stages.get(stage, 0.0), report.stages_cpu.get(stage, 0.0)
            print(
                f"  {stage:<13} {seconds:7.1f} s  {seconds / max(built, 1) * 1000:6.0f} ms a lesson"
                f"   (CPU {on_cpu:6.1f} s, {on_cpu / max(built, 1) * 1000:5.0f} ms a lesson)"
            )
        other = wall - sum(report.stages.values())
        print(f"  {'the rest':<13} {other:7.1f} s  (finding hands, assets, images, the manifest)")
        _print_pdfs(out, report)
        print(f"rebuild with nothing changed: {rebuild:.2f} s ({again.rendered} rendered, {again.pdfs} PDFs)")
    return 1 if report.invalid or (not args.no_pdf and not report.corpus_pdf) else 0


if __name__ == "__main__":
    sys.exit(main())
