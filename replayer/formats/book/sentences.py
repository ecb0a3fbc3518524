"""The book's sentences: the score before the deal, the make, and the result line's trick total.

"It is the first game, score sixteen to nothing, in favor of the dealer. Z deals and passes the
make. Y declares hearts." → AB 0, YZ 16, games 0–0; maker Y, hearts.  "Score, A-B 24 ; Y-Z 8.
Dummy declares Hearts." → AB 24, YZ 8; maker Y.  Pure."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...record.phrases import AwardKind, ResultSyntaxError, parse_result
from ...rules.cards import Strain
from ...rules.notation import NUMBER_WORDS
from ...rules.seats import BookPair, Letter

__all__ = ["Make", "Score", "read_make", "read_score", "result_tricks"]

_TEENS = {"fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40}
_NUMBER = r"(?:\d{1,3}|o|nothing|love|(?:twenty|thirty|forty)(?:-\w+)?|\w+teen|\w+)"


@dataclass(frozen=True, slots=True)
class Score:
    ab: int | None
    yz: int | None
    games: dict[str, int] | None
    quote: str


@dataclass(frozen=True, slots=True)
class Make:
    maker: Letter
    strain: Strain


def number(word: str) -> int | None:
    """A score's number: digits, ``o`` (an OCR's 0), ``nothing``, ``love`` or words to forty-nine."""
    w = word.lower().strip(" ,.")
    if w.isdigit() and len(w) <= 3:
        return int(w)
    if w in ("o", "nothing", "love", "none"):
        return 0
    if w in NUMBER_WORDS:
        return NUMBER_WORDS.index(w)
    if w in _TEENS:
        return _TEENS[w]
    tens, _, unit = w.partition("-")
    if tens in _TENS and (not unit or unit in NUMBER_WORDS[1:10]):
        return _TENS[tens] + (NUMBER_WORDS.index(unit) if unit else 0)
    return None


def _plain(text: str) -> str:
    return " ".join(text.replace("“", '"').replace("”", '"').replace("’", "'").lower().split())


def read_score(text: str) -> Score:
    """Points and games before the deal, as far as the sentence says them (None where it does not)."""
    t = _plain(text)
    games: dict[str, int] | None = None
    if "first game" in t:
        games = {"AB": 0, "YZ": 0}
    elif "rubber game" in t:
        games = {"AB": 1, "YZ": 1}
    elif "has a game in" in t:
        games = {"YZ": 1} if re.search(r"(dealer|\bz\b)[^.]*has a game in", t) else {"AB": 1}
    ab, yz = _points(t)
    return Score(ab, yz, games, " ".join(text.split()))


def _points(t: str) -> tuple[int | None, int | None]:
    if re.search(r"\blove[- ]all\b", t):
        return 0, 0
    m = re.search(rf"a-b\s+({_NUMBER})\s*;\s*y-z\s+({_NUMBER})", t)
    if m:
        return number(m.group(1)), number(m.group(2))
    m = re.search(rf"\b({_NUMBER})\s+all\b", t)
    if m and number(m.group(1)) is not None:
        n = number(m.group(1))
        return n, n
    m = re.search(rf"\b({_NUMBER})\s*(?:to|-)\s*({_NUMBER})\b", t)
    if not m:
        return None, None
    a, b = number(m.group(1)), number(m.group(2))
    if a is None or b is None:
        return None, None
    rest = t[m.end() :]
    if re.match(r"[ ,]*(?:\w+ ){0,3}against", rest) or "against the dealer" in rest[:40]:
        return max(a, b), min(a, b)
    if re.search(r"in favou?r of", rest[:40]):
        return min(a, b), max(a, b)
    return None, None


_STRAIN = re.compile(r"\b(no\W*trumps?|hearts?|diamonds?|clubs?|spades?)\b")


def read_make(text: str) -> Make | None:
    """Who made the trump and which: "passes the make … Y declares", "Dummy declares", "the dealer,
    Z, makes it no-trump"."""
    t = _plain(text)
    verb = re.search(r"\b(declares|makes it|make it|calls|makes)\b", t)
    if verb is None:
        return None
    m = _STRAIN.search(t, verb.start())
    if m is None:
        return None
    word = m.group(1)
    strain = Strain.NOTRUMP if word.startswith("no") else Strain.parse(word.rstrip("s") + "s")
    dummy = "passes the make" in t or re.search(r"\b(dummy|y)\s+(declares|calls|makes)\b", t)
    return Make(Letter.Y if dummy else Letter.Z, strain)


def result_tricks(text: str) -> tuple[BookPair, int] | None:
    """The total of tricks the result line gives a side (by cards, a total or a slam), if any."""
    try:
        claims = parse_result(text)
    except ResultSyntaxError:
        return None
    for c in claims:
        if not isinstance(c.side, BookPair):
            continue
        if c.kind is AwardKind.TRICKS and isinstance(c.value, int):
            return c.side, c.value
        if c.kind is AwardKind.BY_CARDS and isinstance(c.value, int):
            return c.side, 6 + c.value
        if c.kind is AwardKind.SLAM:
            return c.side, 13 if c.value == "grand" else 12
    return None
