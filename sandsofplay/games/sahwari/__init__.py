"""Sahwari - the rules as a pure game package (board, setup, turn, abilities, scoring, the solo
Guildmaster, observations and bot support). ``GAME`` is the object the app and tools use."""

from .game import SahwariGame

GAME = SahwariGame()

__all__ = ["GAME", "SahwariGame"]
