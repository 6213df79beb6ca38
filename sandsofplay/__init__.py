"""sandsofplay: four sand-themed tabletop games, played as their rulebooks say."""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.1.0"
