"""Whist hands in PBN: the export writes a valid game with our project tags (ReplayerRules,
ReplayerTurned) where PBN has no word for the turned card, and the import reads it back as the same
whist hand; a turned card that cannot be the dealer's is reported at its tag."""

from __future__ import annotations

import re
from pathlib import Path

from replayer.formats.importer import import_text
from replayer.formats.interop import board_from_game, export_pbn
from replayer.formats.pbn import encode_pbn, read_pbn
from replayer.record.diagnostics import Diagnostic, Severity
from replayer.record.reader import load
from replayer.rules.cards import Card
from replayer.rules.game import Game
from replayer.rules.regimes import RuleSet
from replayer.rules.seats import Seat
from replayer.validation.files import check_file
from replayer.validation.validate import validate

ROOT = Path(__file__).resolve().parent.parent
WHIST = ROOT / "tests" / "fixtures" / "whist" / "generated-1.yaml"


def _hand() -> Game:
    checked = check_file(WHIST)
    assert checked.game is not None and checked.record is not None
    return checked.game


def _exported() -> str:
    checked = check_file(WHIST)
    assert checked.game is not None and checked.record is not None
    return export_pbn(board_from_game(checked.game, checked.record))


def _tags(text: str) -> dict[str, str]:
    return dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', text, re.MULTILINE))


def _errors(diags: list[Diagnostic] | tuple[Diagnostic, ...]) -> list[Diagnostic]:
    return [d for d in diags if d.severity is Severity.ERROR]


def test_the_export_is_a_game_of_the_turned_suit_played_by_the_dealer_with_our_tags() -> None:
    game = _hand()
    assert game.dealer is Seat.S and game.declaration is not None
    text = _exported()
    tags = _tags(text)
    assert tags["Dealer"] == "S"
    assert tags["Declarer"] == "S"  # the dealer: the standard's Play tag is declarer's left, the eldest hand
    assert tags["Contract"] == "H"  # the turned card's suit, no level (no one contracted for tricks)
    assert tags["Play"] == "W"
    assert tags["ReplayerRules"] == "whist"
    assert tags["ReplayerTurned"] == "HA"
    assert tags["Result"] == str(game.tricks_won[Seat.S.side])  # the dealer's side's tricks
    assert "[Auction" not in text  # whist has no auction
    assert "ReplayerTrump" not in text and "ReplayerMake" not in text  # Bridge Whist's make: not this game
    # the play section: one trick a line, the eldest hand's column first
    rows = text.split('[Play "W"]\n', 1)[1].strip().splitlines()
    assert len(rows) == 13 and rows[0] == "C3 CK C4 C5" and rows[3] == "H5 HQ H4 HA"


def test_the_export_reads_as_standard_pbn_without_warning() -> None:
    games, diags = read_pbn(encode_pbn(_exported()), "whist.pbn")
    assert len(games) == 1
    assert [d for d in diags if d.severity is not Severity.NOTE] == []
    # what a reader that does not know our tags is told: a trump with no level, and that our tags are not PBN's
    assert {d.code for d in diags} == {"pbn-strain-only", "pbn-unknown-tag"}
    g = games[0]
    assert g.contract == "H" and g.declarer is Seat.S and g.play is not None and g.play.complete
    assert g.tag("ReplayerTurned") == "HA"


def test_export_then_import_gives_the_same_whist_hand() -> None:
    original = _hand()
    boards, problems = import_text(encode_pbn(_exported()), "whist.pbn")
    assert _errors(problems) == [] and len(boards) == 1
    imported = boards[0]
    assert imported.valid and imported.complete, imported.diagnostics
    assert "declaration: {turned: ♥A}" in imported.text and "rules: whist" in imported.text
    record, diags = load(imported.text, imported.name)
    assert record is not None and _errors(diags) == []
    game, more = validate(record)
    assert game is not None and _errors(more) == []
    assert game.regime.name is RuleSet.WHIST
    assert game.dealer == original.dealer
    assert game.deal == original.deal
    assert game.tricks == original.tricks
    assert game.declaration is not None and original.declaration is not None
    assert game.declaration.turned == original.declaration.turned == Card.parse("♥A")
    assert game.declaration.strain == original.declaration.strain
    assert game.tricks_won == original.tricks_won


def test_the_imported_hand_exports_to_the_same_pbn() -> None:
    first = _exported()
    boards, _ = import_text(encode_pbn(first), "whist.pbn")
    checked = load(boards[0].text, boards[0].name)[0]
    assert checked is not None
    game, _ = validate(checked)
    assert game is not None
    again = export_pbn(board_from_game(game, checked))
    # the import numbers the board (the file had "?"): everything else is written again as it was
    assert again.replace('[Board "1"]', '[Board "?"]') == first
    assert again.count("[ReplayerTurned") == 1 and again.count("[ReplayerRules") == 1


def _with(text: str, old: str, new: str) -> bytes:
    assert old in text
    return encode_pbn(text.replace(old, new))


def _line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def test_a_turned_card_not_in_the_dealers_hand_is_reported_at_its_tag() -> None:
    text = _exported()
    data = _with(text, '[ReplayerTurned "HA"]', '[ReplayerTurned "HQ"]')  # North's queen
    _, diags = read_pbn(data, "whist.pbn")
    bad = [d for d in diags if d.code == "pbn-inconsistent"]
    assert len(bad) == 1
    assert "HQ is not in the dealer's (South's) hand: North holds it" in bad[0].message
    assert bad[0].span is not None and bad[0].span.line == _line_of(text, "ReplayerTurned")
    boards, _ = import_text(data, "whist.pbn")  # no traceback: the hand is written and judged by the laws
    assert len(boards) == 1 and not boards[0].valid
    turned = [d for d in boards[0].diagnostics if d.code == "turned-card"]
    assert len(turned) == 1 and "♥Q is not in the dealer's hand" in turned[0].message


def test_an_unreadable_turned_card_is_reported_not_raised() -> None:
    text = _exported()
    data = _with(text, '[ReplayerTurned "HA"]', '[ReplayerTurned "H1"]')
    _, diags = read_pbn(data, "whist.pbn")
    bad = [d for d in diags if d.code == "pbn-bad-value"]
    assert len(bad) == 1 and "cannot read the turned card 'H1'" in bad[0].message
    assert bad[0].span is not None and bad[0].span.line == _line_of(text, "ReplayerTurned")
    boards, _ = import_text(data, "whist.pbn")
    assert len(boards) == 1 and not boards[0].valid
    assert any("'H1'" in d.message for d in _errors(boards[0].diagnostics))


def test_a_contract_of_another_suit_than_the_turned_card_is_reported() -> None:
    data = _with(_exported(), '[Contract "H"]', '[Contract "S"]')
    _, diags = read_pbn(data, "whist.pbn")
    bad = [d for d in diags if d.code == "pbn-inconsistent" and "turned card" in d.message]
    assert len(bad) == 1 and "HA is not of the suit the Contract names (S)" in bad[0].message


def test_a_whist_game_without_its_turned_card_imports_as_whist_and_is_refused() -> None:
    data = _with(_exported(), '[ReplayerTurned "HA"]\n', "")
    boards, _ = import_text(data, "whist.pbn")
    assert len(boards) == 1
    assert "rules: whist" in boards[0].text and "declaration" not in boards[0].text
    assert not boards[0].valid  # a whist hand needs its turned card: the validator says so
    assert [d.code for d in _errors(boards[0].diagnostics)] == ["missing-key"]
