"""The mutable state of a Sahwari game, its hand-written clone and its versioned JSON form.

Everything is plain ints, strings and lists so that cloning and serializing are cheap. Caravan
tokens are ids 1..19; a tile's caravan shape holds a token id or 0. A player's Artifact spaces
are a list indexed by card id (0..36): -1 no space, 0 empty, 1 cube, 2 locked by a Strategy
token; a space is named after the card that created it (the outer one of the two it joins).
Pending choices are a stack of tuples (the top one is answered first).
"""

from __future__ import annotations

import marshal
import struct

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


class SahwariState:
    """``_cache`` holds the legal actions of this version of the state (cleared by every change
    made through ``apply``; tests that edit a state by hand clear it too); ``_obs`` the parts of
    recent observations and ``_form`` the pieces of the last check form, each kept with copies
    of the lists it was built from and reused only while they still compare equal; ``_views`` the observations of this version not read yet
    (``engine.observation``)."""

    __slots__ = tuple(FIELDS) + ("rng", "_cache", "_obs", "_form", "_views")

    def clone(self) -> "SahwariState":
        return _clone(self)


# Lists the rules never change in place once the state exists (``setup`` replaces them when a
# set-up choice changes them): a clone shares them instead of copying.
SHARED = frozenset(("queue", "tiles", "camel_owner", "camel_colour", "clan", "colour"))


def _make_clone():
    """A clone function written out field by field (fast, and no deepcopy)."""
    lines = ["def _clone(self):", "    s = _new(SahwariState)"]
    for k, kind in FIELDS.items():
        if k in SHARED:
            lines.append(f"    s.{k} = self.{k}")
        elif kind in ("l", "t"):
            lines.append(f"    s.{k} = self.{k}[:]")
        elif kind == "ll":
            lines.append(f"    s.{k} = [*map(_copy, self.{k})]")
        else:
            lines.append(f"    s.{k} = self.{k}")
    # the legal-action cache belongs to this version of the state, which the clone shares; the
    # check form's pieces are checked against their content before use, so they may be shared
    lines += ["    s.rng = _rng(self.rng.state)", "    s._cache = self._cache", "    s._obs = None",
              "    s._form = self._form", "    s._views = []", "    return s"]
    ns = {"SahwariState": SahwariState, "_new": SahwariState.__new__, "_copy": list.copy,
          "_rng": RNG.from_state}
    exec("\n".join(lines), ns)  # noqa: S102 - generated from the FIELDS table above
    return ns["_clone"]


_clone = _make_clone()
_ITEMS = tuple(FIELDS.items())


# The check form's fields that are large and change seldom: their marshalled bytes are kept
# (with a copy of the list) and reused while the list is unchanged. The form is the same bytes
# as ``marshal.dumps((every field in FIELDS order, rng), 2)``: in version 2 a tuple is its
# header followed by its items' bytes, so it can be put together piece by piece.
KEPT = ("tiles", "side", "art", "pawn", "small", "guard", "spaces", "deck")


def _make_check_form():
    """The exact form the save's check hash is taken of (``engine.savefile``, version 2): every
    field in FIELDS order, marshalled at C speed; the only dict (the result) as canonical JSON.
    Written out from the FIELDS table: runs of fields marshalled together, the KEPT fields from
    the state's ``_form`` pieces when unchanged."""
    names = list(FIELDS) + ["rng"]
    expr = {k: f"s.{k}" for k in names}
    expr["result"] = "_dict(s.result)"
    expr["rng"] = "s.rng.state"
    lines = ["def check_form(s):", "    f = s._form", "    if f is None:",
             f"        f = s._form = [[None, b''] for _ in range({len(KEPT)})]",
             "    out = [_HEAD]"]
    run = []

    def flush():
        if run:
            lines.append(f"    out.append(_dumps(({', '.join(run)},), 2)[5:])")
            run.clear()

    for k in names:
        if k in KEPT:
            flush()
            i = KEPT.index(k)
            deep = FIELDS[k] == "ll"
            lines += [f"    v = s.{k}", f"    e = f[{i}]", "    if e[0] != v:",
                      "        e[0] = [x[:] for x in v]" if deep else "        e[0] = v[:]",
                      "        e[1] = _dumps(v, 2)", "    out.append(e[1])"]
        else:
            run.append(expr[k])
    flush()
    lines.append("    return b''.join(out)")
    ns = {"_dumps": marshal.dumps, "_HEAD": b"(" + struct.pack("<i", len(names)),
          "_dict": lambda v: canonical(v) if isinstance(v, dict) else v}
    exec("\n".join(lines), ns)  # noqa: S102 - generated from the FIELDS table above
    return ns["check_form"]


def check_form_plain(s) -> bytes:
    """The same bytes in one call (the definition ``check_form`` is tested against)."""
    return marshal.dumps(tuple(canonical(s.result) if k == "result" and isinstance(s.result, dict)
                               else getattr(s, k) for k in FIELDS) + (s.rng.to_json(),), 2)


check_form = _make_check_form()


def _frames_to_json(frames):
    return [[list(x) if isinstance(x, tuple) else x for x in f] for f in frames]


def _frames_from_json(data):
    return [tuple(tuple(x) if isinstance(x, list) else x for x in f) for f in data]


def _lists(v) -> list:
    return [list(x) for x in v]


def _same(v):
    return v


# a field's kind -> how it is written to JSON, and read back
TO_JSON = {"v": _same, "l": list, "ll": _lists, "t": _frames_to_json}
FROM_JSON = {"v": _same, "l": list, "ll": _lists, "t": _frames_from_json}


def blank() -> SahwariState:
    """A state with no field set yet, and nothing worked out from it."""
    s = SahwariState.__new__(SahwariState)
    s._cache = None
    s._obs = None
    s._form = None
    s._views = []
    return s


def to_json(s: SahwariState) -> dict:
    d = {"v": VERSION}
    for k, kind in _ITEMS:
        d[k] = TO_JSON[kind](getattr(s, k))
    d["rng"] = s.rng.to_json()
    return d


def from_json(d: dict) -> SahwariState:
    if d.get("v") != VERSION:
        raise ValueError(f"unknown Sahwari state version {d.get('v')!r}")
    s = blank()
    for k, kind in _ITEMS:
        setattr(s, k, FROM_JSON[kind](d[k]))
    s.rng = RNG.from_json(d["rng"])
    return s
