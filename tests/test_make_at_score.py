"""Elwell's rules for the make at the score (issue 13, item 5): DECL-E in rules-reference §8.3, from
J. B. Elwell, *Bridge: its Principles and Rules of Play* (1902; seeds/005), "Weak no-trump makes to the
score", "Diamonds", "Clubs", "Spades" and the "Synopsis of the makes".

Each rule is tested where it speaks and where it must stay silent: a rule that needs the games won
in the rubber, or the points, says nothing when the hand file does not give them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from replayer.rules.cards import Card, Rank, Strain, Suit
from replayer.teaching.make import PASS, DealerScore, elwell_dealer, make_note
from replayer.validation.files import check_file

ROOT = Path(__file__).resolve().parents[1]
SUITS = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}
RANKS = {"A": 14, "K": 13, "Q": 12, "J": 11}


def hand(text: str) -> frozenset[Card]:
    """``♠K 5 ♥7 4 ♦K 9 8 6 5 3 ♣Q 7 3``: every card written."""
    cards: set[Card] = set()
    suit = None
    for token in text.replace("♠", " ♠ ").replace("♥", " ♥ ").replace("♦", " ♦ ").replace("♣", " ♣ ").split():
        if token in SUITS:
            suit = SUITS[token]
        else:
            assert suit is not None
            cards.add(Card(suit, Rank(RANKS.get(token) or int(token))))
    assert len(cards) == 13, text
    return frozenset(cards)


def score(
    own: int | None, theirs: int | None, own_games: int | None = None, their_games: int | None = None
) -> DealerScore:
    return DealerScore(own, theirs, own_games, their_games)


#: six diamonds with one honour and a guarded king: Elwell's "6 Diamonds, including 1 honour and some
#: protection in other suits" (rules-reference line 1189), and no no-trump or heart make
DIAMONDS = hand("♠K 5 ♥7 4 ♦K 9 8 6 5 3 ♣Q 7 3")
#: four diamond honours: "always ... holding four or five honours in his hand, irrespective of the state
#: of the score" (seeds/005, Diamonds)
FOUR_HONOURS = hand("♠7 5 3 ♥8 6 4 ♦K Q J 10 5 ♣9 7")


def _reasons(at: DealerScore, cards: frozenset[Card] = DIAMONDS) -> str:
    return "; ".join(elwell_dealer(cards, score=at).reasons)


# -- diamonds: rules-reference §8.3 lines 1189-1192; seeds/005 Synopsis "The dealer should NOT declare
# diamonds" (lines 651-658) --


def test_the_diamond_hand_is_a_diamond_make_at_a_neutral_score() -> None:
    advice = elwell_dealer(DIAMONDS, score=score(0, 0, 0, 0))
    assert (advice.call, advice.reasons) == (Strain.DIAMONDS, ("6 diamonds with 1 honour",))


@pytest.mark.parametrize(
    ("at", "fact"),
    [
        # "When 0 on the rubber game." (line 658; "When nothing on the rubber game", line 537)
        (score(0, 0, 1, 1), "at love on the rubber game"),
        (score(0, 12, 1, 1), "at 0 to 12 on the rubber game"),
        # "Having lost the first and 0 on the second game." (line 656)
        (score(0, 6, 0, 1), "having lost the first game and at 0 on the second"),
        # "When 0 to 24 on the first game." (line 654)
        (score(0, 24, 0, 0), "at 0 to 24 on the first game"),
        # "When behind on the score, unless there are 4 honours, or 7 or 8 tricks, in the hand." (651)
        (score(6, 12), "behind at 6 to 12, unless the hand holds seven or eight tricks,"),
        (score(0, 24), "behind at 0 to 24, unless the hand holds seven or eight tricks,"),
    ],
)
def test_elwell_passes_a_diamond_make_at_these_scores(at: DealerScore, fact: str) -> None:
    advice = elwell_dealer(DIAMONDS, score=at)
    assert advice.call == PASS
    assert advice.reasons == (
        "6 diamonds with 1 honour",
        f"but {fact} Elwell would not call diamonds",
        "pass",
    )


@pytest.mark.parametrize(
    "at",
    [
        score(0, 0, None, None),  # love-all, the games not given: the rubber-game rule is silent
        score(None, None, 1, 1),  # the rubber game, the points not given: "at 0" is not known
        score(0, 0, 0, 0),  # love-all on the first game
        score(12, 6, 1, 1),  # ahead on the rubber game
        score(12, 12, 0, 1),  # level on the second game
    ],
)
def test_the_diamond_rules_stay_silent_where_they_do_not_apply_or_are_not_known(at: DealerScore) -> None:
    assert elwell_dealer(DIAMONDS, score=at).call == Strain.DIAMONDS


def test_without_a_score_the_rules_need_more_than_the_dealers_points() -> None:
    """The make examples give the dealer's points alone: nothing is said about being behind."""
    assert elwell_dealer(DIAMONDS, 0).call == Strain.DIAMONDS


def test_four_diamond_honours_are_called_at_any_score() -> None:
    for at in (score(0, 0, 1, 1), score(0, 24, 0, 0), score(0, 6, 0, 1), score(6, 12)):
        assert elwell_dealer(FOUR_HONOURS, score=at).call == Strain.DIAMONDS


# -- clubs and spades: rules-reference lines 1193-1195; seeds/005 "Clubs" (574-578), "Spades" (584) --

CLUBS = hand("♠9 5 3 ♥7 4 2 ♦8 6 ♣K Q J 8 6")
CLUB_HONOURS = hand("♠9 5 3 ♥7 4 2 ♦8 6 ♣A K Q J 3")
SPADES = hand("♠K Q 9 7 5 ♥7 4 2 ♦8 6 ♣9 7 3")


@pytest.mark.parametrize(("own", "call"), [(18, Strain.CLUBS), (24, Strain.CLUBS), (16, PASS), (0, PASS)])
def test_clubs_only_at_eighteen_or_more(own: int, call: Strain) -> None:
    advice = elwell_dealer(CLUBS, score=score(own, 0))
    assert advice.call == call
    if call == Strain.CLUBS:
        assert advice.reasons == (f"clubs at {own}: 18 or more",)


def test_clubs_with_four_honours_having_won_the_first_game_and_eight_on_the_second() -> None:
    advice = elwell_dealer(CLUB_HONOURS, score=score(8, 0, 1, 0))
    assert advice.call == Strain.CLUBS
    assert advice.reasons == ("clubs with four honours: he has won the first game and is 8 on the second",)


@pytest.mark.parametrize("at", [score(8, 0), score(6, 0, 1, 0), score(8, 0, 0, 0), score(8, 0, 1, 1)])
def test_four_club_honours_need_the_first_game_won_and_eight(at: DealerScore) -> None:
    """Games not given, fewer than 8, the first game not won, or the rubber game: no club make."""
    assert elwell_dealer(CLUB_HONOURS, score=at).call == PASS


@pytest.mark.parametrize(("own", "call"), [(24, Strain.SPADES), (26, Strain.SPADES), (22, PASS)])
def test_spades_only_at_twenty_four_or_more(own: int, call: Strain) -> None:
    advice = elwell_dealer(SPADES, score=score(own, 0))
    assert advice.call == call
    if call == Strain.SPADES:
        assert advice.reasons == (f"spades at {own}: 24 or more, six points or less to go",)


# -- the weak no-trump to the score: rules-reference line 1181; seeds/005 "Weak no-trump makes to the
# score" (line 471: "On the rubber game, with the score very much against him, the dealer should
# declare no-trump") --

#: Z's hand in Elwell 1902, Illustrative Hand No. 3 (seeds/005): "The score is 24 to 0 against the
#: dealer on the rubber game. The dealer, Z, makes it no-trump": one ace and two guarded suits
HAND3_Z = hand("♠Q 8 6 3 ♥A K J ♦K ♣K 8 7 5 2")


@pytest.mark.parametrize(
    ("cards", "holding"),
    [
        (HAND3_Z, "one ace and two guarded suits"),
        (hand("♠A 5 3 ♥A 7 4 ♦J 8 6 2 ♣9 7 3"), "two aces and a guarded jack"),
        (hand("♠A K 3 ♥A 7 4 ♦8 6 5 2 ♣9 7 3"), "two aces, one suit A K"),
        (hand("♠A 5 3 ♥K Q 4 ♦Q 8 6 2 ♣9 7 3"), "one ace, a guarded king or queen and a K Q suit"),
        (hand("♠K 5 ♥8 7 4 ♦6 2 ♣A K Q 9 7 3"), "an established black suit and a guarded king"),
    ],
)
def test_a_weak_no_trump_on_the_rubber_game_far_behind(cards: frozenset[Card], holding: str) -> None:
    at = score(0, 24, 1, 1)
    assert elwell_dealer(cards, score=score(0, 0, 0, 0)).call != Strain.NOTRUMP  # not a sound no-trump
    advice = elwell_dealer(cards, score=at)
    assert advice.call == Strain.NOTRUMP
    assert advice.reasons == (f"a weak no-trump to the score: on the rubber game at 0 to 24, {holding}",)


@pytest.mark.parametrize(
    "at",
    [
        score(0, 24, 0, 0),  # far behind, but the first game
        score(0, 24, 0, 1),  # a game behind, not the rubber game
        score(12, 24, 1, 1),  # the rubber game, 12 behind: not "very much against him" ([interp] 18)
        score(0, 24, None, None),  # the games not given
        score(0, 24, 1, None),  # one side's games not given
        score(None, None, 1, 1),  # the points not given
    ],
)
def test_the_weak_no_trump_is_silent_elsewhere(at: DealerScore) -> None:
    assert elwell_dealer(HAND3_Z, score=at).call == PASS


# -- the make note of a hand: the score it used, from the hand file --

HAND3 = ROOT / "hands" / "elwell-1902" / "hand-3.yaml"


def _note_text(tmp_path: Path, text: str) -> str:
    path = tmp_path / "hand.yaml"
    path.write_text(text, encoding="utf-8")
    game = check_file(path).game
    assert game is not None
    note = make_note(game)
    assert note is not None
    return note.text


def test_elwell_1902_hand_3_the_book_s_weak_no_trump_agrees_with_the_rule(tmp_path: Path) -> None:
    text = HAND3.read_text(encoding="utf-8")
    assert "games: {AB: 1, YZ: 1}" in text and "AB: 24" in text
    note = _note_text(tmp_path, text)
    assert (
        "- Elwell's rules for the dealer: **no-trumps** — agrees (a weak no-trump to the score: "
        "on the rubber game at 0 to 24, one ace and two guarded suits)"
    ) in note
    # the same cards with the games left out: the rule is silent, and Elwell's sound rules pass
    silent = _note_text(tmp_path, text.replace("  games: {AB: 1, YZ: 1}\n", ""))
    assert "weak no-trump" not in silent
    assert "- Elwell's rules for the dealer: **pass** — differs" in silent
