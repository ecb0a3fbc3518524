"""The code stays as the linters, the formatter and the type checker want it (settings in
pyproject.toml): a finding fails the suite, so the README's one test command checks it all."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


@pytest.mark.parametrize(
    "command",
    [("ruff", "check", "replayer", "tests"), ("ruff", "format", "--check", "replayer", "tests")],
    ids=["ruff-check", "ruff-format"],
)
def test_ruff_finds_nothing(command: tuple[str, ...]) -> None:
    done = _run(*command)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_finds_nothing() -> None:
    done = _run("mypy", "--strict", "replayer")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout


def test_no_formatter_escapes_are_left() -> None:
    """A formatter escape (fmt colon skip, or off) would hide code from the formatter; none is needed."""
    marked = [
        f"{p.relative_to(ROOT)}:{n}"
        for folder in ("replayer", "tests")
        for p in sorted((ROOT / folder).rglob("*.py"))
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if "fmt: " + "skip" in line or "fmt: " + "off" in line
    ]
    assert not marked, marked
