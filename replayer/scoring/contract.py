"""Contract Bridge scoring [rules-reference §5, S3 "Bridge/How to Play"; honours WLPB].

One deal's score, itemised as :class:`~replayer.scoring.ScoreLine` entries:

* **Rubber** (``facts.duplicate`` false): the trick score of the tricks *bid* goes below the
  line to the declarer (kind ``tricks``); overtricks, the slam bonus (bid *and* made), the
  insult and honours go above; under-tricks go above to the defenders.  ``DealScore.game`` is
  set when ``facts.below[declarer] +`` the trick score reaches 100 (CB-2).  The rubber bonus
  is not part of a deal: the score sheet adds :func:`rubber_bonus` when a side wins its
  second game (CB-3).
* **Duplicate** (``facts.duplicate`` true): each deal stands alone, so there is no line to be
  below; **every** item, the trick score included, is written in the ``above`` column, and
  ``DealScore.total(side)`` is the board score.  A game bonus 300/500 or a part-score bonus 50
  is added (CB-10); ``DealScore.game`` is the declarer when the trick score of the tricks bid
  (after doubling) is 100 or more.  ``facts.below`` is ignored; honours are not scored.

Rule choices: vulnerability is ``facts.declarer_side in facts.vulnerable`` (CB-4; in duplicate
it is the board's, CB-11).  A slam bonus needs the slam *bid*: 4♠ making 13 tricks earns
overtricks only (CB-5).  Honours (option, rubber only, CB-12) go to the side holding them
whether or not the contract was made: 4 trump honours in one hand 100, all 5 in one hand 150,
4 aces in one hand at no-trumps 150; honours divided between the partners score nothing (no
such value in WLPB).  Royal spades are an auction-bridge strain and are refused.
Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.cards import Strain
from .base import SIDES, Column, DealFacts, DealScore, LineKind, ScoreLine, Side

__all__ = [
    "ContractOptions",
    "score_deal",
    "rubber_bonus",
    "trick_value",
    "contract_trick_score",
    "undertrick_values",
]

GAME = 100


@dataclass(frozen=True, slots=True)
class ContractOptions:
    #: CB-9, older rules (for old books): not vulnerable doubled under-tricks 100 for the first
    #: then 200 each (redoubled 200 then 400); the insult for a redoubled contract is 50.
    old_doubled_undertricks: bool = False
    #: CB-12 (WLPB, low authority), rubber only: 4 trump honours in one hand 100, 5 in one
    #: hand 150, 4 aces in one hand at no-trumps 150.
    honours: bool = False


_MINOR = (Strain.CLUBS, Strain.DIAMONDS)
_MAJOR = (Strain.HEARTS, Strain.SPADES)


def trick_value(strain: Strain) -> int:
    """Undoubled value of one trick: ♣/♦ 20, ♥/♠ 30, NT 30 (the first NT trick +10) [CB-1]."""
    if strain in _MINOR:
        return 20
    if strain in _MAJOR or strain is Strain.NOTRUMP:
        return 30
    raise ValueError(f"{strain.word} is not a contract bridge strain")


def contract_trick_score(level: int, strain: Strain, doubled: int = 0) -> int:
    """Trick score of the tricks bid, after doubling (×2) or redoubling (×4) [CB-1, CB-7]."""
    base = level * trick_value(strain) + (10 if strain is Strain.NOTRUMP else 0)
    return base * (1, 2, 4)[doubled]


def undertrick_values(down: int, vulnerable: bool, doubled: int = 0, old: bool = False) -> list[int]:
    """The penalty for each under-trick in turn [CB-6, CB-8, CB-9]."""
    if down <= 0:
        return []
    if doubled == 0:
        return [100 if vulnerable else 50] * down
    if vulnerable:
        values = [200] + [300] * (down - 1)
    elif old:
        values = [100] + [200] * (down - 1)
    else:
        values = [100, 200, 200][:down] + [300] * max(0, down - 3)
    factor = 2 if doubled == 2 else 1
    return [v * factor for v in values]


def rubber_bonus(games_won_by_loser: int) -> int:
    """Bonus to the side winning the rubber: 700 if the losers have no game, 500 if one [CB-3]."""
    if games_won_by_loser == 0:
        return 700
    if games_won_by_loser == 1:
        return 500
    raise ValueError(f"the losers of a rubber have 0 or 1 game, not {games_won_by_loser}")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _vul(vulnerable: bool) -> str:
    return "vulnerable" if vulnerable else "not vulnerable"


def _sum_text(values: list[int]) -> str:
    """``100 + 200 + 200 + 8 × 300 = 2900``: runs of three or more equal values are grouped."""
    if len(values) == 1:
        return str(values[0])
    if len(set(values)) == 1:
        return f"{len(values)} × {values[0]} = {sum(values)}"
    parts: list[str] = []
    i = 0
    while i < len(values):
        j = i
        while j < len(values) and values[j] == values[i]:
            j += 1
        run = j - i
        parts.extend([str(values[i])] * run if run < 3 else [f"{run} × {values[i]}"])
        i = j
    return f"{' + '.join(parts)} = {sum(values)}"


def _declarer_tricks(facts: DealFacts) -> int:
    declarer, defenders = facts.declarer_side, facts.declarer_side.other
    if declarer in facts.tricks:
        won = facts.tricks[declarer]
        if defenders in facts.tricks and won + facts.tricks[defenders] != 13:
            raise ValueError(f"tricks {dict(facts.tricks)} do not add up to 13")
    elif defenders in facts.tricks:
        won = 13 - facts.tricks[defenders]
    else:
        raise ValueError("the tricks won by the declarer are not given")
    if not 0 <= won <= 13:
        raise ValueError(f"the declarer cannot win {won} tricks")
    return won


def _honour_lines(facts: DealFacts) -> list[ScoreLine]:
    """CB-12, rubber only: honours in one hand, above the line, to the side holding them."""
    lines = []
    for side in SIDES:
        _held, most = facts.honours.get(side, (0, 0))
        if facts.strain is Strain.NOTRUMP:
            if most >= 4:
                lines.append(ScoreLine(side, Column.ABOVE, LineKind.HONOURS, 150, "4 aces in one hand: 150"))
        elif most >= 5:
            lines.append(
                ScoreLine(side, Column.ABOVE, LineKind.HONOURS, 150, "5 trump honours in one hand: 150")
            )
        elif most == 4:
            lines.append(
                ScoreLine(side, Column.ABOVE, LineKind.HONOURS, 100, "4 trump honours in one hand: 100")
            )
    return lines


@dataclass(frozen=True, slots=True)
class _Contract:
    """The contract, who played it and how it went, as the scoring steps below need them."""

    level: int
    strain: Strain
    doubled: int
    declarer: Side
    vulnerable: bool
    won: int
    duplicate: bool

    @property
    def needed(self) -> int:
        return self.level + 6

    @property
    def doubled_words(self) -> str:
        return ("", " doubled", " redoubled")[self.doubled]


#: what a scoring step gives: entries on the sheet and notes on the rules applied
_Step = tuple[list[ScoreLine], list[str]]


def score_deal(facts: DealFacts, options: ContractOptions = ContractOptions()) -> DealScore:
    """Score one contract bridge deal, every component as its own line (see the module notes)."""
    level, doubled = facts.level, facts.doubled
    if level is None or not 1 <= level <= 7:
        raise ValueError(f"a contract is bid at level 1 to 7, not {level}")
    if doubled not in (0, 1, 2):
        raise ValueError(f"a contract is undoubled (0), doubled (1) or redoubled (2), not {doubled}")
    trick_value(facts.strain)  # refuses royal spades
    declarer = facts.declarer_side
    c = _Contract(
        level,
        facts.strain,
        doubled,
        declarer,
        declarer in facts.vulnerable,
        _declarer_tricks(facts),
        facts.duplicate,
    )
    game: Side | None = None
    if c.won >= c.needed:
        game_lines, game_notes, game = _game(c, facts.below.get(declarer, 0))
        steps = [
            (_made_lines(c), []),
            (_slam_lines(c), []),
            _insult(c, options),
            (game_lines, game_notes),
        ]
    else:
        steps = [_undertricks(c, options)]
    if options.honours:
        if c.duplicate:
            steps.append(([], ["honours are not scored in duplicate (CB-12 is rubber only)"]))
        else:
            steps.append((_honour_lines(facts), []))
    if c.duplicate:
        steps.append(([], ["duplicate: every item is written above; nothing carries to the next deal"]))
    lines = tuple(line for step_lines, _ in steps for line in step_lines)
    notes = tuple(note for _, step_notes in steps for note in step_notes)
    return DealScore(lines, game=game, notes=notes)


def _made_lines(c: _Contract) -> list[ScoreLine]:
    """The contract made: its trick score (below the line, above in duplicate) and the overtricks."""
    score = contract_trick_score(c.level, c.strain, c.doubled)
    value = trick_value(c.strain)
    mult = (1, 2, 4)[c.doubled]
    if c.strain is Strain.NOTRUMP:
        arith = f"{c.level} × 30 + 10" if c.level > 1 else "30 + 10"
    else:
        arith = f"{c.level} × {value}"
    if c.doubled:
        arith = f"({arith}) × {mult}" if c.strain is Strain.NOTRUMP else f"{arith} × {mult}"
    column = Column.ABOVE if c.duplicate else Column.BELOW
    name = f"{c.level}{c.strain.symbol}{c.doubled_words}"
    lines = [ScoreLine(c.declarer, column, LineKind.TRICKS, score, f"{name} made: {arith} = {score}")]
    over = c.won - c.needed
    if over:
        if c.doubled:
            each = (200 if c.vulnerable else 100) * (2 if c.doubled == 2 else 1)
            how = f"{c.doubled_words}, {_vul(c.vulnerable)}"
        else:
            each, how = value, ""
        text = f"{_plural(over, 'overtrick')}{how}: {over} × {each} = {over * each}"
        lines.append(ScoreLine(c.declarer, Column.ABOVE, LineKind.OVERTRICKS, over * each, text))
    return lines


def _slam_lines(c: _Contract) -> list[ScoreLine]:
    """CB-5: the slam bonus, for a slam bid and made."""
    if c.level < 6:
        return []
    name = "small" if c.level == 6 else "grand"
    bonus = (750 if c.vulnerable else 500) if c.level == 6 else (1500 if c.vulnerable else 1000)
    text = f"{name} slam bid and made, {_vul(c.vulnerable)}: {bonus}"
    return [ScoreLine(c.declarer, Column.ABOVE, LineKind.SLAM, bonus, text)]


def _insult(c: _Contract, options: ContractOptions) -> _Step:
    """CB-7: the insult for a doubled or redoubled contract made (50 for either under old rules)."""
    if not c.doubled:
        return [], []
    insult = 50 if c.doubled == 1 or options.old_doubled_undertricks else 100
    lines = [ScoreLine(c.declarer, Column.ABOVE, LineKind.INSULT, insult, f"insult {insult}")]
    if c.doubled == 2 and options.old_doubled_undertricks:
        return lines, ["older rules (CB-9): the insult for a redoubled contract is 50"]
    return lines, []


def _game(c: _Contract, before: int) -> tuple[list[ScoreLine], list[str], Side | None]:
    """Whether the contract made wins a game: in duplicate the game or part-score bonus (CB-10),
    at rubber the trick score added to ``before``, the score below the line (CB-2)."""
    score = contract_trick_score(c.level, c.strain, c.doubled)
    if c.duplicate:
        if score < GAME:
            return (
                [ScoreLine(c.declarer, Column.ABOVE, LineKind.PART_SCORE_BONUS, 50, "part-score bonus: 50")],
                [],
                None,
            )
        bonus = 500 if c.vulnerable else 300
        text = f"game bonus, {_vul(c.vulnerable)}: {bonus}"
        return [ScoreLine(c.declarer, Column.ABOVE, LineKind.GAME_BONUS, bonus, text)], [], c.declarer
    if before + score < GAME:
        return [], [], None
    notes = [f"game: {c.declarer} {before} + {score} = {before + score} below the line"] if before else []
    return [], notes, c.declarer


def _undertricks(c: _Contract, options: ContractOptions) -> _Step:
    """CB-6, CB-8, CB-9: the contract failed: under-tricks to the defenders, above the line."""
    down = c.needed - c.won
    values = undertrick_values(down, c.vulnerable, c.doubled, options.old_doubled_undertricks)
    text = f"{_plural(down, 'undertrick')}{c.doubled_words}, {_vul(c.vulnerable)}: {_sum_text(values)}"
    lines = [ScoreLine(c.declarer.other, Column.ABOVE, LineKind.UNDERTRICKS, sum(values), text)]
    if c.doubled and options.old_doubled_undertricks and not c.vulnerable:
        return lines, ["older rules (CB-9): not vulnerable doubled under-tricks 100, then 200 each"]
    return lines, []
