"""The kiosk's configuration: a TOML file in the user data folder (``kiosk.toml``) or the file
given with ``--kiosk-config``. Every key is optional. A key with a bad value is reported in one
plain sentence and its default is used; the other keys still apply. A file that is not TOML at
all gives one message and every default.

    games = ["sands_of_adventure"]      # which games the loop shows (default: every playable one)
    players = [1, 2, 3, 4]              # player counts the loop cycles through (each game keeps
                                        # only those it allows)
    bot_level = "normal"                # the bots that fill a visitor's game ("easy", "normal",
                                        # "hard"); the visitor may change it on the takeover screen
    attract_level = "normal"            # the bots of the attract loop
    idle_seconds = 90                   # a visitor idle this long is asked "Still there?"
    countdown_seconds = 15              # ... and has this long to touch the screen
    pace = "normal"                     # bots' pace: "slow", "normal" or "fast"
    title_seconds = 7                   # how long a title card shows between games
    results_seconds = 8                 # how long the results of an attract game show
    max_game_minutes = 12               # an attract game is cut short after this long
    pin = "2468"                        # the staff PIN (4 to 8 digits)
    sound = true                        # sound on or off
    volume = 60                         # 0..100 when the sound is on
    quiet_hours = "22:00-07:00"         # daily: no sound and the screen dimmed ("" for none)
    dim_percent = 70                    # how dark the screen is in quiet hours

Per-game options for the loop go in tables such as ``[options.sands_of_adventure]`` with
``sides = "mixed"``; an option a game does not have, or a bad value, is reported and left out.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path

PACES = {"slow": 1.6, "normal": 0.9, "fast": 0.35}
LEVELS = ("easy", "normal", "hard")
MAX_BYTES = 256 * 1024
# a key of more parts than this is refused before parsing: Python's TOML parser takes time that
# grows with the square of a dotted key's parts (a 50,000-part key held the kiosk's start 48 s)
MAX_KEY_PARTS = 64
_HEADER = re.compile(r"\s*\[\[?[\w.\s\"'-]*\]\]?\s*(#.*)?$")
DEFAULT_PIN = "2468"


@dataclass
class KioskConfig:
    games: list = field(default_factory=list)  # empty: every game with a table
    players: list = field(default_factory=lambda: [1, 2, 3, 4])
    bot_level: str = "normal"
    attract_level: str = "normal"
    idle_seconds: float = 90.0
    countdown_seconds: float = 15.0
    pace: str = "normal"
    title_seconds: float = 7.0
    results_seconds: float = 8.0
    max_game_minutes: float = 12.0
    pin: str = DEFAULT_PIN
    sound: bool = True
    volume: int = 60
    quiet_hours: str = ""
    dim_percent: int = 70
    options: dict = field(default_factory=dict)  # game id -> {option key: value}
    source: str = ""  # the file read ("" when none)

    @property
    def bot_delay_s(self) -> float:
        return PACES[self.pace]

    def quiet_span(self) -> tuple[int, int] | None:
        """(start, end) minutes after midnight, or None."""
        if not self.quiet_hours:
            return None
        return _parse_span(self.quiet_hours)

    def is_quiet(self, minutes: int) -> bool:
        """Whether ``minutes`` after midnight lies in the quiet hours (which may wrap midnight)."""
        span = self.quiet_span()
        if span is None:
            return False
        start, end = span
        if start <= end:
            return start <= minutes < end
        return minutes >= start or minutes < end


def _parse_span(text: str) -> tuple[int, int]:
    try:
        a, b = text.split("-")
        out = []
        for part in (a, b):
            h, m = part.strip().split(":")
            h, m = int(h), int(m)
            if not (0 <= h <= 23 and 0 <= m <= 59):
                raise ValueError
            out.append(h * 60 + m)
        return out[0], out[1]
    except ValueError:
        raise ValueError("must look like \"22:00-07:00\"") from None


def _number(lo, hi, whole=False):
    def check(v):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or (whole and
                                                                       not isinstance(v, int)):
            raise ValueError(f"must be a {'whole ' if whole else ''}number from {lo} to {hi}")
        if not lo <= v <= hi:
            raise ValueError(f"must be from {lo} to {hi}")
        return v if whole else float(v)
    return check


def _choice(choices):
    def check(v):
        if v not in choices:
            raise ValueError(f"must be one of {', '.join(repr(c) for c in choices)}")
        return v
    return check


def _bool(v):
    if not isinstance(v, bool):
        raise ValueError("must be true or false")
    return v


def _pin(v):
    if isinstance(v, int) and not isinstance(v, bool):
        v = str(v)
    if not isinstance(v, str) or not v.isdigit() or not 4 <= len(v) <= 8:
        raise ValueError("must be 4 to 8 digits, in quotes (\"2468\")")
    return v


def _games(v):
    if not isinstance(v, list) or not all(isinstance(g, str) for g in v):
        raise ValueError("must be a list of game ids, e.g. [\"sands_of_adventure\"]")
    from ..games import all_ids
    known = all_ids()
    bad = [g for g in v if g not in known]
    if bad:
        raise ValueError(f"names unknown games ({', '.join(bad[:3])}); games: {', '.join(known)}")
    return list(v)


def _players(v):
    if not isinstance(v, list) or not v or not all(
            isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 4 for n in v):
        raise ValueError("must be a list of player counts from 1 to 4, e.g. [2, 3]")
    return list(v)


def _quiet(v):
    if not isinstance(v, str):
        raise ValueError("must be text like \"22:00-07:00\" (or \"\" for none)")
    if v:
        _parse_span(v)
    return v


def _options(v):
    if not isinstance(v, dict) or not all(isinstance(o, dict) for o in v.values()):
        raise ValueError("must be tables of game options, e.g. [options.sands_of_adventure]")
    return {k: dict(o) for k, o in v.items()}


CHECKS = {
    "games": _games, "players": _players,
    "bot_level": _choice(LEVELS), "attract_level": _choice(LEVELS),
    "idle_seconds": _number(10, 3600), "countdown_seconds": _number(3, 120),
    "pace": _choice(tuple(PACES)), "title_seconds": _number(1, 60),
    "results_seconds": _number(1, 120), "max_game_minutes": _number(1, 120),
    "pin": _pin, "sound": _bool, "volume": _number(0, 100, whole=True),
    "quiet_hours": _quiet, "dim_percent": _number(0, 95, whole=True), "options": _options,
}


def default_path() -> Path:
    from ..ui import paths
    return paths.user_dir() / "kiosk.toml"


def _too_deep(text: str) -> bool:
    """Whether a key of the file (before a line's ``=``, or a ``[table]`` header) has more than
    ``MAX_KEY_PARTS`` parts. Dots in values are never counted."""
    for line in text.splitlines():
        if "=" in line:
            key = line.split("=", 1)[0]
        elif _HEADER.match(line):
            key = line
        else:
            continue
        if key.count(".") >= MAX_KEY_PARTS:
            return True
    return False


def _reason(exc: BaseException) -> str:
    return str(exc).strip().rstrip(".") or type(exc).__name__


def load(path=None) -> tuple[KioskConfig, list[str]]:
    """(config, problems): each problem is a sentence naming the file and the key. A missing
    file (when no path was given) is no problem: the defaults are used. The file is read only
    if it is a regular file of at most ``MAX_BYTES`` (never a pipe or a device), and a file
    nested too deeply for the parser is refused like any other broken file."""
    from ..engine.errors import SaveError
    from ..engine.savefile import read_bytes
    cfg = KioskConfig()
    explicit = path is not None
    try:
        path = Path(path) if explicit else default_path()
        exists = os.path.lexists(path)
    except (OSError, ValueError) as exc:  # no user data folder (a read-only disk), a bad name
        return cfg, [f"The kiosk configuration cannot be looked for ({_reason(exc)}); the "
                     f"defaults are used."]
    name = path.name
    if not exists:
        return cfg, ([f"The kiosk configuration {path} does not exist; the defaults are used."]
                     if explicit else [])
    cfg.source = str(path)
    try:
        raw = read_bytes(path, MAX_BYTES, "kiosk configuration")
        text = raw.decode("utf-8")
        if _too_deep(text):
            raise RecursionError
        data = tomllib.loads(text)
    except UnicodeDecodeError as exc:
        problem = f"it is not UTF-8 text (byte {exc.start})"
    except RecursionError:
        problem = "it is nested too deeply"
    except (SaveError, tomllib.TOMLDecodeError, ValueError, MemoryError) as exc:
        problem = _reason(exc)
    else:
        problem = ""
    if problem:
        return cfg, [f"The kiosk configuration {name} cannot be read ({problem}); the defaults "
                     f"are used for every key."]
    problems = []
    known = {f.name for f in fields(KioskConfig)} - {"source"}
    for key, value in data.items():
        if key not in known:
            shown = "".join(c if c.isprintable() else "?" for c in key[:40])
            problems.append(f"{name}: unknown key '{shown}' is ignored; keys: "
                            f"{', '.join(sorted(known))}.")
            continue
        try:
            setattr(cfg, key, CHECKS[key](value))
        except (ValueError, RecursionError) as exc:
            why = exc if isinstance(exc, ValueError) else "is nested too deeply"
            problems.append(f"{name}: '{key}' {why}; the default "
                            f"({getattr(KioskConfig(), key)!r}) is used.")
    return cfg, problems
