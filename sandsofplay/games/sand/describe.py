"""A sentence for every action (menus, hints, the log), and the reason an action is refused
(``why_illegal``: the open stage's reason, from ``turn``)."""

from __future__ import annotations

from sandsofplay.engine import Action
from sandsofplay.engine.describe import Phrases, plain, plural

from .core import D, loc_name
from .moves import care_base
from .data import DICE
from .state import SandState
from .turn import why_illegal

def _src(src) -> str:
    src = str(src)
    if src.startswith("die:"):
        return f"the free {src[4:]} die of an abandoned Box"
    return f"the {src} Action token"


SRC = plain(_src)


def _other_end(s: SandState, seat: int, rid: str) -> str:
    return loc_name(D.routes[rid].other(s.players[seat]["loc"]))


def _travel(extra: str):
    def say(s: SandState, seat: int, rid, src) -> str:
        return f"Travel the {D.routes[rid].kind} route to {_other_end(s, seat, rid)} using " \
               f"{_src(src)}{extra}."
    return say


def _leg(s: SandState, seat: int, rid) -> str:
    r = D.routes[rid]
    need, _cost = D.route_cost(s.players[seat]["worm"], r.kind)
    more = need - s.turn["nav_value"]
    raise_ = f", raising the die by {more} with Prayers or coins" if more > 0 else ""
    return f"Navigator's second leg: the {r.kind} route to {_other_end(s, seat, rid)}{raise_}."


def _load(s: SandState, seat: int, i, *how) -> str:
    using = f" using {_src(how[0])}" if how and how[0] != "token" else \
        " (occupying its token, for the Young Worm)" if how else ""
    return f"Load the {s.cities[s.players[seat]['loc']][i]} Box here{using}."


def _reward(s: SandState, seat: int, i) -> str:
    f = s.pending[-1]
    word, n = D.records[f[2]][f[3]][i]
    return f"Take the reward: {word}" + (f" {n}" if n else "") + "."


def _abandon(s: SandState, seat: int, i) -> str:
    e = s.players[seat]["cargo"][i]
    return f"Abandon the {', '.join(e[1])} Box to free the {DICE[e[0]]} token."


def _care(s: SandState, seat: int, track, *sources) -> str:
    used = " and ".join(_src(x) for x in sources)
    try:  # what the die gives (Prayers or money may add more after)
        base = care_base(s, seat, track, list(sources))
        gain = f" (+{base})" if base > 0 else ""  # (0 before the dice are rolled)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        gain = ""
    return f"Care for the Worm ({track}) using {used}{gain}."


def _extra(s: SandState, seat: int, n) -> str:
    if not n:
        return "Add nothing more."
    return f"Add {n} more, for {plural(n, 'Prayer')} or coins (any mix)."


def _box(where: str, template: str):
    """A sentence naming the Box that the action's first argument picks: in the Worm's cargo
    (its top Box), in the Shelter, or in the city here."""
    def say(s: SandState, seat: int, i, *rest) -> str:
        p = s.players[seat]
        box = p["cargo"][i][1][-1] if where == "cargo" else \
            p["store"][i] if where == "store" else s.cities[p["loc"]][i]
        return template.format(i, *rest, box=box)
    return say


def _acolyte(s: SandState, seat: int, city, i, src) -> str:
    return f"Acolyte: carry the {s.cities[city][i]} Box of {loc_name(city)} to the Shelter " \
           f"using {_src(src)}."


# one entry per action kind (``engine.describe.Phrases``); a malformed action reads as its text
PHRASES = Phrases({
    "reroll": "Reroll all the dice (once).", "keep_dice": "Keep these dice.",
    "place": ("Place the {} Action token in a free space.", None),
    "go": "Done placing Action tokens: start acting.",
    "deliver": "Deliver goods here (choose the Boxes, all at once).",
    "done": "Finish the delivery and collect.", "end": "End the turn.",
    "surmesh": ("Surmesh: turn the {} and {} dice over for this turn.", None, None),
    "advance": ("Advance {} by 1.", None), "pick": ("Choose Mission {}.", None),
    "keep_mission": "Keep the Mission for the end of the game.",
    "take_reward": "Discard the Mission for its immediate reward.",
    "tend": ("Custodian: care for the Worm's Health using {}.", SRC),
    "pray": ("Pray using {}.", SRC), "prestige": ("Earn Prestige using {}.", SRC),
    "song": ("Compose a Song here using {}.", SRC),
    "give": _box("cargo", "Deliver the {box} Box."),
    "store": _box("cargo", "Put the {box} Box in the Shelter."),
    "retrieve": _box("store", "Take the {box} Box from the Shelter."),
    "shaman": _box("store", "Shaman: turn the {box} relic into an Iwakura rock."),
    "sonett": _box("store", "Sonett: swap the {box} Box for a {1} one."),
    "stack": _box("city", "Young Worm: load the {box} Box for free."),
    "traveler": lambda s, seat, t: f"Travel as {D.travelers[t]}: {D.traveler_text[t]}",
    "travel": _travel(""), "navigate": _travel(" with the Navigator (two legs)"),
    "leg": _leg, "load": _load, "care": _care,
    "walk": lambda s, seat, rid: f"Zhaslir: walk the shortcut to {_other_end(s, seat, rid)} "
                                 "(no token, 3 more Health).",
    "acolyte": _acolyte, "abandon": _abandon, "reward": _reward,
    "prayers": lambda s, seat, n: f"Pay {plural(n, 'Prayer')} and "
                                  f"{plural(s.pending[-1][2] - n, 'coin')}.",
    "extra": _extra,
    "shelter": lambda s, seat, city: f"Set up the Shelter at {loc_name(city)}.",
    "companion": lambda s, seat, c: f"Flip the {c.replace('_', ' ').title()} Companion.",
}, lenient=True)


def describe(s: SandState, seat: int, a: Action) -> str:
    return PHRASES(s, seat, a)


__all__ = ["describe", "why_illegal"]
