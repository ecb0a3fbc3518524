"""Finding the likely fix for a misread card by replaying the play quietly with the card changed.

A transcriber who sees "♠7 is played twice, and ♠8 is never played" wants to know which ♠7 to
change; a revoke whose suit card turns up later may be two cards swapped between rows.  Each
candidate correction is replayed without diagnostics, and only those that make the play legal
are offered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ..record.hand import PlayedCard
from ..rules.cards import Card, Suit
from ..rules.play import is_revoke, trick_winner
from ..rules.seats import Seat
from .checking import Check, list_cards
from .deal import Deal, Row
from .declaration import declaration, opening_leader, regime

__all__ = ["FixFinder", "Setting", "later_play", "revoke_hint", "revokes"]


class Setting(NamedTuple):
    """What a quiet replay needs besides the cards: the trump, who leads first, and the dummy.

    A named tuple, not a frozen dataclass: only its fields are read, and defining a frozen slotted
    dataclass costs every process that imports this module about half a millisecond."""

    trump: Suit | None
    leader: Seat
    dummy: Seat | None  # None at whist: every player must follow suit


def revokes(
    rows: Sequence[Sequence[Card]],
    columns: tuple[Seat, ...],
    holdings: Mapping[Seat, Sequence[Card]],
    setting: Setting,
    first_trick: int,
) -> list[tuple[int, Seat]]:
    """The revokes (trick number, seat) of a play, replayed without a word; dummy cannot revoke."""
    remaining = {s: set(h) for s, h in holdings.items()}
    found = []
    leader = setting.leader
    for i, row in enumerate(rows):
        plays = [(s, row[columns.index(s)]) for s in leader.rotation()]
        led = plays[0][1].suit
        for s, c in plays:
            if s != plays[0][0] and s != setting.dummy and is_revoke(remaining[s], led, c):
                found.append((first_trick + i, s))
            remaining[s].discard(c)
        leader = trick_winner(plays, setting.trump)
    return found


def _quiet_setting(ck: Check, first: int) -> Setting | None:
    """Trump, opening leader and dummy, worked out quietly (no diagnostics) for trial replays."""
    quiet = Check(ck.record)
    rules = regime(quiet)
    if rules is None:
        return None
    decl, _ = declaration(quiet, rules)
    if decl is None:
        return None
    leader = opening_leader(quiet, rules, decl, first)
    if leader is None:
        return None
    return Setting(decl.strain.trump, leader, decl.dummy)


class FixFinder:
    """Tries candidate corrections (a card replaced by a never-played one) by replaying them."""

    def __init__(
        self,
        ck: Check,
        rows: Sequence[Row | None],
        columns: tuple[Seat, ...],
        dealt: Deal | None,
        first_trick: int,
    ) -> None:
        self.ck = ck
        self.rows = [[pc.card for pc in r] if r is not None else None for r in rows]
        self.columns = columns
        self.deal = {s: [pc.card for pc in v] for s, v in dealt.items()} if dealt is not None else None
        self.first_trick = first_trick
        self._setting: Setting | None = None
        self._worked_out = False  # the setting is worked out when first needed

    @property
    def setting(self) -> Setting | None:
        if not self._worked_out:
            self._setting = _quiet_setting(self.ck, self.first_trick)
            self._worked_out = True
        return self._setting

    def describe(self, card: Card, places: list[tuple[int, Seat, PlayedCard]], candidates: list[Card]) -> str:
        """The hint for a card played twice: which change of which play makes the hand legal."""
        setting = self.setting
        if setting is None or any(r is None for r in self.rows) or len(places) * len(candidates) > 24:
            return f"one of them is probably {list_cards(candidates)}"
        works: list[tuple[int, Card]] = []
        for t, s, _ in places:
            for cand in candidates:
                if self._legal_with(setting, t, s, cand):
                    works.append((t, cand))
        if not works:
            return (
                f"one of them is probably {list_cards(candidates)}; changing either alone does not make the hand legal, "
                "so look for a second slip"
            )
        cands = sorted({c for _, c in works})
        if len(cands) == 1 and len(works) == len(places):
            return f"one of them is probably {cands[0]} — either change makes the hand legal"
        parts = [f"the {card} at trick {t} to {c}" for t, c in works]
        return "changing " + " or ".join(parts) + " makes the hand legal"

    def _legal_with(self, setting: Setting, trick: int, seat: Seat, new: Card) -> bool:
        rows = [list(r) for r in self.rows if r is not None]
        col = self.columns.index(seat)
        rows[trick - self.first_trick][col] = new
        flat = [c for r in rows for c in r]
        if len(set(flat)) != len(flat):
            return False
        if self.deal is not None:
            holdings = {s: list(v) for s, v in self.deal.items()}
            for r in rows:
                for k, c in enumerate(r):
                    if c not in holdings[self.columns[k]]:
                        return False
        else:
            holdings = {s: [r[k] for r in rows] for k, s in enumerate(self.columns)}
        return not revokes(rows, self.columns, holdings, setting, self.first_trick)


def later_play(
    rows: Sequence[Row | None],
    columns: tuple[Seat, ...],
    seat: Seat,
    cards: set[Card],
    i: int,
    first_trick: int,
) -> tuple[int, Card] | None:
    """The first later trick (number, card) where ``seat`` plays one of ``cards``: the card it
    revoked with may belong there."""
    col = columns.index(seat)
    for j in range(i + 1, len(rows)):
        r = rows[j]
        if r is not None and r[col].card in cards:
            return first_trick + j, r[col].card
    return None


def revoke_hint(
    rows: Sequence[Row | None],
    columns: tuple[Seat, ...],
    holdings: Mapping[Seat, Sequence[Card]],
    setting: Setting,
    first_trick: int,
    revoke: tuple[int, Seat, Card],
    later: tuple[int, Card] | None,
) -> str:
    """The hint for a revoke (row index, seat, card): the swap with the later play that makes the
    play legal, if there is one."""
    base = (
        "if the book prints these cards, it is the book's revoke: keep them and note it; "
        "otherwise one of the cards is misread"
    )
    if later is None or any(r is None for r in rows):
        return base
    i, seat, card = revoke
    t_later, c_later = later
    col = columns.index(seat)
    trial = [[pc.card for pc in r] for r in rows if r is not None]
    trial[i][col], trial[t_later - first_trick][col] = c_later, card
    if not revokes(trial, columns, holdings, setting, first_trick):
        return (
            f"swapping {card} (trick {first_trick + i}) and {c_later} (trick {t_later}) makes the play legal: "
            "check both rows against the book"
        )
    return base
