"""Targets (Targeting and Redirection; Battle Action Segment): who is in the battle and on which
side, what a card's ``target`` spec may choose, the context of a play or a Reaction, and where
a Follower or Item may go. Below both ``effects`` (what can be played) and ``resolve`` (what a
play does), which both ask what is a legal target."""

from __future__ import annotations

from .cards import card, hero_of, is_a, strength
from .state import BurningSandsState


def bearer(s: BurningSandsState, uid) -> int:
    """The in-play card that bows for an ability of ``uid`` (the Hero over an overlaid card)."""
    p = s.owner[uid]
    for h in s.heroes[p]:
        if uid in s.under[h]:
            return h
    return uid


def battle_units(s: BurningSandsState):
    """(hero, seat, side) of the units in the battle being fought, side 'a' or 'd'."""
    if s.atk is None or s.atk.get("sec", -1) < 0:
        return []
    sec = s.atk["sec"]
    return [(u[0], u[1], u[3]) for u in s.atk["units"] if u[2] == sec]


def side_of(s: BurningSandsState, p):
    """'a' if p is the attacker or an offensive ally, 'd' a defender or defensive ally."""
    if s.atk is None:
        return ""
    return s.atk["side"].get(str(p), "")


def in_battle(s: BurningSandsState, p) -> bool:
    return any(x[1] == p for x in battle_units(s))


# --- targets ----------------------------------------------------------------------------------------
def targets(s: BurningSandsState, p, spec, ctx) -> list:
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


def _fits(s: BurningSandsState, u, spec, ctx) -> bool:
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


def spec_of(s: BurningSandsState, f):
    c = card(s, f["src"])
    return c.abilities[f["ab"]] if f["ab"] >= 0 else None


def ctx_of(s: BurningSandsState, f) -> dict:
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


def attach_targets(s: BurningSandsState, p, c) -> list:
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


def target_spec(s: BurningSandsState, f):
    c = card(s, f["src"])
    if f["ab"] < 0:
        if c.type in ("follower", "item"):
            return {"kind": "attach"}
        if c.type == "holding" and "Fortification" in c.traits:
            return {"kind": "section", "side": "own"}
        return None
    spec = c.abilities[f["ab"]]
    return spec.target or None


def target_options(s: BurningSandsState, f) -> list:
    spec = target_spec(s, f)
    p = f["p"]
    if spec is None:
        return []
    if spec["kind"] == "attach":
        return attach_targets(s, p, card(s, f["src"]))
    return targets(s, p, spec, ctx_of(s, f))
