"""Dummy Bridge, the three-handed game of Foster's *Gist of Bridge* (1904), pp. 84–85 [seed 002,
lines 3980–4054]: the laws that differ from Bridge Whist's, as pure functions.

* DECL-DB (lines 3996–4021): when the single player deals and passes, he makes for his dummy the
  *mechanical* declaration: three or four aces, no-trumps; else the longest suit; of suits equal in
  length, the one with the most pips (an ace 11, a king, queen, knave or ten 10, the others their
  face value); of suits equal in pips too, the one of higher scoring value (♥ > ♦ > ♣ > ♠).
* DB-3, DB-5 (lines 4023–4035): only the eldest hand may double; the dealer may redouble only if he
  declared on his own hand; when the single player sits eldest and doubles, only the actual maker
  of the trump may redouble.
* DB-1, DB-5, DB-7 (lines 3986–3989, 4031–4047): the single player deals the first deal and sits
  still for the odd deals; on the even deals he sits on the dealer's left, the eldest hand.

The hand file's letters stay the books' (Z deals, A leads, Y is Z's partner, B is A's partner), so
the single player is Z on the odd deals of a game and A on the even ones [interp: the deals are
counted from the start of each game, whose single player deals first].
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .cards import Card, Rank, Strain, Suit
from .seats import Letter

__all__ = [
    "MECHANICAL_ORDER",
    "Mechanical",
    "SuitCount",
    "mechanical_declaration",
    "pip_value",
    "single_player",
    "single_players_dummy",
    "may_double",
]

#: the suits by scoring value, highest first: the pip tie's tie-break (Bridge Whist: ♥ 8, ♦ 6, ♣ 4, ♠ 2)
MECHANICAL_ORDER = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)
_STRAIN = {
    Suit.HEARTS: Strain.HEARTS,
    Suit.DIAMONDS: Strain.DIAMONDS,
    Suit.CLUBS: Strain.CLUBS,
    Suit.SPADES: Strain.SPADES,
}


def pip_value(card: Card) -> int:
    """A card's pips in the count: the ace 11, the other honours (K Q J 10) 10 each, the rest their face."""
    if card.rank == Rank.ACE:
        return 11
    if card.rank >= Rank.TEN:
        return 10
    return int(card.rank)


@dataclass(frozen=True, slots=True)
class SuitCount:
    """One suit of the dummy's hand as the rule counts it."""

    suit: Suit
    length: int
    pips: int

    @property
    def text(self) -> str:
        return f"{self.suit.symbol} {self.length} cards, {self.pips} pips"


@dataclass(frozen=True, slots=True)
class Mechanical:
    """The mechanical declaration for a hand, and the counts that decide it."""

    strain: Strain
    aces: int
    counts: Mapping[Suit, SuitCount]
    #: which step of the rule decided: "aces", "length", "pips" or "scoring value"
    decided_by: str

    @property
    def reason(self) -> str:
        """Why, in a few words: ``four hearts and four spades, 25 pips each: hearts score more``."""
        if self.strain is Strain.NOTRUMP:
            return f"{self.aces} aces: no-trumps"
        best = self.counts[_suit_of(self.strain)]
        if self.decided_by == "length":
            return f"{best.suit.word} is the longest suit ({best.length} cards)"
        if self.decided_by == "pips":
            return f"{best.suit.word}: {best.length} cards and the most pips ({best.pips})"
        return f"{best.suit.word}: {best.length} cards and {best.pips} pips, tied, and {best.suit.word} score more"

    @property
    def counts_text(self) -> str:
        """Every suit's length and pips, and the aces: the counts a hint shows."""
        suits = "; ".join(self.counts[s].text for s in MECHANICAL_ORDER)
        return f"{self.aces} ace{'s' if self.aces != 1 else ''}; {suits}"


def _suit_of(strain: Strain) -> Suit:
    return next(s for s, st in _STRAIN.items() if st is strain)


def mechanical_declaration(hand: Iterable[Card]) -> Mechanical:
    """DECL-DB [seed 002 lines 3996–4007]: the declaration the single player must make for his dummy."""
    cards = list(hand)
    aces = sum(1 for c in cards if c.rank == Rank.ACE)
    counts = {
        s: SuitCount(s, sum(1 for c in cards if c.suit == s), sum(pip_value(c) for c in cards if c.suit == s))
        for s in MECHANICAL_ORDER
    }
    frozen = MappingProxyType(counts)
    if aces >= 3:
        return Mechanical(Strain.NOTRUMP, aces, frozen, "aces")
    longest = max(c.length for c in counts.values())
    by_length = [c for c in counts.values() if c.length == longest]
    most = max(c.pips for c in by_length)
    by_pips = [c for c in by_length if c.pips == most]
    best = by_pips[0]  # MECHANICAL_ORDER puts the higher-scoring suit first
    decided = "length" if len(by_length) == 1 else "pips" if len(by_pips) == 1 else "scoring value"
    return Mechanical(_STRAIN[best.suit], aces, frozen, decided)


def single_player(deal: int) -> Letter:
    """Who plays alone on the ``deal``-th deal of a game: the dealer Z on the odd deals (DB-1, DB-7),
    the eldest hand A on the even ones (DB-5)."""
    if deal < 1:
        raise ValueError(f"a deal of the series is counted from 1, not {deal}")
    return Letter.Z if deal % 2 == 1 else Letter.A


def single_players_dummy(deal: int) -> Letter:
    """The single player's own dummy: the hand opposite him (Y when he deals, B when he is eldest)."""
    return Letter.Y if single_player(deal) is Letter.Z else Letter.B


def may_double(k: int, who: Letter, *, deal: int, maker: Letter) -> bool:
    """Whether ``who`` may make the ``k``-th call of the doubling (0: the double, 1: the redouble, …).

    DB-3: only the eldest hand (A) may double (and double again).  Redouble: when the single player
    deals, only the dealer, and only if he declared on his own hand (``maker`` Z) — his dummy never
    speaks; when the single player is eldest, only the actual maker of the trump (DB-5).  [interp]
    Further calls alternate the same way: A again, then the one who may redouble.
    """
    if k % 2 == 0:
        return who is Letter.A
    if single_player(deal) is Letter.Z:
        return who is Letter.Z and maker is Letter.Z
    return who is maker
