"""The lesson page as a reader uses it (issue 15), in Debian's Chromium driven by Playwright: one deal
that is the stepper, controls that stay under the pointer, the reading column that follows the play,
no spoilers, keys only where they belong, nothing sideways on a phone.

The built site is the session's (``site`` in conftest.py); the browser is this module's.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support.browser import Tab, chromium, new_tab

SCREENS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 375, "height": 812}}
SHOTS = Path(__file__).resolve().parent.parent / "build" / "screenshots"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


def _open(browser: Any, site: Path, screen: str, name: str = "hand-5", hash: str = "") -> Tab:
    options: dict[str, Any] = {"viewport": SCREENS[screen]}
    if screen == "phone":
        options.update(is_mobile=True, has_touch=True)
    tab = new_tab(browser, site, **options)
    url = (site / "foster-1904" / f"{name}.html").as_uri() + hash
    tab.page.goto(url)
    tab.page.wait_for_selector("#stepper:not([hidden]) .st-table")
    return tab


def _close(tab: Tab) -> None:
    tab.page.context.close()
    assert not tab.errors, "the page reported errors:\n" + "\n".join(tab.errors)


def test_next_card_stays_under_the_pointer_for_all_52_cards(browser: Any, site: Path) -> None:
    for screen in SCREENS:
        tab = _open(browser, site, screen)
        try:
            button = tab.page.locator('#stepper button[data-action="nextCard"]')
            first = button.bounding_box()
            assert first is not None
            for i in range(52):
                box = button.bounding_box()
                assert box is not None
                assert (round(box["x"]), round(box["y"])) == (round(first["x"]), round(first["y"])), (
                    f"{screen}: the button moved after {i} clicks"
                )
                tab.page.mouse.click(first["x"] + 8, first["y"] + 8)
            assert tab.hash() == "#trick-13", f"{screen}: 52 clicks at one spot did not play the 52 cards"
            assert scroll_y(tab) == 0, f"{screen}: stepping scrolled the page"
        finally:
            _close(tab)


def scroll_y(tab: Tab) -> int:
    return int(tab.page.evaluate("window.scrollY"))


def test_the_stepper_is_in_the_first_screen(browser: Any, site: Path) -> None:
    for screen, size in SCREENS.items():
        for name in ("hand-1", "hand-3", "hand-5"):
            tab = _open(browser, site, screen, name)
            try:
                box = tab.page.locator('#stepper button[data-action="nextCard"]').bounding_box()
                assert box is not None and box["y"] + box["height"] <= size["height"], (screen, name, box)
                # one deal on the page: the printed diagram gives its place to the stepper
                assert tab.page.locator(".diagram .compass").is_hidden()
            finally:
                _close(tab)


def _until(tab: Tab, script: str, seconds: float = 5.0) -> Any:
    """Polls a script from here until it returns something true: the page's Content-Security-Policy
    (script-src 'self', no eval) forbids Playwright's wait_for_function, which evaluates a string."""
    end = time.monotonic() + seconds
    while not (value := tab.page.evaluate(script)) and time.monotonic() < end:
        time.sleep(0.05)
    return value


def test_page_down_at_the_top_scrolls_the_page(browser: Any, site: Path) -> None:
    tab = _open(browser, site, "desktop")
    try:
        # a reader who has only opened the page: the focus is on the page, not in the stepper
        assert scroll_y(tab) == 0
        assert not tab.page.evaluate("document.getElementById('stepper').contains(document.activeElement)")
        tab.page.keyboard.press("PageDown")
        assert _until(tab, "window.scrollY > 0"), "PageDown at the top of the page did not scroll it"
        assert tab.hash() == "", "PageDown outside the stepper moved the stepper"
        tab.expect("#stepper .st-where").to_have_text("Before trick 1 of 13")
        tab.page.click("#stepper .st-status")  # into the stepper: now the keys are its own
        tab.page.keyboard.press("ArrowRight")
        assert tab.hash() == "#trick-1-card-1"
    finally:
        _close(tab)


def test_a_table_row_moves_the_stepper_and_the_stepper_moves_the_table(browser: Any, site: Path) -> None:
    tab = _open(browser, site, "desktop")
    try:
        tab.page.click("#trick-7 td.total >> nth=0")
        assert tab.hash() == "#trick-7"
        tab.expect("#stepper .st-where").to_have_text("Trick 7 of 13")
        tab.expect("#trick-7").to_have_attribute("aria-current", "step")
        tab.page.click("#stepper .st-status")
        tab.page.keyboard.press("PageDown")
        tab.expect("#trick-8").to_have_attribute("aria-current", "step")
        assert tab.page.locator("#trick-7[aria-current]").count() == 0
        # the reading column follows: trick 8's notes are the current ones
        tab.expect("#notes-8").to_have_class("trick-notes nt-current")
        # a note's heading moves the stepper too
        tab.page.click("#notes-before ~ .trick-notes .trick-link >> nth=0")
        tab.expect("#stepper .st-where").to_have_text("Trick 1 of 13")
    finally:
        _close(tab)


def test_no_note_names_a_card_before_it_is_played(browser: Any, site: Path) -> None:
    """At every position of Foster's five hands, each note the reading column shows names only cards
    already played, or cards still in hands the reader sees; the notes waiting are out of sight."""
    for n in range(1, 6):
        tab = _open(browser, site, "desktop", f"hand-{n}")
        try:
            data = tab.data()
            plays = [card for t in data["tricks"] for _, card in t["plays"]]
            notes = {note["id"]: note for note in data["notes"]}
            tab.page.click("#stepper .st-status")
            for pos in range(len(plays) + 1):
                shown = tab.page.locator("#reading .note:visible").evaluate_all("ns => ns.map(n => n.id)")
                for note_id in shown:
                    note = notes.get(note_id)
                    if note is None:
                        continue
                    assert note.get("at", -1) < pos, f"hand {n}: {note_id} shown after {pos} cards"
                    for card in note.get("names", []):
                        if card in plays[pos:] and plays.index(card) <= note.get("at", -1):
                            raise AssertionError(f"hand {n}: {note_id} names {card} before it is played")
                tab.page.keyboard.press("ArrowRight")
        finally:
            _close(tab)


def test_watch_as_holds_back_a_note_that_reveals_a_hidden_hand(browser: Any, site: Path) -> None:
    tab = _open(browser, site, "desktop")
    try:
        # the note on the declaration names the dealer's cards (♠A K 6 5 ♦A 5 3 ♣A Q J 7 6)
        assert tab.page.locator("#reading #note-1").is_visible()
        tab.page.get_by_label("Watch as").select_option("W")  # A cannot see the dealer's hand
        assert tab.page.locator("#reading #note-1").is_hidden()
        reveal = tab.page.locator("#notes-before .st-reveal")
        assert reveal.is_visible() and "hidden cards" in reveal.inner_text()
        reveal.click()
        assert tab.page.locator("#reading #note-1").is_visible()
    finally:
        _close(tab)


def test_watching_as_east_foster_s_note_on_a_s_hearts_waits(browser: Any, site: Path) -> None:
    """Foster's note to trick 1 gives A's whole holding (K Q 8 6 2): B, watching as East, has seen only
    the ♥6, so the note waits behind a button until he asks."""
    tab = _open(browser, site, "desktop", hash="#trick-1")
    try:
        note = tab.page.locator("#notes-1 .note.author", has_text="K Q 8 6 2")
        assert note.is_visible()
        tab.page.get_by_label("Watch as").select_option("E")
        assert note.is_hidden()
        tab.page.locator("#notes-1 .st-reveal").click()
        assert note.is_visible()
    finally:
        _close(tab)


def test_nothing_scrolls_sideways_at_320_px(browser: Any, site: Path) -> None:
    for n in range(1, 6):
        tab = new_tab(browser, site, viewport={"width": 320, "height": 640}, is_mobile=True, has_touch=True)
        try:
            tab.page.goto((site / "foster-1904" / f"hand-{n}.html").as_uri() + "#trick-6")
            tab.page.wait_for_selector("#stepper:not([hidden]) .st-table")
            assert tab.page.evaluate("document.documentElement.scrollWidth") <= 320, f"hand {n}"
        finally:
            _close(tab)
    for page in ("index.html", "techniques.html", "makes.html"):
        tab = new_tab(browser, site, viewport={"width": 320, "height": 640}, is_mobile=True, has_touch=True)
        try:
            tab.page.goto((site / page).as_uri())
            assert tab.page.evaluate("document.documentElement.scrollWidth") <= 320, page
        finally:
            _close(tab)


def test_screenshots_for_a_person_to_look_at(browser: Any, site: Path) -> None:
    """The lesson at both widths and the stepper mid-trick, written to build/screenshots/."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for screen in SCREENS:
        tab = _open(browser, site, screen, hash="#trick-5-card-2")
        try:
            path = SHOTS / f"hand-5-{screen}-mid-trick.png"
            tab.page.screenshot(path=str(path))
            assert path.stat().st_size > 10_000
        finally:
            _close(tab)
