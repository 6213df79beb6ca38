"""The game protocol every game implements (see DESIGN.md, "The game protocol").

A game is a stateless object describing the rules; all that changes lives in a mutable state
object that the game creates with ``new_state(setup)``. The shape follows OpenSpiel's
Game/State split and boardgame.io's "moves are data":

* ``to_act(state)`` - the seats that may act now (several in real-time phases, none at the end);
* ``legal_actions(state, seat)`` - every legal action, in a deterministic order;
* ``apply(state, seat, action)`` - mutate the state, return events; an illegal action raises
  ``IllegalAction(reason, rule)`` and changes nothing;
* ``advance(state, ticks)`` - real-time games only: move simulation time forward;
* ``observe(state, seat)`` / ``determinize(observation, rng)`` - what a seat may see, and a full
  state consistent with it (for ISMCTS);
* ``outcome(state)`` - ``None`` while running.
"""

from __future__ import annotations

import re
from operator import itemgetter
from dataclasses import dataclass, field
from abc import ABC, abstractmethod
from typing import Any, Iterable


_INT = re.compile(r"-?\d+\Z")
_WORD = re.compile(r"[A-Za-z0-9_.\-:/+#]+\Z")


def run_steps(steps):
    """Run a resumable computation (a generator that yields now and then and returns its answer,
    like a game's ``policy_steps``) to its end in one go, and return its answer."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


def _bad_word(w) -> bool:
    return not isinstance(w, str) or not _WORD.match(w) or bool(_INT.match(w))


class Action(tuple):
    """A small frozen move with a stable text form, e.g. ``Action("move", (3,))`` <-> ``"move 3"``.

    Arguments are ints or single words; the text form is what logs, saves, replays, tests and bug
    reports use.

    >>> Action.parse("play 12 red")
    Action(kind='play', args=(12, 'red'))
    >>> str(Action("draw"))
    'draw'

    Building an action is cheap: the rules build thousands a second, so the constructor (and
    ``A``) trusts its caller and checks nothing. Text from outside (a save, a command line, a
    test) comes in through ``Action.parse`` or ``Action.checked``, which refuse anything that
    would not survive the text form. An action is a ``(kind, args)`` tuple underneath, so
    equality and hashing run at C speed (and hash as the pair does).
    """

    __slots__ = ()

    def __new__(cls, kind: str, args: tuple = ()):
        if type(args) is not tuple:
            args = tuple(args)
        return tuple.__new__(cls, (kind, args))

    kind = property(itemgetter(0), doc="the action's name, a single word")
    args = property(itemgetter(1), doc="a tuple of ints and single words")

    def __getnewargs__(self):
        return tuple(self)

    def __repr__(self) -> str:
        return f"Action(kind={self[0]!r}, args={self[1]!r})"

    def __str__(self) -> str:
        kind, args = self
        if not args:
            return kind
        return kind + " " + " ".join(str(a) for a in args)

    @property
    def text(self) -> str:
        return str(self)

    def problem(self) -> str:
        """Why this action has no faithful text form ("" when it has one)."""
        kind, args = self
        if _bad_word(kind):
            return f"bad action kind {kind!r}"
        for a in args:
            if isinstance(a, bool) or not isinstance(a, (int, str)):
                return f"action argument {a!r} must be an int or a word"
            if isinstance(a, str) and _bad_word(a):
                return f"action argument {a!r} must be a single word"
        return ""

    @classmethod
    def checked(cls, kind: str, args=()) -> "Action":
        """Build an action from outside input, refusing (ValueError) anything that has no
        faithful text form: a kind or word with spaces, a number-like word, a bool, a float."""
        action = cls(kind, args)
        why = action.problem()
        if why:
            raise ValueError(why)
        return action

    @classmethod
    def parse(cls, text: str) -> "Action":
        parts = str(text).split()
        if not parts:
            raise ValueError("empty action text")
        args = tuple(int(p) if _INT.match(p) else p for p in parts[1:])
        return cls.checked(parts[0], args)


def A(kind: str, *args) -> Action:
    """Shorthand: ``A("move", 3)``. Cheap; see ``Action``."""
    return tuple.__new__(Action, (kind, args))


@dataclass(slots=True)
class Event:
    """Something that happened, for animation and the log.

    ``text`` is a log line naming players (never "you"). ``reveal`` marks chance or hidden
    information made visible; such an event is an undo barrier.
    """

    kind: str
    data: dict = field(default_factory=dict)
    text: str = ""
    reveal: bool = False


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who sits at a seat: ``kind`` is "human" or "bot"; ``level`` is a bot level name."""

    kind: str = "human"
    level: str = ""
    name: str = ""
    colour: str = ""

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def to_json(self) -> dict:
        return {"kind": self.kind, "level": self.level, "name": self.name, "colour": self.colour}

    @classmethod
    def from_json(cls, d: dict) -> "SeatSpec":
        return cls(str(d.get("kind", "human")), str(d.get("level", "")), str(d.get("name", "")),
                   str(d.get("colour", "")))

    @classmethod
    def parse(cls, text: str) -> "SeatSpec":
        """``human`` or ``bot:LEVEL`` (command-line form)."""
        text = text.strip()
        if text == "human":
            return cls("human")
        if text.startswith("bot:") and text[4:]:
            return cls("bot", text[4:])
        raise ValueError(f"seat {text!r} is neither 'human' nor 'bot:LEVEL'")


@dataclass(frozen=True, slots=True)
class Setup:
    """The frozen value a game starts from: which game, who sits where, options and the seed."""

    game: str
    seats: tuple[SeatSpec, ...]
    options: tuple[tuple[str, Any], ...] = ()
    seed: int = 0

    @property
    def players(self) -> int:
        return len(self.seats)

    def option(self, key: str, default=None):
        for k, v in self.options:
            if k == key:
                return v
        return default

    def with_options(self, **kw) -> "Setup":
        d = dict(self.options)
        d.update(kw)
        return Setup(self.game, self.seats, tuple(sorted(d.items())), self.seed)

    def to_json(self) -> dict:
        return {"game": self.game, "seats": [s.to_json() for s in self.seats],
                "options": {k: v for k, v in self.options}, "seed": self.seed}

    @classmethod
    def from_json(cls, d: dict) -> "Setup":
        return cls(str(d["game"]), tuple(SeatSpec.from_json(s) for s in d["seats"]),
                   tuple(sorted(dict(d.get("options", {})).items())), int(d.get("seed", 0)))

    @classmethod
    def make(cls, game: str, seats: Iterable, seed: int = 0, **options) -> "Setup":
        specs = tuple(s if isinstance(s, SeatSpec) else SeatSpec.parse(s) for s in seats)
        return cls(game, specs, tuple(sorted(options.items())), int(seed))


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result: per-seat ``scores``, the ``winners`` (empty when no one wins), and for a
    cooperative game ``team`` = "win" or "loss"."""

    scores: tuple = ()
    winners: tuple = ()
    team: str | None = None
    detail: str = ""

    def to_json(self) -> dict:
        return {"scores": list(self.scores), "winners": list(self.winners), "team": self.team,
                "detail": self.detail}


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A game option for the seat-setup screen and ``--option KEY=VALUE``."""

    key: str
    label: str
    choices: tuple
    default: Any
    help: str = ""
    labels: tuple = ()  # human labels for choices, same order; empty means str(choice)
    seat: int = 0  # for a per-seat option, the seat number it belongs to (1-based); else 0
    players: tuple = ()  # the player counts it means anything at (empty: every count)

    def parse(self, text: str):
        for c in self.choices:
            if str(c) == str(text):
                return c
        raise ValueError(f"option {self.key} takes one of {', '.join(str(c) for c in self.choices)};"
                         f" got {text!r}")

    def label_of(self, value) -> str:
        if self.labels:
            for c, lab in zip(self.choices, self.labels):
                if c == value:
                    return lab
        return str(value)


class Game(ABC):
    """Base class of the game protocol. Subclasses fill in the rules."""

    id: str = ""
    title: str = ""
    blurb: str = ""
    min_seats: int = 2
    max_seats: int = 4
    realtime: bool = False
    cooperative: bool = False
    options: tuple[OptionSpec, ...] = ()
    # level name -> {"bot": "random"|"greedy"|"ismcts", "params": {...}}; read by the bots layer
    bot_levels: dict = {}

    # --- set-up -------------------------------------------------------------------------------
    @abstractmethod
    def new_state(self, setup: Setup):
        ...

    def default_options(self) -> dict:
        return {o.key: o.default for o in self.options}

    def resolve_options(self, setup: Setup) -> dict:
        opts = self.default_options()
        known = {o.key: o for o in self.options}
        for k, v in setup.options:
            if k.startswith("ui."):
                continue  # the app's own flags (a guided game: ui.guide), never the rules'
            if k not in known:
                raise ValueError(f"{self.title} has no option {k!r}; options: "
                                 f"{', '.join(known) or 'none'}")
            opts[k] = known[k].parse(v) if isinstance(v, str) and not isinstance(known[k].default, str) \
                else v
            if opts[k] not in known[k].choices:
                raise ValueError(f"option {k} takes one of "
                                 f"{', '.join(str(c) for c in known[k].choices)}; got {v!r}")
        return opts

    def seat_colours(self, players: int, options: dict) -> tuple:
        """The colours a seat may take, by the app's colour names, when the game's pieces come
        in only some colours (Sahwari's camels); empty: any of the app's."""
        return ()

    def check_seats(self, n: int) -> None:
        if not self.min_seats <= n <= self.max_seats:
            raise ValueError(f"{self.title} is for {self.min_seats}-{self.max_seats} players, not {n}")

    # --- flow ---------------------------------------------------------------------------------
    @abstractmethod
    def to_act(self, state) -> tuple[int, ...]:
        ...

    @abstractmethod
    def legal_actions(self, state, seat: int) -> list[Action]:
        ...

    @abstractmethod
    def apply(self, state, seat: int, action: Action) -> list[Event]:
        ...

    def advance(self, state, ticks: int) -> list[Event]:
        """Real-time games: move time forward ``ticks`` fixed steps. Turn-based: nothing."""
        return []

    def seat_count(self, state) -> int:
        """How many seats the state has (default: ``state.n``)."""
        return state.n

    def now(self, state) -> int:
        """The state's current tick (0 for turn-based games)."""
        return getattr(state, "tick", 0)

    def in_real_time(self, state) -> bool:
        """Whether the clock matters right now (a real-time phase): bots then act on their
        reaction times alone, with no extra pacing for watchers."""
        return self.realtime

    def next_event_tick(self, state) -> int | None:
        """Real-time games: the tick at which something happens with no action, or None."""
        return None

    def undo_allowed(self, state) -> tuple[bool, str]:
        """Extra undo veto (for example during a real-time phase)."""
        return True, ""

    # --- information --------------------------------------------------------------------------
    @abstractmethod
    def observe(self, state, seat: int | None):
        ...

    @abstractmethod
    def determinize(self, observation, rng):
        ...

    @abstractmethod
    def outcome(self, state) -> Outcome | None:
        ...

    def results(self, state) -> dict | None:
        """A finished game's results, for the results screen and the history (``ui.results``
        says the shape): each seat's score by the book's categories, and the game's own words
        for how it ended (``ended``; and, where the kind of win is named, ``won_by`` or
        ``won_as``; a team game's ``won``). None: the game has no breakdown."""
        return None

    def heuristic(self, state, seat: int) -> float:
        """A value of the state for ``seat`` (higher is better); bots use it."""
        return 0.0

    def describe(self, state, seat: int, action: Action) -> str:
        """A short sentence for an action, for menus, hints and the log."""
        return str(action)

    def hint_why(self, state, seat: int, action: Action) -> str:
        """One sentence, "Why: ...", saying why the Hint (the hard level's move, ``action``) is
        worth playing for ``seat`` here, worked out from what that seat sees (its observation);
        "" when there is nothing to say."""
        return ""

    def bot_why(self, state, seat: int, action: Action) -> str:
        """A few words a bot partner adds to its move when the move could puzzle the people at
        the table (a Sands of Adventure partner drawing while it holds cards that fit); ""
        for a move that needs none."""
        return ""

    def check_invariants(self, state) -> list[str]:
        """Problems with a state (component conservation etc.); empty when all is well."""
        return []

    def check_observation(self, state, seat: int | None, observation) -> list[str]:
        """Leaks: anything in ``observation`` that ``seat`` may not see; empty when none."""
        return []

    def policy(self, observation, legal: list[Action], rng, **params) -> Action | None:
        """A rule-based strategy for the "policy" bot kind (None = wait, in real time)."""
        return legal[0] if legal else None

    # --- serialization ------------------------------------------------------------------------
    def clone(self, state):
        return state.clone()

    @abstractmethod
    def state_to_json(self, state) -> dict:
        ...

    @abstractmethod
    def state_from_json(self, data: dict):
        ...

    def rng_state(self, state) -> int:
        """The state's RNG position: a change tells the Match that chance was used."""
        rng = getattr(state, "rng", None)
        return rng.state if rng is not None else 0
