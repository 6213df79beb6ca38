"""The Battle Action Segment (Battle Action Segment; Engaging the Enemy; Absorbing Damage in
Battle; End of Battle; Archery; Berserk; Tactician).

The attacker picks the order of the battles (``battle SECTION``); every City Section of every
defender has one. In a battle the armies act in turn, the defending army first; in an army its
players are asked in seat order (leader first) and one action is the army's action: play a
Battle or Open action, ``engage HERO`` (the Hero with its unbowed Followers that have their own
Strength), ``engage1 FOLLOWER``, ``muster CARD`` (engage a Hero alone or with some of its
Followers, or a Follower with others of its unit: ``join FOLLOWER`` one at a time, then
``fight``), ``home HERO`` (bow the unit and send it home), ``tactic HERO`` (Tactician) or
``pass``. The battle ends when every player with units there has passed in a row, or the City
Section is destroyed.

Damage is absorbed one choice at a time by the army's leader (``absorb`` frame): ``drop CARD``
(a Hero, worth its Strength with its Items and "+" Followers plus the Strength of the Followers
that die with it, or a Follower with its own Strength; an Item or a "+" Follower never goes
alone), ``ask SEAT`` (an ally decides whether it discards: ``fate CARD`` or ``keep``), ``spill`` (a Water token of the section, worth 1),
``raze`` (the section itself, once its Water is gone; it absorbs everything), ``fate CARD`` (a
card from hand worth its Fate value, one per Hero sacrificed in this absorption, never against
Berserk), and ``done`` once nothing that must absorb is left. A card whose Strength is above the
engaging damage is immune (and an immune Follower shields its Hero); so is a section whose
Strength is above it (ruling R-7); damage that cannot be absorbed is lost.
"""

from __future__ import annotations

from . import effects, stories
from .cards import (card, check_sections, destroy, followers, hero_of, player_name,
                    section_strength, send_home, strength)
from .frames import A, log, open_window, push, refuse
from .scoring import check_no_sections
from .state import BurningSandsState
from .targeting import battle_units, side_of


def begin(s: BurningSandsState, ev) -> None:
    push(s, {"k": "order", "seat": s.atk["attacker"]})


def _order_left(s: BurningSandsState):
    atk = s.atk
    return [x for d in atk["defenders"] for x in s.sections[d] if x not in atk["fought"]]


def _manned(s: BurningSandsState, left):
    """Sections with units assigned; a battle with no units ends at once, so its place in the
    order cannot matter (no card of the pool brings units into a battle)."""
    units = {x[2] for x in s.atk["units"]}
    return [x for x in left if x in units]


def _order_auto(s: BurningSandsState, f, ev):
    left = _order_left(s)
    if not left:
        s.stack.pop()
        _end_attack(s, ev)
        return True
    manned = _manned(s, left)
    if len(manned) <= 1 or not s.alive[s.atk["attacker"]]:
        _start_battle(s, (manned or left)[0], ev)
        return True
    return False


def _order_legal(s: BurningSandsState, f):
    return [A("battle", x) for x in _manned(s, _order_left(s))]


def _order_apply(s: BurningSandsState, f, a, ev):
    _start_battle(s, a.args[0], ev)



def _start_battle(s: BurningSandsState, sec, ev):
    s.atk["sec"] = sec
    s.tact = []
    push(s, {"k": "battle", "seat": -1, "sec": sec, "army": "d", "i": 0, "passes": 0})
    # a section no unit was sent to has no fight to tell of: its battle is silent in the log
    log(ev, "battle", f"Battle at {card(s, sec).name} ({player_name(s, s.owner[sec])})."
        if _has_units(s, sec) else "", section=sec)


def _has_units(s: BurningSandsState, sec) -> bool:
    return any(x[2] == sec for x in s.atk["units"])


def _end_attack(s: BurningSandsState, ev):
    s.atk = None
    log(ev, "attack_over", "The attack is over.")


def army(s: BurningSandsState, side):
    """Players with units in the current battle on a side, leader first then seat order."""
    units = battle_units(s)
    seats = sorted({q for _h, q, sd in units if sd == side})
    lead = leader(s, side)
    if lead in seats:
        seats.remove(lead)
        seats.insert(0, lead)
    return seats


def leader(s: BurningSandsState, side):
    atk = s.atk
    sec = atk["sec"]
    if side == "d":
        return s.owner[sec]
    units = battle_units(s)
    if any(q == atk["attacker"] for _h, q, sd in units if sd == "a"):
        return atk["attacker"]
    qs = sorted({q for _h, q, sd in units if sd == "a"})
    return qs[0] if qs else atk["attacker"]


def _battle_auto(s: BurningSandsState, f, ev):
    sec = f["sec"]
    if sec not in s.sections[s.owner[sec]]:
        return _end_battle(s, f, ev)
    total = len(army(s, "d")) + len(army(s, "a"))
    if total == 0 or f["passes"] >= total:
        return _end_battle(s, f, ev)
    for _ in range(4):
        players = army(s, f["army"])
        if f["i"] < len(players):
            f["seat"] = players[f["i"]]
            return False
        f["army"] = "a" if f["army"] == "d" else "d"
        f["i"] = 0
    return _end_battle(s, f, ev)


def _mine(s: BurningSandsState, p):
    return [h for h, q, _sd in battle_units(s) if q == p]


def _legal(s: BurningSandsState, f):
    p = f["seat"]
    out = [A("pass")]
    out += effects.plays(s, p, "battle")
    for h in _mine(s, p):
        if not s.bowed[h]:
            out.append(A("engage", h))
            if _joiners(s, {"eng": [h]}):
                out.append(A("muster", h))  # the Hero with only some of them, or alone
            out.append(A("home", h))
            if "Tactician" in card(s, h).traits and h not in s.tact and s.hand[p]:
                out.append(A("tactic", h))
        for u in followers(s, h):
            if not s.bowed[u] and card(s, u).s > 0 and not card(s, u).s_plus:
                out.append(A("engage1", u))
                if _joiners(s, {"eng": [u]}):
                    out.append(A("muster", u))  # with other Followers of the unit
    return out


def _apply(s: BurningSandsState, f, a, ev):
    p = f["seat"]
    k = a.kind
    if k == "pass":
        f["passes"] += 1
        f["i"] += 1
        log(ev, "battle_pass", f"{player_name(s, p)} passes (Battle Action).", seat=p)
        return
    f["passes"] = 0
    f["army"] = "a" if f["army"] == "d" else "d"
    f["i"] = 0
    if k in ("play", "use"):
        effects.start(s, p, a, ev)
    elif k == "home":
        send_home(s, a.args[0], ev)
    elif k == "tactic":
        push(s, {"k": "tactic", "seat": p, "hero": a.args[0]})
    elif k == "engage":
        engage(s, p, [a.args[0]] + _joiners(s, {"eng": [a.args[0]]}), ev)
    elif k == "engage1":
        engage(s, p, [a.args[0]], ev)
    elif k == "muster":
        push(s, {"k": "muster", "seat": p, "eng": [a.args[0]]})


def _end_battle(s: BurningSandsState, f, ev):
    sec = f["sec"]
    atk = s.atk
    fought = f["seat"] >= 0 or _has_units(s, sec)  # someone was asked for a Battle Action
    for x in [x for x in atk["units"] if x[2] == sec]:
        h, q, _sec, side = x
        if side == "a" or q != s.owner[sec]:
            for u in [h] + s.att[h]:
                s.bowed[u] = 1  # attackers and allies go home bowed
        atk["units"].remove(x)
    if s.omen >= 0 and s.omen_battle:
        destroy(s, s.omen, ev)  # Battle Omens are destroyed after battle
    atk["fought"].append(sec)
    atk["sec"] = -1
    s.stack.pop()
    log(ev, "battle_over", f"The battle at {card(s, sec).name} ends." if fought else "",
        section=sec)
    return True



# --- Tactician ---------------------------------------------------------------------------------
def _tactic_legal(s: BurningSandsState, f):
    return [A("discard", u) for u in s.hand[f["seat"]]]


def _tactic_apply(s: BurningSandsState, f, a, ev):
    u = a.args[0]
    p = f["seat"]
    s.hand[p].remove(u)
    s.saved[p].append(u)
    s.mods.append([f["hero"], card(s, u).fate, 0, 0])
    s.tact.append(f["hero"])
    s.stack.pop()
    log(ev, "tactician", f"{card(s, f['hero']).name} gains +{card(s, u).fate} Strength "
        f"(Tactician, discarding {card(s, u).name}).")



# --- engaging ----------------------------------------------------------------------------------
def _joiners(s: BurningSandsState, f):
    """Unbowed Followers with their own Strength of the engaging unit that may still join."""
    h = hero_of(s, f["eng"][0])
    return [u for u in followers(s, h) if u not in f["eng"] and not s.bowed[u]
            and not card(s, u).s_plus and card(s, u).s > 0]


def _muster_legal(s: BurningSandsState, f):
    return [A("join", u) for u in _joiners(s, f)] + [A("fight")]


def _muster_apply(s: BurningSandsState, f, a, ev):
    if a.kind == "join":
        f["eng"].append(a.args[0])
        if _joiners(s, f):
            return
    s.stack.pop()
    engage(s, f["seat"], f["eng"], ev)



def engage(s: BurningSandsState, p, cards, ev) -> None:
    cards = list(cards)
    for u in cards:
        s.bowed[u] = 1
    mine = side_of(s, p)
    victim = "d" if mine == "a" else "a"
    bers = any("Berserk" in card(s, u).traits for u in cards)
    arch = all(card(s, u).archery is not None for u in cards)
    f = {"k": "absorb", "seat": -1, "sec": s.atk["sec"], "victim": victim, "eng": cards,
         "by": p, "dmg": -1, "left": 0, "bers": int(bers), "sac": 0, "disc": 0,
         "arch": 1 if arch else 0, "atgt": -1}
    push(s, f)
    names = " and ".join(card(s, u).name for u in cards)
    log(ev, "engage", f"{player_name(s, p)} engages with {names}.", seat=p, cards=cards)
    victims = army(s, victim) or ([s.owner[s.atk["sec"]]] if victim == "d" else [])
    open_window(s, {"on": "engaged", "victims": victims, "depth": len(s.stack) - 1,
                    "eng": list(cards)}, p)


def _victim_cards(s: BurningSandsState, f):
    """Cards of the absorbing army that can be destroyed on their own: the Heroes and the
    Followers with their own Strength. An Item's or a "+" Follower's bonus is its Hero's
    Strength (ruling R-6), so it goes only with its Hero."""
    out = []
    for h, q, sd in battle_units(s):
        if sd == f["victim"]:
            out.append(h)
            out += [u for u in followers(s, h) if not card(s, u).s_plus]
    return out


def _victim_seats(s: BurningSandsState, f):
    return sorted({q for _h, q, sd in battle_units(s) if sd == f["victim"]})


def absorbs(s: BurningSandsState, u) -> int:
    """Damage a destroyed card absorbs (Absorbing Damage in Battle): its Strength; a Hero takes
    its own-Strength Followers with it, and they absorb theirs too."""
    v = strength(s, u)
    if card(s, u).type == "hero":
        v += sum(strength(s, x) for x in followers(s, u) if not card(s, x).s_plus)
    return v


def _absorb_auto(s: BurningSandsState, f, ev):
    if f["dmg"] < 0:
        live = [u for u in f["eng"] if hero_of(s, u) >= 0]
        f["dmg"] = sum(strength(s, u) for u in live)
        f["left"] = f["dmg"]
        f["seats"] = _victim_seats(s, f)  # an ally whose last Hero dies may still discard
        if f["arch"]:
            tg = [u for u in _victim_cards(s, f)
                  if not (card(s, u).type == "hero" and followers(s, u))]
            f["arch"] = 1 if tg and f["dmg"] > 0 else 0
            f["adj"] = sum(card(s, u).archery or 0 for u in live)
        f["seat"] = f["by"] if f["arch"] else leader(s, f["victim"])
        log(ev, "damage", f"{f['dmg']} damage to absorb.", damage=f["dmg"])
    if f["left"] <= 0 or not s.alive[f["seat"]]:
        _absorb_end(s, f, ev)
        return True
    if not f["arch"] and _absorb_legal(s, f) == [A("done")]:
        log(ev, "lost", f"Nothing can absorb the damage: {f['left']} is lost.")
        _absorb_end(s, f, ev)  # nothing can absorb: no question to ask
        return True
    return False


def _mandatory(s: BurningSandsState, f):
    init = f["dmg"]
    out = []
    for u in _victim_cards(s, f):
        c = card(s, u)
        if strength(s, u) > init:
            continue
        if c.type == "hero" and any(strength(s, x) > init for x in followers(s, u)
                                    if not card(s, x).s_plus):
            continue  # an immune Follower shields its Hero
        if strength(s, u) == 0 and c.type != "hero":
            continue
        out.append(A("drop", u))
    sec = f["sec"]
    if f["victim"] == "d" and sec in s.sections[s.owner[sec]]:
        if s.water[sec] > 0:
            out.append(A("spill"))
        elif section_strength(s, sec) <= init:
            out.append(A("raze"))
    return out


def _absorb_legal(s: BurningSandsState, f):
    if f.get("ally", -1) >= 0:  # an ally decides whether it discards (ruling R-8)
        return [A("fate", u) for u in s.hand[f["ally"]]] + [A("keep")]
    if f["arch"]:
        tg = [u for u in _victim_cards(s, f) if not (card(s, u).type == "hero" and followers(s, u))]
        return [A("archery", u) for u in tg] + [A("noarchery")]
    must = _mandatory(s, f)
    out = list(must)
    got = {x.args[0] for x in must if x.args}
    out += [A("drop", u) for u in _victim_cards(s, f) if u not in got]
    if not f["bers"] and f["sac"] > f["disc"]:
        out += [A("fate", u) for u in s.hand[f["seat"]]]
        out += [A("ask", q) for q in f.get("seats", ())
                if q != f["seat"] and s.hand[q] and q not in f.get("asked", ())]
    if not must:
        out.append(A("done"))
    return out


def _absorb_apply(s: BurningSandsState, f, a, ev):
    k = a.kind
    if k == "archery":
        u = a.args[0]
        d = f["dmg"] + f.get("adj", 0)
        if strength(s, u) <= d:
            destroy(s, u, ev)
        else:
            log(ev, "immune", f"{card(s, u).name} is too strong for the arrows.")
        f["left"] = 0
        return
    if k == "noarchery":
        f["arch"] = 0
        f["seat"] = leader(s, f["victim"])
        return
    if k == "done":
        log(ev, "lost", f"{f['left']} damage cannot be absorbed and is lost.")
        f["left"] = 0
        return
    if k == "ask":
        f["ally"] = a.args[0]
        f["lead"] = f["seat"]
        f["seat"] = a.args[0]
        return
    if k == "keep" or (k == "fate" and f.get("ally", -1) >= 0):
        q = f["ally"]
        if k == "fate":
            u = a.args[0]
            s.hand[q].remove(u)
            s.saved[q].append(u)
            f["disc"] += 1
            f["left"] -= card(s, u).fate
        else:
            f.setdefault("asked", []).append(q)
        f["ally"] = -1
        f["seat"] = f["lead"]
        return
    if k == "drop":
        u = a.args[0]
        v = absorbs(s, u)
        if card(s, u).type == "hero":
            f["sac"] += 1
            f["asked"] = []  # one more card may be discarded: allies may be asked again
        destroy(s, u, ev)
        f["left"] -= v
    elif k == "spill":
        s.water[f["sec"]] -= 1
        s.w_lost += 1
        f["left"] -= 1
    elif k == "raze":
        destroy(s, f["sec"], ev)
        f["left"] = 0
        f["razed"] = 1
    elif k == "fate":
        u = a.args[0]
        p = f["seat"]
        s.hand[p].remove(u)
        s.saved[p].append(u)
        f["disc"] += 1
        f["left"] -= card(s, u).fate


def _absorb_end(s: BurningSandsState, f, ev):
    s.stack.pop()
    sec = f["sec"]
    check_sections(s, ev)
    if sec not in s.sections[s.owner[sec]]:
        log(ev, "razed", f"{card(s, sec).name} is destroyed.", section=sec)
        check_no_sections(s, ev)
        if not s.over:
            stories.tale(s, f["by"], "section_razed")


# --- why an action is refused ------------------------------------------------------------------
def _order_reason(s: BurningSandsState, f, seat, a):
    return refuse(s, f, seat, "to choose the City Section fought over next")


def _battle_reason(s: BurningSandsState, f, seat, a):
    unit = a.kind in ("engage", "engage1", "muster", "home", "tactic")
    why = f"{player_name(s, seat)} has no unbowed unit in this battle that can do that." \
        if unit else ""
    return refuse(s, f, seat, "to take a battle action", why)


def _tactic_reason(s: BurningSandsState, f, seat, a):
    return refuse(s, f, seat, "to discard a card for the Tactician")


def _muster_reason(s: BurningSandsState, f, seat, a):
    return refuse(s, f, seat, "to choose the Followers who engage too")


def _absorb_reason(s: BurningSandsState, f, seat, a):
    if f.get("ally", -1) >= 0:
        return refuse(s, f, seat, "to decide whether to discard a card to absorb damage")
    if f["arch"]:
        return refuse(s, f, seat, "to choose the card the archers shoot at"), "Archery (+X)"
    why = f"{player_name(s, seat)} must absorb the damage with what can absorb it." \
        if a.kind == "done" else ""
    return refuse(s, f, seat, "to absorb the damage", why)


# name, legal, apply, auto, reason, rule
STAGES = (
    ("order", _order_legal, _order_apply, _order_auto, _order_reason, "Battle Action Segment"),
    ("battle", _legal, _apply, _battle_auto, _battle_reason, "Battle Action Segment"),
    ("tactic", _tactic_legal, _tactic_apply, None, _tactic_reason, "Tactician"),
    ("muster", _muster_legal, _muster_apply, None, _muster_reason, "Engaging the Enemy"),
    ("absorb", _absorb_legal, _absorb_apply, _absorb_auto, _absorb_reason,
     "Absorbing Damage in Battle"),
)
