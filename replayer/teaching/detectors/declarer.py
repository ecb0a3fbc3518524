"""Detectors: the declarer's techniques (rules-reference §7).

The Bath coup (MOT-BATH), the hold-up (MOT-HOLDUP), finesses (MOT-FINESSE), establishing a long
suit (MOT-ESTABLISH), re-entry cards (MOT-REENTRY) and drawing trumps (MOT-DRAW).  Each detector is a
small pure function of a ``Context``; the private helpers below are shared by them only.  Where the
reference marks a rule [interp], the code says so too.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...rules.cards import Card, Rank, Seat, Suit
from ..motifs import Context, Finding, capitalised, cards_text, detector, eleven_count, per_trick

__all__ = ["bath_coup", "hold_up", "finesse", "establish", "re_entry", "draw_trumps"]


# ---------------------------------------------------------------------------------------------
# Words


def _name(ctx: Context, seat: Seat) -> str:
    """``the dealer`` / ``the declarer``, ``dummy``, or the defender's letter (compass word)."""
    if ctx.declarer is not None and seat == ctx.declarer:
        return ctx.dealer_word()
    if ctx.dummy is not None and seat == ctx.dummy:
        return "dummy"
    return ctx.who(seat)


def _poss(ctx: Context, seat: Seat) -> str:
    return _name(ctx, seat) + "'s"


_NUMBERS = ("no", "one", "two", "three", "four", "five", "six")


def _count(n: int, noun: str) -> str:
    """``one round``, ``three rounds``."""
    return f"{_NUMBERS[n] if n < len(_NUMBERS) else n} {noun}{'' if n == 1 else 's'}"


# ---------------------------------------------------------------------------------------------
# Small facts about tricks


def _complete(ctx: Context, i: int) -> bool:
    t = ctx.tricks[i]
    return len(t.plays) == 4 and t.winner is not None


def _partners(a: Seat, b: Seat) -> bool:
    return a.side == b.side


def _holder(ctx: Context, card: Card, i: int) -> Seat | None:
    """Who holds ``card`` at the start of trick index ``i`` (None: already played)."""
    for s in Seat:
        if card in ctx.hand(s, i):
            return s
    return None


def _viewer(ctx: Context, seat: Seat) -> Seat:
    """Whose knowledge decides dummy's play: the declarer's."""
    return ctx.declarer if ctx.dummy is not None and seat == ctx.dummy and ctx.declarer is not None else seat


def _trumps(ctx: Context, seat: Seat, i: int) -> list[Card]:
    return ctx.holding(seat, ctx.trump, i) if ctx.trump is not None else []


def _declarer_side(ctx: Context) -> tuple[Seat, ...]:
    return tuple(s for s in (ctx.declarer, ctx.dummy) if s is not None)


def _defenders(ctx: Context) -> tuple[Seat, ...]:
    return tuple(s for s in Seat if ctx.defender(s))


def _tenace(ctx: Context, seat: Seat, suit: Suit, i: int, upto: int = 0) -> tuple[Card, Card, Card] | None:
    """D-7 [interp]: ``seat`` holds the best and third-best unplayed cards of ``suit`` while an
    opponent holds the second best (A Q over the K, or K J over the Q once the A is gone); also the
    literal K J with the Q held by an opponent.  Returns (higher, lower, the card between)."""
    held = set(ctx.hand(seat, i))
    out = ctx.unplayed(suit, i, upto)
    if len(out) >= 3 and out[0] in held and out[2] in held and out[1] not in held:
        who = _holder(ctx, out[1], i)
        if who is not None and not _partners(who, seat):
            return out[0], out[2], out[1]
    king, jack, queen = (Card(suit, r) for r in (Rank.KING, Rank.JACK, Rank.QUEEN))
    if king in held and jack in held and queen in out:
        who = _holder(ctx, queen, i)
        if who is not None and not _partners(who, seat):
            return king, jack, queen
    return None


# ---------------------------------------------------------------------------------------------
# MOT-BATH — the Bath coup


@detector("bath-coup", "The Bath coup")
def bath_coup(ctx: Context) -> list[Finding]:
    """BATH_COUP: a defender leads the K, the declarer side holds the A and the J of the suit, and
    neither of its cards to the trick is the A (the K is let win)."""
    return per_trick(ctx, _bath_at)


def _bath_at(ctx: Context, i: int) -> Finding | None:
    t = ctx.tricks[i]
    lead = ctx.led(i)
    if lead is None or lead.rank != Rank.KING or not ctx.defender(t.leader) or not _complete(ctx, i):
        return None
    s = lead.suit
    side = _declarer_side(ctx)
    ace, jack = Card(s, Rank.ACE), Card(s, Rank.JACK)
    held = {c for p in side for c in ctx.hand(p, i)}
    if ace not in held or jack not in held:
        return None
    ours = [c for p, c in t.plays if p in side]
    if ace in ours or t.winner in side:
        return None  # the ace went up, or the trick was ruffed: nothing held up
    later = {c: _later_win(ctx, i, c) for c in (jack, ace)}
    holders = {p: ctx.holding(p, s, i) for p in side if {ace, jack} & set(ctx.hand(p, i))}
    return Finding(
        motif="bath-coup",
        label="BATH_COUP",
        trick=t.number,
        tricks=tuple(sorted({t.number, *(n for n in later.values() if n is not None)})),
        seats=(t.leader, *holders),
        cards=(lead, *ours),
        facts={
            "suit": s.word,
            "led": str(lead),
            "held": {ctx.who(p): cards_text(h) for p, h in holders.items()},
            "jack_wins": later[jack],
            "ace_wins": later[ace],
        },
        text=_bath_text(ctx, i, holders, later[jack]),
    )


def _later_win(ctx: Context, i: int, card: Card) -> int | None:
    """The number of the first trick after index ``i`` that ``card`` wins."""
    for j in range(i + 1, len(ctx.tricks)):
        t = ctx.tricks[j]
        if t.winner is not None and t.card_of(t.winner) == card:
            return t.number
    return None


def _bath_text(ctx: Context, i: int, holders: dict[Seat, list[Card]], jack_wins: int | None) -> str:
    leader = ctx.who(ctx.tricks[i].leader)
    if len(holders) == 1:
        ((p, h),) = holders.items()
        start = f"{_name(ctx, p)} holds {cards_text(h)} and lets {leader}'s king win"
    else:
        split = " and ".join(f"{_name(ctx, p)} {cards_text(h)}" for p, h in holders.items())
        start = f"with {split}, the declaring side lets {leader}'s king win"
    text = (
        f"The Bath coup: {start}. If {leader} leads the suit again, the jack wins; had the ace been taken at "
        f"once, the jack could have been caught later."
    )
    if jack_wins is not None:
        text += f" The jack does win, at trick {jack_wins}."
    return text


# ---------------------------------------------------------------------------------------------
# MOT-HOLDUP — holding up at no-trumps


@detector("hold-up", "Holding up")
def hold_up(ctx: Context) -> list[Finding]:
    """HOLD_UP(k): at no-trumps, a defender leads a suit the declarer side stops exactly once, and on
    round k (1 or 2) it plays low from both hands; HOLD_UP_EFFECTIVE when the stopper finally wins
    and the leader's partner has none of the suit left."""
    if not ctx.nt or ctx.declarer is None:
        return []
    out: list[Finding] = []
    for s in Suit:
        out.extend(_hold_ups(ctx, s))
    return out


def _one_stopper(ctx: Context, s: Suit, i: int) -> Card | None:
    """The declarer side's single stopper in ``s`` at trick index ``i`` [interp]: it holds the
    master card and no other card above the defenders' second-highest card.  None otherwise."""
    side = _declarer_side(ctx)
    ours = sorted((c for p in side for c in ctx.holding(p, s, i)), key=lambda c: -c.rank)
    theirs = sorted((c for p in _defenders(ctx) for c in ctx.holding(p, s, i)), key=lambda c: -c.rank)
    if not ours or not theirs or ours[0].rank < theirs[0].rank:
        return None
    bar = theirs[1] if len(theirs) > 1 else theirs[0]  # with one card out, any card above it stops too
    return None if any(c.rank > bar.rank for c in ours[1:]) else ours[0]


def _hold_ups(ctx: Context, s: Suit) -> list[Finding]:
    out: list[Finding] = []
    rounds = ctx.rounds(s)
    held: list[int] = []
    for k, i in enumerate(rounds[:2], start=1):  # the reference names rounds 1 and 2 only
        t = ctx.tricks[i]
        if (
            not ctx.defender(t.leader)
            or not _complete(ctx, i)
            or t.winner is None
            or not ctx.defender(t.winner)
        ):
            break
        stopper = _one_stopper(ctx, s, i)
        if stopper is None or _is_bath(ctx, i):
            break
        held.append(i)
        out.append(_hold_up_finding(ctx, i, k, stopper))
    if held:
        eff = _hold_up_effective(ctx, s, held)
        if eff is not None:
            out.append(eff)
    return out


def _is_bath(ctx: Context, i: int) -> bool:
    return _bath_at(ctx, i) is not None


def _hold_up_finding(ctx: Context, i: int, k: int, stopper: Card) -> Finding:
    t = ctx.tricks[i]
    side = _declarer_side(ctx)
    owner = _holder(ctx, stopper, i)
    assert owner is not None
    lead = t.plays[0][1]
    if k == 1:
        text = (
            f"{capitalised(_name(ctx, owner))} holds up the {stopper} and lets {_poss(ctx, t.leader)} {lead} win. "
            f"With only one stopper in the suit, letting it run a round or two first can leave "
            f"{ctx.who(t.leader.partner)} with none to lead back when he gets in."
        )
    else:
        text = (
            f"{capitalised(_name(ctx, owner))} holds up the {stopper} a second time, to strip "
            f"{ctx.who(t.leader.partner)} of the suit."
        )
    return Finding(
        motif="hold-up",
        label="HOLD_UP",
        trick=t.number,
        seats=(owner, *[p for p in side if p != owner]),
        cards=tuple(c for p, c in t.plays if p in side),
        facts={"round": k, "suit": stopper.suit.word, "stopper": str(stopper)},
        text=text,
    )


def _hold_up_effective(ctx: Context, s: Suit, held: list[int]) -> Finding | None:
    side = _declarer_side(ctx)
    first_leader = ctx.tricks[held[0]].leader
    for j in ctx.rounds(s):
        if j <= held[-1] or not _complete(ctx, j):
            continue
        t = ctx.tricks[j]
        winner = t.winner
        card = t.card_of(winner) if winner is not None else None
        partner = first_leader.partner
        if winner not in side or card is None or ctx.holding(partner, s, j + 1):
            return None
        return Finding(
            motif="hold-up",
            label="HOLD_UP_EFFECTIVE",
            trick=t.number,
            tricks=(*(ctx.tricks[h].number for h in held), t.number),
            seats=(winner, partner),
            cards=(card,),
            facts={"suit": s.word, "exhausted": ctx.who(partner)},
            text=(
                f"The {card} wins only now, and {ctx.who(partner)} has no {s.word} left: if he gets the lead "
                f"later, he cannot put {ctx.who(first_leader)} in with the suit."
            ),
        )
    return None


# ---------------------------------------------------------------------------------------------
# MOT-FINESSE


@dataclass(frozen=True, slots=True)
class _Finesse:
    i: int
    seat: Seat  # the finessing hand
    card: Card  # the card it played
    top: Card  # the card its side hopes will win (B*)
    kept: Card  # the higher card it kept back
    against: tuple[Card, ...]  # the unseen cards between, highest first
    won: bool
    position: int  # 2 second hand, 3 third hand
    tags: tuple[str, ...]


@detector("finesse", "Finesses")
def finesse(ctx: Context) -> list[Finding]:
    """FINESSE (third hand, or second hand with a tenace), WON or LOST, with the declarer's
    technique tags TOWARD_TENACE and KEEP_LEAD_IN_WEAK_HAND."""
    out: list[Finding] = []
    for i in range(len(ctx.tricks)):
        f = _finesse_at(ctx, i)
        if f is not None:
            out.append(_finesse_finding(ctx, f))
    return out


def _finesse_at(ctx: Context, i: int) -> _Finesse | None:
    if not _complete(ctx, i):
        return None
    return _third_hand_finesse(ctx, i) or _second_hand_finesse(ctx, i)


def _third_hand_finesse(ctx: Context, i: int) -> _Finesse | None:
    """[interp] P third hand: after P plays his side's best card B* beats the second hand's card, P
    kept a higher card h, and one or two cards between B* and h are unseen by P."""
    t = ctx.tricks[i]
    s = t.plays[0][1].suit
    p, card = t.plays[2]
    best = ctx.winning_so_far(i, 3)
    if card.suit != s or best is None or not _partners(best[0], p) or best[1].suit != s:
        return None
    top = best[1]
    kept = [c for c in ctx.holding(p, s, i) if c.rank > top.rank and c != card]
    if not kept:
        return None
    seen = ctx.visible(_viewer(ctx, p), i, upto=2)
    gap = tuple(c for c in ctx.unplayed(s, i, upto=2) if top.rank < c.rank < kept[0].rank and c not in seen)
    # [interp] a finesse is taken against one card or two (a double finesse); a wider gap is a duck.
    if not gap or len(gap) > 2 or _eleven_proves(ctx, i):
        return None
    tags = _declarer_tags(ctx, i, p, card, top) if ctx.declarer_side(p) else ()
    return _Finesse(i, p, card, top, kept[0], gap, t.winner is not None and _partners(t.winner, p), 3, tags)


def _second_hand_finesse(ctx: Context, i: int) -> _Finesse | None:
    """P second hand holds the best and third-best unplayed cards (D-7) and plays the lower."""
    t = ctx.tricks[i]
    lead = t.plays[0][1]
    p, card = t.plays[1]
    ten = _tenace(ctx, p, lead.suit, i, upto=1)
    if ten is None or card != ten[1] or card.rank < lead.rank:
        return None
    if ten[2] in ctx.visible(_viewer(ctx, p), i, upto=1):
        return None
    won = t.winner is not None and _partners(t.winner, p)
    return _Finesse(i, p, card, card, ten[0], (ten[2],), won, 2, ())  # an adversary led: no declarer's tag


def _declarer_tags(ctx: Context, i: int, p: Seat, card: Card, top: Card) -> tuple[str, ...]:
    t = ctx.tricks[i]
    tags = []
    if _tenace(ctx, p, card.suit, i) is not None:
        tags.append("TOWARD_TENACE")  # the lead came from the partner of the tenace hand [p.71]
    lead = t.plays[0][1]
    if top == lead and t.winner == t.leader and card.rank < lead.rank:
        between = [c for c in ctx.unplayed(lead.suit, i, upto=2) if card.rank < c.rank < lead.rank]
        if not between:
            tags.append("KEEP_LEAD_IN_WEAK_HAND")  # the touching card under the leader's [p.71–72]
    return tuple(tags)


def _eleven_proves(ctx: Context, i: int) -> bool:
    """MOT-ELEVEN's case: the count proves the declarer holds no higher card, so third hand's lower
    card is a certainty, not a finesse (H5 T1)."""
    count = eleven_count(ctx, i)
    return count is not None and not count.hidden


def _finesse_finding(ctx: Context, f: _Finesse) -> Finding:
    t = ctx.tricks[f.i]
    outcome = "WON" if f.won else "LOST"
    winner = t.winner
    assert winner is not None
    win_card = t.card_of(winner)
    assert win_card is not None
    ruff = ctx.trump is not None and win_card.suit == ctx.trump and t.plays[0][1].suit != ctx.trump
    return Finding(
        motif="finesse",
        label="FINESSE",
        trick=t.number,
        seats=(f.seat, t.leader),
        cards=(t.plays[0][1], f.card, f.kept, *f.against),
        facts={
            "against": str(f.against[0]),
            "gap": [str(c) for c in f.against],
            "outcome": outcome,
            "position": "second" if f.position == 2 else "third",
            "kept": str(f.kept),
            "played": str(f.card),
            "holding": cards_text(ctx.holding(f.seat, f.card.suit, f.i)),
            "tags": list(f.tags),
            "lost_to": None if f.won else ("ruff" if ruff else str(win_card)),
            "declarer_side": ctx.declarer_side(f.seat),
        },
        text=_finesse_text(ctx, f, ruff),
        shown=ctx.declarer_side(f.seat),
    )


def _finesse_text(ctx: Context, f: _Finesse, ruff: bool) -> str:
    t = ctx.tricks[f.i]
    lead = t.plays[0][1]
    who, holding = _name(ctx, f.seat), cards_text(ctx.holding(f.seat, f.card.suit, f.i))
    against = " and the ".join(str(c) for c in f.against)
    if f.position == 3:
        first = (
            f"{capitalised(_name(ctx, t.leader))} leads the {lead} and {who}, holding {holding}, plays the "
            f"{f.card.rank.display}: a finesse against the {against}."
        )
    else:
        first = (
            f"{capitalised(who)}, second hand with {holding}, plays the {f.card.rank.display} and keeps the "
            f"{f.kept.rank.display}: a finesse against the {against}."
        )
    parts = [first]
    ten = _tenace(ctx, f.seat, f.card.suit, f.i)
    toward = ""
    if "TOWARD_TENACE" in f.tags and ten is not None:
        second = t.plays[1][0]
        toward = (
            f"Leading toward the {ten[0].rank.display} {ten[1].rank.display} rather than from it makes "
            f"{ctx.who(second)} play before {_name(ctx, f.seat)}"
        )
    if "KEEP_LEAD_IN_WEAK_HAND" in f.tags:
        keep = (
            f"the {f.card.rank.display} under the {lead.rank.display} keeps the lead in "
            f"{_poss(ctx, t.leader)} hand to repeat the finesse"
        )
        parts.append(f"{toward}, and {keep}." if toward else f"{capitalised(keep)}.")
    elif toward:
        parts.append(toward + ".")
    winner = t.winner
    assert winner is not None
    if f.won:
        parts.append("It wins.")
    elif ruff:
        parts.append(f"It loses, but only to {ctx.who(winner)}'s ruff.")
    else:
        parts.append(f"It loses to {ctx.who(winner)}'s {t.card_of(winner)}.")
    return " ".join(parts)


# ---------------------------------------------------------------------------------------------
# MOT-ESTABLISH — establishing a long suit


@dataclass(frozen=True, slots=True)
class _Established:
    seat: Seat
    suit: Suit
    after: int  # trick index after which the suit is established
    long_cards: tuple[Card, ...]  # p's cards then that were losers at the deal


def _opponents(seat: Seat) -> tuple[Seat, Seat]:
    return seat.lho, seat.rho


def _is_established(ctx: Context, p: Seat, s: Suit, i: int) -> bool:
    """D-10 [interp] at the start of trick index ``i``: for each opponent o with n_o cards of ``s``,
    ``p`` holds ≥ n_o and his n_o-th highest beats o's highest; with trumps, no opponent who will be
    void first holds a trump."""
    mine = ctx.holding(p, s, i)
    if not mine:
        return False
    for o in _opponents(p):
        theirs = ctx.holding(o, s, i)
        n = len(theirs)
        if n and (len(mine) < n or mine[n - 1].rank < theirs[0].rank):
            return False
        if n < len(mine) and _trumps(ctx, o, i):
            return False
    return True


def _establishments(ctx: Context) -> list[_Established]:
    """Every (hand, suit) of 4+ cards at the deal, not the trump suit, that becomes established after
    some trick while still holding a card lower than the opponents' best at the deal [interp]."""
    out: list[_Established] = []
    if not ctx.tricks:
        return out
    for p in Seat:
        for s in Suit:
            if s == ctx.trump or len(ctx.holding(p, s, 0)) < 4:
                continue
            e = _first_established(ctx, p, s)
            if e is not None:
                out.append(e)
    return sorted(out, key=lambda e: (e.after, e.seat, e.suit))


def _first_established(ctx: Context, p: Seat, s: Suit) -> _Established | None:
    opp_top = max((c.rank for o in _opponents(p) for c in ctx.holding(o, s, 0)), default=None)
    if opp_top is None or _is_established(ctx, p, s, 0):
        return None  # nothing to establish, or established from the start
    for t in range(len(ctx.tricks)):
        if not _complete(ctx, t):
            break
        if _is_established(ctx, p, s, t + 1):
            long_cards = tuple(c for c in ctx.holding(p, s, t + 1) if c.rank < opp_top)
            return _Established(p, s, t, long_cards) if long_cards else None
    return None


@detector("establish", "Establishing a long suit")
def establish(ctx: Context) -> list[Finding]:
    """ESTABLISHED(hand, suit, after trick t) and LONG_CARD_WINS for each later trick a long card takes."""
    out: list[Finding] = []
    for e in _establishments(ctx):
        out.append(_established_finding(ctx, e))
        out.extend(_long_card_wins(ctx, e))
    return out


def _established_finding(ctx: Context, e: _Established) -> Finding:
    t = ctx.tricks[e.after]
    i = e.after + 1
    mine = ctx.holding(e.seat, e.suit, i)
    rest = [c for o in _opponents(e.seat) for c in ctx.holding(o, e.suit, i)]
    left = (
        f"the adversaries' {e.suit.word} left ({cards_text(rest)}) are all lower"
        if rest
        else f"the adversaries have no {e.suit.word} left"
    )
    no_trumps = ", and they have no trumps to ruff with" if ctx.trump is not None else ""
    low = e.long_cards[-1]
    wins = any(f.label == "LONG_CARD_WINS" for f in _long_card_wins(ctx, e))
    return Finding(
        motif="establish",
        label="ESTABLISHED",
        trick=t.number,
        seats=(e.seat,),
        cards=tuple(mine),
        facts={
            "hand": ctx.who(e.seat),
            "suit": e.suit.word,
            "after_trick": t.number,
            "long_cards": [str(c) for c in e.long_cards],
            "holding": cards_text(mine),
        },
        text=(
            f"After this trick {_poss(ctx, e.seat)} {e.suit.word} are established: {left}{no_trumps}, so "
            f"{cards_text(mine)} are all winners — even the {low}, a loser at the start."
        ),
        shown=wins,  # a suit set up that never takes a trick is no lesson
    )


def _long_card_wins(ctx: Context, e: _Established) -> list[Finding]:
    out: list[Finding] = []
    for j in range(e.after + 1, len(ctx.tricks)):
        t = ctx.tricks[j]
        card = t.card_of(e.seat)
        if t.winner != e.seat or card is None or card not in e.long_cards:
            continue
        discard = _partner_discard(ctx, j, e.seat) if ctx.declarer_side(e.seat) else None
        shown = not out or discard is not None
        text = (
            f"{capitalised(_poss(ctx, e.seat))} {card}, a long card of the established suit, wins the trick"
        )
        text += (
            f", and {_name(ctx, e.seat.partner)} throws the losing {discard} on it."
            if discard is not None
            else "."
        )
        out.append(
            Finding(
                motif="establish",
                label="LONG_CARD_WINS",
                trick=t.number,
                seats=(e.seat,),
                cards=(card,) if discard is None else (card, discard),
                facts={
                    "hand": ctx.who(e.seat),
                    "suit": e.suit.word,
                    "card": str(card),
                    "partner_discard": None if discard is None else str(discard),
                },
                text=text,
                shown=shown,
            )
        )
    return out


def _partner_discard(ctx: Context, j: int, seat: Seat) -> Card | None:
    """The partner's card if it is a discard of a losing card (another suit, not a trump, not the master)."""
    t = ctx.tricks[j]
    card = t.card_of(seat.partner)
    led = t.led_suit
    if (
        card is None
        or led is None
        or card.suit == led
        or card.suit == ctx.trump
        or len(ctx.hand(seat.partner, j)) < 2
    ):
        return None
    top = ctx.unplayed(card.suit, j)
    return card if top and top[0] != card else None


# ---------------------------------------------------------------------------------------------
# MOT-REENTRY — re-entry cards


@detector("re-entry", "Re-entry cards")
def re_entry(ctx: Context) -> list[Finding]:
    """REENTRY(H, card) [interp]: H wins a trick led from another hand, and within the next two
    tricks leads an established suit of his side's, or toward his partner's tenace (a finesse
    follows); ENTRY_KEPT for the discard that kept the small card leading to the entry."""
    est = _establishments(ctx)
    out: list[Finding] = []
    for i in range(len(ctx.tricks)):
        f = _reentry_at(ctx, i, est)
        if f is not None:
            out.append(f)
            kept = _entry_kept(ctx, i)
            if kept is not None:
                out.append(kept)
    return out


def _reentry_at(ctx: Context, i: int, est: list[_Established]) -> Finding | None:
    t = ctx.tricks[i]
    h = t.winner
    if h is None or h == t.leader or not _complete(ctx, i):
        return None
    entry = t.card_of(h)
    assert entry is not None
    won: list[tuple[int, Card]] = [(i, entry)]
    for j in range(i + 1, min(i + 3, len(ctx.tricks))):
        u = ctx.tricks[j]
        lead = ctx.led(j)
        if u.leader != h or lead is None or len(ctx.hand(h, j)) < 2:
            return None  # the lead was lost again, or the last card is forced
        why = _entry_use(ctx, j, h, lead, entry.suit, est)
        if why is not None:
            return _reentry_finding(ctx, i, won, j, why)
        if u.winner != h:
            return None
        won.append((j, lead))
    return None


def _entry_use(
    ctx: Context, j: int, h: Seat, lead: Card, entry_suit: Suit, est: list[_Established]
) -> tuple[str, Seat] | None:
    """Why H's lead at trick index ``j`` needed the entry: (``established``, the suit's hand) or
    (``finesse``, the tenace hand)."""
    # [interp] an entry in the established suit itself is the suit running, not a re-entry
    for e in est:
        if lead.suit != entry_suit and e.suit == lead.suit and e.after < j and e.seat in (h, h.partner):
            return "established", e.seat
    f = _finesse_at(ctx, j)
    if f is not None and f.seat == h.partner and _tenace(ctx, h.partner, lead.suit, j) is not None:
        return "finesse", h.partner
    return None


def _reentry_finding(
    ctx: Context, i: int, won: list[tuple[int, Card]], j: int, why: tuple[str, Seat]
) -> Finding:
    t, u = ctx.tricks[i], ctx.tricks[j]
    h = t.winner
    assert h is not None
    lead = u.plays[0][1]
    entry = won[0][1]
    by = t.card_of(t.leader)
    cashed = [c for _, c in won[1:]]
    if _partners(t.leader, h):
        via = f"{_poss(ctx, t.leader)} {by} puts {_name(ctx, h)} in with the {entry}; {_name(ctx, h)} then "
        then = f"cashes the {cards_text(cashed)} and " if cashed else ""
    else:
        via = f"{_name(ctx, h)} gets in with the {entry}"
        then = f", cashes the {cards_text(cashed)} and " if cashed else " and "
    purpose, hand = why
    if purpose == "established":
        whose = "his own" if hand == h and h != ctx.dummy else ("its own" if hand == h else _poss(ctx, hand))
        goal = f"leads the {lead} at trick {u.number} to run {whose} established {lead.suit.word}"
    else:
        goal = (
            f"leads the {lead} at trick {u.number} for the finesse toward "
            f"{_poss(ctx, hand)} {cards_text(ctx.holding(hand, lead.suit, j))}"
        )
    need = f"the long {lead.suit.word}" if purpose == "established" else "the finesse"
    text = f"Re-entry: {via}{then}{goal}. The {entry} was the way in that {need} needed."
    return Finding(
        motif="re-entry",
        label="REENTRY",
        trick=t.number,
        tricks=tuple(ctx.tricks[k].number for k in range(i, j + 1)),
        seats=(h, t.leader),
        cards=(*(c for _, c in won), lead),
        facts={
            "hand": ctx.who(h),
            "entry": str(entry),
            "cashed": [str(c) for c in cashed],
            "then_led": str(lead),
            "led_at": u.number,
            "purpose": purpose,
            "for_hand": ctx.who(hand),
        },
        text=text,
    )


def _entry_kept(ctx: Context, i: int) -> Finding | None:
    """ENTRY_KEPT [interp]: the partner who led to the re-entry trick, his last card of that suit,
    had earlier discarded from another suit while that small card was his lowest of its suit."""
    t = ctx.tricks[i]
    leader, link = t.plays[0]
    h = t.winner
    if h is None or not _partners(leader, h) or ctx.holding(leader, link.suit, i) != [link]:
        return None
    for j in range(i - 1, -1, -1):
        u = ctx.tricks[j]
        card = u.card_of(leader)
        if card is None or u.led_suit is None or card.suit in (u.led_suit, ctx.trump, link.suit):
            continue
        mine = ctx.holding(leader, link.suit, j)
        if mine and mine[-1] == link and ctx.unplayed(link.suit, j)[0] != link:
            return Finding(
                motif="re-entry",
                label="ENTRY_KEPT",
                trick=u.number,
                tricks=(u.number, t.number),
                seats=(leader,),
                cards=(card, link),
                facts={
                    "hand": ctx.who(leader),
                    "discard": str(card),
                    "kept": str(link),
                    "entry_trick": t.number,
                },
                text=(
                    f"{capitalised(_name(ctx, leader))} throws the {card}, not his {link}: that small "
                    f"{link.suit.word[:-1]} is his way to reach {_name(ctx, h)} later (trick {t.number})."
                ),
            )
    return None


# ---------------------------------------------------------------------------------------------
# MOT-DRAW — drawing trumps, ruffing first


@detector("draw-trumps", "Drawing trumps")
def draw_trumps(ctx: Context) -> list[Finding]:
    """DRAW_TRUMPS for a run of trump leads by the declarer side that leaves the defenders without
    trumps (or with only the master trump, left out); RUFF_BEFORE_DRAWING for a ruff in the hand
    shorter in trumps while a defender still has one."""
    if ctx.trump is None or ctx.declarer is None:
        return []
    out: list[Finding] = []
    for i in range(len(ctx.tricks)):
        ruff = _ruff_before_drawing(ctx, i)
        if ruff is not None:
            out.append(ruff)
    out.extend(_draws(ctx))
    return sorted(out, key=lambda f: f.trick)


def _defender_trumps(ctx: Context, i: int) -> list[tuple[Seat, Card]]:
    return [(p, c) for p in _defenders(ctx) for c in _trumps(ctx, p, i)]


def _draws(ctx: Context) -> list[Finding]:
    out: list[Finding] = []
    run: list[int] = []
    for i in range(len(ctx.tricks) + 1):
        if i < len(ctx.tricks) and _drawing_lead(ctx, i):
            run.append(i)
            continue
        if run:
            f = _draw_finding(ctx, run)
            if f is not None:
                out.append(f)
            run = []
    return out


def _drawing_lead(ctx: Context, i: int) -> bool:
    t = ctx.tricks[i]
    lead = ctx.led(i)
    return (
        lead is not None
        and lead.suit == ctx.trump
        and ctx.declarer_side(t.leader)
        and _complete(ctx, i)
        and bool(_defender_trumps(ctx, i))
    )


def _draw_finding(ctx: Context, run: list[int]) -> Finding | None:
    """[interp] The draw is complete when no defender has a trump; it counts too when the only trumps
    left are masters in one defender's hand, which the declarer leaves out rather than lose the lead
    to them (H3: B keeps the ♥J)."""
    after = run[-1] + 1
    left = _defender_trumps(ctx, after)
    ours = [c for p in _declarer_side(ctx) for c in _trumps(ctx, p, after)]
    masters = (
        bool(left)
        and len({p for p, _ in left}) == 1
        and all(c.rank > max((o.rank for o in ours), default=0) for _, c in left)
    )
    if left and not masters:
        return None
    first, last = ctx.tricks[run[0]], ctx.tricks[run[-1]]
    drawn = [c for i in run for p, c in ctx.tricks[i].plays if ctx.defender(p) and c.suit == ctx.trump]
    leaders = {ctx.tricks[i].leader for i in run}
    who = ctx.dealer_word()
    rounds = _count(len(run), "round")
    if not left:
        how = "leads trumps from dummy" if leaders == {ctx.dummy} else "draws trumps"
        text = (
            f"{capitalised(who)} {how}: {rounds} {'takes' if len(run) == 1 else 'take'} the adversaries' "
            f"{cards_text(drawn)}, and they have no trump left to ruff with."
        )
    else:
        holder = left[0][0]
        text = (
            f"{capitalised(who)} draws trumps with {rounds}, taking {cards_text(drawn)}; {ctx.who(holder)} keeps the "
            f"{cards_text([c for _, c in left])}, the best trump left, and the {ctx.dealer_word()[4:]} leaves it "
            f"out rather than give up the lead to it."
        )
    return Finding(
        motif="draw-trumps",
        label="DRAW_TRUMPS",
        trick=first.number,
        tricks=tuple(ctx.tricks[i].number for i in run),
        seats=tuple(sorted(leaders)),
        cards=tuple(c for i in run for p, c in ctx.tricks[i].plays if p == ctx.tricks[i].leader),
        facts={
            "rounds": len(run),
            "drawn": [str(c) for c in drawn],
            "complete": not left,
            "left": [str(c) for _, c in left],
            "left_with": ctx.who(left[0][0]) if left else None,
            "last_trick": last.number,
        },
        text=text,
    )


def _ruff_before_drawing(ctx: Context, i: int) -> Finding | None:
    """The declarer side leads a losing plain card and the hand shorter in trumps ruffs it and wins,
    while a defender still holds a trump."""
    t = ctx.tricks[i]
    lead = ctx.led(i)
    if lead is None or lead.suit == ctx.trump or not ctx.declarer_side(t.leader) or not _complete(ctx, i):
        return None
    ruffer = t.leader.partner
    card = t.card_of(ruffer)
    if card is None or card.suit != ctx.trump or t.winner != ruffer:
        return None
    short, long_ = len(_trumps(ctx, ruffer, i)), len(_trumps(ctx, t.leader, i))
    top = ctx.unplayed(lead.suit, i)
    if short >= long_ or not _defender_trumps(ctx, i) or top[0] == lead:
        return None
    theirs = _defender_trumps(ctx, i)
    holders = sorted({ctx.who(p) for p, _ in theirs})
    trumps_word = "trump" if len(theirs) == 1 else "trumps"
    return Finding(
        motif="draw-trumps",
        label="RUFF_BEFORE_DRAWING",
        trick=t.number,
        seats=(ruffer, t.leader),
        cards=(lead, card),
        facts={
            "ruffed": str(lead),
            "with": str(card),
            "short_hand": ctx.who(ruffer),
            "trumps_short": short,
            "trumps_long": long_,
            "defenders_with_trumps": holders,
        },
        text=(
            f"{capitalised(_name(ctx, t.leader))} leads the losing {lead} and {_name(ctx, ruffer)} ruffs it with the "
            f"{card}, in the hand shorter in trumps, before drawing {' and '.join(holders)}'s {trumps_word}. "
            + (
                f"Had trumps been led first, that {card} would have gone in the draw and the {lead} would have "
                f"been a loser."
                if short == 1
                else "The ruff in the short hand is a trick the trumps would not otherwise make."
            )
        ),
    )
