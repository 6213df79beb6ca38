"""The 5x5 grid: cells, sides, neighbours, camel movement and the Guildmaster's paths.

Cells are numbered 0..24 row by row from the north-west corner; the Guild tile is cell 12.
Rulebook: 1. Move (direction, optional stops, blocked).
"""

from __future__ import annotations

from .state import SahwariState

SIZE = 5
CELLS = SIZE * SIZE
GUILD = 12
CORNER_CELLS = (0, 4, 20, 24)

# tile sides
RES, DESERT, OASIS, GUILD_SIDE = 0, 1, 2, 3
SIDE_NAMES = ("resources", "desert", "oasis", "guild")

DIRS = ("N", "E", "S", "W")
DELTA = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def rc(cell: int) -> tuple[int, int]:
    return divmod(cell, SIZE)


def step(cell: int, d: str) -> int:
    """The neighbouring cell in direction ``d``, or -1 beside the board."""
    r, c = divmod(cell, SIZE)
    dr, dc = DELTA[d]
    r, c = r + dr, c + dc
    if 0 <= r < SIZE and 0 <= c < SIZE:
        return r * SIZE + c
    return -1


NEIGHBOURS = tuple(tuple(x for x in (step(c, d) for d in DIRS) if x >= 0) for c in range(CELLS))
NEIGHBOUR_DIRS = tuple(tuple((d, step(c, d)) for d in DIRS if step(c, d) >= 0) for c in range(CELLS))


def direction(a: int, b: int) -> str:
    """The orthogonal direction from cell a to cell b (same row or column)."""
    ra, ca = rc(a)
    rb, cb = rc(b)
    if ra == rb:
        return "E" if cb > ca else "W"
    return "S" if rb > ra else "N"


# DIRECTION[a][b] == direction(a, b), looked up rather than computed on every move
DIRECTION = tuple(tuple(direction(a, b) for b in range(CELLS)) for a in range(CELLS))


def is_shared(side: int) -> bool:
    """The Guild tile and Oases are always free and hold any number of camels."""
    return side == OASIS or side == GUILD_SIDE


# LINES[cell] = the four lines of cells going out from ``cell`` (N, E, S, W order, beside-board
# cells left out); LINE[cell][d] the one in direction ``d``. Precomputed: moves walk them.
def _line(cell: int, d: str) -> tuple:
    out = []
    cur = step(cell, d)
    while cur >= 0:
        out.append(cur)
        cur = step(cur, d)
    return tuple(out)


LINE = tuple({d: _line(c, d) for d in DIRS} for c in range(CELLS))
LINES = tuple(tuple(LINE[c][d] for d in DIRS) for c in range(CELLS))
_DIR_LINES = tuple(tuple((d, LINE[c][d]) for d in DIRS) for c in range(CELLS))


def occupancy(s: SahwariState, colour: str) -> dict:
    """cell -> True if only camels of ``colour`` stand there (a camel of that colour passes),
    False if a camel of another colour does (it blocks). A moving camel's own cell never lies on
    its lines, so one table serves every camel of a colour."""
    colours = s.camel_colour
    occ = {}
    k = 0
    for c in s.camel_cell:
        if c >= 0:
            if colours[k] != colour:
                occ[c] = False
            elif c not in occ:
                occ[c] = True
        k += 1
    return occ


def targets(s: SahwariState, camel: int, guild_move: bool = False, not_dir: str = "",
            occ: dict | None = None) -> list[int]:
    """The cells of ``destinations(s, camel, guild_move, not_dir=not_dir)`` (same order), without
    the directions: what the legal moves are built from. ``occ``: ``occupancy`` for the camel's
    colour, when the caller has it."""
    start = s.camel_cell[camel]
    if start < 0:
        return []
    if occ is None:
        occ = occupancy(s, s.camel_colour[camel])
    side = s.side
    out = []
    for d, line in _DIR_LINES[start]:
        if d == not_dir:
            continue
        for cur in line:
            sd = side[cur]
            if sd >= OASIS:  # Oasis or Guild: an optional stop, never blocked
                out.append(cur)
                continue
            o = occ.get(cur)
            if o is not None:
                if o:
                    continue  # passed: same colour
                break  # blocked
            if sd == DESERT:
                if guild_move:
                    out.append(cur)
                continue
            out.append(cur)  # the next free Resources tile: the move must stop here
            break
    return out


def destinations(s: SahwariState, camel: int, guild_move: bool = False, only_dir: str | None = None,
                 not_dir: str | None = None) -> list[tuple[int, str]]:
    """Every tile ``camel`` may end a move on, as (cell, direction), in a fixed order.

    Rulebook 1. Move: one orthogonal direction; free Desert tiles are skipped; the Guild tile and
    Oases are optional stops; the next free Resources tile is a mandatory stop; tiles with camels
    of another colour block (except the Guild and Oases); camels of the same colour are passed.
    Rulebook 3. Move the Guild: a Guild camel may also stop on a free Desert.
    """
    start = s.camel_cell[camel]
    if start < 0:
        return []
    occ = occupancy(s, s.camel_colour[camel])
    side = s.side
    out = []
    for d, line in _DIR_LINES[start]:
        if (only_dir and d != only_dir) or d == not_dir:
            continue
        for cur in line:
            sd = side[cur]
            if sd >= OASIS:
                out.append((cur, d))
                continue
            o = occ.get(cur)
            if o is not None:
                if o:
                    continue
                break
            if sd == DESERT:
                if guild_move:
                    out.append((cur, d))
                continue
            out.append((cur, d))
            break
    return out


def occupied(s: SahwariState, cell: int, but: int = -1) -> bool:
    for k in range(6):
        if k != but and s.camel_cell[k] == cell:
            return True
    return False


def is_free(s: SahwariState, cell: int, but: int = -1) -> bool:
    """Rulebook, Setup: a tile is free if no camel is on it, or if it is the Guild or an Oasis."""
    return is_shared(s.side[cell]) or not occupied(s, cell, but)



# --- why a camel may not end its move on a tile ---------------------------------------------------
MOVE_RULE = "1. Move"


def why_not_move(s: SahwariState, camel: int, to: int, guild_move: bool = False) -> str:
    """Why ``camel`` may not end a move on ``to``, in the words of the rules (Rulebook: 1. Move;
    3. Move the Guild with ``guild_move``): the sentence a table shows when a dragged camel snaps
    back, more precise than ``IllegalAction``'s general one. ``""`` when the rules of movement
    give no reason (the move is legal as far as the grid goes, or the camel stays put)."""
    start = s.camel_cell[camel]
    if start < 0:
        return "A camel taken off the board comes back only onto the Guild tile or an Oasis."
    if to == start:
        return ""
    r0, c0 = rc(start)
    r1, c1 = rc(to)
    if r0 != r1 and c0 != c1:
        return "A camel moves in one straight line: north, east, south or west."
    d = direction(start, to)
    colour = s.camel_colour[camel]
    cur = start
    while True:
        cur = step(cur, d)
        side = s.side[cur]
        shared = is_shared(side)
        others = [k for k in range(6) if k != camel and s.camel_cell[k] == cur]
        if not shared and any(s.camel_colour[k] != colour for k in others):
            return ("A camel of another colour stands in the way: camels only pass the Guild "
                    "tile, Oases and camels of their own colour.")
        if cur == to:
            break
        if side == RES and not others:
            return ("A camel must stop on the first free Resources tile in its path "
                    f"({'ABCDE'[rc(cur)[1]]}{rc(cur)[0] + 1}).")
    if s.side[to] == DESERT and not guild_move:
        return "Only the Guild's camels may stop on a Desert tile; yours pass over it."
    if not is_shared(s.side[to]) and any(s.camel_cell[k] == to for k in range(6)
                                         if k != camel):
        return "Only the Guild tile and Oases can hold more than one camel."
    return ""

# --- the Guildmaster's arrow paths (solo) --------------------------------------------------------

def _corner_rc(corner: str) -> tuple[int, int]:
    return {"nw": (0, 0), "ne": (0, SIZE - 1), "se": (SIZE - 1, SIZE - 1), "sw": (SIZE - 1, 0)}[corner]


def gm_path(corner: str, pattern: str) -> tuple[int, ...]:
    """The 25 cells of a Guildmaster Move card's arrow, from its starting tile."""
    r0, c0 = _corner_rc(corner)
    dr = 1 if r0 == 0 else -1  # inwards
    dc = 1 if c0 == 0 else -1
    cells = []
    if pattern in ("rows", "cols"):  # back and forth, a row (or a column) at a time
        for i in range(SIZE):
            line = [(r0 + dr * i, c0 + dc * j) if pattern == "rows" else (r0 + dr * j, c0 + dc * i)
                    for j in range(SIZE)]
            if i % 2:
                line.reverse()
            cells += [r * SIZE + c for r, c in line]
    else:  # spiral inwards, first along the row
        seen = set()
        r, c = r0, c0
        moves = [(0, dc), (dr, 0), (0, -dc), (-dr, 0)]
        k = 0
        while len(cells) < CELLS:
            cells.append(r * SIZE + c)
            seen.add((r, c))
            if len(cells) == CELLS:
                break
            for _ in range(4):
                nr, nc = r + moves[k][0], c + moves[k][1]
                if 0 <= nr < SIZE and 0 <= nc < SIZE and (nr, nc) not in seen:
                    r, c = nr, nc
                    break
                k = (k + 1) % 4
    return tuple(cells)
