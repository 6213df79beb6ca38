"""A game in progress: setup, state and the action log; undo, save = replay, autosave.

A save file *is* a replay: the setup, the log of ``(tick, seat, action)`` and the hash of the
state after each action. Loading replays the log and checks every hash, so a save that does not
match the rules as they are now is reported at the first action that differs. The save's
``version`` names the hash function (``savefile.CHECK_HASH``): version 2 hashes a cheap exact
form of the state (a few microseconds), version-1 saves verify with their canonical-JSON hash.

Undo follows Board Game Arena's policy: an action can be taken back only by the seat that made
it, only while it was the last action, and never past a point where chance was used or hidden
information was revealed, another seat acted, or the active seat changed.

Undo costs nothing while nobody undoes: instead of a copy of the state before every action, the
match keeps a copy of one earlier state (a *base*, taken again at most every ``UNDO_EVERY``
actions) and rebuilds the state before an action by replaying the log from the base - the same
replay a save is. The match owns its state: code that replaces ``match.state`` is noticed (undo
starts again from there); code that changes it in place by hand (a test scenario) calls
``state_edited()``.

Check hashes cost nothing either while nobody reads them: a match that autosaves hashes each
state as it is played; one that does not (a bot's or a tool's match, a test) keeps a copy of the
first state it has not hashed (the *hash cursor*) and, when the hashes are read (``hashes``,
``save``, ``snapshot``, ``to_save``), replays the log on that copy from there, hashing each state:
the same hashes, worked out once each, when they are needed.
"""

from __future__ import annotations

import json
import os
import time
from json.encoder import encode_basestring_ascii as _quote_json
from typing import NamedTuple

from . import savefile
from .errors import IllegalAction, SaveError
from .game import Action, Event, Game, Setup, run_steps
from .savefile import SAVE_FORMAT, SAVE_VERSION, SEP, SaveSnapshot, check_hasher, quote
from .marks import marks_of, text_marks
from .store import WRITER, atomic_write_text, canonical, state_hash

UNDO_EVERY = 32  # a new undo base at most this many actions after the last one
NO_UNDO = "this match keeps no undo"  # why nothing can be undone in a match with keep_undo off


class LogEntry(NamedTuple):
    tick: int
    seat: int
    action: Action

    def to_json(self) -> list:
        return [self.tick, self.seat, str(self.action)]


_new_entry = tuple.__new__
_ACTION_JSON: dict = {}  # action -> its text as a JSON string (actions repeat: built once each)


def _action_json(action: Action) -> str:
    text = _ACTION_JSON.get(action)
    if text is None:
        if len(_ACTION_JSON) >= 8192:
            _ACTION_JSON.clear()
        text = _ACTION_JSON[action] = _quote_json(str(action))
    return text


CHUNK = 128  # pieces of save text frozen into one string at a time (see ``_Pieces``)


class _Pieces:
    """The texts of a save's list (its log entries, its hashes), appended and popped at the end
    only, and kept ready for a snapshot in O(length / CHUNK + CHUNK): all but the last
    CHUNK..2*CHUNK pieces are also kept frozen, CHUNK pieces joined by ``SEP`` into one string;
    ``parts()`` is the frozen chunks and the pieces after them, which ``SEP`` joins into the same
    text as all the pieces. Popping into a frozen chunk unfreezes it (its pieces are kept)."""

    __slots__ = ("items", "chunks", "limit")

    def __init__(self):
        self.items: list[str] = []
        self.chunks: list[str] = []
        self.limit = 2 * CHUNK  # the length of ``items`` at which the next chunk is frozen

    def append(self, text: str) -> None:
        items = self.items
        items.append(text)
        if len(items) >= self.limit:
            self.freeze()

    def freeze(self) -> None:
        """Freeze the next CHUNK pieces into one string (there are 2 * CHUNK after the chunks)."""
        done = len(self.chunks) * CHUNK
        self.chunks.append(SEP.join(self.items[done:done + CHUNK]))
        self.limit = (len(self.chunks) + 2) * CHUNK

    def pop(self) -> str:
        text = self.items.pop()
        if len(self.items) < len(self.chunks) * CHUNK:
            self.chunks.pop()
            self.limit = (len(self.chunks) + 2) * CHUNK
        return text

    def parts(self) -> tuple:
        return tuple(self.chunks) + tuple(self.items[len(self.chunks) * CHUNK:])

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, index):
        return self.items[index]

    def __iter__(self):
        return iter(self.items)


class Match:
    """Wraps a game state with its setup and log.

    ``hashes`` is off for fast headless runs that do not save (``track_hashes=False``).
    """

    # the texts of the events of the replay that built this match (``from_save_steps``,
    # ``keep_texts``), true of the state while ``version`` is still ``replayed_version``
    replayed_texts: list[str | tuple] | None = None
    replayed_marks: dict[str, str] = {}  # of those texts, the ones that begin a round or a turn
    replayed_version = -1
    # (version, RNG position, seats to act or None) after the last action: the next one's before
    _after: tuple | None = None

    def __init__(self, game: Game, setup: Setup, *, autosave_path: str | None = None,
                 track_hashes: bool = True, keep_undo: bool = True,
                 save_version: int = SAVE_VERSION):
        self.game = game
        self.setup = setup
        self.state = game.new_state(setup)
        self.log: list[LogEntry] = []
        self._hashes: list[str] = []  # the check hash after each log entry, as far as worked out
        # the state after the last hashed entry while the hashes lag behind the log (a copy that
        # only the hash replay plays on), else None: the hashes are up to date
        self._hcur = None
        self.hash_as_played = False  # hash each state as it is played even without autosave
        self.track_hashes = track_hashes
        self.keep_undo = keep_undo
        # the save version this match writes; it names the function of the check hashes
        # (``savefile.CHECK_HASH``): a match replayed from an older save keeps its version
        self.save_version = save_version
        self._check_hash = check_hasher(game, save_version)  # state -> the save's check hash
        self.version = 0  # bumped on every change of state (actions, time events, undo)
        self.autosave_path = autosave_path
        self.autosave_async = False  # the app writes autosaves on a worker thread
        # undo: the index of each log entry since the last barrier (each may be taken back, last
        # first); ``_base`` is (a copy of the state before log entry ``i``, ``i``), never played
        # on, that undo replays from; ``_live`` the state object it leads to (a state put in
        # ``self.state`` from outside is noticed by its identity)
        self._undo: list[int] = []
        self._base: tuple[object, int] | None = None
        self._live = None
        self._last_barrier_reason = ""
        self.listeners: list = []  # callables(events) told of every applied action and advance
        # the save's text is kept in pieces, each written once: a log entry's JSON when it is
        # played, so an autosave costs the main thread a copy of references, not a re-encoding;
        # and frozen in chunks as the game grows, so that copy stays short (``_Pieces``)
        self._entry_text = _Pieces()
        self._hash_text = _Pieces()
        self._head_text = (f'{{\n "format": "{SAVE_FORMAT}",\n "version": {save_version},\n'
                           f' "game": {json.dumps(game.id)},\n'
                           f' "setup": {json.dumps(setup.to_json(), sort_keys=True)},\n')

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
            except ValueError:
                raise IllegalAction(f"{quote(action)} is not an action.", "action format") from None
        game, state = self.game, self.state
        if game.outcome(state) is not None:
            raise IllegalAction("The game is over.", "end of the game")
        log = self.log
        undo = self._undo
        if state is not self._live:
            # replaced from outside: nothing before it is taken back, and the hashes of the
            # actions played so far are worked out before the log goes on from a new state
            undo.clear()
            self._base = None
            self._after = None
            if self._hcur is not None:
                self._fill_hashes()
            self._live = state
        keep_undo = self.keep_undo
        if keep_undo:
            base = self._base
            if base is None or (not undo and len(log) - base[1] >= UNDO_EVERY):
                self._base = (game.clone(state), len(log))
            # the RNG's position and the seats to act before the action: as the last action
            # left them (``_after``) while nothing else changed the state, else asked now
            after = self._after
            if after is not None and after[0] == self.version:
                rng_before, to_act_before = after[1], after[2]
                if to_act_before is None:
                    to_act_before = tuple(game.to_act(state))
            else:
                rng_before = game.rng_state(state)
                to_act_before = tuple(game.to_act(state))
        track = self.track_hashes
        if track and self._hcur is None and not (self.autosave_path or self.hash_as_played):
            # nothing reads the hashes now: keep this state to hash from later (see the module)
            self._hcur = game.clone(state)
        try:
            events = game.apply(state, seat, action)
        except IllegalAction as exc:
            if len(exc.reason) <= 300:
                raise
            # a reason that quotes a huge action: keep what a player can read
            raise IllegalAction(quote(exc.reason, 300)[1:-1], exc.rule) from None
        version = self.version = self.version + 1
        if keep_undo:
            barrier = ""
            for e in events:
                if e.reveal:  # name what was revealed (often what followed: a draw, a roll)
                    barrier = "it revealed hidden information" + (
                        f" ({e.text.rstrip('.')})" if e.text else "")
                    break
            rng_after = game.rng_state(state)
            to_act_after = None  # asked only when the barrier needs it (else by the next action)
            if not barrier:
                if rng_after != rng_before:
                    barrier = "it used chance (a shuffle, a draw or a roll)"
                else:
                    to_act_after = tuple(game.to_act(state))
                    if to_act_after != to_act_before:
                        barrier = "the turn passed on"
            self._after = (version, rng_after, to_act_after)
        else:
            barrier = NO_UNDO  # nothing is ever taken back: no barrier to look for
        tick = game.now(state)
        log.append(_new_entry(LogEntry, (tick, seat, action)))
        text = _ACTION_JSON.get(action)
        if text is None:
            text = _action_json(action)
        pieces = self._entry_text
        items = pieces.items
        items.append(f"[{tick}, {seat}, {text}]")
        if len(items) >= pieces.limit:
            pieces.freeze()
        if track and self._hcur is None:
            h = self._check_hash(state)
            self._hashes.append(h)
            pieces = self._hash_text
            items = pieces.items
            items.append(f'"{h}"')
            if len(items) >= pieces.limit:
                pieces.freeze()
        if barrier:
            undo.clear()
        else:
            undo.append(len(log) - 1)
        self._last_barrier_reason = barrier
        if self.autosave_path:
            self._autosave()
        for listener in self.listeners:
            listener(events)
        return events

    def advance(self, ticks: int) -> list[Event]:
        if ticks <= 0:
            return []
        self._after = None  # time may move the RNG or the seats to act without an event
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
        if not self._undo or self.state is not self._live or self._undo[-1] != len(self.log) - 1:
            reason = self._last_barrier_reason or "the game moved on"
            return False, f"That action cannot be undone: {reason}."
        ok, why = self.game.undo_allowed(self.state)
        if not ok:
            return False, why
        return True, ""

    def undo(self, seat: int) -> None:
        ok, why = self.can_undo(seat)
        if not ok:
            raise IllegalAction(why, "undo")
        before = self._state_before(len(self.log) - 1)
        # undo takes back the action, not the time: bring the restored state to the current
        # tick (quiet time only - a game whose clock matters vetoes undo in undo_allowed)
        game = self.game
        now = game.now(self.state)
        if game.now(before) < now:
            game.advance(before, now - game.now(before))
        self._undo.pop()
        self.state = self._live = before
        self.version += 1
        self.log.pop()
        self._entry_text.pop()
        if len(self._hashes) > len(self.log):
            self._hashes.pop()
            self._hash_text.pop()
            self._hcur = None  # it was past the end of the log now

        if self.autosave_path:
            self._autosave()

    def _state_before(self, index: int):
        """A new state equal to the one log entry ``index`` was played on (up to quiet time):
        the base, with the log from it to ``index`` replayed."""
        game = self.game
        base, start = self._base
        state = game.clone(base)
        _replay(game, state, self.log[start:index])
        # the action replayed on it must give the state as it is: if not, the state was changed
        # in place without ``state_edited()``; refuse rather than bring back a state the game
        # never had
        check = game.clone(state)
        _replay(game, check, self.log[index:index + 1])
        now = game.now(self.state)
        if game.now(check) < now:
            game.advance(check, now - game.now(check))
        if self._check_hash(check) != self._check_hash(self.state):
            raise IllegalAction("That action cannot be undone: the game's state was changed "
                                "outside play.", "undo")
        return state

    # --- check hashes -------------------------------------------------------------------------
    @property
    def hashes(self) -> list[str]:
        """The check hash after each action of the log (worked out now if they lag behind)."""
        if self._hcur is not None:
            self._fill_hashes()
        return self._hashes

    def _fill_hashes(self) -> None:
        """Replay the log on the hash cursor from the first entry not hashed, hashing each
        state (see the module docstring)."""
        cur, game, hashes, text = self._hcur, self.game, self._hashes, self._hash_text
        todo = self.log[len(hashes):]
        try:
            for entry in todo:
                _replay(game, cur, (entry,))
                h = self._check_hash(cur)
                hashes.append(h)
                text.append(f'"{h}"')
        except Exception:  # noqa: BLE001 - the state was changed outside play (no state_edited):
            # the log no longer leads to it; record the state as it is, which a load will report
            h = self._check_hash(self.state)
            while len(hashes) < len(self.log):
                hashes.append(h)
                text.append(f'"{h}"')
            self._hcur = None
            return
        if self.autosave_path or self.hash_as_played:
            self._hcur = None  # from now on each state is hashed as it is played

    def state_edited(self) -> None:
        """The state was changed in place by hand (test scenarios): undo starts again from
        here (nothing played before is taken back)."""
        self._live = None
        self._after = None
        self._undo.clear()

    # --- save / load / replay -----------------------------------------------------------------
    def to_save(self) -> dict:
        hashes = self.hashes[:] if self.track_hashes else []
        return {
            "format": SAVE_FORMAT,
            "version": self.save_version,
            "game": self.game.id,
            "setup": self.setup.to_json(),
            "log": [e.to_json() for e in self.log],
            "hashes": hashes,
            "final_tick": self.tick,
            "finished": self.is_over(),
            "saved_at": time.strftime("%Y-%m-%d %H:%M:%S"),
        }

    def snapshot(self) -> "SaveSnapshot":
        """An immutable picture of the save as it is now (cheap: tuples of ready-made pieces);
        ``str(snapshot)`` is the save file's text, the same content as ``to_save()``."""
        if self._hcur is not None:
            self._fill_hashes()
        return SaveSnapshot(self._head_text, self._entry_text.parts(),
                            self._hash_text.parts() if self.track_hashes else (),
                            self.tick, self.is_over(), time.strftime("%Y-%m-%d %H:%M:%S"))

    def save(self, path: str) -> None:
        atomic_write_text(path, str(self.snapshot()))
        savefile.note_good(path)

    def _autosave(self) -> None:
        if self.autosave_path:
            if self.autosave_async:
                # the worker thread joins the pieces and writes; the frame only takes the snapshot
                WRITER.submit(self.autosave_path, self.snapshot())
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
    def read_save(path: str, resolve_game=None) -> dict:
        """Read a save file and check it against the save schema (``engine.savefile``); raises
        ``SaveError`` with a clear message. The file is never changed."""
        return savefile.read_save(path, resolve_game)

    @classmethod
    def from_save(cls, data: dict, game: Game, *, name: str = "save", verify: bool = True,
                  upto: int | None = None, autosave_path: str | None = None) -> "Match":
        """Rebuild a match by replaying a save's log, checking each state hash."""
        return run_steps(cls.from_save_steps(data, game, name=name, verify=verify, upto=upto,
                                             autosave_path=autosave_path))

    @classmethod
    def from_save_steps(cls, data: dict, game: Game, *, name: str = "save", verify: bool = True,
                        upto: int | None = None, autosave_path: str | None = None,
                        checked: bool = False, keep_texts: bool = False):
        """``from_save`` a step at a time: a generator that yields ``(done, total)`` after
        each action replayed (and once before the first) and returns the match (the value of
        its ``StopIteration``). It raises the same ``SaveError`` at the same action. The app's
        loading scene runs it a slice of each frame (``ui.scenes.loading``);
        ``engine.game.run_steps`` runs it at once. ``checked``: ``data`` has just been through
        the save's check (``read_save``), which is then not repeated. ``keep_texts``: the
        texts of the events the replay made are kept in ``replayed_texts`` (a resumed table's
        log shows the last of them without playing the log once more); an action whose
        events say nothing is kept as ``(seat, the rules' sentence of it, the action)``."""
        if not checked:
            savefile.validate(data, name, game)
        try:
            setup = Setup.from_json(data["setup"])
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"The save file {name} is damaged: bad setup ({exc}).") from None
        if setup.game != game.id:
            raise SaveError(f"The save file {name} is for {setup.game}, not {game.id}.")
        try:
            match = cls(game, setup, save_version=data["version"])
        except (ValueError, KeyError, TypeError) as exc:
            raise SaveError(f"The save file {name} cannot be set up: {exc}.") from None
        match.hash_as_played = verify  # each hash is compared as the log is played
        said = None  # (seat, the action said of the state before it), for keep_texts
        if keep_texts:
            texts = match.replayed_texts = []
            marks = match.replayed_marks = {}
            begins = marks_of(game)

            def keep(events):
                marks.update(text_marks(begins, events))
                start = len(texts)
                texts.extend(e.text for e in events if e.text)
                if len(texts) == start and said is not None:
                    texts.append(said)  # an action whose events say nothing: the action said
            match.listeners.append(keep)
        log = data["log"]
        hashes = data.get("hashes") or []
        n = len(log) if upto is None else min(upto, len(log))
        yield 0, n
        for i, entry in enumerate(log[:n]):
            tick, seat, text = entry  # checked by the schema
            action = Action.parse(text)
            if tick < match.tick:
                raise SaveError(f"The save file {name} is damaged: action #{i + 1} goes back in "
                                f"time.")
            try:
                said = None
                match.advance(tick - match.tick)
                if keep_texts:
                    said = (seat, _said(game, match.state, seat, action), action)
                match.apply(seat, action)
                said = None
            except IllegalAction as exc:
                raise SaveError(f"The save file {name} does not replay: action #{i + 1} "
                                f"({quote(text)} by seat {seat + 1}) is refused: "
                                f"{quote(exc.reason, 200)[1:-1]}") from None
            except Exception as exc:  # noqa: BLE001 - rules that choke on odd input: say where
                raise SaveError(f"The save file {name} does not replay: action #{i + 1} "
                                f"({quote(text)} by seat {seat + 1}) cannot be played "
                                f"({type(exc).__name__}).") from None
            if verify and i < len(hashes) and hashes[i] != match.hashes[-1]:
                raise SaveError(f"The save file {name} does not replay: after action #{i + 1} "
                                f"({quote(text)} by seat {seat + 1}) the state differs from the "
                                f"one saved (hash {match.hashes[-1]} instead of "
                                f"{quote(hashes[i], 24)[1:-1]}).")
            yield i + 1, n
        if upto is None:
            final = data.get("final_tick")
            if isinstance(final, int) and final > match.tick:
                try:
                    match.advance(final - match.tick)
                except Exception as exc:  # noqa: BLE001
                    raise SaveError(f"The save file {name} does not replay: the time after the "
                                    f"last action cannot be run ({type(exc).__name__}).") from None
        match.autosave_path = autosave_path
        match.hash_as_played = False
        if keep_texts:
            match.listeners.remove(keep)
            match.replayed_version = match.version
        return match

    @classmethod
    def load(cls, path: str, resolve_game, **kw) -> "Match":
        """Load a save; ``resolve_game(id)`` returns the Game or raises KeyError."""
        data = cls.read_save(path)
        name = os.path.basename(path)
        game = savefile.game_for(data, resolve_game, name)
        return cls.from_save(data, game, name=name, **kw)

    def fingerprint(self) -> str:
        """The state's hash (``store.state_hash``: the same in every save version)."""
        return state_hash(self.game, self.state)

    def check_hash(self) -> str:
        """The state's check hash as this match's saves record it (see ``save_version``)."""
        return self._check_hash(self.state)

    def __repr__(self):
        return f"Match({self.game.id}, {len(self.log)} actions, tick {self.tick})"


def _said(game, state, seat, action) -> str:
    """The rules' sentence of an action, said of the state before it ("" if none is made)."""
    try:
        return game.describe(state, seat, action)
    except Exception:  # noqa: BLE001 - a sentence that cannot be made is left out
        return ""


def _replay(game, state, entries) -> None:
    """Play log entries on a state, running time on to each one's tick first."""
    for entry in entries:
        now = game.now(state)
        if entry.tick > now:
            game.advance(state, entry.tick - now)
        game.apply(state, entry.seat, entry.action)


__all__ = ["Match", "LogEntry", "SaveSnapshot", "canonical"]
