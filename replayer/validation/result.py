"""The book's result line against the cards (rules-reference §6.3): tricks by cards, a total of
tricks, slams, the game and the rubber, honours, aces and chicane, each claim checked where the
replay can check it.  A side that wins the game or the rubber must win a game on this deal from
the score before it; a side that wins the rubber must also have had a game before the deal
(``score_before``'s ``games``).  When the file does not give the winner's games, the rubber is
checked as a game only.

A claim the cards contradict is an error, unless the file records that part of the result line
(its honours, its trick count, the strain it names) as the book's own error; then it is a
warning, and the cards are kept as printed.  A record of one part never waives another.  A claim that cannot
be checked (no side named, a partial deal, an unfinished play) is a note.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..record.diagnostics import Severity, Span
from ..record.hand import HandRecord, ResultPart
from ..record.phrases import AwardKind, Claim, HonoursSplit, ResultSyntaxError, parse_result
from ..record.sides import Narrative
from ..rules.cards import Strain
from ..rules.game import Game
from ..rules.seats import BookPair
from ..scoring.base import LineKind
from ..scoring.honours import honours_held
from ..scoring.sheet import score_game
from .checking import Check

if TYPE_CHECKING:  # a hand without book errors never defines the type (see record.hand_extras)
    from ..record.hand import BookErrorRecord

__all__ = ["check_result", "read_result"]

_HONOUR_WORDS = {3: "three", 4: "four", 5: "five"}
_BOOK_ERROR_HINT = (
    "check the trump honours in the deal against the book; if the book itself miscounts, "
    "record it under book_errors (about: result)"
)
_TRICKS_HINT = (
    "check the trick winners against the book; a misread card can move a trick "
    "(if the book itself miscounts, record it under book_errors, about: result tricks)"
)
_RUBBER_HINT = (
    "check score_before's games against the book's words for the score; if the book itself is wrong, "
    "record it under book_errors (about: result tricks)"
)
#: the part of the result line each disagreement is about
_PART_OF = {
    "result-honours": ResultPart.HONOURS,
    "result-tricks": ResultPart.TRICKS,
    "result-strain": ResultPart.STRAIN,
}
_PART_WORDS = {
    ResultPart.HONOURS: "its honours",
    ResultPart.TRICKS: "its trick count",
    ResultPart.STRAIN: "the strain it names",
}


@functools.lru_cache(maxsize=1024)
def _claims(text: str) -> tuple[Claim, ...]:
    return tuple(parse_result(text))  # books repeat their result lines: read each once


def read_result(ck: Check, record: HandRecord) -> tuple[Claim, ...]:
    """The result line's claims; none (with a warning) when the line cannot be read."""
    assert record.result is not None
    try:
        return _claims(record.result.value)
    except ResultSyntaxError as exc:
        span = record.result_span(exc.offset, exc.offset + 1)
        ck.add(
            "result-unreadable",
            f"cannot read the result line: {exc}",
            span,
            exc.hint or "see docs/hand-format.md for the phrases understood",
            Severity.WARNING,
        )
        return ()


def check_result(ck: Check, game: Game, record: HandRecord) -> None:
    """Each claim of the result line against the game."""
    claims = read_result(ck, record)
    if not claims:
        return
    judge = _Judge(ck, game, record)
    for cl in claims:
        judge.check(cl)
    judge.finish()


class _Judge:
    """Checks the claims of one result line, noting the parts it checked and the book errors used."""

    def __init__(self, ck: Check, game: Game, record: HandRecord) -> None:
        self.ck = ck
        self.game = game
        self.record = record
        self.complete = game.first_trick == 1 and len(game.tricks) == 13
        self.full_deal = all(len(h) == 13 for h in game.deal.values())
        self.book_says: list[BookErrorRecord] = [b for b in record.book_errors if b.part is not None]
        self.checked: set[ResultPart] = set()  # the parts of the line the cards could check
        self.used: set[int] = set()  # the book errors that matched a disagreement (by index)

    def mismatch(self, code: str, message: str, span: Span | None, hint: str | None) -> None:
        """A claim the cards contradict: an error, or a warning when the file records the book's
        error in that part of the line (and only that part: a record of the book's honours never
        hides a wrong trick count)."""
        part = _PART_OF[code]
        found = [i for i, b in enumerate(self.book_says) if b.part is part]
        if found:
            self.used.update(found)
            self.ck.add(
                "book-result",
                f"the book's result line disagrees with its cards: {message}",
                span,
                f"recorded as the book's own error (line {self.book_says[found[0]].span.line}); "
                "the cards are kept as printed",
                Severity.WARNING,
            )
        else:
            self.ck.add(code, message, span, hint)

    def unverifiable(self, cl: Claim, why: str, span: Span | None) -> None:
        self.ck.add(
            "result-unverifiable",
            f"the result line claims '{cl.describe()}' but {why}",
            span,
            None,
            Severity.NOTE,
        )

    def check(self, cl: Claim) -> None:
        span = self.record.result_span(cl.start, cl.end)
        if isinstance(cl.side, Narrative):
            if cl.kind is not AwardKind.POINTS:
                self.ck.add(
                    "result-unverifiable",
                    f"the result line says '{cl.describe()}' without naming the side",
                    span,
                    "name the side (A and B, Y and Z) so the claim can be checked",
                    Severity.NOTE,
                )
            return
        decl = self.game.declaration
        if cl.strain is not None and decl is not None:
            self.checked.add(ResultPart.STRAIN)
        if cl.strain is not None and decl is not None and cl.strain != decl.strain:
            self.mismatch(
                "result-strain",
                f"the result line speaks of {cl.strain.word}, but the declaration is {decl.strain.word}",
                span,
                None,
            )
        if cl.kind in (AwardKind.HONOURS, AwardKind.ACES, AwardKind.CHICANE):
            if decl is None or not self.full_deal:
                self.unverifiable(cl, "the full deal is not known", span)
                return
            self.checked.add(ResultPart.HONOURS)
            problem = _honours_problem(cl, cl.side, self.game, decl.strain)
            if problem:
                self.mismatch("result-honours", problem, span, _BOOK_ERROR_HINT)
        elif cl.kind is AwardKind.POINTS:
            self._points(cl, cl.side, span)
        elif cl.kind in (AwardKind.BY_CARDS, AwardKind.SLAM, AwardKind.TRICKS):
            self._tricks(cl, cl.side, span)
        elif cl.kind in (AwardKind.GAME, AwardKind.RUBBER):
            self._game(cl, cl.side, span)

    def _game(self, cl: Claim, side: BookPair, span: Span | None) -> None:
        """ "the game", "the rubber": the side wins a game on this deal, from the score before it."""
        score = score_game(self.game) if self.complete and self.full_deal else None
        if score is None or self.record.score_before is None or not self.record.score_before.value:
            self.unverifiable(cl, "the deal or the score before it is not known", span)
            return
        self.checked.add(ResultPart.TRICKS)
        if score.game != self.game.pair(side):
            self.mismatch(
                "result-tricks",
                f"the result line gives {side.label} the {cl.value}, but they win no game on this deal",
                span,
                _TRICKS_HINT,
            )
        elif cl.kind is AwardKind.RUBBER and self.game.games_of(self.game.pair(side)) == 0:
            self.mismatch(
                "result-tricks",
                f"the result line gives {side.label} the rubber, but score_before gives them no game "
                "before this deal: this deal wins them a game, not the rubber",
                span,
                _RUBBER_HINT,
            )

    def _points(self, cl: Claim, side: BookPair, span: Span | None) -> None:
        """ "N in honours": the honour, ace and chicane points the score gives the side."""
        score = score_game(self.game) if self.full_deal and self.complete else None
        if score is None:
            self.unverifiable(cl, "the deal cannot be scored", span)
            return
        pair = self.game.pair(side)
        got = sum(score.items(pair, k) for k in (LineKind.HONOURS, LineKind.ACES, LineKind.CHICANE))
        self.checked.add(ResultPart.HONOURS)
        if got != cl.value:
            self.mismatch(
                "result-honours",
                f"the result line gives {side.label} {cl.value} in honours, but the cards give them {got}",
                span,
                None,
            )

    def _tricks(self, cl: Claim, side: BookPair, span: Span | None) -> None:
        """Tricks by cards (after any revoke penalty), or a slam or a total of tricks (the tricks
        won in play, BW-22: the book counts its trick table)."""
        game = self.game
        if not self.complete:
            self.unverifiable(cl, "the play is not complete", span)
            return
        self.checked.add(ResultPart.TRICKS)
        if cl.kind is AwardKind.BY_CARDS:
            assert isinstance(cl.value, int)
            won = _tricks_after_revokes(game, side)
            want = 6 + cl.value
            if won != want:
                after = "after the revoke penalty they have" if game.revokes else "in the play they win"
                self.mismatch(
                    "result-tricks",
                    f"the result line says {side.label} win {cl.value} by cards "
                    f"({want} tricks), but {after} {won} and their adversaries {13 - won}",
                    span,
                    _TRICKS_HINT,
                )
            return
        won = game.tricks_of(game.pair(side))  # slams and totals count the tricks won in play (BW-22)
        if cl.kind is AwardKind.TRICKS:
            if won != cl.value:
                self.mismatch(
                    "result-tricks",
                    f"the result line says {side.label} win {cl.value} tricks, but in the play they win {won}",
                    span,
                    _TRICKS_HINT,
                )
            return
        want = 12 if cl.value == "little" else 13
        if won != want:
            self.mismatch(
                "result-tricks",
                f"the result line gives {side.label} a {cl.value} slam ({want} tricks), but they win {won}",
                span,
                _TRICKS_HINT,
            )

    def finish(self) -> None:
        """An error of the book's recorded for a part of the result line must be one the cards show
        there; a part the cards could not check (an unfinished play, a partial deal) says nothing."""
        for i, b in enumerate(self.book_says):
            if i in self.used or b.part not in self.checked:
                continue
            assert b.part is not None
            self.ck.add(
                "book-error-unmatched",
                f"the file records an error in the book's result line ({_PART_WORDS[b.part]}), "
                "but that part of the line agrees with the cards",
                b.span,
                "remove the book_errors entry, or check the cards",
                Severity.WARNING,
            )


def _tricks_after_revokes(game: Game, side: BookPair) -> int:
    """A side's tricks once the revoke penalty (three tricks a revoke, BW-25) has been transferred."""
    own = game.pair(side)
    won = game.tricks_of(own)
    for _, seat in game.revokes:
        if seat.side == own:
            won -= min(3, won)
        else:
            won += min(3, 13 - won)
    return won


def _honours_problem(cl: Claim, side: BookPair, game: Game, strain: Strain) -> str | None:
    """Why an honours, aces or chicane claim does not fit the deal (RES-2, RES-3, RES-6), or None."""
    held = honours_held(game.deal, strain)
    pair = game.pair(side)
    labels = {s: letter.name for s, letter in game.labels.items()}
    count, most = held.count(pair), held.most_in_one_hand(pair)
    who = side.label
    found = held.describe(pair, labels)
    if cl.kind is AwardKind.CHICANE:
        want = 2 if cl.value == "double" else 1
        if held.chicane(pair) < want:
            return f"the result line gives {who} {'double ' if want == 2 else ''}chicane, but " + (
                "the hand is at no-trumps"
                if strain.trump is None
                else f"{who} hold trumps in {'both hands' if want == 2 else 'each hand'}"
            )
        return None
    if cl.kind is AwardKind.ACES:
        if strain is not Strain.NOTRUMP:
            return f"the result line counts aces for {who}, but aces count as honours only at no-trumps"
        one_hand = cl.detail is HonoursSplit.ONE_HAND
        ok = count == cl.value and (most == 4 if one_hand else most < 4 or cl.value == 3)
        said = cl.describe().split(" hold ")[-1]
        return None if ok else f"the result line gives {who} {said}, but they held {count} aces ({found})"
    if strain is Strain.NOTRUMP:
        return (
            f"the result line counts trump honours for {who}, but the hand is at no-trumps (only aces count)"
        )
    assert isinstance(cl.value, int)
    ok = count == cl.value
    if cl.detail is HonoursSplit.ONE_HAND:
        ok = ok and most == cl.value
    elif cl.detail is HonoursSplit.ONE_HAND_FIFTH_PARTNER:
        ok = count == 5 and most == 4
    elif cl.detail is HonoursSplit.BETWEEN_PARTNERS:
        ok = ok and most < 4
    if ok:
        return None
    said = "simple honours (three)" if cl.value == 3 else f"{_HONOUR_WORDS[cl.value]} honours"
    return f"the result line says {who} score {said}, but they held {_HONOUR_WORDS.get(count, str(count))} ({found})"
