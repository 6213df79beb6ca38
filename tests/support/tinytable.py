"""A minimal table for the test-only game, built on the TableScene base: drag a card from the
hand onto the pile to play it, click the Draw button to draw."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from sandsofplay.engine import A
from sandsofplay.ui import theme as T
from sandsofplay.ui.table import TableScene, register_table
from sandsofplay.ui.widgets import Drag, DropTarget, explain

PILE = pygame.Rect(560, 250, 110, 150)


class TinyTable(TableScene):
    name = "the Climb table"

    def enter(self):
        self.drag = Drag()
        self.draw_btn = self.own(UIButton(pygame.Rect(720, 300, 140, 56), "Draw", self.app.manager,
                                          command=self.draw_card))

    def card_rects(self):
        obs = self.observation()
        hand = obs["hand"] or []
        return [(c, pygame.Rect(200 + k * 120, 520, 100, 140)) for k, c in enumerate(hand)]

    def draw_card(self):
        seat = self.human_to_act()
        if seat is not None:
            self.perform(seat, A("draw"))

    def handle_input(self, event):
        seat = self.human_to_act()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and seat is not None:
            for card, rect in self.card_rects():
                if rect.collidepoint(event.pos):
                    ok, why = explain(self.game, self.match.state, seat, A("play", card))
                    self.drag.begin(card, rect, event.pos, [DropTarget(PILE, ("play", card), ok,
                                                                       why)])
                    return
        elif event.type == pygame.MOUSEMOTION:
            self.drag.move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag.active:
            payload = self.drag.drop(event.pos)
            if payload is not None:
                self.perform(seat, A(*payload))
            elif self.drag.reason:
                self.toast.show(self.drag.reason, kind="error")

    def update_table(self):
        self.drag.update()

    def draw_table(self, surf, alpha):
        surf.fill(T.DUNE_DARK)
        pygame.draw.rect(surf, T.SAND, PILE, border_radius=8)
        obs = self.observation()
        if obs["pile"]:
            self.app.text.blit(surf, str(obs["pile"][-1]), PILE.center, 48, T.INK, anchor="center")
        self.drag.draw_targets(surf, self.ticks)
        for card, rect in self.card_rects():
            if self.drag.active and self.drag.item == card:
                rect = self.drag.rect
            pygame.draw.rect(surf, T.PARCHMENT, rect, border_radius=8)
            self.app.text.blit(surf, str(card), rect.center, 40, T.INK, anchor="center")
        for k, score in enumerate(obs["scores"]):
            self.app.text.blit(surf, f"{self.seat_name(k)}: {score}", (20, 20 + 30 * k), 22,
                               T.PARCHMENT)


register_table("tiny", TinyTable)
