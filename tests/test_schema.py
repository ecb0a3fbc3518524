"""The editor schema, the format docs and the diagnostics docs agree with the loader and the validator.

The schema (``replayer/record/schema/hand.schema.json``) must never refuse a file that ``replayer validate``
accepts, must name exactly the keys the loader takes, and must refuse the slips it claims to catch.
Files are checked twice: read by PyYAML's BaseLoader (every value a string, as replayer reads them) and
with YAML 1.2 core types (numbers, booleans, null), as an editor's YAML extension reads them.
"""

from __future__ import annotations

import ast
import copy
import importlib.util
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from replayer.record.diagnostics import Severity
from replayer.record.keys import (
    BOOK_ERROR_KEYS,
    CLAIM_KEYS,
    CLAIM_KINDS,
    DEAL_KEYS,
    DECLARATION_KEYS,
    INTEROP_KEYS,
    LINE_KEYS,
    NOTE_KEYS,
    OUTCOME_KEYS,
    PLAY_KEYS,
    PROBLEM_KEYS,
    QUESTION_KEYS,
    READING_KEYS,
    SEAT_WORDS,
    SOURCE_KEYS,
    TOP_KEYS,
    TRANSCRIPTION_KEYS,
    TRICK_KEYS,
)
from replayer.record.reader import load
from replayer.record.sides import SIDE_WORDS
from replayer.rules.regimes import REGIMES
from replayer.validation.validate import validate

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_PATH = ROOT / "replayer" / "record" / "schema" / "hand.schema.json"
SCHEMA: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
HAND_FORMAT = ROOT / "docs" / "hand-format.md"
DIAGNOSTICS = ROOT / "docs" / "diagnostics.md"
HAND1 = (ROOT / "hands" / "foster-1904" / "hand-1.yaml").read_text(encoding="utf-8")
# Hand 1 without its own transcription record (its last key), for edits that append one.
HAND1_BARE = HAND1[: HAND1.index("\ntranscription:") + 1] if "\ntranscription:" in HAND1 else HAND1


# ---------------------------------------------------------------------------------------------
# Reading YAML as replayer does (strings) and as an editor does (YAML 1.2 core types)


class Core12Loader(yaml.SafeLoader):
    """YAML 1.2 core schema: only true/false are booleans, no timestamps, ``09`` is 9."""


Core12Loader.yaml_implicit_resolvers = {}
for _tag, _regexp, _first in (
    ("null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
    ("int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", list("-+0123456789")),
    (
        "float",
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        list("-+.0123456789"),
    ),
):
    Core12Loader.add_implicit_resolver(f"tag:yaml.org,2002:{_tag}", re.compile(_regexp), _first)


def _int12(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> int:
    value = loader.construct_scalar(node)
    return int(value, 0) if value[:2] in ("0o", "0x") else int(value, 10)


Core12Loader.add_constructor("tag:yaml.org,2002:int", _int12)


def _json_keys(data: Any) -> Any:
    """Mapping keys as the strings a JSON validator sees."""
    if isinstance(data, dict):
        return {(json.dumps(k) if not isinstance(k, str) else k): _json_keys(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_json_keys(v) for v in data]
    return data


def as_strings(text: str) -> Any:
    return yaml.load(text, Loader=yaml.BaseLoader)


def as_editor(text: str) -> Any:
    return _json_keys(yaml.load(text, Loader=Core12Loader))


def schema_errors(data: Any, validator: jsonschema.Validator = VALIDATOR) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in validator.iter_errors(data)]


def tool_diagnostics(text: str) -> list[Any]:
    record, diags = load(text, "hand.yaml")
    if record is not None:
        diags = diags + validate(record)[1]
    return diags


def tool_errors(text: str) -> list[str]:
    return [f"{d.code}: {d.message}" for d in tool_diagnostics(text) if d.severity is Severity.ERROR]


# ---------------------------------------------------------------------------------------------
# The examples in docs/hand-format.md


def _yaml_blocks(kind: str) -> list[tuple[str, str]]:
    """(label, text) of each fenced block whose info string is exactly ``kind``."""
    text = HAND_FORMAT.read_text(encoding="utf-8")
    blocks = re.findall(r"^```([^\n]*)\n(.*?)^```", text, re.S | re.M)
    found = [body for info, body in blocks if info.strip() == kind]
    return [(f"{kind.replace(' ', '-')}-{i + 1}", body) for i, body in enumerate(found)]


DOC_FILES = _yaml_blocks("yaml")
DOC_FRAGMENTS = _yaml_blocks("yaml fragment")
GOOD_FILES = [
    (str(p.relative_to(ROOT)), p.read_text(encoding="utf-8"))
    for p in sorted([*ROOT.glob("hands/**/*.yaml"), *ROOT.glob("tests/fixtures/valid/*.yaml")])
    if not p.name.endswith(".rubber.yaml")
]


# ---------------------------------------------------------------------------------------------
# (a) The schema is a schema, and it is replayer/record/schema/build_schema.py's output


def _builder() -> Any:
    spec = importlib.util.spec_from_file_location(
        "build_schema", ROOT / "replayer" / "record" / "schema" / "build_schema.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_schema_is_the_builders_output() -> None:
    """The schema is generated: edit replayer/record/schema/build_schema.py and run it, never the JSON."""
    builder = _builder()
    built = builder.render(builder.build())
    assert built == builder.render(builder.build()), "the builder's output should not vary between runs"
    assert built.endswith("}\n")
    assert SCHEMA_PATH.read_text(encoding="utf-8") == built, (
        "run: python replayer/record/schema/build_schema.py"
    )


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$id"].endswith("hand.schema.json") and SCHEMA["title"]
    for example in SCHEMA["examples"]:
        assert schema_errors(example) == []


def _walk(node: Any, path: str = "") -> Any:
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _walk(v, f"{path}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk(v, f"{path}/{i}")


def test_patterns_are_portable_between_python_and_editors() -> None:
    """Editors run the patterns as JavaScript regular expressions: no inline flags or Python-only syntax."""
    for path, node in _walk(SCHEMA):
        if isinstance(node, dict) and isinstance(node.get("pattern"), str):
            pattern = node["pattern"]
            re.compile(pattern)
            assert not re.search(r"\(\?[aiLmsux]|\(\?P|\\[AZz]", pattern), path


def test_every_property_has_a_description() -> None:
    for path, node in _walk(SCHEMA):
        if path.endswith("/properties") and isinstance(node, dict):
            for key, sub in node.items():
                assert "description" in sub, f"{path}/{key}"


# ---------------------------------------------------------------------------------------------
# (b) Every good file passes the schema, the loader and the validator


@pytest.mark.parametrize(("name", "text"), GOOD_FILES + DOC_FILES, ids=[n for n, _ in GOOD_FILES + DOC_FILES])
def test_good_files_pass_the_schema_and_the_validator(name: str, text: str) -> None:
    assert schema_errors(as_strings(text)) == []
    assert schema_errors(as_editor(text)) == []
    assert tool_errors(text) == []


def test_the_docs_show_a_complete_hand_a_partial_hand_and_an_auction() -> None:
    assert len(DOC_FILES) >= 4
    texts = [as_strings(t) for _, t in DOC_FILES]
    assert any(len(d["play"]["tricks"]) == 13 for d in texts if isinstance(d.get("play"), dict))
    assert any(d.get("play", {}).get("first_trick") for d in texts if isinstance(d.get("play"), dict))
    assert any("problem" in d and "tricks" not in d["play"] for d in texts)
    assert any(d["rules"] == "auction" and "calls" in d["declaration"] for d in texts)


@pytest.mark.parametrize(("name", "text"), DOC_FILES, ids=[n for n, _ in DOC_FILES])
def test_the_docs_examples_draw_no_warnings(name: str, text: str) -> None:
    assert [d.code for d in tool_diagnostics(text) if d.severity is not Severity.NOTE] == []


def _without_top_level_requirements() -> jsonschema.Validator:
    partial = copy.deepcopy(SCHEMA)
    partial.pop("required")
    partial.pop("anyOf")
    return jsonschema.Draft202012Validator(partial)


@pytest.mark.parametrize(("name", "text"), DOC_FRAGMENTS, ids=[n for n, _ in DOC_FRAGMENTS])
def test_the_docs_fragments_pass_the_schema(name: str, text: str) -> None:
    partial = _without_top_level_requirements()
    assert schema_errors(as_strings(text), partial) == []
    assert schema_errors(as_editor(text), partial) == []


def test_the_docs_point_an_editor_at_the_schema() -> None:
    modeline = re.search(r"# yaml-language-server: \$schema=(\S+)", DOC_FILES[0][1])
    assert modeline is not None
    assert (ROOT / "hands" / "foster-1904" / modeline.group(1)).resolve() == SCHEMA_PATH.resolve()


def test_generated_hands_pass_the_schema() -> None:
    """Random legal hands in every notation the generator knows (tests/support/handgen.py)."""
    from support import handgen

    for hand in handgen.random_hands(2024, 60):
        assert schema_errors(as_strings(hand.text)) == [], hand.text
        assert schema_errors(as_editor(hand.text)) == [], hand.text


# ---------------------------------------------------------------------------------------------
# (c) The schema names exactly the keys the loader takes


def _object(node: dict[str, Any]) -> dict[str, Any]:
    """The object-typed branch of a schema node (itself, or one of its oneOf/anyOf branches)."""
    if "properties" in node:
        return node
    for branch in node.get("oneOf", []) + node.get("anyOf", []):
        if isinstance(branch, dict) and branch.get("type") == "object":
            return branch
    raise AssertionError(f"no object branch in {sorted(node)}")


def _keys(node: dict[str, Any]) -> list[str]:
    return list(_object(node)["properties"])


def test_schema_keys_are_the_loaders_keys() -> None:
    props, defs = SCHEMA["properties"], SCHEMA["$defs"]
    assert list(props) == list(TOP_KEYS)
    assert _keys(props["source"]) == list(SOURCE_KEYS)
    assert _keys(defs["make"]) + _keys(defs["auction"]) + _keys(defs["turned"]) == list(DECLARATION_KEYS)
    assert _keys(props["play"]) == list(PLAY_KEYS)
    assert _keys(defs["trick"]) == list(TRICK_KEYS)
    assert _keys(defs["note"]) == list(NOTE_KEYS)
    assert _keys(props["problem"]) == list(PROBLEM_KEYS)
    assert _keys(defs["claim"]) == list(CLAIM_KEYS)
    assert defs["claim"]["properties"]["kind"]["enum"] == list(CLAIM_KINDS)
    assert _keys(defs["outcome"]) == list(OUTCOME_KEYS)
    assert defs["claim"]["properties"]["outcome"]["$ref"] == "#/$defs/outcome"
    assert _keys(defs["question"]) == list(QUESTION_KEYS)
    assert _keys(defs["line"]) == list(LINE_KEYS)
    assert _keys(defs["bookError"]) == list(BOOK_ERROR_KEYS)
    assert _keys(props["transcription"]) == list(TRANSCRIPTION_KEYS)
    assert _keys(defs["reading"]) == list(READING_KEYS)
    assert _keys(props["interop"]) == list(INTEROP_KEYS)


def test_objects_refuse_unknown_keys_as_the_loader_does() -> None:
    props, defs = SCHEMA["properties"], SCHEMA["$defs"]
    assert SCHEMA["additionalProperties"] is False
    for node in (
        props["source"],
        defs["make"],
        defs["auction"],
        props["play"],
        defs["trick"],
        defs["note"],
        props["problem"],
        props["deal"],
        props["score_before"],
        defs["claim"],
        defs["outcome"],
        defs["question"],
        defs["line"],
        defs["bookError"],
        props["transcription"],
        defs["reading"],
    ):
        assert _object(node)["additionalProperties"] is False


def _hand_with_deal_keys(keys: list[str]) -> str:
    """A small hand whose deal has one holding under each of ``keys`` (up to four)."""
    hands = ["♠A", "♠K", "♠Q", "♠J"]
    lines = [f"  {k}: {h}" for k, h in zip(keys, hands, strict=False)]
    return "rules: bridge-whist\ndeclaration: {maker: Z, trump: spades}\ndeal:\n" + "\n".join(lines) + "\n"


def test_deal_keys_are_the_loaders_seats() -> None:
    """The documented spellings are named properties (what an editor offers); the others match a pattern."""
    deal = _object(SCHEMA["properties"]["deal"])
    named = list(deal["properties"])
    assert set(SEAT_WORDS) <= set(named)
    spellings = [re.compile(p) for p in deal.get("patternProperties", {})]
    candidates = {*DEAL_KEYS, "NORTH", "nOrth", "n", "a", "dealer", "Dummy", "dummy", "X", "x", "NE"}
    for key in sorted(candidates):
        text = _hand_with_deal_keys([key])
        loader_takes = not any(d.code == "unknown-key" for d in load(text, "x.yaml")[1])
        schema_takes = key in named or any(p.search(key) for p in spellings)
        assert loader_takes == schema_takes, key


def _hand_with_score_before(side: str) -> str:
    """A small hand whose score before the deal gives ``side`` (written as given) 3 points."""
    return f"rules: bridge-whist\ndeclaration: {{maker: Z, trump: spades}}\nscore_before: {{{side}: 3}}\n"


def test_sides_and_rule_sets_match_the_loader() -> None:
    side = re.compile(SCHEMA["$defs"]["side"]["pattern"])
    for written, canonical in SIDE_WORDS.items():
        for spelling in (written, written.lower()):
            assert side.search(spelling), spelling
            record, diagnostics = load(_hand_with_score_before(spelling), "x.yaml")
            assert not diagnostics, (spelling, diagnostics)
            assert record is not None and record.score_before is not None, spelling
            assert record.score_before.value == {canonical: 3}, spelling
    assert set(_keys(SCHEMA["properties"]["score_before"])) == set(SIDE_WORDS.values())
    rules = SCHEMA["properties"]["rules"]["anyOf"]
    assert [b["const"] for b in rules if "const" in b] == list(REGIMES)
    aliases = [b["enum"] for b in rules if "enum" in b]
    assert aliases == [list(r.aliases) for r in REGIMES.values()]


# ---------------------------------------------------------------------------------------------
# (d) Slips the schema refuses (and so does replayer)

BAD_FILES = {
    "unknown top-level key": HAND1.replace("rules: bridge-whist", "rules: bridge-whist\nrule: bridge-whist"),
    "wrong rules name": HAND1.replace("rules: bridge-whist", "rules: whisk"),
    "no rules": HAND1.replace("rules: bridge-whist\n", ""),
    "a trick as a number": HAND1.replace("    - ♣K ♣4 ♣7 ♣9", "    - 10"),
    "a trick of three cards": HAND1.replace("    - ♣K ♣4 ♣7 ♣9", "    - ♣K ♣4 ♣7"),
    "a trick list of three cards": HAND1.replace("    - ♣K ♣4 ♣7 ♣9", "    - [♣K, ♣4, ♣7]"),
    "a misread card": HAND1.replace("    - ♣K ♣4 ♣7 ♣9", "    - ♣K ♣4 ♣7 ♣O"),
    "a small card of unknown rank": HAND1.replace("    - ♣K ♣4 ♣7 ♣9", "    - ♣K ♣4 ♣7 ♣x"),
    "the dealer as A": HAND1.replace("dealer: Z", "dealer: A"),
    "a seat that is not one": HAND1.replace("columns: [A, Y, B, Z]", "columns: [A, Y, B, Q]"),
    "three columns": HAND1.replace("columns: [A, Y, B, Z]", "columns: [A, Y, B]"),
    "a maker on the wrong side": HAND1.replace("maker: Y ", "maker: A "),
    "an unknown trump": HAND1.replace("trump: hearts", "trump: hearst"),
    "a make mixed with calls": HAND1.replace("trump: hearts", "trump: hearts\n  calls: 1H pass pass pass"),
    "a score for no side": HAND1.replace("{AB: 24, YZ: 8}", "{AB: 24, XY: 8}"),
    "a year out of range": HAND1.replace("year: 1904", "year: 1066"),
    "first_trick out of range": HAND1.replace(
        "columns: [A, Y, B, Z]", "columns: [A, Y, B, Z]\n  first_trick: 14"
    ),
    "a note with an unknown key": HAND1 + "notes:\n  - {trick: 3, txt: B discards.}\n",
    "a note trick out of range": HAND1 + "notes:\n  - {trick: 14, text: Too far.}\n",
    "an unreadable call": HAND1.replace("rules: bridge-whist", "rules: auction").replace(
        "  maker: Y          # the dealer passed; dummy declares hearts\n  trump: hearts",
        "  calls: 1H pass 2Q pass pass pass",
    ),
    "a contract without its declarer": HAND1.replace("rules: bridge-whist", "rules: contract").replace(
        "  maker: Y          # the dealer passed; dummy declares hearts\n  trump: hearts", "  contract: 4H"
    ),
    "a deal of three hands": HAND1.replace("play:", "deal:\n  A: ♠A\n  Y: ♠K\n  B: ♠Q\nplay:"),
    "a hand with a letter for a rank": HAND1.replace(
        "play:",
        "deal:\n  A: ♠K8743 ♥107 ♦7 ♣AKQJ2\n  Y: ♠Q2 ♥AKJ42 ♦A93 ♣654\n  B: ♠J1065 ♥Q9 ♦K10642 ♣73\n"
        "  Z: ♠A9 ♥8653 ♦QJ85 ♣1O98\nplay:",
    ),
    "a PBN deal of three hands": HAND1.replace(
        "play:", 'deal: "N:Q2.AKJ42.A93.654 J65.Q9.KT642.73 A9.8653.QJ85.T98"\nplay:'
    ),
    "neither deal nor play": "rules: bridge-whist\ndeclaration: {maker: Z, trump: spades}\n",
}


@pytest.mark.parametrize("slip", list(BAD_FILES))
def test_the_schema_refuses_slips_that_replayer_refuses(slip: str) -> None:
    text = BAD_FILES[slip]
    assert text != HAND1
    assert tool_errors(text) != [], "the slip should be an error for replayer too"
    assert schema_errors(as_strings(text)) != []
    assert schema_errors(as_editor(text)) != []


# ---------------------------------------------------------------------------------------------
# Edits to a good file that the schema and replayer both take, or both refuse

_MAKE_Y = "  maker: Y          # the dealer passed; dummy declares hearts\n"
_DEAL = {
    "A": "♠K8743 ♥107 ♦7 ♣AKQJ2",
    "Y": "♠Q2 ♥AKJ42 ♦A93 ♣654",
    "B": "♠J1065 ♥Q9 ♦K10642 ♣73",
    "Z": "♠A9 ♥8653 ♦QJ85 ♣1098",
}


def _with_deal(keys: str = "A Y B Z", **hands: str) -> str:
    """Hand 1 with its deal, under the deal keys given for A, Y, B, Z (hands replaced by seat letter)."""
    lines = [
        f"  {key}: {hands.get(seat, _DEAL[seat])}" for key, seat in zip(keys.split(), "AYBZ", strict=True)
    ]
    return HAND1.replace("play:", "deal:\n" + "\n".join(lines) + "\nplay:")


def _with_note(note: str) -> str:
    return HAND1.replace("notes:\n", "notes:\n" + note, 1)


AGREED_EDITS: dict[str, tuple[str, bool]] = {  # name -> (file, both take it)
    "maker dummy": (HAND1.replace(_MAKE_Y, "  maker: dummy\n"), True),
    "maker DUMMY": (HAND1.replace(_MAKE_Y, "  maker: DUMMY\n"), True),
    "dummy as a column": (HAND1.replace("columns: [A, Y, B, Z]", "columns: [A, dummy, B, Z]"), False),
    "dealer as the dealer": (HAND1.replace("dealer: Z", "dealer: dealer"), True),
    "a blank title": (HAND1.replace('title: "Hand No. 1: dummy\'s heart make"', 'title: ""'), False),
    "a blank book": (HAND1.replace("book: The Gist of Bridge", "book: ' '"), False),
    "a blank page in a list": (HAND1.replace("pages: [74, 75]", "pages: [74, '']"), False),
    "blank notes": (HAND1.split("notes:")[0] + 'notes: ""\n', False),
    "a blank problem": (HAND1 + 'problem: "  "\n', False),
    "a blank note in a list": (_with_note('  - ""\n'), True),
    "a blank note text": (_with_note('  - {trick: 2, text: ""}\n'), False),
    "a blank doubles": (HAND1.replace(_MAKE_Y, _MAKE_Y + '  doubles: ""\n'), True),
    "a blank doubler": (HAND1.replace(_MAKE_Y, _MAKE_Y + '  doubles: [""]\n'), False),
    "a blank introduction": (re.sub(r"introduction: \|\n(?:  .*\n)+", 'introduction: ""\n', HAND1), False),
    "deal keys in lower case": (_with_deal("a y b z"), True),
    "deal keys in capitals": (_with_deal("WEST NORTH EAST SOUTH"), True),
    "deal keys in mixed case": (_with_deal("West nORTH East South"), False),
    "an emoji suit in a hand": (_with_deal(A="♠\ufe0fK8743 ♥107 ♦7 ♣AKQJ2"), True),
    "a list of suits": (_with_deal(A="[♠K8743, ♥107, ♦7, ♣AKQJ2]"), True),
    "a blank suit in a list": (_with_deal(A="[♠K8743, ♥107, ♦7, ♣AKQJ2, ' ']"), False),
    "suit-keyed ranks": (_with_deal(A="{spades: K8743, hearts: 107, diamonds: 7, clubs: AKQJ2}"), True),
    "a blank suit-keyed value": (
        _with_deal(A="{spades: K8743, hearts: 107, diamonds: 7, clubs: AKQJ2, ♠: ''}"),
        False,
    ),
    "a suit letter in suit-keyed ranks": (
        _with_deal(A="{spades: SK8743, hearts: 107, diamonds: 7, clubs: AKQJ2}"),
        False,
    ),
    "rank of symbol in a row": (HAND1.replace("- ♣K ♣4 ♣7 ♣9", "- K of ♣, four ♣, ♣ seven, ♣️9"), True),
    "a card list with words": (HAND1.replace("- ♣K ♣4 ♣7 ♣9", "- [♣ king*, 4 of ♣, seven ♣, ♣9]"), True),
    "a card list, suit before rank word": (
        HAND1.replace("- ♣K ♣4 ♣7 ♣9", "- [♣ king*, 4 of ♣, seven ♣, ♣ nine]"),
        True,
    ),
    "a card list with a word for a suit": (
        HAND1.replace("- ♣K ♣4 ♣7 ♣9", "- [♣ king*, 4 of ♣, seven ♣, ♣ of x]"),
        False,
    ),
    "a holding claim": (
        _with_note(
            "  - text: B has no more clubs.\n    claims:\n      - {kind: holding, trick: 3, "
            "seat: B, suit: clubs, count: 0, quote: B has no more.}\n"
        ),
        True,
    ),
    "a holding claim without its count": (
        _with_note(
            "  - text: B has no more clubs.\n    claims:\n      - {kind: "
            "holding, trick: 3, seat: B, suit: clubs, quote: B has none.}\n"
        ),
        False,
    ),
    "a claim kind in capitals": (
        _with_note("  - text: T.\n    claims:\n      - {kind: Outcome, trick: 3, quote: Q.}\n"),
        False,
    ),
    "an alternative claim": (
        _with_note(
            "  - text: T.\n    claims:\n      - {kind: alternative, trick: 4, seat: Y, "
            "card: ♦A, quote: Q., outcome: {side: YZ, by_cards: 2, game: yes}}\n"
        ),
        True,
    ),
    "a book error about a trick": (HAND1 + "book_errors:\n  - {about: Trick 4, text: T.}\n", True),
    "a book error about trick 14": (HAND1 + "book_errors:\n  - {about: trick 14, text: T.}\n", False),
    "a transcription record": (
        HAND1_BARE + "transcription:\n  text: T.\n  readings:\n    - {trick: 1, seat: A, "
        "ocr: '*K', card: ♣K, reason: R.}\n",
        True,
    ),
    "a reading without its reason": (
        HAND1_BARE + "transcription:\n  text: T.\n  readings:\n    - {trick: 1, seat: A, "
        "ocr: '*K', card: ♣K}\n",
        False,
    ),
}


@pytest.mark.parametrize("name", list(AGREED_EDITS))
def test_edits_agree_between_the_schema_and_replayer(name: str) -> None:
    text, takes = AGREED_EDITS[name]
    assert text != HAND1
    assert (tool_errors(text) == []) is takes, tool_errors(text)
    assert (schema_errors(as_strings(text)) == []) is takes, schema_errors(as_strings(text))
    assert (schema_errors(as_editor(text)) == []) is takes, schema_errors(as_editor(text))


# ---------------------------------------------------------------------------------------------
# The notation patterns against the loader, on random spellings: never stricter than replayer,
# and exact for cards and hands.

SUITS = ["♠", "♥", "♦", "♣", "♤", "♡", "♢", "♧", "S", "h", "d", "C", "spades", "Hearts", "club", "♠\ufe0f"]
RANKS = ["K", "k", "10", "T", "t", "Kn", "kn", "2", "9", "A", "q", "J", "king", "Ten", "knave", "deuce"]
JUNK = ["x", "N", "1", "0", "O", "11", "of", "*", "♠K♥2", "--", "Q?"]
SEPARATORS = [" ", "  ", ", ", ",", "; ", "\t"]


def _card(rng: random.Random) -> str:
    """Mostly readable spellings, some not: a suit and a rank in every arrangement, with a * now and then."""
    s = rng.choice(SUITS) if rng.random() < 0.93 else rng.choice(JUNK)
    r = rng.choice(RANKS) if rng.random() < 0.93 else rng.choice(JUNK)
    card = rng.choice([s + r, s + r, r + s, f"{s} {r}", f"{r} {s}", f"{r} of {s}", f"{r}, {s}", f"{s}{r}{s}"])
    star = rng.choice(["", "", "", "*"])
    return star + card if rng.random() < 0.5 else card + star


def _row(rng: random.Random) -> str:
    cards = [_card(rng) for _ in range(rng.choice([3, 4, 4, 4, 4, 5]))]
    return rng.choice(["", " "]) + rng.choice(SEPARATORS).join(cards) + rng.choice(["", " ", ","])


def _ranks_of(rng: random.Random, chars: str) -> str:
    return "".join(rng.choice(chars) for _ in range(rng.randrange(4)))


def _holding(rng: random.Random) -> str:
    if rng.random() < 0.3:
        return ".".join(_ranks_of(rng, "AKQJT92x- ") for _ in range(rng.choice([3, 4, 4, 5])))
    pieces = [
        "♠",
        "♥",
        "♦",
        "♣",
        "♤",
        "S",
        "h",
        "d",
        "c",
        "spades:",
        "Hearts",
        " ",
        ",",
        "-",
        "—",
        "K",
        "k",
        "10",
        "T",
        "Kn",
        "2",
        "9",
        "A",
        "q",
        "J",
        "1",
        "0",
        "x",
        ".",
        "N",
    ]
    return "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 12)))


def _ranks(rng: random.Random) -> str:
    return "".join(
        rng.choice(["A", "K", "Q", "J", "T", "10", "9", "2", " ", "—", "-", "x", "1", ",", "h"])
        for _ in range(rng.randrange(1, 8))
    )


def _pbn(rng: random.Random) -> str:
    hands = []
    for _ in range(rng.choice([3, 4, 4, 4, 5])):
        if rng.random() < 0.7:
            hands.append(".".join(_ranks_of(rng, "AKQJT92x1-") for _ in range(rng.choice([3, 4, 4, 4]))))
        else:
            hands.append("".join(rng.choice("♠♥K2Shx-") for _ in range(rng.randrange(1, 6))))
    return rng.choice(["N:", "s :", "X:", "E: "]) + " ".join(hands)


CALL_WORDS = [
    "1",
    "2",
    "7",
    "8",
    "one",
    "Two",
    "♠",
    "♥",
    "S",
    "nt",
    "N.T.",
    "no",
    "trumps",
    "trumper",
    "royal",
    "spades",
    "R",
    "r♠",
    "lilies",
    "pass",
    "p",
    "-",
    "—",
    "X",
    "xx",
    "dbl",
    "double",
    "re",
    "re-double",
    "bid",
    "nb",
    "1♠",
    "2NT",
    "3R",
    "1S",
    "4♡",
    "spade",
    "clubs",
    "c",
    "?",
    "pas",
    "0",
]


def _calls(rng: random.Random) -> str:
    return rng.choice([" ", ", ", "; "]).join(rng.choice(CALL_WORDS) for _ in range(rng.randrange(1, 8)))


def _call(rng: random.Random) -> str:
    return " ".join(rng.choice(CALL_WORDS) for _ in range(rng.randrange(1, 4)))


STRAIN_WORDS = [
    "NT",
    "nt",
    "n",
    "no",
    "No-Trumps",
    "no_trump",
    "notrumps",
    "R",
    "royal",
    "royals",
    "royal spades",
    "lilies",
    "r♠",
    "♠",
    "♤",
    "S",
    "spades",
    "Heart",
    "x",
    "X",
    "*",
    "XX",
    "1",
    "4",
    "8",
    " ",
    "clubs",
]


def _contract(rng: random.Random) -> str:
    return "".join(rng.choice(STRAIN_WORDS) for _ in range(rng.randrange(1, 5)))


def _trump(rng: random.Random) -> str:
    return " ".join(rng.choice(STRAIN_WORDS) for _ in range(rng.randrange(1, 3)))


def _seat(rng: random.Random) -> str:
    return rng.choice(
        ["A", "y", " B ", "Z", "n", "East", "SOUTH", "west", "dealer", "Dummy", "Q", "NE", "North-"]
    )


_HEAD = "rules: bridge-whist\n"
_MAKE = "declaration: {maker: Z, trump: spades}\n"
_ROWS = "play:\n  - ♣K ♣4 ♣7 ♣9\n"


def _q(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)  # a YAML double-quoted scalar


def _deal_with(hand: str) -> str:
    return f"deal:\n  A: {hand}\n  Y: ♠2\n  B: ♠3\n  Z: ♠4\n"


# name -> (generator, file with the value in place, exact agreement expected)
CASES: dict[str, tuple[Callable[[random.Random], str], Callable[[str], str], bool]] = {
    "trick row": (_row, lambda v: _HEAD + _MAKE + f"play:\n  - {_q(v)}\n", True),
    "one card": (_card, lambda v: _HEAD + _MAKE + f"play:\n  - [{_q(v)}, ♣4, ♣7, ♣9]\n", True),
    "holding": (_holding, lambda v: _HEAD + _MAKE + _deal_with(_q(v)), True),
    "suit ranks": (_ranks, lambda v: _HEAD + _MAKE + _deal_with("{spades: " + _q(v) + "}"), True),
    "PBN deal": (_pbn, lambda v: _HEAD + _MAKE + f"deal: {_q(v)}\n", True),
    "calls": (_calls, lambda v: "rules: contract\n" + f"declaration: {{calls: {_q(v)}}}\n" + _ROWS, False),
    "one call": (_call, lambda v: "rules: contract\n" + f"declaration: {{calls: [{_q(v)}]}}\n" + _ROWS, True),
    "contract": (
        _contract,
        lambda v: f"rules: auction\ndeclaration: {{contract: {_q(v)}, declarer: S}}\n" + _ROWS,
        True,
    ),
    "trump": (_trump, lambda v: _HEAD + f"declaration: {{maker: Z, trump: {_q(v)}}}\n" + _ROWS, True),
    "seat": (_seat, lambda v: _HEAD + _MAKE + f"play:\n  leader: {_q(v)}\n  tricks: [♣K ♣4 ♣7 ♣9]\n", True),
}

# The loader codes that say "this value was not read"; the laws are not the schema's business.
READING = {
    "bad-card",
    "bad-call",
    "bad-value",
    "bad-seat",
    "trick-size",
    "wrong-type",
    "missing-value",
    "deal-incomplete",
    "bad-strain",
}


@pytest.mark.parametrize("case", list(CASES))
def test_notation_patterns_agree_with_the_loader(case: str) -> None:
    generate, wrap, exact = CASES[case]
    rng = random.Random(case)
    stricter, looser = [], []
    for _ in range(800):
        value = generate(rng)
        text = wrap(value)
        replayer_reads = not any(d.code in READING for d in tool_diagnostics(text))
        schema_reads = not schema_errors(as_strings(text))
        if replayer_reads and not schema_reads:
            stricter.append(value)
        elif schema_reads and not replayer_reads:
            looser.append(value)
    assert stricter == [], f"the schema refuses what replayer reads: {stricter[:5]}"
    if exact:
        assert looser == [], f"the schema takes what replayer refuses: {looser[:5]}"


# ---------------------------------------------------------------------------------------------
# (e) docs/diagnostics.md documents every code the source can emit, and no other


def _source_codes() -> dict[str, set[str]]:
    """code -> severities, from the calls that emit diagnostics: ``ck.add("code", …)``,
    ``r.error("code", …)``, ``Diagnostic("code", …)`` and the auction's ``self.report(i, "code", …)``."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "replayer").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = (
                func.attr
                if isinstance(func, ast.Attribute)
                else func.id
                if isinstance(func, ast.Name)
                else ""
            )
            position = {"add": 0, "error": 0, "Diagnostic": 0, "report": 1, "mismatch": 0}.get(name)
            if position is None or len(node.args) <= position:
                continue
            code = node.args[position]
            if not (isinstance(code, ast.Constant) and isinstance(code.value, str)):
                continue
            severity = "error"  # every path reports an error unless it says otherwise
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                if (
                    isinstance(arg, ast.Attribute)
                    and isinstance(arg.value, ast.Name)
                    and arg.value.id == "Severity"
                ):
                    severity = arg.attr.lower()
            found.setdefault(code.value, set()).add(severity)
    return found


def _documented_codes() -> dict[str, str]:
    rows = re.findall(
        r"^\| `([a-z][a-z-]*)` \| (error|warning|note) \|", DIAGNOSTICS.read_text(encoding="utf-8"), re.M
    )
    codes = [c for c, _ in rows]
    assert len(codes) == len(set(codes)), "a code is documented twice"
    return dict(rows)


def test_the_source_code_scan_finds_the_known_codes() -> None:
    codes = _source_codes()
    for code in (
        "yaml-syntax",
        "unknown-key",
        "revoke",
        "card-twice",
        "insufficient-bid",
        "encoding",
        "result-tricks",
    ):
        assert code in codes
    assert codes["dummy-renounce"] == {"warning"} and codes["replay-stopped"] == {"note"}


def test_every_code_in_the_source_is_documented() -> None:
    missing = sorted(set(_source_codes()) - set(_documented_codes()))
    assert missing == [], f"add these codes to docs/diagnostics.md: {missing}"


def test_every_documented_code_is_in_the_source() -> None:
    stale = sorted(set(_documented_codes()) - set(_source_codes()))
    assert stale == [], f"docs/diagnostics.md lists codes the source no longer emits: {stale}"


def test_documented_severities_match_the_source() -> None:
    source = _source_codes()
    for code, severity in _documented_codes().items():
        assert source.get(code) == {severity}, code
