"""The validator's output, pinned: every hand file, every fixture and reliability case, every corpus
import and a fixed set of mutants give the same diagnostics (code, severity, message, line, column,
hint, related spans) and the same imported YAML as when the snapshot was taken.

Taken before the speed work of issue 18, so that a faster reader or replay cannot change what a
transcriber is told.  When a change to a message is *meant*, regenerate and read the diff:

    UPDATE_SNAPSHOT=1 .venv/bin/python -m pytest tests/test_validation_snapshot.py
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from fuzz.inputs import bases
from fuzz.mutators import random_mutant
from replayer.formats.importer import import_text
from replayer.record.diagnostics import Diagnostic
from replayer.record.reader import load
from replayer.validation.files import check_file
from replayer.validation.validate import validate
from support.handgen import random_hands

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOT = ROOT / "tests" / "golden" / "validation-snapshot.json"
MUTANTS = 150  # per format: yaml, pbn, lin
GENERATED = 200


def _diag(d: Diagnostic) -> list[Any]:
    j = d.to_json()
    path = j["path"]
    if path and os.path.isabs(path):
        path = os.path.relpath(path, ROOT)
    return [
        path,
        j["line"],
        j["column"],
        j["code"],
        j["severity"],
        _short(j["message"]),
        _short(j["hint"]),
        [[r["line"], r["column"]] for r in j["related"]],
    ]


def _short(text: str | None) -> str | None:
    """A long message (one quoting thousands of a mutant's digits) kept as its length and hash."""
    if text is None or len(text) <= 300:
        return text
    return f"{text[:120]}… [{len(text)} characters, sha256 {hashlib.sha256(text.encode()).hexdigest()[:16]}]"


def _files() -> list[Path]:
    found = list((ROOT / "hands").rglob("*.yaml"))
    for pattern in ("*.yaml", "*.pbn", "*.lin"):
        found.extend((ROOT / "tests" / "fixtures").rglob(pattern))
    return sorted(found)


def _hand(text: str, name: str) -> list[list[Any]]:
    record, diags = load(text, name)
    out = list(diags)
    if record is not None:
        out.extend(validate(record)[1])
    return [_diag(d) for d in out]


def _imported(data: bytes, name: str) -> dict[str, Any]:
    boards, problems = import_text(data, name)
    return {
        "problems": [_diag(d) for d in problems],
        "boards": [
            [
                b.name,
                b.complete,
                b.played,
                hashlib.sha256(b.text.encode()).hexdigest()[:16],
                [_diag(d) for d in b.diagnostics],
            ]
            for b in boards
        ],
    }


def take() -> dict[str, Any]:
    snap: dict[str, Any] = {}
    for path in _files():
        rel = str(path.relative_to(ROOT))
        if path.suffix == ".yaml":
            snap[rel] = [_diag(d) for d in check_file(Path(rel)).diagnostics]
        else:
            snap[rel] = _imported(path.read_bytes(), rel)
    for i, hand in enumerate(random_hands(1918, GENERATED)):
        snap[f"generated-{i}"] = _hand(hand.text, f"generated-{i}.yaml")
    for fmt in ("yaml", "pbn", "lin"):
        for i in range(MUTANTS):
            rng = random.Random(f"snapshot:{fmt}:{i}")
            mutant = random_mutant(rng, fmt)
            name = f"mutant-{fmt}-{i}.{fmt}"
            data = mutant.data
            if fmt == "yaml":
                snap[name] = _hand(data.decode("utf-8", "replace"), name)
            else:
                snap[name] = _imported(data, name)
    return snap


@pytest.fixture()
def at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def _folded(value: Any) -> Any:
    """An input with a great many diagnostics (a fuzzer's thousand-tag file) kept as its first few,
    their count and a hash of all: still pinned, and the file stays small enough to read."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    if len(text) <= 4000:
        return value
    items = value["boards"] if isinstance(value, dict) else value
    return {
        "folded": len(items),
        "sha256": hashlib.sha256(text.encode()).hexdigest(),
        "first": items[:3],
    }


def test_validation_output_is_unchanged(at_root: None) -> None:
    snap = {k: _folded(v) for k, v in json.loads(json.dumps(take())).items()}
    if os.environ.get("UPDATE_SNAPSHOT"):
        SNAPSHOT.write_text(
            json.dumps(snap, ensure_ascii=False, indent=0, sort_keys=True) + "\n", encoding="utf-8"
        )
    want = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    assert sorted(snap) == sorted(want), "inputs added or gone: regenerate the snapshot and read its diff"
    changed = [k for k in sorted(want) if snap[k] != want[k]]
    assert not changed, (
        f"{len(changed)} inputs give other diagnostics, first {changed[0]}: {snap[changed[0]]!r}"
    )


def test_the_snapshot_covers_what_it_claims() -> None:
    want = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    assert sum(k.startswith("hands/") for k in want) >= 59
    assert sum("reliability" in k for k in want) >= 10
    assert sum(k.startswith("tests/fixtures/corpus/") for k in want) >= 20
    assert sum(k.startswith("mutant-") for k in want) == 3 * MUTANTS
    # the mutants do produce diagnostics: a snapshot of silence would pin nothing
    noisy = [k for k, v in want.items() if k.startswith("mutant-yaml") and v]
    assert len(noisy) > MUTANTS // 3
    assert len(bases("yaml")) >= 59  # the fuzz inputs were found
