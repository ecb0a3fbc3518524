"""Where the shared corpus of real PBN and LIN files is (shared/corpus beside the repository).

The files come from public repositories under several licences (some GPL), so they are read in
place, not copied into this repository.  Set REPLAYER_CORPUS to use another copy."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def corpus_dir() -> Path:
    candidates = [Path(os.environ["REPLAYER_CORPUS"])] if os.environ.get("REPLAYER_CORPUS") else []
    candidates += [ROOT.parent / "shared" / "corpus", Path("/work/shared/corpus")]
    for c in candidates:
        if (c / "SOURCES.md").is_file():
            return c
    raise FileNotFoundError(
        "the shared corpus (shared/corpus with SOURCES.md) is not beside the repository; "
        "set REPLAYER_CORPUS to its folder"
    )
