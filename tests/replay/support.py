"""Saves to watch: whole random games of each game with a table (and the tests' own game)."""

from __future__ import annotations

import functools

from sandsofplay.engine import RNG, Match, Setup
from sandsofplay.engine.playout import random_chooser, run
from sandsofplay.games import get_game
from tests.tables.contract import registered_tables

GAMES = registered_tables() + ["tiny"]


@functools.lru_cache(maxsize=None)
def _save(game_id: str, seed: int, clock: int):
    game = get_game(game_id)
    n = max(game.min_seats, min(3, game.max_seats))
    setup = Setup.make(game_id, ["human"] * n, seed=seed, **({"clock": clock} if clock else {}))
    match = Match(game, setup)
    run(match, random_chooser(RNG(seed)))
    return match.to_save()


def whole_game(game_id: str, seed: int = 3, clock: int = 0) -> dict:
    """A finished game's save (a fresh copy each time: tests may change theirs)."""
    import copy
    return copy.deepcopy(_save(game_id, seed, clock))
