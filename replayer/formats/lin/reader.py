"""Reading LIN: the ``command|value|`` pairs taken into one segment per board (``qx|`` starts a
board, and so does ``md|`` or ``pn|`` once a board has its deal), each segment built into a
:class:`LinBoard`; commentary (``nt|``) goes with the call or card it follows (or the board's
start, or the claim), an explanation (``an|``) with its call.  Never raises."""

from __future__ import annotations

import re
from collections.abc import Callable

from ...record.diagnostics import Diagnostic, Severity, Span
from ...rules.notation import read_number
from .board import build
from .model import BOARD_NUMBER_MOST, LinBoard, board_number_too_long
from .notation import read_call, read_card
from .segment import After, Lines, Problem, RawCall, RawPlay, Segment, capped
from .tokens import Token, clean, tokens

__all__ = ["read_lin"]

_COMMAND_RE = re.compile(r"^[A-Za-z][A-Za-z0-9]$")

# Seen while a board already has its deal, these start the next board (files without qx|).
_BOARD_STARTERS = frozenset({"pn", "md"})


def read_lin(text: str, path: str = "<lin>") -> tuple[list[LinBoard], list[Diagnostic]]:
    """Every board of a LIN text, and what could not be read (with the board and position).

    Forgiving: never raises; an unreadable item is reported and kept as well as it can be."""
    if text.startswith("\ufeff"):
        text = " " + text[1:]  # keep the offsets
    reading = _Reading(Lines(text, path))
    for tok in tokens(text, reading.syntax_problem):
        reading.command(tok)
    return reading.finish()


class _Reading:
    """The boards of a text as its commands come."""

    def __init__(self, lines: Lines) -> None:
        self.lines = lines
        self.boards: list[LinBoard] = []
        self.diagnostics: list[Diagnostic] = []
        self.syntax: list[Problem] = []
        self.header: Segment | None = None  # commands before the first qx| of a vugraph file
        self.header_given = False
        self.seg = Segment(start=0)

    def syntax_problem(
        self, code: str, severity: Severity, message: str, where: tuple[int, int], hint: str | None = None
    ) -> None:
        self.syntax.append(Problem(code, severity, message, where[0], where[1], hint))

    def command(self, tok: Token) -> None:
        seg = self.seg
        if tok.command == "qx" or (tok.command in _BOARD_STARTERS and seg.md is not None):
            self._next_board(seg, tok.start)
            seg = self.seg = Segment(start=tok.start)
        take(seg, tok)
        seg.end = tok.end

    def _next_board(self, seg: Segment, at: int) -> None:
        """The segment ends at ``at``: a board, the file's header, or nothing worth a board."""
        if seg.has_board():
            seg.end = at
            self._board(seg)
        elif not self.boards and self.header is None and seg.has_content():
            self.header = seg
            self._report(seg)
        elif seg.has_content():
            seg.add(
                "lin-empty-board",
                Severity.WARNING,
                "a board with no deal, calls or cards is left out",
                (seg.start, at),
            )
            self._report(seg)

    def _board(self, seg: Segment) -> None:
        """The board a segment makes; the header's commands go with the first board."""
        header = self.header
        attach = header if header is not None and not self.header_given else None
        self.header_given = self.header_given or attach is not None
        board, problems = build(seg, header, attach, self.lines)
        self.boards.append(board)
        label = board.label if board.title or board.board_id else f"board {len(self.boards)} in the file"
        for p in capped(problems):
            span = self.lines.span(p.start, p.end)
            message = _bounded(f"{label}: {p.message}")
            self.diagnostics.append(Diagnostic(p.code, p.severity, message, span, p.hint))

    def _report(self, seg: Segment) -> None:
        self._add(seg.problems)

    def _add(self, problems: list[Problem]) -> None:
        for p in capped(problems):
            span = self.lines.span(p.start, p.end)
            self.diagnostics.append(Diagnostic(p.code, p.severity, _bounded(p.message), span, p.hint))

    def finish(self) -> tuple[list[LinBoard], list[Diagnostic]]:
        seg, header = self.seg, self.header
        if seg.has_board() or (not self.boards and seg.has_content()):
            self._board(seg)  # (a lone header with no board after it is kept as a board without a deal)
        elif seg.has_content():
            self._report(seg)
        self._add(self.syntax)
        if not self.boards and header is None:
            self.diagnostics.append(
                Diagnostic(
                    "lin-empty",
                    Severity.WARNING,
                    "no LIN board in the text",
                    Span(self.lines.path, 1, 1),
                    None,
                )
            )
        elif not self.boards and header is not None:
            board, _ = build(Segment(start=header.start, end=header.end), header, header, self.lines)
            self.boards.append(board)
        return self.boards, self.diagnostics


# ---------------------------------------------------------------------------------------------
# One command into the segment


def take(seg: Segment, tok: Token) -> None:
    """Read one command into the segment."""
    _COMMANDS.get(tok.command, _other)(seg, tok)


def _board_id(seg: Segment, tok: Token) -> None:
    seg.board_id = clean(tok.value.strip())
    _number_too_long(seg, tok, "qx|o7")


def _number_too_long(seg: Segment, tok: Token, example: str) -> None:
    """A board number in ``ah|`` or ``qx|`` longer than a board number can be: not read as one."""
    digits = board_number_too_long(tok.value)
    if digits is not None:
        seg.add(
            "lin-board-number",
            Severity.WARNING,
            f"the board number in {tok.command}| has {digits:,} digits, more than a board number "
            f"(at most {BOARD_NUMBER_MOST:,}): it is not read as the board's number",
            tok,
            f"give the board's number, e.g. {example}|",
        )


def _players(seg: Segment, tok: Token) -> None:
    seg.players = tok.value.split(",")


def _deal(seg: Segment, tok: Token) -> None:
    if seg.md is not None:
        seg.add("lin-duplicate", Severity.WARNING, "a second md| in one board; the first is kept", tok)
    else:
        seg.md = tok


def _empty_in_practice(seg: Segment, tok: Token) -> None:
    """``st|`` and ``rh|``: empty in practice, and written back as ``st||`` and ``rh||``."""
    if tok.value.strip():
        _other(seg, tok)


def _title(seg: Segment, tok: Token) -> None:
    seg.title = clean(tok.value)
    _number_too_long(seg, tok, "ah|Board 7")


def _vulnerability(seg: Segment, tok: Token) -> None:
    seg.sv = tok


def _call(seg: Segment, tok: Token) -> None:
    value = tok.value
    call, alert = read_call(value)
    if seg.plays:
        seg.add(
            "lin-call-after-play",
            Severity.WARNING,
            f"the call {_quoted(value)} comes after the play has begun",
            tok,
        )
    if call is None:
        seg.add(
            "lin-bad-call",
            Severity.ERROR,
            f"cannot read the call {_quoted(value)}",
            tok,
            "calls are p, d, r, or a level and a strain such as 1S or 3N",
        )
    seg.calls.append(RawCall(call, alert, None, [], None if call is not None else clean(value), tok))
    seg.last = After.CALL


def _alert(seg: Segment, tok: Token) -> None:
    value = tok.value
    if seg.calls and seg.last is After.CALL:
        c = seg.calls[-1]
        c.explanation = clean(value) if c.explanation is None else f"{c.explanation} {clean(value)}"
    else:
        seg.add(
            "lin-orphan-alert",
            Severity.WARNING,
            "an explanation (an|) that follows no call is kept as it is",
            tok,
            "an| explains the mb| call just before it",
        )
        seg.extras.append(("an", clean(value)))


def _card(seg: Segment, tok: Token) -> None:
    value = tok.value
    card = read_card(value)
    if card is None:
        seg.add(
            "lin-bad-card",
            Severity.ERROR,
            f"cannot read the card {_quoted(value)}",
            tok,
            "a card is a suit letter and a rank, e.g. SA, hT, c2",
        )
    if seg.claim is not None:
        seg.add(
            "lin-play-after-claim",
            Severity.WARNING,
            f"the card {_quoted(value)} is played after the claim",
            tok,
        )
    seg.plays.append(RawPlay(card, [], None if card is not None else clean(value), tok))
    seg.last = After.PLAY


def _note(seg: Segment, tok: Token) -> None:
    note = clean(tok.value)
    if seg.last is After.CALL:
        seg.calls[-1].notes.append(note)
    elif seg.last is After.PLAY:
        seg.plays[-1].notes.append(note)
    elif seg.last is After.CLAIM:
        seg.claim_notes.append(note)
    else:
        seg.notes.append(note)


def _claim(seg: Segment, tok: Token) -> None:
    claim = read_number(tok.value, 13)
    if claim is not None:
        if seg.claim is not None:
            seg.add("lin-duplicate", Severity.WARNING, "a second claim (mc|); the last is kept", tok)
        seg.claim = claim
        seg.last = After.CLAIM
    else:
        seg.add(
            "lin-bad-claim",
            Severity.ERROR,
            f"cannot read the claim {_quoted(tok.value)}",
            tok,
            "mc| gives the total tricks of declarer's side, 0 to 13",
        )
        seg.extras.append(("mc", clean(tok.value)))


def _bounded(message: str, most: int = 300) -> str:
    """A message cut short when a value it quotes is long (every message goes through this)."""
    return message if len(message) <= most else f"{message[:most]}… ({len(message):,} characters)"


def _quoted(value: str, most: int = 40) -> str:
    """A value for a message, cut short when long (a claim of 5,000 digits is not repeated)."""
    return repr(value) if len(value) <= most else f"{value[:most]!r}… ({len(value):,} characters)"


def _pause(seg: Segment, tok: Token) -> None:
    seg.pauses.append(tok)


def _other(seg: Segment, tok: Token) -> None:
    """A command this package does not read: kept as it is, in order."""
    if not _COMMAND_RE.match(tok.command):
        seg.add(
            "lin-syntax",
            Severity.WARNING,
            f"{_quoted(tok.raw_command.strip())} is not a LIN command; kept as it is",
            tok,
            "LIN commands are two letters, e.g. md, mb, pc",
        )
    seg.extras.append((clean(tok.raw_command.strip()), clean(tok.value)))


_COMMANDS: dict[str, Callable[[Segment, Token], None]] = {
    "qx": _board_id,
    "pn": _players,
    "md": _deal,
    "st": _empty_in_practice,
    "rh": _empty_in_practice,
    "ah": _title,
    "sv": _vulnerability,
    "mb": _call,
    "an": _alert,
    "pc": _card,
    "nt": _note,
    "mc": _claim,
    "pg": _pause,
}
