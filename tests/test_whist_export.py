"""A whist hand and BBO: LIN (and so the Handviewer link) refuses it with a clear message, since BBO
has no game without a dummy and no turned trump card (issue 17, import/export)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from replayer.formats.interop import handviewer_url
from replayer.validation.files import check_file

WHIST = Path(__file__).resolve().parent / "fixtures" / "whist" / "generated-1.yaml"


def test_lin_export_refuses_a_whist_hand_with_a_clear_message() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "replayer", "export", str(WHIST), "--to", "lin"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 1 and run.stdout == ""
    assert "cannot be written as LIN" in run.stderr and "no game without a dummy" in run.stderr
    assert "Traceback" not in run.stderr


def test_a_whist_lesson_offers_no_handviewer_link() -> None:
    checked = check_file(WHIST)
    assert checked.game is not None and checked.record is not None
    assert handviewer_url(checked.game, checked.record) is None
