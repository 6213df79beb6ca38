"""A sentence for every action (menus, hints, the log), and the reason an action is refused
(``why_illegal``: the open stage's reason, from ``turn``)."""

from __future__ import annotations

from .core import D, loc_name
from .data import DICE
from .turn import why_illegal


def _src(src) -> str:
    src = str(src)
    if src.startswith("die:"):
        return f"the free {src[4:]} die of an abandoned Box"
    return f"the {src} Action token"


def describe(s, seat, a) -> str:
    k, args = a.kind, a.args
    try:
        if k == "traveler":
            return f"Travel as {D.travelers[args[0]]}: {D.traveler_text[args[0]]}"
        if k == "reroll":
            return "Reroll all the dice (once)."
        if k == "keep_dice":
            return "Keep these dice."
        if k == "place":
            return f"Place the {args[0]} Action token in a free space."
        if k == "go":
            return "Done placing Action tokens: start acting."
        if k in ("travel", "navigate"):
            r = D.routes[args[0]]
            here = s.players[seat]["loc"]
            extra = " with the Navigator (two legs)" if k == "navigate" else ""
            return f"Travel the {r.kind} route to {loc_name(r.other(here))} using {_src(args[1])}" \
                   f"{extra}."
        if k == "leg":
            r = D.routes[args[0]]
            need, _cost = D.route_cost(s.players[seat]["worm"], r.kind)
            more = need - s.turn["nav_value"]
            raise_ = f", raising the die by {more} with Prayers or coins" if more > 0 else ""
            return f"Navigator's second leg: the {r.kind} route to " \
                   f"{loc_name(r.other(s.players[seat]['loc']))}{raise_}."
        if k == "walk":
            r = D.routes[args[0]]
            return f"Zhaslir: walk the shortcut to {loc_name(r.other(s.players[seat]['loc']))} " \
                   "(no token, 3 more Health)."
        if k == "load":
            how = f" using {_src(args[1])}" if len(args) > 1 and args[1] != "token" else \
                " (occupying its token, for the Young Worm)" if len(args) > 1 else ""
            return f"Load the {s.cities[s.players[seat]['loc']][args[0]]} Box here{how}."
        if k == "stack":
            return f"Young Worm: load the {s.cities[s.players[seat]['loc']][args[0]]} Box for free."
        if k == "deliver":
            return "Deliver goods here (choose the Boxes, all at once)."
        if k == "give":
            return f"Deliver the {s.players[seat]['cargo'][args[0]][1][-1]} Box."
        if k == "done":
            return "Finish the delivery and collect."
        if k == "care":
            used = " and ".join(_src(x) for x in args[1:])
            return f"Care for the Worm ({args[0]}) using {used}."
        if k == "tend":
            return f"Custodian: care for the Worm's Health using {_src(args[0])}."
        if k == "pray":
            return f"Pray using {_src(args[0])}."
        if k == "prestige":
            return f"Earn Prestige using {_src(args[0])}."
        if k == "song":
            return f"Compose a Song here using {_src(args[0])}."
        if k == "acolyte":
            return f"Acolyte: carry the {s.cities[args[0]][args[1]]} Box of {loc_name(args[0])} " \
                   f"to the Shelter using {_src(args[2])}."
        if k == "store":
            return f"Put the {s.players[seat]['cargo'][args[0]][1][-1]} Box in the Shelter."
        if k == "retrieve":
            return f"Take the {s.players[seat]['store'][args[0]]} Box from the Shelter."
        if k == "shaman":
            box = s.players[seat]['store'][args[0]]
            return f"Shaman: turn the {box} relic into an Iwakura rock."
        if k == "sonett":
            return f"Sonett: swap the {s.players[seat]['store'][args[0]]} Box for a {args[1]} one."
        if k == "surmesh":
            return f"Surmesh: turn the {args[0]} and {args[1]} dice over for this turn."
        if k == "abandon":
            e = s.players[seat]["cargo"][args[0]]
            return f"Abandon the {', '.join(e[1])} Box to free the {DICE[e[0]]} token."
        if k == "end":
            return "End the turn."
        if k == "prayers":
            f = s.pending[-1]
            return f"Pay {args[0]} Prayers and {f[2] - args[0]} coins."
        if k == "extra":
            return f"Add {args[0]} with Prayers or money." if args[0] else "Add nothing more."
        if k == "reward":
            word, n = D.records[s.pending[-1][2]][s.pending[-1][3]][args[0]]
            return f"Take the reward: {word}" + (f" {n}" if n else "") + "."
        if k == "advance":
            return f"Advance {args[0]} by 1."
        if k == "shelter":
            return f"Set up the Shelter at {loc_name(args[0])}."
        if k == "companion":
            return f"Flip the {args[0].replace('_', ' ').title()} Companion."
        if k == "pick":
            return f"Choose Mission {args[0]}."
        if k == "keep_mission":
            return "Keep the Mission for the end of the game."
        if k == "take_reward":
            return "Discard the Mission for its immediate reward."
    except Exception:  # noqa: BLE001 - a malformed action is described by its text
        pass
    return str(a)


__all__ = ["describe", "why_illegal"]
