"""The partnerships as files and books write them, read into enums at the edge.

A hand file names a side by the book's letters (``AB``, ``Y and Z``) or by the compass (``NS``);
a narrative rubber by the scorer's chair (``WE``, ``THEY``).  The letters and the compass are
:class:`~replayer.rules.cards.BookPair` and :class:`~replayer.rules.cards.Pair`; the chair is
:class:`Narrative`.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType

from ..rules.seats import BookPair, Pair

__all__ = ["Narrative", "SIDE_WORDS", "RUBBER_SIDES"]


class Narrative(enum.StrEnum):
    """A side named from the scorer's chair, as the books' worked rubbers tell them."""

    WE = "WE"
    THEY = "THEY"

    @property
    def label(self) -> str:
        """``we`` or ``they``, as a sentence says it."""
        return self.value.lower()


#: how a file may write a partnership (compared upper-cased), and the partnership it names
SIDE_WORDS: Mapping[str, Pair | BookPair] = MappingProxyType(
    {
        "AB": BookPair.AB,
        "A-B": BookPair.AB,
        "A–B": BookPair.AB,
        "A AND B": BookPair.AB,
        "YZ": BookPair.YZ,
        "Y-Z": BookPair.YZ,
        "Y–Z": BookPair.YZ,
        "Y AND Z": BookPair.YZ,
        "NS": Pair.NS,
        "N-S": Pair.NS,
        "EW": Pair.EW,
        "E-W": Pair.EW,
    }
)

#: how a rubber file may name a deal's declaring side (compared upper-cased)
RUBBER_SIDES: Mapping[str, Pair | BookPair | Narrative] = MappingProxyType(
    {
        "WE": Narrative.WE,
        "THEY": Narrative.THEY,
        "AB": BookPair.AB,
        "YZ": BookPair.YZ,
        "NS": Pair.NS,
        "EW": Pair.EW,
    }
)
