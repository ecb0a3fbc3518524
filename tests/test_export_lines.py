"""Decision points and alternative lines on their way out: PBN and LIN carry them as commentary on
the main line (a line after its branch trick, a decision point just before the card it asks about,
without the answer), and the files read back through our import."""

from __future__ import annotations

from pathlib import Path

import pytest

from replayer.formats.importer import import_text
from replayer.formats.interop import SourceFormat, board_from_game, board_lin, export_pbn
from replayer.formats.lin import read_lin
from replayer.formats.pbn import encode_pbn, read_pbn
from replayer.record.diagnostics import Severity
from replayer.rules.cards import Card
from replayer.rules.seats import Seat
from replayer.validation.files import Checked, check_file

ROOT = Path(__file__).resolve().parent.parent
HAND5 = ROOT / "hands" / "foster-1904" / "hand-5.yaml"

LINE_TITLE = "If B wins the first trick with the ♥A"
LINE_CARDS = "Trick 1: B ♥A, Z ♥3; trick 2: B ♥10, Z ♦3, A ♥Q, Y ♥5; trick 3: A ♥K, Y ♥9, B ♥4, Z ♦5"
ASK = "Decision point for East (B): A leads the ♥6 and dummy, now on the table, plays the 7."


@pytest.fixture(scope="module")
def hand5() -> Checked:
    checked = check_file(HAND5)
    assert checked.game is not None and checked.record is not None
    assert checked.game.lines, "Foster's Hand 5 gives the ♥A line"
    return checked


def _pbn(checked: Checked) -> str:
    assert checked.game is not None and checked.record is not None
    return export_pbn(board_from_game(checked.game, checked.record, SourceFormat.PBN))


def _lin(checked: Checked) -> str:
    assert checked.game is not None and checked.record is not None
    return board_lin(board_from_game(checked.game, checked.record, SourceFormat.LIN))


def test_pbn_gives_the_line_after_its_branch_trick(hand5: Checked) -> None:
    text = _pbn(hand5)
    games, diags = read_pbn(text, "hand-5.pbn")
    assert not [d for d in diags if d.severity is Severity.ERROR]
    by_trick = {n: [c.text for c in cs] for n, cs in games[0].play_commentary().items()}
    line = [c for c in by_trick.get(1, []) if c.startswith("Alternative line:")]
    assert len(line) == 1
    comment = line[0]
    assert LINE_TITLE in comment
    assert "(B's ♥A instead of the ♥10 at trick 1)" in comment
    assert LINE_CARDS in comment
    assert "trick 13: Z ♦A, A ♦10, Y ♦9, B ♦K." in comment
    assert comment.endswith("Result stated: Y–Z make 4 by cards.")
    assert "The line's cards give Y–Z 10 tricks, A–B 3." in comment
    # in the file: on trick 1's line, after its four cards (H6 H7 HT H3), not on any other trick
    row = text[text.index("\nH6 H7") : text.index("\nH8 H5 HA D3")]  # trick 1 and its comments
    assert row.index(" H3 ") < row.index("{Alternative line:")
    assert not any("Alternative line" in c for n, cs in by_trick.items() if n != 1 for c in cs)


def test_pbn_asks_the_decision_point_before_the_card_without_the_answer(hand5: Checked) -> None:
    text = _pbn(hand5)
    row = text[text.index("\nH6 H7") + 1 : text.index("\nH8 H5 HA D3")]  # trick 1 and its comments
    # B is East, the third column under [Play "W"]: the question stands between Y's ♥7 and B's ♥10
    assert row.startswith("H6 H7 {" + ASK)
    asked = row.index("{Decision point")
    assert row.index("H7") < asked < row.index(" HT ")
    question = row[asked : row.index("}", asked) + 1]
    assert "What should B play?" in question
    assert "10" not in question.replace(
        "♥A 10 4", ""
    )  # his hand, shown as he sees it, names the ten; nothing else does
    assert "Eleven Rule" not in question
    # the note that answers it (the Eleven Rule) comes after B's card
    assert row.index(" HT ") < row.index("Eleven Rule")


def test_pbn_round_trip_keeps_the_commentary(hand5: Checked, tmp_path: Path) -> None:
    text = _pbn(hand5)
    boards, diags = import_text(encode_pbn(text), str(tmp_path / "hand-5.pbn"))
    assert not [d for d in diags if d.severity is Severity.ERROR]
    assert len(boards) == 1
    hand = boards[0]
    assert not [d for d in hand.diagnostics if d.severity is Severity.ERROR], hand.diagnostics
    assert hand.complete
    # as the importer keeps commentary on a trick: a note at that trick (not turned back into a line)
    assert "Decision point for East (B)" in hand.text
    assert "Alternative line: If B wins the first trick with the ♥A" in hand.text
    assert "lines:" not in hand.text and "question:" not in hand.text
    # and a second export gives the same commentary again
    again = read_pbn(text, "a.pbn")[0][0].play_commentary()
    assert any(c.text.startswith("Alternative line:") for c in again[1])


def test_lin_gives_the_question_after_the_card_before_bs_and_the_line_after_the_trick(hand5: Checked) -> None:
    text = _lin(hand5)
    question = text.index("nt|Decision point for East (B):")
    line = text.index("nt|Alternative line: " + LINE_TITLE)
    # pc|H6|pc|H7| then the question, then B's ♥10 and Z's ♥3, then the line
    assert text.index("pc|H7|") < question < text.index("pc|HT|") < text.index("pc|H3|") < line
    assert line < text.index("pc|HA|")  # before trick 2
    assert "|pg||" in text[question : question + 300]  # a viewer stops on it
    boards, diags = read_lin(text, "hand-5.lin")
    assert not [d for d in diags if d.severity is Severity.ERROR]
    plays = boards[0].plays
    assert plays[1].card == Card.parse("H7") and plays[1].seat is Seat.N
    assert any(n.startswith("Decision point for East (B):") for n in plays[1].notes)
    assert any(LINE_CARDS in n for n in plays[3].notes)
    assert any(n.endswith("Result stated: Y–Z make 4 by cards.") for n in plays[3].notes)


def test_lin_round_trip_keeps_the_commentary(hand5: Checked, tmp_path: Path) -> None:
    boards, diags = import_text(_lin(hand5).encode("utf-8"), str(tmp_path / "hand-5.lin"))
    assert not [d for d in diags if d.severity is Severity.ERROR]
    hand = boards[0]
    assert not [d for d in hand.diagnostics if d.severity is Severity.ERROR], hand.diagnostics
    assert "Decision point for East (B)" in hand.text
    assert LINE_CARDS in hand.text


LINE_HAND = """\
title: A short line
rules: contract
dealer: N
declaration:
  calls: 1NT pass pass pass
deal:
  N: ♠AKQJ ♥AKQ ♦AKQ ♣AKQ
  E: ♠5432 ♥5432 ♦5432 ♣2
  S: ♠10987 ♥10987 ♦1098 ♣43
  W: ♠6 ♥J6 ♦J76 ♣J1098765
play:
  columns: [E, S, W, N]
  tricks:
    - ♣2 ♣3 ♣J ♣Q
    - ♠2 ♠7 ♠6 ♠A
notes:
  - trick: 2
    text: East follows.
    question:
      seat: W
      ask: What should West play?
      trick: 2
    lines:
      - title: "If North cashes hearts {first}"
        trick: 2
        tricks:
          - ♥2 ♥7 ♥6 ♥A
        result: {side: NS, tricks: 13}
"""


def _line_hand(tmp_path: Path) -> Checked:
    path = tmp_path / "short.yaml"
    path.write_text(LINE_HAND, encoding="utf-8")
    checked = check_file(path)
    assert not [d for d in checked.diagnostics if d.severity is Severity.ERROR], checked.diagnostics
    assert checked.game is not None and len(checked.game.lines) == 1
    return checked


def test_a_line_that_stops_early_with_compass_seats_and_a_brace_in_its_title(tmp_path: Path) -> None:
    checked = _line_hand(tmp_path)
    text = _pbn(checked)
    games, diags = read_pbn(text, "short.pbn")
    assert not [d for d in diags if d.severity is Severity.ERROR]
    comments = [c.text for c in games[0].play_commentary()[2]]
    line = next(c for c in comments if c.startswith("Alternative line:"))
    assert line == (
        "Alternative line: If North cashes hearts (first) (N's ♥A instead of the ♠A at trick 2). "
        "Trick 2: N ♥A, E ♥2, S ♥7, W ♥6. The line stops after trick 2. Result stated: N–S take 13 tricks."
    )
    # West plays third to trick 2; under [Play "E"] the columns are E S W N: asked after South's ♠7
    row = next(r for r in text.splitlines() if r.startswith("S2 S7"))
    assert row.index("S7") < row.index("{Decision point for West: What should West play?}") < row.index("S6")
    lin = _lin(checked)
    assert lin.index("pc|S7|") < lin.index("nt|Decision point for West:") < lin.index("pc|S6|")


def test_a_decision_point_on_a_lead_goes_after_the_trick_before(tmp_path: Path) -> None:
    hand = LINE_HAND.replace(
        "seat: W\n      ask: What should West play?", "seat: N\n      ask: What should North lead?"
    )
    path = tmp_path / "lead.yaml"
    path.write_text(hand, encoding="utf-8")
    checked = check_file(path)
    assert not [d for d in checked.diagnostics if d.severity is Severity.ERROR], checked.diagnostics
    asked = "Decision point for North: What should North lead?"
    # LIN: after the last card of trick 1, before North's ♠A
    lin = _lin(checked)
    assert lin.index("pc|CQ|") < lin.index("nt|" + asked) < lin.index("pc|SA|")
    # PBN: at the end of trick 1's line (North's column is the last of trick 2's, after cards played later)
    pbn = _pbn(checked)
    rows = pbn.splitlines()
    second = next(i for i, r in enumerate(rows) if r.startswith("S2 S7 S6 SA"))
    assert rows[second - 1] == "C2 C3 CJ CQ {" + asked + "}"
    games, diags = read_pbn(pbn, "lead.pbn")
    assert not [d for d in diags if d.severity is Severity.ERROR]
    assert asked in [c.text for c in games[0].play_commentary()[1]]
