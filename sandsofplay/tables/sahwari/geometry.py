"""Where everything sits on the Sahwari table, from the Tiled layout and an observation.

Every rectangle a person clicks, drags from or drops on is computed here, so drawing, input and
the offered gestures always agree.
"""

from __future__ import annotations

import pygame

from ...games.sahwari.data import get as sahwari_data

D = sahwari_data()

RES_KINDS = ("artifact", "pawn", "small", "guarded")
PAWN_ABILITIES = (("spy", 1), ("refresh", 1), ("storm", 2), ("artifact", 2))
CARD_W, CARD_H = 48, 100
AREA_W, AREA_H = 64, 100
DASH_W = 196
ZONE_W = 34


class Geometry:
    def __init__(self, layout, n: int, mode: str):
        self.L = layout
        self.n = n
        self.mode = mode
        self.board = layout.rect("board")
        self.cell = self.board.w // 5
        rec = layout.rect("recruit")
        self.recruit = rec
        self.deck = pygame.Rect(rec.x + 10, rec.y + 6, AREA_W, AREA_H)
        self.area = [pygame.Rect(rec.x + 90 + i * 74, rec.y + 6, AREA_W, AREA_H) for i in range(4)]
        self.slots = [0] * 4  # the card lying in each place of the Recruitment area (0: a gap)
        self.supply = pygame.Rect(rec.x + 398, rec.y + 8, 170, rec.h - 16)
        self.hand = pygame.Rect(rec.right - 196, rec.y + 8, 188, rec.h - 16)
        self.clans = [layout.rect(f"clan{i}") for i in range(4)][:n]
        self.rows = [(0, 0)] * n
        self.gm = layout.rect("gm") if mode == "solo" else None
        self._cells = [pygame.Rect(self.board.x + (c % 5) * self.cell,
                                   self.board.y + (c // 5) * self.cell, self.cell, self.cell)
                       for c in range(25)]

    # --- the board ----------------------------------------------------------------------------
    def cell_rect(self, c: int) -> pygame.Rect:
        return self._cells[c].copy()

    def cell_at(self, pos) -> int:
        for c, r in enumerate(self._cells):
            if r.collidepoint(pos):
                return c
        return -1

    def resource_rects(self, g: dict) -> list[tuple[str, pygame.Rect]]:
        """The clickable resources on a tile: one icon per kind present, left to right."""
        kinds = [k for k in RES_KINDS if g[_KEY[k]]]
        r = self._cells[g["cell"]]
        out = []
        x = r.x + 10
        y = r.y + 18 if g["side"] != "guild" else r.y + 54
        step = min(26, (r.w - 20) // max(1, len(kinds)))
        for k in kinds:
            out.append((k, pygame.Rect(x, y, 24, 24)))
            x += step
        return out

    @staticmethod
    def badge_rect(icon: pygame.Rect) -> pygame.Rect:
        """The "x2" count of a resource: hung from the foot of its own icon, within that icon's
        column, so no neighbour covers it (corner tiles hold a second cube beside another
        resource; the count was once drawn beside the icon, under the next one)."""
        return pygame.Rect(icon.right - 16, icon.bottom - 3, 16, 12)

    def camel_slots(self, obs, cell: int, shown=None) -> list[tuple[int, pygame.Rect]]:
        """(camel, rect) of the camels drawn on a tile; ``rect`` is the part that is visible and
        clickable (camels on a crowded tile overlap)."""
        ks = [c["id"] for c in obs["camels"] if (shown or {}).get(c["id"], c["cell"]) == cell]
        r = self._cells[cell]
        n = len(ks)
        if not n:
            return []
        w = 34
        step = min(w + 2, (r.w - 8 - w) // max(1, n - 1)) if n > 1 else 0
        x0 = r.x + (r.w - (step * (n - 1) + w)) // 2
        y = r.bottom - 34
        out = []
        for i, k in enumerate(ks):
            vis = w if i == n - 1 else max(12, step)
            out.append((k, pygame.Rect(x0 + i * step, y, vis, 27)))
        return out

    def camel_rect(self, obs, k: int, shown=None) -> pygame.Rect | None:
        cam = obs["camels"][k]
        cell = (shown or {}).get(k, cam["cell"])
        if cell is None:
            return None
        if cell < 0:
            if cam["owner"] < 0 or cam["owner"] >= len(self.clans):
                return None
            return self.reserve_rect(cam["owner"], obs, k)
        for kk, r in self.camel_slots(obs, cell, shown):
            if kk == k:
                return r
        return None

    def reserve_rect(self, seat: int, obs, k: int) -> pygame.Rect:
        """A blocked camel waits beside its owner's dashboard."""
        off = [c["id"] for c in obs["camels"] if c["owner"] == seat and c["cell"] < 0]
        i = off.index(k) if k in off else 0
        info = self.info_rect(seat)
        return pygame.Rect(info.right - 36 - i * 36, info.y, 34, 27)

    # --- the Recruitment area -----------------------------------------------------------------
    def area_rects(self, obs) -> list[tuple[int, pygame.Rect]]:
        """(card, rect) of the cards in the Recruitment area, each in the place it has kept."""
        self.set_area(obs["area"])
        return [(c, self.area[i]) for i, c in enumerate(self.slots) if c]

    def set_area(self, area) -> None:
        """Cards keep their places: a card taken leaves a gap (the rules' list closes up, the
        table does not), and a card revealed fills the first gap, where it is dealt to."""
        cards = list(area[:4])
        if sorted(c for c in self.slots if c) == sorted(cards):
            return
        slots = [c if c in cards else 0 for c in self.slots]
        for c in cards:
            if c not in slots:
                slots[slots.index(0)] = c
        self.slots = slots

    # --- clan areas ---------------------------------------------------------------------------
    def info_rect(self, seat: int) -> pygame.Rect:
        r = self.clans[seat]
        return pygame.Rect(r.x + 8, r.y + 4, 176, r.h - 8)

    def item_rects(self, seat: int, total: int) -> list[pygame.Rect]:
        """Held caravan tokens, then Attack tokens, in two rows under the player's name."""
        info = self.info_rect(seat)
        per_row = max(7, -(-total // 2))
        step = min(24, (info.w - 22) // max(1, per_row - 1))
        out = []
        for i in range(total):
            row, col = divmod(i, per_row)
            out.append(pygame.Rect(info.x + col * step, info.y + 58 + row * 24, 22, 22))
        return out

    def row_rect(self, seat: int) -> pygame.Rect:
        r = self.clans[seat]
        return pygame.Rect(r.x + 190, r.y + 4, r.w - 196, r.h - 8)

    def set_rows(self, obs) -> None:
        """How many cards each clan has on each side (the dashboard makes room for the longer
        row)."""
        self.rows = [(len(pl["left"]), len(pl["right"])) for pl in obs["players"]]

    def dash_rect(self, seat: int) -> pygame.Rect:
        row = self.row_rect(seat)
        half = (row.w - DASH_W) // 2 - ZONE_W
        n_left, n_right = self.rows[seat] if seat < len(self.rows) else (0, 0)
        need_l, need_r = n_left * CARD_W, n_right * CARD_W
        left = half
        if need_l > half > need_r:
            left = min(need_l, 2 * half - need_r)
        elif need_r > half > need_l:
            left = 2 * half - min(need_r, 2 * half - need_l)
        return pygame.Rect(row.x + ZONE_W + left, row.y, DASH_W, row.h)

    def card_rects(self, seat: int, pl: dict) -> dict[int, pygame.Rect]:
        """Each card of the clan: the left row grows leftwards, the right row rightwards."""
        row = self.row_rect(seat)
        dash = self.dash_rect(seat)
        out = {}
        for side, cards in (("left", pl["left"]), ("right", pl["right"])):
            n = len(cards)
            if not n:
                continue
            avail = (dash.x - row.x if side == "left" else row.right - dash.right) - ZONE_W
            w = min(CARD_W, avail // n)
            for i, c in enumerate(cards):
                if side == "left":
                    x = dash.x - (i + 1) * w
                else:
                    x = dash.right + i * w
                out[c] = pygame.Rect(x, row.y + 2, w, CARD_H)
        return out

    def space_rects(self, seat: int, pl: dict) -> dict[int, pygame.Rect]:
        """The Artifact space named after card ``c`` sits on the joint between ``c`` and its
        inner neighbour (the dashboard or the previous card)."""
        cards = self.card_rects(seat, pl)
        out = {}
        for c, state in pl["spaces"]:
            r = cards.get(c)
            if r is None:
                continue
            x = r.right if c in pl["left"] else r.x
            out[c] = pygame.Rect(x - 10, r.y + 58, 20, 20)
        return out

    def edge_zone(self, seat: int, pl: dict, side: str) -> pygame.Rect:
        """Where a new card is dropped: just beyond the outermost card on that side."""
        row = self.row_rect(seat)
        cards = self.card_rects(seat, pl)
        dash = self.dash_rect(seat)
        if side == "left":
            edge = min([cards[c].x for c in pl["left"]] + [dash.x])
            return pygame.Rect(max(row.x, edge - ZONE_W), row.y, ZONE_W, row.h)
        edge = max([cards[c].right for c in pl["right"]] + [dash.right])
        return pygame.Rect(min(row.right - ZONE_W, edge), row.y, ZONE_W, row.h)

    def storage_slots(self, seat: int, capacity: int) -> list[pygame.Rect]:
        d = self.dash_rect(seat)
        return [pygame.Rect(d.x + 24 + i * 24, d.y + 18, 20, 20) for i in range(capacity + 1)]

    def storage_rect(self, seat: int, capacity: int) -> pygame.Rect:
        slots = self.storage_slots(seat, capacity)
        return slots[0].union(slots[-1]).inflate(4, 4)

    def storage_ability_rect(self, seat: int, capacity: int, slot: int) -> pygame.Rect:
        r = self.storage_slots(seat, capacity)[slot]
        return pygame.Rect(r.x, r.bottom + 2, 20, 14)

    def track_slots(self, seat: int, length: int) -> list[pygame.Rect]:
        d = self.dash_rect(seat)
        return [pygame.Rect(d.x + 24 + i * 22, d.y + 58, 19, 19) for i in range(length + 1)]

    def pawn_ability_rects(self, seat: int) -> list[tuple[str, int, pygame.Rect]]:
        d = self.dash_rect(seat)
        return [(what, cost, pygame.Rect(d.x + 22 + i * 38, d.y + 80, 36, 20))
                for i, (what, cost) in enumerate(PAWN_ABILITIES)]

    # --- the Guildmaster --------------------------------------------------------------------------
    def gm_parts(self) -> dict:
        g = self.gm
        return {
            "deck": pygame.Rect(g.x + 14, g.y + 44, 84, 116),
            "action": pygame.Rect(g.x + 110, g.y + 44, 84, 116),
            "storage": pygame.Rect(g.x + 214, g.y + 62, 7 * 26, 24),
            "pawns": pygame.Rect(g.x + 214, g.y + 102, 280, 24),
            "tokens": pygame.Rect(g.x + 214, g.y + 150, 280, 24),
            "cards": pygame.Rect(g.x + 14, g.y + 214, g.w - 28, 64),
            "score": pygame.Rect(g.x + 520, g.y + 44, g.w - 534, 150),
        }

    def gm_card_rects(self, cards) -> dict[int, pygame.Rect]:
        r = self.gm_parts()["cards"]
        step = min(46, (r.w - 40) // max(1, len(cards) - 1)) if len(cards) > 1 else 46
        return {cid: pygame.Rect(r.x + i * step, r.y, 40, 60) for i, (cid, _st) in
                enumerate(cards)}

    def gm_token_rects(self, count: int) -> list[pygame.Rect]:
        r = self.gm_parts()["tokens"]
        return [pygame.Rect(r.x + i * 24, r.y, 22, 22) for i in range(count)]


_KEY = {"artifact": "artifacts", "pawn": "pawns", "small": "small", "guarded": "guarded"}
