"""Keeping the dangerous hand out when the danger is a lead through a guarded card (Elwell 1904
Hand 21): the declarer gives the trick he must lose to the other defender, or wins at once a
trick the dangerous defender could have won.  Each test names the behaviour, on the corpus."""

from __future__ import annotations

from pathlib import Path

from replayer.teaching.annotate import DETECTORS
from replayer.teaching.context import Context
from replayer.teaching.findings import Finding
from tests.support.games import game_from_yaml

HANDS = Path(__file__).resolve().parent.parent / "hands"


def run(book: str, n: int) -> list[Finding]:
    game = game_from_yaml((HANDS / book / f"hand-{n}.yaml").read_text(encoding="utf-8"))
    return DETECTORS["keep-out"](Context(game))


def at(findings: list[Finding], trick: int) -> list[Finding]:
    return [f for f in findings if f.trick == trick]


def test_the_trick_to_lose_goes_to_the_defender_over_the_guarded_king() -> None:
    # Elwell 1904 Hand 21 trick 2: the dealer leads the ♦4, dummy plays the ♦8 and B's ♦J wins;
    # B's ♣A Q sit over dummy's ♣K 7, so only A's club lead would catch the king
    (f,) = at(run("elwell-1904", 21), 2)
    assert f.label == "KEEP_OUT_DUCK" and [str(c) for c in f.cards] == ["♦J", "♦K"]
    assert f.facts["dangerous"] == "A" and f.facts["guarded"] == ["♣K", "♣7"]
    assert f.facts["over"] == ["♣A", "♣Q"]
    assert "dummy could have taken it with the ♦K" in f.text
    assert "a club led by A would come through dummy's ♣K" in f.text
    assert "a club from B runs up to it" in f.text


def test_winning_at_once_the_trick_the_defender_who_leads_through_could_win() -> None:
    # Elwell 1904 Hand 21 trick 3: B leads the ♥9 and the dealer takes the ♥A at once; played low,
    # A's ♥K would have won and A could have led a club through dummy's ♣K 7
    (f,) = at(run("elwell-1904", 21), 3)
    assert f.label == "KEEP_OUT_WIN" and [str(c) for c in f.cards] == ["♥A", "♥K"]
    assert "A could have won with the ♥K and led a club" in f.text


def test_the_declarer_hand_with_a_guarded_queen_under_a_tenace() -> None:
    # Elwell 1902 Hand 8 trick 2: dummy leads the ♣8 and A's ♣10 wins under the dealer's ♣A; A's
    # ♠A J sit over the dealer's ♠Q 9: "Z tries to place the lead in A's hand so that the queen
    # of spades may be led up to" (Elwell 1902, Illustrative Hand No. 8, trick 2)
    (f,) = at(run("elwell-1902", 8), 2)
    assert f.label == "KEEP_OUT_DUCK" and f.facts["dangerous"] == "B"
    assert "a spade from A runs up to it; B is kept out of the lead" in f.text


def test_no_lead_through_danger_at_a_trump_declaration() -> None:
    # a defender could trump the suit led through: the danger is read at no-trumps only (Elwell
    # 1904 Hand 27 is played at hearts; its keep-out findings are none)
    assert run("elwell-1904", 27) == []


def test_an_established_suit_note_is_not_repeated_by_a_lead_through_note() -> None:
    # Elwell 1904 Hand 22: the findings at tricks 4 and 5 are about A's established hearts
    found = run("elwell-1904", 22)
    assert [f.trick for f in found] == [4, 5]
    assert all("established" in f.text for f in found)
