"""The replayed hand for tools (canonical JSON) and for people (a text diagram).

Pure functions of the validated game and its record; they return data or strings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..record.hand import HandRecord, NoteRecord
from ..record.phrases import ResultSyntaxError, parse_result
from ..record.sides import Narrative
from ..rules.cards import SUITS_HIGH_FIRST, Card
from ..rules.game import Declaration, Game
from ..rules.regimes import RuleSet
from ..rules.seats import BookPair, Letter, Pair, Seat
from ..scoring.base import SIDES, Column, DealScore
from ..scoring.sheet import RubberSheet, score_game, standing

if TYPE_CHECKING:  # the teaching notes are imported by ``annotate`` alone, when it runs
    from ..teaching.findings import Finding

__all__ = [
    "to_json",
    "to_text",
    "score_json",
    "score_text",
    "annotations_json",
    "annotations_text",
    "JSON_VERSION",
]

JSON_VERSION = 1
_SUIT_ORDER = SUITS_HIGH_FIRST
_ROLE = {Letter.Z: "dealer", Letter.A: "leader", Letter.Y: "dummy", Letter.B: "pone"}
#: a rubber's sheet is kept from a chair: WE sit North–South
_CHAIR = {Pair.NS: Narrative.WE, Pair.EW: Narrative.THEY}


def _sorted(cards: frozenset[Card] | set[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (_SUIT_ORDER.index(c.suit), -c.rank))


def to_json(game: Game, record: HandRecord | None = None) -> dict[str, object]:
    """The documented structure of ``replayer show --json`` (docs/json-output.md)."""
    decl = game.declaration
    out: dict[str, object] = {
        "version": JSON_VERSION,
        "rules": game.regime.name,
        "dealer": game.dealer.name,
        "declarer": decl.declarer.name if decl and decl.dummy is not None else None,  # whist: none
        "dummy": decl.dummy.name if decl and decl.dummy is not None else None,
        "trump": decl.strain.code if decl else None,
        "deal": {s.name: [c.ascii() for c in _sorted(game.deal.get(s, frozenset()))] for s in Seat},
        "labels": {s.name: game.labels[s].name for s in Seat},
        "opening_leader": game.opening_leader.name,
        "first_trick": game.first_trick,
        "tricks": _tricks_json(game),
        "tricks_won": game.tricks_won,
    }
    if decl is not None:
        out["declaration"] = _declaration_json(decl)
    if game.score_before:
        out["score_before"] = dict(game.score_before)
    if game.games_before:
        out["games_before"] = dict(game.games_before)
    if game.score_quote is not None:
        out["score_quote"] = game.score_quote
    score = score_game(game)
    if score is not None:
        out["score"] = score_json(score, game)
    if record is not None:
        out.update(_record_json(game, record))
    return out


def _score_before_lines(game: Game) -> list[str]:
    """The score before the deal: the points, the games won in the rubber, the book's words."""
    parts = [f"{k} {v}" for k, v in game.score_before.items()]
    if game.games_before:
        games = ", ".join(f"{k} {v}" for k, v in game.games_before.items())
        parts.append(f"games {games}" + (" (rubber game)" if game.rubber_game else ""))
    out = ["Score before the deal: " + ", ".join(parts)] if parts else []
    if game.score_quote is not None:
        out.append(f'  "{game.score_quote}"')
    return out


def _tricks_json(game: Game) -> list[dict[str, object]]:
    """Each trick: its leader, its cards in order, its winner, and the tricks each side has won so far."""
    running = dict.fromkeys(Pair, 0)
    tricks: list[dict[str, object]] = []
    for t in game.tricks:
        if t.winner is not None:
            running[t.winner.side] += 1
        tricks.append(
            {
                "number": t.number,
                "leader": t.leader.name,
                "cards": [{"seat": s.name, "card": c.ascii()} for s, c in t.plays],
                "winner": t.winner.name if t.winner is not None else None,
                "tricks_won": dict(running),
            }
        )
    return tricks


def _declaration_json(decl: Declaration) -> dict[str, object]:
    d: dict[str, object] = {"strain": decl.strain.value, "doubled": decl.doubled}
    if decl.maker is not None:
        d["maker"] = decl.maker.name
        d["passed"] = decl.passed
        d["doublers"] = [s.name for s in decl.doublers]
    if decl.level is not None:
        d["level"] = decl.level
    if decl.calls:
        d["calls"] = [{"seat": s.name, "call": c} for s, c in decl.calls]
    return d


def _record_json(game: Game, record: HandRecord) -> dict[str, object]:
    """What the hand file says besides the cards: title, source, result, notes, transcription, problem."""
    out: dict[str, object] = {}
    if record.title is not None:
        out["title"] = record.title.value
    if record.source is not None:
        out["source"] = {
            k: getattr(record.source, k).value
            for k in record.source.__slots__
            if getattr(record.source, k) is not None
        }
    if record.result is not None:
        out["result"] = {"text": record.result.value, "claims": _claims(record.result.value)}
    if record.introduction is not None:
        out["introduction"] = record.introduction.value
    if record.notes:
        out["notes"] = [_note(game, n) for n in record.notes]
    if record.book_errors:
        out["book_errors"] = [{"about": b.about, "text": b.text} for b in record.book_errors]
    if record.transcription is not None:
        out["transcription"] = {
            "text": record.transcription.text,
            "readings": [
                {
                    "trick": rd.trick,
                    "seat": _resolve_label(game, rd.seat),
                    "ocr": rd.source_text,
                    "card": rd.card.ascii(),
                    "reason": rd.reason,
                }
                for rd in record.transcription.readings
            ],
        }
    if record.problem is not None:
        p: dict[str, object] = {"text": record.problem.text}
        if record.problem.side is not None:
            p["side"] = record.problem.side.value
        if record.problem.tricks is not None:
            p["tricks"] = record.problem.tricks.value
        out["problem"] = p
    return out


def score_json(score: DealScore, game: Game | None = None) -> dict[str, object]:
    """The documented ``score`` object: per side, the points below and above the line, each item,
    and the game if one was won.  ``sides`` gives the book's letters for each side when the deal
    is known (its dealer places them)."""
    sides: dict[Pair, Pair | BookPair] = {side: side for side in SIDES}
    if game is not None:
        sides = {game.pair(book): book for book in (BookPair.YZ, BookPair.AB)}
    return {
        "sides": sides,
        "below": {s: score.total(s, Column.BELOW) for s in SIDES},
        "above": {s: score.total(s, Column.ABOVE) for s in SIDES},
        "by_kind": {
            s: {k: score.items(s, k) for k in sorted({line.kind for line in score.lines if line.side == s})}
            for s in SIDES
        },
        "lines": [
            {
                "side": line.side,
                "column": line.column,
                "kind": line.kind,
                "points": line.points,
                "text": line.text,
            }
            for line in score.lines
        ],
        "game": score.game,
        "notes": list(score.notes),
        **({"rubber": _rubber_json(game, score)} if game is not None else {}),
    }


def _rubber_json(game: Game, score: DealScore) -> dict[str, object] | None:
    """Whether the deal wins the rubber (``side``; ``known`` false when the games before it are not
    given), the rubber bonus, and the points of the rubber the hand lets us count."""
    where = standing(game, score=score)
    if where is None:
        return None
    return {
        "side": where.rubber,
        "known": where.rubber_known,
        "bonus": where.bonus,
        "counted": dict(where.counted),
    }


def _resolve_label(game: Game, seat: str) -> str:
    return Letter[seat].seat(game.dealer).name if seat in Letter.__members__ else seat


def _note(game: Game, n: NoteRecord) -> dict[str, object]:
    out: dict[str, object] = {"tricks": list(n.tricks), "text": n.text}
    if n.source:
        out["source"] = n.source
    if n.claims:
        out["claims"] = [
            {
                k: v
                for k, v in {
                    "kind": c.kind,
                    "trick": c.trick,
                    "quote": c.quote,
                    "seat": _resolve_label(game, c.seat.value) if c.seat else None,
                    "suit": c.suit.letter if c.suit is not None else None,
                    "count": c.count,
                    "at_least": c.at_least,
                    "above": c.above.letter if c.above is not None else None,
                    "card": c.card.ascii() if c.card is not None else None,
                    "outcome": c.outcome or None,
                }.items()
                if v is not None
            }
            for c in n.claims
        ]
    return out


def _claims(text: str) -> list[dict[str, object]]:
    try:
        claims = parse_result(text)
    except ResultSyntaxError:
        return []
    return [
        {
            "side": c.side,
            "kind": c.kind,
            "value": c.value,
            "detail": c.detail,
            "strain": c.strain.value if c.strain else None,
        }
        for c in claims
    ]


# ---------------------------------------------------------------------------------------------


def _seat_title(game: Game, seat: Seat) -> str:
    letter = game.labels[seat]
    bridge_whist = game.regime.name is RuleSet.BRIDGE_WHIST
    role = _ROLE[letter] if bridge_whist else ""
    decl = game.declaration
    if not bridge_whist and decl is not None and decl.dummy is not None:
        role = "declarer" if seat == decl.declarer else "dummy" if seat == decl.dummy else ""
    return f"{letter.name} ({seat.word}{', ' + role if role else ''})"


def _hand_lines(game: Game, seat: Seat) -> list[str]:
    cards = game.deal.get(seat, frozenset())
    lines = [_seat_title(game, seat)]
    for suit in _SUIT_ORDER:
        ranks = sorted((c.rank for c in cards if c.suit == suit), reverse=True)
        lines.append(f"{suit.symbol} " + (" ".join(r.display for r in ranks) if ranks else "—"))
    return lines


def to_text(game: Game, record: HandRecord | None = None) -> str:
    """A compass diagram of the deal, the declaration, and the play in the book's columns."""
    out: list[str] = []
    if record is not None and record.title is not None:
        out += [record.title.value, "=" * len(record.title.value)]
    decl = game.declaration
    if decl is not None:
        if decl.maker is not None:
            who = game.labels[decl.maker].name
            how = "the dealer" if not decl.passed else "dummy, after the dealer passed"
            line = f"{decl.strain.word.capitalize()}, made by {who} ({how})"
        elif decl.turned is not None:  # whist: the dealer's card turned up for trumps
            line = f"{decl.strain.word.capitalize()}: the {decl.turned} turned up by the dealer"
        else:
            line = f"{decl.level}{decl.strain.symbol} by {decl.declarer.word}"
        if decl.doubled:
            line += ", " + (
                "doubled"
                if decl.doubled == 1
                else "redoubled"
                if decl.doubled == 2
                else f"doubled {decl.doubled} times"
            )
        out.append(line)
    out += _score_before_lines(game)
    out.append("")
    north, south = _hand_lines(game, Seat.N), _hand_lines(game, Seat.S)
    west, east = _hand_lines(game, Seat.W), _hand_lines(game, Seat.E)
    pad = " " * 24
    out += [pad + ln for ln in north]
    for w, e in zip(west, east, strict=True):
        out.append(f"{w:<48}{e}")
    out += [pad + ln for ln in south]
    out.append("")
    if game.tricks:
        columns = [Letter.A, Letter.Y, Letter.B, Letter.Z]
        seats = [game.seat_of(letter) for letter in columns]
        out.append("Trick  " + "".join(f"{letter.name:<6}" for letter in columns) + "won by   A–B  Y–Z")
        ab = yz = 0
        for t in game.tricks:
            cells = []
            for s in seats:
                c = t.card_of(s)
                mark = ">" if s == t.leader else " "
                star = "*" if s == t.winner else " "
                cells.append(f"{mark}{c}{star}".ljust(6) if c else "  -   ")
            assert t.winner is not None
            if game.labels[t.winner] in (Letter.A, Letter.B):
                ab += 1
            else:
                yz += 1
            out.append(
                f"{t.number:>5}  " + "".join(cells) + f"{game.labels[t.winner].name:<9}{ab:>3}  {yz:>3}"
            )
        out.append("")
        out.append("> marks the card led, * the winner.")
    else:
        out.append(f"{_seat_title(game, game.opening_leader)} is on lead to trick {game.first_trick}.")
    if record is not None and record.problem is not None:
        out.append(f"Problem: {record.problem.text.strip()}")
    won = game.tricks_won
    out.append(f"Tricks: {Pair.NS.label} {won[Pair.NS]}, {Pair.EW.label} {won[Pair.EW]}")
    if record is not None and record.result is not None:
        out.append(f"The book: “{record.result.value}”")
    return "\n".join(out) + "\n"


def score_text(score: DealScore, game: Game) -> str:
    """The deal's score as the players wrote it: each side's entries below and above the line."""
    names = {side: game.book_pair(side).label for side in SIDES}
    out = []
    for side in SIDES:
        out.append(f"{names[side]} ({side.label})")
        for column in Column:
            lines = [line for line in score.lines if line.side == side and line.column == column]
            if lines:
                out.append(f"  {column} the line:")
                out += [f"    {line.points:>5}  {line.text}" for line in lines]
        out.append(f"  total {score.total(side)}")
    where = standing(game, score=score)
    if where is not None and where.rubber is not None:
        bonus = f" (rubber bonus {where.bonus})" if where.bonus is not None else ""
        out.append(f"{names[where.rubber]} win the game and the rubber{bonus}.")
    elif score.game is not None:
        out.append(f"{names[score.game]} win the game.")
    for note in score.notes:
        out.append(f"Note: {note}")
    return "\n".join(out) + "\n"


def rubber_json(sheet: RubberSheet) -> dict[str, object]:
    """The running score sheet: each deal's entries, the games, the bonus, the totals, the value."""
    return {
        "deals": [
            {"number": d.number, "game": d.game_number, "label": d.label, **score_json(d.score)}
            for d in sheet.deals
        ],
        "games": [{"number": n, "winner": w} for n, w in sheet.games],
        "rubber_bonus": {"side": sheet.bonus.side, "points": sheet.bonus.points} if sheet.bonus else None,
        "totals": {
            s: {
                "below": sheet.column(s, Column.BELOW),
                "above": sheet.column(s, Column.ABOVE),
                "total": sheet.total(s),
            }
            for s in SIDES
        },
        "winner": sheet.winner,
        "value": sheet.value,
        "finished": sheet.finished,
    }


def rubber_text(sheet: RubberSheet, title: str | None = None) -> str:
    """The sheet as the players kept it: WE (N–S) and THEY (E–W), honours above, tricks below."""
    out = [title, "=" * len(title)] if title else []
    for d in sheet.deals:
        out.append(f"Deal {d.number} (game {d.game_number}): {d.label}")
        for line in d.score.lines:
            out.append(f"  {_CHAIR[line.side]:<4} {line.column:<5} {line.points:>5}  {line.text}")
        for note in d.score.notes:
            out.append(f"  note: {note}")
    for n, w in sheet.games:
        out.append(f"Game {n}: {_CHAIR[w]}")
    if sheet.bonus:
        out.append(f"Rubber to {_CHAIR[sheet.bonus.side]}: {sheet.bonus.points}")
    for side in SIDES:
        below, above = sheet.column(side, Column.BELOW), sheet.column(side, Column.ABOVE)
        out.append(f"{_CHAIR[side]:<5} below {below:>4}  above {above:>4}  total {sheet.total(side):>4}")
    ahead = Pair.NS if sheet.total(Pair.NS) > sheet.total(Pair.EW) else Pair.EW
    out.append(
        f"The rubber is worth {sheet.value} points" + (f" to {_CHAIR[ahead]}." if sheet.value else ".")
    )
    return "\n".join(out) + "\n"


def _fact(value: object) -> object:
    if isinstance(value, Card):
        return value.ascii()
    if isinstance(value, Seat):
        return value.name
    if isinstance(value, (list, tuple)):
        return [_fact(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _fact(v) for k, v in value.items()}
    return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)


def annotations_json(game: Game, findings: list[Finding], *, with_make: bool = True) -> dict[str, object]:
    """The documented output of ``replayer annotate --json`` (docs/teaching-notes.md)."""
    from ..teaching.make import make_note

    labels = game.labels
    out: dict[str, object] = {"version": JSON_VERSION, "rules": game.regime.name}
    if with_make:
        make = make_note(game)
        out["make"] = (
            None
            if make is None
            else {
                "maker": make.maker.name,
                "passed": make.passed,
                "actual": make.actual.code,
                "agrees": make.agrees,
                "advice": [
                    {
                        "source": a.source,
                        "call": a.call if isinstance(a.call, str) else a.call.code,
                        "reasons": list(a.reasons),
                    }
                    for a in (*make.dealer_advice, *make.advice, make.mechanical)
                ],
                "text": make.text,
            }
        )
    out["findings"] = [
        {
            "detector": f.motif,
            "technique": f.technique,
            "label": f.label,
            "trick": f.trick,
            "tricks": list(f.all_tricks),
            "seats": [{"seat": s.name, "letter": labels[s].name} for s in f.seats],
            "cards": [c.ascii() for c in f.cards],
            "facts": _fact(dict(f.facts)),
            "text": f.text,
            "shown": f.shown,
        }
        for f in findings
    ]
    return out


def annotations_text(game: Game, findings: list[Finding], *, with_make: bool = True) -> str:
    from ..teaching.make import make_note

    lines: list[str] = []
    make = make_note(game) if with_make else None
    if make is not None:
        lines += ["Before the play · The make", make.text, ""]
    for f in findings:
        where = (
            f"Trick {f.trick}" if len(f.all_tricks) == 1 else "Tricks " + ", ".join(map(str, f.all_tricks))
        )
        lines += [
            f"{where} · {f.technique} ({f.label})" + ("" if f.shown else " [not shown in lessons]"),
            f.text.strip(),
            "",
        ]
    if not lines:
        lines = ["No teaching notes found in this hand.", ""]
    return "\n".join(lines)
