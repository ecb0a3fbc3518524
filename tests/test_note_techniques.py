"""A note names the techniques the author names at its trick(s): ``techniques: [hold-up, re-entry]``.

The names are a fixed vocabulary (docs/evaluation.md): the loader refuses any other, with the
closest names as a hint, and the vocabulary, the format's words and the editor schema agree.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from replayer.record.diagnostics import Severity
from replayer.record.keys import TECHNIQUE_NAMES
from replayer.record.reader import load
from replayer.teaching.detectors import DETECTORS
from replayer.teaching.techniques import VOCABULARY, techniques_of_detector

ROOT = Path(__file__).resolve().parent.parent
HAND = (ROOT / "tests" / "fixtures" / "valid" / "contract.yaml").read_text(encoding="utf-8")


def _with_notes(notes: str) -> str:
    return HAND + "notes:\n" + notes


def _errors(text: str) -> list[tuple[str, int, str, str | None]]:
    _, diags = load(text, "hand.yaml")
    return [
        (d.code, d.span.line if d.span else 0, d.message, d.hint)
        for d in diags
        if d.severity is Severity.ERROR
    ]


def test_a_note_carries_the_techniques_it_names_with_their_places() -> None:
    text = _with_notes("  - trick: 6\n    text: South holds up.\n    techniques: [hold-up, re-entry]\n")
    record, diags = load(text, "hand.yaml")
    assert record is not None and not diags
    (note,) = record.notes
    assert note.tricks == (6,)
    assert [t.value for t in note.techniques] == ["hold-up", "re-entry"]
    line = text.splitlines().index("    techniques: [hold-up, re-entry]") + 1
    assert all(t.span is not None and t.span.line == line for t in note.techniques)


def test_one_technique_may_be_written_alone_and_a_note_without_any_has_none() -> None:
    record, diags = load(
        _with_notes(
            "  - {tricks: 2-3, text: A finesse., techniques: finesse}\n  - {trick: 4, text: Plain.}\n"
        ),
        "hand.yaml",
    )
    assert record is not None and not diags
    assert [t.value for t in record.notes[0].techniques] == ["finesse"]
    assert record.notes[1].techniques == ()


def test_an_unknown_technique_is_an_error_at_its_place_with_the_closest_names() -> None:
    text = _with_notes("  - trick: 6\n    text: South holds up.\n    techniques: [holdup, finesse]\n")
    errors = _errors(text)
    assert [(c, line) for c, line, _, _ in errors] == [("unknown-technique", len(HAND.splitlines()) + 4)]
    _, _, message, hint = errors[0]
    assert "holdup" in message and hint is not None and "hold-up" in hint


def test_a_technique_named_twice_is_an_error() -> None:
    errors = _errors(_with_notes("  - {trick: 6, text: x, techniques: [finesse, finesse]}\n"))
    assert [c for c, *_ in errors] == ["duplicate-technique"]


def test_techniques_need_the_note_to_name_its_trick() -> None:
    errors = _errors(_with_notes("  - {text: On the whole hand., techniques: [finesse]}\n"))
    assert [c for c, *_ in errors] == ["bad-value"]
    assert "trick" in errors[0][2]


@pytest.mark.parametrize("bad", ["{finesse: 1}", "[[finesse]]", "~"])
def test_a_techniques_value_of_the_wrong_shape_is_reported_not_raised(bad: str) -> None:
    errors = _errors(_with_notes(f"  - {{trick: 6, text: x, techniques: {bad}}}\n"))
    assert errors and all(c in ("wrong-type", "missing-value") for c, *_ in errors)


def test_the_vocabulary_names_every_detector_and_only_real_detectors() -> None:
    assert set(DETECTORS) <= set(VOCABULARY)
    for name, technique in VOCABULARY.items():
        assert technique.name == name and technique.definition
        assert technique.detector is None or technique.detector in DETECTORS
    assert 20 <= len(VOCABULARY) <= 30
    assert set(techniques_of_detector("cover")) == {"cover", "second-hand"}
    assert VOCABULARY["squeeze"].detector == "squeeze"


def test_the_format_words_and_the_editor_schema_name_the_vocabulary() -> None:
    assert tuple(VOCABULARY) == TECHNIQUE_NAMES
    schema = json.loads(
        (ROOT / "replayer" / "record" / "schema" / "hand.schema.json").read_text(encoding="utf-8")
    )
    prop = schema["$defs"]["note"]["anyOf"][1]["properties"]["techniques"]
    assert prop["anyOf"][0]["items"]["enum"] == list(TECHNIQUE_NAMES)
    assert prop["anyOf"][1]["enum"] == list(TECHNIQUE_NAMES)


def test_the_evaluation_page_lists_the_whole_vocabulary() -> None:
    page = (ROOT / "docs" / "evaluation.md").read_text(encoding="utf-8")
    for name, technique in VOCABULARY.items():
        assert f"| `{name}` | {technique.definition} |" in page
