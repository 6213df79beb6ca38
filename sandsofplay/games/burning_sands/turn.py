"""The turn (Sequence of Play: Dawn, Day, Night, End) and the Day/Night actions that are not
card plays: attack, raid, moving attachments, Experienced overlays.

A turn is a run of frames: ``dawn`` (straighten; "can remain bowed" cards ask), ``prio`` for the
Day and for the Night (from the Blessed player clockwise, one action or ``pass`` each until all
pass in a row), ``end`` (the Waterless are eliminated from the Blessed player on; then for each
player: draw four and discard to the hand size, Khadi returns, Water from Heroes onto City
Sections and redistribution) and ``newturn`` (the Blessing passes left).
"""

from __future__ import annotations

from . import attack, effects, payment, raid, stories
from .cards import (capacity, card, draw, hand_limit, player_name, player_static, water_of)
from .frames import A, log, none, push, refuse
from .scoring import eliminate, judgement
from .state import BurningSandsState

DEFAULT_LIMIT = 30


def begin_turn(s: BurningSandsState, ev) -> None:
    push(s, {"k": "newturn", "seat": -1})
    push(s, {"k": "end", "seat": -1})
    for ph in ("night", "day"):
        push(s, {"k": "prio", "seat": s.blessed, "phase": ph, "passes": 0, "acted": 0})
    push(s, {"k": "dawn", "seat": -1})
    log(ev, "turn", f"Turn {s.turn}: {player_name(s, s.blessed)} holds the Caliph's Blessing.",
        turn=s.turn, blessed=s.blessed)


def order_from_blessed(s: BurningSandsState):
    return [(s.blessed + i) % s.n for i in range(s.n) if s.alive[(s.blessed + i) % s.n]]


def next_alive(s: BurningSandsState, p):
    for i in range(1, s.n + 1):
        q = (p + i) % s.n
        if s.alive[q]:
            return q
    return p


# --- Dawn -----------------------------------------------------------------------------------
def _dawn_auto(s: BurningSandsState, f, ev):
    s.stack.pop()
    stay = []
    for p in order_from_blessed(s):
        for u in _in_play(s, p):
            if s.bowed[u]:
                if "can remain bowed" in card(s, u).traits:
                    stay.append(u)
                else:
                    s.bowed[u] = 0
    for u in reversed(stay):
        push(s, {"k": "remain", "seat": s.owner[u], "card": u})
    return True


def _in_play(s: BurningSandsState, p):
    out = list(s.home[p]) + list(s.sections[p])
    for h in s.heroes[p]:
        out += [h] + s.att[h]
    for sec in s.sections[p]:
        out += s.att[sec]
    return out


def _remain_legal(s: BurningSandsState, f):
    return [A("straighten", f["card"]), A("stay")]


def _remain_apply(s: BurningSandsState, f, a, ev):
    s.stack.pop()
    if a.kind == "straighten":
        s.bowed[f["card"]] = 0


# --- Day and Night --------------------------------------------------------------------------
def _prio_auto(s: BurningSandsState, f, ev):
    if f["acted"]:
        f["acted"] = 0
        f["passes"] = 0
        f["seat"] = next_alive(s, f["seat"])
    if not s.alive[f["seat"]]:
        f["seat"] = next_alive(s, f["seat"])
    if f["passes"] >= sum(s.alive):
        s.stack.pop()
        log(ev, "phase_over", f"The {f['phase'].capitalize()} Phase ends.")
        return True
    return False


def prio_legal(s: BurningSandsState, f):
    p = f["seat"]
    out = [A("pass")]
    out += effects.plays(s, p, f["phase"])
    if f["phase"] == "day":
        if attack.can_attack(s, p):
            out.append(A("attack"))
        out += _transfers(s, p)
        out += _overlays(s, p)
    else:
        if raid.can_raid(s, p):
            out.append(A("raid"))
    return out


def _transfers(s: BurningSandsState, p):
    """Moving Followers and Items: bow two unbowed Heroes of yours to exchange cards."""
    free = [h for h in s.heroes[p] if not s.bowed[h]]
    if len(free) < 2:
        return []
    return [A("transfer", h) for h in free if s.att[h]]


def _overlays(s: BurningSandsState, p):
    out = []
    for u in s.hand[p]:
        c = card(s, u)
        if c.exp_of and payment.can_afford(s, p, 2, 0):
            for h in s.heroes[p]:
                if card(s, h).id == c.exp_of:
                    out.append(A("overlay", u))
                    break
    return out


def _prio_apply(s: BurningSandsState, f, a, ev):
    p = f["seat"]
    k = a.kind
    if k == "pass":
        f["passes"] += 1
        f["seat"] = next_alive(s, p)
        log(ev, "pass", f"{player_name(s, p)} passes ({f['phase'].capitalize()} Phase).", seat=p)
        return
    f["acted"] = 1
    if k in ("play", "use"):
        effects.start(s, p, a, ev)
    elif k == "attack":
        attack.start(s, p, ev)
    elif k == "raid":
        raid.start(s, p, ev)
    elif k == "transfer":
        push(s, {"k": "exchange", "seat": p, "h": a.args[0], "g": -1})
    elif k == "overlay":
        push(s, {"k": "overlay", "seat": p, "card": a.args[0], "cu": 2, "wa": 0, "inf": 0,
                 "sah": 0, "p": p})



def _exchange_legal(s: BurningSandsState, f):
    if f["g"] < 0:  # first the partner, then both bow
        return [A("with", g) for g in s.heroes[f["seat"]] if not s.bowed[g] and g != f["h"]]
    out = []
    moved = f.get("moved", [])
    for frm, to in ((f["h"], f["g"]), (f["g"], f["h"])):
        for u in s.att[frm]:
            if u in moved:
                continue  # each card moves once: any exchange is made so, and it must end
            c = card(s, u)
            # a clash with a card that can still leave is a swap in the making (two Armors)
            if c.type == "item" and any(t in c.traits and any(
                    t in card(s, x).traits and x in moved for x in s.att[to])
                    for t in ("Weapon", "Armor")):
                continue
            out.append(A("give", u, to))
    if not any(_two_of_a_kind(s, h) for h in (f["h"], f["g"])):
        out.append(A("done"))
    return out


def _two_of_a_kind(s: BurningSandsState, h) -> bool:
    """Item: no Hero has more than one Weapon and one Armor."""
    return any(sum(1 for x in s.att[h] if t in card(s, x).traits) > 1 for t in ("Weapon", "Armor"))


def _exchange_apply(s: BurningSandsState, f, a, ev):
    if a.kind == "with":
        f["g"] = a.args[0]
        s.bowed[f["h"]] = s.bowed[f["g"]] = 1
        return
    if a.kind == "done":
        s.stack.pop()
        return
    u, to = a.args
    frm = f["g"] if to == f["h"] else f["h"]
    f.setdefault("moved", []).append(u)
    s.att[frm].remove(u)
    s.att[to].append(u)
    log(ev, "give", f"{card(s, u).name} moves to {card(s, to).name}.")



def _overlay_legal(s: BurningSandsState, f):
    if f["cu"] <= 0:
        return []
    return payment.legal(s, f)


def _overlay_auto(s: BurningSandsState, f, ev):
    if f["cu"] <= 0:
        s.stack.pop()
        p = f["p"]
        c = card(s, f["card"])
        old = next((h for h in s.heroes[p] if card(s, h).id == c.exp_of), -1)
        if old >= 0 and f["card"] in s.hand[p]:
            stories.overlay(s, p, f["card"], old, ev)
        return True
    return False


def _overlay_apply(s: BurningSandsState, f, a, ev):
    if payment.apply(s, f, a, ev):
        s.stack.pop()



# --- End ------------------------------------------------------------------------------------
def _end_auto(s: BurningSandsState, f, ev):
    s.stack.pop()
    for p in order_from_blessed(s):
        if s.over:
            return True
        if water_of(s, p) == 0 and not player_static(s, p, "no_water_elim") and \
                not any(st["op"] == "no_water_elim" for u in s.home[p] for st in card(s, u).static):
            eliminate(s, p, ev, "no Water at the end of the turn")
    if s.over:
        return True
    for p in reversed(order_from_blessed(s)):
        push(s, {"k": "endwater", "seat": p, "pool": -1})
        push(s, {"k": "khadi", "seat": p})
        push(s, {"k": "enddraw", "seat": p, "drawn": 0})
    return True



def _draw_auto(s: BurningSandsState, f, ev):
    p = f["seat"]
    if not f["drawn"]:
        f["drawn"] = 1
        draw(s, p, 4 + player_static(s, p, "draw_end"), ev)
    return False


def _draw_legal(s: BurningSandsState, f):
    p = f["seat"]
    if len(s.hand[p]) <= hand_limit(s, p):
        return []
    return [A("discard", u) for u in s.hand[p]]


def _draw_apply(s: BurningSandsState, f, a, ev):
    p = f["seat"]
    s.hand[p].remove(a.args[0])
    s.saved[p].append(a.args[0])



def _khadi_legal(s: BurningSandsState, f):
    p = f["seat"]
    if sum(s.water[x] for x in s.sections[p]) < 3:
        return []
    out = [A("khadi", u) for u in s.buried[p] if card(s, u).type == "hero" and
           "Khadi" in card(s, u).traits  # a Unique one only if its name is not in play
           and not effects.unique_clash(s, card(s, u))]
    return out + [A("done")] if out else []


def _khadi_apply(s: BurningSandsState, f, a, ev):
    if a.kind == "done":
        s.stack.pop()
        log(ev, "khadi_pass", f"{player_name(s, f['seat'])} brings no Khadi back.",
            seat=f["seat"])
        return
    p = f["seat"]
    for _ in range(3):  # pay from the fullest section (ruling R-14)
        sec = max(s.sections[p], key=lambda x: (s.water[x], -s.sections[p].index(x)))
        s.water[sec] -= 1
        s.w_lost += 1
    payment.dried(s, ev)
    if s.alive[p]:
        stories.khadi_return(s, p, a.args[0], ev)



def _water_auto(s: BurningSandsState, f, ev):
    p = f["seat"]
    if not s.alive[p]:
        s.stack.pop()
        return True
    if f["pool"] < 0:
        f["pool"] = sum(s.water[h] for h in s.heroes[p])
        for h in s.heroes[p]:
            s.water[h] = 0
        f["moves"] = 0
    if f["pool"] > 0 and not _rooms(s, p):
        s.w_lost += f["pool"]
        log(ev, "water_lost", f"{player_name(s, p)} has no room for {f['pool']} Water: lost.")
        f["pool"] = 0
    return False


def _rooms(s: BurningSandsState, p):
    return [x for x in s.sections[p] if s.water[x] < capacity(s, x)]


def _water_legal(s: BurningSandsState, f):
    p = f["seat"]
    if f["pool"] > 0:
        return [A("place", x) for x in _rooms(s, p)]
    out = []
    # ruling R-15: any distribution may be made, each section only giving or only receiving
    # Water this End Phase (so the moves end, and every distribution is still reachable)
    gave, got = f.get("gave", []), f.get("got", [])
    rooms = [y for y in _rooms(s, p) if y not in gave]
    for x in s.sections[p]:
        if s.water[x] > 0 and x not in got:
            out += [A("shift", x, y) for y in rooms if y != x]
    return out + [A("done")]


def _water_apply(s: BurningSandsState, f, a, ev):
    k = a.kind
    if k == "done":
        s.stack.pop()
    elif k == "place":
        s.water[a.args[0]] += 1
        f["pool"] -= 1
    elif k == "shift":
        s.water[a.args[0]] -= 1
        s.water[a.args[1]] += 1
        f["moves"] += 1
        f.setdefault("gave", []).append(a.args[0])
        f.setdefault("got", []).append(a.args[1])



def _newturn_auto(s: BurningSandsState, f, ev):
    s.stack.pop()
    if stories.check_alt_win(s, ev):
        return True
    if s.turn >= s.limit:
        judgement(s, ev)
        return True
    s.blessed = next_alive(s, s.blessed)
    s.turn += 1
    s.attacked = [0] * s.n
    s.raided = []
    s.mods = [m for m in s.mods if m[3] != 0]  # "until the end of the turn" bonuses expire
    begin_turn(s, ev)
    return True


# --- why an action is refused ----------------------------------------------------------------
def _remain_reason(s: BurningSandsState, f, seat, a):
    return refuse(s, f, seat, f"to decide whether {card(s, f['card']).name} straightens")


def _prio_reason(s: BurningSandsState, f, seat, a):
    ph = f["phase"].capitalize()
    name = player_name(s, seat)
    k = a.kind
    why = ""
    if k == "attack" and s.attacked[seat]:
        why = f"{name} has already attacked this turn."
    elif k == "attack":
        why = (f"{name} cannot attack at night: attacks are made in the Day Phase." if ph == "Night"
               else f"{name} has no unbowed Hero to attack with, or no one to attack.")
    elif k == "raid":
        why = (f"{name} cannot raid by day: raids are made in the Night Phase." if ph == "Day"
               else f"{name} needs an unbowed Hero that is not Undead, a card in hand and a City "
               "Section to raid.")
    elif k in ("play", "use"):
        why = f"{name} cannot play that now: its timing, costs or targets do not allow it."
    elif k in ("transfer", "overlay") and ph == "Night":
        why = f"{name} may do that only by day: it is a Day action."
    return refuse(s, f, seat, f"to act in the {ph} Phase", why)


def _exchange_reason(s: BurningSandsState, f, seat, a):
    return refuse(s, f, seat, "to move Followers and Items between two Heroes")


def _overlay_reason(s: BurningSandsState, f, seat, a):
    return refuse(s, f, seat, f"to pay for {card(s, f['card']).name}")


def _draw_reason(s: BurningSandsState, f, seat, a):
    return refuse(s, f, seat, "to discard down to the hand size")


def _khadi_reason(s: BurningSandsState, f, seat, a):
    return refuse(s, f, seat, "to decide whether a Khadi Hero returns")


def _water_reason(s: BurningSandsState, f, seat, a):
    task = "to place the Heroes' Water" if f["pool"] > 0 else "to move Water between City Sections"
    return refuse(s, f, seat, task)


# name, legal, apply, auto, reason, rule
STAGES = (
    ("dawn", none, None, _dawn_auto, None, "Sequence of Play"),
    ("remain", _remain_legal, _remain_apply, None, _remain_reason, "Sequence of Play"),
    ("prio", prio_legal, _prio_apply, _prio_auto, _prio_reason, "Sequence of Play"),
    ("exchange", _exchange_legal, _exchange_apply, None, _exchange_reason,
     "Attaching and Moving Cards"),
    ("overlay", _overlay_legal, _overlay_apply, _overlay_auto, _overlay_reason,
     "Experienced Heroes"),
    ("end", none, None, _end_auto, None, "Sequence of Play"),
    ("enddraw", _draw_legal, _draw_apply, _draw_auto, _draw_reason, "Sequence of Play"),
    ("khadi", _khadi_legal, _khadi_apply, None, _khadi_reason, "Khadi"),
    ("endwater", _water_legal, _water_apply, _water_auto, _water_reason, "Sequence of Play"),
    ("newturn", none, None, _newturn_auto, None, "Sequence of Play"),
)
