"""Check a hand record against the laws: every problem, located, with a fix where one is likely.

This is where the records (what the file says, and where) meet the laws (what the cards must
do).  It never raises on bad content: each problem becomes a :class:`Diagnostic`, and checking
goes on so that a transcriber sees them all at once.  The checks, in the order they run:

* :mod:`.declaration`: the rule set (none named, or one we do not have: the check stops there),
  the dealer, the declaration (make or auction);
* :mod:`.deal`: the columns, the four hands, the first trick recorded; a hand with no cards, or a
  short deal not marked as a position, is an error;
* :mod:`.book_cards`: a card the book misprints (``book_errors``, ``about: card``) is replaced by
  its reading before the play is checked, and reported once (so are, after the play, a winner mark
  on the wrong card, ``about: mark``, and a misprinted line of the deal diagram, ``about: deal``);
* :mod:`.played_cards`: each card played once, from the hand that holds it (fixes: :mod:`.fixes`);
* :mod:`.replay`: the tricks in turn: leads, following suit, winners;
* :mod:`.result`: the book's result line; :mod:`.claims`: the author's claims and the readings;
* :mod:`.lines`: the notes' decision points, and their alternative lines, replayed like the play.
"""

from __future__ import annotations

import dataclasses

from ..record.diagnostics import Diagnostic
from ..record.hand import HandRecord
from ..rules.game import Game
from .book_cards import check_book_cards_legal, check_book_deal, check_book_marks, read_book_cards
from .checking import Check
from .claims import check_holding_claims, check_readings
from .deal import check_position, columns, deal, first_trick, holdings, row
from .declaration import check_dealer, declaration, regime
from .dummy_bridge import series_deal
from .lines import check_questions, replay_lines
from .played_cards import check_played_cards
from .replay import replay
from .result import check_result, read_result

__all__ = ["validate"]


def validate(record: HandRecord) -> tuple[Game | None, list[Diagnostic]]:
    """Replay a record under its rule set.  Returns the game (None if it cannot be replayed)
    and every problem found, in the order they stand in the file."""
    ck = Check(record)
    rules = regime(ck)
    if rules is None:
        return None, ck.diags  # never check a hand under laws it does not name
    check_dealer(ck)
    decl, passed_out = declaration(ck, rules)
    cols = columns(ck)
    dealt = deal(ck)
    rows = [row(t) for t in record.tricks]
    first = first_trick(record, dealt)
    book_cards = read_book_cards(ck, rows, cols, first)
    if passed_out and record.tricks:
        ck.add(
            "play-after-pass-out",
            "the auction was passed out, yet the file gives play",
            record.play_span,
            "four passes: the deal is not played",
        )
    held = holdings(ck, dealt, cols, rows, first) if check_position(ck, dealt) else None
    if cols is not None:
        check_played_cards(ck, rows, cols, dealt, first)
    game = None
    if held is not None and cols is not None:
        game = replay(ck, rules, decl, held, cols, rows, first)
    if record.result is not None:
        if game is not None:
            check_result(ck, game, record)
        else:
            read_result(ck, record)  # an unreadable line is reported even when nothing is replayed
    if game is not None:
        check_holding_claims(ck, game, record)
        check_readings(ck, game, record)
        check_questions(ck, game)
        if cols is not None:
            game = replay_lines(ck, game, cols)
        if record.series is not None:
            game = dataclasses.replace(game, series_deal=series_deal(record))
    check_book_cards_legal(ck, book_cards)
    check_book_marks(ck, rows, cols, first)
    check_book_deal(ck, dealt)
    ck.diags.sort(key=lambda d: (d.span.line if d.span else 0, d.span.col if d.span else 0))
    return game, ck.diags
