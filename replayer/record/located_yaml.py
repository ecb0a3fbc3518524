"""YAML read as a tree of located nodes: every value keeps its line and column.

The tree is built from the parser's events without recursion, under the limits of :mod:`.limits`
(depth, values, items, length), so that no file, however deeply nested, large or full of aliases,
can exhaust the stack, the memory or the time: the first limit passed stops the parser there.  Tags are kept only as far as the reader needs
them (null or string): YAML 1.1's surprises (``Y`` and ``N`` read as booleans, ``10`` as a number)
never happen, because every scalar stays text.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any, Protocol

import yaml

from .diagnostics import Diagnostic, Severity
from .limits import MAX_DEPTH, MAX_ITEMS, MAX_TEXT_CHARS, MAX_VALUES

__all__ = [
    "Mark",
    "Node",
    "ScalarNode",
    "SequenceNode",
    "MappingNode",
    "NULL_TAG",
    "STR_TAG",
    "TooLarge",
    "compose",
    "pick_loader",
    "SLOW_YAML",
]

#: said once (Python's warnings show a warning once a place) when PyYAML has no libyaml
SLOW_YAML = (
    "PyYAML was built without libyaml: hand files are read by its pure-Python parser, about twice "
    "as slowly (reinstall PyYAML with libyaml, e.g. pip install --force-reinstall --no-binary=pyyaml pyyaml "
    "with libyaml-dev installed)"
)


def pick_loader(module: object) -> type[yaml.SafeLoader] | type[yaml.CSafeLoader]:
    """libyaml's loader (it gives the same marks, ten times faster); without it, PyYAML's own, with a
    RuntimeWarning rather than a silent slowdown."""
    loader = getattr(module, "CSafeLoader", None)
    if loader is None:
        warnings.warn(SLOW_YAML, RuntimeWarning, stacklevel=2)
        return yaml.SafeLoader
    return loader  # type: ignore[no-any-return]


_LOADER = pick_loader(yaml)

# The event classes, compared by identity in the tree builder's loop.
_SCALAR = yaml.ScalarEvent
_MAPPING_START = yaml.MappingStartEvent
_SEQUENCE_START = yaml.SequenceStartEvent
_MAPPING_END = yaml.MappingEndEvent
_SEQUENCE_END = yaml.SequenceEndEvent

STR_TAG = "tag:yaml.org,2002:str"
NULL_TAG = "tag:yaml.org,2002:null"
_NULLS = ("", "~", "null", "Null", "NULL")


class Mark(Protocol):
    """Where the parser stands: 0-based line and column (PyYAML's marks, C or Python)."""

    @property
    def line(self) -> int: ...

    @property
    def column(self) -> int: ...


class Node:
    """A node of the YAML tree with the positions the parser gave it (lighter than PyYAML's)."""

    __slots__ = ("tag", "value", "start_mark", "end_mark", "style", "size")

    value: object

    def __init__(
        self, tag: str, value: object, start_mark: Mark, end_mark: Mark, style: str | None = None
    ) -> None:
        self.tag = tag
        self.value = value
        self.start_mark = start_mark
        self.end_mark = end_mark
        self.style = style
        self.size = 1  # values in the subtree, aliases at full size (set when a collection closes)


class ScalarNode(Node):
    __slots__ = ()
    value: str


class SequenceNode(Node):
    __slots__ = ()
    value: list[Node]


class MappingNode(Node):
    __slots__ = ()
    value: list[tuple[Node, Node]]


class TooLarge(Exception):
    """The file passes one of the limits of :mod:`.limits` at ``mark``: ``diagnostic`` says which,
    naming the limit (its span is set by the reader, which knows the file's path)."""

    def __init__(self, mark: Mark, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.mark = mark
        self.diagnostic = diagnostic


def compose(text: str) -> Node | None:
    """The document's node tree (None for an empty stream).

    ``yaml.compose`` recurses once per level of nesting (in C with libyaml, where a deep enough
    file crashes the interpreter) and expands nothing, but a reader walking the tree walks an
    alias as often as it is used.  So the events are counted as they come: past MAX_DEPTH levels,
    MAX_VALUES values (an alias counted at the size of what it repeats), MAX_ITEMS items in one
    collection or MAX_TEXT_CHARS characters in one value, :class:`TooLarge` is raised at that
    event, and nothing after it is parsed.  Bad YAML raises PyYAML's errors, with their marks.
    """
    parser = _LOADER(text)
    try:
        return _build(iter(parser.get_event, None))
    finally:
        parser.dispose()


def _build(events: Iterator[Any]) -> Node | None:
    # One loop over the events, dispatched on the event's exact class (PyYAML's event classes are
    # final; so the events are typed Any, as isinstance would narrow them), with the limits checked
    # inline: this runs once for every value of every file read.
    # open collections: each with its items, its item limit and the values counted before it; the
    # innermost one's items and limit are also kept in locals, so that a scalar (most events) is
    # appended without unpacking the top of the stack.  ``top`` holds the root (one document).
    stack: list[tuple[Node, list[Node], int, int]] = []
    anchors: dict[str, Node] = {}
    top: list[Node] = []
    items, limit = top, MAX_VALUES
    documents = 0
    values = 0
    for ev in events:
        kind = type(ev)
        node: Node
        if kind is _SCALAR:
            value = ev.value
            if len(value) > MAX_TEXT_CHARS:
                _check_length(value, ev.start_mark)
            style = ev.style
            tag = NULL_TAG if not style and value in _NULLS else STR_TAG
            node = ScalarNode(tag, value, ev.start_mark, ev.end_mark, style)
            if ev.anchor:
                anchors[ev.anchor] = node
            values += 1
        elif kind is _MAPPING_END or kind is _SEQUENCE_END:
            node, _items, _limit, before = stack.pop()
            if kind is _MAPPING_END:
                pairs = iter(items)  # key, value, key, value…: paired without slicing
                node.value = list(zip(pairs, pairs, strict=True))
            else:
                node.value = items
            node.end_mark = ev.end_mark
            node.size = values - before  # itself and its items, each at its size
            _parent, items, limit, _before = stack[-1] if stack else (node, top, MAX_VALUES, 0)
        elif kind is _MAPPING_START or kind is _SEQUENCE_START:
            start: Mark = ev.start_mark
            if len(stack) >= MAX_DEPTH:
                raise _too_deep(start)
            values = _count(values, 1, start)
            mapping = kind is _MAPPING_START
            coll = (MappingNode if mapping else SequenceNode)(
                "", [], start, ev.end_mark, "flow" if ev.flow_style else None
            )
            if ev.anchor:
                anchors[ev.anchor] = coll
            items, limit = [], 2 * MAX_ITEMS if mapping else MAX_ITEMS
            stack.append((coll, items, limit, values - 1))
            continue
        elif kind is yaml.AliasEvent:
            node = _alias(anchors, ev, ev.start_mark, stack)
            values += node.size
        elif kind is yaml.StreamEndEvent:
            break
        elif kind is yaml.DocumentStartEvent:
            documents += 1
            _single_document(documents, ev.start_mark)
            continue
        else:
            continue
        if values > MAX_VALUES:
            _count(values, 0, ev.start_mark)
        items.append(node)
        if len(items) > limit:
            _too_many_items(stack[-1][0], ev.start_mark)
    return top[-1] if top else None


def _count(values: int, more: int, mark: Mark) -> int:
    """The values read so far, with ``more``; refused past MAX_VALUES."""
    values += more
    if values > MAX_VALUES:
        message = (
            f"the file holds more than {MAX_VALUES:,} values (every key, value and list item, "
            "an alias counted as often as it repeats them)"
        )
        hint = "a hand holds a few hundred: is this a hand file? Look for repeated rows or aliases (*name)"
        raise TooLarge(mark, Diagnostic("too-many-values", Severity.ERROR, message, None, hint))
    return values


def _too_many_items(coll: Node, mark: Mark) -> None:
    """Refuse a collection past MAX_ITEMS items (or keys)."""
    mapping = isinstance(coll, MappingNode)
    what = "keys" if mapping else "items"
    message = (
        f"this {'mapping' if mapping else 'list'} (line {coll.start_mark.line + 1}) has more than "
        f"{MAX_ITEMS:,} {what}"
    )
    hint = "a deal has 13 tricks and a hand a few dozen notes: look for rows or keys repeated by mistake"
    raise TooLarge(mark, Diagnostic("too-many-items", Severity.ERROR, message, None, hint))


def _check_length(value: str, mark: Mark) -> None:
    if len(value) > MAX_TEXT_CHARS:
        message = f"this value is {len(value):,} characters long; a value may be at most {MAX_TEXT_CHARS:,}"
        hint = "a note or a transcription is a few thousand characters at most: is a closing quote missing?"
        raise TooLarge(mark, Diagnostic("value-too-long", Severity.ERROR, message, None, hint))


def _too_deep(mark: Mark) -> TooLarge:
    message = f"the file nests lists or mappings more than {MAX_DEPTH} levels deep; a hand needs four"
    hint = "a hand file nests a few levels at most: look for runs of brackets, dashes or '?'"
    return TooLarge(mark, Diagnostic("yaml-too-deep", Severity.ERROR, message, None, hint))


def _alias(
    anchors: dict[str, Node], ev: yaml.AliasEvent, mark: Mark, stack: list[tuple[Node, list[Node], int, int]]
) -> Node:
    """The node an alias (``*name``) stands for; refused inside the collection it names."""
    if ev.anchor not in anchors:
        raise yaml.composer.ComposerError(
            None, None, f"found undefined alias {ev.anchor!r}", _error_mark(mark)
        )
    node = anchors[ev.anchor]
    if any(entry[0] is node for entry in stack):
        raise yaml.composer.ComposerError(
            None, None, f"found the alias {ev.anchor!r} inside the collection it names", _error_mark(mark)
        )
    return node


def _single_document(documents: int, mark: Mark) -> None:
    """A hand file is one YAML document: refuse a second."""
    if documents > 1:
        raise yaml.composer.ComposerError(
            "expected a single document in the stream",
            None,
            "but found another document",
            _error_mark(mark),
        )


def _error_mark(mark: Mark) -> yaml.error.Mark:
    """The parser's mark (libyaml's or PyYAML's) as PyYAML's errors take it: only the place counts."""
    return yaml.error.Mark("", 0, mark.line, mark.column, None, 0)
