"""The solver as replayer calls it gives endplay's answers, one by one.

``analysis.dds`` loads DDS from endplay's package folder without importing endplay, and the solver
skips or narrows some solves (an error's better cards known from its equal cards, or asked for with
the position's value as target).  Each is checked here against endplay's own wrapper of the same
DDS, called one position at a time as the analysis used to: the deals passed, the values along the
play, every card's value, and the best cards at every double-dummy error, on Foster's hands and on
generated ones.  endplay is installed wherever these tests run (the ``dds`` extra)."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import pytest

from replayer.analysis import analyse, dds
from replayer.analysis.positions import Position, recorded_positions
from replayer.analysis.solver import Solver, dds_deal
from replayer.rules.cards import Card, Rank, Suit
from replayer.rules.game import Game
from support.endplay_ref import endplay_deal
from support.games import ROOT, foster, game_from_yaml
from support.handgen import generate_hand


def endplay_values(pos: Position, optimal: bool) -> dict[Card, int]:
    """endplay's ``solve_board`` on one position: every legal card, or only the best."""
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode

    solved = solve_board(endplay_deal(pos), SolveMode.OptimalAll if optimal else SolveMode.Default)
    return {Card(Suit(3 - int(e.suit)), Rank(int(e.rank).bit_length() - 1)): int(t) for e, t in solved}


def generated(seed: int) -> Game:
    return game_from_yaml(generate_hand(random.Random(seed)).text, f"generated-{seed}")


GAMES = [pytest.param(lambda n=n: foster(n), id=f"foster-{n}") for n in (1, 2, 3, 4, 5)] + [
    pytest.param(lambda s=s: generated(s), id=f"generated-{s}") for s in (1904, 7, 52)
]


@pytest.mark.parametrize("make", GAMES)
def test_the_deal_passed_to_dds_is_endplays_to_the_byte(make: Any) -> None:
    positions, _ = recorded_positions(make())
    for pos in positions:
        if pos.remaining > 0:
            assert bytes(dds_deal(pos)) == bytes(endplay_deal(pos)._data), pos.key


@pytest.mark.parametrize("make", GAMES)
def test_the_values_along_the_play_are_endplays(make: Any) -> None:
    from endplay.dds import analyse_play
    from endplay.types import Card as ECard

    positions, plays = recorded_positions(make())
    cards = [c for _, _, c in plays]
    ours = dds.analyse_play(dds_deal(positions[0]), [(3 - int(c.suit), int(c.rank)) for c in cards])
    theirs = list(analyse_play(endplay_deal(positions[0]), [ECard(c.ascii()) for c in cards]))
    assert ours == theirs and len(ours) == len(cards) - 3  # the start, then each card to the last trick


@pytest.mark.parametrize("make", GAMES[:6])
def test_every_cards_value_is_endplays(make: Any) -> None:
    positions, _ = recorded_positions(make())
    solver = Solver({})
    for pos in positions[::3]:
        if pos.remaining > 1:
            assert solver.card_values(pos) == endplay_values(pos, optimal=False), pos.key


WITH_ERRORS = [g for g in GAMES if g.id not in ("foster-2", "foster-4")]  # those two are played without one


@pytest.mark.parametrize("make", WITH_ERRORS)
def test_the_better_cards_at_each_error_are_endplays_one_by_one(make: Any) -> None:
    """The errors' better cards as ``analyse`` finds them (from equal cards, or with the value as
    target) are endplay's optimal cards, solved one position at a time with an empty cache; and
    the cache it leaves holds the values endplay gives."""
    game = make()
    cache: dict[str, int] = {}
    result = analyse(game, cache)
    positions, _ = recorded_positions(game)
    errors = [x for x in result.errors if positions[x.index].remaining > 1]
    assert errors  # every game here has double-dummy errors before the last trick
    for x in errors:
        pos = positions[x.index]
        best = endplay_values(pos, optimal=True)
        assert set(x.best) == set(best), (pos.key, x.card)
        for c, v in best.items():
            assert cache[f"{pos.key} > {c.ascii()}"] == v
        assert cache[f"{pos.key} >>"] == cache[pos.key] == max(best.values())


def test_both_ways_of_finding_the_better_cards_are_used_and_agree() -> None:
    """Over a few generated hands, some errors leave one run of equal cards (no solve) and some
    need DDS with the known value as target; each gives what a fresh solver finds by solving."""
    shortcut = solved = 0
    for seed in range(10, 16):
        game = generated(seed)
        positions, plays = recorded_positions(game)
        cache: dict[str, int] = {}
        result = analyse(game, cache, best=False)
        for x in result.errors:
            pos = positions[x.index]
            if pos.remaining <= 1:
                continue
            solver = Solver(dict(cache))
            top, kept = solver.best_cards(pos, x.card)
            shortcut += solver.calls == 0
            solved += solver.calls == 1
            fresh = Solver({})
            assert (top, kept) == fresh.best_cards(pos), pos.key
    assert shortcut > 0 and solved > 0


def test_a_solve_imports_neither_endplay_nor_matplotlib() -> None:
    code = (
        "import sys\n"
        "sys.path[:0] = ['tests']\n"
        "from support.games import foster\n"
        "from replayer.analysis import analyse\n"
        "a = analyse(foster(1), {})\n"
        "assert a.solver_calls > 0\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('endplay', 'matplotlib', 'numpy')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_without_the_library_where_endplay_keeps_it_endplays_module_loads_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = analyse(foster(2), {})
    monkeypatch.setattr(dds, "_LIBRARY", ("_dds", "no-such-library.so"))
    monkeypatch.setattr(dds, "_LOADED", [])
    again = analyse(foster(2), {})
    assert again.cards == first.cards and again.solver_calls > 0
    import endplay._dds

    assert len(dds._LOADED) == 1 and dds._LOADED[0] is endplay._dds._dll


def test_a_library_that_will_not_load_is_an_import_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """The callers' signal to go without the double-dummy layer, with the install hint."""
    monkeypatch.setattr(dds, "_LIBRARY", ("__init__.py",))  # a file, but no shared library
    monkeypatch.setattr(dds, "_LOADED", [])
    with pytest.raises(ImportError, match=r"replayer\[dds\].*will not load"):
        analyse(foster(2), {})
