"""The base of every game's table scene (``TableScene``).

The registry of tables lives in ``table_registry`` and the ways into a table (new game, save,
replay) in ``table_open``; their names are imported here too, for the callers that found them
here. Dependencies point one way: this module imports the overlays (pause, curtain, results),
the overlays import ``table_open``, and that imports the registry, never this module.

A table draws from one seat's observation, turns gestures into actions by asking the rules, runs
bot seats in time slices inside ``update`` (a few milliseconds a frame, at a watchable pace),
keeps the log panel, the hint button, undo, save and autosave, the pass-the-device curtain for
hot-seat games with hidden information, and shows the results at the end. In replay mode it plays
a save back under a control bar (``table_replay`` and ``replay_bar``: play/pause, steps, speeds
up to instant, a timeline with marks, jumps from snapshots, whose view, "Play from here", the
story): real-time games at their recorded ticks, turn-based games one action at a pace. A table
subclass gets all of it; it may override ``on_replay_jump`` (default: ``on_undo``) and set
``face_up_view = FACE_UP`` with ``face_up_observation`` / ``draw_face_up`` (everything face up,
offered in a finished game's replay); tables read what they show through ``observe_view``.

The table contract (``gestures(seat)``, ``regions()``, the prompt bar and its buttons, bubbles
that never cover them, the keyboard focus ring) lives in ``table_contract``; the hint is the best
move of the game's strongest bot level, shown in a panel of its own with the focus ring on what
performs it. A resumed game's log reads as it did live (rebuilt from the log), and a new game
started from the menus asks before it takes the place of an unfinished one, which is kept.
"""

from __future__ import annotations

import logging
import re
import time

import pygame

from ..bots.driver import Driver
from ..bots.levels import make_bot
from ..engine import IllegalAction, Match
from ..engine.game import Action
from ..engine.marks import marks_of, text_marks
from ..engine.names import visible
from . import paths
from . import theme as T
from .scene import Scene
from .autosave import AutosaveWatch
from .autosave import keep_unfinished, unfinished_autosave  # noqa: F401 - (their old home)
from .scenes.overlays import CurtainScene, PauseScene, ResultsScene
from .table_contract import TableContract
from .table_entry import TableEntry
from .table_replay import FACE_UP, REPLAY_SPEEDS, ReplayMixin, build_replay  # noqa: F401
from .log_panel import LogPanel
from .widgets import HintHelper, Toast, Tooltips, Tweens
from .coach_view import attach_coach
from .memory import (collect_between_scenes, refreeze, release_memory,  # noqa: F401
                     settle_memory, trim_heap)
# their old home: the registry and the ways into a table live in modules of their own, which
# never import this one (``table_registry``, ``table_open``)
from .table_open import open_replay, open_replay_data, open_save, start_table  # noqa: F401
from .table_registry import _PROBLEMS, _SCENES, _TABLES  # noqa: F401
from .table_registry import has_table, open_registered_scene, register_problem  # noqa: F401
from .table_registry import register_scene, register_table, table_class  # noqa: F401
from .table_registry import table_ids, table_problem  # noqa: F401

log = logging.getLogger("sandsofplay")


class TableScene(TableEntry, TableContract, ReplayMixin, Scene):
    """Subclass per game: ``draw_table``, ``handle_input``, ``animate``; for the contract
    ``table_gestures``, ``table_regions``, ``table_focus_targets`` (see table_contract)."""

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
        self.replay_speed = 1
        self.replay_acc = 0.0
        self.ui_ticks = 0
        self.init_contract()
        if mode == "replay":
            self.init_replay(replay_data)
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
        self.log_marks = marks_of(self.game)  # the events that begin a round or a turn
        self.toast = Toast(app.text)
        self.tooltips = Tooltips(app.text)
        # a hint is the best move the strongest level knows
        levels = list(getattr(self.game, "bot_levels", {}) or {"normal": None})
        self.hint = HintHelper(self.game, make_bot, "hard" if "hard" in levels else levels[-1])
        self.hint_text = ""
        self.hint_action = None
        self._hint_fit = None  # (hint text, log size) -> its text size and height
        # a resumed hot-seat game starts behind the curtain: the device may be with anyone
        self.viewer = (None if match.log and len(self.humans) > 1 else
                       self.humans[0] if self.humans else None)
        self.results_shown = False
        self.fast = False  # accelerated runs: no animations, every due bot acts at once
        self.end_wait = 0
        self._told = None  # (match version, seat, action, its sentence) of the action under way
        self._last_entry = match.log[-1] if match.log else None  # the last action told
        match.listeners.append(self.on_events)
        match.autosave_async = mode == "play"  # the disk never holds up a frame
        self.autosave_watch = AutosaveWatch(match.autosave_path if mode == "play" else None,
                                            getattr(app, "owns_autosave", True))
        self.note_marks(match.replayed_marks)  # (a save's: kept as it was opened)
        for line in self.past_log_lines(self.log.max_lines):  # the whole game, read back
            self.log.add(line)
        self.coach = attach_coach(self)  # a guided game's coach (ui.coach_view), else None

    def hand_to_human(self, seat: int) -> None:
        """A person takes over a bot's seat mid-game (the kiosk): the seat's bot stops, the
        table shows and offers that seat from now on."""
        self.driver.bots.pop(seat, None)
        self.driver.ready.pop(seat, None)
        self.driver.thinking.pop(seat, None)
        if seat not in self.humans:
            self.humans.append(seat)
            self.humans.sort()
        self.viewer = seat

    def exit(self):
        super().exit()
        self.action_buttons = []
        self.pending_buttons = []
        Match.flush_autosave()
        self.match.listeners.clear()  # the match no longer calls back into this scene
        release_memory()

    def past_log_lines(self, limit: int) -> list[str]:
        """The log lines of a resumed game, as they read live: the game's own event sentences,
        rebuilt by playing the log again from the start (no action codes)."""
        match = self.match
        if not match.log:
            return []
        known = match.replayed_texts  # kept as the save was opened: the log need not be played
        if known is not None and match.replayed_version == match.version:
            return [self.kept_line(t) for t in known[-limit:]]
        lines: list[str] = []
        try:
            again = Match(self.game, match.setup, track_hashes=False, keep_undo=False)
            said = []

            def hear(evs):
                self.note_marks(evs)
                start = len(lines)
                lines.extend(self.named(e.text) for e in evs if e.text)
                if len(lines) == start and said:
                    lines.append(self.kept_line(said[-1]))
            again.listeners.append(hear)
            for entry in match.log:
                if entry.tick > again.tick:
                    again.advance(entry.tick - again.tick)
                said[:] = [(entry.seat, self._sentence(again.state, entry.seat, entry.action),
                             entry.action)]
                again.apply(entry.seat, entry.action)
                said.clear()
            if match.tick > again.tick:
                again.advance(match.tick - again.tick)
        except (IllegalAction, ValueError, KeyError, TypeError):
            lines = [self.named(self.game.describe(match.state, e.seat, e.action))
                     for e in match.log]
        return lines[-limit:]

    def note_marks(self, events) -> None:
        """The log's headings: the lines of events that begin a round or a turn (``events``:
        events, or a dict of such texts as the rules wrote them -> "round" | "turn")."""
        marks = events if isinstance(events, dict) else text_marks(self.log_marks, events)
        for text, mark in marks.items():
            self.log.marks[self.named(text)] = mark

    def kept_line(self, kept) -> str:
        """A line of a resumed game's kept log: an event's sentence, or ``(seat, the action
        said, the action)`` for an action whose events say nothing."""
        if isinstance(kept, tuple):
            return self.action_line(*kept)
        return self.named(kept)

    def action_line(self, seat, sentence: str, action=None) -> str:
        """The log line of an action whose events say nothing: who did it, and the rules'
        sentence of the action ("Tariq: Discard Whispered Curse."); "" when there is none.
        Tables whose seats choose face down say such a choice without its card."""
        return f"{self.seat_name(seat)}: {self.named(sentence)}" if sentence else ""

    def _sentence(self, state, seat, action) -> str:
        try:
            return self.game.describe(state, seat, action)
        except Exception:  # noqa: BLE001 - a sentence that cannot be made is left out
            return ""

    def _tell(self, seat, action, sentence=None) -> None:
        """Keep the sentence of the action about to be played (said of the state before it)."""
        if sentence is None:
            sentence = self._sentence(self.match.state, seat, action)
        self._told = (self.match.version, seat, action, sentence)

    def action_said(self, events) -> list[str]:
        """The line of the action just played when its events say nothing (an empty list when
        the events came from the clock, or the action's events have a sentence)."""
        log = self.match.log
        last = log[-1] if log else None
        acted, self._last_entry = last is not None and last is not self._last_entry, last
        if not acted or any(e.text for e in events):
            return []
        told, self._told = self._told, None
        if told is not None and told[0] == self.match.version - 1 and \
                (told[1], told[2]) == (last.seat, last.action):
            sentence = told[3]
        else:  # played without the table's perform (a driver's step): said of the state now
            sentence = self._sentence(self.match.state, last.seat, last.action)
        line = self.action_line(last.seat, sentence, last.action)
        return [line] if line else []

    # --- names --------------------------------------------------------------------------------
    _PLAYER_N = re.compile(r"\bPlayer ([1-9])\b")

    def named(self, text: str) -> str:
        """A rules sentence with the people's names: the rules know seats only ("Player 2"),
        the table knows who sits there ("Tariq")."""
        seats = self.match.setup.seats

        def name(m):
            k = int(m.group(1)) - 1
            return (seats[k].name if visible(seats[k].name) else m.group(0)) \
                if k < len(seats) else m.group(0)
        return self._PLAYER_N.sub(name, text) if "Player " in text else text

    def seat_name(self, seat) -> str:
        if seat is None:
            return "Spectator"
        if seat == FACE_UP:
            return "Everyone (face up)"
        s = self.match.setup.seats[seat]
        return s.name if visible(s.name) else f"Seat {seat + 1}"  # (an old save's odd name)

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
            self.app.push(CurtainScene(self.app, self.seat_name(seat), self.seat_colour(seat)))

    def observation(self):
        return self.observe_view()

    # --- acting -------------------------------------------------------------------------------
    def perform(self, seat: int, action: Action) -> bool:
        """Apply an action (from a gesture, a button or a bot); show the reason if refused."""
        told = self._told
        if told is None or told[:3] != (self.match.version, seat, action):
            self._tell(seat, action)
        try:
            self.match.apply(seat, action)
        except IllegalAction as exc:
            self._told = None
            self.toast.show(self.named(exc.reason), kind="error")
            self.app.sound.play("error")
            return False
        return True

    def bot_acts(self, seat: int, action: Action) -> bool:
        """A bot's move: say what it does (tables show it by the bot's place), then play it."""
        state = self.match.state
        sentence = self.game.describe(state, seat, action)
        self._tell(seat, action, sentence)
        try:
            why = self.game.bot_why(state, seat, action)
        except Exception:  # noqa: BLE001 - a partner's words never stop the game
            log.exception("a bot's reason failed")
            why = ""
        said = sentence.rstrip(".") + ": " + why if why else sentence
        self.announce(seat, self.named(said))
        return self.perform(seat, action)

    def announce(self, seat: int, text: str) -> None:
        """A bot's decision, said in a bubble by its place (tables give ``bubble_anchor``)."""
        if not self.fast and self.bubble_anchor(seat) is not None:
            self.say(seat, text)

    def on_events(self, events):
        self.note_marks(events)
        self.say_events(events)
        self.hint_text = ""
        self.hint_action = None
        self.animate(events)

    def say_events(self, events):
        """The log panel's lines for what the match just did: its events' sentences, or the
        action said when they say nothing."""
        for ev in events:
            if ev.text:
                self.log.add(self.named(ev.text))
        for line in self.action_said(events):
            self.log.add(line)

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
        self.driver.ready.clear(), self.driver.thinking.clear()
        self.log.add(f"{self.seat_name(seat)} takes back the last action.")
        self.on_undo()

    def press_undo(self):  # Ctrl+Z or an Undo button: taken back, or a toast says why not
        try:
            self.undo()
        except IllegalAction as exc:
            self.toast.show(exc.reason, kind="error")

    def save_to_file(self):
        name = f"{self.game.id}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        path = paths.saves_dir() / name
        try:
            self.match.save(str(path))
            return path
        except OSError:
            return None

    def ask_hint(self):
        seat = self.human_to_act()
        if seat is None:
            return self.toast.show("No hint: it is not a human player's turn.")
        if self.hint.request(self.match.state, seat, self.match.version):
            self.hint_text = "Hint: thinking..."
            self.hint_seat = seat

    # --- the loop -----------------------------------------------------------------------------
    def update(self):
        if self.run_entry():  # being set out (table_entry): nothing plays yet
            return
        super().update()
        self.make_prompt_buttons()  # those a long row left for this frame
        self.ui_ticks += 1
        refreeze(self.ui_ticks)
        speed = self.app.settings.animation_speed * (self.replay_speed if self.mode == "replay"
                                                     else 1)
        self.tweens.update(speed)
        self.toast.update()
        self.autosave_watch.poll(self.toast)  # a failing autosave is told at once, once
        self.update_bubbles()
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
            elif self.bots_may_act() and not self.coach_holds():
                hit = self._due_hit()
                if hit is not None:
                    self.bot_acts(*hit)
            if self.game.realtime and self.time_runs() and not self.match.is_over() and \
                    not self.coach_holds():
                self.match.advance(1)
            self.hint.update(self.match.version)
            if self.hint.result is not None:
                self.show_hint(getattr(self, "hint_seat", self.human_to_act() or 0),
                               self.hint.result)
                self.hint.result = None
            elif self.hint.bot is None and self.hint_text == "Hint: thinking...":
                # the best bot would do nothing now (in real time: wait for a better moment)
                self.hint_text = "Hint: nothing is worth doing just now - wait and watch."
            self.update_viewer()
        self.update_table()
        if self.coach is not None:
            self.coach.update()
        if self.match.is_over() and not self.results_shown and self.mode == "play":
            self.end_wait += 1
            # the results' picture, a slice a frame, once the game's last moves are drawn
            ready = self.prepare_results() if self.end_wait > 10 else False
            if self.end_wait > 90 and not self.tweens.busy and (ready or self.end_wait > 600):
                self.results_shown = True
                self.app.push(ResultsScene(self.app, self))

    # a bot's move costs its frame about this much CPU time (the rules, the autosave's snapshot,
    # the events' animations and sentences): a move found with less of the frame left is played
    # at the start of the next one, which then thinks no more (issue 28: no frame over the goal)
    ACT_COST_S = 0.0015
    _held: tuple | None = None  # (match version, (seat, action)) found but not yet played

    def _due_hit(self):
        """The bot move to play now: one held from the last frame if nothing changed since,
        else what the bots find in this frame's thinking time, if the frame has room to play
        it."""
        held, self._held = self._held, None
        if held is not None and held[0] == self.match.version:
            return held[1]  # (a change since: the bots were asked again on the new state)
        hit = self.driver.poll(self.app.think_budget())
        if hit is not None and self.app.frame_left() < self.ACT_COST_S:
            self._held = (self.match.version, hit)
            return None
        return hit

    def coach_holds(self) -> bool:
        """A guided real-time game: the clock and the bots wait while the coach explains."""
        return self.coach is not None and self.coach.holds()

    def time_runs(self) -> bool:
        """Real-time games: whether the clock runs this tick (tables may hold it during
        animations that the rules wait for)."""
        return True

    def pause_covers(self) -> bool:
        """Whether the pause menu hides the table (opaque) instead of shading it: a real-time
        phase whose clock stops while paused, so the pause is no time to plan in."""
        return False

    def bots_may_act(self) -> bool:
        """Tables hold bots back while an animation plays, so their moves can be followed."""
        return not self.tweens.busy

    def handle(self, event):
        if self.entering is not None:
            return  # nothing to act on until the table is set out
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_p):
                self.app.push(PauseScene(self.app, self))
                return
            if event.key == pygame.K_F1 or getattr(event, "unicode", "") == "?":
                # the rules help, over the pause menu (the game waits, the Timed Phase's
                # sand too, and Esc from the help comes back to the menu)
                pause = PauseScene(self.app, self)
                self.app.push(pause)
                pause.rules()
                return
            if self.log.handle(event, replay=self.mode == "replay"):
                return  # (reading the log back: PageUp/PageDown, Home/End)
            if self.mode == "replay":
                self.replay_key(event)
                return
            if event.key == pygame.K_h:
                self.ask_hint()
                return
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.press_undo()
                return
        if self.mode == "replay" and self.replay_bar.handle(event):
            return
        if self.log.handle(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.focus.visible = False
        if self.mode == "play":
            if self.focus_key(event):
                return
            self.handle_input(event)

    def draw(self, surf, alpha):
        if self.entering is not None:
            self.draw_entering(surf)
            return
        self.draw_table(surf, alpha)
        self.log.draw(surf)
        self.draw_hint(surf)
        self.draw_bubbles(surf)
        if self.mode == "replay":
            self.draw_replay_status(surf)
        self.toast.draw(surf)

    def draw_overlay(self, surf):
        """Over the buttons: the focus ring and the hover help."""
        if self.app.top is self and self.entering is None:
            self.draw_focus(surf)
            if self.coach is not None:
                self.coach.draw(surf)
            self.tooltips.draw(surf)
            if self.mode == "replay":
                self.replay_bar.draw_over(surf)

    # --- hints --------------------------------------------------------------------------------
    def show_hint(self, seat, action):
        """Say the hint and why, and put the keyboard focus on what performs it (Enter then
        plays it)."""
        self.hint_action = action
        self.hint_text = "Hint: " + self.named(self.game.describe(self.match.state, seat, action))
        why = self.hint_reason(seat, action)
        if why:
            self.hint_text += " " + self.named(why)
        for t in self.focus_targets():
            if (seat, action) in t.acts:
                self.focus.name = t.name
                self.focus.visible = True
                self.hint_text += " (Enter does it)"
                break

    def hint_reason(self, seat, action) -> str:
        """The game's sentence saying why the hint is worth playing (``Game.hint_why``, from
        what the seat sees); a reason that cannot be worked out is left unsaid."""
        try:
            return self.game.hint_why(self.match.state, seat, action)
        except Exception:  # noqa: BLE001 - a hint's reason never stops the game
            log.exception("the hint's reason failed")
            return ""

    HINT_SIZES = (18, 16, 14, 13)  # the hint's text size: the largest whose lines fit the log

    def _hint_size(self) -> tuple[int, int]:
        """(text size, height of its lines) of the hint: the largest size at which the hint
        and its reason fit in the log's panel (else the smallest); worked out once a hint."""
        key = (self.hint_text, self.log.rect.size)
        fit = self._hint_fit
        if fit is not None and fit[0] == key:
            return fit[1]
        room = self.log.rect.h - 16
        for size in self.HINT_SIZES:
            h = self.app.text.render(self.hint_text, size, T.GLOW, bold=True,
                                     width=self.log.rect.w - 20).get_height()
            if h <= room:
                break
        self._hint_fit = (key, (size, h))
        return size, h

    def hint_rect(self):
        """The hint is shown in a panel of its own over the log, never past the log's bottom."""
        if not self.hint_text:
            return None
        _size, h = self._hint_size()
        r = pygame.Rect(0, 0, self.log.rect.w, min(h + 16, self.log.rect.h))
        r.topleft = self.log.rect.topleft
        return r

    def draw_hint(self, surf):
        r = self.hint_rect()
        if r is None:
            return
        size, _h = self._hint_size()
        pygame.draw.rect(surf, (34, 22, 12), r, border_radius=10)
        pygame.draw.rect(surf, T.GLOW, r, 2, border_radius=10)
        clip = surf.get_clip()
        surf.set_clip(r.inflate(-4, -4).clip(clip))
        self.app.text.blit(surf, self.hint_text, (r.x + 10, r.y + 8), size, T.GLOW, bold=True,
                           width=r.w - 20)
        surf.set_clip(clip)

    # --- the replay's bar is part of the layout ------------------------------------------------
    def reserved_regions(self) -> dict:
        out = super().reserved_regions()
        if self.mode == "replay":
            out.pop("prompt", None)  # the bar takes the prompt's place: a replay asks nothing
            out.pop("buttons:bar", None)
            out.update(self.replay_regions())
        if getattr(self, "coach", None) is not None:
            out.update(self.coach.regions())
        return out

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
