"""Detectors: long suits and the entries to them (rules-reference §7) — establishing, re-entry cards.

Establishing a long suit (MOT-ESTABLISH) and the long cards that win, and re-entry cards (MOT-REENTRY):
a hand gets in to run its side's established suit or to lead toward its partner's tenace.  Each
detector is a small pure function of a ``Context``; readings marked [interp] are the reference's.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ...rules.cards import Card, Suit
from ...rules.seats import Seat
from ..context import Context
from ..findings import Finding, Phase, detector, each_trick
from ..words import capitalised, cards_text
from .declarer import finesse_at

__all__ = ["establish", "re_entry"]


# ---------------------------------------------------------------------------------------------
# MOT-ESTABLISH — establishing a long suit


@dataclass(frozen=True, slots=True)
class _Established:
    seat: Seat
    suit: Suit
    after: int  # trick index after which the suit is established
    long_cards: tuple[Card, ...]  # p's cards then that were losers at the deal


def _opponents(seat: Seat) -> tuple[Seat, Seat]:
    return seat.lho, seat.rho


def _is_established(ctx: Context, p: Seat, s: Suit, i: int) -> bool:
    """D-10 [interp] at the start of trick index ``i``: for each opponent o with n_o cards of ``s``,
    ``p`` holds ≥ n_o and his n_o-th highest beats o's highest; with trumps, no opponent who will be
    void first holds a trump."""
    mine = ctx.holding(p, s, i)
    if not mine:
        return False
    for o in _opponents(p):
        theirs = ctx.holding(o, s, i)
        n = len(theirs)
        if n and (len(mine) < n or mine[n - 1].rank < theirs[0].rank):
            return False
        if n < len(mine) and ctx.trumps(o, i):
            return False
    return True


def _establishments(ctx: Context) -> list[_Established]:
    """Every (hand, suit) of 4+ cards at the deal, not the trump suit, that becomes established after
    some trick while still holding a card lower than the opponents' best at the deal [interp]."""
    out: list[_Established] = []
    if not ctx.tricks:
        return out
    for p in Seat:
        for s in Suit:
            if s == ctx.trump or len(ctx.holding(p, s, 0)) < 4:
                continue
            e = _first_established(ctx, p, s)
            if e is not None:
                out.append(e)
    return sorted(out, key=lambda e: (e.after, e.seat, e.suit))


def _first_established(ctx: Context, p: Seat, s: Suit) -> _Established | None:
    opp_top = max((c.rank for o in _opponents(p) for c in ctx.holding(o, s, 0)), default=None)
    if opp_top is None or _is_established(ctx, p, s, 0):
        return None  # nothing to establish, or established from the start
    for t in range(len(ctx.tricks)):
        if not ctx.complete(t):
            break
        if _is_established(ctx, p, s, t + 1):
            long_cards = tuple(c for c in ctx.holding(p, s, t + 1) if c.rank < opp_top)
            return _Established(p, s, t, long_cards) if long_cards else None
    return None


@detector("establish", "Establishing a long suit", Phase.DECLARERS_PLAY, 4)
def establish(ctx: Context) -> list[Finding]:
    """ESTABLISHED(hand, suit, after trick t) and LONG_CARD_WINS for each later trick a long card takes."""
    out: list[Finding] = []
    for e in _establishments(ctx):
        out.append(_established_finding(ctx, e))
        out.extend(_long_card_wins(ctx, e))
    return out


def _established_finding(ctx: Context, e: _Established) -> Finding:
    t = ctx.tricks[e.after]
    i = e.after + 1
    mine = ctx.holding(e.seat, e.suit, i)
    rest = [c for o in _opponents(e.seat) for c in ctx.holding(o, e.suit, i)]
    left = (
        f"the adversaries' {e.suit.word} left ({cards_text(rest)}) are all lower"
        if rest
        else f"the adversaries have no {e.suit.word} left"
    )
    no_trumps = ", and they have no trumps to ruff with" if ctx.trump is not None else ""
    low = e.long_cards[-1]
    wins = any(f.label == "LONG_CARD_WINS" for f in _long_card_wins(ctx, e))
    return Finding(
        motif="establish",
        label="ESTABLISHED",
        trick=t.number,
        seats=(e.seat,),
        cards=tuple(mine),
        facts={
            "hand": ctx.who(e.seat),
            "suit": e.suit.word,
            "after_trick": t.number,
            "long_cards": [str(c) for c in e.long_cards],
            "holding": cards_text(mine),
        },
        text=(
            f"After this trick {ctx.role(e.seat)}'s {e.suit.word} are established: {left}{no_trumps}, so "
            f"{cards_text(mine)} are all winners — even the {low}, a loser at the start."
        ),
        shown=wins,  # a suit set up that never takes a trick is no lesson
    )


def _long_card_wins(ctx: Context, e: _Established) -> list[Finding]:
    out: list[Finding] = []
    for j in range(e.after + 1, len(ctx.tricks)):
        t = ctx.tricks[j]
        card = t.card_of(e.seat)
        if t.winner != e.seat or card is None or card not in e.long_cards:
            continue
        discard = _partner_discard(ctx, j, e.seat) if ctx.declarer_side(e.seat) else None
        shown = not out or discard is not None
        text = (
            f"{capitalised(ctx.role(e.seat))}'s {card}, a long card of the established suit, wins the trick"
        )
        text += (
            f", and {ctx.role(e.seat.partner)} throws the losing {discard} on it."
            if discard is not None
            else "."
        )
        out.append(
            Finding(
                motif="establish",
                label="LONG_CARD_WINS",
                trick=t.number,
                seats=(e.seat,),
                cards=(card,) if discard is None else (card, discard),
                facts={
                    "hand": ctx.who(e.seat),
                    "suit": e.suit.word,
                    "card": str(card),
                    "partner_discard": None if discard is None else str(discard),
                },
                text=text,
                shown=shown,
            )
        )
    return out


def _partner_discard(ctx: Context, j: int, seat: Seat) -> Card | None:
    """The partner's card if it is a discard of a losing card (another suit, not a trump, not the master)."""
    t = ctx.tricks[j]
    card = t.card_of(seat.partner)
    led = t.led_suit
    if (
        card is None
        or led is None
        or card.suit == led
        or card.suit == ctx.trump
        or len(ctx.hand(seat.partner, j)) < 2
    ):
        return None
    top = ctx.unplayed(card.suit, j)
    return card if top and top[0] != card else None


# ---------------------------------------------------------------------------------------------
# MOT-REENTRY — re-entry cards


class _Purpose(enum.StrEnum):
    """What a re-entry was for."""

    ESTABLISHED = "established"  # to run an established suit
    FINESSE = "finesse"  # to lead toward the partner's tenace


@detector("re-entry", "Re-entry cards", Phase.DECLARERS_PLAY, 5)
def re_entry(ctx: Context) -> list[Finding]:
    """REENTRY(H, card) [interp]: H wins a trick led from another hand, and within the next two
    tricks leads an established suit of his side's, or toward his partner's tenace (a finesse
    follows); ENTRY_KEPT for the discard that kept the small card leading to the entry."""
    est = _establishments(ctx)

    def at(ctx: Context, i: int) -> list[Finding]:
        f = _reentry_at(ctx, i, est)
        if f is None:
            return []
        kept = _entry_kept(ctx, i)
        return [f] if kept is None else [f, kept]

    return each_trick(ctx, at)


def _reentry_at(ctx: Context, i: int, est: list[_Established]) -> Finding | None:
    t = ctx.tricks[i]
    h = t.winner
    if h is None or h == t.leader or not ctx.complete(i):
        return None
    entry = t.card_of(h)
    assert entry is not None
    won: list[tuple[int, Card]] = [(i, entry)]
    for j in range(i + 1, min(i + 3, len(ctx.tricks))):
        u = ctx.tricks[j]
        lead = ctx.led(j)
        if u.leader != h or lead is None or len(ctx.hand(h, j)) < 2:
            return None  # the lead was lost again, or the last card is forced
        why = _entry_use(ctx, j, h, lead, entry.suit, est)
        if why is not None:
            return _reentry_finding(ctx, i, won, j, why)
        if u.winner != h:
            return None
        won.append((j, lead))
    return None


def _entry_use(
    ctx: Context, j: int, h: Seat, lead: Card, entry_suit: Suit, est: list[_Established]
) -> tuple[_Purpose, Seat] | None:
    """Why H's lead at trick index ``j`` needed the entry: (``established``, the suit's hand) or
    (``finesse``, the tenace hand)."""
    # [interp] an entry in the established suit itself is the suit running, not a re-entry
    for e in est:
        if lead.suit != entry_suit and e.suit == lead.suit and e.after < j and e.seat in (h, h.partner):
            return _Purpose.ESTABLISHED, e.seat
    f = finesse_at(ctx, j)
    if f is not None and f.seat == h.partner and ctx.tenace(h.partner, lead.suit, j) is not None:
        return _Purpose.FINESSE, h.partner
    return None


def _reentry_finding(
    ctx: Context, i: int, won: list[tuple[int, Card]], j: int, why: tuple[_Purpose, Seat]
) -> Finding:
    t, u = ctx.tricks[i], ctx.tricks[j]
    h = t.winner
    assert h is not None
    lead = u.plays[0][1]
    entry = won[0][1]
    by = t.card_of(t.leader)
    cashed = [c for _, c in won[1:]]
    if t.leader.side == h.side:
        via = f"{ctx.role(t.leader)}'s {by} puts {ctx.role(h)} in with the {entry}; {ctx.role(h)} then "
        then = f"cashes the {cards_text(cashed)} and " if cashed else ""
    else:
        via = f"{ctx.role(h)} gets in with the {entry}"
        then = f", cashes the {cards_text(cashed)} and " if cashed else " and "
    purpose, hand = why
    if purpose is _Purpose.ESTABLISHED:
        whose = (
            "his own" if hand == h and h != ctx.dummy else ("its own" if hand == h else ctx.role(hand) + "'s")
        )
        goal = f"leads the {lead} at trick {u.number} to run {whose} established {lead.suit.word}"
    else:
        goal = (
            f"leads the {lead} at trick {u.number} for the finesse toward "
            f"{ctx.role(hand)}'s {cards_text(ctx.holding(hand, lead.suit, j))}"
        )
    need = f"the long {lead.suit.word}" if purpose is _Purpose.ESTABLISHED else "the finesse"
    text = f"Re-entry: {via}{then}{goal}. The {entry} was the way in that {need} needed."
    return Finding(
        motif="re-entry",
        label="REENTRY",
        trick=t.number,
        tricks=tuple(ctx.tricks[k].number for k in range(i, j + 1)),
        seats=(h, t.leader),
        cards=(*(c for _, c in won), lead),
        facts={
            "hand": ctx.who(h),
            "entry": str(entry),
            "cashed": [str(c) for c in cashed],
            "then_led": str(lead),
            "led_at": u.number,
            "purpose": purpose,
            "for_hand": ctx.who(hand),
        },
        text=text,
    )


def _entry_kept(ctx: Context, i: int) -> Finding | None:
    """ENTRY_KEPT [interp]: the partner who led to the re-entry trick, his last card of that suit,
    had earlier discarded from another suit while that small card was his lowest of its suit."""
    t = ctx.tricks[i]
    leader, link = t.plays[0]
    h = t.winner
    if h is None or leader.side != h.side or ctx.holding(leader, link.suit, i) != [link]:
        return None
    for j in range(i - 1, -1, -1):
        u = ctx.tricks[j]
        card = u.card_of(leader)
        if card is None or u.led_suit is None or card.suit in (u.led_suit, ctx.trump, link.suit):
            continue
        mine = ctx.holding(leader, link.suit, j)
        if mine and mine[-1] == link and ctx.unplayed(link.suit, j)[0] != link:
            return Finding(
                motif="re-entry",
                label="ENTRY_KEPT",
                trick=u.number,
                tricks=(u.number, t.number),
                seats=(leader,),
                cards=(card, link),
                facts={
                    "hand": ctx.who(leader),
                    "discard": str(card),
                    "kept": str(link),
                    "entry_trick": t.number,
                },
                text=(
                    f"{capitalised(ctx.role(leader))} throws the {card}, not his {link}: that small "
                    f"{link.suit.word[:-1]} is his way to reach {ctx.role(h)} later (trick {t.number})."
                ),
            )
    return None
