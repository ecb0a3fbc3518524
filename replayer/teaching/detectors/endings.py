"""Detectors: the end of the hand — the throw-in and the squeeze (issue 14, item 3).

A throw-in: one side gives the lead to an adversary who holds nothing but suits he cannot open
without giving a trick away, and who must therefore lead to that side's advantage.  Whether opening a
suit gives a trick away is read from that suit's cards alone (``suit_tricks``): the tricks a side
makes in it when the adversary must lead it first, against the tricks it makes when it has to open
the suit itself.

A squeeze: a defender who cannot follow must discard, and every card he holds is a guard: whichever
he throws, the declaring side makes one trick more in that card's suit (again by ``suit_tricks``,
from the cards still held at the moment of his discard).  It is reported only when the trick was
really gained: after the discard the declaring side wins more tricks in the thrown suit than it
could have made had he kept the card.  The notes are in our own words.
"""

from __future__ import annotations

from functools import cache

from ...rules.cards import Card, Suit
from ...rules.seats import Pair, Seat
from ..context import Author, Context
from ..findings import Finding, Phase, detector, each_trick
from ..words import capitalised, cards_text, listed, number_word

__all__ = ["squeeze", "suit_tricks", "throw_in"]

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
    return each_trick(ctx, _throw_in_at) + each_trick(ctx, _lead_thrown_at)


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


# ---------------------------------------------------------------------------------------------
# The squeeze


@detector("squeeze", "The squeeze", Phase.DECLARERS_PLAY, 91)
def squeeze(ctx: Context) -> list[Finding]:
    """A defender forced to discard when every card he holds guards a suit against the declaring
    side, whose threat in the suit he lets go then wins a trick."""
    return each_trick(ctx, _squeeze_at) + _forcing(ctx)


def _side_tricks(held: dict[Seat, list[Card]], defender: Seat) -> int:
    """The tricks the declaring side makes in one suit from ``held``, leading it from either hand."""
    side = defender.side.other
    return max((suit_tricks(held, s, side) for s in side.seats if held.get(s)), default=0)


def _guards(ctx: Context, k: int, seat: Seat) -> dict[Suit, tuple[int, list[Card]]] | None:
    """At trick index ``k``, when ``seat`` comes to play: each suit he holds, with the tricks the
    declaring side makes in it and his cards of it, provided that any card of it he threw would give
    them one trick more; None when some card is a safe discard."""
    gone = set()
    for s, c in ctx.tricks[k].plays:
        if s == seat:
            break
        gone.add(c)
    guards: dict[Suit, tuple[int, list[Card]]] = {}
    for suit in Suit:
        held = {s: [c for c in ctx.holding(s, suit, k) if c not in gone] for s in Seat}
        if not held[seat]:
            continue
        base = _side_tricks(held, seat)
        for card in held[seat]:
            fewer = dict(held)
            fewer[seat] = [c for c in held[seat] if c != card]
            if _side_tricks(fewer, seat) <= base:
                return None
        guards[suit] = (base, held[seat])
    return guards


def _squeeze_at(ctx: Context, k: int) -> Finding | None:
    """Trick index ``k``: a defender, holding no trump, discards; every card he held was a guard of
    two or more suits, and the declaring side later wins more tricks in the suit he threw than it
    could have made had he kept it."""
    led = ctx.led(k)
    if led is None or not ctx.complete(k) or ctx.declarer is None:
        return None
    for seat in ctx.defenders:
        card = ctx.card_of(k, seat)
        if card is None or card.suit == led.suit or ctx.trumps(seat, k):
            continue
        guards = _guards(ctx, k, seat)
        if guards is None or len(guards) < 2:
            continue
        wins = [
            (j, ctx.card_of(j, w))
            for j in range(k + 1, len(ctx.tricks))
            if (w := ctx.tricks[j].winner) is not None and ctx.declarer_side(w)
        ]
        won = [(j, c) for j, c in wins if c is not None and c.suit == card.suit]
        if len(won) > guards[card.suit][0]:
            return _squeeze_note(ctx, k, seat, card, guards, won)
    return None


def _squeeze_note(
    ctx: Context,
    k: int,
    seat: Seat,
    card: Card,
    guards: dict[Suit, tuple[int, list[Card]]],
    won: list[tuple[int, Card]],
) -> Finding:
    who, number = ctx.who(seat), ctx.tricks[k].number
    led = ctx.led(k)
    j, winner = won[-1]
    them = f"{ctx.dealer_word()} and dummy"
    parts = [
        f"{number_word(base)} in {suit.word} (he holds {cards_text(cards)})"
        for suit, (base, cards) in guards.items()
    ]
    made = number_word(len(won))
    text = (
        f"{who} cannot follow to the {led} at trick {number} and must discard. Every card he holds "
        f"guards a suit: while he keeps them all, {them} make {listed(parts)}, and any card he throws "
        f"gives them one trick more in its suit. He throws {card}, and they go on to make {made} "
        f"trick{'s' if len(won) != 1 else ''} in {card.suit.word}: the {winner} wins trick {ctx.tricks[j].number}."
    )
    facts = {
        "defender": seat.name,
        "guards": {s.name: [str(c) for c in g[1]] for s, g in guards.items()},
        "tricks_if_kept": {s.name: g[0] for s, g in guards.items()},
        "discard": str(card),
        "threat": str(winner),
    }
    tricks = (number, ctx.tricks[j].number)
    return Finding("squeeze", "SQUEEZE", number, (seat,), (card, winner), text, tricks, facts)


# ---------------------------------------------------------------------------------------------
# Forcing discards (Elwell's rule), reported by the squeeze detector


def _run_before(ctx: Context, i: int) -> list[int]:
    """The trick indexes just before ``i`` that the declaring side led and won, back to the first
    that it did not (a trump lead while a defender still held a trump draws trumps: it ends the run)."""
    run: list[int] = []
    for j in range(i - 1, -1, -1):
        first, won = ctx.lead(j), ctx.tricks[j].winner
        if first is None or won is None or not ctx.complete(j):
            break
        if not ctx.declarer_side(first[0]) or not ctx.declarer_side(won):
            break
        if first[1].suit == ctx.trump and any(ctx.trumps(d, j) for d in ctx.defenders):
            break
        run.insert(0, j)
    return run


def _discards(ctx: Context, run: list[int]) -> list[tuple[int, Seat, Card]]:
    """The defenders' discards in the tricks ``run`` (a card of another suit than the one led)."""
    out = []
    for j in run:
        led = ctx.led(j)
        for seat, card in ctx.tricks[j].plays:
            if led is not None and ctx.defender(seat) and card.suit not in (led.suit, ctx.trump):
                out.append((j, seat, card))
    return out


def _short_or_finessed(ctx: Context, i: int, seat: Seat, suit: Suit) -> bool:
    """The suit is one Elwell would open only after forcing discards: six or seven cards of it in
    the two hands at the deal, or opened by a lead up to partner's tenace (a finesse to be placed)."""
    held = sum(len(ctx.holding(s, suit, 0)) for s in ctx.declaring)
    partner = next((s for s in ctx.declaring if s != seat), None)
    if partner is not None and ctx.tenace(partner, suit, i) is not None:
        return True
    return held in (6, 7) and _low_card_wins(ctx, i, suit) is not None


def _low_card_wins(ctx: Context, i: int, suit: Suit) -> tuple[int, Card] | None:
    """A later trick the declaring side wins with a card of ``suit`` below a card of it that a
    defender held at trick index ``i``: the first such (index, card)."""
    theirs = [c for d in ctx.defenders for c in ctx.holding(d, suit, i)]
    for j in range(i, len(ctx.tricks)):
        won = ctx.tricks[j].winner
        card = ctx.card_of(j, won) if won is not None and ctx.declarer_side(won) else None
        if card is not None and card.suit == suit and any(c.rank > card.rank for c in theirs):
            return j, card
    return None


def _span_text(span: list[int]) -> str:
    """``7 and 8``, ``4 to 7``."""
    return f"{span[0]} and {span[1]}" if len(span) == 2 else f"{span[0]} to {span[-1]}"


def _forcing(ctx: Context) -> list[Finding]:
    """The first time in the hand the declaring side forces discards before opening a suit."""
    found = each_trick(ctx, _forcing_at)
    return found[:1]


def _forcing_at(ctx: Context, i: int) -> Finding | None:
    """Trick index ``i``: the declaring side opens a plain suit for the first time, straight after a
    run of tricks it led and won in which the defenders had to discard, and let that suit go."""
    first = ctx.lead(i)
    if ctx.author is not Author.ELWELL or first is None or ctx.declarer is None:
        return None
    seat, card = first
    suit = card.suit
    if not ctx.declarer_side(seat) or suit == ctx.trump or ctx.first_lead.get(suit) != i:
        return None
    if not _short_or_finessed(ctx, i, seat, suit):
        return None
    run = _run_before(ctx, i)
    thrown = _discards(ctx, run)
    if len(run) < 2 or not any(c.suit == suit for _, _, c in thrown):
        return None
    number = ctx.tricks[i].number
    span = [ctx.tricks[j].number for j in run]
    leads = cards_text(c for j in run if (c := ctx.led(j)) is not None)
    by_trick = []
    for j in sorted({j for j, _, _ in thrown}):
        each = [f"{ctx.who(s)} the {c}" for jj, s, c in thrown if jj == j]
        by_trick.append(f"at trick {ctx.tricks[j].number}, {listed(each)}")
    text = (
        f"Before opening {suit.word}, the declaring side wins tricks {_span_text(span)} on its own "
        f"leads ({leads}), and each time the adversaries cannot follow they must discard: "
        f"{'; '.join(by_trick)}. "
        f"Elwell's rule: make the adversaries discard before showing your hand in a suit; a discard "
        f"may give you a trick in it, or show which of them guards it. {capitalised(ctx.role(seat))} opens {suit.word} at trick {number} with the {card}."
    )
    facts = {
        "suit": suit.name,
        "run": span,
        "discards": [[ctx.tricks[j].number, s.name, str(c)] for j, s, c in thrown],
    }
    cards = tuple(c for _, _, c in thrown)
    return Finding("squeeze", "DISCARDS_FORCED", span[0], (seat,), cards, text, (*span, number), facts)


# ---------------------------------------------------------------------------------------------
# Throwing the lead (Elwell's rule), reported by the throw-in detector


def _ducked(ctx: Context, i: int) -> tuple[Seat, Card] | None:
    """Trick index ``i``: led by the declaring side and won by a defender, while a declaring hand
    that played low to it held the best card of the suit led; that hand and the card it kept."""
    led, won = ctx.led(i), ctx.tricks[i].winner
    if led is None or won is None or not ctx.complete(i) or ctx.declarer_side(won):
        return None
    first = ctx.lead(i)
    if first is None or not ctx.declarer_side(first[0]):
        return None
    best = ctx.unplayed(led.suit, i)
    for seat in ctx.declaring:
        played = ctx.card_of(i, seat)
        if best and played is not None and played != best[0] and best[0] in ctx.hand(seat, i):
            return seat, best[0]
    return None


def _lead_thrown_at(ctx: Context, k: int) -> Finding | None:
    """Trick index ``k``: the defender given the lead by a duck opens a suit in which the declaring
    side makes more tricks when he opens it than when it must, and it does make them."""
    if ctx.author is not Author.ELWELL or k == 0 or ctx.declarer is None:
        return None
    first = ctx.lead(k)
    kept = _ducked(ctx, k - 1)
    if first is None or kept is None or ctx.tricks[k - 1].winner != first[0]:
        return None
    seat, card = first
    if _forced(ctx, k, seat) is not None:
        return None  # no choice of lead: a throw-in, THROW_IN's note
    got = _gift(ctx, k, seat, card.suit)
    if got is None or got[0] <= got[1]:
        return None
    won = [
        j
        for j in range(k, len(ctx.tricks))
        if (led := ctx.led(j)) is not None
        and led.suit == card.suit
        and (w := ctx.tricks[j].winner) is not None
        and ctx.declarer_side(w)
    ]
    if len(won) <= got[1]:
        return None
    return _lead_thrown_note(ctx, k, kept, got, won)


def _lead_thrown_note(
    ctx: Context, k: int, kept: tuple[Seat, Card], got: tuple[int, int], won: list[int]
) -> Finding | None:
    first = ctx.lead(k)
    w = ctx.tricks[won[-1]].winner
    if first is None or w is None:
        return None
    seat, card = first
    suit, duck, number = card.suit, ctx.tricks[k - 1], ctx.tricks[k].number
    winning = ctx.card_of(k - 1, seat)
    by_him, by_them = got
    hands = [
        f"{ctx.role(s)}'s {cards_text(ctx.holding(s, suit, k))}" for s in Seat if ctx.holding(s, suit, k)
    ]
    text = (
        f"{capitalised(ctx.role(kept[0]))} keeps the {kept[1]} and lets {ctx.who(seat)} win trick "
        f"{duck.number} with the {winning}: {ctx.who(seat)} is given the lead. {capitalised(suit.word)} "
        f"({listed(hands)}) are a suit he cannot open without loss: the declaring side makes "
        f"{number_word(by_him)} trick{'s' if by_him != 1 else ''} in it if he opens it, "
        f"{number_word(by_them)} if it must. He leads the {card} at trick {number}, and "
        f"{ctx.role(w)}'s {ctx.card_of(won[-1], w)} wins trick {ctx.tricks[won[-1]].number}. Elwell's "
        f"rule: give the lead to an adversary so that he opens a suit you cannot well afford to open."
    )
    facts = {
        "given_the_lead": seat.name,
        "kept": str(kept[1]),
        "suit": suit.name,
        "if_he_leads": by_him,
        "if_they_lead": by_them,
    }
    tricks = (duck.number, number, *(ctx.tricks[j].number for j in won if ctx.tricks[j].number != number))
    return Finding(
        "throw-in", "LEAD_THROWN", duck.number, (kept[0], seat), (kept[1], card), text, tricks, facts
    )
