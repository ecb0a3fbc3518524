"""Building a board from the commands read for it: the deal (``md|``: the dealer's digit, then
the hands S, W, N, E, a missing fourth hand inferred), the vulnerability, the players (the
board's own or the file header's), the make stated by a first comment, and the seat that
played each card (the hand that holds it, checked against the turn)."""

from __future__ import annotations

from dataclasses import replace

from ...record.diagnostics import Severity
from ...rules.cards import FULL_DECK, Card
from ...rules.notation import Vulnerability, read_number
from ...rules.play import trick_winner
from ...rules.seats import Seat
from .model import LinBoard, LinCall, LinMake, LinPlay
from .notation import DIGIT_SEAT, LIN_ORDER, read_hand, read_make, read_vulnerability
from .segment import Lines, Problem, RawPlay, Report, Segment
from .tokens import Token

__all__ = ["build"]


def build(
    seg: Segment, header: Segment | None, attach: Segment | None, lines: Lines
) -> tuple[LinBoard, list[Problem]]:
    """The board a segment describes.  ``header``: the file header (its players apply when the
    board names none); ``attach``: the header again when its other commands go with this board."""
    problems = list(seg.problems)

    def add(code: str, severity: Severity, message: str, tok: Token | None, hint: str | None = None) -> None:
        start, end = (tok.start, tok.end) if tok is not None else (seg.start, max(seg.start + 1, seg.end))
        problems.append(Problem(code, severity, message, start, end, hint))

    dealer: Seat | None = None
    deal: dict[Seat, frozenset[Card]] = {}
    inferred: Seat | None = None
    if seg.md is not None:
        dealer, deal, inferred = _read_deal(seg.md, add)
    calls = tuple(
        LinCall(c.call, c.alert, c.explanation, tuple(c.notes), c.raw, lines.span(c.tok.start, c.tok.end))
        for c in seg.calls
    )
    notes = list(seg.notes)
    extras = list(seg.extras)
    if attach is not None:
        notes = list(attach.notes) + notes
        extras = list(attach.extras) + extras
    make: LinMake | None = None
    if not calls and notes and (stated := read_make(notes[0])) is not None:
        make = LinMake(*stated)
        notes.pop(0)
    board = LinBoard(
        deal=deal,
        dealer=dealer,
        vulnerable=_vulnerability(seg, add),
        calls=calls,
        claim=seg.claim,
        title=seg.title,
        board_id=seg.board_id,
        players=_players(seg, header),
        notes=tuple(notes),
        claim_notes=tuple(seg.claim_notes),
        make=make,
        extras=tuple(extras),
        deal_inferred=inferred,
        span=lines.span(seg.start, max(seg.start + 1, seg.end)),
        pauses=tuple(lines.span(t.start, t.end) for t in seg.pauses),
    )
    if calls and dealer is None:
        add(
            "lin-no-dealer",
            Severity.WARNING,
            "the auction cannot be followed without the dealer (md|'s first digit)",
            seg.md,
        )
    if seg.plays:
        _play_without_contract(board, seg.plays[0].tok, add)
    plays = _seat_plays(board, seg.plays, add, lines)
    return replace(board, plays=plays), problems


def _vulnerability(seg: Segment, add: Report) -> Vulnerability | None:
    if seg.sv is None:
        return None
    vulnerable = read_vulnerability(seg.sv.value)
    if vulnerable is None:
        add(
            "lin-bad-vulnerability",
            Severity.WARNING,
            f"cannot read the vulnerability {seg.sv.value!r}",
            seg.sv,
            "sv| is o (none), n (N-S), e (E-W) or b (both)",
        )
    return vulnerable


def _players(seg: Segment, header: Segment | None) -> dict[Seat, str]:
    """The board's own pn|, else the header's (8 names: the open room's, then the closed room's)."""
    names = seg.players if seg.players is not None else (header.players if header is not None else None)
    if names is None:
        return {}
    if len(names) > 4:
        closed = bool(seg.board_id) and (seg.board_id or "")[:1].lower() == "c" and len(names) >= 8
        names = names[4:8] if closed else names[:4]
    players = {seat: name.strip() for seat, name in zip(LIN_ORDER, names, strict=False) if name.strip()}
    return {s: players[s] for s in Seat if s in players}


def _play_without_contract(board: LinBoard, first_card: Token, add: Report) -> None:
    """Cards played on a board passed out, or with no trump known (tricks then have no winner)."""
    if board.passed_out:
        add(
            "lin-play-after-pass-out",
            Severity.WARNING,
            "cards are played on a passed-out board",
            first_card,
        )
    elif board.strain is None and board.calls:
        add(
            "lin-no-contract",
            Severity.WARNING,
            "cards are played but the auction is not finished: seats are taken from the hands and tricks have no winner",
            first_card,
        )
    elif board.strain is None:
        add(
            "lin-no-auction",
            Severity.NOTE,
            "cards are played without an auction: seats are taken from the hands and tricks have no winner",
            first_card,
        )


def _read_deal(tok: Token, add: Report) -> tuple[Seat | None, dict[Seat, frozenset[Card]], Seat | None]:
    """``md|``: the dealer digit, then the hands S, W, N, E; a missing fourth hand is inferred."""
    dealer, value = _dealer(tok, add)
    parts = value.split(",") if value else []
    if len(parts) > 4 and not any(p.strip() for p in parts[4:]):
        parts = parts[:4]
    if len(parts) > 4:
        add(
            "lin-bad-deal",
            Severity.ERROR,
            f"the deal has {len(parts)} hands; LIN gives four (S, W, N, E)",
            tok,
        )
        parts = parts[:4]
    deal: dict[Seat, frozenset[Card]] = {}
    seen: dict[Card, Seat] = {}
    for seat, part in zip(LIN_ORDER, parts, strict=False):
        if part.strip():
            deal[seat] = _read_hand(seat, part, seen, tok, add)
    inferred: Seat | None = None
    missing = [s for s in LIN_ORDER if s not in deal]
    if len(missing) == 1 and len(seen) == 39 and all(len(h) == 13 for h in deal.values()):
        inferred = missing[0]
        deal[inferred] = frozenset(c for c in FULL_DECK if c not in seen)
    short = [f"{s.word} {len(h)}" for s, h in deal.items() if len(h) != 13]
    if short:
        add("lin-short-hand", Severity.WARNING, f"hands without 13 cards: {', '.join(short)}", tok)
    return dealer, {s: deal[s] for s in Seat if s in deal}, inferred


def _dealer(tok: Token, add: Report) -> tuple[Seat | None, str]:
    """The dealer's digit that starts ``md|``, and the hands after it."""
    value = tok.value.strip()
    if value[:1] in DIGIT_SEAT:
        return DIGIT_SEAT[value[0]], value[1:]
    if read_number(value[:1], 9) is not None:
        add(
            "lin-bad-dealer",
            Severity.WARNING,
            f"{value[0]!r} is not a dealer: LIN counts 1 = S, 2 = W, 3 = N, 4 = E",
            tok,
        )
        return None, value[1:]
    if value:
        add(
            "lin-bad-dealer",
            Severity.WARNING,
            "the deal (md|) does not start with the dealer's digit",
            tok,
            "md| starts with 1 (S), 2 (W), 3 (N) or 4 (E)",
        )
    return None, value


def _read_hand(seat: Seat, part: str, seen: dict[Card, Seat], tok: Token, add: Report) -> frozenset[Card]:
    """One hand of ``md|``; ``seen`` says who holds each card read so far."""
    cards, bad = read_hand(part)
    for b in bad:
        add(
            "lin-bad-deal",
            Severity.ERROR,
            f"in {seat.word}'s hand: cannot read {b}",
            tok,
            "a hand is S, H, D and C, each followed by its ranks (T for the ten)",
        )
    for c in sorted(cards):
        if c in seen:
            add(
                "lin-bad-deal",
                Severity.ERROR,
                f"{c.ascii()} is in both {seen[c].word}'s and {seat.word}'s hands",
                tok,
            )
        else:
            seen[c] = seat
    return frozenset(cards)


def _seat_plays(board: LinBoard, raw: list[RawPlay], add: Report, lines: Lines) -> tuple[LinPlay, ...]:
    """Give each card its player: the hand that holds it when the deal says so, checked against
    the turn (the opening leader, then clockwise; each trick's winner leads the next).  Cards after
    the 52nd are reported once, and not checked one by one."""
    holder = {c: s for s, hand in board.deal.items() for c in hand}
    strain = board.strain
    trump = strain.trump if strain is not None else None
    declarer = board.declarer
    leader: Seat | None = declarer.lho if declarer is not None else None
    out: list[LinPlay] = []
    played: set[Card] = set()
    trick: list[tuple[Seat, Card]] = []
    for i, p in enumerate(raw):
        k = i % 4
        if k == 0:
            trick = []
        expected = leader.next(k) if leader is not None else None
        seat = holder.get(p.card) if p.card is not None else None
        if i == _DECK:
            _after_the_deck(len(raw), p, add)
        elif i < _DECK and p.card is not None:
            _check_card(p, i, seat, expected, played, add)
        if seat is None:
            seat = expected
        if k == 0 and leader is None:
            leader = seat
        out.append(LinPlay(p.card, seat, tuple(p.notes), p.raw, lines.span(p.tok.start, p.tok.end)))
        if seat is not None and p.card is not None:
            trick.append((seat, p.card))
        if k == 3:
            leader = trick_winner(trick, trump) if strain is not None and len(trick) == 4 else None
    return tuple(out)


#: the cards of a deal: a card after them is none of its own
_DECK = 52


def _check_card(
    p: RawPlay, i: int, seat: Seat | None, expected: Seat | None, played: set[Card], add: Report
) -> None:
    """A card played twice, or of another hand than the one whose turn it is."""
    assert p.card is not None
    if p.card in played:
        add(
            "lin-card-twice",
            Severity.WARNING,
            f"{p.card.ascii()} is played twice (trick {i // 4 + 1})",
            p.tok,
        )
    played.add(p.card)
    if seat is not None and expected is not None and seat != expected:
        add(
            "lin-out-of-turn",
            Severity.WARNING,
            f"trick {i // 4 + 1}: {p.card.ascii()} is {seat.word}'s card but it is {expected.word}'s turn",
            p.tok,
        )


def _after_the_deck(count: int, p: RawPlay, add: Report) -> None:
    extra = count - _DECK
    add(
        "lin-too-many-cards",
        Severity.WARNING,
        f"{extra:,} card{'s are' if extra != 1 else ' is'} played after the 52nd (from trick 14); "
        "they are not checked one by one",
        p.tok,
        "a deal has 52 cards: look for a trick given twice, or a board whose md| is missing",
    )
