"""Where the app's own resources are, and the one way they are read: component data, maps,
fonts and help pages.

They travel inside the package (``sandsofplay/resources``) and are declared as package data, so
an editable checkout, a wheel, ``pip install .``, ``pipx install`` and the desktop bundle all find
them the same way, through :mod:`importlib.resources`. ``SANDSOFPLAY_RESOURCES`` names another
tree laid out the same way (the hardening tests point it at a damaged copy).

Every resource is read through :func:`read_resource`, bounded and checked: only a regular file
(a named pipe, a device or a folder is refused without blocking: the file is checked with
``stat`` and again with ``fstat`` after a non-blocking open, see
:func:`sandsofplay.engine.savefile.read_bytes`), at most :data:`LIMITS` bytes of its kind. A
refusal is a :class:`~sandsofplay.engine.DataError` whose message names the file.
:func:`load_toml` reads a data file as UTF-8 TOML and refuses numbers no component has (beyond
:data:`MAX_NUMBER`, not finite, or too long to convert); :func:`font_problem` checks a font's
TrueType/OpenType table directory before any font library sees it.

Pure Python: the engine, games and bots read their data through this, the ui its fonts and maps.
"""

from __future__ import annotations

import math
import os
import re
import struct
import tomllib
from importlib.resources import files
from pathlib import Path

from .errors import DataError, SaveError

ENV = "SANDSOFPLAY_RESOURCES"

# the largest file of each kind that is read at all (the shipped ones are far smaller: data
# 30 kB, maps 21 kB, fonts 570 kB, help pages 7 kB; pygame_gui lays out 32 kB of help in about
# half a second, 256 kB in ten)
LIMITS = {"data": 1 << 20, "map": 2 << 20, "font": 16 << 20, "help": 32 << 10}
WHAT = {"data": "data file", "map": "map file", "font": "font file", "help": "help page"}
MIN_FONT_BYTES = 1024
MAX_NUMBER = 100_000  # no count or value of a component comes near it (the largest is 120)
MAX_DEPTH = 12  # tables and arrays within each other (the data's own shape is 4 deep)


def resources_root() -> Path:
    """The folder holding ``data/``, ``maps/``, ``fonts/`` and ``help/``."""
    override = os.environ.get(ENV)
    if override:
        return Path(override)
    # A package installed as files (every supported install) gives a real folder here.
    return Path(str(files("sandsofplay").joinpath("resources")))


def resource(*parts: str) -> Path:
    """The path of one resource below the root, e.g. ``resource("data", "sand")``."""
    return resources_root().joinpath(*parts)


def read_resource(path, kind: str) -> bytes:
    """The bytes of one resource file of ``kind`` (``data``, ``map``, ``font``, ``help``):
    a regular file of at most ``LIMITS[kind]`` bytes, else ``DataError`` naming it. Never
    blocks on a pipe or a device."""
    from .savefile import read_bytes
    try:
        return read_bytes(path, LIMITS[kind], WHAT[kind])
    except SaveError as exc:
        raise DataError(str(exc).replace(" It was left untouched.", "")) from None


def decode_text(raw: bytes, name: str, what: str = "data file") -> str:
    """UTF-8 text, else ``DataError`` naming the file and where the bad byte is."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(f"{name}: the {what} is not UTF-8 text (an unreadable byte at "
                        f"position {exc.start})") from None


class _BadNumber(ValueError):
    pass


def _parse_float(text: str) -> float:
    if len(text) > 40:
        raise _BadNumber(f"a number {len(text)} characters long")
    value = float(text)
    if not math.isfinite(value):
        raise _BadNumber(f"{text}, which is not a number a component has")
    return value


def load_toml(path) -> dict:
    """A data file read bounded and parsed as TOML, every number checked: ``DataError`` naming
    the file (and the entry, for a number out of range) otherwise."""
    path = Path(path)
    name = path.name
    text = decode_text(read_resource(path, "data"), name)
    try:
        data = tomllib.loads(text, parse_float=_parse_float)
    except _BadNumber as exc:
        raise DataError(f"{name}: not valid data: it holds {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{name}: not valid TOML: {exc}") from None
    except RecursionError:
        raise DataError(f"{name}: not valid data: it is nested far too deeply") from None
    except ValueError:  # an integer of thousands of digits (int_max_str_digits)
        raise DataError(f"{name}: {_long_number(text)}") from None
    _check_numbers(data, name, "", 0)
    return data


def _long_number(text: str) -> str:
    """Where the first far too long number in a TOML text is, in words."""
    m = re.search(r"\d{19,}", text)
    if m is None:
        return "not valid data: it holds a number far too long"
    start = text.rfind("\n", 0, m.start()) + 1
    key = text[start:m.start()].split("=")[0].strip()[:40]
    line = text.count("\n", 0, m.start()) + 1
    return (f"line {line}: '{key}' holds a number {m.end() - m.start():,} digits long (no "
            f"component count or value is beyond {MAX_NUMBER:,})")


def _check_numbers(value, name: str, where: str, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise DataError(f"{name}: {where or 'the file'}: nested far too deeply")
    if isinstance(value, dict):
        for k, v in value.items():
            _check_numbers(v, name, f"{where}.{k}" if where else str(k), depth + 1)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _check_numbers(v, name, f"{where}[{i}]", depth + 1)
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        if abs(value) > MAX_NUMBER:
            shown = f"{value:.3g}" if isinstance(value, float) or abs(value) > 10 ** 12 \
                else str(value)
            raise DataError(f"{name}: {where}: the number {shown} is out of range (no component "
                            f"count or value is beyond {MAX_NUMBER:,})")


def whole(value, name: str, where: str, key: str, lo: int, hi: int) -> int:
    """``value`` as a whole number from ``lo`` to ``hi``, else ``DataError`` naming the file,
    the entry and the key (a float such as ``1e26``, a boolean or a string is refused)."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        shown = f"{value:.3g}" if isinstance(value, float) else repr(value)[:40]
        raise DataError(f"{name}: {where}: '{key}' must be a whole number from {lo} to {hi}, "
                        f"not {shown}")
    return value


# --- fonts ----------------------------------------------------------------------------------------

_FONT_TAGS = (b"\x00\x01\x00\x00", b"OTTO", b"true")
_REQUIRED_TABLES = (b"cmap", b"head", b"hhea", b"hmtx", b"maxp")


def font_problem(raw: bytes) -> str:
    """Why these bytes are not a usable TrueType/OpenType font, or "" when they look like one:
    the header, the table directory (every table inside the file) and the tables a font
    library needs to draw text (cmap, head, hhea, hmtx, maxp, and glyf+loca or CFF), and the
    whole file's checksum."""
    if len(raw) < MIN_FONT_BYTES:
        return f"it is {len(raw)} bytes long, too short for a font"
    if raw[:4] not in _FONT_TAGS:
        if raw[:4] == b"ttcf":
            return "it is a font collection, not a single font"
        return "it does not start like a TrueType or OpenType font"
    (num_tables,) = struct.unpack(">H", raw[4:6])
    if not 4 <= num_tables <= 100:
        return f"its table directory lists {num_tables} tables"
    if 12 + 16 * num_tables > len(raw):
        return "its table directory is cut short"
    tags = set()
    for i in range(num_tables):
        tag, _checksum, offset, length = struct.unpack(">4sIII", raw[12 + 16 * i:28 + 16 * i])
        if offset + length > len(raw) or offset < 12 + 16 * num_tables:
            return f"its table {tag.decode('latin-1')!r} lies outside the file"
        tags.add(tag)
    missing = [t.decode() for t in _REQUIRED_TABLES if t not in tags]
    if not ({b"glyf", b"loca"} <= tags or b"CFF " in tags or b"CFF2" in tags):
        missing.append("glyf/CFF")
    if missing:
        return f"it lacks the font tables {', '.join(missing)}"
    # the head table's checkSumAdjustment makes the whole file's uint32 sum this (OpenType
    # spec): any changed, inserted or lost byte shows
    padded = raw + b"\0" * (-len(raw) % 4)
    if sum(struct.unpack(f">{len(padded) // 4}I", padded)) & 0xFFFFFFFF != 0xB1B0AFBA:
        return "its checksum is wrong: the file is damaged"
    return ""
