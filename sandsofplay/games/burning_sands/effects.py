"""Card abilities as data: what can be played when, targets, costs, Reactions and the effects.

The vocabulary (checked by ``data``; see docs/rulings/burning_sands.md, "Card effects"):

* ``when`` day / night / open / battle / reaction; a Reaction has ``trigger.on`` targeted
  (a Spell, innate ability, Action or ability targets one of your Heroes), attacked, engaged,
  raided, duel (your Hero enters a duel), thrust / parry (a thrust or a parry in your Hero's
  duel; ``whose`` opp = your opponent's, own = yours) or tale (a Story's Tale Reaction,
  ``event``).
* ``cost``: bow ("self": the card, or the Hero for an ability of an attached card), water,
  copper, influence (a Council action), bury (the played card is buried), discard_self.
* ``target``: kind hero / follower / section / holding / player / omen, with ``side`` own / opp
  / any, ``where`` battle / opposing / duel / engaging (the cards whose engagement triggered
  the Reaction), ``bowed``, ``unbowed``, ``trait``, ``max_str``, ``not_self``.
* ``do``: bonus (s, k, dur turn / token / permanent, ``to`` target or self), bow, straighten,
  destroy, send_home, strike (destroy a target whose Strength is at most n), draw, gain_water,
  challenge (a duel; ``loser`` destroy or bow), negate, redirect, discard_random, raid_fate,
  duel_value (``card`` thrust / parry: that card of the round counts ``n`` more or less) and
  duel_wound (the target Hero in the duel loses ``n`` Ka until the duel ends).

A play is one ``play`` frame that walks through its steps - target, challenger, pay, the
Reaction window, resolve - one small decision at a time (Targeting and Redirection; Actions).
The Reaction window's stage is here too, beside the Reactions it offers (``frames`` pushes the
window; Reactions).
"""

from __future__ import annotations

from sandsofplay.engine import Action, Event

from . import payment, resolve
from .cards import CARDS, card, discard_from_play, hero_of, player_name, unit
from .frames import A, log, open_window, push, recalled, refuse, remember
from .state import BurningSandsState
from .targeting import (attach_targets, battle_units, bearer, ctx_of, in_battle, spec_of,
                        target_options, target_spec, targets, trig_ctx)


# --- what a player can play now ---------------------------------------------------------------------
def card_cost(s: BurningSandsState, p, c):
    cu, wa = c.copper, c.water
    if c.type == "hero" and c.faction and c.faction != card(s, s.stronghold[p]).faction:
        cu += 2  # another Faction's Hero (Hero)
    return cu, wa


def unique_clash(s: BurningSandsState, c) -> bool:
    if "Unique" not in c.traits:
        return False
    for q in range(s.n):
        for h in s.heroes[q]:
            if card(s, h).name == c.name:
                return True
        for u in s.home[q]:
            if card(s, u).name == c.name:
                return True
    return False


def _ability_ok(s: BurningSandsState, p, ab, ctx, hero_bearer=-1, exclude_sahir=-1, extra=(0, 0),
                have=None) -> bool:
    cost = ab.cost
    if not payment.can_afford(s, p, cost.get("copper", 0) + extra[0], cost.get("water", 0) + extra[1],
                              cost.get("influence", 0), False, have=have):
        return False
    if ab.target:
        tg = targets(s, p, ab.target, ctx)
        if not tg:
            return False
    if any(d["op"] == "challenge" for d in ab.do) and hero_bearer < 0:
        if not [h for h in s.heroes[p] if not s.bowed[h]]:
            return False
    return True


_new = tuple.__new__  # _new(Action, (kind, args)): what ``A`` builds, without its call
_ALLOWED = {"day": ("day", "open"), "night": ("night", "open"), "battle": ("battle", "open")}
_PERMANENT = ("hero", "holding", "follower", "item")
_CAST = ("action", "spell", "story")


def plays(s: BurningSandsState, p, timing: str) -> list:
    """``play UID`` (from hand) and ``use UID AB`` (in play) open to p now.
    timing: day / night / battle."""
    allowed = _ALLOWED[timing]
    if timing == "battle" and not in_battle(s, p):
        return []
    out = []
    cdef, bowed = s.cdef, s.bowed
    ctx = {"self": -1, "duel": list(s.duel)}
    have = (payment.copper_available(s, p), sum(s.water[x] for x in s.sections[p]))
    cop, wat = have
    home_faction = CARDS[cdef[s.stronghold[p]]].faction
    for u in s.hand[p]:
        c = CARDS[cdef[u]]
        t = c.type
        if t in _PERMANENT:
            if timing != "day":
                continue
            cu, wa = c.copper, c.water  # card_cost, spelled out
            if t == "hero" and c.faction and c.faction != home_faction:
                cu += 2  # another Faction's Hero (Hero)
            # payment.can_afford(s, p, cu, wa, have=have), spelled out
            if (cu > 0 and cop < cu) or (wa > 0 and wat < wa) or \
                    ("Unique" in c.traits and unique_clash(s, c)):
                continue
            if t in ("follower", "item") and not attach_targets(s, p, c):
                continue
            if t == "holding" and "Fortification" in c.traits and not s.sections[p]:
                continue
            out.append(_new(Action, ("play", (u,))))
        elif t == "pantheon":
            if payment.can_afford(s, p, c.copper, c.water, have=have):
                out.append(_new(Action, ("play", (u,))))
        elif c.jinn:
            # a Jinn Spell puts a Hero into play: a Day action, like hiring one (ruling R-12)
            if timing == "day" and payment.sahirs(s, p) and not unique_clash(s, c) and \
                    payment.can_afford(s, p, c.copper, c.water, have=have):
                out.append(_new(Action, ("play", (u,))))
        elif t in ("action", "spell"):
            ab = c.abilities[0] if c.abilities else None
            if ab is None or ab.when not in allowed:
                continue
            if t == "spell" and not payment.sahirs(s, p):
                continue
            if "Omen" in c.traits and timing == "battle" and not in_battle(s, p):
                continue
            if _ability_ok(s, p, ab, ctx, extra=(c.copper, c.water), have=have):
                out.append(_new(Action, ("play", (u,))))
    for u in _in_play_sources(s, p):
        c = CARDS[cdef[u]]
        if c.type in _CAST:
            continue
        b = -2
        for i, ab in enumerate(c.abilities):
            if ab.when not in allowed:
                continue
            if b == -2:
                b = bearer(s, u)
            if ab.cost.get("bow") == "self" and bowed[b]:
                continue
            if c.type == "holding" and bowed[b] and ab.cost.get("bow"):
                continue
            hb = hero_of(s, b)
            if hb >= 0 and not _present(s, ab, hb):
                continue
            ctx["self"] = hb
            if _ability_ok(s, p, ab, ctx, hero_bearer=hb, have=have):
                out.append(_new(Action, ("use", (u, i))))
    return out


def _present(s: BurningSandsState, ab, hero) -> bool:
    """Battle Action Segment: a card in a unit whose text refers to "this battle" or an
    "opposing" card acts only while its unit is in the battle (ruling R-1)."""
    if (ab.target or {}).get("where") not in ("battle", "opposing"):
        return True
    return any(h == hero for h, _q, _sd in battle_units(s))


def _in_play_sources(s: BurningSandsState, p):
    cdef, att, under = s.cdef, s.att, s.under
    out = [u for u in s.home[p] if CARDS[cdef[u]].abilities]
    for h in s.heroes[p]:
        if CARDS[cdef[h]].abilities:
            out.append(h)
        for u in att[h]:
            if CARDS[cdef[u]].abilities:
                out.append(u)
        for u in under[h]:
            if CARDS[cdef[u]].abilities:
                out.append(u)
    for sec in s.sections[p]:
        out += [u for u in att[sec] if CARDS[cdef[u]].abilities]
    return out


# --- starting a play ----------------------------------------------------------------------------------
def start(s: BurningSandsState, p, a, ev, trig=None) -> None:
    """Declare a play (``play UID`` or ``use UID AB`` or a Reaction): pay the bowing costs at
    once, then push its frame."""
    u = a.args[0]
    c = card(s, u)
    hand = a.kind == "play" or (a.kind == "react" and u in s.hand[p])
    ab = a.args[1] if len(a.args) > 1 else (0 if c.type in ("action", "spell", "story")
                                            and c.abilities else -1)
    f = {"k": "play", "seat": p, "p": p, "src": u, "ab": ab, "hand": hand, "tg": -1, "champ": -1,
         "step": "target", "cu": 0, "wa": 0, "inf": 0, "sah": 0, "neg": 0, "caster": -1,
         "of": -1, "trig": trig}
    if hand:
        s.hand[p].remove(u)
        s.limbo.append(u)
        cu, wa = card_cost(s, p, c)
        f["cu"], f["wa"] = cu, wa
        f["sah"] = 1 if c.type == "spell" else 0
    if ab >= 0:
        spec = c.abilities[ab]
        f["cu"] += spec.cost.get("copper", 0)
        f["wa"] += spec.cost.get("water", 0)
        f["inf"] = spec.cost.get("influence", 0)
        if not hand:
            b = bearer(s, u)
            if spec.cost.get("bow") == "self":
                s.bowed[b] = 1
            if spec.cost.get("discard_self"):
                discard_from_play(s, u)
    if trig is not None and trig.get("depth", -1) >= 0:
        f["of"] = trig["depth"]
    push(s, f)
    # a card from hand is played; a card in play has its ability used (Using Card Abilities)
    said = f"plays {c.name}" if hand else f"uses {c.name}'s ability"
    log(ev, "declare", f"{player_name(s, p)} {said}.", seat=p, card=u, id=c.id)


def start_reaction(s: BurningSandsState, p, a, trig, ev) -> None:
    start(s, p, a, ev, trig)


_REACTS_TO: dict = {}  # trigger -> per card definition, whether it has a Reaction to it


def _reacts_to(on) -> list:
    flags = _REACTS_TO.get(on)
    if flags is None:
        flags = _REACTS_TO[on] = [any(ab.when == "reaction" and ab.trigger.get("on") == on
                                      for ab in c.abilities) for c in CARDS]
    return flags


def reactions(s: BurningSandsState, p, trig) -> list:
    """``react UID AB`` for each Reaction p may play in answer to ``trig``. A card with no
    Reaction to this trigger is passed over at once (``_matches`` would refuse each)."""
    out = []
    on = trig["on"]
    cdef, fits = s.cdef, _reacts_to(on)
    for u in s.hand[p]:
        if not fits[cdef[u]]:
            continue
        c = card(s, u)
        for i, ab in enumerate(c.abilities):
            if ab.when == "reaction" and _matches(s, p, ab, trig, None):
                if c.type == "story" and (any(card(s, x).name == c.name for x in s.home[p])):
                    continue
                if c.type == "spell" and not payment.sahirs(s, p):
                    continue
                if _ability_ok(s, p, ab, trig_ctx(trig), extra=(c.copper, c.water)) or (on == "tale" and _story_ok(s, p, c)):
                    out.append(A("react", u, i))
                break
    for u in _in_play_sources(s, p):
        if not fits[cdef[u]]:
            continue
        c = card(s, u)
        b = bearer(s, u)
        for i, ab in enumerate(c.abilities):
            if ab.when != "reaction" or c.type == "story":
                continue
            if ab.cost.get("bow") == "self" and s.bowed[b]:
                continue
            if _matches(s, p, ab, trig, b) and _ability_ok(
                    s, p, ab, trig_ctx(trig, hero_of(s, b)), hero_of(s, b)):
                out.append(A("react", u, i))
    return out


def _story_ok(s: BurningSandsState, p, c) -> bool:
    return not c.abilities[0].target and payment.can_afford(s, p, c.copper, c.water)


def _matches(s: BurningSandsState, p, ab, trig, b) -> bool:
    t = ab.trigger
    on = trig["on"]
    if t.get("on") != on:
        return False
    if on == "targeted":
        if trig["tp"] != p or trig["by"] not in t.get("by", ("spell", "innate", "action", "ability")):
            return False
        return True
    if on == "tale":
        if trig["who"] != p or t.get("event") != trig["event"]:
            return False
        if len(s.heroes[p]) < t.get("min_heroes", 0):
            return False
        return True
    if on in ("attacked", "raided"):
        return p in trig["defenders"]
    if on == "engaged":
        return p in trig["victims"]
    if on == "duel":
        return any(s.owner[h] == p for h in trig["duel"])
    if on in ("thrust", "parry"):
        # only the duellists' controllers; ``whose``: the opponent's move (opp) or your own
        if not any(s.owner[h] == p for h in trig["duel"]):
            return False
        if (trig["seat"] == p) != (t.get("whose", "opp") == "own"):
            return False
        if b is not None and hero_of(s, b) >= 0 and hero_of(s, b) not in trig["duel"]:
            return False  # a card on a Hero reacts only in that Hero's duel
        return True
    return False


# --- the play frame -------------------------------------------------------------------------------------
def _play_auto(s: BurningSandsState, f, ev):
    step = f["step"]
    if step == "target":
        if target_spec(s, f) is None or f["tg"] >= 0:
            f["step"] = "champ"
            return True
        if not remember(s, f, target_options(s, f)):
            _fizzle(s, f, ev, "no legal target")
            return True
        return False
    if step == "champ":
        spec = spec_of(s, f)
        if spec and any(d["op"] == "challenge" for d in spec.do):
            me = ctx_of(s, f)["self"]
            if me >= 0:
                f["champ"] = me
            if f["champ"] < 0:
                if not [h for h in s.heroes[f["p"]] if not s.bowed[h]]:
                    _fizzle(s, f, ev, "no Hero to send")
                    return True
                return False
        f["step"] = "pay"
        return True
    if step == "pay":
        if not s.alive[f["p"]]:  # the payer went out with its last City Section
            s.stack.pop()
            if f["hand"] and f["src"] in s.limbo:
                s.limbo.remove(f["src"])
                s.hand[f["p"]].append(f["src"])
            return True
        if payment.done(f):
            f["step"] = "window"
            return True
        return False
    if step == "window":
        f["step"] = "resolve"
        _open_target_window(s, f)
        return True
    if step == "resolve":
        s.stack.pop()
        resolve.resolve(s, f, ev)
        return True
    return False


def _open_target_window(s: BurningSandsState, f):
    if f["tg"] < 0 or f["ab"] < 0:
        return
    spec = spec_of(s, f)
    if spec is None or spec.target.get("kind") not in ("hero", "follower"):
        return
    c = card(s, f["src"])
    if c.type == "spell":
        by = "spell"
    elif c.type == "action":
        by = "action"
    elif c.type == "hero" and "Sahir" in c.traits:
        by = "innate"
    else:
        by = "ability"
    depth = len(s.stack) - 1
    open_window(s, {"on": "targeted", "depth": depth, "by": by, "tp": s.owner[f["tg"]],
                    "tg": f["tg"]}, f["p"])


def _fizzle(s: BurningSandsState, f, ev, why):
    s.stack.pop()
    resolve.finish_card(s, f, ev, played=False)
    log(ev, "fizzle", f"{card(s, f['src']).name} has no effect ({why}).")


def _play_legal(s: BurningSandsState, f):
    step = f["step"]
    if step == "target":
        kept = recalled(s, f)
        return [A("target", t) for t in (target_options(s, f) if kept is None else kept)]
    if step == "champ":
        return [A("champion", h) for h in s.heroes[f["p"]] if not s.bowed[h]]
    if step == "pay":
        return payment.legal(s, f)
    return []


def _play_apply(s: BurningSandsState, f, a, ev):
    if a.kind == "target":
        f["tg"] = a.args[0]
    elif a.kind == "champion":
        f["champ"] = a.args[0]
    elif payment.apply(s, f, a, ev):
        s.stack.pop()
        if f["hand"]:
            s.limbo.remove(f["src"])
            s.hand[f["p"]].append(f["src"])
        log(ev, "abandon", f"{player_name(s, f['p'])} cannot pay; what was paid is lost.")


_PLAY_STEPS = {"target": ("to choose a target for {}", "Targeting and Redirection"),
               "champ": ("to choose the Hero who challenges with {}", "Challenges and Duels"),
               "pay": ("to pay for {}", "Paying Copper Costs")}


def _play_reason(s: BurningSandsState, f, seat, a):
    task, section = _PLAY_STEPS.get(f["step"], ("to play {}", "Bringing Cards into Play"))
    name = card(s, f["src"]).name
    paying = f["step"] == "pay" and a.kind in ("produce", "water", "influence", "sahir")
    why = f"{player_name(s, seat)} cannot pay {name} that way now." if paying else ""
    return refuse(s, f, seat, task.format(name), why), section


def _retarget_legal(s: BurningSandsState, f):
    g = s.stack[f["of"]]
    return [A("target", t) for t in target_options(s, g) if t != g["tg"]]


def _retarget_apply(s: BurningSandsState, f, a, ev):
    of = f["of"]
    s.stack[of]["tg"] = a.args[0]
    s.stack.pop()
    log(ev, "redirect", f"The action is redirected to {card(s, a.args[0]).name}.")
    # the new target is the action's target (Targeting and Redirection): its controller may
    # react in the window, which everyone passes through again, and may redirect it once more
    for w in reversed(s.stack[of + 1:]):
        trig = w.get("trig") or {}
        if w["k"] == "window" and trig.get("on") == "targeted" and trig.get("depth") == of:
            trig["tp"] = s.owner[a.args[0]]
            trig["tg"] = a.args[0]
            w["passes"] = 0
            break


def _retarget_reason(s: BurningSandsState, f, seat, a):
    return refuse(s, f, seat, "to choose where the action is redirected")


# --- the Reaction window (Reactions) --------------------------------------------------------------
def _window_auto(s: BurningSandsState, f, ev):
    n = len(f["order"])
    while f["passes"] < n:
        p = f["order"][f["i"] % n]
        if s.alive[p] and remember(s, f, reactions(s, p, f["trig"])):
            f["seat"] = p
            return False
        if s.alive[p]:  # passed without being asked (a table may still stop for its player)
            ev.append(Event("window_pass", {"seat": p, "on": f["trig"]["on"]}, ""))
        f["passes"] += 1
        f["i"] += 1
    s.stack.pop()
    return True


def _window_legal(s: BurningSandsState, f):
    acts = recalled(s, f)
    if acts is None:
        acts = reactions(s, f["seat"], f["trig"])
    return acts + [A("pass")] if acts else []


def _window_apply(s: BurningSandsState, f, a, ev):
    if a.kind == "pass":
        log(ev, "react_pass", f"{player_name(s, f['seat'])} does not react.", seat=f["seat"])
        f["passes"] += 1
        f["i"] += 1
        f["seat"] = -1
        return
    p = f["seat"]
    f["passes"] = 0
    f["i"] += 1
    f["seat"] = -1
    start_reaction(s, p, a, f["trig"], ev)


def _window_reason(s: BurningSandsState, f, seat, a):
    why = f"{player_name(s, seat)} holds no such Reaction to this." if a.kind == "react" else ""
    return refuse(s, f, seat, "to play a Reaction or pass", why)


# name, legal, apply, auto, reason, rule
STAGES = (
    ("play", _play_legal, _play_apply, _play_auto, _play_reason, "Bringing Cards into Play"),
    ("retarget", _retarget_legal, _retarget_apply, None, _retarget_reason,
     "Targeting and Redirection"),
    ("window", _window_legal, _window_apply, _window_auto, _window_reason, "Reactions"),
)

__all__ = ["STAGES", "plays", "start", "reactions", "unit", "attach_targets", "targets"]
