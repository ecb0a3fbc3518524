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
from collections.abc import Mapping, Sequence

import jinja2
from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from markupsafe import Markup

from .model import Lesson
from .views import Book, BookView, IndexEntry, Nav, TechniqueView, file_size, hand_heading, technique_index

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
