"""Small helpers shared by the rules modules: chance, names, money, tracks, Worm capacity."""

from __future__ import annotations

from sandsofplay.engine import RNG, Action, Event

from .data import DICE, get as _data
from .state import BUSY, POOL, READY, SPENT, SandState

D = _data()
BANK = 1600  # 25x1 + 15x5 + 10x10 + 10x20 + 8x50 + 8x100
TRACK_KEY = {"hydration": "hyd", "food": "food", "health": "hp", "prayer": "pray",
             "prestige": "prest"}
# Prestige has no top in the rulebook (Earn Prestige): only the other tracks are capped.
TRACK_MAX = {TRACK_KEY[t]: D.track_max[t] for t in TRACK_KEY if t in D.track_max}
ALH = "Alhazred"


def rand(s: SandState, n: int) -> int:
    r = RNG.from_state(s.rng)
    v = r.randrange(n)
    s.rng = r.state
    return v


def shuffle(s: SandState, items: list) -> None:
    r = RNG.from_state(s.rng)
    r.shuffle(items)
    s.rng = r.state


def who(s: SandState, seat) -> str:
    if seat is None or seat < 0:
        return "nobody"
    if seat >= s.n:
        return ALH
    return f"Player {seat + 1}"


def loc_name(loc: str) -> str:
    l = D.locations.get(loc)
    return l.name if l else loc


def gain(s: SandState, p: dict, amount: int) -> int:
    """Pay ``amount`` coins from the bank to a player (or Alhazred's dict)."""
    amount = max(0, min(amount, s.bank))
    p["coins"] += amount
    s.bank -= amount
    return amount


def pay(s: SandState, p: dict, amount: int) -> None:
    p["coins"] -= amount
    s.bank += amount


def advance(p: dict, key: str, amount: int) -> int:
    """Move a track (hyd/food/hp/pray/prest) by ``amount``, kept in 0..max (Prestige has no max);
    returns the change."""
    old = p[key]
    new = max(0, old + amount)
    top = TRACK_MAX.get(key)
    p[key] = new if top is None else min(top, new)
    return p[key] - old


def used_spaces(p: dict) -> int:
    return len(p["cargo"]) + p["tok"].count(READY)


def free_spaces(p: dict) -> int:
    return p["slots"] - used_spaces(p)


def has_comp(p: dict, name: str) -> bool:
    return name in p["comp"]


def trav(p: dict, name: str) -> bool:
    return p["trav"] == name


def die_value(s: SandState, colour_index: int) -> int:
    v = s.dice[colour_index]
    if DICE[colour_index] in s.turn.get("flip", ()):
        v = 7 - v
    return v


def free_die(p: dict, c: str, t: int) -> bool:
    """Abandoned Goods: a Box abandoned on turn ``t`` lends its die on the player's next turn only
    (the rulebook's example: "at any time during their next turn"); later it just lies there."""
    return c in DICE and t == p["turns"] - 1


def sources(s: SandState, seat: int, colour_index: int) -> list[str]:
    """Ways to take an action with a die colour: its ready Action token (the colour name) and/or
    the free die of a Box abandoned on the previous turn ("die:colour")."""
    p = s.players[seat]
    out = []
    col = DICE[colour_index]
    if p["tok"][colour_index] == READY:
        out.append(col)
    if p["aband"] and any(c == col and free_die(p, c, t) for c, t in p["aband"]):
        out.append("die:" + col)
    return out


def source_colour(src: str) -> int:
    """Colour index of a source word, or -1."""
    col = src[4:] if src.startswith("die:") else src
    return DICE.index(col) if col in DICE else -1


def spend_source(s: SandState, seat: int, src: str, ev: list) -> None:
    p = s.players[seat]
    if src.startswith("die:"):
        col = src[4:]
        for i, (c, t) in enumerate(p["aband"]):
            if c == col and free_die(p, c, t):
                p["aband"].pop(i)
                s.bag[col] += 1
                ev.append(Event("free_die", {"seat": seat, "colour": col},
                                f"{who(s, seat)} uses the {col} die of an abandoned Box, which "
                                "goes "
                                "back to the bag."))
                return
    else:
        ci = DICE.index(src)
        p["tok"][ci] = SPENT
        if src not in s.turn["used"]:
            s.turn["used"].append(src)


def free_token(s: SandState, p: dict, ci: int) -> None:
    """An occupied token flips to its active side and goes back to the pool, emptying its space
    (see docs/rulings/sand.md: usable again when tokens are next placed)."""
    if p["tok"][ci] == BUSY:
        p["tok"][ci] = SPENT if DICE[ci] in s.turn["used"] else POOL


def goods_type(colour: str) -> str:
    return D.goods[colour]


def close_turn(s: SandState, seat: int) -> None:
    """A turn's end for ``seat``: its placed and used Action tokens back to the pool, the turn's
    flags anew (Rulebook: Actions of the Game - the tokens come back at the end of the turn)."""
    p = s.players[seat]
    for i in range(4):
        if p["tok"][i] in (READY, SPENT):
            p["tok"][i] = POOL
    s.turn = new_turn_flags()


def new_turn_flags() -> dict:
    """``nav``: 0 the Navigator unused, 1 her second leg open (``nav_value``: the die as raised so
    far), 2 done; ``arrived``: the place the Worm last reached by travelling this turn."""
    return {"used": [], "flip": [], "nav": 0, "nav_value": 0, "walk": 0, "shaman": 0,
            "sonett": 0, "shelter": "", "delivered": 0, "arrived": ""}


def doubled(p: dict) -> bool:
    """The Young Worm allows two Boxes on *one* space: True when a space already holds two."""
    return any(len(e[1]) >= 2 for e in p["cargo"])


_ACTIONS: dict = {}


def A(kind: str, *args) -> Action:
    """An interned Action (the rules build the same few thousand actions over and over)."""
    key = (kind,) + args
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = Action(kind, args)
    return a
