"""Hand files that broke the validator (issue 12), each pinned by the behaviour a transcriber expects:
a located error with a hint and exit 1, never a traceback, never a corrupt file passed as valid, and
bounded time and memory whatever the file's size or shape.

The cases are in ``tests/fixtures/reliability/`` (its README says what each was); the big inputs of
F18–F21 are made here, of the same shape but only as large as needed to cross the limits of
``replayer/record/limits.py``.
"""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from replayer.cli.main import main
from replayer.record.diagnostics import Diagnostic, Severity, has_errors
from replayer.record.limits import (
    MAX_FILE_BYTES,
    MAX_ITEMS,
    MAX_NOTATION_CHARS,
    MAX_SUGGESTIONS,
    MAX_TEXT_CHARS,
    MAX_VALUES,
)
from replayer.record.reader import load
from replayer.validation.files import Checked, check_file
from replayer.validation.validate import validate

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "fixtures" / "reliability"
BASE = CASES / "base-hand.yaml"  # Foster's Hand 1 with no notes: the result line is line 31
HAND2 = ROOT / "hands" / "foster-1904" / "hand-2.yaml"
HEADER = "rules: bridge-whist\ndeclaration: {maker: Z, trump: hearts}\n"

#: what a check of a hostile file may cost, whatever its shape
SECONDS = 3.0
PEAK_BYTES = 64 * 2**20


def codes(checked: Checked) -> set[tuple[str, int, int]]:
    """The errors and warnings found, as (code, line, column)."""
    return {
        (d.code, d.span.line, d.span.col)
        for d in checked.diagnostics
        if d.severity is not Severity.NOTE and d.span is not None
    }


def errors(checked: Checked) -> list[Diagnostic]:
    return [d for d in checked.diagnostics if d.severity is Severity.ERROR]


def write(tmp_path: Path, text: str, name: str = "hand.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def base_with(old: str, new: str, tail: str = "") -> str:
    text = BASE.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new) + tail


@contextmanager
def bounded(seconds: float = SECONDS, peak: int = PEAK_BYTES) -> Iterator[None]:
    """The block runs in under ``seconds`` and allocates under ``peak`` bytes at its height."""
    tracemalloc.start()
    start = time.perf_counter()
    try:
        yield
        elapsed = time.perf_counter() - start
        _, top = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert elapsed < seconds, f"took {elapsed:.1f} s"
    assert top < peak, f"allocated {top / 2**20:.0f} MB at the peak"


# ---------------------------------------------------------------------------------------------
# F01: a hand with no cards


NO_CARDS = [
    ("F01-no-cards-accepted.yaml", 3),
    ("F01b-empty-tricks-accepted.yaml", 3),
    ("F01c-empty-play-accepted.yaml", 3),
    ("mutation-failures/m00564-h4-truncate.yaml", 20),
    *((f"mutation-failures/trunc-h{n}-L21.yaml", 20) for n in range(1, 6)),
]


@pytest.mark.parametrize(("name", "line"), NO_CARDS, ids=[n for n, _ in NO_CARDS])
def test_a_hand_with_no_cards_is_an_error_at_its_play(name: str, line: int) -> None:
    """F01, F01b, F01c, m00564, trunc-h*: a file cut off at 'play:'/'columns:', 'tricks: []' or
    'play: {}' is no longer "1 valid": one error, at the 'play' key, with a hint."""
    checked = check_file(CASES / name)
    assert codes(checked) == {("no-cards", line, 1)}
    (d,) = errors(checked)
    assert d.hint and "cut off" in d.hint and "tricks" in d.hint
    assert checked.game is None


@pytest.mark.parametrize("command", ["validate", "show", "score"])
def test_validate_show_and_score_say_why_a_hand_with_no_cards_is_refused(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """F01: show and score used to refuse with "fix the errors above" and none printed."""
    path = CASES / "F01-no-cards-accepted.yaml"
    assert main([command, str(path)]) == 1
    captured = capsys.readouterr()
    err = captured.out + captured.err
    assert f"{path}:3:1: error[no-cards]" in err
    assert "hint: the file may have been cut off" in err


def test_build_says_why_a_hand_with_no_cards_is_not_built(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """F01: the build names the error of the hand it leaves out."""
    hands = tmp_path / "hands"
    hands.mkdir()
    (hands / "cut.yaml").write_bytes((CASES / "F01b-empty-tricks-accepted.yaml").read_bytes())
    assert main(["build", str(hands), "--out", str(tmp_path / "site"), "--no-pdf", "-q"]) == 1
    assert f"{hands / 'cut.yaml'}:3:1: error[no-cards]" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("play:\n", {("no-cards", 3, 1)}),
        ("play:\n  tricks:\n", {("no-cards", 3, 1)}),
        ("play:\n  tricks: 13\n", {("wrong-type", 4, 11)}),  # one slip, one report
        ("deal: {A: '', Y: '', B: '', Z: ''}\n", {("no-cards", 3, 1)}),
        ('deal: "N:... ... ... ..."\n', {("no-cards", 3, 1)}),
        ("title: nothing else\n", {("no-cards", 1, 1)}),
    ],
    ids=[
        "play-null",
        "tricks-null",
        "tricks-a-number",
        "deal-of-empty-hands",
        "pbn-deal-empty",
        "no-play-key",
    ],
)
def test_every_way_of_giving_no_cards_is_one_error(tmp_path: Path, text: str, expected: set[object]) -> None:
    """F01: a deal of four empty hands is a hand with no cards too."""
    assert codes(check_file(write(tmp_path, HEADER + text))) == expected


POSITION = 'deal: "N:.AK2.. Q32... .3.AK. ...KQ2"\n'


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (POSITION + "play: {leader: Z}\nproblem: Z to lead and win all three tricks.\n", set()),
        (POSITION + "play: {leader: Z}\n", set()),
        (POSITION + "problem: Z to lead and win all three tricks.\n", {("leader-required", 3, 1)}),
        (POSITION, {("leader-required", 3, 1)}),
    ],
    ids=["problem", "position-with-its-leader", "problem-without-leader", "bare-short-deal"],
)
def test_a_short_deal_is_a_position_that_must_say_who_leads(
    tmp_path: Path, text: str, expected: set[object]
) -> None:
    """F01, docs/hand-format.md "What a hand must give": a deal of equal shorter hands marks an end
    position or a problem; the file must still say who is on lead there."""
    checked = check_file(write(tmp_path, HEADER + text))
    assert codes(checked) == expected
    assert (checked.game is not None) == (not expected)


def test_a_position_given_by_its_play_from_first_trick_needs_no_deal(tmp_path: Path) -> None:
    """F01: ``first_trick`` and the rows from there to trick 13 show every card still held."""
    text = HEADER.replace("maker: Z", "maker: Y") + (
        "play:\n  first_trick: 10\n  leader: Z\n  tricks:\n"
        "    - ♠8 ♠Q ♦10 ♦J\n    - ♠K ♥2 ♠6 ♠9\n    - ♣2 ♥J ♠10 ♥6\n    - ♣A ♥4 ♠J ♥8\n"
    )
    checked = check_file(write(tmp_path, text))
    assert codes(checked) == set() and checked.game is not None


def test_a_play_cut_short_with_no_deal_is_an_error(tmp_path: Path) -> None:
    """F01: fewer than 52 cards, and nothing marks a position: the four hands are not known."""
    text = BASE.read_text(encoding="utf-8")
    cut = text[: text.index("    - ♥7 ♥K ♥9 ♥3")]
    checked = check_file(write(tmp_path, cut))
    assert codes(checked) == {("deal-required", 15, 1)}  # at 'play:'


def test_no_cut_of_a_valid_hand_is_valid_without_a_game() -> None:
    """F01: every hand of the repository, cut after each of its lines, either gives a game or says
    why not with an error (show and build never refuse a hand validate passed)."""
    files = sorted([*ROOT.glob("hands/**/hand-*.yaml"), *(ROOT / "tests/fixtures/valid").glob("*.yaml")])
    for path in files:
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        for k in range(len(lines)):
            record, diags = load("".join(lines[:k]), str(path))
            game = None
            if record is not None:
                game, more = validate(record)
                diags = diags + more
            assert game is not None or has_errors(diags), f"{path.name} cut after line {k}"


# ---------------------------------------------------------------------------------------------
# F02–F04 and hostile-yaml-failures: numbers


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("F02-yaml-interop-result-superscript.yaml", ("bad-value", 32, 30)),
        ("F03-yaml-interop-result-5000-digits.yaml", ("bad-value", 32, 30)),
        ("F04-yaml-result-line-5000-digits.yaml", ("value-too-long", 31, 9)),
    ],
)
def test_hostile_numbers_are_located_errors(name: str, expected: tuple[str, int, int]) -> None:
    """F02 (``²``), F03 (5,000 digits in the interop result), F04 (in the result line): a traceback
    each, now one located error."""
    checked = check_file(CASES / name)
    assert codes(checked) == {expected}


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("year: 1904", "year: ¹⁹⁰⁴", ("wrong-type", 6, 9)),
        ("year: 1904", "year: ١٩٠٤", ("wrong-type", 6, 9)),
        ("year: 1904", "year: 1_904", ("wrong-type", 6, 9)),
        ("year: 1904", "year: " + "1" * 5000, ("out-of-range", 6, 9)),
        ("AB: 24", "AB: ²⁴", ("wrong-type", 11, 20)),
        ("columns: [A, Y, B, Z]", "first_trick: " + "9" * 5000, ("out-of-range", 16, 16)),
    ],
    ids=[
        "superscript-year",
        "arabic-year",
        "underscore-year",
        "5000-digit-year",
        "superscript-score",
        "5000-digit-first-trick",
    ],
)
def test_every_number_in_a_hand_is_read_through_the_bounded_reader(
    tmp_path: Path, old: str, new: str, expected: tuple[str, int, int]
) -> None:
    """F02–F04: the hand's numbers (year, score, first trick) accept ASCII digits within their range."""
    checked = check_file(write(tmp_path, base_with(old, new)))
    assert expected in codes(checked)
    assert all(len(d.message) < 300 for d in checked.diagnostics)


def test_a_note_range_of_thousands_of_digits_is_a_located_error(tmp_path: Path) -> None:
    """F03's shape in a note's ``tricks: 1-999…``: int() of the range used to raise."""
    tail = f"notes:\n  - {{tricks: 1-{'9' * 900}, text: A note.}}\n"
    checked = check_file(write(tmp_path, BASE.read_text(encoding="utf-8") + tail))
    assert codes(checked) == {("bad-value", 33, 14)}


def test_a_call_of_hundreds_of_digits_is_a_bad_call(tmp_path: Path) -> None:
    """F06's shape in the auction: a level of 900 digits was int()'d (over 4,300 it raised)."""
    text = (
        "rules: contract\ndeclaration:\n  calls: " + "9" * 900 + "♠ pass pass pass\n"
        'deal: "N:Q2.AKJ42.A93.654 JT65.Q9.KT642.73 A9.8653.QJ85.T98 K8743.T7.7.AKQJ2"\n'
    )
    checked = check_file(write(tmp_path, text))
    assert ("bad-call", 3, 10) in codes(checked)
    assert main(["validate", str(tmp_path / "hand.yaml")]) == 1


def test_a_result_line_number_of_many_digits_is_unreadable_not_a_crash(tmp_path: Path) -> None:
    """F04 under the notation limit: the line's number is read by read_number, at most 9999."""
    line = 'result: "Y and Z win 3 by cards and simple honors."'
    checked = check_file(write(tmp_path, base_with(line, f'result: "Y and Z win {"9" * 900} by cards."')))
    assert codes(checked) == {("result-unreadable", 31, 22)}


# ---------------------------------------------------------------------------------------------
# F17: book_errors downgrades only the disagreement it names

F17_MUTANTS = ["F17-hand2-odd-trick-flipped-only-warning.yaml"] + [
    f"mutation-failures/{m}"
    for m in (
        "m00114-h2-swap_in_row.yaml",
        "m00535-h2-swap_in_row.yaml",
        "m00662-h2-swap_in_row.yaml",
        "m00759-h2-swap_in_row.yaml",
        "m01166-h2-swap_across.yaml",
        "m01211-h2-swap_in_row.yaml",
        "m01387-h2-swap_in_row.yaml",
        "m03243-h2-swap_in_row.yaml",
        "m03320-h2-swap_in_row.yaml",
    )
]


@pytest.mark.parametrize("name", F17_MUTANTS, ids=[Path(n).stem for n in F17_MUTANTS])
def test_a_record_of_the_books_honours_error_never_hides_a_wrong_trick_count(name: str) -> None:
    """F17: in Foster's Hand 2, a swap that moves the odd trick was only a warning, because the file
    records the book's (unrelated) honours error.  The trick count is an error again."""
    checked = check_file(CASES / name)
    found = codes(checked)
    assert ("result-tricks", 36, 23) in found
    assert [d.code for d in errors(checked)] == ["result-tricks"]
    # the honours entry still covers the honours, or is unmatched when the swap mended them
    assert ("book-result", 36, 52) in found or ("book-error-unmatched", 38, 12) in found


def test_the_f17_mutant_fails_validate(capsys: pytest.CaptureFixture[str]) -> None:
    """F17: exit 1, error[result-tricks]."""
    assert main(["validate", str(CASES / "F17-hand2-odd-trick-flipped-only-warning.yaml")]) == 1
    captured = capsys.readouterr()
    assert ":36:23: error[result-tricks]" in captured.out + captured.err


def test_hand_2_keeps_its_honours_warning() -> None:
    checked = check_file(HAND2)
    assert codes(checked) == {("book-result", 36, 52)}


@pytest.mark.parametrize(
    ("about", "expected"),
    [
        ("result tricks", {("book-result", 31, 22)}),
        ("result", {("result-tricks", 31, 22), ("book-error-unmatched", 33, 12)}),
        ("result strain", {("result-tricks", 31, 22)}),
    ],
)
def test_each_book_error_waives_only_the_part_of_the_result_line_it_names(
    tmp_path: Path, about: str, expected: set[object]
) -> None:
    """F17: ``about: result tricks`` waives a trick count; ``result`` (its honours) does not."""
    line = 'result: "Y and Z win 3 by cards and simple honors."'
    text = base_with(line, 'result: "Y and Z win 4 by cards and simple honors."')
    text += f"book_errors:\n  - about: {about}\n    text: The book miscounts.\n"
    assert codes(check_file(write(tmp_path, text))) == expected


def test_a_book_error_about_a_trick_flagged_for_something_else_is_not_called_unmatched(
    tmp_path: Path,
) -> None:
    """Issue 12: the run that flags trick 2 (two cards marked as its winner) does not also say the
    book error recorded there matches nothing."""
    text = base_with("    - ♣J ♣5 ♣3 ♣10", "    - ♣J* ♣5 ♣3 ♣10*")
    text += "book_errors:\n  - {about: trick 2, text: The book marks two winners.}\n"
    assert codes(check_file(write(tmp_path, text))) == {("winner-mismatch", 19, 17)}


def test_a_book_error_at_a_trick_the_replay_never_reached_is_not_called_unmatched(tmp_path: Path) -> None:
    """A row the replay cannot read stops it; the tricks after it are not checked, so not unmatched."""
    text = base_with("    - ♣J ♣5 ♣3 ♣10", "    - ♣J ♣5 ♣3")
    text += "book_errors:\n  - {about: trick 9, text: The book's slip.}\n"
    found = codes(check_file(write(tmp_path, text)))
    assert ("trick-size", 19, 7) in found
    assert not any(code == "book-error-unmatched" for code, _, _ in found)


def test_a_book_error_at_a_clean_trick_is_still_unmatched(tmp_path: Path) -> None:
    text = BASE.read_text(encoding="utf-8") + "book_errors:\n  - {about: trick 9, text: Nothing there.}\n"
    assert codes(check_file(write(tmp_path, text))) == {("book-error-unmatched", 33, 13)}


# ---------------------------------------------------------------------------------------------
# Rules we do not have: that one error


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("rules: bridge-whist", "rules: boston", ("unknown-rules", 9, 8)),
        ("rules: bridge-whist\n", "", ("missing-key", 2, 1)),
    ],
    ids=["boston", "no-rules"],
)
def test_a_hand_under_laws_we_do_not_have_stops_at_that_one_error(
    tmp_path: Path, old: str, new: str, expected: tuple[str, int, int]
) -> None:
    """Issue 12: in a hand under laws we did not have (then whist: no dummy) a revoke by Y was reported
    as "dummy cannot revoke": the hand was checked under Bridge Whist's laws.  It is checked under none
    (whist is a rule set now, tests/test_whist.py; Boston, another whist game, is not)."""
    text = base_with(old, new)
    text = text.replace("    - ♣J ♣5 ♣3 ♣10", "    - ♣J ♦9 ♣3 ♣10")  # Y (the dummy in BW) renounces
    checked = check_file(write(tmp_path, text))
    assert codes(checked) == {expected}
    assert checked.game is None


# ---------------------------------------------------------------------------------------------
# F18–F21: size limits, checked before the expensive work


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    """F18–F20 (55–62 MB: up to 251 s and 6.3 GB): refused by its size, the limit named."""
    path = tmp_path / "big.yaml"
    with path.open("wb") as f:
        f.write(HEADER.encode())
        f.truncate(MAX_FILE_BYTES + 1)  # a sparse file: its size is what is checked
    with bounded(seconds=1.0, peak=8 * 2**20):
        checked = check_file(path)
    assert codes(checked) == {("file-too-large", 1, 1)}
    (d,) = checked.diagnostics
    assert f"{MAX_FILE_BYTES:,}" in d.message and d.hint


def test_text_over_the_size_limit_is_refused_before_it_is_parsed() -> None:
    with bounded(seconds=1.0):
        record, diags = load(HEADER + "#" * MAX_FILE_BYTES, "big.yaml")
    assert record is None and [(d.code, d.span and d.span.line) for d in diags] == [("file-too-large", 1)]


def test_one_enormous_trick_row_is_refused_at_the_row(tmp_path: Path) -> None:
    """F18: one trick row of 12.5 M cards took 251 s and 6.3 GB; a row past the value limit is
    refused at the row, as the parser reaches it."""
    path = write(tmp_path, HEADER + "play:\n  - " + "♣K " * (MAX_TEXT_CHARS // 3 + 1) + "\n")
    with bounded():
        checked = check_file(path)
    assert codes(checked) == {("value-too-long", 4, 5)}
    assert f"{MAX_TEXT_CHARS:,}" in checked.diagnostics[0].message


def test_a_trick_row_past_the_notation_limit_is_not_scanned(tmp_path: Path) -> None:
    """F18: a row under the value limit but past the notation limit is refused before it is read."""
    path = write(tmp_path, HEADER + "play:\n  - " + "♣K " * (MAX_NOTATION_CHARS // 3 + 1) + "\n")
    with bounded():
        checked = check_file(path)
    # the one row is all the play, and there is no deal: the hands are not known either
    assert codes(checked) == {("value-too-long", 4, 5), ("deal-required", 3, 1)}
    d = next(d for d in errors(checked) if d.code == "value-too-long")
    assert d.message.startswith("trick 1 is") and f"{MAX_NOTATION_CHARS:,}" in d.message


def test_a_trick_row_written_as_a_huge_list_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER + "play:\n  - [" + "♣K, " * (MAX_ITEMS + 1) + "]\n")
    with bounded():
        checked = check_file(path)
    assert codes(checked) == {("too-many-items", 4, 4 + 4 * MAX_ITEMS + 2)}


def test_millions_of_trick_rows_stop_at_the_item_limit(tmp_path: Path) -> None:
    """F19: 2.2 M trick rows took 36 s and 1.2 GB; the list stops at its 1,001st row."""
    rows = "    - ♣K ♣4 ♣7 ♣9\n" * (MAX_ITEMS + 5)
    path = write(tmp_path, HEADER + "play:\n  tricks:\n" + rows)
    with bounded():
        checked = check_file(path)
    assert codes(checked) == {("too-many-items", 5 + MAX_ITEMS, 7)}
    assert f"more than {MAX_ITEMS:,} items" in checked.diagnostics[0].message


def test_a_valid_hand_with_too_many_notes_stops_at_the_item_limit(tmp_path: Path) -> None:
    """F20: a valid hand with 2.1 M notes took 59 s and 1.5 GB."""
    base = (CASES / "base-hand.yaml").read_text(encoding="utf-8")
    notes = "  - a note about the hand\n" * (MAX_ITEMS + 1)
    path = write(tmp_path, base + "notes:\n" + notes)
    with bounded():
        checked = check_file(path)
    assert codes(checked) == {("too-many-items", base.count("\n") + 2 + MAX_ITEMS, 5)}


def test_a_file_of_unknown_keys_stops_at_the_item_limit(tmp_path: Path) -> None:
    """F21: 200 k unknown keys took 27 s (a difflib suggestion per key)."""
    path = write(tmp_path, "".join(f"k{i}: v\n" for i in range(MAX_ITEMS + 10)))
    with bounded():
        checked = check_file(path)
    assert codes(checked) == {("too-many-items", MAX_ITEMS + 1, 1)}


def test_only_the_first_unknown_keys_get_a_suggestion(tmp_path: Path) -> None:
    """F21: under the item limit, the suggestions stop after MAX_SUGGESTIONS keys, and a long key
    gets none; every key is still reported."""
    keys = "".join(f"ruls{i}: v\n" for i in range(MAX_ITEMS - 20)) + "r" * 200 + "x: v\n"
    path = write(tmp_path, HEADER + keys)
    with bounded():
        checked = check_file(path)
    unknown = [d for d in checked.diagnostics if d.code == "unknown-key"]
    assert len(unknown) == MAX_ITEMS - 19
    suggested = [d for d in unknown if d.hint and d.hint.startswith("did you mean")]
    assert len(suggested) == MAX_SUGGESTIONS
    assert all(len(d.message) < 200 for d in unknown)


def test_aliases_count_at_the_size_of_what_they_repeat(tmp_path: Path) -> None:
    """A "billion laughs" of aliases is refused where it passes the value limit, however small the
    file (a 100 KB file of aliases ran for minutes when readers walked every repeat)."""
    lines = [HEADER.rstrip("\n"), "x0: &a0 {" + ", ".join(f"k{i}: v" for i in range(100)) + "}"]
    lines.append("transcription: {text: t, readings: [" + ", ".join(["*a0"] * 1000) + "]}")
    path = write(tmp_path, "\n".join(lines) + "\n")
    with bounded():
        checked = check_file(path)
    ((code, line, _),) = codes(checked)
    assert (code, line) == ("too-many-values", 4)
    assert f"{MAX_VALUES:,}" in checked.diagnostics[0].message


def test_an_alias_inside_what_it_names_is_refused(tmp_path: Path) -> None:
    checked = check_file(write(tmp_path, HEADER + "notes: &a [*a]\n"))
    assert codes(checked) == {("yaml-syntax", 3, 12)}


def test_deep_nesting_names_its_limit(tmp_path: Path) -> None:
    checked = check_file(write(tmp_path, HEADER + "notes: " + "[" * 100 + "]" * 100 + "\n"))
    assert codes(checked) == {("yaml-too-deep", 3, 71)}
    assert "64 levels" in checked.diagnostics[0].message


# ---------------------------------------------------------------------------------------------
# Every kept failure: the expected clean behaviour


def _index(folder: str) -> list[tuple[str, str]]:
    """(file, what it was) for each file of the folder's INDEX.tsv that the repository keeps."""
    rows = []
    for line in (CASES / folder / "INDEX.tsv").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        name, what = line.split("\t")[:2]
        if (CASES / folder / name).exists():
            rows.append((f"{folder}/{name}", what))
    return rows


KEPT = _index("hostile-yaml-failures") + _index("mutation-failures")


def _expected_code(what: str) -> str:
    if "F17" in what:
        return "result-tricks"
    if "F01" in what:
        return "no-cards"
    assert what == "TRACEBACK", what
    return ""


@pytest.mark.parametrize(("name", "what"), KEPT, ids=[Path(n).stem for n, _ in KEPT])
def test_every_kept_failure_is_a_clean_error(
    name: str, what: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """hostile-yaml-failures/, mutation-failures/: each file (INDEX.tsv says how it failed) is now
    rejected with exit 1 and a located error of the code its failure calls for, with no traceback."""
    path = CASES / name
    with bounded():
        assert main(["validate", "--format", "json", str(path)]) == 1
    out = capsys.readouterr().out
    assert "Traceback" not in out
    checked = check_file(path)
    wanted = _expected_code(what)
    found = [d for d in errors(checked) if d.span is not None and d.span.path == str(path)]
    assert found and (not wanted or wanted in {d.code for d in found})


def test_the_kept_failures_are_all_pinned() -> None:
    assert len(KEPT) == 18
