"""The end of a Burning Sands game at the table (``EndPanel``, a part of the table): who won and
how - the reason, and the standings behind it - in a panel over the board."""

from __future__ import annotations

import pygame

from ...games.burning_sands import cards as C
from ...games.burning_sands.stories import STORY_WIN
from ...ui import theme as T
from .view import BOARD


class EndPanel:
    def __init__(self, table):
        self.t = table

    def rect(self) -> pygame.Rect:
        w = BOARD.w - 320
        h = 28 + sum(self.t.app.text.render(t, size, c, bold=size > 16, width=w - 30).get_height()
                     + 6 for t, size, c in self.lines())
        return pygame.Rect(BOARD.x + 160, BOARD.y + 60, w, min(h, BOARD.h - 80))

    def lines(self) -> list:
        """How the game was won, in a few lines (the reason, the standings behind it)."""
        st = self.t.seen()
        out = self.t.game.outcome(st)
        if out is None:
            return []
        names = " and ".join(self.t.seat_name(w) for w in out.winners) or "No one"
        reason = out.detail or ""
        if reason == "Story Victory":
            why = (f"{names} reached {STORY_WIN} Story points by telling Stories - a Story "
                   f"Victory.")
        elif reason == "Military Victory":
            why = (f"{names} is the last player with City Sections left: every rival lost "
                   f"their last one - a Military Victory.")
        elif reason.startswith("the Sultan"):
            why = (f"The turn limit came: the Sultan judged {names} the winner - the most Water, "
                   f"then Story points, then City Sections.")
        elif reason.startswith("Alternate"):
            why = f"{names} met the Water condition of a Reward card - an {reason}."
        else:
            why = f"{names}: {reason}."
        lines = [(f"{names} {'win' if len(out.winners) > 1 else 'wins'}!", 30, T.GLOW),
                 (why, 17, T.PARCHMENT)]
        for p in range(st.n):
            state = "in the game" if st.alive[p] else "out"
            lines.append((f"{self.t.seat_name(p)}: Story {C.story_points(st, p)}, Water "
                          f"{C.water_of(st, p)}, City Sections {len(st.sections[p])} ({state})",
                          15, T.SAND_LIGHT))
        return lines

    def draw(self, surf):
        if not self.t.seen().over:
            return
        box = self.rect()
        pygame.draw.rect(surf, (30, 20, 14), box, border_radius=12)
        pygame.draw.rect(surf, T.GLOW, box, 3, border_radius=12)
        y = box.y + 14
        for text, size, colour in self.lines():
            r = self.t.app.text.blit(surf, text, (box.centerx, y), size, colour,
                                   bold=size > 16, anchor="midtop", width=box.w - 30)
            y = r.bottom + 6
