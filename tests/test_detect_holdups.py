"""Holding up and ducking (rules-reference §7, MOT-HOLDUP; issue 14 item 3): the defenders' hold-ups
in the declarer's long suit, the declarer's hold-ups after the first round and with a split stopper,
and the declarer's duck — on Elwell's hands as transcribed in hands/, and on small end positions."""

from __future__ import annotations

from pathlib import Path

from replayer.teaching.annotate import DETECTORS
from replayer.teaching.context import Author, Context
from replayer.teaching.findings import Finding
from replayer.teaching.techniques import VOCABULARY
from tests.support.games import game_from_yaml

HANDS = Path(__file__).resolve().parent.parent / "hands"


def elwell(year: int, n: int) -> Context:
    path = HANDS / f"elwell-{year}" / f"hand-{n}.yaml"
    return Context(game_from_yaml(path.read_text(encoding="utf-8"), path.name), Author.ELWELL)


def hold_ups(ctx: Context) -> list[Finding]:
    return DETECTORS["hold-up"](ctx)


def at(found: list[Finding], label: str, trick: int) -> Finding:
    hits = [f for f in found if f.label == label and f.trick == trick]
    assert len(hits) == 1, f"{label} at trick {trick}: {[(f.label, f.trick) for f in found]}"
    return hits[0]


def position(rows: str, *, deal: str, leader: str, first: int) -> str:
    """An end position at no-trumps under Bridge Whist, the dealer Z; rows in columns A Y B Z."""
    tricks = "\n".join(f"    - {r.strip()}" for r in rows.strip().splitlines())
    return (
        f"rules: bridge-whist\ndealer: Z\ndeclaration: {{maker: Z, trump: NT}}\ndeal:\n{deal}\n"
        f"play:\n  first_trick: {first}\n  leader: {leader}\n  tricks:\n{tricks}\n"
    )


# ---------------------------------------------------------------------------------------------
# the defenders' hold-up


def test_a_defender_keeps_the_ace_of_the_declarers_long_suit_until_the_dealer_has_none() -> None:
    # Elwell 1902 Hand 3: the dealer leads his singleton ♦K towards dummy's seven diamonds; A plays
    # the ♦6 and keeps the ♦A, which takes dummy's ♦Q at trick 4 when the dealer has no diamond left
    f = at(hold_ups(elwell(1902, 3)), "HOLD_UP", 2)
    assert f.facts["by"] == "defender" and f.facts["kept"] == "♦A" and f.all_tricks == (2, 4)
    assert f.text.startswith("A plays the ♦6 and lets the dealer's ♦K win, keeping the ♦A")
    assert "(♦Q J 9 5 4 3 2 in dummy's hand)" in f.text
    assert "The ♦A wins at trick 4, when the dealer has no diamonds left." in f.text


def test_a_hold_up_that_did_not_exhaust_the_short_hand_says_so() -> None:
    # Elwell 1902 Hand 1 trick 4: B lets the dealer's ♣10 win and takes the second round with the
    # ♣A, but the dealer, with three clubs, still holds the ♣3
    f = at(hold_ups(elwell(1902, 1)), "HOLD_UP", 4)
    assert f.facts["by"] == "defender" and f.text.startswith("B plays the ♣7 and lets the dealer's ♣10 win")
    assert "The ♣A wins at trick 5, when the dealer still holds ♣3." in f.text
    assert "has no clubs left, when" not in f.text


def test_two_rounds_held_up_make_two_findings_the_second_short() -> None:
    # Elwell 1904 Hand 14: B keeps the ♦A through the ♦Q and the ♦J, and takes the third round
    found = [f for f in hold_ups(elwell(1904, 14)) if f.facts.get("by") == "defender"]
    assert [(f.trick, f.all_tricks) for f in found] == [(2, (2, 4)), (3, (3, 4))]
    assert found[1].text.startswith("B holds up again: he plays the ♦9 and lets dummy's ♦J win")


HELD_BY_A = position(
    """
    ♠4 ♠5 ♠2 ♠Q
    ♠K ♠6 ♥4 ♠J
    ♥3 ♠7 ♥5 ♥2
    """,
    deal="  A: ♠K4 ♥3\n  Y: ♠765\n  B: ♠2 ♥54\n  Z: ♠QJ ♥2",
    leader="Z",
    first=11,
)


def test_the_defender_who_could_have_won_the_trick_holds_up() -> None:
    f = at(hold_ups(Context(game_from_yaml(HELD_BY_A))), "HOLD_UP", 11)
    assert f.facts["kept"] == "♠K" and f.all_tricks == (11, 12)
    assert "when the dealer has no spades left" in f.text


def test_no_hold_up_when_a_declaring_hand_still_to_play_holds_a_higher_card() -> None:
    # dummy, playing after A, holds the ♠A: A's ♠K could not have won the trick
    over = HELD_BY_A.replace("Y: ♠765", "Y: ♠A65").replace("♠K ♠6 ♥4 ♠J", "♠K ♠A ♥4 ♠J")
    over = over.replace("♥3 ♠7 ♥5 ♥2", "♥3 ♠6 ♥5 ♥2")
    assert hold_ups(Context(game_from_yaml(over))) == []


# ---------------------------------------------------------------------------------------------
# the declarer's hold-up after the first round, and with the stopper split


def test_the_declarer_holds_up_on_the_second_round_after_winning_the_first() -> None:
    # Elwell 1902 Hand 4: the dealer wins the first heart with the ♥Q, then lets A's ♥J win and keeps
    # the ♥A, which takes the third round when B has no heart left
    found = hold_ups(elwell(1902, 4))
    held = at(found, "HOLD_UP", 3)
    assert held.facts["by"] == "declarer" and "holds up the ♥A and lets A's ♥J win" in held.text
    assert at(found, "HOLD_UP_EFFECTIVE", 4).all_tricks == (3, 4)


def test_a_split_stopper_held_up_is_named_without_calling_it_the_only_stopper() -> None:
    # Elwell 1902 Hand 9 trick 1: ♥Q 5 in dummy, ♥K 6 2 in the dealer's hand; B's ♥10 is let win
    f = at(hold_ups(elwell(1902, 9)), "HOLD_UP", 1)
    assert f.facts["stopper"] == "♥K"
    assert "holds up the ♥K and lets B's ♥10 win, though the ♥K would have taken the trick" in f.text
    assert "only one stopper" not in f.text and "Letting the suit run a round or two first" in f.text


# ---------------------------------------------------------------------------------------------
# the declarer's duck


def test_the_declaring_side_ducks_a_round_of_its_long_suit_keeping_the_ace() -> None:
    # Elwell 1902 Hand 4 trick 2: the dealer leads the ♠3, dummy plays the ♠2 from ♠A 9 6 5 2 and
    # A's ♠10 wins; the ♠A, dummy's re-entry, wins later
    f = at(hold_ups(elwell(1902, 4)), "DUCK", 2)
    assert f.facts["kept"] == "♠A" and f.all_tricks == (2, 6)
    assert "the dealer leads the ♠3 and dummy plays the ♠2, and A's ♠10 wins the trick" in f.text
    assert "keeps dummy's ♠A for later rounds" in f.text


def test_a_lost_finesse_is_not_a_duck() -> None:
    # Elwell 1902 Hand 9 trick 8: dummy's ♠Q loses to B's ♠K: a finesse, not a round given up
    assert [f for f in hold_ups(elwell(1902, 9)) if f.label == "DUCK"] == []


def test_a_duck_counts_for_the_duck_label() -> None:
    assert VOCABULARY["duck"].detector == "hold-up"


# ---------------------------------------------------------------------------------------------
# the finesse that is an unblock


def test_the_short_hands_high_card_over_a_long_suit_is_not_shown_as_a_finesse() -> None:
    # Elwell 1904 Hand 38 trick 1: dummy's ♣J from ♣K J 5 over Z's six clubs keeps dummy's high
    # clubs from blocking the suit; the finesse against the ♣Q is incidental
    f = at(DETECTORS["finesse"](elwell(1904, 38)), "FINESSE", 1)
    assert not f.shown
    # Hand 10 trick 5: the dealer's ♣9 from ♣A 9 2 under dummy's ♣Q J 10 6 3 is a real finesse
    assert at(DETECTORS["finesse"](elwell(1904, 10)), "FINESSE", 5).shown


# ---------------------------------------------------------------------------------------------
# the hold-up rightly not made


def test_with_a_whole_suit_against_him_the_dealer_takes_the_first_lead_at_once() -> None:
    # Elwell 1904 Hand 15 trick 1: B's ♥K is taken with the ♥A, the side's only heart stopper, while
    # A-B hold every diamond above the dealer's ♦8
    f = at(hold_ups(elwell(1904, 15)), "NO_HOLD_UP", 1)
    assert f.facts["against"] == "diamonds" and f.facts["above"] == ["♦A", "♦K", "♦Q", "♦J", "♦10", "♦9"]
    assert "takes the first heart with the ♥A at once" in f.text and "Elwell's rule" in f.text


def test_no_entire_suit_no_note_and_none_outside_elwells_lessons() -> None:
    # Elwell 1904 Hand 19 trick 1: the dealer takes the ♠Q with the ♠K, but no suit is wholly against
    # him (the note made there is the one on the king, tests/test_detect_holdups2.py)
    assert [f for f in hold_ups(elwell(1904, 19)) if "against" in f.facts] == []
    path = HANDS / "elwell-1904" / "hand-15.yaml"
    unknown = Context(game_from_yaml(path.read_text(encoding="utf-8"), path.name))
    assert [f for f in hold_ups(unknown) if f.label == "NO_HOLD_UP"] == []


def test_a_defender_keeps_the_master_of_his_own_suit_his_only_re_entry() -> None:
    # Elwell 1904 Hand 33 trick 2: B returns the ♦9, the dealer covers with the ♦J, and A keeps his ♦A
    f = at(hold_ups(elwell(1904, 33)), "HOLD_UP", 2)
    assert f.facts["by"] == "defender" and f.facts["master"] is True and f.all_tricks == (2, 4)
    assert f.text.startswith(
        "A plays the ♦5 and lets the dealer's ♦J win, keeping the ♦A, the master diamond"
    )
    assert "He holds no other ace or king" in f.text and "(♦A 10 7 6 5)" in f.text


def test_outside_the_declarers_long_suit_only_the_master_kept_is_a_hold_up() -> None:
    # Elwell 1904 Hand 20 trick 6: B keeps the ♥A under the dealer's ♥K (hearts: six cards for the
    # declaring side, seven for the defenders); his hearts are four, so no word of re-entry
    f = at(hold_ups(elwell(1904, 20)), "HOLD_UP", 6)
    assert f.facts["kept"] == "♥A" and "re-entry" not in f.text and f.text.endswith("The ♥A wins at trick 7.")
