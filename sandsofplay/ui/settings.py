"""The player's settings, kept as JSON in the user folder.

A damaged settings file is reported and defaults are used; the damaged file is left as it is
until the player changes a setting (then it is kept aside as ``settings.json.damaged`` and a good
file is written), so nothing is lost without the player's say.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields

from ..engine import atomic_write_text
from . import paths

ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0)
BOT_SPEEDS = ("slow", "normal", "fast")
BOT_DELAY_S = {"slow": 1.6, "normal": 0.9, "fast": 0.35}


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

    def validate(self) -> None:
        if not isinstance(self.fullscreen, bool) or not isinstance(self.patterns, bool):
            raise ValueError("fullscreen and patterns must be true or false")
        for key in ("sound_latch", "sound_pour", "sound_countdown"):
            if not isinstance(getattr(self, key), bool):
                raise ValueError(f"{key} must be true or false")
        if not isinstance(self.volume, int) or not 0 <= self.volume <= 100:
            raise ValueError("volume must be a whole number from 0 to 100")
        if self.animation_speed not in ANIMATION_SPEEDS:
            raise ValueError(f"animation_speed must be one of {ANIMATION_SPEEDS}")
        if self.bot_speed not in BOT_SPEEDS:
            raise ValueError(f"bot_speed must be one of {', '.join(BOT_SPEEDS)}")

    @property
    def bot_delay_s(self) -> float:
        return BOT_DELAY_S[self.bot_speed]


def load(path=None) -> tuple[Settings, str]:
    """Return (settings, problem); problem is "" or a message for the player."""
    path = str(path or paths.settings_path())
    if not os.path.exists(path):
        return Settings(), ""
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        if not isinstance(data, dict):
            raise ValueError("it does not hold a settings table")
        known = {f.name for f in fields(Settings)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown setting(s): {', '.join(unknown)}")
        s = Settings(**data)
        if isinstance(s.animation_speed, int):
            s.animation_speed = float(s.animation_speed)
        s.validate()
        return s, ""
    except (OSError, ValueError, TypeError, UnicodeDecodeError) as exc:
        why = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
        return Settings(), (f"The settings file {path} is damaged ({why}). Default settings are in "
                            f"use; the file is kept as it is until you change a setting.")


def save(settings: Settings, path=None) -> None:
    path = str(path or paths.settings_path())
    settings.validate()
    if os.path.exists(path):
        _, problem = load(path)
        if problem:
            os.replace(path, path + ".damaged")
    atomic_write_text(path, json.dumps(asdict(settings), indent=1))
