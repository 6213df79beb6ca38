"""The kiosk: the app, locked down, running an attract loop that a visitor can take over.

``KioskApp`` is the ordinary :class:`~sandsofplay.ui.app.App` with four differences:

* input passes a gate first (``translate``): quit requests, window close, Escape and F11 are
  swallowed; the staff chord (Ctrl+Shift+K) opens the PIN pad; while the demo plays, any touch,
  click or key opens the takeover choice instead of reaching the table;
* scenes pass a gate too (``push``/``replace``/``reset``): the pause menu becomes the kiosk's
  visitor menu, the results become the kiosk's results, and settings, loading, the title and
  seat setup are never shown to visitors (settings only after the staff PIN);
* an error inside any scene is written to a crash report (with the game's setup and log) and
  the loop starts again after a short card; the app never stops on its own;
* a kiosk clock runs the idle countdown, the quiet hours (dimmed, silent) and the attract
  game's time limit.

Attract games and visitors' games are never autosaved; a finished one is kept in the history of
games played (``ui.history``, as ``kiosk-<game>-<time>.json``), only the newest
``HISTORY_GAMES`` of them, so no files pile up."""

from __future__ import annotations

import gc
import logging
import time

import pygame

from ..bots.levels import make_bot
from ..engine import Match
from ..games import get_game, meta
from ..ui import theme as T
from ..ui.app import App
from ..ui.results import headline
from ..ui.scenes.settings import SettingsScene
from ..ui.settings import Settings
from ..ui import memory as ui_memory
from ..ui.table import table_class
from . import demo, healing, lockdown
from .pinlock import PinLock
from .playlist import Playlist, make_setup, playable
from .scenes import (ChooseGameScene, KioskResults, NoGamesCard, PinScene, RecoverCard,
                     StaffMenu, StaffSettingsScene, StillThereScene, TakeoverScene, TitleCard,
                     VisitorMenu, card_picture, warm_fonts, warm_menus)
from .card import StartCard
from .staff_config import KioskConfigScene

log = logging.getLogger("sandsofplay.kiosk")
HISTORY_PREFIX = "kiosk-"  # the kiosk's kept games (ui.history.keep / prune)
HISTORY_GAMES = 50  # how many of them the history keeps

CHORD_KEY = pygame.K_k
STAFF_SCENES = (PinScene, StaffMenu, KioskConfigScene)
CHOICE_SCENES = (TakeoverScene, ChooseGameScene)
TOUCHES = (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.FINGERDOWN)
SWALLOW_TYPES = {pygame.QUIT, getattr(pygame, "WINDOWCLOSE", -1)}
MODIFIERS = {pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LALT,
             pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI, pygame.K_MODE, pygame.K_CAPSLOCK,
             pygame.K_NUMLOCK}


def chord(event) -> bool:
    """The staff chord: Ctrl+Shift+K."""
    mods = getattr(event, "mod", 0)
    return event.key == CHORD_KEY and bool(mods & pygame.KMOD_CTRL) and \
        bool(mods & pygame.KMOD_SHIFT)


class KioskApp(App):
    def __init__(self, cfg, problems=(), *, seed: int | None = None, fullscreen=True,
                 wall_clock=time.localtime):
        settings = Settings()
        settings.fullscreen = fullscreen
        settings.bot_speed = cfg.pace
        settings.volume = cfg.volume if cfg.sound else 0
        self.front = lockdown.FrontKeeper()
        if fullscreen:  # before the display exists (lockdown.py)
            lockdown.set_hints()
            lockdown.XTRAP.install()
        super().__init__(settings=settings, fullscreen=fullscreen)
        if fullscreen and self.window is not None:
            lockdown.XTRAP.install()  # again: SDL's own handler stood in front of it
        self.cfg = cfg
        self.config_problems = list(problems)
        self.playlist = Playlist(cfg, seed if seed is not None else int(time.time()))
        self.home_factory = self._home
        self.mode = "attract"  # or "visitor"
        self.clock_s = 0.0  # kiosk time, advanced by each frame's dt
        self.last_input = 0.0
        self.game_started = 0.0
        self.table = None  # the table on screen (attract or visitor)
        self.visitor_level = cfg.bot_level
        self.stats = {"games": 0, "takeovers": 0, "new_games": 0, "resets": 0, "errors": 0,
                      "blocked": 0, "timeouts": 0}
        self.staff = False  # staff may see settings (after the PIN)
        self.pin_lock = PinLock()  # wrong PINs and the pad's lock (kept for the run)
        self.quiet = False
        self.wall_clock = wall_clock
        self._swallow_up = False
        self._last_quiet_check = -10.0
        self._veil = None
        self.fast = False  # accelerated runs (the soak): bots act at once, no pace
        self._cards: dict = {}  # game id -> its title card's fixed picture (made at start)
        # the kiosk's own text: its menus' few lines, rendered at start and kept (the tables'
        # text cannot push them out of the app's cache between two visitors)
        self.ktext = T.TextCache(self.fonts, capacity=600, max_bytes=24 << 20)
        self._shade = None
        for p in self.config_problems:
            log.warning("kiosk configuration: %s", p)

    # --- the loop ---------------------------------------------------------------------------
    def _home(self, app=None):
        setup = self.playlist.next()
        if setup is None:
            return NoGamesCard(self)
        return TitleCard(self, setup)

    def start(self):
        """Show the first title card. Start-up also makes every game's title card picture, has
        every font write each common letter once, draws the menus and the first card off screen,
        so the first frames shown draw nothing new."""
        self.mode = "attract"
        for game_id in playable(self.cfg):
            try:
                self.card_picture(game_id)
            except Exception:  # noqa: BLE001 - the card is made again when it is shown
                log.exception("kiosk: the title card of %s could not be made", game_id)
        self.reset(self._home())
        self.apply_ops()
        try:
            warm_fonts(self)
            warm_menus(self)
        except Exception:  # noqa: BLE001 - a menu that cannot be drawn shows it when opened
            log.exception("kiosk: the menus could not be drawn ahead")
        try:
            scratch = pygame.Surface((T.W, T.H))
            for scene in self.stack:
                scene.draw(scratch, 0.0)
            self.draw_topmost(scratch)
        except Exception:  # noqa: BLE001 - the first frame will show what is wrong
            log.exception("kiosk: the first title card could not be drawn")
        # start-up's garbage is collected now and what lives on (modules, fonts, game data:
        # nine objects in ten) is set aside for good, so every later collection - the title
        # card's between two tables, the collector's own during play - sees only what came
        # after; tables do not freeze and unfreeze around themselves in the kiosk (ui.table)
        gc.collect()
        gc.freeze()
        ui_memory.freeze_per_table = False

    def quit(self):
        super().quit()
        ui_memory.freeze_per_table = True
        gc.unfreeze()  # nothing stays set aside after the kiosk (tests run many in one process)

    def kiosk_shade(self):
        """The dark veil behind the kiosk's menus (made once)."""
        if self._shade is None:
            self._shade = pygame.Surface((T.W, T.H), pygame.SRCALPHA)
            self._shade.fill((10, 8, 6, 228))
        return self._shade

    def card_picture(self, game_id: str):
        """A title card's fixed picture (desert, name, blurb), kept for the kiosk's life: a
        handful of games, each made once, so no title card's first frame draws a desert."""
        pic = self._cards.get(game_id)
        if pic is None:
            pic = self._cards[game_id] = card_picture(self, game_id)
        return pic

    def frame(self, dt: float):
        self.clock_s += dt
        if self.staff_on_top():
            self.last_input += dt  # the staff's time (PIN pad, menu, settings) is not idle time
        super().frame(dt)
        self.guard(self.tick_kiosk, where="in the kiosk loop")

    # --- the window: full screen, on top, in front (lockdown.py) ----------------------------
    def _full_screen(self, on: bool):
        super()._full_screen(on)  # a borderless window over the desktop (works without a WM)
        if self.window is not None:
            if on:
                lockdown.lock_window(self.window)
            else:
                lockdown.unlock_window(self.window)

    def keep_front(self):
        """A window destroyed from outside: the kiosk starts again; one minimised, hidden or
        without the focus is brought back."""
        if self.window is None or not self.settings.fullscreen:
            return
        if lockdown.XTRAP.installed and lockdown.XTRAP.take(lockdown.window_id(self.window)):
            self.reopen_window()
        self.front.tick(self.clock_s, self.window)

    def reopen_window(self):
        """The window was destroyed under SDL: the kiosk starts again in a new process."""
        log.warning("kiosk: the window was destroyed from outside")
        lockdown.restart()

    def tick_kiosk(self):
        self.keep_front()
        if not self.stack and not self._ops:
            self.go_home()
            return
        if self.clock_s - self._last_quiet_check >= 1.0:
            self._last_quiet_check = self.clock_s
            self.check_quiet()
        top = self.top
        if self.mode == "visitor":
            if isinstance(top, StillThereScene) or self.staff_on_top() or self._ops:
                return
            if self.clock_s - self.last_input >= self.cfg.idle_seconds:
                log.info("kiosk: visitor idle; asking 'Still there?'")
                self.push(StillThereScene(self, self.cfg.countdown_seconds))
        elif self.table is not None and top is self.table:
            limit = self.cfg.max_game_minutes * 60
            if self.clock_s - self.game_started > limit:
                self.stats["timeouts"] += 1
                log.info("kiosk: attract game cut short after %.0f min (%s)", limit / 60,
                         self.game_length(self.table))
                self.reset_to_attract()

    def check_quiet(self):
        t = self.wall_clock()
        quiet = self.cfg.is_quiet(t.tm_hour * 60 + t.tm_min)
        if quiet != self.quiet:
            log.info("kiosk: quiet hours %s", "begin" if quiet else "end")
            self.quiet = quiet
        self.sound.set_volume(0 if (quiet or not self.cfg.sound) else self.cfg.volume)
        if quiet:
            self.sound.stop_loops()

    # --- starting games ---------------------------------------------------------------------
    def build_table(self, setup):
        """The table for an attract game, built but not shown yet (the title card warms it)."""
        game = get_game(setup.game)
        match = Match(game, setup)  # no autosave: nothing piles up on the disk
        return table_class(setup.game)(self, match)

    def _open(self, setup, mode: str, table=None):
        table = table if table is not None else self.build_table(setup)
        table.driver.pace_ticks = 0 if self.fast else int(self.cfg.bot_delay_s * 60)
        table.fast = self.fast
        if mode == "attract":
            demo.start_demo(table)  # for watching: no Menu, Hint, Undo or hover tips
        self.table = table
        self.mode = mode
        self.game_started = self.clock_s
        self.last_input = self.clock_s
        self.reset(table)
        return table

    def start_attract(self, setup, table=None):
        self.stats["games"] += 1
        log.info("kiosk: attract game %d: %s, %d players, seed %d", self.stats["games"],
                 setup.game, setup.players, setup.seed)
        self._open(setup, "attract", table)

    def start_visitor(self, game_id, players, level, human=0):
        game = get_game(game_id)
        players = players or 2
        players = max(game.min_seats, min(game.max_seats, players))
        setup = make_setup(game_id, players, level, self.playlist.rng.randrange(1 << 30),
                           self.cfg, human=min(human, players - 1))
        self.visitor_level = level
        self.stats["new_games"] += 1
        log.info("kiosk: a visitor starts %s with %d players (bots %s)", game_id, players, level)
        # the table is made behind a card, a piece a frame, so the tap does not stall a frame
        self.mode = "visitor"
        self.table = None
        self.last_input = self.clock_s
        self.reset(StartCard(self, setup))

    def start_guided(self, game_id):
        """A visitor's guided first game of ``game_id`` (issue 32: the tutorial's seed and
        seats, the coach at the table), made behind a start card like any visitor's game."""
        from ..ui.coach import guided_setup
        setup = guided_setup(game_id)
        self.stats["new_games"] += 1
        log.info("kiosk: a visitor starts the guided game of %s", game_id)
        self.mode = "visitor"
        self.table = None
        self.last_input = self.clock_s
        self.reset(StartCard(self, setup))

    def open_visitor(self, setup, table=None):
        """The visitor's game, once its start card has the table ready."""
        self._open(setup, "visitor", table)

    def can_take_over(self, table) -> bool:
        """A seat may change hands mid-game unless the game says otherwise."""
        return bool(getattr(table.game, "seats_change_hands", True)) and table.mode == "play"

    def take_over(self, table, seat, level):
        """The visitor takes ``seat`` from its bot at the current moment; the other bots play on
        at the chosen level."""
        table.hand_to_human(seat)
        demo.end_demo(table, shown=self.top is table)  # the player's controls and tips
        if level != self.cfg.attract_level:
            for s in list(table.driver.bots):
                table.driver.bots[s] = make_bot(table.game, level, s,
                                                table.match.setup.seed * 31 + s)
            table.driver.ready.clear()
            table.driver.thinking.clear()
        self.visitor_level = level
        self.mode = "visitor"
        self.last_input = self.clock_s
        self.stats["takeovers"] += 1
        log.info("kiosk: a visitor takes over seat %d of %s", seat, table.game.id)
        if self.stack and self.stack[-1] is not table:
            self.pop()  # close the choice; the table goes on from where it was

    def reset_to_attract(self):
        """Leave whatever is on screen; the loop goes on with the next title card."""
        self.mode = "attract"
        self.table = None
        self.staff = False
        self.go_home()

    def idle_reset(self):
        self.stats["resets"] += 1
        log.info("kiosk: no answer to 'Still there?'; back to the demo")
        self.reset_to_attract()

    def visitor_active(self):
        self.last_input = self.clock_s

    def fast_forward(self, max_steps: int = 400, max_seconds: float = 30.0) -> float:
        """Accelerated runs (the soak): play the attract game on headless, jumping from event to
        event, for up to ``max_seconds`` of game time; the kiosk clock moves on by the time
        played. Returns the seconds skipped (0 when nothing was to be played)."""
        table = self.table
        if self.mode != "attract" or table is None or self.top is not table or \
                table.match.is_over():
            return 0.0
        match = table.match
        start = match.tick
        realtime = table.game.realtime
        steps = 0
        while steps < max_steps and not match.is_over():
            if not table.driver.step():
                break
            steps += 1
            if realtime and match.tick - start >= max_seconds * 60:
                break
        # turn-based games have no clock of their own: count each action as a bot's pace
        skipped = ((match.tick - start) / 60 if realtime else steps * self.cfg.bot_delay_s)
        self.clock_s += skipped
        return skipped

    # --- the input gate ---------------------------------------------------------------------
    def translate(self, event):
        event = super().translate(event)
        et = event.type
        self.front.note(event)
        if et in SWALLOW_TYPES:
            self.stats["blocked"] += 1
            return None
        if et == pygame.KEYDOWN:
            if chord(event):
                if not isinstance(self.top, STAFF_SCENES):
                    self.push(PinScene(self))
                    self.apply_ops()  # at once: the table below stops this very frame
                return None
            if event.key in (pygame.K_ESCAPE, pygame.K_F11) or (
                    event.key == pygame.K_F4 and event.mod & pygame.KMOD_ALT):
                self.stats["blocked"] += 1
                return None
            if event.key in MODIFIERS:
                return None  # the start of a chord, not a visitor's touch
        if et == pygame.KEYUP and event.key in (pygame.K_ESCAPE, pygame.K_F11):
            return None
        top = self.top
        if self.staff_on_top():
            return event
        if et in TOUCHES:
            self.last_input = self.clock_s
        if et == pygame.MOUSEBUTTONUP and self._swallow_up:
            self._swallow_up = False
            return None
        if self.mode == "attract" and et in TOUCHES and not isinstance(
                top, CHOICE_SCENES + (StillThereScene,)) and not self._ops:
            self.offer_takeover()
            self._swallow_up = et == pygame.MOUSEBUTTONDOWN
            return None
        return event

    def offer_takeover(self):
        top = self.top
        table = self.table if self.table is not None and self.table in self.stack else None
        game_id = table.game.id if table is not None else getattr(
            getattr(top, "setup", None), "game", None)
        if game_id is None and isinstance(top, KioskResults):
            game_id = top.table.game.id
        log.info("kiosk: a visitor touched the demo")
        self.push(TakeoverScene(self, table, game_id))
        self.apply_ops()  # at once: the demo stops this very frame

    # --- the scene gate ---------------------------------------------------------------------
    def admit(self, scene):
        """The kiosk's stand-in for a scene, or None when visitors may not see it."""
        from ..ui.scenes.overlays import PauseScene, ResultsScene
        name = type(scene).__name__
        if isinstance(scene, PauseScene):
            return VisitorMenu(self, scene.table)
        if isinstance(scene, ResultsScene) and not isinstance(scene, KioskResults):
            try:
                self.record_result(scene.table)
            except Exception:  # noqa: BLE001 - a record that fails must not stop the results
                log.exception("kiosk: the game's result could not be recorded")
            self.keep_in_history(scene.table)
            return KioskResults(self, scene.table)
        if isinstance(scene, SettingsScene) or name in ("LoadScene", "TitleScene",
                                                        "SeatSetupScene"):
            if isinstance(scene, StaffSettingsScene) and self.staff:
                return scene  # (the app's own would write the kiosk's display to its file)
            log.info("kiosk: %s refused", name)
            return None
        return scene

    def push(self, scene):
        scene = self.admit(scene)
        if scene is not None:
            super().push(scene)

    def replace(self, scene):
        scene = self.admit(scene)
        if scene is not None:
            super().replace(scene)

    def reset(self, *scenes):
        scenes = tuple(s for s in (self.admit(s) for s in scenes) if s is not None)
        if scenes:
            super().reset(*scenes)

    def kiosk_settings_scene(self):
        """The staff's kiosk settings (``staff_config``), for the staff menu."""
        return KioskConfigScene(self)

    def staff_push(self, scene):
        """Settings, for the staff only (after the PIN)."""
        self.staff = True
        try:
            self.push(scene)
        finally:
            self.staff = False

    def staff_on_top(self) -> bool:
        top = self.top
        return isinstance(top, STAFF_SCENES + (SettingsScene,))

    # --- errors: log, report, start again ---------------------------------------------------
    def fail(self, exc: BaseException, where: str = ""):
        self.stats["errors"] += 1
        table = self.table
        match = getattr(table, "match", None)
        path = healing.write_crash(exc, where, match)
        self.last_error = f"{type(exc).__name__}: {exc}"
        log.error("kiosk: error %s: %s (report %s); the loop starts again", where,
                  self.last_error, path or "kept in memory")
        self._ops = []
        while self.stack:
            self._safe_exit(self.stack.pop())
        self.table = None
        self.mode = "attract"
        self.staff = False
        self._swallow_up = False
        self._fail_depth += 1
        self.stack.append(RecoverCard(self))
        try:
            self.stack[-1].enter()
        except Exception:  # noqa: BLE001
            log.exception("kiosk: the recovery card failed")

    # --- drawing ----------------------------------------------------------------------------
    def draw_topmost(self, surf):
        top = self.top
        if self.mode == "attract" and not self.staff_on_top() and not isinstance(
                top, CHOICE_SCENES + (RecoverCard, NoGamesCard)):
            self.draw_invitation(surf)  # (never over the staff's screens)
        if self.quiet and self.cfg.dim_percent:
            if self._veil is None:
                self._veil = pygame.Surface((T.W, T.H), pygame.SRCALPHA)
                self._veil.fill((0, 0, 0, int(255 * self.cfg.dim_percent / 100)))
            surf.blit(self._veil, (0, 0))

    def invitation_rect(self) -> pygame.Rect:
        """Over a table, the banner takes the place of its prompt bar (the prompt speaks to the
        players, who are bots in the demo); elsewhere it sits low in the middle."""
        table = self.table
        prompt = getattr(table, "prompt_rect", None) if table is not None and \
            table in self.stack else None
        if prompt is not None:
            r = pygame.Rect(prompt).inflate(0, 16)
            r.h = max(r.h, 64)
            r.centery = pygame.Rect(prompt).centery
            return r
        r = pygame.Rect(0, 0, 640, 90)
        r.midbottom = (T.W // 2, T.H - 40)
        return r

    def draw_invitation(self, surf):
        """The unmissable invitation: a pulsing gold banner over the demo."""
        pulse = 0.5 + 0.5 * abs(((self.frame_count % 90) / 45.0) - 1.0)
        r = self.invitation_rect()
        glow = tuple(int(a + (b - a) * pulse) for a, b in zip(T.GOLD, T.GLOW))
        pygame.draw.rect(surf, (40, 24, 12), r.inflate(10, 10), border_radius=22)
        pygame.draw.rect(surf, glow, r, border_radius=18)
        size = 40 if r.h >= 60 else 30
        text = self.ktext.blit(surf, "Touch to play", (r.x + 28, r.centery), size, T.INK,
                              bold=True, anchor="midleft")
        on_table = self.table is not None and self.table in self.stack
        line = ("The bots are playing a demo. Touch anywhere to join in or to pick a game."
                if on_table else "Touch anywhere to play, or to pick a game.")
        self.ktext.blit(surf, line, (text.right + 24, r.centery), 18, T.INK, anchor="midleft",
                       width=max(120, r.right - text.right - 40))

    # --- records ----------------------------------------------------------------------------
    def log_event(self, text: str):
        log.info("kiosk: %s", text)

    def game_length(self, table) -> str:
        """A game's length in words: its actions and the time it has been on screen ("84
        actions, 6 min 05 s")."""
        n = len(table.match.log)
        minutes, seconds = divmod(int(max(0.0, self.clock_s - self.game_started)), 60)
        return f"{n} action{'' if n == 1 else 's'}, {minutes} min {seconds:02d} s"

    def record_result(self, table):
        """A finished game in the kiosk log: which game, the result in words (the winner, or
        the team's result) and its length."""
        setup = table.match.setup
        who = (f"demo game {self.stats['games']}" if self.mode == "attract" else
               "visitor's game")
        result = headline(table.game, table.match.state, setup.seats)
        log.info("kiosk: %s of %s (%d players) over after %s: %s", who, table.game.title,
                 setup.players, self.game_length(table), result)

    def keep_in_history(self, table) -> None:
        """A finished game in the Games played history (the newest ``HISTORY_GAMES`` of the
        kiosk's stay); a disk that cannot take it is logged, never shown to visitors."""
        from ..ui import history
        try:
            kept = history.keep(table.match, prefix=HISTORY_PREFIX)
            if kept:
                history.prune(HISTORY_PREFIX, HISTORY_GAMES)
        except Exception as exc:  # noqa: BLE001 - keeping a copy must never stop the kiosk
            log.warning("kiosk: the finished game could not be kept in the history: %s", exc)

    def stats_line(self) -> str:
        s = self.stats
        return (f"Since start: {s['games']} demo games, {s['takeovers']} takeovers, "
                f"{s['new_games']} visitor games, {s['resets']} idle resets, {s['errors']} "
                f"errors.")


def make_kiosk(config_path=None, *, seed=None, fullscreen=True, cfg=None, problems=None):
    """Build the kiosk app (tables registered, configuration read, log started)."""
    from .. import tables  # noqa: F401 - registers the built tables
    from ..engine.savefile import set_game_resolver
    from ..ui.app import clean_data_folder
    from . import config as config_mod
    if cfg is None:
        cfg, problems = config_mod.load(config_path)
    set_game_resolver(meta)  # (seats and bot levels known without the rules: ui.app)
    clean_data_folder()
    healing.start_logging()
    app = KioskApp(cfg, problems or (), seed=seed, fullscreen=fullscreen)
    if not playable(cfg):
        log.error("kiosk: no playable game")
    return app


def run(config_path=None) -> int:
    """``sandsofplay --kiosk``: never returns on its own; only the staff exit ends it."""
    from . import config as config_mod
    cfg, problems = config_mod.load(config_path)
    for p in problems:
        print(f"sandsofplay --kiosk: {p}", flush=True)
    app = make_kiosk(cfg=cfg, problems=problems)
    lockdown.install_signals(app)  # SIGHUP ignored; SIGINT, SIGTERM end the loop
    app.start()
    while True:
        try:
            app.run()
            return 0
        except KeyboardInterrupt:
            app.quit()
            return 0
        except Exception as exc:  # noqa: BLE001 - even outside a scene: log and go on
            app.fail(exc, "in the main loop")
            app.running = True
