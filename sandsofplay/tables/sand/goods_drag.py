"""Goods moved by hand at the Sand table: plant cubes, crafts, relics and Iwakura rocks dragged
between a location, the Worm's Boxes and the Shelter, and delivered by dropping them on the place
the Worm is at (Rulebook: Load Plants, Delivery of Goods, The Shelters, The Acolytes, Abandoned
Goods).

What can be picked up: a city's cubes on the board, the Worm's Boxes and the Shelter's Boxes in
the player's log. Where they can go:

* a cube of the city the Worm is at -> the Worm (on the board, or the Boxes row of the log): Load
  Plants (or the Young Worm's free stacking);
* a city's cube -> the Shelter (its row in the log, or its marker on the board): an Acolyte;
* a Box of the Worm -> the place the Worm is at: delivers it - the one drop opens the delivery
  and hands that Box over, and when no other Box aboard is bought there it also collects the
  pay (while others could go too, drop them as well, then Finish in the panel collects);
  -> the Shelter: stores it; -> its own Action token in the log: abandons it, freeing the token;
* a Box of the Shelter -> the Worm: takes it back out.

When one drop can mean more than one action (which die pays an Acolyte, whether the Young Worm
stacks for free), a small menu by the drop asks which. A drop that means nothing legal snaps back
with the reason said, and nothing changes.

A delivery drop plays up to three actions of the rules (deliver, give, done) - the ones a person
would otherwise click through with no choice between them; Undo takes the drop back whole. As a
table-contract gesture performs exactly one action, such a drop is not offered by
``gestures``: the panel's buttons reach those actions one at a time.
"""

from __future__ import annotations

import pygame

from ...engine import A, Action
from ...engine.describe import plural
from ...games.sand.data import DICE
from ...games.sand.describe import why_illegal
from ...games.sand.goods import buyer, deliverable
from ...ui import theme as T
from ...ui.gestures import Gesture, click, drag, key
from .camera import FIT_KEYS
from .view import BOARD, D, GOODS_RGB

SQ = 14  # a Box in the log
TARGET_RGB = (214, 96, 16)  # where a held Box may go, in the log (the glow is too pale there)
WHERE = {"worm": "the Worm", "shelter": "the Shelter", "loc": "this place"}
SNAP_TICKS = 10
CHOICE_W, CHOICE_ROW = 300, 26


def coins(n) -> str:
    return plural(n, "coin")


class GoodsDrag:
    """A part of the Sand table: what the hand holds and where it may go. ``t``: the table
    (``obs``, ``rules``, ``panel_actions``, ``perform``, its ``board`` and ``view`` parts)."""

    def __init__(self, table):
        self.t = table
        self.held = None  # [source name, colour, screen pos] while a Box is dragged
        self.press = None  # (source name, colour, press pos) before the drag starts
        self.snap = None  # [colour, from, to, ticks left]: a refused Box going back
        self.choice = None  # (anchor, [actions]): the small menu of a drop with choices
        self.floaters: list = []  # [text, base pos, ticks left, loc, n]: rewards where they land
        self.chain = None  # (log length, actions) after a delivery drop of several actions

    # --- where things are (screen) ---------------------------------------------------------
    def box_row(self, seat, o) -> pygame.Rect:
        r = self.t.view.log_rects(o)[seat]
        return pygame.Rect(r.x + 6, r.y + 80, r.w - 12, SQ + 4)

    def shelter_row(self, seat, o) -> pygame.Rect:
        r = self.t.view.log_rects(o)[seat]
        return pygame.Rect(r.x + 6, r.y + 100, r.w - 12, SQ + 4)

    def cargo_rects(self, seat, o) -> list:
        row = self.box_row(seat, o)
        return [pygame.Rect(row.x + 46 + i * (SQ + 5), row.y + 2, SQ, SQ)
                for i in range(len(o["players"][seat]["cargo"]))]

    def store_rects(self, seat, o) -> list:
        row = self.shelter_row(seat, o)
        return [pygame.Rect(row.right - (SQ + 4) * (4 - j), row.y + 2, SQ, SQ)
                for j in range(len(o["players"][seat]["store"]))]

    def cube_rect(self, loc, slot) -> pygame.Rect:
        x, y = self.t.board.at(loc)
        return pygame.Rect(x - 13 + slot * 14, y - 7, 12, 12)

    def shelter_mark(self, seat, o):
        loc = o["players"][seat]["shelter"]
        if not loc:
            return None
        x, y = self.t.board.at(loc)
        x -= 22 - seat * 6
        return pygame.Rect(x - 7, y - 7, 14, 16)

    def sources(self, seat, o) -> dict:
        """name -> (colour, screen rect) of everything the player may pick up now."""
        out = {}
        for loc in D.cities:
            for slot, col in enumerate(o["cities"].get(loc, [])):
                r = self.cube_rect(loc, slot)
                if col and BOARD.contains(r):
                    out[f"city:{loc}:{slot}"] = (col, r)
        p = o["players"][seat]
        for i, r in enumerate(self.cargo_rects(seat, o)):
            out[f"cargo:{i}"] = (p["cargo"][i][1][-1], r)
        for j, r in enumerate(self.store_rects(seat, o)):
            out[f"store:{j}"] = (p["store"][j], r)
        return out

    def source_at(self, seat, o, pos):
        for name, (col, r) in self.sources(seat, o).items():
            if r.inflate(4, 4).collidepoint(pos):
                return name, col
        return None

    def target_at(self, seat, o, pos):
        """The drop target under ``pos``: "token:K", "worm", "shelter", "loc" or None."""
        for k, r in enumerate(self.t.view.token_rects(seat, o)):
            if r.collidepoint(pos):
                return f"token:{k}"
        if self.box_row(seat, o).collidepoint(pos):
            return "worm"
        if self.shelter_row(seat, o).collidepoint(pos):
            return "shelter"
        if not BOARD.collidepoint(pos):
            return None
        mark = self.shelter_mark(seat, o)
        if mark is not None and mark.collidepoint(pos):
            return "shelter"
        w = self.t.board.cam.to_screen(self.t.board.worm_home(seat, o))
        if (w[0] - pos[0]) ** 2 + (w[1] - pos[1]) ** 2 <= 16 ** 2:
            return "worm"
        c = self.t.board.at(o["players"][seat]["loc"])
        if (c[0] - pos[0]) ** 2 + (c[1] - pos[1]) ** 2 <= 18 ** 2:
            return "loc"
        return None

    def target_point(self, seat, o, target):
        """A screen point that drops on ``target`` (for gestures)."""
        if target.startswith("token:"):
            return self.t.view.token_rects(seat, o)[int(target[6:])].center
        if target == "worm":
            row = self.box_row(seat, o)
            return row.right - 12, row.centery
        if target == "shelter":
            return self.shelter_row(seat, o).x + 30, self.shelter_row(seat, o).centery
        return self.t.board.at(o["players"][seat]["loc"])

    # --- what a drop means -----------------------------------------------------------------
    def moves(self, seat, acts, o) -> dict:
        """(source, target) -> [actions] for every goods action legal now."""
        s = self.t.rules.world()
        p = s.players[seat]
        here = p["loc"]
        out: dict = {}

        def add(src, tgt, a):
            out.setdefault((src, tgt), []).append(a)
        for a in acts:
            k, args = a.kind, a.args
            if k in ("load", "stack"):
                add(f"city:{here}:{args[0]}", "worm", a)
            elif k == "acolyte":
                add(f"city:{args[0]}:{args[1]}", "shelter", a)
            elif k == "retrieve":
                add(f"store:{args[0]}", "worm", a)
            elif k == "store":
                add(f"cargo:{args[0]}", "shelter", a)
            elif k == "abandon":
                add(f"cargo:{args[0]}", f"token:{p['cargo'][args[0]][0]}", a)
            elif k == "give":
                add(f"cargo:{args[0]}", "loc", a)
            elif k == "deliver":
                for i in deliverable(s, seat):
                    add(f"cargo:{i}", "loc", a)
        return out

    def refusal(self, seat, src, tgt) -> str:
        """Why a Box dropped on ``tgt`` goes back."""
        s = self.t.rules.world()
        p = s.players[seat]
        kind = src.split(":")[0]
        if tgt is None:
            return "Drop it on your Worm, its Boxes, your Shelter, one of your tokens or the " \
                   "place your Worm is at."
        if s.step not in ("act", "place") or (s.step == "place" and not tgt.startswith("token")):
            return why_illegal(s, seat, Action("load", (0,)))
        if s.pending and s.pending[-1][0] != "deliver":
            return why_illegal(s, seat, Action("load", (0,)))
        if s.pending:
            return "Delivering: drop Boxes that someone here buys on the place, then Finish."
        if kind == "city":
            loc, slot = src.split(":")[1], int(src.split(":")[2])
            col = s.cities[loc][slot]
            if tgt == "worm":
                if loc != p["loc"]:
                    return f"The Worm loads only the cubes of the city it stands in, not " \
                           f"{D.locations[loc].name}'s."
                return f"Loading the {col} cube needs your {col} Action token placed and " \
                       "ready (or the Young Worm with a Box of that colour to stack on) and " \
                       "room on the Worm."
            if tgt == "shelter":
                return "Only an Acolyte carries a city's cube to your Shelter: the Shaman " \
                       "Companion or Zorthack, a ready token of the Acolyte's colour, the coins " \
                       "and room in the Shelter."
            return "A city's cubes go onto your Worm or, by an Acolyte, into your Shelter."
        if kind == "cargo":
            i = int(src.split(":")[1])
            col = p["cargo"][i][1][-1]
            if tgt == "loc":
                if s.turn.get("delivered"):
                    return "You have already delivered this turn."
                if not buyer(s, p["loc"], col):
                    return f"No one at {D.locations[p['loc']].name} buys a {col} Box: plants " \
                           "sell at camps and the port, crafts and relics at the port and the " \
                           "cities, Iwakura rocks only at the port."
                return why_illegal(s, seat, Action("deliver", ()))
            if tgt == "shelter":
                if not p["shelter"]:
                    return "You have no Shelter yet."
                if p["shelter"] != p["loc"]:
                    return "Boxes go into the Shelter only where it stands."
                return "The Shelter is full (4 Boxes) or you took Boxes out of it this turn."
            if tgt.startswith("token"):
                e = p["cargo"][i]
                if e[0] < 0:
                    return "This Box was not loaded with an Action token: there is nothing to " \
                           "free by abandoning it."
                return f"Drop it on its own token (the {DICE[e[0]]} one) to abandon it."
        if kind == "store":
            if tgt == "worm":
                if p["shelter"] != p["loc"]:
                    return "Boxes come out of the Shelter only where it stands."
                return "No room on the Worm for it (a plant also needs its ready token), or " \
                       "you put Boxes into the Shelter this turn."
        return "That Box cannot go there."

    # --- input -----------------------------------------------------------------------------
    def down(self, pos) -> bool:
        """A press: on a Box the acting person may move? (True: the press is the goods')."""
        if self.choice is not None:
            return True
        seat, _acts = self.t.panel_actions()
        if seat is None:
            return False
        hit = self.source_at(seat, self.t.obs(), pos)
        if hit is None:
            return False
        self.press = (hit[0], hit[1], pos)
        return True

    def motion(self, pos) -> bool:
        if self.held is not None:
            self.held[2] = pos
            return True
        if self.press is not None:
            name, col, start = self.press
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > 4:
                self.held = [name, col, pos]
            return True
        return False

    def up(self, pos) -> bool:
        if self.choice is not None:
            self.choose_goods(pos)
            return True
        if self.press is None and self.held is None:
            return False
        held = self.held
        self.held = self.press = None
        if held is None:
            return True  # a click on a Box: nothing to do (its line in the log says what it is)
        self.drop_goods(held[0], held[1], pos)
        return True

    def drop_goods(self, src, colour, pos):
        seat, acts = self.t.panel_actions()
        if seat is None:
            return
        o = self.t.obs()
        tgt = self.target_at(seat, o, pos)
        if tgt == "loc" and src.startswith("city:") and src.split(":")[1] == o["players"][seat]["loc"]:
            return  # put back where it lies
        found = self.moves(seat, acts, o).get((src, tgt), [])
        if not found:
            start = self.sources(seat, o).get(src, (colour, pygame.Rect(pos, (1, 1))))[1]
            self.snap = [colour, pos, start.center, SNAP_TICKS]
            self.t.toast.show(self.refusal(seat, src, tgt), kind="error")
            self.t.app.sound.play("error")
            return
        if len(found) == 1:
            self.t.app.sound.play("click")
            self.perform_drop(seat, src, found[0])
            return
        self.choice = (pos, found)

    def perform_drop(self, seat, src, a):
        """Play what a drop means. A Box dropped on the place is delivered by this one drop:
        opening the delivery also hands this Box over, and the last Box that can go collects
        (Rulebook: Delivery of Goods - the rules ask these one at a time, with no choice between)."""
        n0 = len(self.t.match.log)
        if not self.t.perform(seat, a):
            return
        if a.kind == "deliver":
            give = A("give", int(src.split(":")[1]))
            if give in self.t.rules.legal(seat):
                self.t.perform(seat, give)
        if a.kind in ("deliver", "give") and \
                self.t.rules.legal(seat) == [A("done")]:
            self.t.perform(seat, A("done"))
        n = len(self.t.match.log) - n0
        self.chain = (len(self.t.match.log), n) if n > 1 else None

    def drop_chains(self, seat, src, a) -> bool:
        """Does dropping ``src`` for ``a`` play more than ``a`` (see ``perform_drop``)?"""
        if a.kind == "deliver":
            return True
        if a.kind != "give":
            return False
        s = self.t.rules.world()
        p = s.players[seat]
        i = int(src.split(":")[1])
        for j, e in enumerate(p["cargo"]):  # would another Box still be bought here?
            top = (e[1][-2] if len(e[1]) > 1 else None) if j == i else e[1][-1]
            if top and buyer(s, p["loc"], top):
                return False
        return True

    def take_chain(self):
        """(log length, actions) of the last delivery drop that played several actions, once
        (the table's Undo takes such a drop back whole, as far as the rules let it)."""
        chain, self.chain = self.chain, None
        return chain

    def choice_rects(self, anchor, n) -> list:
        box = pygame.Rect(anchor[0] + 10, anchor[1] + 10, CHOICE_W, CHOICE_ROW * n + 28)
        box.clamp_ip(pygame.Rect(0, 0, T.W, T.H))
        return [pygame.Rect(box.x + 4, box.y + 24 + i * CHOICE_ROW, CHOICE_W - 8, CHOICE_ROW - 3)
                for i in range(n)]

    def choose_goods(self, pos):
        anchor, found = self.choice
        self.choice = None
        for r, a in zip(self.choice_rects(anchor, len(found)), found):
            if r.collidepoint(pos):
                seat, acts = self.t.panel_actions()
                if seat is not None and a in acts:
                    self.t.app.sound.play("click")
                    self.t.perform(seat, a)  # (menus are never delivery drops)
                return
        # elsewhere: the menu closes, nothing changes

    def hint(self, seat, acts) -> str:
        """The prompt while a Box is held: where it may go, and what each drop does."""
        src, col = self.held[0], self.held[1]
        ways = []
        for (s2, tgt), found in self.moves(seat, acts, self.t.obs()).items():
            if s2 == src:
                what = "; ".join(sorted({a.kind for a in found}))
                where = WHERE.get(tgt, "its own token")
                ways.append(f"{where} ({'abandon' if tgt.startswith('token') else what})")
        if not ways:
            return f"The {col} Box cannot go anywhere now: drop it to put it back."
        return f"The {col} Box: drop it on " + ", or ".join(ways) + "."

    def cancel(self):
        self.held = self.press = self.choice = None

    def busy(self) -> bool:
        return self.held is not None or self.snap is not None or \
            self.choice is not None or bool(self.floaters)

    # --- the contract ----------------------------------------------------------------------
    def gestures(self, seat, acts) -> list:
        """A drag (and, where a drop has choices, a click in its menu) for every goods action."""
        o = self.t.obs()
        moves = self.moves(seat, acts, o)
        if not moves:
            return []
        prefix, saved = (), None
        srcs = self.sources(seat, o)
        on_board = [src for src, tgt in moves if src.startswith("city:") or tgt == "loc"]
        if on_board and (any(src.startswith("city:") and src not in srcs for src in on_board)
                         or not self.t.board.cam.shows(self.t.board.geo.centre[o["players"][seat]["loc"]], 24)):
            prefix = (key(FIT_KEYS[0]),)  # 0 shows the whole board first
            saved = self.t.board.cam.saved()
            self.t.board.cam.restore((0, [0.0, 0.0]))
            srcs = self.sources(seat, o)
        out = []
        try:
            for (src, tgt), found in moves.items():
                found = [a for a in found if not self.drop_chains(seat, src, a)]
                if not found:
                    continue  # a delivery drop: the panel's buttons offer its actions
                start = srcs[src][1].center
                end = self.target_point(seat, o, tgt)
                steps = prefix + (drag(start, end),)
                if len(found) == 1:
                    out.append(Gesture(found[0], steps))
                else:
                    rects = self.choice_rects(end, len(found))
                    for r, a in zip(rects, found):
                        out.append(Gesture(a, steps + (click(r.center),)))
        finally:
            if saved is not None:
                self.t.board.cam.restore(saved)
        return out

    # --- events ----------------------------------------------------------------------------
    def events_shown(self, events):
        """The fare, Prestige and Songs of a delivery, and each reward, counted where it lands."""
        for e in events:
            d = e.data or {}
            if e.kind == "deliver":
                parts = [f"fare {d['fare']}"]
                if d.get("prestige"):
                    parts.append(f"Prestige {d['prestige']}")
                if d.get("songs"):
                    parts.append(f"Songs {d['songs']}")
                self.float_text(f"+# {'coin' if d['coins'] == 1 else 'coins'} ("
                                + " + ".join(parts) + ")", d.get("loc"), d["coins"])
            elif e.kind in ("reward", "chest") and d.get("coins") is not None:
                self.float_text(f"+{coins(d['coins'])}", self._loc_of(d.get("seat")))
            elif e.kind == "reward" and d.get("prayer"):
                self.float_text(f"+{plural(d['prayer'], 'Prayer')}", self._loc_of(d.get("seat")))
            elif e.kind == "receive":
                self.float_text(f"+1 {d['colour']} Box", d.get("loc"))
            elif e.kind == "minor":
                self.float_text(f"Minor Tribe token {d['value']}", d.get("loc"))
            elif e.kind == "seal":
                self.float_text(f"{d['colour']} Seal!", self._loc_of(d.get("seat")))

    def _loc_of(self, seat):
        try:
            return self.t.rules.obs()["players"][seat]["loc"]
        except (TypeError, IndexError, KeyError):
            return None

    def float_text(self, text, loc, n=None):
        """``text`` rises from ``loc``; a ``#`` in it counts up to ``n`` as it rises."""
        if loc is None or loc not in self.t.board.geo.centre or self.t.fast:
            return
        c = self.t.board.geo.centre[loc]
        self.floaters = [f for f in self.floaters if f[3] == loc][-3:]  # the latest place only
        stacked = len(self.floaters)
        self.floaters.append([text, (c[0], c[1] - 30 - 18 * stacked), 90, loc, n])

    def update(self):
        if self.snap is not None:
            self.snap[3] -= 1
            if self.snap[3] <= 0:
                self.snap = None
        for f in self.floaters:
            f[2] -= 1
        self.floaters = [f for f in self.floaters if f[2] > 0]

    # --- drawing ---------------------------------------------------------------------------
    def draw_box(self, surf, colour, r, stacked=1):
        if stacked > 1:
            back = r.move(3, -3)
            pygame.draw.rect(surf, GOODS_RGB.get(colour, (200, 200, 200)), back)
            pygame.draw.rect(surf, T.INK, back, 1)
        pygame.draw.rect(surf, GOODS_RGB.get(colour, (200, 200, 200)), r)
        pygame.draw.rect(surf, T.INK, r, 1)

    def draw_rows(self, surf, o, seat, r):
        """The Boxes row and the Shelter row of a player's log (drag sources and targets)."""
        p = o["players"][seat]
        t = self.t.text
        row = self.box_row(seat, o)
        held = self.held[0] if self.held else None
        t.blit(surf, "Boxes", (row.x + 2, row.centery), 12, T.INK, bold=True, anchor="midleft")
        for i, (br, e) in enumerate(zip(self.cargo_rects(seat, o), p["cargo"])):
            if held == f"cargo:{i}" and seat == self.t.viewer:
                pygame.draw.rect(surf, T.MUTED, br, 1)
                continue
            self.draw_box(surf, e[1][-1], br, len(e[1]))
            if e[0] >= 0:  # the token that holds the space
                pygame.draw.line(surf, GOODS_RGB[DICE[e[0]]], (br.x, br.bottom + 1),
                                 (br.right - 1, br.bottom + 1), 2)
        free = p["slots"] - len(p["cargo"])
        x = row.x + 46 + len(p["cargo"]) * (SQ + 5)
        for _ in range(max(0, free)):
            if x + SQ > row.right:
                break
            pygame.draw.rect(surf, (170, 140, 100), (x, row.y + 2, SQ, SQ), 1)
            x += SQ + 5
        srow = self.shelter_row(seat, o)
        name = D.locations[p["shelter"]].name if p["shelter"] else "none yet"
        img = t.render(f"Shelter: {name}", 12, T.INK)
        surf.blit(img, (srow.x + 2, srow.centery - img.get_height() // 2),
                  pygame.Rect(0, 0, srow.w - (SQ + 4) * 4 - 6, img.get_height()))
        for j in range(4):
            br = pygame.Rect(srow.right - (SQ + 4) * (4 - j), srow.y + 2, SQ, SQ)
            if j < len(p["store"]) and not (held == f"store:{j}" and seat == self.t.viewer):
                self.draw_box(surf, p["store"][j], br)
            elif p["shelter"]:
                pygame.draw.rect(surf, (170, 140, 100), br, 1)

    def draw_overlay(self, surf, seat, acts):
        """Over everything on the table: the dragged Box and the places it may go, a refused Box
        going back, the menu of a drop with choices, the rewards counted up."""
        o = self.t.obs()
        if self.held is not None and seat is not None:
            src, col, pos = self.held
            for (s2, tgt), _found in self.moves(seat, acts, o).items():
                if s2 != src:
                    continue
                pt = self.target_point(seat, o, tgt)
                if tgt == "worm":
                    rs = [self.box_row(seat, o)]
                    w = self.t.board.cam.to_screen(self.t.board.worm_home(seat, o))
                    pygame.draw.circle(surf, T.GLOW, w, 17, 3)
                elif tgt == "shelter":
                    rs = [self.shelter_row(seat, o)]
                    m = self.shelter_mark(seat, o)
                    if m is not None and BOARD.contains(m):
                        rs.append(m.inflate(6, 6))
                elif tgt == "loc":
                    pygame.draw.circle(surf, T.GLOW, pt, 20, 3)
                    rs = []
                else:
                    rs = [self.t.view.token_rects(seat, o)[int(tgt[6:])].inflate(4, 4)]
                for r in rs:
                    pygame.draw.rect(surf, TARGET_RGB, r.inflate(4, 4), 3, border_radius=5)
            r = pygame.Rect(0, 0, 16, 16)
            r.center = pos
            self.draw_box(surf, col, r)
        if self.snap is not None:
            col, a, b, left = self.snap
            f = left / SNAP_TICKS
            r = pygame.Rect(0, 0, 14, 14)
            r.center = (int(b[0] + (a[0] - b[0]) * f), int(b[1] + (a[1] - b[1]) * f))
            self.draw_box(surf, col, r)
        clip = surf.get_clip()
        surf.set_clip(BOARD)
        for text, base, left, _loc, n in self.floaters:
            if n is not None:  # the coins counted up as they land
                text = text.replace("#", str(min(n, round(n * (90 - left) / 40))))
            x, y = self.t.board.cam.to_screen(base)
            y -= (90 - left) // 3
            img = self.t.text.render(text, 13, T.INK, bold=True)
            box = img.get_rect(center=(x, y)).inflate(10, 4).clamp(BOARD)
            pygame.draw.rect(surf, T.GLOW, box, border_radius=6)
            surf.blit(img, img.get_rect(center=box.center))
        surf.set_clip(clip)
        if self.choice is not None and seat is not None:
            anchor, found = self.choice
            rects = self.choice_rects(anchor, len(found))
            box = rects[0].unionall(rects).inflate(8, 8)
            box.y -= 20
            box.h += 20
            pygame.draw.rect(surf, (40, 26, 16), box, border_radius=8)
            pygame.draw.rect(surf, T.GOLD, box, 2, border_radius=8)
            self.t.text.blit(surf, "Which way? (click elsewhere: neither)",
                             (box.x + 8, box.y + 4), 13, T.GLOW, bold=True)
            mouse = pygame.mouse.get_pos()
            for r, a in zip(rects, found):
                pygame.draw.rect(surf, (120, 86, 44) if r.collidepoint(mouse) else (92, 64, 36),
                                 r, border_radius=5)
                label = self.t.rules.describe(seat, a)
                img = self.t.text.render(label, 12, T.PARCHMENT)
                surf.blit(img, (r.x + 6, r.centery - img.get_height() // 2),
                          pygame.Rect(0, 0, r.w - 10, img.get_height()))


__all__ = ["GoodsDrag"]
