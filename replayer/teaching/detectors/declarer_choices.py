"""Detectors: the declarer's choices of card — the false card (Elwell 1902, glossary: "Playing the ace,
holding the king, or any similar attempt to conceal the cards held").

A pure function of a ``Context``; the notes are in our own words, and readings marked [interp] are ours.
"""

from __future__ import annotations

from ...rules.cards import Card, Rank, Suit
from ...rules.seats import Seat
from ..context import Author, Context
from ..findings import Finding, Phase, detector, each_trick
from ..words import capitalised, cards_text, listed

__all__ = ["false_card", "refuse_finesse"]

_ELWELL = 'Elwell calls a false card "playing the ace, holding the king, or any similar attempt to conceal the cards held".'


@detector("false-card", "The declarer's false card", Phase.DECLARERS_PLAY, 80)
def false_card(ctx: Context) -> list[Finding]:
    """FALSE_CARD: the declarer, not on lead, wins a trick of a plain suit with the ace while he
    holds the king, or with the king while he holds the queen (the lower card, the natural one to win
    with, would win as well), so the lower card stays hidden from an adversary whose partner might
    hold it."""
    if ctx.declarer is None:
        return []
    return each_trick(ctx, _false_card_at)


def _equal_below(ctx: Context, i: int, seat: Seat, card: Card) -> Card | None:
    """[interp] The card of ``seat``'s just below ``card`` that would win the trick as well: every card of
    the suit between the two is already played (before trick ``i`` or to it)."""
    gone = set(ctx.played_before[i]) | {c for _, c in ctx.tricks[i].plays}
    for rank in range(card.rank - 1, 1, -1):
        below = Card(card.suit, Rank(rank))
        if below in ctx.hand(seat, i) and below not in gone:
            return below
        if below not in gone:
            return None
    return None


def _hidden_from(ctx: Context, i: int, lower: Card) -> list[Seat]:
    """The defenders who cannot tell that the declarer holds ``lower``: their partner has not shown out
    of the suit (before trick ``i`` or at it), so might hold it."""
    out: list[Seat] = []
    for d in ctx.defenders:
        partner = d.partner
        shown_out = any(
            (led := ctx.led(j)) is not None
            and led.suit == lower.suit
            and (c := ctx.card_of(j, partner)) is not None
            and c.suit != lower.suit
            for j in range(i + 1)
        )
        if not shown_out:
            out.append(d)
    return out


def _false_card_at(ctx: Context, i: int) -> Finding | None:
    t = ctx.tricks[i]
    dealer = ctx.declarer
    lead = ctx.led(i)
    card = ctx.card_of(i, dealer) if dealer is not None else None
    if dealer is None or lead is None or card is None or t.leader == dealer or not ctx.complete(i):
        return None
    if t.winner != dealer or card.suit != lead.suit or card.suit == ctx.trump:
        return None  # [interp] as in Elwell's examples: a plain suit
    lower = _equal_below(ctx, i, dealer, card)
    if lower is None or lower.rank != card.rank - 1 or lower.rank < Rank.QUEEN:
        return None  # the ace holding the king, or the king holding the queen
    if i + 1 < len(ctx.tricks) and ctx.card_of(i + 1, dealer) == lower:
        return None  # played at once: cashing the suit from the top hides nothing
    hidden = _hidden_from(ctx, i, lower)
    if not hidden:
        return None
    whom = listed(sorted(ctx.who(d) for d in hidden))
    text = (
        f"{capitalised(ctx.dealer_word())} wins the trick with the {card}, though he holds the {lower}, which "
        f"would win it as well: a false card. Won with the {lower}, the trick would have shown {whom} that he "
        f"holds it; the {card} shows only the {card.rank.word}, and the {lower} stays unseen in his hand."
    )
    if ctx.author is Author.ELWELL:
        text += " " + _ELWELL
    return Finding(
        motif="false-card",
        label="FALSE_CARD",
        trick=t.number,
        seats=(dealer,),
        cards=(card,),
        facts={
            "won_with": str(card),
            "hidden": str(lower),
            "hidden_from": sorted(ctx.who(d) for d in hidden),
        },
        text=text,
    )


# ---------------------------------------------------------------------------------------------
# Refusing a finesse


@detector("refuse-finesse", "Refusing a finesse", Phase.DECLARERS_PLAY, 81)
def refuse_finesse(ctx: Context) -> list[Finding]:
    """FINESSE_REFUSED [interp]: at the first round of a suit, the declarer or dummy, second or third
    hand, puts up the ace while the queen is in the same hand (and would win the trick so far) or,
    second hand, in the partner's, fourth; the king is with an adversary and not yet played."""
    if ctx.declarer is None:
        return []
    return each_trick(ctx, _refused_at)


def _refused_at(ctx: Context, i: int) -> Finding | None:
    t = ctx.tricks[i]
    if not ctx.complete(i) or ctx.rounds(t.plays[0][1].suit)[0] != i:
        return None
    if ctx.declarer_side(t.leader) and t.plays[0][1].rank == Rank.ACE:
        return _ace_led_from_tenace(ctx, i)
    for upto, (seat, card) in enumerate(t.plays[1:3], start=1):
        if not ctx.declarer_side(seat) or card.rank != Rank.ACE or card.suit != t.plays[0][1].suit:
            continue
        queen, king = Card(card.suit, Rank.QUEEN), Card(card.suit, Rank.KING)
        holder = ctx.holder(king, i)
        if holder is None or not ctx.defender(holder) or king in {c for _, c in t.plays[:upto]}:
            return None
        best = ctx.winning_so_far(i, upto)
        if queen in ctx.hand(seat, i) and best is not None and best[1].suit == card.suit:
            if best[1].rank < Rank.QUEEN:
                return _refused_finding(ctx, i, seat, card, queen, holder, None)
        elif upto == 1 and queen in ctx.hand(seat.partner, i):
            return _refused_finding(ctx, i, seat, card, queen, holder, seat.partner)
        return None
    return None


def _refused_finding(
    ctx: Context, i: int, seat: Seat, ace: Card, queen: Card, holder: Seat, fourth: Seat | None
) -> Finding:
    t = ctx.tricks[i]
    king = Card(ace.suit, Rank.KING)
    where = "second" if ctx.position(i, seat) == 1 else "third"
    if fourth is None:
        instead = f"the {queen} in the same hand would have been a finesse against the {king}"
    else:
        instead = (
            f"played low, it would have left the trick to {ctx.role(fourth)}'s {queen}, last to play, "
            f"had {ctx.who(t.leader)} held the {king}"
        )
    text = (
        f"{capitalised(ctx.role(seat))} puts up the {ace} {where} hand and takes no finesse: {instead}. "
        f"The {king} is with {ctx.who(holder)}."
    )
    tricks: tuple[int, ...] = (t.number,)
    danger = (
        _established_with(ctx, i, holder, ace.suit)
        if ctx.position(i, holder) > ctx.position(i, seat)
        else None
    )
    if danger is not None:
        text += (
            f" Had the finesse been taken, it would have lost, and {ctx.who(holder)} would have had the lead "
            f"with his {cards_text(danger)}, the only {danger[0].suit.word} left."
        )
        given = _let_go(ctx, i - 1, t.leader) if i > 0 else None
        if given is not None:
            tricks = (t.number - 1, t.number)
            text += (
                f" {ctx.who(t.leader)} is on lead from trick {t.number - 1}, where {ctx.role(given[0])}'s "
                f"{given[1]} was let go to his {ctx.tricks[i - 1].card_of(t.leader)}, and the lead kept from "
                f"{ctx.who(holder)}."
            )
        if ctx.author is Author.ELWELL:
            text += " " + _ELWELL_ESTABLISHED
    return Finding(
        motif="refuse-finesse",
        label="FINESSE_REFUSED",
        trick=t.number,
        tricks=tricks,
        seats=(seat,),
        cards=(ace,),
        facts={"played": str(ace), "queen_with": ctx.who(fourth or seat), "king_with": ctx.who(holder)},
        text=text,
    )


_ELWELL_ESTABLISHED = (
    "Elwell's rule: \"With an established suit against you, you should not take a finesse, which would "
    'allow the adversary with the established suit to obtain the lead."'
)


def _established_with(ctx: Context, i: int, seat: Seat, but: Suit) -> list[Card] | None:
    """``seat``'s cards of a plain suit other than ``but``, led before trick index ``i``, of which he
    holds every card not yet played (None: no such suit, or the declaring side still holds a trump to
    ruff it with)."""
    if ctx.trump is not None and any(ctx.holding(p, ctx.trump, i) for p in ctx.declaring):
        return None
    for suit in Suit:
        if suit in (but, ctx.trump) or not any(j < i for j in ctx.rounds(suit)):
            continue
        mine, out = ctx.holding(seat, suit, i), ctx.unplayed(suit, i)
        if mine and len(mine) == len(out):
            return mine
    return None


def _let_go(ctx: Context, j: int, winner: Seat) -> tuple[Seat, Card] | None:
    """(the leader, his card) when the declarer's side led to trick index ``j`` and let ``winner`` win
    it, holding a card of the suit led above his, unplayed."""
    t, lead = ctx.tricks[j], ctx.lead(j)
    won = t.card_of(winner)
    if lead is None or not ctx.declarer_side(lead[0]) or t.winner != winner or won is None:
        return None
    if won.suit != lead[1].suit:
        return None
    higher = [c for p in ctx.declaring for c in ctx.holding(p, won.suit, j + 1) if c.rank > won.rank]
    return lead if higher else None


def _ace_led_from_tenace(ctx: Context, i: int) -> Finding | None:
    """[interp] The declarer or dummy leads the ace at the first round of a suit from a hand that holds
    the queen too, the king with an adversary and not yet played, while the partner holds a card of the
    suit to lead toward the ace-queen and a way in: the best card of another plain suit, the leader
    holding a card of that suit (without one, no finesse was there to refuse)."""
    seat, ace = ctx.tricks[i].plays[0]
    queen, king = Card(ace.suit, Rank.QUEEN), Card(ace.suit, Rank.KING)
    holder = ctx.holder(king, i)
    if ace.rank != Rank.ACE or queen not in ctx.hand(seat, i) or holder is None or not ctx.defender(holder):
        return None
    partner = seat.partner
    entry = _entry_to(ctx, i, seat, partner, ace.suit)
    if not ctx.holding(partner, ace.suit, i) or entry is None:
        return None
    toward = f"{ctx.role(partner)}'s hand" if partner != ctx.dummy else "dummy"
    held = cards_text([c for c in ctx.holding(seat, ace.suit, i) if c.rank >= Rank.QUEEN])
    before = partner.rotation().index(holder) == 1
    outcome = (
        "second hand to such a lead: the finesse would have won"
        if before
        else f"behind the {queen}: the finesse would have lost"
    )
    way = (
        f"with the lead put in {toward} ({'its' if partner == ctx.dummy else 'his'} {entry} is the best "
        f"{entry.suit.singular}, and {ctx.role(seat)} holds a {entry.suit.singular}), a {ace.suit.singular} "
        f"led from it"
    )
    return Finding(
        motif="refuse-finesse",
        label="FINESSE_REFUSED",
        trick=ctx.tricks[i].number,
        seats=(seat,),
        cards=(ace,),
        facts={
            "played": str(ace),
            "queen_with": ctx.who(seat),
            "king_with": ctx.who(holder),
            "entry": str(entry),
        },
        text=(
            f"{capitalised(ctx.role(seat))} leads the {ace} from the {held} and takes no finesse: {way} "
            f"toward the {held}, the {queen} played if the second "
            f"hand played low, would have been a finesse against the {king}. The {king} is with "
            f"{ctx.who(holder)}, {outcome}."
        ),
    )


def _entry_to(ctx: Context, i: int, seat: Seat, partner: Seat, suit: Suit) -> Card | None:
    """A way into ``partner``'s hand from ``seat``'s at trick index ``i``: the best unplayed card of
    another plain suit, held by ``partner``, of which ``seat`` holds a card to lead."""
    for other in Suit:
        if other in (suit, ctx.trump):
            continue
        out = ctx.unplayed(other, i)
        if out and out[0] in ctx.hand(partner, i) and ctx.holding(seat, other, i):
            return out[0]
    return None
