"""Data flows one way, and the package tree draws it (docs/architecture.md):

    rules → record → scoring → validation → teaching, analysis, formats → lessons → cli

Each package may import only the packages listed for it; the laws never see a file; only the edge
touches files, the terminal or the clock; no module passes 800 lines and no function 80."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "replayer"

# package -> the project packages it may import ("" is the top-level package: __version__, __init__)
ALLOWED: dict[str, set[str]] = {
    "rules": set(),
    "record": {"rules"},
    "scoring": {"rules", "record"},
    "validation": {"rules", "record", "scoring"},
    "teaching": {"rules"},
    "analysis": {"rules", "record", "scoring"},
    "formats": {"rules", "record", "validation"},
    "lessons": {"", "rules", "record", "scoring", "validation", "teaching", "analysis", "formats"},
    "cli": {"", "rules", "record", "scoring", "validation", "teaching", "formats", "lessons"},
    "": {"rules", "record", "validation"},  # replayer/__init__.py: the public API
    "__main__": {"cli"},  # python -m replayer
}

# Modules that may touch files, the terminal or the clock (package-relative names).
EDGE = {
    "validation/files.py",
    "lessons/outputs.py",
    "lessons/media.py",
    "lessons/build.py",
    "lessons/books.py",  # the build's books and front pages
    "lessons/parallel.py",  # the build's pool of workers
    "lessons/resources.py",
    "cli/main.py",
    "cli/read.py",
    "cli/serve.py",
    "lessons/preview.py",
    "__main__.py",
    "record/schema/build_schema.py",
    "analysis/dds.py",  # loads the solver's shared library
}
IO_NAMES = {"open", "print", "input"}
IO_MODULES = {"os", "pathlib", "sys", "time", "datetime", "subprocess", "shutil", "logging"}

MAX_MODULE_LINES = 800
MAX_FUNCTION_LINES = 80


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _package_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE).parts
    if parts == ("__main__.py",):
        return "__main__"
    return parts[0] if len(parts) > 1 else ""


def _absolute(path: Path, node: ast.ImportFrom) -> list[str]:
    """The dotted names (below ``replayer``) an import statement reaches."""
    if node.level == 0:
        module = node.module or ""
        if module != "replayer" and not module.startswith("replayer."):
            return []
        base = module.split(".")[1:]
    else:
        here = list(path.relative_to(PACKAGE).parent.parts)
        up = node.level - 1
        if up > len(here):
            raise AssertionError(f"{path}: relative import above the package")
        base = here[: len(here) - up] + (node.module.split(".") if node.module else [])
    if base:
        return [".".join(base)]
    return [a.name for a in node.names]  # from replayer import x / from .. import x


def _project_imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            for name in _absolute(path, node):
                first = name.split(".")[0]
                found.add(first if (PACKAGE / first).is_dir() else "")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("replayer."):
                    found.add(alias.name.split(".")[1])
    return found


def test_every_package_is_in_the_map() -> None:
    packages = {p.parent.relative_to(PACKAGE).parts[0] for p in PACKAGE.glob("*/__init__.py")}
    assert packages | {"", "__main__"} == set(ALLOWED)


def test_imports_follow_the_map() -> None:
    for path in _modules():
        package = _package_of(path)
        imports = _project_imports(path) - {package}
        assert imports <= ALLOWED[package], (
            f"{path.relative_to(PACKAGE)} imports {imports - ALLOWED[package]}"
        )


def test_the_map_has_no_cycle() -> None:
    order: list[str] = []

    def visit(package: str, trail: tuple[str, ...]) -> None:
        assert package not in trail, f"cycle: {' → '.join((*trail, package))}"
        for dep in sorted(ALLOWED[package]):
            visit(dep, (*trail, package))
        if package not in order:
            order.append(package)

    for package in sorted(ALLOWED):
        if package:
            visit(package, ())


def test_only_the_edge_does_io() -> None:
    for path in _modules():
        rel = path.relative_to(PACKAGE).as_posix()
        if rel in EDGE:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in IO_NAMES, f"{rel} calls {node.func.id}()"
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name.split(".")[0] not in IO_MODULES, f"{rel} imports {alias.name}"
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                assert (node.module or "").split(".")[0] not in IO_MODULES, f"{rel} imports {node.module}"


def test_no_module_is_too_long() -> None:
    long = {
        p.relative_to(PACKAGE).as_posix(): n
        for p in _modules()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert not long, f"modules over {MAX_MODULE_LINES} lines: {long}"


def test_no_function_is_too_long() -> None:
    long: dict[str, int] = {}
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                length = (node.end_lineno or node.lineno) - start + 1
                if length > MAX_FUNCTION_LINES:
                    long[f"{path.relative_to(PACKAGE).as_posix()}:{node.lineno} {node.name}"] = length
    assert not long, f"functions over {MAX_FUNCTION_LINES} lines: {long}"


def test_the_architecture_page_names_every_package() -> None:
    page = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    for package in ALLOWED:
        if package and package != "__main__":
            assert f"| `{package}` |" in page, f"docs/architecture.md does not describe {package}/"
