"""Dummy Bridge in a lesson: the three-handed table as the page names it (Foster, *Gist of Bridge*,
1904, pp. 84–85): the single player and his dummy against two partners.

A hand file is the first deal of a game (validation/dummy_bridge.py): the single player deals, so
Z is the single player and Y his dummy; A, the eldest hand, and B are the partners.  Pure.
"""

from __future__ import annotations

from ..rules.dummy_bridge import single_player, single_players_dummy
from ..rules.game import Game
from ..rules.regimes import RuleSet
from ..rules.seats import Letter, Seat

__all__ = ["is_dummy_bridge", "dummy_bridge_role", "dummy_bridge_fact"]

_DEAL = 1  # the deal of the game a hand file records (validation.dummy_bridge.FIRST_DEAL)


def is_dummy_bridge(game: Game) -> bool:
    return game.regime.name is RuleSet.DUMMY_BRIDGE


def dummy_bridge_role(game: Game, seat: Seat) -> str:
    """The seat's role at the three-handed table: "single player", "his dummy", or "partner"."""
    letter = game.labels[seat]
    if letter is single_player(_DEAL):
        return "single player"
    if letter is single_players_dummy(_DEAL):
        return "his dummy"
    return "partner"


def dummy_bridge_fact(game: Game) -> tuple[str, str] | None:
    """The facts box's line that says the game is three-handed, and who plays which hands."""
    if not is_dummy_bridge(game):
        return None
    single = single_player(_DEAL).name
    dummy = single_players_dummy(_DEAL).name
    partners = " and ".join(
        x.name for x in (Letter.A, Letter.Y, Letter.B, Letter.Z) if x.name not in (single, dummy)
    )
    return (
        "Players",
        f"three: {single}, the single player, plays his own hand and his dummy {dummy} "
        f"against {partners}, who are partners",
    )
