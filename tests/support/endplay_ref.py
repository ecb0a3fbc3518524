"""endplay's own deal for a position, built by endplay's types from its PBN: the reference the tests
compare replayer's direct DDS calls with (endplay is imported here, never by the analysis)."""

from __future__ import annotations

from typing import Any

from replayer.analysis.positions import Position, pbn


def endplay_deal(pos: Position) -> Any:
    """The position as endplay's deal: the hands at the start of the trick, its cards played."""
    from endplay.types import Card as ECard
    from endplay.types import Deal, Denom, Player

    hands = list(pos.hands)
    for seat, card in pos.current:
        hands[seat] = hands[seat] | {card}
    text = "N:" + " ".join(pbn(h) if h else "..." for h in hands)
    trump = Denom.nt if pos.trump is None else Denom(3 - int(pos.trump))
    deal = Deal(text, first=Player(int(pos.leader)), trump=trump)
    for _, card in pos.current:
        deal.play(ECard(card.ascii()))
    return deal
