"""Properties of reading and validating hand files, over random legal hands.

The hands come from ``tests/support/handgen.py``: dealt at random and played out card by card
through ``replayer.rules.play.apply``, then written as hand files in varied notations.  A correct
hand must pass; one card changed, in the play or in the deal, must be caught on its line;
no text, however garbled, may make the loader (or the validator) raise.
"""

from __future__ import annotations

import random
import string
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, example, given, note, settings
from hypothesis import strategies as st

from replayer.record.diagnostics import Diagnostic, Severity, format_diagnostic
from replayer.record.hand import HandRecord
from replayer.record.reader import TOP_KEYS, load
from replayer.rules.cards import FULL_DECK, Card, format_holding, parse_card, parse_holding, scan_cards
from replayer.rules.game import Game
from replayer.rules.seats import BookPair, Seat
from replayer.validation.validate import validate
from support.handgen import (  # tests/ is on sys.path: pytest puts it there for this file
    DEAL_FORMATS,
    NOTATIONS,
    GeneratedHand,
    generate_hand,
    hands,
    render_card,
    render_holding,
)

PATH = "generated.yaml"
SLOW_OK = [HealthCheck.too_slow, HealthCheck.data_too_large]


def check(text: str) -> tuple[HandRecord | None, Game | None, list[Diagnostic]]:
    """Load and validate ``text`` as ``check_file`` does: (record, game, all diagnostics)."""
    record, diags = load(text, PATH)
    game = None
    if record is not None:
        game, more = validate(record)
        diags = diags + more
    return record, game, diags


def errors(diags: list[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diags if d.severity is Severity.ERROR]


def lines_of(d: Diagnostic) -> set[int]:
    """The lines a diagnostic points at: its own span and its related spans."""
    out = {s.line for s in d.related}
    if d.span is not None:
        out.add(d.span.line)
    return out


def show(text: str, diags: list[Diagnostic]) -> str:
    numbered = "\n".join(f"{k:3}| {line}" for k, line in enumerate(text.split("\n"), start=1))
    return numbered + "\n" + "\n".join(format_diagnostic(d) for d in diags)


# ---------------------------------------------------------------------------------------------
# Correct hands pass, and the replay agrees with the laws that generated them


@settings(max_examples=250, deadline=None, suppress_health_check=SLOW_OK)
@given(hand=hands())
def test_random_legal_hands_validate(hand: GeneratedHand) -> None:
    record, game, diags = check(hand.text)
    note(show(hand.text, diags))
    assert record is not None
    assert errors(diags) == []
    # A correct hand, with a correct result line, deserves no warnings either.
    assert [d for d in diags if d.severity is Severity.WARNING] == []
    assert game is not None
    assert game.dealer == hand.dealer
    assert game.declaration is not None and game.declaration.strain == hand.strain
    assert game.declaration.maker == hand.maker.seat(hand.dealer)
    assert game.deal == hand.hands
    assert game.opening_leader == hand.dealer.lho
    assert len(game.tricks) == 13
    assert [t.plays for t in game.tricks] == [t.plays for t in hand.tricks]
    assert [t.leader for t in game.tricks] == [t.leader for t in hand.tricks]
    assert [t.winner for t in game.tricks] == list(hand.winners)
    assert sum(game.tricks_won.values()) == 13
    assert game.tricks_won == hand.tricks_won
    assert game.tricks_of(game.pair(BookPair.YZ)) == hand.tricks_of(BookPair.YZ)


def test_generator_positions_point_at_the_cards() -> None:
    """The generator's own bookkeeping: each recorded position holds the card's text."""
    rng = random.Random(1904)
    for _ in range(40):
        hand = generate_hand(rng)
        lines = hand.lines
        assert len(hand.positions) == 52
        assert sorted(p.card for p in hand.positions) == sorted(FULL_DECK)
        for p in hand.positions:
            assert lines[p.line - 1][p.col - 1 : p.end_col - 1] == p.text
        for seat, line in hand.deal_lines.items():
            assert lines[line - 1].startswith(hand.deal_prefixes[seat])


# ---------------------------------------------------------------------------------------------
# One card changed is caught, on its line


@pytest.mark.parametrize("with_deal", [False, True], ids=["no-deal", "deal"])
@settings(max_examples=200, deadline=None, suppress_health_check=SLOW_OK)
@given(data=st.data())
def test_single_card_mutation_in_play_is_rejected(with_deal: bool, data: st.DataObject) -> None:
    hand = data.draw(hands(deal=with_deal), label="hand")
    index = data.draw(st.integers(0, len(hand.positions) - 1), label="index")
    pos = hand.positions[index]
    new = data.draw(st.sampled_from([c for c in FULL_DECK if c != pos.card]), label="new card")
    m = hand.replace_played(index, new)
    note(f"trick {pos.trick}, {pos.letter.name} ({pos.seat.name}): {pos.card} -> {new}, line {m.line}")
    record, game, diags = check(m.text)
    note(show(m.text, diags))
    assert record is not None
    assert not [d for d in diags if d.code == "bad-card"], "the mutated card should be readable"
    errs = errors(diags)
    assert errs, "a hand with one card changed must not pass"
    assert any(m.line in lines_of(d) for d in errs), f"no error points at the changed line {m.line}"
    # And, on that line, at the card itself.
    places = {(s.line, s.col) for d in errs for s in (d.span, *d.related) if s is not None}
    assert (m.line, pos.col) in places, f"no error points at line {m.line}, column {pos.col}"


@settings(max_examples=200, deadline=None, suppress_health_check=SLOW_OK)
@given(data=st.data())
def test_single_card_mutation_in_deal_is_rejected(data: st.DataObject) -> None:
    hand = data.draw(hands(deal=True), label="hand")
    seat = data.draw(st.sampled_from(list(Seat)), label="seat")
    old = data.draw(st.sampled_from(sorted(hand.hands[seat])), label="old card")
    new = data.draw(st.sampled_from([c for c in FULL_DECK if c != old]), label="new card")
    m = hand.replace_dealt(seat, old, new)
    note(f"deal of {seat.name}: {old} -> {new}, line {m.line}")
    record, game, diags = check(m.text)
    note(show(m.text, diags))
    assert record is not None
    errs = errors(diags)
    assert errs, "a deal with one card changed must not pass"
    assert any(m.line in lines_of(d) for d in errs), f"no error points at the changed deal line {m.line}"


# ---------------------------------------------------------------------------------------------
# Any text: the loader (and the validator) return diagnostics and never raise


def assert_reads_without_raising(text: str) -> None:
    record, diags = load(text, PATH)  # must not raise
    assert isinstance(diags, list) and all(isinstance(d, Diagnostic) for d in diags)
    if record is None:
        assert errors(diags), "no record was read, yet no error says why"
    else:
        _game, more = validate(record)  # must not raise either
        diags = diags + more
    for d in diags:
        assert d.span is not None and d.span.line >= 1 and d.span.col >= 1, d


@settings(max_examples=500, deadline=None, suppress_health_check=SLOW_OK)
@given(text=st.text())
@example(text="")
@example(text="# only a comment\n---\n")
def test_loader_never_raises_on_arbitrary_text(text: str) -> None:
    assert_reads_without_raising(text)


@pytest.mark.parametrize(
    "text",
    [
        "{}",  # a mapping with no keys: no record, and (so far) no diagnostic either
        "[]",
        "~",
        "title: x\nplay: " + "[" * 600,  # deep nesting: yaml.compose recurses past the limit
        "- " * 600 + "x",
    ],
    ids=["empty-mapping", "empty-list", "null", "deep-flow", "deep-block"],
)
def test_loader_never_raises_on_degenerate_files(text: str) -> None:
    assert_reads_without_raising(text)


_DEEP = """
import sys
from replayer.record.reader import load
record, diags = load(sys.stdin.read(), "deep.yaml")
print(len(diags))
"""


@pytest.mark.parametrize(
    "text",
    [
        "[" * 50_000,
        "- " * 50_000 + "x",
        "a: " + "{a: " * 50_000 + "1" + "}" * 50_000,
        "? " * 50_000 + "x",  # complex keys nest too
        "- ? " * 25_000 + "x",
    ],
    ids=["unclosed-flow", "block", "closed-mappings", "complex-keys", "block-and-keys"],
)
def test_loader_survives_very_deep_nesting(text: str) -> None:
    """A 50 KB file of brackets must give a diagnostic, not kill the process (run apart: it may crash)."""
    root = Path(__file__).resolve().parents[1]
    proc = subprocess.run(
        [sys.executable, "-c", _DEEP], input=text, text=True, capture_output=True, cwd=root, timeout=60
    )
    assert proc.returncode == 0, f"the loader died (exit code {proc.returncode}): {proc.stderr[-800:]}"
    assert int(proc.stdout.strip()) >= 1


_YAMLISH = st.text(
    alphabet=string.ascii_letters + string.digits + " :-[]{},#*'\"\n♠♥♦♣—.|>&!%@`", max_size=30
)


@st.composite
def garbled(draw: st.DrawFn) -> str:
    """A valid hand's text, cut, spliced and scribbled on."""
    text = draw(hands(), label="hand").text
    for _ in range(draw(st.integers(1, 4), label="edits")):
        n = len(text)
        a = draw(st.integers(0, n), label="a")
        b = draw(st.integers(a, min(n, a + 40)), label="b")
        op = draw(
            st.sampled_from(["slice", "delete", "insert", "replace", "dup-line", "swap-lines", "indent"])
        )
        if op == "slice":
            text = text[a : draw(st.integers(a, n))]
        elif op == "delete":
            text = text[:a] + text[b:]
        elif op == "insert":
            text = text[:a] + draw(_YAMLISH | st.text(max_size=10)) + text[a:]
        elif op == "replace":
            text = text[:a] + draw(_YAMLISH) + text[b:]
        else:
            lines = text.split("\n")
            i = draw(st.integers(0, len(lines) - 1))
            j = draw(st.integers(0, len(lines) - 1))
            if op == "dup-line":
                lines.insert(j, lines[i])
            elif op == "swap-lines":
                lines[i], lines[j] = lines[j], lines[i]
            else:
                lines[i] = " " * draw(st.integers(1, 6)) + lines[i]
            text = "\n".join(lines)
    return text


@settings(max_examples=300, deadline=None, suppress_health_check=SLOW_OK)
@given(text=garbled())
def test_loader_never_raises_on_garbled_hands(text: str) -> None:
    assert_reads_without_raising(text)


# Well-formed YAML of any shape, under the format's own keys: wrong types everywhere.
_KEYS = TOP_KEYS + (
    "maker",
    "trump",
    "doubles",
    "calls",
    "contract",
    "declarer",
    "columns",
    "first_trick",
    "leader",
    "tricks",
    "cards",
    "winner",
    "trick",
    "text",
    "side",
    "A",
    "Y",
    "B",
    "Z",
    "N",
    "S",
)
_CARDISH = st.sampled_from(
    [
        "♠K",
        "CK",
        "10♣",
        "S",
        "Z",
        "A",
        "NT",
        "hearts",
        "1",
        "14",
        "0",
        "-",
        "—",
        "♠AKQ ♥— ♦2 ♣3",
        "K8743.T7.7.AKQJ2",
        "N:AKQ... ...",
        "1♥ pass",
        "7NTXX",
        "love-all",
        "Y and Z win 3 by cards",
    ]
)
_SCALARS = st.none() | st.booleans() | st.integers(-20, 20) | st.text(max_size=12) | _CARDISH
_TREES = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.sampled_from(_KEYS) | st.text(max_size=4), inner, max_size=5)
    ),
    max_leaves=25,
)


@settings(max_examples=250, deadline=None, suppress_health_check=SLOW_OK)
@given(tree=st.dictionaries(st.sampled_from(TOP_KEYS), _TREES, min_size=1, max_size=8))
def test_loader_never_raises_on_odd_shapes(tree: dict[str, object]) -> None:
    text = yaml.safe_dump(tree, allow_unicode=True, sort_keys=False)
    assert_reads_without_raising(text)


# ---------------------------------------------------------------------------------------------
# Card notation round trips


@pytest.mark.parametrize("card", FULL_DECK, ids=lambda c: c.ascii())
def test_card_notation_round_trip(card: Card) -> None:
    assert parse_card(str(card)) == card
    assert parse_card(card.ascii()) == card
    assert parse_card(card.format(symbols=False)) == card
    for name in NOTATIONS:
        assert parse_card(render_card(card, name)) == card, name


@settings(max_examples=200, deadline=None)
@given(cards=st.sets(st.sampled_from(FULL_DECK)), fmt=st.sampled_from(DEAL_FORMATS))
def test_holding_round_trip(cards: set[Card], fmt: str) -> None:
    text = format_holding(cards) if fmt == "symbols" else render_holding(sorted(cards), fmt)
    tokens = parse_holding(text)
    assert [t.error for t in tokens if t.error] == []
    assert sorted(t.card for t in tokens) == sorted(cards)  # type: ignore[type-var]
    for t in tokens:
        assert text[t.start : t.end] == t.text


@settings(max_examples=200, deadline=None)
@given(
    cards=st.lists(st.sampled_from(FULL_DECK), min_size=1, max_size=13),
    notation=st.sampled_from(sorted(NOTATIONS)),
    sep=st.sampled_from([" ", "  ", ", ", "; ", ",", " , "]),
)
def test_row_scan_round_trip(cards: list[Card], notation: str, sep: str) -> None:
    texts = [render_card(c, notation) for c in cards]
    row = sep.join(texts)
    tokens = scan_cards(row)
    assert [t.error for t in tokens if t.error] == []
    assert [t.card for t in tokens] == cards
    assert [row[t.start : t.end] for t in tokens] == texts
