"""The Sand table is composed, not stacked (issue 27, Tables; DESIGN.md, "The shape of a table"):
the scene is one class over the base, the parts own their state (nothing outside a part writes
its attributes), no class defines a method twice, and no module is over 600 lines."""

import ast
from pathlib import Path

from sandsofplay.tables.sand import table as table_mod
from sandsofplay.tables.sand.table import SandTable

TABLE_DIR = Path(table_mod.__file__).parent
PARTS = ("rules", "board", "view", "panel", "goods", "story", "pace")


def modules():
    return sorted(TABLE_DIR.glob("*.py"))


def test_the_scene_is_one_class_over_the_base():
    own = [c.__name__ for c in SandTable.__mro__
           if c.__module__.startswith("sandsofplay.tables.sand")]
    assert own == ["SandTable"]


def test_no_class_defines_a_method_twice():
    twice = []
    for path in modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                names = [f.name for f in node.body if isinstance(f, ast.FunctionDef)]
                twice += [f"{path.name}: {node.name}.{n}" for n in set(names)
                          if names.count(n) > 1]
    assert twice == []


def written_from_outside(path: Path) -> list[str]:
    """Assignments to another object's part: ``self.t.X = ...`` in a part, ``self.<part>.X =
    ...`` in the scene (but the base's bot driver, whose pace the sequences hurry on)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
        for t in targets:
            for e in (t.elts if isinstance(t, ast.Tuple) else [t]):
                while isinstance(e, ast.Subscript):
                    e = e.value
                if not isinstance(e, ast.Attribute) or not isinstance(e.value, ast.Attribute):
                    continue
                owner = e.value
                if isinstance(owner.value, ast.Name) and owner.value.id == "self" and \
                        owner.attr in PARTS + ("t",):
                    out.append(f"{path.name}:{node.lineno} {ast.unparse(t)}")
                elif ast.unparse(owner).startswith("self.t.") and \
                        ast.unparse(owner) != "self.t.driver" and \
                        not ast.unparse(owner).startswith("self.t.driver."):
                    out.append(f"{path.name}:{node.lineno} {ast.unparse(t)}")
    return out


def test_parts_own_their_state():
    assert [w for p in modules() for w in written_from_outside(p)] == []


def test_no_module_over_600_lines():
    long = {p.name: n for p in modules() if (n := len(p.read_text().splitlines())) > 600}
    assert long == {}
