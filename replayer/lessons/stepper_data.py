"""The stepper's JSON (site/stepper.js reads it from the page): the deal, the play, when each note may
be read, double dummy on the cards, and the lesson's decision points and alternative lines.  Its
contract is in docs/lessons.md, "The stepper"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING

from ..analysis import PlayAnalysis
from ..analysis.lines import analysis_words
from ..analysis.naming import Naming
from ..record.hand import HandRecord
from ..rules.cards import SUITS_HIGH_FIRST, Card
from ..rules.game import Game
from ..rules.seats import Pair, Seat
from ..teaching.selection import Place
from .branches import LineView, QuestionView
from .reveal import note_data

if TYPE_CHECKING:
    from .model import NoteView

__all__ = ["stepper_data"]


def _code(c: Card) -> str:
    return c.suit.letter + c.rank.display


def stepper_data(
    game: Game,
    record: HandRecord,
    notes: Sequence[NoteView],
    letters: bool,
    dd: PlayAnalysis | None = None,
    *,
    names: Mapping[Pair, str],
    roles: Mapping[Seat, str],
    branches: tuple[Sequence[QuestionView], Sequence[LineView]] = ((), ()),
) -> dict[str, object]:
    """The JSON the stepper reads from the page.  ``names``: the side names the page uses; ``roles``:
    each seat's lasting role (dealer, dummy …); ``branches``: the decision points and lines
    (``branches.branch_views``), as plain dicts under ``questions`` and ``lines``."""
    decl = game.declaration
    questions, lines = branches
    return {
        "version": 1,
        "title": record.title.value if record.title is not None else "",
        "order": [s.name for s in Seat],
        "seats": {s.name: {"letter": game.labels[s].name, "word": s.word, "role": roles[s]} for s in Seat},
        "sides": {side: names[side] for side in Pair},
        "dealer": game.dealer.name,
        "declarer": decl.declarer.name if decl is not None and decl.dummy is not None else None,
        "dummy": decl.dummy.name if decl is not None and decl.dummy is not None else None,
        "trump": (decl.strain.trump.letter if decl.strain.trump is not None else "NT")
        if decl is not None
        else None,
        "deal": {
            s.name: [
                _code(c)
                for c in sorted(
                    game.deal.get(s, frozenset()), key=lambda c: (SUITS_HIGH_FIRST.index(c.suit), -c.rank)
                )
            ]
            for s in Seat
        },
        "first_trick": game.first_trick,
        "opening_leader": game.opening_leader.name,
        "tricks": [
            {
                "number": t.number,
                "leader": t.leader.name,
                "plays": [[s.name, _code(c)] for s, c in t.plays],
                "winner": t.winner.name if t.winner is not None else None,
            }
            for t in game.tricks
        ],
        "notes": [_note_data(n, game) for n in notes if n.place is not Place.TAG],
        "tags": [_note_data(n, game) for n in notes if n.place is Place.TAG],
        "result": dict(game.tricks_won),
        "dd": [
            {
                "index": ca.index,
                "text": analysis_words(ca, game, Naming.of(game, letters)),
                "cost": ca.cost,
                "gain": ca.gain,
            }
            for ca in (dd.cards if dd is not None else ())
            if ca.cost > 0 or ca.gain > 0
        ],
        "questions": [asdict(q) for q in questions],
        "lines": [asdict(ln) for ln in lines],
    }


def _note_data(n: NoteView, game: Game) -> dict[str, object]:
    return note_data(n.id, n.text, n.tricks, n.card, more=n.place is Place.MORE, game=game, home=n.home)
