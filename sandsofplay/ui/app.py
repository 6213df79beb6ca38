"""The application: one window, one loop, a stack of scenes.

The loop runs the fixed update at 60 Hz with an accumulator (a long frame is clamped to 0.25 s and
at most 5 catch-up steps), draws once per frame with the interpolation fraction, and uses
``Clock.tick`` only as a CPU limiter. The window shows a logical 1280x720 surface, so input arrives
in logical coordinates. At that size the window's own surface is drawn on and presented as it is
(SDL's plain framebuffer, ``SDL_FRAMEBUFFER_ACCELERATION=0``: a copy of the pixels, the cheapest
present there is; a renderer's texture upload and draw cost more than the whole title frame under
Xvfb). A window resized by its player, or full screen, is scaled by SDL (``pygame.SCALED``): the
app switches between the two as the window's size changes.

A scene that raises never takes the app down: the error and its traceback go to the log file in
the user folder, and the player sees a readable error scene that leads back to the title.
"""

from __future__ import annotations

import logging
import os
import time
import traceback
import warnings

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_TOUCH_MOUSE_EVENTS", "0")  # we turn touches into clicks ourselves
# a SCALED window shows the logical canvas at any scale, below 1 too: pygame scales by whole
# numbers only (a window smaller than the canvas is cropped) unless this hint, which it reads
# under its macro's name, is true; the canvas is smoothed when scaled
os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from ..engine.time import FixedStep  # noqa: E402
from . import paths, settings as settings_mod  # noqa: E402
from . import theme as T  # noqa: E402
from .sound import Sound  # noqa: E402
from .icon import set_window_icon  # noqa: E402

log = logging.getLogger("sandsofplay")

ENTRY_BUDGET_S = 0.003  # CPU time a frame of the app's loop spends setting out a new table
LOAD_BUDGET_S = 0.008  # CPU time a frame of the app's loop spends replaying a save it opens
# a frame's CPU goal (issue 28: p99 6 ms): bots think in what the frame leaves of it, at least
# THINK_LEAST_S (so they always get on) and at most THINK_MOST_S. A search stops at the first
# step past its time (0.5-0.8 ms over at the 99th percentile, measured in the bench's scenes),
# hence a goal a millisecond under the 6 ms
FRAME_CPU_GOAL_S = 0.005
THINK_LEAST_S, THINK_MOST_S = 0.001, 0.004
# a frame's drawing is expected to take as long as the longest of the last DRAWS_KEPT frames'
# (drawing varies from frame to frame: the last one alone let a frame run over the goal)
DRAWS_KEPT = 8


# room a window manager keeps around a window and for its own panels: a title bar (about 30 px)
# and a task bar or dock (about 50 px); SDL's usable bounds are not exposed by pygame
DECORATION_H = 80


def usable_area() -> tuple[int, int]:
    """The desktop a window may take, less room for a title bar and a task bar; the logical
    size when the desktop is not known (headless)."""
    try:
        w, h = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return T.W, T.H
    return w, max(1, h - DECORATION_H)


def fitted_size(area: tuple[int, int]) -> tuple[int, int]:
    """The largest window of the logical shape (16:9) inside ``area``, never larger than the
    logical size nor below half of it."""
    aw, ah = area
    scale = max(0.5, min(1.0, aw / T.W, ah / T.H))
    return round(T.W * scale), round(T.H * scale)


class App:
    def __init__(self, *, settings=None, fullscreen: bool | None = None, fps: int = 60):
        t0 = time.perf_counter()
        pygame.init()
        pygame.display.set_caption("Sands of Play")
        set_window_icon()  # before the window opens, so the desktop shows it
        if settings is None:
            settings, problem = settings_mod.load()
        else:
            problem = ""
        self.settings = settings
        self.settings_problem = problem
        if fullscreen is not None:
            self.settings.fullscreen = fullscreen
        # a window of the logical size shows the surface as it is; SDL scales it to any other
        # window size or to full screen; with the dummy driver (headless runs) there is no screen
        # to scale to, so the plain surface is used as it is
        headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
        self.window = None
        self.display_flags = 0
        if headless:
            self.screen = pygame.display.set_mode((T.W, T.H), 0)
        else:
            # present a window-sized surface by copying its pixels (no renderer behind it)
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
            self._set_display(scaled=not self._desktop_fits())
            if self.settings.fullscreen:
                self._full_screen(True)
            else:
                self._first_window()
        self.manager = pygame_gui.UIManager((T.W, T.H), T.gui_theme(),
                                            enable_live_theme_updates=False)
        self.fonts = T.Fonts()
        self.text = T.TextCache(self.fonts)
        self.images = T.ImageCache()
        self.sound = Sound(self.settings.volume)
        self.clock = pygame.time.Clock()
        self.fps = fps
        self.fixed = FixedStep()
        self.stack: list = []
        self._ops: list = []
        self._later: list = []  # scenes in the stack not entered yet (``reset``)
        self.running = True
        self.show_focus = True
        self.frame_count = 0
        self._frame_started = 0.0  # main-thread CPU clock at the start of this frame
        self._draw_s = 0.0  # what the drawing of a frame may take (CPU): the most of the last few
        self._draws = [0.0] * DRAWS_KEPT  # what the last frames' drawing took, a ring
        self.home_factory = None  # callable(app) -> the title scene
        # a table is set out this much CPU time a frame (ui/table_entry); None: all at once in
        # its ``enter``, for headless drivers (tools, tests) that act on it at once; the app's
        # own loop (``run``) sets ENTRY_BUDGET_S
        self.entry_budget_s: float | None = None
        # a save being opened is replayed (every hash checked) this much CPU time a frame under
        # a progress bar (ui/scenes/loading); None: at once, for the same headless drivers
        self.load_budget_s: float | None = None
        self.startup_s = time.perf_counter() - t0
        self.last_error: str = ""
        self._fail_depth = 0  # failures since the last good frame
        self.press_pos = (0, 0)

    # --- display ------------------------------------------------------------------------------
    def set_fullscreen(self, on: bool):
        self.settings.fullscreen = on
        if self.window is not None:
            self._full_screen(on)

    def _set_display(self, scaled: bool):
        """The window's mode: the plain logical-size surface, or SDL scaling it (``SCALED``)."""
        flags = pygame.RESIZABLE | (pygame.SCALED if scaled else 0)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "no fast renderer" on machines without a GPU
            self.screen = pygame.display.set_mode((T.W, T.H), flags)
        self.display_flags = flags
        self.window = _window()
        if self.window is not None:
            # a window may be made smaller than the logical screen: SDL scales it down
            self.window.minimum_size = (T.W // 2, T.H // 2)

    @staticmethod
    def _desktop_fits() -> bool:
        """Whether a window of the logical size, with its title bar, fits the desktop's usable
        area (``usable_area``)."""
        w, h = usable_area()
        return w >= T.W and h >= T.H

    def _first_window(self):
        """On a desktop smaller than the logical screen, the first window is the largest one of
        the logical shape that fits the usable area, centred (SDL scales the canvas down and
        maps the pointer back); on a larger one it is the logical size."""
        if self._desktop_fits() or self.window is None:
            return
        try:
            self.window.size = fitted_size(usable_area())
            self.window.position = pygame.WINDOWPOS_CENTERED
        except (pygame.error, AttributeError) as exc:
            log.warning("the window could not fit the desktop: %s", exc)

    def _fit_display(self):
        """After the window's size changed: scale when it is not the logical size (or is full
        screen), present the plain surface when it is."""
        win = self.window
        if win is None:
            return
        try:
            size = tuple(win.size)
            scaled = bool(self.display_flags & pygame.SCALED)
            if not scaled and size != (T.W, T.H):
                self._set_display(scaled=True)
                self.window.size = size  # (set_mode put it back to the logical size)
            elif scaled and size == (T.W, T.H) and not self.settings.fullscreen \
                    and self._desktop_fits():
                self._set_display(scaled=False)
        except (pygame.error, AttributeError) as exc:
            log.warning("the window could not change its mode: %s", exc)

    def _full_screen(self, on: bool):
        """Full screen as a borderless window over the whole desktop, letterboxed by SDL. (The
        FULLSCREEN flag without a window manager left a 720 px window where SDL drew for the
        800 px screen, so clicks missed.)"""
        try:
            if on:
                if not self.display_flags & pygame.SCALED:
                    self._set_display(scaled=True)
                win = self.window
                desktop = pygame.display.get_desktop_sizes()[0]
                win.borderless = True
                win.size = desktop
                pygame.event.pump()  # let a window manager take the change, then place it:
                win.position = (0, 0)  # (set before, it is shifted by the old decorations)
            else:
                win = self.window
                win.borderless = False
                win.size = (T.W, T.H) if self._desktop_fits() else fitted_size(usable_area())
                win.position = pygame.WINDOWPOS_CENTERED
                if self._desktop_fits():
                    self._set_display(scaled=False)
        except (pygame.error, IndexError, AttributeError) as exc:
            log.warning("full screen not available: %s", exc)

    # --- scene stack (operations are queued and applied between phases of a frame) -----------
    @property
    def top(self):
        return self.stack[-1] if self.stack else None

    def push(self, scene):
        self._ops.append(("push", scene))

    def pop(self):
        self._ops.append(("pop", None))

    def replace(self, scene):
        self._ops.append(("replace", scene))

    def reset(self, *scenes):
        """Clear the stack and push ``scenes`` (the first is the bottom)."""
        self._ops.append(("reset", scenes))

    def go_home(self, *overlays):
        self.reset(self.home_factory(self), *overlays)

    def apply_ops(self):
        while self._ops:
            op, arg = self._ops.pop(0)
            try:
                if op == "push":
                    if self.top:
                        self.top.pause()
                    self.stack.append(arg)
                    arg.enter()
                elif op == "pop":
                    if self.stack:
                        self.stack.pop().exit()
                    if self.top:
                        if not self._enter_now(self.top):
                            self.top.resume()
                    elif self.home_factory:
                        self._ops.append(("push", self.home_factory(self)))
                elif op == "replace":
                    if self.stack:
                        self.stack.pop().exit()
                    self.stack.append(arg)
                    arg.enter()
                elif op == "reset":
                    while self.stack:
                        self._safe_exit(self.stack.pop())
                    self._later.clear()
                    for i, scene in enumerate(arg):
                        self.stack.append(scene)
                        if i < len(arg) - 1:
                            # a scene under the new top is entered when it is first uncovered
                            # or drawn (the title under a table costs the table's first frame
                            # nothing)
                            self._later.append(scene)
                        else:
                            scene.enter()
            except Exception as exc:  # noqa: BLE001 - never die to the desktop
                self.fail(exc, f"while changing scenes ({op})")

    def _enter_now(self, scene) -> bool:
        """Enter a scene that ``reset`` put under the top without entering it (when it is
        uncovered or drawn); True if it was entered now. One drawn under another is paused
        again at once, as a covered scene is."""
        if not any(s is scene for s in self._later):
            return False
        self._later = [s for s in self._later if s is not scene]
        scene.enter()
        if scene is not self.top:
            scene.pause()
        return True

    def _safe_exit(self, scene):
        try:
            scene.exit()
        except Exception:  # noqa: BLE001
            log.exception("scene exit failed")

    # --- errors -------------------------------------------------------------------------------
    def fail(self, exc: BaseException, where: str = ""):
        """Log an exception and show it as a readable error scene over the title."""
        from .scenes.error import ErrorScene
        tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        log_path = paths.error_log_path()
        logged = paths.append_error_log(
            f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} {where}\n{tb}\n", log_path)
        self.last_error = f"{type(exc).__name__}: {exc}"
        log.error("scene failed %s: %s", where, self.last_error)
        scene_name = getattr(self.top, "name", "a scene")
        message = (f"Something went wrong in {scene_name} {where}.\n\n{self.last_error}\n\n"
                   + (f"The details were written to {log_path}." if logged else
                      f"The details could not be written to {log_path}.") +
                   " Your last autosave is kept.")
        self._ops = []
        while self.stack:
            self._safe_exit(self.stack.pop())
        self._fail_depth += 1
        if self._fail_depth > 2:
            # even the title or the error scene fails: show the message with nothing but text
            self.stack = [FallbackScene(self, message)]
            return
        home = None
        try:
            home = self.home_factory(self) if self.home_factory else None
        except Exception:  # noqa: BLE001
            home = None
        self._ops.append(("reset", tuple(s for s in (home, ErrorScene(self, message)) if s)))

    def guard(self, fn, *args, where=""):
        try:
            return fn(*args)
        except Exception as exc:  # noqa: BLE001
            self.fail(exc, where)
            return None

    # --- input --------------------------------------------------------------------------------
    def translate(self, event):
        """Touches become mouse events in logical coordinates. (A subclass may return None to
        swallow an event.)"""
        if event.type in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            pos = (int(event.x * T.W), int(event.y * T.H))
            kind = {pygame.FINGERDOWN: pygame.MOUSEBUTTONDOWN, pygame.FINGERUP: pygame.MOUSEBUTTONUP,
                    pygame.FINGERMOTION: pygame.MOUSEMOTION}[event.type]
            if kind == pygame.MOUSEMOTION:
                return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=True)
            return pygame.event.Event(kind, pos=pos, button=1, touch=True)
        return event

    # --- the loop -----------------------------------------------------------------------------
    def frame_left(self, least: float = 0.0, most: float = float("inf")) -> float:
        """The CPU time this frame may still spend (between ``least`` and ``most``): what
        ``FRAME_CPU_GOAL_S`` leaves after what the frame has used so far and what its drawing
        will take (as the longest of the last ``DRAWS_KEPT`` frames' did)."""
        left = FRAME_CPU_GOAL_S - (time.thread_time() - self._frame_started) - self._draw_s
        return min(most, max(least, left))

    def think_budget(self) -> float:
        """The CPU time a bot may think for in this frame (``frame_left``, at least
        ``THINK_LEAST_S`` so that bots always get on, at most ``THINK_MOST_S``)."""
        return self.frame_left(THINK_LEAST_S, THINK_MOST_S)

    def frame(self, dt: float):
        """One frame: input, fixed updates, draw."""
        self._frame_started = time.thread_time()
        self.apply_ops()
        resized = False
        for event in pygame.event.get():
            if event.type == pygame.WINDOWSIZECHANGED:
                resized = True
            event = self.translate(event)
            if event is None:  # swallowed (the kiosk's lock-down)
                continue
            if event.type == pygame.QUIT:
                self.running = False
                continue
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                self.press_pos = event.pos  # where the last click was (cyclers read it)
            if event.type == pygame.MOUSEMOTION or event.type == pygame.MOUSEBUTTONDOWN:
                self.show_focus = event.type != pygame.MOUSEBUTTONDOWN or self.show_focus
            if event.type == pygame.KEYDOWN:
                self.show_focus = True
                if event.key == pygame.K_F11:
                    self.set_fullscreen(not self.settings.fullscreen)
                    continue
            top = self.top
            self.guard(self.manager.process_events, event, where="in a menu")
            if top is not None and top is self.top and not self._ops:
                self.guard(top.handle, event, where="handling input")
            self.apply_ops()
        if resized:
            self._fit_display()
        steps = self.fixed.feed(dt)
        for _ in range(steps):
            top = self.top
            if top is not None:
                self.guard(top.update, where="updating")
            self.apply_ops()
        self.guard(self.manager.update, dt, where="in a menu")
        drawing = time.thread_time()
        self.draw()
        draws = self._draws
        draws[self.frame_count % DRAWS_KEPT] = time.thread_time() - drawing
        self._draw_s = max(draws)
        # sounds are synthesized a slice a frame until all are ready: not in the first frame,
        # nor in those of a table being set out (its entry makes them itself, in its budget)
        if self.frame_count and getattr(self.top, "entering", None) is None:
            self.sound.pump()
        self.frame_count += 1
        if not self._ops:
            self._fail_depth = 0

    def draw(self):
        surf = self.screen
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].transparent:
            first -= 1
        if first < 0 or not self.stack:
            surf.fill(T.NIGHT)
        for scene in self.stack[max(0, first):]:
            try:
                self._enter_now(scene)
                scene.draw(surf, self.fixed.alpha)
            except Exception as exc:  # noqa: BLE001
                self.fail(exc, "while drawing")
                surf.fill(T.NIGHT)
                break
        try:
            self.manager.draw_ui(surf)
        except Exception as exc:  # noqa: BLE001
            self.fail(exc, "drawing a menu")
        if self.top is not None:
            self.guard(self.top.draw_overlay, surf, where="while drawing")
        self.guard(self.draw_topmost, surf, where="while drawing")
        pygame.display.flip()

    def draw_topmost(self, surf):
        """Drawn over everything, last in a frame (the kiosk's banner and dimming)."""

    def run(self):
        if self.entry_budget_s is None:
            self.entry_budget_s = ENTRY_BUDGET_S  # no frame waits for a whole table's art
        if self.load_budget_s is None:
            self.load_budget_s = LOAD_BUDGET_S  # nor for a whole save's replay
        self.apply_ops()
        last = time.perf_counter()
        while self.running:
            now = time.perf_counter()
            dt, last = now - last, now
            self.frame(dt)
            self.clock.tick(self.fps)
        self.quit()

    def quit(self):
        while self.stack:
            self._safe_exit(self.stack.pop())
        pygame.quit()


class FallbackScene:
    """Last resort when the error scene itself cannot be built: plain text, Escape quits."""

    transparent = False
    name = "the fallback screen"

    def __init__(self, app, message):
        self.app = app
        self.message = message

    def enter(self):
        pass

    exit = pause = resume = update = enter

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.running = False

    def draw(self, surf, alpha):
        surf.fill(T.NIGHT)
        font = pygame.font.Font(None, 28)
        y = 80
        for line in (self.message + "\n\nPress Escape to quit.").split("\n"):
            surf.blit(font.render(line[:110], True, T.PARCHMENT), (60, y))
            y += 34

    def draw_overlay(self, surf):
        pass


def clean_data_folder() -> int:
    """Remove temporary files that killed writes left in the data folder (and its saves)."""
    from ..engine.savefile import clean_stale_temp_files
    removed = 0
    try:
        for folder in (paths.user_dir(), paths.saves_dir()):
            removed += clean_stale_temp_files(folder)
    except OSError:
        pass
    return removed


def _window():
    """The display module's window as a ``pygame.Window`` (None on an older pygame)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # from_display_module is marked for later removal
            return pygame.Window.from_display_module()
    except (AttributeError, pygame.error):
        return None


def make_app(**kw) -> App:
    from .scenes.title import TitleScene
    from ..engine.savefile import set_game_resolver
    from ..games import meta
    # every reader of a save checks its seats and bot levels, from what is known of the game
    # without its rules (``games.meta``): checking the autosave a table is about to replace, or
    # the title's Continue line, never imports another game's rules inside a frame
    set_game_resolver(meta)
    clean_data_folder()
    app = App(**kw)
    app.home_factory = TitleScene
    return app


__all__ = ["App", "make_app"]
