"""Action-to-sentence tables: a game's ``describe`` written as data instead of an if-chain.

``Phrases`` maps an action kind to what its sentence is made of. An entry is one of:

* a sentence: ``"End the turn."`` - the action's arguments are not needed;
* a template and one converter per argument: ``("Move {} to {}.", CAMEL, CELL)`` - each
  converter is ``f(state, seat, value) -> str`` (``None`` shows the value as it is);
* a dict, chosen by the first argument: ``{"artifact": "Take a cube.", "pawn": "..."}``;
* a function ``f(state, seat, *args) -> str``, for anything else.

A kind without an entry reads as the action's own text (``str(action)``, or what the table's
``otherwise(state, seat, action)`` says), and so does, in a ``lenient`` table, a malformed
action (its arguments do not fit its kind's entry).

>>> from sandsofplay.engine import A
>>> say = Phrases({"end": "End the turn.", "go": ("Go to {} with {}.", None, upper),
...                "take": {"cube": "Take a cube.", "pawn": "Take a pawn."},
...                "pay": lambda s, seat, n: f"Seat {seat} pays {n}."})
>>> say(None, 0, A("go", 3, "ab")), say(None, 1, A("take", "pawn")), say(None, 2, A("pay", 4))
('Go to 3 with AB.', 'Take a pawn.', 'Seat 2 pays 4.')
>>> say(None, 0, A("end")), say(None, 0, A("wait", 1))
('End the turn.', 'wait 1')
"""

from __future__ import annotations

from typing import Any, Callable, Mapping


def upper(s, seat, value) -> str:
    """A converter: the value in capitals."""
    return str(value).upper()


def capital(s, seat, value) -> str:
    """A converter: the value with its first letter in capitals."""
    return str(value).capitalize()


def plural(n: int, one: str, many: str | None = None) -> str:
    """A count and its noun, agreeing: ``plural(1, "coin")`` is "1 coin", ``plural(3, "coin")``
    "3 coins" (``many`` for a plural not made with "s").

    >>> plural(1, "Prayer"), plural(0, "card"), plural(2, "Hero", "Heroes")
    ('1 Prayer', '0 cards', '2 Heroes')
    """
    return f"{n} {one if n == 1 else (many or one + 's')}"


def series(parts) -> str:
    """Words joined as a sentence lists them: "a", "a and b", "a, b and c" ("" for none).

    >>> series(["coins"]), series(["coins", "Prayers", "Songs"])
    ('coins', 'coins, Prayers and Songs')
    """
    parts = list(parts)
    if len(parts) <= 2:
        return " and ".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def plain(f: Callable[[Any], str]) -> Callable:
    """A converter from a function of the value alone (``plain(cell_name)``)."""
    return lambda s, seat, value: f(value)


class Phrases:
    """An action kind -> its sentence (see the module docstring); call it as ``describe``."""

    def __init__(self, entries: Mapping[str, Any], *, lenient: bool = False,
                 otherwise: Callable | None = None):
        self.entries = dict(entries)
        self.lenient = lenient
        self.otherwise = otherwise or (lambda s, seat, action: str(action))

    def __call__(self, s, seat, action) -> str:
        if not self.lenient:
            return self._say(s, seat, action)
        try:
            return self._say(s, seat, action)
        except Exception:  # noqa: BLE001 - a malformed action is described by its text
            return self.otherwise(s, seat, action)

    def _say(self, s, seat, action) -> str:
        entry = self.entries.get(action.kind)
        if entry is None:
            return self.otherwise(s, seat, action)
        args = action.args
        if isinstance(entry, str):
            return entry
        if isinstance(entry, tuple):
            template, *shows = entry
            return template.format(*(v if f is None else f(s, seat, v) for f, v in zip(shows, args)))
        if isinstance(entry, Mapping):
            return entry[args[0]]
        return entry(s, seat, *args)


__all__ = ["Phrases", "capital", "plain", "plural", "upper"]
