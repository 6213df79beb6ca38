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
"""

from __future__ import annotations

from .flow import A

from . import flow, payment
from .cards import card, discard_from_play, hero_of, is_a, player_name, strength, unit


# --- where things are -----------------------------------------------------------------------------
def bearer(s, uid) -> int:
    """The in-play card that bows for an ability of ``uid`` (the Hero over an overlaid card)."""
    p = s.owner[uid]
    for h in s.heroes[p]:
        if uid in s.under[h]:
            return h
    return uid


def battle_units(s):
    """(hero, seat, side) of the units in the battle being fought, side 'a' or 'd'."""
    if s.atk is None or s.atk.get("sec", -1) < 0:
        return []
    sec = s.atk["sec"]
    return [(u[0], u[1], u[3]) for u in s.atk["units"] if u[2] == sec]


def side_of(s, p):
    """'a' if p is the attacker or an offensive ally, 'd' a defender or defensive ally."""
    if s.atk is None:
        return ""
    return s.atk["side"].get(str(p), "")


def in_battle(s, p) -> bool:
    return any(x[1] == p for x in battle_units(s))


# --- targets ----------------------------------------------------------------------------------------
def targets(s, p, spec, ctx) -> list:
    """Legal targets for ``spec`` chosen by p (uids, or seats for kind player)."""
    kind = spec.get("kind")
    side = spec.get("side", "any")
    out = []
    if kind == "player":
        return [q for q in range(s.n) if q != p and s.alive[q]]
    if kind == "omen":
        return [s.omen] if s.omen >= 0 else []
    seats = [q for q in range(s.n) if s.alive[q] and (side == "any" or (side == "own") == (q == p))]
    if kind in ("hero", "follower"):
        where = spec.get("where")
        pool = []
        if where in ("battle", "opposing"):
            mine = side_of(s, p)
            for h, q, sd in battle_units(s):
                if where == "opposing" and (sd == mine or not mine):
                    continue
                pool.append(h)
        elif where == "duel":
            pool = list(ctx.get("duel", ()))
        elif where == "engaging":
            pool = [u for u in ctx.get("eng", ()) if hero_of(s, u) >= 0]
        else:
            pool = [h for q in seats for h in s.heroes[q]]
        for h in pool:
            q = s.owner[h]
            if q not in seats:
                continue
            if where == "engaging":  # the engaging cards themselves
                if card(s, h).type == kind and _fits(s, h, spec, ctx):
                    out.append(h)
                continue
            for u in ([h] if kind == "hero" else [x for x in s.att[h] if card(s, x).type == "follower"]):
                if _fits(s, u, spec, ctx):
                    out.append(u)
        return out
    if kind == "section":
        return [x for q in seats for x in s.sections[q]]
    if kind == "holding":
        for q in seats:
            out += [u for u in s.home[q] if card(s, u).type == "holding"]
            for sec in s.sections[q]:
                out += [u for u in s.att[sec] if card(s, u).type == "holding"]
        return out
    return out


def _fits(s, u, spec, ctx) -> bool:
    c = card(s, u)
    if spec.get("bowed") and not s.bowed[u]:
        return False
    if spec.get("unbowed") and s.bowed[u]:
        return False
    t = spec.get("trait")
    if t and not is_a(c, t):
        return False
    t = spec.get("not_trait")
    if t and is_a(c, t):
        return False
    if "max_str" in spec and strength(s, u) > spec["max_str"]:
        return False
    if spec.get("not_self") and u == ctx.get("self", -1):
        return False
    return True


# --- what a player can play now ---------------------------------------------------------------------
def spec_of(s, f):
    c = card(s, f["src"])
    return c.abilities[f["ab"]] if f["ab"] >= 0 else None


def ctx_of(s, f) -> dict:
    ctx = {"self": hero_of(s, bearer(s, f["src"])) if f["ab"] >= 0 and not f["hand"] else -1}
    if s.duel:
        ctx["duel"] = s.duel
    trig = f.get("trig")
    if trig:
        if trig.get("duel"):
            ctx["duel"] = trig["duel"]
        if trig.get("eng"):
            ctx["eng"] = trig["eng"]
    return ctx


def trig_ctx(trig, me=-1) -> dict:
    """The targeting context of a Reaction to ``trig`` (its duel, its engaging cards)."""
    return {"self": me, "duel": trig.get("duel", ()), "eng": trig.get("eng", ())}


def card_cost(s, p, c):
    cu, wa = c.copper, c.water
    if c.type == "hero" and c.faction and c.faction != card(s, s.stronghold[p]).faction:
        cu += 2  # another Faction's Hero (Hero)
    return cu, wa


def unique_clash(s, c) -> bool:
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


def attach_targets(s, p, c) -> list:
    """Heroes a Follower or Item may join: unbowed Heroes of p, one Weapon and one Armor."""
    out = []
    for h in s.heroes[p]:
        if s.bowed[h]:
            continue
        if c.type == "item":
            clash = False
            for slot in ("Weapon", "Armor"):
                if slot in c.traits and any(slot in card(s, a).traits for a in s.att[h]):
                    clash = True
            if clash:
                continue
        if any(card(s, a).name == c.name and "Unique" in c.traits for a in s.att[h]):
            continue
        out.append(h)
    return out


def _ability_ok(s, p, ab, ctx, hero_bearer=-1, exclude_sahir=-1, extra=(0, 0), have=None) -> bool:
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


def plays(s, p, timing: str) -> list:
    """``play UID`` (from hand) and ``use UID AB`` (in play) open to p now.
    timing: day / night / battle."""
    allowed = {"day": ("day", "open"), "night": ("night", "open"), "battle": ("battle", "open")}[timing]
    if timing == "battle" and not in_battle(s, p):
        return []
    out = []
    ctx = {"self": -1, "duel": list(s.duel)}
    have = (payment.copper_available(s, p), sum(s.water[x] for x in s.sections[p]))
    for u in s.hand[p]:
        c = card(s, u)
        t = c.type
        if t in ("hero", "holding", "follower", "item"):
            if timing != "day":
                continue
            cu, wa = card_cost(s, p, c)
            if not payment.can_afford(s, p, cu, wa, have=have) or unique_clash(s, c):
                continue
            if t in ("follower", "item") and not attach_targets(s, p, c):
                continue
            if t == "holding" and "Fortification" in c.traits and not s.sections[p]:
                continue
            out.append(A("play", u))
        elif t == "pantheon":
            if payment.can_afford(s, p, c.copper, c.water, have=have):
                out.append(A("play", u))
        elif c.jinn:
            # a Jinn Spell puts a Hero into play: a Day action, like hiring one (ruling R-12)
            if timing == "day" and payment.sahirs(s, p) and not unique_clash(s, c) and \
                    payment.can_afford(s, p, c.copper, c.water, have=have):
                out.append(A("play", u))
        elif t in ("action", "spell"):
            ab = c.abilities[0] if c.abilities else None
            if ab is None or ab.when not in allowed:
                continue
            if t == "spell" and not payment.sahirs(s, p):
                continue
            if "Omen" in c.traits and timing == "battle" and not in_battle(s, p):
                continue
            if _ability_ok(s, p, ab, ctx, extra=(c.copper, c.water), have=have):
                out.append(A("play", u))
    for u in _in_play_sources(s, p):
        c = card(s, u)
        b = bearer(s, u)
        for i, ab in enumerate(c.abilities):
            if ab.when not in allowed or c.type in ("action", "spell", "story"):
                continue
            if ab.cost.get("bow") == "self" and s.bowed[b]:
                continue
            if c.type == "holding" and s.bowed[b] and ab.cost.get("bow"):
                continue
            hb = hero_of(s, b)
            if hb >= 0 and not _present(s, ab, hb):
                continue
            ctx["self"] = hb
            if _ability_ok(s, p, ab, ctx, hero_bearer=hb, have=have):
                out.append(A("use", u, i))
    return out


def _present(s, ab, hero) -> bool:
    """Battle Action Segment: a card in a unit whose text refers to "this battle" or an
    "opposing" card acts only while its unit is in the battle (ruling R-1)."""
    if (ab.target or {}).get("where") not in ("battle", "opposing"):
        return True
    return any(h == hero for h, _q, _sd in battle_units(s))


def _in_play_sources(s, p):
    out = [u for u in s.home[p] if card(s, u).abilities]
    for h in s.heroes[p]:
        for u in [h] + s.att[h] + s.under[h]:
            if card(s, u).abilities:
                out.append(u)
    for sec in s.sections[p]:
        out += [u for u in s.att[sec] if card(s, u).abilities]
    return out


# --- starting a play ----------------------------------------------------------------------------------
def start(s, p, a, ev, trig=None) -> None:
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
    flow.push(s, f)
    flow.log(ev, "declare", f"{player_name(s, p)} plays {c.name}.", seat=p, card=u, id=c.id)


def start_reaction(s, p, a, trig, ev) -> None:
    start(s, p, a, ev, trig)


def reactions(s, p, trig) -> list:
    """``react UID AB`` for each Reaction p may play in answer to ``trig``."""
    out = []
    on = trig["on"]
    for u in s.hand[p]:
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


def _story_ok(s, p, c) -> bool:
    return not c.abilities[0].target and payment.can_afford(s, p, c.copper, c.water)


def _matches(s, p, ab, trig, b) -> bool:
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
def _target_spec(s, f):
    c = card(s, f["src"])
    if f["ab"] < 0:
        if c.type in ("follower", "item"):
            return {"kind": "attach"}
        if c.type == "holding" and "Fortification" in c.traits:
            return {"kind": "section", "side": "own"}
        return None
    spec = c.abilities[f["ab"]]
    return spec.target or None


def target_options(s, f) -> list:
    spec = _target_spec(s, f)
    p = f["p"]
    if spec is None:
        return []
    if spec["kind"] == "attach":
        return attach_targets(s, p, card(s, f["src"]))
    return targets(s, p, spec, ctx_of(s, f))


def _play_auto(s, f, ev):
    step = f["step"]
    if step == "target":
        if _target_spec(s, f) is None or f["tg"] >= 0:
            f["step"] = "champ"
            return True
        if not target_options(s, f):
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


def _open_target_window(s, f):
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
    flow.open_window(s, {"on": "targeted", "depth": depth, "by": by, "tp": s.owner[f["tg"]],
                         "tg": f["tg"]}, f["p"])


def _fizzle(s, f, ev, why):
    s.stack.pop()
    resolve.finish_card(s, f, ev, played=False)
    flow.log(ev, "fizzle", f"{card(s, f['src']).name} has no effect ({why}).")


def _play_legal(s, f):
    step = f["step"]
    if step == "target":
        return [A("target", t) for t in target_options(s, f)]
    if step == "champ":
        return [A("champion", h) for h in s.heroes[f["p"]] if not s.bowed[h]]
    if step == "pay":
        return payment.legal(s, f)
    return []


def _play_apply(s, f, a, ev):
    if a.kind == "target":
        f["tg"] = a.args[0]
    elif a.kind == "champion":
        f["champ"] = a.args[0]
    elif payment.apply(s, f, a, ev):
        s.stack.pop()
        if f["hand"]:
            s.limbo.remove(f["src"])
            s.hand[f["p"]].append(f["src"])
        flow.log(ev, "abandon", f"{player_name(s, f['p'])} cannot pay; what was paid is lost.")


flow.frame("play", _play_legal, _play_apply, _play_auto)


def _retarget_legal(s, f):
    g = s.stack[f["of"]]
    return [A("target", t) for t in target_options(s, g) if t != g["tg"]]


def _retarget_apply(s, f, a, ev):
    of = f["of"]
    s.stack[of]["tg"] = a.args[0]
    s.stack.pop()
    flow.log(ev, "redirect", f"The action is redirected to {card(s, a.args[0]).name}.")
    # the new target is the action's target (Targeting and Redirection): its controller may
    # react in the window, which everyone passes through again, and may redirect it once more
    for w in reversed(s.stack[of + 1:]):
        trig = w.get("trig") or {}
        if w["k"] == "window" and trig.get("on") == "targeted" and trig.get("depth") == of:
            trig["tp"] = s.owner[a.args[0]]
            trig["tg"] = a.args[0]
            w["passes"] = 0
            break


flow.frame("retarget", _retarget_legal, _retarget_apply)


from . import resolve  # noqa: E402  (resolve imports this module)

__all__ = ["plays", "start", "reactions", "unit"]
