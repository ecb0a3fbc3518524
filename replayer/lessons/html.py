"""HTML for lessons, the index and the corpus front matter: functions of a model that return strings.

Templates are Jinja2 with autoescaping on.  Notes are Markdown rendered by markdown-it-py with raw
HTML off, so a note can never inject markup into a page.  The template folders are given by the
caller (the build), the user's override folder first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import jinja2
from markdown_it import MarkdownIt
from markupsafe import Markup

from .model import Lesson

__all__ = [
    "Nav",
    "IndexEntry",
    "make_environment",
    "render_lesson",
    "render_index",
    "render_corpus_front",
    "render_page",
    "markdown_block",
    "markdown_inline",
]

_MD = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})


def markdown_block(text: str | None) -> Markup:
    """A note's Markdown as HTML blocks; raw HTML in the note is shown as text, never passed through."""
    return Markup(_MD.render(text or ""))


def markdown_inline(text: str | None) -> Markup:
    """Markdown for a single line (a result, a citation): no surrounding paragraph."""
    return Markup(_MD.renderInline(text or ""))


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
    env.filters["markdown"] = markdown_block
    env.filters["markdown_inline"] = markdown_inline
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
    books: Sequence[tuple[str, Sequence[IndexEntry]]],
    *,
    version: str,
    corpus_pdf: str | None,
    problems: Sequence[str] = (),
    extra: dict[str, object] | None = None,
) -> str:
    """The site's front page: every book and its hands."""
    return env.get_template("index.html").render(
        books=books, version=version, corpus_pdf=corpus_pdf, problems=problems, root="", **(extra or {})
    )


def render_page(env: jinja2.Environment, template: str, *, version: str, **context: object) -> str:
    """Any other page of the site at its root (the technique index, the exercises)."""
    return env.get_template(template).render(version=version, root="", **context)


def render_corpus_front(
    env: jinja2.Environment, entries: Sequence[IndexEntry], *, title: str, version: str
) -> str:
    """The corpus PDF's title page and table of contents (entries carry their page numbers)."""
    return env.get_template("corpus-front.html").render(
        entries=entries, title=title, version=version, root=""
    )
