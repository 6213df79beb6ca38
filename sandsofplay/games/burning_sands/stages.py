"""The flow of Legend of the Burning Sands as data: every frame kind of every rule module
registered as one stage of one ``engine.flow.Flow``, and the question open in a state.

Where the rules stand is the top frame of ``s.stack`` (``frames``): ``questions`` returns it as
``Question(kind, seat, frame)``, for ``NOBODY`` while no seat is asked (a Reaction window
between players, an automatic step). Each module lists its stages as ``STAGES`` rows of frame
functions (``frames`` says what they take); ``stage`` turns a row into a ``Stage`` of the
flow. Every stage settles the same way: its own automatic step first, then a frame whose
answers are all gone is dropped; the answers of the frame that asks are kept in ``s._cache``
until the state changes (``changing``).
"""

from __future__ import annotations

from sandsofplay.engine import Action
from sandsofplay.engine.flow import NOBODY, Flow, Question, Stage
from sandsofplay.engine.observation import settle_views

from . import attack, battle, duel, effects, raid, setup, turn
from .frames import none, refuse
from .state import BurningSandsState

PARTS = (setup, turn, effects, attack, battle, raid, duel)


def questions(s: BurningSandsState) -> tuple:
    """The one open question: the top frame (empty when the game is over)."""
    if s.over or not s.stack:
        return ()
    f = s.stack[-1]
    return (Question(f["k"], f.get("seat", NOBODY), f),)


def changing(s: BurningSandsState) -> None:
    """The state is about to change: views taken before show the state before it, and the
    answers worked out from it are forgotten."""
    s._cache = None
    views = getattr(s, "_views", None)
    if views:
        settle_views(views)


def _moving_on(s: BurningSandsState, f, seat, a):
    return refuse(s, f, seat, "")


def stage(name, legal, apply, auto, reason, rule) -> Stage:
    """One ``STAGES`` row as a ``Stage`` (the frame functions given the question's frame)."""

    def answers(s: BurningSandsState, q: Question) -> list:
        c = s._cache
        if c is not None and c[0] == q.seat:
            return c[1]
        acts = legal(s, q.data)
        s._cache = (q.seat, acts)
        return acts

    def settles(s: BurningSandsState, q: Question, ev) -> bool:
        f = q.data
        if auto is not None and auto(s, f, ev):
            return True
        if s.over:
            return False
        if s.stack and s.stack[-1] is not f:
            return True
        acts = legal(s, f)
        if acts:
            s._cache = (f.get("seat"), acts)
            return False
        s.stack.pop()  # nothing to answer: the frame is dropped
        return True

    why = reason or _moving_on
    return Stage(name, answers, lambda s, q, a, ev: apply(s, q.data, a, ev), rule,
                 reason=lambda s, q, seat, a: why(s, q.data, seat, a), auto=settles)


ROWS = tuple(row for part in PARTS for row in part.STAGES)
LEGAL = {row[0]: row[1] for row in ROWS if row[1] is not none}  # the stages that ask a seat


def make_flow() -> Flow:
    flow = Flow("Legend of the Burning Sands", questions=questions, over=lambda s: s.over,
                over_rule="How to Win", changing=changing)
    for row in ROWS:
        flow.add(stage(*row))
    return flow


FLOW = make_flow()


# --- the protocol without the generic machinery ---------------------------------------------
# ``FLOW`` does for any game what these do for this one: they read the top frame straight away
# instead of building a ``Question`` for each look, and answer exactly as ``FLOW`` would (the
# same values, the same answers cache, the same automatic steps in the same order). Anything the
# generic checks would refuse goes to ``FLOW.apply``, which raises the refusal. The game plays
# thousands of actions a second, and the flow looks at its question several times an action.
_ROW = {row[0]: row for row in ROWS}
_LG = {name: row[1] for name, row in _ROW.items()}
_DO = {name: row[2] for name, row in _ROW.items()}
_AUTO = {name: row[3] for name, row in _ROW.items()}
_SETTLE_LIMIT = 100_000
_ONE = {}  # seat -> (seat,)


def to_act(s: BurningSandsState) -> tuple:
    """``FLOW.to_act``: the seat the top frame asks, unless it asks no one."""
    if s.over or not s.stack:
        return ()
    seat = s.stack[-1].get("seat", NOBODY)
    if seat == NOBODY:
        return ()
    one = _ONE.get(seat)
    if one is None:
        one = _ONE[seat] = (seat,)
    return one


def legal(s: BurningSandsState, seat) -> list:
    """``FLOW.legal``: the answers of the top frame when it asks ``seat`` (kept in ``s._cache``
    until the state changes; the caller must not change the list)."""
    if seat is None or seat < 0 or s.over or not s.stack:
        return []
    f = s.stack[-1]
    if f.get("seat", NOBODY) != seat:
        return []
    c = s._cache
    if c is not None and c[0] == seat:
        return c[1]
    acts = _LG[f["k"]](s, f)
    s._cache = (seat, acts)
    return acts


def apply(s: BurningSandsState, seat, action) -> list:
    """``FLOW.apply``: check, answer the top frame and settle; returns the events."""
    stack = s.stack
    if s.over or not stack or type(seat) is not int or not 0 <= seat < s.n or \
            not isinstance(action, Action):
        return FLOW.apply(s, seat, action)  # refused: the flow says why
    f = stack[-1]
    if f.get("seat", NOBODY) != seat or action not in legal(s, seat):
        return FLOW.apply(s, seat, action)
    events: list = []
    changing(s)
    _DO[f["k"]](s, f, action, events)
    settle(s, events)
    return events


def settle(s: BurningSandsState, ev) -> None:
    """``FLOW.settle``: run the automatic steps until a decision is due (also for a scenario
    arranged by hand). Each stage settles as ``stage`` says: its own step, then a frame whose
    answers are all gone is dropped; the answers of the frame that asks are kept."""
    for _ in range(_SETTLE_LIMIT):
        if s.over or not s.stack:
            return
        f = s.stack[-1]
        k = f["k"]
        auto = _AUTO[k]
        if auto is not None and auto(s, f, ev):
            pass
        elif s.over:
            return
        elif not s.stack or s.stack[-1] is f:
            acts = _LG[k](s, f)
            if acts:
                s._cache = (f.get("seat"), acts)
                return
            s.stack.pop()  # nothing to answer: the frame is dropped
        changing(s)
    raise RuntimeError(f"{FLOW.game}: the rules did not settle")


# --- for the bots' look-ahead, which plays only legal answers on its own copies ------------------
def answers(s: BurningSandsState, seat) -> list:
    """The answers of ``seat`` worked out afresh, without the checks."""
    f = s.stack[-1] if s.stack else None
    if f is None or s.over or f.get("seat") != seat:
        return []
    lg = LEGAL.get(f["k"])
    return lg(s, f) if lg else []


def play(s: BurningSandsState, seat, action, ev) -> None:
    """Answer the top frame and settle, without the checks."""
    if s.over or not s.stack:
        raise IndexError("no question is open")
    f = s.stack[-1]
    _DO[f["k"]](s, f, action, ev)
    settle(s, ev)
