"""Named bot levels. A game maps ``easy``, ``normal`` and ``hard`` onto bot kinds and parameters
in its ``bot_levels`` table; this module builds the bot."""

from __future__ import annotations

from .base import Bot
from .ismcts import ISMCTSBot
from .simple import GreedyBot, PolicyBot, RandomBot

LEVELS = ("easy", "normal", "hard")
KINDS = {"random": RandomBot, "greedy": GreedyBot, "ismcts": ISMCTSBot, "policy": PolicyBot}

DEFAULT_LEVELS = {
    "easy": {"bot": "random", "params": {}},
    "normal": {"bot": "greedy", "params": {"noise": 0.5, "samples": 2}},
    "hard": {"bot": "ismcts", "params": {"iterations": 300}},
}


def level_names(game) -> list[str]:
    table = getattr(game, "bot_levels", None) or DEFAULT_LEVELS
    names = [name for name in LEVELS if name in table]
    return names + [name for name in table if name not in names]


def make_bot(game, level: str, seat: int, seed: int = 0) -> Bot:
    """Build the bot a game uses for a level; ``level`` may also name a bot kind directly
    ("random", "greedy", "ismcts")."""
    table = getattr(game, "bot_levels", None) or DEFAULT_LEVELS
    if level in table:
        spec = table[level]
    elif level in KINDS:
        spec = {"bot": level, "params": {}}
    else:
        raise KeyError(f"unknown bot level {level!r}; levels: {', '.join(level_names(game))}")
    params = dict(spec.get("params", {}))
    if "reaction_s" not in params:
        params["reaction_s"] = baseline_reaction(game, table)
    cls = KINDS[spec["bot"]]
    return cls(game, seat, seed, level=level, **params)


def baseline_reaction(game, table=None) -> tuple[float, float]:
    """The reaction time of a bot whose level names none: in a game whose levels react in real
    time, the slowest level's (``easy``), so that every bot in a real-time phase, a ``random``
    baseline included, is as slow as ``easy`` at least; (0, 0) in games without reaction times."""
    table = table or getattr(game, "bot_levels", None) or DEFAULT_LEVELS
    if not getattr(game, "realtime", False):
        return (0.0, 0.0)
    times = [tuple(spec.get("params", {}).get("reaction_s", ())) for spec in table.values()]
    times = [t for t in times if len(t) == 2 and t[1] > 0]
    if not times:
        return (0.0, 0.0)
    easy = table.get("easy", {}).get("params", {}).get("reaction_s")
    return tuple(easy) if easy and easy[1] > 0 else max(times, key=lambda t: (t[1], t[0]))
