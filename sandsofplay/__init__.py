"""sandsofplay: four sand-themed tabletop games, played as their rulebooks say."""

__version__ = "0.1.0"
