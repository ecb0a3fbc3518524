"""The detector registry cannot be lost: importing ``annotate`` alone brings every detector, each in its
place, the places in the order docs/teaching-notes.md documents them."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

from replayer.teaching.annotate import DETECTORS, TECHNIQUES, annotate, detector_names
from replayer.teaching.context import Context
from replayer.teaching.detectors import MODULES, registry
from replayer.teaching.findings import Detector, Finding, Phase, detector
from support.games import foster

ROOT = Path(__file__).resolve().parent.parent

# The techniques the lesson of Foster's Hand 5 shows (beside the make, which is not a detector's).
HAND_5_TECHNIQUES = {
    "Leading through strength",
    "Unblocking",
    "Opening leads",
    "The Eleven Rule",
    "The fourchette",
    "Returning partner's suit",
    "Third-hand play",
    "Discards",
    "Establishing a long suit",
    "Re-entry cards",
    "Finesses",
}

FRESH = """
import json, pathlib, sys
from replayer.record.reader import load
from replayer.teaching.annotate import DETECTORS, annotate
from replayer.validation.validate import validate

record, _ = load(pathlib.Path(sys.argv[1]).read_text(encoding="utf-8"), "hand-5")
game, _ = validate(record)
found = annotate(game)
print(json.dumps({
    "detectors": list(DETECTORS),
    "shown": sorted({f.technique for f in found if f.shown}),
    "findings": [[f.trick, f.motif, f.label] for f in found],
}))
"""


def _documented_order() -> list[str]:
    """The detectors as the table of docs/teaching-notes.md lists them."""
    text = (ROOT / "docs" / "teaching-notes.md").read_text(encoding="utf-8")
    return re.findall(r"^\| `([a-z-]+)` \|", text, flags=re.MULTILINE)


def _fresh_run() -> dict[str, list[object]]:
    hand = ROOT / "hands" / "foster-1904" / "hand-5.yaml"
    done = subprocess.run(
        [sys.executable, "-c", FRESH, str(hand)], capture_output=True, text=True, check=True, cwd=ROOT
    )
    result: dict[str, list[object]] = json.loads(done.stdout)
    return result


def test_importing_annotate_alone_finds_every_technique_of_hand_5() -> None:
    run = _fresh_run()
    assert set(run["shown"]) == HAND_5_TECHNIQUES
    assert run["detectors"] == _documented_order()


def test_the_registry_holds_every_documented_detector_in_the_documented_order() -> None:
    documented = _documented_order()
    assert len(documented) == len(set(documented)) >= 23  # the 17 first ones, and issue 14's
    assert list(DETECTORS) == documented == detector_names()
    assert list(TECHNIQUES) == documented
    assert all(TECHNIQUES[n] == d.technique and d.name == n for n, d in DETECTORS.items())


def test_places_run_the_leads_and_the_defence_first_then_the_declarer_s_play() -> None:
    phases = [d.phase for d in DETECTORS.values()]
    assert phases == sorted(phases)
    assert phases[0] is Phase.LEADS and phases[-1] is Phase.DECLARERS_PLAY
    assert [d.place for d in DETECTORS.values()] == sorted({d.place for d in DETECTORS.values()})


def test_every_detector_module_is_named() -> None:
    package = ROOT / "replayer" / "teaching" / "detectors"
    modules = {p.stem for p in package.glob("*.py") if p.stem != "__init__"}
    assert {m.__name__.rsplit(".", 1)[1] for m in MODULES} == modules


def test_a_finding_carries_the_technique_of_its_detector() -> None:
    found = annotate(foster(5))
    assert found and all(f.technique == TECHNIQUES[f.motif] for f in found)


def _nothing(ctx: Context) -> list[Finding]:
    return []


def _module(name: str, **detectors: Detector) -> types.ModuleType:
    module = types.ModuleType(name)
    vars(module).update(detectors)
    return module


def test_two_detectors_may_share_neither_a_place_nor_a_name() -> None:
    same_place = _module(
        "same_place",
        a=detector("a", "A", Phase.LEADS, 1)(_nothing),
        b=detector("b", "B", Phase.LEADS, 1)(_nothing),
    )
    with pytest.raises(ValueError, match="share the place"):
        registry([same_place])
    same_name = _module(
        "same_name",
        a=detector("a", "A", Phase.LEADS, 1)(_nothing),
        b=detector("a", "A again", Phase.DEFENCE, 1)(_nothing),
    )
    with pytest.raises(ValueError, match="two detectors named"):
        registry([same_name])


def test_a_detector_imported_into_another_module_is_registered_once() -> None:
    lead = DETECTORS["lead"]
    assert list(registry([_module("one", lead=lead), _module("two", lead=lead)])) == ["lead"]
