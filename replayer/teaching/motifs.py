"""Teaching motifs as the rest of replayer sees them: what a detector reads, what it finds, and the
registry of them all (rules-reference §7).

The pieces live by meaning — ``context`` (the replayed hand a detector reads), ``findings`` (a
finding, a detector and its place), ``words`` (how the notes are written) and ``detectors`` (the
detectors, one module for each part of the play, and their registry); this module gathers the names
the lessons and the command line use.
"""

from __future__ import annotations

from .context import Context
from .detectors import DETECTORS, TECHNIQUES
from .findings import Detector, Finding, Phase, detector, each_trick

__all__ = ["Context", "DETECTORS", "Detector", "Finding", "Phase", "TECHNIQUES", "detector", "each_trick"]
