"""Detector: reading the cards — placing an unseen card from a card played (issue 14, item 3).

Two inferences the books teach, each from a rule both authors give, and each made only when the cards
bear it out:

- **Third hand's card.**  "Unless you hold two or more honours in sequence, play your highest card
  ... Holding any two honours in sequence, play the lower" (Elwell 1902, *Third hand*; Foster's is his
  best card or the lowest of a winning sequence, rules-reference MOT-THIRD).  So when he plays the highest card so far by that rule, his card
  denies the honour just below it (with both he would have played the lower) and every card above
  the first card his partner can see above it (with such a card he would have played it).  What the leader cannot see
  and third hand lacks lies with the declarer.
- **The lowest card led.**  A low card led is the fourth-best (both authors' rule of the long-suit
  lead); when every card below it is in sight, the leader has no fifth card: exactly four, and the
  rest of the suit is counted.

- **The card returned.**  "Notice the card that your partner plays in returning your lead, and
  remember that he will return his highest card.  This will enable you to tell what higher cards are
  in dealer's hand" (Elwell 1904, against a no-trump declaration): Elwell's lessons only.
- **The lowest card to a high card led.**  "If you lead a high card, against a “no-trump” make,
  notice the card that your partner plays to the trick.  If he has four or more of that suit, he
  will not play his lowest" (Elwell 1904): his lowest card says three at most, and so counts the
  declarer with the rest of the cards dealt; read only when he cannot beat the card led (a partner
  with a higher card keeps it and plays low from any length).
- **A show-out.**  When one defender cannot follow, every card of the suit the declarer has not seen
  is with the other: a finesse against it is then a certainty (Elwell 1902, Hand 10).

The notes are in our own words; every card they name comes from the play.
"""

from __future__ import annotations

from ...rules.cards import Card, Rank, Suit
from ...rules.seats import Seat
from ..context import Author, Context
from ..findings import Finding, Phase, detector, each_trick
from ..words import cards_text, listed, number_word

__all__ = ["placing"]


@detector("placing", "Reading the cards", Phase.DEFENCE, 95)
def placing(ctx: Context) -> list[Finding]:
    """A card placed by an inference from third hand's card, or a suit counted from a low lead."""
    found = each_trick(ctx, _third_hand_at)
    found += each_trick(ctx, _count_at)
    found += each_trick(ctx, _show_out_at)
    found += each_trick(ctx, _return_at)
    found += each_trick(ctx, _lowest_at)
    found += each_trick(ctx, _discards_at)
    found += each_trick(ctx, _drop_at)
    found += each_trick(ctx, _eleven_at)
    found += each_trick(ctx, _misplaced_at)
    kept: list[Finding] = []
    for f in sorted(found, key=lambda f: f.trick):
        placed = set(_placed(f))
        if not any(k.trick == f.trick and placed & set(_placed(k)) for k in kept):
            kept.append(f)  # one note a trick for the same card placed
    return kept


def _placed(f: Finding) -> list[str]:
    got = f.facts.get("placed")
    return [str(c) for c in got] if isinstance(got, list) else []


def _rule(ctx: Context) -> str:
    return f"{ctx.author.value}'s rule" if ctx.author is not Author.UNKNOWN else "the rule"


def _card(suit: Suit, rank: int) -> Card:
    return Card(suit, Rank(rank))


# ---------------------------------------------------------------------------------------------
# Third hand's card denies cards, and so places them with the declarer


def _denied(ctx: Context, i: int, seat: Seat, card: Card) -> list[Card]:
    """The cards ``seat``'s ``card`` (third hand, playing to win at trick ``i``) denies him by the
    rule of third-hand play, among those his partner has not seen when the trick is over."""
    leader = ctx.tricks[i].leader
    seen = ctx.visible(leader, i, 4)
    denied: list[Card] = []
    below = int(card.rank) - 1
    if below >= int(Rank.TEN) and _card(card.suit, below) not in seen:  # two honours in sequence
        denied.append(_card(card.suit, below))
    dummy_above = ctx.dummy is not None and any(
        c.rank > card.rank for c in ctx.holding(ctx.dummy, card.suit, i)
    )
    if dummy_above:
        return denied  # third hand may be finessing against dummy's card: only the lower card is denied
    rank = int(card.rank) + 1
    while rank <= int(Rank.ACE) and _card(card.suit, rank) not in seen:
        rank += 1  # he may hold an unbroken sequence above his card (the reading assumes no more)
    denied += [
        _card(card.suit, r) for r in range(rank + 1, int(Rank.ACE) + 1) if _card(card.suit, r) not in seen
    ]
    return denied


def _top_sequence_low(cards: list[Card]) -> Card | None:
    """The card the rule of third-hand play takes from ``cards`` (highest first): the highest, or the
    lower of honours in sequence at the top."""
    if not cards:
        return None
    low = cards[0]
    for c in cards[1:]:
        if int(c.rank) != int(low.rank) - 1 or c.rank < Rank.TEN:
            break
        low = c
    return low


def _third_hand_at(ctx: Context, i: int) -> Finding | None:
    """Trick index ``i``: a defender leads, his partner (third hand) plays the highest card so far by
    the rule (his highest, or the lowest of the sequence it heads), and the cards his card denies him
    all lie with the declarer."""
    first, t = ctx.lead(i), ctx.tricks[i]
    if first is None or len(t.plays) < 3 or ctx.declarer is None or not ctx.defender(first[0]):
        return None
    seat, card = t.plays[2]
    best = ctx.winning_so_far(i, 2)
    if card.suit != first[1].suit or best is None or best[1].suit != card.suit or card.rank < best[1].rank:
        return None
    if _top_sequence_low(ctx.holding(seat, card.suit, i)) != card:
        return None  # not the card the rule plays (a finesse, say): it denies nothing by the rule
    if ctx.dummy is not None and ctx.position(i, ctx.dummy) == 3 and not ctx.holding(ctx.dummy, card.suit, i):
        return None  # dummy, to play last, cannot follow: third hand is not playing to win
    denied = _denied(ctx, i, seat, card)
    if not denied or any(ctx.holder(c, i) != ctx.declarer for c in denied):
        return None  # nothing is placed, or a denied card is elsewhere: no reading
    return _third_hand_note(ctx, i, seat, card, denied)


def _switch(ctx: Context, i: int, leader: Seat, placed: list[Card]) -> tuple[int, Card, list[Card]] | None:
    """The leader's next lead after trick ``i``, when it leaves the suit while cards placed with the
    declarer lie over and under his highest card in it (a tenace against him): (trick index, the card
    led, those placed cards)."""
    suit = placed[0].suit
    for j in range(i + 1, len(ctx.tricks)):
        first = ctx.lead(j)
        if first is None or first[0] != leader:
            continue
        mine = ctx.holding(leader, suit, j)
        held = [c for c in placed if ctx.declarer is not None and c in ctx.hand(ctx.declarer, j)]
        if first[1].suit == suit or not mine or not held:
            return None
        if held[0].rank < mine[0].rank or held[-1].rank > mine[0].rank:
            return None
        return j, first[1], held
    return None


def _third_hand_note(ctx: Context, i: int, seat: Seat, card: Card, denied: list[Card]) -> Finding:
    leader, number = ctx.tricks[i].leader, ctx.tricks[i].number
    partner, dealer = ctx.who(seat), ctx.dealer_word()
    placed = sorted(denied, key=lambda c: -c.rank)
    one = len(placed) == 1
    text = (
        f"{partner} plays the {card} third hand, the highest card so far. By {_rule(ctx)} third hand plays "
        f"his highest card, or the lower of honours in sequence, so the {card} says that {partner} holds "
        f"{listed([f'no {c}' for c in placed])}. {ctx.who(leader)} has not seen "
        f"{'it' if one else 'them'} either, so {'it lies' if one else 'they lie'} with {dealer}."
    )
    trick, tricks = number, [number]
    switch = _switch(ctx, i, leader, placed)
    if switch is not None:
        j, led, over = switch
        trick = ctx.tricks[j].number
        tricks.append(trick)
        mine = ctx.holding(leader, card.suit, j)
        text += (
            f" At trick {trick}, on lead, {ctx.who(leader)} leads the {led} and leaves the "
            f"{card.suit.word} alone: a {card.suit.singular} from his {cards_text(mine)} would lead up to "
            f"{dealer}'s {cards_text(over)}, over and under his {mine[0]}."
        )
    facts = {"denied_by": str(card), "placed": [str(c) for c in placed]}
    return Finding(
        "placing", "PLACED_BY_THIRD_HAND", trick, (leader, seat), (card,), text, tuple(tricks), facts
    )


# ---------------------------------------------------------------------------------------------
# The lowest card led counts the suit


def _count_at(ctx: Context, i: int) -> Finding | None:
    """Trick index ``i``: the opening lead, a card below which every card is in sight of the declarer
    and of the leader's partner, from exactly four."""
    first = ctx.lead(i)
    if first is None or ctx.declarer is None or ctx.dummy is None or not ctx.defender(first[0]):
        return None
    leader, card = first
    if i != 0 or ctx.game.first_trick != 1 or len(ctx.holding(leader, card.suit, i)) != 4:
        return None
    partner = leader.partner
    lower = [_card(card.suit, r) for r in range(int(Rank.TWO), int(card.rank))]
    if any(c not in ctx.visible(s, i, 1) for c in lower for s in (ctx.declarer, partner)):
        return None
    if ctx.holding(leader, card.suit, i)[-1] != card:
        return None
    return _count_note(ctx, i, leader, card)


def _count_note(ctx: Context, i: int, leader: Seat, card: Card) -> Finding:
    suit, number = card.suit, ctx.tricks[i].number
    partner = leader.partner
    assert ctx.declarer is not None and ctx.dummy is not None
    his = len(ctx.holding(partner, suit, i))
    dealers = len(ctx.holding(ctx.declarer, suit, i))
    dummys = len(ctx.holding(ctx.dummy, suit, i))
    gone = 13 - 4 - his - dealers - dummys
    word, dealer = suit.word, ctx.dealer_word()
    lower = "" if card.rank == Rank.TWO else f" (every lower {word[:-1]} is in sight)"
    b = ctx.who(partner)
    counts = (
        f"{dealer} can count {b} with {number_word(his)}, and {b} can count {dealer} with {number_word(dealers)}"
        if his
        else f"{dealer} can count {b} with none, and {b}, who has none, counts {dealer} with {number_word(dealers)}"
    )
    text = (
        f"{ctx.who(leader)} leads the {card}{lower}: by {_rule(ctx)} of the fourth-best lead he holds "
        f"exactly four {word}. With dummy's {number_word(dummys)}"
        f"{f' and {number_word(gone)} played' if gone else ''}, {counts}."
    )
    tricks = [number]
    if his:
        held = set(ctx.holding(partner, suit, i))
        falls = [k for k in range(i, len(ctx.tricks)) if ctx.card_of(k, partner) in held]
        j = max(falls, default=i)
        last = ctx.card_of(j, partner)
        if j > i and len(falls) == his and last is not None:
            tricks.append(ctx.tricks[j].number)
            text += f" {b} plays his last {word[:-1]}, the {last}, at trick {ctx.tricks[j].number}."
    facts = {"led": str(card), "length": 4, "partner": his, "declarer": dealers, "dummy": dummys}
    return Finding("placing", "COUNTED_FROM_LOW_LEAD", number, (leader,), (card,), text, tuple(tricks), facts)


# ---------------------------------------------------------------------------------------------
# A defender shows out: the declarer finesses against the other, who holds all the rest


def _off_suit(ctx: Context, i: int, seat: Seat) -> bool:
    """``seat`` did not follow the suit led at trick index ``i``."""
    led, card = ctx.led(i), ctx.card_of(i, seat)
    return led is not None and card is not None and card.suit != led.suit


def _show_out_at(ctx: Context, k: int) -> Finding | None:
    """Trick index ``k``: a defender's first show-out of the suit led; the declarer's side next leads
    the suit and wins with a card below one the other defender holds and played under."""
    first = ctx.lead(k)
    if first is None or ctx.declarer is None or not ctx.complete(k):
        return None
    suit = first[1].suit
    shown = [(s, c) for s, c in ctx.tricks[k].plays if ctx.defender(s) and c.suit != suit]
    if len(shown) != 1 or any(_off_suit(ctx, r, shown[0][0]) for r in ctx.rounds(suit) if r < k):
        return None  # not the first show-out
    showed, card = shown[0]
    other = showed.partner
    j = next((r for r in ctx.rounds(suit) if r > k and ctx.declarer_side(ctx.tricks[r].leader)), None)
    if j is None or not ctx.complete(j):
        return None
    t = ctx.tricks[j]
    won, his = t.winner, ctx.card_of(j, other)
    if won is None or not ctx.declarer_side(won) or his is None or his.suit != suit:
        return None
    win = ctx.card_of(j, won)
    over = [c for c in ctx.holding(other, suit, j) if win is not None and c.rank > win.rank and c != his]
    if win is None or not over or ctx.position(j, other) > ctx.position(j, won):
        return None
    return _show_out_note(ctx, k, j, showed, card, win, over[0])


def _show_out_note(ctx: Context, k: int, j: int, showed: Seat, card: Card, win: Card, over: Card) -> Finding:
    suit, other = win.suit, showed.partner
    assert ctx.declarer is not None
    rest = list(ctx.holding(other, suit, k + 1))
    shown_at, played_at = ctx.tricks[k].number, ctx.tricks[j].number
    lead = ctx.lead(j)
    assert lead is not None
    his = ctx.card_of(j, other)
    won = ctx.tricks[j].winner
    assert won is not None and his is not None
    winner = f"{ctx.dealer_word()}'s" if won == ctx.declarer else "dummy's"
    leader = ctx.role(lead[0])
    text = (
        f"At trick {shown_at} {ctx.who(showed)} shows out of {suit.word} (he plays the {card}), so every "
        f"{suit.singular} {ctx.dealer_word()} has not seen is {ctx.who(other)}'s: the {cards_text(rest)}. "
        f"At trick {played_at} {leader} leads the {lead[1]}, {ctx.who(other)} plays the {his}, and "
        f"{winner} {win} wins: a finesse against {ctx.who(other)}'s {over}, which the show-out placed."
    )
    facts = {"showed_out": showed.name, "placed": [str(c) for c in rest], "finesse": str(win)}
    tricks: tuple[int, ...] = (shown_at, played_at)
    waited = _waited(ctx, suit, k, over)
    if waited is not None:
        text += waited[1]
        tricks = (waited[0], *tricks)
    return Finding(
        "placing", "PLACED_BY_SHOW_OUT", played_at, (ctx.declarer, other), (card, win), text, tricks, facts
    )


def _two_way(ctx: Context, q: Card, i: int) -> bool:
    """At trick index ``i`` the declarer and dummy each hold a card above ``q`` and one below it with
    nothing between but their own cards or cards played: either hand can finesse against ``q``."""
    if ctx.declarer is None or ctx.dummy is None:
        return False
    ours = set(ctx.hand(ctx.declarer, i)) | set(ctx.hand(ctx.dummy, i))
    live = set(ctx.unplayed(q.suit, i))
    for seat in (ctx.declarer, ctx.dummy):
        held = ctx.holding(seat, q.suit, i)
        if not any(c.rank > q.rank for c in held):
            return False
        below = [c for c in held if c.rank < q.rank]
        if not below or any(
            _card(q.suit, r) in live and _card(q.suit, r) not in ours
            for r in range(int(below[0].rank) + 1, int(q.rank))
        ):
            return False
    return True


def _waited(ctx: Context, suit: Suit, upto: int, q: Card) -> tuple[int, str] | None:
    """When the declarer's side, though it could finesse either way against ``q``, made its first lead
    in another suit and no card of ``suit`` was led before trick index ``upto``: the trick number of
    that first lead, and a sentence saying so."""
    first = next((r for r, t in enumerate(ctx.tricks) if ctx.declarer_side(t.leader)), None)
    if first is None or first >= upto or any(r < upto for r in ctx.rounds(suit)):
        return None
    lead = ctx.lead(first)
    if lead is None or lead[1].suit == suit or not _two_way(ctx, q, first):
        return None
    number = ctx.tricks[first].number
    who = "the dealer" if lead[0] == ctx.declarer else "dummy"
    return number, (
        f" {ctx.dealer_word().capitalize()} could have finessed for the {q} either way, but left the "
        f"{suit.word} alone until then: his side's first lead, at trick {number}, was {who}'s {lead[1]}, "
        f"and no {suit.singular} was led before trick {ctx.tricks[upto].number}."
    )


# ---------------------------------------------------------------------------------------------
# Discards place a card: one defender throws cards of the suit, the other keeps all his


def _thrown(ctx: Context, seat: Seat, upto: int) -> list[tuple[int, Card]]:
    """``seat``'s discards (cards off the suit led, not trumps) before trick index ``upto``."""
    out: list[tuple[int, Card]] = []
    for r in range(upto):
        led, card = ctx.led(r), ctx.card_of(r, seat)
        if led is not None and card is not None and card.suit != led.suit and card.suit != ctx.trump:
            out.append((r, card))
    return out


def _discards_at(ctx: Context, j: int) -> Finding | None:
    """Trick index ``j``: the declarer's side leads a suit for the first time, one defender having
    thrown cards of it and the other, who has thrown only other suits, keeping all of his; the
    declarer's side wins below the keeper's high card, the one card above its winner it has not seen."""
    first = ctx.lead(j)
    if first is None or ctx.declarer is None or not ctx.complete(j) or not ctx.declarer_side(first[0]):
        return None
    suit, won = first[1].suit, ctx.tricks[j].winner
    if suit == ctx.trump or any(r < j for r in ctx.rounds(suit)) or won is None or not ctx.declarer_side(won):
        return None
    win = ctx.card_of(j, won)
    for keeper in ctx.defenders:
        his, thrower = ctx.card_of(j, keeper), keeper.partner
        kept = ctx.holding(keeper, suit, j)
        if win is None or his is None or his.suit != suit or ctx.position(j, keeper) > ctx.position(j, won):
            continue
        over = [c for c in ctx.unplayed(suit, j) if c.rank > win.rank and _theirs(ctx, c, j)]
        thrown, mine = _thrown(ctx, thrower, j), _thrown(ctx, keeper, j)
        if not over or any(c not in kept for c in over) or len(kept) < 2:
            continue
        if any(c.suit == suit for _, c in mine) or not mine or not any(c.suit == suit for _, c in thrown):
            continue
        return _discards_note(ctx, j, keeper, win, over[0])
    return None


# ---------------------------------------------------------------------------------------------
# The card returned (Elwell, at no-trumps): partner's highest, so the higher cards are the dealer's


def _return_at(ctx: Context, i: int) -> Finding | None:
    """Trick index ``i``: at no-trumps in an Elwell lesson, a defender's first lead of the suit his
    partner opened, with his highest card of it; the cards above it his partner has not seen, an honour
    among them, all lie with the declarer."""
    first = ctx.lead(i)
    if first is None or not ctx.nt or ctx.author is not Author.ELWELL or ctx.declarer is None:
        return None
    seat, card = first
    opened = ctx.first_lead.get(card.suit)
    if not ctx.defender(seat) or opened is None or ctx.tricks[opened].leader != seat.partner:
        return None
    if any(ctx.tricks[r].leader == seat for r in ctx.rounds(card.suit) if r < i):
        return None  # not his first return
    if ctx.holding(seat, card.suit, i)[0] != card:
        return None  # not his highest: the rule does not read it
    seen = ctx.visible(seat.partner, i, 4)
    placed = [c for c in ctx.unplayed(card.suit, i) if c.rank > card.rank and c not in seen]
    if not any(c.rank >= Rank.TEN for c in placed) or any(ctx.holder(c, i) != ctx.declarer for c in placed):
        return None  # no honour placed (nothing worth the reading), or a card elsewhere
    return _return_note(ctx, i, seat, card, placed)


def _return_note(ctx: Context, i: int, seat: Seat, card: Card, placed: list[Card]) -> Finding:
    partner, number = seat.partner, ctx.tricks[i].number
    word = card.suit.word
    one = len(placed) == 1
    text = (
        f"{ctx.who(seat)} returns {ctx.who(partner)}'s {word} with the {card}. By Elwell's rule at no-trumps "
        f"he returns his highest card, so {ctx.who(partner)} can place every {word[:-1]} above it that he "
        f"has not seen with {ctx.dealer_word()}: {'it is' if one else 'they are'} the {cards_text(placed)}."
    )
    facts = {"returned": str(card), "placed": [str(c) for c in placed]}
    return Finding("placing", "PLACED_BY_RETURN", number, (partner, seat), (card,), text, (number,), facts)


# ---------------------------------------------------------------------------------------------
# The lowest card to a high card led (Elwell, at no-trumps): three at most


def _lowest_at(ctx: Context, i: int) -> Finding | None:
    """Trick index ``i``: at no-trumps in an Elwell lesson, a defender opens a suit with an honour and
    his partner plays his lowest card of it, below which the leader sees every card; the declarer then
    holds at least three of the suit by the count."""
    first = ctx.lead(i)
    if first is None or not ctx.nt or ctx.author is not Author.ELWELL or ctx.dummy is None:
        return None
    leader, led = first
    partner = leader.partner
    card = ctx.card_of(i, partner)
    if not ctx.defender(leader) or led.rank < Rank.TEN or card is None or card.suit != led.suit:
        return None
    if ctx.first_lead.get(led.suit) != i:
        return None  # the rule reads the first round: later, the lowest card says nothing of length
    held = ctx.holding(partner, led.suit, i)
    seen = ctx.visible(leader, i, 4)
    if held[-1] != card or any(_card(led.suit, r) not in seen for r in range(int(Rank.TWO), int(card.rank))):
        return None
    if held[0].rank > led.rank:  # he can beat the card led: nothing to unblock, he keeps his winner
        return None  # and plays low from any length, so his lowest card counts nothing
    counts = _dealt(ctx, i, leader, led.suit)
    if counts is None or counts[2] < 3 or len(held) > 3 or ctx.declarer is None:  # a guarded suit
        return None
    return _lowest_note(ctx, i, leader, led, card, counts)


def _dealt(ctx: Context, i: int, leader: Seat, suit: Suit) -> tuple[int, int, int] | None:
    """The leader's and dummy's cards of ``suit`` at the deal, and the least the declarer was dealt
    when the leader's partner holds three at most; None when the deal is not whole or the partner has
    thrown a card of the suit before trick ``i`` (his length then is not his length at the deal)."""
    if not ctx.complete_deal or ctx.dummy is None:
        return None
    partner = leader.partner
    if len(ctx.holding(partner, suit, 0)) != len(ctx.holding(partner, suit, i)):
        return None
    mine, dummys = len(ctx.holding(leader, suit, 0)), len(ctx.holding(ctx.dummy, suit, 0))
    return mine, dummys, 13 - mine - dummys - 3


def _lowest_note(
    ctx: Context, i: int, leader: Seat, led: Card, card: Card, counts: tuple[int, int, int]
) -> Finding:
    mine, dummys, least = counts
    partner, number, word = ctx.who(leader.partner), ctx.tricks[i].number, led.suit.word
    thrown = any(len(ctx.holding(s, led.suit, 0)) != len(ctx.holding(s, led.suit, i)) for s in Seat)
    count = (
        f"with the {number_word(mine)} {ctx.who(leader)} was dealt and the {number_word(dummys)} dummy was "
        f"dealt ({word} thrown before this trick included), {ctx.dealer_word()} was dealt at least "
        if thrown
        else f"with {ctx.who(leader)}'s {number_word(mine)} and dummy's {number_word(dummys)}, "
        f"{ctx.dealer_word()} holds at least "
    )
    text = (
        f"{partner} plays the {card}, his lowest {word[:-1]}, to {ctx.who(leader)}'s {led}. By Elwell's rule "
        f"at no-trumps a partner with four or more of the suit does not play his lowest to a high card led, "
        f"so {partner} holds three {word} at most; {count}{number_word(least)}."
    )
    facts = {"lowest": str(card), "declarer_at_least": least}
    trick, tricks = number, [number]
    left = _leaves_suit(ctx, i, leader, led.suit)
    if left is not None:
        j, switch = left
        trick = ctx.tricks[j].number
        tricks.append(trick)
        assert ctx.declarer is not None
        text += (
            f" At trick {trick} {ctx.who(leader)}, who still holds the {cards_text(ctx.holding(leader, led.suit, j))}, "
            f"leads the {switch} instead; {ctx.dealer_word()} still holds the "
            f"{cards_text(ctx.holding(ctx.declarer, led.suit, j))}."
        )
    return Finding(
        "placing",
        "COUNTED_FROM_LOWEST_CARD",
        trick,
        (leader, leader.partner),
        (card,),
        text,
        tuple(tricks),
        facts,
    )


def _leaves_suit(ctx: Context, i: int, leader: Seat, suit: Suit) -> tuple[int, Card] | None:
    """The trick (index) after ``i`` at which ``leader``, leading on from trick ``i`` without losing the
    lead, first leads another suit while he and the declarer still hold ``suit``; with the card led."""
    for j in range(i + 1, len(ctx.tricks)):
        first = ctx.lead(j)
        if first is None or first[0] != leader or ctx.declarer is None:
            return None
        if first[1].suit == suit:
            continue
        if ctx.holding(leader, suit, j) and ctx.holding(ctx.declarer, suit, j):
            return j, first[1]
        return None
    return None


def _theirs(ctx: Context, card: Card, i: int) -> bool:
    """``card`` is a defender's at the start of trick index ``i``."""
    seat = ctx.holder(card, i)
    return seat is not None and ctx.defender(seat)


def _discards_note(ctx: Context, j: int, keeper: Seat, win: Card, q: Card) -> Finding:
    suit, thrower = win.suit, keeper.partner
    thrown = [(r, c) for r, c in _thrown(ctx, thrower, j) if c.suit == suit]
    mine = [c for _, c in _thrown(ctx, keeper, j)]
    lead, won, his = ctx.lead(j), ctx.tricks[j].winner, ctx.card_of(j, keeper)
    assert lead is not None and won is not None and his is not None
    at = [ctx.tricks[r].number for r, _ in thrown]
    when = f"trick {at[0]}" if len(at) == 1 else f"tricks {listed([str(n) for n in at])}"
    word, dealer, k = suit.word, ctx.dealer_word(), ctx.who(keeper)
    winner = f"{dealer}'s" if won == ctx.declarer else "dummy's"
    text = (
        f"Before trick {ctx.tricks[j].number} {ctx.who(thrower)} has thrown the "
        f"{listed([str(c) for _, c in thrown])} at {when}, while {k}, who "
        f"has thrown the {cards_text(mine)}, keeps all his {word}, the {cards_text(ctx.holding(keeper, suit, j))}: "
        f"{k} is the one guarding the {word}, so {dealer} can place the {q} with him. At trick "
        f"{ctx.tricks[j].number} {ctx.role(lead[0])} leads the {lead[1]}, {k} plays the {his}, and {winner} "
        f"{win} wins: a finesse against {k}'s {q}, which the discards placed."
    )
    tricks: tuple[int, ...] = (*at, ctx.tricks[j].number)
    waited = _waited(ctx, suit, j, q)
    if waited is not None:
        text += waited[1]
        tricks = (waited[0], *tricks)
    facts = {"placed": [str(q)], "thrown": [str(c) for _, c in thrown], "finesse": str(win)}
    return Finding(
        "placing",
        "PLACED_BY_DISCARDS",
        ctx.tricks[j].number,
        (ctx.declarer or keeper, keeper),
        (win,),
        text,
        tuple(sorted(set(tricks))),
        facts,
    )


# ---------------------------------------------------------------------------------------------
# An honour dropped under a higher card is a lone card: the declarer will ruff, so trumps are led


def _drop_at(ctx: Context, i: int) -> Finding | None:
    """Trick index ``i``, in a trump make: a defender's card wins while the declarer plays an honour
    of the suit below it, his only card of the suit; the same defender leads a trump next."""
    first = ctx.lead(i)
    if first is None or ctx.trump is None or ctx.declarer is None or not ctx.complete(i):
        return None
    leader, led = first
    dropped = ctx.card_of(i, ctx.declarer)
    if not ctx.defender(leader) or ctx.tricks[i].winner != leader or led.suit == ctx.trump:
        return None
    if dropped is None or dropped.suit != led.suit or dropped.rank < Rank.TEN:
        return None
    if ctx.holding(ctx.declarer, led.suit, i) != [dropped] or i + 1 >= len(ctx.tricks):
        return None  # not his only card of the suit
    nxt = ctx.lead(i + 1)
    if nxt is None or nxt[0] != leader or nxt[1].suit != ctx.trump or not ctx.trumps(ctx.declarer, i + 1):
        return None
    word, dealer, who = led.suit.word, ctx.dealer_word(), ctx.who(leader)
    number = ctx.tricks[i].number
    text = (
        f"At trick {number} {dealer} plays the {dropped} to {who}'s {led}. It cannot win the trick, and a "
        f"player with a smaller {led.suit.singular} would have kept it, so {who} can read it as {dealer}'s "
        f"only {led.suit.singular}; and so it is: {dealer} can ruff the next round of {word}. At trick "
        f"{number + 1} {who} leads a trump, the {nxt[1]}, to draw {dealer}'s trumps before he can ruff."
    )
    facts = {"placed": [], "dropped": str(dropped), "void": led.suit.word}
    return Finding(
        "placing",
        "PLACED_BY_DROPPED_HONOUR",
        number + 1,
        (leader, ctx.declarer),
        (dropped, nxt[1]),
        text,
        (number, number + 1),
        facts,
    )


# ---------------------------------------------------------------------------------------------
# The Eleven Rule counts the leader's partner: the declarer knows when his last card falls


def _fourth_best_lead(ctx: Context, j: int, leader: Seat, suit: Suit) -> tuple[int, Card] | None:
    """The lead before trick index ``j`` by ``leader``, who opened ``suit``, of his fourth-best card of
    it as dealt, having played no card of it but leads: (trick index, card)."""
    dealt = ctx.holding(leader, suit, 0)
    opened = ctx.first_lead.get(suit)
    if len(dealt) < 4 or opened is None or ctx.tricks[opened].leader != leader:
        return None
    for r in range(j):
        card = ctx.card_of(r, leader)
        if card is None or card.suit != suit:
            continue
        if ctx.tricks[r].leader != leader:
            return None  # he has followed to the suit: not the leads the rule reads
        if card == dealt[3]:
            return r, card
    return None


def _eleven_at(ctx: Context, j: int) -> Finding | None:
    """Trick index ``j``: the declarer's side leads a suit a defender opened and led his fourth-best
    of; every card below that card is in the declarer's sight, so the Eleven Rule has counted the
    leader's partner, who now plays his last card of the suit."""
    first = ctx.lead(j)
    if first is None or ctx.declarer is None or ctx.dummy is None or not ctx.declarer_side(first[0]):
        return None
    suit = first[1].suit
    for leader in ctx.defenders:
        lead = _fourth_best_lead(ctx, j, leader, suit)
        partner = leader.partner
        his = ctx.card_of(j, partner)
        if lead is None or his is None or ctx.holding(partner, suit, j) != [his]:
            continue
        if lead[0] == 0 and _count_at(ctx, 0) is not None:
            continue  # the lowest card led has counted the suit already (COUNTED_FROM_LOW_LEAD)
        seen = ctx.visible(ctx.declarer, j)
        if any(_card(suit, r) not in seen for r in range(int(Rank.TWO), int(lead[1].rank))):
            continue  # a lower card unseen: the partner may hold it
        return _eleven_note(ctx, j, leader, lead, his)
    return None


def _eleven_note(ctx: Context, j: int, leader: Seat, lead: tuple[int, Card], his: Card) -> Finding:
    i, card = lead
    suit, partner, dealer = card.suit, leader.partner, ctx.dealer_word()
    assert ctx.declarer is not None and ctx.dummy is not None
    out = 11 - int(card.rank)
    ours = [c for s in (ctx.declarer, ctx.dummy) for c in ctx.holding(s, suit, 0) if c.rank > card.rank]
    played = [c for r in range(j) if (c := ctx.card_of(r, partner)) is not None and c.suit == suit]
    lead_j = ctx.lead(j)
    assert lead_j is not None
    a, b, word, one = ctx.who(leader), ctx.who(partner), suit.word, suit.singular
    text = (
        f"{a}'s {card} at trick {ctx.tricks[i].number} is his fourth-best {one}: by the Eleven Rule, eleven "
        f"less {number_word(int(card.rank))} leaves {number_word(out)} {word} above it out against {a}. "
        f"{dealer.capitalize()} and dummy hold {number_word(len(ours))} of them"
        f"{f' ({cards_text(ours)})' if ours else ''}, so {b} was dealt {number_word(out - len(ours))} above "
        f"the {card}; every lower {one} is in sight. "
        f"{b} has played the {cards_text(played)}, so at trick {ctx.tricks[j].number} {dealer} can count "
        f"him with one {one} left. {ctx.role(lead_j[0]).capitalize()} leads the {lead_j[1]}, and {b}'s last "
        f"{one}, the {his}, falls."
    )
    facts = {"led": str(card), "partner_dealt_above": out - len(ours), "last": str(his)}
    return Finding(
        "placing",
        "COUNTED_BY_ELEVEN",
        ctx.tricks[j].number,
        (ctx.declarer, partner),
        (card, his),
        text,
        (ctx.tricks[i].number, ctx.tricks[j].number),
        facts,
    )


# ---------------------------------------------------------------------------------------------
# A defender's hold-up hides a card, and the declarer's finesse against the other defender loses


def _held_up(ctx: Context, j: int, seat: Seat, high: Card) -> int | None:
    """The round of ``high``'s suit before trick index ``j``, led by the declarer's side and won by
    it, to which ``seat`` played a smaller card while holding ``high``, which would have won it."""
    for k in reversed([r for r in ctx.rounds(high.suit) if r < j]):
        won, card = ctx.tricks[k].winner, ctx.card_of(k, seat)
        lead = ctx.lead(k)
        if won is None or card is None or lead is None or not ctx.declarer_side(lead[0]):
            return None
        win = ctx.card_of(k, won)
        if ctx.declarer_side(won) and high in ctx.hand(seat, k) and win is not None and win.rank < high.rank:
            return k
        return None
    return None


def _misplaced_at(ctx: Context, j: int) -> Finding | None:
    """Trick index ``j``: the declarer's side leads a suit, and a hand of it, the other defender having
    played before it, plays a card below one it holds and loses to the second defender's card, which
    that defender held back at the round before; the finessing hand wins no trick after this one."""
    first = ctx.lead(j)
    won = ctx.tricks[j].winner
    if first is None or ctx.declarer is None or not ctx.complete(j) or won is None or not ctx.defender(won):
        return None
    if not ctx.declarer_side(first[0]):
        return None
    hand = first[0].partner
    played, high = ctx.card_of(j, hand), ctx.card_of(j, won)
    if played is None or high is None or high.suit != first[1].suit or played.suit != high.suit:
        return None
    over = [c for c in ctx.holding(hand, high.suit, j) if c.rank > high.rank]
    other = won.partner
    if (
        not over
        or ctx.position(j, other) > ctx.position(j, hand)
        or ctx.position(j, won) < ctx.position(j, hand)
    ):
        return None
    if any(ctx.tricks[r].winner == hand for r in range(j + 1, len(ctx.tricks))):
        return None
    k = _held_up(ctx, j, won, high)
    if k is None:
        return None
    return _misplaced_note(ctx, j, k, hand, won, played, high, over[-1])


def _misplaced_note(
    ctx: Context, j: int, k: int, hand: Seat, holder: Seat, played: Card, high: Card, ace: Card
) -> Finding:
    dealer = ctx.dealer_word()
    won_k = ctx.tricks[k].winner
    assert won_k is not None and ctx.declarer is not None
    theirs, held = ctx.card_of(k, won_k), ctx.card_of(k, holder)
    whose = f"{dealer}'s" if won_k == ctx.declarer else "dummy's"
    name = "dummy" if hand != ctx.declarer else dealer
    h, o = ctx.who(holder), ctx.who(holder.partner)
    text = (
        f"At trick {ctx.tricks[k].number} {h} plays the {held} and lets {whose} {theirs} win, keeping the "
        f"{high}, so the {high} may seem to lie with {o}. At trick {ctx.tricks[j].number} {name} plays the "
        f"{played}, a finesse that succeeds only if {o} holds the {high}; {h} holds it, and wins. {name.capitalize()}'s "
        f"{ace}, played instead, would have won the trick, and {name} wins no trick after it."
    )
    facts = {"placed": [str(high)], "with": holder.name, "finesse": str(played)}
    return Finding(
        "placing",
        "MISPLACED_CONTRARY",
        ctx.tricks[j].number,
        (ctx.declarer, holder),
        (played, high),
        text,
        (ctx.tricks[k].number, ctx.tricks[j].number),
        facts,
    )
