"""The lead detectors (rules-reference §7): MOT-LEAD, MOT-ELEVEN, MOT-FOURCHETTE, MOT-COVER, MOT-THROUGH
and MOT-TRUMPLEAD, on Foster's five hands (the §7.x fixture matrix) and on small synthetic layouts for
the book's lost diagrams (§7, MOT-ELEVEN, MOT-FOURCHETTE, MOT-TRUMPLEAD)."""

from __future__ import annotations

from pathlib import Path

import pytest

from replayer.rules.cards import Card, parse_holding
from replayer.rules.game import Game
from replayer.rules.seats import Letter, Seat
from replayer.teaching.annotate import DETECTORS, TECHNIQUES
from replayer.teaching.context import Context
from replayer.teaching.detectors import leads as detect_leads
from replayer.teaching.detectors import trump_leads as detect_trump_leads
from replayer.teaching.findings import Finding
from support.games import foster, game_from_yaml

NAMES = ("lead", "eleven", "fourchette", "cover", "through", "trump-lead")
VALID = sorted((Path(__file__).parent / "fixtures" / "valid").glob("*.yaml"))


def c(text: str) -> Card:
    return Card.parse(text)


def run(game: Game, name: str) -> list[Finding]:
    return DETECTORS[name](Context(game))


def at(game: Game, name: str, trick: int) -> list[Finding]:
    return [f for f in run(game, name) if f.trick == trick]


def one(game: Game, name: str, trick: int, label: str) -> Finding:
    found = [f for f in at(game, name, trick) if f.label == label]
    assert len(found) == 1, [(f.trick, f.label) for f in run(game, name)]
    return found[0]


def elwell_1902(n: int) -> Game:
    """Elwell's Bridge Hand No. n (1902), as transcribed in hands/elwell-1902/."""
    path = Path(__file__).parent.parent / "hands" / "elwell-1902" / f"hand-{n}.yaml"
    return game_from_yaml(path.read_text(encoding="utf-8"), path.name)


def seat(game: Game, letter: str) -> Seat:
    return game.seat_of(Letter[letter])


# ---------------------------------------------------------------------------------------------
# Synthetic layouts (the book's diagrams are lost; rules-reference §7 gives these [interp])

# p.63: the seven led; Z has no spade above it.  Five cards each, Z deals and plays no-trumps.
P63 = """
rules: bridge-whist
declaration: {{maker: Z, trump: no-trumps}}
deal:
  A: ♠KQ972
  Y: ♠J85 ♥AK
  B: ♠A103 ♦32
  Z: ♠64 ♣AKQ
play:
  first_trick: 9
  leader: A
  tricks:
    - {row}
"""

# p.64-65: the six led; Z wins with the ace holding the king as well.
P64 = """
rules: bridge-whist
declaration: {{maker: Z, trump: no-trumps}}
deal:
  A: ♠QJ862
  Y: ♠974 ♥AK
  B: ♠1053 ♦32
  Z: ♠AK ♣AKQ
play:
  first_trick: 9
  leader: A
  tricks:
    - {row}
"""

# p.53: hearts made by the dealer; the eldest hand holds ♥8 6 3 ♣A Q x ♦K 9 2 ♠K J 7 4.
P53 = """
rules: bridge-whist
declaration: {{maker: Z, trump: hearts{doubles}}}
deal:
  A: ♠KJ74 ♥863 {a_diamonds} ♣AQ5
  Y: ♠986 ♥975 ♦1087 ♣10987
  B: ♠532 ♥42 ♦6543 ♣6432
  Z: ♠AQ10 ♥AKQJ10 {z_diamonds} ♣KJ
play:
  tricks:
    - {row}
"""


# The same cards with dummy's make (the dealer passed) and A's spades swapped for dummy's ♠9 8.
PASSED = """
rules: bridge-whist
declaration: {{maker: Y, trump: hearts}}
deal:
  A: ♠9874 ♥863 ♦K92 ♣AQ5
  Y: ♠KJ6 ♥975 ♦1087 ♣10987
  B: ♠532 ♥42 ♦6543 ♣6432
  Z: ♠AQ10 ♥AKQJ10 ♦AQJ ♣KJ
play:
  tricks:
    - {row}
"""


def p53(row: str, *, weak_diamonds: bool = False, doubles: str = "") -> Game:
    a, z = ("♦Q92", "♦AKJ") if weak_diamonds else ("♦K92", "♦AQJ")
    return game_from_yaml(P53.format(row=row, a_diamonds=a, z_diamonds=z, doubles=doubles))


# p.65: the jack led, second hand holds the queen and ten.
P65 = """
rules: bridge-whist
declaration: {{maker: Z, trump: no-trumps}}
deal:
  A: ♠Q104 ♦32
  Y: ♠A3 ♥AKQ
  B: ♠K98 ♦54
  Z: ♠J5 ♣AKQ
play:
  first_trick: 9
  leader: Z
  tricks:
    - {row}
"""

# Small end positions (columns A Y B Z), Z playing no-trumps.
END = """
rules: bridge-whist
declaration: {{maker: Z, trump: no-trumps}}
deal: {{A: "{a}", Y: "{y}", B: "{b}", Z: "{z}"}}
play:
  first_trick: {first}
  leader: {leader}
  tricks:
{rows}
"""


def end(leader: str, a: str, y: str, b: str, z: str, *rows: str, first: int = 12) -> Game:
    body = "\n".join(f"    - {r}" for r in rows)
    return game_from_yaml(END.format(leader=leader, a=a, y=y, b=b, z=z, rows=body, first=first))


# ---------------------------------------------------------------------------------------------
# Registry


def test_the_six_detectors_are_registered_under_their_technique_headings() -> None:
    assert {n: TECHNIQUES[n] for n in NAMES} == {
        "lead": "Opening leads",
        "eleven": "The Eleven Rule",
        "fourchette": "The fourchette",
        "cover": "Second-hand play",
        "through": "Leading through strength",
        "trump-lead": "Trump leads",
    }
    assert DETECTORS["lead"] is detect_leads.lead and DETECTORS["trump-lead"] is detect_trump_leads.trump_lead


# ---------------------------------------------------------------------------------------------
# MOT-LEAD


@pytest.mark.parametrize(
    "hand, trick, letter, card",
    [
        (1, 1, "A", "♣K"),
        (1, 2, "A", "♣J"),
        (1, 3, "A", "♣Q"),  # ♣A K Q J 2
        (2, 1, "A", "♠K"),
        (2, 2, "A", "♠Q"),  # ♠A K Q 7 6
        (3, 1, "A", "♦K"),
        (3, 2, "A", "♦6"),  # ♦K Q 10 6
        (4, 1, "A", "♣7"),  # ♣J 10 8 7 3 2 at no-trumps
        (5, 1, "A", "♥6"),  # ♥K Q 8 6 2 at no-trumps
        (3, 10, "B", "♠A"),
        (3, 11, "B", "♠5"),  # ♠A Q 6 5: the ace, then the fourth-best
    ],
)
def test_book_leads_and_continuations_follow_the_table(hand: int, trick: int, letter: str, card: str) -> None:
    game = foster(hand)
    f = one(game, "lead", trick, "LEAD_OK")
    assert f.seats == (seat(game, letter),) and f.cards == (c(card),) and f.shown
    assert f.facts["expected"] == card
    assert card in f.text and f.text.startswith(letter)


def test_queen_after_king_says_the_jack_is_missing() -> None:
    f = one(foster(2), "lead", 2, "LEAD_OK")
    assert f.facts["round"] == 2 and f.all_tricks == (1, 2)
    assert "jack is not with the leader" in f.text and "♠A K Q 7 6" in f.text


def test_continuation_from_king_queen_ten_is_the_original_fourth_best() -> None:
    f = one(foster(3), "lead", 2, "LEAD_OK")
    assert f.facts["holding"] == "♦K Q 10 6" and "original fourth-best" in f.text


def test_third_round_goes_on_with_the_lowest_winner() -> None:
    f = one(foster(1), "lead", 3, "LEAD_OK")
    assert f.facts["round"] == 3 and "lowest of several winners (♣A Q)" in f.text


def test_fourth_best_lead_at_no_trumps_points_to_the_eleven_rule() -> None:
    f = one(foster(5), "lead", 1, "LEAD_OK")
    assert f.facts["table"] == "no-trumps" and "fourth-best" in f.text and "Eleven Rule" in f.text


def test_an_opening_lead_off_the_table_names_the_tables_card() -> None:
    game = p53("♠7 ♠6 ♠2 ♠10")  # from ♠K J 7 4 the table gives the fourth-best, the 4
    f = one(game, "lead", 1, "LEAD_DEVIATION")
    assert f.facts["expected"] == "♠4" and f.cards == (c("♠7"),) and f.shown
    assert "Foster's table gives ♠4, the fourth-best," in f.text


def test_the_tables_card_is_ok_where_another_would_deviate() -> None:
    f = one(p53("♠4 ♠6 ♠2 ♠10"), "lead", 1, "LEAD_OK")
    assert f.facts["row"] == "a long suit with no honours in sequence"


def test_an_opening_from_a_holding_the_table_omits_is_unspecified_and_quiet() -> None:
    f = one(p53("♦2 ♦7 ♦3 ♦J"), "lead", 1, "LEAD_UNSPECIFIED")  # ♦K 9 2: three cards, no row
    assert not f.shown and f.facts["expected"] is None


def test_a_tactical_mid_hand_lead_is_information_not_a_deviation() -> None:
    # S2 H2 T6: A leads ♣3 from ♣J 4 3 to put B in; the opening table would give the jack.
    f = one(foster(2), "lead", 6, "LEAD_INFO")
    assert not f.shown and f.facts["expected"] == "♣J"
    assert not [g for g in run(foster(2), "lead") if g.label == "LEAD_DEVIATION"]


def test_leads_by_the_declarer_side_and_returns_of_partners_suit_are_not_judged() -> None:
    # H5 T2 B returns A's hearts; H4 T2 onwards the declarer side leads
    assert at(foster(5), "lead", 2) == [] and at(foster(4), "lead", 2) == []


def test_no_lead_note_when_the_record_does_not_start_at_trick_one() -> None:
    game = game_from_yaml(next(p for p in VALID if p.name == "end-position.yaml").read_text(encoding="utf-8"))
    assert run(game, "lead") == []


@pytest.mark.parametrize(
    "holding, nt, expected",
    [
        ("♠Q8742", False, "♠4"),  # p.54: fourth-best
        ("♠KJ105", False, "♠10"),  # p.54: the only ten lead
        ("♠QJ9", False, "♠Q"),
        ("♠J10", False, "♠J"),
        ("♠AQJ4", False, "♠A"),
        ("♦J10732", True, "♦3"),  # p.56: fourth-best, two honours
        ("♠AK854", True, "♠5"),  # p.56: the A K are not three winners
        ("♠KQ1043", True, "♠K"),
        ("♠AK1042", True, None),  # other three-honour holdings: not specified
        ("♠K7", False, None),
    ],
)
def test_the_lead_tables(holding: str, nt: bool, expected: str | None) -> None:
    cards = sorted((t.card for t in parse_holding(holding) if t.card), key=lambda x: -x.rank)
    row = detect_leads._nt_row(cards, entry=False) if nt else detect_leads._trump_row(cards)
    got = detect_leads._resolve(row.lead, cards)
    assert (str(got) if got else None) == expected


def test_ace_queen_jack_at_no_trumps_leads_the_ace_only_with_a_card_of_re_entry() -> None:
    cards = [c("♠A"), c("♠Q"), c("♠J"), c("♠7"), c("♠3")]
    assert (
        detect_leads._nt_row(cards, entry=True).lead == 14
        and detect_leads._nt_row(cards, entry=False).lead == 12
    )


# ---------------------------------------------------------------------------------------------
# MOT-ELEVEN


def test_hand_5_b_plays_the_ten_by_the_eleven_rule() -> None:
    game = foster(5)
    f = one(game, "eleven", 1, "ELEVEN_APPLIED")
    assert f.seats == (seat(game, "B"), seat(game, "A")) and f.cards == (c("♥6"), c("♥10"))
    assert f.facts["n_out"] == 5 and f.facts["n_decl"] == 0 and f.facts["kept"] == "♥A"
    assert (
        "11 − 6 = 5" in f.text and "dummy shows three (♥J 9 7)" in f.text and "B holds two (♥A 10)" in f.text
    )
    assert "win with the ten and keep his ace" in f.text and "♥J would have won a trick later" in f.text


@pytest.mark.parametrize(
    "hand, trick, letter, n_decl, cards",
    [(4, 1, "B", 1, "♣9"), (1, 8, "A", 2, "♠A 9")],
)
def test_third_hand_counts_the_declarers_higher_cards(
    hand: int, trick: int, letter: str, n_decl: int, cards: str
) -> None:
    game = foster(hand)
    f = one(game, "eleven", trick, "ELEVEN_COUNT")
    assert f.shown and f.seats[0] == seat(game, letter)
    assert f.facts["n_decl"] == n_decl and f.facts["declarer_cards"] == cards
    assert f"so the dealer holds {('one', 'two')[n_decl - 1]} (here {cards})" in f.text


def test_hand_4_count_sees_dummys_ace_and_bs_king_queen() -> None:
    f = one(foster(4), "eleven", 1, "ELEVEN_COUNT")
    assert (
        "11 − 7 = 4 clubs" in f.text and "B holds two (♣K Q)" in f.text and "dummy shows one (♣A)" in f.text
    )


def test_p63_third_hand_lets_the_seven_hold() -> None:
    game = game_from_yaml(P63.format(row="♠7 ♠5 ♠3 ♠4"))
    f = one(game, "eleven", 9, "ELEVEN_APPLIED")
    assert f.facts["played"] == "♠3" and f.facts["kept"] == "♠A" and f.facts["n_out"] == 4
    assert "let A's ♠7 hold and keep his ace" in f.text


def test_p63_third_hand_wins_with_the_ten_over_dummys_eight() -> None:
    f = one(game_from_yaml(P63.format(row="♠7 ♠8 ♠10 ♠4")), "eleven", 9, "ELEVEN_APPLIED")
    assert f.cards == (c("♠7"), c("♠10")) and "win with the ten" in f.text


def test_p63_ace_on_dummys_jack_is_forced_so_only_the_count_is_noted() -> None:
    found = at(game_from_yaml(P63.format(row="♠7 ♠J ♠A ♠4")), "eleven", 9)
    assert [f.label for f in found] == ["ELEVEN_COUNT"] and found[0].facts["n_decl"] == 0


def test_p63_ace_on_dummys_small_card_misses_the_eleven_rule() -> None:
    f = one(game_from_yaml(P63.format(row="♠7 ♠5 ♠A ♠4")), "eleven", 9, "ELEVEN_MISSED")
    assert (
        f.facts["played"] == "♠A"
        and "three would have held the trick" in f.text
        and "B plays the ace" in f.text
    )


def test_p64_the_count_sees_through_the_dealers_false_card() -> None:
    game = game_from_yaml(P64.format(row="♠6 ♠4 ♠10 ♠A"))
    f = one(game, "eleven", 9, "ELEVEN_FALSECARD")
    assert f.seats == (seat(game, "Z"), seat(game, "B")) and f.cards == (c("♠A"), c("♠K"))
    assert f.facts["hidden"] == 2 and f.facts["left"] == 1
    assert "wins with ♠A rather than ♠K" in f.text and "one more (here ♠K)" in f.text
    assert not one(game, "eleven", 9, "ELEVEN_COUNT").shown  # the false-card note says it all


def test_the_false_card_note_does_not_call_the_lower_card_as_good_elwell_1902_hand_3() -> None:
    # the dealer wins with the ♥A to keep the ♥K J (Elwell's note): the ♥K would not have done as well
    f = one(elwell_1902(3), "eleven", 1, "ELEVEN_FALSECARD")
    assert "would have done as well" not in f.text
    assert "wins with ♥A rather than ♥K" in f.text and "two more (here ♥K J)" in f.text


def test_no_false_card_when_the_dealer_wins_with_his_only_high_card() -> None:
    # H1 T8: the dealer takes B's ♠5 with the ♠A from ♠A 9; nothing deceptive
    assert [f.label for f in at(foster(1), "eleven", 8)] == ["ELEVEN_COUNT"]


def test_an_honour_lead_is_not_an_eleven_rule_lead() -> None:
    assert at(foster(1), "eleven", 1) == [] and at(foster(3), "eleven", 1) == []
    assert run(game_from_yaml(P64.format(row="♠Q ♠4 ♠3 ♠K")), "eleven") == []


def test_a_fourth_best_continuation_is_not_a_new_count() -> None:
    assert at(foster(3), "eleven", 2) == []  # ♦6 from K Q 10 6 after the king: not a first lead


def test_winning_with_the_lower_of_touching_cards_is_third_hand_play_not_the_eleven_rule() -> None:
    # ♠6 fourth-best from ♠Q J 9 6 2; dummy's ♠10 goes up and B wins with the king from ♠A K 3
    game = end("A", "♠QJ962", "♠1087 ♥AK", "♠AK3 ♦32", "♠54 ♣AKQ", "♠6 ♠10 ♠K ♠4", first=9)
    assert [f.label for f in run(game, "eleven")] == ["ELEVEN_COUNT"]


def test_ducking_with_nothing_above_partners_card_is_not_an_application() -> None:
    # B's ♠6 5 3 are all below A's seven: playing low is forced, so only the count is noted
    game = end("A", "♠KQ972", "♠AJ1084", "♠653 ♦32", "♣AKQJ10", "♠7 ♠4 ♠3 ♣10", first=9)
    assert [f.label for f in run(game, "eleven")] == ["ELEVEN_COUNT"]


def test_lowest_of_three_cards_is_not_fourth_best() -> None:
    # all thirteen spades are in the position, so only the length is wanting
    game = end("A", "♠Q93 ♥2", "♠J85 ♥3", "♠A104 ♥4", "♠K762", "♠3 ♠5 ♠10 ♠2", first=10)
    assert run(game, "eleven") == []


# ---------------------------------------------------------------------------------------------
# MOT-FOURCHETTE


def test_hand_5_dummy_covers_with_the_fourchette() -> None:
    game = foster(5)
    f = one(game, "fourchette", 1, "FOURCHETTE")
    assert f.seats == (seat(game, "Y"),) and f.cards == (c("♥6"), c("♥7"), c("♥5"))
    assert f.text.startswith("Dummy covers A's ♥6 with ♥7") and "fourchette" in f.text


def test_the_only_fourchette_in_fosters_hands_is_hand_5s() -> None:
    assert [(n, f.trick) for n in range(1, 6) for f in run(foster(n), "fourchette")] == [(5, 1)]


def test_p65_jack_led_second_hand_covers_with_the_queen_from_queen_ten() -> None:
    game = game_from_yaml(P65.format(row="♠Q ♠A ♠8 ♠J"))
    f = one(game, "fourchette", 9, "FOURCHETTE")
    assert f.seats == (seat(game, "A"),)
    assert f.facts == {"led": "♠J", "above": "♠Q", "below": "♠10", "played": "♠Q"}


def test_p65_small_card_under_the_fourchette_is_noted() -> None:
    f = one(game_from_yaml(P65.format(row="♠4 ♠A ♠8 ♠J")), "fourchette", 9, "FOURCHETTE_MISSED")
    assert f.shown and "cover with ♠Q" in f.text and "A plays ♠4" in f.text


def test_no_fourchette_missed_with_small_cards_elwell_1902_hand_5_trick_6() -> None:
    # Z leads ♠3 and A holds ♠4 2: a 4 over a 3 promotes nothing, and dummy's ♠Q wins either way
    assert at(elwell_1902(5), "fourchette", 6) == []


def test_no_fourchette_when_second_hand_lacks_a_neighbour() -> None:
    # p.63 layout: dummy holds the ♠8 above the seven but the ♠6 below it is the dealer's
    assert run(game_from_yaml(P63.format(row="♠7 ♠8 ♠10 ♠4")), "fourchette") == []


@pytest.mark.parametrize(
    "a, z, first_row",
    [("♠3K", "♠29", "♠3 ♠5 ♠6 ♠2"), ("♠KQ", "♠A9", "♠Q ♠5 ♠6 ♠A")],
    ids=["two-led", "ace-led"],
)
def test_no_fourchette_on_a_two_or_an_ace(a: str, z: str, first_row: str) -> None:
    # second hand holds the card next to the one led, but there is none on the other side
    game = end("Z", a, "♠57", "♠68", z, first_row)
    assert run(game, "fourchette") == []


# ---------------------------------------------------------------------------------------------
# MOT-COVER


def test_hand_4_b_covers_dummys_ten_with_the_queen() -> None:
    game = foster(4)
    f = one(game, "cover", 9, "COVER_OK")
    assert f.seats == (seat(game, "B"),) and f.cards == (c("♦10"), c("♦Q")) and "covers with ♦Q" in f.text


def test_pone_who_lets_dummys_honour_pass_is_told_the_rule() -> None:
    # covering dummy's ♦J with the ♦K forces the dealer's ♦A and makes A's ♦10 the master
    game = end("Y", "♦108", "♦J3", "♦K5", "♦A4", "♦8 ♦J ♦5 ♦4", "♦10 ♦3 ♦K ♦A")
    missed = one(game, "cover", 12, "COVER_MISSED")
    assert missed.seats == (seat(game, "B"),)
    assert "holds ♦K over it" in missed.text and "cover an honour" in missed.text


def test_no_missed_cover_when_the_cover_only_falls_to_a_higher_card() -> None:
    # the dealer's ♦A 10 keep the master after the ♦K falls: covering promotes nothing for B and A
    game = end("Y", "♦87", "♦J3", "♦K5", "♦A10", "♦7 ♦J ♦5 ♦10", "♦8 ♦3 ♦K ♦A")
    assert run(game, "cover") == []


def test_a_defender_holding_up_the_master_card_is_no_missed_cover() -> None:
    # B's ♦K is the highest diamond out: letting dummy's ♦J win is a hold-up, not a cover missed
    # (at trick 13 his ♦K is his last card: a forced play is no cover either)
    game = end("Y", "♦87", "♦J10", "♦K5", "♦43", "♦7 ♦J ♦5 ♦3", "♦8 ♦10 ♦K ♦4")
    assert [(f.trick, f.label) for f in run(game, "cover")] == []


def test_eldest_hand_beats_dummys_cards_when_he_can() -> None:
    game = end("Z", "♠Q4", "♠J8", "♠76", "♠32", "♠Q ♠8 ♠6 ♠3", "♠4 ♠J ♠7 ♠2")
    f = one(game, "cover", 12, "BEAT_DUMMY_OK")
    assert f.seats == (seat(game, "A"),) and f.facts["dummy"] == "♠J 8" and "can beat every card" in f.text


def test_eldest_hand_who_plays_small_under_dummys_cards_is_told_the_rule() -> None:
    game = end("Z", "♠Q4", "♠J8", "♠76", "♠A2", "♠4 ♠8 ♠6 ♠2", "♠Q ♠J ♠7 ♠A")
    f = one(game, "cover", 12, "BEAT_DUMMY_MISSED")
    assert f.facts["beaters"] == "♠Q" and "beat dummy's cards when he can" in f.text


def test_at_no_trumps_eldest_hand_holding_up_the_master_card_is_no_missed_play() -> None:
    # A's ♠Q is the highest spade out: keeping it back is a hold-up, not a failure to beat dummy
    game = end("Z", "♠Q4", "♠J8", "♠76", "♠32", "♠4 ♠8 ♠6 ♠3", "♠Q ♠J ♠7 ♠2")
    assert [f.label for f in run(game, "cover")] == []


def test_hand_3_trick_6_no_cover_note_when_a_cannot_beat_dummys_ace() -> None:
    # Z leads ♣J through A's ♣K 5 4 2 with dummy's ♣A Q 10 6 behind: A's ♣2 is right
    assert at(foster(3), "cover", 6) == []


def test_no_beat_dummy_note_when_the_dealers_card_is_above_dummys() -> None:
    # T12: the dealer's ♠Q is above dummy's ♠8 3, nothing to beat there; T13: A's ♠K is his last
    # card, so beating dummy's ♠8 with it is forced and no note either
    game = end("Z", "♠K4", "♠83", "♠76", "♠Q2", "♠4 ♠3 ♠6 ♠Q", "♠K ♠8 ♠7 ♠2")
    assert [(f.trick, f.label) for f in run(game, "cover")] == []


def test_no_cover_note_on_a_small_card_from_dummy() -> None:
    game = end("Y", "♦87", "♦92", "♦K5", "♦43", "♦7 ♦9 ♦5 ♦3", "♦8 ♦2 ♦K ♦4")
    assert run(game, "cover") == []


# ---------------------------------------------------------------------------------------------
# MOT-THROUGH


def test_hand_2_trick_3_through_dummys_strength_and_red_up_to_the_passer() -> None:
    game = foster(2)
    through = one(game, "through", 3, "THROUGH_DUMMY_STRENGTH")
    assert through.seats == (seat(game, "A"), seat(game, "Y")) and through.cards == (c("♦8"),)
    assert (
        through.facts["dummy"] == "♦Q 10 5 4" and "through dummy's strongest suit, ♦Q 10 5 4" in through.text
    )
    red = one(game, "through", 3, "RED_UP_TO_PASSER")
    assert "passed the make" in red.text and "red suit up to him" in red.text


@pytest.mark.parametrize("hand, holding", [(1, "♣A K Q J 2"), (2, "♠A K Q 7 6")])
def test_black_opening_with_high_cards_up_to_the_passer(hand: int, holding: str) -> None:
    f = one(foster(hand), "through", 1, "BLACK_WITH_HIGH_CARDS")
    assert f.facts["holding"] == holding and holding in f.text


def test_small_black_card_up_to_the_passer_gets_no_high_card_note() -> None:
    # A's ♠9 8 7 4 has no high cards; the lead goes through dummy's ♠K J 6, but as the opening lead it is
    # made before dummy is seen: no note on where dummy sits either (Elwell 1904 Hands 17, 21, 38)
    game = game_from_yaml(PASSED.format(row="♠4 ♠6 ♠2 ♠10"))
    assert [f.label for f in run(game, "through")] == []


def test_red_suit_up_to_the_passer() -> None:
    game = game_from_yaml(PASSED.format(row="♦2 ♦7 ♦3 ♦J"))
    f = one(game, "through", 1, "RED_UP_TO_PASSER")
    assert f.seats == (seat(game, "A"),) and f.facts == {"holding": "♦K 9 2", "red": True}


def test_leading_up_to_dummys_weakness() -> None:
    args = ("B", "♣98 ♦2", "♣65 ♦3", "♣K4 ♦4", "♣A2 ♦5", "♣8 ♣5 ♣K ♣A", "♣9 ♣6 ♣4 ♣2", "♦2 ♦3 ♦4 ♦5")
    game = end(*args, first=11)
    f = one(game, "through", 11, "UP_TO_DUMMY_WEAKNESS")
    assert f.seats == (seat(game, "B"), seat(game, "Y")) and "up to dummy's weak ♣6 5" in f.text


def test_a_forced_lead_of_the_last_cards_is_no_choice_of_position() -> None:
    # Elwell 1904 Hands 4, 25, 30: the leader's last two cards are of the suit; the lead chooses nothing
    game = end("B", "♣98", "♣65", "♣K4", "♣A2", "♣8 ♣5 ♣K ♣A", "♣9 ♣6 ♣4 ♣2")
    assert run(game, "through") == []


def test_no_through_note_when_dummy_plays_last() -> None:
    # B leads toward dummy's ♣K Q: that is up to strength, not through it
    game = end("B", "♣98", "♣KQ", "♣A4", "♣32", "♣8 ♣Q ♣A ♣2", "♣9 ♣K ♣4 ♣3")
    assert run(game, "through") == []


def test_no_weakness_note_when_dummy_holds_an_honour() -> None:
    game = end("B", "♣98", "♣J5", "♣K4", "♣A2", "♣8 ♣5 ♣K ♣A", "♣9 ♣J ♣4 ♣2")
    assert run(game, "through") == []


def test_no_passer_notes_when_the_dealer_made_the_trump_or_at_no_trumps() -> None:
    labels = {f.label for n in (3, 4, 5) for f in run(foster(n), "through")}
    assert not labels & {"RED_UP_TO_PASSER", "BLACK_WITH_HIGH_CARDS"}


def test_returning_partners_suit_is_not_a_choice_of_suit() -> None:
    # A leads the clubs, B wins and returns them up to dummy's ♣7: a return, not a choice of suit
    game = end("A", "♣Q5", "♣76", "♣AK", "♣32", "♣5 ♣6 ♣A ♣2", "♣Q ♣7 ♣K ♣3")
    assert run(game, "through") == []


# ---------------------------------------------------------------------------------------------
# MOT-TRUMPLEAD


def test_hand_2_trick_8_the_trump_lead_cuts_the_dealers_ruff_not_dummys() -> None:
    # dummy keeps the ♠9 and cannot ruff spades; the dealer, void in spades, ruffs the ♠9 at trick 9
    game = foster(2)
    f = one(game, "trump-lead", 8, "TRUMP_LEAD")
    assert f.seats == (seat(game, "A"),) and f.cards == (c("♥5"),) and f.shown
    assert f.facts["declarer_led_trumps"] is False and f.facts["dummy_trumps"] == 5
    assert f.facts["dummy_short"] == [] and f.facts["declarer_short"] == ["♠A"]
    assert "The dealer has two trumps and is void in spades" in f.text
    assert "one the dealer cannot use to ruff" in f.text and "Dummy" not in f.text


def test_the_up_to_weakness_note_is_not_said_when_dummys_card_wins_the_trick() -> None:
    # Elwell 1902 Hand 2, trick 6: the lead up to dummy's ♥9 lets it win, the dealer ducking with
    # ♥A Q 10 behind: the nine is not weakness there
    assert [f.label for f in at(elwell_1902(2), "through", 6)] == []


def test_a_red_lead_that_answers_partners_discard_is_not_led_up_to_the_passer() -> None:
    # Foster 1904 Hand 1, trick 4: A leads his singleton ♦7 after B's ♦2 discard at trick 3
    assert [f.label for f in at(foster(1), "through", 4)] == []


def test_the_lead_names_the_honours_it_is_made_from() -> None:
    # Elwell 1902 Hand 12, trick 1: ♦A K Q 4 is headed by the ace, and the table leads the king
    f = one(elwell_1902(12), "lead", 1, "LEAD_OK")
    assert "from ace, king and queen, Foster's table leads the king" in f.text
    assert "headed by the king" not in f.text


def test_only_a_defenders_first_trump_lead_is_noted() -> None:
    game = game_from_yaml("""
rules: bridge-whist
declaration: {maker: Z, trump: hearts}
deal: {A: ♥AK ♠2, Y: ♥4 ♠KQ, B: ♥5 ♦32, Z: ♥76 ♣2}
play:
  first_trick: 11
  leader: A
  tricks: [♥A ♥4 ♥5 ♥6, ♥K ♠Q ♦2 ♥7, ♠2 ♠K ♦3 ♣2]
""")
    found = run(game, "trump-lead")
    assert [(f.trick, f.label, f.shown) for f in found] == [
        (11, "TRUMP_LEAD", True),
        (12, "TRUMP_LEAD", False),
    ]
    assert found[1].facts["again"] is True


def test_p53_trump_opening_with_a_tenace_or_guarded_king_in_every_suit() -> None:
    game = p53("♥3 ♥5 ♥2 ♥10")
    f = one(game, "trump-lead", 1, "TRUMP_OPENING_JUSTIFIED")
    assert f.facts == {"weak_suits": [], "partner_doubled": False}
    assert "tenace or a guarded king in every other suit (♠K J 7 4 ♦K 9 2 ♣A Q 5)" in f.text


def test_trump_opening_without_protection_in_diamonds_is_contrary() -> None:
    f = one(p53("♥3 ♥5 ♥2 ♥10", weak_diamonds=True), "trump-lead", 1, "TRUMP_OPENING_CONTRARY")
    assert f.facts["weak_suits"] == ["diamonds"] and "here diamonds has neither" in f.text
    assert "Foster advises the eldest hand against it" in f.text  # the rule is Foster's [S2 p.53], by name


def test_trump_opening_after_partners_double_is_justified() -> None:
    game = p53("♥3 ♥5 ♥2 ♥10", weak_diamonds=True, doubles=", doubles: [B]")
    f = one(game, "trump-lead", 1, "TRUMP_OPENING_JUSTIFIED")
    assert f.facts["partner_doubled"] is True and "B has doubled" in f.text


def test_plain_suit_leads_and_no_trump_hands_have_no_trump_lead_note() -> None:
    assert run(p53("♠4 ♠6 ♠2 ♠10"), "trump-lead") == []
    assert [f.trick for n in range(1, 6) for f in run(foster(n), "trump-lead")] == [8]  # only H2 T8


# ---------------------------------------------------------------------------------------------
# Every detector on every hand: never raises, and every finding is well formed


@pytest.mark.parametrize(
    "source", [1, 2, 3, 4, 5, *VALID], ids=lambda s: f"hand-{s}" if isinstance(s, int) else s.name
)
def test_detectors_never_raise_and_findings_are_well_formed(source: int | Path) -> None:
    if isinstance(source, int):
        game = foster(source)
    else:
        game = game_from_yaml(source.read_text(encoding="utf-8"), source.name)
    ctx = Context(game)
    numbers = {t.number for t in ctx.tricks}
    for name in NAMES:
        for f in DETECTORS[name](ctx):
            assert f.motif == name and f.label.isupper() and f.text.strip() and f.trick in numbers
            assert set(f.all_tricks) <= numbers and f.seats and f.cards
            assert all(isinstance(v, (str, int, bool, list, type(None))) for v in f.facts.values())


def test_detectors_never_raise_on_random_legal_hands() -> None:
    from support.handgen import random_hands

    labels: set[str] = set()
    for generated in random_hands(seed=11, n=120):
        ctx = Context(game_from_yaml(generated.text))
        for name in NAMES:
            for f in DETECTORS[name](ctx):
                assert f.motif == name and f.text.strip()
                labels.add(f.label)
    assert {
        "LEAD_DEVIATION",
        "ELEVEN_COUNT",
        "FOURCHETTE_MISSED",
        "COVER_MISSED",
        "BEAT_DUMMY_MISSED",
        "UP_TO_DUMMY_WEAKNESS",
        "TRUMP_OPENING_CONTRARY",
    } <= labels
