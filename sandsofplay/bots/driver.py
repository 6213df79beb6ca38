"""Runs bot seats on a Match, turn-based or in real time.

The same driver serves headless runs (``run``/``step``/``next_move``: jump from event to event
instead of stepping idle ticks) and the app (``poll``: a few milliseconds of thinking per frame,
actions released when their reaction time has come).

Each bot seat that may act (and has a legal action) is scheduled at ``now + reaction`` (its
level's reaction time, zero for turn-based levels). The bookkeeping is brought up to date once
per change of the match (``_sync``). A bot that answers at once (``bot.instant``: random,
a game's plain policy) is asked its question (its observation and legal actions) only when it
is due; a bot that searches is asked as soon as it is scheduled (and again when the state
changes), and in the app thinks a slice per frame before it is due, so its answer is ready when
its reaction time has come. A bot whose answer is ``None`` waits until the state changes. When the state changes
before a bot acts, it is asked again on the new observation, but its scheduled time stays, so a
busy table cannot starve it.
"""

from __future__ import annotations

import math
import time

from ..engine import IllegalAction


class Driver:
    def __init__(self, match, bots: dict, clock=None):
        self.match = match
        # the clock bots are scheduled on: the game's own (default) or the app's frame clock for
        # turn-based games, whose state has no time
        self.clock = clock or (lambda: match.game.now(match.state))
        self.bots = dict(bots)  # seat -> Bot
        self.ready: dict[int, int] = {}  # seat -> tick at which it may act
        self.thinking: dict[int, int] = {}  # seat -> match.version its question was asked on
        self.waiting: dict[int, int] = {}  # seat -> version at which it chose to wait
        self.pace_ticks = 0  # extra delay before each bot action (watchable pace in the app)
        self._synced = None  # (version, bot seats) of the last _sync

    # --- scheduling ---------------------------------------------------------------------------
    def _sync(self):
        """Schedule bot seats that may act; forget seats that no longer may. Runs once per
        change of the match (or of the bot seats)."""
        key = (self.match.version, tuple(self.bots))
        if key == self._synced and self.ready.keys() <= self.bots.keys():
            return
        self._synced = key
        game, state = self.match.game, self.match.state
        version = self.match.version
        acting = game.to_act(state) if game.outcome(state) is None else ()
        for seat in list(self.ready):
            if seat not in acting or seat not in self.bots:
                self.ready.pop(seat, None)
                self.thinking.pop(seat, None)
        now = None
        for seat in acting:
            bot = self.bots.get(seat)
            if bot is None or self.waiting.get(seat) == version:
                continue
            self.waiting.pop(seat, None)
            legal = game.legal_actions(state, seat)
            if not legal:
                self.ready.pop(seat, None)
                self.thinking.pop(seat, None)
                continue
            if seat not in self.ready:
                if now is None:
                    now = self.clock()
                pace = 0 if game.in_real_time(state) else self.pace_ticks
                self.ready[seat] = now + bot.reaction_ticks(legal) + pace
            if not bot.instant:
                self._ask(seat)  # a searching bot starts thinking on what it sees now

    def _ask(self, seat) -> bool:
        """Ask a seat's bot its question on the current state (unless already asked on it);
        False when the seat has no legal action after all."""
        version = self.match.version
        if self.thinking.get(seat) == version:
            return True
        game, state = self.match.game, self.match.state
        legal = game.legal_actions(state, seat)
        if not legal:
            self.ready.pop(seat, None)
            self.thinking.pop(seat, None)
            return False
        bot = self.bots[seat]
        bot.start(game.observe(state, seat) if bot.needs_observation else None, legal)
        self.thinking[seat] = version
        return True

    def next_tick(self) -> int | None:
        """The earliest tick at which a bot acts or the game's clock does something."""
        self._sync()
        game, state = self.match.game, self.match.state
        ticks = list(self.ready.values())
        if ticks and self.clock() != game.now(state):  # a separate clock: report in game time
            shift = game.now(state) - self.clock()
            ticks = [t + shift for t in ticks]
        ev = game.next_event_tick(state)
        if ev is not None:
            ticks.append(ev)
        return min(ticks) if ticks else None

    def thinking_seats(self) -> list[int]:
        return [s for s in self.ready
                if s in self.bots and self.thinking.get(s) == self.match.version
                and not self.bots[s].done]

    # --- app use ------------------------------------------------------------------------------
    def poll(self, budget_s: float = 0.004):
        """Think for up to ``budget_s``; return ``(seat, action)`` for a bot ready to act now,
        else None. The caller applies the action (so it can animate it)."""
        self._sync()
        now = self.clock()
        ahead = budget_s != math.inf  # the app: searching bots think before they are due
        # the budget is the whole poll's: a search that ends early leaves the rest of it to the
        # next seat, never a fresh budget of its own (seats that all finish in one frame)
        deadline = time.perf_counter() + budget_s if ahead else math.inf
        for seat in sorted(self.ready, key=lambda s: (self.ready[s], s)):
            bot = self.bots[seat]
            due = self.ready[seat] <= now
            if not due and (bot.instant or not ahead):
                continue  # an instant bot is asked when due; headless, searches run when due
            asked = self.thinking.get(seat) == self.match.version
            if (not asked or not bot.done) and time.perf_counter() >= deadline:
                return None  # this frame's thinking time is spent: the rest next frame
            if not self._ask(seat):
                continue
            if not bot.done:
                bot.step(deadline - time.perf_counter() if ahead else budget_s)
                if not bot.done:
                    return None  # keep thinking next frame; one search at a time
            if due:
                action = bot.best()
                self.ready.pop(seat, None)
                self.thinking.pop(seat, None)
                if action is None:
                    self.waiting[seat] = self.match.version
                    continue
                return seat, action
        return None

    # --- headless use -------------------------------------------------------------------------
    def next_move(self):
        """The next thing to do headless: ``("act", seat, action)``, ``("wait", ticks)`` (time
        runs on to the next thing that happens), or None when nothing can happen without a human
        (or the game is over). Moves are played by the caller (``step`` or a playout loop)."""
        match = self.match
        if match.is_over():
            return None
        t = self.next_tick()
        if t is None:
            return None
        now = match.tick
        if t > now:
            return "wait", t - now
        hit = self.poll(math.inf)
        if hit is not None:
            return "act", hit[0], hit[1]
        # bots that were due chose to wait; let time run to the next thing that happens
        t2 = self.next_tick()
        if t2 is None or t2 <= now:
            ev = match.game.next_event_tick(match.state)
            if ev is None or ev <= now:
                return None
            t2 = ev
        return "wait", t2 - now

    def step(self) -> bool:
        """Do one thing: a bot action or a jump of time. False when nothing can happen without a
        human (or the game is over)."""
        move = self.next_move()
        if move is None:
            return False
        if move[0] == "wait":
            self.match.advance(move[1])
            return True
        _, seat, action = move
        try:
            self.match.apply(seat, action)
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
