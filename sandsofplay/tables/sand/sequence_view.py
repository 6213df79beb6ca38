"""Drawing a Sand sequence over the table (see ``sequence`` and ``pacing``). On the board: a
pulsing ring on the place concerned, a callout beside it saying what happens (placed where it
covers the fewest things that matter), the shortcuts a Codex card counts round the compass of
Alhazred's location (numbered in the arrow's direction, the counted one ringed, the one he takes in
his colour), coins won rising from a delivery. In the action panel (nobody decides while a
sequence plays): the moment's card (the Codex card, the Mission chosen, kept or cashed, the new
turn order with its Prestige, the dice, the new Missions), the story so far, and how to skip.
Drawn every frame over the table's cached picture; text images are kept."""

from __future__ import annotations

import math

import pygame

from ...engine.describe import plural
from ...games.sand.data import DICE
from ...ui import theme as T
from .view import ACTIONS, ALH_RGB, BOARD, D, GOODS_RGB, PROMPT, mission_text

PURPLE = (120, 40, 150)
COUNT_RGB = (236, 130, 30)
SKIP_HINT = "click or press a key to skip"


class SequenceView:
    """A part of the Sand table: the sequence drawn over it. ``t``: the table (its ``pace``,
    ``board`` and ``panel`` parts, its text)."""

    def __init__(self, table):
        self.t = table
        self._seq_text: dict = {}
        self.callout = None  # where the last callout was drawn

    # --- text, kept per beat ------------------------------------------------------------------
    def _seq_img(self, text, size=14, colour=T.PARCHMENT, bold=False, width=0):
        cache = self._seq_text
        key = (text, size, colour, bold, width)
        img = cache.get(key)
        if img is None:
            if len(cache) > 120:
                cache.clear()
            img = cache[key] = self.t.text.render(text, size, colour, bold, width)
        return img

    def prompt(self) -> str:
        if not self.t.pace.busy():
            return ""
        b = self.t.pace.seq.current
        head = f"{b.title}: " if b.title else ""
        text = f"{head}{b.text}  ({SKIP_HINT})"
        if self.t.app.fonts.get(15, True).size(text)[0] > PROMPT.w - 20:
            text = f"{b.title or 'Watching'} - {SKIP_HINT}."
        return text

    # --- the whole overlay --------------------------------------------------------------------
    def draw(self, surf, seat=None):
        if not self.t.pace.busy():
            return
        b = self.t.pace.seq.current
        p = self.t.pace.seq.progress()
        focus = b.focus
        loc = focus.get("loc")
        pulse = 0.5 + 0.5 * math.sin(self.t.pace.seq.t * 0.25)
        avoid = []
        if focus.get("compass") and focus["compass"].get("loc"):
            avoid = self._draw_compass(surf, focus["compass"], p)
        if loc in self.t.board.geo.centre:
            c = self.t.board.at(loc)
            avoid.append(c)
            pygame.draw.circle(surf, T.GLOW, c, int(21 + 4 * pulse), 3)
            pygame.draw.circle(surf, T.INK, c, int(25 + 4 * pulse), 1)
            if focus.get("coins") and b.kind in ("alh_deliver", "bot"):
                img = self._seq_img(f"+{plural(focus['coins'], 'coin')}", 16, T.GLOW, True)
                r = img.get_rect(midbottom=(c[0], c[1] - 24 - int(26 * p)))
                r = r.clamp(BOARD.inflate(-8, -6))
                pygame.draw.rect(surf, T.INK, r.inflate(10, 4), border_radius=6)
                surf.blit(img, r)
        if loc in self.t.board.geo.centre or seat is not None:
            self._draw_callout(surf, b, loc, avoid)  # (else the action panel says it)
        if seat is None:
            self._draw_story(surf, b, p)

    def _draw_callout(self, surf, b, loc, avoid):
        """What happens, said on the board beside where it happens."""
        title = self._seq_img(b.title or "", 14, T.GLOW, True)
        text = self._seq_img(b.short or b.text, 14, T.PARCHMENT, False, 300)
        w = max(title.get_width(), text.get_width()) + 20
        h = text.get_height() + (title.get_height() + 2 if b.title else 0) + 12
        r = self._callout_rect((w, h), loc, avoid)
        back = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(back, (34, 22, 12, 228), back.get_rect(), border_radius=10)
        surf.blit(back, r)
        pygame.draw.rect(surf, T.GOLD, r, 2, border_radius=10)
        y = r.y + 6
        if b.title:
            surf.blit(title, (r.x + 10, y))
            y += title.get_height() + 2
        surf.blit(text, (r.x + 10, y))
        n = len(self.t.pace.seq.beats)
        if n > 1:  # how far the sequence has gone
            w = int((r.w - 20) * (self.t.pace.seq.i + self.t.pace.seq.progress()) / n)
            pygame.draw.line(surf, T.GOLD, (r.x + 10, r.bottom - 4), (r.x + 10 + w, r.bottom - 4),
                             2)
        self.callout = r

    def _callout_rect(self, size, loc, avoid) -> pygame.Rect:
        room = BOARD.inflate(-10, -10)
        r = pygame.Rect((0, 0), size)
        if loc not in self.t.board.geo.centre:
            r.midtop = (BOARD.centerx, BOARD.y + 8)
            return r.clamp(room)
        cx, cy = self.t.board.at(loc)
        spots = []
        for place in ("right", "left", "below", "above", "below-right", "below-left",
                      "above-right", "above-left"):
            q = r.copy()
            if place == "right":
                q.midleft = (cx + 40, cy)
            elif place == "left":
                q.midright = (cx - 40, cy)
            elif place == "below":
                q.midtop = (cx, cy + 40)
            elif place == "above":
                q.midbottom = (cx, cy - 40)
            else:
                q.top = cy + 40 if place.startswith("below") else cy - 40 - q.h
                if place.endswith("right"):
                    q.left = cx + 20
                else:
                    q.right = cx - 20
            q = q.clamp(room)
            near = q.inflate(10, 10)
            cost = sum(1 for pt in avoid if near.collidepoint(pt))
            # other places and their names matter less, but an empty stretch of sand is best
            cost += 0.3 * sum(near.collidepoint(x, y) + near.collidepoint(x, y + 24)
                              for x, y in (self.t.board.at(k) for k in self.t.board.geo.centre))
            if q.inflate(40, 40).collidepoint(cx, cy):
                cost += 5
            spots.append((cost, len(spots), q))
        return min(spots)[2]

    def _card_back(self, surf, r, border=T.GOLD):
        back = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(back, (250, 240, 215, 240), back.get_rect(), border_radius=10)
        surf.blit(back, r)
        pygame.draw.rect(surf, border, r, 2, border_radius=10)

    def _card_rect(self, size, y) -> pygame.Rect:
        r = pygame.Rect((0, 0), size)
        r.midtop = (ACTIONS.centerx, y)
        return r

    def _draw_card(self, surf, b, p, y):
        """The moment's card at the top of the action panel; returns the y below it."""
        f = b.focus
        r = None
        if b.kind == "codex" and f.get("card") is not None:
            r = self._codex_card(surf, f, y)
        elif f.get("mission") is not None:
            r = self._mission_card(surf, f, y)
        elif f.get("order"):
            r = self._order_card(surf, f["order"], y)
        elif f.get("dice"):
            r = self._dice_card(surf, f["dice"], p, y)
        elif f.get("missions"):
            r = self._missions_card(surf, f["missions"], y)
        return y if r is None else r.bottom + 10

    def _codex_card(self, surf, f, y):
        from ...games.sand.data import get
        direction, count = get().codex.get(f["card"], ("cw", 1))
        r = self._card_rect((132, 150), y)
        self._card_back(surf, r, PURPLE)
        surf.blit(self._seq_img(f"Codex card {f['card']}", 14, PURPLE, True), (r.x + 10, r.y + 6))
        c = (r.centerx, r.y + 70)
        self._arc_arrow(surf, c, 30, direction, PURPLE, 4)
        img = self._seq_img(str(count), 30, PURPLE, True)
        surf.blit(img, img.get_rect(center=c))
        word = "clockwise" if direction == "cw" else "counter-clockwise"
        img = self._seq_img(word, 12, T.INK)
        surf.blit(img, img.get_rect(midtop=(r.centerx, r.y + 106)))
        img = self._seq_img(f"{f.get('index', 1)} of 3 this turn", 12, T.MUTED)
        surf.blit(img, img.get_rect(midtop=(r.centerx, r.y + 126)))
        return r

    def _arc_arrow(self, surf, c, radius, direction, colour, width):
        """A circle of arrow round ``c``: clockwise on screen for "cw"."""
        rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        rect.center = c
        pygame.draw.arc(surf, colour, rect, math.radians(110), math.radians(430), width)
        # the head at the arc's end (angle 110 degrees, screen y down)
        a = math.radians(110)
        tip = (c[0] + radius * math.cos(a), c[1] - radius * math.sin(a))
        # pygame's arcs run counter-clockwise from start to stop: the head points on for "ccw"
        sign = 1 if direction == "cw" else -1
        if direction == "ccw":
            a = math.radians(430)
            tip = (c[0] + radius * math.cos(a), c[1] - radius * math.sin(a))
        tx, ty = -math.sin(a) * sign, -math.cos(a) * sign  # along the arc, the way it turns
        nx, ny = math.cos(a), -math.sin(a)
        pts = [(tip[0] + tx * 10, tip[1] + ty * 10), (tip[0] + nx * 7, tip[1] + ny * 7),
               (tip[0] - nx * 7, tip[1] - ny * 7)]
        pygame.draw.polygon(surf, colour, pts)

    def _mission_card(self, surf, f, y):
        m = f["mission"]
        r = self._card_rect((250, 118), y)
        self._card_back(surf, r)
        surf.blit(self._seq_img(f"Mission #{m}", 15, T.INK, True), (r.x + 10, r.y + 6))
        img = self._seq_img(mission_text(m).split(": ", 1)[-1], 13, T.INK, False, r.w - 20)
        surf.blit(img, (r.x + 10, r.y + 28))
        verdict = {"pick": "puts a Turn marker on it",
                   "keep": "keeps it for the end of the game",
                   "cash": "takes its immediate reward now",
                   "alh_mission": "takes it, and its coins at once"}.get(f.get("verdict"), "")
        if f.get("verdict") == "cash" and f.get("reward"):
            word, n = f["reward"]
            verdict = f"takes {word} {n} now (the Mission is discarded)"
        elif f.get("verdict") == "alh_mission" and f.get("coins") is not None:
            verdict = f"takes it and {plural(f['coins'], 'coin')} at once"
        img = self._seq_img(f"{f.get('who', '')} {verdict}", 13, PURPLE if
                            f.get("verdict") == "alh_mission" else T.TERRACOTTA, True, r.w - 20)
        surf.blit(img, (r.x + 10, r.bottom - img.get_height() - 8))
        return r

    def _order_card(self, surf, rows, y):
        r = self._card_rect((250, 34 + 26 * len(rows)), y)
        self._card_back(surf, r)
        surf.blit(self._seq_img("New turn order", 15, T.INK, True), (r.x + 10, r.y + 6))
        for k, (seat, name, gain) in enumerate(rows):
            y = r.y + 32 + 26 * k
            surf.blit(self._seq_img(f"{k + 1}.", 14, T.INK, True), (r.x + 10, y))
            pygame.draw.circle(surf, self.t.rgb(seat), (r.x + 40, y + 10), 8)
            pygame.draw.circle(surf, T.INK, (r.x + 40, y + 10), 8, 1)
            surf.blit(self._seq_img(name, 14, T.INK), (r.x + 54, y))
            img = self._seq_img(f"+{gain} Prestige", 13, T.TERRACOTTA, True)
            surf.blit(img, img.get_rect(topright=(r.right - 10, y + 1)))
        return r

    def _dice_card(self, surf, dice, p, y):
        r = self._card_rect((250, 92), y)
        self._card_back(surf, r)
        surf.blit(self._seq_img("The dice", 15, T.INK, True), (r.x + 10, r.y + 6))
        rolling = p < 0.45
        for i, col in enumerate(DICE):
            v = dice[i] if i < len(dice) else 0
            if rolling:  # tumbling faces, for show only (the rules rolled already)
                v = 1 + (int(self.t.pace.seq.t / 4) * 7 + i * 3) % 6
            box = pygame.Rect(r.x + 14 + i * 58, r.y + 32, 46, 46)
            if rolling:
                box = box.move(0, int(4 * math.sin(self.t.pace.seq.t * 0.9 + i)))
            pygame.draw.rect(surf, GOODS_RGB[col], box, border_radius=8)
            pygame.draw.rect(surf, T.GOLD if not rolling else T.INK, box, 2, border_radius=8)
            img = self._seq_img(str(v), 24, T.INK if col == "white" else T.PARCHMENT, True)
            surf.blit(img, img.get_rect(center=box.center))
        return r

    def _missions_card(self, surf, shown, y):
        r = self._card_rect((270, 34 + 36 * len(shown)), y)
        self._card_back(surf, r)
        surf.blit(self._seq_img("New Missions", 15, T.INK, True), (r.x + 10, r.y + 6))
        for k, m in enumerate(shown):
            img = self._seq_img(mission_text(m), 12, T.INK, False, r.w - 20)
            surf.blit(img, (r.x + 10, r.y + 30 + 36 * k), pygame.Rect(0, 0, r.w - 20, 34))
        return r

    # --- Alhazred's compass ---------------------------------------------------------------------
    def _draw_compass(self, surf, comp, p):
        """The shortcuts round Alhazred's location, numbered in the arrow's direction; the one
        the card counts to is ringed, the one he takes drawn in his colour."""
        loc = comp["loc"]
        seq = list(D.locations[loc].compass)
        if not seq:
            return []
        if comp.get("dir") == "ccw":
            seq.reverse()
        order = comp.get("order") or []
        counted = order[0] if order else None
        chosen = comp.get("chosen")
        c = self.t.board.at(loc)
        self._arc_arrow(surf, c, 34, comp.get("dir", "cw"), PURPLE, 3)
        spots = []
        for j, rid in enumerate(seq):
            pts = self._curve_from(loc, rid)
            if not pts:
                continue
            spots += pts[2::3]
            if rid == chosen and p > 0.35:
                pygame.draw.lines(surf, PURPLE, False, pts, 6)
            elif rid == counted:
                pygame.draw.lines(surf, COUNT_RGB, False, pts, 4)
            bx, by = pts[min(4, len(pts) - 1)]
            big = rid == counted
            rad = 11 if big else 9
            pygame.draw.circle(surf, COUNT_RGB if big else T.PARCHMENT, (bx, by), rad)
            pygame.draw.circle(surf, PURPLE if rid == chosen else T.INK, (bx, by), rad, 2)
            img = self._seq_img(str(j + 1), 13, T.INK, True)
            surf.blit(img, img.get_rect(center=(bx, by)))
        return spots

    def _curve_from(self, loc, rid):
        pts = self.t.board.geo.curves.get(rid)
        if not pts:
            return []
        pts = [self.t.board.cam.to_screen(q) for q in pts]  # the board may be zoomed and panned
        r = D.routes[rid]
        return list(pts) if r.a == loc else list(reversed(pts))

    # --- the story in the action panel ----------------------------------------------------------
    def _draw_story(self, surf, b, p):
        """The action panel while a sequence plays: its heading, the moment's card, what has
        happened so far (latest last), and how to skip."""
        pygame.draw.rect(surf, (34, 24, 16), ACTIONS)  # nothing of the panel below shows
        surf.blit(self.t.panel.bg, ACTIONS.topleft)
        x, y = ACTIONS.x + 10, ACTIONS.y + 6
        img = self._seq_img(b.title or "Watching", 15, T.GLOW, True, ACTIONS.w - 20)
        surf.blit(img, (x, y))
        y = self._draw_card(surf, b, p, y + img.get_height() + 6)
        bottom = ACTIONS.bottom - 30
        lines = []
        for k in range(self.t.pace.seq.i + 1):
            beat = self.t.pace.seq.beats[k]
            if beat.kind in ("alh_turn", "resume", "refill_intro") and k != self.t.pace.seq.i:
                continue
            lines.append((beat.text, k == self.t.pace.seq.i))
        imgs = [self._seq_img(t, 13, T.GLOW if now else T.SAND_LIGHT, now, ACTIONS.w - 20)
                for t, now in lines]
        total, keep = 0, []  # the latest lines that fit, oldest first
        for img in reversed(imgs):
            if y + total + img.get_height() > bottom:
                break
            keep.append(img)
            total += img.get_height() + 4
        for img in reversed(keep):
            surf.blit(img, (x, y))
            y += img.get_height() + 4
        hint = self._seq_img("Click or press a key to skip", 13, T.SAND_LIGHT)
        surf.blit(hint, (x, ACTIONS.bottom - 24))


__all__ = ["SequenceView", "ALH_RGB"]
