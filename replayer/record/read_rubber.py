"""Read a rubber file: the rule set and its deals in order, each a hand file or a result line."""

from __future__ import annotations

from ..rules.cards import Strain
from .diagnostics import Diagnostic, Located
from .fields import FieldReader, read_root
from .hand_extras import RubberDealRecord, RubberRecord
from .keys import RUBBER_DEAL_KEYS, RUBBER_KEYS
from .located_yaml import MappingNode, Node
from .reader import read_source
from .sides import RUBBER_SIDES

__all__ = ["load_rubber"]


def load_rubber(text: str, path: str) -> tuple[RubberRecord | None, list[Diagnostic]]:
    """Read a rubber file.  Returns the record (None when nothing usable) and the problems found."""
    r = FieldReader(path, text)
    root = read_root(r, text, "rubber")
    if root is None:
        return None, r.diags
    top = r.mapping(root, RUBBER_KEYS, "the rubber")
    title = r.text(top["title"][1], "title") if "title" in top else None
    rules = r.text(top["rules"][1], "rules") if "rules" in top else None
    source = read_source(r, top["source"][1]) if "source" in top else None
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
        for item in r.items(top["deals"][1], "deals"):
            deal = _deal(r, item)
            if deal is not None:
                deals.append(deal)
    return RubberRecord(path, r.span(root), title, rules, source, tuple(deals)), r.diags


def _deal(r: FieldReader, item: Node) -> RubberDealRecord | None:
    """One deal of the rubber: {hand} or {result, trump, declarer, doubled}, and a label."""
    m = r.mapping(item, RUBBER_DEAL_KEYS, "a deal")
    if ("hand" in m) == ("result" in m):
        if isinstance(item, MappingNode):
            r.error(
                "missing-key",
                "a deal gives either 'hand' (a hand file) or 'result' (the book's result line)",
                item,
            )
        return None
    hand = r.text(m["hand"][1], "deal hand") if "hand" in m else None
    result = None
    if "result" in m and not r.too_long(m["result"][1], "deal result"):
        result = r.text(m["result"][1], "deal result")
    label = r.text(m["label"][1], "deal label") if "label" in m else None
    trump = r.located(m["trump"][1], "deal trump", Strain.parse) if "trump" in m else None
    declarer = None
    if "declarer" in m:
        text_side = r.scalar(m["declarer"][1], "deal declarer")
        side = RUBBER_SIDES.get((text_side or "").strip().upper())
        if side is None:
            r.error(
                "bad-value",
                f"deal declarer {text_side!r} is not a side",
                m["declarer"][1],
                "write WE, THEY, AB, YZ, NS or EW",
            )
        else:
            declarer = Located(side, r.span(m["declarer"][1]))
    doubled = (r.integer(m["doubled"][1], "deal doubled", 0, 10) or 0) if "doubled" in m else 0
    return RubberDealRecord(
        r.span(item), hand=hand, result=result, trump=trump, declarer=declarer, doubled=doubled, label=label
    )
