"""The replay half of the table base: watching a save with VCR controls (mixed into TableScene).

``TableScene`` in ``mode="replay"`` keeps a :class:`~sandsofplay.engine.replay.Replay` (the save
played once, with snapshots) and a :class:`~sandsofplay.ui.replay_bar.ReplayBar`. Playing runs
the recorded log at the chosen speed (real-time games at their recorded ticks, the quiet parts
one action at a watchable pace); a jump (timeline, marks, keys, one action back) replaces the
match's state by the snapshot-rebuilt one and tells the table through ``on_replay_jump`` (by
default its ``on_undo``: finish animations, forget cached views).

Keys: Space play/pause, Left/Right one action, Home/End, PgUp/PgDn a round, Up/Down speed,
V whose view. The end (End, the timeline's end, Right from the last action) is the save's end:
a real-time game's clock run on to its final tick (``Replay.state_at``), so a game lost on time
ends on the defeat.
"""

from __future__ import annotations

import time

import pygame

from ..engine import SaveError
from ..engine.game import Action
from ..engine.replay import Replay
from .story import full_story as story
from ..engine.store import atomic_write_text

REPLAY_SPEEDS = (0.5, 1, 2, 4, 8, 16)
INSTANT = "instant"
FACE_UP = "face up"  # the viewer of the "everything face up" view (a finished game's replay)
_BUILT: dict = {}  # id(save data) -> Replay already built while opening it


def build_replay(data: dict, game, name: str = "replay") -> Replay:
    """Build (and check) a save's replay once; the table picks it up instead of rebuilding."""
    return keep_replay(data, Replay(data, game, name=name))


def keep_replay(data: dict, rep: Replay) -> Replay:
    """Keep a save's replay, built and checked while it was opened, for its table to pick up."""
    _BUILT.clear()
    _BUILT[id(data)] = (data, rep)
    return rep


class ReplayMixin:
    replay: Replay | None = None
    replay_instant = False
    face_up_view = None  # a table whose game hides things sets FACE_UP here (and draws it)

    def init_replay(self, data: dict):
        got = _BUILT.pop(id(data), None)
        self.replay = got[1] if got is not None and got[0] is data else Replay(data, self.game)
        from .replay_bar import ReplayBar
        self.replay_bar = ReplayBar(self)
        self.replay_views = [None]

    # --- moving -------------------------------------------------------------------------------
    def replay_seek(self, index: int):
        """Show the state after ``index`` actions (snapshot-rebuilt; no animation)."""
        rep = self.replay
        index = max(0, min(len(rep), int(index)))
        match = self.match
        match.state = rep.state_at(index)
        match.log[:] = rep.entries[:index]
        match._undo.clear()
        match.version += 1
        self.replay_index = index
        self.replay_wait = 0
        self.replay_acc = 0.0
        self.note_marks(rep.log_marks)
        self.log.set_lines(self._lines_upto(index))
        self.on_replay_jump()

    def _lines_upto(self, index: int) -> list[str]:
        """The log of the whole game up to ``index`` actions, named (kept as it grows: the
        instant speed jumps one action a frame)."""
        rep = self.replay
        done, lines = getattr(self, "_seek_lines", (0, []))
        if index < done:
            done, lines = 0, []
        lines = lines + [line for i in range(done, index) for line in self._action_lines(i)]
        del lines[:-self.log.max_lines]
        self._seek_lines = (index, lines)
        if index == len(rep):  # the time after the last action (the sand ran out...)
            lines = lines + [self.named(x) for x in rep.end_texts]
        return lines

    def _action_lines(self, i: int) -> list[str]:
        """Action ``i``'s log lines as the table said them live: its texts, or the action said
        when its events say nothing (after what the time before it said)."""
        rep = self.replay
        texts = rep.texts[i]
        out = [self.named(x) for x in texts]
        if len(texts) == rep.clock_lines[i]:
            entry = rep.entries[i]
            line = self.action_line(entry.seat, rep.sentences[i], entry.action)
            if line:
                out.append(line)
        return out

    def on_replay_jump(self):
        """The state was replaced by a jump (tables drop animations and cached views)."""
        self.on_undo()

    def replay_back(self):
        self.replay_playing = False
        self.replay_seek(self.replay_index - 1)

    def replay_toggle(self):
        if not self.replay_playing and self.replay_index >= len(self.replay) and \
                self.match.tick >= self.replay.final_tick:
            self.replay_seek(0)  # play again from the start (paused before the clock ran out
            # after the last action, play goes on to the end)
        self.replay_playing = not self.replay_playing

    def replay_round(self, step: int):
        rep = self.replay
        self.replay_seek(rep.next_mark(self.replay_index, step, rep.round_marks()))

    def replay_faster(self, step: int):
        speeds = REPLAY_SPEEDS + (INSTANT,)
        now = INSTANT if self.replay_instant else self.replay_speed
        i = speeds.index(now) if now in speeds else 1
        new = speeds[max(0, min(len(speeds) - 1, i + step))]
        self.replay_instant = new == INSTANT
        self.replay_speed = REPLAY_SPEEDS[-1] if self.replay_instant else new
        self.toast.show("Replay speed: " + ("instant" if self.replay_instant else
                                            f"{self.replay_speed:g}x"), seconds=1.5)

    def _replay_apply(self, entry):
        self.replay_index += 1
        seat, action = int(entry[1]), Action.parse(entry[2])
        self._tell(seat, action)  # (its sentence, for the log when its events say nothing)
        self.match.apply(seat, action)

    def replay_step(self):
        """One action on, with its animations (real-time games: the clock runs to its tick)."""
        if self.replay_index < len(self.replay_data["log"]):
            entry = self.replay_data["log"][self.replay_index]
            if int(entry[0]) > self.match.tick:
                self.match.advance(int(entry[0]) - self.match.tick)
            self._replay_apply(entry)

    def replay_forward(self):
        """Right / the forward button: one action on, paused; from the last action on to the
        end of the save (a real-time game's clock runs on to the final tick: the sand ran out)."""
        self.replay_playing = False
        self.replay_step()
        if self.replay_index >= len(self.replay) and self.match.tick < self.replay.final_tick:
            self.match.advance(self.replay.final_tick - self.match.tick)

    def update_replay(self):
        data = self.replay_data
        log = data["log"]
        if not self.replay_playing:
            return
        if self.replay_index >= len(log) and self.match.tick >= self.replay.final_tick:
            self.replay_playing = False
            return
        if self.replay_instant:
            if self.replay_index < len(log):
                self.replay_seek(self.replay_index + 1)
            else:
                self.match.advance(self.replay.final_tick - self.match.tick)
            return
        if self.game.realtime and self.replay_index < len(log) and \
                not self.game.in_real_time(self.match.state):
            # a quiet part of a real-time game (the clock does not matter): one action at a
            # watchable pace, not the minutes the players took
            self.replay_wait += self.replay_speed
            if self.replay_wait >= 40 and (not self.tweens.busy or self.replay_speed > 2) and \
                    self.bots_may_act():
                self.replay_wait = 0
                self.replay_step()
            return
        if self.game.realtime:
            # the recorded clock runs at the chosen speed (several game ticks per frame)
            self.replay_acc += self.replay_speed
            # (actions recorded at one tick come one a frame, the clock waiting, to be seen)
            while self.replay_acc >= 1:
                self.replay_acc -= 1
                if self.replay_index < len(log):
                    tick = int(log[self.replay_index][0])
                    if self.match.tick < tick:
                        self.match.advance(1)
                    if tick <= self.match.tick:
                        self._replay_apply(log[self.replay_index])
                        self.replay_acc = min(self.replay_acc, 0)
                        break
                elif self.match.tick < self.replay.final_tick:
                    self.match.advance(1)
        else:
            self.replay_wait += self.replay_speed
            if self.replay_wait >= 40 and self.replay_index < len(log) and \
                    (not self.tweens.busy or self.replay_speed > 2):
                self.replay_wait = 0
                self._replay_apply(log[self.replay_index])

    # --- whose view ---------------------------------------------------------------------------
    def face_up_on(self) -> bool:
        """Everything face up is shown: only in the replay of a finished game, when chosen."""
        return (self.face_up_view is not None and self.viewer == self.face_up_view and
                self.mode == "replay" and self.replay is not None and self.replay.finished)

    def observe_view(self):
        """What the table shows now: the viewer's observation, or everything face up (the
        table's ``face_up_observation``); a face-up viewer outside a finished game's replay
        sees what a spectator sees."""
        state = self.match.state
        if self.face_up_on():
            return self.face_up_observation(state)
        viewer = self.viewer
        return self.game.observe(state, None if viewer == FACE_UP else viewer)

    def face_up_observation(self, state):
        """An observation with every hidden thing in it (tables override; see ``face_up.py``)."""
        return self.game.observe(state, None)

    def draw_face_up(self, surf):
        """Draw what only the face-up view shows (decks' tops, hands...): tables override."""

    def replay_view_choices(self) -> list:
        """The spectator; once the game is over every seat, and everything face up when the
        table can show it."""
        views = [None]
        if self.replay.finished:
            views += list(range(len(self.match.setup.seats)))
            if self.face_up_view is not None:
                views.append(self.face_up_view)
        return views

    def replay_view_name(self) -> str:
        if self.viewer is None:
            return "Spectator"
        if self.face_up_view is not None and self.viewer == self.face_up_view:
            return "Face up"
        return self.seat_name(self.viewer)

    def replay_next_view(self):
        views = self.replay_view_choices()
        if len(views) == 1:
            self.toast.show("Each seat's view opens once the game is over; until then the replay "
                            "shows what everyone could see.", seconds=3)
            return
        i = views.index(self.viewer) if self.viewer in views else 0
        self.viewer = views[(i + 1) % len(views)]
        self.on_replay_jump()

    # --- leaving the replay -------------------------------------------------------------------
    def play_from_here(self):
        """A new game from this moment, with the same seats, saved in a file of its own."""
        from . import paths
        from ..engine.savefile import new_save_path
        from .table_registry import table_class
        path = new_save_path(paths.saves_dir(), f"{self.game.id}-from-{self.replay_index}")
        try:
            match = self.replay.match_at(self.replay_index, autosave_path=path)
            if match.is_over():
                self.toast.show("The game is over at this point: go back to play from an "
                                "earlier moment.", kind="error")
                return None
            match.save(path)
        except (OSError, SaveError) as exc:
            self.toast.show(f"Cannot start from here: {exc}", kind="error")
            return None
        self.app.reset(self.app.home_factory(self.app), table_class(self.game.id)(self.app, match))
        return path

    def export_story(self):
        """Write the game's story (one sentence per action, the scores) next to the saves."""
        from . import paths
        path = paths.saves_dir() / f"{self.game.id}-story-{time.strftime('%Y%m%d-%H%M%S')}.txt"
        try:
            atomic_write_text(str(path), story(self.replay))
        except OSError as exc:
            self.toast.show(f"Cannot write the story: {exc}", kind="error")
            return None
        self.toast.show(f"The story is saved as {path.name} (in the saves folder).", seconds=3)
        return path

    # --- input and drawing --------------------------------------------------------------------
    def replay_key(self, event) -> bool:
        k = event.key
        if k == pygame.K_SPACE:
            self.replay_toggle()
        elif k == pygame.K_RIGHT:
            self.replay_forward()
        elif k == pygame.K_LEFT:
            self.replay_back()
        elif k == pygame.K_HOME:
            self.replay_seek(0)
        elif k == pygame.K_END:
            self.replay_seek(len(self.replay))
        elif k == pygame.K_PAGEUP:
            self.replay_round(-1)
        elif k == pygame.K_PAGEDOWN:
            self.replay_round(1)
        elif k in (pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.replay_faster(1)
        elif k in (pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.replay_faster(-1)
        elif k == pygame.K_v:
            self.replay_next_view()
        else:
            return False
        return True

    def replay_regions(self) -> dict:
        self.fit_log_above_bar()
        return self.replay_bar.layout()

    def fit_log_above_bar(self):
        """A table without a prompt bar: its log panel ends above the replay's bar."""
        bar = self.replay_bar.bar_rect()
        log = self.log
        if log.rect.colliderect(bar) and log.rect.y < bar.y - 60:
            from . import art
            from . import theme as T
            log.rect.h = bar.y - 6 - log.rect.y
            log._bg = art.panel(log.rect.size, colour=(40, 28, 18), border=T.DUNE_DARK, alpha=210)

    def draw_replay_status(self, surf):
        self.fit_log_above_bar()
        if self.face_up_on():
            self.draw_face_up(surf)
        self.replay_bar.draw(surf)

    def replay_status_rect(self):
        return self.replay_bar.bar_rect()


__all__ = ["FACE_UP", "INSTANT", "REPLAY_SPEEDS", "ReplayMixin", "build_replay",
           "keep_replay"]
