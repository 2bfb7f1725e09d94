"""The package's imports form no circle and never go from a lower layer to a higher one.

The graph is read from the source with the standard library ``ast`` (nothing is imported):
every ``import`` and ``from … import`` of a ``ludoteca`` module, relative ones resolved to full
names (``from . import x`` is the submodule ``x`` when there is one, else the package). Imports
under ``if TYPE_CHECKING:`` are for type checkers only and do not count. Imports inside a
function run later, but they run: they count for both checks and are listed as "deferred".
Like import-linter/grimp, an import of ``a.b.c`` is an edge to ``a.b.c`` only, not to the
parent packages whose ``__init__`` Python also runs.

Layers, lowest first (docs/architecture.md): a module may import its own layer and the ones
below it, never one above.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import ludoteca

PACKAGE_DIR = Path(ludoteca.__file__).resolve().parent

#: (layer index, name, module prefixes). The longest matching prefix decides; ``ludoteca``
#: itself (the public API: ``new_game``, ``replay``…) imports core and the built-in games, so
#: it sits with the games.
LAYERS: list[tuple[int, str, tuple[str, ...]]] = [
    (0, "core", ("ludoteca.core",)),
    (1, "games", ("ludoteca.games", "ludoteca")),
    (2, "observation", ("ludoteca.observation",)),
    (3, "agents", ("ludoteca.agents",)),
    (4, "sim/rl/web", ("ludoteca.sim", "ludoteca.rl", "ludoteca.web")),
    (5, "cli", ("ludoteca.cli", "ludoteca.__main__")),
]

#: What is still wrong today, each with who removes it. The list may only shrink: an entry
#: that no longer occurs fails the test, so it is taken out when it is fixed.
KNOWN_UPWARD: dict[tuple[str, str], str] = {
}
KNOWN_CYCLES: dict[frozenset[str], str] = {
}


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    deferred: bool  # inside a function
    line: int

    def __str__(self) -> str:
        kind = " (deferred)" if self.deferred else ""
        return f"{self.source} -> {self.target}{kind}  [line {self.line}]"


def modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the package: dotted name -> (file, is a package)."""
    found: dict[str, tuple[Path, bool]] = {}
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        found[".".join(parts)] = (path, is_package)
    for path in sorted(PACKAGE_DIR.rglob("*.c")):      # compiled extensions: import nothing
        found[".".join(path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts)] = (
            path, False)
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(node: ast.AST, deferred: bool = False) -> Iterator[tuple[ast.stmt, bool]]:
    """The import statements under ``node`` with whether they sit inside a function; the body
    of ``if TYPE_CHECKING:`` is skipped (its ``else`` still runs)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child, deferred
        elif isinstance(child, ast.If) and _is_type_checking(child.test):
            for stmt in child.orelse:
                yield from _imports(ast.Module(body=[stmt], type_ignores=[]), deferred)
        else:
            inner = deferred or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                   ast.Lambda))
            yield from _imports(child, inner)


def _known(name: str, known: dict[str, tuple[Path, bool]]) -> str | None:
    """``name`` or its nearest enclosing module of the package (None: not ludoteca)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def _targets(stmt: ast.stmt, module: str, is_package: bool,
             known: dict[str, tuple[Path, bool]]) -> list[str]:
    if isinstance(stmt, ast.Import):
        return [t for a in stmt.names if (t := _known(a.name, known))]
    assert isinstance(stmt, ast.ImportFrom)
    if stmt.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[:len(base) - (stmt.level - 1)]
        origin = ".".join(base + ([stmt.module] if stmt.module else []))
    else:
        origin = stmt.module or ""
    out = []
    for alias in stmt.names:
        sub = f"{origin}.{alias.name}"
        target = sub if sub in known else _known(origin, known)
        if target:
            out.append(target)
    return out


def import_graph() -> list[Edge]:
    known = modules()
    edges = []
    for module, (path, is_package) in known.items():
        if path.suffix != ".py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for stmt, deferred in _imports(tree):
            for target in _targets(stmt, module, is_package, known):
                if target != module:
                    edges.append(Edge(module, target, deferred, stmt.lineno))
    return edges


def layer_of(module: str) -> tuple[int, str]:
    best: tuple[int, int, str] | None = None
    for index, name, prefixes in LAYERS:
        for prefix in prefixes:
            if module == prefix or module.startswith(prefix + "."):
                if best is None or len(prefix) > best[0]:
                    best = (len(prefix), index, name)
    assert best is not None, f"{module} is in no layer; add it to LAYERS"
    return best[1], best[2]


def cycles(edges: list[Edge]) -> list[tuple[frozenset[str], list[str]]]:
    """The strongly connected components with more than one module (Tarjan), each with one
    circle through it, so the message shows the way round."""
    graph: dict[str, set[str]] = {}
    for e in edges:
        graph.setdefault(e.source, set()).add(e.target)
        graph.setdefault(e.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(v: str) -> None:  # recursion depth is bounded by the module count
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(comp)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return [(frozenset(comp), _circle(comp, graph)) for comp in found]


def _circle(comp: set[str], graph: dict[str, set[str]]) -> list[str]:
    """A shortest way from the component's first module back to itself."""
    start = min(comp)
    previous: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for v in frontier:
            for w in sorted(graph[v] & comp):
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(previous[path[-1]])
                    return [start, *reversed(path[:-1]), start] if v != start else [start, start]
                if w not in previous:
                    previous[w] = v
                    following.append(w)
        frontier = following
    raise AssertionError("a strongly connected component has a circle")


# ----- the tests ---------------------------------------------------------------------------------
def test_the_graph_is_read() -> None:
    """The walk finds the package's real imports (a broken walk would pass everything)."""
    edges = import_graph()
    pairs = {(e.source, e.target) for e in edges}
    assert ("ludoteca.games.som.state", "ludoteca.games.som.common") in pairs
    assert ("ludoteca.agents", "ludoteca.agents.mcts") in pairs          # from . import mcts
    assert ("ludoteca.sim.runner", "ludoteca.agents") in pairs
    # type-only imports do not count, deferred ones do
    assert ("ludoteca.games.som.text", "ludoteca.games.som.state") not in pairs
    assert any(e.deferred and e.source == "ludoteca.games.som.state"
               and e.target == "ludoteca.games.som.text" for e in edges)
    assert len(modules()) > 100 and len(edges) > 500


def test_cycles_are_found_and_shown() -> None:
    """The circle finder on a made-up graph: it reports the way round, not just the set."""
    edges = [Edge("a", "b", False, 1), Edge("b", "c", True, 1), Edge("c", "a", False, 1),
             Edge("c", "d", False, 1)]
    assert cycles(edges) == [(frozenset("abc"), ["a", "b", "c", "a"])]
    assert cycles(edges[1:]) == []


def test_layers_cover_every_module() -> None:
    for module in modules():
        layer_of(module)
    assert layer_of("ludoteca.games.som.bots") == (1, "games")
    assert layer_of("ludoteca") == (1, "games")
    assert layer_of("ludoteca.observation.encoders.som") == (2, "observation")
    assert layer_of("ludoteca.agents.learned") == (3, "agents")
    assert layer_of("ludoteca.rl.aec") == (4, "sim/rl/web")


def test_no_import_circles() -> None:
    found = dict(cycles(import_graph()))
    new = [" -> ".join(c) for key, c in found.items() if key not in KNOWN_CYCLES]
    assert not new, "import circles:\n  " + "\n  ".join(new)
    gone = [sorted(key) for key in KNOWN_CYCLES if key not in found]
    assert not gone, f"fixed, take them out of KNOWN_CYCLES: {gone}"


def test_no_upward_imports() -> None:
    upward = []
    for e in import_graph():
        (low, low_name), (high, high_name) = layer_of(e.source), layer_of(e.target)
        if high > low and (e.source, e.target) not in KNOWN_UPWARD:
            upward.append(f"{e}: {low_name} may not import {high_name}")
    assert not upward, "imports from a lower layer to a higher one:\n  " + "\n  ".join(upward)
    pairs = {(e.source, e.target) for e in import_graph()}
    gone = [k for k in KNOWN_UPWARD if k not in pairs]
    assert not gone, f"fixed, take them out of KNOWN_UPWARD: {gone}"


def test_agents_import_no_game_and_bots_import_no_agents() -> None:
    """Bots register through ``GameInfo.bots`` in core: the agents layer names no game
    module, and a game's bots module imports nothing from the agents layer."""
    for e in import_graph():
        if e.source.startswith("ludoteca.agents"):
            assert not (e.target.startswith("ludoteca.games.") and e.target.endswith(".bots")), e
            if not e.deferred:
                assert not e.target.startswith("ludoteca.games."), e
        if e.source.startswith("ludoteca.games."):
            assert not e.target.startswith("ludoteca.agents"), e
