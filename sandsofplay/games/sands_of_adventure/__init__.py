"""Indiana Jones: Sands of Adventure - the rules, as a pure game package.

Files by concern: ``data`` (component data from resources/data/sands_of_adventure), ``timer``
(the sand timer's physics), ``state`` (the state, clone, JSON), ``rules`` (setup, phases, rounds),
``information`` (observations, determinization, checks), ``policy`` (the bots' strategy) and
``game`` (the Game object).
"""

from .game import SandsOfAdventure

GAME = SandsOfAdventure()

__all__ = ["GAME", "SandsOfAdventure"]
