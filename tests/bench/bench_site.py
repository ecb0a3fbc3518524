"""Benchmark: build the whole site (every hand under ``hands/``) with its PDFs, and print the figures.

A plain script, not a test:

    .venv/bin/python tests/bench/bench_site.py                  # hands/, with PDFs
    .venv/bin/python tests/bench/bench_site.py --no-pdf         # HTML only
    .venv/bin/python tests/bench/bench_site.py hands/elwell-1904 --keep /tmp/site
    .venv/bin/python tests/bench/bench_site.py --generated 200  # issue 18: 200 lessons with PDFs,
                                                                # on 1 worker, then on every core

It builds into a fresh temporary folder (or ``--keep DIR``, which must be new or empty) with
``replayer.lessons.build.build_site`` in this process, then builds again with nothing changed, and
prints: the hands found, built and invalid; the wall time in total (and this process's CPU time)
and per stage as the build reports it (check = read, validate and replay; lesson model = the notes
and the double-dummy layer; HTML; lesson PDFs; book PDFs = assembling each book's PDF and
all-hands.pdf; index pages); the time per lesson; the sizes of the lessons' PDFs, of each book's PDF
and of all-hands.pdf, with their pages; and the unchanged rebuild.  Double dummy is on when endplay
is installed, with a cold cache.

With ``--generated N``: N generated hands (``tests/support/handgen.py``, seed 1904) are built with
their PDFs twice, into fresh folders, once with one worker (``jobs=1``: everything in this process)
and once with every core (the build's process pool), and the two sites are compared byte for byte.
For each: the wall time (what a person waits for: the pool's figure), and the CPU time of this
process and of its workers (``RUSAGE_CHILDREN``), the work done.  On a machine others share, the
wall time of the pool is only as good as the cores it was given.

The exit status is 1 if a hand is invalid or the build fails, else 0.  Nothing is written outside the
temporary (or ``--keep``) folder.
"""

from __future__ import annotations

import argparse
import os
import resource
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

STAGES = ("check", "lesson model", "HTML", "lesson PDFs", "book PDFs", "quiz PDFs", "index pages")
TARGET_GENERATED_S = 90.0  # issue 18: 200 lessons with PDFs, on this 2-core machine


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _generated(n: int, seed: int) -> int:
    """Issue 18's figure: n generated hands with PDFs on one worker, then on every core."""
    from replayer.lessons.parallel import default_jobs

    sys.path.insert(0, str(_ROOT / "tests"))
    from support.handgen import random_hands

    cores = default_jobs()
    with tempfile.TemporaryDirectory(prefix="replayer-bench-gen-") as tmp:
        hands = Path(tmp) / "hands" / "generated"
        hands.mkdir(parents=True)
        for i, hand in enumerate(random_hands(seed, n), 1):
            (hands / f"hand-{i:03d}.yaml").write_text(hand.text, encoding="utf-8")
        print(
            f"{n} generated hands (seed {seed}), with PDFs; double dummy: "
            f"{'on (cold cache)' if dds_available() is None else 'off (endplay missing)'}; {cores} core(s)"
        )
        sites, walls = [], []
        for jobs in (1, cores):
            out = Path(tmp) / f"site-{jobs}"
            children = _children_cpu()
            started, cpu = time.perf_counter(), time.process_time()
            report = build_site([str(hands.parent)], BuildOptions(out=out, pdf=True), jobs=jobs)
            wall = time.perf_counter() - started
            own, workers = time.process_time() - cpu, _children_cpu() - children
            walls.append(wall)
            print(
                f"  {jobs} worker{'s' if jobs != 1 else ''}: wall {wall:7.1f} s   CPU {own + workers:7.1f} s "
                f"(this process {own:.1f} s, workers {workers:.1f} s)   "
                f"{report.lessons} lessons, {report.pdfs} PDFs, {len(report.invalid)} invalid"
            )
            tail = report.stages.get("book PDFs", 0.0) + report.stages.get("quiz PDFs", 0.0)
            print(
                f"    after the lessons, in this process alone (the books' PDFs, the handouts): "
                f"{tail:.1f} s wall, {report.stages_cpu.get('book PDFs', 0.0):.1f} s CPU assembling"
            )
            if report.invalid or report.pdfs != n:
                return 1
            sites.append(
                {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
            )
        same = sites[0] == sites[-1]
        print(
            f"  the two sites are {'byte for byte the same' if same else 'DIFFERENT'} ({len(sites[0])} files)"
        )
        met = "met" if walls[-1] <= TARGET_GENERATED_S else "NOT met"
        print(
            f"  target: {n} lessons with PDFs in <= {TARGET_GENERATED_S:g} s (wall, every core): {met}; "
            f"speed-up {walls[0] / walls[-1]:.2f}x on {cores} core(s); load average {os.getloadavg()[0]:.2f}"
        )
        return 0 if same else 1


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
    parser.add_argument(
        "--generated", type=int, metavar="N", help="N generated hands, 1 worker vs every core"
    )
    parser.add_argument("--seed", type=int, default=1904, help="the generator's seed (default 1904)")
    args = parser.parse_args(argv)
    if args.generated:
        return _generated(args.generated, args.seed)
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
