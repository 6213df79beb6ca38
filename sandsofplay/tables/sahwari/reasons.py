"""Why a camel may not end its move on a tile, in the words of the rules (Rulebook: 1. Move), for
the message shown when a dragged camel snaps back. The rules decide legality; this only explains
a refusal more precisely than the rules' general sentence."""

from __future__ import annotations

from ...games.sahwari import board

RULE = "1. Move"


def move_reason(s, camel: int, to: int, guild_move: bool) -> str:
    start = s.camel_cell[camel]
    if start < 0:
        return "A camel taken off the board comes back only onto the Guild tile or an Oasis."
    if to == start:
        return ""
    r0, c0 = board.rc(start)
    r1, c1 = board.rc(to)
    if r0 != r1 and c0 != c1:
        return "A camel moves in one straight line: north, east, south or west."
    d = board.direction(start, to)
    colour = s.camel_colour[camel]
    cur = start
    while True:
        cur = board.step(cur, d)
        side = s.side[cur]
        shared = board.is_shared(side)
        others = [k for k in range(6) if k != camel and s.camel_cell[k] == cur]
        if not shared and any(s.camel_colour[k] != colour for k in others):
            return ("A camel of another colour stands in the way: camels only pass the Guild "
                    "tile, Oases and camels of their own colour.")
        if cur == to:
            break
        if side == board.RES and not others:
            return ("A camel must stop on the first free Resources tile in its path "
                    f"({'ABCDE'[board.rc(cur)[1]]}{board.rc(cur)[0] + 1}).")
    if s.side[to] == board.DESERT and not guild_move:
        return "Only the Guild's camels may stop on a Desert tile; yours pass over it."
    if not board.is_shared(s.side[to]) and any(s.camel_cell[k] == to for k in range(6)
                                                 if k != camel):
        return "Only the Guild tile and Oases can hold more than one camel."
    return ""
