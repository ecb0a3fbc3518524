"""The play section decoded: each play line is a trick and each column a seat (the Play tag's
seat first, then clockwise), not the order of play.  The cards are put in the order played (each
trick led by the winner of the one before), checked against the hands (a card not held, played
twice, a revoke), and the Result tag checked against the tricks won."""

from __future__ import annotations

from ...record.diagnostics import Severity
from ...rules.cards import Card, Suit
from ...rules.play import trick_winner
from ...rules.seats import Seat
from .model import PbnGame, PbnPlay, PbnTag, PbnToken, PbnTrick
from .notation import trump_of
from .problems import Problems
from .sections import after_end_mark, section_seat

__all__ = ["decode_play", "check_result"]


def decode_play(tag: PbnTag, game: PbnGame, deal_total: int, p: Problems) -> PbnPlay:
    first = section_seat(tag, p)
    play = PbnPlay(first, tag.tokens, raw=tag.section_lines, line=tag.line, col=tag.col, _total=deal_total)
    slots = [t for t in tag.tokens if t.is_slot]
    star = after_end_mark(tag, p, "pbn-play")
    if star is not None:
        play.ended = True
    if first is None:
        return play
    if game.declarer is not None and first != game.declarer.lho:
        p.add(
            "pbn-play-leader",
            Severity.WARNING,
            f"[Play] {first.name}: the opening leader should be {game.declarer.lho.word}, on declarer's left",
            tag.line,
            tag.col,
        )
    for i, tok in enumerate(slots):
        tok.seat = first.next(i % 4)
    if len(slots) > 4 * deal_total:
        extra = slots[4 * deal_total]
        p.error("pbn-play", f"more than {deal_total} tricks", extra.line, extra.col)
    tricks = _Tricks(play, game, first, p)
    for t_index in range(0, len(slots), 4):
        tricks.trick(t_index // 4 + 1, slots[t_index : t_index + 4])
    if star is not None and play.continued:
        st = tag.tokens[star]
        p.error(
            "pbn-continuation",
            "'*' and '+' in the same play",
            st.line,
            st.col,
            "'+' awaits the next card; '*' says no more will come",
        )
    return play


class _Tricks:
    """The play lines one by one: who leads each trick, the cards in the order played, the
    hands as they empty.  After the trick of the first card error the hands are no longer
    checked (later errors would only follow from it)."""

    def __init__(self, play: PbnPlay, game: PbnGame, first: Seat, p: Problems) -> None:
        self.play = play
        self.first = first
        self.p = p
        self.trump_known = game.strain is not None
        self.trump = trump_of(game.strain)
        self.hands = {s: set(h) for s, h in (game.deal or {}).items()}
        self.original = dict(game.deal or {})
        self.played: set[Card] = set()
        self.leader: Seat | None = first
        self.plus_seen = False
        self.checking = True
        self.card_error = False

    def trick(self, number: int, group: list[PbnToken]) -> None:
        """One play line (a token per seat's column)."""
        self.card_error = False
        by_seat = {tok.seat: tok for tok in group if tok.seat is not None}
        self._lead_out_of_turn(group)
        leader = self.leader
        order = leader.rotation() if leader is not None else self.first.rotation()
        plays: list[tuple[Seat, Card]] = []
        led: Suit | None = None
        for pos, seat in enumerate(order):
            tok = by_seat.get(seat)
            if tok is None:
                continue
            card = self._card(tok)
            if card is None:
                continue
            self._check(tok, seat, card, pos == 0 and leader is not None, led)
            self.played.add(card)
            if pos == 0:
                led = card.suit
            plays.append((seat, card))
        if self.card_error:
            self.checking = False
        known = len(plays) == 4 and leader is not None and self.trump_known
        winner = trick_winner(plays, self.trump) if known else None
        self.play.tricks.append(PbnTrick(number, leader, plays, winner))
        self.leader = winner

    def _lead_out_of_turn(self, group: list[PbnToken]) -> None:
        """``^L``: the marked card leads the trick, whoever's turn it was."""
        lts = [tok for tok in group if tok.irregular == "L"]
        for extra in lts[1:]:
            self.p.error(
                "pbn-irregularity", "a second lead out of turn (^L) in one trick", extra.line, extra.col
            )
        if lts:
            lt = lts[0]
            if self.leader is not None and lt.seat == self.leader:
                self.p.error("pbn-irregularity", f"^L but it is {self.leader.word}'s lead", lt.line, lt.col)
            self.leader = lt.seat

    def _card(self, tok: PbnToken) -> Card | None:
        """The card of a token; None for ``-`` (unknown or not played) and ``+`` (awaited)."""
        if tok.text == "+":
            if self.plus_seen:
                self.p.error(
                    "pbn-continuation",
                    "a second '+' (only the next card can be awaited)",
                    tok.line,
                    tok.col,
                )
            self.plus_seen = True
            self.play.continued = True
            return None
        card = tok.card
        if card is not None and self.plus_seen:
            self.p.error(
                "pbn-continuation",
                f"{tok.text} is played after the card still awaited ('+')",
                tok.line,
                tok.col,
            )
        return card

    def _check(self, tok: PbnToken, seat: Seat, card: Card, lead_card: bool, led: Suit | None) -> None:
        """The card against the hand that plays it (while the hands are checked)."""
        if tok.irregular == "R" and lead_card:
            self.p.error(
                "pbn-irregularity",
                f"^R on the lead {tok.text}: a lead cannot be a revoke",
                tok.line,
                tok.col,
            )
        if self.checking and self.leader is not None and seat in self.hands:
            hand = self.hands[seat]
            if card not in hand:
                self._not_held(tok, seat, card)
            elif led is not None and not lead_card:
                self._revoke(tok, seat, card, hand, led)
            hand.discard(card)
        elif self.checking and card in self.played:
            self.p.error("pbn-play", f"{tok.text} is played twice", tok.line, tok.col)
            self.card_error = True

    def _not_held(self, tok: PbnToken, seat: Seat, card: Card) -> None:
        why = "has already played" if card in self.original.get(seat, ()) else "does not hold"
        holder = next((s for s, h in self.original.items() if card in h and s != seat), None)
        extra_info = f" ({holder.word} holds it)" if holder is not None and why == "does not hold" else ""
        self.p.error(
            "pbn-play",
            f"{seat.word} {why} {tok.text}{extra_info}",
            tok.line,
            tok.col,
            "the cards after this trick are not checked",
        )
        self.card_error = True

    def _revoke(self, tok: PbnToken, seat: Seat, card: Card, hand: set[Card], led: Suit) -> None:
        """A card off the suit led while holding it, unless marked ``^R`` (and ``^R`` where it is none)."""
        revoke = card.suit != led and any(c.suit == led for c in hand)
        if revoke and tok.irregular != "R":
            self.p.error(
                "pbn-play",
                f"{seat.word} revokes: {tok.text} on a {led.word[:-1]} lead while holding "
                f"{min(c for c in hand if c.suit == led).ascii()}",
                tok.line,
                tok.col,
                "mark a revoke that stood ^R",
            )
        elif not revoke and tok.irregular == "R":
            self.p.error(
                "pbn-irregularity",
                f"{tok.text} is marked as a revoke (^R) but is not one",
                tok.line,
                tok.col,
            )


def check_result(game: PbnGame, first: dict[str, PbnTag], deal_total: int, p: Problems) -> None:
    t = first.get("Result")
    if t is None or t.value.strip() in ("", "?"):
        return
    if game.contract == "Pass":
        p.error(
            "pbn-inconsistent",
            f"[Result] {t.value!r} for a deal passed out",
            t.line,
            t.col,
            'write [Result ""]',
        )
        return
    d = first.get("Declarer")
    if game.contract is None and d is not None and d.value.strip() == "":
        p.error("pbn-inconsistent", f"[Result] {t.value!r} with no contract and no declarer", t.line, t.col)
        return
    play = game.play
    if (
        game.result is None
        or game.result_irregular
        or play is None
        or game.declarer is None
        or not play.tricks
    ):
        return
    side = game.declarer.side
    known = [tr for tr in play.tricks if tr.winner is not None]
    won = sum(1 for tr in known if tr.winner is not None and tr.winner.side == side)
    if play.complete and len(known) == deal_total:
        if won != game.result:
            p.error(
                "pbn-inconsistent",
                f"[Result] {game.result} but declarer wins {won} tricks in the play",
                t.line,
                t.col,
                "an agreed wrong result is written with a caret: ^9",
            )
    elif game.result < won:
        p.error(
            "pbn-inconsistent",
            f"[Result] {game.result} but declarer has already won {won} tricks in the play",
            t.line,
            t.col,
        )
    elif game.result > won + (deal_total - len(known)):
        p.error(
            "pbn-inconsistent",
            f"[Result] {game.result} but declarer can win at most {won + deal_total - len(known)} tricks",
            t.line,
            t.col,
        )
