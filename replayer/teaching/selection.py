"""Which derived notes a lesson shows, and where: the engine's notes must earn their place beside the
author's (issue 14, item 5).

Each derived note (the make, each shown finding) is placed as one of:

- ``TAG``: it repeats an author's note, naming a technique that note names (its ``techniques:``
  labels) at one of that note's tricks; it becomes a tag on the author's note, not a second note;
- ``LEAD``: shown beside the author's notes: at most one per trick (the make counts as the note
  before the play), the best by ``Rank``, and never more on the page than the author has notes;
- ``MORE``: the rest, behind a "more from the cards" disclosure.

Nothing is dropped: every note is placed.  Pure data, no I/O.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from .findings import Finding
from .techniques import techniques_of_detector

__all__ = [
    "Place",
    "Rank",
    "RANK_REASONS",
    "RARE",
    "ROUTINE",
    "AuthorNote",
    "Candidate",
    "Placement",
    "of_finding",
    "of_make",
    "select",
]

#: techniques a student meets seldom, and should not miss when the cards show them
RARE = frozenset(
    {"squeeze", "throw-in", "hold-up", "bath-coup", "duck", "false-card", "refuse-finesse", "keep-out"}
)
#: techniques of almost every hand: the opening lead's table, the Eleven Rule, third hand high
ROUTINE = frozenset({"lead", "eleven", "third-hand"})


class Place(enum.StrEnum):
    """Where a derived note goes on the page; the value is its class there."""

    TAG = "tag"
    LEAD = "lead"
    MORE = "more"


class Rank(enum.IntEnum):
    """What a derived note teaches, best first: the order in which notes get a place beside the
    author's (``RANK_REASONS`` says why each comes where it does)."""

    THEME = 0
    DEPARTURE = 1
    RARE = 2
    MAKE = 3
    PLAY = 4
    ROUTINE = 5


RANK_REASONS: Mapping[Rank, str] = MappingProxyType(
    {
        Rank.THEME: "a technique the author names elsewhere in this hand: the hand's theme, seen again",
        Rank.DEPARTURE: "a play the rule advises against (or a make the rules do not advise): worth noticing",
        Rank.RARE: "a technique met seldom (squeeze, throw-in, hold-up, Bath coup…): easily missed",
        Rank.MAKE: "the declaration, judged by the books' rules: the first decision of every hand",
        Rank.PLAY: "a technique of the play that the author does not name here",
        Rank.ROUTINE: "a routine of almost every hand (the lead's table, the Eleven Rule, third hand high)",
    }
)


@dataclass(frozen=True, slots=True)
class AuthorNote:
    """An author's note as the selection sees it: its tricks and the techniques it names there."""

    tricks: tuple[int, ...]
    techniques: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Candidate:
    """A derived note as the selection sees it."""

    techniques: tuple[str, ...]  # the techniques it shows (its detector's, in the vocabulary)
    tricks: tuple[int, ...]  # every trick it speaks of (none: the make)
    row: int | None  # the trick whose row prints it (None: before the play)
    departs: bool = False  # the play departs from the rule (or the make from the rules' advice)
    make: bool = False


def of_finding(finding: Finding, row: int | None) -> Candidate:
    """A finding as a candidate, printed at trick ``row``."""
    return Candidate(
        techniques_of_detector(finding.motif),
        finding.all_tricks,
        row,
        departs=finding.departs,
    )


def of_make(agrees: bool) -> Candidate:
    """The make note as a candidate: before the play; a departure when the make is not the one the
    rules advise."""
    return Candidate((), (), None, departs=not agrees, make=True)


@dataclass(frozen=True, slots=True)
class Placement:
    """Where one derived note goes: its place, its rank, and for a tag the author's note it is on."""

    place: Place
    rank: Rank
    note: int | None = None  # TAG: the index of the author's note (in the order given)

    @property
    def reason(self) -> str:
        return RANK_REASONS[self.rank]


def _tagged(c: Candidate, notes: Sequence[AuthorNote]) -> int | None:
    """The first author's note this candidate repeats: a technique it names, at one of its tricks."""
    for k, n in enumerate(notes):
        if set(c.techniques) & set(n.techniques) and set(c.tricks) & set(n.tricks):
            return k
    return None


def _rank(c: Candidate, theme: frozenset[str]) -> Rank:
    if set(c.techniques) & theme:
        return Rank.THEME
    if c.departs:
        return Rank.DEPARTURE
    if set(c.techniques) & RARE:
        return Rank.RARE
    if c.make:
        return Rank.MAKE
    if c.techniques and set(c.techniques) <= ROUTINE:
        return Rank.ROUTINE
    return Rank.PLAY


def select(candidates: Sequence[Candidate], notes: Sequence[AuthorNote]) -> tuple[Placement, ...]:
    """The place of each candidate (in the order given) beside the author's ``notes``: tags first;
    then, while the page has fewer derived notes than the author has notes, a ``LEAD`` at a trick
    that has none yet: the best by rank, a technique not yet shown in a derived note before one that
    is (it teaches less the second time), ties in the order given; the rest ``MORE``."""
    theme = frozenset(t for n in notes for t in n.techniques)
    ranks = [_rank(c, theme) for c in candidates]
    placed: dict[int, Placement] = {}
    for i, c in enumerate(candidates):
        k = _tagged(c, notes)
        if k is not None:
            placed[i] = Placement(Place.TAG, ranks[i], k)
    on_page: set[str] = set()  # a tag is closed on the author's note: the theme still gets its note
    rows: set[int | None] = set()
    for _ in range(len(notes)):
        free = [i for i in range(len(candidates)) if i not in placed and candidates[i].row not in rows]
        if not free:
            break
        best = min(free, key=lambda i: (bool(set(candidates[i].techniques) & on_page), ranks[i], i))
        placed[best] = Placement(Place.LEAD, ranks[best])
        rows.add(candidates[best].row)
        on_page |= set(candidates[best].techniques)
    return tuple(placed.get(i) or Placement(Place.MORE, ranks[i]) for i in range(len(candidates)))
