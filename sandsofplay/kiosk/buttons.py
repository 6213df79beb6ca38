"""The kiosk's own big buttons: a rounded rectangle and a line of cached text, drawn by the
scene itself.

The kiosk's menus (the takeover choice, the game chooser, "Still there?", the PIN pad) open in
the middle of a demo, and pygame_gui builds a button's pictures (every state, anti-aliased by
drawing large and scaling down) over the frames after it is made: a takeover choice of six big
buttons cost 40-70 ms of one frame and 15-20 ms of the next two. These buttons cost nothing to
make and a fraction of a millisecond to draw; they keep the menus' interface (``buttons[name]``
with ``rect`` and ``set_text``, a focus ring for keys, a cycler's halves) and act on release, as
pygame_gui's do: a press and a release on the same button."""

from __future__ import annotations

import pygame

from ..ui import theme as T
from ..ui.scene import FocusItem

NORMAL = (120, 72, 34)
HOVER = (168, 104, 44)
PRESSED = (200, 130, 50)
DISABLED = (96, 84, 70)
BORDER = (60, 34, 14)
SHADOW = (24, 14, 6)
TEXT = T.PARCHMENT
TEXT_DISABLED = (170, 160, 150)
FONT_SIZE = 22


class KioskButton:
    """A button's rectangle, text and action (``press`` for a tap, ``side`` for a cycler)."""

    def __init__(self, rect, text: str, press, name: str):
        self.rect = pygame.Rect(rect)
        self.text = text
        self.press = press
        self.name = name
        self.enabled = True
        self.side = None  # a cycler: callable(+1 | -1) by the half pressed

    def set_text(self, text: str):
        self.text = text

    def enable(self):
        self.enabled = True

    def disable(self):
        self.enabled = False

    def tap(self, pos):
        if not self.enabled:
            return
        if self.side is not None:
            self.side(-1 if pos[0] < self.rect.centerx else 1)
        else:
            self.press()


class PlainButtons:
    """Mixed into a kiosk menu scene (before ``MenuScene``): ``add_button`` and ``add_cycler``
    make :class:`KioskButton` objects; ``handle_buttons`` acts on taps; ``draw_buttons`` draws
    them."""

    _down = None
    _mouse = (-1, -1)

    def add_button(self, rect, text, callback, *, name="", tooltip=None, enabled=True,
                   object_id=None) -> KioskButton:
        press = self._pressed(callback)
        btn = KioskButton(rect, text, press, name or text)
        btn.enabled = enabled
        item = FocusItem(btn.rect, press, name=btn.name)
        item.enabled = enabled
        self.focus_items.append(item)
        self.buttons[btn.name] = btn
        return btn

    def add_cycler(self, rect, text, step, *, name, tooltip=None, object_id=None):
        """A button that cycles a value: a tap on its left half (the \u2039 side) or Left steps
        back; a tap on its right half, Enter or Right steps forward."""
        btn = self.add_button(rect, text, lambda: step(1), name=name)
        click = self._pressed(lambda: None)  # the click sound

        def side(d):
            click()
            step(d)
        btn.side = side
        self.focus_items[-1]._left = lambda: step(-1)
        self.focus_items[-1]._right = lambda: step(1)
        return btn

    def handle_buttons(self, event) -> bool:
        """A press and a release on the same button taps it; True when the event was a tap's."""
        et = event.type
        if et == pygame.MOUSEMOTION:
            self._mouse = event.pos
            return False
        if getattr(event, "button", 1) != 1:
            return False
        if et == pygame.MOUSEBUTTONDOWN:
            self._mouse = event.pos
            self._down = self.button_at(event.pos)
            return self._down is not None
        if et == pygame.MOUSEBUTTONUP:
            down, self._down = self._down, None
            if down is not None and down is self.button_at(event.pos):
                down.tap(event.pos)
                return True
        return False

    def button_at(self, pos):
        for btn in self.buttons.values():
            if btn.enabled and btn.rect.collidepoint(pos):
                return btn
        return None

    def draw_buttons(self, surf):
        text = self.app.ktext
        for btn in self.buttons.values():
            r = btn.rect
            if not btn.enabled:
                fill = DISABLED
            elif btn is self._down:
                fill = PRESSED
            elif r.collidepoint(self._mouse):
                fill = HOVER
            else:
                fill = NORMAL
            pygame.draw.rect(surf, SHADOW, r.move(0, 3), border_radius=12)
            pygame.draw.rect(surf, fill, r, border_radius=12)
            pygame.draw.rect(surf, BORDER, r, 2, border_radius=12)
            text.blit(surf, btn.text, r.center, FONT_SIZE,
                      TEXT if btn.enabled else TEXT_DISABLED, bold=True, anchor="center",
                      width=r.w - 24)
