"""Sand - the rules as a pure game package. ``GAME`` is the object the app and tools use.

See docs/rulings/sand.md for the plan, the designed data and every ruling.
"""

from .game import SandGame

GAME = SandGame()

__all__ = ["GAME", "SandGame"]
