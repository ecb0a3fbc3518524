"""Bridge Whist scoring (1904 laws, as Foster and Elwell score it).

Rule ids are those of ``shared/docs/rules-reference.md`` §3; where the sources disagree (§3.9)
the default follows Foster and Elwell and a named option selects the other reading.  Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..rules.cards import Strain
from .base import SIDES, Column, DealFacts, DealScore, LineKind, ScoreLine, Side

__all__ = ["BridgeWhistOptions", "TRICK_VALUES", "GAME", "RUBBER_BONUS", "honour_points", "score_deal"]

#: BW-1: value of each trick over six [S0 L4; S1; S2 L4, p.28]
TRICK_VALUES = {Strain.SPADES: 2, Strain.CLUBS: 4, Strain.DIAMONDS: 6, Strain.HEARTS: 8, Strain.NOTRUMP: 12}
GAME = 30  # BW-3
RUBBER_BONUS = 100  # BW-7
REVOKE_CAP = 28  # BW-29: the revoking side cannot reach game on the deal


@dataclass(frozen=True, slots=True)
class BridgeWhistOptions:
    """Where Bridge Whist's sources disagree, which reading to score by (defaults: Foster and Elwell)."""

    #: BW-14 / §3.9: five honours divided are worth 5 tricks (Foster, Elwell); S0's table row reads 8.
    five_divided_multiple: int = 5
    #: BW-17..19: "credit" scores chicane to the void side (Foster's and Elwell's practice, needed for
    #: Foster's printed rubber 144/266); "deduct" takes it from the adversaries' honours (the laws' text).
    chicane_mode: Literal["credit", "deduct"] = "credit"
    #: BW-31 / §3.9: the American code (Foster) transfers one trick per lead out of turn by the
    #: dealer; the English code (S0) has no penalty.
    dealer_lead_penalty: bool = True


def honour_points(
    strain: Strain, held: int, most: int, options: BridgeWhistOptions = BridgeWhistOptions()
) -> int:
    """BW-14, BW-15: the honour score of a side holding ``held`` honours, ``most`` in one hand."""
    if strain is Strain.NOTRUMP:
        if held == 3:
            return 30
        if held == 4:
            return 100 if most == 4 else 40
        return 0
    v = TRICK_VALUES[strain]
    if held == 3:
        return 2 * v
    if held == 4:
        return 8 * v if most == 4 else 4 * v
    if held == 5:
        return 10 * v if most == 5 else 9 * v if most == 4 else options.five_divided_multiple * v
    return 0


_HONOUR_WORDS = {3: "simple honours", 4: "four honours", 5: "five honours"}


def _honour_text(strain: Strain, held: int, most: int, points: int) -> str:
    if strain is Strain.NOTRUMP:
        how = "in one hand" if held == 4 and most == 4 else ""
        return f"{held} aces {how}".strip() + f" at no-trumps: {points}"
    split = (
        ""
        if held == 3
        else " in one hand"
        if most == held
        else (", 4 in one hand" if most == 4 else " divided")
    )
    return f"{_HONOUR_WORDS[held]}{split} in {strain.word}: {points // TRICK_VALUES[strain]} × {TRICK_VALUES[strain]} = {points}"


def score_deal(
    facts: DealFacts, options: BridgeWhistOptions = BridgeWhistOptions(), dealer_leads_out_of_turn: int = 0
) -> DealScore:
    """Score one deal: tricks (after revoke and lead penalties), honours, chicane, slams, game."""
    tricks, penalty_notes = _tricks_after_penalties(facts, options, dealer_leads_out_of_turn)
    trick_lines, trick_notes, game = _trick_lines(facts, tricks)
    honour_lines = _honour_lines(facts, options)
    lines = [
        *trick_lines,
        *honour_lines,
        *_chicane_lines(facts, options, honour_lines),
        *_slam_lines(facts),
    ]
    return DealScore(tuple(lines), game, tuple(penalty_notes + trick_notes))


def _tricks_after_penalties(
    facts: DealFacts, options: BridgeWhistOptions, dealer_leads_out_of_turn: int
) -> tuple[dict[Side, int], list[str]]:
    """Each side's tricks once the penalties have moved some (BW-25..27, BW-31), and notes saying so."""
    tricks: dict[Side, int] = {s: facts.tricks.get(s, 0) for s in SIDES}
    notes: list[str] = []
    # BW-25..27: the revoke penalty comes first — three tricks a revoke, from the revoking side.
    for side in SIDES:
        r = facts.revokes.get(side, 0)
        if r:
            t = min(3 * r, tricks[side])  # [interp] a side with fewer tricks gives what it has
            tricks[side] -= t
            tricks[side.other] += t
            notes.append(f"revoke by {side}: {t} trick{'s' if t != 1 else ''} to {side.other} [BW-25]")
    # BW-31: the dealer's lead out of turn (American code) costs his side a trick each time.
    if dealer_leads_out_of_turn and options.dealer_lead_penalty:
        side = facts.declarer_side
        t = min(dealer_leads_out_of_turn, tricks[side])
        tricks[side] -= t
        tricks[side.other] += t
        notes.append(f"dealer's lead out of turn: {t} trick{'s' if t != 1 else ''} to {side.other}")
    return tricks, notes


def _doubled_words(doubled: int) -> str:
    if not doubled:
        return ""
    return ", " + ("doubled" if doubled == 1 else "redoubled" if doubled == 2 else f"doubled {doubled} times")


def _trick_lines(facts: DealFacts, tricks: dict[Side, int]) -> tuple[list[ScoreLine], list[str], Side | None]:
    """BW-2, BW-10: trick points to whichever side won more than six, doubled per double; the
    revoke cap (BW-29); and the side that reached game."""
    strain = facts.strain
    v = TRICK_VALUES[strain]
    lines: list[ScoreLine] = []
    notes: list[str] = []
    game: Side | None = None
    for side in SIDES:
        over = tricks[side] - 6
        if over <= 0:
            continue
        mult = 2**facts.doubled
        points = over * v * mult
        how = "the odd trick" if over == 1 else f"{over} by cards"
        text = f"{how} in {strain.word}{_doubled_words(facts.doubled)}: {over} × {v * mult} = {points}"
        before = facts.below.get(side, 0)
        if facts.revokes.get(side, 0) and before + points > REVOKE_CAP:
            capped = max(0, REVOKE_CAP - before)
            notes.append(f"{side} revoked: its score toward game stops at {REVOKE_CAP} [BW-29]")
            text += f", cut to {capped} (a revoking side cannot win the game)"
            points = capped
        if points:
            lines.append(ScoreLine(side, Column.BELOW, LineKind.TRICKS, points, text))
        if before + points >= GAME:
            game = side
    return lines, notes, game


def _honour_lines(facts: DealFacts, options: BridgeWhistOptions) -> list[ScoreLine]:
    """BW-13..15: honours to the original holders, whoever won the tricks."""
    strain = facts.strain
    kind = LineKind.ACES if strain is Strain.NOTRUMP else LineKind.HONOURS
    lines: list[ScoreLine] = []
    for side in SIDES:
        held, most = facts.honours.get(side, (0, 0))
        pts = honour_points(strain, held, most, options)
        if pts:
            lines.append(ScoreLine(side, Column.ABOVE, kind, pts, _honour_text(strain, held, most, pts)))
    return lines


def _chicane_lines(
    facts: DealFacts, options: BridgeWhistOptions, honour_lines: list[ScoreLine]
) -> list[ScoreLine]:
    """BW-16..19: chicane, scored to the void side or taken off the adversaries' honours."""
    strain = facts.strain
    if strain is Strain.NOTRUMP:
        return []
    v = TRICK_VALUES[strain]
    honour = {line.side: line.points for line in honour_lines}
    lines: list[ScoreLine] = []
    for side in SIDES:
        voids = facts.void.get(side, 0)
        if not voids:
            continue
        value = (4 if voids >= 2 else 2) * v
        name = "double chicane" if voids >= 2 else "chicane"
        if options.chicane_mode == "credit":
            lines.append(
                ScoreLine(side, Column.ABOVE, LineKind.CHICANE, value, f"{name} in {strain.word}: {value}")
            )
            continue
        taken = min(value, honour.get(side.other, 0))
        if taken:
            text = f"{name} held against them: {taken} off their honours"
            lines.append(ScoreLine(side.other, Column.ABOVE, LineKind.CHICANE, -taken, text))
    return lines


def _slam_lines(facts: DealFacts) -> list[ScoreLine]:
    """BW-21..24: slams, counted on the tricks won in play (before any penalty)."""
    lines: list[ScoreLine] = []
    for side in SIDES:
        won = facts.tricks.get(side, 0)
        if won == 13:
            lines.append(ScoreLine(side, Column.ABOVE, LineKind.SLAM, 40, "grand slam: 40"))
        elif won == 12:
            lines.append(ScoreLine(side, Column.ABOVE, LineKind.SLAM, 20, "little slam: 20"))
    return lines
