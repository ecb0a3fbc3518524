"""The words of the hand and rubber formats: the keys each section takes, and the seats.

Kept together because they are the format's vocabulary: the readers refuse any other key (with a
suggestion), and ``tests/test_schema.py`` checks that the editor schema names exactly these.
"""

from __future__ import annotations

from .hand import ClaimKind

__all__ = [
    "TOP_KEYS",
    "SOURCE_KEYS",
    "SCORE_BEFORE_KEYS",
    "SERIES_KEYS",
    "DECLARATION_KEYS",
    "PLAY_KEYS",
    "TRICK_KEYS",
    "NOTE_KEYS",
    "QUESTION_KEYS",
    "LINE_KEYS",
    "TECHNIQUE_NAMES",
    "CLAIM_KEYS",
    "CLAIM_KINDS",
    "OUTCOME_KEYS",
    "BOOK_ERROR_KEYS",
    "TRANSCRIPTION_KEYS",
    "READING_KEYS",
    "INTEROP_KEYS",
    "INTEROP_FORMATS",
    "VULNERABILITIES",
    "PROBLEM_KEYS",
    "SEAT_WORDS",
    "DEAL_KEYS",
    "REVIEW_KEYS",
    "REVIEW_ENTRY_KEYS",
    "VERDICTS",
    "RUBBER_KEYS",
    "RUBBER_DEAL_KEYS",
]

TOP_KEYS = (
    "title",
    "source",
    "rules",
    "series",
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
SOURCE_KEYS = ("book", "author", "year", "edition", "publisher", "hand", "theme", "pages", "url")
#: the keys of score_before besides the sides (AB, YZ, NS, EW: see ``sides.SIDE_WORDS``)
SCORE_BEFORE_KEYS = ("games", "quote")
#: the deal's place in its game (Dummy Bridge: the single player's seat changes with it)
SERIES_KEYS = ("deal",)
DECLARATION_KEYS = ("maker", "trump", "doubles", "calls", "auction", "contract", "declarer", "turned")
PLAY_KEYS = ("columns", "first_trick", "leader", "tricks")
TRICK_KEYS = ("cards", "leader", "winner")
NOTE_KEYS = ("trick", "tricks", "text", "source", "claims", "techniques", "question", "lines")
QUESTION_KEYS = ("seat", "ask", "trick", "answer")
LINE_KEYS = ("title", "trick", "tricks", "result", "text", "source")
#: the techniques a note may name (``techniques: [hold-up, re-entry]``): the vocabulary of
#: ``teaching/techniques.py``, which this package may not import (a test keeps the two the same)
TECHNIQUE_NAMES = (
    "lead",
    "eleven",
    "fourchette",
    "cover",
    "second-hand",
    "third-hand",
    "through",
    "trump-lead",
    "echo",
    "unblock",
    "return",
    "discard",
    "bath-coup",
    "hold-up",
    "finesse",
    "establish",
    "re-entry",
    "draw-trumps",
    "duck",
    "refuse-finesse",
    "keep-out",
    "false-card",
    "squeeze",
    "throw-in",
    "ruff",
    "force",
    "overtake",
    "tenace",
    "placing",
)
CLAIM_KEYS = ("kind", "trick", "quote", "seat", "suit", "count", "at_least", "above", "card", "outcome")
CLAIM_KINDS = tuple(kind.value for kind in ClaimKind)
OUTCOME_KEYS = ("side", "game", "tricks", "by_cards")
BOOK_ERROR_KEYS = ("about", "text", "trick", "seat", "printed", "reading")
TRANSCRIPTION_KEYS = ("text", "readings")
READING_KEYS = ("trick", "seat", "ocr", "card", "reason")
INTEROP_KEYS = ("from", "board", "vulnerable", "result", "unfinished", "tags", "directives", "commentary")
INTEROP_FORMATS = ("pbn", "lin")
VULNERABILITIES = ("None", "NS", "EW", "All")
PROBLEM_KEYS = ("text", "side", "tricks")

#: a seat as a file writes it: the book's letters, then the compass
SEAT_WORDS = ("A", "Y", "B", "Z", "N", "E", "S", "W")
#: the keys of a deal mapping: the eight seats in either case, the compass words in three
DEAL_KEYS = tuple(
    sorted(
        {k for w in ("north", "east", "south", "west") for k in (w, w.title(), w.upper())}
        | {k for ch in SEAT_WORDS for k in (ch, ch.lower())}
    )
)

#: a review file of the engine's findings (docs/evaluation.md), and each of its entries
REVIEW_KEYS = ("findings",)
REVIEW_ENTRY_KEYS = ("trick", "detector", "label", "seat", "cards", "seen", "verdict", "why")
VERDICTS = ("right", "words", "misleading", "wrong")

RUBBER_KEYS = ("title", "rules", "source", "deals")
RUBBER_DEAL_KEYS = ("hand", "result", "trump", "declarer", "doubled", "label")
