"""The table registry: which game has a table scene, the scenes a table package offers outside a
game, and the tables that could not be loaded (and why).

``sandsofplay.tables`` registers the built tables here at start-up, so the ui layer reaches a
game's table by its id and never imports ``tables``. It registers them *lazily*
(``register_lazy``): a loader that imports the table (and so its game's rules) the first time
the table is wanted (``table_class``, ``load_table``), so the title opens without importing
any game. Until then ``has_table`` answers from the registration alone. A loader either
registers the table's class or records why it could not (``register_problem``: damaged data);
any other failure raises where the table was wanted, so a broken game fails loudly.

This module imports nothing of the ui: every other ui module may depend on it, and it on none
of them.
"""

from __future__ import annotations

_TABLES: dict = {}  # game id -> table scene class, or a ``Pending`` loader not run yet
_SCENES: dict = {}  # name -> opener(app): scenes a table package offers outside a game
_PROBLEMS: dict = {}  # game id -> why its table could not be loaded


class Pending:
    """A table registered but not imported yet: ``load()`` imports and registers it."""

    __slots__ = ("load",)

    def __init__(self, load):
        self.load = load

    def __repr__(self):
        return f"Pending({self.load!r})"


def register_lazy(game_id: str, load) -> None:
    """Register a game's table by its loader (``load()`` imports the table module and calls
    ``register``, or ``register_problem`` when its data is damaged); a table already imported
    is kept."""
    existing = _TABLES.get(game_id)
    if existing is None or isinstance(existing, Pending):
        _TABLES[game_id] = Pending(load)


def register_scene_lazy(name: str, load) -> None:
    """A scene a table package offers, reached through ``load()`` (which imports the package,
    whose import registers the real opener with ``register_scene``)."""
    if name not in _SCENES:
        _SCENES[name] = Pending(load)


def load_table(game_id: str) -> bool:
    """Import a lazily registered table now; True if the game has a table that loaded (False:
    no table, or its data is damaged: ``table_problem`` says why). Errors other than damaged
    data raise."""
    entry = _TABLES.get(game_id)
    if isinstance(entry, Pending):
        entry.load()
        if isinstance(_TABLES.get(game_id), Pending):
            if not _PROBLEMS.get(game_id):
                raise RuntimeError(f"the table of {game_id!r} was loaded but never registered")
            return False
    return has_table(game_id)


def loaded_tables() -> dict:
    """Game id -> table class of every table imported so far."""
    return {k: v for k, v in _TABLES.items() if not isinstance(v, Pending)}


def register(game_id: str, cls) -> None:
    """Register a game's table class (``sandsofplay.tables`` registers the built ones)."""
    _TABLES[game_id] = cls


register_table = register  # (the name tables and tests have used)


def has_table(game_id: str) -> bool:
    """Whether a game has a table: registered, and not found damaged when it was loaded."""
    entry = _TABLES.get(game_id)
    if entry is None:
        return False
    return not (isinstance(entry, Pending) and _PROBLEMS.get(game_id))


def table_ids() -> list[str]:
    """The games that have a registered table, in registration order."""
    return list(_TABLES)


def table_class(game_id: str):
    """The table scene class for a game (imported now if it was registered lazily); KeyError
    if it has none, or if its data is damaged (with why)."""
    if game_id not in _TABLES:
        raise KeyError(f"there is no table for {game_id!r} yet")
    if not load_table(game_id):
        raise KeyError(f"the table of {game_id!r} cannot be loaded: {table_problem(game_id)}")
    return _TABLES[game_id]


def register_scene(name: str, opener) -> None:
    """A scene a table package offers from the title (the Burning Sands deck scene: "decks");
    ui reaches it by name, never by importing tables."""
    _SCENES[name] = opener


def open_registered_scene(app, name: str) -> bool:
    opener = _SCENES.get(name)
    if isinstance(opener, Pending):
        opener.load()  # its package registers the real opener as it is imported
        opener = _SCENES.get(name)
        if isinstance(opener, Pending):
            return False
    if opener is None:
        return False
    opener(app)
    return True


def register_problem(game_id: str, message: str) -> None:
    """A table that could not be loaded, and why (shown when someone picks that game)."""
    _PROBLEMS[game_id] = message


def table_problem(game_id: str) -> str:
    return _PROBLEMS.get(game_id, "")
