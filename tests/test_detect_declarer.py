"""The declarer's techniques as detectors (rules-reference §7: MOT-BATH, MOT-HOLDUP, MOT-FINESSE,
MOT-ESTABLISH, MOT-REENTRY, MOT-DRAW): the book's fixtures must be found, the near misses must stay
silent.  Foster's hands are hands/foster-1904/hand-N.yaml; the small hands below are end positions
written for the reference's synthetic fixtures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from replayer.rules.cards import Card
from replayer.teaching.annotate import DETECTORS, TECHNIQUES
from replayer.teaching.context import Context
from replayer.teaching.findings import Finding
from tests.support.games import context, foster, game_from_yaml

NAMES = {
    "bath-coup": "The Bath coup",
    "hold-up": "Holding up",
    "finesse": "Finesses",
    "establish": "Establishing a long suit",
    "re-entry": "Re-entry cards",
    "draw-trumps": "Drawing trumps",
}
VALID = Path(__file__).resolve().parent / "fixtures" / "valid"
HANDS = Path(__file__).resolve().parent.parent / "hands"


def run(name: str, hand: int | str) -> list[Finding]:
    return DETECTORS[name](context(hand))


def at(findings: list[Finding], label: str, trick: int) -> Finding:
    hits = [f for f in findings if f.label == label and f.trick == trick]
    assert len(hits) == 1, f"{label} at trick {trick}: {[(f.label, f.trick) for f in findings]}"
    return hits[0]


def strings(value: object) -> list[str]:
    """A fact that is a list of strings (facts are typed ``object``)."""
    assert isinstance(value, list)
    return [str(v) for v in value]


def cards(*texts: str) -> set[Card]:
    return {Card.parse(t) for t in texts}


def position(rows: str, *, deal: str, trump: str = "NT", leader: str = "A", first: int = 9) -> str:
    """An end position under Bridge Whist, the dealer Z having made ``trump``; rows in columns A Y B Z."""
    tricks = "\n".join(f"    - {r.strip()}" for r in rows.strip().splitlines())
    return (
        f"rules: bridge-whist\ndealer: Z\ndeclaration: {{maker: Z, trump: {trump}}}\ndeal:\n{deal}\n"
        f"play:\n  first_trick: {first}\n  leader: {leader}\n  tricks:\n{tricks}\n"
    )


# ---------------------------------------------------------------------------------------------
# Registry


def test_each_detector_is_registered_under_its_technique_heading() -> None:
    for name, heading in NAMES.items():
        assert name in DETECTORS
        assert TECHNIQUES[name] == heading


# ---------------------------------------------------------------------------------------------
# MOT-BATH


def test_hand_3_trick_1_the_dealer_ducks_the_king_with_ace_jack_three_a_bath_coup() -> None:
    f = at(run("bath-coup", 3), "BATH_COUP", 1)
    ctx = context(3)
    assert [ctx.who(s) for s in f.seats] == ["A", "Z"]
    assert cards("DK", "D3") <= set(f.cards)
    assert f.facts["held"] == {"Z": "♦A J 3"}
    assert (f.facts["jack_wins"], f.facts["ace_wins"]) == (2, 8)
    assert f.all_tricks == (1, 2, 8)
    assert "♦A J 3" in f.text and "A's king" in f.text and "jack" in f.text


def test_the_bath_coup_is_found_once_in_the_five_hands() -> None:
    found = [(n, f.trick) for n in range(1, 6) for f in run("bath-coup", n)]
    assert found == [(3, 1)]


SINGLETON_KING = position(
    """
    ♦K ♦4 ♦10 ♦3
    ♣K ♣2 ♣3 ♦J
    ♣Q ♦5 ♦Q ♦A
    """,
    deal="  A: ♦K ♣KQ\n  Y: ♦54 ♣2\n  B: ♦Q10 ♣3\n  Z: ♦AJ3",
    trump="hearts",
    first=11,
)


def test_a_duck_of_a_singleton_king_still_counts_as_a_bath_coup() -> None:
    f = at(DETECTORS["bath-coup"](Context(game_from_yaml(SINGLETON_KING))), "BATH_COUP", 11)
    assert f.facts["jack_wins"] is None  # the duck gained nothing here, but the motif matches
    assert "does win" not in f.text


NO_JACK = position(
    """
    ♦K ♦2 ♦10 ♦3
    ♣K ♣2 ♣3 ♦5
    ♣Q ♦4 ♦J ♦A
    """,
    deal="  A: ♦K ♣KQ\n  Y: ♦42 ♣2\n  B: ♦J10 ♣3\n  Z: ♦A53",
    trump="hearts",
    first=11,
)


def test_a_duck_without_the_jack_on_the_declarer_side_is_not_a_bath_coup() -> None:
    assert DETECTORS["bath-coup"](Context(game_from_yaml(NO_JACK))) == []


# ---------------------------------------------------------------------------------------------
# MOT-HOLDUP (no fixture in the five hands: the reference's synthetic layout)

HOLD_UP = position(
    """
    ♠K ♠2 ♠3 ♠4
    ♠Q ♠5 ♠8 ♠6
    ♠J ♠9 ♥10 ♠A
    ♠7 ♥K ♥J ♥2
    ♠10 ♥A ♥Q ♥3
    """,
    deal="  A: ♠KQJ107\n  Y: ♠952 ♥AK\n  B: ♠83 ♥QJ10\n  Z: ♠A64 ♥32",
)


def test_ace_six_four_held_up_twice_at_no_trumps_exhausts_the_partner() -> None:
    found = DETECTORS["hold-up"](Context(game_from_yaml(HOLD_UP)))
    assert [(f.label, f.trick, f.facts.get("round")) for f in found] == [
        ("HOLD_UP", 9, 1),
        ("HOLD_UP", 10, 2),
        ("HOLD_UP_EFFECTIVE", 11, None),
    ]
    first, _, effective = found
    assert first.facts["stopper"] == "♠A" and "holds up the ♠A" in first.text
    assert effective.all_tricks == (9, 10, 11) and effective.facts["exhausted"] == "B"
    assert "B has no spades left" in effective.text


def test_the_hold_up_is_not_a_trump_technique() -> None:
    in_clubs = HOLD_UP.replace("trump: NT", "trump: clubs")
    assert DETECTORS["hold-up"](Context(game_from_yaml(in_clubs))) == []


TWO_STOPPERS = position(
    """
    ♠Q ♠2 ♠6 ♠4
    ♠J ♠3 ♠8 ♠K
    ♠7 ♠5 ♥10 ♠A
    ♠9 ♥K ♥J ♥2
    ♠10 ♥A ♥Q ♥3
    """,
    deal="  A: ♠QJ1097\n  Y: ♠532 ♥AK\n  B: ♠86 ♥QJ10\n  Z: ♠AK4 ♥32",
)


def test_no_hold_up_when_the_declarer_side_has_two_stoppers() -> None:
    assert DETECTORS["hold-up"](Context(game_from_yaml(TWO_STOPPERS))) == []


PARTNER_KEEPS_ONE = position(
    """
    ♠K ♠5 ♠2 ♠4
    ♠Q ♠9 ♠3 ♠6
    ♠J ♥K ♠7 ♠A
    ♠10 ♥A ♠8 ♥2
    """,
    deal="  A: ♠KQJ10\n  Y: ♠95 ♥AK\n  B: ♠8732\n  Z: ♠A64 ♥2",
    first=10,
)


def test_a_hold_up_that_leaves_the_partner_a_card_of_the_suit_is_not_effective() -> None:
    found = DETECTORS["hold-up"](Context(game_from_yaml(PARTNER_KEEPS_ONE)))
    assert [f.label for f in found] == ["HOLD_UP", "HOLD_UP"]


def test_a_bath_coup_at_no_trumps_is_not_reported_as_a_hold_up() -> None:
    bath_at_nt = SINGLETON_KING.replace("trump: hearts", "trump: NT")
    ctx = Context(game_from_yaml(bath_at_nt))
    assert [f.label for f in DETECTORS["bath-coup"](ctx)] == ["BATH_COUP"]
    assert DETECTORS["hold-up"](ctx) == []


def elwell_1902(n: int) -> Context:
    """Elwell's Bridge Hand No. n (1902), as transcribed in hands/elwell-1902/."""
    path = Path(__file__).resolve().parent.parent / "hands" / "elwell-1902" / f"hand-{n}.yaml"
    return Context(game_from_yaml(path.read_text(encoding="utf-8"), path.name))


def test_the_hold_up_names_the_card_that_won_and_strips_the_defender_short_in_the_suit() -> None:
    # Elwell 1902 Hand 2: A leads ♦5, dummy plays low second hand, B's ♦K wins; B returns the ♦8 and
    # dummy waits again, so that B (three diamonds to A's five) has none left.
    first, second, effective = DETECTORS["hold-up"](elwell_1902(2))
    assert "lets B's ♦K win" in first.text and "leave B with none to lead back" in first.text
    assert second.facts["stripped"] == "B" and "to strip B of the suit" in second.text
    assert effective.facts["exhausted"] == "B" and "cannot put A in" in effective.text


def test_low_from_ace_jack_nine_with_the_ten_opposite_is_two_stoppers_not_a_hold_up() -> None:
    # Elwell 1902 Hand 10: ♦A J 9 4 3 and ♦10 7 5 against ♦K Q 8 6 2 stop the suit twice; dummy's
    # low card at trick 1 plays for the ♦10, and no later trick is a hold-up's effect.
    assert DETECTORS["hold-up"](elwell_1902(10)) == []


def test_foster_declarers_never_hold_up() -> None:
    assert [f for n in range(1, 6) for f in run("hold-up", n)] == []


# ---------------------------------------------------------------------------------------------
# MOT-FINESSE


def test_hand_3_trick_6_dummy_plays_the_ten_under_the_jack_a_finesse_toward_the_tenace() -> None:
    f = at(run("finesse", 3), "FINESSE", 6)
    assert f.facts["against"] == "♣K" and f.facts["outcome"] == "WON"
    assert f.facts["played"] == "♣10" and f.facts["holding"] == "♣A Q 10 6"
    assert set(strings(f.facts["tags"])) == {"TOWARD_TENACE", "KEEP_LEAD_IN_WEAK_HAND"}
    assert cards("CJ", "C10", "CK") <= set(f.cards)
    assert "keeps the lead in the dealer's hand" in f.text and f.shown


def test_hand_3_trick_7_the_second_club_finesse_wins() -> None:
    f = at(run("finesse", 3), "FINESSE", 7)
    assert (f.facts["against"], f.facts["outcome"], f.facts["played"]) == ("♣K", "WON", "♣6")
    assert "KEEP_LEAD_IN_WEAK_HAND" not in strings(f.facts["tags"])


def test_hand_3_trick_9_the_third_club_finesse_loses_to_a_ruff() -> None:
    f = at(run("finesse", 3), "FINESSE", 9)
    assert (f.facts["outcome"], f.facts["lost_to"], f.facts["played"]) == ("LOST", "ruff", "♣Q")
    assert "B's ruff" in f.text


def test_hand_5_trick_11_the_dealer_finesses_the_jack_against_bs_king() -> None:
    f = at(run("finesse", 5), "FINESSE", 11)
    ctx = context(5)
    assert ctx.who(f.seats[0]) == "Z" and f.facts["played"] == "♣J"
    assert (f.facts["against"], f.facts["outcome"]) == ("♣K", "WON")
    assert "TOWARD_TENACE" in strings(f.facts["tags"])
    assert "makes B play before the dealer" in f.text


def test_hand_1_trick_4_dummys_ace_up_second_hand_is_no_finesse() -> None:
    assert [f for f in run("finesse", 1) if f.trick == 4] == []


def test_hand_5_trick_1_bs_ten_by_the_eleven_rule_is_no_finesse() -> None:
    assert [f for f in run("finesse", 5) if f.trick == 1] == []


def test_after_second_hand_has_shown_out_the_lower_card_finesses_nothing() -> None:
    # Elwell 1902 Hand 7, trick 6: the dealer leads the ♣2, A discards the ♥2, so the ♣K is marked
    # with B behind dummy's ♣A Q 10: the ♣10 can only lose to it.
    tricks = [f.trick for f in DETECTORS["finesse"](elwell_1902(7))]
    assert 6 not in tricks and {2, 4} <= set(tricks)


def test_after_the_hand_behind_has_shown_out_the_finesse_is_a_marked_one_and_stays() -> None:
    # Elwell 1902 Hand 10: B shows out of spades at trick 3, so at trick 5 the ♠Q is marked with A,
    # who plays before dummy's ♠A J 10: the ♠10 is still a finesse, and it wins.
    f = at(DETECTORS["finesse"](elwell_1902(10)), "FINESSE", 5)
    assert f.facts["played"] == "♠10" and f.facts["outcome"] == "WON"


def test_the_finesses_in_the_five_hands_are_exactly_the_books() -> None:
    found = [(n, f.trick) for n in range(1, 6) for f in run("finesse", n)]
    assert found == [(3, 6), (3, 7), (3, 9), (5, 11)]


TEN_NINE = position(
    """
    ♠2 ♠10 ♠3 ♠9
    ♥10 ♠8 ♠5 ♠7
    ♥J ♠4 ♠6 ♠J
    ♥K ♥2 ♠K ♠A
    ♥A ♥3 ♥Q ♠Q
    """,
    deal="  A: ♠2 ♥AKJ10\n  Y: ♠1084 ♥32\n  B: ♠K653 ♥Q\n  Z: ♠AQJ97",
    leader="Y",
)


def test_pp71_72_lead_from_the_weak_hand_twice_keeping_the_lead_there_then_finesse_the_jack() -> None:
    found = DETECTORS["finesse"](Context(game_from_yaml(TEN_NINE)))
    assert [(f.trick, f.facts["played"], f.facts["outcome"]) for f in found] == [
        (9, "♠9", "WON"),
        (10, "♠7", "WON"),
        (11, "♠J", "WON"),
    ]
    keep = ["KEEP_LEAD_IN_WEAK_HAND" in strings(f.facts["tags"]) for f in found]
    assert keep == [True, True, False]
    assert all("TOWARD_TENACE" in strings(f.facts["tags"]) for f in found)
    assert all(f.facts["against"] == "♠K" for f in found)


SECOND_HAND = position(
    """
    ♠5 ♠Q ♠3 ♠2
    ♠K ♠A ♥2 ♥3
    """,
    deal="  A: ♠K5\n  Y: ♠AQ\n  B: ♠3 ♥2\n  Z: ♠2 ♥3",
    first=12,
)


def test_second_hand_with_ace_queen_playing_the_queen_is_a_finesse() -> None:
    f = at(DETECTORS["finesse"](Context(game_from_yaml(SECOND_HAND))), "FINESSE", 12)
    assert (f.facts["position"], f.facts["against"], f.facts["outcome"]) == ("second", "♠K", "WON")
    assert "second hand with ♠A Q" in f.text


def test_second_hand_going_up_with_the_ace_is_no_finesse() -> None:
    up = SECOND_HAND.replace("- ♠5 ♠Q ♠3 ♠2\n    - ♠K ♠A ♥2 ♥3", "- ♠5 ♠A ♠3 ♠2\n    - ♠K ♠Q ♥2 ♥3")
    assert up != SECOND_HAND
    assert DETECTORS["finesse"](Context(game_from_yaml(up))) == []


CERTAINTY = position(
    """
    ♠3 ♠4 ♠J ♠9
    ♠10 ♠Q ♠K ♥K
    ♥2 ♥3 ♠2 ♥A
    """,
    deal="  A: ♠103 ♥2\n  Y: ♠Q4 ♥3\n  B: ♠KJ2\n  Z: ♠9 ♥AK",
    first=11,
)


def test_third_hand_jack_with_the_queen_in_dummy_is_a_certainty_not_a_finesse() -> None:
    assert DETECTORS["finesse"](Context(game_from_yaml(CERTAINTY))) == []


# ---------------------------------------------------------------------------------------------
# MOT-ESTABLISH


def test_hand_1_the_dealers_diamonds_are_established_after_trick_7_and_win_tricks_9_and_10() -> None:
    found = run("establish", 1)
    ctx = context(1)
    est = at(found, "ESTABLISHED", 7)
    assert (est.facts["hand"], est.facts["suit"], est.facts["after_trick"]) == ("Z", "diamonds", 7)
    assert "no trumps" in est.text and est.shown
    nine, ten = at(found, "LONG_CARD_WINS", 9), at(found, "LONG_CARD_WINS", 10)
    assert (nine.facts["card"], ten.facts["card"]) == ("♦Q", "♦J")
    assert ten.facts["partner_discard"] == "♠Q" and "dummy throws the losing ♠Q" in ten.text
    assert [ctx.who(s) for s in est.seats] == ["Z"]


def test_hand_1_as_clubs_are_never_established_against_trumps() -> None:
    ctx = context(1)
    assert [f for f in run("establish", 1) if f.facts["hand"] == "A"] == []
    assert ctx.who(ctx.tricks[0].leader) == "A"


def test_hand_5_as_hearts_are_established_after_trick_2_and_the_two_wins_trick_5() -> None:
    found = run("establish", 5)
    est = at(found, "ESTABLISHED", 2)
    assert (est.facts["hand"], est.facts["suit"]) == ("A", "hearts")
    assert est.facts["long_cards"] == ["♥2"]
    win = at(found, "LONG_CARD_WINS", 5)
    assert win.cards == (Card.parse("H2"),) and win.shown


def test_hand_4_as_clubs_after_trick_1_and_dummys_spades_after_trick_2() -> None:
    found = run("establish", 4)
    clubs, spades = at(found, "ESTABLISHED", 1), at(found, "ESTABLISHED", 2)
    assert (clubs.facts["hand"], clubs.facts["suit"]) == ("A", "clubs")
    assert (spades.facts["hand"], spades.facts["suit"]) == ("Y", "spades")
    assert at(found, "LONG_CARD_WINS", 7).facts["card"] == "♠6"
    assert {f.trick for f in found if f.label == "LONG_CARD_WINS" and f.facts["hand"] == "A"} == {12, 13}
    assert "dummy's spades are established" in spades.text


def test_a_suit_set_up_that_never_wins_a_trick_is_kept_out_of_the_lesson() -> None:
    # Hand 2: the dealer's clubs are good after trick 11, but the last two tricks go to dummy's trumps.
    est = at(run("establish", 2), "ESTABLISHED", 11)
    assert est.facts["suit"] == "clubs" and not est.shown


def test_hand_3_has_no_established_suit() -> None:
    assert run("establish", 3) == []


# ---------------------------------------------------------------------------------------------
# MOT-REENTRY


def test_hand_5_trick_9_the_spade_to_dummys_jack_is_the_re_entry_for_the_club_finesse() -> None:
    f = at(run("re-entry", 5), "REENTRY", 9)
    assert f.facts["entry"] == "♠J" and f.facts["purpose"] == "finesse"
    assert (f.facts["then_led"], f.facts["led_at"]) == ("♣9", 11)
    assert 11 in f.all_tricks
    assert "♠6 puts dummy in with the ♠J" in f.text


def test_hand_5_trick_5_the_dealer_throws_a_club_and_keeps_his_small_spade() -> None:
    f = at(run("re-entry", 5), "ENTRY_KEPT", 5)
    assert (f.facts["discard"], f.facts["kept"], f.facts["entry_trick"]) == ("♣6", "♠6", 9)
    assert f.all_tricks == (5, 9)
    assert "throws the ♣6, not his ♠6" in f.text


def test_hand_4_bs_diamonds_then_the_club_king_bring_in_as_clubs() -> None:
    f = at(run("re-entry", 4), "REENTRY", 9)
    assert f.facts["hand"] == "B" and f.facts["purpose"] == "established"
    assert {10, 11} <= set(f.all_tricks)
    assert cards("DQ", "DA", "CK") <= set(f.cards)
    # at trick 9 the dealer's ♣9 still stands over A's ♣8: the clubs are not yet established
    assert "run A's clubs; the ♣8 is good only once the dealer's ♣9 has fallen" in f.text
    assert "established clubs" not in f.text


def test_hand_1_trick_8_the_spade_ace_is_the_way_back_to_the_diamonds() -> None:
    f = at(run("re-entry", 1), "REENTRY", 8)
    assert (f.facts["entry"], f.facts["then_led"]) == ("♠A", "♦Q")


def test_winning_a_round_of_the_established_suit_itself_is_no_re_entry() -> None:
    # Hand 5 T1: B wins the ♥10 and returns A's hearts; Hand 4 T12: A wins the ♣10 and leads his last card.
    assert [f for f in run("re-entry", 5) if f.trick == 1] == []
    assert [f for f in run("re-entry", 4) if f.trick == 12] == []


# ---------------------------------------------------------------------------------------------
# MOT-DRAW


def test_hand_1_tricks_5_and_6_dummy_draws_every_trump() -> None:
    f = at(run("draw-trumps", 1), "DRAW_TRUMPS", 5)
    assert f.all_tricks == (5, 6) and f.facts["complete"] is True
    assert set(strings(f.facts["drawn"])) == {"♥7", "♥9", "♥10", "♥Q"}


def test_hand_3_tricks_3_to_5_the_draw_leaves_bs_master_jack_out() -> None:
    # Reported as DRAW_TRUMPS with complete=False and the trump left out in the facts [interp].
    f = at(run("draw-trumps", 3), "DRAW_TRUMPS", 3)
    assert f.all_tricks == (3, 4, 5)
    assert (f.facts["complete"], f.facts["left"], f.facts["left_with"]) == (False, ["♥J"], "B")
    assert "B keeps the ♥J" in f.text


def test_hand_2_trick_9_the_dealer_ruffs_his_losing_spade_before_drawing_bs_trump() -> None:
    found = run("draw-trumps", 2)
    f = at(found, "RUFF_BEFORE_DRAWING", 9)
    assert (f.facts["ruffed"], f.facts["with"], f.facts["defenders_with_trumps"]) == ("♠9", "♥3", ["B"])
    assert "before drawing B's trump" in f.text
    assert at(found, "DRAW_TRUMPS", 11).facts["drawn"] == ["♥9"]


def test_a_ruff_in_the_hand_longer_in_trumps_is_not_ruffing_before_drawing() -> None:
    # Hand 2 T10: the dealer leads a club and dummy, with four trumps, ruffs it.
    assert [f.trick for f in run("draw-trumps", 2) if f.label == "RUFF_BEFORE_DRAWING"] == [9]


def test_trump_leads_after_the_adversaries_have_none_are_not_a_draw() -> None:
    # Hand 1 T12–13: dummy leads the ♥J and ♥4 when A and B have no trumps left.
    assert [f.trick for f in run("draw-trumps", 1)] == [5]


def elwell_1904(name: str, n: int) -> list[Finding]:
    game = game_from_yaml((HANDS / "elwell-1904" / f"hand-{n}.yaml").read_text(encoding="utf-8"))
    return DETECTORS[name](Context(game))


def test_a_finesse_is_judged_by_where_the_card_lay_not_by_who_took_the_trick() -> None:
    # Elwell 1904 Hand 16 trick 4: dummy's ♣3 under the ♣Q "wins" only because B holds up the ♣K
    f = at(elwell_1904("finesse", 16), "FINESSE", 4)
    assert f.facts["outcome"] == "WON" and "It wins." not in f.text
    assert "only because B, who holds the ♣K, does not play it" in f.text
    # Hand 20 trick 7: dummy's ♥10 loses to B's ♥A, but the ♥J lay with A: the finesse was right
    f = at(elwell_1904("finesse", 20), "FINESSE", 7)
    assert f.facts["outcome"] == "LOST" and "It loses" not in f.text
    assert "the finesse itself was right: the ♥J lay with A" in f.text


def test_second_hand_finesses_nothing_when_his_partner_is_void() -> None:
    # Elwell 1904 Hand 24 trick 9: dummy, last, has no spade and ruffs: Z's ♠9 is no finesse
    assert [f for f in elwell_1904("finesse", 24) if f.trick == 9] == []


def test_no_hold_up_against_a_singleton_lead() -> None:
    # Elwell 1904 Hand 29 trick 3: A leads his singleton ♦J; dummy's duck strips no one, and B's
    # seven diamonds are untouched by it
    assert [f for f in elwell_1904("hold-up", 29) if f.facts.get("suit") == "diamonds"] == []
    # Hand 32 tricks 1-3: B's ♥J and ♥Q are stripped by the dealer's two hold-ups of the ♥A
    assert [(f.trick, f.label) for f in elwell_1904("hold-up", 32)] == [
        (1, "HOLD_UP"),
        (2, "HOLD_UP"),
        (3, "HOLD_UP_EFFECTIVE"),
    ]


def test_a_trump_led_at_the_last_trick_draws_nothing() -> None:
    # Elwell 1904 Hand 24 trick 13: dummy's ♥Q falls with the last cards; nothing is left to ruff
    game = game_from_yaml((HANDS / "elwell-1904" / "hand-24.yaml").read_text(encoding="utf-8"))
    assert [f.trick for f in DETECTORS["draw-trumps"](Context(game)) if f.label == "DRAW_TRUMPS"] == []


def test_no_trumps_nothing_to_draw() -> None:
    assert run("draw-trumps", 4) == [] and run("draw-trumps", 5) == []


# ---------------------------------------------------------------------------------------------
# Robustness: every hand and fixture


GAMES = [f"foster-{n}" for n in range(1, 6)] + sorted(p.name for p in VALID.glob("*.yaml"))


def _game(name: str) -> Context:
    if name.startswith("foster-"):
        return Context(foster(int(name.split("-")[1])))
    return Context(game_from_yaml((VALID / name).read_text(encoding="utf-8"), name))


@pytest.mark.parametrize("name", GAMES)
def test_the_detectors_run_on_every_hand_and_fixture_and_report_well_formed_findings(name: str) -> None:
    ctx = _game(name)
    numbers = {t.number for t in ctx.tricks}
    for detector in NAMES:
        for f in DETECTORS[detector](ctx):
            assert f.motif == detector and f.label.isupper() and f.text.strip()
            assert f.trick in numbers and set(f.all_tricks) <= numbers
            json.dumps(dict(f.facts))  # plain values only
            assert '"' not in f.text  # our own words, no quotations
