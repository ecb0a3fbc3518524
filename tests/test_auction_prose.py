"""An auction told in prose, as the books print it: ``declaration: {auction: "Z bids one heart, …"}``.

The prose is read into the same calls as the list form (``calls``), each call at the words that tell
it, so every diagnostic of the auction points there; the reader checks the rotation (Z A Y B from the
dealer Z, or compass seats clockwise) and reports an unreadable run of words once, at those words.
"""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from replayer.record.diagnostics import Severity
from replayer.record.read_auction_prose import read_auction_prose
from replayer.rules.cards import Strain
from replayer.rules.seats import Seat
from replayer.validation.files import check_file

ROOT = Path(__file__).resolve().parents[1]
# Foster's example deal (docs/hand-format.md): N Y, E B, S Z, W A.
DEAL = "N:Q2.AKJ42.A93.654 JT65.Q9.KT642.73 A9.8653.QJ85.T98 K8743.T7.7.AKQJ2"

# Seed 004 (Foster, Auction Bridge), line 32: "Suppose A bids three royals and Y says four clubs, B and
# Z passing. A can repeat his bid of three royals if he likes" -- after Z's opening one spade.
SEED_PROSE = "Z bids one spade, A bids three royals and Y says four clubs, B and Z passing. A bids three royals, and all pass."
SEED_CALLS = "1♠ 3R 4♣ pass pass 3R pass pass pass"

# W10, Foster's Complete Hoyle, first auction example, as quoted in research17.md §3.2: "Z bids one heart,
# A one royal, Y two clubs, B two royals, Z three diamonds, A passes, Y two no trumps" ("and makes game":
# the others pass).  Y's 2NT (20) is insufficient over Z's 3♦ (21) and B passes it: it stands.
W10_PROSE = (
    "Z bids one heart, A one royal, Y two clubs, B two royals, Z three diamonds, A passes, "
    "Y two no trumps, and all pass."
)
W10_CALLS = "1♥ 1R 2♣ 2R 3♦ pass 2NT pass pass pass"


def hand(tmp_path: Path, key: str, value: str, name: str = "hand.yaml", dealer: str = "S") -> Path:
    """A hand whose auction is on line 5, its value from column 12 (``  auction: ``) or 10."""
    path = tmp_path / name
    path.write_text(
        f"title: an auction in prose\nrules: auction\ndealer: {dealer}\ndeclaration:\n  {key}: {value}\n"
        f'deal: "{DEAL}"\n',
        encoding="utf-8",
    )
    return path


def found(path: Path) -> list[tuple[str, str, int, int, int]]:
    return [
        (d.code, d.severity.value, d.span.line, d.span.col, d.span.end_col)
        for d in check_file(path).diagnostics
        if d.span is not None and d.severity is not Severity.NOTE
    ]


def col(value: str, words: str) -> int:
    """The column of ``words`` in the auction line of :func:`hand`."""
    return len("  auction: ") + value.index(words) + 1


def outcome(path: Path) -> tuple[int, Strain, int, Seat, Seat]:
    game = check_file(path).game
    assert game is not None and game.declaration is not None
    d = game.declaration
    return (d.level, d.strain, d.doubled, d.declarer, game.opening_leader)


# ---------------------------------------------------------------------------------------------
# The books' auctions


def test_seed_example_in_prose_gives_the_calls_and_the_stood_warning_at_its_words(tmp_path: Path) -> None:
    path = hand(tmp_path, "auction", SEED_PROSE)
    start = col(SEED_PROSE, "Y says four clubs")
    assert found(path) == [("insufficient-bid-stood", "warning", 5, start, start + len("Y says four clubs"))]
    # A (W) declares three royals; Y (N), on his left, leads.
    assert outcome(path) == (3, Strain.ROYAL_SPADES, 0, Seat.W, Seat.N)


def test_w10_auction_declarer_y_first_named_no_trumps_and_b_leads(tmp_path: Path) -> None:
    path = hand(tmp_path, "auction", W10_PROSE)
    start = col(W10_PROSE, "Y two no trumps")
    assert found(path) == [("insufficient-bid-stood", "warning", 5, start, start + len("Y two no trumps"))]
    assert outcome(path) == (2, Strain.NOTRUMP, 0, Seat.N, Seat.E)


def test_prose_and_list_give_the_same_contract_declarer_and_leader(tmp_path: Path) -> None:
    for prose, calls in ((SEED_PROSE, SEED_CALLS), (W10_PROSE, W10_CALLS)):
        told = hand(tmp_path, "auction", prose, "prose.yaml")
        listed = hand(tmp_path, "calls", calls, "list.yaml")
        assert outcome(told) == outcome(listed)
        assert [d.code for d in check_file(told).diagnostics] == [
            d.code for d in check_file(listed).diagnostics
        ]


def test_compass_seats_symbols_digits_doubles_and_written_passes(tmp_path: Path) -> None:
    prose = "South bids 1♥, West says no, North goes 2 hearts, East doubles, South passes, West passes, North passes."
    path = hand(tmp_path, "auction", prose)
    assert found(path) == []
    assert outcome(path) == (2, Strain.HEARTS, 1, Seat.S, Seat.W)


def test_the_others_pass_adds_only_the_passes_that_close_the_auction() -> None:
    told = read_auction_prose("Z bids one heart, A passes, Y two hearts, B passes, and the others pass")
    assert told.problems == []
    assert [str(c) for c, _, _ in told.calls] == ["1♥", "Pass", "2♥", "Pass", "Pass", "Pass"]


def test_contract_and_declarer_given_with_prose_are_checked(tmp_path: Path) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text(
        f'title: t\nrules: auction\ndealer: S\ndeclaration:\n  auction: "{W10_PROSE}"\n  contract: 3♦\n'
        f'  declarer: Y\ndeal: "{DEAL}"\n',
        encoding="utf-8",
    )
    assert [c for c, sev, *_ in found(path) if sev == "error"] == ["contract-mismatch"]


# ---------------------------------------------------------------------------------------------
# Located errors


def test_a_call_out_of_turn_is_an_error_at_its_words_naming_whose_turn_it_was(tmp_path: Path) -> None:
    prose = "Z bids one heart, Y two hearts, B passes, Z passes, A passes."
    path = hand(tmp_path, "auction", prose)
    start = col(prose, "Y two hearts")
    assert found(path)[0] == ("call-out-of-turn", "error", 5, start, start + len("Y two hearts"))
    diag = next(d for d in check_file(path).diagnostics if d.code == "call-out-of-turn")
    assert "A's turn" in diag.message and diag.hint is not None and "A calls next" in diag.hint


def test_the_dealer_calls_first_with_letters_and_with_the_files_compass_dealer(tmp_path: Path) -> None:
    told = read_auction_prose("A bids one heart, and all pass")
    assert [p.code for p in told.problems] == ["call-out-of-turn"] and "Z's turn" in told.problems[0].message
    told = read_auction_prose("North bids one heart, and all pass", dealer="Z")
    assert [p.code for p in told.problems] == ["call-out-of-turn"] and "S's turn" in told.problems[0].message
    assert read_auction_prose("South bids one heart, and all pass", dealer="S").problems == []


def test_an_insufficient_bid_nobody_called_after_is_an_error_at_its_words(tmp_path: Path) -> None:
    prose = "Z bids three royals, A four clubs"
    path = hand(tmp_path, "auction", prose)
    start = col(prose, "A four clubs")
    assert ("insufficient-bid", "error", 5, start, start + len("A four clubs")) in found(path)


def test_unreadable_words_are_one_error_at_them_with_a_readable_form(tmp_path: Path) -> None:
    prose = "Z bids one heart, A hesitates visibly, Y passes, B passes, Z passes."
    path = hand(tmp_path, "auction", prose)
    start = col(prose, "hesitates visibly")
    bad = [f for f in found(path) if f[0] == "bad-call"]
    assert bad == [("bad-call", "error", 5, start, start + len("hesitates visibly"))]
    diag = next(d for d in check_file(path).diagnostics if d.code == "bad-call")
    assert diag.hint is not None and "Z bids one heart, A passes" in diag.hint


def test_calls_and_auction_together_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text(
        f'title: t\nrules: auction\ndealer: S\ndeclaration:\n  calls: {W10_CALLS}\n  auction: "{W10_PROSE}"\n'
        f'deal: "{DEAL}"\n',
        encoding="utf-8",
    )
    assert ("declaration-mixed", "error", 6, 3) in [f[:4] for f in found(path)]


def test_a_bid_shared_by_two_callers_and_a_caller_with_no_call_are_errors() -> None:
    assert [p.code for p in read_auction_prose("Z and A bid one heart").problems] == ["bad-call"]
    told = read_auction_prose("Z bids one heart, A")
    assert [(p.code, p.start) for p in told.problems] == [("bad-call", 18)]


# ---------------------------------------------------------------------------------------------
# The docs' example


def test_the_docs_prose_auction_validates_without_warnings(tmp_path: Path) -> None:
    text = (ROOT / "docs" / "hand-format.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```yaml prose-auction\n(.*?)^```", text, re.S | re.M)
    assert len(blocks) == 1
    path = tmp_path / "doc.yaml"
    path.write_text(blocks[0], encoding="utf-8")
    checked = check_file(path)
    assert [d.code for d in checked.diagnostics if d.severity is not Severity.NOTE] == []
    assert checked.game is not None and checked.game.declaration is not None
    assert checked.game.declaration.declarer is Seat.E


# ---------------------------------------------------------------------------------------------
# No traceback on any text

_WORDS = st.sampled_from(
    [
        "Z",
        "A",
        "Y",
        "B",
        "N",
        "E",
        "S",
        "W",
        "North",
        "south",
        "bids",
        "says",
        "goes",
        "passes",
        "pass",
        "no",
        "doubles",
        "redoubles",
        "and",
        "then",
        "all",
        "the",
        "others",
        "one",
        "two",
        "three",
        "seven",
        "1",
        "4",
        "9",
        "heart",
        "hearts",
        "clubs",
        "royal",
        "royals",
        "spades",
        "no",
        "trumps",
        "no-trump",
        "♥",
        "♠",
        "2NT",
        "3R",
        ",",
        ".",
        ";",
        "“",
        "”",
    ]
)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_random_text_never_raises(text: str) -> None:
    told = read_auction_prose(text)
    for p in told.problems:
        assert 0 <= p.start <= p.end <= len(text)


@settings(max_examples=200, deadline=None)
@given(st.lists(_WORDS, max_size=40), st.sampled_from([None, "Z", "N", "E", "S", "W"]))
def test_mangled_auctions_never_raise_and_every_call_is_located(words: list[str], dealer: str | None) -> None:
    text = " ".join(words)
    told = read_auction_prose(text, dealer)
    for _, start, end in told.calls:
        assert 0 <= start < end <= len(text)


@settings(max_examples=40, deadline=None)
@given(st.lists(_WORDS, max_size=25))
def test_mangled_auctions_in_a_hand_file_never_raise(words: list[str]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        path = hand(Path(d), "auction", '"' + " ".join(words).replace('"', "") + '"')
        checked = check_file(path)
        assert all(x.span is not None for x in checked.diagnostics if x.code == "call-out-of-turn")
