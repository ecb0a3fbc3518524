"""Mutations of any text: bytes flipped, lines deleted, copied or swapped, truncation, junk,
digits replaced by ``²`` or by thousands of digits, look-alike characters, line ends, long runs."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from .inputs import Sizes, short

# ---------------------------------------------------------------------------------------------
# Generic mutations: any text


Edit = tuple[str, str]  # the new text, what was done
TextMutator = Callable[[random.Random, str, Sizes], Edit | None]


def _digit_standins(sizes: Sizes) -> tuple[str, ...]:
    return (
        "²",
        "¹²",
        "١٣",  # Arabic-Indic digits: isdigit(), and int() reads them
        "１３",  # full-width digits
        "Ⅻ",
        "½",
        "0",
        "00",
        "-1",
        "+7",
        "1e9",
        "0x10",
        "1_000",
        "9" * 20,
        "9" * 5_000,
        "1" + "0" * sizes.digits,
    )


_JUNK = (
    "\t",
    "\x00",
    "\ufeff",
    "\u200b",
    "\u202e",
    "\r",
    ": ",
    " #",
    "- ",
    "[",
    "]",
    "{",
    "}",
    "|",
    "||",
    '"',
    "'",
    "&a ",
    "*a ",
    "!!python/object:os.system ",
    "<<: *a",
    "%TAG ! tag:x,2000:\n",
    "---\n",
    "...\n",
    "\n",
    "%",
    ";",
    "\\",
    "²",
    "♠",
    "10",
)

_CONFUSABLE = {
    "K": "Ｋ",
    "A": "А",  # Cyrillic
    "1": "１",
    "0": "０",
    "-": "−",
    ":": "：",
    " ": "\u00a0",
    "♠": "♤",
    "♥": "♡",
    "|": "｜",
    '"': "“",
    "[": "［",
    "]": "］",
    ",": "，",
}


def _delete_lines(rng: random.Random, text: str, sizes: Sizes) -> Edit:
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    k = rng.choice((1, 1, 1, 2, 3))
    del lines[i : i + k]
    return "\n".join(lines), f"deleted lines {i + 1}-{i + k}"


def _duplicate_line(rng: random.Random, text: str, sizes: Sizes) -> Edit:
    lines = text.split("\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines.insert(j, lines[i])
    return "\n".join(lines), f"line {i + 1} copied before line {j + 1}"


def _swap_lines(rng: random.Random, text: str, sizes: Sizes) -> Edit:
    lines = text.split("\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines), f"lines {i + 1} and {j + 1} swapped"


def _truncate(rng: random.Random, text: str, sizes: Sizes) -> Edit:
    if rng.random() < 0.5:
        lines = text.split("\n")
        n = rng.randrange(len(lines))
        return "\n".join(lines[:n]) + ("\n" if rng.random() < 0.5 else ""), f"cut after line {n}"
    n = rng.randrange(len(text) + 1)
    return text[:n], f"cut after character {n}"


def _insert_junk(rng: random.Random, text: str, sizes: Sizes) -> Edit:
    at = rng.randrange(len(text) + 1)
    if rng.random() < 0.7:
        junk = rng.choice(_JUNK)
    else:
        junk = "".join(rng.choice("ab1²:-[]{}|\"' \n\t#♠*&!%") for _ in range(rng.randint(1, 12)))
    return text[:at] + junk + text[at:], f"inserted {junk[:40]!r} at character {at}"


def _delete_range(rng: random.Random, text: str, sizes: Sizes) -> Edit:
    a = rng.randrange(len(text) + 1)
    b = min(len(text), a + rng.randint(1, 40))
    return text[:a] + text[b:], f"deleted characters {a}-{b}"


def _digits(rng: random.Random, text: str, sizes: Sizes) -> Edit | None:
    runs = list(re.finditer(r"[0-9]+", text))
    if not runs:
        return None
    m = rng.choice(runs)
    new = rng.choice(_digit_standins(sizes))
    return text[: m.start()] + new + text[m.end() :], f"{m.group()!r} at {m.start()} -> {short(new)}"


def _confusable(rng: random.Random, text: str, sizes: Sizes) -> Edit | None:
    places = [i for i, ch in enumerate(text) if ch in _CONFUSABLE]
    if not places:
        return None
    i = rng.choice(places)
    return text[:i] + _CONFUSABLE[text[i]] + text[i + 1 :], f"{text[i]!r} at {i} -> {_CONFUSABLE[text[i]]!r}"


def _line_ends(rng: random.Random, text: str, sizes: Sizes) -> Edit:
    how = rng.choice(("crlf", "cr", "mixed", "bom", "nul", "tabs"))
    if how == "crlf":
        return text.replace("\n", "\r\n"), "CRLF line ends"
    if how == "cr":
        return text.replace("\n", "\r"), "CR line ends"
    if how == "mixed":
        lines = text.split("\n")
        return "".join(ln + rng.choice(("\n", "\r\n", "\r")) for ln in lines), "mixed line ends"
    if how == "bom":
        return "\ufeff" + text, "a byte-order mark"
    if how == "nul":
        at = rng.randrange(len(text) + 1)
        return text[:at] + "\x00" + text[at:], f"NUL at {at}"
    return text.replace("  ", "\t"), "tabs for indentation"


def _long_value(rng: random.Random, text: str, sizes: Sizes) -> Edit:
    """A run of one character, thousands long, inserted at a random place."""
    at = rng.randrange(len(text) + 1)
    ch = rng.choice("x9 ♠-|[{")
    n = rng.choice((300, 5_000, sizes.length))
    return text[:at] + ch * n + text[at:], f"{n} × {ch!r} at {at}"


GENERIC: dict[str, TextMutator] = {
    "delete-lines": _delete_lines,
    "duplicate-line": _duplicate_line,
    "swap-lines": _swap_lines,
    "truncate": _truncate,
    "insert-junk": _insert_junk,
    "delete-range": _delete_range,
    "digits": _digits,
    "confusable": _confusable,
    "line-ends": _line_ends,
    "long-value": _long_value,
}


def byte_flip(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    buf = bytearray(data)
    flipped = []
    for _ in range(rng.randint(1, 4)):
        if not buf:
            break
        i = rng.randrange(len(buf))
        buf[i] ^= rng.randint(1, 255)
        flipped.append(i)
    return bytes(buf), f"bytes flipped at {flipped}"
