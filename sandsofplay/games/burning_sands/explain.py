"""Why the Hint is worth playing, in one sentence (issue 29): the Hint is the hard level's move,
and this says what the rule-based policy (``policy``) and the hard level's look-ahead
(``search``) weigh for the question open - keep Water, build Copper, hire the strongest Heroes
one can afford, attack the weakest City Section with a stronger army, absorb damage at the
lowest cost, spend the cards one can best spare, tell a Story when its event comes - as a
table of phrases by action kind for each kind of question (``engine.describe.Phrases``, as the
game's ``describe``). It reads only what the seat sees (a state dealt from its observation)."""

from __future__ import annotations

from sandsofplay.engine import RNG
from sandsofplay.engine.describe import Phrases

from . import observe
from .cards import card, ka, player_name, section_strength, strength, story_points
from .describe import CARD, PLAYER
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
    if not s.stack:
        return ""
    say = _SAY.get(s.stack[-1]["k"])
    text = say(s, obs["seat"], action) if say else ""
    return text or (f"Why: of the {len(legal)} answers open here, the hard bot weighs this one "
                    "highest.")


def _why(entries: dict, otherwise=None) -> Phrases:
    """The reasons of one question kind: a table of phrases by action kind (``Phrases``; each
    function is given the state dealt from the seat's view, the seat and the action's
    arguments; the question is the state's top frame). A kind without an entry has no reason
    of its own ("") unless ``otherwise(state, seat, action)`` gives one."""
    return Phrases(entries, otherwise=otherwise or (lambda s, me, a: ""))


def _top(s: BurningSandsState) -> dict:
    return s.stack[-1]


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


def _spare(what: str):
    """The reason for spending a card from hand (``what`` it is spent for)."""
    def say(s: BurningSandsState, me, u, *_) -> str:
        told = "" if tellable(s, me, u) or card(s, u).type != "story" else \
            " (a Story told already cannot be told again)"
        return f"Why: {_fate(s, u)} is the card you can best spare {what}{told}."
    return say


# --- the Day (priority) -------------------------------------------------------------------------
def _hire(s: BurningSandsState, me, u, *_) -> str:
    c = card(s, u)
    if c.type == "hero" or c.jinn:
        four = len(s.heroes[me]) + 1 >= 4 and any(
            card(s, x).type == "story" and tellable(s, me, x) for x in s.hand[me])
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


def _declare_attack(s: BurningSandsState, me, *_) -> str:
    return (f"Why: your unbowed Heroes' Strength ({my_power(s, me)}) beats any rival's "
            f"({opp_power(s, me)}); played forward, the attack pays.")


def _begin_raid(s: BurningSandsState, me, *_) -> str:
    if tale_bonus(s, me, "raid_won"):
        return "Why: a won raid would tell a Story you hold."
    best = max((card(s, u).fate for u in s.hand[me] if not tellable(s, me, u)), default=0)
    if best >= 3:
        return (f"Why: you hold a card of Fate {best} to carry a raid, and a raid takes "
                "Water home.")
    return "Why: a raid takes Water home, and nothing else open now is worth more."


_PRIO = _why({
    "pass": ("Why: nothing you could play now is worth its cost; keep your cards, Copper and "
             "Water for a better moment."),
    "play": _hire,
    "use": ("Why: {}'s ability is worth more now than what it costs.", CARD),
    "attack": _declare_attack,
    "overlay": ("Why: laying {} over its earlier version costs only 2 Copper and keeps what is "
                "attached to it.", CARD),
    "raid": _begin_raid,
})


# --- paying for a play, and its targets ----------------------------------------------------------
def _produce(s: BurningSandsState, me, u, *_) -> str:
    got, left = card(s, u).produce, _top(s)["cu"]
    if got > left:
        return (f"Why: bowing {_n(s, u)} for {got} Copper pays the {left} still owed with the "
                "least Copper left over.")
    return f"Why: bowing {_n(s, u)} for {got} Copper comes nearest the {left} Copper still to pay."


def _target(s: BurningSandsState, me, t, *_) -> str:
    if card(s, t).type == "section":
        return f"Why: {_n(s, t)} is the City Section it serves best."
    if _top(s)["ab"] < 0:
        return f"Why: {_n(s, t)} is your strongest Hero to carry it (Strength {strength(s, t)})."
    whose = "your" if s.owner[t] == me else "the opposing"
    return (f"Why: {_n(s, t)} is {whose} card it does most for (Strength {strength(s, t)}, Ka "
            f"{ka(s, t)}).")


_PLAY = _why({
    "produce": _produce,
    "water": lambda s, me, sec, *_: (f"Why: {_n(s, sec)} holds the most Water ({s.water[sec]}), "
                                     "so your other City Sections keep theirs."),
    "target": _target,
    "champion": lambda s, me, h, *_: (f"Why: {_n(s, h)} has the best Ka for this duel "
                                      f"({ka(s, h)})."),
})


# --- the City Sections bought at set-up ---------------------------------------------------------
def _buy_section(s: BurningSandsState, me, sid, *_) -> str:
    from .data import get
    plan = list(get().decks[s.setup_q[me]].plan)
    for u in s.sections[me]:
        if card(s, u).id in plan:
            plan.remove(card(s, u).id)
    c = get().by_id[sid]
    if sid in plan:
        return (f"Why: {c.name} is in your deck's suggested set of City Sections (Strength "
                f"{c.strength}, {c.capacity} Water).")
    return (f"Why: {c.name} gives the most Strength and Water ({c.strength}, {c.capacity}) for "
            f"its {c.cp_cost} City Points.")


_BUY = _why({
    "buy": _buy_section,
    "ready": "Why: your deck's City Sections are bought; keep the rest of the City Points.",
})


# --- attacks, battles, damage -------------------------------------------------------------------
_KEEP_ATTACKING = "Why: the attack is worth more to you than the Water token."


def _defender(s: BurningSandsState, me, q, *_) -> str:
    power = sum(strength(s, h) for h in s.heroes[q] if not s.bowed[h])
    return (f"Why: {player_name(s, q)} has the least to defend with (unbowed Strength "
            f"{power}, {len(s.sections[q])} City Sections).")


def _assign(s: BurningSandsState, me, h, sec, *_) -> str:
    f = _top(s)
    role = f["seq"][f["i"]][1] if f.get("seq") else "a"
    if role == "a":
        weak = _weak_section(s, s.owner[sec]) == sec
        return (f"Why: {_n(s, sec)} is "
                + (f"the weakest City Section (Strength {section_strength(s, sec)}, "
                   f"{s.water[sec]} Water)" if weak else "where the attack's Strength counts most")
                + f", and {_n(s, h)} adds Strength {strength(s, h)} there.")
    razed = "section_razed" in threats(s, me)
    return (f"Why: {_n(s, h)} defends {_n(s, sec)}, where the attackers are stronger"
            + (" - a razed section would tell a rival's Story." if razed else "."))


_ATTACK = _why({
    "defender": _defender,
    "assign": _assign,
    "done": "Why: the units placed already make the attack's best use of your army.",
    "declare": "Why: your own army is enough for this attack.",
    "invite": ("Why: the hard bot plays the attack forward: with {} as an ally it ends better.",
               PLAYER),
    "demand": "Why: a Water token for your promise is Water kept for your own Heroes.",
    "decline": _KEEP_ATTACKING, "nodemand": _KEEP_ATTACKING,
    "token": ("Why: {} can best spare the Water token.", CARD),
})

def _engage(s: BurningSandsState, me, u, *_) -> str:
    return (f"Why: {_n(s, u)} deals its Strength ({strength(s, u)}) in damage on engaging, the "
            "most of your units here.")


_TRICK = ("Why: the hard bot plays the battle forward: {} changes its end for the better.", CARD)
_BATTLE = _why({
    "pass": "Why: no trick you hold changes this battle enough to be worth its cost.",
    "engage": _engage, "engage1": _engage,
    "tactic": "Why: you hold a card of Fate 3 or more to discard for Tactician.",
    "home": ("Why: the hard bot plays the battle forward: {} is worth more kept than lost in it.",
             CARD),
    "play": _TRICK, "use": _TRICK,
})

_ABSORB = _why({
    "spill": "Why: one Water token is the cheapest way to absorb the damage.",
    "raze": "Why: nothing else you have absorbs this damage at a lower cost.",
    "fate": lambda s, me, u, *_: (f"Why: discarding {_fate(s, u)} absorbs damage without losing "
                                  "a card in play."),
    "drop": ("Why: {} absorbs the damage at the lowest cost of your cards.", CARD),
    "done": "Why: the damage is absorbed.",
})


# --- Reactions, duels, raids --------------------------------------------------------------------
def _react(s: BurningSandsState, me, u, *_) -> str:
    c = card(s, u)
    if c.type == "story":
        pts = story_points(s, me) + c.points
        return (f"Why: telling {c.name} brings you to {pts} of {STORY_WIN} Story points"
                + (" - a Story Victory." if pts >= STORY_WIN else "."))
    return f"Why: {c.name} is a Reaction that pays off at this moment."


_WINDOW = _why({"pass": "Why: no Reaction you hold is worth playing here."},
               otherwise=lambda s, me, a: _react(s, me, *a.args))


def _sides(s: BurningSandsState, me) -> tuple:
    """(the seat's duellist, the other) of the duel open."""
    f = _top(s)
    mine = f["a"] if s.owner[f["a"]] == me else f["b"]
    return mine, (f["b"] if mine == f["a"] else f["a"])


def _accept(s: BurningSandsState, me, *_) -> str:
    mine, theirs = _sides(s, me)
    return f"Why: your Ka ({ka(s, mine)}) is at least theirs ({ka(s, theirs)})."


def _refuse(s: BurningSandsState, me, *_) -> str:
    mine, theirs = _sides(s, me)
    return (f"Why: their Ka ({ka(s, theirs)}) is above yours ({ka(s, mine)}): the duel is "
            "likely lost.")


_DUEL = _why({
    "accept": _accept,
    "refuse": _refuse,
    "thrust": _spare("for the thrust"),
    "parry": lambda s, me, u, *_: f"Why: {_fate(s, u)} is nearest the thrust you can expect.",
    "pass": "Why: you lead the duel in Ka, so you stop here.",
})


def _defend(s: BurningSandsState, me, *_) -> str:
    if "raid_won" in threats(s, me):
        return "Why: a won raid would tell a rival's Story: defend against it."
    return "Why: you hold a card of Fate 3 or more to win the defence."


_RAID = _why({
    "rsec": lambda s, me, sec, *_: (f"Why: {_n(s, sec)} is weakly held (Strength "
                                    f"{section_strength(s, sec)}) and has {s.water[sec]} Water "
                                    "to take."),
    "rhero": ("Why: {} carries the most Water home from a raid.", CARD),
    "rcard": _spare("for the raid"),
    "dcard": _spare("for the raid"),
    "defend": _defend,
    "nodefend": "Why: you hold no card of Fate high enough to win the defence.",
})


# --- the End Phase, and the questions of one answer kind -----------------------------------------
def _spare_any(what: str) -> Phrases:
    """A question whose every answer spends a card from hand (its first argument)."""
    say = _spare(what)
    return _why({}, otherwise=lambda s, me, a: say(s, me, *a.args))


def _always(text: str) -> Phrases:
    return _why({}, otherwise=lambda s, me, a: text)


_SAY = {
    "prio": _PRIO, "play": _PLAY, "overlay": _PLAY, "buy": _BUY, "attack": _ATTACK,
    "battle": _BATTLE, "absorb": _ABSORB, "window": _WINDOW, "duel": _DUEL, "raid": _RAID,
    "enddraw": _spare_any("(Stories you can tell, Heroes and Holdings are kept first)"),
    "tactic": _spare_any("for Tactician"),
    "endwater": _why({"place": ("Why: {} has the most room for Water.", CARD)},
                     otherwise=lambda s, me, a: "Why: your Water is where it serves best."),
    "order": _always("Why: the order of the battles changes little here; this one comes first "
                     "in line."),
    "khadi": _why({"khadi": "Why: you have Water to spare to bring the Khadi back."},
                  otherwise=lambda s, me, a: "Why: keep your Water: it is your life."),
}
