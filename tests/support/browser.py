"""Browser tests' common parts: the built site, Debian's Chromium through Playwright, a tab that
records what the page reported. Never downloads a browser: the tests fail (never skip) without
/usr/bin/chromium."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT = 5_000  # ms, for anything the page does after a key press


def build_site(out: Path) -> Path:
    """``replayer build hands/ --out OUT --no-pdf``, run from the project root, plus two test-only
    pages made from Hand 5 (an end position; no tricks)."""
    from replayer.cli.main import main

    here = os.getcwd()
    os.chdir(ROOT)
    try:
        status = main(["build", "hands/", "--out", str(out), "--no-pdf"])
    finally:
        os.chdir(here)
    assert status == 0, f"replayer build failed with status {status}"
    for name in ("stepper.js", "stepper.css"):
        assert (out / "assets" / name).is_file(), f"the build did not copy site/{name} into assets/"
    _write_end_position(out)
    return out


def _write_end_position(out: Path) -> None:
    """A test-only page: the last three tricks of Hand 5 as an end position (first_trick 11), the
    last trick broken off after two cards, no declaration known (trump, declarer, dummy null)."""
    text = (out / "foster-1904" / "hand-5.html").read_text(encoding="utf-8")
    match = re.search(r'(<script type="application/json" id="hand-data">)(.*?)(</script>)', text, re.DOTALL)
    assert match, "hand-5.html has no hand-data script"
    data = json.loads(match.group(2))
    tricks = [t for t in data["tricks"] if t["number"] >= 11]
    tricks[-1] = {**tricks[-1], "plays": tricks[-1]["plays"][:2], "winner": None}
    held: dict[str, list[str]] = {s: [] for s in "NESW"}
    for t in data["tricks"][10:]:
        for seat, card in t["plays"]:
            held[seat].append(card)
    data.update(
        first_trick=11,
        opening_leader=tricks[0]["leader"],
        tricks=tricks,
        deal=held,
        trump=None,
        declarer=None,
        dummy=None,
        notes=[n for n in data["notes"] if not n["tricks"]],
    )
    data["result"] = {"NS": 2, "EW": 0}
    payload = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    page = text[: match.start(2)] + payload + text[match.end(2) :]
    (out / "foster-1904" / "test-end-position.html").write_text(page, encoding="utf-8")
    empty = dict(data, tricks=[])
    payload = json.dumps(empty, ensure_ascii=False).replace("</", "<\\/")
    (out / "foster-1904" / "test-no-tricks.html").write_text(
        text[: match.start(2)] + payload + text[match.end(2) :], encoding="utf-8"
    )


@contextmanager
def chromium() -> Iterator[Any]:
    """One headless Chromium for a module's tests."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} not found: the browser tests need Debian's Chromium (apt-get install chromium); "
            "never `playwright install`"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - a broken environment
        pytest.fail(
            "the browser tests need Playwright for Python: pip install playwright (not `playwright install`)"
        )
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@dataclass
class Tab:
    """A page and what it reported: console errors, page errors, every request's URL."""

    page: Any
    site: Path
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def open(self, name: str = "hand-5", hash: str = "", wait: bool = True) -> None:
        url = (self.site / "foster-1904" / f"{name}.html").as_uri() + hash
        self.page.goto(url)
        if wait:
            self.page.wait_for_selector("#stepper:not([hidden]) .st-table", timeout=TIMEOUT)
            # the keys are the stepper's only while it has the focus: click into it, as a reader does
            self.page.click("#stepper .st-status")

    def data(self) -> dict[str, Any]:
        return json.loads(self.page.locator("#hand-data").text_content())

    def hash(self) -> str:
        return self.page.evaluate("location.hash")

    def press(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)

    def cards(self, seat: str) -> int:
        """Face-up cards shown in a seat's hand in the stepper."""
        return self.page.locator(f"#stepper .st-seat-{seat} .st-card").count()

    def hand_text(self, seat: str) -> str:
        return self.page.locator(f"#stepper .st-seat-{seat}").inner_text()

    def played(self) -> list[str]:
        """The cards in the current trick, in order, as data-card ids ("H10")."""
        return self.page.locator("#stepper .st-trick .st-played .st-card").evaluate_all(
            "cs => cs.map(c => c.dataset.card)"
        )

    def expect(self, selector: str) -> Any:
        from playwright.sync_api import expect

        return expect(self.page.locator(selector))


def new_tab(browser: Any, site: Path, **options: Any) -> Tab:
    context = browser.new_context(**options)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    tab = Tab(page, site)
    page.on(
        "console",
        lambda m: (
            tab.errors.append(f"console.{m.type}: {m.text}") if m.type in ("error", "warning") else None
        ),
    )
    page.on("pageerror", lambda e: tab.errors.append(f"page error: {e}"))
    page.on("request", lambda r: tab.requests.append(r.url))
    return tab
