"""Mutations of PBN and LIN files: tag values, board names, the deal, the play, the auction and
commentary; pipes, values, ``md|`` deals, claims, board numbers and cards after the 52nd."""

from __future__ import annotations

import random
import re

from replayer.rules.cards import FULL_DECK

from .inputs import EXPECT_REPORT, Sizes, short
from .text import Edit, TextMutator

# ---------------------------------------------------------------------------------------------
# PBN


_TAG = re.compile(r'\[(\w+)\s+"([^"\n]*)"\]')
_PBN_CARD = re.compile(r"(?<![A-Za-z0-9])[SHDCshdc](?:10|[2-9TJQKAtjqka])(?![A-Za-z0-9])")


def _value_standins(rng: random.Random, sizes: Sizes) -> str:
    return rng.choice(
        (
            "",
            " ",
            "²",
            "７",
            "9" * 5_000,
            "x" * 300,
            "x" * sizes.length,
            "../../outside",
            "/etc/passwd",
            "javascript:alert(1)",
            "a\\b",
            "{",
            "N:",
            "?",
            "-",
            "*",
            "7",
            "0",
            "-3",
            "NT",
            "1" + "0" * sizes.digits,
        )
    )


def _pbn_tag_value(rng: random.Random, text: str, sizes: Sizes) -> Edit | None:
    tags = list(_TAG.finditer(text))
    if not tags:
        return None
    m = rng.choice(tags)
    new = _value_standins(rng, sizes)
    return text[: m.start(2)] + new + text[m.end(2) :], f"[{m.group(1)}] value -> {short(new)}"


def _pbn_board_names(rng: random.Random, text: str, sizes: Sizes) -> Edit | None:
    """Every board named from a few colliding names (F11) or a very long one (F10)."""
    names = ("7", "7", "7-2", "7 2", "7/2", "７", "7.", "x" * 300, "..", "CON", "a" * 250 + "²")

    def rename(m: re.Match[str]) -> str:
        return f'[Board "{rng.choice(names)}"]'

    new, n = re.subn(r'\[Board\s+"[^"\n]*"\]', rename, text)
    return (new, f"{n} boards renamed") if n else None


def _section(text: str, tag: str) -> list[re.Match[str]]:
    """Card tokens in the sections that follow ``[tag "…"]`` (up to the next tag or blank line)."""
    out: list[re.Match[str]] = []
    for m in re.finditer(rf'\[{tag}\s+"[^"\n]*"\][^\n]*\n', text):
        end = re.compile(r"\n\s*(\[|\n)|\Z").search(text, m.end())
        stop = end.start() if end else len(text)
        out.extend(_PBN_CARD.finditer(text, m.end(), stop))
    return out


def pbn_play_dup(rng: random.Random, text: str, sizes: Sizes) -> tuple[str, str, str | None] | None:
    """A card of a [Play] section replaced by another card of the same section (a card played twice)."""
    plays = []
    for m in re.finditer(r'\[Play\s+"[^"\n]*"\][^\n]*\n', text):
        end = re.compile(r"\n\s*(\[|\n)|\Z").search(text, m.end())
        cards = list(_PBN_CARD.finditer(text, m.end(), end.start() if end else len(text)))
        if len({c.group().upper() for c in cards}) >= 2:
            plays.append(cards)
    if not plays:
        return None
    cards = rng.choice(plays)
    old = rng.choice(cards)
    new = rng.choice([c for c in cards if c.group().upper() != old.group().upper()]).group()
    what = f"[Play] {old.group()!r} at {old.start()} -> {new!r} (played twice)"
    return text[: old.start()] + new + text[old.end() :], what, EXPECT_REPORT


def _pbn_play_extra(rng: random.Random, text: str, sizes: Sizes) -> Edit | None:
    cards = _section(text, "Play")
    if not cards:
        return None
    at = rng.choice(cards).end()
    extra = " ".join(rng.choice(FULL_DECK).ascii() for _ in range(rng.choice((1, 4, 5, 60))))
    sep = rng.choice((" ", "\n"))
    return text[:at] + sep + extra + text[at:], f"{extra[:30]!r}… added to the play at {at}"


def _mangle_deal(rng: random.Random, value: str) -> tuple[str, str]:
    """A deal's text (PBN ``N:…`` or LIN ``3SKH…,…``) changed one way."""
    how = rng.choice(("swap", "drop", "add", "seat", "reverse", "hands", "case", "empty"))
    if not value or how == "empty":
        return "", "emptied"
    i, j = rng.randrange(len(value)), rng.randrange(len(value))
    if how == "swap":
        chars = list(value)
        chars[i], chars[j] = chars[j], chars[i]
        return "".join(chars), f"characters {i} and {j} swapped"
    if how == "drop":
        return value[:i] + value[i + 1 :], f"character {i} dropped"
    if how == "add":
        ch = rng.choice("AKQJT98765432.,SHDC²")
        return value[:i] + ch + value[i:], f"{ch!r} added at {i}"
    if how == "seat":
        ch = rng.choice("NESWX9²0 ")
        return ch + value[1:], f"first character -> {ch!r}"
    if how == "reverse":
        return value[::-1], "reversed"
    if how == "case":
        return value.swapcase(), "case swapped"
    parts = re.split(r"([ ,])", value)
    words = parts[::2]
    rng.shuffle(words)
    parts[::2] = words
    return "".join(parts), "holdings shuffled"


def _pbn_deal(rng: random.Random, text: str, sizes: Sizes) -> Edit | None:
    deals = list(re.finditer(r'\[Deal\s+"([^"\n]*)"\]', text))
    if not deals:
        return None
    m = rng.choice(deals)
    new, how = _mangle_deal(rng, m.group(1))
    return text[: m.start(1)] + new + text[m.end(1) :], f"[Deal] at {m.start()}: {how}"


def _pbn_commentary(rng: random.Random, text: str, sizes: Sizes) -> Edit:
    at = rng.randrange(len(text) + 1)
    junk = rng.choice(
        (
            "{",
            "}",
            "{" * 500,
            "{ unclosed comment",
            "; a comment line\n",
            "\n% directive\n",
            '[Note "²:x"]\n',
            f'[Note "{"9" * 5_000}:x"]\n',
            '[Note "1:![img](http://127.0.0.1:9/x.png)"]\n',
            "{![x](/etc/passwd.png)}",
            '[Event "x"]\n',
            "[",
            '"',
            "\\",
        )
    )
    return text[:at] + junk + text[at:], f"{short(junk)} inserted at {at}"


def _pbn_auction(rng: random.Random, text: str, sizes: Sizes) -> Edit | None:
    for m in re.finditer(r'\[Auction\s+"[^"\n]*"\][^\n]*\n', text):
        end = re.compile(r"\n\s*(\[|\n)|\Z").search(text, m.end())
        stop = end.start() if end else len(text)
        calls = list(re.finditer(r"\S+", text[m.end() : stop]))
        if calls and rng.random() < 0.7:
            c = rng.choice(calls)
            new = rng.choice(
                ("=²=", f"=9{'9' * 5_000}=", "$99999", "AP", "*", "-", "8NT", "0C", "XXX", "1Z", "^")
            )
            a, b = m.end() + c.start(), m.end() + c.end()
            return text[:a] + new + text[b:], f"call {c.group()!r} at {a} -> {short(new)}"
    return None


PBN_KINDS: dict[str, TextMutator] = {
    "tag-value": _pbn_tag_value,
    "board-names": _pbn_board_names,
    "play-extra": _pbn_play_extra,
    "deal": _pbn_deal,
    "commentary": _pbn_commentary,
    "auction": _pbn_auction,
}


# ---------------------------------------------------------------------------------------------
# LIN


_PAIR = re.compile(r"([A-Za-z]{2})\|([^|]*)\|")
_LIN_PLAY = re.compile(r"(?i)(?<![a-z])pc\|\s*([SHDC](?:10|[2-9TJQKA]))\s*\|")


def _lin_pipes(rng: random.Random, text: str, sizes: Sizes) -> Edit | None:
    pipes = [i for i, ch in enumerate(text) if ch == "|"]
    if not pipes:
        return None
    i = rng.choice(pipes)
    how = rng.choice(("drop", "double", "insert"))
    if how == "drop":
        return text[:i] + text[i + 1 :], f"pipe at {i} dropped"
    if how == "double":
        return text[:i] + "|" + text[i:], f"pipe at {i} doubled"
    j = rng.randrange(len(text) + 1)
    return text[:j] + "|" + text[j:], f"pipe inserted at {j}"


def _lin_values(rng: random.Random, text: str, sizes: Sizes) -> Edit | None:
    pairs = list(_PAIR.finditer(text))
    if not pairs:
        return None
    m = rng.choice(pairs)
    new = _value_standins(rng, sizes).replace("|", "")
    return text[: m.start(2)] + new + text[m.end(2) :], f"{m.group(1)}| value at {m.start()} -> {short(new)}"


def _lin_extra_cards(rng: random.Random, text: str, sizes: Sizes) -> Edit | None:
    """Cards played after a board's last card: beyond the 52nd when the play was complete (F08)."""
    groups = [g for g in _lin_plays(text) if g]
    if not groups:
        return None
    at = rng.choice(groups)[-1].end()
    n = rng.choice((1, 2, 4, 5, 60))
    extra = "".join(f"pc|{rng.choice(FULL_DECK).ascii()}|" for _ in range(n))
    return text[:at] + extra + text[at:], f"{n} cards played after the last one at {at}"


def _lin_plays(text: str) -> list[list[re.Match[str]]]:
    """The ``pc|`` tokens of each board (a board starts at its ``md|``), in order."""
    starts = [m.start() for m in re.finditer(r"(?i)(?<![a-z])md\|", text)]
    groups: list[list[re.Match[str]]] = [[] for _ in starts] or [[]]
    for p in _LIN_PLAY.finditer(text):
        k = sum(1 for s in starts if s <= p.start()) - 1
        groups[max(k, 0)].append(p)
    return groups


def _lin_claim(rng: random.Random, text: str, sizes: Sizes) -> Edit:
    value = rng.choice(
        ("²", "9" * 5_000, "1" + "0" * sizes.digits, "-1", "14", "99", "", "x", "７", "13", "0")
    )
    claims = list(re.finditer(r"(?i)(?<![a-z])mc\|([^|]*)\|", text))
    if claims and rng.random() < 0.6:
        m = rng.choice(claims)
        return text[: m.start(1)] + value + text[m.end(1) :], f"claim at {m.start()} -> {short(value)}"
    plays = list(_LIN_PLAY.finditer(text))
    at = rng.choice(plays).end() if plays else len(text)
    return text[:at] + f"mc|{value}|" + text[at:], f"claim {short(value)} inserted at {at}"


def _lin_deal(rng: random.Random, text: str, sizes: Sizes) -> Edit | None:
    deals = list(re.finditer(r"(?i)(?<![a-z])md\|([^|]*)\|", text))
    if not deals:
        return None
    m = rng.choice(deals)
    new, how = _mangle_deal(rng, m.group(1))
    return text[: m.start(1)] + new + text[m.end(1) :], f"md| at {m.start()}: {how}"


def _lin_board(rng: random.Random, text: str, sizes: Sizes) -> Edit:
    value = rng.choice(
        ("Board ²", "Board " + "9" * 5_000, "Board " + "x" * 300, "", "Board", "Board -1", "Board 7", "../x")
    )
    boards = list(re.finditer(r"(?i)(?<![a-z])ah\|([^|]*)\|", text))
    if boards and rng.random() < 0.6:
        m = rng.choice(boards)
        return text[: m.start(1)] + value + text[m.end(1) :], f"ah| at {m.start()} -> {short(value)}"
    starts = [m.start() for m in re.finditer(r"(?i)(?<![a-z])md\|", text)]
    at = rng.choice(starts) if starts else 0
    return text[:at] + f"ah|{value}|" + text[at:], f"ah|{short(value)}| inserted at {at}"


def lin_play_dup(rng: random.Random, text: str, sizes: Sizes) -> tuple[str, str, str | None] | None:
    """A card of a board's play replaced by another card of the same board's play (played twice)."""
    groups = [g for g in _lin_plays(text) if len({c.group(1).upper() for c in g}) >= 2]
    if not groups:
        return None
    cards = rng.choice(groups)
    old = rng.choice(cards)
    new = rng.choice([c for c in cards if c.group(1).upper() != old.group(1).upper()]).group(1)
    what = f"pc|{old.group(1)}| at {old.start()} -> {new!r} (played twice)"
    return text[: old.start(1)] + new + text[old.end(1) :], what, EXPECT_REPORT


LIN_KINDS: dict[str, TextMutator] = {
    "pipes": _lin_pipes,
    "values": _lin_values,
    "extra-cards": _lin_extra_cards,
    "claim": _lin_claim,
    "deal": _lin_deal,
    "board": _lin_board,
}
