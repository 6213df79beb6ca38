"""What bots know of Sand: the level table, and the policy of the planning levels. The value of a
state for a seat is ``value`` (``heuristic`` and ``worth``, re-exported here).

All three levels are the turn planner (``planner.py``: a beam search over the bot's own actions
to the end of its turn, ``worth`` at its ends). ``easy`` searches a narrow, shallow beam (width 4,
600 states) and blurs each plan's value the most (``noise`` 2.5): it plays sensible turns that
are often not the best (issue 29: the greedy bot it was scored 17 coins against normal's 126 and
never won). ``normal`` searches a wider beam and blurs less (``noise`` 1.5), so it plays a sound
turn but sometimes settles for a worse one; ``hard`` searches a wide beam and judges its best
few ends of the turn by the best next turn of the workday each leaves (``look``: a Box loaded
now, a Worm watered now, pays on that turn).
Issue 29: ``normal`` was the greedy bot with little noise, which cannot see that a Box loaded now
is coins two actions later, and made 1-2 deliveries a game.
The Hint is the hard level's move (``SandGame.hint_why`` says why).
"""

from __future__ import annotations

from .planner import plan_policy
from .value import heuristic, worth

BOT_LEVELS = {
    "easy": {"bot": "policy", "params": {"width": 4, "budget": 600, "noise": 2.5}},
    "normal": {"bot": "policy", "params": {"width": 6, "budget": 1500, "noise": 1.5}},
    "hard": {"bot": "policy", "params": {"width": 16, "budget": 7000, "depth": 16, "look": 4,
                                         "look_width": 8, "look_budget": 1200}},
}


def policy(game, observation, legal, rng, **params):
    return plan_policy(game, observation, legal, rng, **params)


__all__ = ["heuristic", "worth", "policy", "BOT_LEVELS"]
