"""``replayer import``, without the files: PBN or LIN text in, one hand YAML per board out, each
checked by the same loader and validator as a hand typed by hand.

A board's problems are reported with the board, and the validator's own messages name the trick
and the seat at fault.  Pure: the command line does the reading and the writing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..record.diagnostics import Diagnostic, Severity, Span
from ..record.reader import load
from ..validation.validate import validate
from .interop import Board, SourceFormat, board_from_lin, board_from_pbn, hand_yaml
from .lin import read_lin
from .pbn import read_pbn

__all__ = ["Imported", "import_text", "sniff_format", "no_boards"]


@dataclass(frozen=True, slots=True)
class Imported:
    """One board of the file: its hand YAML and what the laws make of it."""

    label: str
    name: str  # a file name for it: board-7.yaml
    text: str  # the hand YAML
    diagnostics: tuple[Diagnostic, ...]
    complete: bool  # the file gives all 52 cards of the play
    played: int  # cards played in the file

    @property
    def valid(self) -> bool:
        return not any(d.severity is Severity.ERROR for d in self.diagnostics)


def sniff_format(data: bytes, name: str) -> SourceFormat:
    """PBN or LIN, by the file's extension, else by its first characters."""
    lower = name.lower()
    if lower.endswith(".lin"):
        return SourceFormat.LIN
    if lower.endswith(".pbn"):
        return SourceFormat.PBN
    head = data[:200].lstrip(b"\xef\xbb\xbf \t\r\n")
    return SourceFormat.PBN if head[:1] in (b"[", b"%", b"{", b";") else SourceFormat.LIN


def _slug(label: str) -> str:
    keep = "".join(ch if ch.isalnum() else "-" for ch in label.lower()).strip("-")
    while "--" in keep:
        keep = keep.replace("--", "-")
    return keep or "board"


def _check(b: Board, path: str, played: int) -> Imported:
    name = f"board-{_slug(b.label)}.yaml"
    text = hand_yaml(b, origin=f"Imported from {path} (board {b.label}) by replayer import.")
    record, diags = load(text, name)
    more: list[Diagnostic] = []
    if record is not None:
        _, more = validate(record)
    where = f"board {b.label}"
    found = tuple(replace(d, message=f"{where}: {d.message}") for d in (*diags, *more))
    return Imported(b.label, name, text, found, played == 52, played)


def import_text(data: bytes, path: str) -> tuple[list[Imported], list[Diagnostic]]:
    """Every board of a PBN or LIN file, as hand YAML checked by the laws, and the reader's own
    problems (with the board and the line and column in the file).  Never raises on content."""
    if sniff_format(data, path) is SourceFormat.LIN:
        text = data.decode("utf-8", errors="replace") if not _latin(data) else data.decode("latin-1")
        boards, problems = read_lin(text, path)
        out = [_check(board_from_lin(lb, i), path, len(lb.plays)) for i, lb in enumerate(boards, 1)]
        return _unique(out), problems
    games, problems = read_pbn(data, path)
    out = []
    for i, g in enumerate(games, 1):
        b = board_from_pbn(g, i)
        out.append(_check(b, path, sum(len(t) for t in b.tricks)))
    return _unique(out), problems


def _latin(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


def _unique(boards: list[Imported]) -> list[Imported]:
    """Boards with the same label (two rooms, a repeated number) get distinct file names."""
    seen: dict[str, int] = {}
    out = []
    for b in boards:
        n = seen.get(b.name, 0) + 1
        seen[b.name] = n
        out.append(b if n == 1 else replace(b, name=b.name.replace(".yaml", f"-{n}.yaml")))
    return out


def no_boards(path: str) -> Diagnostic:
    """The file read, but held no board."""
    return Diagnostic("import-empty", Severity.WARNING, "the file holds no board", Span(path, 1, 1))
