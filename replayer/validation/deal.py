"""The cards as dealt: the book's columns, the four hands, the first trick recorded, and the
hands each seat held (from the deal, or read off a complete play)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Container

from ..record.hand import HandRecord, PlayedCard, TrickRecord
from ..rules.cards import FULL_DECK, Card
from ..rules.seats import Letter, Seat
from .checking import Check, list_cards, resolve_seat

__all__ = [
    "DEFAULT_COLUMNS",
    "Deal",
    "Row",
    "check_deal",
    "check_position",
    "columns",
    "deal",
    "first_trick",
    "holdings",
    "row",
]

#: Foster's tables: the book's columns when a file names none
DEFAULT_COLUMNS = (Letter.A, Letter.Y, Letter.B, Letter.Z)

#: the four hands by seat, each card where the file writes it
Deal = dict[Seat, tuple[PlayedCard, ...]]
#: a trick's four cards in the book's column order
Row = tuple[PlayedCard, ...]


def columns(ck: Check) -> tuple[Seat, ...] | None:
    """The seats of the book's columns, left to right; None when they are not four different seats."""
    cols = ck.record.columns
    if not cols:
        return tuple(letter.seat(ck.dealer) for letter in DEFAULT_COLUMNS)
    if len(cols) != 4:
        return None
    seats = tuple(ck.seat(c) for c in cols)
    if len(set(seats)) != 4:
        seen: set[Seat] = set()
        for c, s in zip(cols, seats, strict=True):
            if s in seen:
                ck.add(
                    "bad-columns",
                    f"the columns name {c.value} ({s.name}) twice",
                    c.span,
                    "name each of the four seats once, in the book's order, e.g. [A, Y, B, Z]",
                )
            seen.add(s)
        return None
    return seats


def row(t: TrickRecord) -> Row | None:
    """A trick's four cards, or None when the row could not be read in full (already reported)."""
    cards = t.cards
    return cards if len(cards) == 4 and None not in cards else None  # type: ignore[return-value]


def deal(ck: Check) -> Deal | None:
    """The four hands by seat; None when the file gives no deal or not all four hands (reported)."""
    rec = ck.record
    if not rec.deal and rec.deal_span is None:
        return None
    out: Deal = {}
    for key, cards in rec.deal.items():
        s = resolve_seat(key, ck.dealer)
        if s in out:
            ck.add(
                "duplicate-key",
                f"the deal gives {s.word}'s hand twice (as {key} and under another name)",
                rec.deal_spans.get(key),
            )
            continue
        out[s] = cards
    missing = [s for s in Seat if s not in out]
    if missing:
        names = ", ".join(ck.name(s) for s in missing)
        ck.add(
            "deal-incomplete",
            f"the deal does not give the hand of {names}",
            rec.deal_span,
            "give all four hands (for an end position, the cards each still holds)",
        )
        return None
    return out


def first_trick(record: HandRecord, dealt: Deal | None) -> int:
    """The number of the first trick recorded: as given, or read off a deal of equal shorter hands."""
    if record.first_trick is not None:
        return record.first_trick.value
    if dealt is not None:
        counts = {len(cards) for cards in dealt.values()}
        if len(counts) == 1 and 0 < (n := counts.pop()) < 13:
            return 14 - n
    return 1


def holdings(
    ck: Check, dealt: Deal | None, cols: tuple[Seat, ...] | None, rows: list[Row | None], first: int
) -> dict[Seat, list[Card]] | None:
    """What each seat held when the recorded play starts: from the deal when given, else from a
    complete play; None (reported when cards were expected) when neither tells."""
    record = ck.record
    if dealt is not None:
        check_deal(ck, dealt, first)
        return {s: [pc.card for pc in cards] for s, cards in dealt.items()}
    if cols is not None and rows and first - 1 + len(rows) == 13:
        # The play runs to the end, so it shows every card each seat held.  A row that
        # could not be read (already reported) leaves a gap; the replay stops there.
        held: dict[Seat, list[Card]] = {s: [] for s in Seat}
        for r in rows:
            for col, pc in enumerate(r or ()):
                held[cols[col]].append(pc.card)
        return held
    if record.tricks:
        ck.add(
            "deal-required",
            f"the play stops after trick {first - 1 + len(rows)} and the file gives no deal, "
            "so the four hands are not known",
            record.play_span,
            "add the deal (see docs/hand-format.md), or complete the play to trick 13",
        )
    elif record.deal_span is None and not record.play_unread:
        _no_cards(ck)
    return None


def _no_cards(ck: Check) -> None:
    """A hand with no card at all: never valid, whatever else the file says."""
    record = ck.record
    cut = record.play_span is not None
    ck.add(
        "no-cards",
        "the file gives neither a deal nor any play" + (": the play gives no trick" if cut else ""),
        record.play_span or record.deal_span or record.span,
        "the file may have been cut off: give the play under 'play: tricks:', one row per trick, "
        "or a 'deal:' for a problem or end position (see docs/hand-format.md)"
        if cut
        else "add 'play:' with one row per trick, or a 'deal:' for a problem or end position",
    )


def check_position(ck: Check, dealt: Deal | None) -> bool:
    """Whether the cards dealt can be replayed: a deal whose hands are all empty, with no play, is a
    hand with no cards (reported).  A deal of shorter, equal hands is a position: the deal marks it
    as one, and the replay asks who is on lead there (``leader-required``)."""
    record = ck.record
    if dealt is None or any(dealt.values()) or record.tricks:
        return True
    ck.add(
        "no-cards",
        "the deal gives no cards",
        record.deal_span,
        "give each hand's cards (see docs/hand-format.md), or the play under 'play: tricks:'",
    )
    return False


def check_deal(ck: Check, dealt: Deal, first: int) -> None:
    """No card dealt twice, and every hand as long as the others (13 at trick 1)."""
    where: dict[Card, list[tuple[Seat, PlayedCard]]] = defaultdict(list)
    for s, cards in dealt.items():
        for pc in cards:
            where[pc.card].append((s, pc))
    for card, places in where.items():
        if len(places) > 1:
            names = " and ".join(f"{ck.name(s)}'s hand" for s, _ in places)
            for _, pc in places:
                others = [p.span for _, p in places if p is not pc]
                ck.add(
                    "deal-card-twice",
                    f"{card} is dealt twice: in {names}",
                    pc.span,
                    "one of them is probably another card of the same suit",
                    related=others,
                )
    _check_hand_lengths(ck, dealt, first, where)


def _check_hand_lengths(ck: Check, dealt: Deal, first: int, present: Container[Card]) -> None:
    """Every hand as long as expected; a short hand's hint names the cards no hand holds."""
    counts = {s: len(cards) for s, cards in dealt.items()}
    if ck.record.first_trick is not None:
        expected = 14 - first
    else:
        # A position whose first trick is not given: the hands must at least be equal.
        values = list(counts.values())
        expected = max(set(values), key=lambda n: (values.count(n) if n else 0, n))
    absent = [c for c in FULL_DECK if c not in present] if expected == 13 else []
    for s, n in counts.items():
        if n != expected:
            hint = None
            if absent and n < expected:
                it = "is it" if len(absent) == 1 else "is one of them"
                hint = f"no hand holds {list_cards(absent[:6])}: {it} {ck.letter(s)}'s?"
            elif n > expected:
                hint = "a card too many: look for a card typed twice or a stray rank"
            ck.add(
                "deal-count",
                f"{ck.name(s)} has {n} cards in the deal; every hand should have "
                f"{expected}" + ("" if expected == 13 else f" at trick {14 - expected}"),
                ck.record.deal_spans.get(_key_for(ck, s)),
                hint,
            )


def _key_for(ck: Check, seat: Seat) -> str:
    """The key under which the file gives a seat's hand."""
    for key in ck.record.deal:
        if resolve_seat(key, ck.dealer) == seat:
            return key
    return seat.name
