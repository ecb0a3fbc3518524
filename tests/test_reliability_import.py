"""What `replayer import` makes of hostile PBN and LIN (issue 12): every number in the text is read by
the one bounded reader (`rules.notation.read_number`: ASCII digits only, never more digits than the
limit), so `²` or 5,000 digits is a located diagnostic and the board goes on being read; a play that
does not fit its deal is written as far as it fits and the cut is an error at the card in the file
where it starts; the rest of the file imports all the same.  Never a traceback.

The cases are in tests/fixtures/reliability (README.md there): F05–F09, F12 and every mutant of
fuzz-import-failures/ (the TRACEBACK-WRITE ones are about writing; here they are read with --dry-run)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from replayer.cli.main import main
from replayer.formats.importer import Imported, import_text
from replayer.formats.interop import Board, SourceFormat, board_from_game, export_pbn, fitting_play, hand_yaml
from replayer.formats.pbn import read_pbn, write_pbn
from replayer.record.diagnostics import Diagnostic, Severity
from replayer.record.reader import load
from replayer.rules.cards import Card
from replayer.rules.seats import Seat
from replayer.validation.validate import validate
from support.corpus import corpus_dir, pbn_game

CASES = Path(__file__).parent / "fixtures" / "reliability"
FUZZ = sorted(p for p in (CASES / "fuzz-import-failures").iterdir() if p.suffix in (".pbn", ".lin"))
LIN_SAMPLE = corpus_dir() / "lin" / "bridgebots_sample.lin"  # one board, all 52 cards played
REALBRIDGE = "endplay_example2_realbridge2021.pbn"
MANY = "9" * 5000


def _import(path: Path) -> tuple[list[Imported], list[Diagnostic]]:
    return import_text(path.read_bytes(), str(path))


def _at(diags: list[Diagnostic] | tuple[Diagnostic, ...], code: str) -> list[tuple[int, int]]:
    return [(d.span.line, d.span.col) for d in diags if d.code == code and d.span is not None]


def _dry_run(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["import", "--dry-run", str(path)])
    out = capsys.readouterr()
    return status, out.out + out.err


def _rows(yaml: str) -> list[str]:
    """The trick rows of a hand YAML as the importer writes it (``play:`` then ``notes:``)."""
    _, _, play = yaml.partition("\n  tricks:\n")
    return re.findall(r"^    - (.+)$", play.partition("\nnotes:")[0], re.MULTILINE)


# ---------------------------------------------------------------------------------------------
# Numbers: one bounded reader


@pytest.mark.parametrize("name", ["F05-lin-claim-superscript.lin", "F06-lin-claim-5000-digits.lin"])
def test_a_lin_claim_that_is_no_number_is_a_located_error_and_the_board_still_imports(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """F05, F06: `mc|²|` and a claim of 5,000 digits were tracebacks (int() after isdigit())."""
    status, text = _dry_run(CASES / name, capsys)
    assert status == 1 and "Traceback" not in text
    assert f"{name}:1:266: error[lin-bad-claim]: Board 12: cannot read the claim" in text
    assert max(len(line) for line in text.splitlines()) < 300  # 5,000 digits are not repeated
    boards, problems = _import(CASES / name)
    assert len(boards) == 1 and _at(problems, "lin-bad-claim") == [(1, 266)]
    assert "declaration:" in boards[0].text and len(_rows(boards[0].text)) == 3


def test_a_lin_board_number_too_long_is_a_warning_and_the_board_is_known_by_its_place(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """F07: `ah|Board <5000 digits>|` was a traceback; the limit (999,999) is named."""
    status, text = _dry_run(CASES / "F07-lin-board-number-5000-digits.lin", capsys)
    assert status in (0, 1) and "Traceback" not in text
    assert re.search(
        r"F07-lin-board-number-5000-digits\.lin:1:96: warning\[lin-board-number\]: .*"
        r"the board number in ah\| has 5,000 digits, more than a board number \(at most 999,999\)",
        text,
    )
    [board], problems = _import(CASES / "F07-lin-board-number-5000-digits.lin")
    assert board.label == "1" and board.name == "board-1.yaml"
    assert all(len(d.message) < 300 for d in (*problems, *board.diagnostics))


def test_a_lin_qx_board_number_too_long_falls_back_to_the_place_in_the_file() -> None:
    """F07's mechanism for `qx|`: the id is kept as it is, not read as a number."""
    text = f"qx|o{MANY}|" + LIN_SAMPLE.read_text(encoding="utf-8").replace("ah|Board 15|", "")
    [board], problems = import_text(text.encode(), "long-id.lin")
    assert _at(problems, "lin-board-number") == [(1, 1)]
    assert board.label == "1 open" and board.valid and board.complete
    assert all(len(d.message) < 300 for d in problems)


def test_a_pbn_note_numbered_with_a_superscript_is_a_located_error_and_its_text_is_kept(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """F09: `[Note "²:…"]` was a traceback in interop (isdigit() then int())."""
    status, text = _dry_run(CASES / "F09-pbn-note-superscript.pbn", capsys)
    assert status == 1 and "Traceback" not in text
    assert (
        "F09-pbn-note-superscript.pbn:22:1: error[pbn-note]: board 79: cannot read the note '²:a note'"
        in text
    )
    [board], _ = _import(CASES / "F09-pbn-note-superscript.pbn")
    assert board.valid and "Note ²:a note" in board.text  # kept as the file's commentary: nothing lost


N = MANY
#: a number read by the PBN reader, as `²` or 5,000 digits: once a traceback caught as
#: `pbn-internal` (the whole game lost) or, for [Note], a traceback; now the code at the line that
#: starts with the text given
PBN_NUMBERS = {
    "result-superscript": ('[Result "10"]', '[Result "²"]', "pbn-bad-value", "[Result"),
    "result-5000-digits": ('[Result "10"]', f'[Result "{N}"]', "pbn-bad-value", "[Result"),
    "result-sides-5000-digits": ('[Result "10"]', f'[Result "NS {N} EW 1"]', "pbn-bad-value", "[Result"),
    "note-reference-5000-digits": ("1C 1S 2H 4S", f"1C ={N}= 1S 2H 4S", "pbn-annotation", "1C ="),
    "nag-5000-digits": ("1C 1S 2H 4S", f"1C ${N} 1S 2H 4S", "pbn-annotation", "1C $"),
    "note-5000-digits": ("5H Pass Pass Pass\n", f'5H Pass Pass Pass\n[Note "{N}:x"]\n', "pbn-note", "[Note"),
    "rubber-history-5000-digits": (
        '[Table "7"]',
        f'[Table "7"]\n[ScoreRubberHistory "NS 0 0/{N} EW 0 0/0"]',
        # N-S's 5,000-digit score below the line is a game won: vulnerable, not "None"
        "pbn-inconsistent",
        "[ScoreRubberHistory",
    ),
}


@pytest.mark.parametrize("case", sorted(PBN_NUMBERS))
def test_a_pbn_number_that_is_no_number_or_too_long_is_a_located_error_not_a_lost_game(case: str) -> None:
    """The distinct bugs of the six int() sites of the PBN reader (F09's class, found by the local
    mutation loop): each is reported at its line and the game's deal and play are still read."""
    old, new, code, starts = PBN_NUMBERS[case]
    game = pbn_game("endplay_example1_eyc1998.pbn", '[Contract "5H"]')
    assert old in game
    text = game.replace(old, new)
    line = next(k for k, x in enumerate(text.splitlines(), 1) if x.startswith(starts))
    started = time.perf_counter()
    [board], problems = import_text(text.encode("utf-8"), f"{case}.pbn")
    assert time.perf_counter() - started < 5
    assert not _at(problems, "pbn-internal")
    assert line in [at[0] for at in _at(problems, code)]
    assert 'deal: "N:T32.AKQ7.T3.AQJT' in board.text and len(_rows(board.text)) == 3
    assert all(len(d.message) < 300 for d in problems)


def test_a_value_carried_on_by_double_hash_is_checked_once_where_it_is_written() -> None:
    """Found by the fuzz suite once `\\d` became `[0-9]` (a fullwidth `１` is no digit): a `##` value
    carried on to later games was checked again in each of them, reported at line 0, column 0."""
    text = (corpus_dir() / "pbn" / "pbnstd-verifier_correct_20.pbn").read_text(encoding="utf-8")
    assert text.count('[Date "##1980.10.24"]') == 1
    [line] = [k for k, x in enumerate(text.splitlines(), 1) if x.startswith('[Date "##')]
    boards, problems = import_text(text.replace("##1980.10.24", "##1980.１0.24").encode(), "dates.pbn")
    assert len(boards) > 1 and all(d.span is not None and d.span.line >= 1 for d in problems)
    assert _at(problems, "pbn-value-form") == [(line, 1)]


@pytest.mark.parametrize("blank", [" ", "\t"])
def test_an_unquoted_tag_value_after_twenty_thousand_blanks_is_read_in_linear_time(blank: str) -> None:
    """Found by the fuzz suite: the pattern of an unquoted value took cubic time on a run of blanks
    (55 s for 5,000 tabs); now the value starts at its first character that is no blank."""
    game = pbn_game("endplay_example1_eyc1998.pbn", '[Contract "5H"]')
    for tail, code in (("x\n", "pbn-tag-syntax"), ("x y ]\n", "pbn-tag-unquoted")):
        text = game.replace('[Site "Vienna, Austria AUT"]\n', "[Site" + blank * 20_000 + tail)
        started = time.perf_counter()
        [board], problems = import_text(text.encode("utf-8"), "blanks.pbn")
        assert time.perf_counter() - started < 5
        line = next(k for k, x in enumerate(text.splitlines(), 1) if x.startswith("[Site"))
        assert _at(problems, code) == [(line, 1 if code == "pbn-tag-syntax" else 20_006)]
    assert '["Site", "x y"]' in board.text


@pytest.mark.parametrize("tag", ["ScoreIMP", "ScoreMP", "ScorePercentage"])
def test_a_score_of_forty_thousand_digits_is_checked_in_linear_time(tag: str) -> None:
    """Found by the local mutation loop: the pattern of a decimal split a run of digits in every place
    before it failed (3.5 s for 20,000 digits, four times that for twice as many)."""
    game = pbn_game("endplay_example1_eyc1998.pbn", '[Contract "5H"]')
    text = game.replace('[Table "7"]', f'[Table "7"]\n[{tag} "NS {"9" * 40_000}x"]')
    line = next(k for k, x in enumerate(text.splitlines(), 1) if x.startswith(f"[{tag}"))
    started = time.perf_counter()
    _, problems = import_text(text.encode("utf-8"), "score.pbn")
    assert time.perf_counter() - started < 5
    assert _at(problems, "pbn-value-form") == [(line, 1)]


def test_a_table_column_wider_than_a_pbn_line_is_an_error_and_the_writer_pads_nothing() -> None:
    """A width of 999,999,999 in a table was accepted, and writing the game padded a cell to a
    gigabyte; now the reader reports it (the limit, 255, named), the export of the hand refuses it
    with that message, and the writer pads nothing."""
    game = pbn_game(REALBRIDGE, '[Board "11"]', '[Table "26"]')
    game = game.replace('[Table "26"]', '[Table "26"]\n[ScoreTable "Rank\\999999999R;Name\\2"]\n1 A')
    [board], problems = import_text(game.encode("utf-8"), "wide.pbn")
    [(line, _)] = _at(problems, "pbn-table")
    assert game.splitlines()[line - 1].startswith("[ScoreTable")
    [d] = [d for d in problems if d.code == "pbn-table"]
    assert "a width of more than 255" in d.message and d.hint and "255" in d.hint
    started = time.perf_counter()
    games, _ = read_pbn(game.encode("utf-8"), "wide.pbn")
    assert max(len(x) for x in write_pbn(games).splitlines()) < 300
    record, _ = load(board.text, board.name)
    assert record is not None
    played, _ = validate(record)
    assert played is not None
    with pytest.raises(ValueError, match="a width of more than 255"):
        export_pbn(board_from_game(played, record))
    assert time.perf_counter() - started < 5


def test_numbers_in_a_hand_files_interop_are_read_by_the_bounded_reader_on_export() -> None:
    """The export reads the note numbers and commentary places a hand file carries under `interop`:
    `²` and 5,000 digits there were tracebacks of `replayer export`."""
    game = pbn_game(REALBRIDGE, '[Board "11"]', '[Table "26"]')
    [board], _ = import_text(game.encode("utf-8"), "one.pbn")
    text = board.text.replace(
        "  tags:\n",
        f'  commentary:\n    - {{at: "[Auction] after 1H (call {MANY})", text: "kept"}}\n'
        '  tags:\n    - ["Note", "²:a note"]\n',
        1,
    )
    record, _ = load(text, "one.yaml")
    assert record is not None and record.interop is not None and record.interop.commentary
    played, _ = validate(record)
    assert played is not None
    exported = export_pbn(board_from_game(played, record))
    assert "{kept}" in exported and '[Note "²' not in exported


def test_twenty_thousand_bad_characters_are_twenty_six_diagnostics_not_twenty_thousand() -> None:
    """Found by the local mutation loop: a reader reported each bad character of a long run (a deal,
    stray text) one by one; now 25 of one code a board, then one that counts the rest."""
    lin = LIN_SAMPLE.read_text(encoding="utf-8").replace("md|1SQ982", "md|1SQ982" + "x" * 20_000)
    _, problems = import_text(lin.encode(), "deal.lin")
    bad = [d for d in problems if d.code == "lin-bad-deal"]
    assert len(bad) == 26 and "and 19,975 more [lin-bad-deal] from here on" in bad[-1].message
    game = pbn_game("endplay_example1_eyc1998.pbn", '[Contract "5H"]')
    pbn = game.replace('[Table "7"]', '[Table "7"]\n' + "} " * 20_000)
    _, problems = import_text(pbn.encode(), "stray.pbn")
    stray = [d for d in problems if d.code == "pbn-stray-text"]
    assert len(stray) == 26 and "and 19,975 more [pbn-stray-text]" in stray[-1].message
    assert len({d.span.line for d in stray if d.span}) == 1


# ---------------------------------------------------------------------------------------------
# A play that does not fit its deal


def test_cards_after_the_52nd_are_cut_at_the_53rd_and_the_thirteen_tricks_are_written(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """F08: cards played after the 52nd were a KeyError in hand_yaml (167 of the 2,500 fuzz cases)."""
    status, text = _dry_run(CASES / "F08-lin-extra-card-keyerror.lin", capsys)
    assert status == 1 and "Traceback" not in text
    assert (
        "F08-lin-extra-card-keyerror.lin:1:536: error[import-play-cut]: board 1: the play does not fit "
        "the deal: trick 14 comes after the deal's 13th (its cards follow the 52nd); "
        "the hand is written without the 4 cards from here on"
    ) in text
    [board], _ = _import(CASES / "F08-lin-extra-card-keyerror.lin")
    assert len(_rows(board.text)) == 13 and board.complete and not board.valid
    record, _ = load(board.text, board.name)
    assert record is not None
    played, diags = validate(record)  # what is written is a whole, valid play
    assert played is not None and not [d for d in diags if d.severity is Severity.ERROR]


def test_the_rest_of_the_file_imports_after_a_board_whose_play_is_cut() -> None:
    """F08: the board after the broken one is read and valid."""
    broken = (CASES / "F08-lin-extra-card-keyerror.lin").read_text(encoding="utf-8").strip()
    good = LIN_SAMPLE.read_text(encoding="utf-8").strip()
    boards, _ = import_text(f"{broken}\n{good}\n".encode(), "two.lin")
    assert [b.label for b in boards] == ["1", "15"]
    assert _at(boards[0].diagnostics, "import-play-cut") == [(1, 536)]
    assert boards[1].valid and boards[1].complete


def test_a_hundred_thousand_cards_after_the_52nd_are_one_warning_and_one_error_in_bounded_time() -> None:
    """F08 at scale: each card after the 52nd was checked and reported (two warnings a card)."""
    text = LIN_SAMPLE.read_text(encoding="utf-8").strip() + "pc|SA|" * 100_000
    started = time.perf_counter()
    [board], problems = import_text(text.encode(), "many.lin")
    assert time.perf_counter() - started < 30
    assert [(d.code, d.span.col if d.span else 0) for d in problems] == [("lin-too-many-cards", 573)]
    assert "100,000 cards are played after the 52nd" in problems[0].message
    assert _at(board.diagnostics, "import-play-cut") == [(1, 573)] and len(_rows(board.text)) == 13


def test_a_lin_trick_with_two_cards_of_one_hand_is_cut_there_and_reported_at_the_card() -> None:
    """F08's mechanism: LIN gives each card to the hand that holds it, so a card of the wrong hand
    puts two cards of one seat in a trick, which no row can hold (a KeyError before)."""
    text = LIN_SAMPLE.read_text(encoding="utf-8")
    text = text.replace("pc|DA|pc|D4|pc|D3|pc|S3|", "pc|DA|pc|D6|pc|D3|pc|S3|")  # South's D6 for East's D4
    [board], problems = import_text(text.encode(), "twice.lin")
    assert _at(problems, "lin-out-of-turn") == [(1, 243)]
    [cut] = [d for d in board.diagnostics if d.code == "import-play-cut"]
    assert (
        cut.severity is Severity.ERROR and cut.span is not None and (cut.span.line, cut.span.col) == (1, 249)
    )
    assert "trick 2 has two cards of South's: D6 and D3" in cut.message and "48 cards" in cut.message
    assert cut.hint is not None
    assert _rows(board.text) == ["♥4 ♥2 ♥J ♥A"]  # trick 1, as played; nothing shifted into its place


def test_a_lin_play_whose_seats_cannot_be_told_is_cut_at_its_first_trick(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """F12: a reversed `md|` deal and junk calls left the first trick with no card of a known seat:
    an IndexError in interop._columns."""
    status, text = _dry_run(CASES / "F12-lin-columns-indexerror.lin", capsys)
    assert status == 1 and "Traceback" not in text
    assert re.search(
        r"F12-lin-columns-indexerror\.lin:1:222: error\[import-play-cut\]: board 1: the play does not "
        r"fit the deal: only 0 of trick 1's cards can be read and given a seat",
        text,
    )
    [board], _ = _import(CASES / "F12-lin-columns-indexerror.lin")
    assert "play:" not in board.text


def test_a_pbn_play_with_a_card_missing_in_a_middle_trick_is_cut_not_shifted() -> None:
    """A trick with an unknown card (`-`) in the middle of the play was dropped and the tricks after
    it moved up a place, silently renumbered: now the play stops there, with an error at that line."""
    game = pbn_game(REALBRIDGE, '[Board "11"]', '[Table "26"]')
    lines = game.splitlines()
    start = lines.index(next(x for x in lines if x.startswith("[Play ")))
    fifth = lines[start + 5].split()
    lines[start + 5] = " ".join(["-", *fifth[1:]])
    [board], _ = import_text(("\n".join(lines) + "\n").encode("utf-8"), "gap.pbn")
    assert _at(board.diagnostics, "import-play-cut") == [(start + 6, 1)]
    assert len(_rows(board.text)) == 4 and not board.valid


def test_empty_tricks_after_the_last_card_are_no_gap_and_the_unfinished_trick_is_kept() -> None:
    """A play given up (`- - - -` lines after it) is no cut; its unfinished trick was lost before,
    because the last incomplete trick (an empty one) was taken for the unfinished one."""
    h = [Card.parse(c) for c in ("SA", "S2", "S3", "S4", "HA")]
    board = Board(
        SourceFormat.PBN,
        "1",
        tricks=[[(s, c) for s, c in zip(Seat.N.rotation(), h[:4], strict=True)], [(Seat.N, h[4])], [], []],
    )
    tricks, cut = fitting_play(board)
    assert cut is None and tricks == board.tricks[:2]
    assert "  unfinished: ♥A\n" in hand_yaml(board)


# ---------------------------------------------------------------------------------------------
# Every generated input that crashed


@pytest.mark.parametrize("path", FUZZ, ids=[p.name[:6] for p in FUZZ])
def test_every_fuzz_import_failure_is_read_with_diagnostics_and_no_traceback(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """F05–F09, F12 classes (fuzz-import-failures/INDEX.tsv): a clean exit, problems as diagnostics."""
    status, text = _dry_run(path, capsys)
    assert status in (0, 1, 2) and "Traceback" not in text
    assert re.search(r"\d+ boards? read, nothing written \(dry run\)", text)
    boards, problems = _import(path)
    assert boards and not _at(problems, "pbn-internal")
    for d in (*problems, *(d for b in boards for d in b.diagnostics)):
        assert d.span is not None and d.span.line >= 1 and len(d.message) < 1000
