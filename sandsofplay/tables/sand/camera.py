"""The board's camera: how far the desert board is zoomed in and which part of it shows.

Board points are kept in *base* pixels (the board fitted into its panel, zoom 1); the camera maps
them to the screen and back. Zoom comes in steps (``ZOOMS``) so the zoomed board picture can be
cached per step; panning only moves the part of that picture that is shown.

Its input (wheel, pinch, keys, drags on bare board) is the board's (``board.Board.camera_event``).
"""

from __future__ import annotations

import pygame


ZOOMS = (1.0, 1.25, 1.5, 1.75, 2.0, 2.5)
PAN_STEP = 60  # screen pixels an arrow key moves the board
PINCH_STEP = 0.035  # multigesture distance change that makes one zoom step
ZOOM_IN_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
ZOOM_OUT_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
FIT_KEYS = (pygame.K_0, pygame.K_KP_0)
PAN_KEYS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
            pygame.K_DOWN: (0, 1)}


class Camera:
    """Zoom step and offset of the board panel ``view`` (a screen rectangle)."""

    def __init__(self, view: pygame.Rect):
        self.view = pygame.Rect(view)
        self.step = 0
        self.off = [0.0, 0.0]  # how far the zoomed picture is scrolled (zoomed pixels)
        self.version = 0  # changes whenever what is shown changes

    @property
    def zoom(self) -> float:
        return ZOOMS[self.step]

    @property
    def key(self):
        return (self.step, int(self.off[0]), int(self.off[1]))

    def to_screen(self, p):
        z = self.zoom
        return (int(self.view.x + (p[0] - self.view.x) * z - self.off[0]),
                int(self.view.y + (p[1] - self.view.y) * z - self.off[1]))

    def to_base(self, p):
        z = self.zoom
        return ((p[0] - self.view.x + self.off[0]) / z + self.view.x,
                (p[1] - self.view.y + self.off[1]) / z + self.view.y)

    def shows(self, p, margin=0) -> bool:
        """Whether base point ``p`` is on the board panel (``margin`` pixels inside its edge)."""
        return self.view.inflate(-2 * margin, -2 * margin).collidepoint(self.to_screen(p))

    def _clamp(self):
        z = self.zoom
        mx, my = self.view.w * (z - 1), self.view.h * (z - 1)
        self.off[0] = min(max(0.0, self.off[0]), mx)
        self.off[1] = min(max(0.0, self.off[1]), my)

    def _changed(self):
        self._clamp()
        self.version += 1

    def set_step(self, step: int, anchor=None) -> bool:
        """Zoom to ``ZOOMS[step]`` keeping the board point under screen point ``anchor`` (the
        panel's centre by default) where it is."""
        step = min(max(0, step), len(ZOOMS) - 1)
        if step == self.step:
            return False
        anchor = anchor if anchor is not None else self.view.center
        base = self.to_base(anchor)
        self.step = step
        z = self.zoom
        self.off[0] = self.view.x + (base[0] - self.view.x) * z - anchor[0]
        self.off[1] = self.view.y + (base[1] - self.view.y) * z - anchor[1]
        self._changed()
        return True

    def zoom_by(self, steps: int, anchor=None) -> bool:
        return self.set_step(self.step + steps, anchor)

    def pan(self, dx, dy) -> bool:
        """Move the board by (dx, dy) screen pixels (content follows the hand)."""
        before = tuple(self.off)
        self.off[0] -= dx
        self.off[1] -= dy
        self._clamp()
        if tuple(self.off) != before:
            self.version += 1
            return True
        return False

    def fit(self) -> bool:
        """The whole board again."""
        if self.step == 0 and self.off == [0.0, 0.0]:
            return False
        self.step, self.off = 0, [0.0, 0.0]
        self.version += 1
        return True

    def centre_on(self, p) -> None:
        """Scroll so base point ``p`` is in the middle of the panel (as far as the edges let)."""
        s = self.to_screen(p)
        self.pan(self.view.centerx - s[0], self.view.centery - s[1])

    def saved(self):
        """What the camera shows, to ``restore`` later (a gesture worked out at another zoom)."""
        return self.step, list(self.off)

    def restore(self, saved) -> None:
        self.step, self.off = saved[0], list(saved[1])

    def reveal(self, p, margin=30) -> None:
        if not self.shows(p, margin):
            self.centre_on(p)
