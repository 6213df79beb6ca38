"""A game in progress: setup, state and the action log; undo, save = replay, autosave.

A save file *is* a replay: the setup, the log of ``(tick, seat, action)`` and the hash of the
state after each action. Loading replays the log and checks every hash, so a save that does not
match the rules as they are now is reported at the first action that differs.

Undo follows Board Game Arena's policy: an action can be taken back only by the seat that made
it, only while it was the last action, and never past a point where chance was used or hidden
information was revealed, another seat acted, or the active seat changed.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass

from .errors import IllegalAction, SaveError
from .game import Action, Event, Game, Setup
from .store import WRITER, atomic_write_text, canonical, state_hash

SAVE_FORMAT = "sandsofplay-save"
SAVE_VERSION = 1


@dataclass(frozen=True, slots=True)
class LogEntry:
    tick: int
    seat: int
    action: Action

    def to_json(self) -> list:
        return [self.tick, self.seat, str(self.action)]


class Match:
    """Wraps a game state with its setup and log.

    ``hashes`` is off for fast headless runs that do not save (``track_hashes=False``).
    """

    def __init__(self, game: Game, setup: Setup, *, autosave_path: str | None = None,
                 track_hashes: bool = True, keep_undo: bool = True):
        self.game = game
        self.setup = setup
        self.state = game.new_state(setup)
        self.log: list[LogEntry] = []
        self.hashes: list[str] = []
        self.track_hashes = track_hashes
        self.keep_undo = keep_undo
        self.version = 0  # bumped on every change of state (actions, time events, undo)
        self.autosave_path = autosave_path
        self.autosave_async = False  # the app writes autosaves on a worker thread
        # undo stack: (state before, barrier reason or "") for each log entry since the last barrier
        self._undo: list[tuple[object, str]] = []
        self.listeners: list = []  # callables(events) told of every applied action and advance

    # --- playing ------------------------------------------------------------------------------
    @property
    def tick(self) -> int:
        return self.game.now(self.state)

    def is_over(self) -> bool:
        return self.game.outcome(self.state) is not None

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        """Apply an action for a seat; raises ``IllegalAction`` and changes nothing if illegal."""
        if isinstance(action, str):
            try:
                action = Action.parse(action)
            except ValueError as exc:
                raise IllegalAction(f"'{action}' is not an action: {exc}", "action format") from None
        game, state = self.game, self.state
        if self.is_over():
            raise IllegalAction("The game is over.", "end of the game")
        before = game.clone(state) if self.keep_undo else None
        rng_before = game.rng_state(state)
        to_act_before = tuple(game.to_act(state))
        events = game.apply(state, seat, action)
        barrier = ""
        revealed = next((e for e in events if e.reveal), None)
        if revealed is not None:
            # name what was revealed (often what followed the action on its own: a draw, a roll)
            barrier = "it revealed hidden information" + (f" ({revealed.text.rstrip('.')})"
                                                           if revealed.text else "")
        elif game.rng_state(state) != rng_before:
            barrier = "it used chance (a shuffle, a draw or a roll)"
        elif tuple(game.to_act(state)) != to_act_before:
            barrier = "the turn passed on"
        self.log.append(LogEntry(game.now(state), seat, action))
        if self.track_hashes:
            self.hashes.append(state_hash(game, state))
        if barrier or not self.keep_undo:
            self._undo.clear()
        else:
            self._undo.append((before, ""))
        self.version += 1
        self._last_barrier_reason = barrier
        self._autosave()
        for listener in self.listeners:
            listener(events)
        return events

    def advance(self, ticks: int) -> list[Event]:
        if ticks <= 0:
            return []
        events = self.game.advance(self.state, ticks)
        if events:
            self.version += 1
            self._undo.clear()
            self._last_barrier_reason = "time ran on"
            self._autosave()
            for listener in self.listeners:
                listener(events)
        return events

    # --- undo ---------------------------------------------------------------------------------
    def can_undo(self, seat: int) -> tuple[bool, str]:
        if not self.log:
            return False, "Nothing has been played yet."
        last = self.log[-1]
        if last.seat != seat:
            return False, "Another player acted since; only your own last action can be undone."
        if not self._undo:
            reason = getattr(self, "_last_barrier_reason", "") or "the game moved on"
            return False, f"That action cannot be undone: {reason}."
        ok, why = self.game.undo_allowed(self.state)
        if not ok:
            return False, why
        return True, ""

    def undo(self, seat: int) -> None:
        ok, why = self.can_undo(seat)
        if not ok:
            raise IllegalAction(why, "undo")
        before, _ = self._undo.pop()
        # undo takes back the action, not the time: bring the restored state to the current
        # tick (quiet time only - a game whose clock matters vetoes undo in undo_allowed)
        now = self.game.now(self.state)
        if self.game.now(before) < now:
            self.game.advance(before, now - self.game.now(before))
        self.state = before
        self.version += 1
        self.log.pop()
        if self.track_hashes and self.hashes:
            self.hashes.pop()
        self._autosave()

    # --- save / load / replay -----------------------------------------------------------------
    def to_save(self) -> dict:
        hashes = self.hashes if self.track_hashes else []
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game.id,
            "setup": self.setup.to_json(),
            "log": [e.to_json() for e in self.log],
            "hashes": hashes,
            "final_tick": self.tick,
            "finished": self.is_over(),
            "saved_at": time.strftime("%Y-%m-%d %H:%M:%S"),
        }

    def save(self, path: str) -> None:
        atomic_write_text(path, json.dumps(self.to_save(), indent=1))

    def _autosave(self) -> None:
        if self.autosave_path:
            if self.autosave_async:
                WRITER.submit(self.autosave_path, json.dumps(self.to_save(), indent=1))
                return
            try:
                self.save(self.autosave_path)
            except OSError:
                pass  # a failed autosave must never stop play; the next action tries again

    @staticmethod
    def flush_autosave() -> None:
        """Wait for autosaves written in the background."""
        WRITER.flush()

    @staticmethod
    def read_save(path: str) -> dict:
        """Read and check the outer shape of a save file; raises ``SaveError`` with a clear message."""
        name = os.path.basename(path)
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except FileNotFoundError:
            raise SaveError(f"No save file at {path}.") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise SaveError(f"Cannot read the save file {name}: {exc}.") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SaveError(f"The save file {name} is damaged (not valid JSON at line {exc.lineno},"
                            f" column {exc.colno}). It was left untouched.") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError(f"{name} is not a sandsofplay save file.")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(f"{name} is a save of version {data.get('version')}; this version of "
                            f"sandsofplay reads version {SAVE_VERSION}.")
        for key, kind in (("game", str), ("setup", dict), ("log", list), ("hashes", list)):
            if not isinstance(data.get(key), kind):
                raise SaveError(f"The save file {name} is damaged: '{key}' is missing or malformed.")
        return data

    @classmethod
    def from_save(cls, data: dict, game: Game, *, name: str = "save", verify: bool = True,
                  upto: int | None = None, autosave_path: str | None = None) -> "Match":
        """Rebuild a match by replaying a save's log, checking each state hash."""
        try:
            setup = Setup.from_json(data["setup"])
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"The save file {name} is damaged: bad setup ({exc}).") from None
        if setup.game != game.id:
            raise SaveError(f"The save file {name} is for {setup.game}, not {game.id}.")
        try:
            match = cls(game, setup)
        except (ValueError, KeyError, TypeError) as exc:
            raise SaveError(f"The save file {name} cannot be set up: {exc}.") from None
        log = data["log"]
        hashes = data.get("hashes") or []
        n = len(log) if upto is None else min(upto, len(log))
        for i, entry in enumerate(log[:n]):
            try:
                tick, seat, text = int(entry[0]), int(entry[1]), str(entry[2])
                action = Action.parse(text)
            except (TypeError, ValueError, IndexError):
                raise SaveError(f"The save file {name} is damaged: action #{i + 1} is malformed "
                                f"({entry!r}).") from None
            if tick < match.tick:
                raise SaveError(f"The save file {name} is damaged: action #{i + 1} goes back in time.")
            match.advance(tick - match.tick)
            try:
                match.apply(seat, action)
            except IllegalAction as exc:
                raise SaveError(f"The save file {name} does not replay: action #{i + 1} "
                                f"('{text}' by seat {seat + 1}) is refused: {exc.reason}") from None
            if verify and i < len(hashes) and hashes[i] != match.hashes[-1]:
                raise SaveError(f"The save file {name} does not replay: after action #{i + 1} "
                                f"('{text}' by seat {seat + 1}) the state differs from the one saved"
                                f" (hash {match.hashes[-1]} instead of {hashes[i]}).")
        if upto is None:
            final = data.get("final_tick")
            if isinstance(final, int) and final > match.tick:
                match.advance(final - match.tick)
        match.autosave_path = autosave_path
        return match

    @classmethod
    def load(cls, path: str, resolve_game, **kw) -> "Match":
        """Load a save; ``resolve_game(id)`` returns the Game or raises KeyError."""
        data = cls.read_save(path)
        try:
            game = resolve_game(data["game"])
        except KeyError:
            raise SaveError(f"The save file {os.path.basename(path)} is for an unknown game "
                            f"{data['game']!r}.") from None
        return cls.from_save(data, game, name=os.path.basename(path), **kw)

    def fingerprint(self) -> str:
        return state_hash(self.game, self.state)

    def __repr__(self):
        return f"Match({self.game.id}, {len(self.log)} actions, tick {self.tick})"


def replay_states(data: dict, game: Game):
    """Yield (entry_index, match) after each action of a save, for the replay viewer."""
    match = Match(game, Setup.from_json(data["setup"]), track_hashes=False)
    yield -1, match
    for i, entry in enumerate(data["log"]):
        tick, seat, text = int(entry[0]), int(entry[1]), str(entry[2])
        match.advance(tick - match.tick)
        match.apply(seat, Action.parse(text))
        yield i, match


__all__ = ["Match", "LogEntry", "replay_states", "canonical"]
