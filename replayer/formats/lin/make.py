"""A LIN board from plain values (our hands on their way out), checked as it is built: raises
ValueError on inconsistent input."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from ...rules.cards import Card, Strain, Suit
from ...rules.seats import Seat
from .model import LinBoard, LinCall, LinMake, LinPlay
from .notation import read_call, read_vulnerability
from .tokens import lin_text

__all__ = ["NoteKey", "make_board"]

NoteKey = str | tuple[int, int] | None


def make_board(
    deal: Mapping[Seat, Iterable[Card]],
    dealer: Seat,
    vulnerable: str | None = "None",
    calls: Sequence[str | tuple[str, str | None] | LinCall] = (),
    tricks: Sequence[Sequence[tuple[Seat, Card]]] = (),
    notes_by_card: Mapping[NoteKey, str | Sequence[str]] | None = None,
    title: str | None = None,
    players: Mapping[Seat, str] | None = None,
    claim: int | None = None,
    *,
    make: LinMake | tuple[Strain | Suit | str | None, Seat] | None = None,
    board_id: str | None = None,
) -> LinBoard:
    """A board from plain values (raises ValueError on inconsistent input).

    ``calls`` run from the dealer: ``"1S"``, ``"2NT!"`` (``!``: alerted), ``"Pass"``/``"p"``,
    ``"X"``, ``"XX"``, or ``(call, explanation)``.  ``tricks``: lists of ``(seat, card)`` in play
    order (the last may be unfinished).  ``notes_by_card`` keys: ``None`` — before the play (after
    the last call, or at the start without an auction); ``"start"`` — at the board's start;
    ``(trick, index)`` — after the card ``index`` (0 = the lead) of trick ``trick`` (1…13);
    ``"claim"`` — after the claim.  ``make``: for a board without an auction, the trump (a
    :class:`Strain`, a :class:`Suit`, ``"S"``…``"NT"``, None for no trumps) and the declarer.
    Texts go through :func:`lin_text`."""
    hands, holder = _hands(deal)
    vul = read_vulnerability(vulnerable) if vulnerable is not None else None
    if vulnerable is not None and vul is None:
        raise ValueError(f"vulnerable {vulnerable!r}: write None, NS, EW or All")
    lin_calls = [_call(item) for item in calls]
    lin_make = _make(make, bool(lin_calls)) if make is not None else None
    plays = _plays(tricks, holder)
    if claim is not None and not 0 <= claim <= 13:
        raise ValueError(f"a claim is 0 to 13 tricks, not {claim}")
    start, claim_notes = _place_notes(notes_by_card or {}, lin_calls, plays, claim)
    names = {Seat(s): lin_text(n).replace(",", " ").strip() for s, n in (players or {}).items()}
    return LinBoard(
        deal=hands,
        dealer=Seat(dealer),
        vulnerable=vul,
        calls=tuple(lin_calls),
        plays=tuple(plays),
        claim=claim,
        title=lin_text(title) if title is not None else None,
        board_id=lin_text(board_id) if board_id is not None else None,
        players={s: names[s] for s in Seat if names.get(s)},
        notes=tuple(start),
        claim_notes=tuple(claim_notes),
        make=lin_make,
    )


def _hands(deal: Mapping[Seat, Iterable[Card]]) -> tuple[dict[Seat, frozenset[Card]], dict[Card, Seat]]:
    """The hands in seat order, and who holds each card (a card in two hands is an error)."""
    given = {Seat(s): frozenset(cs) for s, cs in deal.items()}
    hands = {s: given[s] for s in Seat if s in given}
    holder: dict[Card, Seat] = {}
    for s, hand in hands.items():
        for c in hand:
            if c in holder:
                raise ValueError(f"{c.ascii()} is in both {holder[c].word}'s and {s.word}'s hands")
            holder[c] = s
    return hands, holder


def _call(item: str | tuple[str, str | None] | LinCall) -> LinCall:
    if isinstance(item, LinCall):
        return replace(item, span=None)
    text, explanation = (item, None) if isinstance(item, str) else item
    name, alert = read_call(text)
    if name is None:
        raise ValueError(f"cannot read the call {text!r}")
    return LinCall(name, alert, lin_text(explanation) if explanation is not None else None)


def _make(make: LinMake | tuple[Strain | Suit | str | None, Seat], auction: bool) -> LinMake:
    if auction:
        raise ValueError("a board has either an auction (calls) or a make, not both")
    if isinstance(make, LinMake):
        return LinMake(_strain_of(make.strain), make.declarer)
    return LinMake(_strain_of(make[0]), Seat(make[1]))


def _strain_of(value: Strain | Suit | str | None) -> Strain:
    if value is None:
        return Strain.NOTRUMP
    if isinstance(value, Strain):
        return Strain.SPADES if value is Strain.ROYAL_SPADES else value
    if isinstance(value, Suit):
        return Strain(value.letter)
    return Strain.parse(value)


def _plays(tricks: Sequence[Sequence[tuple[Seat, Card]]], holder: Mapping[Card, Seat]) -> list[LinPlay]:
    """The cards in play order, each with its player (only the last trick may be unfinished)."""
    plays: list[LinPlay] = []
    played: set[Card] = set()
    for t, trick in enumerate(tricks, start=1):
        if len(trick) > 4 or (len(trick) < 4 and t < len(tricks)):
            raise ValueError(f"trick {t} has {len(trick)} cards; only the last trick may be unfinished")
        for seat, card in trick:
            if card in played:
                raise ValueError(f"{card.ascii()} is played twice")
            played.add(card)
            if card in holder and holder[card] != seat:
                raise ValueError(
                    f"trick {t}: {card.ascii()} is {holder[card].word}'s card, not {Seat(seat).word}'s"
                )
            plays.append(LinPlay(card, Seat(seat)))
    return plays


def _place_notes(
    notes_by_card: Mapping[NoteKey, str | Sequence[str]],
    calls: list[LinCall],
    plays: list[LinPlay],
    claim: int | None,
) -> tuple[list[str], list[str]]:
    """Each note where its key says (onto ``calls`` and ``plays``); the notes at the board's
    start and those after the claim."""
    start: list[str] = []
    claim_notes: list[str] = []
    for key, value in notes_by_card.items():
        texts = [value] if isinstance(value, str) else list(value)
        texts = [lin_text(x) for x in texts]
        if key == "start" or (key is None and not calls):
            start.extend(texts)
        elif key is None:
            calls[-1] = replace(calls[-1], notes=calls[-1].notes + tuple(texts))
        elif key == "claim":
            if claim is None:
                raise ValueError("a note after the claim, but no claim")
            claim_notes.extend(texts)
        elif isinstance(key, tuple) and len(key) == 2:
            t, i = key
            k = (t - 1) * 4 + i
            if not (t >= 1 and 0 <= i < 4 and k < len(plays)):
                raise ValueError(f"a note after card {i} of trick {t}, which is not played")
            plays[k] = replace(plays[k], notes=plays[k].notes + tuple(texts))
        else:
            raise ValueError(f"a note's place is None, 'start', 'claim' or (trick, index), not {key!r}")
    return start, claim_notes
