"""No module of hfcli/ or ai/ imports itself back through others.

Every import is counted: at the top of a module, under ``if TYPE_CHECKING:``, inside a function,
relative or absolute. A cycle hidden behind an in-function import or a type-only import still ties
the modules together (neither can be understood, tested or moved without the other), which is
why ``lint-imports``'s layers, which see only one direction at a time, are not enough.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("hfcli", "ai")


def modules_under(root: Path, packages: Iterable[str]) -> dict[str, Path]:
    """Every module of ``packages`` (folders of ``root``) by its dotted name; a package is named
    by its folder (``hfcli.engine`` for ``hfcli/engine/__init__.py``)."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _known(name: str, modules: Mapping[str, Path]) -> str | None:
    """The module ``name`` imports among ``modules``: itself, or the nearest package above it
    (``a.b.C``, a name in module ``a.b``, is ``a.b``); None for one from elsewhere."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def imports_of(name: str, path: Path, modules: Mapping[str, Path]) -> set[str]:
    """The modules among ``modules`` that module ``name`` (at ``path``) imports, anywhere in it."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                origin = ".".join([*base, node.module] if node.module else base)
            else:
                origin = node.module or ""
            # ``from a import b`` imports module a.b when there is one, else a name of a.
            targets = [f"{origin}.{alias.name}" for alias in node.names]
        for target in targets:
            module = _known(target, modules)
            if module is not None and module != name:
                found.add(module)
    return found


def import_graph(root: Path, packages: Iterable[str]) -> dict[str, set[str]]:
    modules = modules_under(root, packages)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def knots(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Each group of modules that import each other, directly or through others (a strongly
    connected component of more than one module), sorted, so a failure reads the same every run."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        # Tarjan's algorithm, with an explicit stack of (module, its imports still to visit).
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, rest = work[-1]
            step = next(rest, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.get(step, ())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(group)
    return sorted(sorted(group) for group in groups)


def cycle_in(knot: list[str], graph: Mapping[str, set[str]]) -> list[str]:
    """A shortest path of imports from the knot's first module back to itself, ``[a, b, ..., a]``."""
    group = set(knot)
    first = knot[0]
    came_from: dict[str, str] = {}
    frontier = [first]
    while frontier:
        following = []
        for node in frontier:
            for step in sorted(graph[node] & group):
                if step == first:
                    path = [node]
                    while path[-1] != first:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), first]
                if step not in came_from:
                    came_from[step] = node
                    following.append(step)
        frontier = following
    raise AssertionError(f"{knot} is not a cycle")  # a component of two or more modules always is


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """One cycle through each knot of ``graph``."""
    return [cycle_in(knot, graph) for knot in knots(graph)]


def test_no_module_of_hfcli_or_ai_imports_itself_back() -> None:
    graph = import_graph(ROOT, PACKAGES)
    found = [f"{' -> '.join(cycle_in(knot, graph))} (tied together: {', '.join(knot)})" for knot in knots(graph)]
    assert not found, "import cycles: " + "; ".join(found)


def test_every_kind_of_import_counts_toward_a_cycle(tmp_path: Path) -> None:
    """The graph sees relative imports, type-only imports and imports inside functions: a package
    whose modules import each other only in those ways still has its cycles found."""
    files = {
        "pkg/__init__.py": "",
        "pkg/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import B\n",
        "pkg/b.py": "def f():\n    from . import c\n",
        "pkg/c.py": "import pkg.a\nimport os\n",
        "pkg/d.py": "from .a import x\n",  # imports into the cycle, is not in it
        "pkg/sub/__init__.py": "from .. import d\nfrom ..sub import e\n",
        "pkg/sub/e.py": "from . import f\n",
        "pkg/sub/f.py": "from pkg.sub import e\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    graph = import_graph(tmp_path, ["pkg"])
    assert graph["pkg.d"] == {"pkg.a"}
    assert graph["pkg.sub"] == {"pkg.d", "pkg.sub.e"}
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.c", "pkg.a"], ["pkg.sub.e", "pkg.sub.f", "pkg.sub.e"]]
