"""Component data for Sand, loaded from ``resources/data/sand/*.toml``.

The rulebook gives counts (115 Boxes, 40 Missions in five workdays, 8 Codex cards, 6 camps, 12 Minor
Tribe tokens, 8 Travelers) and a handful of values its examples pin; the rest is designed (each
entry carries ``source``; see docs/rulings/sand.md). A malformed file raises ``DataError`` naming
the file, the entry and the problem.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from sandsofplay.engine import DataError
from sandsofplay.engine.resources import load_toml, resources_root

RESOURCES = resources_root()
DATA_DIR = RESOURCES / "data" / "sand"

PLANTS = ("blue", "red", "white", "black")  # also the dice and Action token colours, in order
DICE = PLANTS
TYPES = ("plant", "craft", "relic", "iwakura")
ROUTE_KINDS = ("green", "gray", "orange")
TRACKS = ("hydration", "food", "health", "prayer", "prestige")
LOC_KINDS = ("port", "city", "oasis", "camp")
COMPANIONS = ("custodian", "navigator", "young_worm", "shaman")
MISSION_KINDS = ("sets", "most", "none", "pairs", "atleast", "last")
IMMEDIATE = ("coins", "hydration", "food", "health", "prayer", "prestige")
REWARD_WORDS = ("coins", "shelter", "worm", "companion", "prayer", "combined")
TOTAL_BOXES = 115


@dataclass(frozen=True, slots=True)
class Location:
    id: str
    kind: str
    name: str
    order: int  # cities: replenish order 1..10; else 0
    sea: bool
    acolytes: tuple
    side: str  # camps: "sea" / "mountain"
    compass: tuple  # shortcut route ids clockwise from the compass


@dataclass(frozen=True, slots=True)
class Route:
    id: str
    a: str
    b: str
    kind: str

    def other(self, loc: str) -> str:
        return self.b if loc == self.a else self.a


@dataclass(frozen=True, slots=True)
class Camp:
    id: str
    back: str
    main: tuple
    gives: str
    minor: tuple


@dataclass(frozen=True, slots=True)
class Mission:
    number: int
    day: int
    kind: str
    reward: int
    immediate: tuple  # (track or "coins", amount)
    colour: str = ""
    colours: tuple = ()
    type: str = ""
    size: int = 0
    count: int = 0


@dataclass(frozen=True, slots=True)
class WormLevel:
    level: int
    die: dict  # route kind -> die wanted
    cost: dict  # route kind -> (hydration, food, health)
    boon: tuple  # ((track, amount), ...)


class SandData:
    def __init__(self, folder: Path = DATA_DIR):
        self.folder = Path(folder)
        comp = self._load("components.toml")
        self.goods: dict[str, str] = {}  # colour -> type
        self.counts: dict[str, int] = {}
        self.good_names: dict[str, str] = {}
        for i, g in enumerate(self._list(comp, "goods", "components.toml")):
            where = f"components.toml goods #{i + 1}"
            col = self._str(g, "colour", where)
            typ = self._str(g, "type", where, TYPES)
            self.goods[col] = typ
            self.counts[col] = self._int(g, "count", where, 1, 40)
            self.good_names[col] = self._str(g, "name", where)
        for p in PLANTS:
            if self.goods.get(p) != "plant":
                raise DataError(f"components.toml: goods: the plant {p!r} is missing")
        if sum(self.counts.values()) != TOTAL_BOXES:
            raise DataError(f"components.toml: goods: {sum(self.counts.values())} Boxes, the "
                            f"rulebook has {TOTAL_BOXES}")
        self.of_type = {t: tuple(c for c, ty in self.goods.items() if ty == t) for t in TYPES}
        tr = self._table(comp, "tracks", "components.toml")
        self.track_start, self.track_max = {}, {}
        for t in TRACKS:
            e = self._table(tr, t, "components.toml tracks")
            self.track_start[t] = self._int(e, "start", f"components.toml tracks.{t}", 0, 99)
            if t == "prestige":  # the rulebook gives Prestige no top (ruling: Prestige)
                if "max" in e:
                    raise DataError("components.toml tracks.prestige: Prestige has no top in "
                                    "the rulebook; remove its max")
                continue
            self.track_max[t] = self._int(e, "max", f"components.toml tracks.{t}", 1, 99)
        st = self._table(comp, "start", "components.toml")
        self.start_coins = self._int(st, "coins", "components.toml start", 0, 99)
        self.start_slots = self._int(st, "slots", "components.toml start", 1, 4)
        self.songs = self._int(st, "songs", "components.toml start", 0, 20)
        rates = self._table(comp, "rates", "components.toml")
        self.rates: dict[str, dict[str, int]] = {}
        for t in TYPES:
            e = self._table(rates, t, "components.toml rates")
            self.rates[t] = {k: self._int(e, k, f"components.toml rates.{t}", 0, 99) for k in e}
        self.worm: list[WormLevel] = []
        for i, w in enumerate(self._list(comp, "worm", "components.toml")):
            where = f"components.toml worm #{i + 1}"
            die, cost = {}, {}
            for k in ROUTE_KINDS:
                e = self._table(w, k, where)
                die[k] = self._int(e, "die", f"{where} {k}", 1, 12)
                c = e.get("cost")
                if not (isinstance(c, list) and len(c) == 3 and all(isinstance(x, int) and x >= 0
                                                                    for x in c)):
                    raise DataError(f"{where} {k}: cost must be three whole numbers >= 0")
                cost[k] = tuple(c)
            boon = tuple(self._track_amount(b, where, TRACKS) for b in w.get("boon", []))
            self.worm.append(WormLevel(self._int(w, "level", where, 0, 2), die, cost, boon))
        if [w.level for w in self.worm] != [0, 1, 2]:
            raise DataError("components.toml worm: levels 0, 1 and 2 are needed, in order")
        rec = self._table(comp, "records", "components.toml")
        self.records: dict[str, tuple] = {}
        for t in TYPES:
            spaces = rec.get(t)
            if not isinstance(spaces, list) or not spaces:
                raise DataError(f"components.toml records: {t} must be a list of rewards")
            out = []
            for j, sp in enumerate(spaces):
                opts = tuple(self._reward(o, f"components.toml records.{t} space {j + 1}")
                             for o in str(sp).split("/"))
                out.append(opts)
            self.records[t] = tuple(out)
        self.chest = self._int(rec, "chest", "components.toml records", 0, 99)
        self.turn_prestige = tuple(self._table(comp, "turn_order", "components.toml")["prestige"])
        # board
        board = self._load("board.toml")
        self.locations: dict[str, Location] = {}
        for i, e in enumerate(self._list(board, "location", "board.toml")):
            where = f"board.toml location #{i + 1}"
            lid = self._str(e, "id", where)
            where = f"board.toml location {lid!r}"
            kind = self._str(e, "kind", where, LOC_KINDS)
            acol = tuple(e.get("acolytes", ()))
            for a in acol:
                if a not in PLANTS:
                    raise DataError(f"{where}: acolyte colour {a!r} is not a plant colour")
            self.locations[lid] = Location(lid, kind, self._str(e, "name", where),
                                           self._opt_int(e, "order", where, 0, 99),
                                           bool(e.get("sea", False)), acol,
                                           str(e.get("side", "")), tuple(e.get("compass", ())))
        self.routes: dict[str, Route] = {}
        for i, e in enumerate(self._list(board, "route", "board.toml")):
            where = f"board.toml route #{i + 1}"
            rid = self._str(e, "id", where)
            a, b = self._str(e, "a", where), self._str(e, "b", where)
            for x in (a, b):
                if x not in self.locations:
                    raise DataError(f"board.toml route {rid!r}: unknown location {x!r}")
            self.routes[rid] = Route(rid, a, b, self._str(e, "kind", where, ROUTE_KINDS))
        for loc in self.locations.values():
            for rid in loc.compass:
                r = self.routes.get(rid)
                if r is None or r.kind != "orange" or loc.id not in (r.a, r.b):
                    raise DataError(f"board.toml location {loc.id!r}: compass names {rid!r}, "
                                    "which is not one of its shortcuts")
        self.cities = tuple(sorted((l.id for l in self.locations.values() if l.kind == "city"),
                                   key=lambda c: self.locations[c].order))
        if len(self.cities) != 10 or [self.locations[c].order for c in self.cities] != \
                list(range(1, 11)):
            raise DataError("board.toml: ten cities numbered 1 to 10 are needed")
        self.sea_cities = tuple(c for c in self.cities if self.locations[c].sea)
        if len(self.sea_cities) != 4:
            raise DataError("board.toml: four cities by the sea are needed")
        self.camp_spaces = {side: tuple(l.id for l in self.locations.values()
                                        if l.kind == "camp" and l.side == side)
                            for side in ("sea", "mountain")}
        if any(len(v) != 3 for v in self.camp_spaces.values()):
            raise DataError("board.toml: three sea camps and three mountain camps are needed")
        ports = [l.id for l in self.locations.values() if l.kind == "port"]
        if len(ports) != 1:
            raise DataError("board.toml: exactly one port is needed")
        self.port = ports[0]
        self.loc_ids = tuple(self.locations)
        self.routes_at: dict[str, tuple] = {l: tuple(r.id for r in self.routes.values()
                                                     if l in (r.a, r.b)) for l in self.loc_ids}
        # camps
        camps = self._load("camps.toml")
        self.camps: dict[str, Camp] = {}
        for i, e in enumerate(self._list(camps, "camp", "camps.toml")):
            where = f"camps.toml camp #{i + 1}"
            cid = self._str(e, "id", where)
            main, minor = tuple(e.get("main", ())), tuple(e.get("minor", ()))
            if len(main) != 2 or len(minor) != 2 or sorted(main + minor) != sorted(PLANTS):
                raise DataError(f"camps.toml camp {cid!r}: main and minor must split the four "
                                "plant colours into two pairs")
            back = self._str(e, "back", where, ("sea", "mountain"))
            gives = self._str(e, "gives", where)
            want = "craft" if back == "sea" else "relic"
            if self.goods.get(gives) != want:
                raise DataError(f"camps.toml camp {cid!r}: gives {gives!r}, which is not a {want}")
            self.camps[cid] = Camp(cid, back, main, gives, minor)
        for side in ("sea", "mountain"):
            if sum(1 for c in self.camps.values() if c.back == side) != 3:
                raise DataError(f"camps.toml: three {side} camps are needed")
        # missions
        ms = self._load("missions.toml")
        self.missions: dict[int, Mission] = {}
        for i, e in enumerate(self._list(ms, "mission", "missions.toml")):
            where = f"missions.toml mission #{i + 1}"
            num = self._int(e, "number", where, 1, 99)
            where = f"missions.toml mission {num}"
            kind = self._str(e, "kind", where, MISSION_KINDS)
            imm = self._track_amount(self._str(e, "immediate", where), where, IMMEDIATE)
            m = Mission(num, self._int(e, "day", where, 1, 5), kind,
                        self._int(e, "reward", where, 0, 99), imm, str(e.get("colour", "")),
                        tuple(e.get("colours", ())), str(e.get("type", "")),
                        self._opt_int(e, "size", where, 0, 99), self._opt_int(e, "count", where, 0, 99))
            if kind in ("sets", "last") and m.colour not in self.goods:
                raise DataError(f"{where}: unknown colour {m.colour!r}")
            if kind in ("most", "none", "atleast", "last") and m.type not in TYPES:
                raise DataError(f"{where}: unknown goods type {m.type!r}")
            if kind == "pairs" and (len(m.colours) < 2 or any(c not in self.goods
                                                              for c in m.colours)):
                raise DataError(f"{where}: pairs needs two or more known colours")
            if kind == "sets" and m.size < 1:
                raise DataError(f"{where}: sets needs a size of 1 or more")
            if num in self.missions:
                raise DataError(f"{where}: the number is used twice")
            self.missions[num] = m
        for d in range(1, 6):
            if sum(1 for m in self.missions.values() if m.day == d) != 8:
                raise DataError(f"missions.toml: workday {d} needs eight cards")
        cx = self._load("codex.toml")
        self.codex: dict[int, tuple] = {}
        for i, e in enumerate(self._list(cx, "codex", "codex.toml")):
            where = f"codex.toml codex #{i + 1}"
            self.codex[self._int(e, "id", where, 1, 99)] = (
                self._str(e, "dir", where, ("cw", "ccw")), self._int(e, "count", where, 1, 9))
        if len(self.codex) != 8:
            raise DataError("codex.toml: eight Codex cards are needed")
        tv = self._load("travelers.toml")
        self.travelers: dict[str, str] = {}
        self.traveler_text: dict[str, str] = {}
        for i, e in enumerate(self._list(tv, "traveler", "travelers.toml")):
            where = f"travelers.toml traveler #{i + 1}"
            tid = self._str(e, "id", where)
            self.travelers[tid] = self._str(e, "name", where)
            self.traveler_text[tid] = self._str(e, "ability", where)
        if len(self.travelers) != 8:
            raise DataError("travelers.toml: eight Desert Travelers are needed")

    # --- helpers ------------------------------------------------------------------------------
    def _load(self, name):
        """The file read bounded, as TOML, its numbers in range (engine.resources)."""
        return load_toml(self.folder / name)

    @staticmethod
    def _list(d, key, where):
        v = d.get(key)
        if not isinstance(v, list) or not v or not all(isinstance(x, dict) for x in v):
            raise DataError(f"{where}: [[{key}]] entries are missing")
        return v

    @staticmethod
    def _table(d, key, where):
        v = d.get(key)
        if not isinstance(v, dict):
            raise DataError(f"{where}: the table {key!r} is missing")
        return v

    @staticmethod
    def _str(d, key, where, choices=None):
        v = d.get(key)
        if not isinstance(v, str) or not v:
            raise DataError(f"{where}: {key!r} must be a non-empty string")
        if choices is not None and v not in choices:
            raise DataError(f"{where}: {key} {v!r} is not one of {', '.join(choices)}")
        return v

    @staticmethod
    def _int(d, key, where, lo, hi):
        v = d.get(key)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise DataError(f"{where}: {key!r} must be a whole number from {lo} to {hi}, "
                            f"not {v!r}")
        return v

    @classmethod
    def _opt_int(cls, d, key, where, lo, hi, default=0):
        return cls._int(d, key, where, lo, hi) if key in d else default

    @staticmethod
    def _track_amount(text, where, words):
        word, _, num = str(text).partition(":")
        if word not in words or not num.isdigit() or len(num) > 3:
            raise DataError(f"{where}: {text!r} is not WORD:N with WORD one of {', '.join(words)}")
        return (word, int(num))

    @staticmethod
    def _reward(text, where):
        word, _, num = text.partition(":")
        if word not in REWARD_WORDS:
            raise DataError(f"{where}: unknown reward {text!r}")
        if word in ("coins", "prayer", "combined"):
            if not num.isdigit() or len(num) > 3:
                raise DataError(f"{where}: {word} needs an amount (up to 999), as {word}:3")
            return (word, int(num))
        return (word, 0)

    # --- queries ------------------------------------------------------------------------------
    def route_cost(self, level: int, kind: str):
        w = self.worm[min(level, 2)]
        return w.die[kind], w.cost[kind]


@functools.cache
def get() -> SandData:
    return SandData()
