"""What the attract loop shows next: the playable games in turn, each time with another player
count, other options and a fresh seed, so a passer-by sees variety (solo rivals included, for
games that have one)."""

from __future__ import annotations

import logging
import random

from ..engine import SeatSpec, Setup
from ..games import available_ids, get_game, info
from ..ui.table import table_ids
from ..ui.theme import seat_palette

NAMES = ("Amira", "Tariq", "Layla", "Omar")
log = logging.getLogger("sandsofplay.kiosk")


def playable(cfg=None) -> list[str]:
    """Games with a registered table whose rules load (and that the configuration names)."""
    avail = set(available_ids())
    ids = [g for g in table_ids() if g in avail]
    wanted = list(getattr(cfg, "games", None) or [])
    if wanted:
        chosen = [g for g in wanted if g in ids]
        return chosen or ids  # none of the named games can be played: show what can be
    return ids


def title_of(game_id: str) -> str:
    try:
        return get_game(game_id).title
    except KeyError:
        gi = info(game_id)
        return gi.title if gi else game_id


def blurb_of(game_id: str) -> str:
    gi = info(game_id)
    if gi is not None:
        return gi.blurb
    return getattr(get_game(game_id), "blurb", "")


def seats_for(game, players: int, level: str, human: int | None = None,
              options: dict | None = None) -> tuple:
    """The seats of a kiosk game, each in a colour the game has (Sahwari: its camels')."""
    palette = seat_palette(game, players, options or {})
    return tuple(SeatSpec("human" if i == human else "bot", "" if i == human else level,
                          NAMES[i % 4], palette[i % len(palette)])
                 for i in range(players))


def game_options(game, cfg, rng: random.Random | None) -> dict:
    """The loop's options for a game: the configured ones, and a random choice for the rest
    (per-seat options are left to the game's default)."""
    specs = {o.key: o for o in game.options}
    out = {}
    for key, value in (getattr(cfg, "options", {}) or {}).get(game.id, {}).items():
        spec = specs.get(key)
        if spec is None:
            log.warning("kiosk: %s has no option %r; ignored", game.id, key)
            continue
        try:
            out[key] = spec.parse(str(value))
        except ValueError as exc:
            log.warning("kiosk: %s", exc)
    if rng is not None:
        for spec in game.options:
            if spec.key not in out and not spec.seat and spec.choices:
                out[spec.key] = rng.choice(spec.choices)
    return out


def make_setup(game_id: str, players: int, level: str, seed: int, cfg=None, human=None,
               rng=None) -> Setup:
    game = get_game(game_id)
    players = max(game.min_seats, min(game.max_seats, players))
    options = game_options(game, cfg, rng)
    seats = seats_for(game, players, level, human, options)
    setup = Setup(game_id, seats, tuple(sorted(options.items())), seed)
    try:
        game.new_state(setup)
    except (ValueError, KeyError) as exc:  # an option that does not fit: the game's defaults
        log.warning("kiosk: %s with %s: %s; default options used", game_id, options, exc)
        setup = Setup(game_id, seats, (), seed)
    return setup


class Playlist:
    def __init__(self, cfg, seed: int = 0):
        self.cfg = cfg
        self.rng = random.Random(seed)
        self.count = 0
        self.shown: dict[str, int] = {}

    def games(self) -> list[str]:
        return playable(self.cfg)

    def counts_for(self, game) -> list[int]:
        wanted = list(getattr(self.cfg, "players", None) or [1, 2, 3, 4])
        ok = [n for n in wanted if game.min_seats <= n <= game.max_seats]
        return ok or [game.min_seats]

    def next(self, skip: str | None = None) -> Setup | None:
        """The next attract game (None when no game can be played at all)."""
        ids = self.games()
        if skip in ids and len(ids) > 1:
            ids.remove(skip)
        if not ids:
            return None
        game_id = ids[self.count % len(ids)]
        self.count += 1
        k = self.shown.get(game_id, 0)
        self.shown[game_id] = k + 1
        game = get_game(game_id)
        counts = self.counts_for(game)
        players = counts[k % len(counts)]
        level = getattr(self.cfg, "attract_level", "normal")
        return make_setup(game_id, players, level, self.rng.randrange(1 << 30), self.cfg,
                          rng=self.rng)
