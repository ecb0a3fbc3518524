"""The fuzzer's inputs and its mutations, each drawn from a ``random.Random``.

Inputs (``Base``): Foster's hands (``hands/``) and the valid fixtures (``tests/fixtures/valid/``) as
YAML; the PBN and LIN files of ``tests/fixtures/corpus/`` (a PBN file over 20 KB is cut into windows
of a few games, so one mutant stays cheap to read).

A mutation (``Mutant``) is one change of one kind to one input (``kinds`` lists those that apply):
byte flips, lines deleted, duplicated or swapped, the text truncated, junk inserted, digits replaced
by ``²`` or by thousands of digits, look-alike characters, line ends, long runs (``text``); for
hands, deep nesting, many keys or notes, YAML's own features and wrong-typed values, multiplying
aliases, cards swapped or replaced (where the laws say what must follow), the trick rows taken
away, rows repeated (``hands``); for PBN, tag values, board names, the deal, the play, the auction
and commentary; for LIN, pipes, values, the deal, claims, board numbers and cards after the 52nd
(``exchange``).  ``stack`` applies two to four text mutations in a row.  Where the change makes the input corrupt *by construction*, ``Mutant.expect``
says what the reader must then report (see ``checks``).

The same ``random.Random`` state gives the same mutant: the fuzz script seeds one per input
(``random.Random(f"{seed}:{format}:{index}")``) and the property tests let hypothesis draw it.
"""

from __future__ import annotations

import random

from .exchange import LIN_KINDS, PBN_KINDS, lin_play_dup, pbn_play_dup
from .hands import HAND_KINDS, YAML_KINDS, hand_facts
from .inputs import (
    CI_SIZES,
    EXPECT_ERROR,
    EXPECT_REPORT,
    EXPECT_TRICKS,
    FORMATS,
    LONG_SIZES,
    Base,
    Mutant,
    Sizes,
    bases,
    decode,
    encode,
)
from .text import GENERIC, TextMutator, byte_flip

__all__ = [
    "Base",
    "Mutant",
    "Sizes",
    "CI_SIZES",
    "LONG_SIZES",
    "EXPECT_ERROR",
    "EXPECT_TRICKS",
    "EXPECT_REPORT",
    "FORMATS",
    "bases",
    "kinds",
    "mutate",
    "random_mutant",
]


# ---------------------------------------------------------------------------------------------
# Choosing and making a mutation


def kinds(base: Base) -> tuple[str, ...]:
    """The kinds of mutation that apply to ``base``, in a fixed order."""
    out = ["byte-flip", "stack", *GENERIC]
    if base.fmt == "yaml":
        out += list(YAML_KINDS)
        facts = None if base.rubber else hand_facts(base)
        if facts is not None and facts.played:
            out += ["play-replace", "play-swap", "no-tricks", "repeat-rows"]
        if facts is not None and facts.dealt:
            out.append("deal-replace")
    elif base.fmt == "pbn":
        out += [*PBN_KINDS, "play-dup"]
    else:
        out += [*LIN_KINDS, "play-dup"]
    return tuple(out)


def mutate(rng: random.Random, base: Base, kind: str, sizes: Sizes = CI_SIZES) -> Mutant:
    """``base`` changed by one mutation of ``kind``.  A kind with nothing to act on in this input
    (no digits to replace, say) falls back to a byte flip, and says so."""
    if kind == "byte-flip":
        data, what = byte_flip(rng, base.data)
        return Mutant(base, kind, data, what)
    text, codec = decode(base.data)
    if kind == "stack":
        whats = []
        for _ in range(rng.randint(2, 4)):
            name = rng.choice(sorted(GENERIC))
            done = GENERIC[name](rng, text, sizes)
            if done is not None:
                text, what = done
                whats.append(f"{name}: {what}")
        return Mutant(base, kind, encode(text, codec), "; ".join(whats))
    done = _apply(rng, base, kind, text, sizes)
    if done is None:
        data, what = byte_flip(rng, base.data)
        return Mutant(base, f"{kind}→byte-flip", data, f"(nothing for {kind}) {what}")
    new, what, expect = done
    return Mutant(base, kind, encode(new, codec), what, expect)


def _apply(
    rng: random.Random, base: Base, kind: str, text: str, sizes: Sizes
) -> tuple[str, str, str | None] | None:
    simple: TextMutator | None = GENERIC.get(kind)
    if base.fmt == "pbn":
        simple = simple or PBN_KINDS.get(kind)
    elif base.fmt == "lin":
        simple = simple or LIN_KINDS.get(kind)
    if simple is not None:
        edit = simple(rng, text, sizes)
        return None if edit is None else (edit[0], edit[1], None)
    if kind == "play-dup":
        return (pbn_play_dup if base.fmt == "pbn" else lin_play_dup)(rng, text, sizes)
    if base.fmt == "yaml" and kind in YAML_KINDS:
        edit = YAML_KINDS[kind](rng, text, sizes)
        return None if edit is None else (edit[0], edit[1], None)
    facts = hand_facts(base)
    if facts is None or kind not in HAND_KINDS:
        return None
    return HAND_KINDS[kind](rng, text, facts, sizes)


def random_mutant(rng: random.Random, fmt: str, sizes: Sizes = CI_SIZES) -> Mutant:
    """An input of format ``fmt`` and a kind of mutation, both drawn from ``rng``, and the mutant."""
    base = rng.choice(bases(fmt))
    return mutate(rng, base, rng.choice(kinds(base)), sizes)
