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
from .base import DealFacts, DealScore, ScoreLine, Side, other_side

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
    decl = facts.declarer_side
    defs = other_side(decl)
    mine = facts.tricks.get(decl)
    theirs = facts.tricks.get(defs)
    if mine is None and theirs is None:
        raise ValueError("tricks won in play are needed for at least one side")
    if mine is None:
        mine = 13 - theirs  # type: ignore[operator]
    if theirs is None:
        theirs = 13 - mine
    if not (0 <= mine <= 13 and 0 <= theirs <= 13 and mine + theirs == 13):
        raise ValueError(f"tricks won in play must be 0–13 and add up to 13, not {mine} and {theirs}")
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
    return mine, theirs


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
    level = facts.level
    strain = facts.strain
    decl: Side = facts.declarer_side
    adv: Side = other_side(decl)
    value = trick_value(strain)
    mult = _MULTIPLIER[facts.doubled]
    if one_spade_dealer and not (strain is Strain.SPADES and level == 1):
        raise ValueError("one_spade_dealer applies only to a contract of one spade (AU-12)")

    decl_revokes = facts.revokes.get(decl, 0)
    adv_revokes = facts.revokes.get(adv, 0)
    lines: list[ScoreLine] = []
    notes: list[str] = []

    # AU-17: an adversary's revoke — three tricks each, taken from the adversaries' tricks
    # (never more than they won [interp, as BW]), or points.  If the declarer's side revoked
    # too it scores honours only, so tricks would be worthless to it: points [interp].
    penalty_tricks = 0
    if adv_revokes and revoke_choice == "tricks":
        if decl_revokes:
            notes.append(
                "AU-16/17: both sides revoked; the declarer's side cannot score tricks, so it takes points"
            )
        else:
            penalty_tricks = min(3 * adv_revokes, adv_in_play)
            notes.append(
                f"AU-17: the declarer took {_plural(penalty_tricks, 'trick')} for the adversaries' "
                f"{'revoke' if adv_revokes == 1 else f'{adv_revokes} revokes'}; no doubled bonus on them"
            )
    tricks = won_in_play + penalty_tricks
    needed = 6 + level
    made = tricks >= needed

    # AU-8: the declarer scores all tricks over six when he makes his contract, unless his side
    # revoked (AU-16: it scores honours only).
    trick_points = 0
    if made and not decl_revokes:
        over = tricks - 6
        each = value * mult
        trick_points = over * each
        penalty = f" ({_plural(penalty_tricks, 'trick')} taken for a revoke)" if penalty_tricks else ""
        lines.append(
            ScoreLine(
                decl,
                "below",
                "tricks",
                trick_points,
                f"{_by_cards(over)} {_strain_phrase(strain)}{_DOUBLED_WORD[facts.doubled]} "
                f"at {each} a trick = {trick_points}{penalty}",
            )
        )
        # AU-11: bonus for a doubled contract made, counted on tricks won in play only: penalty
        # tricks earn no bonus [S4 §The Revoke; interp for tricks made in play besides].
        if facts.doubled and won_in_play >= needed:
            base = DOUBLED_BONUS * (mult // 2)
            extra = won_in_play - needed
            word = "doubled" if facts.doubled == 1 else "redoubled"
            text = f"bonus for a {word} contract made: {base}"
            if extra:
                text += f" + {base * extra} for {_plural(extra, 'extra trick')}"
            lines.append(ScoreLine(decl, "above", "doubled-bonus", base * (1 + extra), text))
    elif made and decl_revokes:
        notes.append("AU-16: the declarer's side revoked; it scores honours only, nothing for tricks")

    # AU-9: under-tricks to the adversaries, above; none if they revoked (AU-17: honours only).
    if not made:
        under = needed - tricks
        each = UNDERTRICK * mult
        if adv_revokes:
            notes.append(f"AU-17: contract failed by {under} but the revoking adversaries score honours only")
        else:
            points = under * each
            text = f"{_plural(under, 'undertrick')} at {each} = {points}"
            if one_spade_dealer and facts.doubled < 2 and points > ONE_SPADE_LIMIT:
                points = ONE_SPADE_LIMIT
                text += f", limited to {ONE_SPADE_LIMIT} for the dealer's one spade"
                notes.append(f"AU-12: the dealer's original one spade loses at most {ONE_SPADE_LIMIT}")
            lines.append(ScoreLine(adv, "above", "undertricks", points, text))

    # AU-10: honours to their holders, made or not, never doubled; aces at no-trumps.
    honour_points: dict[Side, int] = {}
    for side in (decl, adv):
        held, most = facts.honours.get(side, (0, 0))
        if strain is Strain.NOTRUMP:
            aces = _aces(held, most)
            if aces:
                honour_points[side] = aces[0]
                lines.append(ScoreLine(side, "above", "aces", aces[0], aces[1]))
        else:
            m = honour_multiple(held, most)
            if m:
                honour_points[side] = m * value
                lines.append(
                    ScoreLine(
                        side,
                        "above",
                        "honours",
                        m * value,
                        f"{_honour_text(held, most, strain)}: {m} × {value} = {m * value}",
                    )
                )

    # Chicane [WAT L9–L10]: trump declarations only; kept by a revoking side (WAT Law 84:
    # "cannot score, except for honors or chicane").
    if options.chicane and strain is not Strain.NOTRUMP:
        for side in (decl, adv):
            void = facts.void.get(side, 0)
            if not void:
                continue
            m = 4 if void >= 2 else 2
            name = "double chicane" if void >= 2 else "chicane"
            pts = m * value
            opp = other_side(side)
            if options.chicane_mode == "deduct" and side not in honour_points and opp in honour_points:
                lines.append(
                    ScoreLine(
                        opp,
                        "above",
                        "chicane",
                        -pts,
                        f"{name} {_strain_phrase(strain)} held by {side}, deducted from {opp}'s honours: "
                        f"{m} × {value} = {pts}",
                    )
                )
            else:
                lines.append(
                    ScoreLine(
                        side,
                        "above",
                        "chicane",
                        pts,
                        f"{name} {_strain_phrase(strain)}: {m} × {value} = {pts}",
                    )
                )

    # AU-13: slams for either side on tricks won in play; never for a revoking side (AU-18).
    for side, won in ((decl, won_in_play), (adv, adv_in_play)):
        if won >= 12:
            if facts.revokes.get(side, 0):
                notes.append(f"AU-18: {side} revoked and cannot score a slam")
                continue
            pts, name = (GRAND_SLAM, "grand slam") if won == 13 else (LITTLE_SLAM, "little slam")
            lines.append(ScoreLine(side, "above", "slam", pts, f"{name} ({won} tricks) = {pts}"))

    # AU-16 / AU-17: revoke points to the side that did not revoke.
    for offender, claim in ((decl, True), (adv, revoke_choice == "points" or bool(decl_revokes))):
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
        lines.append(ScoreLine(other_side(offender), "above", "revoke", total, text))

    game: Side | None = None
    if facts.duplicate:
        # AU-15: no games or rubbers; a premium for 30 or more in tricks on one deal.
        if trick_points >= GAME:
            lines.append(
                ScoreLine(
                    decl,
                    "above",
                    "game-bonus",
                    DUPLICATE_PREMIUM,
                    f"premium for {GAME} or more in tricks on one deal = {DUPLICATE_PREMIUM}",
                )
            )
    elif trick_points and facts.below.get(decl, 0) + trick_points >= GAME:
        game = decl

    return DealScore(lines=tuple(lines), game=game, notes=tuple(notes))
