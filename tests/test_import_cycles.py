"""No import cycles in the package: no module imports, at its top or inside a function, a
module that imports it back, directly or through others. (Imports under `TYPE_CHECKING`
are for the type checker only and do not count; a module importing its own package, which
Python has already begun, does not either.) A cycle is broken by moving what both need into
a lower module (`cli_app.py`, `engine/logs.py`) or by passing it in."""
from __future__ import annotations

import ast
from pathlib import Path

import clocktower

ROOT = Path(clocktower.__file__).parent


def modules() -> dict[str, Path]:
    out = {}
    for p in ROOT.rglob("*.py"):
        parts = ("clocktower",) + p.relative_to(ROOT).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = p
    return out


def imports(tree: ast.Module):
    """Every import statement, skipping `if TYPE_CHECKING:` blocks."""
    stack: list[ast.AST] = list(tree.body)
    while stack:
        n = stack.pop()
        if isinstance(n, (ast.Import, ast.ImportFrom)):
            yield n
        elif isinstance(n, ast.If) and "TYPE_CHECKING" in ast.unparse(n.test):
            stack.extend(n.orelse)
        else:
            stack.extend(ast.iter_child_nodes(n))


def graph() -> dict[str, set[str]]:
    mods = modules()
    out: dict[str, set[str]] = {}
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        deps: set[str] = set()
        for n in imports(ast.parse(path.read_text())):
            if isinstance(n, ast.Import):
                targets = [a.name for a in n.names]
            else:
                if n.level:
                    base = package.split(".")[:len(package.split(".")) - n.level + 1]
                    prefix = ".".join(base + ([n.module] if n.module else []))
                else:
                    prefix = n.module or ""
                targets = [prefix] + [f"{prefix}.{a.name}" for a in n.names]
            deps |= {t for t in targets if t in mods}
        out[name] = {d for d in deps if d != name and not name.startswith(d + ".")}
    return out


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return found


def test_the_graph_sees_imports_inside_functions():
    g = graph()
    assert "clocktower.cli_bots" in g["clocktower.cli"]         # cli's _register_subcommands
    assert "clocktower.engine.game" in g["clocktower.engine.driver"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycles():
    assert cycles(graph()) == []
