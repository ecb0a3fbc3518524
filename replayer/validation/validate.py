"""Check a hand record against the laws: every problem, located, with a fix where one is likely.

This is the one module that knows both records (what the file says, and where) and the laws
(what the cards must do).  It never raises on bad content: each problem becomes a
:class:`Diagnostic`, and checking goes on so that a transcriber sees them all at once.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field

from ..record.diagnostics import Diagnostic, Located, Severity, Span
from ..record.hand import AuctionRecord, HandRecord, MakeRecord, PlayedCard
from ..record.phrases import Claim, ResultSyntaxError, parse_result
from ..rules.auction import Call, check_auction
from ..rules.cards import FULL_DECK, BookPair, Card, Letter, Seat, Strain, Suit
from ..rules.game import Declaration, Game
from ..rules.play import Trick, is_revoke, trick_winner
from ..rules.regimes import REGIMES, Regime, UnknownRegime, find_regime
from ..scoring.base import Side
from ..scoring.honours import honours_held
from ..scoring.sheet import score_game

__all__ = ["validate"]

DEFAULT_COLUMNS = ("A", "Y", "B", "Z")


@dataclass
class _Check:
    record: HandRecord
    diags: list[Diagnostic] = field(default_factory=list)

    def add(
        self,
        code: str,
        message: str,
        span: Span | None,
        hint: str | None = None,
        severity: Severity = Severity.ERROR,
        related: Iterable[Span] = (),
    ) -> None:
        self.diags.append(Diagnostic(code, severity, message, span or self.record.span, hint, tuple(related)))


def validate(record: HandRecord) -> tuple[Game | None, list[Diagnostic]]:
    """Replay a record under its rule set.  Returns the game (None if it cannot be replayed)
    and every problem found."""
    token = _BY_COMPASS.set(_written_by_compass(record))
    try:
        return _validate(record)
    finally:
        _BY_COMPASS.reset(token)


def _validate(record: HandRecord) -> tuple[Game | None, list[Diagnostic]]:
    ck = _Check(record)
    regime = _regime(ck)
    dealer = _dealer(ck)

    def seat(loc: Located[str]) -> Seat:
        return _resolve(loc.value, dealer)

    declaration, passed_out = _declaration(ck, regime, dealer, seat)
    columns = _columns(ck, seat)
    deal = _deal(ck, seat)
    rows = [_row(t) for t in record.tricks]
    first_trick = _first_trick(record, deal)

    if passed_out and record.tricks:
        ck.add(
            "play-after-pass-out",
            "the auction was passed out, yet the file gives play",
            record.play_span,
            "four passes: the deal is not played",
        )

    # Holdings: from the deal when given, else from a complete play.
    holdings: dict[Seat, list[Card]] | None = None
    if deal is not None:
        holdings = {s: [pc.card for pc in cards] for s, cards in deal.items()}
        _check_deal(ck, deal, first_trick)
    elif columns is not None and rows and first_trick - 1 + len(rows) == 13:
        # The play runs to the end, so it shows every card each seat held.  A row that
        # could not be read (already reported) leaves a gap; the replay stops there.
        holdings = {s: [] for s in Seat}
        for r in rows:
            for col, pc in enumerate(r or ()):
                holdings[columns[col]].append(pc.card)
    elif record.tricks:
        ck.add(
            "deal-required",
            f"the play stops after trick {first_trick - 1 + len(rows)} and the file gives no deal, "
            "so the four hands are not known",
            record.play_span,
            "add the deal (see docs/hand-format.md), or complete the play to trick 13",
        )
    elif record.play_span is None and record.deal_span is None:
        ck.add(
            "no-cards",
            "the file gives neither a deal nor any play",
            record.span,
            "add 'play:' with one row per trick, or a 'deal:' for a problem or end position",
        )

    if columns is not None:
        _check_played_cards(ck, rows, columns, deal, first_trick)

    game = None
    if holdings is not None and columns is not None:
        game = _replay(ck, regime, dealer, declaration, holdings, columns, rows, first_trick)
    if game is not None and record.result is not None:
        _check_result(ck, game, record)
    if record.result is not None and game is None:
        _parse_result_only(ck, record)
    if game is not None:
        _check_holding_claims(ck, game, record)
        _check_readings(ck, game, record)
    ck.diags.sort(key=lambda d: (d.span.line if d.span else 0, d.span.col if d.span else 0))
    return game, ck.diags


# ---------------------------------------------------------------------------------------------
# Rule set, seats, declaration


def _regime(ck: _Check) -> Regime:
    rules = ck.record.rules
    if rules is None:
        ck.add(
            "missing-key",
            "the file does not say which rules the hand is played under",
            ck.record.span,
            f"add e.g. 'rules: bridge-whist' (one of {', '.join(REGIMES)})",
        )
        return REGIMES["bridge-whist"]
    try:
        return find_regime(rules.value)
    except UnknownRegime as exc:
        ck.add(
            "unknown-rules",
            str(exc),
            rules.span,
            "bridge-whist (1904 laws), auction (royal spades) or contract",
        )
        return REGIMES["bridge-whist"]


def _resolve(text: str, dealer: Seat) -> Seat:
    if text in ("A", "Y", "B", "Z"):
        return Letter[text].seat(dealer)
    return Seat.parse(text)


def _dealer(ck: _Check) -> Seat:
    d = ck.record.dealer
    if d is not None and d.value in ("A", "Y", "B"):
        ck.add(
            "bad-dealer",
            f"the dealer is Z by the books' convention, not {d.value}",
            d.span,
            "write 'dealer: Z', or a compass seat (dealer: N) to put Z elsewhere",
        )
    return _dealer_silent(ck)


#: how messages name a seat: the book's letter and the compass seat ("B (E)") for hands written in the
#: books' letters; the compass word ("East") for hands written by compass seat (club boards, imports)
_BY_COMPASS: ContextVar[bool] = ContextVar("by_compass", default=False)


def _letter_and_seat(seat: Seat, dealer: Seat) -> str:
    if _BY_COMPASS.get():
        return seat.word
    return f"{Letter.of(seat, dealer).name} ({seat.name})"


def _written_by_compass(record: HandRecord) -> bool:
    """A hand whose rules are not Bridge Whist and whose seats are all written as compass seats."""
    if record.rules is not None and record.rules.value.strip().lower().replace(" ", "-") in (
        "bridge-whist",
        "bridge",
        "bw",
    ):
        return False
    written = (
        [c.value for c in record.columns]
        + list(record.deal)
        + ([record.dealer.value] if record.dealer else [])
    )
    return bool(written) and all(w.strip().upper() in ("N", "E", "S", "W") for w in written)


def _declaration(ck: _Check, regime: Regime, dealer: Seat, seat_of) -> tuple[Declaration | None, bool]:  # type: ignore[no-untyped-def]
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
    if regime.declaration == "make":
        if not isinstance(d, MakeRecord):
            ck.add(
                "declaration-mismatch",
                f"{regime.title} has no auction: the dealer makes the trump or passes",
                span,
                "give 'maker' and 'trump' instead of calls",
            )
            return None, False
        return _make(ck, regime, dealer, d, seat_of), False
    if not isinstance(d, AuctionRecord):
        ck.add(
            "declaration-mismatch",
            f"under {regime.title} the trump is bid for: give the auction as calls",
            span,
            "declaration: {calls: 1♥ pass 2♥ pass pass pass}, or {contract: 2♥, declarer: S}",
        )
        return None, False
    return _auction(ck, regime, dealer, d, seat_of)


def _make(ck: _Check, regime: Regime, dealer: Seat, d: MakeRecord, seat_of) -> Declaration | None:  # type: ignore[no-untyped-def]
    maker = seat_of(d.maker)
    ok = True
    if maker not in (dealer, dealer.partner):
        ck.add(
            "bad-maker",
            f"{_letter_and_seat(maker, dealer)} cannot make the trump: the dealer (Z) makes it, "
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
    doublers: list[Seat] = []
    for k, loc in enumerate(d.doubles):
        s = seat_of(loc)
        defenders = (dealer.lho, dealer.rho)
        want_defender = k % 2 == 0
        if (s in defenders) != want_defender:
            what = "double" if k == 0 else ("redouble" if k % 2 == 1 else "double again")
            who = "A or B (the adversaries)" if want_defender else "Z or Y (the makers' side)"
            ck.add(
                "doubling-order",
                f"the {_ordinal(k + 1)} call in the doubling is by {_letter_and_seat(s, dealer)}, "
                f"but only {who} may {what} here [BWSEQ-3]",
                loc.span,
                "doubling goes: an adversary doubles, the maker's side may redouble, then the adversaries again, …",
            )
            ok = False
        doublers.append(s)
    if not ok:
        return None
    return Declaration(
        strain,
        declarer=dealer,
        dummy=dealer.partner,
        doubled=len(doublers),
        maker=maker,
        passed=maker != dealer,
        doublers=tuple(doublers),
    )


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")


def _auction(
    ck: _Check, regime: Regime, dealer: Seat, d: AuctionRecord, seat_of
) -> tuple[Declaration | None, bool]:  # type: ignore[no-untyped-def]
    if d.calls:
        calls: list[Call] = [loc.value for loc in d.calls]  # type: ignore[misc]
        contract, passed_out, problems = check_auction(regime, dealer, calls)
        for p in problems:
            span = d.calls[p.index].span if p.index < len(d.calls) else d.calls[-1].span
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
                    f"the file gives the contract {level}{strain}{'X' * dbl}, "
                    f"but the calls end in {contract}",
                    d.contract.span,
                )
        if d.declarer is not None and seat_of(d.declarer) != contract.declarer:
            ck.add(
                "declarer-mismatch",
                f"the file names {seat_of(d.declarer).word} as declarer, but "
                f"{contract.declarer.word} first named {contract.strain.word} for the winning side",
                d.declarer.span,
            )
        seq = tuple((dealer.next(i), c.ascii()) for i, c in enumerate(calls))
        return Declaration(
            contract.strain,
            contract.declarer,
            contract.declarer.partner,
            contract.doubled,
            level=contract.level,
            calls=seq,
        ), False
    if d.contract is None or d.declarer is None:
        if d.contract is None:
            ck.add(
                "missing-key",
                "the declaration gives neither the calls nor the contract",
                ck.record.declaration_span,
            )
        return None, False
    level, strain, dbl = d.contract.value
    if strain not in regime.strains:
        ck.add("bad-strain", f"{strain.word} is not a strain under {regime.title}", d.contract.span)
        return None, False
    declarer = seat_of(d.declarer)
    return Declaration(strain, declarer, declarer.partner, dbl, level=level), False


def _first_trick(record: HandRecord, deal: dict[Seat, tuple[PlayedCard, ...]] | None) -> int:
    """The number of the first trick recorded: as given, or read off a deal of equal shorter hands."""
    if record.first_trick is not None:
        return record.first_trick.value
    if deal is not None:
        counts = {len(cards) for cards in deal.values()}
        if len(counts) == 1 and 0 < (n := counts.pop()) < 13:
            return 14 - n
    return 1


def _opening_leader(
    ck: _Check, regime: Regime, dealer: Seat, decl: Declaration | None, first_trick: int, seat_of
) -> Seat | None:  # type: ignore[no-untyped-def]
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
        return seat_of(given)
    if regime.opening_leader == "A":
        lawful = dealer.lho
        why = "A, on the dealer's left, always leads to the first trick [BWSEQ-5]"
    else:
        if decl is None:
            return seat_of(given) if given else None
        lawful = decl.declarer.lho
        why = f"the opening lead is made by the declarer's left-hand opponent [{'AUSEQ-4' if regime.name == 'auction' else 'CBSEQ-3'}]"
    if given is not None and seat_of(given) != lawful:
        ck.add(
            "lead-out-of-turn",
            f"the file names {_letter_and_seat(seat_of(given), dealer)} as the opening leader, but {why}",
            given.span,
            f"the opening leader is {_letter_and_seat(lawful, dealer)}",
        )
        return seat_of(given)
    return lawful


def _columns(ck: _Check, seat_of) -> tuple[Seat, ...] | None:  # type: ignore[no-untyped-def]
    cols = ck.record.columns
    if not cols:
        return tuple(_resolve(c, _dealer_silent(ck)) for c in DEFAULT_COLUMNS)
    if len(cols) != 4:
        return None
    seats = tuple(seat_of(c) for c in cols)
    if len(set(seats)) != 4:
        seen: set[Seat] = set()
        for c, s in zip(cols, seats):
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


def _dealer_silent(ck: _Check) -> Seat:
    """The dealer's seat; Z at South unless the file names a compass seat [interp] (rules-reference §1.6)."""
    d = ck.record.dealer
    if d is None or d.value in ("Z", "A", "Y", "B"):
        return Seat.S
    return Seat.parse(d.value)


# ---------------------------------------------------------------------------------------------
# Cards: the deal, and the cards played


def _deal(ck: _Check, seat_of) -> dict[Seat, tuple[PlayedCard, ...]] | None:  # type: ignore[no-untyped-def]
    rec = ck.record
    if not rec.deal and rec.deal_span is None:
        return None
    out: dict[Seat, tuple[PlayedCard, ...]] = {}
    for key, cards in rec.deal.items():
        s = _resolve(key, _dealer_silent(ck))
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
        names = ", ".join(_letter_and_seat(s, _dealer_silent(ck)) for s in missing)
        ck.add(
            "deal-incomplete",
            f"the deal does not give the hand of {names}",
            rec.deal_span,
            "give all four hands (for an end position, the cards each still holds)",
        )
        return None
    return out


def _check_deal(ck: _Check, deal: dict[Seat, tuple[PlayedCard, ...]], first_trick: int) -> None:
    dealer = _dealer_silent(ck)
    where: dict[Card, list[tuple[Seat, PlayedCard]]] = defaultdict(list)
    for s, cards in deal.items():
        for pc in cards:
            where[pc.card].append((s, pc))
    for card, places in where.items():
        if len(places) > 1:
            names = " and ".join(f"{_letter_and_seat(s, dealer)}'s hand" for s, _ in places)
            for _, pc in places:
                others = [p.span for _, p in places if p is not pc]
                ck.add(
                    "deal-card-twice",
                    f"{card} is dealt twice: in {names}",
                    pc.span,
                    "one of them is probably another card of the same suit",
                    related=others,
                )
    counts = {s: len(cards) for s, cards in deal.items()}
    if ck.record.first_trick is not None:
        expected = 14 - first_trick
    else:
        # A position whose first trick is not given: the hands must at least be equal.
        values = list(counts.values())
        expected = max(set(values), key=lambda n: (values.count(n) if n else 0, n))
    absent = [c for c in FULL_DECK if c not in where] if expected == 13 else []
    for s, n in counts.items():
        if n != expected:
            hint = None
            if absent and n < expected:
                it = "is it" if len(absent) == 1 else "is one of them"
                hint = f"no hand holds {_list(absent[:6])}: {it} {Letter.of(s, dealer).name}'s?"
            elif n > expected:
                hint = "a card too many: look for a card typed twice or a stray rank"
            ck.add(
                "deal-count",
                f"{_letter_and_seat(s, dealer)} has {n} cards in the deal; every hand should have "
                f"{expected}" + ("" if expected == 13 else f" at trick {14 - expected}"),
                ck.record.deal_spans.get(_key_for(ck, s)),
                hint,
            )


def _key_for(ck: _Check, seat: Seat) -> str:
    for key in ck.record.deal:
        if _resolve(key, _dealer_silent(ck)) == seat:
            return key
    return seat.name


Row = tuple[PlayedCard, ...]


def _row(t) -> Row | None:  # type: ignore[no-untyped-def]
    if len(t.cards) != 4 or any(c is None for c in t.cards):
        return None
    return tuple(t.cards)


def _check_played_cards(
    ck: _Check,
    rows: Sequence[Row | None],
    columns: tuple[Seat, ...],
    deal: dict[Seat, tuple[PlayedCard, ...]] | None,
    first_trick: int,
) -> None:
    dealer = _dealer_silent(ck)
    played: dict[Card, list[tuple[int, Seat, PlayedCard]]] = defaultdict(list)
    for i, row in enumerate(rows):
        if row is None:
            continue
        for col, pc in enumerate(row):
            played[pc.card].append((first_trick + i, columns[col], pc))
    held_by: dict[Card, Seat] = {}
    if deal is not None:
        for s, cards in deal.items():
            for pc in cards:
                held_by.setdefault(pc.card, s)

    complete_rows = all(r is not None for r in rows)
    covers_all = complete_rows and (
        (deal is None and first_trick == 1 and len(rows) == 13)
        or (deal is not None and len(rows) * 4 >= sum(len(v) for v in deal.values()) and rows)
    )
    # Cards that should have been played and were not (by seat when the deal says).
    never: dict[Seat | None, list[Card]] = defaultdict(list)
    if covers_all:
        if deal is not None:
            by_whom = {(places[0][2].card, seat) for places in played.values() for _, seat, _ in places}
            for s, cards in deal.items():
                for pc in cards:
                    if (pc.card, s) not in by_whom:
                        never[s].append(pc.card)
        else:
            for c in FULL_DECK:
                if c not in played:
                    never[None].append(c)

    fixes = _FixFinder(ck, rows, columns, deal, first_trick)
    for card, places in played.items():
        if len(places) > 1:
            who = {s for _, s, _ in places}
            by = (
                f"by {_letter_and_seat(next(iter(who)), dealer)}"
                if len(who) == 1
                else "by " + " and ".join(_letter_and_seat(s, dealer) for _, s, _ in places)
            )
            at = " and ".join(str(t) for t, _, _ in places)
            candidates = sorted({c for s in (who if deal is not None else {None}) for c in never.get(s, [])})
            msg = f"{card} is played twice {by}, at tricks {at}"
            hint = "one of them is another card: check both against the book"
            if candidates:
                msg += f", and {_list(candidates)} {'is' if len(candidates) == 1 else 'are'} never played"
                hint = fixes.describe(card, places, candidates)
            for _, _, pc in places:
                others = [p.span for _, _, p in places if p is not pc]
                ck.add("card-twice", msg, pc.span, hint, related=others)
        if deal is not None:
            for t, s, pc in places:
                owner = held_by.get(card)
                if owner != s:
                    where = (
                        f"the deal gives it to {_letter_and_seat(owner, dealer)}"
                        if owner is not None
                        else "no hand holds it in the deal"
                    )
                    cands = [c for c in never.get(s, [])]
                    same_suit = [c for c in cands if c.suit == card.suit] or cands
                    hint = (
                        f"{_letter_and_seat(s, dealer)}'s {_list(same_suit)} "
                        f"{'is' if len(same_suit) == 1 else 'are'} never played: is this card {'one of them' if len(same_suit) > 1 else same_suit[0]}?"
                        if same_suit
                        else "check the card against the book, and the deal"
                    )
                    ck.add(
                        "card-not-held",
                        f"trick {t}: {_letter_and_seat(s, dealer)} plays {card}, which is not in "
                        f"{Letter.of(s, dealer).name}'s hand: {where}",
                        pc.span,
                        hint,
                    )
    if covers_all:
        for holder, missing in never.items():
            for card in missing:
                if holder is None:
                    if not any(len(p) > 1 for p in played.values()):
                        ck.add(
                            "card-never-played",
                            f"{card} is never played",
                            ck.record.play_span,
                            "a trick row may be missing a card",
                        )
                    continue
                if deal is None:
                    continue
                pc = next(p for p in deal[holder] if p.card == card)
                ck.add(
                    "card-never-played",
                    f"{_letter_and_seat(holder, dealer)}'s {card} (in the deal) is never played",
                    pc.span,
                    f"{Letter.of(holder, dealer).name} must play each of his cards once: "
                    "one of his plays is probably this card, misread",
                )


def _list(cards: Sequence[Card]) -> str:
    names = [str(c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


class _FixFinder:
    """Tries candidate corrections (a card replaced by a never-played one) by replaying them."""

    def __init__(
        self,
        ck: _Check,
        rows: Sequence[Row | None],
        columns: tuple[Seat, ...],
        deal: dict[Seat, tuple[PlayedCard, ...]] | None,
        first_trick: int,
    ) -> None:
        self.ck = ck
        self.rows = [[pc.card for pc in r] if r is not None else None for r in rows]
        self.columns = columns
        self.deal = {s: [pc.card for pc in v] for s, v in deal.items()} if deal is not None else None
        self.first_trick = first_trick
        self._context: tuple[Suit | None, Seat, Seat] | None | bool = False  # worked out when first needed

    @property
    def context(self) -> tuple[Suit | None, Seat, Seat] | None:
        if self._context is False:
            self._context = _replay_context(self.ck, self.first_trick)
        return self._context  # type: ignore[return-value]

    def describe(self, card: Card, places: list[tuple[int, Seat, PlayedCard]], candidates: list[Card]) -> str:
        if self.context is None or any(r is None for r in self.rows) or len(places) * len(candidates) > 24:
            return f"one of them is probably {_list(candidates)}"
        works: list[tuple[int, Card]] = []
        for t, s, _ in places:
            for cand in candidates:
                if self._legal_with(t, s, cand):
                    works.append((t, cand))
        if not works:
            return (
                f"one of them is probably {_list(candidates)}; changing either alone does not make the hand legal, "
                "so look for a second slip"
            )
        cands = sorted({c for _, c in works})
        if len(cands) == 1 and len(works) == len(places):
            return f"one of them is probably {cands[0]} — either change makes the hand legal"
        parts = [f"the {card} at trick {t} to {c}" for t, c in works]
        return "changing " + " or ".join(parts) + " makes the hand legal"

    def _legal_with(self, trick: int, seat: Seat, new: Card) -> bool:
        rows = [list(r) for r in self.rows if r is not None]
        col = self.columns.index(seat)
        rows[trick - self.first_trick][col] = new
        flat = [c for r in rows for c in r]
        if len(set(flat)) != len(flat):
            return False
        if self.deal is not None:
            holdings = {s: list(v) for s, v in self.deal.items()}
            for r in rows:
                for k, c in enumerate(r):
                    if c not in holdings[self.columns[k]]:
                        return False
        else:
            holdings = {s: [r[k] for r in rows] for k, s in enumerate(self.columns)}
        assert self.context is not None
        trump, leader, dummy = self.context
        return not _revokes(rows, self.columns, holdings, trump, leader, dummy, self.first_trick)


def _replay_context(ck: _Check, first: int) -> tuple[Suit | None, Seat, Seat] | None:
    """Trump, opening leader and dummy, worked out quietly (no diagnostics) for trial replays."""
    quiet = _Check(ck.record)
    regime = _regime(quiet)
    dealer = _dealer_silent(quiet)
    decl, _ = _declaration(quiet, regime, dealer, lambda loc: _resolve(loc.value, dealer))
    if decl is None:
        return None
    leader = _opening_leader(quiet, regime, dealer, decl, first, lambda loc: _resolve(loc.value, dealer))
    if leader is None:
        return None
    return decl.strain.trump, leader, decl.dummy


def _revokes(
    rows: list[list[Card]],
    columns: tuple[Seat, ...],
    holdings: dict[Seat, list[Card]],
    trump: Suit | None,
    leader: Seat,
    dummy: Seat,
    first_trick: int,
) -> list[tuple[int, Seat]]:
    remaining = {s: set(h) for s, h in holdings.items()}
    found = []
    for i, row in enumerate(rows):
        plays = [(s, row[columns.index(s)]) for s in leader.rotation()]
        led = plays[0][1].suit
        for s, c in plays:
            if s != plays[0][0] and s != dummy and is_revoke(remaining[s], led, c):
                found.append((first_trick + i, s))
            remaining[s].discard(c)
        leader = trick_winner(plays, trump)
    return found


# ---------------------------------------------------------------------------------------------
# The replay


def _replay(
    ck: _Check,
    regime: Regime,
    dealer: Seat,
    decl: Declaration | None,
    holdings: dict[Seat, list[Card]],
    columns: tuple[Seat, ...],
    rows: Sequence[Row | None],
    first_trick: int,
) -> Game | None:
    rec = ck.record

    def seat_of(loc: Located[str]) -> Seat:
        return _resolve(loc.value, dealer)

    leader = _opening_leader(ck, regime, dealer, decl, first_trick, seat_of)
    if decl is None or leader is None:
        return None
    trump = decl.strain.trump
    remaining = {s: set(h) for s, h in holdings.items()}
    # Cards left in each suit, per seat: follow-suit checks without scanning hands.
    left = {s: [0, 0, 0, 0] for s in Seat}
    for s, h in remaining.items():
        for c in h:
            left[s][c.suit] += 1
    tricks: list[Trick] = []
    revokes: list[tuple[int, Seat]] = []
    for i, row in enumerate(rows):
        trec = rec.tricks[i]
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
        if trec.leader is not None and seat_of(trec.leader) != leader:
            stated = seat_of(trec.leader)
            if tricks:
                prev = tricks[-1]
                why = (
                    f"{_letter_and_seat(leader, dealer)} won trick {prev.number} with {prev.card_of(leader)}, "
                    f"so {Letter.of(leader, dealer).name} leads"
                )
            else:
                why = f"{_letter_and_seat(leader, dealer)} is on lead"
            ck.add(
                "lead-out-of-turn",
                f"trick {number}: the file names {_letter_and_seat(stated, dealer)} as the leader, but {why}",
                trec.leader.span,
                "if the book really shows a lead out of turn, the trick stands once all four have played [LOOT-3]; "
                "otherwise correct the leader",
            )
            leader = stated
        by_seat = {columns[k]: row[k] for k in range(4)}
        plays = [(s, by_seat[s].card) for s in leader.rotation()]
        led = plays[0][1].suit
        for s, card in plays[1:]:
            if card.suit == led or not left[s][led]:
                continue
            held = sorted((c for c in remaining[s] if c.suit == led), reverse=True)
            pc = by_seat[s]
            if s == decl.dummy:
                ck.add(
                    "dummy-renounce",
                    f"trick {number}: dummy, {_letter_and_seat(s, dealer)}, plays {card} to a "
                    f"{led.word[:-1]} lead while holding {_list(held)}",
                    pc.span,
                    "dummy cannot revoke and the trick stands [REV-2], but a book's dummy follows suit: "
                    "check the card",
                    Severity.WARNING,
                )
                continue
            later = _later_play(rows, columns, s, set(held), i, first_trick)
            msg = (
                f"revoke at trick {number}: {_letter_and_seat(s, dealer)} plays {card} to a {led.word[:-1]} lead "
                f"while holding {_list(held)}"
            )
            if later:
                msg += f" ({later[1]} is played at trick {later[0]})"
            hint = _revoke_hint(
                rows, columns, holdings, trump, leader, decl.dummy, first_trick, i, s, card, later, tricks, ck
            )
            book = [b for b in rec.book_errors if b.about == f"trick {number}"]
            if book:
                # The book's own revoke, kept as printed: a warning, and the penalty is scored.
                ck.add(
                    "book-revoke",
                    f"the book's play has a revoke: {msg}",
                    pc.span,
                    f"recorded as the book's own error (line {book[0].span.line}); the revoke penalty is scored",
                    Severity.WARNING,
                )
                revokes.append((number, s))
            else:
                ck.add("revoke", msg, pc.span, hint)
        for s, card in plays:
            if card in remaining[s]:
                remaining[s].discard(card)
                left[s][card.suit] -= 1
        winner = trick_winner(plays, trump)
        trick = Trick(number, leader, tuple(plays), winner)
        _check_winner_marks(ck, trec, by_seat, trick, seat_of, dealer, decl)
        tricks.append(trick)
        leader = winner
    used = {f"trick {n}" for n, _ in revokes}
    for b in rec.book_errors:
        if b.about.startswith("trick") and b.about not in used:
            ck.add(
                "book-error-unmatched",
                f"the file records an error of the book's at {b.about}, but the cards show none there",
                b.span,
                "remove the book_errors entry, or check the cards",
                Severity.WARNING,
            )
    deal = {s: frozenset(h) for s, h in holdings.items()}
    return Game(
        regime,
        dealer,
        decl,
        deal,
        first_trick,
        tricks[0].leader if tricks else leader,
        tuple(tricks),
        rec.score_before.value if rec.score_before else {},
        tuple(revokes),
    )


def _later_play(
    rows: Sequence[Row | None],
    columns: tuple[Seat, ...],
    seat: Seat,
    cards: set[Card],
    i: int,
    first_trick: int,
) -> tuple[int, Card] | None:
    col = columns.index(seat)
    for j in range(i + 1, len(rows)):
        r = rows[j]
        if r is not None and r[col].card in cards:
            return first_trick + j, r[col].card
    return None


def _revoke_hint(
    rows, columns, holdings, trump, leader, dummy, first_trick, i, seat, card, later, tricks, ck
) -> str:  # type: ignore[no-untyped-def]
    base = (
        "if the book prints these cards, it is the book's revoke: keep them and note it; "
        "otherwise one of the cards is misread"
    )
    if later is None or any(r is None for r in rows):
        return base
    t_later, c_later = later
    col = columns.index(seat)
    trial = [[pc.card for pc in r] for r in rows if r is not None]
    trial[i][col], trial[t_later - first_trick][col] = c_later, card
    start = tricks[0].leader if tricks else leader
    hold = {s: list(h) for s, h in holdings.items()}
    if not _revokes(trial, columns, hold, trump, start, dummy, first_trick):
        return (
            f"swapping {card} (trick {first_trick + i}) and {c_later} (trick {t_later}) makes the play legal: "
            "check both rows against the book"
        )
    return base


def _check_winner_marks(
    ck: _Check, trec, by_seat: dict[Seat, PlayedCard], trick: Trick, seat_of, dealer: Seat, decl: Declaration
) -> None:  # type: ignore[no-untyped-def]
    assert trick.winner is not None
    marked = [(s, pc) for s, pc in by_seat.items() if pc.marked]
    if not marked and trec.winner is None:
        return
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
            f"trick {trick.number}: the file marks {pc.card} ({Letter.of(s, dealer).name}) as the "
            f"winner, but {win_card} ({Letter.of(trick.winner, dealer).name}) wins it: {reason}",
            pc.span,
            "check the underlined card in the book, and the cards of this trick",
        )
    if trec.winner is not None and seat_of(trec.winner) != trick.winner:
        stated = seat_of(trec.winner)
        ck.add(
            "winner-mismatch",
            f"trick {trick.number}: the file names {_letter_and_seat(stated, dealer)} as the "
            f"winner, but {_letter_and_seat(trick.winner, dealer)} wins with {win_card}: {reason}",
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


# ---------------------------------------------------------------------------------------------
# The result line


@functools.lru_cache(maxsize=1024)
def _claims(text: str) -> tuple[Claim, ...]:
    return tuple(parse_result(text))  # books repeat their result lines: read each once


def _parse_result_only(ck: _Check, record: HandRecord) -> tuple[Claim, ...]:
    assert record.result is not None
    try:
        return _claims(record.result.value)
    except ResultSyntaxError as exc:
        span = record.result_span(exc.offset, exc.offset + 1)
        ck.add(
            "result-unreadable",
            f"cannot read the result line: {exc}",
            span,
            exc.hint or "see docs/hand-format.md for the phrases understood",
            Severity.WARNING,
        )
        return ()


_SIDE_NAMES = {"AB": "A–B", "YZ": "Y–Z"}


def _check_result(ck: _Check, game: Game, record: HandRecord) -> None:
    claims = _parse_result_only(ck, record)
    if not claims:
        return
    complete = game.first_trick == 1 and len(game.tricks) == 13
    full_deal = all(len(h) == 13 for h in game.deal.values())
    decl = game.declaration
    book_says = [b for b in record.book_errors if b.about == "result"]
    mismatches = 0

    def mismatch(code: str, message: str, span: Span | None, hint: str | None) -> None:
        nonlocal mismatches
        mismatches += 1
        if book_says:
            ck.add(
                "book-result",
                f"the book's result line disagrees with its cards: {message}",
                span,
                f"recorded as the book's own error (line {book_says[0].span.line}); the cards are kept as printed",
                Severity.WARNING,
            )
        else:
            ck.add(code, message, span, hint)

    for cl in claims:
        span = record.result_span(cl.start, cl.end)
        if cl.side in ("WE", "THEY"):
            if cl.kind != "points":
                ck.add(
                    "result-unverifiable",
                    f"the result line says '{cl.describe()}' without naming the side",
                    span,
                    "name the side (A and B, Y and Z) so the claim can be checked",
                    Severity.NOTE,
                )
            continue
        if cl.strain is not None and decl is not None and cl.strain != decl.strain:
            mismatch(
                "result-strain",
                f"the result line speaks of {cl.strain.word}, but the declaration is {decl.strain.word}",
                span,
                None,
            )
        if cl.kind in ("honours", "aces", "chicane"):
            if decl is None or not full_deal:
                ck.add(
                    "result-unverifiable",
                    f"the result line claims '{cl.describe()}' but the full deal is not known",
                    span,
                    None,
                    Severity.NOTE,
                )
                continue
            problem = _honours_problem(cl, game, decl.strain)
            if problem:
                mismatch(
                    "result-honours",
                    problem,
                    span,
                    "check the trump honours in the deal against the book; if the book itself miscounts, "
                    "record it under book_errors (about: result)",
                )
            continue
        if cl.kind == "points":
            score = score_game(game) if full_deal and complete else None
            if score is None:
                ck.add(
                    "result-unverifiable",
                    f"the result line claims '{cl.describe()}' but the deal cannot be scored",
                    span,
                    None,
                    Severity.NOTE,
                )
                continue
            side: Side = "NS" if (game.dealer.side == "NS") == (cl.side == "YZ") else "EW"
            got = sum(score.items(side, k) for k in ("honours", "aces", "chicane"))
            if got != cl.value:
                mismatch(
                    "result-honours",
                    f"the result line gives {_SIDE_NAMES[cl.side]} {cl.value} in honours, but "
                    f"the cards give them {got}",
                    span,
                    None,
                )
            continue
        if cl.kind not in ("by_cards", "slam"):
            continue
        won = _tricks_after_revokes(game, BookPair(cl.side))
        if not complete:
            ck.add(
                "result-unverifiable",
                f"the result line claims '{cl.describe()}' but the play is not complete",
                span,
                None,
                Severity.NOTE,
            )
            continue
        if cl.kind == "by_cards":
            assert isinstance(cl.value, int)
            want = 6 + cl.value
            if won != want:
                other = 13 - won
                mismatch(
                    "result-tricks",
                    f"the result line says {_SIDE_NAMES[cl.side]} win {cl.value} by cards "
                    f"({want} tricks), but {'after the revoke penalty they have' if game.revokes else 'in the play they win'} "
                    f"{won} and their adversaries {other}",
                    span,
                    "check the trick winners against the book; a misread card can move a trick",
                )
        else:
            want = 12 if cl.value == "little" else 13
            won = game.tricks_of(game.pair(BookPair(cl.side)))  # slams count the tricks won in play (BW-22)
            if won != want:
                mismatch(
                    "result-tricks",
                    f"the result line gives {_SIDE_NAMES[cl.side]} a {cl.value} slam "
                    f"({want} tricks), but they win {won}",
                    span,
                    None,
                )
    if book_says and not mismatches:
        ck.add(
            "book-error-unmatched",
            "the file records an error in the book's result line, but the result line agrees with the cards",
            book_says[0].span,
            "remove the book_errors entry, or check the cards",
            Severity.WARNING,
        )


_HONOUR_WORDS = {3: "three", 4: "four", 5: "five"}


def _tricks_after_revokes(game: Game, side: BookPair) -> int:
    """A side's tricks once the revoke penalty (three tricks a revoke, BW-25) has been transferred."""
    own = game.pair(side)
    won = game.tricks_of(own)
    for _, seat in game.revokes:
        if seat.side == own:
            won -= min(3, won)
        else:
            won += min(3, 13 - won)
    return won


def _honours_problem(cl: Claim, game: Game, strain: Strain) -> str | None:
    """Why an honours, aces or chicane claim does not fit the deal (RES-2, RES-3, RES-6), or None."""
    held = honours_held(game.deal, strain)
    side = game.dealer.side if cl.side == "YZ" else game.dealer.lho.side
    labels = {s: letter.name for s, letter in game.labels.items()}
    count, most = held.count(side), held.most_in_one_hand(side)
    who = _SIDE_NAMES[cl.side]
    found = held.describe(side, labels)
    if cl.kind == "chicane":
        want = 2 if cl.value == "double" else 1
        if held.chicane(side) < want:
            return f"the result line gives {who} {'double ' if want == 2 else ''}chicane, but " + (
                "the hand is at no-trumps"
                if strain.trump is None
                else f"{who} hold trumps in {'both hands' if want == 2 else 'each hand'}"
            )
        return None
    if cl.kind == "aces":
        if strain is not Strain.NOTRUMP:
            return f"the result line counts aces for {who}, but aces count as honours only at no-trumps"
        ok = count == cl.value and (most == 4 if cl.detail == "one_hand" else most < 4 or cl.value == 3)
        return (
            None
            if ok
            else f"the result line gives {who} {cl.describe().split(' hold ')[-1]}, but they held {count} aces ({found})"
        )
    if strain is Strain.NOTRUMP:
        return (
            f"the result line counts trump honours for {who}, but the hand is at no-trumps (only aces count)"
        )
    assert isinstance(cl.value, int)
    ok = count == cl.value
    if cl.detail == "one_hand":
        ok = ok and most == cl.value
    elif cl.detail == "one_hand_fifth_partner":
        ok = count == 5 and most == 4
    elif cl.detail == "between_partners":
        ok = ok and most < 4
    if ok:
        return None
    said = "simple honours (three)" if cl.value == 3 else f"{_HONOUR_WORDS[cl.value]} honours"
    return f"the result line says {who} score {said}, but they held {_HONOUR_WORDS.get(count, str(count))} ({found})"


def _check_holding_claims(ck: _Check, game: Game, record: HandRecord) -> None:
    """The author's claims about what a player held (e.g. "the dealer has no higher card"),
    checked against the cards; a claim the cards contradict is a warning about the book."""
    for note in record.notes:
        for cl in note.claims:
            if cl.kind != "holding" or cl.seat is None or cl.suit is None:
                continue
            seat = _resolve(cl.seat.value, game.dealer)
            held = set(game.deal.get(seat, ()))
            for t in game.tricks:
                if t.number < cl.trick:
                    held.discard(t.card_of(seat))  # type: ignore[arg-type]
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
                    f"before that trick {_letter_and_seat(seat, game.dealer)} held {n} {what}"
                    f"{' (' + _list(cards) + ')' if cards else ''}",
                    cl.span,
                    "check the claim's seat, suit and trick; if the book is wrong, say so in the note",
                    Severity.WARNING,
                )


def _check_readings(ck: _Check, game: Game, record: HandRecord) -> None:
    """Each uncertain reading in the transcription record must name the card the play has there."""
    if record.transcription is None:
        return
    for rd in record.transcription.readings:
        seat = _resolve(rd.seat, game.dealer)
        played = next((t.card_of(seat) for t in game.tricks if t.number == rd.trick), None)
        if played is not rd.card:
            ck.add(
                "reading-mismatch",
                f"the transcription record reads {rd.card} for {_letter_and_seat(seat, game.dealer)} "
                f"at trick {rd.trick}, but the play has {played if played is not None else 'no card'} there",
                rd.span,
                "make the record and the trick row agree",
            )
