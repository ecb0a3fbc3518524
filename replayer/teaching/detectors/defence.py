"""Detectors: defence (rules-reference §7) — the echo, unblocking, returns, third-hand play
(the discards are in ``discards``).

Each detector is a small pure function of a ``Context``.  The notes are in our own words; those that
say the book advises otherwise are advice, never errors.  Trick indexes ``i`` count the recorded tricks
from 0; a finding's ``trick`` is the deal's number (``ctx.tricks[i].number``).
"""

from __future__ import annotations

import enum

from ...rules.cards import Card, Rank, Suit
from ...rules.seats import Seat
from ..context import Author, Context
from ..findings import Finding, Phase, detector, each_trick
from ..words import cards_text, listed
from .eleven import eleven_count
from .unblocking import declarer_unblocks, high_card_first, not_overtaking, return_held_back

__all__ = ["echo", "unblock", "return_lead", "third_hand"]


class _Echo(enum.StrEnum):
    """The labels of the echo's findings (MOT-ECHO-DO)."""

    DOWN_AND_OUT = "ECHO_DOWN_AND_OUT"
    MISSED = "ECHO_MISSED"
    NO_ECHO_OK = "NO_ECHO_OK"
    FALSE = "FALSE_ECHO"


class _Third(enum.StrEnum):
    """The labels of third-hand play's findings (MOT-THIRD)."""

    HIGH_OK = "THIRD_HIGH_OK"
    DECEPTIVE = "THIRD_DECEPTIVE"
    FINESSE_CONTRARY = "THIRD_FINESSE_CONTRARY"


# ---------------------------------------------------------------------------------------------
# Small shared helpers


def _n(ctx: Context, i: int) -> int:
    return ctx.tricks[i].number


def _of(cards: frozenset[Card] | list[Card], suit: Suit) -> list[Card]:
    """The cards of ``suit``, highest first."""
    return sorted((c for c in cards if c.suit == suit), key=lambda c: -c.rank)


def _untouched(ctx: Context, suit: Suit, i: int) -> bool:
    """True if no card of ``suit`` has been played before trick ``i``, not even a discard: all thirteen
    are still in the hands (exact for an end position too)."""
    return sum(1 for s in Seat for c in ctx.before[i][s] if c.suit == suit) == 13


def _first_round(ctx: Context, suit: Suit, i: int) -> bool:
    """True if trick ``i`` is the first round of ``suit``: no earlier trick was led in it (a discard
    or a ruff is no round), and the record starts at trick 1 (in an end position it is unknown)."""
    return ctx.game.first_trick == 1 and all(j >= i for j in ctx.rounds(suit))


def _next_round(ctx: Context, suit: Suit, i: int) -> int | None:
    later = [j for j in ctx.rounds(suit) if j > i]
    return later[0] if later else None


def _tries_to_win(ctx: Context, i: int, seat: Seat) -> bool:
    """D-6: the seat's card beats the card winning the trick at his turn."""
    k = ctx.position(i, seat)
    card = ctx.card_of(i, seat)
    best = ctx.winning_so_far(i, k)
    if card is None or best is None:
        return False
    _, top = best
    if card.suit == top.suit:
        return card.rank > top.rank
    return ctx.trump is not None and card.suit == ctx.trump


def _owner(ctx: Context, suit: Suit) -> Seat | None:
    """Whose suit it is [interp]: the first to lead it, unless his partner held more of it then (the
    longer hand's suit, whoever led it first: a short lead to partner's length does not make it his)."""
    first, i = ctx.owner.get(suit), ctx.first_lead.get(suit)
    if first is None or i is None:
        return None
    mine, his = len(ctx.holding(first, suit, i)), len(ctx.holding(first.partner, suit, i))
    return first.partner if his > mine else first


def _can_block(ctx: Context, i: int, leader: Seat, suit: Suit) -> bool:
    """Whether the leader's partner, holding cards of ``suit`` at trick ``i``, could ever stand in the
    way of the leader's suit [interp]: not when the leader has no more cards than he, nor when all
    his cards are lower than all the leader's, nor when they all fall under the leader's winners."""
    mine, his = ctx.holding(leader, suit, i), ctx.holding(leader.partner, suit, i)
    if not his or len(mine) <= len(his) or his[0].rank < mine[-1].rank:
        return False
    top = ctx.unplayed(suit, i)
    masters = next((k for k, c in enumerate(top) if c not in mine), len(top))
    return masters < len(his)


# ---------------------------------------------------------------------------------------------
# 1. MOT-ECHO-DO: the down-and-out echo (trump declarations) [S2 pp.57–59]


@detector("echo", "The down-and-out echo", Phase.DEFENCE, 1)
def echo(ctx: Context) -> list[Finding]:
    if ctx.trump is None or ctx.declarer is None:
        return []  # at no-trumps the plain-suit echo (``unblock``) speaks instead
    found: list[Finding] = []
    for suit, i in ctx.first_lead.items():
        f = _echo_in(ctx, suit, i)
        if f is not None:
            found.append(f)
    return found


def _echo_in(ctx: Context, suit: Suit, i: int) -> Finding | None:
    leader = ctx.tricks[i].leader
    partner = leader.partner
    if suit == ctx.trump or not ctx.defender(leader) or not _untouched(ctx, suit, i):
        return None
    holding = ctx.holding(partner, suit, i)
    j = _next_round(ctx, suit, i)
    if len(holding) < 2 or j is None:
        return None
    first, second = ctx.card_of(i, partner), ctx.card_of(j, partner)
    if first is None or second is None or first.suit != suit or second.suit != suit:
        return None  # a revoke, or the second round never finished
    if ctx.tricks[j].leader == partner:
        return None  # his own lead of the suit is no second card to partner's: nothing to read
    if _tries_to_win(ctx, i, partner):
        return None  # condition 3: a card played to win is no signal
    label = _echo_label(holding, first, second)
    facts: dict[str, object] = {
        "holding": [str(c) for c in holding],
        "played": [str(first), str(second)],
        "third_round": _third_round_play(ctx, suit, j, partner),
    }
    return Finding(
        motif="echo",
        label=label,
        trick=_n(ctx, j),
        tricks=(_n(ctx, i), _n(ctx, j)),
        seats=(partner, leader),
        cards=(first, second),
        facts=facts,
        text=_echo_text(ctx, label, leader, partner, holding, (first, second), j),
    )


def _echo_label(holding: list[Card], first: Card, second: Card) -> _Echo:
    if len(holding) == 2:
        honour = any(c.rank.is_honour for c in holding)
        if first.rank > second.rank:
            # high-low from any doubleton reads as the echo; the reference names only the honourless
            # case and the honour's low-then-high order [interp]
            return _Echo.DOWN_AND_OUT
        return _Echo.NO_ECHO_OK if honour else _Echo.MISSED
    if first.rank > second.rank:
        return _Echo.FALSE
    # lowest first is the book's case; any low-then-higher order equally shows no echo [interp]
    return _Echo.NO_ECHO_OK


def _third_round_play(ctx: Context, suit: Suit, j: int, seat: Seat) -> str | None:
    """What the echoer did on the third round of the suit: followed, trumped or discarded."""
    k = _next_round(ctx, suit, j)
    card = ctx.card_of(k, seat) if k is not None else None
    if card is None:
        return None
    if card.suit == suit:
        return "followed"
    return "trumped" if card.suit == ctx.trump else "discarded"


def _echo_text(
    ctx: Context,
    label: _Echo,
    leader: Seat,
    partner: Seat,
    holding: list[Card],
    played: tuple[Card, Card],
    j: int,
) -> str:
    a, b = ctx.who(leader), ctx.who(partner)
    suit = holding[0].suit
    name = suit.word
    first, second = played
    if label == _Echo.DOWN_AND_OUT:
        text = (
            f"{b} plays high-low in {name} ({first}, then {second}): the down-and-out echo tells {a} "
            f"that {b} has no more {name} and can trump the third round."
        )
        left = len(ctx.holding(ctx.declarer, suit, j + 1)) if ctx.declarer is not None else 0
        if left:
            text += f" {a} can also count that {ctx.dealer_word()} still holds {_count(left, name)}."
        return text
    if label == _Echo.MISSED:
        return (
            f"{b} plays {first}, then {second}, from a doubleton. The book advises the higher card first "
            f"(the down-and-out echo), so that {a} knows {b} can trump the third round."
        )
    if label == _Echo.FALSE:
        return (
            f"{b} plays {first}, then {second}, from {cards_text(holding)}: a high-low that reads as the "
            f"down-and-out echo, though {b} still holds a {name[:-1]}. The book keeps the echo for a doubleton."
        )
    if len(holding) == 2:
        return (
            f"{b} plays {first}, then {second}: with an honour and one small card there is no need to "
            f"echo, as the fall of the honour tells {a} that {b} has no more {name}."
        )
    text = (
        f"{b} plays {first}, then {second}, and does not echo: the telling absence of a high-low "
        f"shows {a} that {b} still holds another {name[:-1]}"
    )
    # [interp] Foster's reading of the no-echo; in Elwell's lessons the leader may stop for reasons
    # of his own (Elwell 1904 Hand 7: dummy is void and would ruff), so the cause is not claimed
    if ctx.author is not Author.ELWELL and _stops_leading(ctx, leader, suit, j):
        text += f", so {a} stops leading them"
    return text + "."


def _count(n: int, name: str) -> str:
    return f"a {name[:-1]}" if n == 1 else f"{n} {name}"


def _stops_leading(ctx: Context, leader: Seat, suit: Suit, j: int) -> bool:
    """The leader has the lead again after the second round and leads something else."""
    for t in ctx.tricks[j + 1 :]:
        if t.leader == leader and t.plays:
            return t.plays[0][1].suit != suit
    return False


# ---------------------------------------------------------------------------------------------
# 2. MOT-ECHO-PLAIN: unblocking at no-trumps [S2 pp.59–60]


@detector("unblock", "Unblocking", Phase.DEFENCE, 2)
def unblock(ctx: Context) -> list[Finding]:
    found = declarer_unblocks(ctx) + each_trick(ctx, high_card_first)  # the declarer's side: high cards first
    if ctx.nt and ctx.declarer is not None:
        found += each_trick(ctx, _unblock_at) + each_trick(ctx, not_overtaking)
    return sorted(found, key=lambda f: f.trick)


def _unblock_at(ctx: Context, i: int) -> Finding | None:
    led = ctx.led(i)
    t = ctx.tricks[i]
    if led is None or _owner(ctx, led.suit) != t.leader or not ctx.defender(t.leader):
        return None  # only the owner's own suit: not a return by his partner
    if not _unblock_applies(ctx, i, t.leader, led.suit):
        return None
    partner = t.leader.partner
    holding = ctx.holding(partner, led.suit, i)
    played = ctx.card_of(i, partner)
    best = ctx.winning_so_far(i, 2)
    if played is None or best is None or len(holding) < 2 or played.suit != led.suit:
        return None  # nothing to choose (a single card is forced)
    if any(c.rank > best[1].rank for c in holding):
        return None  # he can beat the card on the table: third-hand play, not unblocking
    round_one = _first_round(ctx, led.suit, i)
    if ctx.author is Author.ELWELL:
        table = _elwell_unblock(holding, led, best[1])
        if table is None:
            return None  # a holding Elwell's table does not give: no rule of the lesson's author
        cards, why = table
        expected, ok = cards[0], played in cards
    else:
        expected = _unblock_card(holding, round_one)
        ok, why = played == expected, _unblock_why(holding, round_one)
    if _keeps_an_entry(ctx, i, partner, holding[0]):
        return None  # his high card is his re-entry: keeping it is no mistake, and no unblocking
    if not ok and _falls_under(ctx, i, t.leader, [c for c in holding if c != played]):
        return None  # his one card left falls under the leader's next lead: nothing is blocked
    label = "UNBLOCK_OK" if ok else "UNBLOCK_MISSED"
    before = _kept_lowest(ctx, i, (t.leader, partner), led.suit) if ok else []
    return Finding(
        motif="unblock",
        label=label,
        trick=_n(ctx, i),
        tricks=tuple(_n(ctx, k) for k in (*before, i)),
        seats=(partner,),
        cards=(played,),
        facts={
            "expected": str(expected),
            "holding": [str(c) for c in holding],
            "winning": str(best[1]),
            "round_one": round_one,
        },
        text=_unblock_text(ctx, ok, (t.leader, partner), holding, (played, expected), best, why)
        + _kept_text(ctx, before, partner, holding[-1]),
    )


def _kept_lowest(ctx: Context, i: int, seats: tuple[Seat, Seat], suit: Suit) -> list[int]:
    """[interp] (issue 14: the unblock begun earlier; Elwell 1904 Hand 38: "B plays the ♠10 and keeps
    his small spade, the ♠6; at trick 8 it falls under A's ♠7") Earlier tricks of the leader's suit,
    led by him, where the partner played a card above his lowest without winning, keeping that
    lowest card; it is kept still at trick index ``i`` and falls later under a trick the leader wins."""
    leader, partner = seats
    low = ctx.holding(partner, suit, i)[-1]
    if not any(u.card_of(partner) == low and u.winner == leader for u in ctx.tricks[i + 1 :]):
        return []
    found = []
    for k in range(i):
        u, c = ctx.tricks[k], ctx.card_of(k, partner)
        mine = c is not None and c.suit == suit and u.winner != partner
        if mine and u.leader == leader and u.led_suit == suit and c != ctx.holding(partner, suit, k)[-1]:
            found.append(k)
    return found


def _kept_text(ctx: Context, before: list[int], partner: Seat, low: Card) -> str:
    if not before:
        return ""
    m = next(u for u in ctx.tricks if u.card_of(partner) == low)
    cards = listed([str(ctx.card_of(k, partner)) for k in before])
    at = listed([str(_n(ctx, k)) for k in before])
    return (
        f" Already at trick{'s' if len(before) > 1 else ''} {at} {ctx.role(partner)} had played the {cards},"
        f" keeping his lowest {low.suit.singular}, the {low}, which falls later under"
        f" {ctx.role(partner.partner)}'s {m.card_of(partner.partner)} at trick {m.number}."
    )


def _falls_under(ctx: Context, i: int, leader: Seat, kept: list[Card]) -> bool:
    """[interp] The partner keeps one card of the suit after trick index ``i``, lower than the
    leader's highest card left: it falls under the leader's next lead and can block nothing."""
    if len(kept) != 1:
        return False
    mine = [c for c in ctx.holding(leader, kept[0].suit, i) if c != ctx.card_of(i, leader)]
    return bool(mine) and kept[0].rank < mine[0].rank


def _unblock_applies(ctx: Context, i: int, leader: Seat, suit: Suit) -> bool:
    """The partner holds something that could block a suit of the leader's worth clearing."""
    return (
        _a_suit_to_clear(ctx, i, leader, suit)
        and _can_block(ctx, i, leader, suit)
        and _leads_high(ctx, i, leader, suit)
    )


def _leads_high(ctx: Context, i: int, leader: Seat, suit: Suit) -> bool:
    """[interp] unblocking is on partner's lead of a high card (A, K, Q or J, Elwell's "A, K or Q"), or
    of a card still winning the trick; after a small card led, only when the partner's top card would
    stand over all the declarer side's cards (Foster's K Q under dummy's bare ace): on a small card
    led for partner to win, or under a card the declarer's side still outranks, small is natural."""
    led, best = ctx.led(i), ctx.winning_so_far(i, 2)
    if led is None or led.rank >= Rank.JACK or (best is not None and best[1] == led):
        return True
    theirs = [c for s in ctx.declaring for c in ctx.holding(s, suit, i + 1)]
    top = ctx.holding(leader.partner, suit, i)
    return bool(top) and all(top[0].rank > c.rank for c in theirs)


def _a_suit_to_clear(ctx: Context, i: int, leader: Seat, suit: Suit) -> bool:
    """The leader has more cards of the suit than either of the declarer's hands [interp]: else there
    is no long suit of his to clear and nothing to unblock."""
    mine = len(ctx.holding(leader, suit, i))
    return all(mine > len(ctx.holding(s, suit, i)) for s in ctx.declaring)


def _keeps_an_entry(ctx: Context, i: int, seat: Seat, card: Card) -> bool:
    """``card`` would be the seat's way in to winners of another suit [interp]: after the trick it
    stands over all the declarer side's cards of its suit, and the seat holds a suit the declarer
    side can no longer beat. Throwing it under partner's winner would give up that entry."""

    def over(cards: list[Card], suit: Suit) -> bool:
        theirs = [c for s in ctx.declaring for c in ctx.holding(s, suit, i + 1)]
        return bool(cards) and all(c.rank > t.rank for c in cards for t in theirs)

    if not over([card], card.suit):
        return False
    return any(over(ctx.holding(seat, s, i + 1), s) for s in Suit if s != card.suit and s != ctx.trump)


def _unblock_card(holding: list[Card], round_one: bool) -> Card:
    """p.60: with three or more, the second-highest; with two, the higher (the lowest is kept for the
    last round) — except on the first round, where the second-best of two is the lower."""
    return holding[1] if len(holding) >= 3 or round_one else holding[0]


def _unblock_why(holding: list[Card], round_one: bool) -> str:
    if len(holding) >= 3:
        return "his second-highest card, keeping the lowest for the last round"
    if round_one:
        return "the lower of two on the first round, which counts as his second-best"
    return "the higher of his last two, keeping the lowest for the last round"


def _elwell_unblock(holding: list[Card], led: Card, best: Card) -> tuple[tuple[Card, ...], str] | None:
    """Elwell 1902's unblocking table (his "Unblocking", before the dealer's play of a no-trump hand):
    the card(s) it gives, with its words, or None for a holding it does not give.  "x" is a small
    card (below the ten) [interp]; two cards under the ace play the high one (K x and, after the K,
    Q x on the A; J x too [interp]); Q x x plays small on the K; K Q x the Q on the A; Q J x the J on the A or K; with
    four or more any card but the lowest, which is kept for the final round."""
    top = [c.rank for c in holding]
    small = all(r < Rank.TEN for r in top[1:])
    if len(holding) >= 4 and led.rank >= Rank.QUEEN:
        return tuple(holding[:-1]), "with four or more, Elwell keeps the lowest card for the final round"
    if len(holding) == 2 and best.rank == Rank.ACE and top[0] >= Rank.JACK and small:
        return (holding[0],), "the higher of two on the ace, as Elwell's table plays K x on the A"
    if len(holding) != 3 or not small and top[:2] != [Rank.QUEEN, Rank.JACK]:
        return None
    if top[0] == Rank.QUEEN and top[1] == Rank.JACK and led.rank in (Rank.ACE, Rank.KING):
        return (holding[1],), "with queen, knave and a small card, Elwell's table plays the knave"
    if top[0] == Rank.QUEEN and small and led.rank == Rank.KING:
        return tuple(
            holding[1:]
        ), "with queen and two small, Elwell's table plays small on the king, the queen on the ace"
    return None


def _unblock_text(
    ctx: Context,
    ok: bool,
    seats: tuple[Seat, Seat],
    holding: list[Card],
    cards: tuple[Card, Card],
    best: tuple[Seat, Card],
    why: str,
) -> str:
    (leader, partner), (played, expected) = seats, cards
    a, b = ctx.who(leader), ctx.who(partner)
    name = played.suit.word
    on_table = f"{ctx.who(best[0])}'s {best[1]}" if best[0] != leader else f"{a}'s own {best[1]}"
    if ok:
        return (
            f"{b} cannot beat {on_table}, so he plays {played} from {cards_text(holding)}, {why}: "
            f"his high cards will not block {a}'s {name}."
        )
    advice = "Elwell's table gives" if ctx.author is Author.ELWELL else "the book advises"
    return (
        f"{b} cannot beat {on_table} and plays {played} from {cards_text(holding)}. To keep out of the "
        f"way of {a}'s {name}, {advice} {expected}, {why}."
    )


# ---------------------------------------------------------------------------------------------
# 3. MOT-RETURN: returning partner's suit [S2 pp.60–61]


@detector("return", "Returning partner's suit", Phase.DEFENCE, 3)
def return_lead(ctx: Context) -> list[Finding]:
    found: list[Finding] = []
    for suit in ctx.owner:
        owner = _owner(ctx, suit)
        if owner is None or not ctx.defender(owner):
            continue
        led_by = [ctx.tricks[i].leader for i in ctx.rounds(suit)]
        # a return follows the owner's own lead of his suit: a lead to it before that is no return
        start = led_by.index(owner) if owner in led_by else len(led_by)
        leads = [i for k, i in enumerate(ctx.rounds(suit)) if k > start and led_by[k] == owner.partner]
        if leads:
            f = _return_at(ctx, leads[0], owner.partner)
            if f is not None:
                found.append(f)
    return found + each_trick(ctx, return_held_back)


def _return_at(ctx: Context, i: int, seat: Seat) -> Finding | None:
    led = ctx.led(i)
    if led is None or (ctx.author is Author.ELWELL and _into_a_ruff(ctx, i, led.suit)):
        # Elwell's "four or fewer" is his no-trump chapter's; against a trump, a return the declarer's
        # side can ruff is a force (or a gift), not his return rule: no rule to judge it by
        return None
    holding = ctx.holding(seat, led.suit, i)
    rules = _return_rules(ctx, i, seat, holding)
    if not rules:
        return None  # four or more cards and no top-card rule: unspecified (Appendix B.8)
    rule, expected = rules[0]
    agreeing = [n for n, cards in rules if led in cards]
    ok = led in expected
    facts: dict[str, object] = {
        "rule": rule,
        "rules": agreeing,
        "expected": [str(c) for c in expected],
        "holding": [str(c) for c in holding],
    }
    first = _own_suit_first(ctx, i, seat)
    text = _return_text(ctx, ok, seat, rule, led, holding, expected)
    own = ctx.led(first) if first is not None else None
    if first is not None and own is not None:
        shown = f"{ctx.who(seat)} first leads his own {own.suit.word}: the {own} wins trick {_n(ctx, first)}."
        text = f"{shown} Then {text}"
    return Finding(
        motif="return",
        label="RETURN_OK" if ok else "RETURN_DEVIATION",
        trick=_n(ctx, i),
        tricks=(_n(ctx, i),) if first is None else (_n(ctx, first), _n(ctx, i)),
        seats=(seat,),
        cards=(led,),
        facts=facts,
        shown=len(holding) > 1,
        text=text,
    )


def _own_suit_first(ctx: Context, i: int, seat: Seat) -> int | None:
    """The trick just before the return, when the returner led there the first round of a suit of
    his own and won it: he showed his own suit before going back to his partner's (Elwell 1904
    Hand 24 tricks 5-6)."""
    if i == 0:
        return None
    t, led = ctx.tricks[i - 1], ctx.led(i - 1)
    if led is None or t.leader != seat or t.winner != seat or _owner(ctx, led.suit) != seat:
        return None
    if not _first_round(ctx, led.suit, i - 1):
        return None
    return i - 1


def _into_a_ruff(ctx: Context, i: int, suit: Suit) -> bool:
    """A trump game, and a hand of the declarer's side is void in ``suit`` and holds a trump."""
    return not ctx.nt and any(not ctx.holding(s, suit, i) and ctx.trumps(s, i) for s in ctx.declaring)


def _return_rules(
    ctx: Context, i: int, seat: Seat, holding: list[Card]
) -> list[tuple[int, tuple[Card, ...]]]:
    """Every rule of p.60–61 that applies, in the book's order, with the card(s) it asks for."""
    suit = holding[0].suit
    top = ctx.unplayed(suit, i)
    out: list[tuple[int, tuple[Card, ...]]] = []
    if top and top[0] in holding:
        out.append((1, (top[0],)))
    if len(top) >= 3 and top[1] in holding and top[2] in holding and top[0] not in holding:
        out.append((2, (top[1], top[2])))
    over = _over_dummy(ctx, i, seat, holding) if ctx.author is not Author.ELWELL else None  # Foster's p.61
    if over is not None:
        out.append((3, (over,)))
    if len(holding) >= 3 and _can_block(ctx, i, seat.partner, suit):
        out.append((5, (holding[0],)))
    if ctx.author is Author.ELWELL and len(holding) <= 4:
        out.append((6, (holding[0],)))  # Elwell: the highest card of partner's suit with four or fewer
    elif ctx.author is not Author.ELWELL and len(holding) <= 3:
        out.append((4, (holding[0] if len(holding) <= 2 else holding[-1],)))
    return out


def _over_dummy(ctx: Context, i: int, seat: Seat, holding: list[Card]) -> Card | None:
    """Rule 3: the pone, with dummy playing fourth, keeps a card over dummy's: the lowest such card.
    Needs dummy to hold a card of the suit [interp]."""
    if ctx.dummy is None or ctx.dummy != seat.rho:
        return None
    dummy = ctx.holding(ctx.dummy, holding[0].suit, i)
    if not dummy:
        return None
    over = [c for c in holding if c.rank > dummy[0].rank]
    return over[-1] if over else None


_RULE_WORDS = {
    1: "the best card left in the suit goes back first",
    2: "holding the second- and third-best cards left, either of them goes back",
    3: "a card higher than all of dummy's goes back, so that it can still beat dummy later",
    4: "with two cards the higher goes back, with three the lowest",
    5: "the high card goes back, out of the way of {a}'s longer suit",
    6: "Elwell returns the highest card of his partner's suit when he holds four or fewer",
}


def _return_text(
    ctx: Context, ok: bool, seat: Seat, rule: int, led: Card, holding: list[Card], expected: tuple[Card, ...]
) -> str:
    b = ctx.who(seat)
    a = ctx.who(seat.partner)
    name = led.suit.word
    if len(holding) == 1:
        return f"{b} returns {a}'s {name} with his only card, {led}."
    if ok:
        return f"{b} returns {a}'s {name} with {led} from {cards_text(holding)}: {_RULE_WORDS[rule].format(a=a)}."
    want = " or ".join(str(c) for c in expected)
    if ctx.author is Author.ELWELL:
        return (
            f"{b} returns {a}'s {name} with {led} from {cards_text(holding)}, not the {want} of Elwell's "
            f"usual rule: {_RULE_WORDS[rule].format(a=a)}."
        )
    return (
        f"{b} returns {a}'s {name} with {led} from {cards_text(holding)}. The book's advice here is "
        f"{want}: {_RULE_WORDS[rule].format(a=a)}."
    )


# ---------------------------------------------------------------------------------------------
# 4. MOT-THIRD: third-hand play [S2 pp.57–59]


@detector("third-hand", "Third-hand play", Phase.DEFENCE, 4)
def third_hand(ctx: Context) -> list[Finding]:
    return each_trick(ctx, _third_hand_at)


def _third_hand_at(ctx: Context, i: int) -> Finding | None:
    t = ctx.tricks[i]
    if len(t.plays) >= 3 and ctx.defender(t.leader) and _tries_to_win(ctx, i, t.leader.partner):
        return _third_at(ctx, i, t.leader.partner)
    return None


def _third_at(ctx: Context, i: int, seat: Seat) -> Finding | None:
    led = ctx.led(i)
    card = ctx.card_of(i, seat)
    best = ctx.winning_so_far(i, 2)
    if led is None or card is None or best is None or card.suit != led.suit:
        return None  # a ruff is no choice among the suit's cards
    if best[0] == seat.partner and best[1].rank >= Rank.JACK and _wins_anyway(ctx, i, seat.lho, best[1]):
        # [interp] beating partner's honour that wins the trick anyway is an overtake (to take the
        # lead, Elwell 1904 Hand 27), not third hand playing high
        return None
    holding = ctx.holding(seat, led.suit, i)
    gone = set(ctx.played_before[i]) | {c for _, c in ctx.tricks[i].plays[:2]}
    top = _top_sequence(holding, _not_partners(ctx, i, seat, led.suit), gone)
    winners = [c for c in top if c.rank > best[1].rank]
    if len(holding) < 2 or not winners:
        return None
    label, facts = _third_label(ctx, i, seat, holding, card, top, winners)
    if label is None:
        return None
    facts |= {"holding": [str(c) for c in holding], "top": [str(c) for c in top]}
    return Finding(
        motif="third-hand",
        label=label,
        trick=_n(ctx, i),
        seats=(seat,),
        cards=(card,),
        facts=facts,
        text=_third_text(ctx, label, seat, card, holding, winners[-1], best, facts),
    )


def _not_partners(ctx: Context, i: int, seat: Seat, suit: Suit) -> list[Card]:
    """The unplayed cards of ``suit`` less those above the seat's own top card that his partner
    holds: those are his side's, so the seat's top cards touching each other are its top sequence
    (Elwell 1904 Hand 34 trick 1: B's ♠K Q under A's ♠A, "the lower of two touching honours")."""
    mine = ctx.holding(seat, suit, i)
    his = set(ctx.holding(seat.partner, suit, i))
    return [c for c in ctx.unplayed(suit, i) if not (mine and c.rank > mine[0].rank and c in his)]


def _wins_anyway(ctx: Context, i: int, fourth: Seat, card: Card) -> bool:
    """Fourth hand can beat ``card`` neither with a higher card of its suit nor with a trump."""
    his = ctx.holding(fourth, card.suit, i)
    if his:
        return all(c.rank < card.rank for c in his)
    return ctx.trump is None or not ctx.trumps(fourth, i)


def _top_sequence(holding: list[Card], unplayed: list[Card], gone: set[Card]) -> list[Card]:
    """The seat's top card and those touching it, counting cards already played (this trick too) as gone."""
    live = [c for c in unplayed if c not in gone or c in holding]
    seq: list[Card] = []
    for c in live:
        if c not in holding:
            break
        seq.append(c)
    return seq


def _third_label(
    ctx: Context, i: int, seat: Seat, holding: list[Card], card: Card, top: list[Card], winners: list[Card]
) -> tuple[_Third | None, dict[str, object]]:
    if card == winners[-1]:
        return _Third.HIGH_OK, {}
    if card in top:
        if not _someone_to_mislead(ctx, i, seat, card.suit):
            return None, {}  # the partner has none left and the declarer none: nobody reads the card
        return _Third.DECEPTIVE, {"usual": str(winners[-1])}
    gaps = [c for c in ctx.unplayed(card.suit, i) if card.rank < c.rank < top[0].rank and c not in holding]
    dummy_passed = ctx.dummy is not None and ctx.position(i, ctx.dummy) < ctx.position(i, seat)
    in_dummy = set(ctx.hand(ctx.dummy, i)) if ctx.dummy is not None else set()
    if dummy_passed and all(g in in_dummy for g in gaps):
        # p.59: the card between is in dummy, which has played: the lower card is a certainty
        return _Third.HIGH_OK, {"certainty": True}
    unseen = [g for g in gaps if g not in in_dummy]
    if seat.lho == ctx.dummy:
        # [interp] fourth hand is dummy, whose cards third hand sees: the declarer, who has played,
        # can no longer win the trick, so the lower card finesses against nobody
        return None, {}
    if not unseen or _eleven_justified(ctx, i):
        # the lower card is safe by the Eleven Rule (MOT-ELEVEN speaks of it), or the gap card sits in
        # dummy playing after him and nothing is being finessed against
        return None, {}
    return _Third.FINESSE_CONTRARY, {"gap": cards_text(unseen), "usual": str(winners[-1])}


def _someone_to_mislead(ctx: Context, i: int, seat: Seat, suit: Suit) -> bool:
    """Whether the higher of equal cards can mislead anyone: the partner still holds the suit after
    the trick, or the declarer (who cannot see the defenders' cards) held it at the trick."""
    declarer = ctx.declarer is not None and bool(ctx.holding(ctx.declarer, suit, i))
    return declarer or bool(ctx.holding(seat.partner, suit, i + 1))


def _eleven_justified(ctx: Context, i: int) -> bool:
    """MOT-ELEVEN, as third hand can count it: the count leaves no higher card with the declarer."""
    count = eleven_count(ctx, i)
    return count is not None and not count.hidden


def _third_text(
    ctx: Context,
    label: _Third,
    seat: Seat,
    card: Card,
    holding: list[Card],
    usual: Card,
    best: tuple[Seat, Card],
    facts: dict[str, object],
) -> str:
    b = ctx.who(seat)
    held = cards_text(holding)
    if label == _Third.HIGH_OK and facts.get("certainty"):
        return (
            f"Third hand, {b} plays {card} from {held}: every card between is in dummy, which has "
            f"already played, so the lower card is as good as the higher."
        )
    if label == _Third.HIGH_OK:
        if best[0] == seat.partner:
            play = f"puts {card} (from {held}) on {ctx.who(best[0])}'s {best[1]}"
        else:
            play = f"beats {ctx.who(best[0])}'s {best[1]} with {card} (from {held})"
        rule = (
            "Third hand plays high"
            if card == holding[0]
            else "Third hand plays high, and with cards in sequence the lowest of them"
        )
        return f"{rule}: {b} {play}."
    if label == _Third.DECEPTIVE:
        return (
            f"Third hand, {b} plays {card} from {held}, the higher of equal cards: the usual play is "
            f"{usual}, the lowest of the sequence, and this may mislead partner as well as the declarer."
        )
    gap = str(facts.get("gap", "a higher card"))
    return (
        f"Third hand, {b} plays {card} from {held}, finessing against {gap}, which he cannot see. "
        f"The book advises third hand not to finesse but to play {usual}."
    )
