"""Drawing the Sands of Adventure table (a mixin of the table scene): the fixed parts composed
once per round, then per frame the timer, decks, villain, dice, mats with readable hands, figures,
the prompt and the choice panels. Drawing never changes the state."""

from __future__ import annotations

import math

import pygame

from ...engine.describe import plural
from ...ui import art as base_art
from ...ui import theme as T
from ...ui.hand import draw_badge, mark_playable
from ...ui.widgets import ease_out_bounce
from . import art

# figure letters: no two alike, and none like a villain's (Dietrich, Toht, Belloq)
INITIALS = {"indiana": "I", "marion": "M", "sallah": "S", "marcus": "MB"}
BIG_W, BIG_H = 96, 138  # cards shown large: lifted in a hand, in a choice panel, on the pile


class TableView:
    # --- drawing ------------------------------------------------------------------------------
    def choice_panel_rect(self, obs):
        """Cards to choose among (drawn Upgrade cards, cards to bury) get a panel of their own,
        large, over the middle of the table (the decks are not in use while they are shown)."""
        aside = obs["aside"]
        if not aside:
            return None
        title_w = self.app.fonts.get(18, True).size(self.choice_title(obs))[0]
        w = max(title_w + 32, len(aside) * (BIG_W + 12) + 28)
        bar = self.L.rect("prompt")
        bottom = (self.choices_rect.y if self.choices_rect is not None else bar.y) - 8
        r = pygame.Rect(0, 0, w, BIG_H + 50)
        r.bottom = bottom
        r.centerx = (bar.x + self.L.rect("villain_mat").x) // 2
        return r

    def choice_title(self, obs) -> str:
        return {"keep_upgrade": "Drawn Upgrade cards: keep one (click it)",
                "bury_aside": "Drawn cards: bury them one by one (click)"}.get(
            obs.get("pending"), "Drawn cards")

    def aside_rects(self, obs):
        panel = self.choice_panel_rect(obs)
        if panel is None:
            return []
        aside = obs["aside"]
        x0 = panel.centerx - (len(aside) * (BIG_W + 12) - 12) // 2
        return [(c, pygame.Rect(x0 + i * (BIG_W + 12), panel.y + 38, BIG_W, BIG_H))
                for i, c in enumerate(aside)]

    def card_img(self, card, w=art.CARD_W, h=art.CARD_H):
        return self.app.images.get(("soa-card", card, w, h),
                                   lambda: art.card_surface(self.comp.cards[card], w, h,
                                                            self.app.text))

    def table_cloth(self):
        """The bare table under everything (drawn once per process)."""
        def make():
            surf = base_art.vertical_gradient((T.W, T.H), (62, 40, 22), (122, 80, 44)).convert()
            for y in range(0, T.H, 6):
                pygame.draw.line(surf, (70, 46, 26), (0, y), (T.W, y + 3), 1)
            return surf
        return self.app.images.get(("soa-cloth", T.W, T.H), make)

    def static_surface(self, obs):
        """Everything that changes only with the round's set-up: background, tile art, mats."""
        key = (tuple(tuple(r) for r in obs["row"]), obs["villain"], obs["n"],
               tuple(obs["characters"]),
               tuple(self.humans))  # a mat says "(bot)" until a person takes the seat
        if key == self._static_key:
            return self._static
        surf = self.table_cloth().copy()
        text = self.app.text
        for pos, (tile, side) in enumerate(obs["row"]):
            r = self.L.rect(f"tile{pos}")
            data = self.comp.tiles[tile]
            ts = data.side(side)
            surf.blit(base_art.panel(r.size, colour=(232, 205, 160) if side == "A" else
                                     (214, 186, 150), alpha=255), r)
            text.blit(surf, data.name, (r.centerx, r.y + 8), 17, T.INK, bold=True,
                      anchor="midtop", width=r.w - 12)
            text.blit(surf, ts.text, (r.x + 10, r.y + 50), 14, T.INK, width=r.w - 20)
            text.blit(surf, f"side {side}", (r.x + 8, r.bottom - 20), 12, T.MUTED)
            for d in range(ts.dice):
                dr = pygame.Rect(r.right - 26 - d * 24, r.bottom - 26, 20, 20)
                pygame.draw.rect(surf, (245, 238, 220), dr, border_radius=4)
                pygame.draw.rect(surf, T.INK, dr, 1, border_radius=4)
                pygame.draw.circle(surf, T.INK, dr.center, 3)
        v = self.comp.villains[obs["villain"]]
        vm = self.L.rect("villain_mat")
        surf.blit(base_art.panel(vm.size, colour=(70, 30, 26), border=(20, 10, 8), alpha=255), vm)
        text.blit(surf, v.name, (vm.x + 12, vm.y + 8), 20, (250, 220, 200), bold=True)
        text.blit(surf, v.penalty_text, (vm.x + 12, vm.y + 36), 13, (240, 210, 190),
                  width=vm.w - 24)
        for seat, mat in enumerate(self.mat_rects):
            surf.blit(base_art.panel(mat.size, colour=(58, 40, 26), border=(30, 18, 10),
                                     alpha=235), mat)
            ch = self.comp.characters[obs["characters"][seat]]
            text.blit(surf, ch.name, (mat.x + 10, mat.y + 6), 17, T.PARCHMENT, bold=True)
            text.blit(surf, self.seat_name(seat) + (" (bot)" if seat not in self.humans and
                                                    self.mode == "play" else ""),
                      (mat.x + 10, mat.y + 26), 13, T.SAND_LIGHT)
        tr = self.L.rect("timer")
        text.blit(surf, "Round", (tr.x + 4, self.L.rect("round0").centery), 16, T.SAND_LIGHT,
                  anchor="midleft")
        for i in range(3):
            r = self.L.rect(f"round{i}")
            pygame.draw.rect(surf, (90, 60, 30), r, border_radius=8)
            pygame.draw.rect(surf, T.GOLD, r, 2, border_radius=8)
            text.blit(surf, str(i + 1), r.center, 18, T.PARCHMENT, bold=True, anchor="center")
        for name, label in (("action_deck", "Action"), ("snake_pile", "Snakes"),
                            ("upgrade_deck", "Upgrade")):
            r = self.L.rect(name)
            pygame.draw.rect(surf, (50, 32, 18), r.inflate(6, 6), 2, border_radius=10)
            text.blit(surf, label, (r.centerx, r.bottom + 4), 13, T.SAND_LIGHT, anchor="midtop")
        pile = self.L.rect("play_pile")
        pygame.draw.rect(surf, (92, 60, 32), pile, border_radius=12)
        pygame.draw.rect(surf, T.GOLD, pile, 2, border_radius=12)
        text.blit(surf, "Play", (pile.centerx, pile.bottom + 4), 13, T.SAND_LIGHT, anchor="midtop")
        self._static_key, self._static = key, surf
        return surf

    def layer_key(self, obs):
        """What the still layer shows (the fixed parts, the round, the decks and piles, the
        villain's track, the dice and the mats that do not glow), or None while a part of it
        moves (a card in flight, rolling dice, the torch landing, a drag): then every part is
        drawn straight onto the frame, in the same order. (The timer is drawn over the layer:
        while it swings over, it reaches the decks, which are drawn over it.)"""
        snake = obs["snake"]
        if self.card_flights or self.dice_roll_ticks > 0 or self.torch_pop > 0 or \
                self.drag.active or \
                self.drag.snap is not None or not self.use_layer or \
                obs["timer"]["mode"] == "falling" or \
                (snake["torch_land"] >= 0 and obs["tick"] < snake["torch_land"]):
            return None
        focus = self.focus.name if self.focus.visible else None
        return (self.match.version, self._static_key, self.viewer,
                tuple(self.last_dice), tuple(sorted(self.armed.items())), self.hover_card,
                focus, self.mode, tuple(self.humans), self.timer_still(obs),
                self.glowing_seat(obs))

    def timer_still(self, obs) -> bool:
        """The turned-over timer's stand and glass go in the layer while the sand pours."""
        return obs["timer"]["mode"] == "inverted"

    def glowing_seat(self, obs):
        """The seat whose mat glows (it pulses, so it is drawn every frame), or None."""
        return obs["current"] if obs["phase"] in ("explore", "timed") else None

    def still_layer(self, obs, key, static):
        """The still parts of the table in one picture (over ``static``, the fixed parts),
        drawn again when the key changes."""
        if key != self._layer_key:
            layer = self._layer
            if layer is None:
                layer = self._layer = pygame.Surface((T.W, T.H)).convert()
            layer.blit(static, (0, 0))
            self.draw_round(layer, obs)
            if self.timer_still(obs):
                self.tv.draw_inverted_still(layer, self.L.rect("timer_pivot").topleft)
            self.draw_decks(layer, obs)
            self.draw_villain_track(layer, obs)
            self.draw_dice(layer, obs)
            glowing = self.glowing_seat(obs)
            self._layer_lifted = self.draw_mats(
                layer, obs, [s for s in range(obs["n"]) if s != glowing], lift=False)
            self._layer_key = key
        return self._layer

    def draw_table(self, surf, alpha):
        obs = self.observation()
        self.last_obs = obs
        static = self.static_surface(obs)  # first: the layer's key names its key
        key = self.layer_key(obs)
        text = self.app.text
        if key is None:
            surf.blit(static, (0, 0))
            self.draw_round(surf, obs)
            self.draw_timer(surf, obs, alpha)
            self.draw_decks(surf, obs)
            self.draw_villain(surf, obs, alpha)
            self.draw_dice(surf, obs)
            self.draw_mats(surf, obs)
        else:
            surf.blit(self.still_layer(obs, key, static), (0, 0))
            self.draw_timer(surf, obs, alpha, still_in_layer=self.timer_still(obs))
            self.draw_villain_figure(surf, obs, alpha)
            glowing = self.glowing_seat(obs)
            lifted = self.draw_mats(surf, obs, [] if glowing is None else [glowing], lift=False)
            self.draw_lifted(surf, lifted, self._layer_lifted)
        self.draw_figures(surf, obs, alpha)
        self.glow_legal_tiles(surf, obs)
        self.draw_prompt(surf, obs)
        self.drag.draw_targets(surf, self.ticks)
        self.draw_dragged(surf)
        if self.banner[1] > 0 and not self.intermission.shown:  # (the card says it then)
            img = text.render(self.banner[0], 30, T.PARCHMENT, bold=True, width=820)
            box = self.banner_rect()
            pygame.draw.rect(surf, (50, 30, 18), box, border_radius=14)
            pygame.draw.rect(surf, T.GOLD, box, 3, border_radius=14)
            surf.blit(img, img.get_rect(center=box.center))
        self.intermission.draw(surf)
        if self.flash > 0:
            # the warm light over everything, blended by two fills (no screen-sized layer)
            a = min(120, self.flash * 4) / 255
            keep = round(255 * (1 - a))
            surf.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
            surf.fill((round(255 * a), round(230 * a), round(150 * a)),
                      special_flags=pygame.BLEND_RGB_ADD)
            if self.flash_text:
                text.blit(surf, self.flash_text, (T.W // 2 + 150, 300), 40, T.INK, bold=True,
                          anchor="center")

    def banner_rect(self):
        img = self.app.text.render(self.banner[0], 30, T.PARCHMENT, bold=True, width=820)
        return img.get_rect(center=(790, 120)).inflate(40, 26)

    def draw_round(self, surf, obs):
        r = self.L.rect(f"round{obs['round'] - 1}")
        cx, cy = r.center
        pygame.draw.polygon(surf, T.GOLD, [(cx - 14, cy + 10), (cx + 14, cy + 10), (cx + 10, cy - 6),
                                           (cx - 10, cy - 6)])
        pygame.draw.rect(surf, (200, 150, 40), (cx - 12, cy - 14, 24, 9), border_radius=2)
        pygame.draw.polygon(surf, art.BLACK, [(cx - 14, cy + 10), (cx + 14, cy + 10),
                                              (cx + 10, cy - 6), (cx - 10, cy - 6)], 1)

    def draw_timer(self, surf, obs, alpha, still_in_layer=False):
        t = obs["timer"]
        pivot = self.L.rect("timer_pivot").topleft
        hidden = len(self.gem_flights)
        if still_in_layer:  # its stand and glass are in the still layer
            self.tv.draw_inverted_moving(surf, t, pivot, self.ticks,
                                         min(hidden, len(t["gems"])))
        else:
            self.tv.draw(surf, t, pivot, alpha, min(hidden, len(t["gems"])), self.ticks,
                         self.app.images)
        for size, tw, index in self.gem_flights:
            if tw.t < 0:
                continue
            target = self.tv.gem_target(t, index, size, pivot, alpha)
            p = tw.progress(alpha)
            x = target[0]
            start_y = target[1] - 150
            y = start_y + (target[1] - start_y) * ease_out_bounce(p)
            art.gem(surf, size, (x, y))
        rem = self.L.rect("remaining")
        if t["mode"] == "inverted":
            left = max(0, t["sand_end_tick"] - obs["tick"]) / 60.0
            label = f"Sand left: {left:4.1f} s"
            colour = (255, 120, 90) if left < 10 else T.PARCHMENT
        elif t["mode"] == "falling":
            label, colour = "The timer is flipping!", T.GLOW
        else:
            label = f"Gems in the basket: {len(t['gems'])} of 12"
            colour = T.SAND_LIGHT
        self.app.text.blit(surf, label, rem.center, 20, colour, bold=True, anchor="center",
                           shadow=art.BLACK, once=t["mode"] == "inverted")  # a running clock

    def draw_decks(self, surf, obs):
        text = self.app.text
        for name, count, upgrade in (("action_deck", obs["deck_count"], False),
                                     ("upgrade_deck", obs["upgrade_count"], True)):
            r = self.L.rect(name)
            if count:
                back = self.app.images.get(("soa-back", upgrade), lambda u=upgrade:
                                           art.card_back(r.w, r.h, u))
                for k in range(min(4, count // 8 + 1)):
                    surf.blit(back, r.move(-k * 2, -k * 2))
            text.blit(surf, str(count), (r.right - 8, r.bottom - 8), 16, T.PARCHMENT, bold=True,
                      anchor="bottomright", shadow=art.BLACK)
        sp = self.L.rect("snake_pile")
        if obs["snakes"]:
            surf.blit(self.card_img(obs["snakes"][-1], sp.w, sp.h), sp)
            # the count in the top corner: the card's own "SNAKE" sits at the bottom
            text.blit(surf, str(len(obs["snakes"])), (sp.right - 8, sp.top + 6), 16,
                      T.PARCHMENT, bold=True, anchor="topright", shadow=art.BLACK)
        pile = self.L.rect("play_pile")
        flying = {f[0] for f in self.card_flights}
        shown = [c for c in obs["pile"] if c not in flying]
        for k, card in enumerate(shown[-3:]):
            surf.blit(self.card_img(card, 96, 138), pile.move(10 + (k - 2) * 2, 13 + (k - 2) * 2)
                      .topleft)
        for card, tw in self.card_flights:
            surf.blit(self.card_img(card), tw.value())
        for kind in ("ignore", "interrupt", "any"):
            r = self.L.rect(f"stack_{kind}")
            n = obs["stacks"].get(kind, 0)
            if n:
                img = self.app.images.get(("soa-token", kind, True),
                                          lambda k=kind: art.power_token(k, True))
                for j in range(n):
                    surf.blit(img, (r.x + 2 + j * 3, r.y + 2 - j * 3))
            text.blit(surf, f"{n}", (r.right, r.bottom - 4), 13, T.PARCHMENT, anchor="bottomleft")
        # a snake drawn in the Timed Phase sits by the drawer until a torch is rolled
        if obs["snake"]["card"] >= 0 and obs["snake"]["seat"] >= 0:
            mat = self.mat_rects[obs["snake"]["seat"]]
            surf.blit(self.card_img(obs["snake"]["card"], 60, 86), (mat.right - 66, mat.y + 4))

    def draw_villain(self, surf, obs, alpha):
        self.draw_villain_track(surf, obs)
        self.draw_villain_figure(surf, obs, alpha)

    def draw_villain_track(self, surf, obs):
        vm = self.L.rect("villain_mat")
        text = self.app.text
        maxh = obs["max_health"]
        x0, y = vm.x + 12, vm.y + 78
        w = (vm.w - 24) / (maxh + 1)
        for h in range(maxh + 1):
            r = pygame.Rect(int(x0 + h * w), y, int(w) - 3, 26)
            pygame.draw.rect(surf, (120, 50, 40) if h else (30, 20, 18), r, border_radius=4)
            label = str(h) if h else "X"
            text.blit(surf, label, r.center, 13, (250, 220, 200), bold=True, anchor="center")
            if h == obs["health"]:
                pygame.draw.rect(surf, (240, 200, 80), r.inflate(4, 4), 3, border_radius=5)
        text.blit(surf, f"Health {obs['health']} of {maxh}", (vm.x + 12, y + 32), 15,
                  (250, 220, 200), bold=True)
        row = obs["penalty_row"]
        if row:
            text.blit(surf, "If he survives, the next round starts with:", (vm.x + 12, y + 56),
                      12, (240, 210, 190))
            for i, size in enumerate(row):
                art.gem(surf, size, (vm.x + 24 + i * 26, y + 90))
        elif obs["round"] == 3:
            text.blit(surf, "If he survives, the Ark is lost.", (vm.x + 12, y + 60), 14,
                      (255, 170, 150), bold=True)

    def draw_villain_figure(self, surf, obs, alpha):
        pos = self.villain_tween.value(alpha) if self.villain_tween else self.villain_pos(obs)
        v = self.comp.villains[obs["villain"]]
        art.villain_figure(surf, (int(pos[0]), int(pos[1])), v.name.split()[-1][0],
                           self.app.text)

    def draw_dice(self, surf, obs):
        r = self.L.rect("dice")
        text = self.app.text
        rolling = self.dice_roll_ticks > 0
        snake = obs["snake"]
        if obs["phase"] == "timed" and (snake["seat"] >= 0 or snake["torch_land"] >= 0):
            self.draw_torch_die(surf, obs, r)
            return
        dice = self.last_dice
        for i, face in enumerate(dice[:3]):
            if rolling:
                face = self.comp.threat_faces[(self.ticks // 3 + i * 2) % 6]
            img = self.app.images.get(("soa-die", face), lambda f=face: art.die_face(f, 52))
            if rolling:
                img = pygame.transform.rotate(img, (self.ticks * 17 + i * 40) % 360)
            surf.blit(img, img.get_rect(center=(r.centerx, r.y + 32 + i * 60)))
        text.blit(surf, "Threat dice", (r.centerx, r.bottom - 14), 13, T.SAND_LIGHT,
                  anchor="midtop")

    def draw_torch_die(self, surf, obs, r):
        """The Torch die: a "?" until it is rolled for this Snake; it tumbles (hops, turns and
        shows face after face) while the rules roll it; it lands with a bounce and its result
        is written under it, so a miss never looks like the die before the roll."""
        text = self.app.text
        snake = obs["snake"]
        landing = snake["torch_land"] >= 0 and obs["tick"] < snake["torch_land"]
        centre = (r.centerx, r.y + 50)
        if landing:
            p = 1 - (snake["torch_land"] - obs["tick"]) / max(1, self.game.roll_ticks)
            face = self.comp.torch_faces[(self.ticks // 3) % len(self.comp.torch_faces)]
            img = pygame.transform.rotate(art.die_face(face, 64, torch=True),
                                          (self.ticks * 29) % 360)
            centre = (centre[0], centre[1] - int(22 * abs(math.sin(p * math.pi * 2))))
            label, colour = "rolling...", T.GLOW
        elif self.torch_face is None:
            img = art.die_face("", 64, torch=True)
            text.blit(img, "?", (32, 32), 30, (250, 230, 200), bold=True, anchor="center")
            label, colour = "not rolled yet", T.SAND_LIGHT
        else:
            img = art.die_face(self.torch_face, 64, torch=True)
            pop = self.torch_pop / self.TORCH_POP
            if pop > 0:  # the landing: a bounce that settles
                k = 1 + 0.3 * pop * abs(math.cos(pop * math.pi * 1.5))
                img = pygame.transform.smoothscale(img, (int(64 * k), int(64 * k)))
            ok = self.torch_face == "torch"
            label, colour = ("a torch!", T.GLOW) if ok else ("no torch", (255, 130, 110))
        surf.blit(img, img.get_rect(center=centre))
        text.blit(surf, "Torch die", (r.centerx, r.y + 96), 13, T.SAND_LIGHT, anchor="midtop")
        text.blit(surf, label, (r.centerx, r.y + 114), 15, colour, bold=True, anchor="midtop")

    def draw_mats(self, surf, obs, seats=None, lift=True):
        """The mats of ``seats`` (all by default). The card lifted under the pointer or the
        keyboard focus is drawn last, over every mat (``lift``), or returned to be drawn so."""
        st = self.seen()
        acting = set(self.game.to_act(st))
        dragged = self.drag.item if self.drag.active else None
        snap = self.drag.snap_item if self.drag.snap is not None else None
        flying = {f[0] for f in self.card_flights}
        lifted_big = None
        for seat, mat in enumerate(self.mat_rects):
            if seats is not None and seat not in seats:
                continue
            if seat == self.glowing_seat(obs):
                base_art.glow_rect(surf, mat, colour=(255, 210, 120), width=3,
                                   pulse=0.6 + 0.4 * abs(math.sin(self.ticks / 20)))
            elif seat in acting:
                pygame.draw.rect(surf, T.GOLD, mat, 2, border_radius=14)
            for i, kind, up, rect in self.token_rects(seat, obs["tokens"][seat]):
                img = self.app.images.get(("soa-token", kind, up), lambda k=kind, u=up:
                                          art.power_token(k, u))
                surf.blit(img, rect.topleft)
                if self.armed.get(seat) == kind:
                    pygame.draw.circle(surf, T.GLOW, rect.center, 26, 3)
            hand = obs["hands"][seat]
            marks = self.playable_cards(seat) if self.mode == "play" else set()
            lifted = self.lifted_index(seat, hand)
            for i, (card, rect) in enumerate(self.hand_rects(seat, hand)):
                if dragged == ("card", seat, card) or snap == ("card", seat, card) or \
                        card in flying:
                    continue
                if i == lifted:
                    lifted_big = (seat, card, rect, card in marks)
                    continue
                surf.blit(self.card_img(card, rect.w, rect.h), rect)
                if card in marks:
                    mark_playable(surf, rect)
            if hand:
                area = self.fan(seat, len(hand)).area
                draw_badge(surf, self.app.text, len(hand), (area.right - 6, area.y + 14))
            else:
                self.app.text.blit(surf, "no cards", (mat.centerx, mat.y + 140), 14, T.MUTED,
                                   anchor="center")
        if not lift:
            return lifted_big
        self.draw_lifted(surf, lifted_big)
        return None

    def draw_lifted(self, surf, *lifted):
        """The card under the pointer or the keyboard focus: whole, larger, on top (of two
        mats' lifted cards, the later seat's, as the mats are drawn in seat order)."""
        lifted = max((x for x in lifted if x is not None), key=lambda x: x[0], default=None)
        if lifted is not None:
            _seat, card, rect, playable = lifted
            big = pygame.Rect(0, 0, BIG_W, BIG_H)
            big.midbottom = (rect.centerx, rect.bottom)
            big.clamp_ip(surf.get_rect())
            surf.blit(self.card_img(card, BIG_W, BIG_H), big)
            if playable:
                mark_playable(surf, big)
            pygame.draw.rect(surf, T.GLOW, big.inflate(2, 2), 2, border_radius=8)

    def draw_dragged(self, surf):
        """The card being dragged or snapping back, on top of everything."""
        item = self.drag.item if self.drag.active else (self.drag.snap_item if self.drag.snap
                                                        else None)
        if item and item[0] == "card":
            pos = self.drag.rect.topleft if self.drag.active else self.drag.snap.value()
            surf.blit(self.card_img(item[2]), pos)

    def draw_figures(self, surf, obs, alpha):
        text = self.app.text
        dragged = self.drag.item[1] if self.drag.active and self.drag.item[0] == "figure" else None
        for seat in range(obs["n"]):
            if seat == dragged:
                pos = self.drag.pos
            elif seat in self.figure_tweens:
                pos = self.figure_tweens[seat].value(alpha)
            else:
                pos = self.figure_pos(seat, obs)
            initial = INITIALS.get(obs["characters"][seat], "?")
            art.figure(surf, self.seat_colour(seat), (int(pos[0]), int(pos[1])), initial, text,
                       self.app.settings.patterns)

    def glow_legal_tiles(self, surf, obs):
        """When a person must move or place a tile, the tiles they may choose glow."""
        if self.mode != "play" or self.drag.active:
            return
        st = self.seen()
        if not ((obs["phase"] == "explore" and obs["stage"] == "move") or
                (obs["phase"] == "prep" and obs["stage"] == "replace")):
            return
        for seat in self.game.to_act(st):
            if seat in self.humans:
                pulse = 0.55 + 0.45 * abs(math.sin(self.ticks / 18))
                for a in self.legal(seat):
                    if a.kind in ("move", "replace"):
                        base_art.glow_rect(surf, self.L.rect(f"tile{a.args[0]}"), pulse=pulse)
                return

    def draw_prompt(self, surf, obs):
        if self.mode == "replay":
            return  # the replay's status line sits in the bar
        bar = self.L.rect("prompt")
        pygame.draw.rect(surf, (40, 26, 16), bar, border_radius=10)
        pygame.draw.rect(surf, T.GOLD, bar, 1, border_radius=10)
        right = self.prompt_left if self.prompt_left is not None else bar.right
        timed = obs["phase"] == "timed"
        self.app.text.blit(surf, self.prompt_text(obs), (bar.x + 12, bar.centery),
                           18 if timed else 17, T.GLOW if timed else T.PARCHMENT, bold=timed,
                           anchor="midleft", width=max(200, right - bar.x - 24))
        if self.choices_rect is not None:
            r = self.choices_rect
            surf.blit(base_art.panel(r.size, colour=(40, 26, 16), border=T.GOLD, alpha=235), r)
        self.draw_choice_panel(surf, obs)
        if obs["phase"] == "prep" and obs["stage"] in ("replace", "side") and obs["tiles_aside"]:
            self.draw_new_tile(surf, obs["tiles_aside"][0])

    def draw_choice_panel(self, surf, obs):
        panel = self.choice_panel_rect(obs)
        if panel is None:
            return
        surf.blit(base_art.panel(panel.size, colour=(240, 218, 176), alpha=250), panel)
        self.app.text.blit(surf, self.choice_title(obs), (panel.x + 14, panel.y + 10), 18, T.INK,
                           bold=True)
        seat = self.human_to_act()
        legal = set(self.legal(seat)) if seat is not None and self.mode == "play" else set()
        for card, rect in self.aside_rects(obs):
            surf.blit(self.card_img(card, rect.w, rect.h), rect)
            if any(a.args and a.args[0] == card for a in legal):
                mark_playable(surf, rect)

    def new_tile_rect(self):
        bar = self.L.rect("prompt")
        bottom = (self.choices_rect.y if self.choices_rect is not None else bar.y) - 8
        r = pygame.Rect(0, 0, 600, 150)
        r.bottom = bottom
        r.x = bar.x + 8
        return r

    def draw_new_tile(self, surf, tile):
        """Between rounds: the new Adventure tile, both sides, for the group to place."""
        data = self.comp.tiles[tile]
        box = self.new_tile_rect()
        surf.blit(base_art.panel(box.size, colour=(240, 218, 176), alpha=250), box)
        text = self.app.text
        text.blit(surf, f"New Adventure tile: {data.name}", (box.x + 14, box.y + 8), 19, T.INK,
                  bold=True)
        for i, side in enumerate(("A", "B")):
            ts = data.side(side)
            x = box.x + 14 + i * 292
            text.blit(surf, f"Side {side} ({ts.dice} Threat {'die' if ts.dice == 1 else 'dice'})",
                      (x, box.y + 36), 15, T.TERRACOTTA, bold=True)
            text.blit(surf, ts.text, (x, box.y + 58), 13, T.INK, width=278)

    def tooltip_regions(self):
        obs = self.last_obs
        if obs is None:
            return []
        regions = []
        for seat in range(obs["n"]):
            for card, rect in self.hand_rects(seat, obs["hands"][seat]):
                regions.append((rect, self.game.card_name(card)))
            n = len(obs["hands"][seat])
            regions.append((self.fan(seat, n).bounds(0), plural(n, 'card')))
            for i, kind, up, rect in self.token_rects(seat, obs["tokens"][seat]):
                regions.append((rect, self.comp.token_names[kind] + ("" if up else " (used)")))
        regions.append((self.L.rect("villain_mat"), "The villain: every Attack card played lowers "
                                                    "his health by one."))
        regions.append((self.L.rect("timer"), "The sand timer: gems go in the top basket; past its "
                                              "hidden tipping point it flips and the Timed Phase "
                                              "starts."))
        return regions
