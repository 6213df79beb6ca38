"""The Sand table's pace: Alhazred's turns, the Upkeep and the bots' moves played back as sequences
(``sequence``), skipped with a click or a key, and a resumed game that shows again what its last
action set going.

A part of the table (``SandTable.pace``), told of each action by the table (``before_events``,
then ``play_beats`` after the table's own animations): it has the rules play each action again
with pictures (``sequence.ActionReplay``, which keeps the state before it; only observations
come out), and puts each sequence into the
table's ``tweens`` so bots, the results and the contract tests wait for it. While a sequence
plays, the table draws ``shown_obs()`` (the table as it was at that beat), nobody is offered a
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
    """A part of the Sand table: the sequence playing now, the bots hurried on, and the log
    lines of each action. ``t``: the table (its match, mode, log, tweens, driver, board)."""

    def __init__(self, table):
        self.t = table
        self.seq: Sequence | None = None
        self._hurry = None  # the bots' pace before a click hurried them on (None: not hurrying)
        self._bot_said = None
        self._final_path = None
        self._new_beats: list = []  # the sequence the last action set going (before_events)
        self._lines: list = []  # the log lines of the last action (before_events)
        self._swallow_up = False
        self._released = 0
        self.replay_rules = ActionReplay(table.match)
        if table.mode == "play" and table.match.log:
            self._resume_sequence()

    # --- state --------------------------------------------------------------------------------
    def busy(self) -> bool:
        return self.seq is not None and self.seq.busy

    def shown_obs(self):
        return self.seq.shown() if self.busy() else None

    def key(self):
        return self.seq.key() if self.seq is not None else None

    def hurrying(self) -> bool:
        return self._hurry is not None

    def sequences_shown(self) -> bool:
        """Live play, and a replay going one action at a time (stepped, or playing at up to 2x,
        where it waits for them); never in fast or instant play."""
        if self.t.fast:
            return False
        if self.t.mode == "play":
            return True
        if self.t.mode != "replay":
            return False
        return not getattr(self.t, "replay_instant", False) and \
            (not self.t.replay_playing or self.t.replay_speed <= 2)

    def _seq_viewer(self):
        return None if self.t.viewer == FACE_UP else self.t.viewer

    # --- building -----------------------------------------------------------------------------
    def before_events(self, events) -> list:
        """The match applied an action: its log lines and the sequence it sets going (whose
        log lines are said beat by beat); the table plays it (``play_beats``) once its own
        animations have started."""
        one = self.replay_rules.took_one_action()
        self._lines = self._log_lines(events, one)
        self._new_beats = self._sequence_for(events, one)
        if self._new_beats and not any(b.lines for b in self._new_beats):
            self._new_beats[0].lines = list(self._lines)  # (a bot's move: said as it shows)
        return self._new_beats

    def _log_lines(self, events, one) -> list[str]:
        """Every action has a line in the log: its events' sentences, or the action said."""
        lines = [self.t.named(e.text) for e in events if e.text]
        if not lines and one and self.t.match.log:
            entry = self.t.match.log[-1]
            told = self.replay_rules.said(entry.seat, entry.action)
            if told:
                lines = [said_line(self.t.seat_name(entry.seat), self.t.named(told))]
        return lines

    def say(self):
        """The log lines of the last action, now, unless its sequence says them."""
        if self._new_beats:
            return  # (its sequence says them beat by beat)
        seq = self.seq
        if self.busy() and self._released < len(seq.beats):
            seq.beats[-1].lines.extend(self._lines)  # after the lines of what still plays
            return
        for line in self._lines:
            self.t.log.add(line)

    def _sequence_for(self, events, one) -> list:
        match = self.t.match
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
        names = self.t.seat_name
        if not any(e.kind in TRIGGERS for e in events):
            return build(events, [], {}, names, self.t.named, said)
        viewer = self._seq_viewer()
        # the pictures show what the table shows: everything face up in that view of a replay
        look = self.t.face_up_observation if self.t.face_up_on() else \
            (lambda state: self.t.game.observe(state, viewer))
        shown, snaps, pre_obs = self.replay_rules.pictures(seat, action, events, viewer, look)
        if path is None:
            path = [] if self._final_path is None else self._final_path
        return build(shown, snaps, pre_obs, names, self.t.named, said, path)

    def play_beats(self, beats: list[Beat]) -> None:
        if not beats:
            return
        final = list(self.t.board.alh_path)  # Alhazred's path once this sequence has played
        if self.busy():
            # (only when actions come faster than they are shown, e.g. the kiosk's fast
            # forward: the older sequence is told at once, the newest is shown)
            self.seq.finish()
            if self.seq in self.t.tweens.items:
                self.t.tweens.items.remove(self.seq)
        self._final_path = final
        self.seq = Sequence(beats, on_change=self._beat_changed)
        self._released = 0
        self.t.tweens.add(self.seq)
        self._beat_changed(self.seq)

    def _beat_changed(self, seq):
        upto = min(len(seq.beats), seq.i + 1)
        for beat in seq.beats[self._released:upto]:  # the log says what has been shown
            for line in beat.lines:
                self.t.log.add(line)
        self._released = max(self._released, upto)
        b = seq.current
        if b is None:
            self.t.board.show_path(self._final_path or [])
            return
        if b.path is not None:
            self.t.board.show_path(b.path)
        if b.kind in ("roll", "refill", "alh_load", "alh_deliver", "pick", "keep", "cash"):
            self.t.app.sound.play("click")

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
        self.t.board.show_path(next((b.path for b in reversed(beats) if b.path is not None),
                                    self.t.board.alh_path))
        if beats:
            beats.insert(0, Beat("resume", "Resumed",
                                 "The game goes on from where it was saved; first, what its "
                                 "last move set going plays again.", 60, beats[0].obs,
                                 {}, beats[0].path))
            self.play_beats(beats)

    # --- skipping -----------------------------------------------------------------------------
    def skip(self, hurry: bool = True) -> None:
        """Finish the sequence at once; with ``hurry``, when nobody here is to decide, the bots
        and Alhazred also play on without pace to the next person's decision."""
        if self.busy():
            self.seq.finish()
            if self.seq in self.t.tweens.items:
                self.t.tweens.items.remove(self.seq)
        if hurry and self.t.humans and self.t.mode == "play" and self._hurry is None and \
                not self.t.match.is_over() and self.t.human_to_act() is None:
            self._hurry = self.t.driver.pace_ticks
            self.t.driver.pace_ticks = 0
            now = self.t.ui_ticks
            for seat in self.t.driver.ready:
                self.t.driver.ready[seat] = min(self.t.driver.ready[seat], now)
            self.t.toast.show("Skipping ahead to your next decision...", seconds=1.5)

    @staticmethod
    def _skip_event(event) -> bool:
        return (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or \
            (event.type == pygame.KEYDOWN and event.key not in PASS_KEYS)

    def _skip_input(self, event) -> bool:
        if self.t.mode != "play" or not self._skip_event(event):
            return False
        return self.busy() or (self.t.human_to_act() is None and
                                        not self.t.match.is_over())

    # --- the scene's hooks --------------------------------------------------------------------
    def handle(self, event) -> bool:
        """A click or a key during a sequence skips it; True when that is all it does."""
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1 and \
                self._swallow_up:
            self._swallow_up = False
            return True  # the end of a click that skipped a sequence
        if self.t.mode == "replay" and self.busy() and self._skip_event(event):
            self.skip(hurry=False)  # (then the replay's key or bar does its part)
        elif self._skip_input(event):
            was_playing = self.busy()
            self.skip()
            if was_playing:
                # the click or key only skips: the table shown next is the one to act on
                if event.type == pygame.MOUSEBUTTONDOWN:
                    self._swallow_up = True
                return True
        return False

    def update(self):
        """After the table's frame: a state changed without an action (undo) is kept anew;
        hurried bots slow down again at a person's decision."""
        if self.replay_rules.stale():
            self.replay_rules.keep()  # undo, a reset
        if self._hurry is not None:
            if self.t.human_to_act() is not None or self.t.match.is_over():
                self.t.driver.pace_ticks, self._hurry = self._hurry, None
            else:
                self.t.board.jump_worms()  # the Worms jump to where they are

    def heard(self, seat, text):
        """A bot said what it does (its bubble): the first beat of its sequence says it."""
        self._bot_said = (seat, text)

    def reset(self):
        """The state went back (undo): nothing of the old sequence is shown."""
        if self.busy():
            self.seq.finish()
            if self.seq in self.t.tweens.items:
                self.t.tweens.items.remove(self.seq)
        self.replay_rules.keep()
