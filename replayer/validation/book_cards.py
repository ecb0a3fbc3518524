"""A card the book misprints (``book_errors``, ``about: card``): the file keeps the card as printed,
and the hand is replayed with the reading in that cell, reported once as the book's own error."""

from __future__ import annotations

from ..record.diagnostics import Severity, Span
from ..record.hand import BookErrorRecord, PlayedCard
from ..rules.seats import Seat
from .checking import Check, resolve_seat
from .deal import Row

__all__ = ["read_book_cards", "check_book_cards_legal"]

#: an entry applied, with the cell it replaced
Applied = tuple[BookErrorRecord, Span]


def read_book_cards(
    ck: Check, rows: list[Row | None], columns: tuple[Seat, ...] | None, first_trick: int
) -> list[Applied]:
    """Put each misprinted card's reading in its cell (``rows`` is changed in place); an entry whose
    printed card is not at that cell is an error."""
    applied: list[Applied] = []
    for b in ck.record.book_errors:
        if b.printed is None or b.reading is None or b.seat is None or b.trick is None:
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
