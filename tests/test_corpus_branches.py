"""The corpus's decision points and lines (issue 16, item 4): where the books turn on a choice, a
question; every alternative stated with cards, a line that the laws and double dummy check.

The questions' words are checked too: an ``ask`` may name only cards its player can see then (his
own, dummy's once it is down, the cards played), so the question never gives a hidden hand away.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from replayer.analysis.branches import analyse_lines
from replayer.analysis.claims import Verdict
from replayer.record.hand import HandRecord
from replayer.record.reader import load
from replayer.rules.cards import Card, Rank, Suit
from replayer.rules.game import Game
from replayer.rules.seats import BookPair, Seat
from replayer.validation.validate import validate

HANDS = Path(__file__).resolve().parents[1] / "hands"
FILES = sorted(HANDS.glob("*/hand-*.yaml"))
SYMBOL = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}
#: a suit symbol and the ranks after it: ♥A 10 4, ♣10
MENTION = re.compile(r"([♠♥♦♣])((?:\s?(?:10|[AKQJ2-9])(?![\w]))+)")


def _load(path: Path) -> tuple[Game, HandRecord]:
    record, diags = load(path.read_text(encoding="utf-8"), str(path))
    assert record is not None, diags
    game, _ = validate(record)
    assert game is not None
    return game, record


def _named(text: str) -> set[Card]:
    out = set()
    for symbol, ranks in MENTION.findall(text):
        for rank in ranks.split():
            out.add(Card(SYMBOL[symbol], Rank.parse(rank)))
    return out


def test_the_mention_reader_reads_a_holding_and_single_cards() -> None:
    assert _named("B holds ♥A 10 4 and dummy the ♣10. What now?") == {
        Card.parse("HA"),
        Card.parse("HT"),
        Card.parse("H4"),
        Card.parse("CT"),
    }


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_question_names_only_cards_its_player_can_see(path: Path) -> None:
    game, record = _load(path)
    for note in record.notes:
        q = note.question
        if q is None or q.ask is None:
            continue
        seat = game.seat_named(q.seat.value)
        state = game.state_before(q.trick, seat)
        assert state is not None
        dummy = game.declaration.dummy if game.declaration is not None else None
        chooser = seat.partner if seat == dummy else seat  # dummy's card is the declarer's choice
        index = sum(len(t.plays) for t in state.tricks) + len(state.current)
        visible = set(state.hand(chooser)) | {c for t in state.tricks for _, c in t.plays}
        visible |= {c for _, c in state.current}
        if dummy is not None and (index > 0 or game.first_trick > 1):
            visible |= set(state.hand(dummy))
        hidden = _named(q.ask.value) - visible
        assert not hidden, f"{path.name} trick {q.trick}: the question names {sorted(map(str, hidden))}"


def test_every_foster_hand_has_a_decision_point() -> None:
    for path in sorted((HANDS / "foster-1904").glob("hand-*.yaml")):
        _, record = _load(path)
        assert any(n.question is not None for n in record.notes), path.name


def test_foster_hand_5_asks_b_at_trick_1_and_plays_the_ace_as_a_line() -> None:
    game, record = _load(HANDS / "foster-1904" / "hand-5.yaml")
    asked = [(n.question.trick, game.seat_named(n.question.seat.value)) for n in record.notes if n.question]
    assert (1, Seat.E) in asked
    ace = [ln for ln in game.lines if ln.branch == (1, Seat.E, Card.parse("HA"))]
    assert len(ace) == 1 and ace[0].complete
    assert game.along(ace[0]).tricks_of(game.pair(BookPair.YZ)) == 10  # four by cards, by the cards
    (weighed,) = [a for a in analyse_lines(game, record) if a.line == ace[0]]
    assert weighed.verdict is Verdict.CONFIRMED  # and by double dummy
    assert weighed.after_branch[game.pair(BookPair.YZ)] == 10


def test_every_stated_result_of_a_line_is_judged_and_a_refuted_one_says_so() -> None:
    judged = 0
    for path in FILES:
        game, record = _load(path)
        for a in analyse_lines(game, record):
            rec = record.notes[a.line.note].lines[a.line.index]
            if rec.outcome:
                judged += 1
                assert a.verdict in (Verdict.CONFIRMED, Verdict.REFUTED), (path.name, a.line.title, a.text)
                if a.verdict is Verdict.REFUTED:  # the author's result kept; our words must say it fails
                    assert "double dummy" in (rec.text or "").lower(), (path.name, a.line.title)
    assert judged >= 7
