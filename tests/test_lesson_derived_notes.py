"""Derived notes earn their place on the page (issue 14, item 5): a finding that repeats the author's
note at its trick is a tag on that note; at most one derived note per trick is shown, never more on
the page than the author has notes; the rest wait behind a closed "More from the cards", and are
left out of print with one line saying how many; nothing is dropped."""

from __future__ import annotations

import json
import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest

from replayer.lessons.build import TEMPLATES
from replayer.lessons.html import Nav, make_environment, render_lesson
from replayer.lessons.model import Lesson, NoteKind, lesson_model
from replayer.teaching.selection import (
    RANK_REASONS,
    AuthorNote,
    Candidate,
    Place,
    Rank,
    select,
)
from replayer.validation.files import check_file

ROOT = Path(__file__).resolve().parent.parent
HANDS = sorted((ROOT / "hands").glob("*/hand-*.yaml"))


def _finding(technique: str, trick: int, *, departs: bool = False, tricks: tuple[int, ...] = ()) -> Candidate:
    return Candidate((technique,), tricks or (trick,), trick, departs=departs)


# -- the selection, as data ---------------------------------------------------------------------


def test_a_finding_that_repeats_the_authors_note_at_its_trick_is_a_tag_on_it() -> None:
    notes = [AuthorNote((1,), ("lead",)), AuthorNote((4, 5), ("discard", "re-entry"))]
    got = select([_finding("discard", 5), _finding("lead", 1)], notes)
    assert [(p.place, p.note) for p in got] == [(Place.TAG, 1), (Place.TAG, 0)]


def test_the_same_technique_at_another_trick_is_no_tag_but_the_hands_theme() -> None:
    notes = [AuthorNote((3,), ("hold-up",))]
    got = select([_finding("eleven", 2), _finding("hold-up", 7)], notes)
    assert got[1].place is Place.LEAD and got[1].rank is Rank.THEME and got[1].note is None
    assert got[0].place is Place.MORE  # one author's note: one derived note shown


def test_another_technique_at_the_authors_trick_is_not_a_tag() -> None:
    got = select([_finding("finesse", 1)], [AuthorNote((1,), ("lead",))])
    assert got[0].place is Place.LEAD and got[0].note is None


def test_at_most_one_derived_note_per_trick_the_best_ranked() -> None:
    notes = [AuthorNote((9,)), AuthorNote((10,)), AuthorNote((11,))]
    routine, departure = _finding("third-hand", 2), _finding("return", 2, departs=True)
    got = select([routine, departure], notes)
    assert [p.place for p in got] == [Place.MORE, Place.LEAD]
    assert got[1].rank is Rank.DEPARTURE and got[0].rank is Rank.ROUTINE


def test_no_more_derived_notes_than_the_author_has_notes_and_the_make_counts() -> None:
    notes = [AuthorNote((1,)), AuthorNote((2,))]
    make = Candidate((), (), None, departs=True, make=True)
    got = select([make, _finding("hold-up", 3), _finding("finesse", 4), _finding("lead", 1)], notes)
    assert [p.place for p in got] == [Place.LEAD, Place.LEAD, Place.MORE, Place.MORE]
    assert got[0].rank is Rank.DEPARTURE  # a make the rules do not advise ranks as a departure
    got = select([make, _finding("hold-up", 3), _finding("lead", 1)], notes + [AuthorNote((6,))])
    assert [p.rank for p in got] == [Rank.DEPARTURE, Rank.RARE, Rank.ROUTINE]
    assert [p.place for p in got] == [Place.LEAD, Place.LEAD, Place.LEAD]


def test_a_rare_technique_outranks_the_make_and_the_routine_ones() -> None:
    make = Candidate((), (), None, make=True)
    got = select([make, _finding("eleven", 1), _finding("bath-coup", 1)], [AuthorNote((8,))])
    assert [p.place for p in got] == [Place.MORE, Place.MORE, Place.LEAD]
    assert [p.rank for p in got] == [Rank.MAKE, Rank.ROUTINE, Rank.RARE]


def test_a_technique_already_on_the_page_gives_way_to_one_that_is_not() -> None:
    notes = [AuthorNote((4,), ("finesse",)), AuthorNote((9,))]
    candidates = [
        _finding("finesse", 4),
        _finding("finesse", 5),
        _finding("finesse", 6),
        _finding("eleven", 7),
    ]
    got = select(candidates, notes)
    # the theme gets its one shown note (the tag stays closed on the author's); then a new technique
    assert [p.place for p in got] == [Place.TAG, Place.LEAD, Place.MORE, Place.LEAD]
    assert [p.rank for p in got[1:]] == [Rank.THEME, Rank.THEME, Rank.ROUTINE]


def test_without_author_notes_every_derived_note_waits_behind_more() -> None:
    got = select([_finding("hold-up", 1), Candidate((), (), None, make=True)], [])
    assert [p.place for p in got] == [Place.MORE, Place.MORE]


def test_every_rank_has_its_reason() -> None:
    assert set(RANK_REASONS) == set(Rank) and all(RANK_REASONS[r] for r in Rank)
    assert select([_finding("lead", 1)], [AuthorNote((2,))])[0].reason == RANK_REASONS[Rank.ROUTINE]


# -- the lessons of the corpus -------------------------------------------------------------------


@cache
def _lesson(path: Path) -> Lesson:
    checked = check_file(path)
    assert checked.game is not None and checked.record is not None
    return lesson_model(checked.game, checked.record, checked.diagnostics, double_dummy=False)


def _outside_more(les: Lesson) -> list[int]:
    """The derived notes a reader sees without opening anything."""
    return [i for row in les.rows for i in row.notes if les.notes[i].kind is NoteKind.DERIVED] + [
        i for i in les.general_notes if les.notes[i].kind is NoteKind.DERIVED
    ]


def test_the_corpus_is_all_there() -> None:
    assert len(HANDS) == 59  # the three books' 57, and two Dummy Bridge deals


@pytest.mark.parametrize("path", HANDS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_lesson_shows_no_more_derived_notes_than_author_notes_and_one_per_trick(path: Path) -> None:
    les = _lesson(path)
    authors = [n for n in les.notes if n.kind is NoteKind.AUTHOR]
    shown = _outside_more(les)
    assert len(shown) <= len(authors)
    for row in les.rows:
        assert sum(1 for i in row.notes if les.notes[i].kind is NoteKind.DERIVED) <= 1
        assert all(les.notes[i].place is Place.MORE for i in row.more)
    assert sum(1 for i in les.general_notes if les.notes[i].kind is NoteKind.DERIVED) <= 1
    # nothing dropped: every derived note is a tag on an author's note, shown, or behind "more"
    derived = [i for i, n in enumerate(les.notes) if n.kind is NoteKind.DERIVED]
    tags = [k for n in authors for k in n.tags]
    more = [i for row in les.rows for i in row.more] + list(les.general_more)
    assert sorted(shown + tags + more) == derived
    assert all(les.notes[k].place is Place.TAG for k in tags)


def test_a_tag_names_a_technique_its_author_note_names_at_its_trick() -> None:
    from replayer.teaching.techniques import VOCABULARY

    detector_of = {t.name: t.detector for t in VOCABULARY.values()}
    checked = 0
    for path in HANDS:
        les, record = _lesson(path), check_file(path).record
        assert record is not None
        for note, author in zip(les.notes, record.notes, strict=False):
            for k in note.tags:
                tag = les.notes[k]
                assert set(tag.tricks) & set(note.tricks)
                named = {detector_of[t.value] for t in author.techniques}
                assert tag.technique is not None and named
                checked += 1
    assert checked > 50


@cache
def _page(path: Path, for_print: bool = False) -> str:
    env = make_environment([str(TEMPLATES)])
    nav = Nav(root="../", index="../index.html")
    return render_lesson(env, _lesson(path), nav, version="test", for_print=for_print)


class _Notes(HTMLParser):
    """Counts the derived notes of a page outside and inside the closed disclosures."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0  # inside a <details>: how deep
        self.stack: list[str] = []
        self.outside = 0
        self.inside = 0
        self.open_details = 0
        self.summaries: list[str] = []
        self._summary = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        cls = dict(attrs).get("class") or ""
        if tag == "details":
            self.depth += 1
            self.open_details += "open" in dict(attrs)
        if tag == "summary" and self.depth:
            self._summary = True
            self.summaries.append("")
        if tag == "div" and "note derived" in cls:
            if self.depth:
                self.inside += 1
            else:
                self.outside += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "details":
            self.depth -= 1
        if tag == "summary":
            self._summary = False

    def handle_data(self, data: str) -> None:
        if self._summary:
            self.summaries[-1] += data


def _busiest(book: str) -> Path:
    return max((p for p in HANDS if p.parent.name == book), key=lambda p: _lesson(p).more_count)


@pytest.mark.parametrize("book", ["foster-1904", "elwell-1904"])
def test_the_page_hides_the_rest_behind_a_closed_more_from_the_cards(book: str) -> None:
    path = _busiest(book)
    les = _lesson(path)
    parsed = _Notes()
    parsed.feed(_page(path))
    authors = sum(1 for n in les.notes if n.kind is NoteKind.AUTHOR)
    assert les.more_count > 0 and parsed.inside == les.more_count
    assert parsed.outside <= authors  # the table's notes; the stepper clones them, it adds none
    assert parsed.open_details == 0
    wanted = [f"More from the cards ({len(r.more)})" for r in les.rows if r.more]
    assert [s for s in parsed.summaries if s.startswith("More from")] == (
        ([f"More from the cards ({len(les.general_more)})"] if les.general_more else []) + wanted
    )


def test_a_tag_on_the_authors_note_opens_to_the_findings_words() -> None:
    path = ROOT / "hands" / "foster-1904" / "hand-5.yaml"
    les = _lesson(path)
    html = _page(path)
    note = next(n for n in les.notes if n.tags)
    tag = les.notes[note.tags[0]]
    start = html.index(f'id="{note.id}"')
    block = html[start : html.index("</div>", start)]
    assert (
        f'<details class="found-tag" id="{tag.id}"><summary><span class="tag">{tag.technique}</span>' in block
    )
    assert tag.text.split("**")[0][:30] in re.sub(r"<span class=\"suit red\">(.)</span>", r"\1", block)


def test_the_stepper_has_the_tags_apart_and_marks_the_notes_behind_more() -> None:
    path = _busiest("elwell-1904")
    les = _lesson(path)
    raw = re.search(r'<script type="application/json" id="hand-data">(.*?)</script>', _page(path), re.S)
    assert raw is not None
    data = json.loads(raw.group(1))
    more = {n.id for n in les.notes if n.place is Place.MORE}
    assert {n["id"] for n in data["notes"] if n.get("more")} == more
    assert {n["id"] for n in data["tags"]} == {n.id for n in les.notes if n.place is Place.TAG}
    assert not {n["id"] for n in data["notes"]} & {n["id"] for n in data["tags"]}


@pytest.mark.parametrize("book", ["foster-1904", "elwell-1904"])
def test_print_leaves_the_rest_out_and_says_how_many(book: str) -> None:
    path = _busiest(book)
    les = _lesson(path)
    html = _page(path, for_print=True)
    # since issue 15 the print copy has no notes section of its own: the reading column's notes, trick
    # by trick, are printed (two columns, by the print stylesheet)
    assert '<section class="print-notes"' not in html
    printed = html[html.index('<section class="notes-stream"') : html.index("</article>")]
    n = les.more_count
    assert f"The online lesson has {n} more note{'s' if n != 1 else ''} found in the cards." in printed
    # the author's notes and the derived notes shown on the page; none of those behind "more"
    assert printed.count('<div class="note derived"') == sum(1 for n in les.notes if n.place is Place.LEAD)
    assert printed.count('<div class="note author"') == sum(1 for n in les.notes if n.kind is NoteKind.AUTHOR)
    assert "More from the cards" not in printed and "<details" not in printed
    assert 'class="note-found"' in printed or not any(n.tags for n in les.notes)
    # the tags print as a line of text, not as closed disclosures the paper cannot open
    assert '<ul class="note-found"' not in printed


def test_a_derived_note_is_printed_at_its_own_trick_not_the_first_it_names() -> None:
    # Elwell 1904 Hand 20: "After this trick A's clubs are established …" speaks from the trick the
    # clubs became good and names the earlier rounds too; printed at trick 1 it would be false there
    # (the dealer still held ♣K Q) and would tell the end of the hand before it is played
    lesson = _lesson(ROOT / "hands" / "elwell-1904" / "hand-20.yaml")
    placed = {i: row.number for row in lesson.rows for i in (*row.notes, *row.more)}
    several = [
        (i, n)
        for i, n in enumerate(lesson.notes)
        if n.kind is NoteKind.DERIVED and n.place is not Place.TAG and n.home and len(n.tricks) > 1
    ]
    assert any(n.home != n.tricks[0] for _, n in several), "one speaks from a later trick than its first"
    for i, n in several:
        assert placed[i] == n.home, (n.tricks, n.home, n.text)
