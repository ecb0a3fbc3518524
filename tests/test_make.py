"""The books' rules for the make (rules-reference §8), tested on the books' own example hands."""

from __future__ import annotations

import pytest

from replayer.rules.cards import Card, Rank, Strain, Suit
from replayer.teaching.make import (
    PASS,
    dummy_bridge,
    elwell_dealer,
    foster_count,
    foster_dealer,
    foster_dummy,
    guarded,
    make_note,
)
from replayer.teaching.make_examples import EXAMPLES, MakeExample
from support.games import foster

SUITS = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}
RANKS = {"A": 14, "K": 13, "Q": 12, "J": 11, "10": 10}


def hand(text: str) -> frozenset[Card]:
    """``♥Q J 6 5 3 ♣Q x x ♦A K 2 ♠9 4``: ``x`` is a small card (the lowest ranks not written)."""
    cards: list[Card] = []
    suit = None
    smalls: dict[Suit, int] = {}
    for token in text.replace("♥", " ♥ ").replace("♣", " ♣ ").replace("♦", " ♦ ").replace("♠", " ♠ ").split():
        if token in SUITS:
            suit = SUITS[token]
            continue
        assert suit is not None
        if token == "x":
            smalls.setdefault(suit, 0)
            smalls[suit] += 1
            continue
        cards.append(Card(suit, Rank(RANKS.get(token) or int(token))))
    for s, n in smalls.items():
        free = [r for r in range(2, 10) if Card(s, Rank(r)) not in cards]
        cards += [Card(s, Rank(r)) for r in free[:n]]
    return frozenset(cards)


def sh(spades: str, hearts: str, diamonds: str, clubs: str) -> frozenset[Card]:
    """Elwell's tables list ♠ ♥ ♦ ♣."""
    return hand(f"♠{spades} ♥{hearts} ♦{diamonds} ♣{clubs}")


def hcdS(h: str, c: str, d: str, s: str) -> frozenset[Card]:
    """Foster's tables list ♥ ♣ ♦ ♠."""
    return hand(f"♥{h} ♣{c} ♦{d} ♠{s}")


# §8.1: Foster's count, pp.35–37 and the five hands
@pytest.mark.parametrize(
    "text, suit, count",
    [
        ("♥Q J 6 5 3 ♣Q x x ♦A K 2 ♠9 4", Suit.HEARTS, 9),
        ("♥10 9 5 4 2 ♣J 10 x ♦Q 7 ♠8 4 3", Suit.HEARTS, 6),
        ("♥J 8 7 5 4 3 ♣K x x ♦9 7 ♠Q J", Suit.HEARTS, 8),
        ("♥J 8 6 4 2 ♣K 7 ♦Q 4 2 ♠8 5 3", Suit.HEARTS, 7),
        ("♥A J 8 6 2 ♣A 9 7 ♦A 5 3 ♠10 2", Suit.HEARTS, 9),
        ("♥9 6 2 ♣A x x ♦Q J 8 5 2 ♠10 8", Suit.DIAMONDS, 8),
        ("♥A K J 4 2 ♣6 5 4 ♦A 9 3 ♠Q 2", Suit.HEARTS, 9),
        ("♥A Q J 7 6 ♣Q ♦Q 10 5 4 ♠9 8 4", Suit.HEARTS, 8),
        ("♥A K Q 6 3 ♣J 9 3 ♦A J 3 ♠J 7", Suit.HEARTS, 9),
        ("♥Q J 7 4 ♣9 6 5 ♦9 8 7 6 4 ♠J", Suit.DIAMONDS, 5),
    ],
)
def test_fosters_count_for_a_red_make(text: str, suit: Suit, count: int) -> None:
    assert foster_count(hand(text), suit) == count


CALLS = {
    "no-trumps": Strain.NOTRUMP,
    "hearts": Strain.HEARTS,
    "diamonds": Strain.DIAMONDS,
    "clubs": Strain.CLUBS,
    "spades": Strain.SPADES,
    "pass": PASS,
}


@pytest.mark.parametrize("ex", EXAMPLES, ids=lambda ex: f"{ex.rule}-{ex.seat}-{ex.source}-{ex.hearts}")
def test_the_books_example_makes(ex: MakeExample) -> None:
    cards = ex.cards()
    assert len(cards) == 13 or "OCR slip" in ex.comment
    if ex.rule == "elwell":
        advice = elwell_dealer(cards, ex.score)
    elif ex.seat == "dealer":
        advice = foster_dealer(cards, ex.score)
    else:
        advice = foster_dummy(cards)
    assert advice.call == CALLS[ex.expected], (ex.comment, advice.reasons)


def test_elwell_and_foster_disagree_where_the_reference_says_they_do() -> None:
    cards = sh("K Q 10", "8 6 4", "A 5", "K Q J 8 6")
    assert elwell_dealer(cards).call == PASS and foster_dealer(cards).call == Strain.NOTRUMP


@pytest.mark.parametrize(
    "text, good",
    [("K x", True), ("Q x x", True), ("Q J x", True), ("Q x", False), ("J x x", False), ("K", False)],
)
def test_elwells_guarded_suit(text: str, good: bool) -> None:
    assert guarded(hand("♠" + text), Suit.SPADES) is good


def test_dummy_bridge_takes_the_longest_suit_then_the_pips_then_the_higher_scoring_suit() -> None:
    assert (
        dummy_bridge(sh("K Q 7 3", "A 9 4 2", "8 6 5", "J 10")).call == Strain.SPADES
    )  # 30 pips to 26 [interp]
    assert dummy_bridge(sh("A 5 4 3", "9 8 6 2", "A 8 4", "4 2")).call == Strain.HEARTS  # 25 to 23: hearts
    assert dummy_bridge(sh("A 5", "A 7 2", "A 9 6 3", "8 7 6 4")).call == Strain.NOTRUMP


@pytest.mark.parametrize("n, maker_agrees", [(1, True), (2, True), (3, True), (4, True), (5, True)])
def test_fosters_five_makes_agree_with_his_own_rules(n: int, maker_agrees: bool) -> None:
    note = make_note(foster(n))
    assert note is not None
    assert note.agrees is maker_agrees, note.text
    if note.passed:
        assert note.text.startswith("The dealer passed the make")
        assert "rules for the dealer: **pass**" in note.text
        assert any(a.call == PASS for a in note.dealer_advice)


def test_a_make_note_explains_the_count() -> None:
    note = make_note(foster(1))
    assert note is not None
    assert "hearts count 5 + 3 honours + 1 plain-suit aces and kings = 9" in note.text
    assert "- Foster's rules for dummy: **hearts** — agrees" in note.text
