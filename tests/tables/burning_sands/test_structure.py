"""The Burning Sands table is composed, not stacked (issue 27): the table scene is one class over
the base table, owning parts that keep their own state (rows, arena, hand, choices, pointer,
prompt, side panel, faces, motion, reaction stops, end panel, face-up rows); so no method of the
package is defined twice in the table's method order, and the order of base classes decides
nothing. No module of the package is over 600 lines."""

import pathlib

from sandsofplay.tables.burning_sands.table import BurningSandsTable
from sandsofplay.ui.table import TableScene

PACKAGE = pathlib.Path(__file__).resolve().parents[3] / "sandsofplay" / "tables" / "burning_sands"


def test_the_table_is_one_class_over_the_base():
    ours = [c for c in BurningSandsTable.__mro__ if c.__module__.startswith(
        "sandsofplay.tables.burning_sands")]
    assert ours == [BurningSandsTable]
    assert BurningSandsTable.__bases__ == (TableScene,)


def test_no_module_of_the_table_is_over_600_lines():
    long = {p.name: n for p in PACKAGE.glob("*.py")
            if (n := len(p.read_text().splitlines())) > 600}
    assert not long, long
