"""Laying out and drawing the Burning Sands table (a mixin of the table scene).

The screen: a status line on top (round, phase, the Blessed player, the Omen, who acts), one row
per player on the board (a panel with name, Story points, Water, deck / hand / Saved / Buried
counts, then the Stronghold, the City Sections with their Water tokens and Fortifications, the
Heroes with their Followers and Items as labelled strips over the card, and the cards at home),
the prompt bar, the viewer's hand fanned below it, and on the right a large view of the card
under the pointer or the keyboard focus (its full text and current values) over the log.

Geometry is pure (``board_layout``): drawing, hit tests and gestures read the same rectangles.
Bowed cards are laid sideways. Drawing never changes the state.
"""

from __future__ import annotations

import pygame

from ...games.burning_sands import cards as C
from ...ui import theme as T
from ...ui.hand import HandFan, draw_badge, mark_playable

BOARD = pygame.Rect(8, 34, 972, 428)
PROMPT = pygame.Rect(8, 466, 972, 44)
HAND = pygame.Rect(170, 514, 810, 200)
HAND_W, HAND_H = 100, 140
SIDE = pygame.Rect(990, 34, 282, 430)
LOG = pygame.Rect(990, 470, 282, 242)
INFO_W = 150
ZOOM = pygame.Rect(150, 60, 680, 390)  # the long-touch view of a card, over the board
STRIP = 15

FACTION_COLOURS = {"Senpet": (150, 60, 40), "Moto": (70, 90, 140), "Khadi": (90, 60, 110),
                   "Assassin": (50, 50, 50), "Unaligned": (120, 100, 60)}
TYPE_NAMES = {"stronghold": "Stronghold", "section": "City Section", "hero": "Hero",
              "follower": "Follower", "item": "Item", "holding": "Holding",
              "fortification": "Fortification", "action": "Action", "omen": "Omen",
              "story": "Story", "weapon": "Weapon", "armor": "Armor", "spell": "Spell",
              "pantheon": "Pantheon"}


def faction_colour(c) -> tuple:
    return FACTION_COLOURS.get(c.faction, (110, 90, 60))


class TableView:
    # --- geometry -----------------------------------------------------------------------------
    def board_rect(self) -> pygame.Rect:
        """The board, less the prompt's choice rows when its buttons need rows of their own
        (then the players' rows close up above them, so no card is covered)."""
        r = pygame.Rect(BOARD)
        ch = getattr(self, "choices_rect", None)
        if ch is not None and ch.y - 4 < r.bottom:
            r.h = max(160, ch.y - 4 - r.y)
        return r

    def row_rect(self, p: int) -> pygame.Rect:
        n = self.seen().n
        board = self.board_rect()
        h = board.h // n
        return pygame.Rect(board.x, board.y + p * h, board.w, h - 4)

    def card_size(self) -> tuple[int, int]:
        h = min(124, self.row_rect(0).h - 10)
        return int(h * 0.72), h

    def board_layout(self) -> list:
        """[(uid, rect, bowed, kind)] in drawing order (later ones on top). ``kind``: "card"
        or "strip" (an attachment laid over its host card's lower edge). A player's cards run
        in one line (Stronghold, City Sections, Heroes, other cards at home), closing up when
        crowded; a tall row that would crowd (two players) takes two lines instead: the city
        above, Heroes and the rest below."""
        st = self.seen()
        key = (self.match.version, len(self.match.log), self.board_rect().h)
        if self._layout_key == key:
            return self._layout
        out = []
        cw, ch = self.card_size()
        for p in range(st.n):
            row = self.row_rect(p)
            city = [st.stronghold[p]] if st.stronghold[p] >= 0 else []
            city += [u for u in st.sections[p] if u not in city]
            rest = [u for u in list(st.heroes[p]) + list(st.home[p]) if u not in city]
            rest = list(dict.fromkeys(rest))
            x0, avail = row.x + INFO_W + 4, row.w - INFO_W - 8
            one = self._line_items(st, [city[:1], city[1:], st.heroes[p], rest], cw, ch)
            h2 = min(124, (row.h - 6) // 2 - 6)
            w2 = int(h2 * 0.72)
            if self._scale(one, avail) < 0.75 and h2 >= 88:
                top = self._line_items(st, [city[:1], city[1:]], w2, h2)
                low = self._line_items(st, [[u for u in rest if u in st.heroes[p]],
                                            [u for u in rest if u not in st.heroes[p]]], w2, h2)
                self._lay_line(st, top, x0, row.y + 4, avail, w2, h2, out)
                self._lay_line(st, low, x0, row.y + 4 + h2 + 6, avail, w2, h2, out)
            else:
                self._lay_line(st, one, x0, row.y + 4, avail, cw, ch, out)
        self._layout_key = key
        self._layout = out
        return out

    @staticmethod
    def _line_items(st, groups, cw, ch) -> list:
        """(uid, width, gap before) for groups of cards laid in a line."""
        items, seen = [], set()
        for gi, g in enumerate(groups):
            g = [u for u in g if u not in seen]
            seen.update(g)
            for j, u in enumerate(g):
                items.append((u, ch if st.bowed[u] else cw, 12 if j == 0 and items else 4))
        return items

    @staticmethod
    def _scale(items, avail) -> float:
        if not items:
            return 1.0
        total = sum(w + gap for _, w, gap in items)
        return min(1.0, (avail - items[-1][1]) / max(1, total - items[-1][1]))

    def _lay_line(self, st, items, x, y, avail, cw, ch, out):
        scale = self._scale(items, avail)
        for i, (u, w, gap) in enumerate(items):
            x += gap * scale
            bowed = bool(st.bowed[u])
            r = pygame.Rect(int(x), y + (ch - cw if bowed else 0), w, cw if bowed else ch)
            out.append((u, r, bowed, "card"))
            att = st.att[u]
            for k, a in enumerate(att):
                sr = pygame.Rect(r.x, r.bottom - STRIP * (len(att) - k), r.w, STRIP)
                out.append((a, sr, bool(st.bowed[a]), "strip"))
            x += w * scale if i < len(items) - 1 else w

    _layout_key = None
    _layout: list = []

    def fan(self) -> HandFan:
        return HandFan(HAND, HAND_W, HAND_H)

    def shown_hand(self, obs) -> list:
        seat = self.viewer
        if seat is None:
            return []
        h = obs["hand"][seat]
        return list(h) if isinstance(h, list) else []

    def hand_rects(self, obs) -> list:
        hand = self.shown_hand(obs)
        lifted = self.hovered_hand_index(obs)
        return list(zip(hand, self.fan().rects(len(hand), lifted)))

    def hovered_hand_index(self, obs):
        if self.drag_card is not None:
            return None
        hand = self.shown_hand(obs)
        pos = self.mouse_pos
        return self.fan().hit(len(hand), pos, self._last_lift) if hand else None

    _last_lift = None

    def card_at(self, pos, obs):
        """The uid under a point: the hand first, then the board (topmost first)."""
        for u, r in reversed(self.hand_rects(obs)):
            if r.collidepoint(pos):
                return u
        for u, r, _b, _k in reversed(self.board_layout()):
            if r.collidepoint(pos):
                return u
        return None

    def free_point(self, uid, obs):
        """A point on card ``uid`` that no later card covers (where a hand would click)."""
        hand = self.shown_hand(obs)
        if uid in hand:
            return self.fan().grip(len(hand), hand.index(uid))
        lay = self.board_layout()
        for i, (u, r, _b, _k) in enumerate(lay):
            if u != uid:
                continue
            later = [x[1] for x in lay[i + 1:]]
            for fy in (0.3, 0.5, 0.15, 0.7, 0.9):
                for fx in (0.25, 0.1, 0.5, 0.75, 0.05, 0.9, 0.95):
                    pt = (r.x + int(r.w * fx), r.y + int(r.h * fy))
                    if not any(o.collidepoint(pt) for o in later):
                        return pt
        return None

    def card_rect(self, uid, obs):
        for u, r in self.hand_rects(obs):
            if u == uid:
                return r
        for u, r, _b, _k in self.board_layout():
            if u == uid:
                return r
        return None

    # --- drawing ------------------------------------------------------------------------------
    def draw_table(self, surf, alpha):
        surf.fill((38, 28, 20))
        obs = self.observation()
        st = self.seen()
        self.draw_status(surf, obs)
        glow = self.glowing_cards()
        for p in range(st.n):
            self.draw_row(surf, p, obs)
        fighting, battle = self.combat_marks(st)
        for u, r, bowed, kind in self.board_layout():
            self.draw_card(surf, u, r, bowed, kind, obs)
            if u == battle or (u in fighting and fighting[u] == battle):
                pygame.draw.rect(surf, T.DANGER, r.inflate(6, 6), 3, border_radius=7)
            elif u in fighting:
                pygame.draw.rect(surf, (230, 140, 60), r.inflate(4, 4), 2, border_radius=7)
            if u in glow:
                pygame.draw.rect(surf, T.GLOW, r.inflate(4, 4), 2, border_radius=6)
            if u == self.selected:
                pygame.draw.rect(surf, (90, 220, 110), r.inflate(6, 6), 3, border_radius=6)
        self.draw_prompt(surf, obs)
        self.draw_hand(surf, obs, glow)
        self.draw_side(surf, obs)
        self.draw_zoom(surf, obs)

    @staticmethod
    def combat_marks(st):
        """(unit -> the section it fights at, the section being fought over) of the attack under
        way - none once the game is over (the rules leave the last attack's record behind when
        a victory ends the game in the middle of it)."""
        atk = st.atk if isinstance(st.atk, dict) and not st.over else {}
        return {x[0]: x[2] for x in atk.get("units", ())}, atk.get("sec", -1)

    def draw_zoom(self, surf, obs):
        """A long touch: the card held large over the board, its face and full text."""
        uid = self.zoom_uid
        if uid is None or self.seen().cdef[uid] < 0 or obs["cdef"][uid] < 0:
            return
        box = pygame.Rect(ZOOM)
        pygame.draw.rect(surf, (40, 28, 18), box, border_radius=12)
        pygame.draw.rect(surf, T.GLOW, box, 2, border_radius=12)
        face = pygame.Rect(box.x + 14, box.y + 14, 200, 280)
        surf.blit(self.card_face(uid, face.w, face.h, obs), face)
        self.draw_card_info(surf, uid, pygame.Rect(face.right + 4, box.y + 4,
                                                   box.right - face.right - 8, box.h - 8), 16)

    zoom_uid = None

    def draw_status(self, surf, obs):
        st = self.seen()
        raw = next((f.get("phase") for f in reversed(st.stack) if f["k"] == "prio"), None)
        if raw is None:
            kinds = {f["k"] for f in st.stack}
            raw = "end" if kinds & {"enddraw", "endwater", "khadi", "end"} else \
                "dawn" if "remain" in kinds or "dawn" in kinds else st.phase
        phase = {"dawn": "Dawn", "day": "Day", "night": "Night", "end": "End",
                 "setup": "Setup", "play": "Setup"}.get(str(raw), str(raw).capitalize())
        phase = "Game over" if st.over else f"{phase} Phase"
        omen = C.CARDS[st.cdef[st.omen]].name if st.omen is not None and st.omen >= 0 else "none"
        acting = self.game.to_act(st)
        who = self.seat_name(acting[0]) if acting else "-"
        text = (f"Turn {st.turn} of {st.limit}  |  {phase}  |  Blessed: "
                f"{self.seat_name(st.blessed) if st.blessed is not None and st.blessed >= 0 else '-'}"
                f"  |  Omen: {omen}  |  To act: {who}")
        self.app.text.blit(surf, text, (12, 17), 16, T.PARCHMENT, anchor="midleft", width=1000)

    def draw_row(self, surf, p, obs):
        st = self.seen()
        row = self.row_rect(p)
        acting = p in self.game.to_act(st)
        bg = (62, 46, 32) if p != self.viewer else (72, 56, 36)
        pygame.draw.rect(surf, bg, row, border_radius=8)
        colour = T.PLAYER_COLOURS.get(self.seat_colour(p), (T.GOLD,))[0]
        pygame.draw.rect(surf, T.GLOW if acting else colour, row, 3 if acting else 1,
                         border_radius=8)
        info = pygame.Rect(row.x + 6, row.y + 4, INFO_W - 10, row.h - 8)
        name = self.seat_name(p) + (" (Blessed)" if p == st.blessed else "")
        if not st.alive[p]:
            name += " - out"
        txt = self.app.text
        big, line_size, ys, pr = self.info_geometry(p)
        size = next((k for k in (big, 14, 12) if k <= big and
                     self.app.fonts.get(k, True).size(name)[0] <= info.w), 11)
        txt.blit(surf, name, (info.x, info.y + (big - size) // 2), size, colour, bold=True)
        hand = obs["hand"][p]
        lines = [f"Story {C.story_points(st, p)}   Water {C.water_of(st, p)}",
                 f"Deck {obs['deck'][p]}   Hand {len(hand) if isinstance(hand, list) else hand}"]
        for line, y in zip(lines, ys):
            txt.blit(surf, line, (info.x, y), line_size, T.PARCHMENT)
        hot = pr.collidepoint(self.mouse_pos)  # the piles line opens the piles browser
        pygame.draw.rect(surf, (96, 70, 44) if hot else (74, 54, 34), pr, border_radius=4)
        txt.blit(surf, f"Saved {len(st.saved[p])}  Buried {len(st.buried[p])} \u203a",
                 (pr.x + 4, pr.centery), line_size, T.GLOW if hot else T.PARCHMENT,
                 anchor="midleft")

    def info_geometry(self, p):
        """(name size, line size, [y of the two lines], the piles line's rect) of a player's
        panel: a low row (four players while choice rows take room) gets smaller type, so
        nothing is written over anything else."""
        row = self.row_rect(p)
        roomy = row.h >= 90
        big, line_size, line_h = (16, 14, 19) if roomy else (14, 12, 16)
        top = row.y + 4 + big + 5
        step = max(line_h, min(22, (row.bottom - 4 - top) // 3))
        ys = [top, top + step]
        return big, line_size, ys, pygame.Rect(row.x + 4, top + 2 * step - 1, INFO_W - 10,
                                              line_h)

    def pile_rect(self, p) -> pygame.Rect:
        """The player's "Saved / Buried" line in their panel: a click opens the piles."""
        return self.info_geometry(p)[3]

    def warm_faces(self):
        """The card faces the first frame shows (the board's and the hand's), one a step."""
        obs = self.observation()
        st = self.seen()
        for u, r, bowed, kind in self.board_layout():
            if kind == "card" and st.cdef[u] >= 0 and obs["cdef"][u] >= 0:
                self.card_face(u, *((r.h, r.w) if bowed else (r.w, r.h)), obs, bowed)
                yield
        for u, r in self.hand_rects(obs):
            self.card_face(u, r.w, r.h, obs)
            yield

    def card_face(self, uid, w, h, obs, bowed=False):
        st = self.seen()
        c = C.CARDS[st.cdef[uid]]
        vals = ()
        if c.type in ("hero", "follower"):
            vals = (C.strength(st, uid), C.ka(st, uid))
        water = st.water[uid] if c.type == "section" else 0
        key = ("bs-card", c.id, w, h, vals, water, bowed)
        if bowed:  # laid sideways, its name and values still upright
            return self.app.images.get(key, lambda: self._render_bowed(c, h, w, vals, water))
        left = (w, h) != (HAND_W, HAND_H)  # on the board the left part shows when crowded
        return self.app.images.get(key, lambda: self._render_face(c, w, h, vals, water, left))

    def _render_bowed(self, c, w, h, vals, water):
        """A bowed card: the face laid in landscape with its text upright, shaded, and marked
        "bowed" low on the left (the values stay on the right)."""
        s = self._render_face(c, w, h, vals, water, True, "bowed")
        veil = pygame.Surface((w, h - 18), pygame.SRCALPHA)
        veil.fill((60, 40, 20, 60))
        s.blit(veil, (0, 18))
        return s

    def _render_face(self, c, w, h, vals, water, left=False, tag=""):
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        col = faction_colour(c)
        pygame.draw.rect(s, T.PARCHMENT, s.get_rect(), border_radius=6)
        pygame.draw.rect(s, col, pygame.Rect(0, 0, w, 18), border_top_left_radius=6,
                         border_top_right_radius=6)
        pygame.draw.rect(s, col, s.get_rect(), 2, border_radius=6)
        for _what, img, pos, area in self.face_texts(c, w, h, vals, water, left, tag):
            s.blit(img, pos, area)
        if water:
            for k in range(min(water, 6)):
                pygame.draw.circle(s, (50, 120, 200), (10 + k * 12, h - 12), 5)
        return s

    def face_texts(self, c, w, h, vals, water, left=False, tag=""):
        """The words on a card's face, laid out one under another so none runs into the next:
        [(what, picture, top-left, shown part of the picture)] - the name in the band, its type,
        the tag ("bowed"), the start of its text where there is room, and low down its values
        (Strength and Ka) or its Water count."""
        txt = self.app.text
        out = []
        # the name on one line: smaller type for a long one, then cut (the large view has it)
        for size in (11, 10, 9):
            img = txt.render(c.name, size, T.PARCHMENT, bold=True)
            if img.get_width() <= w - 6:
                break
        out.append(("name", img, (4, 2 + (11 - size) // 2), pygame.Rect(0, 0, w - 6, 16)))
        low = []  # the bottom line: values or the Water count
        if vals:
            low.extend(self._value_texts(c, w, h, vals, left))
        if water > 6:
            img = txt.render(str(water), 13, (50, 120, 200), bold=True)
            low.append(("water", img, (w - 14, h - 20), img.get_rect()))
        bottom = min([p[1] for _w, _i, p, _a in low] + [h - 4])
        y = 20
        kind = TYPE_NAMES.get(c.type, c.type.capitalize())
        lines = [("type", txt.render(kind, 11, T.MUTED))]
        if tag:
            lines.append(("tag", txt.render(tag, 11, T.DANGER, bold=True)))
        for what, img in lines:
            if y + img.get_height() > bottom:
                break
            out.append((what, img, (4, y), pygame.Rect(0, 0, w - 6, img.get_height())))
            y += img.get_height() - 2  # (the font's line box has room above the letters)
        if h >= 120:  # large enough (the hand, a battle): the start of its text
            body = c.text or next((ab.text for ab in c.abilities if ab.text), "")
            room = min(bottom, h - 22) - y  # (clear of the hand's "playable" tick, low left)
            if body and room >= 14:
                # drawn into the kept face: not kept in the shared text cache as well
                img = txt.render_once(body, 10, T.INK, width=w - 8)
                out.append(("text", img, (4, y), pygame.Rect(0, 0, w - 8, room)))
        return out + low

    def _value_texts(self, c, w, h, vals, left):
        """Strength and Ka low on a card: in the hand right-aligned, clear of the "playable"
        tick low on the left; on the board at the left, the part a crowded row leaves in view.
        On a card too narrow for both side by side, smaller type, then Strength alone, then
        nothing (the large view on the right always shows both)."""
        txt = self.app.text
        base = (c.s, c.k)
        pairs = (("K", vals[1], base[1]), ("S", vals[0], base[0]))

        def laid(size, which):
            out = []
            for i, (label, v, b) in enumerate(pairs):
                if i not in which:
                    continue
                colour = (30, 120, 40) if v > b else T.DANGER if v < b else T.INK
                img = txt.render(f"{label}{v}", size, colour, bold=True)
                step = min(30, w // 2 - 4) if len(which) == 2 else 0
                x = 4 + (1 - i) * step if left else w - 4 - i * step - img.get_width()
                out.append(("value", img, (x, h - 18 + (14 - size)), img.get_rect()))
            return out

        def fits(out):
            boxes = [img.get_bounding_rect().move(pos) for _w, img, pos, _a in out]
            inside = all(pygame.Rect(0, 0, w, h).contains(b) for b in boxes)
            return inside and not (len(boxes) == 2 and boxes[0].colliderect(boxes[1].inflate(2, 0)))

        for size, which in ((14, (0, 1)), (11, (0, 1)), (11, (1,)), (9, (1,))):
            out = laid(size, which)
            if fits(out):
                return out
        return []

    def draw_card(self, surf, uid, r, bowed, kind, obs):
        st = self.seen()
        if st.cdef[uid] < 0 or obs["cdef"][uid] < 0:
            pygame.draw.rect(surf, (90, 60, 40), r, border_radius=6)
            return
        if kind == "strip":
            c = C.CARDS[st.cdef[uid]]
            pygame.draw.rect(surf, faction_colour(c), r)
            pygame.draw.rect(surf, T.INK, r, 1)
            label = c.name + (" (bowed)" if bowed else "")
            self.app.text.blit(surf, label, (r.x + 3, r.centery), 11, T.PARCHMENT,
                               anchor="midleft", width=0)
            return
        w, h = (r.h, r.w) if bowed else (r.w, r.h)
        img = self.card_face(uid, w, h, obs, bowed)
        surf.blit(img, r)
        under = st.under[uid]
        if under:
            draw_badge(surf, self.app.text, len(under), (r.right - 8, r.y + 26), (160, 120, 200))

    def draw_hand(self, surf, obs, glow):
        rects = self.hand_rects(obs)
        lifted = self.hovered_hand_index(obs)
        order = list(range(len(rects)))
        if lifted is not None:
            order.remove(lifted)
            order.append(lifted)
        for i in order:
            u, r = rects[i]
            if u == self.drag_card:
                continue
            surf.blit(self.card_face(u, r.w, r.h, obs), r)
            if u in glow:
                mark_playable(surf, r)
            if u == self.selected:
                pygame.draw.rect(surf, (90, 220, 110), r.inflate(6, 6), 3, border_radius=6)
        if self.viewer is not None:
            self.app.text.blit(surf, f"{self.seat_name(self.viewer)}'s hand",
                               (12, HAND.y + 20), 16, T.PARCHMENT, bold=True)
            if self.mode == "play":  # (a replay's hand is only shown)
                self.app.text.blit(surf, "Drag a card to the table to play it, or click it.",
                                   (12, HAND.y + 44), 13, T.SAND, width=150)
        if self.drag_card is not None:
            r = pygame.Rect(0, 0, HAND_W, HAND_H)
            r.center = self.mouse_pos
            surf.blit(self.card_face(self.drag_card, HAND_W, HAND_H, obs), r)
            pygame.draw.rect(surf, T.GLOW, BOARD, 2, border_radius=8)

    def draw_prompt(self, surf, obs):
        bar = pygame.Rect(PROMPT)
        pygame.draw.rect(surf, (40, 26, 16), bar, border_radius=10)
        pygame.draw.rect(surf, T.GOLD, bar, 1, border_radius=10)
        right = (self.prompt_left or bar.right) - 8
        self.app.text.blit(surf, self.prompt_text(obs), (bar.x + 12, bar.centery), 16, T.GLOW,
                           anchor="midleft", width=right - bar.x - 16)

    def draw_side(self, surf, obs):
        if self.selected is not None and self.menu_items():
            self.draw_menu(surf)
            return
        uid = self.preview_uid(obs)
        pygame.draw.rect(surf, (50, 36, 24), SIDE, border_radius=10)
        pygame.draw.rect(surf, T.DUNE_DARK, SIDE, 1, border_radius=10)
        st = self.seen()
        if uid is None or st.cdef[uid] < 0 or obs["cdef"][uid] < 0:
            self.app.text.blit(surf, "Point at a card (or Tab to it, or hold a finger on it) to "
                               "read it here. B: the Saved and Buried piles.",
                               (SIDE.x + 12, SIDE.y + 12), 15, T.SAND, width=SIDE.w - 24)
            return
        self.draw_card_info(surf, uid, SIDE)

    def draw_card_info(self, surf, uid, box, size=15):
        """A card's name, type, cost, current values (changed ones marked), traits and full
        text in ``box`` (the side panel, the long-touch view, the piles browser)."""
        st = self.seen()
        c = C.CARDS[st.cdef[uid]]
        txt = self.app.text
        x, y, w = box.x + 12, box.y + 10, box.w - 24
        pygame.draw.rect(surf, faction_colour(c), (box.x + 4, box.y + 4, box.w - 8, size + 15),
                         border_radius=8)
        txt.blit(surf, c.name, (x, y), size + 3, T.PARCHMENT, bold=True, width=w)
        y += size + 17
        lines = [f"{TYPE_NAMES.get(c.type, c.type)} - {c.faction or 'Unaligned'}"]
        cost = [f"{v} {n}" for v, n in ((c.water, "Water"), (c.copper, "Copper"),
                                          (c.influence, "Influence")) if v]
        if cost:
            lines.append("Cost: " + ", ".join(cost))
        if c.type in ("hero", "follower"):
            s_now, k_now = C.strength(st, uid), C.ka(st, uid)
            mark = lambda now, base: f"{now}" + (f" (printed {base})" if now != base else "")
            lines.append(f"Strength {mark(s_now, c.s)}   Ka {mark(k_now, c.k)}")
        if c.type == "section":
            lines.append(f"Water tokens: {st.water[uid]}")
        if c.produce:
            lines.append(f"Produces {c.produce}")
        if c.fate:
            lines.append(f"Fate {c.fate}")
        if c.traits:
            lines.append("Traits: " + ", ".join(c.traits))
        if st.bowed[uid]:
            lines.append("Bowed")
        for line in lines:
            r = txt.blit(surf, line, (x, y), size, T.SAND_LIGHT, width=w)
            y = r.bottom + 3
        y += 6
        body = c.text or ""
        for ab in c.abilities:
            if ab.text and ab.text not in body:
                body += ("\n" if body else "") + ab.text
        if body:
            txt.blit(surf, body, (x, y), size, T.PARCHMENT, width=w)

    def draw_menu(self, surf):
        items = self.menu_items()
        box = self.menu_rect(len(items))
        pygame.draw.rect(surf, (40, 26, 16), box, border_radius=10)
        pygame.draw.rect(surf, T.GLOW, box, 2, border_radius=10)
        st = self.seen()
        self.app.text.blit(surf, f"{C.CARDS[st.cdef[self.selected]].name}: choose",
                           (box.x + 10, box.y + 8), 16, T.GLOW, bold=True, width=box.w - 20)
        mouse = self.mouse_pos
        for i, (_seat, a) in enumerate(items):
            r = self.menu_item_rect(i, len(items))
            hot = r.collidepoint(mouse)
            pygame.draw.rect(surf, (110, 80, 40) if hot else (70, 50, 30), r, border_radius=6)
            pygame.draw.rect(surf, T.GOLD, r, 1, border_radius=6)
            self.app.text.blit(surf, self.game.describe(st, self.viewer, a), (r.x + 8, r.centery),
                               14, T.PARCHMENT, anchor="midleft", width=r.w - 12)

    def menu_rect(self, n) -> pygame.Rect:
        return pygame.Rect(SIDE)

    def menu_item_rect(self, i, n) -> pygame.Rect:
        h = max(22, min(40, (SIDE.h - 44) // max(1, n) - 4))
        return pygame.Rect(SIDE.x + 8, SIDE.y + 36 + i * (h + 4), SIDE.w - 16, h)
