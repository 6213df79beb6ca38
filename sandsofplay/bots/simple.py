"""The random bot, the greedy bot (one ply on the game's heuristic) and the game-policy bot."""

from __future__ import annotations

import time

from ..engine import RNG, IllegalAction
from .base import Bot


WIN = 1e6  # a won game, above any heuristic value


class RandomBot(Bot):
    """Picks a legal action uniformly at random."""

    kind = "random"
    instant = True
    by_question = False
    needs_observation = False

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
                except IllegalAction:  # impossible in this sampled world: scores lowest
                    total += -1e9
                    continue
                total += self._value(s)
            score = total / len(self._worlds) + (self.rng.uniform(-noise, noise) if noise else 0.0)
            self._scores.append(score)
            self._i += 1
            if time.perf_counter() >= deadline and self._i < len(self.legal):
                return False
        top = max(self._scores)
        best = [k for k, v in enumerate(self._scores) if v == top]
        # a tie is broken at random (without noise, always taking the first of equals can go
        # round in circles: Sahwari's noise-free greedy bot never finished a game)
        self._best = self.legal[best[0] if len(best) == 1 else self.rng.choice(best)]
        return True

    def _value(self, state) -> float:
        """The heuristic; a finished game is worth its heuristic (a game's heuristic of a
        finished state is its final margin) and, won, a bonus that beats any unfinished state.
        A lost game gets no malus: valued below every unfinished state, ending a lost game
        looked worse than any move that puts the end off, and a bot losing on the last turn
        threw away what it had (Sahwari: six Recruit pawns spent on refreshes, 11 Influence)
        to put off a defeat it could not change."""
        out = self.game.outcome(state)
        if out is not None and out.team is not None:
            return WIN if out.team == "win" else -WIN
        h = self.game.heuristic(state, self.seat)
        if out is not None and self.seat in out.winners:
            return WIN / len(out.winners) + h
        return h


_TIMING = ("reaction_s", "quick_s", "quick_kinds")  # for the driver, not the game's policy
_NOT_POLICY = _TIMING + ("forms",)  # (a form's own parameters are passed instead)
FORM_SALT = 0x5F0F  # the form's draw is its own stream: no question's draw depends on it


def pick_form(forms, seed: int) -> dict:
    """The form a bot of this seed plays in (``PolicyBot``'s ``forms``): one of the forms,
    drawn by its ``weight`` (default 1) from the seed alone, so the same seed (a replay, a
    test) always gives the same form and a new game's seed may give another."""
    weights = [float(f.get("weight", 1.0)) for f in forms]
    x = RNG(seed ^ FORM_SALT).random() * sum(weights)
    for form, w in zip(forms, weights):
        if x < w:
            return form
        x -= w
    return forms[-1]


class PolicyBot(Bot):
    """Asks the game's own rule-based policy, which sees exactly what any other bot sees.

    Games that need a hand-written strategy (for example real-time phases) provide one. A game
    whose strategy searches provides ``policy_steps(observation, legal, rng, **params)``, a
    generator (see ``bots.base``): the bot runs it a slice at a time within each ``step``
    budget. Otherwise ``policy(observation, legal, rng, **params)`` answers in one go.
    """

    kind = "policy"

    def __init__(self, game, seat, seed=0, level="", **params):
        super().__init__(game, seat, seed, level, **params)
        self.instant = getattr(game, "policy_steps", None) is None
        self._search = None
        forms = params.get("forms")
        self.form = dict(pick_form(forms, self._seed)) if forms else {}

    def _params(self) -> dict:
        out = {k: v for k, v in self.params.items() if k not in _NOT_POLICY}
        out.update((k, v) for k, v in self.form.items() if k not in ("name", "weight"))
        return out

    def _begin(self):
        self._search = None
        if self.instant:
            self._best = self.game.policy(self.observation, self.legal, self.rng, **self._params())
            self._done = True
            return
        self._search = self.game.policy_steps(self.observation, self.legal, self.rng,
                                              **self._params())
        self._done = False  # even with one legal action the policy may choose to wait

    def _work(self, deadline):
        search = self._search
        if search is None:
            return True
        while True:
            try:
                best = next(search)
            except StopIteration as stop:
                self._best = stop.value
                self._search = None
                return True
            if best is not None:
                self._best = best
            if time.perf_counter() >= deadline:
                return False
