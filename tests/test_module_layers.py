"""No import circle among the modules of the Python package ``nshex_pygame``, checked on the
source (``ast``: nothing is imported). Every import counts, at module level and inside
functions alike, except those under ``if TYPE_CHECKING:`` (they never run). A circle fails the
test, named module by module with the line of each import that closes it.

An import ``from a import b`` is an edge to the module ``a.b`` when that is a module of the
package, else to ``a`` (``b`` is a name in it); ``import a.b`` is an edge to ``a.b``. A
package's ``__init__`` is the module of the package's own name. The Rust crates' layers are
checked in ``test_crate_layers.py``, the package's rules about who imports whom in
``test_layers.py``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "nshex_pygame"

Graph = dict[str, dict[str, int]]  # module -> {imported module: line of the first import}


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules(package: Path) -> dict[str, Path]:
    """Every module of the package by name: its ``.py`` files and any native module's stub
    (``_core.pyi``: the native module imports nothing of the package)."""
    root = package.parent
    found = {}
    for path in sorted(package.rglob("*.py*")):
        if "__pycache__" in path.parts or path.suffix not in (".py", ".pyi"):
            continue
        found.setdefault(_module_name(path, root), path)
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _run_time_imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement in the tree, at any depth, but those under ``if TYPE_CHECKING``
    (their ``else`` branch does run, so it is read)."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
            continue
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def _targets(node: ast.Import | ast.ImportFrom, here: str, is_package: bool) -> list[str]:
    """The modules one import statement names (possibly outside the package)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:  # relative: resolve against this module's package
        base = here.split(".") if is_package else here.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        module = ".".join(base + ([node.module] if node.module else []))
    else:
        module = node.module or ""
    return [module] + [f"{module}.{alias.name}" for alias in node.names]


def import_graph(package: Path) -> Graph:
    """Who imports whom among the package's modules, at run time."""
    modules = _modules(package)
    graph: Graph = {name: {} for name in modules}
    for name, path in modules.items():
        if path.suffix != ".py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in _run_time_imports(tree):
            names = _targets(node, name, path.name == "__init__.py")
            if isinstance(node, ast.ImportFrom):
                # ``from a import b``: the module a.b if there is one, else a itself
                base, *members = names
                names = [m for m in members if m in modules] or [base]
            for target in names:
                if target in modules and target != name:
                    graph[name].setdefault(target, node.lineno)
    return graph


def circles(graph: Graph) -> list[list[str]]:
    """One circle (``[a, b, ..., a]``) in each strongly connected group of modules, found
    with Tarjan's algorithm; empty when the graph has no circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [_one_circle(graph, group) for group in groups]


def _one_circle(graph: Graph, group: list[str]) -> list[str]:
    """A shortest path from the group's first module back to itself, inside the group."""
    start = group[0]
    members = set(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(graph[node]):
                if nxt == start:
                    return [*paths[node], start]
                if nxt in members and nxt not in paths:
                    paths[nxt] = [*paths[node], nxt]
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"no circle through {start} in {group}")


def describe(graph: Graph, circle: list[str], modules: dict[str, Path]) -> str:
    steps = []
    for a, b in pairwise(circle):
        where = modules[a].relative_to(ROOT) if modules[a].is_relative_to(ROOT) else modules[a]
        steps.append(f"  {a} imports {b} ({where}:{graph[a][b]})")
    return " -> ".join(circle) + "\n" + "\n".join(steps)


def test_the_package_has_no_import_circle() -> None:
    graph = import_graph(PACKAGE)
    assert len(graph) >= 60, f"the package's modules were not found ({len(graph)})"
    assert "nshex_pygame.cli_common" in graph["nshex_pygame.cli_matches"], "the reader is blind"
    found = circles(graph)
    modules = _modules(PACKAGE)
    assert not found, "import circles among nshex_pygame's modules:\n" + "\n".join(
        describe(graph, circle, modules) for circle in found
    )


def _write(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_check_finds_a_circle_through_a_function_and_skips_type_checking(
    tmp_path: Path,
) -> None:
    """A circle closed by an import inside a function is found and named; one closed only by
    an import under ``if TYPE_CHECKING:`` is not a circle; ``from pkg import mod`` and a
    relative import are edges to the module."""
    pkg = tmp_path / "pkg"
    _write(
        pkg,
        {
            "__init__.py": "",
            "a.py": "from pkg import b\n",
            "b.py": "def f():\n    from . import c\n",
            "c.py": "import pkg.a\n",
            "d.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import e\n",
            "e.py": "from pkg.d import something\n",
        },
    )
    graph = import_graph(pkg)
    assert graph["pkg.b"] == {"pkg.c": 2}
    assert graph["pkg.d"] == {}
    found = circles(graph)
    assert found == [["pkg.a", "pkg.b", "pkg.c", "pkg.a"]]
    text = describe(graph, found[0], _modules(pkg))
    assert "pkg.b imports pkg.c" in text
    assert "b.py:2" in text
