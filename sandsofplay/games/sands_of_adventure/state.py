"""The mutable game state, its hand-written clone and its versioned JSON form.

Cards are ints (ids into ``Components.cards``). Decks are lists whose *end* is the top: drawing
pops from the end, burying inserts at index 0 (the bottom). The play pile is bottom-to-top.
"""

from __future__ import annotations

import marshal
from operator import attrgetter

from ...engine import RNG
from ...engine.fields import int_lists, ints, read, strs
from .timer import Timer

STATE_VERSION = 1
_dumps = marshal.dumps
# the fields of the check form (``check_form``) before and after ``stacks``, read in one C call
# each (the same tuple as spelling each field out)
_FORM_HEAD = attrgetter(
    "n", "chars", "rng.state", "tick", "sand_ticks", "sides",
    "round", "phase", "stage", "leader", "current",
    "deck", "updeck", "hands", "pile", "snakes", "aside", "figures", "tokens")
_FORM_TAIL = attrgetter(
    "row", "tiles_aside", "villain", "vpos", "health",
    "timer.gems", "timer.tip_g", "timer.mode", "timer.angle", "timer.omega",
    "timer.released_tick", "timer.inverted_tick", "timer.fall_end_tick", "timer.sand_ticks",
    "timer.flipped_by",
    "prog", "step_count", "give_card", "dice", "rolled", "penalty",
    "snake_card", "snake_seat", "torch_land", "torch_last",
    "results", "ended_how", "result", "choice", "finish")


# phases and their stages
SETUP, EXPLORE, TIMED, PREP, OVER = "setup", "explore", "timed", "prep", "over"


def _tokens(v) -> list:
    return [[(str(t[0]), bool(t[1])) for t in ts] for ts in v]


def _optional_str(v):
    return v if v is None else str(v)


# the JSON form read back, field by field in this order (``from_json``)
FIELDS = (
    ("n", int), ("chars", lambda v: tuple(str(c) for c in v)), ("rng", RNG.from_json),
    ("tick", int), ("sand_ticks", int), ("sides", str), ("round", int), ("phase", str),
    ("stage", str), ("leader", int), ("current", int), ("deck", ints), ("updeck", ints),
    ("hands", int_lists), ("pile", ints), ("snakes", ints), ("aside", ints), ("figures", ints),
    ("tokens", _tokens), ("stacks", lambda v: {str(k): int(x) for k, x in v.items()}),
    ("row", lambda v: [(int(r[0]), str(r[1])) for r in v]), ("tiles_aside", ints),
    ("villain", int), ("vpos", int), ("health", int), ("timer", Timer.from_json),
    ("prog", lambda v: [tuple(p) for p in v]), ("step_count", int), ("give_card", int),
    ("dice", strs), ("rolled", strs), ("penalty", ints), ("snake_card", int),
    ("snake_seat", int), ("torch_land", int), ("torch_last", str), ("results", strs),
    ("ended_how", str), ("result", _optional_str), ("choice", int),
)


class SandsOfAdventureState:
    __slots__ = (
        "n", "chars", "rng", "tick", "sand_ticks", "sides",
        "round", "phase", "stage", "leader", "current",
        "deck", "updeck", "hands", "pile", "snakes", "aside",
        "figures", "tokens", "stacks",
        "row", "tiles_aside", "villain", "vpos", "health",
        "timer",
        "prog", "step_count", "give_card", "dice", "rolled", "penalty",
        "snake_card", "snake_seat", "torch_land", "torch_last",
        "results", "ended_how", "result", "choice", "finish",
        "_obs",  # the observation of this state, built once (observe.py); never saved
        "_ta",  # the open questions and who may act (``to_act``), worked out once; never saved
        "_views",  # observations of this version not read yet (engine.observation); never saved
    )

    def clone(self) -> "SandsOfAdventureState":
        s = SandsOfAdventureState.__new__(SandsOfAdventureState)
        s.n = self.n
        s.chars = self.chars  # tuple, never mutated
        s.rng = self.rng.clone()
        s.tick = self.tick
        s.sand_ticks = self.sand_ticks
        s.sides = self.sides
        s.round = self.round
        s.phase = self.phase
        s.stage = self.stage
        s.leader = self.leader
        s.current = self.current
        s.deck = self.deck[:]
        s.updeck = self.updeck[:]
        s.hands = [h[:] for h in self.hands]
        s.pile = self.pile[:]
        s.snakes = self.snakes[:]
        s.aside = self.aside[:]
        s.figures = self.figures[:]
        s.tokens = [ts[:] for ts in self.tokens]  # (kind, face up) tuples
        s.stacks = dict(self.stacks)
        s.row = self.row[:]  # (tile, side) tuples
        s.tiles_aside = self.tiles_aside[:]
        s.villain = self.villain
        s.vpos = self.vpos
        s.health = self.health
        s.timer = self.timer.clone()
        s.prog = self.prog[:]  # tuples inside are immutable
        s.step_count = self.step_count
        s.give_card = self.give_card
        s.dice = self.dice[:]
        s.rolled = self.rolled[:]
        s.penalty = self.penalty[:]
        s.snake_card = self.snake_card
        s.snake_seat = self.snake_seat
        s.torch_land = self.torch_land
        s.torch_last = self.torch_last
        s.results = self.results[:]
        s.ended_how = self.ended_how
        s.result = self.result
        s.choice = self.choice
        s.finish = self.finish[:]
        s._obs = self._obs  # the same content: the same (read-only) observation
        s._ta = self._ta
        s._views = []
        return s

    # --- JSON ---------------------------------------------------------------------------------------
    def to_json(self) -> dict:
        d = {
            "v": STATE_VERSION, "n": self.n, "chars": list(self.chars), "rng": self.rng.to_json(),
            "tick": self.tick, "sand_ticks": self.sand_ticks, "sides": self.sides,
            "round": self.round, "phase": self.phase, "stage": self.stage, "leader": self.leader,
            "current": self.current, "deck": list(self.deck), "updeck": list(self.updeck),
            "hands": [list(h) for h in self.hands], "pile": list(self.pile),
            "snakes": list(self.snakes), "aside": list(self.aside), "figures": list(self.figures),
            "tokens": [[list(t) for t in ts] for ts in self.tokens], "stacks": dict(self.stacks),
            "row": [list(r) for r in self.row], "tiles_aside": list(self.tiles_aside),
            "villain": self.villain, "vpos": self.vpos, "health": self.health,
            "timer": self.timer.to_json(),
            "prog": [list(p) for p in self.prog], "step_count": self.step_count,
            "give_card": self.give_card, "dice": list(self.dice), "rolled": list(self.rolled),
            "penalty": list(self.penalty), "snake_card": self.snake_card,
            "snake_seat": self.snake_seat, "torch_land": self.torch_land,
            "torch_last": self.torch_last, "results": list(self.results),
            "ended_how": self.ended_how, "result": self.result, "choice": self.choice,
        }
        if self.finish:  # only while there is something to finish: older saves stay valid
            d["finish"] = list(self.finish)
        return d

    @classmethod
    def from_json(cls, d: dict) -> "SandsOfAdventureState":
        if not isinstance(d, dict) or d.get("v") != STATE_VERSION:
            raise ValueError(f"unknown Sands of Adventure state version "
                             f"{d.get('v') if isinstance(d, dict) else d!r}")
        s = read(cls.__new__(cls), d, FIELDS)
        s.finish = [str(x) for x in d.get("finish", [])]
        s._obs = None
        s._ta = None
        s._views = []
        return s

    def check_form(self) -> bytes:
        """The exact form whose hash a save checks after each action (save version 3): every
        field, marshalled at C speed in one call (``engine.savefile``). Equal states give equal
        bytes in any process: fields in a fixed order, the one dict (``stacks``) as sorted pairs,
        and the types a clone and a state read back from JSON share (lists, flat tuples)."""
        return _dumps(_FORM_HEAD(self) + (sorted(self.stacks.items()),) + _FORM_TAIL(self), 2)

    def touch(self) -> None:
        """Forget the cached observation and seats to act. ``apply`` and ``advance`` do this;
        code that changes a state any other way (test scenarios) must call it before asking
        again."""
        self._obs = None
        self._ta = None


def all_zones(s: SandsOfAdventureState):
    """Every place a card can be, as (name, list of card ids)."""
    zones = [("deck", s.deck), ("upgrade deck", s.updeck), ("pile", s.pile),
             ("snake discard", s.snakes), ("aside", s.aside)]
    zones += [(f"hand {i + 1}", h) for i, h in enumerate(s.hands)]
    if s.snake_card >= 0:
        zones.append(("drawn snake", [s.snake_card]))
    return zones
