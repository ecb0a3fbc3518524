"""The detectors, one module for each part of the play, and their registry.

``DETECTORS`` is built here from the modules named below: every ``Detector`` in them, in its place
(its phase, then its rank within the phase — the leads and the defence first, then the declarer's
play).  A trick's findings are listed in that order.  Add a module to ``MODULES`` and its detectors
are registered; there is no other list to keep in step.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from types import MappingProxyType, ModuleType

from ..findings import Detector
from . import (
    declarer,
    declarer_choices,
    defence,
    discards,
    eleven,
    endings,
    entries,
    holdups,
    keep_out,
    leads,
    long_suits,
    overtakes,
    reading,
    second_hand,
    trump_leads,
    trumps,
    unblocking,
)

__all__ = ["DETECTORS", "MODULES", "TECHNIQUES", "registry"]

#: the modules that hold detectors
MODULES: tuple[ModuleType, ...] = (
    leads,
    trump_leads,
    eleven,
    second_hand,
    defence,
    discards,
    unblocking,
    declarer,
    declarer_choices,
    holdups,
    long_suits,
    keep_out,
    entries,
    overtakes,
    trumps,
    endings,
    reading,
)


def registry(modules: Iterable[ModuleType]) -> Mapping[str, Detector]:
    """Every detector defined in ``modules``, by name, in its place.  Two detectors may share neither
    a name nor a place."""
    found = {id(d): d for m in modules for d in vars(m).values() if isinstance(d, Detector)}
    ordered = sorted(found.values(), key=lambda d: d.place)
    for a, b in itertools.pairwise(ordered):
        if a.place == b.place:
            raise ValueError(f"detectors {a.name!r} and {b.name!r} share the place {a.place}")
    by_name: dict[str, Detector] = {}
    for d in ordered:
        if d.name in by_name:
            raise ValueError(f"two detectors named {d.name!r}")
        by_name[d.name] = d
    return MappingProxyType(by_name)


#: name -> detector, in the order a trick's findings are listed
DETECTORS: Mapping[str, Detector] = registry(MODULES)
#: name -> the technique's name as a lesson shows it
TECHNIQUES: Mapping[str, str] = MappingProxyType({n: d.technique for n, d in DETECTORS.items()})
