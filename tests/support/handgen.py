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

from replayer.rules.cards import FULL_DECK, Card, Letter, Rank, Seat, Strain, Suit, format_holding
from replayer.rules.play import State, Trick, apply, start

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

_RANK_WORDS = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}
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
    "words": lambda c: f"{_RANK_WORDS[c.rank]} of {c.suit.word}",  # king of clubs
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
    def tricks_won(self) -> dict[str, int]:
        return self.final.tricks_won()

    def tricks_of(self, side: str) -> int:
        """Tricks of ``YZ`` or ``AB`` (the book's sides)."""
        compass = self.dealer.side if side == "YZ" else self.dealer.lho.side
        return self.tricks_won[compass]

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

    # The text's choices.
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
    if notation in ("words", "spaced", "spaced-symbol") and separator == " " and rng.random() < 0.5:
        separator = ", "

    lines: list[str] = []

    def blank() -> None:
        if rng.random() < 0.2:
            lines.append(rng.choice(("", "# ---")))

    lines.append("# A random legal hand, written by tests/support/handgen.py")
    if rng.random() < 0.5:
        lines.append(f'title: "Generated hand {rng.randrange(10_000)}"')
    lines.append("rules: " + rng.choice(("bridge-whist", "bridge-whist", "Bridge Whist", "bw")))
    if dealer == Seat.S:
        dealer_text = rng.choice(("Z", "S", None))
    else:
        dealer_text = rng.choice((dealer.name, dealer.word))
    if dealer_text is not None:
        lines.append(f"dealer: {dealer_text}")
    blank()
    lines.append("declaration:")
    maker_text = maker.name if rng.random() < 0.8 else ("dealer" if maker == Letter.Z else "dummy")
    lines.append(
        f"  maker: {maker_text}"
        + ("   # the dealer passed" if maker == Letter.Y and rng.random() < 0.3 else "")
    )
    lines.append(f"  trump: {rng.choice(_TRUMP_WORDS[strain])}")
    blank()

    deal_format = None
    deal_lines: dict[Seat, int] = {}
    deal_prefixes: dict[Seat, str] = {}
    if deal:
        deal_format = rng.choice(DEAL_FORMATS)
        key_style = rng.choice(("letters", "letters", "compass", "words"))
        order = [Letter.A.seat(dealer), Letter.Y.seat(dealer), Letter.B.seat(dealer), Letter.Z.seat(dealer)]
        if rng.random() < 0.3:
            rng.shuffle(order)
        lines.append("deal:")
        for s in order:
            if key_style == "letters":
                key = Letter.of(s, dealer).name
            elif key_style == "compass":
                key = s.name
            else:
                key = _COMPASS_WORDS[s]
            prefix = f"  {key}: "
            deal_prefixes[s] = prefix
            lines.append(prefix + render_holding(sorted(hands[s]), deal_format))
            deal_lines[s] = len(lines)
        blank()

    lines.append("play:")
    if rng.random() < 0.7:
        lines.append("  columns: " + rng.choice(("[A, Y, B, Z]", "A Y B Z", "[A,Y,B,Z]")))
    lines.append("  tricks:")
    column_seats = [
        Letter.A.seat(dealer),
        Letter.Y.seat(dealer),
        Letter.B.seat(dealer),
        Letter.Z.seat(dealer),
    ]
    positions: list[CardPos] = []
    for t, trick in enumerate(final.tricks, start=1):
        texts: list[str] = []
        notations: list[str] = []
        for s in column_seats:
            card = trick.card_of(s)
            assert card is not None
            nt = rng.choice(MIXABLE) if notation == "mixed" else notation
            notations.append(nt)
            texts.append(render_card(card, nt))
        star = [marks and s == trick.winner for s in column_seats]
        if row_style == "flow":
            head, sep, tail = "    - [", ", ", "]"
        elif row_style == "single":
            head, sep, tail = "    - '", separator, "'"
        elif row_style == "double":
            head, sep, tail = '    - "', separator, '"'
        elif row_style == "mapping":
            head, sep, tail = "    - cards: ", separator, ""
        else:
            head, sep, tail = "    - ", separator, ""
        row = head
        for k, (s, text) in enumerate(zip(column_seats, texts)):
            if k:
                row += sep
            col = len(row) + 1
            row += text
            card = trick.card_of(s)
            assert card is not None
            positions.append(
                CardPos(
                    len(positions),
                    t,
                    k,
                    Letter.of(s, dealer),
                    s,
                    card,
                    len(lines) + 1,
                    col,
                    col + len(text),
                    notations[k],
                )
            )
            if star[k]:
                row += "*"
        row += tail
        if row_style != "flow" and rng.random() < 0.1:
            row += f"   # trick {t}"
        lines.append(row)
        if row_style == "mapping":
            assert trick.winner is not None
            if rng.random() < 0.4:
                lines.append(f"      leader: {Letter.of(trick.leader, dealer).name}")
            if rng.random() < 0.4:
                lines.append(f"      winner: {Letter.of(trick.winner, dealer).name}")
    blank()

    result_text = None
    if result:
        yz = final.tricks_won()[dealer.side]
        result_text = _result_line(rng, yz, strain)
        quote = rng.choice(('"', "'", ""))
        lines.append(f"result: {quote}{result_text}{quote}")

    return GeneratedHand(
        text="\n".join(lines) + "\n",
        dealer=dealer,
        strain=strain,
        maker=maker,
        hands=hands,
        final=final,
        positions=tuple(positions),
        notation=notation,
        row_style=row_style,
        separator=separator,
        marks=marks,
        result=result_text,
        deal_format=deal_format,
        deal_lines=deal_lines,
        deal_prefixes=deal_prefixes,
    )


def _result_line(rng: random.Random, yz_tricks: int, strain: Strain) -> str:
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
