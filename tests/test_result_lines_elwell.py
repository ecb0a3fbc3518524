"""Issue 13, item 4: every result line of the illustrative hands of Elwell's two books and Foster's
five is read, into the claims it makes, and those claims are checked against the cards.

The lines are quoted verbatim, each with its book and hand number:

* Elwell 1902: J. B. Elwell, *Bridge: its Principles and Rules of Play* (1902; Project Gutenberg
  #38000, ``seeds/005_elwell_1902_bridge_full.txt``), Illustrative Hands 1–12.
* Elwell 1904: J. B. Elwell, *Advanced Bridge* (1904; Project Gutenberg #51216,
  ``seeds/006_elwell_1904_advanced_bridge.txt``), Illustrative Hands 1–40.  Hand 35 prints no
  result line in the e-text (its trick table is followed by Hand 36's heading), so 39 lines.
* Foster 1904: R. F. Foster, *The Gist of Bridge* (1904), Illustrative Hands 1–5, as in
  ``hands/foster-1904/``.

Each Elwell row also gives Y–Z's tricks counted from the book's own trick table (the winning card
it marks: ``<f>…</f>`` in 1902, ``[…]`` in 1904), and the claims must agree with that count.  In
1902's Hand 8 the mark of trick 13 is printed ``f>10[D]</f>`` (Y's ♦10 wins it).
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest

from replayer.record.phrases import AwardKind, Claim, ResultSyntaxError, parse_result
from replayer.rules.seats import BookPair
from replayer.validation.files import check_file

YZ, AB = BookPair.YZ, BookPair.AB
BY, TOTAL, SLAM, RUBBER = AwardKind.BY_CARDS, AwardKind.TRICKS, AwardKind.SLAM, AwardKind.RUBBER
HONOURS, ACES = AwardKind.HONOURS, AwardKind.ACES
HAND_1 = Path(__file__).resolve().parents[1] / "hands" / "foster-1904" / "hand-1.yaml"


class Cite(NamedTuple):
    year: str  # "1902" (Bridge) or "1904" (Advanced Bridge) for Elwell; "Foster" for the Gist
    hand: int

    def __str__(self) -> str:
        book = "Foster 1904" if self.year == "Foster" else f"Elwell {self.year}"
        return f"{book}, Hand {self.hand}"


Expected = list[tuple[BookPair, AwardKind, int | str]]

#: (citation, the line verbatim, its claims (side, kind, value), Y–Z's tricks in the book's table)
ELWELL_1902: list[tuple[Cite, str, Expected, int]] = [
    (Cite("1902", 1), "The dealer wins ten tricks.", [(YZ, TOTAL, 10)], 10),
    (Cite("1902", 2), "The dealer wins nine tricks.", [(YZ, TOTAL, 9)], 9),
    (Cite("1902", 3), "The dealer wins ten tricks.", [(YZ, TOTAL, 10)], 10),
    (Cite("1902", 4), "The dealer wins ten tricks.", [(YZ, TOTAL, 10)], 10),
    (Cite("1902", 5), "The dealer wins ten tricks.", [(YZ, TOTAL, 10)], 10),
    (Cite("1902", 6), "The dealer makes a grand slam.", [(YZ, SLAM, "grand")], 13),
    (Cite("1902", 7), "The dealer makes a little slam.", [(YZ, SLAM, "little")], 12),
    (Cite("1902", 8), "The dealer wins eleven tricks.", [(YZ, TOTAL, 11)], 11),
    (Cite("1902", 9), "The dealer wins ten tricks.", [(YZ, TOTAL, 10)], 10),
    (Cite("1902", 10), "The dealer makes a little slam.", [(YZ, SLAM, "little")], 12),
    (Cite("1902", 11), "The dealer makes a little slam.", [(YZ, SLAM, "little")], 12),
    (
        Cite("1902", 12),
        "The dealer loses three by-cards and the rubber.",
        [(AB, BY, 3), (AB, RUBBER, "rubber")],
        4,
    ),
]

ELWELL_1904: list[tuple[Cite, str, Expected, int]] = [
    (Cite("1904", 1), "The dealer makes a small slam.", [(YZ, SLAM, "little")], 12),
    (Cite("1904", 2), "The dealer wins two odd tricks.", [(YZ, BY, 2)], 8),
    (Cite("1904", 3), "The dealer makes a small slam.", [(YZ, SLAM, "little")], 12),
    (Cite("1904", 4), "The dealer wins three odd tricks.", [(YZ, BY, 3)], 9),
    (Cite("1904", 5), "The dealer makes a small slam.", [(YZ, SLAM, "little")], 12),
    (Cite("1904", 6), "The dealer wins five odd tricks.", [(YZ, BY, 5)], 11),
    (Cite("1904", 7), "The dealer wins four odd tricks.", [(YZ, BY, 4)], 10),
    (Cite("1904", 8), "The dealer makes a small slam.", [(YZ, SLAM, "little")], 12),
    (Cite("1904", 9), "The dealer makes a small slam.", [(YZ, SLAM, "little")], 12),
    (Cite("1904", 10), "The dealer makes a small slam.", [(YZ, SLAM, "little")], 12),
    (Cite("1904", 11), "The dealer wins four odd tricks.", [(YZ, BY, 4)], 10),
    (Cite("1904", 12), "The dealer makes a small slam.", [(YZ, SLAM, "little")], 12),
    (Cite("1904", 13), "The dealer wins four odd tricks.", [(YZ, BY, 4)], 10),
    (Cite("1904", 14), "The dealer wins three odd tricks.", [(YZ, BY, 3)], 9),
    (Cite("1904", 15), "The dealer makes a small slam.", [(YZ, SLAM, "little")], 12),
    (Cite("1904", 16), "The dealer loses two odd tricks.", [(AB, BY, 2)], 5),
    (Cite("1904", 17), "The dealer wins four odd tricks.", [(YZ, BY, 4)], 10),
    (Cite("1904", 18), "The dealer wins four odd tricks.", [(YZ, BY, 4)], 10),
    (Cite("1904", 19), "The dealer wins two odd tricks.", [(YZ, BY, 2)], 8),
    (Cite("1904", 20), "The dealer wins four odd tricks.", [(YZ, BY, 4)], 10),
    (Cite("1904", 21), "The dealer wins two odd tricks.", [(YZ, BY, 2)], 8),
    (Cite("1904", 22), "The dealer wins four odd tricks.", [(YZ, BY, 4)], 10),
    (Cite("1904", 23), "The dealer wins five odd tricks.", [(YZ, BY, 5)], 11),
    (Cite("1904", 24), "The dealer loses three odd tricks.", [(AB, BY, 3)], 4),
    (Cite("1904", 25), "The dealer loses three odd tricks.", [(AB, BY, 3)], 4),
    (Cite("1904", 26), "The dealer loses two odd tricks.", [(AB, BY, 2)], 5),
    (Cite("1904", 27), "The dealer wins the odd trick.", [(YZ, BY, 1)], 7),
    (Cite("1904", 28), "The dealer loses three odd tricks.", [(AB, BY, 3)], 4),
    (Cite("1904", 29), "The dealer loses four odd tricks.", [(AB, BY, 4)], 3),
    (Cite("1904", 30), "The dealer loses four odd tricks.", [(AB, BY, 4)], 3),
    (Cite("1904", 31), "The dealer wins the odd trick.", [(YZ, BY, 1)], 7),
    (Cite("1904", 32), "The dealer wins the odd trick.", [(YZ, BY, 1)], 7),
    (Cite("1904", 33), "The dealer wins two by cards.", [(YZ, BY, 2)], 8),
    (Cite("1904", 34), "The dealer loses two odd tricks.", [(AB, BY, 2)], 5),
    (Cite("1904", 36), "The dealer loses the odd trick.", [(AB, BY, 1)], 6),
    (Cite("1904", 37), "The dealer makes a small slam.", [(YZ, SLAM, "little")], 12),
    (Cite("1904", 38), "The dealer loses the odd trick.", [(AB, BY, 1)], 6),
    (Cite("1904", 39), "The dealer makes a small slam.", [(YZ, SLAM, "little")], 12),
    (Cite("1904", 40), "The dealer wins four odd tricks.", [(YZ, BY, 4)], 10),
]

#: Foster's five (hands/foster-1904/hand-N.yaml, ``result:``): (citation, line, claims)
FOSTER_1904: list[tuple[Cite, str, Expected]] = [
    (Cite("Foster", 1), "Y and Z win 3 by cards and simple honors.", [(YZ, BY, 3), (YZ, HONOURS, 3)]),
    (
        Cite("Foster", 2),
        "A and B make the odd trick; Y and Z score simple honors",
        [(AB, BY, 1), (YZ, HONOURS, 3)],
    ),
    (Cite("Foster", 3), "Y and Z make 4 by cards and simple honors", [(YZ, BY, 4), (YZ, HONOURS, 3)]),
    (Cite("Foster", 4), "Y and Z win 2 by cards and 30 aces.", [(YZ, BY, 2), (YZ, ACES, 3)]),
    (Cite("Foster", 5), "Y and Z win the odd trick and 30 aces.", [(YZ, BY, 1), (YZ, ACES, 3)]),
]

ELWELL = ELWELL_1902 + ELWELL_1904


def claims_of(text: str) -> list[tuple[object, ...]]:
    return [(c.side, c.kind, c.value) for c in parse_result(text)]


def yz_tricks(claims: list[Claim]) -> int | None:
    """Y–Z's tricks as the claims give them (a total, by cards or a slam, for either side)."""
    for c in claims:
        if c.kind is TOTAL:
            n = int(c.value)
        elif c.kind is BY:
            n = 6 + int(c.value)
        elif c.kind is SLAM:
            n = 12 if c.value == "little" else 13
        else:
            continue
        return n if c.side is YZ else 13 - n
    return None


def test_every_line_of_the_three_books_is_here() -> None:
    assert (len(ELWELL_1902), len(ELWELL_1904), len(FOSTER_1904)) == (12, 39, 5)
    assert sorted(c.hand for c, *_ in ELWELL_1904) == [n for n in range(1, 41) if n != 35]


@pytest.mark.parametrize(("cite", "text", "expected", "table"), ELWELL, ids=[str(r[0]) for r in ELWELL])
def test_each_elwell_line_reads_into_its_claims(
    cite: Cite, text: str, expected: Expected, table: int
) -> None:
    assert claims_of(text) == expected, cite


@pytest.mark.parametrize(("cite", "text", "expected", "table"), ELWELL, ids=[str(r[0]) for r in ELWELL])
def test_each_elwell_line_agrees_with_the_books_trick_table(
    cite: Cite, text: str, expected: Expected, table: int
) -> None:
    assert yz_tricks(parse_result(text)) == table, cite


@pytest.mark.parametrize(("cite", "text", "expected"), FOSTER_1904, ids=[str(r[0]) for r in FOSTER_1904])
def test_each_foster_line_reads_into_its_claims(cite: Cite, text: str, expected: Expected) -> None:
    assert claims_of(text) == expected, cite
    assert f'result: "{text}"' in (HAND_1.parent / f"hand-{cite.hand}.yaml").read_text(encoding="utf-8")


# -- the grammar around these lines --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a total is a total from eight tricks, whoever is named; "the dealer" counts totals below
        ("Y and Z win ten tricks", [(YZ, TOTAL, 10)]),
        ("The adversaries win four tricks", [(AB, TOTAL, 4)]),
        ("The dealer loses nine tricks", [(AB, TOTAL, 9)]),
        ("the dealer wins 13 tricks", [(YZ, TOTAL, 13)]),
        # Foster's narrative keeps "n tricks" as n by cards (rules-reference §6.1)
        ("made three tricks and simple honors in hearts", [("WE", BY, 3), ("WE", HONOURS, 3)]),
        # by cards, however written
        ("The dealer wins 2 by-cards", [(YZ, BY, 2)]),
        ("The dealer wins one odd trick", [(YZ, BY, 1)]),
        ("Y and Z lose the odd trick", [(AB, BY, 1)]),
        ("we lost 2 by cards", [("THEY", BY, 2)]),
        # the game and the rubber; a later clause keeps the side named, not the side a loss gave
        ("The dealer wins four odd tricks and the game", [(YZ, BY, 4), (YZ, AwardKind.GAME, "game")]),
        (
            "The dealer loses the odd trick and scores simple honours",
            [(AB, BY, 1), (YZ, HONOURS, 3)],
        ),
        (
            "A and B win 3 by cards, game and rubber",
            [(AB, BY, 3), (AB, AwardKind.GAME, "game"), (AB, RUBBER, "rubber")],
        ),
    ],
)
def test_the_phrases_of_these_books(text: str, expected: list[tuple[object, ...]]) -> None:
    assert claims_of(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "The dealer wins fourteen tricks",
        "The dealer wins 14 tricks",
        "The dealer wins eight odd tricks",
        "Y and Z win 3 odd",
    ],
)
def test_impossible_counts_are_refused(text: str) -> None:
    with pytest.raises(ResultSyntaxError):
        parse_result(text)


def test_claims_describe_themselves() -> None:
    assert [c.describe() for c in parse_result("The dealer loses three by-cards and the rubber.")] == [
        "A–B win 3 by cards",
        "A–B win the rubber",
    ]
    assert [c.describe() for c in parse_result("The dealer wins ten tricks.")] == ["Y–Z win 10 tricks"]


# -- checked against the cards: Foster's Hand 1 (Y–Z win nine tricks, 24 below from 8: the game) --


def _codes(tmp_path: Path, result: str) -> set[tuple[str, str]]:
    text = HAND_1.read_text(encoding="utf-8")
    old = 'result: "Y and Z win 3 by cards and simple honors."'
    assert old in text
    path = tmp_path / "hand.yaml"
    path.write_text(text.replace(old, f'result: "{result}"'), encoding="utf-8")
    return {(d.code, d.severity.value) for d in check_file(path).diagnostics}


@pytest.mark.parametrize(
    "result",
    [
        "The dealer wins nine tricks and the game.",
        "The dealer wins three odd tricks.",
        "The dealer wins 3 by-cards and the rubber.",
        "The adversaries win four tricks.",
        "The adversaries lose three by-cards.",
    ],
)
def test_lines_that_agree_with_the_cards_pass(tmp_path: Path, result: str) -> None:
    assert _codes(tmp_path, result) == set()


@pytest.mark.parametrize(
    "result",
    [
        "The dealer wins ten tricks.",  # nine
        "The dealer loses three by-cards.",  # Y–Z win them
        "The adversaries win the game.",  # Y–Z win it
        "The dealer wins eight tricks and the game.",  # the count is wrong, the game right
    ],
)
def test_lines_the_cards_contradict_are_errors(tmp_path: Path, result: str) -> None:
    assert ("result-tricks", "error") in _codes(tmp_path, result)
