"""BBO's LIN format, read and written, and links to BBO's Handviewer.

LIN is a flat run of ``command|value|`` pairs (``md|…|sv|o|mb|1H|pc|SA|…``); a file may hold
one board or many (vugraph files mark each board with ``qx|``).  :func:`read_lin` turns a text
into :class:`LinBoard` values and diagnostics and never raises; :func:`write_lin` writes one
board back; :func:`make_board` builds a board from plain values; :func:`handviewer_url` makes a
link that opens a LIN string in BBO's Handviewer.

Commentary (``nt|``) is attached to the call or card it follows (or to the board's start, or to
the claim), alerts (``an|``) to the call they follow.  Pure: takes strings, returns data.
The format is described in docs/lin.md.

The modules: ``tokens`` (the pairs, and texts made safe for a value), ``notation`` (seats,
vulnerability, calls, cards and hands as LIN spells them), ``reader`` (the commands of each board
into a ``segment``), ``board`` (a segment built into a board), ``model`` (what is read),
``writer``, ``make`` (a board from plain values) and ``handviewer``.
"""

from __future__ import annotations

from .handviewer import (
    HANDVIEWER,
    URL_MAX_LENGTH,
    URL_SAFE_LENGTH,
    HandviewerLink,
    handviewer_link,
    handviewer_url,
)
from .make import make_board
from .model import LinBoard, LinCall, LinContract, LinMake, LinPlay, LinTrick
from .notation import read_call, read_card
from .reader import read_lin
from .tokens import lin_text
from .writer import write_lin

__all__ = [
    "HANDVIEWER",
    "URL_MAX_LENGTH",
    "URL_SAFE_LENGTH",
    "HandviewerLink",
    "LinBoard",
    "LinCall",
    "LinContract",
    "LinMake",
    "LinPlay",
    "LinTrick",
    "handviewer_link",
    "handviewer_url",
    "lin_text",
    "make_board",
    "read_call",
    "read_card",
    "read_lin",
    "write_lin",
]
