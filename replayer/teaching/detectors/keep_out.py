"""Detector: keeping the dangerous hand out (Elwell 1902 Hands 5 and 9, 1904 Hand 22).  A defender
whose suit is established ("the dangerous adversary") takes a trick for each of its long cards as
soon as he gets the lead; the declarer keeps him out of it, either by giving up a trick he must lose
to the other defender, who has none of that suit to lead to him, or by winning at once a trick the
dangerous hand could otherwise win.  Readings marked [interp] are ours.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...rules.cards import Card, Suit
from ...rules.play import trick_winner
from ...rules.seats import Seat
from ..context import Context
from ..findings import Finding, Phase, detector
from ..words import cards_text
from .long_suits import Established, establishments, is_established

__all__ = ["keep_out"]


@detector("keep-out", "Keeping the dangerous hand out", Phase.DECLARERS_PLAY, 50)
def keep_out(ctx: Context) -> list[Finding]:
    """KEEP_OUT_DUCK and KEEP_OUT_WIN at each trick where a defender's established suit is kept out."""
    if ctx.declarer is None:
        return []
    out: list[Finding] = []
    for e in establishments(ctx):
        if ctx.declarer_side(e.seat):
            continue
        for i in range(e.after + 1, len(ctx.tricks)):
            if not _dangerous(ctx, e, i):
                break
            f = _duck(ctx, e, i) or _win_at_once(ctx, e, i)
            if f is not None:
                out.append(f)
    done = {f.trick for f in out}
    return out + [f for f in _through_findings(ctx) if f.trick not in done]


def _dangerous(ctx: Context, e: Established, i: int) -> bool:
    """At the start of trick index ``i`` the suit is still established and its long cards are still
    in the defender's hand."""
    long = [c for c in ctx.holding(e.seat, e.suit, i) if c in e.long_cards]
    return ctx.complete(i) and bool(long) and is_established(ctx, e.seat, e.suit, i)


def _cannot_ruff(ctx: Context, seat: Seat, led: Suit, i: int) -> bool:
    return bool(ctx.holding(seat, led, i)) or not ctx.trumps(seat, i) or led == ctx.trump


def _duck(ctx: Context, e: Established, i: int) -> Finding | None:
    """The declarer's side leads and gives the trick to the other defender, who holds none of the
    dangerous suit, when one of the declarer's hands held a card of the led suit above every card
    the defenders held of it (and they could not ruff): he could have won the trick and did not."""
    t = ctx.tricks[i]
    safe = e.seat.partner
    led = t.led_suit
    if led is None or led == e.suit or not ctx.declarer_side(t.leader) or t.winner != safe:
        return None
    if ctx.holding(safe, e.suit, i):
        return None
    theirs = [c for d in (e.seat, safe) for c in ctx.holding(d, led, i)]
    top = max((c.rank for c in theirs), default=None)
    if top is None or not all(_cannot_ruff(ctx, d, led, i) for d in (e.seat, safe)):
        return None
    higher = [(h, c) for h in ctx.declaring for c in ctx.holding(h, led, i) if c.rank > top]
    if not higher:
        return None
    h, card = higher[-1]
    won = t.card_of(safe)
    assert won is not None  # the winner played to the trick
    if _finesse(ctx, i, won):
        return None
    text = (
        f"The {ctx.dealer_word()[4:]} lets {ctx.who(safe)} win this trick with the {won}, though "
        f"{ctx.role(h)} could have taken it with the {card}: {ctx.who(safe)} has no "
        f"{e.suit.singular} to lead, so {ctx.who(e.seat)}, whose {e.suit.word} are established "
        f"({cards_text(_long(ctx, e, i))}), is kept out of the lead."
    )
    return _finding(ctx, e, i, "KEEP_OUT_DUCK", (won, card), text)


def _finesse(ctx: Context, i: int, won: Card) -> bool:
    """The declarer's side's highest card of the trick is beaten by no defender's card of the suit
    but the one that won it: that card was finessed against, not ducked to (Elwell 1902 Hand 9
    trick 8, the ♠J led and the ♠K over it)."""
    t = ctx.tricks[i]
    ours = [c for s, c in t.plays if ctx.declarer_side(s) and c.suit == won.suit]
    if not ours:
        return False
    top = max(c.rank for c in ours)
    if t.winner is None:
        return False
    theirs = [c for d in (t.winner, t.winner.partner) for c in ctx.holding(d, won.suit, i)]
    over = [c for c in theirs if c.rank > top]
    return over == [won]


def _win_at_once(ctx: Context, e: Established, i: int) -> Finding | None:
    """A defender leads; a declarer's hand wins the trick with a card when it held a lower one of the
    led suit, and had the declarer's side played its lowest cards of the suit the dangerous defender
    could have won the trick with his highest card of it."""
    won = _won_at_once(ctx, e.seat, e.suit, i)
    if won is None:
        return None
    card, best = won
    w = ctx.tricks[i].winner
    assert w is not None  # _won_at_once: a declarer's hand won the trick
    text = (
        f"{ctx.role(w)[0].upper()}{ctx.role(w)[1:]} wins at once with the {card}: had the "
        f"{ctx.dealer_word()[4:]}'s side played low, {ctx.who(e.seat)} could have won with the "
        f"{best} and then led his established {e.suit.word} "
        f"({cards_text(_long(ctx, e, i))})."
    )
    return _finding(ctx, e, i, "KEEP_OUT_WIN", (card, best), text)


def _won_at_once(ctx: Context, danger: Seat, suit: Suit, i: int) -> tuple[Card, Card] | None:
    """A defender leads another suit than ``suit``; a declarer's hand wins the trick with a card
    when it held a lower one of the led suit, and had the declarer's side played its lowest cards
    of it the dangerous defender would have won: (the winning card, the dangerous defender's)."""
    t = ctx.tricks[i]
    led = t.led_suit
    w = t.winner
    if led is None or led == suit or ctx.declarer_side(t.leader) or w is None or not ctx.declarer_side(w):
        return None
    card = t.card_of(w)
    if card is None or card.suit != led or not any(c.rank < card.rank for c in ctx.holding(w, led, i)):
        return None
    ruffed = ctx.trump is not None and led != ctx.trump and any(c.suit == ctx.trump for _, c in t.plays)
    if not ctx.holding(danger, led, i) or ruffed:
        return None
    best = _alternative(ctx, danger, i)
    return None if best is None else (card, best)


def _alternative(ctx: Context, danger: Seat, i: int) -> Card | None:
    """Had the declarer's side played its lowest cards of the suit led to trick index ``i``, the card
    with which the dangerous defender would have won it: the one he played if he played before the
    winning card (Elwell 1904 Hand 34 trick 9), else his highest (None if he would not win)."""
    t = ctx.tricks[i]
    led = t.led_suit
    if led is None:
        return None
    plays = [(s, _instead(ctx, danger, s, c, led, i)) for s, c in t.plays]
    if trick_winner(plays, ctx.trump) != danger:
        return None
    return dict(plays)[danger]


def _instead(ctx: Context, danger: Seat, s: Seat, c: Card, led: Suit, i: int) -> Card:
    """The card ``s`` would play to the trick in the alternative: the declarer's hands their lowest
    card of the suit, the dangerous defender his highest (if he plays after the leader), the others
    what they played."""
    if ctx.declarer_side(s) and ctx.holding(s, led, i):
        return ctx.holding(s, led, i)[-1]
    t = ctx.tricks[i]
    seats = [p for p, _ in t.plays]
    w = t.winner
    if s == danger and t.leader != s and w is not None and seats.index(s) > seats.index(w):
        return ctx.holding(s, led, i)[0]
    return c


def _long(ctx: Context, e: Established, i: int) -> list[Card]:
    return ctx.holding(e.seat, e.suit, i)


def _finding(ctx: Context, e: Established, i: int, label: str, cards: tuple[Card, ...], text: str) -> Finding:
    t = ctx.tricks[i]
    return Finding(
        motif="keep-out",
        label=label,
        trick=t.number,
        seats=(ctx.declarer,) if ctx.declarer is not None else (),
        cards=cards,
        facts={
            "dangerous": ctx.who(e.seat),
            "suit": e.suit.word,
            "established_after": ctx.tricks[e.after].number,
            "long": [str(c) for c in _long(ctx, e, i)],
        },
        text=text,
    )


# --- the dangerous hand that would lead through a guarded card (Elwell 1904 Hand 21)


@dataclass(frozen=True, slots=True)
class _Through:
    """At no-trumps, the defender ``seat`` holds a card of ``suit`` to lead through the declarer's
    hand on his left, ``stopper``, whose top card of it is guarded once and is the second best card
    out, while his partner holds the best and the third best (``over``: A Q over the K) and the
    declarer's other hand has no card above the third: led by ``seat``, the stopper's card is
    caught between them; led by the partner, it comes up to the stopper's card, played last."""

    seat: Seat
    suit: Suit
    stopper: Seat
    guarded: tuple[Card, ...]
    over: tuple[Card, Card]


def _through(ctx: Context, i: int) -> list[_Through]:
    out: list[_Through] = []
    for d in ctx.defenders if ctx.trump is None else ():
        h, p = d.lho, d.partner
        for suit in Suit:
            top = ctx.unplayed(suit, i)[:3]
            mine, his = ctx.holding(h, suit, i), ctx.holding(p, suit, i)
            if (
                len(top) == 3
                and ctx.holding(d, suit, i)
                and mine[:1] == [top[1]]
                and len(mine) == 2
                and top[0] in his
                and top[2] in his
                and all(c.rank < top[2].rank for c in ctx.holding(h.partner, suit, i))
            ):
                out.append(_Through(d, suit, h, tuple(mine), (top[0], top[2])))
    return out


def _through_findings(ctx: Context) -> list[Finding]:
    out: list[Finding] = []
    for i in range(len(ctx.tricks)):
        if not ctx.complete(i):
            continue
        for th in _through(ctx, i):
            f = _through_duck(ctx, th, i) or _through_win(ctx, th, i)
            if f is not None:
                out.append(f)
                break
    return out


def _danger_words(ctx: Context, th: _Through) -> str:
    """ "a club led by A would come through dummy's ♣K, ..." """
    p, name = th.seat.partner, th.suit.singular
    return (
        f"{ctx.who(p)}'s {cards_text(list(th.over))} sit over {ctx.role(th.stopper)}'s "
        f"{cards_text(list(th.guarded))}: a {name} led by {ctx.who(th.seat)} would come through "
        f"{ctx.role(th.stopper)}'s {th.guarded[0]} to them, while a {name} from {ctx.who(p)} runs up to it"
    )


def _through_duck(ctx: Context, th: _Through, i: int) -> Finding | None:
    """The declarer's side leads another suit and gives the trick to the partner of the dangerous
    defender, when its hand playing after the leader held a card of the led suit above every card
    the defenders held of it, and the trick was no finesse."""
    t = ctx.tricks[i]
    led, safe = t.led_suit, th.seat.partner
    if led is None or led == th.suit or not ctx.declarer_side(t.leader) or t.winner != safe:
        return None
    other = t.leader.partner
    theirs = [c for d in (th.seat, safe) for c in ctx.holding(d, led, i)]
    higher = [c for c in ctx.holding(other, led, i) if theirs and c.rank > max(x.rank for x in theirs)]
    won = t.card_of(safe)
    if not higher or won is None or _finesse(ctx, i, won):
        return None
    text = (
        f"The {ctx.dealer_word()[4:]} lets {ctx.who(safe)} win this trick with the {won}, though "
        f"{ctx.role(other)} could have taken it with the {higher[0]}. {_danger_words(ctx, th)}; "
        f"{ctx.who(th.seat)} is kept out of the lead."
    )
    return _through_finding(ctx, th, i, "KEEP_OUT_DUCK", (won, higher[0]), text)


def _through_win(ctx: Context, th: _Through, i: int) -> Finding | None:
    """A defender leads another suit and a declarer's hand wins at once, where playing low would
    have let the dangerous defender win the trick (as ``KEEP_OUT_WIN``)."""
    won = _won_at_once(ctx, th.seat, th.suit, i)
    w = ctx.tricks[i].winner
    if won is None or w is None:
        return None
    card, best = won
    text = (
        f"{ctx.role(w)[0].upper()}{ctx.role(w)[1:]} wins at once with the {card}: had the "
        f"{ctx.dealer_word()[4:]}'s side played low, {ctx.who(th.seat)} could have won with the "
        f"{best} and led a {th.suit.singular}. {_danger_words(ctx, th)}."
    )
    return _through_finding(ctx, th, i, "KEEP_OUT_WIN", (card, best), text)


def _through_finding(
    ctx: Context, th: _Through, i: int, label: str, cards: tuple[Card, ...], text: str
) -> Finding:
    return Finding(
        motif="keep-out",
        label=label,
        trick=ctx.tricks[i].number,
        seats=(ctx.declarer,) if ctx.declarer is not None else (),
        cards=cards,
        facts={
            "dangerous": ctx.who(th.seat),
            "suit": th.suit.word,
            "through": ctx.role(th.stopper),
            "guarded": [str(c) for c in th.guarded],
            "over": [str(c) for c in th.over],
        },
        text=text,
    )
