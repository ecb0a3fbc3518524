"""Benchmark: our double-dummy analysis against endplay's own calls; the lessons' solver work; the
cost of loading the solver.

A plain script, not a test (pytest collects nothing here):

    python tests/bench/bench_dds.py              # all three parts: Foster's Hand No. 1, 7 rounds
    python tests/bench/bench_dds.py --hand 3 --rounds 15 --lessons 0   # the first part only

All times are CPU time (``time.process_time``; the import figures the child process's own
``getrusage``), so other work on the machine disturbs them little.

1. One hand.  Figures printed, each the median over the rounds (DDS warmed up first, outside the timing):

* ``endplay``: ``endplay.dds.analyse_play`` on the hand's 52 cards — the bare solver call;
* ``analyse``: ``replayer.analysis.analyse(best=False)`` with an empty cache — the same one
  ``analyse_play`` call, plus the positions, cache keys, per-card numbers and texts in Python;
* ``ratio``: analyse / endplay (target ≤ 1.3);
* ``+best``: ``analyse`` as the lessons call it (``best=True``): also one ``solve_board`` per
  double-dummy error, for the cards that would have kept the tricks;
* ``cached``: ``analyse`` again with the cache the first run filled (no solver call: ≈ 0).

Both are timed *cold* — another deal is solved just before each timed call, so DDS cannot reuse
its transposition table, as in a build where every hand is new — and *warm* (the same deal again,
the table kept), where the solver's part is tiny and Python's bookkeeping shows.  The exit status
is 2 when the cold ratio misses the target.

2. ``--lessons`` N (default 200) generated hands (``tests/support/handgen.py``, ``--seed``) built as
   lessons with double dummy (``build_site``, ``pdf=False``) into a fresh output folder each time, so
   the solver's cache starts empty: the best of ``--builds`` CPU times in one process (``jobs=1``),
   and once on every core (the parent's and the workers' CPU time, and the wall time).  The
   solver calls are counted in the one-process build; "before" is what the analysis asked until
   issue 18: one ``AnalysePlayBin`` per hand and one ``SolveBoard`` per double-dummy error (each
   error leaves a ``>>`` entry in the cache).  Target (issue 18): ≤ 8 s.

3. Loading the solver, each in a fresh process, best of 3, less a bare ``python -c pass``: endplay's
   ``import endplay.dds`` (which runs endplay's package init, matplotlib and numpy with it), of it
   ``matplotlib.pyplot`` alone, and replayer's ``analysis.dds`` loading DDS from endplay's folder
   without importing endplay: CPU time and peak memory (the child's VmHWM).
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_HERE = Path(__file__).resolve()
_ROOT = _HERE.parents[2]
for _p in (str(_ROOT), str(_ROOT / "tests")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from replayer.analysis import analyse, dds_available  # noqa: E402
from replayer.analysis.positions import pbn  # noqa: E402
from replayer.rules.seats import Seat  # noqa: E402
from support.games import foster  # noqa: E402

TARGET = 1.3


def _endplay_inputs(n: int):  # type: ignore[no-untyped-def]
    from endplay.types import Card, Deal, Denom, Player

    game = foster(n)
    text = "N:" + " ".join(pbn(game.deal[s]) for s in Seat)
    trump = game.declaration.strain.trump if game.declaration else None
    deal = Deal(
        text,
        first=Player(int(game.tricks[0].leader)),
        trump=Denom.nt if trump is None else Denom(3 - int(trump)),
    )
    play = [Card(c.ascii()) for t in game.tricks for _, c in t.plays]
    return game, deal, play


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hand", type=int, default=1, help="Foster's hand number (1-5)")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--lessons", type=int, default=200, help="generated hands built as lessons (0: skip)")
    ap.add_argument("--seed", type=int, default=1904, help="seed of the generator (default 1904)")
    ap.add_argument("--builds", type=int, default=3, help="builds in one process, the best taken")
    args = ap.parse_args(argv)
    missing = dds_available()
    if missing:
        print(missing)
        return 1
    print("1. One hand: replayer's analysis against endplay's analyse_play (CPU time)")
    met = one_hand(args)
    if args.lessons:
        print(f"\n2. {args.lessons} lessons with double dummy, cold cache (CPU time)")
        lessons(args.lessons, args.seed, max(1, args.builds))
    print("\n3. Loading the solver, in a fresh process (best of 3, less `python -c pass`)")
    loading()
    return 0 if met else 2


def one_hand(args: argparse.Namespace) -> bool:
    """Figure 1; True when the cold ratio meets the target."""
    from endplay.dds import analyse_play

    game, deal, play = _endplay_inputs(args.hand)
    _, other_deal, other_play = _endplay_inputs(args.hand % 5 + 1)
    analyse_play(deal, play)  # warm up DDS (its tables are allocated on the first call)
    analyse(game, {})

    def flush() -> None:  # another deal: DDS starts the next one with an empty table
        analyse_play(other_deal, other_play)

    figures: dict[str, dict[str, list[float]]] = {"cold": {}, "warm": {}}
    calls = 0
    result = None
    for _ in range(args.rounds):
        for mode in ("cold", "warm"):
            f = figures[mode]
            if mode == "cold":
                flush()
            t0 = time.process_time()
            analyse_play(deal, play)
            t1 = time.process_time()
            if mode == "cold":
                flush()
            t2 = time.process_time()
            cache: dict[str, int] = {}
            analyse(game, cache, best=False)
            t3 = time.process_time()
            if mode == "cold":
                flush()
            t4 = time.process_time()
            cache = {}
            result = analyse(game, cache)
            t5 = time.process_time()
            again = analyse(game, cache)
            t6 = time.process_time()
            assert again.solver_calls == 0 and again.cards == result.cards
            calls = result.solver_calls
            f.setdefault("endplay", []).append(t1 - t0)
            f.setdefault("ours", []).append(t3 - t2)
            f.setdefault("best", []).append(t5 - t4)
            f.setdefault("cached", []).append(t6 - t5)
    assert result is not None
    print(
        f"Foster, Hand No. {args.hand}: {len(play)} cards, {args.rounds} rounds (medians); with best=True "
        f"analyse makes {calls} solver call(s) for {len(result.errors)} error(s) (1 AnalysePlayBin, "
        f"{calls - 1} SolveBoard for the better cards)"
    )
    ratios = {}
    for mode, f in figures.items():
        e, a, b, c = (statistics.median(f[k]) for k in ("endplay", "ours", "best", "cached"))
        ratios[mode] = a / e
        print(
            f"  {mode:4}  endplay analyse_play {e * 1000:7.2f} ms | analyse {a * 1000:7.2f} ms, "
            f"ratio {a / e:5.2f} x (target <= {TARGET}) | +best {b * 1000:7.2f} ms ({b / e:5.2f} x) | "
            f"cached re-run {c * 1000:5.2f} ms ({c / e:.3f} x)"
        )
    print(f"  errors found: {'; '.join(x.text for x in result.errors) or 'none'}")
    return ratios["cold"] <= TARGET


# ---------------------------------------------------------------------------------------------
# 2. The lessons' solver work


TARGET_LESSONS_S = 8.0  # issue 18: 200 lessons with double dummy, cold cache


def _count_calls() -> dict[str, int]:
    """Count the solver's calls from now on (in this process: the one-process builds)."""
    from replayer.analysis import dds

    counts = {"analyse_play": 0, "solve_board": 0}
    for name in counts:
        fn = getattr(dds, name)

        def counting(*a: object, _fn: object = fn, _name: str = name) -> object:
            counts[_name] += 1
            return _fn(*a)  # type: ignore[operator]

        setattr(dds, name, counting)
    return counts


def _cpu_with_children() -> float:
    own = time.process_time()
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own + kids.ru_utime + kids.ru_stime


def lessons(n: int, seed: int, builds: int) -> None:
    from replayer.lessons.build import DD_CACHE, BuildOptions, build_site
    from support.handgen import random_hands

    tmp = Path(tempfile.mkdtemp(prefix="bench-dds-"))
    try:
        hands = tmp / "hands"
        hands.mkdir()
        for i, hand in enumerate(random_hands(seed, n), 1):
            (hands / f"hand-{i:03d}.yaml").write_text(hand.text, encoding="utf-8")
        build_site([str(hands)], BuildOptions(out=tmp / "warm", pdf=False), jobs=1)  # imports, DDS loaded
        counts = _count_calls()
        times = []
        for k in range(builds):
            for name in counts:
                counts[name] = 0
            out = tmp / f"site-{k}"  # a fresh folder: the solver's cache starts empty
            t0 = time.process_time()
            report = build_site([str(hands)], BuildOptions(out=out, pdf=False), jobs=1)
            times.append(time.process_time() - t0)
            assert report.lessons == n and not report.invalid, (report.lessons, len(report.invalid))
        cache = json.loads((tmp / "site-0" / DD_CACHE).read_text(encoding="utf-8"))
        errors = sum(1 for key in cache if key.endswith(" >>"))
        before = n + errors
        after = counts["analyse_play"] + counts["solve_board"]
        best = min(times)
        met = "met" if best <= TARGET_LESSONS_S else "missed"
        print(
            f"  one process: best {best:.2f} s of {builds} ({', '.join(f'{t:.2f}' for t in times)}); "
            f"target <= {TARGET_LESSONS_S:g} s: {met}"
        )
        print(
            f"  solver calls: {before:,} before (1 AnalysePlayBin a hand + 1 SolveBoard for each of "
            f"{errors:,} errors) -> {after:,} now ({counts['analyse_play']:,} AnalysePlayBin + "
            f"{counts['solve_board']:,} SolveBoard)"
        )
        c0, w0 = _cpu_with_children(), time.perf_counter()
        report = build_site([str(hands)], BuildOptions(out=tmp / "site-pool", pdf=False))
        cpu, wall = _cpu_with_children() - c0, time.perf_counter() - w0
        print(
            f"  on every core (the build's default): {cpu:.2f} s CPU (parent and workers), {wall:.2f} s wall"
        )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# ---------------------------------------------------------------------------------------------
# 3. Loading the solver

# the peak memory of the child itself: VmHWM (Linux); ru_maxrss would carry over the parent's across exec
_REPORT = """
import resource
r = resource.getrusage(resource.RUSAGE_SELF)
try:
    hwm = next(int(x.split()[1]) for x in open("/proc/self/status") if x.startswith("VmHWM:"))
except (OSError, StopIteration):
    hwm = r.ru_maxrss
print(r.ru_utime + r.ru_stime, hwm)
"""
_LOADS = {
    "python -c pass": "pass",
    "import endplay.dds (endplay's package init)": "import endplay.dds",
    "  of it, import matplotlib.pyplot alone": "import matplotlib.pyplot",
    "replayer: analysis.dds loads DDS": "from replayer.analysis import dds; dds._dll()",
    "  of it, import replayer.analysis alone": "import replayer.analysis",
}


def _child(code: str) -> tuple[float, float]:
    """CPU seconds and peak memory (MiB) of a fresh Python running ``code``, best of 3."""
    runs = []
    for _ in range(3):
        out = subprocess.run(
            [sys.executable, "-c", code + "\n" + _REPORT],
            capture_output=True,
            text=True,
            cwd=_ROOT,
            check=True,
        )
        cpu, rss = out.stdout.split()[-2:]
        runs.append((float(cpu), int(rss) / 1024))
    return min(r[0] for r in runs), min(r[1] for r in runs)


def loading() -> None:
    base_cpu, base_rss = _child(_LOADS["python -c pass"])
    print(f"  {'python -c pass':46} {base_cpu * 1000:6.0f} ms CPU {base_rss:6.1f} MiB")
    for label, code in list(_LOADS.items())[1:]:
        cpu, rss = _child(code)
        print(f"  {label:46} +{(cpu - base_cpu) * 1000:5.0f} ms CPU +{rss - base_rss:5.1f} MiB")


if __name__ == "__main__":
    raise SystemExit(main())
