"""The lesson model: everything a lesson page shows, computed from the record and the validated game.

Pure data for the renderers (HTML, PDF) and the in-browser stepper; no I/O, no markup.  Notes stay
Markdown here: turning them into HTML is the renderer's job.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Collection, MutableMapping, Sequence
from dataclasses import dataclass, field, replace

from ..analysis import PlayAnalysis, Verdict, analyse, dds_available, verify_claims
from ..analysis.claims import ClaimVerdict
from ..analysis.lines import analysis_words, error_words
from ..analysis.naming import Naming
from ..formats.interop import handviewer_url
from ..record.diagnostics import Diagnostic, Located, Severity, Span
from ..record.hand import HandRecord
from ..rules.cards import SUITS_HIGH_FIRST, Card
from ..rules.game import Game
from ..rules.regimes import RuleSet
from ..rules.seats import BookPair, Letter, Pair, Seat
from ..scoring.sheet import Standing, score_game, standing
from ..teaching.annotate import Author, annotate
from ..teaching.findings import Finding
from ..teaching.make import make_note
from ..teaching.selection import AuthorNote, Place, of_finding, of_make, select
from .bidding import BiddingView, bidding_table
from .branches import LineView, QuestionView, branch_views
from .dummy_bridge import dummy_bridge_fact, dummy_bridge_role, is_dummy_bridge
from .refereed import refereed_findings
from .stepper_data import stepper_data
from .whist import is_whist, whist_declaration, whist_fact, whist_role

__all__ = [
    "CardView",
    "HandView",
    "TrickRow",
    "NoteKind",
    "NoteView",
    "Lesson",
    "lesson_model",
    "markdown_texts",
    "citation",
    "card_words",
]

SUIT_ORDER = SUITS_HIGH_FIRST
_BOOK_ROLE = {Letter.Z: "dealer", Letter.A: "leader", Letter.Y: "dummy", Letter.B: "pone"}


def card_words(card: Card) -> str:
    """``the seven of diamonds``: how a screen reader should say a card."""
    return f"the {card.rank.word} of {card.suit.word}"


@dataclass(frozen=True, slots=True)
class CardView:
    """One card as the page prints it."""

    symbol: str  # ♥
    rank: str  # 10
    code: str  # H10: the stepper's notation
    red: bool
    words: str  # the ten of hearts
    led: bool = False
    won: bool = False
    dd_mark: str = ""  # double dummy: "−1" a card that costs a trick, "+1" a trick gained from an error
    dd_text: str = ""

    @property
    def dd_kind(self) -> str:
        return "cost" if self.dd_mark.startswith("−") else "gain" if self.dd_mark else ""

    @property
    def text(self) -> str:
        return self.symbol + self.rank


def _view(card: Card, *, led: bool = False, won: bool = False, dd: tuple[str, str] = ("", "")) -> CardView:
    return CardView(
        card.suit.symbol,
        card.rank.display,
        card.suit.letter + card.rank.display,
        card.suit.is_red,
        card_words(card),
        led,
        won,
        dd[0],
        dd[1],
    )


@dataclass(frozen=True, slots=True)
class HandView:
    """A seat's hand in the compass diagram: suits in the book's order, highest card first."""

    seat: str  # N E S W
    word: str  # North
    letter: str  # Y
    role: str  # dummy
    suits: tuple[tuple[str, bool, tuple[str, ...]], ...]  # (symbol, red, ranks)
    count: int


@dataclass(frozen=True, slots=True)
class TrickRow:
    """A row of the book-style table: the cards in the book's columns and the running totals."""

    number: int
    cells: tuple[CardView | None, ...]  # in the table's columns; None: the seat has not played
    leader: str  # the leader's column heading (A)
    winner: str | None  # the winner's column heading, None while the trick is incomplete
    totals: tuple[int, int]  # tricks won so far, in the order of Lesson.sides
    notes: tuple[int, ...] = ()  # indexes into Lesson.notes printed in this row
    see_also: tuple[int, ...] = ()  # notes printed at an earlier row that also speak of this trick
    more: tuple[int, ...] = ()  # derived notes behind this row's "More from the cards"


class NoteKind(enum.StrEnum):
    """Whose a note is; its value is the note's class on the page."""

    #: the book's note, in our words
    AUTHOR = "author"
    #: found in the cards by the engine (the make, the detectors' findings)
    DERIVED = "derived"


@dataclass(frozen=True, slots=True)
class NoteView:
    """A note as the page prints it, and where the stepper shows it."""

    id: str  # note-3: the anchor the stepper clones
    text: str  # Markdown, as written
    tricks: tuple[int, ...]
    source: str | None
    kind: NoteKind = NoteKind.AUTHOR
    technique: str | None = None  # derived notes: the technique they show
    card: str | None = None  # derived notes: the stepper shows the note once this card (H10) is played …
    card_trick: int | None = None  # … in this trick
    home: int | None = None  # derived notes: the trick the note speaks from, whose row prints it
    verdicts: tuple[tuple[Verdict, str], ...] = ()  # double dummy on the note's claims: (verdict, sentence)
    place: Place | None = None  # derived notes: a tag on an author's note, shown (lead), or behind "more"
    tags: tuple[int, ...] = ()  # author's notes: the derived notes that repeat it (indexes into notes)

    @property
    def trick_label(self) -> str:
        if not self.tricks:
            return ""
        if len(self.tricks) == 1:
            return f"Trick {self.tricks[0]}"
        return "Tricks " + ", ".join(map(str, self.tricks[:-1])) + f" and {self.tricks[-1]}"


@dataclass(frozen=True, slots=True)
class Lesson:
    title: str
    citation: str
    book: str
    rules: RuleSet
    introduction: str | None
    problem: str | None
    facts: tuple[tuple[str, str], ...]  # (label, value) for the facts box
    result: str | None  # the book's result line, as printed
    outcome: str  # what the cards give: "Y–Z 7 tricks, A–B 6"
    hands: dict[str, HandView]  # by compass seat
    columns: tuple[tuple[str, str], ...]  # (heading, compass word) in the book's order
    sides: tuple[str, str]  # side names in the totals columns, e.g. ("A–B", "Y–Z")
    rows: tuple[TrickRow, ...]
    notes: tuple[NoteView, ...]
    general_notes: tuple[int, ...]  # notes on the whole hand (indexes into notes)
    editor_notes: tuple[str, ...]  # book errors and the validator's warnings, in our words
    score: tuple[tuple[str, tuple[str, ...]], ...]  # (side, itemised lines)
    readings: tuple[tuple[str, str], ...]  # transcription readings: (where, how settled)
    transcription: str | None
    stepper: dict[str, object] = field(default_factory=dict)
    techniques: tuple[str, ...] = ()  # the techniques the derived notes show, in order of first appearance
    technique_tricks: tuple[tuple[str, tuple[int, ...]], ...] = ()  # technique -> tricks, for the index page
    contract: str = ""  # short form for the index: "NT by Z"
    partial: bool = False  # an end position or problem rather than a whole deal
    bbo_url: str | None = None  # the hand in BBO's Handviewer (None when LIN cannot hold it)
    double_dummy: tuple[str, ...] = ()  # the analysis in sentences: the start, then each costly card
    # Markdown image source (as markdown-it normalises it) -> the relative href of its copy in the site;
    # the build fills it (lessons/media.py), and an image not here is shown as its alt text
    images: dict[str, str] = field(default_factory=dict)
    general_more: tuple[int, ...] = ()  # derived notes before the play behind "More from the cards"
    bidding: BiddingView | None = None  # the auction as a table (lessons/bidding.py), None without calls
    questions: tuple[QuestionView, ...] = ()  # the decision points (lessons/branches.py)
    lines: tuple[LineView, ...] = ()  # the alternative lines the notes give

    @property
    def derived_count(self) -> int:
        """How many notes on the page were found in the cards (the legend explains them once)."""
        return sum(1 for n in self.notes if n.kind is NoteKind.DERIVED)

    @property
    def more_count(self) -> int:
        """How many derived notes wait behind "More from the cards" (left out of print)."""
        return sum(1 for n in self.notes if n.place is Place.MORE)


def markdown_texts(record: HandRecord) -> tuple[tuple[str, Span | None], ...]:
    """The record's texts a lesson renders as Markdown, with where each stands in the hand file: the
    introduction, the problem, the author's notes and the transcription (imported PBN and LIN
    commentary and alerts are notes by then)."""
    texts: list[tuple[str, Span | None]] = []
    if record.introduction is not None:
        texts.append((record.introduction.value, record.introduction.span))
    if record.problem is not None:
        texts.append((record.problem.text, record.problem.span))
    texts += [(n.text, n.span) for n in record.notes]
    if record.transcription is not None:
        texts.append((record.transcription.text, record.transcription.span))
    return tuple(texts)


def _inner_quotes(text: str) -> str:
    """Quotation marks inside a quoted theme become single ones (“Allowing … to ‘Ruff’”)."""
    text = re.sub(r'"([^"]*)"', r"‘\1’", text)
    return text.replace("“", "‘").replace("”", "’")


def citation(record: HandRecord) -> str:
    """``R. F. Foster, The Gist of Bridge (1904), hand 5, pp. 82–83``, from what the source names."""
    src = record.source
    if src is None:
        return ""

    def v(x: Located[str] | Located[int] | None) -> str:
        return str(x.value) if x is not None else ""

    head = ", ".join(p for p in (v(src.author), v(src.book)) if p)
    extra = ", ".join(p for p in (v(src.edition), v(src.publisher), v(src.year)) if p)
    if extra:
        head += f" ({extra})"
    hand = v(src.hand)
    if hand:
        head += f", Illustrative Hand No. {hand}" if hand.isdigit() else f", {hand}"
    theme = _inner_quotes(v(src.theme).strip().rstrip("."))
    if theme:
        head += f", “{theme}”"
    pages = v(src.pages)
    if pages:
        head += (", pp. " if any(ch in pages for ch in "–-,") else ", p. ") + pages
    return head


def _side_names(game: Game, letters: bool) -> dict[Pair, str]:
    """Compass side → the name the page uses for it (A–B / Y–Z in the books, N–S / E–W otherwise)."""
    if not letters:
        return {side: side.label for side in Pair}
    return {side: game.book_pair(side).label for side in Pair}


def _role(game: Game, seat: Seat) -> str:
    decl = game.declaration
    if is_whist(game):
        return whist_role(game, seat)
    if is_dummy_bridge(game):
        return dummy_bridge_role(game, seat)
    if game.regime.name is RuleSet.BRIDGE_WHIST:
        return _BOOK_ROLE[game.labels[seat]]
    if decl is not None and seat == decl.declarer:
        return "declarer"
    if decl is not None and seat == decl.dummy:
        return "dummy"
    return "opening leader" if seat == game.opening_leader else ""


def _declaration_text(game: Game) -> str:
    decl = game.declaration
    if decl is None:
        return "not given"
    if (turned := whist_declaration(game)) is not None:
        return turned
    labels = game.labels
    if decl.maker is not None:
        who = labels[decl.maker].name
        how = "the dealer" if not decl.passed else "dummy, after the dealer passed"
        text = f"{decl.strain.word.capitalize()}, made by {who} ({how})"
    else:
        text = f"{decl.level}{decl.strain.symbol} by {decl.declarer.word}"
    if decl.doubled:
        text += ", " + {1: "doubled", 2: "redoubled"}.get(decl.doubled, f"doubled {decl.doubled} times")
    return text


def _contract_short(game: Game, letters: bool) -> str:
    decl = game.declaration
    if decl is None:
        return "—"
    if (turned := whist_declaration(game)) is not None:
        return turned
    who = game.labels[decl.maker].name if decl.maker is not None and letters else decl.declarer.name
    dbl = {0: "", 1: ", doubled", 2: ", redoubled"}.get(decl.doubled, f", doubled {decl.doubled} times")
    if decl.level is None:  # a Bridge Whist make: the strain in words
        return f"{decl.strain.word.capitalize()} by {who}{dbl}"
    return f"{decl.level}{decl.strain.symbol} by {who}{dbl}"


def _hand_view(game: Game, seat: Seat) -> HandView:
    cards = game.deal.get(seat, frozenset())
    suits = tuple(
        (
            s.symbol,
            s.is_red,
            tuple(r.display for r in sorted((c.rank for c in cards if c.suit == s), reverse=True)),
        )
        for s in SUIT_ORDER
    )
    return HandView(seat.name, seat.word, game.labels[seat].name, _role(game, seat), suits, len(cards))


def _column_seats(game: Game, record: HandRecord) -> tuple[list[Seat], bool]:
    """The table's columns as seats, in the book's order, and whether the book names seats by letter."""
    written = [c.value for c in record.columns]
    if not written:
        if game.regime.name is RuleSet.BRIDGE_WHIST:
            written = ["A", "Y", "B", "Z"]
        else:
            start = game.opening_leader
            written = [s.name for s in start.rotation()]
    letters = all(w in Letter.__members__ for w in written)
    seats = [Letter[w].seat(game.dealer) if w in Letter.__members__ else Seat[w] for w in written]
    return seats, letters


MAKE_TECHNIQUE = "The make"


def book_author(record: HandRecord) -> Author:
    """The author of the hand's book (``source: author:``), whose rules the engine's notes name."""
    src = record.source
    return Author.named(src.author.value if src is not None and src.author is not None else None)


def derived_notes(
    game: Game, start: int = 1, author: Author = Author.UNKNOWN, found: Sequence[Finding] | None = None
) -> tuple[list[NoteView], list[Finding]]:
    """The notes the engine derives: the make (before the play) and each shown finding of the
    detectors, whose words name the rules of the book's ``author`` (``found``: the findings, refereed
    by double dummy — the detectors' own when not given)."""
    notes: list[NoteView] = []
    make = make_note(game)
    if make is not None:
        notes.append(NoteView(f"derived-{start}", make.text, (), None, NoteKind.DERIVED, MAKE_TECHNIQUE))
    findings = [f for f in (annotate(game, author=author) if found is None else found) if f.shown]
    for f in findings:
        key = _key_card(game, f)
        notes.append(
            NoteView(
                f"derived-{start + len(notes)}",
                f.text,
                f.all_tricks,
                None,
                NoteKind.DERIVED,
                f.technique,
                key.suit.letter + key.rank.display if key is not None else None,
                f.trick if key is not None else None,
                home=f.trick,
            )
        )
    return notes, findings


def _key_card(game: Game, f: Finding) -> Card | None:
    """The card a finding turns on, for the stepper: of its cards played in its trick, the last played
    (B's ♥10, not A's ♥6 that it answers), so the note does not give the card away before it is seen."""
    trick = next((t for t in game.tricks if t.number == f.trick), None)
    if trick is None:
        return None
    order = [c for _, c in trick.plays]
    mine = [c for c in f.cards if c in order]
    return max(mine, key=order.index) if mine else None


@dataclass(frozen=True, slots=True)
class _Naming:
    """How a page names the sides and the seats: by the book's letters or by the compass."""

    letters: bool  # the book names seats A Y B Z (and sides A–B, Y–Z)
    names: dict[Pair, str]  # side -> its name on the page: "Y–Z", or "N–S"
    order: tuple[Pair, Pair]  # the sides in the totals columns
    heading: dict[Seat, str]  # seat -> its column heading: "A", or "N"


def _naming(game: Game, letters: bool) -> _Naming:
    # A–B before Y–Z, as Foster prints his totals; N–S before E–W otherwise
    order = (game.pair(BookPair.AB), game.pair(BookPair.YZ)) if letters else (Pair.NS, Pair.EW)
    heading = {s: (game.labels[s].name if letters else s.name) for s in Seat}
    return _Naming(letters, _side_names(game, letters), order, heading)


def lesson_model(
    game: Game,
    record: HandRecord,
    diagnostics: tuple[Diagnostic, ...] = (),
    dd_cache: MutableMapping[str, int] | None = None,
    *,
    double_dummy: bool = True,
) -> Lesson:
    """The lesson for a validated hand.  ``diagnostics`` are the validator's findings: its warnings
    become editor's notes.  The engine's own notes (the make, the detectors' findings) follow the
    author's at each trick.  With endplay installed (and ``double_dummy``), every card is weighed
    double dummy and the author's claims get verdicts; ``dd_cache`` keeps the solved positions."""
    seats, letters = _column_seats(game, record)
    naming = _naming(game, letters)
    dd, verdicts, claims = _double_dummy(game, record, dd_cache, letters) if double_dummy else (None, {}, [])
    author = book_author(record)
    derived, findings = derived_notes(game, author=author, found=refereed_findings(game, author, dd, claims))
    notes = _placed(game, record, _author_notes(record, verdicts), derived, findings)
    techniques = _technique_tricks(derived, findings)
    places = _note_places(game, notes)
    questions, lines = branch_views(
        game, record, dd_cache, letters=letters, double_dummy=double_dummy, columns=seats
    )
    return Lesson(
        title=record.title.value if record.title is not None else record.path,
        citation=citation(record),
        book=(
            record.source.book.value if record.source is not None and record.source.book is not None else ""
        ),
        rules=game.regime.name,
        introduction=record.introduction.value if record.introduction is not None else None,
        problem=record.problem.text if record.problem is not None else None,
        facts=_facts_box(game, naming),
        result=record.result.value if record.result is not None else None,
        outcome=_outcome(game, naming),
        hands={s.name: _hand_view(game, s) for s in Seat},
        columns=tuple((naming.heading[s], s.word) for s in seats),
        sides=(naming.names[naming.order[0]], naming.names[naming.order[1]]),
        rows=_trick_rows(game, seats, naming, places, _dd_marks(dd, game, letters)),
        notes=notes,
        general_notes=tuple(places.general),
        general_more=tuple(places.general_more),
        editor_notes=_editor_notes(record, diagnostics),
        score=_score_items(game, naming),
        readings=_readings(game, record, naming),
        transcription=record.transcription.text if record.transcription is not None else None,
        stepper=stepper_data(
            game,
            record,
            notes,
            letters,
            dd,
            names=naming.names,
            roles={s: _role(game, s) for s in Seat},
            branches=(questions, lines),
        ),
        contract=_contract_short(game, letters),
        partial=game.is_partial,
        bbo_url=handviewer_url(game, record),
        double_dummy=_dd_summary(dd, letters, game) if dd is not None else (),
        techniques=tuple(techniques),
        technique_tricks=tuple((k, tuple(v)) for k, v in techniques.items()),
        questions=questions,
        lines=lines,
        bidding=bidding_table(game, seats, [naming.heading[s] for s in seats]),
    )


def _double_dummy(
    game: Game, record: HandRecord, dd_cache: MutableMapping[str, int] | None, letters: bool
) -> tuple[PlayAnalysis | None, dict[int, list[tuple[Verdict, str]]], list[ClaimVerdict]]:
    """The double-dummy analysis of the play, the verdicts on the author's claims by note (index
    into the record's notes), and every verdict (for the referee of the notes, ``refereed``);
    nothing when endplay or its DDS is missing."""
    if dds_available() is not None or not game.tricks:
        return None, {}, []
    verdicts: dict[int, list[tuple[Verdict, str]]] = {}
    try:
        dd = analyse(game, dd_cache, letters=letters)
        claim_note = {id(c): k for k, n in enumerate(record.notes) for c in n.claims}
        checked = verify_claims(game, record, dd_cache, letters=letters)
        for v in checked:
            if v.verdict is not Verdict.CHECKED_BY_THE_CARDS and id(v.claim) in claim_note:
                verdicts.setdefault(claim_note[id(v.claim)], []).append((v.verdict, v.text))
    except ImportError:  # endplay is there but its DDS will not load: the lesson goes without the layer
        return None, {}, []
    return dd, verdicts, checked


def _dd_marks(dd: PlayAnalysis | None, game: Game, letters: bool) -> dict[tuple[int, Seat], tuple[str, str]]:
    """(trick, seat) -> the mark by the card and its explanation in a sentence: "−1" a card that cost
    a trick, "+1" a card that gained one from an earlier error."""
    marks: dict[tuple[int, Seat], tuple[str, str]] = {}
    naming = Naming.of(game, letters)
    for ca in dd.cards if dd is not None else ():
        if ca.cost > 0:
            marks[(ca.trick, ca.seat)] = (f"−{ca.cost}", analysis_words(ca, game, naming))
        elif ca.gain > 0:
            marks[(ca.trick, ca.seat)] = (f"+{ca.gain}", analysis_words(ca, game, naming))
    return marks


def _author_notes(record: HandRecord, verdicts: dict[int, list[tuple[Verdict, str]]]) -> tuple[NoteView, ...]:
    """The book's notes in our words, with double dummy's verdicts on their claims."""
    return tuple(
        NoteView(f"note-{i}", n.text, tuple(n.tricks), n.source, verdicts=tuple(verdicts.get(i - 1, ())))
        for i, n in enumerate(record.notes, 1)
    )


def _placed(
    game: Game,
    record: HandRecord,
    authors: tuple[NoteView, ...],
    derived: list[NoteView],
    findings: list[Finding],
) -> tuple[NoteView, ...]:
    """The author's notes with their tags, then the derived notes, each with its place on the page
    (``teaching.selection``): a tag on the author's note it repeats, shown, or behind "more"."""
    played = [t.number for t in game.tricks]
    make = make_note(game) if len(derived) > len(findings) else None
    candidates = [of_make(make.agrees)] if make is not None else []
    candidates += [of_finding(f, _home(f.trick, f.all_tricks, played)) for f in findings]
    notes = [AuthorNote(n.tricks, tuple(t.value for t in n.techniques)) for n in record.notes]
    tags: dict[int, list[int]] = {}
    placements = select(candidates, notes)
    for j, p in enumerate(placements):
        if p.note is not None:
            tags.setdefault(p.note, []).append(len(authors) + j)
    tagged = tuple(replace(n, tags=tuple(tags.get(k, ()))) for k, n in enumerate(authors))
    return tagged + tuple(replace(n, place=p.place) for n, p in zip(derived, placements, strict=True))


def _home(own: int | None, tricks: Sequence[int], played: Collection[int]) -> int | None:
    """The row a note is printed at: a derived note's own trick (the one its words speak from —
    "after this trick the clubs are established" — not the first trick it names, which may come long
    before and would give the play away), else its first played trick; None: before the play."""
    if own is not None and own in played:
        return own
    return next((t for t in tricks if t in played), None)


def _technique_tricks(derived: list[NoteView], findings: list[Finding]) -> dict[str, list[int]]:
    """The techniques the derived notes show, in order of first appearance, with their tricks; a note
    on a play that departs from the technique (``UNBLOCK_MISSED``) is not an example of it."""
    departures = {id(f) for f in findings if f.departs}
    by_note = dict(zip((n.id for n in derived[len(derived) - len(findings) :]), findings, strict=True))
    techniques: dict[str, list[int]] = {}
    for n in derived:
        f = by_note.get(n.id)
        if n.technique is not None and (f is None or id(f) not in departures):
            tricks = techniques.setdefault(n.technique, [])
            tricks += [t for t in n.tricks if t not in tricks]
    return techniques


@dataclass(frozen=True, slots=True)
class _NotePlaces:
    """Where the notes are printed (indexes into the lesson's notes)."""

    first_row: dict[int, list[int]]  # trick -> the notes printed at its row (their own trick)
    later_rows: dict[int, list[int]]  # trick -> the notes printed at an earlier row that also speak of it
    general: list[int]  # notes on the whole hand: they name no trick that was played
    more_row: dict[int, list[int]] = field(default_factory=dict)  # trick -> its derived notes behind "more"
    general_more: list[int] = field(default_factory=list)  # the same, before the play


def _note_places(game: Game, notes: tuple[NoteView, ...]) -> _NotePlaces:
    """Each note at the row of its own trick (an author's note: its first played trick; a derived note:
    the trick it speaks from), or before the play; a tag is printed inside
    its author's note, and a derived note placed "more" behind its row's disclosure."""
    played = {t.number for t in game.tricks}
    places = _NotePlaces({}, {}, [])
    for i, n in enumerate(notes):
        if n.place is Place.TAG:
            continue
        more = n.place is Place.MORE
        row = _home(n.home, n.tricks, played)
        if row is None:
            (places.general_more if more else places.general).append(i)
            continue
        (places.more_row if more else places.first_row).setdefault(row, []).append(i)
        for number in [t for t in n.tricks if t in played and t > row] if not more else ():
            places.later_rows.setdefault(number, []).append(i)
    return places


def _trick_rows(
    game: Game,
    seats: list[Seat],
    naming: _Naming,
    places: _NotePlaces,
    marks: dict[tuple[int, Seat], tuple[str, str]],
) -> tuple[TrickRow, ...]:
    """The book-style table: each trick's cards in the book's columns, its notes, the running totals."""
    rows = []
    running = dict.fromkeys(Pair, 0)
    first, second = naming.order
    for t in game.tricks:
        if t.winner is not None:
            running[t.winner.side] += 1
        by_seat = dict(t.plays)
        cells = tuple(
            _view(by_seat[s], led=(s == t.leader), won=(s == t.winner), dd=marks.get((t.number, s), ("", "")))
            if s in by_seat
            else None
            for s in seats
        )
        rows.append(
            TrickRow(
                t.number,
                cells,
                naming.heading[t.leader],
                naming.heading[t.winner] if t.winner is not None else None,
                (running[first], running[second]),
                tuple(places.first_row.get(t.number, ())),
                tuple(places.later_rows.get(t.number, ())),
                tuple(places.more_row.get(t.number, ())),
            )
        )
    return tuple(rows)


def _facts_box(game: Game, naming: _Naming) -> tuple[tuple[str, str], ...]:
    """(label, value) for the facts box: the rules, the dealer, the score before, the declaration."""
    names = naming.names
    dealer = game.labels[game.dealer].name
    facts: list[tuple[str, str]] = [("Rules", game.regime.title)]
    facts.append(("Dealer", f"{dealer} ({game.dealer.word})" if naming.letters else game.dealer.word))
    before = _score_before_words(game, names)
    if before:
        facts.append(("Score before the deal", before))
    facts.append(whist_fact(game) or ("Declaration", _declaration_text(game)))
    facts += [f for f in (dummy_bridge_fact(game),) if f]
    return tuple(facts)


def _score_before_words(game: Game, names: dict[Pair, str]) -> str:
    """The score before the deal in words: "Love-all, rubber game: each side has won a game",
    "Y–Z 18, A–B 0; Y–Z have a game in", "A–B 24, Y–Z 0" (the points in the file's order)."""
    points = [(game.compass(k), v) for k, v in game.score_before.items()]
    love_all = len(points) == 2 and {p for p, _ in points} == set(Pair) and not any(v for _, v in points)
    text = "Love-all" if love_all else ", ".join(f"{names[p]} {v}" for p, v in points)
    games = {p: game.games_of(p) for p in Pair}
    if game.rubber_game:
        rubber = "rubber game: each side has won a game"
    elif all(g == 0 for g in games.values()):
        rubber = "the first game of the rubber"
    else:
        rubber = "; ".join(
            f"{names[p]} {'have a game in' if g else 'have no game'}"
            for p, g in games.items()
            if g is not None
        )
    if not rubber:
        return text
    if not text:
        return rubber[0].upper() + rubber[1:]
    return f"{text}, {rubber}" if love_all else f"{text}; {rubber}"


def _outcome(game: Game, naming: _Naming) -> str:
    """What the cards give: "Y–Z 7 tricks, A–B 6"; and when the deal wins the game or the rubber,
    that, with what the book lets us count of the rubber's value."""
    won = game.tricks_won
    first, second = naming.order
    outcome = f"{naming.names[second]} {won[second]} tricks, {naming.names[first]} {won[first]}"
    if game.is_partial:
        return outcome + " (of the tricks shown)"
    where = standing(game)
    return outcome + _standing_words(game, where, naming) if where is not None else outcome


def _standing_words(game: Game, where: Standing, naming: _Naming) -> str:
    """The game and the rubber in words: ". Y–Z win the game and the rubber (bonus 100). …" (empty
    when no game is won, or that is not known; the game alone when the winner's games before the
    deal are not given)."""
    if where.game is None or not where.game_known:
        return ""
    names = naming.names
    winner, loser = where.game, where.game.other
    if where.rubber is None:  # not the rubber, or not known to be: the game is all we say
        return f". {names[winner]} win the game"
    bonus = f" (bonus {where.bonus})" if where.bonus is not None else ""

    def counted(side: Pair) -> str:
        parts = [
            (game.score_of(side), "before the deal"),
            (where.score.total(side), "on it"),
            (where.bonus if side is winner and where.bonus is not None else 0, "bonus"),
        ]
        shown = [f"{n} {what}" for n, what in parts if n]
        detail = f" ({', '.join(shown)})" if len(shown) > 1 else ""
        return f"{names[side]} {where.counted[side]}{detail}"

    return (
        f". {names[winner]} win the game and the rubber{bonus}. Counting only the points the book "
        f"gives: {counted(winner)}, {counted(loser)}; the earlier games' points are not printed"
    )


#: the warnings a reader is shown: those about the book's own errors and claims, checked by the
#: cards.  A warning about the file (a result line the grammar cannot read, a stale reading…) is
#: for the editor, never text shown to a reader.
READER_WARNINGS = frozenset(
    {"book-result", "book-revoke", "book-card", "book-mark", "book-deal", "book-claim"}
)


def _editor_notes(record: HandRecord, diagnostics: tuple[Diagnostic, ...]) -> tuple[str, ...]:
    """The book's errors and the validator's warnings about them, in our words."""
    editor = [b.text for b in record.book_errors]
    for d in diagnostics:
        if d.severity is Severity.WARNING and d.code in READER_WARNINGS:
            editor.append(
                f"Checked by replayer: {d.message}."
                if not d.message.endswith(".")
                else f"Checked by replayer: {d.message}"
            )
    return tuple(editor)


def _score_items(game: Game, naming: _Naming) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The deal's score for the page: each side's itemised lines, the game, the rule-set notes."""
    score = score_game(game)
    if score is None:
        return ()
    items: list[tuple[str, tuple[str, ...]]] = []
    for side in reversed(naming.order):
        lines = tuple(f"{ln.text} ({ln.column} the line)" for ln in score.lines if ln.side == side)
        if lines:
            items.append((naming.names[side], lines))
    if score.game:
        items.append(("Game", (f"{naming.names[score.game]} won the game",)))
    where = standing(game)
    if where is not None and where.rubber is not None:
        bonus = f": {where.bonus} (above the line)" if where.bonus is not None else ""
        items.append(("Rubber", (f"{naming.names[where.rubber]} won the rubber{bonus}",)))
    for note in score.notes:
        items.append(("Note", (note,)))
    return tuple(items)


def _readings(game: Game, record: HandRecord, naming: _Naming) -> tuple[tuple[str, str], ...]:
    """The transcription's readings: (where, how settled)."""
    if record.transcription is None:
        return ()
    readings: list[tuple[str, str]] = []
    for rd in record.transcription.readings:
        seat = Letter[rd.seat].seat(game.dealer) if rd.seat in Letter.__members__ else Seat[rd.seat]
        where = f"Trick {rd.trick}, {naming.heading[seat]}: printed “{rd.source_text}”, read as {rd.card}"
        readings.append((where, rd.reason))
    return tuple(readings)


def _dd_summary(dd: PlayAnalysis, letters: bool, game: Game) -> tuple[str, ...]:
    """The double-dummy section in sentences: what best play gives each side against what the
    play gave, then each card that cost its side a trick (issue 15: no notation for students)."""
    names = _side_names(game, letters)
    one, two = sorted(names, key=lambda side: names[side])
    lines = [
        f"With best play by everyone from the first card, {names[one]} would take {dd.start[one]} "
        f"tricks and {names[two]} {dd.start[two]}; as played, {names[one]} took {dd.end[one]} and "
        f"{names[two]} {dd.end[two]}."
    ]
    lines += [error_words(ca, game, Naming.of(game, letters)) for ca in dd.cards if ca.cost > 0]
    return tuple(lines)
