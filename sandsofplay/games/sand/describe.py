"""A sentence for every action (menus, hints, the log), and the reason an action is refused
(``why_illegal``: the open stage's reason, from ``turn``)."""

from __future__ import annotations

from sandsofplay.engine import Action
from sandsofplay.engine.describe import plural

from .core import D, loc_name
from .moves import care_base
from .data import DICE
from .state import SandState
from .turn import why_illegal

# the sentences that need nothing but the action's words: "{0}" is its first argument
SAID = {
    "reroll": "Reroll all the dice (once).", "keep_dice": "Keep these dice.",
    "place": "Place the {0} Action token in a free space.",
    "go": "Done placing Action tokens: start acting.",
    "deliver": "Deliver goods here (choose the Boxes, all at once).",
    "done": "Finish the delivery and collect.", "end": "End the turn.",
    "surmesh": "Surmesh: turn the {0} and {1} dice over for this turn.",
    "advance": "Advance {0} by 1.", "pick": "Choose Mission {0}.",
    "keep_mission": "Keep the Mission for the end of the game.",
    "take_reward": "Discard the Mission for its immediate reward.",
}
# the sentences "<Start> <source>.": an action with one token or free die
USING = {"tend": "Custodian: care for the Worm's Health using", "pray": "Pray using",
         "prestige": "Earn Prestige using", "song": "Compose a Song here using"}


def _src(src) -> str:
    src = str(src)
    if src.startswith("die:"):
        return f"the free {src[4:]} die of an abandoned Box"
    return f"the {src} Action token"


def _other_end(s: SandState, seat: int, rid: str) -> str:
    return loc_name(D.routes[rid].other(s.players[seat]["loc"]))


def _travel(s: SandState, seat: int, a: Action) -> str:
    rid, src = a.args
    extra = " with the Navigator (two legs)" if a.kind == "navigate" else ""
    return f"Travel the {D.routes[rid].kind} route to {_other_end(s, seat, rid)} using " \
           f"{_src(src)}{extra}."


def _leg(s: SandState, seat: int, a: Action) -> str:
    r = D.routes[a.args[0]]
    need, _cost = D.route_cost(s.players[seat]["worm"], r.kind)
    more = need - s.turn["nav_value"]
    raise_ = f", raising the die by {more} with Prayers or coins" if more > 0 else ""
    return f"Navigator's second leg: the {r.kind} route to " \
           f"{_other_end(s, seat, a.args[0])}{raise_}."


def _load(s: SandState, seat: int, a: Action) -> str:
    args = a.args
    how = f" using {_src(args[1])}" if len(args) > 1 and args[1] != "token" else \
        " (occupying its token, for the Young Worm)" if len(args) > 1 else ""
    return f"Load the {s.cities[s.players[seat]['loc']][args[0]]} Box here{how}."


def _reward(s: SandState, seat: int, a: Action) -> str:
    f = s.pending[-1]
    word, n = D.records[f[2]][f[3]][a.args[0]]
    return f"Take the reward: {word}" + (f" {n}" if n else "") + "."


def _abandon(s: SandState, seat: int, a: Action) -> str:
    e = s.players[seat]["cargo"][a.args[0]]
    return f"Abandon the {', '.join(e[1])} Box to free the {DICE[e[0]]} token."


def _care(s: SandState, seat: int, a: Action) -> str:
    used = " and ".join(_src(x) for x in a.args[1:])
    try:  # what the die gives (Prayers or money may add more after)
        base = care_base(s, seat, a.args[0], list(a.args[1:]))
        gain = f" (+{base})" if base > 0 else ""  # (0 before the dice are rolled)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        gain = ""
    return f"Care for the Worm ({a.args[0]}) using {used}{gain}."


def _extra(s: SandState, seat: int, a: Action) -> str:
    n = a.args[0]
    if not n:
        return "Add nothing more."
    return f"Add {n} more, for {plural(n, 'Prayer')} or coins (any mix)."


def _box(s: SandState, seat: int, a: Action) -> str:
    """The Box an action of the Worm's cargo, the Shelter or the city here names."""
    p, i = s.players[seat], a.args[0]
    if a.kind in ("give", "store"):
        return p["cargo"][i][1][-1]
    if a.kind in ("retrieve", "shaman", "sonett"):
        return p["store"][i]
    return s.cities[p["loc"]][i]  # stack


BOX = {"give": "Deliver the {box} Box.", "store": "Put the {box} Box in the Shelter.",
       "retrieve": "Take the {box} Box from the Shelter.",
       "shaman": "Shaman: turn the {box} relic into an Iwakura rock.",
       "sonett": "Sonett: swap the {box} Box for a {1} one.",
       "stack": "Young Worm: load the {box} Box for free."}

SAY = {
    "traveler": lambda s, seat, a: f"Travel as {D.travelers[a.args[0]]}: "
                                   f"{D.traveler_text[a.args[0]]}",
    "travel": _travel, "navigate": _travel, "leg": _leg, "load": _load, "care": _care,
    "walk": lambda s, seat, a: f"Zhaslir: walk the shortcut to {_other_end(s, seat, a.args[0])} "
                               "(no token, 3 more Health).",
    "acolyte": lambda s, seat, a: f"Acolyte: carry the {s.cities[a.args[0]][a.args[1]]} Box of "
                                  f"{loc_name(a.args[0])} to the Shelter using "
                                  f"{_src(a.args[2])}.",
    "abandon": _abandon, "reward": _reward,
    "prayers": lambda s, seat, a: f"Pay {plural(a.args[0], 'Prayer')} and "
                                  f"{plural(s.pending[-1][2] - a.args[0], 'coin')}.",
    "extra": _extra,
    "shelter": lambda s, seat, a: f"Set up the Shelter at {loc_name(a.args[0])}.",
    "companion": lambda s, seat, a: f"Flip the {a.args[0].replace('_', ' ').title()} Companion.",
}


def describe(s: SandState, seat: int, a: Action) -> str:
    k = a.kind
    try:
        if k in SAID:
            return SAID[k].format(*a.args)
        if k in USING:
            return f"{USING[k]} {_src(a.args[0])}."
        if k in BOX:
            return BOX[k].format(*a.args, box=_box(s, seat, a))
        if k in SAY:
            return SAY[k](s, seat, a)
    except Exception:  # noqa: BLE001 - a malformed action is described by its text
        pass
    return str(a)


__all__ = ["describe", "why_illegal"]
