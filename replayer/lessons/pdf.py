"""PDF through WeasyPrint: a lesson page's print rendering, and the corpus assembled from lessons.

Functions of HTML (and the base URL its stylesheets and fonts are found under) that return bytes.
WeasyPrint reads nothing but what :class:`~replayer.lessons.media.SiteFiles` serves: our
stylesheets and fonts and the page's published images; every other URL (the network, ``data:``,
any other file of the machine) is refused, and the refused URLs are handed back to the caller.
The corpus PDF is put together from the lessons' own PDFs with pypdf, so that changing one hand
re-renders one lesson, not the book.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .media import SiteFiles

if TYPE_CHECKING:  # WeasyPrint and pypdf are imported where a PDF is made: a build that makes none
    from pypdf import PdfWriter  # never pays for them

__all__ = ["render_pdf", "page_count", "assemble_corpus", "pdf_unavailable"]


def pdf_unavailable() -> str | None:
    """Why PDFs cannot be made on this machine (WeasyPrint or its Pango library missing), or None."""
    try:
        import weasyprint  # noqa: F401  (imported only to see whether it loads)
    except (ImportError, OSError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return f"WeasyPrint cannot run here ({first}); on Debian: apt-get install libpango-1.0-0 libpangoft2-1.0-0"
    return None


def render_pdf(html: str, base_url: str, *, refused: list[str] | None = None) -> bytes:
    """The PDF of one HTML document, with its fonts embedded (WeasyPrint embeds the fonts it uses).

    ``base_url`` is the page's file in the site.  WeasyPrint may read only the site's own assets and
    the page's published images; the URLs it was refused are added to ``refused``."""
    # imported here: a build without PDFs never pays for it
    from weasyprint import HTML
    from weasyprint.text.fonts import FontConfiguration

    files = SiteFiles(base_url)
    document = HTML(string=html, base_url=base_url, url_fetcher=_fetcher(files.serve))
    # tagged (PDF/UA-1: a structure tree, and the page's language as the catalog's /Lang)
    pdf: bytes = document.write_pdf(font_config=FontConfiguration(), pdf_variant="pdf/ua-1")
    if refused is not None:
        refused.extend(files.refused)
    return pdf


def _fetcher(serve: Callable[[str], tuple[bytes, str] | None]) -> object:
    """A WeasyPrint URL fetcher that answers only from ``serve`` and refuses the rest: an
    ``URLFetcher`` whose ``fetch`` is ours (recent WeasyPrint), or the function older versions
    take."""
    from weasyprint import urls

    def refuse(url: str) -> ValueError:
        return ValueError(f"refused by replayer: {url[:200]} is not one of the site's own files")

    if hasattr(urls, "URLFetcher"):

        def fetch(self: object, url: str, headers: object = None) -> object:
            got = serve(url)
            if got is None:
                raise refuse(url)
            return urls.URLFetcherResponse(url, got[0], {"Content-Type": got[1]})

        # built with type(): URLFetcher is untyped, and a class statement cannot subclass Any
        fetcher: object = type("SiteFetcher", (urls.URLFetcher,), {"fetch": fetch})()
        return fetcher

    def fetch_dict(url: str) -> dict[str, object]:
        got = serve(url)
        if got is None:
            raise refuse(url)
        return {"string": got[0], "mime_type": got[1], "redirected_url": url}

    return fetch_dict


def page_count(pdf: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def assemble_corpus(
    front: Callable[[list[int]], bytes],
    lessons: Sequence[tuple[str, bytes]],
    *,
    title: str,
    sections: Sequence[tuple[str, int]] | None = None,
) -> bytes:
    """A book, or all the books: front matter (title page and contents), then each lesson's PDF.

    ``front`` renders the front matter given each lesson's first page number; it is called again
    if the contents turn out longer than first assumed, so the page numbers are always right.
    The PDF gets an outline (bookmarks) with one entry per lesson; with ``sections`` (each book's
    heading and how many of the lessons, in order, are its), the lessons' entries sit under their
    book's."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject, TextStringObject

    readers = [PdfReader(io.BytesIO(pdf)) for _, pdf in lessons]  # each lesson's PDF parsed once
    counts = [len(reader.pages) for reader in readers]
    front_pages = 2  # a title page and one page of contents, to begin with
    for _ in range(4):
        starts, page = [], front_pages + 1
        for n in counts:
            starts.append(page)
            page += n
        front_pdf = front(starts)
        got = page_count(front_pdf)
        if got == front_pages:
            break
        front_pages = got
    writer = PdfWriter()
    writer.append(PdfReader(io.BytesIO(front_pdf)), import_outline=False)
    writer.add_outline_item(title="Contents", page_number=min(1, front_pages - 1))
    parents = _section_starts(sections, len(lessons))
    parent = None
    for i, ((name, _), reader, start) in enumerate(zip(lessons, readers, starts, strict=True)):
        writer.append(reader, import_outline=False)
        if i in parents:
            parent = writer.add_outline_item(title=parents[i], page_number=start - 1, is_open=False)
        writer.add_outline_item(title=name, page_number=start - 1, parent=parent)
    _link_contents(writer, front_pages)
    writer.add_metadata({"/Title": title, "/Creator": "replayer"})
    writer.root_object[NameObject("/Lang")] = TextStringObject("en")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


PAGE_LINK = "replayer-page:"


def _link_contents(writer: PdfWriter, front_pages: int) -> None:
    """The contents' links (WeasyPrint wrote them as ``replayer-page:N`` addresses) made jumps to
    page N of the assembled PDF; a link to a page it does not have is dropped."""
    from pypdf.generic import ArrayObject, NameObject

    for page in writer.pages[:front_pages]:
        for ref in page.get("/Annots") or ():
            annot = ref.get_object()
            action = annot.get("/A")
            uri = str(action.get_object().get("/URI", "")) if action is not None else ""
            if annot.get("/Subtype") != "/Link" or not uri.startswith(PAGE_LINK):
                continue
            del annot["/A"]
            number = int(uri[len(PAGE_LINK) :]) if uri[len(PAGE_LINK) :].isdigit() else 0
            if 1 <= number <= len(writer.pages):
                target = writer.pages[number - 1].indirect_reference
                annot[NameObject("/Dest")] = ArrayObject([target, NameObject("/Fit")])


def _section_starts(sections: Sequence[tuple[str, int]] | None, lessons: int) -> dict[int, str]:
    """The index of each section's first lesson, and the section's heading."""
    starts: dict[int, str] = {}
    at = 0
    for heading, count in sections or ():
        if count > 0 and at < lessons:
            starts[at] = heading
        at += count
    return starts
