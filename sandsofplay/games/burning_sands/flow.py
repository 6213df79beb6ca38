"""The stack of pending decisions and the Reaction windows.

Every question the game asks is a frame on ``s.stack`` (a dict with ``k`` its kind and
``seat`` the seat that answers); the top frame is answered first. Rule modules register their
frame kinds here with ``frame(kind, legal, apply, auto)``: ``auto(s, f)`` runs when the frame is
on top and returns True if it moved things on (popped or pushed frames) without a decision;
``legal(s, f)`` lists the answers; ``apply(s, f, action, ev)`` performs one. A frame whose
``legal`` is empty is dropped. ``settle`` runs automatic frames until a decision is due.

A Reaction window (Reactions) is a ``window`` frame: starting with the player on the actor's
left and going round, each player who holds a Reaction that fits the trigger may play one or
pass, until every player has passed in a row; players with no fitting Reaction pass without
being asked (ruling R-3).
"""

from __future__ import annotations

from sandsofplay.engine import Action, Event, IllegalAction

def A(kind, *args):
    """An Action built from the rules (the engine's constructor checks nothing; text from
    outside is parsed and checked by ``Action.parse``)."""
    return Action(kind, args)


LEGAL = {}
APPLY = {}
AUTO = {}


def frame(kind, legal=None, apply=None, auto=None):
    if legal is not None:
        LEGAL[kind] = legal
    if apply is not None:
        APPLY[kind] = apply
    if auto is not None:
        AUTO[kind] = auto


def push(s, f: dict) -> dict:
    s.stack.append(f)
    return f


def top(s):
    return s.stack[-1] if s.stack else None


def settle(s, ev) -> None:
    guard = 0
    while not s.over and s.stack:
        guard += 1
        if guard > 100000:
            raise RuntimeError("the rules loop did not settle")
        f = s.stack[-1]
        k = f["k"]
        auto = AUTO.get(k)
        if auto is not None and auto(s, f, ev):
            continue
        if s.over:
            return
        if s.stack and s.stack[-1] is not f:
            continue
        lg = LEGAL.get(k)
        if lg is not None:
            acts = lg(s, f)
            if acts:
                s._cache = (f.get("seat"), acts)
                return
        s.stack.pop()


def legal(s, seat) -> list:
    f = top(s)
    if f is None or s.over or f.get("seat") != seat:
        return []
    lg = LEGAL.get(f["k"])
    return lg(s, f) if lg else []


def apply(s, seat, action, ev) -> None:
    f = top(s)
    APPLY[f["k"]](s, f, action, ev)
    settle(s, ev)


# --- Reaction windows ---------------------------------------------------------------------------
def open_window(s, trig: dict, actor: int) -> None:
    """Push a Reaction window for ``trig`` (a dict with ``on`` and the details) after an action
    or event by ``actor``; players are asked from the actor's left."""
    order = [(actor + i) % s.n for i in range(1, s.n + 1)]
    order = [p for p in order if s.alive[p]]
    push(s, {"k": "window", "seat": -1, "trig": trig, "order": order, "i": 0, "passes": 0})


def _window_auto(s, f, ev):
    from . import effects
    n = len(f["order"])
    while f["passes"] < n:
        p = f["order"][f["i"] % n]
        if s.alive[p] and effects.reactions(s, p, f["trig"]):
            f["seat"] = p
            return False
        if s.alive[p]:  # passed without being asked (a table may still stop for its player)
            ev.append(Event("window_pass", {"seat": p, "on": f["trig"]["on"]}, ""))
        f["passes"] += 1
        f["i"] += 1
    s.stack.pop()
    return True


def _window_legal(s, f):
    from . import effects
    acts = effects.reactions(s, f["seat"], f["trig"])
    return acts + [A("pass")] if acts else []


def _window_apply(s, f, a, ev):
    from . import effects
    if a.kind == "pass":
        f["passes"] += 1
        f["i"] += 1
        f["seat"] = -1
        return
    p = f["seat"]
    f["passes"] = 0
    f["i"] += 1
    f["seat"] = -1
    effects.start_reaction(s, p, a, f["trig"], ev)


frame("window", _window_legal, _window_apply, _window_auto)


def need(cond: bool, reason: str, rule: str) -> None:
    if not cond:
        raise IllegalAction(reason, rule)


def log(ev, kind, text, **data):
    ev.append(Event(kind, data, text))
