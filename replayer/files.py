"""The file system edge: finding hand files and reading them.  The laws never come here."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from .diagnostics import Diagnostic, Severity, Span
from .game import Game
from .load_yaml import load
from .record import HandRecord
from .validate import validate

__all__ = ["HAND_SUFFIXES", "NoHands", "find_hands", "read_text", "check_file", "Checked"]

HAND_SUFFIXES = (".yaml", ".yml")


class NoHands(ValueError):
    """A path names no hand file: a usage error, not a problem in a hand."""


def find_hands(paths: Iterable[str | Path]) -> list[Path]:
    """Hand files named by ``paths``: files as given, folders searched recursively, sorted."""
    found: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            inside = sorted(f for f in p.rglob("*") if f.suffix.lower() in HAND_SUFFIXES and f.is_file()
                            and not any(part.startswith(".") for part in f.relative_to(p).parts))  # fmt: skip
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
    """The file's text as UTF-8 (a byte-order mark is dropped); a located error if it cannot be read."""
    name = str(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        return None, [Diagnostic("unreadable-file", Severity.ERROR, f"cannot read the file: {exc.strerror}", Span(name, 1, 1))]
    try:
        return data.decode("utf-8-sig"), []
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        return None, [
            Diagnostic("encoding", Severity.ERROR, f"the file is not UTF-8 (byte 0x{data[exc.start]:02x})",
                       Span(name, line, col), "save the file as UTF-8 (suit symbols ♠ ♥ ♦ ♣ need it)")  # fmt: skip
        ]


@dataclass(frozen=True, slots=True)
class Checked:
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
