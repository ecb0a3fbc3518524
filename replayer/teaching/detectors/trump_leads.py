"""Detector: trump leads by the adversaries (rules-reference §7, MOT-TRUMPLEAD) — the opening trump
lead justified or not, and a later trump lead that stops a ruff.  Split from ``leads``.  Pure
functions of the context; notes in our own words.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...rules.cards import Card, Rank, Suit
from ...rules.seats import Seat
from ..context import Author, Context
from ..findings import Finding, Phase, detector, each_trick
from ..words import capitalised, cards_text, listed, number_word

__all__ = ["trump_lead"]

_A, _K, _Q, _J = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK


# ---------------------------------------------------------------------------------------------
# MOT-TRUMPLEAD: trump leads by the adversaries [S2 p.53, p.55, pp.61-62]


@detector("trump-lead", "Trump leads", Phase.LEADS, 6)
def trump_lead(ctx: Context) -> list[Finding]:
    """A defender leads a trump: at the opening, only with a tenace or guarded king in every other suit
    (or a double from partner); later, the facts that make it useful.  The declaring side's first trump
    lead, to bring in a suit only a ruff can stop (``_draw_for_suit_at``).  A return into a ruff when a
    trump lead was safe (``_missed_at``)."""
    if ctx.trump is None or ctx.declarer is None:
        return []
    found = each_trick(ctx, _trump_lead_at) + each_trick(ctx, _draw_for_suit_at)
    return found + each_trick(ctx, _missed_at)


def _trump_lead_at(ctx: Context, i: int) -> Finding | None:
    first = ctx.lead(i)
    if first is None or first[1].suit != ctx.trump or not ctx.defender(first[0]):
        return None
    if i == 0 and ctx.complete_deal:
        return _trump_opening(ctx, first[0], first[1])
    return _trump_later(ctx, i, first[0], first[1])


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
        text = f"{w} opens a trump, {card}: {p} has doubled, and Foster allows a trump lead then."
        return Finding("trump-lead", "TRUMP_OPENING_JUSTIFIED", number, (seat,), (card,), text, (), facts)
    suits = " ".join(cards_text(plain[s]) for s in sorted(plain, reverse=True) if plain[s])
    if not weak:
        text = (
            f"{w} opens a trump, {card}, holding a tenace or a guarded king in every other suit ({suits}): "
            f"the one case in which Foster lets the eldest hand lead trumps."
        )
        return Finding("trump-lead", "TRUMP_OPENING_JUSTIFIED", number, (seat,), (card,), text, (), facts)
    names = listed([s.word for s in weak])
    verb = "has" if len(weak) == 1 else "have"
    text = (
        f"{w} opens a trump, {card}. Foster advises the eldest hand against it unless every other suit holds "
        f"a tenace or a guarded king, or partner has doubled; here {names} {verb} neither."
    )
    return Finding("trump-lead", "TRUMP_OPENING_CONTRARY", number, (seat,), (card,), text, (), facts)


def _trump_later(ctx: Context, i: int, seat: Seat, card: Card) -> Finding:
    assert ctx.trump is not None and ctx.dummy is not None and ctx.declarer is not None
    trump = ctx.trump
    drawn = any(ctx.declarer_side(ctx.tricks[j].leader) and ctx.tricks[j].led_suit == trump for j in range(i))
    n_dummy, n_decl = len(ctx.holding(ctx.dummy, trump, i)), len(ctx.holding(ctx.declarer, trump, i))
    ruffs = _ruffing_suits(ctx, i)
    forced = all(c.suit == trump for c in ctx.hand(seat, i))
    facts = {
        "declarer_led_trumps": drawn,
        "dummy_trumps": n_dummy,
        "declarer_trumps": n_decl,
        "dummy_short": [str(m) for m in ruffs.get(ctx.dummy, [])],
        "declarer_short": [str(m) for m in ruffs.get(ctx.declarer, [])],
        "forced": forced,
    }
    w, d = ctx.who(seat), ctx.dealer_word()
    text = f"{w} leads a trump, {card}"
    text += f", though {d} has led them already." if drawn else f"; {d} has not led trumps himself."
    for ruffer, masters in ruffs.items():
        n, who = len(ctx.trumps(ruffer, i)), ctx.role(ruffer)
        text += (
            f" {capitalised(who)} has {number_word(n)} trump{'s' if n > 1 else ''} and is "
            f"{'void' if not ctx.holding(ruffer, masters[0].suit, i) else 'short'} in "
            f"{listed([m.suit.word for m in masters])}, where the defenders hold "
            f"{'the master' if len(masters) == 1 else 'the masters'} ({cards_text(masters)}): "
            f"each trump drawn now is one {who} cannot use to ruff."
        )
    # [interp] the note belongs to the decision to lead trumps: a defender's trump lead straight on from his
    # own (the next round of the same plan) is kept quiet; one made again after the lead went to the other
    # side or to partner, while a ruff is still to be stopped, is a new decision (Elwell 1904 Hand 25
    # trick 4: "B again leads through the strong trump hand").
    again = any(ctx.tricks[j].leader == seat and ctx.tricks[j].led_suit == trump for j in range(i))
    straight_on = i > 0 and ctx.tricks[i - 1].leader == seat and ctx.tricks[i - 1].led_suit == trump
    facts |= {"again": again, "straight_on": straight_on}
    shown = not forced and (not again or (not straight_on and bool(ruffs)))
    if again:
        text = text.replace(f"leads a trump, {card}", f"leads a trump again, {card}", 1)
    return Finding(
        "trump-lead",
        "TRUMP_LEAD",
        ctx.tricks[i].number,
        (seat,),
        (card,),
        text,
        (),
        facts,
        shown,
    )


def _ruffing_suits(ctx: Context, i: int) -> dict[Seat, list[Card]]:
    """Plain suits in which a defender holds the master card and a hand of the declaring side with
    trumps holds at most one card, under the hand that would ruff it: the shorter of the two (a
    void before a singleton; dummy when both are as short)."""
    assert ctx.dummy is not None and ctx.declarer is not None and ctx.trump is not None
    out: dict[Seat, list[Card]] = {}
    for s in Suit:
        if s == ctx.trump:
            continue
        left = ctx.unplayed(s, i)
        if not left or not any(left[0] in ctx.hand(p, i) for p in ctx.defenders):
            continue
        # [interp] the defenders can draw a hand's trumps only in as many rounds as the longer of their own
        # trump holdings lasts: a hand with more trumps than that keeps some to ruff (Elwell 1904 Hand 26)
        rounds = max(len(ctx.trumps(p, i)) for p in ctx.defenders)
        short = [
            p
            for p in (ctx.dummy, ctx.declarer)
            if 0 < len(ctx.trumps(p, i)) <= rounds and len(ctx.holding(p, s, i)) <= 1
        ]
        if short:
            ruffer = min(short, key=lambda p: len(ctx.holding(p, s, i)))
            out.setdefault(ruffer, []).append(left[0])
    return out


def _run_but_for_ruffs(ctx: Context, p: Seat, s: Suit, i: int) -> list[Seat]:
    """[interp] ``p``'s plain suit ``s`` at trick index ``i`` is established but for the trumps (D-10
    without its trump clause): each adversary holding n cards of it meets ``p``'s n-th highest over his
    highest.  Returns the adversaries who would run out of it first while they still hold a trump (those
    whose ruff alone could stop it), or [] when the suit is not established so."""
    mine = ctx.holding(p, s, i)
    ruffers = []
    for o in ctx.defenders:  # p is of the declaring side
        theirs = ctx.holding(o, s, i)
        n = len(theirs)
        if n and (len(mine) < n or mine[n - 1].rank < theirs[0].rank):
            return []
        if n < len(mine) and ctx.trumps(o, i):
            ruffers.append(o)
    return ruffers


def _draw_for_suit_at(ctx: Context, i: int) -> Finding | None:
    """Elwell 1904 Hand 27 trick 2: "The dealer after taking the force leads trumps in order to bring in
    the established spade suit"; Elwell (p. 62 of *Advanced Bridge*): with the lead "he may exhaust the
    trumps, and make the established suit"; Foster [S2 p.70]: draw the adversaries' trumps at once.  The
    declaring side's first trump lead, when one of its hands holds a plain suit of five or more that is
    established but for the trumps, an adversary who holds trumps would run out of it first, and the
    declaring side holds more trumps in one hand than he does."""
    first = ctx.lead(i)
    trump = ctx.trump
    if first is None or trump is None or first[1].suit != trump or not ctx.declarer_side(first[0]):
        return None
    if any(ctx.declarer_side(ctx.tricks[j].leader) and ctx.tricks[j].led_suit == trump for j in range(i)):
        return None
    seat, card = first
    for p in (seat.partner, seat):
        for s in Suit:
            mine = ctx.holding(p, s, i)
            ruffers = _run_but_for_ruffs(ctx, p, s, i) if s != trump and len(mine) >= 5 else []
            # [interp] only when the declaring side can draw them: its longer trump hand outnumbers each
            # ruffer's trumps (Elwell 1904 Hand 7: A's four trumps against Z's four are forced out, not drawn)
            most = max(len(ctx.trumps(h, i)) for h in ctx.declaring)
            if ruffers and all(len(ctx.trumps(o, i)) < most for o in ruffers):
                return _draw_finding(ctx, i, (seat, card), (p, s), ruffers)
    return None


def _draw_finding(
    ctx: Context, i: int, lead: tuple[Seat, Card], suit_of: tuple[Seat, Suit], ruffers: list[Seat]
) -> Finding:
    (seat, card), (p, s) = lead, suit_of
    name = {x: ctx.role(x) for x in Seat}
    theirs = {o: ctx.holding(o, s, i) for o in ctx.defenders if ctx.holding(o, s, i)}
    mine = ctx.holding(p, s, i)
    top = mine[: max((len(c) for c in theirs.values()), default=0)]
    shown = listed([f"{name[o]}'s {cards_text(c)}" for o, c in theirs.items()])
    fall = f"the adversaries' {s.word}, {shown}, fall under its {cards_text(top)}"
    if not theirs:
        fall = f"the adversaries hold no {s.word}"
    counts = [len(ctx.trumps(o, i)) for o in ruffers]
    held = f"{name[ruffers[0]]} holds {number_word(counts[0])} trump{'s' if counts[0] > 1 else ''}"
    held += "".join(f" and {name[o]} {number_word(n)}" for o, n in zip(ruffers[1:], counts[1:], strict=True))
    rule = f"{ctx.author.value}'s rule" if ctx.author.value else "the rule"
    whose = "his own" if p == seat else f"{name[p]}'s"
    text = (
        f"{capitalised(name[seat])} leads a trump, {card}, to draw the adversaries' trumps. "
        f"{capitalised(whose)} {cards_text(mine)} is established but for them: {fall}, and only a ruff can "
        f"stop the rest ({held}). By {rule} the trumps are drawn first, then the suit is made."
    )
    facts = {"suit": s.word, "holder": p.name, "ruffers": [o.name for o in ruffers]}
    return Finding(
        "trump-lead", "TRUMP_LEAD_FOR_SUIT", ctx.tricks[i].number, (seat, p), (card,), text, (), facts
    )


def _stopped(cards: Sequence[Card]) -> bool:
    """[interp] Elwell's "protected": the ace, a guarded king, or the queen twice guarded."""
    r = {c.rank for c in cards}
    return _A in r or (_K in r and len(cards) >= 2) or (_Q in r and len(cards) >= 3)


def _missed_at(ctx: Context, i: int) -> Finding | None:
    """Elwell 1904 Hand 2 trick 3: "B's best play is unquestionably the trump. He has both the spade and
    the club suit protected, his partner is marked with strength in diamonds, and he can lead trumps with
    safety", but he returns his partner's suit and the weak hand ruffs it.  A defender holding trumps,
    before anyone has led them, returns the suit his partner opened with an honour, every other plain
    suit of his protected, and a hand of the declaring side ruffs the return.  Elwell's lessons only."""
    first, trump = ctx.lead(i), ctx.trump
    if first is None or trump is None or i == 0 or ctx.author is not Author.ELWELL or not ctx.complete(i):
        return None
    seat, card = first
    t, suit, winner = ctx.tricks[i], first[1].suit, ctx.tricks[i].winner
    won = ctx.card_of(i, winner) if winner is not None else None
    if winner is None or won is None or won.suit != trump or suit == trump:
        return None
    if not ctx.defender(seat) or ctx.defender(winner):
        return None
    opened = [j for j in ctx.rounds(suit) if j < i]
    if not opened or ctx.tricks[opened[0]].leader != seat.partner:
        return None
    honour = ctx.tricks[opened[0]].plays[0][1]
    other = {s: ctx.holding(seat, s, i) for s in Suit if s not in (trump, suit)}
    if not honour.rank.is_honour or not ctx.trumps(seat, i) or not all(_stopped(c) for c in other.values()):
        return None
    if any(ctx.tricks[j].led_suit == trump for j in range(i)):
        return None
    name = {x: ctx.role(x) for x in Seat}
    ruffer = name[winner]
    text = (
        f"{capitalised(name[seat])} returns {name[seat.partner]}'s {suit.word} with the {card}, and "
        f"{ruffer} ruffs it with the {won}. By Elwell's rule a trump was the better lead: no trump had been "
        f"led, {name[seat]}'s other suits are protected ({listed([cards_text(c) for c in other.values()])}), "
        f"and {name[seat.partner]}'s lead of the {honour} marks him with strength in {suit.word}, so "
        f"{name[seat]} could lead trumps with safety."
    )
    facts = {"returned": str(card), "ruff": str(won), "partner_led": str(honour)}
    return Finding("trump-lead", "TRUMP_LEAD_MISSED", t.number, (seat, winner), (card, won), text, (), facts)
