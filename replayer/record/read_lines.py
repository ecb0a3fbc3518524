"""Reading a note's decision point (``question``) and its alternative lines (``lines``).

Syntax only, like the rest of :mod:`replayer.record`: the seat is kept as written, the line's rows
as the play's rows are kept (each card with its span); whether the question's seat plays at its
trick, and whether a line's cards are legal, is the validator's (:mod:`replayer.validation.lines`).
"""

from __future__ import annotations

from ..rules.cards import parse_card
from .fields import FieldReader
from .hand import LineRecord, QuestionRecord
from .keys import LINE_KEYS, OUTCOME_KEYS, QUESTION_KEYS
from .located_yaml import MappingNode, Node
from .read_cards import read_tricks
from .sides import SIDE_WORDS

__all__ = ["read_question", "read_lines", "read_outcome"]

_Fields = dict[str, tuple[Node, Node]]


def read_question(r: FieldReader, node: Node, tricks: list[int]) -> QuestionRecord | None:
    """``question: {seat, ask, trick, answer}``: the seat that chooses, at the note's first trick
    unless ``trick`` says otherwise."""
    m = r.mapping(node, QUESTION_KEYS, "a question")
    if "seat" not in m:
        if isinstance(node, MappingNode):
            r.error("missing-key", "a question needs the seat that must choose", node, "e.g. seat: B")
        return None
    seat = r.seat(m["seat"][1], "question seat")
    trick = r.integer(m["trick"][1], "question trick", 1, 13) if "trick" in m else None
    if trick is None and "trick" not in m:
        if not tricks:
            r.error(
                "missing-key",
                "a question must say its trick: on the note (trick: N) or in the question",
                node,
                "the question is asked before the seat plays to that trick",
            )
            return None
        trick = tricks[0]
    ask = r.text(m["ask"][1], "question ask") if "ask" in m else None
    answer = r.located(m["answer"][1], "question answer", parse_card) if "answer" in m else None
    if seat is None or trick is None:
        return None
    return QuestionRecord(seat, trick, r.span(node), ask, answer)


def read_lines(r: FieldReader, node: Node) -> tuple[LineRecord, ...]:
    """``lines: [{title, trick, tricks, result, text, source}]``: each an alternative line of play."""
    out: list[LineRecord] = []
    for item in r.items(node, "lines"):
        m = r.mapping(item, LINE_KEYS, "a line")
        missing = [k for k in ("trick", "tricks") if k not in m]
        if missing:
            if isinstance(item, MappingNode):
                r.error(
                    "missing-key",
                    f"a line needs {' and '.join(missing)}",
                    item,
                    "trick: the trick its first row replaces; tricks: its rows, in the play's columns",
                )
            continue
        trick = r.integer(m["trick"][1], "line trick", 1, 13)
        if trick is None:
            continue
        rows = read_tricks(r, m["tricks"][1], trick)
        if not rows:
            if rows is not None:
                r.error(
                    "bad-value",
                    "a line has no rows",
                    m["tricks"][1],
                    "give at least the trick it branches in",
                )
            continue
        title = r.text(m["title"][1], "line title") if "title" in m else None
        outcome = read_outcome(r, m["result"][1]) if "result" in m else {}
        text = r.scalar(m["text"][1], "line text") if "text" in m else None
        source = r.scalar(m["source"][1], "line source") if "source" in m else None
        out.append(
            LineRecord(
                trick,
                rows,
                r.span(item),
                title,
                outcome,
                r.span(m["result"][1]) if "result" in m else None,
                text,
                source,
            )
        )
    return tuple(out)


def read_outcome(r: FieldReader, node: Node) -> dict[str, object]:
    """What a claim says would follow, or follows: {side, game, tricks, by_cards}."""
    outcome: dict[str, object] = {}
    for key, (_, v) in r.mapping(node, OUTCOME_KEYS, "a claim's outcome").items():
        text = r.scalar(v, f"outcome {key}")
        if text is None:
            continue
        if key == "side":
            side = SIDE_WORDS.get(text.strip().upper())
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
    return outcome
