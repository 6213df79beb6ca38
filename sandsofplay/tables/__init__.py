"""One pygame scene per game. ``table_for(game_id)`` finds a game's table class, if built."""

from __future__ import annotations

import importlib

TABLES = {
    "sands_of_adventure": "sandsofplay.tables.sands_of_adventure.table",
}


def has_table(game_id: str) -> bool:
    from ..ui.table import _EXTRA_TABLES
    if game_id in _EXTRA_TABLES:
        return True
    mod = TABLES.get(game_id)
    if not mod:
        return False
    try:
        return hasattr(importlib.import_module(mod), "TABLE")
    except ImportError:
        return False


def table_for(game_id: str):
    mod = TABLES.get(game_id)
    if not mod:
        raise KeyError(game_id)
    return importlib.import_module(mod).TABLE
