"""Everything face up (a finished game's replay): what the Burning Sands table hides
(``FaceUp``, a part of the table).

The one place the table reads the full state, by design: ``face_up_observation`` is given it by
the base table (``ui/table_replay.py``) only in the replay of a finished game, when everything
face up is chosen; everywhere else the table reads the seat's observation (``seen.py``).

In play a seat sees its own hand only; other hands, every deck and the face-down cards of a
raid or a duel (Fate cards, thrusts) show as backs. Face up, the observation holds every card's
face: the board draws the face-down cards face up, and under the bar each player's row shows the
whole hand and the top card of the deck (the next card drawn).
"""

from __future__ import annotations

import copy

import pygame

from ...engine.describe import plural
from ...games.burning_sands.observe import observe
from ...ui import theme as T
from .view import HAND, INFO_W

AREA = pygame.Rect(8, HAND.y, HAND.right - 8, HAND.h)  # the hand's place and the name column
TOP_W = 96  # the deck's top card, at the right end of each row


def face_up_observation(state) -> dict:
    obs = observe(state, None)
    obs["cdef"] = list(state.cdef)
    obs["hand"] = [list(h) for h in state.hand]
    obs["stack"] = copy.deepcopy(state.stack)
    obs["deck_top"] = [d[-1] if d else -1 for d in state.deck]
    return obs


class FaceUp:
    """The rows under the replay's bar that only the face-up view shows."""

    def __init__(self, table):
        self.t = table

    def rows(self) -> list:
        """[(seat, name rect, hand rect, deck-top rect)] under the bar, one row a player."""
        n = self.t.seen().n
        h = AREA.h // max(1, n)
        out = []
        for p in range(n):
            row = pygame.Rect(AREA.x, AREA.y + p * h, AREA.w, h - 4)
            name = pygame.Rect(row.x, row.y, INFO_W, row.h)
            top = pygame.Rect(row.right - TOP_W, row.y, TOP_W, row.h)
            hand = pygame.Rect(name.right + 4, row.y, top.x - name.right - 64, row.h)
            out.append((p, name, hand, top))
        return out

    def draw(self, surf):
        t = self.t
        obs = t.observation()
        text = t.app.text
        pygame.draw.rect(surf, (38, 28, 20), AREA.inflate(4, 4))
        for p, name, hand, top in self.rows():
            colour = T.PLAYER_COLOURS.get(t.seat_colour(p), (T.GOLD,))[0]
            pygame.draw.rect(surf, (52, 38, 26), name.union(top), border_radius=6)
            pygame.draw.rect(surf, colour, name.union(top), 1, border_radius=6)
            text.blit(surf, f"{t.seat_name(p)}'s hand", (name.x + 6, name.y + 4), 14, colour,
                      bold=True, width=name.w - 8)
            cards = obs["hand"][p]
            text.blit(surf, f"{plural(len(cards), 'card')}, deck {obs['deck'][p]}",
                      (name.x + 6, name.y + 22), 12, T.PARCHMENT, width=name.w - 8)
            ch = hand.h - 4
            cw = min(96, int(ch * 1.6))
            if cards:
                step = min(cw + 4, (hand.w - cw) / max(1, len(cards) - 1)) if len(cards) > 1 \
                    else 0
                for k, u in enumerate(cards):
                    r = pygame.Rect(int(hand.x + k * step), hand.y + 2, cw, ch)
                    surf.blit(t.card_face(u, cw, ch, obs), r)
            else:
                text.blit(surf, "no cards in hand", (hand.x + 6, hand.centery), 13, T.MUTED,
                          anchor="midleft")
            u = obs["deck_top"][p]
            if u >= 0:
                r = pygame.Rect(top.x + 2, top.y + 2, top.w - 4, top.h - 4)
                surf.blit(t.card_face(u, r.w, r.h, obs), r)
                pygame.draw.rect(surf, T.GLOW, r, 2, border_radius=6)
            text.blit(surf, "deck top", (top.x - 4, top.centery), 11, T.GLOW, bold=True,
                      anchor="midright")
