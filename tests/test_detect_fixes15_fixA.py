"""Issue 14, round 5 (fix15, fixA): three notes worded true by the cards — no danger of an
established suit the declaring side could ruff, discards dated to the trick they were made by, and no
plan of waiting that the play does not show."""

from __future__ import annotations

from functools import cache

from replayer.teaching.context import Author, Context
from replayer.teaching.detectors.declarer_choices import refuse_finesse
from replayer.teaching.detectors.leads import through
from replayer.teaching.detectors.reading import placing
from replayer.teaching.findings import Finding
from support.games import ROOT, game_from_yaml


@cache
def _ctx(book: str, n: int, author: Author) -> Context:
    path = ROOT / "hands" / book / f"hand-{n}.yaml"
    return Context(game_from_yaml(path.read_text(encoding="utf-8"), path.name), author)


def _at(found: list[Finding], label: str) -> dict[int, Finding]:
    return {f.trick: f for f in found if f.label == label}


def test_no_danger_from_a_suit_the_declaring_side_can_ruff() -> None:
    # Foster 1904 Hand 1, hearts: at trick 8 Y-Z still hold trumps and A none, so A's ♣A 2 would be
    # ruffed; the refused finesse stands, without the danger sentence.
    note = _at(refuse_finesse(_ctx("foster-1904", 1, Author.FOSTER)), "FINESSE_REFUSED")[8]
    assert note.text.endswith("The ♠K is with A.")
    assert "would have had the lead" not in note.text


def test_the_danger_stays_at_no_trumps() -> None:
    # Elwell 1902 Hand 5 (no-trumps): A's ♥10 5 are the only hearts left.
    notes = _at(refuse_finesse(_ctx("elwell-1902", 5, Author.ELWELL)), "FINESSE_REFUSED")
    assert "A would have had the lead with his ♥10 5, the only hearts left." in notes[5].text


def test_discards_are_dated_by_the_trick_the_suit_is_led() -> None:
    # Elwell 1902 Hand 11: at trick 6 A had thrown only the ♣5 6; his ♦5 7 9 go at tricks 7-9.
    note = _at(placing(_ctx("elwell-1902", 11, Author.ELWELL)), "PLACED_BY_DISCARDS")[10]
    assert note.text.startswith(
        "Before trick 10 B has thrown the ♥4 at trick 6, while A, who has thrown the ♦9 7 5 ♣6 5, "
        "keeps all his hearts"
    )
    assert "At trick 6" not in note.text


def test_no_waiting_plan_for_the_tenace_not_led_into() -> None:
    # Elwell 1904 Hand 29: dummy never leads spades; A throws his on B's diamonds.
    note = _at(through(_ctx("elwell-1904", 29, Author.ELWELL)), "TENACE_NOT_LED_INTO")[3]
    assert note.text.endswith("By Elwell's rule he does not lead into it.")
    assert "waits" not in note.text
