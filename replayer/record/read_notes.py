"""Reading the words a hand carries beside its cards: notes and the author's claims in them, the
problem set, the book's own errors, and the record of how the hand was transcribed."""

from __future__ import annotations

import functools
import re
from dataclasses import replace
from typing import TYPE_CHECKING

from ..rules.cards import Rank, Strain, Suit, parse_card, parse_ranks
from ..rules.notation import read_number
from .diagnostics import Located
from .fields import FieldReader
from .hand import (
    ClaimKind,
    ClaimRecord,
    NoteRecord,
    ReadingRecord,
    ResultPart,
    TranscriptionRecord,
)
from .keys import (
    BOOK_ERROR_KEYS,
    CLAIM_KEYS,
    CLAIM_KINDS,
    NOTE_KEYS,
    PROBLEM_KEYS,
    READING_KEYS,
    TECHNIQUE_NAMES,
    TRANSCRIPTION_KEYS,
)
from .located_yaml import MappingNode, Node, ScalarNode, SequenceNode
from .read_lines import read_lines, read_outcome, read_question
from .sides import SIDE_WORDS

if TYPE_CHECKING:  # imported where one is made: most hands have neither (see hand_extras)
    from .hand_extras import BookErrorRecord, ProblemRecord

__all__ = ["read_notes", "read_problem", "read_book_errors", "read_transcription"]

_Fields = dict[str, tuple[Node, Node]]


def read_notes(r: FieldReader, node: Node) -> tuple[NoteRecord, ...]:
    """The notes: one text on the whole hand, or a list of texts and {trick(s), text, source, claims,
    techniques, question, lines}."""
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
        tricks = _note_tricks(r, m)
        source = r.scalar(m["source"][1], "note source") if "source" in m else None
        claims = _claims(r, m["claims"][1]) if "claims" in m else ()
        techniques = _techniques(r, m["techniques"][1], tricks) if "techniques" in m else ()
        question = read_question(r, m["question"][1], tricks) if "question" in m else None
        lines = read_lines(r, m["lines"][1]) if "lines" in m else ()
        span = r.span(m["text"][1])
        out.append(NoteRecord(text, span, tuple(tricks), source, claims, techniques, question, lines))
    return tuple(out)


def _techniques(r: FieldReader, node: Node, tricks: list[int]) -> tuple[Located[str], ...]:
    """The techniques the author's note names at its tricks: ``[hold-up, re-entry]`` (or one name),
    each a name of the vocabulary (``TECHNIQUE_NAMES``, docs/evaluation.md)."""
    if not tricks:
        r.error(
            "bad-value",
            "a note naming techniques must say its trick (trick: N or tricks: [N, M])",
            node,
            "the evaluation looks for each technique at the note's tricks",
        )
        return ()
    items = [node] if isinstance(node, ScalarNode) else r.items(node, "note techniques")
    out: list[Located[str]] = []
    for item in items:
        name = r.scalar(item, "note technique")
        if name is None:
            continue
        name = name.strip()
        if name not in TECHNIQUE_NAMES:
            import difflib  # a misspelt name only: a valid hand never needs the fuzzy match

            close = difflib.get_close_matches(name.lower(), TECHNIQUE_NAMES, n=3, cutoff=0.5)
            hint = f"did you mean {' or '.join(close)}?" if close else "see docs/evaluation.md for the names"
            r.error("unknown-technique", f"no technique named {name[:40]!r}", item, hint)
            continue
        if any(t.value == name for t in out):
            r.error("duplicate-technique", f"the note names the technique {name!r} twice", item)
            continue
        out.append(Located(name, r.span(item)))
    return tuple(out)


def _note_tricks(r: FieldReader, m: _Fields) -> list[int]:
    """The tricks a note is about: ``trick: 4``, then ``tricks: [6, 7]`` or ``tricks: 6-8``."""
    tricks: list[int] = []
    if "trick" in m:
        value = r.integer(m["trick"][1], "note trick", 1, 13)
        if value is not None:
            tricks.append(value)
    if "tricks" not in m:
        return tricks
    tnode = m["tricks"][1]
    if isinstance(tnode, SequenceNode):
        for t in tnode.value:
            value = r.integer(t, "note trick", 1, 13)
            if value is not None:
                tricks.append(value)
        return tricks
    text_value = r.notation(tnode, "note tricks") or ""
    first, _, last = text_value.replace("–", "-").partition("-")
    lo, hi = read_number(first, 13), read_number(last, 13)
    if lo is not None and hi is not None and 1 <= lo <= hi:
        tricks.extend(range(lo, hi + 1))
    else:
        r.error(
            "bad-value",
            f"note tricks: cannot read {text_value[:60]!r}",
            tnode,
            "write a list [1, 2] or a range 1-2 (tricks 1 to 13)",
        )
    return tricks


# ---------------------------------------------------------------------------------------------
# The author's claims


def _claims(r: FieldReader, node: Node) -> tuple[ClaimRecord, ...]:
    out: list[ClaimRecord] = []
    for item in r.items(node, "claims"):
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
        claim = ClaimRecord(ClaimKind(kind), trick, quote, r.span(m["quote"][1]))
        claim = _claim_details(r, m, claim)
        if claim.kind is ClaimKind.HOLDING and (
            "seat" not in m or "suit" not in m or ("count" not in m and "at_least" not in m)
        ):
            r.error("missing-key", "a holding claim needs seat, suit and count (or at_least)", item)
            continue
        out.append(claim)
    return tuple(out)


def _claim_details(r: FieldReader, m: _Fields, claim: ClaimRecord) -> ClaimRecord:
    """The claim with what else it gives: seat, counts, suit, rank, card and outcome."""
    seat = r.seat(m["seat"][1], "claim seat") if "seat" in m else None
    count = r.integer(m["count"][1], "claim count", 0, 13) if "count" in m else None
    at_least = r.integer(m["at_least"][1], "claim at_least", 0, 13) if "at_least" in m else None
    suit = None
    if "suit" in m:
        loc = r.located(m["suit"][1], "claim suit", Strain.parse)
        if loc is not None:
            if loc.value.trump is None or loc.value is Strain.ROYAL_SPADES:
                r.error("bad-value", "claim suit should be a suit", m["suit"][1])
            else:
                suit = loc.value.trump
    loc_rank = r.located(m["above"][1], "claim above", Rank.parse) if "above" in m else None
    loc_card = r.located(m["card"][1], "claim card", parse_card) if "card" in m else None
    outcome = read_outcome(r, m["outcome"][1]) if "outcome" in m else {}
    return replace(
        claim,
        seat=seat,
        suit=suit,
        count=count,
        at_least=at_least,
        above=loc_rank.value if loc_rank is not None else None,
        card=loc_card.value if loc_card is not None else None,
        outcome=outcome,
    )


# ---------------------------------------------------------------------------------------------
# The problem, the book's errors, the transcription


def read_problem(r: FieldReader, node: Node) -> ProblemRecord | None:
    """The problem set: its text, or {text, side, tricks}."""
    from .hand_extras import ProblemRecord

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
            s = SIDE_WORDS.get(text.strip().upper())
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


#: what ``about`` may say of the result line; ``result`` alone is its honours, the usual case
_RESULT_PARTS = {
    "result": ResultPart.HONOURS,
    "result honours": ResultPart.HONOURS,
    "result honors": ResultPart.HONOURS,
    "result tricks": ResultPart.TRICKS,
    "result strain": ResultPart.STRAIN,
}


def read_book_errors(r: FieldReader, node: Node) -> tuple[BookErrorRecord, ...]:
    """Where the book disagrees with its own cards: {about: result [honours | tricks | strain] |
    trick N, text}, {about: card, trick, seat, printed, reading, text} for a misprinted card,
    {about: mark, trick, seat, text} for a winner mark on the wrong card, or {about: deal, seat,
    printed, reading, text} for a misprinted line of the deal diagram."""
    from .hand_extras import BookErrorRecord

    out = []
    for item in r.items(node, "book_errors"):
        m = r.mapping(item, BOOK_ERROR_KEYS, "a book error")
        if "about" not in m or "text" not in m:
            if isinstance(item, MappingNode):
                r.error("missing-key", "a book error needs 'about' (result, or trick N) and 'text'", item)
            continue
        about = r.notation(m["about"][1], "book error about")
        text = r.scalar(m["text"][1], "book error text")
        if about is None or text is None:
            continue
        about = about.strip().lower()
        trick = re.fullmatch(r"trick (1[0-3]|[1-9])", about)
        part = _RESULT_PARTS.get(about)
        if about in _PLACED:
            placed = _PLACED[about](r, m, item, about, text)
            if placed is not None:
                out.append(placed)
            continue
        if part is None and not trick:
            r.error(
                "bad-value",
                f"book error about {about!r}: write 'result' (its honours), 'result tricks', "
                "'result strain', 'trick N', 'card', 'mark' or 'deal'",
                m["about"][1],
            )
            continue
        extra = [k for k in ("trick", "seat", "printed", "reading") if k in m]
        if extra:
            r.error(
                "unknown-key",
                f"book error about {about!r}: {', '.join(extra)} belong to 'about: card', 'mark' or 'deal'",
                m[extra[0]][0],
            )
        number = read_number(trick.group(1), 13) if trick else None
        out.append(BookErrorRecord(about, text, r.span(m["about"][1]), number, part))
    return tuple(out)


def _needs(r: FieldReader, m: _Fields, item: Node, about: str, keys: tuple[str, ...]) -> bool:
    """The keys an entry of this kind must give, and none of the others."""
    missing = [k for k in keys if k not in m]
    if missing:
        r.error("missing-key", f"a book error about a {about} needs {', '.join(missing)}", item)
    extra = [k for k in ("trick", "seat", "printed", "reading") if k in m and k not in keys]
    if extra:
        r.error(
            "unknown-key",
            f"book error about {about!r}: {', '.join(extra)} do not belong here",
            m[extra[0]][0],
        )
    return not missing


def _read_card_error(r: FieldReader, m: _Fields, item: Node, about: str, text: str) -> BookErrorRecord | None:
    """``about: card``: a card the book misprints, {trick, seat, printed, reading}."""
    from .hand_extras import BookErrorRecord

    if not _needs(r, m, item, about, ("trick", "seat", "printed", "reading")):
        return None
    trick = r.integer(m["trick"][1], "book error trick", 1, 13)
    seat = r.seat(m["seat"][1], "book error seat")
    printed = r.located(m["printed"][1], "book error printed card", parse_card)
    reading = r.located(m["reading"][1], "book error reading", parse_card)
    if trick is None or seat is None or printed is None or reading is None:
        return None
    return BookErrorRecord(about, text, r.span(item), trick, None, seat.value, printed.value, reading.value)


def _read_mark_error(r: FieldReader, m: _Fields, item: Node, about: str, text: str) -> BookErrorRecord | None:
    """``about: mark``: the book marks the wrong card as the winner of a trick, {trick, seat}."""
    from .hand_extras import BookErrorRecord

    if not _needs(r, m, item, about, ("trick", "seat")):
        return None
    trick = r.integer(m["trick"][1], "book error trick", 1, 13)
    seat = r.seat(m["seat"][1], "book error seat")
    if trick is None or seat is None:
        return None
    return BookErrorRecord(about, text, r.span(item), trick, None, seat.value)


@functools.cache
def _one_suit() -> re.Pattern[str]:  # compiled when a misprinted deal line is first read
    return re.compile(r"\s*([♠♥♦♣SHDCshdc])\s*(.*)", re.S)


def _read_deal_error(r: FieldReader, m: _Fields, item: Node, about: str, text: str) -> BookErrorRecord | None:
    """``about: deal``: a line of the deal diagram the book misprints, {seat, printed, reading}:
    ``printed`` is the line as the book has it, ``reading`` the holding of one suit the cards give
    (``♣K86``, or ``♣—`` for a void)."""
    from .hand_extras import BookErrorRecord

    if not _needs(r, m, item, about, ("seat", "printed", "reading")):
        return None
    seat = r.seat(m["seat"][1], "book error seat")
    printed = r.scalar(m["printed"][1], "book error printed line")
    reading = r.scalar(m["reading"][1], "book error reading")
    if seat is None or printed is None or reading is None:
        return None
    found = _one_suit().fullmatch(reading)
    suit = _suit_of(found.group(1)) if found else None
    tokens = parse_ranks(found.group(2), suit) if found and suit is not None else []
    if suit is None or found is None or any(t.card is None for t in tokens):
        r.error(
            "bad-value",
            f"book error reading {reading[:40]!r}: the holding of one suit the cards give",
            m["reading"][1],
            "write the suit and its ranks, like ♣K86 (or ♣— for a void)",
        )
        return None
    holding = tuple(t.card for t in tokens if t.card is not None)
    return BookErrorRecord(
        about, text, r.span(item), None, None, seat.value, printed_text=printed, suit=suit, holding=holding
    )


def _suit_of(text: str) -> Suit | None:
    strain = Strain.parse(text)
    return strain.trump


#: the kinds of entry placed at a cell or a seat, and their readers
_PLACED = {"card": _read_card_error, "mark": _read_mark_error, "deal": _read_deal_error}


def read_transcription(r: FieldReader, node: Node) -> TranscriptionRecord | None:
    """How the hand was transcribed: {text, readings}, a reading for each uncertain cell."""
    m = r.mapping(node, TRANSCRIPTION_KEYS, "transcription")
    if "text" not in m:
        if isinstance(node, MappingNode):
            r.error("missing-key", "the transcription record needs 'text'", node)
        return None
    text = r.scalar(m["text"][1], "transcription text")
    if text is None:
        return None
    readings = []
    for item in r.items(m["readings"][1], "readings") if "readings" in m else []:
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
