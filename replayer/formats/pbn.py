"""PBN 2.1 (Portable Bridge Notation): a forgiving reader and a strict writer.

``read_pbn(data, path)`` takes the bytes (or text) of a PBN file and returns its games and
the problems found, each located (line, column) and naming the board.  It never raises:
whatever cannot be read is reported and left out, and reading goes on.

``write_pbn(games)`` writes the games in the standard's *export* format; ``make_game``
builds a game from plain values (our hands) for that export.

Nothing here does I/O: the caller reads and writes the files (see ``encode_pbn``).
The format is described in docs/pbn.md; the standard is PBN 2.1 (tistis.nl/pbn).
"""

from __future__ import annotations

import gc
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from ..record.diagnostics import Diagnostic, Severity, Span
from ..rules.cards import SUITS_HIGH_FIRST, Card, Rank, Seat, Suit, format_holding
from ..rules.play import trick_winner

__all__ = [
    "PbnComment",
    "PbnDirective",
    "Remark",
    "PbnToken",
    "PbnRow",
    "PbnTag",
    "PbnAuction",
    "PbnTrick",
    "PbnPlay",
    "PbnGame",
    "MANDATORY_TAGS",
    "read_pbn",
    "write_pbn",
    "encode_pbn",
    "make_game",
]

# ---------------------------------------------------------------------------------------------
# Vocabulary of the standard

#: The Mandatory Tag Set (PBN 2.1 §3.4), in export order.
MANDATORY_TAGS = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)

TABLE_TAGS = frozenset(
    {
        "ActionTable",
        "AuctionTimeTable",
        "InstantScoreTable",
        "OptimumPlayTable",
        "OptimumResultTable",
        "PlayTimeTable",
        "ScoreTable",
        "TotalScoreTable",
    }
)

# Tags defined by the standard (chapters 3 and 4, and 2.1's OptimumScore); others are kept
# untouched and noted once per file.
KNOWN_TAGS = (
    frozenset(MANDATORY_TAGS)
    | TABLE_TAGS
    | frozenset(
        {
            "Auction",
            "Play",
            "Note",
            "Competition",
            "DealId",
            "Description",
            "FrenchMP",
            "Generator",
            "Hidden",
            "Room",
            "Termination",
            "Score",
            "ScoreIMP",
            "ScoreMP",
            "ScorePercentage",
            "ScoreRubber",
            "ScoreRubberHistory",
            "OptimumScore",
            "BidSystemEW",
            "BidSystemNS",
            "PairEW",
            "PairNS",
            "WestNA",
            "NorthNA",
            "EastNA",
            "SouthNA",
            "WestType",
            "NorthType",
            "EastType",
            "SouthType",
            "EventDate",
            "EventSponsor",
            "HomeTeam",
            "Round",
            "Section",
            "Stage",
            "Table",
            "VisitTeam",
            "Time",
            "UTCDate",
            "UTCTime",
            "TimeControl",
            "TimeCall",
            "TimeCard",
            "Annotator",
            "AnnotatorNA",
            "Application",
            "Mode",
        }
    )
)

# '#' and '##' are forbidden for these (§4.8); we report it and still inherit.
NO_INHERIT = frozenset({"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"})

_VULNERABLE = {
    "none": "None",
    "love": "None",
    "-": "None",
    "ns": "NS",
    "ew": "EW",
    "all": "All",
    "both": "All",
}
_RANK_CHARS = "23456789TJQKA"
_SUIT_ORDER = SUITS_HIGH_FIRST  # the Deal tag's order
_STRAINS = ("C", "D", "H", "S", "NT")
_TRUMP = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES, "NT": None}
_SUFFIX_NAG = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
MAX_LINE = 255  # characters, the end of line included (§2.3)


# ---------------------------------------------------------------------------------------------
# The data read


@dataclass(slots=True)
class PbnComment:
    """Commentary: ``{…}`` (``brace``) or ``;`` to the end of the line; ``text`` without delimiters."""

    text: str
    brace: bool = True
    line: int = field(default=0, compare=False)
    col: int = field(default=0, compare=False)


@dataclass(slots=True)
class PbnDirective:
    """A ``%`` line (escape, §2.4), kept where it stood: ``text`` is what follows the ``%``."""

    text: str
    line: int = field(default=0, compare=False)


Remark = PbnComment | PbnDirective


@dataclass(slots=True)
class PbnToken:
    """One token of the auction or play section: a call (``1H``, ``Pass``, ``X``, ``XX``,
    ``AP``), a card (``SK``), ``-`` (no call yet / card unknown), ``+`` (to be continued),
    ``^S`` (a skipped call) or ``*`` (the end), with what follows it.

    ``irregular`` is the marker written before it: ``I`` (insufficient bid), ``R`` (revoke),
    ``L`` (lead out of turn).  Suffixes (``!``, ``?!``…) are read as their NAGs (§3.5.2).
    ``seat`` is whose call or card it is (the column, for the play)."""

    text: str
    irregular: str | None = None
    note: int | None = None
    nags: tuple[int, ...] = ()
    remarks: list[Remark] = field(default_factory=list)
    seat: Seat | None = None
    raw: str = field(default="", compare=False)
    line: int = field(default=0, compare=False)
    col: int = field(default=0, compare=False)

    @property
    def card(self) -> Card | None:
        return _card_or_none(self.text)

    @property
    def is_slot(self) -> bool:
        """A call or card position (everything but the end marker ``*``)."""
        return self.text != "*"


@dataclass(slots=True)
class PbnRow:
    """A line of a supplemental section (a table row): elements as written (strings keep quotes)."""

    elements: list[str]
    remarks: list[Remark] = field(default_factory=list)
    line: int = field(default=0, compare=False)


@dataclass(slots=True)
class PbnTag:
    """A tag pair as read, and the section data after it.

    ``value`` is the value in force (``#``/``##`` inheritance resolved); ``written`` is what
    the file said.  ``inherited``: the value came from an earlier game; ``implicit``: the tag
    was not written in this game at all (an earlier ``##`` carried it).  ``remarks`` are the
    comments and ``%`` lines right after the tag; ``tokens`` the auction/play tokens,
    ``rows`` the data of other sections (tables, unknown sections)."""

    name: str
    value: str
    written: str = field(default="", compare=False)
    inherited: bool = field(default=False, compare=False)
    implicit: bool = field(default=False, compare=False)
    remarks: list[Remark] = field(default_factory=list)
    tokens: list[PbnToken] = field(default_factory=list)
    rows: list[PbnRow] = field(default_factory=list)
    line: int = field(default=0, compare=False)
    col: int = field(default=0, compare=False)
    section_lines: list[str] = field(default_factory=list, compare=False)  # the section's text as read


@dataclass
class PbnAuction:
    """The auction section.  ``first``: the Auction tag's seat (the first column);
    ``tokens``: every token in order (placeholders ``-`` and ``+``, ``^S``, ``*`` included);
    ``notes``: the ``[Note]`` tags after it.  ``contract``/``declarer``: what the calls give,
    once the auction is over (None before)."""

    first: Seat | None
    tokens: list[PbnToken]
    notes: dict[int, str] = field(default_factory=dict)
    ended: bool = False  # all passed out or closed (three passes after a bid, AP, or ``*``)
    continued: bool = False  # ``+``: to be continued
    contract: str | None = None
    declarer: Seat | None = None
    raw: list[str] = field(default_factory=list, compare=False)
    line: int = field(default=0, compare=False)
    col: int = field(default=0, compare=False)

    @property
    def calls(self) -> list[tuple[Seat | None, str]]:
        """The calls made, in order, with who made them (no placeholders, ``+``, ``^S``, ``*``)."""
        return [(t.seat, t.text) for t in self.tokens if t.text not in ("-", "+", "*", "^S")]


@dataclass
class PbnTrick:
    """A trick decoded from a play line: the cards known, **in the order played**."""

    number: int
    leader: Seat | None  # None: the previous trick's winner is unknown (cards are then in column order)
    plays: list[tuple[Seat, Card]]
    winner: Seat | None


@dataclass
class PbnPlay:
    """The play section.  ``first``: the Play tag's seat — the opening leader, and the first
    column: each play line is a trick and each column a seat (first, then clockwise), not the
    order of play.  ``tricks`` give the cards in the order played."""

    first: Seat | None
    tokens: list[PbnToken]
    tricks: list[PbnTrick] = field(default_factory=list)
    notes: dict[int, str] = field(default_factory=dict)
    ended: bool = False  # ``*``
    continued: bool = False  # ``+``
    raw: list[str] = field(default_factory=list, compare=False)
    line: int = field(default=0, compare=False)
    col: int = field(default=0, compare=False)

    _total: int = field(
        default=13, compare=False, repr=False
    )  # tricks in the deal (fewer in an end position)

    @property
    def complete(self) -> bool:
        """Every card of the deal is known (13 full tricks, fewer for an end position)."""
        return (
            bool(self.tricks)
            and self._total == len(self.tricks)
            and all(len(t.plays) == 4 for t in self.tricks)
        )

    @property
    def rows(self) -> list[dict[Seat, PbnToken]]:
        """The play lines: for each trick, the token in each seat's column."""
        out: list[dict[Seat, PbnToken]] = []
        slots = [t for t in self.tokens if t.is_slot]
        for i, tok in enumerate(slots):
            if i % 4 == 0:
                out.append({})
            if tok.seat is not None:
                out[-1][tok.seat] = tok
        return out

    def in_play_order(self) -> list[list[tuple[Seat, Card]]]:
        return [list(t.plays) for t in self.tricks]


@dataclass
class PbnGame:
    """One game.  ``tags`` are every tag in the order read (unknown tags untouched, ``Note``
    tags included); ``leading``: comments and ``%`` lines before the first tag; ``preamble``:
    blocks without any tag that stood before the game (each ended by an empty line);
    ``epilogue``: such blocks after the last game of a file.

    The decoded fields are None when absent or unreadable; ``spans`` says where each was
    read (keys ``deal``, ``dealer``, ``vulnerable``, ``contract``, ``declarer``, ``result``,
    ``auction``, ``play``)."""

    tags: list[PbnTag] = field(default_factory=list)
    leading: list[Remark] = field(default_factory=list)
    preamble: list[list[Remark]] = field(default_factory=list)
    epilogue: list[list[Remark]] = field(default_factory=list)
    deal: dict[Seat, frozenset[Card]] | None = None
    dealer: Seat | None = None
    vulnerable: str | None = None  # "None", "NS", "EW", "All"
    contract: str | None = None  # "4HX", "3NT", "Pass"; a bare "H" for an end position
    declarer: Seat | None = None
    declarer_irregular: bool = False  # "^S": declarer and dummy swapped (§3.4.13)
    result: int | None = None  # tricks won by declarer
    result_irregular: bool = False  # "^9": differs from the tricks actually won
    auction: PbnAuction | None = None
    play: PbnPlay | None = None
    spans: dict[str, Span] = field(default_factory=dict, compare=False)
    number: int = field(default=0, compare=False)  # 1-based place in the file

    def get(self, name: str) -> PbnTag | None:
        """The tag in force with this name (the first; later duplicates are ignored)."""
        for t in self.tags:
            if t.name == name:
                return t
        return None

    def tag(self, name: str) -> str | None:
        t = self.get(name)
        return t.value if t is not None else None

    @property
    def board(self) -> str | None:
        return self.tag("Board")

    @property
    def strain(self) -> str | None:
        """``C D H S NT`` from the contract (None if unknown or passed out)."""
        return _strain_of(self.contract)

    @property
    def trump(self) -> Suit | None:
        s = self.strain
        return _TRUMP[s] if s is not None else None

    @property
    def notes(self) -> list[PbnTag]:
        return [t for t in self.tags if t.name == "Note"]

    def remarks(self) -> list[tuple[str, Remark]]:
        """Every comment and ``%`` line, in file order, with where it stands: ``preamble 1``,
        ``start``, ``after [Deal]``, ``after [Note 1]``, ``[Auction] after 3H (call 3)``, ``[Play] after SK (trick 1)``,
        ``[OptimumResultTable] row 2``, ``epilogue 1``."""
        out: list[tuple[str, Remark]] = []
        for i, block in enumerate(self.preamble, 1):
            out.extend((f"preamble {i}", r) for r in block)
        out.extend(("start", r) for r in self.leading)
        for t in self.tags:
            label = f"Note {t.value.split(':', 1)[0]}" if t.name == "Note" else t.name
            out.extend((f"after [{label}]", r) for r in t.remarks)
            slot = calls = 0
            for tok in t.tokens:
                if tok.is_slot:
                    slot += 1
                    calls += tok.text != "-"
                where = (
                    (f"call {calls}" if t.name == "Auction" else f"trick {(slot - 1) // 4 + 1}")
                    if tok.is_slot
                    else "end"
                )
                out.extend((f"[{t.name}] after {tok.text} ({where})", r) for r in tok.remarks)
            for i, row in enumerate(t.rows, 1):
                out.extend((f"[{t.name}] row {i}", r) for r in row.remarks)
        for i, block in enumerate(self.epilogue, 1):
            out.extend((f"epilogue {i}", r) for r in block)
        return out

    def play_commentary(self) -> dict[int, list[Remark]]:
        """Remarks inside the play section by trick number (0: before the first card)."""
        out: dict[int, list[Remark]] = {}
        t = self.get("Play")
        if t is None:
            return out
        if t.remarks:
            out[0] = list(t.remarks)
        slot = 0
        for tok in t.tokens:
            if tok.is_slot:
                slot += 1
            if tok.remarks:
                out.setdefault(max(1, (slot - 1) // 4 + 1), []).extend(tok.remarks)
        return out


# ---------------------------------------------------------------------------------------------
# Small readers


def _card_table() -> dict[str, Card]:
    out: dict[str, Card] = {}
    for suit in Suit:
        for rank in Rank:
            card = Card(suit, rank)
            for s in (suit.letter, suit.letter.lower()):
                for r in {rank.letter, rank.letter.lower()} | ({"10"} if rank == Rank.TEN else set()):
                    out[s + r] = card
    return out


_CARD_BY_TEXT = _card_table()
_CARD_TEXT = {text: card.ascii() for text, card in _CARD_BY_TEXT.items()}
_DEAL_CARD = {
    (suit, r): _CARD_BY_TEXT[suit.letter + r] for suit in Suit for r in _RANK_CHARS + _RANK_CHARS.lower()
}
_SEAT_BY_LETTER = {letter: seat for seat in Seat for letter in (seat.name, seat.name.lower())}


def _card_or_none(text: str) -> Card | None:
    return _CARD_BY_TEXT.get(text)


def _seat_or_none(text: str) -> Seat | None:
    return _SEAT_BY_LETTER.get(text.strip())


def _strain_of(contract: str | None) -> str | None:
    if not contract or contract == "Pass":
        return None
    m = re.match(r"^[1-7]?(NT|[SHDC])", contract)
    return m.group(1) if m else None


_CALL_RE = re.compile(r"^([1-7])(NT|N|S|H|D|C)$", re.IGNORECASE)


def _norm_call(text: str) -> tuple[str, bool] | None:
    """A call token normalised (``1H``, ``Pass``, ``X``, ``XX``, ``AP``, ``-``), and whether
    the spelling was outside the standard; None if it is no call."""
    u = text.upper()
    if text == "-":
        return "-", False
    if u == "PASS":
        return "Pass", False
    if u in ("X", "XX", "AP"):
        return u, False
    if u == "P":
        return "Pass", True
    m = _CALL_RE.match(text)
    if m:
        strain = m.group(2).upper()
        return m.group(1) + ("NT" if strain in ("N", "NT") else strain), strain == "N"
    return None


def _bid_key(call: str) -> tuple[int, int] | None:
    if call[:1].isdigit():
        return int(call[0]), _STRAINS.index(call[1:])
    return None


def _escape(value: str) -> str:
    """A tag value between quotes: ``"`` as ``\\"``; a backslash doubled where it would
    otherwise read as an escape (before ``\\`` or ``"``, or last).  Other backslashes stay
    single, as the standard's own table tags write them (``Result\\2R``)."""
    return re.sub(r'\\(?=[\\"]|$)', r"\\\\", value).replace('"', '\\"')


def _unescape(raw: str) -> str:
    return re.sub(r'\\([\\"])', r"\1", raw)


# ---------------------------------------------------------------------------------------------
# Problems, collected per game and turned into diagnostics at the end


class _Problems:
    def __init__(self) -> None:
        self.items: list[tuple[int, int, str, Severity, str, str | None]] = []

    def add(
        self, code: str, severity: Severity, message: str, line: int, col: int, hint: str | None = None
    ) -> None:
        self.items.append((line, col, code, severity, message, hint))

    def error(self, code: str, message: str, line: int, col: int, hint: str | None = None) -> None:
        self.add(code, Severity.ERROR, message, line, col, hint)


# ---------------------------------------------------------------------------------------------
# Bytes to text


def _decode(data: bytes | str, problems: _Problems) -> tuple[str, int]:
    """The text (newlines made ``\\n``) and the length of the file's end of line (1 or 2)."""
    if isinstance(data, str):
        text = data.removeprefix("\ufeff")
    elif data.startswith(b"\xef\xbb\xbf"):
        text = data[3:].decode("utf-8", errors="replace")
        if "\ufffd" in text:
            problems.add(
                "pbn-encoding",
                Severity.WARNING,
                "the file says UTF-8 (byte order mark) but has bytes that are not UTF-8",
                1,
                1,
            )
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = data.decode("utf-16", errors="replace")
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("latin-1")  # the standard's character set; never fails
    eol = 2 if "\r\n" in text else 1
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text, eol


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def _check_lines(text: str, eol: int, problems: _Problems) -> None:
    for number, line in enumerate(text.split("\n"), 1):
        if len(line) + eol > MAX_LINE:
            problems.add(
                "pbn-line-too-long",
                Severity.WARNING,
                f"line of {len(line) + eol} characters (the standard allows {MAX_LINE}, end of line included)",
                number,
                MAX_LINE - eol + 1,
            )
        m = _CONTROL.search(line)
        if m:
            problems.add(
                "pbn-character",
                Severity.WARNING,
                f"character U+{ord(m.group()):04X} is not a printing ISO 8859-1 character",
                number,
                m.start() + 1,
                "PBN allows printing Latin-1 characters, and the tab",
            )


# ---------------------------------------------------------------------------------------------
# Lexing: the text as a flat list of items, each with its line and column


@dataclass(slots=True)
class _Item:
    kind: str  # blank, dir, com, tag, word, str, stray
    line: int
    col: int
    text: str = ""  # directive/comment text, tag value, word
    name: str = ""  # tag name
    brace: bool = True  # comment kind
    end_line: int = 0


_LEX = re.compile(
    r"""[ \t\v\f]*(?:(?P<nl>\n)|(?P<brace>\{[^}]*\}?)|(?P<semi>;[^\n]*)|(?P<lbr>\[)
       |(?P<str>"(?:[^"\\\n]|\\.)*")|(?P<word>[^\s\[\]{};"]+)|(?P<other>[^\n])|(?P<end>$))""",
    re.VERBOSE,
)
_BLANK = re.compile(r"[ \t]*(?:\n|$)")
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\n]|\\.)*)"\s*\]')
_TAG_LINE = re.compile(r'\[([A-Za-z0-9_]+) "((?:[^"\\\n\t]|\\.)*)"\](?=[ \t]*(?:\n|$))')
_TAG_NOVALUE = re.compile(r"\[[ \t]*([A-Za-z0-9_]+)[ \t]*\]")
_TAG_UNQUOTED = re.compile(r'\[[ \t]*([A-Za-z0-9_]+)[ \t]+([^\]"\n]*?)[ \t]*\]')
_TAG_OPEN_QUOTE = re.compile(r'\[[ \t]*([A-Za-z0-9_]+)[ \t]*"([^\n]*)\][ \t]*(?=\n|$)')


def _lex(text: str, problems: _Problems) -> list[_Item]:
    items: list[_Item] = []
    n = len(text)
    pos = 0
    line, bol = 1, 0
    at_start = True
    while pos < n:
        if at_start:
            at_start = False
            if text[pos] == "%":
                end = text.find("\n", pos)
                end = n if end < 0 else end
                items.append(_Item("dir", line, 1, text[pos + 1 : end]))
                pos = end
                continue
            t = _TAG_LINE.match(text, pos)
            if t is not None:
                raw = t.group(2)
                items.append(
                    _Item("tag", line, 1, _unescape(raw) if "\\" in raw else raw, t.group(1), end_line=line)
                )
                pos = t.end()
                continue
            b = _BLANK.match(text, pos)
            if b is not None and b.end() > pos:
                items.append(_Item("blank", line, 1))
                pos = b.end()
                line += 1
                bol = pos
                at_start = True
                continue
        m = _LEX.match(text, pos)
        assert m is not None  # an alternative takes any character, and the end
        kind = m.lastgroup
        if kind == "end" or kind is None:
            break
        start, end = m.start(kind), m.end()
        col = start - bol + 1
        if kind == "nl":
            line += 1
            bol = end
            at_start = True
        elif kind == "brace":
            body = m.group(kind)
            closed = body.endswith("}") and len(body) > 1
            items.append(_Item("com", line, col, body[1:-1] if closed else body[1:], brace=True))
            if not closed:
                problems.error(
                    "pbn-comment", "this { comment is never closed", line, col, "add the closing }"
                )
            newlines = body.count("\n")
            if newlines:
                line += newlines
                bol = start + body.rfind("\n") + 1
            items[-1].end_line = line
        elif kind == "semi":
            items.append(_Item("com", line, col, m.group(kind)[1:], brace=False, end_line=line))
        elif kind == "lbr":
            end = _lex_tag(text, start, line, col, items, problems)
            newlines = text.count("\n", start, end)
            if newlines:
                line += newlines
                bol = text.rfind("\n", start, end) + 1
            items[-1].end_line = line
        elif kind == "str":
            items.append(_Item("str", line, col, m.group(kind), end_line=line))
        elif kind == "word":
            items.append(_Item("word", line, col, m.group(kind), end_line=line))
        else:
            items.append(_Item("stray", line, col, m.group(kind), end_line=line))
        pos = end
    return items


def _lex_tag(text: str, start: int, line: int, col: int, items: list[_Item], problems: _Problems) -> int:
    """Read the tag pair at ``start`` (a ``[``); append an item; return where reading goes on."""
    m = _TAG.match(text, start)
    if m is not None:
        value = _unescape(m.group(2))
        if "\t" in value:
            problems.add(
                "pbn-tag-value",
                Severity.WARNING,
                "tab character inside a tag value",
                line,
                col + m.start(2) - start + 1 + value.index("\t"),
                "tabs are not allowed inside strings",
            )
        items.append(_Item("tag", line, col, value, m.group(1)))
        return m.end()
    m = _TAG_NOVALUE.match(text, start)
    if m is not None:
        problems.error(
            "pbn-tag-syntax", f"tag [{m.group(1)}] has no value", line, col, f'write [{m.group(1)} ""]'
        )
        items.append(_Item("tag", line, col, "", m.group(1)))
        return m.end()
    m = _TAG_UNQUOTED.match(text, start)
    if m is not None:
        problems.add(
            "pbn-tag-unquoted",
            Severity.WARNING,
            f"the value of [{m.group(1)}] is not between quotes",
            line,
            col + m.start(2) - start,
            f'write [{m.group(1)} "{m.group(2)}"]',
        )
        items.append(_Item("tag", line, col, m.group(2), m.group(1)))
        return m.end()
    m = _TAG_OPEN_QUOTE.match(text, start)
    if m is not None:
        problems.error(
            "pbn-tag-syntax",
            f"the value of [{m.group(1)}] has no closing quote",
            line,
            col + m.start(2) - start,
            "read up to the last ] of the line",
        )
        items.append(_Item("tag", line, col, _unescape(m.group(2)), m.group(1)))
        return m.end()
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    close = text.find("]", start, end)
    stop = close + 1 if close >= 0 else end
    problems.error(
        "pbn-tag-syntax",
        f"cannot read a tag pair in {text[start:stop].strip()[:40]!r}",
        line,
        col,
        'a tag is [Name "value"]',
    )
    items.append(_Item("stray", line, col, ""))
    return stop


# ---------------------------------------------------------------------------------------------
# Auction and play sections: tokens and their annotations

_SUB = re.compile(
    r"""(?P<irr>\^[A-Za-z]?)|(?P<note>=[^=\s]*=?)|(?P<nag>\$[0-9A-Za-z]*)|(?P<suffix>[!?]{1,2})
       |(?P<star>\*)|(?P<plus>\+)|(?P<tok>[A-Za-z0-9-]+)|(?P<bad>.)""",
    re.VERBOSE,
)


_PLAIN_CALLS = {
    c: c for c in ["Pass", "X", "XX", "AP"] + [f"{n}{s}" for n in range(1, 8) for s in _STRAINS]
} | {"pass": "Pass"}


class _Section:
    """Reads the tokens of an auction (``kind`` "auction") or play section as they come."""

    def __init__(self, kind: str, tag: PbnTag, problems: _Problems, export: bool) -> None:
        self.kind = kind
        self.tag = tag
        self.problems = problems
        self.export = export
        self.last: PbnToken | None = None  # what annotations refer to
        self.pending: tuple[str, int, int] | None = None
        self.suffixed: set[int] = set()
        self.quality: set[int] = set()
        self.per_line: dict[int, int] = {}
        self.first_line = 0
        self.last_line = 0

    def _slot(self, tok: PbnToken) -> None:
        self.tag.tokens.append(tok)
        self.last = tok
        if self.export:
            self.per_line[tok.line] = self.per_line.get(tok.line, 0) + 1

    def word(self, text: str, line: int, col: int) -> None:
        p = self.problems
        if not self.first_line:
            self.first_line = line
        self.last_line = line
        what = "call" if self.kind == "auction" else "card"
        plain = (_PLAIN_CALLS if self.kind == "auction" else _CARD_TEXT).get(text)
        if plain is not None and self.pending is None:
            self._slot(PbnToken(plain, raw=text, line=line, col=col))
            return
        for m in _SUB.finditer(text):
            kind, tok_text, c = m.lastgroup, m.group(), col + m.start()
            if kind == "irr":
                letter = tok_text[1:]
                allowed = "IS" if self.kind == "auction" else "RL"
                if letter not in allowed:
                    p.error(
                        "pbn-irregularity",
                        f"{tok_text!r} is no irregularity of the {self.kind}",
                        line,
                        c,
                        "the auction knows ^I and ^S, the play ^R and ^L",
                    )
                elif letter == "S":
                    if self.pending:
                        p.error("pbn-irregularity", f"^{self.pending[0]} before ^S", line, c)
                        self.pending = None
                    self._slot(PbnToken("^S", raw=tok_text, line=line, col=c))
                elif self.pending:
                    p.error(
                        "pbn-irregularity",
                        f"two irregularity markers (^{self.pending[0]} {tok_text}) before one {what}",
                        line,
                        c,
                    )
                else:
                    self.pending = (letter, line, c)
            elif kind == "tok":
                self._token(tok_text, line, c)
            elif kind == "plus":
                self._marked(PbnToken("+", raw="+", line=line, col=c))
            elif kind == "star":
                if self.pending:
                    p.error("pbn-irregularity", f"^{self.pending[0]} before the end marker", line, c)
                    self.pending = None
                tok = PbnToken("*", raw="*", line=line, col=c)
                self.tag.tokens.append(tok)
            elif kind == "note":
                self._note(tok_text, line, c)
            elif kind == "nag":
                self._nag(tok_text, line, c)
            elif kind == "suffix":
                self._suffix(tok_text, line, c)
            else:
                p.error(
                    "pbn-syntax", f"unexpected character {tok_text!r} in the {self.kind} section", line, c
                )

    def _marked(self, tok: PbnToken) -> None:
        if self.pending:
            letter, pl, pc = self.pending
            self.pending = None
            self.problems.error("pbn-irregularity", f"^{letter} before {tok.text!r}", pl, pc)
        self._slot(tok)

    def _token(self, text: str, line: int, col: int) -> None:
        p = self.problems
        if self.kind == "auction":
            norm = _norm_call(text)
            if norm is None:
                p.error(
                    "pbn-call",
                    f"cannot read the call {text!r}",
                    line,
                    col,
                    "calls are 1C…7NT, Pass, X, XX, AP, or - before the dealer",
                )
                if self.pending:
                    self.pending = None
                return
            call, odd = norm
            if odd:
                p.add(
                    "pbn-nonstandard",
                    Severity.WARNING,
                    f"{text!r} is not the standard's spelling; read as {call}",
                    line,
                    col,
                )
            tok = PbnToken(call, raw=text, line=line, col=col)
            if self.pending:
                letter, pl, pc = self.pending
                self.pending = None
                if letter == "I" and call[0].isdigit():
                    tok.irregular = "I"
                else:
                    p.error(
                        "pbn-irregularity",
                        f"^{letter} before {call!r}: only a bid can be insufficient",
                        pl,
                        pc,
                    )
            self._slot(tok)
            return
        if text in ("-", "--"):
            if text == "--":
                p.add(
                    "pbn-nonstandard",
                    Severity.WARNING,
                    "'--' is not a card token; read as '-' (card unknown)",
                    line,
                    col,
                )
            self._marked(PbnToken("-", raw=text, line=line, col=col))
            return
        card = _card_or_none(text)
        if card is None:
            p.error(
                "pbn-card",
                f"cannot read the card {text!r}",
                line,
                col,
                "a card is a suit S H D C and a rank A K Q J T 9…2",
            )
            tok = PbnToken("-", raw=text, line=line, col=col)  # keeps the columns in place
            self.pending = None
            self._slot(tok)
            return
        tok = PbnToken(card.ascii(), raw=text, line=line, col=col)
        if self.pending:
            tok.irregular = self.pending[0]
            self.pending = None
        self._slot(tok)

    def _note(self, text: str, line: int, col: int) -> None:
        p = self.problems
        m = re.fullmatch(r"=(\d+)=", text)
        if m is None:
            p.error(
                "pbn-annotation",
                f"cannot read the note reference {text!r}",
                line,
                col,
                "write =n= with n from 1 to 32",
            )
            return
        if self.last is None:
            p.error("pbn-annotation", f"note reference {text} before any {self._what()}", line, col)
            return
        if self.last.note is not None:
            p.error(
                "pbn-annotation",
                f"second note reference {text} after {self.last.text}",
                line,
                col,
                "at most one note per call or card",
            )
            return
        index = int(m.group(1))
        if not 1 <= index <= 32:
            p.error("pbn-annotation", f"note index {index} is outside 1…32", line, col)
        self.last.note = index

    def _what(self) -> str:
        return "call" if self.kind == "auction" else "card"

    def _add_nag(self, value: int, text: str, line: int, col: int) -> None:
        p = self.problems
        assert self.last is not None
        quality = range(1, 7) if self.kind == "auction" else range(7, 13)
        foreign = set(range(7, 13)) | {14} if self.kind == "auction" else set(range(1, 7)) | {13}
        if value > 255:
            p.error("pbn-annotation", f"NAG {text} is above 255", line, col)
        elif value in foreign:
            p.error(
                "pbn-annotation",
                f"NAG {text} is for {'cards' if self.kind == 'auction' else 'calls'}, not {self._what()}s",
                line,
                col,
            )
        if value in quality:
            if id(self.last) in self.quality:
                p.error(
                    "pbn-annotation",
                    f"second quality annotation {text} on {self.last.text}",
                    line,
                    col,
                    "one of ! ? !! ?? !? ?! (or its NAG) per call or card",
                )
            self.quality.add(id(self.last))
        self.last.nags = tuple(sorted(self.last.nags + (value,)))

    def _nag(self, text: str, line: int, col: int) -> None:
        m = re.fullmatch(r"\$(\d+)", text)
        if m is None:
            self.problems.error(
                "pbn-annotation", f"cannot read the NAG {text!r}", line, col, "a NAG is $ and a number 0…255"
            )
            return
        if self.last is None:
            self.problems.error("pbn-annotation", f"NAG {text} before any {self._what()}", line, col)
            return
        self._add_nag(int(m.group(1)), text, line, col)

    def _suffix(self, text: str, line: int, col: int) -> None:
        p = self.problems
        if self.last is None:
            p.error("pbn-annotation", f"suffix {text} before any {self._what()}", line, col)
            return
        if id(self.last) in self.suffixed:
            p.error(
                "pbn-annotation",
                f"second suffix {text} on {self.last.text}",
                line,
                col,
                "at most one suffix per call or card",
            )
            return
        self.suffixed.add(id(self.last))
        self._add_nag(_SUFFIX_NAG[text] + (0 if self.kind == "auction" else 6), text, line, col)

    def remark(self, r: Remark) -> None:
        target = self.tag.tokens[-1] if self.tag.tokens else None
        (target.remarks if target is not None else self.tag.remarks).append(r)

    def finish(self) -> None:
        if self.pending:
            letter, line, col = self.pending
            self.problems.error("pbn-irregularity", f"^{letter} with no {self._what()} after it", line, col)
            self.pending = None
        if self.export:
            for line, count in sorted(self.per_line.items()):
                if count > 4:
                    self.problems.add(
                        "pbn-export",
                        Severity.WARNING,
                        f"{count} {self._what()}s on one line of an export-format file",
                        line,
                        1,
                        "export format has at most 4 per line",
                    )


# ---------------------------------------------------------------------------------------------
# Reading a file


def read_pbn(data: bytes | str, path: str) -> tuple[list[PbnGame], list[Diagnostic]]:
    """Read every game of a PBN file; never raises.

    Encoding: a byte order mark decides; otherwise UTF-8 if the bytes are valid UTF-8, else
    Latin-1 (the standard's character set).  Line ends may be CRLF, LF or CR."""
    collecting = gc.isenabled()
    gc.disable()  # hundreds of thousands of small objects: the cyclic collector would cost a third of the time
    try:
        file_problems = _Problems()
        text, eol = _decode(data, file_problems)
        _check_lines(text, eol, file_problems)
        items = _lex(text, file_problems)
        reader = _FileReader(path, text, file_problems)
        games = reader.read(items)
        return games, reader.diagnostics(games)
    finally:
        if collecting:
            gc.enable()


def _chunks(items: list[_Item]) -> Iterator[list[_Item]]:
    chunk: list[_Item] = []
    for it in items:
        if it.kind == "blank":
            if chunk:
                yield chunk
            chunk = []
        else:
            chunk.append(it)
    if chunk:
        yield chunk


_HEADER = re.compile(r"^\s*(PBN\s+\d+(\.\d+)?|EXPORT)\s*$", re.IGNORECASE)


class _FileReader:
    def __init__(self, path: str, text: str, problems: _Problems) -> None:
        self.path = path
        self.lines = text.split("\n")
        self.file_problems = problems
        self.game_problems: list[_Problems] = []
        self.starts: list[int] = []  # first line of each game (its preamble included)
        self.export = False
        self.seen_tag = False
        self.last: dict[str, str] = {}  # value of each tag in the nearest previous game having it
        self.sticky: dict[str, str] = {}  # '##' values carried to later games
        self.unknown_noted: set[str] = set()

    def read(self, items: list[_Item]) -> list[PbnGame]:
        games: list[PbnGame] = []
        pending: list[list[Remark]] = []
        pending_start = 0
        for chunk in _chunks(items):
            if not self.seen_tag:
                chunk = self._strip_header(chunk)
                if not chunk:
                    continue
            for part in self._split_games(chunk):
                if not any(it.kind == "tag" for it in part):
                    block = self._block(part)
                    if block:
                        pending.append(block)
                        pending_start = pending_start or part[0].line
                    continue
                self.seen_tag = True
                problems = _Problems()
                game = PbnGame(number=len(games) + 1, preamble=pending)
                self.starts.append(pending_start or part[0].line)
                self.game_problems.append(problems)
                pending, pending_start = [], 0
                try:
                    self._build(game, part, problems)
                    self._inherit(game, problems)
                    _decode_game(game, problems, self.path)
                except Exception as exc:  # noqa: BLE001 — the reader never raises; report and go on
                    problems.error(
                        "pbn-internal",
                        f"could not read this game ({type(exc).__name__}: {exc})",
                        part[0].line,
                        part[0].col,
                    )
                games.append(game)
        if pending and games:
            games[-1].epilogue = pending
        return games

    def _strip_header(self, chunk: list[_Item]) -> list[_Item]:
        out = []
        for it in chunk:
            if not self.seen_tag and it.kind == "dir" and _HEADER.match(it.text):
                if "EXPORT" in it.text.upper():
                    self.export = True
                continue
            if it.kind == "tag":
                self.seen_tag = True
            out.append(it)
        self.seen_tag = False if not any(it.kind == "tag" for it in out) else self.seen_tag
        return out

    def _split_games(self, chunk: list[_Item]) -> Iterator[list[_Item]]:
        """A chunk is one game, unless an [Event] (or [Board]) comes again after a deal or
        auction: a game that forgot its empty line."""
        start = 0
        seen: set[str] = set()
        for i, it in enumerate(chunk):
            if it.kind != "tag":
                continue
            if it.name in ("Event", "Board") and it.name in seen and seen & {"Deal", "Auction", "Play"}:
                self.file_problems.add(
                    "pbn-game-separator",
                    Severity.WARNING,
                    f"[{it.name}] again: a new game without an empty line before it",
                    it.line,
                    it.col,
                    "games are separated by an empty line",
                )
                yield chunk[start:i]
                start, seen = i, set()
            seen.add(it.name)
        yield chunk[start:]

    def _block(self, part: list[_Item]) -> list[Remark]:
        out: list[Remark] = []
        for it in part:
            r = _remark(it)
            if r is not None:
                out.append(r)
            elif it.kind in ("word", "str") or (it.kind == "stray" and it.text):
                self.file_problems.add(
                    "pbn-stray-text",
                    Severity.WARNING,
                    f"text outside any tag: {it.text[:40]!r} (left out)",
                    it.line,
                    it.col,
                )
        return out

    # -- one game -------------------------------------------------------------------------------

    def _build(self, game: PbnGame, part: list[_Item], p: _Problems) -> None:
        tag: PbnTag | None = None
        section: _Section | None = None
        mode = ""  # what data after the current tag is: auction, play, rows, none
        table = False
        last_tag_line = 0
        data_lines: tuple[int, int] = (0, 0)

        def close() -> None:
            nonlocal section, data_lines
            if section is not None:
                section.finish()
                if section.first_line and tag is not None:
                    tag.section_lines = self.lines[section.first_line - 1 : section.last_line]
                section = None
            elif tag is not None and data_lines[0]:
                tag.section_lines = self.lines[data_lines[0] - 1 : data_lines[1]]
            data_lines = (0, 0)

        for it in part:
            kind = it.kind
            if kind == "tag":
                close()
                if self.export and (it.col != 1 or it.line == last_tag_line):
                    p.add(
                        "pbn-export",
                        Severity.WARNING,
                        f"[{it.name}] is not alone at the start of its line in an export-format file",
                        it.line,
                        it.col,
                    )
                last_tag_line = it.end_line or it.line
                tag = PbnTag(it.name, it.text, written=it.text, line=it.line, col=it.col)
                game.tags.append(tag)
                if it.name not in KNOWN_TAGS and it.name not in self.unknown_noted:
                    self.unknown_noted.add(it.name)
                    p.add(
                        "pbn-unknown-tag",
                        Severity.NOTE,
                        f"[{it.name}] is not a tag of the standard (kept as it is)",
                        it.line,
                        it.col,
                    )
                table = it.name in TABLE_TAGS
                if it.name == "Auction":
                    mode, section = "auction", _Section("auction", tag, p, self.export)
                elif it.name == "Play":
                    mode, section = "play", _Section("play", tag, p, self.export)
                elif table or it.name not in KNOWN_TAGS:
                    mode = "rows"
                else:
                    mode = "none"
            elif kind in ("com", "dir"):
                r = _remark(it)
                assert r is not None
                if kind == "dir" and _HEADER.match(it.text) and "EXPORT" in it.text.upper():
                    self.export = True
                if tag is None:
                    game.leading.append(r)
                elif section is not None:
                    section.remark(r)
                elif mode == "rows" and tag.rows:
                    tag.rows[-1].remarks.append(r)
                    if table and kind == "com":
                        p.error(
                            "pbn-table",
                            f"commentary inside the [{tag.name}] table",
                            it.line,
                            it.col,
                            "only the tag of a section may be followed by commentary",
                        )
                else:
                    tag.remarks.append(r)
            elif kind in ("word", "str"):
                if tag is None:
                    p.add(
                        "pbn-stray-text",
                        Severity.WARNING,
                        f"text before the first tag: {it.text[:40]!r} (left out)",
                        it.line,
                        it.col,
                    )
                elif section is not None and kind == "word":
                    section.word(it.text, it.line, it.col)
                elif mode == "rows":
                    if tag.rows and tag.rows[-1].line == it.line and not tag.rows[-1].remarks:
                        tag.rows[-1].elements.append(it.text)
                    else:
                        tag.rows.append(PbnRow([it.text], line=it.line))
                    data_lines = (data_lines[0] or it.line, it.line)
                    if table and kind == "word":
                        bad = re.search(r"[%\[\]{}]", it.text)
                        if bad:
                            p.error(
                                "pbn-table",
                                f"character {bad.group()!r} is not allowed in a table element",
                                it.line,
                                it.col + bad.start(),
                            )
                else:
                    p.add(
                        "pbn-stray-text",
                        Severity.WARNING,
                        f"unexpected text after [{tag.name}]: {it.text[:40]!r} (left out)",
                        it.line,
                        it.col,
                        "only the auction, the play and supplemental sections have data after their tag",
                    )
            elif kind == "stray" and it.text:
                p.add(
                    "pbn-stray-text", Severity.WARNING, f"unexpected {it.text!r} (left out)", it.line, it.col
                )
        close()

    def _inherit(self, game: PbnGame, p: _Problems) -> None:
        """§4.8: '#' takes the value of the nearest previous game having the tag; '##text' gives
        text to this game and to every later game that does not write the tag ('##' alone: the
        previous value).  A value written without '##' ends that carrying over."""
        seen: set[str] = set()
        for t in game.tags:
            if t.name in seen and t.name != "Note":
                continue
            seen.add(t.name)
            w = t.written
            if not w.startswith("#"):
                self.sticky.pop(t.name, None)
                continue
            if t.name in NO_INHERIT:
                p.error(
                    "pbn-inheritance",
                    f"[{t.name}] may not inherit its value ({w!r})",
                    t.line,
                    t.col,
                    "the standard forbids # and ## for Dealer, Vulnerable, Deal, Declarer, Contract, Auction, Play and Note",
                )
            if w.startswith("##"):
                t.inherited = len(w) == 2  # '##' alone carries the previous value on
                t.value = w[2:] if len(w) > 2 else self.last.get(t.name, "")
                self.sticky[t.name] = t.value
            else:
                t.inherited = True
                t.value = self.last.get(t.name, "")
                self.sticky.pop(t.name, None)
        for name, value in self.sticky.items():
            if name not in seen:
                game.tags.append(PbnTag(name, value, written="", inherited=True, implicit=True))
                seen.add(name)
        done: set[str] = set()
        for t in game.tags:
            if t.name not in done:
                done.add(t.name)
                self.last[t.name] = t.value

    # -- diagnostics ----------------------------------------------------------------------------

    def diagnostics(self, games: list[PbnGame]) -> list[Diagnostic]:
        out: list[Diagnostic] = []

        def label(i: int | None) -> str:
            if i is None:
                return "file"
            b = games[i].board
            return f"board {b}" if b not in (None, "", "?") else f"game {games[i].number}"

        def emit(i: int | None, items: Iterable[tuple[int, int, str, Severity, str, str | None]]) -> None:
            name = label(i)
            for line, col, code, sev, msg, hint in items:
                out.append(Diagnostic(code, sev, f"{name}: {msg}", Span(self.path, line, col), hint))

        for i, probs in enumerate(self.game_problems):
            emit(i, probs.items)
        for item in self.file_problems.items:
            line = item[0]
            owner: int | None = None
            if self.starts:
                owner = 0
                for i, s in enumerate(self.starts):
                    if s <= line:
                        owner = i
                    else:
                        break
            emit(owner, [item])
        out.sort(key=lambda d: (d.span.line, d.span.col) if d.span else (0, 0))
        return out


def _remark(it: _Item) -> Remark | None:
    if it.kind == "com":
        return PbnComment(it.text, it.brace, it.line, it.col)
    if it.kind == "dir":
        return PbnDirective(it.text, it.line)
    return None


# ---------------------------------------------------------------------------------------------
# Decoding a game's tags


def _decode_game(game: PbnGame, p: _Problems, path: str) -> None:
    first: dict[str, PbnTag] = {}
    for tg in game.tags:
        if tg.name == "Note":
            continue
        if tg.name in first:
            if not tg.implicit:
                p.add(
                    "pbn-duplicate-tag",
                    Severity.WARNING,
                    f"[{tg.name}] again (ignored, as the standard says)",
                    tg.line,
                    tg.col,
                )
            continue
        first[tg.name] = tg

    def span(t: PbnTag) -> Span:
        return Span(path, t.line, t.col)

    def unknown(v: str) -> bool:
        return v.strip() in ("", "?")

    t: PbnTag | None = None
    if (t := first.get("Dealer")) is not None and not unknown(t.value):
        game.dealer = _seat_or_none(t.value)
        game.spans["dealer"] = span(t)
        if game.dealer is None:
            p.error(
                "pbn-bad-value", f"cannot read the dealer {t.value!r}", t.line, t.col, "write N, E, S or W"
            )
    if (t := first.get("Vulnerable")) is not None and not unknown(t.value):
        game.vulnerable = _VULNERABLE.get(t.value.strip().lower())
        game.spans["vulnerable"] = span(t)
        if game.vulnerable is None:
            p.error(
                "pbn-bad-value",
                f"cannot read the vulnerability {t.value!r}",
                t.line,
                t.col,
                "write None, NS, EW or All",
            )
    deal_total = 13
    if (t := first.get("Deal")) is not None and not unknown(t.value):
        game.deal, deal_total = _parse_deal(t, p)
        game.spans["deal"] = span(t)
    if (t := first.get("Declarer")) is not None and not unknown(t.value):
        v = t.value.strip()
        game.declarer_irregular = v.startswith("^")
        game.declarer = _seat_or_none(v[1:] if game.declarer_irregular else v)
        game.spans["declarer"] = span(t)
        if game.declarer is None:
            p.error(
                "pbn-bad-value",
                f"cannot read the declarer {t.value!r}",
                t.line,
                t.col,
                "write N, E, S or W (^S for a swapped dummy)",
            )
    if (t := first.get("Contract")) is not None and not unknown(t.value):
        game.contract = _parse_contract(t, p, deal_total)
        game.spans["contract"] = span(t)
    if (t := first.get("Result")) is not None and not unknown(t.value):
        game.spans["result"] = span(t)
        _parse_result(game, t, p)
    for name, t in first.items():
        check = _VALUE_CHECKS.get(name)
        if check is not None and not unknown(t.value):
            check(t, p)
        if name in TABLE_TAGS:
            _check_table(t, p)
    _check_rubber_history(game, first, p)

    # sections, and the notes after them
    auction_tag, play_tag = first.get("Auction"), first.get("Play")
    section_of: dict[int, str] = {}
    current = ""
    for t in game.tags:
        if t.name in ("Auction", "Play"):
            current = t.name if t is first.get(t.name) else ""
        elif t.name == "Note":
            section_of[id(t)] = current
    notes: dict[str, dict[int, str]] = {"Auction": {}, "Play": {}}
    note_tags: dict[str, dict[int, PbnTag]] = {"Auction": {}, "Play": {}}
    for t in game.notes:
        m = re.match(r"^(\d+):(.*)$", t.value, re.DOTALL)
        if m is None:
            p.error("pbn-note", f"cannot read the note {t.value!r}", t.line, t.col, 'write [Note "n:text"]')
            continue
        index = int(m.group(1))
        if not 1 <= index <= 32:
            p.error("pbn-note", f"note index {index} is outside 1…32", t.line, t.col)
        where = section_of.get(id(t), "")
        if not where:
            p.add(
                "pbn-note-place",
                Severity.WARNING,
                "[Note] outside the auction and play sections",
                t.line,
                t.col,
                "notes follow the auction or play section they explain",
            )
            continue
        if index in notes[where]:
            p.add(
                "pbn-note-twice",
                Severity.WARNING,
                f"note {index} is given twice in the {where.lower()} section",
                t.line,
                t.col,
            )
            continue
        notes[where][index] = m.group(2)
        note_tags[where][index] = t

    if auction_tag is not None:
        if game.dealer is None:
            p.add(
                "pbn-missing-tag",
                Severity.WARNING,
                "auction section without a (readable) Dealer tag",
                auction_tag.line,
                auction_tag.col,
            )
        game.auction = _decode_auction(auction_tag, game.dealer, p)
        game.auction.notes = notes["Auction"]
        game.spans["auction"] = span(auction_tag)
        _check_notes(game.auction.tokens, notes["Auction"], note_tags["Auction"], p)
        _check_auction_outcome(game, first, p)
    if play_tag is not None:
        full = game.deal is None or deal_total == 13
        for needed in ("Deal", "Contract") + (("Declarer",) if full else ()):
            if needed not in first:
                p.add(
                    "pbn-missing-tag",
                    Severity.WARNING,
                    f"play section without a {needed} tag",
                    play_tag.line,
                    play_tag.col,
                    "the standard wants Deal, Declarer and Contract before the play",
                )
        game.play = _decode_play(play_tag, game, deal_total, p)
        game.play.notes = notes["Play"]
        game.spans["play"] = span(play_tag)
        _check_notes(game.play.tokens, notes["Play"], note_tags["Play"], p)
    _check_result(game, first, deal_total, p)


def _parse_deal(t: PbnTag, p: _Problems) -> tuple[dict[Seat, frozenset[Card]] | None, int]:
    v = t.value
    at = (t.line, t.col)
    m = re.match(r"^\s*([NESWnesw])\s*:(.*)$", v, re.DOTALL)
    if m is None:
        p.error(
            "pbn-deal",
            f"cannot read the deal {v[:30]!r}",
            *at,
            'a deal is "N:<north> <east> <south> <west>" (any first seat)',
        )
        return None, 13
    first = _SEAT_BY_LETTER[m.group(1)]
    rest = m.group(2)
    parts = rest.split(" ")
    ok = True
    if "" in parts:
        p.add(
            "pbn-deal-spacing", Severity.WARNING, "hands in the deal must be separated by single spaces", *at
        )
        parts = rest.split()
    if len(parts) != 4:
        p.error(
            "pbn-deal", f"the deal gives {len(parts)} hands, not 4", *at, 'write "-" for a hand not given'
        )
        return None, 13
    hands: dict[Seat, frozenset[Card]] = {}
    owner: dict[Card, Seat] = {}
    for i, part in enumerate(parts):
        seat = first.next(i)
        if part == "-":
            continue
        suits = part.split(".")
        if len(suits) != 4:
            p.error("pbn-deal", f"{seat.word}'s hand {part!r} does not have 4 suits separated by dots", *at)
            ok = False
            continue
        cards: set[Card] = set()
        for suit, ranks in zip(_SUIT_ORDER, suits):
            for ch in ranks:
                found = _DEAL_CARD.get((suit, ch))
                if found is None:
                    p.error(
                        "pbn-deal",
                        f"{ch!r} is no rank ({seat.word}, {suit.word})",
                        *at,
                        "ranks are A K Q J T 9 8 7 6 5 4 3 2",
                    )
                    ok = False
                    continue
                card = found
                if card in cards or card in owner:
                    other = owner.get(card, seat)
                    p.error("pbn-deal", f"{card.ascii()} is given twice ({other.word} and {seat.word})", *at)
                    ok = False
                cards.add(card)
                owner.setdefault(card, seat)
        hands[seat] = frozenset(cards)
    if not hands and ok:
        p.add("pbn-deal-empty", Severity.WARNING, "the deal gives no cards", *at)
    sizes = {s: len(h) for s, h in hands.items()}
    for s, size in sizes.items():
        if size > 13:
            p.error("pbn-deal", f"{s.word} has {size} cards", *at)
            ok = False
    if ok and len(set(sizes.values())) > 1:
        detail = ", ".join(f"{s.word} {n}" for s, n in sizes.items())
        p.error("pbn-deal", f"the hands do not have the same number of cards ({detail})", *at)
        ok = False
    total = max(sizes.values()) if sizes else 13
    return (hands if ok else None), (total if ok else 13)


def _parse_contract(t: PbnTag, p: _Problems, deal_total: int) -> str | None:
    v = t.value.strip()
    if v.upper() == "PASS":
        return "Pass"
    m = re.fullmatch(r"([1-7])(NT|N|S|H|D|C)(XX|X)?", v, re.IGNORECASE)
    if m is not None:
        strain = m.group(2).upper()
        if strain == "N":
            p.add(
                "pbn-nonstandard", Severity.WARNING, f"contract {v!r}: the standard writes NT", t.line, t.col
            )
        return m.group(1) + ("NT" if strain in ("N", "NT") else strain) + (m.group(3) or "").upper()
    if re.fullmatch(r"NT|S|H|D|C", v, re.IGNORECASE):
        if deal_total == 13:
            p.add(
                "pbn-strain-only",
                Severity.NOTE,
                f"contract {v!r} names only the trump (the standard's form for end positions)",
                t.line,
                t.col,
            )
        return v.upper()
    p.error(
        "pbn-bad-value",
        f"cannot read the contract {v!r}",
        t.line,
        t.col,
        "write e.g. 4H, 3NT, 2SX, 6CXX or Pass",
    )
    return None


def _parse_result(game: PbnGame, t: PbnTag, p: _Problems) -> None:
    v = t.value.strip()
    irregular = v.startswith("^")
    if irregular:
        v = v[1:].strip()
    game.result_irregular = irregular
    if v.isdigit():
        if int(v) > 13:
            p.error("pbn-bad-value", f"result {v} is more than 13 tricks", t.line, t.col)
            return
        game.result = int(v)
        return
    m = re.fullmatch(r"(NS|EW)\s+(\d+)(?:\s+(NS|EW)\s+(\d+))?", v)
    if m is None:
        p.error(
            "pbn-bad-value",
            f"cannot read the result {t.value!r}",
            t.line,
            t.col,
            'write the tricks won by declarer, e.g. "9"',
        )
        return
    sides = {m.group(1): int(m.group(2))}
    if m.group(3):
        if m.group(3) == m.group(1):
            p.error("pbn-bad-value", f"result {t.value!r} names {m.group(1)} twice", t.line, t.col)
            return
        sides[m.group(3)] = int(m.group(4))
        if sum(sides.values()) != 13 and not irregular:
            p.error(
                "pbn-bad-value",
                f"result {t.value!r}: the tricks add up to {sum(sides.values())}, not 13",
                t.line,
                t.col,
            )
    if any(n > 13 for n in sides.values()):
        p.error("pbn-bad-value", f"result {t.value!r} is more than 13 tricks", t.line, t.col)
        return
    if game.declarer is not None:
        side = game.declarer.side
        other = "EW" if side == "NS" else "NS"
        game.result = sides[side] if side in sides else 13 - sides[other]


# Checks of the other tags' values (warnings: the value is kept as written).

_NUM = r"[+-]?\d+"
_DEC = r"[+-]?(?:\d+\.?\d*|\.\d+)"


def _scored(num: str, bare: bool = True) -> re.Pattern[str]:
    one = rf"(?:NS|EW)\s+{num}"
    alts = [rf"{one}(?:\s+{one})?"] + ([num] if bare else [])
    return re.compile(rf"\s*(?:{'|'.join(alts)})\s*")


_SCORE_FORMS = {
    "Score": _scored(_NUM),
    "ScoreIMP": _scored(_DEC),
    "ScoreMP": _scored(_DEC),
    "ScorePercentage": _scored(r"(?:\d+\.?\d*|\.\d+)"),
    "ScoreRubber": _scored(r"\d+\s*/\s*\d+"),
    "OptimumScore": _scored(_NUM, bare=False),
}


def _check_score(t: PbnTag, p: _Problems) -> None:
    v = t.value
    ok = _SCORE_FORMS[t.name].fullmatch(v) is not None
    if ok:
        sides = re.findall(r"(NS|EW)", v)
        ok = len(sides) == len(set(sides))
    if ok and t.name == "ScorePercentage":
        ok = all(float(x) <= 100 for x in re.findall(r"\d+\.?\d*|\.\d+", v))
    if not ok:
        p.add(
            "pbn-value-form",
            Severity.WARNING,
            f"cannot read [{t.name}] {v!r}",
            t.line,
            t.col,
            'forms: "<score>", "NS <score>", "EW <score>", "NS <score> EW <score>"',
        )


def _check_form(pattern: str, what: str) -> Callable[[PbnTag, _Problems], None]:
    rx = re.compile(pattern)

    def check(t: PbnTag, p: _Problems) -> None:
        if rx.fullmatch(t.value) is None:
            p.add("pbn-value-form", Severity.WARNING, f"[{t.name}] {t.value!r} is not {what}", t.line, t.col)

    return check


def _check_scoring(t: PbnTag, p: _Problems) -> None:
    fields = t.value.split(";")
    for f in fields:
        if not re.fullmatch(r"[A-Za-z0-9_-]+", f):
            p.add(
                "pbn-value-form",
                Severity.WARNING,
                f"[Scoring] {t.value!r}: {f!r} is not a scoring name",
                t.line,
                t.col,
                "fields are names such as IMP, MP, Butler, separated by ;",
            )
            return


_VALUE_CHECKS: dict[str, Callable[[PbnTag, _Problems], None]] = dict.fromkeys(_SCORE_FORMS, _check_score) | {
    "Date": _check_form(r"[\d?]{4}\.[\d?]{2}\.[\d?]{2}", "a date YYYY.MM.DD"),
    "EventDate": _check_form(r"[\d?]{4}\.[\d?]{2}\.[\d?]{2}", "a date YYYY.MM.DD"),
    "UTCDate": _check_form(r"[\d?]{4}\.[\d?]{2}\.[\d?]{2}", "a date YYYY.MM.DD"),
    "Time": _check_form(r"[\d?]{2}:[\d?]{2}:[\d?]{2}", "a time HH:MM:SS"),
    "UTCTime": _check_form(r"[\d?]{2}:[\d?]{2}:[\d?]{2}", "a time HH:MM:SS"),
    "Board": _check_form(r"0*[1-9]\d*", "a positive whole number"),
    "Round": _check_form(r"[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*", "a round (letters, digits, _ and periods)"),
    "Hidden": _check_form(r"[NESWnesw]*", "a list of seats N E S W"),
    "Scoring": _check_scoring,
}


def _check_table(t: PbnTag, p: _Problems) -> None:
    columns = t.value.split(";") if t.value.strip() else []
    for c in columns:
        if "\\" in c and re.search(r"\\\d+[LR]?$", c) is None:
            p.error(
                "pbn-table",
                f"[{t.name}] column {c!r}: a width is \\ and a number, then L or R",
                t.line,
                t.col,
            )
        elif re.fullmatch(r"[+-]?[^\\]*(?:\\\d+[LR]?)?", c) is None:
            p.error("pbn-table", f"[{t.name}] cannot read the column {c!r}", t.line, t.col)
    if columns and t.rows:
        count = sum(len(r.elements) for r in t.rows)
        if count % len(columns):
            last = t.rows[-1]
            p.error(
                "pbn-table",
                f"[{t.name}] has {count} elements, not a whole number of rows of {len(columns)}",
                last.line,
                1,
            )


def _check_rubber_history(game: PbnGame, first: dict[str, PbnTag], p: _Problems) -> None:
    t = first.get("ScoreRubberHistory")
    if t is None or t.value.strip() in ("", "?"):
        return
    hist = r"\d+\s+\d+\s*/\s*\d+(?:\s+\d+){0,2}"
    m = re.fullmatch(rf"\s*(NS|EW)\s+({hist})\s+(NS|EW)\s+({hist})\s*", t.value)
    if m is None or m.group(1) == m.group(3):
        p.add(
            "pbn-value-form",
            Severity.WARNING,
            f"cannot read [ScoreRubberHistory] {t.value!r}",
            t.line,
            t.col,
            'form: "NS <history> EW <history>"',
        )
        return
    below = {m.group(1): m.group(2), m.group(3): m.group(4)}
    won = {side: any(int(x) >= 100 for x in h.split("/", 1)[1].split()) for side, h in below.items()}
    expected = {(False, False): "None", (True, False): "NS", (False, True): "EW", (True, True): "All"}[
        won["NS"], won["EW"]
    ]
    v = first.get("Vulnerable")
    if game.vulnerable is not None and v is not None and game.vulnerable != expected:
        at = t if (t.line, t.col) > (v.line, v.col) else v
        p.error(
            "pbn-inconsistent",
            f"[Vulnerable] {v.value!r} but the rubber history makes {expected} vulnerable",
            at.line,
            at.col,
        )


# ---------------------------------------------------------------------------------------------
# The auction


def _decode_auction(tag: PbnTag, dealer: Seat | None, p: _Problems) -> PbnAuction:
    first = _seat_or_none(tag.value)
    if first is None and tag.value.strip() not in ("", "?"):
        p.error(
            "pbn-bad-value",
            f"cannot read the seat of [Auction] {tag.value!r}",
            tag.line,
            tag.col,
            "write N, E, S or W",
        )
    auction = PbnAuction(first, tag.tokens, raw=tag.section_lines, line=tag.line, col=tag.col)
    slots = [t for t in tag.tokens if t.is_slot]
    for i, tok in enumerate(slots):
        tok.seat = first.next(i) if first is not None else None
    star = next((i for i, t in enumerate(tag.tokens) if t.text == "*"), None)
    if star is not None:
        after = [t for t in tag.tokens[star + 1 :]]
        if after:
            p.error("pbn-auction", f"{after[0].text!r} after the end marker *", after[0].line, after[0].col)
        auction.ended = True
    # placeholders before the dealer
    lead = 0
    if first is not None and dealer is not None:
        lead = (dealer - first) % 4
        for i, tok in enumerate(slots):
            assert tok.seat is not None
            if i < lead and tok.text != "-":
                p.error(
                    "pbn-auction",
                    f"{tok.seat.word} calls {tok.text} before the dealer ({dealer.word})",
                    tok.line,
                    tok.col,
                    f"write '-' for each seat before the dealer, or start [Auction] with {dealer.name}",
                )
            elif i >= lead and tok.text == "-":
                p.error("pbn-auction", f"'-' where {tok.seat.word} should call", tok.line, tok.col)
    else:
        while lead < len(slots) and slots[lead].text == "-":
            lead += 1
        for tok in slots[lead:]:
            if tok.text == "-":
                p.error("pbn-auction", "'-' in the middle of the auction", tok.line, tok.col)
    # the calls, by the laws
    last_bid: tuple[int, int, Seat | None] | None = None
    doubled, doubler = 0, None
    passes = 0
    ended = late = False
    plus: PbnToken | None = None
    bids: list[tuple[str, Seat | None]] = []
    for tok in slots[lead:]:
        c = tok.text
        if plus is not None:
            if not late:
                p.error("pbn-continuation", f"{c!r} after '+' (the call still to be made)", tok.line, tok.col)
            late = True
            continue
        if c == "+":
            plus = tok
            auction.continued = True
            continue
        if c in ("-", "^S"):
            continue
        if ended:
            if not late:
                p.error("pbn-auction", f"{c} after the end of the auction", tok.line, tok.col)
            late = True
            continue
        seat = tok.seat
        if c == "AP":
            ended = True
        elif c == "Pass":
            passes += 1
            ended = passes >= (3 if last_bid else 4)
        elif c == "X":
            if (
                last_bid is None
                or doubled
                or (seat is not None and last_bid[2] is not None and seat.side == last_bid[2].side)
            ):
                p.error(
                    "pbn-auction",
                    f"{_who(seat)}'s double is not allowed here",
                    tok.line,
                    tok.col,
                    "one may double only an opponent's bid not yet doubled",
                )
            doubled, doubler, passes = 1, seat, 0
        elif c == "XX":
            if doubled != 1 or (seat is not None and doubler is not None and seat.side == doubler.side):
                p.error(
                    "pbn-auction",
                    f"{_who(seat)}'s redouble is not allowed here",
                    tok.line,
                    tok.col,
                    "one may redouble only an opponent's double of one's own side",
                )
            doubled, passes = 2, 0
        else:
            key = _bid_key(c)
            assert key is not None
            sufficient = last_bid is None or key > last_bid[:2]
            if not sufficient and tok.irregular != "I":
                p.error(
                    "pbn-auction",
                    f"{_who(seat)}'s {c} is insufficient",
                    tok.line,
                    tok.col,
                    "mark an accepted insufficient bid ^I",
                )
            elif sufficient and tok.irregular == "I":
                p.error(
                    "pbn-irregularity",
                    f"{c} is marked insufficient (^I) but is sufficient",
                    tok.line,
                    tok.col,
                )
            last_bid = (key[0], key[1], seat)
            bids.append((c, seat))
            doubled, doubler, passes = 0, None, 0
    if star is not None and plus is not None:
        st = tag.tokens[star]
        p.error("pbn-continuation", "'*' and '+' in the same auction", st.line, st.col)
    if ended:
        auction.ended = True
        if last_bid is None:
            auction.contract = "Pass"
        else:
            strain = _STRAINS[last_bid[1]]
            auction.contract = f"{last_bid[0]}{strain}" + "X" * doubled
            side = last_bid[2].side if last_bid[2] is not None else None
            for call, seat in bids:
                if side is not None and seat is not None and seat.side == side and call[1:] == strain:
                    auction.declarer = seat
                    break
    return auction


def _who(seat: Seat | None) -> str:
    return seat.word if seat is not None else "this"


def _check_auction_outcome(game: PbnGame, first: dict[str, PbnTag], p: _Problems) -> None:
    a = game.auction
    if a is None or a.contract is None:
        return
    t = first.get("Contract")
    if t is not None and game.contract is not None:
        bare = game.contract.isalpha() and game.contract != "Pass"  # a strain only (end positions)
        differs = _strain_of(a.contract) != game.contract if bare else game.contract != a.contract
        if differs:
            p.error(
                "pbn-inconsistent",
                f"[Contract] {t.value!r} but the auction ends in {a.contract}",
                t.line,
                t.col,
            )
    d = first.get("Declarer")
    if d is None:
        return
    if a.contract == "Pass":
        if d.value.strip() not in ("", "?"):
            p.error(
                "pbn-inconsistent",
                f"[Declarer] {d.value!r} but the deal was passed out",
                d.line,
                d.col,
                'write [Declarer ""]',
            )
        return
    if a.declarer is None or game.declarer is None:
        return
    if game.declarer_irregular:
        if game.declarer != a.declarer.partner:
            p.error(
                "pbn-inconsistent",
                f"[Declarer] {d.value!r}: the auction makes {a.declarer.word} declarer, "
                f"so only ^{a.declarer.partner.name} (dummy and declarer swapped) is possible",
                d.line,
                d.col,
            )
    elif game.declarer != a.declarer:
        p.error(
            "pbn-inconsistent",
            f"[Declarer] {d.value!r} but the auction makes {a.declarer.word} declarer",
            d.line,
            d.col,
        )


def _check_notes(
    tokens: list[PbnToken], notes: dict[int, str], note_tags: dict[int, PbnTag], p: _Problems
) -> None:
    used: set[int] = set()
    for tok in tokens:
        if tok.note is not None:
            used.add(tok.note)
            if tok.note not in notes and 1 <= tok.note <= 32:
                p.add(
                    "pbn-note-missing",
                    Severity.WARNING,
                    f"no [Note] explains ={tok.note}=",
                    tok.line,
                    tok.col,
                )
    for index, t in note_tags.items():
        if index not in used:
            p.add("pbn-note-unused", Severity.WARNING, f"note {index} is not referred to", t.line, t.col)


# ---------------------------------------------------------------------------------------------
# The play


def _decode_play(tag: PbnTag, game: PbnGame, deal_total: int, p: _Problems) -> PbnPlay:
    first = _seat_or_none(tag.value)
    if first is None and tag.value.strip() not in ("", "?"):
        p.error(
            "pbn-bad-value",
            f"cannot read the seat of [Play] {tag.value!r}",
            tag.line,
            tag.col,
            "write N, E, S or W",
        )
    play = PbnPlay(first, tag.tokens, raw=tag.section_lines, line=tag.line, col=tag.col, _total=deal_total)
    slots = [t for t in tag.tokens if t.is_slot]
    star = next((i for i, t in enumerate(tag.tokens) if t.text == "*"), None)
    if star is not None:
        play.ended = True
        after = tag.tokens[star + 1 :]
        if after:
            p.error("pbn-play", f"{after[0].text!r} after the end marker *", after[0].line, after[0].col)
    if first is None:
        return play
    if game.declarer is not None and first != game.declarer.lho:
        p.add(
            "pbn-play-leader",
            Severity.WARNING,
            f"[Play] {first.name}: the opening leader should be {game.declarer.lho.word}, on declarer's left",
            tag.line,
            tag.col,
        )
    for i, tok in enumerate(slots):
        tok.seat = first.next(i % 4)
    strain = game.strain
    trump_known = strain is not None
    trump = _TRUMP[strain] if strain is not None else None
    hands = {s: set(h) for s, h in (game.deal or {}).items()}
    original = dict(game.deal or {})
    played: set[Card] = set()
    if len(slots) > 4 * deal_total:
        extra = slots[4 * deal_total]
        p.error("pbn-play", f"more than {deal_total} tricks", extra.line, extra.col)
    leader: Seat | None = first
    plus_seen = False
    checking = True  # hand checks stop after the trick of the first card error (later ones cascade)
    for t_index in range(0, len(slots), 4):
        card_error = False
        group = slots[t_index : t_index + 4]
        by_seat = {tok.seat: tok for tok in group if tok.seat is not None}
        lts = [tok for tok in group if tok.irregular == "L"]
        for extra in lts[1:]:
            p.error("pbn-irregularity", "a second lead out of turn (^L) in one trick", extra.line, extra.col)
        if lts:
            lt = lts[0]
            if leader is not None and lt.seat == leader:
                p.error("pbn-irregularity", f"^L but it is {leader.word}'s lead", lt.line, lt.col)
            leader = lt.seat
        order = leader.rotation() if leader is not None else first.rotation()
        plays: list[tuple[Seat, Card]] = []
        led: Suit | None = None
        for pos, seat in enumerate(order):
            found = by_seat.get(seat)
            if found is None:
                continue
            tok = found
            if tok.text == "+":
                if plus_seen:
                    p.error(
                        "pbn-continuation",
                        "a second '+' (only the next card can be awaited)",
                        tok.line,
                        tok.col,
                    )
                plus_seen = True
                play.continued = True
                continue
            card = tok.card
            if card is None:  # '-': unknown or not played
                continue
            if plus_seen:
                p.error(
                    "pbn-continuation",
                    f"{tok.text} is played after the card still awaited ('+')",
                    tok.line,
                    tok.col,
                )
            lead_card = pos == 0 and leader is not None
            if tok.irregular == "R" and lead_card:
                p.error(
                    "pbn-irregularity",
                    f"^R on the lead {tok.text}: a lead cannot be a revoke",
                    tok.line,
                    tok.col,
                )
            elif tok.irregular == "L" and not lead_card and leader is not None:
                pass  # reported above
            if checking and leader is not None and seat in hands:
                hand = hands[seat]
                if card not in hand:
                    why = "has already played" if card in original.get(seat, ()) else "does not hold"
                    holder = next((s for s, h in original.items() if card in h and s != seat), None)
                    extra_info = (
                        f" ({holder.word} holds it)" if holder is not None and why == "does not hold" else ""
                    )
                    p.error(
                        "pbn-play",
                        f"{seat.word} {why} {tok.text}{extra_info}",
                        tok.line,
                        tok.col,
                        "the cards after this trick are not checked",
                    )
                    card_error = True
                elif led is not None and not lead_card:
                    revoke = card.suit != led and any(c.suit == led for c in hand)
                    if revoke and tok.irregular != "R":
                        p.error(
                            "pbn-play",
                            f"{seat.word} revokes: {tok.text} on a {led.word[:-1]} lead while holding "
                            f"{min(c for c in hand if c.suit == led).ascii()}",
                            tok.line,
                            tok.col,
                            "mark a revoke that stood ^R",
                        )
                    elif not revoke and tok.irregular == "R":
                        p.error(
                            "pbn-irregularity",
                            f"{tok.text} is marked as a revoke (^R) but is not one",
                            tok.line,
                            tok.col,
                        )
                hand.discard(card)
            elif checking and card in played:
                p.error("pbn-play", f"{tok.text} is played twice", tok.line, tok.col)
                card_error = True
            played.add(card)
            if pos == 0:
                led = card.suit
            plays.append((seat, card))
        if card_error:
            checking = False
        winner = (
            trick_winner(plays, trump) if len(plays) == 4 and leader is not None and trump_known else None
        )
        play.tricks.append(PbnTrick(t_index // 4 + 1, leader, plays, winner))
        leader = winner
    if star is not None and play.continued:
        st = tag.tokens[star]
        p.error(
            "pbn-continuation",
            "'*' and '+' in the same play",
            st.line,
            st.col,
            "'+' awaits the next card; '*' says no more will come",
        )
    return play


def _check_result(game: PbnGame, first: dict[str, PbnTag], deal_total: int, p: _Problems) -> None:
    t = first.get("Result")
    if t is None or t.value.strip() in ("", "?"):
        return
    if game.contract == "Pass":
        p.error(
            "pbn-inconsistent",
            f"[Result] {t.value!r} for a deal passed out",
            t.line,
            t.col,
            'write [Result ""]',
        )
        return
    d = first.get("Declarer")
    if game.contract is None and d is not None and d.value.strip() == "":
        p.error("pbn-inconsistent", f"[Result] {t.value!r} with no contract and no declarer", t.line, t.col)
        return
    play = game.play
    if (
        game.result is None
        or game.result_irregular
        or play is None
        or game.declarer is None
        or not play.tricks
    ):
        return
    side = game.declarer.side
    known = [tr for tr in play.tricks if tr.winner is not None]
    won = sum(1 for tr in known if tr.winner is not None and tr.winner.side == side)
    if play.complete and len(known) == deal_total:
        if won != game.result:
            p.error(
                "pbn-inconsistent",
                f"[Result] {game.result} but declarer wins {won} tricks in the play",
                t.line,
                t.col,
                "an agreed wrong result is written with a caret: ^9",
            )
    elif game.result < won:
        p.error(
            "pbn-inconsistent",
            f"[Result] {game.result} but declarer has already won {won} tricks in the play",
            t.line,
            t.col,
        )
    elif game.result > won + (deal_total - len(known)):
        p.error(
            "pbn-inconsistent",
            f"[Result] {game.result} but declarer can win at most {won + deal_total - len(known)} tricks",
            t.line,
            t.col,
        )


# ---------------------------------------------------------------------------------------------
# Writing (export format)


def encode_pbn(text: str) -> bytes:
    """Bytes for a file: Latin-1, the standard's character set, when every character fits;
    otherwise UTF-8 (PBN has no escape for other characters).  ``read_pbn`` reads both back."""
    if text.isascii():
        return text.encode("ascii")
    try:
        data = text.encode("latin-1")
    except UnicodeEncodeError:
        return text.encode("utf-8")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return data
    return text.encode("utf-8")  # Latin-1 bytes that would read back as UTF-8: write UTF-8


def write_pbn(games: Sequence[PbnGame], *, newline: str = "\n") -> str:
    """The games in PBN 2.1 export format, after the ``% PBN 2.1`` and ``% EXPORT`` lines.

    Lines end with ``newline`` (LF by default; the standard's export format says CRLF: pass
    ``newline="\\r\\n"`` for it).  Every game is self-contained: inherited values are written out."""
    lines = ["% PBN 2.1", "% EXPORT"]
    for i, game in enumerate(games):
        if i:
            lines.append("")
        lines.extend(_GameWriter(game).write())
    text = "\n".join(lines) + "\n"
    return text if newline == "\n" else text.replace("\n", newline)  # comments may span lines


class _GameWriter:
    def __init__(self, game: PbnGame) -> None:
        self.g = game
        self.lines: list[str] = []
        self.cur: list[str] = []

    # -- layout ---------------------------------------------------------------------------------

    def flush(self) -> None:
        if self.cur:
            self.lines.append(" ".join(self.cur))
            self.cur = []

    def put(self, piece: str) -> None:
        self.cur.append(piece)

    def own_line(self, text: str) -> None:
        self.flush()
        self.lines.append(text)

    def block_remark(self, r: Remark) -> None:
        if isinstance(r, PbnDirective):
            self.own_line("%" + r.text)
        elif r.brace:
            self.own_line("{" + r.text + "}")
        else:
            self.own_line(";" + r.text)

    def inline_remark(self, r: Remark) -> None:
        if isinstance(r, PbnDirective):
            self.own_line("%" + r.text)
        elif r.brace:
            self.put("{" + r.text + "}")
        else:
            self.put(";" + r.text)
            self.flush()

    # -- the game -------------------------------------------------------------------------------

    def write(self) -> list[str]:
        g = self.g
        for block in g.preamble:
            for r in block:
                self.block_remark(r)
            self.flush()
            self.lines.append("")
        for r in g.leading:
            self.block_remark(r)
        first: dict[str, PbnTag] = {}
        extra_remarks: dict[str, list[Remark]] = {}
        for t in g.tags:
            if t.name == "Note":
                continue
            if t.name in first:
                extra_remarks.setdefault(t.name, []).extend(t.remarks)
            else:
                first[t.name] = t
        section_notes: dict[str, list[PbnTag]] = {"Auction": [], "Play": []}
        loose_notes: list[PbnTag] = []
        current = ""
        for t in g.tags:
            if t.name in ("Auction", "Play"):
                current = t.name if first.get(t.name) is t else ""
            elif t.name == "Note":
                (section_notes[current] if current else loose_notes).append(t)
        for name in MANDATORY_TAGS:
            mt = first.get(name)
            if mt is None:
                passed = g.contract == "Pass" and name in ("Declarer", "Result")
                self.own_line(f'[{name} "{"" if passed else "?"}"]')
            else:
                self.tag(mt, extra_remarks.get(name, ()))
        supplemental: list[PbnTag] = []
        for t in g.tags:
            if t.name == "Note":
                if any(t is n for n in loose_notes):
                    self.tag(t)
                continue
            if first.get(t.name) is not t or t.name in MANDATORY_TAGS or t.name in ("Auction", "Play"):
                continue
            if t.rows or t.name in TABLE_TAGS:
                supplemental.append(t)
            else:
                self.tag(t, extra_remarks.get(t.name, ()))
        for name in ("Auction", "Play"):
            st = first.get(name)
            if st is not None:
                self.tag(st, extra_remarks.get(name, ()))
                if name == "Auction":
                    self.auction_tokens(st)
                else:
                    self.play_tokens(st)
                for note in section_notes[name]:
                    self.tag(note)
        for t in supplemental:
            self.tag(t, extra_remarks.get(t.name, ()))
            self.rows(t)
        self.flush()
        for block in g.epilogue:
            self.lines.append("")
            for r in block:
                self.block_remark(r)
            self.flush()
        return self.lines

    def tag(self, t: PbnTag, more: Iterable[Remark] = ()) -> None:
        value = self.value(t)
        value = value.replace("\t", " ").replace("\r", " ").replace("\n", " ")
        self.own_line(f'[{t.name} "{_escape(value)}"]')
        for r in list(t.remarks) + list(more):
            self.block_remark(r)

    def value(self, t: PbnTag) -> str:
        """The value in its export form when the game could decode it; as read otherwise."""
        g = self.g
        n = t.name
        if n == "Dealer" and g.dealer is not None:
            return g.dealer.name
        if n == "Vulnerable" and g.vulnerable is not None:
            return g.vulnerable
        if n == "Declarer" and g.declarer is not None:
            return ("^" if g.declarer_irregular else "") + g.declarer.name
        if n == "Contract" and g.contract is not None:
            return g.contract
        if n == "Result" and g.result is not None:
            return ("^" if g.result_irregular else "") + str(g.result)
        if n == "Deal" and g.deal is not None:
            start = g.dealer if g.dealer is not None else _seat_or_none(t.value.strip()[:1]) or Seat.N
            return _deal_text(g.deal, start)
        if n == "Auction" and g.auction is not None and g.auction.first is not None:
            first = self._auction_first()
            return first.name if first is not None else g.auction.first.name
        if n == "Play" and g.play is not None and g.play.first is not None:
            return g.play.first.name
        return t.value

    # -- sections -------------------------------------------------------------------------------

    def _auction_first(self) -> Seat | None:
        """The dealer, when the leading '-' placeholders say exactly the seats before him."""
        a, dealer = self.g.auction, self.g.dealer
        if a is None or a.first is None or dealer is None or a.first == dealer:
            return None
        k = (dealer - a.first) % 4
        slots = [t for t in a.tokens if t.is_slot]
        if len(slots) >= k and all(t.text == "-" for t in slots[:k]):
            return dealer
        return None

    def token_text(self, tok: PbnToken) -> str:
        parts = [("^" + tok.irregular + " " if tok.irregular else "") + tok.text]
        if tok.note is not None:
            parts.append(f"={tok.note}=")
        parts.extend(f"${n}" for n in tok.nags)
        return " ".join(parts)

    def emit(self, tok: PbnToken) -> None:
        self.put(self.token_text(tok))
        for r in tok.remarks:
            self.inline_remark(r)

    def auction_tokens(self, t: PbnTag) -> None:
        tokens = list(t.tokens)
        if self._auction_first() is not None:
            a = self.g.auction
            assert a is not None and a.first is not None and self.g.dealer is not None
            k = (self.g.dealer - a.first) % 4
            drop = [tok for tok in tokens if tok.is_slot][:k]
            kept_remarks = [r for tok in drop for r in tok.remarks]
            tokens = [tok for tok in tokens if not any(tok is d for d in drop)]
            for r in kept_remarks:
                self.block_remark(r)
        slot = 0
        ends = [tok for tok in tokens if not tok.is_slot]
        for tok in tokens:
            if not tok.is_slot:
                continue
            if slot % 4 == 0:
                self.flush()
            self.emit(tok)
            slot += 1
        for tok in ends:
            self.flush()
            self.emit(tok)
        self.flush()

    def play_tokens(self, t: PbnTag) -> None:
        """A trick per line, a seat per column from the Play tag's seat (never the order of play)."""
        for i, tok in enumerate(tok for tok in t.tokens if tok.is_slot):
            if i % 4 == 0:
                self.flush()
            self.emit(tok)
        for tok in t.tokens:
            if not tok.is_slot:
                self.flush()
                self.emit(tok)
        self.flush()

    def rows(self, t: PbnTag) -> None:
        rows = t.rows
        columns = t.value.split(";") if t.name in TABLE_TAGS and t.value.strip() else []
        ncol = len(columns)
        if ncol and not any(r.remarks for r in rows):
            elements = [e for r in rows for e in r.elements]
            if len(elements) % ncol == 0 and any(len(r.elements) != ncol for r in rows):
                rows = [PbnRow(elements[i : i + ncol]) for i in range(0, len(elements), ncol)]
        widths: list[tuple[int, str]] = []
        for c in columns:
            m = re.search(r"\\(\d+)([LR]?)$", c)
            widths.append((int(m.group(1)), m.group(2)) if m else (0, ""))
        for row in rows:
            self.flush()
            if ncol and len(row.elements) == ncol:
                cells = [
                    e.rjust(w) if align == "R" else e.ljust(w) for e, (w, align) in zip(row.elements, widths)
                ]
                text = " ".join(cells).rstrip()
            else:
                text = " ".join(row.elements)
            self.put(" " + text if text.startswith("%") else text)  # '%' in column 1 would be an escape line
            for r in row.remarks:
                self.inline_remark(r)
        self.flush()


def _deal_text(deal: Mapping[Seat, Iterable[Card]], first: Seat) -> str:
    hands = []
    for seat in first.rotation():
        cards = deal.get(seat)
        if cards is None:
            hands.append("-")
            continue
        hands.append(format_holding(cards, pbn=True))
    return f"{first.name}:" + " ".join(hands)


# ---------------------------------------------------------------------------------------------
# Building a game from plain values


def make_game(
    *,
    deal: Mapping[Seat, Iterable[Card]],
    dealer: Seat,
    vulnerable: str = "None",
    auction: Sequence[str] | None = None,
    auction_notes: Mapping[int, str] | None = None,
    contract: str | None = None,
    declarer: Seat | None = None,
    tricks: Sequence[Sequence[tuple[Seat, Card]]] | None = None,
    result: int | None = None,
    tags: Sequence[tuple[str, str]] = (),
    commentary: Mapping[int, Sequence[str]] | None = None,
    intro: Sequence[str] = (),
) -> PbnGame:
    """A game for export, from plain values.

    - ``deal``: the hands (a seat may be left out: written ``-``); ``dealer``; ``vulnerable``
      (``None``/``NS``/``EW``/``All``, or the standard's synonyms).
    - ``auction``: the calls from the dealer (``1S``, ``Pass``, ``X``, ``XX``, ``AP``; a call
      may carry its annotations, e.g. ``"2C =1="``); ``auction_notes``: ``{1: "Stayman"}``.
    - ``contract`` and ``declarer``: taken from the auction when not given.  ``contract`` may
      be a bare strain (``"H"``, the standard's form for a trump without a level).
    - ``tricks``: in the order played, each led by its first seat; the column layout of the
      play section is made from them (the first trick's leader is the Play tag's seat).  A
      card that revokes is marked ``^R`` as the standard asks.
    - ``result``: tricks won by declarer; counted from a complete play when not given.
    - ``tags``: other tags, ``(name, value)``; the mandatory ones (Event, Board…) are put in
      their place, the others kept in this order.
    - ``commentary``: ``{0: [...]}`` comes before the first card, ``{n: [...]}`` after trick n;
      ``intro``: comments at the start of the game.

    Raises ValueError when the values cannot make a game (a card not held, a trick led by a
    seat that did not win the previous one, a comment containing ``}``)."""
    lines: list[str] = []
    for text in intro:
        lines.append(_brace(text))
    given = dict(tags)
    derived: dict[str, str] = {}
    if auction is not None and (contract is None or declarer is None):
        probe = read_pbn(
            f'[Dealer "{dealer.name}"]\n[Auction "{dealer.name}"]\n' + " ".join(auction) + "\n", "<make_game>"
        )[0]
        a = probe[0].auction if probe else None
        if a is not None:
            if contract is None and a.contract is not None:
                contract = a.contract
            if declarer is None and a.declarer is not None:
                declarer = a.declarer
    hands = {s: frozenset(c) for s, c in deal.items()}
    play_lines: list[str] = []
    strain = _strain_of(contract)
    trump = _TRUMP[strain] if strain is not None else None
    if tricks:
        remaining = {s: set(h) for s, h in hands.items()}
        leader0 = tricks[0][0][0]
        won = 0
        prev_winner: Seat | None = None
        for n, trick in enumerate(tricks, 1):
            if not trick:
                raise ValueError(f"trick {n} is empty")
            lead = trick[0][0]
            if prev_winner is not None and lead != prev_winner:
                raise ValueError(f"trick {n} is led by {lead.word} but {prev_winner.word} won trick {n - 1}")
            for i, (seat, _card) in enumerate(trick):
                if seat != lead.next(i):
                    raise ValueError(f"trick {n}: {seat.word} plays out of turn")
            marks: dict[Seat, str] = {}
            led = trick[0][1].suit
            for i, (seat, card) in enumerate(trick):
                if seat in remaining:
                    if card not in remaining[seat]:
                        raise ValueError(f"trick {n}: {seat.word} does not hold {card.ascii()}")
                    if i and card.suit != led and any(c.suit == led for c in remaining[seat]):
                        marks[seat] = "^R "
                    remaining[seat].discard(card)
            by_seat = {seat: card for seat, card in trick}
            cells = []
            order = leader0.rotation()
            last = max(order.index(s) for s in by_seat)
            for s in order[: last + 1]:
                cells.append(marks.get(s, "") + by_seat[s].ascii() if s in by_seat else "-")
            row = " ".join(cells)
            for text in (commentary or {}).get(n, ()):
                row += " " + _brace(text)
            play_lines.append(row)
            if len(trick) == 4:
                if strain is None and n < len(tricks):
                    raise ValueError(
                        "a play of more than one trick needs a contract naming the trump (or NT)"
                    )
                prev_winner = trick_winner(list(trick), trump) if strain is not None else None
                if prev_winner is not None and declarer is not None and prev_winner.side == declarer.side:
                    won += 1
            else:
                prev_winner = None
        total = max((len(h) for h in hands.values()), default=13)
        if len(tricks) < total or len(tricks[-1]) < 4:
            play_lines.append("*")
        elif result is None and declarer is not None and strain is not None:
            result = won
        derived["Play"] = leader0.name
    for name in MANDATORY_TAGS:
        value: str | None = given.get(name)
        if name == "Dealer":
            value = dealer.name
        elif name == "Vulnerable":
            value = _VULNERABLE.get(vulnerable.strip().lower(), vulnerable)
        elif name == "Deal":
            value = _deal_text(hands, dealer)
        elif name == "Declarer" and value is None:
            value = declarer.name if declarer is not None else ("" if contract == "Pass" else None)
        elif name == "Contract" and value is None:
            value = contract
        elif name == "Result" and value is None:
            value = str(result) if result is not None else ("" if contract == "Pass" else None)
        if value is not None:
            lines.append(f'[{name} "{_escape(value)}"]')
    for name, value in tags:
        if name not in MANDATORY_TAGS and name not in ("Auction", "Play", "Note"):
            lines.append(f'[{name} "{_escape(value)}"]')
    if auction is not None:
        lines.append(f'[Auction "{dealer.name}"]')
        for i in range(0, len(auction), 4):
            lines.append(" ".join(auction[i : i + 4]))
        for index, text in sorted((auction_notes or {}).items()):
            lines.append(f'[Note "{index}:{_escape(text)}"]')
    if tricks:
        lines.append(f'[Play "{derived["Play"]}"]')
        for text in (commentary or {}).get(0, ()):
            lines.append(_brace(text))
        lines.extend(play_lines)
    elif commentary:
        for n in sorted(commentary):
            for text in commentary[n]:
                lines.append(_brace(text))
    games, diags = read_pbn("\n".join(lines) + "\n", "<make_game>")
    errors = [d.message for d in diags if d.severity is Severity.ERROR]
    if errors or len(games) != 1:
        raise ValueError("cannot make a PBN game: " + "; ".join(errors or ["no game"]))
    # once through the writer: the game is then in export form, and read_pbn(write_pbn([g])) == [g]
    return read_pbn(write_pbn(games), "<make_game>")[0][0]


def _brace(text: str) -> str:
    if "}" in text:
        raise ValueError(f"PBN commentary cannot contain '}}': {text[:40]!r}")
    return "{" + text + "}"
