"""The turn: Move, Collect, Move the Guild, End of the Turn (Rulebook: Game Turn 1-5), one stage
per step (``STAGES``), and the end of the game trigger.

Steps (``s.step``): ``reenter`` (a blocked camel comes back on the Guild or an Oasis), ``move``,
``move2`` (the Explorer's optional second move), ``guild`` (standard game only), ``end``. At every
step the abilities window is open (``window``: Rulebook 4, "at any time").
"""

from __future__ import annotations

from sandsofplay.engine import Event

from . import abilities as ab
from . import board
from .pieces import CELL_NAMES, camel_name, cell_name, who
from .actions import GUILD_MOVE, MOVE, A
from .endturn import end_of_turn_cleanup
from .guildmaster import gm_turns
from .scoring import finish
from .state import SahwariState
from .window import WINDOW_KINDS, window_reason, with_window

STOP, END_TURN = A("stop"), A("end_turn")
R_MOVE, R_BLOCKED, R_GUILD = "1. Move", "1. Move (Unable to move?)", "3. Move the Guild"
R_EXPLORER, R_END = "Clan Abilities (Explorer)", "5. End of the Turn"


def own_camels(s: SahwariState, p: int) -> list[int]:
    o = s.camel_owner
    return [k for k in range(6) if o[k] == p]


def is_explorer(s: SahwariState, p: int) -> bool:
    return s.clan[p] == "explorer"


def start_turn(s: SahwariState, p: int, ev) -> None:
    s.cur = p
    s.camel = -1
    s.moves = 0
    s.last_dir = ""
    s.pending = []
    owner, cells = s.camel_owner, s.camel_cell
    off = any(owner[k] == p and cells[k] < 0 for k in range(6))
    s.step = "reenter" if off else "move"
    ev.append(Event("turn", {"seat": p}, f"{who(s, p)} begins a turn."))


def after_collect_step(s: SahwariState) -> str:
    """The step after Collect. Whether a Guild camel can move is decided when step 3 is reached
    (``auto_guild``), not at the Move: a collection may free a boxed-in Guild camel."""
    return "guild" if s.mode == "standard" else "end"


def _moves(s: SahwariState, owner: int, table, guild_move: bool) -> list:
    """Every move of every camel on the board owned by ``owner`` (< 0: the Guild's), in camel
    order, built from ``table`` (``MOVE`` or ``GUILD_MOVE``)."""
    out = []
    owners, cells, colours = s.camel_owner, s.camel_cell, s.camel_colour
    occ = {}  # colour -> occupancy (camels of a colour share one)
    for k in range(6):
        o = owners[k]
        if (o == owner or owner < 0 and o < 0) and cells[k] >= 0:
            oc = occ.get(colours[k])
            if oc is None:
                oc = occ[colours[k]] = board.occupancy(s, colours[k])
            tk = table[k]
            out += [tk[c] for c in board.targets(s, k, guild_move, "", oc)]
    return out


def move_actions(s: SahwariState, p: int) -> list:
    """Rulebook 1. Move: every move of p's camels; blocked, the camels p may take off."""
    out = _moves(s, p, MOVE, False)
    if not out:  # blocked: remove one of your camels
        out = [A("blocked", k) for k in own_camels(s, p) if s.camel_cell[k] >= 0]
    return out


def guild_moves(s: SahwariState) -> list:
    """Rulebook 3. Move the Guild: every move of every Guild camel on the board."""
    return _moves(s, -1, GUILD_MOVE, True)


# --- the steps: legal, apply, auto ----------------------------------------------------------------

def legal_reenter(s: SahwariState, q) -> list:
    k = next(k for k in own_camels(s, q.seat) if s.camel_cell[k] < 0)
    return [A("reenter", k, c) for c in range(25) if board.is_shared(s.side[c])]


def do_reenter(s: SahwariState, q, a, ev) -> None:
    camel, to = a[1]
    s.camel_cell[camel] = to
    ev.append(Event("reenter", {"seat": q.seat, "camel": camel, "to": to},
                    f"{who(s, q.seat)} brings a camel back onto {cell_name(to)}."))
    s.step = "move"


def legal_move(s: SahwariState, q) -> list:
    return move_actions(s, q.seat)


def legal_move2(s: SahwariState, q) -> list:
    k = s.camel
    mk = MOVE[k]
    return [mk[c] for c in board.targets(s, k, False, board.OPPOSITE[s.last_dir])] + [STOP]


def do_move(s: SahwariState, q, a, ev) -> None:
    """A move (the first, or the Explorer's second), passing up the second, or a blocked camel
    taken off the board."""
    (k, args), p = a, q.seat
    if k == "move":
        camel, to = args
        frm = s.camel_cell[camel]
        d = board.DIRECTION[frm][to]
        s.camel_cell[camel] = to
        s.camel = camel
        s.moves += 1
        s.last_dir = d
        ev.append(Event("move", {"seat": p, "camel": camel, "from": frm, "to": to, "dir": d},
                        f"{who(s, p)} moves a camel from {CELL_NAMES[frm]} to {CELL_NAMES[to]}."))
        if s.moves == 1 and is_explorer(s, p) and board.targets(
                s, camel, False, board.OPPOSITE[d]):
            s.step = "move2"
        else:
            _to_collect(s)
    elif k == "stop":
        _to_collect(s)
    else:  # blocked
        camel = args[0]
        frm = s.camel_cell[camel]
        s.camel_cell[camel] = -1
        ev.append(Event("blocked", {"seat": p, "camel": camel, "from": frm},
                        f"{who(s, p)} cannot move and takes a camel off the board."))
        s.step = after_collect_step(s)


def _to_collect(s: SahwariState) -> None:
    cell = s.camel_cell[s.camel]
    s.step = after_collect_step(s)
    if ab.has_resources(s, cell):
        s.pending.append(("collect", cell))


def legal_guild(s: SahwariState, q) -> list:
    return guild_moves(s)


def do_guild(s: SahwariState, q, a, ev) -> None:
    camel, to = a[1]
    frm = s.camel_cell[camel]
    s.camel_cell[camel] = to
    ev.append(Event("guild_move", {"seat": q.seat, "camel": camel, "from": frm, "to": to},
                    f"{who(s, q.seat)} moves a Guild camel from {CELL_NAMES[frm]} to "
                    f"{CELL_NAMES[to]}."))
    s.step = "end"


def auto_guild(s: SahwariState, q, ev) -> bool:
    """Step 3 is reached: it is played if a Guild camel can move now, else passed. The answers
    worked out here are this version's: kept as the stage's (``stages``: ``s._cache``)."""
    answers = _GUILD_ANSWERS(s, q)  # the Guild's moves first, then the abilities window's
    if answers and answers[0][0] == "guild":
        s._cache = ((q,), tuple(answers))
        return False
    s.step = "end"
    return True


def legal_end(s: SahwariState, q) -> list:
    return [END_TURN]


def do_end(s: SahwariState, q, a, ev) -> None:
    end_turn(s, q.seat, ev)


# --- end of the turn and of the game ------------------------------------------------------------

def end_turn(s: SahwariState, p: int, ev) -> None:
    end_of_turn_cleanup(s, ev)
    s.turns[p] += 1
    s.step = ""
    if s.mode == "solo":
        gm_turns(s, ev)
        nxt = 0
    else:
        nxt = (p + 1) % s.n
    if s.end_triggered and nxt == s.first:
        finish(s, ev)
        return
    start_turn(s, nxt, ev)


# --- why an action is refused at a step -----------------------------------------------------------

def _cell_args(args, n: int) -> bool:
    return len(args) == n and all(type(x) is int for x in args) and 0 <= args[0] < 6 and \
        0 <= args[-1] < 25


def _move_reason(s: SahwariState, p: int, args, guild_move: bool) -> str | tuple:
    if not _cell_args(args, 2):
        return "A move names one of the six camels and a tile of the 5x5 grid."
    camel, to = args
    owner = s.camel_owner[camel]
    if guild_move and owner >= 0:
        return f"Only a Guild camel moves in step 3, not {camel_name(s, camel)}.", R_GUILD
    if not guild_move and owner != p:
        return f"{who(s, p)} may move only their own camels, not {camel_name(s, camel)}."
    if s.step == "move2":
        if camel != s.camel:
            return "The Explorer's second move is made with the same camel.", R_EXPLORER
        if s.camel_cell[camel] != to and board.direction(s.camel_cell[camel], to) == \
                board.OPPOSITE[s.last_dir]:
            return "The Explorer's second move may not go back the way the camel came.", R_EXPLORER
    why = board.why_not_move(s, camel, to, guild_move)
    if why:
        return why
    return ("That camel cannot end a move there (one direction, stop on the next free Resources "
            "tile, blocked by other camels).")


def reason(s: SahwariState, q, seat: int, a) -> str | tuple:
    """Why the active player may not take ``a`` at this step."""
    (k, args), p, st = a, q.seat, q.stage
    name = who(s, p)
    if k in WINDOW_KINDS:
        return window_reason(s, p, a)
    if st == "reenter":
        if k == "reenter":
            return "A camel taken off the board comes back only onto the Guild tile or an Oasis."
        return f"{name} must first bring the camel taken off the board back onto the Guild " \
               "tile or an Oasis."
    if st in ("move", "move2"):
        if k == "move":
            return _move_reason(s, p, args, False)
        if k == "blocked":
            return f"{name} is not blocked: a camel leaves the board only when none can move.", \
                R_BLOCKED
        if k == "stop":
            return "Only the Explorer's second move may be passed up.", R_EXPLORER
        if k == "end_turn" and st == "move2":
            return f"The turn cannot end yet: {name} must first make the Explorer's second " \
                   "move or stop, then collect."
        if k == "end_turn":
            return f"The turn cannot end yet: {name} must move, collect and move the Guild first."
        return f"{name} must move a camel now: '{a}' is not a move."
    if st == "guild":
        if k == "guild":
            return _move_reason(s, p, args, True)
        if k == "end_turn":
            return f"The turn cannot end yet: {name} must first move a Guild camel (a " \
                   "mandatory step while one can move)."
        return f"{name} must move a Guild camel now: '{a}' is not one of its moves."
    return f"{name} has played the turn's steps: only abilities and ending the turn are left, " \
           f"not '{a}'."


_GUILD_ANSWERS, _ = with_window(legal_guild, do_guild)

# name, legal, apply, auto, reason, rule
STAGES = (
    ("reenter", *with_window(legal_reenter, do_reenter), None, reason, R_MOVE),
    ("move", *with_window(legal_move, do_move), None, reason, R_MOVE),
    ("move2", *with_window(legal_move2, do_move), None, reason, R_EXPLORER),
    ("guild", *with_window(legal_guild, do_guild), auto_guild, reason, R_GUILD),
    ("end", *with_window(legal_end, do_end, first=True), None, reason, R_END),
)
