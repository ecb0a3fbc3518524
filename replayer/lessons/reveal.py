"""When the stepper may show a note: after the cards it names are played (no spoilers), and which
cards it names, so that a "watch as" view can hold back a note that shows a hidden hand.  Pure
functions of a note's words and the replayed game; the lesson model puts their answers in the
stepper's JSON (docs/lessons.md, "The stepper")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..rules.game import Game

__all__ = ["named_cards", "note_data", "reveal_at"]

_SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_SUIT_WORDS = {"spade": "S", "heart": "H", "diamond": "D", "club": "C"}
_RANK = r"(?:10|[2-9AKQJ])(?![\w])"
#: a suit symbol, a suit's name, or a run of ranks: with a symbol, one rank is enough ("♥A 10 4");
#: without one, it takes two or more ("the six from K Q 8 6 2")
_TOKEN = re.compile(
    rf"(?P<symbol>[♠♥♦♣])\s?(?P<ranks>{_RANK}(?:[\s,]+{_RANK})*)"
    rf"|\b(?P<word>spade|heart|diamond|club)s?\b"
    rf"|(?<![\w♠♥♦♣])(?P<run>{_RANK}(?: {_RANK})+)"
)
_RANK_IN_RUN = re.compile(r"10|[2-9AKQJ]")


def named_cards(text: str) -> tuple[str, ...]:
    """The cards a note's words name, in the stepper's codes: "♥A 10 4" names H A, H 10 and H 4, and
    "his fourth-best heart, the six from K Q 8 6 2" names the five hearts (a run of two or more ranks
    without a symbol is read in the suit last named). Reading too many cards can only hold a note
    back longer (or ask before showing it in a "watch as" view), never show it early."""
    found: list[str] = []
    suit: str | None = None
    for m in _TOKEN.finditer(text):
        if m.group("word"):
            suit = _SUIT_WORDS[m.group("word")]
            continue
        if m.group("symbol"):
            suit = _SUIT_SYMBOLS[m.group("symbol")]
            ranks = m.group("ranks")
        elif suit is not None:
            ranks = m.group("run")
        else:
            continue
        for r in _RANK_IN_RUN.findall(ranks):
            code = suit + r
            if code not in found:
                found.append(code)
    return tuple(found)


def reveal_at(
    text: str, tricks: Sequence[int], card: str | None, game: Game, home: int | None = None
) -> int | None:
    """The index in the play (0 = the opening lead) of the card after which the stepper shows the note.
    The note is printed at its ``home`` trick (by default the first of its tricks that was played): it
    shows after the last card of that trick that it names or turns on, or after the trick's last card
    when it names none of them (it speaks of the trick as a whole) — and, when it names cards of its
    later tricks, not before those are played either. None: a note on the whole hand, shown from the
    start."""
    played = [(t.number, c.suit.letter + c.rank.display) for t in game.tricks for _, c in t.plays]
    numbers = {number for number, _ in played}
    own = [t for t in tricks if t in numbers]
    if home not in numbers:
        home = own[0] if own else None
    if home is None:
        return None
    wanted = set(named_cards(text))
    if card is not None:
        wanted.add(card)
    at_home = [i for i, (number, code) in enumerate(played) if number == home and code in wanted]
    start = max(at_home) if at_home else max(i for i, (number, _) in enumerate(played) if number == home)
    later = [
        i for i, (number, code) in enumerate(played) if number in own and number > home and code in wanted
    ]
    return max([start, *later])


def note_data(
    note_id: str,
    text: str,
    tricks: Sequence[int],
    card: str | None,
    *,
    more: bool,
    game: Game,
    home: int | None = None,
) -> dict[str, object]:
    """A note's entry in the stepper's JSON: its anchor, its tricks (those played), ``at`` (see
    :func:`reveal_at`), the cards it ``names``, and ``more`` when it waits behind "More from the cards"."""
    played = {tr.number for tr in game.tricks}
    out: dict[str, object] = {"id": note_id, "tricks": [t for t in tricks if t in played]}
    at = reveal_at(text, tricks, card, game, home)
    if at is not None:
        out["at"] = at
    names = named_cards(text)
    if names:
        out["names"] = list(names)
    if more:
        out["more"] = True  # the stepper shows it behind its own closed "More from the cards"
    return out
