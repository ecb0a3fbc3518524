"""Detectors: the leads (rules-reference §7) — the card led, the suit chosen.

The card led (MOT-LEAD), by Foster's tables and Elwell's rules; leading through strength and up to weakness
(MOT-THROUGH).  Trump leads (MOT-TRUMPLEAD) are in ``trump_leads``.  Pure functions of the context;
notes in our own words.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import NamedTuple

from ...rules.cards import Card, Rank, Suit
from ...rules.play import trick_winner
from ...rules.seats import Seat
from ..context import Author, Context
from ..findings import Finding, Phase, detector, each_trick
from ..words import capitalised, cards_text, listed

__all__ = ["lead", "through"]

_A, _K, _Q, _J, _T, _N = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE


class _Fourth(enum.Enum):
    """A lead table's "fourth-best": the fourth card from the top of the holding at the first lead."""

    BEST = "fourth-best"


_FOURTH = _Fourth.BEST


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


# ---------------------------------------------------------------------------------------------
# MOT-LEAD: the tables of the card to lead [S2 pp.51-57]


class _Row(NamedTuple):
    """A row of a lead table: the card to lead and, against a trump, the card to go on with if the
    lead wins.  Each is a rank, ``_FOURTH`` (the fourth-best of the holding at the first lead) or None
    (the table says nothing)."""

    lead: Rank | _Fourth | None
    then: Rank | _Fourth | None
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
    three = next((seq for seq in (_AKQ, _AKJ, _KQJ, _KQT) if seq <= r), None)
    if three is not None:
        return _Row(_K, None, _honours_words(three), "the king")
    if {_Q, _J, _T} <= r:
        return _Row(_Q, None, "queen, jack and ten", "the queen")
    if {_A, _Q, _J} <= r:
        if entry:
            return _Row(_A, None, "ace, queen and jack with a winning card elsewhere", "the ace")
        return _Row(_Q, None, "ace, queen and jack with no winning card elsewhere", "the queen")
    if len(holding) >= 4 and 1 <= honours <= 2:
        return _Row(_FOURTH, None, "a long suit headed by one or two honours", "the fourth-best")
    return _Row(None, None, "a holding the no-trump table does not cover", "")


_AKQ, _AKJ, _KQJ, _KQT = (frozenset(t) for t in ((_A, _K, _Q), (_A, _K, _J), (_K, _Q, _J), (_K, _Q, _T)))
_NT_ROWS = [frozenset(t) for t in ((_K, _Q), (_Q, _J, _T), (_Q, _J, _N), (_J, _T, _N), (_K, _J, _T))]
_RANK_WORDS = {_A: "ace", _K: "king", _Q: "queen", _J: "jack", _T: "ten"}


def _honours_words(ranks: frozenset[Rank]) -> str:
    """The three honours the table's row names, highest first: "ace, king and queen"."""
    words = [_RANK_WORDS[r] for r in sorted(ranks, reverse=True)]
    return f"{', '.join(words[:-1])} and {words[-1]}"


def _resolve(spec: Rank | _Fourth | None, holding: Sequence[Card]) -> Card | None:
    if spec is None:
        return None
    if spec is _FOURTH:
        return holding[3] if len(holding) >= 4 else None
    return next((c for c in holding if c.rank == spec), None)


def _elwell_lead(holding: Sequence[Card], nt: bool) -> Card | None:
    """[interp] The card Elwell's own opening rule gives, where he states it plainly [S4 "The Opening
    Lead"]: the king from ace king (against a trump), the king from king queen jack, the queen from queen
    jack ten, the ace with four or more others (against a trump), and the fourth-best from a suit with a
    single honour or two not in sequence, not headed by the ace; None where he says nothing."""
    r = {c.rank for c in holding}
    if len(holding) < 2:
        return None
    weak = _elwell_weak_nt(holding) if nt else None
    if weak is not None:
        return weak
    if {_A, _K} <= r:
        return None if nt else _resolve(_K, holding)
    if {_K, _Q, _J} <= r:
        return _resolve(_K, holding)
    if {_Q, _J, _T} <= r and _K not in r:
        return _resolve(_Q, holding)
    if _A in r:  # [interp] at no-trumps he would rather keep an ace for re-entry (S4 "The Original Lead")
        return _resolve(_A, holding) if len(holding) >= 5 and not nt else None
    if nt:  # his no-trump table [S4; Elwell 1902 "The Original Lead in No-Trumps"]: "4th best" from the rest
        return None if len(holding) < 4 or any(t <= r for t in _NT_ROWS) else holding[3]
    high = [c.rank for c in holding if c.rank in (_K, _Q, _J)]
    paired = any(a - b == 1 for a, b in zip(high, high[1:], strict=False))
    if len(holding) >= 4 and 1 <= len(high) <= 2 and not paired:
        return holding[3]
    return None


def _elwell_weak_nt(holding: Sequence[Card]) -> Card | None:
    """Elwell's opening from a long weak suit at no-trumps [S4 "The Original Lead", no-trump]: to tell
    partner the suit is weak, the highest card when the top two are in sequence ("10 9 7 6", "8 7 5 3"),
    else the second best ("10 8 7 5 2"); a low card with two or more re-entries.  [interp] "long weak":
    four cards or more headed by the ten or lower."""
    if len(holding) < 4 or holding[0].rank > _T:
        return None
    return holding[0] if holding[0].rank - holding[1].rank == 1 else holding[1]


def _weak_lead(ctx: Context, seat: Seat, card: Card, i: int) -> tuple[str, bool] | None:
    """Elwell's rule at no-trumps on a low card from a long weak suit: (words, whether it gives the card).
    [interp] re-entries: aces, kings, queens; one or none: the high card; two aces or kings: a low one."""
    holding = ctx.holding(seat, card.suit, i)
    weak = _elwell_weak_nt(holding) if ctx.author is Author.ELWELL and ctx.nt else None
    if weak is None or weak == card:
        return None
    high = [c for s in Suit if s != card.suit for c in ctx.holding(seat, s, i) if c.rank >= _Q]
    if len(high) <= 1:
        which = "the highest" if weak == holding[0] else "the second best"
        why = "" if weak == holding[0] else " (the top cards are not in sequence)"
        other = f"no ace, king or queen but the {high[0]}" if high else "no ace, king or queen"
        return (
            f" But Elwell's own rule at no-trumps for a long weak suit is to warn partner that it is weak by "
            f"leading {which}, {weak}{why}; a low card, which asks partner to return the suit, is for a leader "
            f"with two or more cards that may win him the lead again, and outside the suit "
            f"{ctx.who(seat)} holds {other}.",
            False,
        )
    if sum(1 for c in high if c.rank >= _K) < 2:
        return None
    return (
        f" Holding two or more cards that may win him the lead again ({cards_text(high)}), Elwell too opens a "
        f"low card from a long weak suit at no-trumps, to ask partner to return it.",
        True,
    )


def _tables(ctx: Context, holding: Sequence[Card], expected: Card) -> str:
    """Whose rule gives ``expected``: Foster's table, and in Elwell's lessons his own rule beside it when
    it gives the same card."""
    if ctx.author is Author.ELWELL and _elwell_lead(holding, ctx.nt) == expected:
        return "Elwell's rule and Foster's table both lead"
    return "Foster's table leads"


def _row_for(ctx: Context, seat: Seat, suit: Suit, i: int) -> _Row:
    holding = ctx.holding(seat, suit, i)
    if ctx.nt:
        entry = any(_winners(ctx, seat, s, i) for s in Suit if s != suit)
        return _nt_row(holding, entry)
    return _trump_row(holding)


@detector("lead", "Opening leads", Phase.LEADS, 1)
def lead(ctx: Context) -> list[Finding]:
    """MOT-LEAD: the opening lead, a defender's first lead of a new suit, and his continuations."""
    if not ctx.complete_deal or ctx.declarer is None:
        return []  # the tables speak of the first lead of the deal: the record must start at trick 1
    return each_trick(ctx, _lead_finding)


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
        "elwell": _str(_elwell_lead(holding, ctx.nt)),
    }
    w, hold = ctx.who(seat), cards_text(holding)
    where = "opens" if opening else "leads"
    if expected is None:
        label = "LEAD_UNSPECIFIED" if opening else "LEAD_INFO"
        natural = holding[3] if len(holding) >= 4 else None
        facts["natural"] = _str(natural)
        text = (
            f"{w} {where} {card} from {hold}; Foster's tables do not say which card to lead from {row.name}."
        )
        return _lead_note(ctx, i, seat, card, label, text, facts, shown=False)
    weak = _weak_lead(ctx, seat, card, i) if opening else None
    undecided = opening and weak is None and ctx.author is Author.ELWELL and ctx.nt  # re-entries unclear
    undecided = undecided and _elwell_weak_nt(holding) not in (None, card)
    if card == expected:
        text = f"{w} {where} {card} from {hold}: from {row.name}, {_tables(ctx, holding, expected)} {row.lead_note}."
        # [interp] the table's card to go on with is said at the opening only, where there is one, and not in
        # Elwell's lessons: he goes on with the ace after the king only "usually" (S4 "The Opening Lead").
        if opening and ctx.author is not Author.ELWELL and _resolve(row.then, holding) is not None:
            text += f" If it wins, the table goes on {row.then_note}."
        if row.lead is _FOURTH:
            text += " Partner can read the length of the suit and count by the Eleven Rule."
        label = "LEAD_OK" if weak is None or weak[1] else "LEAD_DEVIATION"
        text += weak[0] if weak is not None else ""
        # a short suit first led in mid-hand is cashed or switched to, not opened by a table
        mid = ctx.author is Author.ELWELL and not opening and _elwell_lead(holding, ctx.nt) != expected
        shown = (opening or len(holding) > 2) and not undecided and not mid
        return _lead_note(ctx, i, seat, card, label, text, facts, shown=shown)
    if opening:
        fourth = ", the fourth-best," if row.lead is _FOURTH else ""
        if ctx.author is Author.ELWELL and card == _elwell_lead(holding, ctx.nt):
            text = f"{w} opens {card} from {hold} by Elwell's rule; Foster's table gives {expected}{fourth}."
            return _lead_note(ctx, i, seat, card, "LEAD_INFO", text, facts, shown=False)
        text = f"{w} opens {card} from {hold}. Foster's table gives {expected}{fourth} from {row.name}."
        return _lead_note(ctx, i, seat, card, "LEAD_DEVIATION", text, facts)
    # Mid-hand the table gives way to tactics (S2 H2 T6: A's ♣3 from ♣J 4 3 "to get B in again").
    text = (
        f"{w} switches to {card} from {hold}; an opening lead from {row.name} would be {expected}, "
        f"but in mid-hand the choice is tactical."
    )
    return _lead_note(ctx, i, seat, card, "LEAD_INFO", text, facts, shown=False)


def _continuation(ctx: Context, i: int, seat: Seat, card: Card, before: list[int]) -> Finding | None:
    """The same player goes on with his suit after winning with it [S2 p.53-54]: straight on, trick after
    trick from his first lead (later, the cards that have fallen meanwhile say more than the table)."""
    if len(ctx.holding(seat, card.suit, i)) < 2 or before != list(range(before[0], i)):
        return None  # one card left: no choice; or the suit was dropped and taken up again later
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
    # [interp] Elwell's only stated continuation: the ace after the king from ace king (S4 "The Opening Lead").
    elwell = ctx.author is Author.ELWELL
    both = elwell and not ctx.nt and len(before) == 1 and {_A, _K} <= {c.rank for c in original}
    both = both and expected.rank == _A and ctx.led(j0) == _resolve(_K, original)
    whose = "Elwell's rule and Foster's table both go on" if both else "Foster's table continues"
    if card == expected:
        text = f"{w} goes on with {card}: from {cards_text(original)}, {whose} {note}."
        return _lead_note(ctx, i, seat, card, "LEAD_OK", text, facts, shown=both or not elwell, first=j0)
    if j0 == 0 and (both or not elwell):
        text = f"{w} goes on with {card}. From {cards_text(original)}, {whose} {note}, here {expected}."
        return _lead_note(ctx, i, seat, card, "LEAD_DEVIATION", text, facts, first=j0)
    text = f"{w} goes on with {card}; Foster's table would continue with {expected}, but the choice is the player's."
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
# MOT-THROUGH: through strength, up to weakness [S2 p.51, p.55, p.61]


@detector("through", "Leading through strength", Phase.LEADS, 5)
def through(ctx: Context) -> list[Finding]:
    """[interp] A defender's choice of a new plain suit, seen from where dummy sits and, in Bridge Whist,
    from whether the dealer passed the make."""
    if ctx.declarer is None or ctx.dummy is None:
        return []
    found = each_trick(ctx, _through_at) + each_trick(ctx, _through_honour_at) + each_trick(ctx, _wait_at)
    found += each_trick(ctx, _no_wait_at) + each_trick(ctx, _arranged_at)
    return found + each_trick(ctx, _into_tenace_at)


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


def _no_choice_of_position(ctx: Context, i: int, seat: Seat, card: Card) -> bool:
    """[interp] Leads whose reason is not where dummy sits: the opening lead (made before dummy is seen);
    a forced lead (nothing else left) or a cashed winner; a singleton switch; the suit partner asked for
    by a discard; a lead for partner to ruff (he is void and holds trumps)."""
    suit = card.suit
    holding = ctx.holding(seat, suit, i)
    # forced: his last two cards, both of the suit (with more left, where they sit still decides which of
    # them win: Elwell 1902 Hand 4 trick 10, B's ♣Q J 5 4 up to dummy's ♣9 8 and A's ♣K 10 behind the ♣A)
    forced = len(ctx.hand(seat, i)) <= 2 and all(c.suit == suit for c in ctx.hand(seat, i))
    opening = ctx.tricks[i].number == 1
    if opening or forced or len(holding) == 1 or set(holding) <= set(_winners(ctx, seat, suit, i)):
        return True
    ruff = not ctx.holding(seat.partner, suit, i) and bool(ctx.trumps(seat.partner, i))
    return ruff or _partner_asked(ctx, i, seat, suit)


def _partner_asked(ctx: Context, i: int, seat: Seat, suit: Suit) -> bool:
    """[interp] ``seat``'s partner asked for ``suit``: he discarded an honour of it (Elwell 1904 Hand 38,
    B's ♠Q); a small discard is no call for the suit."""
    for j in range(i):
        t = ctx.tricks[j]
        card = ctx.card_of(j, seat.partner)
        discard = t.plays and card is not None and card.suit == suit and t.plays[0][1].suit != suit
        if discard and card is not None and card.rank.is_honour and suit != ctx.trump:
            return True
    return False


def _through_at(ctx: Context, i: int) -> list[Finding]:
    got = _new_suit(ctx, i)
    if got is None:
        return []
    seat, card = got
    assert ctx.dummy is not None
    out = []
    passer = _passer_finding(ctx, i, seat, card)
    if _no_choice_of_position(ctx, i, seat, card):
        return [passer] if passer is not None else []
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
    dummy_wins = ctx.complete(i) and ctx.tricks[i].winner == ctx.dummy
    # a card of dummy's that wins the trick (a nine behind the dealer's tenace) is no weakness
    if seat.rho == ctx.dummy and dummy and _strength(dummy)[0] == 0 and not dummy_wins:
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
    if passer is not None:
        out.append(passer)
    return out


class _Through(NamedTuple):
    leader: Seat
    second: Seat
    led: Card
    won: Card  # the leading side's card that won the trick
    kept: Card  # the second hand's highest honour kept above it with a card of the third hand's over it
    over: Card  # the third hand's lowest card over that one


def _through_honour(ctx: Context, i: int) -> _Through | None:
    """[interp] A lead through the second hand's honour up to a higher card of the leader's partner,
    by either side, that worked: the leading side won the trick with a card lower than an honour the
    second hand kept, and the third hand still holds a card over that honour (the highest such).  Not the opening lead,
    made before dummy is seen."""
    t = ctx.tricks[i]
    if not ctx.complete(i) or t.winner is None or t.number == 1:
        return None
    (leader, led), (second, played) = t.plays[0], t.plays[1]
    won = ctx.card_of(i, t.winner)
    if t.winner not in (leader, leader.partner) or won is None or won.suit != led.suit:
        return None
    kept = [c for c in ctx.holding(second, led.suit, i) if c != played and c.rank > won.rank]
    third = ctx.holding(leader.partner, led.suit, i)
    for h in (c for c in kept if c.rank.is_honour):  # the highest honour kept that a card of his is over
        over = [c for c in third if c.rank > h.rank]
        if over:
            return _Through(leader, second, led, won, h, over[-1])
    return None


def _through_honour_at(ctx: Context, i: int) -> Finding | None:
    """Elwell 1904, "Leading through strength": "'Leading through' means to make a person play second
    hand to the trick", so that partner plays after him.  When the leader's partner put him in at the
    trick before (see ``_put_in``), that trick is named too.  The same player leading the suit through the
    same hand again at the next trick is kept as a fact, not shown again."""
    got = _through_honour(ctx, i)
    if got is None:
        return None
    t, third = ctx.tricks[i], got.leader.partner
    name = {s: ctx.role(s) for s in Seat}
    winner = t.winner if t.winner is not None else got.leader  # _through_honour checked it
    text = (
        f"{capitalised(name[got.leader])} leads {got.led} through {name[got.second]}'s "
        f"{cards_text(ctx.holding(got.second, got.led.suit, i))} up to {name[third]}'s "
        f"{cards_text(ctx.holding(third, got.led.suit, i))}: {name[got.second]} must play before "
        f"{name[third]}, and {name[winner]}'s {got.won} wins the trick while "
        f"{name[got.second]} keeps {got.kept}, which {name[third]}'s {got.over} still sits over."
    )
    put_in = _put_in(ctx, i, got.leader)
    tricks = (t.number - 1, t.number) if put_in else ()
    text = put_in + text
    before = ctx.tricks[i - 1] if i > 0 else None
    prev = _through_honour(ctx, i - 1) if before is not None else None
    again = prev is not None and prev.leader == got.leader and prev.led.suit == got.led.suit
    facts = {"kept": str(got.kept), "over": str(got.over), "won": str(got.won), "put_in": bool(put_in)}
    facts |= {"again": again}
    seats, cards = (got.leader, got.second), (got.led, got.won)
    return Finding("through", "THROUGH_HONOUR", t.number, seats, cards, text, tricks, facts, not again)


def _wait_at(ctx: Context, i: int) -> Finding | None:
    """Elwell 1904 Hand 25 trick 3: "He holds the king of trumps protected and must wait until his partner
    can again lead through the dealer's hand."  A defender won his partner's lead through (``_through_honour``
    at the trick before), still holds, guarded, his card over the honour the second hand kept, and leads
    another suit; the partner's next lead of that suit goes through the second hand again, both cards
    still held (Elwell 1904 Hand 28 trick 4).  Elwell's lessons only."""
    got = _through_honour(ctx, i - 1) if i > 0 and ctx.author is Author.ELWELL else None
    first = ctx.lead(i)
    if got is None or first is None or not ctx.defender(first[0]) or first[0] != got.leader.partner:
        return None
    suit, waiter, second = got.led.suit, first[0], got.second
    held = ctx.holding(waiter, suit, i)
    if first[1].suit == suit or got.over not in held or len(held) < 2:
        return None
    later = [j for j in ctx.rounds(suit) if j > i]
    if not later or ctx.tricks[later[0]].leader != got.leader:
        return None
    k = later[0]
    if got.over not in ctx.hand(waiter, k) or got.kept not in ctx.hand(second, k):
        return None
    name = {s: ctx.role(s) for s in Seat}
    t, again = ctx.tricks[i], ctx.tricks[k].number
    text = (
        f"{capitalised(name[waiter])} does not lead {suit.word} back up to {name[second]}'s "
        f"{cards_text(ctx.holding(second, suit, i))}: his {got.over} still sits over {name[second]}'s {got.kept}, "
        f"and by Elwell's rule he waits for {name[got.leader]} to lead through {name[second]} again, as "
        f"{name[got.leader]} does at trick {again}."
    )
    facts = {"suit": suit.word, "over": str(got.over), "kept": str(got.kept), "again_at": again}
    cards, tricks = (first[1], got.over), (t.number, again)
    return Finding("through", "THROUGH_WAIT", t.number, (waiter, second), cards, text, tricks, facts)


def _no_wait_at(ctx: Context, i: int) -> Finding | None:
    """Elwell 1904 Hand 26 trick 3: "B has no reason to wait for the trumps to be led through again, as
    he does not hold a tenace over dummy."  The defender who won his partner's lead through
    (``_through_honour`` at the trick before) leads the suit himself with his card over the honour the
    second hand kept, holding beside it no card over the second hand's next card below that honour:
    no tenace to wait with (the contrary of ``_wait_at``).  Elwell's lessons only."""
    got = _through_honour(ctx, i - 1) if i > 0 and ctx.author is Author.ELWELL else None
    first = ctx.lead(i)
    if got is None or first is None or first[0] != got.leader.partner or not ctx.defender(first[0]):
        return None
    waiter, second, suit = first[0], got.second, got.led.suit
    held = ctx.holding(waiter, suit, i)
    below = [c for c in ctx.holding(second, suit, i) if c.rank < got.kept.rank]
    if first[1] != got.over or ctx.tricks[i - 1].winner != waiter or len(held) < 2 or not below:
        return None
    if any(c.rank > below[0].rank for c in held if c != got.over) or ctx.tenace(waiter, suit, i) is not None:
        return None
    name = {s: ctx.role(s) for s in Seat}
    text = (
        f"{capitalised(name[waiter])} leads {got.over} himself rather than wait for {name[got.leader]} to "
        f"lead {suit.word} through {name[second]} again: his {cards_text(held)} is no tenace over "
        f"{name[second]}'s {cards_text(ctx.holding(second, suit, i))}, for beside the {got.over}, which sits "
        f"over the {got.kept}, he holds nothing over the {below[0]}. Without a tenace over {name[second]} he "
        f"has, by Elwell's rule, no reason to wait."
    )
    facts = {"suit": suit.word, "over": str(got.over), "kept": str(got.kept), "next": str(below[0])}
    tricks = (ctx.tricks[i - 1].number, ctx.tricks[i].number)
    return Finding(
        "through", "THROUGH_NO_WAIT", ctx.tricks[i].number, (waiter, second), (got.over,), text, tricks, facts
    )


def _arranged_at(ctx: Context, i: int) -> Finding | None:
    """Elwell 1904 Hand 34 trick 2 ("Arranging the Lead"): B returns his partner's spades with the ♠3,
    not the ♠K, so that his ♠K wins the last round and he can lead hearts through the dealer.  A lead
    through by a defender (``_through_honour`` at trick index ``i``) made after the partner's lead of the partner's
    own suit put the leader in (``_put_in``) with a card he had kept when he led that suit back with a
    lower one.  Noted at that earlier lead, naming the three tricks."""
    got = _through_honour(ctx, i)
    if got is None or not ctx.defender(got.leader) or ctx.tricks[i - 1].leader != got.leader.partner:
        return None
    if not _put_in(ctx, i, got.leader):
        return None
    leader, before = got.leader, ctx.tricks[i - 1]
    won = ctx.card_of(i - 1, leader)
    suit = before.plays[0][1].suit
    if won is None or won.suit != suit or ctx.owner.get(suit) != leader.partner:
        return None
    back = [j for j in ctx.rounds(suit) if j < i - 1 and ctx.tricks[j].leader == leader]
    if not back or won not in ctx.hand(leader, back[0]):
        return None
    j = back[0]
    low = ctx.tricks[j].plays[0][1]
    if low.rank > won.rank:
        return None
    name = {s: ctx.role(s) for s in Seat}
    numbers = (ctx.tricks[j].number, before.number, ctx.tricks[i].number)
    text = (
        f"{capitalised(name[leader])} leads back {name[leader.partner]}'s {suit.word} with the {low}, not "
        f"the {won}, arranging the lead: kept, the {won} wins trick {numbers[1]} and puts "
        f"{name[leader]} on lead to lead the {got.led} through {name[got.second]}'s "
        f"{cards_text(ctx.holding(got.second, got.led.suit, i))} at trick {numbers[2]}."
    )
    facts = {"kept": str(won), "led": str(low), "through": str(got.led)}
    return Finding(
        "through", "THROUGH_ARRANGED", numbers[0], (leader, got.second), (low, won), text, numbers, facts
    )


def _surrounded(ctx: Context, seat: Seat, suit: Suit, i: int) -> list[tuple[Card, Card, Card]]:
    """[interp] D-7 over each honour of ``seat``'s in ``suit``: the next unplayed cards above it and below
    it that are not his are both his left-hand adversary's (dummy's ♠A Q 10 round A's ♠K J).  Returns
    (above, honour, below) for every honour, or [] when any honour of his is not so surrounded."""
    out, mine = ctx.unplayed(suit, i), ctx.holding(seat, suit, i)
    theirs = set(ctx.holding(seat.lho, suit, i))
    found = []
    for h in (c for c in mine if c.rank.is_honour):
        above = [c for c in out if c.rank > h.rank and c not in mine]
        below = [c for c in out if c.rank < h.rank and c not in mine]
        if not above or not below or above[-1] not in theirs or below[0] not in theirs:
            return []
        found.append((above[-1], h, below[0]))
    return found


def _into_tenace_at(ctx: Context, i: int) -> Finding | None:
    """Elwell 1904 Hand 29 trick 3: "A cannot afford to lead spades, as Y holds a double major tenace
    over his hand"; Elwell 1902 ("Leading through strength"): "Holding one or two high cards of dummy's
    strong suit that are _not_ in sequence, avoid leading the suit."  A defender's first switch to a new
    suit after the opening, while his longest suit (five or more, unled) has every honour of his
    surrounded by dummy, who plays after him.  Elwell's lessons only."""
    got = _new_suit(ctx, i) if i > 0 and ctx.author is Author.ELWELL else None
    if got is None or got[0].lho != ctx.dummy:
        return None
    seat, card = got
    if any(ctx.tricks[j].leader == seat and _new_suit(ctx, j) is not None for j in range(1, i)):
        return None
    length = {s: len(ctx.holding(seat, s, i)) for s in Suit if s != ctx.trump}
    long = max(length, key=lambda s: length[s])
    if long == card.suit or length[long] < 5 or ctx.rounds(long) and ctx.rounds(long)[0] < i:
        return None
    caught = _surrounded(ctx, seat, long, i)
    if not caught or ctx.dummy is None:
        return None
    name = {s: ctx.role(s) for s in Seat}
    mine, dummy = ctx.holding(seat, long, i), ctx.holding(ctx.dummy, long, i)
    rounds = listed([f"the {a} and {b} either side of his {h}" for a, h, b in caught])
    text = (
        f"{capitalised(name[seat])} leads the {card} and not his long {cards_text(mine)}: dummy's "
        f"{cards_text(dummy)}, which plays after him, holds a tenace over his honours ({rounds}). By Elwell's "
        f"rule he does not lead into it."
    )
    facts = {"suit": long.word, "caught": [str(h) for _, h, _ in caught]}
    number = ctx.tricks[i].number
    return Finding("through", "TENACE_NOT_LED_INTO", number, (seat, ctx.dummy), (card,), text, (), facts)


def _put_in(ctx: Context, i: int, leader: Seat) -> str:
    """How ``leader`` came to be on lead at trick index ``i``, when his partner put him there: the
    partner led to the trick before and ``leader`` won it; or, on the declaring side (one player plays
    both hands), ``leader`` won it over a card of his partner's that would have won, when he held a
    card that would have let it win (Elwell 1902 Hand 7: dummy trumps over the dealer's ♥Q, to lead
    trumps from dummy).  "" otherwise."""
    if i == 0 or not ctx.complete(i - 1) or ctx.tricks[i - 1].winner != leader:
        return ""
    before, partner = ctx.tricks[i - 1], leader.partner
    if before.leader == partner:
        return f"{capitalised(ctx.role(partner))}'s lead to trick {before.number} put {ctx.role(leader)} on lead. "
    others = [(s, c) for s, c in before.plays if s != leader]
    card, suit = ctx.card_of(i - 1, partner), before.plays[0][1].suit
    if card is None or not ctx.declarer_side(leader) or before.leader == leader:
        return ""
    if trick_winner(others, ctx.trump) != partner:
        return ""
    hand = ctx.hand(leader, i - 1)
    legal = [c for c in hand if c.suit == suit] or list(hand)
    if all(trick_winner([*others, (leader, c)], ctx.trump) == leader for c in legal):
        return ""  # every card he held won it: no choice
    return (
        f"{capitalised(ctx.role(leader))} won trick {before.number} over {ctx.role(partner)}'s {card}, "
        f"which could have been left to win, and is on lead. "
    )


def _dummys_strongest(ctx: Context, suit: Suit, i: int) -> bool:
    """[interp] ``suit``'s honours match or beat, one by one from the top, those of each of dummy's other
    plain suits, at least as many (♣J 10 7 5 is not stronger than ♥K Q 5); equal honours: the longer."""
    assert ctx.dummy is not None
    hold = {s: ctx.holding(ctx.dummy, s, i) for s in Suit if s != ctx.trump}
    h = {s: [c.rank for c in cs if c.rank.is_honour] for s, cs in hold.items()}
    return all(_beats(h[suit], h[s], len(hold[suit]) >= len(hold[s])) for s in hold if s != suit)


def _beats(ha: list[Rank], hb: list[Rank], longer: bool) -> bool:
    return longer if ha == hb else len(ha) >= len(hb) and all(x >= y for x, y in zip(ha, hb, strict=False))


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
        if _partner_discarded(ctx, i, seat, card.suit):
            return None  # the lead answers partner's discard, not the passer (Foster 1904 Hand 1, trick 4)
        if ctx.tricks[i].number == 1 and len(holding) >= 4:
            return (
                None  # [interp] the opening from his own long suit is the table's lead, not the passer's rule
            )
        text = (
            f"{capitalised(d)} passed the make, so {w} leads a red suit up to him ({card}): Foster prefers that to "
            f"leading a small black card up to the passer."
        )
        return Finding("through", "RED_UP_TO_PASSER", number, (seat,), (card,), text, (), facts)
    ranks = {c.rank for c in holding}
    # [interp] "high cards": a sequence headed by the king (A K or K Q), as in H1 T1 and H2 T1.
    if {_A, _K} <= ranks or {_K, _Q} <= ranks:
        verb = "opens" if i == 0 else "leads"
        text = (
            f"{w} {verb} a black suit although {d} passed the make; Foster allows it with high cards "
            f"in the suit, and {cards_text(holding)} has them."
        )
        return Finding("through", "BLACK_WITH_HIGH_CARDS", number, (seat,), (card,), text, (), facts)
    return None


def _partner_discarded(ctx: Context, i: int, seat: Seat, suit: Suit) -> bool:
    """``seat``'s partner discarded a card of ``suit`` before trick index ``i``: he has shown it."""
    for j in range(i):
        t = ctx.tricks[j]
        card = ctx.card_of(j, seat.partner)
        if t.plays and card is not None and card.suit == suit and t.plays[0][1].suit != suit:
            return True
    return False
