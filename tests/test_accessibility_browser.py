"""Accessibility of every page of the site (issue 15): axe-core, as bundled by the PyPI package
axe-playwright-python (no network: the script is a file in the package), run in Debian's Chromium
through Playwright on every page of the built site, in light and dark mode (``prefers-color-scheme``),
reports no violation; so does the stepper mid-play, watched from one seat and in "Play it yourself".
What axe cannot judge is checked here by hand: the void dash's contrast (axe leaves a text of
symbols alone), one link text for one target (WCAG 2.4.4), light mode keeping the project's colours,
dark mode staying on screen (print and the PDFs are on paper).

The built site is the session's (``site`` in conftest.py); the browser is this module's.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support.browser import Tab, chromium, new_tab

SCHEMES = ("light", "dark")
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 812}
# axe's own options: violations only; no fetching of the style sheets (the pages' Content Security
# Policy forbids it, and the console error would be the page's)
AXE_OPTIONS = {"resultTypes": ["violations"], "preload": False}
# one lesson of each book, stepped to the middle of a trick (the first also on a phone)
MID_PLAY = ("foster-1904/hand-5", "elwell-1902/hand-10", "elwell-1904/hand-21")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def axe_script() -> str:
    from axe_playwright_python.sync_playwright import Axe

    return str(Axe().axe_script)


def _pages(site: Path) -> list[Path]:
    pages = sorted(site.rglob("*.html"))
    lessons = [p for p in pages if p.name.startswith("hand-")]
    assert len(lessons) == 59, (
        f"the site has {len(lessons)} lessons, not the 59 of the three books and the two Dummy Bridge deals"
    )
    for name in ("index.html", "techniques.html", "makes.html"):
        assert site / name in pages, f"the site has no {name}"
    return pages


def _goto(tab: Tab, page: Path, hash: str = "") -> None:
    tab.page.goto(page.as_uri() + hash)
    if tab.page.locator("#hand-data").count() and "no-tricks" not in page.name:
        tab.page.wait_for_selector("#stepper:not([hidden]) .st-table")


def _violations(tab: Tab, axe_script: str, where: str) -> list[str]:
    """axe-core's violations on the page as it is now, one line per rule: where, rule, count, nodes."""
    tab.page.evaluate(axe_script)
    found = tab.page.evaluate("options => axe.run(document, options).then(r => r.violations)", AXE_OPTIONS)
    return [
        f"{where}: {v['id']} ({v['impact']}) x{len(v['nodes'])}: {v['help']}; "
        + ", ".join(str(n["target"]) for n in v["nodes"][:4])
        for v in found
    ]


def _close(tab: Tab) -> None:
    tab.page.context.close()
    assert not tab.errors, "the page reported errors:\n" + "\n".join(tab.errors)


def test_axe_finds_no_violation_on_any_page_in_light_and_dark(
    browser: Any, site: Path, axe_script: str
) -> None:
    found: list[str] = []
    for scheme in SCHEMES:
        tab = new_tab(browser, site, viewport=DESKTOP, color_scheme=scheme)
        try:
            for page in _pages(site):
                _goto(tab, page)
                found += _violations(tab, axe_script, f"{scheme} {page.relative_to(site)}")
        finally:
            _close(tab)
    assert not found, f"axe-core found {len(found)} violations:\n" + "\n".join(found)


def test_axe_finds_no_violation_in_the_stepper_mid_play_watching_and_playing(
    browser: Any, site: Path, axe_script: str
) -> None:
    found: list[str] = []
    for scheme in SCHEMES:
        for screen, lessons in ((DESKTOP, MID_PLAY), (PHONE, MID_PLAY[:1])):
            tab = new_tab(browser, site, viewport=screen, color_scheme=scheme)
            try:
                for name in lessons:
                    where = f"{scheme} {screen['width']} {name}"
                    _goto(tab, site / f"{name}.html", "#trick-5-card-2")
                    assert tab.played(), f"{where}: the deep link shows no card in the current trick"
                    found += _violations(tab, axe_script, f"{where} #trick-5-card-2")
                    everyone = tab.page.locator("#stepper .st-hand .st-card").count()
                    tab.page.get_by_label("Watch as").select_option("W")
                    hidden = everyone - tab.page.locator("#stepper .st-hand .st-card").count()
                    assert hidden > 0, f"{where}: watching as West hides no card"
                    found += _violations(tab, axe_script, f"{where} watching as West")
                    tab.page.get_by_label("Watch as").select_option(tab.data()["declarer"])
                    tab.page.get_by_role("button", name="Play it yourself").click()
                    tab.expect('#stepper .st-quiz-toggle[aria-pressed="true"]').to_be_visible()
                    found += _violations(tab, axe_script, f"{where} playing the declarer's cards")
            finally:
                _close(tab)
    assert not found, f"axe-core found {len(found)} violations:\n" + "\n".join(found)


def test_axe_reports_a_contrast_it_should(browser: Any, site: Path, axe_script: str) -> None:
    """The harness can fail: grey on the page's paper, added to a lesson, is a violation."""
    tab = new_tab(browser, site, viewport=DESKTOP)
    try:
        _goto(tab, site / "foster-1904" / "hand-5.html")
        tab.page.evaluate(
            "() => { const p = document.createElement('p'); p.textContent = 'Too faint to read';"
            " p.style.color = '#bbbbbb'; document.querySelector('main').prepend(p); }"
        )
        found = _violations(tab, axe_script, "hand-5 with a faint line")
        assert any(": color-contrast " in line for line in found), found
    finally:
        _close(tab)


CONTRAST = """el => {
  const rgb = s => s.match(/[\\d.]+/g).slice(0, 4).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(c => { c /= 255; return c <= 0.03928 ? c / 12.92 :
    ((c + 0.055) / 1.055) ** 2.4; }).reduce((s, c, i) => s + c * [0.2126, 0.7152, 0.0722][i], 0);
  let bg = null;
  for (let e = el; e && !bg; e = e.parentElement) {
    const c = rgb(getComputedStyle(e).backgroundColor);
    if (c.length < 4 || c[3] === 1) bg = c.slice(0, 3);
  }
  bg = bg || rgb(getComputedStyle(document.documentElement).backgroundColor);
  let opacity = 1;
  for (let e = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
  const fg = rgb(getComputedStyle(el).color).slice(0, 3).map((c, i) => c * opacity + bg[i] * (1 - opacity));
  const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


def test_the_void_dash_is_readable_in_both_schemes(browser: Any, site: Path) -> None:
    """The dash of a void suit in the stepper: 4.5:1 or more (it was 3.28:1; axe skips symbols)."""
    for scheme in SCHEMES:
        tab = new_tab(browser, site, viewport=DESKTOP, color_scheme=scheme)
        try:
            _goto(tab, site / "foster-1904" / "hand-5.html", "#trick-5-card-2")
            voids = tab.page.locator("#stepper .st-void")
            assert voids.count() >= 1, "Hand 5 at trick 5 shows no void suit"
            ratios = [voids.nth(i).evaluate(CONTRAST) for i in range(voids.count())]
            assert min(ratios) >= 4.5, f"{scheme}: the void dash at {min(ratios):.2f}:1"
        finally:
            _close(tab)


LINKS = """() => {
  const targets = {};
  // the index's hands are rows of a table: the row's number and the book's heading are the link's
  // context (2.4.4 is "in context"; Elwell titles three hands "Inference")
  for (const a of document.querySelectorAll('a[href]:not(table.hands th a)')) {
    const name = (a.getAttribute('aria-label') || a.textContent).replace(/\\s+/g, ' ').trim().toLowerCase();
    (targets[name] = targets[name] || new Set()).add(new URL(a.href, location.href).href);
  }
  return Object.entries(targets).filter(([, t]) => t.size > 1).map(([n, t]) => n + ' -> ' + [...t].join(' | '));
}"""


def test_one_link_text_leads_to_one_place(browser: Any, site: Path) -> None:
    """WCAG 2.4.4: two links that read the same go to the same place (a lesson's "see the note"
    links, the nav's "The make" beside the contents' "The make" on the technique index)."""
    tab = new_tab(browser, site, viewport=DESKTOP)
    found: list[str] = []
    try:
        for page in _pages(site):
            _goto(tab, page)
            found += [f"{page.relative_to(site)}: {line}" for line in tab.page.evaluate(LINKS)]
    finally:
        _close(tab)
    assert not found, "links that read the same and lead to different places:\n" + "\n".join(found)


def _colours(tab: Tab) -> dict[str, str]:
    return dict(
        tab.page.evaluate(
            "() => ({ page: getComputedStyle(document.documentElement).backgroundColor,"
            " ink: getComputedStyle(document.body).color,"
            " red: getComputedStyle(document.querySelector('#stepper .st-red .st-suit-symbol')).color })"
        )
    )


def test_dark_mode_on_screen_only_and_light_mode_keeps_the_project_colours(browser: Any, site: Path) -> None:
    light = new_tab(browser, site, viewport=DESKTOP, color_scheme="light")
    dark = new_tab(browser, site, viewport=DESKTOP, color_scheme="dark")
    try:
        for tab in (light, dark):
            _goto(tab, site / "foster-1904" / "hand-5.html")
        # the project's paper, ink and red (site/lesson.css :root)
        assert _colours(light) == {
            "page": "rgb(255, 253, 248)",
            "ink": "rgb(29, 29, 31)",
            "red": "rgb(179, 18, 31)",
        }
        on_screen = _colours(dark)
        assert on_screen["page"] == "rgb(22, 22, 26)" and on_screen["ink"] == "rgb(235, 231, 223)", on_screen
        assert on_screen["red"] != "rgb(179, 18, 31)", "dark mode keeps the red made for paper"
        dark.page.emulate_media(media="print")
        assert _colours(dark)["page"] != on_screen["page"], "printing in dark mode prints the dark ground"
    finally:
        _close(light)
        _close(dark)
