"""Data flows one way: vocabulary → records → laws → validation → presentation → edge.

Each module may import only the project modules listed for it; the laws never see a file."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "replayer"

# module -> project modules it may import
ALLOWED: dict[str, set[str]] = {
    "cards": set(),
    "diagnostics": set(),
    "regimes": {"cards"},
    "record": {"cards", "diagnostics"},
    "auction": {"cards", "regimes"},
    "phrases": {"cards"},
    "play": {"cards"},
    "honours": {"cards"},
    "scoring": {"cards"},
    "score_bridge_whist": {"cards", "scoring"},
    "score_auction": {"cards", "regimes", "scoring"},
    "score_contract": {"cards", "scoring"},
    "scoresheet": {"cards", "game", "honours", "phrases", "score_auction", "score_bridge_whist", "score_contract", "scoring"},
    "game": {"cards", "play", "regimes"},
    # The loader reads call notation from the auction module (notation only, no laws).
    "load_yaml": {"auction", "cards", "diagnostics", "record"},
    "validate": {"auction", "cards", "diagnostics", "game", "honours", "phrases", "play", "record", "regimes", "scoresheet", "scoring"},
    "show": {"cards", "game", "make", "motifs", "phrases", "record", "scoresheet", "scoring"},
    "files": {"diagnostics", "game", "load_yaml", "phrases", "record", "regimes", "scoresheet", "scoring", "validate"},
    "motifs": {"cards", "game", "play"},
    "detect_leads": {"cards", "motifs", "play"},
    "detect_defence": {"cards", "motifs", "play"},
    "detect_declarer": {"cards", "motifs", "play"},
    "annotate": {"detect_declarer", "detect_defence", "detect_leads", "game", "motifs"},
    "make": {"cards", "game"},
    "make_examples": {"cards"},
    "lin": {"cards", "diagnostics", "play"},
    "pbn": {"cards", "diagnostics", "play"},
    "analysis": {"cards", "game", "play", "record", "scoresheet"},
    "interop": {"cards", "game", "lin", "pbn", "record"},
    "lesson": {"analysis", "annotate", "cards", "diagnostics", "game", "interop", "make", "motifs", "record", "scoresheet", "scoring"},
    "render_html": {"lesson"},
    "render_pdf": set(),
    "build": {"__init__", "analysis", "annotate", "diagnostics", "files", "lesson", "make", "make_examples", "motifs", "render_html", "render_pdf"},
    "importer": {"diagnostics", "interop", "lin", "load_yaml", "pbn", "validate"},
    "cli": {"__init__", "annotate", "build", "importer", "interop", "lin", "diagnostics", "files", "scoresheet", "show"},
    "__main__": {"cli"},
    "__init__": {"cards", "diagnostics", "game", "load_yaml", "regimes", "validate"},
}

# Modules that may touch files, the terminal or the clock.
EDGE = {"files", "build", "cli", "__main__"}
IO_NAMES = {"open", "print", "input"}
IO_MODULES = {"os", "pathlib", "sys", "time", "datetime", "subprocess", "shutil", "logging"}


def _project_imports(tree: ast.Module) -> set[str]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module is None:
            # from . import detect_leads (a module) or from . import __version__ (the package)
            found.update(a.name if (PACKAGE / f"{a.name}.py").is_file() else "__init__" for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 1:
            found.add(node.module)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("replayer"):
            found.add((node.module or "").split(".", 1)[-1] if "." in (node.module or "") else "__init__")
    return {m.split(".")[0] for m in found}


def test_every_module_is_in_the_map() -> None:
    assert {p.stem for p in PACKAGE.glob("*.py")} == set(ALLOWED)


def test_imports_follow_the_map() -> None:
    for path in PACKAGE.glob("*.py"):
        imports = _project_imports(ast.parse(path.read_text(encoding="utf-8")))
        assert imports <= ALLOWED[path.stem], f"{path.stem} imports {imports - ALLOWED[path.stem]}"


def test_only_the_edge_does_io() -> None:
    for path in PACKAGE.glob("*.py"):
        if path.stem in EDGE:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in IO_NAMES, f"{path.stem} calls {node.func.id}()"
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name.split(".")[0] not in IO_MODULES, f"{path.stem} imports {alias.name}"
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                assert (node.module or "").split(".")[0] not in IO_MODULES, f"{path.stem} imports {node.module}"
