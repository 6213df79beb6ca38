"""A dialog over the current scene: a message and an OK button (and optional choices)."""

from __future__ import annotations

import pygame

from .. import art
from .. import theme as T
from ..scene import MenuScene
from ..widgets import bounded, draw_text_box


class MessageScene(MenuScene):
    transparent = True
    name = "a message"

    def __init__(self, app, title: str, message: str, buttons=(("OK", None),)):
        super().__init__(app)
        self.title_text = title
        self.message = bounded(message)  # a quoted file or action can be any length
        self.choices = buttons

    def enter(self):
        box = pygame.Rect(0, 0, 720, 380)
        box.center = (T.W // 2, T.H // 2)
        self.box = box
        self.text_rect = pygame.Rect(box.x + 30, box.y + 70, box.w - 60, 210)
        n = len(self.choices)
        bw = 200
        x0 = box.centerx - (n * bw + (n - 1) * 20) // 2
        for i, (label, cb) in enumerate(self.choices):
            self.add_button((x0 + i * (bw + 20), box.bottom - 80, bw, 56), label,
                            lambda cb=cb: self._choose(cb), name=label)

    def _choose(self, cb):
        self.app.pop()
        if cb:
            cb()

    def draw(self, surf, alpha):
        shade = pygame.Surface((T.W, T.H), pygame.SRCALPHA)
        shade.fill((10, 8, 6, 150))
        surf.blit(shade, (0, 0))
        surf.blit(art.panel(self.box.size, colour=(70, 44, 24)), self.box)
        self.app.text.blit(surf, self.title_text, (self.box.centerx, self.box.y + 22), 26,
                           T.PARCHMENT, bold=True, anchor="midtop")
        draw_text_box(surf, self.app.text, self.message, self.text_rect, 20, T.PARCHMENT)
