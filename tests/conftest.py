import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tests.support.tinygame import GAME as TINY  # noqa: E402
from sandsofplay import games  # noqa: E402

games.register(TINY)

# the headless UI fixtures (app, ui, home) for tests/ui and tests/tables
from tests.support.ui_fixtures import app, home, ui  # noqa: E402,F401
