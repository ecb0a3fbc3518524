"""How the analysis's texts name the sides and the players: by the book's letters or by the compass."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.game import Game
from ..rules.seats import BookPair, Letter, Pair, Seat

__all__ = ["Naming"]


@dataclass(frozen=True, slots=True)
class Naming:
    """``letters``: ``Y–Z``/``A–B`` and ``A``, ``Y``, ``B``, ``Z`` (the dealer decides which compass
    seats they are); otherwise ``N–S``/``E–W`` and the compass words."""

    dealer: Seat
    letters: bool

    @classmethod
    def of(cls, game: Game, letters: bool) -> Naming:
        return cls(game.dealer, letters)

    def side(self, side: Pair) -> str:
        return BookPair.of(side, self.dealer).label if self.letters else side.label

    def seat(self, seat: Seat) -> str:
        return Letter.of(seat, self.dealer).name if self.letters else seat.word
