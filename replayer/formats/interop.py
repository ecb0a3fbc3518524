"""The bridge between other formats (PBN, LIN) and ours: a neutral board, written as our hand YAML
on the way in and made from a validated game on the way out.

Pure: text and data in, text and data out.  The format packages (``pbn``, ``lin``) read and write
their own syntax; this module knows our hand format and the game.
"""

from __future__ import annotations

import enum
import json
import re
from dataclasses import dataclass, field

from ..record.hand import HandRecord, NoteRecord
from ..rules.cards import Card, CardSyntaxError, Strain, format_holding
from ..rules.game import Game, Line
from ..rules.notation import Vulnerability, read_number
from ..rules.regimes import RuleSet
from ..rules.seats import BookPair, Letter, Pair, Seat
from .ascii import SUIT_BY_LETTER, bid_level
from .lin import LinBoard, make_board, write_lin
from .lin import handviewer_url as lin_handviewer_url
from .lin.make import NoteKey
from .lin.model import board_number_too_long
from .pbn import MANDATORY_TAGS, PbnComment, PbnDirective, PbnGame, PbnRow, make_game, write_pbn

__all__ = [
    "Board",
    "PlayCut",
    "SourceFormat",
    "fitting_play",
    "hand_yaml",
    "board_from_game",
    "call_symbols",
    "contract_text",
    "board_lin",
    "board_from_lin",
    "handviewer_url",
    "board_from_pbn",
    "board_pbn",
    "export_pbn",
    "line_commentary",
]


class SourceFormat(enum.StrEnum):
    """The formats a board comes from or goes to, as ``interop: from:`` names them."""

    PBN = "pbn"
    LIN = "lin"


@dataclass(slots=True)
class Board:
    """One board, whatever file it came from or goes to.  Seats are compass seats; ``tricks`` are in
    play order; calls and contracts are in ASCII (``1H``, ``Pass``, ``X``, ``XX``, ``4HX``)."""

    source_format: SourceFormat
    label: str  # the board's number or name, for messages and titles
    title: str = ""
    rules: RuleSet = RuleSet.CONTRACT
    dealer: Seat | None = None
    vulnerable: Vulnerability | None = None
    deal: dict[Seat, frozenset[Card]] = field(default_factory=dict)
    calls: list[str] | None = None
    contract: str | None = None
    declarer: Seat | None = None
    tricks: list[list[tuple[Seat, Card]]] = field(default_factory=list)
    first_trick: int = 1  # an end position starts later
    leader: Seat | None = None  # who is on lead at ``first_trick`` (needed for an end position)
    result: int | None = None
    notes: list[tuple[int | None, str]] = field(default_factory=list)  # (trick or None, text)
    # commentary just before a card: (trick, the card's place in the trick from 0, text) — a
    # decision point, asked before the card it is about
    before_cards: list[tuple[int, int, str]] = field(default_factory=list)
    tags: list[tuple[str, str]] = field(default_factory=list)
    directives: list[str] = field(default_factory=list)
    commentary: list[tuple[str, str]] = field(default_factory=list)
    # Bridge Whist's make, which PBN and LIN have no field for (project tags carry it)
    maker: str | None = None  # Z or Y
    trump: str | None = None  # S H D C NT
    doubles: list[str] = field(default_factory=list)  # book letters, in order
    turned: str | None = None  # whist: the dealer's card turned for trumps, as PBN writes it (HA)


def _q(text: str) -> str:
    """A YAML double-quoted scalar (JSON's string syntax is valid YAML)."""
    return json.dumps(text, ensure_ascii=False)


def _symbol(strain: str) -> str:
    """A suit's letter as its symbol (``H`` → ``♥``); any other strain as it is."""
    suit = SUIT_BY_LETTER.get(strain)
    return suit.symbol if suit is not None else strain


def call_symbols(call: str) -> str:
    """``1H`` → ``1♥``, ``3NT`` stays, ``Pass``/``X``/``XX`` → ``pass``/``X``/``XX``."""
    c = call.strip()
    if c.upper() in ("PASS", "P", "AP"):
        return "pass"
    if c.upper() in ("X", "XX"):
        return c.upper()
    if len(c) >= 2 and bid_level(c) is not None:
        return c[0] + _symbol(c[1:].upper())
    return c


def contract_text(contract: str) -> str:
    """``4HX`` → ``4♥X`` (our notation for a contract)."""
    c = contract.strip().upper()
    if bid_level(c) is None:
        return c
    level, rest = c[0], c[1:]
    doubling = "XX" if rest.endswith("XX") else "X" if rest.endswith("X") else ""
    strain = rest[: len(rest) - len(doubling)]
    return level + _symbol(strain) + doubling


Trick = list[tuple[Seat, Card]]


@dataclass(frozen=True, slots=True)
class PlayCut:
    """Where a board's play stops fitting our rows: the first trick left out (its place in
    ``Board.tricks``, from 0), the card at fault (None when a card is missing), why, and how many
    cards are left out from there on."""

    index: int
    card: Card | None
    reason: str
    left_out: int


def fitting_play(b: Board) -> tuple[list[Trick], PlayCut | None]:
    """The tricks of a board that our rows can hold, and where the rest was cut (None: all fit).

    A row holds one card of each seat: every trick but the last has four cards, one from each seat;
    the last may be unfinished; none comes after the deal's 13th.  The first trick that breaks this
    (cards after the 52nd, a seat with two cards in one trick, a trick with cards missing before the
    play goes on) is left out with every trick after it: rows that close the gap would say something
    the file does not."""
    room = 14 - b.first_trick  # the tricks a deal holds from the first one on
    # the last trick with a card: empty ones after it (a play given up, "- - - -") hide nothing
    end = max((i for i, t in enumerate(b.tricks) if t), default=-1)
    for i, trick in enumerate(b.tricks[: end + 1]):
        number = b.first_trick + i
        last = i == end
        why: tuple[Card | None, str] | None = None
        if i >= room:
            why = (
                trick[0][1] if trick else None,
                f"trick {number} comes after the deal's 13th (its cards follow the 52nd)",
            )
        elif len(trick) < 4 and not last:
            why = (
                None,
                f"only {len(trick)} of trick {number}'s cards can be read and given a seat, and the play goes on after it",
            )
        else:
            why = _seat_twice(trick, number)
        if why is not None:
            left_out = sum(len(t) for t in b.tricks[i:])
            return b.tricks[:i], PlayCut(i, why[0], why[1], left_out)
    return b.tricks[: end + 1], None


def _seat_twice(trick: Trick, number: int) -> tuple[Card, str] | None:
    seen: dict[Seat, Card] = {}
    for seat, card in trick:
        if seat in seen:
            return (
                card,
                f"trick {number} has two cards of {seat.word}'s: {seen[seat].ascii()} and {card.ascii()}",
            )
        seen[seat] = card
    return None


def _columns(tricks: list[Trick], b: Board) -> list[Seat]:
    leader = tricks[0][0][0] if tricks and tricks[0] else b.leader if b.leader is not None else Seat.W
    return list(leader.rotation())


def hand_yaml(b: Board, *, origin: str = "") -> str:
    """Our hand YAML for a board: complete tricks as rows in fixed columns (the opening leader's
    first, as PBN prints them), an unfinished last trick and everything else the format has no place
    for under ``interop``, commentary on tricks as notes.  Only the play that fits the rows is written
    (:func:`fitting_play`: the importer reports the rest)."""
    tricks, _ = fitting_play(b)
    out: list[str] = []
    if origin:
        out.append(f"# {origin}")
    out.append(f"title: {_q(b.title or f'Board {b.label}')}")
    out.append(f"rules: {b.rules}")
    if b.dealer is not None:
        out.append(f"dealer: {b.dealer.name}")
    out += _interop_lines(b, tricks)
    out += _declaration_lines(b)
    if b.deal:
        hands = [format_holding(b.deal[s], pbn=True) if s in b.deal else "-" for s in Seat]
        out.append(f"deal: {_q('N:' + ' '.join(hands))}")
    complete = [t for t in tricks if len(t) == 4]
    if complete or b.first_trick > 1:
        cols = _columns(tricks, b)
        out.append("play:")
        out.append(f"  columns: [{', '.join(s.name for s in cols)}]")
        if b.first_trick > 1:
            out.append(f"  first_trick: {b.first_trick}")
        leader = tricks[0][0][0] if tricks and tricks[0] else b.leader
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


def _interop_lines(b: Board, tricks: list[Trick]) -> list[str]:
    out = ["interop:", f"  from: {b.source_format}", f"  board: {_q(b.label)}"]
    if b.vulnerable is not None:
        out.append(f"  vulnerable: {b.vulnerable}")
    if b.result is not None:
        out.append(f"  result: {b.result}")
    unfinished = [t for t in tricks if len(t) < 4]
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


#: the trumps as our hand format names them, by their PBN code
_TRUMP_WORDS = {strain.code: strain.word for strain in Strain if strain is not Strain.ROYAL_SPADES}


def _card_or_none(text: str) -> Card | None:
    try:
        return Card.parse(text)
    except CardSyntaxError:
        return None


def _declaration_lines(b: Board) -> list[str]:
    if b.turned is not None:  # whist: a card we cannot read is written as read, for the loader to report
        card = _card_or_none(b.turned)
        return [f"declaration: {{turned: {card if card is not None else _q(b.turned)}}}"]
    if b.maker is not None and b.trump is not None:
        trump = _TRUMP_WORDS[b.trump]
        doubles = f", doubles: [{', '.join(b.doubles)}]" if b.doubles else ""
        return [f"declaration: {{maker: {b.maker}, trump: {trump}{doubles}}}"]
    if b.calls:
        return ["declaration:", "  calls: " + " ".join(call_symbols(c) for c in b.calls)]
    if b.contract and b.declarer is not None:
        return [f"declaration: {{contract: {_q(contract_text(b.contract))}, declarer: {b.declarer.name}}}"]
    return []


# ---------------------------------------------------------------------------------------------
# The way out


def board_from_game(game: Game, record: HandRecord, target: SourceFormat = SourceFormat.PBN) -> Board:
    """A board for export to ``target``: our hand's cards, declaration and notes, plus whatever its
    import kept."""
    interop = record.interop
    b = Board(
        source_format=SourceFormat(interop.source_format) if interop else target,
        label=(interop.board if interop and interop.board else _label(record)),
        title=record.title.value if record.title else "",
        rules=game.regime.name,
        dealer=game.dealer,
    )
    if interop is not None:
        b.vulnerable = Vulnerability(interop.vulnerable) if interop.vulnerable is not None else None
        b.result = interop.result
        b.tags, b.directives, b.commentary = (
            list(interop.tags),
            list(interop.directives),
            list(interop.commentary),
        )
    b.deal = {s: frozenset(game.deal.get(s, frozenset())) for s in Seat if game.deal.get(s)}
    decl = game.declaration
    if decl is not None:
        b.declarer = decl.declarer
        if decl.turned is not None:  # whist: the trump suit, no level, the dealer as PBN's declarer
            b.turned, b.contract = decl.turned.ascii(), decl.strain.code
        elif decl.maker is not None:  # Bridge Whist
            b.maker = game.labels[decl.maker].name
            b.trump = decl.strain.code
            b.doubles = [game.labels[s].name for s in decl.doublers]
        else:
            b.calls = [c for _, c in decl.calls] or None
            dbl = {0: "", 1: "X", 2: "XX"}.get(decl.doubled, "")
            b.contract = f"{decl.level}{decl.strain.code}{dbl}"
    b.tricks = [list(t.plays) for t in game.tricks]
    b.first_trick, b.leader = game.first_trick, game.opening_leader
    if interop is not None and interop.unfinished:
        # each card of an unfinished trick goes with the hand that still holds it
        holder = {c: s for s, hand in game.deal.items() for c in hand}
        b.tricks.append([(holder[c], c) for c in interop.unfinished if c in holder])
    if (
        b.result is None and decl is not None and game.is_complete and target == SourceFormat.PBN
    ):  # PBN's Result is mandatory
        b.result = game.tricks_won[decl.declarer.side]
    letters = _uses_letters(game, record)
    for i, n in enumerate(record.notes):
        if not n.tricks:
            b.notes.append((None, n.text.strip()))
        for t in n.tricks:
            b.notes.append((t, n.text.strip()))
        b.notes += [
            (ln.branch[0], line_commentary(game, record, ln, letters=letters))
            for ln in game.lines
            if ln.note == i
        ]
        asked = _question_place(game, n, letters)
        if asked is not None:
            b.before_cards.append(asked)
    return b


def _label(record: HandRecord) -> str:
    src = record.source
    if src is not None and src.hand is not None:
        return str(src.hand.value)
    return record.title.value if record.title else "1"


# ---------------------------------------------------------------------------------------------
# Decision points and alternative lines, as commentary on the main line (docs/pbn.md, docs/lin.md)


def _uses_letters(game: Game, record: HandRecord) -> bool:
    """Whether the hand names its seats by the book's letters (A Y B Z), as its lesson does."""
    written = [c.value for c in record.columns]
    if not written:
        return game.regime.name is RuleSet.BRIDGE_WHIST
    return all(w in Letter.__members__ for w in written)


def _who(game: Game, seat: Seat, letters: bool) -> str:
    return game.labels[seat].name if letters else seat.name


def _side_name(game: Game, side: Pair, letters: bool) -> str:
    return BookPair.of(side, game.dealer).label if letters else side.label


def _braces_out(text: str) -> str:
    """PBN commentary cannot hold ``}`` (nor, to be safe, ``{``): they become parentheses."""
    return " ".join(text.replace("{", "(").replace("}", ")").split())


def _question_place(game: Game, note: NoteRecord, letters: bool) -> tuple[int, int, str] | None:
    """A note's decision point as commentary just before the card it asks about (never the answer)."""
    q = note.question
    if q is None:
        return None
    written = q.seat.value.strip().upper()
    try:
        seat = Letter[written].seat(game.dealer) if written in Letter.__members__ else Seat.parse(written)
    except ValueError:
        return None  # the validator reports it
    trick = next((t for t in game.tricks if t.number == q.trick), None)
    place = next((k for k, (s, _) in enumerate(trick.plays) if s == seat), None) if trick else None
    if trick is None or place is None:
        return None
    who = f"{seat.word} ({game.labels[seat].name})" if letters else seat.word
    ask = (
        q.ask.value
        if q.ask is not None
        else f"What should {game.labels[seat].name if letters else seat.word} play?"
    )
    return trick.number, place, _braces_out(f"Decision point for {who}: {ask}")


def _stated(game: Game, outcome: dict[str, object], letters: bool) -> str:
    """The result a line states, in words: ``Y–Z make 4 by cards``."""
    side = outcome.get("side")
    pair: Pair | None = None
    if isinstance(side, BookPair):
        pair = side.pair(game.dealer)
    elif isinstance(side, Pair):
        pair = side
    elif isinstance(side, str) and side.strip():
        text = side.strip().upper().replace("-", "").replace("–", "")
        pair = BookPair[text].pair(game.dealer) if text in BookPair.__members__ else Pair.parse(text)
    name = _side_name(game, pair, letters) if pair is not None else "the side named"
    bits = []
    if "game" in outcome:
        bits.append("win the game" if outcome["game"] else "do not win the game")
    if "by_cards" in outcome:
        n = int(str(outcome["by_cards"]))
        bits.append("make the odd trick" if n == 1 else f"make {n} by cards")
    if "tricks" in outcome:
        bits.append(f"take {outcome['tricks']} tricks")
    return f"{name} {' and '.join(bits)}" if bits else ""


def line_commentary(game: Game, record: HandRecord, line: Line, *, letters: bool = True) -> str:
    """An alternative line as one comment on the main line: its title, its cards trick by trick in
    the order played from the branch card on, what its cards give, and the result it states."""
    rec = record.notes[line.note].lines[line.index]
    trick, seat, card = line.branch
    book = [c for t in game.tricks for _, c in t.plays][line.start]
    who = _who(game, seat, letters)
    played = [(t.number, s, c) for t in line.tricks for s, c in t.plays][line.start :]
    rows: dict[int, list[str]] = {}
    for n, s, c in played:
        rows.setdefault(n, []).append(f"{_who(game, s, letters)} {c}")
    cards = "; ".join(
        f"{'Trick' if k == 0 else 'trick'} {n}: {', '.join(r)}" for k, (n, r) in enumerate(rows.items())
    )
    title = line.title or f"If {who} plays the {card}"
    text = f"Alternative line: {title} ({who}'s {card} instead of the {book} at trick {trick}). {cards}."
    if line.complete:
        won = {p: sum(1 for t in line.tricks if t.winner is not None and t.winner.side is p) for p in Pair}
        one, two = sorted(Pair, key=lambda p: -won[p])
        text += (
            f" The line's cards give {_side_name(game, one, letters)} {won[one]} tricks, "
            f"{_side_name(game, two, letters)} {won[two]}."
        )
    elif rows:
        text += f" The line stops after trick {max(rows)}."
    stated = _stated(game, rec.outcome, letters) if rec.outcome else ""
    if stated:
        text += f" Result stated: {stated}."
    return _braces_out(text)


# ---------------------------------------------------------------------------------------------
# LIN, both ways, and BBO's Handviewer


def board_lin(b: Board) -> str:
    """The board as one line of LIN (notes as ``nt|`` at their trick's last card, the make of a
    Bridge Whist hand stated at the start); ValueError when LIN cannot hold it (an end position)."""
    if b.first_trick != 1 or len(b.deal) != 4 or any(len(h) != 13 for h in b.deal.values()):
        raise ValueError("LIN holds whole deals only: this is an end position or a partial deal")
    if b.rules == RuleSet.WHIST:
        raise ValueError(
            "BBO's LIN has no game without a dummy and no turned trump card: a whist hand cannot be shown "
            "there (keep it in our format)"
        )
    notes: dict[NoteKey, list[str]] = {}
    for n, text in b.notes:
        if n is None or not 1 <= n <= len(b.tricks):
            notes.setdefault("start", []).append(text)
        else:
            notes.setdefault((n, len(b.tricks[n - 1]) - 1), []).append(text)
    for n, k, text in b.before_cards:  # a decision point: after the card before the one it asks about
        notes.setdefault(_before_key(b, n, k), []).append(text)
    make = None
    if b.maker is not None and b.trump is not None and b.declarer is not None:
        make = (None if b.trump == "NT" else b.trump, b.declarer)
    dealer = b.dealer if b.dealer is not None else Seat.S
    players = {s: v for s in Seat for k, v in b.tags if k == f"Player {s.word}"}
    board_id = next((v for k, v in b.tags if k == "LIN qx"), None)
    title = next(
        (v for k, v in b.tags if k == "LIN ah"),
        None if b.source_format == SourceFormat.LIN else b.title or None,
    )
    board = make_board(
        b.deal,
        dealer,
        b.vulnerable or Vulnerability.NONE,
        b.calls or (),
        b.tricks,
        notes,
        title=title,
        players=players or None,
        claim=b.result if b.source_format == SourceFormat.LIN else None,
        make=make,
        board_id=board_id,
    )
    return write_lin(board)


def _before_key(b: Board, n: int, k: int) -> NoteKey:
    """Where a comment just before card ``k`` of trick ``n`` goes: after the card before it."""
    if not 1 <= n <= len(b.tricks):
        return "start"
    if k > 0:
        return (n, k - 1)
    return (n - 1, len(b.tricks[n - 2]) - 1) if n > 1 else None


def handviewer_url(game: Game, record: HandRecord) -> str | None:
    """A link that opens the hand in BBO's Handviewer, or None when LIN cannot hold it."""
    try:
        return lin_handviewer_url(board_lin(board_from_game(game, record, SourceFormat.LIN)))
    except ValueError:
        return None


def board_from_lin(lb: LinBoard, index: int) -> Board:
    """Our neutral board from a LIN board: alerts and commentary become notes at their trick."""
    # the number, else the id (unless its number was too long to read), else the place in the file
    board_id = lb.board_id if lb.board_id and board_number_too_long(lb.board_id) is None else None
    label = str(lb.number) if lb.number is not None else board_id or str(index)
    if lb.room:
        label = f"{label} {lb.room}"
    b = Board(
        SourceFormat.LIN,
        label,
        title=lb.title or f"Board {label}",
        dealer=lb.dealer,
        vulnerable=lb.vulnerable,
        deal=dict(lb.deal),
    )
    calls = [c.call for c in lb.calls if c.call is not None]
    if calls:
        b.calls = calls
    elif lb.make is not None:
        # a make with no auction is how a Bridge Whist hand travels in LIN (see docs/lin.md): the
        # dealer plays it; who named the trump is not in the file, so it is read as the dealer's make
        b.rules, b.maker, b.trump = RuleSet.BRIDGE_WHIST, "Z", lb.make.strain.code
        b.declarer = lb.make.declarer
    b.tricks = [list(t.plays) for t in lb.tricks]
    b.result = lb.declarer_tricks if lb.claim is not None else None
    b.tags = [(f"Player {s.word}", name) for s, name in lb.players.items()]
    if lb.board_id:
        b.tags.append(("LIN qx", lb.board_id))
    if lb.title:
        b.tags.append(("LIN ah", lb.title))
    for text in lb.notes:
        b.notes.append((None, text.strip()))
    for c in lb.calls:
        if c.alert or c.explanation:
            b.notes.append(
                (None, f"Auction: {c.call} alerted" + (f" ({c.explanation})" if c.explanation else ""))
            )
        for text in c.notes:
            b.notes.append((None, f"After the call {c.call}: {text.strip()}"))
    card_trick: dict[int, int] = {}
    k = 0
    for t in lb.tricks:
        for _ in t.plays:
            card_trick[k] = t.number
            k += 1
    for k, p in enumerate(lb.plays):
        for text in p.notes:
            b.notes.append((card_trick.get(k), text.strip()))
    for text in lb.claim_notes:
        b.notes.append((None, f"At the claim: {text.strip()}"))
    return b


# ---------------------------------------------------------------------------------------------
# PBN, both ways

#: tags our format models (from the hand's own fields); every other tag travels in ``interop``
_PBN_MODELLED = {"Deal", "Dealer", "Vulnerable", "Auction", "Contract", "Declarer", "Result", "Play"}
#: project tags for Bridge Whist's make and whist's turned card, which PBN has no tags for (docs/pbn.md)
_PBN_PROJECT = ("ReplayerRules", "ReplayerMake", "ReplayerTrump", "ReplayerDoubles", "ReplayerTurned")
#: the calls with their note references and NAGs (``2C =1= X $1``), which our calls do not hold
_PBN_ANNOTATED = "ReplayerAuction"
_PLAY_AT = re.compile(r"^\[Play\] after \S+ \(trick ([0-9]+)\)$")
_PLAY_END = re.compile(r"^\[Play\] after \S+ \(end\)$")


def board_from_pbn(g: PbnGame, index: int) -> Board:
    """Our neutral board from a PBN game: commentary on a trick becomes a note at that trick; every
    other remark keeps where it stood (``interop.commentary``); ``%`` lines go to ``directives``."""
    label = g.board if g.board not in (None, "", "?") else str(index)
    event = g.tag("Event")
    title = f"Board {label}" + (f", {event}" if event not in (None, "", "?") else "")
    b = Board(
        SourceFormat.PBN,
        str(label),
        title=title,
        dealer=g.dealer,
        vulnerable=g.vulnerable,
        deal=dict(g.deal) if g.deal else {},
    )
    _pbn_declaration(b, g)
    if g.play is not None:
        b.tricks = g.play.in_play_order()
    b.result = g.result
    _pbn_tags(b, g, str(label))
    _pbn_remarks(b, g)
    return b


def _pbn_declaration(b: Board, g: PbnGame) -> None:
    """Bridge Whist's make from the project tags, else the calls, else the contract."""
    project = {t.name: t.value for t in g.tags if t.name in _PBN_PROJECT}
    if project.get("ReplayerRules") == RuleSet.BRIDGE_WHIST and "ReplayerTrump" in project:
        b.rules, b.maker, b.trump = (
            RuleSet.BRIDGE_WHIST,
            project.get("ReplayerMake", "Z"),
            project["ReplayerTrump"],
        )
        b.doubles = project.get("ReplayerDoubles", "").split()
        b.declarer = g.declarer
    elif project.get("ReplayerRules") == RuleSet.WHIST:  # the turned card gives the trump (docs/pbn.md)
        b.rules, b.turned = RuleSet.WHIST, project.get("ReplayerTurned")
    elif g.auction is not None and g.auction.calls:
        calls: list[str] = []
        for _, call in g.auction.calls:
            calls += ["Pass"] * 3 if call == "AP" else [call]
        b.calls = calls
    elif g.contract and bid_level(g.contract) is not None and g.declarer is not None:
        b.contract, b.declarer = g.contract, g.declarer
    if project.get("ReplayerRules") == RuleSet.AUCTION and b.rules == RuleSet.CONTRACT:
        b.rules = (
            RuleSet.AUCTION
        )  # our export's Auction hand: its calls rank by value, not by Contract's order


def _pbn_tags(b: Board, g: PbnGame, label: str) -> None:
    """The tags our format does not model, in the order an export writes them; the calls with
    their annotations when they have some."""
    b.tags = _tag_order(
        [
            (t.name, "\n".join([t.value] + [" ".join(r.elements) for r in t.rows]))
            for t in g.tags
            if t.name not in _PBN_MODELLED and t.name not in _PBN_PROJECT and t.name != _PBN_ANNOTATED
        ]
    )
    # a note the standard cannot number (outside 1…32) cannot be written back as a note: keep its text
    bad = [v for k, v in b.tags if k == "Note" and _note_index(v.split(":", 1)[0]) is None]
    b.tags = [(k, v) for k, v in b.tags if not (k == "Note" and v in bad)]
    b.commentary = [("start", f"Note {v}") for v in bad] + b.commentary
    if g.board in (None, "", "?"):  # the label an export will write as the Board tag
        b.tags = [(k, label if k == "Board" else v) for k, v in b.tags]
    if g.auction is not None and any(tok.note is not None or tok.nags for tok in g.auction.tokens):
        annotated = [
            tok.text
            + (f" ={tok.note}=" if tok.note is not None and 1 <= tok.note <= 32 else "")
            + "".join(f" ${n}" for n in tok.nags)
            for tok in g.auction.tokens
            if tok.text not in ("-", "+", "*", "^S")
        ]
        b.tags.append((_PBN_ANNOTATED, " ".join(annotated)))


def _pbn_remarks(b: Board, g: PbnGame) -> None:
    """Commentary on a trick as a note at that trick; other remarks where they stood."""
    for at, remark in g.remarks():
        if isinstance(remark, PbnDirective):
            if remark.text.strip() and not remark.text.strip().upper().startswith(("PBN ", "EXPORT")):
                b.directives.append(remark.text.strip())
            continue
        text = remark.text.strip()  # a ";" comment keeps the space after the semicolon; a {…} one need not
        m = _PLAY_AT.match(at)
        trick = read_number(m.group(1), 13) if m else None
        if trick is not None:
            b.notes.append((trick, text))
        elif _PLAY_END.match(at) and b.tricks and text:
            b.notes.append((len(b.tricks), text))  # after the play's end mark: a note on the last trick
        elif text:
            b.commentary.append((at, text))


def _note_index(text: str) -> int | None:
    """A ``[Note]``'s index as the standard numbers them, 1 to 32; None for anything else."""
    index = read_number(text, 32)
    return index if index is not None and index >= 1 else None


def _tag_order(tags: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The order an export writes them in, so that a second import finds them as the first did:
    the standard's mandatory tags in its order, then the others as read, then the notes."""
    rank = {name: k for k, name in enumerate(MANDATORY_TAGS)}
    have = {name for name, _ in tags}
    # the export writes every mandatory tag, "?" when unknown: an import holds them the same way
    tags = tags + [(name, "?") for name in MANDATORY_TAGS if name not in have and name not in _PBN_MODELLED]
    head = sorted((t for t in tags if t[0] in rank), key=lambda t: rank[t[0]])
    rest = [t for t in tags if t[0] not in rank and t[0] != "Note"]
    plain, tables = [t for t in rest if "\n" not in t[1]], [t for t in rest if "\n" in t[1]]
    return head + plain + tables + [t for t in tags if t[0] == "Note"]


def board_pbn(b: Board) -> PbnGame:
    """A PBN game for a board (strict: raises ValueError when PBN cannot hold it)."""
    tags = [(k, v.split("\n", 1)[0]) for k, v in b.tags if k not in ("Note", _PBN_ANNOTATED)]
    rows = {k: v.split("\n")[1:] for k, v in b.tags if "\n" in v}
    annotated = next((v for k, v in b.tags if k == _PBN_ANNOTATED), None)
    notes = {
        index: text
        for k, _, text in (v.partition(":") for n, v in b.tags if n == "Note")
        if (index := _note_index(k)) is not None
    }
    auction = annotated.split() if annotated is not None else b.calls
    contract, declarer = b.contract, b.declarer
    if b.maker is not None and b.trump is not None:
        tags += [("ReplayerRules", b.rules), ("ReplayerMake", b.maker), ("ReplayerTrump", b.trump)]
        if b.doubles:
            tags.append(("ReplayerDoubles", " ".join(b.doubles)))
        contract = b.trump  # the standard's bare strain: a trump without a level
    elif b.turned is not None:  # whist: Contract is the turned suit, Declarer the dealer (docs/pbn.md)
        tags += [("ReplayerRules", b.rules), ("ReplayerTurned", b.turned)]
    elif b.rules != RuleSet.CONTRACT:
        tags.append(("ReplayerRules", b.rules))
    commentary: dict[int, list[str]] = {}
    intro: list[str] = []
    for n, text in b.notes:
        if n is None:
            intro.append(text)
        else:
            commentary.setdefault(n, []).append(text)
    before: dict[tuple[int, Seat], list[str]] = {}
    for n, k, text in b.before_cards:  # a lead's question after the trick before; another before the card
        if 1 <= n <= len(b.tricks) and 0 < k < len(b.tricks[n - 1]):
            before.setdefault((n, b.tricks[n - 1][k][0]), []).append(text)
        elif 1 <= n <= len(b.tricks) and k == 0:
            commentary.setdefault(n - 1, []).append(text)
        else:
            intro.append(text)
    game = make_game(
        deal=b.deal,
        dealer=b.dealer if b.dealer is not None else Seat.N,
        vulnerable=b.vulnerable or Vulnerability.NONE,
        auction=auction,
        auction_notes=notes or None,
        contract=contract,
        declarer=declarer,
        tricks=b.tricks or None,
        result=b.result,
        tags=tags,
        commentary=commentary or None,
        intro=intro,
        before_cards=before or None,
    )
    for t in game.tags:
        if t.name in rows:
            t.rows = [PbnRow(line.split()) for line in rows[t.name]]
    for at, text in b.commentary:
        _place(game, at, PbnComment(text))
    game.leading.extend(PbnDirective(d) for d in b.directives)
    return game


_AFTER_TAG = re.compile(r"^after \[(.+)\]$")
_IN_AUCTION = re.compile(r"^\[Auction\] after \S+ \(call ([0-9]+)\)$")


def _place(game: PbnGame, at: str, remark: PbnComment) -> None:
    """Put a remark back where the import found it (``after [Deal]``, ``[Auction] after 1H (call 1)``…)."""
    m = _AFTER_TAG.match(at)
    if m:
        name = m.group(1)
        for t in game.tags:
            label = f"Note {t.value.split(':', 1)[0]}" if t.name == "Note" else t.name
            if label == name:
                t.remarks.append(remark)
                return
    m = _IN_AUCTION.match(at)
    auction = game.get("Auction")
    if m and auction is not None:
        calls = [tok for tok in auction.tokens if tok.is_slot and tok.text != "-"]
        k = read_number(m.group(1), len(calls))
        if k is not None and k >= 1:
            calls[k - 1].remarks.append(remark)
            return
    game.leading.append(remark)


def export_pbn(b: Board) -> str:
    """The board as a PBN 2.1 file (export form)."""
    return write_pbn([board_pbn(b)])
