"""The bot interface. Bots are anytime: ``start`` a decision, ``step`` it a few milliseconds at a
time (inside a frame's ``update``), ask for the ``best`` action so far. They only ever see an
observation (``game.observe(state, seat)``) and the seat's legal actions, never the state.

A bot's choices depend only on its seed, its params and what it has observed, so reshuffling
hidden information it cannot see never changes what it does.
"""

from __future__ import annotations

import math
import time

from ..engine import RNG, TICKS_PER_SECOND, Action


class Bot:
    kind = "bot"

    def __init__(self, game, seat: int, seed: int = 0, level: str = "", **params):
        self.game = game
        self.seat = seat
        self.level = level
        self.params = params
        self.rng = RNG(seed * 7919 + seat * 104729 + 17)
        self.observation = None
        self.legal: list[Action] = []
        self._best: Action | None = None
        self._done = True
        lo, hi = params.get("reaction_s", (0.0, 0.0))
        self.reaction = (float(lo), float(hi))

    # --- anytime protocol ---------------------------------------------------------------------
    def start(self, observation, legal: list[Action]) -> None:
        self.observation = observation
        self.legal = list(legal)
        self._best = self.legal[0] if self.legal else None
        self._done = len(self.legal) <= 1
        self._begin()

    def _begin(self) -> None:
        """Subclasses set up their search here."""

    def _work(self, deadline: float) -> bool:
        """Subclasses think until ``deadline`` (perf_counter); return True when finished."""
        return True

    def step(self, budget_s: float = math.inf) -> bool:
        """Think for up to ``budget_s`` seconds; True once the decision is final."""
        if self._done:
            return True
        deadline = time.perf_counter() + budget_s if budget_s != math.inf else math.inf
        self._done = self._work(deadline)
        return self._done

    @property
    def done(self) -> bool:
        return self._done

    def best(self) -> Action | None:
        return self._best

    def decide(self, observation, legal: list[Action]) -> Action | None:
        """Start, think to the end and answer (headless use)."""
        self.start(observation, legal)
        while not self.step():
            pass
        return self.best()

    def reaction_ticks(self) -> int:
        """How long this bot waits before acting in real time (level-dependent)."""
        lo, hi = self.reaction
        if hi <= 0:
            return 0
        return int(round(self.rng.uniform(lo, hi) * TICKS_PER_SECOND))


def squash(value: float, scale: float = 10.0) -> float:
    """Map a heuristic value to (0, 1) for search rewards."""
    x = max(-60.0, min(60.0, value / scale))
    return 1.0 / (1.0 + math.exp(-x))


def rewards(game, state, seats: int, scale: float) -> list[float]:
    """Per-seat reward in [0, 1]: the outcome when over, the squashed heuristic otherwise."""
    out = game.outcome(state)
    if out is not None:
        if out.team is not None:
            r = 1.0 if out.team == "win" else 0.0
            return [r] * seats
        winners = out.winners
        if not winners:
            return [0.0] * seats
        share = 1.0 / len(winners)
        return [share if i in winners else 0.0 for i in range(seats)]
    return [squash(game.heuristic(state, i), scale) for i in range(seats)]
