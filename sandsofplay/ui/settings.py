"""The player's settings, kept as JSON in the user folder.

A damaged settings file is reported and defaults are used; the damaged file is left as it is
until the player changes a setting (then it is kept aside as ``settings.json.damaged-<time>`` and
a good file is written), so nothing is lost without the player's say. Each damaged file keeps a
name of its own; the newest :data:`KEEP_DAMAGED` are kept, older ones go.
"""

from __future__ import annotations

import glob
import json
import math
import os
import time
from dataclasses import asdict, dataclass, fields

from ..engine import SaveError, atomic_write_text
from ..engine.savefile import parse_json, read_bytes
from . import paths

MAX_BYTES = 64 * 1024  # a settings file is a few hundred bytes
KEEP_DAMAGED = 5  # damaged settings files kept aside (the newest)

ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0)
BOT_SPEEDS = ("slow", "normal", "fast")
BOT_DELAY_S = {"slow": 1.6, "normal": 0.9, "fast": 0.35}
# when a card-game table stops to offer a Reaction: at every window, only when one fits, never
STOP_REACTIONS = ("always", "mine", "never")


@dataclass
class Settings:
    fullscreen: bool = False
    volume: int = 70  # 0..100
    patterns: bool = True  # colour-blind patterns on player pieces and goods
    animation_speed: float = 1.0
    bot_speed: str = "normal"
    # the sand timer's sounds, each optional: the latch letting go, the pour, the last ten seconds
    sound_latch: bool = True
    sound_pour: bool = True
    sound_countdown: bool = True
    stop_reactions: str = "mine"

    def validate(self) -> None:
        if not isinstance(self.fullscreen, bool) or not isinstance(self.patterns, bool):
            raise ValueError("fullscreen and patterns must be true or false")
        for key in ("sound_latch", "sound_pour", "sound_countdown"):
            if not isinstance(getattr(self, key), bool):
                raise ValueError(f"{key} must be true or false")
        if isinstance(self.volume, bool) or not isinstance(self.volume, int) or \
                not 0 <= self.volume <= 100:
            raise ValueError("volume must be a whole number from 0 to 100")
        if isinstance(self.animation_speed, bool) or \
                not isinstance(self.animation_speed, (int, float)) or \
                not math.isfinite(self.animation_speed) or \
                self.animation_speed not in ANIMATION_SPEEDS:
            raise ValueError(f"animation_speed must be one of {ANIMATION_SPEEDS}")
        if self.stop_reactions not in STOP_REACTIONS:
            raise ValueError(f"stop_reactions must be one of {', '.join(STOP_REACTIONS)}")
        if self.bot_speed not in BOT_SPEEDS:
            raise ValueError(f"bot_speed must be one of {', '.join(BOT_SPEEDS)}")

    @property
    def bot_delay_s(self) -> float:
        return BOT_DELAY_S[self.bot_speed]


def load(path=None) -> tuple[Settings, str]:
    """Return (settings, problem); problem is "" or a message for the player that says what is
    wrong in plain words and where the file is. The file is only read."""
    path = str(path or paths.settings_path())
    if not os.path.lexists(path):
        return Settings(), ""
    name = os.path.basename(path)
    try:
        data = parse_json(read_bytes(path, MAX_BYTES, "settings file"), name, "settings file")
        if not isinstance(data, dict):
            raise ValueError("it does not hold a list of settings")
        known = {f.name for f in fields(Settings)}
        unknown = sorted(set(data) - known)
        if unknown:
            shown = ", ".join(repr(k[:20]) for k in unknown[:4])
            raise ValueError(f"it has settings this version does not know ({shown})")
        s = Settings(**data)
        if isinstance(s.animation_speed, int) and not isinstance(s.animation_speed, bool):
            s.animation_speed = float(s.animation_speed)
        s.validate()
        return s, ""
    except SaveError as exc:
        why = str(exc)
    except (ValueError, TypeError) as exc:
        why = f"The settings file {name} is damaged: {exc}."
    return Settings(), (f"{why} Default settings are in use; the file ({path}) is kept as it is "
                        f"until you change a setting.")


def save(settings: Settings, path=None) -> None:
    path = str(path or paths.settings_path())
    settings.validate()
    if os.path.lexists(path):
        _, problem = load(path)
        if problem:
            keep_damaged(path)
    atomic_write_text(path, json.dumps(asdict(settings), indent=1))


def keep_damaged(path: str) -> str:
    """Move a damaged settings file aside under a name no earlier one has; only the newest
    KEEP_DAMAGED such files are kept. Returns the new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    dest, k = f"{path}.damaged-{stamp}", 2
    while os.path.lexists(dest):
        dest = f"{path}.damaged-{stamp}-{k}"
        k += 1
    os.replace(path, dest)
    try:
        os.utime(dest)  # when it was kept aside: the order the newest are kept in
    except OSError:
        pass
    kept = sorted(glob.glob(glob.escape(path) + ".damaged*"),
                  key=lambda p: os.stat(p).st_mtime_ns)
    for old in kept[:-KEEP_DAMAGED]:
        try:
            os.remove(old)
        except OSError:
            pass
    return dest
