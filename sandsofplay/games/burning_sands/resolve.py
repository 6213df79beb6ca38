"""Resolving a play (Actions; Targeting and Redirection; Bonuses and Tokens): where the played
card goes, the check that its target is still legal, and each effect of the vocabulary
(``effects`` lists it) performed on the state."""

from __future__ import annotations

from . import duel, stories
from .cards import (card, check_ka, check_sections, destroy, draw, gain_water, player_name,
                    send_home, strength)
from .frames import log, open_window, push
from .state import BurningSandsState
from .targeting import ctx_of, spec_of, target_options


def finish_card(s: BurningSandsState, f, ev, played=True):
    """Where a played card goes afterwards: Saved pile, or Buried if its cost says so."""
    u = f["src"]
    if not f["hand"] or u not in s.limbo:
        return
    s.limbo.remove(u)
    spec = spec_of(s, f)
    if spec is not None and spec.cost.get("bury"):
        s.buried[f["p"]].append(u)
    else:
        s.saved[f["p"]].append(u)


def still_legal(s: BurningSandsState, f) -> bool:
    if f["tg"] < 0:
        return True
    return f["tg"] in target_options(s, f)


def resolve(s: BurningSandsState, f, ev) -> None:
    p = f["p"]
    u = f["src"]
    c = card(s, u)
    if f["neg"]:
        finish_card(s, f, ev)
        log(ev, "negated", f"{c.name} is negated; its costs stay paid.")
        return
    if not still_legal(s, f):
        finish_card(s, f, ev)
        log(ev, "fizzle", f"{c.name} has no effect: its target is no longer legal.")
        return
    if c.jinn and f["hand"]:
        pass
    elif f["hand"] and f["ab"] < 0 or c.type in ("story", "pantheon") and f["hand"]:
        stories.enter_play(s, f, ev)
        return
    if c.type == "spell" and c.jinn:
        s.limbo.remove(u)
        s.heroes[p].append(u)
        log(ev, "jinn", f"{player_name(s, p)}'s Sahir summons {c.name}.", seat=p, card=u)
        # a Jinn is treated like any other Hero brought into play (Spell): Tale Reactions to it
        open_window(s, {"on": "tale", "event": "hero_played", "who": p}, p)
    else:
        spec = c.abilities[f["ab"]]
        for d in spec.do:
            do(s, f, d, ev)
        if f["hand"] and u in s.limbo:
            if "Omen" in c.traits or "Battle Omen" in c.traits:
                s.limbo.remove(u)
                if s.omen >= 0:
                    destroy(s, s.omen, ev)
                s.omen = u
                s.omen_battle = 1 if "Battle Omen" in c.traits else 0
            else:
                finish_card(s, f, ev)
    check_ka(s, ev)
    check_sections(s, ev)
    if c.type == "spell":
        open_window(s, {"on": "tale", "event": "spell_cast", "who": p}, p)


def do(s: BurningSandsState, f, d, ev) -> None:
    op = d["op"]
    p = f["p"]
    t = f["tg"]
    if d.get("to") == "self":
        t = ctx_of(s, f)["self"] if not f["hand"] else f["champ"]
    elif d.get("to") == "champion":
        t = f["champ"]
    if op == "bonus":
        kind = {"turn": 0, "token": 1, "permanent": 2}[d.get("dur", "turn")]
        if t >= 0:
            s.mods.append([t, d.get("s", 0), d.get("k", 0), kind])
    elif op == "bow" and t >= 0:
        s.bowed[t] = 1
    elif op == "straighten" and t >= 0:
        s.bowed[t] = 0
    elif op == "destroy" and t >= 0:
        destroy(s, t, ev)
    elif op == "strike" and t >= 0:
        if strength(s, t) <= d.get("n", 0):
            destroy(s, t, ev)
    elif op == "send_home" and t >= 0:
        send_home(s, t, ev)
    elif op == "draw":
        draw(s, p, d.get("n", 1), ev)
    elif op == "gain_water":
        gain_water(s, p, d.get("n", 1))
    elif op == "discard_random" and t >= 0:
        for _ in range(d.get("n", 1)):
            if s.hand[t]:
                x = s.hand[t].pop(s.rng.randrange(len(s.hand[t])))
                s.saved[t].append(x)
    elif op == "negate" and f["of"] >= 0:
        s.stack[f["of"]]["neg"] = 1
    elif op == "redirect" and f["of"] >= 0:
        g = s.stack[f["of"]]
        if [x for x in target_options(s, g) if x != g["tg"]]:
            push(s, {"k": "retarget", "seat": p, "of": f["of"]})
    elif op == "raid_fate":
        trig = f.get("trig") or {}
        if trig.get("depth", -1) >= 0:
            rf = s.stack[trig["depth"]]
            rf.setdefault("bonus", {})
            rf["bonus"][str(p)] = rf["bonus"].get(str(p), 0) + d.get("n", 1)
    elif op == "duel_value":
        g = _duel_frame(s, f)
        if g is not None and g["thrust"] >= 0:
            g["mod"][0 if d.get("card") == "thrust" else 1] += d.get("n", 0)
    elif op == "duel_wound" and t >= 0:
        g = _duel_frame(s, f)
        if g is not None and t in (g["a"], g["b"]):
            g["loss"][0 if t == g["a"] else 1] += d.get("n", 1)
    elif op == "challenge" and t >= 0 and f["champ"] >= 0:
        duel.challenge(s, f["champ"], t, d.get("loser", "destroy"), ev)


def _duel_frame(s: BurningSandsState, f):
    """The duel a Reaction answers (its trigger's frame), or None."""
    depth = (f.get("trig") or {}).get("depth", -1)
    if 0 <= depth < len(s.stack) and s.stack[depth]["k"] == "duel":
        return s.stack[depth]
    return None

