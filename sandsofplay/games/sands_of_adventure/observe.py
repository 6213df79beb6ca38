"""What a seat may see (``observe``), a full state consistent with it (``determinize``), and the
checks that nothing leaks and nothing is lost (``check_observation``, ``check_invariants``).

Players may share information freely and may keep their cards face up (How to Play), so every
observation shows every hand. It never shows the order of the Action deck or the Upgrade deck
(only their sizes), the RNG, or this round's tipping point (the table may show the lean, which
depends only on the load).
"""

from __future__ import annotations

import copy
import math

from ...engine import RNG
from ...engine.observation import lazy
from . import timer
from .data import GEM_SIZES, ROW_LENGTH, TOKEN_KINDS, Components
from .state import EXPLORE, OVER, PREP, SETUP, TIMED, SandsOfAdventureState, all_zones


OBS_VERSION = 1


def _refuse(self, *args, **kwargs):
    raise TypeError("an observation is read-only and shared; copy it (dict(...)) to change it")


class ReadOnly(dict):
    """A dict that refuses changes: the parts of an observation every caller shares. It is a
    dict for everything that reads (``isinstance``, JSON, ``==``); copies are plain dicts."""

    __slots__ = ()
    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = __ior__ = _refuse

    def __copy__(self):
        return dict(self)

    def __deepcopy__(self, memo):
        return copy.deepcopy(dict(self), memo)

    def __reduce__(self):
        return (dict, (dict(self),))


_HALF_TURN = math.pi / 2
FORBIDDEN_KEYS = {"deck", "updeck", "upgrade_deck", "tip_g", "tip", "tipping_point", "rng"}


class ViewTables:
    """Tables for ``observe``, built once per game object: (load, lean) and the supply for every
    count of gems in the basket, each villain's starting health and penalty rows, and the options'
    part of a view (the same shared, read-only dict for every state)."""

    def __init__(self, c: Components):
        ml, ms = c.gem_mass["large"], c.gem_mass["small"]
        self.load = [[(nl * ml + ns * ms, timer.lean(nl * ml + ns * ms, c.timer))
                      for ns in range(c.gem_count["small"] + 1)]
                     for nl in range(c.gem_count["large"] + 1)]
        self.supply = [[ReadOnly({"large": c.gem_count["large"] - nl,
                                  "small": c.gem_count["small"] - ns})
                        for ns in range(c.gem_count["small"] + 1)]
                       for nl in range(c.gem_count["large"] + 1)]
        self.option_views: dict = {}
        self.max_health = [v.health for v in c.villains]
        self.rows = [[tuple(r) for r in v.rows] for v in c.villains]

    def options(self, sand_ticks: int, sides: str):
        key = (sand_ticks, sides)
        view = self.option_views.get(key)
        if view is None:
            view = self.option_views[key] = ReadOnly({"sand_ticks": sand_ticks, "sides": sides})
        return view

    def penalty_row(self, villain: int, health: int):
        rows = self.rows[villain]
        return rows[health - 1] if rows and health > 0 else ()


def observe(vt: "ViewTables", s: SandsOfAdventureState, seat, to_act):
    """Built when first read (``engine.observation``): ``apply`` and ``advance`` settle the
    views not read yet, so each shows the moment it was taken. ``to_act(s)``: the game's."""
    return lazy(s._views, lambda: observe_now(vt, s, seat, to_act),
                {"game": "sands_of_adventure", "seat": seat})


def observe_now(vt: "ViewTables", s: SandsOfAdventureState, seat, to_act):
    """Cheap enough to take every step: the seat-independent view is built once per state
    change and shared by every seat and every caller - each call copies only the top-level
    dict. The shared parts are immutable: tuples and read-only dicts (``dict(obs["timer"])``
    gives a copy to change), never deep copies. ``apply`` and ``advance`` forget the cached
    view; a small key of what changes most (tick, stage, counts, figures) guards against a
    state changed by hand (test scenarios should still call ``SandsOfAdventureState.touch``)."""
    key = (s.tick, s.phase, s.stage, s.current, s.health, s.vpos, len(s.deck), len(s.pile),
           len(s.timer.gems), s.step_count, *map(len, s.hands), *map(len, s.tokens),
           *s.figures)
    cached = s._obs
    if cached is not None and cached[0] == key:
        base = cached[1]
    else:
        base = observe_base(vt, s, to_act)
        s._obs = (key, base)
    obs = dict(base)
    obs["seat"] = seat
    return obs


def observe_base(vt: "ViewTables", s: SandsOfAdventureState, to_act) -> dict:
    t = s.timer
    gems = tuple(t.gems)
    large = gems.count("large")
    small = len(gems) - large
    mode = t.mode
    if mode == timer.INVERTED:
        sand_end = t.inverted_tick + t.sand_ticks
        upper, lower = timer.sand_fractions(t, s.tick)
    else:
        sand_end = -1
        upper, lower = (1.0, 0.0) if mode == timer.FALLING and t.angle >= _HALF_TURN else (0.0, 1.0)
    load, lean = vt.load[large][small]
    stage = s.stage
    return {
        "game": "sands_of_adventure", "v": OBS_VERSION, "seat": None, "n": s.n,
        "tick": s.tick, "round": s.round, "phase": s.phase, "stage": stage,
        "leader": s.leader, "current": s.current, "to_act": to_act(s),
        "pending": s.prog[0][0] if stage == "step" and s.prog else stage,
        "characters": s.chars,
        "hands": tuple(map(tuple, s.hands)),
        "figures": tuple(s.figures),
        "tokens": tuple(map(tuple, s.tokens)),
        "stacks": ReadOnly(s.stacks),
        "pile": tuple(s.pile), "top": s.pile[-1] if s.pile else -1,
        "snakes": tuple(s.snakes), "aside": tuple(s.aside),
        "deck_count": len(s.deck), "upgrade_count": len(s.updeck),
        "row": tuple(s.row), "tiles_aside": tuple(s.tiles_aside),
        "villain": s.villain, "villain_pos": s.vpos, "health": s.health,
        "max_health": vt.max_health[s.villain],
        "penalty_row": vt.penalty_row(s.villain, s.health),
        "timer": ReadOnly({
            "gems": gems, "mode": mode, "angle": t.angle, "omega": t.omega,
            "lean": lean, "load_g": load,
            "supply": vt.supply[large][small],
            "released_tick": t.released_tick, "inverted_tick": t.inverted_tick,
            "fall_end_tick": t.fall_end_tick, "sand_ticks": t.sand_ticks,
            "sand_end_tick": sand_end, "sand_upper": upper, "sand_lower": lower,
            "flipped_by": t.flipped_by,
        }),
        "turn": ReadOnly({"prog": tuple(s.prog), "step_count": s.step_count,
                          "give_card": s.give_card, "dice": tuple(s.dice),
                          "rolled": tuple(s.rolled), "penalty": tuple(s.penalty),
                          "choice": s.choice, "finish": tuple(s.finish)}),
        "snake": ReadOnly({"card": s.snake_card, "seat": s.snake_seat,
                           "torch_land": s.torch_land, "torch_last": s.torch_last}),
        "options": vt.options(s.sand_ticks, s.sides),
        "results": tuple(s.results), "result": s.result, "ended_how": s.ended_how,
    }


def known_state(obs) -> SandsOfAdventureState:
    """The observation ``obs`` laid out as a state the rules can read, the hidden things unknown:
    the Action and Upgrade decks hold as many unknown cards (-1) as they have, the tipping point
    is None and there is no RNG. The rules may be asked about it (who acts, legal actions, why
    not, sentences), never played on it: the table asks its questions of it
    (``tables/sands_of_adventure/seen.py``) and ``determinize`` fills in the hidden things."""
    s = SandsOfAdventureState.__new__(SandsOfAdventureState)
    s.n = obs["n"]
    s.chars = tuple(obs["characters"])
    s.rng = None
    s.tick = obs["tick"]
    s.sand_ticks = obs["options"]["sand_ticks"]
    s.sides = obs["options"]["sides"]
    s.round = obs["round"]
    s.phase = obs["phase"]
    s.stage = obs["stage"]
    s.leader = obs["leader"]
    s.current = obs["current"]
    s.hands = [list(h) for h in obs["hands"]]
    s.pile = list(obs["pile"])
    s.snakes = list(obs["snakes"])
    s.aside = list(obs["aside"])
    s.figures = list(obs["figures"])
    s.tokens = [[(k, bool(up)) for k, up in ts] for ts in obs["tokens"]]
    s.stacks = dict(obs["stacks"])
    s.row = [(tile, side) for tile, side in obs["row"]]
    s.tiles_aside = list(obs["tiles_aside"])
    s.villain = obs["villain"]
    s.vpos = obs["villain_pos"]
    s.health = obs["health"]
    tu = obs["turn"]
    s.prog = [tuple(p) for p in tu["prog"]]
    s.step_count = tu["step_count"]
    s.give_card = tu["give_card"]
    s.dice = list(tu["dice"])
    s.rolled = list(tu["rolled"])
    s.penalty = list(tu["penalty"])
    s.choice = tu["choice"]
    s.finish = list(tu.get("finish", []))
    s._obs = None
    s._ta = None
    s._views = []
    sn = obs["snake"]
    s.snake_card = sn["card"]
    s.snake_seat = sn["seat"]
    s.torch_land = sn["torch_land"]
    s.torch_last = sn["torch_last"]
    s.results = list(obs["results"])
    s.result = obs["result"]
    s.ended_how = obs["ended_how"]
    ot = obs["timer"]
    t = timer.Timer(ot["sand_ticks"])
    t.gems = list(ot["gems"])
    t.mode = ot["mode"]
    t.angle = ot["angle"]
    t.omega = ot["omega"]
    t.released_tick = ot["released_tick"]
    t.inverted_tick = ot["inverted_tick"]
    t.fall_end_tick = ot["fall_end_tick"]
    t.flipped_by = ot["flipped_by"]
    t.tip_g = None  # hidden
    s.timer = t
    s.deck = [-1] * obs["deck_count"]
    s.updeck = [-1] * obs["upgrade_count"]
    return s


def determinize(c: Components, obs, rng) -> SandsOfAdventureState:
    """A full state consistent with ``obs``: the unseen cards are dealt at random between the
    Upgrade deck (which holds only Upgrade cards) and the Action deck, the tipping point is
    drawn above the current load while the timer still stands, and the RNG is fresh."""
    s = known_state(obs)
    s.rng = RNG(rng.next64())
    t = s.timer
    ot = obs["timer"]
    spec = c.timer
    if t.mode == timer.UPRIGHT:
        lo = max(spec.tip_min_g, ot["load_g"])
        t.tip_g = rng.uniform(lo, spec.tip_max_g) if lo < spec.tip_max_g else spec.tip_max_g
        if t.tip_g <= ot["load_g"]:  # the uniform draw hit the load itself
            t.tip_g = spec.tip_max_g
    else:
        t.tip_g = rng.uniform(spec.tip_min_g, spec.tip_max_g)
    seen = set(s.pile) | set(s.snakes) | set(s.aside)
    for h in s.hands:
        seen.update(h)
    if s.snake_card >= 0:
        seen.add(s.snake_card)
    unseen = [i for i in range(len(c.cards)) if i not in seen]
    rng.shuffle(unseen)
    ups = [i for i in unseen if c.cards[i].upgrade]
    k = obs["upgrade_count"]
    s.updeck = ups[:k]
    chosen = set(s.updeck)
    s.deck = [i for i in unseen if i not in chosen]
    return s

# --- checks -------------------------------------------------------------------------------------
def check_invariants(c: Components, s: SandsOfAdventureState) -> list[str]:
    problems = []
    where: dict[int, str] = {}
    for name, zone in all_zones(s):
        for card in zone:
            if card in where:
                problems.append(f"card {card} is both in the {where[card]} and the {name}")
            where[card] = name
    if len(where) != len(c.cards):
        missing = sorted(set(range(len(c.cards))) - set(where))
        problems.append(f"{len(missing)} card(s) are nowhere: {missing[:8]}")
    for card in s.updeck:
        if not c.cards[card].upgrade:
            problems.append(f"card {card} is not an Upgrade card but is in the Upgrade deck")
    for card in s.snakes:
        if not c.cards[card].snake:
            problems.append(f"card {card} is in the Snake discard but is no Snake")
    for i, h in enumerate(s.hands):
        for card in h:
            if c.cards[card].snake:
                problems.append(f"a Snake is in hand {i + 1}")
        if h != sorted(h):
            problems.append(f"hand {i + 1} is not kept sorted")
    for card in s.pile:
        if c.cards[card].snake:
            problems.append("a Snake is on the play pile")
    # gems: always twelve between the supply and the timer
    t = s.timer
    for g in GEM_SIZES:
        n_in = timer.count(t, g)
        if not 0 <= n_in <= c.gem_count[g]:
            problems.append(f"{n_in} {g} gems in the basket, but there are {c.gem_count[g]}")
    if len(t.gems) > c.gem_total or any(g not in GEM_SIZES for g in t.gems):
        problems.append(f"bad gems in the basket: {t.gems}")
    if not 0.0 <= t.angle <= math.pi:
        problems.append(f"timer angle {t.angle} out of range")
    load = timer.load_g(t, c)
    if s.phase in (EXPLORE, PREP, SETUP):
        if t.mode != timer.UPRIGHT:
            problems.append(f"the timer is {t.mode} outside the Timed Phase")
        if timer.tips(load, t, c.timer):
            problems.append("the load is past the tipping point but the timer stands")
    if s.phase == TIMED and t.mode == timer.UPRIGHT:
        problems.append("the Timed Phase runs but the timer has not flipped")
    if t.mode == timer.INVERTED and (t.angle != math.pi or t.omega != 0.0):
        problems.append("the inverted timer is not at rest")
    # tokens: six in all
    for k in TOKEN_KINDS:
        held = sum(1 for ts in s.tokens for tk in ts if tk[0] == k)
        if held + s.stacks.get(k, 0) != c.token_count[k]:
            problems.append(f"{held} {k} tokens held and {s.stacks.get(k)} in the stack")
    v = c.villains[s.villain]
    if not 0 <= s.health <= v.health:
        problems.append(f"villain health {s.health} outside 0..{v.health}")
    if not 0 <= s.vpos < ROW_LENGTH:
        problems.append(f"villain on tile {s.vpos}")
    if s.phase in (EXPLORE, TIMED) and s.health == 0:
        problems.append("the villain is defeated but the round goes on")
    for i, f in enumerate(s.figures):
        if not -1 <= f < ROW_LENGTH:
            problems.append(f"figure {i + 1} on tile {f}")
    tiles = [r[0] for r in s.row] + list(s.tiles_aside)
    if len(set(tiles)) != len(tiles):
        problems.append(f"an Adventure tile is used twice: {tiles}")
    if s.phase == TIMED and s.stage == "snake" and s.snake_card < 0:
        problems.append("a Snake blocks play but none was drawn")
    if s.finish and (s.phase != TIMED or "villain" not in s.finish):
        problems.append(f"Threat dice left to finish outside the Timed Phase: {s.finish}")
    if s.phase == TIMED and any(not s.hands[p] for p in s.penalty):
        problems.append("a player with no cards owes a card to bury")
    if s.phase == OVER and s.result not in ("win", "loss"):
        problems.append("the game is over without a result")
    return problems


def check_observation(s: SandsOfAdventureState, seat, obs) -> list[str]:
    """Leaks: deck order, the RNG or the tipping point in an observation."""
    leaks = []
    tip = s.timer.tip_g
    forbidden_lists = [lst for lst in (s.deck, s.updeck) if len(lst) >= 2]

    def walk(x, path):
        if isinstance(x, dict):
            for k, v in x.items():
                if k in FORBIDDEN_KEYS:
                    leaks.append(f"{path}.{k} is hidden information")
                walk(v, f"{path}.{k}")
        elif isinstance(x, (list, tuple)):
            if x and any(len(x) == len(lst) and list(x) == lst for lst in forbidden_lists):
                leaks.append(f"{path} shows a deck's order")
            for i, v in enumerate(x):
                walk(v, f"{path}[{i}]")
        elif isinstance(x, float):
            if x == tip:
                leaks.append(f"{path} shows the tipping point")
    walk(obs, "obs")
    if obs.get("deck_count") != len(s.deck) or obs.get("upgrade_count") != len(s.updeck):
        leaks.append("the deck sizes are wrong")
    if [list(h) for h in obs.get("hands", ())] != [sorted(h) for h in s.hands]:
        leaks.append("the hands shown differ from the hands held")
    return leaks
