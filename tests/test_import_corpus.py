"""The real files of tests/fixtures/corpus: every one imports the boards it holds without a crash;
every complete play is valid or reported with its board, trick and seat; CRLF, Latin-1 and
comments decode to the text the file means; import → export → import loses nothing.

Every case counts the boards it read, so that none passes on a file it read nothing from."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from replayer.formats.importer import Imported, import_text
from replayer.formats.interop import board_from_game, board_lin, export_pbn
from replayer.record.diagnostics import Severity
from replayer.record.reader import load
from replayer.validation.validate import validate
from support.corpus import corpus_dir, pbn_game

CORPUS = corpus_dir()
FILES = sorted(CORPUS.glob("pbn/*.pbn")) + sorted(CORPUS.glob("lin/*.lin"))
EMPTY = "zdenecek_empty.pbn"  # a header and no game, on purpose

# file: (boards, complete plays, valid complete plays)
IMPORTED = {
    "bridge-pbn_lots_of_curlies.pbn": (2, 0, 0),
    "bridge-pbn_three_records_crlf.pbn": (3, 0, 0),
    "bridgebots_sample_cavendish2004.pbn": (3, 0, 0),
    "endplay_example1_eyc1998.pbn": (2, 0, 0),
    "endplay_example2_realbridge2021.pbn": (299, 64, 64),
    "endplay_sample.pbn": (2, 0, 0),
    "pbnstd-verifier_correct_10.pbn": (31, 0, 0),
    "pbnstd-verifier_correct_20.pbn": (46, 0, 0),
    "pbnstd-verifier_correct_21.pbn": (2, 0, 0),
    "pbnstd-verifier_errors_10.pbn": (74, 1, 1),
    "pbnstd-verifier_errors_20.pbn": (22, 0, 0),
    "pbnstd-verifier_errors_21.pbn": (2, 0, 0),
    "rschneider_AlsReg6-Final_gib1999.pbn": (286, 167, 167),
    "rschneider_kgb_optimum.pbn": (99, 0, 0),
    "zdenecek_bigdeal_deepfinesse.pbn": (14, 0, 0),
    "zdenecek_bridgecomposer_latin1.pbn": (15, 0, 0),
    "bridgebots_sample.lin": (1, 1, 1),
    "bridgebots_usbf2010_sf_vugraph.lin": (30, 0, 0),
    "endplay_example1_multi.lin": (8, 6, 6),
    "replayer_deal_only.lin": (1, 0, 0),
    "replayer_passed_out.lin": (1, 0, 0),
}

# file: boards that go out and come back (those the laws accept with some play).  The standard's
# error files break its rules on purpose, so the strict writer cannot give them back as read.
ROUND_TRIPS = {
    "bridgebots_sample_cavendish2004.pbn": 3,
    "endplay_example1_eyc1998.pbn": 2,
    "endplay_example2_realbridge2021.pbn": 278,
    "endplay_sample.pbn": 1,
    "pbnstd-verifier_correct_10.pbn": 1,
    "pbnstd-verifier_correct_20.pbn": 5,
    "pbnstd-verifier_correct_21.pbn": 1,
    "rschneider_AlsReg6-Final_gib1999.pbn": 273,
    "bridgebots_sample.lin": 1,
    "bridgebots_usbf2010_sf_vugraph.lin": 28,
    "endplay_example1_multi.lin": 8,
}
ERROR_FILES = {n for n in IMPORTED if n.startswith("pbnstd-verifier_errors")}
# deals (with an auction at most) and no card played: nothing of theirs can be exported
NO_PLAY = set(IMPORTED) - set(ROUND_TRIPS) - ERROR_FILES


@cache
def imported(path: Path) -> tuple[list[Imported], int]:
    boards, problems = import_text(path.read_bytes(), path.name)
    return boards, len(problems)


def by_name(name: str) -> list[Imported]:
    return imported(CORPUS / ("lin" if name.endswith(".lin") else "pbn") / name)[0]


def test_every_corpus_file_is_listed() -> None:
    assert {p.name for p in FILES} == set(IMPORTED) | {EMPTY}
    deals_only = {
        "bridge-pbn_lots_of_curlies.pbn",
        "bridge-pbn_three_records_crlf.pbn",
        "rschneider_kgb_optimum.pbn",
        "zdenecek_bigdeal_deepfinesse.pbn",
        "zdenecek_bridgecomposer_latin1.pbn",
        "replayer_deal_only.lin",
        "replayer_passed_out.lin",
    }
    assert deals_only == NO_PLAY


def assert_errors_located(b: Imported) -> int:
    """A complete play's errors name the board, and the play's own the trick and the seat; how many."""
    errors = [d for d in b.diagnostics if d.severity is Severity.ERROR]
    if b.complete:
        for d in errors:
            assert d.message.startswith(f"board {b.label}:"), d.message
            if d.code in ("revoke", "card-not-held", "card-twice", "lead-out-of-turn"):
                assert re.search(r"trick \d+", d.message), d.message
                assert re.search(r"\b(?:North|East|South|West)\b", d.message), d.message
    return len(errors)


@pytest.mark.parametrize("name", sorted(IMPORTED))
def test_every_file_imports_its_boards_and_every_complete_play_is_valid_or_located(name: str) -> None:
    boards = by_name(name)
    complete = [b for b in boards if b.complete]
    assert (len(boards), len(complete), sum(b.valid for b in complete)) == IMPORTED[name]
    assert len(boards) > 0
    for b in boards:
        assert b.text.startswith("# Imported from") and "interop:" in b.text
        assert_errors_located(b)


def test_a_file_with_no_game_imports_no_board() -> None:
    assert imported(CORPUS / "pbn" / EMPTY) == ([], 0)


def test_the_corpus_counts() -> None:
    """Boards over the whole corpus; every complete play in it is valid."""
    boards = [b for name in IMPORTED for b in by_name(name)]
    complete = [b for b in boards if b.complete]
    assert len(boards) == 943
    assert len(complete) == len([b for b in complete if b.valid]) == 239


def test_a_revoke_in_a_real_play_is_reported_with_its_board_trick_and_seat() -> None:
    # RealBridge 2021, board 11 at table 26: 1NT by North, all 52 cards
    game = pbn_game("endplay_example2_realbridge2021.pbn", '[Board "11"]', '[Table "26"]')
    [good], _ = import_text(game.encode("utf-8"), "one.pbn")
    assert good.complete and good.valid and good.label == "11"
    # North's ♥6 (trick 1) and ♣2 (trick 8) swapped: North shows out of hearts while holding one
    bad_text = game.replace("H5 H4 HQ H6", "H5 H4 HQ C2").replace("C8 CA C6 C2", "C8 CA C6 H6")
    [bad], _ = import_text(bad_text.encode("utf-8"), "one.pbn")
    assert bad.complete and not bad.valid and assert_errors_located(bad) == 3
    assert [d.message for d in bad.diagnostics if d.code == "revoke"][0] == (
        "board 11: revoke at trick 1: North plays ♣2 to a heart lead while holding ♥A, ♥9 and ♥6"
        " (♥9 is played at trick 2)"
    )


# ---------------------------------------------------------------------------------------------
# Line ends, encodings and comments: the exact text of a field proves the decoding


def test_a_crlf_file_imports_its_boards_without_carriage_returns() -> None:
    boards = by_name("bridge-pbn_three_records_crlf.pbn")
    assert len(boards) == 3 and not any("\r" in b.text for b in boards)
    assert 'deal: "N:J2.Q4.KT98764.95 64.A763.Q32.K432 QT973.9852.AJ.AT AK85.KJT.5.QJ876"' in boards[2].text
    assert '- ["OptimumScore", "EW 600"]' in boards[2].text  # the value ends before the CR


def test_real_plays_with_crlf_line_ends_import_as_with_lf() -> None:
    path = CORPUS / "pbn" / "rschneider_AlsReg6-Final_gib1999.pbn"
    lf = by_name(path.name)
    crlf, _ = import_text(path.read_bytes().replace(b"\n", b"\r\n"), path.name)
    assert len(crlf) == len(lf) == 286 and sum(b.complete and b.valid for b in crlf) == 167
    assert [b.text for b in crlf] == [b.text for b in lf]


def test_latin1_files_import_their_accented_text() -> None:
    bc = by_name("zdenecek_bridgecomposer_latin1.pbn")
    assert len(bc) == 15
    assert '- "HRTitleEvent \\"2. párový turnaj BKP 19. 10. 2022\\""' in bc[0].text
    verifier = by_name("pbnstd-verifier_correct_10.pbn")
    assert len(verifier) == 31 and verifier[3].label == "13"
    north = " " + " ".join("àáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ")
    assert f'- ["North", "{north}"]' in verifier[3].text


def test_curly_comments_import_as_the_commentary_they_enclose() -> None:
    # { {} {  comment is open⏎⏎{ {{{ }[CommentIsClosed ""]: a "{" inside a comment opens nothing
    boards = by_name("bridge-pbn_lots_of_curlies.pbn")
    assert len(boards) == 2
    assert '- {at: "after [Deal]", text: "{"}' in boards[0].text
    assert '- {at: "after [Deal]", text: "comment is open\\n\\n{ {{{"}' in boards[0].text
    assert '- ["CommentIsClosed", ""]' in boards[0].text


# ---------------------------------------------------------------------------------------------
# Import → export → import


def round_trip(boards: list[Imported], fmt: str) -> tuple[int, list[str]]:
    """Import, export, import every board the laws accept with some play; the hand files must be
    equal.  Returns how many came back, and the boards the strict writer refused (named, never
    written wrong)."""
    checked, refused = 0, []
    for b in boards:
        record, _ = load(b.text, b.name)
        if record is None:
            continue
        game, diags = validate(record)
        if game is None or not game.tricks or any(d.severity is Severity.ERROR for d in diags):
            continue  # only a valid hand with play can be exported
        board = board_from_game(game, record, fmt)
        try:
            out = (board_lin(board) if fmt == "lin" else export_pbn(board)).encode("utf-8")
        except ValueError as exc:
            refused.append(f"board {b.label}: {exc}")
            continue
        again, problems = import_text(out, f"again.{fmt}")
        assert len(again) == 1, problems
        first = b.text.split("\n", 1)[1]
        second = again[0].text.split("\n", 1)[1]
        assert second == first, f"board {b.label} changed on the way back"
        checked += 1
    return checked, refused


@pytest.mark.parametrize("name", sorted(ROUND_TRIPS))
def test_import_export_import_loses_nothing(name: str) -> None:
    checked, refused = round_trip(by_name(name), name.rsplit(".", 1)[1])
    assert (checked, refused) == (ROUND_TRIPS[name], [])
    assert checked > 0


@pytest.mark.parametrize("name", sorted(NO_PLAY))
def test_a_file_without_play_reads_boards_and_has_none_to_export(name: str) -> None:
    boards = by_name(name)
    assert len(boards) == IMPORTED[name][0] > 0
    assert all(b.played == 0 for b in boards)
    assert round_trip(boards, name.rsplit(".", 1)[1]) == (0, [])
