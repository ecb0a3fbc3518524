"""The notes the cards teach, refereed by double dummy: the findings a lesson shows, and the ones the
evaluation (``replayer annotate --evaluate``) measures — the same list, so that what is measured is
what a reader reads.

The detectors (``teaching``) know nothing of the solver; here the double-dummy analysis of the play
(``analysis``) and the author's ``alternative`` claims are turned into the plain values
``teaching.referee`` reads.  Without endplay the findings are the detectors' own.
"""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence

from ..analysis import PlayAnalysis, Verdict, analyse, dds_available, verify_claims
from ..analysis.claims import ClaimVerdict
from ..record.hand import ClaimKind, HandRecord
from ..rules.game import Game
from ..rules.seats import BookPair, Letter, Pair, Seat
from ..teaching.annotate import Author, annotate
from ..teaching.findings import Finding
from ..teaching.referee import AuthorsWord, Weighed, referee

__all__ = ["authors_words", "dds_available", "refereed_findings", "weighed", "with_double_dummy"]


def weighed(dd: PlayAnalysis) -> tuple[Weighed, ...]:
    """Every card of the analysed play, as the referee reads it."""
    return tuple(Weighed(c.trick, c.seat, c.card, c.cost, c.best) for c in dd.cards)


def authors_words(game: Game, verdicts: Sequence[ClaimVerdict]) -> tuple[AuthorsWord, ...]:
    """The author's ``alternative`` claims about a card played, each with the side it favours: he
    is *against* the card when the other card would have done better for its player's side."""
    out: list[AuthorsWord] = []
    for v in verdicts:
        c = v.claim
        if c.kind is not ClaimKind.ALTERNATIVE or c.seat is None:
            continue
        seat = _seat(game, str(c.seat.value))
        trick = next((t for t in game.tricks if t.number == c.trick), None)
        if seat is None or trick is None:
            continue
        played = next((card for s, card in trick.plays if s == seat), None)
        better_for = _favoured(game, c.outcome)
        if played is None or better_for is None:
            continue
        text = v.text if v.verdict in (Verdict.CONFIRMED, Verdict.REFUTED) else ""  # with the line
        out.append(AuthorsWord(c.trick, seat, played, better_for == seat.side, c.quote, text))
    return tuple(out)


def _seat(game: Game, text: str) -> Seat | None:
    text = text.strip().upper()
    if text in Letter.__members__:
        return Letter[text].seat(game.dealer)
    return Seat.__members__.get(text)


def _favoured(game: Game, outcome: dict[str, object]) -> Pair | None:
    """The side the claimed outcome of the other card is good for: the side named when it wins the
    game or makes its tricks, the other side when the side named fails to win the game."""
    name = str(outcome.get("side", "")).upper()
    if name in BookPair.__members__:
        side = game.pair(BookPair[name])
    elif name in Pair.__members__:
        side = Pair[name]
    else:
        return None
    if outcome.get("game") is False:
        return side.other
    return side


def refereed_findings(
    game: Game,
    author: Author,
    dd: PlayAnalysis | None,
    verdicts: Sequence[ClaimVerdict] = (),
) -> list[Finding]:
    """The detectors' findings on ``game`` in the words of ``author``'s rules, refereed by double
    dummy when there is an analysis."""
    found = annotate(game, author=author)
    if dd is None:
        return found
    return referee(game, found, weighed(dd), authors_words(game, verdicts), author)


def with_double_dummy(
    game: Game, record: HandRecord, author: Author, cache: MutableMapping[str, int] | None = None
) -> list[Finding]:
    """The findings as a lesson shows them: refereed when endplay is installed and the hand has a
    play to weigh, the detectors' own otherwise."""
    if dds_available() is not None or not game.tricks:
        return annotate(game, author=author)
    try:
        dd = analyse(game, cache)
        verdicts = verify_claims(game, record, cache)
    except ImportError:  # endplay is there but its DDS will not load
        return annotate(game, author=author)
    return refereed_findings(game, author, dd, verdicts)
