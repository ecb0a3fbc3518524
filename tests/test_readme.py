"""What the README shows a command printing is what the command prints."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from replayer.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _samples() -> list[tuple[str, str]]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```text\n\$ (replayer [^\n]*)\n(.*?)```", readme, re.S)


def test_the_readme_has_a_sample_run() -> None:
    assert _samples()


@pytest.mark.parametrize(("command", "shown"), _samples())
def test_a_sample_run_prints_what_the_readme_shows(
    command: str, shown: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    main(shlex.split(command)[1:])
    out = capsys.readouterr()
    assert out.out + out.err == shown
