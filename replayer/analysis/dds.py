"""Bo Haglund's double-dummy solver (DDS), called through its C interface in the library endplay ships.

Why not through ``endplay.dds``: importing any part of endplay runs ``endplay/__init__``, which imports
the whole package — its dealer among it, whose HTML and LaTeX output import ``matplotlib.pyplot``, with
numpy, pyparsing and tqdm: most of a second and some 75 MiB before the first solve, none of it used by
the solver.  endplay ships DDS as ``endplay/_dds/libdds.so``; ``importlib.util.find_spec`` finds the
package's folder without running it, and the library is loaded from there with ctypes, with the few
structures of DDS's ``dll.h`` this module passes (declared as endplay's ``_dds`` declares them for the
library it ships).  When the file is not where endplay puts it, endplay's own module
loads it (the slow import: the same library, the same answers).

Cards and seats are DDS's numbers here: a denomination 0–4 (♠ ♥ ♦ ♣ NT), a hand 0–3 (N E S W), a rank
2–14.  ``solver`` turns positions into them.  Touches a file: it loads a shared library.
"""

from __future__ import annotations

import ctypes
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path

__all__ = ["DdsDeal", "analyse_play", "make_deal", "solve_board"]

_LIBRARY = ("_dds", "libdds.so")  # where endplay (0.5) keeps DDS, inside its package folder


class DdsDeal(ctypes.Structure):
    """DDS's ``struct deal``: trump, the trick's leader, its cards so far, and each hand's remaining
    cards as a bit set per suit (rank r is bit r)."""

    _fields_ = [
        ("trump", ctypes.c_int),
        ("first", ctypes.c_int),
        ("currentTrickSuit", ctypes.c_int * 3),
        ("currentTrickRank", ctypes.c_int * 3),
        ("remainCards", (ctypes.c_uint * 4) * 4),
    ]


class _FutureTricks(ctypes.Structure):
    _fields_ = [
        ("nodes", ctypes.c_int),
        ("cards", ctypes.c_int),
        ("suit", ctypes.c_int * 13),
        ("rank", ctypes.c_int * 13),
        ("equals", ctypes.c_int * 13),
        ("score", ctypes.c_int * 13),
    ]


class _PlayTraceBin(ctypes.Structure):
    _fields_ = [("number", ctypes.c_int), ("suit", ctypes.c_int * 52), ("rank", ctypes.c_int * 52)]


class _SolvedPlay(ctypes.Structure):
    _fields_ = [("number", ctypes.c_int), ("tricks", ctypes.c_int * 53)]


def make_deal(
    trump: int, first: int, current: Sequence[tuple[int, int]], hands: Sequence[Sequence[tuple[int, int]]]
) -> DdsDeal:
    """A position for DDS: ``trump`` (denomination), ``first`` (the trick's leader), ``current`` (the
    trick's cards so far, (denomination, rank)) and each hand's remaining cards, N E S W."""
    deal = DdsDeal()
    deal.trump = trump
    deal.first = first
    for k, (denom, rank) in enumerate(current):
        deal.currentTrickSuit[k] = denom
        deal.currentTrickRank[k] = rank
    for h, cards in enumerate(hands):
        for denom, rank in cards:
            deal.remainCards[h][denom] |= 1 << rank
    return deal


def solve_board(deal: DdsDeal, target: int, solutions: int) -> list[tuple[int, int, int]]:
    """``SolveBoard``: (denomination, rank, score) of the cards DDS returns for the hand to play, each
    card of an equal run listed (DDS gives a run once, with its equals as a bit set).  ``target``
    and ``solutions`` as in DDS: -1 and 3 score every legal card; -1 and 2 only the best; a
    number of tricks and 2, the cards that take at least that many."""
    fut = _FutureTricks()
    _check(_dll().SolveBoard(deal, target, solutions, 1, ctypes.byref(fut), 0), "SolveBoard")
    out: list[tuple[int, int, int]] = []
    for i in range(fut.cards):
        if fut.score[i] == -1:
            continue
        held = (1 << fut.rank[i]) | fut.equals[i]
        out += [(fut.suit[i], r, fut.score[i]) for r in range(14, 1, -1) if held & (1 << r)]
    return out


def analyse_play(deal: DdsDeal, cards: Sequence[tuple[int, int]]) -> list[int]:
    """``AnalysePlayBin``: the tricks of the side of the leader's right-hand opponent before the first
    card and after each of ``cards`` (denomination, rank), those won along the trace included."""
    trace = _PlayTraceBin()
    trace.number = len(cards)
    for k, (denom, rank) in enumerate(cards):
        trace.suit[k] = denom
        trace.rank[k] = rank
    solved = _SolvedPlay()
    _check(_dll().AnalysePlayBin(deal, trace, ctypes.byref(solved), 0), "AnalysePlayBin")
    return list(solved.tricks[: solved.number])


def _check(code: int, call: str) -> None:
    if code != 1:  # DDS's RETURN_NO_FAULT
        raise RuntimeError(f"the double-dummy solver failed in {call} (DDS error {code})")


# ---------------------------------------------------------------------------------------------
# The library, loaded once, on the first solve


_LOADED: list[ctypes.CDLL] = []


def _dll() -> ctypes.CDLL:
    if not _LOADED:
        _LOADED.append(_load())
    return _LOADED[0]


def _load() -> ctypes.CDLL:
    """DDS from endplay's package folder; ImportError when endplay is missing or its DDS will not
    load (the callers' signal to go without the double-dummy layer)."""
    spec = importlib.util.find_spec("endplay")  # finds the package without running its __init__
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("no module named 'endplay'")
    path = Path(list(spec.submodule_search_locations)[0], *_LIBRARY)
    if not path.is_file():  # another layout of endplay: its own module loads the library
        from endplay import _dds

        dll: ctypes.CDLL = _dds._dll
        return dll
    try:
        if sys.platform == "win32":  # endplay loads it so on Windows
            dll = ctypes.WinDLL(str(path))
        else:
            dll = ctypes.CDLL(str(path))
    except OSError as exc:
        raise ImportError(f"endplay's DDS will not load: {exc}") from exc
    dll.SetMaxThreads(0)  # DDS allocates its threads' memory here (required before a solve on Linux)
    return dll
