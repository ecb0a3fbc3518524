"""HTML for lessons, the index and the corpus front matter: functions of a model that return strings.

Templates are Jinja2 with autoescaping on.  Notes are Markdown rendered by markdown-it-py with raw
HTML off, so a note can never inject markup into a page.  A Markdown image becomes an ``<img>`` only
when the lesson's ``images`` maps its source to the copy the build made in the site; any other image
(a URL, an absolute path, a file the build refused) is shown as its alt text, so a page never points
outside the site.  The template folders are given by the caller (the build), the user's override
folder first.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

import jinja2
from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from markupsafe import Markup

from ..record.hand import HandRecord
from .model import Lesson

__all__ = [
    "Nav",
    "IndexEntry",
    "Book",
    "BookView",
    "hand_heading",
    "TechniqueView",
    "technique_index",
    "file_size",
    "make_environment",
    "render_lesson",
    "render_index",
    "render_corpus_front",
    "render_page",
    "markdown_block",
    "markdown_inline",
    "markdown_images",
]

_MD = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
_IMAGES = "replayer_images"  # the key of the renderer's env that holds the published images


def _image(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    """An image published by the build, pointing at its copy in the site; any other: its alt text."""
    token = tokens[idx]
    alt = self.renderInlineAsText(token.children or [], options, env)
    published: Mapping[str, str] = env.get(_IMAGES, {})
    href = published.get(str(token.attrGet("src") or ""))
    if href is None:
        return escapeHtml(alt)
    token.attrSet("src", href)
    token.attrSet("alt", alt)
    return self.renderToken(tokens, idx, options, env)


_MD.add_render_rule("image", _image)
_RED_SUIT = re.compile("([♥♦])")


def _text(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    """Running text, escaped, with the red suits' symbols red as everywhere on the page (the
    diagram, the stepper, the table): ``<span class="suit red">♥</span>K``."""
    return _RED_SUIT.sub(r'<span class="suit red">\1</span>', escapeHtml(tokens[idx].content))


_MD.add_render_rule("text", _text)


def markdown_block(text: str | None, images: Mapping[str, str] | None = None) -> Markup:
    """A note's Markdown as HTML blocks; raw HTML in the note is shown as text, never passed through.
    ``images`` maps an image's source, as written, to its copy in the site; any other image is shown
    as its alt text."""
    return Markup(_MD.render(text or "", {_IMAGES: images or {}}))


def markdown_inline(text: str | None, images: Mapping[str, str] | None = None) -> Markup:
    """Markdown for a single line (a result, a citation): no surrounding paragraph."""
    return Markup(_MD.renderInline(text or "", {_IMAGES: images or {}}))


def markdown_images(text: str | None) -> list[tuple[str, str]]:
    """Every image in a Markdown text, in order: (source as the renderer sees it, alt text).  The
    source is markdown-it's normalised link (``a%20b.png`` for ``<a b.png>``), the key of
    ``images`` above; sources markdown-it refuses (``javascript:``, ``file:``) are not images."""
    found: list[tuple[str, str]] = []
    stack = list(reversed(_MD.parse(text or "")))
    while stack:
        token = stack.pop()
        if token.type == "image":
            found.append((str(token.attrGet("src") or ""), token.content))
        stack.extend(reversed(token.children or []))
    return found


@jinja2.pass_context
def _markdown_filter(
    context: jinja2.runtime.Context, text: str | None, images: Mapping[str, str] | None = None
) -> Markup:
    """``{{ text | markdown(lesson.images) }}``; without the argument, the images of the page's
    ``lesson`` (a macro imported without context sees none, and shows alt texts)."""
    return markdown_block(text, images if images is not None else _published(context))


@jinja2.pass_context
def _markdown_inline_filter(
    context: jinja2.runtime.Context, text: str | None, images: Mapping[str, str] | None = None
) -> Markup:
    return markdown_inline(text, images if images is not None else _published(context))


def _published(context: jinja2.runtime.Context) -> Mapping[str, str]:
    """The images the build published for the lesson being rendered (none on other pages)."""
    lesson = context.get("lesson")
    return lesson.images if isinstance(lesson, Lesson) else {}


@dataclass(frozen=True, slots=True)
class Nav:
    """Where a lesson sits in the site: links are relative to the lesson page."""

    root: str  # "../": from the page to the site's root
    index: str
    prev: tuple[str, str] | None = None  # (href, title)
    next: tuple[str, str] | None = None
    pdf: str | None = None  # the lesson's PDF, when built
    source_path: str = ""  # the hand file, as the build found it


@dataclass(frozen=True, slots=True)
class IndexEntry:
    """One hand in the index and the corpus table of contents."""

    book: str
    href: str
    title: str
    citation: str
    contract: str
    result: str
    techniques: tuple[str, ...] = ()
    pdf: str | None = None
    valid: bool = True
    page: int | None = None  # first page in the corpus PDF
    number: str = ""  # the book's number for the hand ("21"), or "" when the source gives none
    heading: str = ""  # the book's theme for the hand, else its title without "Hand No. 21: "
    subtitle: str = ""  # the title's words when the heading is the theme and they say more
    label: str = ""  # the book and hand in a few words: "Elwell 1904, Hand 21"
    technique_tricks: tuple[tuple[str, tuple[int, ...]], ...] = ()  # technique -> the tricks that show it
    score: str = ""  # the score before the deal
    make: str = ""  # the engine's note on the make (Markdown)
    make_href: str = ""  # that note on the lesson page


@dataclass(frozen=True, slots=True)
class Book:
    """The book a hand comes from, as its source names it; a hand whose source names no book belongs
    to its folder."""

    title: str  # "Advanced Bridge", or "" when the source names no book
    author: str
    year: int | None
    folder: str  # the folder of the hand's lesson ("elwell-1904", "" at the top)

    @classmethod
    def of(cls, record: HandRecord, slug: str) -> Book:
        src = record.source
        folder = slug.rpartition("/")[0]
        if src is None or src.book is None:
            return cls("", "", None, folder)
        return cls(
            src.book.value,
            src.author.value if src.author is not None else "",
            src.year.value if src.year is not None else None,
            "",
        )

    @property
    def order(self) -> tuple[object, ...]:
        """By year, then the author's surname, then the title; a book without a year last."""
        surname = self.author.split()[-1] if self.author.split() else ""
        year = (0, self.year) if self.year is not None else (1, 0)
        return (year, surname.casefold(), self.title.casefold(), self.folder.casefold())

    @property
    def heading(self) -> str:
        """ "J. B. Elwell, Advanced Bridge (1904)"; the folder's name for hands without a book."""
        if not self.title:
            return self.folder or "Hands"
        head = f"{self.author}, {self.title}" if self.author else self.title
        return f"{head} ({self.year})" if self.year is not None else head

    @property
    def short(self) -> str:
        """ "Elwell 1904": the author's surname and the year, or the title."""
        surname = self.author.split()[-1] if self.author.split() else ""
        words = " ".join(str(w) for w in (surname, self.year) if w)
        return words or self.title or self.folder or "Hands"


@dataclass(frozen=True, slots=True)
class BookView:
    """One book of the site: its hands (in order), and its PDF.  Iterates as ``(heading, entries)``,
    the pair a template written for earlier versions loops over."""

    anchor: str  # the section's id in the index: "elwell-1904"
    heading: str  # "J. B. Elwell, Advanced Bridge (1904)", or the folder when the source names no book
    title: str  # the book's title alone ("Advanced Bridge"), or the heading
    author: str
    year: str
    short: str  # "Elwell 1904": the book in the technique index and the makes page
    entries: tuple[IndexEntry, ...]
    pdf: str | None = None  # the book's own PDF (or the corpus PDF when it is the only book)
    pdf_size: str = ""  # "1.2 MB"
    quiz: str | None = None  # the book's quiz handout (its decision points, answers at the end)

    def __iter__(self) -> Iterator[object]:
        return iter((self.heading, self.entries))

    @property
    def count(self) -> str:
        n = len(self.entries)
        return f"{n} hand" if n == 1 else f"{n} hands"


@dataclass(frozen=True, slots=True)
class TechniqueView:
    """A technique on the technique index: every hand that shows it, book by book, with the tricks."""

    name: str
    anchor: str  # "the-down-and-out-echo"
    books: tuple[tuple[BookView, tuple[tuple[IndexEntry, tuple[tuple[int, str], ...]], ...]], ...]
    definition: str = ""  # a short definition, from the vocabulary of techniques

    @property
    def count(self) -> int:
        return sum(len(hands) for _, hands in self.books)

    @property
    def before_play(self) -> bool:
        """Shown before the play in every hand (the make): no trick to link."""
        return all(not tricks for _, hands in self.books for _, tricks in hands)


def technique_index(
    books: Sequence[BookView], order: Sequence[str], definitions: Mapping[str, str] | None = None
) -> list[TechniqueView]:
    """Each technique found in the books' hands, in ``order`` (then any other, as first found), with
    its definition (from ``definitions``), each book's hands that show it and links to the tricks."""
    found: dict[str, dict[str, list[tuple[IndexEntry, tuple[tuple[int, str], ...]]]]] = {}
    for book in books:
        for e in book.entries:
            for technique, tricks in e.technique_tricks:
                links = tuple((t, f"{e.href}#trick-{t}") for t in tricks)
                found.setdefault(technique, {}).setdefault(book.anchor, []).append((e, links))
    names = [t for t in order if t in found] + [t for t in found if t not in order]
    return [
        TechniqueView(
            name,
            _anchor(name),
            tuple((b, tuple(found[name][b.anchor])) for b in books if b.anchor in found[name]),
            (definitions or {}).get(name, ""),
        )
        for name in names
    ]


def _anchor(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-") or "technique"


def hand_heading(title: str, theme: str | None) -> tuple[str, str]:
    """What the index shows for a hand: the book's theme (else the title without its "Hand No. 21:"),
    and the title's own words beneath it when they say more than the theme."""
    tail = _HAND_PREFIX.sub("", title).strip() or title
    if not theme or not theme.strip():
        return tail, ""
    heading = theme.strip()
    if heading.endswith(".") and not heading.endswith(".."):
        heading = heading[:-1]  # a printed heading's full stop: "Leading the Losing Trump."
    same = _comparable(tail) == _comparable(heading)
    return heading, "" if same else tail


_HAND_PREFIX = re.compile(r"^\s*(?:illustrative\s+)?hand\s+(?:no\.?\s*)?[0-9]+\s*[:.—–-]\s*", re.IGNORECASE)


def _comparable(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.casefold()).strip()


def file_size(size: int) -> str:
    """A file's size for a reader: "840 KB", "8.1 MB"."""
    if size < 1_000_000:
        return f"{max(1, round(size / 1000))} KB"
    return f"{size / 1_000_000:.1f} MB"


def make_environment(template_dirs: Sequence[str]) -> jinja2.Environment:
    """A Jinja2 environment over ``template_dirs``, searched in order (the user's folder first)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(list(template_dirs)),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )
    env.filters["markdown"] = _markdown_filter
    env.filters["markdown_inline"] = _markdown_inline_filter
    return env


def render_lesson(
    env: jinja2.Environment, lesson: Lesson, nav: Nav, *, version: str, for_print: bool = False
) -> str:
    """The lesson page.  ``for_print`` drops the stepper and the site navigation (the PDF's source)."""
    return env.get_template("lesson.html").render(
        lesson=lesson, nav=nav, root=nav.root, version=version, for_print=for_print
    )


def render_index(
    env: jinja2.Environment,
    books: Sequence[BookView],
    *,
    version: str,
    corpus_pdf: str | None,
    problems: Sequence[str] = (),
    extra: dict[str, object] | None = None,
) -> str:
    """The site's front page: every book and its hands, the books listed first as contents."""
    return env.get_template("index.html").render(
        books=books,
        hands=sum(len(b.entries) for b in books),
        version=version,
        corpus_pdf=corpus_pdf,
        problems=problems,
        root="",
        **(extra or {}),
    )


def render_page(env: jinja2.Environment, template: str, *, version: str, **context: object) -> str:
    """Any other page of the site at its root (the technique index, the exercises)."""
    return env.get_template(template).render(version=version, root="", **context)


def render_corpus_front(
    env: jinja2.Environment,
    books: Sequence[BookView],
    *,
    title: str,
    version: str,
    whole: bool = False,
) -> str:
    """A PDF's title page and table of contents: one book, or (``whole``) every book of the site, its
    hands under it.  The entries carry their page numbers."""
    entries = [e for b in books for e in b.entries]
    return env.get_template("corpus-front.html").render(
        books=books, entries=entries, title=title, whole=whole, version=version, root=""
    )
