"""The ``replayer`` command's arguments: every sub-command and its options, and nothing else.

Built on every run, even ``replayer --help``, so this module imports only argparse: a command's
libraries (the lessons, the teaching detectors, Jinja2, WeasyPrint, endplay) are imported by the
command that uses them, when it runs (``cli/main.py``).  The few values the options show that are
defined deeper down (the site's folder, the books' styles) are written here as well, and
tests/test_cli_imports.py checks that they agree with their sources.
"""

from __future__ import annotations

import argparse

from .. import __version__

__all__ = ["DEFAULT_OUT", "STYLE_NAMES", "make_parser"]

#: ``lessons.build.DEFAULT_OUT``: the site's folder
DEFAULT_OUT = "_site"
#: the names of ``formats.book.STYLES``, sorted: ``replayer read --style``
STYLE_NAMES = ("elwell-1902", "elwell-1904", "foster-1904")


def make_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="replayer", description="Bridge book hands: validate, show and build lessons."
    )
    p.add_argument("--version", action="version", version=f"replayer {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    _add_hand_commands(sub)
    _add_annotate_command(sub)
    _add_file_commands(sub)
    _add_read_command(sub)
    _add_analyse_command(sub)
    _add_serve_command(sub)
    return p


def _option_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule-set option where the sources disagree, e.g. chicane_mode=deduct (repeatable)",
    )


def _add_hand_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The commands that read hands and print what they find: validate, show, score, rubber."""
    v = sub.add_parser("validate", help="check hand files against the laws and report every problem")
    v.add_argument("paths", nargs="+", metavar="PATH", help="hand files or folders (searched for *.yaml)")
    v.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    v.add_argument("--strict", action="store_true", help="fail (exit 1) on warnings too")
    v.add_argument("-q", "--quiet", action="store_true", help="print problems only, no summary")

    s = sub.add_parser("show", help="print a replayed hand as a diagram, or as JSON for tools")
    s.add_argument("hand", metavar="HAND", help="a hand file")
    s.add_argument("--json", action="store_true", help="canonical JSON (see docs/json-output.md)")
    sc = sub.add_parser("score", help="score a hand under its rule set, as the players wrote it")
    sc.add_argument("hand", metavar="HAND", help="a hand file")
    sc.add_argument("--json", action="store_true", help="the score object (see docs/json-output.md)")
    _option_flag(sc)

    ru = sub.add_parser("rubber", help="score a rubber: a list of hands or of result lines")
    ru.add_argument("file", metavar="FILE", help="a rubber file (*.rubber.yaml)")
    ru.add_argument("--json", action="store_true", help="the score sheet as JSON")
    _option_flag(ru)


def _add_annotate_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    an = sub.add_parser("annotate", help="the teaching notes the engine derives from a hand's cards")
    an.add_argument("hand", nargs="?", metavar="HAND", help="a hand file")
    an.add_argument("--json", action="store_true", help="the findings as JSON (see docs/teaching-notes.md)")
    an.add_argument("--all", action="store_true", help="also the findings a lesson does not show")
    an.add_argument(
        "--detector",
        action="append",
        default=None,
        metavar="NAME",
        help="run only this detector (repeatable); see docs/teaching-notes.md for the names",
    )
    an.add_argument(
        "--review-skeleton",
        action="store_true",
        help="print a review file for the hand's findings, each with 'verdict: ~' to fill in (docs/evaluation.md)",
    )
    an.add_argument(
        "--evaluate",
        metavar="PATH",
        help="measure the notes on the hands under PATH: recall of the techniques the notes name, "
        "precision by the reviews in evaluation/ (docs/evaluation.md)",
    )
    an.add_argument(
        "--reviews", metavar="DIR", help="with --evaluate: the reviews' folder (default: evaluation/)"
    )
    for flag in ("precision", "recall"):
        an.add_argument(
            f"--min-{flag}",
            type=float,
            metavar="PERCENT",
            help=f"with --evaluate: exit 1 if the {flag} is below PERCENT",
        )


def _add_file_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The commands that write files: import, export, build."""
    im = sub.add_parser("import", help="PBN or LIN boards into hand files (one YAML per board), each checked")
    im.add_argument("files", nargs="+", metavar="FILE", help="PBN (.pbn) or LIN (.lin) files")
    im.add_argument(
        "--out", metavar="DIR", help="where to write the hands (default: a folder named after each file)"
    )
    im.add_argument("--force", action="store_true", help="overwrite hand files that already exist")
    im.add_argument("--dry-run", action="store_true", help="check and report, write nothing")
    im.add_argument("-q", "--quiet", action="store_true", help="problems only, no summary")

    ex = sub.add_parser("export", help="a hand as PBN or LIN (on standard output)")
    ex.add_argument("hand", metavar="HAND", help="a hand file")
    ex.add_argument("--to", choices=("pbn", "lin"), required=True, help="the format")
    ex.add_argument("--out", metavar="FILE", help="write to FILE (atomically) instead of standard output")
    ex.add_argument("--url", action="store_true", help="with --to lin: print BBO's Handviewer link instead")

    b = sub.add_parser("build", help="render every hand into a static site of lessons (HTML and PDF)")
    b.add_argument(
        "paths", nargs="*", metavar="PATH", default=["hands"], help="hand files or folders (default: hands)"
    )
    b.add_argument(
        "--out", default=DEFAULT_OUT, metavar="DIR", help=f"the site's folder (default: {DEFAULT_OUT})"
    )
    b.add_argument("--templates", metavar="DIR", help="a folder of templates that replace ours by name")
    b.add_argument("--no-pdf", dest="pdf", action="store_false", help="HTML only: skip the PDFs (faster)")
    b.add_argument(
        "--force", action="store_true", help="render every lesson, even those unchanged since the last build"
    )
    b.add_argument(
        "-j",
        "--jobs",
        type=_jobs,
        metavar="N",
        help="render the lessons on N processes (default: one per core; the output is the same)",
    )
    b.add_argument("-q", "--quiet", action="store_true", help="no progress display")


def _jobs(text: str) -> int:
    """A count of worker processes: a whole number from 1 up (argparse exits 2 otherwise)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n} workers: give 1 or more")
    return n


def _add_read_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    r = sub.add_parser(
        "read", help="a book's printed hands (e-text or OCR) into hand files, repaired by the laws"
    )
    r.add_argument("book", metavar="BOOK", help="the book's text (UTF-8)")
    r.add_argument("--out", required=True, metavar="DIR", help="the folder for the hand files (hand-N.yaml)")
    r.add_argument(
        "--style", choices=STYLE_NAMES, help="the book's notation (default: detected from the text)"
    )
    r.add_argument(
        "--hand", type=int, action="append", default=[], metavar="N", help="read only hand N (repeatable)"
    )
    r.add_argument("--force", action="store_true", help="overwrite hand files that already exist")
    r.add_argument("--summary", action="store_true", help="print each hand's settled cells and search size")
    r.add_argument("-q", "--quiet", action="store_true", help="problems only, no closing line")


def _add_analyse_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    an = sub.add_parser(
        "analyse", help="double dummy on a hand's decision points and lines (needs the dds extra for numbers)"
    )
    an.add_argument("hand", metavar="HAND", help="a hand file")
    an.add_argument("--json", action="store_true", help="the analysis as JSON (see docs/analysis.md)")


def _add_serve_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``replayer serve``, the live preview: its options are ``cli/serve.py``'s, whose top level
    imports only the standard library (the server and the build are imported when it runs)."""
    from .serve import add_parser

    add_parser(sub)
