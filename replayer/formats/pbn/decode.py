"""Decoding a game once its tags are read: the values of the tags in force (dealer,
vulnerability, deal, declarer, contract, result), the checks of the other tags' forms, the
notes of each section, and the auction and play sections, each checked against the others."""

from __future__ import annotations

import re

from ...record.diagnostics import Severity, Span
from ...rules.notation import VULNERABILITY_WORDS, read_number
from .auction import check_auction_outcome, decode_auction
from .model import PbnGame, PbnTag, PbnToken
from .notation import seat_or_none
from .play import check_result, decode_play
from .problems import Problems, shown
from .project import check_project_tags
from .tags import TABLE_TAGS
from .values import VALUE_CHECKS, check_rubber_history, check_table, parse_contract, parse_deal, parse_result

__all__ = ["decode_game"]

#: the notes of each section, by index: their texts and their tags
_Notes = dict[str, dict[int, str]]
_NoteTags = dict[str, dict[int, PbnTag]]


def _unknown(v: str) -> bool:
    return v.strip() in ("", "?")


def decode_game(game: PbnGame, p: Problems, path: str) -> None:
    first = _tags_in_force(game, p)
    deal_total = _decode_values(game, first, p, path)
    for name, t in first.items():
        if t.implicit:  # carried on by '##' from the game that wrote it, and checked there
            continue
        check = VALUE_CHECKS.get(name)
        if check is not None and not _unknown(t.value):
            check(t, p)
        if name in TABLE_TAGS:
            check_table(t, p)
    check_rubber_history(game, first, p)
    notes, note_tags = _section_notes(game, first, p)
    auction_tag, play_tag = first.get("Auction"), first.get("Play")
    if auction_tag is not None:
        _decode_auction_section(game, first, auction_tag, notes, note_tags, p, path)
    if play_tag is not None:
        _decode_play_section(game, first, play_tag, deal_total, notes, note_tags, p, path)
    check_result(game, first, deal_total, p)
    check_project_tags(game, first, p)


def _tags_in_force(game: PbnGame, p: Problems) -> dict[str, PbnTag]:
    """The first tag of each name (notes aside); a later one written again is reported."""
    first: dict[str, PbnTag] = {}
    for tg in game.tags:
        if tg.name == "Note":
            continue
        if tg.name in first:
            if not tg.implicit:
                p.add(
                    "pbn-duplicate-tag",
                    Severity.WARNING,
                    f"[{tg.name}] again (ignored, as the standard says)",
                    tg.line,
                    tg.col,
                )
            continue
        first[tg.name] = tg
    return first


def _decode_values(game: PbnGame, first: dict[str, PbnTag], p: Problems, path: str) -> int:
    """The mandatory tags' values onto the game; the number of cards in a hand of the deal."""

    def given(name: str) -> PbnTag | None:
        t = first.get(name)
        if t is None or _unknown(t.value):
            return None
        game.spans[name.lower()] = Span(path, t.line, t.col)
        return t

    if (t := given("Dealer")) is not None:
        _decode_dealer(game, t, p)
    if (t := given("Vulnerable")) is not None:
        _decode_vulnerable(game, t, p)
    deal_total = 13
    if (t := given("Deal")) is not None:
        game.deal, deal_total = parse_deal(t, p)
    if (t := given("Declarer")) is not None:
        _decode_declarer(game, t, p)
    if (t := given("Contract")) is not None:
        game.contract = parse_contract(t, p, deal_total)
    if (t := given("Result")) is not None:
        parse_result(game, t, p)
    return deal_total


def _decode_dealer(game: PbnGame, t: PbnTag, p: Problems) -> None:
    game.dealer = seat_or_none(t.value)
    if game.dealer is None:
        p.error("pbn-bad-value", f"cannot read the dealer {t.value!r}", t.line, t.col, "write N, E, S or W")


def _decode_vulnerable(game: PbnGame, t: PbnTag, p: Problems) -> None:
    game.vulnerable = VULNERABILITY_WORDS.get(t.value.strip().lower())
    if game.vulnerable is None:
        p.error(
            "pbn-bad-value",
            f"cannot read the vulnerability {t.value!r}",
            t.line,
            t.col,
            "write None, NS, EW or All",
        )


def _decode_declarer(game: PbnGame, t: PbnTag, p: Problems) -> None:
    v = t.value.strip()
    game.declarer_irregular = v.startswith("^")
    game.declarer = seat_or_none(v[1:] if game.declarer_irregular else v)
    if game.declarer is None:
        p.error(
            "pbn-bad-value",
            f"cannot read the declarer {t.value!r}",
            t.line,
            t.col,
            "write N, E, S or W (^S for a swapped dummy)",
        )


# ---------------------------------------------------------------------------------------------
# The notes: each explains a call or card of the section it follows


def _section_notes(game: PbnGame, first: dict[str, PbnTag], p: Problems) -> tuple[_Notes, _NoteTags]:
    """The ``[Note]`` tags of the auction and of the play, by index."""
    section_of: dict[int, str] = {}
    current = ""
    for t in game.tags:
        if t.name in ("Auction", "Play"):
            current = t.name if t is first.get(t.name) else ""
        elif t.name == "Note":
            section_of[id(t)] = current
    notes: _Notes = {"Auction": {}, "Play": {}}
    note_tags: _NoteTags = {"Auction": {}, "Play": {}}
    for t in game.notes:
        m = re.match(r"^([0-9]+):(.*)$", t.value, re.DOTALL)
        if m is None:
            p.error("pbn-note", f"cannot read the note {t.value!r}", t.line, t.col, 'write [Note "n:text"]')
            continue
        index = read_number(m.group(1), 32)
        if index is None or index < 1:
            p.error("pbn-note", f"note index {shown(m.group(1))} is outside 1…32", t.line, t.col)
        if index is None:
            continue
        where = section_of.get(id(t), "")
        if not where:
            p.add(
                "pbn-note-place",
                Severity.WARNING,
                "[Note] outside the auction and play sections",
                t.line,
                t.col,
                "notes follow the auction or play section they explain",
            )
            continue
        if index in notes[where]:
            p.add(
                "pbn-note-twice",
                Severity.WARNING,
                f"note {index} is given twice in the {where.lower()} section",
                t.line,
                t.col,
            )
            continue
        notes[where][index] = m.group(2)
        note_tags[where][index] = t
    return notes, note_tags


def _check_notes(
    tokens: list[PbnToken], notes: dict[int, str], note_tags: dict[int, PbnTag], p: Problems
) -> None:
    used: set[int] = set()
    for tok in tokens:
        if tok.note is not None:
            used.add(tok.note)
            if tok.note not in notes and 1 <= tok.note <= 32:
                p.add(
                    "pbn-note-missing",
                    Severity.WARNING,
                    f"no [Note] explains ={tok.note}=",
                    tok.line,
                    tok.col,
                )
    for index, t in note_tags.items():
        if index not in used:
            p.add("pbn-note-unused", Severity.WARNING, f"note {index} is not referred to", t.line, t.col)


# ---------------------------------------------------------------------------------------------
# The sections


def _decode_auction_section(
    game: PbnGame,
    first: dict[str, PbnTag],
    tag: PbnTag,
    notes: _Notes,
    note_tags: _NoteTags,
    p: Problems,
    path: str,
) -> None:
    if game.dealer is None:
        p.add(
            "pbn-missing-tag",
            Severity.WARNING,
            "auction section without a (readable) Dealer tag",
            tag.line,
            tag.col,
        )
    game.auction = decode_auction(tag, game.dealer, p)
    game.auction.notes = notes["Auction"]
    game.spans["auction"] = Span(path, tag.line, tag.col)
    _check_notes(game.auction.tokens, notes["Auction"], note_tags["Auction"], p)
    check_auction_outcome(game, first, p)


def _decode_play_section(
    game: PbnGame,
    first: dict[str, PbnTag],
    tag: PbnTag,
    deal_total: int,
    notes: _Notes,
    note_tags: _NoteTags,
    p: Problems,
    path: str,
) -> None:
    full = game.deal is None or deal_total == 13
    for needed in ("Deal", "Contract") + (("Declarer",) if full else ()):
        if needed not in first:
            p.add(
                "pbn-missing-tag",
                Severity.WARNING,
                f"play section without a {needed} tag",
                tag.line,
                tag.col,
                "the standard wants Deal, Declarer and Contract before the play",
            )
    game.play = decode_play(tag, game, deal_total, p)
    game.play.notes = notes["Play"]
    game.spans["play"] = Span(path, tag.line, tag.col)
    _check_notes(game.play.tokens, notes["Play"], note_tags["Play"], p)
