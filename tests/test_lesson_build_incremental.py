"""`replayer build` does no needless work (issue 18): an unchanged hand is neither validated nor
rendered again, whatever the path is typed as; a build that changed nothing imports neither
WeasyPrint, pypdf nor Jinja2; one edited hand renders one lesson; and the lessons rendered on several
processes make the same site, byte for byte, as one process."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import replayer.lessons.build
import replayer.lessons.pdf
from replayer.lessons.build import MANIFEST, BuildOptions, build_site
from replayer.validation.files import Checked

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "hands"
FOSTER = CORPUS / "foster-1904"


def _files(out: Path) -> dict[str, bytes]:
    """Every file of a site (its manifest and caches too), by its path."""
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


@pytest.fixture
def hands(tmp_path: Path) -> Path:
    dest = tmp_path / "hands"
    shutil.copytree(FOSTER, dest / "foster-1904")
    return dest


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The hand files the build validates (in this process: a worker validates the hand it renders)."""
    seen: list[Path] = []
    real = replayer.lessons.build.check_file

    def counting(path: Path) -> Checked:
        seen.append(path)
        return real(path)

    monkeypatch.setattr(replayer.lessons.build, "check_file", counting)
    return seen


def test_one_worker_and_two_build_the_corpus_byte_for_byte_alike(tmp_path: Path) -> None:
    """The CI diffs two builds: the pool must not change a byte (the pages, the manifest, the
    solver's cache) of the whole corpus, HTML only (the PDFs: the next test, on one book)."""
    one, two = tmp_path / "one", tmp_path / "two"
    first = build_site([str(CORPUS)], BuildOptions(out=one, pdf=False), jobs=1)
    second = build_site([str(CORPUS)], BuildOptions(out=two, pdf=False), jobs=2)
    assert first.rendered == second.rendered == first.lessons > 50 and not first.invalid
    assert _files(one) == _files(two)
    assert [str(d) for d in first.diagnostics] == [str(d) for d in second.diagnostics]


def test_one_worker_and_two_make_the_same_pdfs(hands: Path, tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    first = build_site([str(hands)], BuildOptions(out=one, pdf=True), jobs=1)
    second = build_site([str(hands)], BuildOptions(out=two, pdf=True), jobs=2)
    assert first.pdfs == second.pdfs == 5 and first.corpus_pdf and second.corpus_pdf
    made = _files(one)
    assert sum(name.endswith(".pdf") for name in made) >= 6
    assert made == _files(two)


def test_the_lessons_are_rendered_on_a_pool_of_the_workers_asked_for(
    hands: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import concurrent.futures

    pools: list[int | None] = []
    real = concurrent.futures.ProcessPoolExecutor

    def recording(max_workers: int | None = None, **kwargs: object) -> concurrent.futures.Executor:
        pools.append(max_workers)
        return real(max_workers, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", recording)
    assert build_site([str(hands)], BuildOptions(out=tmp_path / "a", pdf=False), jobs=2).rendered == 5
    assert build_site([str(hands)], BuildOptions(out=tmp_path / "b", pdf=False), jobs=1).rendered == 5
    assert pools == [2]  # one pool of two workers; one worker is this process
    # a process that runs other threads (a preview server) is not forked: it renders the lessons itself
    import threading

    release = threading.Event()
    waiting = threading.Thread(target=release.wait)
    waiting.start()
    try:
        assert build_site([str(hands)], BuildOptions(out=tmp_path / "c", pdf=False), jobs=2).rendered == 5
    finally:
        release.set()
        waiting.join()
    assert pools == [2]
    assert _files(tmp_path / "a") == _files(tmp_path / "b") == _files(tmp_path / "c")


def test_an_unchanged_hand_is_not_validated_again_however_its_path_is_typed(
    hands: Path, tmp_path: Path, checks: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "site"
    first = build_site([str(hands)], BuildOptions(out=out, pdf=False))
    assert first.checked == 5 and len(checks) == 5
    warnings = [str(d) for d in first.diagnostics]
    monkeypatch.chdir(tmp_path)
    for typed in ("hands", "hands/", "./hands", "hands/../hands", str(hands)):
        checks.clear()
        again = build_site([typed], BuildOptions(out=out, pdf=False))
        assert (again.checked, again.rendered, again.unchanged) == (0, 0, 5), typed
        assert checks == []
        # the warnings are still given, naming the file as it was typed this time
        named = os.path.normpath(typed) if typed != "hands/../hands" else "hands/../hands"
        expected = [w.replace(str(hands), named.rstrip("/")) for w in warnings]
        assert [str(d) for d in again.diagnostics] == expected, typed


def test_one_edited_note_validates_and_renders_one_lesson(
    hands: Path, tmp_path: Path, checks: list[Path]
) -> None:
    out = tmp_path / "site"
    build_site([str(hands)], BuildOptions(out=out, pdf=False))
    before = {p: p.stat().st_mtime_ns for p in out.rglob("*.html")}
    edited = hands / "foster-1904" / "hand-3.yaml"
    text = edited.read_text(encoding="utf-8")
    assert "introduction: |\n" in text
    edited.write_text(text.replace("introduction: |\n", "introduction: |\n  A new sentence.\n", 1), "utf-8")
    checks.clear()
    report = build_site([str(hands)], BuildOptions(out=out, pdf=False))
    assert (report.checked, report.rendered, report.unchanged) == (1, 1, 4)
    assert checks == [edited]
    assert "A new sentence." in (out / "foster-1904/hand-3.html").read_text(encoding="utf-8")
    changed = {p.relative_to(out).as_posix() for p, t in before.items() if p.stat().st_mtime_ns != t}
    assert changed == {"foster-1904/hand-3.html"}  # not its neighbours, not the index: a note is not on it


def test_a_changed_hand_file_is_validated_even_with_its_old_facts_in_the_manifest(
    hands: Path, tmp_path: Path
) -> None:
    """The facts are keyed by the file's bytes: an edit that breaks the hand is found."""
    out = tmp_path / "site"
    build_site([str(hands)], BuildOptions(out=out, pdf=False))
    broken = hands / "foster-1904" / "hand-2.yaml"
    broken.write_text(broken.read_text(encoding="utf-8").replace("tricks:", "trick:", 1), "utf-8")
    report = build_site([str(hands)], BuildOptions(out=out, pdf=False))
    assert [c.path for c in report.invalid] == [broken] and report.lessons == 4


def test_a_manifest_entry_that_is_not_ours_is_no_cache(hands: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    build_site([str(hands)], BuildOptions(out=out, pdf=False))
    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    assert len(manifest["hands"]) == 5
    manifest["hands"] = {key: {"title": 5} for key in manifest["hands"]}
    (out / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    report = build_site([str(hands)], BuildOptions(out=out, pdf=False))
    assert report.checked == 5 and report.lessons == 5 and not report.invalid


@pytest.fixture(scope="module")
def pdf_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Foster's hands built once with PDFs: (the hands, the site)."""
    base = tmp_path_factory.mktemp("pdf-site")
    hands = base / "hands"
    shutil.copytree(FOSTER, hands / "foster-1904")
    report = build_site([str(hands)], BuildOptions(out=base / "site", pdf=True))
    assert report.pdfs == 5 and report.corpus_pdf
    return hands, base / "site"


def test_a_build_that_changed_nothing_never_asks_whether_pdfs_can_be_made(
    pdf_site: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    hands, out = pdf_site

    def asked() -> str | None:
        raise AssertionError("WeasyPrint was looked for by a build that renders no PDF")

    monkeypatch.setattr(replayer.lessons.pdf, "pdf_unavailable", asked)
    report = build_site([str(hands)], BuildOptions(out=out, pdf=True))
    assert (report.rendered, report.pdfs, report.pdf_error, report.corpus_pdf) == (0, 0, None, True)


def test_a_build_that_changed_nothing_imports_no_renderer(pdf_site: tuple[Path, Path]) -> None:
    """What a no-op ``replayer build`` imports, in a fresh interpreter: not WeasyPrint, pypdf,
    Jinja2, markdown-it or fontTools, and no lesson model."""
    hands, out = pdf_site
    heavy = ("weasyprint", "pypdf", "jinja2", "markdown_it", "fontTools", "replayer.lessons.model")
    code = (
        "import sys\n"
        "from replayer.cli.main import main\n"
        f"status = main(['build', {str(hands)!r}, '--out', {str(out)!r}, '-q'])\n"
        f"print(status, sorted(m for m in sys.modules if m.startswith({heavy!r})))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert run.stdout.splitlines()[-1] == "0 []", run.stdout + run.stderr
    assert "(0 rendered, 5 unchanged, 0 PDFs rendered)" in run.stdout


def test_a_missing_pango_is_found_when_a_pdf_is_to_be_made(
    pdf_site: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check happens when a lesson is to be rendered, and gives the same result as it did up
    front: the lessons built without PDFs, and the reason in the report."""
    hands, out = pdf_site
    site = tmp_path / "site"
    shutil.copytree(out, site)
    edited = tmp_path / "hands"
    shutil.copytree(hands, edited)
    one = edited / "foster-1904" / "hand-1.yaml"
    one.write_text(one.read_text(encoding="utf-8") + "\n# an edit\n", encoding="utf-8")
    asked: list[int] = []

    def missing() -> str:
        asked.append(1)
        return "WeasyPrint cannot run here (no Pango)"

    monkeypatch.setattr(replayer.lessons.pdf, "pdf_unavailable", missing)
    report = build_site([str(edited)], BuildOptions(out=site, pdf=True))
    assert asked == [1] and report.pdf_error == "WeasyPrint cannot run here (no Pango)"
    assert report.pdfs == 0 and not report.corpus_pdf and report.lessons == 5
