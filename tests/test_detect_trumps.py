"""Trumps as the declarer plays them: the cross-ruff, and a master trump left out then given up
(the ``draw-trumps`` detector, which finds the technique ``ruff`` too).  Elwell's hands are
hands/elwell-1904/hand-N.yaml; Foster's hands/foster-1904/hand-N.yaml."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from replayer.teaching.annotate import DETECTORS
from replayer.teaching.context import Author, Context
from replayer.teaching.findings import Finding
from replayer.teaching.techniques import VOCABULARY
from tests.support.games import context, game_from_yaml

HANDS = Path(__file__).resolve().parent.parent / "hands"


@cache
def elwell_1904(n: int) -> Context:
    return Context(game_from_yaml((HANDS / "elwell-1904" / f"hand-{n}.yaml").read_text(encoding="utf-8")))


def labelled(ctx: Context, label: str) -> list[Finding]:
    return [f for f in DETECTORS["draw-trumps"](ctx) if f.label == label]


def test_the_ruff_is_looked_for_by_the_trumps_detector() -> None:
    assert VOCABULARY["ruff"].detector == "draw-trumps"


def test_dealer_and_dummy_ruffing_in_turn_is_a_cross_ruff() -> None:
    # Elwell 1904 Hand 2: dummy leads its only club at trick 2; from trick 5 to 8 the dealer and dummy
    # lead clubs and diamonds for each other to ruff.
    [f] = labelled(elwell_1904(2), "CROSS_RUFF")
    assert f.trick == 5 and f.all_tricks == (2, 5, 6, 7, 8)
    assert f.facts["ruffs"] == {"Y": ["♣4", "♣9"], "Z": ["♦3", "♦5"]}
    assert f.facts["voided_at"] == [2]
    assert "dummy ruffs the ♣4 and ♣9 (tricks 5 and 7)" in f.text
    assert "the dealer ruffs the ♦3 and ♦5 (tricks 6 and 8)" in f.text
    assert "leading its last club, the ♣7" in f.text


def test_ruffs_in_one_hand_only_are_no_cross_ruff() -> None:
    # Elwell 1904 Hand 39: dummy alone ruffs the dealer's diamonds (tricks 3 and 5); Foster's Hand 2:
    # the dealer ruffs at trick 9 and dummy at trick 10, two ruffs in turn and no more.
    assert labelled(elwell_1904(39), "CROSS_RUFF") == []
    assert labelled(context(2), "CROSS_RUFF") == []


def test_a_master_trump_left_out_then_led_to_is_not_said_to_be_kept_out() -> None:
    # Elwell 1904 Hand 1: B keeps the ♥J after tricks 2-4; the dealer leads a trump to it at trick 8.
    f = next(f for f in labelled(elwell_1904(1), "DRAW_TRUMPS") if f.trick == 2)
    assert "rather than give up the lead" not in f.text
    assert "leaves it out for now, and gives up the lead to it only at trick 8, leading a trump" in f.text


def test_a_master_trump_never_led_to_is_left_out_rather_than_give_up_the_lead() -> None:
    # Foster's Hand 3: B keeps the ♥J to the end of the trump leads; nobody leads a trump to it.
    f = next(f for f in labelled(context(3), "DRAW_TRUMPS") if f.trick == 3)
    assert "leaves it out rather than give up the lead to it" in f.text


# ---------------------------------------------------------------------------------------------
# The declarer's false card (detectors/declarer_choices.py)


def elwell(book: str, n: int) -> Context:
    game = game_from_yaml((HANDS / book / f"hand-{n}.yaml").read_text(encoding="utf-8"))
    return Context(game, Author.ELWELL)


def false_cards(ctx: Context) -> list[Finding]:
    return DETECTORS["false-card"](ctx)


def test_winning_with_the_king_holding_the_queen_is_a_false_card() -> None:
    # Elwell 1902 Hand 6 trick 2: dummy leads the ♦4, B plays the ♦8, the dealer wins with the ♦K
    # holding the ♦Q ("a false card, so that A and B do not learn where the ♦Q is").
    [f] = [f for f in false_cards(elwell("elwell-1902", 6)) if f.trick == 2]
    assert f.facts == {"won_with": "♦K", "hidden": "♦Q", "hidden_from": ["A", "B"]}
    assert "wins the trick with the ♦K, though he holds the ♦Q" in f.text
    assert 'Elwell calls a false card "playing the ace, holding the king' in f.text


def test_winning_with_the_ace_holding_the_king_is_a_false_card() -> None:
    # Elwell 1904 Hand 28 trick 1: the dealer wins B's ♥J with the ♥A, keeping the ♥K 10.
    [f] = [f for f in false_cards(elwell("elwell-1904", 28)) if f.trick == 1]
    assert (f.facts["won_with"], f.facts["hidden"]) == ("♥A", "♥K")


def test_cashing_the_ace_then_the_king_at_once_hides_nothing() -> None:
    # Elwell 1904 Hand 12 tricks 2-3: the dealer wins with the ♦A and leads the ♦K next.
    # Hand 7 trick 8: the ♠A wins, and the ♠K is led at trick 9 for A to trump.
    assert [f for f in false_cards(elwell("elwell-1904", 12)) if f.trick == 2] == []
    assert [f for f in false_cards(elwell("elwell-1904", 7)) if f.trick == 8] == []


def test_trumps_and_cards_not_next_in_rank_are_no_false_card() -> None:
    # Elwell 1904 Hand 39 trick 6: the ♥K from the trumps ♥K Q J 10; Elwell 1902 Hand 11 trick 5:
    # the ♠Q with the ♠10 (the ♠J played earlier), not the card next below.
    assert [f for f in false_cards(elwell("elwell-1904", 39)) if f.trick == 6] == []
    assert false_cards(elwell("elwell-1902", 11)) == []


def test_only_an_elwell_lesson_quotes_elwell_s_definition() -> None:
    game = game_from_yaml((HANDS / "elwell-1902" / "hand-6.yaml").read_text(encoding="utf-8"))
    [f] = [f for f in false_cards(Context(game)) if f.trick == 2]
    assert "Elwell" not in f.text and f.text.endswith("the ♦Q stays unseen in his hand.")


# ---------------------------------------------------------------------------------------------
# Refusing a finesse (detectors/declarer_choices.py)


def refused(ctx: Context) -> list[Finding]:
    return DETECTORS["refuse-finesse"](ctx)


def test_the_ace_put_up_from_ace_queen_third_hand_refuses_the_finesse() -> None:
    # Elwell 1902 Hand 10 trick 4: dummy leads the ♣2 and the dealer wins with the ♣A, not the ♣Q.
    [f] = [f for f in refused(elwell("elwell-1902", 10)) if f.trick == 4]
    assert f.facts == {"played": "♣A", "queen_with": "Z", "king_with": "A"}
    assert "puts up the ♣A third hand and takes no finesse" in f.text


def test_the_ace_put_up_second_hand_over_partner_s_queen_refuses_the_finesse() -> None:
    # Foster's Hand 1 trick 4: A leads the ♦7 and dummy's ♦A goes up, the dealer holding the ♦Q.
    [f] = [f for f in refused(context(1)) if f.trick == 4]
    assert f.facts["queen_with"] == "Z" and f.facts["king_with"] == "B"
    assert "it would have left the trick to the dealer's ♦Q, last to play, had A held the ♦K" in f.text


def test_an_ace_led_with_no_way_into_the_other_hand_is_no_refused_finesse() -> None:
    # Elwell 1904 Hand 20 trick 2: the dealer leads the ♦A from ♦A Q 2, and dummy holds no winner to
    # put the lead in it (an ace led with a way in is tests/test_detect_declarer2.py's).
    assert [f for f in refused(elwell("elwell-1904", 20)) if f.trick == 2] == []


# ---------------------------------------------------------------------------------------------
# Forcing (the ``force`` detector in detectors/trumps.py)


def forces(ctx: Context, label: str) -> list[Finding]:
    return [f for f in DETECTORS["force"](ctx) if f.label == label]


def test_the_force_is_looked_for_by_the_force_detector() -> None:
    assert VOCABULARY["force"].detector == "force"


def test_throwing_a_card_when_a_ruff_would_leave_fewer_trumps_than_a_defender_refuses_the_force() -> None:
    # Elwell 1904 Hand 7 tricks 1-2: A leads the ♦K and ♦Q; the dealer, void, holds four trumps to A's
    # four and throws the ♣2 and ♣3; dummy is then out of diamonds and holds two trumps.
    [f] = forces(elwell("elwell-1904", 7), "FORCE_REFUSED")
    assert f.all_tricks == (1, 2)
    assert f.facts["thrown"] == ["♣2", "♣3"] and f.facts["trumps"] == 4 and f.facts["level_with"] == "A"
    assert "he refuses the force, throwing the ♣2 and ♣3 (tricks 1 and 2)" in f.text
    assert "Dummy now has no diamond left" in f.text


def test_a_ruff_taken_with_trumps_to_spare_is_no_refused_force() -> None:
    # Elwell 1904 Hand 27 trick 1: the dealer, with six trumps, ruffs A's ♦K.
    assert forces(elwell("elwell-1904", 27), "FORCE_REFUSED") == []


def test_leading_plain_cards_until_the_best_trump_ruffs_forces_the_master_trump() -> None:
    # Elwell 1904 Hand 7: after three rounds A keeps the ♥J; spades from trick 7, A ruffs the ♠K at
    # trick 9 and the dealer keeps the ♥6, the last trump.
    [f] = forces(elwell("elwell-1904", 7), "MASTER_TRUMP_FORCED")
    assert f.all_tricks == (7, 8, 9)
    assert f.facts == {"master": "♥J", "ruffed": "♠K", "kept": ["♥6"]}
    assert "from trick 7 he and dummy lead spades" in f.text
    assert "Elwell's rule" in f.text


def test_only_an_elwell_lesson_quotes_elwell_on_forcing_the_high_trump() -> None:
    # Foster's Hand 3: B keeps the ♥J; clubs and diamonds from trick 6, B ruffs the ♣3 at trick 9.
    [f] = forces(context(3), "MASTER_TRUMP_FORCED")
    assert f.all_tricks == (6, 7, 8, 9) and f.facts["kept"] == ["♥6", "♥3"]
    assert "Elwell" not in f.text


def test_switching_from_a_suit_the_weak_trump_hand_can_ruff_spares_the_weak_hand() -> None:
    # Elwell 1904 Hand 39: A wins trick 1 with the ♦K and leads the ♣9, dummy (♥A 8 6, the dealer
    # ♥K Q J 10) having played its only diamond.
    [f] = labelled(elwell("elwell-1904", 39), "WEAK_HAND_NOT_FORCED")
    assert f.all_tricks == (1, 2) and f.facts == {"suit": "diamonds", "won_with": "♦K", "led": "♣9"}
    assert "dummy, the hand shorter in trumps, has none left and holds the ♥A 8 6" in f.text
    assert "Do not continue a suit when it is shown that the weak hand can" in f.text


def test_going_on_with_the_suit_the_long_trump_hand_cannot_follow_spares_nothing() -> None:
    # Elwell 1904 Hand 7 trick 2: A goes on with the ♦Q after the ♦K, dummy still holding the ♦7.
    assert [f for f in labelled(elwell_1904(7), "WEAK_HAND_NOT_FORCED") if f.trick == 2] == []
