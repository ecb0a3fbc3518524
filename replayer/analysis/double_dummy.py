"""Double-dummy analysis of a recorded play, and of the author's claims, through endplay (DDS).

Nothing here solves a deal itself: every number comes from Bo Haglund's double-dummy solver as
wrapped by `endplay <https://pypi.org/project/endplay/>`_ — ``endplay.dds.analyse_play`` for the
value of each position along the play as recorded (one call per run of tricks), and
``endplay.dds.solve_board`` for the value of every legal card in a position (the better cards
beside an error, the alternative of a claim, the best line that refutes a claim).  The one
exception is the last trick, where each hand holds one card and there is nothing to choose.

Numbers are *tricks the side can take with best play by all four hands*, counting the tricks it
has already won in the recorded play, so they compare across the hand: a card that lowers its
side's number is a double-dummy error (``cost``), and the next card of the other side shows the
tricks it gained (``gain``).

Every solved position is kept in the ``cache`` mapping the caller passes (string keys, integer
values: a JSON object), so a rebuild asks the solver nothing it has answered before.

Pure: no file I/O.  endplay is imported inside the functions, so this module imports without it
(``dds_available()`` says whether it can be used).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from ..record.hand import ClaimRecord, HandRecord
from ..rules.cards import Card, Letter, Rank, Seat, Suit, format_holding
from ..rules.game import Game
from ..rules.play import legal_cards, trick_winner
from ..scoring.sheet import SCORING, below_before, facts_from_game

if TYPE_CHECKING:  # pragma: no cover
    from endplay.types import Deal

__all__ = [
    "INSTALL_HINT",
    "CardAnalysis",
    "ClaimVerdict",
    "PlayAnalysis",
    "Verdict",
    "analyse",
    "best_line",
    "card_text",
    "dds_available",
    "position_key",
    "verify_claims",
]

INSTALL_HINT = "double-dummy analysis needs endplay: pip install replayer[dds]"

Verdict = Literal["confirmed", "refuted", "not checkable", "checked by the cards"]


def dds_available() -> str | None:
    """None when endplay (and its DDS) is installed; otherwise a message saying how to install it.

    Only looks for the package: importing endplay costs most of a second, which a build whose
    positions are all cached never needs to pay."""
    import importlib.util

    try:
        found = importlib.util.find_spec("endplay") is not None
    except (ImportError, ValueError) as exc:
        return f"{INSTALL_HINT} ({exc})"
    return None if found else f"{INSTALL_HINT} (no module named 'endplay')"


# ---------------------------------------------------------------------------------------------
# Results


@dataclass(frozen=True, slots=True)
class CardAnalysis:
    """One card of the recorded play, as double dummy sees it.

    ``side`` (``NS``/``EW``) is the side of the player of the card.  ``before``: the tricks that
    side can take with best play from the position before the card (the best of his legal cards),
    counting the tricks it has already won; ``after``: the same given this card.  ``cost`` =
    ``before − after`` (> 0: an error double dummy); ``gain``: the tricks the side gained from the
    other side's errors since its own previous card (its ``before`` less its previous ``after``).
    ``best``: when the card is an error, the legal cards that would have kept ``before``.
    """

    index: int  # 0-based, in play order over the recorded play
    trick: int
    seat: Seat
    card: Card
    side: str
    before: int
    after: int
    cost: int
    gain: int
    best: tuple[Card, ...] = ()
    text: str = ""

    @property
    def is_error(self) -> bool:
        return self.cost > 0


@dataclass(frozen=True, slots=True)
class PlayAnalysis:
    """The double-dummy story of the recorded play.

    ``start``: the tricks each side (``NS``, ``EW``) can take from the recorded position with best
    play; ``end``: what each side takes at the end of the recorded play (the tricks it won, plus
    the double-dummy value of any cards left unplayed); ``total``: the tricks in the position.
    ``solver_calls``: how many times the solver was asked (0 when every position came from the
    cache).
    """

    trump: Suit | None
    first_trick: int
    total: int
    start: Mapping[str, int]
    end: Mapping[str, int]
    cards: tuple[CardAnalysis, ...]
    solver_calls: int = 0

    @property
    def errors(self) -> tuple[CardAnalysis, ...]:
        return tuple(c for c in self.cards if c.cost > 0)

    def card(self, trick: int, seat: Seat) -> CardAnalysis | None:
        for c in self.cards:
            if c.trick == trick and c.seat == seat:
                return c
        return None


@dataclass(frozen=True, slots=True)
class ClaimVerdict:
    """What double dummy makes of one of the author's claims.

    ``verdict``: ``confirmed`` / ``refuted`` / ``not checkable``, or ``checked by the cards`` for a
    ``holding`` claim (the validator checks those against the deal).  ``side`` (``NS``/``EW``) is
    the side the claim's outcome is about; ``tricks``: the tricks it takes double dummy in the
    claimed situation (after ``substitute``, for an ``alternative`` claim); ``as_played``: the
    tricks double dummy gives it with the card actually played (alternative claims); ``needed``:
    the tricks that win the game from the score before the deal, when the outcome is about the
    game.  ``line``: when refuted, the double-dummy best play from the claim's point (starting with
    the substitute card), as ``(seat, card)`` pairs.  ``text``: the verdict in plain words.
    """

    claim: ClaimRecord
    verdict: Verdict
    text: str
    side: str | None = None
    tricks: int | None = None
    as_played: int | None = None
    needed: int | None = None
    substitute: Card | None = None
    line: tuple[tuple[Seat, Card], ...] = ()
    line_from: int = 0  # cards of the current trick played before the line starts

    @property
    def line_text(self) -> str:
        return _line_text(self.line, self.line_from)


# ---------------------------------------------------------------------------------------------
# Positions


class _Pos:
    """A position of the play: the hands (by Seat), the trick so far, its leader, the trump and
    the tricks won so far in the recorded play (NS, EW).  Built once per card, so what the
    analysis reads often (the cache key, the seat to play, the tricks left) is worked out here."""

    __slots__ = (
        "_pbns",
        "_trick",
        "current",
        "hands",
        "key",
        "leader",
        "remaining",
        "to_play",
        "trump",
        "won",
    )

    def __init__(
        self,
        hands: tuple[frozenset[Card], ...],
        leader: Seat,
        current: tuple[tuple[Seat, Card], ...],
        trump: Suit | None,
        won: tuple[int, int],
        pbns: tuple[str, ...] | None = None,
        trick: str | None = None,
        remaining: int | None = None,
    ) -> None:
        self.hands = hands
        self.leader = leader
        self.current = current
        self.trump = trump
        self.won = won
        self._pbns = pbns if pbns is not None else tuple(_pbn(h) for h in hands)
        self._trick = trick if trick is not None else " ".join(c.ascii() for _, c in current)
        self.key = f"{'N' if trump is None else trump.letter} {leader.name} {' '.join(self._pbns)} | {self._trick}".rstrip()
        #: tricks left to play, the current one included
        self.remaining = (
            remaining if remaining is not None else (sum(len(h) for h in hands) + len(current) + 3) // 4
        )
        self.to_play = leader.next(len(current))

    @property
    def at_boundary(self) -> bool:
        return not self.current

    def legal(self) -> frozenset[Card]:
        led = self.current[0][1].suit if self.current else None
        return legal_cards(self.hands[self.to_play], led)

    def won_by(self, side: str) -> int:
        return self.won[0] if side == "NS" else self.won[1]

    def play(self, card: Card) -> _Pos:
        seat = self.to_play
        hands = list(self.hands)
        hands[seat] = left = hands[seat] - {card}
        pbns = list(self._pbns)
        pbns[seat] = _pbn(left)
        current = self.current + ((seat, card),)
        if len(current) < 4:
            trick = f"{self._trick} {card.ascii()}" if self._trick else card.ascii()
            return _Pos(
                tuple(hands), self.leader, current, self.trump, self.won, tuple(pbns), trick, self.remaining
            )
        winner = trick_winner(current, self.trump)
        won = (self.won[0] + 1, self.won[1]) if winner.side == "NS" else (self.won[0], self.won[1] + 1)
        return _Pos(tuple(hands), winner, (), self.trump, won, tuple(pbns), "", self.remaining - 1)


def position_key(
    hands: Sequence[Iterable[Card]], leader: Seat, trick: Sequence[Card], trump: Suit | None
) -> str:
    """The cache key of a position: trump, leader of the trick, the four hands (N E S W, PBN)
    and the cards of the trick so far, e.g. ``H W Q2.AKJ42.A93.654 … | SA``."""
    t = "N" if trump is None else trump.letter
    body = " ".join(_pbn(h if isinstance(h, frozenset) else frozenset(h)) for h in hands)
    so_far = " ".join(c.ascii() for c in trick)
    return f"{t} {leader.name} {body} | {so_far}".rstrip()


@functools.lru_cache(maxsize=8192)
def _pbn(cards: frozenset[Card]) -> str:
    """``Q2.AKJ42.A93.654``: spades first, ranks high to low."""
    return format_holding(cards, pbn=True)


def _other(side: str) -> str:
    return "EW" if side == "NS" else "NS"


def _trump_of(game: Game) -> Suit | None:
    if game.declaration is None:
        raise ValueError("the hand declares no trump: there is nothing to analyse")
    return game.declaration.strain.trump


def _start(game: Game) -> _Pos:
    leader = game.tricks[0].leader if game.tricks else game.opening_leader
    hands = tuple(frozenset(game.deal.get(s, frozenset())) for s in Seat)
    return _Pos(hands, leader, (), _trump_of(game), (0, 0))


def _positions(game: Game) -> tuple[list[_Pos], list[tuple[int, Seat, Card]]]:
    """The positions before each recorded card, and one after the last; and the cards played."""
    pos = _start(game)
    out = [pos]
    plays: list[tuple[int, Seat, Card]] = []
    for t in game.tricks:
        for seat, card in t.plays:
            if seat != pos.to_play or card not in pos.hands[seat]:
                raise ValueError(
                    f"trick {t.number}: {seat.name} plays {card} out of turn or without holding it"
                )
            plays.append((t.number, seat, card))
            pos = pos.play(card)
            out.append(pos)
    return out, plays


# ---------------------------------------------------------------------------------------------
# The solver, through endplay, with the cache in front of it


class _Solver:
    """Asks endplay for values, and keeps them in ``cache``.

    ``cache[key]`` is the value of the position for the side to play (the tricks it takes from
    the remaining ones, the current trick included); ``cache[key + " > " + card]`` the value
    after that card, for the same side (from ``solve_board``).
    """

    def __init__(self, cache: MutableMapping[str, int] | None) -> None:
        self.cache: MutableMapping[str, int] = cache if cache is not None else {}
        self.calls = 0

    # -- values of whole positions ---------------------------------------------------------

    def value(self, pos: _Pos) -> int:
        """Tricks the side to play takes from the remaining ones with best play."""
        if pos.remaining <= 1:
            return _last_trick_value(pos)
        key = pos.key
        hit = self.cache.get(key)
        if hit is not None:
            return int(hit)
        return max(self.card_values(pos).values())

    def fill_line(self, positions: Sequence[_Pos], cards: Sequence[Card], all_legal: bool = False) -> None:
        """Solve every position of a recorded line that is not in the cache, by ``analyse_play``:
        one call from the trick boundary before the first missing position to the end of the line.
        A trick holding a card the laws forbid (an established revoke, kept as the book printed
        it) is not a trace DDS accepts: its positions are solved one by one with ``solve_board``.
        ``all_legal``: the caller knows every card is legal (skips the check)."""
        n = len(positions)
        i = 0
        while i < n:
            if positions[i].remaining <= 1 or positions[i].key in self.cache:
                i += 1
                continue
            b = i
            while not positions[b].at_boundary:
                b -= 1
            e = len(cards) if all_legal else b  # the run of legal cards from b
            while e < len(cards) and cards[e] in positions[e].legal():
                e += 1
            if e < len(cards):  # stop before the trick of the illegal card
                while e > b and not positions[e].at_boundary:
                    e -= 1
            if e > b:
                self._analyse(positions[b : e + 1], cards[b:e])
                i = e + 1
                continue
            j = b  # the trick with the illegal card, position by position
            while j < n and (j == b or not positions[j].at_boundary):
                if positions[j].remaining > 1 and positions[j].key not in self.cache:
                    self.card_values(positions[j])
                j += 1
            i = j

    def _analyse(self, positions: Sequence[_Pos], cards: Sequence[Card]) -> None:
        start = positions[0]
        dds = _endplay_dds()
        self.calls += 1
        result = dds.analyse_play(_deal(start), [_ecard(c) for c in cards])
        values = list(result)
        # analyse_play counts the tricks of the side of the leader's right-hand opponent, in all
        # (those won along the trace included); it gives nothing inside the last trick.
        declarer_side = start.leader.rho.side
        for k, v in enumerate(values):
            if k >= len(positions):
                break
            pos = positions[k]
            if pos.remaining <= 1:
                continue
            won_in_trace = pos.won_by(declarer_side) - start.won_by(declarer_side)
            mine = v - won_in_trace
            if pos.to_play.side != declarer_side:
                mine = pos.remaining - mine
            self.cache[pos.key] = mine

    # -- values of each legal card ---------------------------------------------------------

    def card_values(self, pos: _Pos) -> dict[Card, int]:
        """For each legal card, the tricks the side to play takes from the remaining ones."""
        legal = sorted(pos.legal())
        if pos.remaining <= 1:
            me = pos.to_play.side
            return {c: _side_value(pos.play(c), me) for c in legal}
        key = pos.key
        known = {c: self.cache.get(f"{key} > {c.ascii()}") for c in legal}
        if all(v is not None for v in known.values()):
            return {c: int(v) for c, v in known.items()}  # type: ignore[arg-type]
        out = self._solve(pos, legal, optimal=False)
        self.cache[key] = max(out.values())
        return out

    def best_cards(self, pos: _Pos) -> tuple[int, list[Card]]:
        """The value of the position for the side to play, and the legal cards that keep it
        (``solve_board`` asked for the optimal cards only, which is quicker than all of them)."""
        legal = sorted(pos.legal())
        if pos.remaining <= 1:
            values = self.card_values(pos)
            top = max(values.values())
            return top, [c for c in legal if values[c] == top]
        key = pos.key
        marked = self.cache.get(f"{key} >>")  # set when the optimal cards were solved
        known = {c: self.cache.get(f"{key} > {c.ascii()}") for c in legal}
        if marked is None and all(v is not None for v in known.values()):
            marked = max(int(v) for v in known.values() if v is not None)
        if marked is None:
            out = self._solve(pos, legal, optimal=True)
            top = max(out.values())
            self.cache[f"{key} >>"] = top
            self.cache[key] = top
            return top, [c for c in legal if out.get(c) == top]
        return int(marked), [c for c in legal if known[c] == marked]

    def _solve(self, pos: _Pos, legal: Sequence[Card], optimal: bool) -> dict[Card, int]:
        dds = _endplay_dds()
        from endplay.dds.solve import SolveMode

        self.calls += 1
        solved = dds.solve_board(_deal(pos), SolveMode.OptimalAll if optimal else SolveMode.Default)
        out: dict[Card, int] = {}
        for ecard, tricks in solved:
            card = _card(ecard)
            if card in legal:
                out[card] = int(tricks)
        if not optimal and set(out) != set(legal):  # never expected: DDS answers for every legal card
            missing = ", ".join(str(c) for c in legal if c not in out)
            raise RuntimeError(f"the solver gave no value for {missing} in {pos.key}")
        for c, v in out.items():
            self.cache[f"{pos.key} > {c.ascii()}"] = v
        return out


def _endplay_dds() -> Any:
    """``endplay.dds``, or ImportError saying how to install it."""
    try:
        import endplay.dds
    except ImportError as exc:
        raise ImportError(f"{INSTALL_HINT} ({exc})") from exc
    return endplay.dds


def _side_value(pos: _Pos, side: str) -> int:
    """Only for positions needing no solver: the last trick or none left."""
    v = _last_trick_value(pos)
    return v if pos.to_play.side == side else pos.remaining - v


def _last_trick_value(pos: _Pos) -> int:
    """The last trick: each hand holds at most one card; 1 if the side to play wins it."""
    if pos.remaining == 0:
        return 0
    plays = list(pos.current)
    seat = pos.to_play
    while len(plays) < 4:
        (card,) = pos.hands[seat] or (None,)
        if card is None:
            raise ValueError("a hand has run out of cards before the others")
        plays.append((seat, card))
        seat = seat.next()
    return 1 if trick_winner(plays, pos.trump).side == pos.to_play.side else 0


def _deal(pos: _Pos) -> Deal:
    from endplay.types import Deal, Denom, Player

    hands = list(pos.hands)
    for seat, card in pos.current:
        hands[seat] = hands[seat] | {card}
    pbn = "N:" + " ".join(_pbn(h) if h else "..." for h in hands)
    trump = Denom.nt if pos.trump is None else Denom(3 - int(pos.trump))
    deal = Deal(pbn, first=Player(int(pos.leader)), trump=trump)
    for _, card in pos.current:
        deal.play(_ecard(card))
    return deal


_ECARDS: dict[Card, Any] = {}


def _ecard(card: Card) -> Any:
    """endplay's card for ours (made once each: endplay builds its cards slowly)."""
    e = _ECARDS.get(card)
    if e is None:
        from endplay.types import Card as ECard

        e = _ECARDS[card] = ECard(card.ascii())
    return e


def _card(ecard: Any) -> Card:
    suit = Suit(3 - int(ecard.suit))
    return Card(suit, Rank(int(ecard.rank).bit_length() - 1))


# ---------------------------------------------------------------------------------------------
# The analysis of the recorded play


def analyse(
    game: Game, cache: MutableMapping[str, int] | None = None, *, best: bool = True, letters: bool = True
) -> PlayAnalysis:
    """Double-dummy numbers for every card of the recorded play (see :class:`CardAnalysis`).

    ``cache`` (string → int) keeps every solved position; pass the same mapping again and nothing
    is solved twice.  ``best``: for each error, find the cards that would have kept the tricks
    (one ``solve_board`` per error).  ``letters``: name sides ``A–B``/``Y–Z`` in the texts (else
    ``N–S``/``E–W``).  Raises ImportError (with the install hint) when endplay is missing and a
    position has to be solved.
    """
    positions, plays = _positions(game)
    solver = _Solver(cache)
    # the validator has checked every card but the established revokes it keeps as printed
    solver.fill_line(positions, [c for _, _, c in plays], all_legal=not game.revokes)

    total = positions[0].remaining
    first = positions[0]
    v0 = solver.value(first)
    start = {first.to_play.side: v0, _other(first.to_play.side): total - v0}

    def tricks(pos: _Pos, side: str) -> int:
        v = solver.value(pos)
        mine = v if pos.to_play.side == side else pos.remaining - v
        return pos.won_by(side) + mine

    names = _side_names(game, letters)
    ns = [tricks(p, "NS") for p in positions]  # N–S's number at each position; E–W's is total − it
    last_after = dict(start)
    cards: list[CardAnalysis] = []
    for i, (number, seat, card) in enumerate(plays):
        side = seat.side
        if side == "NS":
            before, after = ns[i], ns[i + 1]
        else:
            before, after = total - ns[i], total - ns[i + 1]
        cost = before - after
        gain = before - last_after[side]
        kept: tuple[Card, ...] = ()
        if cost > 0 and best:
            kept = tuple(sorted(solver.best_cards(positions[i])[1], reverse=True))
        text = _card_text(
            card,
            names.get(side, side),
            names.get(_other(side), _other(side)),
            before,
            after,
            cost,
            gain,
            kept,
        )
        cards.append(CardAnalysis(i, number, seat, card, side, before, after, cost, gain, kept, text))
        last_after[side] = after
    final = positions[-1]
    end = {s: tricks(final, s) for s in ("NS", "EW")}
    return PlayAnalysis(first.trump, game.first_trick, total, start, end, tuple(cards), solver.calls)


def _side_names(game: Game, letters: bool) -> dict[str, str]:
    if not letters:
        return {"NS": "N–S", "EW": "E–W"}
    return {game.dealer.side: "Y–Z", game.dealer.lho.side: "A–B"}


def _tricks_word(n: int) -> str:
    return "a trick" if n == 1 else f"{n} tricks"


def card_text(c: CardAnalysis, names: Mapping[str, str] | None = None) -> str:
    """One line for the lesson, e.g. ``♠5: costs a trick (Y–Z could have made 9; now 8)``."""
    names = names or {"NS": "N–S", "EW": "E–W"}
    side, opp = names.get(c.side, c.side), names.get(_other(c.side), _other(c.side))
    return _card_text(c.card, side, opp, c.before, c.after, c.cost, c.gain, c.best)


def _card_text(
    card: Card, side: str, opp: str, before: int, after: int, cost: int, gain: int, best: Sequence[Card]
) -> str:
    parts: list[str] = []
    if gain > 0:
        parts.append(
            f"{side} gain {_tricks_word(gain)} from {opp}'s error ({before} now, {before - gain} before it)"
        )
    if cost > 0:
        text = f"costs {_tricks_word(cost)} ({side} could have made {before}; now {after})"
        if best:
            text += f"; {' or '.join(str(b) for b in best[:4])}{' …' if len(best) > 4 else ''} kept {before}"
        parts.append(text)
    if not parts:
        parts.append(f"{side} can still make {after}")
    return f"{card}: " + "; ".join(parts)


# ---------------------------------------------------------------------------------------------
# Best lines


def best_line(
    game: Game,
    trick: int,
    cache: MutableMapping[str, int] | None = None,
    first: Card | None = None,
    seat: Seat | None = None,
) -> tuple[tuple[Seat, Card], ...]:
    """The double-dummy best play from the start of ``trick`` (or, with ``seat``, from just before
    that seat's card at ``trick``), to the end of the deal; ``first`` forces the first card.
    Where the book's card is among the best it is kept, so the line leaves the book only where
    double dummy must."""
    positions, plays = _positions(game)
    i = _index(plays, trick, seat)
    if i is None:
        raise ValueError(f"trick {trick} is not in the recorded play")
    solver = _Solver(cache)
    return _best_line(solver, positions[i], [c for _, _, c in plays[i:]], first)


def _best_line(
    solver: _Solver, pos: _Pos, book: Sequence[Card], first: Card | None = None
) -> tuple[tuple[Seat, Card], ...]:
    line: list[tuple[Seat, Card]] = []
    on_book = True
    k = 0
    while pos.remaining > 0:
        legal = pos.legal()
        if not legal:
            break
        seat = pos.to_play
        if first is not None and not line:
            card = first
            on_book = on_book and k < len(book) and book[k] == card
        elif len(legal) == 1:
            (card,) = legal
            on_book = on_book and k < len(book) and book[k] == card
        elif on_book and k < len(book) and book[k] in legal and _keeps(solver, pos, book[k]):
            card = book[k]  # the book's card is among the best (known from the analysis's cache)
        else:
            on_book = False
            values = solver.card_values(pos)
            top = max(values.values())
            card = min((c for c, v in values.items() if v == top), key=lambda c: (c.rank, c.suit))
        line.append((seat, card))
        pos = pos.play(card)
        k += 1
    return tuple(line)


def _keeps(solver: _Solver, pos: _Pos, card: Card) -> bool:
    """Whether ``card`` keeps the value of ``pos`` for the side to play."""
    nxt = pos.play(card)
    v = solver.value(nxt)
    mine = v if nxt.to_play.side == pos.to_play.side else nxt.remaining - v
    if nxt.remaining < pos.remaining:  # the card ended the trick: count it
        mine += 1 if nxt.leader.side == pos.to_play.side else 0
    return mine == solver.value(pos)


def _line_text(
    line: Sequence[tuple[Seat, Card]],
    offset: int = 0,
    game: Game | None = None,
    names: Mapping[str, str] | None = None,
) -> str:
    """``A: ♦2 ♦4 ♦K ♦6 | B: ♦A ♦9 ♦8 ♦5 | …``, a group a trick, named by its first card's player;
    ``offset``: cards of the first trick already played before the line starts."""
    out = []
    j = 0
    size = 4 - offset % 4
    while j < len(line):
        group = line[j : j + size]
        seat = group[0][0]
        who = _seat_name(game, seat, names) if game is not None and names is not None else seat.name
        out.append(f"{who}: " + " ".join(str(c) for _, c in group))
        j += size
        size = 4
    return " | ".join(out)


def _index(plays: Sequence[tuple[int, Seat, Card]], trick: int, seat: Seat | None) -> int | None:
    for i, (number, s, _) in enumerate(plays):
        if number == trick and (seat is None or s == seat):
            return i
    if seat is None and plays and trick == plays[-1][0] + 1 and len(plays) % 4 == 0:
        return len(plays)
    if seat is None and not plays and trick == 1:
        return 0
    return None


# ---------------------------------------------------------------------------------------------
# The author's claims


def verify_claims(
    game: Game, record: HandRecord, cache: MutableMapping[str, int] | None = None, *, letters: bool = True
) -> list[ClaimVerdict]:
    """A verdict for every claim in the record's notes, in order (see :class:`ClaimVerdict`).

    ``alternative``: replay to the claim's card, put another card in its place — the card the
    claim names when it is not the card played, else a card of the same suit the quote names
    ("would have played the ace"), else the seat's best other legal card (cards equal to the one
    played do not count) — and solve double dummy.  ``outcome``: solve from the start of the
    claim's trick.  An outcome's ``game`` is won or not from the score before the deal, by the
    rule set's own scoring; ``by_cards`` N and ``tricks`` N hold when the side takes at least 6+N
    (N) tricks.  ``holding`` claims are the validator's: "checked by the cards".
    """
    solver = _Solver(cache)
    names = _side_names(game, letters)
    out: list[ClaimVerdict] = []
    why = ""
    try:
        positions, plays = _positions(game)
    except ValueError as exc:
        positions, plays, why = [], [], str(exc)
    for note in record.notes:
        for claim in note.claims:
            if claim.kind == "holding":
                out.append(
                    ClaimVerdict(
                        claim,
                        "checked by the cards",
                        "A claim about the cards held: the validator checks it against the deal.",
                    )
                )
                continue
            if not positions:
                out.append(ClaimVerdict(claim, "not checkable", f"Not checkable: {why}."))
                continue
            if claim.kind == "alternative":
                out.append(_alternative(game, claim, solver, positions, plays, names))
            elif claim.kind == "outcome":
                out.append(_outcome(game, claim, solver, positions, plays, names))
            else:
                out.append(ClaimVerdict(claim, "not checkable", f"Unknown kind of claim {claim.kind!r}."))
    return out


def _claim_seat(game: Game, claim: ClaimRecord) -> Seat | None:
    if claim.seat is None:
        return None
    text = str(claim.seat.value).strip().upper()
    if text in ("A", "B", "Y", "Z"):
        return Letter[text].seat(game.dealer)
    try:
        return Seat.parse(text)
    except ValueError:
        return None


def _outcome_side(game: Game, outcome: Mapping[str, object]) -> str | None:
    side = str(outcome.get("side", "")).upper()
    if side in ("NS", "EW"):
        return side
    if side == "YZ":
        return game.dealer.side
    if side == "AB":
        return game.dealer.lho.side
    return None


def _game_needed(game: Game, side: str) -> int | None:
    """The fewest tricks (of 13) with which ``side`` wins the game on this deal, from the score
    before it, by the rule set's scoring; None if no number does or the deal cannot be scored."""
    scoring = SCORING.get(game.regime.name)
    facts = facts_from_game(game, below_before(game))
    if scoring is None or facts is None:
        return None
    options = scoring.options()
    for t in range(14):
        trial = dataclasses.replace(facts, tricks={side: t, _other(side): 13 - t})  # type: ignore[dict-item]
        if scoring.score(trial, options).game == side:
            return t
    return None


def _judge(
    game: Game, outcome: Mapping[str, object], side: str, tricks: int
) -> tuple[bool | None, int | None, str]:
    """Whether ``side`` taking ``tricks`` (of the deal) gives ``outcome``; the tricks for game; why not checkable."""
    needed = None
    holds = True
    if game.is_partial and any(k in outcome for k in ("game", "by_cards")):
        return (
            None,
            None,
            "the hand starts after trick 1 or with fewer than 13 cards, so the deal's tricks are not all known",
        )
    if "game" in outcome:
        needed = _game_needed(game, side)
        wins = needed is not None and tricks >= needed
        if needed is None and game.declaration is None:
            return None, None, "the deal cannot be scored"
        holds = holds and wins == bool(outcome["game"])
    if "by_cards" in outcome:
        holds = holds and tricks >= 6 + int(outcome["by_cards"])  # type: ignore[call-overload]
    if "tricks" in outcome:
        holds = holds and tricks >= int(outcome["tricks"])  # type: ignore[call-overload]
    if not any(k in outcome for k in ("game", "by_cards", "tricks")):
        return None, None, "the claim's outcome says nothing the tricks can decide"
    return holds, needed, ""


def _contrary(game: Game, outcome: Mapping[str, object], side: str, tricks: int, side_name: str) -> str:
    """What double dummy says instead, for the parts of ``outcome`` that fail."""
    bits = []
    if "game" in outcome:
        needed = _game_needed(game, side)
        wins = needed is not None and tricks >= needed
        if wins != bool(outcome["game"]):
            bits.append(f"{side_name} {'can win' if wins else 'cannot win'} the game")
    if "by_cards" in outcome and tricks < 6 + int(outcome["by_cards"]):  # type: ignore[call-overload]
        n = int(outcome["by_cards"])  # type: ignore[call-overload]
        bits.append(f"{side_name} cannot make {'the odd trick' if n == 1 else f'{n} by cards'}")
    if "tricks" in outcome and tricks < int(outcome["tricks"]):  # type: ignore[call-overload]
        bits.append(f"{side_name} cannot take {outcome['tricks']} tricks")
    return " and ".join(bits)


def _deal_phrase(game: Game, tricks: Mapping[str, int], first: str, names: Mapping[str, str]) -> str:
    """``Y–Z 9 tricks (3 by cards), A–B 4: Y–Z win the game`` — ``first`` named first."""
    second = _other(first)
    t1, t2 = tricks[first], tricks[second]
    text = f"{names.get(first, first)} {t1} trick{'s' if t1 != 1 else ''}"
    if t1 > 6:
        text += f" ({'the odd trick' if t1 == 7 else f'{t1 - 6} by cards'})"
    text += f", {names.get(second, second)} {t2}"
    if t2 > 6:
        text += f" ({'the odd trick' if t2 == 7 else f'{t2 - 6} by cards'})"
    if not game.is_partial and game.declaration is not None:
        winners = [s for s in (first, second) if (n := _game_needed(game, s)) is not None and tricks[s] >= n]
        text += (
            f": {names.get(winners[0], winners[0])} win the game"
            if winners
            else ": neither side wins the game"
        )
    return text


def _result_words(outcome: Mapping[str, object], side_name: str) -> str:
    bits = []
    if "game" in outcome:
        bits.append(f"{side_name} {'win' if outcome['game'] else 'do not win'} the game")
    if "by_cards" in outcome:
        n = int(outcome["by_cards"])  # type: ignore[call-overload]
        bits.append(f"{side_name} make {'the odd trick' if n == 1 else f'{n} by cards'}")
    if "tricks" in outcome:
        bits.append(f"{side_name} take {outcome['tricks']} tricks")
    return " and ".join(bits)


_NAMED_RANK = re.compile(
    r"\b(?:play(?:s|ed|ing)?|put(?:s|ting)?\s+(?:on|up)|win(?:s|ning)?\s+with|won\s+with|led|lead(?:s|ing)?)\s+"
    r"(?:the|his|her)\s+(ace|king|queen|knave|jack|ten)\b",
    re.IGNORECASE,
)
_GONE_ON = re.compile(
    r"\b(?:go(?:ne|es)?\s+on|went\s+on|continu\w*|kept\s+on|keep(?:s)?\s+on)\b", re.IGNORECASE
)
_RANK_WORDS = {
    "ace": Rank.ACE,
    "king": Rank.KING,
    "queen": Rank.QUEEN,
    "knave": Rank.JACK,
    "jack": Rank.JACK,
    "ten": Rank.TEN,
}


def _quoted_candidates(
    claim: ClaimRecord, pos: _Pos, seat: Seat, played: Card, plays: Sequence[tuple[int, Seat, Card]], i: int
) -> tuple[list[Card], str]:
    """The other cards the claim's quote points at, and how: a rank it names ("would have played
    the ace", in the suit of the claim's card), or the suit the seat was leading ("A might have
    gone on", when he is on lead).  Empty when the quote names neither."""
    legal = pos.legal()
    suit = claim.card.suit if claim.card is not None else played.suit
    named = [Card(suit, _RANK_WORDS[m.group(1).lower()]) for m in _NAMED_RANK.finditer(claim.quote)]
    named = [c for c in named if c in legal and c != played]
    if named:
        return named, "the card the book says he would have played"
    if not pos.current and _GONE_ON.search(claim.quote):
        leads = [c for k, (_, s, c) in enumerate(plays[:i]) if s == seat and _is_lead(plays, k)]
        if leads and leads[-1].suit != played.suit:
            cands = [c for c in legal if c.suit == leads[-1].suit]
            if cands:
                return cands, f"going on with {leads[-1].suit.word}, as the book says he might have"
    return [], ""


def _is_lead(plays: Sequence[tuple[int, Seat, Card]], k: int) -> bool:
    return k == 0 or plays[k - 1][0] != plays[k][0]


def _equivalent(card: Card, other: Card, pos: _Pos) -> bool:
    """Same suit, one hand, and every card between them is in that hand or already played."""
    if card.suit != other.suit:
        return False
    mine = pos.hands[pos.to_play]
    live = set().union(*pos.hands) | {c for _, c in pos.current}
    lo, hi = sorted((card.rank, other.rank))
    return all(
        Card(card.suit, Rank(r)) in mine or Card(card.suit, Rank(r)) not in live for r in range(lo + 1, hi)
    )


def _alternative(
    game: Game,
    claim: ClaimRecord,
    solver: _Solver,
    positions: Sequence[_Pos],
    plays: Sequence[tuple[int, Seat, Card]],
    names: Mapping[str, str],
) -> ClaimVerdict:
    seat = _claim_seat(game, claim)
    side = _outcome_side(game, claim.outcome)
    if seat is None or side is None:
        return ClaimVerdict(claim, "not checkable", "The claim names no seat or no side.")
    who = _seat_name(game, seat, names)
    i = _index(plays, claim.trick, seat)
    if i is None:
        return ClaimVerdict(
            claim, "not checkable", f"{who} plays no card at trick {claim.trick} in the recorded play.", side
        )
    pos = positions[i]
    played = plays[i][2]
    legal = pos.legal()
    if claim.card is not None and claim.card != played and claim.card in legal:
        candidates, how = [claim.card], "the card the claim names"
    else:
        candidates, how = _quoted_candidates(claim, pos, seat, played, plays, i)
    if not candidates:
        candidates = [c for c in legal if c != played and not _equivalent(c, played, pos)]
        how = f"{who}'s best other card"
    if not candidates:
        return ClaimVerdict(
            claim,
            "not checkable",
            f"{who} had no other card at trick {claim.trick} but {played} and its equals.",
            side,
        )
    values = solver.card_values(pos)
    me = seat.side

    def split(v: int) -> dict[str, int]:
        mine = pos.won_by(me) + v
        return {me: mine, _other(me): pos.won_by(_other(me)) + pos.remaining - v}

    top = max(values[c] for c in candidates)  # the seat's best among them: the claim's hardest test
    sub = min((c for c in candidates if values[c] == top), key=lambda c: (c.rank, c.suit))
    with_sub = split(values[sub])
    if played in values:
        with_played = split(values[played])
    else:  # a revoke kept as printed: not among the legal cards
        nxt = pos.play(played)
        v = solver.value(nxt)
        mine = v if nxt.to_play.side == me else nxt.remaining - v
        with_played = {me: nxt.won_by(me) + mine, _other(me): nxt.won_by(_other(me)) + nxt.remaining - mine}
    tricks, as_played = with_sub[side], with_played[side]
    holds, needed, why = _judge(game, claim.outcome, side, tricks)
    if holds is None:
        return ClaimVerdict(
            claim, "not checkable", f"Not checkable: {why}.", side, tricks, as_played, None, sub
        )
    said = _result_words(claim.outcome, names.get(side, side))
    text = (
        f"Double dummy: with {who}'s {played}, as played, {_deal_phrase(game, with_played, side, names)}. "
        f"With {sub} instead ({how}): {_deal_phrase(game, with_sub, side, names)}. "
    )
    if holds:
        return ClaimVerdict(
            claim, "confirmed", text + f"Confirmed: {said}.", side, tricks, as_played, needed, sub
        )
    line = _best_line(solver, pos, [c for _, _, c in plays[i:]], sub)
    contrary = _contrary(game, claim.outcome, side, tricks, names.get(side, side))
    text += (
        f"Refuted: with {sub}, {contrary}. "
        f"Best play after {who}'s {sub}: {_line_text(line, len(pos.current), game, names)}."
    )
    return ClaimVerdict(claim, "refuted", text, side, tricks, as_played, needed, sub, line, len(pos.current))


def _outcome(
    game: Game,
    claim: ClaimRecord,
    solver: _Solver,
    positions: Sequence[_Pos],
    plays: Sequence[tuple[int, Seat, Card]],
    names: Mapping[str, str],
) -> ClaimVerdict:
    side = _outcome_side(game, claim.outcome)
    if side is None:
        return ClaimVerdict(claim, "not checkable", "The claim's outcome names no side.")
    i = _index(plays, claim.trick, None)
    if i is None:
        return ClaimVerdict(claim, "not checkable", f"Trick {claim.trick} is not in the recorded play.", side)
    pos = positions[i]
    v = solver.value(pos)
    me = pos.to_play.side
    best = {me: pos.won_by(me) + v, _other(me): pos.won_by(_other(me)) + pos.remaining - v}
    tricks = best[side]
    final = positions[-1]
    actual = {s: final.won_by(s) for s in ("NS", "EW")}
    holds, needed, why = _judge(game, claim.outcome, side, tricks)
    if holds is None:
        return ClaimVerdict(claim, "not checkable", f"Not checkable: {why}.", side, tricks)
    said = _result_words(claim.outcome, names.get(side, side))
    text = (
        f"Double dummy, with best play from the start of trick {claim.trick}: {_deal_phrase(game, best, side, names)}"
        f" (as played: {names.get(side, side)} {actual[side]}, {names.get(_other(side), _other(side))} {actual[_other(side)]}). "
    )
    if holds:
        return ClaimVerdict(claim, "confirmed", text + f"Confirmed: {said}.", side, tricks, None, needed)
    line = _best_line(solver, pos, [c for _, _, c in plays[i:]])
    contrary = _contrary(game, claim.outcome, side, tricks, names.get(side, side))
    text += f"Refuted: {contrary}. Best play from there: {_line_text(line, 0, game, names)}."
    return ClaimVerdict(claim, "refuted", text, side, tricks, None, needed, None, line)


def _seat_name(game: Game, seat: Seat, names: Mapping[str, str]) -> str:
    letters = "Y–Z" in names.values()
    return game.labels[seat].name if letters else seat.word
