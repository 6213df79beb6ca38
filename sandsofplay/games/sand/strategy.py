"""What bots know of Sand: a heuristic value of a state for a seat, and the level table."""

from __future__ import annotations

BOT_LEVELS = {
    "easy": {"bot": "greedy", "params": {"noise": 8.0, "samples": 1}},
    "normal": {"bot": "greedy", "params": {"noise": 0.5, "samples": 1}},
    "hard": {"bot": "ismcts", "params": {"iterations": 200, "rollout_depth": 8, "scale": 10.0}},
}


def heuristic(s, seat) -> float:
    if s.over:
        return float(s.result["scores"][seat])
    return float(s.players[seat]["coins"])


def policy(game, observation, legal, rng, **params):
    return legal[0] if legal else None
