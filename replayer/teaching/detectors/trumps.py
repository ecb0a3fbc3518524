"""Detector: drawing trumps, and ruffing in the short hand first (rules-reference §7, MOT-DRAW).

A pure function of a ``Context``; the notes are in our own words, and readings marked [interp] are the
reference's.
"""

from __future__ import annotations

from ...rules.cards import Card, Suit
from ...rules.seats import Seat
from ..context import Author, Context
from ..findings import Finding, Phase, detector, each_trick
from ..words import capitalised, cards_text, listed

__all__ = ["draw_trumps", "forcing"]

_ELWELL_TOO_LATE = (
    "Elwell's rule: \"It is too late to force when the adversary holds an established suit against you. "
    'You must make what you can in the other suits before giving up the lead."'
)

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
    out += (
        each_trick(ctx, _weak_hand_spared)
        + each_trick(ctx, _ruff_for_lead)
        + each_trick(ctx, _low_trump_made)
        + _trumps_deferred(ctx)
    )
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


_ELWELL_WEAK_HAND = (
    "Elwell's rule: \"It is wrong to force the weak hand. You lose one of your high cards, and the "
    "maker\u2019s trumps are still intact. Do not continue a suit when it is shown that the weak hand "
    'can \u201cruff.\u201d"'
)


def _weak_hand_spared(ctx: Context, i: int) -> Finding | None:
    """WEAK_HAND_NOT_FORCED: a defender who led a plain suit and won the trick leads another suit
    next, while dummy, the hand shorter in trumps, has none of his suit left and holds a trump, and
    he still holds the suit."""
    lead, before = ctx.lead(i), ctx.lead(i - 1) if i > 0 else None
    if lead is None or before is None or ctx.dummy is None or ctx.declarer is None:
        return None
    seat, card = lead
    suit = before[1].suit
    weak = ctx.dummy
    if (
        before[0] != seat
        or not ctx.defender(seat)
        or ctx.tricks[i - 1].winner != seat
        or suit == ctx.trump
        or card.suit == suit
        or not ctx.holding(seat, suit, i)
        or ctx.holding(weak, suit, i)
        or not ctx.trumps(weak, i)
        or len(ctx.trumps(weak, i)) >= len(ctx.trumps(ctx.declarer, i))
    ):
        return None
    text = (
        f"{ctx.who(seat)} wins trick {ctx.tricks[i - 1].number} with the {before[1]} and does not lead another "
        f"{suit.singular}: dummy, the hand shorter in trumps, has none left and holds the "
        f"{cards_text(ctx.trumps(weak, i))}, so it could ruff. He leads the {card} instead."
    )
    if ctx.author is Author.ELWELL:
        text += " " + _ELWELL_WEAK_HAND
    return Finding(
        motif="draw-trumps",
        label="WEAK_HAND_NOT_FORCED",
        trick=ctx.tricks[i].number,
        tricks=(ctx.tricks[i - 1].number, ctx.tricks[i].number),
        seats=(seat, weak),
        cards=(before[1], card),
        facts={"suit": suit.word, "won_with": str(before[1]), "led": str(card)},
        text=text,
    )


# ---------------------------------------------------------------------------------------------
# Ruffing to take the lead; a defender's low trump made by a ruff


def _ruff_for_lead(ctx: Context, i: int) -> Finding | None:
    """RUFF_FOR_LEAD [interp]: a defender leads a plain suit, the declarer's hand that plays before
    its partner ruffs and wins, though the partner's card, played after, would have won the trick;
    the ruffer then leads a trump to the next trick toward the partner's tenace in trumps, the
    second hand playing before it (Elwell 1902 Hand 7, trick 1)."""
    t, lead = ctx.tricks[i], ctx.led(i)
    if lead is None or lead.suit == ctx.trump or not ctx.defender(t.leader) or not ctx.complete(i):
        return None
    if i + 1 >= len(ctx.tricks) or not ctx.complete(i + 1):
        return None
    ruffer = t.plays[1][0]
    partner = t.plays[3][0]
    mine, his = t.card_of(ruffer), t.card_of(partner)
    if mine is None or his is None or mine.suit != ctx.trump or t.winner != ruffer or his.suit != lead.suit:
        return None
    if any(
        c.suit == ctx.trump or (c.suit == lead.suit and c.rank > his.rank) for p, c in t.plays if p != ruffer
    ):
        return None  # the partner's card would not have won the trick
    nxt = ctx.lead(i + 1)
    ten = ctx.tenace(partner, ctx.trump, i + 1) if ctx.trump is not None else None
    if nxt is None or nxt[0] != ruffer or nxt[1].suit != ctx.trump or ten is None:
        return None
    second = ctx.tricks[i + 1].plays[1][0]
    held = cards_text(ctx.trumps(partner, i + 1))
    text = (
        f"{capitalised(ctx.role(ruffer))} ruffs {ctx.who(t.leader)}'s {lead} with the {mine}, though "
        f"{ctx.role(partner)}'s {his}, played after it, would have won the trick: the ruff puts the lead in "
        f"{'dummy' if ruffer == ctx.dummy else ctx.role(ruffer) + chr(39) + 's hand'}, and at trick {ctx.tricks[i + 1].number} "
        f"{'it' if ruffer == ctx.dummy else 'he'} leads the {nxt[1]} toward {ctx.role(partner)}'s {held}, "
        f"so that {ctx.who(second)} plays before the {ten[0].rank.display} {ten[1].rank.display}."
    )
    return Finding(
        motif="draw-trumps",
        label="RUFF_FOR_LEAD",
        trick=t.number,
        tricks=(t.number, ctx.tricks[i + 1].number),
        seats=(ruffer, partner),
        cards=(lead, mine, his, nxt[1]),
        facts={"ruffed": str(lead), "with": str(mine), "partner_card": str(his), "led_next": str(nxt[1])},
        text=text,
    )


def _low_trump_made(ctx: Context, i: int) -> Finding | None:
    """LOW_TRUMP_RUFF: a defender leads a plain suit that the declarer side is winning, and his
    partner, with none of it, ruffs and wins with a trump lower than every trump the declarer side
    holds, one of its hands holding at least as many of them as he has trumps."""
    t, lead = ctx.tricks[i], ctx.led(i)
    if lead is None or lead.suit == ctx.trump or not ctx.defender(t.leader) or not ctx.complete(i):
        return None
    ruffer = t.leader.partner
    card = t.card_of(ruffer)
    if card is None or card.suit != ctx.trump or t.winner != ruffer:
        return None
    others = [(p, c) for p, c in t.plays if p != ruffer]
    if any(c.suit == ctx.trump for _, c in others):
        return None
    best = max((pc for pc in others if pc[1].suit == lead.suit), key=lambda pc: pc[1].rank)
    if not ctx.declarer_side(best[0]):
        return None  # the defenders' own card was winning: the ruff is not what takes the trick from the declarer
    his = ctx.trumps(ruffer, i)
    over = {p: ctx.trumps(p, i) for p in ctx.declaring}
    keeper = max(over, key=lambda p: len(over[p]))
    if (
        not over[keeper]
        or len(over[keeper]) < len(his)
        or any(c.rank < his[0].rank for p in over for c in over[p])
    ):
        return None
    text = (
        f"{ctx.who(t.leader)} leads the {lead}, to which {ctx.role(best[0])} plays the {best[1]}, and "
        f"{ctx.who(ruffer)}, with no {lead.suit.singular} left, ruffs with the {card} and wins. "
        f"{capitalised(ctx.role(keeper))} holds the {cards_text(over[keeper])}, every one higher than "
        f"{ctx.who(ruffer)}'s {cards_text(his)}: on a trump lead the {card} would fall under them; ruffing, it "
        f"makes a trick."
    )
    return Finding(
        motif="draw-trumps",
        label="LOW_TRUMP_RUFF",
        trick=t.number,
        seats=(ruffer, t.leader),
        cards=(lead, card),
        facts={"ruffed": str(lead), "with": str(card), "higher": [str(c) for c in over[keeper]]},
        text=text,
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
                    f"last {suit.singular}, the {ctx.led(j)}."
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


# ---------------------------------------------------------------------------------------------
# Forcing: making a player trump (Elwell 1904, "Forcing")

_ELWELL_FORCE_MASTER = (
    "Elwell's rule: \"The best play is to force the adversary to \u201cruff\u201d with the high trump, "
    'for then your trumps may make separately."'
)


@detector("force", "Forcing", Phase.DEFENCE, 85)
def forcing(ctx: Context) -> list[Finding]:
    """FORCE_REFUSED for the declarer side's long trump hand throwing a card, not ruffing, when a
    defender leads a suit it cannot follow and a ruff would leave it fewer trumps than that defender;
    MASTER_TRUMP_FORCED for the declarer leading no trump to a defender's last trump, the best one,
    and leading a plain suit until the defender ruffs with it, the declarer keeping the only trumps
    left."""
    if ctx.trump is None or ctx.declarer is None or ctx.dummy is None:
        return []
    out = _refusals(ctx) + _master_forces(ctx) + each_trick(ctx, _force_given_up)
    return sorted(out, key=lambda f: f.trick)


def _long_trump_hand(ctx: Context, i: int) -> Seat | None:
    """The declarer's hand or dummy, whichever holds more trumps at trick index ``i`` (None: equal)."""
    assert ctx.declarer is not None and ctx.dummy is not None
    a, b = len(ctx.trumps(ctx.declarer, i)), len(ctx.trumps(ctx.dummy, i))
    return ctx.declarer if a > b else ctx.dummy if b > a else None


def _refused_at(ctx: Context, i: int) -> tuple[Seat, Seat] | None:
    """(the long trump hand, the defender it keeps level with) when a defender leads a plain suit at
    trick ``i``, the long trump hand has none of it and throws another suit, the defenders win the
    trick, and a ruff would have left that hand fewer trumps than the defender."""
    t, lead = ctx.tricks[i], ctx.led(i)
    if lead is None or lead.suit == ctx.trump or not ctx.defender(t.leader) or not ctx.complete(i):
        return None
    long_ = _long_trump_hand(ctx, i)
    if long_ is None or ctx.holding(long_, lead.suit, i) or t.winner is None or not ctx.defender(t.winner):
        return None
    card = t.card_of(long_)
    mine = len(ctx.trumps(long_, i))
    if card is None or card.suit == ctx.trump or mine == 0:
        return None
    level = [p for p in ctx.defenders if len(ctx.trumps(p, i)) >= mine]
    return (long_, level[0]) if level else None


def _refusals(ctx: Context) -> list[Finding]:
    out: list[Finding] = []
    i = 0
    while i < len(ctx.tricks):
        got = _refused_at(ctx, i)
        if got is None:
            i += 1
            continue
        run = [i]
        while run[-1] + 1 < len(ctx.tricks):
            nxt = _refused_at(ctx, run[-1] + 1)
            if nxt != got or _suit_of(ctx, run[-1] + 1) != _suit_of(ctx, i):
                break
            run.append(run[-1] + 1)
        out.append(_refusal_finding(ctx, run, *got))
        i = run[-1] + 1
    return out


def _suit_of(ctx: Context, i: int) -> Suit | None:
    lead = ctx.led(i)
    return lead.suit if lead is not None else None


def _refusal_finding(ctx: Context, run: list[int], long_: Seat, level: Seat) -> Finding:
    i, last = run[0], run[-1]
    lead = ctx.led(i)
    assert lead is not None
    thrown = [c for j in run if (c := ctx.tricks[j].card_of(long_)) is not None]
    mine, theirs = len(ctx.trumps(long_, i)), len(ctx.trumps(level, i))
    other = ctx.declarer if long_ == ctx.dummy else ctx.dummy
    assert other is not None
    numbers = [str(ctx.tricks[j].number) for j in run]
    text = (
        f"{ctx.who(ctx.tricks[i].leader)} leads the {listed([str(ctx.led(j)) for j in run])}, "
        f"{lead.suit.word} {ctx.role(long_)} cannot follow, to force {'it' if long_ == ctx.dummy else 'him'} to "
        f"trump. {capitalised(ctx.role(long_))} holds {_count(mine, 'trump')} to {ctx.who(level)}'s "
        f"{_NUMBERS[theirs] if theirs < len(_NUMBERS) else theirs}, and a ruff would leave "
        f"{'it' if long_ == ctx.dummy else 'him'} fewer than {ctx.who(level)}: "
        f"{'it' if long_ == ctx.dummy else 'he'} refuses the force, throwing the {listed([str(c) for c in thrown])} "
        f"(trick{'s' if len(run) > 1 else ''} {listed(numbers)}), and keeps {_count(mine, 'trump')}."
    )
    if not ctx.holding(other, lead.suit, last + 1) and ctx.trumps(other, last + 1):
        text += (
            f" {capitalised(ctx.role(other))} now has no {lead.suit.singular} left, and the next one "
            f"can be ruffed in the hand short in trumps."
        )
    return Finding(
        motif="force",
        label="FORCE_REFUSED",
        trick=ctx.tricks[i].number,
        tricks=tuple(ctx.tricks[j].number for j in run),
        seats=(long_, ctx.tricks[i].leader),
        cards=tuple(thrown),
        facts={
            "led": [str(ctx.led(j)) for j in run],
            "thrown": [str(c) for c in thrown],
            "trumps": mine,
            "level_with": ctx.who(level),
            "level_trumps": theirs,
        },
        text=text,
    )


def _master_forces(ctx: Context) -> list[Finding]:
    """[interp] After the declarer side's last trump lead, one defender holds the only trumps left
    out, all better than the declarer side's; the declarer side keeps the lead with plain cards until
    that defender, void in the suit led, ruffs with them, and no defender has a trump left after."""
    out: list[Finding] = []
    for k in range(len(ctx.tricks) - 1):
        lead = ctx.lead(k)
        if lead is None or lead[1].suit != ctx.trump or not ctx.declarer_side(lead[0]):
            continue
        f = _master_force_after(ctx, k + 1)
        if f is not None:
            out.append(f)
    return out


def _master_force_after(ctx: Context, start: int) -> Finding | None:
    left = _defender_trumps(ctx, start)
    ours = [c for p in ctx.declaring for c in ctx.trumps(p, start)]
    if not left or not ours or len({p for p, _ in left}) != 1 or len(left) != 1:
        return None
    holder, master = left[0]
    if master.rank < max(c.rank for c in ours):
        return None
    for j in range(start, len(ctx.tricks)):
        t, lead = ctx.tricks[j], ctx.led(j)
        if lead is None or lead.suit == ctx.trump or not ctx.declarer_side(t.leader) or not ctx.complete(j):
            return None
        if t.card_of(holder) == master:
            return _master_force_finding(ctx, start, j, holder, master)
        if t.winner is None or not ctx.declarer_side(t.winner):
            return None
    return None


def _master_force_finding(ctx: Context, start: int, j: int, holder: Seat, master: Card) -> Finding | None:
    kept = [c for p in ctx.declaring for c in ctx.trumps(p, j + 1)]
    if _defender_trumps(ctx, j + 1) or not kept:
        return None
    led = ctx.led(j)
    assert led is not None
    led_cards = [c for i in range(start, j + 1) if (c := ctx.led(i)) is not None]
    suits = listed([s.word for s in dict.fromkeys(c.suit for c in led_cards)])
    keeper = next(p for p in ctx.declaring if ctx.trumps(p, j + 1))
    leaders = {ctx.tricks[i].leader for i in range(start, j + 1)}
    who = "he and dummy lead" if len(leaders) > 1 else "dummy leads" if leaders == {ctx.dummy} else "he leads"
    text = (
        f"After trick {ctx.tricks[start - 1].number} {ctx.who(holder)} keeps the {master}, the best trump, and "
        f"{ctx.dealer_word()} leads no trump to it: from trick {ctx.tricks[start].number} {who} {suits}, "
        f"and at trick {ctx.tricks[j].number} {ctx.who(holder)}, with no {led.suit.singular} left, "
        f"ruffs the {led} with the {master}. {capitalised(ctx.role(keeper))} keeps the "
        f"{cards_text(kept)}, now the only trump{'s' if len(kept) > 1 else ''} left."
    )
    if ctx.author is Author.ELWELL:
        text += " " + _ELWELL_FORCE_MASTER
    return Finding(
        motif="force",
        label="MASTER_TRUMP_FORCED",
        trick=ctx.tricks[start].number,
        tricks=tuple(ctx.tricks[i].number for i in range(start, j + 1)),
        seats=(holder, ctx.tricks[j].leader),
        cards=(led, master),
        facts={"master": str(master), "ruffed": str(led), "kept": [str(c) for c in kept]},
        text=text,
    )


# ---------------------------------------------------------------------------------------------
# Too late to force: the defenders cash their winners instead (Elwell 1904 Hand 27, trick 4)


def _established_suit(ctx: Context, seat: Seat, i: int) -> Suit | None:
    """A plain suit of ``seat``'s, not the one just forced, whose every card wins once the
    defenders' cards of it have fallen: ``seat`` holds at least as many of its top unplayed cards as
    either defender holds cards of it, and more cards than that."""
    for suit in Suit:
        if suit == ctx.trump:
            continue
        mine = ctx.holding(seat, suit, i)
        theirs = max(len(ctx.holding(d, suit, i)) for d in ctx.defenders)
        top = 0
        for c in ctx.unplayed(suit, i):
            if c not in mine:
                break
            top += 1
        if theirs and top >= theirs and len(mine) > theirs:
            return suit
    return None


def _force_given_up(ctx: Context, i: int) -> Finding | None:
    """FORCE_GIVEN_UP: a defender on lead, whose suit the declarer's long trump hand ruffed earlier
    and still cannot follow, leads another suit and his side wins that trick; the declaring side's
    trumps are each higher than every trump left to the defenders, a ruff would leave the long hand
    as many as the most a defender holds, and one of the declarer's hands holds an established suit
    (with a card of it in the long trump hand, to reach it)."""
    lead = ctx.lead(i)
    if lead is None or not ctx.defender(lead[0]) or not ctx.complete(i) or i == 0:
        return None
    seat, card = lead
    long_ = _long_trump_hand(ctx, i)
    forced = [
        j
        for j in range(i)
        if (led := ctx.lead(j)) is not None
        and ctx.defender(led[0])
        and long_ is not None
        and (c := ctx.tricks[j].card_of(long_)) is not None
        and c.suit == ctx.trump != led[1].suit
        and ctx.holding(seat, led[1].suit, i)
        and not ctx.holding(long_, led[1].suit, i)
    ]
    if long_ is None or not forced or card.suit in (ctx.trump, _suit_of(ctx, forced[-1])):
        return None
    if any(ctx.defender(ctx.tricks[k].leader) for k in range(forced[-1] + 1, i)):
        return None  # the first lead of the defenders' since the force is the one that decides
    ours = [c for p in ctx.declaring for c in ctx.trumps(p, i)]
    theirs = _defender_trumps(ctx, i)
    most = max((len(ctx.trumps(d, i)) for d in ctx.defenders), default=0)
    if (
        not theirs
        or len(ctx.trumps(long_, i)) - 1 < most
        or min(c.rank for c in ours) < max(c.rank for _, c in theirs)
    ):
        return None
    found = [(p, s) for p in ctx.declaring if (s := _established_suit(ctx, p, i)) is not None]
    won_by = ctx.tricks[i].winner
    if not found or won_by is None or not ctx.defender(won_by):
        return None
    owner, suit = found[0]
    if owner != long_ and not ctx.holding(long_, suit, i):
        return None
    return _force_given_up_finding(ctx, i, forced[-1], long_, owner, suit)


def _force_given_up_finding(ctx: Context, i: int, j: int, long_: Seat, owner: Seat, suit: Suit) -> Finding:
    seat, card = ctx.tricks[i].plays[0]
    forced = ctx.led(j)
    assert forced is not None
    run = [i]
    while run[-1] + 1 < len(ctx.tricks) and _suit_of(ctx, run[-1] + 1) == card.suit:
        winner = ctx.tricks[run[-1] + 1].winner
        if winner is None or not ctx.defender(winner):
            break
        run.append(run[-1] + 1)
    holder = _defender_trumps(ctx, i)
    mine = ctx.trumps(long_, i)
    him = "him" if long_ == ctx.declarer else "it"
    cards = {d: ctx.holding(d, suit, i) for d in ctx.defenders if ctx.holding(d, suit, i)}
    against = " and ".join(f"{ctx.who(d)}'s {cards_text(h)}" for d, h in cards.items())
    numbers = [ctx.tricks[k].number for k in run]
    won = f"trick {numbers[0]}" if len(run) == 1 else f"tricks {numbers[0]} to {numbers[-1]}"
    text = (
        f"{ctx.who(seat)}, on lead, could go on forcing {ctx.role(long_)} with {forced.suit.word}, which "
        f"{ctx.role(long_)} ruffed at trick {ctx.tricks[j].number} and still cannot follow, but it is too late: "
        f"{ctx.role(long_)}'s trumps, {cards_text(mine)}, are each higher than the adversaries' "
        f"{cards_text([c for _, c in holder])}, and a ruff would still leave {him} enough to draw them, while "
        f"{ctx.role(owner)}'s {suit.word}, {cards_text(ctx.holding(owner, suit, i))}, are established over "
        f"{against}. {ctx.who(seat)} leads the {card} instead, and his side wins {won} in "
        f"{card.suit.word}."
    )
    if ctx.author is Author.ELWELL:
        text += " " + _ELWELL_TOO_LATE
    return Finding(
        motif="force",
        label="FORCE_GIVEN_UP",
        trick=ctx.tricks[i].number,
        tricks=tuple(numbers),
        seats=(seat, long_),
        cards=(card,),
        facts={
            "forced_at": ctx.tricks[j].number,
            "forcing_suit": forced.suit.word,
            "trumps": [str(c) for c in mine],
            "established": suit.word,
            "led": str(card),
            "won": numbers,
        },
        text=text,
    )


# ---------------------------------------------------------------------------------------------
# Trumps deferred until the losers are thrown (Elwell 1904 Hand 5)

_ELWELL_DEFERRED = (
    "Elwell heads such a hand \u201cNot leading trumps until losing cards have been discarded\u201d "
    "(*Advanced Bridge*, Hand 5)."
)


def _trumps_deferred(ctx: Context) -> list[Finding]:
    """TRUMPS_DEFERRED [interp]: at the declaring side's first lead, one defender holds a trump above
    all of its trumps, so a trump lead gives him the lead; one of its hands holds two or more cards of
    a plain suit in which the defenders hold at least as many cards above all of the declaring side's; the side leads other suits, that hand throws every one of those cards, and only
    then does the side lead a trump."""
    ours_lead = [
        i for i in range(len(ctx.tricks)) if ctx.complete(i) and ctx.declarer_side(ctx.tricks[i].leader)
    ]
    first = ours_lead[0] if ours_lead else 0
    k = next((i for i in range(first, len(ctx.tricks)) if _suit_of(ctx, i) == ctx.trump), None)
    ours = [c for p in ctx.declaring for c in ctx.trumps(p, first)]
    top = [(p, c) for p, c in _defender_trumps(ctx, first) if ours and c.rank > max(o.rank for o in ours)]
    if k is None or k <= first + 1 or not top or any(j not in ours_lead for j in range(first, k + 1)):
        return []
    for hand in ctx.declaring:
        for suit in Suit:
            f = _deferred_for(ctx, first, k, hand, suit, top[0])
            if f is not None:
                return [f]
    return []


def _deferred_for(
    ctx: Context, first: int, k: int, hand: Seat, suit: Suit, top: tuple[Seat, Card]
) -> Finding | None:
    losers = ctx.holding(hand, suit, first)
    if suit == ctx.trump or len(losers) < 2 or ctx.holding(hand, suit, k):
        return None
    ours = max(c.rank for p in ctx.declaring for c in ctx.holding(p, suit, first))
    theirs = [c for d in ctx.defenders for c in ctx.holding(d, suit, first) if c.rank > ours]
    thrown = [
        j
        for j in range(first, k)
        if (c := ctx.tricks[j].card_of(hand)) in losers and _suit_of(ctx, j) != suit
    ]
    if len(theirs) < len(losers) or len(thrown) != len(losers):
        return None
    holder, master = top
    led = [c for j in range(first, k) if (c := ctx.led(j)) is not None]
    numbers = [ctx.tricks[j].number for j in thrown]
    text = (
        f"{capitalised(ctx.dealer_word())}'s side does not lead trumps at once: {ctx.who(holder)}'s {master} "
        f"would take the first trump lead, and the adversaries, in, could take tricks with their "
        f"{cards_text(sorted(theirs, key=lambda c: -c.rank))}, the best {suit.word}, while {ctx.role(hand)} "
        f"still held the {cards_text(losers)}. From trick {ctx.tricks[first].number} the side leads "
        f"{listed([s.word for s in dict.fromkeys(c.suit for c in led)])}, and {ctx.role(hand)} throws the "
        f"{cards_text(losers)} (tricks {listed([str(n) for n in numbers])}); only at trick "
        f"{ctx.tricks[k].number} is a trump led."
    )
    if ctx.author is Author.ELWELL:
        text += " " + _ELWELL_DEFERRED
    return Finding(
        motif="draw-trumps",
        label="TRUMPS_DEFERRED",
        trick=ctx.tricks[first].number,
        tricks=tuple(sorted({ctx.tricks[first].number, *numbers, ctx.tricks[k].number})),
        seats=(hand, holder),
        cards=(master, *losers),
        facts={
            "top_trump": str(master),
            "thrown": [str(c) for c in losers],
            "their_winners": [str(c) for c in theirs],
            "trump_led_at": ctx.tricks[k].number,
        },
        text=text,
    )
