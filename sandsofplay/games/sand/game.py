"""The Sand game object: the engine protocol wired to the rules modules. Who acts, what is legal
and ``apply`` are the flow's (``turn.FLOW``: the generic checks - game over, seat, an action at
all - then the open stage's legal answers and its reason for a refusal, with its section)."""

from __future__ import annotations

import inspect

from sandsofplay.engine import Action, Game, OptionSpec, Outcome
from sandsofplay.engine.flow import NOBODY
from sandsofplay.engine.observation import lazy

from . import observe as obsmod
from . import strategy
from .planner import explain
from .describe import describe as _describe
from .invariants import invariants
from .setup import new_state
from .state import SandState, check_form, from_json, to_json
from .turn import FLOW, changing, questions

STAGES = FLOW.stages


class SandGame(Game):
    id = "sand"
    title = "Sand"
    blurb = "Cross the dunes, deliver goods and keep your caravan alive."
    min_seats = 1
    max_seats = 4
    options = (
        OptionSpec("travelers", "Desert Travelers", ("choose", "basic"), "choose",
                   "Choose Travelers with abilities, or all play the basic side (first game).",
                   ("With abilities", "Basic side (first game)")),
        OptionSpec("alhazred", "Alhazred's level", ("novice", "medium", "expert"), "medium",
                   "Solo only: how Alhazred earns and interferes.",
                   ("Novice", "Medium", "Expert"), players=(1,)),
    )
    bot_levels = strategy.BOT_LEVELS

    def new_state(self, setup):
        self.check_seats(setup.players)
        opts = self.resolve_options(setup)
        return new_state(setup.players, opts["travelers"], opts["alhazred"], setup.seed)

    def to_act(self, s: SandState) -> tuple[int, ...]:
        """``FLOW.to_act`` read straight from the state (it is asked several times a step):
        ``turn.questions`` asks one question, of the seat ``s.cur``, until the game is over."""
        if s.over:
            return ()
        cur = s.cur
        return (cur,) if cur != NOBODY else ()

    def now(self, s: SandState) -> int:
        """Turn-based: always tick 0 (the protocol's default: the state has no ``tick``), without
        the failed attribute lookup."""
        return 0

    def legal_actions(self, s: SandState, seat: int) -> list:
        """``FLOW.legal``, with the one open question (``s.cur``'s) read straight away."""
        if s.over or seat != s.cur or seat is None or seat < 0:
            return []
        q = questions(s)[0]
        return list(STAGES[q.stage].legal(s, q))

    def is_legal(self, s: SandState, seat: int, action) -> bool:
        return FLOW.is_legal(s, seat, action)

    def refusal(self, s: SandState, seat: int, action):
        """Why ``seat`` may not take ``action`` now (the ``IllegalAction`` that ``apply`` would
        raise), or None when it may. Changes nothing."""
        return FLOW.refusal(s, seat, action)

    def apply(self, s: SandState, seat: int, action) -> list:
        memo = s._memo
        if memo is not None and memo[0] == seat and memo[1] == s.actions and \
                type(action) is Action and type(seat) is int and 0 <= seat < s.n:
            qs = questions(s)
            if qs and qs[0].seat == seat and action in memo[2]:
                # what ``FLOW.check`` finds (the game goes on, the seat is asked, the action
                # is among the answers just listed for it), without asking again
                q = qs[0]
                events: list = []
                changing(s)
                STAGES[q.stage].apply(s, q, action, events)
                FLOW.settle(s, events)
                s.actions += 1
                return events
        events = FLOW.apply(s, seat, action)
        s.actions += 1  # actions taken (a field of the saved form)
        return events

    def observe(self, s: SandState, seat):
        """Built when first read (``engine.observation``): ``apply`` settles unread views."""
        return lazy(s._views, lambda: obsmod.observe(s, seat), {"game": "sand", "seat": seat})

    def determinize(self, observation, rng):
        return obsmod.determinize(observation, rng)

    def check_observation(self, s: SandState, seat, obs):
        return obsmod.check_observation(s, seat, obs)

    def outcome(self, s: SandState):
        if not s.over:
            return None
        r = s.result
        return Outcome(tuple(r["scores"]), tuple(r["winners"]), None, r["detail"])

    def results(self, s: SandState) -> dict:
        from .scoring import results_breakdown
        return results_breakdown(s)

    def heuristic(self, s: SandState, seat):
        return strategy.heuristic(s, seat)

    def policy_steps(self, observation, legal, rng, **params):
        """The hard level's plan as a resumable search (``PolicyBot`` runs it in time slices):
        yields the best action so far (or None) and returns the answer."""
        answer = strategy.policy(self, observation, legal, rng, **params)
        if inspect.isgenerator(answer):
            answer = yield from answer
        return answer

    def policy(self, observation, legal, rng, **params):
        """The same answer in one go (hints, tests)."""
        steps = self.policy_steps(observation, legal, rng, **params)
        while True:
            try:
                next(steps)
            except StopIteration as stop:
                return stop.value

    def describe(self, s: SandState, seat, action):
        return _describe(s, seat, action)

    def hint_why(self, s: SandState, seat, action) -> str:
        """A sentence saying why the hard level plays ``action`` here (the table's Hint)."""
        params = {k: v for k, v in strategy.BOT_LEVELS["hard"]["params"].items()
                  if k in ("width", "budget", "depth", "noise")}
        return explain(self, s, seat, action, **params)

    def check_invariants(self, s: SandState):
        return invariants(s)

    def clone(self, s: SandState):
        return s.clone()

    def state_to_json(self, s: SandState):
        return to_json(s)

    # the exact form a save's check hash is taken of (versions 2 and 3: marshal of
    # ``state_to_json``, made in one call): the state module's function itself, ``(state)``
    check_form = staticmethod(check_form)

    def state_from_json(self, data):
        return from_json(data)

    def rng_state(self, s: SandState):
        return s.rng

