"""Reading the ``interop`` block an import writes (docs/hand-format.md): what a PBN or LIN board
carries beyond our format, kept so that exporting the hand again loses nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.cards import Card, scan_cards
from ..rules.notation import read_number
from .fields import FieldReader
from .keys import INTEROP_FORMATS, INTEROP_KEYS, VULNERABILITIES
from .located_yaml import Node, ScalarNode, SequenceNode

if TYPE_CHECKING:  # imported where one is made: only an imported hand has one (see hand_extras)
    from .hand_extras import InteropRecord

__all__ = ["read_interop"]

_Fields = dict[str, tuple[Node, Node]]


def read_interop(r: FieldReader, node: Node) -> InteropRecord | None:
    """The block, or None (reported) when it does not say which format it came from."""
    from .hand_extras import InteropRecord

    m = r.mapping(node, INTEROP_KEYS, "interop")
    fmt = r.scalar(m["from"][1], "interop from") if "from" in m else None
    if fmt is None or fmt.strip().lower() not in INTEROP_FORMATS:
        r.error(
            "bad-value",
            "interop needs 'from: pbn' or 'from: lin' (the format the hand was imported from)",
            m["from"][1] if "from" in m else node,
        )
        return None
    return InteropRecord(
        fmt.strip().lower(),
        r.span(node),
        board=r.scalar(m["board"][1], "interop board") if "board" in m else None,
        vulnerable=_vulnerable(r, m["vulnerable"][1]) if "vulnerable" in m else None,
        result=_result(r, m["result"][1]) if "result" in m else None,
        unfinished=_unfinished(r, m["unfinished"][1]) if "unfinished" in m else (),
        tags=_tags(r, m["tags"][1]) if "tags" in m else (),
        directives=_directives(r, m["directives"][1]) if "directives" in m else (),
        commentary=_commentary(r, m["commentary"][1]) if "commentary" in m else (),
    )


def _vulnerable(r: FieldReader, node: Node) -> str | None:
    vul = r.scalar(node, "interop vulnerable")
    if vul not in VULNERABILITIES:
        r.error("bad-value", f"vulnerable {vul!r}: write None, NS, EW or All", node)
        return None
    return vul


def _result(r: FieldReader, node: Node) -> int | None:
    """The declarer's tricks as the file gives them: a whole number from 0 to 13."""
    res = r.scalar(node, "interop result")
    if res is None:
        return None
    tricks = read_number(res, 13)
    if tricks is None:
        shown = repr(res) if len(res) <= 20 else f"of {len(res):,} characters"
        r.error(
            "bad-value",
            f"interop result {shown}: the declarer's tricks, a whole number from 0 to 13",
            node,
            "write the tricks in digits, e.g. 'result: 9'",
        )
    return tricks


def _unfinished(r: FieldReader, node: Node) -> tuple[Card, ...]:
    """Up to three cards: the unfinished last trick, in play order."""
    text = r.notation(node, "interop unfinished") or ""
    toks = scan_cards(text)
    if any(t.card is None for t in toks) or len(toks) > 3:
        r.error(
            "bad-value",
            "interop unfinished: up to three cards, the unfinished trick in play order",
            node,
        )
        return ()
    return tuple(t.card for t in toks if t.card is not None)


def _tags(r: FieldReader, node: Node) -> tuple[tuple[str, str], ...]:
    """The file's other tags, as [Name, "value"] pairs."""
    tags = []
    for item in r.items(node, "interop tags"):
        pair = item.value if isinstance(item, SequenceNode) else None
        if pair is None or len(pair) != 2 or not all(isinstance(x, ScalarNode) for x in pair):
            r.error("wrong-type", 'an interop tag is a pair: [Name, "value"]', item)
            continue
        tags.append((str(pair[0].value), str(pair[1].value)))
    return tuple(tags)


def _directives(r: FieldReader, node: Node) -> tuple[str, ...]:
    return tuple(
        t for item in r.items(node, "interop directives") if (t := r.scalar(item, "a directive")) is not None
    )


def _commentary(r: FieldReader, node: Node) -> tuple[tuple[str, str], ...]:
    """Commentary not attached to a trick: (where it stood, its text)."""
    found = []
    for item in r.items(node, "interop commentary"):
        c = r.mapping(item, ("at", "text"), "interop commentary")
        at = r.scalar(c["at"][1], "commentary at") if "at" in c else ""
        said = r.scalar(c["text"][1], "commentary text") if "text" in c else None
        if said is not None:
            found.append((at or "", said))
    return tuple(found)
