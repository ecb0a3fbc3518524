"""Re-entries kept, not only used, and overtaking (issue 14 item 3): the entry kept back at the
trick where it could have been spent, and the partner's winning card overtaken to take the lead —
each at the trick the author names, on Elwell's own hands."""

from __future__ import annotations

from pathlib import Path

from replayer.teaching.annotate import DETECTORS
from replayer.teaching.context import Context
from replayer.teaching.findings import Finding
from tests.support.games import game_from_yaml

ROOT = Path(__file__).resolve().parent.parent


def elwell(year: int, n: int) -> Context:
    path = ROOT / "hands" / f"elwell-{year}" / f"hand-{n}.yaml"
    return Context(game_from_yaml(path.read_text(encoding="utf-8"), path.name))


def found(name: str, ctx: Context, label: str, trick: int) -> list[Finding]:
    return [f for f in DETECTORS[name](ctx) if f.label == label and f.trick == trick]


# --- ENTRY_KEPT: the entry kept back in its own suit


def test_the_dealers_king_kept_while_dummy_wins_the_first_diamond_with_the_ace() -> None:
    (f,) = found("re-entry", elwell(1904, 1), "ENTRY_KEPT", 1)
    assert f.tricks == (1, 10)
    assert "dummy wins trick 1 with the ♦A" in f.text
    assert "the dealer plays the ♦3 to trick 1, not the ♦K" in f.text
    assert "it wins trick 10" in f.text


def test_a_defender_ducks_twice_keeping_his_ace_of_his_own_suit() -> None:
    (f,) = found("re-entry", elwell(1904, 33), "ENTRY_KEPT", 1)
    assert f.tricks == (1, 2, 4)
    assert "A plays the ♦6 to trick 1 and the ♦5 to trick 2, not the ♦A" in f.text


def test_dummys_ace_kept_while_the_adversaries_win_a_spade() -> None:
    (f,) = found("re-entry", elwell(1902, 4), "ENTRY_KEPT", 2)
    assert "dummy plays the ♠2 to trick 2" in f.text and "not the ♠A" in f.text


def test_no_entry_kept_for_one_of_several_masters_nor_for_a_winner_played_cheaply() -> None:
    # Elwell 1904 Hand 23: dummy's ♠A K Q are all masters, the ♠Q no more an entry than the others
    assert found("re-entry", elwell(1904, 23), "ENTRY_KEPT", 2) == []
    # Hand 25: B wins trick 3 with the ♦Q himself: economy, not an entry kept
    assert found("re-entry", elwell(1904, 25), "ENTRY_KEPT", 3) == []
    # Hand 6: the ♦J kept among equal trumps, then used to ruff: not a card of the suit kept
    assert found("re-entry", elwell(1904, 6), "ENTRY_KEPT", 4) == []


# --- OVERTAKE: the partner's winning card overtaken


def test_a_defender_overtakes_his_partners_queen_to_lead_the_suit_again() -> None:
    (f,) = found("overtake", elwell(1904, 32), "OVERTAKE", 2)
    assert f.text.startswith("Overtake: A overtakes B's ♥Q, which was winning the trick, with the ♥K")
    assert "A could have played the ♥4" in f.text
    assert "leads the ♥4 at trick 3" in f.text


def test_the_dealer_trumps_dummys_master_club_to_lead_through() -> None:
    (f,) = found("overtake", elwell(1904, 6), "OVERTAKE", 10)
    assert "the dealer trumps dummy's ♣Q" in f.text
    assert "could have thrown a spade" in f.text


def test_the_dealer_leads_the_card_below_dummys_last_one_so_that_dummy_wins() -> None:
    (f,) = found("overtake", elwell(1904, 40), "OVERTAKE", 8)
    assert "the dealer led it, not the ♠9, so that the ♠8 wins" in f.text


def test_overtaking_a_card_that_loses_anyway_is_named_only_for_an_honour() -> None:
    (f,) = found("overtake", elwell(1904, 9), "OVERTAKE", 3)
    assert "A's ♠A wins it" in f.text
    # Hand 15: B's ♥K on A's ♥8 is third hand's play, not an overtake of a winning card
    assert found("overtake", elwell(1904, 15), "OVERTAKE", 1) == []


def test_no_overtake_when_an_adversary_holds_a_card_between() -> None:
    # Elwell 1904 Hand 2: dummy's ruff of the dealer's ♣9 is a crossruff, the ♣9 no master
    assert found("overtake", elwell(1904, 2), "OVERTAKE", 7) == []


# --- REENTRY: no way in claimed for a finesse nothing finesses, nor for a suit not run


def test_no_finesse_claimed_for_a_defenders_card_sure_to_win_behind_the_declarer() -> None:
    # Elwell 1904 Hand 25: Z plays before A and dummy, behind, holds nothing above A's card
    ctx = elwell(1904, 25)
    assert found("re-entry", ctx, "REENTRY", 1) == []
    assert found("re-entry", ctx, "REENTRY", 7) == []


def test_no_finesse_claimed_when_the_declarer_plays_last_over_the_defenders_low_card() -> None:
    # Elwell 1904 Hand 17: B's ♥6 under A's ♥9 with Z's ♥A Q behind; Elwell calls A's ♣J bad play
    assert found("re-entry", elwell(1904, 17), "REENTRY", 2) == []


def test_the_declarers_finesse_after_a_re_entry_is_still_noted() -> None:
    (f,) = found("re-entry", elwell(1904, 17), "REENTRY", 3)
    assert "for the finesse toward dummy's ♣K 10 9 8" in f.text


def test_no_run_of_a_suit_the_partner_trumps_to_take_the_lead() -> None:
    # Elwell 1904 Hand 6: dummy's ♣K wins, then Z trumps the ♣Q at trick 10 to get the lead
    ctx = elwell(1904, 6)
    assert found("re-entry", ctx, "REENTRY", 8) == []
    assert [f.trick for f in found("re-entry", ctx, "REENTRY", 10)] == [10]


def test_no_way_in_to_a_defenders_suit_while_the_adversaries_hold_cards_above_his_lowest() -> None:
    # Elwell 1904 Hand 19: after trick 3 dummy's ♠9 and Z's ♠8 are above A's ♠6
    assert found("re-entry", elwell(1904, 19), "REENTRY", 2) == []
    assert found("re-entry", elwell(1904, 19), "REENTRY", 3) == []


def test_a_defenders_way_in_to_his_partners_suit_established_to_the_last_card_is_kept() -> None:
    # Elwell 1904 Hand 33: B's last diamond to A's ♦A; the adversaries hold no diamond after it
    (f,) = found("re-entry", elwell(1904, 33), "REENTRY", 4)
    assert "to A's ♦A: that is the way in to A's established diamonds" in f.text
