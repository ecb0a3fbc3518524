"""The neutral board between formats: our hands go out to a board and come back as the same game."""

from __future__ import annotations

from pathlib import Path

import pytest

from replayer.formats.interop import Board, board_from_game, call_symbols, contract_text, hand_yaml
from replayer.record.diagnostics import Severity
from replayer.record.reader import load
from replayer.rules.seats import Seat
from replayer.validation.files import check_file
from replayer.validation.validate import validate

ROOT = Path(__file__).resolve().parent.parent
# A revoke or a card the book misprinted is kept only with its book_errors record, which no other
# format has: the fixtures that show one are left out here.
HANDS = sorted((ROOT / "hands" / "foster-1904").glob("hand-*.yaml")) + sorted(
    p
    for p in (ROOT / "tests" / "fixtures" / "valid").glob("*.yaml")
    if p.stem not in ("book-revoke", "book-card")
)


@pytest.mark.parametrize("path", HANDS, ids=lambda p: p.stem)
def test_a_hand_through_a_board_and_back_is_the_same_game(path: Path) -> None:
    checked = check_file(path)
    assert checked.game is not None and checked.record is not None
    board = board_from_game(checked.game, checked.record, "pbn")
    record, diags = load(hand_yaml(board, origin="round trip"), "again.yaml")
    assert record is not None
    game, more = validate(record)
    assert [d for d in (*diags, *more) if d.severity is Severity.ERROR] == []
    assert game is not None
    assert game.deal == checked.game.deal
    assert game.tricks == checked.game.tricks
    assert game.declaration == checked.game.declaration
    assert game.dealer == checked.game.dealer


def test_the_interop_block_survives_the_way_out_and_back() -> None:
    checked = check_file(ROOT / "tests/fixtures/valid/imported-pbn.yaml")
    assert checked.game is not None and checked.record is not None
    board = board_from_game(checked.game, checked.record)
    assert [seat for seat, _ in board.tricks[-1]] == [Seat.N, Seat.E]  # dummy won trick 5 with ♥K and leads
    record, _ = load(hand_yaml(board), "again.yaml")
    assert record is not None and record.interop == checked.record.interop.__class__(
        **{
            **{k: getattr(checked.record.interop, k) for k in checked.record.interop.__slots__},
            "span": record.interop.span,
        }
    )  # type: ignore[union-attr,attr-defined]


def test_calls_and_contracts_are_written_in_our_notation() -> None:
    assert [call_symbols(c) for c in ("1H", "Pass", "X", "XX", "3NT", "AP")] == [
        "1♥",
        "pass",
        "X",
        "XX",
        "3NT",
        "pass",
    ]
    assert (
        contract_text("4HX") == "4♥X"
        and contract_text("3NTXX") == "3NTXX"
        and contract_text("Pass") == "PASS"
    )


def test_a_board_without_a_play_is_a_deal_only_hand() -> None:
    checked = check_file(ROOT / "tests/fixtures/valid/contract.yaml")
    assert checked.game is not None
    board = Board("lin", "12", dealer=Seat.S, deal=dict(checked.game.deal), contract="4S", declarer=Seat.S)
    text = hand_yaml(board)
    assert "play:" not in text and 'declaration: {contract: "4♠", declarer: S}' in text
    record, diags = load(text, "x.yaml")
    game, more = validate(record)  # type: ignore[arg-type]
    assert game is not None and not [d for d in (*diags, *more) if d.severity is Severity.ERROR]
