"""Detector: the end of the hand — the throw-in (issue 14, item 3).

A throw-in: one side gives the lead to an adversary who holds nothing but suits he cannot open
without giving a trick away, and who must therefore lead to that side's advantage.  Whether opening a
suit gives a trick away is read from that suit's cards alone (``suit_tricks``): the tricks a side
makes in it when the adversary must lead it first, against the tricks it makes when it has to open
the suit itself.  The notes are in our own words.
"""

from __future__ import annotations

from functools import cache

from ...rules.cards import Card, Suit
from ...rules.seats import Pair, Seat
from ..context import Context
from ..findings import Finding, Phase, detector, each_trick
from ..words import cards_text, listed, number_word

__all__ = ["suit_tricks", "throw_in"]

_Holdings = tuple[tuple[int, ...], ...]  # each seat's ranks in the suit, by seat number


# ---------------------------------------------------------------------------------------------
# One suit, all four hands seen


def suit_tricks(holdings: dict[Seat, list[Card]], leader: Seat, side: Pair) -> int:
    """The tricks ``side`` makes in one suit, both sides playing their best, when ``leader`` opens it
    and ``side`` leads each later round from whichever of its hands still holds the suit (its entries
    are taken for granted: only the suit's cards count).  Play stops when ``side`` has no card of the
    suit left."""
    ranks = tuple(tuple(sorted((int(c.rank) for c in holdings.get(s, [])), reverse=True)) for s in Seat)
    return _round(ranks, int(leader), tuple(int(s) for s in side.seats), 0, -1, -1)


@cache
def _best(h: _Holdings, ours: tuple[int, ...]) -> int:
    """The tricks still to come, ``ours`` leading from whichever hand does best."""
    return max((_round(h, s, ours, 0, -1, -1) for s in ours if h[s]), default=0)


@cache
def _round(h: _Holdings, seat: int, ours: tuple[int, ...], played: int, top: int, winner: int) -> int:
    """The rest of a round from ``seat`` (the ``played``-th to play), ``top`` winning for ``winner``."""
    if played == 4:
        return (1 if winner in ours else 0) + _best(h, ours)
    nxt = (seat + 1) % 4
    if not h[seat]:
        return _round(h, nxt, ours, played + 1, top, winner)
    results = []
    for r in set(h[seat]):
        rest = h[:seat] + (tuple(x for x in h[seat] if x != r),) + h[seat + 1 :]
        better = r > top
        results.append(_round(rest, nxt, ours, played + 1, r if better else top, seat if better else winner))
    return max(results) if seat in ours else min(results)


def _gift(ctx: Context, i: int, seat: Seat, suit: Suit) -> tuple[int, int] | None:
    """(tricks ``seat``'s adversaries make in ``suit`` if he opens it, if they must open it themselves)
    from the holdings at trick ``i``; None when they hold no card of it."""
    side = seat.side.other
    held = {s: ctx.holding(s, suit, i) for s in Seat}
    if not any(held[s] for s in side.seats):
        return None
    theirs = max(suit_tricks(held, s, side) for s in side.seats if held[s])
    return suit_tricks(held, seat, side), theirs


# ---------------------------------------------------------------------------------------------
# The throw-in


@detector("throw-in", "The throw-in", Phase.DECLARERS_PLAY, 90)
def throw_in(ctx: Context) -> list[Finding]:
    """A player put on lead by the adversaries' trick, with nothing but suits that give them a trick
    if he opens them: whatever he leads, they gain."""
    return each_trick(ctx, _throw_in_at)


def _forced(ctx: Context, k: int, seat: Seat) -> dict[Suit, tuple[int, int]] | None:
    """Every suit ``seat`` holds at trick ``k``, each giving his adversaries a trick if he opens it
    (with the tricks they make when he does and when they must); None if one is safe for him."""
    if ctx.trump is not None and ctx.trumps(seat, k):
        return None  # a trump is a lead that gives nothing away in a suit
    gifts: dict[Suit, tuple[int, int]] = {}
    for suit in Suit:
        if not ctx.holding(seat, suit, k):
            continue
        got = _gift(ctx, k, seat, suit)
        if got is None or got[0] <= got[1]:
            return None
        gifts[suit] = got
    return gifts or None


def _throw_in_at(ctx: Context, k: int) -> Finding | None:
    """Trick index ``k``: its leader won the trick before, which his adversaries led, and every suit
    he holds gives them a trick; they do make that trick in the suit he leads."""
    first = ctx.lead(k)
    if k == 0 or first is None or not ctx.complete(k - 1) or ctx.declarer is None:
        return None
    seat, card = first
    before = ctx.tricks[k - 1]
    if before.winner != seat or before.leader.side == seat.side:
        return None
    gifts = _forced(ctx, k, seat)
    if gifts is None or card.suit not in gifts:
        return None
    made = 0
    for j in range(k, len(ctx.tricks)):
        led, won = ctx.led(j), ctx.tricks[j].winner
        if led is not None and led.suit == card.suit and won is not None and won.side != seat.side:
            made += 1
    if made <= gifts[card.suit][1]:
        return None
    return _throw_in_note(ctx, k, seat, card, gifts)


def _eliminated(ctx: Context, k: int, seat: Seat) -> tuple[int, Card] | None:
    """The trick (within the three before ``k - 1``) in which the adversaries, leading and winning,
    took ``seat``'s last card of a suit he could have opened safely; with that card."""
    for e in range(k - 2, max(k - 5, -1), -1):
        t, first = ctx.tricks[e], ctx.lead(e)
        played = ctx.card_of(e, seat)
        if first is None or played is None or t.winner is None or first[0].side == seat.side:
            continue
        if t.winner.side == seat.side or played.suit != first[1].suit:
            continue
        if len(ctx.holding(seat, played.suit, e)) != 1:
            continue
        got = _gift(ctx, e, seat, played.suit)
        if got is not None and got[0] <= got[1]:
            return e, played
    return None


def _throw_in_note(
    ctx: Context, k: int, seat: Seat, card: Card, gifts: dict[Suit, tuple[int, int]]
) -> Finding:
    who, number = ctx.who(seat), ctx.tricks[k].number
    them = "the adversaries" if ctx.declarer_side(seat) else f"{ctx.dealer_word()} and dummy"
    held = list(ctx.hand(seat, k))
    suits = listed([s.word for s in gifts])
    parts = []
    for suit, (led_by_him, led_by_them) in gifts.items():
        parts.append(
            f"{number_word(led_by_him)} trick{'s' if led_by_him != 1 else ''} in {suit.word} if he opens "
            f"them, {number_word(led_by_them)} if they must"
        )
    text = (
        f"{who} wins trick {number - 1} and must lead, holding only {suits} ({cards_text(held)}). "
        f"Whatever he leads gives {them} a trick: they make {listed(parts)}. "
        f"He leads {card}."
    )
    tricks = [number - 1, number]
    cards: list[Card] = [card]
    prior = _eliminated(ctx, k, seat)
    if prior is not None:
        e, last = prior
        text += (
            f" At trick {ctx.tricks[e].number} {them} had taken his last {last.suit.word} ({last}), "
            f"a suit he could have opened without loss, so that he had no safe card left."
        )
        tricks.insert(0, ctx.tricks[e].number)
        cards.insert(0, last)
    facts = {
        "leader": seat.name,
        "suits": [s.name for s in gifts],
        "tricks_if_he_leads": {s.name: g[0] for s, g in gifts.items()},
        "tricks_if_they_lead": {s.name: g[1] for s, g in gifts.items()},
    }
    return Finding("throw-in", "THROW_IN", number, (seat,), tuple(cards), text, tuple(tricks), facts)
