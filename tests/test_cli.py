"""The command line: exit codes, the diagnostic format, JSON output, and no tracebacks."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from replayer.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
HAND1 = ROOT / "hands" / "foster-1904" / "hand-1.yaml"
REALBRIDGE = "endplay_example2_realbridge2021.pbn"  # of the test corpus, tests/fixtures/corpus


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "replayer", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        encoding="utf-8",
    )


def test_the_repositorys_hands_validate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(ROOT / "hands")]) == 0
    err = capsys.readouterr().err
    assert "0 with errors" in err


def test_a_changed_card_fails_with_a_located_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = HAND1.read_text(encoding="utf-8").replace("- ♠7 ♦3 ♦6 ♦Q", "- ♠8 ♦3 ♦6 ♦Q")
    bad = tmp_path / "hand.yaml"
    bad.write_text(text, encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    out = capsys.readouterr().out
    line = text.splitlines().index("    - ♠8 ♦3 ♦6 ♦Q") + 1
    assert (
        f"{bad}:{line}:7: error[card-twice]: ♠8 is played twice by A (W), at tricks 9 and 10, and ♠7 is never played"
        in out
    )
    assert "hint: one of them is probably ♠7 — either change makes the hand legal" in out


def test_json_diagnostics(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "hand.yaml"
    bad.write_text(HAND1.read_text(encoding="utf-8").replace("maker: Y", "maker: B"), encoding="utf-8")
    assert main(["validate", "--format", "json", str(bad)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [d["code"] for d in data] == ["bad-maker"]
    assert set(data[0]) >= {"path", "line", "column", "code", "severity", "message", "hint"}
    line = next(i for i, t in enumerate(bad.read_text(encoding="utf-8").splitlines(), 1) if "maker: B" in t)
    assert data[0]["line"] == line and data[0]["column"] == 10 and data[0]["severity"] == "error"


def test_warnings_pass_unless_strict(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ROOT / "tests" / "fixtures" / "laws" / "dummy-renounce.yaml"
    assert main(["validate", str(hand)]) == 0
    assert main(["validate", "--strict", str(hand)]) == 1


@pytest.mark.parametrize("args", [["validate"], ["validate", "no/such/path"], ["frobnicate"], []])
def test_usage_errors_exit_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2


def test_a_folder_without_hands_is_a_clear_usage_error(tmp_path: Path) -> None:
    r = run("validate", str(tmp_path))
    assert r.returncode == 2 and "no hand files" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"rules: [unclosed\n",
        b"- just\n- a list\n",
        b"\xff\xfe not utf-8",
        b"rules: 3\nplay: {tricks: [1, 2]}\n",
        b"play:\n  tricks:\n    - *alias\n",
        b"---\nrules: a\n---\nrules: b\n",
    ],
)
def test_bad_files_get_a_message_never_a_traceback(tmp_path: Path, content: bytes) -> None:
    f = tmp_path / "bad.yaml"
    f.write_bytes(content)
    r = run("validate", str(f))
    assert r.returncode == 1
    assert "Traceback" not in r.stderr
    assert f"{f}:" in r.stdout and "error[" in r.stdout


def test_show_json_structure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--json", str(HAND1)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"] == "bridge-whist" and data["dealer"] == "S"
    assert data["declarer"] == "S" and data["dummy"] == "N" and data["trump"] == "H"
    assert data["labels"] == {"N": "Y", "E": "B", "S": "Z", "W": "A"}
    assert data["deal"]["W"] == ["SK", "S8", "S7", "S4", "S3", "HT", "H7", "D7", "CA", "CK", "CQ", "CJ", "C2"]
    assert all(len(cards) == 13 for cards in data["deal"].values())
    assert data["tricks"][0]["leader"] == "W"
    assert data["tricks"][0]["cards"][0] == {"seat": "W", "card": "CK"}
    assert data["tricks"][3]["winner"] == "N"  # dummy's ♦A
    assert data["tricks"][4]["leader"] == "N"
    assert data["tricks_won"] == {"NS": 9, "EW": 4}
    assert data["declaration"]["maker"] == "N" and data["declaration"]["passed"] is True


def test_show_text_diagram(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(HAND1)]) == 0
    out = capsys.readouterr().out
    assert "Y (North, dummy)" in out and "A (West, leader)" in out
    assert "♠ K 8 7 4 3" in out and "Tricks: N–S 9, E–W 4" in out


def test_show_refuses_an_invalid_hand(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ROOT / "tests" / "fixtures" / "laws" / "revoke-swapped-cards.yaml"
    assert main(["show", "--json", str(hand)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "error[revoke]" in captured.err


def test_console_entry_points() -> None:
    r = run("--version")
    assert r.returncode == 0 and r.stdout.startswith("replayer ")


def test_annotate_prints_the_make_and_the_findings_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["annotate", str(ROOT / "hands/foster-1904/hand-5.yaml"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["make"]["actual"] == "NT" and data["make"]["agrees"] is True
    assert {"Foster", "Elwell", "Dummy Bridge"} <= {a["source"] for a in data["make"]["advice"]}
    for f in data["findings"]:
        assert {
            "detector",
            "technique",
            "label",
            "trick",
            "tricks",
            "seats",
            "cards",
            "facts",
            "text",
            "shown",
        } <= set(f)


def test_annotate_refuses_an_unknown_detector(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["annotate", str(HAND1), "--detector", "no-such-thing"]) == 2
    assert "no detector named no-such-thing" in capsys.readouterr().err


def test_import_writes_one_hand_per_board_and_never_overwrites(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from support.corpus import pbn_game

    pbn = tmp_path / "one.pbn"  # a real board with all 52 cards: RealBridge 2021, board 11, table 26
    pbn.write_text(pbn_game(REALBRIDGE, '[Board "11"]', '[Table "26"]'), encoding="utf-8")
    out = tmp_path / "boards"
    assert main(["import", str(pbn), "--out", str(out)]) == 0
    written = sorted(out.glob("*.yaml"))
    assert len(written) == 1 and main(["validate", str(written[0]), "-q"]) == 0
    assert "1 board read, 1 written; 1 complete play: 1 valid, 0 rejected" in capsys.readouterr().err
    written[0].write_text("# mine\n" + written[0].read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["import", str(pbn), "--out", str(out)]) == 0
    assert (
        written[0].read_text(encoding="utf-8").startswith("# mine")
        and "use --force" in capsys.readouterr().err
    )
    assert main(["import", str(pbn), "--out", str(out), "--force"]) == 0
    assert not written[0].read_text(encoding="utf-8").startswith("# mine")


def test_import_reports_a_board_the_laws_reject_with_its_trick_and_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from support.corpus import pbn_game

    text = pbn_game(REALBRIDGE, '[Board "11"]', '[Table "26"]')
    # North's ♥6 (trick 1) and ♣2 (trick 8) swapped: North shows out of hearts while holding one
    text = text.replace("H5 H4 HQ H6", "H5 H4 HQ C2").replace("C8 CA C6 C2", "C8 CA C6 H6")
    small = tmp_path / "one.pbn"
    small.write_text(text, encoding="utf-8")
    assert main(["import", str(small), "--dry-run"]) == 1
    err = capsys.readouterr().err
    # the reader finds it first, at its line and column, with the board and the seat
    assert re.search(
        r"one\.pbn:21:10: error\[pbn-play\]: board 11: North revokes: C2 on a heart lead while holding H6",
        err,
    ), err
    assert "nothing written (dry run)" in err and not (tmp_path / "one").exists()


def test_export_writes_pbn_and_lin_and_the_handviewer_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", str(HAND1), "--to", "pbn"]) == 0
    pbn = capsys.readouterr().out
    assert pbn.startswith("% PBN 2.1") and '[ReplayerMake "Y"]' in pbn and '[ReplayerTrump "H"]' in pbn
    assert main(["export", str(HAND1), "--to", "lin", "--url"]) == 0
    assert capsys.readouterr().out.startswith("https://www.bridgebase.com/tools/handviewer.html?lin=")
    target = tmp_path / "hand-1.lin"
    assert main(["export", str(HAND1), "--to", "lin", "--out", str(target)]) == 0
    assert target.read_text(encoding="utf-8").startswith("st||md|")
    # and back in: the same cards and the same make
    assert main(["import", str(target), "--out", str(tmp_path / "back"), "-q"]) == 0
    back = next((tmp_path / "back").glob("*.yaml")).read_text(encoding="utf-8")
    assert "declaration: {maker: Z, trump: hearts}" in back and "rules: bridge-whist" in back


def test_a_club_board_names_seats_by_compass_and_a_book_hand_by_letter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    contract = (ROOT / "tests/fixtures/valid/contract.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "club.yaml"
    bad.write_text(
        contract.replace("- ♣J ♣5 ♣3 ♣10", "- ♣J ♣5 ♦2 ♣10").replace("- ♣Q ♣6 ♦2 ♣8", "- ♣Q ♣6 ♣3 ♣8"),
        encoding="utf-8",
    )
    assert main(["validate", str(bad)]) == 1
    assert "revoke at trick 2: East plays ♦2 to a club lead while holding ♣3" in capsys.readouterr().out
    book = HAND1.read_text(encoding="utf-8").replace("- ♣J ♣5 ♣3 ♣10", "- ♣J ♣5 ♦2 ♣10")
    book = book.replace("- ♣Q ♣6 ♦2 ♣8", "- ♣Q ♣6 ♣3 ♣8")
    bad.write_text(book, encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    assert "revoke at trick 2: B (E) plays ♦2 to a club lead while holding ♣3" in capsys.readouterr().out
