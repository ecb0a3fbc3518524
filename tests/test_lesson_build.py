"""`replayer build`: the site's files, the cache, invalid hands, the user's templates, safety of output."""

from __future__ import annotations

import re
import shutil
import stat
from pathlib import Path

import pytest

from replayer.cli.main import main
from replayer.lessons.build import MANIFEST, BuildOptions, build_site

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "hands" / "foster-1904"
FOSTER = [f"foster-1904/hand-{n}" for n in range(1, 6)]


@pytest.fixture
def hands(tmp_path: Path) -> Path:
    """A copy of Foster's five hands (one book: the site's other books are tested in
    test_site_books.py, without building every hand of the repository here), free to change."""
    dest = tmp_path / "hands"
    shutil.copytree(HANDS, dest / "foster-1904")
    return dest


def test_build_writes_an_index_a_page_per_hand_and_the_assets(
    hands: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "site"
    assert main(["build", str(hands), "--out", str(out), "--no-pdf", "-q"]) == 0
    for slug in FOSTER:
        assert (out / f"{slug}.html").is_file()
        assert not (out / f"{slug}.pdf").exists()
    for asset in ("lesson.css", "stepper.js", "stepper.css", "fonts/DejaVuSerif.woff2"):
        assert (out / "assets" / asset).is_file(), asset
    index = (out / "index.html").read_text(encoding="utf-8")
    for n in range(1, 6):
        assert f'href="foster-1904/hand-{n}.html"' in index
    assert "<cite>The Gist of Bridge</cite>" in index and "R. F. Foster, 1904 · 5 hands" in index
    assert "No-trumps by Z" in index  # Hand 5's declaration in the index
    summary = capsys.readouterr().out.strip().splitlines()
    assert len(summary) == 1
    assert summary[0].startswith(f"Built 5 lessons into {out}/ (5 rendered, 0 unchanged, no PDFs)")


def test_files_are_readable_by_a_web_server(hands: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    build_site([str(hands)], BuildOptions(out=out, pdf=False))
    mode = (out / "index.html").stat().st_mode
    assert mode & stat.S_IROTH and mode & stat.S_IRGRP


def test_consecutive_hands_link_to_each_other(hands: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    build_site([str(hands)], BuildOptions(out=out, pdf=False))
    first = (out / "foster-1904/hand-1.html").read_text(encoding="utf-8")
    third = (out / "foster-1904/hand-3.html").read_text(encoding="utf-8")
    assert 'rel="prev"' not in first and 'rel="next" href="hand-2.html"' in first
    assert 'rel="prev" href="hand-2.html"' in third and 'rel="next" href="hand-4.html"' in third
    assert 'href="../index.html"' in third


def test_an_unchanged_hand_is_not_rendered_again(hands: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    first = build_site([str(hands)], BuildOptions(out=out, pdf=False))
    assert (first.rendered, first.unchanged) == (5, 0)
    page = out / "foster-1904/hand-4.html"
    before = page.stat().st_mtime_ns
    again = build_site([str(hands)], BuildOptions(out=out, pdf=False))
    assert (again.rendered, again.unchanged) == (0, 5)
    assert page.stat().st_mtime_ns == before
    # one hand changes: only it is rendered
    h3 = hands / "foster-1904/hand-3.yaml"
    h3.write_text(h3.read_text(encoding="utf-8") + "# touched\n", encoding="utf-8")
    third = build_site([str(hands)], BuildOptions(out=out, pdf=False))
    assert (third.rendered, third.unchanged) == (1, 4)
    # --force renders everything
    assert build_site([str(hands)], BuildOptions(out=out, pdf=False, force=True)).rendered == 5


def test_a_changed_title_re_renders_its_neighbours_links(hands: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    build_site([str(hands)], BuildOptions(out=out, pdf=False))
    h3 = hands / "foster-1904/hand-3.yaml"
    h3.write_text(
        h3.read_text(encoding="utf-8").replace('title: "Hand No. 3', 'title: "Hand No. III', 1),
        encoding="utf-8",
    )
    report = build_site([str(hands)], BuildOptions(out=out, pdf=False))
    assert report.rendered == 3  # hand 3 and the two pages that link to it
    assert "Hand No. III" in (out / "foster-1904/hand-4.html").read_text(encoding="utf-8")


def test_an_invalid_hand_fails_the_build_but_the_others_are_built(
    hands: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    h1 = hands / "foster-1904/hand-1.yaml"
    h1.write_text(h1.read_text(encoding="utf-8").replace("- ♠7 ♦3 ♦6 ♦Q", "- ♠8 ♦3 ♦6 ♦Q"), encoding="utf-8")
    out = tmp_path / "site"
    assert main(["build", str(hands), "--out", str(out), "--no-pdf", "-q"]) == 1
    captured = capsys.readouterr()
    assert re.search(r"hand-1\.yaml:\d+:7: error\[card-twice\]", captured.err)
    assert "4 lessons" in captured.out and "1 invalid hand not built" in captured.out
    assert not (out / "foster-1904/hand-1.html").exists()
    assert (out / "foster-1904/hand-2.html").is_file()
    assert "Hands that could not be built" in (out / "index.html").read_text(encoding="utf-8")


def test_a_removed_hand_loses_its_page(hands: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    build_site([str(hands)], BuildOptions(out=out, pdf=False))
    (hands / "foster-1904/hand-5.yaml").unlink()
    build_site([str(hands)], BuildOptions(out=out, pdf=False))
    assert not (out / "foster-1904/hand-5.html").exists()
    assert (out / "foster-1904/hand-4.html").is_file()


def test_a_folder_replayer_did_not_make_is_left_alone(
    hands: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("my own file", encoding="utf-8")
    assert main(["build", str(hands), "--out", str(out), "--no-pdf", "-q"]) == 2
    assert "not empty and was not made by replayer build" in capsys.readouterr().err
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]


def test_the_users_templates_replace_ours_by_name(hands: Path, tmp_path: Path) -> None:
    mine = tmp_path / "templates"
    mine.mkdir()
    base = (ROOT / "templates" / "base.html").read_text(encoding="utf-8")
    (mine / "base.html").write_text(
        base.replace('<main id="main">', '<main id="main"><p>Club night</p>'), encoding="utf-8"
    )
    out = tmp_path / "site"
    assert main(["build", str(hands), "--out", str(out), "--no-pdf", "-q", "--templates", str(mine)]) == 0
    assert "<p>Club night</p>" in (out / "foster-1904/hand-2.html").read_text(encoding="utf-8")
    assert "<p>Club night</p>" in (out / "index.html").read_text(encoding="utf-8")
    # changing a template renders every lesson again
    (mine / "base.html").write_text(base, encoding="utf-8")
    assert build_site([str(hands)], BuildOptions(out=out, pdf=False, templates=mine)).rendered == 5


def test_a_missing_templates_folder_is_a_usage_error(
    hands: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["build", str(hands), "--out", str(tmp_path / "s"), "--templates", str(tmp_path / "nope")]) == 2
    )
    assert "no such folder" in capsys.readouterr().err


def test_the_pages_make_no_external_requests(hands: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    build_site([str(hands)], BuildOptions(out=out, pdf=False))
    for page in out.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        for tag, attr in re.findall(r'<(\w+)[^>]*?\b(?:src|href)="([^"]*)"', html):
            if tag == "a" and attr.startswith("https://www.bridgebase.com/tools/handviewer.html?lin="):
                continue  # a link the reader may follow, not a request the page makes
            assert not re.match(r"[a-z]+:|//", attr), f"{page.name} refers to {attr}"
    css = (out / "assets/lesson.css").read_text(encoding="utf-8") + (out / "assets/stepper.css").read_text(
        encoding="utf-8"
    )
    for url in re.findall(r"url\(([^)]*)\)", css):
        assert not re.match(r"['\"]?([a-z]+:|//)", url), url
    assert "@import" not in css


def test_notes_are_markdown_with_raw_html_shown_as_text(hands: Path, tmp_path: Path) -> None:
    h = hands / "foster-1904/hand-4.yaml"
    text = h.read_text(encoding="utf-8")
    text = text.replace('title: "', 'title: "<b>Bold</b> ', 1)
    text = text.replace("notes:\n", 'notes:\n  - text: "<script>alert(1)</script> and **strong** words"\n', 1)
    h.write_text(text, encoding="utf-8")
    out = tmp_path / "site"
    assert build_site([str(hands)], BuildOptions(out=out, pdf=False)).invalid == []
    page = (out / "foster-1904/hand-4.html").read_text(encoding="utf-8")
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; and <strong>strong</strong> words" in page
    assert "<b>Bold</b>" not in page and "&lt;b&gt;Bold&lt;/b&gt;" in page


def test_every_whole_deal_links_to_bbos_handviewer(hands: Path, tmp_path: Path) -> None:
    from urllib.parse import parse_qs, urlparse

    from replayer.formats.lin import read_lin

    out = tmp_path / "site"
    build_site([str(hands)], BuildOptions(out=out, pdf=False))
    for n in range(1, 6):
        html = (out / f"foster-1904/hand-{n}.html").read_text(encoding="utf-8")
        url = re.search(r'href="(https://www.bridgebase.com/tools/handviewer.html\?lin=[^"]*)"', html)
        assert url is not None, n
        lin = parse_qs(urlparse(url.group(1).replace("&amp;", "&")).query)["lin"][0]
        boards, problems = read_lin(lin, "link")
        assert problems == [] and len(boards) == 1 and len(boards[0].tricks) == 13


def test_the_manifest_records_what_was_built(hands: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    build_site([str(hands)], BuildOptions(out=out, pdf=False))
    import json

    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    assert sorted(manifest["lessons"]) == FOSTER
    assert all(len(e["key"]) == 64 for e in manifest["lessons"].values())


def test_without_weasyprint_the_html_is_built_and_the_reason_given(
    hands: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import replayer.lessons.pdf

    monkeypatch.setattr(
        replayer.lessons.pdf, "pdf_unavailable", lambda: "WeasyPrint cannot run here (no Pango)"
    )
    out = tmp_path / "site"
    assert main(["build", str(hands), "--out", str(out), "-q"]) == 1
    assert "no PDFs were made: WeasyPrint cannot run here (no Pango)" in capsys.readouterr().err
    assert (out / "foster-1904/hand-1.html").is_file() and not (out / "foster-1904/hand-1.pdf").exists()


def test_a_terminal_sees_progress_and_a_pipe_does_not(
    hands: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import sys

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["build", str(hands), "--out", str(tmp_path / "a"), "--no-pdf"]) == 0
    shown = terminal.getvalue()
    assert "[1/5] checking" in shown and "[5/5] rendering foster-1904/hand-5" in shown and "\r" in shown
    pipe = io.StringIO()
    monkeypatch.setattr(sys, "stderr", pipe)
    assert main(["build", str(hands), "--out", str(tmp_path / "b"), "--no-pdf"]) == 0
    assert "[1/5]" not in pipe.getvalue()


def test_the_site_has_a_technique_index_and_the_make_exercises(hands: Path, tmp_path: Path) -> None:
    from replayer.lessons.pages import exercises

    out = tmp_path / "site"
    build_site([str(hands)], BuildOptions(out=out, pdf=False))
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="techniques.html"' in index and 'href="makes.html"' in index
    techniques = (out / "techniques.html").read_text(encoding="utf-8")
    assert '<h2 id="the-make-h">The make' in techniques
    for n in range(1, 6):
        assert f'href="foster-1904/hand-{n}.html"' in techniques
    makes = (out / "makes.html").read_text(encoding="utf-8")
    shown = len(exercises())
    assert (
        makes.count('<li class="exercise"') == shown and makes.count('<details class="ex-answer">') == shown
    )
    assert "Foster p. 47" in makes and "Dummy Bridge" in makes
    lesson = (out / "foster-1904/hand-1.html").read_text(encoding="utf-8")
    # a derived note carries a small "from the cards" tag and the page one legend line saying whose
    # notes they are, not the tool's name on every note (issue 15)
    assert '<div class="note derived" id="derived-1">' in lesson
    assert '<span class="by">from the cards</span>' in lesson
    assert lesson.count('<p class="notes-legend">') == 1 and "by replayer" not in lesson


def test_lessons_carry_the_double_dummy_layer_and_the_claims_verdicts(hands: Path, tmp_path: Path) -> None:
    import json

    out = tmp_path / "site"
    build_site([str(hands)], BuildOptions(out=out, pdf=False))
    cache = json.loads((out / ".replayer-dds.json").read_text(encoding="utf-8"))
    assert cache and all(isinstance(v, int) for v in cache.values())
    five = (out / "foster-1904/hand-5.html").read_text(encoding="utf-8")
    assert "Double-dummy analysis" in five and '<sup class="dd cost"' in five
    # the closing claim (B's discards save the game) is refuted by the dealer's ♠5 at trick 4
    assert 'class="verdict refuted"' in five and 'class="verdict confirmed"' in five
    assert '"dd": [' in five  # the stepper's optional layer


def test_without_endplay_the_lessons_are_built_without_the_double_dummy_layer(
    hands: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import replayer.analysis

    monkeypatch.setattr(replayer.analysis, "dds_available", lambda: "pip install replayer[dds]")
    import replayer.lessons.model

    monkeypatch.setattr(replayer.lessons.model, "dds_available", lambda: "pip install replayer[dds]")
    out = tmp_path / "site"
    report = build_site([str(hands)], BuildOptions(out=out, pdf=False))
    assert report.invalid == [] and report.lessons == 5
    five = (out / "foster-1904/hand-5.html").read_text(encoding="utf-8")
    assert "Double-dummy analysis" not in five and "Eleven Rule" in five
    assert not (out / ".replayer-dds.json").exists()
