"""The shape of the code (Design guide, "Layers" and "The shape of a game package"; issue 27).

- No package has an import circle: every module of ``sandsofplay`` is read (its AST, so an import
  inside a function or under ``TYPE_CHECKING`` counts as much as one at the top), the import
  graph is built, and its strongly connected components are the circles. A function-level
  import that only hides a circle is still a circle here.
- The import-linter contracts name every game and every table as independent.
- No game or table is quietly dropped: all four games load and all four tables register.
- No module is over 600 lines.

Issue 27 untangled the last circles (Burning Sands' ten rule modules, Sand's planner and
strategy, turn and upkeep): none is tolerated now.
"""

from __future__ import annotations

import ast
import pathlib
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "sandsofplay"

GAMES = ("sand", "sahwari", "burning_sands", "sands_of_adventure")


# --- the import graph ---------------------------------------------------------------------------

def modules() -> dict[str, tuple[pathlib.Path, bool]]:
    """Every module of the package: dotted name -> (file, is a package's ``__init__``)."""
    out = {}
    for f in sorted(PACKAGE.rglob("*.py")):
        parts = list(f.relative_to(ROOT).with_suffix("").parts)
        if "resources" in parts:
            continue
        is_pkg = parts[-1] == "__init__"
        if is_pkg:
            parts = parts[:-1]
        out[".".join(parts)] = (f, is_pkg)
    return out


def _known(name: str, mods) -> str | None:
    """The nearest module of ours that ``name`` is or lies inside (None: not ours)."""
    while name and name not in mods:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(name: str, mods) -> set[str]:
    """The modules of ours that a module imports, anywhere in its body."""
    path, is_pkg = mods[name]
    deps: set[str] = set()
    here = name.split(".") if is_pkg else name.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                deps.add(_known(alias.name, mods))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[:len(here) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                deps.add(sub if sub in mods else _known(target, mods))
    deps.discard(None)
    deps.discard(name)
    return deps


def import_graph() -> dict[str, set[str]]:
    mods = modules()
    return {m: imports_of(m, mods) for m in mods}


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = set()
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp.add(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        found.append(frozenset(comp))
    return found


def a_path_round(comp: frozenset[str], graph) -> list[str]:
    """One circle through a component, for the message: a -> b -> ... -> a."""
    start = min(comp)
    prev: dict[str, str] = {}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph[v] & comp):
            if w == start:
                path = [v]
                while path[-1] != start:
                    path.append(prev[path[-1]])
                return path[::-1] + [start]
            if w not in prev and w != start:
                prev[w] = v
                queue.append(w)
    return sorted(comp)


# --- the tests ----------------------------------------------------------------------------------

def test_the_graph_sees_every_kind_of_import():
    """The reader itself: relative, absolute, ``from . import module`` and function-level
    imports all become edges (so the circle check below can be trusted)."""
    graph = import_graph()
    assert len(graph) > 150
    table = graph["sandsofplay.ui.table"]
    assert {"sandsofplay.ui.table_registry", "sandsofplay.ui.table_open",  # from .x import y
            "sandsofplay.ui.paths",  # from . import paths
            "sandsofplay.ui.scenes.overlays", "sandsofplay.engine"} <= table
    # an import inside a function (overlays' "Play again" starts a table)
    assert "sandsofplay.ui.table_open" in graph["sandsofplay.ui.scenes.overlays"]
    # a made-up circle is found, and only it
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset("abc")]


def test_no_package_has_an_import_circle():
    """Design guide: modules import downwards; a circle means a third module wants to exist.
    Every package is covered, and no circle is tolerated."""
    graph = import_graph()
    problems = [f"an import circle ({len(comp)} modules): " +
                " -> ".join(m.removeprefix("sandsofplay.") for m in a_path_round(comp, graph))
                for comp in cycles(graph)]
    assert not problems, "\n".join(problems)


def test_no_module_is_over_600_lines():
    """Design guide (the shape of a game package): no module over about 600 lines; split by part
    of the turn, not by technique. Every module of the package and of the tools is held to it."""
    files = [f for f, _ in modules().values()] + sorted((ROOT / "tools").glob("*.py"))
    long = {str(f.relative_to(ROOT)): n for f in files
            if (n := len(f.read_text(encoding="utf-8").splitlines())) > 600}
    assert files and not long, long


def test_ui_modules_import_one_way():
    """Issue 27: the base table, its overlays and the ways into a table form no circle, and
    the registry depends on no other ui module."""
    graph = import_graph()
    ui = {m for m in graph if m.startswith("sandsofplay.ui")}
    assert not [c for c in cycles(graph) if c & ui]
    assert not {d for d in graph["sandsofplay.ui.table_registry"] if d.startswith("sandsofplay.")}
    assert "sandsofplay.ui.table" not in graph["sandsofplay.ui.table_open"]


def test_the_contracts_name_every_game_and_every_table():
    """Design guide, Layers: games never import each other, nor tables each other; the
    import-linter contracts (checked in tests/engine/test_layers.py) name all four of each."""
    from sandsofplay.games import CATALOG
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
        "contracts"]
    independent = {c["name"]: set(c["modules"]) for c in contracts
                   if c["type"] == "independence"}
    games = {f"sandsofplay.games.{gi.id}" for gi in CATALOG}
    tables = {f"sandsofplay.tables.{t}" for t in GAMES}
    assert {gi.id for gi in CATALOG} == set(GAMES)
    assert games in independent.values()
    assert tables in independent.values()
    assert {p.name for p in (PACKAGE / "tables").iterdir()
            if (p / "__init__.py").exists()} == set(GAMES)


def test_every_game_and_every_table_loads():
    """Issue 27: a game or table that fails to import is not dropped from the catalog; all
    four games are available and all four tables registered, none with a problem."""
    import sandsofplay.tables as tables
    from sandsofplay.games import available_ids, get_game
    from sandsofplay.ui.table_registry import table_ids, table_problem
    assert set(GAMES) <= set(available_ids())
    assert all(get_game(g).id == g for g in GAMES)
    assert set(tables.TABLES) == set(GAMES)
    assert set(GAMES) <= set(table_ids())
    # (registered lazily at start-up, issue 28: each imported now, and each must load)
    assert sorted(tables.load_all()) == sorted(GAMES)
    assert [g for g in GAMES if table_problem(g)] == []


def test_every_name_a_module_exports_is_defined():
    """A module's ``__all__`` names only what it defines or imports: ``from m import *`` and
    the readers of ``__all__`` would otherwise fail (ui.results once listed a name it had
    lost). Read from the source, so no module is imported for it."""
    problems = []
    for name, (path, _pkg) in modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        bound: set[str] = set()
        listed: list[str] = []
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                bound.add(node.name)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                bound.update((a.asname or a.name).split(".")[0] for a in node.names)
            elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for t in targets:
                    for n in ast.walk(t):
                        if isinstance(n, ast.Name):
                            bound.add(n.id)
                    if isinstance(t, ast.Name) and t.id == "__all__" and \
                            isinstance(node.value, (ast.List, ast.Tuple)):
                        listed += [e.value for e in node.value.elts
                                   if isinstance(e, ast.Constant)]
            elif isinstance(node, (ast.If, ast.Try, ast.With, ast.For)):
                for n in ast.walk(node):  # names bound under a guard count as bound
                    if isinstance(n, (ast.FunctionDef, ast.ClassDef)):
                        bound.add(n.name)
                    elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                        bound.add(n.id)
                    elif isinstance(n, (ast.Import, ast.ImportFrom)):
                        bound.update((a.asname or a.name).split(".")[0] for a in n.names)
        problems += [f"{name}: __all__ names {x!r}, which it never defines" for x in listed
                     if x not in bound and "*" not in bound]
    assert not problems, "\n".join(problems)
