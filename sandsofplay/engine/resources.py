"""Where the app's own resources are: component data, maps, fonts and help pages.

They travel inside the package (``sandsofplay/resources``) and are declared as package data, so
an editable checkout, a wheel, ``pip install .``, ``pipx install`` and the desktop bundle all find
them the same way, through :mod:`importlib.resources`. ``SANDSOFPLAY_RESOURCES`` names another
tree laid out the same way (the hardening tests point it at a damaged copy).

Pure Python: the engine, games and bots read their data through this, the ui its fonts and maps.
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

ENV = "SANDSOFPLAY_RESOURCES"


def resources_root() -> Path:
    """The folder holding ``data/``, ``maps/``, ``fonts/`` and ``help/``."""
    override = os.environ.get(ENV)
    if override:
        return Path(override)
    # A package installed as files (every supported install) gives a real folder here.
    return Path(str(files("sandsofplay").joinpath("resources")))


def resource(*parts: str) -> Path:
    """The path of one resource below the root, e.g. ``resource("data", "sand")``."""
    return resources_root().joinpath(*parts)
