"""Overtaking: a player wins the trick his partner's card is winning, with a higher card of the
same value (no adversary holds a card between the two) or with a trump, when he could have let
the partner's card hold — to take the lead himself or to unblock (Elwell 1904 Hands 6, 9, 27, 29,
32, 40)."""

from __future__ import annotations

from ...rules.cards import Card
from ...rules.seats import Seat
from ..context import Context
from ..findings import Finding, Phase, detector, each_trick
from ..words import capitalised
from .long_suits import opponents

__all__ = ["overtake"]


@detector("overtake", "Overtaking", Phase.DECLARERS_PLAY, 40)
def overtake(ctx: Context) -> list[Finding]:
    """OVERTAKE [interp]: P plays, on his partner's card that is winning the trick so far, a higher
    card of the suit led with no adversary card between the two (the two cards are equals: the
    choice is only which hand wins), though P held a card of the suit below his partner's; or P
    trumps his partner's winning card though he held a card of another plain suit to throw."""
    return each_trick(ctx, _overtake_at)


def _overtake_at(ctx: Context, i: int) -> Finding | None:
    t = ctx.tricks[i]
    if not ctx.complete(i) or t.led_suit is None:
        return None
    for k in range(1, 4):
        p, card = t.plays[k]
        best = ctx.winning_so_far(i, k)
        if best is None or best[0] != p.partner:
            continue
        his = best[1]
        instead = _why_overtake(ctx, i, p, card, his)
        if instead is not None and (t.winner == p or his.rank >= 10):
            return _finding(ctx, i, p, card, his, f"{ctx.role(p)} could have {instead}")
        # [interp] the leader's choice: he leads the card just below his partner's only one of the
        # suit, holding a higher card, so that the partner wins the trick (Elwell 1904 Hand 40)
        if instead is None and k in (1, 2) and t.winner == p and (p.partner, his) == t.plays[0]:
            above = [c for c in ctx.holding(p.partner, his.suit, i) if c.rank > card.rank]
            if ctx.holding(p, his.suit, i) == [card] and above and card.rank == his.rank + 1:
                why = f"{ctx.role(p.partner)} led it, not the {above[-1]}, so that the {card} wins"
                return _finding(ctx, i, p, card, his, why)
    return None


def _equals(ctx: Context, i: int, p: Seat, card: Card, his: Card) -> bool:
    """No adversary holds a card of the suit between ``his`` and ``card``."""
    theirs = [c for o in opponents(p) for c in ctx.holding(o, his.suit, i)]
    return card.suit == his.suit and not any(his.rank < c.rank < card.rank for c in theirs)


def _why_overtake(ctx: Context, i: int, p: Seat, card: Card, his: Card) -> str | None:
    """What else ``p`` could have played under his partner's winning ``his``, or None when playing
    ``card`` was no overtaking (a lower card, not an equal of the partner's, or ``p``'s only one).
    A trump counts when the partner's card was above every card of the suit the adversaries still
    to play held."""
    t = ctx.tricks[i]
    held = ctx.hand(p, i)
    if card.suit == his.suit:
        if card.rank < his.rank or not _equals(ctx, i, p, card, his):
            return None
        under = [c for c in held if c.suit == his.suit and c.rank < his.rank]
        return f"played the {min(under, key=lambda c: c.rank)}" if under else None
    if card.suit != ctx.trump or his.suit == ctx.trump or any(c.suit == t.led_suit for c in held):
        return None
    later = [s for s, _ in t.plays[ctx.position(i, p) + 1 :]]
    if any(c.rank > his.rank for s in later for c in ctx.holding(s, his.suit, i)):
        return None
    # ``held`` is a set of cards hashed by identity: its order changes from run to run, so the suit
    # named is that of the first card in card order, not the first the set yields
    other = [c for c in held if c.suit != ctx.trump]
    return f"thrown a {min(other).suit.singular}" if other else None


def _finding(ctx: Context, i: int, p: Seat, card: Card, his: Card, instead: str) -> Finding:
    t = ctx.tricks[i]
    partner = p.partner
    verb = "trumps" if card.suit != his.suit else "overtakes"
    text = (
        f"Overtake: {ctx.role(p)} {verb} {ctx.role(partner)}'s {his}, which was winning the trick, "
        f"with the {card}; {instead}"
    )
    tricks: tuple[int, ...] = (t.number,)
    if t.winner == p and i + 1 < len(ctx.tricks) and ctx.led(i + 1) is not None:
        nxt = ctx.tricks[i + 1]
        text += f". So {ctx.role(p)} is on lead, and leads the {ctx.led(i + 1)} at trick {nxt.number}."
        tricks = (t.number, nxt.number)
    elif t.winner is not None and t.winner != p:
        text += f". {capitalised(ctx.role(t.winner))}'s {t.card_of(t.winner)} wins it."
    else:
        text += "."
    return Finding(
        motif="overtake",
        label="OVERTAKE",
        trick=t.number,
        tricks=tricks,
        seats=(p, partner),
        cards=(card, his),
        facts={"hand": ctx.who(p), "card": str(card), "partner_card": str(his)},
        text=text,
    )
