"""Benchmark: parse + validate (``load`` + ``validate``) over thousands of generated hands.

A plain script, not a test (pytest collects nothing here):

    python tests/bench/bench_validate.py                # 5,000 hands, seed 1904
    python tests/bench/bench_validate.py --hands 20000
    python tests/bench/bench_validate.py --profile      # and the hot spots, by cProfile

The hands come from ``tests/support/handgen.py`` with a fixed seed (generation is not timed);
each is a complete, legal Bridge Whist hand in one of the varied notations, half of them with
the deal.  The timed phase runs on one core (the process is pinned to one CPU where the OS
allows) and is measured in CPU time (``time.process_time``), best of ``--repeat``.  Memory: the timed work is run a second time under ``tracemalloc`` (which slows
Python down, so it is not the timed run) for its peak, and ``ru_maxrss`` gives the process's
peak resident size.
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import sys
import time
import tracemalloc
from pathlib import Path

_HERE = Path(__file__).resolve()
_ROOT = _HERE.parents[2]
for _p in (str(_ROOT), str(_ROOT / "tests")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from replayer.record.diagnostics import Severity  # noqa: E402
from replayer.record.reader import load  # noqa: E402
from replayer.validation.validate import validate  # noqa: E402
from support.handgen import random_hands  # noqa: E402

TARGET = 2_500  # full hands per second, on one core (issue 18)


def check_all(texts: list[str]) -> tuple[int, int]:
    """Load and validate every text; return (hands with errors, diagnostics in all)."""
    bad = 0
    count = 0
    for i, text in enumerate(texts):
        record, diags = load(text, f"bench-{i}.yaml")
        if record is not None:
            _game, more = validate(record)
            diags = diags + more
        count += len(diags)
        if any(d.severity is Severity.ERROR for d in diags):
            bad += 1
    return bad, count


def _maxrss_mib() -> float:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / (1024 * 1024) if sys.platform == "darwin" else rss / 1024  # bytes on macOS, KiB elsewhere


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--hands", type=int, default=5_000, help="how many hands to generate and check (default 5000)"
    )
    ap.add_argument("--seed", type=int, default=1904, help="seed of the generator (default 1904)")
    ap.add_argument(
        "--repeat", type=int, default=1, help="time the whole set this many times; report the best"
    )
    ap.add_argument("--profile", action="store_true", help="also profile the timed phase with cProfile")
    ap.add_argument("--top", type=int, default=25, help="how many hot spots to print with --profile")
    args = ap.parse_args(argv)

    pinned = None
    if hasattr(os, "sched_setaffinity"):
        try:
            cpu = min(os.sched_getaffinity(0))
            os.sched_setaffinity(0, {cpu})
            pinned = cpu
        except OSError:
            pass

    t0 = time.perf_counter()
    texts = [h.text for h in random_hands(args.seed, args.hands)]
    gen_s = time.perf_counter() - t0
    size = sum(len(t.encode("utf-8")) for t in texts)
    rss_before = _maxrss_mib()
    print(
        f"generated {len(texts):,} hands (seed {args.seed}, {size / 1024:,.0f} KiB of YAML) in {gen_s:.2f} s "
        "(not timed)"
    )

    check_all(texts[:50])  # warm up: imports, regex caches
    best = float("inf")
    for _ in range(max(1, args.repeat)):
        gc.collect()
        t0 = time.process_time()  # CPU time: the machine may be shared
        bad, ndiags = check_all(texts)
        best = min(best, time.process_time() - t0)
    rate = len(texts) / best

    gc.collect()
    tracemalloc.start()
    tracemalloc.reset_peak()
    check_all(texts)
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    print(
        f"python {sys.version.split()[0]}, "
        + (f"pinned to CPU {pinned}" if pinned is not None else "not pinned")
    )
    print(
        f"parse + validate: {len(texts):,} hands in {best:.3f} s of CPU = {rate:,.0f} hands/s "
        f"({best / len(texts) * 1e6:.0f} µs per hand)"
    )
    print(f"hands with errors: {bad} (expected 0); diagnostics in all: {ndiags}")
    print(
        f"peak memory: tracemalloc peak of the timed work {peak / (1024 * 1024):.1f} MiB; "
        f"ru_maxrss {_maxrss_mib():.1f} MiB (after generation, before timing: {rss_before:.1f} MiB)"
    )
    met = rate >= TARGET
    print(
        f"target: {TARGET:,} hands/s on one core: {'met' if met else 'NOT met'} ({rate / TARGET:.0%} of target)"
    )

    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.enable()
        check_all(texts)
        prof.disable()
        stats = pstats.Stats(prof, stream=sys.stdout).strip_dirs()
        print(f"\n--- cProfile, by own time (top {args.top}) ---")
        stats.sort_stats("tottime").print_stats(args.top)
        print(f"--- cProfile, by cumulative time (top {args.top}) ---")
        stats.sort_stats("cumulative").print_stats(args.top)
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
