"""What the file says about the cards besides the play, checked against the game: the author's
holding claims in the notes, and the transcriber's settled readings."""

from __future__ import annotations

from ..record.diagnostics import Severity
from ..record.hand import ClaimKind, HandRecord
from ..rules.game import Game
from .checking import Check, list_cards, resolve_seat

__all__ = ["check_holding_claims", "check_readings"]


def check_holding_claims(ck: Check, game: Game, record: HandRecord) -> None:
    """The author's claims about what a player held (e.g. "the dealer has no higher card"),
    checked against the cards; a claim the cards contradict is a warning about the book."""
    for note in record.notes:
        for cl in note.claims:
            if cl.kind is not ClaimKind.HOLDING or cl.seat is None or cl.suit is None:
                continue
            seat = resolve_seat(cl.seat.value, game.dealer)
            held = set(game.deal.get(seat, ()))
            for t in game.tricks:
                if t.number < cl.trick and (played := t.card_of(seat)) is not None:
                    held.discard(played)
            cards = sorted(
                (c for c in held if c.suit == cl.suit and (cl.above is None or c.rank > cl.above)),
                reverse=True,
            )
            n = len(cards)
            ok = (cl.count is None or n == cl.count) and (cl.at_least is None or n >= cl.at_least)
            if not ok:
                what = f"{cl.suit.word}" + (f" above the {cl.above.display}" if cl.above else "")
                ck.add(
                    "book-claim",
                    f"the author's claim about trick {cl.trick} does not fit the cards: "
                    f"before that trick {ck.name(seat)} held {n} {what}"
                    f"{' (' + list_cards(cards) + ')' if cards else ''}",
                    cl.span,
                    "check the claim's seat, suit and trick; if the book is wrong, say so in the note",
                    Severity.WARNING,
                )


def check_readings(ck: Check, game: Game, record: HandRecord) -> None:
    """Each uncertain reading in the transcription record must name the card the play has there."""
    if record.transcription is None:
        return
    for rd in record.transcription.readings:
        seat = resolve_seat(rd.seat, game.dealer)
        played = next((t.card_of(seat) for t in game.tricks if t.number == rd.trick), None)
        if played is not rd.card:
            ck.add(
                "reading-mismatch",
                f"the transcription record reads {rd.card} for {ck.name(seat)} "
                f"at trick {rd.trick}, but the play has {played if played is not None else 'no card'} there",
                rd.span,
                "make the record and the trick row agree",
            )
