"""Double-dummy analysis of a recorded play, and of the author's claims, through endplay (DDS).

``solver`` asks endplay's solver (imported only when a position must be solved) and keeps a cache in
front of it; ``positions`` are the positions walked through the play; ``play`` weighs every card
(``analyse`` → ``PlayAnalysis``); ``lines`` gives the best line from a point of the play; ``claims``
judges the author's claims (``verify_claims`` → ``ClaimVerdict``); ``naming`` says how the texts name
sides and players.  Pure: no file I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
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

# Each name and its module, imported on first use (PEP 562): asking ``dds_available()`` (a build
# deciding whether to solve) or importing one module of the package must not load the claims, the
# lines and the play analysis as well.  (Hidden from mypy, which reads the imports above.)
_WHERE = {
    **dict.fromkeys(("ClaimVerdict", "Verdict", "verify_claims"), ".claims"),
    "best_line": ".lines",
    **dict.fromkeys(("CardAnalysis", "PlayAnalysis", "analyse"), ".play"),
    **dict.fromkeys(("INSTALL_HINT", "dds_available"), ".solver"),
}

if not TYPE_CHECKING:

    def __getattr__(name: str) -> object:
        where = _WHERE.get(name)
        if where is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        from importlib import import_module

        value = getattr(import_module(where, __name__), name)
        globals()[name] = value  # the next look-up is an ordinary attribute
        return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
