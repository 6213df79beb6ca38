"""The error scene: a readable message instead of a crash, and the way back to the title."""

from __future__ import annotations

import pygame

from .. import art
from .. import theme as T
from ..scene import MenuScene
from ..widgets import bounded, draw_text_box


class ErrorScene(MenuScene):
    transparent = False
    name = "the error screen"

    def __init__(self, app, message: str):
        super().__init__(app)
        self.message = bounded(message, 1500)

    def enter(self):
        self.box = pygame.Rect(140, 110, 1000, 480)
        self.add_button((T.W // 2 - 140, 610, 280, 60), "Back to the title", self.back,
                        name="back")

    def back(self):
        self.app.pop()

    def draw(self, surf, alpha):
        surf.fill(T.NIGHT)
        surf.blit(art.panel(self.box.size, colour=(72, 30, 22), border=T.DANGER), self.box)
        self.app.text.blit(surf, "Sorry - that did not work", (T.W // 2, self.box.y + 24), 32,
                           T.PARCHMENT, bold=True, anchor="midtop")
        draw_text_box(surf, self.app.text, self.message,
                      (self.box.x + 36, self.box.y + 90, self.box.w - 72, self.box.h - 110), 20,
                      T.PARCHMENT)
