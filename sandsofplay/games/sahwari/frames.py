"""The pending choices of collecting and of the abilities, one stage each (``STAGES``).

Each frame on ``s.pending`` is one question for the player whose turn it is (the top one is
answered first; the frame is the question's ``data``):

==============  ==================================================  ===============================
frame           question                                            actions
==============  ==================================================  ===============================
collect, cell   which resource to take from that tile               ``take artifact|pawn|small|guarded``
cube            where the Artifact cube goes                        ``cube storage``, ``cube <space>``
card            which Recruit card to take                          ``card <id>``
edge, card      at which edge of the clan                           ``edge left|right``
caravan, token  use the token now or keep it camel side up          ``use``, ``keep``
icons, (...)    which of several abilities to resolve first         ``do <ability>``
spy             which hidden caravan token to peek at               ``spy <cell> <kind>``, ``spy_clan <seat> <i>``, ``spy_gm <i>``, ``skip``
storm           which camel the Sandstorm moves                     ``storm <camel>``, ``skip``
storm_to, c     where it goes                                       ``storm_to <cell>``
theft           which tile to collect from                          ``steal <cell>``, ``skip``
rally           which caravan token to take                         ``rally <cell> <kind>``, ``skip``
attack          the target                                          ``attack <camel>``, ``attack_caravan <cell> <kind>``, ``skip``
lock, seat      which of the victim's Artifact spaces to lock       ``lock <space>``
push, camel     where the attacked camel is pushed                  ``push <cell>``
==============  ==================================================  ===============================

A frame with nothing to choose resolves by itself (its stage's ``auto``). Between a move and its
collection the abilities window is open (``window.with_window``).
"""

from __future__ import annotations

from sandsofplay.engine import Event

from . import abilities as ab
from .pieces import camel_name, cell_name, put_cube_on_guild, who
from .actions import A
from .attack import attack_actions, attack_camel, push_cells
from .data import get as _data
from .state import CUBE, LOCKED, SahwariState
from .window import WINDOW_KINDS, window_open, window_reason, with_window

D = _data()

CUBE_STORAGE = A("cube", "storage")
CUBE_ON = tuple(A("cube", c) for c in range(37))
TAKE_ARTIFACT, TAKE_PAWN = A("take", "artifact"), A("take", "pawn")
TAKE_SMALL, TAKE_GUARDED = A("take", "small"), A("take", "guarded")
CARD = tuple(A("card", c) for c in range(37))
EDGES = (A("edge", "left"), A("edge", "right"))
USE_KEEP = (A("use"), A("keep"))
SKIP = A("skip")


def cube_actions(s: SahwariState, p: int) -> list:
    out = []
    if s.storage[p] < D.clans[s.clan[p]].capacity:
        out.append(CUBE_STORAGE)
    out.extend(CUBE_ON[c] for c in ab.empty_spaces(s, p))
    return out


def collect_actions(s: SahwariState, c: int) -> list:
    out = []
    if s.art[c]:
        out.append(TAKE_ARTIFACT)
    if s.pawn[c]:
        out.append(TAKE_PAWN)
    if s.small[c]:
        out.append(TAKE_SMALL)
    if s.guard[c]:
        out.append(TAKE_GUARDED)
    return out


def _caravans(s: SahwariState, kind: str) -> list:
    """``kind <cell> small|guarded`` for every caravan token on the board, in cell order."""
    out = []
    for c in range(25):
        if s.small[c]:
            out.append(A(kind, c, "small"))
        if s.guard[c]:
            out.append(A(kind, c, "guarded"))
    return out


def _take_caravan(s: SahwariState, c: int, kind: str) -> int:
    """Lift the ``kind`` caravan token off cell ``c``; its id."""
    lst = s.small if kind == "small" else s.guard
    tid = lst[c]
    lst[c] = 0
    return tid


# --- the stages: legal, apply (the frame is popped first), auto --------------------------------

def legal_collect(s: SahwariState, q) -> list:
    return collect_actions(s, q.data[1])


def do_collect(s: SahwariState, q, a, ev) -> None:
    f = s.pending.pop()
    ab.take_from_tile(s, q.seat, f[1], a[1][0], ev, via="theft" if len(f) > 2 else "collect")


def auto_collect(s: SahwariState, q, ev) -> bool:
    if ab.has_resources(s, q.data[1]):
        return False
    s.pending.pop()
    return True


def legal_cube(s: SahwariState, q) -> list:
    return cube_actions(s, q.seat)


def do_cube(s: SahwariState, q, a, ev) -> None:
    s.pending.pop()
    p, where = q.seat, a[1][0]
    if where == "storage":
        s.storage[p] += 1
        ev.append(Event("store", {"seat": p, "storage": s.storage[p]},
                        f"{who(s, p)} puts the Artifact cube in storage."))
    else:
        ab.place_cube_on_space(s, p, where, ev, "new")


def auto_cube(s: SahwariState, q, ev) -> bool:
    p = q.seat
    if cube_actions(s, p):
        return False
    s.pending.pop()
    s.supply_art += 1
    ev.append(Event("cube_lost", {"seat": p}, f"{who(s, p)} has no room for the Artifact cube; it"
                    " goes back to the supply."))
    return True


def legal_card(s: SahwariState, q) -> list:
    return [CARD[c] for c in s.area]


def do_card(s: SahwariState, q, a, ev) -> None:
    s.pending.pop()
    cid = a[1][0]
    s.area.remove(cid)
    s.pending.append(("edge", cid))
    ev.append(Event("recruit", {"seat": q.seat, "card": cid},
                    f"{who(s, q.seat)} takes Recruit card {cid}."))


def auto_card(s: SahwariState, q, ev) -> bool:
    if s.area:
        return False
    s.pending.pop()
    return True


def legal_edge(s: SahwariState, q) -> list:
    return list(EDGES)


def do_edge(s: SahwariState, q, a, ev) -> None:
    f = s.pending.pop()
    p, edge = q.seat, a[1][0]
    made = ab.place_card(s, p, f[1], edge)
    ev.append(Event("place_card", {"seat": p, "card": f[1], "edge": edge, "space": made},
                    f"{who(s, p)} places card {f[1]} at the {edge} edge of the clan"
                    + (", creating an Artifact space." if made else ".")))


def legal_caravan(s: SahwariState, q) -> list:
    return list(USE_KEEP)


def do_caravan(s: SahwariState, q, a, ev) -> None:
    f = s.pending.pop()
    p = q.seat
    s.held[p].append(f[1])
    if a[0] == "use":
        ab.use_token(s, p, f[1], ev)
    else:
        ev.append(Event("keep_caravan", {"seat": p, "index": len(s.held[p]) - 1},
                        f"{who(s, p)} keeps the caravan token camel side up."))


def legal_icons(s: SahwariState, q) -> list:
    seen = []
    for i in q.data[1]:
        if i not in seen:
            seen.append(i)
    return [A("do", i) for i in seen]


def do_icons(s: SahwariState, q, a, ev) -> None:
    f = s.pending.pop()
    icons = list(f[1])
    icons.remove(a[1][0])
    if icons:
        s.pending.append(("icons", tuple(icons)))
    ab.start_icon(s, q.seat, a[1][0], ev)


def auto_icons(s: SahwariState, q, ev) -> bool:
    icons = q.data[1]
    if not icons:
        s.pending.pop()
        return True
    if all(i == icons[0] for i in icons):
        s.pending.pop()
        if len(icons) > 1:
            s.pending.append(("icons", icons[1:]))
        ab.start_icon(s, q.seat, icons[0], ev)
        return True
    return False


def legal_spy(s: SahwariState, q) -> list:
    return ab.spy_targets(s, q.seat) + [SKIP]


def skippable(do):
    """The ``apply`` of an ability that may be forgone: the frame is popped, then ``skip`` says so
    and any other answer is ``do``'s."""
    def apply(s: SahwariState, q, a, ev) -> None:
        f = s.pending.pop()
        if a[0] == "skip":
            p = q.seat
            ev.append(Event("skip", {"seat": p, "ability": f[0]},
                            f"{who(s, p)} forgoes the {f[0]} ability."))
        else:
            do(s, q, a, ev)
    return apply


def do_spy(s: SahwariState, q, a, ev) -> None:
    (k, args), p = a, q.seat
    if k == "spy":
        c, kind = args
        ab.spy(s, p, (s.small if kind == "small" else s.guard)[c], ev, {"cell": c, "kind": kind})
    elif k == "spy_clan":
        t, i = args
        ab.spy(s, p, s.held[t][i], ev, {"seat_spied": t, "index": i})
    else:
        ab.spy(s, p, s.gm_tokens[args[0]], ev, {"guildmaster": True, "index": args[0]})


def fizzles(legal):
    """The ``auto`` of an ability whose only answer left is ``skip``: it is lost, with no target."""
    def auto(s: SahwariState, q, ev) -> bool:
        if len(legal(s, q)) != 1:
            return False
        s.pending.pop()
        k, p = q.stage, q.seat
        ev.append(Event("fizzle", {"seat": p, "ability": k}, f"{who(s, p)}'s {k} ability has no "
                        "target."))
        return True
    return auto


def legal_storm(s: SahwariState, q) -> list:
    return [A("storm", c) for c in range(6) if s.camel_cell[c] >= 0] + [SKIP]


def do_storm(s: SahwariState, q, a, ev) -> None:
    s.pending.append(("storm_to", a[1][0]))


def legal_storm_to(s: SahwariState, q) -> list:
    return [A("storm_to", c) for c in ab.storm_cells(s, q.data[1])]


def _shift(s: SahwariState, q, a) -> dict:
    """Carry the frame's camel to the answer's cell; the event's data."""
    camel = s.pending.pop()[1]
    to = a[1][0]
    frm = s.camel_cell[camel]
    s.camel_cell[camel] = to
    return {"seat": q.seat, "camel": camel, "from": frm, "to": to}


def do_storm_to(s: SahwariState, q, a, ev) -> None:
    d = _shift(s, q, a)
    ev.append(Event("sandstorm", d, f"{who(s, q.seat)}'s Sandstorm moves "
                    f"{camel_name(s, d['camel'])} from {cell_name(d['from'])} to "
                    f"{cell_name(d['to'])}."))


def legal_theft(s: SahwariState, q) -> list:
    return [A("steal", c) for c in ab.theft_cells(s, q.seat)] + [SKIP]


def do_theft(s: SahwariState, q, a, ev) -> None:
    s.pending.append(("collect", a[1][0], "theft"))


def legal_rally(s: SahwariState, q) -> list:
    return _caravans(s, "rally") + [SKIP]


def do_rally(s: SahwariState, q, a, ev) -> None:
    p = q.seat
    c, kind = a[1]
    tid = _take_caravan(s, c, kind)
    ab.take_token(s, p, tid, ev, {"seat": p, "cell": c, "kind": kind, "via": "rally"})


def legal_attack(s: SahwariState, q) -> list:
    return attack_actions(s, q.seat) + [SKIP]


def do_attack(s: SahwariState, q, a, ev) -> None:
    (k, args), p = a, q.seat
    if k == "attack":
        attack_camel(s, p, args[0], ev)
    else:
        c, kind = args
        s.removed.append(_take_caravan(s, c, kind))
        ev.append(Event("attack_caravan", {"seat": p, "cell": c, "kind": kind},
                        f"{who(s, p)} attacks the {kind} caravan on {cell_name(c)}; it is removed "
                        "face down."))


def legal_lock(s: SahwariState, q) -> list:
    t = q.data[1]
    if t >= s.n:  # the Guildmaster: one of its cards holding a cube
        return [A("lock", c) for c, st in s.gm_cards if st == CUBE]
    return [A("lock", c) for c in s.left[t] + s.right[t] if s.spaces[t][c] == CUBE]


def do_lock(s: SahwariState, q, a, ev) -> None:
    t = s.pending.pop()[1]
    p, space = q.seat, a[1][0]
    if t >= s.n:
        for entry in s.gm_cards:
            if entry[0] == space:
                entry[1] = LOCKED
    else:
        s.spaces[t][space] = LOCKED
    s.supply_strat -= 1
    where = put_cube_on_guild(s)
    whose = "the Guildmaster's card" if t >= s.n else f"{who(s, t)}'s Artifact space of card"
    ev.append(Event("lock", {"seat": p, "target": t, "space": space, "cube_to": where},
                    f"{who(s, p)} locks {whose} {space} with a Strategy token."))


def legal_push(s: SahwariState, q) -> list:
    return [A("push", c) for c in push_cells(s, q.data[1])]


def do_push(s: SahwariState, q, a, ev) -> None:
    d = _shift(s, q, a)
    ev.append(Event("push", d, f"{camel_name(s, d['camel'])} is pushed from "
                    f"{cell_name(d['from'])} to {cell_name(d['to'])}."))


def auto_push(s: SahwariState, q, ev) -> bool:
    if push_cells(s, q.data[1]):
        return False
    s.pending.pop()
    return True


# --- why an answer is refused -------------------------------------------------------------------

# what each frame asks of the player, for the refusals
ASKS = {
    "collect": "take one resource from {cell}", "cube": "place the Artifact cube",
    "card": "take one of the Recruit cards on offer", "edge": "place card {card} at an edge of the clan",
    "caravan": "use the caravan token now or keep it camel side up",
    "icons": "choose which ability to resolve first", "spy": "choose a caravan token to peek at (or skip)",
    "storm": "choose the camel the Sandstorm moves (or skip)",
    "storm_to": "choose a free tile for the Sandstorm", "theft": "choose a tile to steal from (or skip)",
    "rally": "choose a caravan token to rally (or skip)",
    "attack": "choose the target of the attack (or skip)",
    "lock": "choose the Artifact space to lock", "push": "choose a free tile to push the attacked camel to",
}


def reason(s: SahwariState, q, seat: int, a) -> str:
    """Why the active player may not answer the frame ``q`` with ``a``."""
    p, f = q.seat, q.data
    ask = ASKS[q.stage].format(cell=cell_name(f[1]) if q.stage == "collect" else "",
                               card=f[1] if q.stage == "edge" else "")
    if a[0] in WINDOW_KINDS:
        if window_open(s):
            return window_reason(s, p, a)
        return f"{who(s, p)} must first {ask}: an ability cannot start in the middle of another effect."
    if q.stage == "collect" and a[0] == "take":
        return f"There is no such resource to take on {cell_name(f[1])}."
    return f"{who(s, p)} must first {ask}: '{a}' does not answer it."


R_COLLECT, R_ARTIFACT = "2. Collect", "2. Collect (A. Finding an Artifact)"
R_RECRUIT, R_CARAVAN = "2. Collect (B. Recruiting)", "2. Collect (C. Rallying a Caravan)"

# name, legal, apply, auto, reason, rule
STAGES = (
    ("collect", *with_window(legal_collect, do_collect), auto_collect, reason, R_COLLECT),
    ("cube", legal_cube, do_cube, auto_cube, reason, R_ARTIFACT),
    ("card", legal_card, do_card, auto_card, reason, R_RECRUIT),
    ("edge", legal_edge, do_edge, None, reason, R_RECRUIT),
    ("caravan", legal_caravan, do_caravan, None, reason, R_CARAVAN),
    ("icons", legal_icons, do_icons, auto_icons, reason, "4. Activate Abilities"),
    ("spy", legal_spy, skippable(do_spy), fizzles(legal_spy), reason, "Ability Icons (Spying)"),
    ("storm", legal_storm, skippable(do_storm), None, reason, "Ability Icons (Sandstorm)"),
    ("storm_to", legal_storm_to, do_storm_to, None, reason, "Ability Icons (Sandstorm)"),
    ("theft", legal_theft, skippable(do_theft), fizzles(legal_theft), reason,
     "Ability Icons (Theft)"),
    ("rally", legal_rally, skippable(do_rally), fizzles(legal_rally), reason,
     "Ability Icons (Rally)"),
    ("attack", legal_attack, skippable(do_attack), fizzles(legal_attack), reason,
     "Ability Icons (Attack)"),
    ("lock", legal_lock, do_lock, None, reason, "Ability Icons (Attack A)"),
    ("push", legal_push, do_push, auto_push, reason, "Ability Icons (Attack A)"),
)
