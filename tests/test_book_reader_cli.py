"""``replayer read`` on the command line: it writes one hand file per hand inside ``--out`` and
nowhere else, refuses to overwrite without ``--force``, and answers bad input with a located
diagnostic and an exit status, never a traceback.  Also: a fuzz property that the reader never
raises on mutated book text, and the second proof-reading pass, the reader's cards against the
hand-typed Elwell files, and the book errors it writes against theirs; the summary script."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from replayer.cli.main import main
from replayer.formats.book import read_book
from replayer.record.hand import HandRecord
from replayer.record.reader import load
from replayer.validation.files import check_file

ROOT = Path(__file__).resolve().parent.parent
BOOKS = ROOT / "tests" / "fixtures" / "books"
ELWELL_1902 = BOOKS / "elwell-1902-hands.txt"


def test_read_writes_one_valid_hand_file_per_hand_inside_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert main(["read", str(ELWELL_1902), "--out", str(out), "--summary"]) == 0
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted(f"hand-{n}.yaml" for n in range(1, 13))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]  # nothing beside --out
    for p in out.iterdir():
        assert not [d for d in check_file(p).diagnostics if d.severity.value == "error"], p
    captured = capsys.readouterr()
    assert "hand 12: read; 0 cells settled, 1 misprint of the book" in captured.out
    assert "12 hands read from elwell-1902-hands.txt (elwell-1902): 12 written" in captured.err


def test_an_existing_file_is_kept_without_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "hand-3.yaml").write_text("mine\n", encoding="utf-8")
    assert main(["read", str(ELWELL_1902), "--out", str(out), "--hand", "3"]) == 1
    assert (out / "hand-3.yaml").read_text(encoding="utf-8") == "mine\n"
    err = capsys.readouterr().err
    assert "error[read-file-exists]" in err and "--force" in err
    assert main(["read", str(ELWELL_1902), "--out", str(out), "--hand", "3", "--force"]) == 0
    assert (out / "hand-3.yaml").read_text(encoding="utf-8").startswith("# J. B. Elwell")


def test_a_named_style_is_used_and_an_unknown_one_is_a_usage_error(tmp_path: Path) -> None:
    assert (
        main(
            ["read", str(ELWELL_1902), "--out", str(tmp_path / "a"), "--style", "elwell-1902", "--hand", "1"]
        )
        == 0
    )
    assert (tmp_path / "a" / "hand-1.yaml").is_file()
    assert main(["read", str(ELWELL_1902), "--out", str(tmp_path / "b"), "--style", "nope"]) == 2
    assert not (tmp_path / "b").exists()


@pytest.mark.parametrize(
    ("content", "code"),
    [
        (b"\x00\x01\x02binary", "read-not-a-book"),
        (b"Once upon a time.\n" * 20, "read-not-a-book"),
        (b"ILLUSTRATIVE HAND NO. 1\n\n<f>K[S]</f>\n", "read-table-short"),
    ],
)
def test_bad_input_gets_a_diagnostic_and_an_exit_status(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, code: str
) -> None:
    book = tmp_path / "book.txt"
    book.write_bytes(content)
    assert main(["read", str(book), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert f"error[{code}]" in err and f"{book}:" in err
    assert "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_a_missing_book_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["read", str(tmp_path / "none.txt"), "--out", str(tmp_path / "out")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_an_output_path_that_is_a_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "taken"
    target.write_text("x", encoding="utf-8")
    assert main(["read", str(ELWELL_1902), "--out", str(target), "--hand", "1"]) == 2
    assert target.read_text(encoding="utf-8") == "x"
    assert "Traceback" not in capsys.readouterr().err


# --- fuzz: mutated book text never raises -----------------------------------------------------

_TEXT = ELWELL_1902.read_text(encoding="utf-8")
_HAND = _TEXT[
    _TEXT.index("NOTES ON ILLUSTRATIVE HAND NO. 2") : _TEXT.index("NOTES ON ILLUSTRATIVE HAND NO. 3")
]
_FOSTER = (BOOKS / "foster-1904-hands.txt").read_text(encoding="utf-8")
_FOSTER_HAND = _FOSTER[_FOSTER.index("HAND   NO.    1") : _FOSTER.index("NOTES  TO  HAND  NO.  2")]


def _mutate(text: str, seed: int, kind: int) -> str:
    rnd = random.Random(seed)
    lines = text.splitlines(keepends=True)
    if kind == 0:  # delete lines
        for _ in range(rnd.randint(1, 8)):
            if lines:
                del lines[rnd.randrange(len(lines))]
        return "".join(lines)
    if kind == 1:  # swap two lines
        i, j = rnd.randrange(len(lines)), rnd.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return "".join(lines)
    if kind == 2:  # replace characters
        chars = list(text)
        for _ in range(rnd.randint(1, 40)):
            chars[rnd.randrange(len(chars))] = rnd.choice("|[]<>/f0O1lSHDC♠♥♦♣ \n-_.0123456789AKQJ")
        return "".join(chars)
    return text[: rnd.randrange(len(text))]  # truncate


@settings(
    max_examples=60,
    derandomize=True,
    database=None,
    deadline=None,
    phases=(Phase.explicit, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.integers(0, 2**32 - 1), st.integers(0, 3), st.booleans())
def test_the_reader_never_raises_on_mutated_book_text(seed: int, kind: int, foster: bool) -> None:
    text = _mutate(_FOSTER_HAND if foster else _HAND, seed, kind)
    book = read_book(text, "mutant.txt", "foster-1904" if foster else None, node_limit=20_000)
    for hand in book.hands:
        for d in hand.diagnostics:
            assert d.span is None or d.span.line >= 1
        if hand.text is not None:
            record, _ = load(hand.text, "mutant.yaml")
            assert record is not None  # what it writes is always a hand file the loader reads


# --- the second proof-reading pass: the reader's cards against the hand-typed files ---------------


def _errors_of(record: HandRecord, tie: bool = False) -> set[tuple[object, ...]]:
    """The book errors about cells (card, mark, deal), by what they say of the cards.  With ``tie``
    (the reader found two equally good places for a card printed twice, ``read-tie``) a card
    entry is compared without its trick, which must still print that card for that seat."""
    out: set[tuple[object, ...]] = set()
    for b in record.book_errors:
        if b.about == "card" and tie:
            row = record.tricks[(b.trick or 0) - 1]
            assert any(c is not None and c.card is b.printed for c in row.cards), b
            out.add((b.about, b.seat, b.printed, b.reading))
        elif b.about in ("card", "mark"):
            out.add((b.about, b.trick, b.seat, b.printed, b.reading))
        elif b.about == "deal":
            out.add((b.about, b.seat, b.printed_text, b.suit, b.holding))
    return out


@pytest.mark.parametrize(
    ("book", "folder"), [("elwell-1902-hands.txt", "elwell-1902"), ("elwell-1904-hands.txt", "elwell-1904")]
)
def test_the_readers_cards_and_book_errors_equal_the_hand_typed_files(book: str, folder: str) -> None:
    typed = sorted((ROOT / "hands" / folder).glob("hand-*.yaml"))
    if not typed:
        pytest.fail(f"hands/{folder} holds no hand file to compare with")
    read = {h.number: h for h in read_book((BOOKS / book).read_text(encoding="utf-8"), book).hands}
    differences: list[tuple[object, ...]] = []
    errors = 0
    for path in typed:
        theirs, _ = load(path.read_text(encoding="utf-8"), str(path))
        number = int(path.stem.split("-")[1])
        text = read[number].text
        assert theirs is not None and text is not None
        mine, _ = load(text, "read.yaml")
        assert mine is not None
        for t, (a, b) in enumerate(zip(mine.tricks, theirs.tricks, strict=True), 1):
            cards_a = [(c.card, c.marked) if c else None for c in a.cards]
            cards_b = [(c.card, c.marked) if c else None for c in b.cards]
            if cards_a != cards_b:
                differences.append((number, t, cards_a, cards_b))
        tie = any(d.code == "read-tie" for d in read[number].diagnostics)
        if _errors_of(mine, tie) != _errors_of(theirs, tie):
            differences.append((number, "book_errors", _errors_of(mine, tie), _errors_of(theirs, tie)))
        errors += len(_errors_of(mine))
    assert differences == []
    assert errors == {"elwell-1902": 2, "elwell-1904": 4}[folder]  # the comparison compared something


def test_the_summary_script_prints_each_books_figures_and_errors() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "read_books.py")], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    heads = [ln for ln in lines if not ln.startswith("  ")]
    assert [h.split(" ", 1)[0] for h in heads] == [p.name for p in sorted(BOOKS.glob("*.txt"))]
    assert (
        "40 hands read, 40 valid; 1 cell settled (0 OCR readings, 1 misprinted card); book errors: "
        "1 misprinted card, 1 mark, 2 diagram lines, 0 result lines" in heads[1]
    )
    assert (
        "29 cells settled (29 OCR readings, 0 misprinted cards)" in heads[2] and "1 result line;" in heads[2]
    )
    entries = [ln.strip() for ln in lines if ln.startswith("  hand ")]
    assert len(entries) == 2 + 4 + 1
    assert any(e.startswith('hand 14, deal, A: printed "♠ K Q 5", reading ♣K86: ') for e in entries)
    assert any(e.startswith("hand 31, mark, trick 13, Y: The book marks Y's ♣J") for e in entries)
    assert any(e.startswith("hand 2, result: The result line says Y–Z score simple honours") for e in entries)
