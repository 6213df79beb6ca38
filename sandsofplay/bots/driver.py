"""Runs bot seats on a Match, turn-based or in real time.

The same driver serves headless runs (``run``: jump from event to event instead of stepping idle
ticks) and the app (``poll``: a few milliseconds of thinking per frame, actions released when
their reaction time has come).

Each bot seat that may act is scheduled at ``now + reaction`` (its level's reaction time, zero
for turn-based levels) and starts thinking on its observation. A bot whose answer is ``None``
waits until the state changes. When the state changes before a bot acts, its thinking restarts
on the new observation, but its scheduled time stays, so a busy table cannot starve it.
"""

from __future__ import annotations

import math

from ..engine import IllegalAction


class Driver:
    def __init__(self, match, bots: dict, clock=None):
        self.match = match
        # the clock bots are scheduled on: the game's own (default) or the app's frame clock for
        # turn-based games, whose state has no time
        self.clock = clock or (lambda: match.game.now(match.state))
        self.bots = dict(bots)  # seat -> Bot
        self.ready: dict[int, int] = {}  # seat -> tick at which it may act
        self.thinking: dict[int, int] = {}  # seat -> match.version its thinking started on
        self.waiting: dict[int, int] = {}  # seat -> version at which it chose to wait
        self.pace_ticks = 0  # extra delay before each bot action (watchable pace in the app)

    # --- scheduling ---------------------------------------------------------------------------
    def _sync(self):
        """Schedule bot seats that may act; forget seats that no longer may."""
        game, state = self.match.game, self.match.state
        now = self.clock()
        acting = set(game.to_act(state)) if game.outcome(state) is None else set()
        for seat in list(self.ready):
            if seat not in acting or seat not in self.bots:
                self.ready.pop(seat, None)
                self.thinking.pop(seat, None)
        for seat in acting:
            if seat not in self.bots:
                continue
            if self.waiting.get(seat) == self.match.version:
                continue
            self.waiting.pop(seat, None)
            if seat not in self.ready:
                pace = 0 if game.in_real_time(state) else self.pace_ticks
                self.ready[seat] = now + self.bots[seat].reaction_ticks() + pace
            if self.thinking.get(seat) != self.match.version:
                legal = game.legal_actions(state, seat)
                if not legal:
                    self.ready.pop(seat, None)
                    self.thinking.pop(seat, None)
                    continue
                self.bots[seat].start(game.observe(state, seat), legal)
                self.thinking[seat] = self.match.version

    def next_tick(self) -> int | None:
        """The earliest tick at which a bot acts or the game's clock does something."""
        self._sync()
        game, state = self.match.game, self.match.state
        ticks = list(self.ready.values())
        if self.clock() != game.now(state):  # a separate clock: report it in game time
            shift = game.now(state) - self.clock()
            ticks = [t + shift for t in ticks]
        ev = game.next_event_tick(state)
        if ev is not None:
            ticks.append(ev)
        return min(ticks) if ticks else None

    def thinking_seats(self) -> list[int]:
        return [s for s in self.ready if not self.bots[s].done]

    # --- app use ------------------------------------------------------------------------------
    def poll(self, budget_s: float = 0.004):
        """Think for up to ``budget_s``; return ``(seat, action)`` for a bot ready to act now,
        else None. The caller applies the action (so it can animate it)."""
        self._sync()
        now = self.clock()
        order = sorted(self.ready, key=lambda s: (self.ready[s], s))
        for seat in order:
            bot = self.bots[seat]
            if not bot.done:
                bot.step(budget_s)
                if not bot.done:
                    return None  # keep thinking next frame; one search at a time
            if self.ready[seat] <= now:
                action = bot.best()
                self.ready.pop(seat, None)
                self.thinking.pop(seat, None)
                if action is None:
                    self.waiting[seat] = self.match.version
                    continue
                return seat, action
        return None

    # --- headless use -------------------------------------------------------------------------
    def step(self) -> bool:
        """Do one thing: a bot action or a jump of time. False when nothing can happen without a
        human (or the game is over)."""
        match = self.match
        if match.is_over():
            return False
        t = self.next_tick()
        if t is None:
            return False
        now = match.tick
        if t > now:
            match.advance(t - now)
            return True
        hit = self.poll(math.inf)
        if hit is None:
            # bots that were due chose to wait; let time run to the next thing that happens
            t2 = self.next_tick()
            if t2 is None or t2 <= now:
                ev = match.game.next_event_tick(match.state)
                if ev is None or ev <= now:
                    return False
                t2 = ev
            match.advance(t2 - now)
            return True
        seat, action = hit
        try:
            match.apply(seat, action)
        except IllegalAction as exc:
            raise RuntimeError(f"bot at seat {seat} chose an illegal action {action}: {exc}") from exc
        return True

    def run(self, max_steps: int = 1_000_000, on_step=None) -> int:
        """Play until the game ends or humans are needed; returns the number of steps."""
        n = 0
        while n < max_steps and self.step():
            n += 1
            if on_step is not None:
                on_step(self.match)
        return n
