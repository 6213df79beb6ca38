"""The error scene: a readable message instead of a crash, and the way back to the title."""

from __future__ import annotations

import pygame

from .. import art
from .. import theme as T
from ..scene import MenuScene


class ErrorScene(MenuScene):
    transparent = False
    name = "the error screen"

    def __init__(self, app, message: str):
        super().__init__(app)
        self.message = message

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
        self.app.text.blit(surf, self.message, (self.box.x + 36, self.box.y + 90), 20, T.PARCHMENT,
                           width=self.box.w - 72)
