"""Why the Hint is worth playing, in one sentence (issue 29): the Hint is the hard level's move,
and this says what the rule-based policy (``policy``) and the hard level's look-ahead
(``search``) weigh for the question open - keep Water, build Copper, hire the strongest Heroes
one can afford, attack the weakest City Section with a stronger army, absorb damage at the
lowest cost, spend the cards one can best spare, tell a Story when its event comes. It reads
only what the seat sees (a state dealt from its observation)."""

from __future__ import annotations

from sandsofplay.engine import RNG

from . import observe
from .cards import card, ka, player_name, section_strength, strength, story_points
from .policy import _weak_section, my_power, opp_power, tale_bonus
from .state import BurningSandsState
from .strategy import STORY_WIN, tellable, threats

ONLY = "Why: it is the only thing to do now."


def explain(obs, legal, action) -> str:
    """One sentence, "Why: ...", for ``action`` among ``legal`` (the seat's answers now)."""
    if not legal or action not in legal:
        return ""
    if len(legal) == 1:
        return ONLY
    s = observe.determinize(obs, RNG(0))
    me = obs["seat"]
    if not s.stack:
        return ""
    f = s.stack[-1]
    say = _SAY.get(f["k"])
    text = say(s, me, f, action) if say else ""
    return text or (f"Why: of the {len(legal)} answers open here, the hard bot weighs this one "
                    "highest.")


def _n(s: BurningSandsState, u) -> str:
    return card(s, u).name


def _the(s: BurningSandsState, u) -> str:
    """A card's name as a sentence names it: "the Sidestep", but "Rashid" or "The Tale of ..."
    as they stand."""
    c = card(s, u)
    if c.type in ("hero", "story", "section", "stronghold") or c.name.startswith("The "):
        return c.name
    return "the " + c.name


def _fate(s: BurningSandsState, u) -> str:
    return f"{_the(s, u)} (Fate {card(s, u).fate})"


def _spare(s: BurningSandsState, me, u, what: str) -> str:
    told = "" if tellable(s, me, u) or card(s, u).type != "story" else \
        " (a Story told already cannot be told again)"
    return f"Why: {_fate(s, u)} is the card you can best spare {what}{told}."


def _prio(s: BurningSandsState, me, f, a) -> str:
    k = a.kind
    if k == "pass":
        return ("Why: nothing you could play now is worth its cost; keep your cards, Copper and "
                "Water for a better moment.")
    if k == "play":
        c = card(s, a.args[0])
        if c.type == "hero" or c.jinn:
            four = len(s.heroes[me]) + 1 >= 4 and any(
                card(s, u).type == "story" and tellable(s, me, u) for u in s.hand[me])
            return (f"Why: {c.name} (Strength {c.s}, Ka {c.k}) is the strongest Hero you can "
                    f"afford, and enough Water is left after paying"
                    + (" - and a fourth Hero may tell a Story in your hand." if four else "."))
        if c.type == "holding" and c.produce:
            return (f"Why: {c.name} makes {c.produce} Copper each turn, which pays for the "
                    "Heroes to come.")
        if c.type == "holding":
            return f"Why: {c.name} strengthens your home for the rest of the game."
        if c.type in ("follower", "item"):
            return f"Why: {c.name} makes one of your Heroes stronger."
        if c.type == "pantheon":
            return f"Why: {c.name} blesses you all game, and you have no Pantheon card in play."
        return f"Why: the {c.name} is worth more played now than kept."
    if k == "use":
        return f"Why: {_n(s, a.args[0])}'s ability is worth more now than what it costs."
    if k == "attack":
        mine, theirs = my_power(s, me), opp_power(s, me)
        return (f"Why: your unbowed Heroes' Strength ({mine}) beats any rival's ({theirs}); "
                "played forward, the attack pays.")
    if k == "overlay":
        return (f"Why: laying {_n(s, a.args[0])} over its earlier version costs only 2 "
                "Copper and keeps what is attached to it.")
    if k == "raid":
        if tale_bonus(s, me, "raid_won"):
            return "Why: a won raid would tell a Story you hold."
        best = max((card(s, u).fate for u in s.hand[me] if not tellable(s, me, u)), default=0)
        if best >= 3:
            return (f"Why: you hold a card of Fate {best} to carry a raid, and a raid takes "
                    "Water home.")
        return "Why: a raid takes Water home, and nothing else open now is worth more."
    return ""


def _play(s: BurningSandsState, me, f, a) -> str:
    k = a.kind
    if k == "produce":
        got, left = card(s, a.args[0]).produce, f["cu"]
        if got > left:
            return (f"Why: bowing {_n(s, a.args[0])} for {got} Copper pays the {left} still "
                    "owed with the least Copper left over.")
        return (f"Why: bowing {_n(s, a.args[0])} for {got} Copper comes nearest the "
                f"{left} Copper still to pay.")
    if k == "water":
        sec = a.args[0]
        return (f"Why: {_n(s, sec)} holds the most Water ({s.water[sec]}), so your other City "
                "Sections keep theirs.")
    if k == "target":
        t = a.args[0]
        mine = s.owner[t] == me
        if card(s, t).type == "section":
            return f"Why: {_n(s, t)} is the City Section it serves best."
        if f["ab"] < 0:
            return (f"Why: {_n(s, t)} is your strongest Hero to carry it (Strength "
                    f"{strength(s, t)}).")
        return (f"Why: {_n(s, t)} is {'your' if mine else 'the opposing'} card it does most "
                f"for (Strength {strength(s, t)}, Ka {ka(s, t)}).")
    if k == "champion":
        return f"Why: {_n(s, a.args[0])} has the best Ka for this duel ({ka(s, a.args[0])})."
    return ""


def _buy(s: BurningSandsState, me, f, a) -> str:
    from .data import get
    if a.kind == "ready":
        return "Why: your deck's City Sections are bought; keep the rest of the City Points."
    plan = list(get().decks[s.setup_q[me]].plan)
    for u in s.sections[me]:
        if card(s, u).id in plan:
            plan.remove(card(s, u).id)
    c = get().by_id[a.args[0]]
    if a.args[0] in plan:
        return (f"Why: {c.name} is in your deck's suggested set of City Sections (Strength "
                f"{c.strength}, {c.capacity} Water).")
    return (f"Why: {c.name} gives the most Strength and Water ({c.strength}, {c.capacity}) for "
            f"its {c.cp_cost} City Points.")


def _attack(s: BurningSandsState, me, f, a) -> str:
    k = a.kind
    if k == "defender":
        q = a.args[0]
        power = sum(strength(s, h) for h in s.heroes[q] if not s.bowed[h])
        return (f"Why: {player_name(s, q)} has the least to defend with (unbowed Strength "
                f"{power}, {len(s.sections[q])} City Sections).")
    if k == "assign":
        h, sec = a.args
        role = f["seq"][f["i"]][1] if f.get("seq") else "a"
        if role == "a":
            weak = _weak_section(s, s.owner[sec]) == sec
            return (f"Why: {_n(s, sec)} is "
                    + ("the weakest City Section (Strength "
                       f"{section_strength(s, sec)}, {s.water[sec]} Water)" if weak else
                       "where the attack's Strength counts most")
                    + f", and {_n(s, h)} adds Strength {strength(s, h)} there.")
        razed = "section_razed" in threats(s, me)
        return (f"Why: {_n(s, h)} defends {_n(s, sec)}, where the attackers are stronger"
                + (" - a razed section would tell a rival's Story." if razed else "."))
    if k == "done":
        return "Why: the units placed already make the attack's best use of your army."
    if k == "declare":
        return "Why: your own army is enough for this attack."
    if k == "invite":
        return (f"Why: the hard bot plays the attack forward: with {player_name(s, a.args[0])} "
                "as an ally it ends better.")
    if k == "demand":
        return "Why: a Water token for your promise is Water kept for your own Heroes."
    if k in ("decline", "nodemand"):
        return "Why: the attack is worth more to you than the Water token."
    if k == "token":
        return f"Why: {_n(s, a.args[0])} can best spare the Water token."
    return ""


def _battle(s: BurningSandsState, me, f, a) -> str:
    k = a.kind
    if k == "pass":
        return "Why: no trick you hold changes this battle enough to be worth its cost."
    if k in ("engage", "engage1"):
        return (f"Why: {_n(s, a.args[0])} deals its Strength ({strength(s, a.args[0])}) in "
                "damage on engaging, the most of your units here.")
    if k == "tactic":
        return "Why: you hold a card of Fate 3 or more to discard for Tactician."
    if k == "home":
        return (f"Why: the hard bot plays the battle forward: {_n(s, a.args[0])} is worth more "
                "kept than lost in it.")
    if k in ("play", "use"):
        return (f"Why: the hard bot plays the battle forward: {_n(s, a.args[0])} changes its "
                "end for the better.")
    return ""


def _absorb(s: BurningSandsState, me, f, a) -> str:
    k = a.kind
    if k == "spill":
        return "Why: one Water token is the cheapest way to absorb the damage."
    if k == "raze":
        return "Why: nothing else you have absorbs this damage at a lower cost."
    if k == "fate":
        return (f"Why: discarding {_fate(s, a.args[0])} absorbs damage without losing a card "
                "in play.")
    if k == "drop":
        return f"Why: {_n(s, a.args[0])} absorbs the damage at the lowest cost of your cards."
    if k == "done":
        return "Why: the damage is absorbed."
    return ""


def _window(s: BurningSandsState, me, f, a) -> str:
    if a.kind == "pass":
        return "Why: no Reaction you hold is worth playing here."
    c = card(s, a.args[0])
    if c.type == "story":
        pts = story_points(s, me) + c.points
        return (f"Why: telling {c.name} brings you to {pts} of {STORY_WIN} Story points"
                + (" - a Story Victory." if pts >= STORY_WIN else "."))
    return f"Why: {c.name} is a Reaction that pays off at this moment."


def _duel(s: BurningSandsState, me, f, a) -> str:
    k = a.kind
    mine = f["a"] if s.owner[f["a"]] == me else f["b"]
    theirs = f["b"] if mine == f["a"] else f["a"]
    if k == "accept":
        return f"Why: your Ka ({ka(s, mine)}) is at least theirs ({ka(s, theirs)})."
    if k == "refuse":
        return (f"Why: their Ka ({ka(s, theirs)}) is above yours ({ka(s, mine)}): the duel is "
                "likely lost.")
    if k == "thrust":
        return _spare(s, me, a.args[0], "for the thrust")
    if k == "parry":
        return f"Why: {_fate(s, a.args[0])} is nearest the thrust you can expect."
    if k == "pass":
        return "Why: you lead the duel in Ka, so you stop here."
    return ""


def _raid(s: BurningSandsState, me, f, a) -> str:
    k = a.kind
    if k == "rsec":
        sec = a.args[0]
        return (f"Why: {_n(s, sec)} is weakly held (Strength {section_strength(s, sec)}) and has "
                f"{s.water[sec]} Water to take.")
    if k == "rhero":
        return f"Why: {_n(s, a.args[0])} carries the most Water home from a raid."
    if k in ("rcard", "dcard"):
        return _spare(s, me, a.args[0], "for the raid")
    if k == "defend":
        if "raid_won" in threats(s, me):
            return "Why: a won raid would tell a rival's Story: defend against it."
        return "Why: you hold a card of Fate 3 or more to win the defence."
    if k == "nodefend":
        return "Why: you hold no card of Fate high enough to win the defence."
    return ""


def _discard(s: BurningSandsState, me, f, a) -> str:
    return _spare(s, me, a.args[0], "(Stories you can tell, Heroes and Holdings are kept first)")


def _water(s: BurningSandsState, me, f, a) -> str:
    if a.kind == "place":
        return f"Why: {_n(s, a.args[0])} has the most room for Water."
    return "Why: your Water is where it serves best."


_SAY = {"prio": _prio, "play": _play, "overlay": _play, "buy": _buy, "attack": _attack,
        "battle": _battle, "absorb": _absorb, "window": _window, "duel": _duel, "raid": _raid,
        "enddraw": _discard, "tactic": lambda s, me, f, a: _spare(s, me, a.args[0],
                                                                    "for Tactician"),
        "endwater": _water,
        "order": lambda s, me, f, a: ("Why: the order of the battles changes little here; "
                                      "this one comes first in line."),
        "khadi": lambda s, me, f, a: ("Why: you have Water to spare to bring the Khadi back."
                                      if a.kind == "khadi" else
                                      "Why: keep your Water: it is your life.")}
