"""Watching a save: fast seeks from periodic snapshots, the marks of a timeline, the story.

A :class:`Replay` plays a save's log once (checking every recorded state hash, as loading does)
and keeps a clone of the state every ``every`` actions. Position ``i`` is the state after the
first ``i`` actions (``0``: the set-up), at the tick of action ``i``; ``state_at(i)`` clones the
nearest snapshot at or before ``i`` and plays at most ``every - 1`` actions on, so going back or
jumping anywhere costs the same small amount in a game of any length.

The timeline's marks come from the play itself:

* ``round`` and ``phase``: the state's ``round`` / ``phase`` (an attribute or a key) changed;
* ``turn``: the seats to act changed;
* ``moment``: an event of a kind the game names as a big moment. A game names them in
  ``replay_moments`` (a dict ``event kind -> label``, an optional attribute of the Game); the
  games without one use :data:`MOMENTS` below.

A mark at position ``i`` points at the state right after the action that made it, whose hash the
save recorded as ``hashes[i - 1]``.

The last position is the end of the save: a real-time game whose clock ran on after its last
action (a Sands of Adventure game lost when the sand ran out: ``final_tick`` past the last
action's tick) is run on to ``final_tick`` there (the game's ``advance``), so the outcome, the
marks and log lines of that time (``end_texts``) and ``state_at(len(replay))`` show how the game
ended; ``hash_at`` the last position is then that state's hash.

:func:`story` turns the log into readable text: a line per action, told by its events (the
action said when they say nothing), under round headings and turn headings (where the game's
events begin a turn, ``marks.py``), then the final scores as a table (and an ``ending``'s lines:
``ui.story`` gives the results' breakdown). Pure Python: no pygame.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from . import savefile
from .errors import IllegalAction, SaveError
from .game import Action, Game, Setup, run_steps
from .marks import TURN, marks_of, text_marks
from .match import LogEntry, Match
from .savefile import quote

# the big moments of each game, by event kind (a Game's own ``replay_moments`` wins)
MOMENTS: dict[str, dict[str, str]] = {
    "sands_of_adventure": {"timer_flipped": "Sand timer flipped",
                           "villain_defeated": "Villain defeated"},
    "sahwari": {"gm_turn": "Guildmaster turn", "sandstorm": "Sandstorm", "attack": "Attack",
                "attack_caravan": "Attack on a caravan", "end_triggered": "The end is near"},
    "sand": {"deliver": "Delivery", "reward": "Reward", "alh_deliver": "Alhazred delivers"},
    "burning_sands": {"battle": "Battle", "raid": "Raid", "duel": "Duel",
                      "razed": "A City Section falls", "eliminated": "A player is out"},
}

# what each game calls its rounds: (the state's field, the word); a Game's own ``replay_round``
# wins, and a game not named here counts ``round`` as "Round"
ROUNDS: dict[str, tuple[str, str]] = {
    "sand": ("round", "Workday"),
    "burning_sands": ("turn", "Turn"),
}

DEFAULT_EVERY = 8  # actions between snapshots


@dataclass(frozen=True, slots=True)
class Mark:
    index: int  # the position it points at (state after ``index`` actions)
    kind: str  # "round", "phase", "turn" or "moment"
    label: str


def _field(state, name):
    v = getattr(state, name, None)
    if v is None and isinstance(state, dict):
        v = state.get(name)
    return v if isinstance(v, (int, str)) and not isinstance(v, bool) else None


def rounds_of(game: Game) -> tuple[str, str]:
    own = getattr(game, "replay_round", None)
    if isinstance(own, tuple) and len(own) == 2:
        return own
    return ROUNDS.get(game.id, ("round", "Round"))


def moments_of(game: Game) -> dict:
    own = getattr(game, "replay_moments", None)
    return dict(own) if isinstance(own, dict) else dict(MOMENTS.get(game.id, {}))


class Replay:
    """A save made watchable. Raises ``SaveError`` (a sentence a player can read) when the save
    cannot be used: damaged, of another save version, or no longer replaying under the rules."""

    def __init__(self, data: dict, game: Game, *, name: str = "replay", every: int = DEFAULT_EVERY,
                 verify: bool = True):
        run_steps(self._build(data, game, name, every, verify, False))

    @classmethod
    def steps(cls, data: dict, game: Game, *, name: str = "replay", every: int = DEFAULT_EVERY,
              verify: bool = True, checked: bool = False):
        """The replay built a step at a time: a generator that yields ``(done, total)`` after
        each action played (and once before the first) and returns the ``Replay`` (as
        ``Match.from_save_steps``); the same ``SaveError`` at the same action as building it at
        once. ``checked``: ``data`` has just been through the save's check (``read_save``)."""
        rep = cls.__new__(cls)
        return (yield from rep._build(data, game, name, every, verify, checked))

    def _build(self, data, game, name, every, verify, checked):
        if not checked:
            savefile.validate(data, name, game)
        try:
            self.setup = Setup.from_json(data["setup"])
            match = Match(game, self.setup, track_hashes=False, keep_undo=False,
                          save_version=data["version"])
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"The save file {name} cannot be set up: {exc}.") from None
        self.data, self.game, self.name = data, game, name
        self.check_hash = savefile.CHECK_HASH[data["version"]]  # the save's own hash function
        self.every = max(1, int(every))
        self.entries: list[LogEntry] = []
        self.sentences: list[str] = []  # what each action did, in words
        self.texts: list[list[str]] = []  # the log lines each action (and the time before) made
        self.clock_lines: list[int] = []  # of each action's texts, how many the time before made
        self.marks: list[Mark] = []
        self.log_marks: dict[str, str] = {}  # the texts that begin a round or a turn (marks.py)
        begins = marks_of(game)
        self.snaps: dict[int, object] = {0: game.clone(match.state)}
        recorded = data.get("hashes") or []
        self.hashes: list[str] = []
        moments = moments_of(game)
        round_field, round_word = rounds_of(game)
        state = match.state
        was = (_field(state, round_field), _field(state, "phase"), tuple(game.to_act(state)))
        if was[0] is not None:
            self.marks.append(Mark(0, "round", f"{round_word} {was[0]}"))
        total = len(data["log"])
        yield 0, total
        for i, (tick, seat, text) in enumerate(data["log"]):
            action = Action.parse(text)
            events = []
            try:
                if tick > match.tick:
                    events += game.advance(match.state, tick - match.tick)
                clock = sum(1 for e in events if e.text)
                self.sentences.append(_sentence(game.describe(match.state, seat, action)))
                events += match.apply(seat, action)
            except IllegalAction as exc:
                raise SaveError(f"The save file {name} does not replay: action #{i + 1} "
                                f"({quote(text)} by seat {seat + 1}) is refused: "
                                f"{quote(exc.reason, 200)[1:-1]}") from None
            except Exception as exc:  # noqa: BLE001 - say where the rules choked
                raise SaveError(f"The save file {name} does not replay: action #{i + 1} "
                                f"({quote(text)} by seat {seat + 1}) cannot be played "
                                f"({type(exc).__name__}).") from None
            state = match.state
            h = self.check_hash(game, state)
            if verify and i < len(recorded) and recorded[i] != h:
                raise SaveError(f"The save file {name} does not replay: after action #{i + 1} "
                                f"({quote(text)} by seat {seat + 1}) the state differs from the "
                                f"one saved (hash {h} instead of {quote(recorded[i], 24)[1:-1]}).")
            self.hashes.append(h)
            self.entries.append(LogEntry(tick, seat, action))
            self.texts.append([e.text for e in events if e.text])
            self.clock_lines.append(clock)
            self.log_marks.update(text_marks(begins, events))
            pos = i + 1
            was = self._mark(pos, was, state, events, moments, round_word, round_field)
            if pos % self.every == 0:
                self.snaps[pos] = game.clone(state)
            yield pos, total
        self.final_tick = int(data.get("final_tick") or match.tick)
        self.finished = bool(data.get("finished"))
        # the time after the last action (the clock ran on to the save's final tick)
        self.end_texts: list[str] = []
        self._end = None  # the state at the final tick, when the clock ran on after the log
        self._end_hash = ""
        if self.final_tick > match.tick:
            try:
                events = game.advance(state, self.final_tick - match.tick)
            except Exception as exc:  # noqa: BLE001 - say where the rules choked
                raise SaveError(f"The save file {name} does not replay: the time after the last "
                                f"action cannot be run ({type(exc).__name__}).") from None
            self.end_texts = [e.text for e in events if e.text]
            self.log_marks.update(text_marks(begins, events))
            self._mark(len(self.entries), was, state, events, moments, round_word, round_field)
            self._end = game.clone(state)
            self._end_hash = self.check_hash(game, state)
        self.outcome = game.outcome(state)
        return self

    def _mark(self, pos, was, state, events, moments, round_word, round_field):
        """The marks a change at ``pos`` made (rounds, phases, turns, big moments); returns the
        round, phase and seats to act now (what the next change is compared with)."""
        seats = self.setup.seats
        now = (_field(state, round_field), _field(state, "phase"),
               tuple(self.game.to_act(state)))
        if now[0] is not None and now[0] != was[0]:
            self.marks.append(Mark(pos, "round", f"{round_word} {now[0]}"))
        if now[1] is not None and now[1] != was[1]:
            self.marks.append(Mark(pos, "phase", f"Phase: {now[1]}".replace("_", " ")))
        if now[2] != was[2] and now[2]:
            who = " and ".join(seats[s].name or f"Seat {s + 1}" for s in now[2])
            self.marks.append(Mark(pos, "turn", f"{who} to act"))
        for e in events:
            if e.kind in moments:
                self.marks.append(Mark(pos, "moment", _sentence(e.text) or moments[e.kind]))
        return now

    # --- positions ----------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.entries)

    def state_at(self, index: int):
        """A fresh state after ``index`` actions (clamped to the log), at that action's tick; the
        last position at the save's final tick (the clock run on after the last action)."""
        index = max(0, min(len(self.entries), int(index)))
        if index == len(self.entries) and self._end is not None:
            return self.game.clone(self._end)
        base = index - index % self.every
        while base not in self.snaps:  # (snapshots are every ``every`` actions from 0)
            base -= self.every
        game = self.game
        state = game.clone(self.snaps[base])
        for entry in self.entries[base:index]:
            now = game.now(state)
            if entry.tick > now:
                game.advance(state, entry.tick - now)
            game.apply(state, entry.seat, entry.action)
        return state

    def hash_at(self, index: int) -> str:
        """The state hash the play recorded at a position (the set-up's for 0; at the last
        position, the state's at the final tick when the clock ran on after the last action)."""
        if index >= len(self.entries) and self._end is not None:
            return self._end_hash
        if index <= 0:
            return self.check_hash(self.game, self.snaps[0])
        return self.hashes[min(index, len(self.hashes)) - 1]

    def match_at(self, index: int, *, autosave_path: str | None = None) -> Match:
        """A new match at a position, with the log up to it, ready to be played on ("Play from
        here"): the same set-up and seats; its saves are its own (the replay is not touched).
        At the last position its clock is at the save's final tick (as ``state_at``)."""
        index = max(0, min(len(self.entries), int(index)))
        match = Match(self.game, self.setup, track_hashes=True,
                      save_version=self.data["version"])
        for entry in self.entries[:index]:
            if entry.tick > match.tick:
                match.advance(entry.tick - match.tick)
            match.apply(entry.seat, entry.action)
        if index == len(self.entries) and self.final_tick > match.tick:
            match.advance(self.final_tick - match.tick)
        match._undo.clear()  # nothing before the branch point is taken back
        match.autosave_path = autosave_path
        return match

    def round_marks(self) -> list[Mark]:
        """The marks PgUp / PgDn go by: rounds, or turns in a game without rounds."""
        rounds = [m for m in self.marks if m.kind == "round"]
        return rounds or [m for m in self.marks if m.kind == "turn"]

    def next_mark(self, index: int, step: int, marks=None) -> int:
        """The position of the next (``step`` > 0) or previous mark from ``index``."""
        spots = sorted({0, len(self.entries), *(m.index for m in (marks or self.marks))})
        if step > 0:
            return next((p for p in spots if p > index), len(self.entries))
        return next((p for p in reversed(spots) if p < index), 0)

    def tick_at(self, index: int) -> int:
        if index >= len(self.entries) and self._end is not None:
            return self.final_tick
        return self.entries[index - 1].tick if index > 0 else 0


_PLAYER_N = re.compile(r"\bPlayer ([1-9])\b")


def named(text: str, seats) -> str:
    """A rules sentence with the players' names for "Player N" (as the table's log says it)."""
    if "Player " not in text:
        return text

    def name(m):
        k = int(m.group(1)) - 1
        return (seats[k].name or m.group(0)) if k < len(seats) else m.group(0)
    return _PLAYER_N.sub(name, text)


def _sentence(text: str) -> str:
    text = (text or "").strip()
    if text and text[-1] not in ".!?":
        text += "."
    return text[:1].upper() + text[1:]


def story(replay: Replay, title: str | None = None, ending=None) -> str:
    """The game told in words: round headings (the state's rounds), turn headings where the
    game's events begin a turn (``marks.py``: the Guildmaster's too; a game that names none:
    where the seat to act changes), one numbered line per action - what its events say (the
    dice's faces, the cards revealed, the rivals' moves, the timer...), or the action said when
    they say nothing - with the time's own events between actions, what the time after the
    last action did, the scores; then ``ending(game, state at the end, seats)``'s lines (the
    results' breakdown, ``ui.story``), when given."""
    game, seats = replay.game, replay.setup.seats
    names = [s.name or f"Seat {i + 1}" for i, s in enumerate(seats)]
    lines = [f"# {title or game.title}", ""]
    lines.append("Players: " + ", ".join(
        f"{n} ({'bot, ' + (s.level or 'normal') if s.is_bot else 'human'})"
        for n, s in zip(names, seats)) + ".")
    heads: dict[int, list[Mark]] = {}
    for m in replay.marks:
        if m.kind == "round":
            heads.setdefault(m.index, []).append(m)
    turns = {t for t, m in replay.log_marks.items() if m == TURN}
    by_events = TURN in marks_of(game).values()  # the game's events begin its turns
    said = getattr(replay, "clock_lines", None) is not None and bool(replay.log_marks)
    shown_turn = None
    for i, (entry, sentence) in enumerate(zip(replay.entries, replay.sentences)):
        for m in heads.get(i, []):
            lines += ["", f"## {m.label}"]
            shown_turn = None
        if not by_events and shown_turn != entry.seat:
            lines += ["", f"### {names[entry.seat]}'s turn"]
            shown_turn = entry.seat
        told = named(sentence, seats) or str(entry.action)
        if not said:
            lines.append(f"{i + 1}. {told}")
            continue
        texts = replay.texts[i]
        clock = replay.clock_lines[i]
        lines += _told(texts[:clock], turns, seats, None)  # the time before the action
        lines += _told(texts[clock:], turns, seats, (i + 1, told))
    if replay.end_texts:  # the time after the last action (the sand ran out...)
        lines += ["", "After the last action, time runs on: " + " ".join(
            named(_sentence(t), seats) for t in replay.end_texts)]
    lines += ["", "## Final scores", ""]
    out = replay.outcome
    if out is None:
        lines.append(f"The game was not finished ({len(replay)} actions were played).")
    else:
        width = max(len(n) for n in names + ["Player"])
        lines.append(f"| {'Player'.ljust(width)} | Score | Result |")
        lines.append(f"|{'-' * (width + 2)}|-------|--------|")
        for k, n in enumerate(names):
            score = out.scores[k] if k < len(out.scores) else ""
            result = "wins" if k in out.winners else (out.team or "")
            lines.append(f"| {n.ljust(width)} | {str(score).rjust(5)} | {result.ljust(6)} |")
        if out.detail:
            lines += ["", "How it ended: " + named(_sentence(out.detail), seats)]
        if ending is not None:
            more = ending(game, replay.state_at(len(replay)), seats)
            if more:
                lines += [""] + list(more)
    return "\n".join(lines) + "\n"


def _told(texts, turns, seats, action) -> list[str]:
    """The lines of one action's texts (``action``: its number and sentence, said when its
    texts say nothing) or of the time's (``action`` None): a text that begins a turn is a
    heading, the texts between headings one line (the action's numbered)."""
    out: list[str] = []
    run: list[str] = []

    def flush():
        nonlocal action
        if action is not None:
            said = " ".join(named(_sentence(t), seats) for t in run)
            out.append(f"{action[0]}. {said or action[1]}")
            action = None
        else:  # (after a heading: the Guildmaster's moves, the time's events) a line each
            out.extend(f"   {named(_sentence(t), seats)}" for t in run)
        run.clear()
    for t in texts:
        if t in turns:
            if run or action is not None:
                flush()
            out += ["", f"### {named(_sentence(t), seats)}"]
        else:
            run.append(t)
    if run or action is not None:
        flush()
    return out


def story_path(save_path: str) -> str:
    base, _ = os.path.splitext(os.fspath(save_path))
    return base + "-story.txt"


__all__ = ["MOMENTS", "ROUNDS", "Mark", "Replay", "moments_of", "named", "rounds_of", "story", "story_path"]
