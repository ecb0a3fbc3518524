"""Games for detector tests: Foster's hands from hands/, and small hands written inline as YAML."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from replayer.lessons.model import book_author
from replayer.record.diagnostics import Severity
from replayer.record.reader import load
from replayer.rules.game import Game
from replayer.teaching.annotate import annotate
from replayer.teaching.context import Context
from replayer.teaching.findings import Finding
from replayer.validation.validate import validate

ROOT = Path(__file__).resolve().parent.parent.parent


def game_from_yaml(text: str, name: str = "<test>") -> Game:
    """A validated game from hand YAML (the format of docs/hand-format.md); fails on any error."""
    record, diags = load(text, name)
    assert record is not None, diags
    game, more = validate(record)
    errors = [d for d in [*diags, *more] if d.severity is Severity.ERROR]
    assert game is not None and not errors, "\n".join(f"{d.code}: {d.message}" for d in errors)
    return game


@cache
def foster(n: int) -> Game:
    """Foster's Illustrative Hand No. n (1904), as transcribed in hands/foster-1904/."""
    return game_from_yaml(
        (ROOT / "hands" / "foster-1904" / f"hand-{n}.yaml").read_text(encoding="utf-8"), f"hand-{n}"
    )


def context(n_or_text: int | str) -> Context:
    return Context(foster(n_or_text) if isinstance(n_or_text, int) else game_from_yaml(n_or_text))


def book_findings(book: str, n: int, detector: str) -> list[Finding]:
    """One detector's findings on a hand of the corpus (hands/<book>/hand-<n>.yaml), with the lesson's
    author known from the hand's source, as the lessons and the evaluation run it."""
    path = ROOT / "hands" / book / f"hand-{n}.yaml"
    text = path.read_text(encoding="utf-8")
    record, _ = load(text, str(path))
    assert record is not None
    return annotate(game_from_yaml(text, path.name), [detector], book_author(record))
