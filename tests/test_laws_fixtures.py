"""Each file in fixtures/laws is one slip a transcriber can make; its `# expect:` lines
(at the end, so they shift no line) list every error and warning with its line:column."""

import re
from pathlib import Path

import pytest

from replayer.record.diagnostics import Severity
from replayer.validation.files import check_file

FIXTURES = Path(__file__).parent / "fixtures"
LAW_CASES = sorted((FIXTURES / "laws").glob("*.yaml"))
VALID_CASES = sorted((FIXTURES / "valid").glob("*.yaml"))


def _expected(path: Path) -> set[tuple[str, int, int]]:
    out = set()
    for m in re.finditer(r"^# expect: (\S+) (\d+):(\d+)$", path.read_text(encoding="utf-8"), re.M):
        out.add((m.group(1), int(m.group(2)), int(m.group(3))))
    return out


@pytest.mark.parametrize("path", LAW_CASES, ids=[p.stem for p in LAW_CASES])
def test_each_slip_is_reported_where_it_is(path: Path) -> None:
    expected = _expected(path)
    assert expected, f"{path.name} has no '# expect:' lines"
    checked = check_file(path)
    found = {
        (d.code, d.span.line, d.span.col)
        for d in checked.diagnostics
        if d.severity is not Severity.NOTE and d.span is not None
    }
    assert found == expected
    for d in checked.diagnostics:
        assert d.span is not None and d.span.path == str(path)
        assert d.message.strip()


# Valid records whose warnings are expected: the book's own errors, kept as printed.
EXPECTED_WARNINGS = {
    "book-revoke": ["book-revoke"],
    "book-card": ["book-card"],
    "book-mark": ["book-mark"],
    "book-deal": ["book-deal"],
}


@pytest.mark.parametrize("path", VALID_CASES, ids=[p.stem for p in VALID_CASES])
def test_valid_records_pass_clean(path: Path) -> None:
    checked = check_file(path)
    assert [d.code for d in checked.diagnostics if d.severity is not Severity.NOTE] == EXPECTED_WARNINGS.get(
        path.stem, []
    )
    assert checked.game is not None


def test_a_book_revoke_is_scored_with_its_penalty() -> None:
    from replayer.scoring.sheet import score_game

    game = check_file(FIXTURES / "valid" / "book-revoke.yaml").game
    assert game is not None and [(n, s.name) for n, s in game.revokes] == [(2, "E")]
    score = score_game(game)
    assert score is not None and score.total("NS", "below") == 48 and score.notes


def test_law_cases_cover_the_engine() -> None:
    codes = {c for p in LAW_CASES for c, _, _ in _expected(p)}
    for code in (
        "revoke",
        "card-twice",
        "card-not-held",
        "card-never-played",
        "deal-count",
        "lead-out-of-turn",
        "winner-mismatch",
        "bad-maker",
        "doubling-order",
        "insufficient-bid",
        "result-tricks",
        "dummy-renounce",
        "yaml-syntax",
        "unknown-key",
        "duplicate-key",
        "empty-file",
        "wrong-type",
        "no-cards",
        "book-result",
    ):
        assert code in codes
