"""Scenes and the scene stack's building blocks (after Tuxemon's state stack).

A scene has a lifecycle (``enter``, ``pause``, ``resume``, ``exit``), gets input events
(``handle``), advances one fixed step at a time (``update``) and draws itself (``draw``, which never
changes state). Menu scenes build their buttons with pygame_gui and add keyboard navigation: every
control is in a focus ring (Tab / arrows to move, Enter or Space to press, Left/Right to change a
value, Escape to go back), so every menu works by mouse, touch and keyboard alike.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from . import art
from . import theme as T


class Scene:
    transparent = False  # draw the scene below as well (overlays)
    name = "scene"

    def __init__(self, app):
        self.app = app
        self.elements: list = []  # pygame_gui elements this scene owns
        self.ticks = 0

    # --- lifecycle ----------------------------------------------------------------------------
    def enter(self):
        """Build the scene (called when it is pushed)."""

    def exit(self):
        for e in self.elements:
            e.kill()
        self.elements = []

    def pause(self):
        for e in self.elements:
            e.hide()

    def resume(self):
        for e in self.elements:
            e.show()

    # --- per frame ----------------------------------------------------------------------------
    def handle(self, event) -> None:
        """An input event (after pygame_gui has seen it)."""

    def update(self) -> None:
        """One fixed step (1/60 s)."""
        self.ticks += 1

    def draw(self, surf: pygame.Surface, alpha: float) -> None:
        """Draw the scene; ``alpha`` interpolates between the last two fixed steps."""

    def draw_overlay(self, surf: pygame.Surface) -> None:
        """Drawn after the pygame_gui layer (focus ring, drag ghosts)."""

    # --- helpers ------------------------------------------------------------------------------
    def own(self, element):
        """Register a pygame_gui element as this scene's (hidden on pause, killed on exit)."""
        self.elements.append(element)
        return element


class FocusItem:
    """Something the keyboard can focus: a button, a value row, a text field."""

    def __init__(self, rect, activate=None, left=None, right=None, element=None, name=""):
        self.rect = pygame.Rect(rect)
        self._activate = activate
        self._left = left
        self._right = right
        self.element = element
        self.name = name
        self.enabled = True

    def activate(self):
        if self.enabled and self._activate:
            self._activate()

    def left(self):
        if self.enabled and self._left:
            self._left()
            return True
        return False

    def right(self):
        if self.enabled and self._right:
            self._right()
            return True
        return False


class MenuScene(Scene):
    """A scene of controls with a focus ring."""

    background = None  # a surface drawn behind, or None for transparent overlays
    title = ""

    def __init__(self, app):
        super().__init__(app)
        self.focus_items: list[FocusItem] = []
        self.focus = 0
        self.buttons: dict[str, UIButton] = {}

    def exit(self):
        super().exit()
        self.focus_items = []
        self.buttons = {}

    def add_button(self, rect, text, callback, *, name="", tooltip=None, enabled=True,
                   object_id=None) -> UIButton:
        rect = pygame.Rect(rect)

        press = self._pressed(callback)

        btn = self.own(UIButton(rect, text, manager=self.app.manager, tool_tip_text=tooltip,
                                command=press, object_id=object_id))
        if not enabled:
            btn.disable()
        item = FocusItem(rect, press, element=btn, name=name or text)
        item.enabled = enabled
        self.focus_items.append(item)
        self.buttons[name or text] = btn
        return btn

    def add_cycler(self, rect, text, step, *, name, tooltip=None, object_id=None):
        """A button that cycles a value: a click on its left half (the \u2039 side) or Left steps
        back, a click on its right half, Enter or Right steps forward.
        ``step(+1 | -1)`` changes the value."""
        btn = self.add_button(rect, text, lambda: step(1), name=name, tooltip=tooltip,
                              object_id=object_id)
        self.focus_items[-1]._left = lambda: step(-1)
        self.focus_items[-1]._right = lambda: step(1)
        half = pygame.Rect(rect).centerx
        btn.bind(pygame_gui.UI_BUTTON_PRESSED, self._pressed(
            lambda: step(-1 if getattr(self.app, "press_pos", (half, 0))[0] < half else 1)))
        return btn

    def backdrop(self, seed: int, shade: int = 130, sun: bool = False):
        """A desert background darkened for menus, drawn once and cached."""
        def make():
            surf = art.desert_background(seed=seed, sun=sun)
            veil = pygame.Surface((T.W, T.H), pygame.SRCALPHA)
            veil.fill((20, 14, 8, shade))
            surf.blit(veil, (0, 0))
            return surf
        return self.app.images.get(("backdrop", seed, shade, sun), make)

    def _pressed(self, callback):
        def press():
            self.app.sound.play("click")
            callback()
        return press

    def add_label(self, rect, text, object_id=None) -> UILabel:
        return self.own(UILabel(pygame.Rect(rect), text, manager=self.app.manager,
                                object_id=object_id))

    def focused(self) -> FocusItem | None:
        if not self.focus_items:
            return None
        return self.focus_items[self.focus % len(self.focus_items)]

    def move_focus(self, step: int):
        n = len(self.focus_items)
        if not n:
            return
        for _ in range(n):
            self.focus = (self.focus + step) % n
            if self.focus_items[self.focus].enabled:
                break
        item = self.focused()
        if item and item.element is not None and item.name.startswith("text:"):
            self.focus_text(item.element)

    def focus_text(self, field):
        """Give a text field the keyboard, its text selected so typing replaces it."""
        self.app.manager.set_focus_set(field)
        field.select_range = [0, len(field.get_text())]
        field.edit_position = len(field.get_text())
        field.redraw()

    def focus_on(self, name: str):
        for i, item in enumerate(self.focus_items):
            if item.name == name:
                self.focus = i
                return

    def text_focused(self) -> bool:
        fs = self.app.manager.get_focus_set()
        return bool(fs) and any(isinstance(e, UITextEntryLine) for e in fs)

    def back(self):
        """Escape: leave this scene."""
        self.app.pop()

    def handle(self, event):
        if event.type == pygame.KEYDOWN:
            typing = self.text_focused()
            if event.key == pygame.K_ESCAPE:
                if typing:
                    self.app.manager.set_focus_set(None)
                else:
                    self.back()
                return
            if event.key == pygame.K_TAB:
                if typing:
                    self.app.manager.set_focus_set(None)
                self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return
            if typing:
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    self.app.manager.set_focus_set(None)
                return
            item = self.focused()
            if event.key in (pygame.K_DOWN,):
                self.move_focus(1)
            elif event.key in (pygame.K_UP,):
                self.move_focus(-1)
            elif event.key == pygame.K_LEFT:
                if not (item and item.left()):
                    self.move_focus(-1)
            elif event.key == pygame.K_RIGHT:
                if not (item and item.right()):
                    self.move_focus(1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if item:
                    if item.name.startswith("text:") and item.element is not None:
                        self.focus_text(item.element)
                    else:
                        item.activate()
        elif event.type == pygame.MOUSEMOTION:
            for i, item in enumerate(self.focus_items):
                if item.enabled and item.rect.collidepoint(event.pos):
                    self.focus = i
                    break

    def draw(self, surf, alpha):
        if self.background is not None:
            surf.blit(self.background, (0, 0))
        if self.title:
            self.app.text.blit(surf, self.title, (T.W // 2, 40), 40, T.PARCHMENT, bold=True,
                               anchor="midtop", shadow=T.INK)

    def draw_overlay(self, surf):
        item = self.focused()
        if item is not None and item.enabled and self.app.show_focus:
            pulse = 0.75 + 0.25 * abs(((self.ticks % 60) / 30.0) - 1.0)
            art.glow_rect(surf, item.rect, pulse=pulse)

