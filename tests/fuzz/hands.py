"""Mutations of hand files that know where the cards stand (read by the loader, with each card's
line and column): a played card replaced or two swapped, a rank of the deal changed, the trick rows
taken away (F01), rows repeated, deep nesting, many keys or notes."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from replayer.record.hand import PlayedCard
from replayer.record.reader import load
from replayer.rules.cards import FULL_DECK, Card, parse_card

from .inputs import EXPECT_ERROR, EXPECT_TRICKS, Base, Sizes
from .text import Edit

# ---------------------------------------------------------------------------------------------
# Hand files: the cards, read by the loader with where each stands


@dataclass(frozen=True, slots=True)
class _CardAt:
    """A card as the file writes it: its character offsets (a winner's ``*`` left out)."""

    start: int
    end: int
    card: Card
    ascii: bool  # written in ASCII (CK), not with a suit symbol
    row: int = -1  # the trick row it is played in (-1: in the deal)


@dataclass(frozen=True, slots=True)
class _HandFacts:
    played: tuple[_CardAt, ...]
    rows: tuple[tuple[int, int], ...]  # each trick row's line: (start, end) offsets
    dealt: tuple[_CardAt, ...]
    deal_cards: frozenset[Card]
    result_names_tricks: bool
    first_trick: bool  # the play says where it starts (an end position)


@cache
def hand_facts(base: Base) -> _HandFacts | None:
    text = base.data.decode("utf-8")
    record, _ = load(text, base.name)
    if record is None:
        return None
    starts = [0]
    for line in text.split("\n"):
        starts.append(starts[-1] + len(line) + 1)

    def at(pc: PlayedCard, row: int = -1) -> _CardAt:
        span = pc.span
        a = starts[span.line - 1] + span.col - 1
        b = starts[(span.end_line or span.line) - 1] + (span.end_col or span.col + 1) - 1
        while b > a and text[b - 1] == "*":
            b -= 1
        return _CardAt(a, b, pc.card, text[a:b].isascii(), row)

    played = tuple(at(pc, k) for k, t in enumerate(record.tricks) for pc in t.cards if pc is not None)
    rows = tuple((starts[t.span.line - 1], starts[t.span.line] - 1) for t in record.tricks)
    dealt = tuple(at(pc) for cards in record.deal.values() for pc in cards)
    result = record.result.value if record.result is not None else ""
    return _HandFacts(
        played=played,
        rows=rows,
        dealt=dealt,
        deal_cards=frozenset(c.card for c in dealt),
        result_names_tricks=bool(re.search(r"by cards|odd trick|slam", result, re.IGNORECASE)),
        first_trick="first_trick" in text,
    )


def _write_card(card: Card, ascii_: bool) -> str:
    return card.ascii() if ascii_ else str(card)


HandMutator = Callable[[random.Random, str, _HandFacts, Sizes], tuple[str, str, str | None] | None]


def _play_replace(
    rng: random.Random, text: str, f: _HandFacts, sizes: Sizes
) -> tuple[str, str, str | None] | None:
    """One card of the play replaced by another: an error must follow when the new card is played
    elsewhere too, or when the deal is given and nobody holds it."""
    if not f.played:
        return None
    i = rng.randrange(len(f.played))
    old = f.played[i]
    others = [p.card for k, p in enumerate(f.played) if k != i and p.card != old.card]
    pool = others if others and rng.random() < 0.7 else [c for c in FULL_DECK if c != old.card]
    new = rng.choice(pool)
    elsewhere = new in others
    unheld = bool(f.dealt) and new not in f.deal_cards
    expect = EXPECT_ERROR if elsewhere or unheld else None
    written = _write_card(new, old.ascii)
    what = f"played {text[old.start : old.end]!r} at {old.start} -> {written!r}"
    return text[: old.start] + written + text[old.end :], what, expect


def _play_swap(
    rng: random.Random, text: str, f: _HandFacts, sizes: Sizes
) -> tuple[str, str, str | None] | None:
    """Two played cards swapped: with a complete play and a result line that names the tricks, the
    tricks won must not change unless an error is reported."""
    if len(f.played) < 2:
        return None
    i = rng.randrange(len(f.played))
    same_row = [k for k, p in enumerate(f.played) if p.row == f.played[i].row and k != i]
    if same_row and rng.random() < 0.5:  # two seats' cards of one trick: its winner may change
        j = rng.choice(same_row)
    else:
        j = rng.choice([k for k in range(len(f.played)) if k != i])
    a, b = f.played[min(i, j)], f.played[max(i, j)]
    ta, tb = text[a.start : a.end], text[b.start : b.end]
    new = text[: a.start] + tb + text[a.end : b.start] + ta + text[b.end :]
    complete = len(f.played) == 52 and len(f.rows) == 13
    expect = EXPECT_TRICKS if complete and f.result_names_tricks else None
    return new, f"played {ta!r} at {a.start} and {tb!r} at {b.start} swapped", expect


_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")


def _card_or_none(text: str) -> Card | None:
    try:
        return parse_card(text)
    except ValueError:
        return None


def _deal_replace(
    rng: random.Random, text: str, f: _HandFacts, sizes: Sizes
) -> tuple[str, str, str | None] | None:
    """One rank in the deal changed: with 52 cards dealt, or every dealt card played, an error must follow."""
    if not f.dealt:
        return None
    old = rng.choice(f.dealt)
    was = text[old.start : old.end]
    if _card_or_none(was) == old.card:  # a whole card (♠K), not a rank in a holding
        new = _write_card(rng.choice([c for c in FULL_DECK if c != old.card]), old.ascii)
    else:  # a rank of the same suit, another card (T and 10 are one)
        suit = str(old.card)[0]
        new = rng.choice([r for r in _RANKS if _card_or_none(suit + r) != old.card])
    everything = len(f.deal_cards) == 52 or (
        f.deal_cards == frozenset(p.card for p in f.played) and len(f.played) == len(f.dealt)
    )
    expect = EXPECT_ERROR if everything else None
    return text[: old.start] + new + text[old.end :], f"dealt {was!r} at {old.start} -> {new!r}", expect


def _no_tricks(
    rng: random.Random, text: str, f: _HandFacts, sizes: Sizes
) -> tuple[str, str, str | None] | None:
    """The play's rows taken away (F01): the play left with columns only, ``tricks: []`` or ``play: {}``."""
    if not f.rows:
        return None
    first, last = f.rows[0][0], f.rows[-1][1]
    how = rng.choice(("rows", "empty-list", "empty-play", "cut"))
    if how == "rows":
        return text[:first] + text[last + 1 :], "every trick row deleted", None
    if how == "cut":
        return text[:first], "cut before the first trick row", None
    head = text[:first].rstrip("\n")
    lines = head.split("\n")
    if how == "empty-list":
        lines[-1] = lines[-1].rstrip() + " []"
        return "\n".join(lines) + "\n" + text[last + 1 :], "tricks: []", None
    start = text.rfind("\nplay:", 0, first)
    if start < 0:
        return None
    return text[: start + 1] + "play: {}\n" + text[last + 1 :], "play: {}", None


def _nesting(rng: random.Random, text: str, sizes: Sizes) -> Edit:
    n = rng.choice((50, 200, sizes.depth))
    how = rng.choice(("flow-list", "flow-map", "unclosed", "block", "keys"))
    value = {
        "flow-list": "[" * n + "x" + "]" * n,
        "flow-map": "{a: " * n + "1" + "}" * n,
        "unclosed": "[" * n,
        "block": "\n" + "".join("  " * k + "-\n" for k in range(min(n, 400))) + "  " * min(n, 400) + "x",
        "keys": "? " * n + "x",
    }[how]
    lines = text.split("\n")
    keyed = [k for k, ln in enumerate(lines) if re.match(r"^\s*[\w-]+:", ln)]
    if keyed and rng.random() < 0.7:
        k = rng.choice(keyed)
        key = lines[k].split(":", 1)[0]
        lines[k] = f"{key}: {value}"
        return "\n".join(lines), f"{how} nesting {n} deep as the value of line {k + 1}"
    return text.rstrip("\n") + f"\nextra: {value}\n", f"{how} nesting {n} deep under a new key"


def _repeat_rows(
    rng: random.Random, text: str, f: _HandFacts, sizes: Sizes
) -> tuple[str, str, str | None] | None:
    """A trick row repeated many times, or one row made of thousands of cards."""
    if not f.rows:
        return None
    a, b = rng.choice(f.rows)
    row = text[a:b]
    n = rng.choice((14, 200, sizes.rows))
    if rng.random() < 0.5:
        return text[:a] + "\n".join([row] * n) + text[b:], f"row {row.strip()!r} repeated {n} times", None
    cards = re.sub(r"^(\s*-\s*)", "", row)
    head = row[: len(row) - len(cards)]
    return text[:a] + head + " ".join([cards] * (n // 4 + 1)) + text[b:], f"one row of {n} cards", None


def _many_keys(rng: random.Random, text: str, sizes: Sizes) -> Edit:
    n = rng.choice((20, sizes.keys))
    if rng.random() < 0.5:
        extra = "".join(f"unknown_key_{k}: {k}\n" for k in range(n))
        return text.rstrip("\n") + "\n" + extra, f"{n} unknown keys"
    extra = "notes:\n" + "".join(f"  - {{trick: {k % 13 + 1}, text: note {k}}}\n" for k in range(n))
    return text.rstrip("\n") + "\n" + extra, f"{n} notes (a second notes: key if there was one)"


#: YAML's own features, and values of the wrong type, for any key's value.
_YAML_VALUES = (
    "[]",
    "{}",
    "~",
    "true",
    ".inf",
    "-.nan",
    "1e309",
    "0o17",
    "0x1F",
    "2001-12-14",
    "12:30:45",
    "!!binary aGVsbG8=",
    "!!python/object/apply:os.system [echo pwned]",
    "!!set {a, b}",
    "!!omap [a: 1]",
    "!custom x",
    '"\\uD800 a lone surrogate"',
    '"\\x00 a NUL"',
    '"\\U0001F0A1 a playing card"',
    "*undefined_alias",
    "&anchor value",
    "<<: {a: 1}",
    "|\n  a literal\n  block",
    ">-\n  a folded\n  block",
    "'it''s'",
    "? complex key",
    "- a\n- list",
)


def _yaml_values(rng: random.Random, text: str, sizes: Sizes) -> Edit | None:
    """A key's value replaced by a YAML feature or a value of another type."""
    lines = text.split("\n")
    keyed = [k for k, ln in enumerate(lines) if re.match(r"^\s*(- )?[\w-]+:", ln)]
    if not keyed:
        return None
    k = rng.choice(keyed)
    key = lines[k].split(":", 1)[0]
    value = rng.choice(_YAML_VALUES)
    lines[k] = f"{key}: {value}"
    return "\n".join(lines), f"line {k + 1}: {key.strip()}: {value!r}"


def _aliases(rng: random.Random, text: str, sizes: Sizes) -> Edit:
    """Aliases that multiply (billion laughs), or an alias to itself, under a new key or a note."""
    levels = rng.choice((3, 9, 20))
    lines = ["laughs:", "  - &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"  - &l{k} [{', '.join([f'*l{k - 1}'] * 10)}]" for k in range(1, levels)]
    if rng.random() < 0.3:
        lines = ["loop: &self [*self]"]
        return text.rstrip("\n") + "\n" + "\n".join(lines) + "\n", "an alias used in its own anchor"
    return text.rstrip("\n") + "\n" + "\n".join(lines) + "\n", f"aliases {levels} levels deep, ten each"


#: Mutations of a hand file that need no knowledge of its cards.
YAML_KINDS: dict[str, Callable[[random.Random, str, Sizes], Edit | None]] = {
    "nesting": _nesting,
    "many-keys": _many_keys,
    "yaml-values": _yaml_values,
    "aliases": _aliases,
}


HAND_KINDS: dict[str, HandMutator] = {
    "play-replace": _play_replace,
    "play-swap": _play_swap,
    "deal-replace": _deal_replace,
    "no-tricks": _no_tricks,
    "repeat-rows": _repeat_rows,
}
