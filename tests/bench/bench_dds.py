"""Benchmark: our double-dummy analysis of a whole hand against endplay's own ``analyse_play``.

A plain script, not a test (pytest collects nothing here):

    python tests/bench/bench_dds.py              # Foster's Hand No. 1, 7 rounds
    python tests/bench/bench_dds.py --hand 3 --rounds 15

Figures printed, each the median over the rounds (DDS warmed up first, outside the timing):

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
"""

from __future__ import annotations

import argparse
import statistics
import sys
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
    pbn = "N:" + " ".join(pbn(game.deal[s]) for s in Seat)
    trump = game.declaration.strain.trump if game.declaration else None
    deal = Deal(
        pbn,
        first=Player(int(game.tricks[0].leader)),
        trump=Denom.nt if trump is None else Denom(3 - int(trump)),
    )
    play = [Card(c.ascii()) for t in game.tricks for _, c in t.plays]
    return game, deal, play


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hand", type=int, default=1, help="Foster's hand number (1-5)")
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args(argv)
    missing = dds_available()
    if missing:
        print(missing)
        return 1
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
            t0 = time.perf_counter()
            analyse_play(deal, play)
            t1 = time.perf_counter()
            if mode == "cold":
                flush()
            t2 = time.perf_counter()
            cache: dict[str, int] = {}
            analyse(game, cache, best=False)
            t3 = time.perf_counter()
            if mode == "cold":
                flush()
            t4 = time.perf_counter()
            cache = {}
            result = analyse(game, cache)
            t5 = time.perf_counter()
            again = analyse(game, cache)
            t6 = time.perf_counter()
            assert again.solver_calls == 0 and again.cards == result.cards
            calls = result.solver_calls
            f.setdefault("endplay", []).append(t1 - t0)
            f.setdefault("ours", []).append(t3 - t2)
            f.setdefault("best", []).append(t5 - t4)
            f.setdefault("cached", []).append(t6 - t5)
    assert result is not None
    print(
        f"Foster, Hand No. {args.hand}: {len(play)} cards, {args.rounds} rounds (medians); with best=True "
        f"analyse makes {calls} solver calls (1 analyse_play + {calls - 1} solve_board for the errors)"
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
    return 0 if ratios["cold"] <= TARGET else 2


if __name__ == "__main__":
    raise SystemExit(main())
