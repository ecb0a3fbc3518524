"""The bridge between other formats (PBN, LIN) and ours: a neutral board, written as our hand YAML
on the way in and made from a validated game on the way out.

Pure: text and data in, text and data out.  The format modules (``pbn``, ``lin``) read and write
their own syntax; this module knows our hand format and the game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from .cards import Card, Seat, Suit, format_holding
from .game import Game
from .record import HandRecord

__all__ = ["Board", "hand_yaml", "board_from_game", "call_symbols", "contract_text"]

_SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@dataclass(slots=True)
class Board:
    """One board, whatever file it came from or goes to.  Seats are compass seats; ``tricks`` are in
    play order; calls and contracts are in ASCII (``1H``, ``Pass``, ``X``, ``XX``, ``4HX``)."""

    source_format: str  # pbn or lin
    label: str  # the board's number or name, for messages and titles
    title: str = ""
    rules: str = "contract"
    dealer: Seat | None = None
    vulnerable: str | None = None  # None, NS, EW, All
    deal: dict[Seat, frozenset[Card]] = field(default_factory=dict)
    calls: list[str] | None = None
    contract: str | None = None
    declarer: Seat | None = None
    tricks: list[list[tuple[Seat, Card]]] = field(default_factory=list)
    first_trick: int = 1  # an end position starts later
    leader: Seat | None = None  # who is on lead at ``first_trick`` (needed for an end position)
    result: int | None = None
    notes: list[tuple[int | None, str]] = field(default_factory=list)  # (trick or None, text)
    tags: list[tuple[str, str]] = field(default_factory=list)
    directives: list[str] = field(default_factory=list)
    commentary: list[tuple[str, str]] = field(default_factory=list)
    # Bridge Whist's make, which PBN and LIN have no field for (project tags carry it)
    maker: str | None = None  # Z or Y
    trump: str | None = None  # S H D C NT
    doubles: list[str] = field(default_factory=list)  # book letters, in order


def _q(text: str) -> str:
    """A YAML double-quoted scalar (JSON's string syntax is valid YAML)."""
    return json.dumps(text, ensure_ascii=False)


def call_symbols(call: str) -> str:
    """``1H`` → ``1♥``, ``3NT`` stays, ``Pass``/``X``/``XX`` → ``pass``/``X``/``XX``."""
    c = call.strip()
    if c.upper() in ("PASS", "P", "AP"):
        return "pass"
    if c.upper() in ("X", "XX"):
        return c.upper()
    if len(c) >= 2 and c[0].isdigit():
        strain = c[1:].upper()
        return c[0] + (_SUIT_SYMBOL.get(strain, strain))
    return c


def contract_text(contract: str) -> str:
    """``4HX`` → ``4♥X`` (our notation for a contract)."""
    c = contract.strip().upper()
    if not c or not c[0].isdigit():
        return c
    level, rest = c[0], c[1:]
    doubling = "XX" if rest.endswith("XX") else "X" if rest.endswith("X") else ""
    strain = rest[: len(rest) - len(doubling)]
    return level + _SUIT_SYMBOL.get(strain, strain) + doubling


def _columns(b: Board) -> list[Seat]:
    leader = b.tricks[0][0][0] if b.tricks else b.leader if b.leader is not None else Seat.W
    return list(leader.rotation())


def hand_yaml(b: Board, *, origin: str = "") -> str:
    """Our hand YAML for a board: complete tricks as rows in fixed columns (the opening leader's
    first, as PBN prints them), an unfinished last trick and everything else the format has no place
    for under ``interop``, commentary on tricks as notes."""
    out: list[str] = []
    if origin:
        out.append(f"# {origin}")
    out.append(f"title: {_q(b.title or f'Board {b.label}')}")
    out.append(f"rules: {b.rules}")
    if b.dealer is not None:
        out.append(f"dealer: {b.dealer.name}")
    out += _interop_lines(b)
    out += _declaration_lines(b)
    if b.deal:
        hands = [format_holding(b.deal[s], pbn=True) if s in b.deal else "-" for s in Seat]
        out.append(f"deal: {_q('N:' + ' '.join(hands))}")
    complete = [t for t in b.tricks if len(t) == 4]
    if complete or b.first_trick > 1:
        cols = _columns(b)
        out.append("play:")
        out.append(f"  columns: [{', '.join(s.name for s in cols)}]")
        if b.first_trick > 1:
            out.append(f"  first_trick: {b.first_trick}")
        leader = b.tricks[0][0][0] if b.tricks else b.leader
        if leader is not None and b.first_trick > 1:
            out.append(f"  leader: {leader.name}")
        out.append("  tricks:" if complete else "  tricks: []")
        for t in complete:
            by = dict(t)
            out.append("    - " + " ".join(str(by[s]) for s in cols))
    shown = range(b.first_trick, b.first_trick + len(complete))
    on_tricks = [(n, text) for n, text in b.notes if n in shown]
    general = [text for n, text in b.notes if n not in shown]
    if on_tricks or general:
        out.append("notes:")
        out += [f"  - text: {_q(text)}" for text in general]
        for n, text in on_tricks:
            out += [f"  - trick: {n}", f"    text: {_q(text)}"]
    return "\n".join(out) + "\n"


def _interop_lines(b: Board) -> list[str]:
    out = ["interop:", f"  from: {b.source_format}", f"  board: {_q(b.label)}"]
    if b.vulnerable is not None:
        out.append(f"  vulnerable: {b.vulnerable}")
    if b.result is not None:
        out.append(f"  result: {b.result}")
    unfinished = [t for t in b.tricks if len(t) < 4]
    if unfinished and unfinished[-1]:
        out.append(f"  unfinished: {' '.join(str(c) for _, c in unfinished[-1])}")
    if b.tags:
        out.append("  tags:")
        out += [f"    - [{_q(k)}, {_q(v)}]" for k, v in b.tags]
    if b.directives:
        out.append("  directives:")
        out += [f"    - {_q(d)}" for d in b.directives]
    if b.commentary:
        out.append("  commentary:")
        out += [f"    - {{at: {_q(at)}, text: {_q(text)}}}" for at, text in b.commentary]
    return out


def _declaration_lines(b: Board) -> list[str]:
    if b.maker is not None and b.trump is not None:
        trump = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "NT": "no-trumps"}[b.trump]
        doubles = f", doubles: [{', '.join(b.doubles)}]" if b.doubles else ""
        return [f"declaration: {{maker: {b.maker}, trump: {trump}{doubles}}}"]
    if b.calls:
        return ["declaration:", "  calls: " + " ".join(call_symbols(c) for c in b.calls)]
    if b.contract and b.declarer is not None:
        return [f"declaration: {{contract: {_q(contract_text(b.contract))}, declarer: {b.declarer.name}}}"]
    return []


# ---------------------------------------------------------------------------------------------
# The way out


def board_from_game(game: Game, record: HandRecord, target: str = "pbn") -> Board:
    """A board for export to ``target`` (pbn or lin): our hand's cards, declaration and notes, plus
    whatever its import kept."""
    interop = record.interop
    b = Board(source_format=interop.source_format if interop else target,
              label=(interop.board if interop and interop.board else _label(record)),
              title=record.title.value if record.title else "", rules=game.regime.name, dealer=game.dealer)  # fmt: skip
    if interop is not None:
        b.vulnerable, b.result = interop.vulnerable, interop.result
        b.tags, b.directives, b.commentary = list(interop.tags), list(interop.directives), list(interop.commentary)
    b.deal = {s: frozenset(game.deal.get(s, frozenset())) for s in Seat if game.deal.get(s)}
    decl = game.declaration
    if decl is not None:
        b.declarer = decl.declarer
        if decl.maker is not None:  # Bridge Whist
            b.maker = game.labels[decl.maker].name
            b.trump = decl.strain.code
            b.doubles = [game.labels[s].name for s in decl.doublers]
        else:
            b.calls = [c for _, c in decl.calls] or None
            dbl = {0: "", 1: "X", 2: "XX"}.get(decl.doubled, "")
            b.contract = f"{decl.level}{decl.strain.code}{dbl}"
    b.tricks = [list(t.plays) for t in game.tricks]
    b.first_trick, b.leader = game.first_trick, game.opening_leader
    if interop is not None and interop.unfinished and game.tricks:
        last = game.tricks[-1]
        start = last.winner if last.winner is not None else last.leader
        seats = start.rotation()
        b.tricks.append([(seats[k], c) for k, c in enumerate(interop.unfinished)])
    if b.result is None and decl is not None and game.is_complete:
        b.result = game.tricks_won[decl.declarer.side]
    for n in record.notes:
        if not n.tricks:
            b.notes.append((None, n.text.strip()))
        for t in n.tricks:
            b.notes.append((t, n.text.strip()))
    return b


def _label(record: HandRecord) -> str:
    src = record.source
    if src is not None and src.hand is not None:
        return str(src.hand.value)
    return record.title.value if record.title else "1"


def trump_suit(b: Board) -> Suit | None:
    """The trump suit of a board (None at no-trumps or when unknown), for working out trick winners."""
    code = b.trump
    if code is None and b.contract and b.contract[:1].isdigit():
        code = b.contract[1:].upper().rstrip("X")
    return {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}.get(code or "")


# ---------------------------------------------------------------------------------------------
# LIN and BBO's Handviewer


def board_lin(b: Board) -> str:
    """The board as one line of LIN (notes as ``nt|`` at their trick's last card, the make of a
    Bridge Whist hand stated at the start); ValueError when LIN cannot hold it (an end position)."""
    from .lin import make_board, write_lin

    if b.first_trick != 1 or len(b.deal) != 4 or any(len(h) != 13 for h in b.deal.values()):
        raise ValueError("LIN holds whole deals only: this is an end position or a partial deal")
    notes: dict[object, list[str]] = {}
    for n, text in b.notes:
        if n is None or not 1 <= n <= len(b.tricks):
            notes.setdefault(None, []).append(text)
        else:
            notes.setdefault((n, len(b.tricks[n - 1]) - 1), []).append(text)
    make = None
    if b.maker is not None and b.trump is not None and b.declarer is not None:
        make = (None if b.trump == "NT" else b.trump, b.declarer)
    dealer = b.dealer if b.dealer is not None else Seat.S
    board = make_board(b.deal, dealer, b.vulnerable or "None", b.calls or (), b.tricks, notes,  # type: ignore[arg-type]
                       title=b.title or None, make=make)  # fmt: skip
    return write_lin(board)


def handviewer_url(game: Game, record: HandRecord) -> str | None:
    """A link that opens the hand in BBO's Handviewer, or None when LIN cannot hold it."""
    from .lin import handviewer_url as url

    try:
        return url(board_lin(board_from_game(game, record, "lin")))
    except ValueError:
        return None
