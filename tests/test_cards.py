"""Card, suit, rank and seat notation: every form a transcriber types, and round trips."""

import pytest

from replayer.rules.cards import (
    FULL_DECK,
    Card,
    CardSyntaxError,
    Rank,
    Strain,
    Suit,
    format_holding,
    parse_card,
    parse_holding,
    scan_cards,
)
from replayer.rules.seats import Letter, Seat

KING_OF_SPADES = Card(Suit.SPADES, Rank.KING)


@pytest.mark.parametrize(
    "text",
    [
        "♠K",
        "K♠",
        "SK",
        "sk",
        "S K",
        "s k",
        "KS",
        "king of spades",
        "spade K",
        "K spades",
        "♤K",
        "♠\ufe0fK",
        " ♠K ",
    ],
)
def test_king_of_spades_in_every_notation(text: str) -> None:
    assert parse_card(text) == KING_OF_SPADES


@pytest.mark.parametrize("text", ["♥10", "10♥", "HT", "ht", "H 10", "T♥", "ten of hearts", "♡10"])
def test_the_ten(text: str) -> None:
    assert parse_card(text) == Card(Suit.HEARTS, Rank.TEN)


@pytest.mark.parametrize("text", ["♣Kn", "CKn", "Kn♣", "knave of clubs", "jack of clubs", "CJ"])
def test_knave_is_the_jack(text: str) -> None:
    assert parse_card(text) == Card(Suit.CLUBS, Rank.JACK)


@pytest.mark.parametrize(
    "text,hint",
    [
        ("♠1", "ten is written 10"),
        ("♠x", "small card of unknown rank"),
        ("x", "small card of unknown rank"),
        ("♠", "suit with no rank"),
        ("K", "rank with no suit"),
        ("♠11", "ranks"),
        ("", "suit and a rank"),
    ],
)
def test_unreadable_cards_explain_themselves(text: str, hint: str) -> None:
    with pytest.raises(CardSyntaxError) as exc:
        parse_card(text)
    assert hint in (exc.value.hint or "")


@pytest.mark.parametrize("card", FULL_DECK, ids=[c.ascii() for c in FULL_DECK])
def test_every_card_round_trips(card: Card) -> None:
    assert parse_card(str(card)) == card
    assert parse_card(card.ascii()) == card
    assert parse_card(card.format(symbols=False)) == card
    assert eval(repr(card), {"Card": Card}) == card


def test_formats() -> None:
    assert str(Card(Suit.HEARTS, Rank.TEN)) == "♥10"
    assert Card(Suit.HEARTS, Rank.TEN).ascii() == "HT"
    assert str(KING_OF_SPADES) == "♠K" and KING_OF_SPADES.ascii() == "SK"
    assert len(set(FULL_DECK)) == 52 and sorted({c.index for c in FULL_DECK}) == list(range(52))


def test_a_row_of_cards_keeps_offsets_and_marks() -> None:
    row = "♣K* ♣4 S 7, king of clubs ♠1"
    toks = scan_cards(row)
    assert [t.card for t in toks[:4]] == [parse_card(x) for x in ("CK", "C4", "S7", "CK")]
    assert [row[t.start : t.end] for t in toks] == ["♣K*", "♣4", "S 7", "king of clubs", "♠1"]
    assert toks[0].marked and not toks[1].marked
    assert toks[4].card is None and toks[4].error is not None


@pytest.mark.parametrize(
    "text",
    [
        "♠K8743 ♥107 ♦7 ♣AKQJ2",
        "S K8743 H 10 7 D 7 C AKQJ2",
        "K8743.T7.7.AKQJ2",
        "spades: K 8 7 4 3, hearts 10 7, diamonds 7, clubs A K Q J 2",
        "sk8743 ht7 d7 cakqj2",
    ],
)
def test_holdings(text: str) -> None:
    cards = [t.card for t in parse_holding(text)]
    assert None not in cards
    assert format_holding(cards) == "♠K8743 ♥107 ♦7 ♣AKQJ2"
    assert format_holding(cards, pbn=True) == "K8743.T7.7.AKQJ2"
    assert format_holding(cards, symbols=False) == "SK8743 HT7 D7 CAKQJ2"


def test_void_and_bad_holdings() -> None:
    assert format_holding([t.card for t in parse_holding("♠AK ♥— ♦Q ♣-")]) == "♠AK ♥— ♦Q ♣—"
    toks = parse_holding("AKQ.JT")
    assert toks[0].card is None and "four suits" in str(toks[0].error)
    toks = parse_holding("♠AKx")
    assert toks[-1].card is None and toks[-1].start == 3


def test_seat_arithmetic() -> None:
    assert Seat.S.lho == Seat.W and Seat.S.partner == Seat.N and Seat.S.rho == Seat.E
    assert list(Seat.E.rotation()) == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert Seat.N.side == "NS" and Seat.W.side == "EW"


@pytest.mark.parametrize(
    "letter,dealer,seat",
    [
        ("A", Seat.S, Seat.W),
        ("Y", Seat.S, Seat.N),
        ("B", Seat.N, Seat.W),
        ("Z", Seat.E, Seat.E),
        ("A", Seat.N, Seat.E),
        ("Y", Seat.E, Seat.W),
        ("B", Seat.W, Seat.S),
    ],
)
def test_book_letters_to_compass(letter: str, dealer: Seat, seat: Seat) -> None:
    # rules-reference §1.6: Z deals, A on his left, Y opposite, B on his right.
    assert Letter.parse(letter).seat(dealer) == seat
    assert Letter.of(seat, dealer) == Letter.parse(letter)


@pytest.mark.parametrize(
    "text,strain",
    [
        ("hearts", Strain.HEARTS),
        ("H", Strain.HEARTS),
        ("♥", Strain.HEARTS),
        ("NT", Strain.NOTRUMP),
        ("no-trumps", Strain.NOTRUMP),
        ("No Trumps", Strain.NOTRUMP),
        ("royal spades", Strain.ROYAL_SPADES),
        ("R", Strain.ROYAL_SPADES),
        ("spade", Strain.SPADES),
    ],
)
def test_strains(text: str, strain: Strain) -> None:
    assert Strain.parse(text) == strain
    assert Strain.parse(strain.value) == strain
