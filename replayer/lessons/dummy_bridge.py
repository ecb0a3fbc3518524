"""Dummy Bridge in a lesson: the three-handed table as the page names it (Foster, *Gist of Bridge*,
1904, pp. 84–85): the single player and his dummy against two partners.

Which seats those are depends on the deal of the game (the file's ``series: {deal: N}``, read by
``validation.dummy_bridge.series_deal``): on the odd deals the single player deals, so Z is the
single player and Y his dummy, and A and B are the partners (DB-1, DB-7); on the even deals he sits
eldest, so A is the single player and B his dummy, Z and Y are the partners, and Y's cards are laid
down as at Bridge Whist: two dummies are on the table (DB-5, DB-6).  Pure.
"""

from __future__ import annotations

from ..rules.dummy_bridge import single_player, single_players_dummy
from ..rules.game import Game
from ..rules.regimes import RuleSet
from ..rules.seats import Letter, Seat

__all__ = ["FIRST_DEAL", "is_dummy_bridge", "dummy_bridge_role", "dummy_bridge_fact"]

#: the deal of the game a hand file records when it does not say (validation.dummy_bridge.FIRST_DEAL)
FIRST_DEAL = 1


def is_dummy_bridge(game: Game) -> bool:
    return game.regime.name is RuleSet.DUMMY_BRIDGE


def dummy_bridge_role(game: Game, seat: Seat, deal: int | None = None) -> str:
    """The seat's role at the three-handed table on the ``deal``-th deal of the game: "single
    player", "his dummy", "partner", or on the even deals "partners' dummy" (Y, whose cards the
    dealer Z plays)."""
    deal = game.series_deal if deal is None else deal
    letter = game.labels[seat]
    if letter is single_player(deal):
        return "single player"
    if letter is single_players_dummy(deal):
        return "his dummy"
    if letter is Letter.Y:
        return "partners' dummy"
    return "partner"


def dummy_bridge_fact(game: Game, deal: int | None = None) -> tuple[str, str] | None:
    """The facts box's line that says the game is three-handed, and who plays which hands."""
    if not is_dummy_bridge(game):
        return None
    deal = game.series_deal if deal is None else deal
    single = single_player(deal).name
    dummy = single_players_dummy(deal).name
    if single_player(deal) is Letter.Z:
        return (
            "Players",
            f"three: {single}, the single player, plays his own hand and his dummy {dummy} "
            "against A and B, who are partners",
        )
    return (
        "Players",
        f"three, deal {deal} of the game: {single}, the single player, sits eldest and plays his own hand "
        f"and his dummy {dummy} against Z and Y, who are partners; Z plays Y's cards, "
        "so two dummies are on the table, Y and B",
    )
