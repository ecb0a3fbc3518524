"""The replay: trick by trick from the opening lead, following suit, winning tricks, leading again.

Each trick is checked as it is played: a leader the file names against the winner of the trick
before, every card against the duty to follow suit (a revoke, or dummy's renounce), a winner the
book marks against the laws.  A revoke the book itself prints is kept, as a warning, and scored
with its penalty.  The result is the :class:`~replayer.rules.game.Game`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import NamedTuple, cast

from ..record.diagnostics import Severity
from ..record.hand import HandRecord, PlayedCard, TrickRecord
from ..rules.cards import FULL_DECK, Card, Suit
from ..rules.game import Declaration, Game
from ..rules.play import Trick, trick_winner
from ..rules.regimes import Regime
from ..rules.seats import BookPair, Pair, Seat
from .checking import Check, list_cards
from .deal import Row
from .declaration import opening_leader
from .fixes import Setting, later_play, revoke_hint

__all__ = ["replay"]

# A trick made with tuple.__new__: the named tuple's generated constructor costs twice as much,
# and the replay makes thirteen a hand.
_new_trick = cast(
    "Callable[[type[Trick], tuple[int, Seat, tuple[tuple[Seat, Card], ...], Seat]], Trick]", tuple.__new__
)


class _Recorded(NamedTuple):
    """The recorded play the replay walks: the hands when it starts, the columns, the rows.

    A named tuple, not a frozen dataclass: only its fields are read, and defining a frozen slotted
    dataclass costs every process that imports this module about half a millisecond."""

    holdings: Mapping[Seat, Sequence[Card]]
    columns: tuple[Seat, ...]
    rows: Sequence[Row | None]
    first_trick: int


class _Hands:
    """The cards each seat still holds, as a bitmask of card indices a seat: a suit is a block of
    thirteen bits (``Card.index`` is suit * 13 + rank - 2), so a follow-suit check is a shift and a
    mask, and playing a card clears one bit."""

    def __init__(self, holdings: Mapping[Seat, Sequence[Card]]) -> None:
        self.masks = [0, 0, 0, 0]  # by seat (Seat is an int)
        for s, h in holdings.items():
            mask = 0
            for c in h:
                mask |= 1 << c.index
            self.masks[s] = mask

    def can_follow(self, seat: Seat, suit: Suit) -> bool:
        return self.masks[seat] >> (13 * suit) & _SUIT_BITS != 0

    def held_in(self, seat: Seat, suit: Suit) -> list[Card]:
        """The cards of ``suit`` the seat holds, highest first."""
        mask = self.masks[seat]
        return [c for c in reversed(FULL_DECK[13 * suit : 13 * suit + 13]) if mask >> c.index & 1]

    def anyone_renounces_or_play(self, plays: Sequence[tuple[Seat, Card]]) -> bool:
        """Whether a card is of another suit than the led one while its player held the led suit;
        if none is, the trick is played (one call a trick: the hands are checked only before it)."""
        led = plays[0][1].suit
        shift = 13 * led
        masks = self.masks
        for s, card in plays[1:]:
            if card.suit != led and masks[s] >> shift & _SUIT_BITS:
                return True
        for s, card in plays:
            masks[s] &= ~(1 << card.index)
        return False

    def play(self, plays: Sequence[tuple[Seat, Card]]) -> None:
        masks = self.masks
        for s, card in plays:
            masks[s] &= ~(1 << card.index)  # a card the seat does not hold clears nothing


_SUIT_BITS = (1 << 13) - 1


@functools.cache  # at most 24 keys: columns are four different seats
def _play_orders(columns: tuple[Seat, ...]) -> dict[Seat, tuple[tuple[Seat, int], ...]]:
    """For each leader, the seats in playing order with the column each one's card is in."""
    column_of = {s: k for k, s in enumerate(columns)}
    return {leader: tuple((s, column_of[s]) for s in leader.rotation()) for leader in Seat}


def replay(
    ck: Check,
    rules: Regime,
    decl: Declaration | None,
    holdings: dict[Seat, list[Card]],
    columns: tuple[Seat, ...],
    rows: Sequence[Row | None],
    first_trick: int,
) -> Game | None:
    """The game the rows make, checked trick by trick; None without a declaration or a leader."""
    leader = opening_leader(ck, rules, decl, first_trick)
    if decl is None or leader is None:
        return None
    recorded = _Recorded(holdings, columns, rows, first_trick)
    hands = _Hands(holdings)
    tricks: list[Trick] = []
    revokes: list[tuple[int, Seat]] = []
    trump = decl.strain.trump
    setting: Setting | None = None  # who led the first trick replayed: known once it is led
    trick_records = ck.record.tricks
    orders = _play_orders(columns)
    for i, row in enumerate(rows):
        trec = trick_records[i]
        number = first_trick + i
        if row is None:
            ck.add(
                "replay-stopped",
                f"the replay stops at trick {number}, which could not be read in full",
                trec.span,
                "fix the errors in this row first",
                Severity.NOTE,
            )
            break
        if trec.leader is not None:
            leader = _stated_leader(ck, trec, leader, tricks, number)
        plays = tuple([(s, row[k].card) for s, k in orders[leader]])
        if setting is None:
            setting = Setting(trump, leader, decl.dummy)
        if hands.anyone_renounces_or_play(plays):
            by_seat = dict(zip(columns, row, strict=True))
            revokes += _check_following(ck, recorded, hands, setting, i, by_seat, list(plays))
            hands.play(plays)
        winner = trick_winner(plays, trump)
        trick = _new_trick(Trick, (number, leader, plays, winner))
        if trec.winner is not None or row[0].marked or row[1].marked or row[2].marked or row[3].marked:
            _check_winner_marks(ck, trec, zip(columns, row, strict=True), trick, decl)
        tricks.append(trick)
        leader = winner
    _check_book_errors_found(ck, revokes, len(tricks))
    record = ck.record
    return Game(
        rules,
        ck.dealer,
        decl,
        {s: frozenset(h) for s, h in holdings.items()},
        first_trick,
        tricks[0].leader if tricks else leader,
        tuple(tricks),
        _score_before(record),
        tuple(revokes),
        games_before=_games_before(record),
        score_quote=_score_quote(record),
    )


def _score_before(record: HandRecord) -> dict[Pair | BookPair, int]:
    """The score before the deal as the file names the sides."""
    return dict(record.score_before.value) if record.score_before is not None else {}


def _games_before(record: HandRecord) -> dict[Pair | BookPair, int]:
    """The games each side had won in the rubber before the deal, as far as the file gives them."""
    score = record.score_before
    return dict(score.games.value) if score is not None and score.games is not None else {}


def _score_quote(record: HandRecord) -> str | None:
    """The book's own words for the score before the deal."""
    score = record.score_before
    return score.quote.value if score is not None and score.quote is not None else None


def _stated_leader(ck: Check, trec: TrickRecord, leader: Seat, tricks: list[Trick], number: int) -> Seat:
    """Who leads this trick: the winner of the one before, unless the file names another (reported),
    in which case the trick is replayed as the file gives it."""
    if trec.leader is None or ck.seat(trec.leader) == leader:
        return leader
    stated = ck.seat(trec.leader)
    if tricks:
        prev = tricks[-1]
        why = (
            f"{ck.name(leader)} won trick {prev.number} with {prev.card_of(leader)}, "
            f"so {ck.letter(leader)} leads"
        )
    else:
        why = f"{ck.name(leader)} is on lead"
    ck.add(
        "lead-out-of-turn",
        f"trick {number}: the file names {ck.name(stated)} as the leader, but {why}",
        trec.leader.span,
        "if the book really shows a lead out of turn, the trick stands once all four have played [LOOT-3]; "
        "otherwise correct the leader",
    )
    return stated


def _check_following(
    ck: Check,
    recorded: _Recorded,
    hands: _Hands,
    setting: Setting,
    i: int,
    by_seat: dict[Seat, PlayedCard],
    plays: list[tuple[Seat, Card]],
) -> list[tuple[int, Seat]]:
    """Each card against the duty to follow suit; returns the book's own revokes, kept as printed."""
    number = recorded.first_trick + i
    led = plays[0][1].suit
    kept: list[tuple[int, Seat]] = []
    for s, card in plays[1:]:
        if card.suit == led or not hands.can_follow(s, led):
            continue
        held = hands.held_in(s, led)
        pc = by_seat[s]
        if s == setting.dummy:
            ck.add(
                "dummy-renounce",
                f"trick {number}: dummy, {ck.name(s)}, plays {card} to a "
                f"{led.word[:-1]} lead while holding {list_cards(held)}",
                pc.span,
                "dummy cannot revoke and the trick stands [REV-2], but a book's dummy follows suit: "
                "check the card",
                Severity.WARNING,
            )
            continue
        later = later_play(recorded.rows, recorded.columns, s, set(held), i, recorded.first_trick)
        msg = (
            f"revoke at trick {number}: {ck.name(s)} plays {card} to a {led.word[:-1]} lead "
            f"while holding {list_cards(held)}"
        )
        if later:
            msg += f" ({later[1]} is played at trick {later[0]})"
        book = [b for b in ck.record.book_errors if b.trick == number and b.printed is None]
        if book:
            # The book's own revoke, kept as printed: a warning, and the penalty is scored.
            ck.add(
                "book-revoke",
                f"the book's play has a revoke: {msg}",
                pc.span,
                f"recorded as the book's own error (line {book[0].span.line}); the revoke penalty is scored",
                Severity.WARNING,
            )
            kept.append((number, s))
        else:
            hint = revoke_hint(
                recorded.rows,
                recorded.columns,
                recorded.holdings,
                setting,
                recorded.first_trick,
                (i, s, card),
                later,
            )
            ck.add("revoke", msg, pc.span, hint)
    return kept


def _check_book_errors_found(ck: Check, revokes: list[tuple[int, Seat]], replayed: int) -> None:
    """Every error of the book's recorded at a trick must be a revoke the replay found there.  A trick
    the replay did not reach (a row it could not read stops it) or that this run flags for another
    reason is not called unmatched: the entry may be about what is flagged there."""
    if not ck.record.book_errors:
        return
    used = {n for n, _ in revokes}
    first = ck.record.tricks[0].number if ck.record.tricks else 1
    unreached = range(first + replayed, first + len(ck.record.tricks))
    flagged = _flagged_tricks(ck)
    for b in ck.record.book_errors:
        if (
            b.trick is None
            or b.printed is not None
            or b.trick in used
            or b.trick in unreached
            or b.trick in flagged
        ):
            continue
        ck.add(
            "book-error-unmatched",
            f"the file records an error of the book's at {b.about}, but the cards show none there",
            b.span,
            "remove the book_errors entry, or check the cards",
            Severity.WARNING,
        )


def _flagged_tricks(ck: Check) -> set[int]:
    """The tricks whose rows an error or warning found so far points into (or refers to)."""
    lines: dict[int, int] = {}
    for t in ck.record.tricks:
        spans = [t.span, *(loc.span for loc in (t.leader, t.winner) if loc is not None)]
        for span in (s for s in spans if s is not None):
            for line in range(span.line, (span.end_line or span.line) + 1):
                lines.setdefault(line, t.number)
    flagged = set()
    for d in ck.diags:
        if d.severity is Severity.NOTE:
            continue
        for where in (d.span, *d.related):
            if where is not None and where.line in lines:
                flagged.add(lines[where.line])
    return flagged


# ---------------------------------------------------------------------------------------------
# The winner the book marks


def _check_winner_marks(
    ck: Check, trec: TrickRecord, by_seat: Iterable[tuple[Seat, PlayedCard]], trick: Trick, decl: Declaration
) -> None:
    """A card the book underlines (``*``) or a winner it names must be the card that wins by law."""
    assert trick.winner is not None
    marked = [(s, pc) for s, pc in by_seat if pc.marked]
    if not marked and trec.winner is None:
        return
    if (
        len(marked) < 2
        and (not marked or marked[0][0] == trick.winner)
        and (trec.winner is None or ck.seat(trec.winner) == trick.winner)
    ):
        return  # the marks agree with the law: no reason to word
    win_card = trick.card_of(trick.winner)
    reason = _why_wins(trick, decl)
    if len(marked) > 1:
        ck.add(
            "winner-mismatch",
            f"trick {trick.number}: more than one card is marked as the winner",
            marked[1][1].span,
            f"{win_card} wins: {reason}",
        )
    elif marked and marked[0][0] != trick.winner:
        s, pc = marked[0]
        ck.add(
            "winner-mismatch",
            f"trick {trick.number}: the file marks {pc.card} ({ck.letter(s)}) as the "
            f"winner, but {win_card} ({ck.letter(trick.winner)}) wins it: {reason}",
            pc.span,
            "check the underlined card in the book, and the cards of this trick",
        )
    if trec.winner is not None and ck.seat(trec.winner) != trick.winner:
        stated = ck.seat(trec.winner)
        ck.add(
            "winner-mismatch",
            f"trick {trick.number}: the file names {ck.name(stated)} as the "
            f"winner, but {ck.name(trick.winner)} wins with {win_card}: {reason}",
            trec.winner.span,
        )


def _why_wins(trick: Trick, decl: Declaration) -> str:
    trump = decl.strain.trump
    assert trick.winner is not None
    card = trick.card_of(trick.winner)
    assert card is not None
    if trump is not None and card.suit == trump and trick.led_suit != trump:
        return f"it is the highest trump ({trump.word})"
    return f"it is the highest {card.suit.word[:-1]}" + (
        "" if trump is None else f" and no trump ({trump.word}) was played" if trick.led_suit != trump else ""
    )
