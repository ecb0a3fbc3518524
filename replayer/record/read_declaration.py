"""Reading the declaration: Bridge Whist's make (maker, trump, doubles) or an auction (calls, contract).

Which of the two a file gives is read from its keys; whether it suits the rule set is the
validator's business.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from ..rules.cards import Card, CardSyntaxError, Strain
from .diagnostics import Located, Span
from .fields import FieldReader
from .hand import MakeRecord
from .keys import DECLARATION_KEYS
from .located_yaml import MappingNode, Node, ScalarNode, SequenceNode

if TYPE_CHECKING:  # the auction's laws are imported when a file gives calls (see _calls, _prose)
    from ..rules.auction import Call
    from .hand_extras import AuctionRecord, TurnedRecord  # made where read (see hand_extras)

__all__ = ["read_declaration"]


@functools.cache
def _contract_re() -> re.Pattern[str]:  # compiled when a contract is first read: a Bridge Whist hand has none
    return re.compile(r"^\s*([1-7])\s*(.+?)\s*((?:X|x|\*){0,2})\s*$")


_Fields = dict[str, tuple[Node, Node]]


def read_declaration(
    r: FieldReader, node: Node, dealer: Located[str] | None = None
) -> MakeRecord | AuctionRecord | TurnedRecord | None:
    """The declaration, or None (reported) when it mixes the kinds or gives none.

    ``dealer``, when given, checks the first caller of an auction told in prose with compass seats.
    """
    m = r.mapping(node, DECLARATION_KEYS, "declaration")
    if "turned" in m:
        return _turned(r, m, node)
    make_keys = {"maker", "trump", "doubles"} & m.keys()
    auction_keys = {"calls", "auction", "contract", "declarer"} & m.keys()
    if make_keys and auction_keys:
        r.error(
            "declaration-mixed",
            "the declaration mixes a Bridge Whist make (maker, trump) with an auction (calls, contract)",
            node,
            "Bridge Whist hands give maker and trump; auction and contract hands give calls",
        )
        return None
    if auction_keys:
        return _auction(r, m, dealer.value if dealer is not None else None)
    if not make_keys:
        if isinstance(node, MappingNode):
            r.error(
                "missing-key",
                "the declaration says neither who made the trump nor the auction",
                node,
                "Bridge Whist: maker and trump; Auction and Contract: calls (or contract and declarer)",
            )
        return None
    return _make(r, m, node)


# ---------------------------------------------------------------------------------------------
# Whist: the card turned for trumps


def _turned(r: FieldReader, m: _Fields, node: Node) -> TurnedRecord | None:
    """Whist's turned card alone (``{turned: ♠2}``): any other key mixes in another game's declaration."""
    from .hand_extras import TurnedRecord  # Whist only

    others = sorted(m.keys() - {"turned"})
    if others:
        r.error(
            "declaration-mixed",
            f"the declaration gives the whist trump card ('turned') with {', '.join(others)}",
            node,
            "a whist hand gives only the turned card, e.g. declaration: {turned: ♠2}",
        )
        return None
    card = r.located(m["turned"][1], "declaration turned", Card.parse)
    return TurnedRecord(card) if card is not None else None


# ---------------------------------------------------------------------------------------------
# Bridge Whist: the make


def _make(r: FieldReader, m: _Fields, node: Node) -> MakeRecord | None:
    maker = None
    if "maker" in m:
        mnode = m["maker"][1]
        if isinstance(mnode, ScalarNode) and mnode.value.strip().lower() == "dummy":
            maker = Located("Y", r.span(mnode))  # Bridge Whist: the dummy is always Y
        else:
            maker = r.seat(mnode, "declaration maker")
    trump = r.located(m["trump"][1], "declaration trump", Strain.parse) if "trump" in m else None
    if "maker" not in m:
        r.error(
            "missing-key",
            "the declaration does not say who made the trump",
            node,
            "add 'maker: Z' (the dealer made it) or 'maker: Y' (the dealer passed and dummy made it)",
        )
    if "trump" not in m:
        r.error(
            "missing-key",
            "the declaration does not say the trump",
            node,
            "add e.g. 'trump: hearts' or 'trump: NT'",
        )
    doubles = _doubles(r, m["doubles"][1]) if "doubles" in m else ()
    if maker is None or trump is None:
        return None
    return MakeRecord(maker, trump, doubles)


def _doubles(r: FieldReader, dnode: Node) -> tuple[Located[str], ...]:
    """Who doubled, redoubled, … in order: a list of seats, or a line of them ("A Z")."""
    items = dnode.value if isinstance(dnode, SequenceNode) else None
    if items is None and isinstance(dnode, ScalarNode):
        items = [dnode] if dnode.value.strip() else []
    if items is None:
        r.error("wrong-type", "doubles should be a list of seats, e.g. [A, Z]", dnode)
        items = []
    doubles: list[Located[str]] = []
    for item in items:
        if isinstance(item, ScalarNode) and len(item.value.split()) > 1 and not item.style:
            # "A Z" written as one value
            for part in item.value.split():
                loc = r.seat(ScalarNode(item.tag, part, item.start_mark, item.end_mark), "a doubler")
                if loc:
                    doubles.append(loc)
            continue
        loc = r.seat(item, "a doubler")
        if loc:
            doubles.append(loc)
    return tuple(doubles)


# ---------------------------------------------------------------------------------------------
# Auction and Contract: the calls, or the contract alone


def _auction(r: FieldReader, m: _Fields, dealer: str | None) -> AuctionRecord:
    from .hand_extras import AuctionRecord  # Auction and Contract only

    calls: list[Located[Call]] = []
    calls_span = None
    if "calls" in m and "auction" in m:
        r.error(
            "declaration-mixed",
            "the declaration gives the auction twice: as calls and in prose ('auction')",
            m["auction"][0],
            "keep one: 'calls' for a list of calls, 'auction' for the auction as the book tells it",
        )
    if "calls" in m:
        cnode = m["calls"][1]
        calls_span = r.span(cnode)
        calls = _calls(r, cnode)
    elif "auction" in m:
        cnode = m["auction"][1]
        calls_span = r.span(cnode)
        calls = _prose(r, cnode, dealer)
    contract = _contract(r, m["contract"][1]) if "contract" in m else None
    declarer = r.seat(m["declarer"][1], "declarer") if "declarer" in m else None
    if contract is not None and declarer is None and not calls:
        r.error(
            "missing-key",
            "a contract without the auction needs its declarer",
            m["contract"][0],
            "add e.g. 'declarer: S'",
        )
    return AuctionRecord(tuple(calls), calls_span, contract, declarer)


def _calls(r: FieldReader, cnode: Node) -> list[Located[Call]]:
    """The calls from the dealer on: a line of calls, or a list of them."""
    from ..rules.auction import Call, CallSyntaxError, scan_calls  # only a hand with an auction needs it

    calls: list[Located[Call]] = []
    if r.too_long(cnode, "the calls"):
        return calls
    if isinstance(cnode, ScalarNode):
        for tok in scan_calls(cnode.value):
            span: Span = r.offset_span(cnode, tok.start, tok.end)
            if tok.call is None:
                err = tok.error
                r.error(
                    "bad-call",
                    f"cannot read {tok.text!r} as a call" + (f": {err}" if err else ""),
                    span,
                    getattr(err, "hint", None),
                )
            else:
                calls.append(Located(tok.call, span))
    elif isinstance(cnode, SequenceNode):
        for item in cnode.value:
            text = r.scalar(item, "a call")
            if text is None:
                continue
            try:
                calls.append(Located(Call.parse(text), r.span(item)))
            except CallSyntaxError as exc:
                r.error("bad-call", f"cannot read {text!r} as a call: {exc}", item, exc.hint)
    else:
        r.error("wrong-type", "calls should be a list or a line of calls", cnode)
    return calls


def _prose(r: FieldReader, node: Node, dealer: str | None) -> list[Located[Call]]:
    """The calls of an auction told in prose, each at the words that tell it."""
    from .read_auction_prose import read_auction_prose  # only a hand with an auction needs it

    text = r.notation(node, "the auction")
    if text is None or not isinstance(node, ScalarNode):
        return []
    told = read_auction_prose(text, dealer)
    for p in told.problems:
        r.error(p.code, p.message, r.offset_span(node, p.start, p.end), p.hint)
    return [Located(call, r.offset_span(node, start, end)) for call, start, end in told.calls]


def _contract(r: FieldReader, node: Node) -> Located[tuple[int, Strain, int]] | None:
    """The final contract: level, strain and doublings ("4♠", "3NT", "2HX", "1CXX")."""
    text = r.notation(node, "contract")
    if text is None:
        return None
    mt = _contract_re().match(text)
    strain = None
    if mt:
        try:
            strain = Strain.parse(mt.group(2))
        except CardSyntaxError:
            strain = None
    if mt and strain is not None:
        return Located((int(mt.group(1)), strain, len(mt.group(3))), r.span(node))
    r.error("bad-value", f"cannot read the contract {text!r}", node, "write e.g. 4♠, 3NT, 2HX or 1CXX")
    return None
