"""Fuzzing, bounded for CI: mutated hands, PBN and LIN give a clean error or a valid result, never a
traceback, never an accepted corruption, and each in a few seconds (issue 12).

The inputs and mutations are in ``tests/fuzz/mutators.py``, the promises in ``tests/fuzz/checks.py``
(read its docstring for exactly what is checked); ``tests/fuzz/fuzz.py`` runs the same for longer.
Hypothesis draws the input, the kind of mutation and the random choices inside it; every property
runs a fixed number of examples from a fixed seed (``derandomize``), so CI is reproducible, and a
failing example names the input, the kind and what was changed.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, Phase, example, given, note, settings
from hypothesis import strategies as st

from fuzz.checks import (  # tests/ is on sys.path: pytest puts it there for this file
    HAND_COMMANDS,
    HandOutcome,
    check_cli,
    check_validate_then_show,
    imports_quietly,
    odd_name,
    promise_expected,
    promise_reported,
    promise_whole,
    run_hand,
    run_import,
    time_limit,
)
from fuzz.mutators import (
    CI_SIZES,
    EXPECT_REPORT,
    EXPECT_TRICKS,
    Base,
    Mutant,
    bases,
    kinds,
    mutate,
)

#: The seconds one mutant may take: the library on one input, one command, one build.
LIBRARY_SECONDS = 5.0
CLI_SECONDS = 10.0
BUILD_SECONDS = 30.0

FUZZ = settings(
    derandomize=True,  # the same examples on every run: CI is reproducible
    database=None,
    deadline=None,  # time is bounded by time_limit, which also stops a hang
    phases=(Phase.explicit, Phase.generate),  # no shrinking: a mutant's description says what it is
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)

_BASES = {b.name: b for fmt in ("yaml", "pbn", "lin") for b in bases(fmt)}


def _names(fmt: str, kind: str | None = None, expect: str | None = None) -> list[str]:
    """The inputs of ``fmt`` a kind of mutation applies to (and, with ``expect``, those where a few
    trial mutants of that kind bring that expectation)."""
    out = []
    for b in bases(fmt):
        if kind is not None and kind not in kinds(b):
            continue
        if expect is not None and not any(
            mutate(random.Random(k), b, kind or "").expect == expect for k in range(8)
        ):
            continue
        out.append(b.name)
    return out


def _quiet(fmt: str) -> list[str]:
    """The inputs of ``fmt`` that import with no error and no warning and have a play to change."""
    return [n for n in _names(fmt, "play-dup", EXPECT_REPORT) if imports_quietly(_BASES[n])]


@st.composite
def mutants(draw: st.DrawFn, names: list[str], only: tuple[str, ...] = ()) -> Mutant:
    """A mutant of one of the inputs ``names``, by one of the kinds ``only`` (default: any that applies)."""
    base: Base = _BASES[draw(st.sampled_from(names), label="input")]
    choices = [k for k in kinds(base) if not only or k in only]
    kind = draw(st.sampled_from(choices), label="kind")
    rng = draw(st.randoms(use_true_random=False), label="rng")
    mutant = mutate(rng, base, kind, CI_SIZES)
    note(mutant.describe())
    return mutant


def _hand(mutant: Mutant) -> HandOutcome:
    with time_limit(LIBRARY_SECONDS):
        outcome = run_hand(mutant.data, "fuzzed" + mutant.base.suffix)
    note(outcome.shown()[:3000])
    return outcome


# ---------------------------------------------------------------------------------------------
# Hand files


@settings(FUZZ, max_examples=250)
@given(mutant=mutants(_names("yaml")))
def test_mutated_hands_load_and_validate_without_a_traceback(mutant: Mutant) -> None:
    """Any mutation of Foster's hands and the valid fixtures (byte flips, lines deleted, copied or
    swapped, truncation, ``²`` and thousands of digits, deep nesting, huge counts, cards changed):
    ``load`` and ``validate`` return located diagnostics, never raise, in a few seconds."""
    _hand(mutant)


_WHOLE_KINDS = ("no-tricks", "truncate", "delete-lines", "delete-range", "swap-lines", "duplicate-line")


@settings(FUZZ, max_examples=120)
@given(mutant=mutants(_names("yaml"), _WHOLE_KINDS))
def test_a_hand_cut_short_is_an_error_not_a_valid_hand(mutant: Mutant) -> None:
    """F01: a hand cut at ``play:``/``columns:``, with ``tricks: []`` or ``play: {}``, or with rows
    gone: with no deal, fewer than 52 played cards is an error; no error means a game to show."""
    promise_whole(_hand(mutant))


@settings(FUZZ, max_examples=40)
@given(mutant=mutants(_names("yaml"), _WHOLE_KINDS))
def test_a_hand_that_validate_passes_is_one_show_shows(mutant: Mutant) -> None:
    """F01 at the command line: ``replayer validate`` exit 0 means ``replayer show`` exit 0."""
    with tempfile.TemporaryDirectory() as folder:
        check_validate_then_show(mutant, Path(folder), "hand" + mutant.base.suffix, CLI_SECONDS)


@settings(FUZZ, max_examples=150)
@given(mutant=mutants(_names("yaml", "play-replace"), ("play-replace", "deal-replace")))
def test_a_card_replaced_so_the_cards_are_illegal_is_an_error(mutant: Mutant) -> None:
    """A played card replaced by one played elsewhere too (or, the deal given, held by nobody); a rank
    changed in a deal of 52 cards, or of an end position whose dealt cards are all played: an error."""
    promise_expected(mutant, _hand(mutant))


_SWAP_INPUTS = _names("yaml", "play-swap", EXPECT_TRICKS)


@settings(FUZZ, max_examples=150)
@given(mutant=mutants(_SWAP_INPUTS, ("play-swap",)))
@example(mutant=mutate(random.Random(0), _BASES["hands/foster-1904/hand-2.yaml"], "play-swap"))
def test_a_swap_that_changes_the_tricks_won_is_an_error(mutant: Mutant) -> None:
    """F17: two played cards swapped in a complete play whose result line names the tricks: either
    an error, or each side wins what it won before.  In Foster's Hand 2 (the pinned example: ♥K and
    ♥10 of trick 7) the odd trick changes sides; the file's ``book_errors`` entry about the honours
    must not turn that into a warning."""
    assert mutant.expect == EXPECT_TRICKS
    promise_expected(mutant, _hand(mutant))


@settings(FUZZ, max_examples=60)
@given(mutant=mutants(_names("yaml")), command=st.sampled_from(HAND_COMMANDS), name=st.integers(0, 6))
def test_the_command_line_on_a_mutated_hand_exits_0_1_or_2(
    mutant: Mutant, command: tuple[str, ...], name: int
) -> None:
    """``replayer validate``, ``show``, ``score``, ``annotate``, ``export`` (``rubber`` for a rubber
    file) on a mutant under a plain or odd file name: exit 0, 1 or 2, no exception, no traceback."""
    with tempfile.TemporaryDirectory() as folder:
        check_cli(mutant, Path(folder), odd_name(name, mutant.base.suffix), command, CLI_SECONDS)


@settings(FUZZ, max_examples=8)
@given(mutant=mutants(_names("yaml")), name=st.integers(0, 6))
def test_a_build_of_a_mutated_hand_exits_0_1_or_2(mutant: Mutant, name: int) -> None:
    """``replayer build --no-pdf`` of a folder holding a mutant under a plain or odd name (F13:
    ``hand-1².yaml``; F14: ``javascript:alert(1).yaml``): exit 0, 1 or 2, no exception."""
    with tempfile.TemporaryDirectory() as folder:
        check_cli(
            mutant,
            Path(folder),
            odd_name(name, mutant.base.suffix),
            ("build", "--no-pdf", "-q"),
            BUILD_SECONDS,
        )


# ---------------------------------------------------------------------------------------------
# PBN and LIN


@settings(FUZZ, max_examples=200)
@given(mutant=mutants(_names("pbn")))
def test_mutated_pbn_imports_without_a_traceback(mutant: Mutant) -> None:
    """Any mutation of the PBN corpus (byte flips, lines, ``²`` and thousands of digits, tag values,
    board names, the deal, the play, the auction, commentary): ``import_text`` never raises, every
    diagnostic is located, every board is valid or carries its errors."""
    with time_limit(LIBRARY_SECONDS):
        run_import(mutant.data, "fuzzed.pbn")


@settings(FUZZ, max_examples=200)
@given(mutant=mutants(_names("lin")))
def test_mutated_lin_imports_without_a_traceback(mutant: Mutant) -> None:
    """Any mutation of the LIN corpus (byte flips, pipes dropped or added, values, ``²`` and thousands
    of digits, the ``md|`` deal, claims, board numbers, cards after the 52nd): as for PBN."""
    with time_limit(LIBRARY_SECONDS):
        run_import(mutant.data, "fuzzed.lin")


@settings(FUZZ, max_examples=120)
@given(
    mutant=st.one_of(
        mutants(_quiet("pbn"), ("play-dup",)),
        mutants(_quiet("lin"), ("play-dup",)),
    )
)
def test_a_card_played_twice_in_pbn_or_lin_is_reported(mutant: Mutant) -> None:
    """A card of a board's play replaced by another card of the same play, in a file that imported
    with no error and no warning: the import reports an error or a warning, never a quiet board."""
    with time_limit(LIBRARY_SECONDS):
        outcome = run_import(mutant.data, "fuzzed" + mutant.base.suffix)
    promise_reported(mutant, outcome)


@settings(FUZZ, max_examples=80)
@given(
    mutant=st.one_of(mutants(_names("pbn")), mutants(_names("lin"))),
    command=st.sampled_from([("import", "--dry-run"), ("import",)]),
)
def test_the_command_line_imports_a_mutated_file_with_nothing_lost(
    mutant: Mutant, command: tuple[str, ...]
) -> None:
    """``replayer import`` (dry run, or into a new folder) of a mutated PBN or LIN file: exit 0, 1 or
    2, no exception; exit 0 means one file written per board read (F10, F11: nothing dropped)."""
    with tempfile.TemporaryDirectory() as folder:
        check_cli(mutant, Path(folder), "fuzzed" + mutant.base.suffix, command, CLI_SECONDS)
