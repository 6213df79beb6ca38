"""The seat setup's last choices, per game (issue 31: the seat setup remembers them): how many
players, each seat's kind, bot level, name and colour, and the options. Kept in
``<data>/seat_setup.json`` when a game is started from the seat setup; read when the seat setup
of that game opens. A file that cannot be read, or an entry that no longer fits the game (a
level or an option value it does not know), is passed over: the defaults are used and nothing
is lost (the file is rewritten only at the next start)."""

from __future__ import annotations

import json
import logging

from ..engine import SeatSpec
from ..engine.store import atomic_write_text
from . import paths

log = logging.getLogger("sandsofplay")


def path():
    return paths.user_dir() / "seat_setup.json"


def _read() -> dict:
    try:
        with open(path(), encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        log.warning("the seat setup's last choices could not be read: %s", exc)
        return {}
    return data if isinstance(data, dict) else {}


def remember(game_id: str, count: int, seats, options: dict) -> None:
    """Keep the choices a game was started with."""
    data = _read()
    data[game_id] = {"count": count,
                     "seats": [[s.kind, s.level, s.name, s.colour] for s in seats],
                     "options": {k: v for k, v in options.items()}}
    try:
        atomic_write_text(str(path()), json.dumps(data, indent=1, sort_keys=True))
    except OSError as exc:
        log.warning("the seat setup's choices could not be kept: %s", exc)


def recall(game, levels, colours) -> tuple | None:
    """``(count, seats, options)`` last started for ``game``, each checked against what the game
    offers now; None when nothing usable is kept."""
    entry = _read().get(game.id)
    if not isinstance(entry, dict):
        return None
    try:
        count = int(entry["count"])
        if not game.min_seats <= count <= game.max_seats:
            return None
        seats = []
        for kind, level, name, colour in entry["seats"][:game.max_seats]:
            if kind not in ("human", "bot") or (kind == "bot" and level not in levels) or \
                    colour not in colours or not isinstance(name, str) or not name.strip():
                return None
            seats.append(SeatSpec(kind, level if kind == "bot" else "", name[:14], colour))
        if len(seats) < count or len({s.colour for s in seats[:count]}) < count:
            return None
        specs = {o.key: o for o in game.options}
        options = {k: v for k, v in dict(entry.get("options", {})).items()
                   if k in specs and v in specs[k].choices}
    except (KeyError, TypeError, ValueError):
        return None
    return count, seats, options
