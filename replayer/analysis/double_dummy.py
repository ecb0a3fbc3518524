"""The analysis's first module, kept as a name its importers still use: the lessons import
``PlayAnalysis``, ``analyse``, ``dds_available`` and ``verify_claims`` from here.  The code lives in the
package's modules (see ``replayer.analysis``); new code imports from the package."""

from __future__ import annotations

from .claims import ClaimVerdict, Verdict, verify_claims
from .lines import best_line
from .play import CardAnalysis, PlayAnalysis, analyse
from .solver import INSTALL_HINT, dds_available

__all__ = [
    "INSTALL_HINT",
    "CardAnalysis",
    "ClaimVerdict",
    "PlayAnalysis",
    "Verdict",
    "analyse",
    "best_line",
    "dds_available",
    "verify_claims",
]
