"""The package's layers: every import, at any depth of a module (in a function, under
``TYPE_CHECKING``), runs down the layers or stays within one, and no imports run in a circle.

The layers, from the bottom (see the package docstring): the utilities every layer uses;
geometry; model; search; the verbs (``pentomino.api``); render; the command line and the page;
the package itself, which gathers the public names.
"""

import ast
from pathlib import Path

import pytest

import pentomino

SOURCE = Path(pentomino.__file__).parent

LAYERS = [
    ("utilities", ("pentomino.errors", "pentomino.tuning", "pentomino.lazy", "pentomino.version")),
    ("geometry", ("pentomino.geometry",)),
    ("model", ("pentomino.model",)),
    ("search", ("pentomino.search",)),
    ("api", ("pentomino.api",)),
    ("render", ("pentomino.render",)),
    ("front ends", ("pentomino.cli", "pentomino.web")),
    ("package", ("pentomino", "pentomino.__main__")),
]


def layer_of(module: str) -> int:
    """The index in LAYERS of the layer ``module`` belongs to (the longest prefix wins)."""
    best, length = None, -1
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > length:
                best, length = index, len(prefix)
    assert best is not None, f"{module} belongs to no layer: add it to LAYERS"
    return best


def modules() -> dict[str, Path]:
    out = {}
    for path in SOURCE.rglob("*.py"):
        parts = ("pentomino", *path.relative_to(SOURCE).with_suffix("").parts)
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def imports(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, int]]:
    """The package's modules that ``name`` imports, anywhere in it, with the line of each."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            # `from a.b import c` imports a.b.c when c is a module, else a.b
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        found.extend((t, node.lineno) for t in targets if t == "pentomino" or t.startswith("pentomino."))
    return found


def graph() -> dict[str, list[tuple[str, int]]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def test_every_module_belongs_to_a_layer():
    for name in modules():
        layer_of(name)


def test_no_import_runs_up_a_layer():
    up = [f"{module}:{line} imports {target} ({LAYERS[layer_of(target)][0]}, above {LAYERS[layer_of(module)][0]})"
          for module, targets in graph().items() for target, line in targets
          if layer_of(target) > layer_of(module)]
    assert not up, "\n".join(up)


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module, or of one that imports itself
    (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    counter = 0
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in edges[node]:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(edges.get(child, ())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def test_no_imports_run_in_a_circle():
    edges = {module: {t for t, _ in targets} for module, targets in graph().items()}
    assert cycles(edges) == []


@pytest.mark.parametrize("edges, expected", [
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
    ({"a": {"a"}}, [["a"]]),
    ({"a": {"b"}, "b": set()}, []),
])
def test_the_circle_finder_finds_circles(edges, expected):
    assert cycles(edges) == expected


def test_the_scan_sees_imports_inside_functions_and_type_checking(tmp_path):
    source = tmp_path / "m.py"
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pentomino.api import count\n"
                      "def f():\n    import pentomino.cli\n    from pentomino.search import solver\n")
    known = {"pentomino.api": source, "pentomino.cli": source, "pentomino.search.solver": source}
    assert imports("pentomino.model.m", source, known) == [
        ("pentomino.api", 3), ("pentomino.cli", 5), ("pentomino.search.solver", 6)]
