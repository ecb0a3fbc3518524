"""The pieces of the editor schema and its ``$defs``: the values a hand file's sections are made
of (a seat, a card, a row, a hand, a declaration, a note, a claim …), each with the pattern its
reader accepts (:mod:`schema_patterns`) and the words an editor shows."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING or __package__:  # imported from the package, and as mypy reads it
    from . import schema_patterns as rx
else:  # run as a script, or loaded by path: this folder is no package (see build_schema.py)
    import schema_patterns as rx

#: a piece of the schema, ready for JSON
JSON = dict[str, object]


def pat(pattern: str, message: str, **extra: object) -> JSON:
    """A string matching ``pattern``; ``message`` is what an editor shows when it does not."""
    re.compile(pattern)
    return {"type": "string", "pattern": pattern, "patternErrorMessage": message, **extra}


def integer(lo: int, hi: int, digits: str, **extra: object) -> JSON:
    """A whole number from ``lo`` to ``hi``, as a YAML number or as text (``digits`` spells the range)."""
    return {
        "anyOf": [
            {"type": "integer", "minimum": lo, "maximum": hi},
            {"type": "string", "pattern": rf"^\s*\+?0*{digits}\s*$"},
        ],
        **extra,
    }


# A single value, not blank (the loader reads it as text; an editor may see a number or true/false).
TEXT: JSON = {
    "type": ["string", "number", "boolean"],
    "pattern": rx.NOT_BLANK,
    "patternErrorMessage": "a value, not blank",
}
NOT_BLANK_TEXT = {"type": "string", "pattern": rx.NOT_BLANK, "patternErrorMessage": "not blank"}


def text(description: str, **extra: object) -> JSON:
    """A single value, with what it is for."""
    return {**TEXT, "description": description, **extra}


def ref(name: str, description: str | None = None) -> JSON:
    """One of the ``$defs``, with what it means where it is used."""
    out: JSON = {"$ref": f"#/$defs/{name}"}
    if description is not None:
        out["description"] = description
    return out


def four_cards() -> JSON:
    """A trick written as a list of four cards."""
    return {"type": "array", "items": ref("card"), "minItems": 4, "maxItems": 4}


def build_defs() -> JSON:
    """The schema's ``$defs``, in the order an editor lists them."""
    return {
        **_card_defs(),
        **_hand_defs(),
        **_declaration_defs(),
        **_turned_defs(),
        **_note_defs(),
        **_claim_defs(),
        **_line_defs(),
        **_record_defs(),
    }


def _card_defs() -> JSON:
    """Single values and cards: a seat, a trick's number, a card, a row of four, a trick."""
    return {
        "text": {"description": "A single value (text or a number), not blank.", **TEXT},
        "seat": pat(
            rx.whole(rx.SEAT),
            "a seat: A, Y, B or Z (the book's letters), or N, E, S, W",
            description="A seat: the book's letters A, Y, B, Z, or a compass seat N, E, S, W "
            "(North, East, South, West and dealer are read too; any case).",
            examples=["A", "Y", "B", "Z", "N", "E", "S", "W"],
        ),
        "trickNumber": integer(1, 13, "(?:[1-9]|1[0-3])", description="A trick number, 1 to 13."),
        "cardRow": pat(
            rx.TRICK_ROW,
            "four cards, e.g. ♣K ♣4 ♣7 ♣9 (SK, K♠, S K, Kn, 10/T, 'king of spades' "
            "and 'K of ♠' are read too)",
            description="One trick as a row of four cards in the columns' order, separated by spaces "
            "or commas. A * before or after a card marks the book's underlined winner.",
            examples=["♣K ♣4 ♣7 ♣9", "SK S4 S7 S9", "♥10 ♥A* ♥Q ♥5"],
        ),
        "card": pat(
            rx.CARD_ITEM,
            "one card, e.g. ♠K, K♠, SK, S K, ♥10, HT, SKn, 'king of spades' or 'K of ♠'",
            description="One card: ♠K, K♠, SK, sk, S K, ♥10 or HT, SKn (knave), 'king of spades', "
            "'K of ♠', '♠ king'; outline symbols ♤ ♡ ♢ ♧ are read as ♠ ♥ ♦ ♣. A * marks "
            "the trick's winner.",
            examples=["♠K", "SK", "♥10*", "king of spades"],
        ),
        "plainCard": pat(
            rx.PLAIN_CARD,
            "one card, e.g. ♠K, SK, K♠, ♥10 or 'king of spades'",
            description="One card, without a * mark: ♠K, K♠, SK, S K, ♥10 or HT, 'king of spades', 'K of ♠'.",
            examples=["♦8", "♥10", "SK"],
        ),
        "suit": pat(
            rx.ONE_SUIT,
            "a suit: spades, hearts, diamonds or clubs (♠ ♥ ♦ ♣, S H D C)",
            description="A suit: spades, hearts, diamonds or clubs (also ♠ ♥ ♦ ♣, S H D C; any case).",
            examples=["spades", "hearts", "♦", "C"],
        ),
        "cards": {
            "description": "The four cards of a trick, in the columns' order: a row, or a list of four cards.",
            "oneOf": [ref("cardRow"), four_cards()],
        },
        "trick": {
            "description": 'One trick, in the columns\' order: "♣K ♣4 ♣7 ♣9", a list [♣K, ♣4, ♣7, ♣9], or '
            "{cards: …, leader: A, winner: A} when the book names who led or won.",
            "oneOf": [
                ref("cardRow"),
                four_cards(),
                {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["cards"],
                    "properties": {
                        "cards": ref(
                            "cards",
                            'The four cards in the columns\' order: "♣K ♣4 ♣7 ♣9" or [♣K, ♣4, ♣7, ♣9].',
                        ),
                        "leader": ref(
                            "seat",
                            "Who led this trick, when the book says. The validator checks it "
                            "against the winner of the trick before.",
                        ),
                        "winner": ref(
                            "seat", "Who won this trick, when the book says; checked by the replay."
                        ),
                    },
                },
            ],
            "examples": ["♣K ♣4 ♣7 ♣9", {"cards": "♦7 ♦A ♦4 ♦5", "leader": "A", "winner": "Y"}],
        },
    }


def _hand_defs() -> JSON:
    """A seat's hand in its three spellings, a side, and a score."""
    return {
        "holding": pat(
            rx.HOLDING,
            "a hand such as ♠K8743 ♥107 ♦7 ♣AKQJ2, or dotted K8743.T7.7.AKQJ2",
            description="A hand: each suit's symbol or letter (or word) and its ranks, e.g. "
            '"♠K8743 ♥107 ♦7 ♣AKQJ2", "S K8743 H 10 7 D 7 C AKQJ2", '
            '"spades: K8743 hearts: 107 …", or PBN\'s dotted spades.hearts.diamonds.clubs '
            '"K8743.T7.7.AKQJ2". A void is — or - (or nothing).',
            examples=["♠K8743 ♥107 ♦7 ♣AKQJ2", "K8743.T7.7.AKQJ2", "♠Q2 ♥AKJ42 ♦A93 ♣—"],
        ),
        "suitRanks": {
            "description": 'The ranks held in this suit only (no suit letters or symbols), e.g. K8743, "10 7", '
            "AKQJ2; — for a void.",
            "anyOf": [
                pat(rx.SUIT_RANKS, "ranks such as K8743 or 10 7; — for a void"),
                {"type": "integer", "minimum": 2},
            ],
            "examples": ["K8743", "10 7", "—"],
        },
        "hand": {
            "description": 'One seat\'s cards: "♠K8743 ♥107 ♦7 ♣AKQJ2", a list of suits [♠K8743, ♥107, ♦7, '
            "♣AKQJ2], or a mapping {spades: K8743, hearts: 107, diamonds: 7, clubs: AKQJ2}.",
            "oneOf": [
                ref("holding"),
                {"type": "array", "items": {"allOf": [ref("holding"), NOT_BLANK_TEXT]}},
                {
                    "type": "object",
                    "propertyNames": pat(
                        rx.SUIT_KEY, "a suit: spades, hearts, diamonds, clubs (or ♠ ♥ ♦ ♣, S H D C)"
                    ),
                    "additionalProperties": ref("suitRanks"),
                },
            ],
        },
        "side": pat(
            rx.SIDE,
            "a side: AB or YZ (or NS, EW)",
            description="A partnership: AB or YZ (the book's sides), or NS, EW. A-B, A–B, 'A and B' "
            "are read too.",
            examples=["AB", "YZ", "NS", "EW"],
        ),
        "score": integer(0, 10000, "(?:[0-9]{1,4}|10000)", description="Points, 0 to 10000."),
    }


def _declaration_defs() -> JSON:
    """The declaration: Bridge Whist's make, or the auction of Auction and Contract."""
    return {
        "make": {
            "title": "Bridge Whist: the make",
            "description": "Bridge Whist: who made the trump, the trump, and any doubling.",
            "type": "object",
            "additionalProperties": False,
            "required": ["maker", "trump"],
            "properties": {
                "maker": pat(
                    rx.whole(rx.MAKER_SEAT),
                    "Z (the dealer made it) or Y (the dealer passed the make to dummy)",
                    description="Who made the trump: Z (the dealer) or Y (dummy, after the dealer "
                    "passed; 'dummy' is read as Y). A compass seat is read as well.",
                    examples=["Z", "Y"],
                ),
                "trump": {
                    "description": "The trump, or no-trumps: spades, hearts, diamonds, clubs, no-trumps "
                    "(also ♠ ♥ ♦ ♣, S H D C, NT, 'no trumps'; any case).",
                    "anyOf": [
                        {"enum": ["spades", "hearts", "diamonds", "clubs", "no-trumps"]},
                        pat(
                            rx.TRUMP,
                            "a trump: spades, hearts, diamonds, clubs or no-trumps (♠ ♥ ♦ ♣, S H D C, NT)",
                        ),
                    ],
                },
                "doubles": {
                    "description": "The doubling, in order: the adversary who doubled, then who redoubled, … "
                    "e.g. [A] (A doubled) or [B, Z] (B doubled, Z redoubled). Leave out if none.",
                    "anyOf": [
                        {"type": "null"},
                        {
                            "type": "array",
                            "items": pat(rx.SEATS_ITEM, "a seat, e.g. A", description="A seat."),
                        },
                        pat(rx.SEATS_LINE, "seats separated by spaces, e.g. A Z"),
                    ],
                    "examples": [["A"], ["B", "Z"]],
                },
            },
        },
        **_auction_defs(),
    }


def _auction_defs() -> JSON:
    """The auction of Auction and Contract: the calls (a list, or prose), or the contract alone."""
    return {
        "auction": {
            "title": "Auction or Contract: the auction",
            "description": "Auction and Contract: the calls from the dealer on, or the final contract and its "
            "declarer.",
            "type": "object",
            "additionalProperties": False,
            "anyOf": [
                {"required": ["calls"]},
                {"required": ["auction"]},
                {"required": ["contract", "declarer"]},
            ],
            "properties": {
                "calls": {
                    "description": "Every call, the dealer's first, then clockwise: bids 1♠ 1S '1 spade' "
                    "'one spade' 2NT 3R (royal spades), pass (p, -, 'no bid'), X (double), "
                    "XX (redouble). A line separated by spaces or commas, or a list.",
                    "oneOf": [
                        pat(rx.CALLS_LINE, "calls such as 1♠ pass 2♥ X pass pass pass"),
                        {"type": "array", "items": pat(rx.CALL_ITEM, "one call: 1♠, 2NT, 3R, pass, X or XX")},
                    ],
                    "examples": [
                        "1♠ pass 1♣ 1NT 2♣ 2R pass pass 3♣ X pass 2NT pass pass pass",
                        ["1H", "pass", "2H", "pass", "pass", "pass"],
                    ],
                },
                "auction": text(
                    "The auction as the book tells it, in prose: 'Z bids one heart, A one royal, Y two "
                    "clubs, B passes, Z three diamonds, and all pass.' Callers by the book's letters or "
                    "the compass; each call is checked at its words."
                ),
                "contract": pat(
                    rx.CONTRACT,
                    "a contract such as 4♠, 3NT, 2HX or 1CXX",
                    description="The final contract: level and strain, X for doubled, XX for "
                    "redoubled. With calls it is checked against them; without, give the "
                    "declarer too.",
                    examples=["4♠", "3NT", "2HX", "1CXX"],
                ),
                "declarer": ref("seat", "Who plays the hand. With calls it is checked against them."),
            },
        },
    }


def _turned_defs() -> JSON:
    """Whist's declaration: the card the dealer turned up (docs/rules-whist.md, WH-1)."""
    return {
        "turned": {
            "title": "Whist: the turned card",
            "description": "Whist: the dealer's last card, turned up for trumps; it must be one of his cards.",
            "type": "object",
            "additionalProperties": False,
            "required": ["turned"],
            "properties": {"turned": ref("plainCard", "The card the dealer turned up, e.g. ♠2.")},
        },
    }


def _note_defs() -> JSON:
    """A note on the play, in the transcriber's words."""
    return {
        "note": {
            "description": "A note: plain text on the whole hand, or {trick: 4, text: …} / {tricks: [6, 7], "
            "text: …}.",
            "anyOf": [
                {"type": ["string", "number", "boolean", "null"]},
                {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["text"],
                    "properties": {
                        "trick": ref("trickNumber", "The trick the note is about."),
                        "tricks": {
                            "description": 'The tricks the note is about: a list [6, 7] or a range "6-8".',
                            "anyOf": [
                                {"type": "array", "items": ref("trickNumber")},
                                pat(
                                    r"^\s*0*(?:[1-9]|1[0-3])\s*[-–]\s*0*(?:[1-9]|1[0-3])\s*$",
                                    "a list [6, 7] or a range 6-8",
                                ),
                            ],
                            "examples": [[6, 7], "6-8"],
                        },
                        "text": text("The note, in your own words."),
                        "source": text('Where the point comes from, e.g. "Foster p. 75".'),
                        "claims": {
                            "description": "The book's checkable claims made in this note, each with the "
                            "book's own sentence.",
                            "type": "array",
                            "items": ref("claim"),
                        },
                        "techniques": {
                            "description": "The techniques the author's note names at its tricks, from "
                            "the vocabulary of docs/evaluation.md, e.g. [hold-up, re-entry].",
                            "anyOf": [
                                {"type": "array", "items": {"enum": list(rx.TECHNIQUE_NAMES)}},
                                {"enum": list(rx.TECHNIQUE_NAMES)},
                            ],
                        },
                        "question": ref(
                            "question",
                            "A decision point: the reader chooses this seat's card before it is played.",
                        ),
                        "lines": {
                            "description": "Alternative lines of play the note gives.",
                            "type": "array",
                            "items": ref("line"),
                        },
                    },
                },
            ],
        },
    }


def _claim_defs() -> JSON:
    """A claim of the author's that the cards can check."""
    return {
        "claim": {
            "description": "A claim of the author's that the cards can check: holding (before trick N, a seat "
            "holds count or at_least cards of a suit, above a rank when given), alternative (had "
            "a seat not played card at trick N, outcome would follow) or outcome (with the play "
            "from trick N on, outcome). Only holding claims are checked today.",
            "type": "object",
            "additionalProperties": False,
            "required": ["kind", "trick", "quote"],
            "properties": {
                "kind": {
                    "description": "What the claim says: holding, alternative or outcome.",
                    "enum": list(rx.CLAIM_KINDS),
                },
                "trick": ref("trickNumber", "The trick the claim is about."),
                "quote": text("The book's own sentence, quoted exactly."),
                "seat": ref("seat", "The player the claim is about."),
                "suit": ref("suit", "A holding claim's suit."),
                "count": integer(
                    0,
                    13,
                    "(?:[0-9]|1[0-3])",
                    description="A holding claim: exactly this many cards of the suit.",
                ),
                "at_least": integer(
                    0,
                    13,
                    "(?:[0-9]|1[0-3])",
                    description="A holding claim: at least this many cards of the suit.",
                ),
                "above": {
                    "description": "A holding claim counts only the cards above this rank, e.g. 6.",
                    "anyOf": [
                        {"type": "integer", "minimum": 2, "maximum": 10},
                        pat(rx.ONE_RANK, "a rank: A K Q J (or Kn) 10 (or T) 9 … 2"),
                    ],
                },
                "card": ref("plainCard", "An alternative claim: the card the seat played at the trick."),
                "outcome": ref("outcome", "What would follow (alternative) or follows (outcome)."),
            },
            "if": {
                "properties": {"kind": {"const": "holding", "description": "A holding claim."}},
                "required": ["kind"],
            },
            "then": {
                "required": ["seat", "suit"],
                "anyOf": [{"required": ["count"]}, {"required": ["at_least"]}],
            },
        },
    }


def _line_defs() -> JSON:
    """A note's decision point and its alternative lines (issue 16)."""
    return {
        "outcome": {
            "description": "What would follow (alternative) or follows (outcome), e.g. "
            "{side: YZ, by_cards: 2, game: true}.",
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "side": ref("side", "The side the outcome is about: AB or YZ."),
                "game": {
                    "description": "Whether that side wins the game: true or false.",
                    "anyOf": [{"type": "boolean"}, pat(rx.YES_NO, "true or false")],
                },
                "tricks": integer(0, 13, "(?:[0-9]|1[0-3])", description="Tricks that side takes."),
                "by_cards": integer(
                    0,
                    13,
                    "(?:[0-9]|1[0-3])",
                    description="Tricks by cards (over six) that side wins.",
                ),
            },
        },
        "question": {
            "description": "A decision point: before seat plays to the trick, the reader chooses its card. "
            "The note's text is the author's answer and why.",
            "type": "object",
            "additionalProperties": False,
            "required": ["seat"],
            "properties": {
                "seat": ref("seat", "The player who must choose (not dummy: ask the declarer)."),
                "ask": text("The question, naming only what that player can see, e.g. 'What should B play?'"),
                "trick": ref("trickNumber", "The trick; the note's first trick when not given."),
                "answer": ref(
                    "plainCard",
                    "The card the author says is right, when it is not the one the play gives the seat.",
                ),
            },
        },
        "line": {
            "description": "An alternative line: rows in the play's columns from trick on; the first row is that "
            "trick whole, and its first card (in play order) that differs from the play is the branch.",
            "type": "object",
            "additionalProperties": False,
            "required": ["trick", "tricks"],
            "properties": {
                "title": text("A short title, shown on the line's button, e.g. 'If B plays the ace'."),
                "trick": ref("trickNumber", "The trick the line's first row replaces."),
                "tricks": {
                    "description": "The line's tricks, one row each, in the play's columns' order.",
                    "type": "array",
                    "minItems": 1,
                    "items": ref("trick"),
                },
                "result": ref("outcome", "What the line ends in, as the author states it."),
                "text": text("The line, in your own words: what it shows, which cards are our choice."),
                "source": text("Where the line comes from, e.g. Foster's note to trick 1 (p. 82)."),
            },
        },
    }


def _record_defs() -> JSON:
    """The book's own errors, and the readings of an uncertain source."""
    return {
        "bookError": {
            "description": "A place where the book disagrees with its own printed cards, kept as printed: "
            "{about: result, text: …} or {about: trick 4, text: …}. The validator then reports "
            "that one disagreement as a warning about the book, and no other.",
            "type": "object",
            "additionalProperties": False,
            "required": ["about", "text"],
            "properties": {
                "about": pat(
                    rx.BOOK_ERROR_ABOUT,
                    "result, result tricks, result strain, trick N (1 to 13), card, mark or deal",
                    description="Where the book errs: result (the result line's honours, aces or chicane; "
                    "also written result honours), result tricks (its trick count), result strain "
                    "(the strain it names), trick N (a revoke the book prints there), card (a "
                    "card the book misprints: give trick, seat, printed and reading), mark (a winner "
                    "mark on the wrong card: give trick and seat) or deal (a misprinted line of the "
                    "deal diagram: give seat, printed and reading).",
                    examples=["result", "result tricks", "trick 4", "card", "mark", "deal"],
                ),
                "text": text("What the book says and what the cards show, in your own words."),
                "trick": ref("trickNumber", "For about: card or mark, the trick."),
                "seat": ref("seat", "For about: card, mark or deal, the seat (column or hand)."),
                "printed": {
                    "anyOf": [ref("plainCard"), TEXT],
                    "description": "For about: card, the card as the book prints it (kept in the play); "
                    "for about: deal, the diagram's line as printed.",
                },
                "reading": {
                    "anyOf": [ref("plainCard"), TEXT],
                    "description": "For about: card, the card the book meant (replayed); for about: deal, "
                    "the holding of one suit the cards give (♣K86, or ♣— for a void).",
                },
            },
        },
        "reading": {
            "description": "One uncertain reading of the source (e.g. an OCR'd table cell) and how it was "
            "settled; the validator checks that the play has this card there.",
            "type": "object",
            "additionalProperties": False,
            "required": ["trick", "seat", "ocr", "card", "reason"],
            "properties": {
                "trick": ref("trickNumber", "The trick of the uncertain cell."),
                "seat": ref("seat", "The seat (column) of the uncertain cell."),
                "ocr": text("The cell as the source or its OCR gives it."),
                "card": ref("plainCard", "The card it was read as."),
                "reason": text("Why that reading: following suit, elimination, the glyph."),
            },
        },
    }
