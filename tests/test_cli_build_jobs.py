"""`replayer build --jobs N`: the count reaches the build, and a count that is not a whole number from
1 up is refused as a usage error (exit 2), before anything is built."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import replayer.lessons.build
from replayer.cli.main import main

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("given", ["0", "-1", "two", "1.5"])
def test_a_count_below_one_or_not_a_number_is_a_usage_error(
    given: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["build", "--no-pdf", "-q", "--out", str(tmp_path / "site"), "--jobs", given, "hands"])
    assert status == 2
    assert "--jobs" in capsys.readouterr().err
    assert not (tmp_path / "site").exists()


def test_the_count_reaches_the_build_and_the_site_is_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hands = tmp_path / "hands"
    shutil.copytree(ROOT / "hands" / "foster-1904", hands / "foster-1904")
    seen: list[int | None] = []
    real = replayer.lessons.build.build_site

    def spy(*args: object, **kwargs: object) -> object:
        seen.append(kwargs.get("jobs"))  # type: ignore[arg-type]
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(replayer.lessons.build, "build_site", spy)
    sites = []
    for jobs in ("1", "2"):
        out = tmp_path / f"site-{jobs}"
        assert main(["build", "--no-pdf", "-q", "--out", str(out), "-j", jobs, str(hands)]) == 0
        sites.append({p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()})
    assert seen == [1, 2]
    assert sites[0].keys() == sites[1].keys() and len(sites[0]) > 5
    differ = [str(k) for k in sites[0] if sites[0][k] != sites[1][k]]
    assert not differ, f"one worker and two wrote different bytes: {differ}"
