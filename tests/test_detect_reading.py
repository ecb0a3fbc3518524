"""Reading the cards: a card placed by third hand's play, a suit counted from the opening lead
(issue 14, item 3)."""

from __future__ import annotations

from functools import cache

from replayer.teaching.context import Author, Context
from replayer.teaching.detectors.reading import placing
from replayer.teaching.findings import Finding
from support.games import ROOT, foster, game_from_yaml


@cache
def _elwell(book: str, n: int) -> Context:
    path = ROOT / "hands" / book / f"hand-{n}.yaml"
    return Context(game_from_yaml(path.read_text(encoding="utf-8"), path.name), Author.ELWELL)


def _at(ctx: Context, label: str) -> dict[int, Finding]:
    return {f.trick: f for f in placing(ctx) if f.label == label}


def test_third_hand_s_jack_places_the_king_and_ten_with_the_dealer_and_the_leader_waits() -> None:
    # Elwell 1904 Hand 28: B's ♥J denies the ♥10 (he would play the lower of J 10) and the ♥K (the
    # ♥Q is A's, so with the K he would have played it); A leaves hearts alone at trick 3.
    found = _at(_elwell("elwell-1904", 28), "PLACED_BY_THIRD_HAND")
    assert list(found) == [3]
    note = found[3]
    assert note.all_tricks == (1, 3)
    assert "the ♥J says that B holds no ♥K and no ♥10" in note.text
    assert "they lie with the dealer" in note.text
    assert "A leads the ♦10 and leaves the hearts alone" in note.text
    assert "the dealer's ♥K 10, over and under his ♥Q" in note.text
    assert "Elwell's rule" in note.text


def test_a_jack_from_queen_jack_denies_the_ace_when_the_leader_holds_the_king() -> None:
    # Elwell 1904 Hand 32: B's ♥J from ♥Q J; the ♥K is A's, so B cannot hold the ♥A.
    found = _at(_elwell("elwell-1904", 32), "PLACED_BY_THIRD_HAND")
    assert list(found) == [1]
    assert "holds no ♥A." in found[1].text
    assert found[1].facts["placed"] == ["♥A"]


def test_third_hand_s_finesse_places_nothing() -> None:
    # Elwell 1904 Hand 25, trick 2: A plays the ♥J from ♥K J 2 — not the rule's card.
    assert 2 not in _at(_elwell("elwell-1904", 25), "PLACED_BY_THIRD_HAND")


def test_two_small_cards_in_sequence_are_no_honours_in_sequence() -> None:
    # Elwell 1902 Hand 4, trick 1: B plays the ♥9 from ♥10 9 7; Elwell's rule would play the ten.
    assert 1 not in _at(_elwell("elwell-1902", 4), "PLACED_BY_THIRD_HAND")


def test_no_reading_when_dummy_last_to_play_will_ruff() -> None:
    # Elwell 1904 Hand 24, trick 9: dummy, void in spades, ruffs after A's ♠10.
    assert 9 not in _at(_elwell("elwell-1904", 24), "PLACED_BY_THIRD_HAND")


def test_a_foster_lesson_names_foster_s_rule() -> None:
    ctx = Context(foster(2), Author.FOSTER)
    found = _at(ctx, "PLACED_BY_THIRD_HAND")
    assert list(found) == [6]
    assert "By Foster's rule" in found[6].text and "holds no ♣K" in found[6].text


def test_the_deuce_led_counts_the_suit_for_the_dealer_and_for_partner() -> None:
    # Elwell 1902 Hand 6: A's ♦2 from ♦J 9 7 2; B's last diamond, the ♦10, falls at trick 3.
    found = _at(_elwell("elwell-1902", 6), "COUNTED_FROM_LOW_LEAD")
    assert list(found) == [1]
    note = found[1]
    assert note.all_tricks == (1, 3)
    assert "he holds exactly four diamonds" in note.text
    assert "the dealer can count B with three, and B can count the dealer with four" in note.text
    assert "B plays his last diamond, the ♦10, at trick 3." in note.text


def test_a_partner_who_shows_out_counts_the_dealer() -> None:
    # Elwell 1904 Hand 38: A's ♣2; B has no club, so the dealer holds six.
    note = _at(_elwell("elwell-1904", 38), "COUNTED_FROM_LOW_LEAD")[1]
    assert "B, who has none, counts the dealer with six" in note.text


def test_a_low_card_led_later_in_the_hand_counts_nothing() -> None:
    # Elwell 1902 Hand 4, trick 10: B's ♣4 from four, not the opening lead.
    assert list(_at(_elwell("elwell-1902", 4), "COUNTED_FROM_LOW_LEAD")) == []


def test_a_show_out_places_the_rest_and_the_finesse_against_it_is_named() -> None:
    # Elwell 1902 Hand 10: B discards on dummy's ♠K (trick 3); dummy's ♠10 wins over A's ♠8 at trick 5.
    found = _at(_elwell("elwell-1902", 10), "PLACED_BY_SHOW_OUT")
    assert 5 in found
    note = found[5]
    assert note.all_tricks == (3, 5)
    assert note.text.startswith("At trick 3 B shows out of spades (he plays the ♣5)")
    assert "is A's: the ♠Q 8." in note.text
    assert "dummy's ♠10 wins: a finesse against A's ♠Q" in note.text


def test_after_a_show_out_the_dealer_s_own_card_wins_the_finesse() -> None:
    # Elwell 1902 Hand 11: A shows out of clubs at trick 7; at trick 8 the dealer's ♣10 wins over B's ♣9.
    note = _at(_elwell("elwell-1902", 11), "PLACED_BY_SHOW_OUT")[8]
    assert note.all_tricks == (2, 7, 8)  # trick 2: the dealer's first lead, a spade, not a club
    assert "B plays the ♣9, and the dealer's ♣10 wins: a finesse against B's ♣Q" in note.text


def test_no_finesse_no_show_out_note() -> None:
    # Elwell 1904 Hand 38: B shows out of clubs at trick 1, but the dealer's side never wins a club
    # below one of A's: nothing to say about a finesse.
    found = _at(_elwell("elwell-1904", 38), "PLACED_BY_SHOW_OUT")
    assert all(f.all_tricks[0] != 1 for f in found.values())


def test_partner_s_return_places_the_higher_cards_with_the_dealer() -> None:
    # Elwell 1904 Hand 31: B returns the ♥3 from ♥3 2; the ♥Q and ♥5 are the dealer's.
    note = _at(_elwell("elwell-1904", 31), "PLACED_BY_RETURN")[2]
    assert note.text.startswith("B returns A's hearts with the ♥3. By Elwell's rule at no-trumps")
    assert note.text.endswith("with the dealer: they are the ♥Q 5.")


def test_the_return_reading_is_elwell_s_rule_only() -> None:
    game = _elwell("elwell-1904", 31).game
    assert 2 in _at(Context(game, Author.ELWELL), "PLACED_BY_RETURN")
    assert _at(Context(game, Author.FOSTER), "PLACED_BY_RETURN") == {}


def test_the_same_card_placed_twice_at_a_trick_is_one_note() -> None:
    # Elwell 1902 Hand 5, trick 2: A's ♥K third hand and B's ♥9 return both place the ♥Q.
    found = [f for f in placing(_elwell("elwell-1902", 5)) if f.trick == 2]
    assert [f.label for f in found] == ["PLACED_BY_THIRD_HAND"]


def test_partner_s_lowest_card_to_the_king_counts_the_dealer_with_four() -> None:
    # Elwell 1904 Hand 29: A's ♥K from ♥A K Q 3, dummy's ♥8 5, B's ♥2 from ♥7 6 2.
    # A leads the ♥Q on, then leaves the hearts at trick 3 (the dealer still has ♥10 9).
    found = _at(_elwell("elwell-1904", 29), "COUNTED_FROM_LOWEST_CARD")
    assert list(found) == [3]  # one note: the second round (B's ♥6) is no reading
    note = found[3]
    assert note.all_tricks == (1, 3)
    assert "B holds three hearts at most" in note.text
    assert "with A's four and dummy's two, the dealer holds at least four." in note.text
    assert note.text.endswith(
        "At trick 3 A, who still holds the ♥A 3, leads the ♦J instead; the dealer still holds the ♥10 9."
    )


def test_the_lowest_card_reading_is_elwell_s_rule_at_no_trumps_only() -> None:
    game = _elwell("elwell-1904", 29).game
    assert _at(Context(game, Author.FOSTER), "COUNTED_FROM_LOWEST_CARD") == {}


def test_a_return_that_places_no_honour_is_no_note() -> None:
    # Elwell 1904 Hand 29, trick 12: B's ♥7 places only the dealer's ♥9.
    assert 12 not in _at(_elwell("elwell-1904", 29), "PLACED_BY_RETURN")


def test_no_count_from_a_partner_who_can_beat_the_card_led() -> None:
    # Elwell 1904 Hand 34, trick 6: A plays the ♥4 to B's ♥Q holding the ♥A; Hand 35, trick 3: A
    # plays the ♥6 to B's ♥Q holding the ♥K. Either keeps his winner and plays low from any length.
    assert 6 not in _at(_elwell("elwell-1904", 34), "COUNTED_FROM_LOWEST_CARD")
    assert 3 not in _at(_elwell("elwell-1904", 35), "COUNTED_FROM_LOWEST_CARD")


def test_the_lowest_card_count_uses_the_cards_dealt_including_dummy_s_discards() -> None:
    # Hand 34 with A's ♥A and Z's ♥6 exchanged, played to trick 6: A's ♥4 from ♥8 6 4 cannot beat
    # B's ♥Q. Dummy has thrown all three hearts, so the count is of the cards dealt: B's four,
    # dummy's three, A's three at most, so the dealer was dealt at least three.
    path = ROOT / "hands" / "elwell-1904" / "hand-34.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("A: ♠AJ976 ♣872 ♦54 ♥A84", "A: ♠AJ976 ♣872 ♦54 ♥864")
    text = text.replace("Z: ♠108 ♣AKQ5 ♦AKQ3 ♥K96", "Z: ♠108 ♣AKQ5 ♦AKQ3 ♥AK9")
    head, tail = text.split("    - ♥4 ♣4 ♥Q* ♥6\n")
    text = head + "    - ♥4 ♣4 ♥Q ♥A*\n" + "result:" + tail.split("result:", 1)[1]
    found = _at(Context(game_from_yaml(text, path.name), Author.ELWELL), "COUNTED_FROM_LOWEST_CARD")
    assert list(found) == [6]
    assert found[6].text.endswith(
        "so A holds three hearts at most; with the four B was dealt and the three dummy was dealt "
        "(hearts thrown before this trick included), the dealer was dealt at least three."
    )
