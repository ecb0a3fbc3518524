"""``replayer analyse HAND``: double dummy on a hand's decision points and alternative lines, as text
or JSON — every legal card at each decision point with the tricks it keeps or costs, and each line's
double-dummy words and verdict on the result it states.  Pure: it returns the text to print."""

from __future__ import annotations

import json

from ..lessons.branches import LineView, QuestionView, branch_views
from ..lessons.refereed import dds_available
from ..record.hand import HandRecord
from ..rules.cards import Card
from ..rules.game import Game
from ..rules.regimes import RuleSet
from ..rules.seats import Letter, Seat

__all__ = ["analyse_json", "analyse_text"]


def _letters(game: Game, record: HandRecord) -> bool:
    """Whether the hand names its seats by the book's letters, as its lesson does."""
    written = [c.value for c in record.columns]
    if not written:
        return game.regime.name is RuleSet.BRIDGE_WHIST
    return all(w in Letter.__members__ for w in written)


def _views(
    game: Game, record: HandRecord
) -> tuple[tuple[QuestionView, ...], tuple[LineView, ...], str | None]:
    """The decision points and lines, and why double dummy is missing (None: it is there)."""
    missing = dds_available()
    questions, lines = branch_views(
        game, record, {}, letters=_letters(game, record), double_dummy=missing is None
    )
    return questions, lines, missing


def _card_text(code: str) -> str:
    return str(Card.parse(code))


def analyse_text(game: Game, record: HandRecord) -> str:
    questions, lines, missing = _views(game, record)
    out: list[str] = []
    if missing is not None:
        out += [f"Double dummy: not available ({missing}).", ""]
    if not questions and not lines:
        return "\n".join(out + ["This hand has no decision points and no alternative lines.", ""])
    if questions:
        out.append("Decision points")
    for q in questions:
        where = " from dummy" if q.chooser != q.seat else ""
        out.append(f"  Trick {q.trick}, {q.who} ({Seat[q.chooser].word}){where}: {q.ask}")
        for ch in q.choices:
            marks = [
                m for m, code in (("the book's card", q.book), ("the answer", q.answer)) if ch.code == code
            ]
            mark = f" ({', '.join(marks)})" if marks else ""
            out.append(f"    {ch.text}{mark}" + (f": {ch.words}" if ch.words else ""))
        out.append("")
    if lines:
        out.append("Alternative lines")
    book = [c for t in game.tricks for _, c in t.plays]
    for ln in lines:
        seat = Seat[ln.seat]
        who = game.labels[seat].name if _letters(game, record) else seat.word
        out.append(
            f"  {ln.title}: trick {ln.trick}, {who}'s {_card_text(ln.card)} instead of the {book[ln.start]}"
        )
        out.append(f"    The line's cards: {ln.result}.")
        if ln.dd:
            out.append(f"    {ln.dd}")
        out.append("")
    return "\n".join(out)


def analyse_json(game: Game, record: HandRecord) -> str:
    questions, lines, missing = _views(game, record)
    data = {
        "double_dummy": missing is None,
        "double_dummy_missing": missing,
        "questions": [
            {
                "trick": q.trick,
                "seat": q.seat,
                "chooser": q.chooser,
                "who": q.who,
                "ask": q.ask,
                "book": q.book,
                "answer": q.answer,
                "choices": [
                    {
                        "card": ch.code,
                        "text": ch.text,
                        "tricks": ch.tricks,
                        "cost": ch.cost,
                        "words": ch.words,
                    }
                    for ch in q.choices
                ],
            }
            for q in questions
        ],
        "lines": [
            {
                "title": ln.title,
                "trick": ln.trick,
                "seat": ln.seat,
                "card": ln.card,
                "complete": ln.complete,
                "result": ln.result,
                "verdict": ln.verdict,
                "double_dummy": ln.dd,
            }
            for ln in lines
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
