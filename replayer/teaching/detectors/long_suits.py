"""Detectors: long suits (rules-reference §7) — establishing a long suit (MOT-ESTABLISH) and the long
cards that win.  Re-entry cards, which read the established suits found here, are in ``entries``.
Each detector is a small pure function of a ``Context``; readings marked [interp] are the reference's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...rules.cards import Card, Suit
from ...rules.play import Trick, trick_winner
from ...rules.seats import Seat
from ..context import Context
from ..findings import Finding, Phase, detector
from ..words import capitalised, cards_text, listed

__all__ = ["Established", "establish", "establishments", "is_established", "opponents"]


# ---------------------------------------------------------------------------------------------
# MOT-ESTABLISH — establishing a long suit


@dataclass(frozen=True, slots=True)
class Established:
    seat: Seat
    suit: Suit
    after: int  # trick index after which the suit is established
    long_cards: tuple[Card, ...]  # p's cards then that were losers at the deal


def opponents(seat: Seat) -> tuple[Seat, Seat]:
    return seat.lho, seat.rho


def _is_established(ctx: Context, p: Seat, s: Suit, i: int) -> bool:
    """D-10 [interp] at the start of trick index ``i``: for each opponent o with n_o cards of ``s``,
    ``p`` holds ≥ n_o and his n_o-th highest beats o's highest; with trumps, no opponent who will be
    void first holds a trump."""
    mine = ctx.holding(p, s, i)
    if not mine:
        return False
    for o in opponents(p):
        theirs = ctx.holding(o, s, i)
        n = len(theirs)
        if n and (len(mine) < n or mine[n - 1].rank < theirs[0].rank):
            return False
        if n < len(mine) and ctx.trumps(o, i):
            return False
    return True


def is_established(ctx: Context, p: Seat, s: Suit, i: int) -> bool:
    """``p``'s suit ``s`` is established at the start of trick index ``i`` (D-10 [interp])."""
    return _is_established(ctx, p, s, i)


def establishments(ctx: Context) -> list[Established]:
    """Every (hand, suit) of 4+ cards at the deal, not the trump suit, that becomes established after
    some trick while still holding a card lower than the opponents' best at the deal [interp]."""
    out: list[Established] = []
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


def _first_established(ctx: Context, p: Seat, s: Suit) -> Established | None:
    opp_top = max((c.rank for o in opponents(p) for c in ctx.holding(o, s, 0)), default=None)
    if opp_top is None or _is_established(ctx, p, s, 0):
        return None  # nothing to establish, or established from the start
    for t in range(len(ctx.tricks)):
        if not ctx.complete(t):
            break
        if _is_established(ctx, p, s, t + 1):
            long_cards = tuple(c for c in ctx.holding(p, s, t + 1) if c.rank < opp_top)
            if not long_cards or _promoted(ctx, p, s, t) or _masters_before(ctx, p, s, t):
                return None
            return Established(p, s, t, long_cards)
    return None


def _masters_before(ctx: Context, p: Seat, s: Suit, t: int) -> bool:
    """[interp] At the start of some trick up to index ``t`` every card of ``s`` that ``p`` holds is
    above every card of it the adversaries still hold, and the adversaries then throw cards of ``s``
    away on other suits: the cards were masters by rank and the adversaries' cards went on
    discards; no long card was made (Elwell 1904 Hand 6: dummy's ♣K Q J, masters once B's ♣A fell
    at trick 2, while A threw his ♣6 and ♣8 on diamonds)."""
    for k in range(t + 1):
        mine = ctx.holding(p, s, k)
        theirs = [c for o in opponents(p) for c in ctx.holding(o, s, k)]
        if mine and theirs and mine[-1].rank > max(c.rank for c in theirs):
            return any(_thrown(ctx, o, s, m) for o in opponents(p) for m in range(k, t + 1))
    return False


def _thrown(ctx: Context, o: Seat, s: Suit, m: int) -> bool:
    card = ctx.tricks[m].card_of(o)
    led = ctx.tricks[m].led_suit
    return card is not None and card.suit == s and led is not None and led != s


def _blockers(ctx: Context, e: Established, i: int) -> list[Card]:
    """The partner's cards of the suit in the way of it led from the hand at the start of trick
    index ``i``: even playing his highest cards first (unblocking), the partner cannot play every
    card under the hand's card in its round, so he must win a round himself (Elwell 1902 Hand 10:
    B's ♥J 10 9 8 7 with A's ♥K 5; Hand 4: B's ♣Q J 5 with A's lone ♣K)."""
    mine = ctx.holding(e.seat, e.suit, i)
    his = ctx.holding(e.seat.partner, e.suit, i)
    return [c for c, m in zip(his, mine, strict=False) if c.rank > m.rank]


def _promoted(ctx: Context, p: Seat, s: Suit, t: int) -> bool:
    """A lone card left master while an adversary still holds the suit, or because the adversaries led out their own higher cards (or dropped
    them on their own leads): ``p``'s side never led the suit, so nothing was established — the
    card was promoted (Elwell 1902 Hand 12: the dealer's ♦J after A cashed ♦A K Q)."""
    if len(ctx.holding(p, s, t + 1)) != 1:
        return False
    led_by_side = any(ctx.tricks[j].leader.side == p.side for j in ctx.rounds(s) if j <= t)
    # [interp] a lone card while an adversary still holds a card of the suit is a master by rank,
    # not a long card (Elwell 1904 Hand 16 trick 12: B's ♦J with A's ♦10 still out)
    out = any(ctx.holding(o, s, t + 1) for o in opponents(p))
    # [interp] nor is a lone card that only one adversary card beat at the deal, made master when
    # that card takes this trick (Elwell 1904 Hand 37 trick 11: dummy's ♠Q as A's ♠K wins)
    card = ctx.holding(p, s, t + 1)[0]
    above = [c for o in opponents(p) for c in ctx.holding(o, s, 0) if c.rank > card.rank]
    won = ctx.tricks[t].winner
    fell = len(above) == 1 and won is not None and ctx.tricks[t].card_of(won) == above[0]
    return out or not led_by_side or fell


@detector("establish", "Establishing a long suit", Phase.DECLARERS_PLAY, 4)
def establish(ctx: Context) -> list[Finding]:
    """ESTABLISHED(hand, suit, after trick t) and LONG_CARD_WINS for each later trick a card of the
    suit that was a loser at the deal takes."""
    out: list[Finding] = []
    for e in establishments(ctx):
        est = _established_finding(ctx, e)
        wins = _long_card_wins(ctx, e)
        out.append(est)
        # a win by rank of a suit not shown as established is no lesson either
        out.extend(w if est.shown or w.facts["long"] else replace(w, shown=False) for w in wins)
    return out


def _established_finding(ctx: Context, e: Established) -> Finding:
    t = ctx.tricks[e.after]
    mine = ctx.holding(e.seat, e.suit, e.after + 1)
    # a suit set up that never takes a trick by length is no lesson, unless all its cards win
    # (Foster Hand 1: the ♦Q J both win over the lower ♦10 6; Elwell 1904 Hand 36: the dealer's
    # ♣8 6 are thrown on B's diamonds)
    made = _all_win(ctx, e, mine)
    wins = any(f.facts["long"] for f in _long_card_wins(ctx, e)) or made
    text = f"After this trick {ctx.role(e.seat)}'s {e.suit.word} are established: {_why_good(ctx, e)}."
    unmade = [c for c in mine if c not in _won(ctx, e)]
    if not made and unmade and _kept_out(ctx, e, unmade):
        # the suit is good but its owner never gets in to run it (the lesson of Elwell 1902 Hands 2,
        # 5 and 9: a defender sets up his suit; Elwell 1904 Hand 30: the dealer's clubs)
        text = _unmade_text(ctx, e, unmade)
        # shown when the hand's side led the suit to set it up: a defender's long hand (issue 14
        # item 3), or a declarer's suit of two or more cards the adversaries' winners cut off
        # (Elwell 1904 Hand 36: "the dealer's best course is plainly to set up his clubs"; a lone
        # long card is no suit cut off, Elwell 1904 Hand 16's ♠9)
        partner = len(ctx.holding(e.seat.partner, e.suit, e.after + 1))
        led = _led_by_side(ctx, e, e.after) and len(mine) > partner
        wins = wins or (led and (not ctx.declarer_side(e.seat) or len(unmade) > 1))
        if _blockers(ctx, e, e.after + 1):  # not a suit its owner can run alone (Elwell 1902 Hand 4)
            text, wins = _blocked_text(ctx, e), False
    return Finding(
        motif="establish",
        label="ESTABLISHED",
        trick=t.number,
        tricks=_establishing_tricks(ctx, e),
        seats=(e.seat,),
        cards=tuple(mine),
        facts={
            "hand": ctx.who(e.seat),
            "suit": e.suit.word,
            "after_trick": t.number,
            "long_cards": [str(c) for c in e.long_cards],
            "holding": cards_text(mine),
            "never_made": [str(c) for c in unmade],
        },
        text=text,
        shown=wins,
    )


def _led_by_side(ctx: Context, e: Established, j: int) -> bool:
    lead = ctx.tricks[j].plays[0]
    return lead[0].side == e.seat.side and lead[1].suit == e.suit


def _establishing_tricks(ctx: Context, e: Established) -> tuple[int, ...]:
    """The tricks the suit was set up in: each round of it the hand's side led, up to the trick
    after which it is established (that trick too, whatever was led); and the trick before such a
    round that put the lead where it was led from (``_prepares``)."""
    led = [j for j in ctx.rounds(e.suit) if j <= e.after and _led_by_side(ctx, e, j)]
    before = [j - 1 for j in led if j > 0 and _prepares(ctx, e, j - 1)]
    return tuple(ctx.tricks[j].number for j in sorted({*led, *before, e.after}))


def _prepares(ctx: Context, e: Established, j: int) -> bool:
    """Trick index ``j``, just before a round of the suit the hand's side leads, put that lead in
    the right hand: its leader won trick ``j`` by overtaking his partner's card, which was winning
    it: a crossing when his side led trick ``j`` (Elwell 1902 Hand 3 trick 3: dummy's ♥Q over the
    dealer's ♥J, then dummy's ♦Q), and when the adversaries led it only in a round of the suit
    itself (Elwell 1904 Hand 17 trick 1: the dealer's ♣A over dummy's ♣5, then a small club)."""
    t, leader = ctx.tricks[j], ctx.tricks[j + 1].plays[0][0]
    if t.winner != leader or (t.plays[0][0].side != leader.side and t.led_suit != e.suit):
        return False
    seats = [seat for seat, _ in t.plays]
    if leader.partner not in seats or seats.index(leader.partner) > seats.index(leader):
        return False
    before = t.plays[: seats.index(leader)]
    return trick_winner(before, ctx.trump) == leader.partner


def _won(ctx: Context, e: Established) -> set[Card]:
    """The hand's cards that win a trick after the suit is established."""
    out: set[Card] = set()
    for j in range(e.after + 1, len(ctx.tricks)):
        card = ctx.tricks[j].card_of(e.seat)
        if ctx.tricks[j].winner == e.seat and card is not None:
            out.add(card)
    return out


def _kept_out(ctx: Context, e: Established, unmade: list[Card]) -> bool:
    """Neither the hand nor its partner with a card of the suit wins a trick while the hand still
    holds one of its cards that never win: the suit is good, but its owner never has the lead."""
    for j in range(e.after + 1, len(ctx.tricks)):
        if not any(c in unmade for c in ctx.holding(e.seat, e.suit, j)):
            return True
        w = ctx.tricks[j].winner
        # the partner in with none of the suit cannot lead it to him (Elwell 1902 Hand 9, trick 9)
        if w is None or w == e.seat or (w == e.seat.partner and ctx.holding(w, e.suit, j + 1)):
            return False
    return True


def _blocked_text(ctx: Context, e: Established) -> str:
    """The true words for a suit the partner's cards are in the way of (kept as a fact, not shown:
    whether the partner can give the lead back depends on the play)."""
    i = e.after + 1
    who, partner = ctx.role(e.seat), ctx.role(e.seat.partner)
    his, mine = ctx.holding(e.seat.partner, e.suit, i), ctx.holding(e.seat, e.suit, i)
    one = len(his) == 1
    return (
        f"After this trick the adversaries cannot stop {who}'s {e.suit.word}, but {partner}'s "
        f"{cards_text(his)} {'is' if one else 'are'} in the way: led from {who}'s hand, {partner} "
        f"cannot play {'it' if one else 'all of them'} under {who}'s {cards_text(mine)}, so he must "
        f"win a round of them himself."
    )


def _unmade_text(ctx: Context, e: Established, unmade: list[Card]) -> str:
    """The words for a suit set up and never run: what it could do, and that it never did."""
    i = e.after + 1
    who, mine = ctx.role(e.seat), ctx.holding(e.seat, e.suit, i)
    rest = sorted((c for o in opponents(e.seat) for c in ctx.holding(o, e.suit, i)), key=lambda c: -c.rank)
    ruff = ""
    if ctx.trump is not None and not any(ctx.trumps(o, i) for o in opponents(e.seat)):
        ruff = ", and they have no trumps to ruff with"
    if not rest:
        could = f"the adversaries have no {e.suit.word} left{ruff}, so with the lead {who} would make the {cards_text(mine)}"
    else:
        n = max(len(ctx.holding(o, e.suit, i)) for o in opponents(e.seat))
        could = (
            f"led from {who}'s hand, the {cards_text(mine[:n])} would draw the adversaries' "
            f"{cards_text(rest)}{ruff}"
        )
        could += f", and the {cards_text(mine[n:])} would then win too" if mine[n:] else ""
    last = next((j for j in range(i, len(ctx.tricks)) if not set(unmade) & set(ctx.hand(e.seat, j))), None)
    window = range(i, len(ctx.tricks) if last is None else last)
    partner = ctx.role(e.seat.partner)
    helps = any(ctx.tricks[j].winner == e.seat.partner for j in window)
    return (
        f"After this trick {who}'s {e.suit.word} are established: {could}. But {who} never wins a "
        f"trick while he still holds {'the' if len(unmade) == 1 else 'any of the'} {cards_text(unmade)}"
        + (f", and when {partner} wins one he has no {e.suit.singular} to lead" if helps else "")
        + f", so {'it never takes' if len(unmade) == 1 else 'they never take'} a trick."
    )


def _all_win(ctx: Context, e: Established, mine: list[Card]) -> bool:
    """Every card of the hand's suit, as it stands once established, wins a trick later."""
    won = {
        ctx.tricks[j].card_of(e.seat)
        for j in range(e.after + 1, len(ctx.tricks))
        if ctx.tricks[j].winner == e.seat
    }
    return all(c in won for c in mine)


def _why_good(ctx: Context, e: Established) -> str:
    """Why the suit is good now, in words true of the cards: which of the hand's cards are winners
    at once, which adversary cards they draw, and which adversary cards are still above the small
    ones until then (the small cards are not "all higher" than what is out)."""
    i = e.after + 1
    mine = ctx.holding(e.seat, e.suit, i)
    theirs = {o: ctx.holding(o, e.suit, i) for o in opponents(e.seat) if ctx.holding(o, e.suit, i)}
    rest = sorted((c for cs in theirs.values() for c in cs), key=lambda c: -c.rank)
    ruff = ""
    if ctx.trump is not None and not any(ctx.trumps(o, i) for o in opponents(e.seat)):
        ruff = ", and they have no trumps to ruff with"
    low = e.long_cards[-1]
    if len(mine) == 1:
        gone = f"the adversaries have no {e.suit.word} left" if not rest else _all_lower(e, rest)
        return f"{gone}{ruff}, so the {low}, a loser at the start, is a winner"
    if not rest or rest[0].rank < mine[-1].rank:
        gone = f"the adversaries have no {e.suit.word} left" if not rest else _all_lower(e, rest)
        return f"{gone}{ruff}, so {cards_text(mine)} are all winners — even the {low}, a loser at the start"
    n = max(len(cs) for cs in theirs.values())
    top, after = mine[:n], mine[n:]
    # "draws" only the adversary cards that fell to a round of the suit under one of the top cards
    # (Elwell 1904 Hand 40: B throws his ♠4 3 on hearts; Elwell 1902 Hand 9: B's ♠9 falls to the
    # dealer's ♠10, not to dummy's ♠A)
    fell = {o: [c for c in cs if _drawn(ctx, e, c, top)] for o, cs in theirs.items()}
    drawn = _listed([f"{ctx.who(o)}'s {cards_text(cs)}" for o, cs in fell.items() if cs])
    win = "is a winner" if n == 1 else "are winners"
    first = f"the {cards_text(top)} {win}"
    if drawn:
        first += f" and draws {drawn}" if n == 1 else f", and as they are played they draw {drawn}"
    if not after:  # the top cards are not all masters: say only which are, and what is above the rest
        masters = [c for c in mine if c.rank > rest[0].rank]
        top, after = masters, mine[len(masters) :]
        first = f"the {cards_text(top)} {'is a winner' if len(top) == 1 else 'are winners'} now"
    # a long card that never wins in the play is not said to win (Elwell 1904 Hand 40: the ♠7 goes
    # under dummy's ♠8)
    won = _won(ctx, e)
    made = [c for c in after if c in won]
    then = ""
    under = [c for c in made if c.rank < rest[0].rank]
    if made:
        verb = "wins" if len(made) == 1 else "win"
        then = f"; then the {cards_text(made)} {verb} too"
    if under:
        above = [c for c in rest if c.rank > under[0].rank]
        then += f", though the {cards_text(above)} {'is' if len(above) == 1 else 'are'} higher than the {cards_text(under)} now"
    play = _play_text(ctx, e, [c for cs in theirs.values() for c in cs if c not in sum(fell.values(), [])])
    play += _lost_text(ctx, e, [c for c in top + after if c not in won], play != "")
    return (
        f"{first}{then}"
        + (", and the adversaries have no trumps to ruff with" if ruff else "")
        + (f". In the play {play}" if play else "")
    )


def _trick_of(ctx: Context, seat: Seat, card: Card, start: int) -> int | None:
    """The trick index, from ``start`` on, in which ``seat`` plays ``card``."""
    return next((j for j in range(start, len(ctx.tricks)) if ctx.tricks[j].card_of(seat) == card), None)


def _owner(ctx: Context, e: Established, card: Card) -> Seat:
    return next(o for o in opponents(e.seat) if card in ctx.holding(o, e.suit, e.after + 1))


def _drawn(ctx: Context, e: Established, card: Card, top: list[Card]) -> bool:
    """An adversary's card falls to a round of the suit in which the hand plays one of ``top``."""
    j = _trick_of(ctx, _owner(ctx, e, card), card, e.after + 1)
    return j is not None and ctx.tricks[j].led_suit == e.suit and ctx.tricks[j].card_of(e.seat) in top


def _listed(items: list[str]) -> str:
    return listed(items) if items else ""


def _play_text(ctx: Context, e: Established, cards: list[Card]) -> str:
    """What became in the play of the adversaries' cards of the suit not drawn by the top cards:
    thrown away on other suits, kept, or fallen (or winning) in a round of the suit."""
    parts: list[str] = []
    rounds: dict[int, list[str]] = {}
    for o in opponents(e.seat):
        fates = [(c, *_fate(ctx, o, c, e.after + 1)) for c in cards if _owner(ctx, e, c) == o]
        thrown = [c for c, kind, _ in fates if kind == "thrown"]
        kept = [c for c, kind, _ in fates if kind == "kept"]
        if thrown:
            parts.append(f"{ctx.who(o)} throws away the {cards_text(thrown)}")
        if kept:
            parts.append(f"{ctx.who(o)} keeps the {cards_text(kept)}")
        for c, kind, j in fates:
            if kind == "round" and j is not None:
                rounds.setdefault(j, []).append(f"{ctx.who(o)}'s {c}")
    for j, names in sorted(rounds.items()):
        t = ctx.tricks[j]
        w = t.winner
        wc = t.card_of(w) if w is not None else None
        if w is None or wc is None:
            continue
        if w in opponents(e.seat) and names == [f"{ctx.who(w)}'s {wc}"]:
            parts.append(f"{ctx.who(w)}'s {wc} wins trick {t.number}")
        else:
            verb = "falls" if len(names) == 1 else "fall"
            parts.append(f"{listed(names)} {verb} to {ctx.role(w)}'s {wc} at trick {t.number}")
    return "; ".join(parts)


def _fate(ctx: Context, seat: Seat, card: Card, start: int) -> tuple[str, int | None]:
    """``thrown`` on a trick of another suit, played in a ``round`` of its own suit, or ``kept``."""
    j = _trick_of(ctx, seat, card, start)
    if j is None:
        return "kept", None
    return ("round" if ctx.tricks[j].led_suit == card.suit else "thrown"), j


def _lost_text(ctx: Context, e: Established, cards: list[Card], more: bool) -> str:
    """What became in the play of the hand's long cards that never win a trick."""
    parts: list[str] = []
    fates = [(_fate(ctx, e.seat, c, e.after + 1), c) for c in cards]
    for (kind, j), c in sorted(fates, key=lambda f: len(ctx.tricks) if f[0][1] is None else f[0][1]):
        t = ctx.tricks[j] if j is not None else None
        w = t.winner if t is not None else None
        wc = t.card_of(w) if t is not None and w is not None else None
        if t is None or w is None or wc is None:
            parts.append(f"the {c} is never played")
        elif kind == "thrown":
            parts.append(f"the {c} is thrown away at trick {t.number}")
        elif w == e.seat.partner:
            parts.append(f"the {c} goes under {ctx.role(w)}'s {wc} at trick {t.number}")
        else:
            parts.append(f"the {c} loses trick {t.number} to {ctx.role(w)}'s {wc}")
    if not parts:
        return ""
    one = len(cards) == 1
    return ("; " if more else "") + listed(parts) + f", so {'it never wins' if one else 'they never win'}"


def _all_lower(e: Established, rest: list[Card]) -> str:
    return f"the adversaries' {e.suit.word} left ({cards_text(rest)}) are all lower"


def _long_card_wins(ctx: Context, e: Established) -> list[Finding]:
    out: list[Finding] = []
    for j in range(e.after + 1, len(ctx.tricks)):
        t = ctx.tricks[j]
        card = t.card_of(e.seat)
        if t.winner != e.seat or card is None or card not in e.long_cards:
            continue
        discard = _partner_discard(ctx, j, e.seat) if ctx.declarer_side(e.seat) else None
        shown = not out or discard is not None
        # [interp] a long card wins because the adversaries have none of the suit left; a card an
        # adversary still follows to wins by rank, as the master of the suit (Elwell 1904 Hand 33
        # trick 8: the dealer's ♠K over A's ♠6)
        long = not _followed(t, e)
        what = "a long card of the established suit" if long else f"now the master {e.suit.singular}"
        text = f"{capitalised(ctx.role(e.seat))}'s {card}, {what}, wins the trick"
        text += (
            f", and {ctx.role(e.seat.partner)} throws the losing {discard} on it."
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
                    "long": long,
                },
                text=text,
                shown=shown,
            )
        )
    return out


def _followed(t: Trick, e: Established) -> bool:
    """An adversary plays a card of the suit to the trick."""
    return any(c.suit == e.suit for o in opponents(e.seat) if (c := t.card_of(o)) is not None)


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
    # [interp] a loser: an adversary still holds a higher card of its suit (Elwell 1902 Hand 5,
    # trick 11: with no spades left among the adversaries the dealer's ♠J is no loser)
    higher = any(c.suit == card.suit and c.rank > card.rank for o in opponents(seat) for c in ctx.hand(o, j))
    return card if higher else None
