"""Cards, suits, ranks and strains: small immutable values and their notation (seats: ``seats``).

Every notation a transcriber is likely to type is parsed here, and every value formats
back to a canonical form (``♠K``) and an ASCII form (``SK``, ``T`` for the ten).
Nothing in this module does I/O.
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import NamedTuple

from .notation import RANK_LETTERS, RANK_NAMES
from .notation import RANK_WORDS as _RANK_WORDS
from .notation import SUIT_LETTERS as _SUIT_LETTERS
from .notation import SUIT_SYMBOLS as _SUIT_SYMBOLS
from .notation import SUIT_WORDS as _SUIT_WORDS
from .notation import SYMBOL_ALIASES as _SYMBOL_ALIASES

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "Strain",
    "CardSyntaxError",
    "FULL_DECK",
    "parse_card",
    "parse_holding",
    "parse_ranks",
    "scan_cards",
    "format_holding",
    "SUITS_HIGH_FIRST",
    "CardToken",
    "CARD_SPELLINGS",
    "two_word_card",
]


class CardSyntaxError(ValueError):
    """A card, holding or seat could not be read.  ``hint`` may suggest what was meant."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.hint = hint


# ---------------------------------------------------------------------------------------------
# Suits and ranks


class Suit(enum.IntEnum):
    """The four suits, in ascending bridge order."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        return _SUIT_LETTERS[self]

    @property
    def word(self) -> str:
        return _SUIT_WORDS[self]

    @property
    def singular(self) -> str:
        """``spade``: one card of the suit ("his last spade", "a heart lead")."""
        return _SUIT_WORDS[self][:-1]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def __str__(self) -> str:
        return self.symbol

    @classmethod
    def parse(cls, text: str) -> Suit:
        suit = _suit_or_none(text)
        if suit is None:
            raise CardSyntaxError(f"{text!r} is not a suit", "write S H D C, ♠ ♥ ♦ ♣ or a suit word")
        return suit


_SUIT_WORD_RE = re.compile(r"^(spade|heart|diamond|club)s?$", re.IGNORECASE)


@functools.lru_cache(maxsize=1024)  # the word readers ask of the same few words again and again
def _suit_or_none(text: str) -> Suit | None:
    t = _normalise(text).strip()
    if len(t) == 1:
        if t in _SUIT_SYMBOLS:
            return Suit(_SUIT_SYMBOLS.index(t))
        if t.upper() in _SUIT_LETTERS:
            return Suit(_SUIT_LETTERS.index(t.upper()))
        return None
    m = _SUIT_WORD_RE.match(t)
    if m:
        return Suit(_SUIT_WORDS.index(m.group(1).lower() + "s"))
    return None


class Rank(enum.IntEnum):
    """Ranks 2…14; the ace is high in play."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """ASCII letter: ``T`` for the ten (PBN, LIN)."""
        return RANK_LETTERS[self - 2]

    @property
    def display(self) -> str:
        """As the books print it: ``10`` for the ten."""
        return "10" if self == Rank.TEN else self.letter

    @property
    def word(self) -> str:
        """The rank's name: ``two`` … ``ten``, ``jack``, ``queen``, ``king``, ``ace``."""
        return RANK_NAMES[self - 2]

    @property
    def is_honour(self) -> bool:
        return self >= Rank.TEN

    def __str__(self) -> str:
        return self.display

    @classmethod
    def parse(cls, text: str) -> Rank:
        rank = _rank_or_none(text)
        if rank is None:
            raise CardSyntaxError(f"{text!r} is not a rank", _rank_hint(text))
        return rank


@functools.lru_cache(maxsize=1024)
def _rank_or_none(text: str) -> Rank | None:
    t = text.strip()
    u = t.upper()
    if u == "10" or u == "T":
        return Rank.TEN
    if u == "KN":  # knave, as the old books write it
        return Rank.JACK
    if len(u) == 1 and u in "23456789JQKA":
        return Rank(RANK_LETTERS.index(u) + 2)
    if t.lower() in _RANK_WORDS:
        return Rank(_RANK_WORDS[t.lower()])
    return None


def _rank_hint(text: str) -> str:
    t = text.strip().upper()
    if t in ("1", "0", "I0", "IO", "1O", "L0"):
        return "the ten is written 10 or T"
    if t in ("X",):
        return "x stands for a small card of unknown rank; write the exact rank"
    if t.isdigit():
        return "ranks run 2 to 10, then J (or Kn), Q, K, A"
    return "ranks are A K Q J (or Kn) 10 (or T) 9 … 2"


# ---------------------------------------------------------------------------------------------
# Cards


def _normalise(text: str) -> str:
    out = text.replace("\ufe0f", "").replace("\ufe0e", "")
    for alias, sym in _SYMBOL_ALIASES.items():
        out = out.replace(alias, sym)
    return out


_SUIT_CH = "[♠♥♦♣SHDCshdc]"
_RANK_CH = r"(?:10|[Kk][Nn]|[2-9TtJjQqKkAa])"
_SUIT_FIRST = re.compile(rf"^({_SUIT_CH})\s*({_RANK_CH})$")


# The spellings below are the rarer ones: compiled when first met, not by every process that
# imports the cards (a command checking one hand pays for each pattern compiled at import).
@functools.cache
def _rank_first() -> re.Pattern[str]:
    return re.compile(rf"^({_RANK_CH})\s*({_SUIT_CH})$")


@functools.cache
def _words() -> re.Pattern[str]:
    return re.compile(r"^(\w+|[♠♥♦♣])(?:\s+of)?\s+(\w+|[♠♥♦♣])$", re.IGNORECASE)


class Card:
    """One playing card; immutable, and one object per card.

    ``Card(suit, rank)`` always returns the same object for the same card, so equality and
    hashing are by identity — done in C, which matters on the validator's hot path — and
    still mean "same suit and rank".  Cards order by suit, then rank.
    """

    __slots__ = ("suit", "rank", "index")
    suit: Suit
    rank: Rank
    index: int  # 0…51, clubs two first: a compact key for sets and arrays

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        key = (int(suit), int(rank))
        card = _INTERNED.get(key)
        if card is None:
            card = object.__new__(cls)
            object.__setattr__(card, "suit", Suit(suit))
            object.__setattr__(card, "rank", Rank(rank))
            object.__setattr__(card, "index", key[0] * 13 + key[1] - 2)
            _INTERNED[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, Rank]]:
        return (Card, (self.suit, self.rank))  # copies and pickles come back as the same object

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``♠K``, ``K♠``, ``SK``, ``sk``, ``S K``, ``♥10``, ``HT``, ``SKn``, ``king of spades``…"""
        return parse_card(text)

    def __str__(self) -> str:
        return self.suit.symbol + self.rank.display

    def __repr__(self) -> str:
        return f"Card.parse({self.ascii()!r})"

    def ascii(self) -> str:
        """``SK``, ``HT``: the form PBN, LIN and our JSON use."""
        return self.suit.letter + self.rank.letter

    def format(self, *, symbols: bool = True) -> str:
        return str(self) if symbols else self.ascii()


_INTERNED: dict[tuple[int, int], Card] = {}
FULL_DECK: tuple[Card, ...] = tuple(Card(s, r) for s in Suit for r in Rank)
_CARDS: dict[tuple[Suit, Rank], Card] = {(c.suit, c.rank): c for c in FULL_DECK}


@functools.lru_cache(maxsize=4096)
def parse_card(text: str) -> Card:
    t = _normalise(text).strip()
    if not t:
        raise CardSyntaxError("empty card", "write a suit and a rank, e.g. ♠K or SK")
    m = _SUIT_FIRST.match(t)
    if m:
        return _CARDS[_suit_or_none(m.group(1)), Rank.parse(m.group(2))]  # type: ignore[index]
    m = _rank_first().match(t)
    if m:
        return _CARDS[_suit_or_none(m.group(2)), Rank.parse(m.group(1))]  # type: ignore[index]
    m = _words().match(t)
    if m:
        first, second = m.group(1), m.group(2)
        if (r := _rank_or_none(first)) is not None and (s := _suit_or_none(second)) is not None:
            return _CARDS[s, r]
        if (s := _suit_or_none(first)) is not None and (r := _rank_or_none(second)) is not None:
            return _CARDS[s, r]
    raise CardSyntaxError(f"cannot read {text.strip()!r} as a card", _card_hint(t))


def _card_hint(t: str) -> str:
    if t.lower() == "x":
        return _rank_hint(t)
    if _suit_or_none(t) is not None:
        return f"{t!r} is a suit with no rank"
    if _rank_or_none(t) is not None:
        return f"{t!r} is a rank with no suit: write e.g. ♠{t} or S{t}"
    # A suit followed by something that is not a rank: explain the rank.
    m = re.match(rf"^({_SUIT_CH})\s*(.+)$", t)
    if m:
        return _rank_hint(m.group(2))
    m = re.match(rf"^(.+?)\s*({_SUIT_CH})$", t)
    if m:
        return _rank_hint(m.group(1))
    return "write a suit and a rank: ♠K, K♠, SK, S K, ♥10 or HT"


# ---------------------------------------------------------------------------------------------
# Scanning a row of cards, with offsets (for located diagnostics)


class CardToken(NamedTuple):
    """A card (or an unreadable token) found in a text, with its character offsets."""

    card: Card | None
    start: int
    end: int
    text: str
    marked: bool = False  # written with a ``*``: the book marks it (underlines it) as the winner
    error: CardSyntaxError | None = None


@functools.cache
def _token_re() -> re.Pattern[str]:  # compiled when first needed (see _rank_first)
    return re.compile(r"[^\s,;]+")


def scan_cards(text: str) -> list[CardToken]:
    """Split a row such as ``♣K ♣4 ♣7 ♣9`` or ``S K, S 4, king of clubs`` into card tokens.

    Separators are spaces, commas and semicolons; a suit and a rank written apart
    (``S K``, ``K of spades``) are joined.  A ``*`` before or after a card marks it as
    the trick's winner, as the books underline it.  Unreadable tokens are returned with
    ``card=None`` and the error, so every slip in a row can be reported at once.
    """
    fast = _scan_plain(text)
    if fast is not None:
        return fast
    norm = _normalise(text)
    if len(norm) != len(text):  # variation selectors removed: keep offsets honest
        norm = text
    raw = [(m.group(), m.start(), m.end()) for m in _token_re().finditer(norm)]
    out: list[CardToken] = []
    i = 0
    while i < len(raw):
        word, start, end = raw[i]
        quick = _try_card(word)
        if quick is not None:  # the common case: one token, one card, no mark
            out.append(CardToken(quick, start, end, word))
            i += 1
            continue
        marked = "*" in word
        bare = word.replace("*", "")
        consumed = 1
        if bare and _try_card(bare) is None and i + 1 < len(raw):
            nxt = raw[i + 1][0].replace("*", "")
            if (
                _suit_or_none(bare) is not None
                and _rank_or_none(nxt) is not None
                or _rank_or_none(bare) is not None
                and _suit_or_none(nxt) is not None
            ):
                consumed = 2
            elif (
                _rank_or_none(bare) is not None
                and nxt.lower() == "of"
                and i + 2 < len(raw)
                and _suit_or_none(raw[i + 2][0].replace("*", "")) is not None
            ):
                consumed = 3
        if consumed > 1:
            parts = raw[i : i + consumed]
            end = parts[-1][2]
            marked = any("*" in p[0] for p in parts)
            bare = " ".join(p[0].replace("*", "") for p in parts)
        source = text[start:end]
        try:
            card: Card | None = parse_card(bare)
            err = None
        except CardSyntaxError as exc:
            card, err = None, exc
        out.append(CardToken(card, start, end, source, marked, err))
        i += consumed
    return out


def _plain_spellings() -> dict[str, Card]:
    out: dict[str, Card] = {}
    outline = {v: k for k, v in _SYMBOL_ALIASES.items()}
    for c in FULL_DECK:
        ranks = {c.rank.display, c.rank.letter} | ({"Kn", "KN", "kn"} if c.rank == Rank.JACK else set())
        for rank in ranks:
            for suit in (
                c.suit.symbol,
                c.suit.symbol + "\ufe0f",
                outline[c.suit.symbol],
                c.suit.letter,
                c.suit.letter.lower(),
            ):
                for form in (suit + rank, rank + suit, suit + rank.lower(), rank.lower() + suit):
                    out[form] = c
    return out


_PLAIN = _plain_spellings()
#: every one-token spelling of a card (``♣K``, ``CK``, ``ck``, ``K♣``, ``♥10``, ``HT``, ``SKn``…):
#: the readers' fast path, a dictionary look-up a card
CARD_SPELLINGS: Mapping[str, Card] = MappingProxyType(_PLAIN)


_SEPARATORS = str.maketrans(",;", "  ")
_BARE_SUITS = (
    frozenset(_SUIT_SYMBOLS + _SUIT_LETTERS + _SUIT_LETTERS.lower())
    | {s + "\ufe0f" for s in _SUIT_SYMBOLS}
    | set(_SYMBOL_ALIASES)
)
_BARE_RANKS = frozenset({"10", "Kn", "KN", "kn"} | set(RANK_LETTERS) | set("tjqka"))


def two_word_card(first: str, second: str) -> Card | None:
    """The card a suit and a rank written apart spell (``♥ 4``, ``4 ♥``, ``S Kn``), as
    :func:`scan_cards` joins them; None if the two words are not a bare suit and a bare rank."""
    if (first in _BARE_SUITS and second in _BARE_RANKS) or (first in _BARE_RANKS and second in _BARE_SUITS):
        return _PLAIN.get(first + second)
    return None


def _scan_plain(text: str) -> list[CardToken] | None:
    """The common rows read quickly: one-token cards (``♣K``, ``CK``, ``K♣``, ``♣K*``) or a suit
    and rank apart (``C K``), separated by spaces, commas or semicolons.  None: use the full reader."""
    out = []
    pos = 0
    words = text.translate(_SEPARATORS).split()
    i = 0
    n = len(words)
    while i < n:
        word = words[i]
        start = text.index(word, pos)
        card = _PLAIN.get(word)
        marked = False
        if card is None and "*" in word:
            card = _PLAIN.get(word.strip("*"))
            marked = card is not None
        if (
            card is None
            and i + 1 < n
            and (
                (word in _BARE_SUITS and words[i + 1] in _BARE_RANKS)
                or (word in _BARE_RANKS and words[i + 1] in _BARE_SUITS)
            )
        ):
            card = _PLAIN.get(word + words[i + 1])
            if card is not None:
                i += 1
                word = text[start : text.index(words[i], start + len(word)) + len(words[i])]
        if card is None:
            return None
        pos = start + len(word)
        out.append(CardToken(card, start, pos, word, marked))
        i += 1
    return out


@functools.lru_cache(maxsize=4096)
def _try_card(text: str) -> Card | None:
    try:
        return parse_card(text)
    except CardSyntaxError:
        return None


# ---------------------------------------------------------------------------------------------
# Holdings (a hand of cards)


@functools.cache
def _holding_suit_word() -> re.Pattern[str]:  # compiled when first needed (see _rank_first)
    return re.compile(r"(spades?|hearts?|diamonds?|clubs?)\s*:?", re.IGNORECASE)


def parse_holding(text: str) -> list[CardToken]:
    """Read a hand: ``♠K8743 ♥107 ♦7 ♣AKQJ2``, ``S K8743 H 10 7 D 7 C AKQJ2``,
    ``spades: K 8 7 4 3 …`` or PBN's dotted ``K8743.T7.7.AKQJ2`` (spades first).

    ``-`` or ``—`` marks a void.  Returns tokens with offsets; unreadable characters
    come back as tokens with an error, and reading goes on.
    """
    quick = _quick_holding(text)
    if quick is not None:
        return quick
    norm = _normalise(text)
    if len(norm) != len(text):
        norm = text
    if "." in norm and not re.search(r"[♠♥♦♣]", norm) and not re.search(r"[SHDCshdc]\s*:", norm):
        return _parse_dotted(norm)
    # Replace suit words by their letter, keeping offsets (pad with spaces).
    chars = list(norm)
    for m in _holding_suit_word().finditer(norm):
        suit = _suit_or_none(m.group(1))
        assert suit is not None
        chars[m.start()] = suit.letter
        for k in range(m.start() + 1, m.end()):
            chars[k] = " "
    return _scan_ranks("".join(chars), text, suit=None)


@functools.cache
def _plain_holdings() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The two spellings :func:`_quick_holding` reads (dotted, and by suit symbols or letters),
    compiled when a holding is first read: a hand given by its play alone never needs them."""
    return (
        re.compile(r"[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*"),
        re.compile(r"(?:[♠♥♦♣SHDC AKQJT2-9]|10)*"),
    )


_SUIT_OF_PLAIN = {ch: Suit(i) for i, ch in enumerate(_SUIT_SYMBOLS)} | {
    ch: Suit(i) for i, ch in enumerate(_SUIT_LETTERS)
}


def _quick_holding(text: str) -> list[CardToken] | None:
    """The common hands read in one pass, to the same tokens as the full reader: PBN's dotted
    ``K8743.T7.7.AKQJ2`` and ``♠K8743 ♥107 ♦7 ♣AKQJ2`` (or ``SK8743 H107 …``) in capitals and
    single spaces.  None for anything else, or a rank before any suit (the full reader reports it)."""
    new = tuple.__new__
    out: list[CardToken] = []
    dotted_plain, symbols_plain = _plain_holdings()
    if dotted_plain.fullmatch(text):
        suit_at = 0
        for i, ch in enumerate(text):
            if ch == ".":
                suit_at += 1
            else:
                card = _CARDS[SUITS_HIGH_FIRST[suit_at], _RANK_OF_CHAR[ch]]
                out.append(new(CardToken, (card, i, i + 1, ch, False, None)))
        return out
    if not symbols_plain.fullmatch(text):
        return None
    suit: Suit | None = None
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _SUIT_OF_PLAIN:
            suit = _SUIT_OF_PLAIN[ch]
        elif ch != " ":
            if suit is None:
                return None
            length = 2 if ch == "1" else 1
            card = _CARDS[suit, Rank.TEN if length == 2 else _RANK_OF_CHAR[ch]]
            out.append(new(CardToken, (card, i, i + length, text[i : i + length], False, None)))
            i += length
            continue
        i += 1
    return out


def parse_ranks(text: str, suit: Suit) -> list[CardToken]:
    """The ranks of one suit, e.g. ``K8743`` or ``K 8 7 4 3`` (``—`` for none), as tokens with offsets."""
    norm = _normalise(text)
    if len(norm) != len(text):
        norm = text
    strays = [
        CardToken(
            None,
            i,
            i + 1,
            ch,
            False,
            CardSyntaxError(f"{ch!r} is not a rank", "list only this suit's ranks here"),
        )
        for i, ch in enumerate(norm)
        if ch in _SUIT_OF_CHAR
    ]
    blanked = "".join(" " if ch in _SUIT_OF_CHAR else ch for ch in norm) if strays else norm
    return sorted(strays + _scan_ranks(blanked, text, suit=suit), key=lambda t: t.start)


def _parse_dotted(text: str) -> list[CardToken]:
    out: list[CardToken] = []
    pos = 0
    parts = text.split(".")
    if len(parts) != 4:
        return [
            CardToken(
                None,
                0,
                len(text),
                text,
                False,
                CardSyntaxError(
                    f"a dotted hand has four suits (S.H.D.C); found {len(parts)}",
                    "write spades.hearts.diamonds.clubs, e.g. K8743.T7.7.AKQJ2",
                ),
            )
        ]
    for suit, part in zip(SUITS_HIGH_FIRST, parts, strict=True):
        for tok in _scan_ranks(part, part, suit=suit):
            out.append(tok._replace(start=tok.start + pos, end=tok.end + pos))
        pos += len(part) + 1
    return out


_SUIT_OF_CHAR = {ch: Suit(i) for i, ch in enumerate(_SUIT_SYMBOLS)} | {
    ch: Suit(i) for i, letter in enumerate(_SUIT_LETTERS) for ch in (letter, letter.lower())
}
_RANK_OF_CHAR = {ch: Rank(i + 2) for i, letter in enumerate(RANK_LETTERS) for ch in (letter, letter.lower())}


def _scan_ranks(work: str, original: str, suit: Suit | None) -> list[CardToken]:
    out: list[CardToken] = []
    i = 0
    n = len(work)
    while i < n:
        ch = work[i]
        if ch in _SUIT_OF_CHAR:
            suit = _SUIT_OF_CHAR[ch]
            i += 1
            continue
        if ch.isspace() or ch in ",;:-—–\ufe0f\ufe0e":
            i += 1
            continue
        pair = work[i : i + 2]
        if pair == "10":
            length, rank = 2, Rank.TEN
        elif pair in ("Kn", "KN", "kn", "kN"):
            length, rank = 2, Rank.JACK
        else:
            length, rank = 1, _RANK_OF_CHAR.get(ch)  # type: ignore[assignment]
        piece = work[i : i + length]
        if rank is None:
            out.append(
                CardToken(
                    None,
                    i,
                    i + length,
                    original[i : i + length],
                    False,
                    CardSyntaxError(f"cannot read {piece!r} in a hand", _rank_hint(piece)),
                )
            )
        elif suit is None:
            out.append(
                CardToken(
                    None,
                    i,
                    i + length,
                    original[i : i + length],
                    False,
                    CardSyntaxError(
                        f"rank {piece!r} comes before any suit", "start each suit with ♠ ♥ ♦ ♣ or S H D C"
                    ),
                )
            )
        else:
            out.append(CardToken(_CARDS[suit, rank], i, i + length, original[i : i + length]))
        i += length
    return out


#: the suits as the books (and PBN) list a hand: spades, hearts, diamonds, clubs
SUITS_HIGH_FIRST = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def format_holding(cards: Iterable[Card], *, symbols: bool = True, pbn: bool = False) -> str:
    """``♠K8743 ♥107 ♦7 ♣AKQJ2`` (suits high to low, voids shown as ``—``),
    or with ``pbn=True`` the dotted ``K8743.T7.7.AKQJ2``."""
    by_suit: dict[Suit, list[Rank]] = {s: [] for s in Suit}
    for c in cards:
        by_suit[c.suit].append(c.rank)
    order = SUITS_HIGH_FIRST
    if pbn:
        return ".".join("".join(r.letter for r in sorted(by_suit[s], reverse=True)) for s in order)
    parts = []
    for s in order:
        ranks = sorted(by_suit[s], reverse=True)
        body = "".join((r.display if symbols else r.letter) for r in ranks) or "—"
        parts.append((s.symbol if symbols else s.letter) + body)
    return " ".join(parts)


# ---------------------------------------------------------------------------------------------
# Strains (trump or no-trumps; royal spades for auction)


class Strain(enum.Enum):
    """What a declaration names.  ``ROYAL_SPADES`` is auction's "lilies": spades trumps,
    scored at a higher value [rules-reference AU-1]."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    ROYAL_SPADES = "R"
    NOTRUMP = "NT"

    @property
    def trump(self) -> Suit | None:
        return _STRAIN_TRUMP.get(self.value)

    @property
    def code(self) -> str:
        """``S H D C NT`` — royal spades are spades in play."""
        return "S" if self is Strain.ROYAL_SPADES else self.value

    @property
    def symbol(self) -> str:
        if self is Strain.NOTRUMP:
            return "NT"
        if self is Strain.ROYAL_SPADES:
            return "R♠"
        assert self.trump is not None
        return self.trump.symbol

    @property
    def word(self) -> str:
        return {
            Strain.CLUBS: "clubs",
            Strain.DIAMONDS: "diamonds",
            Strain.HEARTS: "hearts",
            Strain.SPADES: "spades",
            Strain.ROYAL_SPADES: "royal spades",
            Strain.NOTRUMP: "no-trumps",
        }[self]

    def __str__(self) -> str:
        return self.symbol

    @classmethod
    def parse(cls, text: str) -> Strain:
        t = _normalise(text).strip().lower().replace("_", " ").replace("-", " ")
        t = re.sub(r"\s+", " ", t)
        if t in ("nt", "n", "no trump", "no trumps", "notrump", "notrumps", "no"):
            return Strain.NOTRUMP
        if t in ("r", "royal", "royals", "royal spades", "lilies", "r♠", "♠r"):
            return Strain.ROYAL_SPADES
        suit = _suit_or_none(t)
        if suit is not None:
            return Strain(suit.letter)
        raise CardSyntaxError(
            f"{text!r} is not a trump or no-trumps", "write S H D C or NT (auction: R for royal spades)"
        )


_STRAIN_TRUMP = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES, "R": Suit.SPADES}
