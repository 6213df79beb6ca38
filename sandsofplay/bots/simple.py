"""The random bot, the greedy bot (one ply on the game's heuristic) and the game-policy bot."""

from __future__ import annotations

import time

from .base import Bot


class RandomBot(Bot):
    """Picks a legal action uniformly at random."""

    kind = "random"

    def _begin(self):
        if self.legal:
            self._best = self.rng.choice(self.legal)
        self._done = True


class GreedyBot(Bot):
    """Tries each legal action on ``samples`` determinizations of what it has seen, scores the
    result with the game's heuristic and adds a little noise, then keeps the best."""

    kind = "greedy"

    def _begin(self):
        self._i = 0
        self._scores: list[float] = []
        self._worlds = None

    def _work(self, deadline):
        game = self.game
        samples = int(self.params.get("samples", 1))
        noise = float(self.params.get("noise", 0.0))
        if self._worlds is None:
            self._worlds = [game.determinize(self.observation, self.rng) for _ in range(samples)]
        while self._i < len(self.legal):
            action = self.legal[self._i]
            total = 0.0
            for world in self._worlds:
                s = game.clone(world)
                try:
                    game.apply(s, self.seat, action)
                except Exception:  # an action impossible in this sampled world scores lowest
                    total += -1e9
                    continue
                total += self._value(s)
            score = total / len(self._worlds) + (self.rng.uniform(-noise, noise) if noise else 0.0)
            self._scores.append(score)
            self._i += 1
            if time.perf_counter() >= deadline and self._i < len(self.legal):
                return False
        best = max(range(len(self.legal)), key=lambda k: self._scores[k])
        self._best = self.legal[best]
        return True

    def _value(self, state) -> float:
        out = self.game.outcome(state)
        if out is not None:
            if out.team is not None:
                return 1e6 if out.team == "win" else -1e6
            return 1e6 / len(out.winners) if self.seat in out.winners else -1e6
        return self.game.heuristic(state, self.seat)


class PolicyBot(Bot):
    """Asks the game's own rule-based policy: ``game.policy(observation, legal, rng, **params)``.

    Games that need a hand-written strategy (for example real-time phases) provide one; it sees
    exactly what any other bot sees.
    """

    kind = "policy"

    def _begin(self):
        params = {k: v for k, v in self.params.items() if k != "reaction_s"}
        steps = getattr(self.game, "policy_steps", None)
        if steps is None:
            self._best = self.game.policy(self.observation, self.legal, self.rng, **params)
            self._done = True
            return
        # a game whose policy comes in small steps is thought about in time slices
        self._steps = steps(self.observation, self.legal, self.rng, **params)
        self._done = False

    def _work(self, deadline):
        while True:
            try:
                next(self._steps)
            except StopIteration as done:
                self._best = done.value
                self._steps = None
                return True
            if time.perf_counter() >= deadline:
                return False
