"""What a lesson page weighs in a browser: its HTML, stylesheets, script, images and the fonts its
stylesheets declare (replayer.lessons.fonts.page_weight), for Foster's Hand 5 and the heaviest lesson.

    .venv/bin/python benchmarks/page_weight.py               # builds hands/ (no PDFs) into a temporary folder
    .venv/bin/python benchmarks/page_weight.py --site _site  # a site built already
    .venv/bin/python benchmarks/page_weight.py --all         # every page of the site

Prints one line a page (KB = 1,024 bytes, as the issue counts) and the size of each font file the site ships.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOSTER_5 = "foster-1904/hand-5.html"
SITE_PAGES = {"index.html", "techniques.html", "makes.html"}


def build(out: Path) -> Path:
    from replayer.cli.main import main

    status = main(["build", str(ROOT / "hands"), "--out", str(out), "--no-pdf", "-q"])
    if status != 0:
        sys.exit(f"replayer build failed with status {status}")
    return out


def weigh(site: Path, page: str) -> dict[str, int]:
    from replayer.lessons.fonts import page_weight

    return page_weight(page, lambda rel: (site / rel).read_bytes())


def line(page: str, w: dict[str, int]) -> str:
    parts = "  ".join(f"{k} {v / 1024:6.1f}" for k, v in w.items())
    return f"{page:34} {sum(w.values()) / 1024:6.1f} KB   ({parts})"


def report(site: Path, every: bool) -> None:
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    weights = {p: weigh(site, p) for p in pages}
    lessons = [p for p in pages if p not in SITE_PAGES]
    heaviest = max(lessons, key=lambda p: sum(weights[p].values()))
    print(f"page weight in a browser, fonts included ({len(lessons)} lessons, {site}):")
    for page in pages if every else dict.fromkeys([FOSTER_5, heaviest]):
        label = " (heaviest lesson)" if page == heaviest else ""
        print(line(page, weights[page]) + label)
    print("font files in the site:")
    for font in sorted((site / "assets").rglob("*")):
        if font.suffix in (".woff2", ".woff", ".ttf", ".otf"):
            print(f"  {font.relative_to(site).as_posix():40} {font.stat().st_size / 1024:7.1f} KB")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--site", type=Path, help="a built site (default: build hands/ into a temporary folder)"
    )
    parser.add_argument("--all", action="store_true", help="every page, not only Hand 5 and the heaviest")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    if args.site is not None:
        report(args.site, args.all)
        return
    with tempfile.TemporaryDirectory() as tmp:
        report(build(Path(tmp) / "site"), args.all)


if __name__ == "__main__":
    main()
