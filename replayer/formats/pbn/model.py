"""What a PBN file holds, as read: the games, their tags in order, the auction and play
sections with their tokens and annotations, and the commentary and ``%`` lines where they stood.

Positions (line, column) are kept for the diagnostics and ignored by equality."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...record.diagnostics import Span
from ...rules.cards import Card, Suit
from ...rules.notation import Vulnerability
from ...rules.seats import Seat
from .notation import card_or_none, strain_of, trump_of

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
]


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
        return card_or_none(self.text)

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
    vulnerable: Vulnerability | None = None
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
        return strain_of(self.contract)

    @property
    def trump(self) -> Suit | None:
        return trump_of(self.strain)

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
