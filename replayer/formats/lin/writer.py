"""Writing a board as one line of LIN, in the order BBO's own files use; a make with no auction
is stated by the first comment, or also given as a one-bid auction for BBO's viewer."""

from __future__ import annotations

from ...rules.cards import Strain
from ...rules.seats import Seat
from .model import LinBoard, LinCall, LinMake
from .notation import (
    LIN_ORDER,
    SEAT_DIGIT,
    VULNERABILITY_LETTERS,
    make_comment,
    read_vulnerability,
    write_call,
    write_hand,
)
from .tokens import lin_text

__all__ = ["write_lin"]


def write_lin(board: LinBoard, *, no_auction: str = "comment") -> str:
    """One board as a single line of LIN, ending in a newline.

    Order: the kept unknown commands, ``qx|`` (if any), ``pn|``, ``st||``, ``md|``, ``rh||``,
    ``ah|``, ``sv|``, the start commentary, the calls (``mb|``, ``an|``, ``nt|``), ``pg||``, the
    cards (``pc|``, ``nt|``, ``pg||`` after each trick), the claim (``mc|``).  Every ``nt|`` is
    followed by ``pg||`` so that a viewer stops on it.  Texts go through :func:`lin_text`.

    A board with a :class:`LinMake` and no calls gets the make as its first comment
    (``no_auction="comment"``, the default, read back exactly); ``no_auction="bid"`` also writes
    a one-bid auction so that BBO's viewer knows the trump and counts the tricks (the bid is not
    in the book: reading it back gives that auction, not the make).  See docs/lin.md."""
    if no_auction not in ("comment", "bid"):
        raise ValueError("no_auction is 'comment' or 'bid'")
    out = _Line()
    _header(out, board)
    calls = board.calls
    if board.make is not None and not calls:
        out.comment(make_comment(board.make.strain, board.make.declarer))
        if no_auction == "bid" and board.dealer is not None:
            calls = _make_auction(board.make, board.dealer)
    for note in board.notes:
        out.comment(note)
    for c in calls:
        out.put("mb", _write_call(c))
        if c.explanation is not None:
            out.put("an", lin_text(c.explanation))
        for note in c.notes:
            out.comment(note)
    if calls:
        out.pause()
    for i, p in enumerate(board.plays):
        out.put("pc", p.card.ascii() if p.card is not None else lin_text(p.raw or ""))
        for note in p.notes:
            out.comment(note)
        if i % 4 == 3:
            out.pause()
    if board.claim is not None:
        out.put("mc", str(board.claim))
        for note in board.claim_notes:
            out.comment(note)
        out.pause()
    return str(out) + "\n"


class _Line:
    """The commands written so far."""

    def __init__(self) -> None:
        self.out: list[str] = []

    def put(self, cmd: str, value: str = "") -> None:
        self.out.append(f"{cmd}|{value}|")

    def pause(self) -> None:
        """``pg||``, unless the line already ends with one."""
        if not self.out or self.out[-1] != "pg||":
            self.out.append("pg||")

    def comment(self, text: str) -> None:
        self.put("nt", lin_text(text))
        self.pause()

    def __str__(self) -> str:
        return "".join(self.out)


def _header(out: _Line, board: LinBoard) -> None:
    """Everything before the commentary and the calls: the kept commands, the board's name, the
    players, the deal, the title, the vulnerability."""
    for cmd, value in board.extras:
        out.put(cmd, lin_text(value))
    if board.board_id is not None:
        out.put("qx", lin_text(board.board_id))
    if board.players:
        out.put("pn", ",".join(lin_text(board.players.get(s, "")).replace(",", " ") for s in LIN_ORDER))
    out.put("st")
    out.put("md", _write_deal(board))
    out.put("rh")
    if board.title is not None:
        out.put("ah", lin_text(board.title))
    if board.vulnerable is not None:
        vul = read_vulnerability(board.vulnerable)
        if vul is None:
            raise ValueError(f"vulnerable {board.vulnerable!r}: write None, NS, EW or All")
        out.put("sv", VULNERABILITY_LETTERS[vul])


def _write_deal(board: LinBoard) -> str:
    digit = SEAT_DIGIT[board.dealer] if board.dealer is not None else ""
    hands = []
    for seat in LIN_ORDER:
        hand = board.deal.get(seat)
        hands.append(write_hand(hand) if hand is not None else "")
    return digit + ",".join(hands)


def _write_call(c: LinCall) -> str:
    if c.call is None:
        text = lin_text(c.raw or "?")
        return text + ("!" if c.alert and not text.endswith("!") else "")
    return write_call(c.call) + ("!" if c.alert else "")


def _make_auction(make: LinMake, dealer: Seat) -> tuple[LinCall, ...]:
    """Passes round to the declarer, a one-level bid of the make's strain, three passes."""
    code = Strain.SPADES.code if make.strain is Strain.ROYAL_SPADES else make.strain.code
    passes = (make.declarer - dealer) % 4
    bid = LinCall(f"1{code}", explanation="not bid: the declaration had no auction")
    return (LinCall("Pass"),) * passes + (bid,) + (LinCall("Pass"),) * 3
