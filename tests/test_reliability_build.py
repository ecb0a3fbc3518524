"""What `replayer build` and `replayer import` write (issue 12): every output path made and checked
in one place (`replayer/lessons/outputs.py`), so nothing is written, deleted or linked outside the
output folder, no board or hand is silently dropped or overwritten, an interrupted build resumes, and
a folder that cannot be written is a clean error, never a traceback."""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from replayer.cli.main import main
from replayer.lessons import outputs
from replayer.lessons.build import MANIFEST, BuildOptions, build_site
from replayer.lessons.outputs import NAME_LIMIT, Names, href, safe_name, site_path

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "hands"
CASES = ROOT / "tests" / "fixtures" / "reliability"
FOSTER = [f"foster-1904/hand-{n}" for n in range(1, 6)]


@pytest.fixture
def hands(tmp_path: Path) -> Path:
    """A copy of Foster's five hands, free to change (one book keeps each build short)."""
    dest = tmp_path / "hands"
    shutil.copytree(HANDS / "foster-1904", dest / "foster-1904")
    return dest


def _files(folder: Path) -> dict[str, bytes]:
    """Every file below ``folder`` (links not followed), by its path relative to it."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


def _temporaries(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if outputs.is_temporary(p.name)]


def _no_traceback(text: str) -> None:
    assert "Traceback" not in text and "Error:" not in text.replace("error[", ""), text


# ---------------------------------------------------------------------------------------------
# Names: safe, short enough, unique in a run


def _boards_written(err: str) -> tuple[int, int]:
    m = re.search(r"(\d+) boards? read, (\d+) written", err)
    assert m, err
    return int(m.group(1)), int(m.group(2))


def test_a_board_name_too_long_for_the_file_system_is_shortened_with_a_stable_hash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """F10: a 300-character [Board] became a 300-byte file name (ENAMETOOLONG traceback). It is now
    written under a name of at most NAME_LIMIT bytes ending with a hash, with a warning naming the limit."""
    out = tmp_path / "f10"
    assert main(["import", str(CASES / "F10-pbn-long-board-name.pbn"), "--out", str(out)]) == 0
    err = capsys.readouterr().err
    _no_traceback(err)
    [written] = list(out.iterdir())
    assert len(written.name.encode("utf-8")) <= NAME_LIMIT and re.search(
        r"-[0-9a-f]{12}\.yaml$", written.name
    )
    assert "warning[import-renamed]" in err and f"longer than {NAME_LIMIT} bytes" in err
    assert main(["validate", str(written), "-q"]) in (0, 1)  # a hand file the loader reads
    # the same board gets the same name the next time: kept, not written twice
    assert main(["import", str(CASES / "F10-pbn-long-board-name.pbn"), "--out", str(out)]) == 0
    assert "0 written, 1 left as they were" in capsys.readouterr().err
    assert [p.name for p in out.iterdir()] == [written.name]


def test_boards_whose_names_collide_each_get_their_own_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """F11: boards "7", "7" and "7-2" mapped to two files; the third was "left as it was" and with
    --force overwrote the second. Now every board of a run gets its own file, even with --force."""
    pbn = CASES / "F11-pbn-board-name-collision.pbn"
    out = tmp_path / "f11"
    assert main(["import", str(pbn), "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert _boards_written(err) == (3, 3) and "left as" not in err
    assert "warning[import-renamed]: board 7-2: written as" in err
    texts = {p.name: p.read_text(encoding="utf-8") for p in out.iterdir()}
    assert sorted(texts) == ["board-7-2-2.yaml", "board-7-2.yaml", "board-7.yaml"]
    for event in ("Random]", "second", "third"):
        assert sum(f'"{event}"' in t or f"'{event}'" in t or f" {event}\n" in t for t in texts.values()) == 1
    # --force rewrites each board into its own file again: no board overwrites another
    assert main(["import", str(pbn), "--out", str(out), "--force"]) == 0
    assert _boards_written(capsys.readouterr().err) == (3, 3)
    assert {p.name: p.read_text(encoding="utf-8") for p in out.iterdir()} == texts


def test_two_files_with_the_same_board_do_not_overwrite_each_other(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """F11, across files: one run, one --out, board 7 in two files: two hand files, none overwritten."""
    first, second = tmp_path / "a.pbn", tmp_path / "b.pbn"
    text = (CASES / "F11-pbn-board-name-collision.pbn").read_text(encoding="utf-8")
    one = text.split("\n\n")[0] + "\n"
    first.write_text(one, encoding="utf-8")
    second.write_text(one.replace("Random]", "other"), encoding="utf-8")
    out = tmp_path / "both"
    assert main(["import", str(first), str(second), "--out", str(out), "--force"]) == 0
    assert _boards_written(capsys.readouterr().err) == (2, 2)
    assert sorted(p.name for p in out.iterdir()) == ["board-7-2.yaml", "board-7.yaml"]
    assert "other" in (out / "board-7-2.yaml").read_text(encoding="utf-8")


def _write_failures() -> list[str]:
    rows = (CASES / "fuzz-import-failures" / "INDEX.tsv").read_text(encoding="utf-8").splitlines()
    return [r.split("\t")[0] for r in rows if not r.startswith("#") and "\tTRACEBACK-WRITE\t" in r]


@pytest.mark.parametrize("name", _write_failures())
def test_fuzzed_board_names_are_written_without_a_traceback(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The TRACEBACK-WRITE inputs of fuzz-import-failures/INDEX.tsv: board names of thousands of
    digits or letters.  Every board read is written, under a name the file system takes."""
    out = tmp_path / "x"
    assert main(["import", str(CASES / "fuzz-import-failures" / name), "--out", str(out), "--force"]) in (
        0,
        1,
    )
    err = capsys.readouterr().err
    _no_traceback(err)
    read, written = _boards_written(err)
    assert read == written == len(list(out.iterdir())) > 0
    assert all(len(p.name.encode("utf-8")) <= NAME_LIMIT for p in out.iterdir())


def test_an_imported_board_replaces_a_symbolic_link_and_never_writes_through_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """F25 for import: a link where a board's file goes is left alone, or with --force replaced by
    the file; the file it points to is never written."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    out = tmp_path / "boards"
    out.mkdir()
    (out / "board-7.yaml").symlink_to(victim)
    one = (CASES / "F11-pbn-board-name-collision.pbn").read_text(encoding="utf-8").split("\n\n")[0] + "\n"
    pbn = tmp_path / "one.pbn"
    pbn.write_text(one, encoding="utf-8")
    assert main(["import", str(pbn), "--out", str(out)]) == 0
    assert "1 left as they were" in capsys.readouterr().err
    assert main(["import", str(pbn), "--out", str(out), "--force"]) == 0
    assert victim.read_text(encoding="utf-8") == "precious"
    assert not (out / "board-7.yaml").is_symlink() and "board" in (out / "board-7.yaml").read_text(
        encoding="utf-8"
    )


@given(st.text(max_size=400))
def test_a_safe_name_is_one_plain_name_within_the_limit_and_stable(name: str) -> None:
    """The rules of outputs.safe_name for any text: no separator, control character or leading dot,
    at most NAME_LIMIT bytes, the same name for the same text, and a path site_path accepts."""
    safe = safe_name(name)
    assert safe and safe == safe_name(name)
    assert "/" not in safe and "\\" not in safe and not safe.startswith(".")
    assert len(safe.encode("utf-8")) <= NAME_LIMIT
    assert site_path(safe) == safe


def test_distinct_long_names_stay_distinct() -> None:
    """Two names that differ only after the cut get different hashes."""
    a, b = safe_name("x" * 300 + "a"), safe_name("x" * 300 + "b")
    assert a != b and a[:100] == b[:100]
    names = Names()
    assert names.give((), "board-7", ".yaml") == ("board-7",)
    assert names.give((), "Board-7", ".yaml") == ("Board-7-2",)  # one file on a case-insensitive disk


@given(st.text(max_size=100))
def test_a_link_to_a_site_file_is_never_a_scheme(name: str) -> None:
    """F14: href() percent-encodes every segment: no ':' (a scheme), '?' or '#' survives, and the
    browser's decoding gives the file name back."""
    url = href(name + ".html")
    assert ":" not in url and "?" not in url and "#" not in url
    assert urllib.parse.urlsplit(url).scheme == ""
    assert urllib.parse.unquote(url) == name + ".html"


# ---------------------------------------------------------------------------------------------
# Hand file names in the build


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.links += [v for k, v in attrs if k in ("href", "src") and v is not None]


def _links(page: Path) -> list[str]:
    parser = _Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.links


def _check_every_link(site: Path) -> int:
    """Every href and src in every page: https (BBO's Handviewer) or a relative link to a file of
    the site; never another scheme.  Returns the number of relative links checked."""
    checked = 0
    for page in site.rglob("*.html"):
        for link in _links(page):
            parts = urllib.parse.urlsplit(link)
            assert parts.scheme in ("", "https"), f"{page.name}: {link}"
            if parts.scheme or not parts.path:
                continue
            target = (page.parent / urllib.parse.unquote(parts.path)).resolve()
            assert target.is_file() and target.is_relative_to(site.resolve()), f"{page.name}: {link}"
            checked += 1
    return checked


def test_a_hand_file_named_with_a_superscript_digit_is_built(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """F13: hand-1².yaml made `build` fail in the natural sort (int('²')). Only ASCII digits are
    numbers in the sort now: both hands are built, linked to each other."""
    out = tmp_path / "f13"
    assert (
        main(["build", str(CASES / "F13-build-superscript-filename"), "--out", str(out), "--no-pdf", "-q"])
        == 0
    )
    _no_traceback(capsys.readouterr().err)
    assert (out / "hand-1².html").is_file() and (out / "hand-2.html").is_file()
    assert _check_every_link(out) > 0


def test_a_hand_file_named_like_a_url_scheme_is_linked_as_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """F14: a hand file named javascript:alert('FN1').yaml gave href="javascript:…" in the index,
    the technique page and the previous/next/PDF links.  Every link is now percent-encoded: no link
    of any page has a scheme but https, and every relative link leads to a file of the site."""
    src = tmp_path / "hands"
    src.mkdir()
    shutil.copy(HANDS / "foster-1904/hand-1.yaml", src / "javascript:alert('FN1').yaml")
    shutil.copy(HANDS / "foster-1904/hand-2.yaml", src / "hand-2.yaml")
    shutil.copy(HANDS / "foster-1904/hand-3.yaml", src / "zz?x#y.yaml")
    out = tmp_path / "f14"
    assert main(["build", str(src), "--out", str(out), "-q"]) == 0
    _no_traceback(capsys.readouterr().err)
    assert (out / "javascript:alert('FN1').html").is_file() and (
        out / "javascript:alert('FN1').pdf"
    ).is_file()
    pages = _files(out)
    for name, data in pages.items():
        if name.endswith(".html"):
            assert b'href="javascript:' not in data, name
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="javascript%3Aalert%28%27FN1%27%29.html"' in index
    assert 'href="javascript%3Aalert%28%27FN1%27%29.pdf"' in index
    lesson = (out / "hand-2.html").read_text(encoding="utf-8")
    assert 'rel="next" href="javascript%3Aalert%28%27FN1%27%29.html"' in lesson
    assert _check_every_link(out) > 20


def test_hands_named_alike_or_like_a_site_page_each_get_their_own_lesson(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two hands never share a lesson: hand-1.yaml in two folders built together, Hand-1.yaml beside
    hand-1.yaml (one file on a case-insensitive disk), index.yaml (the site's front page)."""
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    shutil.copy(HANDS / "foster-1904/hand-1.yaml", a / "hand-1.yaml")
    shutil.copy(HANDS / "foster-1904/hand-2.yaml", b / "hand-1.yaml")
    shutil.copy(HANDS / "foster-1904/hand-3.yaml", b / "Hand-1.yaml")
    shutil.copy(HANDS / "foster-1904/hand-4.yaml", b / "index.yaml")
    out = tmp_path / "site"
    # b/hand-1.yaml is also named as a file: it is one hand, built once
    assert main(["build", str(a), str(b), str(b / "hand-1.yaml"), "--out", str(out), "--no-pdf", "-q"]) == 0
    assert "Built 4 lessons" in capsys.readouterr().out
    lessons = sorted(p.name for p in out.glob("*.html") if p.name not in ("techniques.html", "makes.html"))
    assert lessons == ["Hand-1-2.html", "hand-1-3.html", "hand-1.html", "index-2.html", "index.html"]
    pages = {n: (out / n).read_text(encoding="utf-8") for n in lessons}
    for n, number in (("hand-1.html", 1), ("Hand-1-2.html", 3), ("hand-1-3.html", 2), ("index-2.html", 4)):
        assert f"Hand No. {number}" in pages[n], n
    for n in ("hand-1.html", "Hand-1-2.html", "hand-1-3.html", "index-2.html"):
        assert f'href="{n}"' in pages["index.html"]  # the front page is the site's index, listing all four


def test_a_hand_file_name_that_is_not_utf8_is_built(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file name with bytes that are not UTF-8 (or a right-to-left override) becomes a safe page
    name, and the page shows the name with U+FFFD: no UnicodeEncodeError."""
    src = tmp_path / "hands"
    src.mkdir()
    shutil.copy(HANDS / "foster-1904/hand-1.yaml", os.fsdecode(bytes(src) + b"/hand-\xff.yaml"))
    shutil.copy(HANDS / "foster-1904/hand-2.yaml", src / "hand-\u202eevil.yaml")
    out = tmp_path / "site"
    assert main(["build", str(src), "--out", str(out), "--no-pdf", "-q"]) == 0
    _no_traceback(capsys.readouterr().err)
    assert sorted(p.name for p in out.glob("hand-*")) == ["hand--.html", "hand--evil.html"]
    assert _check_every_link(out) > 0


# ---------------------------------------------------------------------------------------------
# The build's folder: marked before anything else, resumed after a kill or a full disk


def _clean_build(hands: Path, out: Path, *extra: str) -> dict[str, bytes]:
    assert main(["build", str(hands), "--out", str(out), "-q", *extra]) == 0
    return _files(out)


@contextmanager
def _killed_build(hands: Path, out: Path, when: str, *extra: str) -> Iterator[None]:
    """A `replayer build` subprocess, killed with SIGKILL as soon as ``when`` exists in ``out``."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "replayer", "build", str(hands), "--out", str(out), "-q", *extra],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    try:
        deadline = time.monotonic() + 60
        while proc.poll() is None and not os.path.lexists(out / when) and time.monotonic() < deadline:
            time.sleep(0.002)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        yield
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.parametrize("when", [MANIFEST, "assets/lesson.css", "foster-1904/hand-2.html", "index.html"])
def test_a_first_build_killed_at_any_point_is_resumed(
    hands: Path, tmp_path: Path, when: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """F22: SIGKILL during the first build left a folder with no manifest, and every later build
    refused it as "not made by replayer". The build now marks its folder (a first manifest) before
    it writes anything else: the next build resumes, and the site is the same as a clean build's."""
    reference = _clean_build(hands, tmp_path / "reference", "--no-pdf")
    out = tmp_path / "f22"
    with _killed_build(hands, out, when, "--no-pdf"):
        assert not out.exists() or (out / MANIFEST).is_file()  # marked first, whenever it stops
    assert main(["build", str(hands), "--out", str(out), "--no-pdf", "-q"]) == 0
    assert "not made by replayer" not in capsys.readouterr().err
    assert _files(out) == reference and not _temporaries(out)


def test_a_folder_holding_only_a_killed_writes_temporary_file_is_taken(hands: Path, tmp_path: Path) -> None:
    """F22, the earliest kill: inside the first write, only our temporary file exists. It does not
    make the folder foreign, and the build removes it."""
    out = tmp_path / "f22"
    out.mkdir()
    (out / ".replayer-k1ll3d.tmp").write_bytes(b"half")
    build_site([str(hands)], BuildOptions(out=out, pdf=False))
    assert (out / MANIFEST).is_file() and not _temporaries(out)


def test_a_full_disk_is_a_clean_error_and_the_next_build_resumes(
    hands: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """F26: ENOSPC gave a traceback, then the half-built folder was refused (as F22). Now it is
    error[output-full] naming the folder, exit 1, no temporary file left; the next build resumes."""
    reference = _clean_build(hands, tmp_path / "reference", "--no-pdf")
    out = tmp_path / "f26"
    real_replace, calls = os.replace, [0]

    def replace(src: str, dst: str) -> None:
        calls[0] += 1
        if calls[0] > 4:  # the manifest and a few assets are written; then the disk is full
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), dst)
        real_replace(src, dst)

    monkeypatch.setattr(outputs.os, "replace", replace)
    assert main(["build", str(hands), "--out", str(out), "--no-pdf", "-q"]) == 1
    err = capsys.readouterr().err
    _no_traceback(err)
    assert f"error[output-full]: no space left to write the output folder {out}" in err
    assert "No space left on device" in err and not _temporaries(out)
    monkeypatch.setattr(outputs.os, "replace", real_replace)
    assert main(["build", str(hands), "--out", str(out), "--no-pdf", "-q"]) == 0
    assert _files(out) == reference


@contextmanager
def _mounted(folder: Path, *options: str) -> Iterator[None]:
    folder.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", *options, str(folder)], capture_output=True).returncode:
        pytest.skip("mounting a file system needs root")
    try:
        yield
    finally:
        subprocess.run(["umount", str(folder)], capture_output=True)


def test_a_full_file_system_is_a_clean_error_then_resumes(hands: Path, tmp_path: Path) -> None:
    """F26 on a real file system: a 700 KB tmpfs fills during the build with PDFs (exit 1, no
    temporary file left); given more room, the next build finishes the same folder."""
    disk = tmp_path / "disk"
    with _mounted(disk, "-t", "tmpfs", "-o", "size=700k", "tmpfs"):
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        cmd = [sys.executable, "-m", "replayer", "build", str(hands), "--out", str(disk / "site"), "-q"]
        full = subprocess.run(cmd, capture_output=True, text=True, env=env)
        assert full.returncode == 1 and "error[output-full]" in full.stderr, full.stderr
        _no_traceback(full.stderr)
        assert not _temporaries(disk)
        subprocess.run(["mount", "-o", "remount,size=40m", str(disk)], check=True)
        again = subprocess.run(cmd, capture_output=True, text=True, env=env)
        assert again.returncode == 0, again.stderr
        assert all((disk / "site" / f"{s}.pdf").is_file() for s in FOSTER)


# ---------------------------------------------------------------------------------------------
# Folders that cannot be used


def test_an_output_folder_under_a_regular_file_is_a_clean_error(
    hands: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """F24: --out under a regular file gave NotADirectoryError. Now error[output-not-folder], exit 2."""
    (tmp_path / "f24.txt").write_text("x", encoding="utf-8")
    for out in (tmp_path / "f24.txt" / "sub", tmp_path / "f24.txt"):
        assert main(["build", str(hands), "--out", str(out), "--no-pdf", "-q"]) == 2
        err = capsys.readouterr().err
        _no_traceback(err)
        assert f"error[output-not-folder]: the output folder {out} cannot be used" in err
        assert main(["import", str(CASES / "F10-pbn-long-board-name.pbn"), "--out", str(out)]) == 2
        assert "error[output-not-folder]" in capsys.readouterr().err
    assert (tmp_path / "f24.txt").read_text(encoding="utf-8") == "x"


def test_an_output_folder_in_a_loop_of_symbolic_links_is_a_clean_error(
    hands: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """F24's kin: --out through a loop of links (a -> b -> a) raised RuntimeError while resolving it."""
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    assert main(["build", str(hands), "--out", str(tmp_path / "a" / "site"), "--no-pdf", "-q"]) == 2
    err = capsys.readouterr().err
    _no_traceback(err)
    assert "error[output-not-folder]" in err and "a loop of symbolic links" in err


@pytest.mark.parametrize("code", [errno.EROFS, errno.EACCES])
def test_a_read_only_output_folder_is_a_clean_error(
    hands: Path,
    tmp_path: Path,
    code: int,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """F24: a read-only --out gave two chained OSError tracebacks. Now error[output-unwritable]
    naming the folder, exit 2, before any hand is rendered."""
    out = tmp_path / "f24"
    out.mkdir()

    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise OSError(code, os.strerror(code), str(out))

    monkeypatch.setattr(outputs.tempfile, "mkstemp", refuse)
    assert main(["build", str(hands), "--out", str(out), "--no-pdf", "-q"]) == 2
    err = capsys.readouterr().err
    _no_traceback(err)
    assert f"error[output-unwritable]: cannot write the output folder {out}" in err
    assert os.strerror(code) in err and list(out.iterdir()) == []


def test_a_read_only_file_system_is_a_clean_error(hands: Path, tmp_path: Path) -> None:
    """F24 on a real read-only bind mount."""
    out = tmp_path / "ro"
    with _mounted(out, "--bind", str(tmp_path / "ro")):
        subprocess.run(["mount", "-o", "remount,bind,ro", str(out)], check=True)
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        run = subprocess.run(
            [sys.executable, "-m", "replayer", "build", str(hands), "--out", str(out), "--no-pdf", "-q"],
            capture_output=True,
            text=True,
            env=env,
        )
        assert run.returncode == 2 and "error[output-unwritable]" in run.stderr and str(out) in run.stderr
        _no_traceback(run.stderr)


# ---------------------------------------------------------------------------------------------
# Nothing written or deleted outside the site


def test_a_forged_manifest_never_deletes_outside_the_site(
    hands: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """F23: a .replayer-build.json listing an absolute path made the next build delete it. Every
    path the manifest lists is checked: outside the site, through a link, hidden or written by this
    build, it is left alone, with warning[manifest-entry] for the bad ones."""
    out = tmp_path / "f23"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    (tmp_path / "elsewhere").mkdir()
    far = tmp_path / "elsewhere" / "x.html"
    far.write_text("mine", encoding="utf-8")
    (out / "link").symlink_to(tmp_path / "elsewhere")
    forged = [
        str(victim),
        "../victim.txt",
        "foster-1904/../../victim.txt",
        "link/x.html",
        ".replayer-dds.json",
        "",
    ]
    forged += ["assets/lesson.css", "foster-1904/hand-1.html"]
    manifest = {"version": "0", "lessons": {"gone/hand-9": {"key": "x", "files": forged}}}
    (out / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    assert main(["build", str(hands), "--out", str(out), "--no-pdf", "-q"]) == 0
    err = capsys.readouterr().err
    assert victim.read_text(encoding="utf-8") == "precious" and far.read_text(encoding="utf-8") == "mine"
    assert err.count("warning[manifest-entry]") == 6, err
    assert (out / "assets/lesson.css").is_file() and (out / "foster-1904/hand-1.html").is_file()
    assert sorted(json.loads((out / MANIFEST).read_text(encoding="utf-8"))["lessons"]) == FOSTER


def test_a_stale_lesson_behind_a_symbolic_link_is_not_deleted(hands: Path, tmp_path: Path) -> None:
    """F25, deleting: a removed hand's folder replaced by a link; its stale page is not deleted
    through the link."""
    out = tmp_path / "site"
    other = hands / "other"
    other.mkdir()
    shutil.copy(hands / "foster-1904/hand-1.yaml", other / "hand-9.yaml")
    build_site([str(hands)], BuildOptions(out=out, pdf=False))
    shutil.rmtree(other)
    outside = tmp_path / "outside"
    shutil.move(out / "other", outside)
    (out / "other").symlink_to(outside)
    report = build_site([str(hands)], BuildOptions(out=out, pdf=False))
    assert (outside / "hand-9.html").is_file()
    assert [d.code for d in report.diagnostics if d.code == "manifest-entry"] == ["manifest-entry"]


@pytest.mark.parametrize("folder", ["foster-1904", "assets"])
def test_a_site_folder_replaced_by_a_symbolic_link_is_refused(
    hands: Path, tmp_path: Path, folder: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """F25: a lesson folder or assets/ replaced by a link made the build write (and delete) in the
    folder it points to. Now error[output-symlink], exit 2, nothing written there."""
    out = tmp_path / "f25"
    build_site([str(hands)], BuildOptions(out=out, pdf=False))
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "mine.txt").write_text("mine", encoding="utf-8")
    shutil.rmtree(out / folder)
    (out / folder).symlink_to(outside)
    assert main(["build", str(hands), "--out", str(out), "--no-pdf", "-q"]) == 2
    err = capsys.readouterr().err
    _no_traceback(err)
    assert f"error[output-symlink]: {out / folder} is a symbolic link" in err
    assert sorted(p.name for p in outside.iterdir()) == ["mine.txt"]


def test_a_symbolic_link_where_a_page_goes_is_replaced_not_written_through(
    hands: Path, tmp_path: Path
) -> None:
    """A link standing where the index goes: the build replaces the link; its target is untouched."""
    out = tmp_path / "site"
    build_site([str(hands)], BuildOptions(out=out, pdf=False))
    victim = tmp_path / "victim.html"
    victim.write_text("precious", encoding="utf-8")
    (out / "index.html").unlink()
    (out / "index.html").symlink_to(victim)
    build_site([str(hands)], BuildOptions(out=out, pdf=False))
    assert victim.read_text(encoding="utf-8") == "precious"
    assert not (out / "index.html").is_symlink() and "foster-1904/hand-1.html" in (
        out / "index.html"
    ).read_text(encoding="utf-8")
