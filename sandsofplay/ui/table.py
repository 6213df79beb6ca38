"""The base of every game's table scene, and the ways into a table (new game, save, replay).

A table draws from one seat's observation, turns gestures into actions by asking the rules, runs
bot seats in time slices inside ``update`` (a few milliseconds a frame, at a watchable pace),
keeps the log panel, the hint button, undo, save and autosave, the pass-the-device curtain for
hot-seat games with hidden information, and shows the results at the end. In replay mode it plays
a save back: real-time games at their recorded ticks, turn-based games one action at a pace.
"""

from __future__ import annotations

import gc
import time

import pygame

from ..bots.driver import Driver
from ..bots.levels import make_bot
from ..engine import IllegalAction, Match, SaveError, Setup
from ..engine.game import Action
from ..games import get_game
from . import paths
from . import theme as T
from .scene import Scene
from .widgets import HintHelper, LogPanel, Toast, Tooltips, Tweens

_TABLES: dict = {}


def register_table(game_id: str, cls) -> None:
    """Register a game's table class (``sandsofplay.tables`` registers the built ones)."""
    _TABLES[game_id] = cls


_PROBLEMS: dict = {}


def register_problem(game_id: str, message: str) -> None:
    """A table that could not be loaded, and why (shown when someone picks that game)."""
    _PROBLEMS[game_id] = message


def table_problem(game_id: str) -> str:
    return _PROBLEMS.get(game_id, "")


def has_table(game_id: str) -> bool:
    return game_id in _TABLES


def table_class(game_id: str):
    """The table scene class for a game; KeyError if it has none."""
    try:
        return _TABLES[game_id]
    except KeyError:
        raise KeyError(f"there is no table for {game_id!r} yet") from None


def settle_memory():
    """After a table is built: collect once and move what lives on into the permanent
    generation, so later garbage collections in play stay short."""
    gc.collect()
    gc.freeze()


def start_table(app, setup: Setup):
    cls = table_class(setup.game)
    match = Match(get_game(setup.game), setup, autosave_path=str(paths.autosave_path()))
    match._autosave()
    app.reset(app.home_factory(app), cls(app, match))


def _show_error(app, title, message):
    from .scenes.message import MessageScene
    app.push(MessageScene(app, title, message))


def open_save(app, path: str):
    """Resume a saved game; a bad file gives a clear message and changes nothing."""
    Match.flush_autosave()
    try:
        match = Match.load(path, get_game, autosave_path=str(paths.autosave_path()))
        cls = table_class(match.game.id)
    except SaveError as exc:
        _show_error(app, "Cannot load that game", str(exc))
        return None
    except KeyError as exc:
        _show_error(app, "Cannot load that game", f"There is no table for it yet ({exc}).")
        return None
    app.reset(app.home_factory(app), cls(app, match))
    return match


def open_replay(app, path: str):
    try:
        data = Match.read_save(path)
        get_game(data["game"])
        table_class(data["game"])
    except SaveError as exc:
        _show_error(app, "Cannot play that replay", str(exc))
        return
    except KeyError as exc:
        _show_error(app, "Cannot play that replay", str(exc.args[0] if exc.args else exc))
        return
    open_replay_data(app, data)


def open_replay_data(app, data: dict):
    game = get_game(data["game"])
    try:
        Match.from_save(data, game, name="replay")  # verifies every hash before showing it
    except SaveError as exc:
        _show_error(app, "Cannot play that replay", str(exc))
        return
    match = Match(game, Setup.from_json(data["setup"]), track_hashes=False)
    cls = table_class(game.id)
    app.reset(app.home_factory(app), cls(app, match, mode="replay", replay_data=data))


class TableScene(Scene):
    """Subclass per game: ``draw_table``, ``handle_input``, ``animate``."""

    name = "the table"
    needs_curtain = True  # hidden information: hot-seat players pass the device

    def __init__(self, app, match: Match, mode: str = "play", replay_data: dict | None = None):
        super().__init__(app)
        self.match = match
        self.game = match.game
        self.mode = mode
        self.replay_data = replay_data
        self.replay_index = 0
        self.replay_playing = True
        self.replay_wait = 0
        self.ui_ticks = 0
        seats = match.setup.seats
        self.humans = [i for i, s in enumerate(seats) if not s.is_bot] if mode == "play" else []
        bots = {}
        if mode == "play":
            for i, s in enumerate(seats):
                if s.is_bot:
                    bots[i] = make_bot(self.game, s.level or "normal", i, match.setup.seed * 31 + i)
        self.driver = Driver(match, bots, clock=None if self.game.realtime else
                             (lambda: self.ui_ticks))
        self.driver.pace_ticks = int(app.settings.bot_delay_s * 60)
        self.tweens = Tweens()
        self.log = LogPanel((T.W - 300, T.H - 250, 290, 240), app.text)
        self.toast = Toast(app.text)
        self.tooltips = Tooltips(app.text)
        self.hint = HintHelper(self.game, make_bot, "normal")
        self.hint_text = ""
        # a resumed hot-seat game starts behind the curtain: the device may be with anyone
        self.viewer = (None if match.log and len(self.humans) > 1 else
                       self.humans[0] if self.humans else None)
        self.results_shown = False
        self.fast = False  # accelerated runs: no animations, every due bot acts at once
        self.end_wait = 0
        match.listeners.append(self.on_events)
        match.autosave_async = mode == "play"  # the disk never holds up a frame
        for entry in match.log[-20:]:
            self.log.add(f"{self.seat_name(entry.seat)}: {entry.action}")

    def exit(self):
        super().exit()
        Match.flush_autosave()

    # --- names --------------------------------------------------------------------------------
    def seat_name(self, seat) -> str:
        if seat is None:
            return "Spectator"
        s = self.match.setup.seats[seat]
        return s.name or f"Seat {seat + 1}"

    def seat_colour(self, seat) -> str:
        s = self.match.setup.seats[seat]
        return s.colour or T.COLOUR_ORDER[seat % len(T.COLOUR_ORDER)]

    # --- who is looking -----------------------------------------------------------------------
    def human_to_act(self):
        acting = self.game.to_act(self.match.state)
        for seat in acting:
            if seat in self.humans:
                return seat
        return None

    def update_viewer(self):
        seat = self.human_to_act()
        if seat is None or seat == self.viewer:
            return
        previous, self.viewer = self.viewer, seat
        if self.needs_curtain and len(self.humans) > 1 and (previous is not None or
                                                            self.match.log):
            from .scenes.overlays import CurtainScene
            self.app.push(CurtainScene(self.app, self.seat_name(seat), self.seat_colour(seat)))

    def observation(self):
        return self.game.observe(self.match.state, self.viewer)

    # --- acting -------------------------------------------------------------------------------
    def perform(self, seat: int, action: Action) -> bool:
        """Apply an action (from a gesture, a button or a bot); show the reason if refused."""
        try:
            self.match.apply(seat, action)
        except IllegalAction as exc:
            self.toast.show(exc.reason, kind="error")
            self.app.sound.play("error")
            return False
        return True

    def bot_acts(self, seat: int, action: Action) -> bool:
        """A bot's move: say what it does (tables show it by the bot's place), then play it."""
        self.announce(seat, self.game.describe(self.match.state, seat, action))
        return self.perform(seat, action)

    def announce(self, seat: int, text: str) -> None:
        """Tables show a bot's decision where people look (default: nothing beyond the log)."""

    def on_events(self, events):
        for ev in events:
            if ev.text:
                self.log.add(ev.text)
        self.hint_text = ""
        self.animate(events)

    def undo_state(self):
        seat = self.match.log[-1].seat if self.match.log else None
        if self.mode != "play" or seat is None or seat not in self.humans:
            return False, "Only a human player's own last action can be undone."
        return self.match.can_undo(seat)

    def undo(self):
        ok, why = self.undo_state()
        if not ok:
            raise IllegalAction(why, "undo")
        seat = self.match.log[-1].seat
        self.match.undo(seat)
        self.driver.ready.clear()
        self.driver.thinking.clear()
        self.log.add(f"{self.seat_name(seat)} takes back the last action.")
        self.on_undo()

    def save_to_file(self):
        name = f"{self.game.id}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        path = paths.saves_dir() / name
        try:
            self.match.save(str(path))
        except OSError:
            return None
        return path

    def ask_hint(self):
        seat = self.human_to_act()
        if seat is None:
            self.toast.show("No hint: it is not a human player's turn.")
            return
        if self.hint.request(self.match.state, seat, self.match.version):
            self.hint_text = "Thinking..."

    # --- the loop -----------------------------------------------------------------------------
    def update(self):
        super().update()
        self.ui_ticks += 1
        speed = self.app.settings.animation_speed
        self.tweens.update(speed)
        self.toast.update()
        self.tooltips.update(pygame.mouse.get_pos())
        if self.mode == "replay":
            self.update_replay()
        elif not self.match.is_over():
            # bots that are due act at this tick, then the clock moves on (as in headless runs)
            if self.fast:
                while not self.match.is_over():
                    hit = self.driver.poll(float("inf"))
                    if hit is None:
                        break
                    self.bot_acts(*hit)
            elif self.bots_may_act():
                hit = self.driver.poll(0.004)
                if hit is not None:
                    self.bot_acts(*hit)
            if self.game.realtime and self.time_runs() and not self.match.is_over():
                self.match.advance(1)
            self.hint.update(self.match.version)
            if self.hint.result is not None:
                self.hint_text = "Hint: " + self.game.describe(self.match.state,
                                                               self.human_to_act() or 0,
                                                               self.hint.result)
                self.hint.result = None
            self.update_viewer()
        self.update_table()
        if self.match.is_over() and not self.results_shown and self.mode == "play":
            self.end_wait += 1
            if self.end_wait > 90 and not self.tweens.busy:
                self.results_shown = True
                from .scenes.overlays import ResultsScene
                self.app.push(ResultsScene(self.app, self))

    def time_runs(self) -> bool:
        """Real-time games: whether the clock runs this tick (tables may hold it during
        animations that the rules wait for)."""
        return True

    def bots_may_act(self) -> bool:
        """Tables hold bots back while an animation plays, so their moves can be followed."""
        return not self.tweens.busy

    def update_replay(self):
        data = self.replay_data
        log = data["log"]
        if not self.replay_playing:
            return
        if self.game.realtime:
            if self.replay_index < len(log):
                tick = int(log[self.replay_index][0])
                if self.match.tick < tick:
                    self.match.advance(1)
                while self.replay_index < len(log) and int(log[self.replay_index][0]) <= \
                        self.match.tick:
                    self._replay_apply(log[self.replay_index])
            elif self.match.tick < int(data.get("final_tick", 0)):
                self.match.advance(1)
        else:
            self.replay_wait += 1
            if self.replay_wait >= 40 and self.replay_index < len(log) and not self.tweens.busy:
                self.replay_wait = 0
                self._replay_apply(log[self.replay_index])

    def _replay_apply(self, entry):
        self.replay_index += 1
        self.match.apply(int(entry[1]), Action.parse(entry[2]))

    def replay_step(self):
        if self.replay_index < len(self.replay_data["log"]):
            entry = self.replay_data["log"][self.replay_index]
            if self.game.realtime:
                self.match.advance(max(0, int(entry[0]) - self.match.tick))
            self._replay_apply(entry)

    def handle(self, event):
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_p):
                from .scenes.overlays import PauseScene
                self.app.push(PauseScene(self.app, self))
                return
            if self.mode == "replay":
                if event.key == pygame.K_SPACE:
                    self.replay_playing = not self.replay_playing
                elif event.key == pygame.K_RIGHT:
                    self.replay_step()
                return
            if event.key == pygame.K_h:
                self.ask_hint()
                return
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                try:
                    self.undo()
                except IllegalAction as exc:
                    self.toast.show(exc.reason, kind="error")
                return
        if self.log.handle(event):
            return
        if self.mode == "play":
            self.handle_input(event)

    def draw(self, surf, alpha):
        self.draw_table(surf, alpha)
        self.log.draw(surf)
        if self.hint_text:
            self.app.text.blit(surf, self.hint_text, (T.W // 2, 8), 20, T.GLOW, bold=True,
                               anchor="midtop", shadow=T.INK)
        if self.mode == "replay":
            n = len(self.replay_data["log"])
            label = (f"Replay: move {self.replay_index} of {n} - Space: "
                     f"{'pause' if self.replay_playing else 'play'}, Right arrow: step, Esc: menu")
            self.app.text.blit(surf, label, (10, T.H - 28), 18, T.GLOW, shadow=T.INK)
        self.toast.draw(surf)
        if self.app.top is self:
            self.tooltips.draw(surf)

    # --- for subclasses -----------------------------------------------------------------------
    def update_table(self):
        """Per-tick table animation state."""

    def handle_input(self, event):
        """Gestures: clicks, drags, keys."""

    def animate(self, events):
        """Start animations for new events."""

    def on_undo(self):
        """The state went back one action."""

    def draw_table(self, surf, alpha):
        surf.fill(T.NIGHT)
