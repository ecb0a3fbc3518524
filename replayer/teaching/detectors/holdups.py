"""Detectors: holding up and ducking at no-trumps (rules-reference §7, MOT-HOLDUP; issue 14 item 3).

One detector, ``hold-up``, finds three plays that refuse a trick while keeping the card that could
win it:

- the declarer's hold-up (``HOLD_UP``): a defender leads a suit the declaring side stops once, and
  it lets the defenders win a round of it — on any round, and with the stopper split between the
  hands; ``HOLD_UP_EFFECTIVE`` when the stopper wins at last and the short defender has none left;
- the defenders' hold-up (``HOLD_UP`` by a defender): the declaring side wins a round of its own
  long suit while a defender, playing after the winning card, keeps a higher card of the suit —
  Elwell's "holding up by the non-dealers", to wait until one hand "is exhausted and cannot lead the
  suit to the opposite hand" (Elwell 1904, *Advanced Bridge*, "Holding up by the non-dealers");
- the declarer's duck (``DUCK``): the declaring side leads its long suit and lets the defenders win
  the round with small cards from both hands, keeping the master card for a later round;
- in Elwell's lessons, the hold-up rightly not made (``NO_HOLD_UP``): the declarer takes the first
  round of the adversaries' suit with its only stopper while they hold a whole other suit against
  him — "If you find that there is another entire suit against you, it pays to take the first lead
  and make what tricks you can in the two remaining suits" (Elwell 1904, *Advanced Bridge*,
  "Keeping the commanding card of the adversaries' suit"); and, by the same section's other rules,
  the ace taken at once when a guarded lower card will stop the suit again, or a king or queen
  taken at once while the higher card lies over it; and by a defender, the first round of the
  declaring side's long suit taken at once when the long hand has an ace outside it ("Holding up
  by the non-dealers").

Each finding names the cards from the trick; what the play achieves is said only when the later
tricks show it.
"""

from __future__ import annotations

from ...rules.cards import SUITS_HIGH_FIRST, Card, Rank, Suit
from ...rules.seats import Seat
from ..context import Author, Context
from ..findings import Finding, Phase, detector
from ..words import capitalised, cards_text, listed
from .declarer import finesse_at, is_bath_coup
from .long_suits import is_established

__all__ = ["hold_up"]


@detector("hold-up", "Holding up", Phase.DECLARERS_PLAY, 2)
def hold_up(ctx: Context) -> list[Finding]:
    """HOLD_UP and HOLD_UP_EFFECTIVE (the declarer's and the defenders'), and DUCK, at no-trumps."""
    if not ctx.nt or ctx.declarer is None:
        return []
    out: list[Finding] = []
    for s in Suit:
        out.extend(_declarers_hold_ups(ctx, s))
        out.extend(_long_masters_held_up(ctx, s))
        out.extend(_defenders_hold_ups(ctx, s))
        out.extend(_ducks(ctx, s))
        if ctx.author is Author.ELWELL:
            out.extend(_no_hold_up(ctx, s))
            out.extend(_taken_at_once(ctx, s))
            out.extend(_defender_takes_at_once(ctx, s))
    return sorted(out, key=lambda f: f.trick)


# ---------------------------------------------------------------------------------------------
# shared facts


def _stoppers(ours: list[Card], theirs: list[Card]) -> int:
    """[interp] How many times the declarer side stops the suit: its k-th highest card stops once
    the defenders' m higher cards are gone, if it holds more cards from it up (k > m) to spend
    on them — so A J 10 9 stops twice against K Q 8 6 2 (the J 10 9 after the K and Q), A 10 9
    once against K Q J."""
    return sum(1 for k, c in enumerate(ours, start=1) if sum(1 for d in theirs if d.rank > c.rank) < k)


def _side_cards(ctx: Context, seats: tuple[Seat, ...], s: Suit, i: int) -> list[Card]:
    return sorted((c for p in seats for c in ctx.holding(p, s, i)), key=lambda c: -c.rank)


def _long_suit_of_declarer(ctx: Context, s: Suit) -> bool:
    """The declaring side held more cards of ``s`` at the start than the two defenders together."""
    return len(_side_cards(ctx, ctx.declaring, s, 0)) > len(_side_cards(ctx, ctx.defenders, s, 0))


def _after(ctx: Context, i: int, seat: Seat, other: Seat) -> bool:
    """``seat`` plays to trick index ``i`` after ``other``."""
    return ctx.position(i, seat) > ctx.position(i, other)


def _first_win(ctx: Context, i: int, card: Card) -> int | None:
    """The index of the first trick after index ``i`` that ``card`` wins."""
    for j in range(i + 1, len(ctx.tricks)):
        t = ctx.tricks[j]
        if t.winner is not None and t.card_of(t.winner) == card:
            return j
    return None


def _won_with(ctx: Context, i: int, s: Suit) -> tuple[Seat, Card] | None:
    """Who won trick index ``i`` and with what, when it was complete and won in ``s``."""
    t = ctx.tricks[i]
    if not ctx.complete(i) or t.winner is None:
        return None
    card = t.card_of(t.winner)
    return (t.winner, card) if card is not None and card.suit == s else None


# ---------------------------------------------------------------------------------------------
# the declarer's hold-up


def _declarers_stopper(ctx: Context, s: Suit, i: int, win: Card) -> tuple[Seat, Card] | None:
    """[interp] The card the declaring side held up at trick index ``i``: the side stops ``s``
    exactly once, and either holds the master card (the hold-up of the reference) or, with the
    stopper split between the hands, a hand playing after the winning card held a card above it
    (Elwell 1902 Hand 9: ♥Q 5 in dummy, ♥K 6 2 in the closed hand, against the ♥A)."""
    ours, theirs = _side_cards(ctx, ctx.declaring, s, i), _side_cards(ctx, ctx.defenders, s, i)
    if not ours or not theirs or _stoppers(ours, theirs) != 1:
        return None
    t = ctx.tricks[i]
    if ours[0].rank > theirs[0].rank:
        owner = ctx.holder(ours[0], i)
        return (owner, ours[0]) if owner is not None else None
    assert t.winner is not None
    for p in ctx.declaring:
        higher = [c for c in ctx.holding(p, s, i) if c.rank > win.rank]
        if higher and _after(ctx, i, p, t.winner):
            return p, higher[0]
    return None


def _short_defender(ctx: Context, s: Suit, leader: Seat) -> Seat:
    """The defender a hold-up strips: the one who held fewer of the suit at the start (the
    leader's partner when they held as many)."""
    a, b = leader.partner, leader
    return b if len(ctx.holding(b, s, 0)) < len(ctx.holding(a, s, 0)) else a


def _declarers_hold_ups(ctx: Context, s: Suit) -> list[Finding]:
    out: list[Finding] = []
    held: list[int] = []
    rounds = ctx.rounds(s)
    if not rounds:
        return []
    short = _short_defender(ctx, s, ctx.tricks[rounds[0]].leader)
    for i in rounds:
        t = ctx.tricks[i]
        won = _won_with(ctx, i, s)
        if not ctx.defender(t.leader) or won is None or not ctx.defender(won[0]):
            continue
        stopper = _declarers_stopper(ctx, s, i, won[1])
        if stopper is None or is_bath_coup(ctx, i):
            continue
        if len(ctx.holding(short, s, i)) < (1 if held else 2):
            continue  # [interp] nothing left to strip: a singleton led, or the short hand already out
        out.append(_hold_up_finding(ctx, i, len(held) + 1, stopper, short))
        held.append(i)
    if held:
        eff = _hold_up_effective(ctx, s, held, short)
        if eff is not None:
            out.append(eff)
    return out


def _hold_up_finding(ctx: Context, i: int, k: int, stopper: tuple[Seat, Card], short: Seat) -> Finding:
    t = ctx.tricks[i]
    owner, card = stopper
    assert t.winner is not None
    master = card == ctx.unplayed(card.suit, i)[0]
    if k == 1:
        why = "With only one stopper in the suit, letting it" if master else "Letting the suit"
        text = (
            f"{capitalised(ctx.role(owner))} holds up the {card} and lets {ctx.role(t.winner)}'s "
            f"{t.card_of(t.winner)} win{'' if master else f', though the {card} would have taken the trick'}. "
            f"{why} run a round or two first can leave {ctx.who(short)} with none to lead back when he gets in."
        )
    else:
        time = "a second time" if k == 2 else "again"
        text = f"{capitalised(ctx.role(owner))} holds up the {card} {time}, to strip {ctx.who(short)} of the suit."
    return Finding(
        motif="hold-up",
        label="HOLD_UP",
        trick=t.number,
        seats=(owner, *[p for p in ctx.declaring if p != owner]),
        cards=tuple(c for p, c in t.plays if p in ctx.declaring),
        facts={
            "by": "declarer",
            "round": k,
            "suit": card.suit.word,
            "stopper": str(card),
            "stripped": ctx.who(short),
        },
        text=text,
    )


def _hold_up_effective(ctx: Context, s: Suit, held: list[int], short: Seat) -> Finding | None:
    side = ctx.declaring
    for j in ctx.rounds(s):
        if j <= held[-1] or not ctx.complete(j):
            continue
        t = ctx.tricks[j]
        winner = t.winner
        card = t.card_of(winner) if winner is not None else None
        if winner not in side or card is None or ctx.holding(short, s, j + 1):
            return None
        return Finding(
            motif="hold-up",
            label="HOLD_UP_EFFECTIVE",
            trick=t.number,
            tricks=(*(ctx.tricks[h].number for h in held), t.number),
            seats=(winner, short),
            cards=(card,),
            facts={"suit": s.word, "exhausted": ctx.who(short)},
            text=(
                f"The {card} wins only now, and {ctx.who(short)} has no {s.word} left: if he gets the lead "
                f"later, he cannot put {ctx.who(short.partner)} in with the suit."
            ),
        )
    return None


def _long_masters_held_up(ctx: Context, s: Suit) -> list[Finding]:
    """[interp] HOLD_UP of the master card when the declaring side stops the suit more than once
    (so not "only one stopper"), the other stops by length, below the defenders' best card: a
    defender leads and wins a round while the hand holding the side's master card, playing after
    the winning card, keeps it. Said with its hope — the master card takes the next round and leaves
    the leader none of the suit to lead again — and what the next round showed, counting the leader's
    cards after it (Elwell 1904 Hand 35 trick 3: "Z hopes that B has but two hearts and so refuses to
    win this trick"); no hope is said when the leader led his last card of the suit."""
    out: list[Finding] = []
    for i in ctx.rounds(s):
        t = ctx.tricks[i]
        won = _won_with(ctx, i, s)
        if not ctx.defender(t.leader) or won is None or not ctx.defender(won[0]) or is_bath_coup(ctx, i):
            continue
        ours, theirs = _side_cards(ctx, ctx.declaring, s, i), _side_cards(ctx, ctx.defenders, s, i)
        if not ours or not theirs or ours[0].rank < theirs[0].rank or _stoppers(ours, theirs) < 2:
            continue
        if len(ours) > 1 and ours[1].rank > theirs[0].rank:
            continue  # two top cards (♠A K): refusing with one is no hold-up
        owner = ctx.holder(ours[0], i)
        if owner is None or not _after(ctx, i, owner, won[0]):
            continue
        out.append(_long_master_finding(ctx, i, owner, ours[0]))
    return out


def _long_master_finding(ctx: Context, i: int, owner: Seat, card: Card) -> Finding:
    t = ctx.tricks[i]
    s, leader = card.suit, t.leader
    assert t.winner is not None
    text = (
        f"{capitalised(ctx.role(owner))} holds up the {card} and lets {ctx.role(t.winner)}'s {t.card_of(t.winner)} "
        f"win, though the {card} would have taken the trick"
    )
    numbers = [t.number]
    left = ctx.holding(leader, s, i + 1)
    nxt = next((k for k in ctx.rounds(s) if k > i), None)
    if not left:
        text += f". {ctx.who(leader)} has no {s.word} left."  # [interp] a singleton led: no hope to state
    else:
        text += (
            f": if the {card} takes the next round instead and {ctx.who(leader)} has no {s.singular} left after "
            f"it, he cannot lead the suit again."
        )
    if left and nxt is not None and ctx.tricks[nxt].leader == leader and ctx.complete(nxt):
        led, win = ctx.card_of(nxt, leader), ctx.tricks[nxt].card_of(owner)
        if led is not None and win == card:
            must = "must take" if ctx.holding(owner, s, nxt) == [card] else "takes"
            rest = ctx.holding(leader, s, nxt + 1)
            text += (
                f" But {ctx.who(leader)} still holds {cards_text(left)}: he leads the {led} at trick "
                f"{ctx.tricks[nxt].number}, and the {card} {must} it"
                + (f", leaving him the {cards_text(rest)}." if rest else f": it was his last {s.singular}.")
            )
            numbers.append(ctx.tricks[nxt].number)
    return Finding(
        motif="hold-up",
        label="HOLD_UP",
        trick=t.number,
        tricks=tuple(numbers),
        seats=(owner, leader),
        cards=tuple(c for p, c in t.plays if p in ctx.declaring),
        facts={"by": "declarer", "suit": s.word, "stopper": str(card), "leader": ctx.who(leader)},
        text=text,
    )


# ---------------------------------------------------------------------------------------------
# the defenders' hold-up


def _long_and_short(ctx: Context, s: Suit) -> tuple[Seat, Seat] | None:
    """The declaring side's hand longer in ``s`` at the start, and the other (None if as long)."""
    a, b = ctx.declaring
    la, lb = len(ctx.holding(a, s, 0)), len(ctx.holding(b, s, 0))
    return None if la == lb else ((a, b) if la > lb else (b, a))


def _defenders_hold_ups(ctx: Context, s: Suit) -> list[Finding]:
    """[interp] HOLD_UP by a defender: the declaring side wins a round of its long suit with a card a
    defender who played after it could have beaten — he held a higher card of the suit, above every
    card the declaring side still had to play to the trick — and he followed with a lower one."""
    hands = _long_and_short(ctx, s) if len(ctx.declaring) == 2 else None
    if hands is None or not _long_suit_of_declarer(ctx, s):
        return _masters_held_up(ctx, s)
    out: list[Finding] = []
    count: dict[Seat, int] = {}
    for i in ctx.rounds(s):
        won = _won_with(ctx, i, s)
        if won is None or not ctx.declarer_side(won[0]):
            continue
        for p in ctx.defenders:
            kept = _kept_by_defender(ctx, i, p, won)
            if kept is not None:
                count[p] = count.get(p, 0) + 1
                out.append(_defenders_finding(ctx, i, p, kept, won, hands, count[p]))
    return out


def _kept_by_defender(ctx: Context, i: int, p: Seat, won: tuple[Seat, Card]) -> Card | None:
    winner, card = won
    mine = ctx.card_of(i, p)
    if mine is None or mine.suit != card.suit or not _after(ctx, i, p, winner):
        return None
    higher = [c for c in ctx.holding(p, card.suit, i) if c.rank > card.rank]
    if not higher:
        return None
    later = [q for q in ctx.declaring if _after(ctx, i, q, p)]
    if any(c.rank > higher[0].rank for q in later for c in ctx.holding(q, card.suit, i)):
        return None  # a declaring hand still to play could have beaten it: nothing refused
    return higher[0]


def _defenders_finding(
    ctx: Context, i: int, p: Seat, kept: Card, won: tuple[Seat, Card], hands: tuple[Seat, Seat], n: int
) -> Finding:
    t = ctx.tricks[i]
    winner, card = won
    long, short = hands
    s = card.suit
    mine = ctx.card_of(i, p)
    assert mine is not None
    if n > 1:
        text = f"{ctx.who(p)} holds up again: he plays the {mine} and lets {ctx.role(winner)}'s {card} win, keeping the {kept}."
    else:
        text = (
            f"{ctx.who(p)} plays the {mine} and lets {ctx.role(winner)}'s {card} win, keeping the {kept}: "
            f"a hold-up in the declaring side's long suit ({cards_text(ctx.holding(long, s, 0))} in "
            f"{ctx.role(long)}'s hand). Once {ctx.role(short)} has no {s.word} left, {ctx.role(short)} cannot "
            f"lead the suit to {ctx.role(long)}."
        )
    j = _first_win(ctx, i, kept)
    if j is not None:
        left = ctx.holding(short, s, j + 1)
        end = (
            f"{ctx.role(short)} has no {s.word} left"
            if not left
            else f"{ctx.role(short)} still holds {cards_text(left)}"
        )
        text += f" The {kept} wins at trick {ctx.tricks[j].number}, when {end}."
    return Finding(
        motif="hold-up",
        label="HOLD_UP",
        trick=t.number,
        tricks=(t.number,) if j is None else (t.number, ctx.tricks[j].number),
        seats=(p, winner),
        cards=(mine, card, kept),
        facts={"by": "defender", "suit": s.word, "kept": str(kept), "won": str(card), "round": n},
        text=text,
    )


def _masters_held_up(ctx: Context, s: Suit) -> list[Finding]:
    """[interp] HOLD_UP by a defender in a suit that is not the declaring side's long one: as above,
    but only when the card he keeps is the master card of the suit (Elwell 1904 Hand 33: A keeps the
    ♦A of his own suit, his only re-entry; Hand 20 trick 6: B keeps the ♥A under the dealer's ♥K)."""
    out: list[Finding] = []
    for i in ctx.rounds(s):
        won = _won_with(ctx, i, s)
        if won is None or not ctx.declarer_side(won[0]):
            continue
        for p in ctx.defenders:
            kept = _kept_by_defender(ctx, i, p, won)
            if kept is not None and kept == ctx.unplayed(s, i)[0]:
                out.append(_master_finding(ctx, i, p, kept, won))
    return out


def _master_finding(ctx: Context, i: int, p: Seat, kept: Card, won: tuple[Seat, Card]) -> Finding:
    t = ctx.tricks[i]
    winner, card = won
    s = card.suit
    mine = ctx.card_of(i, p)
    assert mine is not None
    text = (
        f"{ctx.who(p)} plays the {mine} and lets {ctx.role(winner)}'s {card} win, keeping the {kept}, the "
        f"master {s.singular}: a hold-up."
    )
    mine_long = ctx.holding(p, s, 0)
    high = [c for c in ctx.hand(p, i) if c.suit != s and c.rank >= Rank.KING]
    if len(mine_long) >= 5 and not high:
        text += (
            f" He holds no other ace or king, so the {kept} is also his one card of re-entry for his "
            f"long {s.word} ({cards_text(mine_long)})."
        )
    j = _first_win(ctx, i, kept)
    if j is not None:
        text += f" The {kept} wins at trick {ctx.tricks[j].number}."
    return Finding(
        motif="hold-up",
        label="HOLD_UP",
        trick=t.number,
        tricks=(t.number,) if j is None else (t.number, ctx.tricks[j].number),
        seats=(p, winner),
        cards=(mine, card, kept),
        facts={"by": "defender", "suit": s.word, "kept": str(kept), "won": str(card), "master": True},
        text=text,
    )


# ---------------------------------------------------------------------------------------------
# the declarer's duck


def _ducks(ctx: Context, s: Suit) -> list[Finding]:
    """[interp] DUCK: the declaring side leads its long suit, both its hands follow with cards below
    the defenders' winning card (no finesse), and the side keeps the master card of the suit."""
    if len(ctx.declaring) != 2 or not _long_suit_of_declarer(ctx, s):
        return []
    out: list[Finding] = []
    for i in ctx.rounds(s):
        t = ctx.tricks[i]
        won = _won_with(ctx, i, s)
        if won is None or not ctx.declarer_side(t.leader) or ctx.declarer_side(won[0]):
            continue
        ours = [c for p, c in t.plays if p in ctx.declaring]
        if any(c.suit != s or c.rank > won[1].rank for c in ours) or finesse_at(ctx, i) is not None:
            continue
        top = ctx.unplayed(s, i)[0]
        keeper = ctx.holder(top, i)
        if keeper is None or not ctx.declarer_side(keeper):
            continue
        out.append(_duck_finding(ctx, i, won, keeper, top))
    return out


def _duck_finding(ctx: Context, i: int, won: tuple[Seat, Card], keeper: Seat, top: Card) -> Finding:
    t = ctx.tricks[i]
    winner, card = won
    s = card.suit
    other = next(p for p in ctx.declaring if p != t.leader)
    led, follow = t.card_of(t.leader), t.card_of(other)
    assert led is not None and follow is not None
    kept = [c for c in ctx.holding(keeper, s, i) if c.rank > card.rank]
    text = (
        f"A duck: {ctx.role(t.leader)} leads the {led} and {ctx.role(other)} plays the {follow}, and "
        f"{ctx.who(winner)}'s {card} wins the trick. The declaring side gives up a round of its long suit "
        f"with small cards and keeps {ctx.role(keeper)}'s {cards_text(kept)} for later rounds."
    )
    crossing = _duck_crossing(ctx, i, other)
    if crossing is not None:
        text += crossing[0]
    j = _first_win(ctx, i, top)
    if j is not None:
        text += f" The {top} wins at trick {ctx.tricks[j].number}."
    numbers = {t.number, *(() if crossing is None else crossing[1])}
    if j is not None:
        numbers.add(ctx.tricks[j].number)
    return Finding(
        motif="hold-up",
        label="DUCK",
        trick=t.number,
        tricks=tuple(sorted(numbers)),
        seats=(t.leader, other, winner),
        cards=(led, follow, card),
        facts={"suit": s.word, "kept": str(top), "won": str(card)},
        text=text,
    )


def _duck_crossing(ctx: Context, i: int, other: Seat) -> tuple[str, tuple[int, ...]] | None:
    """[interp] What the duck kept the leader's small card for, when ``other`` is the longer hand in
    the suit: the next round of the suit that the duck's leader leads and ``other`` wins, with the trick by which the leader
    got the lead back (Elwell 1904 Hand 23: "Z still has the ♠6 to lead to dummy"); and the earlier
    round the leader won himself, when it left him exactly the two small cards the plan needs
    (Hand 17: the dealer takes the first club with the ♣A, keeping ♣4 3)."""
    leader = ctx.tricks[i].leader
    s = ctx.tricks[i].led_suit
    assert s is not None
    if len(ctx.holding(other, s, 0)) <= len(ctx.holding(leader, s, 0)):
        return None  # the long hand led the duck: nothing to cross to
    k = next((k for k in ctx.rounds(s) if k > i + 1 and ctx.tricks[k].leader == leader), None)
    if k is None or not ctx.complete(k) or not ctx.complete(k - 1):
        return None
    if ctx.tricks[k].winner != other or ctx.tricks[k - 1].winner != leader:
        return None
    back, led, win = ctx.card_of(k - 1, leader), ctx.card_of(k, leader), ctx.card_of(k, other)
    assert back is not None and led is not None and win is not None
    last = "his last " if not [c for c in ctx.holding(leader, s, k) if c != led] else ""
    text = (
        f" {capitalised(ctx.role(leader))} gets the lead back with the {back} at trick {ctx.tricks[k - 1].number} "
        f"and leads the {led}{f', {last}{s.singular},' if last else ''} to {ctx.role(other)}'s {win} at trick {ctx.tricks[k].number}."
    )
    numbers: tuple[int, ...] = (ctx.tricks[k - 1].number, ctx.tricks[k].number)
    before = [h for h in ctx.rounds(s) if h < i and ctx.complete(h) and ctx.tricks[h].winner == leader]
    kept = ctx.holding(leader, s, before[-1] + 1) if before else []
    if before and len(kept) == 2 and kept[0] == ctx.card_of(i, leader):
        took = ctx.card_of(before[-1], leader)
        assert took is not None
        text = (
            f" {capitalised(ctx.role(leader))} had taken trick {ctx.tricks[before[-1]].number} with the {took}"
            f", keeping {cards_text(kept)}: one to give up a round, one to reach "
            f"{ctx.role(other)} after it." + text
        )
        numbers = (ctx.tricks[before[-1]].number, *numbers)
    return text, numbers


# ---------------------------------------------------------------------------------------------
# the hold-up rightly not made (Elwell's rule: an entire suit against the declarer)


def _entire_suit_against(ctx: Context, s: Suit, i: int) -> tuple[Suit, list[Card]] | None:
    """[interp] Another suit than ``s`` that is "an entire suit against" the declaring side at trick
    index ``i``: the defenders hold four cards of it or more above the side's best card of it.
    Returns the suit and those cards."""
    for t in Suit:
        if t == s:
            continue
        ours = _side_cards(ctx, ctx.declaring, t, i)
        best = ours[0].rank if ours else 0
        above = [c for c in _side_cards(ctx, ctx.defenders, t, i) if c.rank > best]
        if len(above) >= 4:
            return t, above
    return None


def _no_hold_up(ctx: Context, s: Suit) -> list[Finding]:
    """NO_HOLD_UP: the first round of ``s``, led by a defender, is won at once by the declaring
    side's only stopper (the master card), while the defenders hold a whole other suit."""
    rounds = ctx.rounds(s)
    if not rounds:
        return []
    i = rounds[0]
    t = ctx.tricks[i]
    won = _won_with(ctx, i, s)
    if not ctx.defender(t.leader) or won is None or not ctx.declarer_side(won[0]):
        return []
    ours, theirs = _side_cards(ctx, ctx.declaring, s, i), _side_cards(ctx, ctx.defenders, s, i)
    short = _short_defender(ctx, s, t.leader)
    if ours[0] != won[1] or _stoppers(ours, theirs) != 1 or len(ctx.holding(short, s, i)) < 2:
        return []
    against = _entire_suit_against(ctx, s, i)
    if against is None:
        return []
    suit, above = against
    best = _side_cards(ctx, ctx.declaring, suit, i)
    whose = f"every {suit.singular} above his side's best, the {best[0]}" if best else f"all the {suit.word}"
    text = (
        f"{capitalised(ctx.role(won[0]))} takes the first {s.singular} with the {won[1]} at once, his side's only "
        f"stopper, rather than hold it up: the adversaries hold {whose} ({cards_text(above)}). With a whole "
        f"suit against him, Elwell's rule is to take the first lead and make what tricks he can in the "
        f"other suits."
    )
    return [
        Finding(
            motif="hold-up",
            label="NO_HOLD_UP",
            trick=t.number,
            seats=(won[0], t.leader),
            cards=(won[1],),
            facts={
                "suit": s.word,
                "won": str(won[1]),
                "against": suit.word,
                "above": [str(c) for c in above],
            },
            text=text,
        )
    ]


# ---------------------------------------------------------------------------------------------
# the first round taken at once, by Elwell's other rules for "Keeping the commanding card of the
# adversaries' suit" (Elwell 1904, *Advanced Bridge*)


def _taken_at_once(ctx: Context, s: Suit) -> list[Finding]:
    """NO_HOLD_UP: the first round of ``s``, a suit of the defenders (they hold more of it), led by
    a defender and won at once by the declaring side — with its master card while a guarded lower
    card will stop the suit again (:func:`_promoted_finding`), or with a king or queen, its only
    card above the defenders' second best, while the higher card lies over it
    (:func:`_honour_finding`)."""
    rounds = ctx.rounds(s)
    if not rounds or _long_suit_of_declarer(ctx, s):
        return []
    i = rounds[0]
    t = ctx.tricks[i]
    won = _won_with(ctx, i, s)
    if not ctx.defender(t.leader) or won is None or not ctx.declarer_side(won[0]) or len(ctx.declaring) != 2:
        return []
    ours, theirs = _side_cards(ctx, ctx.declaring, s, i), _side_cards(ctx, ctx.defenders, s, i)
    if len(theirs) < 2:
        return []
    if won[1] == ours[0] and ours[0].rank > theirs[0].rank:
        found = _promoted_finding(ctx, i, won)
    elif won[1].rank in (Rank.KING, Rank.QUEEN) and [c for c in ours if c.rank > theirs[1].rank] == [won[1]]:
        found = _honour_finding(ctx, i, won, theirs[0])
    else:
        found = None
    return [] if found is None else [found]


def _defenders_best(ctx: Context, i: int, s: Suit) -> tuple[Seat, Card]:
    """The defenders' highest card of ``s`` in trick index ``i`` (a defender led it)."""
    return max(
        ((p, c) for p, c in ctx.tricks[i].plays if ctx.defender(p) and c.suit == s), key=lambda pc: pc[1].rank
    )


def _guarded_stopper(ctx: Context, s: Suit, i: int) -> tuple[Seat, Card, list[Card]] | None:
    """[interp] A declaring hand's card that stops ``s`` at trick index ``i`` by its guards: the
    defenders hold m cards above it (m ≥ 1) and the hand holds at least m lower cards of the suit
    (Elwell 1904 Hand 40: "the nine being three times guarded in Z's hand")."""
    theirs = _side_cards(ctx, ctx.defenders, s, i)
    for p in ctx.declaring:
        mine = ctx.holding(p, s, i)
        for k, c in enumerate(mine):
            above = [d for d in theirs if d.rank > c.rank]
            if above and len(mine) - k - 1 >= len(above):
                return p, c, above
    return None


def _promoted_finding(ctx: Context, i: int, won: tuple[Seat, Card]) -> Finding | None:
    """The master card taken at once, when the side's next best card is below the defenders' best
    but a guarded lower card stops the suit again and wins later: "Often by taking the first trick
    you promote the value of another card in your own hand or in dummy ... you will eventually hold
    the master card of the opponents' suit" (Elwell 1904, *Advanced Bridge*)."""
    winner, card = won
    s = card.suit
    ours, theirs = _side_cards(ctx, ctx.declaring, s, i + 1), _side_cards(ctx, ctx.defenders, s, i + 1)
    if not ours or not theirs or ours[0].rank > theirs[0].rank:
        return None  # a second top card: nothing promoted
    stop = _guarded_stopper(ctx, s, i + 1)
    j = None if stop is None else _first_win(ctx, i, stop[1])
    if stop is None or j is None:
        return None
    p, c, above = stop
    t = ctx.tricks[i]
    guards = [g for g in ctx.holding(p, s, i + 1) if g.rank < c.rank]
    best = _defenders_best(ctx, i, s)
    text = (
        f"{capitalised(ctx.role(winner))} takes {ctx.who(best[0])}'s {best[1]} with the {card} at once, rather than "
        f"hold it up: {ctx.role(p)}'s {c}, guarded by the {cards_text(guards)}, still stops the suit, for the "
        f"adversaries hold only the {cards_text(above)} above it. By Elwell's rule, taking the first trick can "
        f"promote another card of the suit to be its master later: the {c} wins at trick {ctx.tricks[j].number}."
    )
    return Finding(
        motif="hold-up",
        label="NO_HOLD_UP",
        trick=t.number,
        tricks=(t.number, ctx.tricks[j].number),
        seats=(winner, p, t.leader),
        cards=(card, c),
        facts={"suit": s.word, "won": str(card), "promoted": str(c), "above": [str(d) for d in above]},
        text=text,
    )


def _honour_finding(ctx: Context, i: int, won: tuple[Seat, Card], higher: Card) -> Finding | None:
    """A king or queen taken at once while a higher card is out, held by the defender who plays
    after it when his partner leads, and that partner still holds a card of the suit: "Usually
    do not refuse to take a trick with a king or queen when the higher card or cards have not been
    played. The adversaries may lead through and capture a single guarded honour" (Elwell 1904,
    *Advanced Bridge*; Hand 19 trick 1)."""
    winner, card = won
    s = card.suit
    over = ctx.holder(higher, i + 1)
    if over is None or not ctx.defender(over) or not ctx.holding(over.partner, s, i + 1):
        return None
    through = over.partner
    best = _defenders_best(ctx, i, s)
    if best[0] != through:
        return None  # held up, the trick would not have gone to the hand that leads through
    if through.rotation().index(over) < through.rotation().index(winner):
        return None  # the higher card sits before the honour's hand: a lead through it would not catch it
    t = ctx.tricks[i]
    text = (
        f"{capitalised(ctx.role(winner))} takes {ctx.who(through)}'s {best[1]} with the {card} at once, though the "
        f"{higher} has not been played. Elwell's rule is usually not to refuse a trick with a king or queen while "
        f"a higher card is out, for the adversaries may lead through it and capture it. Here the {higher} is in "
        f"{ctx.who(over)}'s hand: had the {card} been held up, {ctx.who(through)}'s {best[1]} would have won, and "
        f"{ctx.who(through)}, who still holds the {cards_text(ctx.holding(through, s, i + 1))}, could lead the suit "
        f"through the {card} to {ctx.who(over)}."
    )
    return Finding(
        motif="hold-up",
        label="NO_HOLD_UP",
        trick=t.number,
        seats=(winner, through, over),
        cards=(card, higher),
        facts={"suit": s.word, "won": str(card), "higher": str(higher), "over": ctx.who(over)},
        text=text,
    )


def _defender_takes_at_once(ctx: Context, s: Suit) -> list[Finding]:
    """NO_HOLD_UP by a defender: the first round of the declaring side's long suit (five cards or
    more in the longer hand), led by that side, is won at once by a defender's master card over the side's honour, though he had a lower
    card to play, while the longer hand holds an ace of another suit: "Holding up does not often
    gain when the hand with the long suit contains an entry card ... usually it is better play to
    take the trick" (Elwell 1904, *Advanced Bridge*, "Holding up by the non-dealers"; Hand 36). Not
    when the defenders hold a suit established after the trick: then the win is an entry to it, not a
    hold-up refused (Hand 32 trick 4: A's ♣A is his way back to his established ♥10 9 6)."""
    rounds = ctx.rounds(s)
    hands = _long_and_short(ctx, s) if len(ctx.declaring) == 2 else None
    if (
        not rounds
        or hands is None
        or not _long_suit_of_declarer(ctx, s)
        or len(ctx.holding(hands[0], s, 0)) < 5
    ):
        return []  # [interp] a long suit: five cards or more in the longer hand
    i, long = rounds[0], hands[0]
    t = ctx.tricks[i]
    won = _won_with(ctx, i, s)
    if not ctx.declarer_side(t.leader) or won is None or not ctx.defender(won[0]):
        return []
    p, card = won
    beaten = [
        (q, c) for q, c in t.plays if ctx.declarer_side(q) and c.rank >= Rank.JACK and _after(ctx, i, p, q)
    ]
    entries = [
        Card(u, Rank.ACE) for u in SUITS_HIGH_FIRST if u != s and Card(u, Rank.ACE) in ctx.hand(long, i + 1)
    ]
    if card != ctx.unplayed(s, i)[0] or len(ctx.holding(p, s, i)) < 2 or not beaten or not entries:
        return []
    if any(is_established(ctx, d, u, i + 1) for d in ctx.defenders for u in Suit if u != s):
        return []  # [interp] the win is an entry to the defenders' established suit, not a hold-up refused
    q, honour = beaten[0]
    text = (
        f"{ctx.who(p)} takes {ctx.role(q)}'s {honour} with the {card} at once, rather than hold it up. The "
        f"{s.word} are long in {ctx.role(long)}'s hand ({cards_text(ctx.holding(long, s, 0))}), which holds "
        f"the {listed([str(c) for c in entries])} besides: Elwell's rule is that holding up seldom "
        f"gains when the hand with the long suit has a card of entry, and that it is usually better to take "
        f"the trick."
    )
    return [
        Finding(
            motif="hold-up",
            label="NO_HOLD_UP",
            trick=t.number,
            seats=(p, q, long),
            cards=(card, honour),
            facts={"by": "defender", "suit": s.word, "won": str(card), "entries": [str(c) for c in entries]},
            text=text,
        )
    ]
