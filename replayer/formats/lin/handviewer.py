"""Links that open a LIN board in BBO's Handviewer, kept under a length that browsers and
servers accept by leaving out, in turn, the commentary, the explanations and the players' names."""

from __future__ import annotations

import urllib.parse
from collections.abc import Iterable
from dataclasses import dataclass

from .tokens import clean, tokens

__all__ = [
    "HANDVIEWER",
    "URL_MAX_LENGTH",
    "URL_SAFE_LENGTH",
    "HandviewerLink",
    "handviewer_link",
    "handviewer_url",
]

HANDVIEWER = "https://www.bridgebase.com/tools/handviewer.html"
#: Links up to this length work in every browser and server (old Internet Explorer: 2,083).
URL_SAFE_LENGTH = 2000
#: HTTP recommends that every client and server accept at least 8,000 octets (RFC 9110 §4.1).
URL_MAX_LENGTH = 8000


@dataclass(frozen=True)
class HandviewerLink:
    """A Handviewer link and what had to be left out of the LIN to keep it under the limit."""

    url: str
    dropped_notes: int = 0
    dropped_explanations: int = 0
    dropped_names: bool = False
    fits: bool = True


def handviewer_url(lin: str, *, max_length: int | None = URL_MAX_LENGTH) -> str:
    """A link that opens ``lin`` (one board) in BBO's Handviewer: ``…/handviewer.html?lin=…``
    with the LIN percent-encoded (no raw ``|``).  Over ``max_length`` characters, commentary,
    then explanations, then player names are left out (see :func:`handviewer_link`)."""
    return handviewer_link(lin, max_length=max_length).url


def handviewer_link(lin: str, *, max_length: int | None = URL_MAX_LENGTH) -> HandviewerLink:
    """:func:`handviewer_url`, saying what was left out to fit and whether it fits."""
    pairs = _pairs(lin)
    lin = _join(pairs)

    def url(text: str) -> str:
        return f"{HANDVIEWER}?lin={urllib.parse.quote(text, safe='')}"

    full = url(lin)
    if max_length is None or len(full) <= max_length:
        return HandviewerLink(full)
    dropped_notes = sum(1 for c, _ in pairs if c.lower() == "nt")
    pairs = _drop_notes(pairs)
    shorter = url(_join(pairs))
    if len(shorter) <= max_length:
        return HandviewerLink(shorter, dropped_notes)
    dropped_explanations = sum(1 for c, _ in pairs if c.lower() == "an")
    pairs = [(c, v) for c, v in pairs if c.lower() != "an"]
    shorter = url(_join(pairs))
    if len(shorter) <= max_length:
        return HandviewerLink(shorter, dropped_notes, dropped_explanations)
    pairs = [(c, v) for c, v in pairs if c.lower() != "pn"]
    shorter = url(_join(pairs))
    return HandviewerLink(shorter, dropped_notes, dropped_explanations, True, len(shorter) <= max_length)


def _pairs(lin: str) -> list[tuple[str, str]]:
    """The commands as :func:`read_lin` sees them (line breaks between them dropped)."""
    return [(clean(t.raw_command.strip()), clean(t.value)) for t in tokens(lin)]


def _drop_notes(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Without ``nt|``; the pauses that then stand side by side become one."""
    out: list[tuple[str, str]] = []
    for c, v in pairs:
        if c.lower() == "nt" or (c.lower() == "pg" and out and out[-1][0].lower() == "pg"):
            continue
        out.append((c, v))
    return out


def _join(pairs: Iterable[tuple[str, str]]) -> str:
    return "".join(f"{c}|{v}|" for c, v in pairs)
