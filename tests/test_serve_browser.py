"""``replayer serve`` (issue 18), the live preview, in Debian's Chromium driven by Playwright: the
command runs as a teacher runs it (a process on a copy of Foster's hands, ``--no-pdf``), the lesson
is open in the browser, and the hand file is edited on disk.  The page reloads by itself with the
edited note; an invalid edit puts the validator's diagnostics (the text ``replayer validate``
prints) at the top of the page, over the last valid lesson, and fixing it takes them away; a hand
invalid from the start gets a page of its own diagnostics.  Also: only what changed is rendered,
nothing of the preview is written into the site (it is what ``replayer build`` makes), Ctrl-C ends
it with status 0 and no traceback, a port in use is refused with status 2, and no request reaches
a file outside the site's folder.  Screenshots of the panel for a person to look at.

With PDFs (a preview in this process, on two of the hands): the page reloads with the edit as soon
as its HTML is written, while the lesson's PDF is still the old one; a "pdfs" event follows once
the new PDF is written, and the site is then what ``replayer build`` makes; a rebuild stopped
between its pages and its PDFs leaves a manifest that claims no PDF it did not write.
"""

from __future__ import annotations

import contextlib
import http.client
import io
import json
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from support.browser import ROOT, TIMEOUT, Tab, chromium, new_tab

SCREENS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 375, "height": 812}}
SHOTS = ROOT / "build" / "screenshots"
NOTE = "A singleton heart does not stop the dealer from calling no-trumps with this hand"
EDITED = "Edited in the preview: a singleton heart is no bar to no-trumps"
TRICK_1 = "    - ♥6 ♥7 ♥10 ♥3\n"
WRONG_TRICK_1 = "    - ♥6 ♥7 ♥10 ♠3\n"  # Z plays the ♠3, which Y holds (and plays at trick 8)
PANEL = "#replayer-preview-problems"
# the command as a teacher types it, with a port the system picks (the line it prints names it)
COMMAND = [sys.executable, "-m", "replayer", "serve"]


@dataclass
class Served:
    """A ``replayer serve`` process and what it printed so far."""

    process: subprocess.Popen[str]
    folder: Path  # where it runs: hands/ and _site/ inside
    out: list[str] = field(default_factory=list)
    err: list[str] = field(default_factory=list)
    url: str = ""

    @property
    def hand(self) -> Path:
        return self.folder / "hands" / "hand-5.yaml"

    def edit(self, old: str, new: str, name: str = "hand-5.yaml") -> None:
        path = self.folder / "hands" / name
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{name} has no {old!r}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    def printed(self, text: str, timeout: float = 30.0, times: int = 1) -> str:
        """Wait until ``times`` lines of standard output hold ``text``; the last of them."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = [line for line in list(self.out) if text in line]
            if len(found) >= times:
                return found[times - 1]
            assert self.process.poll() is None, f"replayer serve ended early:\n{''.join(self.err)}"
            time.sleep(0.05)
        raise AssertionError(
            f"replayer serve never printed {text!r} {times} times; it printed:\n{''.join(self.out)}"
        )

    def stop(self) -> int:
        """Ctrl-C, as a person stops it; the exit status."""
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=60)


def _drain(stream: Any, into: list[str]) -> None:
    for line in stream:
        into.append(line)


@pytest.fixture
def served(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Served]:
    """``replayer serve hands --no-pdf`` on a copy of Foster's hands; parametrized indirectly with
    ``"templates"``, also ``--templates templates`` holding a copy of our base.html."""
    shutil.copytree(ROOT / "hands" / "foster-1904", tmp_path / "hands")
    extra = []
    if getattr(request, "param", None) == "templates":
        (tmp_path / "templates").mkdir()
        shutil.copy(ROOT / "templates" / "base.html", tmp_path / "templates" / "base.html")
        extra = ["--templates", "templates"]
    process = subprocess.Popen(
        [*COMMAND, "hands", "--out", "_site", "--no-pdf", "--port", "0", *extra],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    s = Served(process, tmp_path)
    for stream, into in ((process.stdout, s.out), (process.stderr, s.err)):
        threading.Thread(target=_drain, args=(stream, into), daemon=True).start()
    try:
        line = s.printed("Serving _site/ at http://127.0.0.1:", timeout=120)
        s.url = line.split(" at ", 1)[1].split()[0]
        yield s
    finally:
        if process.poll() is None:
            status = s.stop()
            assert status == 0, f"Ctrl-C ended replayer serve with status {status}"
        assert "Traceback" not in "".join(s.err), "replayer serve printed a traceback:\n" + "".join(s.err)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


def _tab(browser: Any, folder: Path, screen: str = "desktop") -> Tab:
    options: dict[str, Any] = {"viewport": SCREENS[screen]}
    if screen == "phone":
        options.update(is_mobile=True, has_touch=True)
    return new_tab(browser, folder, **options)


def _open(tab: Tab, served: Served | InProcess, page: str = "hand-5.html") -> None:
    tab.page.goto(served.url + page)
    tab.page.wait_for_selector("#stepper:not([hidden]) .st-table")
    # a mark that only this load of the page carries: gone after a reload
    tab.page.evaluate("window.__notReloaded = true")


def _reloaded(tab: Tab) -> bool:
    return tab.page.evaluate("window.__notReloaded !== true") is True


def _close(tab: Tab) -> None:
    tab.page.context.close()
    assert not tab.errors, "the page reported errors:\n" + "\n".join(tab.errors)


def _diagnostics(served: Served, name: str) -> list[str]:
    """What ``replayer validate hands/NAME`` prints, run where the preview runs, one by one."""
    from replayer.record.diagnostics import format_diagnostic, sort_key
    from replayer.validation.files import check_file

    with contextlib.chdir(served.folder):
        found = check_file(Path("hands") / name).diagnostics
    return [format_diagnostic(d) for d in sorted(found, key=sort_key)]


def _axe(tab: Tab) -> list[str]:
    """axe-core's violations on the page (the script is a file of the axe-playwright-python package)."""
    from axe_playwright_python.sync_playwright import Axe

    tab.page.evaluate(str(Axe().axe_script))
    options = {"resultTypes": ["violations"], "preload": False}
    found = tab.page.evaluate("options => axe.run(document, options).then(r => r.violations)", options)
    return [f"{v['id']}: {v['help']} ({', '.join(str(n['target']) for n in v['nodes'][:4])})" for v in found]


def _get(served: Served, target: str, host: str | None = None) -> tuple[int, bytes]:
    """A raw request: the path is sent as written (a browser would remove the ``..``)."""
    name, port = served.url.removeprefix("http://").rstrip("/").split(":")
    conn = http.client.HTTPConnection(name, int(port), timeout=10)
    try:
        conn.putrequest("GET", target, skip_host=True)
        conn.putheader("Host", host or f"{name}:{port}")
        conn.endheaders()
        answer = conn.getresponse()
        return answer.status, answer.read()
    finally:
        conn.close()


def _pdf_text(data: bytes) -> str:
    """The text of a PDF, its words joined by single spaces (pypdf)."""
    from pypdf import PdfReader

    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages).split())


def _site_files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.name.startswith(".")
    }


# ------------------------------------------------------------------------------- edits, reloads


def test_an_edited_note_shows_in_the_open_page_which_reloads_by_itself(browser: Any, served: Served) -> None:
    tab = _tab(browser, served.folder)
    _open(tab, served)
    tab.expect("main").to_contain_text(NOTE)
    tab.page.click("#stepper .st-status")
    tab.press("ArrowRight", 3)  # the stepper mid-trick: its place is in the address
    where, status = tab.hash(), tab.page.locator("#stepper .st-status").inner_text()
    assert where, "the stepper put no place in the address"
    served.edit(NOTE, EDITED)
    tab.expect("main").to_contain_text(EDITED, timeout=TIMEOUT)
    assert _reloaded(tab), "the page shows the edit without having been reloaded"
    tab.page.wait_for_selector("#stepper:not([hidden]) .st-table")
    assert tab.hash() == where
    tab.expect("#stepper .st-status").to_have_text(status)  # the reader is where he was
    tab.expect(PANEL).to_have_count(0)
    # the note is the lesson's own: only its page is rendered again, the other four are left as they were
    assert served.printed("Rebuilt 5 lessons").startswith("Rebuilt 5 lessons (1 rendered, 4 unchanged)")
    _close(tab)


def test_an_invalid_edit_shows_its_diagnostics_over_the_last_lesson_until_it_is_fixed(
    browser: Any, served: Served
) -> None:
    tab = _tab(browser, served.folder)
    _open(tab, served)
    served.edit(TRICK_1, WRONG_TRICK_1)
    expected = _diagnostics(served, "hand-5.yaml")
    assert any(":23:" in d and "error[card-twice]" in d for d in expected), expected
    panel = tab.page.locator(PANEL)
    tab.expect(PANEL).to_be_visible(timeout=TIMEOUT)
    assert panel.get_attribute("role") == "alert"
    tab.expect(f"{PANEL} h2").to_have_text(f"hands/hand-5.yaml is not a valid hand: {len(expected)} errors")
    shown = panel.locator("pre").all_inner_texts()
    assert shown == expected, "the panel does not show what replayer validate prints"
    assert any("hands/hand-5.yaml:23:17: error[card-twice]" in text for text in shown)
    tab.expect(PANEL).to_be_in_viewport()  # not scrolled out of sight where the reader was
    for scheme in ("light", "dark"):
        tab.page.emulate_media(color_scheme=scheme)
        assert _axe(tab) == [], f"axe-core, {scheme}: the page with the panel has violations"
    # below it, the lesson of the last valid version, still a working page
    tab.expect("h1").to_contain_text("Hand No. 5")
    tab.expect("#stepper .st-table").to_be_visible()
    for screen in SCREENS:
        shot = tab if screen == "desktop" else _tab(browser, served.folder, screen)
        if shot is not tab:
            shot.page.goto(served.url + "hand-5.html")
            shot.expect(PANEL).to_be_visible()
        SHOTS.mkdir(parents=True, exist_ok=True)
        shot.page.screenshot(path=str(SHOTS / f"serve-diagnostics-{screen}.png"))
        if shot is not tab:
            _close(shot)
    tab.page.evaluate("window.__notReloaded = true")
    served.edit(WRONG_TRICK_1, TRICK_1)
    tab.expect(PANEL).to_have_count(0, timeout=TIMEOUT)
    assert _reloaded(tab)
    tab.expect("main").to_contain_text(NOTE)
    _close(tab)


def test_a_hand_invalid_from_the_start_has_a_page_of_its_diagnostics(browser: Any, served: Served) -> None:
    text = served.hand.read_text(encoding="utf-8").replace(TRICK_1, WRONG_TRICK_1, 1)
    (served.folder / "hands" / "hand-9.yaml").write_text(text, encoding="utf-8")
    assert served.printed("Rebuilt").endswith("; 1 invalid hand.\n")
    tab = _tab(browser, served.folder)
    tab.page.goto(served.url + "hand-9.html")
    tab.expect(PANEL).to_be_visible()
    tab.expect(f"{PANEL} p").to_contain_text("no lesson yet")
    assert tab.page.locator(f"{PANEL} pre").all_inner_texts() == _diagnostics(served, "hand-9.yaml")
    tab.page.get_by_role("link", name="All hands").click()
    tab.expect("main").to_contain_text("hand-9.yaml")  # the index lists it among the hands not built
    _close(tab)
    served.edit(NOTE, EDITED)  # another hand's edit: hand-9 is still not valid, and still said so
    assert served.printed("Rebuilt", times=2).endswith("; 1 invalid hand.\n")
    tab = _tab(browser, served.folder)
    tab.page.goto(served.url + "hand-9.html")
    tab.expect(PANEL).to_be_visible()
    assert tab.page.locator(f"{PANEL} pre").all_inner_texts() == _diagnostics(served, "hand-9.yaml")
    _close(tab)


@pytest.mark.parametrize("served", ["templates"], indirect=True)
def test_a_template_edit_reloads_the_page_and_a_broken_template_is_shown_in_it(
    browser: Any, served: Served
) -> None:
    base = served.folder / "templates" / "base.html"
    tab = _tab(browser, served.folder)
    _open(tab, served)
    text = base.read_text(encoding="utf-8")
    assert ">Skip to the lesson</a>" in text
    base.write_text(
        text.replace(">Skip to the lesson</a>", ">Skip to the edited lesson</a>", 1), encoding="utf-8"
    )
    tab.expect("a.skip").to_have_text("Skip to the edited lesson", timeout=TIMEOUT)
    assert _reloaded(tab)
    tab.page.evaluate("window.__notReloaded = true")
    base.write_text(text.replace("{% endblock %}", "{% endblok %}", 1), encoding="utf-8")
    tab.expect(PANEL).to_be_visible(timeout=TIMEOUT)
    tab.expect(f"{PANEL} h2").to_have_text("The site could not be rebuilt")
    tab.expect(f"{PANEL} pre").to_contain_text("templates/base.html:")
    tab.expect("a.skip").to_have_text("Skip to the edited lesson")  # the pages of the last build
    base.write_text(text, encoding="utf-8")
    tab.expect(PANEL).to_have_count(0, timeout=TIMEOUT)
    tab.expect("a.skip").to_have_text("Skip to the lesson")
    assert _reloaded(tab)
    _close(tab)


# ------------------------------------------------------------------------------- the site itself


def test_the_site_served_is_byte_for_byte_what_replayer_build_makes(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    from replayer.cli.main import main

    served.edit(NOTE, EDITED)
    served.printed("Rebuilt")
    status, page = _get(served, "/hand-5.html")
    assert status == 200 and b"/__replayer__/reload.js" in page  # the script is added as it is served
    assert EDITED.encode() in page and b"replayer-preview-problems" not in page
    monkeypatch.chdir(served.folder)  # the hands named as the preview names them: the pages cite them
    assert main(["build", "hands", "--out", "built", "--no-pdf", "-q"]) == 0
    site, built = _site_files(served.folder / "_site"), _site_files(served.folder / "built")
    assert site.keys() == built.keys()
    assert [name for name in site if site[name] != built[name]] == []
    assert EDITED.encode() in site["hand-5.html"]
    assert not any(b"__replayer__" in data for data in site.values())


def test_no_request_reaches_a_file_outside_the_site(served: Served) -> None:
    (served.folder / "_site" / "leak.yaml").symlink_to(served.hand)
    for target in ("/../hands/hand-5.yaml", "/%2e%2e/hands/hand-5.yaml", "/assets/../../hands/hand-5.yaml"):
        status, body = _get(served, target)
        assert status == 403, f"{target}: {status}"
        assert b"Hand No. 5" not in body
    for target in ("/leak.yaml", "/.replayer-build.json"):  # a link out of the folder; the build's own files
        status, body = _get(served, target)
        assert status == 404, f"{target}: {status}"
        assert b"Hand No. 5" not in body and b"lessons" not in body
    assert _get(served, "/index.html")[0] == 200
    port = served.url.rstrip("/").rsplit(":", 1)[1]
    assert _get(served, "/index.html", host=f"localhost:{port}")[0] == 200
    # the preview's address under another name: a page elsewhere rebinding its name to 127.0.0.1
    assert _get(served, "/index.html", host=f"rebound.example:{port}")[0] == 403


def test_a_port_in_use_is_refused_with_a_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from replayer.cli.main import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        hands = str(ROOT / "hands" / "foster-1904")
        assert main(["serve", hands, "--out", str(tmp_path / "s"), "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert f"replayer: port {port} on 127.0.0.1 is in use" in err and "--port" in err
    assert "Traceback" not in err
    assert not (tmp_path / "s").exists(), "the site was built although the preview could not be served"


# ------------------------------------------------------------------------------- with PDFs


@dataclass
class InProcess:
    """A preview with PDFs in this process (so that its PDF work can be held): its server, its
    watcher, and every event its stream sent, in order."""

    preview: Any
    folder: Path
    url: str
    events: list[tuple[str, str]] = field(default_factory=list)  # (event type, data)

    def kinds(self) -> list[str]:
        return [kind for kind, _ in list(self.events)]

    def wait_for(self, count: int, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        while len(self.events) < count:
            assert time.monotonic() < deadline, f"the preview sent only {self.events}"
            time.sleep(0.02)


def _listen(url: str, into: list[tuple[str, str]]) -> None:
    """The event stream, as a page's EventSource reads it: each event's type and data."""
    name, port = url.removeprefix("http://").rstrip("/").split(":")
    conn = http.client.HTTPConnection(name, int(port), timeout=300)
    conn.request("GET", "/__replayer__/events")
    answer, kind = conn.getresponse(), "message"
    with contextlib.suppress(OSError, ValueError):
        while line := answer.readline().decode("utf-8"):
            if line.startswith("event: "):
                kind = line[7:].strip()
            elif line.startswith("data: "):
                into.append((kind, line[6:].strip()))
                kind = "message"


@pytest.fixture
def with_pdfs(tmp_path: Path) -> Iterator[InProcess]:
    """Hands 4 and 5 of Foster's, built once with PDFs, then served and watched as ``replayer serve``
    serves and watches them (its Preview, server and watcher, here in threads)."""
    from replayer.lessons.build import BuildOptions
    from replayer.lessons.preview import Preview, make_server

    (tmp_path / "hands").mkdir()
    for name in ("hand-4.yaml", "hand-5.yaml"):
        shutil.copy(ROOT / "hands" / "foster-1904" / name, tmp_path / "hands" / name)
    preview = Preview([str(tmp_path / "hands")], BuildOptions(tmp_path / "_site", None, True, False))
    first = preview.build(first=True)
    assert first.report is not None and first.report.pdfs == 2, first.error
    server = make_server(preview, 0)
    stop = threading.Event()
    threads = [
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True),
        threading.Thread(target=preview.watch, args=(stop, lambda b: None), daemon=True),
    ]
    for thread in threads:
        thread.start()
    served = InProcess(preview, tmp_path, f"http://127.0.0.1:{server.server_port}/")
    threading.Thread(target=_listen, args=(served.url, served.events), daemon=True).start()
    served.wait_for(1)  # the version now
    try:
        yield served
    finally:
        stop.set()
        preview.close()
        server.shutdown()
        server.server_close()
        for thread in threads:
            thread.join(timeout=60)


def _fetch(url: str, target: str) -> bytes:
    name, port = url.removeprefix("http://").rstrip("/").split(":")
    conn = http.client.HTTPConnection(name, int(port), timeout=30)
    try:
        conn.request("GET", target)
        answer = conn.getresponse()
        assert answer.status == 200, f"{target}: {answer.status}"
        return answer.read()
    finally:
        conn.close()


def test_with_pdfs_the_page_reloads_before_the_pdf_is_made_and_the_pdf_follows(
    browser: Any, with_pdfs: InProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    import replayer.lessons.build as build
    from replayer.lessons.build import BuildOptions, build_site

    held, made = threading.Event(), []
    real = build.render_later

    def render_later(pdf: Any) -> Any:  # the lesson's PDF waits until the test has seen the page
        assert held.wait(120), "the test never let the PDF be made"
        made.append(pdf.page_file)
        return real(pdf)

    monkeypatch.setattr(build, "render_later", render_later)
    old_pdf = (with_pdfs.folder / "_site" / "hand-5.pdf").read_bytes()
    assert NOTE in _pdf_text(old_pdf)
    tab = _tab(browser, with_pdfs.folder)
    _open(tab, with_pdfs)
    hand = with_pdfs.folder / "hands" / "hand-5.yaml"
    hand.write_text(hand.read_text(encoding="utf-8").replace(NOTE, EDITED, 1), encoding="utf-8")
    tab.expect("main").to_contain_text(EDITED, timeout=30_000)
    assert _reloaded(tab), "the page shows the edit without having been reloaded"
    # the page shows the edit while the lesson's PDF is not made yet: the old one is still served, whole
    assert made == [] and with_pdfs.kinds() == ["message", "message"]
    assert _fetch(with_pdfs.url, "/hand-5.pdf") == old_pdf
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab.page.screenshot(path=str(SHOTS / "serve-reloaded-before-pdf-desktop.png"))
    tab.page.evaluate("window.__notReloaded = true")
    held.set()
    with_pdfs.wait_for(3)
    assert with_pdfs.kinds() == ["message", "message", "pdfs"], "the pages' event, then the PDFs'"
    told = json.loads(with_pdfs.events[2][1])
    assert told["version"] == int(with_pdfs.events[1][1]) + 1
    # the front pages, which show the PDFs' sizes, reload; the lesson's page only links to its PDF
    assert "hand-5.html" not in told["pages"]
    assert set(told["pages"]) <= {"index.html", "techniques.html", "makes.html"}
    assert made == [str(with_pdfs.folder / "_site" / "hand-5.html")]
    new_pdf = _fetch(with_pdfs.url, "/hand-5.pdf")
    assert EDITED in _pdf_text(new_pdf) and NOTE not in _pdf_text(new_pdf)
    tab.page.wait_for_timeout(300)
    assert not _reloaded(tab), "the lesson's page reloaded again for its PDF, which it only links to"
    _close(tab)
    # the site is then what replayer build makes of the edited hands, byte for byte
    built = with_pdfs.folder / "built"
    assert build_site([str(with_pdfs.folder / "hands")], BuildOptions(built, None, True, False)).pdfs == 2
    site, again = _site_files(with_pdfs.folder / "_site"), _site_files(built)
    assert site.keys() == again.keys()
    assert [name for name in site if site[name] != again[name]] == []


def test_a_rebuild_stopped_between_its_pages_and_its_pdfs_leaves_a_site_the_next_build_completes(
    tmp_path: Path,
) -> None:
    from replayer.lessons.build import MANIFEST, BuildOptions, build_site
    from replayer.lessons.outputs import is_temporary

    (tmp_path / "hands").mkdir()
    shutil.copy(ROOT / "hands" / "foster-1904" / "hand-5.yaml", tmp_path / "hands" / "hand-5.yaml")
    hands, out = [str(tmp_path / "hands")], tmp_path / "_site"
    options = BuildOptions(out, None, True, False)
    assert build_site(hands, options).pdfs == 1
    manifest, old_pdf = (out / MANIFEST).read_bytes(), (out / "hand-5.pdf").read_bytes()
    hand = tmp_path / "hands" / "hand-5.yaml"
    hand.write_text(hand.read_text(encoding="utf-8").replace(NOTE, EDITED, 1), encoding="utf-8")

    class Stopped(Exception):
        pass

    def stop(report: Any) -> None:  # as a kill between the phases: nothing after this point runs
        assert report.rendered == 1 and report.pdfs == 0
        raise Stopped

    with pytest.raises(Stopped):
        build_site(hands, options, on_pages=stop)
    assert EDITED.encode() in (out / "hand-5.html").read_bytes()
    # the old PDF and the last build's manifest, which names the old page's key: nothing claims a PDF
    # that is not written, and no temporary file is left where the PDF goes
    assert (out / "hand-5.pdf").read_bytes() == old_pdf and (out / MANIFEST).read_bytes() == manifest
    assert not any(is_temporary(p.name) for p in out.rglob("*"))
    again = build_site(hands, options)
    assert again.rendered == 1 and again.pdfs == 1  # the manifest's old key: the lesson is made again
    assert EDITED in _pdf_text((out / "hand-5.pdf").read_bytes())
    fresh = tmp_path / "fresh"
    build_site(hands, BuildOptions(fresh, None, True, False))
    site, made = _site_files(out), _site_files(fresh)
    assert site.keys() == made.keys()
    assert [name for name in site if site[name] != made[name]] == []
