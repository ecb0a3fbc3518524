"""The validated game: what the laws make of a hand record.  Data only."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from .cards import Card, Strain
from .play import IllegalPlay, State, Trick, apply, start, tricks_won
from .regimes import Regime
from .seats import BookPair, Letter, Pair, Seat

__all__ = ["Declaration", "Game", "Line"]


@dataclass(frozen=True, slots=True)
class Declaration:
    """What was declared, and who plays the hand.

    Bridge Whist: ``maker`` named the trump (the dealer, or his partner after a pass);
    the dealer always plays both hands (BWSEQ-5).  Auction and Contract: ``level`` and
    ``calls`` come from the auction, ``declarer`` first named the strain.  Whist: no dummy
    (``dummy`` is None), ``turned`` is the dealer's card turned for trumps, ``declarer`` the dealer.
    """

    strain: Strain
    declarer: Seat
    dummy: Seat | None
    doubled: int = 0  # doubles and redoubles made, in all
    maker: Seat | None = None
    passed: bool = False  # Bridge Whist: the dealer passed the make to his partner
    level: int | None = None
    calls: tuple[tuple[Seat, str], ...] = ()  # (seat, call in ASCII), from the dealer on
    doublers: tuple[Seat, ...] = ()  # Bridge Whist: who doubled, redoubled, …
    turned: Card | None = None  # Whist: the dealer's last card, turned up for trumps (WH-1)


@dataclass(frozen=True, slots=True)
class Line:
    """An alternative line of play, replayed under the same laws as the game's own play.

    ``note`` is the index of the note that gives it (in the record's notes), ``index`` its place among
    that note's lines; ``start`` the index, in the game's play order, of the card the line replaces
    (the branch); ``tricks`` the whole play along the line: the game's tricks before the line's
    first trick, then the line's (the last may be unfinished only if the file's row is)."""

    note: int
    index: int
    start: int
    tricks: tuple[Trick, ...]
    title: str | None = None
    complete: bool = False  # the line runs to the end of the hand

    @property
    def branch(self) -> tuple[int, Seat, Card]:
        """The trick, the seat and the card where the line leaves the game's play."""
        k = self.start
        for t in self.tricks:
            if k < len(t.plays):
                seat, card = t.plays[k]
                return t.number, seat, card
            k -= len(t.plays)
        raise ValueError("the line has no card at its branch")


@dataclass(frozen=True, slots=True)
class Game:
    """A validated hand: its rule set, dealer, declaration, deal and play, replayed by the laws."""

    regime: Regime
    dealer: Seat
    declaration: Declaration | None  # None: passed out (Contract) or not given
    deal: Mapping[Seat, frozenset[Card]]  # the hands when the recorded play starts
    first_trick: int
    opening_leader: Seat
    tricks: tuple[Trick, ...]
    #: each side's score toward the game before the deal, keyed as the file named the sides (the
    #: book's letters or the compass) and in its order; :meth:`score_of` reads it either way
    score_before: Mapping[Pair | BookPair, int] = field(default_factory=dict)
    #: established revokes kept as the book printed them (trick number, seat); scored with their penalty
    revokes: tuple[tuple[int, Seat], ...] = ()
    #: the games each side had won in the rubber before the deal (0 or 1), keyed the same way; a
    #: side the book is silent on is absent (:meth:`games_of` is None for it)
    games_before: Mapping[Pair | BookPair, int] = field(default_factory=dict)
    #: the book's own words for the score before the deal
    score_quote: str | None = None
    #: the alternative lines the notes give, each replayed (:class:`Line`)
    lines: tuple[Line, ...] = ()
    #: Dummy Bridge: which deal of the game this is (the single player deals the odd ones, DB-5..7)
    series_deal: int = 1

    def state_before(self, trick: int, seat: Seat | None = None) -> State | None:
        """The position just before ``seat`` plays to ``trick`` (before the trick's lead when ``seat``
        is None), walking the recorded play (a revoke the book prints stands); None if the play does
        not get there, or cannot be walked."""
        decl = self.declaration
        trump = decl.strain.trump if decl is not None else None
        state = start(self.deal, trump, self.opening_leader, decl.dummy if decl else None, self.first_trick)
        try:
            for t in self.tricks:
                for s, card in t.plays:
                    if t.number == trick and (seat is None or s == seat):
                        return state
                    state = apply(state, card, revokes=True)
        except IllegalPlay:
            return None
        return state if state.trick_number == trick and seat is None else None

    def along(self, line: Line) -> Game:
        """The game as the line plays it: the same deal and declaration, the line's tricks."""
        return replace(self, tricks=line.tricks, lines=(), revokes=())

    @property
    def labels(self) -> dict[Seat, Letter]:
        return {s: Letter.of(s, self.dealer) for s in Seat}

    def seat_of(self, letter: Letter) -> Seat:
        return letter.seat(self.dealer)

    def seat_named(self, written: str) -> Seat:
        """A seat as a hand file writes it: a book letter (counted from the dealer Z) or a compass seat."""
        text = written.strip().upper()
        return Letter[text].seat(self.dealer) if text in Letter.__members__ else Seat.parse(text)

    @property
    def is_partial(self) -> bool:
        return self.first_trick != 1 or any(len(h) != 13 for h in self.deal.values())

    @property
    def is_complete(self) -> bool:
        """Every card of the position has been played."""
        return sum(len(t.plays) for t in self.tricks) == sum(len(h) for h in self.deal.values()) > 0

    @property
    def tricks_won(self) -> dict[Pair, int]:
        return tricks_won(self.tricks)

    def pair(self, book: BookPair) -> Pair:
        """The compass partnership the book's letters name in this deal."""
        return book.pair(self.dealer)

    def book_pair(self, pair: Pair) -> BookPair:
        """The book's letters for a compass partnership in this deal."""
        return BookPair.of(pair, self.dealer)

    def compass(self, side: Pair | BookPair) -> Pair:
        """The compass partnership a side names, whichever way it is named."""
        return self.pair(side) if isinstance(side, BookPair) else side

    def score_of(self, pair: Pair) -> int:
        """A compass partnership's score toward the game before the deal (0 if not given)."""
        return sum(points for side, points in self.score_before.items() if self.compass(side) is pair)

    def games_of(self, pair: Pair) -> int | None:
        """The games a compass partnership had won in the rubber before the deal, None if not given."""
        given = [games for side, games in self.games_before.items() if self.compass(side) is pair]
        return sum(given) if given else None

    @property
    def rubber_game(self) -> bool:
        """Each side had won a game before the deal: this deal's game decides the rubber."""
        return all(self.games_of(p) == 1 for p in Pair)

    def tricks_of(self, pair: Pair) -> int:
        """Tricks won by a compass partnership (``game.tricks_of(game.pair(BookPair.YZ))`` for the book's)."""
        return self.tricks_won[pair]
