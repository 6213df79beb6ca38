"""The flow of Sahwari as data: every stage - the set-up choices (``setup``), the steps of the turn
(``turn``) and the pending choices of collecting and of the abilities (``frames``) - registered in
one ``engine.flow.Flow``, and the question open in a state.

Where the rules stand is read from the state's existing fields (the saved form is unchanged): the
set-up queue's first choice, else the top frame of ``pending`` (the frame is the question's
``data``), else the turn's ``step``; always for the seat ``cur``. The open questions and their
answers are worked out once per version of the state and kept in ``s._cache`` as ``(questions,
answers or None)`` (every change through the flow forgets them, ``changing``; a test that edits a
state by hand sets it to None); a clone shares them.
"""

from __future__ import annotations

from operator import attrgetter

from sandsofplay.engine import A
from sandsofplay.engine.flow import Flow, Question
from sandsofplay.engine.observation import settle_views

from . import frames, setup, turn
from .board import why_not_move
from .pieces import who
from .state import SahwariState

_ASK: dict = {}  # (stage, seat, frame) -> the questions, built once
_NONE = ()


def _ask(stage: str, seat: int, frame=None) -> tuple:
    key = (stage, seat, frame)
    qs = _ASK.get(key)
    if qs is None:  # bounded: frames hold only cells, cards, tokens, camels, seats and icons
        if len(_ASK) > 4096:
            _ASK.clear()
        qs = _ASK[key] = (Question(stage, seat, frame),)
    return qs


def questions(s: SahwariState) -> tuple:
    """The question open now (kept in ``s._cache``)."""
    c = s._cache
    if c is None:
        c = s._cache = (work_out(s), None)
    return c[0]


def work_out(s: SahwariState) -> tuple:
    """The question open now: one, for the seat ``cur``; none once the game is over."""
    if s.over:
        return _NONE
    if s.phase == "setup":
        p, what = s.queue[0]
        return _ask(setup.STAGE_OF[what], p)
    pend = s.pending
    if pend:
        f = pend[-1]
        return _ask(f[0], s.cur, f)
    st = s.step
    return _ask(st, s.cur) if st in FRESH else _NONE


def changing(s: SahwariState) -> None:
    """The state is about to change: views taken before show the state before it, and the legal
    actions worked out from it are forgotten."""
    s._cache = None
    if s._views:
        settle_views(s._views)


def fresh_legal(s: SahwariState, seat: int) -> list:
    """The legal actions of ``seat`` worked out anew (what the cached answers must equal)."""
    for q in work_out(s):
        if q.seat == seat:
            return FRESH[q.stage](s, q)
    return []


def _kept(legal):
    """``legal`` worked out once per version of the state (``s._cache``: the state has one
    question open at a time): the stage's ``legal`` (a fresh list) and ``allows``."""
    def answers(s: SahwariState, q) -> tuple:
        c = s._cache
        if c is None or c[1] is None:
            c = s._cache = (c[0] if c is not None else work_out(s), tuple(legal(s, q)))
        return c[1]

    def listed(s: SahwariState, q) -> list:
        c = s._cache
        if c is not None and c[1] is not None:
            return list(c[1])
        return list(answers(s, q))

    def allows(s: SahwariState, q, a) -> bool:
        c = s._cache
        if c is not None and c[1] is not None:
            return a in c[1]  # C speed; identity first (the rules' actions are interned)
        return a in answers(s, q)
    return listed, allows


def _counted(apply):
    """Every answer is one more action of the game (``s.actions``)."""
    def answer(s: SahwariState, q, a, ev) -> None:
        s.actions += 1
        apply(s, q, a, ev)
    return answer


def _naming(reason, rule: str):
    """``reason`` for the seat asked; for any other seat, whose turn it is."""
    def why(s: SahwariState, q, seat: int, a):
        if seat != q.seat:
            return f"It is {who(s, q.seat)}'s turn, not {who(s, seat)}'s.", \
                rule if s.phase == "setup" else "Game Turn"
        return reason(s, q, seat, a)
    return why


def make_flow() -> tuple[Flow, dict]:
    """The flow, every part's rows registered; and each stage's legal answers worked out anew."""
    flow = Flow("Sahwari", questions=questions, over=attrgetter("over"),
                over_rule="End of the Game", seat_count=attrgetter("n"), changing=changing)
    fresh = {}
    for part in (setup, turn, frames):
        for name, legal, apply, auto, reason, rule in part.STAGES:
            fresh[name] = legal
            listed, allows = _kept(legal)
            flow.stage(name, listed, _counted(apply), rule, reason=_naming(reason, rule),
                       auto=auto, allows=allows)
    return flow, fresh


FLOW, FRESH = make_flow()


def why_not_drop(s: SahwariState, seat: int, camel: int, cell: int) -> str:
    """Why ``seat`` may not put ``camel`` on ``cell`` now: the sentence a table shows when a
    dragged camel snaps back ("" when it may go there, or stays where it is). The flow's refusal
    of the move (a Guild camel's at step 3, one's own at step 1 or coming back onto the board),
    said more plainly at a move step with nothing pending: a Guild camel moves only at step 3,
    one's own camels no longer at step 3, else the rule of movement that stops the camel there
    (``board.why_not_move``)."""
    guild = s.camel_owner[camel] < 0
    kind = "guild" if guild else ("reenter" if s.camel_cell[camel] < 0 else "move")
    exc = FLOW.refusal(s, seat, A(kind, camel, cell))
    if exc is None or cell == s.camel_cell[camel]:
        return ""
    why = exc.reason
    if not s.pending and s.step in ("move", "move2", "guild") and kind != "reenter":
        if guild and s.step != "guild":
            why = "Guild camels move at the Move the Guild step, after you collect."
        elif not guild and s.step == "guild":
            why = "You have moved already: now move a Guild camel."
        else:
            why = why_not_move(s, camel, cell, guild) or why
    return why
