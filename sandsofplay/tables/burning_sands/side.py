"""The side panel of the Burning Sands table (``Side``, a part of the table): the card under the
pointer or the keyboard focus read large with its full text and current values - else the card
being paid for - or, when a selected card can do several things, the list of them; and the
long-touch view of a card over the board."""

from __future__ import annotations

import pygame

from ...games.burning_sands import cards as C
from ...ui import theme as T
from .choices import menu_item_rect
from .view import SIDE, ZOOM


class Side:
    def __init__(self, table):
        self.t = table

    def preview_uid(self, obs):
        """The card read large: a finger held on one, the keyboard focus's, the one dragged, the
        one pointed at, else the card being paid for (so a payment shows what it buys)."""
        t = self.t
        if t.pointer.zoom_uid is not None:
            return t.pointer.zoom_uid
        if t.focus.visible:
            target = t.focus.current(t.focus_targets())
            if target is not None and "uid" in target.extra:
                return target.extra["uid"]
        if t.hand.drag_card is not None:
            return t.hand.drag_card
        uid = t.card_at(t.pointer.pos, obs)
        if uid is None and obs["stack"]:
            f = obs["stack"][-1]
            src = f.get("src", -1) if f["k"] == "play" else -1
            if isinstance(src, int) and src >= 0 and obs["cdef"][src] >= 0:
                return src
        return uid

    def draw(self, surf, obs):
        t = self.t
        if t.choices.selected is not None and t.choices.menu_items():
            self.draw_menu(surf)
            return
        uid = self.preview_uid(obs)
        pygame.draw.rect(surf, (50, 36, 24), SIDE, border_radius=10)
        pygame.draw.rect(surf, T.DUNE_DARK, SIDE, 1, border_radius=10)
        st = t.seen()
        if uid is None and self.draw_section_offer(surf):
            return
        if uid is None or st.cdef[uid] < 0 or obs["cdef"][uid] < 0:
            t.app.text.blit(surf, "Point at a card (or Tab to it, or hold a finger on it) to "
                            "read it here. B: the Saved and Buried piles.",
                            (SIDE.x + 12, SIDE.y + 12), 15, T.SAND, width=SIDE.w - 24)
            return
        t.faces.draw_card_info(surf, uid, SIDE)

    def offered_section(self):
        """The City Section whose Buy button is pointed at or focused (Game setup: bought
        with the Stronghold's City Points), else None."""
        t = self.t
        focused = None
        if t.focus.visible:
            target = t.focus.current(t.focus_targets())
            focused = target.acts if target is not None else None
        for btn, _seat, a, _name in t.action_buttons:
            if a.kind == "buy" and (btn.rect.collidepoint(t.pointer.pos) or
                                    (focused and any(x == a for _s, x in focused))):
                return C.D.by_id.get(a.args[0])
        return None

    def draw_section_offer(self, surf) -> bool:
        """A City Section on offer read large before it is bought (issue 31: sections were
        bought blind): its cost, Strength, Water it holds, faction and text."""
        c = self.offered_section()
        if c is None:
            return False
        txt, x, y, w = self.t.app.text, SIDE.x + 12, SIDE.y + 12, SIDE.w - 24
        y = txt.blit(surf, c.name, (x, y), 20, T.GLOW, bold=True, width=w).bottom + 4
        y = txt.blit(surf, f"City Section ({c.faction})" if c.faction else "City Section",
                     (x, y), 15, T.SAND).bottom + 10
        for line in (f"Costs {c.cp_cost} City Points", f"Strength {c.strength}",
                     f"Holds {c.capacity} Water tokens"):
            y = txt.blit(surf, line, (x, y), 16, T.PARCHMENT).bottom + 4
        if c.text:
            txt.blit(surf, c.text, (x, y + 8), 15, T.PARCHMENT, width=w)
        return True

    def draw_menu(self, surf):
        t = self.t
        items = t.choices.menu_items()
        box = pygame.Rect(SIDE)
        pygame.draw.rect(surf, (40, 26, 16), box, border_radius=10)
        pygame.draw.rect(surf, T.GLOW, box, 2, border_radius=10)
        st = t.seen()
        t.app.text.blit(surf, f"{C.CARDS[st.cdef[t.choices.selected]].name}: choose",
                        (box.x + 10, box.y + 8), 16, T.GLOW, bold=True, width=box.w - 20)
        mouse = t.pointer.pos
        for i, (_seat, a) in enumerate(items):
            r = menu_item_rect(i, len(items))
            hot = r.collidepoint(mouse)
            pygame.draw.rect(surf, (110, 80, 40) if hot else (70, 50, 30), r, border_radius=6)
            pygame.draw.rect(surf, T.GOLD, r, 1, border_radius=6)
            t.app.text.blit(surf, t.game.describe(st, t.viewer, a), (r.x + 8, r.centery),
                            14, T.PARCHMENT, anchor="midleft", width=r.w - 12)

    def draw_zoom(self, surf, obs):
        """A long touch: the card held large over the board, its face and full text."""
        t = self.t
        uid = t.pointer.zoom_uid
        if uid is None or t.seen().cdef[uid] < 0 or obs["cdef"][uid] < 0:
            return
        box = pygame.Rect(ZOOM)
        pygame.draw.rect(surf, (40, 28, 18), box, border_radius=12)
        pygame.draw.rect(surf, T.GLOW, box, 2, border_radius=12)
        face = pygame.Rect(box.x + 14, box.y + 14, 200, 280)
        surf.blit(t.card_face(uid, face.w, face.h, obs), face)
        t.faces.draw_card_info(surf, uid, pygame.Rect(face.right + 4, box.y + 4,
                                                      box.right - face.right - 8, box.h - 8), 16)
