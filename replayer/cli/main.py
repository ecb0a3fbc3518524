"""The ``replayer`` command: a thin layer over the library.  Exit 0 ok, 1 problems, 2 usage.

Each command imports what it uses when it runs (the imports inside the functions below are on
purpose): ``replayer --help`` or ``validate`` starts in a tenth of a second, and never loads the
lessons, the teaching detectors, Jinja2, WeasyPrint or endplay.  tests/test_cli_imports.py holds
every command to it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .parser import make_parser

if TYPE_CHECKING:
    from ..formats.importer import Imported
    from ..lessons.outputs import Names, OutputFolder
    from ..record.diagnostics import Diagnostic
    from ..rules.regimes import RuleSet
    from ..scoring.sheet import ScoringOptions
    from ..validation.files import Checked

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = make_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 on --help
        return int(exc.code or 0)
    if args.command is None:
        parser.print_help(sys.stderr)
        return 2
    try:
        return _COMMANDS[args.command](args)
    except BrokenPipeError:  # e.g. piped into `head`
        return 0
    except Exception as exc:
        status = _refused(exc)
        if status is None:
            raise
        return status


def _refused(exc: Exception) -> int | None:
    """The exit status of a failure reported in one line, without a traceback: a path naming no
    hand (2), an output folder that cannot be used or a write that failed (the error's status).
    None: not one of those.  Their classes are imported here, once there is a failure to look at,
    because a command that never meets them should not load them."""
    from ..lessons.outputs import OutputError
    from ..record.diagnostics import format_diagnostic
    from ..validation.files import NoHands

    if isinstance(exc, NoHands):
        print(f"replayer: {exc}", file=sys.stderr)
        return 2
    if isinstance(exc, OutputError):
        print(f"replayer: {format_diagnostic(exc.diagnostic)}", file=sys.stderr)
        return exc.status
    return None


def _validate(args: argparse.Namespace) -> int:
    import json

    from ..record.diagnostics import Severity, format_diagnostic, has_errors, sort_key
    from ..validation.files import check_file, find_hands

    paths = find_hands(args.paths)
    # Only each file's diagnostics are kept: its record and game are dropped as soon as it is
    # checked, so a folder of thousands of hands runs in the memory of one (keeping them all cost
    # 173 MiB for 5,000 files, and full garbage collections over them a third of the run).
    found: list[Diagnostic] = []
    bad = 0
    for path in paths:
        diagnostics = check_file(path).diagnostics
        found.extend(diagnostics)
        bad += has_errors(diagnostics)
    diags = sorted(found, key=sort_key)
    if args.format == "json":
        print(json.dumps([d.to_json() for d in diags], ensure_ascii=False, indent=2))
    else:
        for d in diags:
            print(format_diagnostic(d))
    if not args.quiet and args.format == "text":
        warn = sum(1 for d in diags if d.severity is Severity.WARNING)
        errors = sum(1 for d in diags if d.severity is Severity.ERROR)
        print(
            f"{len(paths)} hand{'s' if len(paths) != 1 else ''} checked: "
            f"{len(paths) - bad} valid, {bad} with errors ({errors} errors, {warn} warnings)",
            file=sys.stderr,
        )
    failed = has_errors(diags) or (args.strict and any(d.severity is Severity.WARNING for d in diags))
    return 1 if failed else 0


def _valid_hand(name: str, command: str) -> Checked | int:
    from ..record.diagnostics import format_diagnostic, has_errors, sort_key
    from ..validation.files import NoHands, check_file

    path = Path(name)
    if path.is_dir():
        print(f"replayer: {path} is a folder; {command} takes one hand file", file=sys.stderr)
        return 2
    if not path.exists():
        raise NoHands(f"{path}: no such file")
    checked = check_file(path)
    if has_errors(checked.diagnostics) or checked.game is None:
        for d in sorted(checked.diagnostics, key=sort_key):
            print(format_diagnostic(d), file=sys.stderr)
        print(
            f"replayer: {path} is not a valid hand; fix the errors above (replayer validate {path})",
            file=sys.stderr,
        )
        return 1
    return checked


def _score(args: argparse.Namespace) -> int:
    import json

    from ..scoring.sheet import score_game
    from .output import score_json, score_text

    checked = _valid_hand(args.hand, "score")
    if isinstance(checked, int):
        return checked
    assert checked.game is not None
    options = _options(checked.game.regime.name, args.option)
    if isinstance(options, int):
        return options
    score = score_game(checked.game, options=options)
    if score is None:
        print(f"replayer: {args.hand} cannot be scored: the play is not a complete deal", file=sys.stderr)
        return 1
    if args.json:
        print(
            json.dumps(
                {"rules": checked.game.regime.name, **score_json(score, checked.game)},
                ensure_ascii=False,
                indent=2,
            )
        )
    else:
        print(score_text(score, checked.game), end="")
    return 0


def _rubber(args: argparse.Namespace) -> int:
    import json

    from ..record.diagnostics import format_diagnostic, sort_key
    from ..validation.files import NoHands, check_rubber
    from .output import rubber_json, rubber_text

    path = Path(args.file)
    if not path.is_file():
        raise NoHands(f"{path}: no such file")
    checked = check_rubber(path, args.option)
    for d in sorted(checked.diagnostics, key=sort_key):
        print(format_diagnostic(d), file=sys.stderr)
    if checked.sheet is None:
        return 1
    print(
        json.dumps(rubber_json(checked.sheet), ensure_ascii=False, indent=2)
        if args.json
        else rubber_text(checked.sheet, checked.title),
        end="" if not args.json else "\n",
    )
    return 0


def _options(rules: RuleSet, pairs: list[str]) -> ScoringOptions | int:
    """The rule set's options with ``--option NAME=VALUE`` applied, or the exit code of a usage error."""
    from ..scoring.sheet import SCORING

    settings = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            print(f"replayer: --option takes NAME=VALUE, not {pair!r}", file=sys.stderr)
            return 2
        settings[name.strip()] = value.strip()
    try:
        return SCORING[rules].make_options(settings)
    except ValueError as exc:
        print(f"replayer: {exc}", file=sys.stderr)
        return 2


def _show(args: argparse.Namespace) -> int:
    import json

    from .output import to_json, to_text

    checked = _valid_hand(args.hand, "show")
    if isinstance(checked, int):
        return checked
    assert checked.game is not None
    if args.json:
        print(json.dumps(to_json(checked.game, checked.record), ensure_ascii=False, indent=2))
    else:
        print(to_text(checked.game, checked.record), end="")
    return 0


def _build(args: argparse.Namespace) -> int:
    from ..lessons.build import BuildOptions, build_site
    from ..record.diagnostics import format_diagnostic, sort_key

    templates = Path(args.templates) if args.templates else None
    if templates is not None and not templates.is_dir():
        print(f"replayer: --templates {templates}: no such folder", file=sys.stderr)
        return 2
    tty = sys.stderr.isatty() and not args.quiet
    width = 0

    def progress(n: int, total: int, what: str) -> None:
        nonlocal width
        line = f"[{n}/{total}] {what}"
        sys.stderr.write("\r" + line.ljust(width))
        sys.stderr.flush()
        width = len(line)

    try:
        report = build_site(
            args.paths,
            BuildOptions(Path(args.out), templates, args.pdf, args.force),
            progress if tty else None,
            jobs=args.jobs,
        )
    finally:
        if tty:
            sys.stderr.write("\r" + " " * width + "\r")
    for d in sorted(report.diagnostics, key=sort_key):
        print(format_diagnostic(d), file=sys.stderr)
    if report.pdf_error:
        print(f"replayer: no PDFs were made: {report.pdf_error} (or build with --no-pdf)", file=sys.stderr)
    pdf = (
        f", {report.pdfs} PDF{'s' if report.pdfs != 1 else ''} rendered"
        if args.pdf and not report.pdf_error
        else ", no PDFs"
    )
    bad = (
        f"; {len(report.invalid)} invalid hand{'s' if len(report.invalid) != 1 else ''} not built"
        if report.invalid
        else ""
    )
    print(
        f"Built {report.lessons} lesson{'s' if report.lessons != 1 else ''} into {args.out}/ "
        f"({report.rendered} rendered, {report.unchanged} unchanged{pdf}) in {report.seconds:.1f} s{bad}."
    )
    return 1 if report.invalid or report.pdf_error else 0


def _annotate(args: argparse.Namespace) -> int:
    import json

    from ..lessons.model import book_author
    from ..lessons.refereed import with_double_dummy
    from ..teaching.annotate import DETECTORS
    from .output import annotations_json, annotations_text

    if args.evaluate is not None or args.hand is None:
        return _evaluate(args)
    checked = _valid_hand(args.hand, "annotate")
    if isinstance(checked, int):
        return checked
    assert checked.game is not None and checked.record is not None
    unknown = [n for n in args.detector or [] if n not in DETECTORS]
    if unknown:
        print(
            f"replayer: no detector named {', '.join(unknown)}; known: {', '.join(DETECTORS)}",
            file=sys.stderr,
        )
        return 2
    # as the lesson shows them: refereed by double dummy when endplay is installed
    findings = with_double_dummy(checked.game, checked.record, book_author(checked.record))
    if args.detector:
        findings = [f for f in findings if f.motif in args.detector]
    if args.review_skeleton:
        from ..teaching.evaluate import review_skeleton

        print(review_skeleton(checked.game, findings, args.hand), end="")
        return 0
    if not args.all:
        findings = [f for f in findings if f.shown]
    if args.json:
        print(
            json.dumps(
                annotations_json(checked.game, findings, with_make=args.detector is None),
                ensure_ascii=False,
                indent=2,
            )
        )
    else:
        print(annotations_text(checked.game, findings, with_make=args.detector is None), end="")
    return 0


def _analyse(args: argparse.Namespace) -> int:
    from .analyse import analyse_json, analyse_text

    checked = _valid_hand(args.hand, "analyse")
    if isinstance(checked, int):
        return checked
    assert checked.game is not None and checked.record is not None
    show = analyse_json if args.json else analyse_text
    print(show(checked.game, checked.record), end="")
    return 0


def _evaluate(args: argparse.Namespace) -> int:
    """``annotate --evaluate PATH``: the hands under PATH, each with its review file, measured."""
    import json

    from ..record.diagnostics import format_diagnostic, has_errors, sort_key
    from ..validation.files import check_file, find_hands, read_text
    from .evaluate import HandFiles, evaluation_json, evaluation_text, gather, thresholds_failed

    if args.evaluate is None or args.hand is not None:
        print("replayer: annotate takes a HAND, or --evaluate PATH (not both)", file=sys.stderr)
        return 2
    where = Path(args.evaluate)
    paths = find_hands([where])
    # the hands' root: the nearest folder named hands/ at or above PATH, else PATH's folder
    top = where if where.is_dir() else where.parent
    root = next((p for p in (top, *top.parents) if p.name == "hands"), top)
    reviews = Path(args.reviews) if args.reviews else root.parent / "evaluation"
    hands = []
    for path in paths:
        rel = path.relative_to(root) if path.is_relative_to(root) else Path(path.name)
        review = reviews / rel
        text, problems = read_text(review) if review.is_file() else (None, [])
        book = rel.parts[0] if len(rel.parts) > 1 else root.name
        hands.append(HandFiles(rel.as_posix(), book, check_file(path), str(review), text, tuple(problems)))
    got = gather(hands)
    for d in sorted(got.diagnostics, key=sort_key):
        print(format_diagnostic(d), file=sys.stderr)
    if args.json:
        print(json.dumps(evaluation_json(got), ensure_ascii=False, indent=2))
    else:
        print(evaluation_text(got), end="")
    failed = thresholds_failed(got, args.min_precision, args.min_recall)
    for line in failed:
        print(f"replayer: {line}", file=sys.stderr)
    return 1 if failed or has_errors(got.diagnostics) else 0


def _import(args: argparse.Namespace) -> int:
    """Each board of each file as a hand file.  Names are given by ``outputs.Names`` per output
    folder, so no two boards of one run share a file (a board whose name is taken or too long is
    written under another, with a warning); files are written through ``outputs.OutputFolder``."""
    import os

    from ..formats.importer import import_text, no_boards
    from ..lessons.outputs import Names, OutputFolder, safe_name
    from ..record.diagnostics import format_diagnostic, has_errors, sort_key

    totals = {"boards": 0, "written": 0, "kept": 0, "complete": 0, "valid": 0, "rejected": 0}
    status = 0
    names: dict[Path, Names] = {}
    for name in args.files:
        path = Path(name)
        if not path.is_file():
            print(f"replayer: {path}: no such file", file=sys.stderr)
            return 2
        try:
            data = path.read_bytes()
        except OSError as exc:
            print(f"replayer: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
            return 2
        boards, problems = import_text(data, str(path))
        if not boards:
            problems = [*problems, no_boards(str(path))]
        out = Path(args.out) if args.out else Path(safe_name(path.stem))
        folder = None if args.dry_run else OutputFolder(out)
        given = names.setdefault(Path(os.path.abspath(out)), Names())
        for d in sorted(problems, key=sort_key):
            print(format_diagnostic(d), file=sys.stderr)
        if has_errors(problems):
            status = 1
        for b in boards:
            if not _import_board(b, out, given, folder, args.force, totals):
                status = 1
    if not args.quiet:
        t = totals
        written = (
            "nothing written (dry run)"
            if args.dry_run
            else f"{t['written']} written"
            + (f", {t['kept']} left as they were (use --force)" if t["kept"] else "")
        )
        print(
            f"{t['boards']} board{'s' if t['boards'] != 1 else ''} read, {written}; "
            f"{t['complete']} complete play{'s' if t['complete'] != 1 else ''}: {t['valid']} valid, {t['rejected']} rejected",
            file=sys.stderr,
        )
    return status


def _import_board(
    b: Imported, out: Path, names: Names, folder: OutputFolder | None, force: bool, totals: dict[str, int]
) -> bool:
    """Report one imported board and write it (unless ``folder`` is None: a dry run); False if the
    laws reject it."""
    from ..record.diagnostics import Severity, format_diagnostic, sort_key

    totals["boards"] += 1
    stem, _, suffix = b.name.rpartition(".")
    file_name = names.give((), stem, "." + suffix)[0] + "." + suffix
    target = out / file_name
    for d in sorted(b.diagnostics, key=sort_key):
        if d.severity is not Severity.NOTE:
            print(format_diagnostic(d).replace(b.name, str(target), 1), file=sys.stderr)
    if file_name != b.name:
        print(format_diagnostic(_renamed(b, target)), file=sys.stderr)
    if b.complete:
        totals["complete"] += 1
        totals["valid" if b.valid else "rejected"] += 1
    if folder is not None:
        if folder.exists(file_name) and not force:
            totals["kept"] += 1
        else:
            folder.write(file_name, b.text.encode("utf-8"))
            totals["written"] += 1
    return b.valid


def _renamed(b: Imported, target: Path) -> Diagnostic:
    """A board written under another name than its own: too long, or taken by another board."""
    from ..lessons.outputs import NAME_LIMIT
    from ..record.diagnostics import Diagnostic, Severity

    label = b.label if len(b.label) <= 40 else b.label[:40] + "…"
    why = (
        f"{b.name[:40]}… is longer than {NAME_LIMIT} bytes"
        if len(b.name.encode("utf-8")) > NAME_LIMIT
        else f"{b.name} is another board's in this run"
    )
    return Diagnostic(
        "import-renamed",
        Severity.WARNING,
        f"board {label}: written as {target}, as {why}",
        hint="every board gets its own file; rename the boards in the source to choose the names",
    )


def _export(args: argparse.Namespace) -> int:
    from ..formats.interop import board_from_game, board_lin, export_pbn
    from ..formats.lin import handviewer_url

    checked = _valid_hand(args.hand, "export")
    if isinstance(checked, int):
        return checked
    assert checked.game is not None and checked.record is not None
    board = board_from_game(checked.game, checked.record, args.to)
    try:
        text = board_lin(board) if args.to == "lin" else export_pbn(board)
    except ValueError as exc:
        print(f"replayer: {args.hand} cannot be written as {args.to.upper()}: {exc}", file=sys.stderr)
        return 1
    if args.url:
        if args.to != "lin":
            print("replayer: --url goes with --to lin", file=sys.stderr)
            return 2
        text = handviewer_url(text) + "\n"
    if args.out:
        from ..lessons.outputs import write_atomic

        target = Path(args.out)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(target, text.encode("utf-8"))
        except OSError as exc:
            print(f"replayer: cannot write {target}: {exc.strerror or exc}", file=sys.stderr)
            return 1
    else:
        sys.stdout.write(text)
    return 0


def _serve(args: argparse.Namespace) -> int:
    from .serve import run

    return run(args)


def _read(args: argparse.Namespace) -> int:
    from .read import run_read

    return run_read(args)


#: each command and the function that runs it
_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "validate": _validate,
    "show": _show,
    "score": _score,
    "rubber": _rubber,
    "annotate": _annotate,
    "import": _import,
    "export": _export,
    "build": _build,
    "read": _read,
    "analyse": _analyse,
    "serve": _serve,
}
