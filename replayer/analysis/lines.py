"""Best lines: the double-dummy best play from a point of the recorded play to the end of the deal.

Where the book's card is among the best it is kept, so a line leaves the book only where double dummy
must.  A refuted claim shows such a line.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass

from ..rules.cards import Card, Suit
from ..rules.game import Game
from ..rules.play import trick_winner
from ..rules.seats import Pair, Seat
from .naming import Naming
from .play import CardAnalysis
from .positions import Position, index_of, recorded_positions
from .solver import Solver

__all__ = ["Line", "best_line", "best_line_from", "error_words", "line_text", "line_words"]

#: a line of play: each card with the seat that plays it
Line = tuple[tuple[Seat, Card], ...]


def best_line(
    game: Game,
    trick: int,
    cache: MutableMapping[str, int] | None = None,
    first: Card | None = None,
    seat: Seat | None = None,
) -> Line:
    """The double-dummy best play from the start of ``trick`` (or, with ``seat``, from just before
    that seat's card at ``trick``), to the end of the deal; ``first`` forces the first card.
    Where the book's card is among the best it is kept, so the line leaves the book only where
    double dummy must."""
    positions, plays = recorded_positions(game)
    i = index_of(plays, trick, seat)
    if i is None:
        raise ValueError(f"trick {trick} is not in the recorded play")
    solver = Solver(cache)
    return best_line_from(solver, positions[i], [c for _, _, c in plays[i:]], first)


def best_line_from(solver: Solver, pos: Position, book: Sequence[Card], first: Card | None = None) -> Line:
    """The best line from ``pos``, as ``best_line`` gives it; ``book``: the recorded cards from there on."""
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


def _keeps(solver: Solver, pos: Position, card: Card) -> bool:
    """Whether ``card`` keeps the value of ``pos`` for the side to play."""
    nxt = pos.play(card)
    mine = solver.value_for(nxt, pos.to_play.side)
    if nxt.remaining < pos.remaining:  # the card ended the trick: count it
        mine += 1 if nxt.leader.side == pos.to_play.side else 0
    return mine == solver.value(pos)


def line_text(line: Sequence[tuple[Seat, Card]], offset: int = 0, naming: Naming | None = None) -> str:
    """``A: ♦2 ♦4 ♦K ♦6 | B: ♦A ♦9 ♦8 ♦5 | …``, a group a trick, named by its first card's player;
    ``offset``: cards of the first trick already played before the line starts."""
    out = []
    j = 0
    size = 4 - offset % 4
    while j < len(line):
        group = line[j : j + size]
        seat = group[0][0]
        who = naming.seat(seat) if naming is not None else seat.name
        out.append(f"{who}: " + " ".join(str(c) for _, c in group))
        j += size
        size = 4
    return " | ".join(out)


def line_words(
    line: Sequence[tuple[Seat, Card]],
    trump: Suit | None,
    naming: Naming,
    *,
    trick: int,
    current: Sequence[tuple[Seat, Card]] = (),
    book: Sequence[Card] = (),
    won: Mapping[Pair, int] | None = None,
    most: int = 3,
) -> str:
    """A line of play in sentences a reader follows: who leads what, who plays what, who wins —
    the few tricks that show the point, then what each side takes of the rest.

    ``trick``: the deal's number of the line's first trick; ``current``: its cards played before
    the line starts; ``book``: the recorded cards from the line's first card on.  The tricks shown
    run to the first where the line leaves the book, at least two and at most ``most``; earlier
    tricks played as the book did are told in a word.  ``won``: the tricks each side had won
    before the line, for the totals.  ``At trick 4, A leads the ♥K (Y ♥J, B ♦6, Z ♣6) and wins;
    A leads the ♥2 (Y ♣4, B ♣2, Z ♠5) and wins; then Y–Z take the last 8 tricks: Y–Z 8 tricks in
    all, A–B 5.``"""
    tricks = _tricks(line, current, trump)
    if not tricks:
        return ""
    leave = next((k for k, (_, card) in enumerate(line) if k >= len(book) or book[k] != card), len(line))
    left = next((k for k, t in enumerate(tricks) if leave < t.end), 0)  # 0: the line is the book's
    start = left - 1 if left >= 2 else 0
    stop = min(max(start + 2, left + 1), start + most, len(tricks))
    instead = {line[leave][1]: book[leave]} if leave < min(len(book), len(line)) else {}
    shown = "; ".join(_trick_words(t, naming, instead) for t in tricks[start:stop])
    text = f"At trick {trick + start}, {shown}"
    if start:
        text = f"As played to trick {trick + start - 1}; then at trick {trick + start}, {shown}"
    if stop < len(tricks):
        taken = {side: sum(1 for t in tricks[stop:] if t.winner.side is side) for side in Pair}
        text += "; then " + _rest_words(taken, len(tricks) - stop, naming)
    if won is not None:
        total = {side: won[side] + sum(1 for t in tricks if t.winner.side is side) for side in Pair}
        one, two = sorted(Pair, key=lambda side: -total[side])
        many = "tricks" if total[one] != 1 else "trick"
        text += f": {naming.side(one)} {total[one]} {many} in all, {naming.side(two)} {total[two]}"
    return text + "."


@dataclass(frozen=True, slots=True)
class _Trick:
    """A trick of a line: its cards (with those played before the line), the seats and cards the
    line plays in it, the index in the line just after its last card, and its winner."""

    plays: tuple[tuple[Seat, Card], ...]
    played: int  # how many of ``plays`` were played before the line
    end: int
    winner: Seat


def _tricks(
    line: Sequence[tuple[Seat, Card]], current: Sequence[tuple[Seat, Card]], trump: Suit | None
) -> list[_Trick]:
    out: list[_Trick] = []
    j = 0
    before = tuple(current)
    while j < len(line):
        size = 4 - len(before)
        plays = before + tuple(line[j : j + size])
        j += size
        out.append(_Trick(plays, len(before), min(j, len(line)), trick_winner(plays, trump)))
        before = ()
    return out


def _trick_words(t: _Trick, naming: Naming, instead: Mapping[Card, Card]) -> str:
    """``A leads the ♥K (Y ♥J, B ♦6, Z ♣6 instead of the ♠5) and wins``; ``Y leads the ♣8 (B ♣K,
    Z ♣A, A ♣3) and Z wins with the ♣A``; for a trick the line joins late: ``Y plays the ♦3 (…)``.
    ``instead``: the card where the line leaves the book, and the book's card."""

    def told(c: Card) -> str:
        return f"{c} instead of the {instead[c]}" if c in instead else str(c)

    (seat, card), *others = t.plays[t.played :]
    verb = "leads" if t.played == 0 else "plays"
    text = f"{naming.seat(seat)} {verb} the {told(card)}"
    if others:
        # a no-break space keeps "B ♦6" on one line
        text += " (" + ", ".join(f"{naming.seat(s)}\u00a0{told(c)}" for s, c in others) + ")"
    if len(t.plays) < 4:
        return text
    if t.winner is seat:
        return text + " and wins"
    won_with = next(c for s, c in t.plays if s is t.winner)
    return text + f" and {naming.seat(t.winner)} wins with the {won_with}"


def _rest_words(taken: Mapping[Pair, int], rest: int, naming: Naming) -> str:
    """``Y–Z take the last 8 tricks``, ``Y–Z take 6 of the last 8 tricks, A–B 2``."""
    one, two = sorted(Pair, key=lambda side: -taken[side])
    last = "the last trick" if rest == 1 else f"the last {rest} tricks"
    if taken[two] == 0:
        return f"{naming.side(one)} take {last}"
    return f"{naming.side(one)} take {taken[one]} of {last}, {naming.side(two)} {taken[two]}"


def error_words(ca: CardAnalysis, game: Game, naming: Naming) -> str:
    """A card that cost its side tricks, in a sentence: ``At trick 4 Z discards the ♠5, which costs
    Y–Z a trick: they could have made 8, now 7; the ♣7 or the ♣6 kept 8.``"""
    trick = next((t for t in game.tricks if t.number == ca.trick), None)
    led = trick.led_suit if trick is not None and trick.leader != ca.seat else None
    trump = game.declaration.strain.trump if game.declaration is not None else None
    if led is None:
        did = "leads the"
    elif ca.card.suit == led:
        did = "plays the"
    else:
        did = "ruffs with the" if ca.card.suit == trump else "discards the"
    cost = "a trick" if ca.cost == 1 else f"{ca.cost} tricks"
    text = (
        f"At trick {ca.trick} {naming.seat(ca.seat)} {did} {ca.card}, which costs {naming.side(ca.side)} "
        f"{cost}: they could have made {ca.before}, now {ca.after}"
    )
    if ca.best:
        kept = [f"the {c}" for c in ca.best]
        either = kept[0] if len(kept) == 1 else ", ".join(kept[:-1]) + " or " + kept[-1]
        text += f"; {either} kept {ca.before}"
    return text + "."


def analysis_words(ca: CardAnalysis, game: Game, naming: Naming) -> str:
    """What double dummy says of one card, in a sentence for readers: a card that cost its side tricks
    (:func:`error_words`), or one by which its side gained from the other side's earlier error."""
    if ca.cost > 0:
        return error_words(ca, game, naming)
    gained = "a trick" if ca.gain == 1 else f"{ca.gain} tricks"
    other = naming.side(next(side for side in Pair if side != ca.side))
    return (
        f"At trick {ca.trick} {naming.seat(ca.seat)} plays the {ca.card}: {naming.side(ca.side)} gain {gained} "
        f"from an earlier error by {other}, and can now make {ca.before}."
    )
