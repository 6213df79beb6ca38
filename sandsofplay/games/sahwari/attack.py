"""Ability Icons, Attack: where an attack may start, what it may target, and its effect on a
camel's owner (a player, or in solo the Guildmaster, whose camels are the Guild camels)."""

from __future__ import annotations

from sandsofplay.engine import Event

from . import board
from .actions import A
from .pieces import put_cube_on_guild, who
from .state import CUBE, SahwariState


def attack_sources(s: SahwariState, p: int) -> list[int]:
    """Rulebook, Ability Icons (Attack): from your camel's tile, or from any Guild camel - in
    every mode that has Guild camels (solo included: only Theft changes in solo)."""
    cells = {s.camel_cell[k] for k in range(6)
             if s.camel_cell[k] >= 0 and (s.camel_owner[k] == p or s.camel_owner[k] < 0)}
    return sorted(cells)


def attack_actions(s: SahwariState, p: int) -> list:
    """Attack A targets an opponent's camel next to a starting tile - in solo the Guild camels
    too, which are the Guildmaster's (docs/rulings/sahwari.md); Attack B a caravan on or next to
    a starting tile."""
    srcs = attack_sources(s, p)
    near = set()
    for c in srcs:
        near.update(board.NEIGHBOURS[c])
    out = []
    solo = s.mode == "solo"
    for k in range(6):
        o = s.camel_owner[k]
        if (o >= 0 and o != p or solo and o < 0) and s.camel_cell[k] in near:
            out.append(A("attack", k))
    zone = near | set(srcs)
    for c in sorted(zone):
        if s.small[c]:
            out.append(A("attack_caravan", c, "small"))
        if s.guard[c]:
            out.append(A("attack_caravan", c, "guarded"))
    return out


def push_cells(s: SahwariState, camel: int) -> list[int]:
    at = s.camel_cell[camel]
    return [c for c in board.NEIGHBOURS[at] if board.is_free(s, c, camel)]



def attack_camel(s: SahwariState, p: int, camel: int, ev) -> None:
    """Rulebook, Ability Icons (Attack A). In solo a Guild camel's owner is the Guildmaster
    (seat ``s.n``): it loses a stored cube, else the attacker locks one of its activated cards."""
    t = s.camel_owner[camel]
    if t < 0:
        t = s.n
    data = {"seat": p, "target": t, "camel": camel}
    s.pending.append(("push", camel))
    if t >= s.n:
        storage = s.gm_storage
        cubed = any(st == CUBE for _c, st in s.gm_cards)
    else:
        storage = s.storage[t]
        cubed = any(s.spaces[t][c] == CUBE for c in s.left[t] + s.right[t])
    if storage > 0:
        if t >= s.n:
            s.gm_storage -= 1
        else:
            s.storage[t] -= 1
        data["lost"] = "storage"
        data["cube_to"] = put_cube_on_guild(s)
        text = f"{who(s, p)} attacks {who(s, t)}, who discards an Artifact cube from storage."
    elif s.supply_strat > 0 and cubed:
        s.pending.append(("lock", t))
        data["lost"] = "space"
        text = f"{who(s, p)} attacks {who(s, t)}, whose storage is empty: a space will be locked."
    else:
        data["lost"] = "nothing"
        text = f"{who(s, p)} attacks {who(s, t)}, who has no Artifact cube to lose."
    ev.append(Event("attack", data, text))
