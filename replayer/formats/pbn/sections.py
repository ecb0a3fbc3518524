"""The auction and play sections, token by token: calls and cards, the irregularity markers
(``^I``, ``^S``, ``^R``, ``^L``), the continuation and end marks (``+``, ``*``), and the
annotations that follow a token (note references ``=n=``, NAGs ``$n``, suffixes ``!``, ``?!``…).

The tokens go onto the section's tag as they are read; what they mean is decoded once the game
is read (``auction``, ``play``, which share the section's seat and end mark from here)."""

from __future__ import annotations

import enum
import re

from ...record.diagnostics import Severity
from ...rules.notation import read_number
from ...rules.seats import Seat
from ..ascii import bid_level
from .model import PbnTag, PbnToken, Remark
from .notation import CARD_TEXT, PLAIN_CALLS, SUFFIX_NAG, card_or_none, norm_call, seat_or_none
from .problems import Problems, shown

__all__ = ["SectionKind", "Section", "section_seat", "after_end_mark"]


class SectionKind(enum.StrEnum):
    """The two sections made of tokens; the value is how a message names them."""

    AUCTION = "auction"
    PLAY = "play"


_SUB = re.compile(
    r"""(?P<irr>\^[A-Za-z]?)|(?P<note>=[^=\s]*=?)|(?P<nag>\$[0-9A-Za-z]*)|(?P<suffix>[!?]{1,2})
       |(?P<star>\*)|(?P<plus>\+)|(?P<tok>[A-Za-z0-9-]+)|(?P<bad>.)""",
    re.VERBOSE,
)


class Section:
    """Reads the tokens of an auction or play section as they come."""

    def __init__(self, kind: SectionKind, tag: PbnTag, problems: Problems, export: bool) -> None:
        self.kind = kind
        self.auction = kind is SectionKind.AUCTION
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

    def _what(self) -> str:
        return "call" if self.auction else "card"

    def _slot(self, tok: PbnToken) -> None:
        self.tag.tokens.append(tok)
        self.last = tok
        if self.export:
            self.per_line[tok.line] = self.per_line.get(tok.line, 0) + 1

    # -- the words of the section -----------------------------------------------------------------

    def word(self, text: str, line: int, col: int) -> None:
        """One word of the section's text: a plain call or card, or pieces to take one by one."""
        if not self.first_line:
            self.first_line = line
        self.last_line = line
        plain = (PLAIN_CALLS if self.auction else CARD_TEXT).get(text)
        if plain is not None and self.pending is None:
            self._slot(PbnToken(plain, raw=text, line=line, col=col))
            return
        for m in _SUB.finditer(text):
            self._piece(m.lastgroup, m.group(), line, col + m.start())

    def _piece(self, kind: str | None, text: str, line: int, col: int) -> None:
        if kind == "irr":
            self._irregularity(text, line, col)
        elif kind == "tok":
            if self.auction:
                self._call(text, line, col)
            else:
                self._card(text, line, col)
        elif kind == "plus":
            self._marked(PbnToken("+", raw="+", line=line, col=col))
        elif kind == "star":
            if self.pending:
                self.problems.error(
                    "pbn-irregularity", f"^{self.pending[0]} before the end marker", line, col
                )
                self.pending = None
            self.tag.tokens.append(PbnToken("*", raw="*", line=line, col=col))
        elif kind == "note":
            self._note(text, line, col)
        elif kind == "nag":
            self._nag(text, line, col)
        elif kind == "suffix":
            self._suffix(text, line, col)
        else:
            self.problems.error(
                "pbn-syntax", f"unexpected character {text!r} in the {self.kind} section", line, col
            )

    def _irregularity(self, text: str, line: int, col: int) -> None:
        """``^S`` is a token of its own; ``^I``, ``^R`` and ``^L`` mark the token that follows."""
        p = self.problems
        letter = text[1:]
        allowed = "IS" if self.auction else "RL"
        if letter not in allowed:
            p.error(
                "pbn-irregularity",
                f"{text!r} is no irregularity of the {self.kind}",
                line,
                col,
                "the auction knows ^I and ^S, the play ^R and ^L",
            )
        elif letter == "S":
            if self.pending:
                p.error("pbn-irregularity", f"^{self.pending[0]} before ^S", line, col)
                self.pending = None
            self._slot(PbnToken("^S", raw=text, line=line, col=col))
        elif self.pending:
            p.error(
                "pbn-irregularity",
                f"two irregularity markers (^{self.pending[0]} {text}) before one {self._what()}",
                line,
                col,
            )
        else:
            self.pending = (letter, line, col)

    def _marked(self, tok: PbnToken) -> None:
        if self.pending:
            letter, pl, pc = self.pending
            self.pending = None
            self.problems.error("pbn-irregularity", f"^{letter} before {tok.text!r}", pl, pc)
        self._slot(tok)

    def _call(self, text: str, line: int, col: int) -> None:
        p = self.problems
        norm = norm_call(text)
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
            if letter == "I" and bid_level(call) is not None:
                tok.irregular = "I"
            else:
                p.error(
                    "pbn-irregularity",
                    f"^{letter} before {call!r}: only a bid can be insufficient",
                    pl,
                    pc,
                )
        self._slot(tok)

    def _card(self, text: str, line: int, col: int) -> None:
        p = self.problems
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
        card = card_or_none(text)
        if card is None:
            p.error(
                "pbn-card",
                f"cannot read the card {text!r}",
                line,
                col,
                "a card is a suit S H D C and a rank A K Q J T 9…2",
            )
            self.pending = None
            self._slot(PbnToken("-", raw=text, line=line, col=col))  # keeps the columns in place
            return
        tok = PbnToken(card.ascii(), raw=text, line=line, col=col)
        if self.pending:
            tok.irregular = self.pending[0]
            self.pending = None
        self._slot(tok)

    # -- annotations ------------------------------------------------------------------------------

    def _note(self, text: str, line: int, col: int) -> None:
        p = self.problems
        m = re.fullmatch(r"=([0-9]+)=", text)
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
        index = read_number(m.group(1), 32)
        if index is None or index < 1:
            p.error("pbn-annotation", f"note index {shown(m.group(1))} is outside 1…32", line, col)
        if index is not None:
            self.last.note = index

    def _add_nag(self, value: int, text: str, line: int, col: int) -> None:
        p = self.problems
        assert self.last is not None
        quality = range(1, 7) if self.auction else range(7, 13)
        foreign = set(range(7, 13)) | {14} if self.auction else set(range(1, 7)) | {13}
        if value > 255:
            p.error("pbn-annotation", f"NAG {text} is above 255", line, col)
        elif value in foreign:
            p.error(
                "pbn-annotation",
                f"NAG {text} is for {'cards' if self.auction else 'calls'}, not {self._what()}s",
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
        m = re.fullmatch(r"\$([0-9]+)", text)
        if m is None:
            self.problems.error(
                "pbn-annotation", f"cannot read the NAG {text!r}", line, col, "a NAG is $ and a number 0…255"
            )
            return
        if self.last is None:
            self.problems.error("pbn-annotation", f"NAG {text} before any {self._what()}", line, col)
            return
        value = read_number(m.group(1), 255)
        if value is None:
            self.problems.error("pbn-annotation", f"NAG {shown(text)} is above 255", line, col)
            return
        self._add_nag(value, text, line, col)

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
        self._add_nag(SUFFIX_NAG[text] + (0 if self.auction else 6), text, line, col)

    # -- around the tokens ------------------------------------------------------------------------

    def remark(self, r: Remark) -> None:
        """A comment or ``%`` line: it goes with the token before it (or the tag)."""
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
# Shared by the decoders of both sections


def section_seat(tag: PbnTag, p: Problems) -> Seat | None:
    """The seat of an Auction or Play tag (its first column); reported when it cannot be read."""
    first = seat_or_none(tag.value)
    if first is None and tag.value.strip() not in ("", "?"):
        p.error(
            "pbn-bad-value",
            f"cannot read the seat of [{tag.name}] {tag.value!r}",
            tag.line,
            tag.col,
            "write N, E, S or W",
        )
    return first


def after_end_mark(tag: PbnTag, p: Problems, code: str) -> int | None:
    """Where the section's end mark ``*`` stands among its tokens (None: no end mark); anything
    after it is reported."""
    star = next((i for i, t in enumerate(tag.tokens) if t.text == "*"), None)
    if star is not None:
        after = tag.tokens[star + 1 :]
        if after:
            p.error(code, f"{after[0].text!r} after the end marker *", after[0].line, after[0].col)
    return star
