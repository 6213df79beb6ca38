"""Damaged files made from good ones, for the fuzz tests: byte-level damage (truncation, flipped
and inserted bytes, wrong encodings) and JSON-level damage (deleted and retyped fields, huge and
non-finite numbers, deep nesting), each with a short name for failure messages."""

from __future__ import annotations

import copy
import json
import random

RAW = "__raw_%d__"

# values a field may be retyped to; strings in RAW_TOKENS are spliced into the text as they are
ODD_VALUES = [None, True, False, 0, -1, 1.5, "", "x", "\ud800", [], {}, [[[]]], {"a": {}},
              2 ** 62, -(2 ** 62), "\u202e\u0000bell\x07", "y" * 5000]
RAW_TOKENS = ["Infinity", "-Infinity", "NaN", "1e999", "-1e999", "9" * 5000, "1" * 25,
              "[" * 3000 + "]" * 3000, "[" * 60 + "]" * 60, "{" * 0 + '{"a":' * 1200 + "1" + "}" * 1200]


def paths_of(value, prefix=()):
    """Every path (tuple of keys/indexes) into a JSON value, at most a few hundred."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths_of(v, prefix + (k,))
    elif isinstance(value, list):
        idx = range(len(value)) if len(value) <= 6 else [0, 1, len(value) // 2, len(value) - 1]
        for i in idx:
            out += paths_of(value[i], prefix + (i,))
    return out


def _get(value, path):
    for k in path:
        value = value[k]
    return value


def dumps_with_raw(value, raws: list[str]) -> str:
    text = json.dumps(value, indent=1, ensure_ascii=True)
    for i, raw in enumerate(raws):
        text = text.replace(json.dumps(RAW % i), raw)
    return text


def json_mutations(data, rng: random.Random, n: int):
    """``n`` (name, text) pairs of structural damage to ``data``."""
    all_paths = [p for p in paths_of(data) if p]
    out = []
    for _ in range(n):
        d = copy.deepcopy(data)
        raws: list[str] = []
        path = rng.choice(all_paths)
        parent, key = _get(d, path[:-1]), path[-1]
        r = rng.random()
        if r < 0.2 and isinstance(parent, dict):
            del parent[key]
            name = f"delete {path}"
        elif r < 0.55:
            v = rng.choice(ODD_VALUES)
            parent[key] = copy.deepcopy(v)
            name = f"retype {path} = {str(v)[:20]!r}"
        elif r < 0.8:
            raws.append(rng.choice(RAW_TOKENS))
            parent[key] = RAW % 0
            name = f"raw {path} = {raws[0][:12]}"
        elif isinstance(parent, list) and parent:
            if rng.random() < 0.5:
                parent.insert(rng.randrange(len(parent) + 1), copy.deepcopy(rng.choice(parent)))
                name = f"duplicate in {path[:-1]}"
            else:
                parent.reverse()
                name = f"reverse {path[:-1]}"
        else:
            parent[key] = [copy.deepcopy(parent[key])] * 3
            name = f"listify {path}"
        out.append((name, dumps_with_raw(d, raws)))
    return out


def byte_mutations(raw: bytes, rng: random.Random, n: int):
    """``n`` (name, bytes) pairs of byte-level damage."""
    out = []
    for _ in range(n):
        r = rng.random()
        b = bytearray(raw)
        if r < 0.3:
            cut = rng.randrange(len(b))
            out.append((f"truncate at {cut}", bytes(b[:cut])))
        elif r < 0.6:
            for _ in range(rng.randint(1, 4)):
                b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
            out.append(("flip bits", bytes(b)))
        elif r < 0.8:
            at = rng.randrange(len(b))
            junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
            out.append(("insert junk", bytes(b[:at]) + junk + bytes(b[at:])))
        else:
            at = rng.randrange(len(b))
            out.append(("replace a byte", bytes(b[:at]) + bytes([rng.choice(b'{}[]",:0-')]) +
                        bytes(b[at + 1:])))
    return out


def log_mutations(data, rng: random.Random):
    """Damage aimed at the log: illegal, malformed and reordered actions, wrong hashes."""
    out = []
    log = data["log"]

    def variant(name, fn):
        d = copy.deepcopy(data)
        fn(d)
        out.append((name, json.dumps(d, indent=1)))

    k = len(log) // 2
    variant("illegal action", lambda d: d["log"][k].__setitem__(2, "fly 99"))
    variant("action by another seat", lambda d: d["log"][k].__setitem__(
        1, (d["log"][k][1] + 1) % len(d["setup"]["seats"])))
    variant("seat out of range", lambda d: d["log"][k].__setitem__(1, 99))
    variant("huge argument", lambda d: d["log"][k].__setitem__(2, "play " + "9" * 150))
    variant("long action text", lambda d: d["log"][k].__setitem__(2, "x" * 100_000))
    variant("entry is an object", lambda d: d["log"].__setitem__(k, {"tick": 0}))
    variant("entry too short", lambda d: d["log"].__setitem__(k, [0, 0]))
    variant("time goes back", lambda d: d["log"][-1].__setitem__(0, -5))
    variant("time far ahead", lambda d: d["log"][k].__setitem__(0, 10 ** 15))
    variant("swap two actions", lambda d: d["log"].__setitem__(slice(k, k + 2),
                                                               d["log"][k:k + 2][::-1]))
    variant("wrong hash", lambda d: d["hashes"].__setitem__(k, "0" * 20))
    variant("more hashes than actions", lambda d: d["hashes"].extend(["a"] * 5))
    variant("unknown bot level", lambda d: d["setup"]["seats"][-1].update(kind="bot",
                                                                           level="godlike"))
    variant("no seats", lambda d: d["setup"].__setitem__("seats", []))
    variant("too many seats", lambda d: d["setup"].__setitem__("seats",
                                                               d["setup"]["seats"] * 9))
    variant("seats as strings", lambda d: d["setup"].__setitem__("seats", ["human", "bot"]))
    variant("seat name lone surrogate", lambda d: d["setup"]["seats"][0].__setitem__("name",
                                                                                     "\udcff"))
    variant("unknown option", lambda d: d["setup"]["options"].__setitem__("zzz", 1))
    variant("bad option value", lambda d: d["setup"]["options"].__setitem__(
        next(iter(d["setup"]["options"]), "clock"), "never"))
    variant("game is a list", lambda d: d.__setitem__("game", ["tiny"]))
    variant("game is an object", lambda d: d.__setitem__("game", {"id": "tiny"}))
    variant("unknown game", lambda d: (d.__setitem__("game", "chess"),
                                       d["setup"].__setitem__("game", "chess")))
    variant("final_tick null", lambda d: d.__setitem__("final_tick", None))
    variant("final_tick text", lambda d: d.__setitem__("final_tick", "soon"))
    variant("log null", lambda d: d.__setitem__("log", None))
    variant("log a string", lambda d: d.__setitem__("log", "move 3"))
    variant("version 0", lambda d: d.__setitem__("version", 0))
    variant("version from the future", lambda d: d.__setitem__("version", 7))
    variant("not a save", lambda d: d.__setitem__("format", "zip"))
    variant("many junk entries", lambda d: d.__setitem__("log", [[0, 0, "junk"]] * 100_001))
    for token, name in (("NaN", "final_tick NaN"), ("Infinity", "seed Infinity"),
                        ("9" * 4400, "seed of 4,400 digits")):
        d = copy.deepcopy(data)
        if name.startswith("final"):
            d["final_tick"] = RAW % 0
        else:
            d["setup"]["seed"] = RAW % 0
        out.append((name, dumps_with_raw(d, [token])))
    deep = copy.deepcopy(data)
    deep["setup"]["options"] = RAW % 0
    out.append(("options nested 5,000 deep", dumps_with_raw(deep, ["[" * 5000 + "]" * 5000])))
    return out
