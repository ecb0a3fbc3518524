"""Teaching motifs: the shared vocabulary of the detectors (rules-reference §7.0) and their registry.

A detector is a small pure function of a ``Context`` (a replayed hand with all four hands known)
returning ``Finding``s: the motif, a label, the trick, the seats and cards involved, the facts, and
the note in our own plain words.  Detectors register themselves by name with ``@detector``; the
``annotate`` module runs them all.  No I/O here, and no detector ever changes the game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from ..rules.cards import SUITS_HIGH_FIRST, Card, Letter, Rank, Seat, Suit
from ..rules.game import Game
from ..rules.play import Trick, trick_winner

__all__ = [
    "Finding",
    "Context",
    "Detector",
    "DETECTORS",
    "TECHNIQUES",
    "detector",
    "holding_text",
    "cards_text",
    "rank_text",
    "capitalised",
    "per_trick",
    "ElevenCount",
    "eleven_count",
]


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing the cards show.  ``label`` follows rules-reference §7 (``ELEVEN_APPLIED``);
    ``shown`` is False for findings kept as facts but not worth a note in a lesson."""

    motif: str  # the detector's name, e.g. "eleven"
    label: str
    trick: int  # the trick the note belongs to
    seats: tuple[Seat, ...]
    cards: tuple[Card, ...]
    text: str  # the note, in plain words (Markdown)
    tricks: tuple[int, ...] = ()  # every trick the finding speaks of (default: just ``trick``)
    facts: Mapping[str, object] = field(default_factory=dict)
    shown: bool = True

    @property
    def all_tricks(self) -> tuple[int, ...]:
        return self.tricks or (self.trick,)

    @property
    def technique(self) -> str:
        return TECHNIQUES[self.motif]


Detector = Callable[["Context"], list[Finding]]

#: name -> detector, in registration order
DETECTORS: dict[str, Detector] = {}
#: name -> the technique's name as a lesson shows it
TECHNIQUES: dict[str, str] = {}


def detector(name: str, technique: str) -> Callable[[Detector], Detector]:
    """Register a detector under ``name``; ``technique`` is the heading readers see."""

    def register(fn: Detector) -> Detector:
        if name in DETECTORS:
            raise ValueError(f"two detectors named {name!r}")
        DETECTORS[name] = fn
        TECHNIQUES[name] = technique
        return fn

    return register


# ---------------------------------------------------------------------------------------------
# Words


def capitalised(text: str) -> str:
    """The first letter up: "the dealer" → "The dealer" at the head of a sentence."""
    return text[:1].upper() + text[1:]


def rank_text(rank: Rank) -> str:
    return rank.display


def cards_text(cards: Iterable[Card]) -> str:
    """``♥K Q 8 6 2`` for one suit, ``♠A ♥K`` across suits: as the books print holdings."""
    cards = sorted(cards, key=lambda c: (-SUITS_HIGH_FIRST.index(c.suit), c.rank), reverse=True)
    out: list[str] = []
    last: Suit | None = None
    for c in cards:
        out.append(str(c) if c.suit != last else c.rank.display)
        last = c.suit
    return " ".join(out)


def holding_text(cards: Iterable[Card]) -> str:
    """A whole hand, suit by suit: ``♠A K 6 5 ♥3 ♦A 5 3 ♣A Q J 7 6``."""
    by: dict[Suit, list[Card]] = {}
    for c in cards:
        by.setdefault(c.suit, []).append(c)
    return " ".join(cards_text(by[s]) for s in SUITS_HIGH_FIRST if s in by)


# ---------------------------------------------------------------------------------------------
# The context: D-1 … D-8 computed once per hand


class Context:
    """A replayed hand for the detectors.  Trick indexes ``i`` count from 0 over the recorded
    tricks; ``trick.number`` is the deal's numbering (an end position starts later than 1)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        decl = game.declaration
        self.trump: Suit | None = decl.strain.trump if decl is not None else None
        self.nt = decl is not None and decl.strain.trump is None
        self.declarer: Seat | None = decl.declarer if decl is not None else None
        self.dummy: Seat | None = decl.dummy if decl is not None else None
        self.tricks: tuple[Trick, ...] = game.tricks
        self.bridge_whist = game.regime.name == "bridge-whist"
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

    def who(self, seat: Seat) -> str:
        """The book's letter under Bridge Whist (``B``), the compass word otherwise (``East``)."""
        return Letter.of(seat, self.game.dealer).name if self.bridge_whist else seat.word

    def dealer_word(self) -> str:
        return "the dealer" if self.bridge_whist else "the declarer"

    # --- D-1, D-3, D-4

    def holding(self, seat: Seat, suit: Suit, i: int) -> list[Card]:
        """``seat``'s cards of ``suit`` at the start of trick index ``i``, highest first."""
        hand = self.before[i][seat] if i < len(self.before) else self.after[seat]
        return sorted((c for c in hand if c.suit == suit), key=lambda c: -c.rank)

    def hand(self, seat: Seat, i: int) -> frozenset[Card]:
        return self.before[i][seat] if i < len(self.before) else self.after[seat]

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

    def rounds(self, suit: Suit) -> list[int]:
        """Indexes of the tricks in which ``suit`` was led."""
        return [i for i, t in enumerate(self.tricks) if t.plays and t.plays[0][1].suit == suit]

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


def per_trick(ctx: Context, at: Callable[[Context, int], Finding | None]) -> list[Finding]:
    """The findings of ``at`` applied to each recorded trick in turn (most detectors look trick by trick)."""
    return [f for i in range(len(ctx.tricks)) if (f := at(ctx, i)) is not None]


# ---------------------------------------------------------------------------------------------
# The Eleven Rule's count (MOT-ELEVEN), shared: third hand's play and the finesse detector both
# need to know when the count proves where the missing cards are.


class ElevenCount(NamedTuple):
    """Third hand's count after a fourth-best lead of rank r: the 11 − r higher cards the leader lacks."""

    i: int
    leader: Seat
    third: Seat
    card: Card
    higher: list[Card]  # every card above the led one that the leader does not hold (11 − r of them)
    own: list[Card]  # ... held by third hand
    dummy: list[Card]  # ... held by dummy
    gone: list[Card]  # ... already played in earlier tricks
    hidden: list[Card]  # ... in the declarer's concealed hand


def _untouched(ctx: Context, seat: Seat, suit: Suit, i: int) -> bool:
    """The leader still has every card of ``suit`` he started with, and the whole suit is in the record
    (in an end position, no card of it was played before the first recorded trick)."""
    whole = sum(len(ctx.holding(s, suit, 0)) for s in Seat) == 13
    return whole and ctx.holding(seat, suit, 0) == ctx.holding(seat, suit, i)


def eleven_count(ctx: Context, i: int) -> ElevenCount | None:
    """The count for trick ``i`` if it opens with a defender's fourth-best (D-9) on his first lead of
    the suit; None otherwise.  ``hidden`` empty means the declarer holds no higher card."""
    plays = ctx.tricks[i].plays
    if not plays or ctx.declarer is None or ctx.dummy is None or not ctx.defender(plays[0][0]):
        return None
    leader, card = plays[0]
    holding = ctx.holding(leader, card.suit, i)
    # D-9: a fourth-best of four or more cards, not above the jack; honours and tops of sequences
    # are not fourth-best and a three-card suit has none (no count is made).
    if (
        len(holding) < 4
        or holding[3] != card
        or card.rank > Rank.JACK
        or not _untouched(ctx, leader, card.suit, i)
    ):
        return None
    higher = [c for c in ctx.unplayed(card.suit, 0) if c.rank > card.rank and c not in holding]
    third = leader.partner

    def among(cards: frozenset[Card]) -> list[Card]:
        return [c for c in higher if c in cards]

    return ElevenCount(
        i,
        leader,
        third,
        card,
        higher,
        among(ctx.hand(third, i)),
        among(ctx.hand(ctx.dummy, i)),
        among(ctx.played_before[i]),
        among(ctx.hand(ctx.declarer, i)),
    )
