"""The flow of Sahwari as data: every stage - the set-up choices (``setup``), the steps of the turn
(``turn``) and the pending choices of collecting and of the abilities (``frames``) - registered in
one ``engine.flow.Flow``, and the question open in a state.

Where the rules stand is read from the state's existing fields (the saved form is unchanged): the
set-up queue's first choice, else the top frame of ``pending`` (the frame is the question's
``data``), else the turn's ``step``; always for the seat ``cur``. A stage's answers are worked
out once per version of the state and kept in ``s._cache`` (every change through the flow forgets
them, ``changing``); a clone shares them.
"""

from __future__ import annotations

from sandsofplay.engine.flow import Flow, Question
from sandsofplay.engine.observation import settle_views

from . import frames, setup, turn
from .pieces import who
from .state import SState

_ASK: dict = {}  # (stage, seat) -> its Question, built once
_NONE = ()


def _ask(stage: str, seat: int) -> tuple:
    qs = _ASK.get((stage, seat))
    if qs is None:
        qs = _ASK[(stage, seat)] = (Question(stage, seat),)
    return qs


def questions(s: SState) -> tuple:
    """The question open now: one, for the seat ``cur``; none once the game is over."""
    if s.over:
        return _NONE
    if s.phase == "setup":
        p, what = s.queue[0]
        return _ask(setup.STAGE_OF[what], p)
    pend = s.pending
    if pend:
        f = pend[-1]
        return (Question(f[0], s.cur, f),)
    st = s.step
    return _ask(st, s.cur) if st in FRESH else _NONE


def changing(s: SState) -> None:
    """The state is about to change: views taken before show the state before it, and the legal
    actions worked out from it are forgotten."""
    s._cache = None
    if s._views:
        settle_views(s._views)


def fresh_legal(s: SState, seat: int) -> list:
    """The legal actions of ``seat`` worked out anew (what the cached answers must equal)."""
    for q in questions(s):
        if q.seat == seat:
            return FRESH[q.stage](s, q)
    return []


def _kept(legal):
    """``legal`` worked out once per version of the state (``s._cache``)."""
    def answers(s: SState, q) -> tuple:
        c = s._cache
        if c is None or c[0] != q.seat:
            c = s._cache = (q.seat, tuple(legal(s, q)))
        return c[1]
    return answers


def _counted(apply):
    """Every answer is one more action of the game (``s.actions``)."""
    def answer(s: SState, q, a, ev) -> None:
        s.actions += 1
        apply(s, q, a, ev)
    return answer


def _naming(reason, rule: str):
    """``reason`` for the seat asked; for any other seat, whose turn it is."""
    def why(s: SState, q, seat: int, a):
        if seat != q.seat:
            return f"It is {who(s, q.seat)}'s turn, not {who(s, seat)}'s.", \
                rule if s.phase == "setup" else "Game Turn"
        return reason(s, q, seat, a)
    return why


FLOW = Flow("Sahwari", questions=questions, over=lambda s: s.over, over_rule="End of the Game",
            changing=changing)
FRESH: dict = {}  # stage -> its legal answers, worked out anew
for _part in (setup, turn, frames):
    for _name, _legal, _apply, _auto, _reason, _rule in _part.STAGES:
        FRESH[_name] = _legal
        _answers = _kept(_legal)
        FLOW.stage(_name, lambda s, q, _f=_answers: list(_f(s, q)), _counted(_apply), _rule,
                   reason=_naming(_reason, _rule), auto=_auto,
                   allows=lambda s, q, a, _f=_answers: a in _f(s, q))
