"""Drawing the Sahwari table (a mixin of the table scene): the desert grid, the Recruitment area,
the clan areas, the Guildmaster, the prompt bar, bubbles, the timeline's captions and the final
scoring. Drawing never changes the game state."""

from __future__ import annotations

import math

import pygame

from ...engine.describe import plural
from ...engine.game import run_steps
from ...games.sahwari.data import get as sahwari_data
from ...ui import art as base_art
from ...ui import theme as T
from . import art
from . import choices as ch
from .prompts import prompt_text, step_names

D = sahwari_data()
PANEL = (52, 36, 22)
INK = art.BLACK
BADGE = (92, 30, 24)  # the "x2" count's pill


class Painter:
    # --- cached art ---------------------------------------------------------------------------
    def warm_steps(self):
        """The fonts, the fixed parts and every card face, a piece at a time (a generator): the
        kiosk runs it behind its title card, the table's entry finishes what is left, so no
        frame in play waits."""
        yield from super().warm_steps()
        for c in D.cards:
            self.card_img(c.id, 48, 100)
            self.card_img(c.id, 64, 100)
            yield
        self._static = yield from self.static_steps()
        grid = self.obs()["grid"]
        for c in range(25):
            t = grid[c]["tile"]
            tile = D.tiles[t - 1] if t else None
            for side in (("guild",) if tile is None else ("resources", tile.back)):
                self.tile_img(side, c, bool(tile and tile.one))
            yield
        for kind in ("small", "guarded"):
            self.token_img(kind, None, False)
            self.token_img(kind, None, False, 26)  # in hand, large
        for tok in D.caravans:
            for used in (False, True):
                self.token_img(tok.kind, tok.id, used)
            self.token_img(tok.kind, tok.id, False, 26)
            yield
        self.app.images.get(("sah-back", 64, 100), lambda: art.card_back(64, 100))
        for colour in art.CAMEL:
            for guild in (False, True):
                self.camel_img(colour, guild)
            yield
        from .clan_view import dashboard_surface
        size = self.geo.dash_rect(0).size
        for name, clan in D.clans.items():
            self.app.images.get(("sah-dash", name, size),
                                lambda c=clan: dashboard_surface(c, size, self))
            yield
        if self.geo.gm is not None:
            parts = self.geo.gm_parts()
            text = self.app.text
            for card in D.gm_cards:
                self.app.images.get(("sah-gm-action", card.id),
                                    lambda c=card: art.gm_action_surface(c, 100, 140, text))
                yield
                for part, make in (("action", art.gm_action_surface),
                                   ("deck", art.gm_move_surface)):
                    size = parts[part].size
                    key = ("sah-gm-action" if part == "action" else "sah-gm-move", card.id, size)
                    self.app.images.get(key, lambda c=card, m=make, sz=size: m(c, sz[0], sz[1],
                                                                                 text))
        yield
        self.draw_table(pygame.Surface((1280, 720)), 0.0)  # the first frame's layer and text


    def card_img(self, cid, w, h):
        return self.app.images.get(("sah-card", cid, w, h),
                                   lambda: art.card_surface(D.card(cid), w, h, self.app.text))

    def tile_img(self, side, cell, one=False):
        size = self.geo.cell
        name = f"{'ABCDE'[cell % 5]}{cell // 5 + 1}"
        return self.app.images.get(("sah-tile", side, cell, one, size), lambda: art.tile_surface(
            side, size, one, name, self.app.text, seed=cell))

    def camel_img(self, colour, guild):
        return self.app.images.get(("sah-camel", colour, guild, self.app.settings.patterns),
                                   lambda: art.camel_surface(colour, guild, 34,
                                                             self.app.settings.patterns))

    def token_img(self, kind, token, used, r=11):
        if token is not None and token > 0:
            c = D.caravan(token)
            face = (c.abilities, c.influence)
        else:
            face = None
        return self.app.images.get(("sah-token", kind, token if face else 0, used, r),
                                   lambda: art.caravan_surface(kind, face, used, r,
                                                               self.app.text))

    def static_surface(self):
        """The table's fixed picture: the cloth, the board's frame, the panels, the aid."""
        return run_steps(self.static_steps())

    def static_steps(self):
        """``static_surface`` a few pieces at a time (a generator returning the picture): the
        cloth is made once per process and kept; a table copies it and draws its panels."""
        def cloth():
            surf = base_art.vertical_gradient((T.W, T.H), (58, 38, 22), (110, 72, 40)).convert()
            for y in range(0, T.H, 7):
                pygame.draw.line(surf, (66, 44, 26), (0, y), (T.W, y + 4), 1)
            return surf
        cloth = self.app.images.get(("sah-cloth", T.W, T.H), cloth)
        yield
        surf = cloth.copy()
        yield
        b = self.geo.board
        pygame.draw.rect(surf, (90, 60, 32), b.inflate(12, 12), border_radius=12)
        pygame.draw.rect(surf, T.GOLD, b.inflate(12, 12), 2, border_radius=12)
        for name in ("status", "recruit"):
            r = self.L.rect(name)
            surf.blit(base_art.panel(r.size, colour=PANEL, border=(30, 18, 10), alpha=235), r)
        for r in self.geo.clans:
            surf.blit(base_art.panel(r.size, colour=(64, 44, 28), border=(30, 18, 10), alpha=235),
                      r)
        yield
        if self.geo.gm is not None:
            g = self.geo.gm
            surf.blit(base_art.panel(g.size, colour=(70, 30, 28), border=(30, 10, 8), alpha=240), g)
        text = self.app.text
        rec = self.geo.recruit
        text.blit(surf, "Recruitment area: take a card when you recruit", (self.geo.area[0].x,
                  rec.bottom - 2), 11, T.SAND_LIGHT, anchor="bottomleft")
        bar = self.L.rect("prompt")
        pygame.draw.rect(surf, (40, 26, 16), bar, border_radius=10)
        pygame.draw.rect(surf, T.GOLD, bar, 1, border_radius=10)
        free = [self.L.rect(f"clan{i}") for i in range(len(self.geo.clans), 4)]
        if free and self.geo.gm is None:
            self.draw_aid(surf, free[0].unionall(free[1:]))
        return surf

    def draw_aid(self, surf, box):
        """The player aid in the room clans leave free: the ability icons and what they do."""
        text = self.app.text
        surf.blit(base_art.panel(box.size, colour=(48, 34, 22), border=(30, 18, 10), alpha=220),
                  box)
        text.blit(surf, "Ability icons (hover anything for help; Esc > Rules help for all)",
                  (box.x + 12, box.y + 6), 13, T.SAND_LIGHT, bold=True)
        items = [("recruit", "Recruit a card"), ("spy", "Spy on a caravan"),
                 ("artifact", "A cube from the supply"), ("theft", "Theft"),
                 ("sandstorm", "Sandstorm"), ("refresh", "Refresh the cards"),
                 ("rally", "Rally a caravan"), ("attack", "Attack"),
                 ("clan", "Clan ability"), ("influence", "Influence")]
        fit_rows = max(1, (box.h - 30) // 22)
        cols = max(2, -(-len(items) // fit_rows))
        rows = -(-len(items) // cols)
        w = (box.w - 24) // cols
        from .clan_view import fit
        for i, (icon_name, label) in enumerate(items):
            col, row = divmod(i, rows)
            x, y = box.x + 14 + col * w, box.y + 32 + row * 22
            pygame.draw.circle(surf, (250, 244, 230), (x + 9, y + 8), 9)
            art.icon(surf, icon_name, (x + 9, y + 8), 6, value=2, text=text)
            text.blit(surf, fit(text, label, 13, w - 30, bold=False), (x + 24, y + 8), 13,
                      T.PARCHMENT, anchor="midleft")

    # --- the frame ----------------------------------------------------------------------------
    def draw_table(self, surf, alpha):
        obs = self.obs()
        surf.blit(self.layer(obs), (0, 0))
        self.draw_moving(surf, obs)
        self.draw_hand(surf, obs)
        if obs["phase"] != "over" and 0 <= obs["cur"] < len(self.geo.clans):
            base_art.glow_rect(surf, self.geo.clans[obs["cur"]], colour=(255, 210, 120), width=3,
                               pulse=0.6 + 0.4 * abs(math.sin(self.ticks / 20)))
        self.draw_glows(surf)
        self.draw_camels(surf, obs)
        self.draw_gm_path(surf)
        self.draw_caption(surf)
        self.draw_dragged(surf, obs)
        self.draw_prompt(surf, obs)
        if obs["over"] and not self.results_shown:
            # the count, until the results (which hold it) open; "See the board" then shows
            # the final board itself, not this panel over it
            self.draw_final(surf, obs)

    def layer(self, obs):
        """Everything that changes only with the game state (or when an animation step starts or
        ends), composed into one opaque surface, so a frame is mostly one blit."""
        cur = self.timeline.current
        moving = ()
        if cur is not None and cur.kind in ("flip", "deal"):
            moving = (cur.kind, cur.cell, cur.cards)
        key = (self.match.version, self.viewer, tuple(sorted(self.timeline.sides().items())),
               self.dragged_area_card(),
               frozenset(self.timeline.hidden_cards()), moving, self.app.settings.patterns,
               self.mode)
        if key != self._layer_key or self._layer is None:
            if self._layer is None:
                self._layer = self._static.copy()
            layer = self._layer
            layer.blit(self._static, (0, 0))
            self.draw_status(layer, obs)
            self.draw_board(layer, obs)
            self.draw_recruitment(layer, obs)
            for seat in range(len(self.geo.clans)):
                self.draw_clan(layer, obs, seat)
            if self.geo.gm is not None and "gm" in obs:
                self.draw_gm(layer, obs)
            self._layer_key = key
        return self._layer

    def dragged_area_card(self):
        item = self.drag.item if self.drag.active else (self.drag.snap_item if self.drag.snap
                                                        else None)
        return item[1] if item and item[0] == "area" else 0

    def draw_moving(self, surf, obs):
        """The tile being flipped and the cards being dealt, drawn over the layer each frame."""
        cur = self.timeline.current
        if cur is None:
            return
        if cur.kind == "flip" and cur.cell >= 0:
            g = obs["grid"][cur.cell]
            r = self.geo.cell_rect(cur.cell)
            one = D.tiles[g["tile"] - 1].one if g["tile"] else False
            pygame.draw.rect(surf, (90, 60, 32), r)
            p = cur.progress
            w = max(1, int(r.w * abs(1 - 2 * p)))
            face = self.tile_img(g["side"] if p >= 0.5 else "resources", cur.cell, one)
            surf.blit(pygame.transform.scale(face, (w, r.h)), (r.centerx - w // 2, r.y))
        elif cur.kind == "deal":
            g = self.geo
            p = 1 - (1 - cur.progress) ** 3
            for cid, r in g.area_rects(obs):
                if cid in cur.cards:
                    surf.blit(self.card_img(cid, 64, 100),
                              r.move(int((g.deck.x - r.x) * (1 - p)), 0))

    def draw_status(self, surf, obs):
        r = self.L.rect("status")
        text = self.app.text
        if obs["phase"] == "setup":
            label = "Setting up: clans, colours and the first camels"
        elif obs["over"]:
            label = "The game is over"
        else:
            label = f"Turn of {self.player_label(obs['cur'])}"
        x = text.blit(surf, label, (r.x + 12, r.centery), 16, T.PARCHMENT, bold=True,
                      anchor="midleft").right + 16
        if obs["phase"] == "turn":
            names, current = step_names(obs)
            for i, name in enumerate(names):
                on = i == current
                img = text.render(name, 14, T.GLOW if on else T.MUTED, bold=on)
                box = img.get_rect(midleft=(x, r.centery)).inflate(12, 6)
                if on:
                    pygame.draw.rect(surf, (96, 62, 30), box, border_radius=6)
                surf.blit(img, img.get_rect(center=box.center))
                x = box.right + 4
                if i < len(names) - 1:
                    text.blit(surf, ">", (x, r.centery), 14, T.MUTED, anchor="midleft")
                    x += 12
        left = sum(1 for g in obs["grid"] if g["side"] in ("resources", "guild"))
        msg = ("The Influence is counted" if obs["over"] else
               "Last round: it ends once every player has had the same number of turns"
               if obs["end_triggered"] else f"Resources tiles: {left} (the end comes at 6)")
        text.blit(surf, msg, (r.right - 12, r.centery), 14,
                  T.GLOW if obs["end_triggered"] else T.SAND_LIGHT, anchor="midright")

    def player_label(self, seat) -> str:
        if seat is None or seat < 0:
            return "the Guild"
        return self.seat_name(seat) + ("" if seat in self.humans or self.mode != "play"
                                       else " (bot)")

    # --- the board ----------------------------------------------------------------------------
    def draw_board(self, surf, obs):
        sides = self.timeline.sides()
        for g in obs["grid"]:
            c = g["cell"]
            r = self.geo.cell_rect(c)
            side = sides.get(c, g["side"])
            one = D.tiles[g["tile"] - 1].one if g["tile"] else False
            surf.blit(self.tile_img(side, c, one), r)
            if g["side"] == "guild":
                self.draw_guild_spaces(surf, obs, r)
            counts = [(self.draw_resource(surf, g, kind, rr), rr)
                      for kind, rr in self.geo.resource_rects(g)]
            for n, rr in counts:  # over every icon of the tile: none covers a count
                if n > 1:
                    self.draw_badge(surf, self.geo.badge_rect(rr), n)

    def draw_resource(self, surf, g, kind, rr) -> int:
        """One resource's icon; returns how many of it the tile holds."""
        if kind == "artifact":
            art.cube(surf, rr.center, 18)
            return g["artifacts"]
        if kind == "pawn":
            art.pawn(surf, rr.center, 20)
            return g["pawns"]
        tok = g[kind]
        surf.blit(self.token_img(kind, tok if tok > 0 else None, False), (rr.x, rr.y))
        return 1

    def draw_badge(self, surf, r, n):
        pygame.draw.rect(surf, BADGE, r, border_radius=5)
        pygame.draw.rect(surf, T.PARCHMENT, r, 1, border_radius=5)
        self.app.text.blit(surf, f"x{n}", r.center, 10, T.PARCHMENT, bold=True, anchor="center")

    def draw_guild_spaces(self, surf, obs, r):
        gt = obs["guild_tile"]
        for i in range(gt["recruit_spaces"]):  # Recruit spaces from the left, filled in order
            box = pygame.Rect(r.x + 6 + i * 15, r.bottom - 19, 14, 14)
            pygame.draw.rect(surf, (236, 206, 150), box, 1, border_radius=3)
            if i < gt["pawns"]:
                art.pawn(surf, box.center, 12)
        for i in range(gt["artifact_spaces"]):  # Artifact spaces from the right
            box = pygame.Rect(r.right - 20 - i * 15, r.bottom - 19, 14, 14)
            pygame.draw.rect(surf, (250, 230, 120), box, 1, border_radius=3)
            if i < gt["artifacts"]:
                art.cube(surf, box.center, 12)

    def camel_pos(self, obs, k, waiting):
        cur = self.timeline.current
        if cur is not None and cur.kind == "camel" and cur.camel == k:
            a = self._camel_anchor(obs, cur.frm, k)
            b = self._camel_anchor(obs, cur.to, k)
            p = cur.progress
            p = p * p * (3 - 2 * p)
            return (a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p - 10 * math.sin(p * math.pi))
        return None

    def _camel_anchor(self, obs, cell, k):
        if cell is None or cell < 0:
            owner = obs["camels"][k]["owner"]
            if 0 <= owner < len(self.geo.clans):
                return self.geo.reserve_rect(owner, obs, k).center
            return self.geo.board.center
        r = self.geo.cell_rect(cell)
        return (r.centerx, r.bottom - 20)

    def draw_camels(self, surf, obs):
        waiting = self.timeline.camel_cells()
        shown = {k: v for k, v in waiting.items()}
        dragged = self.drag.item[1] if self.drag.active and self.drag.item[0] == "camel" else None
        snap = self.drag.snap_item[1] if self.drag.snap is not None and self.drag.snap_item and \
            self.drag.snap_item[0] == "camel" else None
        for cam in obs["camels"]:
            k = cam["id"]
            if k in (dragged, snap):
                continue
            img = self.camel_img(cam["colour"], cam["owner"] == -1)
            if k in shown and shown[k] is None:
                pos = self.camel_pos(obs, k, waiting)
                if pos is not None:
                    surf.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))
                continue
            r = self.geo.camel_rect(obs, k, shown)
            if r is None:
                continue
            surf.blit(img, (r.x, r.y))
            if self.armed == ("camel", k):
                pygame.draw.rect(surf, T.GLOW, pygame.Rect(r.x - 2, r.y - 2, 38, 31), 2,
                                 border_radius=6)

    def draw_dragged(self, surf, obs):
        item = self.drag.item if self.drag.active else (self.drag.snap_item if self.drag.snap
                                                        else None)
        if not item:
            return
        pos = self.drag.rect.topleft if self.drag.active else self.drag.snap.value()
        if item[0] == "camel":
            cam = obs["camels"][item[1]]
            surf.blit(self.camel_img(cam["colour"], cam["owner"] == -1), pos)
        elif item[0] == "storage":
            art.cube(surf, (pos[0] + 10, pos[1] + 10), 18)
        elif item[0] == "hand":
            self.draw_hand_item(surf, obs, pygame.Rect(pos, (66, 66)))
        elif item[0] == "area":
            surf.blit(self.card_img(item[1], 64, 100), pos)

    def draw_glows(self, surf):
        """What a person may take now glows; while a piece is dragged or picked up, where it may
        go glows brighter; the keyboard focus has its own ring."""
        if self.mode != "play":
            return
        cs = self.choices()
        if not cs:
            return
        pulse = 0.55 + 0.45 * abs(math.sin(self.ticks / 18))
        if self.drag.active:
            for t in self.drag.targets:
                if t.ok:
                    self.target_glow(surf, t.rect, pulse)
        elif self.armed is not None:
            for c in cs:
                if c.key == self.armed:
                    self.target_glow(surf, c.target, pulse)
        else:
            seen = set()
            for c in cs:
                if c.how == ch.BUTTON:
                    continue
                r = c.source if c.how == ch.DRAG else c.target
                if tuple(r) in seen:
                    continue
                seen.add(tuple(r))
                base_art.glow_rect(surf, r, colour=(255, 220, 120), width=3, radius=8,
                                   pulse=pulse * 0.8)
        target = self.focus.current(self.focus_targets()) if self.focus.visible else None
        if target is not None and target.name.startswith("choice:"):
            c = next((c for c in cs if f"choice:{c.action}" == target.name), None)
            if c is not None and c.source is not None:
                base_art.glow_rect(surf, c.source, colour=(120, 220, 255), width=3, pulse=0.8)

    def target_glow(self, surf, rect, pulse):
        """Where a piece may go: a bright green wash and frame (a legal drop)."""
        fill = self.app.images.get(("sah-wash", rect.size), lambda: _wash(rect.size))
        surf.blit(fill, rect)
        base_art.glow_rect(surf, rect, colour=(110, 250, 160), width=4, pulse=pulse)

    def draw_gm_path(self, surf):
        cur = self.timeline.current
        path = self.timeline.gm_path
        if cur is not None and cur.kind == "gm_card":
            path = cur.data.get("path")
            n = max(2, int(len(path) * min(1.0, cur.progress * 1.6))) if path else 0
        else:
            n = len(path) if path else 0
        if not path:
            return
        pts = [self.geo.cell_rect(c).center for c in path[:n]]
        if len(pts) > 1:
            pygame.draw.lines(surf, (250, 220, 120), False, pts, 4)
            pygame.draw.circle(surf, (250, 220, 120), pts[0], 8)
            x1, y1 = pts[-2]
            x2, y2 = pts[-1]
            a = math.atan2(y2 - y1, x2 - x1)
            pygame.draw.polygon(surf, (250, 220, 120), [
                (x2 + 12 * math.cos(a), y2 + 12 * math.sin(a)),
                (x2 + 10 * math.cos(a + 2.3), y2 + 10 * math.sin(a + 2.3)),
                (x2 + 10 * math.cos(a - 2.3), y2 + 10 * math.sin(a - 2.3))])

    def draw_caption(self, surf):
        cur = self.timeline.current
        if cur is None:
            return
        text = self.app.text
        b = self.geo.board
        if cur.kind == "gm_card":
            act, mov = cur.card
            img = self.app.images.get(("sah-gm-action", act), lambda: art.gm_action_surface(
                D.gm_card(act), 100, 140, text))
            p = min(1.0, cur.progress * 3)
            w = max(2, int(img.get_width() * p))
            big = pygame.transform.scale(img, (w, img.get_height()))
            surf.blit(big, big.get_rect(center=(b.centerx, b.centery - 40)))

    # --- the Recruitment area -------------------------------------------------------------------
    def draw_recruitment(self, surf, obs):
        text = self.app.text
        g = self.geo
        if obs["deck_size"]:
            back = self.app.images.get(("sah-back", 64, 100), lambda: art.card_back(64, 100))
            for k in range(min(3, obs["deck_size"] // 10 + 1)):
                surf.blit(back, g.deck.move(-2 * k, -2 * k))
        else:
            pygame.draw.rect(surf, (80, 56, 34), g.deck, 2, border_radius=6)
        text.blit(surf, f"deck {obs['deck_size']}", (g.deck.centerx, g.deck.bottom - 2), 12,
                  T.PARCHMENT, bold=True, anchor="midbottom", shadow=INK)
        hidden = self.timeline.hidden_cards()
        cur = self.timeline.current
        if cur is not None and cur.kind == "deal":
            hidden = hidden | set(cur.cards)
        hidden = hidden | {self.dragged_area_card()}
        for cid, r in g.area_rects(obs):
            if cid not in hidden:
                surf.blit(self.card_img(cid, 64, 100), r)
        s = g.supply
        sup = obs["supply"]
        art.cube(surf, (s.x + 14, s.y + 16), 18)
        text.blit(surf, f"{plural(sup['artifacts'], 'cube')} in the supply", (s.x + 28, s.y + 16), 13,
                  T.PARCHMENT, anchor="midleft")
        art.strategy_token(surf, (s.x + 14, s.y + 42), 9)
        text.blit(surf, plural(sup['strategy'], 'Strategy token'), (s.x + 28, s.y + 42), 13,
                  T.PARCHMENT, anchor="midleft")
        text.blit(surf, f"{plural(len(obs['discard']), 'card')} discarded", (s.x + 6, s.y + 66), 13,
                  T.SAND_LIGHT, anchor="midleft")
        if obs["supply"]["pawns_out"]:
            text.blit(surf, f"{obs['supply']['pawns_out']} pawns out of the game", (s.x + 6,
                                                                                   s.y + 86), 13,
                      T.SAND_LIGHT, anchor="midleft")

    def draw_hand(self, surf, obs):
        """What the player to act holds while deciding where it goes (cube, card, token)."""
        h = self.geo.hand
        text = self.app.text
        item = self.hand_item(obs)
        pygame.draw.rect(surf, (40, 26, 16), h, border_radius=8)
        pygame.draw.rect(surf, (110, 80, 44), h, 1, border_radius=8)
        if item is None:
            text.blit(surf, "in hand: nothing", (h.x + 8, h.y + 6), 12, T.MUTED)
            return
        text.blit(surf, {"cube": "in hand: a cube", "card": "in hand: a card",
                         "caravan": "in hand: a caravan"}[item[0]], (h.x + 8, h.y + 6), 12,
                  T.SAND_LIGHT)
        dragging = (self.drag.active and self.drag.item == ("hand",)) or \
            (self.drag.snap is not None and self.drag.snap_item == ("hand",))
        if not dragging:
            self.draw_hand_item(surf, obs, ch._hand_item(h))

    def hand_item(self, obs):
        for f in reversed(obs["pending"]):
            if f[0] == "cube":
                return ("cube",)
            if f[0] == "edge":
                return ("card", f[1])
            if f[0] == "caravan":
                return ("caravan", f[1], f[2])
            break
        return None

    def draw_hand_item(self, surf, obs, r):
        item = self.hand_item(obs)
        if item is None:
            return
        if item[0] == "cube":
            art.cube(surf, r.center, 34)
        elif item[0] == "card":
            surf.blit(self.card_img(item[1], 48, 100), (r.centerx - 24, r.centery - 44))
        else:
            img = self.token_img(item[2], item[1] if item[1] > 0 else None, False, 26)
            surf.blit(img, img.get_rect(center=r.center))

    # --- clan areas -------------------------------------------------------------------------------
    def draw_clan(self, surf, obs, seat):
        from .clan_view import draw_clan
        draw_clan(self, surf, obs, seat)

    def draw_gm(self, surf, obs):
        from .clan_view import draw_gm
        draw_gm(self, surf, obs)

    # --- prompt, bubbles, final -------------------------------------------------------------------
    def draw_prompt(self, surf, obs):
        bar = self.prompt_rect
        right = self.prompt_left if self.prompt_left is not None else bar.right
        cur = self.timeline.current
        news = cur is not None and bool(cur.caption)  # the Guildmaster's steps, said as they play
        self.app.text.blit(surf, prompt_text(self, obs), (bar.x + 12, bar.centery), 17 if news
                           else 16, T.GLOW if news else T.PARCHMENT, bold=news, anchor="midleft",
                           width=max(120, right - bar.x - 20))

    def draw_final(self, surf, obs):
        from .clan_view import draw_final
        draw_final(self, surf, obs)

    def tooltip_regions(self):
        from .prompts import tooltip_regions
        return tooltip_regions(self)


def _wash(size):
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (110, 250, 160, 70), s.get_rect(), border_radius=8)
    return s
