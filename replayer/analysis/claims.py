"""The author's claims, and what double dummy makes of them.

A claim (``ClaimRecord``) says that the play could have gone otherwise (``alternative``) or how it
ends (``outcome``); the verdict replays to the claim's point, solves double dummy, and says in plain
words whether the claim holds, with the best line that refutes it when it does not.  ``holding``
claims are the validator's.  Pure: no file I/O.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass

from ..record.hand import ClaimKind, ClaimRecord, HandRecord
from ..rules.cards import Card, Rank
from ..rules.game import Game
from ..rules.seats import BookPair, Letter, Pair, Seat
from ..scoring.sheet import SCORING, below_before, facts_from_game
from .lines import Line, best_line_from, line_text, line_words
from .naming import Naming
from .positions import Play, Position, equal_cards, index_of, recorded_positions
from .solver import Solver

__all__ = ["ClaimVerdict", "Verdict", "verify_claims"]


class Verdict(enum.StrEnum):
    """What double dummy makes of a claim."""

    CONFIRMED = "confirmed"
    REFUTED = "refuted"
    NOT_CHECKABLE = "not checkable"
    CHECKED_BY_THE_CARDS = "checked by the cards"  # a ``holding`` claim: the validator's


@dataclass(frozen=True, slots=True)
class ClaimVerdict:
    """What double dummy makes of one of the author's claims.

    ``verdict``: ``confirmed`` / ``refuted`` / ``not checkable``, or ``checked by the cards`` for a
    ``holding`` claim (the validator checks those against the deal).  ``side`` (``NS``/``EW``) is
    the side the claim's outcome is about; ``tricks``: the tricks it takes double dummy in the
    claimed situation (after ``substitute``, for an ``alternative`` claim); ``as_played``: the
    tricks double dummy gives it with the card actually played (alternative claims); ``needed``:
    the tricks that win the game from the score before the deal, when the outcome is about the
    game.  ``line``: when refuted, the double-dummy best play from the claim's point (starting with
    the substitute card), as ``(seat, card)`` pairs.  ``text``: the verdict in plain words.
    """

    claim: ClaimRecord
    verdict: Verdict
    text: str
    side: Pair | None = None
    tricks: int | None = None
    as_played: int | None = None
    needed: int | None = None
    substitute: Card | None = None
    line: Line = ()
    line_from: int = 0  # cards of the current trick played before the line starts

    @property
    def line_text(self) -> str:
        return line_text(self.line, self.line_from)


# ---------------------------------------------------------------------------------------------
# The verdict on each claim


def verify_claims(
    game: Game, record: HandRecord, cache: MutableMapping[str, int] | None = None, *, letters: bool = True
) -> list[ClaimVerdict]:
    """A verdict for every claim in the record's notes, in order (see :class:`ClaimVerdict`).

    ``alternative``: replay to the claim's card, put another card in its place — the card the
    claim names when it is not the card played, else a card of the same suit the quote names
    ("would have played the ace"), else the seat's best other legal card (cards equal to the one
    played do not count) — and solve double dummy.  ``outcome``: solve from the start of the
    claim's trick.  An outcome's ``game`` is won or not from the score before the deal, by the
    rule set's own scoring; ``by_cards`` N and ``tricks`` N hold when the side takes at least 6+N
    (N) tricks.  ``holding`` claims are the validator's: "checked by the cards".
    """
    solver = Solver(cache)
    naming = Naming.of(game, letters)
    out: list[ClaimVerdict] = []
    why = ""
    try:
        positions, plays = recorded_positions(game)
    except ValueError as exc:
        positions, plays, why = [], [], str(exc)
    for note in record.notes:
        for claim in note.claims:
            if claim.kind is ClaimKind.HOLDING:
                text = "A claim about the cards held: the validator checks it against the deal."
                out.append(ClaimVerdict(claim, Verdict.CHECKED_BY_THE_CARDS, text))
            elif not positions:
                out.append(ClaimVerdict(claim, Verdict.NOT_CHECKABLE, f"Not checkable: {why}."))
            elif claim.kind is ClaimKind.ALTERNATIVE:
                out.append(_alternative(game, claim, solver, positions, plays, naming))
            else:
                out.append(_outcome(game, claim, solver, positions, plays, naming))
    return out


@dataclass(frozen=True, slots=True)
class _Outcome:
    """A claim's outcome as the record gives it (``{side: YZ, game: false}``): the side it is about
    and what that side does — wins the game or not, makes ``by_cards`` by cards, takes ``tricks``."""

    side: Pair | None
    game: bool | None = None
    by_cards: int | None = None
    tricks: int | None = None

    @classmethod
    def of(cls, game: Game, outcome: Mapping[str, object]) -> _Outcome:
        def number(key: str) -> int | None:
            value = outcome.get(key)
            if key not in outcome:
                return None
            if isinstance(value, int | str):
                return int(value)
            raise ValueError(f"the claim's {key} is not a number: {value!r}")

        return cls(
            _side(game, str(outcome.get("side", ""))),
            bool(outcome["game"]) if "game" in outcome else None,
            number("by_cards"),
            number("tricks"),
        )

    @property
    def decidable(self) -> bool:
        """The outcome says something the tricks can decide."""
        return self.game is not None or self.by_cards is not None or self.tricks is not None


def _side(game: Game, text: str) -> Pair | None:
    """The compass pair a claim names, by the compass (``NS``) or by the book's letters (``YZ``)."""
    text = text.upper()
    if text in Pair.__members__:
        return Pair(text)
    if text in BookPair.__members__:
        return BookPair(text).pair(game.dealer)
    return None


def _claim_seat(game: Game, claim: ClaimRecord) -> Seat | None:
    if claim.seat is None:
        return None
    text = str(claim.seat.value).strip().upper()
    if text in ("A", "B", "Y", "Z"):
        return Letter[text].seat(game.dealer)
    try:
        return Seat.parse(text)
    except ValueError:
        return None


def _game_needed(game: Game, side: Pair) -> int | None:
    """The fewest tricks (of 13) with which ``side`` wins the game on this deal, from the score
    before it, by the rule set's scoring; None if no number does or the deal cannot be scored."""
    scoring = SCORING.get(game.regime.name)
    facts = facts_from_game(game, below_before(game))
    if scoring is None or facts is None:
        return None
    options = scoring.options()
    for t in range(14):
        trial = dataclasses.replace(facts, tricks={side: t, side.other: 13 - t})
        if scoring.score(trial, options).game == side:
            return t
    return None


def _judge(game: Game, outcome: _Outcome, side: Pair, tricks: int) -> tuple[bool | None, int | None, str]:
    """Whether ``side`` taking ``tricks`` (of the deal) gives ``outcome``; the tricks for game; why not checkable."""
    needed = None
    holds = True
    if game.is_partial and (outcome.game is not None or outcome.by_cards is not None):
        return (
            None,
            None,
            "the hand starts after trick 1 or with fewer than 13 cards, so the deal's tricks are not all known",
        )
    if outcome.game is not None:
        needed = _game_needed(game, side)
        wins = needed is not None and tricks >= needed
        if needed is None and game.declaration is None:
            return None, None, "the deal cannot be scored"
        holds = holds and wins == outcome.game
    if outcome.by_cards is not None:
        holds = holds and tricks >= 6 + outcome.by_cards
    if outcome.tricks is not None:
        holds = holds and tricks >= outcome.tricks
    if not outcome.decidable:
        return None, None, "the claim's outcome says nothing the tricks can decide"
    return holds, needed, ""


def _contrary(game: Game, outcome: _Outcome, side: Pair, tricks: int, side_name: str) -> str:
    """What double dummy says instead, for the parts of ``outcome`` that fail."""
    bits = []
    if outcome.game is not None:
        needed = _game_needed(game, side)
        wins = needed is not None and tricks >= needed
        if wins != outcome.game:
            bits.append(f"{side_name} {'can win' if wins else 'cannot win'} the game")
    if outcome.by_cards is not None and tricks < 6 + outcome.by_cards:
        n = outcome.by_cards
        bits.append(f"{side_name} cannot make {'the odd trick' if n == 1 else f'{n} by cards'}")
    if outcome.tricks is not None and tricks < outcome.tricks:
        bits.append(f"{side_name} cannot take {outcome.tricks} tricks")
    return " and ".join(bits)


def _deal_phrase(game: Game, tricks: Mapping[Pair, int], first: Pair, naming: Naming) -> str:
    """``Y–Z 9 tricks (3 by cards), A–B 4: Y–Z win the game`` — ``first`` named first."""
    second = first.other
    t1, t2 = tricks[first], tricks[second]
    text = f"{naming.side(first)} {t1} trick{'s' if t1 != 1 else ''}"
    if t1 > 6:
        text += f" ({'the odd trick' if t1 == 7 else f'{t1 - 6} by cards'})"
    text += f", {naming.side(second)} {t2}"
    if t2 > 6:
        text += f" ({'the odd trick' if t2 == 7 else f'{t2 - 6} by cards'})"
    if not game.is_partial and game.declaration is not None:
        winners = [s for s in (first, second) if (n := _game_needed(game, s)) is not None and tricks[s] >= n]
        text += f": {naming.side(winners[0])} win the game" if winners else ": neither side wins the game"
    return text


def _result_words(outcome: _Outcome, side_name: str) -> str:
    bits = []
    if outcome.game is not None:
        bits.append(f"{side_name} {'win' if outcome.game else 'do not win'} the game")
    if outcome.by_cards is not None:
        n = outcome.by_cards
        bits.append(f"{side_name} make {'the odd trick' if n == 1 else f'{n} by cards'}")
    if outcome.tricks is not None:
        bits.append(f"{side_name} take {outcome.tricks} tricks")
    return " and ".join(bits)


# ---------------------------------------------------------------------------------------------
# The card put in place of the one played


_NAMED_RANK = re.compile(
    r"\b(?:play(?:s|ed|ing)?|put(?:s|ting)?\s+(?:on|up)|win(?:s|ning)?\s+with|won\s+with|led|lead(?:s|ing)?)\s+"
    r"(?:the|his|her)\s+(ace|king|queen|knave|jack|ten)\b",
    re.IGNORECASE,
)
_GONE_ON = re.compile(
    r"\b(?:go(?:ne|es)?\s+on|went\s+on|continu\w*|kept\s+on|keep(?:s)?\s+on)\b", re.IGNORECASE
)
_RANK_WORDS = {
    "ace": Rank.ACE,
    "king": Rank.KING,
    "queen": Rank.QUEEN,
    "knave": Rank.JACK,
    "jack": Rank.JACK,
    "ten": Rank.TEN,
}


def _quoted_candidates(
    claim: ClaimRecord, pos: Position, seat: Seat, played: Card, plays: Sequence[Play], i: int
) -> tuple[list[Card], str]:
    """The other cards the claim's quote points at, and how: a rank it names ("would have played
    the ace", in the suit of the claim's card), or the suit the seat was leading ("A might have
    gone on", when he is on lead).  Empty when the quote names neither."""
    legal = pos.legal()
    suit = claim.card.suit if claim.card is not None else played.suit
    named = [Card(suit, _RANK_WORDS[m.group(1).lower()]) for m in _NAMED_RANK.finditer(claim.quote)]
    named = [c for c in named if c in legal and c != played]
    if named:
        return named, "the card the book says he would have played"
    if not pos.current and _GONE_ON.search(claim.quote):
        leads = [c for k, (_, s, c) in enumerate(plays[:i]) if s == seat and _is_lead(plays, k)]
        if leads and leads[-1].suit != played.suit:
            cands = [c for c in legal if c.suit == leads[-1].suit]
            if cands:
                return cands, f"going on with {leads[-1].suit.word}, as the book says he might have"
    return [], ""


def _is_lead(plays: Sequence[Play], k: int) -> bool:
    return k == 0 or plays[k - 1][0] != plays[k][0]


def _substitutes(
    claim: ClaimRecord, pos: Position, seat: Seat, plays: Sequence[Play], i: int, who: str
) -> tuple[list[Card], str]:
    """The cards that might have been played instead of the recorded one, and how they were chosen:
    the card the claim names, else the cards its quote points at, else every other legal card but
    the played card's equals."""
    played = plays[i][2]
    legal = pos.legal()
    if claim.card is not None and claim.card != played and claim.card in legal:
        return [claim.card], "the card the claim names"
    candidates, how = _quoted_candidates(claim, pos, seat, played, plays, i)
    if candidates:
        return candidates, how
    return [c for c in legal if c != played and not equal_cards(c, played, pos)], f"{who}'s best other card"


# ---------------------------------------------------------------------------------------------
# The verdicts


def _alternative(
    game: Game,
    claim: ClaimRecord,
    solver: Solver,
    positions: Sequence[Position],
    plays: Sequence[Play],
    naming: Naming,
) -> ClaimVerdict:
    seat = _claim_seat(game, claim)
    outcome = _Outcome.of(game, claim.outcome)
    side = outcome.side
    if seat is None or side is None:
        return ClaimVerdict(claim, Verdict.NOT_CHECKABLE, "The claim names no seat or no side.")
    who = naming.seat(seat)
    i = index_of(plays, claim.trick, seat)
    if i is None:
        why = f"{who} plays no card at trick {claim.trick} in the recorded play."
        return ClaimVerdict(claim, Verdict.NOT_CHECKABLE, why, side)
    pos = positions[i]
    played = plays[i][2]
    candidates, how = _substitutes(claim, pos, seat, plays, i, who)
    if not candidates:
        why = f"{who} had no other card at trick {claim.trick} but {played} and its equals."
        return ClaimVerdict(claim, Verdict.NOT_CHECKABLE, why, side)
    values = solver.card_values(pos)
    me = seat.side

    def split(pos: Position, mine: int) -> dict[Pair, int]:
        return {me: pos.won_by(me) + mine, me.other: pos.won_by(me.other) + pos.remaining - mine}

    top = max(values[c] for c in candidates)  # the seat's best among them: the claim's hardest test
    sub = min((c for c in candidates if values[c] == top), key=lambda c: (c.rank, c.suit))
    with_sub = split(pos, values[sub])
    if played in values:
        with_played = split(pos, values[played])
    else:  # a revoke kept as printed: not among the legal cards
        nxt = pos.play(played)
        with_played = split(nxt, solver.value_for(nxt, me))
    tricks, as_played = with_sub[side], with_played[side]
    holds, needed, why = _judge(game, outcome, side, tricks)
    if holds is None:
        return ClaimVerdict(
            claim, Verdict.NOT_CHECKABLE, f"Not checkable: {why}.", side, tricks, as_played, None, sub
        )
    said = _result_words(outcome, naming.side(side))
    text = (
        f"Double dummy: with {who}'s {played}, as played, {_deal_phrase(game, with_played, side, naming)}. "
        f"With {sub} instead ({how}): {_deal_phrase(game, with_sub, side, naming)}. "
    )
    if holds:
        text += f"Confirmed: {said}."
        return ClaimVerdict(claim, Verdict.CONFIRMED, text, side, tricks, as_played, needed, sub)
    line = best_line_from(solver, pos, [c for _, _, c in plays[i:]], sub)
    contrary = _contrary(game, outcome, side, tricks, naming.side(side))
    text += (
        f"Refuted: with {sub}, {contrary}. "
        f"The best play with {who}'s {sub}: {_words(line, pos, plays[i:], naming, claim.trick)}"
    )
    return ClaimVerdict(
        claim, Verdict.REFUTED, text, side, tricks, as_played, needed, sub, line, len(pos.current)
    )


def _outcome(
    game: Game,
    claim: ClaimRecord,
    solver: Solver,
    positions: Sequence[Position],
    plays: Sequence[Play],
    naming: Naming,
) -> ClaimVerdict:
    outcome = _Outcome.of(game, claim.outcome)
    side = outcome.side
    if side is None:
        return ClaimVerdict(claim, Verdict.NOT_CHECKABLE, "The claim's outcome names no side.")
    i = index_of(plays, claim.trick, None)
    if i is None:
        why = f"Trick {claim.trick} is not in the recorded play."
        return ClaimVerdict(claim, Verdict.NOT_CHECKABLE, why, side)
    pos = positions[i]
    v = solver.value(pos)
    me = pos.to_play.side
    best = {me: pos.won_by(me) + v, me.other: pos.won_by(me.other) + pos.remaining - v}
    tricks = best[side]
    final = positions[-1]
    holds, needed, why = _judge(game, outcome, side, tricks)
    if holds is None:
        return ClaimVerdict(claim, Verdict.NOT_CHECKABLE, f"Not checkable: {why}.", side, tricks)
    said = _result_words(outcome, naming.side(side))
    text = (
        f"Double dummy, with best play from the start of trick {claim.trick}: "
        f"{_deal_phrase(game, best, side, naming)} (as played: {naming.side(side)} {final.won_by(side)}, "
        f"{naming.side(side.other)} {final.won_by(side.other)}). "
    )
    if holds:
        return ClaimVerdict(
            claim, Verdict.CONFIRMED, text + f"Confirmed: {said}.", side, tricks, None, needed
        )
    line = best_line_from(solver, pos, [c for _, _, c in plays[i:]])
    contrary = _contrary(game, outcome, side, tricks, naming.side(side))
    text += (
        f"Refuted: {contrary}. The best play from there: {_words(line, pos, plays[i:], naming, claim.trick)}"
    )
    return ClaimVerdict(claim, Verdict.REFUTED, text, side, tricks, None, needed, None, line)


def _words(line: Line, pos: Position, book: Sequence[Play], naming: Naming, trick: int) -> str:
    """The refuting line in sentences (``line_words``), with the totals it comes to."""
    won = {side: pos.won_by(side) for side in Pair}
    cards = [c for _, _, c in book]
    return line_words(line, pos.trump, naming, trick=trick, current=pos.current, book=cards, won=won)
