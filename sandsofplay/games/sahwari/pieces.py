"""Small shared pieces of the rules: names for the log, and where used pawns and lost cubes go
(the Guild tile's spaces, else out of the game / the supply). Every rules module may import it;
it imports only the board, the data and the state."""

from __future__ import annotations

from .board import GUILD
from .data import get as _data
from .state import SahwariState

D = _data()


# --- naming for the log ----------------------------------------------------------------------

_WHO: dict = {}


def _name(seat: int, col: str, clan: str) -> str:
    tag = ", ".join(x for x in (col, clan.capitalize() if clan else "") if x)
    return f"Player {seat + 1}" + (f" ({tag})" if tag else "")


def who(s: SahwariState, seat: int) -> str:
    if seat is None or seat < 0:
        return "The Guild"
    if seat >= s.n:
        return "The Guildmaster"
    key = (seat, s.colour[seat], s.clan[seat])
    name = _WHO.get(key)
    if name is None:  # bounded: 4 seats x 5 colours x 7 clans at most (from the rules' choices)
        if len(_WHO) > 1024:
            _WHO.clear()
        name = _WHO[key] = _name(*key)
    return name


CELL_NAMES = tuple(f"{'ABCDE'[c % 5]}{c // 5 + 1}" for c in range(25))


def cell_name(cell: int) -> str:
    return CELL_NAMES[cell] if 0 <= cell < 25 else f"cell {cell}"


def camel_name(s: SahwariState, k: int) -> str:
    o = s.camel_owner[k]
    return "a Guild camel" if o < 0 else f"{who(s, o)}'s {s.camel_colour[k]} camel"


# --- the Guild tile's spaces and the supply --------------------------------------------------

def guild_spaces(s: SahwariState):
    g = D.guild[s.guild_side]
    return g.recruit_spaces, g.artifact_spaces


def _onto_guild(s: SahwariState, on_tile: list, room: int, spill: str) -> bool:
    """One more piece on the Guild tile if it has room (True), else one more in ``spill``."""
    if on_tile[GUILD] < room:
        on_tile[GUILD] += 1
        return True
    setattr(s, spill, getattr(s, spill) + 1)
    return False


def put_cube_on_guild(s: SahwariState) -> str:
    """A discarded cube goes to an empty Artifact space of the Guild tile, else the supply."""
    return "guild" if _onto_guild(s, s.art, guild_spaces(s)[1], "supply_art") else "supply"


def put_pawn_on_guild(s: SahwariState) -> str:
    """A used Recruit pawn goes to an empty Recruit space of the Guild tile, else out of the game."""
    return "guild" if _onto_guild(s, s.pawn, guild_spaces(s)[0], "pawns_out") else "out"
