"""The rule set, the dealer, the declaration and the opening lead, checked against the laws.

Bridge Whist's make (the dealer names the trump or passes it to dummy, then the doubling) and
the auction of Auction and Contract (the calls, or the final contract alone) become a
:class:`~replayer.rules.game.Declaration`; who leads first follows from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..record.diagnostics import Severity
from ..record.hand import MakeRecord
from ..rules.game import Declaration
from ..rules.regimes import REGIMES, Declaring, OpeningLeader, Regime, RuleSet, UnknownRegime, find_regime
from ..rules.seats import Seat
from .checking import Check
from .dummy_bridge import check_mechanical, dummy_bridge_doublers
from .whist import turned_declaration

if TYPE_CHECKING:
    from ..record.hand_extras import AuctionRecord

__all__ = ["check_dealer", "declaration", "opening_leader", "regime"]


def regime(ck: Check) -> Regime | None:
    """The rule set the file names; None (reported) when it names none or one we do not have: a
    hand is never checked under laws it does not name."""
    rules = ck.record.rules
    if rules is None:
        ck.add(
            "missing-key",
            "the file does not say which rules the hand is played under",
            ck.record.span,
            f"add e.g. 'rules: {RuleSet.BRIDGE_WHIST}' (one of {', '.join(REGIMES)}); "
            "the cards are checked once the rules are known",
        )
        return None
    try:
        return find_regime(rules.value)
    except UnknownRegime as exc:
        ck.add(
            "unknown-rules",
            str(exc),
            rules.span,
            "write bridge-whist (1904 laws), auction (royal spades) or contract; "
            "the cards are checked once the rules are known",
        )
        return None


def check_dealer(ck: Check) -> None:
    """The dealer is Z by the books' convention: a file may move him by compass seat, not rename him."""
    d = ck.record.dealer
    if d is not None and d.value in ("A", "Y", "B"):
        ck.add(
            "bad-dealer",
            f"the dealer is Z by the books' convention, not {d.value}",
            d.span,
            "write 'dealer: Z', or a compass seat (dealer: N) to put Z elsewhere",
        )


def declaration(ck: Check, regime: Regime) -> tuple[Declaration | None, bool]:
    """The declaration (None if it cannot be made out), and whether the deal was passed out."""
    d = ck.record.declaration
    span = ck.record.declaration_span
    if d is None:
        if ck.record.declaration_span is None:
            ck.add(
                "missing-key",
                "the file does not give the declaration",
                ck.record.span,
                "Bridge Whist: declaration: {maker: Z, trump: hearts}; Auction/Contract: declaration: {calls: …}",
            )
        return None, False
    if regime.declaration is Declaring.TURNED:  # Whist: the dealer's card turned up (validation/whist.py)
        return turned_declaration(ck, regime, d), False
    if regime.declaration is Declaring.MAKE:
        if not isinstance(d, MakeRecord):
            ck.add(
                "declaration-mismatch",
                f"{regime.title} has no auction: the dealer makes the trump or passes",
                span,
                "give 'maker' and 'trump' instead of calls",
            )
            return None, False
        return _make(ck, regime, d), False
    # Auction and Contract only: a hand declared by the make never defines the type (record.hand_extras)
    from ..record.hand_extras import AuctionRecord

    if not isinstance(d, AuctionRecord):
        ck.add(
            "declaration-mismatch",
            f"under {regime.title} the trump is bid for: give the auction as calls",
            span,
            "declaration: {calls: 1♥ pass 2♥ pass pass pass}, or {contract: 2♥, declarer: S}",
        )
        return None, False
    if d.calls:
        return _from_calls(ck, regime, d)
    return _from_contract(ck, regime, d), False


# ---------------------------------------------------------------------------------------------
# Bridge Whist: the make and the doubling


def _make(ck: Check, regime: Regime, d: MakeRecord) -> Declaration | None:
    dealer = ck.dealer
    maker = ck.seat(d.maker)
    ok = True
    if maker not in (dealer, dealer.partner):
        ck.add(
            "bad-maker",
            f"{ck.name(maker)} cannot make the trump: the dealer (Z) makes it, "
            "or passes and his partner (Y) must make it [BWSEQ-2]",
            d.maker.span,
            "write 'maker: Z' or 'maker: Y'",
        )
        ok = False
    strain = d.trump.value
    if strain not in regime.strains:
        ck.add(
            "bad-strain",
            f"{strain.word} is not a declaration under {regime.title}",
            d.trump.span,
            "choose spades, clubs, diamonds, hearts or no-trumps",
        )
        ok = False
    if regime.name is RuleSet.DUMMY_BRIDGE:  # DECL-DB, DB-3 (validation/dummy_bridge.py)
        check_mechanical(ck, d)  # an error, but the play is still replayed under the file's trump
        doublers = dummy_bridge_doublers(ck, d)
    else:
        doublers = _doublers(ck, d)
    if not ok or doublers is None:
        return None
    return Declaration(
        strain,
        declarer=dealer,
        dummy=dealer.partner,
        doubled=len(doublers),
        maker=maker,
        passed=maker != dealer,
        doublers=doublers,
    )


def _doublers(ck: Check, d: MakeRecord) -> tuple[Seat, ...] | None:
    """Who doubled, redoubled, … in turn; None (reported) when one doubles out of turn."""
    dealer = ck.dealer
    doublers: list[Seat] = []
    ok = True
    for k, loc in enumerate(d.doubles):
        s = ck.seat(loc)
        defenders = (dealer.lho, dealer.rho)
        want_defender = k % 2 == 0
        if (s in defenders) != want_defender:
            what = "double" if k == 0 else ("redouble" if k % 2 == 1 else "double again")
            who = "A or B (the adversaries)" if want_defender else "Z or Y (the makers' side)"
            ck.add(
                "doubling-order",
                f"the {_ordinal(k + 1)} call in the doubling is by {ck.name(s)}, "
                f"but only {who} may {what} here [BWSEQ-3]",
                loc.span,
                "doubling goes: an adversary doubles, the maker's side may redouble, then the adversaries again, …",
            )
            ok = False
        doublers.append(s)
    return tuple(doublers) if ok else None


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")


# ---------------------------------------------------------------------------------------------
# Auction and Contract: the calls, or the contract alone


def _from_calls(ck: Check, regime: Regime, d: AuctionRecord) -> tuple[Declaration | None, bool]:
    """The contract the calls end in, checked against the contract and declarer the file gives."""
    # the auction's laws, imported here: a Bridge Whist or Whist hand never needs them
    from ..rules.auction import INSUFFICIENT_BID_STOOD, check_auction

    calls = [loc.value for loc in d.calls]
    contract, passed_out, problems = check_auction(regime, ck.dealer, calls)
    for p in problems:
        span = d.calls[p.index].span if p.index < len(d.calls) else d.calls[-1].span
        if p.code == INSUFFICIENT_BID_STOOD:  # the laws let it stand (AU-6, Law 50 of 1913)
            ck.add("insufficient-bid-stood", p.message, span, p.hint, Severity.WARNING)
        else:
            ck.add(p.code, p.message, span, p.hint)
    if passed_out:
        return None, True
    if contract is None:
        return None, False
    if d.contract is not None:
        level, strain, dbl = d.contract.value
        if (level, strain, dbl) != (contract.level, contract.strain, contract.doubled):
            ck.add(
                "contract-mismatch",
                f"the file gives the contract {level}{strain}{'X' * dbl}, but the calls end in {contract}",
                d.contract.span,
            )
    if d.declarer is not None and ck.seat(d.declarer) != contract.declarer:
        ck.add(
            "declarer-mismatch",
            f"the file names {ck.seat(d.declarer).word} as declarer, but "
            f"{contract.declarer.word} first named {contract.strain.word} for the winning side",
            d.declarer.span,
        )
    seq = tuple((ck.dealer.next(i), c.ascii()) for i, c in enumerate(calls))
    return Declaration(
        contract.strain,
        contract.declarer,
        contract.declarer.partner,
        contract.doubled,
        level=contract.level,
        calls=seq,
    ), False


def _from_contract(ck: Check, regime: Regime, d: AuctionRecord) -> Declaration | None:
    """The declaration from the final contract and its declarer, when the file gives no calls."""
    if d.contract is None or d.declarer is None:
        if d.contract is None:
            ck.add(
                "missing-key",
                "the declaration gives neither the calls nor the contract",
                ck.record.declaration_span,
            )
        return None
    level, strain, dbl = d.contract.value
    if strain not in regime.strains:
        ck.add("bad-strain", f"{strain.word} is not a strain under {regime.title}", d.contract.span)
        return None
    declarer = ck.seat(d.declarer)
    return Declaration(strain, declarer, declarer.partner, dbl, level=level)


# ---------------------------------------------------------------------------------------------
# The opening lead


def opening_leader(ck: Check, regime: Regime, decl: Declaration | None, first_trick: int) -> Seat | None:
    """Who leads to the first trick recorded: by law at trick 1 (a stated leader is checked), as
    the file says for a later position."""
    given = ck.record.leader
    if first_trick > 1:
        if given is None:
            ck.add(
                "leader-required",
                f"the position starts at trick {first_trick}: say who is on lead",
                ck.record.play_span or ck.record.deal_span,
                "add 'play: {leader: Z}' (the seat on lead)",
            )
            return None
        return ck.seat(given)
    if regime.opening_leader is OpeningLeader.DEALERS_LEFT:
        lawful = ck.dealer.lho
        law = "WH-2" if regime.declaration is Declaring.TURNED else "BWSEQ-5"
        why = f"A, on the dealer's left, always leads to the first trick [{law}]"
    else:
        if decl is None:
            return ck.seat(given) if given else None
        lawful = decl.declarer.lho
        law = "AUSEQ-4" if regime.name is RuleSet.AUCTION else "CBSEQ-3"
        why = f"the opening lead is made by the declarer's left-hand opponent [{law}]"
    if given is not None and ck.seat(given) != lawful:
        ck.add(
            "lead-out-of-turn",
            f"the file names {ck.name(ck.seat(given))} as the opening leader, but {why}",
            given.span,
            f"the opening leader is {ck.name(lawful)}",
        )
        return ck.seat(given)
    return lawful
