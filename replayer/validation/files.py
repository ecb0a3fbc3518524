"""The file system edge: finding hand files and reading them.  The laws never come here."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..record.diagnostics import Diagnostic, Located, Severity, Span
from ..record.hand import HandRecord
from ..record.limits import MAX_FILE_BYTES
from ..record.phrases import ResultSyntaxError, parse_result
from ..record.reader import load
from ..record.sides import Narrative
from ..rules.game import Game
from ..rules.regimes import RuleSet, UnknownRegime, find_regime
from ..rules.seats import BookPair, Pair
from ..scoring.base import DealFacts
from ..scoring.sheet import SCORING, facts_from_claims, facts_from_game
from .validate import validate

if TYPE_CHECKING:  # a rubber file's records: only check_rubber needs them (see record.hand_extras)
    from ..record.hand import RubberDealRecord
    from ..scoring.sheet import RubberSheet

__all__ = [
    "HAND_SUFFIXES",
    "RUBBER_SUFFIXES",
    "check_rubber",
    "CheckedRubber",
    "NoHands",
    "find_hands",
    "read_text",
    "check_file",
    "Checked",
]

HAND_SUFFIXES = (".yaml", ".yml")
RUBBER_SUFFIXES = (".rubber.yaml", ".rubber.yml")  # rubber files live beside hands but are not hands


class NoHands(ValueError):
    """A path names no hand file: a usage error, not a problem in a hand."""


def find_hands(paths: Iterable[str | Path]) -> list[Path]:
    """Hand files named by ``paths``: files as given, folders searched recursively, sorted."""
    found: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            inside = sorted(
                f
                for f in p.rglob("*")
                if f.suffix.lower() in HAND_SUFFIXES
                and f.is_file()
                and not f.name.lower().endswith(RUBBER_SUFFIXES)
                and not any(part.startswith(".") for part in f.relative_to(p).parts)
            )
            if not inside:
                raise NoHands(f"no hand files (*.yaml) in {p}")
            found.extend(inside)
        elif p.is_file():
            found.append(p)
        elif p.exists():
            raise NoHands(f"{p} is neither a file nor a folder")
        else:
            raise NoHands(f"{p}: no such file or folder")
    return found


def read_text(path: Path) -> tuple[str | None, list[Diagnostic]]:
    """The file's text as UTF-8 (a byte-order mark is dropped); a located error if it cannot be read,
    or if it is larger than any hand (MAX_FILE_BYTES: refused by its size, before it is read)."""
    name = str(path)
    try:
        # One open and one bounded read: a folder of thousands of hands pays no stat per file.  The
        # size is asked only of a file that filled the read (a special file such as /dev/zero has
        # no size, and goes on to the reader's own limits, as it always did).
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)  # a file growing while it is read stays bounded
            size = os.fstat(f.fileno()).st_size if len(data) > MAX_FILE_BYTES else 0
        if size > MAX_FILE_BYTES:
            return None, [
                Diagnostic(
                    "file-too-large",
                    Severity.ERROR,
                    f"the file is {size:,} bytes; a hand file may be at most {MAX_FILE_BYTES:,}",
                    Span(name, 1, 1),
                    "a hand file is a few kilobytes: is this the right file?",
                )
            ]
    except OSError as exc:
        return None, [
            Diagnostic(
                "unreadable-file", Severity.ERROR, f"cannot read the file: {exc.strerror}", Span(name, 1, 1)
            )
        ]
    try:
        return data.decode("utf-8-sig"), []
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        return None, [
            Diagnostic(
                "encoding",
                Severity.ERROR,
                f"the file is not UTF-8 (byte 0x{data[exc.start]:02x})",
                Span(name, line, col),
                "save the file as UTF-8 (suit symbols ♠ ♥ ♦ ♣ need it)",
            )
        ]


@dataclass(frozen=True, slots=True)
class Checked:
    """One hand file checked: its record and game (None: not read, or not valid) and its diagnostics."""

    path: Path
    record: HandRecord | None
    game: Game | None
    diagnostics: tuple[Diagnostic, ...]


def check_file(path: Path) -> Checked:
    """Read, parse and validate one hand file; never raises on its content."""
    text, diags = read_text(path)
    if text is None:
        return Checked(path, None, None, tuple(diags))
    record, load_diags = load(text, str(path))
    diags.extend(load_diags)
    game = None
    if record is not None:
        game, v_diags = validate(record)
        diags.extend(v_diags)
    return Checked(path, record, game, tuple(diags))


@dataclass(frozen=True, slots=True)
class CheckedRubber:
    """One rubber file checked: its score sheet (None: not scored) and its diagnostics."""

    path: Path
    sheet: RubberSheet | None
    diagnostics: tuple[Diagnostic, ...]
    title: str | None = None


def check_rubber(path: Path, options: list[str] | None = None) -> CheckedRubber:
    """Read a rubber file, score its deals in order and keep the sheet; never raises on content."""
    from ..record.read_rubber import load_rubber  # rubber files only
    from ..scoring.sheet import play_rubber

    text, diags = read_text(path)
    if text is None:
        return CheckedRubber(path, None, tuple(diags))
    record, more = load_rubber(text, str(path))
    diags.extend(more)
    if record is None:
        return CheckedRubber(path, None, tuple(diags))
    try:
        rules = find_regime(record.rules.value).name if record.rules else RuleSet.BRIDGE_WHIST
    except UnknownRegime as exc:
        assert record.rules is not None
        diags.append(Diagnostic("unknown-rules", Severity.ERROR, str(exc), record.rules.span))
        return CheckedRubber(path, None, tuple(diags))
    facts: list[DealFacts] = []
    labels: list[str] = []
    for i, deal in enumerate(record.deals, 1):
        found = _deal_facts(path, rules, i, deal, diags)
        if found is not None:
            facts.append(found[0])
            labels.append(found[1])
    title = record.title.value if record.title else None
    if any(d.severity is Severity.ERROR for d in diags):
        return CheckedRubber(path, None, tuple(diags), title)
    try:
        settings = dict(pair.partition("=")[::2] for pair in options or [])
        sheet = play_rubber(rules, facts, labels, SCORING[rules].make_options(settings))
    except ValueError as exc:
        diags.append(Diagnostic("rubber-deal", Severity.ERROR, str(exc), record.span))
        return CheckedRubber(path, None, tuple(diags))
    if not sheet.finished:
        diags.append(
            Diagnostic(
                "rubber-unfinished",
                Severity.WARNING,
                "no side has won two games: the rubber is not finished, so no rubber bonus is scored",
                record.span,
            )
        )
    return CheckedRubber(path, sheet, tuple(diags), title)


def _deal_facts(
    path: Path, rules: RuleSet, i: int, deal: RubberDealRecord, diags: list[Diagnostic]
) -> tuple[DealFacts, str] | None:
    """Deal ``i``'s facts and label, from its hand file or its result line; None (reported) if unusable."""
    label = deal.label.value if deal.label else ""
    if deal.hand is not None:
        return _hand_facts(path, rules, i, deal.hand, label, diags)
    if deal.result is None:
        return None
    try:
        claims = parse_result(deal.result.value)
        facts = facts_from_claims(
            claims,
            deal.trump.value if deal.trump else None,
            _sheet_pair(deal.declarer.value) if deal.declarer else None,
            deal.doubled,
        )
    except (ResultSyntaxError, ValueError) as exc:
        diags.append(Diagnostic("rubber-deal", Severity.ERROR, f"deal {i}: {exc}", deal.result.span))
        return None
    return facts, label or deal.result.value


def _hand_facts(
    path: Path, rules: RuleSet, i: int, hand: Located[str], label: str, diags: list[Diagnostic]
) -> tuple[DealFacts, str] | None:
    """The facts of a deal given as a hand file beside the rubber file, which must be valid."""

    def refuse(why: str) -> None:
        diags.append(Diagnostic("rubber-deal", Severity.ERROR, f"deal {i}: {why}", hand.span))

    hand_path = (path.parent / hand.value).resolve()
    checked = check_file(hand_path) if hand_path.is_file() else None
    if (
        checked is None
        or checked.game is None
        or any(d.severity is Severity.ERROR for d in checked.diagnostics)
    ):
        why = "no such file" if checked is None else "the hand is not valid (run replayer validate on it)"
        refuse(f"cannot use {hand.value}: {why}")
        return None
    game = checked.game
    if game.regime.name != rules:
        refuse(f"the hand is played under {game.regime.name}, the rubber under {rules}")
        return None
    facts = facts_from_game(game)
    if facts is None:
        refuse("the hand has no declaration")
        return None
    title = checked.record.title.value if checked.record and checked.record.title else hand.value
    return facts, label or title


def _sheet_pair(side: Pair | BookPair | Narrative) -> Pair:
    """A rubber has no dealer to place the book's letters: WE and Y–Z keep the sheet as North–South."""
    if isinstance(side, Pair):
        return side
    return Pair.NS if side in (Narrative.WE, BookPair.YZ) else Pair.EW
