"""Collecting resources and resolving abilities, as a stack of small pending choices.

Each frame on ``s.pending`` is one question for the player whose turn it is:

==============  ==================================================  ===============================
frame           question                                            actions
==============  ==================================================  ===============================
collect, cell   which resource to take from that tile               ``take artifact|pawn|small|guarded``
cube            where the Artifact cube goes                        ``cube storage``, ``cube <space>``
card            which Recruit card to take                          ``card <id>``
edge, card      at which edge of the clan                           ``edge left|right``
caravan, token  use the token now or keep it camel side up          ``use``, ``keep``
icons, (...)    which of several abilities to resolve first         ``do <ability>``
spy             which hidden caravan token to peek at               ``spy <cell> <kind>``, ``spy_clan <seat> <i>``, ``spy_gm <i>``, ``skip``
storm           which camel the Sandstorm moves                     ``storm <camel>``, ``skip``
storm_to, c     where it goes                                       ``storm_to <cell>``
theft           which tile to collect from                          ``steal <cell>``, ``skip``
rally           which caravan token to take                         ``rally <cell> <kind>``, ``skip``
attack          the target                                          ``attack <camel>``, ``attack_caravan <cell> <kind>``, ``skip``
lock, seat      which of the victim's Artifact spaces to lock       ``lock <space>``
push, camel     where the attacked camel is pushed                  ``push <cell>``
==============  ==================================================  ===============================

A frame with nothing to choose resolves by itself (``auto``).
"""

from __future__ import annotations

from sandsofplay.engine import Event, IllegalAction

from . import board
from .actions import A
from .attack import attack_actions, attack_camel, attack_sources, push_cells  # noqa: F401
from .data import get as _data
from .pieces import (CELL_NAMES, camel_name, cell_name, guild_spaces,  # noqa: F401 - re-exported
                     put_cube_on_guild, put_pawn_on_guild, who)
from .state import CUBE, EMPTY, LOCKED

D = _data()

PASSIVE_ICONS = ("influence", "clan")


# --- clan rows and Artifact spaces -----------------------------------------------------------

def inner_edge(s, p: int, side: str):
    """The edge a new card would join at the ``side`` edge of player p's clan."""
    clan = D.clans[s.clan[p]]
    if side == "left":
        return D.card(s.left[p][-1]).left if s.left[p] else clan.left
    return D.card(s.right[p][-1]).right if s.right[p] else clan.right


def space_halves(s, p: int, cid: int):
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


def outer_space(s, p: int, cid: int) -> int:
    """The card id naming the space on the outer side of card ``cid`` (0 if none)."""
    for row in (s.left[p], s.right[p]):
        if cid in row:
            i = row.index(cid)
            return row[i + 1] if i + 1 < len(row) else 0
    return 0


def clan_card_active(s, p: int, cid: int) -> bool:
    """A Clan Ability card counts once both of its edges are activated by cubes."""
    sp = s.spaces[p]
    if sp[cid] != CUBE:
        return False
    o = outer_space(s, p, cid)
    return bool(o) and sp[o] == CUBE


def place_card(s, p: int, cid: int, side: str) -> bool:
    """Add a card at an edge; returns True when its colour created a new empty Artifact space."""
    card = D.card(cid)
    inner = inner_edge(s, p, side)
    mine = card.right if side == "left" else card.left
    (s.left if side == "left" else s.right)[p].append(cid)
    if inner.colour == mine.colour:
        s.spaces[p][cid] = EMPTY
        return True
    return False


def space_icons(s, p: int, cid: int) -> tuple:
    inner, outer = space_halves(s, p, cid)
    out = []
    for e in (inner, outer):
        if e.ability in PASSIVE_ICONS:
            continue
        out.append("strategy" if e.ability == "attack" else e.ability)
    return tuple(out)


def empty_spaces(s, p: int) -> list[int]:
    sp = s.spaces[p]
    return [c for c in s.left[p] + s.right[p] if sp[c] == EMPTY]


# --- deck -----------------------------------------------------------------------------------

def draw_card(s, ev) -> int:
    """The top card of the Recruit deck, reshuffling the discards into a new deck if needed."""
    if not s.deck and s.discard:
        s.deck = s.discard
        s.discard = []
        s.rng.shuffle(s.deck)
        ev.append(Event("reshuffle", {"deck": len(s.deck)}, "The Recruit discards are shuffled into a "
                        "new deck."))
    return s.deck.pop() if s.deck else 0


def refill_area(s, ev) -> None:
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


def refresh_area(s, ev, by: int) -> None:
    """Rulebook, Ability Icons (Refresh): discard the four cards and reveal four new ones."""
    s.discard.extend(s.area)
    s.area = []
    ev.append(Event("refresh", {"seat": by}, f"{who(s, by)} refreshes the Recruitment area."))
    refill_area(s, ev)


# --- token bookkeeping ------------------------------------------------------------------------

# --- targets ------------------------------------------------------------------------------------

def has_spy_target(s, p: int) -> bool:
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


def spy_targets(s, p: int) -> list:
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


def theft_cells(s, p: int) -> list[int]:
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


def has_resources(s, c: int) -> bool:
    return bool(s.art[c] or s.pawn[c] or s.small[c] or s.guard[c])


def storm_cells(s, camel: int) -> list[int]:
    at = s.camel_cell[camel]
    return [c for c in range(25) if c != at and board.is_free(s, c, camel)]


CUBE_STORAGE = A("cube", "storage")
CUBE_ON = tuple(A("cube", c) for c in range(37))
TAKE_ARTIFACT, TAKE_PAWN = A("take", "artifact"), A("take", "pawn")
TAKE_SMALL, TAKE_GUARDED = A("take", "small"), A("take", "guarded")
CARD = tuple(A("card", c) for c in range(37))
EDGES = (A("edge", "left"), A("edge", "right"))
USE_KEEP = (A("use"), A("keep"))
SKIP = A("skip")


def cube_actions(s, p: int) -> list:
    out = []
    if s.storage[p] < D.clans[s.clan[p]].capacity:
        out.append(CUBE_STORAGE)
    out.extend(CUBE_ON[c] for c in empty_spaces(s, p))
    return out


def collect_actions(s, c: int) -> list:
    out = []
    if s.art[c]:
        out.append(TAKE_ARTIFACT)
    if s.pawn[c]:
        out.append(TAKE_PAWN)
    if s.small[c]:
        out.append(TAKE_SMALL)
    if s.guard[c]:
        out.append(TAKE_GUARDED)
    return out


# --- the frames -----------------------------------------------------------------------------

def frame_actions(s, p: int, f: tuple) -> list:
    k = f[0]
    if k == "collect":
        return collect_actions(s, f[1])
    if k == "cube":
        return cube_actions(s, p)
    if k == "card":
        return [CARD[c] for c in s.area]
    if k == "edge":
        return list(EDGES)
    if k == "caravan":
        return list(USE_KEEP)
    if k == "icons":
        seen = []
        for i in f[1]:
            if i not in seen:
                seen.append(i)
        return [A("do", i) for i in seen]
    if k == "spy":
        return spy_targets(s, p) + [SKIP]
    if k == "storm":
        return [A("storm", c) for c in range(6) if s.camel_cell[c] >= 0] + [SKIP]
    if k == "storm_to":
        return [A("storm_to", c) for c in storm_cells(s, f[1])]
    if k == "theft":
        return [A("steal", c) for c in theft_cells(s, p)] + [SKIP]
    if k == "rally":
        out = []
        for c in range(25):
            if s.small[c]:
                out.append(A("rally", c, "small"))
            if s.guard[c]:
                out.append(A("rally", c, "guarded"))
        return out + [SKIP]
    if k == "attack":
        return attack_actions(s, p) + [SKIP]
    if k == "lock":
        t = f[1]
        if t >= s.n:  # the Guildmaster: one of its cards holding a cube
            return [A("lock", c) for c, st in s.gm_cards if st == CUBE]
        return [A("lock", c) for c in s.left[t] + s.right[t] if s.spaces[t][c] == CUBE]
    if k == "push":
        return [A("push", c) for c in push_cells(s, f[1])]
    raise ValueError(f"unknown pending frame {f!r}")


def auto(s, p: int, f: tuple, ev) -> bool:
    """Resolve a frame that leaves nothing to choose; True if it was resolved."""
    k = f[0]
    if k == "icons":
        icons = f[1]
        if not icons:
            s.pending.pop()
            return True
        if all(i == icons[0] for i in icons):
            s.pending.pop()
            if len(icons) > 1:
                s.pending.append(("icons", icons[1:]))
            start_icon(s, p, icons[0], ev)
            return True
        return False
    if k == "cube" and not cube_actions(s, p):
        s.pending.pop()
        s.supply_art += 1
        ev.append(Event("cube_lost", {"seat": p}, f"{who(s, p)} has no room for the Artifact cube; it"
                        " goes back to the supply."))
        return True
    if k == "card" and not s.area:
        s.pending.pop()
        return True
    if k == "collect" and not has_resources(s, f[1]):
        s.pending.pop()
        return True
    if k == "push" and not push_cells(s, f[1]):
        s.pending.pop()
        return True
    if k in ("spy", "theft", "rally", "attack") and len(frame_actions(s, p, f)) == 1:
        s.pending.pop()  # only "skip" is possible: the ability is lost
        ev.append(Event("fizzle", {"seat": p, "ability": k}, f"{who(s, p)}'s {k} ability has no "
                        "target."))
        return True
    return False


# the icons that begin by asking a question: the pending frame each one pushes
ICON_FRAMES = {"spy": ("spy",), "sandstorm": ("storm",), "theft": ("theft",),
               "rally": ("rally",), "attack": ("attack",), "recruit": ("card",)}


def start_icon(s, p: int, icon: str, ev) -> None:
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


def take_from_tile(s, p: int, cell: int, kind: str, ev, via: str = "collect") -> None:
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


def take_token(s, p: int, tid: int, ev, data: dict) -> None:
    s.known[p] |= 1 << tid
    data = dict(data, token=tid, private_to=p)
    ev.append(Event("collect", data, f"{who(s, p)} takes a {D.caravan(tid).kind} caravan token from "
                    f"{cell_name(data['cell'])}.", reveal=True))
    s.pending.append(("caravan", tid))


def use_token(s, p: int, tid: int, ev) -> None:
    s.used |= 1 << tid
    s.revealed |= 1 << tid
    car = D.caravan(tid)
    ev.append(Event("use_caravan", {"seat": p, "token": tid, "abilities": list(car.abilities),
                                    "influence": car.influence},
                    f"{who(s, p)} reveals caravan token {tid} and uses it.", reveal=True))
    if car.abilities:
        s.pending.append(("icons", tuple(car.abilities)))


def place_cube_on_space(s, p: int, cid: int, ev, origin: str) -> None:
    s.spaces[p][cid] = CUBE
    icons = space_icons(s, p, cid)
    inner, outer = space_halves(s, p, cid)
    ev.append(Event("space", {"seat": p, "space": cid, "from": origin,
                              "abilities": [inner.ability, outer.ability]},
                    f"{who(s, p)} activates an Artifact space of card {cid}."))
    if icons:
        s.pending.append(("icons", icons))


def apply_frame(s, p: int, f: tuple, a, ev) -> None:
    """Answer the top frame ``f`` with the (already validated) action ``a``."""
    k, args = a  # an Action is the pair (kind, args)
    s.pending.pop()
    if k == "take":
        take_from_tile(s, p, f[1], args[0], ev, via="theft" if len(f) > 2 else "collect")
    elif k == "cube":
        if args[0] == "storage":
            s.storage[p] += 1
            ev.append(Event("store", {"seat": p, "storage": s.storage[p]},
                            f"{who(s, p)} puts the Artifact cube in storage."))
        else:
            place_cube_on_space(s, p, args[0], ev, "new")
    elif k == "card":
        s.area.remove(args[0])
        s.pending.append(("edge", args[0]))
        ev.append(Event("recruit", {"seat": p, "card": args[0]},
                        f"{who(s, p)} takes Recruit card {args[0]}."))
    elif k == "edge":
        made = place_card(s, p, f[1], args[0])
        ev.append(Event("place_card", {"seat": p, "card": f[1], "edge": args[0], "space": made},
                        f"{who(s, p)} places card {f[1]} at the {args[0]} edge of the clan"
                        + (", creating an Artifact space." if made else ".")))
    elif k == "use":
        s.held[p].append(f[1])
        use_token(s, p, f[1], ev)
    elif k == "keep":
        s.held[p].append(f[1])
        ev.append(Event("keep_caravan", {"seat": p, "index": len(s.held[p]) - 1},
                        f"{who(s, p)} keeps the caravan token camel side up."))
    elif k == "do":
        icons = list(f[1])
        icons.remove(args[0])
        if icons:
            s.pending.append(("icons", tuple(icons)))
        start_icon(s, p, args[0], ev)
    elif k == "skip":
        ev.append(Event("skip", {"seat": p, "ability": f[0]}, f"{who(s, p)} forgoes the {f[0]} ability."))
    elif k == "spy":
        c, kind = args
        tid = (s.small if kind == "small" else s.guard)[c]
        spy(s, p, tid, ev, {"cell": c, "kind": kind})
    elif k == "spy_clan":
        q, i = args
        spy(s, p, s.held[q][i], ev, {"seat_spied": q, "index": i})
    elif k == "spy_gm":
        spy(s, p, s.gm_tokens[args[0]], ev, {"guildmaster": True, "index": args[0]})
    elif k == "storm":
        s.pending.append(("storm_to", args[0]))
    elif k == "storm_to":
        camel = f[1]
        frm = s.camel_cell[camel]
        s.camel_cell[camel] = args[0]
        ev.append(Event("sandstorm", {"seat": p, "camel": camel, "from": frm, "to": args[0]},
                        f"{who(s, p)}'s Sandstorm moves {camel_name(s, camel)} from "
                        f"{cell_name(frm)} to {cell_name(args[0])}."))
    elif k == "steal":
        s.pending.append(("collect", args[0], "theft"))
    elif k == "rally":
        c, kind = args
        lst = s.small if kind == "small" else s.guard
        tid = lst[c]
        lst[c] = 0
        take_token(s, p, tid, ev, {"seat": p, "cell": c, "kind": kind, "via": "rally"})
    elif k == "attack":
        attack_camel(s, p, args[0], ev)
    elif k == "attack_caravan":
        c, kind = args
        lst = s.small if kind == "small" else s.guard
        tid = lst[c]
        lst[c] = 0
        s.removed.append(tid)
        ev.append(Event("attack_caravan", {"seat": p, "cell": c, "kind": kind},
                        f"{who(s, p)} attacks the {kind} caravan on {cell_name(c)}; it is removed "
                        "face down."))
    elif k == "lock":
        t = f[1]
        if t >= s.n:
            for entry in s.gm_cards:
                if entry[0] == args[0]:
                    entry[1] = LOCKED
        else:
            s.spaces[t][args[0]] = LOCKED
        s.supply_strat -= 1
        where = put_cube_on_guild(s)
        whose = "the Guildmaster's card" if t >= s.n else f"{who(s, t)}'s Artifact space of card"
        ev.append(Event("lock", {"seat": p, "target": t, "space": args[0], "cube_to": where},
                        f"{who(s, p)} locks {whose} {args[0]} with a Strategy token."))
    elif k == "push":
        camel = f[1]
        frm = s.camel_cell[camel]
        s.camel_cell[camel] = args[0]
        ev.append(Event("push", {"seat": p, "camel": camel, "from": frm, "to": args[0]},
                        f"{camel_name(s, camel)} is pushed from {cell_name(frm)} to "
                        f"{cell_name(args[0])}."))
    else:
        raise IllegalAction(f"'{a}' does not answer the pending choice.", "Activate Abilities")


def spy(s, p: int, tid: int, ev, where: dict) -> None:
    s.known[p] |= 1 << tid
    ev.append(Event("spy", dict(where, seat=p, token=tid, private_to=p),
                    f"{who(s, p)} peeks at a caravan token.", reveal=True))
