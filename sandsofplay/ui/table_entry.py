"""A table's way in and out, a few milliseconds a frame (issue 10: no frame over 16 ms).

Entering: the table shows a plain cloth while what its first frame needs is made a slice a
frame - the glyphs of its fonts, its card faces and fixed layers (``warm_steps``, the same
generator the kiosk runs behind its title card through ``prewarm``), the sounds, its buttons
(``enter_steps``) - then it plays. ``app.entry_budget_s`` is the slice (None: all at once in
``enter``, as headless tests and tools that never run frames want it). Bots do not act and the
clock of a real-time game does not run while the table is being set out.

Leaving: when the game is over, the results' picture (background, rows, text) is made a piece a
frame while the finished table waits, so the results' first frame only shows it.
"""

from __future__ import annotations

import time

import pygame

from . import theme as T

# fonts every table writes with (the log, toasts, bubbles, tooltips, hint, prompt buttons, the
# curtain of hot-seat games)
COMMON_FONTS = ((14, True), (15, False), (16, False), (18, True), (20, False), (22, True),
                (44, True))
RESULTS_BUDGET_S = 0.003  # a finished table's frame makes this much of the results' picture


class TableEntry:
    """Mixed into ``TableScene``: the staged entry and the results made ahead."""

    entering = None  # the entry's generator while the table is being set out
    _warming = None
    _longest_step = 0.0  # what the next entry step may take (CPU seconds)
    fonts = ()  # (size, bold) of the fonts the table's own drawing uses

    # --- for subclasses -----------------------------------------------------------------------
    def warm_steps(self):
        """What the table's first frames draw (fonts, card faces, fixed layers), a piece per
        step (a generator). Drawing only; the state is not changed."""
        yield from self.app.fonts.warm_steps(COMMON_FONTS + tuple(self.fonts))

    def enter_steps(self):
        """The rest of the entry once the art is made (buttons, the prompt), a piece a step."""
        return iter(())

    # --- the shared warming -------------------------------------------------------------------
    def prewarm(self):
        """The table's ``warm_steps`` as one iterator shared by every caller: the kiosk runs it
        behind its title card, the entry finishes what is left of it (nothing is made twice)."""
        if self._warming is None:
            self._warming = iter(self.warm_steps())
        return self._warming

    # --- entering -----------------------------------------------------------------------------
    def entry_steps(self):
        yield from self.prewarm()
        sound = self.app.sound
        while not sound.pump(0.0015):  # every sound ready before play: none made mid-game
            yield
        from .scenes import overlays  # loaded now, not when the game ends
        yield
        if getattr(self, "needs_curtain", False) and len(getattr(self, "humans", ())) > 1:
            yield from overlays.curtain_background_steps(self.app)  # the hot-seat curtain's
        yield from self.enter_steps()
        # the table is set out in a frame after the last step's (a last step that draws the
        # whole table ahead, as Burning Sands' does, and the table's first real frame would
        # otherwise be drawn in one frame: two full draws)
        yield

    def enter(self):
        super().enter()
        # what lives now (the match, the bots, the table) is frozen out of later collections;
        # a staged entry collects only the young generations first (a full collection is
        # ~10 ms), the kiosk's title card has collected everything already
        from .memory import settle_memory
        settle_memory(full=getattr(self.app, "entry_budget_s", None) is None)
        self.entering = self.entry_steps()
        if getattr(self.app, "entry_budget_s", None) is None:
            for _ in self.entering:
                pass
            self._set_out()

    def own(self, element):
        """(Scene.own) A control made while the table is set out shows with the table."""
        if self.entering is not None:
            element.hide()
        return super().own(element)

    def _set_out(self):
        self.entering = None
        for e in self.elements:
            e.show()

    def draw_ahead(self):
        """Draw the table's whole frame off screen once (what it writes and its layers are
        made now, not in its first frame on screen)."""
        entering, self.entering = self.entering, None
        try:
            self.draw(blank_frame(), 0.0)
        finally:
            self.entering = entering

    def run_entry(self) -> bool:
        """One frame's slice of the entry; True if the table was being set out this frame (the
        frame that finishes it does not play yet either)."""
        if self.entering is None:
            return False
        stop = time.thread_time() + self.app.entry_budget_s
        while True:  # at least a step a frame, whatever the budget
            t = time.thread_time()
            if next(self.entering, StopIteration) is StopIteration:
                self._set_out()
                break
            now = time.thread_time()
            # another step only if one as long as the longest recent one would still fit (steps
            # differ tenfold; the estimate fades by a fifth a step, as the kiosk card's)
            self._longest_step = max(self._longest_step * 0.8, now - t)
            if now + self._longest_step >= stop:
                break
        return True

    def draw_entering(self, surf):
        """The plain cloth shown while the table is set out."""
        surf.fill(T.NIGHT)
        self.app.text.blit(surf, f"Setting out {self.game.title}...", (T.W // 2, T.H // 2), 22,
                           T.SAND_LIGHT, bold=True, anchor="center")

    # --- the results, made ahead --------------------------------------------------------------
    results_picture = None  # the results' whole picture, made while the finished table waits
    _results_steps = None

    def prepare_results(self, budget_s: float = RESULTS_BUDGET_S) -> bool:
        """Make a slice of the results' picture (a finished table calls this each frame while
        it waits); True once it is ready."""
        if self.results_picture is not None:
            return True
        if self._results_steps is None:
            from .scenes.overlays import results_picture_steps
            self._results_steps = results_picture_steps(self.app, self)
        stop = time.thread_time() + budget_s
        while True:  # at least a step a frame
            try:
                next(self._results_steps)
            except StopIteration as done:
                self.results_picture = done.value
                self._results_steps = None
                return True
            if time.thread_time() >= stop:
                return False


_blank = None


def blank_frame() -> pygame.Surface:
    """An off-screen surface of the screen's size for drawing a table's first frame ahead (what
    is drawn there is thrown away). One is kept and reused: a new one every time is 3.6 MB of
    fresh memory, a couple of milliseconds of page faults once the heap has been trimmed."""
    global _blank
    if _blank is None or _blank.get_size() != (T.W, T.H):
        _blank = pygame.Surface((T.W, T.H))
    return _blank
