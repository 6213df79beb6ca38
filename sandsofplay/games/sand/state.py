"""The mutable state of a game of Sand: plain JSON values only (ints, strings, lists, dicts with
string keys), so ``clone`` is one ``marshal`` round trip and the JSON form is the state itself.

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
        s.__dict__ = marshal.loads(marshal.dumps(self.__dict__))
        s._memo = None
        s._views = []
        return s


def to_json(s: SandState) -> dict:
    d = marshal.loads(marshal.dumps(s.__dict__))
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
    dd = marshal.loads(marshal.dumps({k: v for k, v in d.items() if k != "v"}))
    s.__dict__ = dd
    s._memo = None
    s._views = []
    return s
