"""Detectors: second-hand play (rules-reference §7) — the fourchette and covering.

The fourchette (MOT-FOURCHETTE): second hand holding the cards either side of the one led covers with
the one above.  Second-hand play (MOT-COVER): an honour led through the pone is covered, and the eldest
hand beats dummy's cards when the declarer leads toward them.  The notes are in our own words.
"""

from __future__ import annotations

from ...rules.cards import Card, Rank
from ...rules.seats import Seat
from ..context import Author, Context
from ..findings import Finding, Phase, detector, each_trick
from ..words import capitalised, cards_text

__all__ = ["fourchette", "cover"]


# ---------------------------------------------------------------------------------------------
# MOT-FOURCHETTE [S2 p.65]


@detector("fourchette", "The fourchette", Phase.LEADS, 3)
def fourchette(ctx: Context) -> list[Finding]:
    """Second hand holding the cards just above and just below the one led covers with the one above."""
    return each_trick(ctx, _fourchette_at)


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
    next_up = min((c for c in out if c.rank > above.rank), key=lambda c: c.rank, default=None)
    if next_up is not None and next_up in hand:
        return None  # [interp] the card above heads no tenace: it is the cheapest of a sequence
    w, by = ctx.player(seat), ctx.who(first[0])
    facts = {"led": str(led), "above": str(above), "below": str(below), "played": str(played)}
    if played == above:
        text = (
            f"{capitalised(w)} covers {by}'s {led} with {above}, holding {below} as well: with the cards either side of "
            f"the one led, second hand plays the one just above (the fourchette)."
        )
        return Finding(
            "fourchette", "FOURCHETTE", ctx.tricks[i].number, (seat,), (led, above, below), text, (), facts
        )
    if not above.rank.is_honour:
        return None  # [interp] a fourchette is made with honours: a 4 over a 3 promotes nothing
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


@detector("cover", "Second-hand play", Phase.LEADS, 4)
def cover(ctx: Context) -> list[Finding]:
    """Rule 1: the pone covers an honour led by dummy.  Rule 2: the eldest hand beats dummy's cards
    when the declarer leads from his own hand."""
    if ctx.declarer is None or ctx.dummy is None:
        return []
    return each_trick(ctx, _second_hand_at) + each_trick(ctx, _refused_in_both_hands)


def _second_hand_at(ctx: Context, i: int) -> Finding | None:
    return _cover_at(ctx, i) or _beat_dummy_at(ctx, i) or _elwell_second_at(ctx, i) or _ace_to_ruff_at(ctx, i)


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
    held = ctx.holding(seat, led.suit, i)
    higher = [c for c in held if c.rank > led.rank]
    if not higher or len(held) < 2:
        return None  # nothing to cover with, or one card only: the play is forced
    w = ctx.who(seat)
    facts = {"led": str(led), "played": str(played), "higher": cards_text(higher)}
    covered = played.suit == led.suit and played.rank > led.rank
    if not covered and not _cover_promotes(ctx, i, led, higher[-1]):
        return None  # [interp] a cover that promotes nothing, or a master card held up: no missed cover
    if covered and _beaten(ctx, i, played) and not _cover_promotes(ctx, i, led, played):
        return _cover_gains_nothing(ctx, i, seat, led, played, facts)
    if covered:
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


def _cover_gains_nothing(
    ctx: Context, i: int, seat: Seat, led: Card, played: Card, facts: dict[str, str]
) -> Finding | None:
    """[interp] The cover promotes no card of the defenders' and a higher card is still to play over
    it (Elwell 1904 Hand 37: "it matters little"); said only when the fourth hand holds that card."""
    fourth = seat.lho
    over = [c for c in ctx.holding(fourth, led.suit, i) if c.rank > played.rank]
    if not over:
        return None
    text = (
        f"Dummy leads {led} through {ctx.who(seat)}, who covers with {played}. The cover gains nothing: "
        f"it promotes no card of the defenders', and {ctx.who(fourth)}'s {over[-1]} is still to play over it."
    )
    facts = facts | {"gains_nothing": "true", "over": str(over[-1])}
    return Finding("cover", "COVER_OK", ctx.tricks[i].number, (seat,), (led, played), text, (), facts)


def _beaten(ctx: Context, i: int, cover: Card) -> bool:
    """The declaring side still holds a card above ``cover`` at trick index ``i``."""
    return any(c.rank > cover.rank for p in ctx.declaring for c in ctx.holding(p, cover.suit, i))


def _cover_promotes(ctx: Context, i: int, led: Card, cover: Card) -> bool:
    """[interp] Covering ``led`` with ``cover`` gains: the declaring side holds a card above the
    cover that it must spend on it, and afterwards the defenders hold the master card of the suit.
    When the cover is itself the master, playing low is a hold-up, not a missed cover; when the
    declaring side keeps the master anyway, the cover is only lost to a higher card."""
    s = led.suit
    ours = [c for p in ctx.declaring for c in ctx.holding(p, s, i) if c != led]
    theirs = [c for p in ctx.defenders for c in ctx.holding(p, s, i) if c != cover]
    above = [c for c in ours if c.rank > cover.rank]
    if not above:
        return False
    spent = min(above, key=lambda c: c.rank)
    left = [c.rank for c in ours if c != spent]
    return any(c.rank > max(left, default=0) for c in theirs)


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
    held = ctx.holding(seat, led.suit, i)
    beaters = [c for c in held if c.rank > bar]
    if not beaters or len(held) < 2:
        return None  # he cannot beat dummy's cards (small is right, S2 H3 T6), or his one card is forced
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
    if ctx.nt and _master(ctx, i, beaters[0]):
        return None  # [interp] at no-trumps, the master card kept back is a hold-up, not a missed play
    text = (
        f"{capitalised(d)} leads {led} toward dummy's {cards_text(dummy)}; {w} plays {played}. The book's advice for "
        f"second hand here is to beat dummy's cards when he can, as {cards_text(beaters)} would."
    )
    return Finding(
        "cover", "BEAT_DUMMY_MISSED", ctx.tricks[i].number, (seat,), (led, played), text, (), facts
    )


def _master(ctx: Context, i: int, card: Card) -> bool:
    """``card`` is the highest card of its suit not yet played at trick index ``i``."""
    return all(c.rank <= card.rank for c in ctx.unplayed(card.suit, i))


# ---------------------------------------------------------------------------------------------
# Elwell's table of the declaring side's second-hand plays [S4 "Second Hand Plays"]

#: (second hand, fourth hand, play with a trump, play at no-trumps): "x" a card below the ten,
#: "low" the lowest card.  Elwell: "In each case a small card is led and the second hand is the hand
#: that is led through."
_ELWELL_SECOND = (
    ("A K x", "J x x", None, None),  # "K, or Low": either
    ("A K x", "10 x x", "K", "low"),
    ("A Q x", "J x x", "low", "low"),
    ("A Q x", "10 x x", "low", "low"),
    ("A Q x", "x x x", "Q", "low"),
    ("A J x", "Q x x", "low", "low"),
    ("A 10 x", "J x x", "low", "low"),
    ("A x x", "Q x x", "low", "low"),
    ("K Q x", "x x x", "Q", "Q"),
    ("K J x", "x x x", "low", "low"),
    ("K J", "x x x", "J", "K"),
    ("K J", "A x x", "J", "J"),
    ("K J x", "10 x x", "low", "low"),
    ("K 10 x", "J x x", "low", "low"),
    ("K x x", "Q x", "low", "low"),
    ("K x", "x x", "low", "K"),
    ("K x", "J x x", "low", "low"),
    ("K x", "Q x x", "low", "K"),
    ("K x", "Q 10 x", "low", "low"),
    ("K x", "A 10 x", "low", "low"),
    ("K x", "A J x", "low", "low"),
    ("Q J x", "x x x", "J", "J"),
    ("Q J x", "A x x", "J", "J"),
    ("Q 10 x", "A x x", "low", "low"),
    ("Q x x", "K x x", "low", "low"),
    ("Q x x", "x x x", "low", "low"),
    ("Q x", "A x x", "Q", "Q"),
    ("Q x", "A 10 x", "low", "low"),
    ("Q x", "A J x", "low", "low"),
    ("Q x", "K x x", "low", "Q"),
    ("Q x", "J x x", "low", "low"),
    ("Q x", "x x x", "Q", "Q"),
    ("J 10 x", "A K x", "10", "10"),
    ("J 10 x", "A x x", "10", "10"),
    ("J x", "A K x", "J", "J"),
    ("J x", "A Q x", "low", "low"),
    ("10 x", "A K x", "10", "10"),
    ("10 x", "A Q x", "10", "10"),
    ("10 x", "A J x", "low", "low"),
)


def _matches(cards: list[Card], pattern: str) -> bool:
    """``cards`` (highest first) are the pattern's cards exactly, "x" standing for a card below the ten."""
    tokens = pattern.split()
    if len(cards) != len(tokens):
        return False
    return all(
        c.rank < Rank.TEN if t == "x" else c.rank == Rank.parse(t) for c, t in zip(cards, tokens, strict=True)
    )


def _elwell_second_at(ctx: Context, i: int) -> Finding | None:
    """[interp] In Elwell's lessons, a defender leads a card below the ten and dummy or the declarer
    plays second: when the two hands of the suit are a row of his table, the table's card is said."""
    got = _second(ctx, i)
    if got is None or ctx.author is not Author.ELWELL:
        return None
    leader, led, seat, played = got
    if not ctx.defender(leader) or led.rank >= Rank.TEN or played.suit != led.suit:
        return None
    second, fourth = ctx.holding(seat, led.suit, i), ctx.holding(seat.partner, led.suit, i)
    row = next((r for r in _ELWELL_SECOND if _matches(second, r[0]) and _matches(fourth, r[1])), None)
    play = None if row is None else row[3] if ctx.nt else row[2]
    if row is None or play is None:
        return None
    expected = second[-1] if play == "low" else next(c for c in second if c.rank == Rank.parse(play))
    ok = played.rank < Rank.TEN if play == "low" else played == expected
    strain = "at no-trumps" if ctx.nt else "with a trump declared"
    card_words = "a low card" if play == "low" else str(expected)
    text = (
        f"{capitalised(ctx.role(leader))} leads {led} through {ctx.role(seat)}'s {cards_text(second)}, "
        f"with {ctx.role(seat.partner)}'s {cards_text(fourth)} to play last: Elwell's table of second-hand "
        f"plays gives {card_words} {strain}, and {ctx.role(seat)} plays {played}."
    )
    facts = {"second": cards_text(second), "fourth": cards_text(fourth), "table": card_words}
    label = "SECOND_HAND_OK" if ok else "SECOND_HAND_DEVIATION"
    shown = ok or not _held_up(ctx, i, seat)
    return Finding("cover", label, ctx.tricks[i].number, (seat,), (led, played), text, (), facts, shown)


def _refused_in_both_hands(ctx: Context, i: int) -> Finding | None:
    """Elwell 1902 Hand 9, trick 1: "The correct second in hand play of this combination is the
    queen ... [Z] not only refuses to play the queen second in hand, but will not take the trick fourth
    in hand."  [interp] In Elwell's lessons, where his table gives the second hand a high card and a
    low one is played instead, and the fourth hand too plays under the defenders' winning card while
    holding a card of the suit above it: the trick is refused in both hands, and the note says so (a
    hold-up in place of the table's card, not an oversight of second-hand play)."""
    got = _second(ctx, i)
    if got is None or ctx.author is not Author.ELWELL or not ctx.complete(i):
        return None
    leader, led, seat, played = got
    if not ctx.defender(leader) or led.rank >= Rank.TEN or played.suit != led.suit:
        return None
    second, fourth = ctx.holding(seat, led.suit, i), ctx.holding(seat.partner, led.suit, i)
    row = next((r for r in _ELWELL_SECOND if _matches(second, r[0]) and _matches(fourth, r[1])), None)
    play = None if row is None else row[3] if ctx.nt else row[2]
    if play is None or play == "low" or played.rank >= Rank.TEN:
        return None  # the table's card is low, or a high card was played: no refusal
    winner, last = ctx.tricks[i].winner, ctx.card_of(i, seat.partner)
    won = None if winner is None else ctx.card_of(i, winner)
    if winner is None or won is None or not ctx.defender(winner) or last is None:
        return None
    over = [c for c in fourth if c.suit == won.suit and c.rank > won.rank]
    if not over or last in over:
        return None  # the fourth hand could not win the trick, or tried to
    table = next(c for c in second if c.rank == Rank.parse(play))
    strain = "at no-trumps" if ctx.nt else "with a trump declared"
    a, y, z = ctx.role(leader), ctx.role(seat), ctx.role(seat.partner)
    text = (
        f"{capitalised(a)} leads {led} through {y}'s {cards_text(second)}, with {z}'s {cards_text(fourth)} "
        f"to play last: Elwell's table of second-hand plays gives {table} {strain}. Instead {y} plays "
        f"{played}, and {z} lets {ctx.role(winner)}'s {won} win though his {over[-1]} would take it: "
        f"the declaring side refuses the trick in both hands, a hold-up in place of the table's card."
    )
    facts = {
        "second": cards_text(second),
        "fourth": cards_text(fourth),
        "table": str(table),
        "over": str(over[-1]),
    }
    number = ctx.tricks[i].number
    return Finding(
        "cover",
        "REFUSED_SECOND_AND_FOURTH",
        number,
        (seat, seat.partner),
        (led, played, last),
        text,
        (),
        facts,
    )


def _held_up(ctx: Context, i: int, seat: Seat) -> bool:
    """The declaring side let the trick go though one of its hands held a card of the suit that would
    have won it: the second-hand card kept is part of a hold-up (Elwell 1902 Hand 9, trick 1: dummy's
    ♥5 kept the ♥Q while the dealer held up the ♥K), and no departure to be shown."""
    winner = ctx.tricks[i].winner
    if winner is None or not ctx.defender(winner):
        return False
    won = next(c for s, c in ctx.tricks[i].plays if s == winner)
    return any(c.suit == won.suit and c.rank > won.rank for s in (seat, seat.partner) for c in ctx.hand(s, i))


def _ace_to_ruff_at(ctx: Context, i: int) -> Finding | None:
    """Elwell 1902 Hand 6, trick 1: "The dealer plays the ace second in hand in order to trump his losing
    diamond."  [interp] In Elwell's lessons, with a trump declared: a defender leads, the declaring
    side's second hand holds the ace and one card only, plays the ace and wins, plays its other card on
    the next round of the suit and, void, trumps the third round, on which its partner plays a card of
    the suit (a loser it would otherwise have kept)."""
    got = _second(ctx, i)
    if got is None or ctx.author is not Author.ELWELL or ctx.trump is None:
        return None
    leader, led, seat, played = got
    held = ctx.holding(seat, led.suit, i)
    wins = ctx.complete(i) and ctx.tricks[i].winner == seat
    if not ctx.defender(leader) or led.suit == ctx.trump or len(held) != 2 or played != held[0] or not wins:
        return None
    if played.rank != Rank.ACE:
        return None
    later = [j for j in ctx.rounds(led.suit) if j > i][:2]
    if len(later) < 2 or not all(ctx.complete(j) for j in later):
        return None
    small, ruff, partner = ctx.card_of(later[0], seat), ctx.card_of(later[1], seat), seat.partner
    theirs = ctx.card_of(later[1], partner)
    if small != held[1] or ruff is None or ruff.suit != ctx.trump or ctx.tricks[later[1]].winner != seat:
        return None
    if theirs is None or theirs.suit != led.suit:
        return None
    over = [c for d in ctx.defenders for c in ctx.holding(d, led.suit, later[1]) if c.rank > theirs.rank]
    if not over:
        return None  # partner's card would have won: no loser trumped
    name, n = ctx.role(seat), ctx.tricks[later[1]].number
    text = (
        f"{capitalised(name)} plays {played} second hand on {ctx.role(leader)}'s {led}, from {cards_text(held)}, "
        f"and {held[1]} on the next round: void of {led.suit.word}, {name} trumps "
        f"{ctx.role(partner)}'s {theirs}, lower than the defenders' {cards_text(over)}, with {ruff} at trick {n}."
    )
    facts = {"held": cards_text(held), "ruff_at": n, "loser": str(theirs)}
    number = ctx.tricks[i].number
    return Finding("cover", "ACE_SECOND_TO_RUFF", number, (seat,), (led, played), text, (number, n), facts)
