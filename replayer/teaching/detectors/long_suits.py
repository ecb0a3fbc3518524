"""Detectors: long suits and the entries to them (rules-reference §7) — establishing, re-entry cards.

Establishing a long suit (MOT-ESTABLISH) and the long cards that win, and re-entry cards (MOT-REENTRY):
a hand gets in to run its side's established suit or to lead toward its partner's tenace.  Each
detector is a small pure function of a ``Context``; readings marked [interp] are the reference's.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from ...rules.cards import Card, Suit
from ...rules.play import Trick
from ...rules.seats import Seat
from ..context import Context
from ..findings import Finding, Phase, detector, each_trick
from ..words import capitalised, cards_text, listed
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
            if not long_cards or _promoted(ctx, p, s, t):
                return None
            return _Established(p, s, t, long_cards)
    return None


def _promoted(ctx: Context, p: Seat, s: Suit, t: int) -> bool:
    """A lone card left master while an adversary still holds the suit, or because the adversaries led out their own higher cards (or dropped
    them on their own leads): ``p``'s side never led the suit, so nothing was established — the
    card was promoted (Elwell 1902 Hand 12: the dealer's ♦J after A cashed ♦A K Q)."""
    if len(ctx.holding(p, s, t + 1)) != 1:
        return False
    led_by_side = any(ctx.tricks[j].leader.side == p.side for j in ctx.rounds(s) if j <= t)
    # [interp] a lone card while an adversary still holds a card of the suit is a master by rank,
    # not a long card (Elwell 1904 Hand 16 trick 12: B's ♦J with A's ♦10 still out)
    out = any(ctx.holding(o, s, t + 1) for o in _opponents(p))
    return out or not led_by_side


@detector("establish", "Establishing a long suit", Phase.DECLARERS_PLAY, 4)
def establish(ctx: Context) -> list[Finding]:
    """ESTABLISHED(hand, suit, after trick t) and LONG_CARD_WINS for each later trick a card of the
    suit that was a loser at the deal takes."""
    out: list[Finding] = []
    for e in _establishments(ctx):
        est = _established_finding(ctx, e)
        wins = _long_card_wins(ctx, e)
        out.append(est)
        # a win by rank of a suit not shown as established is no lesson either
        out.extend(w if est.shown or w.facts["long"] else replace(w, shown=False) for w in wins)
    return out


def _established_finding(ctx: Context, e: _Established) -> Finding:
    t = ctx.tricks[e.after]
    mine = ctx.holding(e.seat, e.suit, e.after + 1)
    # a suit set up that never takes a trick by length is no lesson, unless all its cards win
    # (Foster Hand 1: the ♦Q J both win over the lower ♦10 6; Elwell 1904 Hand 36: the dealer's
    # ♣8 6 are thrown on B's diamonds)
    wins = any(f.facts["long"] for f in _long_card_wins(ctx, e)) or _all_win(ctx, e, mine)
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
        text=f"After this trick {ctx.role(e.seat)}'s {e.suit.word} are established: {_why_good(ctx, e)}.",
        shown=wins,
    )


def _all_win(ctx: Context, e: _Established, mine: list[Card]) -> bool:
    """Every card of the hand's suit, as it stands once established, wins a trick later."""
    won = {
        ctx.tricks[j].card_of(e.seat)
        for j in range(e.after + 1, len(ctx.tricks))
        if ctx.tricks[j].winner == e.seat
    }
    return all(c in won for c in mine)


def _why_good(ctx: Context, e: _Established) -> str:
    """Why the suit is good now, in words true of the cards: which of the hand's cards are winners
    at once, which adversary cards they draw, and which adversary cards are still above the small
    ones until then (the small cards are not "all higher" than what is out)."""
    i = e.after + 1
    mine = ctx.holding(e.seat, e.suit, i)
    theirs = {o: ctx.holding(o, e.suit, i) for o in _opponents(e.seat) if ctx.holding(o, e.suit, i)}
    rest = sorted((c for cs in theirs.values() for c in cs), key=lambda c: -c.rank)
    ruff = ""
    if ctx.trump is not None and not any(ctx.trumps(o, i) for o in _opponents(e.seat)):
        ruff = ", and they have no trumps to ruff with"
    low = e.long_cards[-1]
    if len(mine) == 1:
        gone = f"the adversaries have no {e.suit.word} left" if not rest else _all_lower(e, rest)
        return f"{gone}{ruff}, so the {low}, a loser at the start, is a winner"
    if not rest or rest[0].rank < mine[-1].rank:
        gone = f"the adversaries have no {e.suit.word} left" if not rest else _all_lower(e, rest)
        return f"{gone}{ruff}, so {cards_text(mine)} are all winners — even the {low}, a loser at the start"
    n = max(len(cs) for cs in theirs.values())
    top, after = mine[:n], mine[n:]
    drawn = listed([f"{ctx.who(o)}'s {cards_text(cs)}" for o, cs in theirs.items()])
    if n == 1:
        first = f"the {top[0]} is a winner and draws {drawn}"
    else:
        first = f"the {cards_text(top)} are winners, and as they are played they draw {drawn}"
    if not after:  # the top cards are not all masters: say only which are, and what is above the rest
        masters = [c for c in mine if c.rank > rest[0].rank]
        top, after = masters, mine[len(masters) :]
        first = f"the {cards_text(top)} {'is a winner' if len(top) == 1 else 'are winners'} now"
    under = [c for c in after if c.rank < rest[0].rank]
    above = [c for c in rest if c.rank > under[0].rank]
    verb = "wins" if len(after) == 1 else "win"
    return (
        f"{first}; then the {cards_text(after)} {verb} too, though the {cards_text(above)} "
        f"{'is' if len(above) == 1 else 'are'} higher than the {cards_text(under)} now"
        + (", and the adversaries have no trumps to ruff with" if ruff else "")
    )


def _all_lower(e: _Established, rest: list[Card]) -> str:
    return f"the adversaries' {e.suit.word} left ({cards_text(rest)}) are all lower"


def _long_card_wins(ctx: Context, e: _Established) -> list[Finding]:
    out: list[Finding] = []
    for j in range(e.after + 1, len(ctx.tricks)):
        t = ctx.tricks[j]
        card = t.card_of(e.seat)
        if t.winner != e.seat or card is None or card not in e.long_cards:
            continue
        discard = _partner_discard(ctx, j, e.seat) if ctx.declarer_side(e.seat) else None
        shown = not out or discard is not None
        # [interp] a long card wins because the adversaries have none of the suit left; a card an
        # adversary still follows to wins by rank, as the master of the suit (Elwell 1904 Hand 33
        # trick 8: the dealer's ♠K over A's ♠6)
        long = not _followed(t, e)
        what = "a long card of the established suit" if long else f"now the master {e.suit.word[:-1]}"
        text = f"{capitalised(ctx.role(e.seat))}'s {card}, {what}, wins the trick"
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
                    "long": long,
                },
                text=text,
                shown=shown,
            )
        )
    return out


def _followed(t: Trick, e: _Established) -> bool:
    """An adversary plays a card of the suit to the trick."""
    return any(c.suit == e.suit for o in _opponents(e.seat) if (c := t.card_of(o)) is not None)


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
    # [interp] a loser: an adversary still holds a higher card of its suit (Elwell 1902 Hand 5,
    # trick 11: with no spades left among the adversaries the dealer's ♠J is no loser)
    higher = any(c.suit == card.suit and c.rank > card.rank for o in _opponents(seat) for c in ctx.hand(o, j))
    return card if higher else None


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
    f = finesse_at(ctx, i)
    if f is not None and f.seat == h:
        return None  # [interp] a card that wins a finesse is the finesse, not a way in kept for later
    won: list[tuple[int, Card]] = [(i, entry)]
    for j in range(i + 1, min(i + 3, len(ctx.tricks))):
        u = ctx.tricks[j]
        lead = ctx.led(j)
        if u.leader != h or lead is None or len(ctx.hand(h, j)) < 2:
            return None  # the lead was lost again, or the last card is forced
        why = _entry_use(ctx, j, h, lead, entry.suit, est)
        if why is not None and why[0] is _Purpose.FINESSE and _returned(ctx, i, j):
            return (
                None  # [interp] third hand winning his partner's lead and returning the suit (1904 Hand 31)
            )
        if len(won) > 1 and not _master(ctx, won[-1][0], h, won[-1][1]):
            return None  # a card led that was no master was not cashed but finessed (1904 Hand 16)
        if why == (_Purpose.ESTABLISHED, h.partner) and t.leader.side != h.side:
            link = _link_finding(ctx, i, j, h.partner)
            # [interp] a defender who gets in for his partner's suit is the defence's way in (Foster
            # Hand 4, B's ♦Q); a declarer's winner in the short hand is none: the link card is
            # (Elwell 1902 Hand 4: the dealer's ♠8 to dummy's ♠A), or no note
            if link is not None or ctx.declarer_side(h):
                return link
        if why is not None:
            return _reentry_finding(ctx, i, won, j, why)
        if u.winner != h:
            return None
        won.append((j, lead))
    return None


def _returned(ctx: Context, i: int, j: int) -> bool:
    """The lead at trick index ``j`` returns at once the suit the winner's partner led to trick ``i``."""
    t = ctx.tricks[i]
    lead = ctx.led(j)
    return (
        t.winner is not None
        and t.leader == t.winner.partner
        and j == i + 1
        and lead is not None
        and lead.suit == t.led_suit
    )


def _master(ctx: Context, j: int, h: Seat, card: Card) -> bool:
    """``card``, led by ``h`` to trick index ``j``, is above every card of its suit the adversaries hold."""
    return all(c.rank < card.rank for o in _opponents(h) for c in ctx.holding(o, card.suit, j))


def _entry_use(
    ctx: Context, j: int, h: Seat, lead: Card, entry_suit: Suit, est: list[_Established]
) -> tuple[_Purpose, Seat] | None:
    """Why H's lead at trick index ``j`` needed the entry: (``established``, the suit's hand) or
    (``finesse``, the tenace hand)."""
    # [interp] an entry in the established suit itself is the suit running, not a re-entry; when
    # both hands have the suit established, it is run by the hand that wins the lead
    winner = ctx.tricks[j].winner
    for e in sorted(est, key=lambda e: e.seat != winner):
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


def _link_finding(ctx: Context, i: int, j: int, hand: Seat) -> Finding | None:
    """H won the lead back from an adversary and then leads to his partner's established suit: H's
    winner is no way into the partner's hand (Elwell 1902 Hand 4: the dealer's ♥A, where dummy's
    only re-entry is its ♠A).  The way in is the partner's card that wins H's lead at trick index
    ``j``, reached by H's card of the suit; no note when the partner does not win it."""
    u = ctx.tricks[j]
    h, lead = u.plays[0]
    entry = u.card_of(hand)
    if u.winner != hand or entry is None or not _good_after(ctx, j, hand, lead.suit):
        return None
    last = len(ctx.holding(h, lead.suit, j)) == 1
    link = f"his last {lead.suit.word[:-1]}" if last and h != ctx.dummy else None
    led = f"the {lead}" + (f", {link}," if link else "")
    return Finding(
        motif="re-entry",
        label="REENTRY",
        trick=u.number,
        tricks=tuple(ctx.tricks[k].number for k in range(i, j + 1)),
        seats=(hand, h),
        cards=(entry, lead),
        facts={
            "hand": ctx.who(hand),
            "entry": str(entry),
            "cashed": [],
            "then_led": str(lead),
            "led_at": u.number,
            "purpose": _Purpose.ESTABLISHED,
            "for_hand": ctx.who(hand),
        },
        text=(
            f"Re-entry: {ctx.role(h)} leads {led} to {ctx.role(hand)}'s {entry}: that is the way in to "
            f"{ctx.role(hand)}'s established {lead.suit.word}."
        ),
    )


def _good_after(ctx: Context, j: int, hand: Seat, suit: Suit) -> bool:
    """[interp] After trick index ``j`` ``hand`` still holds cards of ``suit`` to run, and the suit
    is established: not a lone master (Elwell 1904 Hand 12: dummy's ♦7, its last diamond)."""
    return bool(ctx.holding(hand, suit, j + 1))


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
