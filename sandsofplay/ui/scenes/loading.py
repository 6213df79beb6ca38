"""Opening a save a slice a frame (issue 28: no frame over 16.7 ms, however long the game).

A save is opened by replaying its log and checking every recorded hash (``engine.match``,
``engine.replay``); a 2,300-action Burning Sands game takes a quarter of a second or more, so
the app does it here: a generator of steps (``Match.from_save_steps``, ``Replay.steps``: each
yields ``(done, total)`` after an action) is run for ``budget_s`` of the main thread's CPU time
each frame, under a progress bar, then ``done(result)`` opens the table. A step is never cut, so a
slice runs over its budget by one step at most; a step that yields None instead of its progress
ends the frame's slice there (what comes next is long: reading the file, the schema's check,
importing a game), so a long step starts a frame of its own. A ``SaveError`` (a damaged save, a hash that
differs) stops it and ``failed(exc)`` says why, as opening it at once would have: nothing has been
replaced by then, so nothing is lost. Escape goes back.

What the steps opened is handed to ``done`` in the frame after the last slice, so building the
table does not share a frame with replaying.

``run_loading`` is the way in: with ``app.load_budget_s`` None (headless tests and tools, which
act on the table at once) the steps run to the end before it returns, with the same outcome.
"""

from __future__ import annotations

import gc
import time

import pygame

from ...engine import SaveError
from .. import theme as T
from .. import memory
from ..memory import release_memory
from ..scene import Scene

LOAD_BUDGET_S = 0.008  # the CPU time a frame spends replaying a save being opened


class LoadingScene(Scene):
    name = "opening a saved game"

    def __init__(self, app, title: str, steps, done, failed, *, budget_s: float = LOAD_BUDGET_S,
                 clock=time.thread_time):
        super().__init__(app)
        self.title = title
        self.steps = steps
        self.done = done
        self.failed = failed
        self.budget_s = budget_s
        self.clock = clock
        self.progress = (0, 0)  # (done, total) as the steps last said
        self.slices: list[int] = []  # the steps run in each frame's slice (the tests read it)
        self.finished = False
        self._last_frame = None
        self.drawn = False  # the scene has been drawn once (the first frame shows it alone)
        self._result = None  # (what the steps returned) once they have ended

    def update(self):
        super().update()
        frame = self.app.frame_count
        if self.finished or frame == self._last_frame or not self.drawn:
            return  # one slice a frame, however many fixed steps it runs; none before it shows
        self._last_frame = frame
        self.run_slice()

    def run_slice(self) -> int:
        """Run steps until this slice has used its budget (at least one step); returns how
        many ran. At the end (or at an error) the scene leaves and ``done`` / ``failed`` is
        called."""
        if self.finished:
            return 0
        if self._result is not None:  # the steps ended in the last slice: open it now, in a
            self._finish()  # frame of its own (the table is built in this one)
            self.done(self._result[0])
            return 0
        clock = self.clock
        stop = clock() + self.budget_s
        n = 0
        try:
            while True:
                got = next(self.steps)
                n += 1
                if got is None:  # (the next step is a long one: it starts the next frame)
                    break
                self.progress = got
                if clock() >= stop:
                    break
        except StopIteration as end:
            self.slices.append(n)
            if n:
                self._result = (end.value,)  # done in the next frame
                return n
            self._finish()
            self.done(end.value)
            return n
        except SaveError as exc:
            self.slices.append(n)
            self._finish()
            release_memory()  # (what this replay made and froze goes back to the collector)
            self.failed(exc)
            return n
        self.slices.append(n)
        # what the replay made so far lives on (the match, the replay's snapshots): out of the
        # collector's way, or a full collection of it would take a frame of its own (20-30 ms
        # in a long game); the table's entry freezes it too, its exit gives it all back
        if memory.freeze_per_table:
            gc.freeze()
        return n

    def _finish(self):
        self.finished = True
        self.steps = None
        if self.app.top is self:
            self.app.pop()

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.finished:
            self.finished = True  # nothing was replaced: going back loses nothing
            self.steps = None
            release_memory()
            self.app.pop()

    def fraction(self) -> float:
        done, total = self.progress
        return min(1.0, done / total) if total else 0.0

    def draw(self, surf, alpha):
        self.drawn = True
        surf.fill(T.NIGHT)
        text = self.app.text
        text.blit(surf, self.title, (T.W // 2, T.H // 2 - 50), 24, T.SAND_LIGHT, bold=True,
                  anchor="center")
        bar = pygame.Rect(0, 0, 520, 22)
        bar.center = (T.W // 2, T.H // 2)
        pygame.draw.rect(surf, (60, 40, 22), bar, border_radius=6)
        fill = bar.copy()
        fill.w = int(bar.w * self.fraction())
        if fill.w:
            pygame.draw.rect(surf, T.GOLD, fill, border_radius=6)
        pygame.draw.rect(surf, T.SAND, bar, 2, border_radius=6)
        done, total = self.progress
        if total:
            text.blit(surf, f"{done} of {total} moves checked", (T.W // 2, T.H // 2 + 34), 16,
                      T.SAND_LIGHT, anchor="center")


def run_loading(app, title: str, steps, done, failed):
    """Run ``steps`` (a generator of ``(done, total)`` that returns its result) a slice a frame
    under a progress bar, then ``done(result)``; ``failed(exc)`` at a ``SaveError``. At once
    (before this returns) when ``app.load_budget_s`` is None. Returns the scene, or at once
    what ``done`` returned (None after a failure)."""
    budget = getattr(app, "load_budget_s", None)
    if budget is None:
        try:
            while True:
                next(steps)
        except StopIteration as end:
            return done(end.value)
        except SaveError as exc:
            failed(exc)
            return None
    scene = LoadingScene(app, title, steps, done, failed, budget_s=budget)
    app.push(scene)
    return scene


__all__ = ["LOAD_BUDGET_S", "LoadingScene", "run_loading"]
