"""Every figure of issue 18, in one run, each beside its anchor and its target.

A plain script, not a test (pytest collects nothing here):

    .venv/bin/python tests/bench/figures.py            # all of it (~5 minutes on 2 cores)
    .venv/bin/python tests/bench/figures.py --quick    # without the 200 lessons with PDFs

Where a figure has an anchor it is measured in the same run, alternated with it, so that the ratio
holds on another machine even where the seconds do not:

* validation in process: our ``load`` + ``validate`` of generated complete hands, against endplay's
  PBN parser (``endplay.parsers.pbn.loads``) on the same deals exported to PBN with their play;
  CPU time (``time.process_time``), pinned to one core, best of alternated rounds;
* commands, whole process: ``replayer --help`` and ``replayer validate`` of one hand, against
  ``python -c pass`` and ``python -c "import yaml"`` with the same interpreter; best of 7, wall time
  (a person waits for the wall clock) and the process's CPU time;
* ``replayer validate`` of 5,000 files: wall, CPU and the peak resident size (``ru_maxrss``);
* the builds, as commands: a no-op build of ``hands/`` with PDFs, a one-hand rebuild after a note is
  edited, 200 generated lessons with double dummy on a cold cache (HTML only), and 200 with PDFs;
  wall time (the pool's work is spread over the cores) and the CPU time of all processes;
* importing endplay's solver as the lessons do: seconds and MiB, against ``import endplay.dds``.

Nothing is written outside a temporary folder (``--keep DIR`` keeps it).  The exit status is 0
whether or not a target is met: a benchmark reports, it does not judge.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

_HERE = Path(__file__).resolve()
_ROOT = _HERE.parents[2]
for _p in (str(_ROOT), str(_ROOT / "tests")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from support.handgen import random_hands  # noqa: E402

HANDS = _ROOT / "hands"
ONE_HAND = HANDS / "foster-1904" / "hand-1.yaml"
REPLAYER = Path(sys.executable).with_name("replayer")


@dataclass
class Row:
    figure: str
    measured: str
    anchor: str
    target: str
    met: bool | None

    def show(self) -> str:
        verdict = {True: "met", False: "MISSED", None: "—"}[self.met]
        return f"| {self.figure} | {self.measured} | {self.anchor} | {self.target} | {verdict} |"


@dataclass
class Run:
    wall: float
    cpu: float  # user + system of the child
    maxrss_mib: float
    status: int
    out: str


def run(argv: Sequence[str], cwd: Path | None = None) -> Run:
    """One process, its wall time and its own CPU time and peak memory (from wait4's rusage)."""
    t = time.perf_counter()
    proc = subprocess.Popen(list(argv), cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=_env())
    out = proc.stdout.read() if proc.stdout else b""
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    if proc.stdout:
        proc.stdout.close()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, proc.returncode, out.decode())


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def best(argv: Sequence[str], n: int, cwd: Path | None = None) -> Run:
    runs = [run(argv, cwd) for _ in range(n)]
    bad = [r for r in runs if r.status not in (0, 1)]
    if bad:
        raise SystemExit(f"{' '.join(map(str, argv))} failed ({bad[0].status}):\n{bad[0].out[-2000:]}")
    return min(runs, key=lambda r: r.wall)


# ---------------------------------------------------------------------------------------------
# validation in process, against endplay's PBN parser


def _pin() -> str:
    try:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        return f"pinned to CPU {min(os.sched_getaffinity(0))}"
    except (AttributeError, OSError):
        return "not pinned"


def _cpu(fn: Callable[[], object]) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def validation_in_process(n: int, rounds: int) -> list[Row]:
    from replayer.formats.interop import board_from_game, export_pbn
    from replayer.record.reader import load
    from replayer.validation.validate import validate

    texts = [h.text for h in random_hands(1904, n)]
    pbn_parts = []
    for i, text in enumerate(texts):
        record, _ = load(text, f"h{i}.yaml")
        assert record is not None
        game, diags = validate(record)
        assert game is not None and not diags, f"generated hand {i} is not valid"
        # endplay reads the board number as an integer; ours are "?" when the hand has none
        board = re.sub(r'\[Board "[^"]*"\]', f'[Board "{i + 1}"]', export_pbn(board_from_game(game, record)))
        # and a contract with a level: Bridge Whist's make has none ("NT"), which endplay refuses
        board = re.sub(r'\[Contract "([SHDCN])', r'[Contract "1\1', board)
        pbn_parts.append(board)
    pbn = "\n".join(pbn_parts)

    def ours() -> None:
        for i, text in enumerate(texts):
            record, _ = load(text, f"h{i}.yaml")
            if record is not None:
                validate(record)

    try:
        from endplay.parsers import pbn as endplay_pbn  # type: ignore[import-untyped]
    except ImportError:
        endplay_pbn = None

    def theirs() -> None:
        assert endplay_pbn is not None
        endplay_pbn.loads(pbn)

    pinned = _pin()
    mine, their = [], []
    for k in range(rounds):
        order: list[tuple[list[float], Callable[[], None]]] = [(mine, ours)]
        if endplay_pbn is not None:
            order.append((their, theirs))
        for times, fn in order if k % 2 == 0 else order[::-1]:
            times.append(_cpu(fn))
    rate = n / min(mine)
    print(f"validation: {n:,} generated hands, {pinned}, best of {rounds} alternated rounds (CPU time)")
    rows = [
        Row(
            "validate, complete hands, in process",
            f"{rate:,.0f} hands/s ({min(mine) / n * 1e6:,.0f} µs a hand)",
            "—",
            "≥ 2,500 hands/s",
            rate >= 2500,
        )
    ]
    if endplay_pbn is not None:
        boards = len(endplay_pbn.loads(pbn))
        theirs_rate = boards / min(their)
        ratio = theirs_rate / rate
        rows.append(
            Row(
                "endplay's PBN parser on the same deals",
                f"we are {ratio:.2f}× slower",
                f"endplay {theirs_rate:,.0f} boards/s",
                "≤ 1.5×",
                ratio <= 1.5,
            )
        )
    return rows


# ---------------------------------------------------------------------------------------------
# commands, whole process


def commands(n: int) -> list[Row]:
    py = sys.executable
    bare = best([py, "-c", "pass"], n)
    yaml_ = best([py, "-c", "import yaml"], n)
    helps = best([str(REPLAYER), "--help"], n)
    one = best([str(REPLAYER), "validate", "-q", str(ONE_HAND)], n)
    anchor = f"python -c pass {bare.wall:.3f} s; import yaml {yaml_.wall:.3f} s"
    return [
        Row(
            "`replayer --help`, whole process",
            f"{helps.wall:.3f} s wall, {helps.cpu:.3f} s CPU ({helps.wall / bare.wall:.1f}× python -c pass)",
            anchor,
            "≤ 0.10 s",
            helps.wall <= 0.10,
        ),
        Row(
            "`validate` of one hand, whole process",
            f"{one.wall:.3f} s wall, {one.cpu:.3f} s CPU ({one.wall / bare.wall:.1f}× python -c pass)",
            anchor,
            "≤ 0.10 s",
            one.wall <= 0.10,
        ),
    ]


def many_files(tmp: Path, n: int) -> list[Row]:
    folder = tmp / "many"
    folder.mkdir()
    for i, h in enumerate(random_hands(5000, n)):
        (folder / f"hand-{i:05}.yaml").write_text(h.text, encoding="utf-8")
    r = best([str(REPLAYER), "validate", "-q", str(folder)], 3)
    return [
        Row(
            f"`replayer validate` of {n:,} files",
            f"{r.wall:.2f} s wall, {r.cpu:.2f} s CPU, {r.maxrss_mib:.0f} MiB",
            "—",
            "≤ 2.5 s, ≤ 40 MiB",
            r.wall <= 2.5 and r.maxrss_mib <= 40,
        )
    ]


# ---------------------------------------------------------------------------------------------
# builds, as commands


def _build(hands: Path, out: Path, *extra: str) -> Run:
    r = run([str(REPLAYER), "build", "-q", "--out", str(out), *extra, str(hands)])
    if r.status != 0:
        raise SystemExit(f"build of {hands} failed ({r.status}):\n{r.out[-3000:]}")
    return r


def builds(tmp: Path, with_pdf_200: bool) -> list[Row]:
    rows = []
    hands = tmp / "hands"
    shutil.copytree(HANDS, hands)
    site = tmp / "site"
    _build(hands, site)
    noop = min((_build(hands, site) for _ in range(3)), key=lambda r: r.wall)
    rows.append(
        Row(
            "no-op `replayer build` of the corpus with PDFs",
            f"{noop.wall:.2f} s wall, {noop.cpu:.2f} s CPU",
            "—",
            "≤ 0.25 s",
            noop.wall <= 0.25,
        )
    )
    touched = hands / "foster-1904" / "hand-3.yaml"
    edits = []
    for k in range(3):
        text = touched.read_text(encoding="utf-8")
        touched.write_text(
            text.replace("introduction: |\n", f"introduction: |\n  Edited {k + 1}.\n", 1), encoding="utf-8"
        )
        edits.append(_build(hands, site))
    one = min(edits, key=lambda r: r.wall)
    rows.append(
        Row(
            "one-hand rebuild after a note edit, as a command",
            f"{one.wall:.2f} s wall, {one.cpu:.2f} s CPU",
            "—",
            "≤ 1.0 s",
            one.wall <= 1.0,
        )
    )

    gen = tmp / "gen"
    gen.mkdir()
    for i, h in enumerate(random_hands(200, 200)):
        (gen / f"hand-{i:03}.yaml").write_text(h.text, encoding="utf-8")
    cold = _build(gen, tmp / "gen-html", "--no-pdf")
    rows.append(
        Row(
            "200 lessons with double dummy, cold cache (HTML)",
            f"{cold.wall:.1f} s wall, {cold.cpu:.1f} s CPU (all processes)",
            f"{os.cpu_count()} cores",
            "≤ 8 s",
            cold.wall <= 8,
        )
    )
    if with_pdf_200:
        full = _build(gen, tmp / "gen-pdf")
        rows.append(
            Row(
                "200 lessons with PDFs (double dummy cold)",
                f"{full.wall:.1f} s wall, {full.cpu:.1f} s CPU (all processes)",
                f"{os.cpu_count()} cores",
                "≤ 90 s",
                full.wall <= 90,
            )
        )
    return rows


# ---------------------------------------------------------------------------------------------
# importing the solver


def solver_import(n: int) -> list[Row]:
    """What loading the solver costs a process: ours (DDS's library by ctypes, as the lessons load it)
    against endplay's module (its package init, with matplotlib, numpy and more)."""
    py = sys.executable
    probe = "import sys; {}; print('matplotlib' in sys.modules, 'numpy' in sys.modules)"
    ours_code = probe.format("from replayer.analysis.dds import _dll; _dll()")
    ours = best([py, "-c", ours_code], n)
    theirs = best([py, "-c", probe.format("from endplay.dds import analyse_play, solve_board")], n)
    bare = best([py, "-c", "import replayer.analysis.dds"], n)
    loaded = ours.out.split()
    clean = loaded == ["False", "False"]
    return [
        Row(
            "importing the solver for double dummy, as the lessons do",
            f"{ours.wall:.3f} s, {ours.maxrss_mib:.0f} MiB; matplotlib, numpy loaded: {', '.join(loaded)}",
            f"endplay's module: {theirs.wall:.2f} s, {theirs.maxrss_mib:.0f} MiB; "
            f"python with our module alone: {bare.wall:.3f} s, {bare.maxrss_mib:.0f} MiB",
            "only what the solver needs",
            clean,
        )
    ]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="skip the 200 lessons with PDFs")
    p.add_argument("--hands", type=int, default=3000, help="generated hands for the in-process figure")
    p.add_argument("--files", type=int, default=5000, help="files for the folder figure")
    p.add_argument("--keep", type=Path, help="keep the temporary folder here")
    args = p.parse_args(argv)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {REPLAYER}")
    tmp = Path(tempfile.mkdtemp(prefix="replayer-figures-"))
    sections: list[tuple[str, Callable[[], list[Row]]]] = [
        ("commands", lambda: commands(7)),
        ("solver import", lambda: solver_import(3)),
        ("many files", lambda: many_files(tmp, args.files)),
        ("builds", lambda: builds(tmp, not args.quick)),
        ("validation", lambda: validation_in_process(args.hands, 5)),  # last: it pins this process
    ]
    rows: list[Row] = []
    try:
        for name, section in sections:
            try:
                got = section()
            except Exception as exc:  # a section that fails is reported, the others still run
                print(f"{name}: failed: {type(exc).__name__}: {exc}")
                continue
            for row in got:
                print(row.show(), flush=True)
            rows += got
    finally:
        if args.keep:
            shutil.copytree(tmp, args.keep, dirs_exist_ok=True)
        shutil.rmtree(tmp, ignore_errors=True)
    print()
    print("| figure | measured | anchor | target | |")
    print("|---|---|---|---|---|")
    for row in rows:
        print(row.show())
    print(
        f"\npeak resident size of this script: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
