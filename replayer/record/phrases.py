"""Result phrases of the Bridge Whist books: "Y and Z win 3 by cards and simple honors".

A small tokenizer and a recursive-descent reader for the grammar of rules-reference §6.2,
turning a result line into :class:`Claim` values with character offsets, so that a checker
(§6.3) can point at the award it disagrees with.  Pure: no I/O.

Choices beyond §6.2:

* A line may begin with its verb ("made three tricks and simple honors in hearts", Foster's
  narrative [S2 p.32]): the side is then :attr:`Narrative.WE`, the scorer's side.  A later clause (after
  ``;`` ``,`` ``.`` or ``and``) may too, and keeps the side before it ("… and score simple honours").
* ``hold``/``holds``/``held`` are verbs too; "small slam" is "little slam"; ", and" and
  ", with" join awards like "and"; "in no-trumps" is read like "at no-trumps".
* Plain "slam" is "grand" when the same clause claims 7 by cards, else "little", the lesser claim.
* A ``where`` ("in hearts") belongs to the award it follows, and only to it.  An award's
  offsets cover the award ("a little slam", "four honors in one hand"), not its ``where``.
* Curly apostrophes and any dash are read as straight ones; quotation marks are ignored.

Elwell's lines (*Bridge*, 1902; *Advanced Bridge*, 1904): "The dealer wins ten tricks", "The dealer
loses three by-cards and the rubber", "The dealer wins two odd tricks".

* ``the dealer`` is Y–Z (Z deals in every book), ``the adversaries`` A–B.
* ``lose``/``loses``/``lost`` give the clause's awards to the other side: "the dealer loses the
  odd trick" is A–B's odd trick.
* "*n* tricks" is a total (:attr:`AwardKind.TRICKS`) when *n* is 8 to 13, or when the side is
  "the dealer" or "the adversaries" (Elwell counts tricks over six as "odd tricks" or "by-cards");
  otherwise it is *n* by cards, as in Foster's score narrative (§6.1).  "*n* odd tricks" and
  "*n* by-cards" are by cards.
* ``the game`` and ``the rubber`` are awards too (:attr:`AwardKind.GAME`, :attr:`AwardKind.RUBBER`).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, replace
from typing import NamedTuple

from ..rules.cards import Strain
from ..rules.notation import NUMBER_WORDS, read_number
from ..rules.seats import BookPair
from .sides import Narrative

__all__ = ["AwardKind", "Claim", "HonoursSplit", "ResultSyntaxError", "parse_result"]

#: the largest number a result line may give (points in honours run to a few hundred)
_MOST = 9999
_NUMBER_WORDS = {w: n for n, w in enumerate(NUMBER_WORDS) if 1 <= n <= 13}  # one to thirteen
_HONOURS = ("honours", "honors", "honour", "honor")
_PARTNERS = ("partners", "partner's", "partner")
_LOSE = frozenset(["lose", "loses", "lost"])  # the awards go to the other side
_WIN = ["win", "wins", "won", "make", "makes", "made", "score", "scores", "scored", "hold", "holds", "held"]
_VERBS = frozenset(_WIN) | _LOSE
#: Elwell's names for the sides (two tokens each): the dealer's side is Y–Z
_NAMED_SIDES = {"dealer": BookPair.YZ, "adversaries": BookPair.AB}
_SUIT_STEMS = ("club", "diamond", "heart", "spade")
_AWARD_HELP = "e.g. '3 by cards', 'the odd trick', 'simple honours', '30 aces', 'a grand slam', 'chicane'"
_BY_CARDS_HINT = "n by cards means 6 + n tricks; the odd trick is 1 by cards"


class AwardKind(enum.StrEnum):
    """What a result line awards a side."""

    BY_CARDS = "by_cards"  # tricks over six: 1 (the odd trick) to 7
    TRICKS = "tricks"  # the side's total of tricks: 1 to 13 ("the dealer wins ten tricks")
    HONOURS = "honours"  # trump honours held: 3 (simple), 4 or 5
    ACES = "aces"  # aces held at no-trumps: 3 (30 aces) or 4 (40, or 100 in one hand)
    SLAM = "slam"  # little or grand
    CHICANE = "chicane"  # single or double
    POINTS = "points"  # "N in honours": the honour points alone
    GAME = "game"  # "the game": value "game"
    RUBBER = "rubber"  # "the rubber": value "rubber"


class HonoursSplit(enum.StrEnum):
    """How honours (or a hundred aces) lay between the partners, when the line says."""

    ONE_HAND = "one_hand"
    BETWEEN_PARTNERS = "between_partners"
    ONE_HAND_FIFTH_PARTNER = "one_hand_fifth_partner"  # four in one hand, the fifth in partner's

    @property
    def words(self) -> str:
        return {
            HonoursSplit.ONE_HAND: "in one hand",
            HonoursSplit.BETWEEN_PARTNERS: "between partners",
            HonoursSplit.ONE_HAND_FIFTH_PARTNER: "in one hand, the fifth in partner's",
        }[self]


_Award = tuple[AwardKind, int | str, HonoursSplit | None]  # kind, value, detail


@dataclass(frozen=True, slots=True)
class Claim:
    """One award that a result line asserts for one side (rules-reference §6.3, RES-1…RES-7)."""

    side: BookPair | Narrative  # the book's letters, or the narrative's we and they
    kind: AwardKind
    value: int | str  # see parse_result
    detail: HonoursSplit | None  # honours, and 100 aces (ONE_HAND)
    strain: Strain | None  # from "in hearts" / "at no-trumps" after this award
    start: int  # character offsets of the award in the text
    end: int
    dealt: bool = False  # the clause said "dealt and …"

    def describe(self) -> str:
        """Plain English: "Y–Z win 3 by cards", "A–B win the odd trick", "Y–Z hold 30 aces"."""
        what = self._award_words()
        if self.strain is not None:
            what += f" {'at' if self.strain is Strain.NOTRUMP else 'in'} {self.strain.word}"
        text = f"{self.side.label} {what}"
        return text[0].upper() + text[1:]

    def _award_words(self) -> str:
        if self.kind is AwardKind.BY_CARDS:
            return "win the odd trick" if self.value == 1 else f"win {self.value} by cards"
        if self.kind is AwardKind.TRICKS:
            return f"win {self.value} trick{'' if self.value == 1 else 's'}"
        if self.kind in (AwardKind.GAME, AwardKind.RUBBER):
            return f"win the {self.value}"
        if self.kind is AwardKind.HONOURS:
            count = {3: "simple", 4: "four", 5: "five"}.get(int(self.value), str(self.value))
            split = f" {self.detail.words}" if self.detail is not None else ""
            return f"hold {count} honours{split}"
        if self.kind is AwardKind.ACES:
            aces = "100" if self.detail is HonoursSplit.ONE_HAND else "30" if self.value == 3 else "40"
            return f"hold {aces} aces"
        if self.kind is AwardKind.SLAM:
            return f"win a {self.value} slam"
        if self.kind is AwardKind.CHICANE:
            return "have double chicane" if self.value == "double" else "have chicane"
        return f"score {self.value} in honours"


class ResultSyntaxError(ValueError):
    """A result line could not be read; ``offset`` is the 0-based character where reading failed."""

    def __init__(self, message: str, offset: int, hint: str | None = None) -> None:
        super().__init__(message)
        self.offset = offset
        self.hint = hint


# ---------------------------------------------------------------------------------------------
# Tokens: words (letters and digits, with inner apostrophes), "-" for any dash, and ; , .

_APOSTROPHES = "'’‘ʼ"
_TOKEN = re.compile(  # a word | a dash or ; , . | skipped: spaces, quotation marks | anything else
    rf"(\w+(?:[{_APOSTROPHES}]\w+)*)|([-‐‑‒–—―−;,.])|[\s\"“”„«»{_APOSTROPHES}]+|(.)"
)


class _Tok(NamedTuple):
    """A word or a punctuation mark of a result line, where it stands in the line.

    A named tuple, not a frozen dataclass: only its fields are read, and defining a frozen slotted
    dataclass costs every process that imports this module about half a millisecond."""

    text: str  # lower-cased; apostrophes and dashes normalised
    start: int
    end: int


def _tokenize(text: str) -> list[_Tok]:
    toks: list[_Tok] = []
    for m in _TOKEN.finditer(text):
        word, punct, bad = m.groups()
        if bad is not None:
            raise ResultSyntaxError(f"unexpected character {bad!r}", m.start(), "use words, numbers, , ; . -")
        if word is not None:
            toks.append(_Tok(re.sub(f"[{_APOSTROPHES}]", "'", word.lower()), m.start(), m.end()))
        elif punct is not None:
            toks.append(_Tok(punct if punct in ";,." else "-", m.start(), m.end()))
    return toks


# ---------------------------------------------------------------------------------------------
# The reader


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = _tokenize(text)
        self.pos = 0
        self.named_side = False  # the clause's side was "the dealer" or "the adversaries"
        self.subject: BookPair | Narrative | None = None  # the last clause's side, before any "lose"

    def word(self, k: int | None = None) -> str | None:
        k = self.pos if k is None else k
        return self.toks[k].text if k < len(self.toks) else None

    def offset(self, k: int | None = None) -> int:
        k = self.pos if k is None else k
        return self.toks[k].start if k < len(self.toks) else len(self.text)

    def fail(self, expected: str, hint: str | None = None) -> ResultSyntaxError:
        found = self.word()
        tail = "the text ended" if found is None else f"found {found!r}"
        return ResultSyntaxError(f"expected {expected}, {tail}", self.offset(), hint)

    def accept(self, *words: str) -> str | None:
        """Step over the next token if it is one of ``words``; return it, else None."""
        w = self.word()
        if w in words:
            self.pos += 1
            return w
        return None

    def expect(self, *words: str) -> str:
        w = self.accept(*words)
        if w is None:
            raise self.fail(" or ".join(repr(w) for w in words))
        return w

    # -- sides and clauses

    def side_size(self, k: int) -> int:
        """How many tokens at ``k`` look like a side (0 if none): 'we', 'Y and Z', 'A-B'."""
        if self.word(k) in ("we", "they"):
            return 1
        if self.word(k) == "the" and self.word(k + 1) in _NAMED_SIDES:
            return 2
        first, joint, second = self.word(k), self.word(k + 1), self.word(k + 2)
        letters = all(w is not None and len(w) == 1 and w.isalpha() for w in (first, second))
        return 3 if letters and joint in ("and", "-") else 0

    def starts_clause(self, k: int) -> bool:
        return self.side_size(k) > 0 or self.word(k) in _VERBS or self.word(k) == "dealt"

    def after_joiner(self, puncts: tuple[str, ...]) -> int:
        """The token index after a joiner at ``pos``: optionally one of ``puncts``, then "and"/"with"."""
        k = self.pos + (self.word() in puncts)
        return k + (self.word(k) in ("and", "with"))

    def side(self) -> BookPair | Narrative | None:
        size, start = self.side_size(self.pos), self.offset()
        words = [t.text for t in self.toks[self.pos : self.pos + size]]
        self.pos += size
        if size == 2:
            return _NAMED_SIDES[words[1]]
        if size < 3:
            return Narrative(words[0].upper()) if words else None
        letters = {words[0], words[2]}
        if letters in ({"a", "b"}, {"y", "z"}):
            return BookPair.AB if "a" in letters else BookPair.YZ
        name = self.text[start : self.toks[self.pos - 1].end]
        if letters <= {"a", "b", "y", "z"}:
            raise ResultSyntaxError(f"{name!r} are not partners", start, "the sides are A and B, Y and Z")
        raise ResultSyntaxError(f"unknown side {name!r}", start, "write A and B, Y and Z, we or they")

    def clause(self, inherited: BookPair | Narrative | None) -> list[Claim]:
        if self.side_size(self.pos):
            self.named_side = self.side_size(self.pos) == 2
        side = self.side() or inherited
        self.subject = side
        if side is None and not self.starts_clause(self.pos):
            raise self.fail("a side (A and B, Y and Z, we, they, the dealer) or a verb (win, make, score)")
        dealt = self.accept("dealt") is not None
        if dealt:
            self.expect("and")
        verb = self.accept(*_VERBS)
        if verb is None:
            raise self.fail("a verb (win, make, score, lose)")
        if verb in _LOSE:  # "the dealer loses the odd trick": the adversaries win it
            side = _other(side or Narrative.WE)
        claims = [self.item(side or Narrative.WE, dealt)]
        while True:  # "and" | "with" | "," [ "and" | "with" ], unless a new clause follows
            k = self.after_joiner((",",))
            trailing_comma = k == len(self.toks) and self.word(k - 1) == ","
            if k == self.pos or trailing_comma or self.starts_clause(k):
                break
            self.pos = k
            claims.append(self.item(side or Narrative.WE, dealt))
        # Plain "slam": grand with 7 by cards in the clause, else little.
        size = "grand" if any(c.kind is AwardKind.BY_CARDS and c.value == 7 for c in claims) else "little"
        return [replace(c, value=size) if c.value == "slam" else c for c in claims]

    # -- awards

    def item(self, side: BookPair | Narrative, dealt: bool) -> Claim:
        start = self.offset()
        kind, value, detail = self.award()
        end = self.toks[self.pos - 1].end
        return Claim(side, kind, value, detail, self.where(), start, end, dealt)

    def award(self) -> _Award:
        """One award: a named one ("the odd trick", "a little slam", "chicane") or a counted one."""
        w = self.word()
        if w == "odd" or (w == "the" and self.word(self.pos + 1) == "odd"):
            self.pos += 1 if w == "odd" else 2
            self.expect("trick")
            return AwardKind.BY_CARDS, 1, None
        if self.accept("simple"):
            self.expect(*_HONOURS)
            return AwardKind.HONOURS, 3, None
        if w == "a" and self.word(self.pos + 1) in ("little", "small", "grand", "slam", "double", "chicane"):
            self.pos += 1  # "a little slam", "a chicane"
        if size := self.accept("little", "small", "grand"):
            self.expect("slam")
            return AwardKind.SLAM, "grand" if size == "grand" else "little", None
        if self.accept("slam"):
            return AwardKind.SLAM, "slam", None  # resolved in clause()
        if times := self.accept("double", "single"):
            self.expect("chicane")
            return AwardKind.CHICANE, times, None
        if self.accept("chicane"):
            return AwardKind.CHICANE, "single", None
        if w == "the" and self.word(self.pos + 1) in ("game", "rubber"):
            self.pos += 1
        if what := self.accept("game", "rubber"):
            return AwardKind(what), what, None
        return self.counted()

    def counted(self) -> _Award:
        """An award that starts with its number: "3 by cards", "four honours", "30 aces", "16 in honours"."""
        w = self.word()
        digits = bool(w and all("0" <= ch <= "9" for ch in w))
        n, at = read_number(w, _MOST) if w and digits else _NUMBER_WORDS.get(w or ""), self.offset()
        if n is None and digits:
            raise ResultSyntaxError(
                f"a number of {len(w or ''):,} digits: a result line's numbers are at most {_MOST:,}",
                at,
                "write the number as the book prints it: '3 by cards', '30 aces', '16 in honours'",
            )
        if n is None:
            raise self.fail("an award", _AWARD_HELP)
        self.pos += 1
        by = self.accept("by")
        if by:
            self.accept("-")  # Elwell's "by-cards"
        if by and self.accept("cards", "card") is None:
            raise self.fail("'cards' after 'by'", f"write '{w} by cards', then any suit: '… in hearts'")
        odd = not by and self.accept("odd") is not None
        if odd and self.accept("tricks", "trick") is None:
            raise self.fail("'tricks' after 'odd'", f"write '{w} odd tricks': {_BY_CARDS_HINT}")
        if not (by or odd) and self.accept("tricks", "trick"):
            if n >= 8 or self.named_side:
                return self.total(n, at)
            by = "by"
        if by or odd:
            if not 1 <= n <= 7:
                why = "at most 7 by cards" if n > 7 else "at least 1 by cards (the odd trick)"
                raise ResultSyntaxError(f"a side wins {why}, not {n}", at, _BY_CARDS_HINT)
            return AwardKind.BY_CARDS, n, None
        if self.accept(*_HONOURS):
            return self.honours(n, at)
        if digits and self.accept("aces"):
            if n not in (30, 40, 100):
                raise ResultSyntaxError(f"aces are scored as 30, 40 or 100, not {n}", at)
            if n == 100 and self.word() == "in" and self.word(self.pos + 1) == "one":
                self.pos += 2
                self.expect("hand")
            return AwardKind.ACES, 3 if n == 30 else 4, HonoursSplit.ONE_HAND if n == 100 else None
        if digits and self.word() == "in" and self.word(self.pos + 1) in _HONOURS:
            self.pos += 2
            return AwardKind.POINTS, n, None
        raise self.fail(f"'by cards', 'tricks', 'honours', 'aces' or 'in honours' after {w}", _AWARD_HELP)

    @staticmethod
    def total(n: int, at: int) -> _Award:
        if not 1 <= n <= 13:
            raise ResultSyntaxError(f"a side wins at most 13 tricks, not {n}", at)
        return AwardKind.TRICKS, n, None

    def honours(self, n: int, at: int) -> _Award:
        if n not in (3, 4, 5):
            raise ResultSyntaxError(f"honours are counted three, four or five, not {n}", at)
        detail: HonoursSplit | None = None
        if self.word() == "in" and self.word(self.pos + 1) == "one":
            self.pos += 2
            self.expect("hand")
            detail = HonoursSplit.ONE_HAND
            if self.word() == "," and self.word(self.pos + 1) in ("5th", "fifth"):
                self.pos += 2
                self.expect("in")
                self.expect(*_PARTNERS)
                detail = HonoursSplit.ONE_HAND_FIFTH_PARTNER
        elif self.accept("between"):
            self.expect(*_PARTNERS)
            detail = HonoursSplit.BETWEEN_PARTNERS
        if detail is not None and (n == 3 or (n == 4 and detail is HonoursSplit.ONE_HAND_FIFTH_PARTNER)):
            hint = "simple honours have no split; '5th in partner's' needs five"
            raise ResultSyntaxError(f"{n} honours cannot be split that way", at, hint)
        return AwardKind.HONOURS, n, detail

    def where(self) -> Strain | None:
        prep = self.accept("in", "at")
        if prep is None:
            return None
        w = self.word()
        if self.accept("royal"):
            self.expect("spades", "spade")
            return Strain.ROYAL_SPADES
        if w is not None and w.removesuffix("s") in _SUIT_STEMS:
            self.pos += 1
            return Strain.parse(w)
        if self.accept("notrump", "notrumps"):
            return Strain.NOTRUMP
        if self.accept("no"):
            self.accept("-")
            self.expect("trumps", "trump")
            return Strain.NOTRUMP
        hint = "'in one hand' follows four or five honours, or 100 aces" if w == "one" else None
        raise self.fail(f"a suit (hearts, spades …) or no-trumps after {prep!r}", hint)


def _other(side: BookPair | Narrative) -> BookPair | Narrative:
    """The side a "lose" clause gives its awards to."""
    if isinstance(side, BookPair):
        return side.other
    return Narrative.THEY if side is Narrative.WE else Narrative.WE


def parse_result(text: str) -> list[Claim]:
    """Read a result line into its claims, in order; raise :class:`ResultSyntaxError` if unreadable.

    Values: by_cards 1…7 (the odd trick = 1); tricks 1…13 (a total); game "game"; rubber "rubber";
    honours 3 (simple), 4 or 5; aces 3 ("30 aces"),
    4 ("40 aces"; "100 aces" with detail ONE_HAND); slam "little" | "grand";
    chicane "single" | "double"; points N (from "N in honours").
    """
    r = _Reader(text)
    if not r.toks:
        raise ResultSyntaxError("empty result line", 0, "e.g. 'Y and Z win 3 by cards and simple honors'")
    claims = r.clause(None)
    while r.pos < len(r.toks):
        k = r.after_joiner((";", ",", "."))
        if k == len(r.toks) == r.pos + 1 and r.word() in (".", ","):
            break  # a trailing full stop or comma
        if k == r.pos:
            raise r.fail("';', ',' or 'and' before another clause, or the end of the line")
        r.pos = k
        claims += r.clause(r.subject or claims[-1].side)
    return claims
