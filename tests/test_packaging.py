"""A normal install works anywhere: the wheel carries every package, the templates and the assets,
and the README's test command is the one CI runs.

(.ci/run also installs the built wheel into a fresh environment outside the checkout and builds the
lessons there; that needs the network for the dependencies, so it is CI's step, not a test.)"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from replayer.lessons.resources import assets_dir, templates_dir

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _readme_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", readme, re.S)]


def test_the_readme_opens_with_the_build_and_the_test_command() -> None:
    build, test = _readme_commands()[:2]
    assert "pip install" in build and build.endswith("replayer build")
    assert "pip install" in test and "pytest" in test


def test_ci_runs_the_readme_test_command_word_for_word() -> None:
    test = _readme_commands()[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test in ci


def test_every_package_of_the_code_is_listed_for_the_wheel() -> None:
    listed = set(PYPROJECT["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "replayer").rglob("__init__.py")}
    assert found <= listed
    assert listed - found == {"replayer.templates", "replayer.site"}


def test_the_templates_and_assets_are_found() -> None:
    assert (templates_dir() / "lesson.html").is_file()
    assert (assets_dir() / "stepper.js").is_file()
    assert (assets_dir() / "fonts" / "DejaVuSerif.ttf").is_file()


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(out),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("replayer-*.whl")
    return zipfile.ZipFile(built)


def test_the_wheel_ships_the_templates_the_assets_and_the_schema(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    for folder, source in (("templates", ROOT / "templates"), ("site", ROOT / "site")):
        for f in source.rglob("*"):
            if f.is_file():
                assert f"replayer/{folder}/{f.relative_to(source).as_posix()}" in names
    assert "replayer/record/schema/hand.schema.json" in names


def test_the_wheel_ships_every_module(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    for f in (ROOT / "replayer").rglob("*.py"):
        assert f.relative_to(ROOT).as_posix() in names


def test_an_installed_package_finds_its_folders_inside_itself(tmp_path: Path, wheel: zipfile.ZipFile) -> None:
    """Unpacked like pip installs it, away from the checkout, the package uses its own copies."""
    wheel.extractall(tmp_path)
    code = (
        "from replayer.lessons.resources import templates_dir, assets_dir; "
        "print(templates_dir()); print(assets_dir())"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        check=True,
    )
    templates, assets = done.stdout.split()
    assert Path(templates) == tmp_path / "replayer" / "templates"
    assert Path(assets) == tmp_path / "replayer" / "site"
