"""PBN 2.1 (Portable Bridge Notation): a forgiving reader and a strict writer.

``read_pbn(data, path)`` takes the bytes (or text) of a PBN file and returns its games and
the problems found, each located (line, column) and naming the board.  It never raises:
whatever cannot be read is reported and left out, and reading goes on.

``write_pbn(games)`` writes the games in the standard's *export* format; ``make_game``
builds a game from plain values (our hands) for that export.

Nothing here does I/O: the caller reads and writes the files (see ``encode_pbn``).
The format is described in docs/pbn.md; the standard is PBN 2.1 (tistis.nl/pbn).

The modules, in the order a file goes through them: ``lexer`` (bytes to located items),
``reader`` (items to games, tags and sections; inheritance; diagnostics), ``sections`` (the
auction's and play's tokens and annotations), ``decode`` (a game's tags made into values:
``values`` for the deal, contract, result and the other tags' forms, ``auction`` and ``play``
for the sections); ``model`` holds what is read, ``tags`` and ``notation`` the standard's
vocabulary; ``writer`` writes the export format and ``make`` builds a game from plain values.
"""

from __future__ import annotations

from .make import make_game
from .model import (
    PbnAuction,
    PbnComment,
    PbnDirective,
    PbnGame,
    PbnPlay,
    PbnRow,
    PbnTag,
    PbnToken,
    PbnTrick,
    Remark,
)
from .reader import read_pbn
from .tags import MANDATORY_TAGS
from .writer import encode_pbn, write_pbn

__all__ = [
    "PbnComment",
    "PbnDirective",
    "Remark",
    "PbnToken",
    "PbnRow",
    "PbnTag",
    "PbnAuction",
    "PbnTrick",
    "PbnPlay",
    "PbnGame",
    "MANDATORY_TAGS",
    "read_pbn",
    "write_pbn",
    "encode_pbn",
    "make_game",
]
