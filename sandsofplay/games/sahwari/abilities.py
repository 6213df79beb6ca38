"""The pieces of collecting and of the abilities that the stages build on (``frames``,
``window``): a clan's rows of cards and their Artifact spaces, the Recruit deck and area, the
targets of Spying, Theft and Sandstorm, taking a resource, using a caravan token, placing a cube
and starting an ability icon (each pushes the pending choice it asks, a frame: see ``frames``).
"""

from __future__ import annotations

from sandsofplay.engine import Event

from . import board
from .actions import A
from .data import get as _data
from .pieces import cell_name, put_pawn_on_guild, who
from .state import CUBE, EMPTY, SahwariState

D = _data()

PASSIVE_ICONS = ("influence", "clan")


# --- clan rows and Artifact spaces -----------------------------------------------------------

def inner_edge(s: SahwariState, p: int, side: str):
    """The edge a new card would join at the ``side`` edge of player p's clan."""
    clan = D.clans[s.clan[p]]
    if side == "left":
        return D.card(s.left[p][-1]).left if s.left[p] else clan.left
    return D.card(s.right[p][-1]).right if s.right[p] else clan.right


def space_halves(s: SahwariState, p: int, cid: int):
    """(inner half, outer half) of the Artifact space named after card ``cid``."""
    card = D.card(cid)
    clan = D.clans[s.clan[p]]
    row = s.left[p]
    if cid in row:
        i = row.index(cid)
        inner = D.card(row[i - 1]).left if i else clan.left
        return inner, card.right
    row = s.right[p]
    i = row.index(cid)
    inner = D.card(row[i - 1]).right if i else clan.right
    return inner, card.left


def outer_space(s: SahwariState, p: int, cid: int) -> int:
    """The card id naming the space on the outer side of card ``cid`` (0 if none)."""
    for row in (s.left[p], s.right[p]):
        if cid in row:
            i = row.index(cid)
            return row[i + 1] if i + 1 < len(row) else 0
    return 0


def clan_card_active(s: SahwariState, p: int, cid: int) -> bool:
    """A Clan Ability card counts once both of its edges are activated by cubes."""
    sp = s.spaces[p]
    if sp[cid] != CUBE:
        return False
    o = outer_space(s, p, cid)
    return bool(o) and sp[o] == CUBE


def place_card(s: SahwariState, p: int, cid: int, side: str) -> bool:
    """Add a card at an edge; returns True when its colour created a new empty Artifact space."""
    card = D.card(cid)
    inner = inner_edge(s, p, side)
    mine = card.right if side == "left" else card.left
    (s.left if side == "left" else s.right)[p].append(cid)
    if inner.colour == mine.colour:
        s.spaces[p][cid] = EMPTY
        return True
    return False


def space_icons(s: SahwariState, p: int, cid: int) -> tuple:
    inner, outer = space_halves(s, p, cid)
    out = []
    for e in (inner, outer):
        if e.ability in PASSIVE_ICONS:
            continue
        out.append("strategy" if e.ability == "attack" else e.ability)
    return tuple(out)


def empty_spaces(s: SahwariState, p: int) -> list[int]:
    sp = s.spaces[p]
    return [c for c in s.left[p] + s.right[p] if sp[c] == EMPTY]


# --- deck -----------------------------------------------------------------------------------

def draw_card(s: SahwariState, ev) -> int:
    """The top card of the Recruit deck, reshuffling the discards into a new deck if needed."""
    if not s.deck and s.discard:
        s.deck = s.discard
        s.discard = []
        s.rng.shuffle(s.deck)
        ev.append(Event("reshuffle", {"deck": len(s.deck)}, "The Recruit discards are shuffled into a "
                        "new deck."))
    return s.deck.pop() if s.deck else 0


def refill_area(s: SahwariState, ev) -> None:
    """Rulebook 5. End of the Turn: complete the Recruitment area to four cards."""
    new = []
    while len(s.area) < 4:
        c = draw_card(s, ev)
        if not c:
            break
        s.area.append(c)
        new.append(c)
    if new:
        ev.append(Event("area", {"cards": list(s.area), "new": new},
                        "New Recruit cards are revealed.", reveal=True))


def refresh_area(s: SahwariState, ev, by: int) -> None:
    """Rulebook, Ability Icons (Refresh): discard the four cards and reveal four new ones."""
    s.discard.extend(s.area)
    s.area = []
    ev.append(Event("refresh", {"seat": by}, f"{who(s, by)} refreshes the Recruitment area."))
    refill_area(s, ev)


# --- targets ------------------------------------------------------------------------------------

def has_spy_target(s: SahwariState, p: int) -> bool:
    """Is there a caravan token camel side up that p has not seen (cheap test for spy_targets)?"""
    kn = s.known[p] | s.revealed
    on_tiles = set(s.small)
    on_tiles.update(s.guard)
    for t in on_tiles:
        if t and not kn >> t & 1:
            return True
    for t in s.gm_tokens:
        if t and not kn >> t & 1:
            return True
    for q in range(s.n):
        if q != p:
            for t in s.held[q]:
                if not kn >> t & 1:
                    return True
    return False


def spy_targets(s: SahwariState, p: int) -> list:
    out = []
    kn = s.known[p] | s.revealed
    for c in range(25):
        if s.small[c] and not kn & (1 << s.small[c]):
            out.append(A("spy", c, "small"))
        if s.guard[c] and not kn & (1 << s.guard[c]):
            out.append(A("spy", c, "guarded"))
    for q in range(s.n):
        if q != p:
            for i, t in enumerate(s.held[q]):
                if not kn & (1 << t):
                    out.append(A("spy_clan", q, i))
    for i, t in enumerate(s.gm_tokens):
        if not kn & (1 << t):
            out.append(A("spy_gm", i))
    return out


def theft_cells(s: SahwariState, p: int) -> list[int]:
    """Rulebook, Ability Icons (Theft): tiles orthogonally adjacent to a Guild camel; solo and the
    3-player variant: adjacent to one of your own camels."""
    if s.mode == "standard":
        anchors = [s.camel_cell[k] for k in range(6) if s.camel_owner[k] < 0 and s.camel_cell[k] >= 0]
    else:
        anchors = [s.camel_cell[k] for k in range(6) if s.camel_owner[k] == p and s.camel_cell[k] >= 0]
    cells = set()
    for a in anchors:
        cells.update(board.NEIGHBOURS[a])
    return [c for c in sorted(cells) if has_resources(s, c)]


def has_resources(s: SahwariState, c: int) -> bool:
    return bool(s.art[c] or s.pawn[c] or s.small[c] or s.guard[c])


def storm_cells(s: SahwariState, camel: int) -> list[int]:
    at = s.camel_cell[camel]
    return [c for c in range(25) if c != at and board.is_free(s, c, camel)]


# the icons that begin by asking a question: the pending frame each one pushes
ICON_FRAMES = {"spy": ("spy",), "sandstorm": ("storm",), "theft": ("theft",),
               "rally": ("rally",), "attack": ("attack",), "recruit": ("card",)}


def start_icon(s: SahwariState, p: int, icon: str, ev) -> None:
    """Begin resolving one ability icon (Rulebook: Ability Icons)."""
    frame = ICON_FRAMES.get(icon)
    if frame is not None:
        s.pending.append(frame)
    elif icon == "artifact":
        if s.supply_art > 0:
            s.supply_art -= 1
            ev.append(Event("gain_cube", {"seat": p}, f"{who(s, p)} takes an Artifact cube from the "
                            "supply."))
            s.pending.append(("cube",))
        else:
            ev.append(Event("fizzle", {"seat": p, "ability": "artifact"},
                            "The supply has no Artifact cube left."))
    elif icon == "refresh":
        refresh_area(s, ev, p)
    elif icon == "strategy":
        if s.supply_strat > 0:
            s.supply_strat -= 1
            s.strat[p] += 1
            ev.append(Event("strategy", {"seat": p}, f"{who(s, p)} takes a Strategy token, Attack "
                            "side up."))
        else:
            ev.append(Event("fizzle", {"seat": p, "ability": "attack"},
                            "No Strategy token is left in the supply."))
    else:
        raise ValueError(f"unknown ability {icon!r}")


def take_from_tile(s: SahwariState, p: int, cell: int, kind: str, ev, via: str = "collect") -> None:
    """Collect one resource (Rulebook 2. Collect, A-C)."""
    data = {"seat": p, "cell": cell, "kind": kind, "via": via}
    if kind == "artifact":
        s.art[cell] -= 1
        ev.append(Event("collect", data, f"{who(s, p)} takes an Artifact cube from {cell_name(cell)}."))
        s.pending.append(("cube",))
    elif kind == "pawn":
        s.pawn[cell] -= 1
        clan = D.clans[s.clan[p]]
        if s.track[p] < len(clan.track):
            s.track[p] += 1
            data["to"] = "track"
        else:
            data["to"] = put_pawn_on_guild(s)
        ev.append(Event("collect", data, f"{who(s, p)} recruits a pawn from {cell_name(cell)}."))
        s.pending.append(("card",))
    else:
        lst = s.small if kind == "small" else s.guard
        tid = lst[cell]
        lst[cell] = 0
        take_token(s, p, tid, ev, data)


def take_token(s: SahwariState, p: int, tid: int, ev, data: dict) -> None:
    s.known[p] |= 1 << tid
    data = dict(data, token=tid, private_to=p)
    ev.append(Event("collect", data, f"{who(s, p)} takes a {D.caravan(tid).kind} caravan token from "
                    f"{cell_name(data['cell'])}.", reveal=True))
    s.pending.append(("caravan", tid))


def use_token(s: SahwariState, p: int, tid: int, ev) -> None:
    s.used |= 1 << tid
    s.revealed |= 1 << tid
    car = D.caravan(tid)
    ev.append(Event("use_caravan", {"seat": p, "token": tid, "abilities": list(car.abilities),
                                    "influence": car.influence},
                    f"{who(s, p)} reveals caravan token {tid} and uses it.", reveal=True))
    if car.abilities:
        s.pending.append(("icons", tuple(car.abilities)))


def place_cube_on_space(s: SahwariState, p: int, cid: int, ev, origin: str) -> None:
    s.spaces[p][cid] = CUBE
    icons = space_icons(s, p, cid)
    inner, outer = space_halves(s, p, cid)
    ev.append(Event("space", {"seat": p, "space": cid, "from": origin,
                              "abilities": [inner.ability, outer.ability]},
                    f"{who(s, p)} activates an Artifact space of card {cid}."))
    if icons:
        s.pending.append(("icons", icons))


def spy(s: SahwariState, p: int, tid: int, ev, where: dict) -> None:
    s.known[p] |= 1 << tid
    ev.append(Event("spy", dict(where, seat=p, token=tid, private_to=p),
                    f"{who(s, p)} peeks at a caravan token.", reveal=True))
