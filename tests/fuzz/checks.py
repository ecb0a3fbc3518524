"""What a mutated input must give: a clean error or a valid result, never a traceback, never a
corruption accepted, in bounded time.

``check_hand`` and ``check_import`` run one mutant through the library, and ``check_cli`` through
``replayer.cli.main``.  An exception from replayer propagates as it is (the fuzz script classifies
it by type and last frame); a broken promise raises ``Broken`` with what was promised; an input
that takes longer than the limit raises ``TooSlow``.

For a hand (``replayer.load`` then ``replayer.validate``):

- every diagnostic is located (line and column from 1); no record means an error says why;
- no error means a game (a file "valid" with nothing to show is F01);
- a file with no deal needs the whole play (docs/hand-format.md: "A file needs ``play`` (all
  thirteen tricks), or ``deal``"): fewer than 52 played cards, no deal and no problem is an error;
- a card of the play replaced by a card played elsewhere too, or (deal given) held by nobody; a
  rank of a deal of 52 cards, or of an end position whose every dealt card is played, changed:
  an error (``EXPECT_ERROR``);
- two played cards swapped in a complete play whose result line names the tricks: either an
  error, or the same tricks won as before (else the result line is wrong and was accepted: F17).

For PBN and LIN (``replayer.formats.importer.import_text``): every diagnostic located, every board
valid or with its errors; a card of the play replaced by another card of the same play, in an input
that imported without an error or a warning, gives one (``EXPECT_REPORT``).

For the command line: the exit status is 0, 1 or 2; a hand ``validate`` passes, ``show`` shows;
an ``import`` that exits 0 wrote one file per board read (nothing dropped or overwritten).
"""

from __future__ import annotations

import contextlib
import io
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import FrameType

from replayer.cli import main as cli_main
from replayer.formats.importer import import_text
from replayer.record.diagnostics import Diagnostic, Severity, format_diagnostic
from replayer.record.hand import HandRecord
from replayer.record.reader import load
from replayer.rules.game import Game
from replayer.rules.seats import Pair
from replayer.validation.validate import validate

from .mutators import EXPECT_ERROR, EXPECT_REPORT, EXPECT_TRICKS, Base, Mutant

__all__ = [
    "Broken",
    "TooSlow",
    "time_limit",
    "run_hand",
    "promise_whole",
    "promise_expected",
    "check_hand",
    "run_import",
    "promise_reported",
    "imports_quietly",
    "HandOutcome",
    "ImportOutcome",
    "check_validate_then_show",
    "check_import",
    "check_cli",
    "HAND_COMMANDS",
    "odd_name",
]


class Broken(AssertionError):
    """A promise broken without a traceback: an accepted corruption, an unlocated diagnostic, a
    wrong exit status."""

    def __init__(self, what: str, detail: str = "") -> None:
        super().__init__(what + (f"\n{detail}" if detail else ""))
        self.what = what  # the promise, short: the same for every input that breaks it


class TooSlow(Exception):
    """The input took longer than the limit."""


# ---------------------------------------------------------------------------------------------
# Bounded time


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise ``TooSlow`` if the block runs longer than ``seconds``: interrupted by SIGALRM in the
    main thread, and checked again at the end (in case the code under test swallowed it)."""
    start = time.perf_counter()

    def expired(signum: int, frame: FrameType | None) -> None:
        raise TooSlow(f"still running after {seconds:g} s")

    armed = True
    try:
        previous = signal.signal(signal.SIGALRM, expired)
        signal.setitimer(signal.ITIMER_REAL, seconds)
    except ValueError:  # not the main thread: only the check at the end
        armed = False
    try:
        yield
    finally:
        if armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    spent = time.perf_counter() - start
    if spent > seconds:
        raise TooSlow(f"took {spent:.1f} s (limit {seconds:g} s)")


# ---------------------------------------------------------------------------------------------
# Hands


def _errors(diags: list[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diags if d.severity is Severity.ERROR]


def _located(diags: list[Diagnostic] | tuple[Diagnostic, ...], where: str) -> None:
    for d in diags:
        if not isinstance(d, Diagnostic):
            raise Broken("a diagnostic that is not a Diagnostic", f"{where}: {d!r}")
        if d.span is None or d.span.line < 1 or d.span.col < 1:
            raise Broken("a diagnostic with no line and column", f"{where}: {format_diagnostic(d)}")


def _text(data: bytes) -> str:
    """The text the loader sees: UTF-8 as ``replayer validate`` reads it; bytes that are not UTF-8
    (the CLI refuses the file) are replaced, so the loader still gets a text to read."""
    return data.decode("utf-8-sig", errors="replace")


@dataclass(frozen=True, slots=True)
class HandOutcome:
    record: HandRecord | None
    game: Game | None
    diagnostics: tuple[Diagnostic, ...]

    @property
    def errors(self) -> list[Diagnostic]:
        return _errors(list(self.diagnostics))

    def shown(self) -> str:
        return "\n".join(format_diagnostic(d) for d in self.diagnostics)


def run_hand(data: bytes, name: str) -> HandOutcome:
    """``load`` and ``validate``: every diagnostic located, and no record only with an error."""
    record, diags = load(_text(data), name)
    _located(diags, "load")
    if record is None:
        if not _errors(diags):
            raise Broken("no record was read, and no error says why")
        return HandOutcome(None, None, tuple(diags))
    game, more = validate(record)
    _located(more, "validate")
    return HandOutcome(record, game, (*diags, *more))


def promise_whole(outcome: HandOutcome) -> None:
    """F01: no error means a game, and a file with no deal and no problem has its 52 cards played."""
    record = outcome.record
    if record is None or outcome.errors:
        return
    if outcome.game is None:
        raise Broken("validate reports no error but gives no game (F01: 'valid', yet nothing to show)")
    if not record.deal and record.problem is None:
        played = sum(1 for t in record.tricks for pc in t.cards if pc is not None)
        if played < 52:
            raise Broken(
                "a hand with no deal and fewer than 52 played cards is accepted (F01)",
                f"{played} cards played",
            )


def promise_expected(mutant: Mutant, outcome: HandOutcome) -> None:
    """What the mutation itself calls for: an error (EXPECT_ERROR), or the same tricks (EXPECT_TRICKS)."""
    if outcome.errors:
        return
    if mutant.expect == EXPECT_ERROR:
        raise Broken(f"{mutant.kind}: the cards are illegal by construction, yet no error", outcome.shown())
    if mutant.expect == EXPECT_TRICKS:
        before = _base_tricks(mutant.base)
        game = outcome.game
        if before is None or game is None or len(game.tricks) != 13:
            return
        after = game.tricks_won[Pair.NS], game.tricks_won[Pair.EW]
        if after != before:
            raise Broken(
                "a swap changed the tricks won, and the result line that names them is not an error (F17)",
                f"N–S, E–W won {before}, now {after}\n{outcome.shown()}",
            )


@cache
def _base_tricks(base: Base) -> tuple[int, int] | None:
    """The tricks N–S and E–W win in the unmutated input, when it is valid and complete."""
    outcome = run_hand(base.data, base.name)
    game = outcome.game
    if outcome.errors or game is None or len(game.tricks) != 13:
        return None
    return game.tricks_won[Pair.NS], game.tricks_won[Pair.EW]


def check_hand(mutant: Mutant, seconds: float = 5.0) -> HandOutcome:
    """Load and validate a mutated hand, in bounded time, and hold it to every promise above."""
    with time_limit(seconds):
        outcome = run_hand(mutant.data, "fuzzed" + mutant.base.suffix)
    promise_whole(outcome)
    promise_expected(mutant, outcome)
    return outcome


# ---------------------------------------------------------------------------------------------
# PBN and LIN


@dataclass(frozen=True, slots=True)
class ImportOutcome:
    boards: int
    reported: bool  # an error or a warning, from the reader or for a board


def run_import(data: bytes, name: str) -> ImportOutcome:
    boards, problems = import_text(data, name)
    _located(problems, "import")
    for b in boards:
        _located(b.diagnostics, f"board {b.label}")
        if b.valid != (not any(d.severity is Severity.ERROR for d in b.diagnostics)):
            raise Broken("a board's valid flag disagrees with its diagnostics", b.label)
    loud = (Severity.ERROR, Severity.WARNING)
    reported = any(d.severity in loud for d in problems) or any(
        d.severity in loud for b in boards for d in b.diagnostics
    )
    return ImportOutcome(len(boards), reported)


@cache
def imports_quietly(base: Base) -> bool:
    """The unmutated input imports with no error and no warning."""
    return not run_import(base.data, base.name).reported


def promise_reported(mutant: Mutant, outcome: ImportOutcome) -> None:
    """A card played twice (EXPECT_REPORT) in an input that imported quietly: an error or a warning."""
    if mutant.expect == EXPECT_REPORT and not outcome.reported and imports_quietly(mutant.base):
        raise Broken(f"{mutant.kind}: a card played twice, yet no error and no warning")


def check_import(mutant: Mutant, seconds: float = 5.0) -> ImportOutcome:
    """Import a mutated PBN or LIN file, in bounded time, and hold it to every promise above."""
    with time_limit(seconds):
        outcome = run_import(mutant.data, "fuzzed" + mutant.base.suffix)
    promise_reported(mutant, outcome)
    return outcome


# ---------------------------------------------------------------------------------------------
# The command line


#: The commands run on a mutated hand file (the path goes after the command's name).
HAND_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("validate",),
    ("validate", "--format", "json", "--strict"),
    ("show",),
    ("show", "--json"),
    ("score",),
    ("annotate", "--json"),
    ("export", "--to", "pbn"),
    ("export", "--to", "lin"),
)

#: File names a mutant may be given: the odd ones a user may have (F13, F14).
ODD_NAMES = ("hand", "hand-1²", "javascript:alert(1)", "hand with spaces", "ĥand-٣", "-dash", "a" * 200)


def odd_name(k: int, suffix: str) -> str:
    return ODD_NAMES[k % len(ODD_NAMES)] + suffix


def _cli(argv: list[str]) -> tuple[int, str]:
    """``replayer ARGV`` in this process: (exit status, what it printed on stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_main(argv)
    if code not in (0, 1, 2):
        raise Broken("an exit status other than 0, 1 or 2", f"replayer {' '.join(argv)} -> {code!r}")
    if "Traceback (most recent call last)" in out.getvalue() + err.getvalue():
        raise Broken("a traceback printed", f"replayer {' '.join(argv)}")
    return code, err.getvalue()


def check_cli(
    mutant: Mutant, folder: Path, name: str, command: tuple[str, ...], seconds: float = 10.0
) -> int:
    """Write the mutant as ``folder/name`` and run one command on it; the exit status."""
    path = folder / name
    path.write_bytes(mutant.data)
    arg = str(path.resolve())  # absolute: a name that starts with '-' is not taken for an option
    with time_limit(seconds):
        if command[0] == "import":
            return _cli_import(mutant, path, folder / "out", command)
        if command[0] == "build":
            code, _ = _cli(["build", str(folder), "--out", str(folder / "site"), *command[1:]])
            return code
        if mutant.base.rubber:
            code, _ = _cli(["rubber", arg])
            return code
        code, _ = _cli([command[0], arg, *command[1:]])
        return code


def check_validate_then_show(mutant: Mutant, folder: Path, name: str, seconds: float = 10.0) -> None:
    """F01: a hand file that ``replayer validate`` passes, ``replayer show`` shows."""
    path = folder / name
    path.write_bytes(mutant.data)
    with time_limit(seconds):
        code, _ = _cli(["validate", str(path.resolve())])
        if code == 0:
            shown, err = _cli(["show", str(path.resolve())])
            if shown != 0:
                raise Broken("validate passes a hand that show refuses (F01)", err[-600:])


def _cli_import(mutant: Mutant, path: Path, out: Path, command: tuple[str, ...]) -> int:
    code, err = _cli(["import", str(path), "--out", str(out), *command[1:]])
    if "--dry-run" in command or code != 0:
        return code
    boards = run_import(mutant.data, path.name).boards
    written = len(list(out.glob("*"))) if out.is_dir() else 0
    if written != boards:
        raise Broken(
            "import exits 0 but wrote a different number of files than boards read (F10, F11)",
            f"{boards} boards, {written} files\n{err[-600:]}",
        )
    return code
