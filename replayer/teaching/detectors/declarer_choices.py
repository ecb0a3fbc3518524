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

__all__ = ["false_card", "refuse_finesse"]

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
        f"would win it as well: a false card. Won with the {lower}, the trick would have shown {whom} that he "
        f"holds it; the {card} shows only the {card.rank.word}, and the {lower} stays unseen in his hand."
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


# ---------------------------------------------------------------------------------------------
# Refusing a finesse


@detector("refuse-finesse", "Refusing a finesse", Phase.DECLARERS_PLAY, 81)
def refuse_finesse(ctx: Context) -> list[Finding]:
    """FINESSE_REFUSED [interp]: at the first round of a suit, the declarer or dummy, second or third
    hand, puts up the ace while the queen is in the same hand (and would win the trick so far) or,
    second hand, in the partner's, fourth; the king is with an adversary and not yet played."""
    if ctx.declarer is None:
        return []
    return each_trick(ctx, _refused_at)


def _refused_at(ctx: Context, i: int) -> Finding | None:
    t = ctx.tricks[i]
    if not ctx.complete(i) or ctx.rounds(t.plays[0][1].suit)[0] != i:
        return None
    for upto, (seat, card) in enumerate(t.plays[1:3], start=1):
        if not ctx.declarer_side(seat) or card.rank != Rank.ACE or card.suit != t.plays[0][1].suit:
            continue
        queen, king = Card(card.suit, Rank.QUEEN), Card(card.suit, Rank.KING)
        holder = ctx.holder(king, i)
        if holder is None or not ctx.defender(holder) or king in {c for _, c in t.plays[:upto]}:
            return None
        best = ctx.winning_so_far(i, upto)
        if queen in ctx.hand(seat, i) and best is not None and best[1].suit == card.suit:
            if best[1].rank < Rank.QUEEN:
                return _refused_finding(ctx, i, seat, card, queen, holder, None)
        elif upto == 1 and queen in ctx.hand(seat.partner, i):
            return _refused_finding(ctx, i, seat, card, queen, holder, seat.partner)
        return None
    return None


def _refused_finding(
    ctx: Context, i: int, seat: Seat, ace: Card, queen: Card, holder: Seat, fourth: Seat | None
) -> Finding:
    t = ctx.tricks[i]
    king = Card(ace.suit, Rank.KING)
    where = "second" if ctx.position(i, seat) == 1 else "third"
    if fourth is None:
        instead = f"the {queen} in the same hand would have been a finesse against the {king}"
    else:
        instead = (
            f"played low, it would have left the trick to {ctx.role(fourth)}'s {queen}, last to play, "
            f"had {ctx.who(t.leader)} held the {king}"
        )
    return Finding(
        motif="refuse-finesse",
        label="FINESSE_REFUSED",
        trick=t.number,
        seats=(seat,),
        cards=(ace,),
        facts={"played": str(ace), "queen_with": ctx.who(fourth or seat), "king_with": ctx.who(holder)},
        text=(
            f"{capitalised(ctx.role(seat))} puts up the {ace} {where} hand and takes no finesse: {instead}. "
            f"The {king} is with {ctx.who(holder)}."
        ),
    )
