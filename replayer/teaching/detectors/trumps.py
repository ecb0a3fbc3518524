"""Detector: drawing trumps, and ruffing in the short hand first (rules-reference §7, MOT-DRAW).

A pure function of a ``Context``; the notes are in our own words, and readings marked [interp] are the
reference's.
"""

from __future__ import annotations

from ...rules.cards import Card, Suit
from ...rules.seats import Seat
from ..context import Context
from ..findings import Finding, Phase, detector, each_trick
from ..words import capitalised, cards_text, listed

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
    shorter in trumps while a defender still has one; CROSS_RUFF for the declarer and dummy ruffing
    in turn, each leading for the other to ruff (the technique ``ruff`` is found here too)."""
    if ctx.trump is None or ctx.declarer is None:
        return []
    out = each_trick(ctx, _ruff_before_drawing) + _draws(ctx) + _cross_ruffs(ctx)
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
        later = _trump_led_to(ctx, [c for _, c in left], after)
        text = (
            f"{capitalised(who)} draws trumps with {rounds}, taking {cards_text(drawn)}; {ctx.who(holder)} keeps the "
            f"{cards_text([c for _, c in left])}, the best trump left, and the {ctx.dealer_word()[4:]} leaves it "
            + (
                "out rather than give up the lead to it."
                if later is None
                else f"out for now, and gives up the lead to it only at trick "
                f"{ctx.tricks[later].number}, leading a trump."
            )
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


def _trump_led_to(ctx: Context, masters: list[Card], start: int) -> int | None:
    """The trick index from ``start`` on at which the declarer side leads a trump and a master left out
    falls to it (None: the declarer never leads one to it)."""
    for i in range(start, len(ctx.tricks)):
        played = {c for _, c in ctx.tricks[i].plays}
        if _drawing_lead(ctx, i) and any(c in played for c in masters):
            return i
    return None


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


# ---------------------------------------------------------------------------------------------
# The cross-ruff: the declarer and dummy ruff in turn


def _crossed_ruffer(ctx: Context, i: int) -> Seat | None:
    """The partner who ruffs and wins a plain card the declarer side led to trick ``i`` (None: no such ruff)."""
    t = ctx.tricks[i]
    lead = ctx.led(i)
    if lead is None or lead.suit == ctx.trump or not ctx.declarer_side(t.leader) or not ctx.complete(i):
        return None
    card = t.card_of(t.leader.partner)
    return (
        t.leader.partner
        if card is not None and card.suit == ctx.trump and t.winner == t.leader.partner
        else None
    )


def _cross_ruffs(ctx: Context) -> list[Finding]:
    """[interp] CROSS_RUFF: three or more tricks in a row in which one of the declarer's two hands
    leads a plain card and the other ruffs it and wins, the ruffing hand changing every trick."""
    out: list[Finding] = []
    run: list[int] = []
    for i in range(len(ctx.tricks) + 1):
        ruffer = _crossed_ruffer(ctx, i) if i < len(ctx.tricks) else None
        if ruffer is not None and (not run or ruffer != ctx.tricks[run[-1]].winner):
            run.append(i)
            continue
        if len(run) >= 3:
            out.append(_cross_ruff_finding(ctx, run))
        run = [i] if ruffer is not None else []
    return out


def _voiding_lead(ctx: Context, seat: Seat, suit: Suit, before: int) -> int | None:
    """The trick index before ``before`` at which ``seat`` led its last card of ``suit`` (None: it did not)."""
    for j in range(before):
        lead = ctx.lead(j)
        if (
            lead is not None
            and lead[0] == seat
            and lead[1].suit == suit
            and len(ctx.holding(seat, suit, j)) == 1
        ):
            return j
    return None


def _cross_ruff_finding(ctx: Context, run: list[int]) -> Finding:
    hands: dict[Seat, list[int]] = {}
    for i in run:
        winner = ctx.tricks[i].winner
        assert winner is not None  # a crossed ruff wins its trick
        hands.setdefault(winner, []).append(i)
    parts: list[str] = []
    voids: list[str] = []
    also: list[int] = []
    for seat, idx in hands.items():
        led = [c for i in idx if (c := ctx.led(i)) is not None]
        numbers = [str(ctx.tricks[i].number) for i in idx]
        parts.append(
            f"{ctx.role(seat)} ruffs the {listed([str(c) for c in led])} "
            f"(trick{'s' if len(idx) > 1 else ''} {listed(numbers)})"
        )
        for suit in dict.fromkeys(c.suit for c in led):
            j = _voiding_lead(ctx, seat, suit, run[0])
            if j is not None:
                also.append(j)
                voids.append(
                    f" {capitalised(ctx.role(seat))} made {'itself' if seat == ctx.dummy else 'himself'} void "
                    f"for it at trick {ctx.tricks[j].number}, leading {'its' if seat == ctx.dummy else 'his'} "
                    f"last {suit.word.rstrip('s')}, the {ctx.led(j)}."
                )
    return Finding(
        motif="draw-trumps",
        label="CROSS_RUFF",
        trick=ctx.tricks[run[0]].number,
        tricks=tuple(sorted(ctx.tricks[i].number for i in [*also, *run])),
        seats=tuple(hands),
        cards=tuple(c for i in run if (c := ctx.led(i)) is not None),
        facts={
            "ruffs": {ctx.who(s): [str(ctx.led(i)) for i in idx] for s, idx in hands.items()},
            "voided_at": sorted(ctx.tricks[j].number for j in also),
        },
        text=(
            f"{capitalised(ctx.dealer_word())} and dummy ruff in turn, the cross-ruff: {listed(parts)}, each hand leading for the other "
            f"to ruff. Every one of "
            f"those trumps wins a trick by itself; had trumps been led, the two hands' trumps would have fallen "
            f"together." + "".join(voids)
        ),
    )
