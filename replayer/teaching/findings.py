"""What a detector is and what it finds (rules-reference §7.0).

A detector is a small pure function of a ``Context`` (a replayed hand with all four hands known)
returning ``Finding``s: the motif, a label, the trick, the seats and cards involved, the facts, and the
note in our own plain words.  ``@detector`` wraps such a function with its name, the technique's
heading and its place among the others; the registry (``teaching.detectors``) collects them.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from ..rules.cards import Card
from ..rules.seats import Seat
from .context import Context

__all__ = ["DEPARTURES", "Finding", "Phase", "Detector", "detector", "each_trick"]

#: the labels of a note on a play that departs from a technique (the player should have made it and
#: did not): a verdict against the card, and no example of the technique
DEPARTURES = ("_MISSED", "_DEVIATION", "_CONTRARY")


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing the cards show.  ``label`` follows rules-reference §7 (``ELEVEN_APPLIED``);
    ``shown`` is False for findings kept as facts but not worth a note in a lesson."""

    motif: str  # the detector's name, e.g. "eleven"
    label: str
    trick: int  # the trick the note belongs to
    seats: tuple[Seat, ...]
    cards: tuple[Card, ...]
    text: str  # the note, in plain words (Markdown)
    tricks: tuple[int, ...] = ()  # every trick the finding speaks of (default: just ``trick``)
    facts: Mapping[str, object] = field(default_factory=dict)
    shown: bool = True
    technique: str = ""  # the technique's name as a lesson shows it: set by the detector that found it

    @property
    def all_tricks(self) -> tuple[int, ...]:
        return self.tricks or (self.trick,)

    @property
    def departs(self) -> bool:
        """A note on a play that departs from the technique (``UNBLOCK_MISSED``)."""
        return self.label.endswith(DEPARTURES)


class Phase(enum.IntEnum):
    """The part of the play a detector reads.  The findings of one trick are listed phase by phase:
    the leads and the defence first, then the declarer's play."""

    LEADS = 1  # the leads, and the plays that read them
    DEFENCE = 2  # the defenders' signals, returns, third-hand play and discards
    DECLARERS_PLAY = 3


Find = Callable[[Context], list[Finding]]


@dataclass(frozen=True, slots=True)
class Detector:
    """A detector: its name (``eleven``), the heading readers see (``The Eleven Rule``), its place
    (its phase, then its rank within the phase) and the function that finds."""

    name: str
    technique: str
    phase: Phase
    rank: int
    find: Find

    @property
    def place(self) -> tuple[Phase, int]:
        return self.phase, self.rank

    def __call__(self, ctx: Context) -> list[Finding]:
        return [dataclasses.replace(f, technique=self.technique) for f in self.find(ctx)]


def detector(name: str, technique: str, phase: Phase, rank: int) -> Callable[[Find], Detector]:
    """Make a function of a ``Context`` a detector named ``name``; ``technique`` is the heading
    readers see, ``phase`` and ``rank`` its place among the others."""

    def make(find: Find) -> Detector:
        return Detector(name, technique, phase, rank, find)

    return make


def each_trick(
    ctx: Context, at: Callable[[Context, int], Finding | Iterable[Finding] | None]
) -> list[Finding]:
    """What ``at`` finds in each recorded trick in turn (most detectors look trick by trick): one
    finding, several, or none (``None``)."""
    found: list[Finding] = []
    for i in range(len(ctx.tricks)):
        got = at(ctx, i)
        if isinstance(got, Finding):
            found.append(got)
        elif got is not None:
            found.extend(got)
    return found
