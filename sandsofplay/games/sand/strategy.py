"""What bots know of Sand: the level table, and the policy of the planning levels. The value of a
state for a seat is ``value`` (``heuristic`` and ``worth``, re-exported here).

``easy`` is the greedy bot (one action ahead on the heuristic, with a lot of noise). ``normal``
and ``hard`` are the turn planner (``planner.py``: a beam search over the bot's own actions to the
end of its turn, ``worth`` at its ends): ``normal`` searches a narrower beam and blurs the value of
each finished plan (``noise``), so it plays a sound turn but sometimes settles for a worse one;
``hard`` searches a wide beam and judges its best few ends of the turn by the best next turn of
the workday each leaves (``look``: a Box loaded now, a Worm watered now, pays on that turn).
Issue 29: ``normal`` was the greedy bot with little noise, which cannot see that a Box loaded now
is coins two actions later, and made 1-2 deliveries a game.
The Hint is the hard level's move (``SandGame.hint_why`` says why).
"""

from __future__ import annotations

from .planner import plan_policy
from .value import heuristic, worth

BOT_LEVELS = {
    "easy": {"bot": "greedy", "params": {"noise": 6.0, "samples": 1}},
    "normal": {"bot": "policy", "params": {"width": 6, "budget": 1500, "noise": 1.5}},
    "hard": {"bot": "policy", "params": {"width": 16, "budget": 7000, "depth": 16, "look": 4,
                                         "look_width": 8, "look_budget": 1200}},
}


def policy(game, observation, legal, rng, **params):
    return plan_policy(game, observation, legal, rng, **params)


__all__ = ["heuristic", "worth", "policy", "BOT_LEVELS"]
