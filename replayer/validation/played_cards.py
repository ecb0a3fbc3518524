"""The cards played, against each other and against the deal: none played twice, each from the
hand that holds it, and (when the play covers every card) none left unplayed."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from ..record.hand import PlayedCard
from ..rules.cards import FULL_DECK, Card
from ..rules.seats import Seat
from .checking import Check, list_cards
from .deal import Deal, Row
from .fixes import FixFinder

__all__ = ["check_played_cards"]

#: where a card is played: (trick number, seat, the card as written)
_Place = tuple[int, Seat, PlayedCard]
#: the cards never played, by the seat dealt them (None: by nobody, when there is no deal)
_Never = dict[Seat | None, list[Card]]


def check_played_cards(
    ck: Check, rows: Sequence[Row | None], columns: tuple[Seat, ...], dealt: Deal | None, first_trick: int
) -> None:
    if _nothing_to_report(rows, columns, dealt, first_trick):
        return
    played: dict[Card, list[_Place]] = {}
    twice = False
    for i, row in enumerate(rows):
        if row is None:
            continue
        trick = first_trick + i
        for col, pc in enumerate(row):
            places = played.get(pc.card)
            if places is None:
                played[pc.card] = [(trick, columns[col], pc)]
            else:
                places.append((trick, columns[col], pc))
                twice = True
    held_by: dict[Card, Seat] = {}
    if dealt is not None:
        # the first seat dealt a card holds it: walked backwards, the first one written is kept
        held_by = {pc.card: s for s, cards in reversed(dealt.items()) for pc in reversed(cards)}
    covers_all = _covers_all(rows, dealt, first_trick)
    never = _never_played(played, dealt) if covers_all else {}
    # The fixes are tried only for a card played twice: a legal hand never builds the finder.
    fixes = FixFinder(ck, rows, columns, dealt, first_trick) if twice else None
    for card, places in played.items():
        if fixes is not None and len(places) > 1:
            _report_twice(ck, card, places, never, dealt, fixes)
        if dealt is not None and (len(places) > 1 or held_by.get(card) != places[0][1]):
            _report_not_held(ck, card, places, held_by, never)
    if covers_all:
        _report_never_played(ck, never, played, dealt)


def _nothing_to_report(
    rows: Sequence[Row | None], columns: tuple[Seat, ...], dealt: Deal | None, first_trick: int
) -> bool:
    """Whether the checks below would find nothing: no card played twice, each played card dealt
    first to the seat that plays it, and (when the play covers every card) every card dealt played
    by its seat.  One pass over card indices, with no places gathered: the case of every legal hand,
    which the full checks (and their messages) are then spared."""
    held_by: list[Seat | None] | None = None
    if dealt is not None:
        held_by = [None] * 52
        for s, cards in dealt.items():
            for pc in cards:
                if held_by[pc.card.index] is not None:
                    return False  # a card dealt twice: left to the full checks
                held_by[pc.card.index] = s
    played_by: list[Seat | None] = [None] * 52
    count = 0
    for row in rows:
        if row is None:
            continue
        for col, pc in enumerate(row):
            index = pc.card.index
            seat = columns[col]
            if played_by[index] is not None or (held_by is not None and held_by[index] is not seat):
                return False
            played_by[index] = seat
            count += 1
    if not _covers_all(rows, dealt, first_trick):
        return True
    # every card played (and dealt to its player), none twice: as many as there are means all of them
    return count == (52 if dealt is None else sum(len(cards) for cards in dealt.values()))


def _covers_all(rows: Sequence[Row | None], dealt: Deal | None, first_trick: int) -> bool:
    """Whether the rows, all read, play every card there is: the deck, or every card dealt."""
    if any(r is None for r in rows):
        return False
    if dealt is None:
        return first_trick == 1 and len(rows) == 13
    return bool(rows) and len(rows) * 4 >= sum(len(v) for v in dealt.values())


def _never_played(played: dict[Card, list[_Place]], dealt: Deal | None) -> _Never:
    """Cards that should have been played and were not (by seat when the deal says)."""
    never: _Never = defaultdict(list)
    if dealt is not None:
        by_whom = {(places[0][2].card, seat) for places in played.values() for _, seat, _ in places}
        for s, cards in dealt.items():
            for pc in cards:
                if (pc.card, s) not in by_whom:
                    never[s].append(pc.card)
    else:
        for c in FULL_DECK:
            if c not in played:
                never[None].append(c)
    return never


def _report_twice(
    ck: Check, card: Card, places: list[_Place], never: _Never, dealt: Deal | None, fixes: FixFinder
) -> None:
    who = {s for _, s, _ in places}
    by = (
        f"by {ck.name(next(iter(who)))}"
        if len(who) == 1
        else "by " + " and ".join(ck.name(s) for _, s, _ in places)
    )
    at = " and ".join(str(t) for t, _, _ in places)
    holders: set[Seat | None] = set(who) if dealt is not None else {None}
    candidates = sorted({c for s in holders for c in never.get(s, [])})
    msg = f"{card} is played twice {by}, at tricks {at}"
    hint = "one of them is another card: check both against the book"
    if candidates:
        msg += f", and {list_cards(candidates)} {'is' if len(candidates) == 1 else 'are'} never played"
        hint = fixes.describe(card, places, candidates)
    for _, _, pc in places:
        others = [p.span for _, _, p in places if p is not pc]
        ck.add("card-twice", msg, pc.span, hint, related=others)


def _report_not_held(
    ck: Check, card: Card, places: list[_Place], held_by: dict[Card, Seat], never: _Never
) -> None:
    for t, s, pc in places:
        owner = held_by.get(card)
        if owner == s:
            continue
        where = (
            f"the deal gives it to {ck.name(owner)}" if owner is not None else "no hand holds it in the deal"
        )
        cands = list(never.get(s, []))
        same_suit = [c for c in cands if c.suit == card.suit] or cands
        hint = (
            f"{ck.name(s)}'s {list_cards(same_suit)} "
            f"{'is' if len(same_suit) == 1 else 'are'} never played: is this card {'one of them' if len(same_suit) > 1 else same_suit[0]}?"
            if same_suit
            else "check the card against the book, and the deal"
        )
        ck.add(
            "card-not-held",
            f"trick {t}: {ck.name(s)} plays {card}, which is not in {ck.letter(s)}'s hand: {where}",
            pc.span,
            hint,
        )


def _report_never_played(
    ck: Check, never: _Never, played: dict[Card, list[_Place]], dealt: Deal | None
) -> None:
    for holder, missing in never.items():
        for card in missing:
            if holder is None:
                if not any(len(p) > 1 for p in played.values()):
                    ck.add(
                        "card-never-played",
                        f"{card} is never played",
                        ck.record.play_span,
                        "a trick row may be missing a card",
                    )
                continue
            if dealt is None:
                continue
            pc = next(p for p in dealt[holder] if p.card == card)
            ck.add(
                "card-never-played",
                f"{ck.name(holder)}'s {card} (in the deal) is never played",
                pc.span,
                f"{ck.letter(holder)} must play each of his cards once: "
                "one of his plays is probably this card, misread",
            )
