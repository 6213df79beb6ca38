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
    cls = KINDS[spec["bot"]]
    return cls(game, seat, seed, level=level, **dict(spec.get("params", {})))
