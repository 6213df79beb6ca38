"""The Attack Phase up to the battles (Attacking: Declaration, Offensive and Defensive Allies,
Ground and Flying Maneuvers).

``attack`` (a Day action, once per turn) starts it: the attacker names defenders one at a time
(``defender SEAT``) and ``declare``s; a Reaction window for the defenders follows. With three or
more players the attacker and then each defender may ``invite SEAT`` allies; an invited player
may ``demand`` a Water token for a promise, which the inviter pays (``token SECTION``) or
``decline``s. Then the Ground and the Flying Maneuvers Segments: the attacker, the offensive
allies from the attacker's left, the defenders and the defensive allies each ``assign HERO
SECTION`` one unit at a time and say ``done``.

``s.atk`` holds the attack: ``attacker``, ``defenders``, ``side`` (seat -> 'a' or 'd'),
``invited`` ('a'/'d' -> seats), ``promise`` ([ally, payer]), ``units`` ([hero, seat, section,
side]), ``sec`` (the battle being fought, -1), ``fought`` (sections whose battle is over).
"""

from __future__ import annotations

from . import battle
from .cards import capacity, card, flying_unit, player_name
from .frames import A, log, open_window, push, recalled, refuse, remember
from .payment import dried
from .state import BurningSandsState


def can_attack(s: BurningSandsState, p) -> bool:
    if s.attacked[p]:
        return False
    free = [h for h in s.heroes[p] if not s.bowed[h]]
    return bool(free) and any(s.alive[q] and q != p and s.sections[q] for q in range(s.n))


def start(s: BurningSandsState, p, ev) -> None:
    s.attacked[p] = 1
    s.atk = {"attacker": p, "defenders": [], "side": {str(p): "a"}, "invited": {"a": [], "d": []},
             "promise": [], "units": [], "sec": -1, "fought": [], "seg": "declare"}
    push(s, {"k": "attack", "seat": p, "step": "declare"})
    log(ev, "attack", f"{player_name(s, p)} begins an attack.", seat=p)


def _free(s: BurningSandsState, q, seg, role):
    """Unbowed Heroes of q not yet committed whose unit may go in this segment."""
    used = {x[0] for x in s.atk["units"]}
    out = []
    for h in s.heroes[q]:
        if s.bowed[h] or h in used:
            continue
        if role == "d" and "cannot defend" in card(s, h).traits:
            continue
        fly = flying_unit(s, h)
        if seg == "flying" and not fly:
            continue
        if seg == "ground" and fly and role in ("a", "d"):
            # attacker and defender send Flying units in the Flying segment; allies may go early
            continue
        out.append(h)
    return out


def _sections_for(s: BurningSandsState, q, side):
    atk = s.atk
    if side == "a":
        return [x for d in atk["defenders"] for x in s.sections[d] if x not in atk["fought"]]
    if q in atk["defenders"]:
        # its own sections and those of the defenders who asked it to ally with them
        return list(s.sections[q]) + [x for d in atk["defenders"] if d != q and [q, d] in
                                      atk.get("asked", []) for x in s.sections[d]]
    # a defensive ally defends the sections of the defenders who invited it (all defenders here)
    return [x for d in atk["defenders"] for x in s.sections[d]]


def _sequence(s: BurningSandsState):
    """Who assigns in each Maneuvers segment, in order: (seat, role)."""
    atk = s.atk
    a = atk["attacker"]
    out = [(a, "a")]
    # a player who took a Water token is bound to the side that paid it
    bound = {ally: ("a" if payer == a else "d") for ally, payer in atk["promise"]}
    for i in range(1, s.n):
        q = (a + i) % s.n
        if s.alive[q] and q in atk["invited"]["a"] and atk["side"].get(str(q)) != "d" \
                and bound.get(q, "a") == "a":
            out.append((q, "aa"))
    out += [(d, "d") for d in atk["defenders"]]
    for i in range(1, s.n):
        q = (a + i) % s.n
        if s.alive[q] and q in atk["invited"]["d"] and atk["side"].get(str(q)) != "a" \
                and q not in atk["defenders"] and bound.get(q, "d") == "d":
            out.append((q, "da"))
    return out


def _auto(s: BurningSandsState, f, ev):
    atk = s.atk
    if f["step"] == "declare":
        return False
    if f["step"] == "invites":
        # inviters in turn: attacker then each defender
        while f["i"] < len(f["who"]):
            q = f["who"][f["i"]]
            if remember(s, f, _invite_options(s, q)):
                f["seat"] = q
                return False
            f["i"] += 1
        # then each invited player answers each invitation
        f["step"] = "demands"
        f["pending"] = [list(x) for x in atk.get("asked", [])]
        f["j"] = 0
        return True
    if f["step"] == "demands":
        if f["j"] < len(f["pending"]):
            q, inv = f["pending"][f["j"]]
            f["seat"] = q if f.get("sub") != "pay" else inv
            return False
        f["step"] = "maneuver"
        f["seg"] = "ground"
        f["seq"] = [list(x) for x in _sequence(s)]
        f["i"] = 0
        return True
    if f["step"] == "maneuver":
        while True:
            if f["i"] >= len(f["seq"]):
                if f["seg"] == "ground":
                    f["seg"] = "flying"
                    f["seq"] = [list(x) for x in _sequence(s)]
                    f["i"] = 0
                    continue
                s.stack.pop()
                battle.begin(s, ev)
                return True
            q, role = f["seq"][f["i"]]
            if remember(s, f, _assign_options(s, f, q, role)):
                f["seat"] = q
                return False
            f["i"] += 1
    return False


def _invite_options(s: BurningSandsState, q):
    atk = s.atk
    side = "a" if q == atk["attacker"] else "d"
    out = []
    for r in range(s.n):
        if not s.alive[r] or r == atk["attacker"] or r == q:
            continue
        if side == "a" and r in atk["defenders"]:
            continue  # a defender is no offensive ally; one defender may ally with another
        if [r, q] in atk.get("asked", []):
            continue
        out.append(A("invite", r))
    return out


def _assign_options(s: BurningSandsState, f, q, role):
    side = "a" if role in ("a", "aa") else "d"
    out = []
    secs = _sections_for(s, q, side)
    if role == "a":
        # Requirements for Attack: when the units left are just enough for the defenders not
        # yet attacked, each must go against one of those
        open_ = _open_defenders(s, q)
        left = len(_free(s, q, f["seg"], role)) + (
            len(_free(s, q, "flying", role)) if f["seg"] == "ground" else 0)
        if open_ and left <= len(open_):
            secs = [x for x in secs if s.owner[x] in open_]
    for h in _free(s, q, f["seg"], role):
        for sec in secs:
            out.append(A("assign", h, sec))
    return out


def _legal(s: BurningSandsState, f):
    atk = s.atk
    p = f["seat"]
    if f["step"] == "declare":
        n_free = len([h for h in s.heroes[p] if not s.bowed[h]])
        out = []
        if len(atk["defenders"]) < n_free:
            out = [A("defender", q) for q in range(s.n)
                   if q != p and s.alive[q] and s.sections[q] and q not in atk["defenders"]]
        if atk["defenders"]:
            out.append(A("declare"))
        return out
    if f["step"] == "invites":
        kept = recalled(s, f)
        return (_invite_options(s, p) if kept is None else kept) + [A("done")]
    if f["step"] == "demands":
        if f.get("sub") == "pay":
            return [A("token", x) for x in s.sections[p] if s.water[x] > 0] + [A("decline")]
        ally, inviter = f["pending"][f["j"]]
        if any(x[0] == ally for x in atk["promise"]):
            return [A("nodemand")]  # bound already: one promise, one side
        role = "aa" if inviter == atk["attacker"] else "da"
        if not (_free(s, ally, "ground", role) or _free(s, ally, "flying", role)):
            return [A("nodemand")]  # no unit to send: no promise to sell
        return [A("demand"), A("nodemand")]
    if f["step"] == "maneuver":
        q, role = f["seq"][f["i"]]
        out = recalled(s, f)
        if out is None:
            out = _assign_options(s, f, q, role)
        if _may_finish(s, f, q, role):
            out.append(A("done"))
        return out
    return []


def _open_defenders(s: BurningSandsState, q):
    """Defenders that no unit of the attacker q is sent against yet (and that can be)."""
    atk = s.atk
    return [d for d in atk["defenders"]
            if not any(x[1] == q and s.owner[x[2]] == d for x in atk["units"])
            and any(s.owner[sec] == d for sec in _sections_for(s, q, "a"))]


def _may_finish(s: BurningSandsState, f, q, role) -> bool:
    """Requirements for Attack; Offensive and Defensive Allies: the attacker sends at least one
    unit against each defender (Ground or Flying), and a player who took a Water token sends at
    least one unit. In the Ground segment ``done`` is refused only if the Flying units left could
    no longer meet the obligation; in the Flying segment, while a unit could still meet it."""
    atk = s.atk
    later = len(_free(s, q, "flying", role)) if f["seg"] == "ground" else 0
    if role == "a":
        if len(_open_defenders(s, q)) > later and _free(s, q, f["seg"], role):
            return False
    for ally, payer in atk["promise"]:
        if ally == q and not any(x[1] == q for x in atk["units"]) and not later \
                and _free(s, q, f["seg"], role):
            return False
    return True


def _apply(s: BurningSandsState, f, a, ev):
    atk = s.atk
    p = f["seat"]
    k = a.kind
    if k == "defender":
        atk["defenders"].append(a.args[0])
        atk["side"][str(a.args[0])] = "d"
    elif k == "declare":
        names = ", ".join(player_name(s, d) for d in atk["defenders"])
        log(ev, "declare_attack", f"{player_name(s, p)} attacks {names}.", seat=p,
            defenders=list(atk["defenders"]))
        f["step"] = "invites"
        f["who"] = [p] + list(atk["defenders"])
        f["i"] = 0
        atk["asked"] = []
        if s.n < 3:
            f["who"] = []
        open_window(s, {"on": "attacked", "defenders": list(atk["defenders"])}, p)
    elif k == "invite":
        side = "a" if p == atk["attacker"] else "d"
        r = a.args[0]
        if r not in atk["invited"][side]:
            atk["invited"][side].append(r)
        atk["asked"].append([r, p])
        log(ev, "invite", f"{player_name(s, p)} asks {player_name(s, r)} to be an ally.")
    elif k == "done" and f["step"] == "invites":
        f["i"] += 1
    elif k == "demand":
        f["sub"] = "pay"
        log(ev, "demand", f"{player_name(s, p)} demands a Water token for a promise.")
    elif k == "nodemand":
        f["j"] += 1
    elif k == "token":
        ally, payer = f["pending"][f["j"]]
        s.water[a.args[0]] -= 1
        _give_water(s, ally)
        dried(s, ev)
        atk["promise"].append([ally, payer])
        f["sub"] = ""
        f["j"] += 1
        log(ev, "promise", f"{player_name(s, payer)} pays {player_name(s, ally)} a Water token; "
            f"{player_name(s, ally)} must send a unit.")
    elif k == "decline":
        f["sub"] = ""
        f["j"] += 1
    elif k == "assign":
        h, sec = a.args
        q, role = f["seq"][f["i"]]
        side = "a" if role in ("a", "aa") else "d"
        atk["side"][str(p)] = side
        atk["units"].append([h, p, sec, side])
        log(ev, "assign", f"{player_name(s, p)} sends {card(s, h).name} to "
            f"{'attack' if side == 'a' else 'defend'} {card(s, sec).name}.", seat=p, hero=h,
            section=sec)
    elif k == "done":
        f["i"] += 1


def _give_water(s: BurningSandsState, q):
    """A Water token paid for a promise goes onto the ally's City Section with the most room;
    with no room anywhere it is lost (ruling)."""
    best, room = -1, 0
    for sec in s.sections[q]:
        r = capacity(s, sec) - s.water[sec]
        if r > room:
            best, room = sec, r
    if best >= 0:
        s.water[best] += 1
    else:
        s.w_lost += 1


def _task(s: BurningSandsState, f) -> tuple[str, str]:
    """What the attack frame asks now, and the section that says so."""
    step = f["step"]
    if step == "declare":
        return "to name the defenders and declare the attack", "Attack Phase"
    if step == "invites":
        return "to invite allies", "Offensive and Defensive Allies"
    if step == "demands":
        if f.get("sub") == "pay":
            return "to pay a Water token for a promise", "Offensive and Defensive Allies"
        return "to answer an invitation to be an ally", "Offensive and Defensive Allies"
    return "to send units into the battles", "Attack Phase"


def _reason(s: BurningSandsState, f, seat, a):
    task, section = _task(s, f)
    why = ""
    if seat != f["seat"]:
        pass
    elif f["step"] == "maneuver" and a.kind == "done":
        why = (f"{player_name(s, seat)} must still send a unit against each defender, or the "
               "unit a Water token was paid for.")
        section = "Requirements for Attack"
    elif f["step"] == "declare" and a.kind == "defender":
        why = (f"{player_name(s, seat)} may name only a player still in the game with City "
               "Sections, once, and no more defenders than unbowed Heroes.")
    return refuse(s, f, seat, task, why), section


# name, legal, apply, auto, reason, rule
STAGES = (("attack", _legal, _apply, _auto, _reason, "Attack Phase"),)
