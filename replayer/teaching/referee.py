"""Double dummy as referee of the notes the cards teach (issue 14, item 4).

A detector judges a card by the rules of the book; a double-dummy solver, seeing all four hands,
judges it by the tricks it keeps.  The two can disagree, and a student must not read praise of a card
that cost a trick without being told.  ``referee`` takes the findings and what double dummy says of
each card of the play (``Weighed``, filled by the lessons from the analysis: this package imports no
solver) and returns the findings with one sentence added where they meet:

- a card the note speaks for, that double dummy finds **cost a trick**: the note says so, and names
  the cards that would have kept the trick.  For a card whose worth double dummy **cannot judge** —
  a lead chosen by the rules, a signal to partner, a false card: choices made without seeing the
  hands, worth what they tell or hide — the sentence says that too, so the mark is not read as a
  verdict on the rule.  A note that reads a
  card rather than speaks for it (a count by the Eleven Rule, a card placed by inference) gets
  nothing: what the card read cost is no comment on the reading;
- a note that contradicts the author: it speaks for a card the author says was wrong, or (a note on a
  play that departs from a technique: ``_MISSED``, ``_DEVIATION``, ``_CONTRARY``) against a card the
  author says was right — his ``alternative`` claims at that card say which.  The note then says
  that the author thought otherwise, in his words, with double dummy's verdict on his claim.

A note on a departure already says its card was wrong: double dummy's cost is not added to it.
Pure: no I/O.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..rules.cards import Card
from ..rules.game import Game
from ..rules.seats import Seat
from .context import Author, Context
from .findings import Finding
from .words import capitalised, number_word

__all__ = ["READS_A_CARD", "SINGLE_DUMMY", "AuthorsWord", "Weighed", "key_card", "referee"]

#: the detectors whose cards are chosen without seeing the hands and are worth what they tell or
#: hide: double dummy, which sees every card, cannot judge them
SINGLE_DUMMY: Mapping[str, str] = {
    "lead": "a lead by the rules is chosen without seeing the hidden hands",
    "echo": "a signal is worth what it tells partner, and double dummy needs no telling",
    "false-card": "a false card is worth what it hides, and double dummy sees everything",
}

#: the detectors whose notes read a card (a count by the Eleven Rule, a card placed by inference)
#: rather than speak for it: what double dummy thinks of the card read is no comment on the note
READS_A_CARD = frozenset({"eleven", "placing"})


@dataclass(frozen=True, slots=True)
class Weighed:
    """A card of the play as double dummy weighs it: ``cost`` tricks lost by playing it (0: none),
    and ``best``, the cards that would have kept them."""

    trick: int
    seat: Seat
    card: Card
    cost: int
    best: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class AuthorsWord:
    """The author's own word on a card of the play (an ``alternative`` claim at it): ``against``
    True when he says another card would have done better for the player's side, False when he says
    the card played was right; his sentence as quoted, and double dummy's verdict on it in plain
    words (empty when not solved)."""

    trick: int
    seat: Seat
    card: Card
    against: bool
    quote: str
    verdict: str = ""  # "Double dummy: … Refuted: … Best play after …", as the claims' check says it


def key_card(game: Game, f: Finding) -> tuple[Seat, Card] | None:
    """The card a finding turns on: of its cards played in its trick, the last played (B's ♥10, not
    A's ♥6 that it answers), with its player."""
    trick = next((t for t in game.tricks if t.number == f.trick), None)
    if trick is None:
        return None
    mine = [(s, c) for s, c in trick.plays if c in f.cards]
    return mine[-1] if mine else None


def referee(
    game: Game,
    findings: Sequence[Finding],
    weighed: Sequence[Weighed],
    words: Sequence[AuthorsWord] = (),
    author: Author = Author.UNKNOWN,
) -> list[Finding]:
    """The findings with double dummy's word, and the author's, added where they disagree (see the
    module's text)."""
    ctx = Context(game, author)
    costly = {(w.trick, w.seat, w.card): w for w in weighed if w.cost > 0}
    said_by_author = {(a.trick, a.seat, a.card): a for a in words}
    out: list[Finding] = []
    for f in findings:
        key = key_card(game, f)
        if not f.shown or key is None or f.motif in READS_A_CARD:
            out.append(f)
            continue
        departs = f.departs
        said: list[str] = []
        facts: dict[str, object] = {}
        a = said_by_author.get((f.trick, *key))
        if a is not None and a.against != departs:
            said.append(_contradiction_text(ctx, a))
            facts["author_disagrees"] = a.quote
        w = costly.get((f.trick, *key))
        if w is not None and not departs:
            said.append(_cost_text(ctx, f, w))
            facts["double_dummy_cost"] = w.cost
        if said:
            f = dataclasses.replace(
                f, text=f.text.rstrip() + " " + " ".join(said), facts={**f.facts, **facts}
            )
        out.append(f)
    return out


def _tricks(n: int) -> str:
    return "a trick" if n == 1 else f"{number_word(n)} tricks"


def _cost_text(ctx: Context, f: Finding, w: Weighed) -> str:
    """The sentence double dummy adds to a note on a card that cost ``w.cost`` tricks."""
    them = "it" if w.cost == 1 else "them"
    kept = f" ({_alternatives(w.best)} would have kept {them})" if w.best else ""
    cost = f"double dummy, seeing all four hands, finds that {ctx.role(w.seat)}'s {w.card} cost {_tricks(w.cost)}{kept}"
    if f.motif in SINGLE_DUMMY:
        return f"{capitalised(cost)}; it cannot judge this card: {SINGLE_DUMMY[f.motif]}."
    return f"But {cost}."


def _alternatives(cards: tuple[Card, ...]) -> str:
    """``♠K``, ``♠K or ♥A``, ``♠K, ♥A or ♦9``; at most four, then "or another"."""
    names = [str(c) for c in cards[:4]]
    if len(cards) > 4:
        names.append("another")
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _contradiction_text(ctx: Context, a: AuthorsWord) -> str:
    name = ctx.author.value if ctx.author is not Author.UNKNOWN else "The author"
    verdict = f" {a.verdict.strip()}" if a.verdict else ""
    return f"{name} thought otherwise: “{a.quote.strip()}”{verdict}"
