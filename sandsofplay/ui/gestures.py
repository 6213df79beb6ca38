"""The table contract's values: gestures a table offers, and the keyboard focus ring of a table.

A :class:`Gesture` is what a person does with mouse, finger or keys to perform one action: its
``steps`` are ``("click", (x, y))``, ``("drag", (x, y), (x, y))`` or ``("key", keycode)`` in
logical 1280x720 pixels. Posting the steps as real pygame events performs ``action`` (see
DESIGN.md, "The shape of a table").

A :class:`FocusTarget` is something the keyboard can reach at a table: Tab / Shift+Tab move the
focus ring over the targets in order, Enter or Space activates the focused one. ``acts`` names
the (seat, action) pairs that activating performs, so the table can offer keyboard gestures.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from ..engine.game import Action


@dataclass(frozen=True)
class Gesture:
    """One way to perform ``action``: a tuple of click / drag / key steps."""

    action: Action
    steps: tuple

    @property
    def keys_only(self) -> bool:
        return all(step[0] == "key" for step in self.steps)

    def __str__(self) -> str:
        return f"{self.action} by " + ", ".join(
            step[0] + (" " + pygame.key.name(step[1]) if step[0] == "key" else
                       " " + " -> ".join(str(p) for p in step[1:])) for step in self.steps)


def click(pos) -> tuple:
    return ("click", (int(pos[0]), int(pos[1])))


def drag(start, end) -> tuple:
    return ("drag", (int(start[0]), int(start[1])), (int(end[0]), int(end[1])))


def key(code: int) -> tuple:
    return ("key", int(code))


@dataclass
class FocusTarget:
    """A thing the keyboard can focus at a table: a button, a card, a tile, a token."""

    name: str
    rect: pygame.Rect
    activate: Callable[[], None]
    acts: tuple = ()  # ((seat, Action), ...) that activating it performs now
    ring: str = "rect"  # "rect" or "circle": the shape of the focus ring
    tip: str = ""  # said in the status line while focused
    extra: dict = field(default_factory=dict)


class FocusRing:
    """Keyboard focus over a changing list of targets, kept by name so it survives rebuilds."""

    def __init__(self):
        self.name: str | None = None
        self.visible = False  # shown once the keyboard is used, hidden by a mouse press

    def index(self, targets) -> int:
        for i, t in enumerate(targets):
            if t.name == self.name:
                return i
        return -1

    def current(self, targets) -> FocusTarget | None:
        i = self.index(targets)
        return targets[i] if i >= 0 else None

    def move(self, targets, step: int) -> FocusTarget | None:
        if not targets:
            self.name = None
            return None
        i = self.index(targets)
        if i < 0:
            i = 0 if step > 0 else len(targets) - 1
        elif self.visible:
            i = (i + step) % len(targets)
        # (a hidden ring first shows where it is)
        self.name = targets[i].name
        self.visible = True
        return targets[i]

    def move_dir(self, targets, dx: int, dy: int) -> FocusTarget | None:
        """The nearest target in a direction (arrow keys): the centre must lie that way, and a
        target off the line costs more than one along it (a row's neighbour before the row
        below). With nothing focused yet the first target is shown."""
        cur = self.current(targets) if self.visible else None
        if cur is None:
            return self.move(targets, 1)
        cx, cy = cur.rect.center
        best, best_cost = None, None
        for t in targets:
            if t is cur:
                continue
            ox, oy = t.rect.centerx - cx, t.rect.centery - cy
            along = ox * dx + oy * dy
            if along <= 0:
                continue
            across = abs(ox * dy - oy * dx)
            cost = along + 3 * across
            if best_cost is None or cost < best_cost:
                best, best_cost = t, cost
        if best is not None:
            self.name = best.name
        return best or cur

    def steps_to(self, targets, names) -> tuple:
        """Key steps that focus each named target in turn and press Enter on it (activation is
        assumed not to change the list of targets in between)."""
        steps = []
        i = self.index(targets)
        visible = self.visible
        for name in names:
            j = next(k for k, t in enumerate(targets) if t.name == name)
            n = len(targets)
            if i < 0:
                presses = j + 1
            elif not visible:
                presses = 1 + (j - i) % n
            else:
                presses = (j - i) % n
            visible = True
            steps += [key(pygame.K_TAB)] * presses
            steps.append(key(pygame.K_RETURN))
            i = j
        return tuple(steps)


def overlaps(a: pygame.Rect, b: pygame.Rect) -> bool:
    return a.colliderect(b)


__all__ = ["Gesture", "FocusTarget", "FocusRing", "click", "drag", "key", "overlaps"]
