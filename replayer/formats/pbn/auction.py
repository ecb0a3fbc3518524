"""The auction section decoded: whose call each token is (the Auction tag's seat, then
clockwise), the ``-`` placeholders before the dealer, the calls checked by the laws (sufficient
bids, doubles and redoubles of the opponents), and the contract and declarer they reach; then
the Contract and Declarer tags checked against them."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...rules.seats import Seat
from .model import PbnAuction, PbnGame, PbnTag, PbnToken
from .notation import STRAINS, bid_key, strain_of
from .problems import Problems
from .sections import after_end_mark, section_seat

__all__ = ["decode_auction", "check_auction_outcome"]


def decode_auction(tag: PbnTag, dealer: Seat | None, p: Problems) -> PbnAuction:
    first = section_seat(tag, p)
    auction = PbnAuction(first, tag.tokens, raw=tag.section_lines, line=tag.line, col=tag.col)
    slots = [t for t in tag.tokens if t.is_slot]
    for i, tok in enumerate(slots):
        tok.seat = first.next(i) if first is not None else None
    star = after_end_mark(tag, p, "pbn-auction")
    if star is not None:
        auction.ended = True
    lead = _placeholders(slots, first, dealer, p)
    bidding = _Bidding(p)
    for tok in slots[lead:]:
        bidding.take(tok)
    auction.continued = bidding.plus is not None
    if star is not None and bidding.plus is not None:
        st = tag.tokens[star]
        p.error("pbn-continuation", "'*' and '+' in the same auction", st.line, st.col)
    if bidding.ended:
        auction.ended = True
        auction.contract, auction.declarer = bidding.outcome()
    return auction


def _placeholders(slots: list[PbnToken], first: Seat | None, dealer: Seat | None, p: Problems) -> int:
    """How many ``-`` stand for the seats before the dealer; a call there, or a ``-`` where a
    call should be, is reported."""
    lead = 0
    if first is not None and dealer is not None:
        lead = (dealer - first) % 4
        for i, tok in enumerate(slots):
            assert tok.seat is not None
            if i < lead and tok.text != "-":
                p.error(
                    "pbn-auction",
                    f"{tok.seat.word} calls {tok.text} before the dealer ({dealer.word})",
                    tok.line,
                    tok.col,
                    f"write '-' for each seat before the dealer, or start [Auction] with {dealer.name}",
                )
            elif i >= lead and tok.text == "-":
                p.error("pbn-auction", f"'-' where {tok.seat.word} should call", tok.line, tok.col)
    else:
        while lead < len(slots) and slots[lead].text == "-":
            lead += 1
        for tok in slots[lead:]:
            if tok.text == "-":
                p.error("pbn-auction", "'-' in the middle of the auction", tok.line, tok.col)
    return lead


def _who(seat: Seat | None) -> str:
    return seat.word if seat is not None else "this"


@dataclass
class _Bidding:
    """The calls as they come, checked by the laws: the last bid (level, strain index, bidder),
    how often it is doubled and by whom, the passes since, and whether the auction is over."""

    p: Problems
    last_bid: tuple[int, int, Seat | None] | None = None
    doubled: int = 0
    doubler: Seat | None = None
    passes: int = 0
    ended: bool = False
    late: bool = False  # a call after the end (or after '+') was reported: the next ones are not
    plus: PbnToken | None = None
    bids: list[tuple[str, Seat | None]] = field(default_factory=list)

    def take(self, tok: PbnToken) -> None:
        c = tok.text
        if self.plus is not None:
            if not self.late:
                self.p.error(
                    "pbn-continuation", f"{c!r} after '+' (the call still to be made)", tok.line, tok.col
                )
            self.late = True
            return
        if c == "+":
            self.plus = tok
            return
        if c in ("-", "^S"):
            return
        if self.ended:
            if not self.late:
                self.p.error("pbn-auction", f"{c} after the end of the auction", tok.line, tok.col)
            self.late = True
            return
        if c == "AP":
            self.ended = True
        elif c == "Pass":
            self.passes += 1
            self.ended = self.passes >= (3 if self.last_bid else 4)
        elif c == "X":
            self._double(tok)
        elif c == "XX":
            self._redouble(tok)
        else:
            self._bid(tok)

    def _double(self, tok: PbnToken) -> None:
        seat, last_bid = tok.seat, self.last_bid
        if (
            last_bid is None
            or self.doubled
            or (seat is not None and last_bid[2] is not None and seat.side == last_bid[2].side)
        ):
            self.p.error(
                "pbn-auction",
                f"{_who(seat)}'s double is not allowed here",
                tok.line,
                tok.col,
                "one may double only an opponent's bid not yet doubled",
            )
        self.doubled, self.doubler, self.passes = 1, seat, 0

    def _redouble(self, tok: PbnToken) -> None:
        seat, doubler = tok.seat, self.doubler
        if self.doubled != 1 or (seat is not None and doubler is not None and seat.side == doubler.side):
            self.p.error(
                "pbn-auction",
                f"{_who(seat)}'s redouble is not allowed here",
                tok.line,
                tok.col,
                "one may redouble only an opponent's double of one's own side",
            )
        self.doubled, self.passes = 2, 0

    def _bid(self, tok: PbnToken) -> None:
        c, seat = tok.text, tok.seat
        key = bid_key(c)
        assert key is not None
        sufficient = self.last_bid is None or key > self.last_bid[:2]
        if not sufficient and tok.irregular != "I":
            self.p.error(
                "pbn-auction",
                f"{_who(seat)}'s {c} is insufficient",
                tok.line,
                tok.col,
                "mark an accepted insufficient bid ^I",
            )
        elif sufficient and tok.irregular == "I":
            self.p.error(
                "pbn-irregularity",
                f"{c} is marked insufficient (^I) but is sufficient",
                tok.line,
                tok.col,
            )
        self.last_bid = (key[0], key[1], seat)
        self.bids.append((c, seat))
        self.doubled, self.doubler, self.passes = 0, None, 0

    def outcome(self) -> tuple[str, Seat | None]:
        """The contract of the finished auction (``Pass`` when passed out) and its declarer: the
        first of the declaring side to name the strain."""
        if self.last_bid is None:
            return "Pass", None
        strain = STRAINS[self.last_bid[1]]
        contract = f"{self.last_bid[0]}{strain}" + "X" * self.doubled
        side = self.last_bid[2].side if self.last_bid[2] is not None else None
        for call, seat in self.bids:
            if side is not None and seat is not None and seat.side == side and call[1:] == strain:
                return contract, seat
        return contract, None


def check_auction_outcome(game: PbnGame, first: dict[str, PbnTag], p: Problems) -> None:
    """The Contract and Declarer tags against what the auction reached."""
    a = game.auction
    if a is None or a.contract is None:
        return
    t = first.get("Contract")
    if t is not None and game.contract is not None:
        bare = game.contract.isalpha() and game.contract != "Pass"  # a strain only (end positions)
        differs = strain_of(a.contract) != game.contract if bare else game.contract != a.contract
        if differs:
            p.error(
                "pbn-inconsistent",
                f"[Contract] {t.value!r} but the auction ends in {a.contract}",
                t.line,
                t.col,
            )
    d = first.get("Declarer")
    if d is None:
        return
    if a.contract == "Pass":
        if d.value.strip() not in ("", "?"):
            p.error(
                "pbn-inconsistent",
                f"[Declarer] {d.value!r} but the deal was passed out",
                d.line,
                d.col,
                'write [Declarer ""]',
            )
        return
    _check_declarer(game, a, d, p)


def _check_declarer(game: PbnGame, a: PbnAuction, d: PbnTag, p: Problems) -> None:
    if a.declarer is None or game.declarer is None:
        return
    if game.declarer_irregular:
        if game.declarer != a.declarer.partner:
            p.error(
                "pbn-inconsistent",
                f"[Declarer] {d.value!r}: the auction makes {a.declarer.word} declarer, "
                f"so only ^{a.declarer.partner.name} (dummy and declarer swapped) is possible",
                d.line,
                d.col,
            )
    elif game.declarer != a.declarer:
        p.error(
            "pbn-inconsistent",
            f"[Declarer] {d.value!r} but the auction makes {a.declarer.word} declarer",
            d.line,
            d.col,
        )
