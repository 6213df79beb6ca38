"""Sahwari's actions, built once each: ``A(kind, *args)`` returns the same frozen ``Action``
object every time it is asked for the same one, so the rules never re-validate action text
while they list legal moves (the text is checked at the edges: ``Action.parse``). The pool is
bounded: every argument is a cell, a camel, a card, a token slot or a fixed word.
"""

from __future__ import annotations

from sandsofplay.engine import Action

_POOL: dict = {}


def A(kind: str, *args) -> Action:
    a = _POOL.get((kind, args))
    if a is None:
        a = _POOL[(kind, args)] = Action(kind, args)
    return a


# tables for the moves listed most often (the same objects ``A`` returns)
MOVE = tuple(tuple(A("move", k, c) for c in range(25)) for k in range(6))
GUILD_MOVE = tuple(tuple(A("guild", k, c) for c in range(25)) for k in range(6))
