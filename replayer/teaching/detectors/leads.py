"""Detectors: the leads and the plays that read them (rules-reference §7).

Six small detectors over a ``motifs.Context``: the card led (MOT-LEAD), the Eleven Rule (MOT-ELEVEN),
the fourchette (MOT-FOURCHETTE), second-hand play (MOT-COVER), leading through strength and up to
weakness (MOT-THROUGH) and trump leads by the adversaries (MOT-TRUMPLEAD).  Each is a pure function
of the context; the notes are in our own words.  Readings the reference marks [interp] say so here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ...rules.cards import Card, Rank, Seat, Suit
from ..motifs import Context, ElevenCount, Finding, capitalised, cards_text, detector, eleven_count, per_trick

__all__ = ["lead", "eleven", "fourchette", "cover", "through", "trump_lead"]

_A, _K, _Q, _J, _T = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN
_FOURTH = "fourth-best"

_RANK_WORDS = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}
_NUMBERS = ("none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven")


# ---------------------------------------------------------------------------------------------
# Small words and facts shared by the detectors


def _rank_word(card: Card) -> str:
    return _RANK_WORDS[int(card.rank)]


def _number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def _name(ctx: Context, seat: Seat) -> str:
    """How a note names a player: ``dummy`` for the dummy, the book's letter (or compass word) otherwise."""
    return "dummy" if seat == ctx.dummy else ctx.who(seat)


def _and(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _str(card: Card | None) -> str | None:
    return str(card) if card is not None else None


def _others_unplayed(ctx: Context, seat: Seat, suit: Suit, i: int) -> list[Card]:
    """Cards of ``suit`` still held at trick ``i`` by anyone but ``seat``."""
    return [c for s in Seat if s != seat for c in ctx.holding(s, suit, i)]


def _winners(ctx: Context, seat: Seat, suit: Suit, i: int) -> list[Card]:
    """D-4: ``seat``'s cards of ``suit`` higher than every card of it anyone else still holds."""
    others = _others_unplayed(ctx, seat, suit, i)
    top = max((c.rank for c in others), default=0)
    return [c for c in ctx.holding(seat, suit, i) if c.rank > top]


def _equivalent(ctx: Context, i: int, seat: Seat, low: Card, high: Card) -> bool:
    """``low`` and ``high`` are as good as each other for ``seat``: every card between them that is
    still out at trick ``i`` is his own (touching cards, e.g. K Q, or K J after the Q has gone)."""
    between = [c for c in ctx.unplayed(low.suit, i) if low.rank < c.rank < high.rank]
    mine = ctx.hand(seat, i)
    return all(c in mine for c in between)


# ---------------------------------------------------------------------------------------------
# MOT-LEAD: the tables of the card to lead [S2 pp.51-57]


class _Row(NamedTuple):
    """A row of a lead table: the card to lead and, against a trump, the card to go on with if the
    lead wins.  Each is a rank, ``_FOURTH`` (the fourth-best of the holding at the first lead) or None
    (the table says nothing)."""

    lead: Rank | str | None
    then: Rank | str | None
    name: str  # the holding, as the note names it
    lead_note: str  # why this card, in our words
    then_note: str = ""


_SINGLETON = _Row(None, None, "a singleton, whose card is forced", "")


def _trump_row(holding: Sequence[Card]) -> _Row:
    """The table against a trump [S2 p.53-54], first matching row."""
    r = {c.rank for c in holding}
    if len(holding) < 2:
        return _SINGLETON
    if {_A, _K, _Q, _J} <= r:
        return _Row(
            _K, _J, "ace, king, queen and jack", "the king", "with the jack, the lowest of the winners"
        )
    if {_A, _K, _Q} <= r:
        return _Row(
            _K,
            _Q,
            "ace, king and queen without the jack",
            "the king",
            "with the queen, which says the jack is not with the leader",
        )
    if {_A, _K} <= r:
        return _Row(
            _K,
            _A,
            "ace and king without the queen",
            "the king",
            "with the ace, which says the queen is not with the leader",
        )
    if {_K, _Q, _J} <= r:
        return _Row(_K, _J, "king, queen and jack", "the king", "with the jack, never a small card")
    if {_K, _Q} <= r:
        return _Row(
            _K,
            _FOURTH,
            "king and queen without the ace or jack",
            "the king",
            "with the original fourth-best, which says the leader has neither the ace nor the jack",
        )
    if {_A, _Q, _J} <= r:
        return _Row(_A, _Q, "ace, queen and jack", "the ace", "with the queen")
    if _A in r:
        # [interp] "A without another high card": no K, Q or J beside it (A 10 counts as a bare ace).
        name = "ace and queen" if _Q in r else "ace and jack" if _J in r else "an ace with no other high card"
        return _Row(_A, _FOURTH, name, "the ace", "with the original fourth-best")
    if {_Q, _J} <= r:
        return _Row(_Q, None, "queen and jack", "the queen")
    if {_K, _J, _T} <= r:
        return _Row(_T, None, "king, jack and ten", "the ten, the one holding from which the table leads it")
    if holding and holding[0].rank == _J and len(holding) <= 3:
        # [interp] the jack row covers only short suits; J 10 6 5 takes the fourth-best (S2 H1 T8).
        return _Row(_J, None, "a short suit headed by the jack", "the jack")
    if len(holding) >= 4:
        name = (
            "a long suit headed by the jack and ten"
            if {_J, _T} <= r
            else "a long suit with no honours in sequence"
        )
        return _Row(_FOURTH, None, name, "the fourth-best")
    return _Row(None, None, "a short suit the table does not cover", "")


def _nt_row(holding: Sequence[Card], entry: bool) -> _Row:
    """The table against no-trumps [S2 p.56-57]: an honour only from three honours, else fourth-best."""
    r = {c.rank for c in holding}
    honours = sum(1 for c in holding if c.rank.is_honour)
    if len(holding) < 2:
        return _SINGLETON
    if any(seq <= r for seq in ({_A, _K, _Q}, {_A, _K, _J}, {_K, _Q, _J}, {_K, _Q, _T})):
        return _Row(_K, None, "three honours headed by the king", "the king")
    if {_Q, _J, _T} <= r:
        return _Row(_Q, None, "queen, jack and ten", "the queen")
    if {_A, _Q, _J} <= r:
        if entry:
            return _Row(_A, None, "ace, queen and jack with a winning card elsewhere", "the ace")
        return _Row(_Q, None, "ace, queen and jack with no winning card elsewhere", "the queen")
    if len(holding) >= 4 and 1 <= honours <= 2:
        return _Row(_FOURTH, None, "a long suit headed by one or two honours", "the fourth-best")
    return _Row(None, None, "a holding the no-trump table does not cover", "")


def _resolve(spec: Rank | str | None, holding: Sequence[Card]) -> Card | None:
    if spec is None:
        return None
    if spec == _FOURTH:
        return holding[3] if len(holding) >= 4 else None
    return next((c for c in holding if c.rank == spec), None)


def _row_for(ctx: Context, seat: Seat, suit: Suit, i: int) -> _Row:
    holding = ctx.holding(seat, suit, i)
    if ctx.nt:
        entry = any(_winners(ctx, seat, s, i) for s in Suit if s != suit)
        return _nt_row(holding, entry)
    return _trump_row(holding)


@detector("lead", "Opening leads")
def lead(ctx: Context) -> list[Finding]:
    """MOT-LEAD: the opening lead, a defender's first lead of a new suit, and his continuations."""
    if not ctx.complete_deal or ctx.declarer is None:
        return []  # the tables speak of the first lead of the deal: the record must start at trick 1
    return per_trick(ctx, _lead_finding)


def _lead_finding(ctx: Context, i: int) -> Finding | None:
    first = ctx.lead(i)
    if first is None or not ctx.defender(first[0]) or first[1].suit == ctx.trump:
        return None  # trump leads are MOT-TRUMPLEAD's
    seat, card = first
    before = [j for j in ctx.rounds(card.suit) if j < i]
    if not before:
        return _first_lead(ctx, i, seat, card)
    if all(ctx.tricks[j].leader == seat and ctx.tricks[j].winner == seat for j in before):
        return _continuation(ctx, i, seat, card, before)
    return None


def _first_lead(ctx: Context, i: int, seat: Seat, card: Card) -> Finding:
    holding = ctx.holding(seat, card.suit, i)
    row = _row_for(ctx, seat, card.suit, i)
    expected = _resolve(row.lead, holding)
    opening = i == 0
    facts: dict[str, object] = {
        "holding": cards_text(holding),
        "row": row.name,
        "expected": _str(expected),
        "table": "no-trumps" if ctx.nt else "trump",
        "opening": opening,
        "round": 1,
    }
    w, hold = ctx.who(seat), cards_text(holding)
    where = "opens" if opening else "leads"
    if expected is None:
        label = "LEAD_UNSPECIFIED" if opening else "LEAD_INFO"
        natural = holding[3] if len(holding) >= 4 else None
        facts["natural"] = _str(natural)
        text = f"{w} {where} {card} from {hold}; the book's tables do not say which card to lead from {row.name}."
        return _lead_note(ctx, i, seat, card, label, text, facts, shown=False)
    if card == expected:
        text = f"{w} {where} {card} from {hold}: from {row.name} the book's table leads {row.lead_note}."
        if row.then:
            text += f" If it wins, the table goes on {row.then_note}."
        if row.lead == _FOURTH:
            text += " Partner can read the length of the suit and count by the Eleven Rule."
        return _lead_note(ctx, i, seat, card, "LEAD_OK", text, facts)
    if opening:
        fourth = ", the fourth-best," if row.lead == _FOURTH else ""
        text = f"{w} opens {card} from {hold}. The book's table gives {expected}{fourth} from {row.name}."
        return _lead_note(ctx, i, seat, card, "LEAD_DEVIATION", text, facts)
    # Mid-hand the table gives way to tactics (S2 H2 T6: A's ♣3 from ♣J 4 3 "to get B in again").
    text = (
        f"{w} switches to {card} from {hold}; an opening lead from {row.name} would be {expected}, "
        f"but in mid-hand the choice is tactical."
    )
    return _lead_note(ctx, i, seat, card, "LEAD_INFO", text, facts, shown=False)


def _continuation(ctx: Context, i: int, seat: Seat, card: Card, before: list[int]) -> Finding | None:
    """The same player goes on with his suit after winning with it [S2 p.53-54]."""
    if len(ctx.holding(seat, card.suit, i)) < 2:
        return None  # one card left: no choice
    j0 = before[0]
    original = ctx.holding(seat, card.suit, j0)
    row = _row_for(ctx, seat, card.suit, j0)
    expected = _resolve(row.then, original) if len(before) == 1 and not ctx.nt else None
    note = row.then_note
    if expected is None or expected not in ctx.hand(seat, i):
        # p.53: with more than one winning card left, go on with the lowest that will win.
        winners = _winners(ctx, seat, card.suit, i)
        if len(winners) < 2:
            return None
        expected, note = winners[-1], f"with the lowest of several winners ({cards_text(winners)})"
    facts: dict[str, object] = {
        "holding": cards_text(original),
        "row": row.name,
        "expected": str(expected),
        "round": len(before) + 1,
        "first_lead": ctx.tricks[j0].number,
        "table": "no-trumps" if ctx.nt else "trump",
    }
    w = ctx.who(seat)
    if card == expected:
        text = f"{w} goes on with {card}: from {cards_text(original)} the book continues {note}."
        return _lead_note(ctx, i, seat, card, "LEAD_OK", text, facts, first=j0)
    if j0 == 0:
        text = f"{w} goes on with {card}. From {cards_text(original)} the book continues {note}, here {expected}."
        return _lead_note(ctx, i, seat, card, "LEAD_DEVIATION", text, facts, first=j0)
    text = f"{w} goes on with {card}; the table would continue with {expected}, but in mid-hand the choice is tactical."
    return _lead_note(ctx, i, seat, card, "LEAD_INFO", text, facts, shown=False, first=j0)


def _lead_note(
    ctx: Context,
    i: int,
    seat: Seat,
    card: Card,
    label: str,
    text: str,
    facts: dict[str, object],
    shown: bool = True,
    first: int | None = None,
) -> Finding:
    number = ctx.tricks[i].number
    tricks = (ctx.tricks[first].number, number) if first is not None else ()
    return Finding("lead", label, number, (seat,), (card,), text, tricks, facts, shown)


# ---------------------------------------------------------------------------------------------
# MOT-ELEVEN: the Eleven Rule [S2 pp.62-65]


@detector("eleven", "The Eleven Rule")
def eleven(ctx: Context) -> list[Finding]:
    """MOT-ELEVEN: third hand's count after his partner's fourth-best lead, and what he makes of it."""
    out: list[Finding] = []
    for i in range(len(ctx.tricks)):
        count = eleven_count(ctx, i)
        if count is not None:
            out.extend(_eleven_findings(ctx, count))
    return out


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
        parts.append(f"{ctx.who(k.third)} holds {_number(len(k.own))} ({cards_text(k.own)})")
    if k.dummy:
        parts.append(f"dummy shows {_number(len(k.dummy))} ({cards_text(k.dummy)})")
    if k.gone:
        verb = "has" if len(k.gone) == 1 else "have"
        parts.append(f"{_number(len(k.gone))} ({cards_text(k.gone)}) {verb} been played")
    seen = _and(parts) if parts else "he sees none of them"
    n = len(k.hidden)
    rest = "has none" if n == 0 else f"holds {_number(n)} (here {cards_text(k.hidden)})"
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
        who, card = _name(ctx, stopper[0]), stopper[1]
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
    rest = [c for c in k.hidden if c != played]
    d, t = ctx.dealer_word(), ctx.who(k.third)
    text = (
        f"{capitalised(d)} plays {played}, though {cards_text(lower)} would have done as well. {t} is not misled: by the "
        f"count {d} had {_number(len(k.hidden))} {k.card.suit.word} above the {_rank_word(k.card)}, so "
        f"{_number(len(rest))} more (here {cards_text(rest)}) must still be in his hand."
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


# ---------------------------------------------------------------------------------------------
# MOT-FOURCHETTE [S2 p.65]


@detector("fourchette", "The fourchette")
def fourchette(ctx: Context) -> list[Finding]:
    """Second hand holding the cards just above and just below the one led covers with the one above."""
    return per_trick(ctx, _fourchette_at)


def _fourchette_at(ctx: Context, i: int) -> Finding | None:
    first, plays = ctx.lead(i), ctx.tricks[i].plays
    if first is None or len(plays) < 2:
        return None
    led = first[1]
    seat, played = plays[1]
    out = ctx.unplayed(led.suit, i, upto=1)  # earlier tricks' cards are skipped when finding "next"
    above = min((c for c in out if c.rank > led.rank), key=lambda c: c.rank, default=None)
    below = max((c for c in out if c.rank < led.rank), key=lambda c: c.rank, default=None)
    hand = ctx.hand(seat, i)
    if above is None or below is None or above not in hand or below not in hand:
        return None  # the 2 or the ace led, or second hand lacks a neighbour
    w, by = _name(ctx, seat), ctx.who(first[0])
    facts = {"led": str(led), "above": str(above), "below": str(below), "played": str(played)}
    if played == above:
        text = (
            f"{capitalised(w)} covers {by}'s {led} with {above}, holding {below} as well: with the cards either side of "
            f"the one led, second hand plays the one just above (the fourchette)."
        )
        return Finding(
            "fourchette", "FOURCHETTE", ctx.tricks[i].number, (seat,), (led, above, below), text, (), facts
        )
    text = (
        f"{capitalised(w)} holds {cards_text([above, below])}, the cards either side of {by}'s {led}; "
        f"the book's fourchette is to cover with {above}. {capitalised(w)} plays {played}."
    )
    # [interp] shown when second hand played under the cover; a higher card is an attempt to win the trick.
    shown = played.suit == led.suit and played.rank < above.rank
    number = ctx.tricks[i].number
    return Finding("fourchette", "FOURCHETTE_MISSED", number, (seat,), (led, played), text, (), facts, shown)


# ---------------------------------------------------------------------------------------------
# MOT-COVER: second-hand play [S2 pp.65-66]


@detector("cover", "Second-hand play")
def cover(ctx: Context) -> list[Finding]:
    """Rule 1: the pone covers an honour led by dummy.  Rule 2: the eldest hand beats dummy's cards
    when the declarer leads from his own hand."""
    if ctx.declarer is None or ctx.dummy is None:
        return []
    out = []
    for i in range(len(ctx.tricks)):
        f = _cover_at(ctx, i) or _beat_dummy_at(ctx, i)
        if f is not None:
            out.append(f)
    return out


def _second(ctx: Context, i: int) -> tuple[Seat, Card, Seat, Card] | None:
    plays = ctx.tricks[i].plays
    if len(plays) < 2:
        return None
    (leader, led), (seat, played) = plays[0], plays[1]
    return leader, led, seat, played


def _cover_at(ctx: Context, i: int) -> Finding | None:
    got = _second(ctx, i)
    if got is None:
        return None
    leader, led, seat, played = got
    if leader != ctx.dummy or not led.rank.is_honour or not ctx.defender(seat):
        return None
    higher = [c for c in ctx.holding(seat, led.suit, i) if c.rank > led.rank]
    if not higher:
        return None  # nothing to cover with
    w = ctx.who(seat)
    facts = {"led": str(led), "played": str(played), "higher": cards_text(higher)}
    if played.suit == led.suit and played.rank > led.rank:
        text = (
            f"Dummy leads {led} through {w}, who covers with {played}: an honour led through the second hand "
            f"is covered by an honour."
        )
        return Finding("cover", "COVER_OK", ctx.tricks[i].number, (seat,), (led, played), text, (), facts)
    text = (
        f"Dummy leads {led} through {w}, who holds {cards_text(higher)} over it and plays {played}. "
        f"The book's advice is to cover an honour with an honour here."
    )
    return Finding("cover", "COVER_MISSED", ctx.tricks[i].number, (seat,), (led, played), text, (), facts)


def _beat_dummy_at(ctx: Context, i: int) -> Finding | None:
    got = _second(ctx, i)
    if got is None:
        return None
    leader, led, seat, played = got
    assert ctx.dummy is not None
    dummy = ctx.holding(ctx.dummy, led.suit, i)
    if leader != ctx.declarer or not dummy or dummy[0].rank < led.rank or not ctx.defender(seat):
        return (
            None  # [interp] the rule is about a lead toward dummy's cards: dummy must hold one above the lead
        )
    bar = dummy[0].rank
    beaters = [c for c in ctx.holding(seat, led.suit, i) if c.rank > bar]
    if not beaters:
        return None  # he cannot beat dummy's cards: small is right (S2 H3 T6)
    d, w = ctx.dealer_word(), ctx.who(seat)
    facts = {
        "led": str(led),
        "played": str(played),
        "dummy": cards_text(dummy),
        "beaters": cards_text(beaters),
    }
    if played in beaters:
        text = (
            f"{capitalised(d)} leads {led} toward dummy's {cards_text(dummy)}; {w}, second hand, can beat every card "
            f"there and does, with {played}."
        )
        return Finding(
            "cover", "BEAT_DUMMY_OK", ctx.tricks[i].number, (seat,), (led, played), text, (), facts
        )
    text = (
        f"{capitalised(d)} leads {led} toward dummy's {cards_text(dummy)}; {w} plays {played}. The book's advice for "
        f"second hand here is to beat dummy's cards when he can, as {cards_text(beaters)} would."
    )
    return Finding(
        "cover", "BEAT_DUMMY_MISSED", ctx.tricks[i].number, (seat,), (led, played), text, (), facts
    )


# ---------------------------------------------------------------------------------------------
# MOT-THROUGH: through strength, up to weakness [S2 p.51, p.55, p.61]


@detector("through", "Leading through strength")
def through(ctx: Context) -> list[Finding]:
    """[interp] A defender's choice of a new plain suit, seen from where dummy sits and, in Bridge Whist,
    from whether the dealer passed the make."""
    if ctx.declarer is None or ctx.dummy is None:
        return []
    out: list[Finding] = []
    for i in range(len(ctx.tricks)):
        out.extend(_through_at(ctx, i))
    return out


def _new_suit(ctx: Context, i: int) -> tuple[Seat, Card] | None:
    """A defender's lead of a plain suit he has not led before and that is not his partner's to return."""
    first = ctx.lead(i)
    if first is None or not ctx.defender(first[0]) or first[1].suit == ctx.trump:
        return None
    seat, card = first
    earlier = [ctx.tricks[j].leader for j in ctx.rounds(card.suit) if j < i]
    if seat in earlier or ctx.owner.get(card.suit) == seat.partner:
        return None
    return seat, card


def _strength(cards: Sequence[Card]) -> tuple[int, int]:
    return sum(1 for c in cards if c.rank.is_honour), len(cards)


def _through_at(ctx: Context, i: int) -> list[Finding]:
    got = _new_suit(ctx, i)
    if got is None:
        return []
    seat, card = got
    assert ctx.dummy is not None
    out = []
    dummy = ctx.holding(ctx.dummy, card.suit, i)
    w, number = ctx.who(seat), ctx.tricks[i].number
    if seat.lho == ctx.dummy and _strength(dummy)[0] >= 2 and _dummys_strongest(ctx, card.suit, i):
        text = (
            f"{w} leads {card} through dummy's strongest suit, {cards_text(dummy)}: dummy must play before "
            f"{ctx.who(seat.partner)}, who sees dummy's card before choosing his own."
        )
        facts = {"dummy": cards_text(dummy), "honours": _strength(dummy)[0]}
        out.append(
            Finding("through", "THROUGH_DUMMY_STRENGTH", number, (seat, ctx.dummy), (card,), text, (), facts)
        )
    if seat.rho == ctx.dummy and dummy and _strength(dummy)[0] == 0:
        # [interp] a void dummy is not "weakness": at NT it is no stopper, in trumps it ruffs.
        text = (
            f"{w} leads {card} up to dummy's weak {cards_text(dummy)}: dummy plays last with no honour to win "
            f"with, and {ctx.who(seat.partner)} plays after {ctx.dealer_word()}."
        )
        out.append(
            Finding(
                "through",
                "UP_TO_DUMMY_WEAKNESS",
                number,
                (seat, ctx.dummy),
                (card,),
                text,
                (),
                {"dummy": cards_text(dummy)},
            )
        )
    passer = _passer_finding(ctx, i, seat, card)
    if passer is not None:
        out.append(passer)
    return out


def _dummys_strongest(ctx: Context, suit: Suit, i: int) -> bool:
    """[interp] ``suit`` is (or ties for) dummy's strongest plain suit by (honours, length)."""
    assert ctx.dummy is not None
    plain = [s for s in Suit if s != ctx.trump]
    best = max(_strength(ctx.holding(ctx.dummy, s, i)) for s in plain)
    return _strength(ctx.holding(ctx.dummy, suit, i)) == best


def _passer_finding(ctx: Context, i: int, seat: Seat, card: Card) -> Finding | None:
    """Bridge Whist: when the dealer passed the make, A leads a red suit up to him, or a black suit only
    with high cards in it [p.55]."""
    decl = ctx.game.declaration
    if not ctx.bridge_whist or decl is None or not decl.passed or ctx.nt or seat != ctx.game.dealer.lho:
        return None
    holding = ctx.holding(seat, card.suit, i)
    w, d, number = ctx.who(seat), ctx.dealer_word(), ctx.tricks[i].number
    facts = {"holding": cards_text(holding), "red": card.suit.is_red}
    if card.suit.is_red:
        text = (
            f"{capitalised(d)} passed the make, so {w} leads a red suit up to him ({card}): the book prefers that to "
            f"leading a small black card up to the passer."
        )
        return Finding("through", "RED_UP_TO_PASSER", number, (seat,), (card,), text, (), facts)
    ranks = {c.rank for c in holding}
    # [interp] "high cards": a sequence headed by the king (A K or K Q), as in H1 T1 and H2 T1.
    if {_A, _K} <= ranks or {_K, _Q} <= ranks:
        verb = "opens" if i == 0 else "leads"
        text = (
            f"{w} {verb} a black suit although {d} passed the make; the book allows it with high cards "
            f"in the suit, and {cards_text(holding)} has them."
        )
        return Finding("through", "BLACK_WITH_HIGH_CARDS", number, (seat,), (card,), text, (), facts)
    return None


# ---------------------------------------------------------------------------------------------
# MOT-TRUMPLEAD: trump leads by the adversaries [S2 p.53, p.55, pp.61-62]


@detector("trump-lead", "Trump leads")
def trump_lead(ctx: Context) -> list[Finding]:
    """A defender leads a trump: at the opening, only with a tenace or guarded king in every other suit
    (or a double from partner); later, the facts that make it useful."""
    if ctx.trump is None or ctx.declarer is None:
        return []
    out = []
    for i in range(len(ctx.tricks)):
        first = ctx.lead(i)
        if first is None or first[1].suit != ctx.trump or not ctx.defender(first[0]):
            continue
        opening = i == 0 and ctx.complete_deal
        out.append(
            _trump_opening(ctx, first[0], first[1]) if opening else _trump_later(ctx, i, first[0], first[1])
        )
    return out


def _protected(cards: Sequence[Card]) -> bool:
    """A Q, K J or a guarded king in the suit [p.53]; a void is not a tenace [interp]."""
    r = {c.rank for c in cards}
    return {_A, _Q} <= r or {_K, _J} <= r or (_K in r and len(cards) >= 2)


def _partner_doubled(ctx: Context, seat: Seat) -> bool:
    decl = ctx.game.declaration
    if decl is None:
        return False
    if seat.partner in decl.doublers:
        return True
    last_bid = max(
        (k for k, (_, call) in enumerate(decl.calls) if call not in ("Pass", "X", "XX")), default=-1
    )
    return any(s == seat.partner and call == "X" for s, call in decl.calls[last_bid + 1 :])


def _trump_opening(ctx: Context, seat: Seat, card: Card) -> Finding:
    assert ctx.trump is not None
    plain = {s: ctx.holding(seat, s, 0) for s in Suit if s != ctx.trump}
    weak = [s for s, cards in plain.items() if not _protected(cards)]
    doubled = _partner_doubled(ctx, seat)
    w, p = ctx.who(seat), ctx.who(seat.partner)
    facts = {"weak_suits": [s.word for s in weak], "partner_doubled": doubled}
    number = ctx.tricks[0].number
    if doubled:
        text = f"{w} opens a trump, {card}: {p} has doubled, and the book allows a trump lead then."
        return Finding("trump-lead", "TRUMP_OPENING_JUSTIFIED", number, (seat,), (card,), text, (), facts)
    suits = " ".join(cards_text(plain[s]) for s in sorted(plain, reverse=True) if plain[s])
    if not weak:
        text = (
            f"{w} opens a trump, {card}, holding a tenace or a guarded king in every other suit ({suits}): "
            f"the one case in which the book lets the eldest hand lead trumps."
        )
        return Finding("trump-lead", "TRUMP_OPENING_JUSTIFIED", number, (seat,), (card,), text, (), facts)
    names = _and([s.word for s in weak])
    verb = "has" if len(weak) == 1 else "have"
    text = (
        f"{w} opens a trump, {card}. The book advises the eldest hand against it unless every other suit holds "
        f"a tenace or a guarded king, or partner has doubled; here {names} {verb} neither."
    )
    return Finding("trump-lead", "TRUMP_OPENING_CONTRARY", number, (seat,), (card,), text, (), facts)


def _trump_later(ctx: Context, i: int, seat: Seat, card: Card) -> Finding:
    assert ctx.trump is not None and ctx.dummy is not None and ctx.declarer is not None
    trump = ctx.trump
    drawn = any(ctx.declarer_side(ctx.tricks[j].leader) and ctx.tricks[j].led_suit == trump for j in range(i))
    n_dummy, n_decl = len(ctx.holding(ctx.dummy, trump, i)), len(ctx.holding(ctx.declarer, trump, i))
    ruffs = _dummy_ruffing_suits(ctx, i)
    forced = all(c.suit == trump for c in ctx.hand(seat, i))
    facts = {
        "declarer_led_trumps": drawn,
        "dummy_trumps": n_dummy,
        "declarer_trumps": n_decl,
        "dummy_short": [str(m) for m in ruffs],
        "forced": forced,
    }
    w, d = ctx.who(seat), ctx.dealer_word()
    text = f"{w} leads a trump, {card}"
    text += f", though {d} has led them already." if drawn else f"; {d} has not led trumps himself."
    if ruffs and n_dummy:
        masters = "the master" if len(ruffs) == 1 else "the masters"
        text += (
            f" Dummy has {_number(n_dummy)} trump{'s' if n_dummy > 1 else ''} and is short in "
            f"{_and([m.suit.word for m in ruffs])}, where the defenders hold {masters} ({cards_text(ruffs)}): "
            f"each trump drawn now is one dummy cannot use to ruff."
        )
    # [interp] the note belongs to the decision to start on trumps: a defender's later trump leads are kept quiet.
    again = any(ctx.tricks[j].leader == seat and ctx.tricks[j].led_suit == trump for j in range(i))
    facts["again"] = again
    return Finding(
        "trump-lead",
        "TRUMP_LEAD",
        ctx.tricks[i].number,
        (seat,),
        (card,),
        text,
        (),
        facts,
        not forced and not again,
    )


def _dummy_ruffing_suits(ctx: Context, i: int) -> list[Card]:
    """Plain suits in which dummy holds at most one card while a defender holds the master card."""
    assert ctx.dummy is not None and ctx.declarer is not None
    out = []
    for s in Suit:
        if s == ctx.trump or len(ctx.holding(ctx.dummy, s, i)) > 1:
            continue
        left = ctx.unplayed(s, i)
        if left and any(left[0] in ctx.hand(p, i) for p in Seat if ctx.defender(p)):
            out.append(left[0])
    return out
