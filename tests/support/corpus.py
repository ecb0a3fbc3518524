"""Where the corpus of real PBN and LIN files is: tests/fixtures/corpus, inside the repository.

Only files whose licence lets an MIT-licensed project pass them on are there, each copied byte for
byte; its SOURCES.md gives every file's origin, licence and use, and LICENSES/ the notices the
licences ask to travel with the copies."""

from __future__ import annotations

from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "corpus"


def corpus_dir() -> Path:
    """The corpus folder: ``pbn/`` and ``lin/`` beside SOURCES.md."""
    return CORPUS


def pbn_game(name: str, *markers: str) -> str:
    """The text of the one game of the corpus's UTF-8 PBN file ``name`` that holds every marker
    (games are separated by a blank line): a real board on its own, for a test to change."""
    text = (CORPUS / "pbn" / name).read_text(encoding="utf-8")
    [game] = [g for g in text.split("\n\n") if all(m in g for m in markers)]
    return game + "\n"
