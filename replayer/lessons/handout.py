"""The quiz handout (issue 16): a book's decision points as a PDF, each drawn as the player sees it.

Each question is the position just before the chooser plays: his own hand, dummy's once it is down,
the tricks played so far (the current one's cards included), the trump and the score; never the
hands he cannot see.  The answers come at the end: the book's card (and the author's, when the note
says the book's was wrong), the note in our words, and double dummy on the other legal cards when
the solver was there.

A lesson's questions are kept as plain JSON in the build's manifest (``quiz_entries``), so that a
hand the build finds unchanged needs no lesson model for the handout.  ``write_quizzes`` is given
the site's output folder and writes through it only; it opens no file itself.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from .outputs import Names, OutputFolder

if TYPE_CHECKING:  # imported where a handout is rendered: a build with nothing to make skips them
    import jinja2

    from .model import Lesson

__all__ = ["QuizBook", "QuizBuild", "quiz_entries", "quiz_questions", "render_quiz", "write_quizzes"]

QUIZ_STEM = "quiz"  # the handout is <the book's folder>/quiz.pdf, beside its lessons
_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_COMPASS = ("N", "W", "E", "S")  # the diagram's order: north, the west and east hands, south
#: the keys every question of the manifest has (an entry without them is dropped, not rendered)
_KEYS = frozenset(
    {"lesson", "trick", "who", "ask", "facts", "seats", "columns", "tricks", "centre", "book", "answer"}
    | {"note", "source", "choices"}
)


def card_text(code: str) -> str:
    """``H10`` → ``♥10`` (the stepper's code as the page writes the card)."""
    return _SUITS.get(code[:1], code[:1]) + code[1:]


def quiz_entries(lesson: Lesson) -> list[dict[str, object]]:
    """The lesson's decision points as the handout draws them: plain JSON for the manifest."""
    words = {h.seat: h for h in lesson.hands.values()}
    by_word = {h.word: h.seat for h in lesson.hands.values()}
    columns = [by_word.get(word, "") for _, word in lesson.columns]
    notes = {n.id: n for n in lesson.notes}
    out: list[dict[str, object]] = []
    for q in lesson.questions:
        seen = dict(q.sees)
        order = [symbol for symbol, _, _ in next(iter(lesson.hands.values())).suits] or list(_SUITS.values())
        seats = []
        for seat in _COMPASS:
            h = words.get(seat)
            codes = seen.get(seat)
            suits = [
                [
                    symbol,
                    symbol in "♥♦",
                    [card_text(c)[1:] for c in codes or () if card_text(c)[:1] == symbol],
                ]
                for symbol in order
            ]
            seats.append(
                {
                    "seat": seat,
                    "letter": h.letter if h else seat,
                    "word": h.word if h else seat,
                    "role": h.role if h else "",
                    "shown": codes is not None,
                    "suits": suits if codes is not None else [],
                }
            )
        rows = []
        for number, plays in q.played:
            cards = dict(plays)
            rows.append([number, [card_text(cards[s]) if s in cards else "" for s in columns]])
        current = dict(q.played[-1][1]) if q.played else {}
        note = notes.get(q.note_id)
        out.append(
            {
                # the hand, not its theme: "Hand No. 5: the Eleven Rule" would give the answer away
                "lesson": lesson.title.partition(":")[0],
                "trick": q.trick,
                "who": q.who,
                "ask": q.ask,
                "facts": [list(f) for f in lesson.facts],
                "seats": seats,
                "columns": [
                    [head, seat == q.seat] for (head, _), seat in zip(lesson.columns, columns, strict=True)
                ],
                "tricks": rows,
                "centre": {s: card_text(c) for s, c in current.items()},
                "book": card_text(q.book),
                "answer": card_text(q.answer),
                "note": note.text if note else "",
                "source": (note.source or "") if note else "",
                "choices": [[card_text(c.code), c.tricks, c.cost, c.code == q.book] for c in q.choices],
            }
        )
    return out


def quiz_questions(entry: object) -> list[dict[str, object]]:
    """A lesson's questions as the manifest keeps them; anything that is not one is left out."""
    if not isinstance(entry, list):
        return []
    return [q for q in entry if isinstance(q, dict) and q.keys() >= _KEYS]


def render_quiz(
    env: jinja2.Environment,
    heading: str,
    questions: Sequence[Mapping[str, object]],
    *,
    version: str,
    root: str,
) -> str:
    """The handout's print page: a title line, the questions in order, then the answers."""
    return env.get_template("quiz.html").render(
        heading=heading, questions=questions, version=version, root=root, for_print=True
    )


@dataclass(frozen=True, slots=True)
class QuizBook:
    """A book of the site: its heading, the folder of its lessons and each lesson's manifest entry."""

    heading: str
    folder: tuple[str, ...]
    entries: tuple[object, ...]

    @classmethod
    def of(cls, heading: str, lessons: Sequence[tuple[str, Mapping[str, object]]]) -> QuizBook:
        """A book from its lessons' slugs and manifest entries; its handout goes beside the first."""
        folder = tuple(lessons[0][0].split("/")[:-1]) if lessons else ()
        return cls(heading, folder, tuple(entry.get("quiz") for _, entry in lessons))


class _Options(Protocol):
    @property
    def pdf(self) -> bool: ...
    @property
    def force(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class QuizBuild:
    """What the handouts depend on: the build's key (version, templates, assets) and options, the
    previous build's handouts (name → key, from its manifest) and the names already taken."""

    key: str
    version: str
    options: _Options
    previous: object
    taken: tuple[str, ...]
    manifest: str  # the manifest's name, for a warning about a file it lists


def write_quizzes(
    site: OutputFolder,
    env: Callable[[], jinja2.Environment],
    books: Iterable[QuizBook],
    build: QuizBuild,
    later: list[tuple[str, Callable[[], bytes]]] | None = None,
    render: Callable[[str, str], Callable[[], bytes]] | None = None,
) -> tuple[dict[str, str], dict[str, str]]:
    """Write each book's handout that has a question (again only when its questions changed), remove
    the ones an earlier build made and this one did not; the handouts' keys for the manifest (name →
    key), and each book's handout (heading → name).  ``env`` gives the templates, asked for only
    when a handout is rendered.  With ``render`` (the print page and its base URL → a function that
    waits for its PDF: rendered in another process meanwhile), each handout to write is added to
    ``later`` (its name, that function), for the caller to write."""
    old = {str(k): v for k, v in build.previous.items()} if isinstance(build.previous, dict) else {}
    names = Names(reserved=build.taken)
    made: dict[str, str] = {}
    of_book: dict[str, str] = {}
    for book in books if build.options.pdf else ():
        questions = [q for e in book.entries for q in quiz_questions(e)]
        if not questions:
            continue
        path = names.give(book.folder, QUIZ_STEM, ".pdf")
        name = "/".join(path) + ".pdf"
        root = "../" * (len(path) - 1)
        # the page is a function of these and of the templates and the code (build.key): its key is
        # of them, so that an unchanged handout is not even rendered as HTML
        shown = json.dumps([book.heading, root, questions], sort_keys=True, ensure_ascii=False)
        key = hashlib.sha256((build.key + shown).encode("utf-8", "surrogateescape")).hexdigest()
        if build.options.force or old.get(name) != key or not site.is_file(name):
            html = render_quiz(env(), book.heading, questions, version=build.version, root=root)
            pdf = (render or _render_now)(html, str(site.root / ("/".join(path) + ".html")))
            if later is None:
                site.write(name, pdf())
            else:
                later.append((name, pdf))
        made[name] = key
        of_book[book.heading] = name
    for name in old:
        if name not in made:
            site.remove(name, build.manifest)
    return made, of_book


def _render_now(html: str, base_url: str) -> Callable[[], bytes]:
    from .pdf import render_pdf

    pdf = render_pdf(html, base_url=base_url)
    return lambda: pdf
