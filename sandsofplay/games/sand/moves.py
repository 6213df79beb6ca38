"""The actions of a turn (Rulebook: Actions of the Game) and the Companions' and Travelers'
abilities: each has a ``legal_*`` generator and an ``apply`` branch. Die boosts with Prayers and
money (Modifying the Value of a Die) are asked as small follow-up questions in ``frames``."""

from __future__ import annotations

from sandsofplay.engine import Event

from .core import (A, D, advance, die_value, doubled, free_spaces, has_comp, loc_name, pay,
                   source_colour, sources, spend_source, trav, who)
from .data import DICE, PLANTS
from .goods import buyer, load_box, take_from_cargo
from .state import BUSY, POOL, READY, SPENT, SandState

NEEDS = [{rid: D.route_cost(level, r.kind) for rid, r in D.routes.items()} for level in range(3)]
_SRCS = [c for c in DICE] + ["die:" + c for c in DICE]
TRAVEL = {rid: {x: A("travel", rid, x) for x in _SRCS} for rid in D.routes}
NAVIGATE = {rid: {x: A("navigate", rid, x) for x in _SRCS} for rid in D.routes}
CARE = {"hydration": ("hyd", 0, 6), "food": ("food", 1, 6)}  # track key, die index, Narosh bonus
WALK_HEALTH = 3
_TOKEN_ONLY = [(c,) for c in DICE]  # the sources of a colour with its ready token and no free die


def all_sources(s: SandState, seat):
    return [src for ci in range(4) for src in sources(s, seat, ci)]


def route_need(p, rid):
    r = D.routes[rid]
    die, cost = D.route_cost(p["worm"], r.kind)
    return die, cost


def can_pay_costs(p, cost, extra_health=0):
    return p["hyd"] >= cost[0] and p["food"] >= cost[1] and p["hp"] >= cost[2] + extra_health


def funds(p):
    return p["pray"] + p["coins"]


# --- legal actions ------------------------------------------------------------------------------

def legal_act(s: SandState, seat) -> list:
    p = s.players[seat]
    loc = p["loc"]
    t = s.turn
    out = []
    if p["aband"]:  # a Box abandoned last turn may lend its die
        by_colour = [sources(s, seat, ci) for ci in range(4)]
    else:  # ``sources``: the ready tokens alone
        tok = p["tok"]
        by_colour = [_TOKEN_ONLY[ci] if tok[ci] == READY else () for ci in range(4)]
    flip, dice = t.get("flip", ()), s.dice
    srcs = [(x, 7 - dice[ci] if DICE[ci] in flip else dice[ci])  # ``die_value``
            for ci in range(4) for x in by_colour[ci]]
    money = p["pray"] + p["coins"]
    hyd, food, hp = p["hyd"], p["food"], p["hp"]
    nav = has_comp(p, "navigator") and not t["nav"]
    walk = p["trav"] == "zhaslir" and not t["walk"]
    needs = NEEDS[min(p["worm"], 2)]
    # Travel (and the Navigator's first leg)
    for rid in D.routes_at[loc]:
        need, cost = needs[rid]
        if hyd < cost[0] or food < cost[1] or hp < cost[2]:
            continue
        tr, nv = TRAVEL[rid], NAVIGATE[rid]
        for src, value in srcs:
            if need - value <= money:
                out.append(tr[src])
                if nav:
                    out.append(nv[src])
        if t["nav"] == 1 and need - t["nav_value"] <= money:  # the die raised further if need be
            out.append(A("leg", rid))
        if walk and D.routes[rid].kind == "orange" and hp >= cost[2] + WALK_HEALTH:
            out.append(A("walk", rid))
    srcs = [x for x, _v in srcs]
    kind = D.locations[loc].kind
    if kind == "city":
        # the Young Worm's free load: on arriving in (or passing through) a city, onto the space of
        # an occupied token of that colour, while no space holds two Boxes yet
        yw = has_comp(p, "young_worm") and t.get("arrived") == loc and not doubled(p)
        room = free_spaces(p) > 0
        for slot, c in enumerate(s.cities[loc]):
            if not c:
                continue
            ci = PLANTS.index(c)
            if p["tok"][ci] == READY:
                out.append(A("load", slot))
                if trav(p, "stamash") and has_comp(p, "young_worm"):
                    out.append(A("load", slot, "token"))  # give up the ability for the Young Worm
            if room:  # an abandoned Box's free die: the Box takes a free space, no token
                for x in by_colour[ci]:
                    if x[0] == "d":
                        out.append(A("load", slot, x))
            if yw and any(e[0] == ci for e in p["cargo"]):
                out.append(A("stack", slot))
        if p["songs"] > 0 and s.songs[loc] != seat and song_replaceable(s, seat, loc):
            for src in srcs:
                out.append(A("song", src))
    if not t["delivered"] and any(_buys(s, loc, e[1][-1]) for e in p["cargo"]):
        out.append(A("deliver"))
    # Care for the Worm
    for name, (key, ci, _b) in CARE.items():
        if p[key] < 15:
            for src in by_colour[ci]:
                out.append(A("care", name, src))
    if p["hp"] < 10:
        bs, ws = by_colour[3], by_colour[2]
        for b in bs:
            for w in ws:
                out.append(A("care", "health", b, w))
        if has_comp(p, "custodian"):
            for src in bs + ws:
                out.append(A("tend", src))
    if p["pray"] < 10:
        for src in by_colour[2]:
            out.append(A("pray", src))
    for src in by_colour[3]:  # Prestige has no top
        out.append(A("prestige", src))
    # Acolytes
    if p["shelter"] and len(p["store"]) < 4:
        shaman, zor = has_comp(p, "shaman"), trav(p, "zorthack")
        if shaman or zor:
            for city in D.cities:
                for col in D.locations[city].acolytes:
                    ci = PLANTS.index(col)
                    ss = by_colour[ci]
                    if not ss:
                        continue
                    for slot, c in enumerate(s.cities[city]):
                        if c and acolyte_cost(p, col, c) <= p["coins"]:
                            for src in ss:
                                out.append(A("acolyte", city, slot, src))
    # Shelter, Shaman, Sonett
    if p["shelter"] and p["shelter"] == loc:
        if t["shelter"] != "out" and len(p["store"]) < 4:
            for i, e in enumerate(p["cargo"]):
                out.append(A("store", i))
        if t["shelter"] != "in":
            for j, c in enumerate(p["store"]):
                if can_retrieve(p, c):
                    out.append(A("retrieve", j))
    if has_comp(p, "shaman") and p["shelter"] and not t["shaman"] and s.reserve["gray"] > 0:
        for j, c in enumerate(p["store"]):
            if D.goods[c] == "relic":
                out.append(A("shaman", j))
    if trav(p, "sonett") and not t["sonett"]:
        for j, c in enumerate(p["store"]):
            typ = D.goods[c]
            for c2 in D.of_type[typ]:
                if c2 != c and (s.bag[c2] if typ == "plant" else s.reserve[c2]) > 0:
                    out.append(A("sonett", j, c2))
    if trav(p, "surmesh") and not t["flip"]:
        for i in range(4):
            for k in range(i + 1, 4):
                out.append(A("surmesh", DICE[i], DICE[k]))
    for i, e in enumerate(p["cargo"]):
        if e[0] >= 0:
            out.append(A("abandon", i))
    out.append(A("end"))
    return out


def _buys(s: SandState, loc, colour):
    return bool(buyer(s, loc, colour))


def song_replaceable(s: SandState, seat, city) -> bool:
    owner = s.songs[city]
    if owner < 0:
        return True
    if owner >= s.n:  # Alhazred's Song
        return s.alh["loc"] != city
    q = s.players[owner]
    return q["loc"] != city and q["trav"] != "zhema"


def acolyte_cost(p, acolyte_colour, box_colour) -> int:
    if box_colour == acolyte_colour and has_comp(p, "shaman"):
        return 1
    if trav(p, "zorthack"):
        return 2
    return 999


def can_retrieve(p, c) -> bool:
    yw = has_comp(p, "young_worm") and not doubled(p)
    if D.goods[c] == "plant" and not trav(p, "stamash"):
        ci = PLANTS.index(c)
        st = p["tok"][ci]
        if st == READY:
            return True
        if st == BUSY:
            return yw and any(e[0] == ci and len(e[1]) < 2 for e in p["cargo"])
        return free_spaces(p) > 0
    if yw and any(e[0] < 0 and e[1][0] == c and len(e[1]) < 2 for e in p["cargo"]):
        return True
    return free_spaces(p) > 0


# --- applying -----------------------------------------------------------------------------------

def do_travel(s: SandState, seat, rid, src, prayers, coins, ev, nav=False):
    p = s.players[seat]
    need, cost = route_need(p, rid)
    if src:
        value = die_value(s, source_colour(src)) + prayers + coins
        spend_source(s, seat, src, ev)
    else:
        value = need
    p["pray"] -= prayers
    pay(s, p, coins)
    close_navigator(s)
    _move(s, seat, rid, cost, 0, ev, f"(die {value})")
    if nav:
        s.turn["nav"] = 1
        s.turn["nav_value"] = value


def close_navigator(s: SandState) -> None:
    """The Navigator's second leg follows her first: another Travel closes it (The Navigator: two
    segments of the route)."""
    if s.turn["nav"] == 1:
        s.turn["nav"] = 2


def do_leg(s: SandState, seat, rid, prayers, coins, ev):
    """The Navigator's second leg: the same die, raised further with Prayers and money when this
    leg needs more than the first (the raise lasts the turn, so only the difference is paid)."""
    p = s.players[seat]
    _need, cost = route_need(p, rid)
    p["pray"] -= prayers
    pay(s, p, coins)
    s.turn["nav_value"] += prayers + coins
    s.turn["nav"] = 2
    raised = f", die raised to {s.turn['nav_value']}" if prayers + coins else ""
    _move(s, seat, rid, cost, 0, ev, f"(the Navigator's second leg{raised})")


def do_walk(s: SandState, seat, rid, ev):
    p = s.players[seat]
    _need, cost = route_need(p, rid)
    s.turn["walk"] = 1
    close_navigator(s)
    _move(s, seat, rid, cost, WALK_HEALTH, ev, "(Zhaslir's free shortcut)")


def _move(s: SandState, seat, rid, cost, extra_health, ev, note):
    p = s.players[seat]
    r = D.routes[rid]
    frm = p["loc"]
    p["hyd"] -= cost[0]
    p["food"] -= cost[1]
    p["hp"] -= cost[2] + extra_health
    p["loc"] = r.other(frm)
    s.turn["delivered"] = 0
    s.turn["arrived"] = p["loc"]
    ev.append(Event("travel", {"seat": seat, "from": frm, "to": p["loc"], "route": rid,
                               "kind": r.kind},
                    f"{who(s, seat)} travels from {loc_name(frm)} to {loc_name(p['loc'])} by the "
                    f"{r.kind} route {note}."))


def do_care(s: SandState, seat, track, srcs, prayers, coins, ev):
    """Hydration/Food (one token), Health (black and white, the higher die; or one with the
    Custodian); the die plus Prayers and money, capped at the track's top."""
    p = s.players[seat]
    base = care_base(s, seat, track, srcs)
    for src in srcs:
        spend_source(s, seat, src, ev)
    p["pray"] -= prayers
    pay(s, p, coins)
    key = "hp" if track == "health" else CARE[track][0]
    got = advance(p, key, base + prayers + coins)
    ev.append(Event("care", {"seat": seat, "track": track, "gain": got},
                    f"{who(s, seat)} cares for the Worm: {track} +{got}."))


def care_base(s: SandState, seat, track, srcs) -> int:
    p = s.players[seat]
    v = max(die_value(s, source_colour(x)) for x in srcs)
    if trav(p, "narosh"):
        v += 4 if track == "health" else 6
    return v


def care_room(s: SandState, seat, track, srcs) -> int:
    """How many extra points Prayers and money can still usefully add."""
    p = s.players[seat]
    key, top = ("hp", 10) if track == "health" else (CARE[track][0], 15)
    return max(0, min(top - p[key] - care_base(s, seat, track, srcs), funds(p)))


def do_simple(s: SandState, seat, kind, src, ev):
    p = s.players[seat]
    v = die_value(s, source_colour(src))
    spend_source(s, seat, src, ev)
    if kind == "pray":
        got = advance(p, "pray", v)
        ev.append(Event("pray", {"seat": seat, "gain": got}, f"{who(s, seat)} prays: +{got}."))
    else:
        got = advance(p, "prest", v)
        ev.append(Event("prestige", {"seat": seat, "gain": got},
                        f"{who(s, seat)} earns {got} Prestige."))


def do_song(s: SandState, seat, src, ev):
    p = s.players[seat]
    city = p["loc"]
    spend_source(s, seat, src, ev)
    old = s.songs[city]
    if old >= 0:
        if old >= s.n:
            s.alh["songs"] += 1
        else:
            s.players[old]["songs"] += 1
    s.songs[city] = seat
    p["songs"] -= 1
    ev.append(Event("song", {"seat": seat, "city": city, "replaced": old},
                    f"{who(s, seat)} has a Song composed in {loc_name(city)}"
                    + (f", replacing {who(s, old)}'s." if old >= 0 else ".")))


def do_load(s: SandState, seat, slot, ev, how=""):
    """Load Plants with the ready token of the Box's colour (occupied by the Box; ``how`` =
    "token": Stamash occupies it to use the Young Worm), or with the free die of an abandoned Box
    (``how`` = "die:COLOUR": the Box takes a free space without a token)."""
    p = s.players[seat]
    city = p["loc"]
    c = s.cities[city][slot]
    ci = PLANTS.index(c)
    s.cities[city][slot] = ""
    if how.startswith("die:"):
        spend_source(s, seat, how, ev)
        p["cargo"].append([-1, [c]])
    elif trav(p, "stamash") and how != "token":
        spend_source(s, seat, c, ev)
        p["cargo"].append([-1, [c]])
    else:
        if c not in s.turn["used"]:
            s.turn["used"].append(c)
        p["tok"][ci] = BUSY
        p["cargo"].append([ci, [c]])
    ev.append(Event("load", {"seat": seat, "city": city, "colour": c},
                    f"{who(s, seat)} loads a {c} Box at {loc_name(city)}."))


def do_stack(s: SandState, seat, slot, ev):
    p = s.players[seat]
    city = p["loc"]
    c = s.cities[city][slot]
    ci = PLANTS.index(c)
    for e in p["cargo"]:
        if e[0] == ci and len(e[1]) < 2:
            e[1].append(c)
            break
    s.cities[city][slot] = ""
    ev.append(Event("load", {"seat": seat, "city": city, "colour": c, "young_worm": True},
                    f"{who(s, seat)}'s Young Worm takes a second {c} Box at {loc_name(city)}."))


def do_acolyte(s: SandState, seat, city, slot, src, ev):
    p = s.players[seat]
    c = s.cities[city][slot]
    col = DICE[source_colour(src)]
    cost = acolyte_cost(p, col, c)
    spend_source(s, seat, src, ev)
    pay(s, p, cost)
    s.cities[city][slot] = ""
    p["store"].append(c)
    ev.append(Event("acolyte", {"seat": seat, "city": city, "colour": c, "cost": cost},
                    f"A {col} acolyte carries the {c} Box of {loc_name(city)} to {who(s, seat)}'s "
                    f"Shelter for {cost} coin(s)."))


def do_store(s: SandState, seat, i, ev):
    p = s.players[seat]
    c = take_from_cargo(s, p, i)
    p["store"].append(c)
    s.turn["shelter"] = "in"
    ev.append(Event("store", {"seat": seat, "colour": c},
                    f"{who(s, seat)} puts a {c} Box in the Shelter."))


def do_retrieve(s: SandState, seat, j, ev):
    p = s.players[seat]
    c = p["store"].pop(j)
    s.turn["shelter"] = "out"
    yw = has_comp(p, "young_worm")
    if D.goods[c] == "plant" and not trav(p, "stamash"):
        ci = PLANTS.index(c)
        st = p["tok"][ci]
        if st == BUSY:
            for e in p["cargo"]:
                if e[0] == ci and len(e[1]) < 2:
                    e[1].append(c)
                    break
        else:
            p["tok"][ci] = BUSY
            p["cargo"].append([ci, [c]])
    else:
        load_box(p, c, -1, yw)
    ev.append(Event("retrieve", {"seat": seat, "colour": c},
                    f"{who(s, seat)} takes a {c} Box from the Shelter."))


def do_shaman(s: SandState, seat, j, ev):
    p = s.players[seat]
    old = p["store"][j]
    s.reserve[old] += 1
    s.reserve["gray"] -= 1
    p["store"][j] = "gray"
    s.turn["shaman"] = 1
    ev.append(Event("shaman", {"seat": seat, "from": old},
                    f"{who(s, seat)}'s Shaman turns a {old} relic into an Iwakura rock."))


def do_sonett(s: SandState, seat, j, c2, ev):
    p = s.players[seat]
    old = p["store"][j]
    pool = s.bag if D.goods[old] == "plant" else s.reserve
    pool[old] += 1
    pool[c2] -= 1
    p["store"][j] = c2
    s.turn["sonett"] = 1
    ev.append(Event("sonett", {"seat": seat, "from": old, "to": c2},
                    f"{who(s, seat)} swaps a {old} Box in the Shelter for a {c2} one."))


def do_abandon(s: SandState, seat, i, ev, placing):
    p = s.players[seat]
    e = p["cargo"].pop(i)
    for c in e[1]:
        p["aband"].append([c, p["turns"]])
    ci = e[0]
    if placing:
        p["tok"][ci] = POOL
    else:  # flipped where it lies: usable at once unless already used this turn
        p["tok"][ci] = SPENT if DICE[ci] in s.turn["used"] else READY
    ev.append(Event("abandon", {"seat": seat, "boxes": list(e[1])},
                    f"{who(s, seat)} abandons {', '.join(e[1])} to free the {DICE[ci]} token."))
