"""A small fuzzer for the kiosk configuration (issue 33, point 15): deep nesting of every kind,
special files (a FIFO, a link to /dev/zero, a folder, a dangling link), huge files, invalid
UTF-8, random bytes, wrong types for every key, odd key names. ``load`` must return a
``KioskConfig`` whose every field is valid and a list of sentences, whatever it is given, and
the attract loop must be able to plan games from it.

    python -m tests.kiosk.config_fuzz [--cases N] [--seed S]   prints "tried N, failed F"
"""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

from sandsofplay.kiosk.config import CHECKS, MAX_BYTES, KioskConfig, load

VALUES = [0, -1, 1, 7, 10 ** 30, 1.5, float("nan"), float("inf"), True, False, "", "x", "2468",
          "normal", "22:00-07:00", "25:99-00:00", [], [1, 2], ["tiny"], ["chess"], {}, {"a": 1},
          {"tiny": {"x": 1}}, {"sands_of_adventure": {"sides": "mixed"}}]


def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return {"nan": "nan", "inf": "inf"}.get(str(v), repr(v))
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    return "{" + ", ".join(f'"{k}" = {toml_value(x)}' for k, x in v.items()) + "}"


def nested(kind: str, depth: int) -> str:
    if kind == "array":
        return "games = " + "[" * depth + "]" * depth + "\n"
    if kind == "inline":
        return "options = " + "{a = " * depth + "1" + "}" * depth + "\n"
    if kind == "dotted":
        return "options." + ".".join(["a"] * depth) + " = 1\n"
    if kind == "tables":
        return "[" + ".".join(["t"] * depth) + "]\nx = 1\n"
    if kind == "mixed":
        return "players = " + "[{a = " * depth + "1" + "}]" * depth + "\n"
    return "pin = " + "[" * depth + "\n"  # unclosed


def cases(rng: random.Random, n: int):
    """(label, writer) pairs: a writer makes the file at a path."""
    out = []
    for kind in ("array", "inline", "dotted", "tables", "mixed", "open"):
        for depth in (10, 100, 300, 500, 1000, 5000, 50000):
            text = nested(kind, depth)
            out.append((f"nested {kind} {depth}", lambda p, t=text: p.write_text(t)))
    out.append(("fifo", lambda p: os.mkfifo(p)))
    out.append(("link to /dev/zero", lambda p: os.symlink("/dev/zero", p)))
    out.append(("link to /dev/urandom", lambda p: os.symlink("/dev/urandom", p)))
    out.append(("folder", lambda p: p.mkdir()))
    out.append(("dangling link", lambda p: os.symlink(p.parent / "nowhere", p)))
    out.append(("empty", lambda p: p.write_bytes(b"")))
    out.append(("huge", lambda p: p.write_bytes(b"# " + b"x" * (MAX_BYTES * 4) + b"\n")))
    out.append(("just too large", lambda p: p.write_bytes(b"#" * (MAX_BYTES + 1))))
    out.append(("huge value", lambda p: p.write_text('pin = "' + "9" * (MAX_BYTES - 20) + '"\n')))
    out.append(("invalid utf-8", lambda p: p.write_bytes(b'pin = "\xff\xfe"\n')))
    out.append(("nul bytes", lambda p: p.write_bytes(b"pin = \x00\x00\n")))
    while len(out) < n:
        r = rng.random()
        if r < 0.15:
            data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
            out.append(("random bytes", lambda p, d=data: p.write_bytes(d)))
            continue
        lines = []
        for _ in range(rng.randrange(1, 8)):
            if rng.random() < 0.15:
                key = "".join(rng.choice("ab_-9\u00e9\u2603") for _ in range(rng.randrange(1, 60)))
                key = f'"{key}\\u0007"' if rng.random() < 0.3 else f'"{key}"'
            else:
                key = rng.choice(sorted(CHECKS))
            value = rng.choice(VALUES)
            if rng.random() < 0.2:
                value = [value] * rng.randrange(1, 5)
            lines.append(f"{key} = {toml_value(value)}")
        text = "\n".join(dict.fromkeys(lines)) + "\n"  # a key twice is a TOML error: fine too
        out.append(("types", lambda p, t=text: p.write_text(t, encoding="utf-8")))
    return out


def valid(cfg: KioskConfig) -> str:
    """'' when every field of ``cfg`` passes its own check, else what does not."""
    for key, check in CHECKS.items():
        value = getattr(cfg, key)
        try:
            again = check(value)
        except ValueError as exc:
            return f"{key} = {value!r:.60}: {exc}"
        if again != value:
            return f"{key} changes when checked again"
    return ""


def run(n: int = 300, seed: int = 33, folder: Path | None = None) -> tuple[int, list[str]]:
    """Try ``n`` cases (at least the fixed ones); returns (tried, failures)."""
    from sandsofplay.kiosk.playlist import Playlist
    rng = random.Random(seed)
    failures = []
    tried = 0
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        for i, (label, write) in enumerate(cases(rng, n)):
            path = Path(tmp) / f"case{i}.toml"
            write(path)
            tried += 1
            try:
                cfg, problems = load(path)
                assert isinstance(cfg, KioskConfig), "not a KioskConfig"
                assert all(isinstance(p, str) and p for p in problems), "a problem not a sentence"
                assert all(len(p) < 2000 for p in problems), "a problem too long to read"
                bad = valid(cfg)
                assert not bad, bad
                playlist = Playlist(cfg, seed=i)
                for _ in range(2):
                    playlist.next()
            except Exception as exc:  # noqa: BLE001 - a failure of the fuzzed code
                failures.append(f"case {i} ({label}): {type(exc).__name__}: {exc}"[:300])
    return tried, failures


if __name__ == "__main__":
    import argparse
    import logging
    logging.disable(logging.WARNING)
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=300)
    ap.add_argument("--seed", type=int, default=33)
    a = ap.parse_args()
    import sandsofplay.tables  # noqa: F401 - the playable games
    count, failed = run(a.cases, a.seed)
    for f in failed:
        print(f)
    print(f"tried {count}, failed {len(failed)}")
