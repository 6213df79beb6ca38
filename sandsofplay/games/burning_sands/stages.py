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
    q = questions(s)[0]
    FLOW.stages[q.stage].apply(s, q, action, ev)
    FLOW.settle(s, ev)


def settle(s: BurningSandsState, ev) -> None:
    """Run the automatic steps until a decision is due (a scenario arranged by hand)."""
    FLOW.settle(s, ev)
