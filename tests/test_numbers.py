"""``rules.notation.read_number``: the one bounded reader of numbers in text (issue 12, F02–F07, F09).

Every format reads its numbers through it, so what it accepts is what a hand, a PBN or a LIN file
may write: ASCII digits, surrounding blanks, nothing longer than the limit has digits.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replayer.rules.notation import read_number


@pytest.mark.parametrize(
    ("text", "most", "expected"),
    [
        ("0", 13, 0),
        ("7", 13, 7),
        ("13", 13, 13),
        (" 9\t", 13, 9),
        ("9\n", 13, 9),
        ("4300", 9999, 4300),
        ("09", 13, 9),
    ],
)
def test_ascii_digits_up_to_the_limit_are_read(text: str, most: int, expected: int) -> None:
    assert read_number(text, most) == expected


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("14", "over the limit"),
        ("99", "over the limit"),
        ("013", "more digits than the limit has"),
        ("", "empty"),
        ("   ", "blank"),
        ("²", "a superscript two: str.isdigit() is true, int() fails (F02)"),
        ("1²", "a digit and a superscript"),
        ("٣", "an Arabic-Indic three: int() would read it"),
        ("３", "a full-width three: int() would read it"),
        ("1_0", "an underscore: int() would read it"),
        ("+5", "a sign: int() would read it"),
        ("-1", "a negative number"),
        ("1 2", "two numbers"),
        ("0x1", "hexadecimal"),
        ("1.0", "a decimal point"),
        ("seven", "a word"),
    ],
)
def test_anything_else_is_none(text: str, why: str) -> None:
    assert read_number(text, 13) is None, why


def test_thousands_of_digits_are_refused_without_converting_them() -> None:
    """F03, F06, F07: int() of 5,000 digits raises (4,300-digit limit) and of millions is slow."""
    start = time.perf_counter()
    for n in (5_000, 1_000_000):
        assert read_number("9" * n, 13) is None
        assert read_number("0" * n, 13) is None
    assert time.perf_counter() - start < 0.5


@settings(max_examples=300, derandomize=True)
@given(st.text(max_size=40), st.integers(min_value=0, max_value=10**6))
def test_any_text_gives_none_or_a_number_in_range(text: str, most: int) -> None:
    value = read_number(text, most)
    assert value is None or 0 <= value <= most
    if value is not None:
        assert text.strip().isascii() and int(text.strip()) == value


@settings(max_examples=200, derandomize=True)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=10**6))
def test_every_number_written_plainly_is_read_back_when_in_range(n: int, most: int) -> None:
    assert read_number(str(n), most) == (n if n <= most else None)
