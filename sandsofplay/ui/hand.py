"""A readable hand of cards for any table: a fan that fits its area whatever the number of
cards, the card under the pointer (or the keyboard focus) lifted and drawn whole on top, a count
badge, and the cards that can be played now marked.

The fan is pure geometry (no drawing state), so the table, its hit tests and its gestures agree:
``rects`` places the cards, ``hit`` finds the card under a point (the lifted one first) and
``grip`` gives a point on a card's visible strip (where a person would pick it up).
"""

from __future__ import annotations

import pygame

from . import theme as T

LIFT = 26  # pixels a hovered or focused card rises


class HandFan:
    """``row_gap``: room below the hand for a second row; a hand so large that one row would
    show less than ``min_step`` pixels of each card is laid out in two rows, the back row
    showing the top ``row_gap`` pixels of its cards (colour, mark and index)."""

    def __init__(self, area: pygame.Rect, card_w: int, card_h: int, gap: int = 6,
                 row_gap: int = 0, min_step: int = 18):
        self.area = pygame.Rect(area)
        self.card_w = card_w
        self.card_h = card_h
        self.gap = gap
        self.row_gap = row_gap
        self.min_step = min_step

    def _step(self, n: int) -> float:
        if n <= 1:
            return 0.0
        return min(self.card_w + self.gap, (self.area.w - self.card_w) / (n - 1))

    def rows(self, n: int) -> list[int]:
        """How many cards each row holds (one row, or two with the back row first)."""
        if self.row_gap and n > 1 and self._step(n) < self.min_step:
            return [(n + 1) // 2, n // 2]
        return [n]

    def step(self, n: int) -> float:
        return self._step(self.rows(n)[0])

    def rects(self, n: int, lifted: int | None = None) -> list[pygame.Rect]:
        out = []
        rows = self.rows(n)
        for r_i, count in enumerate(rows):
            step = self._step(count)
            width = self.card_w + step * (count - 1) if count else 0
            x0 = self.area.x + max(0, (self.area.w - width) / 2) if step >= self.card_w else \
                self.area.x
            y = self.area.y + LIFT + (self.row_gap if r_i == 1 else 0)
            for k in range(count):
                out.append(pygame.Rect(int(x0 + k * step), y, self.card_w, self.card_h))
        if lifted is not None and 0 <= lifted < n:
            out[lifted].y -= LIFT
        return out

    def hit(self, n: int, pos, lifted: int | None = None) -> int | None:
        rects = self.rects(n, lifted)
        if lifted is not None and 0 <= lifted < n and rects[lifted].collidepoint(pos):
            return lifted
        for i in reversed(range(n)):
            if rects[i].collidepoint(pos):
                return i
        return None

    def grip(self, n: int, i: int) -> tuple[int, int]:
        """A point on card ``i`` that no other card covers (with nothing lifted), low enough to
        stay on the card once it lifts."""
        rects = self.rects(n)
        rows = self.rows(n)
        r = rects[i]
        last_of_row = i == rows[0] - 1 or i == n - 1
        visible = r.w if last_of_row else max(1, min(r.w, rects[i + 1].x - r.x))
        if len(rows) == 2 and i < rows[0]:
            return (r.x + visible // 2, r.y + self.row_gap // 2)  # the back row's top strip
        return (r.x + visible // 2, r.y + r.h // 2 + LIFT // 2)

    def bounds(self, n: int) -> pygame.Rect:
        """The area the hand occupies on screen (including a lifted card and a second row)."""
        extra = self.row_gap if len(self.rows(n)) == 2 else 0
        return pygame.Rect(self.area.x, self.area.y, self.area.w, self.card_h + LIFT + extra)


def draw_badge(surf, text_cache, count: int, pos, colour=T.GOLD):
    """A round count badge ("7") at ``pos`` (its centre)."""
    r = 12 if count < 10 else 14
    pygame.draw.circle(surf, (40, 26, 16), pos, r + 2)
    pygame.draw.circle(surf, colour, pos, r)
    text_cache.blit(surf, str(count), pos, 15, T.INK, bold=True, anchor="center")


def mark_playable(surf, rect: pygame.Rect, ticks: int = 0):
    """A green frame and a tick on a card that can be played now (shape, not colour alone)."""
    pygame.draw.rect(surf, (90, 220, 110), rect.inflate(4, 4), 3, border_radius=8)
    r = max(6, min(9, rect.h // 11))  # (a small card's tick is smaller: it covers no print)
    cx, cy = rect.x + r + 1, rect.bottom - r - 3  # low on the left: a fanned card shows it
    pygame.draw.circle(surf, (30, 110, 45), (cx, cy), r)
    k = r / 9
    pygame.draw.lines(surf, (240, 255, 240), False, [(cx - 5 * k, cy), (cx - k, cy + 4 * k),
                                                     (cx + 5 * k, cy - 4 * k)], 3)


__all__ = ["HandFan", "LIFT", "draw_badge", "mark_playable"]
