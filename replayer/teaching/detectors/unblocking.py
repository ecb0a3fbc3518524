"""The declarer's side unblocking (issue 14): the high cards of the shorter hand go first.

Part of the ``unblock`` detector (``defence.unblock`` adds these findings to the defenders'): the
dealer or dummy plays a high card from the hand shorter in a suit — leading it, following under the
partner, discarding it, or ruffing with it — so that it does not stand in the way of the partner's
longer holding (Elwell 1902 Hand 4 trick 5, Elwell 1904 Hands 5, 15, 37, 38, 39, 40).

The note is made only when the end of the play shows the block was real: the longer hand later
wins a trick of the suit with a card *below* the one played, which the kept high card would have
had to beat or fall on [interp].  Same conventions as ``defence``: trick indexes ``i`` count the
recorded tricks from 0, a finding's ``trick`` is the deal's number.

Two plays of the defenders the authors praise for what is *not* done live here too (``defence`` is
near the module size limit): the ace kept under partner's honour (``not_overtaking``, part of
``unblock``) and partner's lead not returned while a guarded card waits (``return_held_back``,
part of ``return``).
"""

from __future__ import annotations

from ...rules.cards import Card, Rank, Suit
from ...rules.seats import Seat
from ..context import Author, Context
from ..findings import Finding
from ..words import capitalised, cards_text, number_word

__all__ = ["declarer_unblocks", "high_card_first", "not_overtaking", "return_held_back"]


def declarer_unblocks(ctx: Context) -> list[Finding]:
    """The declarer's side's unblocking plays: one finding for each hand and suit, at its first
    unblocking card, speaking of every trick where that hand got a high card out of the way."""
    if ctx.declarer is None or ctx.dummy is None:
        return []
    plays: dict[tuple[Seat, Suit], list[tuple[int, str, Card]]] = {}
    for i, t in enumerate(ctx.tricks):
        for seat, card in t.plays:
            how = _unblocks(ctx, i, seat, card) if ctx.declarer_side(seat) else None
            if how is not None:
                plays.setdefault((seat, card.suit), []).append((i, how, card))
    return [_finding(ctx, seat, found) for (seat, _), found in plays.items()]


def _blocked(short: list[Card], longer: list[Card], theirs: list[Card]) -> bool:
    """[interp] The shorter hand's cards stop the longer hand's run: the longer hand leads its cards
    from the top, the shorter plays its own from the top, and on some round the shorter hand's card
    is the higher (the lead is left in the short hand: a lone ♣A opposite ♣K Q 4), or both are
    winners over every adversary's card and fall on one trick (a lone ♠K under ♠A Q 8: Elwell 1904
    Hand 5)."""
    if len(longer) <= len(short):
        return False
    top = max((c.rank for c in theirs), default=None)
    return any(
        s.rank > t.rank or (top is not None and min(s.rank, t.rank) > top)
        for s, t in zip(short, longer, strict=False)
    )


def _how(ctx: Context, i: int, seat: Seat, card: Card) -> str | None:
    """How ``card`` left the hand: led, followed, discarded or ruffed with; None when the play is no
    free choice of a high card (a ruff an adversary could overruff, a card needed to win the trick)."""
    t, led = ctx.tricks[i], ctx.led(i)
    if led is None:
        return None
    if t.leader == seat:
        return "leads"
    if card.suit == led.suit:
        return "plays" if _partner_could_win(ctx, i, seat) else None
    if card.suit != ctx.trump:
        return "throws"
    # a ruff: only when no adversary after him could overruff (both followed suit)
    after = [s for s, _ in t.plays[ctx.position(i, seat) + 1 :] if not ctx.declarer_side(s)]
    return "ruffs with" if all(ctx.card_of(i, s) in ctx.holding(s, led.suit, i) for s in after) else None


def _partner_could_win(ctx: Context, i: int, seat: Seat) -> bool:
    """Following suit, the high card goes under the partner's winner (the card itself winning would
    be taking the trick, not getting out of the way)."""
    won = ctx.winning_so_far(i, len(ctx.tricks[i].plays))
    return won is not None and won[0] == seat.partner


def _unblocks(ctx: Context, i: int, seat: Seat, card: Card) -> str | None:
    """How the seat's ``card`` unblocks at trick index ``i`` (see ``_how``), or None."""
    suit, long_hand = card.suit, seat.partner
    short = ctx.holding(seat, suit, i)
    how = _how(ctx, i, seat, card)
    if how is None or len(ctx.holding(long_hand, suit, i)) <= len(short):
        return None
    won = ctx.winning_so_far(i, len(ctx.tricks[i].plays))
    if how != "throws" and (won is None or not ctx.declarer_side(won[0])):
        return None  # a trick given away is no unblocking
    if how == "throws" or (how == "leads" and len(short) == 1):
        kept = short  # he could have thrown another suit, or led another: kept, the card stays
    elif card != short[-1]:
        kept = short[:-1]  # he could have played his lowest card instead
    else:
        return None  # his lowest card, or a lone card he had to play: no high card got out of the way
    # had he kept the card, would the shorter hand stop the longer hand's run?
    theirs = [c for s in ctx.defenders for c in ctx.holding(s, suit, i + 1)]
    if not _blocked(kept, ctx.holding(long_hand, suit, i + 1), theirs):
        return None
    return how if _later_win_below(ctx, i, long_hand, card) is not None else None


def _finding(ctx: Context, seat: Seat, found: list[tuple[int, str, Card]]) -> Finding:
    i, how, card = found[0]
    short, longer = ctx.holding(seat, card.suit, i), ctx.holding(seat.partner, card.suit, i)
    later = _later_win_below(ctx, found[-1][0], seat.partner, found[-1][2]) or (i, card)
    return Finding(
        motif="unblock",
        label="UNBLOCK_DECLARER",
        trick=ctx.tricks[i].number,
        tricks=tuple(ctx.tricks[j].number for j, _, _ in found),
        seats=(seat, seat.partner),
        cards=tuple(c for _, _, c in found),
        facts={"holding": [str(c) for c in short], "long": [str(c) for c in longer], "later": str(later[1])},
        text=_text(ctx, seat, found, short, longer, later),
    )


def _later_win_below(ctx: Context, i: int, seat: Seat, card: Card) -> tuple[int, Card] | None:
    """The first later round of ``card``'s suit (led in it: a ruff is no round) that the longer hand
    wins with a card below it."""
    for j in range(i + 1, len(ctx.tricks)):
        won, led = ctx.winning_so_far(j, len(ctx.tricks[j].plays)), ctx.led(j)
        if led is None or led.suit != card.suit:
            continue
        if won is not None and won[0] == seat and won[1].suit == card.suit and won[1].rank < card.rank:
            return j, won[1]
    return None


def _text(
    ctx: Context,
    seat: Seat,
    found: list[tuple[int, str, Card]],
    short: list[Card],
    longer: list[Card],
    later: tuple[int, Card],
) -> str:
    who, partner = ctx.role(seat), ctx.role(seat.partner)
    name = found[0][2].suit.word
    source = f"his only {name[:-1]}" if len(short) == 1 else cards_text(short)
    steps = [f"{how} {card} at trick {ctx.tricks[j].number}" for j, how, card in found]
    names = [str(c) for _, _, c in found]
    played = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    did = steps[0] if len(steps) == 1 else ", ".join(steps[:-1]) + " and " + steps[-1]
    return (
        f"{who[0].upper()}{who[1:]}, shorter in {name} ({source}), {did}: the high cards of the shorter "
        f"hand go first, out of the way of {partner}'s longer {name} ({cards_text(longer)}), which later "
        f"win trick {ctx.tricks[later[0]].number} with {later[1]}, lower than {played}."
    )


# ---------------------------------------------------------------------------------------------
# Not unblocking: the ace kept under partner's honour (Elwell 1904 Hand 35, "NOT UNBLOCKING")


def not_overtaking(ctx: Context, i: int) -> Finding | None:
    """Elwell 1904 Hand 35, trick 1: "With the ace and a small card, to your partner's high card lead
    at 'no-trumps,' the ace should usually be played, but B cannot afford to overtake his partner's
    king, as it would eventually establish the ten of spades for Y."  [interp] In Elwell's lessons at
    no-trumps: a defender's honour led wins the trick while his partner, holding the ace and one card
    below the honour, plays the small one; the defenders hold as many cards above the declaring
    side's best card as the hand holding it has cards, so two of them on one trick would leave that
    card the best of the suit on its last round; and in the play it falls to a defender's card."""
    t, led = ctx.tricks[i], ctx.led(i)
    if ctx.author is not Author.ELWELL or led is None or not ctx.complete(i) or not ctx.defender(t.leader):
        return None
    partner, suit = t.leader.partner, led.suit
    held = ctx.holding(partner, suit, i)
    if led.rank < Rank.JACK or t.winner != t.leader or len(held) != 2 or held[0].rank != Rank.ACE:
        return None
    if ctx.card_of(i, partner) != held[1] or held[1].rank > led.rank:
        return None
    theirs = [(c, s) for s in ctx.declaring for c in ctx.holding(s, suit, i)]
    if not theirs:
        return None
    best, holder = max(theirs, key=lambda cs: cs[0].rank)
    ours = sorted(
        (c for s in (t.leader, partner) for c in ctx.holding(s, suit, i) if c.rank > best.rank),
        key=lambda c: -c.rank,
    )
    length = len(ctx.holding(holder, suit, i))
    fell = next((j for j in range(i + 1, len(ctx.tricks)) if ctx.card_of(j, holder) == best), None)
    if len(ours) != length or fell is None or ctx.tricks[fell].winner not in ctx.defenders:
        return None
    return _not_overtaking_finding(ctx, i, (holder, best), ours, fell)


def _not_overtaking_finding(
    ctx: Context, i: int, kept: tuple[Seat, Card], ours: list[Card], fell: int
) -> Finding:
    t, (holder, best) = ctx.tricks[i], kept
    leader, partner = t.leader, t.leader.partner
    led, held, n = t.card_of(leader), ctx.holding(partner, best.suit, i), len(ours)
    winner, over = next((s, c) for s, c in ctx.tricks[fell].plays if s == ctx.tricks[fell].winner)
    a, b, y, name = ctx.who(leader), ctx.who(partner), ctx.role(holder), best.suit.word
    sides = f"{ctx.who(leader)}–{ctx.who(partner)}" if ctx.bridge_whist else "the defenders"
    text = (
        f"{a} leads {led} and {b}, with {cards_text(held)}, plays {held[1]}, not the ace. Elwell's rule for the "
        f"ace and a small card under partner's high card at no-trumps is usually to play the ace, but here "
        f"{sides} hold {number_word(n)} {name} above {y}'s {best} ({cards_text(ours)}), and {y}'s "
        f"{number_word(n)} {name} ({cards_text(ctx.holding(holder, best.suit, i))}) can keep it for the last of "
        f"{number_word(n)} rounds: two of them on one trick would set up {y}'s {best}. Kept apart, they do not: "
        f"the {best} falls under {ctx.role(winner)}'s {over} at trick "
        f"{ctx.tricks[fell].number}."
    )
    return Finding(
        motif="unblock",
        label="NOT_OVERTAKING",
        trick=t.number,
        tricks=(t.number, ctx.tricks[fell].number),
        seats=(partner,),
        cards=(held[1], held[0]),
        facts={"held": [str(c) for c in held], "above": [str(c) for c in ours], "kept": str(best)},
        text=capitalised(text),
    )


# ---------------------------------------------------------------------------------------------
# Not returning: a guarded card waits for partner's lead through (Elwell 1904 Hand 25)


def return_held_back(ctx: Context, i: int) -> Finding | None:
    """Elwell 1904 Hand 25, trick 3: "It would be bad play for A to return his partner's lead of
    trumps. He holds the king of trumps protected and must wait until his partner can again lead
    through the dealer's hand."  [interp] In Elwell's lessons: a defender wins his partner's lead and
    leads another suit, holding two or more of the suit led, his best one beaten only by a card of the
    adversary on his right (who plays before him when the partner leads, last when he leads); and
    later his partner leads the suit again and that card wins."""
    if ctx.author is not Author.ELWELL or i == 0 or ctx.declarer is None:
        return None
    prev, t, led = ctx.tricks[i - 1], ctx.tricks[i], ctx.led(i)
    partner, first = prev.leader, ctx.led(i - 1)
    if led is None or first is None or not ctx.defender(partner) or prev.winner != partner.partner:
        return None
    seat, suit = partner.partner, first.suit
    held = ctx.holding(seat, suit, i)
    if t.leader != seat or led.suit == suit or len(held) < 2:
        return None
    above = [c for c in ctx.holding(seat.rho, suit, i) if c.rank > held[0].rank]
    if not above or any(c.rank > held[0].rank for c in ctx.holding(seat.lho, suit, i)):
        return None
    later = next((j for j in ctx.rounds(suit) if j > i), None)
    if later is None or ctx.tricks[later].leader != partner or ctx.tricks[later].winner != seat:
        return None
    if ctx.card_of(later, seat) != held[0]:
        return None
    return _held_back_finding(ctx, (i, later), seat, held, above)


def _held_back_finding(
    ctx: Context, at: tuple[int, int], seat: Seat, held: list[Card], above: list[Card]
) -> Finding:
    (i, later), partner, rho = at, seat.partner, seat.rho
    suit, a, b, r = held[0].suit, ctx.who(seat), ctx.who(partner), ctx.role(seat.rho)
    name = "trumps" if suit == ctx.trump else suit.word
    again = ctx.card_of(later, partner)
    text = (
        f"{a} wins {b}'s lead of {name} at trick {ctx.tricks[i - 1].number} but does not lead them back: he "
        f"holds {cards_text(held)}, and {r} holds {cards_text(ctx.holding(rho, suit, i))}, with "
        f"{cards_text(above)} above his {held[0]}. When {b} leads the suit, {r} plays before {a}; led by {a}, {r} would play "
        f"last. So {a} leads {ctx.led(i)} instead, and waits: at trick {ctx.tricks[later].number} {b} leads "
        f"{again} through {r} again and {a}'s {held[0]} wins, as Elwell advises."
    )
    numbers = (ctx.tricks[i].number, ctx.tricks[later].number)
    return Finding(
        motif="return",
        label="RETURN_HELD_BACK",
        trick=ctx.tricks[i].number,
        tricks=numbers,
        seats=(seat,),
        cards=(held[0],),
        facts={"held": [str(c) for c in held], "over": [str(c) for c in above], "won_at": numbers[1]},
        text=capitalised(text),
    )


# ---------------------------------------------------------------------------------------------
# The short hand wins the first round with a high card (Elwell 1904 Hand 38)


def high_card_first(ctx: Context, i: int) -> Finding | None:
    """Elwell 1904 Hand 38, trick 1: "The jack of clubs must be played to the first trick, for
    otherwise the club suit would be blocked."  [interp] In Elwell's lessons: on the first round of a
    suit, a hand of the declaring side with three or more cards of it wins the trick with a card
    above its lowest, which would also have beaten every defender's card on the trick; its partner
    holds at least two cards more of the suit; and the two cards kept, had it played the lowest, would
    both stand above every card of the partner's."""
    t, led = ctx.tricks[i], ctx.led(i)
    if ctx.author is not Author.ELWELL or ctx.declarer is None or led is None or not ctx.complete(i):
        return None
    if any(ctx.tricks[k].led_suit == led.suit for k in range(i)) or t.winner is None:
        return None
    seat, suit = t.winner, led.suit
    card, short = ctx.card_of(i, seat), ctx.holding(seat, suit, i)
    longer = ctx.holding(seat.partner, suit, i + 1)
    if not ctx.declarer_side(seat) or card is None or len(short) < 3 or card == short[-1]:
        return None
    theirs = [c for s, c in t.plays if not ctx.declarer_side(s) and c.suit == suit]
    if not theirs or any(c.rank > short[-1].rank for c in theirs) or len(longer) < len(short):
        return None
    kept = short[:-1]
    if not longer or any(c.rank < longer[0].rank for c in kept) or len(longer) + 1 < len(short) + 2:
        return None  # the partner (one card fewer after this trick) not two longer, or a kept card below his
    y, z, name = ctx.role(seat), ctx.role(seat.partner), suit.word
    text = (
        f"{capitalised(y)} wins the first round of {name} with {card} from {cards_text(short)}, where {short[-1]} "
        f"would also have beaten the defenders' {cards_text(theirs)}: {z} holds the longer {name} "
        f"({cards_text(ctx.holding(seat.partner, suit, i))}), and {y}'s {cards_text(kept)}, kept, would both stand "
        f"above every one of them and block the suit: the high cards of the shorter hand go first."
    )
    return Finding(
        motif="unblock",
        label="UNBLOCK_DECLARER",
        trick=t.number,
        seats=(seat, seat.partner),
        cards=(card,),
        facts={"holding": [str(c) for c in short], "long": [str(c) for c in longer]},
        text=text,
    )
