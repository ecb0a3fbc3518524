"""The books' rules for the make (rules-reference §8), as computable advice, and how the actual make
compares.

Bridge Whist only: the dealer names the trump or passes the make to dummy.  Three sources:
Foster's count and no-trump guidance (DECL-FC, DECL-FNT), Elwell's rules for the dealer (DECL-E) and
the Dummy Bridge mechanical declaration (DECL-DB).  Where the books leave a word undefined
("protection", "very strong") the reading is ours and marked [interp].  Pure functions; no I/O.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from ..rules.cards import Card, Rank, Strain, Suit
from ..rules.dummy_bridge import mechanical_declaration
from ..rules.game import Game
from ..rules.regimes import RuleSet
from ..rules.seats import BookPair, Seat

__all__ = [
    "Advice",
    "DealerScore",
    "MakeNote",
    "foster_count",
    "guarded",
    "protected",
    "foster_dealer",
    "foster_dummy",
    "elwell_dealer",
    "dummy_bridge",
    "make_note",
    "PASS",
    "Pass",
]


class Pass(enum.StrEnum):
    """The call that names no trump: the dealer passes the make to dummy."""

    PASS = "pass"


PASS = Pass.PASS
_HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)
_STRAIN = {
    Suit.HEARTS: Strain.HEARTS,
    Suit.DIAMONDS: Strain.DIAMONDS,
    Suit.CLUBS: Strain.CLUBS,
    Suit.SPADES: Strain.SPADES,
}


@dataclass(frozen=True, slots=True)
class Advice:
    """What one book's rule says: a strain (``Strain``) or ``PASS``, and why, in plain words."""

    source: str  # "Foster", "Elwell", "Dummy Bridge"
    call: Strain | Pass
    reasons: tuple[str, ...]

    @property
    def call_word(self) -> str:
        return self.call.value if isinstance(self.call, Pass) else self.call.word


@dataclass(frozen=True, slots=True)
class DealerScore:
    """The score before the deal from the dealer's side (Y–Z): the points toward the game of each
    side and the games each had won in the rubber; None where the hand file does not give it.  A
    rule of Elwell's that depends on a fact not given stays silent."""

    own: int | None = None
    theirs: int | None = None
    own_games: int | None = None
    their_games: int | None = None

    @classmethod
    def of(cls, game: Game) -> DealerScore:
        """The dealer's score in a validated game."""
        yz, ab = game.pair(BookPair.YZ), game.pair(BookPair.AB)
        given = bool(game.score_before)
        return cls(
            game.score_of(yz) if given else None,
            game.score_of(ab) if given else None,
            game.games_of(yz),
            game.games_of(ab),
        )

    @property
    def rubber_game(self) -> bool:
        return self.own_games == 1 and self.their_games == 1

    @property
    def first_game(self) -> bool:
        return self.own_games == 0 and self.their_games == 0

    @property
    def points(self) -> str:
        """ "0 to 24": the dealer's points, then the adversaries'."""
        return f"{self.own} to {self.theirs}"


def _suit(hand: Iterable[Card], s: Suit) -> list[Card]:
    return sorted((c for c in hand if c.suit == s), key=lambda c: -c.rank)


def _ranks(hand: Iterable[Card], s: Suit) -> set[Rank]:
    return {c.rank for c in hand if c.suit == s}


def aces(hand: Iterable[Card]) -> list[Suit]:
    return [c.suit for c in hand if c.rank == Rank.ACE]


def foster_count(hand: Iterable[Card], s: Suit) -> int:
    """DECL-FC: length of s + its honours (A K Q J 10) + aces and kings in the three other suits."""
    cards = list(hand)
    trumps = _suit(cards, s)
    honours = sum(1 for c in trumps if c.rank in _HONOURS)
    outside = sum(1 for c in cards if c.suit != s and c.rank in (Rank.ACE, Rank.KING))
    return len(trumps) + honours + outside


def guarded(hand: Iterable[Card], s: Suit) -> bool:
    """D-11 (Elwell): K with at least one other card, or Q with at least two others."""
    ranks = _ranks(hand, s)
    n = len(ranks)
    return (Rank.KING in ranks and n >= 2) or (Rank.QUEEN in ranks and n >= 3)


def protected(hand: Iterable[Card], s: Suit) -> bool:
    """[interp] Foster's "protection" (p.38–39, not defined numerically): an ace, or guarded (D-11)."""
    return Rank.ACE in _ranks(hand, s) or guarded(hand, s)


def _strong(hand: Iterable[Card], s: Suit) -> bool:
    """[interp] Foster's "very strong suit" beside one ace (p.39: ♣K Q J 8 6, ♠K Q 10): K Q with a third honour."""
    ranks = _ranks(hand, s)
    return {Rank.KING, Rank.QUEEN} <= ranks and len(ranks & {Rank.ACE, Rank.JACK, Rank.TEN}) >= 1


def _honours(hand: Iterable[Card], s: Suit) -> int:
    return sum(1 for c in hand if c.suit == s and c.rank in _HONOURS)


def _trump_call(hand: list[Card], *, dummy: bool) -> tuple[Suit | None, list[str]]:
    """Foster's red-suit count (DECL-FC): the better red suit counting 8 or more with five or more cards."""
    best: tuple[int, Suit] | None = None
    notes: list[str] = []
    for s in (Suit.HEARTS, Suit.DIAMONDS):
        n = len(_suit(hand, s))
        if n < 5 and not (dummy and n >= 4 and _honours(hand, s) >= 2):
            continue
        count = foster_count(hand, s)
        notes.append(
            f"{s.word} count {n} + {_honours(hand, s)} honours + "
            f"{count - n - _honours(hand, s)} plain-suit aces and kings = {count}"
        )
        if count >= 8 and (best is None or count > best[0] or (count == best[0] and s == Suit.HEARTS)):
            best = (count, s)
    return (best[1] if best else None), notes


def foster_dealer(hand: Iterable[Card], own_score: int = 0) -> Advice:
    """DECL-FNT and DECL-FC for the dealer [S2 pp.34–42]."""
    cards = list(hand)
    a = aces(cards)
    others = [s for s in Suit if s not in a]
    why: list[str] = [f"{len(a)} ace{'s' if len(a) != 1 else ''}"]
    nt = False
    if len(a) == 4:
        nt, why = True, why + ["four aces: always no-trumps"]
    elif len(a) == 3:
        hearts = foster_count(cards, Suit.HEARTS) if len(_suit(cards, Suit.HEARTS)) >= 5 else 0
        # [interp] "unless the hearts are very strong": a heart count of 10 or more
        nt = hearts < 10
        why.append("three aces: no-trumps" + ("" if nt else ", but the hearts are very strong"))
    elif len(a) == 2:
        nt = any(protected(cards, s) for s in others)
        why.append("two aces and " + ("a third suit protected" if nt else "no third suit protected"))
    elif len(a) == 1:
        strong = [s for s in others if _strong(cards, s)]
        nt = len(strong) >= 2 or all(protected(cards, s) for s in others)
        why.append(
            "one ace and "
            + (
                "two very strong suits"
                if len(strong) >= 2
                else "the other three suits protected"
                if nt
                else "not enough protection"
            )
        )
    else:
        kings = sum(1 for s in Suit if Rank.KING in _ranks(cards, s))
        nt = all(_honours(cards, s) >= 2 for s in Suit) and kings >= 3
        why.append("no ace" + (": two honours in every suit, three kings" if nt else ""))
    if nt:
        return Advice("Foster", Strain.NOTRUMP, tuple(why))
    suit, counts = _trump_call(cards, dummy=False)
    why += counts
    if suit is not None:
        return Advice("Foster", _STRAIN[suit], tuple(why + [f"{suit.word} count 8 or more: a good make"]))
    clubs = _suit(cards, Suit.CLUBS)
    if (
        _honours(cards, Suit.CLUBS) >= 4
        and len(clubs) >= 5
        and not any(protected(cards, s) for s in (Suit.HEARTS, Suit.DIAMONDS))
    ):
        return Advice("Foster", Strain.CLUBS, tuple(why + ["four club honours and no red protection"]))
    if own_score >= 24 and len(_suit(cards, Suit.SPADES)) >= 5:
        return Advice("Foster", Strain.SPADES, tuple(why + ["spades at 24 or more"]))
    return Advice("Foster", PASS, tuple(why + ["nothing good enough: pass the make to dummy"]))


def foster_dummy(hand: Iterable[Card]) -> Advice:
    """DECL-FNT for dummy after a passed make [S2 pp.44–47]."""
    cards = list(hand)
    a = aces(cards)
    reds_stopped = all(protected(cards, s) for s in (Suit.HEARTS, Suit.DIAMONDS))
    why = [
        f"{len(a)} ace{'s' if len(a) != 1 else ''}",
        "both red suits stopped" if reds_stopped else "a red suit unstopped",
    ]
    suit, counts = _trump_call(cards, dummy=True)
    why += counts
    if len(a) == 4 or (len(a) == 3 and suit != Suit.HEARTS):
        return Advice("Foster", Strain.NOTRUMP, tuple(why + ["three or four aces: no-trumps"]))
    if suit is not None:
        return Advice("Foster", _STRAIN[suit], tuple(why + [f"a {suit.singular} call with the count"]))
    if len(a) == 2 and reds_stopped:
        return Advice("Foster", Strain.NOTRUMP, tuple(why + ["two aces with both red suits stopped"]))
    for s in (Suit.HEARTS, Suit.DIAMONDS):  # a trump call needs two honours or six trumps
        n = len(_suit(cards, s))
        if n >= 6 or (n >= 4 and _honours(cards, s) >= 2):
            return Advice(
                "Foster", _STRAIN[s], tuple(why + [f"{n} {s.word} with {_honours(cards, s)} honours"])
            )
    clubs, spades = _suit(cards, Suit.CLUBS), _suit(cards, Suit.SPADES)
    call = Strain.CLUBS if len(clubs) > len(spades) and _honours(cards, Suit.SPADES) >= 1 else Strain.SPADES
    return Advice("Foster", call, tuple(why + ["a hopeless hand: make it to lose as little as possible"]))


def elwell_dealer(hand: Iterable[Card], own_score: int = 0, score: DealerScore | None = None) -> Advice:
    """DECL-E: Elwell's rules for the dealer's no-trumps, hearts, diamonds, clubs and spades [S1], and
    his rules at the score: the weak no-trump on the rubber game when far behind, the diamond make
    refused at four scores, clubs and spades only near the game.  ``score`` is the score before the
    deal (without it, ``own_score`` alone: the rules that need more are silent)."""
    cards = list(hand)
    at = score if score is not None else DealerScore(own=own_score)
    own = at.own or 0
    big_red = max(_honours(cards, Suit.HEARTS), _honours(cards, Suit.DIAMONDS)) >= 4
    rule = _elwell_no_trump(cards) if not big_red else None
    if rule is not None:
        return Advice("Elwell", Strain.NOTRUMP, (rule,))
    heart_honours = _honours(cards, Suit.HEARTS)
    some_protection = any(protected(cards, s) for s in Suit if s != Suit.HEARTS)  # [interp] "some protection"
    n = len(_suit(cards, Suit.HEARTS))
    if (
        heart_honours >= 4
        or (n >= 6 and heart_honours >= 1 and some_protection)
        or (n >= 5 and heart_honours >= 2 and some_protection)
        or (n == 4 and heart_honours >= 3 and some_protection)
    ):
        return Advice(
            "Elwell",
            Strain.HEARTS,
            (f"{n} hearts with {heart_honours} honours" + (" and protection" if some_protection else ""),),
        )
    weak = _weak_no_trump(cards, at) if not big_red else None  # a gamble safer than a weak red make
    if weak is not None:
        return Advice("Elwell", Strain.NOTRUMP, (weak,))
    why: list[str] = []
    d_hon, d = _honours(cards, Suit.DIAMONDS), len(_suit(cards, Suit.DIAMONDS))
    d_protection = any(protected(cards, s) for s in Suit if s != Suit.DIAMONDS)
    if d_hon >= 4 or (d >= 6 and d_hon >= 1 and d_protection) or (d >= 5 and d_hon >= 2 and d_protection):
        diamonds = f"{d} diamonds with {d_hon} honour{'s' if d_hon != 1 else ''}"
        refused = _no_diamonds_at(at) if d_hon < 4 else None
        if refused is None:
            return Advice("Elwell", Strain.DIAMONDS, (diamonds,))
        why += [diamonds, f"but {refused} Elwell would not call diamonds"]
    clubs = _clubs_at(cards, at)
    if clubs is not None:
        return Advice("Elwell", Strain.CLUBS, (*why, clubs))
    if own >= 24 and len(_suit(cards, Suit.SPADES)) >= 5:
        return Advice(
            "Elwell", Strain.SPADES, (*why, f"spades at {own}: 24 or more, six points or less to go")
        )
    return Advice("Elwell", PASS, (*why, "pass" if why else "no rule for a make applies: pass"))


def _elwell_no_trump(cards: list[Card]) -> str | None:
    """DECL-E's no-trump rules E-NT1 to E-NT5, the one that applies."""
    a = aces(cards)
    g = [s for s in Suit if s not in a and guarded(cards, s)]
    if len(a) >= 3:
        return f"E-NT{5 - len(a)}: {len(a)} aces"
    if len(a) == 2 and g:
        return "E-NT3: two aces and a guarded suit"
    if len(a) == 1 and len(g) == 3:
        return "E-NT4: one ace and three guarded suits"
    for s in (Suit.CLUBS, Suit.SPADES):
        ranks = _ranks(cards, s)
        if {Rank.ACE, Rank.KING, Rank.QUEEN} <= ranks and len(ranks) >= 6 and len(a) >= 2:
            return f"E-NT5: an established {s.singular} suit and another ace"
    return None


#: [interp] Elwell's "the score very much against him": the adversaries 18 or more points ahead
FAR_BEHIND = 18


def _weak_no_trump(cards: list[Card], at: DealerScore) -> str | None:
    """DECL-E, weak no-trump makes to the score: on the rubber game, far behind, one of five holdings."""
    if not at.rubber_game or at.own is None or at.theirs is None or at.theirs - at.own < FAR_BEHIND:
        return None
    a = aces(cards)
    others = [s for s in Suit if s not in a]
    kq_guarded = [s for s in others if guarded(cards, s)]  # a guarded K or Q (D-11)
    jack = [s for s in others if Rank.JACK in _ranks(cards, s) and len(_ranks(cards, s)) >= 3]
    ak = [s for s in a if Rank.KING in _ranks(cards, s)]
    kq = [s for s in others if {Rank.KING, Rank.QUEEN} <= _ranks(cards, s)]
    black = [s for s in (Suit.CLUBS, Suit.SPADES) if {Rank.ACE, Rank.KING, Rank.QUEEN} <= _ranks(cards, s)]
    holding = None
    if len(a) == 2 and jack:
        holding = "two aces and a guarded jack"
    elif len(a) == 2 and ak:
        holding = "two aces, one suit A K"
    elif len(a) == 1 and kq and len(kq_guarded) >= 2:
        holding = "one ace, a guarded king or queen and a K Q suit"
    elif len(a) == 1 and len(kq_guarded) >= 2:
        holding = "one ace and two guarded suits"
    elif any(len(_ranks(cards, s)) >= 6 for s in black) and any(
        Rank.KING in _ranks(cards, s) and guarded(cards, s) for s in Suit if s not in black
    ):
        holding = "an established black suit and a guarded king"
    if holding is None:
        return None
    return f"a weak no-trump to the score: on the rubber game at {at.points}, {holding}"


def _no_diamonds_at(at: DealerScore) -> str | None:
    """The scores at which Elwell passes a diamond make of fewer than four honours [S1 §DIAMONDS,
    §SYNOPSIS], the most particular first; None when none applies or the facts are not given."""
    if at.own != 0 and (at.own is None or at.theirs is None or at.theirs <= at.own):
        return None
    if at.rubber_game:
        return f"at {'love' if at.theirs == 0 else at.points} on the rubber game"
    if at.own_games == 0 and at.their_games == 1:
        return "having lost the first game and at 0 on the second"
    if at.first_game and at.theirs == 24:
        return "at 0 to 24 on the first game"
    if at.theirs is not None and at.own is not None and at.theirs > at.own:
        return f"behind at {at.points}, unless the hand holds seven or eight tricks,"
    return None


def _clubs_at(cards: list[Card], at: DealerScore) -> str | None:
    """DECL-E clubs: at 18 or more; or four honours in one hand when the dealer has won the first game
    and has 8 or more on the second."""
    own = at.own or 0
    honours, n = _honours(cards, Suit.CLUBS), len(_suit(cards, Suit.CLUBS))
    if own >= 18 and honours >= 3 and n >= 5:
        return f"clubs at {own}: 18 or more"
    if honours >= 4 and own >= 8 and at.own_games == 1 and at.their_games == 0:
        return f"clubs with four honours: he has won the first game and is {own} on the second"
    return None


def dummy_bridge(hand: Iterable[Card]) -> Advice:
    """DECL-DB [S2 p.84]: three or four aces no-trumps; else the longest suit; then the most pips
    (A 11, K Q J 10 10 each); then the higher-scoring suit (♥ > ♦ > ♣ > ♠).  The law itself is
    :func:`replayer.rules.dummy_bridge.mechanical_declaration` (Dummy Bridge's validator checks it)."""
    mech = mechanical_declaration(hand)
    if mech.strain is Strain.NOTRUMP:
        return Advice("Dummy Bridge", Strain.NOTRUMP, ("three or more aces",))
    best = next(c for s, c in mech.counts.items() if _STRAIN[s] is mech.strain)
    return Advice("Dummy Bridge", mech.strain, (f"the longest suit ({best.length} cards, {best.pips} pips)",))


@dataclass(frozen=True, slots=True)
class MakeNote:
    """The make in a lesson: who made what, what the books' rules advise, and whether they agree."""

    maker: Seat
    passed: bool
    actual: Strain
    advice: tuple[Advice, ...]
    dealer_advice: tuple[Advice, ...]  # for a passed make: what the rules said to the dealer
    mechanical: Advice  # the Dummy Bridge rule for the maker's hand
    text: str

    @property
    def agrees(self) -> bool:
        return self.advice[0].call == self.actual


def _line(who: str, advice: Advice, actual: Strain | None) -> str:
    verdict = "" if actual is None else (" — agrees" if advice.call == actual else " — differs")
    return f"- {who}: **{advice.call_word}**{verdict} ({'; '.join(advice.reasons)})"


#: the games whose trump is made (not bid): Bridge Whist, and Dummy Bridge played like it
_MAKE_GAMES = (RuleSet.BRIDGE_WHIST, RuleSet.DUMMY_BRIDGE)


def make_note(game: Game) -> MakeNote | None:
    """The make as the books' rules see it; None outside Bridge Whist, without a make, or for a partial hand."""
    decl = game.declaration
    if game.regime.name not in _MAKE_GAMES or decl is None or decl.maker is None or game.is_partial:
        return None
    at = DealerScore.of(game)
    own = at.own or 0
    dealer_hand = game.deal[game.dealer]
    dealer_advice = (foster_dealer(dealer_hand, own), elwell_dealer(dealer_hand, own, at))
    if not decl.passed:
        advice: tuple[Advice, ...] = dealer_advice
        lines = [f"The dealer made it {decl.strain.word}. What the books' rules say with his hand:"]
        lines += [_line(f"{a.source}'s rules for the dealer", a, decl.strain) for a in advice]
        mechanical = dummy_bridge(dealer_hand)
        lines.append(_line("the Dummy Bridge rule (mechanical)", mechanical, decl.strain))
        return MakeNote(decl.maker, False, decl.strain, advice, (), mechanical, "\n".join(lines))
    dummy_hand = game.deal[decl.maker]
    advice = (foster_dummy(dummy_hand),)
    lines = [f"The dealer passed the make and dummy made it {decl.strain.word}. What the books' rules say:"]
    lines += [_line(f"{a.source}'s rules for the dealer", a, None) for a in dealer_advice]
    lines += [_line(f"{a.source}'s rules for dummy", a, decl.strain) for a in advice]
    mechanical = dummy_bridge(dummy_hand)
    lines.append(_line("the Dummy Bridge rule for dummy (mechanical)", mechanical, decl.strain))
    return MakeNote(decl.maker, True, decl.strain, advice, dealer_advice, mechanical, "\n".join(lines))
