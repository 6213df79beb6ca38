"""Short button labels for Sand's actions and the question the prompt bar asks now."""

from __future__ import annotations

from ...engine.describe import plural
from ...games.sand.core import die_value, source_colour
from ...games.sand.data import get as sand_data
from ...games.sand.moves import WALK_HEALTH

D = sand_data()


# the main action list's groups, in a fixed order (issue 31: the list kept its place between
# actions): the ways to travel by destination first, then the city's and the Worm's actions
ORDER = ("travel", "navigate", "leg", "walk", "load", "stack", "deliver", "song", "acolyte",
         "shaman", "store", "retrieve", "care", "tend", "pray", "prestige", "sonett", "surmesh",
         "abandon", "end")
_RANK = {k: i for i, k in enumerate(ORDER)}
_MOVES = ("travel", "navigate", "leg", "walk")


def stable_order(s, seat, acts) -> list:
    """The main action list (the act step) in a fixed order: the ways to travel grouped by the
    place they reach (in the board's order of places), then each other kind in ``ORDER``;
    within a group the rules' own order (the dice's colours). Other questions keep the
    rules' order (their answers are counts and choices in order)."""
    if s.step != "act" or s.pending:
        return list(acts)
    here = s.players[seat]["loc"]
    places = {loc: i for i, loc in enumerate(D.locations)}

    def key(a):
        if a.kind in _MOVES:
            try:
                return 0, places.get(D.routes[a.args[0]].other(here), 0)
            except (KeyError, IndexError):
                return 0, 0
        return 1 + _RANK.get(a.kind, len(ORDER)), 0
    return sorted(acts, key=key)


# each Companion's ability, in our words (Rulebook: The Companions), said where it is offered
COMPANION_TEXT = {
    "custodian": "Care for Health with one token, black or white (again with the other).",
    "navigator": "Once a turn, one Travel covers two routes; the die must meet both, and "
                 "other actions may come between them.",
    "young_worm": "Two Boxes of one colour on a space; passing a city with a Box the colour "
                  "of an occupied token loads it without an action.",
    "shaman": "Once a turn, a relic in the Shelter becomes an Iwakura rock; the Acolytes "
              "work for 1 coin. Delivering Iwakura gives up kept Missions.",
}


def companion_name(cid: str) -> str:
    return cid.replace("_", " ").title()


def _src(x) -> str:
    x = str(x)
    return f"free {x[4:]} die" if x.startswith("die:") else f"{x} token"


def short_label(s, seat, a) -> str:
    k, args = a.kind, a.args
    if k == "companion" and args:
        return f"Companion: {companion_name(str(args[0]))}"
    try:
        here = s.players[seat]["loc"]
        if k in ("travel", "navigate", "leg", "walk"):
            r = D.routes[args[0]]
            dest = D.locations[r.other(here)].name
            die, cost = D.route_cost(s.players[seat]["worm"], r.kind)
            how = {"travel": "", "navigate": "Navigator ", "leg": "2nd leg ",
                   "walk": "Walk "}[k]
            src = ""
            if len(args) > 1 or k == "leg":  # the die used, and what it falls short
                if k == "leg":
                    value, src = s.turn["nav_value"], ": her die"
                else:
                    value = die_value(s, source_colour(args[1]))
                    src = ": " + (_src(args[1])[:-6] if not str(args[1]).startswith("die:")
                                  else _src(args[1]))
                src += f" {value}" + (f", pay {die - value}" if value < die else "")
            if k == "walk":  # Zhaslir's shortcut: no die, the route's cost and 3 more Health
                cost = (cost[0], cost[1], cost[2] + WALK_HEALTH)
            paid = " ".join(f"{n}{w}" for n, w in zip(cost, ("H", "F", "HP")) if n)
            if k == "walk":
                return f"{how}{dest}, no die ({paid})"
            # (the route's colour is the need's: 4+ green, 5+ gray, 6+ orange)
            return f"{how}{dest} {die}+ ({paid or 'free'}){src}"
        if k == "traveler":
            return f"Traveler: {D.travelers[args[0]]}"
        if k == "place":
            return f"Place the {args[0]} token"
        if k == "care":
            return f"Care {args[0]}: " + " + ".join(_src(x) for x in args[1:])
        if k in ("pray", "prestige", "song", "tend"):
            name = {"pray": "Pray", "prestige": "Earn Prestige", "song": "Compose a Song",
                    "tend": "Custodian: Health"}[k]
            return f"{name} [{_src(args[0])}]"
        if k == "acolyte":
            return f"Acolyte: {s.cities[args[0]][args[1]]} from " \
                   f"{D.locations[args[0]].name} [{_src(args[2])}]"
        if k == "reward":
            return "Reward: " + reward_words(s.pending[-1], args[0])
        if k == "pick":
            from .view import mission_text
            return "Mission " + mission_text(int(args[0]))
    except (KeyError, IndexError, ValueError, TypeError):
        pass
    from ...games.sand.describe import describe
    text = describe(s, seat, a)
    for old, new in ((" Action token", " token"), ("the ", ""), (".", "")):
        text = text.replace(old, new)
    return text[:1].upper() + text[1:]


def reward_words(frame, i) -> str:
    """One choice of a record space's reward, in words ("the Worm evolves", "4 coins")."""
    word, n = D.records[frame[2]][frame[3]][i]
    return {"coins": plural(n, "coin"), "prayer": plural(n, "Prayer"), "worm": "the Worm evolves",
            "companion": "flip a Companion", "shelter": "set up the Shelter",
            "combined": f"advance a track ({n})"}.get(word, f"{word} {n}".strip())


QUESTIONS = {
    "pay": "how is the die boost paid (Prayers, the rest in coins)?",
    "extra": "add to the die with Prayers or money?",
    "choose": "choose the record's reward.",
    "combined": "advance a track by 1 (combined reward).",
    "shelter": "where does the Shelter go? Click a glowing place on the board.",
    "companion": "which Companion do you flip?",
    "deliver": "choose the Boxes to deliver, then Finish the delivery.",
}
STEPS = {
    "traveler": "choose your Desert Traveler.",
    "roll": "keep the dice, or reroll them all once.",
    "place": "place Action tokens (click one in your log or a button), then start acting.",
    "act": "drag your Worm to a glowing place, or choose an action on the right.",
    "pick": "choose a Mission from the row (Upkeep).",
    "keep": "keep the Mission for the end, or take its immediate reward (Upkeep).",
}


def prompt_text(table, o, seat, acts) -> str:
    if table.match.is_over():
        return "The game is over."
    if seat is None:
        who = table.rules.to_act()
        return f"{table.seat_name(who[0])} is playing..." if who else ""
    who = table.seat_name(seat)
    pending = o.get("pending") or []
    if pending:
        f = pending[-1]
        if f[0] == "choose":
            try:
                ways = " / ".join(reward_words(f, i) for i in range(len(D.records[f[2]][f[3]])))
                left = len(D.records[f[2]]) - f[3] - 1
                return (f"{who}: the {f[2]} record's reward - choose one: {ways} "
                        f"({plural(left, 'reward')} left on that record).")
            except (KeyError, IndexError, TypeError):
                pass
        return f"{who}: " + QUESTIONS.get(f[0], "answer the question on the right.")
    return f"{who}: " + STEPS.get(o["step"], "choose an action on the right.")
