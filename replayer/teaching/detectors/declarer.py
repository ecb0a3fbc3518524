"""Detectors: the declarer's play in a suit (rules-reference §7) — the Bath coup and finesses.

The Bath coup (MOT-BATH) and finesses (MOT-FINESSE), with the declarer's technique tags.  Each detector
is a small pure function of a ``Context``; where the reference marks a rule [interp], the code says so
too.  Holding up and ducking are in ``holdups``, long suits and entries in ``long_suits`` and
``entries``, drawing trumps in ``trumps``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ...rules.cards import Card, Rank
from ...rules.seats import Seat
from ..context import Context
from ..findings import Finding, Phase, detector, each_trick
from ..words import capitalised, cards_text
from .eleven import eleven_count

__all__ = ["bath_coup", "is_bath_coup", "finesse", "Finesse", "FinesseTag", "finesse_at"]


# ---------------------------------------------------------------------------------------------
# MOT-BATH — the Bath coup


@detector("bath-coup", "The Bath coup", Phase.DECLARERS_PLAY, 1)
def bath_coup(ctx: Context) -> list[Finding]:
    """BATH_COUP: a defender leads the K, the declarer side holds the A and the J of the suit, and
    neither of its cards to the trick is the A (the K is let win)."""
    return each_trick(ctx, _bath_at)


def _bath_at(ctx: Context, i: int) -> Finding | None:
    t = ctx.tricks[i]
    lead = ctx.led(i)
    if lead is None or lead.rank != Rank.KING or not ctx.defender(t.leader) or not ctx.complete(i):
        return None
    s = lead.suit
    side = ctx.declaring
    ace, jack = Card(s, Rank.ACE), Card(s, Rank.JACK)
    held = {c for p in side for c in ctx.hand(p, i)}
    if ace not in held or jack not in held:
        return None
    ours = [c for p, c in t.plays if p in side]
    if ace in ours or t.winner in side:
        return None  # the ace went up, or the trick was ruffed: nothing held up
    later = {c: _later_win(ctx, i, c) for c in (jack, ace)}
    holders = {p: ctx.holding(p, s, i) for p in side if {ace, jack} & set(ctx.hand(p, i))}
    return Finding(
        motif="bath-coup",
        label="BATH_COUP",
        trick=t.number,
        tricks=tuple(sorted({t.number, *(n for n in later.values() if n is not None)})),
        seats=(t.leader, *holders),
        cards=(lead, *ours),
        facts={
            "suit": s.word,
            "led": str(lead),
            "held": {ctx.who(p): cards_text(h) for p, h in holders.items()},
            "jack_wins": later[jack],
            "ace_wins": later[ace],
        },
        text=_bath_text(ctx, i, holders, later[jack]),
    )


def _later_win(ctx: Context, i: int, card: Card) -> int | None:
    """The number of the first trick after index ``i`` that ``card`` wins."""
    for j in range(i + 1, len(ctx.tricks)):
        t = ctx.tricks[j]
        if t.winner is not None and t.card_of(t.winner) == card:
            return t.number
    return None


def _bath_text(ctx: Context, i: int, holders: dict[Seat, list[Card]], jack_wins: int | None) -> str:
    leader = ctx.who(ctx.tricks[i].leader)
    if len(holders) == 1:
        ((p, h),) = holders.items()
        start = f"{ctx.role(p)} holds {cards_text(h)} and lets {leader}'s king win"
    else:
        split = " and ".join(f"{ctx.role(p)} {cards_text(h)}" for p, h in holders.items())
        start = f"with {split}, the declaring side lets {leader}'s king win"
    text = (
        f"The Bath coup: {start}. If {leader} leads the suit again, the jack wins; had the ace been taken at "
        f"once, the jack could have been caught later."
    )
    if jack_wins is not None:
        text += f" The jack does win, at trick {jack_wins}."
    return text


def is_bath_coup(ctx: Context, i: int) -> bool:
    """Trick index ``i`` is a Bath coup (the hold-up detector leaves it to this one)."""
    return _bath_at(ctx, i) is not None


# ---------------------------------------------------------------------------------------------
# MOT-FINESSE


class FinesseTag(enum.StrEnum):
    """What a declarer's finesse shows beside the finesse itself [p.71–72]."""

    TOWARD_TENACE = "TOWARD_TENACE"  # led from the partner of the tenace hand
    KEEP_LEAD_IN_WEAK_HAND = "KEEP_LEAD_IN_WEAK_HAND"  # the touching card under the leader's


@dataclass(frozen=True, slots=True)
class Finesse:
    """A finesse taken at trick index ``i``."""

    i: int
    seat: Seat  # the finessing hand
    card: Card  # the card it played
    top: Card  # the card its side hopes will win (B*)
    kept: Card  # the higher card it kept back
    against: tuple[Card, ...]  # the unseen cards between, highest first
    won: bool
    position: int  # 2 second hand, 3 third hand
    tags: tuple[FinesseTag, ...]


@detector("finesse", "Finesses", Phase.DECLARERS_PLAY, 3)
def finesse(ctx: Context) -> list[Finding]:
    """FINESSE (third hand, or second hand with a tenace), WON or LOST, with the declarer's
    technique tags TOWARD_TENACE and KEEP_LEAD_IN_WEAK_HAND."""
    return sorted(
        each_trick(ctx, _finesse_note_at) + each_trick(ctx, _toward_king_at) + each_trick(ctx, _passed_at),
        key=lambda f: f.trick,
    )


def _finesse_note_at(ctx: Context, i: int) -> Finding | None:
    f = finesse_at(ctx, i)
    return _finesse_finding(ctx, f) if f is not None else None


def finesse_at(ctx: Context, i: int) -> Finesse | None:
    """The finesse taken at trick index ``i``, if any (third hand, or second hand with a tenace)."""
    if not ctx.complete(i):
        return None
    f = _third_hand_finesse(ctx, i) or _second_hand_finesse(ctx, i)
    if f is None or _shown_out_before(ctx, i, f):
        return None
    return f


def _shown_out_before(ctx: Context, i: int, f: Finesse) -> bool:
    """The adversary who plays just before the finessing hand has shown out of the suit led to
    trick index ``i`` (on an earlier round, or in this trick): the missing cards are then marked
    behind, and the lower card finesses nothing — it must lose to them (Elwell 1902 Hand 7,
    trick 6).  (When the hand behind has shown out, the finesse is a marked one, and stays.)"""
    t = ctx.tricks[i]
    s = t.plays[0][1].suit
    before = t.plays[f.position - 2][0]
    played = (ctx.card_of(j, before) for j in ctx.rounds(s) if j <= i)
    return any(c is not None and c.suit != s for c in played)


def _viewer(ctx: Context, seat: Seat) -> Seat:
    """Whose knowledge decides dummy's play: the declarer's."""
    return ctx.declarer if ctx.dummy is not None and seat == ctx.dummy and ctx.declarer is not None else seat


def _third_hand_finesse(ctx: Context, i: int) -> Finesse | None:
    """[interp] P third hand: after P plays his side's best card B* beats the second hand's card, P
    kept a higher card h, and one or two cards between B* and h are unseen by P."""
    t = ctx.tricks[i]
    s = t.plays[0][1].suit
    p, card = t.plays[2]
    best = ctx.winning_so_far(i, 3)
    if card.suit != s or best is None or best[0].side != p.side or best[1].suit != s:
        return None
    top = best[1]
    kept = [c for c in ctx.holding(p, s, i) if c.rank > top.rank and c != card]
    if not kept:
        return None
    seen = ctx.visible(_viewer(ctx, p), i, upto=2)
    gap = tuple(c for c in ctx.unplayed(s, i, upto=2) if top.rank < c.rank < kept[0].rank and c not in seen)
    # [interp] a finesse is taken against one card or two (a double finesse); a wider gap is a duck.
    if not gap or len(gap) > 2 or _eleven_proves(ctx, i):
        return None
    tags = _declarer_tags(ctx, i, p, card, top) if ctx.declarer_side(p) else ()
    return Finesse(i, p, card, top, kept[0], gap, t.winner is not None and t.winner.side == p.side, 3, tags)


def _second_hand_finesse(ctx: Context, i: int) -> Finesse | None:
    """P second hand holds the best and third-best unplayed cards (D-7) and plays the lower."""
    t = ctx.tricks[i]
    lead = t.plays[0][1]
    p, card = t.plays[1]
    ten = ctx.tenace(p, lead.suit, i, upto=1)
    if ten is None or card != ten[1] or card.rank < lead.rank:
        return None
    if ten[2] in ctx.visible(_viewer(ctx, p), i, upto=1):
        return None
    if not ctx.holding(p.partner, lead.suit, i):
        return None  # [interp] the partner, last to play, is void: the trick is his to ruff or lose, not a finesse
    won = t.winner is not None and t.winner.side == p.side
    return Finesse(i, p, card, card, ten[0], (ten[2],), won, 2, ())  # an adversary led: no declarer's tag


def _declarer_tags(ctx: Context, i: int, p: Seat, card: Card, top: Card) -> tuple[FinesseTag, ...]:
    t = ctx.tricks[i]
    tags = []
    if ctx.tenace(p, card.suit, i) is not None:
        tags.append(FinesseTag.TOWARD_TENACE)  # the lead came from the partner of the tenace hand [p.71]
    lead = t.plays[0][1]
    if top == lead and t.winner == t.leader and card.rank < lead.rank:
        between = [c for c in ctx.unplayed(lead.suit, i, upto=2) if card.rank < c.rank < lead.rank]
        if not between:
            tags.append(FinesseTag.KEEP_LEAD_IN_WEAK_HAND)  # the touching card under the leader's [p.71–72]
    return tuple(tags)


def _eleven_proves(ctx: Context, i: int) -> bool:
    """MOT-ELEVEN's case: the count proves the declarer holds no higher card, so third hand's lower
    card is a certainty, not a finesse (H5 T1)."""
    count = eleven_count(ctx, i)
    return count is not None and not count.hidden


def _finesse_finding(ctx: Context, f: Finesse) -> Finding:
    t = ctx.tricks[f.i]
    outcome = "WON" if f.won else "LOST"
    winner = t.winner
    assert winner is not None
    win_card = t.card_of(winner)
    assert win_card is not None
    ruff = ctx.trump is not None and win_card.suit == ctx.trump and t.plays[0][1].suit != ctx.trump
    return Finding(
        motif="finesse",
        label="FINESSE",
        trick=t.number,
        seats=(f.seat, t.leader),
        cards=(t.plays[0][1], f.card, f.kept, *f.against),
        facts={
            "against": str(f.against[0]),
            "gap": [str(c) for c in f.against],
            "outcome": outcome,
            "position": "second" if f.position == 2 else "third",
            "kept": str(f.kept),
            "played": str(f.card),
            "holding": cards_text(ctx.holding(f.seat, f.card.suit, f.i)),
            "tags": list(f.tags),
            "lost_to": None if f.won else ("ruff" if ruff else str(win_card)),
            "declarer_side": ctx.declarer_side(f.seat),
        },
        text=_finesse_text(ctx, f, ruff),
        shown=ctx.declarer_side(f.seat) and not _unblocks_partners_suit(ctx, f),
    )


def _unblocks_partners_suit(ctx: Context, f: Finesse) -> bool:
    """[interp] The finessing hand is the short hand of its partner's long suit (five cards or more,
    and more than its own) and its card is above all of the partner's: the play keeps the short
    hand's high cards from blocking the long ones, and the finesse is incidental: "Avoid blocking
    your suit, by leading or playing the high cards from the shorter of the two hands" (Elwell 1902,
    on the dealer's play; his 1904 Hand 38, trick 1: dummy's ♣J over Z's six clubs).  Such a finding
    is kept as a fact, not shown."""
    s = f.card.suit
    mine, his = ctx.holding(f.seat, s, f.i), ctx.holding(f.seat.partner, s, f.i)
    return len(his) >= 5 and len(his) > len(mine) and f.card.rank > his[0].rank


def _finesse_text(ctx: Context, f: Finesse, ruff: bool) -> str:
    t = ctx.tricks[f.i]
    lead = t.plays[0][1]
    who, holding = ctx.role(f.seat), cards_text(ctx.holding(f.seat, f.card.suit, f.i))
    against = " and the ".join(str(c) for c in f.against)
    if f.position == 3:
        first = (
            f"{capitalised(ctx.role(t.leader))} leads the {lead} and {who}, holding {holding}, plays the "
            f"{f.card.rank.display}: a finesse against the {against}."
        )
    else:
        first = (
            f"{capitalised(who)}, second hand with {holding}, plays the {f.card.rank.display} and keeps the "
            f"{f.kept.rank.display}: a finesse against the {against}."
        )
    parts = [first]
    ten = ctx.tenace(f.seat, f.card.suit, f.i)
    toward = ""
    if FinesseTag.TOWARD_TENACE in f.tags and ten is not None:
        second = t.plays[1][0]
        toward = (
            f"Leading toward the {ten[0].rank.display} {ten[1].rank.display} rather than from it makes "
            f"{ctx.who(second)} play before {ctx.role(f.seat)}"
        )
    if FinesseTag.KEEP_LEAD_IN_WEAK_HAND in f.tags:
        keep = (
            f"the {f.card.rank.display} under the {lead.rank.display} keeps the lead in "
            f"{ctx.role(t.leader)}'s hand to repeat the finesse"
        )
        parts.append(f"{toward}, and {keep}." if toward else f"{capitalised(keep)}.")
    elif toward:
        parts.append(toward + ".")
    winner = t.winner
    assert winner is not None
    parts.append(_outcome_text(ctx, f, ruff, winner))
    return " ".join(parts)


def _outcome_text(ctx: Context, f: Finesse, ruff: bool, winner: Seat) -> str:
    """[interp] A finesse is judged by where the card finessed against lay, not only by who took the
    trick: the hand that played before the finesser (the finesse is right) or the one after it."""
    t = ctx.tricks[f.i]
    before = t.plays[f.position - 2][0]
    onside = all(ctx.holder(c, f.i) == before for c in f.against)
    against = " and the ".join(str(c) for c in f.against)
    if f.won and not onside:
        behind = next(ctx.holder(c, f.i) for c in f.against if ctx.holder(c, f.i) != before)
        return (
            f"It wins the trick only because {ctx.who(behind) if behind else 'the hand behind'}, who holds "
            f"the {against}, does not play it: the finesse itself was wrong."
        )
    if not f.won and onside:
        took = "ruff" if ruff else f"{t.card_of(winner)}"
        return (
            f"The trick goes to {ctx.who(winner)}'s {took}, but the finesse itself was right: the {against} "
            f"lay with {ctx.who(before)}, ahead of it."
        )
    if f.won:
        return "It wins."
    if ruff:
        return f"It loses, but only to {ctx.who(winner)}'s ruff."
    return f"It loses to {ctx.who(winner)}'s {t.card_of(winner)}."


# ---------------------------------------------------------------------------------------------
# Leading toward a guarded king: the finesse of the king against the ace


def _toward_king_at(ctx: Context, i: int) -> Finding | None:
    """LEAD_TOWARD_KING [interp]: at the first round of a suit, the declarer's side leads a low card
    from a hand without an honour toward the partner's king guarded by small cards (no queen or
    jack beside it), the ace with an
    adversary; the king is not played unless the second hand has played low, and it wins then
    (or the second hand plays the ace, and the king is left)."""
    t = ctx.tricks[i]
    if not ctx.complete(i) or not ctx.declarer_side(t.leader) or ctx.rounds(t.plays[0][1].suit)[0] != i:
        return None
    lead = t.plays[0][1]
    s, partner = lead.suit, t.leader.partner
    ace, king = Card(s, Rank.ACE), Card(s, Rank.KING)
    mine = ctx.holding(partner, s, i)
    holder = ctx.holder(ace, i)
    if (
        king not in mine
        or len(mine) < 2
        or holder is None
        or not ctx.defender(holder)
        or lead.rank > Rank.TEN
    ):
        return None
    if any(c.rank > Rank.TEN for c in ctx.holding(t.leader, s, i)) or any(
        Rank.TEN < c.rank < Rank.KING for c in mine
    ):
        return None  # [interp] an honour beside the king, or in the leading hand, makes another combination
    second, played = t.plays[1]
    card = t.card_of(partner)
    if played == ace:
        if card == king:
            return None
    elif card != king or t.winner != partner:
        return None  # a duck, or the ace behind: no king made at this trick
    later = _later_win(ctx, i, king) if played == ace else t.number
    return _toward_king_finding(ctx, i, partner, mine, second, played, later)


def _toward_king_finding(
    ctx: Context, i: int, partner: Seat, mine: list[Card], second: Seat, played: Card, later: int | None
) -> Finding:
    t = ctx.tricks[i]
    lead = t.plays[0][1]
    king = Card(lead.suit, Rank.KING)
    leader = "Dummy" if t.leader == ctx.dummy else capitalised(ctx.role(t.leader))
    first = (
        f"{leader} leads the {lead} toward {ctx.role(partner)}'s {cards_text(mine)} rather than leading the "
        f"suit from the king: a finesse of the king against the ace, {ctx.who(second)}, second hand, "
        f"playing before {'it' if partner == ctx.dummy else 'him'}."
    )
    if played.rank == Rank.ACE:
        rest = f" {ctx.who(second)} plays the {played}, and the {king} is left the best {lead.suit.singular}"
        rest += f"; it wins at trick {later}." if later is not None else "."
    else:
        rest = f" {ctx.who(second)} plays the {played}, and the {king} wins."
    return Finding(
        motif="finesse",
        label="LEAD_TOWARD_KING",
        trick=t.number,
        tricks=tuple(sorted({t.number, *((later,) if later is not None else ())})),
        seats=(t.leader, partner, second),
        cards=(lead, played, king),
        facts={
            "led": str(lead),
            "toward": cards_text(mine),
            "second_played": str(played),
            "king_wins": later,
        },
        text=first + rest,
    )


# ---------------------------------------------------------------------------------------------
# Second hand passes the trick to the partner's card, fourth: a finesse against the cards between


def _passed_at(ctx: Context, i: int) -> Finding | None:
    """FINESSE_PASSED [interp]: at the first round of a suit an adversary leads, the declarer's
    side second hand holds the best card unplayed and plays a low one, and its partner, fourth,
    wins the trick with a lower card or loses it to the third hand's card between the two; the
    cards between are one or two, unseen by the declarer.  The partner's card wins only if the
    third hand holds none of them (Elwell 1902 Hand 10, trick 1: "As A may have both king and queen
    of diamonds, Z passes the first trick, hoping to win with his ten")."""
    t = ctx.tricks[i]
    if not ctx.complete(i) or not ctx.defender(t.leader) or ctx.rounds(t.plays[0][1].suit)[0] != i:
        return None
    lead = t.plays[0][1]
    (second, low), (third, mid), (fourth, last) = t.plays[1:]
    if not ctx.declarer_side(second) or low.suit != lead.suit or last.suit != lead.suit:
        return None
    top = ctx.holding(second, lead.suit, i)[0]
    hope = ctx.holding(fourth, lead.suit, i)[0] if ctx.holding(fourth, lead.suit, i) else None
    if top != ctx.unplayed(lead.suit, i)[0] or hope is None or not low.rank < hope.rank > lead.rank:
        return None
    if (t.winner == fourth and last != hope) or _eleven_places(ctx, i):
        return None
    seen = ctx.visible(_viewer(ctx, second), i, upto=1)
    gap = tuple(c for c in ctx.unplayed(lead.suit, i) if hope.rank < c.rank < top.rank and c not in seen)
    if not gap or len(gap) > 2 or (t.winner != fourth and mid not in gap):
        return None
    return _passed_finding(ctx, i, top, hope, gap)


def _passed_finding(ctx: Context, i: int, top: Card, last: Card, gap: tuple[Card, ...]) -> Finding:
    t = ctx.tricks[i]
    lead = t.plays[0][1]
    (second, low), (third, mid), (fourth, _) = t.plays[1:]
    against = " or the ".join(str(c) for c in gap)
    won = t.winner == fourth
    text = (
        f"{ctx.who(t.leader)} leads the {lead}, and {ctx.role(second)}, second hand with "
        f"{cards_text(ctx.holding(second, lead.suit, i))}, plays the {low.rank.display}, keeping the "
        f"{top.rank.display}: {ctx.role(fourth)}'s {last}, last to play, wins the trick unless "
        f"{ctx.who(third)}, third hand, holds the {against}: a finesse against "
        f"{'them' if len(gap) > 1 else 'it'}. "
        + ("It wins." if won else f"It loses to {ctx.who(third)}'s {mid}.")
    )
    return Finding(
        motif="finesse",
        label="FINESSE_PASSED",
        trick=t.number,
        seats=(second, fourth, t.leader),
        cards=(lead, low, last, *gap),
        facts={
            "kept": str(top),
            "played": str(low),
            "fourth": str(last),
            "gap": [str(c) for c in gap],
            "won": won,
        },
        text=text,
    )


def _eleven_places(ctx: Context, i: int) -> bool:
    """[interp] The Rule of Eleven, read by the declarer: the declaring side holds every card above the
    small card led that the leader's partner could hold (11 less its pips), so the third hand has none."""
    lead = ctx.led(i)
    if lead is None or lead.rank > 10:
        return False
    ours = [c for p in ctx.declaring for c in ctx.holding(p, lead.suit, i) if c.rank > lead.rank]
    return len(ours) >= 11 - lead.rank
