"""Shared start-up for the tools: import path, headless SDL, the test-only game."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def headless():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def register_test_game():
    """Make the test-only game "tiny" available when the tests folder is present."""
    try:
        from tests.support.tinygame import GAME
    except ImportError:
        return
    from sandsofplay import games
    games.register(GAME)


def register_tables():
    """Register the built tables (and the test game's table when the tests folder is present)."""
    import sandsofplay.tables  # noqa: F401
    try:
        import tests.support.tinytable  # noqa: F401
    except ImportError:
        pass


def rss_mb() -> float:
    """This process's resident memory in MB (0 where /proc is not there)."""
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0
