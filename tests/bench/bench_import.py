"""Benchmark: PBN import of a large file, in boards a second.

Prints the reader alone (PBN text → games) and the whole import (games → hand YAML → loaded and
validated by the laws), best and median of --repeat runs.  A script that prints figures, not a test.

    .venv/bin/python tests/bench/bench_import.py [--repeat 3] [--file PATH]

Without --file it times the largest PBN file of the test corpus (tests/fixtures/corpus, 0.3 MB).
The 1.95 MB file the README's figures were measured on (the 2012 World Championship, 7,632 games:
tests/pbn/example3.pbn of the endplay project) is not kept in the repository: it is large, and it
carries rpbridge.net's copyright notice with no licence from them (see the corpus's SOURCES.md).
Give its path with --file.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from replayer.formats.importer import import_text  # noqa: E402
from replayer.formats.pbn import read_pbn  # noqa: E402
from support.corpus import corpus_dir  # noqa: E402


def timed(fn, repeat: int) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--file", type=Path, help="a PBN file (default: the test corpus's largest)")
    args = p.parse_args(argv)
    path = args.file or max(corpus_dir().glob("pbn/*.pbn"), key=lambda f: f.stat().st_size)
    if args.file is None:
        print("(the 1.95 MB World Championship file is not in the repository: give it with --file)")
    data = path.read_bytes()
    games, _ = read_pbn(data, path.name)
    boards, _ = import_text(data, path.name)
    read = timed(lambda: read_pbn(data, path.name), args.repeat)
    whole = timed(lambda: import_text(data, path.name), args.repeat)
    print(f"{path.name}: {len(data) / 1e6:.2f} MB, {len(games)} games, {len(boards)} boards")
    for label, runs, n in (
        ("read (PBN → games)", read, len(games)),
        ("import (→ YAML, loaded, validated)", whole, len(boards)),
    ):
        best, median = min(runs), statistics.median(runs)
        print(f"  {label:38} best {best:6.2f} s ({n / best:7.0f} boards/s)   median {median:6.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
