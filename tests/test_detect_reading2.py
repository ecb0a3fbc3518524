"""Reading the cards: a card placed by the defenders' discards, the declarer who waits for them before
a two-way finesse, and an honour dropped under a higher card read as a lone card (issue 14, item 3)."""

from __future__ import annotations

from functools import cache

from replayer.teaching.context import Author, Context
from replayer.teaching.detectors.reading import placing
from replayer.teaching.findings import Finding
from support.games import ROOT, game_from_yaml


@cache
def _elwell(book: str, n: int) -> Context:
    path = ROOT / "hands" / book / f"hand-{n}.yaml"
    return Context(game_from_yaml(path.read_text(encoding="utf-8"), path.name), Author.ELWELL)


def _at(ctx: Context, label: str) -> dict[int, Finding]:
    return {f.trick: f for f in placing(ctx) if f.label == label}


def test_a_defender_s_discard_of_the_suit_places_the_queen_with_the_partner_who_keeps_his() -> None:
    # Elwell 1904 Hand 19: A throws the ♦2 at trick 9, B has thrown hearts and a club and keeps
    # ♦Q 5 3; at trick 10 the dealer's ♦J wins over B's ♦3.
    found = _at(_elwell("elwell-1904", 19), "PLACED_BY_DISCARDS")
    assert list(found) == [10]
    note = found[10]
    assert note.text.startswith(
        "Before trick 10 A has thrown the ♦2 at trick 9, while B, who has thrown the ♥6 5 4 ♣5,"
    )
    assert "keeps all his diamonds, the ♦Q 5 3" in note.text
    assert "the dealer's ♦J wins: a finesse against B's ♦Q" in note.text
    assert note.facts["placed"] == ["♦Q"]


def test_the_dealer_who_could_finesse_either_way_leads_another_suit_first() -> None:
    # Elwell 1904 Hand 19: ♦K J 7 with the dealer, ♦A 10 8 6 in dummy; the dealer's first lead is a
    # heart (trick 2), and no diamond is led before trick 10.
    note = _at(_elwell("elwell-1904", 19), "PLACED_BY_DISCARDS")[10]
    assert note.all_tricks == (2, 9, 10)
    assert "could have finessed for the ♦Q either way" in note.text
    assert "at trick 2, was the dealer's ♥7, and no diamond was led before trick 10." in note.text


def test_no_two_way_sentence_when_only_one_hand_holds_the_tenace() -> None:
    # Elwell 1902 Hand 10: the show-out finesse of dummy's ♠10; the dealer cannot finesse either way.
    note = _at(_elwell("elwell-1902", 10), "PLACED_BY_SHOW_OUT")[5]
    assert "either way" not in note.text
    assert note.all_tricks == (3, 5)


def test_discards_place_nothing_when_the_keeper_has_thrown_a_card_of_the_suit() -> None:
    # Elwell 1902 Hand 11, clubs: A throws the ♣5 and ♣6 but shows out at trick 7 — the show-out
    # note, not a discard note, speaks of the ♣Q; the hearts (B's ♥4 thrown, A keeping ♥Q 9 3) do.
    found = _at(_elwell("elwell-1902", 11), "PLACED_BY_DISCARDS")
    assert list(found) == [10]
    assert "Before trick 10 B has thrown the ♥4 at trick 6, while A" in found[10].text
    assert "keeps all his hearts, the ♥Q 9 3" in found[10].text


def test_a_queen_dropped_under_the_king_is_read_as_a_lone_card_and_trumps_are_led() -> None:
    # Elwell 1904 Hand 26: the dealer's ♠Q falls under A's ♠K; A leads the ♥7 at trick 2.
    found = _at(_elwell("elwell-1904", 26), "PLACED_BY_DROPPED_HONOUR")
    assert list(found) == [2]
    note = found[2]
    assert note.all_tricks == (1, 2)
    assert "the dealer plays the ♠Q to A's ♠K" in note.text
    assert "A can read it as the dealer's only spade" in note.text
    assert "At trick 2 A leads a trump, the ♥7" in note.text


def test_no_dropped_honour_note_at_no_trumps() -> None:
    # Elwell 1904 Hand 19 (no-trumps): nothing to ruff, so nothing to read from a dropped honour.
    assert not _at(_elwell("elwell-1904", 19), "PLACED_BY_DROPPED_HONOUR")


def _foster(n: int) -> Context:
    path = ROOT / "hands" / "foster-1904" / f"hand-{n}.yaml"
    return Context(game_from_yaml(path.read_text(encoding="utf-8"), path.name), Author.FOSTER)


def test_the_eleven_rule_counts_the_leader_s_partner_down_to_his_last_card() -> None:
    # Foster Hand 3: A's ♦6 (from ♦K Q 10 6) at trick 2; the dealer and dummy hold four of the five
    # diamonds above it, so B had one; his ♦5 2 played, his last diamond (♦7) falls to the ♦A at trick 8.
    found = _at(_foster(3), "COUNTED_BY_ELEVEN")
    assert list(found) == [8]
    note = found[8]
    assert note.all_tricks == (2, 8)
    assert "eleven less six leaves five diamonds above it out against A" in note.text
    assert "The dealer and dummy hold four of them (♦A J 9 8), so B was dealt one above the ♦6" in note.text
    assert "B has played the ♦5 2, so at trick 8 the dealer can count him with one diamond left" in note.text
    assert note.text.endswith("The dealer leads the ♦A, and B's last diamond, the ♦7, falls.")


def test_no_eleven_count_when_the_lowest_card_led_has_counted_the_suit() -> None:
    # Elwell 1902 Hand 6: A's ♦2 opening lead is read by COUNTED_FROM_LOW_LEAD; no second count.
    ctx = _elwell("elwell-1902", 6)
    assert _at(ctx, "COUNTED_FROM_LOW_LEAD")
    assert not _at(ctx, "COUNTED_BY_ELEVEN")


def test_no_eleven_count_for_a_card_that_is_not_the_leader_s_fourth_best() -> None:
    # Elwell 1904 Hand 26: A opens the ♠K from ♠A K J 10; no fourth-best lead, no count.
    assert not _at(_elwell("elwell-1904", 26), "COUNTED_BY_ELEVEN")


def test_a_finesse_against_the_wrong_defender_after_a_hold_up_is_noted_as_contrary() -> None:
    # Elwell 1904 Hand 16: B lets the ♣Q win at trick 4 keeping the ♣K; at trick 5 dummy's ♣10 is
    # finessed and loses to it, while dummy's ♣A would have won, and dummy never wins a trick again.
    found = _at(_elwell("elwell-1904", 16), "MISPLACED_CONTRARY")
    assert list(found) == [5]
    note = found[5]
    assert note.all_tricks == (4, 5)
    assert note.text.startswith("At trick 4 B plays the ♣2 and lets the dealer's ♣Q win, keeping the ♣K")
    assert "a finesse that succeeds only if A holds the ♣K; B holds it, and wins" in note.text
    assert (
        "Dummy's ♣A, played instead, would have won the trick, and dummy wins no trick after it." in note.text
    )


def test_no_misplacing_note_when_the_finesse_wins() -> None:
    # Elwell 1904 Hand 19: the dealer's ♦J finesse wins at trick 10.
    assert not _at(_elwell("elwell-1904", 19), "MISPLACED_CONTRARY")
