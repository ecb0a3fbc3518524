"""replayer's own tags in a PBN game, checked where the standard has no word for what they carry
(docs/pbn.md, "Whist"): a whist hand's turned card, ``[ReplayerTurned "HA"]``, must be a card, be one
of the dealer's cards, and be of the suit the Contract tag names."""

from __future__ import annotations

from .model import PbnGame, PbnTag
from .notation import card_or_none, strain_of
from .problems import Problems, shown

__all__ = ["check_project_tags"]


def check_project_tags(game: PbnGame, first: dict[str, PbnTag], p: Problems) -> None:
    """The turned card of a whist game against its deal, dealer and contract, reported at the tag."""
    t = first.get("ReplayerTurned")
    if t is None or t.value.strip() in ("", "?"):
        return
    card = card_or_none(t.value.strip())
    if card is None:
        p.error(
            "pbn-bad-value",
            f"cannot read the turned card {shown(t.value)!r}",
            t.line,
            t.col,
            "write the card as PBN does, suit then rank: HA, S2, DT",
        )
        return
    dealer, deal = game.dealer, game.deal
    if dealer is not None and deal is not None and dealer in deal and card not in deal[dealer]:
        holder = next((s for s, hand in deal.items() if card in hand), None)
        held = f"{holder.word} holds it" if holder is not None else "no hand holds it"
        p.error(
            "pbn-inconsistent",
            f"the turned card {card.ascii()} is not in the dealer's ({dealer.word}'s) hand: {held}",
            t.line,
            t.col,
            "at whist the trump card is the dealer's last card: correct the Deal, the Dealer or the turned card",
        )
    strain = strain_of(game.contract)
    if strain is not None and strain != card.suit.letter:
        p.error(
            "pbn-inconsistent",
            f"the turned card {card.ascii()} is not of the suit the Contract names ({game.contract})",
            t.line,
            t.col,
            f'the turned card\'s suit is the trump: write [Contract "{card.suit.letter}"]',
        )
