"""The repair search: the legal reading of the whole table with the least cost.

Each cell offers candidate cards with costs (``cells``); a reading picks one per cell.  It is legal
when the 52 cards are distinct, every card is in its player's hand when the book prints the deal,
and every player follows suit (the hands are what each plays, so a player who shows out of a suit
may play none of it later).  The tricks are replayed in play order, not in the book's column order:
the rules engine gives each trick's winner, who leads the next.  A printed winner mark the reading
contradicts costs ``MARK_COST``; a result line's trick total it contradicts, ``RESULT_COST``.

The search is a depth-first branch and bound, card by card in play order, run with a rising cost
budget (0, 1, 2, …): a branch is cut as soon as its cost plus the cheapest possible rest passes the
budget, so the first budget with a legal reading is the least cost, and every reading of that cost
is collected (up to ``MOST_READINGS``) to tell a settled cell from an ambiguous one.  Every node
visited counts towards ``node_limit``; past it the search stops and says so.  Pure.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...rules.cards import FULL_DECK, Card, Suit
from ...rules.play import trick_winner
from ...rules.seats import BookPair, Letter, Seat
from .cells import ANY_CARD_COST, Candidate, Cell

__all__ = ["Problem", "Outcome", "solve", "MARK_COST", "RESULT_COST", "NODE_LIMIT"]

MARK_COST = 3
RESULT_COST = 3
MISPRINT_COST = 3  # a printed card changed to another of the same suit or rank
MOST_READINGS = 16
NODE_LIMIT = 400_000
MOST_COST = 60
DEALER = Seat.S  # the letters are placed with Z at South, as hand files are by default


@dataclass(frozen=True, slots=True)
class Problem:
    rows: tuple[tuple[Cell, ...], ...]  # 13 rows, cells in the book's columns
    columns: tuple[Letter, ...]
    trump: Suit | None
    deal: Mapping[Letter, frozenset[Card]] | None = None
    tricks: tuple[BookPair, int] | None = None  # the result line's total of tricks for a side
    node_limit: int = NODE_LIMIT


@dataclass(frozen=True, slots=True)
class Outcome:
    readings: tuple[tuple[Card, ...], ...]  # each: 13 rows of 4 cards, flattened, columns order
    cost: int
    nodes: int
    stopped: bool  # the node limit was reached before a reading was found
    options: tuple[tuple[Candidate, ...], ...]  # the candidates the search used, per cell


def options_of(problem: Problem) -> tuple[tuple[Candidate, ...], ...]:
    """Each cell's candidates: its own readings, and the other cards at a higher cost (with a
    printed deal, only the cards of that player's hand)."""
    out = []
    for row in problem.rows:
        for col, cell in enumerate(row):
            letter = problem.columns[col]
            own = {c.card: c for c in cell.candidates}
            printed = cell.printed
            hand = problem.deal[letter] if problem.deal is not None else None
            pool = sorted(hand) if hand is not None else list(FULL_DECK)
            cands = [own[c] for c in pool if c in own]
            for card in pool:
                if card in own:
                    continue
                near = printed is not None and (card.suit == printed.suit or card.rank == printed.rank)
                how = "the cell cannot be read" if not own else f"not the {printed or 'card'} printed"
                cands.append(Candidate(card, MISPRINT_COST if near else ANY_CARD_COST, how))
            out.append(tuple(sorted(cands, key=lambda c: (c.cost, -c.card.index))))
    return tuple(out)


class _Stop(Exception):
    pass


class _Search:
    def __init__(self, problem: Problem, options: tuple[tuple[Candidate, ...], ...]) -> None:
        self.p = problem
        self.options = options
        self.col_of = {letter: problem.columns.index(letter) for letter in Letter}
        self.seat_of = {letter: letter.seat(DEALER) for letter in Letter}
        self.letter_of = {seat: letter for letter, seat in self.seat_of.items()}
        mins = [opts[0].cost if opts else ANY_CARD_COST for opts in options]
        self.row_min = [sum(mins[4 * t : 4 * t + 4]) for t in range(13)]
        self.tail = [sum(self.row_min[t:]) for t in range(14)]
        self.mins = mins
        self.nodes = 0
        self.budget = 0
        self.found: list[tuple[Card, ...]] = []
        self.chosen: list[Card | None] = [None] * 52
        self.voids = dict.fromkeys(Letter, 0)
        self.used = 0

    def run(self) -> Outcome:
        stopped = False
        try:
            for budget in range(MOST_COST + 1):
                self.budget = budget
                self._trick(0, Letter.A, 0)
                if self.found:
                    break
        except _Stop:
            stopped = True
        return Outcome(tuple(self.found), self.budget, self.nodes, stopped and not self.found, self.options)

    def _trick(self, t: int, leader: Letter, cost: int) -> None:
        if t == 13:
            self._finish(cost)
            return
        self._card(t, 0, leader, cost, [], self.row_min[t])

    def _card(
        self, t: int, k: int, leader: Letter, cost: int, plays: list[tuple[Letter, Card]], row_left: int
    ) -> None:
        self.nodes += 1
        if self.nodes > self.p.node_limit:
            raise _Stop
        letter = Letter((leader + k) % 4)
        cell = 4 * t + self.col_of[letter]
        rest = row_left - self.mins[cell] + self.tail[t + 1]
        led = plays[0][1].suit if plays else None
        for cand in self.options[cell]:
            if cost + cand.cost + rest > self.budget:
                break
            card = cand.card
            bit = 1 << card.index
            if self.used & bit or self.voids[letter] >> card.suit & 1:
                continue
            saved = self.voids[letter]
            if led is not None and card.suit != led:
                self.voids[letter] = saved | (1 << led)
            self.used |= bit
            self.chosen[cell] = card
            plays.append((letter, card))
            if k < 3:
                self._card(t, k + 1, leader, cost + cand.cost, plays, row_left - self.mins[cell])
            else:
                self._close(t, cost + cand.cost, plays)
            plays.pop()
            self.used &= ~bit
            self.voids[letter] = saved
            if len(self.found) >= MOST_READINGS:
                return

    def _close(self, t: int, cost: int, plays: list[tuple[Letter, Card]]) -> None:
        seat = trick_winner([(self.seat_of[lt], c) for lt, c in plays], self.p.trump)
        winner = self.letter_of[seat]
        marked = [k for k, cell in enumerate(self.p.rows[t]) if cell.marked]
        if marked and self.col_of[winner] not in marked:
            cost += MARK_COST
            if cost + self.tail[t + 1] > self.budget:
                return
        self._trick(t + 1, winner, cost)

    def _finish(self, cost: int) -> None:
        if self.p.tricks is not None:
            side, want = self.p.tricks
            if won_by(self.reading(), self.p, side) != want:
                cost += RESULT_COST
        if cost <= self.budget:
            self.found.append(self.reading())

    def reading(self) -> tuple[Card, ...]:
        return tuple(c for c in self.chosen if c is not None)


def won_by(reading: tuple[Card, ...], problem: Problem, side: BookPair) -> int:
    """The tricks a side wins with this reading, replayed from A's lead."""
    return sum(1 for w in winners(reading, problem) if w.side is side)


def winners(reading: tuple[Card, ...], problem: Problem) -> list[Letter]:
    seat_of = {letter: letter.seat(DEALER) for letter in Letter}
    letter_of = {seat: letter for letter, seat in seat_of.items()}
    leader = Letter.A
    out = []
    for t in range(13):
        order = [Letter((leader + k) % 4) for k in range(4)]
        plays = [(seat_of[lt], reading[4 * t + problem.columns.index(lt)]) for lt in order]
        leader = letter_of[trick_winner(plays, problem.trump)]
        out.append(leader)
    return out


def solve(problem: Problem) -> Outcome:
    """The least-cost legal readings of the table (see the module's docstring)."""
    return _Search(problem, options_of(problem)).run()
