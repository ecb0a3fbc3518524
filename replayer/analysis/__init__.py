"""Double-dummy analysis of a recorded play, and of the author's claims, through endplay (DDS).

``solver`` asks endplay's solver (imported only when a position must be solved) and keeps a cache in
front of it; ``positions`` are the positions walked through the play; ``play`` weighs every card
(``analyse`` → ``PlayAnalysis``); ``lines`` gives the best line from a point of the play; ``claims``
judges the author's claims (``verify_claims`` → ``ClaimVerdict``); ``naming`` says how the texts name
sides and players.  Pure: no file I/O.
"""

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
