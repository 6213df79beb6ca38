"""The Saved and Buried piles browser of the Burning Sands table (an overlay scene).

Both piles are public (Saved: cards that went to their owner's discard; Buried: cards removed
from the game), so any player may look through anyone's at any time: a click on a player's
"Saved / Buried" line, or B at the table. Each card of the pile is laid out small, newest first;
pointing at one (or Left / Right) shows it large with its full text. Tabs switch between the
two piles and between players; Esc or Close goes back to the table. A card the viewer may not
see (none today: both piles are public) would be drawn face down.
"""

from __future__ import annotations

import pygame

from ...ui import theme as T
from ...ui.scene import MenuScene
from ...ui.scenes.overlays import shade

BOX = pygame.Rect(60, 50, 1160, 610)
GRID = pygame.Rect(80, 150, 800, 490)
INFO = pygame.Rect(900, 150, 300, 490)
CARD_W, CARD_H = 86, 120
PILES = (("saved", "Saved"), ("buried", "Buried"))


class PilesScene(MenuScene):
    transparent = True
    name = "the Saved and Buried piles"

    def __init__(self, app, table, player: int, pile: str = "saved"):
        super().__init__(app)
        self.table = table
        self.player = player
        self.pile = pile
        self.index = 0
        self.mouse = (0, 0)

    def enter(self):
        self.rebuild()

    def rebuild(self):
        for e in self.elements:
            e.kill()
        self.elements, self.focus_items, self.buttons = [], [], {}
        st = self.table.seen()
        x = BOX.x + 20
        for key, label in PILES:
            n = len(getattr(st, key)[self.player])
            self.add_button((x, BOX.y + 54, 170, 40), f"{label} ({n})",
                            lambda k=key: self.show(self.player, k), name=f"pile:{key}")
            x += 180
        x += 20
        for p in range(st.n):
            name = self.table.seat_name(p)
            self.add_button((x, BOX.y + 54, 150, 40), name[:14],
                            lambda q=p: self.show(q, self.pile), name=f"player:{p}")
            x += 158
        self.add_button((BOX.right - 150, BOX.y + 8, 136, 40), "Close (Esc)", self.back,
                        name="close")

    def show(self, player, pile):
        self.player, self.pile, self.index = player, pile, 0
        self.rebuild()

    def cards(self) -> list:
        """The pile's cards, newest first."""
        return list(reversed(getattr(self.table.seen(), self.pile)[self.player]))

    def card_rects(self) -> list:
        cards = self.cards()
        cols = max(1, (GRID.w + 8) // (CARD_W + 8))
        out = []
        for i, u in enumerate(cards):
            r = pygame.Rect(GRID.x + (i % cols) * (CARD_W + 8),
                            GRID.y + (i // cols) * (CARD_H + 8), CARD_W, CARD_H)
            if r.bottom > GRID.bottom:
                break  # more than fit: the count in the tab says so, Left/Right reach them
            out.append((u, r))
        return out

    def shown(self):
        cards = self.cards()
        for u, r in self.card_rects():
            if r.collidepoint(self.mouse):
                return u
        return cards[self.index] if cards and 0 <= self.index < len(cards) else None

    def handle(self, event):
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            for i, (_u, r) in enumerate(self.card_rects()):
                if r.collidepoint(event.pos):
                    self.index = i
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) \
                and self.cards():
            step = 1 if event.key == pygame.K_RIGHT else -1
            self.index = (self.index + step) % len(self.cards())
            self.mouse = (0, 0)
            return
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_b:
            self.back()
            return
        super().handle(event)

    def draw(self, surf, alpha):
        shade(surf, 170)
        pygame.draw.rect(surf, (52, 36, 22), BOX, border_radius=12)
        pygame.draw.rect(surf, T.GOLD, BOX, 2, border_radius=12)
        t = self.table
        label = dict(PILES)[self.pile]
        what = ("cards that went to the discard pile" if self.pile == "saved" else
                "cards removed from the game")
        txt = self.app.text
        txt.blit(surf, f"{t.seat_name(self.player)}'s {label} pile - {what}",
                 (BOX.x + 20, BOX.y + 16), 22, T.PARCHMENT, bold=True)
        obs = t.observation()
        cards = self.cards()
        if not cards:
            txt.blit(surf, "The pile is empty.", (GRID.x, GRID.y + 10), 18, T.SAND)
        shown = self.shown()
        for u, r in self.card_rects():
            if obs["cdef"][u] < 0:
                pygame.draw.rect(surf, (90, 60, 40), r, border_radius=6)
            else:
                surf.blit(t.card_face(u, r.w, r.h, obs), r)
            if u == shown:
                pygame.draw.rect(surf, T.GLOW, r.inflate(6, 6), 3, border_radius=7)
        pygame.draw.rect(surf, (40, 28, 18), INFO, border_radius=10)
        if shown is not None and obs["cdef"][shown] >= 0:
            t.faces.draw_card_info(surf, shown, INFO)
        elif cards:
            txt.blit(surf, "Point at a card (or Left / Right) to read it.",
                     (INFO.x + 12, INFO.y + 12), 15, T.SAND, width=INFO.w - 24)
        if cards:
            txt.blit(surf, f"{len(cards)} card{'s' if len(cards) != 1 else ''}, newest first",
                     (GRID.x, BOX.bottom - 24), 15, T.SAND)
