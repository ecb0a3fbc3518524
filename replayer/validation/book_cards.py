"""The book's misprints of its cards (``book_errors``): a card (``about: card``: the file keeps the
card as printed, and the hand is replayed with the reading in that cell, reported once as the
book's own error), a winner mark on the wrong card (``about: mark``: the mark is kept, and its
``winner-mismatch`` becomes one warning about the book) and a line of the deal diagram (``about:
deal``: the file's ``deal`` gives the holding the cards show, and the entry keeps the printed line)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..record.diagnostics import Severity, Span
from ..record.hand import PlayedCard
from ..rules.cards import Card
from ..rules.seats import Seat
from .checking import Check, resolve_seat
from .deal import Deal, Row

if TYPE_CHECKING:  # a hand without book errors never defines the type (see record.hand_extras)
    from ..record.hand import BookErrorRecord

__all__ = ["read_book_cards", "check_book_cards_legal", "check_book_marks", "check_book_deal"]

#: an entry applied, with the cell it replaced
Applied = tuple["BookErrorRecord", Span]


def read_book_cards(
    ck: Check, rows: list[Row | None], columns: tuple[Seat, ...] | None, first_trick: int
) -> list[Applied]:
    """Put each misprinted card's reading in its cell (``rows`` is changed in place); an entry whose
    printed card is not at that cell is an error."""
    applied: list[Applied] = []
    for b in ck.record.book_errors:
        if b.about != "card" or b.printed is None or b.reading is None or b.seat is None or b.trick is None:
            continue
        seat = resolve_seat(b.seat, ck.dealer)
        i = b.trick - first_trick
        row = rows[i] if columns is not None and 0 <= i < len(rows) else None
        cell = (
            row[columns.index(seat)] if row is not None and columns is not None and seat in columns else None
        )
        if row is None or cell is None or cell.card is not b.printed:
            there = f"{cell.card} there" if cell is not None else "no card read there"
            ck.add(
                "book-card-unmatched",
                f"the file records that the book prints {b.printed} for {ck.name(seat)} at trick {b.trick}, "
                f"but the play has {there}",
                b.span,
                "give the trick and seat where the book prints the card, and the card as printed",
            )
            continue
        assert columns is not None
        k = columns.index(seat)
        rows[i] = (*row[:k], PlayedCard(b.reading, cell.span, cell.marked), *row[k + 1 :])
        ck.add(
            "book-card",
            f"the book prints {b.printed} for {ck.name(seat)} at trick {b.trick}; the cards say {b.reading}",
            cell.span,
            f"recorded as the book's own error (line {b.span.line}); the hand is replayed with {b.reading}",
            Severity.WARNING,
        )
        applied.append((b, cell.span))
    return applied


def check_book_cards_legal(ck: Check, applied: list[Applied]) -> None:
    """A reading that leaves an error at its cell does not mend the book's slip: an error at the entry."""
    for b, span in applied:
        bad = [d for d in ck.diags if d.severity is Severity.ERROR and (d.span == span or span in d.related)]
        if bad:
            # not the book's slip after all: no warning about the book, an error at the entry
            ck.diags[:] = [d for d in ck.diags if not (d.code == "book-card" and d.span == span)]
            ck.add(
                "book-card-unmatched",
                f"the reading {b.reading} for the book's {b.printed} at trick {b.trick} does not make "
                f"the play legal ({bad[0].code} at line {span.line})",
                b.span,
                "the reading must be the card the book meant: check it against the other tricks",
            )


def check_book_marks(
    ck: Check, rows: list[Row | None], columns: tuple[Seat, ...] | None, first_trick: int
) -> None:
    """``about: mark``: the ``winner-mismatch`` of the mark the book puts on the wrong card becomes
    one warning about the book; an entry with no such mismatch at its cell is an error."""
    for b in ck.record.book_errors:
        if b.about != "mark" or b.trick is None or b.seat is None:
            continue
        seat = resolve_seat(b.seat, ck.dealer)
        i = b.trick - first_trick
        row = rows[i] if columns is not None and 0 <= i < len(rows) else None
        cell = (
            row[columns.index(seat)] if row is not None and columns is not None and seat in columns else None
        )
        found = [
            d for d in ck.diags if d.code == "winner-mismatch" and cell is not None and d.span == cell.span
        ]
        if cell is None or not cell.marked or not found:
            ck.add(
                "book-mark-unmatched",
                f"the file records that the book marks the wrong winner at trick {b.trick}, "
                f"{ck.name(seat)}'s card, but the play has no such mark there",
                b.span,
                "give the trick and the seat of the card the book marks (kept with * in the row)",
            )
            continue
        wrong = found[0]
        ck.diags[:] = [d for d in ck.diags if d is not wrong]
        ck.add(
            "book-mark",
            wrong.message.replace("the file marks", "the book marks", 1),
            wrong.span,
            f"recorded as the book's own error (line {b.span.line}); the mark is kept as printed",
            Severity.WARNING,
        )


def check_book_deal(ck: Check, dealt: Deal | None) -> None:
    """``about: deal``: the file's deal must give the seat the holding the entry reads (a warning
    about the book at that seat's line); otherwise the entry does not match (an error)."""
    for b in ck.record.book_errors:
        if b.about != "deal" or b.seat is None or b.suit is None or b.holding is None:
            continue
        seat = resolve_seat(b.seat, ck.dealer)
        reading = _ranks(b.holding)
        hand = dealt.get(seat) if dealt is not None else None
        has = [pc.card for pc in hand or () if pc.card.suit is b.suit]
        if hand is None or _ranks(has) != reading:
            there = f"{b.suit.symbol}{_ranks(has)}" if hand is not None else "no hand"
            ck.add(
                "book-deal-unmatched",
                f"the file records that the book's diagram misprints {ck.name(seat)}'s "
                f"{b.suit.word}, read as {b.suit.symbol}{reading}, but the deal gives {there}",
                b.span,
                "give the deal as the cards show it, and under reading the same holding of that suit",
            )
            continue
        key = next((k for k in ck.record.deal_spans if resolve_seat(k, ck.dealer) is seat), None)
        ck.add(
            "book-deal",
            f"the book's diagram prints {b.printed_text!r} for {ck.name(seat)}; "
            f"the cards give {b.suit.symbol}{reading}",
            ck.record.deal_spans.get(key) if key is not None else b.span,
            f"recorded as the book's own error (line {b.span.line}); the deal gives the cards' holding",
            Severity.WARNING,
        )


def _ranks(cards: Iterable[Card]) -> str:
    """The ranks of one suit's cards, high to low (``K86``), or ``—`` for none."""
    return "".join(c.rank.display for c in sorted(cards, key=lambda c: c.rank, reverse=True)) or "—"
