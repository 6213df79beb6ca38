"""The flow of Sands of Adventure as data: every stage of every part of the round registered in
one ``engine.flow.Flow``, and the questions open in a state.

Where the rules stand is read from the state's ``phase`` and ``stage`` (the saved form is
unchanged): set-up (``setup``), the Exploration Phase (``exploration``: Move, each step of the
Adventure tile, the Threat dice), the Timed Phase (``timed``: a question per seat that may act)
and between rounds (``rounds``). The open questions and the seats they ask are worked out once
per state and kept in ``SandsOfAdventureState._ta`` until the state changes (``forget``, which
``apply``, ``advance`` and every automatic step call): ``to_act``, ``legal_actions`` and the
flow's checks read them from there. A scenario that changes a state by hand calls its
``touch()`` before asking again."""

from __future__ import annotations

from ...engine.flow import NOBODY, Flow, Question
from ...engine.observation import settle_views
from . import exploration, rounds, setup, timed
from .common import Tables, bind
from .reasons import shape_reason
from .state import EXPLORE, OVER, PREP, SETUP, TIMED, SandsOfAdventureState

_NONE = ((), ())


def work_out(tb: Tables, s: SandsOfAdventureState) -> tuple[tuple[Question, ...], tuple[int, ...]]:
    """The open questions and the seats they ask, in seat order."""
    ph = s.phase
    if ph == EXPLORE:
        st = s.stage
        if st == "step":
            q = Question(s.prog[0][0], s.current, s.prog[0]) if s.prog else \
                Question("tile_done", s.current)
        elif st == "penalty":
            q = Question("penalty", s.penalty[0])
        else:  # move, give_to, bury_aside, roll, order, resolve
            q = Question(st, s.current)
        return (q,), (q.seat,)
    if ph == TIMED:
        qs = timed.questions(tb, s)
    elif ph == PREP:
        qs = (Question(rounds.PREP_STAGE.get(s.stage, "leader"), s.leader),)
    elif ph == SETUP:
        qs = setup.questions(tb, s)
    else:
        return _NONE
    return qs, tuple(q.seat for q in qs if q.seat != NOBODY)


def open_now(tb: Tables, s: SandsOfAdventureState):
    """``work_out``, kept until the state changes (``forget``)."""
    known = s._ta
    if known is None:
        known = s._ta = work_out(tb, s)
    return known


def forget(s: SandsOfAdventureState) -> None:
    """The state is about to change: views taken before show the state before it, and what was
    worked out from it is forgotten."""
    if s._views:
        settle_views(s._views)
    s._obs = s._ta = None


def make_flow(tb: Tables) -> Flow:
    flow = Flow("Sands of Adventure",
                questions=lambda s: open_now(tb, s)[0],
                over=lambda s: s.phase == OVER, over_rule="Winning the Game",
                shape=lambda s, action: shape_reason(tb, s, action), changing=forget)
    for part in (setup, exploration, timed, rounds):
        bind(flow, tb, part.STAGES)
    return flow
