r"""The hand file's notation as regular expressions, for the editor schema (``build_schema.py``).

Each block names the reader it mirrors (``replayer/rules/cards.py``, ``replayer/rules/auction.py``
and the readers in ``replayer/record/``), and must accept exactly what that reader reads:
``tests/test_schema.py`` fuzzes every pattern against the loader.  Nothing here imports replayer:
this is a second, independent description of the notation, which is what makes the agreement
tests worth running.

The patterns must run in Python (jsonschema) and in editors (JavaScript): no inline flags,
no named groups, no \A or \Z. Case-insensitivity is spelt out with ci().
"""

from __future__ import annotations

# =============================================================================================
# Building blocks


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
# Cards: parse_card and scan_cards (replayer/rules/cards.py)

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
# Holdings: parse_holding and parse_ranks (replayer/rules/cards.py)
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

# PBN deal (read_deal in replayer/record/read_cards.py): "N:" then four hands clockwise, split at blanks; a hand of "-" is skipped.
PBN_SEPS = ",;:—–-"
PBN_HAND = r"(?=\S)(?!-(?:\s|$))" + alt(
    suited(f"[{PBN_SEPS}]", SUIT_START),
    suited(f"[{VS_CHARS}{PBN_SEPS}]", SUIT_START_VS),
    dotted(PBN_SEPS, r"\S*[SHDCshdc]:"),  # one hand, up to the next blank
)
PBN_DEAL = rf"^\s*[NESWnesw]\s*:\s*{PBN_HAND}(?:\s+{PBN_HAND}){{3}}\s*$"

# ---------------------------------------------------------------------------------------------
# Seats: FieldReader.seat (replayer/record/fields.py) and the maker (replayer/record/read_declaration.py)

COMPASS_WORDS = ("north", "east", "south", "west")
SEAT = alt("[AaYyBbZzNnEeSsWw]", *(ci(w) for w in (*COMPASS_WORDS, "dealer")))  # dealer is Z
DEALER_SEAT = alt("[ZzNnEeSsWw]", *(ci(w) for w in (*COMPASS_WORDS, "dealer")))
# Bridge Whist's maker is Z or Y; "dummy" is read as Y here and nowhere else.
MAKER_SEAT = alt("[ZzYyNnEeSsWw]", *(ci(w) for w in (*COMPASS_WORDS, "dealer", "dummy")))
COLUMNS_LINE = rf"^[\s,]*{SEAT}(?:[\s,]+{SEAT}){{3}}[\s,]*$"
SEATS_LINE = rf"^\s*(?:{SEAT}(?:\s+{SEAT})*)?\s*$"  # doubles: "A Z", or nothing
SEATS_ITEM = rf"^\s*{SEAT}(?:\s+{SEAT})*\s*$"  # one item of a doubles list: not blank

# The keys of a deal mapping (DEAL_KEYS in replayer/record/keys.py): the eight letters in either case, and the compass
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

# Sides (SIDE_WORDS in replayer/record/sides.py): score_before keys and the problem's side.
SIDE = whole(
    alt(
        *(
            ci_literal(s)
            for s in ("AB", "A-B", "A–B", "A and B", "YZ", "Y-Z", "Y–Z", "Y and Z", "NS", "N-S", "EW", "E-W")
        )
    )
)

# ---------------------------------------------------------------------------------------------
# Strains: Strain.parse (trump, contract) and the contract (replayer/record/read_declaration.py)

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
# Calls: Call.parse and scan_calls (replayer/rules/auction.py)

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
# Rule sets (replayer/rules/regimes.py): the canonical names, then the aliases of each

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
    "dummy-bridge": (
        "Canonical. Dummy Bridge (three-handed, Foster 1904 pp. 84–85): played as Bridge Whist, Z the "
        "single player; when he passes, dummy's declaration is the mechanical one; only A may double.",
        ["dummy bridge", "dummy_bridge", "three-handed bridge", "three handed bridge", "db"],
    ),
    "whist": (
        "Canonical. Whist (docs/rules-whist.md): the dealer's last card turned up for trumps, no dummy, "
        "A leads; English short whist scoring (game of five, honours) unless --option variant=american.",
        ["short whist", "short-whist", "english whist"],
    ),
}
RULES = whole(alt(*(ci_literal(n) for name, (_, aliases) in RULE_SETS.items() for n in (name, *aliases))))

# ---------------------------------------------------------------------------------------------
# The book's own records (replayer/record/read_notes.py)

CLAIM_KINDS = ("holding", "alternative", "outcome")  # compared exactly: no other case, no blanks
#: the techniques a note may name (record/keys.py TECHNIQUE_NAMES; docs/evaluation.md)
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
BOOK_ERROR_ABOUT = whole(
    alt(
        ci("result")
        + "(?:"
        + alt(*(ci_literal(" " + w) for w in ("honours", "honors", "tricks", "strain")))
        + ")?",
        ci_literal("trick ") + "(?:1[0-3]|[1-9])",
        ci("card"),
        ci("mark"),
        ci("deal"),
    )
)
YES_NO = whole(alt(*(ci(w) for w in ("true", "false", "yes", "no"))))
