"""Checks that a table reads the observation of the seat it shows, never the match's full
state, for every table's tests (issue 27; docs/architecture.md): a match that notes each read of
its state from the table's own modules, and the lines of those modules that name it. The
replay's face-up view (``face_up.py``) is the declared exception in each table."""

from __future__ import annotations

import pathlib
import re
import sys

from sandsofplay.engine import Match

TABLES = pathlib.Path(__file__).resolve().parents[2] / "sandsofplay" / "tables"
EXCEPTION = "face_up.py"  # the replay's face-up view shows everything, by design


def watched(table_id: str) -> type:
    """A Match class whose full state may be read by the engine, the base table and the tests,
    but whose reads from ``sandsofplay/tables/<table_id>/`` (the face-up view excepted) are
    kept in the class's ``reads`` ("module.py:line"). Set an open match's ``__class__`` to it."""
    package = TABLES / table_id

    class Watched(Match):
        reads: list = []

        @property
        def state(self):
            path = pathlib.Path(sys._getframe(1).f_code.co_filename)
            if path.parent == package and path.name != EXCEPTION:
                Watched.reads.append(f"{path.name}:{sys._getframe(1).f_lineno}")
            return self.__dict__["state"]

        @state.setter
        def state(self, value):
            self.__dict__["state"] = value

    Watched.__qualname__ = Watched.__name__ = f"Watched_{table_id}"
    return Watched


def lines_naming_the_state(table_id: str) -> list:
    """The lines of the table's modules (the face-up view excepted) that name the match's full
    state ("module.py:line: text")."""
    found = []
    for path in sorted((TABLES / table_id).glob("*.py")):
        if path.name == EXCEPTION:
            continue
        for i, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"\bmatch\.state\b|\bmatch\.__dict__", line):
                found.append(f"{path.name}:{i}: {line.strip()}")
    return found
