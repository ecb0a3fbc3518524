"""Re-entry cards: the card that gives the lead back to a hand with winners (an established suit, or
a tenace to lead toward), noted when it is used and when it is kept (rules-reference §7).  Split from
``long_suits``, whose established suits it reads."""

from __future__ import annotations

import enum

from ...rules.cards import Card, Suit
from ...rules.seats import Seat
from ..context import Context
from ..findings import Finding, Phase, detector, each_trick
from ..words import capitalised, cards_text, listed
from .declarer import finesse_at
from .long_suits import Established, establishments, opponents

__all__ = ["re_entry"]

# ---------------------------------------------------------------------------------------------
# MOT-REENTRY — re-entry cards


class _Purpose(enum.StrEnum):
    """What a re-entry was for."""

    ESTABLISHED = "established"  # to run an established suit
    SET_UP = "set up"  # to lead the hand's own long suit that is not yet established
    FINESSE = "finesse"  # to lead toward the partner's tenace
    RUFF = "ruff"  # to lead a suit the partner trumps
    MASTER = "master"  # to cash a card made master by a round lost just before


@detector("re-entry", "Re-entry cards", Phase.DECLARERS_PLAY, 5)
def re_entry(ctx: Context) -> list[Finding]:
    """REENTRY(H, card) [interp]: H wins a trick led from another hand, and within the next two
    tricks leads an established suit of his side's, or toward his partner's tenace (a finesse
    follows); ENTRY_KEPT for the discard that kept the small card leading to the entry."""
    est = establishments(ctx)

    def at(ctx: Context, i: int) -> list[Finding]:
        f = _reentry_at(ctx, i, est)
        if f is None:
            return []
        found = [f for f in (_kept_in_suit(ctx, f), f, _entry_kept(ctx, i)) if f is not None]
        return sorted(found, key=lambda f: f.trick)

    return sorted(each_trick(ctx, at), key=lambda f: f.trick)


def _reentry_at(ctx: Context, i: int, est: list[Established]) -> Finding | None:
    t = ctx.tricks[i]
    h = t.winner
    if h is None or h == t.leader or not ctx.complete(i):
        return None
    entry = t.card_of(h)
    assert entry is not None
    f = finesse_at(ctx, i)
    if f is not None and f.seat == h:
        return None  # [interp] a card that wins a finesse is the finesse, not a way in kept for later
    won: list[tuple[int, Card]] = [(i, entry)]
    for j in range(i + 1, min(i + 3, len(ctx.tricks))):
        u = ctx.tricks[j]
        lead = ctx.led(j)
        if u.leader != h or lead is None:
            return None  # the lead was lost again
        last = t.leader == h.partner and _last_long(ctx, j, h, lead, est)
        if len(ctx.hand(h, j)) < 2 and not (last or _knocked_out(ctx, i, j, h, lead)):
            return None  # the last card is forced
        why = _entry_use(ctx, j, h, lead, entry.suit, est, i)
        if why is not None and why[0] is _Purpose.FINESSE and _returned(ctx, i, j):
            return (
                None  # [interp] third hand winning his partner's lead and returning the suit (1904 Hand 31)
            )
        if len(won) > 1 and not _master(ctx, won[-1][0], h, won[-1][1]):
            return None  # a card led that was no master was not cashed but finessed (1904 Hand 16)
        if why == (_Purpose.ESTABLISHED, h.partner) and t.leader.side != h.side:
            if not ctx.declarer_side(h) and not _established_after(ctx, j, h.partner, lead.suit):
                return None  # [interp] a defender's suit with cards still to draw (1904 Hand 19)
            link = _link_finding(ctx, i, j, h.partner)
            # [interp] a defender who gets in for his partner's suit is the defence's way in (Foster
            # Hand 4, B's ♦Q); a declarer's winner in the short hand is none: the link card is
            # (Elwell 1902 Hand 4: the dealer's ♠8 to dummy's ♠A), or no note
            if link is not None or ctx.declarer_side(h):
                return link
        if why is not None and why[0] is _Purpose.ESTABLISHED and _partner_ruffs(ctx, j, h, lead.suit):
            return None  # [interp] the suit is not run when the partner trumps it (1904 Hand 6, ♣Q)
        if why is not None:
            return _reentry_finding(ctx, i, won, j, why)
        if u.winner != h:
            return None
        won.append((j, lead))
    return None


def _last_long(ctx: Context, j: int, h: Seat, lead: Card, est: list[Established]) -> bool:
    """[interp] ``h``'s last card, led at trick index ``j``, is a long card of his suit established
    before it, and wins: the way in was for that card (Elwell 1902 Hand 6: "dummy's ♣A is the card
    that puts dummy on lead to play" the ♠6); noted only when the partner led to the entry: an
    adversary's lead at trick 12 is no way in kept, but the end of the hand."""
    return ctx.tricks[j].winner == h and any(
        e.seat == h and e.suit == lead.suit and e.after < j and lead in e.long_cards for e in est
    )


def _returned(ctx: Context, i: int, j: int) -> bool:
    """The lead at trick index ``j`` returns at once the suit the winner's partner led to trick ``i``."""
    t = ctx.tricks[i]
    lead = ctx.led(j)
    return (
        t.winner is not None
        and t.leader == t.winner.partner
        and j == i + 1
        and lead is not None
        and lead.suit == t.led_suit
    )


def _partner_ruffs(ctx: Context, j: int, h: Seat, suit: Suit) -> bool:
    """While ``h`` keeps leading ``suit`` from trick index ``j``, his partner trumps one of those
    cards: the suit was not run but used to give the partner the lead."""
    for u in ctx.tricks[j:]:
        if u.leader != h or u.led_suit != suit:
            return False
        card = u.card_of(h.partner)
        if card is not None and card.suit == ctx.trump and card.suit != suit:
            return True
    return False


def _master(ctx: Context, j: int, h: Seat, card: Card) -> bool:
    """``card``, led by ``h`` to trick index ``j``, is above every card of its suit the adversaries hold."""
    return all(c.rank < card.rank for o in opponents(h) for c in ctx.holding(o, card.suit, j))


def _entry_use(
    ctx: Context, j: int, h: Seat, lead: Card, entry_suit: Suit, est: list[Established], i: int
) -> tuple[_Purpose, Seat] | None:
    """Why H's lead at trick index ``j`` needed the entry won at trick index ``i``: (``established``,
    the suit's hand), (``finesse``, the tenace hand) or (``set up``, H)."""
    # [interp] an entry in the established suit itself is the suit running, not a re-entry; when
    # both hands have the suit established, it is run by the hand that wins the lead
    winner = ctx.tricks[j].winner
    # [interp] and a suit whose first card led is lost (trumped: 1904 Hand 7, A's ♦A) is not run
    runs = winner is not None and winner.side == h.side and lead.suit != entry_suit
    for e in sorted(est, key=lambda e: e.seat != winner):
        if runs and e.suit == lead.suit and e.after < j and e.seat in (h, h.partner):
            return _Purpose.ESTABLISHED, e.seat
    f = finesse_at(ctx, j)
    # [interp] a defender's "finesse" is played with dummy in view: the missing card is with the
    # declarer, who either has played already (the card is sure to win: 1904 Hand 25) or plays
    # after (the low card cannot win: 1904 Hand 17); only the declarer's side finesses
    if (
        f is not None
        and f.seat == h.partner
        and ctx.declarer_side(f.seat)
        and ctx.tenace(h.partner, lead.suit, j)
    ):
        return _Purpose.FINESSE, h.partner
    if _knocked_out(ctx, i, j, h, lead):
        return _Purpose.MASTER, h
    crossed = ctx.tricks[i].leader == h.partner
    if crossed and lead.suit != entry_suit and _gives_ruff(ctx, j, h, lead):
        return _Purpose.RUFF, h.partner
    if (
        crossed
        and lead.suit != entry_suit
        and _sets_up(ctx, j, h, lead, est)
        and _needed(ctx, i, h, lead.suit)
    ):
        return _Purpose.SET_UP, h
    return None


def _knocked_out(ctx: Context, i: int, j: int, h: Seat, lead: Card) -> bool:
    """[interp] (issue 14: a re-entry kept) The trick just before the entry at trick index ``i``
    was a round of ``lead``'s suit that ``h``'s partner led and an adversary won with the last card of
    the suit above ``lead``; ``h``, who kept the entry, leads ``lead`` at trick index ``j`` and wins
    with it; the entry, in another suit, was ``h``'s only master outside the suit at that round
    (Elwell 1904 Hand 37: "Z leads the ♠6 to force out A's ♠K while dummy still holds the ♥A to
    get back in")."""
    entry = ctx.tricks[i].card_of(h)
    if i == 0 or j != i + 1 or ctx.tricks[j].winner != h or entry is None or entry.suit == lead.suit:
        return False
    if ctx.tricks[i].led_suit != entry.suit:
        return False  # a ruff is no way in kept
    # [interp] and the entry was h's only master outside the suit: his one way back
    if [c for c in ctx.hand(h, i - 1) if c.suit != lead.suit and _master(ctx, i - 1, h, c)] != [entry]:
        return False
    k = ctx.tricks[i - 1]
    w = k.winner
    card = k.card_of(w) if w is not None else None
    return (
        w is not None
        and card is not None
        and w.side != h.side
        and k.leader == h.partner
        and k.led_suit == lead.suit == card.suit
        and card.rank > lead.rank
        and _master(ctx, j, h, lead)
    )


def _gives_ruff(ctx: Context, j: int, h: Seat, lead: Card) -> bool:
    """[interp] (issue 14: a defender's entries) A defender, put in by his partner, leads at trick
    index ``j`` a plain suit his partner trumps and wins with the trump: the way in, in another
    suit, was for the ruff (Foster Hand 2: "A club is A's only chance of putting B in again"; B's ♦7 then goes to A's ♥K)."""
    t = ctx.tricks[j]
    card = t.card_of(h.partner)
    return (
        not ctx.declarer_side(h)
        and ctx.trump is not None
        and lead.suit != ctx.trump
        and card is not None
        and card.suit == ctx.trump
        and t.winner == h.partner
    )


def _sets_up(ctx: Context, j: int, h: Seat, lead: Card, est: list[Established]) -> bool:
    """[interp] (issue 14: re-entries planned) The declarer's side crosses to ``h`` for ``h`` to lead
    his own long suit, not yet established, at trick index ``j``; the suit is established later
    and ``h`` runs it after winning, with another card, a trick led by another hand: the suit
    needed two ways in, one to set it up and one to run it (Elwell 1902 Hand 3: dummy's ♥Q, then
    the ♠A; 1904 Hand 10: dummy's ♥K, then the ♥5)."""
    if not ctx.declarer_side(h):
        return False
    for e in est:
        if e.seat != h or e.suit != lead.suit or e.after < j:
            continue
        for m in range(e.after + 1, len(ctx.tricks)):
            u, prev = ctx.tricks[m], ctx.tricks[m - 1]
            runs = u.leader == h and u.led_suit == e.suit
            if runs and prev.winner == h and prev.leader != h and prev.led_suit != e.suit:
                return True
    return False


def _needed(ctx: Context, i: int, h: Seat, suit: Suit) -> bool:
    """[interp] (the entry was "the way in that setting up the suit needed") Every other card ``h``
    holds at trick index ``i`` above all the adversaries' cards of its suit, outside ``suit``, is
    spent later as a way in to lead ``suit`` again: ``h`` had no spare entry (Elwell 1902 Hand 8: the
    dealer's ♠Q, when he also held the ♦A K, was one way in among several)."""
    entry = ctx.tricks[i].card_of(h)
    spare = [c for c in ctx.hand(h, i) if c != entry and c.suit != suit and _master(ctx, i, h, c)]
    return all(_way_in(ctx, i, h, c, suit) for c in spare)


def _way_in(ctx: Context, i: int, h: Seat, card: Card, suit: Suit) -> bool:
    """After trick index ``i``, ``card`` wins a trick another hand led, and ``h`` then leads ``suit``."""
    for m in range(i + 1, len(ctx.tricks) - 1):
        t = ctx.tricks[m]
        if t.card_of(h) == card:
            return t.winner == h and t.leader != h and ctx.tricks[m + 1].led_suit == suit
    return False


def _reentry_finding(
    ctx: Context, i: int, won: list[tuple[int, Card]], j: int, why: tuple[_Purpose, Seat]
) -> Finding:
    t, u = ctx.tricks[i], ctx.tricks[j]
    h = t.winner
    assert h is not None
    lead = u.plays[0][1]
    entry = won[0][1]
    by = t.card_of(t.leader)
    cashed = [c for _, c in won[1:]]
    if t.leader.side == h.side:
        via = f"{ctx.role(t.leader)}'s {by} puts {ctx.role(h)} in with the {entry}; {ctx.role(h)} then "
        then = f"cashes the {cards_text(cashed)} and " if cashed else ""
    else:
        via = f"{ctx.role(h)} gets in with the {entry}"
        then = f", cashes the {cards_text(cashed)} and " if cashed else " and "
    purpose, hand = why
    whose = "his own" if hand == h and h != ctx.dummy else ("its own" if hand == h else ctx.role(hand) + "'s")
    setup: list[int] = []
    if purpose is _Purpose.ESTABLISHED:
        goal = f"leads the {lead} at trick {u.number} to run {whose} {_run_words(ctx, j, hand, lead.suit)}"
        setup, before = _set_up(ctx, i, h, lead.suit)
        via = f"{before}{capitalised(via)}" if before else via
    elif purpose is _Purpose.SET_UP:
        goal = f"leads the {lead} at trick {u.number} to set up {whose} {lead.suit.word}"
    elif purpose is _Purpose.MASTER:
        goal = f"leads the {lead} at trick {u.number}, now the master {lead.suit.singular}"
        setup, before = _set_up(ctx, i, h, lead.suit)
        via = f"{before}{capitalised(via)}" if before else via
    elif purpose is _Purpose.RUFF:
        ruff = u.card_of(hand)
        goal = f"leads the {lead} at trick {u.number} for {ctx.role(hand)} to trump, and {ctx.role(hand)}'s {ruff} wins it"
    else:
        goal = (
            f"leads the {lead} at trick {u.number} for the finesse toward "
            f"{ctx.role(hand)}'s {cards_text(ctx.holding(hand, lead.suit, j))}"
        )
    need = {
        _Purpose.ESTABLISHED: f"the long {lead.suit.word}",
        _Purpose.SET_UP: f"setting up the {lead.suit.word}",
        _Purpose.FINESSE: "the finesse",
        _Purpose.RUFF: "the ruff",
        _Purpose.MASTER: f"the {lead}",
    }[purpose]
    text = f"Re-entry: {via}{then}{goal}. The {entry} was the way in that {need} needed."
    made = _made(ctx, i, h, entry) or _forced(ctx, i, h, entry)
    if made is not None:
        setup = sorted({*made[0], *setup})
        text += made[1]
    return Finding(
        motif="re-entry",
        label="REENTRY",
        trick=t.number,
        tricks=tuple(ctx.tricks[k].number for k in (*setup, *range(i, j + 1))),
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


def _run_words(ctx: Context, j: int, hand: Seat, suit: Suit) -> str:
    """[interp] (issue 14, second reading of Elwell 1904 Hand 22: "if the diamonds now break") The
    suit ``hand`` runs from trick index ``j`` (after a way in of its own suit, the trick after it):
    ``established`` only when no adversary card of it is
    above ``hand``'s lowest; otherwise what the cards show at that trick: the long cards below an
    adversary card are good only once the adversaries' cards above them have fallen."""
    mine = ctx.holding(hand, suit, j)
    out = [c for o in opponents(hand) for c in ctx.holding(o, suit, j)]
    if not out or all(c.rank < mine[-1].rank for c in out):
        return f"established {suit.word}"
    top = max(c.rank for c in out)
    # [interp] a long card the hand later leads and the partner overtakes is not called good
    # (Elwell 1904 Hand 4: the dealer's ♣5 under dummy's ♣9; Hand 40: the ♠7 under the ♠8)
    longs = [c for c in mine if c.rank < top and not _overtaken(ctx, j, hand, c)]
    if not longs:
        return suit.word
    held = [(o, [c for c in ctx.holding(o, suit, j) if c.rank > longs[-1].rank]) for o in opponents(hand)]
    above = [f"{ctx.role(o)}'s {cards_text(cs)}" for o, cs in held if cs]
    fallen = "has" if sum(len(cs) for _, cs in held) == 1 else "have"
    return (
        f"{suit.word}; the {cards_text(longs)} {'is' if len(longs) == 1 else 'are'} good only once "
        f"{listed(above)} {fallen} fallen"
    )


def _overtaken(ctx: Context, j: int, hand: Seat, card: Card) -> bool:
    """``hand`` leads ``card`` at or after trick index ``j`` and his partner wins that trick."""
    return any(
        t.leader == hand and t.card_of(hand) == card and t.winner == hand.partner for t in ctx.tricks[j:]
    )


def _made(ctx: Context, i: int, h: Seat, entry: Card) -> tuple[list[int], str] | None:
    """[interp] (issue 14: the entry made, Elwell 1904 Hand 4: "Z plays his ♦K under A's ♦A: the ♦Q
    is then the best diamond left, and a card of entry for dummy") ``h``'s partner, holding a card of
    the entry's suit below the ``entry``, played a higher one at an earlier trick, the last card of
    his side above the ``entry``, under another's winner (not a winner cashed); when ``entry`` wins trick index ``i`` no card of its suit above it
    is left anywhere: the trick where the way in was made."""
    p, suit = h.partner, entry.suit
    if any(c.rank > entry.rank for s in Seat for c in ctx.holding(s, suit, i)):
        return None
    for k in range(i - 1, -1, -1):
        c = ctx.tricks[k].card_of(p)
        if c is None or c.suit != suit or c.rank < entry.rank:
            continue
        kept = [x for x in ctx.holding(p, suit, k) if x.rank < entry.rank]
        if not kept:
            return None  # [interp] no lower card to play instead: the card was forced
        w = ctx.tricks[k].winner
        if w is None or w == p:
            return None  # [interp] a winner cashed is no card given up to make the way in
        return [k], (
            f" {capitalised(ctx.role(p))} made that way in at trick {ctx.tricks[k].number}: he played his "
            f"{c} under {ctx.role(w)}'s {ctx.tricks[k].card_of(w)}, keeping the {cards_text(kept)}, so that no {suit.singular} of his "
            f"stood above the {entry} when it won."
        )
    return None


def _forced(ctx: Context, i: int, h: Seat, entry: Card) -> tuple[list[int], str] | None:
    """[interp] (issue 14: the entry forced clear, Elwell 1904 Hand 35: B "leads his ♥Q from ♥Q 5
    4, throwing it away to make the ♥K a possible re-entry for A") The last card above the
    ``entry`` fell from an adversary on a lead of its suit by ``h``'s partner, who led the suit at
    every trick of that run, ``h`` keeping the ``entry``; when it wins trick index ``i`` no card of
    its suit above it is left: the run's tricks, where the way in was cleared (no purpose claimed:
    in 1904 Hands 19 and 21 the lead had other reasons, and the words say only what fell)."""
    p, suit = h.partner, entry.suit
    if any(c.rank > entry.rank for s in Seat for c in ctx.holding(s, suit, i)):
        return None
    above = [
        k for k in range(i) if any(c.suit == suit and c.rank > entry.rank for _, c in ctx.tricks[k].plays)
    ]
    if not above:
        return None
    last = above[-1]
    run = [k for k in range(last + 1) if all(ctx.tricks[m].leader == p for m in range(k, last + 1))]
    if not run or any(ctx.tricks[m].led_suit != suit for m in run):
        return None
    top = next(c for s, c in ctx.tricks[last].plays if c.suit == suit and c.rank > entry.rank)
    who = next(s for s, c in ctx.tricks[last].plays if c == top)
    if who.side == h.side or ctx.tricks[last].card_of(h) == entry:
        return None
    leads = listed([str(ctx.led(m)) for m in run])
    return run, (
        f" The way in was cleared at trick{'s' if len(run) > 1 else ''}"
        f" {listed([str(ctx.tricks[m].number) for m in run])}: {ctx.role(p)}'s lead{'s' if len(run) > 1 else ''}"
        f" of the {leads} drew {ctx.role(who)}'s {top}, the last {suit.singular} above the {entry}."
    )


def _set_up(ctx: Context, i: int, h: Seat, suit: Suit) -> tuple[list[int], str]:
    """[interp] (issue 14: a re-entry kept, not only used) The rounds of ``suit`` that ``h``'s side
    led before the re-entry at trick index ``i``, up to the last one an adversary won: the suit was
    set up while ``h`` still held the entry (Elwell 1902 Hand 4: dummy's diamond drives out B's
    ♦A at trick 9, the dealer's ♣A wins trick 10).  No rounds when no adversary won one."""
    led = [m for m in ctx.rounds(suit) if m < i and ctx.complete(m) and ctx.tricks[m].leader.side == h.side]
    lost = [m for m in led if (w := ctx.tricks[m].winner) is not None and w.side != h.side]
    if not lost:
        return _made_good(ctx, i, h, suit, led)
    rounds = [m for m in led if m <= lost[-1]]
    taken = listed([_won_by(ctx, m) for m in lost])
    word = "trick" if len(rounds) == 1 else "tricks"
    at = listed([str(ctx.tricks[m].number) for m in rounds])
    entry = ctx.tricks[i].card_of(h)
    return rounds, (
        f"the {suit.word} are led at {word} {at} ({taken}) while {ctx.role(h)} still holds the {entry}. "
    )


def _made_good(ctx: Context, i: int, h: Seat, suit: Suit, led: list[int]) -> tuple[list[int], str]:
    """[interp] (issue 14: a re-entry kept, not only used) No round of ``suit`` was lost, but ``h``'s
    suit became established, before the re-entry at trick index ``i``, at a trick another hand won:
    the lead went away from ``h`` while he kept the entry (Elwell 1904 Hand 1: B's ♥J wins trick 8
    and "Z keeps his ♦K to get in and run the spades"; Elwell 1902 Hand 6: the dealer ruffs dummy's
    ♠4 at trick 11, and "dummy's ♣A is the card that puts dummy on lead")."""
    e = next((e for e in establishments(ctx) if e.seat == h and e.suit == suit and e.after < i), None)
    if e is None or not _lead_away(ctx, e.after, h):
        return [], ""
    rounds = sorted({*(m for m in led if m <= e.after), e.after})
    before = [str(ctx.tricks[m].number) for m in rounds if m in led]
    word = "trick" if len(before) == 1 else "tricks"
    were = f"are led at {word} {listed(before)} and " if before else ""
    entry = ctx.tricks[i].card_of(h)
    n = ctx.tricks[e.after].number
    return rounds, (
        f"the {suit.word} {were}are established after trick {n} ({_won_by(ctx, e.after)}) while "
        f"{ctx.role(h)} still holds the {entry}. "
    )


def _lead_away(ctx: Context, m: int, h: Seat) -> bool:
    """Trick index ``m`` takes the lead from ``h``: an adversary wins it, or ``h``'s partner trumps
    a card of another suit led."""
    t = ctx.tricks[m]
    w = t.winner
    if w is None or w == h:
        return False
    card = t.card_of(w)
    ruff = card is not None and card.suit == ctx.trump and card.suit != t.led_suit
    return w.side != h.side or ruff


def _won_by(ctx: Context, m: int) -> str:
    t = ctx.tricks[m]
    assert t.winner is not None
    return f"{ctx.role(t.winner)}'s {t.card_of(t.winner)} wins trick {t.number}"


def _link_finding(ctx: Context, i: int, j: int, hand: Seat) -> Finding | None:
    """H won the lead back from an adversary and then leads to his partner's established suit: H's
    winner is no way into the partner's hand (Elwell 1902 Hand 4: the dealer's ♥A, where dummy's
    only re-entry is its ♠A).  The way in is the partner's card that wins H's lead at trick index
    ``j``, reached by H's card of the suit; no note when the partner does not win it."""
    u = ctx.tricks[j]
    h, lead = u.plays[0]
    entry = u.card_of(hand)
    if u.winner != hand or entry is None or not _good_after(ctx, j, hand, lead.suit):
        return None
    last = len(ctx.holding(h, lead.suit, j)) == 1
    link = f"his last {lead.suit.singular}" if last and h != ctx.dummy else None
    led = f"the {lead}" + (f", {link}," if link else "")
    return Finding(
        motif="re-entry",
        label="REENTRY",
        trick=u.number,
        tricks=tuple(ctx.tricks[k].number for k in range(i, j + 1)),
        seats=(hand, h),
        cards=(entry, lead),
        facts={
            "hand": ctx.who(hand),
            "entry": str(entry),
            "cashed": [],
            "then_led": str(lead),
            "led_at": u.number,
            "purpose": _Purpose.ESTABLISHED,
            "for_hand": ctx.who(hand),
        },
        text=(
            f"Re-entry: {ctx.role(h)} leads {led} to {ctx.role(hand)}'s {entry}: that is the way in to "
            f"{ctx.role(hand)}'s {_run_words(ctx, j + 1, hand, lead.suit)}."
        ),
    )


def _good_after(ctx: Context, j: int, hand: Seat, suit: Suit) -> bool:
    """[interp] After trick index ``j`` ``hand`` still holds cards of ``suit`` to run, and the suit
    is established: not a lone master (Elwell 1904 Hand 12: dummy's ♦7, its last diamond)."""
    return bool(ctx.holding(hand, suit, j + 1))


def _established_after(ctx: Context, j: int, hand: Seat, suit: Suit) -> bool:
    """[interp] After trick index ``j`` ``hand`` still holds cards of ``suit``, every one above
    all the adversaries' cards of it: a defender's suit is not yet established while the
    adversaries keep a card above his lowest (1904 Hand 19: A's ♠6 under dummy's ♠9 and Z's ♠8,
    where the way in was B's ♥A and the spades were still to be drawn)."""
    mine = ctx.holding(hand, suit, j + 1)
    theirs = [c for o in opponents(hand) for c in ctx.holding(o, suit, j + 1)]
    return bool(mine) and all(c.rank > t.rank for c in mine for t in theirs)


def _entry_kept(ctx: Context, i: int) -> Finding | None:
    """ENTRY_KEPT [interp]: the partner who led to the re-entry trick, his last card of that suit,
    had earlier discarded from another suit while that small card was his lowest of its suit."""
    t = ctx.tricks[i]
    leader, link = t.plays[0]
    h = t.winner
    if h is None or leader.side != h.side or ctx.holding(leader, link.suit, i) != [link]:
        return None
    won = t.card_of(h)
    if won is None or won.suit != link.suit:
        return None  # the partner trumps the card: a card to ruff, not a way in (1904 Hand 6, ♣Q)
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
                    f"{capitalised(ctx.role(leader))} throws the {card}, not his {link}: that small "
                    f"{link.suit.singular} is his way to reach {ctx.role(h)} later (trick {t.number})."
                ),
            )
    return None


def _kept_in_suit(ctx: Context, used: Finding) -> Finding | None:
    """ENTRY_KEPT [interp] (issue 14: a re-entry kept, not only used): before the re-entry ``used``,
    the entry's hand followed to its suit with a lower card while the entry was above every card of
    the suit the adversaries held, and either his partner won the trick or the adversaries held a
    card between the two (so the lower card was no equal of the entry): the entry was kept back,
    not spent (Elwell 1904 Hand 1: dummy wins the first diamond with the ♦A, keeping Z's ♦K)."""
    h, entry = used.seats[0], used.cards[0]
    k = next(i for i, t in enumerate(ctx.tricks) if t.number in used.all_tricks and t.card_of(h) == entry)
    if ctx.tricks[k].led_suit != entry.suit:
        return None  # a trump that ruffs its way in is no card kept of the suit led
    kept = [m for m in range(k) if _kept_at(ctx, m, h, entry)]
    if not kept:
        return None
    first = ctx.tricks[kept[0]]
    plays = listed([f"the {ctx.tricks[m].card_of(h)} to trick {ctx.tricks[m].number}" for m in kept])
    by = f"{ctx.role(h.partner)} wins trick {first.number} with the {first.card_of(h.partner)}, and "
    who = by + ctx.role(h) if first.winner == h.partner else ctx.role(h)
    text = (
        f"Entry kept: {who} plays {plays}, not the {entry}, while the adversaries hold no "
        f"{entry.suit.singular} above it: the {entry} stays as the way in, and it wins trick "
        f"{ctx.tricks[k].number}."
    )
    return Finding(
        motif="re-entry",
        label="ENTRY_KEPT",
        trick=first.number,
        tricks=(*(ctx.tricks[m].number for m in kept), ctx.tricks[k].number),
        seats=(h,),
        cards=(*(c for m in kept if (c := ctx.tricks[m].card_of(h)) is not None), entry),
        facts={"hand": ctx.who(h), "kept": str(entry), "entry_trick": ctx.tricks[k].number},
        text=text,
    )


def _kept_at(ctx: Context, m: int, h: Seat, entry: Card) -> bool:
    """At trick index ``m`` ``h`` follows to the entry's suit with a lower card, the entry his only
    card above all the adversaries' cards of the suit and one of theirs between the two; ``h`` does
    not win the trick (his partner or an adversary does)."""
    t = ctx.tricks[m]
    mine = t.card_of(h)
    if t.led_suit != entry.suit or mine is None or mine.suit != entry.suit or mine.rank > entry.rank:
        return False
    if entry not in ctx.hand(h, m) or not ctx.complete(m):
        return False
    if t.leader.side != h.side and t.winner is not None and t.winner.side != h.side:
        # [interp] letting the adversaries win their own lead while holding the master is a
        # hold-up, not an entry kept: winning would have given the lead just the same (1904 Hand 9,
        # A's ♠3 under dummy's ♠Q; Hand 14, B's ♦5 and ♦9 under the dealer's diamonds)
        return False
    theirs = [c for o in opponents(h) for c in ctx.holding(o, entry.suit, m)]
    if any(c.rank > entry.rank for c in theirs):
        return False
    if any(c.suit == ctx.trump and c.suit != entry.suit for s, c in t.plays if s.side != h.side):
        return False  # an adversary ruffed: the entry would not have won
    top = max((c.rank for c in theirs), default=0)
    if t.winner == h or any(c not in (entry, mine) and c.rank > top for c in ctx.holding(h, entry.suit, m)):
        return False  # winning cheaply is no entry kept; nor is naming one of two masters
    if any(mine.rank < c.rank < entry.rank for c in theirs):
        return True  # not the entry's equal
    # [interp] or an equal of the entry that was winning the trick, which the partner overtakes:
    # the partner spends his own high card so that the entry stays (Elwell 1904 Hand 11: Z's ♠A
    # on dummy's ♠J keeps dummy's ♠Q; Hand 14: Z's ♥A on dummy's ♥Q keeps the ♥K)
    k = ctx.position(m, h.partner)
    return t.winner == h.partner and k > ctx.position(m, h) and ctx.winning_so_far(m, k) == (h, mine)
