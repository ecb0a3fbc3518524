"""``replayer read``: a book's text in, one hand YAML per illustrative hand out (docs/book-reader.md).

Exit 0: every hand read and valid; 1: a hand with errors, an ambiguous cell, or a file left as it
was (without ``--force``); 2: a usage problem (no such file, an output folder that cannot be used)."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from ..formats.book import BookRead, read_book
from ..lessons.outputs import OutputFolder
from ..record.diagnostics import Diagnostic, Severity, Span, format_diagnostic, has_errors, sort_key

__all__ = ["run_read"]

_MOST_BYTES = 5_000_000  # the longest book here is 390 KB


def run_read(args: argparse.Namespace) -> int:
    path = Path(args.book)
    if not path.is_file():
        print(f"replayer: {path}: no such file", file=sys.stderr)
        return 2
    try:
        data = path.read_bytes()[: _MOST_BYTES + 1]
    except OSError as exc:
        print(f"replayer: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    if len(data) > _MOST_BYTES or b"\x00" in data:
        why = (
            "is longer than 5,000,000 bytes"
            if len(data) > _MOST_BYTES
            else "is not text (it holds NUL bytes)"
        )
        d = Diagnostic("read-not-a-book", Severity.ERROR, f"the file {why}", Span(str(path), 1, 1))
        print(format_diagnostic(d), file=sys.stderr)
        return 1
    book = read_book(data.decode("utf-8", errors="replace"), str(path), args.style, args.hand)
    out = Path(args.out)
    problems = [*book.diagnostics, *(_at(d, h.name, out) for h in book.hands for d in h.diagnostics)]
    written, kept = _write(book, out, args.force, problems)
    for d in sorted(problems, key=sort_key):
        print(format_diagnostic(d), file=sys.stderr)
    if args.summary:
        _summary(book)
    if not args.quiet and book.style is not None:
        settled = sum(h.settled for h in book.hands)
        print(
            f"{len(book.hands)} hand{'s' if len(book.hands) != 1 else ''} read from {path.name} "
            f"({book.style.name}): {written} written"
            + (f", {kept} left as they were (use --force)" if kept else "")
            + f"; {settled} cell{'s' if settled != 1 else ''} settled by the laws",
            file=sys.stderr,
        )
    ambiguous = any(d.code == "read-ambiguous" for d in problems)
    return 1 if has_errors(problems) or ambiguous or not book.hands else 0


def _at(d: Diagnostic, name: str, out: Path) -> Diagnostic:
    """A diagnostic about the written hand file, placed at the file's path under ``--out``."""
    if d.span is None or d.span.path != name:
        return d
    return replace(d, span=d.span._replace(path=str(out / name)))


def _write(book: BookRead, out: Path, force: bool, problems: list[Diagnostic]) -> tuple[int, int]:
    """Each read hand into ``out`` (never outside it); an existing file only with ``force``."""
    hands = [h for h in book.hands if h.text is not None]
    if not hands:
        return 0, 0
    folder = OutputFolder(out)
    written = kept = 0
    for h in hands:
        assert h.text is not None
        if folder.exists(h.name) and not force:
            kept += 1
            problems.append(
                Diagnostic(
                    "read-file-exists",
                    Severity.ERROR,
                    f"{out / h.name} exists and is left as it was",
                    Span(str(out / h.name), 1, 1),
                    "give --force to overwrite it, or another --out",
                )
            )
            continue
        folder.write(h.name, h.text.encode("utf-8"))
        written += 1
    return written, kept


def _summary(book: BookRead) -> None:
    for h in book.hands:
        state = "read" if h.ok else "read with errors" if h.text is not None else "not read"
        kinds = [e.kind for e in h.errors]
        recorded = ", ".join(f"{kinds.count(k)} {k}" for k in dict.fromkeys(kinds))
        print(
            f"hand {h.number}: {state}; {len(h.readings)} cell{'s' if len(h.readings) != 1 else ''} settled, "
            f"{len(h.misprints)} misprint{'s' if len(h.misprints) != 1 else ''} of the book; "
            + (f"book_errors written: {recorded}; " if recorded else "")
            + f"{h.nodes:,} positions searched"
        )
