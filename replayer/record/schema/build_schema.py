#!/usr/bin/env python3
"""Build ``replayer/record/schema/hand.schema.json``, the editor schema for hand files.

The schema is generated, never edited by hand: change this script and run it.

    python replayer/record/schema/build_schema.py           # write the schema
    python replayer/record/schema/build_schema.py --check   # exit 1 if the committed schema is out of date

The notation patterns below are written to accept exactly what the loader reads
(``replayer/load_yaml.py`` and the card readers in ``replayer/cards.py``); each block names the
function it mirrors. ``tests/test_schema.py`` fuzzes every pattern against the loader and checks
that the committed file is this script's output, so change the two together. The script does
not import replayer: it is a second, independent description of the notation, which is what
makes the agreement tests worth running.

Output is deterministic: keys keep the order they are written in here (the order an editor
offers them), anything derived from a set is sorted, and the file ends with a newline.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

SCHEMA_PATH = Path(__file__).resolve().parent / "hand.schema.json"

# =============================================================================================
# Regular-expression building blocks
#
# The patterns must run in Python (jsonschema) and in editors (JavaScript): no inline flags,
# no named groups, no \A or \Z. Case-insensitivity is spelt out with ci().


def ci(word: str) -> str:
    """``word`` in any case; a space stands for any run of whitespace."""
    out = []
    for c in word:
        if c.isalpha() and c.upper() != c.lower():
            out.append(f"[{c.upper()}{c.lower()}]")
        elif c == " ":
            out.append(r"\s+")
        elif c in ".*+?()[]{}|^$\\/":
            out.append("\\" + c)
        else:
            out.append(c)
    return "".join(out)


def ci_literal(word: str) -> str:
    """``word`` in any case, spaces kept as single spaces (values the loader compares literally)."""
    return ci(word).replace(r"\s+", " ")


def alt(*parts: str) -> str:
    return "(?:" + "|".join(parts) + ")"


def whole(pattern: str) -> str:
    """The whole value, with blanks around it allowed (the loader strips them)."""
    return rf"^\s*{pattern}\s*$"


NOT_BLANK = r"\S"  # replayer refuses a blank value wherever it asks for one (missing-value)

# ---------------------------------------------------------------------------------------------
# Cards: parse_card and scan_cards (replayer/cards.py)

VS_CHARS = "\\ufe0e\\ufe0f"
VS = f"[{VS_CHARS}]"  # the text/emoji presentation selectors a keyboard may add after ♠ (♠️)
SUIT_SYMBOL = "[♠♥♦♣♤♡♢♧]" + VS + "?"  # outline symbols read as the black ones
SUIT_LETTER = "[SHDCshdc]"
SUIT_WORD = alt(*(ci(w) for w in ("spade", "heart", "diamond", "club"))) + "[Ss]?"
SUIT = alt(SUIT_SYMBOL, SUIT_LETTER, SUIT_WORD)
RANK = "(?:10|[Kk][Nn]|[2-9TtJjQqKkAa])"  # Kn: the knave, as the old books write it
RANK_WORD = alt(
    *(
        ci(w)
        for w in (
            "two",
            "deuce",
            "three",
            "trey",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "jack",
            "knave",
            "queen",
            "king",
            "ace",
        )
    )
)
ANY_RANK = alt(RANK, RANK_WORD)
STAR = r"\**"  # the book's underline: * before or after a card, or a part of it
SEP = r"[\s,;]+"  # between the cards of a row, and between a suit and a rank written apart
OF = ci("of")

# One card in a row. scan_cards splits the row at spaces, commas and semicolons, then joins a
# suit and a rank written apart ("S K", "king ♠") and a rank, "of" and a suit ("K of ♠").
ROW_CARD = alt(
    STAR + alt(SUIT_SYMBOL, SUIT_LETTER) + STAR + RANK + STAR,  # ♠K  SK  ♠K*
    STAR + RANK + STAR + alt(SUIT_SYMBOL, SUIT_LETTER) + STAR,  # K♠  KS
    STAR + SUIT + STAR + SEP + STAR + ANY_RANK + STAR,  # S K  ♠ king  spades ten
    STAR + ANY_RANK + STAR + SEP + STAR + SUIT + STAR,  # K S  king ♠  ten of hearts
    STAR + ANY_RANK + STAR + SEP + STAR + OF + STAR + SEP + STAR + SUIT + STAR,  # K of ♠
)
# One card alone (a list item) is read as a row of one card or, failing that, by parse_card on
# the whole value, which also takes a suit first with "of": "spades of king", "♠ of K".
SUIT_OF_RANK = STAR + SUIT + STAR + r"\s+" + STAR + OF + STAR + r"\s+" + STAR + ANY_RANK + STAR

# One card named on its own elsewhere (a claim's or a reading's card): parse_card alone, so no
# commas and no * mark.
PLAIN_CARD = whole(
    alt(
        alt(SUIT_SYMBOL, SUIT_LETTER) + r"\s*" + RANK,
        RANK + r"\s*" + alt(SUIT_SYMBOL, SUIT_LETTER),
        ANY_RANK + rf"\s+(?:{OF}\s+)?" + SUIT,
        SUIT + rf"\s+(?:{OF}\s+)?" + ANY_RANK,
    )
)
ONE_RANK = whole(ANY_RANK)  # Rank.parse
# Strain.parse, when only a suit will do. It turns _ and - into blanks before it strips the
# value, so "-spades" is read too.
STRAIN_SUIT = rf"[\s_-]*{SUIT}[\s_-]*"
ONE_SUIT = whole(STRAIN_SUIT)

TRICK_ROW = rf"^[\s,;]*{ROW_CARD}(?:{SEP}{ROW_CARD}){{3}}[\s,;]*$"
CARD_ITEM = rf"^(?:[\s,;]*{ROW_CARD}[\s,;]*|\s*{SUIT_OF_RANK}\s*)$"

# ---------------------------------------------------------------------------------------------
# Holdings: parse_holding and parse_ranks (replayer/cards.py)
#
# A hand is read character by character: a suit symbol, letter or word starts a suit, ranks
# follow; blanks, , ; : and dashes separate. A presentation selector (♠️) is skipped too, but in
# a value that has one the outline symbols ♤ ♡ ♢ ♧ are not read: hence two spellings of a suited
# hand, one without selectors and one without outline symbols.

HOLD_SEPS = "\\s,;:—–-"  # the hyphen last, so that it is not read as a range
HOLD_SEP = f"[{HOLD_SEPS}]"
HOLD_SEP_VS = f"[{VS_CHARS}{HOLD_SEPS}]"
SUIT_START = alt("[♠♥♦♣♤♡♢♧SHDCshdc]", SUIT_WORD)
SUIT_START_VS = alt("[♠♥♦♣SHDCshdc]", SUIT_WORD)


def suited(sep: str, start: str) -> str:
    """Separators, then nothing or a suit followed by ranks, suits and separators."""
    return rf"{sep}*(?:{start}(?:{sep}|{start}|{RANK})*)?"


def dotted(seps: str, suited_mark: str) -> str:
    """PBN's spades.hearts.diamonds.clubs: exactly four parts of ranks (a letter may switch suit).
    A value with a suit symbol, or with ``suited_mark`` (a suit letter before a colon), is read
    as a suited hand instead, where a dot is an error."""
    part = rf"(?:[{VS_CHARS}{seps}]|{SUIT_LETTER}|{RANK})*"
    return rf"(?!{suited_mark}){part}\.{part}\.{part}\.{part}"


HOLDING = (
    "^"
    + alt(
        suited(HOLD_SEP, SUIT_START),
        suited(HOLD_SEP_VS, SUIT_START_VS),
        dotted(HOLD_SEPS, r"[\s\S]*[SHDCshdc]\s*:"),  # anywhere in the value
    )
    + "$"
)

# The ranks of one suit, e.g. {spades: K8743}: ranks and separators only, and not blank.
SUIT_RANKS = rf"^(?=\s*\S)(?:{HOLD_SEP_VS}|{RANK})*$"
# A key of such a mapping: a suit as Strain.parse reads it (not NT, not royal spades).
SUIT_KEY = ONE_SUIT

# PBN deal (_deal): "N:" then four hands clockwise, split at blanks; a hand of "-" is skipped.
PBN_SEPS = ",;:—–-"
PBN_HAND = r"(?=\S)(?!-(?:\s|$))" + alt(
    suited(f"[{PBN_SEPS}]", SUIT_START),
    suited(f"[{VS_CHARS}{PBN_SEPS}]", SUIT_START_VS),
    dotted(PBN_SEPS, r"\S*[SHDCshdc]:"),  # one hand, up to the next blank
)
PBN_DEAL = rf"^\s*[NESWnesw]\s*:\s*{PBN_HAND}(?:\s+{PBN_HAND}){{3}}\s*$"

# ---------------------------------------------------------------------------------------------
# Seats: _Reader.seat and _declaration (replayer/load_yaml.py)

COMPASS_WORDS = ("north", "east", "south", "west")
SEAT = alt("[AaYyBbZzNnEeSsWw]", *(ci(w) for w in (*COMPASS_WORDS, "dealer")))  # dealer is Z
DEALER_SEAT = alt("[ZzNnEeSsWw]", *(ci(w) for w in (*COMPASS_WORDS, "dealer")))
# Bridge Whist's maker is Z or Y; "dummy" is read as Y here and nowhere else.
MAKER_SEAT = alt("[ZzYyNnEeSsWw]", *(ci(w) for w in (*COMPASS_WORDS, "dealer", "dummy")))
COLUMNS_LINE = rf"^[\s,]*{SEAT}(?:[\s,]+{SEAT}){{3}}[\s,]*$"
SEATS_LINE = rf"^\s*(?:{SEAT}(?:\s+{SEAT})*)?\s*$"  # doubles: "A Z", or nothing
SEATS_ITEM = rf"^\s*{SEAT}(?:\s+{SEAT})*\s*$"  # one item of a doubles list: not blank

# The keys of a deal mapping (_DEAL_KEYS): the eight letters in either case, and the compass
# words in lower, title or upper case. The documented spellings are named properties; the
# other spellings are matched by one pattern.
DEAL_KEYS = sorted(
    {k for w in COMPASS_WORDS for k in (w, w.title(), w.upper())}
    | {k for ch in "AYBZNESW" for k in (ch, ch.lower())}
)
_WHO = {
    "A": "A's hand (on the dealer's left).",
    "Y": "Y's hand (the dealer's partner).",
    "B": "B's hand (on the dealer's right).",
    "Z": "Z's hand (the dealer).",
}
DEAL_SEATS = (
    [(k, _WHO[k]) for k in "AYBZ"]
    + [(w[0].upper(), f"{w.title()}'s hand.") for w in COMPASS_WORDS]
    + [(w, f"{w.title()}'s hand.") for w in COMPASS_WORDS]
    + [(w.title(), f"{w.title()}'s hand.") for w in COMPASS_WORDS]
)
OTHER_DEAL_KEYS = [k for k in DEAL_KEYS if k not in dict(DEAL_SEATS)]
OTHER_DEAL_KEY = "^" + alt(*OTHER_DEAL_KEYS) + "$"

# Sides (_SIDE_KEYS): score_before keys and the problem's side.
SIDE = whole(
    alt(
        *(
            ci_literal(s)
            for s in ("AB", "A-B", "A–B", "A and B", "YZ", "Y-Z", "Y–Z", "Y and Z", "NS", "N-S", "EW", "E-W")
        )
    )
)

# ---------------------------------------------------------------------------------------------
# Strains: Strain.parse (trump, contract) and _CONTRACT_RE

SP = r"[\s_-]+"
STRAIN_NT = alt(ci("nt"), ci("n"), ci("no") + SP + ci("trump") + "[Ss]?", ci("notrump") + "[Ss]?", ci("no"))
STRAIN_ROYAL = alt(
    ci("r"),
    ci("royal") + "[Ss]?",
    ci("royal") + SP + ci("spades"),
    ci("lilies"),
    "[Rr][♠♤]" + VS + "?",
    "[♠♤]" + VS + "?[Rr]",
)
TRUMP = whole(alt(STRAIN_SUIT, STRAIN_NT))  # Bridge Whist has no royal spades
CONTRACT = rf"^\s*[1-7]\s*{alt(STRAIN_SUIT, STRAIN_NT, STRAIN_ROYAL)}\s*[Xx*]{{0,2}}\s*$"

# ---------------------------------------------------------------------------------------------
# Calls: Call.parse and scan_calls (replayer/auction.py)

CALL_GAP = r"[\s.-]*"  # "N.T.", "n t", "no-trump"
_SYMBOL_ALIASES = {"♣": "[♣♧]", "♦": "[♦♢]", "♥": "[♥♡]", "♠": "[♠♤]"}


def spaced(word: str) -> str:
    """``word`` in any case, with dots, dashes or blanks allowed between its letters."""
    return CALL_GAP.join(_SYMBOL_ALIASES[c] + VS + "?" if c in _SYMBOL_ALIASES else ci(c) for c in word)


CALL_STRAIN_WORDS = (
    "c",
    "club",
    "clubs",
    "d",
    "diamond",
    "diamonds",
    "h",
    "heart",
    "hearts",
    "s",
    "spade",
    "spades",
    "r",
    "rs",
    "royal",
    "royals",
    "royalspade",
    "royalspades",
    "lilies",
    "lily",
    "nt",
    "n",
    "notrump",
    "notrumps",
    "♣",
    "♦",
    "♥",
    "♠",
    "r♠",
    "♠r",
)
CALL_STRAIN = (
    CALL_GAP + alt(*(spaced(w) for w in CALL_STRAIN_WORDS), ci("no") + r"[\s.-]+" + ci("trumper")) + CALL_GAP
)
LEVEL = alt("0*[1-7]", *(ci(w) for w in ("one", "two", "three", "four", "five", "six", "seven")))
CALL = alt(
    LEVEL + r"\s*" + CALL_STRAIN,
    alt(
        ci("pass"),
        ci("passes"),
        ci("p"),
        "-",
        "–",
        "—",
        ci("no"),
        ci("no") + r"\s+" + ci("bid"),
        ci("nobid"),
        ci("nb"),
    ),
    alt(ci("x"), ci("double"), ci("doubles"), ci("dbl"), ci("dble")),
    alt(
        ci("xx"),
        ci("redouble"),
        ci("redoubles"),
        ci("rdbl"),
        ci("redbl"),
        ci("re") + r"(?:\s+|-)" + ci("double"),
        ci("rdble"),
    ),
)
CALLS_LINE = rf"^[\s,;]*(?:{CALL}(?:[\s,;]+{CALL})*)?[\s,;]*$"
CALL_ITEM = whole(CALL)

# ---------------------------------------------------------------------------------------------
# Rule sets (replayer/regimes.py): the canonical names, then the aliases of each

RULE_SETS = {
    "bridge-whist": (
        "Canonical. Bridge Whist (1904 laws): the dealer Z makes the trump or passes the make to "
        "dummy Y; A always leads; Z plays both hands.",
        ["bridge", "bridge whist", "bridge_whist", "bw"],
    ),
    "auction": (
        "Canonical. Auction Bridge with royal spades: bids ranked by value (♠2 ♣6 ♦7 ♥8 R9 NT10); the "
        "dealer must bid.",
        ["auction bridge", "auction-bridge", "auction_royal", "royal"],
    ),
    "contract": (
        "Canonical. Contract Bridge: bids ranked ♣ ♦ ♥ ♠ NT; four passes pass the deal out.",
        ["contract bridge", "contract-bridge", "rubber", "duplicate"],
    ),
}
RULES = whole(alt(*(ci_literal(n) for name, (_, aliases) in RULE_SETS.items() for n in (name, *aliases))))

# ---------------------------------------------------------------------------------------------
# The book's own records (_claims, _book_errors, _transcription in replayer/load_yaml.py)

CLAIM_KINDS = ("holding", "alternative", "outcome")  # compared exactly: no other case, no blanks
BOOK_ERROR_ABOUT = whole(alt(ci("result"), ci_literal("trick ") + "(?:1[0-3]|[1-9])"))
YES_NO = whole(alt(*(ci(w) for w in ("true", "false", "yes", "no"))))

# =============================================================================================
# Schema pieces


def pat(pattern: str, message: str, **extra: Any) -> dict[str, Any]:
    """A string matching ``pattern``; ``message`` is what an editor shows when it does not."""
    re.compile(pattern)
    return {"type": "string", "pattern": pattern, "patternErrorMessage": message, **extra}


def integer(lo: int, hi: int, digits: str, **extra: Any) -> dict[str, Any]:
    """A whole number from ``lo`` to ``hi``, as a YAML number or as text (``digits`` spells the range)."""
    return {
        "anyOf": [
            {"type": "integer", "minimum": lo, "maximum": hi},
            {"type": "string", "pattern": rf"^\s*\+?0*{digits}\s*$"},
        ],
        **extra,
    }


# A single value, not blank (the loader reads it as text; an editor may see a number or true/false).
TEXT: dict[str, Any] = {
    "type": ["string", "number", "boolean"],
    "pattern": NOT_BLANK,
    "patternErrorMessage": "a value, not blank",
}
NOT_BLANK_TEXT = {"type": "string", "pattern": NOT_BLANK, "patternErrorMessage": "not blank"}


def text(description: str, **extra: Any) -> dict[str, Any]:
    return {**TEXT, "description": description, **extra}


def ref(name: str, description: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"$ref": f"#/$defs/{name}"}
    if description is not None:
        out["description"] = description
    return out


def four_cards() -> dict[str, Any]:
    return {"type": "array", "items": ref("card"), "minItems": 4, "maxItems": 4}


def build_defs() -> dict[str, Any]:
    return {
        "text": {"description": "A single value (text or a number), not blank.", **TEXT},
        "seat": pat(
            whole(SEAT),
            "a seat: A, Y, B or Z (the book's letters), or N, E, S, W",
            description="A seat: the book's letters A, Y, B, Z, or a compass seat N, E, S, W "
            "(North, East, South, West and dealer are read too; any case).",
            examples=["A", "Y", "B", "Z", "N", "E", "S", "W"],
        ),
        "trickNumber": integer(1, 13, "(?:[1-9]|1[0-3])", description="A trick number, 1 to 13."),
        "cardRow": pat(
            TRICK_ROW,
            "four cards, e.g. ♣K ♣4 ♣7 ♣9 (SK, K♠, S K, Kn, 10/T, 'king of spades' "
            "and 'K of ♠' are read too)",
            description="One trick as a row of four cards in the columns' order, separated by spaces "
            "or commas. A * before or after a card marks the book's underlined winner.",
            examples=["♣K ♣4 ♣7 ♣9", "SK S4 S7 S9", "♥10 ♥A* ♥Q ♥5"],
        ),
        "card": pat(
            CARD_ITEM,
            "one card, e.g. ♠K, K♠, SK, S K, ♥10, HT, SKn, 'king of spades' or 'K of ♠'",
            description="One card: ♠K, K♠, SK, sk, S K, ♥10 or HT, SKn (knave), 'king of spades', "
            "'K of ♠', '♠ king'; outline symbols ♤ ♡ ♢ ♧ are read as ♠ ♥ ♦ ♣. A * marks "
            "the trick's winner.",
            examples=["♠K", "SK", "♥10*", "king of spades"],
        ),
        "plainCard": pat(
            PLAIN_CARD,
            "one card, e.g. ♠K, SK, K♠, ♥10 or 'king of spades'",
            description="One card, without a * mark: ♠K, K♠, SK, S K, ♥10 or HT, 'king of spades', 'K of ♠'.",
            examples=["♦8", "♥10", "SK"],
        ),
        "suit": pat(
            ONE_SUIT,
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
        "holding": pat(
            HOLDING,
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
                pat(SUIT_RANKS, "ranks such as K8743 or 10 7; — for a void"),
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
                        SUIT_KEY, "a suit: spades, hearts, diamonds, clubs (or ♠ ♥ ♦ ♣, S H D C)"
                    ),
                    "additionalProperties": ref("suitRanks"),
                },
            ],
        },
        "side": pat(
            SIDE,
            "a side: AB or YZ (or NS, EW)",
            description="A partnership: AB or YZ (the book's sides), or NS, EW. A-B, A–B, 'A and B' "
            "are read too.",
            examples=["AB", "YZ", "NS", "EW"],
        ),
        "score": integer(0, 10000, "(?:[0-9]{1,4}|10000)", description="Points, 0 to 10000."),
        "make": {
            "title": "Bridge Whist: the make",
            "description": "Bridge Whist: who made the trump, the trump, and any doubling.",
            "type": "object",
            "additionalProperties": False,
            "required": ["maker", "trump"],
            "properties": {
                "maker": pat(
                    whole(MAKER_SEAT),
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
                            TRUMP,
                            "a trump: spades, hearts, diamonds, clubs or no-trumps (♠ ♥ ♦ ♣, S H D C, NT)",
                        ),
                    ],
                },
                "doubles": {
                    "description": "The doubling, in order: the adversary who doubled, then who redoubled, … "
                    "e.g. [A] (A doubled) or [B, Z] (B doubled, Z redoubled). Leave out if none.",
                    "anyOf": [
                        {"type": "null"},
                        {"type": "array", "items": pat(SEATS_ITEM, "a seat, e.g. A", description="A seat.")},
                        pat(SEATS_LINE, "seats separated by spaces, e.g. A Z"),
                    ],
                    "examples": [["A"], ["B", "Z"]],
                },
            },
        },
        "auction": {
            "title": "Auction or Contract: the auction",
            "description": "Auction and Contract: the calls from the dealer on, or the final contract and its "
            "declarer.",
            "type": "object",
            "additionalProperties": False,
            "anyOf": [{"required": ["calls"]}, {"required": ["contract", "declarer"]}],
            "properties": {
                "calls": {
                    "description": "Every call, the dealer's first, then clockwise: bids 1♠ 1S '1 spade' "
                    "'one spade' 2NT 3R (royal spades), pass (p, -, 'no bid'), X (double), "
                    "XX (redouble). A line separated by spaces or commas, or a list.",
                    "oneOf": [
                        pat(CALLS_LINE, "calls such as 1♠ pass 2♥ X pass pass pass"),
                        {"type": "array", "items": pat(CALL_ITEM, "one call: 1♠, 2NT, 3R, pass, X or XX")},
                    ],
                    "examples": [
                        "1♠ pass 1♣ 1NT 2♣ 2R pass pass 3♣ X pass 2NT pass pass pass",
                        ["1H", "pass", "2H", "pass", "pass", "pass"],
                    ],
                },
                "contract": pat(
                    CONTRACT,
                    "a contract such as 4♠, 3NT, 2HX or 1CXX",
                    description="The final contract: level and strain, X for doubled, XX for "
                    "redoubled. With calls it is checked against them; without, give the "
                    "declarer too.",
                    examples=["4♠", "3NT", "2HX", "1CXX"],
                ),
                "declarer": ref("seat", "Who plays the hand. With calls it is checked against them."),
            },
        },
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
                    },
                },
            ],
        },
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
                    "enum": list(CLAIM_KINDS),
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
                        pat(ONE_RANK, "a rank: A K Q J (or Kn) 10 (or T) 9 … 2"),
                    ],
                },
                "card": ref("plainCard", "An alternative claim: the card the seat played at the trick."),
                "outcome": {
                    "description": "What would follow (alternative) or follows (outcome), e.g. "
                    "{side: YZ, by_cards: 2, game: true}.",
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {
                        "side": ref("side", "The side the outcome is about: AB or YZ."),
                        "game": {
                            "description": "Whether that side wins the game: true or false.",
                            "anyOf": [{"type": "boolean"}, pat(YES_NO, "true or false")],
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
        "bookError": {
            "description": "A place where the book disagrees with its own printed cards, kept as printed: "
            "{about: result, text: …} or {about: trick 4, text: …}. The validator then reports "
            "the disagreement as a warning about the book.",
            "type": "object",
            "additionalProperties": False,
            "required": ["about", "text"],
            "properties": {
                "about": pat(
                    BOOK_ERROR_ABOUT,
                    "result, or trick N (1 to 13)",
                    description="Where the book errs: result (the result line) or trick N.",
                    examples=["result", "trick 4"],
                ),
                "text": text("What the book says and what the cards show, in your own words."),
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


HAND1 = {
    "title": "Hand No. 1: dummy's heart make",
    "source": {
        "book": "The Gist of Bridge",
        "author": "R. F. Foster",
        "year": 1904,
        "hand": 1,
        "pages": [74, 75],
    },
    "rules": "bridge-whist",
    "dealer": "Z",
    "score_before": {"AB": 24, "YZ": 8},
    "declaration": {"maker": "Y", "trump": "hearts"},
    "play": {
        "columns": ["A", "Y", "B", "Z"],
        "tricks": [
            "♣K ♣4 ♣7 ♣9",
            "♣J ♣5 ♣3 ♣10",
            "♣Q ♣6 ♦2 ♣8",
            "♦7 ♦A ♦4 ♦5",
            "♥7 ♥K ♥9 ♥3",
            "♥10 ♥A ♥Q ♥5",
            "♠3 ♦9 ♦K ♦8",
            "♠4 ♠2 ♠5 ♠A",
            "♠7 ♦3 ♦6 ♦Q",
            "♠8 ♠Q ♦10 ♦J",
            "♠K ♥2 ♠6 ♠9",
            "♣2 ♥J ♠10 ♥6",
            "♣A ♥4 ♠J ♥8",
        ],
    },
    "result": "Y and Z win 3 by cards and simple honors.",
}


def build() -> dict[str, Any]:
    """The schema, as a JSON-ready dict."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://replayer.invalid/hand.schema.json",
        "title": "replayer hand file",
        "description": "One illustrative hand of a bridge book, typed as the book prints it (docs/hand-format.md). "
        "This schema checks keys and notation as the loader reads them; `replayer validate` checks "
        "the laws (revokes, trick winners, the auction, the result line).",
        "type": "object",
        "additionalProperties": False,
        "required": ["rules", "declaration"],
        "anyOf": [{"required": ["play"]}, {"required": ["deal"]}],
        "properties": {
            "title": text(
                "The hand's heading, e.g. \"Hand No. 1: dummy's heart make\".",
                examples=["Hand No. 1: dummy's heart make"],
            ),
            "source": {
                "description": "Where the hand is printed.",
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "book": text("The book's title.", examples=["The Gist of Bridge"]),
                    "author": text("The author, as on the title page.", examples=["R. F. Foster"]),
                    "year": integer(
                        1500,
                        2100,
                        "(?:1[5-9][0-9]{2}|20[0-9]{2}|2100)",
                        description="Year of the edition used, e.g. 1904.",
                    ),
                    "edition": text('Which edition or printing, e.g. "2nd ed.".'),
                    "publisher": text('The publisher, e.g. "Brentano\'s".'),
                    "hand": text('The book\'s number or name for the hand, e.g. 1 or "III".'),
                    "pages": {
                        "description": 'The printed page(s): 74, "74-75" or a list [74, 75].',
                        "anyOf": [TEXT, {"type": "array", "items": TEXT}],
                        "examples": [[74, 75], "74-75"],
                    },
                    "url": text("Where a scan or transcription can be read."),
                },
            },
            "rules": {
                "description": "The laws the hand is played under: bridge-whist, auction or contract.",
                "anyOf": [
                    *(
                        {"const": name, "description": description}
                        for name, (description, _) in RULE_SETS.items()
                    ),
                    *(
                        {"enum": aliases, "description": f"Read as {name}."}
                        for name, (_, aliases) in RULE_SETS.items()
                    ),
                    pat(RULES, "bridge-whist, auction or contract"),
                ],
            },
            "dealer": pat(
                whole(DEALER_SEAT),
                "Z, or the dealer's compass seat N, E, S or W",
                description="The dealer, whom the books call Z. Leave out (or write Z) for Z = South; "
                "write N, E or W to put Z there (A, Y, B follow clockwise from him).",
                examples=["Z", "S", "N", "E", "W"],
            ),
            "score_before": {
                "description": "The score before the deal: {AB: 24, YZ: 8} (or NS/EW), or love-all.",
                "oneOf": [
                    pat(
                        r"^\s*(?:[Ll][Oo][Vv][Ee](?:[ -][Aa][Ll][Ll])?|0[ -]0)\s*$",
                        "love-all, or a mapping {AB: 24, YZ: 8}",
                    ),
                    {
                        "type": "object",
                        "properties": {
                            k: ref("score", d)
                            for k, d in (
                                ("AB", "Points of A and B."),
                                ("YZ", "Points of Y and Z."),
                                ("NS", "Points of North and South."),
                                ("EW", "Points of East and West."),
                            )
                        },
                        "patternProperties": {SIDE: ref("score")},
                        "additionalProperties": False,
                    },
                ],
                "examples": [{"AB": 24, "YZ": 8}, "love-all"],
            },
            "declaration": {
                "description": "Bridge Whist: {maker: Z or Y, trump: hearts, doubles: [A]}. Auction and Contract: "
                "{calls: 1♥ pass 2♥ pass pass pass}, or {contract: 2♥, declarer: S}.",
                "oneOf": [ref("make"), ref("auction")],
                "examples": [
                    {"maker": "Y", "trump": "hearts"},
                    {"calls": "1♥ pass 2♥ pass pass pass"},
                    {"contract": "4♠", "declarer": "S"},
                ],
            },
            "deal": {
                "description": "The four hands when the recorded play starts (13 cards each; fewer for an end "
                'position). A mapping seat → hand, or a PBN line "N:K8743.T7.7.AKQJ2 …" (hands '
                "clockwise from the seat named). Optional when the play is complete.",
                "oneOf": [
                    pat(
                        PBN_DEAL,
                        "PBN: N: then four dotted hands clockwise, e.g. N:Q2.AKJ42.A93.654 J65.Q9.KT642.73 …",
                    ),
                    {
                        "type": "object",
                        "additionalProperties": False,
                        "minProperties": 4,
                        "maxProperties": 4,
                        "properties": {k: ref("hand", d) for k, d in DEAL_SEATS},
                        "patternProperties": {
                            OTHER_DEAL_KEY: ref(
                                "hand",
                                "A seat's hand; the seat is also read "
                                "in lower case (a, n) or capitals (NORTH).",
                            )
                        },
                    },
                ],
                "examples": [
                    {
                        "A": "♠K8743 ♥107 ♦7 ♣AKQJ2",
                        "Y": "♠Q2 ♥AKJ42 ♦A93 ♣654",
                        "B": "♠J1065 ♥Q9 ♦K10642 ♣73",
                        "Z": "♠A9 ♥8653 ♦QJ85 ♣1098",
                    }
                ],
            },
            "play": {
                "description": "The play, one row per trick in the book's columns. A list of rows alone "
                "(columns A, Y, B, Z), or {columns, first_trick, leader, tricks}.",
                "oneOf": [
                    {"type": "array", "items": ref("trick"), "maxItems": 13},
                    {
                        "type": "object",
                        "additionalProperties": False,
                        "properties": {
                            "columns": {
                                "description": "The seats of the book's columns, left to right. Default [A, Y, B, Z] "
                                "(Foster's tables).",
                                "oneOf": [
                                    {
                                        "type": "array",
                                        "items": ref("seat"),
                                        "minItems": 4,
                                        "maxItems": 4,
                                        "uniqueItems": True,
                                    },
                                    pat(COLUMNS_LINE, "four seats, e.g. [A, Y, B, Z]"),
                                ],
                                "examples": [["A", "Y", "B", "Z"], ["W", "N", "E", "S"]],
                            },
                            "first_trick": ref(
                                "trickNumber",
                                "The number of the first trick given, for an end "
                                "position (default 1). Then give the deal and the "
                                "leader.",
                            ),
                            "leader": ref(
                                "seat",
                                "Who leads to the first trick given. Needed when first_trick is "
                                "over 1; at trick 1 it is checked against the laws.",
                            ),
                            "tricks": {
                                "description": "One row per trick.",
                                "type": "array",
                                "items": ref("trick"),
                                "maxItems": 13,
                            },
                        },
                    },
                ],
            },
            "result": text(
                "The book's result line, quoted as printed, e.g. \"Y and Z win 3 by cards and simple "
                'honors." The trick count it claims is checked.',
                examples=["Y and Z win 3 by cards and simple honors.", "A and B make the odd trick."],
            ),
            "introduction": text(
                "A short introduction to the hand, in your own words: what to watch for.",
                examples=["The lesson is an echo that does not come: watch B's spades."],
            ),
            "notes": {
                "description": "Notes in your own words: a list of texts, or {trick: 4, text: …}, "
                "{tricks: [6, 7], text: …, source: …}.",
                "anyOf": [TEXT, {"type": "array", "items": ref("note")}],
            },
            "problem": {
                "description": "For a problem or end position: its text, or {text, side, tricks}, e.g. "
                '{text: "Z to lead; Y and Z to win all three tricks.", side: YZ, tricks: 3}.',
                "anyOf": [
                    TEXT,
                    {
                        "type": "object",
                        "additionalProperties": False,
                        "required": ["text"],
                        "properties": {
                            "text": text("The problem as the book sets it."),
                            "side": ref("side", "The side that is to win the tricks."),
                            "tricks": integer(
                                0, 13, "(?:[0-9]|1[0-3])", description="How many tricks that side is to win."
                            ),
                        },
                    },
                ],
            },
            "book_errors": {
                "description": "Where the book disagrees with its own cards (a result line that miscounts, a "
                "note the play contradicts): the cards are kept as printed and the disagreement "
                "recorded here.",
                "type": "array",
                "items": ref("bookError"),
                "examples": [
                    [{"about": "result", "text": "The result line gives simple honors; the cards give four."}]
                ],
            },
            "transcription": {
                "description": "How the hand was transcribed: {text, readings}, the readings listing each "
                "uncertain cell of the source and how it was settled.",
                "type": "object",
                "additionalProperties": False,
                "required": ["text"],
                "properties": {
                    "text": text("How the source was read and checked."),
                    "readings": {
                        "description": "The uncertain readings, one per cell.",
                        "type": "array",
                        "items": ref("reading"),
                    },
                },
            },
            "interop": {
                "description": "Written by `replayer import`: what a PBN or LIN board carries beyond this format, "
                "kept so that exporting it again loses nothing.",
                "type": "object",
                "additionalProperties": False,
                "required": ["from"],
                "properties": {
                    "from": {"description": "The format the hand was imported from.", "enum": ["pbn", "lin"]},
                    "board": text("The board's number or name in the file."),
                    "vulnerable": {"description": "Who is vulnerable.", "enum": ["None", "NS", "EW", "All"]},
                    "result": integer(
                        0,
                        13,
                        "(?:1[0-3]|[0-9])",
                        description="The declarer's tricks as the file gives them (claims included).",
                    ),
                    "unfinished": text("A last trick the file stops in (a claim), its cards in play order."),
                    "tags": {
                        "description": "The file's other tags, untouched and in order: [Name, value] pairs.",
                        "type": "array",
                        "items": {
                            "type": "array",
                            "minItems": 2,
                            "maxItems": 2,
                            "description": "A tag: its name, then its value.",
                            "items": text("A tag's name or value."),
                        },
                    },
                    "directives": {
                        "description": "The file's % directives, in order.",
                        "type": "array",
                        "items": text("A directive line."),
                    },
                    "commentary": {
                        "description": "Commentary not attached to a trick: where it stood, and its text.",
                        "type": "array",
                        "items": {
                            "type": "object",
                            "additionalProperties": False,
                            "required": ["text"],
                            "properties": {
                                "at": text("Where it stood in the file."),
                                "text": text("The commentary."),
                            },
                        },
                    },
                },
            },
        },
        "examples": [HAND1],
        "$defs": build_defs(),
    }


def render(schema: dict[str, Any]) -> str:
    """The schema as the committed file: two-space indent, UTF-8 symbols kept, final newline."""
    return json.dumps(schema, ensure_ascii=False, indent=2) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check",
        action="store_true",
        help="do not write; exit 1 if the committed schema differs from the generated one",
    )
    args = parser.parse_args(argv)
    wanted = render(build())
    current = SCHEMA_PATH.read_text(encoding="utf-8") if SCHEMA_PATH.exists() else None
    rel = SCHEMA_PATH.name
    if args.check:
        if current != wanted:
            print(f"{rel} is out of date: run python replayer/record/schema/build_schema.py", file=sys.stderr)
            return 1
        print(f"{rel} is up to date")
        return 0
    if current == wanted:
        print(f"{rel} unchanged")
        return 0
    with open(SCHEMA_PATH, "w", encoding="utf-8", newline="\n") as f:
        f.write(wanted)
    print(f"wrote {rel}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
