"""One pygame scene per game. Importing this package registers every table with the ui layer's
table registry (``ui.table_registry``; the cli and tools import this package at start-up).

Every table in ``TABLES`` is built and must load: a table (or its game) whose code fails to
import raises, so a broken game fails the suite and the start-up instead of quietly leaving the
app with fewer games. The one failure that is kept and shown rather than raised is damaged
component data or a damaged map file (``DataError``): the player's copy of the resources, not
the code, and the title screen says why that game cannot be opened.
"""

from __future__ import annotations

import importlib
import logging

from ..engine import DataError
from ..ui.table_registry import register_problem, register_table

TABLES = {
    "sands_of_adventure": "sandsofplay.tables.sands_of_adventure.table",
    "sahwari": "sandsofplay.tables.sahwari.table",
    "sand": "sandsofplay.tables.sand.table",
    "burning_sands": "sandsofplay.tables.burning_sands.table",
}


def load_all() -> list[str]:
    """Import and register every table; returns their game ids. A table whose game data or map
    cannot be loaded (a malformed data file: ``DataError``) is left out, and the reason is kept
    for the title screen to show; any other failure (an import error, a table module without
    ``TABLE``) is a bug and raises."""
    done = []
    for game_id, module in TABLES.items():
        try:
            mod = importlib.import_module(module)
        except DataError as exc:
            logging.getLogger("sandsofplay").warning("table %s failed to load: %s", game_id, exc)
            register_problem(game_id, str(exc))
            continue
        register_table(game_id, mod.TABLE)
        done.append(game_id)
    return done


load_all()
