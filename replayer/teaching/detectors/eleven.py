"""Detector: the Eleven Rule (rules-reference §7, MOT-ELEVEN) [S2 pp.62-65].

After his partner's fourth-best lead, third hand counts the cards above it that are out against the
leader (11 − the rank led) and sees which of them the declarer can hold.  The count itself
(``eleven_count``) is shared: third-hand play and the finesse detector both need to know when it proves
where the missing cards are.  The notes are in our own words.
"""

from __future__ import annotations

from typing import NamedTuple

from ...rules.cards import Card, Rank, Suit
from ...rules.seats import Seat
from ..context import Context
from ..findings import Finding, Phase, detector, each_trick
from ..words import capitalised, cards_text, listed, number_word

__all__ = ["ElevenCount", "eleven", "eleven_count"]


def _rank_word(card: Card) -> str:
    return card.rank.word


def _equivalent(ctx: Context, i: int, seat: Seat, low: Card, high: Card) -> bool:
    """``low`` and ``high`` are as good as each other for ``seat``: every card between them that is
    still out at trick ``i`` is his own (touching cards, e.g. K Q, or K J after the Q has gone)."""
    between = [c for c in ctx.unplayed(low.suit, i) if low.rank < c.rank < high.rank]
    mine = ctx.hand(seat, i)
    return all(c in mine for c in between)


# ---------------------------------------------------------------------------------------------
# The count


class ElevenCount(NamedTuple):
    """Third hand's count after a fourth-best lead of rank r: the 11 − r higher cards the leader lacks."""

    i: int
    leader: Seat
    third: Seat
    card: Card
    higher: list[Card]  # every card above the led one that the leader does not hold (11 − r of them)
    own: list[Card]  # ... held by third hand
    dummy: list[Card]  # ... held by dummy
    gone: list[Card]  # ... already played in earlier tricks
    hidden: list[Card]  # ... in the declarer's concealed hand


def _untouched(ctx: Context, seat: Seat, suit: Suit, i: int) -> bool:
    """The leader still has every card of ``suit`` he started with, and the whole suit is in the record
    (in an end position, no card of it was played before the first recorded trick)."""
    whole = sum(len(ctx.holding(s, suit, 0)) for s in Seat) == 13
    return whole and ctx.holding(seat, suit, 0) == ctx.holding(seat, suit, i)


def eleven_count(ctx: Context, i: int) -> ElevenCount | None:
    """The count for trick ``i`` if it opens with a defender's fourth-best (D-9) on his first lead of
    the suit; None otherwise.  ``hidden`` empty means the declarer holds no higher card."""
    plays = ctx.tricks[i].plays
    if not plays or ctx.declarer is None or ctx.dummy is None or not ctx.defender(plays[0][0]):
        return None
    leader, card = plays[0]
    holding = ctx.holding(leader, card.suit, i)
    # D-9: a fourth-best of four or more cards, not above the jack; honours and tops of sequences
    # are not fourth-best and a three-card suit has none (no count is made).
    if (
        len(holding) < 4
        or holding[3] != card
        or card.rank > Rank.JACK
        or not _untouched(ctx, leader, card.suit, i)
    ):
        return None
    higher = [c for c in ctx.unplayed(card.suit, 0) if c.rank > card.rank and c not in holding]
    third = leader.partner

    def among(cards: frozenset[Card]) -> list[Card]:
        return [c for c in higher if c in cards]

    return ElevenCount(
        i,
        leader,
        third,
        card,
        higher,
        among(ctx.hand(third, i)),
        among(ctx.hand(ctx.dummy, i)),
        among(ctx.played_before[i]),
        among(ctx.hand(ctx.declarer, i)),
    )


# ---------------------------------------------------------------------------------------------
# The detector


@detector("eleven", "The Eleven Rule", Phase.LEADS, 2)
def eleven(ctx: Context) -> list[Finding]:
    """MOT-ELEVEN: third hand's count after his partner's fourth-best lead, and what he makes of it."""
    return each_trick(ctx, _eleven_at)


def _eleven_at(ctx: Context, i: int) -> list[Finding]:
    count = eleven_count(ctx, i)
    return _eleven_findings(ctx, count) if count is not None else []


def _eleven_findings(ctx: Context, k: ElevenCount) -> list[Finding]:
    """APPLIED or MISSED when the declarer has nothing above the card led and third hand had a choice;
    otherwise the count itself, with the false-card inference when the declarer played one."""
    verdict = _eleven_verdict(ctx, k) if not k.hidden else None
    if verdict is not None:
        return [verdict]
    falsecard = _eleven_falsecard(ctx, k)
    count = _eleven_note(ctx, k, "ELEVEN_COUNT", _count_text(ctx, k), shown=falsecard is None)
    return [count] + ([falsecard] if falsecard is not None else [])


def _count_text(ctx: Context, k: ElevenCount) -> str:
    r, suit = k.card.rank, k.card.suit.word
    parts = []
    if k.own:
        parts.append(f"{ctx.who(k.third)} holds {number_word(len(k.own))} ({cards_text(k.own)})")
    if k.dummy:
        parts.append(f"dummy shows {number_word(len(k.dummy))} ({cards_text(k.dummy)})")
    if k.gone:
        verb = "has" if len(k.gone) == 1 else "have"
        parts.append(f"{number_word(len(k.gone))} ({cards_text(k.gone)}) {verb} been played")
    seen = listed(parts) if parts else "he sees none of them"
    n = len(k.hidden)
    rest = "has none" if n == 0 else f"holds {number_word(n)} (here {cards_text(k.hidden)})"
    return (
        f"{ctx.who(k.third)} counts by the Eleven Rule: 11 − {int(r)} = {len(k.higher)} {suit} above the "
        f"{_rank_word(k.card)} are out against the leader; {seen}, so {ctx.dealer_word()} {rest}."
    )


def _eleven_verdict(ctx: Context, k: ElevenCount) -> Finding | None:
    """With nothing above the led card in the declarer's hand: did third hand win (or let the lead hold)
    cheaply and keep his high card (APPLIED), or spend it when a lower card would do (MISSED)?"""
    played = ctx.card_of(k.i, k.third)
    holding = ctx.holding(k.third, k.card.suit, k.i)
    keepers = _keepers(ctx, k, holding)
    if played is None or played.suit != k.card.suit or len(holding) < 2 or not keepers:
        return None
    top = holding[0]
    cheap = [c for c in keepers if c != top and not _equivalent(ctx, k.i, k.third, c, top)]
    winning = ctx.winning_so_far(k.i, 2)
    can_overtake = winning is not None and top.rank > winning[1].rank
    winner = ctx.tricks[k.i].winner
    side_won = winner is not None and winner.side == k.third.side
    if played in cheap and can_overtake and side_won:
        return _eleven_note(
            ctx, k, "ELEVEN_APPLIED", _applied_text(ctx, k, played, top), played=played, top=top
        )
    if played == top and cheap:
        return _eleven_note(
            ctx, k, "ELEVEN_MISSED", _missed_text(ctx, k, cheap[-1], top), played=played, top=top
        )
    return None


def _keepers(ctx: Context, k: ElevenCount, holding: list[Card]) -> list[Card]:
    """Third hand's cards that keep the trick for his side, whatever the fourth hand holds in the suit;
    empty when the fourth hand could ruff (the count then settles nothing)."""
    winning = ctx.winning_so_far(k.i, 2)
    if winning is None or winning[1].suit != k.card.suit:
        return []
    fourth = k.leader.rho
    theirs = ctx.holding(fourth, k.card.suit, k.i)
    if not theirs and ctx.trump is not None and any(c.suit == ctx.trump for c in ctx.hand(fourth, k.i)):
        return []
    bar = max([winning[1].rank] + [c.rank for c in theirs])
    if winning[0] == k.leader and bar == winning[1].rank:
        return list(holding)  # partner's card holds: any card keeps the trick
    return [c for c in holding if c.rank > bar]


def _applied_text(ctx: Context, k: ElevenCount, played: Card, top: Card) -> str:
    t = ctx.who(k.third)
    if ctx.tricks[k.i].winner == k.third:
        how = f"{t} can win with the {_rank_word(played)} and keep his {_rank_word(top)}"
    else:
        how = f"{t} can let {ctx.who(k.leader)}'s {k.card} hold and keep his {_rank_word(top)}"
    text = _count_text(ctx, k)[:-1] + f" — {how}."
    stopper = _stopper_saved(ctx, k, played, top)
    if stopper is not None:
        who, card = ctx.player(stopper[0]), stopper[1]
        text += f" Had he played the {_rank_word(top)}, {who}'s {card} would have won a trick later."
    return text


def _missed_text(ctx: Context, k: ElevenCount, cheap: Card, top: Card) -> str:
    t = ctx.who(k.third)
    return (
        _count_text(ctx, k)
        + f" The count shows that the {_rank_word(cheap)} would have held the trick and kept "
        f"{top} for later; {t} plays the {_rank_word(top)}."
    )


def _stopper_saved(ctx: Context, k: ElevenCount, played: Card, top: Card) -> tuple[Seat, Card] | None:
    """[interp] The declarer side's best card in the suit that would have won a trick had third hand spent
    his top card: it then has more guards than the defenders have cards above it."""
    after = k.i + 1
    suit = k.card.suit
    mine = ctx.holding(k.leader, suit, after) + ctx.holding(k.third, suit, after)
    for seat in (ctx.dummy, ctx.declarer):
        assert seat is not None
        cards = ctx.holding(seat, suit, after)
        if not cards:
            continue
        best = cards[0]
        above_now = [c for c in mine if c.rank > best.rank]
        then = [c for c in mine if c != top] + [played]  # third hand's top card spent instead of ``played``
        above_then = [c for c in then if c.rank > best.rank]
        if len(above_then) < len(cards) <= len(above_now):
            return seat, best
    return None


def _eleven_falsecard(ctx: Context, k: ElevenCount) -> Finding | None:
    """p.64-65: the declarer wins with the higher of touching cards, but the count says how many higher
    cards are still in his hand, so third hand is not misled."""
    assert ctx.declarer is not None
    played = ctx.card_of(k.i, ctx.declarer)
    if played is None or played not in k.hidden or len(k.hidden) < 2:
        return None
    lower = [c for c in k.hidden if c.rank < played.rank and _equivalent(ctx, k.i, ctx.declarer, c, played)]
    if not lower:
        return None
    if _overtakes_dummy(ctx, k.i, played):
        return (
            None  # the dealer takes dummy's winning card to keep dummy's next one: an overtake, no false card
        )
    rest = [c for c in k.hidden if c != played]
    d, t = ctx.dealer_word(), ctx.who(k.third)
    # [interp] the cards are alike for winning this trick, not for the hand (Elwell 1902 Hand 3, trick 1:
    # the dealer keeps the ♥K J for a later use): say what the count tells, not that the lower would do.
    text = (
        f"{capitalised(d)} wins with {played} rather than {cards_text(lower)}, the higher card telling the "
        f"adversaries less about the rest of his {k.card.suit.word}. The count still tells {t} how many: {d} had "
        f"{number_word(len(k.hidden))} {k.card.suit.word} above the {_rank_word(k.card)}, so "
        f"{number_word(len(rest))} more (here {cards_text(rest)}) {'is' if len(rest) == 1 else 'are'} still in "
        "his hand."
    )
    facts = {"n_out": len(k.higher), "hidden": len(k.hidden), "left": len(rest), "card": str(played)}
    number = ctx.tricks[k.i].number
    return Finding(
        "eleven", "ELEVEN_FALSECARD", number, (ctx.declarer, k.third), (played, *rest), text, (), facts
    )


def _eleven_note(
    ctx: Context,
    k: ElevenCount,
    label: str,
    text: str,
    shown: bool = True,
    played: Card | None = None,
    top: Card | None = None,
) -> Finding:
    facts: dict[str, object] = {
        "rank": int(k.card.rank),
        "n_out": len(k.higher),
        "own": len(k.own),
        "dummy": len(k.dummy),
        "gone": len(k.gone),
        "n_decl": len(k.hidden),
        "declarer_cards": cards_text(k.hidden),
    }
    cards: tuple[Card, ...] = (k.card,)
    if played is not None and top is not None:
        facts.update(played=str(played), kept=str(top))
        cards = (k.card, played)
    number = ctx.tricks[k.i].number
    return Finding("eleven", label, number, (k.third, k.leader), cards, text, (), facts, shown)


def _overtakes_dummy(ctx: Context, i: int, played: Card) -> bool:
    """The dealer's ``played`` goes over dummy's card, which was winning the trick when he played."""
    assert ctx.declarer is not None
    t = ctx.tricks[i]
    seats = [s for s, _ in t.plays]
    if ctx.dummy not in seats or seats.index(ctx.dummy) > seats.index(ctx.declarer):
        return False
    ahead = ctx.winning_so_far(i, seats.index(ctx.declarer))
    return ahead is not None and ahead[0] == ctx.dummy and played.suit == ahead[1].suit
