"""``replayer read`` in the library (issue 13, items 1 and 2): a book's printed hands are read in the
book's own notation, repaired by the laws where the print or the OCR is wrong, and written as hand
files the project's own loader and validator accept.  The texts are verbatim excerpts of the seeds
(tests/fixtures/books/README.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from replayer.formats.book import BookRead, read_book
from replayer.formats.book.cells import read_cell
from replayer.formats.book.sentences import read_make, read_score, result_tricks
from replayer.formats.book.style import STYLES, detect_style
from replayer.record.diagnostics import Severity
from replayer.record.hand import HandRecord, ReadingRecord
from replayer.record.reader import load
from replayer.rules.cards import Card, Strain, parse_card
from replayer.rules.seats import BookPair, Letter
from replayer.validation.validate import validate

ROOT = Path(__file__).resolve().parent.parent
BOOKS = ROOT / "tests" / "fixtures" / "books"
FOSTER = BOOKS / "foster-1904-hands.txt"
ELWELL_1902 = BOOKS / "elwell-1902-hands.txt"
ELWELL_1904 = BOOKS / "elwell-1904-hands.txt"


def _read(path: Path, *numbers: int, node_limit: int | None = None) -> BookRead:
    text = path.read_text(encoding="utf-8")
    if node_limit is None:
        return read_book(text, str(path), None, numbers)
    return read_book(text, str(path), None, numbers, node_limit)


def _cards(record: HandRecord) -> list[list[Card | None]]:
    return [[c.card if c is not None else None for c in t.cards] for t in record.tricks]


def _readings(record: HandRecord) -> tuple[ReadingRecord, ...]:
    return record.transcription.readings if record.transcription is not None else ()


def _loaded(text: str | None) -> HandRecord:
    assert text is not None
    record, diags = load(text, "hand.yaml")
    assert record is not None, diags
    return record


# --- each style's cell grammar ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("style", "text", "card", "marked"),
    [
        ("elwell-1902", "   10[S]    ", "♠10", False),
        ("elwell-1902", "<f>K[S]</f>", "♠K", True),
        ("elwell-1902", "<f>[C]10</f>  ", "♣10", True),
        ("elwell-1902", "4[C]", "♣4", False),  # clubs after the rank: odd, but read as printed
        ("elwell-1902", "<f>[H]A</f", "♥A", True),  # the e-text's broken markup
        ("elwell-1902", "f>10[D]</f>", "♦10", True),
        ("elwell-1904", "  [10♥] ", "♥10", True),
        ("elwell-1904", "  6♦  ", "♦6", False),
        ("foster-1904", "«  9", "♣9", False),  # an unknown glyph left of the rank: a club
        ("foster-1904", "KO", "♦K", False),  # O right of the rank: a diamond
        ("foster-1904", "100", "♦10", False),  # 10 run into the diamond's 0
        ("foster-1904", "Z>  K", "♥K", False),
        ("foster-1904", "J  ♦", "♠J", False),  # a literal ♦ on the right is a spade by the book's rule
    ],
)
def test_a_cell_reads_as_printed_at_no_cost(style: str, text: str, card: str, marked: bool) -> None:
    cell = read_cell(text, STYLES[style])
    assert cell.candidates[0].card is parse_card(card)
    assert cell.candidates[0].cost == 0
    assert cell.printed is parse_card(card)
    assert cell.marked is marked


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("lO*", {"♠10"}),  # a garbled ten, spade by the right-hand glyph
        ("A  2", {"♣2", "♠A"}),  # glyph A and rank 2, or rank A and glyph 2
        ("A  A", {"♣A", "♠A"}),
        ("S  0", {"♦8", "♦5"}),  # a garbled rank
        ("!     *4", {"♣4"}),  # noise dropped
    ],
)
def test_a_doubtful_ocr_cell_offers_every_cheapest_reading(text: str, cards: set[str]) -> None:
    cell = read_cell(text, STYLES["foster-1904"])
    cheapest = min(c.cost for c in cell.candidates)
    assert cheapest > 0
    assert {str(c.card) for c in cell.candidates if c.cost == cheapest} == cards
    assert cell.printed is None


def test_an_unreadable_cell_has_no_reading_of_its_own() -> None:
    assert read_cell("???", STYLES["elwell-1904"]).candidates == ()


# --- styles, sentences ----------------------------------------------------------------------


def test_each_book_is_recognised_by_its_notation() -> None:
    for path, name in ((FOSTER, "foster-1904"), (ELWELL_1902, "elwell-1902"), (ELWELL_1904, "elwell-1904")):
        style = detect_style(path.read_text(encoding="utf-8"))
        assert style is not None and style.name == name
    assert detect_style("Chapter one. It was a dark and stormy night.") is None


@pytest.mark.parametrize(
    ("sentence", "ab", "yz", "games"),
    [
        (
            "It is the first game, score sixteen to nothing, in favor of the dealer.",
            0,
            16,
            {"AB": 0, "YZ": 0},
        ),
        ("It is the rubber game, score twenty-four all.", 24, 24, {"AB": 1, "YZ": 1}),
        ("The score is 24 to 0 against the dealer on the rubber game.", 24, 0, {"AB": 1, "YZ": 1}),
        ("It is the rubber game, score eight to twenty-four against the dealer.", 24, 8, {"AB": 1, "YZ": 1}),
        (
            "The score is 18 to 0 in favour of the dealer, Z, who has a game in and makes it diamonds",
            0,
            18,
            {"YZ": 1},
        ),
        ("The score is love-all. The dealer, Z, passes the make.", 0, 0, None),
        ("Score, A-B 12; Y-Z o. Dummy calls No- Trumps.", 12, 0, None),
        ("It is the second game, score twenty-four to nothing against the dealer.", 24, 0, None),
    ],
)
def test_the_score_before_the_deal_is_read_from_the_books_words(
    sentence: str, ab: int, yz: int, games: dict[str, int] | None
) -> None:
    score = read_score(sentence)
    assert (score.ab, score.yz, score.games) == (ab, yz, games)
    assert score.quote == sentence


@pytest.mark.parametrize(
    ("sentence", "maker", "strain"),
    [
        ("Z deals and passes the make. Y declares hearts.", Letter.Y, Strain.HEARTS),
        ("The dealer, Z, makes it no-trump. A leads for the first trick.", Letter.Z, Strain.NOTRUMP),
        ("Z, the dealer, declares “no-trumps.”", Letter.Z, Strain.NOTRUMP),
        ("Score, A-B 24 ; Y-Z 8. Dummy declares Hearts.", Letter.Y, Strain.HEARTS),
        ("Score, A-B o; Y-Z 8. Dealer declares No- Trumps.", Letter.Z, Strain.NOTRUMP),
        ("The dealer, Z, makes it hearts, having four honours in one hand.", Letter.Z, Strain.HEARTS),
    ],
)
def test_the_make_is_read_from_the_books_words(sentence: str, maker: Letter, strain: Strain) -> None:
    make = read_make(sentence)
    assert make is not None and (make.maker, make.strain) == (maker, strain)


def test_a_result_line_gives_the_search_a_trick_total() -> None:
    assert result_tricks("The dealer wins ten tricks.") == (BookPair.YZ, 10)
    assert result_tricks("The dealer loses three by-cards and the rubber.") == (BookPair.AB, 9)
    assert result_tricks("The dealer makes a small slam.") == (BookPair.YZ, 12)
    assert result_tricks("Nothing to see here") is None


# --- Foster's OCR: the five hands equal the hand-made files ----------------------------------


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5])
def test_fosters_hands_read_from_the_ocr_equal_the_corpus(number: int) -> None:
    (hand,) = _read(FOSTER, number).hands
    mine = _loaded(hand.text)
    theirs = _loaded((ROOT / "hands" / "foster-1904" / f"hand-{number}.yaml").read_text(encoding="utf-8"))
    assert _cards(mine) == _cards(theirs)
    # every cell the reader had to decide is listed, with its printed text and a reason
    listed = {(r.trick, r.seat) for r in _readings(mine)}
    assert listed == {(s.trick, s.letter.name) for s in hand.readings}
    for r in _readings(mine):
        assert r.source_text and r.reason
    # the hand-made record's doubtful cells are all among the reader's, but for those the book's
    # rule alone reads as that card at no cost (an unusual glyph, a ten run into the 0)
    foster = STYLES["foster-1904"]
    for r in _readings(theirs):
        assert (r.trick, r.seat) in listed or read_cell(r.source_text, foster).printed is r.card, r


def test_a_reading_names_the_fact_that_settled_it() -> None:
    (hand,) = _read(FOSTER, 1).hands
    reasons = {(s.trick, s.letter.name): s.reason for s in hand.readings}
    assert "A plays ♠4 at trick 8" in reasons[(1, "A")]
    assert "the ♠A is Z's at trick 8" in reasons[(1, "B")]
    assert "B must follow clubs" in reasons[(1, "B")]


# --- Elwell's two books: every hand read and valid --------------------------------------------


@pytest.mark.parametrize(("path", "count"), [(ELWELL_1902, 12), (ELWELL_1904, 40), (FOSTER, 5)])
def test_every_hand_the_reader_writes_validates_with_no_error(path: Path, count: int) -> None:
    book = _read(path)
    assert [h.number for h in book.hands] == list(range(1, count + 1))
    no_result = []
    for hand in book.hands:
        record = _loaded(hand.text)
        game, diags = validate(record)
        errors = [d for d in diags if d.severity is Severity.ERROR]
        assert game is not None and not errors, (hand.number, errors)
        assert hand.ok
        assert record.source is not None and record.source.hand.value == str(hand.number)
        if record.result is None:
            no_result.append(hand.number)
        # every warning is about the book, and the file records it
        warnings = {d.code for d in diags if d.severity is Severity.WARNING}
        assert warnings <= {"book-card", "book-mark", "book-deal", "book-result"}, (hand.number, warnings)
        assert len(record.book_errors) == len(hand.errors)
    assert no_result == ([35] if count == 40 else [])  # Advanced Bridge prints no result under Hand 35


def test_a_misprinted_card_becomes_the_books_error_elwell_1902_hand_12() -> None:
    (hand,) = _read(ELWELL_1902, 12).hands
    (error,) = _loaded(hand.text).book_errors
    assert (error.about, error.trick, error.seat) == ("card", 6, "Y")
    fixture = _loaded((ROOT / "tests" / "fixtures" / "valid" / "book-card.yaml").read_text(encoding="utf-8"))
    (made,) = fixture.book_errors
    assert (error.printed, error.reading) == (made.printed, made.reading)
    assert _cards(_loaded(hand.text)) == _cards(fixture)
    assert "the diagram gives Y ♠9 8 7 6" in (error.text or "")
    assert any(d.code == "read-tie" for d in hand.diagnostics)


def test_a_mark_the_cards_contradict_is_kept_and_recorded_as_the_books_error() -> None:
    # Elwell 1904 Hand 31 brackets dummy's ♣J at trick 13, where the dealer's ♣A falls
    (hand,) = _read(ELWELL_1904, 31).hands
    (note,) = [d for d in hand.diagnostics if d.code == "read-mark"]
    assert note.severity is Severity.NOTE and note.span is not None and note.span.line > 1
    record = _loaded(hand.text)
    last = record.tricks[12].cards[1]
    assert last is not None and last.card is parse_card("♣J") and last.marked  # kept as printed
    (error,) = record.book_errors
    assert (error.about, error.trick, error.seat) == ("mark", 13, "Y")
    text = error.text or ""
    assert "Y's ♣J" in text and "Z's ♣A wins it" in text and "highest club" in text
    assert "either way" in text  # the same side wins the trick
    assert [d.code for d in validate(record)[1] if d.severity is not Severity.NOTE] == ["book-mark"]


def test_a_mark_that_gives_the_trick_to_the_wrong_side_says_so() -> None:
    text = ELWELL_1904.read_text(encoding="utf-8")
    row = "  |   1   |   6♦  |  [A♦] |   9♦  |   3♦   |"
    assert row in text
    (hand,) = read_book(
        text.replace(row, "  |   1   | [6♦]  |   A♦  |   9♦  |   3♦   |", 1), "m.txt", None, [1]
    ).hands
    (error,) = _loaded(hand.text).book_errors
    assert (error.about, error.trick, error.seat) == ("mark", 1, "A")
    assert "no trump (hearts) is played" in (error.text or "")
    assert "The mark gives the trick to A–B; the cards give it to Y–Z." in (error.text or "")
    assert hand.ok


@pytest.mark.parametrize(
    ("number", "seat", "printed", "reading", "facts"),
    [
        (
            14,
            "A",
            "♠ K Q 5",
            "♣K86",
            [
                "A's ♠ K Q 5 twice and no clubs",
                "♣K 8 6 (tricks 5, 8 and 13)",
                "the three clubs no other hand holds",
            ],
        ),
        (
            19,
            "Z",
            "♥ J 10 7 4",
            "♥J107",
            [
                "Z's hearts as ♥ J 10 7 4",
                "Z ♥J 10 7",
                "the ♥4 is B's (trick 4), and the diagram prints it for B too",
            ],
        ),
    ],
)
def test_a_diagram_that_is_not_a_deal_gives_the_deal_from_the_cards_and_its_misprint(
    number: int, seat: str, printed: str, reading: str, facts: list[str]
) -> None:
    (hand,) = _read(ELWELL_1904, number).hands
    (note,) = [d for d in hand.diagnostics if d.code == "read-diagram"]
    assert note.severity is Severity.NOTE and "not a deal" in note.message
    record = _loaded(hand.text)
    typed = _loaded((ROOT / "hands" / "elwell-1904" / f"hand-{number}.yaml").read_text(encoding="utf-8"))
    assert record.deal is not None and typed.deal is not None
    assert {k: sorted(c.card for c in v) for k, v in record.deal.items()} == {
        k: sorted(c.card for c in v) for k, v in typed.deal.items()
    }
    (error,) = record.book_errors
    assert (error.about, error.seat, error.printed_text) == ("deal", seat, printed)
    assert error.suit is not None and error.holding is not None
    assert error.suit.symbol + "".join(c.rank.display for c in error.holding) == reading
    for fact in facts:
        assert fact in (error.text or ""), fact
    assert [d.code for d in validate(record)[1] if d.severity is not Severity.NOTE] == ["book-deal"]
    assert hand.ok


def test_every_line_of_a_broken_diagram_the_cards_contradict_is_an_entry() -> None:
    # Elwell 1904 Hand 1 with three slips in its diagram: Y's club line dropped, A's spades printed
    # as a second club line, and A's ♦6 printed in B's diamonds as well
    text = ELWELL_1904.read_text(encoding="utf-8")
    for old, new in (
        (
            "                ♣ A 6 5 3                    No. 1\n",
            "                                             No. 1\n",
        ),
        ("  ♠ J 6 5      |", "  ♣ 9 3 2      |"),
        ("|  ♦ J 9\n", "|  ♦ J 9 6\n"),
    ):
        assert old in text
        text = text.replace(old, new, 1)
    (hand,) = read_book(text, "broken.txt", None, [1]).hands
    record = _loaded(hand.text)
    found = {
        (e.seat, e.printed_text, str(e.suit), len(e.holding or ())): e.text or "" for e in record.book_errors
    }
    assert set(found) == {("A", "♣ 9 3 2", "♠", 3), ("Y", "(no line)", "♣", 4), ("B", "♦ J 9 6", "♦", 2)}
    assert "a second club line for A, ♣ 9 3 2, and no spades" in found[("A", "♣ 9 3 2", "♠", 3)]
    assert "of which the diagram gives the ♣3 to A" in found[("Y", "(no line)", "♣", 4)]
    assert "the ♦6 is A's (trick 1)" in found[("B", "♦ J 9 6", "♦", 2)]
    codes = [d.code for d in validate(record)[1] if d.severity is not Severity.NOTE]
    assert codes == ["book-deal"] * 3
    assert _cards(record) == _cards(_loaded(_read(ELWELL_1904, 1).hands[0].text))


def test_a_result_line_the_cards_contradict_is_recorded_for_the_editor_to_confirm() -> None:
    # Foster's Hand 2: the result line gives Y–Z simple honours; the cards give them four
    (hand,) = _read(FOSTER, 2).hands
    assert hand.text is not None and hand.ok
    record = _loaded(hand.text)
    (error,) = record.book_errors
    typed = _loaded((ROOT / "hands" / "foster-1904" / "hand-2.yaml").read_text(encoding="utf-8"))
    assert [(e.about, e.part) for e in typed.book_errors] == [(error.about, error.part)]
    assert "simple honours (three), but they held four" in (error.text or "")
    above = hand.text[: hand.text.index("  - {about: result")].splitlines()[-2:]
    assert all(line.startswith("  # ") for line in above) and "Confirm" in above[0] + above[1]
    assert [d.code for d in hand.diagnostics if d.severity is Severity.WARNING] == ["book-result"]


# --- the search: ambiguity and its bound ------------------------------------------------------


def _foster_hand_1_with(trick4_z: str, trick7_z: str) -> str:
    text = FOSTER.read_text(encoding="utf-8")
    head = text.index("HAND   NO.    1")
    body = text[head:]
    body = body.replace("\n4  0 \n\n5  0 \n\n5 \n", f"\n4  0 \n\n{trick4_z} \n\n5 \n", 1)
    body = body.replace("\nKO \n\n8  0 \n\n8 \n", f"\nKO \n\n{trick7_z} \n\n8 \n", 1)
    return text[:head] + body


def test_two_equally_good_readings_are_reported_with_both() -> None:
    # Z's ♦5 (trick 4) and ♦8 (trick 7) both printed "S  0": either way round is legal
    text = _foster_hand_1_with("S  0", "S  0")
    assert text.count("\nS  0 \n") == FOSTER.read_text(encoding="utf-8").count("\nS  0 \n") + 2
    (hand,) = read_book(text, "synthetic.txt", None, [1]).hands
    ambiguous = [d for d in hand.diagnostics if d.code == "read-ambiguous"]
    assert len(ambiguous) == 2
    for d in ambiguous:
        assert "♦8" in d.message and "♦5" in d.message
        assert d.severity is Severity.WARNING and d.span is not None and d.span.path == "synthetic.txt"


def test_the_search_stops_at_its_node_limit_with_a_diagnostic() -> None:
    (hand,) = _read(FOSTER, 3, node_limit=20).hands
    assert hand.text is None
    (limit,) = [d for d in hand.diagnostics if d.code == "read-search-limit"]
    assert limit.severity is Severity.ERROR and "20" in limit.message and limit.hint


def test_a_clean_table_is_read_in_one_pass() -> None:
    (hand,) = _read(ELWELL_1904, 1).hands
    assert hand.nodes == 52 and hand.settled == 0


def test_two_blank_cells_that_could_swap_are_both_ambiguous() -> None:
    # Elwell 1902 Hand 1 with two of Z's cells blanked (tricks 10 and 11): the diagram leaves him
    # ♦2 and ♦3 for them, and the laws allow either order
    text = ELWELL_1902.read_text(encoding="utf-8")
    text = text.replace("|       2[D]    |\n    |  11", "|       ?       |\n    |  11", 1)
    text = text.replace("|       3[D]    |\n    |  12", "|       ?       |\n    |  12", 1)
    (blank,) = read_book(text, "blank.txt", "elwell-1902", [1]).hands
    codes = [d.code for d in blank.diagnostics]
    assert codes.count("read-ambiguous") == 2, codes


# --- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "read-not-a-book"),
        ("The quick brown fox.\n" * 50, "read-not-a-book"),
        ("ILLUSTRATIVE HAND NO. 1\n<f>K[S]</f>\n", "read-table-short"),
    ],
)
def test_bad_input_is_a_located_diagnostic(text: str, code: str) -> None:
    book = read_book(text, "bad.txt")
    found = [*book.diagnostics, *(d for h in book.hands for d in h.diagnostics)]
    assert code in [d.code for d in found]
    for d in found:
        assert d.span is not None and d.span.path == "bad.txt" and d.span.line >= 1 and d.hint


def test_a_table_cut_short_is_reported_at_its_last_row() -> None:
    text = ELWELL_1904.read_text(encoding="utf-8")
    cut = text.index("|   9   |   4♣  |  [A♣] |")
    (hand,) = read_book(text[:cut], "cut.txt", None, [1]).hands
    (short,) = [d for d in hand.diagnostics if d.code == "read-table-short"]
    assert "8 rows" in short.message and short.span is not None and short.span.line > 60
    assert hand.text is None


def test_a_hand_not_in_the_book_is_reported() -> None:
    book = _read(ELWELL_1902, 3, 99)
    assert [h.number for h in book.hands] == [3]
    assert [d.code for d in book.diagnostics] == ["read-hand-missing"]
