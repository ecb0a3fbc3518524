"""An Auction hand exported to PBN comes back as an Auction hand, not a Contract one: the project tag
``ReplayerRules "auction"`` is read on import (the standard's Contract is the default)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "valid" / "auction.yaml"


def _replayer(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "replayer", *args], capture_output=True, text=True, check=False
    )


def test_an_auction_hand_round_trips_through_pbn_as_auction(tmp_path: Path) -> None:
    pbn = tmp_path / "auction.pbn"
    assert _replayer("export", str(FIXTURE), "--to", "pbn", "--out", str(pbn)).returncode == 0
    assert '[ReplayerRules "auction"]' in pbn.read_text(encoding="utf-8")
    out = tmp_path / "imported"
    assert _replayer("import", str(pbn), "--out", str(out)).returncode == 0
    (hand,) = sorted(out.glob("*.yaml"))
    text = hand.read_text(encoding="utf-8")
    assert "\nrules: auction\n" in text and "rules: contract" not in text
    run = _replayer("validate", str(hand))
    assert run.returncode == 0 and "1 valid" in run.stderr
