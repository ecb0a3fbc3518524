"""Detectors: the defenders' discards (rules-reference §7 MOT-DISCARD).

Split from ``defence``; the same conventions: trick indexes ``i`` count the recorded tricks from 0, a
finding's ``trick`` is the deal's number.
"""

from __future__ import annotations

import enum

from ...rules.cards import Card, Rank, Suit
from ...rules.seats import Seat
from ..context import Author, Context
from ..findings import Finding, Phase, detector
from ..words import cards_text, listed
from .defence import _n, _of

__all__ = ["discard"]

#: D-12 [interp]: how many other cards each honour needs to count as guarded (the ace needs none); the
#: reference's optional "three to a ten" is left out.
_GUARD_NEED = {Rank.ACE: 0, Rank.KING: 1, Rank.QUEEN: 1, Rank.JACK: 1}


class _Discard(enum.StrEnum):
    """The labels of the discards' findings (MOT-DISCARD)."""

    BEST_PROTECTED = "DISCARD_BEST_PROTECTED"
    CONTINUES = "DISCARD_CONTINUES"
    UNGUARDS = "DISCARD_UNGUARDS"
    KEEPS_WINNER = "DISCARD_KEEPS_WINNER"
    GUARD_DEVIATION = "DISCARD_GUARD_DEVIATION"
    NOT_RUFF = "DISCARD_NOT_RUFF"
    NEUTRAL = "DISCARD_NEUTRAL"
    VOID_RUFF = "DISCARD_VOID_RUFF"


@detector("discard", "Discards", Phase.DEFENCE, 5)
def discard(ctx: Context) -> list[Finding]:
    """Every defender's discard, labelled per §7 MOT-DISCARD (the labels themselves are [interp] there)."""
    found: list[Finding] = []
    first: dict[Seat, Suit] = {}
    for i, t in enumerate(ctx.tricks):
        for seat, card in t.plays[1:]:
            if ctx.defender(seat) and _is_discard(ctx, i, seat, card):
                found.append(_discard_at(ctx, i, seat, card, first.get(seat)))
                first.setdefault(seat, card.suit)
    runs = [f for f in (_run_finding(ctx, r) for r in _runs(ctx)) if f is not None]
    taken = {(f.seats[0], c) for f in runs for c in f.cards}
    kept = [f for f in found if f.shown or (f.seats[0], f.cards[0]) not in taken]
    return kept + runs


def _is_discard(ctx: Context, i: int, seat: Seat, card: Card) -> bool:
    led = ctx.led(i)
    if led is None or card.suit == led.suit or card.suit == ctx.trump:
        return False
    return not ctx.holding(seat, led.suit, i)  # holding one is a revoke, not a discard


def _guarded_honours(cards: list[Card]) -> int:
    return sum(1 for c in cards if c.rank in _GUARD_NEED and len(cards) - 1 >= _GUARD_NEED[c.rank])


def _strength(cards: list[Card]) -> tuple[int, int, tuple[int, ...]]:
    """Guarded honours, then length, then the cards from the top down (a ten is worth more than a six)."""
    return (_guarded_honours(cards), len(cards), tuple(int(c.rank) for c in cards))


def _unguards(cards: list[Card], card: Card) -> list[Card]:
    """The honours of ``cards`` that were guarded and are not once ``card`` is gone."""
    rest = [c for c in cards if c != card]
    return [
        c
        for c in rest
        if c.rank in (Rank.KING, Rank.QUEEN, Rank.JACK)
        and len(rest) - 1 < _GUARD_NEED[c.rank]
        and len(cards) - 1 >= _GUARD_NEED[c.rank]
    ]


def _threatened(ctx: Context, i: int, cards: list[Card]) -> bool:
    """A K, Q or J in ``cards`` below an unplayed card the declarer side holds."""
    if ctx.declarer is None or not cards:
        return False
    theirs = [c for s in Seat if ctx.declarer_side(s) for c in ctx.hand(s, i) if c.suit == cards[0].suit]
    return any(
        h.rank in (Rank.KING, Rank.QUEEN, Rank.JACK) and any(c.rank > h.rank for c in theirs) for h in cards
    )


def _above(ctx: Context, i: int, seat: Seat, h: Card) -> int:
    """How many cards above ``h`` the declarer side holds at trick index ``i``, less those the
    partner holds above it (each of his takes one of theirs)."""
    theirs = sum(1 for cs in _theirs(ctx, i, h.suit) for c in cs if c.rank > h.rank)
    his = sum(1 for c in ctx.holding(seat.partner, h.suit, i) if c.rank > h.rank)
    return max(theirs - his, 0)


def _guarded_against(ctx: Context, i: int, seat: Seat, cards: list[Card]) -> bool:
    """[interp] An honour of ``cards`` is threatened and its guard can save it: it has its guard
    and as many other cards as the declarer side holds above it (a ♠J with one guard against ♠A K Q
    guards nothing)."""
    return any(
        _threatened(ctx, i, [h]) and len(cards) - 1 >= max(_GUARD_NEED[h.rank], _above(ctx, i, seat, h))
        for h in cards
        if h.rank in (Rank.KING, Rank.QUEEN, Rank.JACK)
    )


def _lost(ctx: Context, i: int, cards: list[Card], card: Card, seat: Seat) -> list[Card]:
    """The honours that discarding ``card`` leaves unguarded while the declarer side holds a higher card
    (none when the partner guards the suit himself, nor when the guard could not have saved them)."""
    if _partner_guards(ctx, i, seat, card.suit):
        return []
    return [
        h
        for h in _unguards(cards, card)
        if _threatened(ctx, i, [h]) and len(cards) - 1 >= _above(ctx, i, seat, h)
    ]


def _wins_later(ctx: Context, i: int, seat: Seat, card: Card) -> bool:
    """``card`` goes on to win a trick after trick index ``i`` (judged from the end position):
    throwing it would throw a winner away, so its suit cannot "spare a card"."""
    for k in range(i + 1, len(ctx.tricks)):
        best = ctx.winning_so_far(k, len(ctx.tricks[k].plays))
        if best is not None and best == (seat, card):
            return True
    return False


def _captured(ctx: Context, i: int, seat: Seat, lost: list[Card]) -> bool:
    """Judged from the end position: an honour left unguarded after trick index ``i`` did cost its
    trick — later it had to be played alone, as the seat's last card of its suit, to a round of the
    suit it did not win (under the declarer's card, or under the partner's, Elwell 1902 Hand 4).  An honour thrown away later, or one that wins, cost nothing by the
    discard (a ♥K under dummy's ♥A whatever the guard), and no note calls the discard a mistake."""
    for h in lost:
        j = next((k for k in range(i + 1, len(ctx.tricks)) if ctx.card_of(k, seat) == h), None)
        led = ctx.led(j) if j is not None else None
        if j is None or led is None or led.suit != h.suit or ctx.holding(seat, h.suit, j) != [h]:
            continue
        winner = ctx.winning_so_far(j, len(ctx.tricks[j].plays))
        if winner is not None and winner[1] != h:
            return True
    return False


def _harmless(ctx: Context, i: int, seat: Seat, card: Card, suits: dict[Suit, list[Card]]) -> list[Suit]:
    """The other suits that could spare their lowest card: it unguards nothing and wins nothing later."""
    return [
        s
        for s, cs in suits.items()
        if s != card.suit and not _lost(ctx, i, cs, cs[-1], seat) and not _wins_later(ctx, i, seat, cs[-1])
    ]


def _spare(ctx: Context, i: int, seat: Seat, card: Card, suits: dict[Suit, list[Card]]) -> list[Suit]:
    """The harmless suits not needed either to keep length against a declarer's hand."""
    return [s for s in _harmless(ctx, i, seat, card, suits) if not _length_guard(ctx, i, seat, suits[s])]


def _win_of(ctx: Context, i: int, seat: Seat, card: Card) -> int:
    """The deal's number of the trick ``card`` wins after trick index ``i`` (0 if none)."""
    for k in range(i + 1, len(ctx.tricks)):
        if ctx.winning_so_far(k, len(ctx.tricks[k].plays)) == (seat, card):
            return ctx.tricks[k].number
    return 0


def _winners_kept(ctx: Context, i: int, seat: Seat, card: Card, suits: dict[Suit, list[Card]]) -> list[Card]:
    """The cards of the other suits the seat could have thrown instead, when every one of them wins
    a trick later (Elwell 1904 Hand 20: A keeps the ♣10, which wins the last trick)."""
    others = [cs[-1] for s, cs in suits.items() if s != card.suit]
    return others if others and all(_wins_later(ctx, i, seat, c) for c in others) else []


def _as_long(ctx: Context, i: int, seat: Seat, own: list[Card]) -> Seat | None:
    """The declarer's hand exactly as long as the seat in the suit, whose card of the last round the
    seat's top card beats, when the partner is shorter: the length the seat must keep [interp]."""
    if len(ctx.holding(seat.partner, own[0].suit, i)) >= len(own):
        return None
    for s in ctx.declaring:
        h = ctx.holding(s, own[0].suit, i)
        if len(h) == len(own) and own[0].rank > h[-1].rank:
            return s
    return None


def _length_lost(ctx: Context, i: int, seat: Seat, own: list[Card]) -> tuple[int, Card] | None:
    """Judged from the end position: a later round of the suit won by the declarer's hand as long as
    the seat (``_as_long``) with a card below the seat's top card of it, which the length the seat
    gave up was there to stop."""
    hand = _as_long(ctx, i, seat, own)
    if _wins_later(ctx, i, seat, own[0]):
        return None  # his top card made its trick all the same: the length cost nothing
    for j in range(i + 1, len(ctx.tricks)):
        led = ctx.led(j)
        won = ctx.winning_so_far(j, len(ctx.tricks[j].plays))
        if hand is None or led is None or won is None or led.suit != own[0].suit:
            continue
        if won[0] == hand and won[1].suit == led.suit and won[1].rank < own[0].rank:
            return j, won[1]
    return None


def _theirs(ctx: Context, i: int, suit: Suit) -> list[list[Card]]:
    return [ctx.holding(s, suit, i) for s in ctx.declaring]


def _partner_guards(ctx: Context, i: int, seat: Seat, suit: Suit) -> bool:
    """[interp] The partner holds the best card of the suit against the declarer side, with as many
    cards as either of the declarer's hands: the seat's own honours there need no guard."""
    his = ctx.holding(seat.partner, suit, i)
    theirs = _theirs(ctx, i, suit)
    return bool(his) and all(his[0].rank > c.rank and len(his) >= len(h) for h in theirs for c in h)


def _length_guard(ctx: Context, i: int, seat: Seat, cards: list[Card]) -> bool:
    """[interp] The suit is still needed to guard against a declarer's hand as long as the seat's, when
    the partner is shorter: the seat's top card beats that hand's card of the round the seat would be
    out of the suit (Elwell 1902 Hand 4: ♦J 9 7 2 against the dealer's ♦K Q 10 8)."""
    n = len(cards)
    if len(ctx.holding(seat.partner, cards[0].suit, i)) >= n:
        return False
    return any(len(h) >= n and cards[0].rank > h[n - 1].rank for h in _theirs(ctx, i, cards[0].suit))


def _candidates(ctx: Context, i: int, seat: Seat) -> dict[Suit, list[Card]]:
    led = ctx.led(i)
    hand = ctx.hand(seat, i)
    return {
        s: _of(hand, s) for s in Suit if led is not None and s != led.suit and s != ctx.trump and _of(hand, s)
    }


def _discard_at(ctx: Context, i: int, seat: Seat, card: Card, first: Suit | None) -> Finding:
    suits = _candidates(ctx, i, seat)
    own = suits[card.suit]
    # [interp] a discard "protects the weak suits" only if another suit has an honour the declarer side can
    # still attack; with nothing to protect the choice teaches nothing and stays unshown
    protected = [s for s in suits if s != card.suit and _guarded_against(ctx, i, seat, suits[s])]
    facts: dict[str, object] = {
        "holding": {s.word: [str(c) for c in cs] for s, cs in suits.items()},
        "first_discard": first is None,
        "protected": [s.word for s in protected],
    }
    label = _discard_label(ctx, i, seat, card, suits, first, protected)
    return Finding(
        motif="discard",
        label=label,
        trick=_n(ctx, i),
        seats=(seat,),
        cards=(card,),
        facts=facts,
        shown=label != _Discard.NEUTRAL,
        text=_discard_text(ctx, i, label, seat, card, own, suits, protected),
    )


def _discard_label(
    ctx: Context,
    i: int,
    seat: Seat,
    card: Card,
    suits: dict[Suit, list[Card]],
    first: Suit | None,
    protected: list[Suit],
) -> _Discard:
    own = suits[card.suit]
    best = max(_strength(cards) for cards in suits.values())
    harmless = _harmless(ctx, i, seat, card, suits)
    lost = _lost(ctx, i, own, card, seat)
    if harmless and _captured(ctx, i, seat, lost):
        return _Discard.UNGUARDS
    if lost and not harmless and _winners_kept(ctx, i, seat, card, suits):
        return _Discard.KEEPS_WINNER
    spare = _spare(ctx, i, seat, card, suits)
    if spare and _length_lost(ctx, i, seat, own) is not None:
        return _Discard.GUARD_DEVIATION
    if _partner_commands(ctx, i, seat) is not None:
        return _Discard.NOT_RUFF
    if not protected or _length_guard(ctx, i, seat, own):
        return _Discard.NEUTRAL  # nothing to protect, or a suit still needed against the declarer's length
    # "first discard of the deal" is known only when the record starts at trick 1 [interp]
    if first is None and ctx.game.first_trick == 1:
        if len(suits) >= 2 and _strength(own) == best and not _unguards(own, card):
            return _Discard.BEST_PROTECTED
        return _Discard.NEUTRAL
    if first is not None and card.suit == first and ctx.game.first_trick == 1:
        return _Discard.CONTINUES
    return _Discard.NEUTRAL


def _partner_commands(ctx: Context, i: int, seat: Seat) -> Card | None:
    """In Elwell's lessons at a trump declaration: the seat could trump the plain suit led, and his
    partner, who did not lead it, holds its commanding card (Elwell 1904 Hand 2 trick 8) — "If a
    suit is led, of which you hold the commanding card in the opposite hand, your best defence is
    to take a discard" (Elwell 1904, *Advanced Bridge*, "When to trump"). Returns that card."""
    led = ctx.led(i)
    if ctx.author is not Author.ELWELL or led is None or led.suit == ctx.trump or not ctx.trumps(seat, i):
        return None
    top = ctx.unplayed(led.suit, i)[0]
    t = ctx.tricks[i]
    if t.leader == seat.partner or ctx.holder(top, i) != seat.partner or _overtrumper(ctx, i, seat) is None:
        return None
    return top


def _overtrumper(ctx: Context, i: int, seat: Seat) -> Seat | None:
    """A declarer's hand playing after the seat, with none of the suit led and a trump above all
    of the seat's: had the seat trumped, it could overtrump [interp]."""
    led, mine = ctx.led(i), ctx.trumps(seat, i)
    after = [s for s, _ in ctx.tricks[i].plays[ctx.position(i, seat) + 1 :] if ctx.declarer_side(s)]
    for s in after:
        theirs = ctx.trumps(s, i)
        if (
            led is not None
            and not ctx.holding(s, led.suit, i)
            and theirs
            and mine
            and theirs[0].rank > mine[0].rank
        ):
            return s
    return None


def _discard_text(
    ctx: Context,
    i: int,
    label: _Discard,
    seat: Seat,
    card: Card,
    own: list[Card],
    suits: dict[Suit, list[Card]],
    protected: list[Suit],
) -> str:
    b = ctx.who(seat)
    kept = " and ".join(cards_text(suits[s]) for s in protected)
    name = card.suit.word
    if label == _Discard.BEST_PROTECTED:
        return (
            f"{b} cannot follow and discards {card} from {cards_text(own)}, his best-protected suit, "
            f"keeping {kept} guarded; the discard also tells {ctx.who(seat.partner)} where {b} is strong."
        )
    if label == _Discard.CONTINUES:
        verb = "stay" if len(protected) > 1 else "stays"
        return f"{b} discards another of his {name}, {card}, so that {kept} {verb} guarded."
    if label == _Discard.UNGUARDS:
        lost = cards_text(_lost(ctx, i, own, card, seat))
        return (
            f"{b} discards {card}, which leaves {lost} without a guard while {ctx.dealer_word()}'s side "
            f"still holds a higher {name[:-1]}. The book advises discarding from a suit that can spare a card."
        )
    if label == _Discard.NOT_RUFF:
        return _not_ruff_text(ctx, i, seat, card)
    if label == _Discard.KEEPS_WINNER:
        winners = _winners_kept(ctx, i, seat, card, suits)
        when = " and ".join(f"{c} wins trick {_win_of(ctx, i, seat, c)}" for c in winners)
        rest = " and ".join(cards_text(cs) for s, cs in suits.items() if s != card.suit)
        return f"{b}, left with {cards_text(own)} and {rest}, throws {card} and keeps the winner: {when}."
    if label == _Discard.GUARD_DEVIATION:
        j, w = _length_lost(ctx, i, seat, own) or (i, card)
        found = _as_long(ctx, i, seat, own)
        hand = seat if found is None else found
        spare = " or ".join(cards_text(suits[s]) for s in _spare(ctx, i, seat, card, suits))
        return (
            f"{b} discards {card} from {cards_text(own)}, as many {name} as {ctx.role(hand)}'s "
            f"{cards_text(ctx.holding(hand, card.suit, i))}: kept, that length guarded his {own[0]}, and "
            f"{ctx.role(hand)}'s {w} later wins trick {ctx.tricks[j].number}, a card below it. "
            f"He could spare a card of {spare}."
        )
    return f"{b} discards {card}."


def _not_ruff_text(ctx: Context, i: int, seat: Seat, card: Card) -> str:
    top, over, led = _partner_commands(ctx, i, seat), _overtrumper(ctx, i, seat), ctx.led(i)
    assert top is not None and over is not None and led is not None
    b, suit, high = ctx.who(seat), led.suit.singular, ctx.trumps(over, i)[0]
    mine, them = cards_text(ctx.trumps(seat, i)), ctx.role(over)
    return (
        f"{b} has no {suit}, but his trumps ({mine}) are below {them}'s {high}, and {them} plays after "
        f"him with no {suit} either; {ctx.who(seat.partner)} holds the commanding {suit}, the {top}: "
        f"{b} discards {card} rather than trump. Elwell's rule: when a suit is led whose commanding card "
        f"the partner holds, the best defence is to take a discard."
    )


# --- a defender's runs of discards that empty a suit, to trump it later


def _runs(ctx: Context) -> list[tuple[Seat, list[int]]]:
    """Each defender's discards that throw away every card he held of a suit, one discard after
    another with no round of the suit followed in between: (seat, the trick indexes)."""
    out: list[tuple[Seat, list[int]]] = []
    for seat in ctx.defenders:
        for suit in Suit:
            idx = [i for i, t in enumerate(ctx.tricks) if _discarded(ctx, i, seat, suit)]
            if idx and len(ctx.holding(seat, suit, idx[0])) == len(idx):
                out.append((seat, idx))
    return out


def _discarded(ctx: Context, i: int, seat: Seat, suit: Suit) -> bool:
    card = ctx.card_of(i, seat)
    led = ctx.lead(i)
    return (
        ctx.declarer is not None
        and card is not None
        and card.suit == suit
        and led is not None
        and led[0] != seat
        and _is_discard(ctx, i, seat, card)
    )


def _run_finding(ctx: Context, run: tuple[Seat, list[int]]) -> Finding | None:
    seat, idx = run
    cards = tuple(c for i in idx if (c := ctx.card_of(i, seat)) is not None)
    ruff = _ruffed_later(ctx, seat, cards[0].suit, idx[-1])
    if ruff is None:
        return None
    j, trump = ruff
    label, text, wins = _Discard.VOID_RUFF, _void_ruff_text(ctx, seat, cards, idx, j, trump), [j]
    return Finding(
        motif="discard",
        label=label,
        trick=_n(ctx, idx[0]),
        tricks=tuple(_n(ctx, k) for k in [*idx, *wins]),
        seats=(seat,),
        cards=cards,
        facts={"suit": cards[0].suit.word, "discarded": [str(c) for c in cards]},
        text=text,
    )


def _ruffed_later(ctx: Context, seat: Seat, suit: Suit, last: int) -> tuple[int, Card] | None:
    """The first later round of ``suit`` the seat, out of it, trumps and wins, when his partner's
    card was not winning the trick before he played."""
    for j in range(last + 1, len(ctx.tricks)):
        led, card = ctx.led(j), ctx.card_of(j, seat)
        if led is None or led.suit != suit or card is None or not ctx.complete(j):
            continue
        before = ctx.winning_so_far(j, ctx.position(j, seat))
        if (
            card.suit != ctx.trump
            or ctx.tricks[j].winner != seat
            or before is None
            or before[0] == seat.partner
        ):
            return None
        return j, card
    return None


def _listed(ctx: Context, seat: Seat, cards: tuple[Card, ...], idx: list[int]) -> tuple[str, str]:
    """("the ♣7, the ♣8 and the ♣9", "tricks 4, 5 and 6") for the run's cards and tricks."""
    return (
        listed([f"the {c}" for c in cards]),
        ("trick " if len(idx) == 1 else "tricks ") + listed([str(_n(ctx, i)) for i in idx]),
    )


def _void_ruff_text(
    ctx: Context, seat: Seat, cards: tuple[Card, ...], idx: list[int], j: int, trump: Card
) -> str:
    thrown, when = _listed(ctx, seat, cards, idx)
    lead = ctx.lead(j)
    assert lead is not None  # a round of the suit was led at j
    suit = cards[0].suit
    what = f"his only {suit.singular}" if len(cards) == 1 else f"all his {suit.word}"
    name = ctx.role(seat)
    return (
        f"{name[0].upper()}{name[1:]} throws {what}, {thrown}, at {when}; with no {suit.singular} left, "
        f"{name} trumps {ctx.role(lead[0])}'s {lead[1]} with the {trump} at trick {_n(ctx, j)} and wins it."
    )
