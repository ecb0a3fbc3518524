"""Read a review file: a reviewer's verdict on each finding the engine shows on one hand.

``evaluation/<book>/hand-N.yaml`` (docs/evaluation.md) is a mapping with ``findings``, a list of
{trick, detector, label, seat, cards, verdict, why}.  ``verdict: ~`` is a verdict still to give (a
review skeleton is written so); ``why`` is required for any verdict but ``right``.  Like every reader
here it never raises on its input: the problems come back as located diagnostics.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.cards import Card, parse_card
from .diagnostics import Diagnostic, Located, Span
from .fields import FieldReader, read_root
from .keys import REVIEW_ENTRY_KEYS, REVIEW_KEYS, VERDICTS
from .located_yaml import NULL_TAG, MappingNode, Node, ScalarNode, SequenceNode

__all__ = ["ReviewEntry", "load_review"]


@dataclass(frozen=True, slots=True)
class ReviewEntry:
    """One finding as its reviewer wrote it down, and the verdict (None: not yet given)."""

    span: Span
    trick: int
    detector: Located[str]
    label: str
    seat: Located[str] | None  # as written: a book letter or a compass letter
    cards: tuple[Card, ...]
    verdict: str | None
    why: str | None
    seen: str | None = None  # the fingerprint of the words judged, when recorded


def load_review(text: str, path: str) -> tuple[tuple[ReviewEntry, ...], list[Diagnostic]]:
    """The entries of a review file, and the problems found in it."""
    r = FieldReader(path, text)
    root = read_root(r, text, "review")
    if root is None:
        return (), r.diags
    top = r.mapping(root, REVIEW_KEYS, "the review file")
    if "findings" not in top:
        if isinstance(root, MappingNode):
            r.error("missing-key", "the review file has no 'findings'", root, "see docs/evaluation.md")
        return (), r.diags
    node = top["findings"][1]
    if _null(node):
        return (), r.diags  # findings: ~ — nothing shown on this hand
    entries = [_entry(r, item) for item in r.items(node, "findings")]
    return tuple(e for e in entries if e is not None), r.diags


def _null(node: Node) -> bool:
    return isinstance(node, ScalarNode) and (node.tag == NULL_TAG or not node.value.strip())


def _entry(r: FieldReader, item: Node) -> ReviewEntry | None:
    m = r.mapping(item, REVIEW_ENTRY_KEYS, "a review")
    if not isinstance(item, MappingNode):
        return None
    missing = [k for k in ("trick", "detector", "label", "verdict") if k not in m]
    if missing:
        r.error(
            "missing-key",
            f"a review needs {', '.join(missing)}",
            item,
            "each review names its finding (trick, detector, label, seat, cards) and gives a verdict",
        )
        return None
    trick = r.integer(m["trick"][1], "review trick", 1, 13)
    detector = r.text(m["detector"][1], "review detector")
    label = r.scalar(m["label"][1], "review label")
    seat = None if "seat" not in m or _null(m["seat"][1]) else r.seat(m["seat"][1], "review seat")
    cards = _cards(r, m["cards"][1]) if "cards" in m else ()
    verdict = _verdict(r, m["verdict"][1])
    why = None if "why" not in m or _null(m["why"][1]) else r.scalar(m["why"][1], "review why")
    seen = None if "seen" not in m or _null(m["seen"][1]) else r.scalar(m["seen"][1], "review seen")
    if verdict is not None and verdict != "right" and why is None:
        r.error(
            "missing-key",
            f"a review with the verdict {verdict!r} needs 'why'",
            m["verdict"][1],
            "say in a few words, from the cards, what is wrong with the finding",
        )
        return None
    if trick is None or detector is None or label is None or cards is None:
        return None
    if "seat" in m and seat is None and not _null(m["seat"][1]):
        return None
    return ReviewEntry(r.span(item), trick, detector, label.strip(), seat, cards, verdict, why, seen)


def _verdict(r: FieldReader, node: Node) -> str | None:
    if _null(node):
        return None
    text = r.scalar(node, "review verdict")
    if text is None:
        return None
    if text.strip() not in VERDICTS:
        r.error(
            "bad-value",
            f"review verdict {text[:40]!r} is not one of {', '.join(VERDICTS)}",
            node,
            "right; words (the right technique, wrong words); misleading; wrong; or ~ (not yet reviewed)",
        )
        return None
    return text.strip()


def _cards(r: FieldReader, node: Node) -> tuple[Card, ...] | None:
    """The finding's cards: a list (``[♦2, ♦7]``), one card, or nothing (``~``, ``[]``)."""
    if _null(node):
        return ()
    items = list(node.value) if isinstance(node, SequenceNode) else [node]
    cards: list[Card] = []
    for item in items:
        card = r.located(item, "review card", parse_card)
        if card is None:
            return None
        cards.append(card.value)
    return tuple(cards)
