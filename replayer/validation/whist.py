"""Whist's declaration checked against the laws: the dealer's last card is turned up for trumps.

The card the file names (``declaration: {turned: ♠2}``) must be one of the dealer's thirteen
cards [WH-1; WH-3: the trump card belongs to the dealer's hand] and its suit is trumps; there is no
dummy, so every player must follow suit (no exemption) and A, the eldest hand, leads [WH-2].  The
rules and their sources: ``docs/rules-whist.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.cards import Card
from ..rules.game import Declaration
from ..rules.regimes import Regime
from ..rules.seats import Seat
from .checking import Check, list_cards, resolve_seat
from .deal import DEFAULT_COLUMNS, row

if TYPE_CHECKING:
    from ..record.hand import MakeRecord
    from ..record.hand_extras import AuctionRecord, TurnedRecord

__all__ = ["turned_declaration"]


def turned_declaration(
    ck: Check, regime: Regime, d: MakeRecord | AuctionRecord | TurnedRecord
) -> Declaration | None:
    """The declaration a whist hand gives: the turned card, checked against the dealer's hand;
    None (reported) when the file gives another game's declaration."""
    from ..record.hand_extras import TurnedRecord  # Whist only: other hands never define the type

    if not isinstance(d, TurnedRecord):
        ck.add(
            "declaration-mismatch",
            f"under {regime.title} no one makes or bids the trump: the dealer's last card is turned up [WH-1]",
            ck.record.declaration_span,
            "give the turned card instead, e.g. declaration: {turned: ♠2}",
        )
        return None
    card = d.turned.value
    _check_in_dealers_hand(ck, d)
    dealer = ck.dealer
    strain = next(s for s in regime.strains if s.trump is card.suit)
    return Declaration(strain, declarer=dealer, dummy=None, turned=card)


def _check_in_dealers_hand(ck: Check, d: TurnedRecord) -> None:
    """The turned card is the dealer's: an error at the card when his thirteen cards are known and it
    is not among them (the likely fix names the dealer's cards of that suit, or says he has none)."""
    held = _dealers_cards(ck)
    card = d.turned.value
    if held is None or card in held:
        return
    same = sorted((c for c in held if c.suit is card.suit), key=lambda c: -c.rank)
    if same:
        hint = (
            f"the dealer's {card.suit.word} are {list_cards(same)}: the turned card is one of them "
            f"(the last card dealt, often the one he plays first in the suit); check the book"
        )
    else:
        hint = (
            f"the dealer holds no {card.suit.singular}, so {card.suit.word} cannot be trumps: "
            "check the turned card (its suit) or the dealer's column against the book"
        )
    ck.add(
        "turned-card",
        f"the turned card {card} is not in the dealer's hand: {ck.name(ck.dealer)} holds {list_cards(sorted(held, key=lambda c: (-c.suit, -c.rank)))} "
        "[WH-1: the trump card is the dealer's last card]",
        d.turned.span,
        hint,
    )


def _dealers_cards(ck: Check) -> frozenset[Card] | None:
    """The dealer's thirteen cards as the file gives them: his hand in the deal, else his column of a
    complete play; None when the file does not show all thirteen (an end position, an unread row)."""
    rec = ck.record
    for key, cards in rec.deal.items():
        if _seat(key, ck) is ck.dealer:
            hand = frozenset(pc.card for pc in cards)
            return hand if len(hand) == 13 else None
    if rec.deal or rec.first_trick is not None or len(rec.tricks) != 13:
        return None
    cols = (
        tuple(_seat(c.value, ck) for c in rec.columns)
        if rec.columns
        else tuple(letter.seat(ck.dealer) for letter in DEFAULT_COLUMNS)
    )
    if len(cols) != 4 or len(set(cols)) != 4 or ck.dealer not in cols:
        return None
    k = cols.index(ck.dealer)
    rows = [row(t) for t in rec.tricks]
    if any(r is None for r in rows):
        return None
    return frozenset(r[k].card for r in rows if r is not None)


def _seat(written: str, ck: Check) -> Seat | None:
    try:
        return resolve_seat(written, ck.dealer)
    except ValueError:
        return None
