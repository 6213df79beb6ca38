"""Component data: cards, Adventure tiles, Villain mats, gems, the sand timer, dice, tokens and
characters, loaded from ``resources/data/sands_of_adventure/*.toml``.

Every entry carries its provenance (``source = "rulebook"`` or ``source = "designed"`` with a
``why``). A malformed file is rejected with :class:`~sandsofplay.engine.DataError` naming the file,
the entry and the problem. The loaded :class:`Components` is immutable and shared by every state.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ...engine import DataError
from ...engine.resources import load_toml, resources_root, whole

DATA_DIR = resources_root() / "data" / "sands_of_adventure"

COLOURS = ("blue", "green", "red", "yellow")
OBJECTS = ("book", "emblem", "hat", "shovel")
GEM_SIZES = ("large", "small")
TOKEN_KINDS = ("ignore", "interrupt", "any")
CHARACTERS = ("indiana", "marion", "sallah", "marcus")
THREAT_FACES = ("small", "large", "villain")
TORCH_FACES = ("torch", "snake")
UPGRADE_DECK_SIZE = 32  # rulebook: "the 32 Upgrade cards"
TILE_COUNT = 7  # rulebook: five round-1 tiles and one for each later round
ROW_LENGTH = 5
MAX_COPIES = 60  # copies of one card an entry may make (the whole Action deck is 64 cards)
MAX_COUNT = 100  # gems, tokens, substeps, dice, hand size, health: far above any real one

# tile program operations: name -> argument kinds ("n" = positive int, "colour")
STEP_OPS = {
    "draw_action": ("n",),
    "draw_upgrade": ("n",),
    "may_play": ("n",),
    "take_token": (),
    "risk_upgrades": ("n", "colour"),
    "pick_upgrade": ("n",),
    "may_give": ("n",),
    "may_move_villain": (),
}


def symbol_bit(name: str) -> int:
    """The bit of a colour or object in a card's match mask."""
    if name in COLOURS:
        return 1 << COLOURS.index(name)
    return 1 << (4 + OBJECTS.index(name))


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    kind: str  # "basic", "attack" or "snake"
    upgrade: bool  # from the Upgrade deck
    colours: tuple[str, ...]
    objects: tuple[str, ...]
    character: str  # Attack cards only; art, never matched
    mask: int  # colour and object bits; 0 for a Snake

    @property
    def attack(self) -> bool:
        return self.kind == "attack"

    @property
    def snake(self) -> bool:
        return self.kind == "snake"

    @property
    def name(self) -> str:
        if self.snake:
            return "Snake"
        cols = " and ".join(sorted(self.colours, key=COLOURS.index))
        objs = " and ".join(sorted(self.objects, key=OBJECTS.index))
        words = " ".join(w for w in (cols, objs) if w)
        return f"{words} Attack" if self.attack else words

    def to_json(self) -> dict:
        return {"id": self.id, "kind": self.kind, "upgrade": self.upgrade,
                "colours": list(self.colours), "objects": list(self.objects),
                "character": self.character, "name": self.name}


@dataclass(frozen=True, slots=True)
class TileSide:
    steps: tuple[tuple, ...]  # ("draw_action", 2), ("risk_upgrades", 3, "green"), ...
    dice: int
    text: str


@dataclass(frozen=True, slots=True)
class Tile:
    index: int
    id: str
    name: str
    round: int
    a: TileSide
    b: TileSide

    def side(self, which: str) -> TileSide:
        return self.a if which == "A" else self.b


@dataclass(frozen=True, slots=True)
class Villain:
    index: int
    id: str
    name: str
    round: int
    health: int
    penalty: str  # "bury_card" or "gem"
    penalty_size: str  # gem size for "gem"
    penalty_text: str
    rows: tuple[tuple[str, ...], ...]  # rows[h - 1]: gems for ending the round at health h


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    name: str
    hand: int
    threat_dice: int  # 0 = as the tile shows
    setup_tokens: int
    enter_villain_tile: bool


@dataclass(frozen=True, slots=True)
class TimerSpec:
    gravity: float
    arm_m: float
    basket_height_m: float
    body_inertia: float
    damping: float
    lean_stiffness: float
    tip_min_g: float
    tip_max_g: float
    substeps: int


@dataclass(frozen=True, slots=True)
class Components:
    cards: tuple[Card, ...]
    action_cards: tuple[int, ...]  # the starting Action deck (Basic, Attack, Snake)
    upgrade_cards: tuple[int, ...]  # the Upgrade deck
    tiles: tuple[Tile, ...]
    villains: tuple[Villain, ...]  # by round
    characters: dict
    gem_count: dict  # size -> count
    gem_mass: dict  # size -> grams
    gem_total: int
    timer: TimerSpec
    sand_seconds: tuple[int, ...]
    sand_labels: tuple[str, ...]
    threat_faces: tuple[str, ...]
    torch_faces: tuple[str, ...]
    torch_roll_s: float
    token_count: dict  # kind -> count
    token_names: dict  # kind -> name

    def tile_by_id(self, tid: str) -> Tile:
        for t in self.tiles:
            if t.id == tid:
                return t
        raise KeyError(tid)

    def to_json(self) -> dict:
        """Static data for the table: cards, tiles, villains, characters (never changes)."""
        return {
            "cards": [c.to_json() for c in self.cards],
            "tiles": [{"index": t.index, "id": t.id, "name": t.name, "round": t.round,
                       "A": {"text": t.a.text, "dice": t.a.dice},
                       "B": {"text": t.b.text, "dice": t.b.dice}} for t in self.tiles],
            "villains": [{"id": v.id, "name": v.name, "round": v.round, "health": v.health,
                          "penalty_text": v.penalty_text, "rows": [list(r) for r in v.rows]}
                         for v in self.villains],
            "characters": {k: {"name": c.name, "hand": c.hand} for k, c in self.characters.items()},
            "gems": {s: {"count": self.gem_count[s], "mass_g": self.gem_mass[s]} for s in GEM_SIZES},
            "tokens": dict(self.token_names),
        }


# --- loading ---------------------------------------------------------------------------------------

class _Reader:
    """Helpers that raise DataError naming the file and the entry."""

    def __init__(self, path: Path):
        self.path = path
        self.name = path.name

    def fail(self, entry: str, problem: str):
        raise DataError(f"{self.name}: {entry}: {problem}")

    def load(self) -> dict:
        """The file read bounded, as TOML, its numbers in range (engine.resources)."""
        return load_toml(self.path)

    def copies(self, entry: dict, where: str, default=None) -> int:
        """How many copies of a card an entry makes: a whole number from 1 to MAX_COPIES."""
        if default is not None and "copies" not in entry:
            return default
        if "copies" not in entry:
            self.fail(where, "'copies' is missing")
        return whole(entry["copies"], self.name, where, "copies", 1, MAX_COPIES)

    def table(self, data: dict, key: str) -> dict:
        v = data.get(key)
        if not isinstance(v, dict):
            self.fail(f"[{key}]", "missing or not a table")
        self.provenance(v, f"[{key}]")
        return v

    def entries(self, data: dict, key: str, min_count: int = 1) -> list:
        v = data.get(key)
        if not isinstance(v, list) or len(v) < min_count or not all(isinstance(e, dict) for e in v):
            self.fail(f"[[{key}]]", f"needs at least {min_count} entries")
        for i, e in enumerate(v):
            self.provenance(e, f"[[{key}]] #{i + 1}")
        return v

    def provenance(self, entry: dict, where: str):
        src = entry.get("source")
        if not isinstance(src, str) or not (src in ("rulebook", "designed") or src.startswith("http")):
            self.fail(where, "'source' must be \"rulebook\", \"designed\" or a URL")
        if src == "designed" and not (isinstance(entry.get("why"), str) and entry["why"].strip()):
            self.fail(where, "a designed entry needs a 'why'")

    def get(self, entry: dict, where: str, key: str, kind, *, positive=False, nonneg=False,
            choices=None, hi=None):
        if key not in entry:
            self.fail(where, f"'{key}' is missing")
        v = entry[key]
        if kind is float and isinstance(v, int) and not isinstance(v, bool):
            v = float(v)
        if not isinstance(v, kind) or isinstance(v, bool) and kind is not bool:
            self.fail(where, f"'{key}' must be {kind.__name__}, not {v!r}")
        if positive and not v > 0:
            self.fail(where, f"'{key}' must be positive, not {v!r}")
        if nonneg and v < 0:
            self.fail(where, f"'{key}' must not be negative, not {v!r}")
        if hi is not None and v > hi:
            self.fail(where, f"'{key}' must be at most {hi}, not {v!r}")
        if choices is not None and v not in choices:
            self.fail(where, f"'{key}' must be one of {', '.join(map(str, choices))}, not {v!r}")
        return v

    def words(self, entry: dict, where: str, key: str, choices) -> tuple[str, ...]:
        v = entry.get(key)
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            self.fail(where, f"'{key}' must be a list of words")
        for x in v:
            if x not in choices:
                self.fail(where, f"'{key}' has {x!r}; expected one of {', '.join(choices)}")
        if len(set(v)) != len(v):
            self.fail(where, f"'{key}' repeats a value")
        return tuple(v)


def _load_components(folder: Path) -> dict:
    r = _Reader(folder / "components.toml")
    d = r.load()
    gems = r.table(d, "gems")
    total = r.get(gems, "[gems]", "total", int, positive=True, hi=MAX_COUNT)
    count, mass = {}, {}
    for i, e in enumerate(r.entries(d, "gem", 2)):
        where = f"[[gem]] #{i + 1}"
        size = r.get(e, where, "size", str, choices=GEM_SIZES)
        if size in count:
            r.fail(where, f"gem size {size!r} is listed twice")
        count[size] = r.get(e, where, "count", int, positive=True, hi=MAX_COUNT)
        mass[size] = r.get(e, where, "mass_g", float, positive=True)
    if set(count) != set(GEM_SIZES):
        r.fail("[[gem]]", "needs exactly one large and one small entry")
    if sum(count.values()) != total:
        r.fail("[[gem]]", f"the gem counts add up to {sum(count.values())}, not {total}")
    if not mass["large"] > mass["small"]:
        r.fail("[[gem]]", "a large gem must be heavier than a small one")
    t = r.table(d, "timer")
    w = "[timer]"
    timer = TimerSpec(
        gravity=r.get(t, w, "gravity", float, positive=True),
        arm_m=r.get(t, w, "arm_m", float, positive=True),
        basket_height_m=r.get(t, w, "basket_height_m", float, positive=True),
        body_inertia=r.get(t, w, "body_inertia_kgm2", float, positive=True),
        damping=r.get(t, w, "damping_nms", float, nonneg=True),
        lean_stiffness=r.get(t, w, "lean_stiffness_nm_per_rad", float, positive=True),
        tip_min_g=r.get(t, w, "tip_min_g", float, positive=True),
        tip_max_g=r.get(t, w, "tip_max_g", float, positive=True),
        substeps=r.get(t, w, "substeps", int, positive=True, hi=MAX_COUNT),
    )
    if not timer.tip_min_g < timer.tip_max_g:
        r.fail(w, "tip_min_g must be below tip_max_g")
    sand = r.table(d, "sand")
    secs = sand.get("seconds")
    labels = sand.get("labels")
    if not isinstance(secs, list) or not secs or not all(isinstance(x, int) and x > 0 for x in secs):
        r.fail("[sand]", "'seconds' must be a list of positive whole seconds")
    if not isinstance(labels, list) or len(labels) != len(secs) or \
            not all(isinstance(x, str) for x in labels):
        r.fail("[sand]", "'labels' must name each choice of 'seconds'")
    threat = r.table(d, "threat_die")
    tf = threat.get("faces")
    if not isinstance(tf, list) or len(tf) != 6 or any(f not in THREAT_FACES for f in tf):
        r.fail("[threat_die]", f"'faces' must be six of {', '.join(THREAT_FACES)}")
    if not {"small", "large", "villain"} <= set(tf):
        r.fail("[threat_die]", "the die needs a small gem, a large gem and a villain face")
    torch = r.table(d, "torch_die")
    to = torch.get("faces")
    if not isinstance(to, list) or len(to) != 6 or any(f not in TORCH_FACES for f in to) \
            or "torch" not in to:
        r.fail("[torch_die]", "'faces' must be six of torch/snake with at least one torch")
    roll_s = r.get(torch, "[torch_die]", "roll_s", float, nonneg=True)
    tokens, names = {}, {}
    for i, e in enumerate(r.entries(d, "token", 3)):
        where = f"[[token]] #{i + 1}"
        kind = r.get(e, where, "kind", str, choices=TOKEN_KINDS)
        if kind in tokens:
            r.fail(where, f"token kind {kind!r} is listed twice")
        tokens[kind] = r.get(e, where, "count", int, positive=True, hi=MAX_COUNT)
        names[kind] = r.get(e, where, "name", str)
    if set(tokens) != set(TOKEN_KINDS):
        r.fail("[[token]]", f"needs the three kinds {', '.join(TOKEN_KINDS)}")
    chars = {}
    for i, e in enumerate(r.entries(d, "character", 4)):
        where = f"[[character]] #{i + 1}"
        cid = r.get(e, where, "id", str, choices=CHARACTERS)
        if cid in chars:
            r.fail(where, f"character {cid!r} is listed twice")
        chars[cid] = Character(cid, r.get(e, where, "name", str),
                               r.get(e, where, "hand", int, positive=True, hi=MAX_COUNT),
                               r.get(e, where, "threat_dice", int, nonneg=True, hi=MAX_COUNT),
                               r.get(e, where, "setup_tokens", int, nonneg=True, hi=MAX_COUNT),
                               r.get(e, where, "enter_villain_tile", bool))
    if set(chars) != set(CHARACTERS):
        r.fail("[[character]]", f"needs the four characters {', '.join(CHARACTERS)}")
    if sum(c.setup_tokens for c in chars.values()) > sum(tokens.values()):
        r.fail("[[character]]", "characters take more setup tokens than there are")
    return dict(gem_count=count, gem_mass=mass, gem_total=total, timer=timer,
                sand_seconds=tuple(secs), sand_labels=tuple(labels), threat_faces=tuple(tf),
                torch_faces=tuple(to), torch_roll_s=roll_s, token_count=tokens,
                token_names=names, characters=chars)


def _load_cards(folder: Path) -> tuple[tuple[Card, ...], tuple[int, ...], tuple[int, ...]]:
    r = _Reader(folder / "cards.toml")
    d = r.load()
    sym = r.table(d, "symbols")
    if tuple(sym.get("colours", ())) != COLOURS or tuple(sym.get("objects", ())) != OBJECTS:
        r.fail("[symbols]", f"colours must be {', '.join(COLOURS)} and objects "
                            f"{', '.join(OBJECTS)}")
    cards: list[Card] = []
    action: list[int] = []
    upgrade: list[int] = []

    def add(kind, up, cols, objs, char, copies, dest):
        mask = 0
        for s in cols + objs:
            mask |= symbol_bit(s)
        for _ in range(copies):
            cards.append(Card(len(cards), kind, up, cols, objs, char, mask))
            dest.append(cards[-1].id)

    for i, e in enumerate(r.entries(d, "basic")):
        where = f"[[basic]] #{i + 1}"
        c = r.get(e, where, "colour", str, choices=COLOURS)
        o = r.get(e, where, "object", str, choices=OBJECTS)
        add("basic", False, (c,), (o,), "", r.copies(e, where), action)
    for i, e in enumerate(r.entries(d, "attack")):
        where = f"[[attack]] #{i + 1}"
        cols = r.words(e, where, "colours", COLOURS)
        objs = r.words(e, where, "objects", OBJECTS)
        if len(cols) + len(objs) != 1:
            r.fail(where, "a starting Attack card shows exactly one colour or object")
        char = r.get(e, where, "character", str, choices=CHARACTERS)
        add("attack", False, cols, objs, char, r.copies(e, where), action)
    for i, e in enumerate(r.entries(d, "snake")):
        add("snake", False, (), (), "", r.copies(e, f"[[snake]] #{i + 1}"), action)
    for i, e in enumerate(r.entries(d, "upgrade")):
        where = f"[[upgrade]] #{i + 1}"
        cols = r.words(e, where, "colours", COLOURS)
        objs = r.words(e, where, "objects", OBJECTS)
        atk = r.get(e, where, "attack", bool)
        if atk:
            if len(cols) + len(objs) != 2:
                r.fail(where, "an upgraded Attack card shows two symbols")
            char = r.get(e, where, "character", str, choices=CHARACTERS)
        else:
            if len(cols) + len(objs) != 3 or not cols or not objs:
                r.fail(where, "an Upgrade card is a Basic card (a colour and an object) plus one"
                              " more colour or object")
            char = ""
        add("attack" if atk else "basic", True, cols, objs, char, r.copies(e, where, 1), upgrade)
    if len(upgrade) != UPGRADE_DECK_SIZE:
        r.fail("[[upgrade]]", f"the Upgrade deck has {len(upgrade)} cards, not the rulebook's "
                              f"{UPGRADE_DECK_SIZE}")
    if not any(cards[i].attack for i in action):
        r.fail("[[attack]]", "the Action deck needs Attack cards")
    return tuple(cards), tuple(action), tuple(upgrade)


def _parse_steps(r: _Reader, where: str, raw) -> tuple[tuple, ...]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        r.fail(where, "steps must be a list of strings")
    steps = []
    for text in raw:
        parts = text.split()
        if not parts or parts[0] not in STEP_OPS:
            r.fail(where, f"unknown step {text!r}; steps: {', '.join(STEP_OPS)}")
        kinds = STEP_OPS[parts[0]]
        if len(parts) - 1 != len(kinds):
            r.fail(where, f"step {text!r} takes {len(kinds)} argument(s)")
        args: list = [parts[0]]
        for k, p in zip(kinds, parts[1:]):
            if k == "n":
                if not p.isdigit() or len(p) > 3 or int(p) < 1:
                    r.fail(where, f"step {text!r}: {p!r} is not a positive number")
                args.append(int(p))
            elif k == "colour":
                if p not in COLOURS:
                    r.fail(where, f"step {text!r}: {p!r} is not a colour")
                args.append(p)
        steps.append(tuple(args))
    return tuple(steps)


def _load_tiles(folder: Path) -> tuple[Tile, ...]:
    r = _Reader(folder / "tiles.toml")
    d = r.load()
    tiles = []
    for i, e in enumerate(r.entries(d, "tile", TILE_COUNT)):
        where = f"[[tile]] #{i + 1}"
        tid = r.get(e, where, "id", str)
        where = f"[[tile]] {tid}"
        sides = []
        for s in ("a", "b"):
            sides.append(TileSide(_parse_steps(r, where, e.get(f"{s}_steps")),
                                  r.get(e, where, f"{s}_dice", int, positive=True, hi=MAX_COUNT),
                                  r.get(e, where, f"{s}_text", str)))
        tiles.append(Tile(i, tid, r.get(e, where, "name", str),
                          r.get(e, where, "round", int, choices=(1, 2, 3)), sides[0], sides[1]))
    if len(tiles) != TILE_COUNT:
        r.fail("[[tile]]", f"there are {len(tiles)} tiles, not the rulebook's {TILE_COUNT}")
    if len({t.id for t in tiles}) != len(tiles):
        r.fail("[[tile]]", "two tiles share an id")
    per_round = [sum(1 for t in tiles if t.round == k) for k in (1, 2, 3)]
    if per_round != [ROW_LENGTH, 1, 1]:
        r.fail("[[tile]]", f"rounds 1, 2, 3 need 5, 1 and 1 tiles, not {per_round}")
    return tuple(tiles)


def _load_villains(folder: Path, gem_mass: dict, gem_count: dict, tip_min: float):
    r = _Reader(folder / "villains.toml")
    d = r.load()
    out = []
    for i, e in enumerate(r.entries(d, "villain", 3)):
        where = f"[[villain]] #{i + 1}"
        vid = r.get(e, where, "id", str)
        where = f"[[villain]] {vid}"
        rnd = r.get(e, where, "round", int, choices=(1, 2, 3))
        health = r.get(e, where, "health", int, positive=True, hi=MAX_COUNT)
        pen = r.get(e, where, "penalty", str).split()
        if pen == ["bury_card"]:
            kind, size = "bury_card", ""
        elif len(pen) == 2 and pen[0] == "gem" and pen[1] in GEM_SIZES:
            kind, size = "gem", pen[1]
        else:
            r.fail(where, "'penalty' must be \"bury_card\" or \"gem large|small\"")
        rows = e.get("rows")
        if not isinstance(rows, list) or not all(isinstance(x, list) for x in rows):
            r.fail(where, "'rows' must be a list of lists of gem sizes")
        for k, row in enumerate(rows):
            for g in row:
                if g not in GEM_SIZES:
                    r.fail(where, f"row for health {k + 1} has {g!r}; gems are large or small")
            if sum(gem_mass[g] for g in row) >= tip_min:
                r.fail(where, f"row for health {k + 1} could tip the timer before the round starts")
            if len(row) > sum(gem_count.values()):
                r.fail(where, f"row for health {k + 1} needs more gems than there are")
        if rnd < 3 and len(rows) != health:
            r.fail(where, f"needs one penalty row for each health from 1 to {health}")
        if rnd == 3 and rows:
            r.fail(where, "the round-3 villain has no penalty rows (failing round 3 loses)")
        out.append(Villain(i, vid, r.get(e, where, "name", str), rnd, health, kind, size,
                           r.get(e, where, "penalty_text", str), tuple(tuple(x) for x in rows)))
    if sorted(v.round for v in out) != [1, 2, 3]:
        r.fail("[[villain]]", "needs exactly one villain for each round 1, 2, 3")
    out.sort(key=lambda v: v.round)
    return tuple(Villain(k, v.id, v.name, v.round, v.health, v.penalty, v.penalty_size,
                         v.penalty_text, v.rows) for k, v in enumerate(out))


def load(folder: str | Path | None = None) -> Components:
    """Load and check the component data (``folder`` defaults to the game's resources)."""
    folder = Path(folder) if folder is not None else DATA_DIR
    comp = _load_components(folder)
    cards, action, upgrade = _load_cards(folder)
    tiles = _load_tiles(folder)
    villains = _load_villains(folder, comp["gem_mass"], comp["gem_count"], comp["timer"].tip_min_g)
    return Components(cards=cards, action_cards=action, upgrade_cards=upgrade, tiles=tiles,
                      villains=villains, **comp)


@lru_cache(maxsize=4)
def default_components() -> Components:
    return load(DATA_DIR)
