"""Card data for Legend of the Burning Sands, loaded from ``resources/data/burning_sands/*.toml``.

No card list survives in the rulebook, so the pool is designed (every entry carries ``source``);
the few cards the rulebook's worked examples name exist with the abilities the examples show.
Abilities are data in the small vocabulary of ``effects`` (see docs/rulings/burning_sands.md);
``check`` refuses any word outside it, so no card can carry text the engine does not perform.
A malformed file raises ``DataError`` naming the file, the card and the problem.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

from sandsofplay.engine import DataError
from sandsofplay.engine.resources import load_toml, resources_root, whole

RESOURCES = resources_root()
DATA_DIR = RESOURCES / "data" / "burning_sands"

TYPES = ("stronghold", "section", "hero", "action", "holding", "follower", "item", "spell",
         "story", "pantheon")
DECK_TYPES = ("hero", "action", "holding", "follower", "item", "spell", "story", "pantheon")
WHEN = ("day", "night", "open", "battle", "reaction")
TRIGGERS = ("targeted", "attacked", "engaged", "raided", "duel", "thrust", "parry", "tale")
TALES = ("duel_won", "raid_won", "section_razed", "spell_cast", "hero_played")
OPS = ("bonus", "bow", "straighten", "destroy", "send_home", "draw", "gain_water", "challenge",
       "negate", "redirect", "discard_random", "raid_fate", "strike", "duel_value", "duel_wound")
STATICS = ("str", "ka", "section_str", "capacity", "raid", "carry", "hand", "draw_end",
           "no_water_elim", "alt_win", "copper")
SCOPES = ("self", "hero", "your_heroes", "all_heroes", "opp_heroes", "section")
TARGET_KINDS = ("hero", "section", "holding", "player", "omen", "follower")
COST_KEYS = ("bow", "water", "copper", "influence", "bury", "discard_self")
DURATIONS = ("turn", "token", "permanent")
# traits the engine gives meaning to (others are names only, e.g. Warrior, Scarab, Giant)
TRAIT_WORDS = ("Unique", "Sahir", "Jinn", "Flying", "Berserk", "Duelist", "Tactician", "Khadi",
               "Undead", "Nonhuman", "Creature", "Experienced", "Advanced", "Fortification",
               "Advisor", "Weapon", "Armor", "Omen", "Battle Omen", "Council", "Champion",
               "cannot defend", "can remain bowed", "Nagah")
FACTIONS = ("Senpet", "Moto", "Assassin", "Khadi")


@dataclass(frozen=True, slots=True)
class Ability:
    when: str
    cost: dict
    target: dict
    do: tuple
    trigger: dict
    text: str


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    type: str
    faction: str
    fate: int
    water: int
    copper: int
    influence: int
    s: int
    k: int
    s_plus: bool
    k_plus: bool
    produce: int
    traits: tuple
    abilities: tuple
    static: tuple
    text: str
    source: str
    # stronghold
    cp: int = 0
    # section
    strength: int = 0
    capacity: int = 0
    cp_cost: int = 0
    # story
    points: int = 0
    tale: str = ""
    # spell
    jinn: bool = False
    exp_of: str = ""
    archery: int | None = None
    carry: int = 0
    raid: int = 0
    idx: int = 0

    def has(self, trait: str) -> bool:
        return trait in self.traits


@dataclass(frozen=True, slots=True)
class Deck:
    id: str
    faction: str
    name: str
    stronghold: str
    sections: tuple  # section ids offered with the starter deck (bought before play)
    plan: tuple  # the section purchase the bots and quick start use
    cards: tuple  # (card id, count)
    blurb: str


@dataclass(slots=True)
class Data:
    cards: list = field(default_factory=list)
    by_id: dict = field(default_factory=dict)
    decks: dict = field(default_factory=dict)


MAX_VALUE = 99  # any printed number on a card (costs, Strength, Ka, points) and copies in a deck


def _err(fname, cid, msg):
    raise DataError(f"{fname}: card {cid!r}: {msg}")


def _trait_number(fname, cid, t, digits, default=None):
    if digits == "" and default is not None:
        return default
    digits = digits.strip().removeprefix("+")
    if not digits.isdigit() or len(digits) > 2:
        _err(fname, cid, f"trait {t[:40]!r} needs a number from 0 to {MAX_VALUE}")
    return int(digits)


def _trait_parts(traits, fname="", cid=""):
    arch = None
    carry = raid = 0
    out = []
    for t in traits:
        if not isinstance(t, str):
            _err(fname, cid, "traits must be words")
        if t.startswith("Archery"):
            arch = _trait_number(fname, cid, t, t[7:], 0)
        elif t.startswith("Carry"):
            carry = _trait_number(fname, cid, t, t[5:])
        elif t.startswith("Raid"):
            raid = _trait_number(fname, cid, t, t[4:])
        out.append(t)
    return tuple(out), arch, carry, raid


def _check_each(fname, cid, items, *checks):
    """Each of ``items`` (effects or statics) has known words: a check is (key, the words
    allowed, the default when the key is absent, what the key names in the error)."""
    for x in items:
        for key, allowed, default, what in checks:
            if x.get(key, default) not in allowed:
                _err(fname, cid, f"unknown {what} {x.get(key)!r}")


def _ability(fname, cid, d):
    if not isinstance(d, dict):
        _err(fname, cid, "an ability must be a table")
    when = d.get("when")
    if when not in WHEN:
        _err(fname, cid, f"ability 'when' must be one of {WHEN}, not {when!r}")
    cost = dict(d.get("cost", {}))
    for k in cost:
        if k not in COST_KEYS:
            _err(fname, cid, f"unknown cost {k!r}")
    target = dict(d.get("target", {}))
    if target and target.get("kind") not in TARGET_KINDS:
        _err(fname, cid, f"unknown target kind {target.get('kind')!r}")
    do = tuple(dict(x) for x in d.get("do", ()))
    _check_each(fname, cid, do, ("op", OPS, None, "effect"), ("dur", DURATIONS, "turn", "duration"))
    trig = dict(d.get("trigger", {}))
    if when == "reaction":
        if trig.get("on") not in TRIGGERS:
            _err(fname, cid, f"a Reaction needs trigger.on in {TRIGGERS}")
        if trig.get("on") == "tale" and trig.get("event") not in TALES:
            _err(fname, cid, f"a Tale Reaction needs trigger.event in {TALES}")
        if trig.get("on") in ("thrust", "parry") and trig.get("whose", "opp") not in ("opp", "own"):
            _err(fname, cid, "trigger.whose must be 'opp' or 'own'")
    for x in do:
        if x["op"] == "duel_value" and (x.get("card") not in ("thrust", "parry")
                                        or trig.get("on") not in ("thrust", "parry")):
            _err(fname, cid, "duel_value needs card = thrust or parry and a thrust/parry trigger")
    if target.get("where") not in (None, "battle", "opposing", "duel", "engaging"):
        _err(fname, cid, f"unknown target where {target.get('where')!r}")
    return Ability(when, cost, target, do, trig, str(d.get("text", "")))


def _card(fname, d, idx):
    cid = d.get("id")
    if not isinstance(cid, str) or not cid:
        raise DataError(f"{fname}: a card without an id")
    typ = d.get("type")
    if typ not in TYPES:
        _err(fname, cid, f"type must be one of {TYPES}")
    if d.get("source") not in ("designed", "rulebook example"):
        _err(fname, cid, "source must be 'designed' or 'rulebook example'")
    faction = d.get("faction", "")
    if faction and faction not in FACTIONS:
        _err(fname, cid, f"unknown faction {faction!r}")
    traits, arch, carry, raid = _trait_parts(tuple(d.get("traits", ())), fname, cid)
    st = tuple(dict(x) for x in d.get("static", ()))
    _check_each(fname, cid, st, ("op", STATICS, None, "static"), ("scope", SCOPES, "self", "scope"))
    abil = tuple(_ability(fname, cid, a) for a in d.get("abilities", ()))
    for a in abil:
        if not a.do and not (a.when == "reaction" and a.trigger.get("on") == "tale") \
                and not ("Omen" in traits or "Battle Omen" in traits):
            _err(fname, cid, "an ability needs at least one effect")
    ints = {}
    for k in ("fate", "water", "copper", "influence", "s", "k", "produce", "cp", "strength",
              "capacity", "cp_cost", "points"):
        v = d.get(k, 0)
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_VALUE:
            _err(fname, cid, f"{k} must be a whole number from 0 to {MAX_VALUE}")
        ints[k] = v
    tale = ""
    if typ == "story":
        if not abil or abil[0].trigger.get("on") != "tale":
            _err(fname, cid, "a Story needs a Tale Reaction as its first ability")
        tale = abil[0].trigger["event"]
        if not 1 <= ints["points"] <= 3:
            _err(fname, cid, "a Story is worth 1 to 3 Story points")
    if typ in ("action", "spell") and not abil and not d.get("jinn"):
        _err(fname, cid, "an Action or Spell needs an ability")
    return Card(cid, str(d.get("name", cid)), typ, faction, ints["fate"], ints["water"],
                ints["copper"], ints["influence"], ints["s"], ints["k"], bool(d.get("s_plus")),
                bool(d.get("k_plus")), ints["produce"], traits, abil, st, str(d.get("text", "")),
                d["source"], ints["cp"], ints["strength"], ints["capacity"], ints["cp_cost"],
                ints["points"], tale, bool(d.get("jinn")), str(d.get("exp_of", "")), arch, carry,
                raid, idx)


def load(folder: Path = DATA_DIR) -> Data:
    data = Data()
    files = sorted(folder.glob("*.toml"))
    if not files:
        raise DataError(f"{folder}: no card files")
    decks_raw = []
    for f in files:
        raw = load_toml(f)  # bounded, numbers checked (engine.resources)
        for key in ("card", "deck"):
            if not isinstance(raw.get(key, []), list) or \
                    not all(isinstance(x, dict) for x in raw.get(key, [])):
                raise DataError(f"{f.name}: [[{key}]] must be a list of tables")
        for d in raw.get("card", ()):
            c = _card(f.name, d, len(data.cards))
            if c.id in data.by_id:
                _err(f.name, c.id, "duplicate id")
            data.cards.append(c)
            data.by_id[c.id] = c
        decks_raw += [(f.name, d) for d in raw.get("deck", ())]
    for fname, d in decks_raw:
        if not isinstance(d.get("id"), str) or not isinstance(d.get("stronghold"), str) or \
                not isinstance(d.get("cards", {}), dict):
            raise DataError(f"{fname}: a deck needs an id, a stronghold and a table of cards")
        cards = tuple((str(k), whole(v, fname, f"deck {d['id']!r}", f"cards.{k}"[:60], 1,
                                     MAX_VALUE))
                      for k, v in d.get("cards", {}).items())
        dk = Deck(str(d["id"]), str(d.get("faction", "")), str(d.get("name", d["id"])),
                  str(d["stronghold"]), tuple(d.get("sections", ())), tuple(d.get("plan", ())),
                  cards, str(d.get("blurb", "")))
        for cid, _n in cards:
            if cid not in data.by_id:
                raise DataError(f"{fname}: deck {dk.id!r}: unknown card {cid!r}")
        for cid in dk.sections + dk.plan + (dk.stronghold,):
            if cid not in data.by_id:
                raise DataError(f"{fname}: deck {dk.id!r}: unknown card {cid!r}")
        problems = validate_deck(data, dk.stronghold, dk.plan, cards)
        if problems:
            raise DataError(f"{fname}: deck {dk.id!r} is not legal: {problems[0]}")
        data.decks[dk.id] = dk
    for c in data.cards:
        if c.exp_of and c.exp_of not in data.by_id:
            _err("cards", c.id, f"Experienced version of unknown card {c.exp_of!r}")
    return data


def validate_deck(data: Data, stronghold: str, sections, cards) -> list[str]:
    """Reasons a deck is refused (Preparing Your Deck; Game setup; Pantheon Card); empty if legal.

    ``cards`` is a sequence of (card id, count)."""
    out = []
    sh = data.by_id.get(stronghold)
    if sh is None or sh.type != "stronghold":
        out.append(f"{stronghold!r} is not a Stronghold")
        return out
    cp = 0
    for sid in sections:
        sc = data.by_id.get(sid)
        if sc is None or sc.type != "section":
            out.append(f"{sid!r} is not a City Section")
            continue
        cp += sc.cp_cost
    if cp > sh.cp:
        out.append(f"the City Sections cost {cp} City Points; the Stronghold has {sh.cp}")
    total = 0
    counts: dict[str, int] = {}
    for cid, n in cards:
        counts[cid] = counts.get(cid, 0) + n
    for cid, n in counts.items():
        c = data.by_id.get(cid)
        if c is None:
            out.append(f"unknown card {cid!r}")
            continue
        if c.type not in DECK_TYPES:
            out.append(f"{c.name} ({c.type}) cannot be in the deck")
        if c.type == "pantheon" and n > 1:
            out.append(f"only one copy of the Pantheon card {c.name} is allowed")
        elif n > 3:
            out.append(f"{n} copies of {c.name}: at most three copies of a card")
        total += n
    if total < 55:
        out.append(f"the deck has {total} cards; it needs at least 55")
    return out


@functools.cache
def get() -> Data:
    return load()
