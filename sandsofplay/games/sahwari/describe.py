"""A sentence for each action (menus, logs and the table's choices), as one table of phrases
(``engine.describe.Phrases``: an action kind -> its sentence, or a template and what to show
of each argument)."""

from __future__ import annotations

from sandsofplay.engine.describe import Phrases, capital, plain

from .pieces import camel_name, cell_name, who
from .state import SahwariState

CELL = plain(cell_name)


def CAMEL(s: SahwariState, seat, k) -> str:
    return camel_name(s, k)


def SEAT(s: SahwariState, seat, p) -> str:
    return who(s, p)


def NTH(s: SahwariState, seat, i) -> str:
    return str(i + 1)


PHRASES = Phrases({
    "clan": ("Lead the {} clan.", capital),
    "colour": ("Take the {} camels.", None),
    "place_guild": ("Place a Guild camel on {}.", CELL),
    "place": ("Place a camel on {}.", CELL),
    "reenter": ("Bring the camel back onto {1}.", None, CELL),
    "move": ("Move {} to {}.", CAMEL, CELL),
    "guild": lambda s, seat, k, to: f"Move a Guild camel from {cell_name(s.camel_cell[k])} to "
                                    f"{cell_name(to)}.",
    "blocked": ("Blocked: take {} off the board.", CAMEL),
    "stop": "Stop here (no second move).",
    "take": {"artifact": "Take an Artifact cube.", "pawn": "Recruit: take a Recruit pawn.",
             "small": "Take the small caravan token.", "guarded": "Take the guarded caravan token."},
    "cube": lambda s, seat, where: "Put the cube in storage." if where == "storage" else
    f"Put the cube on the Artifact space of card {where}.",
    "card": ("Take Recruit card {}.", None),
    "edge": ("Place the card at the {} edge of the clan.", None),
    "use": "Use the caravan token now.",
    "keep": "Keep the caravan token camel side up.",
    "do": ("Resolve {} first.", None),
    "skip": "Forgo this ability.",
    "spy": ("Peek at the {1} caravan on {0}.", CELL, None),
    "spy_clan": ("Peek at {}'s caravan token #{}.", SEAT, NTH),
    "spy_gm": ("Peek at the Guildmaster's caravan token #{}.", NTH),
    "storm": ("Sandstorm: move {}.", CAMEL),
    "storm_to": ("Sandstorm to {}.", CELL),
    "steal": ("Theft: collect on {}.", CELL),
    "rally": ("Rally: take the {1} caravan on {0}.", CELL, None),
    "attack": ("Attack {}.", CAMEL),
    "attack_caravan": ("Attack the {1} caravan on {0}.", CELL, None),
    "lock": ("Lock the Artifact space of card {}.", None),
    "push": ("Push the attacked camel to {}.", CELL),
    "caravan": ("Reveal and use caravan token #{}.", NTH),
    "strike": "Discard a Strategy token to attack.",
    "storage": ("Use the storage ability on space {} (Lock token).", NTH),
    "pawns": {"spy": "Spend 1 Recruit pawn: Spying.",
              "refresh": "Spend 1 Recruit pawn: refresh the Recruitment area.",
              "storm": "Spend 2 Recruit pawns: Sandstorm.",
              "artifact": "Spend 2 Recruit pawns: take an Artifact cube."},
    "space": ("Move a stored cube onto the Artifact space of card {}.", None),
    "end_turn": "End the turn.",
})


def describe(s: SahwariState, seat: int, a) -> str:
    return PHRASES(s, seat, a)
