"""A lesson's images, and what a lesson's PDF may load: nothing from the network or the build machine.

The file-system edge of the lessons' media.  A Markdown image in a hand's introduction, problem,
notes or transcription is published only when it is a file inside the hands folder, named relative
to the hand file (no URL, no absolute path, no ``..`` or symbolic link out of the folder), no larger
than :data:`IMAGE_LIMIT`, and a PNG, JPEG, GIF or WebP image by its content.  It is copied into the
site beside the lesson as ``media/<hash>.<type>`` (named by its content) and the page links it
relatively; any other image is shown as its alt text and reported as a warning (``image-refused``)
at its line.

:class:`SiteFiles` is what WeasyPrint may read while it makes a lesson's PDF: the build's own assets
(the stylesheets and fonts the package ships, served from the package, whatever path the page gives
them) and the page's published images (checked against their names' hashes).  Everything else, a
``http:``, ``data:`` or ``file:`` URL anywhere else, is refused and listed, so that the build can
report it (``fetch-refused``) rather than leave a silent gap.
"""

from __future__ import annotations

import hashlib
import os
import posixpath
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from ..record.diagnostics import Diagnostic, Severity, Span
from .fonts import WEB_FONTS
from .resources import assets_dir

if TYPE_CHECKING:  # at run time only where a lesson is rendered: a build with nothing to do skips them
    from ..record.hand import HandRecord
    from ..validation.files import Checked
    from .model import Lesson

__all__ = [
    "IMAGE_LIMIT",
    "LESSON_IMAGES_LIMIT",
    "MEDIA",
    "SiteFiles",
    "LessonImages",
    "image_refs",
    "image_type",
    "lesson_images",
    "sort_images",
    "publish_images",
    "refused_fetches",
]

#: the largest image a lesson publishes: a book's diagram or a photograph of a page needs far less
IMAGE_LIMIT = 5 * 1024 * 1024
#: the most one lesson publishes, all its images together: its page and PDF stay light, and a build
#: holds no more than this in memory at once
LESSON_IMAGES_LIMIT = 20 * 1024 * 1024
#: the folder, beside the lesson's page, that holds its images
MEDIA = "media"
_HASH_CHARS = 16  # of the SHA-256 in a published image's name: 64 bits, no collision in a site
_MEDIA_NAME = re.compile(rf"[0-9a-f]{{{_HASH_CHARS}}}\.(png|jpg|gif|webp)")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
_MIME = {"png": "image/png", "jpg": "image/jpeg", "gif": "image/gif", "webp": "image/webp"}
_ASSET_MIME = {".css": "text/css", ".ttf": "font/ttf", ".otf": "font/otf", ".woff2": "font/woff2"}
_HINT = (
    "put the image in the hands folder and name it relative to the hand file, "
    "e.g. ![the deal](images/hand-5.png); the build copies it into the site"
)


def image_type(data: bytes) -> str | None:
    """``png``, ``jpg``, ``gif`` or ``webp`` from the first bytes of the file, or None (never by
    its name: an SVG, a PDF or a text file named ``.png`` is not an image the lesson shows)."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith(b"\xff\xd8\xff"):
        return "jpg"
    if data.startswith((b"GIF87a", b"GIF89a")):
        return "gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    return None


@dataclass(frozen=True, slots=True)
class _Refused:
    """Why an image is not published."""

    reason: str


def publish_images(lesson: Lesson, images: LessonImages, write: Callable[[str, bytes], object]) -> Lesson:
    """The lesson with its images published: each acceptable image of ``images`` (see
    :func:`lesson_images`) is written with ``write`` (a path relative to the site, and the bytes) to
    ``media/`` beside the lesson's page and linked from the page; a refused one (reported by the
    caller from ``images.refusals``) shows as its alt text."""
    for rel, data in images.files.items():
        write(rel, data)
    return replace(lesson, images=images.hrefs) if images.hrefs else lesson


@dataclass(frozen=True, slots=True)
class LessonImages:
    """A hand's Markdown images, sorted: the published ones and the refused ones."""

    hrefs: dict[str, str]  # source as markdown-it gives it -> the href from the lesson's page
    files: dict[str, bytes]  # the copies to write, by their path relative to the site
    refusals: tuple[Diagnostic, ...]  # one warning per refused image, at its line

    def key(self) -> str:
        """A digest of what the lesson's pages depend on: the images' names (which are their hashes)
        and the refusals, for a build's cache."""
        text = "\0".join([*sorted(self.files), *(d.message for d in self.refusals)])
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


def lesson_images(checked: Checked, slug: str) -> LessonImages:
    """Every Markdown image of the hand, read and checked (see :func:`publish_images`).

    The hands folder is the folder the build found the hand under: the hand's slug
    (``foster-1904/hand-5``) is its path below that folder, as many levels deep."""
    if checked.record is None:
        return LessonImages({}, {}, ())
    return sort_images(checked.path, slug, image_refs(checked.record))


def image_refs(record: HandRecord) -> tuple[tuple[str, Span | None], ...]:
    """Every Markdown image source of the hand, with the span of the text that holds it, in order:
    what :func:`sort_images` needs, kept by the build for a hand it does not read again."""
    from .html import markdown_images
    from .model import markdown_texts

    return tuple((src, span) for text, span in markdown_texts(record) for src, _alt in markdown_images(text))


def sort_images(path: Path, slug: str, refs: tuple[tuple[str, Span | None], ...]) -> LessonImages:
    """The images ``refs`` of the hand file ``path`` (whose lesson is ``slug``), read and sorted."""
    sorter = _Sorter(path, _hands_folder(path, slug), posixpath.dirname(slug))
    for src, span in refs:
        sorter.add(src, span)
    return LessonImages(sorter.hrefs, sorter.files, tuple(sorter.refusals))


class _Sorter:
    """Sorts one hand's images into published and refused, reading each source once."""

    def __init__(self, hand: Path, root: Path, page_folder: str) -> None:
        self.hand, self.root = hand, root
        self.media = posixpath.join(page_folder, MEDIA)
        self.hrefs: dict[str, str] = {}
        self.files: dict[str, bytes] = {}
        self.refused: dict[str, _Refused] = {}
        self.refusals: list[Diagnostic] = []
        self.size = 0
        self._lines: list[str] | None = None

    def add(self, src: str, span: Span | None) -> None:
        if src not in self.hrefs and src not in self.refused:
            found = _read_image(src, self.hand.parent, self.root)
            if not isinstance(found, _Refused) and self.size + len(found[0]) > LESSON_IMAGES_LIMIT:
                found = _Refused(
                    f"the lesson's images would pass the limit of {_mb(LESSON_IMAGES_LIMIT)} together"
                )
            if isinstance(found, _Refused):
                self.refused[src] = found
            else:
                name = f"{hashlib.sha256(found[0]).hexdigest()[:_HASH_CHARS]}.{found[1]}"
                self.hrefs[src] = f"{MEDIA}/{name}"
                if posixpath.join(self.media, name) not in self.files:
                    self.files[posixpath.join(self.media, name)] = found[0]
                    self.size += len(found[0])
        if src in self.refused:
            if self._lines is None:
                self._lines = _source_lines(self.hand)
            where = _locate(self._lines, src, span, str(self.hand))
            self.refusals.append(_refusal(src, self.refused[src], where))


def _hands_folder(hand: Path, slug: str) -> Path:
    """The folder a hand was found under: as many levels above the hand as its slug has folders."""
    depth = slug.count("/")
    resolved = hand.resolve()
    return resolved.parents[depth] if depth < len(resolved.parents) else resolved.parent


def _read_image(src: str, hand_dir: Path, root: Path) -> tuple[bytes, str] | _Refused:
    """The image's bytes and type, when ``src`` names an acceptable file; else why not."""
    if _SCHEME.match(src) or src.startswith("//"):
        return _Refused("it is a URL, and a lesson never loads anything from the network")
    name = unquote(src)
    if name.startswith(("/", "\\")):
        return _Refused("it is an absolute path; a lesson's images are files in the hands folder")
    if "\x00" in name:
        return _Refused("it is not a file name")
    try:
        real = (hand_dir / name).resolve()  # follows symbolic links: a link out of the folder is outside
        if not real.is_relative_to(root):
            return _Refused(f"it is outside the hands folder ({root})")
        if not real.is_file():
            return _Refused(f"there is no such file ({hand_dir / name})")
        data = _read_at_most(real, IMAGE_LIMIT)
    except (OSError, RuntimeError, ValueError) as exc:
        return _Refused(f"it cannot be read ({getattr(exc, 'strerror', None) or exc})")
    if data is None:
        return _Refused(f"it is larger than the limit of {_mb(IMAGE_LIMIT)} for one image")
    kind = image_type(data)
    if kind is None:
        return _Refused("it is not a PNG, JPEG, GIF or WebP image (judged by its content, not its name)")
    return data, kind


def _mb(size: int) -> str:
    return f"{size // (1024 * 1024)} MB"


def _read_at_most(path: Path, limit: int) -> bytes | None:
    """The file's bytes, or None when it holds more than ``limit``; never follows a symbolic link."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(fd, "rb") as fh:
        data = fh.read(limit + 1)
    return data if len(data) <= limit else None


def _source_lines(hand: Path) -> list[str]:
    try:
        return hand.read_text(encoding="utf-8").splitlines()
    except (OSError, ValueError):
        return []


def _locate(lines: list[str], src: str, span: Span | None, path: str) -> Span:
    """Where the image stands: the first line, from the text's own line on, that holds its source as
    written (or as markdown-it normalised it); else the text's start, else the file's first line."""
    start = span.line if span is not None else 1
    for wanted in dict.fromkeys((src, unquote(src))):
        for number in range(start, len(lines) + 1):
            col = lines[number - 1].find(wanted)
            if col >= 0:
                return Span(path, number, col + 1)
    return span if span is not None else Span(path, 1, 1)


def _refusal(src: str, refused: _Refused, span: Span) -> Diagnostic:
    return Diagnostic(
        "image-refused",
        Severity.WARNING,
        f"the image {src!r} is not shown (its alt text is, instead): {refused.reason}",
        span,
        _HINT,
    )


def refused_fetches(checked: Checked, urls: list[str]) -> list[Diagnostic]:
    """What a lesson's PDF tried to load and was refused (:class:`SiteFiles`), as warnings on its hand."""
    span = checked.record.span if checked.record is not None else Span(str(checked.path), 1, 1)
    return [
        Diagnostic(
            "fetch-refused",
            Severity.WARNING,
            f"the lesson's PDF does not load {url!r}: only the site's own stylesheets, fonts and the "
            "lesson's published images are read while it is made",
            span,
            "a template that names another file or a URL loses it in the PDF; "
            "link an image from the hand's Markdown instead",
        )
        for url in dict.fromkeys(urls)
    ]


class SiteFiles:
    """What WeasyPrint may read for one page of the site (``page``: the page's file, the base of its
    relative links): our assets and the page's published images.  :meth:`serve` gives a file's bytes
    and type, or None when refused; the refused URLs are kept in :attr:`refused`."""

    def __init__(self, page: str) -> None:
        self.page_dir = Path(os.path.abspath(page)).parent
        self.refused: list[str] = []
        self._assets: dict[str, Path] | None = None

    def serve(self, url: str) -> tuple[bytes, str] | None:
        try:
            got = self._serve(url)
        except (OSError, ValueError):
            got = None
        if got is None:
            self.refused.append(url)
        return got

    def _serve(self, url: str) -> tuple[bytes, str] | None:
        parts = urlsplit(url)
        if parts.scheme.lower() != "file" or parts.netloc not in ("", "localhost") or parts.query:
            return None
        from urllib.request import url2pathname  # only while a PDF is made: it imports http.client

        path = Path(url2pathname(parts.path))
        if not path.is_absolute() or ".." in path.parts:
            return None
        if path.parent == self.page_dir / MEDIA and _MEDIA_NAME.fullmatch(path.name):
            return self._image(path)
        return self._asset(path)

    def _image(self, path: Path) -> tuple[bytes, str] | None:
        """A published image: a regular file in the page's own ``media/`` (no link), whose content
        hashes to its name and is the image its name says."""
        if stat.S_ISLNK(os.lstat(path.parent).st_mode) or stat.S_ISLNK(os.lstat(path).st_mode):
            return None
        data = _read_at_most(path, IMAGE_LIMIT)
        stem, kind = path.name.split(".")
        if data is None or hashlib.sha256(data).hexdigest()[:_HASH_CHARS] != stem or image_type(data) != kind:
            return None
        return data, _MIME[kind]

    def _asset(self, path: Path) -> tuple[bytes, str] | None:
        """One of our stylesheets or fonts, under ``assets/`` at the page's folder or above it:
        served from the package (the build copied the same bytes into the site)."""
        for folder in (self.page_dir, *self.page_dir.parents):
            if path.is_relative_to(folder / "assets"):
                shipped = self._shipped().get(path.relative_to(folder / "assets").as_posix())
                if shipped is not None:
                    return shipped.read_bytes(), _ASSET_MIME[shipped.suffix]
        return None

    def _shipped(self) -> dict[str, Path]:
        """Our stylesheets and fonts, by their path under ``assets/``."""
        if self._assets is None:
            root = assets_dir()
            self._assets = {
                p.relative_to(root).as_posix(): p
                for p in sorted(root.rglob("*"))
                if p.suffix in _ASSET_MIME and p.is_file()
            }
            # the pages' web fonts are subsets the build makes (fonts.py): a PDF reads the full TTFs
            self._assets.update({web: root / ttf for web, ttf in WEB_FONTS.items()})
        return self._assets
