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
        s = _copy(self)
        s.rng = self.rng.clone()
        s._cache = None
        return s


def _make_copy():
    """``copy_fields`` of a state into a new state, spelled out field by field (a clone is taken
    every few actions for undo and many times a decision by the bots' look-ahead). A list of
    lists holds lists (the state is plain data: ``plain_problems``), so ``list.copy`` copies
    each as ``x[:]`` does."""
    lines = ["def copy(src):", "    s = new(BurningSandsState)"]
    for k in FIELDS:
        kind = KIND.get(k, "v")
        v = f"src.{k}"
        if kind == "l":
            v += "[:]"
        elif kind == "ll":
            v = f"[*map(lcopy, {v})]"
        elif kind == "m":
            v = f"loads(dumps({v}))"
        lines.append(f"    s.{k} = {v}")
    lines.append("    return s")
    ns = {"new": object.__new__, "BurningSandsState": BurningSandsState, "lcopy": list.copy,
          "loads": marshal.loads, "dumps": marshal.dumps}
    exec(compile("\n".join(lines) + "\n", "<burning_sands copy>", "exec"), ns)
    return ns["copy"]


_copy = _make_copy()


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


# the per-card lists of ints that change least often: their bytes are kept beside a copy of the
# value they encode, and used again while the list still equals that copy (a comparison of the
# ints is several times cheaper than encoding them). Equal lists of ints encode to equal bytes;
# the rules store only ints there (never bools, which compare equal to 0 and 1 but encode
# otherwise): ``plain_problems`` checks it, and the conformance run checks that every step.
REUSED = ("cdef", "owner", "water", "bowed", "deck", "saved", "buried", "home", "heroes",
          "sections")


def _make_check_form():
    """``check_form_plain`` without the walk over the whole state: marshal format 2 has no
    back-references, so a dict's bytes are ``{`` + each key's and value's bytes + ``0``, and
    the state is plain data (ints, strings, lists, dicts with string keys: ``plain_problems``),
    which ``_keys_to_str`` leaves as it is, so every field is dumped as it is. The deck
    definitions (``=``, shared by every clone) are encoded once per object; the ``REUSED``
    lists once per value."""
    dumps = marshal.dumps
    pieces, group = [], []

    def flush():
        if group:
            pieces.append("dumps({" + ", ".join(group) + "}, 2)[1:-1]")
            group.clear()

    for k in FIELDS:
        kind = KIND.get(k, "v")
        if kind == "=":
            flush()
            pieces.append(f"K[{k!r}]")
            pieces.append(f"(C[1] if s.{k} is C[0] else same(s.{k}))")
        elif k in REUSED:
            flush()
            i = REUSED.index(k)
            pieces.append(f"K[{k!r}]")
            pieces.append(f"(e[1] if s.{k} == (e := E[{i}])[0] else again({i}, s.{k}))")
        else:
            group.append(f"{k!r}: s.{k}")
    group.append("'rng': s.rng.to_json()")
    pieces.append("dumps({" + ", ".join(group) + "}, 2)[1:]")
    code = "def check_form(s):\n    return b''.join((HEAD, " + ", ".join(pieces) + "))\n"
    cache = [object(), b""]  # (a shared deck-definitions object, its bytes)
    reused = [(None, b"")] * len(REUSED)  # per REUSED field: (a copy of a value, its bytes)

    def same(v):
        cache[:] = [v, dumps(_keys_to_str(v), 2)]
        return cache[1]

    def again(i, v):
        b = dumps(v, 2)
        # one tuple: a reader never sees a copy with other bytes
        reused[i] = ([x[:] for x in v] if nested[i] else v[:], b)
        return b

    nested = [KIND[k] == "ll" for k in REUSED]

    ns = {"dumps": dumps, "K": {k: dumps(k, 2) for k in FIELDS}, "C": cache, "same": same,
          "E": reused, "again": again, "HEAD": dumps({"v": VERSION}, 2)[:-1]}
    exec(compile(code, "<burning_sands check_form>", "exec"), ns)
    return ns["check_form"]


_SCALARS = (int, str, float, type(None), bool)


def _plain(v, path: str, out: list) -> None:
    t = type(v)
    if t is dict:
        for k, x in v.items():
            if type(k) is not str:
                out.append(f"{path} has the key {k!r}, not a string")
            _plain(x, f"{path}.{k}", out)
    elif t is list:
        for i, x in enumerate(v):
            _plain(x, f"{path}[{i}]", out)
    elif t not in _SCALARS:
        out.append(f"{path} holds a {t.__name__}, not plain data")


def plain_problems(s: BurningSandsState) -> list:
    """What would make the fast check form differ from ``check_form_plain``: a field that is
    not plain data (ints, strings, floats, None, lists, dicts with string keys - no tuples,
    which the JSON form turns into lists), or a ``REUSED`` list holding anything but ints."""
    out = []
    for k in FIELDS:
        if KIND.get(k) != "=":
            _plain(getattr(s, k), k, out)
    for k in REUSED:
        v = getattr(s, k)
        if KIND[k] == "ll":
            v = [x for part in v for x in (part if type(part) is list else [part, None])]
        if any(type(x) is not int for x in v):
            out.append(f"{k} holds something other than ints")
    return out[:5]


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
