"""Information-set Monte Carlo tree search with determinization (single-observer ISMCTS,
Cowling, Powley and Whitehouse 2012).

Each iteration samples a full state consistent with the bot's observation
(``game.determinize``), walks the tree choosing among the actions available in that sample by
UCB with availability counts, expands one new action, plays a short random rollout and backs up
a per-seat reward (the outcome if the game ended, else the squashed heuristic). The search is
anytime: ``step`` runs iterations until its time slice ends, and ``best`` answers with the most
visited root action. A fixed iteration budget makes the result independent of the machine's
speed and of how the thinking was sliced.
"""

from __future__ import annotations

import math
import time

from ..engine import IllegalAction
from .base import Bot, rewards


class _Node:
    __slots__ = ("action", "parent", "actor", "children", "visits", "avail", "total")

    def __init__(self, action=None, parent=None, actor=-1):
        self.action = action
        self.parent = parent
        self.actor = actor  # the seat that chose ``action``
        self.children: dict = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


class ISMCTSBot(Bot):
    kind = "ismcts"

    def _begin(self):
        self.root = _Node()
        self.iterations = 0
        self.n_iter = int(self.params.get("iterations", 200))
        self.c = float(self.params.get("c", 0.7))
        self.depth = int(self.params.get("rollout_depth", 12))
        self.scale = float(self.params.get("scale", 10.0))

    def _work(self, deadline):
        while self.iterations < self.n_iter:
            self._iterate()
            self.iterations += 1
            if time.perf_counter() >= deadline and self.iterations < self.n_iter:
                self._update_best()
                return False
        self._update_best()
        return True

    def _update_best(self):
        legal_texts = {str(a): a for a in self.legal}
        best, best_visits = None, -1
        for key, child in self.root.children.items():
            if key in legal_texts and child.visits > best_visits:
                best, best_visits = legal_texts[key], child.visits
        if best is not None:
            self._best = best

    def _actor(self, game, state):
        for seat in game.to_act(state):
            legal = game.legal_actions(state, seat)
            if legal:
                return seat, legal
        return None, None

    def _settle(self, game, state) -> bool:
        """Let real time run on while no one can act; False if the game cannot go on."""
        while game.outcome(state) is None:
            seat, legal = self._actor(game, state)
            if seat is not None:
                return True
            t = game.next_event_tick(state)
            if t is None:
                return False
            game.advance(state, max(1, t - game.now(state)))
        return False

    def _iterate(self):
        game = self.game
        state = game.determinize(self.observation, self.rng)
        seats = game.seat_count(state)
        node = self.root
        first = True
        # selection and expansion
        while True:
            if not self._settle(game, state):
                break
            if first:
                seat, legal = self.seat, self.legal
                first = False
            else:
                seat, legal = self._actor(game, state)
            keys = [str(a) for a in legal]
            for k in keys:
                child = node.children.get(k)
                if child is not None:
                    child.avail += 1
            untried = [i for i, k in enumerate(keys) if k not in node.children]
            if untried:
                i = untried[self.rng.randrange(len(untried))]
                child = _Node(keys[i], node, seat)
                child.avail = 1
                node.children[keys[i]] = child
                if not self._apply(game, state, seat, legal[i]):
                    break
                node = child
                break
            best, best_ucb = None, -math.inf
            for i, k in enumerate(keys):
                ch = node.children[k]
                ucb = ch.total / ch.visits + self.c * math.sqrt(math.log(max(1, ch.avail)) / ch.visits)
                if ucb > best_ucb:
                    best, best_ucb = i, ucb
            node = node.children[keys[best]]
            if not self._apply(game, state, seat, legal[best]):
                break
        # rollout
        for _ in range(self.depth):
            if not self._settle(game, state):
                break
            seat, legal = self._actor(game, state)
            if not self._apply(game, state, seat, legal[self.rng.randrange(len(legal))]):
                break
        r = rewards(game, state, seats, self.scale)
        # backpropagation: each node is credited with the reward of the seat that chose it
        while node is not None:
            node.visits += 1
            if node.actor >= 0:
                node.total += r[node.actor] if node.actor < len(r) else 0.0
            node = node.parent

    @staticmethod
    def _apply(game, state, seat, action) -> bool:
        """Apply in a sampled world; False when the rules refuse it there (a sampled world may
        not allow what the real one does). Any other exception is a bug and propagates."""
        try:
            game.apply(state, seat, action)
            return True
        except IllegalAction:
            return False
