"""One pygame scene per game. Importing this package registers every table with the ui layer's
table registry (``ui.table_registry``; the cli and tools import this package at start-up) —
lazily: each table module (and with it its game's rules) is imported the first time its table
is wanted (``table_registry.table_class`` / ``load_table``), so the title opens without
importing any game. ``load_all()`` imports every table at once (tests, tools).

Every table in ``TABLES`` is built and must load: a table (or its game) whose code fails to
import raises where it is loaded, so a broken game fails the suite and the app instead of
quietly leaving it with fewer games. The one failure that is kept and shown rather than raised
is damaged component data or a damaged map file (``DataError``): the player's copy of the
resources, not the code, and the title screen says why that game cannot be opened.
"""

from __future__ import annotations

import importlib
import logging

from ..engine.errors import DataError
from ..ui.table_registry import (register_lazy, register_problem, register_scene_lazy,
                                 register_table)

TABLES = {
    "sands_of_adventure": "sandsofplay.tables.sands_of_adventure.table",
    "sahwari": "sandsofplay.tables.sahwari.table",
    "sand": "sandsofplay.tables.sand.table",
    "burning_sands": "sandsofplay.tables.burning_sands.table",
}

# scenes a table package offers outside a game: name -> the game whose table package has it
SCENES = {"decks": "burning_sands"}


def load(game_id: str) -> bool:
    """Import and register one table; False (and the reason kept for the title) when its game
    data or map cannot be loaded (``DataError``); any other failure (an import error, a table
    module without ``TABLE``) is a bug and raises."""
    try:
        mod = importlib.import_module(TABLES[game_id])
    except DataError as exc:
        logging.getLogger("sandsofplay").warning("table %s failed to load: %s", game_id, exc)
        register_problem(game_id, str(exc))
        return False
    register_table(game_id, mod.TABLE)
    return True


def load_all() -> list[str]:
    """Import and register every table; returns their game ids (a table whose data is damaged
    is left out, its reason kept)."""
    return [game_id for game_id in TABLES if load(game_id)]


def register_all() -> None:
    """Register every table lazily (nothing is imported until a table is wanted)."""
    for game_id in TABLES:
        register_lazy(game_id, lambda g=game_id: load(g))
    for name, game_id in SCENES.items():
        register_scene_lazy(name, lambda g=game_id: load(g))


register_all()
