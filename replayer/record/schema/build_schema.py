#!/usr/bin/env python3
"""Build ``replayer/record/schema/hand.schema.json``, the editor schema for hand files.

The schema is generated, never edited by hand: change this script and run it.

    python replayer/record/schema/build_schema.py           # write the schema
    python replayer/record/schema/build_schema.py --check   # exit 1 if the committed schema is out of date

The schema is written in three modules: the notation as regular expressions
(``schema_patterns.py``: each block accepts exactly what a reader of ``replayer/record/`` or
``replayer/rules/`` reads, and names it), the schema's ``$defs`` and the pieces they are made of
(``schema_defs.py``), and here the top-level keys of a hand file and the script.
``tests/test_schema.py`` fuzzes every pattern against the loader and checks that the committed
file is this script's output, so change the two together. The script does not import replayer:
it is a second, independent description of the notation, which is what makes the agreement
tests worth running.

Output is deterministic: keys keep the order they are written in here (the order an editor
offers them), anything derived from a set is sorted, and the file ends with a newline.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

SCHEMA_PATH = Path(__file__).resolve().parent / "hand.schema.json"

if TYPE_CHECKING or __package__:  # imported from the package, and as mypy reads it
    from . import schema_defs as defs
    from . import schema_patterns as rx
else:
    # Run as a script, or loaded by path (tests/test_schema.py): this folder is no package, so its
    # modules are found beside this file.
    if str(SCHEMA_PATH.parent) not in sys.path:
        sys.path.append(str(SCHEMA_PATH.parent))
    import schema_defs as defs
    import schema_patterns as rx

#: the schema's example: Foster's hand 1, as docs/hand-format.md shows it
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


def build() -> defs.JSON:
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
            **_source_properties(),
            **_rules_properties(),
            **_deal_properties(),
            **_play_properties(),
            **_text_properties(),
            **_record_properties(),
            **_interop_properties(),
        },
        "examples": [HAND1],
        "$defs": defs.build_defs(),
    }


def _source_properties() -> defs.JSON:
    """The hand's title, and where it is printed."""
    return {
        "title": defs.text(
            "The hand's heading, e.g. \"Hand No. 1: dummy's heart make\".",
            examples=["Hand No. 1: dummy's heart make"],
        ),
        "source": {
            "description": "Where the hand is printed.",
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "book": defs.text("The book's title.", examples=["The Gist of Bridge"]),
                "author": defs.text("The author, as on the title page.", examples=["R. F. Foster"]),
                "year": defs.integer(
                    1500,
                    2100,
                    "(?:1[5-9][0-9]{2}|20[0-9]{2}|2100)",
                    description="Year of the edition used, e.g. 1904.",
                ),
                "edition": defs.text('Which edition or printing, e.g. "2nd ed.".'),
                "publisher": defs.text('The publisher, e.g. "Brentano\'s".'),
                "hand": defs.text('The book\'s number or name for the hand, e.g. 1 or "III".'),
                "theme": defs.text(
                    "The book's heading for the hand, as printed.",
                    examples=["Saving an Entry Card. Leading the Losing Trump."],
                ),
                "pages": {
                    "description": 'The printed page(s): 74, "74-75" or a list [74, 75].',
                    "anyOf": [defs.TEXT, {"type": "array", "items": defs.TEXT}],
                    "examples": [[74, 75], "74-75"],
                },
                "url": defs.text("Where a scan or transcription can be read."),
            },
        },
    }


def _score_before() -> defs.JSON:
    """The score before the deal: the points, or love-all; or the points with the games and the book's words."""
    sides = {
        k: defs.ref("score", d)
        for k, d in (
            ("AB", "Points of A and B."),
            ("YZ", "Points of Y and Z."),
            ("NS", "Points of North and South."),
            ("EW", "Points of East and West."),
        )
    }
    games = defs.integer(0, 1, "[01]", description="Games won in this rubber before the deal: 0 or 1.")
    return {
        "description": "The score before the deal: {AB: 24, YZ: 8} (or NS/EW), or love-all; with the games "
        "each side has won in the rubber ({games: {AB: 0, YZ: 1}}) and the book's words (quote) when it gives them.",
        "anyOf": [
            defs.pat(
                r"^\s*(?:[Ll][Oo][Vv][Ee](?:[ -][Aa][Ll][Ll])?|0[ -]0)\s*$",
                "love-all, or a mapping {AB: 24, YZ: 8}",
            ),
            {
                "type": "object",
                "properties": sides,
                "patternProperties": {rx.SIDE: defs.ref("score")},
                "additionalProperties": False,
            },
            {
                "type": "object",
                "description": "The points, with the games won in the rubber and the book's words.",
                "properties": {
                    **sides,
                    "games": {
                        "description": "Games each side has won in this rubber before the deal (0 or 1); "
                        "leave out a side the book does not give.",
                        "type": "object",
                        "properties": dict.fromkeys(("AB", "YZ", "NS", "EW"), games),
                        "patternProperties": {rx.SIDE: games},
                        "additionalProperties": False,
                    },
                    "quote": defs.text('The book\'s words for the score, e.g. "love-all, rubber game".'),
                },
                "patternProperties": {rx.SIDE: defs.ref("score")},
                "additionalProperties": False,
                "minProperties": 1,
            },
        ],
        "examples": [
            {"AB": 24, "YZ": 8},
            "love-all",
            {"AB": 0, "YZ": 0, "games": {"AB": 1, "YZ": 1}, "quote": "The score is love-all, rubber game."},
        ],
    }


def _rules_properties() -> defs.JSON:
    """The laws, the dealer, the score before the deal, the declaration."""
    return {
        "rules": {
            "description": "The laws the hand is played under: bridge-whist, auction, contract or dummy-bridge.",
            "anyOf": [
                *(
                    {"const": name, "description": description}
                    for name, (description, _) in rx.RULE_SETS.items()
                ),
                *(
                    {"enum": aliases, "description": f"Read as {name}."}
                    for name, (_, aliases) in rx.RULE_SETS.items()
                ),
                defs.pat(rx.RULES, "bridge-whist, auction, contract or dummy-bridge"),
            ],
        },
        "series": {
            "description": "Dummy Bridge: the deal's place in its game, {deal: 2}. The single player deals "
            "the odd deals (Z, with his dummy Y) and is the eldest hand on the even ones (A, with his dummy B). "
            "Leave out for the first deal.",
            "type": "object",
            "additionalProperties": False,
            "required": ["deal"],
            "properties": {
                "deal": defs.integer(
                    1, 99, "(?:[1-9]|[1-9][0-9])", description="The deal's number in the game, from 1."
                ),
            },
            "examples": [{"deal": 2}],
        },
        "dealer": defs.pat(
            rx.whole(rx.DEALER_SEAT),
            "Z, or the dealer's compass seat N, E, S or W",
            description="The dealer, whom the books call Z. Leave out (or write Z) for Z = South; "
            "write N, E or W to put Z there (A, Y, B follow clockwise from him).",
            examples=["Z", "S", "N", "E", "W"],
        ),
        "score_before": _score_before(),
        "declaration": {
            "description": "Bridge Whist: {maker: Z or Y, trump: hearts, doubles: [A]}. Auction and Contract: "
            "{calls: 1♥ pass 2♥ pass pass pass}, or {contract: 2♥, declarer: S}. Whist: {turned: ♠2}.",
            "oneOf": [defs.ref("make"), defs.ref("auction"), defs.ref("turned")],
            "examples": [
                {"maker": "Y", "trump": "hearts"},
                {"calls": "1♥ pass 2♥ pass pass pass"},
                {"contract": "4♠", "declarer": "S"},
                {"turned": "♠2"},
            ],
        },
    }


def _deal_properties() -> defs.JSON:
    """The four hands when the recorded play starts."""
    return {
        "deal": {
            "description": "The four hands when the recorded play starts (13 cards each; fewer for an end "
            'position). A mapping seat → hand, or a PBN line "N:K8743.T7.7.AKQJ2 …" (hands '
            "clockwise from the seat named). Optional when the play is complete.",
            "oneOf": [
                defs.pat(
                    rx.PBN_DEAL,
                    "PBN: N: then four dotted hands clockwise, e.g. N:Q2.AKJ42.A93.654 J65.Q9.KT642.73 …",
                ),
                {
                    "type": "object",
                    "additionalProperties": False,
                    "minProperties": 4,
                    "maxProperties": 4,
                    "properties": {k: defs.ref("hand", d) for k, d in rx.DEAL_SEATS},
                    "patternProperties": {
                        rx.OTHER_DEAL_KEY: defs.ref(
                            "hand",
                            "A seat's hand; the seat is also read in lower case (a, n) or capitals (NORTH).",
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
    }


def _play_properties() -> defs.JSON:
    """The play, one row per trick in the book's columns."""
    return {
        "play": {
            "description": "The play, one row per trick in the book's columns. A list of rows alone "
            "(columns A, Y, B, Z), or {columns, first_trick, leader, tricks}.",
            "oneOf": [
                {"type": "array", "items": defs.ref("trick"), "maxItems": 13},
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
                                    "items": defs.ref("seat"),
                                    "minItems": 4,
                                    "maxItems": 4,
                                    "uniqueItems": True,
                                },
                                defs.pat(rx.COLUMNS_LINE, "four seats, e.g. [A, Y, B, Z]"),
                            ],
                            "examples": [["A", "Y", "B", "Z"], ["W", "N", "E", "S"]],
                        },
                        "first_trick": defs.ref(
                            "trickNumber",
                            "The number of the first trick given, for an end "
                            "position (default 1). Then give the deal and the "
                            "leader.",
                        ),
                        "leader": defs.ref(
                            "seat",
                            "Who leads to the first trick given. Needed when first_trick is "
                            "over 1; at trick 1 it is checked against the laws.",
                        ),
                        "tricks": {
                            "description": "One row per trick.",
                            "type": "array",
                            "items": defs.ref("trick"),
                            "maxItems": 13,
                        },
                    },
                },
            ],
        },
    }


def _text_properties() -> defs.JSON:
    """The book's words and the transcriber's: result line, introduction, notes, problem."""
    return {
        "result": defs.text(
            "The book's result line, quoted as printed, e.g. \"Y and Z win 3 by cards and simple "
            'honors." The trick count it claims is checked.',
            examples=["Y and Z win 3 by cards and simple honors.", "A and B make the odd trick."],
        ),
        "introduction": defs.text(
            "A short introduction to the hand, in your own words: what to watch for.",
            examples=["The lesson is an echo that does not come: watch B's spades."],
        ),
        "notes": {
            "description": "Notes in your own words: a list of texts, or {trick: 4, text: …}, "
            "{tricks: [6, 7], text: …, source: …}.",
            "anyOf": [defs.TEXT, {"type": "array", "items": defs.ref("note")}],
        },
        "problem": {
            "description": "For a problem or end position: its text, or {text, side, tricks}, e.g. "
            '{text: "Z to lead; Y and Z to win all three tricks.", side: YZ, tricks: 3}.',
            "anyOf": [
                defs.TEXT,
                {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["text"],
                    "properties": {
                        "text": defs.text("The problem as the book sets it."),
                        "side": defs.ref("side", "The side that is to win the tricks."),
                        "tricks": defs.integer(
                            0, 13, "(?:[0-9]|1[0-3])", description="How many tricks that side is to win."
                        ),
                    },
                },
            ],
        },
    }


def _record_properties() -> defs.JSON:
    """The book's own errors, and how the hand was transcribed."""
    return {
        "book_errors": {
            "description": "Where the book disagrees with its own cards (a result line that miscounts, a "
            "note the play contradicts): the cards are kept as printed and the disagreement "
            "recorded here.",
            "type": "array",
            "items": defs.ref("bookError"),
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
                "text": defs.text("How the source was read and checked."),
                "readings": {
                    "description": "The uncertain readings, one per cell.",
                    "type": "array",
                    "items": defs.ref("reading"),
                },
            },
        },
    }


def _interop_properties() -> defs.JSON:
    """What an import keeps for the way back."""
    return {
        "interop": {
            "description": "Written by `replayer import`: what a PBN or LIN board carries beyond this format, "
            "kept so that exporting it again loses nothing.",
            "type": "object",
            "additionalProperties": False,
            "required": ["from"],
            "properties": {
                "from": {"description": "The format the hand was imported from.", "enum": ["pbn", "lin"]},
                "board": defs.text("The board's number or name in the file."),
                "vulnerable": {"description": "Who is vulnerable.", "enum": ["None", "NS", "EW", "All"]},
                "result": defs.integer(
                    0,
                    13,
                    "(?:1[0-3]|[0-9])",
                    description="The declarer's tricks as the file gives them (claims included).",
                ),
                "unfinished": defs.text("A last trick the file stops in (a claim), its cards in play order."),
                "tags": {
                    "description": "The file's other tags, untouched and in order: [Name, value] pairs.",
                    "type": "array",
                    "items": {
                        "type": "array",
                        "minItems": 2,
                        "maxItems": 2,
                        "description": "A tag: its name, then its value.",
                        "items": defs.text("A tag's name or value."),
                    },
                },
                "directives": {
                    "description": "The file's % directives, in order.",
                    "type": "array",
                    "items": defs.text("A directive line."),
                },
                "commentary": {
                    "description": "Commentary not attached to a trick: where it stood, and its text.",
                    "type": "array",
                    "items": {
                        "type": "object",
                        "additionalProperties": False,
                        "required": ["text"],
                        "properties": {
                            "at": defs.text("Where it stood in the file."),
                            "text": defs.text("The commentary."),
                        },
                    },
                },
            },
        },
    }


def render(schema: defs.JSON) -> str:
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
