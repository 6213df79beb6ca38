"""What bots know of Sand: the level table, and the policy of the planning levels. The value of a
state for a seat is ``value`` (``heuristic`` and ``worth``, re-exported here).

All three levels are the turn planner (``planner.py``: a beam search over the bot's own actions
to the end of its turn, ``worth`` at its ends). ``easy`` searches a narrow beam (width 6, 1500
states) and blurs each plan's value the most (``noise`` 1.5): it plays sensible turns that are
often not the best and sees no further than its turn (issue 29: it was width 4 / 600 / 2.5,
and once ``normal`` looked ahead it lost 14 of 16 games to it). ``normal`` searches a wider
beam, blurs less (``noise`` 1.0) and judges its best two ends of the turn by the best next turn
of the workday each leaves (``look`` 2, a small beam), keeping what the turn itself earns
(``keep`` 1.0: a turn that leaves a sellable Box unsold is not as good as one that sells it,
although the next turn could sell it too); ``hard`` searches a wide beam (width 20, 9000
states) and judges its best four ends by a wider next turn (``look`` 4). Issue 29: at width 16
/ 7000 it beat the Expert Alhazred in 7 of 48 solo games (14.6 %); at 20 / 9000 in 23 of 96 on
fresh seeds (24.0 %, Wilson 16.5-33.4 %), its longest decision 0.74 s CPU on a quiet machine
(the planner's trial moves take ``apply``'s fast path: the clone keeps the legal actions just
listed; ``SandState.clone`` is spelled out). Making ``normal`` weaker to win less against the
Novice Alhazred broke the ladder: at width 6 / 1500 with the look ahead it won 62.5 % against
Novice but lost 27 of 40 to ``easy``.
Issue 29: ``normal`` without a look at the next turn scored 62 % of hard's mean (112 vs 182)
and lost 22 of 24 games to it; the greedy bot before it made 1-2 deliveries a game.
The Hint is the hard level's move (``SandGame.hint_why`` says why).
"""

from __future__ import annotations

from .planner import plan_policy
from .value import heuristic, worth

BOT_LEVELS = {
    "easy": {"bot": "policy", "params": {"width": 6, "budget": 1500, "noise": 1.5}},
    "normal": {"bot": "policy", "params": {"width": 10, "budget": 3000, "noise": 1.0, "look": 2,
                                           "look_width": 6, "look_budget": 800, "keep": 1.0}},
    "hard": {"bot": "policy", "params": {"width": 20, "budget": 9000, "depth": 16, "look": 4,
                                         "look_width": 8, "look_budget": 1200}},
}


def policy(game, observation, legal, rng, **params):
    return plan_policy(game, observation, legal, rng, **params)


__all__ = ["heuristic", "worth", "policy", "BOT_LEVELS"]
