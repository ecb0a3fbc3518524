"""Dummy Bridge's declaration checked against Foster's laws (*Gist of Bridge*, 1904, pp. 84–85).

The make is Bridge Whist's (the dealer Z makes the trump or passes to Y), with two laws of the
three-handed game added (docs/rules-dummy-bridge.md):

* DECL-DB: when the single player deals and passes, Y's declaration is the mechanical one; a file
  whose trump differs is an error at the trump, with the mechanical strain and the counts as the fix;
* DB-3, DB-5: only the eldest hand (A) may double; the dealer may redouble only if he declared on
  his own hand (the single player's dummy never speaks).

A hand file is the first deal of a game unless it says otherwise [interp]: the single player deals
(DB-1), as on every odd deal (DB-7).  The even deals (the single player eldest, DB-5) are laws of
:mod:`replayer.rules.dummy_bridge`; a file key for them is not read yet.
"""

from __future__ import annotations

from ..record.diagnostics import Severity
from ..record.hand import MakeRecord
from ..rules.cards import Card
from ..rules.dummy_bridge import may_double, mechanical_declaration, single_player
from ..rules.seats import Letter, Seat
from .checking import Check
from .deal import columns, deal, first_trick, holdings, row

__all__ = ["FIRST_DEAL", "check_mechanical", "dummy_bridge_doublers"]

#: the deal of the game a hand file records when it does not say [interp]: the single player deals
FIRST_DEAL = 1


def dummy_bridge_doublers(ck: Check, d: MakeRecord, deal_number: int = FIRST_DEAL) -> tuple[Seat, ...] | None:
    """Who doubled, redoubled, … in turn; None (reported) when one may not, by DB-3 and DB-5."""
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
    return f"{who.name} cannot redouble: only the actual maker of the trump ({maker.name}) may [DB-5]"


def _who_may(k: int, single: Letter, maker: Letter) -> str:
    if k % 2 == 0:
        return "write 'doubles: [A]': the eldest hand doubles"
    if single is Letter.Z and maker is Letter.Y:
        return "remove the redouble: a mechanical declaration cannot be redoubled"
    who = "Z" if single is Letter.Z else maker.name
    return f"only {who} may redouble here: write 'doubles: [A, {who}]'"


def check_mechanical(ck: Check, d: MakeRecord, deal_number: int = FIRST_DEAL) -> bool:
    """DECL-DB: when the single player dealt and passed, Y's trump must be the mechanical one.
    Whether the make stands (a hand whose dummy is not known is noted, not judged)."""
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
