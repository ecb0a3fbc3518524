"""Writing PBN in the standard's export format: the mandatory tags first and in their order
(``?`` for one unknown), the other tags, the auction and play sections with their notes, the
tables last; a call or card per column, four to a line; every comment kept where it stood.

``encode_pbn`` chooses the bytes of a file (Latin-1 when it can, else UTF-8)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ...rules.notation import read_number
from ...rules.seats import Seat
from .model import PbnDirective, PbnGame, PbnRow, PbnTag, PbnToken, Remark
from .notation import deal_text, seat_or_none
from .tags import MANDATORY_TAGS, TABLE_TAGS, TABLE_WIDTH_MOST, escape

__all__ = ["encode_pbn", "write_pbn"]


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
        # the tag in force of each name, and the remarks of the later ones (written after it)
        self.first: dict[str, PbnTag] = {}
        self.extra_remarks: dict[str, list[Remark]] = {}
        for t in game.tags:
            if t.name == "Note":
                continue
            if t.name in self.first:
                self.extra_remarks.setdefault(t.name, []).extend(t.remarks)
            else:
                self.first[t.name] = t

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
        """A remark on a line of its own."""
        self.remark(r, inline=False)

    def inline_remark(self, r: Remark) -> None:
        """A remark after the tokens of the line (a ``%`` line and a ``;`` comment end it)."""
        self.remark(r, inline=True)

    def remark(self, r: Remark, *, inline: bool) -> None:
        if isinstance(r, PbnDirective):
            self.own_line("%" + r.text)
        elif not inline:
            self.own_line(("{" + r.text + "}") if r.brace else (";" + r.text))
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
        section_notes, loose_notes = self._notes()
        self._mandatory_tags()
        supplemental = self._other_tags(loose_notes)
        for name in ("Auction", "Play"):
            st = self.first.get(name)
            if st is not None:
                self.tag(st, self.extra_remarks.get(name, ()))
                if name == "Auction":
                    self.auction_tokens(st)
                else:
                    self.play_tokens(st)
                for note in section_notes[name]:
                    self.tag(note)
        for t in supplemental:
            self.tag(t, self.extra_remarks.get(t.name, ()))
            self.rows(t)
        self.flush()
        for block in g.epilogue:
            self.lines.append("")
            for r in block:
                self.block_remark(r)
            self.flush()
        return self.lines

    def _notes(self) -> tuple[dict[str, list[PbnTag]], list[PbnTag]]:
        """The notes after the auction and after the play, and those that follow neither."""
        section_notes: dict[str, list[PbnTag]] = {"Auction": [], "Play": []}
        loose_notes: list[PbnTag] = []
        current = ""
        for t in self.g.tags:
            if t.name in ("Auction", "Play"):
                current = t.name if self.first.get(t.name) is t else ""
            elif t.name == "Note":
                (section_notes[current] if current else loose_notes).append(t)
        return section_notes, loose_notes

    def _mandatory_tags(self) -> None:
        """Every tag of the mandatory set, in its order: ``?`` for one unknown (nothing for the
        declarer and result of a deal passed out)."""
        for name in MANDATORY_TAGS:
            mt = self.first.get(name)
            if mt is None:
                passed = self.g.contract == "Pass" and name in ("Declarer", "Result")
                self.own_line(f'[{name} "{"" if passed else "?"}"]')
            else:
                self.tag(mt, self.extra_remarks.get(name, ()))

    def _other_tags(self, loose_notes: list[PbnTag]) -> list[PbnTag]:
        """The other tags in their order (notes outside a section among them); the supplemental
        sections (tables, tags with rows) are returned to be written last."""
        supplemental: list[PbnTag] = []
        for t in self.g.tags:
            if t.name == "Note":
                if any(t is n for n in loose_notes):
                    self.tag(t)
                continue
            if self.first.get(t.name) is not t or t.name in MANDATORY_TAGS or t.name in ("Auction", "Play"):
                continue
            if t.rows or t.name in TABLE_TAGS:
                supplemental.append(t)
            else:
                self.tag(t, self.extra_remarks.get(t.name, ()))
        return supplemental

    def tag(self, t: PbnTag, more: Iterable[Remark] = ()) -> None:
        value = self.value(t)
        value = value.replace("\t", " ").replace("\r", " ").replace("\n", " ")
        self.own_line(f'[{t.name} "{escape(value)}"]')
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
            start = g.dealer if g.dealer is not None else seat_or_none(t.value.strip()[:1]) or Seat.N
            return deal_text(g.deal, start)
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
        self.section_tokens(tokens)

    def play_tokens(self, t: PbnTag) -> None:
        """A trick per line, a seat per column from the Play tag's seat (never the order of play)."""
        self.section_tokens(t.tokens)

    def section_tokens(self, tokens: list[PbnToken]) -> None:
        """Four calls or cards to a line, then the end marks each on a line of its own."""
        for i, tok in enumerate(tok for tok in tokens if tok.is_slot):
            if i % 4 == 0:
                self.flush()
            self.emit(tok)
        for tok in tokens:
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
            m = re.search(r"\\([0-9]+)([LR]?)$", c)
            # a width the reader reports as too wide (more than a line) pads nothing
            width = read_number(m.group(1), TABLE_WIDTH_MOST) if m else None
            widths.append((width or 0, m.group(2) if m else ""))
        for row in rows:
            self.flush()
            if ncol and len(row.elements) == ncol:
                cells = [
                    e.rjust(w) if align == "R" else e.ljust(w)
                    for e, (w, align) in zip(row.elements, widths, strict=True)
                ]
                text = " ".join(cells).rstrip()
            else:
                text = " ".join(row.elements)
            self.put(" " + text if text.startswith("%") else text)  # '%' in column 1 would be an escape line
            for r in row.remarks:
                self.inline_remark(r)
        self.flush()
