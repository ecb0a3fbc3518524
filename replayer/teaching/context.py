"""The context every detector reads: a replayed hand with all four hands known (rules-reference §7.0).

The facts D-1 … D-8 are worked out once per hand here, and so are the small facts about tricks and
holdings that several detectors ask for (a finished trick, who holds a card, a tenace).  No I/O, and
nothing here changes the game.
"""

from __future__ import annotations

import enum

from ..rules.cards import Card, Rank, Suit
from ..rules.game import Game
from ..rules.play import Trick, trick_winner
from ..rules.regimes import RuleSet
from ..rules.seats import Letter, Seat

__all__ = ["Author", "Context"]


class Author(enum.Enum):
    """The author of the book a hand comes from, as far as the notes need to know him: whose rule a
    note names ("Foster's table", "Elwell's rule")."""

    FOSTER = "Foster"
    ELWELL = "Elwell"
    UNKNOWN = ""

    @classmethod
    def named(cls, author: str | None) -> Author:
        """The author of a hand's ``source: author:`` (``J. B. Elwell`` → ELWELL); UNKNOWN otherwise."""
        words = (author or "").lower()
        for a in (cls.FOSTER, cls.ELWELL):
            if a.value.lower() in words:
                return a
        return cls.UNKNOWN


class Context:
    """A replayed hand for the detectors.  Trick indexes ``i`` count from 0 over the recorded
    tricks; ``trick.number`` is the deal's numbering (an end position starts later than 1)."""

    def __init__(self, game: Game, author: Author = Author.UNKNOWN) -> None:
        self.game = game
        self.author = author
        decl = game.declaration
        self.trump: Suit | None = decl.strain.trump if decl is not None else None
        self.nt = decl is not None and decl.strain.trump is None
        # whist has neither declarer nor dummy: the detectors that need them stay silent
        self.declarer: Seat | None = decl.declarer if decl is not None and decl.dummy is not None else None
        self.dummy: Seat | None = decl.dummy if decl is not None else None
        self.tricks: tuple[Trick, ...] = game.tricks
        self.bridge_whist = game.regime.name == RuleSet.BRIDGE_WHIST
        #: the games whose books name the players A, Y, B, Z (Bridge Whist, Dummy Bridge, whist)
        self.letters = game.regime.name in (RuleSet.BRIDGE_WHIST, RuleSet.DUMMY_BRIDGE, RuleSet.WHIST)
        # D-1: holdings at the start of each trick (and after the last)
        hands = {s: set(game.deal.get(s, frozenset())) for s in Seat}
        self.before: list[dict[Seat, frozenset[Card]]] = []
        played: set[Card] = set()
        self.played_before: list[frozenset[Card]] = []
        for t in self.tricks:
            self.before.append({s: frozenset(h) for s, h in hands.items()})
            self.played_before.append(frozenset(played))
            for seat, card in t.plays:
                hands[seat].discard(card)
                played.add(card)
        self.after: dict[Seat, frozenset[Card]] = {s: frozenset(h) for s, h in hands.items()}
        # D-8: the owner of a suit is the player who led it first
        self.owner: dict[Suit, Seat] = {}
        self.first_lead: dict[Suit, int] = {}
        for i, t in enumerate(self.tricks):
            if t.plays:
                s = t.plays[0][1].suit
                if s not in self.owner:
                    self.owner[s] = t.leader
                    self.first_lead[s] = i

    # --- who is who

    @property
    def complete_deal(self) -> bool:
        return self.game.first_trick == 1 and all(len(self.game.deal.get(s, ())) == 13 for s in Seat)

    def declarer_side(self, seat: Seat) -> bool:
        return self.declarer is not None and seat.side == self.declarer.side

    def defender(self, seat: Seat) -> bool:
        return self.declarer is not None and not self.declarer_side(seat)

    @property
    def declaring(self) -> tuple[Seat, ...]:
        """The declarer and dummy (none without a declaration)."""
        return tuple(s for s in (self.declarer, self.dummy) if s is not None)

    @property
    def defenders(self) -> tuple[Seat, ...]:
        return tuple(s for s in Seat if self.defender(s))

    # --- how the notes name the players

    def who(self, seat: Seat) -> str:
        """The book's letter in the books' games (``B``), the compass word otherwise (``East``)."""
        return Letter.of(seat, self.game.dealer).name if self.letters else seat.word

    def dealer_word(self) -> str:
        return "the dealer" if self.bridge_whist else "the declarer"

    def player(self, seat: Seat) -> str:
        """A player as the notes on leads name him: ``dummy`` for the dummy, ``who`` otherwise."""
        return "dummy" if seat == self.dummy else self.who(seat)

    def role(self, seat: Seat) -> str:
        """A player as the notes on the declarer's play name him: ``the dealer`` (``the declarer``),
        ``dummy``, or a defender's letter (compass word)."""
        if self.declarer is not None and seat == self.declarer:
            return self.dealer_word()
        if self.dummy is not None and seat == self.dummy:
            return "dummy"
        return self.who(seat)

    # --- D-1, D-3, D-4

    def holding(self, seat: Seat, suit: Suit, i: int) -> list[Card]:
        """``seat``'s cards of ``suit`` at the start of trick index ``i``, highest first."""
        hand = self.before[i][seat] if i < len(self.before) else self.after[seat]
        return sorted((c for c in hand if c.suit == suit), key=lambda c: -c.rank)

    def hand(self, seat: Seat, i: int) -> frozenset[Card]:
        return self.before[i][seat] if i < len(self.before) else self.after[seat]

    def trumps(self, seat: Seat, i: int) -> list[Card]:
        """``seat``'s trumps at the start of trick index ``i`` (none at no-trumps), highest first."""
        return self.holding(seat, self.trump, i) if self.trump is not None else []

    def holder(self, card: Card, i: int) -> Seat | None:
        """Who holds ``card`` at the start of trick index ``i`` (None: already played)."""
        for s in Seat:
            if card in self.hand(s, i):
                return s
        return None

    def unplayed(self, suit: Suit, i: int, upto: int = 0) -> list[Card]:
        """Cards of ``suit`` not played before trick ``i`` (nor among its first ``upto`` cards), highest first."""
        gone = set(self.played_before[i]) | {c for _, c in self.tricks[i].plays[:upto]}
        return sorted(
            (c for s in Seat for c in self.before[i][s] if c.suit == suit and c not in gone),
            key=lambda c: -c.rank,
        )

    def visible(self, seat: Seat, i: int, upto: int = 0) -> frozenset[Card]:
        """D-3: what ``seat`` has seen at trick ``i`` after ``upto`` cards of it: his own cards, dummy's
        once the opening lead is made (both hands, for the declarer), and every card played."""
        seen = (
            set(self.before[i][seat])
            | set(self.played_before[i])
            | {c for _, c in self.tricks[i].plays[:upto]}
        )
        lead_made = i > 0 or upto > 0 or self.game.first_trick > 1
        if self.dummy is not None and lead_made:
            seen |= self.before[i][self.dummy]
        return frozenset(seen)

    def tenace(self, seat: Seat, suit: Suit, i: int, upto: int = 0) -> tuple[Card, Card, Card] | None:
        """D-7 [interp]: ``seat`` holds the best and third-best unplayed cards of ``suit`` while an
        opponent holds the second best (A Q over the K, or K J over the Q once the A is gone); also the
        literal K J with the Q held by an opponent.  Returns (higher, lower, the card between)."""
        held = set(self.hand(seat, i))
        out = self.unplayed(suit, i, upto)
        if len(out) >= 3 and out[0] in held and out[2] in held and out[1] not in held:
            who = self.holder(out[1], i)
            if who is not None and who.side != seat.side:
                return out[0], out[2], out[1]
        king, jack, queen = (Card(suit, r) for r in (Rank.KING, Rank.JACK, Rank.QUEEN))
        if king in held and jack in held and queen in out:
            who = self.holder(queen, i)
            if who is not None and who.side != seat.side:
                return king, jack, queen
        return None

    # --- the tricks

    def rounds(self, suit: Suit) -> list[int]:
        """Indexes of the tricks in which ``suit`` was led."""
        return [i for i, t in enumerate(self.tricks) if t.plays and t.plays[0][1].suit == suit]

    def complete(self, i: int) -> bool:
        """Trick ``i`` was played out: four cards and a winner."""
        t = self.tricks[i]
        return len(t.plays) == 4 and t.winner is not None

    def card_of(self, i: int, seat: Seat) -> Card | None:
        for s, c in self.tricks[i].plays:
            if s == seat:
                return c
        return None

    def position(self, i: int, seat: Seat) -> int:
        """0 for the leader of trick ``i``, 1 second hand, 2 third hand, 3 fourth."""
        return self.tricks[i].leader.rotation().index(seat)

    def winning_so_far(self, i: int, upto: int) -> tuple[Seat, Card] | None:
        """The card winning trick ``i`` after its first ``upto`` cards (D-6)."""
        plays = self.tricks[i].plays[:upto]
        if not plays:
            return None
        seat = trick_winner(plays, self.trump)
        return seat, dict(plays)[seat]

    def lead(self, i: int) -> tuple[Seat, Card] | None:
        """Who led trick ``i``, and the card."""
        plays = self.tricks[i].plays
        return plays[0] if plays else None

    def led(self, i: int) -> Card | None:
        """The card led to trick ``i``."""
        plays = self.tricks[i].plays
        return plays[0][1] if plays else None
