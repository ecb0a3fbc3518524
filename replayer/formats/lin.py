"""BBO's LIN format, read and written, and links to BBO's Handviewer.

LIN is a flat run of ``command|value|`` pairs (``md|…|sv|o|mb|1H|pc|SA|…``); a file may hold
one board or many (vugraph files mark each board with ``qx|``).  :func:`read_lin` turns a text
into :class:`LinBoard` values and diagnostics and never raises; :func:`write_lin` writes one
board back; :func:`make_board` builds a board from plain values; :func:`handviewer_url` makes a
link that opens a LIN string in BBO's Handviewer.

Commentary (``nt|``) is attached to the call or card it follows (or to the board's start, or to
the claim), alerts (``an|``) to the call they follow.  Pure: takes strings, returns data.
The format is described in docs/lin.md.
"""

from __future__ import annotations

import re
import urllib.parse
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple, Protocol

from ..record.diagnostics import Diagnostic, Severity, Span
from ..rules.cards import FULL_DECK, Card, Rank, Seat, Strain, Suit
from ..rules.play import trick_winner

__all__ = [
    "HANDVIEWER",
    "URL_MAX_LENGTH",
    "URL_SAFE_LENGTH",
    "HandviewerLink",
    "LinBoard",
    "LinCall",
    "LinContract",
    "LinMake",
    "LinPlay",
    "LinTrick",
    "handviewer_link",
    "handviewer_url",
    "lin_text",
    "make_board",
    "read_call",
    "read_card",
    "read_lin",
    "write_lin",
]

HANDVIEWER = "https://www.bridgebase.com/tools/handviewer.html"
#: Links up to this length work in every browser and server (old Internet Explorer: 2,083).
URL_SAFE_LENGTH = 2000
#: HTTP recommends that every client and server accept at least 8,000 octets (RFC 9110 §4.1).
URL_MAX_LENGTH = 8000

# LIN's dealer digit: 1 = South, 2 = West, 3 = North, 4 = East; hands are given S, W, N, E.
_DIGIT_SEAT = {"1": Seat.S, "2": Seat.W, "3": Seat.N, "4": Seat.E}
_SEAT_DIGIT = {seat: digit for digit, seat in _DIGIT_SEAT.items()}
_LIN_ORDER = (Seat.S, Seat.W, Seat.N, Seat.E)

_VUL_READ = {
    "o": "None",
    "0": "None",
    "-": "None",
    "z": "None",
    "none": "None",
    "love": "None",
    "n": "NS",
    "ns": "NS",
    "n-s": "NS",
    "n/s": "NS",
    "e": "EW",
    "ew": "EW",
    "e-w": "EW",
    "e/w": "EW",
    "b": "All",
    "both": "All",
    "all": "All",
    "a": "All",
}
_VUL_WRITE = {"None": "o", "NS": "n", "EW": "e", "All": "b"}

_SUIT_LETTERS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
_RANK_LETTERS = {ch: Rank(i + 2) for i, ch in enumerate("23456789TJQKA")}
_CARD_RE = re.compile(r"^\s*([SHDCshdc])\s*(10|[2-9TJQKAtjqka])\s*$")
_BID_RE = re.compile(r"^([1-7])\s*(nt|n|s|h|d|c)$")
_STRAIN_OF_LETTER = {
    "c": Strain.CLUBS,
    "d": Strain.DIAMONDS,
    "h": Strain.HEARTS,
    "s": Strain.SPADES,
    "n": Strain.NOTRUMP,
    "nt": Strain.NOTRUMP,
}
_COMMAND_RE = re.compile(r"^[A-Za-z][A-Za-z0-9]$")

# Seen while a board already has its deal, these start the next board (files without qx|).
_BOARD_STARTERS = frozenset({"pn", "md"})

# The comment that carries a make on a board with no auction (see docs/lin.md).
_STRAIN_WORDS = {
    Strain.CLUBS: "clubs",
    Strain.DIAMONDS: "diamonds",
    Strain.HEARTS: "hearts",
    Strain.SPADES: "spades",
    Strain.ROYAL_SPADES: "spades",
    Strain.NOTRUMP: "no trumps",
}
_WORD_STRAINS = {
    "clubs": Strain.CLUBS,
    "diamonds": Strain.DIAMONDS,
    "hearts": Strain.HEARTS,
    "spades": Strain.SPADES,
    "no trumps": Strain.NOTRUMP,
}
_MAKE_RE = re.compile(
    r"^No auction: (North|East|South|West) plays in (clubs|diamonds|hearts|spades|no trumps)\b"
)
_SEAT_WORDS = {s.word: s for s in Seat}


# ---------------------------------------------------------------------------------------------
# The data


@dataclass(frozen=True)
class LinCall:
    """One ``mb|`` call: ``call`` is ``1C``…``7NT``, ``Pass``, ``X`` or ``XX`` (as
    :meth:`replayer.auction.Call.ascii` writes them), or None when unreadable (then ``raw``
    keeps the text).  ``alert`` is the ``!`` suffix, ``explanation`` the ``an|`` text, ``notes``
    the ``nt|`` commentary that follows the call."""

    call: str | None
    alert: bool = False
    explanation: str | None = None
    notes: tuple[str, ...] = ()
    raw: str | None = None  # the text as written, kept only when it could not be read
    span: Span | None = field(default=None, compare=False)

    @property
    def is_bid(self) -> bool:
        return self.call is not None and self.call[0].isdigit()


@dataclass(frozen=True)
class LinPlay:
    """One ``pc|`` card, with the seat that played it (None if it cannot be told) and the
    ``nt|`` commentary that follows it.  ``card`` is None when unreadable (``raw`` keeps it)."""

    card: Card | None
    seat: Seat | None = None
    notes: tuple[str, ...] = ()
    raw: str | None = None
    span: Span | None = field(default=None, compare=False)


@dataclass(frozen=True)
class LinMake:
    """A declaration without an auction (Bridge Whist's make): the trump and who plays the
    hand.  The player on the declarer's left leads.  Written as a comment; see docs/lin.md."""

    strain: Strain
    declarer: Seat


@dataclass(frozen=True)
class LinContract:
    """The contract the auction ends in: the last bid, doubled 0, 1 or 2 times, and the
    declarer (the first of the declaring side to name the strain)."""

    level: int
    strain: Strain
    doubled: int
    declarer: Seat

    def __str__(self) -> str:
        return f"{self.level}{self.strain.code}{'X' * self.doubled} by {self.declarer.name}"


class LinTrick(NamedTuple):
    """A trick of the play: its number (1…13), the leader, the readable cards in play order and
    the winner (None while the trick is unfinished or the trump is not known)."""

    number: int
    leader: Seat | None
    plays: tuple[tuple[Seat, Card], ...]
    winner: Seat | None


@dataclass(frozen=True)
class LinBoard:
    """One board of a LIN file.

    ``deal`` holds the hands that are known (a hand the file leaves out is inferred when the
    other three are complete; ``deal_inferred`` then names it).  ``vulnerable`` is ``None``,
    ``NS``, ``EW`` or ``All`` (the string), or None when the file does not say.  ``title`` is
    the ``ah|`` header (``Board 15``), ``board_id`` the ``qx|`` value (``o46``: open room,
    board 46).  ``notes`` is commentary at the board's start, ``claim_notes`` commentary after
    the claim.  ``extras`` keeps the commands this module does not read, in order.  Positions
    (``span``) are ignored by equality."""

    deal: dict[Seat, frozenset[Card]] = field(default_factory=dict)
    dealer: Seat | None = None
    vulnerable: str | None = None
    calls: tuple[LinCall, ...] = ()
    plays: tuple[LinPlay, ...] = ()
    claim: int | None = None
    title: str | None = None
    board_id: str | None = None
    players: dict[Seat, str] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    claim_notes: tuple[str, ...] = ()
    make: LinMake | None = None
    extras: tuple[tuple[str, str], ...] = ()
    deal_inferred: Seat | None = field(default=None, compare=False)
    span: Span | None = field(default=None, compare=False)
    pauses: tuple[Span, ...] = field(default=(), compare=False)  # where the file had pg||

    # -- header ---------------------------------------------------------------------------
    @property
    def number(self) -> int | None:
        """The board number, from ``ah|Board 15`` or else from ``qx|o15``."""
        for text in (self.title, self.board_id):
            if text:
                m = re.search(r"\d+", text)
                if m:
                    return int(m.group())
        return None

    @property
    def room(self) -> str | None:
        """``open`` or ``closed`` for a vugraph board (``qx|o…`` / ``qx|c…``)."""
        if self.board_id:
            return {"o": "open", "c": "closed"}.get(self.board_id[:1].lower())
        return None

    @property
    def label(self) -> str:
        if self.title:
            return self.title
        if self.board_id:
            return f"board {self.board_id}"
        return "the board"

    # -- auction ----------------------------------------------------------------------------
    @property
    def auction_complete(self) -> bool:
        """Four passes, or a bid followed at the end by three passes."""
        calls = [c.call for c in self.calls]
        if len(calls) < 4 or any(c is None for c in calls):
            return False
        if all(c == "Pass" for c in calls):
            return len(calls) == 4
        return calls[-3:] == ["Pass", "Pass", "Pass"]

    @property
    def passed_out(self) -> bool:
        return self.auction_complete and all(c.call == "Pass" for c in self.calls)

    @property
    def contract(self) -> LinContract | None:
        """The contract the auction reaches (None without a finished auction and a dealer)."""
        if self.dealer is None or not self.auction_complete or self.passed_out:
            return None
        return _contract(self.dealer, [c.call for c in self.calls if c.call is not None])

    @property
    def declarer(self) -> Seat | None:
        c = self.contract
        if c is not None:
            return c.declarer
        return self.make.declarer if self.make is not None else None

    @property
    def strain(self) -> Strain | None:
        """The trump, from the contract or the make (``Strain.NOTRUMP`` at no trumps)."""
        c = self.contract
        if c is not None:
            return c.strain
        return self.make.strain if self.make is not None else None

    @property
    def opening_leader(self) -> Seat | None:
        d = self.declarer
        if d is not None:
            return d.lho
        return self.plays[0].seat if self.plays else None

    # -- play -------------------------------------------------------------------------------
    @property
    def tricks(self) -> list[LinTrick]:
        """The play in tricks of four, in play order, with each finished trick's winner."""
        strain = self.strain
        trump = strain.trump if strain is not None else None
        out = []
        for k in range(0, len(self.plays), 4):
            group = self.plays[k : k + 4]
            plays = tuple((p.seat, p.card) for p in group if p.seat is not None and p.card is not None)
            winner = None
            if strain is not None and len(plays) == 4:
                winner = trick_winner(plays, trump)
            leader = group[0].seat
            out.append(LinTrick(k // 4 + 1, leader, plays, winner))
        return out

    @property
    def cards_played(self) -> int:
        return len(self.plays)

    @property
    def declarer_tricks(self) -> int | None:
        """The claim if there is one, else the tricks won by declarer's side in a full play."""
        if self.claim is not None:
            return self.claim
        d = self.declarer
        tricks = self.tricks
        if d is None or len(tricks) != 13 or any(t.winner is None for t in tricks):
            return None
        return sum(1 for t in tricks if t.winner in (d, d.partner))

    @property
    def comment_count(self) -> int:
        """Every ``nt|`` the board carries."""
        return (
            len(self.notes)
            + sum(len(c.notes) for c in self.calls)
            + sum(len(p.notes) for p in self.plays)
            + len(self.claim_notes)
        )

    @property
    def alert_count(self) -> int:
        """Calls with an ``an|`` explanation."""
        return sum(1 for c in self.calls if c.explanation is not None)


@dataclass(frozen=True)
class HandviewerLink:
    """A Handviewer link and what had to be left out of the LIN to keep it under the limit."""

    url: str
    dropped_notes: int = 0
    dropped_explanations: int = 0
    dropped_names: bool = False
    fits: bool = True


# ---------------------------------------------------------------------------------------------
# Reading


class _Token(NamedTuple):
    command: str  # lower case, stripped
    value: str
    start: int  # offset of the command's first character
    end: int  # offset just after the closing bar
    raw_command: str


def _tokens(text: str, add: _AddAt | None = None) -> Iterator[_Token]:
    """``command|value|`` pairs; whitespace and line breaks between pairs are skipped."""
    i, n = 0, len(text)
    while i < n:
        while i < n and text[i] in " \t\r\n\f\v":
            i += 1
        if i >= n:
            return
        bar = text.find("|", i)
        if bar < 0:
            if add is not None:
                add(
                    "lin-syntax",
                    Severity.WARNING,
                    f"text after the last command is not a LIN command: {text[i : i + 30]!r}",
                    (i, n),
                    "LIN is a run of command|value| pairs",
                )
            return
        raw = text[i:bar]
        end_bar = text.find("|", bar + 1)
        if end_bar < 0:
            value = text[bar + 1 :]
            if add is not None:
                add(
                    "lin-syntax",
                    Severity.WARNING,
                    f"the last value ({raw.strip()}|) has no closing bar",
                    (i, n),
                    "end every value with |",
                )
            yield _Token(raw.strip().lower(), value, i, n, raw)
            return
        yield _Token(raw.strip().lower(), text[bar + 1 : end_bar], i, end_bar + 1, raw)
        i = end_bar + 1


def _clean(value: str) -> str:
    """A text value as we keep it: line breaks become spaces (LIN gives them no meaning)."""
    if "\n" in value or "\r" in value:
        value = re.sub(r"\r\n|\r|\n", " ", value)
    return value


def lin_text(text: str) -> str:
    """A text made safe for a LIN value: ``|`` (which LIN cannot escape) becomes ``/`` and line
    breaks become spaces.  :func:`write_lin` and :func:`make_board` apply it to every text."""
    return _clean(text.replace("|", "/"))


def read_call(value: str) -> tuple[str | None, bool]:
    """``(call, alerted)`` from an ``mb|`` value: ``p``→``Pass``, ``d``→``X``, ``r``→``XX``,
    ``1N``→``1NT``; a trailing ``!`` is the alert.  ``(None, …)`` when unreadable."""
    t = value.strip()
    alert = t.endswith("!")
    t = t.rstrip("!").strip().lower()
    if t in ("p", "pass", "-"):
        return "Pass", alert
    if t in ("d", "x", "dbl", "double"):
        return "X", alert
    if t in ("r", "xx", "rdbl", "redouble"):
        return "XX", alert
    m = _BID_RE.match(t)
    if m:
        return f"{m.group(1)}{_STRAIN_OF_LETTER[m.group(2)].code}", alert
    return None, alert


def read_card(value: str) -> Card | None:
    """A ``pc|`` value (``SA``, ``c2``, ``HT``, ``H10``) as a card, or None."""
    m = _CARD_RE.match(value)
    if not m:
        return None
    rank = "T" if m.group(2) == "10" else m.group(2).upper()
    return Card(_SUIT_LETTERS[m.group(1).upper()], _RANK_LETTERS[rank])


def _read_hand(text: str) -> tuple[set[Card], list[str]]:
    """``SAKQHJT9D2CA`` (suits in any order, ranks in any order and case) as cards."""
    cards: set[Card] = set()
    bad: list[str] = []
    suit: Suit | None = None
    t = text.strip().upper().replace("10", "T")
    for ch in t:
        if ch in _SUIT_LETTERS:
            suit = _SUIT_LETTERS[ch]
        elif ch in _RANK_LETTERS and suit is not None:
            card = Card(suit, _RANK_LETTERS[ch])
            if card in cards:
                bad.append(f"{card.ascii()} twice")
            cards.add(card)
        elif ch.isspace() or ch in "-.":
            continue
        else:
            bad.append(repr(ch))
    return cards, bad


class _Problem(NamedTuple):
    code: str
    severity: Severity
    message: str
    start: int
    end: int
    hint: str | None


@dataclass
class _RawCall:
    call: str | None
    alert: bool
    explanation: str | None
    notes: list[str]
    raw: str | None
    tok: _Token


@dataclass
class _RawPlay:
    card: Card | None
    notes: list[str]
    raw: str | None
    tok: _Token


@dataclass
class _Segment:
    """The commands of one board as they are read, before the board is built."""

    start: int
    end: int = 0
    board_id: str | None = None
    players: list[str] | None = None
    md: _Token | None = None
    title: str | None = None
    sv: _Token | None = None
    calls: list[_RawCall] = field(default_factory=list)
    plays: list[_RawPlay] = field(default_factory=list)
    claim: int | None = None
    notes: list[str] = field(default_factory=list)
    claim_notes: list[str] = field(default_factory=list)
    extras: list[tuple[str, str]] = field(default_factory=list)
    pauses: list[_Token] = field(default_factory=list)
    last: str = "start"  # what an nt| now follows: start, call, play or claim
    problems: list[_Problem] = field(default_factory=list)

    def has_board(self) -> bool:
        return self.md is not None or bool(self.calls) or bool(self.plays)

    def has_content(self) -> bool:
        return bool(self.players or self.extras or self.notes or self.board_id or self.title or self.sv)

    def add(
        self,
        code: str,
        severity: Severity,
        message: str,
        where: _Token | tuple[int, int],
        hint: str | None = None,
    ) -> None:
        start, end = (where.start, where.end) if isinstance(where, _Token) else where
        self.problems.append(_Problem(code, severity, message, start, end, hint))


class _Lines:
    """Offsets to 1-based (line, column)."""

    def __init__(self, text: str, path: str) -> None:
        self.path = path
        self.starts = [0] + [m.end() for m in re.finditer(r"\r\n|\r|\n", text)]

    def pos(self, offset: int) -> tuple[int, int]:
        k = bisect_right(self.starts, offset) - 1
        return k + 1, offset - self.starts[k] + 1

    def span(self, start: int, end: int) -> Span:
        line, col = self.pos(start)
        end_line, end_col = self.pos(max(start, end - 1))
        return Span(self.path, line, col, end_line, end_col + 1)


class _Report(Protocol):
    def __call__(
        self, code: str, severity: Severity, message: str, tok: _Token | None, hint: str | None = None
    ) -> None: ...


class _AddAt(Protocol):
    def __call__(
        self, code: str, severity: Severity, message: str, where: tuple[int, int], hint: str | None = None
    ) -> None: ...


def read_lin(text: str, path: str = "<lin>") -> tuple[list[LinBoard], list[Diagnostic]]:
    """Every board of a LIN text, and what could not be read (with the board and position).

    Forgiving: never raises; an unreadable item is reported and kept as well as it can be."""
    if text.startswith("\ufeff"):
        text = " " + text[1:]  # keep the offsets
    lines = _Lines(text, path)
    diagnostics: list[Diagnostic] = []
    syntax: list[_Problem] = []

    def add(
        code: str, severity: Severity, message: str, where: tuple[int, int], hint: str | None = None
    ) -> None:
        syntax.append(_Problem(code, severity, message, where[0], where[1], hint))

    boards: list[LinBoard] = []
    header: _Segment | None = None  # commands before the first qx| of a vugraph file
    header_given = False
    seg = _Segment(start=0)

    def finish(s: _Segment) -> None:
        nonlocal header_given
        attach = header if header is not None and not header_given else None
        header_given = header_given or attach is not None
        board, problems = _build(s, header, attach, lines)
        boards.append(board)
        label = board.label if board.title or board.board_id else f"board {len(boards)} in the file"
        for p in problems:
            span = lines.span(p.start, p.end)
            diagnostics.append(Diagnostic(p.code, p.severity, f"{label}: {p.message}", span, p.hint))

    def report(s: _Segment) -> None:
        for p in s.problems:
            diagnostics.append(Diagnostic(p.code, p.severity, p.message, lines.span(p.start, p.end), p.hint))

    for tok in _tokens(text, add):
        if tok.command == "qx" or (tok.command in _BOARD_STARTERS and seg.md is not None):
            if seg.has_board():
                seg.end = tok.start
                finish(seg)
            elif not boards and header is None and seg.has_content():
                header = seg
                report(seg)
            elif seg.has_content():
                seg.add(
                    "lin-empty-board",
                    Severity.WARNING,
                    "a board with no deal, calls or cards is left out",
                    (seg.start, tok.start),
                )
                report(seg)
            seg = _Segment(start=tok.start)
        _take(seg, tok)
        seg.end = tok.end
    if seg.has_board() or (not boards and seg.has_content()):
        finish(seg)  # (a lone header with no board after it is kept as a board without a deal)
    elif seg.has_content():
        report(seg)
    for p in syntax:
        diagnostics.append(Diagnostic(p.code, p.severity, p.message, lines.span(p.start, p.end), p.hint))
    if not boards and header is None:
        diagnostics.append(
            Diagnostic("lin-empty", Severity.WARNING, "no LIN board in the text", Span(path, 1, 1), None)
        )
    elif not boards and header is not None:
        board, _ = _build(_Segment(start=header.start, end=header.end), header, header, lines)
        boards.append(board)
    return boards, diagnostics


def _take(seg: _Segment, tok: _Token) -> None:
    """Read one command into the segment."""
    cmd, value = tok.command, tok.value
    if cmd == "qx":
        seg.board_id = _clean(value.strip())
    elif cmd == "pn":
        seg.players = value.split(",")
    elif cmd == "md":
        if seg.md is not None:
            seg.add("lin-duplicate", Severity.WARNING, "a second md| in one board; the first is kept", tok)
        else:
            seg.md = tok
    elif cmd in ("st", "rh") and not value.strip():
        pass  # empty in practice; written back as st|| and rh||
    elif cmd == "ah":
        seg.title = _clean(value)
    elif cmd == "sv":
        seg.sv = tok
    elif cmd == "mb":
        call, alert = read_call(value)
        if seg.plays:
            seg.add(
                "lin-call-after-play",
                Severity.WARNING,
                f"the call {value!r} comes after the play has begun",
                tok,
            )
        if call is None:
            seg.add(
                "lin-bad-call",
                Severity.ERROR,
                f"cannot read the call {value!r}",
                tok,
                "calls are p, d, r, or a level and a strain such as 1S or 3N",
            )
        seg.calls.append(_RawCall(call, alert, None, [], None if call is not None else _clean(value), tok))
        seg.last = "call"
    elif cmd == "an":
        if seg.calls and seg.last == "call":
            c = seg.calls[-1]
            c.explanation = _clean(value) if c.explanation is None else f"{c.explanation} {_clean(value)}"
        else:
            seg.add(
                "lin-orphan-alert",
                Severity.WARNING,
                "an explanation (an|) that follows no call is kept as it is",
                tok,
                "an| explains the mb| call just before it",
            )
            seg.extras.append(("an", _clean(value)))
    elif cmd == "pc":
        card = read_card(value)
        if card is None:
            seg.add(
                "lin-bad-card",
                Severity.ERROR,
                f"cannot read the card {value!r}",
                tok,
                "a card is a suit letter and a rank, e.g. SA, hT, c2",
            )
        if seg.claim is not None:
            seg.add(
                "lin-play-after-claim", Severity.WARNING, f"the card {value!r} is played after the claim", tok
            )
        seg.plays.append(_RawPlay(card, [], None if card is not None else _clean(value), tok))
        seg.last = "play"
    elif cmd == "nt":
        note = _clean(value)
        if seg.last == "call":
            seg.calls[-1].notes.append(note)
        elif seg.last == "play":
            seg.plays[-1].notes.append(note)
        elif seg.last == "claim":
            seg.claim_notes.append(note)
        else:
            seg.notes.append(note)
    elif cmd == "mc":
        v = value.strip()
        if v.isdigit() and 0 <= int(v) <= 13:
            if seg.claim is not None:
                seg.add("lin-duplicate", Severity.WARNING, "a second claim (mc|); the last is kept", tok)
            seg.claim = int(v)
            seg.last = "claim"
        else:
            seg.add(
                "lin-bad-claim",
                Severity.ERROR,
                f"cannot read the claim {value!r}",
                tok,
                "mc| gives the total tricks of declarer's side, 0 to 13",
            )
            seg.extras.append(("mc", _clean(value)))
    elif cmd == "pg":
        seg.pauses.append(tok)
    else:
        if not _COMMAND_RE.match(cmd):
            seg.add(
                "lin-syntax",
                Severity.WARNING,
                f"{tok.raw_command.strip()!r} is not a LIN command; kept as it is",
                tok,
                "LIN commands are two letters, e.g. md, mb, pc",
            )
        seg.extras.append((_clean(tok.raw_command.strip()), _clean(value)))


def _build(
    seg: _Segment, header: _Segment | None, attach: _Segment | None, lines: _Lines
) -> tuple[LinBoard, list[_Problem]]:
    """The board a segment describes.  ``header``: the file header (its players apply when the
    board names none); ``attach``: the header again when its other commands go with this board."""
    problems = list(seg.problems)

    def add(code: str, severity: Severity, message: str, tok: _Token | None, hint: str | None = None) -> None:
        start, end = (tok.start, tok.end) if tok is not None else (seg.start, max(seg.start + 1, seg.end))
        problems.append(_Problem(code, severity, message, start, end, hint))

    dealer: Seat | None = None
    deal: dict[Seat, frozenset[Card]] = {}
    inferred: Seat | None = None
    if seg.md is not None:
        dealer, deal, inferred = _read_deal(seg.md, add)
    vulnerable: str | None = None
    if seg.sv is not None:
        vulnerable = _VUL_READ.get(seg.sv.value.strip().lower())
        if vulnerable is None:
            add(
                "lin-bad-vulnerability",
                Severity.WARNING,
                f"cannot read the vulnerability {seg.sv.value!r}",
                seg.sv,
                "sv| is o (none), n (N-S), e (E-W) or b (both)",
            )
    # Players: the board's own pn|, else the header's (8 names: the open room's, then the closed room's)
    names = seg.players if seg.players is not None else (header.players if header is not None else None)
    players: dict[Seat, str] = {}
    if names is not None:
        if len(names) > 4:
            closed = bool(seg.board_id) and (seg.board_id or "")[:1].lower() == "c" and len(names) >= 8
            names = names[4:8] if closed else names[:4]
        players = {seat: name.strip() for seat, name in zip(_LIN_ORDER, names) if name.strip()}
        players = {s: players[s] for s in Seat if s in players}
    calls = tuple(
        LinCall(c.call, c.alert, c.explanation, tuple(c.notes), c.raw, lines.span(c.tok.start, c.tok.end))
        for c in seg.calls
    )
    notes = list(seg.notes)
    extras = list(seg.extras)
    if attach is not None:
        notes = list(attach.notes) + notes
        extras = list(attach.extras) + extras
    make: LinMake | None = None
    if not calls and notes:
        m = _MAKE_RE.match(notes[0])
        if m:
            make = LinMake(_WORD_STRAINS[m.group(2)], _SEAT_WORDS[m.group(1)])
            notes.pop(0)
    board = LinBoard(
        deal=deal,
        dealer=dealer,
        vulnerable=vulnerable,
        calls=calls,
        claim=seg.claim,
        title=seg.title,
        board_id=seg.board_id,
        players=players,
        notes=tuple(notes),
        claim_notes=tuple(seg.claim_notes),
        make=make,
        extras=tuple(extras),
        deal_inferred=inferred,
        span=lines.span(seg.start, max(seg.start + 1, seg.end)),
        pauses=tuple(lines.span(t.start, t.end) for t in seg.pauses),
    )
    if calls and dealer is None:
        add(
            "lin-no-dealer",
            Severity.WARNING,
            "the auction cannot be followed without the dealer (md|'s first digit)",
            seg.md,
        )
    if seg.plays:
        if board.passed_out:
            add(
                "lin-play-after-pass-out",
                Severity.WARNING,
                "cards are played on a passed-out board",
                seg.plays[0].tok,
            )
        elif board.strain is None and calls:
            add(
                "lin-no-contract",
                Severity.WARNING,
                "cards are played but the auction is not finished: seats are taken from the hands and tricks have no winner",
                seg.plays[0].tok,
            )
        elif board.strain is None:
            add(
                "lin-no-auction",
                Severity.NOTE,
                "cards are played without an auction: seats are taken from the hands and tricks have no winner",
                seg.plays[0].tok,
            )
    plays = _seat_plays(board, seg.plays, add, lines)
    return replace(board, plays=plays), problems


def _read_deal(tok: _Token, add: _Report) -> tuple[Seat | None, dict[Seat, frozenset[Card]], Seat | None]:
    """``md|``: the dealer digit, then the hands S, W, N, E; a missing fourth hand is inferred."""
    value = tok.value.strip()
    dealer: Seat | None = None
    if value[:1] in _DIGIT_SEAT:
        dealer = _DIGIT_SEAT[value[0]]
        value = value[1:]
    elif value[:1].isdigit():
        add(
            "lin-bad-dealer",
            Severity.WARNING,
            f"{value[0]!r} is not a dealer: LIN counts 1 = S, 2 = W, 3 = N, 4 = E",
            tok,
        )
        value = value[1:]
    elif value:
        add(
            "lin-bad-dealer",
            Severity.WARNING,
            "the deal (md|) does not start with the dealer's digit",
            tok,
            "md| starts with 1 (S), 2 (W), 3 (N) or 4 (E)",
        )
    parts = value.split(",") if value else []
    if len(parts) > 4 and not any(p.strip() for p in parts[4:]):
        parts = parts[:4]
    if len(parts) > 4:
        add(
            "lin-bad-deal",
            Severity.ERROR,
            f"the deal has {len(parts)} hands; LIN gives four (S, W, N, E)",
            tok,
        )
        parts = parts[:4]
    deal: dict[Seat, frozenset[Card]] = {}
    seen: dict[Card, Seat] = {}
    for seat, part in zip(_LIN_ORDER, parts):
        if not part.strip():
            continue
        cards, bad = _read_hand(part)
        for b in bad:
            add(
                "lin-bad-deal",
                Severity.ERROR,
                f"in {seat.word}'s hand: cannot read {b}",
                tok,
                "a hand is S, H, D and C, each followed by its ranks (T for the ten)",
            )
        for c in sorted(cards):
            if c in seen:
                add(
                    "lin-bad-deal",
                    Severity.ERROR,
                    f"{c.ascii()} is in both {seen[c].word}'s and {seat.word}'s hands",
                    tok,
                )
            else:
                seen[c] = seat
        deal[seat] = frozenset(cards)
    inferred: Seat | None = None
    missing = [s for s in _LIN_ORDER if s not in deal]
    if len(missing) == 1 and len(seen) == 39 and all(len(h) == 13 for h in deal.values()):
        inferred = missing[0]
        deal[inferred] = frozenset(c for c in FULL_DECK if c not in seen)
    short = [f"{s.word} {len(h)}" for s, h in deal.items() if len(h) != 13]
    if short:
        add("lin-short-hand", Severity.WARNING, f"hands without 13 cards: {', '.join(short)}", tok)
    return dealer, {s: deal[s] for s in Seat if s in deal}, inferred


def _seat_plays(board: LinBoard, raw: list[_RawPlay], add: _Report, lines: _Lines) -> tuple[LinPlay, ...]:
    """Give each card its player: the hand that holds it when the deal says so, checked against
    the turn (the opening leader, then clockwise; each trick's winner leads the next)."""
    holder = {c: s for s, hand in board.deal.items() for c in hand}
    strain = board.strain
    trump = strain.trump if strain is not None else None
    declarer = board.declarer
    leader: Seat | None = declarer.lho if declarer is not None else None
    out: list[LinPlay] = []
    played: set[Card] = set()
    trick: list[tuple[Seat, Card]] = []
    for i, p in enumerate(raw):
        k = i % 4
        if k == 0:
            trick = []
        expected = leader.next(k) if leader is not None else None
        seat: Seat | None = None
        if p.card is not None:
            if p.card in played:
                add(
                    "lin-card-twice",
                    Severity.WARNING,
                    f"{p.card.ascii()} is played twice (trick {i // 4 + 1})",
                    p.tok,
                )
            played.add(p.card)
            seat = holder.get(p.card)
            if seat is not None and expected is not None and seat != expected:
                add(
                    "lin-out-of-turn",
                    Severity.WARNING,
                    f"trick {i // 4 + 1}: {p.card.ascii()} is {seat.word}'s card but it is {expected.word}'s turn",
                    p.tok,
                )
        if seat is None:
            seat = expected
        if k == 0 and leader is None:
            leader = seat
        out.append(LinPlay(p.card, seat, tuple(p.notes), p.raw, lines.span(p.tok.start, p.tok.end)))
        if seat is not None and p.card is not None:
            trick.append((seat, p.card))
        if k == 3:
            leader = trick_winner(trick, trump) if strain is not None and len(trick) == 4 else None
    return tuple(out)


def _contract(dealer: Seat, calls: Sequence[str]) -> LinContract | None:
    last_bid: int | None = None
    doubled = 0
    for i, c in enumerate(calls):
        if c[0].isdigit():
            last_bid, doubled = i, 0
        elif c == "X":
            doubled = 1
        elif c == "XX":
            doubled = 2
    if last_bid is None:
        return None
    bid = calls[last_bid]
    level, strain = int(bid[0]), Strain.parse(bid[1:])
    side = dealer.next(last_bid).side
    for i, c in enumerate(calls):
        seat = dealer.next(i)
        if seat.side == side and c[0].isdigit() and Strain.parse(c[1:]) is strain:
            return LinContract(level, strain, doubled, seat)
    return None  # not reached: the last bid itself names the strain


# ---------------------------------------------------------------------------------------------
# Writing


def write_lin(board: LinBoard, *, no_auction: str = "comment") -> str:
    """One board as a single line of LIN, ending in a newline.

    Order: the kept unknown commands, ``qx|`` (if any), ``pn|``, ``st||``, ``md|``, ``rh||``,
    ``ah|``, ``sv|``, the start commentary, the calls (``mb|``, ``an|``, ``nt|``), ``pg||``, the
    cards (``pc|``, ``nt|``, ``pg||`` after each trick), the claim (``mc|``).  Every ``nt|`` is
    followed by ``pg||`` so that a viewer stops on it.  Texts go through :func:`lin_text`.

    A board with a :class:`LinMake` and no calls gets the make as its first comment
    (``no_auction="comment"``, the default, read back exactly); ``no_auction="bid"`` also writes
    a one-bid auction so that BBO's viewer knows the trump and counts the tricks (the bid is not
    in the book: reading it back gives that auction, not the make).  See docs/lin.md."""
    if no_auction not in ("comment", "bid"):
        raise ValueError("no_auction is 'comment' or 'bid'")
    out: list[str] = []

    def put(cmd: str, value: str = "") -> None:
        out.append(f"{cmd}|{value}|")

    def pause() -> None:
        if not out or out[-1] != "pg||":
            out.append("pg||")

    def comment(text: str) -> None:
        put("nt", lin_text(text))
        pause()

    for cmd, value in board.extras:
        put(cmd, lin_text(value))
    if board.board_id is not None:
        put("qx", lin_text(board.board_id))
    if board.players:
        put("pn", ",".join(lin_text(board.players.get(s, "")).replace(",", " ") for s in _LIN_ORDER))
    put("st")
    put("md", _write_deal(board))
    put("rh")
    if board.title is not None:
        put("ah", lin_text(board.title))
    if board.vulnerable is not None:
        vul = _VUL_READ.get(board.vulnerable.strip().lower(), board.vulnerable)
        if vul not in _VUL_WRITE:
            raise ValueError(f"vulnerable {board.vulnerable!r}: write None, NS, EW or All")
        put("sv", _VUL_WRITE[vul])
    calls = board.calls
    if board.make is not None and not calls:
        comment(_make_comment(board.make))
        if no_auction == "bid" and board.dealer is not None:
            calls = _make_auction(board.make, board.dealer)
    for note in board.notes:
        comment(note)
    for c in calls:
        put("mb", _write_call(c))
        if c.explanation is not None:
            put("an", lin_text(c.explanation))
        for note in c.notes:
            comment(note)
    if calls:
        pause()
    for i, p in enumerate(board.plays):
        put("pc", p.card.ascii() if p.card is not None else lin_text(p.raw or ""))
        for note in p.notes:
            comment(note)
        if i % 4 == 3:
            pause()
    if board.claim is not None:
        put("mc", str(board.claim))
        for note in board.claim_notes:
            comment(note)
        pause()
    return "".join(out) + "\n"


def _write_deal(board: LinBoard) -> str:
    digit = _SEAT_DIGIT[board.dealer] if board.dealer is not None else ""
    hands = []
    for seat in _LIN_ORDER:
        hand = board.deal.get(seat)
        if hand is None:
            hands.append("")
            continue
        text = ""
        for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
            ranks = sorted((c.rank for c in hand if c.suit == suit), reverse=True)
            text += suit.letter + "".join(r.letter for r in ranks)
        hands.append(text)
    return digit + ",".join(hands)


def _write_call(c: LinCall) -> str:
    if c.call is None:
        text = lin_text(c.raw or "?")
        return text + ("!" if c.alert and not text.endswith("!") else "")
    if c.call == "Pass":
        text = "p"
    elif c.call == "X":
        text = "d"
    elif c.call == "XX":
        text = "r"
    else:
        text = c.call.replace("NT", "N")
    return text + ("!" if c.alert else "")


def _make_comment(make: LinMake) -> str:
    return f"No auction: {make.declarer.word} plays in {_STRAIN_WORDS[make.strain]} ({make.declarer.lho.word} leads)"


def _make_auction(make: LinMake, dealer: Seat) -> tuple[LinCall, ...]:
    """Passes round to the declarer, a one-level bid of the make's strain, three passes."""
    code = Strain.SPADES.code if make.strain is Strain.ROYAL_SPADES else make.strain.code
    passes = (make.declarer - dealer) % 4
    bid = LinCall(f"1{code}", explanation="not bid: the declaration had no auction")
    return (LinCall("Pass"),) * passes + (bid,) + (LinCall("Pass"),) * 3


# ---------------------------------------------------------------------------------------------
# Building a board from plain values

NoteKey = str | tuple[int, int] | None


def make_board(
    deal: Mapping[Seat, Iterable[Card]],
    dealer: Seat,
    vulnerable: str | None = "None",
    calls: Sequence[str | tuple[str, str | None] | LinCall] = (),
    tricks: Sequence[Sequence[tuple[Seat, Card]]] = (),
    notes_by_card: Mapping[NoteKey, str | Sequence[str]] | None = None,
    title: str | None = None,
    players: Mapping[Seat, str] | None = None,
    claim: int | None = None,
    *,
    make: LinMake | tuple[Strain | Suit | str | None, Seat] | None = None,
    board_id: str | None = None,
) -> LinBoard:
    """A board from plain values (raises ValueError on inconsistent input).

    ``calls`` run from the dealer: ``"1S"``, ``"2NT!"`` (``!``: alerted), ``"Pass"``/``"p"``,
    ``"X"``, ``"XX"``, or ``(call, explanation)``.  ``tricks``: lists of ``(seat, card)`` in play
    order (the last may be unfinished).  ``notes_by_card`` keys: ``None`` — before the play (after
    the last call, or at the start without an auction); ``"start"`` — at the board's start;
    ``(trick, index)`` — after the card ``index`` (0 = the lead) of trick ``trick`` (1…13);
    ``"claim"`` — after the claim.  ``make``: for a board without an auction, the trump (a
    :class:`Strain`, a :class:`Suit`, ``"S"``…``"NT"``, None for no trumps) and the declarer.
    Texts go through :func:`lin_text`."""
    hands = {Seat(s): frozenset(cs) for s, cs in deal.items()}
    hands = {s: hands[s] for s in Seat if s in hands}
    holder: dict[Card, Seat] = {}
    for s, hand in hands.items():
        for c in hand:
            if c in holder:
                raise ValueError(f"{c.ascii()} is in both {holder[c].word}'s and {s.word}'s hands")
            holder[c] = s
    vul = _VUL_READ.get(vulnerable.strip().lower()) if vulnerable is not None else None
    if vulnerable is not None and vul is None:
        raise ValueError(f"vulnerable {vulnerable!r}: write None, NS, EW or All")
    lin_calls: list[LinCall] = []
    for item in calls:
        if isinstance(item, LinCall):
            lin_calls.append(replace(item, span=None))
            continue
        text, explanation = (item, None) if isinstance(item, str) else item
        name, alert = read_call(text)
        if name is None:
            raise ValueError(f"cannot read the call {text!r}")
        lin_calls.append(LinCall(name, alert, lin_text(explanation) if explanation is not None else None))
    lin_make: LinMake | None = None
    if make is not None:
        if lin_calls:
            raise ValueError("a board has either an auction (calls) or a make, not both")
        if isinstance(make, LinMake):
            lin_make = LinMake(_strain_of(make.strain), make.declarer)
        else:
            lin_make = LinMake(_strain_of(make[0]), Seat(make[1]))
    plays: list[LinPlay] = []
    played: set[Card] = set()
    for t, trick in enumerate(tricks, start=1):
        if len(trick) > 4 or (len(trick) < 4 and t < len(tricks)):
            raise ValueError(f"trick {t} has {len(trick)} cards; only the last trick may be unfinished")
        for seat, card in trick:
            if card in played:
                raise ValueError(f"{card.ascii()} is played twice")
            played.add(card)
            if card in holder and holder[card] != seat:
                raise ValueError(
                    f"trick {t}: {card.ascii()} is {holder[card].word}'s card, not {Seat(seat).word}'s"
                )
            plays.append(LinPlay(card, Seat(seat)))
    if claim is not None and not 0 <= claim <= 13:
        raise ValueError(f"a claim is 0 to 13 tricks, not {claim}")
    start: list[str] = []
    claim_notes: list[str] = []
    for key, value in (notes_by_card or {}).items():
        texts = [value] if isinstance(value, str) else list(value)
        texts = [lin_text(x) for x in texts]
        if key == "start" or (key is None and not lin_calls):
            start.extend(texts)
        elif key is None:
            lin_calls[-1] = replace(lin_calls[-1], notes=lin_calls[-1].notes + tuple(texts))
        elif key == "claim":
            if claim is None:
                raise ValueError("a note after the claim, but no claim")
            claim_notes.extend(texts)
        elif isinstance(key, tuple) and len(key) == 2:
            t, i = key
            k = (t - 1) * 4 + i
            if not (t >= 1 and 0 <= i < 4 and k < len(plays)):
                raise ValueError(f"a note after card {i} of trick {t}, which is not played")
            plays[k] = replace(plays[k], notes=plays[k].notes + tuple(texts))
        else:
            raise ValueError(f"a note's place is None, 'start', 'claim' or (trick, index), not {key!r}")
    names = {Seat(s): lin_text(n).replace(",", " ").strip() for s, n in (players or {}).items()}
    return LinBoard(
        deal=hands,
        dealer=Seat(dealer),
        vulnerable=vul,
        calls=tuple(lin_calls),
        plays=tuple(plays),
        claim=claim,
        title=lin_text(title) if title is not None else None,
        board_id=lin_text(board_id) if board_id is not None else None,
        players={s: names[s] for s in Seat if names.get(s)},
        notes=tuple(start),
        claim_notes=tuple(claim_notes),
        make=lin_make,
    )


def _strain_of(value: Strain | Suit | str | None) -> Strain:
    if value is None:
        return Strain.NOTRUMP
    if isinstance(value, Strain):
        return Strain.SPADES if value is Strain.ROYAL_SPADES else value
    if isinstance(value, Suit):
        return Strain(value.letter)
    return Strain.parse(value)


# ---------------------------------------------------------------------------------------------
# Handviewer links


def handviewer_url(lin: str, *, max_length: int | None = URL_MAX_LENGTH) -> str:
    """A link that opens ``lin`` (one board) in BBO's Handviewer: ``…/handviewer.html?lin=…``
    with the LIN percent-encoded (no raw ``|``).  Over ``max_length`` characters, commentary,
    then explanations, then player names are left out (see :func:`handviewer_link`)."""
    return handviewer_link(lin, max_length=max_length).url


def handviewer_link(lin: str, *, max_length: int | None = URL_MAX_LENGTH) -> HandviewerLink:
    """:func:`handviewer_url`, saying what was left out to fit and whether it fits."""
    pairs = _pairs(lin)
    lin = _join(pairs)

    def url(text: str) -> str:
        return f"{HANDVIEWER}?lin={urllib.parse.quote(text, safe='')}"

    full = url(lin)
    if max_length is None or len(full) <= max_length:
        return HandviewerLink(full)
    dropped_notes = sum(1 for c, _ in pairs if c.lower() == "nt")
    pairs = _drop_notes(pairs)
    shorter = url(_join(pairs))
    if len(shorter) <= max_length:
        return HandviewerLink(shorter, dropped_notes)
    dropped_explanations = sum(1 for c, _ in pairs if c.lower() == "an")
    pairs = [(c, v) for c, v in pairs if c.lower() != "an"]
    shorter = url(_join(pairs))
    if len(shorter) <= max_length:
        return HandviewerLink(shorter, dropped_notes, dropped_explanations)
    pairs = [(c, v) for c, v in pairs if c.lower() != "pn"]
    shorter = url(_join(pairs))
    return HandviewerLink(shorter, dropped_notes, dropped_explanations, True, len(shorter) <= max_length)


def _pairs(lin: str) -> list[tuple[str, str]]:
    """The commands as :func:`read_lin` sees them (line breaks between them dropped)."""
    return [(_clean(t.raw_command.strip()), _clean(t.value)) for t in _tokens(lin)]


def _drop_notes(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Without ``nt|``; the pauses that then stand side by side become one."""
    out: list[tuple[str, str]] = []
    for c, v in pairs:
        if c.lower() == "nt" or (c.lower() == "pg" and out and out[-1][0].lower() == "pg"):
            continue
        out.append((c, v))
    return out


def _join(pairs: Iterable[tuple[str, str]]) -> str:
    return "".join(f"{c}|{v}|" for c, v in pairs)
