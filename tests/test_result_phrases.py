"""Result phrases (rules-reference §6.1–6.2): parse_result and its diagnostics."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from replayer.record.phrases import Claim, ResultSyntaxError, parse_result
from replayer.rules.cards import Strain

H, D, NT = Strain.HEARTS, Strain.DIAMONDS, Strain.NOTRUMP


def summary(text: str) -> list[tuple[object, ...]]:
    return [(c.side, c.kind, c.value, c.detail, c.strain) for c in parse_result(text)]


# -- the book's result lines and Foster's score narrative -------------------------------------

PHRASES = [
    # Appendix A, hands 1–5
    (
        "Y and Z win 3 by cards and simple honors",
        [("YZ", "by_cards", 3, None, None), ("YZ", "honours", 3, None, None)],
    ),
    (
        "A and B make the odd trick; Y and Z score simple honors",
        [("AB", "by_cards", 1, None, None), ("YZ", "honours", 3, None, None)],
    ),
    (
        "Y and Z win 2 by cards and 30 aces.",
        [("YZ", "by_cards", 2, None, None), ("YZ", "aces", 3, None, None)],
    ),
    (
        "Y and Z win the odd trick and 30 aces",
        [("YZ", "by_cards", 1, None, None), ("YZ", "aces", 3, None, None)],
    ),
    (
        "Y and Z make 4 by cards and simple honors",
        [("YZ", "by_cards", 4, None, None), ("YZ", "honours", 3, None, None)],
    ),
    # Foster p.32: no side, so the scorer's side "WE"
    (
        "made three tricks and simple honors in hearts",
        [("WE", "by_cards", 3, None, None), ("WE", "honours", 3, None, H)],
    ),
    (
        "made five by cards and 30 aces at no-trumps",
        [("WE", "by_cards", 5, None, None), ("WE", "aces", 3, None, NT)],
    ),
    (
        "made a little slam in diamonds, with four honors in one hand",
        [("WE", "slam", "little", None, D), ("WE", "honours", 4, "one_hand", None)],
    ),
    ("scored chicane in diamonds", [("WE", "chicane", "single", None, D)]),
    (
        "made four tricks and four honors between partners in hearts",
        [("WE", "by_cards", 4, None, None), ("WE", "honours", 4, "between_partners", H)],
    ),
    # sides and other awards
    ("we made 2 by cards", [("WE", "by_cards", 2, None, None)]),
    ("they score 32 in honours", [("THEY", "points", 32, None, None)]),
    (
        "Y-Z win a grand slam and 100 aces",
        [("YZ", "slam", "grand", None, None), ("YZ", "aces", 4, "one_hand", None)],
    ),
    (
        "A–B win 6 by cards and 40 aces at no trumps",
        [("AB", "by_cards", 6, None, None), ("AB", "aces", 4, None, NT)],
    ),
    (
        "“Y—Z make the odd trick, with five honours in one hand, 5th in partner’s.”",
        [("YZ", "by_cards", 1, None, None), ("YZ", "honours", 5, "one_hand_fifth_partner", None)],
    ),
    ("B and A score double chicane in spades", [("AB", "chicane", "double", None, Strain.SPADES)]),
    (
        "  Z AND Y   WIN\tSEVEN BY CARDS, SLAM  ",
        [("YZ", "by_cards", 7, None, None), ("YZ", "slam", "grand", None, None)],
    ),
    (
        "A and B won 6 tricks and slam in heart",
        [("AB", "by_cards", 6, None, None), ("AB", "slam", "little", None, H)],
    ),
    ("they made slam", [("THEY", "slam", "little", None, None)]),
    (
        "Y and Z win 3 by cards, and A and B score simple honours",
        [("YZ", "by_cards", 3, None, None), ("AB", "honours", 3, None, None)],
    ),
    (
        "Y and Z win 3 by cards and score four honours in royal spades",
        [("YZ", "by_cards", 3, None, None), ("YZ", "honours", 4, None, Strain.ROYAL_SPADES)],
    ),
    (
        "A and B make 1 trick. We score 24 in honors,",
        [("AB", "by_cards", 1, None, None), ("WE", "points", 24, None, None)],
    ),
]


@pytest.mark.parametrize(("text", "expected"), PHRASES, ids=[p[0][:40] for p in PHRASES])
def test_phrases_parse_to_their_claims(text: str, expected: list[tuple[object, ...]]) -> None:
    assert summary(text) == expected


def test_dealt_marks_only_its_own_clause() -> None:
    claims = parse_result("Y and Z dealt and made 3 by cards; A and B scored simple honours")
    assert [(c.side, c.dealt) for c in claims] == [("YZ", True), ("AB", False)]


@pytest.mark.parametrize(
    ("text", "awards"),
    [
        ("Y and Z win 3 by cards and simple honors", ["3 by cards", "simple honors"]),
        ("A and B make the odd trick; Y and Z score simple honors", ["the odd trick", "simple honors"]),
        (
            "made a little slam in diamonds, with four honors in one hand",
            ["a little slam", "four honors in one hand"],
        ),
        ("Y-Z win a grand slam and 100 aces", ["a grand slam", "100 aces"]),
        ("made five by cards and 30 aces at no-trumps", ["five by cards", "30 aces"]),
    ],
)
def test_award_offsets_cover_the_award(text: str, awards: list[str]) -> None:
    claims = parse_result(text)
    assert [(c.start, c.end) for c in claims] == [(text.index(a), text.index(a) + len(a)) for a in awards]


@pytest.mark.parametrize(
    ("text", "described"),
    [
        ("Y and Z win 3 by cards and simple honors", ["Y–Z win 3 by cards", "Y–Z hold simple honours"]),
        ("A and B make the odd trick and 30 aces", ["A–B win the odd trick", "A–B hold 30 aces"]),
        (
            "we made four honors between partners in hearts",
            ["We hold four honours between partners in hearts"],
        ),
        (
            "they score 32 in honours, 100 aces at no-trumps",
            ["They score 32 in honours", "They hold 100 aces at no-trumps"],
        ),
        ("Y-Z win a grand slam, double chicane", ["Y–Z win a grand slam", "Y–Z have double chicane"]),
    ],
)
def test_describe(text: str, described: list[str]) -> None:
    assert [c.describe() for c in parse_result(text)] == described


# -- errors -----------------------------------------------------------------------------------

ERRORS = [
    # text, where reading fails (a substring, or "" for the very end), words the message must contain
    ("Y and Z win 3 by spades", "spades", "cards"),
    ("Q and Z win 3 by cards", "Q and Z", "unknown side"),
    ("A and Y win 3 by cards", "A and Y", "partners"),
    ("", "", "empty"),
    ("   ", "", "empty"),
    ("Y and Z win 9 by cards", "9", "at most 7"),
    ("Y and Z win 0 tricks", "0", "at least 1"),
    ("Y and Z win 3 by cards and", "", "award"),
    ("Y and Z win 3 by cards foo", "foo", "';'"),
    ("Y and Z take 3 by cards", "take", "verb"),
    ("North and South win 3 by cards", "North", "side"),
    ("Y and Z win 3 by cards in nowhere", "nowhere", "suit"),
    ("Y and Z win 40 aces in one hand", "one", "suit"),
    ("Y and Z win 50 aces", "50", "30, 40 or 100"),
    ("Y and Z score six honours", "six", "three, four or five"),
    ("Y and Z score simple honours in one hand", "one", "suit"),
    ("Y and Z score four honours in one hand, 5th in partner's", "four", "split"),
    ("Y and Z win 3 cards", "cards", "by cards"),
    ("Y and Z win 3 by cards;", "", "verb"),
    ("Y and Z win 3 by cards @ home", "@", "unexpected character"),
    ("Y and Z win the trick", "the", "award"),
    ("the odd trick", "the", "a side"),
]


@pytest.mark.parametrize(("text", "at", "words"), ERRORS, ids=[e[0] or "<empty>" for e in ERRORS])
def test_errors_are_located(text: str, at: str, words: str) -> None:
    with pytest.raises(ResultSyntaxError) as info:
        parse_result(text)
    assert info.value.offset == (text.index(at) if at else len(text.rstrip()) if text.strip() else 0)
    assert words in str(info.value)


def test_by_spades_has_a_hint() -> None:
    with pytest.raises(ResultSyntaxError) as info:
        parse_result("Y and Z win 3 by spades")
    assert info.value.hint is not None and "3 by cards" in info.value.hint


# -- property: built phrases read back as the claims they were built from ---------------------

SIDES = {
    "AB": ["A and B", "A-B", "A–B", "B and A"],
    "YZ": ["Y and Z", "Y-Z", "Y—Z", "z and y"],
    "WE": ["we"],
    "THEY": ["they"],
}
COUNT_WORDS = ["one", "two", "three", "four", "five", "six", "seven"]
STRAINS = {"in hearts": H, "in diamonds": D, "in club": Strain.CLUBS, "at no-trumps": NT, "at no trump": NT}


@st.composite
def awards(draw: st.DrawFn) -> tuple[str, str, tuple[object, ...]]:
    """An award's text, the where after it ("" or " in hearts" …), and (kind, value, detail, strain)."""
    kind = draw(st.sampled_from(["by_cards", "honours", "aces", "points", "slam", "chicane"]))
    value: int | str
    detail: str | None
    if kind == "by_cards":
        n = draw(st.integers(1, 7))
        text = draw(
            st.sampled_from(
                [f"{n} by cards", f"{COUNT_WORDS[n - 1]} by cards", f"{n} tricks"]
                + (["the odd trick", "odd trick"] if n == 1 else [])
            )
        )
        value, detail = n, None
    elif kind == "honours":
        value, word, detail, split = draw(
            st.sampled_from(
                [
                    (3, "simple", None, ""),
                    (4, "four", None, ""),
                    (5, "5", None, ""),
                    (4, "4", "one_hand", " in one hand"),
                    (5, "five", "between_partners", " between partners"),
                    (5, "five", "one_hand_fifth_partner", " in one hand, 5th in partner's"),
                ]
            )
        )
        text = f"{word} {draw(st.sampled_from(['honours', 'honors']))}{split}"
    elif kind == "aces":
        text, value, detail = draw(
            st.sampled_from([("30 aces", 3, None), ("40 aces", 4, None), ("100 aces", 4, "one_hand")])
        )
    elif kind == "points":
        value, detail = draw(st.integers(0, 400)), None
        text = f"{value} in honours"
    elif kind == "slam":
        size = draw(st.sampled_from(["little", "grand"]))
        value, detail = size, None
        text = draw(st.sampled_from(["", "a "])) + size + " slam"
    else:
        value, detail = draw(st.sampled_from(["single", "double"])), None
        text = "chicane" if value == "single" else "double chicane"
    where = draw(st.none() | st.sampled_from(sorted(STRAINS)))
    return text, "" if where is None else " " + where, (kind, value, detail, STRAINS.get(where or ""))


Line = tuple[str, list[tuple[object, ...]], list[tuple[int, str]]]


@st.composite
def result_lines(draw: st.DrawFn) -> Line:
    """A result line, its expected claims, and each award's text as written (for offsets)."""
    text = ""
    expected: list[tuple[object, ...]] = []
    pieces: list[tuple[int, str]] = []
    for i in range(draw(st.integers(1, 3))):
        side = draw(st.sampled_from(sorted(SIDES)))
        if i:
            text += draw(st.sampled_from(["; ", ", ", " and ", ";  and ", ". "]))
        text += f"{draw(st.sampled_from(SIDES[side]))} {draw(st.sampled_from(['win', 'made', 'scores']))} "
        for j in range(draw(st.integers(1, 3))):
            if j:
                text += draw(st.sampled_from([" and ", ", ", ", with ", " with ", " ,  and "]))
            award, where, (kind, value, detail, strain) = draw(awards())
            pieces.append((len(text), award))
            text += award + where
            expected.append((side, kind, value, detail, strain))
    text += draw(st.sampled_from(["", ".", ","]))
    return text, expected, pieces


@given(result_lines(), st.sampled_from([str, str.upper, str.lower]))
def test_built_phrases_parse_back(line: Line, case: Callable[[str], str]) -> None:
    text, expected, pieces = line
    text = case(text)
    claims = parse_result(text)
    assert [(c.side, c.kind, c.value, c.detail, c.strain) for c in claims] == expected
    for claim, (at, award) in zip(claims, pieces, strict=True):
        assert claim.start == at
        assert text[claim.start : claim.end].lower() == award.lower()
    assert all(isinstance(c, Claim) and c.dealt is False for c in claims)
