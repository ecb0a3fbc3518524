"""Reading a PBN file: the lexer's items grouped into games (an empty line ends a game), each
game's items put onto its tags and sections, ``#`` and ``##`` values inherited (§4.8), the
game decoded, and every problem turned into a diagnostic that names the board."""

from __future__ import annotations

import gc
import re
from collections.abc import Iterable, Iterator

from ...record.diagnostics import Diagnostic, Severity, Span
from .decode import decode_game
from .lexer import Item, check_lines, decode_text, lex
from .model import PbnComment, PbnDirective, PbnGame, PbnRow, PbnTag, Remark
from .problems import MESSAGE_MOST, Problem, Problems, capped, shown
from .sections import Section, SectionKind
from .tags import KNOWN_TAGS, NO_INHERIT, TABLE_TAGS

__all__ = ["read_pbn"]


def read_pbn(data: bytes | str, path: str) -> tuple[list[PbnGame], list[Diagnostic]]:
    """Read every game of a PBN file; never raises.

    Encoding: a byte order mark decides; otherwise UTF-8 if the bytes are valid UTF-8, else
    Latin-1 (the standard's character set).  Line ends may be CRLF, LF or CR."""
    collecting = gc.isenabled()
    gc.disable()  # hundreds of thousands of small objects: the cyclic collector would cost a third of the time
    try:
        file_problems = Problems()
        text, eol = decode_text(data, file_problems)
        check_lines(text, eol, file_problems)
        items = lex(text, file_problems)
        reader = _FileReader(path, text, file_problems)
        games = reader.read(items)
        return games, reader.diagnostics(games)
    finally:
        if collecting:
            gc.enable()


def _chunks(items: list[Item]) -> Iterator[list[Item]]:
    chunk: list[Item] = []
    for it in items:
        if it.kind == "blank":
            if chunk:
                yield chunk
            chunk = []
        else:
            chunk.append(it)
    if chunk:
        yield chunk


_HEADER = re.compile(r"^\s*(PBN\s+[0-9]+(\.[0-9]+)?|EXPORT)\s*$", re.IGNORECASE)


def _says_export(item: Item) -> bool:
    return _HEADER.match(item.text) is not None and "EXPORT" in item.text.upper()


def _remark(it: Item) -> Remark | None:
    if it.kind == "com":
        return PbnComment(it.text, it.brace, it.line, it.col)
    if it.kind == "dir":
        return PbnDirective(it.text, it.line)
    return None


class _FileReader:
    def __init__(self, path: str, text: str, problems: Problems) -> None:
        self.path = path
        self.lines = text.split("\n")
        self.file_problems = problems
        self.game_problems: list[Problems] = []
        self.starts: list[int] = []  # first line of each game (its preamble included)
        self.export = False
        self.seen_tag = False
        self.last: dict[str, str] = {}  # value of each tag in the nearest previous game having it
        self.sticky: dict[str, str] = {}  # '##' values carried to later games
        self.unknown_noted: set[str] = set()

    def read(self, items: list[Item]) -> list[PbnGame]:
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
                game = PbnGame(number=len(games) + 1, preamble=pending)
                self.starts.append(pending_start or part[0].line)
                pending, pending_start = [], 0
                self._game(game, part)
                games.append(game)
        if pending and games:
            games[-1].epilogue = pending
        return games

    def _game(self, game: PbnGame, part: list[Item]) -> None:
        problems = Problems()
        self.game_problems.append(problems)
        try:
            _GameBuilder(self, game, problems).build(part)
            self._inherit(game, problems)
            decode_game(game, problems, self.path)
        except Exception as exc:  # noqa: BLE001 — the reader never raises; report and go on
            problems.error(
                "pbn-internal",
                f"could not read this game ({type(exc).__name__}: {exc})",
                part[0].line,
                part[0].col,
            )

    def _strip_header(self, chunk: list[Item]) -> list[Item]:
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

    def _split_games(self, chunk: list[Item]) -> Iterator[list[Item]]:
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

    def _block(self, part: list[Item]) -> list[Remark]:
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

    def _inherit(self, game: PbnGame, p: Problems) -> None:
        """§4.8: '#' takes the value of the nearest previous game having the tag; '##text' gives
        text to this game and to every later game that does not write the tag ('##' alone: the
        previous value).  A value written without '##' ends that carrying over."""
        seen: set[str] = set()
        for t in game.tags:
            if t.name in seen and t.name != "Note":
                continue
            seen.add(t.name)
            if not t.written.startswith("#"):
                self.sticky.pop(t.name, None)
                continue
            self._inherit_value(t, p)
        for name, value in self.sticky.items():
            if name not in seen:
                game.tags.append(PbnTag(name, value, written="", inherited=True, implicit=True))
                seen.add(name)
        done: set[str] = set()
        for t in game.tags:
            if t.name not in done:
                done.add(t.name)
                self.last[t.name] = t.value

    def _inherit_value(self, t: PbnTag, p: Problems) -> None:
        """The value of a tag written ``#`` or ``##…``."""
        w = t.written
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

    # -- diagnostics ----------------------------------------------------------------------------

    def diagnostics(self, games: list[PbnGame]) -> list[Diagnostic]:
        out: list[Diagnostic] = []

        def label(i: int | None) -> str:
            if i is None:
                return "file"
            b = games[i].board
            return f"board {shown(b)}" if b not in (None, "", "?") else f"game {games[i].number}"

        def emit(i: int | None, items: Iterable[Problem]) -> None:
            name = label(i)
            for line, col, code, sev, msg, hint in items:
                # a message quotes the value it is about: one of 5,000 characters is cut short
                message = shown(f"{name}: {msg}", MESSAGE_MOST)
                out.append(Diagnostic(code, sev, message, Span(self.path, line, col), hint))

        owned: list[tuple[int | None, Problem]] = [
            (i, item) for i, probs in enumerate(self.game_problems) for item in probs.items
        ]
        owned += [(self._owner(item[0]), item) for item in self.file_problems.items]
        for i, item in capped(owned):
            emit(i, [item])
        out.sort(key=lambda d: (d.span.line, d.span.col) if d.span else (0, 0))
        return out

    def _owner(self, line: int) -> int | None:
        """The game a line of the file belongs to (its preamble included); None before any game."""
        if not self.starts:
            return None
        owner = 0
        for i, s in enumerate(self.starts):
            if s <= line:
                owner = i
            else:
                break
        return owner


class _GameBuilder:
    """Puts the items of one game onto its tags: comments and ``%`` lines where they stand, the
    auction and play tokens into their sections, the rows of tables and unknown sections."""

    def __init__(self, reader: _FileReader, game: PbnGame, problems: Problems) -> None:
        self.reader = reader
        self.game = game
        self.p = problems
        self.tag: PbnTag | None = None
        self.section: Section | None = None
        self.rows = False  # the data after the current tag are rows (a table, an unknown section)
        self.table = False
        self.last_tag_line = 0
        self.data_lines: tuple[int, int] = (0, 0)

    def build(self, part: list[Item]) -> None:
        for it in part:
            kind = it.kind
            if kind == "tag":
                self._tag(it)
            elif kind in ("com", "dir"):
                self._remark(it)
            elif kind in ("word", "str"):
                self._text(it)
            elif kind == "stray" and it.text:
                self.p.add(
                    "pbn-stray-text", Severity.WARNING, f"unexpected {it.text!r} (left out)", it.line, it.col
                )
        self._close()

    def _close(self) -> None:
        """The end of a tag's data: keep the section's text as read."""
        lines = self.reader.lines
        if self.section is not None:
            self.section.finish()
            if self.section.first_line and self.tag is not None:
                self.tag.section_lines = lines[self.section.first_line - 1 : self.section.last_line]
            self.section = None
        elif self.tag is not None and self.data_lines[0]:
            self.tag.section_lines = lines[self.data_lines[0] - 1 : self.data_lines[1]]
        self.data_lines = (0, 0)

    def _tag(self, it: Item) -> None:
        self._close()
        p, reader = self.p, self.reader
        if reader.export and (it.col != 1 or it.line == self.last_tag_line):
            p.add(
                "pbn-export",
                Severity.WARNING,
                f"[{it.name}] is not alone at the start of its line in an export-format file",
                it.line,
                it.col,
            )
        self.last_tag_line = it.end_line or it.line
        tag = self.tag = PbnTag(it.name, it.text, written=it.text, line=it.line, col=it.col)
        self.game.tags.append(tag)
        if it.name not in KNOWN_TAGS and it.name not in reader.unknown_noted:
            reader.unknown_noted.add(it.name)
            p.add(
                "pbn-unknown-tag",
                Severity.NOTE,
                f"[{it.name}] is not a tag of the standard (kept as it is)",
                it.line,
                it.col,
            )
        self.table = it.name in TABLE_TAGS
        self.rows = False
        if it.name == "Auction":
            self.section = Section(SectionKind.AUCTION, tag, p, reader.export)
        elif it.name == "Play":
            self.section = Section(SectionKind.PLAY, tag, p, reader.export)
        else:
            self.rows = self.table or it.name not in KNOWN_TAGS

    def _remark(self, it: Item) -> None:
        r = _remark(it)
        assert r is not None
        if it.kind == "dir" and _says_export(it):
            self.reader.export = True
        tag = self.tag
        if tag is None:
            self.game.leading.append(r)
        elif self.section is not None:
            self.section.remark(r)
        elif self.rows and tag.rows:
            tag.rows[-1].remarks.append(r)
            if self.table and it.kind == "com":
                self.p.error(
                    "pbn-table",
                    f"commentary inside the [{tag.name}] table",
                    it.line,
                    it.col,
                    "only the tag of a section may be followed by commentary",
                )
        else:
            tag.remarks.append(r)

    def _text(self, it: Item) -> None:
        tag = self.tag
        if tag is None:
            self.p.add(
                "pbn-stray-text",
                Severity.WARNING,
                f"text before the first tag: {it.text[:40]!r} (left out)",
                it.line,
                it.col,
            )
        elif self.section is not None and it.kind == "word":
            self.section.word(it.text, it.line, it.col)
        elif self.rows:
            self._row_element(tag, it)
        else:
            self.p.add(
                "pbn-stray-text",
                Severity.WARNING,
                f"unexpected text after [{tag.name}]: {it.text[:40]!r} (left out)",
                it.line,
                it.col,
                "only the auction, the play and supplemental sections have data after their tag",
            )

    def _row_element(self, tag: PbnTag, it: Item) -> None:
        """An element of a table or unknown section: a row is a line (a remark ends it too)."""
        if tag.rows and tag.rows[-1].line == it.line and not tag.rows[-1].remarks:
            tag.rows[-1].elements.append(it.text)
        else:
            tag.rows.append(PbnRow([it.text], line=it.line))
        self.data_lines = (self.data_lines[0] or it.line, it.line)
        if self.table and it.kind == "word":
            bad = re.search(r"[%\[\]{}]", it.text)
            if bad:
                self.p.error(
                    "pbn-table",
                    f"character {bad.group()!r} is not allowed in a table element",
                    it.line,
                    it.col + bad.start(),
                )
