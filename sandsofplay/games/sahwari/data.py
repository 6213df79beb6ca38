"""Component data for Sahwari, loaded from ``resources/data/sahwari/*.toml``.

The rulebook gives counts (25 tiles, 36 Recruit cards, 8 small and 11 guarded caravans, 30 Artifact
cubes, 12 Recruit pawns, 11 Strategy tokens, six clans, 11 Guildmaster cards) but not the contents;
the contents are designed (each entry carries ``source`` and ``why``) and explained in
docs/rulings/sahwari.md. A malformed file raises ``DataError`` naming the file, the entry and the
problem.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from sandsofplay.engine import DataError
from sandsofplay.engine.resources import load_toml, resources_root

RESOURCES = resources_root()
DATA_DIR = RESOURCES / "data" / "sahwari"

COLOURS = ("green", "blue", "red", "gold")
ACTIONS = ("recruit", "spy", "artifact", "theft", "sandstorm", "refresh", "rally", "attack")
PASSIVE = ("influence", "clan")
CLANS = ("merchant", "diplomat", "thief", "spy", "dealer", "explorer")
CLAN_CARDS = ("merchant", "diplomat", "thief", "spy", "dealer", "raider")
RESOURCE_KINDS = ("artifact", "pawn", "small", "guarded")
CORNERS = ("nw", "ne", "se", "sw")
PATHS = ("rows", "cols", "spiral")
DIRS = ("N", "E", "S", "W")
EXTRAS = ("", "refresh", "sandstorm", "attack")

TOTAL_CUBES = 30
TOTAL_PAWNS = 12
TOTAL_STRATEGY = 11
LOCKS_PER_PLAYER = 2
MAX_VALUE = 999  # any whole number in the data (ids, counts, Influence, storage, track): far above


@dataclass(frozen=True, slots=True)
class Edge:
    colour: str
    ability: str  # an action word, "clan", or "influence"
    value: int = 0  # Influence points for "influence"


@dataclass(frozen=True, slots=True)
class Tile:
    id: int
    artifacts: int
    pawns: int
    small: int
    guarded: int
    back: str  # "desert" or "oasis"
    one: bool


@dataclass(frozen=True, slots=True)
class GuildSide:
    side: str
    players: tuple
    recruit_spaces: int
    artifact_spaces: int


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    left: Edge
    right: Edge
    clan: str = ""

    @property
    def influence(self) -> int:
        return self.left.value + self.right.value

    def has(self, ability: str) -> bool:
        return self.left.ability == ability or self.right.ability == ability


@dataclass(frozen=True, slots=True)
class Caravan:
    id: int
    kind: str  # "small" or "guarded"
    abilities: tuple
    influence: int


@dataclass(frozen=True, slots=True)
class Clan:
    name: str
    left: Edge
    right: Edge
    storage: tuple  # value printed on each square
    storage_end: int  # the circle space, visible when every square is full
    storage_abilities: dict  # slot -> ability
    track: tuple
    track_end: int

    @property
    def capacity(self) -> int:
        return len(self.storage)

    def storage_value(self, cubes: int) -> int:
        return self.storage[cubes] if cubes < len(self.storage) else self.storage_end

    def track_value(self, pawns: int) -> int:
        return self.track[pawns] if pawns < len(self.track) else self.track_end


@dataclass(frozen=True, slots=True)
class GMCard:
    id: int
    start: str
    path: str
    want: str
    block: int
    dirs: tuple
    extra: str


@dataclass(frozen=True, slots=True)
class Data:
    guild: dict  # side -> GuildSide
    tiles: tuple
    cards: tuple
    caravans: tuple
    clans: dict
    gm_storage: tuple
    gm_storage_end: int
    gm_cards: tuple

    def card(self, cid: int) -> Card:
        return self.cards[cid - 1]

    def caravan(self, tid: int) -> Caravan:
        return self.caravans[tid - 1]

    def gm_card(self, cid: int) -> GMCard:
        return self.gm_cards[cid - 1]

    def gm_storage_value(self, cubes: int) -> int:
        return self.gm_storage[cubes] if cubes < len(self.gm_storage) else self.gm_storage_end


# --- parsing helpers ------------------------------------------------------------------------------

class _Ctx:
    def __init__(self, file: Path):
        self.file = file.name

    def fail(self, entry: str, problem: str):
        raise DataError(f"{self.file}: {entry}: {problem}")


def _read(path: Path) -> dict:
    """The file read bounded, as TOML, its numbers in range (engine.resources)."""
    return load_toml(path)


def _entries(ctx, raw, key) -> list:
    """The ``[[key]]`` entries of a file, each a table."""
    v = raw.get(key, [])
    if not isinstance(v, list) or not all(isinstance(e, dict) for e in v):
        ctx.fail(key, f"[[{key}]] must be a list of tables")
    return v


def _get(ctx, entry, d, key, kind):
    if key not in d:
        ctx.fail(entry, f"'{key}' is missing")
    v = d[key]
    if kind is int and (isinstance(v, bool) or not isinstance(v, int)):
        ctx.fail(entry, f"'{key}' must be a whole number, not {v!r}"[:200])
    if kind is int and abs(v) > MAX_VALUE:
        ctx.fail(entry, f"'{key}' must be a whole number from -{MAX_VALUE} to {MAX_VALUE}, "
                        f"not {v}")
    if kind is not int and not isinstance(v, kind):
        ctx.fail(entry, f"'{key}' must be a {kind.__name__}, not {v!r}")
    return v


def _provenance(ctx, entry, d):
    src = d.get("source")
    if src is None:
        ctx.fail(entry, "'source' is missing (\"designed\", \"rulebook\" or a URL)")
    if src == "designed" and not str(d.get("why", "")).strip():
        ctx.fail(entry, "a designed entry needs a short 'why'")


def _each(ctx, raw, key):
    """The ``[[key]]`` entries, each with its name for errors (its provenance checked)."""
    for i, d in enumerate(_entries(ctx, raw, key)):
        entry = f"{key} #{i + 1}"
        _provenance(ctx, entry, d)
        yield entry, d


def _numbered(ctx, raw, key):
    """``_each`` entry with its id, which must run 1, 2, 3... in file order."""
    for i, (entry, d) in enumerate(_each(ctx, raw, key)):
        did = _get(ctx, entry, d, "id", int)
        if did != i + 1:
            ctx.fail(entry, f"ids must run 1, 2, 3...; found {did}")
        yield entry, d, did


def _edge(ctx, entry, text) -> Edge:
    parts = str(text).split()
    if len(parts) != 2:
        ctx.fail(entry, f"an edge is 'colour ability', not {text!r}")
    colour, ab = parts
    if colour not in COLOURS:
        ctx.fail(entry, f"unknown colour {colour!r} (colours: {', '.join(COLOURS)})")
    return Edge(colour, *_ability(ctx, entry, ab))


def _ability(ctx, entry, ab):
    if ab.startswith("influence:"):
        try:
            v = int(ab.split(":", 1)[1][:8])
        except ValueError:
            ctx.fail(entry, f"bad Influence value in {ab[:40]!r}")
        if abs(v) > MAX_VALUE:
            ctx.fail(entry, f"the Influence value in {ab[:40]!r} is out of range")
        return "influence", v
    if ab not in ACTIONS and ab != "clan":
        ctx.fail(entry, f"unknown ability {ab!r} (abilities: influence:N, {', '.join(ACTIONS)}, clan)")
    return ab, 0


# --- the loader -----------------------------------------------------------------------------------

def load(folder: Path = DATA_DIR) -> Data:
    folder = Path(folder)
    # tiles and Guild sides
    path = folder / "tiles.toml"
    ctx, raw = _Ctx(path), _read(path)
    guild = {}
    for entry, g in _each(ctx, raw, "guild"):
        side = _get(ctx, entry, g, "side", str)
        players = tuple(_get(ctx, entry, g, "players", list))
        rs = _get(ctx, entry, g, "recruit_spaces", int)
        asp = _get(ctx, entry, g, "artifact_spaces", int)
        if rs < 0 or asp < 0:
            ctx.fail(entry, "space counts cannot be negative")
        guild[side] = GuildSide(side, players, rs, asp)
    if set(guild) != {"12", "34"}:
        ctx.fail("guild", "the Guild tile needs exactly the sides '12' and '34'")
    tiles = []
    for entry, t, tid in _numbered(ctx, raw, "tile"):
        vals = [_get(ctx, entry, t, k, int) for k in ("artifacts", "pawns", "small", "guarded")]
        if any(v < 0 for v in vals):
            ctx.fail(entry, "resource counts cannot be negative")
        if vals[2] > 1 or vals[3] > 1:
            ctx.fail(entry, "a tile has at most one small and one guarded caravan shape")
        if sum(vals) == 0:
            ctx.fail(entry, "a tile needs at least one resource shape")
        back = _get(ctx, entry, t, "back", str)
        if back not in ("desert", "oasis"):
            ctx.fail(entry, f"'back' must be desert or oasis, not {back!r}")
        one = t.get("one", False)
        if not isinstance(one, bool):
            ctx.fail(entry, "'one' must be true or false")
        tiles.append(Tile(tid, *vals, back, one))
    if len(tiles) != 24:
        ctx.fail("tile", f"there must be 24 tiles around the Guild tile, found {len(tiles)}")
    if sum(t.one for t in tiles) != 4:
        ctx.fail("tile", "exactly four tiles carry the '1' (the solo Guild camels start there)")
    if sum(t.pawns for t in tiles) != TOTAL_PAWNS:
        ctx.fail("tile", f"the tiles must hold all {TOTAL_PAWNS} Recruit pawns")
    # caravans
    path = folder / "caravans.toml"
    ctx, raw = _Ctx(path), _read(path)
    caravans = []
    for entry, c, cid in _numbered(ctx, raw, "caravan"):
        kind = _get(ctx, entry, c, "kind", str)
        if kind not in ("small", "guarded"):
            ctx.fail(entry, f"'kind' must be small or guarded, not {kind!r}")
        abil = _get(ctx, entry, c, "abilities", list)
        for a in abil:
            if a not in ACTIONS:
                ctx.fail(entry, f"unknown ability {a!r}")
        inf = _get(ctx, entry, c, "influence", int)
        if kind == "small" and inf < 0:
            ctx.fail(entry, "small caravans are always positive")
        caravans.append(Caravan(cid, kind, tuple(abil), inf))
    n_small = sum(c.kind == "small" for c in caravans)
    if n_small != 8 or len(caravans) != 19:
        ctx.fail("caravan", f"there must be 8 small and 11 guarded caravans; found {n_small} and "
                 f"{len(caravans) - n_small}")
    if sum(t.small for t in tiles) != 7 or sum(t.guarded for t in tiles) != 10:
        ctx.fail("tile", "the tiles must have 7 small and 10 guarded caravan shapes (two tokens are"
                 " left over and removed unseen)")
    # recruit cards
    path = folder / "recruits.toml"
    ctx, raw = _Ctx(path), _read(path)
    cards = []
    for entry, c, cid in _numbered(ctx, raw, "card"):
        left = _edge(ctx, entry, _get(ctx, entry, c, "left", str))
        right = _edge(ctx, entry, _get(ctx, entry, c, "right", str))
        clan = c.get("clan", "")
        if clan and clan not in CLAN_CARDS:
            ctx.fail(entry, f"unknown clan ability {clan!r}")
        if bool(clan) != (left.ability == "clan" == right.ability):
            ctx.fail(entry, "a Clan Ability card has the clan ability on both edges, and only it")
        cards.append(Card(cid, left, right, clan))
    if len(cards) != 36:
        ctx.fail("card", f"there must be 36 Recruit cards, found {len(cards)}")
    if sorted(c.clan for c in cards if c.clan) != sorted(CLAN_CARDS):
        ctx.fail("card", "the six Clan Ability cards must be " + ", ".join(CLAN_CARDS))
    # clans
    path = folder / "clans.toml"
    ctx, raw = _Ctx(path), _read(path)
    clans = {}
    for entry, c in _each(ctx, raw, "clan"):
        name = _get(ctx, entry, c, "name", str)
        if name not in CLANS:
            ctx.fail(entry, f"unknown clan {name!r}")
        entry = f"clan {name}"
        left = _edge(ctx, entry, _get(ctx, entry, c, "left", str))
        right = _edge(ctx, entry, _get(ctx, entry, c, "right", str))
        storage = _get(ctx, entry, c, "storage", list)
        track = _get(ctx, entry, c, "track", list)
        for lst, what in ((storage, "storage"), (track, "track")):
            if not lst or not all(isinstance(v, int) and not isinstance(v, bool)
                                  and abs(v) <= MAX_VALUE for v in lst):
                ctx.fail(entry, f"'{what}' must be a list of whole numbers")
            if any(a > b for a, b in zip(lst, lst[1:])):
                ctx.fail(entry, f"'{what}' values must rise from left to right")
        abil = {}
        for item in _get(ctx, entry, c, "storage_abilities", list):
            try:
                slot, ab = str(item).split(":")
                slot = int(slot)
            except ValueError:
                ctx.fail(entry, f"a storage ability is 'slot:ability', not {item!r}")
            if not 0 <= slot < len(storage) or ab not in ACTIONS:
                ctx.fail(entry, f"bad storage ability {item!r}")
            abil[slot] = ab
        clans[name] = Clan(name, left, right, tuple(storage), _get(ctx, entry, c, "storage_end", int),
                           abil, tuple(track), _get(ctx, entry, c, "track_end", int))
    if set(clans) != set(CLANS):
        ctx.fail("clan", "the six clans must be " + ", ".join(CLANS))
    if clans["diplomat"].capacity != 4:
        ctx.fail("clan diplomat", "the Diplomat's storage is four spaces (rulebook, Example 1)")
    # Guildmaster
    path = folder / "guildmaster.toml"
    ctx, raw = _Ctx(path), _read(path)
    dash = raw.get("dashboard")
    if not isinstance(dash, dict):
        ctx.fail("dashboard", "the Guildmaster's [dashboard] table is missing")
    _provenance(ctx, "dashboard", dash)
    gm_storage = tuple(_get(ctx, "dashboard", dash, "storage", list))
    if not all(isinstance(v, int) and not isinstance(v, bool) and abs(v) <= MAX_VALUE
               for v in gm_storage):
        ctx.fail("dashboard", f"'storage' must be a list of whole numbers up to {MAX_VALUE}")
    gm_end = _get(ctx, "dashboard", dash, "storage_end", int)
    gm_cards = []
    for entry, c, cid in _numbered(ctx, raw, "card"):
        start = _get(ctx, entry, c, "start", str)
        pth = _get(ctx, entry, c, "path", str)
        want = _get(ctx, entry, c, "want", str)
        block = _get(ctx, entry, c, "block", int)
        dirs = tuple(_get(ctx, entry, c, "dirs", str).split())
        extra = _get(ctx, entry, c, "extra", str)
        if start not in CORNERS:
            ctx.fail(entry, f"'start' must be one of {', '.join(CORNERS)}")
        if pth not in PATHS:
            ctx.fail(entry, f"'path' must be one of {', '.join(PATHS)}")
        if want not in RESOURCE_KINDS:
            ctx.fail(entry, f"'want' must be one of {', '.join(RESOURCE_KINDS)}")
        if block not in (0, 1, 2):
            ctx.fail(entry, "'block' must be 0, 1 or 2")
        if sorted(dirs) != sorted(DIRS):
            ctx.fail(entry, "'dirs' must list N, E, S and W once each")
        if extra not in EXTRAS:
            ctx.fail(entry, f"'extra' must be one of {', '.join(e or '(empty)' for e in EXTRAS)}")
        gm_cards.append(GMCard(cid, start, pth, want, block, dirs, extra))
    if len(gm_cards) != 11:
        ctx.fail("card", f"there must be 11 Guildmaster cards, found {len(gm_cards)}")
    return Data(guild, tuple(tiles), tuple(cards), tuple(caravans), clans, gm_storage, gm_end,
                tuple(gm_cards))


@functools.cache
def get() -> Data:
    return load()
