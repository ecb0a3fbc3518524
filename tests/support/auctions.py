"""Auctions written as a line of calls, and the problems found in them as (index, code)."""

from __future__ import annotations

from typing import Any

from replayer.rules.auction import Call, scan_calls


def calls(text: str) -> list[Call]:
    tokens = scan_calls(text)
    assert [t.error for t in tokens if t.error] == []
    return [t.call for t in tokens if t.call is not None]


def codes(problems: list[Any]) -> list[tuple[int, str]]:
    return [(p.index, p.code) for p in problems]
