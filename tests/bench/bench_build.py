"""Benchmark: the lesson builder (``replayer build``): HTML, PDF, incremental rebuilds, the stepper's size.

A plain script, not a test (pytest collects nothing here):

    python tests/bench/bench_build.py                   # every figure, median of 3 runs
    python tests/bench/bench_build.py --repeat 5
    python tests/bench/bench_build.py --profile         # and the hot spots, by cProfile

The figures, each printed next to its target:

1. HTML build of the corpus (Foster's hands in ``hands/``), ``pdf=False``, a fresh output folder
   each run: seconds and lessons per second.
2. HTML build of 200 generated hands (``tests/support/handgen.py``, fixed seed; generation is not
   timed), ``pdf=False``, a fresh output folder each run.  Target: under 10 s.
3. PDF overhead: for each of Foster's hands, our path (lesson model → print template →
   ``render_pdf``) against WeasyPrint's raw render of the same HTML string, with the same base URL
   (so the same stylesheets and fonts load).  Target: ours / raw ≤ 1.25.
4. Issue 18's rebuilds, each as a command (``python -m replayer build``, a process of its own, as a
   person runs it), measured in CPU time (the child's user + system time, ``RUSAGE_CHILDREN``: one
   core is meant), the best of ``--repeat`` runs, beside ``python -c pass`` (the interpreter alone):
   a copy of the corpus (``--rebuild-corpus``, default ``hands/``) is built once with its PDFs on
   every core (timed for reference), then
   - a no-op build (nothing changed): target <= 0.25 s;
   - a one-hand rebuild after a note edit (a sentence added to the first note of Foster's hand 3):
     target <= 1.0 s.  That lesson's page and PDF are made again, the PDFs that include it (its
     book's, all-hands.pdf) re-assembled, and its book's quiz handout rendered again when the note
     is one of its answers; the stages of one such rebuild (in this process) are printed too.
5. The stepper's size: ``site/stepper.js`` + ``site/stepper.css`` in bytes (target ≤ 60 KB, read as
   60,000 bytes), and gzipped for information.

Times are the median of ``--repeat`` runs (the best is printed alongside), by ``time.perf_counter``;
the PDF ratio is of the best runs, the least disturbed by other work on the machine.
Nothing is written outside temporary folders.  The exit status is 0 whether or not a target is
met; it is 1 only if the benchmark itself went wrong (a hand that does not build, a rebuild that
did not re-render what it should).
"""

from __future__ import annotations

import argparse
import gc
import gzip
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

_HERE = Path(__file__).resolve()
_ROOT = _HERE.parents[2]
for _p in (str(_ROOT), str(_ROOT / "tests")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import replayer.lessons.build  # noqa: E402
from replayer import __version__  # noqa: E402
from replayer.lessons.build import BuildOptions, BuildReport, build_site  # noqa: E402
from replayer.lessons.html import Nav, make_environment, render_lesson  # noqa: E402
from replayer.lessons.model import Lesson, lesson_model  # noqa: E402
from replayer.validation.files import Checked, check_file  # noqa: E402
from support.handgen import random_hands  # noqa: E402

HANDS = _ROOT / "hands"
BOOK = "foster-1904"
SITE = _ROOT / "site"
STEPPER = ("stepper.js", "stepper.css")

TARGET_GENERATED_S = 10.0  # 200 generated hands, HTML only
TARGET_PDF_RATIO = 1.25  # ours / WeasyPrint's raw render
TARGET_REBUILD_S = 1.0  # one hand changed (a note edit), with PDFs, as a command
TARGET_NOOP_S = 0.25  # nothing changed, with PDFs, as a command
TARGET_STEPPER_BYTES = 60_000  # stepper.js + stepper.css


@dataclass
class Row:
    figure: str
    measured: str
    target: str
    met: bool | None  # None: no target, or not measurable


def _timed(fn: Callable[[], object]) -> tuple[float, object]:
    gc.collect()
    t0 = time.perf_counter()
    result = fn()
    return time.perf_counter() - t0, result


def _summary(times: list[float]) -> str:
    return f"median {statistics.median(times):.3f} s, best {min(times):.3f} s over {len(times)} run(s)"


def _fresh(base: Path, name: str) -> Path:
    """A new, not yet existing output folder under ``base`` (build_site makes it)."""
    k = 0
    while (base / f"{name}-{k}").exists():
        k += 1
    return base / f"{name}-{k}"


class Problems(list[str]):
    def check(self, ok: bool, what: str) -> None:
        if not ok:
            self.append(what)
            print(f"  !! {what}")


# ---------------------------------------------------------------------------------------------
# 1. and 2.: HTML builds


def bench_html(
    label: str, hands_dir: Path, expected: int, repeat: int, tmp: Path, problems: Problems
) -> list[float]:
    times = []
    for _ in range(repeat):
        out = _fresh(tmp, "html")
        seconds, report = _timed(
            lambda out=out: build_site([str(hands_dir)], BuildOptions(out=out, pdf=False))
        )
        assert isinstance(report, BuildReport)
        problems.check(
            report.lessons == expected and report.rendered == expected and not report.invalid,
            f"{label}: {report.lessons} lesson(s), {report.rendered} rendered, "
            f"{len(report.invalid)} invalid (expected {expected})",
        )
        times.append(seconds)
        shutil.rmtree(out, ignore_errors=True)
    return times


def write_generated(folder: Path, n: int, seed: int) -> int:
    """``n`` generated hands as YAML files under ``folder/generated``; returns the bytes written."""
    sub = folder / "generated"
    sub.mkdir(parents=True)
    size = 0
    for i, hand in enumerate(random_hands(seed, n), 1):
        data = hand.text.encode("utf-8")
        (sub / f"hand-{i:03d}.yaml").write_bytes(data)
        size += len(data)
    return size


# ---------------------------------------------------------------------------------------------
# 3.: PDF overhead


@dataclass
class PdfTimes:
    hand: str
    ours: list[float]  # model + template + render_pdf
    raw: list[float]  # WeasyPrint's HTML(string=...).write_pdf()
    pre: list[float]  # of 'ours': the lesson model and the print template, before render_pdf

    @property
    def best_ratio(self) -> float:
        return min(self.ours) / min(self.raw)

    @property
    def median_ratio(self) -> float:
        return statistics.median(self.ours) / statistics.median(self.raw)


def bench_pdf_overhead(repeat: int, tmp: Path, problems: Problems) -> tuple[list[PdfTimes], float]:
    """Per hand, the times of both paths; and the median time of check_file (not in 'ours')."""
    from weasyprint import HTML  # type: ignore[import-untyped]

    from replayer.lessons.pdf import render_pdf

    site = tmp / "pdf-site"
    build_site([str(HANDS)], BuildOptions(out=site, pdf=False))  # for assets/ at ../assets/
    env = make_environment([str(replayer.lessons.build.TEMPLATES)])
    nav = Nav(root="../", index="../index.html")
    paths = sorted((HANDS / BOOK).glob("hand-*.yaml"), key=lambda p: int(p.stem.split("-")[1]))
    problems.check(len(paths) == 5, f"expected Foster's five hands, found {len(paths)}")

    checked: dict[Path, Checked] = {}
    check_times = []
    for p in paths:
        t0 = time.perf_counter()
        c = check_file(p)
        check_times.append(time.perf_counter() - t0)
        problems.check(c.game is not None and c.record is not None, f"{p.name} does not validate")
        checked[p] = c

    def model(p: Path) -> Lesson:
        c = checked[p]
        assert c.game is not None and c.record is not None
        return lesson_model(c.game, c.record, c.diagnostics)

    def base_url(p: Path) -> str:
        return str(site / BOOK / (p.stem + ".html"))  # assets/ is at ../assets/ from here

    def ours(p: Path, pre: list[float]) -> bytes:
        t0 = time.perf_counter()
        html = render_lesson(env, model(p), nav, version=__version__, for_print=True)
        pre.append(time.perf_counter() - t0)
        return render_pdf(html, base_url=base_url(p))

    def raw(p: Path, html: str) -> bytes:
        return HTML(string=html, base_url=base_url(p)).write_pdf()  # type: ignore[no-any-return]

    htmls = {p: render_lesson(env, model(p), nav, version=__version__, for_print=True) for p in paths}
    # Warm up: font discovery (fontconfig), WeasyPrint's imports and caches, the template's compilation.
    ours(paths[0], [])
    raw(paths[0], htmls[paths[0]])

    rows = []
    for p in paths:
        t = PdfTimes(p.stem, [], [], [])
        for k in range(repeat):
            # Alternate which goes first, so neither always follows the other's garbage.
            order = (("ours", lambda p=p, t=t: ours(p, t.pre)), ("raw", lambda p=p: raw(p, htmls[p])))
            for name, fn in order if k % 2 == 0 else order[::-1]:
                seconds, pdf = _timed(fn)
                problems.check(
                    isinstance(pdf, bytes) and pdf.startswith(b"%PDF"), f"{p.name}: {name} made no PDF"
                )
                (t.ours if name == "ours" else t.raw).append(seconds)
        rows.append(t)
    return rows, statistics.median(check_times)


# ---------------------------------------------------------------------------------------------
# 4.: incremental rebuilds


def _command_cpu(args: list[str]) -> float:
    """The CPU time (user + system) of one command, run to its end."""
    import resource
    import subprocess

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _edit_note(hand: Path, k: int) -> None:
    """A sentence added to the hand's first note, as a teacher edits one."""
    text = hand.read_text(encoding="utf-8")
    at = text.index("notes:\n")
    at = text.index("    text: |\n", at) + len("    text: |\n")
    hand.write_text(text[:at] + f"      Edited {k}.\n" + text[at:], encoding="utf-8")


def bench_commands(
    corpus: Path, repeat: int, tmp: Path, problems: Problems
) -> tuple[float, list[float], list[float], list[float]]:
    """(the full build's wall time, ``python -c pass``, no-op builds, one-hand rebuilds), in CPU
    seconds of each command but the first."""
    hands = tmp / "commands-hands"
    shutil.copytree(corpus, hands / corpus.name)
    out = tmp / "commands-site"
    full, report = _timed(lambda: build_site([str(hands)], BuildOptions(out=out, pdf=True)))
    assert isinstance(report, BuildReport)
    problems.check(not report.invalid and report.corpus_pdf, f"full build: {len(report.invalid)} invalid")
    build = [sys.executable, "-m", "replayer", "build", str(hands), "--out", str(out), "-q"]
    empty = [_command_cpu([sys.executable, "-c", "pass"]) for _ in range(repeat)]
    noop = [_command_cpu(build) for _ in range(repeat)]
    touched = (
        next(iter(sorted(hands.rglob("foster-1904/hand-3.yaml"))), None) or sorted(hands.rglob("*.yaml"))[0]
    )
    one = []
    for k in range(repeat):
        _edit_note(touched, k + 1)
        one.append(_command_cpu(build))
    lessons = json.loads((out / replayer.lessons.build.MANIFEST).read_text(encoding="utf-8"))["lessons"]
    problems.check(len(lessons) == report.lessons, "the manifest does not list every lesson")
    return full, empty, noop, one


def rebuild_stages(tmp: Path) -> BuildReport:
    """One more one-hand rebuild of the commands' site, in this process, for its stages."""
    hands = tmp / "commands-hands"
    touched = (
        next(iter(sorted(hands.rglob("foster-1904/hand-3.yaml"))), None) or sorted(hands.rglob("*.yaml"))[0]
    )
    _edit_note(touched, 99)
    return build_site([str(hands)], BuildOptions(out=tmp / "commands-site", pdf=True))


# ---------------------------------------------------------------------------------------------
# 5.: the stepper's size


def stepper_size() -> tuple[int, int, list[str]] | None:
    """(bytes, gzipped bytes, the files' own figures), or None if a file is not yet written."""
    files = [SITE / name for name in STEPPER]
    if not all(f.is_file() for f in files):
        return None
    total = gz = 0
    parts = []
    for f in files:
        data = f.read_bytes()
        z = len(gzip.compress(data, compresslevel=9, mtime=0))
        total += len(data)
        gz += z
        parts.append(f"{f.name} {len(data):,} B (gzip {z:,} B)")
    return total, gz, parts


# ---------------------------------------------------------------------------------------------


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def _profile(title: str, fn: Callable[[], object], top: int) -> None:
    import cProfile
    import pstats

    prof = cProfile.Profile()
    prof.enable()
    fn()
    prof.disable()
    stats = pstats.Stats(prof, stream=sys.stdout).strip_dirs()
    print(f"\n--- cProfile of {title}, by own time (top {top}) ---")
    stats.sort_stats("tottime").print_stats(top)
    print(f"--- cProfile of {title}, by cumulative time (top {top}) ---")
    stats.sort_stats("cumulative").print_stats(top)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--repeat", type=int, default=3, help="runs of each timing; the median is reported (default 3)"
    )
    ap.add_argument(
        "--hands", type=int, default=200, help="how many hands to generate for figure 2 (default 200)"
    )
    ap.add_argument("--seed", type=int, default=1904, help="seed of the generator (default 1904)")
    ap.add_argument("--skip-pdf", action="store_true", help="skip figures 3 and 4 (the slow, PDF ones)")
    ap.add_argument(
        "--rebuild-corpus",
        type=Path,
        default=HANDS,
        help="the hands of figure 4, copied (default hands/; hands/foster-1904 for a quick run)",
    )
    ap.add_argument(
        "--profile",
        action="store_true",
        help="also profile the generated-hands build and the one-hand rebuild with cProfile",
    )
    ap.add_argument("--top", type=int, default=15, help="how many hot spots to print with --profile")
    args = ap.parse_args(argv)
    repeat = max(1, args.repeat)
    problems = Problems()
    rows: list[Row] = []
    started = time.perf_counter()

    import weasyprint

    print(
        f"python {sys.version.split()[0]}, replayer {__version__}, WeasyPrint {weasyprint.__version__}; "
        f"median of {repeat} run(s) per timing"
    )
    print(
        f"{os.cpu_count()} CPU(s); load average at start {_load()} (other work on the machine skews the PDF figures)"
    )

    with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp_name:
        tmp = Path(tmp_name)
        n_corpus = len(list(HANDS.rglob("hand-*.yaml")))

        # Warm up: imports, markdown-it, PyYAML, the first Jinja compile.
        build_site([str(HANDS)], BuildOptions(out=_fresh(tmp, "warm"), pdf=False))

        # 1.
        print(f"\n1. HTML build of the corpus ({n_corpus} hands in {HANDS.relative_to(_ROOT)}/), pdf=False")
        t = statistics.median(times := bench_html("corpus", HANDS, n_corpus, repeat, tmp, problems))
        print(f"   {_summary(times)}; {n_corpus / t:,.0f} lessons/s")
        rows.append(Row("HTML build, corpus", f"{t:.3f} s ({n_corpus / t:,.0f} lessons/s)", "-", None))

        # 2.
        gen = tmp / "generated-hands"
        t0 = time.perf_counter()
        size = write_generated(gen, args.hands, args.seed)
        print(
            f"\n2. HTML build of {args.hands} generated hands (seed {args.seed}, {size / 1024:,.0f} KiB of YAML, "
            f"written in {time.perf_counter() - t0:.2f} s, not timed), pdf=False"
        )
        t = statistics.median(times := bench_html("generated", gen, args.hands, repeat, tmp, problems))
        print(
            f"   {_summary(times)}; {args.hands / t:,.0f} lessons/s, {t / args.hands * 1e3:.1f} ms per lesson"
        )
        rows.append(
            Row(
                f"HTML build, {args.hands} generated hands",
                f"{t:.3f} s ({args.hands / t:,.0f} lessons/s)",
                f"< {TARGET_GENERATED_S:g} s",
                t < TARGET_GENERATED_S,
            )
        )
        # the same without the double-dummy layer (what the target was set for): every fresh position
        # of random play is a DDS solve, and random play is full of errors to explain
        import replayer.lessons.model

        real = replayer.lessons.model.dds_available
        replayer.lessons.model.dds_available = lambda: "off for this measurement"  # type: ignore[assignment]
        try:
            t = statistics.median(bench_html("generated, no DD", gen, args.hands, repeat, tmp, problems))
        finally:
            replayer.lessons.model.dds_available = real  # type: ignore[assignment]
        print(f"   without the double-dummy layer: {t:.3f} s; {args.hands / t:,.0f} lessons/s")
        rows.append(
            Row(
                "  … without the double-dummy layer",
                f"{t:.3f} s ({args.hands / t:,.0f} lessons/s)",
                f"< {TARGET_GENERATED_S:g} s",
                t < TARGET_GENERATED_S,
            )
        )

        if not args.skip_pdf:
            # 3.
            print(
                "\n3. PDF overhead: our path (lesson model + print template + render_pdf) / WeasyPrint's raw "
                "write_pdf of the same HTML, same base_url"
            )
            per_hand, check_t = bench_pdf_overhead(repeat, tmp, problems)
            print("   the ratio is of the best runs (the least disturbed by other work); medians alongside")
            print(
                f"   {'hand':<8} {'ours':>8} {'raw':>8} {'ratio':>7}   {'median ours':>11} {'raw':>8} {'ratio':>7}"
                f"   {'model+template':>14}"
            )
            for h in per_hand:
                print(
                    f"   {h.hand:<8} {min(h.ours):>7.3f}s {min(h.raw):>7.3f}s {h.best_ratio:>6.3f}x   "
                    f"{statistics.median(h.ours):>10.3f}s {statistics.median(h.raw):>7.3f}s {h.median_ratio:>6.3f}x"
                    f"   {statistics.median(h.pre) * 1e3:>11.1f} ms"
                )
            tot_o = sum(min(h.ours) for h in per_hand)
            tot_r = sum(min(h.raw) for h in per_hand)
            med_o = sum(statistics.median(h.ours) for h in per_hand)
            med_r = sum(statistics.median(h.raw) for h in per_hand)
            pre = sum(statistics.median(h.pre) for h in per_hand)
            ratio = tot_o / tot_r
            worst = max(h.best_ratio for h in per_hand)
            print(
                f"   {'total':<8} {tot_o:>7.3f}s {tot_r:>7.3f}s {ratio:>6.3f}x   "
                f"{med_o:>10.3f}s {med_r:>7.3f}s {med_o / med_r:>6.3f}x   {pre * 1e3:>11.1f} ms"
            )
            print(f"   (not in 'ours': check_file, parse + validate, median {check_t * 1e3:.1f} ms per hand)")
            rows.append(
                Row(
                    "PDF overhead, ours / raw (total)",
                    f"{ratio:.3f}x (worst hand {worst:.3f}x)",
                    f"<= {TARGET_PDF_RATIO:g}x",
                    ratio <= TARGET_PDF_RATIO,
                )
            )

            # 4.
            corpus = args.rebuild_corpus
            print(
                f"\n4. Rebuilds as commands, of a copy of {corpus} (CPU time of the command, best of {repeat})"
            )
            full, empty, noop, one = bench_commands(corpus, repeat, tmp, problems)
            print(f"   full build with PDFs on every core (once, wall time, for reference): {full:.1f} s")
            print(f"   python -c pass:                 best {min(empty):.3f} s")
            print(
                f"   no-op build:                    best {min(noop):.3f} s (median {statistics.median(noop):.3f} s)"
            )
            print(
                f"   one-hand rebuild, a note edit:  best {min(one):.3f} s (median {statistics.median(one):.3f} s)"
            )
            stages = rebuild_stages(tmp)
            print(
                "   its stages (CPU, in this process): "
                + ", ".join(f"{k} {v:.2f} s" for k, v in stages.stages_cpu.items() if v >= 0.005)
            )
            rows.append(Row("Full build with PDFs, every core (wall)", f"{full:.1f} s", "-", None))
            rows.append(
                Row(
                    "No-op build, as a command (CPU)",
                    f"{min(noop):.3f} s",
                    f"<= {TARGET_NOOP_S:g} s",
                    min(noop) <= TARGET_NOOP_S,
                )
            )
            rows.append(
                Row(
                    "One-hand rebuild, note edit, as a command (CPU)",
                    f"{min(one):.3f} s",
                    f"<= {TARGET_REBUILD_S:g} s",
                    min(one) <= TARGET_REBUILD_S,
                )
            )
            rows.append(Row("  … python -c pass (CPU)", f"{min(empty):.3f} s", "-", None))

        # 5.
        print("\n5. The stepper's size (site/stepper.js + site/stepper.css)")
        got = stepper_size()
        if got is None:
            missing = ", ".join(n for n in STEPPER if not (SITE / n).is_file())
            print(f"   not yet written ({missing} missing)")
            rows.append(
                Row("Stepper JS + CSS", "not yet written", f"<= {TARGET_STEPPER_BYTES // 1000} KB", None)
            )
        else:
            total, gz, parts = got
            for part in parts:
                print(f"   {part}")
            print(
                f"   total {total:,} B = {total / 1000:.1f} KB; gzipped (level 9) {gz:,} B = {gz / 1000:.1f} KB"
            )
            rows.append(
                Row(
                    "Stepper JS + CSS",
                    f"{total:,} B ({total / 1000:.1f} KB; gzip {gz / 1000:.1f} KB)",
                    f"<= {TARGET_STEPPER_BYTES // 1000} KB",
                    total <= TARGET_STEPPER_BYTES,
                )
            )

        if args.profile:
            prof_out = _fresh(tmp, "prof")
            _profile(
                f"the HTML build of {args.hands} generated hands",
                lambda: build_site([str(gen)], BuildOptions(out=prof_out, pdf=False)),
                args.top,
            )
            if not args.skip_pdf:
                _profile("a one-hand rebuild with PDFs", lambda: rebuild_stages(tmp), args.top)

    w_fig = max(len(r.figure) for r in rows)
    w_meas = max(len(r.measured) for r in rows)
    w_tgt = max(len(r.target) for r in rows)
    print(f"\n{'figure':<{w_fig}}  {'measured':<{w_meas}}  {'target':<{w_tgt}}  met")
    print(f"{'-' * w_fig}  {'-' * w_meas}  {'-' * w_tgt}  ---")
    for r in rows:
        met = "-" if r.met is None else ("yes" if r.met else "NO")
        print(f"{r.figure:<{w_fig}}  {r.measured:<{w_meas}}  {r.target:<{w_tgt}}  {met}")
    print(f"\n(whole run {time.perf_counter() - started:.1f} s; load average at end {_load()})")
    if problems:
        print(f"the benchmark went wrong {len(problems)} time(s):", *problems, sep="\n  ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
