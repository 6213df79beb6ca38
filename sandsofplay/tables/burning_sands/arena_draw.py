"""Drawing the arena (see ``arena``), its toggle, and the end of the game: who won and how
(a mixin of the table scene). Drawing never changes the state."""

from __future__ import annotations

import pygame

from ...games.burning_sands import cards as C
from ...games.burning_sands.stories import STORY_WIN
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


class ArenaDraw:
    def draw_table(self, surf, alpha):
        model = self.shown_arena()
        if model is None:
            super().draw_table(surf, alpha)
        else:
            surf.fill((38, 28, 20))
            obs = self.observation()
            self.draw_status(surf, obs)
            self.draw_arena(surf, model, obs)
            self.draw_prompt(surf, obs)
            self.draw_hand(surf, obs, self.glowing_cards())
            self.draw_side(surf, obs)
        self.draw_ghosts(surf)
        self.draw_arena_toggle(surf)
        self.draw_end(surf)

    def draw_status(self, surf, obs):
        if not self.match.is_over():
            return super().draw_status(surf, obs)
        st = self.seen()
        self.app.text.blit(surf, f"Turn {st.turn} of {st.limit}  |  The game is over", (12, 17),
                           16, T.PARCHMENT, anchor="midleft", width=800)

    # --- the toggle between the arena and the rows --------------------------------------------
    def arena_toggle_shown(self) -> bool:
        return self.arena_model() is not None or self.arena_hold is not None

    def draw_arena_toggle(self, surf):
        if not self.arena_toggle_shown():
            return
        r = TOGGLE
        hot = r.collidepoint(self.mouse_pos)
        pygame.draw.rect(surf, (38, 28, 20), r.inflate(8, 2))
        pygame.draw.rect(surf, (110, 80, 40) if hot else (70, 50, 30), r, border_radius=6)
        pygame.draw.rect(surf, T.GOLD, r, 1, border_radius=6)
        label = "Battle view (V)" if self.arena_hidden else "Table view (V)"
        if self.arena_hidden and self.arena_model() is not None:
            kind = self.arena_model()["kind"]
            label = {"raid": "Raid view (V)", "duel": "Duel view (V)"}.get(kind, label)
        self.app.text.blit(surf, label, r.center, 15, T.PARCHMENT, bold=True, anchor="center")

    # --- the arena ----------------------------------------------------------------------------
    def draw_arena(self, surf, model, obs):
        st = self.seen()
        txt = self.app.text
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
        lay = self.board_layout()
        glow = self.glowing_cards()
        if model["kind"] == "duel":
            self._draw_duel(surf, model, obs)
        else:
            self._draw_lanes(surf, model, obs)
        eng = self._engaged(obs)
        for u, r, bowed, kind in lay:
            self.draw_card(surf, u, r, bowed, kind, obs)
            if u in eng:
                pygame.draw.rect(surf, T.DANGER, r.inflate(6, 6), 3, border_radius=7)
            if u in glow:
                pygame.draw.rect(surf, T.GLOW, r.inflate(4, 4), 2, border_radius=6)
            if u == self.selected:
                pygame.draw.rect(surf, (90, 220, 110), r.inflate(6, 6), 3, border_radius=6)
        for r, label in self._arena_backs:
            draw_back(surf, r, label, txt)
        self.draw_damage(surf, obs)
        if self._tray_rect is not None:
            tr = self._tray_rect
            pygame.draw.line(surf, T.DUNE_DARK, (tr.x + 8, tr.y + 4), (tr.right - 8, tr.y + 4))
            txt.blit(surf, "Your other cards usable now:", (tr.x + 12, tr.y + 30), 14, T.SAND,
                     width=170)

    def _engaged(self, obs):
        f = obs["stack"][-1] if obs["stack"] else None
        if f is not None and f["k"] == "absorb":
            return set(f["eng"])
        return set()

    def _draw_lanes(self, surf, model, obs):
        st = self.seen()
        txt = self.app.text
        for i, (lr, _sr) in enumerate(self._lane_rects):
            pygame.draw.rect(surf, LANE_BG[i % 2], lr.inflate(-8, -2), border_radius=6)
        for i, (ln, (lr, sr)) in enumerate(zip(model["lanes"], self._lane_rects)):
            if i == 0:
                y = BOARD.y + HEAD_H - 3
                txt.blit(surf, model["left"], (sr.x - 30, y), 14, T.SAND,
                         bold=True, anchor="bottomright")
                txt.blit(surf, model["right"], (sr.right + 30, y), 14, T.SAND,
                         bold=True, anchor="bottomleft")
            sec = ln["sec"]
            owner = st.owner[sec]
            col = pygame.Rect(lr.x + 12, lr.y + 4, TEXT_W - 24, lr.h - 8)
            label = f"{self.seat_name(owner)}'s {_name(st, obs, sec)}"
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
                    tag = self.seat_name(q)
                    if model["kind"] in ("battle", "attack"):
                        if (side == "right" and q != model["attacker"]) or \
                                (side == "left" and q not in model.get("defenders", ())):
                            tag += " (ally)"
                    colour = T.PLAYER_COLOURS.get(self.seat_colour(q), (T.GOLD,))[0]
                    txt.blit(surf, tag, (r.centerx, r.bottom + 2), 13, colour, bold=True,
                             anchor="midtop")

    def draw_damage(self, surf, obs):
        """The damage of an engagement still to absorb, under the battle's section."""
        f = obs["stack"][-1] if obs["stack"] else None
        if f is None or f["k"] != "absorb" or f.get("dmg", -1) < 0 or not self._lane_rects:
            return
        lr, sr = self._lane_rects[0]
        text = f"{f['left']} damage left to absorb (of {f['dmg']})"
        img = self.app.text.render(text, 15, T.PARCHMENT, bold=True)
        box = img.get_rect(midtop=(sr.centerx, sr.bottom + 6)).inflate(14, 8)
        pygame.draw.rect(surf, T.DANGER, box, border_radius=8)
        surf.blit(img, img.get_rect(center=box.center))

    def _rect_of(self, uid):
        for u, r, _b, k in self.board_layout():
            if u == uid and k == "card":
                return r
        return None

    def _draw_duel(self, surf, model, obs):
        txt = self.app.text
        area = self.arena_rect()
        pygame.draw.rect(surf, LANE_BG[0], area.inflate(-8, -4), border_radius=6)
        for i, h in enumerate((model["a"], model["b"])):
            r = self._rect_of(h)
            if r is None:  # destroyed by the duel
                x = area.x + area.w // 4 if i == 0 else area.right - area.w // 4
                txt.blit(surf, f"{_name(self.seen(), obs, h)}: destroyed",
                         (x, area.y + 100), 16, T.DANGER, bold=True, anchor="center")
                continue
            role = model["roles"][i]
            txt.blit(surf, ("Challenger: " if i == 0 else "Challenged: ") + role,
                     (r.centerx, r.y - 2), 14, T.GLOW, bold=True, anchor="midbottom")
            ka, lost = model["ka"][i], model["loss"][i]
            line = f"Ka {ka}" + (f"  (lost {lost})" if lost else "")
            txt.blit(surf, line, (r.centerx, r.bottom + 4), 24, T.PARCHMENT if ka > 0 else
                     T.DANGER, bold=True, anchor="midtop")
            txt.blit(surf, self.seat_name(self.seen().owner[h]), (r.centerx, r.bottom + 34),
                     13, T.SAND, anchor="midtop")
        rv = model.get("reveal")
        slots = self._duel_slots
        if slots is not None:
            for r, word in zip(slots, ("thrust", "parry")):
                pygame.draw.rect(surf, (70, 50, 36), r, 1, border_radius=6)
                txt.blit(surf, word, (r.centerx, r.y - 2), 13, T.SAND, anchor="midbottom")
            if model["thrust"] == -1 and rv is None and model["step"] != "over":
                txt.blit(surf, "no thrust yet", slots[0].center, 13, T.MUTED, anchor="center")
        if rv is not None and model["thrust"] == -1:
            y = (slots[0].bottom if slots else area.centery) + 60
            txt.blit(surf, self.named(rv[2]), (area.centerx, y), 16, T.GLOW, bold=True,
                     anchor="midtop", width=area.w // 3)

    # --- the end ------------------------------------------------------------------------------
    def end_rect(self) -> pygame.Rect:
        w = BOARD.w - 320
        h = 28 + sum(self.app.text.render(t, size, c, bold=size > 16, width=w - 30).get_height()
                     + 6 for t, size, c in self.end_lines())
        return pygame.Rect(BOARD.x + 160, BOARD.y + 60, w, min(h, BOARD.h - 80))

    def end_lines(self) -> list:
        """How the game was won, in a few lines (the reason, the standings behind it)."""
        st = self.seen()
        out = self.game.outcome(st)
        if out is None:
            return []
        names = " and ".join(self.seat_name(w) for w in out.winners) or "No one"
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
            lines.append((f"{self.seat_name(p)}: Story {C.story_points(st, p)}, Water "
                          f"{C.water_of(st, p)}, City Sections {len(st.sections[p])} ({state})",
                          15, T.SAND_LIGHT))
        return lines

    def draw_end(self, surf):
        if not self.match.is_over():
            return
        box = self.end_rect()
        pygame.draw.rect(surf, (30, 20, 14), box, border_radius=12)
        pygame.draw.rect(surf, T.GLOW, box, 3, border_radius=12)
        y = box.y + 14
        for text, size, colour in self.end_lines():
            r = self.app.text.blit(surf, text, (box.centerx, y), size, colour,
                                   bold=size > 16, anchor="midtop", width=box.w - 30)
            y = r.bottom + 6
