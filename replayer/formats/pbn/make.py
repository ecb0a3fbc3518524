"""A PBN game from plain values (our hands on their way out): the tags, the auction, and the
play laid out in the standard's columns from tricks given in the order played.  The game is
read back and written once, so that it is in export form."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ...record.diagnostics import Severity
from ...rules.cards import Card
from ...rules.notation import VULNERABILITY_WORDS
from ...rules.play import trick_winner
from ...rules.seats import Seat
from .model import PbnGame
from .notation import deal_text, strain_of, trump_of
from .reader import read_pbn
from .tags import MANDATORY_TAGS, escape
from .writer import write_pbn

__all__ = ["make_game"]

_Trick = Sequence[tuple[Seat, Card]]


def make_game(
    *,
    deal: Mapping[Seat, Iterable[Card]],
    dealer: Seat,
    vulnerable: str = "None",
    auction: Sequence[str] | None = None,
    auction_notes: Mapping[int, str] | None = None,
    contract: str | None = None,
    declarer: Seat | None = None,
    tricks: Sequence[_Trick] | None = None,
    result: int | None = None,
    tags: Sequence[tuple[str, str]] = (),
    commentary: Mapping[int, Sequence[str]] | None = None,
    intro: Sequence[str] = (),
    before_cards: Mapping[tuple[int, Seat], Sequence[str]] | None = None,
) -> PbnGame:
    """A game for export, from plain values.

    - ``deal``: the hands (a seat may be left out: written ``-``); ``dealer``; ``vulnerable``
      (``None``/``NS``/``EW``/``All``, or the standard's synonyms).
    - ``auction``: the calls from the dealer (``1S``, ``Pass``, ``X``, ``XX``, ``AP``; a call
      may carry its annotations, e.g. ``"2C =1="``); ``auction_notes``: ``{1: "Stayman"}``.
    - ``contract`` and ``declarer``: taken from the auction when not given.  ``contract`` may
      be a bare strain (``"H"``, the standard's form for a trump without a level).
    - ``tricks``: in the order played, each led by its first seat; the column layout of the
      play section is made from them (the first trick's leader is the Play tag's seat).  A
      card that revokes is marked ``^R`` as the standard asks.
    - ``result``: tricks won by declarer; counted from a complete play when not given.
    - ``tags``: other tags, ``(name, value)``; the mandatory ones (Event, Board…) are put in
      their place, the others kept in this order.
    - ``commentary``: ``{0: [...]}`` comes before the first card, ``{n: [...]}`` after trick n;
      ``intro``: comments at the start of the game; ``before_cards``: ``{(n, seat): [...]}``
      comes just before ``seat``'s card in trick n (in the seat columns: after the card to its
      left, or at the end of the line above when it is in the first column).

    Raises ValueError when the values cannot make a game (a card not held, a trick led by a
    seat that did not win the previous one, a comment containing ``}``)."""
    lines = [_brace(text) for text in intro]
    if auction is not None and (contract is None or declarer is None):
        contract, declarer = _from_auction(auction, dealer, contract, declarer)
    hands = {s: frozenset(c) for s, c in deal.items()}
    play_lines: list[str] = []
    if tricks:
        play_lines, won = _play_lines(tricks, hands, contract, declarer, commentary or {}, before_cards or {})
        total = max((len(h) for h in hands.values()), default=13)
        if len(tricks) < total or len(tricks[-1]) < 4:
            play_lines.append("*")
        elif result is None and declarer is not None and strain_of(contract) is not None:
            result = won
    mandatory = _mandatory_values(dict(tags), dealer, vulnerable, hands, declarer, contract, result)
    lines += [f'[{name} "{escape(value)}"]' for name, value in mandatory.items() if value is not None]
    for name, value in tags:
        if name not in MANDATORY_TAGS and name not in ("Auction", "Play", "Note"):
            lines.append(f'[{name} "{escape(value)}"]')
    if auction is not None:
        lines += _auction_lines(auction, auction_notes or {}, dealer)
    if tricks:
        lines.append(f'[Play "{tricks[0][0][0].name}"]')
        lines += [_brace(text) for text in (commentary or {}).get(0, ())]
        lines += play_lines
    elif commentary:
        lines += [_brace(text) for n in sorted(commentary) for text in commentary[n]]
    return _read_back(lines)


def _from_auction(
    auction: Sequence[str], dealer: Seat, contract: str | None, declarer: Seat | None
) -> tuple[str | None, Seat | None]:
    """The contract and declarer the calls reach, where they are not given."""
    probe = read_pbn(
        f'[Dealer "{dealer.name}"]\n[Auction "{dealer.name}"]\n' + " ".join(auction) + "\n", "<make_game>"
    )[0]
    a = probe[0].auction if probe else None
    if a is not None:
        if contract is None and a.contract is not None:
            contract = a.contract
        if declarer is None and a.declarer is not None:
            declarer = a.declarer
    return contract, declarer


def _play_lines(
    tricks: Sequence[_Trick],
    hands: Mapping[Seat, frozenset[Card]],
    contract: str | None,
    declarer: Seat | None,
    commentary: Mapping[int, Sequence[str]],
    before: Mapping[tuple[int, Seat], Sequence[str]],
) -> tuple[list[str], int]:
    """The play section's lines, a trick per line in the columns of the first trick's leader;
    and the tricks declarer's side wins."""
    strain = strain_of(contract)
    trump = trump_of(strain)
    remaining = {s: set(h) for s, h in hands.items()}
    leader0 = tricks[0][0][0]
    won = 0
    prev_winner: Seat | None = None
    lines: list[str] = []
    for n, trick in enumerate(tricks, 1):
        _check_turns(n, trick, prev_winner)
        said = {s: " ".join(_brace(text) for text in before.get((n, s), ())) for s, _ in trick}
        row = _play_row(trick, _revokes(n, trick, remaining), leader0, said)
        for text in commentary.get(n, ()):
            row += " " + _brace(text)
        lines.append(row)
        if len(trick) == 4:
            if strain is None and n < len(tricks):
                raise ValueError("a play of more than one trick needs a contract naming the trump (or NT)")
            prev_winner = trick_winner(list(trick), trump) if strain is not None else None
            if prev_winner is not None and declarer is not None and prev_winner.side == declarer.side:
                won += 1
        else:
            prev_winner = None
    return lines, won


def _check_turns(n: int, trick: _Trick, prev_winner: Seat | None) -> None:
    """Trick ``n`` is led by the winner of the one before, and played clockwise."""
    if not trick:
        raise ValueError(f"trick {n} is empty")
    lead = trick[0][0]
    if prev_winner is not None and lead != prev_winner:
        raise ValueError(f"trick {n} is led by {lead.word} but {prev_winner.word} won trick {n - 1}")
    for i, (seat, _card) in enumerate(trick):
        if seat != lead.next(i):
            raise ValueError(f"trick {n}: {seat.word} plays out of turn")


def _revokes(n: int, trick: _Trick, remaining: dict[Seat, set[Card]]) -> dict[Seat, str]:
    """The ``^R`` marks of the trick's revokes; each card is taken from its hand (a card the
    hand does not hold is an error)."""
    marks: dict[Seat, str] = {}
    led = trick[0][1].suit
    for i, (seat, card) in enumerate(trick):
        if seat in remaining:
            if card not in remaining[seat]:
                raise ValueError(f"trick {n}: {seat.word} does not hold {card.ascii()}")
            if i and card.suit != led and any(c.suit == led for c in remaining[seat]):
                marks[seat] = "^R "
            remaining[seat].discard(card)
    return marks


def _play_row(
    trick: _Trick, marks: Mapping[Seat, str], leader0: Seat, before: Mapping[Seat, str] | None = None
) -> str:
    """A trick in the columns (``-`` for a seat that has not played, up to the last that has), each
    card after the comments that come just before it."""
    by_seat = dict(trick)
    order = leader0.rotation()
    last = max(order.index(s) for s in by_seat)
    said = before or {}
    return " ".join(
        (said[s] + " " if said.get(s) else "") + marks.get(s, "") + by_seat[s].ascii()
        if s in by_seat
        else "-"
        for s in order[: last + 1]
    )


def _mandatory_values(
    given: Mapping[str, str],
    dealer: Seat,
    vulnerable: str,
    hands: Mapping[Seat, frozenset[Card]],
    declarer: Seat | None,
    contract: str | None,
    result: int | None,
) -> dict[str, str | None]:
    """The mandatory tags' values, in their order (None: the tag is left out)."""
    passed = contract == "Pass"
    values: dict[str, str | None] = {name: given.get(name) for name in MANDATORY_TAGS}
    values["Dealer"] = dealer.name
    values["Vulnerable"] = VULNERABILITY_WORDS.get(vulnerable.strip().lower(), vulnerable)
    values["Deal"] = deal_text(hands, dealer)
    if values["Declarer"] is None:
        values["Declarer"] = declarer.name if declarer is not None else ("" if passed else None)
    if values["Contract"] is None:
        values["Contract"] = contract
    if values["Result"] is None:
        values["Result"] = str(result) if result is not None else ("" if passed else None)
    return values


def _auction_lines(auction: Sequence[str], notes: Mapping[int, str], dealer: Seat) -> list[str]:
    lines = [f'[Auction "{dealer.name}"]']
    lines += [" ".join(auction[i : i + 4]) for i in range(0, len(auction), 4)]
    lines += [f'[Note "{index}:{escape(text)}"]' for index, text in sorted(notes.items())]
    return lines


def _read_back(lines: list[str]) -> PbnGame:
    """The game the lines make, once through the writer: it is then in export form, and
    ``read_pbn(write_pbn([g])) == [g]``.  ValueError if the lines have errors."""
    games, diags = read_pbn("\n".join(lines) + "\n", "<make_game>")
    errors = [d.message for d in diags if d.severity is Severity.ERROR]
    if errors or len(games) != 1:
        raise ValueError("cannot make a PBN game: " + "; ".join(errors or ["no game"]))
    return read_pbn(write_pbn(games), "<make_game>")[0][0]


def _brace(text: str) -> str:
    if "}" in text:
        raise ValueError(f"PBN commentary cannot contain '}}': {text[:40]!r}")
    return "{" + text + "}"
