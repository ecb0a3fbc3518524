"""Run the detectors over a replayed hand: the notes the cards themselves teach.

The detectors are the registry's (``teaching.detectors``); the findings come in the order of the play,
and within a trick in the detectors' places: the leads and the defence first, then the declarer's play.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..rules.game import Game
from .context import Author, Context
from .detectors import DETECTORS, TECHNIQUES
from .findings import Finding

__all__ = ["annotate", "Author", "DETECTORS", "TECHNIQUES", "detector_names"]


def detector_names() -> list[str]:
    """Every detector's name, in its place."""
    return list(DETECTORS)


def annotate(
    game: Game, names: Iterable[str] | None = None, author: Author = Author.UNKNOWN
) -> list[Finding]:
    """The findings of the detectors named (all by default), in the order of the play; ``author`` is
    the author of the hand's book, whose rules the notes name."""
    wanted = detector_names() if names is None else list(names)
    unknown = [n for n in wanted if n not in DETECTORS]
    if unknown:
        raise KeyError(f"no detector named {', '.join(unknown)}; known: {', '.join(DETECTORS)}")
    ctx = Context(game, author)
    found: list[Finding] = []
    for name in wanted:
        found.extend(DETECTORS[name](ctx))
    order = {name: k for k, name in enumerate(DETECTORS)}
    return sorted(found, key=lambda f: (f.trick, order[f.motif]))
