"""The turn: Move, Collect, Move the Guild, Activate Abilities, End of the Turn (Rulebook: Game
Turn 1-5), the end of the game trigger, and the dispatch of actions during play.

Steps (``s.step``): ``reenter`` (a blocked camel comes back on the Guild or an Oasis), ``move``,
``move2`` (the Explorer's optional second move), ``guild`` (standard game only), ``end``.
Abilities ("at any time", Rulebook 4) may be activated wherever the active player has a choice
of their own step: at every step, and between a move and its collection; never in the middle of
resolving another effect (docs/rulings/sahwari.md): ``caravan <i>``, ``strike``,
``storage <slot>``, ``pawns spy|refresh|storm|artifact`` and ``space <card>``.
"""

from __future__ import annotations

from sandsofplay.engine import Event

from . import abilities as ab
from . import board
from .abilities import CELL_NAMES, cell_name, who
from .actions import GUILD_MOVE, MOVE, A
from .data import LOCKS_PER_PLAYER, get as _data
from .endturn import end_of_turn_cleanup
from .guildmaster import gm_turns
from .scoring import finish
from .state import EMPTY

D = _data()

PAWN_COSTS = {"spy": 1, "refresh": 1, "storm": 2, "artifact": 2}
STOP, END_TURN = A("stop"), A("end_turn")


def own_camels(s, p: int) -> list[int]:
    o = s.camel_owner
    return [k for k in range(6) if o[k] == p]


def is_explorer(s, p: int) -> bool:
    return s.clan[p] == "explorer"


def start_turn(s, p: int, ev) -> None:
    s.cur = p
    s.camel = -1
    s.moves = 0
    s.last_dir = ""
    s.pending = []
    owner, cells = s.camel_owner, s.camel_cell
    off = any(owner[k] == p and cells[k] < 0 for k in range(6))
    s.step = "reenter" if off else "move"
    ev.append(Event("turn", {"seat": p}, f"{who(s, p)} begins a turn."))


def after_collect_step(s) -> str:
    """The step after Collect. Whether a Guild camel can move is decided when step 3 is reached
    (``settle``), not at the Move: a collection may free a boxed-in Guild camel."""
    return "guild" if s.mode == "standard" else "end"


WINDOW_KINDS = frozenset(("caravan", "strike", "storage", "pawns", "space"))


def window_open(s) -> bool:
    """Rulebook 4 ("at any time"): abilities may start at any step of the active player's own, and
    between a move and its collection (the Move's collect frame alone on the stack); not while
    another effect is being resolved."""
    pend = s.pending
    if not pend:
        return s.step in ("reenter", "move", "move2", "guild", "end")
    return len(pend) == 1 and pend[0][0] == "collect" and len(pend[0]) == 2


# --- legal actions -----------------------------------------------------------------------------

CARAVAN = tuple(A("caravan", i) for i in range(20))
SPACE = tuple(A("space", c) for c in range(37))
STRIKE = A("strike")
PAWNS_SPY, PAWNS_REFRESH = A("pawns", "spy"), A("pawns", "refresh")
PAWNS_STORM, PAWNS_ARTIFACT = A("pawns", "storm"), A("pawns", "artifact")
# clan -> ((slot, its action), ...) in slot order
STORAGE_SLOTS = {name: tuple((slot, A("storage", slot)) for slot in sorted(c.storage_abilities))
                 for name, c in D.clans.items()}


def window_actions(s, p: int) -> list:
    """Rulebook 4. Activate Abilities (optional, at any time)."""
    out = []
    held = s.held[p]
    if held:
        used = s.used
        for i, t in enumerate(held):
            if not used >> t & 1:
                out.append(CARAVAN[i])
    if s.strat[p] > 0:
        out.append(STRIKE)
    locks = s.locks[p]
    storage = s.storage[p]
    if len(locks) < LOCKS_PER_PLAYER and storage:
        for slot, act in STORAGE_SLOTS[s.clan[p]]:
            if storage > slot and slot not in locks:
                out.append(act)
    t = s.track[p]
    if t >= 1:
        if ab.has_spy_target(s, p):
            out.append(PAWNS_SPY)
        if s.deck or s.discard:
            out.append(PAWNS_REFRESH)
        if t >= 2:
            out.append(PAWNS_STORM)
            if s.supply_art > 0:
                out.append(PAWNS_ARTIFACT)
    if storage > 0:  # the empty Artifact spaces (ab.empty_spaces), spelt out: a hot path
        sp = s.spaces[p]
        for c in s.left[p]:
            if sp[c] == EMPTY:
                out.append(SPACE[c])
        for c in s.right[p]:
            if sp[c] == EMPTY:
                out.append(SPACE[c])
    return out


def move_actions(s, p: int) -> list:
    out = []
    owner, cells = s.camel_owner, s.camel_cell
    colours = s.camel_colour
    occ = {}  # colour -> occupancy (a player's camels share one)
    for k in range(6):
        if owner[k] == p and cells[k] >= 0:
            o = occ.get(colours[k])
            if o is None:
                o = occ[colours[k]] = board.occupancy(s, colours[k])
            mk = MOVE[k]
            out += [mk[c] for c in board.targets(s, k, False, "", o)]
    if not out:  # blocked: remove one of your camels
        out = [A("blocked", k) for k in own_camels(s, p) if s.camel_cell[k] >= 0]
    return out


def guild_moves(s) -> list:
    """Rulebook 3. Move the Guild: every move of every Guild camel on the board."""
    out = []
    owner, cells, colours = s.camel_owner, s.camel_cell, s.camel_colour
    occ = {}  # colour -> occupancy
    for k in range(6):
        if owner[k] < 0 and cells[k] >= 0:
            o = occ.get(colours[k])
            if o is None:
                o = occ[colours[k]] = board.occupancy(s, colours[k])
            gk = GUILD_MOVE[k]
            out += [gk[c] for c in board.targets(s, k, True, "", o)]
    return out


def turn_actions(s, p: int) -> list:
    if p != s.cur:
        return []
    if s.pending:
        out = ab.frame_actions(s, p, s.pending[-1])
        if window_open(s):
            out += window_actions(s, p)
        return out
    st = s.step
    if st == "reenter":
        k = next(k for k in own_camels(s, p) if s.camel_cell[k] < 0)
        return [A("reenter", k, c) for c in range(25) if board.is_shared(s.side[c])] \
            + window_actions(s, p)
    if st == "move":
        return move_actions(s, p) + window_actions(s, p)
    if st == "move2":
        k = s.camel
        mk = MOVE[k]
        return [mk[c] for c in board.targets(s, k, False, board.OPPOSITE[s.last_dir])] + [STOP] \
            + window_actions(s, p)
    if st == "guild":
        return guild_moves(s) + window_actions(s, p)
    if st == "end":
        return window_actions(s, p) + [END_TURN]
    return []


# --- applying ---------------------------------------------------------------------------------

def apply_turn(game, s, p: int, a, ev) -> None:
    k, args = a  # an Action is the pair (kind, args)
    if s.pending and not (k in WINDOW_KINDS and window_open(s)):
        ab.apply_frame(s, p, s.pending[-1], a, ev)
    elif k == "reenter":
        s.camel_cell[args[0]] = args[1]
        ev.append(Event("reenter", {"seat": p, "camel": args[0], "to": args[1]},
                        f"{who(s, p)} brings a camel back onto {cell_name(args[1])}."))
        s.step = "move"
    elif k == "move":
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
    elif k == "blocked":
        camel = args[0]
        frm = s.camel_cell[camel]
        s.camel_cell[camel] = -1
        ev.append(Event("blocked", {"seat": p, "camel": camel, "from": frm},
                        f"{who(s, p)} cannot move and takes a camel off the board."))
        s.step = after_collect_step(s)
    elif k == "guild":
        camel, to = args
        frm = s.camel_cell[camel]
        s.camel_cell[camel] = to
        ev.append(Event("guild_move", {"seat": p, "camel": camel, "from": frm, "to": to},
                        f"{who(s, p)} moves a Guild camel from {CELL_NAMES[frm]} to {CELL_NAMES[to]}."))
        s.step = "end"
    elif k == "caravan":
        ab.use_token(s, p, s.held[p][args[0]], ev)
    elif k == "strike":
        s.strat[p] -= 1
        s.supply_strat += 1
        ev.append(Event("strike", {"seat": p}, f"{who(s, p)} discards a Strategy token to attack."))
        s.pending.append(("attack",))
    elif k == "storage":
        slot = args[0]
        s.locks[p].append(slot)
        icon = D.clans[s.clan[p]].storage_abilities[slot]
        ev.append(Event("storage_ability", {"seat": p, "slot": slot, "ability": icon},
                        f"{who(s, p)} places a Lock token to use a storage ability ({icon})."))
        s.pending.append(("icons", (icon,)))
    elif k == "pawns":
        what = args[0]
        cost = PAWN_COSTS[what]
        dest = []
        for _ in range(cost):
            s.track[p] -= 1
            dest.append(ab.put_pawn_on_guild(s))
        ev.append(Event("pawns", {"seat": p, "ability": what, "cost": cost, "to": dest},
                        f"{who(s, p)} uses {cost} Recruit pawn{'s' if cost > 1 else ''} for "
                        f"{what}."))
        icon = {"spy": "spy", "refresh": "refresh", "storm": "sandstorm", "artifact": "artifact"}[what]
        s.pending.append(("icons", (icon,)))
    elif k == "space":
        s.storage[p] -= 1
        ab.place_cube_on_space(s, p, args[0], ev, "storage")
    elif k == "end_turn":
        end_turn(game, s, p, ev)
        return
    settle(s, p, ev)


def _to_collect(s) -> None:
    cell = s.camel_cell[s.camel]
    s.step = after_collect_step(s)
    if ab.has_resources(s, cell):
        s.pending.append(("collect", cell))


def settle(s, p: int, ev) -> None:
    """Resolve frames that need no choice; move on from steps that have nothing left to do."""
    while s.pending:
        if not ab.auto(s, p, s.pending[-1], ev):
            return
    if s.step == "guild":
        # step 3 is reached: it is played if a Guild camel can move now. The legal actions just
        # computed are this version's, kept for legal_actions (game.apply does not clear them).
        moves = guild_moves(s)
        if moves:  # the same list turn_actions gives at this step
            s._cache = (p, tuple(moves + window_actions(s, p)))
        else:
            s.step = "end"


# --- end of the turn and of the game ------------------------------------------------------------

def end_turn(game, s, p: int, ev) -> None:
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
