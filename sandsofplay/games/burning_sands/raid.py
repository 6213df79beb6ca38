"""Raids (Raiding; Raid Phase; Carry +X; Raid +X/-X; Undead).

``raid`` (a Night action) opens a ``raid`` frame: the raider picks a City Section of another
player not yet raided this turn (``rsec SECTION``), an unbowed Hero for it (``rhero HERO``;
never an Undead unit) and a card from hand placed face down on it (``rcard CARD``), as often as
wanted, then ``go``. A Reaction window for the raided players follows. Then each raided section's
owner may defend it with an unbowed Hero (``defend HERO``) and a card face up (``dcard CARD``)
or not (``nodefend``). The raid resolves: a raiding Fate value (card + Raid ±X) above the
defending card's Fate value, or above the section's Strength when undefended, takes 1 + Carry
Water tokens (as many as the section has) onto the raiding Hero. Cards go to the Saved piles,
raiders home bowed, defenders unbowed.
"""

from __future__ import annotations

from sandsofplay.engine import Event

from . import stories
from .cards import (card, carry, check_sections, is_a, nonhuman, player_name, raid_mod,
                    section_strength, unit)
from .frames import A, log, open_window, push, refuse
from .scoring import check_no_sections
from .state import BurningSandsState


def _undead(s: BurningSandsState, h) -> bool:
    return any("Undead" in card(s, u).traits for u in unit(s, h))


def raiders(s: BurningSandsState, p, used=()) -> list:
    return [h for h in s.heroes[p] if not s.bowed[h] and h not in used and not _undead(s, h)]


def raidable(s: BurningSandsState, p, taken=()) -> list:
    return [x for q in range(s.n) if q != p and s.alive[q] for x in s.sections[q]
            if x not in s.raided and x not in taken]


def can_raid(s: BurningSandsState, p) -> bool:
    return bool(raiders(s, p)) and bool(s.hand[p]) and bool(raidable(s, p))


def start(s: BurningSandsState, p, ev) -> None:
    push(s, {"k": "raid", "seat": p, "raider": p, "step": "assign", "list": [], "pick": -1,
             "hero": -1, "defs": [], "di": 0, "dhero": -1, "bonus": {}})
    log(ev, "raid", f"{player_name(s, p)} begins a raid.", seat=p)


def _legal(s: BurningSandsState, f):
    p = f["seat"]
    if f["step"] == "assign":
        used = [x[1] for x in f["list"]]
        if f["pick"] < 0:
            out = []
            # each raider takes one card from the hand, placed when it is assigned
            if s.hand[p] and raiders(s, p, used):
                out = [A("rsec", x) for x in raidable(s, p, [x[0] for x in f["list"]])]
            if f["list"]:
                out.append(A("go"))
            return out
        if f["hero"] < 0:
            return [A("rhero", h) for h in raiders(s, p, used)]
        return [A("rcard", u) for u in s.hand[p]]
    if f["step"] == "defend":
        used = [x[1] for x in f["defs"] if x[1] >= 0]
        if f["dhero"] < 0:
            out = []
            if s.hand[p]:  # a Hero that "cannot defend" defends no raid either (ruling R-31)
                out = [A("defend", h) for h in raiders(s, p, used)
                       if "cannot defend" not in card(s, h).traits]
            return out + [A("nodefend")]
        return [A("dcard", u) for u in s.hand[p]]
    return []


def _auto(s: BurningSandsState, f, ev):
    if f["step"] == "defend":
        while f["di"] < len(f["list"]):
            sec = f["list"][f["di"]][0]
            q = s.owner[sec]
            if s.alive[q] and sec in s.sections[q]:
                f["seat"] = q
                return False
            f["defs"].append([sec, -1, -1])
            f["di"] += 1
        f["step"] = "resolve"
    if f["step"] == "resolve":
        s.stack.pop()
        _resolve(s, f, ev)
        return True
    return False


def _apply(s: BurningSandsState, f, a, ev):
    p = f["seat"]
    k = a.kind
    if k == "rsec":
        f["pick"] = a.args[0]
    elif k == "rhero":
        f["hero"] = a.args[0]
    elif k == "rcard":
        u = a.args[0]
        s.hand[p].remove(u)
        f["list"].append([f["pick"], f["hero"], u])
        log(ev, "raider", f"{player_name(s, p)} sends {card(s, f['hero']).name} to raid "
            f"{card(s, f['pick']).name} with a face-down card.", seat=p, hero=f["hero"],
            section=f["pick"])
        f["pick"] = f["hero"] = -1
    elif k == "go":
        f["step"] = "defend"
        for x in f["list"]:
            s.raided.append(x[0])
        owners = sorted({s.owner[x[0]] for x in f["list"]})
        open_window(s, {"on": "raided", "defenders": owners, "depth": len(s.stack) - 1}, p)
    elif k == "defend":
        f["dhero"] = a.args[0]
    elif k == "dcard":
        u = a.args[0]
        s.hand[p].remove(u)
        sec = f["list"][f["di"]][0]
        f["defs"].append([sec, f["dhero"], u])
        log(ev, "defender", f"{player_name(s, p)} defends {card(s, sec).name} with "
            f"{card(s, f['dhero']).name} and {card(s, u).name} (Fate {card(s, u).fate}).")
        f["dhero"] = -1
        f["di"] += 1
    elif k == "nodefend":
        f["defs"].append([f["list"][f["di"]][0], -1, -1])
        f["di"] += 1


def _resolve(s: BurningSandsState, f, ev):
    p = f["raider"]
    won = 0
    bonus = f.get("bonus", {})
    for (sec, hero, cu), (_s2, dh, dc) in zip(f["list"], f["defs"]):
        q = s.owner[sec]
        rv = card(s, cu).fate + raid_mod(s, hero) + bonus.get(str(p), 0)
        if dh >= 0 and dh in s.heroes[q]:
            dv = card(s, dc).fate + bonus.get(str(q), 0)
            against = f"{card(s, dh).name}'s Fate {dv}"
        else:  # a bonus to defending Fate values has nothing to add to here (Lantern Watch)
            dv = section_strength(s, sec)
            against = f"the section's Strength {dv}"
        alive = hero in s.heroes[p] and sec in s.sections[q]
        ok = alive and rv > dv
        text = (f"{card(s, hero).name} raids {card(s, sec).name}: Fate {rv} against {against} - "
                f"{'success' if ok else 'failure'}.")
        if ok:
            k = min(carry(s, hero), s.water[sec])
            s.water[sec] -= k
            s.water[hero] += k
            won += 1
            text += f" {k} Water carried away."
        ev.append(Event("raid_result", {"section": sec, "hero": hero, "card": cu,
                                        "raid": rv, "defence": dv, "success": ok},
                        text, reveal=True))
        s.saved[p].append(cu)
        if dc >= 0:
            s.saved[q].append(dc)
        if hero in s.heroes[p]:
            for u in unit(s, hero):
                s.bowed[u] = 1  # raiders go home bowed
    raided = [sec for sec, _h, _c in f["list"] if sec in s.sections[s.owner[sec]]]
    check_sections(s, ev)
    check_no_sections(s, ev)
    if won and not s.over:
        # a 0-Strength section raided dry is destroyed by the raider (ruling R-30)
        if any(sec not in s.sections[s.owner[sec]] for sec in raided):
            stories.tale(s, p, "section_razed")
        stories.tale(s, p, "raid_won")


def _reason(s: BurningSandsState, f, seat, a):
    if f["step"] == "defend":
        return refuse(s, f, seat, "to defend a City Section against the raid")
    why = (f"{player_name(s, seat)} may send only an unbowed Hero not raiding yet, and never "
           "an Undead unit.") if a.kind == "rhero" and f["pick"] >= 0 > f["hero"] else ""
    return refuse(s, f, seat, "to choose the raiders", why)


# name, legal, apply, auto, reason, rule
STAGES = (("raid", _legal, _apply, _auto, _reason, "Raid Phase"),)

__all__ = ["start", "can_raid", "is_a", "nonhuman"]
