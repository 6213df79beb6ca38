"""The Sand table's pace: Alhazred's turns, the Upkeep and the bots' moves played back as sequences
(``sequence``), skipped with a click or a key, and a resumed game that shows again what its last
action set going.

Mixed into the table scene before the base: it listens to the match (after the table's own
``animate``), has the rules play each action again with pictures (``sequence.ActionReplay``,
which keeps the state before it; only observations come out), and puts each sequence into the
table's ``tweens`` so bots, the results and the contract tests wait for it. While a sequence
plays, the table draws ``sequence_obs()`` (the table as it was at that beat), nobody is offered a
decision (the action panel tells the sequence) and the curtain of a hot-seat game waits for its
end. A click or a key (but Esc and P, the pause menu) during a sequence finishes it and does
nothing else, so nobody acts on a table they have not seen; a click while only bots and Alhazred
play also hurries them on, without pace or sequences, to the next person's decision.

A replay plays the same sequences when it goes one action at a time (a step, or playing at up to
2x, where the replay waits for them); a key or a click during one finishes it and then does what
it does at the replay (its bar, its keys). A jump (the timeline, a round, back, the instant
speed) replaces the state and plays none.
"""

from __future__ import annotations

import pygame

from ...ui.table_replay import FACE_UP
from .sequence import TRIGGERS, ActionReplay, Beat, Sequence, build, said_line

PASS_KEYS = (pygame.K_ESCAPE, pygame.K_p)  # these open the pause menu: the sequence waits


class SequencePlayer:
    seq: Sequence | None = None
    _hurry = None  # the bots' pace before a click hurried them on (None: not hurrying)
    _bot_said = None
    replay_rules: ActionReplay | None = None
    _final_path = None
    _new_beats: list = []  # the sequence the last action set going (on_events)
    _lines: list = []  # the log lines of the last action (on_events)

    def init_sequence(self):
        self.seq = None
        self._released = 0
        self.replay_rules = ActionReplay(self.match)
        if self.mode == "play" and self.match.log:
            self._resume_sequence()

    def warm_bots(self):
        """A step of the table's entry (``warm_steps``): the bots' table of fares (their
        heuristic's cache, keyed on the public Camp tiles), so no frame of play pays for it.
        (The first picture of the table is the entry's ``draw_ahead``.)"""
        try:
            if self.driver.bots:
                self.game.heuristic(self.rules.world(), next(iter(self.driver.bots)))
        except Exception:  # noqa: BLE001 - only a head start: the frames do it otherwise
            pass

    # --- state --------------------------------------------------------------------------------
    def sequence_busy(self) -> bool:
        return self.seq is not None and self.seq.busy

    def sequence_obs(self):
        return self.seq.shown() if self.sequence_busy() else None

    def sequence_key(self):
        return self.seq.key() if self.seq is not None else None

    def hurrying(self) -> bool:
        return self._hurry is not None

    def sequences_shown(self) -> bool:
        """Live play, and a replay going one action at a time (stepped, or playing at up to 2x,
        where it waits for them); never in fast or instant play."""
        if self.fast:
            return False
        if self.mode == "play":
            return True
        if self.mode != "replay":
            return False
        return not getattr(self, "replay_instant", False) and \
            (not self.replay_playing or self.replay_speed <= 2)

    def _seq_viewer(self):
        return None if self.viewer == FACE_UP else self.viewer

    # --- building -----------------------------------------------------------------------------
    def on_events(self, events):
        """The match applied an action: its log lines, hint and animations as at every table,
        and the sequence it sets going (whose log lines are said beat by beat)."""
        one = self.replay_rules.took_one_action()
        self._lines = self._log_lines(events, one)
        self._new_beats = self._sequence_for(events, one)
        if self._new_beats and not any(b.lines for b in self._new_beats):
            self._new_beats[0].lines = list(self._lines)  # (a bot's move: said as it shows)
        super().on_events(events)
        self.play_beats(self._new_beats)

    def _log_lines(self, events, one) -> list[str]:
        """Every action has a line in the log: its events' sentences, or the action said."""
        lines = [self.named(e.text) for e in events if e.text]
        if not lines and one and self.match.log:
            entry = self.match.log[-1]
            told = self.replay_rules.said(entry.seat, entry.action)
            if told:
                lines = [said_line(self.seat_name(entry.seat), self.named(told))]
        return lines

    def say_events(self, events):
        if self._new_beats:
            return  # (its sequence says them beat by beat)
        seq = self.seq
        if self.sequence_busy() and self._released < len(seq.beats):
            seq.beats[-1].lines.extend(self._lines)  # after the lines of what still plays
            return
        for line in self._lines:
            self.log.add(line)

    def past_log_lines(self, limit: int) -> list[str]:
        """A resumed game's log as it read live, with a line for every action."""
        try:
            return ActionReplay.past_lines(self.match, self.named, self.seat_name)[-limit:]
        except Exception:  # noqa: BLE001 - the base's way (the actions said) then
            return super().past_log_lines(limit)

    def _sequence_for(self, events, one) -> list:
        match = self.match
        said, self._bot_said = self._bot_said, None
        if not self.sequences_shown() or self._hurry is not None or not match.log:
            return []
        if not one:
            return []
        entry = match.log[-1]
        if said is not None and said[0] != entry.seat:
            said = None
        if said is None and not any(e.kind in TRIGGERS for e in events):
            return []
        return self._beats(entry.seat, entry.action, events, said)

    def _beats(self, seat, action, events, said, path=None) -> list[Beat]:
        names = self.seat_name
        if not any(e.kind in TRIGGERS for e in events):
            return build(events, [], {}, names, self.named, said)
        viewer = self._seq_viewer()
        # the pictures show what the table shows: everything face up in that view of a replay
        look = self.face_up_observation if self.face_up_on() else \
            (lambda state: self.game.observe(state, viewer))
        shown, snaps, pre_obs = self.replay_rules.pictures(seat, action, events, viewer, look)
        if path is None:
            path = [] if self._final_path is None else self._final_path
        return build(shown, snaps, pre_obs, names, self.named, said, path)

    def play_beats(self, beats: list[Beat]) -> None:
        if not beats:
            return
        final = list(self.alh_path)  # Alhazred's path once this sequence has played
        if self.sequence_busy():
            # (only when actions come faster than they are shown, e.g. the kiosk's fast
            # forward: the older sequence is told at once, the newest is shown)
            self.seq.finish()
            if self.seq in self.tweens.items:
                self.tweens.items.remove(self.seq)
        self._final_path = final
        self.seq = Sequence(beats, on_change=self._beat_changed)
        self._released = 0
        self.tweens.add(self.seq)
        self._beat_changed(self.seq)

    def _beat_changed(self, seq):
        upto = min(len(seq.beats), seq.i + 1)
        for beat in seq.beats[self._released:upto]:  # the log says what has been shown
            for line in beat.lines:
                self.log.add(line)
        self._released = max(self._released, upto)
        b = seq.current
        if b is None:
            self.alh_path = list(self._final_path or [])
            return
        if b.path is not None:
            self.alh_path = list(b.path)
        if b.kind in ("roll", "refill", "alh_load", "alh_deliver", "pick", "keep", "cash"):
            self.app.sound.play("click")

    def _resume_sequence(self):
        """A resumed game shows again what its last action set going (Alhazred's turn, the
        Upkeep), rebuilt by playing the log up to that action."""
        got = self.replay_rules.resumed()
        if got is None:
            return
        seat, action, events = got
        if not any(e.kind in TRIGGERS for e in events):
            return
        beats = self._beats(seat, action, events, None, path=[])
        for beat in beats:
            beat.lines = []  # the log has them already
        # (no animation ran for that action: Alhazred's path is the one its beats trace)
        self.alh_path = next((list(b.path) for b in reversed(beats) if b.path is not None),
                             self.alh_path)
        if beats:
            beats.insert(0, Beat("resume", "Resumed",
                                 "The game goes on from where it was saved; first, what its "
                                 "last move set going plays again.", 60, beats[0].obs,
                                 {}, beats[0].path))
            self.play_beats(beats)

    # --- skipping -----------------------------------------------------------------------------
    def skip_sequence(self, hurry: bool = True) -> None:
        """Finish the sequence at once; with ``hurry``, when nobody here is to decide, the bots
        and Alhazred also play on without pace to the next person's decision."""
        if self.sequence_busy():
            self.seq.finish()
            if self.seq in self.tweens.items:
                self.tweens.items.remove(self.seq)
        if hurry and self.humans and self.mode == "play" and self._hurry is None and \
                not self.match.is_over() and self.human_to_act() is None:
            self._hurry = self.driver.pace_ticks
            self.driver.pace_ticks = 0
            now = self.ui_ticks
            for seat in self.driver.ready:
                self.driver.ready[seat] = min(self.driver.ready[seat], now)
            self.toast.show("Skipping ahead to your next decision...", seconds=1.5)

    @staticmethod
    def _skip_event(event) -> bool:
        return (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or \
            (event.type == pygame.KEYDOWN and event.key not in PASS_KEYS)

    def _skip_input(self, event) -> bool:
        if self.mode != "play" or not self._skip_event(event):
            return False
        return self.sequence_busy() or (self.human_to_act() is None and
                                        not self.match.is_over())

    # --- the scene's hooks --------------------------------------------------------------------
    def handle(self, event):
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1 and \
                self.__dict__.pop("_swallow_up", False):
            return  # the end of a click that skipped a sequence
        if self.mode == "replay" and self.sequence_busy() and self._skip_event(event):
            self.skip_sequence(hurry=False)  # (then the replay's key or bar does its part)
        elif self._skip_input(event):
            was_playing = self.sequence_busy()
            self.skip_sequence()
            if was_playing:
                # the click or key only skips: the table shown next is the one to act on
                if event.type == pygame.MOUSEBUTTONDOWN:
                    self.__dict__["_swallow_up"] = True
                return
        super().handle(event)

    def update(self):
        super().update()
        if self.replay_rules is not None and self.replay_rules.stale():
            self.replay_rules.keep()  # undo, a reset
        if self._hurry is not None:
            if self.human_to_act() is not None or self.match.is_over():
                self.driver.pace_ticks, self._hurry = self._hurry, None
            else:
                self.worm_anim.clear()  # the Worms jump to where they are

    def update_viewer(self):
        """The curtain of a hot-seat game waits for the sequence to end."""
        if self.sequence_busy():
            return
        super().update_viewer()

    def announce(self, seat, text):
        self._bot_said = (seat, text)
        super().announce(seat, text)

    def sequence_reset(self):
        """The state went back (undo): nothing of the old sequence is shown."""
        if self.sequence_busy():
            self.seq.finish()
            if self.seq in self.tweens.items:
                self.tweens.items.remove(self.seq)
        self.replay_rules.keep()

    def settle(self):
        """Finish every animation at once (tools: only the next step's are left to show)."""
        self.skip_sequence(hurry=False)
