"""The site's web fonts: DejaVu Serif cut down to the characters the site's pages use, as WOFF2.

The package ships the full DejaVu Serif TTFs (``site/fonts/``): WeasyPrint reads them for the PDFs
and embeds the glyphs it uses.  A browser gets a subset instead: every glyph that some page of the
site, its stylesheets or its script can show, and no other, compressed as WOFF2 (fontTools with
brotli).  One set of font files serves every page of the site, so a reader's browser fetches it
once; three full TTFs (about 1 MB) become three WOFF2 files of a few dozen KB.

Pure functions of bytes: the build (the edge) reads the pages and the sources and writes the fonts.
The same pages and sources give the same bytes, and the same key (:func:`fonts_key`), with which the
build skips the subsetting when nothing changed.  The page-weight helpers (:func:`page_loads`,
:func:`font_faces`, :func:`page_weight`) name what a page makes a browser fetch and weigh it, for
the benchmark (``benchmarks/page_weight.py``) and the tests.
"""

from __future__ import annotations

import hashlib
import html
import io
import posixpath
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from html.parser import HTMLParser

__all__ = [
    "WEB_FONTS",
    "font_faces",
    "fonts_key",
    "page_loads",
    "page_weight",
    "site_characters",
    "web_font",
    "web_fonts",
]

#: each web font, by its path under the site's ``assets/``, and the shipped TTF it is cut from
WEB_FONTS: dict[str, str] = {
    "fonts/DejaVuSerif.woff2": "fonts/DejaVuSerif.ttf",
    "fonts/DejaVuSerif-Bold.woff2": "fonts/DejaVuSerif-Bold.ttf",
    "fonts/DejaVuSerif-Italic.woff2": "fonts/DejaVuSerif-Italic.ttf",
    # the symbols DejaVu Serif lacks (✎ ✓ …), from DejaVu Sans: lesson.css gives it a unicode-range
    "fonts/DejaVuSans-Symbols.woff2": "fonts/DejaVuSans-Symbols.ttf",
}

#: bumped when the way the fonts are cut changes, so that a build makes them again
_RECIPE = "subset-2: woff2, no hinting, default layout features, .notdef outline"


#: a character written as an escape: JavaScript's \u2039 and \u{1F0A1}, CSS's "\2713" in a content
_JS_ESCAPE = re.compile(r"\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})")
_CSS_CONTENT = re.compile(r"\bcontent\s*:([^;}]*)")
_CSS_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6})")


def _escaped(text: str) -> set[str]:
    codes = [a or b for a, b in _JS_ESCAPE.findall(text)]
    codes += [c for content in _CSS_CONTENT.findall(text) for c in _CSS_ESCAPE.findall(content)]
    return {chr(int(c, 16)) for c in codes if int(c, 16) <= 0x10FFFF}


def site_characters(texts: Iterable[bytes]) -> str:
    """Every character a page (or a stylesheet, or the stepper's script) can show, in code-point
    order: the text as written, as HTML reads its character references (``&#9824;`` is ♠), and the
    escapes of a script or a stylesheet (``"\\u2039"``, ``content: "\\2713"``); control characters,
    surrogates and unassigned code points are left out (no font draws them)."""
    found: set[str] = set()
    for data in texts:
        text = data.decode("utf-8", "replace")
        found.update(text)
        found.update(html.unescape(text))
        found.update(_escaped(text))
    return "".join(sorted(c for c in found if unicodedata.category(c) not in ("Cc", "Cn", "Cs")))


def fonts_key(chars: str, sources: Mapping[str, bytes]) -> str:
    """What the web fonts are made of: the characters, the source fonts, fontTools and the recipe."""
    from fontTools import version as fonttools_version

    h = hashlib.sha256(f"{_RECIPE}\0{fonttools_version}\0{chars}\0".encode())
    for name in sorted(sources):
        h.update(name.encode() + b"\0" + hashlib.sha256(sources[name]).digest())
    return h.hexdigest()


def web_font(ttf: bytes, chars: str) -> bytes:
    """The TTF ``ttf`` cut down to the glyphs of ``chars`` (and what their layout needs), as WOFF2.
    Deterministic: the font's timestamps are kept as they are, never set to the time of the build."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.flavor = "woff2"
    options.hinting = False  # hinting is over half of a subset's bytes; browsers draw well without
    options.notdef_outline = True  # a character no font has shows as a box, not as nothing
    options.drop_tables += ["FFTM"]  # FontForge's timestamps: nothing a browser reads
    font = TTFont(io.BytesIO(ttf), recalcTimestamp=False, lazy=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in chars])
    subsetter.subset(font)
    out = io.BytesIO()
    subset.save_font(font, out, options)
    return out.getvalue()


def web_fonts(chars: str, sources: Mapping[str, bytes]) -> dict[str, bytes]:
    """Each web font of :data:`WEB_FONTS` (by its path under ``assets/``) from its source's bytes."""
    return {name: web_font(sources[name], chars) for name in WEB_FONTS}


class _Loads(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        rel = (a.get("rel") or "").split()
        if tag == "link" and "stylesheet" in rel and a.get("href"):
            self.urls.append(str(a["href"]))
        elif tag in ("script", "img") and a.get("src"):
            self.urls.append(str(a["src"]))


def page_loads(page: str, text: str) -> list[str]:
    """The site files a page (at ``page``, a path in the site) makes a browser fetch as it opens:
    its stylesheets, scripts and images, as paths in the site (links to other pages are not fetched;
    the fonts are the stylesheets' business, :func:`font_faces`)."""
    parser = _Loads()
    parser.feed(text)
    return [_resolve(page, url) for url in dict.fromkeys(parser.urls) if _local(url)]


_FONT_FACE = re.compile(r"@font-face\s*\{([^}]*)\}", re.IGNORECASE)
_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)""")


def font_faces(stylesheet: str, css: str) -> list[str]:
    """The font files a stylesheet (at ``stylesheet``, a path in the site) declares, one per
    ``@font-face``: the first ``url()`` of its ``src``, the one a current browser fetches."""
    out = []
    for body in _FONT_FACE.findall(re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)):
        url = _URL.search(body)
        if url is not None and _local(url.group(2)):
            out.append(_resolve(stylesheet, url.group(2)))
    return list(dict.fromkeys(out))


def _local(url: str) -> bool:
    return not re.match(r"[A-Za-z][A-Za-z0-9+.\-]*:|//", url)


def _resolve(base: str, url: str) -> str:
    path = url.split("#", 1)[0].split("?", 1)[0]
    return posixpath.normpath(posixpath.join(posixpath.dirname(base), path))


def page_weight(page: str, read: Callable[[str], bytes]) -> dict[str, int]:
    """The bytes a browser fetches to show ``page`` (a path in the site), by kind: ``html``, ``css``,
    ``js``, ``fonts`` (every face its stylesheets declare: an upper bound, as a browser fetches only
    the faces it draws with) and ``images``.  ``read`` gives a site file's bytes by its path."""
    text = read(page).decode("utf-8", "replace")
    weight = {"html": len(read(page)), "css": 0, "js": 0, "fonts": 0, "images": 0}
    fonts: list[str] = []
    for rel in page_loads(page, text):
        data = read(rel)
        kind = {".css": "css", ".js": "js"}.get(posixpath.splitext(rel)[1], "images")
        weight[kind] += len(data)
        if kind == "css":
            fonts += font_faces(rel, data.decode("utf-8", "replace"))
    weight["fonts"] = sum(len(read(f)) for f in dict.fromkeys(fonts))
    return weight
