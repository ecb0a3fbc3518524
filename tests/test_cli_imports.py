"""Each command imports only what it uses, and a whole-folder ``validate`` keeps only diagnostics.

The commands run as a person runs them, in a fresh interpreter (``python -X importtime -m replayer
…``: every module the process imports is named on standard error), so nothing a test imported
earlier hides an import.  What ``validate`` keeps is seen while it runs: the hand records and games
alive when each next file is checked.
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import replayer
from replayer.cli import parser
from replayer.cli.main import main
from replayer.record.hand import HandRecord
from replayer.rules.game import Game
from replayer.validation import files
from support.handgen import random_hands  # tests/ is on sys.path

ROOT = Path(__file__).resolve().parent.parent
HAND1 = ROOT / "hands" / "foster-1904" / "hand-1.yaml"
RUBBER = ROOT / "hands" / "foster-1904" / "example-rubber.rubber.yaml"

#: what checking, showing and scoring a hand never needs: the templates, the Markdown, the PDFs,
#: double dummy (and what endplay's package pulls in), the lessons, the teaching notes, PBN and LIN
HEAVY = (
    "jinja2",
    "markdown_it",
    "weasyprint",
    "pypdf",
    "endplay",
    "matplotlib",
    "replayer.lessons",
    "replayer.teaching",
    "replayer.analysis",
    "replayer.formats",
)


def imported(*args: str) -> set[str]:
    """The modules a fresh ``python -m replayer ARGS`` imports; the command must not fail."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "replayer", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        encoding="utf-8",
    )
    assert done.returncode == 0, done.stderr[-2000:]
    names = {
        line.rpartition("|")[2].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:")
    }
    assert "replayer.cli.main" in names  # the listing is there: the command did run
    return names


def heavy(names: set[str]) -> list[str]:
    """The heavy packages among ``names``, and their modules."""
    return sorted(n for n in names if any(n == h or n.startswith(h + ".") for h in HEAVY))


# ---------------------------------------------------------------------------------------------
# What each command imports


def test_help_imports_neither_the_reader_nor_the_laws() -> None:
    names = imported("--help")
    assert heavy(names) == []
    assert not {n for n in names if n.startswith(("replayer.record", "replayer.validation", "yaml"))}


def test_validate_of_a_hand_imports_no_lesson_template_pdf_or_solver() -> None:
    names = imported("validate", str(HAND1))
    assert heavy(names) == []
    assert {"replayer.record.reader", "replayer.validation.validate"} <= names


def test_validate_of_a_folder_imports_no_lesson_template_pdf_or_solver() -> None:
    assert heavy(imported("validate", "-q", str(ROOT / "hands"))) == []


@pytest.mark.parametrize("command", ["show", "score"])
def test_show_and_score_import_no_lesson_template_pdf_or_solver(command: str) -> None:
    names = imported(command, str(HAND1))
    assert heavy(names) == []
    assert "replayer.scoring.sheet" in names


def test_show_json_and_rubber_import_no_lesson_template_pdf_or_solver() -> None:
    assert heavy(imported("show", "--json", str(HAND1))) == []
    assert heavy(imported("rubber", str(RUBBER))) == []


def test_export_imports_the_formats_but_no_lesson_template_pdf_or_solver() -> None:
    names = imported("export", str(HAND1), "--to", "pbn")
    assert "replayer.formats.interop" in names
    assert [n for n in heavy(names) if not n.startswith("replayer.formats")] == []


def test_importing_the_package_loads_none_of_it() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, replayer; print(sorted(m for m in sys.modules if m.startswith('replayer')))",
        ],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        check=True,
    )
    assert done.stdout.strip() == "['replayer']"


# ---------------------------------------------------------------------------------------------
# The public API, loaded on first use


def test_every_public_name_of_the_package_is_its_modules_object() -> None:
    from replayer.record import diagnostics, reader
    from replayer.rules import cards, game, regimes, seats
    from replayer.validation import validate

    modules = (diagnostics, reader, cards, game, regimes, seats, validate)
    for name in replayer.__all__:
        value = getattr(replayer, name)
        if name != "__version__":
            assert any(getattr(m, name, None) is value for m in modules), name
        assert name in dir(replayer)
    from replayer import Card, load

    assert Card is cards.Card and load is reader.load


def test_an_unknown_name_of_the_package_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'loads'"):
        replayer.loads  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(ImportError):
        from replayer import loads  # type: ignore[attr-defined]  # noqa: F401


def test_asking_for_double_dummy_loads_the_solver_alone() -> None:
    code = (
        "import json, sys; from replayer.analysis import dds_available; dds_available(); "
        "print(json.dumps([m for m in sys.modules if m.startswith('replayer.analysis')]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        check=True,
    )
    loaded = set(json.loads(done.stdout))
    assert "replayer.analysis.solver" in loaded
    assert not loaded & {"replayer.analysis.claims", "replayer.analysis.lines", "replayer.analysis.play"}


def test_every_public_name_of_the_analysis_is_its_modules_object() -> None:
    import replayer.analysis
    from replayer.analysis import claims, lines, play, solver

    for name in replayer.analysis.__all__:
        value = getattr(replayer.analysis, name)
        assert any(getattr(m, name, None) is value for m in (claims, lines, play, solver)), name
        assert name in dir(replayer.analysis)


# ---------------------------------------------------------------------------------------------
# The parser's copies of values defined deeper down


def test_the_parsers_site_folder_is_the_builds() -> None:
    from replayer.lessons.build import DEFAULT_OUT

    assert parser.DEFAULT_OUT == DEFAULT_OUT
    build = parser.make_parser().parse_args(["build"])
    assert build.out == DEFAULT_OUT


def test_the_parsers_book_styles_are_the_readers() -> None:
    from replayer.formats.book import STYLES

    assert tuple(sorted(STYLES)) == parser.STYLE_NAMES


def test_serve_is_a_command_with_the_options_of_a_preview() -> None:
    args = parser.make_parser().parse_args(["serve", "--port", "8123", "--no-pdf", "-q", "hands/foster-1904"])
    assert (args.command, args.paths, args.port, args.pdf, args.quiet) == (
        "serve",
        ["hands/foster-1904"],
        8123,
        False,
        True,
    )
    default = parser.make_parser().parse_args(["serve"])
    assert (default.paths, default.port, default.pdf, default.templates) == (["hands"], 8000, True, None)


def test_serve_refuses_a_port_out_of_range_through_main(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port 70000" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------
# A folder validated keeps only each file's diagnostics


def _folder(tmp: Path, n: int, broken: int) -> Path:
    """``n`` generated hands, the first ``broken`` of them cut short into YAML that does not parse."""
    for i, hand in enumerate(random_hands(18, n)):
        text = hand.text if i >= broken else "title: [unclosed\n"
        (tmp / f"hand-{i:03d}.yaml").write_text(text, encoding="utf-8")
    return tmp


def _alive(kind: type) -> int:
    return sum(1 for o in gc.get_objects() if type(o) is kind)


def test_validate_keeps_no_record_or_game_of_the_files_it_has_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _folder(tmp_path, 60, broken=3)
    check_file = files.check_file
    calls = 0
    alive: list[tuple[int, int]] = []  # the records and games alive as each tenth file is checked

    def counting(path: Path) -> files.Checked:
        nonlocal calls
        calls += 1
        if calls % 10 == 0:
            gc.collect()
            alive.append((_alive(HandRecord), _alive(Game)))
        return check_file(path)

    monkeypatch.setattr(files, "check_file", counting)
    gc.collect()
    before = (_alive(HandRecord), _alive(Game))  # those other tests left, if any
    assert main(["validate", str(folder)]) == 1
    out = capsys.readouterr()
    assert calls == 60
    assert alive == [before] * 6  # none of the files before: only their diagnostics were kept
    assert "60 hands checked: 57 valid, 3 with errors (3 errors, 0 warnings)" in out.err
    assert out.out.count("hand-00") == 3  # each broken file's error, and no other


def test_validate_of_a_folder_says_what_checking_each_file_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _folder(tmp_path, 12, broken=2)
    assert main(["validate", "--format", "json", str(folder)]) == 1
    whole = capsys.readouterr().out
    each = []
    for path in sorted(folder.iterdir()):
        main(["validate", "--format", "json", str(path)])
        each.append(capsys.readouterr().out)
    assert json.loads(whole) == [d for text in each for d in json.loads(text)]
