"""One pygame scene per game. Importing this package registers every built table with the ui
layer's table registry (the cli and tools import it at start-up)."""

from __future__ import annotations

import importlib
import logging

from ..ui.table import register_problem, register_table

TABLES = {
    "sands_of_adventure": "sandsofplay.tables.sands_of_adventure.table",
    "sahwari": "sandsofplay.tables.sahwari.table",
    "sand": "sandsofplay.tables.sand.table",
    "burning_sands": "sandsofplay.tables.burning_sands.table",
}


def load_all() -> list[str]:
    """Import and register every table that is built; returns their game ids. A table whose
    game data cannot be loaded (a malformed data file) is left out, and the reason is kept for
    the title screen to show."""
    done = []
    for game_id, module in TABLES.items():
        try:
            mod = importlib.import_module(module)
        except ImportError as exc:
            if exc.name != module:
                logging.getLogger("sandsofplay").warning("table %s failed to load: %s", game_id,
                                                         exc)
                register_problem(game_id, str(exc))
            continue
        except Exception as exc:  # noqa: BLE001 - e.g. DataError from a damaged data file
            logging.getLogger("sandsofplay").warning("table %s failed to load: %s", game_id, exc)
            register_problem(game_id, str(exc))
            continue
        if hasattr(mod, "TABLE"):
            register_table(game_id, mod.TABLE)
            done.append(game_id)
    return done


load_all()
