"""``replayer import``, without the files: PBN or LIN text in, one hand YAML per board out, each
checked by the same loader and validator as a hand typed by hand.

A board's problems are reported with the board, and the validator's own messages name the trick
and the seat at fault.  A play that does not fit its deal (cards after the 52nd, a seat with two
cards in one trick, a gap in the play) is written as far as it fits, and the cut is an error at the
card in the file where it starts: the rest of the file imports all the same.  Pure: the command
line does the reading and the writing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ..record.diagnostics import Diagnostic, Severity, Span
from ..record.reader import load
from ..rules.cards import Card
from ..validation.validate import validate
from .interop import Board, PlayCut, SourceFormat, board_from_lin, board_from_pbn, fitting_play, hand_yaml
from .lin import LinBoard, read_lin
from .pbn import PbnGame, read_pbn

#: where in the file a trick's card stands: (the trick's place in the play from 0, the card or None)
Place = Callable[[int, Card | None], Span]

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


def _check(b: Board, path: str, place: Place) -> Imported:
    name = f"board-{_slug(b.label)}.yaml"
    tricks, cut = fitting_play(b)
    played = sum(len(t) for t in tricks)
    text = hand_yaml(b, origin=f"Imported from {path} (board {b.label}) by replayer import.")
    record, diags = load(text, name)
    more: list[Diagnostic] = []
    if record is not None:
        _, more = validate(record)
    if cut is not None:
        more.insert(0, _cut(cut, place))
    where = f"board {b.label if len(b.label) <= 40 else b.label[:39] + '…'}"
    found = tuple(replace(d, message=f"{where}: {d.message}") for d in (*diags, *more))
    return Imported(b.label, name, text, found, played == 52, played)


def _cut(cut: PlayCut, place: Place) -> Diagnostic:
    """The play cut where it stops fitting the deal: an error at that card in the file."""
    cards = f"{cut.left_out} card{'s' if cut.left_out != 1 else ''}"
    return Diagnostic(
        "import-play-cut",
        Severity.ERROR,
        f"the play does not fit the deal: {cut.reason}; the hand is written without the {cards} from here on",
        place(cut.index, cut.card),
        "correct the play in the file from this card (or the deal it is checked against) and import it again",
    )


def import_text(data: bytes, path: str) -> tuple[list[Imported], list[Diagnostic]]:
    """Every board of a PBN or LIN file, as hand YAML checked by the laws, and the reader's own
    problems (with the board and the line and column in the file).  Never raises on content."""
    if sniff_format(data, path) is SourceFormat.LIN:
        text = data.decode("utf-8", errors="replace") if not _latin(data) else data.decode("latin-1")
        boards, problems = read_lin(text, path)
        out = [_check(board_from_lin(lb, i), path, _lin_place(lb, path)) for i, lb in enumerate(boards, 1)]
        return _unique(out), problems
    games, problems = read_pbn(data, path)
    out = [_check(board_from_pbn(g, i), path, _pbn_place(g, path)) for i, g in enumerate(games, 1)]
    return _unique(out), problems


def _lin_place(lb: LinBoard, path: str) -> Place:
    """A LIN trick is four ``pc|`` in a row: the card's own, else the trick's first, else the board's."""

    def place(index: int, card: Card | None) -> Span:
        group = lb.plays[4 * index : 4 * index + 4]
        at = next((p.span for p in group if card is not None and p.card == card), None)
        return at or (group[0].span if group else None) or lb.span or Span(path, 1, 1)

    return place


def _pbn_place(g: PbnGame, path: str) -> Place:
    """A PBN trick is a line of four cards of the play section: the card's, else the line's first."""

    def place(index: int, card: Card | None) -> Span:
        slots = [t for t in g.play.tokens if t.is_slot] if g.play is not None else []
        group = slots[4 * index : 4 * index + 4]
        tok = next((t for t in group if card is not None and t.card == card), group[0] if group else None)
        if tok is not None:
            return Span(path, tok.line, tok.col)
        return g.spans.get("play") or Span(path, 1, 1)

    return place


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
