"""Reading the fields of a hand or rubber file: typed values with their spans, problems as diagnostics.

:class:`FieldReader` is what every section reader shares: it turns a located node into a mapping,
a single value, a whole number or a seat, and reports anything else as a :class:`Diagnostic`
instead of raising, so that reading goes on and a transcriber sees every problem at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar, cast

import yaml

from ..rules.cards import CardSyntaxError
from ..rules.notation import read_number
from .diagnostics import Diagnostic, Located, Severity, Span
from .keys import SEAT_WORDS
from .limits import MAX_FILE_BYTES, MAX_NOTATION_CHARS, MAX_SUGGESTED_KEY_CHARS, MAX_SUGGESTIONS
from .located_yaml import NULL_TAG, MappingNode, Node, ScalarNode, SequenceNode, TooLarge, compose

__all__ = ["FieldReader", "read_root"]

T = TypeVar("T")

_new_span = cast("Callable[[type[Span], tuple[str, int, int, int, int]], Span]", tuple.__new__)

_LONG_SEATS = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W", "DEALER": "Z"}


class FieldReader:
    """The file being read (its path and lines) and the problems found in it so far."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.lines = text.splitlines()
        self.diags: list[Diagnostic] = []
        self.suggestions = 0  # unknown keys given a "did you mean" so far (MAX_SUGGESTIONS)

    # -- reporting ------------------------------------------------------------------------------

    def span(self, node: Node) -> Span:
        s, e = node.start_mark, node.end_mark
        # tuple.__new__: Span's generated constructor costs twice as much, and every value read makes one
        return _new_span(Span, (self.path, s.line + 1, s.column + 1, e.line + 1, e.column + 1))

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
        """The node's keys (among ``allowed``) with their key and value nodes; {} if not a mapping."""
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
                close = self._suggest(key, allowed)
                hint = f"did you mean {close!r}?" if close else f"allowed here: {', '.join(allowed)}"
                self.error("unknown-key", f"unknown key {_quoted(key)} in {what}", knode, hint)
                continue
            out[key] = (knode, vnode)
        return out

    def _suggest(self, key: str, allowed: tuple[str, ...]) -> str | None:
        """The allowed key nearest a misspelt one, for the first MAX_SUGGESTIONS short ones only
        (each costs a fuzzy comparison with every allowed key)."""
        if self.suggestions >= MAX_SUGGESTIONS or len(key) > MAX_SUGGESTED_KEY_CHARS:
            return None
        self.suggestions += 1
        import difflib  # a misspelt key only: a valid hand never needs the fuzzy match

        close = difflib.get_close_matches(key, allowed, n=1)
        return close[0] if close else None

    def items(self, node: Node, what: str) -> list[Node]:
        """The items of a list; [] (reported) if the node is not one."""
        if isinstance(node, SequenceNode):
            return list(node.value)
        self.error("wrong-type", f"{what} should be a list", node)
        return []

    def scalar(self, node: Node, what: str) -> str | None:
        if isinstance(node, ScalarNode):
            if node.tag == NULL_TAG or not node.value.strip():
                self.error("missing-value", f"{what} is empty", node)
                return None
            return node.value
        self.error("wrong-type", f"{what} should be a single value, not a {_kind(node)}", node)
        return None

    def integer(self, node: Node, what: str, lo: int, hi: int) -> int | None:
        """A whole number from ``lo`` to ``hi`` in ASCII digits (read by ``read_number``: never
        more digits than ``hi`` has, so no value, however long, is converted)."""
        text = self.scalar(node, what)
        if text is None:
            return None
        t = text.strip()
        digits = t.removeprefix("-")
        if not digits or not all("0" <= ch <= "9" for ch in digits):
            self.error("wrong-type", f"{what} should be a whole number, not {_quoted(text)}", node)
            return None
        value = None if t.startswith("-") else read_number(t, hi)
        if value is None or value < lo:
            shown = t if len(t) <= len(str(hi)) + 2 else f"a number of {len(t):,} digits"
            self.error("out-of-range", f"{what} should be between {lo} and {hi}, not {shown}", node)
            return None
        return value

    def notation(self, node: Node, what: str) -> str | None:
        """A single value written in card notation (a seat, a card, a trump…), bounded by
        :meth:`too_long`."""
        text = self.scalar(node, what)
        return None if text is None or self.too_long(node, what) else text

    def too_long(self, node: Node, what: str) -> bool:
        """Whether a value in card notation (a row, a hand, the calls, a result line: a scalar, or a
        list or mapping read as one) is longer in all than MAX_NOTATION_CHARS; reported if so.
        Reading notation costs far more a character than prose, so it is bounded first."""
        if isinstance(node, ScalarNode):
            if len(node.value) <= MAX_NOTATION_CHARS:
                return False  # the common case, decided without a list
            parts: list[Node] = [node]
        elif isinstance(node, SequenceNode):
            parts = list(node.value)
        elif isinstance(node, MappingNode):
            parts = [n for pair in node.value for n in pair]
        else:
            return False
        total = sum(len(p.value) for p in parts if isinstance(p, ScalarNode))
        if total <= MAX_NOTATION_CHARS and len(parts) <= MAX_NOTATION_CHARS:
            return False
        self.error(
            "value-too-long",
            f"{what} is {total:,} characters long; a value in card notation may be at most "
            f"{MAX_NOTATION_CHARS:,}",
            node,
            "a row of cards, a hand or a line of calls is a few dozen characters: "
            "is a line break, a closing quote or a bracket missing?",
        )
        return True

    def text(self, node: Node, what: str) -> Located[str] | None:
        """A single value as written, with its span."""
        text = self.scalar(node, what)
        return None if text is None else Located(text, self.span(node))

    def located(self, node: Node, what: str, convert: Callable[[str], T]) -> Located[T] | None:
        """A single value read by ``convert`` (a card, a strain, …); a reader's error is reported."""
        text = self.notation(node, what)
        if text is None:
            return None
        try:
            return Located(convert(text), self.span(node))
        except CardSyntaxError as exc:
            self.error("bad-value", f"{what}: {exc}", node, exc.hint)
            return None

    def seat(self, node: Node, what: str) -> Located[str] | None:
        """A seat as written: a book letter (A Y B Z) or a compass seat (N E S W), upper-cased."""
        text = self.notation(node, what)
        if text is None:
            return None
        t = text.strip().upper()
        t = _LONG_SEATS.get(t, t)
        if t not in SEAT_WORDS:
            self.error(
                "bad-seat",
                f"{what}: {_quoted(text)} is not a seat",
                node,
                "write a book letter (A, Y, B, Z) or a compass seat (N, E, S, W)",
            )
            return None
        return Located(t, self.span(node))


def _quoted(text: str, most: int = 60) -> str:
    """``text`` quoted for a message, cut to ``most`` characters (a key or value may be huge)."""
    return repr(text) if len(text) <= most else repr(text[:most]) + f"… ({len(text):,} characters)"


def _kind(node: Node) -> str:
    return {MappingNode: "mapping", SequenceNode: "list", ScalarNode: "single value"}.get(type(node), "node")


def read_root(r: FieldReader, text: str, what: str) -> Node | None:
    """The document's root node, or None with the reason reported (``what``: hand or rubber)."""
    path = r.path
    need = f"a {what} file needs content; see docs/hand-format.md"
    if len(text) > MAX_FILE_BYTES:
        r.error(
            "file-too-large",
            f"the file is {len(text):,} characters long; a {what} file may be at most {MAX_FILE_BYTES:,}",
            Span(path, 1, 1),
            f"a {what} file is a few kilobytes: is this the right file?",
        )
        return None
    if not text.strip() or all(not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines()):
        r.error("empty-file", "the file is empty", Span(path, 1, 1), need)
        return None
    try:
        root = compose(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        span = Span(path, mark.line + 1, mark.column + 1) if mark else Span(path, 1, 1)
        message = " ".join(str(p) for p in (exc.context, exc.problem) if p)
        r.error("yaml-syntax", f"this is not valid YAML: {message}", span, _yaml_hint(message))
        return None
    except yaml.YAMLError as exc:
        r.error("yaml-syntax", f"this is not valid YAML: {exc}", Span(path, 1, 1))
        return None
    except TooLarge as exc:
        r.diags.append(replace(exc.diagnostic, span=Span(path, exc.mark.line + 1, exc.mark.column + 1)))
        return None
    if root is None:
        r.error("empty-file", "the file has no content", Span(path, 1, 1))
        return None
    if isinstance(root, MappingNode) and not root.value:
        r.error("empty-file", "the file is an empty mapping", root, need)
        return None
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
