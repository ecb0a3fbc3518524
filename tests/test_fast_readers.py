"""The one-pass readers of the common notations give exactly what the full readers give.

Trick rows and hands in the usual notations are read by a fast path (a dictionary look-up a card,
spans made directly); anything else goes to the full readers.  Random texts over the notation's
alphabet check that the fast path, whenever it answers, answers as the full reader would, and
that it does answer for the notations the books and the corpus use."""

from __future__ import annotations

import random

import pytest

from replayer.record.diagnostics import Located, Span
from replayer.record.fields import FieldReader
from replayer.record.hand import TrickRecord
from replayer.record.located_yaml import SequenceNode, compose
from replayer.record.read_cards import _plain_row, _trick_record, read_tricks
from replayer.rules import cards
from replayer.rules.cards import CardToken, parse_holding, scan_cards

_ROW_WORDS = [
    "♣K",
    "CK",
    "ck",
    "K♣",
    "♥10",
    "HT",
    "h10",
    "SKn",
    "♠A*",
    "*♦2",
    "♧Q",
    "♦️7",
    "♥",
    "4",
    "S",
    "K",
    "king",
    "of",
    "spades",
    "x",
    "♠1",
    "0",
    "*",
    ",",
    ";",
]
_HOLDING_ALPHABET = list("♠♥♦♣SHDC AKQJT23456789.") + ["10", "1", "0", "s", "x", ",", "-"]


def _full_row(text: str, path: str, line: int, base: int) -> list[tuple[object, Span, bool]] | None:
    """The row as scan_cards reads it and FieldReader.placer places it; None if a card is unreadable."""
    toks = scan_cards(text)
    if any(t.card is None for t in toks):
        return None
    return [(t.card, Span(path, line, base + t.start, line, base + t.end), t.marked) for t in toks]


def test_a_row_read_in_one_pass_is_read_as_the_full_reader_reads_it() -> None:
    rnd = random.Random(18)
    answered = 0
    for _ in range(20_000):
        text = rnd.choice(["", " "]).join(
            rnd.choice(_ROW_WORDS) + rnd.choice([" ", "  ", ", ", "; "]) for _ in range(rnd.randint(1, 5))
        )
        fast = _plain_row(text, "h.yaml", 7, 9)
        if fast is None:
            continue
        answered += 1
        assert [tuple(pc) for pc in fast if pc is not None] == _full_row(text, "h.yaml", 7, 9), text
    assert answered > 2_000


@pytest.mark.parametrize(
    "row",
    [
        "♣K ♣4 ♣7 ♣9",
        "D5  D2  D8  DA",
        "♧Q, ♧4, ♧J*, ♧5",
        "♥ 4, ♥ Q, ♥ 2, ♥ A",
        "ck; 7C; c2; ♦️10",
        "four of spades, queen of spades, eight of spades, six of spades",
        "C Q  C 7  C 9  C A*",
        "H 7  H 10*  S 5  S 9",
        "five of hearts, six of hearts, seven of hearts*, four of hearts",
    ],
)
def test_the_usual_rows_take_the_one_pass_reader(row: str) -> None:
    fast = _plain_row(row, "h.yaml", 3, 7)
    assert fast is not None and len(fast) == 4
    assert [tuple(pc) for pc in fast if pc is not None] == _full_row(row, "h.yaml", 3, 7)


def test_a_trick_record_made_by_its_slots_is_the_one_its_constructor_makes() -> None:
    span = Span("h.yaml", 4, 7, 4, 19)
    leader, winner = Located("A", span), Located("Z", span)
    for args in [(3, (), span, leader, winner), (13, (None,), span, None, None)]:
        made = _trick_record(*args)
        assert made == TrickRecord(*args)
        assert hash(made) == hash(TrickRecord(*args))
        assert repr(made) == repr(TrickRecord(*args))
    assert TrickRecord.__slots__ == ("number", "cards", "span", "leader", "winner")  # every field set


def test_a_row_listed_card_by_card_is_read_as_the_full_reader_reads_each_card() -> None:
    text = "- [C J*, ♥ 4, 'D 10*', '*S 2']\n"
    node = compose(text)
    assert isinstance(node, SequenceNode)
    reader = FieldReader("h.yaml", text)
    (trick,) = read_tricks(reader, node, 1)
    assert not reader.diags
    items = node.value[0].value
    expected = []
    for item in items:
        (tok,) = scan_cards(item.value)
        expected.append((tok.card, reader.span(item), tok.marked))
    assert [tuple(pc) for pc in trick.cards if pc is not None] == expected
    assert [pc.marked for pc in trick.cards if pc is not None] == [True, False, True, True]


def _as_tuples(tokens: list[CardToken]) -> list[tuple[object, ...]]:
    return [(t.card, t.start, t.end, t.text, t.marked, str(t.error) if t.error else None) for t in tokens]


def test_a_hand_read_in_one_pass_is_read_as_the_full_reader_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    rnd = random.Random(1904)
    texts = ["".join(rnd.choice(_HOLDING_ALPHABET) for _ in range(rnd.randint(0, 16))) for _ in range(60_000)]
    texts += ["JT7.AKQ2.J872.T3", "♠K8743 ♥107 ♦7 ♣AKQJ2", "SK8743 H107 D7 CAKQJ2", "...", "♠ ♥ ♦ ♣"]
    quick = {t: cards._quick_holding(t) for t in texts}
    monkeypatch.setattr(cards, "_quick_holding", lambda text: None)  # the full reader alone
    answered = 0
    for text, fast in quick.items():
        if fast is not None:
            answered += 1
            assert _as_tuples(fast) == _as_tuples(parse_holding(text)), text
    assert answered > 1_000
    for usual in texts[-5:]:
        assert quick[usual] is not None
