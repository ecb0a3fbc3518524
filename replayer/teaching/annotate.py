"""Run every registered detector over a replayed hand: the notes the cards themselves teach.

Importing the detector modules registers them (``motifs.detector``); the order of the findings is
the order of the play, then the order the detectors were registered in.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..rules.game import Game
from .detectors import declarer, defence, leads  # noqa: F401  (they register themselves)
from .motifs import DETECTORS, TECHNIQUES, Context, Finding

__all__ = ["annotate", "DETECTORS", "TECHNIQUES", "ORDER", "detector_names"]

#: the order findings of one trick are listed in, whatever order the modules were imported in:
#: the lead and the defence first, then the declarer's play
ORDER = (
    "lead",
    "eleven",
    "fourchette",
    "cover",
    "through",
    "trump-lead",
    "echo",
    "unblock",
    "return",
    "third-hand",
    "discard",
    "bath-coup",
    "hold-up",
    "finesse",
    "establish",
    "re-entry",
    "draw-trumps",
)


def detector_names() -> list[str]:
    """Every registered detector, in ``ORDER`` (any not listed there last, by name)."""
    return [n for n in ORDER if n in DETECTORS] + sorted(n for n in DETECTORS if n not in ORDER)


def annotate(game: Game, names: Iterable[str] | None = None) -> list[Finding]:
    """The findings of the detectors named (all by default), in the order of the play."""
    wanted = detector_names() if names is None else list(names)
    unknown = [n for n in wanted if n not in DETECTORS]
    if unknown:
        raise KeyError(f"no detector named {', '.join(unknown)}; known: {', '.join(DETECTORS)}")
    ctx = Context(game)
    found: list[Finding] = []
    for name in wanted:
        found.extend(DETECTORS[name](ctx))
    order = {name: k for k, name in enumerate(detector_names())}
    return sorted(found, key=lambda f: (f.trick, order[f.motif]))
