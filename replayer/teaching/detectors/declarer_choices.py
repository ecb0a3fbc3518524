"""Detectors: the declarer's choices of card — the false card (Elwell 1902, glossary: "Playing the ace,
holding the king, or any similar attempt to conceal the cards held").

A pure function of a ``Context``; the notes are in our own words, and readings marked [interp] are ours.
"""

from __future__ import annotations

from ...rules.cards import Card, Rank
from ...rules.seats import Seat
from ..context import Author, Context
from ..findings import Finding, Phase, detector, each_trick
from ..words import capitalised, listed

__all__ = ["false_card"]

_ELWELL = 'Elwell calls a false card "playing the ace, holding the king, or any similar attempt to conceal the cards held".'


@detector("false-card", "The declarer's false card", Phase.DECLARERS_PLAY, 80)
def false_card(ctx: Context) -> list[Finding]:
    """FALSE_CARD: the declarer, not on lead, wins a trick of a plain suit with the ace while he
    holds the king, or with the king while he holds the queen (the lower card, the natural one to win
    with, would win as well), so the lower card stays hidden from an adversary whose partner might
    hold it."""
    if ctx.declarer is None:
        return []
    return each_trick(ctx, _false_card_at)


def _equal_below(ctx: Context, i: int, seat: Seat, card: Card) -> Card | None:
    """[interp] The card of ``seat``'s just below ``card`` that would win the trick as well: every card of
    the suit between the two is already played (before trick ``i`` or to it)."""
    gone = set(ctx.played_before[i]) | {c for _, c in ctx.tricks[i].plays}
    for rank in range(card.rank - 1, 1, -1):
        below = Card(card.suit, Rank(rank))
        if below in ctx.hand(seat, i) and below not in gone:
            return below
        if below not in gone:
            return None
    return None


def _hidden_from(ctx: Context, i: int, lower: Card) -> list[Seat]:
    """The defenders who cannot tell that the declarer holds ``lower``: their partner has not shown out
    of the suit (before trick ``i`` or at it), so might hold it."""
    out: list[Seat] = []
    for d in ctx.defenders:
        partner = d.partner
        shown_out = any(
            (led := ctx.led(j)) is not None
            and led.suit == lower.suit
            and (c := ctx.card_of(j, partner)) is not None
            and c.suit != lower.suit
            for j in range(i + 1)
        )
        if not shown_out:
            out.append(d)
    return out


def _false_card_at(ctx: Context, i: int) -> Finding | None:
    t = ctx.tricks[i]
    dealer = ctx.declarer
    lead = ctx.led(i)
    card = ctx.card_of(i, dealer) if dealer is not None else None
    if dealer is None or lead is None or card is None or t.leader == dealer or not ctx.complete(i):
        return None
    if t.winner != dealer or card.suit != lead.suit or card.suit == ctx.trump:
        return None  # [interp] as in Elwell's examples: a plain suit
    lower = _equal_below(ctx, i, dealer, card)
    if lower is None or lower.rank != card.rank - 1 or lower.rank < Rank.QUEEN:
        return None  # the ace holding the king, or the king holding the queen
    if i + 1 < len(ctx.tricks) and ctx.card_of(i + 1, dealer) == lower:
        return None  # played at once: cashing the suit from the top hides nothing
    hidden = _hidden_from(ctx, i, lower)
    if not hidden:
        return None
    whom = listed(sorted(ctx.who(d) for d in hidden))
    text = (
        f"{capitalised(ctx.dealer_word())} wins the trick with the {card}, though he holds the {lower}, which "
        f"would win the trick as well: a false card. Had he won with the {lower}, {whom} would know where it is; "
        f"won with the {card}, the trick leaves {'them' if len(hidden) > 1 else 'him'} to guess who holds the "
        f"{lower}."
    )
    if ctx.author is Author.ELWELL:
        text += " " + _ELWELL
    return Finding(
        motif="false-card",
        label="FALSE_CARD",
        trick=t.number,
        seats=(dealer,),
        cards=(card,),
        facts={
            "won_with": str(card),
            "hidden": str(lower),
            "hidden_from": sorted(ctx.who(d) for d in hidden),
        },
        text=text,
    )
