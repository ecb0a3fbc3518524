"""Read a hand file (YAML) into a :class:`~replayer.record.HandRecord`, keeping positions.

The file is walked as a node tree (``yaml.compose``) rather than loaded as plain data, so
that every value keeps its line and column, duplicate keys can be reported, and YAML 1.1's
surprises (``Y`` and ``N`` read as booleans, ``10`` as a number) never reach the record.
Bad content never raises: every problem becomes a :class:`Diagnostic` and reading goes on.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import yaml

from ..rules.auction import Call, CallSyntaxError, scan_calls
from ..rules.cards import (
    CardSyntaxError,
    CardToken,
    Rank,
    Strain,
    Suit,
    parse_card,
    parse_holding,
    parse_ranks,
    scan_cards,
)
from .diagnostics import Diagnostic, Located, Severity, Span
from .hand import (
    AuctionRecord,
    BookErrorRecord,
    ClaimRecord,
    HandRecord,
    InteropRecord,
    MakeRecord,
    NoteRecord,
    PlayedCard,
    ProblemRecord,
    ReadingRecord,
    RubberDealRecord,
    RubberRecord,
    SourceRef,
    TranscriptionRecord,
    TrickRecord,
)

__all__ = ["load", "load_rubber", "TOP_KEYS"]

# libyaml's loader when PyYAML was built with it (it gives the same marks, ten times faster).
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

T = TypeVar("T")

TOP_KEYS = (
    "title",
    "source",
    "rules",
    "dealer",
    "score_before",
    "declaration",
    "deal",
    "play",
    "result",
    "introduction",
    "notes",
    "problem",
    "book_errors",
    "transcription",
    "interop",
)
SOURCE_KEYS = ("book", "author", "year", "edition", "publisher", "hand", "pages", "url")
DECLARATION_KEYS = ("maker", "trump", "doubles", "calls", "contract", "declarer")
PLAY_KEYS = ("columns", "first_trick", "leader", "tricks")
TRICK_KEYS = ("cards", "leader", "winner")
NOTE_KEYS = ("trick", "tricks", "text", "source", "claims")
CLAIM_KEYS = ("kind", "trick", "quote", "seat", "suit", "count", "at_least", "above", "card", "outcome")
CLAIM_KINDS = ("holding", "alternative", "outcome")
OUTCOME_KEYS = ("side", "game", "tricks", "by_cards")
BOOK_ERROR_KEYS = ("about", "text")
TRANSCRIPTION_KEYS = ("text", "readings")
READING_KEYS = ("trick", "seat", "ocr", "card", "reason")
INTEROP_KEYS = ("from", "board", "vulnerable", "result", "unfinished", "tags", "directives", "commentary")
INTEROP_FORMATS = ("pbn", "lin")
VULNERABILITIES = ("None", "NS", "EW", "All")
PROBLEM_KEYS = ("text", "side", "tricks")
SEAT_WORDS = ("A", "Y", "B", "Z", "N", "E", "S", "W")


class _Reader:
    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.lines = text.splitlines()
        self.diags: list[Diagnostic] = []

    # -- reporting ------------------------------------------------------------------------------

    def span(self, node: Node) -> Span:
        s, e = node.start_mark, node.end_mark
        return Span(self.path, s.line + 1, s.column + 1, e.line + 1, e.column + 1)

    def error(
        self,
        code: str,
        message: str,
        where: Node | Span | None,
        hint: str | None = None,
        severity: Severity = Severity.ERROR,
    ) -> None:
        span = self.span(where) if isinstance(where, Node) else where
        self.diags.append(Diagnostic(code, severity, message, span, hint))

    def placer(self, node: ScalarNode) -> Callable[[int, int], Span]:
        """A function giving the span of characters ``start:end`` of the scalar's value."""
        mark = node.start_mark
        if node.style in (None, "", "'", '"') and mark.line == node.end_mark.line:
            path, line, base = self.path, mark.line + 1, mark.column + (2 if node.style else 1)
            return lambda start, end: Span(path, line, base + start, line, base + end)
        return lambda start, end: self.offset_span(node, start, end)

    def offset_span(self, node: ScalarNode, start: int, end: int) -> Span:
        """The span of characters ``start:end`` of a scalar's value, where it can be placed."""
        line, col = node.start_mark.line, node.start_mark.column
        if node.style in (None, "", "'", '"') and node.start_mark.line == node.end_mark.line:
            shift = 0 if not node.style else 1
            return Span(self.path, line + 1, col + shift + start + 1, line + 1, col + shift + end + 1)
        if node.style in ("|", ">"):
            before = node.value[:start]
            idx = before.count("\n")
            in_line = start - (before.rfind("\n") + 1)
            src_line = line + 1 + idx
            if src_line < len(self.lines):
                text = self.lines[src_line]
                indent = len(text) - len(text.lstrip(" "))
                return Span(
                    self.path,
                    src_line + 1,
                    indent + in_line + 1,
                    src_line + 1,
                    indent + in_line + 1 + end - start,
                )
        return self.span(node)

    # -- typed access ---------------------------------------------------------------------------

    def mapping(self, node: Node, allowed: tuple[str, ...], what: str) -> dict[str, tuple[Node, Node]]:
        if not isinstance(node, MappingNode):
            self.error(
                "wrong-type",
                f"{what} should be a mapping of keys to values",
                node,
                f"expected keys such as {', '.join(allowed[:4])}",
            )
            return {}
        out: dict[str, tuple[Node, Node]] = {}
        for knode, vnode in node.value:
            if not isinstance(knode, ScalarNode):
                self.error("wrong-type", f"a key in {what} should be a plain word", knode)
                continue
            key = knode.value
            if key in out:
                first = out[key][0]
                self.error(
                    "duplicate-key",
                    f"{what} has the key {key!r} twice (first at line {first.start_mark.line + 1})",
                    knode,
                    "YAML keeps only the last one: merge them or delete one",
                )
                continue
            if key not in allowed:
                close = difflib.get_close_matches(key, allowed, n=1)
                hint = f"did you mean {close[0]!r}?" if close else f"allowed here: {', '.join(allowed)}"
                self.error("unknown-key", f"unknown key {key!r} in {what}", knode, hint)
                continue
            out[key] = (knode, vnode)
        return out

    def scalar(self, node: Node, what: str) -> str | None:
        if isinstance(node, ScalarNode):
            if node.tag == _NULL or not node.value.strip():
                self.error("missing-value", f"{what} is empty", node)
                return None
            return node.value
        self.error("wrong-type", f"{what} should be a single value, not a {_kind(node)}", node)
        return None

    def integer(self, node: Node, what: str, lo: int | None = None, hi: int | None = None) -> int | None:
        text = self.scalar(node, what)
        if text is None:
            return None
        try:
            value = int(text.strip())
        except ValueError:
            self.error("wrong-type", f"{what} should be a whole number, not {text!r}", node)
            return None
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            self.error("out-of-range", f"{what} should be between {lo} and {hi}, not {value}", node)
            return None
        return value

    def located(self, node: Node, what: str, convert: Callable[[str], T] | None = None) -> Located[T] | None:
        text = self.scalar(node, what)
        if text is None:
            return None
        if convert is None:
            return Located(text, self.span(node))  # type: ignore[arg-type]
        try:
            return Located(convert(text), self.span(node))
        except CardSyntaxError as exc:
            self.error("bad-value", f"{what}: {exc}", node, exc.hint)
            return None

    def seat(self, node: Node, what: str) -> Located[str] | None:
        text = self.scalar(node, what)
        if text is None:
            return None
        t = text.strip().upper()
        long = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W", "DEALER": "Z"}
        t = long.get(t, t)
        if t not in SEAT_WORDS:
            self.error(
                "bad-seat",
                f"{what}: {text!r} is not a seat",
                node,
                "write a book letter (A, Y, B, Z) or a compass seat (N, E, S, W)",
            )
            return None
        return Located(t, self.span(node))


def _kind(node: Node) -> str:
    return {MappingNode: "mapping", SequenceNode: "list", ScalarNode: "single value"}.get(type(node), "node")


# ---------------------------------------------------------------------------------------------


def _read_root(r: _Reader, text: str, what: str) -> Node | None:
    """The document's root node, or None with the reason reported."""
    path = r.path
    need = f"a {what} file needs content; see docs/hand-format.md"
    if not text.strip() or all(not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines()):
        r.error("empty-file", "the file is empty", Span(path, 1, 1), need)
        return None
    try:
        root = _compose(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        span = Span(path, mark.line + 1, mark.column + 1) if mark else Span(path, 1, 1)
        message = " ".join(str(p) for p in (exc.context, exc.problem) if p)
        r.error("yaml-syntax", f"this is not valid YAML: {message}", span, _yaml_hint(message))
        return None
    except yaml.YAMLError as exc:
        r.error("yaml-syntax", f"this is not valid YAML: {exc}", Span(path, 1, 1))
        return None
    except _TooDeep as exc:
        r.error(
            "yaml-too-deep",
            "the file nests lists or mappings far deeper than any hand needs",
            Span(path, exc.mark.line + 1, exc.mark.column + 1),
            "a hand file nests a few levels at most: look for runs of brackets, dashes or '?'",
        )
        return None
    if root is None:
        r.error("empty-file", "the file has no content", Span(path, 1, 1))
        return None
    if isinstance(root, MappingNode) and not root.value:
        r.error("empty-file", "the file is an empty mapping", root, need)
        return None
    return root


def load(text: str, path: str) -> tuple[HandRecord | None, list[Diagnostic]]:
    """Read one hand file.  Returns the record (None when nothing usable) and the problems found."""
    r = _Reader(path, text)
    root = _read_root(r, text, "hand")
    if root is None:
        return None, r.diags
    top = r.mapping(root, TOP_KEYS, "the hand")
    if not top:
        return None, r.diags

    def get(key: str) -> Node | None:
        return top[key][1] if key in top else None

    rec_kwargs: dict[str, object] = {"path": path, "span": r.span(root)}
    if (n := get("title")) is not None:
        rec_kwargs["title"] = r.located(n, "title")
    if (n := get("rules")) is not None:
        rec_kwargs["rules"] = r.located(n, "rules")
    if (n := get("dealer")) is not None:
        rec_kwargs["dealer"] = r.seat(n, "dealer")
    if (n := get("source")) is not None:
        rec_kwargs["source"] = _source(r, n)
    if (n := get("score_before")) is not None:
        rec_kwargs["score_before"] = _score(r, n)
    if (n := get("declaration")) is not None:
        rec_kwargs["declaration"] = _declaration(r, n)
        rec_kwargs["declaration_span"] = r.span(top["declaration"][0])
    if (n := get("deal")) is not None:
        rec_kwargs["deal"], rec_kwargs["deal_spans"] = _deal(r, n)
        rec_kwargs["deal_span"] = r.span(top["deal"][0])
    if (n := get("play")) is not None:
        rec_kwargs.update(_play(r, n))
        rec_kwargs["play_span"] = r.span(top["play"][0])
    if (n := get("result")) is not None:
        rec_kwargs["result"] = r.located(n, "result")
        if isinstance(n, ScalarNode) and n.value:
            first = r.offset_span(n, 0, 1)
            if first.line == n.start_mark.line + 1 and n.start_mark.line == n.end_mark.line:
                rec_kwargs["result_col"] = first.col
    if (n := get("notes")) is not None:
        rec_kwargs["notes"] = _notes(r, n)
    if (n := get("problem")) is not None:
        rec_kwargs["problem"] = _problem(r, n)
    if (n := get("introduction")) is not None:
        rec_kwargs["introduction"] = r.located(n, "introduction")
    if (n := get("book_errors")) is not None:
        rec_kwargs["book_errors"] = _book_errors(r, n)
    if (n := get("transcription")) is not None:
        rec_kwargs["transcription"] = _transcription(r, n)
    if (n := get("interop")) is not None:
        rec_kwargs["interop"] = _interop(r, n)
    return HandRecord(**rec_kwargs), r.diags  # type: ignore[arg-type]


class Node:
    """A node of the YAML tree with the positions the parser gave it (lighter than PyYAML's)."""

    __slots__ = ("tag", "value", "start_mark", "end_mark", "style")

    def __init__(
        self, tag: str, value: Any, start_mark: Any, end_mark: Any, style: str | None = None
    ) -> None:
        self.tag = tag
        self.value = value
        self.start_mark = start_mark
        self.end_mark = end_mark
        self.style = style


class ScalarNode(Node):
    __slots__ = ()
    value: str


class SequenceNode(Node):
    __slots__ = ()
    value: list[Node]


class MappingNode(Node):
    __slots__ = ()
    value: list[tuple[Node, Node]]


MAX_DEPTH = 64
_STR = "tag:yaml.org,2002:str"
_NULL = "tag:yaml.org,2002:null"
_NULLS = ("", "~", "null", "Null", "NULL")


class _TooDeep(Exception):
    def __init__(self, mark: Any) -> None:
        self.mark = mark


def _compose(text: str) -> Node | None:
    """Build the node tree from the parser's events, without recursion and with a depth limit.

    ``yaml.compose`` recurses once per level of nesting (in C with libyaml, where a deep enough
    file crashes the interpreter); hand files nest a few levels, so anything past MAX_DEPTH is
    refused.  Tags are kept only as far as the loader needs them: null or string.
    """
    parser = _LOADER(text)
    try:
        return _build(iter(parser.get_event, None))
    finally:
        parser.dispose()


def _build(events: Iterator[Any]) -> Node | None:  # PyYAML events (C or Python classes)
    stack: list[tuple[Node, list[Node]]] = []
    anchors: dict[str, Node] = {}
    root: Node | None = None
    documents = 0
    for ev in events:
        kind = type(ev)
        node: Node
        if kind is yaml.ScalarEvent:
            tag = _NULL if not ev.style and ev.value in _NULLS else _STR
            node = ScalarNode(tag, ev.value, ev.start_mark, ev.end_mark, ev.style)
            if ev.anchor:
                anchors[ev.anchor] = node
        elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
            if len(stack) >= MAX_DEPTH:
                raise _TooDeep(ev.start_mark)
            cls = MappingNode if kind is yaml.MappingStartEvent else SequenceNode
            coll = cls("", [], ev.start_mark, ev.end_mark, "flow" if ev.flow_style else None)
            if ev.anchor:
                anchors[ev.anchor] = coll
            stack.append((coll, []))
            continue
        elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
            node, items = stack.pop()
            node.value = list(zip(items[0::2], items[1::2])) if isinstance(node, MappingNode) else items
            node.end_mark = ev.end_mark
        elif kind is yaml.AliasEvent:
            if ev.anchor not in anchors:
                raise yaml.composer.ComposerError(
                    None, None, f"found undefined alias {ev.anchor!r}", ev.start_mark
                )
            node = anchors[ev.anchor]
        elif kind is yaml.StreamEndEvent:
            break
        elif kind is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise yaml.composer.ComposerError(
                    "expected a single document in the stream",
                    None,
                    "but found another document",
                    ev.start_mark,
                )
            continue
        else:
            continue
        if stack:
            stack[-1][1].append(node)
        else:
            root = node
    return root


def _yaml_hint(message: str) -> str | None:
    if "tab" in message:
        return "indent with spaces, not tabs"
    if "mapping values are not allowed" in message:
        return "a value containing ': ' must be quoted"
    if "found character '*'" in message or "alias" in message:
        return "a value starting with * must be quoted (or put the * after the card: ♣K*)"
    if "could not find expected ':'" in message:
        return "check the indentation and that each key ends with ':'"
    return None


def _source(r: _Reader, node: Node) -> SourceRef:
    m = r.mapping(node, SOURCE_KEYS, "source")
    kw: dict[str, object] = {}
    for key, (_, v) in m.items():
        if key == "year":
            year = r.integer(v, "source year", 1500, 2100)
            kw[key] = Located(year, r.span(v)) if year is not None else None
        elif key == "pages" and isinstance(v, SequenceNode):
            pages = [r.scalar(p, "a page") for p in v.value]
            kw[key] = Located("–".join(p for p in pages if p), r.span(v))
        else:
            kw[key] = r.located(v, f"source {key}")
    return SourceRef(**kw)  # type: ignore[arg-type]


_SIDE_KEYS = {
    "AB": "AB",
    "A-B": "AB",
    "A–B": "AB",
    "A AND B": "AB",
    "YZ": "YZ",
    "Y-Z": "YZ",
    "Y–Z": "YZ",
    "Y AND Z": "YZ",
    "NS": "NS",
    "N-S": "NS",
    "EW": "EW",
    "E-W": "EW",
}


def _score(r: _Reader, node: Node) -> Located[dict[str, int]] | None:
    if isinstance(node, ScalarNode):
        if node.value.strip().lower().replace("-", " ") in ("love all", "love", "0 0"):
            return Located({"AB": 0, "YZ": 0}, r.span(node))
        r.error(
            "bad-value",
            f"score_before: cannot read {node.value!r}",
            node,
            "write a mapping such as {AB: 24, YZ: 8}, or love-all",
        )
        return None
    if not isinstance(node, MappingNode):
        r.error("wrong-type", "score_before should be a mapping such as {AB: 24, YZ: 8}", node)
        return None
    out: dict[str, int] = {}
    for k, v in node.value:
        side = _SIDE_KEYS.get(str(k.value).strip().upper()) if isinstance(k, ScalarNode) else None
        if side is None:
            r.error(
                "unknown-key",
                f"score_before: {getattr(k, 'value', k)!r} is not a side",
                k,
                "use AB and YZ (the book's sides), or NS and EW",
            )
            continue
        if side in out:
            r.error("duplicate-key", f"score_before gives side {side} twice", k)
            continue
        value = r.integer(v, f"the score of {side}", 0, 10000)
        if value is not None:
            out[side] = value
    return Located(out, r.span(node))


def _declaration(r: _Reader, node: Node) -> MakeRecord | AuctionRecord | None:
    m = r.mapping(node, DECLARATION_KEYS, "declaration")
    make_keys = {"maker", "trump", "doubles"} & m.keys()
    auction_keys = {"calls", "contract", "declarer"} & m.keys()
    if make_keys and auction_keys:
        r.error(
            "declaration-mixed",
            "the declaration mixes a Bridge Whist make (maker, trump) with an auction (calls, contract)",
            node,
            "Bridge Whist hands give maker and trump; auction and contract hands give calls",
        )
        return None
    if auction_keys:
        return _auction(r, m)
    if not make_keys:
        if isinstance(node, MappingNode):
            r.error(
                "missing-key",
                "the declaration says neither who made the trump nor the auction",
                node,
                "Bridge Whist: maker and trump; Auction and Contract: calls (or contract and declarer)",
            )
        return None
    maker = None
    if "maker" in m:
        mnode = m["maker"][1]
        if isinstance(mnode, ScalarNode) and mnode.value.strip().lower() == "dummy":
            maker = Located("Y", r.span(mnode))  # Bridge Whist: the dummy is always Y
        else:
            maker = r.seat(mnode, "declaration maker")
    trump = r.located(m["trump"][1], "declaration trump", Strain.parse) if "trump" in m else None
    if "maker" not in m:
        r.error(
            "missing-key",
            "the declaration does not say who made the trump",
            node,
            "add 'maker: Z' (the dealer made it) or 'maker: Y' (the dealer passed and dummy made it)",
        )
    if "trump" not in m:
        r.error(
            "missing-key",
            "the declaration does not say the trump",
            node,
            "add e.g. 'trump: hearts' or 'trump: NT'",
        )
    doubles: list[Located[str]] = []
    if "doubles" in m:
        dnode = m["doubles"][1]
        items = dnode.value if isinstance(dnode, SequenceNode) else None
        if items is None and isinstance(dnode, ScalarNode):
            items = [dnode] if dnode.value.strip() else []
        if items is None:
            r.error("wrong-type", "doubles should be a list of seats, e.g. [A, Z]", dnode)
            items = []
        for item in items:
            if isinstance(item, ScalarNode) and len(item.value.split()) > 1 and not item.style:
                # "A Z" written as one value
                for part in item.value.split():
                    loc = r.seat(ScalarNode(item.tag, part, item.start_mark, item.end_mark), "a doubler")
                    if loc:
                        doubles.append(loc)
                continue
            loc = r.seat(item, "a doubler")
            if loc:
                doubles.append(loc)
    if maker is None or trump is None:
        return None
    return MakeRecord(maker, trump, tuple(doubles))


_CONTRACT_RE = re.compile(r"^\s*([1-7])\s*(.+?)\s*((?:X|x|\*){0,2})\s*$")


def _auction(r: _Reader, m: dict[str, tuple[Node, Node]]) -> AuctionRecord:
    calls: list[Located[object]] = []
    calls_span = None
    if "calls" in m:
        cnode = m["calls"][1]
        calls_span = r.span(cnode)
        if isinstance(cnode, ScalarNode):
            for tok in scan_calls(cnode.value):
                span = r.offset_span(cnode, tok.start, tok.end)
                if tok.call is None:
                    err = tok.error
                    r.error(
                        "bad-call",
                        f"cannot read {tok.text!r} as a call" + (f": {err}" if err else ""),
                        span,
                        getattr(err, "hint", None),
                    )
                else:
                    calls.append(Located(tok.call, span))
        elif isinstance(cnode, SequenceNode):
            for item in cnode.value:
                text = r.scalar(item, "a call")
                if text is None:
                    continue
                try:
                    calls.append(Located(Call.parse(text), r.span(item)))
                except CallSyntaxError as exc:
                    r.error("bad-call", f"cannot read {text!r} as a call: {exc}", item, exc.hint)
        else:
            r.error("wrong-type", "calls should be a list or a line of calls", cnode)
    contract = None
    if "contract" in m:
        node = m["contract"][1]
        text = r.scalar(node, "contract")
        if text is not None:
            mt = _CONTRACT_RE.match(text)
            strain = None
            if mt:
                try:
                    strain = Strain.parse(mt.group(2))
                except CardSyntaxError:
                    strain = None
            if mt and strain is not None:
                contract = Located((int(mt.group(1)), strain, len(mt.group(3))), r.span(node))
            else:
                r.error(
                    "bad-value", f"cannot read the contract {text!r}", node, "write e.g. 4♠, 3NT, 2HX or 1CXX"
                )
    declarer = r.seat(m["declarer"][1], "declarer") if "declarer" in m else None
    if contract is not None and declarer is None and not calls:
        r.error(
            "missing-key",
            "a contract without the auction needs its declarer",
            m["contract"][0],
            "add e.g. 'declarer: S'",
        )
    return AuctionRecord(tuple(calls), calls_span, contract, declarer)


def _deal(r: _Reader, node: Node) -> tuple[dict[str, tuple[PlayedCard, ...]], dict[str, Span]]:
    deal: dict[str, tuple[PlayedCard, ...]] = {}
    spans: dict[str, Span] = {}
    if isinstance(node, ScalarNode):
        # PBN form: "N:Q2.AKJ42.A93.654 JT65.Q9.KT642.73 …", hands clockwise from the named seat.
        text = node.value
        mt = re.match(r"^\s*([NESWnesw])\s*:\s*", text)
        if not mt:
            r.error(
                "bad-value",
                "a deal written on one line should be in PBN form, e.g. 'N:Q2.AKJ42.A93.654 …'",
                node,
                "or give a mapping of seat to hand: {A: ♠K8743 ♥107 ♦7 ♣AKQJ2, …}",
            )
            return deal, spans
        first = "NESW".index(mt.group(1).upper())
        pos = mt.end()
        for k, m2 in enumerate(re.finditer(r"\S+", text[pos:])):
            if k >= 4:
                r.error(
                    "bad-value",
                    "a PBN deal has four hands",
                    r.offset_span(node, pos + m2.start(), pos + m2.end()),
                )
                break
            seat = "NESW"[(first + k) % 4]
            hand_text = m2.group()
            if hand_text == "-":
                continue
            base = pos + m2.start()
            deal[seat] = _cards_in(r, node, parse_holding(hand_text), base, f"{seat}'s hand")
            spans[seat] = r.offset_span(node, base, base + len(hand_text))
        return deal, spans
    m = r.mapping(node, _DEAL_KEYS, "deal")
    for key, (knode, vnode) in m.items():
        seat = {"north": "N", "east": "E", "south": "S", "west": "W"}.get(key.lower(), key.upper())
        if seat in deal:
            r.error("duplicate-key", f"the deal gives seat {seat} twice", knode)
            continue
        spans[seat] = r.span(knode)
        if isinstance(vnode, ScalarNode):
            deal[seat] = _cards_in(r, vnode, parse_holding(vnode.value), 0, f"{seat}'s hand")
        elif isinstance(vnode, SequenceNode):
            cards: list[PlayedCard] = []
            for item in vnode.value:
                if r.scalar(item, f"a card of {seat}") is None or not isinstance(item, ScalarNode):
                    continue
                cards.extend(_cards_in(r, item, parse_holding(item.value), 0, f"{seat}'s hand"))
            deal[seat] = tuple(cards)
        elif isinstance(vnode, MappingNode):
            cards = []
            for sk, sv in vnode.value:
                if r.scalar(sv, f"{seat}'s {getattr(sk, 'value', 'suit')}") is None or not isinstance(
                    sv, ScalarNode
                ):
                    continue
                suit = _suit_key(str(sk.value))
                if suit is None:
                    r.error(
                        "bad-value",
                        f"{seat}'s hand: {sk.value!r} is not a suit",
                        sk,
                        "use spades, hearts, diamonds and clubs (or S H D C, ♠ ♥ ♦ ♣) as keys",
                    )
                    continue
                cards.extend(_cards_in(r, sv, parse_ranks(sv.value, suit), 0, f"{seat}'s hand"))
            deal[seat] = tuple(cards)
        else:
            r.error("wrong-type", f"{seat}'s hand should be written like ♠K8743 ♥107 ♦7 ♣AKQJ2", vnode)
    return deal, spans


def _suit_key(text: str) -> Suit | None:
    try:
        strain = Strain.parse(text)
    except CardSyntaxError:
        return None
    return strain.trump if strain is not Strain.ROYAL_SPADES else None


_DEAL_KEYS = tuple(
    sorted(
        {k for w in ("north", "east", "south", "west") for k in (w, w.title(), w.upper())}
        | {k for ch in SEAT_WORDS for k in (ch, ch.lower())}
    )
)


def _cards_in(
    r: _Reader, node: ScalarNode, tokens: list[CardToken], base: int, what: str
) -> tuple[PlayedCard, ...]:
    out: list[PlayedCard] = []
    place = r.placer(node)
    for tok in tokens:
        span = place(base + tok.start, base + tok.end)
        if tok.card is None:
            err = tok.error
            r.error("bad-card", f"{what}: {err}", span, err.hint if err else None)
        else:
            out.append(PlayedCard(tok.card, span, tok.marked))
    return tuple(out)


def _play(r: _Reader, node: Node) -> dict[str, object]:
    out: dict[str, object] = {}
    if isinstance(node, SequenceNode):  # the tricks alone, in the default columns
        rows_node: Node | None = node
        m: dict[str, tuple[Node, Node]] = {}
    else:
        m = r.mapping(node, PLAY_KEYS, "play")
        rows_node = m["tricks"][1] if "tricks" in m else None
    if "columns" in m:
        cnode = m["columns"][1]
        items: list[Node] = []
        if isinstance(cnode, SequenceNode):
            items = list(cnode.value)
        elif isinstance(cnode, ScalarNode):
            items = [
                ScalarNode(cnode.tag, part, cnode.start_mark, cnode.end_mark)
                for part in cnode.value.replace(",", " ").split()
            ]
        cols = [c for c in (r.seat(i, "a column") for i in items) if c is not None]
        if len(items) != 4:
            r.error(
                "bad-columns",
                f"columns should name the four seats, in the book's order; found {len(items)}",
                cnode,
                "e.g. columns: [A, Y, B, Z]",
            )
        out["columns"] = tuple(cols)
    first = 1
    if "first_trick" in m:
        value = r.integer(m["first_trick"][1], "first_trick", 1, 13)
        if value is not None:
            first = value
            out["first_trick"] = Located(value, r.span(m["first_trick"][1]))
    if "leader" in m:
        out["leader"] = r.seat(m["leader"][1], "play leader")
    tricks: list[TrickRecord] = []
    if rows_node is not None:
        if not isinstance(rows_node, SequenceNode):
            r.error(
                "wrong-type",
                "the tricks should be a list, one row per trick",
                rows_node,
                "e.g.\n    tricks:\n      - ♣K ♣4 ♣7 ♣9",
            )
        else:
            if first - 1 + len(rows_node.value) > 13:
                r.error(
                    "too-many-tricks",
                    f"the play has {len(rows_node.value)} tricks from trick {first}: a deal has 13",
                    rows_node.value[13 - first + 1] if len(rows_node.value) > 13 - first + 1 else rows_node,
                )
            for i, row in enumerate(rows_node.value[: 14 - first]):
                t = _trick(r, row, first + i)
                if t is not None:
                    tricks.append(t)
    out["tricks"] = tuple(tricks)
    return out


def _trick(r: _Reader, node: Node, number: int) -> TrickRecord | None:
    leader = winner = None
    cards_node: Node | None = node
    if isinstance(node, MappingNode):
        m = r.mapping(node, TRICK_KEYS, f"trick {number}")
        cards_node = m["cards"][1] if "cards" in m else None
        if cards_node is None:
            r.error("missing-key", f"trick {number} has no cards", node, "add 'cards: ♣K ♣4 ♣7 ♣9'")
            return None
        if "leader" in m:
            leader = r.seat(m["leader"][1], f"trick {number} leader")
        if "winner" in m:
            winner = r.seat(m["winner"][1], f"trick {number} winner")
    cards: list[PlayedCard | None] = []
    if isinstance(cards_node, ScalarNode):
        place = r.placer(cards_node)
        for tok in scan_cards(cards_node.value):
            span = place(tok.start, tok.end)
            if tok.card is None:
                err = tok.error
                r.error("bad-card", f"trick {number}: {err}", span, err.hint if err else None)
                cards.append(None)
            else:
                cards.append(PlayedCard(tok.card, span, tok.marked))
    elif isinstance(cards_node, SequenceNode):
        for item in cards_node.value:
            text = r.scalar(item, f"a card of trick {number}")
            if text is None:
                cards.append(None)
                continue
            toks = scan_cards(text)
            if len(toks) == 1 and toks[0].card is not None:
                cards.append(PlayedCard(toks[0].card, r.span(item), toks[0].marked))
            else:
                try:
                    cards.append(PlayedCard(parse_card(text.replace("*", "")), r.span(item), "*" in text))
                except CardSyntaxError as exc:
                    r.error("bad-card", f"trick {number}: {exc}", item, exc.hint)
                    cards.append(None)
    elif cards_node is not None:
        r.error("wrong-type", f"trick {number} should be a row of four cards", cards_node)
        return None
    assert cards_node is not None
    span = r.span(cards_node)
    if len(cards) != 4:
        hint = (
            "a card is missing, or two cards are run together (put a space between cards)"
            if len(cards) < 4
            else "one card too many: check for a stray card or a rank split from its suit"
        )
        r.error(
            "trick-size",
            f"trick {number} has {len(cards)} cards; a trick has one card from each of the four players",
            cards_node,
            hint,
        )
    return TrickRecord(number, tuple(cards), span, leader, winner)


def _notes(r: _Reader, node: Node) -> tuple[NoteRecord, ...]:
    if isinstance(node, ScalarNode):
        text = r.scalar(node, "notes")
        return (NoteRecord(text, r.span(node)),) if text is not None else ()
    if not isinstance(node, SequenceNode):
        r.error(
            "wrong-type",
            "notes should be a list; each note has text and, if it is about a trick, its number",
            node,
            "e.g.\n  - trick: 4\n    text: Dummy puts up the ace.",
        )
        return ()
    out: list[NoteRecord] = []
    for item in node.value:
        if isinstance(item, ScalarNode):
            out.append(NoteRecord(item.value, r.span(item)))
            continue
        m = r.mapping(item, NOTE_KEYS, "a note")
        if "text" not in m:
            if isinstance(item, MappingNode):
                r.error("missing-key", "a note has no text", item)
            continue
        text = r.scalar(m["text"][1], "note text") or ""
        tricks: list[int] = []
        if "trick" in m:
            value = r.integer(m["trick"][1], "note trick", 1, 13)
            if value is not None:
                tricks.append(value)
        if "tricks" in m:
            tnode = m["tricks"][1]
            if isinstance(tnode, SequenceNode):
                for t in tnode.value:
                    value = r.integer(t, "note trick", 1, 13)
                    if value is not None:
                        tricks.append(value)
            else:
                text_value = r.scalar(tnode, "note tricks") or ""
                mt = re.match(r"^\s*(\d+)\s*[-–]\s*(\d+)\s*$", text_value)
                if mt and 1 <= int(mt.group(1)) <= int(mt.group(2)) <= 13:
                    tricks.extend(range(int(mt.group(1)), int(mt.group(2)) + 1))
                else:
                    r.error(
                        "bad-value",
                        f"note tricks: cannot read {text_value!r}",
                        tnode,
                        "write a list [1, 2] or a range 1-2",
                    )
        source = r.scalar(m["source"][1], "note source") if "source" in m else None
        claims = _claims(r, m["claims"][1]) if "claims" in m else ()
        out.append(NoteRecord(text, r.span(m["text"][1]), tuple(tricks), source, claims))
    return tuple(out)


def _items(r: _Reader, node: Node, what: str) -> list[Node]:
    if isinstance(node, SequenceNode):
        return list(node.value)
    r.error("wrong-type", f"{what} should be a list", node)
    return []


def _claims(r: _Reader, node: Node) -> tuple[ClaimRecord, ...]:
    out: list[ClaimRecord] = []
    for item in _items(r, node, "claims"):
        m = r.mapping(item, CLAIM_KEYS, "a claim")
        missing = [k for k in ("kind", "trick", "quote") if k not in m]
        if missing:
            if isinstance(item, MappingNode):
                r.error(
                    "missing-key",
                    f"a claim needs {', '.join(missing)}",
                    item,
                    "a claim says what kind it is, which trick it is about, and quotes the book",
                )
            continue
        kind = r.scalar(m["kind"][1], "claim kind")
        if kind not in CLAIM_KINDS:
            if kind is not None:
                r.error(
                    "bad-value", f"claim kind {kind!r} is not one of {', '.join(CLAIM_KINDS)}", m["kind"][1]
                )
            continue
        trick = r.integer(m["trick"][1], "claim trick", 1, 13)
        quote = r.scalar(m["quote"][1], "claim quote")
        if trick is None or quote is None:
            continue
        kw: dict[str, object] = {}
        if "seat" in m:
            kw["seat"] = r.seat(m["seat"][1], "claim seat")
        for key in ("count", "at_least"):
            if key in m:
                kw[key] = r.integer(m[key][1], f"claim {key}", 0, 13)
        if "suit" in m:
            loc = r.located(m["suit"][1], "claim suit", Strain.parse)
            if loc is not None:
                if loc.value.trump is None or loc.value is Strain.ROYAL_SPADES:
                    r.error("bad-value", "claim suit should be a suit", m["suit"][1])
                else:
                    kw["suit"] = loc.value.trump
        if "above" in m:
            loc_rank = r.located(m["above"][1], "claim above", Rank.parse)
            if loc_rank is not None:
                kw["above"] = loc_rank.value
        if "card" in m:
            loc_card = r.located(m["card"][1], "claim card", parse_card)
            if loc_card is not None:
                kw["card"] = loc_card.value
        if "outcome" in m:
            om = r.mapping(m["outcome"][1], OUTCOME_KEYS, "a claim's outcome")
            outcome: dict[str, object] = {}
            for key, (_, v) in om.items():
                text = r.scalar(v, f"outcome {key}")
                if text is None:
                    continue
                if key == "side":
                    side = _SIDE_KEYS.get(text.strip().upper())
                    if side is None:
                        r.error("bad-value", f"outcome side {text!r} is not a side", v, "write AB or YZ")
                        continue
                    outcome[key] = side
                elif key == "game":
                    if text.strip().lower() not in ("true", "false", "yes", "no"):
                        r.error("bad-value", f"outcome game should be true or false, not {text!r}", v)
                        continue
                    outcome[key] = text.strip().lower() in ("true", "yes")
                else:
                    value = r.integer(v, f"outcome {key}", 0, 13)
                    if value is not None:
                        outcome[key] = value
            kw["outcome"] = outcome
        if kind == "holding" and (
            "seat" not in m or "suit" not in m or ("count" not in m and "at_least" not in m)
        ):
            r.error("missing-key", "a holding claim needs seat, suit and count (or at_least)", item)
            continue
        out.append(ClaimRecord(kind, trick, quote, r.span(m["quote"][1]), **kw))  # type: ignore[arg-type]
    return tuple(out)


def _book_errors(r: _Reader, node: Node) -> tuple[BookErrorRecord, ...]:
    out = []
    for item in _items(r, node, "book_errors"):
        m = r.mapping(item, BOOK_ERROR_KEYS, "a book error")
        if "about" not in m or "text" not in m:
            if isinstance(item, MappingNode):
                r.error("missing-key", "a book error needs 'about' (result, or trick N) and 'text'", item)
            continue
        about = r.scalar(m["about"][1], "book error about")
        text = r.scalar(m["text"][1], "book error text")
        if about is None or text is None:
            continue
        about = about.strip().lower()
        if about != "result" and not re.fullmatch(r"trick (1[0-3]|[1-9])", about):
            r.error("bad-value", f"book error about {about!r}: write 'result' or 'trick N'", m["about"][1])
            continue
        out.append(BookErrorRecord(about, text, r.span(m["about"][1])))
    return tuple(out)


def _interop(r: _Reader, node: Node) -> InteropRecord | None:
    """The ``interop`` block an import writes (docs/hand-format.md): data kept for the way back."""
    m = r.mapping(node, INTEROP_KEYS, "interop")
    fmt = r.scalar(m["from"][1], "interop from") if "from" in m else None
    if fmt is None or fmt.strip().lower() not in INTEROP_FORMATS:
        r.error(
            "bad-value",
            "interop needs 'from: pbn' or 'from: lin' (the format the hand was imported from)",
            m["from"][1] if "from" in m else node,
        )
        return None
    kw: dict[str, Any] = {"source_format": fmt.strip().lower(), "span": r.span(node)}
    if "board" in m:
        kw["board"] = r.scalar(m["board"][1], "interop board")
    if "vulnerable" in m:
        vul = r.scalar(m["vulnerable"][1], "interop vulnerable")
        if vul not in VULNERABILITIES:
            r.error("bad-value", f"vulnerable {vul!r}: write None, NS, EW or All", m["vulnerable"][1])
        else:
            kw["vulnerable"] = vul
    if "result" in m:
        res = r.scalar(m["result"][1], "interop result")
        if res is None or not res.isdigit() or int(res) > 13:
            r.error("bad-value", f"interop result {res!r}: the declarer's tricks, 0 to 13", m["result"][1])
        else:
            kw["result"] = int(res)
    if "unfinished" in m:
        text = r.scalar(m["unfinished"][1], "interop unfinished") or ""
        toks = scan_cards(text)
        if any(t.card is None for t in toks) or len(toks) > 3:
            r.error(
                "bad-value",
                "interop unfinished: up to three cards, the unfinished trick in play order",
                m["unfinished"][1],
            )
        else:
            kw["unfinished"] = tuple(t.card for t in toks if t.card is not None)
    if "tags" in m:
        tags = []
        for item in _items(r, m["tags"][1], "interop tags"):
            pair = item.value if isinstance(item, SequenceNode) else None
            if pair is None or len(pair) != 2 or not all(isinstance(x, ScalarNode) for x in pair):
                r.error("wrong-type", 'an interop tag is a pair: [Name, "value"]', item)
                continue
            tags.append((str(pair[0].value), str(pair[1].value)))
        kw["tags"] = tuple(tags)
    if "directives" in m:
        kw["directives"] = tuple(
            t
            for item in _items(r, m["directives"][1], "interop directives")
            if (t := r.scalar(item, "a directive")) is not None
        )
    if "commentary" in m:
        found = []
        for item in _items(r, m["commentary"][1], "interop commentary"):
            c = r.mapping(item, ("at", "text"), "interop commentary")
            at = r.scalar(c["at"][1], "commentary at") if "at" in c else ""
            said = r.scalar(c["text"][1], "commentary text") if "text" in c else None
            if said is not None:
                found.append((at or "", said))
        kw["commentary"] = tuple(found)
    return InteropRecord(**kw)


def _transcription(r: _Reader, node: Node) -> TranscriptionRecord | None:
    m = r.mapping(node, TRANSCRIPTION_KEYS, "transcription")
    if "text" not in m:
        if isinstance(node, MappingNode):
            r.error("missing-key", "the transcription record needs 'text'", node)
        return None
    text = r.scalar(m["text"][1], "transcription text")
    if text is None:
        return None
    readings = []
    for item in _items(r, m["readings"][1], "readings") if "readings" in m else []:
        rm = r.mapping(item, READING_KEYS, "a reading")
        missing = [k for k in READING_KEYS if k not in rm]
        if missing:
            if isinstance(item, MappingNode):
                r.error("missing-key", f"a reading needs {', '.join(missing)}", item)
            continue
        trick = r.integer(rm["trick"][1], "reading trick", 1, 13)
        seat = r.seat(rm["seat"][1], "reading seat")
        ocr = r.scalar(rm["ocr"][1], "reading ocr")
        card = r.located(rm["card"][1], "reading card", parse_card)
        reason = r.scalar(rm["reason"][1], "reading reason")
        if trick is None or seat is None or ocr is None or card is None or reason is None:
            continue
        readings.append(ReadingRecord(trick, seat.value, ocr, card.value, reason, r.span(item)))
    return TranscriptionRecord(text, r.span(m["text"][1]), tuple(readings))


def _problem(r: _Reader, node: Node) -> ProblemRecord | None:
    if isinstance(node, ScalarNode):
        text = r.scalar(node, "problem")
        return ProblemRecord(text, r.span(node)) if text is not None else None
    m = r.mapping(node, PROBLEM_KEYS, "problem")
    if "text" not in m:
        r.error("missing-key", "the problem has no text", node)
        return None
    side = None
    if "side" in m:
        text = r.scalar(m["side"][1], "problem side")
        if text is not None:
            s = _SIDE_KEYS.get(text.strip().upper())
            if s is None:
                r.error(
                    "bad-value",
                    f"problem side {text!r} is not a side",
                    m["side"][1],
                    "write AB, YZ, NS or EW",
                )
            else:
                side = Located(s, r.span(m["side"][1]))
    tricks = None
    if "tricks" in m:
        value = r.integer(m["tricks"][1], "problem tricks", 0, 13)
        if value is not None:
            tricks = Located(value, r.span(m["tricks"][1]))
    return ProblemRecord(r.scalar(m["text"][1], "problem text") or "", r.span(m["text"][1]), side, tricks)


RUBBER_KEYS = ("title", "rules", "source", "deals")
RUBBER_DEAL_KEYS = ("hand", "result", "trump", "declarer", "doubled", "label")


def load_rubber(text: str, path: str) -> tuple[RubberRecord | None, list[Diagnostic]]:
    """Read a rubber file: the rule set and its deals in order, each a hand file or a result line."""
    r = _Reader(path, text)
    root = _read_root(r, text, "rubber")
    if root is None:
        return None, r.diags
    top = r.mapping(root, RUBBER_KEYS, "the rubber")
    title: Located[str] | None = r.located(top["title"][1], "title") if "title" in top else None
    rules: Located[str] | None = r.located(top["rules"][1], "rules") if "rules" in top else None
    source = _source(r, top["source"][1]) if "source" in top else None
    deals: list[RubberDealRecord] = []
    if "deals" not in top:
        if top:
            r.error(
                "missing-key",
                "the rubber gives no deals",
                root,
                "add 'deals:', a list of hands or result lines",
            )
    else:
        for item in _items(r, top["deals"][1], "deals"):
            m = r.mapping(item, RUBBER_DEAL_KEYS, "a deal")
            if ("hand" in m) == ("result" in m):
                if isinstance(item, MappingNode):
                    r.error(
                        "missing-key",
                        "a deal gives either 'hand' (a hand file) or 'result' (the book's result line)",
                        item,
                    )
                continue
            kw: dict[str, object] = {"span": r.span(item)}
            for key in ("hand", "result", "label"):
                if key in m:
                    kw[key] = r.located(m[key][1], f"deal {key}")
            if "trump" in m:
                kw["trump"] = r.located(m["trump"][1], "deal trump", Strain.parse)
            if "declarer" in m:
                text_side = r.scalar(m["declarer"][1], "deal declarer")
                side = (text_side or "").strip().upper()
                if side not in ("WE", "THEY", "AB", "YZ", "NS", "EW"):
                    r.error(
                        "bad-value",
                        f"deal declarer {text_side!r} is not a side",
                        m["declarer"][1],
                        "write WE, THEY, AB, YZ, NS or EW",
                    )
                else:
                    kw["declarer"] = Located(side, r.span(m["declarer"][1]))
            if "doubled" in m:
                kw["doubled"] = r.integer(m["doubled"][1], "deal doubled", 0, 10) or 0
            deals.append(RubberDealRecord(**kw))  # type: ignore[arg-type]
    return RubberRecord(path, r.span(root), title, rules, source, tuple(deals)), r.diags
