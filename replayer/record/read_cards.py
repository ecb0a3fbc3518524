"""Reading the cards of a hand file: the deal (four hands) and the play (one row per trick).

Every card keeps the span it was written at, so that a later check (a revoke, a card dealt
twice) can point at it.  Seats stay as written; the validator resolves them against the dealer.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, cast

from ..rules.cards import (
    CARD_SPELLINGS,
    Card,
    CardSyntaxError,
    CardToken,
    Strain,
    Suit,
    parse_card,
    parse_holding,
    parse_ranks,
    scan_cards,
    two_word_card,
)
from .diagnostics import Located, Span
from .fields import FieldReader
from .hand import PlayedCard, TrickRecord
from .keys import DEAL_KEYS, PLAY_KEYS, TRICK_KEYS
from .limits import MAX_NOTATION_CHARS
from .located_yaml import NULL_TAG, STR_TAG, MappingNode, Node, ScalarNode, SequenceNode

__all__ = ["Deal", "Play", "read_deal", "read_play", "read_tricks"]

#: the hands by seat as written, and where each seat's hand is written
Deal = tuple[dict[str, tuple[PlayedCard, ...]], dict[str, Span]]

T = TypeVar("T")

_COMPASS_WORDS = {"north": "N", "east": "E", "south": "S", "west": "W"}


def read_deal(r: FieldReader, node: Node) -> Deal:
    """The deal: a PBN line (``N:Q2.AKJ42.A93.654 …``) or a mapping of seat to hand."""
    if isinstance(node, ScalarNode):
        if node.tag == NULL_TAG or not node.value.strip():
            r.error(
                "missing-value",
                "the deal is empty",
                node,
                "give the four hands (see docs/hand-format.md), or delete 'deal:' when the play is complete",
            )
            return {}, {}
        if r.too_long(node, "the deal"):
            return {}, {}
        return _pbn_deal(r, node)
    deal: dict[str, tuple[PlayedCard, ...]] = {}
    spans: dict[str, Span] = {}
    for key, (knode, vnode) in r.mapping(node, DEAL_KEYS, "deal").items():
        seat = _COMPASS_WORDS.get(key.lower(), key.upper())
        if seat in deal:
            r.error("duplicate-key", f"the deal gives seat {seat} twice", knode)
            continue
        spans[seat] = r.span(knode)
        cards = _hand(r, vnode, seat)
        if cards is not None:
            deal[seat] = cards
    return deal, spans


def _pbn_deal(r: FieldReader, node: ScalarNode) -> Deal:
    """PBN form: "N:Q2.AKJ42.A93.654 JT65.Q9.KT642.73 …", hands clockwise from the named seat."""
    deal: dict[str, tuple[PlayedCard, ...]] = {}
    spans: dict[str, Span] = {}
    text = node.value
    mt = re.match(r"^\s*([NESWnesw])\s*:\s*", text)
    if not mt:
        r.error(
            "bad-value",
            "a deal written on one line should be in PBN form, e.g. 'N:Q2.AKJ42.A93.654 …'",
            node,
            "or give a mapping of seat to hand: {A: ♠K8743 ♥107 ♦7 ♣AKQJ2, …}",
        )
        return deal, spans
    first = "NESW".index(mt.group(1).upper())
    pos = mt.end()
    for k, m2 in enumerate(re.finditer(r"\S+", text[pos:])):
        if k >= 4:
            r.error(
                "bad-value",
                "a PBN deal has four hands",
                r.offset_span(node, pos + m2.start(), pos + m2.end()),
            )
            break
        seat = "NESW"[(first + k) % 4]
        hand_text = m2.group()
        if hand_text == "-":
            continue
        base = pos + m2.start()
        deal[seat] = _cards_in(r, node, parse_holding(hand_text), base, f"{seat}'s hand")
        spans[seat] = r.offset_span(node, base, base + len(hand_text))
    return deal, spans


def _hand(r: FieldReader, vnode: Node, seat: str) -> tuple[PlayedCard, ...] | None:
    """One seat's hand: a line of suits, a list of suits, or a mapping of suit to ranks."""
    if r.too_long(vnode, f"{seat}'s hand"):
        return None
    if isinstance(vnode, ScalarNode):
        return _cards_in(r, vnode, parse_holding(vnode.value), 0, f"{seat}'s hand")
    cards: list[PlayedCard] = []
    if isinstance(vnode, SequenceNode):
        for item in vnode.value:
            if r.scalar(item, f"a card of {seat}") is None or not isinstance(item, ScalarNode):
                continue
            cards.extend(_cards_in(r, item, parse_holding(item.value), 0, f"{seat}'s hand"))
        return tuple(cards)
    if isinstance(vnode, MappingNode):
        for sk, sv in vnode.value:
            if r.scalar(sv, f"{seat}'s {getattr(sk, 'value', 'suit')}") is None or not isinstance(
                sv, ScalarNode
            ):
                continue
            suit = _suit_key(str(sk.value))
            if suit is None:
                r.error(
                    "bad-value",
                    f"{seat}'s hand: {sk.value!r} is not a suit",
                    sk,
                    "use spades, hearts, diamonds and clubs (or S H D C, ♠ ♥ ♦ ♣) as keys",
                )
                continue
            cards.extend(_cards_in(r, sv, parse_ranks(sv.value, suit), 0, f"{seat}'s hand"))
        return tuple(cards)
    r.error("wrong-type", f"{seat}'s hand should be written like ♠K8743 ♥107 ♦7 ♣AKQJ2", vnode)
    return None


def _suit_key(text: str) -> Suit | None:
    try:
        strain = Strain.parse(text)
    except CardSyntaxError:
        return None
    return strain.trump if strain is not Strain.ROYAL_SPADES else None


def _cards_in(
    r: FieldReader, node: ScalarNode, tokens: list[CardToken], base: int, what: str
) -> tuple[PlayedCard, ...]:
    """The cards read from a scalar's tokens, placed in the file; unreadable ones reported."""
    out: list[PlayedCard] = []
    mark = node.start_mark
    if node.style in _ONE_LINE_STYLES and mark.line == node.end_mark.line:
        # placed as FieldReader.placer places them, without a call a card
        path, line, col = r.path, mark.line + 1, mark.column + (2 if node.style else 1) + base
        for tok in tokens:
            span = _new(Span, (path, line, col + tok.start, line, col + tok.end))
            if tok.card is None:
                err = tok.error
                r.error("bad-card", f"{what}: {err}", span, err.hint if err else None)
            else:
                out.append(_new(PlayedCard, (tok.card, span, tok.marked)))
        return tuple(out)
    place = r.placer(node)
    for tok in tokens:
        span = place(base + tok.start, base + tok.end)
        if tok.card is None:
            err = tok.error
            r.error("bad-card", f"{what}: {err}", span, err.hint if err else None)
        else:
            out.append(PlayedCard(tok.card, span, tok.marked))
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# The play


@dataclass(frozen=True, slots=True)
class Play:
    """The play section's fields, as the record keeps them."""

    columns: tuple[Located[str], ...] = ()
    first_trick: Located[int] | None = None
    leader: Located[str] | None = None
    tricks: tuple[TrickRecord, ...] = ()
    unread: bool = False  # the play or its tricks are not a mapping or a list (reported)


def read_play(r: FieldReader, node: Node) -> Play:
    """The play: a list of rows alone (columns A, Y, B, Z), or {columns, first_trick, leader, tricks}."""
    if isinstance(node, SequenceNode):  # the tricks alone, in the default columns
        return Play(tricks=read_tricks(r, node, 1) or ())
    if _is_null(node):
        return Play()  # 'play:' with nothing after it: the validator says the hand has no cards
    if not isinstance(node, MappingNode):
        r.mapping(node, PLAY_KEYS, "play")  # reports the wrong type
        return Play(unread=True)
    m = r.mapping(node, PLAY_KEYS, "play")
    columns = _columns(r, m["columns"][1]) if "columns" in m else ()
    first, first_trick = 1, None
    if "first_trick" in m:
        value = r.integer(m["first_trick"][1], "first_trick", 1, 13)
        if value is not None:
            first, first_trick = value, Located(value, r.span(m["first_trick"][1]))
    leader = r.seat(m["leader"][1], "play leader") if "leader" in m else None
    tricks = read_tricks(r, m["tricks"][1], first) if "tricks" in m else ()
    return Play(columns, first_trick, leader, tricks or (), unread=tricks is None)


def _is_null(node: Node) -> bool:
    return isinstance(node, ScalarNode) and node.tag == NULL_TAG and not node.value.strip()


def _columns(r: FieldReader, cnode: Node) -> tuple[Located[str], ...]:
    """The seats of the book's columns, left to right: a list, or a line of four."""
    items: list[Node] = []
    if r.too_long(cnode, "columns"):
        return ()
    if isinstance(cnode, SequenceNode):
        items = list(cnode.value)
    elif isinstance(cnode, ScalarNode):
        items = [
            ScalarNode(cnode.tag, part, cnode.start_mark, cnode.end_mark)
            for part in cnode.value.replace(",", " ").split()
        ]
    cols = [c for c in (r.seat(i, "a column") for i in items) if c is not None]
    if len(items) != 4:
        r.error(
            "bad-columns",
            f"columns should name the four seats, in the book's order; found {len(items)}",
            cnode,
            "e.g. columns: [A, Y, B, Z]",
        )
    return tuple(cols)


def read_tricks(r: FieldReader, rows_node: Node, first: int) -> tuple[TrickRecord, ...] | None:
    """One record per row, numbered from ``first``; rows past trick 13 are reported and dropped.
    None (reported) when the rows are not a list."""
    if _is_null(rows_node):
        return ()  # 'tricks:' with nothing after it, as 'tricks: []'
    if not isinstance(rows_node, SequenceNode):
        r.error(
            "wrong-type",
            "the tricks should be a list, one row per trick",
            rows_node,
            "e.g.\n    tricks:\n      - ♣K ♣4 ♣7 ♣9",
        )
        return None
    rows = rows_node.value
    if first - 1 + len(rows) > 13:
        r.error(
            "too-many-tricks",
            f"the play has {len(rows)} tricks from trick {first}: a deal has 13",
            rows[13 - first + 1] if len(rows) > 13 - first + 1 else rows_node,
        )
    return tuple(_trick(r, row, first + i) for i, row in enumerate(rows[: 14 - first]))


def _trick(r: FieldReader, node: Node, number: int) -> TrickRecord:
    """One trick: a row of cards, a list of four, or {cards, leader, winner}.  A row that cannot be
    read (reported) keeps its place with no cards, so the tricks after it keep their numbers."""
    leader = winner = None
    cards_node: Node | None = node
    if isinstance(node, MappingNode):
        m = r.mapping(node, TRICK_KEYS, f"trick {number}")
        cards_node = m["cards"][1] if "cards" in m else None
        if cards_node is None:
            r.error("missing-key", f"trick {number} has no cards", node, "add 'cards: ♣K ♣4 ♣7 ♣9'")
            return TrickRecord(number, (), r.span(node))
        if "leader" in m:
            leader = r.seat(m["leader"][1], f"trick {number} leader")
        if "winner" in m:
            winner = r.seat(m["winner"][1], f"trick {number} winner")
    if isinstance(cards_node, ScalarNode):
        # too_long passes a short scalar at once: asked (with its message) only of a long one
        if len(cards_node.value) > MAX_NOTATION_CHARS and r.too_long(cards_node, f"trick {number}"):
            return TrickRecord(number, (), r.span(cards_node), leader, winner)
        cards = _row_cards(r, cards_node, number)
    elif isinstance(cards_node, SequenceNode):
        if r.too_long(cards_node, f"trick {number}"):
            return TrickRecord(number, (), r.span(cards_node), leader, winner)
        cards = _listed_cards(r, cards_node, number)
    else:
        assert cards_node is not None
        r.error("wrong-type", f"trick {number} should be a row of four cards", cards_node)
        return TrickRecord(number, (), r.span(cards_node), leader, winner)
    if len(cards) != 4:
        hint = (
            "a card is missing, or two cards are run together (put a space between cards)"
            if len(cards) < 4
            else "one card too many: check for a stray card or a rank split from its suit"
        )
        r.error(
            "trick-size",
            f"trick {number} has {len(cards)} cards; a trick has one card from each of the four players",
            cards_node,
            hint,
        )
    return _trick_record(number, tuple(cards), r.span(cards_node), leader, winner)


def _row_cards(r: FieldReader, node: ScalarNode, number: int) -> list[PlayedCard | None]:
    """The cards of a row written on one line; None where a card cannot be read."""
    mark = node.start_mark
    if node.style in _ONE_LINE_STYLES and mark.line == node.end_mark.line:
        fast = _plain_row(node.value, r.path, mark.line + 1, mark.column + (2 if node.style else 1))
        if fast is not None:
            return fast
    cards: list[PlayedCard | None] = []
    place = r.placer(node)
    for tok in scan_cards(node.value):
        span = place(tok.start, tok.end)
        if tok.card is None:
            err = tok.error
            r.error("bad-card", f"trick {number}: {err}", span, err.hint if err else None)
            cards.append(None)
        else:
            cards.append(PlayedCard(tok.card, span, tok.marked))
    return cards


def _listed_cards(r: FieldReader, node: SequenceNode, number: int) -> list[PlayedCard | None]:
    """The cards of a row written as a list, one card an item; None where a card cannot be read."""
    cards: list[PlayedCard | None] = []
    path = r.path
    for item in node.value:
        if type(item) is ScalarNode and item.tag == STR_TAG:
            card, marked = CARD_SPELLINGS.get(item.value), False  # _spelled, inline for the common card
            if card is None:
                card, marked = _spelled(item.value)
            if card is None and " " in item.value:
                words = item.value.split()
                card = two_word_card(*words) if len(words) == 2 else None
                if card is None and len(words) == 2 and "*" in item.value:  # ``C J*``, as scan_cards joins it
                    card = two_word_card(words[0].replace("*", ""), words[1].replace("*", ""))
                    marked = card is not None
            if card is not None:  # a card in one token: the span is the item's
                s, e = item.start_mark, item.end_mark
                span = _new(Span, (path, s.line + 1, s.column + 1, e.line + 1, e.column + 1))
                cards.append(_new(PlayedCard, (card, span, marked)))
                continue
        text = r.scalar(item, f"a card of trick {number}")
        if text is None:
            cards.append(None)
            continue
        toks = scan_cards(text)
        if len(toks) == 1 and toks[0].card is not None:
            cards.append(PlayedCard(toks[0].card, r.span(item), toks[0].marked))
        else:
            try:
                cards.append(PlayedCard(parse_card(text.replace("*", "")), r.span(item), "*" in text))
            except CardSyntaxError as exc:
                r.error("bad-card", f"trick {number}: {exc}", item, exc.hint)
                cards.append(None)
    return cards


# The common rows read in one pass: a dictionary look-up a card, spans made directly (the same
# cards, places and marks as ``scan_cards`` and ``FieldReader.placer`` give; anything else is read
# by them).  Spans and played cards are made with ``tuple.__new__``: their generated constructors
# cost twice as much, and a hand makes over fifty.

_ONE_LINE_STYLES = (None, "", "'", '"')

# A trick record made by its slots' setters: the frozen dataclass's __init__ sets each field through
# object.__setattr__ and costs twice as much, thirteen times a hand.  The same object as
# TrickRecord(number, cards, span, leader, winner) (tests/test_fast_readers.py compares them).
_SET_NUMBER, _SET_CARDS, _SET_SPAN, _SET_LEADER, _SET_WINNER = (
    getattr(TrickRecord, name).__set__ for name in ("number", "cards", "span", "leader", "winner")
)


def _trick_record(
    number: int,
    cards: tuple[PlayedCard | None, ...],
    span: Span,
    leader: Located[str] | None,
    winner: Located[str] | None,
) -> TrickRecord:
    trick: TrickRecord = object.__new__(TrickRecord)
    _SET_NUMBER(trick, number)
    _SET_CARDS(trick, cards)
    _SET_SPAN(trick, span)
    _SET_LEADER(trick, leader)
    _SET_WINNER(trick, winner)
    return trick


_SEPARATORS = str.maketrans(",;", "  ")
_new = cast("Callable[[type[T], tuple[object, ...]], T]", tuple.__new__)


def _spelled(word: str) -> tuple[Card | None, bool]:
    """The card a single token spells, and whether it carries the winner's ``*``."""
    card = CARD_SPELLINGS.get(word)
    if card is None and "*" in word:
        card = CARD_SPELLINGS.get(word.strip("*"))
        return card, card is not None
    return card, False


@functools.lru_cache(maxsize=1024)  # bounded: the phrases come from the files read
def _phrase_card(phrase: str) -> Card | None:
    """The card a phrase such as ``four of spades`` spells, when ``scan_cards`` reads it as one
    unmarked card over the whole phrase (so a row read by ``_plain_row`` gets the card and the span
    the full reader gives); None otherwise."""
    toks = scan_cards(phrase)
    if len(toks) != 1:
        return None
    tok = toks[0]
    return tok.card if not tok.marked and tok.start == 0 and tok.end == len(phrase) else None


def _plain_row(text: str, path: str, line: int, base: int) -> list[PlayedCard | None] | None:
    """The cards of a one-line row of one-token cards separated by spaces, commas or semicolons,
    placed on ``line`` from column ``base``; None when the row needs the full reader (a card in two
    words, a slip)."""
    cards: list[PlayedCard | None] = []
    pos = 0
    words = text.translate(_SEPARATORS).split()
    i, n = 0, len(words)
    spellings = CARD_SPELLINGS
    while i < n:
        word = words[i]
        start = text.index(word, pos)
        card = spellings.get(word)  # _spelled, inline: this runs once a card
        marked = False
        if card is None:
            card, marked = _spelled(word)
        pos = start + len(word)
        if card is None and i + 2 < n and words[i + 1] == "of":  # ``four of spades``, ``ace of clubs*``
            phrase = f"{word} of {words[i + 2]}"
            card = _phrase_card(phrase.replace("*", ""))
            marked = card is not None and "*" in phrase
            if card is not None:
                pos = text.index(words[i + 2], text.index("of", pos) + 2) + len(words[i + 2])
                i += 2
        if card is None and i + 1 < n:  # a suit and a rank apart: ``♥ 4``
            card = two_word_card(word, words[i + 1])
            if card is None and ("*" in word or "*" in words[i + 1]):
                # ``♥ 4*``: a marked card, as scan_cards joins it
                card = two_word_card(word.replace("*", ""), words[i + 1].replace("*", ""))
                marked = card is not None
            i += 1
            pos = text.index(words[i], pos) + len(words[i])
        if card is None:
            return None
        span = _new(Span, (path, line, base + start, line, base + pos))
        cards.append(_new(PlayedCard, (card, span, marked)))
        i += 1
    return cards
