"""The laws of play (rules-reference §2): follow suit, the trick winner, the next leader,
the revoke, dummy's immunity — and Foster's five hands replayed to the book's totals."""

from itertools import pairwise
from pathlib import Path

import pytest

from replayer.rules.cards import Card, Suit, parse_card
from replayer.rules.play import IllegalPlay, apply, is_revoke, legal_cards, start, trick_winner
from replayer.rules.seats import BookPair, Letter, Seat
from replayer.validation.files import check_file

HANDS = Path(__file__).resolve().parent.parent / "hands" / "foster-1904"


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


@pytest.mark.parametrize(
    "plays,trump,winner",
    [
        # PLAY-5: the highest card of the suit led wins when no trump is played ...
        ("W:♣K N:♣4 E:♣7 S:♣9", Suit.HEARTS, "W"),
        # ... a discard never wins, however high ...
        ("N:♦9 E:♦K S:♦8 W:♠A", Suit.HEARTS, "E"),
        # ... the highest trump wins ...
        ("W:♦8 N:♦4 E:♥2 S:♥3", Suit.HEARTS, "S"),
        # ... and at no-trumps only the suit led can win.
        ("E:♥4 S:♦5 W:♥Q N:♥9", None, "W"),
        ("N:♠2 E:♠A S:♥A W:♣A", None, "E"),
    ],
)
def test_trick_winner(plays: str, trump: Suit | None, winner: str) -> None:
    seq = [(Seat.parse(p.split(":")[0]), parse_card(p.split(":")[1])) for p in plays.split()]
    assert trick_winner(seq, trump) == Seat.parse(winner)


def test_follow_suit() -> None:
    hand = cards("♠A ♠2 ♥K ♦3")
    assert legal_cards(hand, Suit.SPADES) == frozenset(cards("♠A ♠2"))
    assert legal_cards(hand, Suit.CLUBS) == frozenset(hand)  # void: anything
    assert legal_cards(hand, None) == frozenset(hand)  # on lead: anything
    assert is_revoke(hand, Suit.SPADES, parse_card("♥K"))
    assert not is_revoke(hand, Suit.CLUBS, parse_card("♥K"))


def test_apply_enforces_the_laws_and_passes_the_lead_to_the_winner() -> None:
    hands = {Seat.W: cards("♠A ♥2"), Seat.N: cards("♠2 ♥3"), Seat.E: cards("♠K ♦2"), Seat.S: cards("♥A ♦3")}
    s = start(hands, trump=Suit.HEARTS, leader=Seat.W, dummy=Seat.N)
    s = apply(s, parse_card("♠A"))
    s = apply(s, parse_card("♠2"))
    with pytest.raises(IllegalPlay) as exc:
        apply(s, parse_card("♦2"))  # East holds the ♠K: a revoke
    assert exc.value.code == "revoke" and exc.value.seat == Seat.E and exc.value.should == parse_card("♠K")
    with pytest.raises(IllegalPlay) as exc2:
        apply(s, parse_card("♠Q"))
    assert exc2.value.code == "card-not-held"
    s = apply(apply(s, parse_card("♠K")), parse_card("♥A"))  # South is void of spades: ruffs
    assert s.tricks[-1].winner == Seat.S and s.to_play == Seat.S and s.tricks_won() == {"NS": 1, "EW": 0}


def test_dummy_cannot_revoke_but_others_can() -> None:
    hands = {
        Seat.W: cards("♠A"),
        Seat.N: cards("♠2 ♥3")[1:] + cards("♠3"),
        Seat.E: cards("♠K"),
        Seat.S: cards("♥A"),
    }
    s = start(hands, trump=None, leader=Seat.W, dummy=Seat.N)
    s = apply(s, parse_card("♠A"))
    s2 = apply(s, parse_card("♥3"))  # dummy renounces: allowed, the trick stands (REV-2)
    assert s2.to_play == Seat.E
    with pytest.raises(IllegalPlay):
        apply(s, parse_card("♥3"), allow_dummy_renounce=False)


# rules-reference §2.6: winners of tricks 1–13 and the A-B / Y-Z totals for Foster's hands.
GOLDEN = {
    1: ("A A A Y Y Y B Z Z Z Y Y Z", 4, 9),
    2: ("A A B B A B A Y Z Y Y Y Y", 7, 6),
    3: ("A Z Z Z Z Z Z Z B B Z Z Z", 3, 10),
    4: ("Y Z Y Y Y Y Y Y B B B A A", 5, 8),
    5: ("B B A A A Z Z Z Y Y Z Z B", 6, 7),
}


@pytest.mark.parametrize("number", sorted(GOLDEN))
def test_fosters_hands_replay_to_the_books_totals(number: int) -> None:
    winners, ab, yz = GOLDEN[number]
    checked = check_file(HANDS / f"hand-{number}.yaml")
    game = checked.game
    assert game is not None
    assert not [d for d in checked.diagnostics if d.code == "revoke"]
    assert " ".join(game.labels[t.winner].name for t in game.tricks) == winners
    assert game.tricks_of(game.pair(BookPair.AB)) == ab and game.tricks_of(game.pair(BookPair.YZ)) == yz
    # Each trick is led by the winner of the one before; A leads the first (BWSEQ-5).
    assert game.tricks[0].leader == Letter.A.seat(game.dealer)
    for before, after in pairwise(game.tricks):
        assert after.leader == before.winner


def test_auction_opening_lead_is_declarers_left() -> None:
    game = check_file(Path(__file__).parent / "fixtures" / "valid" / "auction.yaml").game
    assert game is not None and game.declaration is not None
    assert game.declaration.declarer == Seat.S and game.opening_leader == Seat.W
