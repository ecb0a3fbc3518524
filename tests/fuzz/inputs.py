"""The fuzzer's inputs, what a mutation gives, and how big the big mutations get.

Inputs (``Base``): Foster's hands (``hands/``) and the valid fixtures (``tests/fixtures/valid/``) as
YAML; the PBN and LIN files of ``tests/fixtures/corpus/`` (a PBN file over 20 KB is cut into windows
of a few games, so one mutant stays cheap to read).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HANDS = ROOT / "hands"
VALID = ROOT / "tests" / "fixtures" / "valid"
CORPUS = ROOT / "tests" / "fixtures" / "corpus"
FORMATS = ("yaml", "pbn", "lin")

#: The mutant must give an error: a card of the play or the deal replaced so the cards are illegal.
EXPECT_ERROR = "error"
#: Two played cards swapped: if no error is reported, the tricks each side won must not have
#: changed (the result line names them), else the file's result line is wrong and was accepted.
EXPECT_TRICKS = "tricks"
#: A PBN or LIN card of the play replaced by another card of the same board's play: an error or a
#: warning must be reported (when the input imported without one).
EXPECT_REPORT = "report"

#: A PBN file larger than this is cut into windows of ``_WINDOW`` games.
_BIG = 20_000
_WINDOW = 6


@dataclass(frozen=True, slots=True)
class Sizes:
    """How big the big mutations get: CI keeps them small, the long run larger."""

    depth: int  # nesting levels
    digits: int  # digits in a number
    rows: int  # trick rows, or cards in one row
    keys: int  # unknown keys, notes
    length: int  # characters in one value


CI_SIZES = Sizes(depth=1_000, digits=5_000, rows=2_000, keys=1_000, length=20_000)
LONG_SIZES = Sizes(depth=20_000, digits=50_000, rows=20_000, keys=10_000, length=200_000)


@dataclass(frozen=True, slots=True, repr=False)
class Base:
    """One input before mutation."""

    fmt: str  # yaml, pbn or lin
    name: str  # where it comes from, relative to the repository (a window: ``path#games-6-11``)
    data: bytes

    def __repr__(self) -> str:
        return f"<{self.name}>"

    @property
    def suffix(self) -> str:
        return ".rubber.yaml" if self.name.endswith(".rubber.yaml") else "." + self.fmt

    @property
    def rubber(self) -> bool:
        return self.suffix == ".rubber.yaml"


@dataclass(frozen=True, slots=True, repr=False)
class Mutant:
    """One mutated input: what it came from, the kind of change, the bytes, and what was done."""

    base: Base
    kind: str
    data: bytes
    what: str  # one line: where and what was changed
    expect: str | None = None  # EXPECT_ERROR, EXPECT_TRICKS, EXPECT_REPORT or None

    def __repr__(self) -> str:
        return f"<{self.describe()[:400]}: {len(self.data)} bytes>"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """What hypothesis prints for a failing example: the description, not the bytes."""
        printer.text(repr(self))

    @property
    def fmt(self) -> str:
        return self.base.fmt

    def describe(self) -> str:
        return f"{self.base.name} [{self.kind}] {self.what}" + (
            f" (expect: {self.expect})" if self.expect else ""
        )


# ---------------------------------------------------------------------------------------------
# The inputs


@cache
def bases(fmt: str) -> tuple[Base, ...]:
    """Every input of one format, in a fixed order."""
    if fmt == "yaml":
        files = sorted(HANDS.rglob("*.yaml")) + sorted(VALID.glob("*.yaml"))
        return tuple(Base("yaml", f.relative_to(ROOT).as_posix(), f.read_bytes()) for f in files)
    out: list[Base] = []
    for f in sorted((CORPUS / fmt).glob(f"*.{fmt}")):
        data = f.read_bytes()
        name = f.relative_to(ROOT).as_posix()
        if fmt == "pbn" and len(data) > _BIG:
            out += _windows(name, data)
        else:
            out.append(Base(fmt, name, data))
    return tuple(out)


def _windows(name: str, data: bytes) -> list[Base]:
    """A large PBN file as a few windows of ``_WINDOW`` games (games stand apart by a blank line)."""
    text, codec = decode(data)
    games = re.split(r"\r?\n[ \t]*\r?\n", text)
    head = games[0] + "\n\n" if games[0].lstrip().startswith("%") else ""
    out = []
    for start in sorted({0, len(games) // 3, 2 * len(games) // 3}):
        chunk = "\n\n".join(games[max(start, 1 if head else 0) : start + _WINDOW])
        end = start + _WINDOW - 1
        out.append(Base("pbn", f"{name}#games-{start}-{end}", encode(head + chunk + "\n", codec)))
    return out


def decode(data: bytes) -> tuple[str, str]:
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def encode(text: str, codec: str) -> bytes:
    try:
        return text.encode(codec)
    except UnicodeEncodeError:
        return text.encode("utf-8", errors="surrogatepass")


def short(s: str) -> str:
    return repr(s) if len(s) <= 40 else f"{s[:12]!r}… ({len(s)} characters)"
