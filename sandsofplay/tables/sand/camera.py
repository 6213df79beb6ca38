"""The board's camera: how far the desert board is zoomed in and which part of it shows.

Board points are kept in *base* pixels (the board fitted into its panel, zoom 1); the camera maps
them to the screen and back. Zoom comes in steps (``ZOOMS``) so the zoomed board picture can be
cached per step; panning only moves the part of that picture that is shown.

Input (``CameraInput.camera_event``): the mouse wheel over the board zooms about the pointer; a
pinch (SDL's multigesture, two fingers) zooms about the fingers and a two-finger slide pans;
keys ``+`` / ``=`` and ``-`` zoom, the arrow keys pan, ``0`` shows the whole board again; a mouse
or finger drag that starts on bare board pans a zoomed board.
"""

from __future__ import annotations

import pygame

from ...ui import theme as T

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

    def reveal(self, p, margin=30) -> None:
        if not self.shows(p, margin):
            self.centre_on(p)


class CameraInput:
    """Mixed into the table: the board's camera driven by wheel, pinch, keys and bare-board drags.
    Needs ``self.cam``; calls ``self.board_free_at(pos)`` to know whether a press may pan."""

    def init_camera(self, view):
        self.cam = Camera(view)
        self.pan_press = None  # screen point where a press on bare board began
        self.panning = False
        self.touches = 0  # fingers down now (touch events arrive as mouse events with touch=True)
        self.pinch_acc = 0.0
        self.pinched = False  # a pinch happened since the fingers went down: no click, no drop

    def camera_key(self, key) -> bool:
        cam = self.cam
        if key in ZOOM_IN_KEYS:
            cam.zoom_by(1)
        elif key in ZOOM_OUT_KEYS:
            cam.zoom_by(-1)
        elif key in FIT_KEYS:
            cam.fit()
        elif key in PAN_KEYS:
            dx, dy = PAN_KEYS[key]
            cam.pan(-dx * PAN_STEP, -dy * PAN_STEP)
        else:
            return False
        return True

    def camera_event(self, event, keys=True) -> bool:
        """Handle ``event`` if it moves the camera; True when it was used."""
        t = event.type
        cam = self.cam
        if t == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if cam.view.collidepoint(pos) and event.y:
                cam.zoom_by(1 if event.y > 0 else -1, pos)
                return True
            return False
        if t == pygame.MULTIGESTURE:
            if getattr(event, "num_fingers", 2) < 2:
                return False
            self.pinched = True
            self.cancel_drags()
            self.pinch_acc += event.pinched if hasattr(event, "pinched") else event.d_dist
            anchor = (int(event.x * T.W), int(event.y * T.H))  # as the app maps touches
            if not cam.view.collidepoint(anchor):
                anchor = cam.view.center
            while abs(self.pinch_acc) >= PINCH_STEP:
                sign = 1 if self.pinch_acc > 0 else -1
                cam.zoom_by(sign, anchor)
                self.pinch_acc -= sign * PINCH_STEP
            last = getattr(self, "_pinch_centre", None)
            if last is not None:
                cam.pan(anchor[0] - last[0], anchor[1] - last[1])
            self._pinch_centre = anchor
            return True
        if t == pygame.KEYDOWN and keys and not (event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)):
            return self.camera_key(event.key)
        touch = getattr(event, "touch", False)
        if t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not touch:  # a mouse press: no fingers are on the glass
                self.touches, self.pinched, self.pinch_acc = 0, False, 0.0
                self._pinch_centre = None
            if touch:
                self.touches += 1
                if self.touches >= 2:  # a second finger: a pinch is coming, not a tap
                    self.pinched = True
                    self.cancel_drags()
                    return True
            if cam.zoom > 1 and self.board_free_at(event.pos):
                self.pan_press = event.pos
            return False
        if t == pygame.MOUSEMOTION:
            if self.pinched:
                return True
            if self.pan_press is not None and event.buttons[0]:
                dx, dy = event.pos[0] - self.pan_press[0], event.pos[1] - self.pan_press[1]
                if self.panning or abs(dx) + abs(dy) > 6:
                    self.panning = True
                    cam.pan(dx, dy)
                    self.pan_press = event.pos
                    return True
            return False
        if t == pygame.MOUSEBUTTONUP and event.button == 1:
            if touch:
                self.touches = max(0, self.touches - 1)
            if self.pinched:
                if self.touches == 0:
                    self.pinched = False
                    self.pinch_acc = 0.0
                    self._pinch_centre = None
                return True
            was = self.panning
            self.pan_press, self.panning = None, False
            return was
        return False

    def cancel_drags(self):
        """A pinch began: whatever one finger was dragging goes back."""
        self.pan_press, self.panning = None, False

    def board_free_at(self, pos) -> bool:
        return self.cam.view.collidepoint(pos)
