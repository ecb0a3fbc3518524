"""When the stepper may show a note (issue 15: no spoilers): after the last card of the note's own
tricks that it names; at the end of its trick when it names none; and the cards it names, for the
"watch as" views that hold back a note on a hidden hand."""

from __future__ import annotations

from replayer.lessons.reveal import named_cards, note_data, reveal_at
from support.games import foster


def test_a_run_of_ranks_after_a_suit_names_each_card() -> None:
    assert named_cards("with ♥A 10 4 over dummy's ♥J 9 7") == ("HA", "H10", "H4", "HJ", "H9", "H7")
    assert named_cards("the ♦2 and ♦7, then ♣K.") == ("D2", "D7", "CK")
    assert named_cards("B applies the Eleven Rule: the ten is enough") == ()


def test_a_note_waits_for_the_last_card_it_names_in_its_trick() -> None:
    game = foster(5)  # trick 1: A ♥6, Y ♥7, B ♥10, Z ♥3
    order = [c.suit.letter + c.rank.display for t in game.tricks for _, c in t.plays]
    assert order[:4] == ["H6", "H7", "H10", "H3"]
    assert reveal_at("B wins with the ♥10 over dummy's ♥7", (1,), None, game) == 2
    assert reveal_at("A leads the ♥6", (1,), None, game) == 0
    # naming no card of the trick: the whole trick is played first
    assert reveal_at("B applies the Eleven Rule", (1,), None, game) == 3
    # a derived note's key card counts too
    assert reveal_at("the Eleven Rule", (1,), "H10", game) == 2
    # a note on the whole hand is there from the start
    assert reveal_at("the dealer holds ♠A K 6 5", (), None, game) is None


def test_the_stepper_entry_of_a_note() -> None:
    game = foster(5)
    entry = note_data("note-9", "B wins with the ♥10", (1, 14), None, more=True, game=game)
    assert entry == {"id": "note-9", "tricks": [1], "at": 2, "names": ["H10"], "more": True}


def test_a_holding_written_without_its_symbol_is_read_in_the_suit_last_named() -> None:
    # Foster's note to Hand 5's trick 1 gives A's whole heart holding
    assert named_cards("A leads his fourth-best heart, the six from K Q 8 6 2: at no-trumps") == (
        "HK",
        "HQ",
        "H8",
        "H6",
        "H2",
    )
    # figures that are no run of ranks, and a lone letter, name nothing
    assert named_cards("B applies the Eleven Rule: 11 − 6 = 5. A and B win; Y–Z 7 tricks, A–B 6") == ()


def test_a_note_printed_at_a_later_trick_waits_for_that_trick() -> None:
    game = foster(5)  # trick 2: B ♥A, Z ♦3, A ♥2, Y ♥5 (indexes 4 to 7)
    # a note printed at trick 2 that names only trick 1's cards waits for trick 2 to end
    assert reveal_at("B returns A's ♥6 lead", (1, 2), None, game, home=2) == 7
    # printed at trick 1, it names a card of its later trick 2 too: it waits for that card
    assert reveal_at("the ♥10 wins, then the ♥A", (1, 2), None, game) == 4
