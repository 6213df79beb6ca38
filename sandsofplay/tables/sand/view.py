"""Sand's screen layout and the drawing around the board (``TableView``): the top bar (workday,
phase, dice, turn order), the side panel (Mission row, decks, Seals, reserve, routes, Alhazred)
and the player logs with Alhazred's card. Pure drawing from an observation; the board itself is
board.py, the geometry of resources/maps/sand_board.tmx ``BoardGeometry`` here."""

from __future__ import annotations

import math

import pygame

from ...engine.describe import plural
from ...games.sand.data import DICE, get as sand_data
from ...ui import art as base_art
from ...ui import theme as T
from ...ui.tiled import load_layout, map_path

D = sand_data()

# --- the screen, 1280x720 -----------------------------------------------------------------------
TOP = pygame.Rect(4, 2, 966, 32)
BOARD = pygame.Rect(4, 38, 700, 468)
SIDE = pygame.Rect(710, 38, 260, 468)
ACTIONS = pygame.Rect(980, 38, 290, 426)
LOGS = pygame.Rect(4, 510, 966, 170)
PROMPT = pygame.Rect(4, 684, 966, 32)
MENU_BTN = pygame.Rect(980, 2, 92, 32)
HINT_BTN = pygame.Rect(1078, 2, 92, 32)
UNDO_BTN = pygame.Rect(1176, 2, 94, 32)

GOODS_RGB = {
    "blue": (60, 110, 210), "red": (200, 55, 45), "white": (240, 238, 228),
    "black": (30, 30, 34), "orange": (236, 130, 30), "yellow": (235, 205, 50),
    "green": (70, 160, 70), "purple": (130, 70, 170), "brown": (130, 85, 45),
    "pink": (235, 140, 180), "gray": (140, 140, 140),
}
ROUTE_RGB = {"green": (60, 140, 60), "gray": (110, 110, 110), "orange": (230, 120, 20)}
LOC_RGB = {"port": (90, 120, 170), "city": (205, 150, 80), "oasis": (47, 143, 131),
           "camp": (160, 100, 60)}
TRACK_SHORT = (("hyd", "Hyd"), ("food", "Food"), ("hp", "HP"), ("pray", "Pray"),
               ("prest", "Prest"), ("coins", "$"))
TRACK_NARROW = (("hyd", "Hyd"), ("food", "Fd"), ("hp", "HP"), ("pray", "Pr"), ("prest", "Pst"),
                ("coins", "$"))
PHASES = ("Morning", "Afternoon", "Night")
ALH_RGB = (60, 40, 70)
ALH_PATH_RGB = (120, 40, 150)  # the path Alhazred walks this turn


def mission_deck_line(obs) -> str:
    """The Mission deck's size; everything face up (a finished game's replay) adds the cards of
    the next workday (``deck_next``, see face_up.py)."""
    line = f"Mission deck: {len(obs.get('deck_days', []))} cards"
    if obs.get("deck_next"):
        line += "; next workday: " + ", ".join(f"#{m}" for m in obs["deck_next"])
    return line


def codex_next(obs) -> str:
    nxt = obs.get("codex_next")
    return f"; next: {D.codex[nxt[0]][1]} {D.codex[nxt[0]][0]}" if nxt else ""


def mission_text(m: int) -> str:
    mi = D.missions[m]
    k = mi.kind
    if k == "sets":
        what = f"{plural(mi.reward, 'coin')} per {mi.size} {mi.colour}"
    elif k == "most":
        what = f"{plural(mi.reward, 'coin')} for most {mi.type}s"
    elif k == "none":
        what = f"{plural(mi.reward, 'coin')} if no {mi.type}s"
    elif k == "pairs":
        what = f"{plural(mi.reward, 'coin')} for 2 each of {'+'.join(mi.colours)}"
    elif k == "atleast":
        what = f"{plural(mi.reward, 'coin')} for {mi.count}+ {mi.type}s"
    else:
        what = f"{plural(mi.reward, 'coin')} if last {mi.type} is {mi.colour}"
    imm = mi.immediate
    return f"#{m}: {what} (now: {imm[0]} +{imm[1]})"


class BoardGeometry:
    """Location centres and route curves in screen pixels, from the Tiled board map."""

    def __init__(self, rect=BOARD):
        self.layout = load_layout(map_path("sand_board"), list(D.locations) + list(D.routes))
        w, h = self.layout.size
        self.scale = min(rect.w / w, rect.h / h)
        self.origin = (rect.x + (rect.w - w * self.scale) / 2, rect.y + (rect.h - h * self.scale) / 2)
        self.rect = pygame.Rect(int(self.origin[0]), int(self.origin[1]), int(w * self.scale),
                                int(h * self.scale))
        self.centre = {}
        for loc in D.locations:
            c = self.layout.region(loc).center
            self.centre[loc] = self.to_screen(c)
        self.curves = {}
        pairs: dict = {}
        for rid, r in D.routes.items():
            key = tuple(sorted((r.a, r.b)))
            pairs.setdefault(key, []).append(rid)
        for key, rids in pairs.items():
            for k, rid in enumerate(rids):
                r = D.routes[rid]
                bend = (k - (len(rids) - 1) / 2) * 22 + (14 if r.kind == "orange" and
                                                        len(rids) == 1 else 0)
                self.curves[rid] = self._curve(self.centre[r.a], self.centre[r.b], bend)

    def to_screen(self, p):
        return (int(self.origin[0] + p[0] * self.scale), int(self.origin[1] + p[1] * self.scale))

    @staticmethod
    def _curve(a, b, bend, n=12):
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1
        cx, cy = mx - dy / length * bend * 2, my + dx / length * bend * 2
        pts = []
        for i in range(n + 1):
            t = i / n
            x = (1 - t) ** 2 * a[0] + 2 * (1 - t) * t * cx + t * t * b[0]
            y = (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * cy + t * t * b[1]
            pts.append((int(x), int(y)))
        return pts

    def loc_rect(self, loc, r=15) -> pygame.Rect:
        x, y = self.centre[loc]
        return pygame.Rect(x - r, y - r, 2 * r, 2 * r)

    def loc_at(self, pos, r=18):
        best, bd = None, r * r
        for loc, (x, y) in self.centre.items():
            d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
            if d <= bd:
                best, bd = loc, d
        return best


TOKEN_EDGE = (96, 76, 58)  # the Action tokens' edge in a player's log (white shows on cream)

class DirectText:
    """Text rendered without the app's shared cache: the table's picture is itself cached and
    redrawn only on change, and its many one-off lines (tracks, Missions, labels) would otherwise
    fill the shared cache with text no later table shows."""

    def __init__(self, fonts):
        self.fonts = fonts

    fit_size = T.TextCache.fit_size  # (reads only ``self.fonts``)

    def render(self, text, size=20, colour=T.INK, bold=False, width=0):
        return T.render_text(self.fonts.get(size, bold), text, colour, width)

    def blit(self, target, text, pos, size=20, colour=T.INK, bold=False, anchor="topleft",
             width=0):
        surf = self.render(text, size, colour, bold, width)
        rect = surf.get_rect(**{anchor: pos})
        target.blit(surf, rect)
        return rect


class TableView:
    """The table's drawing around the board: the top bar, the side panel and the player logs
    (a part of the table). ``names(seat)``: a seat's name; ``rgb(seat)``: its colour; ``text``:
    the table's uncached text."""

    def __init__(self, names, rgb, text):
        self.names, self.rgb, self.direct = names, rgb, text
        self._side_bg = base_art.panel(SIDE.size, colour=(246, 231, 200), alpha=235)

    # --- the top bar -------------------------------------------------------------------------
    def draw_top(self, surf, obs):
        pygame.draw.rect(surf, (40, 28, 18), TOP, border_radius=8)
        day = f"Workday {obs['round']} of {obs['rounds']}"
        phase = PHASES[obs["phase"]] if 0 <= obs["phase"] < 3 else ""
        if obs["step"] in ("pick", "keep"):
            phase = "Upkeep"
        elif obs["step"] == "over":
            phase = "game over"
        elif obs["step"] in ("roll", "traveler"):  # (between workdays: no phase yet)
            phase = "the roll" if obs["step"] == "roll" else "choosing Travelers"
        title = self.direct.blit(surf, f"{day} - {phase}", (TOP.x + 10, TOP.centery), 16,
                                 T.GLOW, bold=True, anchor="midleft")
        x = max(TOP.x + 260, title.right + 16)  # a long phase name pushes the rest along
        self.direct.blit(surf, "Dice:", (x, TOP.centery), 15, T.PARCHMENT, anchor="midleft")
        x += 42
        flip = obs["turn"].get("flip", []) if isinstance(obs.get("turn"), dict) else []
        for i, col in enumerate(DICE):
            r = pygame.Rect(x + i * 30, TOP.y + 4, 24, 24)
            pygame.draw.rect(surf, GOODS_RGB[col], r, border_radius=5)
            pygame.draw.rect(surf, T.GOLD if col in flip else T.INK, r, 2, border_radius=5)
            v = obs["dice"][i]
            self.direct.blit(surf, str(v) if v else "-", r.center, 15,
                               T.INK if col == "white" else T.PARCHMENT, bold=True,
                               anchor="center")
        x += 130
        self.direct.blit(surf, "Turn order:", (x, TOP.centery), 15, T.PARCHMENT,
                         anchor="midleft")
        x += 86
        self.draw_order(surf, obs, x, TOP.right - 8)

    def draw_order(self, surf, obs, x, right):
        """The turn order by name (issue 31: numbered discs read as positions), each with its
        colour's disc; the person whose turn it is ringed and in bold."""
        order = list(obs["order"])
        room = min(150, max(40, (right - x) // max(1, len(order))))
        for seat in order:
            c = (x + 10, TOP.centery)
            pygame.draw.circle(surf, self.rgb(seat), c, 8)
            now = seat == obs["cur"]
            if now:
                pygame.draw.circle(surf, T.GLOW, c, 10, 2)
            name = self.names(seat)
            img = self.direct.render(name, 14, T.GLOW if now else T.PARCHMENT, bold=now)
            surf.blit(img, (x + 22, TOP.centery - img.get_height() // 2),
                      pygame.Rect(0, 0, room - 28, img.get_height()))
            x += room

    # --- the side panel: Missions, Seals, reserve, Alhazred -----------------------------------
    def draw_side(self, surf, obs):
        surf.blit(self._side_bg, SIDE.topleft)
        t = self.direct
        x, y = SIDE.x + 10, SIDE.y + 8
        t.blit(surf, "Mission row", (x, y), 15, T.INK, bold=True)
        y += 20
        for m in obs["display"]:
            picked = any(isinstance(p, list) and m in p for p in obs.get("picks", []))
            y = self._wrap(surf, mission_text(m), x, y, T.MUTED if picked else T.INK)
        if not obs["display"]:
            t.blit(surf, "(none this workday)", (x, y), 13, T.MUTED)
            y += 16
        y = self._wrap(surf, mission_deck_line(obs), x, y + 2, T.INK) + 4
        t.blit(surf, "Seals left: " + (", ".join(obs["seals"]) or "none"), (x, y), 13, T.INK)
        y += 18
        res = obs["reserve"]
        t.blit(surf, "Reserve: " + " ".join(f"{c[:2]}{n}" for c, n in res.items()), (x, y), 12,
               T.INK)
        y += 18
        t.blit(surf, "Bag: " + " ".join(f"{c}{n}" for c, n in obs["bag"].items()), (x, y), 12,
               T.INK)
        y += 20
        lev = obs["players"][obs["cur"]]["worm"] if 0 <= obs["cur"] < len(obs["players"]) else 0
        t.blit(surf, f"Routes for a level-{lev} Worm:", (x, y), 13, T.INK, bold=True)
        y += 16
        for kind in ("green", "gray", "orange"):
            die, cost = D.route_cost(lev, kind)
            name = {"green": "green path", "gray": "gray path", "orange": "shortcut"}[kind]
            if kind == "orange":
                for k in range(0, 18, 6):
                    pygame.draw.line(surf, ROUTE_RGB[kind], (x + k, y + 8), (x + k + 3, y + 8), 4)
            else:
                pygame.draw.line(surf, ROUTE_RGB[kind], (x, y + 8), (x + 18, y + 8), 4)
            t.blit(surf, f"{name}: die {die}+; {cost[0]} Hyd, {cost[1]} Food, {cost[2]} HP",
                   (x + 24, y), 12, T.INK)
            y += 15
        y += 6
        if obs.get("alh"):
            t.blit(surf, f"Alhazred ({obs.get('level', '')})", (x, y), 15, (90, 30, 110),
                   bold=True)
            y += 20
            shown = obs.get("codex_shown", [])
            cards = ", ".join(f"{D.codex[c][1]} {D.codex[c][0]}" for c in shown) or "-"
            y = self._wrap(surf, f"Codex this turn: {cards}", x, y, T.INK)
            y = self._wrap(surf, f"Codex deck {obs.get('codex_size', 0)}, discard "
                                 f"{len(obs.get('cdiscard', []))}" + codex_next(obs), x, y, T.INK)
            y = self._wrap(surf, "Actions: travel by Codex, deliver, load, reward"
                                 + (", Songs" if obs.get("level") == "expert" else ""), x, y,
                           T.MUTED)

    def _wrap(self, surf, text, x, y, col):
        img = self.direct.render(text, 13, col, width=SIDE.w - 20)
        surf.blit(img, (x, y))
        return y + img.get_height() + 2

    # --- the player logs ---------------------------------------------------------------------
    @staticmethod
    def log_lines(p) -> list[str]:
        """A player log's lines under its goods: the Companions joined and Abandoned goods
        first (issue 31: they were the line dropped when the log was full), then the record,
        Songs, Missions, Seals and Minor Tribes."""
        extra = []
        if p["comp"]:
            extra.append("Companions: " + ", ".join(c.replace("_", " ").title()
                                                    for c in p["comp"]))
        if p["aband"]:
            extra.append("Abandoned: " + ", ".join(str(a[0]) for a in p["aband"]))
        return ["  ".join(extra)] * bool(extra) + [
            # each record's spaces filled of its spaces (the rest are rewards still to come)
            "Record: " + " ".join(f"{k[0].upper()}{len(v)}/{len(D.records.get(k, ()))}"
                                  for k, v in p["rec"].items()) + f"  Songs {p['songs']}",
            "Missions: " + (" ".join(f"#{m}" for m in p["kept"]) or "-")
            + "  Seals: " + (",".join(p["seals"]) or "-")
            + (f"  Minor {sum(p['minor'])}" if p["minor"] else ""),
        ]

    def _draw_log_lines(self, surf, r, lines):
        """The lines in the log's room below its goods, every one shown: a smaller size, then
        the lines run together, when they do not fit."""
        top, room, width = r.y + 120, r.bottom - 2 - (r.y + 120), r.w - 14
        for size, parts in ((12, lines), (11, lines), (11, ["   ".join(lines)]),
                            (10, ["   ".join(lines)])):
            imgs = [self.direct.render(line, size, T.INK, width=width) for line in parts]
            if sum(i.get_height() for i in imgs) <= room:
                break
        y = top
        for img in imgs:
            surf.blit(img, (r.x + 8, y), pygame.Rect(0, 0, width, max(0, r.bottom - 2 - y)))
            y += img.get_height()
    def log_rects(self, obs):
        n = len(obs["players"]) + (1 if obs.get("alh") else 0)
        w = (LOGS.w - (n - 1) * 6) // n
        return [pygame.Rect(LOGS.x + i * (w + 6), LOGS.y, w, LOGS.h) for i in range(n)]

    def token_rects(self, seat, obs):
        r = self.log_rects(obs)[seat]
        return [pygame.Rect(r.x + 8 + i * 26, r.y + 56, 22, 22) for i in range(4)]

    def draw_logs(self, surf, obs, goods_rows):
        """The player logs; ``goods_rows(surf, obs, seat, rect)`` draws each one's Boxes and
        Shelter rows (the goods drag's)."""
        rects = self.log_rects(obs)
        t = self.direct
        for seat, p in enumerate(obs["players"]):
            r = rects[seat]
            pygame.draw.rect(surf, (246, 231, 200), r, border_radius=10)
            pygame.draw.rect(surf, T.GOLD if seat == obs["cur"] else self.rgb(seat), r,
                             3 if seat == obs["cur"] else 2, border_radius=10)
            pygame.draw.circle(surf, self.rgb(seat), (r.x + 14, r.y + 13), 8)
            trav = D.travelers.get(p["trav"], "basic side" if p["trav"] == "basic" else p["trav"])
            if obs["step"] == "traveler" and p["trav"] == "basic" and seat in obs.get("queue", []):
                trav = "choosing a Traveler"
            if r.w < 300:
                trav = trav.split(",")[0]
            img = t.render(f"{self.names(seat)} - {trav}", 14, T.INK, bold=True)
            surf.blit(img, (r.x + 26, r.y + 4), pygame.Rect(0, 0, r.w - 32, img.get_height()))
            gap = "  " if r.w >= 300 else " "
            names = TRACK_SHORT if r.w >= 300 else TRACK_NARROW
            tracks = gap.join(f"{lab}{' ' if r.w >= 300 else ''}{p[k]}" for k, lab in names)
            img = t.render(tracks, 13 if r.w >= 300 else 12, T.INK)
            surf.blit(img, (r.x + 8, r.y + 22), pygame.Rect(0, 0, r.w - 12, img.get_height()))
            t.blit(surf, f"Worm L{p['worm']} at {D.locations[p['loc']].name}",
                   (r.x + 8, r.y + 38), 12, T.MUTED)
            for i, tr in enumerate(self.token_rects(seat, obs)):
                col = GOODS_RGB[DICE[i]]
                state = p["tok"][i]
                if state == 1:
                    pygame.draw.circle(surf, col, tr.center, 10)
                    pygame.draw.circle(surf, T.GOLD, tr.center, 11, 2)
                elif state in (2, 3):
                    pygame.draw.circle(surf, col, tr.center, 10)
                    pygame.draw.circle(surf, TOKEN_EDGE, tr.center, 11, 1)
                    pygame.draw.line(surf, T.INK, tr.topleft, tr.bottomright, 2)
                else:
                    pygame.draw.circle(surf, col, tr.center, 10, 3)
                    # edged inside and out: the white token's ring on the cream log
                    pygame.draw.circle(surf, TOKEN_EDGE, tr.center, 11, 1)
                    pygame.draw.circle(surf, TOKEN_EDGE, tr.center, 7, 1)
            tr = self.token_rects(seat, obs)[-1]
            t.blit(surf, f"{p['slots']} slots" + (" (4th locked)" if p["slots"] < 4 else ""),
                   (tr.right + 8, tr.centery), 12, T.MUTED, anchor="midleft")
            goods_rows(surf, obs, seat, r)
            self._draw_log_lines(surf, r, self.log_lines(p))
        if obs.get("alh"):
            a = obs["alh"]
            r = rects[-1]
            pygame.draw.rect(surf, (225, 210, 235), r, border_radius=10)
            pygame.draw.rect(surf, ALH_RGB, r, 2, border_radius=10)
            t.blit(surf, "Alhazred, the solo rival", (r.x + 10, r.y + 4), 14, ALH_RGB, bold=True)
            lines = [f"Level {obs.get('level', '')}   Coins {a['coins']}   at "
                     f"{D.locations[a['loc']].name}",
                     "Boxes: " + (" ".join(a["cargo"]) or "-"),
                     "Record: " + " ".join(f"{k[0].upper()}{len(v)}" for k, v in a["rec"].items()),
                     f"Songs {a['songs']}  Seals {','.join(a['seals']) or '-'}  Minor "
                     f"{sum(a['minor'])}",
                     "Missions: " + (" ".join(f"#{m}" for m in a["missions"]) or "-")]
            y = r.y + 24
            for line in lines:
                img = t.render(line, 12, T.INK, width=r.w - 14)
                surf.blit(img, (r.x + 8, y))
                y += img.get_height() + 2
