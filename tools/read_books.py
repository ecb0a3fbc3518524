"""Read every illustrative hand of the books and print, per book: the hands read and valid, the
cells the repair settled (OCR readings and the books' misprinted cards), and every error of the
book's the reader records under ``book_errors``, by kind (card, mark, deal, result), with any
ambiguous cell or error.  Nothing is written.

    .venv/bin/python tools/read_books.py                       # the excerpts in tests/fixtures/books
    .venv/bin/python tools/read_books.py ../shared/seeds/005_elwell_1902_bridge_full.txt
"""

from __future__ import annotations

import sys
from pathlib import Path

from replayer.formats.book import read_book
from replayer.formats.book.errors import Entry
from replayer.record.diagnostics import Severity

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = sorted((ROOT / "tests" / "fixtures" / "books").glob("*.txt"))
KINDS = {"card": "misprinted card", "mark": "mark", "deal": "diagram line", "result": "result line"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _where(e: Entry) -> str:
    """trick 2, A: printed ♠8, reading ♠3"""
    parts = [f"trick {e.get('trick')}"] if e.get("trick") else []
    parts += [e.get("seat") or ""] if e.get("seat") else []
    said = ", ".join(parts)
    if e.get("printed"):
        said += f": printed {e.get('printed')}, reading {e.get('reading')}"
    return said


def summarise(path: Path) -> int:
    book = read_book(path.read_text(encoding="utf-8"), path.name)
    if book.style is None:
        print(f"{path.name}: not a book in a known style")
        return 1
    readings = sum(len(h.readings) for h in book.hands)
    misprints = sum(len(h.misprints) for h in book.hands)
    errors = [(h.number, e) for h in book.hands for e in h.errors]
    valid = sum(1 for h in book.hands if h.ok)
    nodes = max((h.nodes for h in book.hands), default=0)
    counts = ", ".join(_plural(sum(1 for _, e in errors if e.kind == k), w) for k, w in KINDS.items())
    print(
        f"{path.name} ({book.style.name}): {_plural(len(book.hands), 'hand')} read, {valid} valid; "
        f"{_plural(readings + misprints, 'cell')} settled ({_plural(readings, 'OCR reading')}, "
        f"{_plural(misprints, 'misprinted card')}); book errors: {counts}; the largest search visited {nodes:,} positions"
    )
    for number, e in sorted(errors, key=lambda ne: (list(KINDS).index(ne[1].kind), ne[0])):
        where = _where(e)
        print(f"  hand {number}, {e.about}{', ' + where if where else ''}: {e.text}")
    for h in book.hands:
        for d in h.diagnostics:
            if d.code == "read-ambiguous" or d.severity is Severity.ERROR:
                print(f"  {d.code}: {d.message}")
    return 0 if valid == len(book.hands) else 1


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or DEFAULT
    return max((summarise(p) for p in paths), default=0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
