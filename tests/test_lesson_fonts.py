"""The pages' web fonts (replayer/lessons/fonts.py): DejaVu Serif cut to the characters the site
uses, as WOFF2, so that a lesson page weighs under 200 KB fonts included; every character of every
page of the built site (its text, its attributes, what the stepper writes) has its glyph in the
subset; the same input gives the same bytes; a rebuild with nothing changed leaves the fonts alone;
and the PDFs still embed a font with the suit symbols (WeasyPrint reads the full TTFs)."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from fontTools.ttLib import TTFont
from PIL import Image
from pypdf import PdfReader

from replayer.cli.main import main
from replayer.lessons.fonts import WEB_FONTS, fonts_key, page_weight, site_characters, web_fonts
from replayer.lessons.resources import assets_dir
from support.browser import Tab, chromium, new_tab

ROOT = Path(__file__).resolve().parent.parent
FOSTER = ROOT / "hands" / "foster-1904"
SITE_PAGES = {"index.html", "techniques.html", "makes.html"}
LIMIT = 200_000  # bytes: the "under 200 KB in all, fonts included", counted strictly


def cmap(data: bytes) -> set[int]:
    return set(TTFont(io.BytesIO(data)).getBestCmap() or {})  # a font cut to no character has none


def source(name: str) -> bytes:
    return (assets_dir() / WEB_FONTS[name]).read_bytes()


class _Shown(HTMLParser):
    """What a page can show: its text (not its scripts' code), and the attributes a browser draws
    or speaks (title, alt, aria-label, placeholder, value)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.chars: set[str] = set()
        self._code = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._code += tag in ("script", "style")
        for name, value in attrs:
            if name in ("title", "alt", "aria-label", "placeholder", "value") and value:
                self.chars.update(value)

    def handle_endtag(self, tag: str) -> None:
        self._code -= tag in ("script", "style") and self._code > 0

    def handle_data(self, data: str) -> None:
        if not self._code:
            self.chars.update(data)


def shown(text: str) -> set[str]:
    parser = _Shown()
    parser.feed(text)
    return {c for c in parser.chars if not c.isspace()}


def site_fonts(site: Path) -> dict[str, set[int]]:
    return {name: cmap((site / "assets" / name).read_bytes()) for name in WEB_FONTS}


def not_covered(site: Path, chars: set[str]) -> dict[str, str]:
    """Per web font of the site: the characters of ``chars`` it lacks though its source has them."""
    out = {}
    for name, have in site_fonts(site).items():
        full = cmap(source(name))
        lacking = "".join(sorted(c for c in chars if ord(c) in full and ord(c) not in have))
        if lacking:
            out[name] = lacking
    return out


# ------------------------------------------------------------------------------ weight and coverage


def test_every_lesson_page_weighs_under_200_kb_fonts_included(site: Path) -> None:
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    lessons = [p for p in pages if p not in SITE_PAGES]
    assert "foster-1904/hand-5.html" in lessons and len(lessons) > 50
    fonts = sum((site / "assets" / name).stat().st_size for name in WEB_FONTS)
    for page in lessons:
        weight = page_weight(page, lambda rel: (site / rel).read_bytes())
        assert weight["fonts"] == fonts, f"{page} does not load the site's three web fonts: {weight}"
        assert weight["css"] > 0 and weight["js"] > 0, weight
        assert sum(weight.values()) < LIMIT, f"{page} weighs {sum(weight.values())} bytes: {weight}"
    assert not list(site.rglob("*.ttf")), "the site carries TTFs no page loads"
    for name in WEB_FONTS:
        data = (site / "assets" / name).read_bytes()
        assert data[:4] == b"wOF2", name
        assert len(data) < len(source(name)) / 10, f"{name} is not a subset ({len(data)} bytes)"


def test_the_web_fonts_have_every_character_of_every_page_of_the_site(site: Path) -> None:
    used: set[str] = set()
    for page in sorted(site.rglob("*.html")):
        used |= shown(page.read_text(encoding="utf-8"))
    # what the stepper writes (its labels, the live region's sentences) and the stylesheets' content
    for asset in sorted((site / "assets").glob("*.[cj]s")):
        text = asset.read_text(encoding="utf-8")
        for literal in re.findall(r"\"([^\"\n]*)\"|'([^'\n]*)'|`([^`]*)`", text):
            written = "".join(literal)  # and what its escapes stand for: "\u2039", content: "\2713"
            used |= set(
                re.sub(
                    r"\\u([0-9a-fA-F]{4})|\\([0-9a-fA-F]{4})", lambda m: chr(int(m[1] or m[2], 16)), written
                )
            )
    assert {"♠", "♥", "♦", "♣", "–", "’"} <= used and len(used) > 80
    assert not_covered(site, used) == {}
    # and the web fonts draw them all (DejaVu Serif, its symbols from DejaVu Sans): none falls back
    drawn = set().union(*site_fonts(site).values())
    assert "".join(sorted(c for c in used if ord(c) not in drawn and not c.isspace())) == ""


def fallbacks(tab: Tab) -> dict[str, list[str]]:
    """Chromium's own account (DevTools' CSS.getPlatformFontsForNode) of the fonts that drew each
    element's text: for every element set in "Replayer Serif", the fonts that are not our web fonts,
    with the element's start.  An empty dict: no glyph fell back to a font of the machine."""
    tab.page.evaluate("document.fonts.ready.then(() => true)")
    cdp = tab.page.context.new_cdp_session(tab.page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    out: dict[str, list[str]] = {}
    for node in cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": "body, body *"})["nodeIds"]:
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        other = [f["postScriptName"] for f in fonts if not f["isCustomFont"]]
        if not other:
            continue
        style = cdp.send("CSS.getComputedStyleForNode", {"nodeId": node})["computedStyle"]
        if any(p["name"] == "font-family" and "Replayer Serif" in p["value"] for p in style):
            out[cdp.send("DOM.getOuterHTML", {"nodeId": node})["outerHTML"][:120]] = other
    cdp.detach()
    return out


def test_chromium_draws_every_glyph_of_the_pages_with_the_web_fonts(site: Path) -> None:
    requests, errors = [], []
    with chromium() as browser:
        tab = new_tab(browser, site, viewport={"width": 1280, "height": 900})
        tab.open("hand-5")
        seen = fallbacks(tab)
        for steps in (2, 20, 30):  # mid-trick, deep in the play, the last card played
            tab.press("ArrowRight", steps)
            seen |= fallbacks(tab)
        for page in ("index", "techniques", "makes", "elwell-1904/hand-19"):
            requests += tab.requests
            errors += tab.errors
            tab.page.context.close()
            tab = new_tab(browser, site, viewport={"width": 1280, "height": 900})
            tab.page.goto((site / f"{page}.html").as_uri())
            seen |= fallbacks(tab)
        tab.page.context.close()
    # DevTools' CSS domain fetches the page again to read it, which Chromium refuses for a file: URL
    errors = [e for e in errors + tab.errors if "Unsafe attempt to load URL" not in e]
    assert not errors, errors
    fonts = {u.rsplit("/", 1)[1] for u in requests + tab.requests if "/assets/fonts/" in u}
    assert {"DejaVuSerif.woff2", "DejaVuSans-Symbols.woff2"} <= fonts, fonts  # ✎ marks the noted tricks
    assert all(f.endswith(".woff2") for f in fonts), fonts
    assert seen == {}, f"glyphs drawn by the machine's fonts, not the site's: {seen}"


# ------------------------------------------------------------------------------ the subsetting


def test_the_subset_holds_the_characters_asked_for_and_the_same_input_gives_the_same_bytes() -> None:
    chars = site_characters([b"Hand No. 5: \xe2\x99\xa0K &#9829;Q \xe2\x80\x93 caf\xc3\xa9\n"])
    assert "♥" in chars and "♠" in chars and "\n" not in chars
    sources = {name: source(name) for name in WEB_FONTS}
    first, again = web_fonts(chars, sources), web_fonts(chars, sources)
    assert first == again
    assert fonts_key(chars, sources) == fonts_key(chars, sources) != fonts_key(chars + "Ω", sources)
    for name, data in first.items():
        assert data[:4] == b"wOF2"
        got = cmap(data)
        assert got == {ord(c) for c in chars} & cmap(sources[name]), name
        assert ord("Ω") not in got and ord("z") not in got, f"{name} holds glyphs nobody asked for"


@pytest.fixture
def hands(tmp_path: Path) -> Path:
    shutil.copytree(FOSTER, tmp_path / "hands" / "foster-1904")
    return tmp_path / "hands"


def fonts_of(out: Path) -> dict[str, tuple[bytes, int]]:
    return {
        n: ((out / "assets" / n).read_bytes(), (out / "assets" / n).stat().st_mtime_ns) for n in WEB_FONTS
    }


def test_a_rebuild_keeps_the_fonts_and_a_new_character_on_a_page_remakes_them(
    hands: Path, tmp_path: Path
) -> None:
    out = tmp_path / "site"
    build = ["build", str(hands), "--out", str(out), "--no-pdf", "-q"]
    assert main(build) == 0
    before = fonts_of(out)
    assert main(build) == 0
    assert fonts_of(out) == before, "a rebuild with nothing changed wrote the fonts again"
    # a new character in a hand's title: the fonts are cut again, and hold it
    hand = hands / "foster-1904" / "hand-1.yaml"
    text = hand.read_text(encoding="utf-8")
    hand.write_text(re.sub(r'^title: "', 'title: "Ω ', text, count=1, flags=re.MULTILINE), encoding="utf-8")
    assert "Ω" not in text and "Ω" in hand.read_text(encoding="utf-8")
    assert main(build) == 0
    after = fonts_of(out)
    serif = [name for name in WEB_FONTS if ord("Ω") in cmap(source(name))]
    assert len(serif) == 3  # the symbols' font has no Ω: it stays as it was
    for name in serif:
        assert after[name][0] != before[name][0], name
        assert ord("Ω") in cmap(after[name][0]) and ord("Ω") not in cmap(before[name][0]), name


# ------------------------------------------------------------------------------ the PDFs


def test_the_pdf_embeds_the_full_font_s_suit_symbols_and_renders_them(
    hands: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for extra in (hands / "foster-1904").iterdir():
        if extra.name != "hand-5.yaml":
            extra.unlink()
    out = tmp_path / "site"
    assert main(["build", str(hands), "--out", str(out)]) == 0
    assert "fetch-refused" not in capsys.readouterr().out, "the PDF was refused a font"
    reader = PdfReader(out / "foster-1904" / "hand-5.pdf")
    embedded = set()
    for page in reader.pages:
        for ref in page["/Resources"]["/Font"].values():
            font: Any = ref.get_object()
            desc = font.get("/FontDescriptor") or font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            if "/FontFile2" in desc.get_object():
                embedded.add(str(font["/BaseFont"]))
    assert any(f.endswith("+Replayer-Serif") for f in embedded), embedded
    text = " ".join(p.extract_text() for p in reader.pages)
    assert all(s in text for s in "♠♥♦♣")
    assert shutil.which("pdftoppm"), "pdftoppm is missing: apt-get install poppler-utils"
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            "60",
            "-f",
            "1",
            "-l",
            "1",
            "-png",
            str(out / "foster-1904" / "hand-5.pdf"),
            str(tmp_path / "p"),
        ],
        check=True,
    )
    with Image.open(next(tmp_path.glob("p*.png"))) as im:
        colours = im.convert("RGB").getcolors(1 << 24) or []
    dark = sum(n for n, (r, g, b) in colours if r + g + b < 200)
    red = sum(n for n, (r, g, b) in colours if r > 140 and g < 90 and b < 90)  # the red suits, drawn
    assert dark > 2000 and red > 50, f"page 1 rendered without its text or its red suits ({dark}, {red})"
