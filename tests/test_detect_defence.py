"""The defence detectors (rules-reference §7): the echo, unblocking, returns, third-hand play, discards.

Book fixtures come from the §7.x matrix (Foster's five hands); the small hands written inline follow
the reference's own examples.  Each test names the behaviour it pins down.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from replayer.rules.cards import Card
from replayer.teaching.annotate import DETECTORS, TECHNIQUES
from replayer.teaching.context import Author, Context
from replayer.teaching.findings import Finding
from tests.support.games import foster, game_from_yaml

NAMES = ("echo", "unblock", "return", "third-hand", "discard")
VALID = sorted((Path(__file__).resolve().parent / "fixtures" / "valid").glob("*.yaml"))


def hand_file(book: str, n: int) -> str:
    return (Path(__file__).resolve().parent.parent / "hands" / book / f"hand-{n}.yaml").read_text(
        encoding="utf-8"
    )


def run(name: str, game_or_hand: int | str) -> list[Finding]:
    game = foster(game_or_hand) if isinstance(game_or_hand, int) else game_from_yaml(game_or_hand)
    return DETECTORS[name](Context(game))


def at(findings: list[Finding], trick: int) -> list[Finding]:
    return [f for f in findings if f.trick == trick]


def one(findings: list[Finding], trick: int) -> Finding:
    found = at(findings, trick)
    assert len(found) == 1, found
    return found[0]


def cards(*texts: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in texts)


def hand(declaration: str, deal: dict[str, str], tricks: list[str], leader: str = "A") -> str:
    """A small hand as YAML: ``deal`` by letter, the trick rows in the columns A Y B Z."""
    rows = "\n".join(f"    - {t}" for t in tricks)
    seats = "\n".join(f"  {k}: {v}" for k, v in deal.items())
    return (
        f"rules: bridge-whist\ndealer: Z\ndeclaration: {declaration}\ndeal:\n{seats}\n"
        f"play:\n  leader: {leader}\n  tricks:\n{rows}\n"
    )


HEARTS = "{maker: Z, trump: hearts}"
NT = "{maker: Z, trump: no-trumps}"


def test_the_five_detectors_are_registered_under_their_headings() -> None:
    assert TECHNIQUES["echo"] == "The down-and-out echo"
    assert TECHNIQUES["unblock"] == "Unblocking"
    assert TECHNIQUES["return"] == "Returning partner's suit"
    assert TECHNIQUES["third-hand"] == "Third-hand play"
    assert TECHNIQUES["discard"] == "Discards"


# ---------------------------------------------------------------------------------------------
# The down-and-out echo

# A full deal (the echo needs the first round of a suit): clubs A K Q 2 / J 10 9 / 7 3 / 8 6 5 4.
ECHO_DEAL = {
    "A": "♠AK2 ♥432 ♦432 ♣AKQ2",
    "Y": "♠876 ♥AKQJ ♦AKQ ♣J109",
    "B": "♠QJ109 ♥765 ♦9765 ♣73",
    "Z": "♠543 ♥1098 ♦J108 ♣8654",
}
# The same with B holding three clubs (♣8 3 2) for the false echo.
THREE_CLUBS = {
    "A": "♠AK2 ♥432 ♦9432 ♣AKQ",
    "Y": "♠876 ♥AKQJ ♦AKQ ♣J109",
    "B": "♠QJ109 ♥765 ♦765 ♣832",
    "Z": "♠543 ♥1098 ♦J108 ♣7654",
}


def test_echo_hand1_b_plays_down_and_out_with_two_clubs() -> None:
    f = one(run("echo", 1), 2)
    assert f.label == "ECHO_DOWN_AND_OUT"
    assert f.all_tricks == (1, 2)
    assert f.cards == cards("♣7", "♣3")
    assert f.facts["third_round"] == "discarded"  # B threw ♦2 under A's ♣Q at trick 3
    assert "down-and-out echo tells A that B has no more clubs" in f.text
    assert "dealer still holds a club" in f.text


def test_echo_hand2_no_echo_tells_a_that_b_has_another_spade() -> None:
    f = one(run("echo", 2), 2)
    assert f.label == "NO_ECHO_OK"
    assert f.cards == cards("♠2", "♠5")
    assert f.facts["holding"] == ["♠10", "♠5", "♠2"]
    assert "does not echo" in f.text and "B still holds another spade" in f.text
    assert "A stops leading them" in f.text  # the telling absence: A switches to diamonds at trick 3


def test_echo_hand3_lowest_first_from_three_is_no_echo() -> None:
    f = one(run("echo", 3), 2)
    assert (f.label, f.cards, f.all_tricks) == ("NO_ECHO_OK", cards("♦2", "♦5"), (1, 2))
    assert "stops leading" not in f.text  # A never has the lead again to stop anything


def test_echo_high_low_from_doubleton_is_down_and_out_in_a_small_hand() -> None:
    f = one(run("echo", hand(HEARTS, ECHO_DEAL, ["♣A ♣9 ♣7 ♣4", "♣K ♣10 ♣3 ♣5"])), 2)
    assert (f.label, f.cards, f.seats[0].name) == ("ECHO_DOWN_AND_OUT", cards("♣7", "♣3"), "E")


def test_echo_low_high_from_doubleton_is_the_missed_echo() -> None:
    f = one(run("echo", hand(HEARTS, ECHO_DEAL, ["♣A ♣9 ♣3 ♣4", "♣K ♣10 ♣7 ♣5"])), 2)
    assert f.label == "ECHO_MISSED"
    assert "book advises the higher card first" in f.text


def test_echo_high_low_holding_three_is_a_false_echo() -> None:
    f = one(run("echo", hand(HEARTS, THREE_CLUBS, ["♣A ♣9 ♣8 ♣4", "♣K ♣10 ♣3 ♣5"])), 2)
    assert (f.label, f.cards) == ("FALSE_ECHO", cards("♣8", "♣3"))


def test_echo_low_then_honour_from_two_is_no_echo_not_an_echo() -> None:
    deal = dict(ECHO_DEAL, Y="♠876 ♥AKQJ ♦AKQ ♣1097", B="♠QJ109 ♥765 ♦9765 ♣J3")
    f = one(run("echo", hand(HEARTS, deal, ["♣A ♣7 ♣3 ♣4", "♣K ♣9 ♣J ♣5"])), 2)
    assert (f.label, f.cards) == ("NO_ECHO_OK", cards("♣3", "♣J"))
    assert "no need to echo" in f.text


def test_echo_silent_when_third_hand_tried_to_win_the_first_round() -> None:
    # A leads ♣2, B wins with ♣9 and then leads his ♣3: high-low, but the 9 was played to win
    deal = dict(ECHO_DEAL, Y="♠876 ♥AKQJ ♦AKQ ♣J107", B="♠QJ109 ♥765 ♦9765 ♣93")
    assert run("echo", hand(HEARTS, deal, ["♣2 ♣7 ♣9 ♣4", "♣A ♣10 ♣3 ♣5"])) == []


def test_no_echo_in_an_elwell_lesson_claims_no_reason_for_the_leaders_switch() -> None:
    # Elwell 1904 Hand 7 trick 2: A stops leading diamonds because dummy would ruff, not because of
    # B's ♦6 then ♦9
    f = one(elwell("echo", 7), 2)
    assert f.label == "NO_ECHO_OK" and "stops leading" not in f.text


def test_echo_silent_at_no_trumps() -> None:
    assert run("echo", hand(NT, ECHO_DEAL, ["♣A ♣9 ♣7 ♣4", "♣K ♣10 ♣3 ♣5"])) == []
    assert run("echo", 4) == [] and run("echo", 5) == []


def test_echo_silent_when_the_second_card_is_the_partners_own_lead() -> None:
    # Elwell 1902 Hand 7: B's ♥3 at trick 1 and his own ♥5 lead at trick 7 are no echo to read
    assert run("echo", hand_file("elwell-1902", 7)) == []


def test_echo_silent_in_an_end_position_where_the_first_round_is_unknown() -> None:
    end = hand(HEARTS, {"A": "♣AK", "Y": "♣J10", "B": "♣73", "Z": "♣86"}, ["♣A ♣10 ♣7 ♣6", "♣K ♣J ♣3 ♣8"])
    assert run("echo", end) == []


# ---------------------------------------------------------------------------------------------
# Unblocking (the plain-suit echo at no-trumps)

# A full deal with A's long clubs ♣K Q 8 5 2 against dummy's ♣A 9 4: B's ♣7 3 could block them.
UNBLOCK_DEAL = {
    "A": "♠AK2 ♥432 ♦43 ♣KQ852",
    "Y": "♠876 ♥AKQJ ♦AKQ ♣A94",
    "B": "♠QJ109 ♥765 ♦9765 ♣73",
    "Z": "♠543 ♥1098 ♦J1082 ♣J106",
}


def test_unblock_hand4_b_plays_the_queen_under_dummys_ace() -> None:
    f = one(run("unblock", 4), 1)
    assert (f.label, f.cards, f.facts["expected"]) == ("UNBLOCK_OK", cards("♣Q"), "♣Q")
    assert f.facts["holding"] == ["♣K", "♣Q", "♣4"]
    assert "cannot beat Y's ♣A" in f.text and "will not block A's clubs" in f.text


def test_unblock_nine_eight_three_plays_eight_then_nine_then_three() -> None:
    small = hand(
        NT,
        {"A": "♠KQJ2", "Y": "♠765 ♥2", "B": "♠983 ♥3", "Z": "♠A104 ♥4"},
        ["♠K ♠5 ♠8 ♠4", "♠Q ♠6 ♠9 ♠10", "♠J ♠7 ♠3 ♠A"],
    )
    found = run("unblock", small)
    assert [(f.trick, f.label, f.cards) for f in found] == [
        (10, "UNBLOCK_OK", cards("♠8")),
        (11, "UNBLOCK_OK", cards("♠9")),
    ]  # the last card is forced


def test_unblock_nine_eight_three_two_plays_eight_three_nine_two() -> None:
    small = hand(
        NT,
        {"A": "♠KQJ104", "Y": "♠A765 ♥2", "B": "♠9832 ♥A", "Z": "♥KQJ93"},
        ["♠K ♠5 ♠8 ♥3", "♠Q ♠6 ♠3 ♥9", "♠J ♠7 ♠9 ♥J", "♠10 ♠A ♠2 ♥Q"],
    )
    found = run("unblock", small)
    assert [(f.trick, f.label, f.cards) for f in found] == [
        (9, "UNBLOCK_OK", cards("♠8")),
        (10, "UNBLOCK_OK", cards("♠3")),
        (11, "UNBLOCK_OK", cards("♠9")),
    ]


def test_unblock_king_led_third_hand_with_queen_ten_two_plays_the_ten() -> None:
    deal = {"A": "♠KJ54", "Y": "♠876 ♥2", "B": "♠Q102 ♥3", "Z": "♠A93 ♥4"}
    assert one(run("unblock", hand(NT, deal, ["♠K ♠6 ♠10 ♠3"])), 10).label == "UNBLOCK_OK"
    missed = one(run("unblock", hand(NT, deal, ["♠K ♠6 ♠Q ♠3"])), 10)
    assert (missed.label, missed.facts["expected"]) == ("UNBLOCK_MISSED", "♠10")
    assert "the book advises ♠10" in missed.text


def test_unblock_dummy_ace_second_hand_with_king_queen_three_plays_the_queen() -> None:
    deal = {"A": "♠J765", "Y": "♠A42 ♥2", "B": "♠KQ3 ♥3", "Z": "♠1098 ♥4"}
    f = one(run("unblock", hand(NT, deal, ["♠5 ♠A ♠Q ♠8"])), 10)
    assert (f.label, f.cards, f.seats[0].name) == ("UNBLOCK_OK", cards("♠Q"), "E")


def test_unblock_two_cards_play_the_lower_on_the_first_round_and_the_higher_later() -> None:
    first = one(run("unblock", hand(NT, UNBLOCK_DEAL, ["♣K ♣4 ♣3 ♣6", "♣Q ♣9 ♣7 ♣10"])), 1)
    assert (first.label, first.cards, first.facts["round_one"]) == ("UNBLOCK_OK", cards("♣3"), True)
    deal = {"A": "♣K62", "Y": "♣A9 ♥2", "B": "♣Q3 ♥3", "Z": "♣J10 ♥4"}
    later = one(run("unblock", hand(NT, deal, ["♣K ♣9 ♣3 ♣10"])), 11)
    assert (later.label, later.facts["expected"], later.facts["round_one"]) == ("UNBLOCK_MISSED", "♣Q", False)
    assert "keeping the lowest for the last round" in later.text
    # the ♣7 kept under A's ♣Q falls on the next round: nothing is blocked, nothing is said
    deal = {"A": "♣KQ2", "Y": "♣A9 ♥2", "B": "♣73 ♥3", "Z": "♣J10 ♥4"}
    assert at(run("unblock", hand(NT, deal, ["♣K ♣9 ♣3 ♣10", "♣Q ♣A ♣7 ♣J"])), 11) == []


def test_unblock_a_discard_of_the_suit_is_no_earlier_round() -> None:
    # A throws ♣2 on dummy's third diamond; his ♣K at trick 5 is still the first round of clubs
    rows = ["♦4 ♦A ♦5 ♦2", "♦3 ♦K ♦6 ♦8", "♣2 ♦Q ♦7 ♦10", "♠A ♠8 ♠9 ♠3", "♣K ♣4 ♣3 ♣6"]
    f = one(run("unblock", hand(NT, UNBLOCK_DEAL, rows)), 5)
    assert (f.label, f.cards, f.facts["round_one"]) == ("UNBLOCK_OK", cards("♣3"), True)


def test_unblock_silent_when_the_leaders_partner_returns_the_owners_suit() -> None:
    assert at(run("unblock", 4), 11) == [] and at(run("unblock", 4), 12) == []
    assert at(run("unblock", 5), 2) == [] and at(run("unblock", 5), 3) == []


def test_unblock_silent_when_third_hand_can_beat_the_card_on_the_table() -> None:
    deal = {"A": "♠J75", "Y": "♠642", "B": "♠KQ3", "Z": "♠1098"}
    assert run("unblock", hand(NT, deal, ["♠5 ♠2 ♠Q ♠8"])) == []
    assert at(run("unblock", 5), 1) == []  # B's ♥A beats dummy's ♥7: third-hand play, not unblocking


def test_unblock_silent_when_partners_cards_fall_under_the_leaders_winners() -> None:
    # Elwell 1902 Hand 12 trick 1: B's ♦7 5 drop under A's ♦A K Q in any order
    assert at(run("unblock", hand_file("elwell-1902", 12)), 1) == []


def test_unblock_silent_when_partners_cards_are_all_lower_than_the_leaders() -> None:
    # Elwell 1902 Hand 2 trick 6: A's ♥6 3 are below every one of B's ♥K J 8 7
    assert at(run("unblock", hand_file("elwell-1902", 2)), 6) == []


def test_unblock_silent_on_a_small_card_led_below_the_declarers_stoppers() -> None:
    # Elwell 1902 Hand 8 trick 1 (B's ♠10 8 under the dealer's ♠Q 9) and Hand 1 trick 6 (A's ♥10 8
    # under the dealer's ♥Q): on a small card led, small is natural
    assert at(run("unblock", hand_file("elwell-1902", 8)), 1) == []
    assert at(run("unblock", hand_file("elwell-1902", 1)), 6) == []


def test_unblock_silent_when_the_leader_has_no_suit_longer_than_the_declarers() -> None:
    # Elwell 1902 Hand 5 trick 5: B's ♦5 4 3 2 against the dealer's ♦A J 10 7 6
    assert at(run("unblock", hand_file("elwell-1902", 5)), 5) == []


def test_unblock_never_advises_throwing_the_only_re_entry() -> None:
    # Elwell 1902 Hand 9 trick 9 (A's ♦K, the way in to his established hearts) and Hand 4 trick 10
    # (A's ♣K, the way in to his ♥K 8)
    assert at(run("unblock", hand_file("elwell-1902", 9)), 9) == []
    assert at(run("unblock", hand_file("elwell-1902", 4)), 10) == []


def test_unblock_silent_when_the_one_card_kept_falls_under_the_leaders_next_lead() -> None:
    # Elwell 1904 Hand 18 trick 4: B keeps ♥10 under A's ♥Q J; Hand 9 trick 4: ♦10 under A's ♦J
    assert at(elwell("unblock", 18), 4) == []
    assert at(elwell("unblock", 9), 4) == []


def test_unblock_silent_in_a_trump_declaration() -> None:
    deal = {"A": "♠KJ5", "Y": "♠876", "B": "♠Q102", "Z": "♠A93"}
    assert run("unblock", hand(HEARTS, deal, ["♠K ♠6 ♠10 ♠3"])) == []


# ---------------------------------------------------------------------------------------------
# Returning partner's suit

# p.61: B held ♣K 10 4 2, won with the K; dummy (playing fourth) has ♣9 5 left: return the 10.
RETURN_DEAL = {"A": "♣AJ83 ♠2", "Y": "♣965 ♠3 ♥2", "B": "♣K1042 ♥3", "Z": "♣Q7 ♠54 ♥4"}


def test_return_hand5_b_returns_the_ace_of_hearts_by_rule_one() -> None:
    f = one(run("return", 5), 2)
    assert (f.label, f.cards, f.facts["rule"]) == ("RETURN_OK", cards("♥A"), 1)
    assert "B returns A's hearts with ♥A" in f.text


def test_return_silent_when_the_longer_hand_runs_his_own_suit_hand2() -> None:
    # A's ♦8 opening from ♦8 2 is led to B's ♦A K 7 3: B cashing the ♦A at trick 4 returns nothing
    assert at(run("return", 2), 4) == []


def test_return_silent_when_the_partner_led_the_suit_first_to_the_longer_hand() -> None:
    # Elwell 1902 Hand 12: A leads his ♠K 10 to B's ♠A Q J 5 4 3 2 (asked for by B's ♠2 discard)
    assert run("return", hand_file("elwell-1902", 12)) == []


def test_return_of_the_high_card_to_unblock_partners_longer_suit() -> None:
    # Elwell 1902 Hand 11 trick 4: B's ♦J from ♦J 3 2 gets out of the way of A's ♦Q 9 7 5 4
    f = one(run("return", hand_file("elwell-1902", 11)), 4)
    assert (f.label, f.cards, f.facts["rule"]) == ("RETURN_OK", cards("♦J"), 5)
    assert "out of the way of A's longer suit" in f.text


def test_return_hand4_b_returns_the_king_of_clubs_by_rules_one_and_four() -> None:
    f = one(run("return", 4), 11)
    assert (f.label, f.cards, f.facts["rule"], f.facts["rules"]) == ("RETURN_OK", cards("♣K"), 1, [1, 4])


def test_return_keeps_a_card_over_dummy_page_61() -> None:
    f = one(run("return", hand(NT, RETURN_DEAL, ["♣8 ♣6 ♣K ♣7", "♣A ♣5 ♣10 ♣Q"])), 10)
    assert (f.label, f.cards, f.facts["rule"]) == ("RETURN_OK", cards("♣10"), 3)


def test_return_of_the_lowest_instead_is_a_polite_deviation() -> None:
    f = one(run("return", hand(NT, RETURN_DEAL, ["♣8 ♣6 ♣K ♣7", "♣A ♣5 ♣2 ♣Q"])), 10)
    assert (f.label, f.facts["expected"]) == ("RETURN_DEVIATION", ["♣10"])
    assert "The book's advice here is ♣10" in f.text


def test_return_judges_only_the_first_lead_of_partners_suit() -> None:
    assert [f.trick for f in run("return", 5)] == [2]  # not T3 (B's second heart)


def test_return_silent_when_the_declarer_side_leads() -> None:
    assert run("return", 1) == [] and run("return", 3) == []


def elwell(name: str, n: int) -> list[Finding]:
    game = game_from_yaml(hand_file("elwell-1904", n))
    return DETECTORS[name](Context(game, Author.ELWELL))


def test_return_in_an_elwell_lesson_is_the_highest_card_with_four_or_fewer() -> None:
    # Elwell 1904 Hand 24 trick 6: B's ♦9 from ♦9 8 is Elwell's return (Foster's rule 3 would keep
    # the ♦9 over dummy's ♦6 4 and return the ♦8); Hand 20 trick 5: ♣9 from ♣9 4
    f = one(elwell("return", 24), 6)
    assert (f.label, f.facts["expected"]) == ("RETURN_OK", ["♦9"])
    assert "Elwell returns the highest card" in f.text and "with three the lowest" not in f.text
    f = one(elwell("return", 20), 5)
    assert (f.label, f.facts["rule"]) == ("RETURN_OK", 6)
    # the same deal read without a known author keeps the other book's rules
    assert one(run("return", hand_file("elwell-1904", 24)), 6).label == "RETURN_DEVIATION"


def test_return_of_a_low_card_in_an_elwell_lesson_names_his_usual_rule() -> None:
    # Elwell 1904 Hand 34 trick 2: B's ♠3 from ♠K 5 4 3, against Elwell's usual highest card
    f = one(elwell("return", 34), 2)
    assert (f.label, f.facts["expected"]) == ("RETURN_DEVIATION", ["♠K"])
    assert "not the ♠K of Elwell's usual rule" in f.text and "The book's" not in f.text


# ---------------------------------------------------------------------------------------------
# Third-hand play


def test_third_hand_hand2_b_wins_with_the_king_from_ace_king() -> None:
    f = one(run("third-hand", 2), 3)
    assert (f.label, f.cards) == ("THIRD_HIGH_OK", cards("♦K"))
    assert "lowest of them" in f.text


def test_third_hand_hand2_b_takes_dummys_queen_with_the_ace() -> None:
    f = one(run("third-hand", 2), 6)
    assert (f.label, f.cards) == ("THIRD_HIGH_OK", cards("♣A"))
    assert "Y's ♣Q" in f.text


def test_third_hand_eleven_rule_ten_is_not_a_finesse_hand5() -> None:
    assert at(run("third-hand", 5), 1) == []


def test_third_hand_eleven_rule_layout_page_63_is_not_a_finesse() -> None:
    deal = {"A": "♠KQ972", "Y": "♠J85 ♥32", "B": "♠A103 ♥54", "Z": "♠64 ♥876"}
    assert run("third-hand", hand(NT, deal, ["♠7 ♠8 ♠10 ♠4"])) == []


def test_third_hand_queen_from_ace_queen_is_a_finesse_contrary_to_the_book() -> None:
    deal = {"A": "♠J42", "Y": "♠753", "B": "♠AQ9", "Z": "♠K108"}
    f = one(run("third-hand", hand(NT, deal, ["♠4 ♠3 ♠Q ♠K"])), 11)
    assert (f.label, f.facts["gap"], f.facts["usual"]) == ("THIRD_FINESSE_CONTRARY", "♠K", "♠A")
    assert "The book advises third hand not to finesse" in f.text


def test_third_hand_lower_card_finesses_nobody_when_dummy_plays_fourth() -> None:
    # the declarer has played second; dummy, last and seen by all, cannot beat the jack: nothing is
    # finessed (Elwell 1904 Hand 24 trick 6, Hand 31 trick 2 show this play as right)
    assert at(run("third-hand", hand_file("elwell-1904", 24)), 6) == []
    assert at(run("third-hand", hand_file("elwell-1904", 31)), 2) == []
    deal = {"A": "♥2 ♠AJ", "Y": "♥3 ♠75", "B": "♥A ♠92", "Z": "♥4 ♠Q10"}
    assert at(run("third-hand", hand(NT, deal, ["♥2 ♥3 ♥A ♥4", "♠J ♠5 ♠2 ♠10"])), 12) == []
    # the same play with the declarer still to play is a finesse against his ♠Q
    deal = {"A": "♥A ♠92", "Y": "♥3 ♠107", "B": "♥2 ♠AJ", "Z": "♥4 ♠Q5"}
    f = one(run("third-hand", hand(NT, deal, ["♥A ♥3 ♥2 ♥4", "♠2 ♠7 ♠J ♠5"])), 12)
    assert f.label == "THIRD_FINESSE_CONTRARY"


def test_third_hand_jack_under_dummys_queen_is_a_certainty_not_a_finesse() -> None:
    deal = {"A": "♠842", "Y": "♠Q53", "B": "♠KJ9", "Z": "♠1076"}
    f = one(run("third-hand", hand(NT, deal, ["♠4 ♠3 ♠J ♠6"])), 11)
    assert (f.label, f.facts.get("certainty")) == ("THIRD_HIGH_OK", True)


def test_third_hand_ace_from_ace_king_is_deceptive() -> None:
    deal = {"A": "♠J42", "Y": "♠753", "B": "♠AK9", "Z": "♠Q108"}
    f = one(run("third-hand", hand(NT, deal, ["♠4 ♠3 ♠A ♠8"])), 11)
    assert (f.label, f.facts["usual"]) == ("THIRD_DECEPTIVE", "♠K")


def test_third_hand_higher_of_equals_silent_when_nobody_can_be_misled() -> None:
    # Elwell 1902 Hand 12 trick 5: B overtakes A's ♠10 with the ♠A from ♠A Q J 5 4; A has no spade
    # left and the dealer none: no one reads the card
    assert at(run("third-hand", hand_file("elwell-1902", 12)), 5) == []
    # the same ♠A from ♠A K 9 with the dealer void and A holding no more spades: silent
    deal = {"A": "♠4 ♥J2", "Y": "♠753", "B": "♠AK9", "Z": "♥Q108"}
    assert run("third-hand", hand(NT, deal, ["♠4 ♠3 ♠A ♥8"])) == []


def test_third_hand_silent_when_not_trying_to_win_or_ruffing() -> None:
    assert at(run("third-hand", 4), 1) == []  # B's ♣Q under dummy's ♣A is an unblock
    ruff = hand(HEARTS, {"A": "♠J4", "Y": "♠75", "B": "♥32", "Z": "♠Q10"}, ["♠4 ♠5 ♥2 ♠10"])
    assert run("third-hand", ruff) == []


# ---------------------------------------------------------------------------------------------
# Discards


def test_discard_hand1_b_discards_from_his_best_protected_suit() -> None:
    f = one(run("discard", 1), 3)
    assert (f.label, f.cards, f.shown) == ("DISCARD_BEST_PROTECTED", cards("♦2"), True)
    assert "best-protected suit" in f.text and "♠J 10 6 5" in f.text


def test_discard_hand5_b_discards_diamonds_and_keeps_on() -> None:
    found = [f for f in run("discard", 5) if f.shown]
    assert [(f.trick, f.label, f.cards) for f in found] == [
        (4, "DISCARD_BEST_PROTECTED", cards("♦6")),
        (5, "DISCARD_CONTINUES", cards("♦7")),
        (9, "DISCARD_CONTINUES", cards("♦Q")),
        (10, "DISCARD_CONTINUES", cards("♦K")),
    ]
    assert all(f.seats[0].name == "E" for f in found)
    assert "♣K 5 2 stays guarded" in found[-1].text


def test_discard_silent_for_a_worthless_suit_hand4_t6() -> None:
    assert [f for f in at(run("discard", 4), 6) if f.shown] == []


def test_discard_silent_with_no_alternative_suit_hand3_t12() -> None:
    b = [f for f in at(run("discard", 3), 12) if f.seats[0].name == "E"]
    assert [(f.label, f.shown) for f in b] == [("DISCARD_NEUTRAL", False)]


def test_discard_silent_leaving_a_master_king_bare_hand1_t10() -> None:
    assert [f for f in at(run("discard", 1), 10) if f.shown] == []


def test_discard_unguarding_a_queen_while_clubs_could_be_spared() -> None:
    # the bare ♠Q then falls under dummy's ♠K at trick 11: the discard cost it (judged from the end)
    deal = {"A": "♦5432", "Y": "♠K3 ♥2 ♦6", "B": "♠Q6 ♣75", "Z": "♠4 ♦AKQ"}
    rows = ["♦2 ♦6 ♠6 ♦A", "♦3 ♠K ♠Q ♠4", "♦4 ♥2 ♣5 ♦K", "♦5 ♠3 ♣7 ♦Q"]
    f = one(run("discard", hand(HEARTS, deal, rows, leader="Z")), 10)
    assert (f.label, f.shown) == ("DISCARD_UNGUARDS", True)
    assert "leaves ♠Q without a guard" in f.text
    spare = one(run("discard", hand(HEARTS, deal, ["♦2 ♦6 ♣5 ♦A"], leader="Z")), 10)
    assert (spare.label, spare.shown) == ("DISCARD_NEUTRAL", False)


def test_discard_from_a_suit_needed_against_the_declarers_length_is_not_praised() -> None:
    # Elwell 1902 Hand 4 tricks 6-7: A's ♦J 9 7 2 must guard against the dealer's ♦K Q 10 8
    found = run("discard", hand_file("elwell-1902", 4))
    a_s = [f for f in at(found, 6) + at(found, 7) if f.seats[0].name == "W"]
    # trick 6 costs the length Elwell says loses a trick (the dealer's ♦10 wins trick 13)
    assert [(f.label, f.shown) for f in a_s] == [
        ("DISCARD_GUARD_DEVIATION", True),
        ("DISCARD_NEUTRAL", False),
    ]
    assert [f.label for f in at(found, 8) if f.seats[0].name == "W"] == ["DISCARD_UNGUARDS"]  # ♦J bare


def test_discard_unguarding_is_no_fault_when_partner_guards_the_suit() -> None:
    # Elwell 1902 Hand 10 trick 9: B's ♣10 leaves ♣J bare, but A's ♣K 8 sits over the dealer's ♣Q 3
    assert [f for f in at(run("discard", hand_file("elwell-1902", 10)), 9) if f.shown] == []


def test_discard_never_calls_a_bare_honour_guarded() -> None:
    # Elwell 1904 Hand 18 tricks 7-8: A's ♠Q has been bare since trick 6; only his ♦Q 9 6 is kept
    for trick, card in ((7, "♥8"), (8, "♥J")):
        (f,) = [f for f in at(elwell("discard", 18), trick) if f.cards == cards(card)]
        assert "♠Q" not in f.text and "♦Q 9 6 stays guarded" in f.text
    # Hand 3 trick 4: a singleton ♦K is kept guarded by nothing: no praise of the discard
    assert one(elwell("discard", 3), 4).label == "DISCARD_NEUTRAL"


def test_discard_best_protected_counts_the_cards_below_the_honour() -> None:
    # Elwell 1904 Hand 23 trick 2: ♦Q 6 3 2 is weaker than ♣Q 10 8 5 and ♥Q 10 7 4
    assert one(elwell("discard", 23), 2).label != "DISCARD_BEST_PROTECTED"


def test_discard_unguards_nothing_that_the_guard_could_not_save() -> None:
    # Elwell 1904 Hand 32 trick 10: B's ♠J 10 against the dealer's side's ♠A K Q: the ♠J falls anyway
    (f,) = [f for f in at(elwell("discard", 32), 10) if f.cards == cards("♠10")]
    assert f.label != "DISCARD_UNGUARDS"
    # Elwell 1902 Hand 4 trick 8: A's ♦J 9 against ♦K Q 10 8 while B holds the ♦A: the guard counts
    game = game_from_yaml(hand_file("elwell-1902", 4))
    found = at(DETECTORS["discard"](Context(game, Author.ELWELL)), 8)
    assert [f.label for f in found if f.cards == cards("♦9")] == ["DISCARD_UNGUARDS"]


def test_discard_never_speaks_of_the_declarer_side() -> None:
    for n in range(1, 6):
        ctx = Context(foster(n))
        assert all(ctx.defender(f.seats[0]) for f in DETECTORS["discard"](ctx))


# ---------------------------------------------------------------------------------------------
# Robustness


@pytest.mark.parametrize(
    "source", [*range(1, 6), *VALID], ids=lambda s: f"hand-{s}" if isinstance(s, int) else s.name
)
def test_detectors_never_raise_and_findings_are_well_formed(source: int | Path) -> None:
    game = (
        foster(source)
        if isinstance(source, int)
        else game_from_yaml(source.read_text(encoding="utf-8"), source.name)
    )
    ctx = Context(game)
    numbers = {t.number for t in ctx.tricks}
    for name in NAMES:
        for f in DETECTORS[name](ctx):
            assert f.motif == name and f.text.strip() and f.label.isupper()
            assert set(f.all_tricks) <= numbers and f.trick in f.all_tricks
            assert all(ctx.defender(s) != (f.label == "UNBLOCK_DECLARER") for s in f.seats)
            assert all(isinstance(c, Card) for c in f.cards)


def test_detectors_never_raise_on_random_legal_hands() -> None:
    from tests.support.handgen import random_hands

    labels: set[str] = set()
    for generated in random_hands(seed=7, n=150):
        ctx = Context(game_from_yaml(generated.text))
        for name in NAMES:
            for f in DETECTORS[name](ctx):
                assert f.motif == name and f.text.strip()
                # the defenders' findings, but for the declarer's side unblocking its long suits
                assert all(ctx.defender(s) != (f.label == "UNBLOCK_DECLARER") for s in f.seats)
                labels.add(f.label)
    # random play reaches every corner the book hands do not
    assert {
        "ECHO_MISSED",
        "FALSE_ECHO",
        "UNBLOCK_MISSED",
        "RETURN_DEVIATION",
        "THIRD_DECEPTIVE",
        "THIRD_FINESSE_CONTRARY",
        "DISCARD_UNGUARDS",
    } <= labels
