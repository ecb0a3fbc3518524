"""Detector: drawing trumps, and ruffing in the short hand first (rules-reference §7, MOT-DRAW).

A pure function of a ``Context``; the notes are in our own words, and readings marked [interp] are the
reference's.
"""

from __future__ import annotations

from ...rules.cards import Card
from ...rules.seats import Seat
from ..context import Context
from ..findings import Finding, Phase, detector, each_trick
from ..words import capitalised, cards_text

__all__ = ["draw_trumps"]

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six")


def _count(n: int, noun: str) -> str:
    """``one round``, ``three rounds``."""
    return f"{_NUMBERS[n] if n < len(_NUMBERS) else n} {noun}{'' if n == 1 else 's'}"


# ---------------------------------------------------------------------------------------------
# MOT-DRAW — drawing trumps, ruffing first


@detector("draw-trumps", "Drawing trumps", Phase.DECLARERS_PLAY, 6)
def draw_trumps(ctx: Context) -> list[Finding]:
    """DRAW_TRUMPS for a run of trump leads by the declarer side that leaves the defenders without
    trumps (or with only the master trump, left out); RUFF_BEFORE_DRAWING for a ruff in the hand
    shorter in trumps while a defender still has one."""
    if ctx.trump is None or ctx.declarer is None:
        return []
    out = each_trick(ctx, _ruff_before_drawing) + _draws(ctx)
    return sorted(out, key=lambda f: f.trick)


def _defender_trumps(ctx: Context, i: int) -> list[tuple[Seat, Card]]:
    return [(p, c) for p in ctx.defenders for c in ctx.trumps(p, i)]


def _draws(ctx: Context) -> list[Finding]:
    out: list[Finding] = []
    run: list[int] = []
    for i in range(len(ctx.tricks) + 1):
        if i < len(ctx.tricks) and _drawing_lead(ctx, i):
            run.append(i)
            continue
        if run:
            f = _draw_finding(ctx, run)
            if f is not None:
                out.append(f)
            run = []
    return out


def _drawing_lead(ctx: Context, i: int) -> bool:
    t = ctx.tricks[i]
    lead = ctx.led(i)
    return (
        lead is not None
        and lead.suit == ctx.trump
        and ctx.declarer_side(t.leader)
        and t.number < 13  # at the last trick every card is forced and nothing is left to ruff
        and ctx.complete(i)
        and bool(_defender_trumps(ctx, i))
    )


def _draw_finding(ctx: Context, run: list[int]) -> Finding | None:
    """[interp] The draw is complete when no defender has a trump; it counts too when the only trumps
    left are masters in one defender's hand, which the declarer leaves out rather than lose the lead
    to them (H3: B keeps the ♥J)."""
    after = run[-1] + 1
    left = _defender_trumps(ctx, after)
    ours = [c for p in ctx.declaring for c in ctx.trumps(p, after)]
    masters = (
        bool(left)
        and len({p for p, _ in left}) == 1
        and all(c.rank > max((o.rank for o in ours), default=0) for _, c in left)
    )
    if left and not masters:
        return None
    first, last = ctx.tricks[run[0]], ctx.tricks[run[-1]]
    drawn = [c for i in run for p, c in ctx.tricks[i].plays if ctx.defender(p) and c.suit == ctx.trump]
    leaders = {ctx.tricks[i].leader for i in run}
    who = ctx.dealer_word()
    rounds = _count(len(run), "round")
    if not left:
        how = "leads trumps from dummy" if leaders == {ctx.dummy} else "draws trumps"
        text = (
            f"{capitalised(who)} {how}: {rounds} {'takes' if len(run) == 1 else 'take'} the adversaries' "
            f"{cards_text(drawn)}, and they have no trump left to ruff with."
        )
    else:
        holder = left[0][0]
        text = (
            f"{capitalised(who)} draws trumps with {rounds}, taking {cards_text(drawn)}; {ctx.who(holder)} keeps the "
            f"{cards_text([c for _, c in left])}, the best trump left, and the {ctx.dealer_word()[4:]} leaves it "
            f"out rather than give up the lead to it."
        )
    return Finding(
        motif="draw-trumps",
        label="DRAW_TRUMPS",
        trick=first.number,
        tricks=tuple(ctx.tricks[i].number for i in run),
        seats=tuple(sorted(leaders)),
        cards=tuple(c for i in run for p, c in ctx.tricks[i].plays if p == ctx.tricks[i].leader),
        facts={
            "rounds": len(run),
            "drawn": [str(c) for c in drawn],
            "complete": not left,
            "left": [str(c) for _, c in left],
            "left_with": ctx.who(left[0][0]) if left else None,
            "last_trick": last.number,
        },
        text=text,
    )


def _ruff_before_drawing(ctx: Context, i: int) -> Finding | None:
    """The declarer side leads a losing plain card and the hand shorter in trumps ruffs it and wins,
    while a defender still holds a trump."""
    t = ctx.tricks[i]
    lead = ctx.led(i)
    if lead is None or lead.suit == ctx.trump or not ctx.declarer_side(t.leader) or not ctx.complete(i):
        return None
    ruffer = t.leader.partner
    card = t.card_of(ruffer)
    if card is None or card.suit != ctx.trump or t.winner != ruffer:
        return None
    short, long_ = len(ctx.trumps(ruffer, i)), len(ctx.trumps(t.leader, i))
    top = ctx.unplayed(lead.suit, i)
    if short >= long_ or not _defender_trumps(ctx, i) or top[0] == lead:
        return None
    theirs = _defender_trumps(ctx, i)
    holders = sorted({ctx.who(p) for p, _ in theirs})
    trumps_word = "trump" if len(theirs) == 1 else "trumps"
    return Finding(
        motif="draw-trumps",
        label="RUFF_BEFORE_DRAWING",
        trick=t.number,
        seats=(ruffer, t.leader),
        cards=(lead, card),
        facts={
            "ruffed": str(lead),
            "with": str(card),
            "short_hand": ctx.who(ruffer),
            "trumps_short": short,
            "trumps_long": long_,
            "defenders_with_trumps": holders,
        },
        text=(
            f"{capitalised(ctx.role(t.leader))} leads the losing {lead} and {ctx.role(ruffer)} ruffs it with the "
            f"{card}, in the hand shorter in trumps, before drawing {' and '.join(holders)}'s {trumps_word}. "
            + (
                f"Had trumps been led first, that {card} would have gone in the draw and the {lead} would have "
                f"been a loser."
                if short == 1
                else "The ruff in the short hand is a trick the trumps would not otherwise make."
            )
        ),
    )
