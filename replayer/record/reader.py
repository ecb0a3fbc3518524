"""Read a hand file (YAML) into a :class:`~replayer.record.hand.HandRecord`, keeping positions.

The file is walked as a tree of located nodes (:mod:`.located_yaml`) rather than loaded as plain
data, so that every value keeps its line and column, duplicate keys can be reported, and YAML
1.1's surprises (``Y`` and ``N`` read as booleans, ``10`` as a number) never reach the record.
Bad content never raises: every problem becomes a :class:`Diagnostic` and reading goes on.

Each section has its reader: the cards in :mod:`.read_cards`, the declaration in
:mod:`.read_declaration`, the notes and the book's records in :mod:`.read_notes`, an import's
block in :mod:`.read_interop`; this module reads the header and puts the record together.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from ..rules.seats import BookPair, Pair
from .diagnostics import Diagnostic, Located, Span
from .fields import FieldReader, read_root
from .hand import HandRecord, ScoreBefore, SourceRef
from .keys import SCORE_BEFORE_KEYS, SERIES_KEYS, SOURCE_KEYS, TOP_KEYS
from .located_yaml import MappingNode, Node, ScalarNode, SequenceNode
from .read_cards import Play, read_deal, read_play
from .read_declaration import read_declaration
from .read_interop import read_interop
from .read_notes import read_book_errors, read_notes, read_problem, read_transcription
from .sides import SIDE_WORDS

if TYPE_CHECKING:  # imported where one is made: only a Dummy Bridge hand has one (see hand_extras)
    from .hand_extras import SeriesRecord

__all__ = ["load", "read_source", "TOP_KEYS"]

T = TypeVar("T")


def load(text: str, path: str) -> tuple[HandRecord | None, list[Diagnostic]]:
    """Read one hand file.  Returns the record (None when nothing usable) and the problems found."""
    r = FieldReader(path, text)
    root = read_root(r, text, "hand")
    if root is None:
        return None, r.diags
    top = r.mapping(root, TOP_KEYS, "the hand")
    if not top:
        return None, r.diags
    return _hand(r, root, top), r.diags


def _hand(r: FieldReader, root: Node, top: dict[str, tuple[Node, Node]]) -> HandRecord:
    """The record from the top-level keys, each section read by its reader (in this order)."""

    def read(key: str, reader: Callable[[FieldReader, Node], T]) -> T | None:
        return reader(r, top[key][1]) if key in top else None

    def key_span(key: str) -> Span | None:
        return r.span(top[key][0]) if key in top else None

    title = read("title", lambda fr, n: fr.text(n, "title"))
    rules = read("rules", lambda fr, n: fr.located(n, "rules", str))
    series = read("series", _series)
    dealer = read("dealer", lambda fr, n: fr.seat(n, "dealer"))
    source = read("source", read_source)
    score_before = read("score_before", _score_before)
    declaration = read("declaration", lambda fr, n: read_declaration(fr, n, dealer))
    deal, deal_spans = read("deal", read_deal) or ({}, {})
    play = read("play", read_play) or Play()
    result, result_col = read("result", _result) or (None, None)
    return HandRecord(
        r.path,
        r.span(root),
        title=title,
        source=source,
        rules=rules,
        series=series,
        dealer=dealer,
        score_before=score_before,
        declaration=declaration,
        declaration_span=key_span("declaration"),
        columns=play.columns,
        first_trick=play.first_trick,
        leader=play.leader,
        tricks=play.tricks,
        play_span=key_span("play"),
        play_unread=play.unread,
        deal=deal,
        deal_spans=deal_spans,
        deal_span=key_span("deal"),
        result=result,
        result_col=result_col,
        notes=read("notes", read_notes) or (),
        problem=read("problem", read_problem),
        introduction=read("introduction", lambda fr, n: fr.text(n, "introduction")),
        book_errors=read("book_errors", read_book_errors) or (),
        transcription=read("transcription", read_transcription),
        interop=read("interop", read_interop),
    )


def read_source(r: FieldReader, node: Node) -> SourceRef:
    """Where the hand (or the rubber) is printed: book, author, year, pages, …"""
    m = r.mapping(node, SOURCE_KEYS, "source")
    fields: dict[str, Located[str] | None] = {}
    year = None
    for key, (_, v) in m.items():
        if key == "year":
            value = r.integer(v, "source year", 1500, 2100)
            year = Located(value, r.span(v)) if value is not None else None
        elif key == "pages" and isinstance(v, SequenceNode):
            pages = [r.scalar(p, "a page") for p in v.value]
            fields[key] = Located("–".join(p for p in pages if p), r.span(v))
        else:
            fields[key] = r.text(v, f"source {key}")
    return SourceRef(
        book=fields.get("book"),
        author=fields.get("author"),
        year=year,
        edition=fields.get("edition"),
        publisher=fields.get("publisher"),
        hand=fields.get("hand"),
        pages=fields.get("pages"),
        url=fields.get("url"),
        theme=fields.get("theme"),
    )


def _series(r: FieldReader, node: Node) -> SeriesRecord:
    """The deal's place in its game: ``{deal: 2}``, the deal's number from 1 (Dummy Bridge, DB-7)."""
    from .hand_extras import SeriesRecord

    m = r.mapping(node, SERIES_KEYS, "series")
    deal = None
    if "deal" in m:
        v = m["deal"][1]
        value = r.integer(v, "series deal", 1, 99)
        deal = Located(value, r.span(v)) if value is not None else None
    elif isinstance(node, MappingNode):
        r.error("missing-key", "series gives no deal", node, "write the deal's number in the game: {deal: 2}")
    return SeriesRecord(r.span(node), deal)


def _score_before(r: FieldReader, node: Node) -> ScoreBefore | None:
    """The score before the deal: {AB: 24, YZ: 8} (or NS and EW), or love-all; the mapping may also
    give the games each side has won in the rubber (``games: {AB: 0, YZ: 1}``) and the book's words
    (``quote``)."""
    if isinstance(node, ScalarNode):
        if node.value.strip().lower().replace("-", " ") in ("love all", "love", "0 0"):
            return ScoreBefore({BookPair.AB: 0, BookPair.YZ: 0}, r.span(node))
        r.error(
            "bad-value",
            f"score_before: cannot read {node.value[:60]!r}",
            node,
            "write a mapping such as {AB: 24, YZ: 8}, or love-all",
        )
        return None
    if not isinstance(node, MappingNode):
        r.error("wrong-type", "score_before should be a mapping such as {AB: 24, YZ: 8}", node)
        return None
    points: dict[Pair | BookPair, int] = {}
    games: Located[dict[Pair | BookPair, int]] | None = None
    quote: Located[str] | None = None
    seen: set[str] = set()
    for k, v in node.value:
        word = str(k.value).strip() if isinstance(k, ScalarNode) else ""
        if word in SCORE_BEFORE_KEYS and word in seen:
            r.error("duplicate-key", f"score_before gives {word} twice", k)
            continue
        seen.add(word)
        if word == "games":
            games = Located(_sides(r, v, "games", _read_games), r.span(v))
        elif word == "quote":
            quote = r.text(v, "score_before quote")
        else:
            _side_value(r, k, v, points, "score_before", _read_points)
    return ScoreBefore(points, r.span(node), games, quote)


def _read_points(r: FieldReader, v: Node, side: Pair | BookPair) -> int | None:
    return r.integer(v, f"the score of {side}", 0, 10000)


def _read_games(r: FieldReader, v: Node, side: Pair | BookPair) -> int | None:
    """0 or 1: a side with two games has won the rubber, and the rubber is over."""
    value = r.integer(v, f"the games won by {side}", 0, 9)
    if value is not None and value > 1:
        r.error(
            "out-of-range",
            f"score_before games: {side} {value} would mean {side} have won the rubber before the deal",
            v,
            "write the games each side has won in this rubber before the deal: 0 or 1",
        )
        return None
    return value


def _sides(
    r: FieldReader,
    node: Node,
    what: str,
    read_value: Callable[[FieldReader, Node, Pair | BookPair], int | None],
) -> dict[Pair | BookPair, int]:
    """A mapping of sides to numbers ({AB: 0, YZ: 1})."""
    out: dict[Pair | BookPair, int] = {}
    if not isinstance(node, MappingNode):
        r.error("wrong-type", f"score_before {what} should be a mapping such as {{AB: 0, YZ: 1}}", node)
        return out
    for k, v in node.value:
        _side_value(r, k, v, out, f"score_before {what}", read_value)
    return out


def _side_value(
    r: FieldReader,
    k: Node,
    v: Node,
    out: dict[Pair | BookPair, int],
    what: str,
    read_value: Callable[[FieldReader, Node, Pair | BookPair], int | None],
) -> None:
    """One side's number, into ``out``; an unknown or repeated side is reported."""
    side = SIDE_WORDS.get(str(k.value).strip().upper()) if isinstance(k, ScalarNode) else None
    if side is None:
        r.error(
            "unknown-key",
            f"{what}: {str(k.value)[:60]!r} is not a side",
            k,
            "use AB and YZ (the book's sides), or NS and EW"
            + (", and games and quote" if what == "score_before" else ""),
        )
        return
    if side in out:
        r.error("duplicate-key", f"{what} gives side {side} twice", k)
        return
    value = read_value(r, v, side)
    if value is not None:
        out[side] = value


def _result(r: FieldReader, node: Node) -> tuple[Located[str] | None, int | None]:
    """The result line, and the column of its first character when it stands on one line."""
    if r.too_long(node, "the result line"):
        return None, None
    result = r.text(node, "result")
    if isinstance(node, ScalarNode) and node.value:
        first = r.offset_span(node, 0, 1)
        if first.line == node.start_mark.line + 1 and node.start_mark.line == node.end_mark.line:
            return result, first.col
    return result, None
