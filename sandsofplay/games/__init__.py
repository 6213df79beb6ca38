"""The four games. Each lives in its own package and never imports another.

``CATALOG`` lists every game the app knows, with the module that holds its rules once they are
built (``None`` until then) and what the title, a save's check and the seat counts need to know
without the rules: title, blurb, seat counts and bot level names (``meta(id)``; a test keeps
them equal to each game's own). ``get_game(id)`` imports a game's package lazily, the first
time it is needed, and returns its ``GAME`` object: nothing here imports a game's rules at
start-up. ``register`` adds a game at run time (the test-only game does this).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from ..engine.errors import DataError


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    blurb: str
    module: str | None  # dotted module with a ``GAME`` attribute, or None while not built
    min_seats: int = 1
    max_seats: int = 4
    bot_levels: tuple[str, ...] = ("easy", "normal", "hard")  # the names of its levels


CATALOG: tuple[GameInfo, ...] = (
    GameInfo("sand", "Sand", "Cross the dunes, deliver goods and keep your caravan alive.",
             "sandsofplay.games.sand", 1, 4),
    GameInfo("sahwari", "Sahwari", "Lead a clan of camel riders and become the Guild's master.",
             "sandsofplay.games.sahwari", 1, 4),
    GameInfo("burning_sands", "Legend of the Burning Sands",
             "Battle, raid and duel for the city of the burning sands.",
             "sandsofplay.games.burning_sands", 2, 4),
    GameInfo("sands_of_adventure", "Sands of Adventure",
             "Race the tipping sand timer together to stop three villains.",
             "sandsofplay.games.sands_of_adventure", 2, 4),
)

_extra: dict[str, object] = {}
_cache: dict[str, object] = {}


def register(game) -> None:
    """Make a game available by id (used for the test-only game)."""
    _extra[game.id] = game


def info(game_id: str) -> GameInfo | None:
    for gi in CATALOG:
        if gi.id == game_id:
            return gi
    return None


def meta(game_id: str):
    """What is known of a game without importing its rules: the game itself once it is loaded
    (or registered), else its catalog entry (id, title, blurb, seat counts, bot level names).
    KeyError for an unknown id, as ``get_game``. Enough for a save's game-specific check
    (``engine.savefile.check_for_game``) and the title."""
    return _known(game_id)


def _known(game_id: str):
    """The game once loaded or registered, else its catalog entry; KeyError if unknown."""
    if game_id in _extra:
        return _extra[game_id]
    if game_id in _cache:
        return _cache[game_id]
    gi = info(game_id)
    if gi is None:
        raise KeyError(f"unknown game {game_id!r}; games: {', '.join(all_ids())}")
    return gi


def loaded(game_id: str) -> bool:
    """Whether a game's rules are imported already (``get_game`` has been asked for it)."""
    return game_id in _cache or game_id in _extra


def available_ids() -> list[str]:
    """Ids of games whose rules can be loaded now."""
    ids = []
    for gi in CATALOG:
        if gi.module and _importable(gi.module):
            ids.append(gi.id)
    return ids + [k for k in _extra if k not in ids]


def all_ids() -> list[str]:
    return [gi.id for gi in CATALOG] + [k for k in _extra if info(k) is None]


def _importable(module: str) -> bool:
    """Whether a game's rules load; only damaged component data (``DataError``) makes a game
    unavailable: a game whose code fails to import raises, so it fails the suite instead of
    quietly shrinking the catalog."""
    try:
        mod = importlib.import_module(module)
    except DataError:  # its data cannot be loaded (the title says why)
        return False
    mod.GAME  # noqa: B018 - a built game's package has one (AttributeError otherwise)
    return True


def get_game(game_id: str):
    """The Game object for an id; KeyError with the valid choices if unknown or not built."""
    gi = _known(game_id)
    if not isinstance(gi, GameInfo):
        return gi
    if not gi.module:
        raise KeyError(f"{gi.title} is not available yet; playable games: "
                       f"{', '.join(available_ids())}")
    try:
        game = importlib.import_module(gi.module).GAME
    except DataError as exc:  # a damaged data file: say which and why
        raise KeyError(f"{gi.title} cannot be loaded: {exc}") from None
    _cache[game_id] = game
    return game
