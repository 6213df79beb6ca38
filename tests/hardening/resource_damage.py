"""Damage for the app's own resource files, for the resource fuzzer: a copied resources tree and
ways to spoil one file in it (special files, empty, random, huge, invalid UTF-8, cut short) and
absurd numbers put into a TOML data file or a Tiled map."""

from __future__ import annotations

import os
import random
import re
import shutil
from pathlib import Path

from sandsofplay.engine.resources import resources_root

HUGE = 100 << 20  # a sparse file: it takes no disk space, and must never be read


def copy_tree(dest: Path) -> Path:
    shutil.copytree(resources_root(), dest)
    return dest


def _replace(path: Path, data: bytes):
    path.unlink()
    path.write_bytes(data)


def fifo(path: Path, rng):
    path.unlink()
    os.mkfifo(path)


def dev_zero(path: Path, rng):
    path.unlink()
    path.symlink_to("/dev/zero")


def empty(path: Path, rng):
    _replace(path, b"")


def random_bytes(path: Path, rng):
    _replace(path, bytes(rng.randrange(256) for _ in range(4096)))


def huge(path: Path, rng):
    path.unlink()
    with open(path, "wb") as fh:
        fh.truncate(HUGE)


def bad_utf8(path: Path, rng):
    raw = path.read_bytes()
    at = len(raw) // 2
    _replace(path, raw[:at] + b"\xff\xfe\xc3(\x80" + raw[at:])


def truncated(path: Path, rng):
    raw = path.read_bytes()
    _replace(path, raw[:len(raw) // 2])


# every kind of resource gets these; the first five must be refused whatever the kind
BYTE_DAMAGE = {"fifo": fifo, "dev_zero": dev_zero, "huge": huge, "random": random_bytes,
               "bad_utf8": bad_utf8, "empty": empty, "truncated": truncated}
MUST_REFUSE = ("fifo", "dev_zero", "huge", "random", "bad_utf8")

# absurd numbers; the first four must be refused, the others may be accepted where they fit
ABSURD = {"1e26": "1e26", "10**5000": "1" + "0" * 5000, "nan": "nan", "inf": "inf",
          "-1": "-1", "1.5": "1.5", "0": "0"}
ABSURD_MUST_REFUSE = ("1e26", "10**5000", "nan", "inf")

_TOML_NUMBER = re.compile(r"(?m)^(\s*[A-Za-z_][\w-]*\s*=\s*)(-?\d+(?:\.\d+)?)[ \t]*$")


def toml_number_sites(text: str) -> list[tuple[int, int]]:
    """(start, end) of each number assigned on a line of its own in a TOML text."""
    return [m.span(2) for m in _TOML_NUMBER.finditer(text)]


def with_number(text: str, site, value: str) -> str:
    a, b = site
    return text[:a] + value + text[b:]


_MAP_NUMBER = re.compile(r'<object [^>]*?\b(x|y|width|height)="(-?[\d.]+)"')


def map_number_sites(text: str) -> list[tuple[int, int]]:
    return [m.span(2) for m in _MAP_NUMBER.finditer(text)]


def sample(items, k: int, rng: random.Random):
    items = list(items)
    return items if len(items) <= k else rng.sample(items, k)
