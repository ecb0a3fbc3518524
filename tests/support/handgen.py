"""Random legal Bridge Whist hands, written out as hand files, for property tests and benchmarks.

A hand is dealt at random, a trump and a maker are picked, and all thirteen tricks are played
out through :func:`replayer.rules.play.apply`, each card chosen at random among ``state.legal()``
(A, on the dealer's left, leads to the first trick).  The hand is then written as the YAML
of ``docs/hand-format.md``, with the notations varied from hand to hand (``♣K``, ``CK``,
``K♣``, ``♣10``/``♣T``/``CT``, ``king of clubs``, …) so that the reader is exercised as well
as the laws.  For every card played the generator records where it stands in the text
(line and column), its trick and its seat, so a test can change one card and know which
line it changed.

The generator draws everything from a ``random.Random``: pass ``random.Random(seed)`` for a
reproducible stream (benchmarks), or use :func:`hands` to let hypothesis supply (and shrink)
the random choices.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from replayer.rules.cards import FULL_DECK, Card, Rank, Strain, Suit, format_holding
from replayer.rules.play import State, Trick, apply, start
from replayer.rules.seats import BookPair, Letter, Pair, Seat

__all__ = [
    "NOTATIONS",
    "MIXABLE",
    "ROW_STYLES",
    "DEAL_FORMATS",
    "CardPos",
    "GeneratedHand",
    "generate_hand",
    "random_hands",
    "hands",
    "render_card",
    "render_holding",
]

# ---------------------------------------------------------------------------------------------
# Card notations

_OUTLINE = {Suit.CLUBS: "♧", Suit.DIAMONDS: "♢", Suit.HEARTS: "♡", Suit.SPADES: "♤"}

NOTATIONS: dict[str, Callable[[Card], str]] = {
    "symbol": lambda c: c.suit.symbol + c.rank.display,  # ♣K ♣10
    "symbol-T": lambda c: c.suit.symbol + c.rank.letter,  # ♣T
    "ascii": lambda c: c.ascii(),  # CK CT
    "ascii-10": lambda c: c.suit.letter + c.rank.display,  # C10
    "lower": lambda c: c.ascii().lower(),  # ck ct
    "rank-first": lambda c: c.rank.display + c.suit.symbol,  # K♣ 10♣
    "rank-first-ascii": lambda c: c.rank.letter + c.suit.letter,  # KC TC
    "outline": lambda c: _OUTLINE[c.suit] + c.rank.display,  # ♧K
    "emoji": lambda c: c.suit.symbol + "\ufe0f" + c.rank.display,  # ♣️K (variation selector)
    "knave": lambda c: c.suit.symbol + ("Kn" if c.rank == Rank.JACK else c.rank.display),  # ♣Kn
    "spaced": lambda c: c.suit.letter + " " + c.rank.display,  # C K, C 10
    "spaced-symbol": lambda c: c.suit.symbol + " " + c.rank.display,  # ♣ K
    "words": lambda c: f"{c.rank.word} of {c.suit.word}",  # king of clubs
}
#: Notations that may be mixed card by card within one row (each card is one token).
MIXABLE = (
    "symbol",
    "symbol-T",
    "ascii",
    "ascii-10",
    "lower",
    "rank-first",
    "rank-first-ascii",
    "outline",
    "knave",
)

#: How a trick row is written: a plain scalar, quoted, a flow list, or a mapping with ``cards:``.
ROW_STYLES = ("plain", "single", "double", "flow", "mapping")
#: How a holding in the deal is written: ``format_holding`` with symbols, in ASCII, or PBN's dotted form.
DEAL_FORMATS = ("symbols", "ascii", "pbn")
_SEPARATORS = (" ", " ", "  ", ", ", "; ")


def render_card(card: Card, notation: str) -> str:
    return NOTATIONS[notation](card)


def render_holding(cards: list[Card], fmt: str) -> str:
    if fmt == "symbols":
        return format_holding(cards)
    if fmt == "ascii":
        return format_holding(cards, symbols=False)
    if fmt == "pbn":
        return format_holding(cards, pbn=True)
    raise ValueError(fmt)


# ---------------------------------------------------------------------------------------------
# The generated hand


@dataclass(frozen=True, slots=True)
class CardPos:
    """Where one played card stands in the generated text."""

    index: int  # 0…51, in the order of the text (trick by trick, column by column)
    trick: int  # 1…13
    column: int  # 0…3, in the columns A Y B Z
    letter: Letter
    seat: Seat
    card: Card
    line: int  # 1-based line of the text
    col: int  # 1-based column (in characters) of the card's first character
    end_col: int  # 1-based column just after the card (a winner's ``*`` mark is not included)
    notation: str  # the notation the card is written in (the key of NOTATIONS)

    @property
    def text(self) -> str:
        return render_card(self.card, self.notation)


@dataclass(frozen=True, slots=True)
class Mutation:
    """A generated text with one card changed, and the 1-based line that changed."""

    text: str
    line: int
    old: Card
    new: Card


@dataclass(frozen=True)
class GeneratedHand:
    text: str
    dealer: Seat
    strain: Strain
    maker: Letter
    hands: Mapping[Seat, frozenset[Card]]  # the deal, by compass seat
    final: State  # the state after the thirteenth trick, from replayer.rules.play.apply
    positions: tuple[CardPos, ...]  # every played card, in text order
    notation: str  # a key of NOTATIONS, or "mixed"
    row_style: str
    separator: str
    marks: bool  # the trick winners are marked with '*'
    result: str | None  # the result line as written (None: no result line)
    deal_format: str | None  # None: no deal in the file
    deal_lines: Mapping[Seat, int] = field(default_factory=dict)  # 1-based line of each seat's holding
    deal_prefixes: Mapping[Seat, str] = field(default_factory=dict)  # the text before each holding

    # -- what the laws made of it

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return self.final.tricks

    @property
    def winners(self) -> tuple[Seat, ...]:
        return tuple(t.winner for t in self.final.tricks)  # type: ignore[misc]

    @property
    def tricks_won(self) -> dict[Pair, int]:
        return self.final.tricks_won()

    def tricks_of(self, side: BookPair) -> int:
        """Tricks of one of the book's sides, Y–Z or A–B."""
        return self.tricks_won[side.pair(self.dealer)]

    @property
    def has_deal(self) -> bool:
        return self.deal_format is not None

    @property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    # -- mutations

    def replace_played(self, index: int, new: Card) -> Mutation:
        """The text with the ``index``-th played card (see :attr:`positions`) replaced by ``new``,
        written in the same notation."""
        pos = self.positions[index]
        lines = self.lines
        row = lines[pos.line - 1]
        lines[pos.line - 1] = row[: pos.col - 1] + render_card(new, pos.notation) + row[pos.end_col - 1 :]
        return Mutation("\n".join(lines), pos.line, pos.card, new)

    def replace_dealt(self, seat: Seat, old: Card, new: Card) -> Mutation:
        """The text with ``old`` in ``seat``'s holding (in the deal) replaced by ``new``."""
        if self.deal_format is None:
            raise ValueError("this hand has no deal")
        cards = [new if c == old else c for c in self.hands[seat]]
        if old not in self.hands[seat]:
            raise ValueError(f"{seat} does not hold {old}")
        lines = self.lines
        line = self.deal_lines[seat]
        lines[line - 1] = self.deal_prefixes[seat] + render_holding(cards, self.deal_format)
        return Mutation("\n".join(lines), line, old, new)


# ---------------------------------------------------------------------------------------------
# Generation


_STRAINS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
_TRUMP_WORDS = {
    Strain.CLUBS: ("clubs", "C", "♣", "Clubs"),
    Strain.DIAMONDS: ("diamonds", "D", "♦", "Diamonds"),
    Strain.HEARTS: ("hearts", "H", "♥", "Hearts"),
    Strain.SPADES: ("spades", "S", "♠", "Spades"),
    Strain.NOTRUMP: ("NT", "no-trumps", "no trumps", "notrumps"),
}
_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}
_COMPASS_WORDS = {Seat.N: "north", Seat.E: "east", Seat.S: "south", Seat.W: "west"}
#: Notations with a space inside a card (``C K``, ``king of clubs``).
_SPACED_NOTATIONS = ("words", "spaced", "spaced-symbol")


def play_out(
    rng: random.Random, hands: Mapping[Seat, frozenset[Card]], strain: Strain, dealer: Seat
) -> State:
    """Play all thirteen tricks, each card chosen at random among the legal ones."""
    state = start(hands, strain.trump, leader=dealer.lho, dummy=dealer.partner)
    while not state.is_over:
        state = apply(state, rng.choice(sorted(state.legal())))
    return state


def generate_hand(
    rng: random.Random,
    *,
    deal: bool | None = None,
    notation: str | None = None,
    row_style: str | None = None,
    marks: bool | None = None,
    result: bool | None = None,
) -> GeneratedHand:
    """A random legal hand and its text.  Options left as None are chosen at random."""
    # The laws: deal, declaration, play.
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    dealer = rng.choice(list(Seat)) if rng.random() < 0.5 else Seat.S
    hands = {dealer.next(k): frozenset(deck[13 * k : 13 * k + 13]) for k in range(4)}
    strain = rng.choice(_STRAINS)
    maker = rng.choice((Letter.Z, Letter.Y))
    final = play_out(rng, hands, strain, dealer)

    # The text, section by section, each drawing from rng in the order it is written.
    style = _choose_style(rng, deal=deal, notation=notation, row_style=row_style, marks=marks, result=result)
    lines = _header_lines(rng, dealer, strain, maker)
    deal_text = _deal_text(rng, hands, dealer, first_line=len(lines) + 1) if style.deal else None
    if deal_text is not None:
        lines += deal_text.lines
    play = _play_text(rng, final, dealer, style, first_line=len(lines) + 1)
    lines += play.lines
    phrase = None
    if style.result:
        phrase, line = _result_line(rng, final.tricks_won()[dealer.side], strain)
        lines.append(line)

    return GeneratedHand(
        text="\n".join(lines) + "\n",
        dealer=dealer,
        strain=strain,
        maker=maker,
        hands=hands,
        final=final,
        positions=play.positions,
        notation=style.notation,
        row_style=style.row_style,
        separator=style.separator,
        marks=style.marks,
        result=phrase,
        deal_format=deal_text.format if deal_text is not None else None,
        deal_lines=deal_text.line_of if deal_text is not None else {},
        deal_prefixes=deal_text.prefix_of if deal_text is not None else {},
    )


@dataclass(frozen=True, slots=True)
class _Style:
    """How one hand is written: the text's choices, given by the caller or drawn at random."""

    deal: bool  # the file has a deal
    notation: str  # a key of NOTATIONS, or "mixed" (a notation drawn card by card from MIXABLE)
    row_style: str  # one of ROW_STYLES
    marks: bool  # the trick winners are marked with '*'
    result: bool  # the file has a result line
    separator: str  # what stands between the cards of a row


def _choose_style(
    rng: random.Random,
    *,
    deal: bool | None,
    notation: str | None,
    row_style: str | None,
    marks: bool | None,
    result: bool | None,
) -> _Style:
    """The text's choices: those given, the others drawn from ``rng``."""
    if deal is None:
        deal = rng.random() < 0.5
    if notation is None:
        notation = rng.choice(tuple(NOTATIONS) + ("mixed", "mixed"))
    if row_style is None:
        row_style = rng.choice(ROW_STYLES)
    if marks is None:
        marks = rng.random() < 0.25
    if result is None:
        result = rng.random() < 0.9
    separator = rng.choice(_SEPARATORS) if row_style != "flow" else ", "
    if notation in _SPACED_NOTATIONS and separator == " " and rng.random() < 0.5:
        separator = ", "  # half the time, commas between cards that have a space inside
    return _Style(deal, notation, row_style, marks, result, separator)


def _blank(rng: random.Random) -> list[str]:
    """Now and then, a blank line or a comment line between two sections."""
    return [rng.choice(("", "# ---"))] if rng.random() < 0.2 else []


def _header_lines(rng: random.Random, dealer: Seat, strain: Strain, maker: Letter) -> list[str]:
    """The lines before the deal: a comment, the title, the rules, the dealer and the declaration."""
    lines = ["# A random legal hand, written by tests/support/handgen.py"]
    if rng.random() < 0.5:
        lines.append(f'title: "Generated hand {rng.randrange(10_000)}"')
    lines.append("rules: " + rng.choice(("bridge-whist", "bridge-whist", "Bridge Whist", "bw")))
    dealer_text = rng.choice(("Z", "S", None)) if dealer == Seat.S else rng.choice((dealer.name, dealer.word))
    if dealer_text is not None:  # None: the dealer is left to its default, South
        lines.append(f"dealer: {dealer_text}")
    lines += _blank(rng)
    lines.append("declaration:")
    maker_text = maker.name if rng.random() < 0.8 else ("dealer" if maker == Letter.Z else "dummy")
    lines.append(
        f"  maker: {maker_text}"
        + ("   # the dealer passed" if maker == Letter.Y and rng.random() < 0.3 else "")
    )
    lines.append(f"  trump: {rng.choice(_TRUMP_WORDS[strain])}")
    return lines + _blank(rng)


def _column_seats(dealer: Seat) -> list[Seat]:
    """The seats of A, Y, B and Z when ``dealer`` deals: the columns of a trick row."""
    return [Letter.A.seat(dealer), Letter.Y.seat(dealer), Letter.B.seat(dealer), Letter.Z.seat(dealer)]


@dataclass(frozen=True, slots=True)
class _DealText:
    """The ``deal:`` section as written, and where each seat's holding stands in the text."""

    format: str  # one of DEAL_FORMATS
    lines: tuple[str, ...]
    line_of: Mapping[Seat, int]  # the 1-based line of each seat's holding
    prefix_of: Mapping[Seat, str]  # the text before each holding, e.g. "  A: "


def _deal_text(
    rng: random.Random, hands: Mapping[Seat, frozenset[Card]], dealer: Seat, *, first_line: int
) -> _DealText:
    """The deal, its first line (``deal:``) being line ``first_line`` of the text."""
    fmt = rng.choice(DEAL_FORMATS)
    key_style = rng.choice(("letters", "letters", "compass", "words"))
    order = _column_seats(dealer)
    if rng.random() < 0.3:
        rng.shuffle(order)
    lines = ["deal:"]
    line_of: dict[Seat, int] = {}
    prefix_of: dict[Seat, str] = {}
    for seat in order:
        prefix_of[seat] = f"  {_deal_key(seat, dealer, key_style)}: "
        lines.append(prefix_of[seat] + render_holding(sorted(hands[seat]), fmt))
        line_of[seat] = first_line + len(lines) - 1
    return _DealText(fmt, tuple(lines + _blank(rng)), line_of, prefix_of)


def _deal_key(seat: Seat, dealer: Seat, key_style: str) -> str:
    """The key of ``seat``'s holding in the deal: its letter (``A``), compass letter (``W``) or word (``west``)."""
    if key_style == "letters":
        return Letter.of(seat, dealer).name
    if key_style == "compass":
        return seat.name
    return _COMPASS_WORDS[seat]


@dataclass(frozen=True, slots=True)
class _Written:
    """Some lines of the text, and where the played cards among them stand."""

    lines: tuple[str, ...]
    positions: tuple[CardPos, ...]


#: How a trick's row opens and closes, by row style (the cards stand between).
_ROW_ENDS = {
    "plain": ("    - ", ""),
    "single": ("    - '", "'"),
    "double": ('    - "', '"'),
    "flow": ("    - [", "]"),
    "mapping": ("    - cards: ", ""),
}


def _play_text(rng: random.Random, final: State, dealer: Seat, style: _Style, *, first_line: int) -> _Written:
    """The ``play:`` section, one row per trick, its first line being line ``first_line`` of the text."""
    lines = ["play:"]
    if rng.random() < 0.7:
        lines.append("  columns: " + rng.choice(("[A, Y, B, Z]", "A Y B Z", "[A,Y,B,Z]")))
    lines.append("  tricks:")
    positions: list[CardPos] = []
    for trick in final.tricks:
        row = _trick_row(rng, trick, dealer, style, line=first_line + len(lines), first_index=len(positions))
        lines += row.lines
        positions += row.positions
    return _Written(tuple(lines + _blank(rng)), tuple(positions))


def _trick_row(
    rng: random.Random, trick: Trick, dealer: Seat, style: _Style, *, line: int, first_index: int
) -> _Written:
    """One trick, its cards in the columns A Y B Z, on line ``line`` of the text; in the mapping style,
    maybe followed by its leader and its winner.  ``first_index`` is the index of its first card."""
    seats = _column_seats(dealer)
    cards = [_card_of(trick, seat) for seat in seats]
    notations = [rng.choice(MIXABLE) if style.notation == "mixed" else style.notation for _ in seats]
    head, tail = _ROW_ENDS[style.row_style]
    row = head
    positions: list[CardPos] = []
    for column, (seat, card, notation) in enumerate(zip(seats, cards, notations, strict=True)):
        if column:
            row += style.separator
        text = render_card(card, notation)
        col = len(row) + 1
        row += text
        positions.append(
            CardPos(
                index=first_index + column,
                trick=trick.number,
                column=column,
                letter=Letter.of(seat, dealer),
                seat=seat,
                card=card,
                line=line,
                col=col,
                end_col=col + len(text),
                notation=notation,
            )
        )
        if style.marks and seat == trick.winner:
            row += "*"
    row += tail
    if style.row_style != "flow" and rng.random() < 0.1:
        row += f"   # trick {trick.number}"
    lines = [row]
    if style.row_style == "mapping":
        lines += _leader_and_winner(rng, trick, dealer)
    return _Written(tuple(lines), tuple(positions))


def _card_of(trick: Trick, seat: Seat) -> Card:
    """The card ``seat`` played to a finished trick."""
    card = trick.card_of(seat)
    assert card is not None
    return card


def _leader_and_winner(rng: random.Random, trick: Trick, dealer: Seat) -> list[str]:
    """Under a trick written as a mapping: now and then its ``leader:``, now and then its ``winner:``."""
    assert trick.winner is not None
    lines = []
    if rng.random() < 0.4:
        lines.append(f"      leader: {Letter.of(trick.leader, dealer).name}")
    if rng.random() < 0.4:
        lines.append(f"      winner: {Letter.of(trick.winner, dealer).name}")
    return lines


def _result_line(rng: random.Random, yz_tricks: int, strain: Strain) -> tuple[str, str]:
    """A correct result for the tricks, and the ``result:`` line that writes it (quoted or not)."""
    phrase = _result_phrase(rng, yz_tricks, strain)
    quote = rng.choice(('"', "'", ""))
    return phrase, f"result: {quote}{phrase}{quote}"


def _result_phrase(rng: random.Random, yz_tricks: int, strain: Strain) -> str:
    """A correct result line for the tricks: "Y and Z win 3 by cards", "A and B make the odd trick"…"""
    if yz_tricks >= 7:
        side, n = rng.choice(("Y and Z", "Z and Y", "Y-Z", "Y–Z")), yz_tricks - 6
    else:
        side, n = rng.choice(("A and B", "B and A", "A-B", "A–B")), 13 - yz_tricks - 6
    verb = rng.choice(("win", "make", "won", "made", "score"))
    if n == 1:
        award = rng.choice(("the odd trick", "the odd trick", "1 by cards", "one by cards"))
    elif n == 6 and rng.random() < 0.4:
        award = rng.choice(("a little slam", "a small slam"))
    elif n == 7 and rng.random() < 0.4:
        award = "a grand slam"
    else:
        award = f"{n} by cards" if rng.random() < 0.6 else f"{_NUMBER_WORDS[n]} by cards"
    where = ""
    if rng.random() < 0.3:
        if strain is Strain.NOTRUMP:
            where = rng.choice((" at no-trumps", " in no-trumps", " at notrumps"))
        else:
            where = f" in {strain.word}"
    return f"{side} {verb} {award}{where}" + rng.choice(("", ".", ""))


def random_hands(seed: int, n: int, **options: object) -> Iterator[GeneratedHand]:
    """``n`` hands from ``random.Random(seed)``: the same hands every time."""
    rng = random.Random(seed)
    for _ in range(n):
        yield generate_hand(rng, **options)  # type: ignore[arg-type]


def hands(**options: object):  # type: ignore[no-untyped-def]
    """A hypothesis strategy of :class:`GeneratedHand`; hypothesis draws (and shrinks) every choice.

    ``options`` are passed to :func:`generate_hand` (e.g. ``deal=True``).
    """
    from hypothesis import strategies as st

    return st.randoms(use_true_random=False).map(lambda rng: generate_hand(rng, **options))  # type: ignore[arg-type]
