"""A state's JSON form read back field by field, written as data: ``read(obj, d, FIELDS)`` sets
each named attribute of ``obj`` from ``d`` through its converter, in order (what a ``from_json``
spelled out one line a field). A missing field raises ``KeyError`` and a wrong value the
converter's ``ValueError`` or ``TypeError``, as the lines did.

>>> class P: pass
>>> p = read(P(), {"n": "2", "hand": [3, "4"], "name": 7}, (("n", int), ("hand", ints),
...                                                          ("name", str)))
>>> p.n, p.hand, p.name
(2, [3, 4], '7')
"""

from __future__ import annotations


def ints(v) -> list:
    """A list of whole numbers."""
    return [int(x) for x in v]


def strs(v) -> list:
    """A list of texts."""
    return [str(x) for x in v]


def int_lists(v) -> list:
    """A list of lists of whole numbers."""
    return [[int(x) for x in row] for row in v]


def read(obj, d: dict, fields) -> object:
    """Set ``obj.<name> = convert(d[name])`` for each ``(name, convert)`` of ``fields``."""
    for name, convert in fields:
        setattr(obj, name, convert(d[name]))
    return obj


__all__ = ["int_lists", "ints", "read", "strs"]
