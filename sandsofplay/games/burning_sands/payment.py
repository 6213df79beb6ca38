"""Paying for one card or action at a time (Bringing Cards into Play; Paying Copper Costs;
Paying Water Costs; Council Actions; Spell).

A payment is part of a ``play`` frame (see ``effects``): the player answers one small choice at
a time - bow one Copper producer (``produce UID``), pay one Water token from a City Section
(``water UID``), bow one Hero or the Stronghold for Influence (``influence UID``), bow the Sahir
who casts (``sahir UID``) - or gives up (``abandon``): then whatever was paid is lost and the
card goes back to the hand. Copper produced beyond the cost is lost to the Sultan.
"""

from __future__ import annotations

from .cards import CARDS, card, check_sections, influence, player_name
from .frames import A
from .scoring import check_no_sections
from .state import BurningSandsState


def producers(s: BurningSandsState, p) -> list:
    """Unbowed cards of p that produce Copper: the Stronghold and straightened Holdings."""
    cdef, bowed = s.cdef, s.bowed
    out = [u for u in s.home[p] if CARDS[cdef[u]].produce and not bowed[u]]
    for sec in s.sections[p]:
        for u in s.att[sec]:
            if CARDS[cdef[u]].produce and not bowed[u]:
                out.append(u)
    return out


def copper_available(s: BurningSandsState, p) -> int:
    """The Copper of ``producers`` (one walk: the producers are not listed)."""
    cdef, bowed, att = s.cdef, s.bowed, s.att
    total = 0
    for u in s.home[p]:
        v = CARDS[cdef[u]].produce
        if v and not bowed[u]:
            total += v
    for sec in s.sections[p]:
        for u in att[sec]:
            v = CARDS[cdef[u]].produce
            if v and not bowed[u]:
                total += v
    return total


def influencers(s: BurningSandsState, p) -> list:
    """Unbowed Heroes and the Stronghold, which bow for a Council action."""
    out = [u for u in s.home[p] if card(s, u).type == "stronghold" and not s.bowed[u]]
    out += [h for h in s.heroes[p] if not s.bowed[h] and influence(s, h) > 0]
    return out


def influence_available(s: BurningSandsState, p) -> int:
    return sum(card(s, u).influence if card(s, u).type == "stronghold" else influence(s, u)
               for u in influencers(s, p))


def sahirs(s: BurningSandsState, p, exclude=-1) -> list:
    return [h for h in s.heroes[p] if not s.bowed[h] and h != exclude and "Sahir" in card(s, h).traits]


def can_afford(s: BurningSandsState, p, copper, water, infl=0, sahir=False, exclude=-1, have=None) -> bool:
    """Whether p could pay; ``have`` = (Copper, Water) already counted by the caller."""
    if have is None:
        have = (copper_available(s, p) if copper > 0 else 0,
                sum(s.water[x] for x in s.sections[p]) if water > 0 else 0)
    if copper > 0 and have[0] < copper:
        return False
    if water > 0 and have[1] < water:
        return False
    if infl > 0:
        # a Hero bowed as the Sahir cannot also bow for Influence; keep it simple: need both
        if influence_available(s, p) < infl:
            return False
    if sahir and not sahirs(s, p, exclude):
        return False
    return True


def dried(s: BurningSandsState, ev) -> None:
    """After Water is paid away: a 0-Strength City Section left with no Water is destroyed at
    once (Absorbing Damage in Battle; Raid Phase), and a player with no City Section left is out
    at once (ruling R-19)."""
    check_sections(s, ev)
    check_no_sections(s, ev)


def done(f) -> bool:
    return f["cu"] <= 0 and f["wa"] <= 0 and f["inf"] <= 0 and not f["sah"]


def legal(s: BurningSandsState, f) -> list:
    p = f["p"]
    out = []
    if f["sah"]:
        out += [A("sahir", h) for h in sahirs(s, p)]
    if f["cu"] > 0:
        out += [A("produce", u) for u in producers(s, p)]
    if f["wa"] > 0:
        out += [A("water", sec) for sec in s.sections[p] if s.water[sec] > 0]
    if f["inf"] > 0:
        out += [A("influence", u) for u in influencers(s, p)]
    out.append(A("abandon"))
    return out


def apply(s: BurningSandsState, f, a, ev) -> bool:
    """Perform one payment step; returns True if the player gave up."""
    k = a.kind
    if k == "abandon":
        return True
    u = a.args[0]
    if k == "sahir":
        s.bowed[u] = 1
        f["sah"] = 0
        f["caster"] = u
    elif k == "produce":
        s.bowed[u] = 1
        f["cu"] -= card(s, u).produce
    elif k == "water":
        s.water[u] -= 1
        s.w_lost += 1
        f["wa"] -= 1
        f["spent"] = f.get("spent", 0) + 1
        dried(s, ev)
    elif k == "influence":
        s.bowed[u] = 1
        c = card(s, u)
        f["inf"] -= c.influence if c.type == "stronghold" else influence(s, u)
    return False


def describe(s: BurningSandsState, a) -> str:
    k = a.kind
    if k == "abandon":
        return "Give up paying (what was paid is lost; the card goes back to the hand)."
    c = card(s, a.args[0])
    if k == "sahir":
        return f"Bow the Sahir {c.name} to cast."
    if k == "produce":
        return f"Bow {c.name} for {c.produce} Copper."
    if k == "water":
        return f"Pay a Water token from {c.name} ({s.water[a.args[0]]} there)."
    if k == "influence":
        return f"Bow {c.name} for Influence."
    return str(a)


__all__ = ["legal", "apply", "can_afford", "producers", "player_name"]
