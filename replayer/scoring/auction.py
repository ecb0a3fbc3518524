"""Auction Bridge scoring, royal-spade era: one deal, itemised [rules-reference §4].

Trick points (AU-1) come from :data:`replayer.regimes.AUCTION` ``bid_values``: ♠ 2, ♣ 6, ♦ 7,
♥ 8, royal spades 9, NT 10.  Only the declarer scores below the line, and only when he makes
his contract; everything else goes above (the honour column).  Pure: no I/O.

Where the sources disagree (§4.7, Appendix B 9) the choice is an :class:`AuctionOptions` field:

* ``revoke_penalty`` 100 per S4 (Foster's Complete Hoyle, the primary auction source, AU-16/17);
  Work's 1913 table [WATP, AU-19] gives 150, and 100 for a second revoke in the same hand:
  ``AuctionOptions(revoke_penalty=150, further_revoke_penalty=100)``.
* ``chicane`` on per the reference (§4.3: WAT L9 keeps it, W7's table is silent).
* ``chicane_mode`` ``"credit"`` (the void side scores it, as the books' practice in Bridge Whist,
  BW-19) or ``"deduct"`` (WAT L9's wording: added to the void side's honours when it scores
  honours, otherwise deducted from the adversaries').  The difference between the sides is the
  same either way (§3.4).

Choices the sources leave open are marked [interp] in the comments below.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..rules.cards import Strain
from ..rules.regimes import AUCTION
from .base import Column, DealFacts, DealScore, LineKind, ScoreLine, Side

__all__ = [
    "AuctionOptions",
    "score_deal",
    "trick_value",
    "honour_multiple",
    "RUBBER_BONUS",
    "GAME",
    "LITTLE_SLAM",
    "GRAND_SLAM",
    "DUPLICATE_PREMIUM",
    "UNDERTRICK",
    "DOUBLED_BONUS",
    "ONE_SPADE_LIMIT",
]

#: AU-14: game is 30 by tricks alone; the side that first wins two games adds 250 [S4 §RUBBERS].
GAME = 30
RUBBER_BONUS = 250
#: AU-13 [W7 §Slams]: in the honour column, not doubled, for either side.
LITTLE_SLAM = 20
GRAND_SLAM = 40
#: AU-15 [W38]: duplicate auction, 30 or more for tricks on one deal.
DUPLICATE_PREMIUM = 125
#: AU-9 [W7 §PENALTIES; W25 L47a]: per under-trick, undoubled.
UNDERTRICK = 50
#: AU-11 [WDBL L56]: doubled contract made, and per extra trick; doubled again if redoubled.
DOUBLED_BONUS = 50
#: AU-12 [W25 L48]: the dealer's original one spade left in loses at most this, unless redoubled.
ONE_SPADE_LIMIT = 100

_MULTIPLIER = {0: 1, 1: 2, 2: 4}
_DOUBLED_WORD = {0: "", 1: ", doubled,", 2: ", redoubled,"}


@dataclass(frozen=True, slots=True)
class AuctionOptions:
    """Rule choices where the auction sources disagree (rules-reference §4.7, Appendix B 9)."""

    #: AU-16/17 [S4 §The Revoke]: 100 points per revoke.  Work 1913 [WATP, AU-19]: 150.
    revoke_penalty: int = 100
    #: Penalty for each revoke after the first by the same side in the deal; ``None``: the
    #: same as ``revoke_penalty`` (S4 is silent on several revokes [interp]).  WATP: 100.
    further_revoke_penalty: int | None = None
    #: Chicane (a hand void of trumps = simple honours; both hands = four honours), never at
    #: NT and never doubled [WAT L9–L10].  W7's table lists no chicane; the reference defaults
    #: it on for the royal-spade rule set (§4.3) [interp].
    chicane: bool = True
    #: ``credit``: the void side scores the chicane value itself (the books' practice, BW-19).
    #: ``deduct``: WAT L9's wording — added to the void side's honours if it scores honours,
    #: otherwise deducted (a negative ``chicane`` line) from the adversaries' honours.
    chicane_mode: Literal["credit", "deduct"] = "credit"


def trick_value(strain: Strain) -> int:
    """Points per trick over six (AU-1): ♠ 2, ♣ 6, ♦ 7, ♥ 8, royal spades 9, NT 10."""
    return AUCTION.bid_values[strain]


def honour_multiple(held: int, most_in_one_hand: int) -> int:
    """§4.3 (WAT L6): a trump honour holding as a multiple of the trick value; 0 if none."""
    if held == 3:
        return 2
    if held == 4:
        return 8 if most_in_one_hand == 4 else 4
    if held == 5:
        return {5: 10, 4: 9}.get(most_in_one_hand, 5)
    return 0


def _honour_text(held: int, most: int, strain: Strain) -> str:
    """E.g. "simple honours in hearts", "five honours in spades, four in one hand"."""
    where = _strain_phrase(strain)
    if held == 3:
        return f"simple honours {where}"
    if held == 4:
        return f"four honours in one hand {where}" if most == 4 else f"four honours {where}"
    if most == 5:
        return f"five honours in one hand {where}"
    if most == 4:
        return f"five honours {where}, four in one hand"
    return f"five honours {where}"


def _aces(held: int, most: int) -> tuple[int, str] | None:
    """BW-15 / §4.3 at no-trumps: 3 aces 30, 4 divided 40, 4 in one hand 100."""
    if held == 3:
        return 30, "three aces = 30"
    if held == 4:
        return (100, "four aces in one hand = 100") if most == 4 else (40, "four aces = 40")
    return None


def _strain_phrase(strain: Strain) -> str:
    return f"in {strain.word}"


def _by_cards(n: int) -> str:
    return "the odd trick" if n == 1 else f"{n} by cards"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _check(facts: DealFacts, options: AuctionOptions, revoke_choice: str) -> tuple[int, int]:
    """Refuse facts the auction cannot score; the tricks won in play by the declarer's side and
    by the adversaries (either may be given alone)."""
    if facts.level is None or not 1 <= facts.level <= 7:
        raise ValueError(f"an auction contract needs a level from 1 to 7, not {facts.level!r}")
    if facts.strain not in AUCTION.bid_values:
        raise ValueError(f"{facts.strain!r} is not an auction denomination")
    if facts.doubled not in _MULTIPLIER:
        raise ValueError(f"auction allows one double and one redouble (AU-5), not {facts.doubled} doublings")
    if revoke_choice not in ("points", "tricks"):
        raise ValueError(f"revoke_choice must be 'points' or 'tricks', not {revoke_choice!r}")
    if options.chicane_mode not in ("credit", "deduct"):
        raise ValueError(f"chicane_mode must be 'credit' or 'deduct', not {options.chicane_mode!r}")
    tricks = _tricks_in_play(facts)
    _check_holdings(facts)
    return tricks


def _tricks_in_play(facts: DealFacts) -> tuple[int, int]:
    """The tricks won in play by the declarer's side and by the adversaries, from either."""
    mine = facts.tricks.get(facts.declarer_side)
    theirs = facts.tricks.get(facts.declarer_side.other)
    if mine is None:
        if theirs is None:
            raise ValueError("tricks won in play are needed for at least one side")
        mine = 13 - theirs
    if theirs is None:
        theirs = 13 - mine
    if not (0 <= mine <= 13 and 0 <= theirs <= 13 and mine + theirs == 13):
        raise ValueError(f"tricks won in play must be 0–13 and add up to 13, not {mine} and {theirs}")
    return mine, theirs


def _check_holdings(facts: DealFacts) -> None:
    """Refuse impossible counts of honours, void hands and revokes."""
    limit = 4 if facts.strain is Strain.NOTRUMP else 5
    for side, (held, most) in facts.honours.items():
        if not (0 <= most <= held <= limit):
            raise ValueError(f"{side} honours ({held}, {most}): need 0 ≤ most in one hand ≤ held ≤ {limit}")
    for side, n in facts.void.items():
        if not 0 <= n <= 2:
            raise ValueError(f"{side} void hands must be 0, 1 or 2, not {n}")
    for side, n in facts.revokes.items():
        if n < 0:
            raise ValueError(f"{side} revokes cannot be negative ({n})")


@dataclass(frozen=True, slots=True)
class _Contract:
    """The contract and the play, as the scoring steps below need them."""

    level: int
    strain: Strain
    doubled: int
    declarer: Side
    won_in_play: int  # by the declarer's side
    adv_in_play: int  # by the adversaries
    penalty_tricks: int  # taken from the adversaries for their revokes (AU-17)
    declarer_revokes: int
    adversary_revokes: int

    @property
    def adversaries(self) -> Side:
        return self.declarer.other

    @property
    def value(self) -> int:
        return trick_value(self.strain)

    @property
    def mult(self) -> int:
        return _MULTIPLIER[self.doubled]

    @property
    def tricks(self) -> int:
        return self.won_in_play + self.penalty_tricks

    @property
    def needed(self) -> int:
        return 6 + self.level

    @property
    def made(self) -> bool:
        return self.tricks >= self.needed

    @property
    def trick_points(self) -> int:
        """AU-8: all tricks over six when the contract is made, unless the declarer's side revoked."""
        if not self.made or self.declarer_revokes:
            return 0
        return (self.tricks - 6) * self.value * self.mult


#: what a scoring step gives: entries on the sheet and notes on the rules applied
_Step = tuple[list[ScoreLine], list[str]]


def score_deal(
    facts: DealFacts,
    options: AuctionOptions = AuctionOptions(),
    *,
    one_spade_dealer: bool = False,
    revoke_choice: Literal["points", "tricks"] = "points",
) -> DealScore:
    """Score one auction deal, every item as a :class:`ScoreLine`.

    ``one_spade_dealer``: the contract is the dealer's original "one spade", left in (AU-12);
    only valid for a contract of one spade.  ``revoke_choice``: for each established revoke by
    the declarer's adversaries the declarer takes the penalty points or three tricks (AU-17);
    DealFacts does not carry that choice, so the caller says it.
    """
    won_in_play, adv_in_play = _check(facts, options, revoke_choice)
    assert facts.level is not None
    if one_spade_dealer and not (facts.strain is Strain.SPADES and facts.level == 1):
        raise ValueError("one_spade_dealer applies only to a contract of one spade (AU-12)")
    decl = facts.declarer_side
    decl_revokes = facts.revokes.get(decl, 0)
    adv_revokes = facts.revokes.get(decl.other, 0)
    penalty_tricks, penalty_notes = _penalty_tricks(adv_revokes, decl_revokes, adv_in_play, revoke_choice)
    c = _Contract(
        facts.level,
        facts.strain,
        facts.doubled,
        decl,
        won_in_play,
        adv_in_play,
        penalty_tricks,
        decl_revokes,
        adv_revokes,
    )
    honours = _honour_lines(facts, c)
    steps: list[_Step] = [
        ([], penalty_notes),
        _trick_lines(c),
        _undertrick_lines(c, one_spade_dealer),
        (honours, []),
        (_chicane_lines(facts, options, c, {line.side for line in honours}), []),
        _slam_lines(facts, c),
        (_revoke_lines(facts, options, c, revoke_choice), []),
    ]
    game: Side | None = None
    if facts.duplicate:
        steps.append((_duplicate_premium(c), []))
    elif c.trick_points and facts.below.get(decl, 0) + c.trick_points >= GAME:
        game = decl
    lines = tuple(line for step_lines, _ in steps for line in step_lines)
    notes = tuple(note for _, step_notes in steps for note in step_notes)
    return DealScore(lines=lines, game=game, notes=notes)


def _penalty_tricks(
    adv_revokes: int, decl_revokes: int, adv_in_play: int, revoke_choice: str
) -> tuple[int, list[str]]:
    """AU-17: an adversary's revoke — three tricks each, taken from the adversaries' tricks
    (never more than they won [interp, as BW]), or points.  If the declarer's side revoked too it
    scores honours only, so tricks would be worthless to it: points [interp]."""
    if not adv_revokes or revoke_choice != "tricks":
        return 0, []
    if decl_revokes:
        return 0, [
            "AU-16/17: both sides revoked; the declarer's side cannot score tricks, so it takes points"
        ]
    taken = min(3 * adv_revokes, adv_in_play)
    return taken, [
        f"AU-17: the declarer took {_plural(taken, 'trick')} for the adversaries' "
        f"{'revoke' if adv_revokes == 1 else f'{adv_revokes} revokes'}; no doubled bonus on them"
    ]


def _trick_lines(c: _Contract) -> _Step:
    """AU-8: the declarer scores all tricks over six when he makes his contract, unless his side
    revoked (AU-16: it scores honours only); AU-11: the bonus for a doubled contract made."""
    if not c.made:
        return [], []
    if c.declarer_revokes:
        return [], ["AU-16: the declarer's side revoked; it scores honours only, nothing for tricks"]
    over = c.tricks - 6
    each = c.value * c.mult
    penalty = f" ({_plural(c.penalty_tricks, 'trick')} taken for a revoke)" if c.penalty_tricks else ""
    text = (
        f"{_by_cards(over)} {_strain_phrase(c.strain)}{_DOUBLED_WORD[c.doubled]} "
        f"at {each} a trick = {c.trick_points}{penalty}"
    )
    lines = [ScoreLine(c.declarer, Column.BELOW, LineKind.TRICKS, c.trick_points, text)]
    # AU-11: bonus for a doubled contract made, counted on tricks won in play only: penalty
    # tricks earn no bonus [S4 §The Revoke; interp for tricks made in play besides].
    if c.doubled and c.won_in_play >= c.needed:
        base = DOUBLED_BONUS * (c.mult // 2)
        extra = c.won_in_play - c.needed
        word = "doubled" if c.doubled == 1 else "redoubled"
        text = f"bonus for a {word} contract made: {base}"
        if extra:
            text += f" + {base * extra} for {_plural(extra, 'extra trick')}"
        lines.append(ScoreLine(c.declarer, Column.ABOVE, LineKind.DOUBLED_BONUS, base * (1 + extra), text))
    return lines, []


def _undertrick_lines(c: _Contract, one_spade_dealer: bool) -> _Step:
    """AU-9: under-tricks to the adversaries, above; none if they revoked (AU-17: honours only)."""
    if c.made:
        return [], []
    under = c.needed - c.tricks
    if c.adversary_revokes:
        return [], [f"AU-17: contract failed by {under} but the revoking adversaries score honours only"]
    each = UNDERTRICK * c.mult
    points = under * each
    text = f"{_plural(under, 'undertrick')} at {each} = {points}"
    notes = []
    if one_spade_dealer and c.doubled < 2 and points > ONE_SPADE_LIMIT:
        points = ONE_SPADE_LIMIT
        text += f", limited to {ONE_SPADE_LIMIT} for the dealer's one spade"
        notes.append(f"AU-12: the dealer's original one spade loses at most {ONE_SPADE_LIMIT}")
    return [ScoreLine(c.adversaries, Column.ABOVE, LineKind.UNDERTRICKS, points, text)], notes


def _honour_lines(facts: DealFacts, c: _Contract) -> list[ScoreLine]:
    """AU-10: honours to their holders, made or not, never doubled; aces at no-trumps."""
    lines: list[ScoreLine] = []
    for side in (c.declarer, c.adversaries):
        held, most = facts.honours.get(side, (0, 0))
        if c.strain is Strain.NOTRUMP:
            aces = _aces(held, most)
            if aces:
                lines.append(ScoreLine(side, Column.ABOVE, LineKind.ACES, aces[0], aces[1]))
            continue
        m = honour_multiple(held, most)
        if m:
            points = m * c.value
            text = f"{_honour_text(held, most, c.strain)}: {m} × {c.value} = {points}"
            lines.append(ScoreLine(side, Column.ABOVE, LineKind.HONOURS, points, text))
    return lines


def _chicane_lines(
    facts: DealFacts, options: AuctionOptions, c: _Contract, honoured: set[Side]
) -> list[ScoreLine]:
    """Chicane [WAT L9–L10]: trump declarations only; kept by a revoking side (WAT Law 84:
    "cannot score, except for honors or chicane").  ``honoured``: the sides that scored honours."""
    if not options.chicane or c.strain is Strain.NOTRUMP:
        return []
    lines: list[ScoreLine] = []
    for side in (c.declarer, c.adversaries):
        void = facts.void.get(side, 0)
        if not void:
            continue
        m = 4 if void >= 2 else 2
        name = "double chicane" if void >= 2 else "chicane"
        pts = m * c.value
        opp = side.other
        where = _strain_phrase(c.strain)
        if options.chicane_mode == "deduct" and side not in honoured and opp in honoured:
            text = f"{name} {where} held by {side}, deducted from {opp}'s honours: {m} × {c.value} = {pts}"
            lines.append(ScoreLine(opp, Column.ABOVE, LineKind.CHICANE, -pts, text))
        else:
            text = f"{name} {where}: {m} × {c.value} = {pts}"
            lines.append(ScoreLine(side, Column.ABOVE, LineKind.CHICANE, pts, text))
    return lines


def _slam_lines(facts: DealFacts, c: _Contract) -> _Step:
    """AU-13: slams for either side on tricks won in play; never for a revoking side (AU-18)."""
    lines: list[ScoreLine] = []
    notes: list[str] = []
    for side, won in ((c.declarer, c.won_in_play), (c.adversaries, c.adv_in_play)):
        if won < 12:
            continue
        if facts.revokes.get(side, 0):
            notes.append(f"AU-18: {side} revoked and cannot score a slam")
            continue
        pts, name = (GRAND_SLAM, "grand slam") if won == 13 else (LITTLE_SLAM, "little slam")
        lines.append(ScoreLine(side, Column.ABOVE, LineKind.SLAM, pts, f"{name} ({won} tricks) = {pts}"))
    return lines, notes


def _revoke_lines(
    facts: DealFacts, options: AuctionOptions, c: _Contract, revoke_choice: str
) -> list[ScoreLine]:
    """AU-16 / AU-17: revoke points to the side that did not revoke (the declarer may have taken
    tricks instead for the adversaries' revokes)."""
    lines: list[ScoreLine] = []
    claimed = ((c.declarer, True), (c.adversaries, revoke_choice == "points" or bool(c.declarer_revokes)))
    for offender, claim in claimed:
        n = facts.revokes.get(offender, 0)
        if not n or not claim:
            continue
        further = options.further_revoke_penalty
        parts = [options.revoke_penalty] + [options.revoke_penalty if further is None else further] * (n - 1)
        total = sum(parts)
        text = (
            f"revoke penalty = {total}"
            if n == 1
            else f"revoke penalty for {n} revokes: {' + '.join(map(str, parts))} = {total}"
        )
        lines.append(ScoreLine(offender.other, Column.ABOVE, LineKind.REVOKE, total, text))
    return lines


def _duplicate_premium(c: _Contract) -> list[ScoreLine]:
    """AU-15: no games or rubbers in duplicate; a premium for 30 or more in tricks on one deal."""
    if c.trick_points < GAME:
        return []
    text = f"premium for {GAME} or more in tricks on one deal = {DUPLICATE_PREMIUM}"
    return [ScoreLine(c.declarer, Column.ABOVE, LineKind.GAME_BONUS, DUPLICATE_PREMIUM, text)]
