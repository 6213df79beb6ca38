"""The mutable state of a Sahwari game, its hand-written clone and its versioned JSON form.

Everything is plain ints, strings and lists so that cloning and serializing are cheap. Caravan
tokens are ids 1..19; a tile's caravan shape holds a token id or 0. A player's Artifact spaces
are a list indexed by card id (0..36): -1 no space, 0 empty, 1 cube, 2 locked by a Strategy
token; a space is named after the card that created it (the outer one of the two it joins).
Pending choices are a stack of tuples (the top one is answered first).
"""

from __future__ import annotations

import marshal

from sandsofplay.engine import RNG
from sandsofplay.engine.store import canonical

VERSION = 1
NO_SPACE, EMPTY, CUBE, LOCKED = -1, 0, 1, 2

# field name -> kind: "v" value, "l" flat list, "ll" list of lists, "t" tuple frames
FIELDS = {
    "n": "v", "mode": "v", "difficulty": "v", "guild_side": "v",
    "phase": "v", "queue": "ll", "first": "v",
    "tiles": "l", "side": "l", "art": "l", "pawn": "l", "small": "l", "guard": "l",
    "camel_cell": "l", "camel_owner": "l", "camel_colour": "l",
    "clan": "l", "colour": "l", "storage": "l", "track": "l", "locks": "ll",
    "left": "ll", "right": "ll", "spaces": "ll", "held": "ll", "strat": "l", "known": "l",
    "used": "v", "revealed": "v",
    "area": "l", "deck": "l", "discard": "l",
    "supply_art": "v", "supply_strat": "v", "pawns_out": "v", "removed": "l",
    "cur": "v", "step": "v", "camel": "v", "moves": "v", "last_dir": "v", "pending": "t",
    "turns": "l", "end_triggered": "v", "over": "v", "result": "v",
    "gm_storage": "v", "gm_cards": "ll", "gm_pawns": "v", "gm_tokens": "l", "gm_deck": "l",
    "gm_discard": "l", "gm_turns": "v", "actions": "v",
}


class SState:
    """``_cache`` holds the legal actions of this version of the state (cleared by every change
    made through ``apply``; tests that edit a state by hand clear it too); ``_obs`` the parts of
    recent observations, keyed by their content (see ``observe``)."""

    __slots__ = tuple(FIELDS) + ("rng", "_cache", "_obs")

    def clone(self) -> "SState":
        return _clone(self)


def _make_clone():
    """A clone function written out field by field (fast, and no deepcopy)."""
    lines = ["def _clone(self):", "    s = SState.__new__(SState)"]
    for k, kind in FIELDS.items():
        if kind in ("l", "t"):
            lines.append(f"    s.{k} = self.{k}[:]")
        elif kind == "ll":
            lines.append(f"    s.{k} = [x[:] for x in self.{k}]")
        else:
            lines.append(f"    s.{k} = self.{k}")
    # the legal-action cache belongs to this version of the state, which the clone shares
    lines += ["    s.rng = self.rng.clone()", "    s._cache = self._cache", "    s._obs = None",
              "    return s"]
    ns = {"SState": SState}
    exec("\n".join(lines), ns)  # noqa: S102 - generated from the FIELDS table above
    return ns["_clone"]


_clone = _make_clone()
_ITEMS = tuple(FIELDS.items())


def _make_check_form():
    """The exact form the save's check hash is taken of (``engine.savefile``, version 2): every
    field in FIELDS order, marshalled at C speed; the only dict (the result) as canonical JSON."""
    parts = [f"s.{k}" if k != "result" else "_dict(s.result)" for k in FIELDS]
    src = ("def check_form(s):\n"
           f"    return _dumps(({', '.join(parts)}, s.rng.to_json()), 2)")
    ns = {"_dumps": marshal.dumps,
          "_dict": lambda v: canonical(v) if isinstance(v, dict) else v}
    exec(src, ns)  # noqa: S102 - generated from the FIELDS table above
    return ns["check_form"]


check_form = _make_check_form()


def _frames_to_json(frames):
    return [[list(x) if isinstance(x, tuple) else x for x in f] for f in frames]


def _frames_from_json(data):
    return [tuple(tuple(x) if isinstance(x, list) else x for x in f) for f in data]


def to_json(s: SState) -> dict:
    d = {"v": VERSION}
    for k, kind in _ITEMS:
        v = getattr(s, k)
        if kind == "t":
            v = _frames_to_json(v)
        elif kind == "l":
            v = list(v)
        elif kind == "ll":
            v = [list(x) for x in v]
        d[k] = v
    d["rng"] = s.rng.to_json()
    return d


def from_json(d: dict) -> SState:
    if d.get("v") != VERSION:
        raise ValueError(f"unknown Sahwari state version {d.get('v')!r}")
    s = SState.__new__(SState)
    for k, kind in _ITEMS:
        v = d[k]
        if kind == "t":
            v = _frames_from_json(v)
        elif kind == "l":
            v = list(v)
        elif kind == "ll":
            v = [list(x) for x in v]
        setattr(s, k, v)
    s.rng = RNG.from_json(d["rng"])
    s._cache = None
    s._obs = None
    return s
