"""YAML read as a tree of located nodes: every value keeps its line and column.

The tree is built from the parser's events without recursion and with a depth limit, so that no
file, however deeply nested, can exhaust the stack.  Tags are kept only as far as the reader needs
them (null or string): YAML 1.1's surprises (``Y`` and ``N`` read as booleans, ``10`` as a number)
never happen, because every scalar stays text.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

import yaml
from yaml.events import Event

__all__ = [
    "Mark",
    "Node",
    "ScalarNode",
    "SequenceNode",
    "MappingNode",
    "MAX_DEPTH",
    "NULL_TAG",
    "TooDeep",
    "compose",
]

# libyaml's loader when PyYAML was built with it (it gives the same marks, ten times faster).
_LOADER: type[yaml.SafeLoader] | type[yaml.CSafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: how deep lists and mappings may nest; a hand file needs a few levels
MAX_DEPTH = 64
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

    __slots__ = ("tag", "value", "start_mark", "end_mark", "style")

    value: object

    def __init__(
        self, tag: str, value: object, start_mark: Mark, end_mark: Mark, style: str | None = None
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


class TooDeep(Exception):
    """The file nests lists or mappings deeper than :data:`MAX_DEPTH`; ``mark`` is where."""

    def __init__(self, mark: Mark) -> None:
        self.mark = mark


def compose(text: str) -> Node | None:
    """The document's node tree (None for an empty stream).

    ``yaml.compose`` recurses once per level of nesting (in C with libyaml, where a deep enough
    file crashes the interpreter); hand files nest a few levels, so anything past MAX_DEPTH is
    refused with :class:`TooDeep`.  Bad YAML raises PyYAML's errors, with their marks.
    """
    parser = _LOADER(text)
    try:
        return _build(iter(parser.get_event, None))
    finally:
        parser.dispose()


def _build(events: Iterator[Event]) -> Node | None:
    stack: list[tuple[Node, list[Node]]] = []
    anchors: dict[str, Node] = {}
    root: Node | None = None
    documents = 0
    for ev in events:
        start, end = ev.start_mark, ev.end_mark
        assert start is not None and end is not None  # the parser marks every event
        node: Node
        if isinstance(ev, yaml.ScalarEvent):
            tag = NULL_TAG if not ev.style and ev.value in _NULLS else STR_TAG
            node = ScalarNode(tag, ev.value, start, end, ev.style)
            if ev.anchor:
                anchors[ev.anchor] = node
        elif isinstance(ev, yaml.CollectionStartEvent):
            if len(stack) >= MAX_DEPTH:
                raise TooDeep(start)
            cls = MappingNode if isinstance(ev, yaml.MappingStartEvent) else SequenceNode
            coll = cls("", [], start, end, "flow" if ev.flow_style else None)
            if ev.anchor:
                anchors[ev.anchor] = coll
            stack.append((coll, []))
            continue
        elif isinstance(ev, yaml.CollectionEndEvent):
            node, items = stack.pop()
            node.value = (
                list(zip(items[0::2], items[1::2], strict=True)) if isinstance(node, MappingNode) else items
            )
            node.end_mark = end
        elif isinstance(ev, yaml.AliasEvent):
            node = _alias(anchors, ev, start)
        elif isinstance(ev, yaml.StreamEndEvent):
            break
        elif isinstance(ev, yaml.DocumentStartEvent):
            documents += 1
            _single_document(documents, start)
            continue
        else:
            continue
        if stack:
            stack[-1][1].append(node)
        else:
            root = node
    return root


def _alias(anchors: dict[str, Node], ev: yaml.AliasEvent, mark: Mark) -> Node:
    """The node an alias (``*name``) stands for."""
    if ev.anchor not in anchors:
        raise yaml.composer.ComposerError(
            None, None, f"found undefined alias {ev.anchor!r}", _error_mark(mark)
        )
    return anchors[ev.anchor]


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
