"""How a lesson shows a whist hand: the card the dealer turned up for trumps, and no dummy.

Whist's declaration is the dealer's last card, turned up (WH-1, docs/rules-whist.md); the eldest
hand, A on the dealer's left, leads (WH-2).  Plain values for ``lessons.model``.
"""

from __future__ import annotations

from ..rules.game import Game
from ..rules.seats import Seat

__all__ = ["is_whist", "whist_declaration", "whist_fact", "whist_role"]


def is_whist(game: Game) -> bool:
    """The hand's trump was turned up (whist), not made or bid."""
    return game.declaration is not None and game.declaration.turned is not None


def whist_fact(game: Game) -> tuple[str, str] | None:
    """The facts box's line for a whist hand, e.g. ("Trumps", "♠ (the ♠2 turned by the dealer)")."""
    decl = game.declaration
    if decl is None or decl.turned is None:
        return None
    return "Trumps", f"{decl.strain.symbol} (the {decl.turned} turned by the dealer)"


def whist_declaration(game: Game) -> str | None:
    """The declaration in short, e.g. "Spades: the ♠2 turned up by Z"; None for other games."""
    decl = game.declaration
    if decl is None or decl.turned is None:
        return None
    return f"{decl.strain.word.capitalize()}: the {decl.turned} turned up by {game.labels[game.dealer].name}"


def whist_role(game: Game, seat: Seat) -> str:
    """A seat's lasting role at whist: the dealer, the eldest hand (who leads first), or none."""
    if seat == game.dealer:
        return "dealer"
    return "eldest hand" if seat == game.dealer.lho else ""
