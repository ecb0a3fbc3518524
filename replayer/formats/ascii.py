"""Cards and bids as PBN and LIN spell them: a card is a suit letter and a rank letter (``SK``,
``HT``), in either case, and ``10`` for the ten too; a bid is a level and a strain, ``N`` or ``NT``
for no trumps.  Indexes over the values of ``rules.cards``, which hold the letters themselves."""

from __future__ import annotations

from ..rules.cards import Card, Rank, Suit
from ..rules.notation import read_number

__all__ = ["SUIT_BY_LETTER", "RANK_BY_LETTER", "CARD_BY_TEXT", "bid_level", "bid_text"]

#: ``S`` → spades …, upper case
SUIT_BY_LETTER = {suit.letter: suit for suit in Suit}
#: ``2`` … ``A`` (``T`` for the ten), upper case
RANK_BY_LETTER = {rank.letter: rank for rank in Rank}


def _card_table() -> dict[str, Card]:
    out: dict[str, Card] = {}
    for suit in Suit:
        for rank in Rank:
            card = Card(suit, rank)
            for s in (suit.letter, suit.letter.lower()):
                for r in {rank.letter, rank.letter.lower()} | ({"10"} if rank == Rank.TEN else set()):
                    out[s + r] = card
    return out


#: every spelling of every card: ``SK``, ``sk``, ``Sk``, ``sK``, ``HT``, ``H10``, ``h10`` …
CARD_BY_TEXT = _card_table()


def bid_text(level: str, strain: str) -> str:
    """A bid as we keep it (``1H``, ``3NT``) from its level and its strain as written (``h``, ``N``, ``nt``)."""
    strain = strain.upper()
    return level + ("NT" if strain in ("N", "NT") else strain)


def bid_level(call: str) -> int | None:
    """The level of a bid (``3NT`` → 3), read as ASCII digits only; None for a call that is no bid
    (``Pass``, ``X``, ``²H``, ``0C``)."""
    level = read_number(call[:1], 7)
    return level if level is not None and level >= 1 else None
