"""Nothing fetched, nothing read from the build machine (issue 12: F15, F16).

A Markdown image in a hand is published only when it is a file inside the hands folder (copied into
the site beside the lesson, linked relatively); any other is shown as its alt text and reported at
its line.  WeasyPrint reads only the site's own assets and the lesson's published images.  Every
page carries a Content-Security-Policy that forbids remote loads.  The browser tests drive Debian's
Chromium through Playwright (as tests/test_stepper_browser.py does) while a local HTTP server on
127.0.0.1 watches for any request.
"""

from __future__ import annotations

import hashlib
import http.server
import io
import re
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from replayer.cli.main import main
from replayer.lessons.html import markdown_block, markdown_images
from replayer.lessons.media import IMAGE_LIMIT, image_type, refused_fetches
from replayer.lessons.pdf import render_pdf
from replayer.validation.files import check_file
from support.browser import chromium

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "fixtures" / "reliability"
F15 = CASES / "F15-remote-image-fetch" / "hand-1.yaml"
F16 = CASES / "F16-local-file-embedded-in-pdf" / "hand-1.yaml"
PNG = (CASES / "F16-local-file-embedded-in-pdf" / "secret-outside.png.sample").read_bytes()
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; "
    "base-uri 'none'; form-action 'none'"
)


# ------------------------------------------------------------------------------------ helpers


class Watcher:
    """A web server on 127.0.0.1 that answers every request (a PNG for anything, so that a leak
    would load) and remembers each one."""

    def __init__(self) -> None:
        requests: list[str] = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def _answer(self) -> None:
                requests.append(f"{self.command} {self.path}")
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.send_header("Content-Length", str(len(PNG)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(PNG)

            do_GET = do_HEAD = do_POST = _answer

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.requests = requests
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def watcher() -> Iterator[Watcher]:
    w = Watcher()
    yield w
    w.close()


def _build(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """``replayer build ARGS -q``: the exit status and what it printed on standard error."""
    capsys.readouterr()
    status = main(["build", *args, "-q"])
    return status, capsys.readouterr().err


def _hand(folder: Path, source: Path, name: str = "hand-1.yaml", **replace: str) -> Path:
    """A copy of a case's hand in ``folder``, with each of ``replace``'s keys replaced by its value."""
    text = source.read_text(encoding="utf-8")
    for old, new in replace.items():
        assert old in text, old
        text = text.replace(old, new)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _pdf_images(pdf: Path) -> list[bytes]:
    return [image.data for page in PdfReader(pdf).pages for image in page.images]


def _srcs(html: str) -> list[str]:
    return re.findall(r'\bsrc="([^"]*)"', html)


# ------------------------------------------------------------------------------------ F15, F16


def test_remote_images_are_neither_fetched_by_the_build_nor_linked(
    tmp_path: Path, watcher: Watcher, capsys: pytest.CaptureFixture[str]
) -> None:
    """F15: images at a URL in the introduction and a note: WeasyPrint fetches nothing during the
    build, the page links nothing remote and shows the alt text, and each image is a warning at its
    line and column."""
    hands = tmp_path / "hands"
    _hand(hands, F15, **{"http://127.0.0.1:8765": watcher.url})
    status, err = _build(capsys, str(hands), "--out", str(tmp_path / "site"))
    assert status == 0, err
    assert watcher.requests == []
    page = (tmp_path / "site" / "hand-1.html").read_text(encoding="utf-8")
    assert "<img" not in page and "track" not in "".join(_srcs(page))
    assert '<section class="introduction" aria-label="Introduction">\n<p>t</p>' in page
    for line_col, name in (("32:21", "track.png"), ("35:17", "track-note.png")):
        assert (
            f"hand-1.yaml:{line_col}: warning[image-refused]: the image '{watcher.url}/{name}' is not shown "
            "(its alt text is, instead): it is a URL, and a lesson never loads anything from the network"
        ) in err
    assert "Traceback" not in err
    assert _pdf_images(tmp_path / "site" / "hand-1.pdf") == []
    assert not (tmp_path / "site" / "media").exists()


def test_an_absolute_path_never_reaches_the_pdf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """F16: ``![secret](/absolute/path.png)`` in the introduction, naming a readable image of the
    build machine outside the hands folder: the PDF holds no image, the page no <img>, and the
    warning names the absolute path."""
    secret = tmp_path / "elsewhere" / "secret.png"
    secret.parent.mkdir()
    secret.write_bytes(PNG)
    hands = tmp_path / "hands"
    _hand(hands, F16, **{"/var/tmp/replayer-secret-outside.png": str(secret)})
    status, err = _build(capsys, str(hands), "--out", str(tmp_path / "site"))
    assert status == 0, err
    assert _pdf_images(tmp_path / "site" / "hand-1.pdf") == []
    page = (tmp_path / "site" / "hand-1.html").read_text(encoding="utf-8")
    assert "<img" not in page and str(secret) not in "".join(_srcs(page))
    assert (
        f"hand-1.yaml:32:26: warning[image-refused]: the image '{secret}' is not shown (its alt text is, "
        "instead): it is an absolute path; a lesson's images are files in the hands folder"
    ) in err
    assert list(tmp_path.joinpath("site").rglob("*.png")) == []


def test_no_relative_path_or_link_leads_out_of_the_hands_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """F16: ``..`` out of the hands folder, a symbolic link to a file outside it, and a linked
    folder that leads outside: each refused as outside the hands folder, none copied or embedded."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "secret.png").write_bytes(PNG)
    hands = tmp_path / "hands"
    book = hands / "book"
    images = (
        "![up](../../elsewhere/secret.png) ![link](linked.png) ![folder](pics/secret.png) "
        "![encoded](%2e%2e/%2e%2e/elsewhere/secret.png)"
    )
    _hand(book, F16, **{"![secret](/var/tmp/replayer-secret-outside.png)": images})
    (book / "linked.png").symlink_to(outside / "secret.png")
    (book / "pics").symlink_to(outside, target_is_directory=True)
    status, err = _build(capsys, str(hands), "--out", str(tmp_path / "site"))
    assert status == 0, err
    refused = re.findall(
        r"hand-1\.yaml:32:(\d+): warning\[image-refused\]: the image '([^']*)' .*: (.*)", err
    )
    assert [src for _, src, _ in refused] == [
        "../../elsewhere/secret.png",
        "linked.png",
        "pics/secret.png",
        "%2e%2e/%2e%2e/elsewhere/secret.png",
    ]
    assert all(why == f"it is outside the hands folder ({hands.resolve()})" for _, _, why in refused)
    assert [int(col) for col, _, _ in refused] == sorted(int(col) for col, _, _ in refused)
    assert _pdf_images(tmp_path / "site" / "book" / "hand-1.pdf") == []
    page = (tmp_path / "site" / "book" / "hand-1.html").read_text(encoding="utf-8")
    assert "<img" not in page and "<p>up link folder encoded</p>" in page
    assert list(tmp_path.joinpath("site").rglob("*.png")) == []


def test_an_image_in_the_hands_folder_is_copied_beside_the_lesson_and_linked_relatively(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """F15/F16, what still works: images in the hands folder (beside the hand, or in a sibling
    folder) are copied into ``media/`` beside the lesson, named by their content, linked by a
    relative path, and embedded in the PDF; the same image twice is one file."""
    hands = tmp_path / "hands"
    book = hands / "book"
    (book / "img").mkdir(parents=True)
    (book / "img" / "deal.png").write_bytes(PNG)
    (hands / "shared").mkdir()
    jpeg = b"\xff\xd8\xff\xe0" + bytes(200)
    (hands / "shared" / "page.jpg").write_bytes(jpeg)
    _hand(
        book,
        F16,
        **{
            "![secret](/var/tmp/replayer-secret-outside.png)": "![the deal](img/deal.png)",
            "result: ": 'notes:\n  - {trick: 2, text: "![again](<img/deal.png>) ![page](../shared/page.jpg)"}\nresult: ',
        },
    )
    status, err = _build(capsys, str(hands), "--out", str(tmp_path / "site"))
    assert status == 0, err
    assert "image-refused" not in err
    png_name = hashlib.sha256(PNG).hexdigest()[:16] + ".png"
    jpg_name = hashlib.sha256(jpeg).hexdigest()[:16] + ".jpg"
    media = tmp_path / "site" / "book" / "media"
    assert sorted(p.name for p in media.iterdir()) == sorted([png_name, jpg_name])
    assert (media / png_name).read_bytes() == PNG
    page = (tmp_path / "site" / "book" / "hand-1.html").read_text(encoding="utf-8")
    assert f'<img src="media/{png_name}" alt="the deal" />' in page
    assert f'<img src="media/{png_name}" alt="again" />' in page
    assert set(_srcs(page)) == {f"media/{png_name}", f"media/{jpg_name}", "../assets/stepper.js"}
    assert len(_pdf_images(tmp_path / "site" / "book" / "hand-1.pdf")) >= 1


def test_what_is_not_an_image_or_too_large_is_refused_with_the_limit_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """F16: a text file named .png, an SVG (scripts, remote references), a missing file and an
    image over the limit: each refused at its line, the limit named; the page shows the alt texts."""
    hands = tmp_path / "hands"
    hands.mkdir()
    (hands / "text.png").write_text("password=hunter2\n", encoding="utf-8")
    (hands / "drawing.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>', encoding="utf-8")
    (hands / "huge.png").write_bytes(PNG + bytes(IMAGE_LIMIT))
    images = "![a](text.png)\n  ![b](drawing.svg)\n  ![c](missing.png)\n  ![d](huge.png)"
    _hand(hands, F16, **{'"![secret](/var/tmp/replayer-secret-outside.png)"': f"|\n  {images}"})
    status, err = _build(capsys, str(hands), "--out", str(tmp_path / "site"), "--no-pdf")
    assert status == 0, err
    not_image = "it is not a PNG, JPEG, GIF or WebP image (judged by its content, not its name)"
    expected = [
        ("33:8", "text.png", not_image),
        ("34:8", "drawing.svg", not_image),
        ("35:8", "missing.png", f"there is no such file ({hands / 'missing.png'})"),
        ("36:8", "huge.png", "it is larger than the limit of 5 MB for one image"),
    ]
    for where, src, why in expected:
        assert (
            f"hand-1.yaml:{where}: warning[image-refused]: the image '{src}' is not shown (its alt text is, instead): {why}\n"
            in err
        )
    assert err.count("hint: put the image in the hands folder") == 4
    page = (tmp_path / "site" / "hand-1.html").read_text(encoding="utf-8")
    assert "<img" not in page and "<p>a\nb\nc\nd</p>" in page
    assert image_type(PNG) == "png" and image_type(b"GIF89a...") == "gif" and image_type(b"<svg") is None


def test_the_pdf_reads_only_the_sites_own_files(tmp_path: Path, watcher: Watcher) -> None:
    """F15/F16: whatever a page names (a template of the user's may name anything), WeasyPrint is
    served our stylesheets and fonts and the page's published images, and nothing else: no request
    reaches the network, no other file is read, and every refused URL is handed back, then reported
    as ``fetch-refused`` on the hand."""
    page = tmp_path / "site" / "book" / "hand-1.html"
    page.parent.mkdir(parents=True)
    (tmp_path / "secret.png").write_bytes(PNG)
    html = f"""<!doctype html><html><head>
<link rel="stylesheet" href="../assets/lesson.css">
<link rel="stylesheet" href="{watcher.url}/remote.css">
<style>@import url("file:///etc/passwd"); body {{ background: url({watcher.url}/background.png) }}</style>
</head><body><p class="card">♠ ♥ ♦ ♣ Replayer</p>
<img src="{watcher.url}/image.png"><img src="{tmp_path / "secret.png"}"><img src="../../secret.png">
<img src="data:image/png;base64,iVBORw0KGgo="><img src="media/0000000000000000.png">
<object data="{watcher.url}/object"></object><a rel="attachment" href="/etc/passwd">x</a>
</body></html>"""
    refused: list[str] = []
    pdf = render_pdf(html, base_url=str(page), refused=refused)
    assert watcher.requests == []
    assert set(refused) >= {
        f"{watcher.url}/remote.css",
        f"{watcher.url}/background.png",
        f"{watcher.url}/image.png",
        f"{watcher.url}/object",
        (tmp_path / "secret.png").as_uri(),
        "file:///etc/passwd",
        "data:image/png;base64,iVBORw0KGgo=",
        (page.parent / "media" / "0000000000000000.png").as_uri(),
    }
    assert not any("assets/" in url for url in refused)
    reader = PdfReader(io.BytesIO(pdf))
    assert [i.name for p in reader.pages for i in p.images] == []
    fonts = {
        str(f.get_object()["/BaseFont"]) for p in reader.pages for f in p["/Resources"]["/Font"].values()
    }
    assert any("Replayer-Serif" in f for f in fonts), fonts  # our @font-face, served from the package
    checked = check_file(F15)
    diagnostics = refused_fetches(checked, [f"{watcher.url}/image.png", f"{watcher.url}/image.png"])
    assert len(diagnostics) == 1
    d = diagnostics[0]
    assert d.code == "fetch-refused" and d.span is not None and d.span.path == str(F15)
    assert f"{watcher.url}/image.png" in d.message


def test_imported_commentary_and_alerts_load_nothing(
    tmp_path: Path, watcher: Watcher, capsys: pytest.CaptureFixture[str]
) -> None:
    """F15: images in PBN commentary and in a LIN note and alert, after ``replayer import``, are
    notes like any other: not fetched by the build, not linked by the page, reported."""
    lin_path, pbn_path = tmp_path / "a.lin", tmp_path / "c.pbn"
    assert (
        main(["export", str(ROOT / "hands/foster-1904/hand-1.yaml"), "--to", "lin", "--out", str(lin_path)])
        == 0
    )
    assert (
        main(["export", str(ROOT / "hands/foster-1904/hand-1.yaml"), "--to", "pbn", "--out", str(pbn_path)])
        == 0
    )
    lin = lin_path.read_text(encoding="utf-8").replace(
        "nt|No auction: South plays in hearts (West leads)|pg||",
        f"mb|1H|an|alert ![a]({watcher.url}/lin-alert.png)|mb|p|mb|p|mb|p|pg||",
    )
    lin_path.write_text(lin.replace("nt|With this", f"nt|![n]({watcher.url}/lin-note.png) With this", 1))
    pbn = pbn_path.read_text(encoding="utf-8")
    pbn_path.write_text(pbn.replace("{A could open", f"{{![p]({watcher.url}/pbn-note.png) A could open", 1))
    hands = tmp_path / "hands"
    assert main(["import", str(lin_path), "--out", str(hands / "lin"), "-q"]) == 0
    assert main(["import", str(pbn_path), "--out", str(hands / "pbn"), "-q"]) == 0
    status, err = _build(capsys, str(hands), "--out", str(tmp_path / "site"))
    assert status == 0, err
    assert watcher.requests == []
    assert err.count("warning[image-refused]") == 3
    for name in ("lin-alert", "lin-note", "pbn-note"):
        assert f"'{watcher.url}/{name}.png' is not shown" in err
    for page in (tmp_path / "site").rglob("*.html"):
        assert "<img" not in page.read_text(encoding="utf-8"), page


# ------------------------------------------------------------------------------------ Markdown


def test_markdown_shows_an_unpublished_image_as_its_alt_text() -> None:
    """F15/F16: the renderer makes an <img> only of an image the build published, pointing at its
    copy; any other image (a URL, a data: URL, a reference, raw HTML) is text."""
    text = (
        "![deal](img/deal.png) ![remote](http://127.0.0.1:9/x.png) ![ref][r] ![data](data:image/png;base64,AA)"
        ' <img src="http://127.0.0.1:9/raw.png">\n\n[r]: /etc/x.png'
    )
    assert markdown_images(text) == [
        ("img/deal.png", "deal"),
        ("http://127.0.0.1:9/x.png", "remote"),
        ("/etc/x.png", "ref"),
        ("data:image/png;base64,AA", "data"),
    ]
    html = str(markdown_block(text))
    assert "<img" not in html
    assert html == "<p>deal remote ref data &lt;img src=&quot;http://127.0.0.1:9/raw.png&quot;&gt;</p>\n"
    published = str(markdown_block(text, {"img/deal.png": "media/0123456789abcdef.png"}))
    assert published.startswith('<p><img src="media/0123456789abcdef.png" alt="deal" /> remote ref data')
    assert str(markdown_block("![<b>x</b> & y](http://a/b.png)")) == "<p>&lt;b&gt;x&lt;/b&gt; &amp; y</p>\n"


# ------------------------------------------------------------------------------------ the browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


def _open(browser: Any, url: str) -> tuple[list[str], list[str]]:
    """Open a page, let it load and run its scripts: (every request's URL, console and page errors)."""
    context = browser.new_context()
    page = context.new_page()
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("console", lambda m: errors.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(url, wait_until="load")
        if page.locator("#hand-data").count():
            page.wait_for_selector("#stepper:not([hidden]) .st-table", timeout=5_000)
            page.keyboard.press("End")
        page.wait_for_timeout(200)
    finally:
        context.close()
    return requests, errors


def test_no_page_of_a_built_site_makes_a_request(
    tmp_path: Path, watcher: Watcher, browser: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """F15: build two of the repository's hands and a hand whose introduction, notes and
    transcription name the watching server's images (inline, by reference, as an autolink, as raw
    HTML), with PDFs; then open every page in Chromium.  The server receives no request, during the
    build or after; the pages load only their own files, and report no error (no CSP violation)."""
    hands = tmp_path / "hands"
    (hands / "foster-1904").mkdir(parents=True)
    for name in ("hand-1.yaml", "hand-5.yaml"):
        shutil.copy(ROOT / "hands" / "foster-1904" / name, hands / "foster-1904" / name)
    url = watcher.url
    _hand(
        hands / "hostile",
        F15,
        **{
            "http://127.0.0.1:8765": url,
            'result: "': (
                f'transcription:\n  text: "![scan]({url}/scan.png) ![ref][r] <{url}/autolink.png> '
                f'<img src={url}/raw.png>\\n\\n[r]: {url}/ref.png"\nresult: "'
            ),
        },
    )
    out = tmp_path / "site"
    status, err = _build(capsys, str(hands), "--out", str(out))
    assert status == 0, err
    assert err.count("warning[image-refused]") == 4
    pages = sorted(out.rglob("*.html"))
    assert len(pages) == 6  # index, techniques, makes, two Foster hands, the hostile hand
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert f'<meta http-equiv="Content-Security-Policy" content="{CSP}">' in html, page
        assert "<img" not in html, page
        requests, errors = _open(browser, page.as_uri())
        assert errors == [], (page, errors)
        foreign = [r for r in requests if not r.startswith(out.as_uri() + "/")]
        assert foreign == [], (page, foreign)
    assert watcher.requests == []


def test_the_content_security_policy_blocks_what_a_page_would_load(
    tmp_path: Path, watcher: Watcher, browser: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """F15: the second line of defence.  A template of the user's that names remote files (and a
    page edited by hand) loads nothing while the policy stands: Chromium blocks it and says so; the
    same page without the policy reaches the server, so the watcher would have seen a leak."""
    templates = tmp_path / "templates"
    templates.mkdir()
    ours = (ROOT / "templates" / "lesson.html").read_text(encoding="utf-8")
    remote = f'<link rel="stylesheet" href="{watcher.url}/template.css">\n<img src="{watcher.url}/template.png" alt="">\n'
    (templates / "lesson.html").write_text(
        ours.replace("{% block head %}\n", "{% block head %}\n" + remote, 1)
    )
    hands = tmp_path / "hands"
    _hand(hands, F16, **{"![secret](/var/tmp/replayer-secret-outside.png)": "Plain words."})
    out = tmp_path / "site"
    status, err = _build(capsys, str(hands), "--out", str(out), "--templates", str(templates))
    assert status == 0, err
    assert watcher.requests == []  # WeasyPrint was refused both, for the PDF
    page = out / "hand-1.html"
    requests, errors = _open(browser, page.as_uri())
    assert watcher.requests == []
    assert len(errors) == 2 and all("Content Security Policy" in e for e in errors), errors
    without = page.read_text(encoding="utf-8").replace(
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">', ""
    )
    (out / "without-policy.html").write_text(without, encoding="utf-8")
    _open(browser, (out / "without-policy.html").as_uri())
    assert sorted(watcher.requests) == ["GET /template.css", "GET /template.png"]


# ------------------------------------------------------------------- images and the build's cache


def test_a_changed_image_renders_its_lesson_again_and_a_dropped_one_is_removed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The cache knows a lesson's images: a new image file under the same name renders the lesson
    again (its copy is named by its content), and an image the hand no longer shows is deleted from
    the site with the lesson's other stale files."""
    hands = tmp_path / "hands"
    hand = _hand(hands, F16, **{"![secret](/var/tmp/replayer-secret-outside.png)": "![the deal](deal.png)"})
    (hands / "deal.png").write_bytes(PNG)
    site = tmp_path / "site"
    assert _build(capsys, str(hands), "--out", str(site), "--no-pdf")[0] == 0
    first = {p.name for p in (site / "media").iterdir()}
    other = PNG[:-12] + bytes(8) + PNG[-4:]  # still a PNG by its signature, other bytes
    (hands / "deal.png").write_bytes(other)
    status, _ = _build(capsys, str(hands), "--out", str(site), "--no-pdf")
    assert status == 0
    second = {p.name for p in (site / "media").iterdir()}
    assert second == {hashlib.sha256(other).hexdigest()[:16] + ".png"} and second != first
    assert f'src="media/{next(iter(second))}"' in (site / "hand-1.html").read_text(encoding="utf-8")
    hand.write_text(
        hand.read_text(encoding="utf-8").replace("![the deal](deal.png)", "no image"), encoding="utf-8"
    )
    assert _build(capsys, str(hands), "--out", str(site), "--no-pdf")[0] == 0
    assert not (site / "media").exists() or not any((site / "media").iterdir())


def test_a_refused_image_is_reported_again_when_its_lesson_is_unchanged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """F15: the warning does not vanish on the second build because the lesson was not re-rendered."""
    hands = tmp_path / "hands"
    _hand(hands, F16)
    site = tmp_path / "site"
    for _ in range(2):
        status, err = _build(capsys, str(hands), "--out", str(site), "--no-pdf")
        assert status == 0 and "warning[image-refused]" in err


def test_a_file_a_template_names_for_the_pdf_is_refused_and_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], watcher: Watcher
) -> None:
    """A user's template that makes the PDF load a URL: WeasyPrint is refused it, and the build says
    so at the hand (``fetch-refused``) instead of leaving a silent gap; the server sees nothing."""
    hands = tmp_path / "hands"
    _hand(hands, F16, **{"![secret](/var/tmp/replayer-secret-outside.png)": "no image"})
    templates = tmp_path / "templates"
    templates.mkdir()
    lesson = (ROOT / "templates" / "lesson.html").read_text(encoding="utf-8")
    marker = "{% block main %}"
    assert marker in lesson
    remote = f"{watcher.url}/template.png"
    (templates / "lesson.html").write_text(lesson.replace(marker, marker + f'<img src="{remote}" alt="">', 1))
    status, err = _build(capsys, str(hands), "--out", str(tmp_path / "site"), "--templates", str(templates))
    assert status == 0
    assert "warning[fetch-refused]" in err and remote in err
    assert watcher.requests == []
