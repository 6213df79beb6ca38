"""The Sand game object: the engine protocol wired to the rules modules."""

from __future__ import annotations

import inspect

from sandsofplay.engine import Game, IllegalAction, OptionSpec, Outcome
from sandsofplay.engine.observation import lazy, settle_views

from . import observe as obsmod
from . import strategy
from .planner import explain
from . import turn as turnmod
from .describe import describe as _describe, why_illegal
from .invariants import invariants
from .setup import new_state
from .state import check_form, from_json, to_json


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
                   ("Novice", "Medium", "Expert")),
    )
    bot_levels = strategy.BOT_LEVELS

    def new_state(self, setup):
        self.check_seats(setup.players)
        opts = self.resolve_options(setup)
        return new_state(setup.players, opts["travelers"], opts["alhazred"], setup.seed)

    def to_act(self, s):
        if s.over:
            return ()
        return (s.cur,)

    def legal_actions(self, s, seat):
        acts = turnmod.legal(s, seat)
        s._memo = (seat, s.actions, acts)
        return list(acts)

    def apply(self, s, seat, action):
        if s.over:
            raise IllegalAction("The game is over.", "End of the Game")
        if seat != s.cur:
            raise IllegalAction(f"It is not seat {seat}'s turn.", "Game Turns")
        if s._views:
            settle_views(s._views)  # views taken before this action show the state before it
        memo = s._memo
        if memo is not None and memo[0] == seat and memo[1] == s.actions:
            legal = memo[2]
        else:
            legal = turnmod.legal(s, seat)
        s._memo = None
        if action not in legal:
            raise IllegalAction(why_illegal(s, seat, action), rule_of(s, action))
        ev = []
        turnmod.apply(s, seat, action, ev)
        s.actions += 1
        return ev

    def observe(self, s, seat):
        """Built when first read (``engine.observation``): ``apply`` settles unread views."""
        return lazy(s._views, lambda: obsmod.observe(s, seat), {"game": "sand", "seat": seat})

    def determinize(self, observation, rng):
        return obsmod.determinize(observation, rng)

    def check_observation(self, s, seat, obs):
        return obsmod.check_observation(s, seat, obs)

    def outcome(self, s):
        if not s.over:
            return None
        r = s.result
        return Outcome(tuple(r["scores"]), tuple(r["winners"]), None, r["detail"])

    def heuristic(self, s, seat):
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

    def describe(self, s, seat, action):
        return _describe(s, seat, action)

    def hint_why(self, s, seat, action) -> str:
        """A sentence saying why the hard level plays ``action`` here (the table's Hint)."""
        params = {k: v for k, v in strategy.BOT_LEVELS["hard"]["params"].items()
                  if k in ("width", "budget", "depth", "noise")}
        return explain(self, s, seat, action, **params)

    def check_invariants(self, s):
        return invariants(s)

    def clone(self, s):
        return s.clone()

    def state_to_json(self, s):
        return to_json(s)

    def check_form(self, s) -> bytes:
        """The exact form a save's check hash is taken of (versions 2 and 3: marshal of
        ``state_to_json``, made in one call)."""
        return check_form(s)

    def state_from_json(self, data):
        return from_json(data)

    def rng_state(self, s):
        return s.rng


RULES = {
    "traveler": "Preparation of the Players (11)", "reroll": "Roll the Dice",
    "keep_dice": "Roll the Dice", "place": "Game Turns", "go": "Game Turns",
    "travel": "Travel", "navigate": "The Navigator", "leg": "The Navigator",
    "walk": "Zhaslir, the Walker", "load": "Load Plants", "stack": "The Young Worm",
    "deliver": "Delivery of Goods", "give": "Delivery of Goods", "done": "Delivery of Goods",
    "care": "Care for Your Worm", "tend": "The Custodian", "pray": "Pray",
    "prestige": "Earn Prestige", "song": "Compose Songs",
    "acolyte": "Special Action of the Acolytes",
    "store": "The Shelters", "retrieve": "The Shelters", "shaman": "The Shaman",
    "sonett": "Sonett, the Achiever", "surmesh": "Surmesh, the Pythoness",
    "abandon": "Abandoned Goods", "end": "Game Turns", "prayers": "Modifying the Value of a Die",
    "extra": "Modifying the Value of a Die", "reward": "Record of Goods Delivered",
    "advance": "Record of Goods Delivered", "shelter": "The Shelters",
    "companion": "The Companions", "pick": "Choose a Mission Card",
    "keep_mission": "Choose a Mission Card", "take_reward": "Choose a Mission Card",
}


def rule_of(s, action) -> str:
    return RULES.get(action.kind, "Actions of the Game")
