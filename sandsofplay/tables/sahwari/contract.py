"""The table contract's ``Gesture`` (DESIGN.md, "The shape of a table"): the base's own when it
has one, else the same frozen value defined here until the base provides it."""

from __future__ import annotations

from dataclasses import dataclass

try:
    from ...ui.table import Gesture  # noqa: F401
except ImportError:  # the base does not define it yet
    @dataclass(frozen=True)
    class Gesture:  # type: ignore[no-redef]
        """An engine action and the input steps that perform it, in logical pixels:
        ``("click", (x, y))``, ``("drag", (x, y), (x, y))`` or ``("key", keycode)``."""

        action: object
        steps: tuple
