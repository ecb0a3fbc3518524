"""The values of a game's tags: the deal, the contract and the result decoded (errors where
they cannot be read), and the forms of the other tags checked (warnings: the value is kept as
written); the rubber history checked against the vulnerability."""

from __future__ import annotations

import re
from collections.abc import Callable

from ...record.diagnostics import Severity
from ...rules.cards import SUITS_HIGH_FIRST, Card
from ...rules.notation import Vulnerability, read_number
from ...rules.seats import Pair, Seat
from ..ascii import bid_text
from .model import PbnGame, PbnTag
from .notation import DEAL_CARD, SEAT_BY_LETTER
from .problems import Problems, shown
from .tags import TABLE_WIDTH_MOST

__all__ = [
    "VALUE_CHECKS",
    "column_width",
    "check_rubber_history",
    "check_table",
    "parse_contract",
    "parse_deal",
    "parse_result",
]

_Hands = dict[Seat, frozenset[Card]]


# ---------------------------------------------------------------------------------------------
# The deal


def parse_deal(t: PbnTag, p: Problems) -> tuple[_Hands | None, int]:
    """The hands of the Deal tag (None when they cannot be read), and the cards in each."""
    v = t.value
    at = (t.line, t.col)
    m = re.match(r"^\s*([NESWnesw])\s*:(.*)$", v, re.DOTALL)
    if m is None:
        p.error(
            "pbn-deal",
            f"cannot read the deal {v[:30]!r}",
            *at,
            'a deal is "N:<north> <east> <south> <west>" (any first seat)',
        )
        return None, 13
    parts = _deal_parts(m.group(2), at, p)
    if parts is None:
        return None, 13
    first = SEAT_BY_LETTER[m.group(1)]
    hands: _Hands = {}
    owner: dict[Card, Seat] = {}
    ok = True
    for i, part in enumerate(parts):
        seat = first.next(i)
        if part == "-":
            continue
        cards, read = _parse_hand(part, seat, owner, at, p)
        ok = ok and read
        if cards is not None:
            hands[seat] = cards
    if not hands and ok:
        p.add("pbn-deal-empty", Severity.WARNING, "the deal gives no cards", *at)
    ok = _sizes_agree(hands, ok, at, p)
    total = max((len(h) for h in hands.values()), default=13)
    return (hands if ok else None), (total if ok else 13)


def _deal_parts(rest: str, at: tuple[int, int], p: Problems) -> list[str] | None:
    """The four hands' texts after ``N:``; None when there are not four."""
    parts = rest.split(" ")
    if "" in parts:
        p.add(
            "pbn-deal-spacing", Severity.WARNING, "hands in the deal must be separated by single spaces", *at
        )
        parts = rest.split()
    if len(parts) != 4:
        p.error(
            "pbn-deal", f"the deal gives {len(parts)} hands, not 4", *at, 'write "-" for a hand not given'
        )
        return None
    return parts


def _parse_hand(
    part: str, seat: Seat, owner: dict[Card, Seat], at: tuple[int, int], p: Problems
) -> tuple[frozenset[Card] | None, bool]:
    """One hand, ``K8743.T7.7.AKQJ2`` (spades first); ``owner`` says who was given each card
    so far.  The cards (None without four suits), and whether the hand read without error."""
    suits = part.split(".")
    if len(suits) != 4:
        p.error("pbn-deal", f"{seat.word}'s hand {part!r} does not have 4 suits separated by dots", *at)
        return None, False
    ok = True
    cards: set[Card] = set()
    for suit, ranks in zip(SUITS_HIGH_FIRST, suits, strict=True):
        for ch in ranks:
            card = DEAL_CARD.get((suit, ch))
            if card is None:
                p.error(
                    "pbn-deal",
                    f"{ch!r} is no rank ({seat.word}, {suit.word})",
                    *at,
                    "ranks are A K Q J T 9 8 7 6 5 4 3 2",
                )
                ok = False
                continue
            if card in cards or card in owner:
                other = owner.get(card, seat)
                p.error("pbn-deal", f"{card.ascii()} is given twice ({other.word} and {seat.word})", *at)
                ok = False
            cards.add(card)
            owner.setdefault(card, seat)
    return frozenset(cards), ok


def _sizes_agree(hands: _Hands, ok: bool, at: tuple[int, int], p: Problems) -> bool:
    """No hand over 13 cards, and (when all else read) every hand the same size."""
    sizes = {s: len(h) for s, h in hands.items()}
    for s, size in sizes.items():
        if size > 13:
            p.error("pbn-deal", f"{s.word} has {size} cards", *at)
            ok = False
    if ok and len(set(sizes.values())) > 1:
        detail = ", ".join(f"{s.word} {n}" for s, n in sizes.items())
        p.error("pbn-deal", f"the hands do not have the same number of cards ({detail})", *at)
        ok = False
    return ok


# ---------------------------------------------------------------------------------------------
# The contract and the result


def parse_contract(t: PbnTag, p: Problems, deal_total: int) -> str | None:
    v = t.value.strip()
    if v.upper() == "PASS":
        return "Pass"
    m = re.fullmatch(r"([1-7])(NT|N|S|H|D|C)(XX|X)?", v, re.IGNORECASE)
    if m is not None:
        strain = m.group(2).upper()
        if strain == "N":
            p.add(
                "pbn-nonstandard", Severity.WARNING, f"contract {v!r}: the standard writes NT", t.line, t.col
            )
        return bid_text(m.group(1), strain) + (m.group(3) or "").upper()
    if re.fullmatch(r"NT|S|H|D|C", v, re.IGNORECASE):
        if deal_total == 13:
            p.add(
                "pbn-strain-only",
                Severity.NOTE,
                f"contract {v!r} names only the trump (the standard's form for end positions)",
                t.line,
                t.col,
            )
        return v.upper()
    p.error(
        "pbn-bad-value",
        f"cannot read the contract {v!r}",
        t.line,
        t.col,
        "write e.g. 4H, 3NT, 2SX, 6CXX or Pass",
    )
    return None


def parse_result(game: PbnGame, t: PbnTag, p: Problems) -> None:
    v = t.value.strip()
    irregular = v.startswith("^")
    if irregular:
        v = v[1:].strip()
    game.result_irregular = irregular
    if re.fullmatch(r"[0-9]+", v):
        result = read_number(v, 13)
        if result is None:
            p.error("pbn-bad-value", f"result {shown(v)} is more than 13 tricks", t.line, t.col)
            return
        game.result = result
        return
    m = re.fullmatch(r"(NS|EW)\s+([0-9]+)(?:\s+(NS|EW)\s+([0-9]+))?", v)
    if m is None:
        p.error(
            "pbn-bad-value",
            f"cannot read the result {shown(t.value)!r}",
            t.line,
            t.col,
            'write the tricks won by declarer, e.g. "9"',
        )
        return
    if m.group(3) == m.group(1):
        p.error("pbn-bad-value", f"result {t.value!r} names {m.group(1)} twice", t.line, t.col)
        return
    read = {Pair(m.group(k)): read_number(m.group(k + 1), 13) for k in (1, 3) if m.group(k)}
    sides = {side: n for side, n in read.items() if n is not None}
    if len(sides) == 2 and sum(sides.values()) != 13 and not irregular:
        p.error(
            "pbn-bad-value",
            f"result {t.value!r}: the tricks add up to {sum(sides.values())}, not 13",
            t.line,
            t.col,
        )
    if len(sides) < len(read):
        p.error("pbn-bad-value", f"result {shown(t.value)!r} is more than 13 tricks", t.line, t.col)
        return
    if game.declarer is not None:
        side = game.declarer.side
        game.result = sides[side] if side in sides else 13 - sides[side.other]


# ---------------------------------------------------------------------------------------------
# Checks of the other tags' values (warnings: the value is kept as written).

_NUM = r"[+-]?[0-9]+"
#: a decimal, read one way only: ``[0-9]+\.?[0-9]*`` split a run of digits in every place before it
#: failed (seconds on 20,000 digits)
_DEC = r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"


def _scored(num: str, bare: bool = True) -> re.Pattern[str]:
    one = rf"(?:NS|EW)\s+{num}"
    alts = [rf"{one}(?:\s+{one})?"] + ([num] if bare else [])
    return re.compile(rf"\s*(?:{'|'.join(alts)})\s*")


_SCORE_FORMS = {
    "Score": _scored(_NUM),
    "ScoreIMP": _scored(_DEC),
    "ScoreMP": _scored(_DEC),
    "ScorePercentage": _scored(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"),
    "ScoreRubber": _scored(r"[0-9]+\s*/\s*[0-9]+"),
    "OptimumScore": _scored(_NUM, bare=False),
}


def _check_score(t: PbnTag, p: Problems) -> None:
    v = t.value
    ok = _SCORE_FORMS[t.name].fullmatch(v) is not None
    if ok:
        sides = re.findall(r"(NS|EW)", v)
        ok = len(sides) == len(set(sides))
    if ok and t.name == "ScorePercentage":
        ok = all(float(x) <= 100 for x in re.findall(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+", v))
    if not ok:
        p.add(
            "pbn-value-form",
            Severity.WARNING,
            f"cannot read [{t.name}] {v!r}",
            t.line,
            t.col,
            'forms: "<score>", "NS <score>", "EW <score>", "NS <score> EW <score>"',
        )


def _check_form(pattern: str, what: str) -> Callable[[PbnTag, Problems], None]:
    rx = re.compile(pattern)

    def check(t: PbnTag, p: Problems) -> None:
        if rx.fullmatch(t.value) is None:
            p.add("pbn-value-form", Severity.WARNING, f"[{t.name}] {t.value!r} is not {what}", t.line, t.col)

    return check


def _check_scoring(t: PbnTag, p: Problems) -> None:
    fields = t.value.split(";")
    for f in fields:
        if not re.fullmatch(r"[A-Za-z0-9_-]+", f):
            p.add(
                "pbn-value-form",
                Severity.WARNING,
                f"[Scoring] {t.value!r}: {f!r} is not a scoring name",
                t.line,
                t.col,
                "fields are names such as IMP, MP, Butler, separated by ;",
            )
            return


VALUE_CHECKS: dict[str, Callable[[PbnTag, Problems], None]] = dict.fromkeys(_SCORE_FORMS, _check_score) | {
    "Date": _check_form(r"[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}", "a date YYYY.MM.DD"),
    "EventDate": _check_form(r"[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}", "a date YYYY.MM.DD"),
    "UTCDate": _check_form(r"[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}", "a date YYYY.MM.DD"),
    "Time": _check_form(r"[0-9?]{2}:[0-9?]{2}:[0-9?]{2}", "a time HH:MM:SS"),
    "UTCTime": _check_form(r"[0-9?]{2}:[0-9?]{2}:[0-9?]{2}", "a time HH:MM:SS"),
    "Board": _check_form(r"0*[1-9][0-9]*", "a positive whole number"),
    "Round": _check_form(r"[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*", "a round (letters, digits, _ and periods)"),
    "Hidden": _check_form(r"[NESWnesw]*", "a list of seats N E S W"),
    "Scoring": _check_scoring,
}


def column_width(column: str) -> int | None:
    """A table column's width (``Rank\\2R`` → 2), 0 without one; None when it is more than
    :data:`TABLE_WIDTH_MOST`."""
    m = re.search(r"\\([0-9]+)[LR]?$", column)
    return read_number(m.group(1), TABLE_WIDTH_MOST) if m else 0


def check_table(t: PbnTag, p: Problems) -> None:
    columns = t.value.split(";") if t.value.strip() else []
    for c in columns:
        if "\\" in c and re.search(r"\\[0-9]+[LR]?$", c) is None:
            p.error(
                "pbn-table",
                f"[{t.name}] column {c!r}: a width is \\ and a number, then L or R",
                t.line,
                t.col,
            )
        elif re.fullmatch(r"[+-]?[^\\]*(?:\\[0-9]+[LR]?)?", c) is None:
            p.error("pbn-table", f"[{t.name}] cannot read the column {c!r}", t.line, t.col)
        elif "\\" in c and column_width(c) is None:
            p.error(
                "pbn-table",
                f"[{t.name}] column {shown(c)!r}: a width of more than {TABLE_WIDTH_MOST}",
                t.line,
                t.col,
                f"a PBN line holds {TABLE_WIDTH_MOST} characters: give a width up to {TABLE_WIDTH_MOST}",
            )
    if columns and t.rows:
        count = sum(len(r.elements) for r in t.rows)
        if count % len(columns):
            last = t.rows[-1]
            p.error(
                "pbn-table",
                f"[{t.name}] has {count} elements, not a whole number of rows of {len(columns)}",
                last.line,
                1,
            )


#: who is vulnerable, by whether N–S and E–W have won a game
_VULNERABLE_AFTER = {
    (False, False): Vulnerability.NONE,
    (True, False): Vulnerability.NS,
    (False, True): Vulnerability.EW,
    (True, True): Vulnerability.ALL,
}


def check_rubber_history(game: PbnGame, first: dict[str, PbnTag], p: Problems) -> None:
    t = first.get("ScoreRubberHistory")
    if t is None or t.value.strip() in ("", "?"):
        return
    hist = r"[0-9]+\s+[0-9]+\s*/\s*[0-9]+(?:\s+[0-9]+){0,2}"
    m = re.fullmatch(rf"\s*(NS|EW)\s+({hist})\s+(NS|EW)\s+({hist})\s*", t.value)
    if m is None or m.group(1) == m.group(3):
        p.add(
            "pbn-value-form",
            Severity.WARNING,
            f"cannot read [ScoreRubberHistory] {t.value!r}",
            t.line,
            t.col,
            'form: "NS <history> EW <history>"',
        )
        return
    below = {Pair(m.group(1)): m.group(2), Pair(m.group(3)): m.group(4)}
    # a game is 100 below the line: a score that is no number up to 99 (too many digits) is one
    won = {
        side: any(read_number(x, 99) is None for x in h.split("/", 1)[1].split()) for side, h in below.items()
    }
    expected = _VULNERABLE_AFTER[won[Pair.NS], won[Pair.EW]]
    v = first.get("Vulnerable")
    if game.vulnerable is not None and v is not None and game.vulnerable != expected:
        at = t if (t.line, t.col) > (v.line, v.col) else v
        p.error(
            "pbn-inconsistent",
            f"[Vulnerable] {v.value!r} but the rubber history makes {expected} vulnerable",
            at.line,
            at.col,
        )
