"""The books' example hands for the make (rules-reference §8), as data: the test cases of ``make``
and the exercises page of the site.  Each hand is written suit by suit, ♠ ♥ ♦ ♣; ``x`` is a small card
the OCR does not show.  The verdicts are the books'; the citations are to their pages."""

from __future__ import annotations

import enum
from typing import NamedTuple

from ..rules.cards import Card, Rank, Suit

__all__ = ["Chair", "MakeExample", "Rules", "EXAMPLES"]


class Chair(enum.StrEnum):
    """Who makes the trump in an example: the dealer, or dummy after the dealer passed the make."""

    DEALER = "dealer"
    DUMMY = "dummy"


class Rules(enum.StrEnum):
    """Whose rules for the make an example illustrates."""

    FOSTER = "foster"
    ELWELL = "elwell"


class MakeExample(NamedTuple):
    spades: str
    hearts: str
    diamonds: str
    clubs: str
    seat: Chair
    expected: str  # the book's make: no-trumps, hearts, diamonds, clubs, spades or pass
    source: str  # book and page
    rule: Rules
    score: int = 0  # the maker's side's score before the deal, where the book gives one
    comment: str = ""  # the book's reason, in our words

    def cards(self) -> frozenset[Card]:
        """The hand, each ``x`` taken as the lowest rank of its suit not written."""
        out: list[Card] = []
        for suit, text in zip(
            (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS),
            (self.spades, self.hearts, self.diamonds, self.clubs),
            strict=True,
        ):
            words = text.split()
            ranks = [Rank.parse(w) for w in words if w != "x"]
            spare = [Rank(r) for r in range(2, 10) if Rank(r) not in ranks][: words.count("x")]
            out += [Card(suit, r) for r in ranks + spare]
        return frozenset(out)


EXAMPLES: tuple[MakeExample, ...] = (
    # Foster, The Gist of Bridge (1904): the dealer
    MakeExample(
        "A Q",
        "A Q J 10 4",
        "A 8 7",
        "A 6 4",
        Chair.DEALER,
        "no-trumps",
        "Foster p. 38",
        Rules.FOSTER,
        comment="four aces: no-trumps even with four heart honours, which the aces outscore",
    ),
    MakeExample(
        "10 2",
        "A J 8 6 2",
        "A 5 3",
        "A 9 7",
        Chair.DEALER,
        "no-trumps",
        "Foster p. 38",
        Rules.FOSTER,
        comment="three aces: no-trumps, though the hearts count nine",
    ),
    MakeExample(
        "4",
        "A 5 4",
        "K Q 9 7",
        "A 8 6 3 2",
        Chair.DEALER,
        "no-trumps",
        "Foster pp. 38–39",
        Rules.FOSTER,
        comment="two aces and the diamonds protected",
    ),
    MakeExample(
        "A 9 7 4",
        "6 4",
        "K J 2",
        "A x x x",
        Chair.DEALER,
        "no-trumps",
        "Foster p. 39",
        Rules.FOSTER,
        comment="two aces and the diamonds protected; weaker, as the hearts are not",
    ),
    MakeExample(
        "K Q 10",
        "8 6 4",
        "A 5",
        "K Q J 8 6",
        Chair.DEALER,
        "no-trumps",
        "Foster p. 39",
        Rules.FOSTER,
        comment="one ace and two very strong suits",
    ),
    MakeExample(
        "Q J 10",
        "A 6",
        "K J 4 2",
        "K 9 7 5",
        Chair.DEALER,
        "no-trumps",
        "Foster p. 39",
        Rules.FOSTER,
        comment="one ace and the other three suits protected",
    ),
    MakeExample(
        "9 8 2",
        "6 4",
        "8 3",
        "A K Q 10 7 5",
        Chair.DEALER,
        "clubs",
        "Foster p. 41",
        Rules.FOSTER,
        comment="four club honours and nothing in the red suits",
    ),
    # Foster: dummy, after the dealer passed
    MakeExample(
        "A 8 2",
        "A K J 6 5 2",
        "9 7 3",
        "A 4",
        Chair.DUMMY,
        "hearts",
        "Foster p. 44",
        Rules.FOSTER,
        comment="hearts rather than no-trumps: the hearts are worth more than the third ace "
        "(as the reference prints it the hand has 14 cards, an OCR slip; the verdict does not turn on it)",
    ),
    MakeExample(
        "9 7 5 4 2",
        "A Q 4",
        "K J 4",
        "A x",
        Chair.DUMMY,
        "no-trumps",
        "Foster p. 44",
        Rules.FOSTER,
        comment="two aces with both red suits stopped: trust partner for the blacks",
    ),
    MakeExample(
        "A Q",
        "A K Q 6 4 2",
        "5 4 2",
        "x x",
        Chair.DUMMY,
        "hearts",
        "Foster p. 45",
        Rules.FOSTER,
        comment="six hearts with three honours",
    ),
    MakeExample(
        "A 5 2",
        "K Q 8 6",
        "9 7 5",
        "K 4 3",
        Chair.DUMMY,
        "hearts",
        "Foster p. 47",
        Rules.FOSTER,
        comment="hearts with four: two honours and outside strength",
    ),
    MakeExample(
        "A J 3 2",
        "J 8 6 4",
        "Q 6 5",
        "9 7",
        Chair.DUMMY,
        "spades",
        "Foster p. 47",
        Rules.FOSTER,
        comment="a hopeless hand: spades, to lose as little as possible",
    ),
    MakeExample(
        "A Q J",
        "7 5 3",
        "10 2",
        "9 6 4 3 2",
        Chair.DUMMY,
        "clubs",
        "Foster p. 47",
        Rules.FOSTER,
        comment="clubs, not spades: the clubs are longer and the spades hold the high cards",
    ),
    MakeExample(
        "8 7 3 2",
        "8 2",
        "9 6 3",
        "A K 7 5",
        Chair.DUMMY,
        "spades",
        "Foster p. 47",
        Rules.FOSTER,
        comment="spades, not clubs",
    ),
    # Elwell, Bridge Practically Explained: the dealer
    MakeExample(
        "A 5 4",
        "A 7 2",
        "A 9 6 3",
        "A 8 7",
        Chair.DEALER,
        "no-trumps",
        "Elwell, rule E-NT1 (our example)",
        Rules.ELWELL,
        comment="four aces",
    ),
    MakeExample(
        "Q J 10",
        "A 6",
        "K J 4 2",
        "K 9 7 5",
        Chair.DEALER,
        "no-trumps",
        "Elwell, rule E-NT4",
        Rules.ELWELL,
        comment="one ace and three guarded suits",
    ),
    MakeExample(
        "A K Q 9 5 2",
        "6 4",
        "8 5 3",
        "A x",
        Chair.DEALER,
        "no-trumps",
        "Elwell, rule E-NT5",
        Rules.ELWELL,
        comment="an established black suit and another ace",
    ),
    MakeExample(
        "K Q 10",
        "8 6 4",
        "A 5",
        "K Q J 8 6",
        Chair.DEALER,
        "pass",
        "Elwell, rules E-NT1–5",
        Rules.ELWELL,
        comment="one ace and only two guarded suits: Elwell would not call no-trumps (Foster would)",
    ),
    MakeExample(
        "J 7",
        "A K Q 6 3",
        "A J 3",
        "J 9 3",
        Chair.DEALER,
        "hearts",
        "Elwell; Foster's Hand 3",
        Rules.ELWELL,
        comment="two aces but no guarded third suit; five hearts with three honours and protection",
    ),
    MakeExample(
        "J 3",
        "10 3 2",
        "J 9 6",
        "K 10 9 8 5",
        Chair.DEALER,
        "pass",
        "Elwell; Foster's Hand 2",
        Rules.ELWELL,
        score=16,
        comment="clubs need 18 or more on the score",
    ),
)
