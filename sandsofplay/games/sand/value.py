"""The value of a state for a seat, as the bots see it: money now plus an estimate of what the
goods, tracks and board position will be worth (``worth``), and that against the best rival
(``heuristic``). ``strategy`` names the levels that use it; ``planner`` searches with it."""

from __future__ import annotations

from collections import deque

from .core import D
from .goods import rate
from .scoring import breakdown, mission_met
from .state import SandState

LEG = 1.1  # coins a leg of travel is worth
PRESTIGE = (8, 0.9, 0.3)  # Prestige: its first points are coins at the next delivery, more idle
# a Companion's worth: the Navigator's two legs for one token and the Young Worm's doubled space
# move the caravan; the Custodian saves a token on Health; the Shaman needs a Shelter and relics
COMPANION = {"custodian": 3.0, "navigator": 6.0, "young_worm": 5.0, "shaman": 2.0}
# the Travelers whose abilities the planner makes little of (measured: solo games against the
# Expert Alhazred ended 40-50 coins worse with them than with the others)
TRAVELER = {"zhaslir": -10.0, "zorthack": -8.0}
_DIST: dict = {}
_VALUE: dict = {}


def _distances():
    if not _DIST:
        adj = {l: [] for l in D.loc_ids}
        for r in D.routes.values():
            adj[r.a].append(r.b)
            adj[r.b].append(r.a)
        for src in D.loc_ids:
            dist = {src: 0}
            q = deque([src])
            while q:
                x = q.popleft()
                for y in adj[x]:
                    if y not in dist:
                        dist[y] = dist[x] + 1
                        q.append(y)
            _DIST[src] = dist
    return _DIST


def _values(s: SandState):
    """value[colour][location]: the best fare minus the travel to earn it."""
    key = tuple(sorted(s.camps.items()))
    v = _VALUE.get(key)
    if v is not None:
        return v
    dist = _distances()
    v = {}
    for c in D.goods:
        buyers = [(b, rate(s, b, c)) for b in D.loc_ids if rate(s, b, c) > 0]
        v[c] = {l: max(r - LEG * dist[l][b] for b, r in buyers) for l in D.loc_ids}
    _VALUE[key] = v
    return v


def worth(s: SandState, seat: int) -> float:
    p = s.players[seat]
    turns_left = max(0, (s.rounds - s.round) * 3 + (2 - s.phase))
    if turns_left == 0:
        # the last turn of the game: only what the end counts (End of the Game), and the
        # coins of a delivery begun
        w = float(breakdown(s, seat)["total"])
        for f in s.pending:
            if f[0] == "deliver" and f[1] == seat:
                w += sum(rate(s, p["loc"], c) for c in f[2]) + 0.5
        return w
    vals = _values(s)
    loc = p["loc"]
    late = min(1.0, turns_left / 3.0)
    w = float(p["coins"])
    top, dear, cheap = PRESTIGE
    w += dear * min(p["prest"], top) + cheap * max(0, p["prest"] - top)
    w += TRAVELER.get(p["trav"], 0.0)
    w += sum(1 for v in s.songs.values() if v == seat) * (3.0 + 0.6 * turns_left)
    held = [sum(late * (0.6 + max(0.0, vals[c][loc])) for c in e[1]) for e in p["cargo"]]
    w += sum(held)
    if held and len(held) >= p["slots"] and p["shelter"] != loc:
        # Boxes on every space of the Actions Used section: no Action token can be placed, so
        # nothing can be done until a Box on a token is abandoned (Abandoned Goods) - worth what
        # is left then; with none on a token (crafts, relics, Stamash's plants) nothing ever can
        free = [h for h, e in zip(held, p["cargo"]) if e[0] >= 0]
        w -= min(free) + 1.0 if free else sum(held) + 2.0 * turns_left
    for c in p["store"]:
        w += late * 0.5 * max(0.0, vals[c][p["shelter"]])
    for f in s.pending:
        if f[0] == "deliver" and f[1] == seat:
            w += sum(rate(s, loc, c) for c in f[2]) + 0.5
    w += late * (4.0 * p["worm"] + sum(COMPANION[c] for c in p["comp"])
                 + (3.0 if p["shelter"] else 0.0))
    w += late * (_track(p["hyd"], 6, 0.7, 0.3) + _track(p["food"], 4, 0.7, 0.25)
                 + _track(p["hp"], 4, 0.8, 0.3) + 0.4 * p["pray"])
    for c in p["seals"]:
        w += p["rec"]["plant"].count(c) + 0.3 * turns_left
    w += 1.5 * sum(p["minor"])
    if not p["rec"]["iwakura"]:
        for m in p["kept"]:
            w += 0.8 * mission_met(s, seat, m) + 0.3 * late * D.missions[m].reward
    if late and not p["cargo"]:
        # an empty Worm wants to be near plants
        dist = _distances()[loc]
        near = [dist[c] for c in D.cities if any(s.cities[c])]
        if near:
            w -= 0.8 * min(near)
    for c, _t in p["aband"]:
        w += 0.5
    return w


def _track(x: int, low: int, dear: float, cheap: float, top: int = 10) -> float:
    """A Worm track's worth: its first ``low`` points (the next legs of travel) are dear, the
    rest up to ``top`` cheap."""
    return dear * min(x, low) + cheap * max(0, min(x, top) - low)


def heuristic(s: SandState, seat: int) -> float:
    if s.over:
        r = s.result
        mine = r["scores"][seat]
        others = [x for i, x in enumerate(r["scores"]) if i != seat]
        if s.alh is not None:
            others.append(r["alhazred"]["total"])
        return float(mine - max(others, default=0))
    mine = worth(s, seat)
    others = [worth(s, q) for q in range(s.n) if q != seat]
    if s.alh is not None:
        a = s.alh
        others.append(a["coins"] + 2.5 * len(a["cargo"]) + 1.5 * sum(a["minor"]))
    return mine - (max(others) if others else 0.0)
