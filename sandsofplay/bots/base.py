"""The bot interface. Bots are anytime: ``start`` a decision, ``step`` it a few milliseconds at a
time (inside a frame's ``update``), ask for the ``best`` action so far. They only ever see an
observation (``game.observe(state, seat)``) and the seat's legal actions, never the state.

A bot's choices depend only on its seed, its params and the question it is asked (the
observation and the legal actions), so reshuffling hidden information it cannot see never changes
what it does, and a bot asked the same question again answers the same: the randomness of each
decision is seeded from the question, never drawn from a stream that other questions advanced
(the random bot, which must stay cheap, keeps a stream and answers the same only when asked
again at once - as when an undo probe puts the same state back).
Its reaction time in real time comes from a separate stream (``timing``), drawn once each time
the driver schedules the seat.

Time slicing: every bot's thinking is resumable. ``start`` only sets up; the work happens in
``step(budget)``, which returns within about ``budget`` seconds. A game's own strategy (the
"policy" bot kind) takes part in this through ``game.policy_steps(observation, legal, rng,
**params)``: a generator that does its search in small pieces, yields between them (optionally
the best action so far, or ``None``), and returns its final choice (``return action``).
A game without ``policy_steps`` is asked ``game.policy(...)`` in one go.
"""

from __future__ import annotations

import math
import time

import json
import marshal
import zlib

from ..engine import RNG, TICKS_PER_SECOND, Action


def question_digest(observation, legal) -> int:
    """A stable 64-bit digest of a question, the same in every process. The observation is
    serialised with marshal format 0 (plain values only: no object references, no interning
    flags, so equal observations give equal bytes however they were built); anything marshal
    cannot write falls back to JSON."""
    try:
        data = marshal.dumps(observation, 0)
    except ValueError:
        data = json.dumps(observation, sort_keys=True, default=repr).encode("utf-8", "replace")
    data += "|".join(map(str, legal)).encode("utf-8", "replace")
    return (zlib.crc32(data) << 32) | zlib.adler32(data)


class Bot:
    kind = "bot"
    # True for bots that answer at once in ``start`` (the driver then asks them only when their
    # reaction time has come); False for bots that search and benefit from thinking ahead
    instant = False
    # True: each decision's randomness is seeded from its question, so the same question gets
    # the same answer whenever it is asked. False (the random bot, whose answer must stay
    # cheap): a stream, and only a question asked again at once gets the same answer.
    by_question = True
    # False for a bot that never reads the observation (random): the driver then passes None
    # instead of observing the state for it
    needs_observation = True

    def __init__(self, game, seat: int, seed: int = 0, level: str = "", **params):
        self.game = game
        self.seat = seat
        self.level = level
        self.params = params
        self._seed = seed * 7919 + seat * 104729 + 17
        self.timing = RNG(self._seed)  # reaction times: one draw per scheduling
        self.rng = RNG(self._seed)  # re-seeded from each question in ``start`` (by_question)
        self.observation = None
        self.legal: list[Action] = []
        self.question = None  # digest of the current question
        self._best: Action | None = None
        self._done = True
        lo, hi = params.get("reaction_s", (0.0, 0.0))
        self.reaction = (float(lo), float(hi))
        # an action a person makes without thinking (rolling a die again) comes sooner
        qlo, qhi = params.get("quick_s", (lo, hi))
        self.quick = (float(qlo), float(qhi))
        self.quick_kinds = frozenset(params.get("quick_kinds", ()))

    # --- anytime protocol ---------------------------------------------------------------------
    def start(self, observation, legal: list[Action]) -> bool:
        """Take a question. Asked again the same question while thinking on it (or after
        answering it), the bot keeps its search or its answer and draws nothing: returns False
        then, True for a new question."""
        legal = list(legal)
        if self.by_question:
            q = question_digest(observation, legal)
            same = q == self.question and legal == self.legal
        else:
            q = 1
            same = (self.question is not None and observation is not None
                    and legal == self.legal and observation == self.observation)
        if same:
            self.observation = observation
            return False
        self.question = q
        if self.by_question:
            self.rng = RNG(self._seed ^ q)
        self.observation = observation
        self.legal = legal
        self._best = self.legal[0] if self.legal else None
        self._done = len(self.legal) <= 1
        self._begin()
        return True

    def forget(self) -> None:
        """Drop the current question (the next ``start`` begins afresh)."""
        self.question = None

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

    def reaction_ticks(self, legal=()) -> int:
        """How long this bot waits before acting in real time (level-dependent). When an answer of
        the level's ``quick_kinds`` is open (a Torch roll after a Snake), the level's shorter
        ``quick_s`` applies."""
        lo, hi = self.reaction
        if self.quick_kinds and any(a.kind in self.quick_kinds for a in legal):
            lo, hi = self.quick
        if hi <= 0:
            return 0
        return int(round(self.timing.uniform(lo, hi) * TICKS_PER_SECOND))


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
