"""Drawing the arena (see ``arena``) and its toggle (``ArenaPainter``, a part of the table).
Drawing never changes the state."""

from __future__ import annotations

import pygame

from ...games.burning_sands import cards as C
from ...ui import theme as T
from .arena import HEAD_H, TEXT_W, TOGGLE, _name
from .view import BOARD

LANE_BG = ((58, 40, 30), (50, 34, 26))
BACK = (96, 52, 36)


def draw_back(surf, r, label, text):
    """A face-down card: its back, a diamond pattern and what it is ("face down")."""
    pygame.draw.rect(surf, BACK, r, border_radius=6)
    pygame.draw.rect(surf, T.GOLD, r, 2, border_radius=6)
    inner = r.inflate(-12, -12)
    if inner.w > 8 and inner.h > 8:
        pts = [(inner.centerx, inner.y), (inner.right, inner.centery), (inner.centerx, inner.bottom),
               (inner.x, inner.centery)]
        pygame.draw.polygon(surf, (140, 80, 50), pts)
        pygame.draw.polygon(surf, T.GOLD, pts, 1)
    if label:
        text.blit(surf, label, (r.centerx, r.centery), 12, T.PARCHMENT, bold=True,
                  anchor="center", width=r.w - 6)


def owned(who: str, name: str) -> str:
    """A card named as someone's: "Amira's Hidden Stair", not "Amira's The Hidden Stair"."""
    return f"{who}'s {name[4:] if name.startswith('The ') else name}"


class ArenaPainter:
    """Draws the table's ``Arena`` (a part of the table beside it)."""

    def __init__(self, table, arena):
        self.t = table
        self.arena = arena

    # --- the toggle between the arena and the rows --------------------------------------------
    def draw_toggle(self, surf, mouse):
        if not self.arena.toggle_shown():
            return
        r = TOGGLE
        hot = r.collidepoint(mouse)
        pygame.draw.rect(surf, (38, 28, 20), r.inflate(8, 2))
        pygame.draw.rect(surf, (110, 80, 40) if hot else (70, 50, 30), r, border_radius=6)
        pygame.draw.rect(surf, T.GOLD, r, 1, border_radius=6)
        label = "Battle view (V)" if self.arena.hidden else "Table view (V)"
        if self.arena.hidden and self.arena.model() is not None:
            kind = self.arena.model()["kind"]
            label = {"raid": "Raid view (V)", "duel": "Duel view (V)"}.get(kind, label)
        self.t.app.text.blit(surf, label, r.center, 15, T.PARCHMENT, bold=True, anchor="center")

    # --- the arena ----------------------------------------------------------------------------
    def draw(self, surf, model, obs):
        txt = self.t.app.text
        pygame.draw.rect(surf, (44, 30, 22), BOARD, border_radius=8)
        pygame.draw.rect(surf, T.DANGER if model["kind"] != "raid" else (90, 110, 170), BOARD, 2,
                         border_radius=8)
        head = pygame.Rect(BOARD.x + 10, BOARD.y + 4, BOARD.w - 20, HEAD_H - 6)
        txt.blit(surf, model["title"], (head.x, head.y), 19, T.GLOW, bold=True, width=head.w)
        txt.blit(surf, model.get("situation", ""), (head.x, head.y + 24), 14, T.PARCHMENT,
                 width=head.w)
        if model.get("allies"):
            txt.blit(surf, "Allies: " + model["allies"], (head.right, head.y + 2), 13, T.SAND,
                     anchor="topright", width=head.w // 2)
        lay = self.t.board_layout()
        glow = self.t.choices.glowing()
        if model["kind"] == "duel":
            self._draw_duel(surf, model, obs)
        else:
            self._draw_lanes(surf, model, obs)
        eng = self._engaged(obs)
        for u, r, bowed, kind in lay:
            self.t.motion.draw_card(surf, u, r, bowed, kind, obs)
            if u in eng:
                pygame.draw.rect(surf, T.DANGER, r.inflate(6, 6), 3, border_radius=7)
            if u in glow:
                pygame.draw.rect(surf, T.GLOW, r.inflate(4, 4), 2, border_radius=6)
            if u == self.t.choices.selected:
                pygame.draw.rect(surf, (90, 220, 110), r.inflate(6, 6), 3, border_radius=6)
        for r, label in self.arena.backs:
            draw_back(surf, r, label, txt)
        self.draw_damage(surf, obs)
        if self.arena.tray_rect is not None:
            tr = self.arena.tray_rect
            pygame.draw.line(surf, T.DUNE_DARK, (tr.x + 8, tr.y + 4), (tr.right - 8, tr.y + 4))
            txt.blit(surf, "Your other cards usable now:", (tr.x + 12, tr.y + 30), 14, T.SAND,
                     width=170)

    def _engaged(self, obs):
        f = obs["stack"][-1] if obs["stack"] else None
        if f is not None and f["k"] == "absorb":
            return set(f["eng"])
        return set()

    def _draw_lanes(self, surf, model, obs):
        st = self.t.seen()
        txt = self.t.app.text
        for i, (lr, _sr) in enumerate(self.arena.lane_rects):
            pygame.draw.rect(surf, LANE_BG[i % 2], lr.inflate(-8, -2), border_radius=6)
        for i, (ln, (lr, sr)) in enumerate(zip(model["lanes"], self.arena.lane_rects)):
            if i == 0:
                y = BOARD.y + HEAD_H - 3
                txt.blit(surf, model["left"], (sr.x - 30, y), 14, T.SAND,
                         bold=True, anchor="bottomright")
                txt.blit(surf, model["right"], (sr.right + 30, y), 14, T.SAND,
                         bold=True, anchor="bottomleft")
            sec = ln["sec"]
            owner = st.owner[sec]
            col = pygame.Rect(lr.x + 12, lr.y + 4, TEXT_W - 24, lr.h - 8)
            label = owned(self.t.seat_name(owner), _name(st, obs, sec))
            if sec in st.sections[owner]:
                label += f": Strength {C.section_strength(st, sec)}, Water {st.water[sec]}"
            else:
                label += ": destroyed"
            small = lr.h < 80
            r = txt.blit(surf, label, col.topleft, 12 if small else 14, T.SAND_LIGHT,
                         width=col.w)
            cap = ln.get("caption") or ""
            if cap:
                colour = T.PARCHMENT
                if "ok" in ln:
                    colour = (120, 220, 120) if ln["ok"] else (240, 130, 110)
                img = txt.render(cap, 12 if small else 14, colour, bold=True, width=col.w - 8)
                box = img.get_rect(topleft=(col.x + 4, r.bottom + 6))
                if box.bottom > lr.bottom - 4:
                    box.bottom = lr.bottom - 4
                pygame.draw.rect(surf, (30, 20, 14), box.inflate(8, 6), border_radius=6)
                pygame.draw.rect(surf, colour, box.inflate(8, 6), 1, border_radius=6)
                surf.blit(img, box)
            # owners (and allies) under the units
            if lr.h < 150:
                continue  # no room under the cards
            for side in ("left", "right"):
                for h in ln[side]:
                    r = self._rect_of(h) if h >= 0 else None
                    if r is None:
                        continue
                    q = st.owner[h]
                    tag = self.t.seat_name(q)
                    if model["kind"] in ("battle", "attack"):
                        if (side == "right" and q != model["attacker"]) or \
                                (side == "left" and q not in model.get("defenders", ())):
                            tag += " (ally)"
                    colour = T.PLAYER_COLOURS.get(self.t.seat_colour(q), (T.GOLD,))[0]
                    txt.blit(surf, tag, (r.centerx, r.bottom + 2), 13, colour, bold=True,
                             anchor="midtop")

    def draw_damage(self, surf, obs):
        """The damage of an engagement still to absorb, under the battle's section."""
        f = obs["stack"][-1] if obs["stack"] else None
        if f is None or f["k"] != "absorb" or f.get("dmg", -1) < 0 or not self.arena.lane_rects:
            return
        lr, sr = self.arena.lane_rects[0]
        text = f"{f['left']} damage left to absorb (of {f['dmg']})"
        img = self.t.app.text.render(text, 15, T.PARCHMENT, bold=True)
        box = img.get_rect(midtop=(sr.centerx, sr.bottom + 6)).inflate(14, 8)
        pygame.draw.rect(surf, T.DANGER, box, border_radius=8)
        surf.blit(img, img.get_rect(center=box.center))

    def _rect_of(self, uid):
        for u, r, _b, k in self.t.board_layout():
            if u == uid and k == "card":
                return r
        return None

    def _draw_duel(self, surf, model, obs):
        txt = self.t.app.text
        area = self.arena.rect()
        pygame.draw.rect(surf, LANE_BG[0], area.inflate(-8, -4), border_radius=6)
        for i, h in enumerate((model["a"], model["b"])):
            r = self._rect_of(h)
            if r is None:  # destroyed by the duel
                x = area.x + area.w // 4 if i == 0 else area.right - area.w // 4
                txt.blit(surf, f"{_name(self.t.seen(), obs, h)}: destroyed",
                         (x, area.y + 100), 16, T.DANGER, bold=True, anchor="center")
                continue
            role = model["roles"][i]
            txt.blit(surf, ("Challenger: " if i == 0 else "Challenged: ") + role,
                     (r.centerx, r.y - 2), 14, T.GLOW, bold=True, anchor="midbottom")
            ka, lost = model["ka"][i], model["loss"][i]
            line = f"Ka {ka}" + (f"  (lost {lost})" if lost else "")
            txt.blit(surf, line, (r.centerx, r.bottom + 4), 24, T.PARCHMENT if ka > 0 else
                     T.DANGER, bold=True, anchor="midtop")
            txt.blit(surf, self.t.seat_name(self.t.seen().owner[h]), (r.centerx, r.bottom + 34),
                     13, T.SAND, anchor="midtop")
        rv = model.get("reveal")
        slots = self.arena.duel_slots
        if slots is not None:
            for r, word in zip(slots, ("thrust", "parry")):
                pygame.draw.rect(surf, (70, 50, 36), r, 1, border_radius=6)
                txt.blit(surf, word, (r.centerx, r.y - 2), 13, T.SAND, anchor="midbottom")
            if model["thrust"] == -1 and rv is None and model["step"] != "over":
                txt.blit(surf, "no thrust yet", slots[0].center, 13, T.MUTED, anchor="center")
        if rv is not None and model["thrust"] == -1:
            y = (slots[0].bottom if slots else area.centery) + 60
            txt.blit(surf, self.t.named(rv[2]), (area.centerx, y), 16, T.GLOW, bold=True,
                     anchor="midtop", width=area.w // 3)
