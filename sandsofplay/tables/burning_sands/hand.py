"""The viewer's hand at the Burning Sands table (``Hand``, a part of the table): fanned below
the prompt, the card under the pointer lifted, a card being dragged from it drawn at the pointer.

Only the viewer's own hand is shown (the observation lists no other); a spectator has none, and
the replay's face-up view draws every hand in the rows under the bar instead (``face_up.py``)."""

from __future__ import annotations

import pygame

from ...ui import theme as T
from ...ui.hand import HandFan, mark_playable
from ...ui.table_replay import FACE_UP
from .faces import HAND_H, HAND_W
from .view import BOARD, HAND


class Hand:
    def __init__(self, table):
        self.t = table
        self.lift = None  # the card lifted last (the fan keeps it lifted over its neighbours)
        self.drag_card = None  # the card being dragged from the hand, and where the drag began
        self.drag_from = None

    def fan(self) -> HandFan:
        return HandFan(HAND, HAND_W, HAND_H)

    def cards(self, obs) -> list:
        seat = self.t.viewer
        if seat is None or seat == FACE_UP:
            return []
        h = obs["hand"][seat]
        return list(h) if isinstance(h, list) else []

    def hovered(self, obs, pos):
        """The index of the card under ``pos`` (none while a card is dragged)."""
        if self.drag_card is not None:
            return None
        hand = self.cards(obs)
        return self.fan().hit(len(hand), pos, self.lift) if hand else None

    def rects(self, obs, pos) -> list:
        hand = self.cards(obs)
        return list(zip(hand, self.fan().rects(len(hand), self.hovered(obs, pos))))

    def point(self, obs, pos):
        """The pointer moved: the card under it is lifted."""
        self.lift = None
        self.lift = self.hovered(obs, pos)

    def start_drag(self, uid, pos):
        self.drag_card, self.drag_from = uid, pos

    def drop(self):
        self.drag_card = self.drag_from = None

    def draw(self, surf, obs, glow, selected, pos):
        t = self.t
        rects = self.rects(obs, pos)
        lifted = self.hovered(obs, pos)
        order = list(range(len(rects)))
        if lifted is not None:
            order.remove(lifted)
            order.append(lifted)
        for i in order:
            u, r = rects[i]
            if u == self.drag_card:
                continue
            surf.blit(t.card_face(u, r.w, r.h, obs), r)
            if u in glow:
                mark_playable(surf, r)
            if u == selected:
                pygame.draw.rect(surf, (90, 220, 110), r.inflate(6, 6), 3, border_radius=6)
        if t.viewer is not None:
            t.app.text.blit(surf, f"{t.seat_name(t.viewer)}'s hand",
                            (12, HAND.y + 20), 16, T.PARCHMENT, bold=True)
            if t.mode == "play":  # (a replay's hand is only shown)
                t.app.text.blit(surf, "Drag a card to the table to play it, or click it.",
                                (12, HAND.y + 44), 13, T.SAND, width=150)
        if self.drag_card is not None:
            r = pygame.Rect(0, 0, HAND_W, HAND_H)
            r.center = pos
            surf.blit(t.card_face(self.drag_card, HAND_W, HAND_H, obs), r)
            pygame.draw.rect(surf, T.GLOW, BOARD, 2, border_radius=8)
