"""The mutable state of a Burning Sands game, its clone and its JSON form.

Every physical card has a uid (0..N-1) with a fixed definition (``cdef``) and owner. A card is in
exactly one place: a player's ``deck``/``hand``/``saved``/``buried``/``home``/``heroes``/
``sections`` list, attached under another card (``att[uid]``), overlaid under an Experienced
Hero (``under[uid]``), the Omen in play (``omen``), or in ``limbo`` (played and resolving, or
face down on a raider, or a duel card on the table). Per-card ``bowed`` and ``water`` lists and
the ``mods`` list (``[uid, dS, dK, kind]``, kind 0 until the end of the turn, 1 token,
2 permanent) hold the rest. Pending decisions are the ``stack`` of frames (plain dicts, the top
one last). Everything is plain ints, strings, lists and dicts, so a clone is one marshal round
trip and the JSON form is the same data.
"""

from __future__ import annotations

import marshal

from sandsofplay.engine import RNG

VERSION = 1

FIELDS = (
    "n", "decks", "cdef", "owner", "deck", "hand", "saved", "buried", "home", "heroes",
    "sections", "att", "under", "water", "bowed", "mods", "omen", "omen_battle", "limbo",
    "alive", "stronghold", "phase", "turn", "blessed", "cur", "passes", "acted", "stack",
    "attacked", "raided", "atk", "w_start", "w_created", "w_lost", "over", "result", "actions",
    "tact", "duel", "limit", "setup_q",
)


# how each field is copied: "=" never changes after setup (shared), "l" flat list, "ll" list of
# lists, "m" anything nested (marshal round trip), "v" a plain value
KIND = {"decks": "=", "owner": "l", "cdef": "l", "water": "l", "bowed": "l", "alive": "l",
        "stronghold": "l", "attacked": "l", "raided": "l", "limbo": "l", "tact": "l", "duel": "l",
        "setup_q": "l", "deck": "ll", "hand": "ll", "saved": "ll", "buried": "ll", "home": "ll",
        "heroes": "ll", "sections": "ll", "att": "ll", "under": "ll", "mods": "ll",
        "stack": "m", "atk": "m", "result": "m"}


def copy_fields(src, get=getattr) -> list:
    out = []
    for k in FIELDS:
        v = get(src, k)
        kind = KIND.get(k, "v")
        if kind == "l":
            v = v[:]
        elif kind == "ll":
            v = [x[:] for x in v]
        elif kind == "m":
            v = marshal.loads(marshal.dumps(v))
        out.append(v)
    return out


class BurningSandsState:
    # ``_views``: observations of this state not read yet (``engine.observation``; made on the
    # first ``observe``, so code that builds a state slot by slot need not set it)
    __slots__ = FIELDS + ("rng", "_cache", "_views")

    def clone(self) -> "BurningSandsState":
        s = BurningSandsState.__new__(BurningSandsState)
        for k, v in zip(FIELDS, copy_fields(self)):
            setattr(s, k, v)
        s.rng = self.rng.clone()
        s._cache = None
        return s


def _keys_to_str(v):
    if isinstance(v, dict):
        return {str(k): _keys_to_str(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_keys_to_str(x) for x in v]
    return v


def to_json(s: BurningSandsState) -> dict:
    d = {"v": VERSION}
    for k in FIELDS:
        d[k] = _keys_to_str(getattr(s, k))
    d["rng"] = s.rng.to_json()
    return d


def check_form_plain(s: BurningSandsState) -> bytes:
    """The check form of save versions 2 and 3: ``marshal`` (format 2) of the JSON form. The
    definition ``check_form`` is tested against, byte for byte."""
    return marshal.dumps(to_json(s), 2)


def _make_check_form():
    """``check_form_plain`` without the walk over the whole state: marshal format 2 has no
    back-references, so a dict's bytes are ``{`` + each key's and value's bytes + ``0``, and a
    value ``_keys_to_str`` leaves alone (the flat lists of ints and strings, the scalars) is
    dumped as it is. Only nested values (the ``m`` fields, and any other that is not a scalar)
    are walked; the deck definitions (``=``, shared by every clone) are encoded once."""
    dumps = marshal.dumps
    pieces, group = [], []
    for k in FIELDS:
        kind = KIND.get(k, "v")
        if kind == "=":
            if group:
                pieces.append("dumps({" + ", ".join(group) + "}, 2)[1:-1]")
                group = []
            pieces.append(f"K[{k!r}]")
            pieces.append(f"(C[1] if s.{k} is C[0] else same(s.{k}))")
            continue
        if kind in ("l", "ll"):
            group.append(f"{k!r}: s.{k}")
        elif kind == "m":
            group.append(f"{k!r}: walk(s.{k})")
        else:
            group.append(f"{k!r}: (s.{k} if type(s.{k}) in S else walk(s.{k}))")
    group.append("'rng': s.rng.to_json()")
    pieces.append("dumps({" + ", ".join(group) + "}, 2)[1:]")
    code = "def check_form(s):\n    return b''.join((HEAD, " + ", ".join(pieces) + "))\n"
    cache = [object(), b""]  # (a shared deck-definitions object, its bytes)

    def same(v):
        cache[:] = [v, dumps(_keys_to_str(v), 2)]
        return cache[1]

    ns = {"dumps": dumps, "walk": _keys_to_str, "S": frozenset((int, str, bool, float,
                                                               type(None))),
          "K": {k: dumps(k, 2) for k in FIELDS}, "C": cache, "same": same,
          "HEAD": dumps({"v": VERSION}, 2)[:-1]}
    exec(compile(code, "<burning_sands check_form>", "exec"), ns)
    return ns["check_form"]


check_form = _make_check_form()


def from_json(d: dict) -> BurningSandsState:
    if d.get("v") != VERSION:
        raise ValueError(f"unknown Burning Sands state version {d.get('v')!r}")
    s = BurningSandsState.__new__(BurningSandsState)
    for k in FIELDS:
        setattr(s, k, marshal.loads(marshal.dumps(d[k])))
    s.rng = RNG.from_json(d["rng"])
    s._cache = None
    return s
