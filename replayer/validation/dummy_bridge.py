"""Dummy Bridge's declaration checked against Foster's laws (*Gist of Bridge*, 1904, pp. 84–85).

The make is Bridge Whist's (the dealer Z makes the trump or passes to Y), with two laws of the
three-handed game added (docs/rules-dummy-bridge.md):

* DECL-DB: when the single player deals and passes, Y's declaration is the mechanical one; a file
  whose trump differs is an error at the trump, with the mechanical strain and the counts as the fix;
* DB-3, DB-5: only the eldest hand (A) may double; the dealer may redouble only if he declared on
  his own hand (the single player's dummy never speaks).

The deal of the game comes from the file's ``series: {deal: N}`` (the first deal when it is not
given [interp]).  On the odd deals the single player deals (DB-1, DB-7): Z with his dummy Y.  On the
even deals he sits eldest (DB-5, DB-6): A with his dummy B; Z and Y are the two partners, the dealer
Z makes the trump or passes to Y, who declares freely (Bridge Whist's make, BWSEQ-2: no mechanical
declaration); only A may double, and only the actual maker of the trump may redouble him.
"""

from __future__ import annotations

from ..record.diagnostics import Severity
from ..record.hand import HandRecord, MakeRecord
from ..rules.cards import Card
from ..rules.seats import Letter, Seat
from .checking import Check
from .deal import columns, deal, first_trick, holdings, row

__all__ = ["FIRST_DEAL", "check_mechanical", "dummy_bridge_doublers", "series_deal"]

#: the deal of the game a hand file records when it does not say [interp]: the single player deals
FIRST_DEAL = 1


def series_deal(record: HandRecord) -> int:
    """The deal of the game the file records: its ``series: {deal: N}``, else the first."""
    series = record.series
    return series.deal.value if series is not None and series.deal is not None else FIRST_DEAL


def dummy_bridge_doublers(
    ck: Check, d: MakeRecord, deal_number: int | None = None
) -> tuple[Seat, ...] | None:
    """Who doubled, redoubled, … in turn; None (reported) when one may not, by DB-3 and DB-5.
    ``deal_number``: the deal of the game (None: the file's, :func:`series_deal`)."""
    # Dummy Bridge's laws, imported here: only a Dummy Bridge hand comes this way
    from ..rules.dummy_bridge import may_double, single_player

    if deal_number is None:
        deal_number = series_deal(ck.record)
    maker = Letter.of(ck.seat(d.maker), ck.dealer)
    single = single_player(deal_number)
    doublers: list[Seat] = []
    ok = True
    for k, loc in enumerate(d.doubles):
        s = ck.seat(loc)
        who = Letter.of(s, ck.dealer)
        if not may_double(k, who, deal=deal_number, maker=maker):
            ck.add("db-doubling", _why_not(k, who, single, maker), loc.span, _who_may(k, single, maker))
            ok = False
        doublers.append(s)
    return tuple(doublers) if ok else None


def _why_not(k: int, who: Letter, single: Letter, maker: Letter) -> str:
    if k % 2 == 0 and single is Letter.A:
        again = "double" if k == 0 else "double again"
        if who is Letter.B:
            return (
                f"B cannot {again}: on an even deal B is the single player's dummy, and only the single "
                "player, A, the eldest hand, has the right to double [DB-5]"
            )
        return f"{who.name} cannot {again}: only the single player, A, the eldest hand, may double [DB-5]"
    if k % 2 == 0:
        return (
            f"{who.name} cannot double at Dummy Bridge: only the eldest hand (A) can go over [DB-3]"
            if k == 0
            else f"{who.name} cannot double again: only the eldest hand (A) can go over [DB-3]"
        )
    if single is Letter.Z and maker is Letter.Y:
        return (
            f"{who.name} cannot redouble: the dealer passed and the dummy's declaration was made for it, "
            "so nobody may redouble; the dealer may only when he declared on his own hand [DB-3]"
        )
    if single is Letter.Z:
        return f"{who.name} cannot redouble: only the dealer, who declared on his own hand, may [DB-3]"
    redouble = "redouble" if k == 1 else "redouble again"
    return f"{who.name} cannot {redouble}: only the actual maker of the trump ({maker.name}) may [DB-5]"


def _who_may(k: int, single: Letter, maker: Letter) -> str:
    if k % 2 == 0:
        eldest = "the eldest hand" + (", the single player," if single is Letter.A else "")
        return f"write 'doubles: [A]': {eldest} doubles" if k == 0 else f"only A, {eldest} may double again"
    if single is Letter.Z and maker is Letter.Y:
        return "remove the redouble: a mechanical declaration cannot be redoubled"
    who = "Z" if single is Letter.Z else maker.name
    return f"only {who} may redouble here: write 'doubles: [A, {who}]'"


def check_mechanical(ck: Check, d: MakeRecord, deal_number: int | None = None) -> bool:
    """DECL-DB: when the single player dealt and passed, Y's trump must be the mechanical one.
    Whether the make stands (a hand whose dummy is not known is noted, not judged).  On an even
    deal Y is a real partner and declares freely: nothing to check."""
    from ..rules.dummy_bridge import mechanical_declaration, single_player  # as above: Dummy Bridge only

    if deal_number is None:
        deal_number = series_deal(ck.record)
    if single_player(deal_number) is not Letter.Z or Letter.of(ck.seat(d.maker), ck.dealer) is not Letter.Y:
        return True
    hand = _dummy_hand(ck)
    if hand is None:
        ck.add(
            "mechanical-unchecked",
            "the dealer passed, so the dummy's declaration is the mechanical one [DECL-DB], "
            "but the dummy's 13 cards are not known: the trump cannot be checked",
            d.trump.span,
            "give the deal, or the play to trick 13",
            severity=Severity.NOTE,
        )
        return True
    mech = mechanical_declaration(hand)
    if mech.strain == d.trump.value:
        return True
    ck.add(
        "mechanical-declaration",
        f"the dealer passed, so Y's declaration is the mechanical one [DECL-DB]: "
        f"{mech.strain.word}, not {d.trump.value.word} ({mech.reason})",
        d.trump.span,
        f"write 'trump: {mech.strain.word}' — Y holds {mech.counts_text}",
    )
    return False


def _dummy_hand(ck: Check) -> list[Card] | None:
    """Y's thirteen cards, from the deal or a complete play, read in a scratch check (the deal's own
    problems are reported by the deal's checks, once)."""
    scratch = Check(ck.record)
    dealt = deal(scratch)
    cols = columns(scratch)
    rows = [row(t) for t in ck.record.tricks]
    first = first_trick(ck.record, dealt)
    if first != 1:
        return None
    held = holdings(scratch, dealt, cols, rows, first)
    if held is None:
        return None
    cards = held.get(Letter.Y.seat(ck.dealer), [])
    return cards if len(cards) == 13 else None
