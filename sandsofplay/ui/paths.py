"""Where the user's settings, saves, autosave and error log live.

The folder comes from platformdirs (for example ``~/.local/share/sandsofplay`` on Linux);
``SANDSOFPLAY_HOME`` overrides it (the tests use a temporary folder).
"""

from __future__ import annotations

import os
from pathlib import Path

from sandsofplay.engine.resources import resources_root

RESOURCES = resources_root()


def user_dir() -> Path:
    override = os.environ.get("SANDSOFPLAY_HOME")
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_dir
        path = Path(user_data_dir("sandsofplay", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def settings_path() -> Path:
    return user_dir() / "settings.json"


def saves_dir() -> Path:
    path = user_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path() -> Path:
    return user_dir() / "autosave.json"


def error_log_path() -> Path:
    return user_dir() / "errors.log"


def resource(*parts: str) -> Path:
    return RESOURCES.joinpath(*parts)
