"""The mutable state of a game of Sand: plain JSON values only (ints, strings, lists, dicts with
string keys), so a state copies cheaply (``clone``) and the JSON form is the state itself.

Top level: ``n`` seats, ``solo`` and ``level`` (Alhazred), ``rounds``, ``round`` (1-based),
``phase`` (0 Morning, 1 Afternoon, 2 Night), ``order`` (seats in turn order), ``oi`` (whose turn
in ``order``), ``step`` (traveler / roll / place / act / pick / keep / over), ``queue`` (seats
still to answer a set-up or Upkeep question), ``pending`` (stack of small questions, top last),
``dice`` (blue, red, white, black), ``turn`` (this turn's flags), ``cities`` (two Box spaces each,
"" empty), ``songs`` (city -> seat, -1 none, ``n`` = Alhazred), ``camps`` (camp space -> Camp tile),
``minor`` (camp space -> Minor Tribe tokens, top last), ``bag`` (plants), ``reserve`` (crafts,
relics, Iwakura), ``seals``, ``deck`` (Mission numbers, top first; hidden), ``display``,
``picks``, ``mdiscard``, ``codex`` (Codex deck, hidden order) and ``cdiscard``, ``bank`` (coins in
the common pool), ``players`` and ``alh`` (Alhazred or None), ``rng`` (the RNG's integer state).

A player: tracks ``hyd food hp pray prest coins``; ``loc``; ``worm`` level 0..2; ``slots`` (3/4);
``tok`` for the blue, red, white, black Action tokens: 0 in the pool, 1 placed and ready, 2 used
this turn, 3 occupied by a plant; ``cargo`` [token index or -1, [Box colours]] per occupied
space; ``shelter`` ("" or its location) and ``store``; ``songs`` left; ``comp`` (flipped
Companions); ``rec`` (Boxes delivered per type, in order; past the record's spaces they are in the
Money Chest); ``seals``; ``minor`` tokens; ``kept`` Missions; ``trav``; ``aband`` ([colour, turn
number]); ``turns`` (turns begun).
"""

from __future__ import annotations

import marshal

VERSION = 1
POOL, READY, SPENT, BUSY = 0, 1, 2, 3


class SandState:
    """Attributes are set by ``setup.new_state``; see the module docstring. ``_memo`` (outside the
    serialized fields) keeps the last legal-action list so ``apply`` need not rebuild it."""

    __slots__ = ("__dict__", "_memo", "_views")

    def __init__(self):
        self._memo = None
        self._views = []  # observations of this state not read yet (``engine.observation``)

    def clone(self) -> "SandState":
        s = SandState.__new__(SandState)
        s.__dict__ = _copied(self.__dict__)
        s._memo = None
        s._views = []
        return s


def _deep(v):
    return marshal.loads(marshal.dumps(v))


# the state's fields by shape, for ``clone`` (a bot's search clones tens of thousands of states a
# decision: spelled out, a copy costs about 12 us against a marshal round trip's 28); each field
# is named once, and a state whose fields are not exactly these is copied by marshal
_SCALARS = ("actions", "bank", "cur", "level", "n", "oi", "over", "per_day", "phase", "rng",
            "round", "rounds", "solo", "started", "step")
_FLAT_LISTS = ("seals", "seals_gone", "deck", "display", "mdiscard", "codex", "codex_shown",
               "cdiscard", "dice", "order", "queue", "offer")
_FLAT_DICTS = ("songs", "camps", "reserve", "bag")
_LISTS_OF_FLAT = ("cities", "minor")  # dicts of flat lists
_FIELDS = frozenset(_SCALARS + _FLAT_LISTS + _FLAT_DICTS + _LISTS_OF_FLAT +
                    ("turn", "picks", "pending", "players", "alh", "result"))
_PLAYER_LISTS = ("tok", "kept", "comp", "minor", "seals", "store")
_PLAYER = frozenset(_PLAYER_LISTS + ("aband", "cargo", "rec", "coins", "food", "hp", "hyd",
                                     "loc", "pray", "prest", "shelter", "slots", "songs", "trav",
                                     "turns", "worm"))
_ALH_LISTS = ("cargo", "minor", "missions", "seals")
_ALH = frozenset(_ALH_LISTS + ("rec", "coins", "loc", "songs"))


def _copied(d: dict) -> dict:
    """A copy of the state's fields sharing no list or dict with them (ints, strings and bools
    are shared); a field set other than the one known here is copied by a marshal round trip."""
    if d.keys() != _FIELDS:
        return _deep(d)
    e = d.copy()
    for k in _FLAT_LISTS:
        e[k] = d[k][:]
    for k in _FLAT_DICTS:
        e[k] = d[k].copy()
    for k in _LISTS_OF_FLAT:
        e[k] = {c: v[:] for c, v in d[k].items()}
    e["turn"] = {k: (v[:] if type(v) is list else _deep(v) if type(v) is dict else v)
                 for k, v in d["turn"].items()}
    e["picks"] = [x[:] for x in d["picks"]]
    e["pending"] = _deep(d["pending"]) if d["pending"] else []
    e["players"] = [_player(p) if p.keys() == _PLAYER else _deep(p) for p in d["players"]]
    a = d["alh"]
    if a is not None:
        if a.keys() == _ALH:
            a = a.copy()
            for k in _ALH_LISTS:
                a[k] = a[k][:]
            a["rec"] = {k: v[:] for k, v in a["rec"].items()}
            e["alh"] = a
        else:
            e["alh"] = _deep(a)
    if d["result"] is not None:
        e["result"] = _deep(d["result"])
    return e


def _player(p: dict) -> dict:
    q = p.copy()
    q["cargo"] = [[v[:] if type(v) is list else v for v in x] for x in p["cargo"]]
    q["aband"] = [x[:] for x in p["aband"]]
    q["rec"] = {k: v[:] for k, v in p["rec"].items()}
    for k in _PLAYER_LISTS:
        q[k] = p[k][:]
    return q


def to_json(s: SandState) -> dict:
    d = _deep(s.__dict__)
    d["v"] = VERSION
    return d


_V_TAIL = marshal.dumps({"v": VERSION}, 2)[1:]  # the "v" entry and the dict's end


def check_form(s: SandState) -> bytes:
    """The exact form a save's check hash is taken of (save versions 2 and 3): the same bytes
    as ``check_form_plain``, in one marshal call instead of three. Marshal format 2 has no
    back-references, so a dict's bytes are ``{``, each key's and value's bytes, then ``0``:
    the state's own dict with the ``v`` entry that ``to_json`` adds last put on the end."""
    d = s.__dict__
    if "v" in d:  # never a field; if one day it is, the plain definition says what it means
        return check_form_plain(s)
    return marshal.dumps(d, 2)[:-1] + _V_TAIL


def check_form_plain(s: SandState) -> bytes:
    """The definition ``check_form`` is tested against: ``marshal`` (format 2) of the JSON form."""
    return marshal.dumps(to_json(s), 2)


def from_json(d: dict) -> SandState:
    if not isinstance(d, dict) or d.get("v") != VERSION:
        raise ValueError(f"unknown Sand state version {d.get('v') if isinstance(d, dict) else d!r}")
    s = SandState.__new__(SandState)
    dd = _deep({k: v for k, v in d.items() if k != "v"})
    s.__dict__ = dd
    s._memo = None
    s._views = []
    return s
