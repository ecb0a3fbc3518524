"""The data of two site pages a teacher hands out: the exercises for the make (``makes.html``) and the
definitions of the technique index (``techniques.html``).

An exercise is one of the books' example hands (``teaching.make_examples``) of exactly 13 cards,
with the author whose rule decides it, the choices a student has, the book's answer in our words and
what the rule sets here advise.  When two books give the same hand, it is one exercise: the first
book's rule decides it and the answer says whether the other's agrees or differs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..teaching.annotate import TECHNIQUES, detector_names
from ..teaching.make import dummy_bridge, elwell_dealer, foster_dealer, foster_dummy
from ..teaching.make_examples import EXAMPLES, Chair, MakeExample, Rules
from ..teaching.techniques import VOCABULARY, techniques_of_detector

__all__ = ["Choice", "ExerciseView", "exercises", "technique_definitions", "MAKE_DEFINITION"]

#: the make has no detector: its definition for the technique index
MAKE_DEFINITION = (
    "the declaration: the trump the dealer names from his cards and the score, or leaves to his "
    "partner, dummy, who must then name one"
)

_AUTHOR = {Rules.FOSTER: "Foster", Rules.ELWELL: "Elwell"}
_WORDS = {
    "no-trumps": "No trumps",
    "hearts": "Hearts",
    "diamonds": "Diamonds",
    "clubs": "Clubs",
    "spades": "Spades",
    "pass": "Pass (leave the make to dummy)",
}
_SYMBOLS = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}


@dataclass(frozen=True, slots=True)
class Choice:
    """One make a student may choose: its value (the book's word), its suit symbol (or "") and words."""

    value: str
    symbol: str
    word: str

    @property
    def red(self) -> bool:
        return self.symbol in ("♥", "♦")


@dataclass(frozen=True, slots=True)
class ExerciseView:
    """One exercise of the makes page."""

    number: int
    seat: str  # "dealer" or "dummy"
    author: str  # "Foster": whose rule decides it
    source: str  # "Foster p. 38"
    score: int
    suits: tuple[tuple[str, str, str], ...]  # (symbol, suit name, the cards) ♠ ♥ ♦ ♣
    choices: tuple[Choice, ...]
    answer: str  # the book's make, a choice's value
    reason: str  # the book's reason, in our words
    others: tuple[str, ...]  # "Elwell's rule differs: pass — …"
    advice: tuple[tuple[str, str, str], ...]  # (rule set, its make, why)

    @property
    def answer_word(self) -> str:
        return _WORDS.get(self.answer, self.answer)


def _choices(seat: Chair) -> tuple[Choice, ...]:
    values = ["no-trumps", "hearts", "diamonds", "clubs", "spades"] + (
        ["pass"] if seat is Chair.DEALER else []
    )
    return tuple(Choice(v, _SYMBOLS.get(v, ""), _WORDS[v]) for v in values)


def _advice(ex: MakeExample) -> tuple[tuple[str, str, str], ...]:
    cards = ex.cards()
    advice = (
        [foster_dealer(cards, ex.score), elwell_dealer(cards, ex.score)]
        if ex.seat is Chair.DEALER
        else [foster_dummy(cards)]
    ) + [dummy_bridge(cards)]
    return tuple((a.source, a.call_word, "; ".join(a.reasons)) for a in advice)


def _other(first: MakeExample, other: MakeExample) -> str:
    verb = "agrees" if other.expected == first.expected else "differs"
    word = "pass" if other.expected == "pass" else _WORDS.get(other.expected, other.expected).lower()
    return f"{_AUTHOR[other.rule]}'s rule {verb}: {word} — {other.comment} ({other.source})."


def exercises(examples: tuple[MakeExample, ...] = EXAMPLES) -> list[ExerciseView]:
    """The exercises, in the examples' order: only hands of 13 cards (a hand the source prints with
    another count is left out), one exercise per hand, seat and score."""
    groups: dict[tuple[frozenset[object], Chair, int], list[MakeExample]] = {}
    for ex in examples:
        if len(ex.cards()) == 13:
            groups.setdefault((frozenset(ex.cards()), ex.seat, ex.score), []).append(ex)
    out = []
    for n, (first, *rest) in enumerate(groups.values(), start=1):
        out.append(
            ExerciseView(
                number=n,
                seat=str(first.seat),
                author=_AUTHOR[first.rule],
                source=first.source,
                score=first.score,
                suits=(
                    ("♠", "spades", first.spades),
                    ("♥", "hearts", first.hearts),
                    ("♦", "diamonds", first.diamonds),
                    ("♣", "clubs", first.clubs),
                ),
                choices=_choices(first.seat),
                answer=first.expected,
                reason=first.comment,
                others=tuple(_other(first, o) for o in rest),
                advice=_advice(first),
            )
        )
    return out


def technique_definitions(make: str) -> Mapping[str, str]:
    """Each technique heading of the index (as the detectors name it, and ``make``, the make's) → its
    short definition: the vocabulary's definitions of the techniques its detector finds, joined."""
    out = {make: MAKE_DEFINITION}
    for name in detector_names():
        heading = TECHNIQUES[name]
        words = [_without(heading, VOCABULARY[t].definition) for t in techniques_of_detector(name)]
        if words:
            out[heading] = "; ".join(words)
    return out


def _without(heading: str, definition: str) -> str:
    """The definition without a lead-in that repeats the heading ("the Eleven Rule: from …")."""
    head, sep, rest = definition.partition(": ")
    return rest if sep and head.casefold() in heading.casefold() else definition
