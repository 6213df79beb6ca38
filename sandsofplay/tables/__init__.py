"""One pygame scene per game. Importing this package registers every built table with the ui
layer's table registry (the cli and tools import it at start-up)."""

from __future__ import annotations

import importlib
import logging

from ..ui.table import register_table

TABLES = {
    "sands_of_adventure": "sandsofplay.tables.sands_of_adventure.table",
}


def load_all() -> list[str]:
    """Import and register every table that is built; returns their game ids."""
    done = []
    for game_id, module in TABLES.items():
        try:
            mod = importlib.import_module(module)
        except ImportError as exc:
            if exc.name != module:
                logging.getLogger("sandsofplay").warning("table %s failed to load: %s", game_id,
                                                         exc)
            continue
        if hasattr(mod, "TABLE"):
            register_table(game_id, mod.TABLE)
            done.append(game_id)
    return done


load_all()
