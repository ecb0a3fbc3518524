"""Read every illustrative hand of the books and print, per book, the hands read and the cells the
repair settled (OCR readings and the books' own misprints), with every misprint, ambiguous cell and
contradicted mark.  Nothing is written.

    .venv/bin/python tools/read_books.py                       # the excerpts in tests/fixtures/books
    .venv/bin/python tools/read_books.py ../shared/seeds/005_elwell_1902_bridge_full.txt
"""

from __future__ import annotations

import sys
from pathlib import Path

from replayer.formats.book import read_book
from replayer.record.diagnostics import Severity

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = sorted((ROOT / "tests" / "fixtures" / "books").glob("*.txt"))


def summarise(path: Path) -> int:
    book = read_book(path.read_text(encoding="utf-8"), path.name)
    if book.style is None:
        print(f"{path.name}: not a book in a known style")
        return 1
    readings = sum(len(h.readings) for h in book.hands)
    misprints = [m for h in book.hands for m in h.misprints]
    valid = sum(1 for h in book.hands if h.ok)
    nodes = max((h.nodes for h in book.hands), default=0)
    print(
        f"{path.name} ({book.style.name}): {len(book.hands)} hands read, {valid} valid; "
        f"{readings + len(misprints)} cells settled ({readings} readings, {len(misprints)} misprints); "
        f"the largest search visited {nodes:,} positions"
    )
    for h in book.hands:
        for m in h.misprints:
            print(
                f"  hand {h.number}, trick {m.trick}, {m.letter.name}: misprint {m.printed} -> {m.card}: {m.reason}"
            )
        for d in h.diagnostics:
            if d.code in ("read-ambiguous", "read-mark", "read-diagram") or d.severity is Severity.ERROR:
                print(f"  {d.code}: {d.message}")
    return 0 if valid == len(book.hands) else 1


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or DEFAULT
    return max((summarise(p) for p in paths), default=0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
