"""The table registry: which game has a table scene, the scenes a table package offers outside a
game, and the tables that could not be loaded (and why).

``sandsofplay.tables`` registers the built tables here at start-up, so the ui layer reaches a
game's table by its id and never imports ``tables``. This module imports nothing of the ui: every
other ui module may depend on it, and it on none of them.
"""

from __future__ import annotations

_TABLES: dict = {}  # game id -> table scene class
_SCENES: dict = {}  # name -> opener(app): scenes a table package offers outside a game
_PROBLEMS: dict = {}  # game id -> why its table could not be loaded


def register(game_id: str, cls) -> None:
    """Register a game's table class (``sandsofplay.tables`` registers the built ones)."""
    _TABLES[game_id] = cls


register_table = register  # (the name tables and tests have used)


def has_table(game_id: str) -> bool:
    return game_id in _TABLES


def table_ids() -> list[str]:
    """The games that have a registered table, in registration order."""
    return list(_TABLES)


def table_class(game_id: str):
    """The table scene class for a game; KeyError if it has none."""
    try:
        return _TABLES[game_id]
    except KeyError:
        raise KeyError(f"there is no table for {game_id!r} yet") from None


def register_scene(name: str, opener) -> None:
    """A scene a table package offers from the title (the Burning Sands deck scene: "decks");
    ui reaches it by name, never by importing tables."""
    _SCENES[name] = opener


def open_registered_scene(app, name: str) -> bool:
    opener = _SCENES.get(name)
    if opener is None:
        return False
    opener(app)
    return True


def register_problem(game_id: str, message: str) -> None:
    """A table that could not be loaded, and why (shown when someone picks that game)."""
    _PROBLEMS[game_id] = message


def table_problem(game_id: str) -> str:
    return _PROBLEMS.get(game_id, "")
