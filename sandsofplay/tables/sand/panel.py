"""The Sand table's action panel on the right: the legal choices of the person to act, a page of
buttons at a time (tabs when they do not fit), the pointed-at choice said in full below them, the
prompt bar's line, and the final scoring table when the game is over."""

from __future__ import annotations

import pygame

from ...ui import art as base_art
from ...ui import theme as T
from .labels import COMPANION_TEXT, companion_name, prompt_text, short_label
from .view import ACTIONS, PROMPT, D

ROW_H = 24
HEAD_H = 24
TAB_H = 28


class ActionPanel:
    """A part of the Sand table: the action panel's page, labels and drawing, and the prompt
    bar's line. ``t``: the table (its rules, names, focus ring, sequence and goods parts)."""

    def __init__(self, table):
        self.t = table
        self.page = 0
        self._labels: dict = {}
        self.bg = base_art.panel(ACTIONS.size, colour=(60, 42, 26), border=T.GOLD, alpha=235)

    def show_page(self, k):
        self.page = k

    def new_choices(self):
        """Another question: the first page, labels made anew."""
        self.page = 0
        self._labels = {}

    def per_page(self, n):
        rows = (ACTIONS.h - HEAD_H - 6) // ROW_H
        if n <= rows:
            return rows
        return (ACTIONS.h - HEAD_H - TAB_H - 6) // ROW_H

    def pages(self, acts):
        k = self.per_page(len(acts))
        return [acts[i:i + k] for i in range(0, len(acts), k)] or [[]]

    def button_rect(self, i) -> pygame.Rect:
        return pygame.Rect(ACTIONS.x + 6, ACTIONS.y + HEAD_H + i * ROW_H, ACTIONS.w - 12,
                           ROW_H - 3)

    def tab_rects(self, n):
        w = min(60, (ACTIONS.w - 12) // max(1, n))
        return [pygame.Rect(ACTIONS.x + 6 + k * (w + 4), ACTIONS.bottom - TAB_H, w, TAB_H - 4)
                for k in range(n)]

    def draw_actions(self, surf, seat, acts):
        surf.blit(self.bg, ACTIONS.topleft)
        t = self.t.text
        result = self.t.rules.obs().get("result")
        if self.t.match.is_over() and result:
            self.draw_scoring(surf, result)
            return
        if seat is None:
            who = self.t.rules.to_act()
            msg = "Game over" if self.t.match.is_over() else \
                f"{self.t.seat_name(who[0])} is playing..." if who else ""
            t.blit(surf, msg, (ACTIONS.x + 10, ACTIONS.y + 4), 15, T.GLOW, bold=True)
            return
        t.blit(surf, f"{self.t.seat_name(seat)}: choose", (ACTIONS.x + 10, ACTIONS.y + 4), 15,
               T.GLOW, bold=True)
        pages = self.pages(acts)
        self.page = min(self.page, len(pages) - 1)
        focus = self.t.focus.name if self.t.focus.visible else None
        mouse = pygame.mouse.get_pos()
        for i, a in enumerate(pages[self.page]):
            r = self.button_rect(i)
            hot = r.collidepoint(mouse) or focus == f"act:{a}"
            pygame.draw.rect(surf, (120, 86, 44) if hot else (92, 64, 36), r, border_radius=5)
            label = self._labels.get(a)
            if label is None:
                label = self._labels[a] = short_label(self.t.rules.world(), seat, a)
            img = t.render(label, 13, T.PARCHMENT)
            surf.blit(img, (r.x + 6, r.centery - img.get_height() // 2),
                      pygame.Rect(0, 0, r.w - 10, img.get_height()))
        # below the list: the pointed-at (or ringed) action in full, or every Traveler's ability
        shown = pages[self.page]
        y = self.button_rect(len(shown)).y + 6
        bottom = ACTIONS.bottom - (TAB_H + 4 if len(pages) > 1 else 6)
        texts = []
        for i, a in enumerate(shown):
            if self.button_rect(i).collidepoint(mouse) or focus == f"act:{a}":
                texts = [self.t.rules.describe(seat, a)]
        if not texts and shown and all(a.kind == "traveler" for a in shown):
            texts = [f"{D.travelers[a.args[0]]}: {D.traveler_text[a.args[0]]}" for a in shown]
        if not texts and shown and all(a.kind == "companion" for a in shown):
            texts = [f"{companion_name(a.args[0])}: {COMPANION_TEXT[a.args[0]]}" for a in shown
                     if a.args[0] in COMPANION_TEXT]
        for text in texts:
            img = t.render(text, 13, T.SAND_LIGHT, width=ACTIONS.w - 20)
            if y + img.get_height() > bottom:
                break
            surf.blit(img, (ACTIONS.x + 10, y))
            y += img.get_height() + 4
        if len(pages) > 1:
            for k, r in enumerate(self.tab_rects(len(pages))):
                pygame.draw.rect(surf, T.GOLD if k == self.page else (92, 64, 36), r,
                                 border_radius=5)
                t.blit(surf, f"{k + 1}/{len(pages)}", r.center, 13, T.INK, bold=True,
                       anchor="center")

    ROWS = (("coins", "Coins"), ("missions", "Missions"), ("seals", "Seals"),
            ("minor", "Minor Tribes"), ("songs", "Songs"), ("total", "Total"),
            ("plants", "tie: plants"), ("iwakura", "tie: Iwakura"), ("met", "tie: met"))

    def draw_scoring(self, surf, result):
        """The final count, a column per player (and Alhazred)."""
        t = self.t.text
        cols = [(self.t.seat_name(i), b) for i, b in enumerate(result["breakdown"])]
        if result.get("alhazred"):
            cols.append(("Alhazred", result["alhazred"]))
        t.blit(surf, "Final scoring", (ACTIONS.x + 10, ACTIONS.y + 4), 15, T.GLOW, bold=True)
        w = (ACTIONS.w - 100) // max(1, len(cols))
        y = ACTIONS.y + 28
        for k, (name, _b) in enumerate(cols):
            img = t.render(name, 12, T.GLOW, bold=True)
            surf.blit(img, (ACTIONS.x + 96 + k * w, y), pygame.Rect(0, 0, w - 4, 16))
        y += 20
        for key, label in self.ROWS:
            bold = key == "total"
            t.blit(surf, label, (ACTIONS.x + 10, y), 13, T.PARCHMENT, bold=bold)
            for k, (_n, b) in enumerate(cols):
                t.blit(surf, str(b.get(key, "-")), (ACTIONS.x + 96 + k * w, y), 13,
                       T.GLOW if bold else T.PARCHMENT, bold=bold)
            y += 20
        win = [self.t.seat_name(i) for i in result["winners"]]
        t.blit(surf, ("Winner: " + ", ".join(win)) if win else "Alhazred wins.",
               (ACTIONS.x + 10, y + 8), 15, T.GLOW, bold=True)

    def draw_prompt(self, surf, o, seat, acts):
        pygame.draw.rect(surf, (40, 26, 16), PROMPT, border_radius=8)
        pygame.draw.rect(surf, T.GOLD, PROMPT, 1, border_radius=8)
        text = self.t.story.prompt() or prompt_text(self.t, o, seat, acts)
        # the focused or hovered action is said in full
        mouse = pygame.mouse.get_pos()
        if seat is not None and ACTIONS.collidepoint(mouse):
            page = self.pages(acts)[self.page]
            for i, a in enumerate(page):
                if self.button_rect(i).collidepoint(mouse):
                    text = self.t.rules.describe(seat, a)
        elif self.t.focus.visible:
            cur = self.t.focus.current(self.t.focus_targets())
            if cur is not None and cur.tip:
                text = cur.tip
        if self.t.goods.held is not None and seat is not None:
            text = self.t.goods.hint(seat, acts)
        img = self.t.text.render(text, 15, T.GLOW, bold=True)
        surf.blit(img, (PROMPT.x + 10, PROMPT.centery - img.get_height() // 2),
                  pygame.Rect(0, 0, PROMPT.w - 20, img.get_height()))
