"""The quiz on the book's decision points and the alternative lines, in the stepper (issue 16), in
Debian's Chromium driven by Playwright: quiz mode on Foster's Hand 5 stops at trick 1 for B, offers
only the legal cards, reveals the book's ♥10, Foster's note and double dummy on the card picked, keeps
a score and sums up at the end; the whole quiz by keyboard; nothing at a stop that gives the answer
away; the ♥A line stepped into and out of; axe-core on both; screenshots for a person to look at.

The built site is the session's (``site`` in conftest.py); the browser is this module's.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support.browser import Tab, chromium, new_tab

SCREENS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 375, "height": 812}}
SHOTS = Path(__file__).resolve().parent.parent / "build" / "screenshots"
KEYS = {"Tab", "Enter", "Space", "ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"}
LINE = "If B wins the first trick with the ♥A"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


def _tab(browser: Any, site: Path, screen: str = "desktop") -> Tab:
    options: dict[str, Any] = {"viewport": SCREENS[screen]}
    if screen == "phone":
        options.update(is_mobile=True, has_touch=True)
    return new_tab(browser, site, **options)


@pytest.fixture
def tab(browser: Any, site: Path) -> Iterator[Tab]:
    t = _tab(browser, site)
    yield t
    _close(t)


def _close(tab: Tab) -> None:
    tab.page.context.close()
    assert not tab.errors, "the page reported errors:\n" + "\n".join(tab.errors)


def _start_quiz(tab: Tab) -> None:
    tab.page.get_by_role("button", name="Quiz (1 question)").click()
    tab.expect("#stepper .st-exam").to_be_visible()


def _to_the_stop(tab: Tab) -> None:
    """Next card until the quiz stops (Hand 5: before B's card at trick 1)."""
    for _ in range(5):
        if tab.page.locator("#stepper button.st-pick").count():
            return
        tab.page.locator('#stepper button[data-action="nextCard"]').click()
    raise AssertionError("the quiz did not stop")


def _picks(tab: Tab) -> tuple[list[str], list[str]]:
    """The cards offered at a stop: (enabled, disabled), as data-card codes."""
    buttons = tab.page.locator("#stepper button.st-pick")
    on = buttons.evaluate_all("bs => bs.filter(b => !b.disabled).map(b => b.dataset.card)")
    off = buttons.evaluate_all("bs => bs.filter(b => b.disabled).map(b => b.dataset.card)")
    return on, off


def _live(tab: Tab, text: str) -> None:
    tab.expect("#stepper .st-live").to_contain_text(text)


def _next_card_box(tab: Tab) -> tuple[int, int]:
    """Where the Next card button is in the stepper (the page may scroll; the stepper must not move it)."""
    box = tab.page.locator('#stepper button[data-action="nextCard"]').bounding_box()
    root = tab.page.locator("#stepper").bounding_box()
    assert box is not None and root is not None
    return round(box["x"] - root["x"]), round(box["y"] - root["y"])


# ------------------------------------------------------------------------------------ the quiz


def test_the_quiz_stops_at_trick_1_for_b_with_only_the_legal_cards(tab: Tab) -> None:
    tab.open()
    data = tab.data()
    (q,) = data["questions"]
    assert tab.page.get_by_role("button", name="Play it yourself").is_visible()  # the quiz sits beside it
    _start_quiz(tab)
    tab.expect("#stepper .st-exam-toggle").to_have_attribute("aria-pressed", "true")
    _to_the_stop(tab)
    assert tab.played() == ["H6", "H7"]  # A's lead and dummy's card: B is next
    tab.expect("#stepper .st-exam-title").to_have_text("Question 1 of 1 · trick 1")
    tab.expect("#stepper .st-exam .st-prompt").to_have_text(q["ask"])
    on, off = _picks(tab)
    assert on == ["HA", "H10", "H4"]
    assert len(off) == 10 and not set(off) & set(on)  # B's other cards: shown, not pickable
    # B's view: his hand and dummy (down after the lead); A's and Z's face down
    assert tab.cards("N") == 12
    assert tab.cards("W") == 0 and "12 cards (face down)" in tab.hand_text("W")
    assert tab.cards("S") == 0 and "13 cards (face down)" in tab.hand_text("S")
    tab.expect("#stepper select").to_have_value("E")
    assert tab.page.evaluate("document.activeElement.dataset.card") == "HA"  # the first legal card
    _live(tab, "Question 1, trick 1.")
    _live(tab, "the ace of hearts, the ten of hearts or the four of hearts")
    # the answer waits: no 'Step into the line' (its title would tell), Next card does not pass B
    tab.expect("#stepper .st-enter").to_have_count(0)
    tab.page.locator('#stepper button[data-action="nextCard"]').click()
    assert tab.played() == ["H6", "H7"]


def test_a_wrong_card_shows_the_books_card_the_note_and_double_dummy(tab: Tab) -> None:
    tab.open()
    _start_quiz(tab)
    _to_the_stop(tab)
    tab.page.locator('#stepper button.st-pick[data-card="HA"]').click()
    # the play goes on with the book's card
    assert tab.played() == ["H6", "H7", "H10"]
    panel = tab.page.locator("#stepper .st-exam")
    tab.expect("#stepper .st-exam .st-verdict").to_have_text("You chose ♥A; the book plays ♥10.")
    text = panel.inner_text()
    assert "Double dummy on your ♥A: Costs 2 tricks" in text
    assert "On the book’s ♥10: Keeps 5 tricks for A–B" in text
    # Foster's note, in the panel and marked in the reading column
    assert "Eleven Rule" in panel.locator(".st-note").inner_text()
    (q,) = tab.data()["questions"]
    note = tab.page.locator(f"#{q['note_id']}")
    assert note.is_visible() and "st-answer" in (note.get_attribute("class") or "")
    tab.expect("#stepper .st-exam .st-exam-score").to_have_text(
        "Score: the book’s card 0 of 1; as good as the best by double dummy 0 of 1."
    )
    _live(tab, "You chose ♥A; the book plays ♥10.")
    _live(tab, "Score: the book’s card 0 of 1")
    # the rest of the hand, then the summary and a way to start again
    tab.page.locator('#stepper button[data-action="end"]').click()
    rows = tab.page.locator("#stepper .st-summary tbody tr")
    assert rows.count() == 1
    assert rows.first.locator("td").all_inner_texts() == [
        "1",
        "B",
        "♥A",
        "♥10",
        "costs 2 tricks by double dummy",
    ]
    again = tab.page.get_by_role("button", name="Start the quiz again")
    again.click()
    tab.expect("#stepper .st-exam .st-exam-score").to_have_text("")
    tab.expect("#stepper .st-where").to_have_text("Before trick 1 of 13")
    _to_the_stop(tab)
    tab.page.locator('#stepper button.st-pick[data-card="H10"]').click()
    tab.expect("#stepper .st-exam .st-verdict").to_have_text("Yes: ♥10 is the book’s card.")
    tab.expect("#stepper .st-exam .st-exam-score").to_have_text(
        "Score: the book’s card 1 of 1; as good as the best by double dummy 1 of 1."
    )
    # leaving the quiz gives the page back: every hand, the select free
    tab.page.get_by_role("button", name="Leave the quiz").click()
    tab.expect("#stepper .st-exam").to_be_hidden()
    assert [tab.cards(s) for s in "NESW"] == [12, 12, 13, 12]


def test_a_question_on_dummy_s_card_takes_the_declarer_s_view(tab: Tab) -> None:
    """Foster's Hand 1, trick 4: dummy's ♦A second hand is the dealer's choice — he sees his own hand
    and dummy's, and picks from dummy's diamonds."""
    tab.open("hand-1")
    questions = tab.data()["questions"]
    assert [(q["seat"], q["chooser"]) for q in questions] == [("E", "E"), ("N", "S")]
    tab.page.get_by_role("button", name=f"Quiz ({len(questions)} questions)").click()
    _to_the_stop(tab)
    tab.page.get_by_role("button", name="Skip: show the book’s card").click()  # question 1
    for _ in range(4):  # Next trick runs on to the next stop
        if tab.page.locator("#stepper button.st-pick").count():
            break
        tab.page.locator('#stepper button[data-action="nextTrick"]').click()
    tab.expect("#stepper .st-exam-title").to_have_text("Question 2 of 2 · trick 4")
    assert tab.played()[-1] == "D7"  # A's lead: dummy is next
    tab.expect("#stepper select").to_have_value("S")  # the declarer's view
    on, _ = _picks(tab)
    assert sorted(on) == ["D3", "D9", "DA"]
    assert tab.page.locator("#stepper .st-seat-N button.st-pick").count() == len(on) + len(_picks(tab)[1])
    assert tab.cards("W") == 0 and tab.cards("E") == 0  # the adversaries' hands face down
    tab.expect("#stepper .st-exam").to_contain_text("the cards he may play are buttons in dummy’s hand")
    tab.page.locator('#stepper button.st-pick[data-card="DA"]').click()
    tab.expect("#stepper .st-exam .st-verdict").to_have_text("Yes: ♦A is the book’s card.")
    # the skipped first question counts in both scores, as not found
    tab.expect("#stepper .st-exam .st-exam-score").to_have_text(
        "Score: the book’s card 1 of 2; as good as the best by double dummy 1 of 2."
    )


def _play_the_quiz_by_keyboard(tab: Tab, pressed: list[str]) -> None:
    def press(key: str) -> None:
        assert key in KEYS
        pressed.append(key)
        tab.page.keyboard.press(key)

    def focused(script: str) -> Any:
        return tab.page.evaluate(f"(() => {{ const e = document.activeElement; return {script}; }})()")

    data = tab.data()
    count = len(data["questions"])
    name = f"Quiz ({count} question{'s' if count > 1 else ''})"
    for _ in range(80):  # Tab to the quiz's button
        if focused("e && e.textContent") == name:
            break
        press("Tab")
    assert focused("e.textContent") == name
    press("Enter")
    tab.expect("#stepper .st-exam-toggle").to_have_attribute("aria-pressed", "true")
    for q in data["questions"]:
        for _ in range(60):  # the arrow plays on until the quiz stops and gives B's first card the focus
            if focused("e.classList.contains('st-pick')"):
                break
            press("ArrowRight")
        assert tab.page.locator("#stepper .st-exam-title").inner_text().startswith("Question")
        for _ in range(len(q["legal"])):  # the arrows move between the legal cards
            if focused("e.dataset.card") == q["book"]:
                break
            press("ArrowRight")
        assert focused("e.dataset.card") == q["book"]
        press("Space" if q is data["questions"][0] else "Enter")
        tab.expect("#stepper .st-exam .st-verdict").to_contain_text("Yes:")
    for _ in range(60):
        if tab.page.locator("#stepper .st-summary").count():
            break
        press("ArrowRight")
    rows = tab.page.locator("#stepper .st-summary tbody tr")
    assert rows.count() == count
    verdicts = [r.locator("td").last.inner_text() for r in rows.all()]
    assert verdicts == ["the book’s card"] * count
    tab.expect("#stepper .st-exam .st-exam-score").to_contain_text(f"the book’s card {count} of {count}")
    _live(tab, f"the book’s card {count} of {count}")
    for _ in range(20):  # and again, from the start
        if focused("e.textContent") == "Start the quiz again":
            break
        press("Tab")
    press("Enter")
    tab.expect("#stepper .st-where").to_contain_text("Before trick 1")


@pytest.mark.parametrize("name", ["hand-5", "hand-3"])
def test_the_whole_quiz_by_keyboard(browser: Any, site: Path, name: str) -> None:
    tab = _tab(browser, site)
    try:
        tab.open(name, wait=False)
        tab.page.wait_for_selector("#stepper:not([hidden]) .st-table")
        if name == "hand-3":
            assert len(tab.data()["questions"]) >= 2, "Foster's Hand 3 has more than one question"
        pressed: list[str] = []
        _play_the_quiz_by_keyboard(tab, pressed)
        assert set(pressed) <= KEYS and "Enter" in pressed
    finally:
        _close(tab)


def test_no_note_naming_an_unplayed_card_is_visible_at_a_stop(tab: Tab) -> None:
    tab.open()
    data = tab.data()
    (q,) = data["questions"]
    tab.page.get_by_label("Show every note now").check()  # even so
    _start_quiz(tab)
    _to_the_stop(tab)
    played = {code for _, code in data["tricks"][0]["plays"][: q["index"]]}
    spoilers = [
        n["id"]
        for n in data["notes"] + data["tags"]
        if n["id"] == q["note_id"] or set(n.get("names", [])) - played
    ]
    assert q["note_id"] in spoilers and len(spoilers) > 1
    for note_id in spoilers:
        assert not tab.page.locator(f"#{note_id}").is_visible(), note_id
        assert tab.page.locator(f'#stepper [data-note="{note_id}"]').count() == 0, note_id
    # nor does the book's table: its first row (B's ♥10) and every later one are veiled
    assert not tab.page.locator("table.tricks tbody tr[data-trick='1'] td").first.is_visible()
    assert "♥10" not in tab.page.locator("section.play").inner_text()
    tab.page.locator('#stepper button.st-pick[data-card="H4"]').click()
    assert tab.page.locator(f"#{q['note_id']}").is_visible()  # once chosen, the note is there
    row = tab.page.locator("table.tricks tbody tr[data-trick='1'] td").first
    assert not row.is_visible()  # until trick 1 is complete: Z's card is still to come
    tab.press("ArrowRight")
    assert row.is_visible()


# ------------------------------------------------------------------------------------ lines


def test_the_ace_line_is_entered_and_left(tab: Tab) -> None:
    tab.open()
    data = tab.data()
    (line,) = data["lines"]
    start = _next_card_box(tab)
    enter = tab.page.get_by_role("button", name=f"Step into the line: {LINE}")
    assert enter.is_visible()  # offered from before the branch trick's first card
    tab.press("ArrowRight", 2)
    enter.click()
    # the line's cards: B's ace, where the book has the ten
    assert tab.played() == ["H6", "H7", "HA"]
    tab.expect("#stepper .st-line-banner").to_contain_text(f"Alternative line: {LINE}")
    tab.expect("#stepper .st-line-mark").to_have_text("Line: ")
    notes = tab.page.locator("#stepper .st-notes")
    assert notes.is_visible()  # on a wide screen too: the reading column is the book's
    assert "dummy keeps its jack" in notes.inner_text()
    assert "Confirmed: Y–Z make 4 by cards" in notes.inner_text()
    _live(tab, f"Alternative line: {LINE}.")
    assert _next_card_box(tab) == start  # the controls did not move
    for trick in line["tricks"][:4]:  # the normal controls step through the line's own tricks
        tab.page.locator('#stepper button[data-action="nextTrick"]').click()
        assert tab.played() == [code for _, code in trick["plays"]]
    assert tab.hash() == "#trick-1-card-2"  # the URL stays with the book's play, at the branch
    # the page does not pretend: the book's table still has B's ten, its row marked at trick 1
    row = tab.page.locator("table.tricks tbody tr[data-trick='1']")
    assert "the ten of hearts" in row.inner_text() and row.get_attribute("aria-current") == "step"
    tab.page.locator('#stepper button[data-action="end"]').click()
    assert tab.played() == [code for _, code in line["tricks"][-1]["plays"]]
    tab.page.keyboard.press("Escape")
    tab.expect("#stepper .st-line-banner").to_have_count(0)
    assert tab.played() == ["H6", "H7"] and tab.hash() == "#trick-1-card-2"
    _live(tab, "Back to the book’s play.")
    # and in again, out by the button
    enter.click()
    tab.page.get_by_role("button", name="Back to the book’s play").click()
    assert tab.played() == ["H6", "H7"]
    tab.press("ArrowRight")
    assert tab.played() == ["H6", "H7", "H10"]  # the book's card, again
    tab.page.locator('#stepper button[data-action="nextTrick"]').click()
    tab.page.locator('#stepper button[data-action="nextCard"]').click()
    tab.expect("#stepper .st-enter").to_have_count(0)  # trick 2: the line is not offered


def test_the_line_waits_for_the_quiz_answer(tab: Tab) -> None:
    tab.open()
    _start_quiz(tab)
    tab.expect("#stepper .st-enter").to_have_count(0)
    _to_the_stop(tab)
    tab.page.locator('#stepper button.st-pick[data-card="H10"]').click()
    tab.page.get_by_role("button", name=f"Step into the line: {LINE}").click()
    assert tab.played() == ["H6", "H7", "HA"]
    tab.page.keyboard.press("Escape")
    assert tab.played() == ["H6", "H7"]


# ------------------------------------------------------------------------------------ axe, screens


def _axe(tab: Tab, where: str) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    tab.page.evaluate(str(Axe().axe_script))
    found = tab.page.evaluate(
        "options => axe.run(document, options).then(r => r.violations)",
        {"resultTypes": ["violations"], "preload": False},
    )
    return [f"{where}: {v['id']} x{len(v['nodes'])}: {v['help']}; {v['nodes'][0]['target']}" for v in found]


def test_axe_finds_no_violation_at_a_stop_a_reveal_and_in_a_line(browser: Any, site: Path) -> None:
    found: list[str] = []
    for screen in SCREENS:
        for scheme in ("light", "dark"):
            tab = _tab(browser, site, screen)
            try:
                tab.page.emulate_media(color_scheme=scheme)
                tab.open()
                _start_quiz(tab)
                _to_the_stop(tab)
                found += _axe(tab, f"{screen} {scheme}: quiz stop")
                tab.page.locator('#stepper button.st-pick[data-card="HA"]').click()
                found += _axe(tab, f"{screen} {scheme}: reveal")
                tab.page.get_by_role("button", name=f"Step into the line: {LINE}").click()
                found += _axe(tab, f"{screen} {scheme}: line")
                tab.page.keyboard.press("Escape")
                tab.page.locator('#stepper button[data-action="end"]').click()
                found += _axe(tab, f"{screen} {scheme}: summary")
            finally:
                _close(tab)
    assert not found, "\n".join(found)


def test_the_controls_stay_put_and_screenshots(browser: Any, site: Path) -> None:
    """A quiz stop, a reveal, the summary and a line at both widths, written to build/screenshots/;
    the Next card button never moves."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for screen in SCREENS:
        tab = _tab(browser, site, screen)
        try:
            tab.open()
            where = _next_card_box(tab)
            _start_quiz(tab)
            _to_the_stop(tab)
            shots = [("quiz-stop", _next_card_box(tab))]
            tab.page.screenshot(path=str(SHOTS / f"hand-5-{screen}-quiz-stop.png"))
            tab.page.locator('#stepper button.st-pick[data-card="HA"]').click()
            shots.append(("quiz-reveal", _next_card_box(tab)))
            tab.page.screenshot(path=str(SHOTS / f"hand-5-{screen}-quiz-reveal.png"))
            tab.page.get_by_role("button", name=f"Step into the line: {LINE}").click()
            tab.page.locator('#stepper button[data-action="nextTrick"]').click()
            shots.append(("line", _next_card_box(tab)))
            tab.page.screenshot(path=str(SHOTS / f"hand-5-{screen}-line.png"))
            tab.page.keyboard.press("Escape")
            tab.page.locator('#stepper button[data-action="end"]').click()
            shots.append(("quiz-summary", _next_card_box(tab)))
            tab.page.locator("#stepper .st-exam").scroll_into_view_if_needed()
            tab.page.screenshot(path=str(SHOTS / f"hand-5-{screen}-quiz-summary.png"))
            for shot, box in shots:
                assert box == where, f"{screen}, {shot}: Next card moved from {where} to {box}"
                assert (SHOTS / f"hand-5-{screen}-{shot}.png").stat().st_size > 10_000
            assert tab.page.evaluate("document.documentElement.scrollWidth") <= SCREENS[screen]["width"]
        finally:
            _close(tab)
