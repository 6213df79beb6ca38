"""The desert board of the Sand table, with its camera: the board picture (from
resources/maps/sand_board.tmx) at each zoom step, the cubes, Camp tiles, Song flags, Shelters and
the Worms (gliding to where they are; Alhazred walking the routes he took, his path numbered), the
places' names placed clear of each other, the glowing destinations of a dragged Worm, what a place
holds (hovered or focused), and the board's hit-tests, regions and keyboard targets.

The camera's input (``camera_event``): the wheel zooms about the pointer, a pinch about the
fingers (a two-finger slide pans); ``+`` / ``-`` zoom, the arrows pan (off the action list), ``0``
shows the whole board; a drag on bare board pans. A part of the table: it owns this state.
"""

from __future__ import annotations

import pygame

from ...ui import art as base_art
from ...ui import theme as T
from ...ui.gestures import FocusTarget, Gesture, drag, key
from .camera import (FIT_KEYS, PAN_KEYS, PAN_STEP, PINCH_STEP, ZOOM_IN_KEYS, ZOOM_OUT_KEYS, ZOOMS,
                     Camera)
from .board_map import zoomed_map
from .view import ALH_PATH_RGB, ALH_RGB, BOARD, D, GOODS_RGB


class Board:
    """The board panel. ``names(seat)``: a seat's name; ``rgb(seat)``: its colour; ``text``:
    the table's uncached text (``view.DirectText``); ``words_for(o, seat, action)``: what a
    Worm dropped on a place uses and pays (on its glowing tag)."""

    def __init__(self, app, geo, names, rgb, text, words_for=None):
        self.app, self.geo, self.names, self.rgb, self.text = app, geo, names, rgb, text
        self.cam = Camera(BOARD)
        self.worm_anim: dict = {}  # seat or "alh" -> where its Worm is drawn (base pixels)
        self.worm_drag = None  # [seat, pos] while the Worm is dragged
        self.words_for = words_for
        self.alh_path: list = []  # Alhazred's path this turn: (from, to, route)
        self._alh_fresh = False
        self._alh_walk = None
        self.hover_loc = None
        self._board_key = self._board_pic = self._board_bg = None
        self._label_cache: dict = {}
        self._zoom_cache: dict = {}  # step -> the routes and places (``board_map.zoomed_map``)
        # the camera's input
        self.pan_press = None  # screen point where a press on bare board began
        self.panning = False
        self.touches = 0  # fingers down now (touch events arrive as mouse events with touch=True)
        self.pinch_acc = 0.0
        self.pinched = False  # a pinch happened since the fingers went down: no click, no drop
        self._pinch_centre = None

    # --- the Worms ----------------------------------------------------------------------------
    def worm_home(self, key, obs):
        if key == "alh":
            x, y = self.geo.centre[obs["alh"]["loc"]]
            return (x + 26, y - 4)
        x, y = self.geo.centre[obs["players"][key]["loc"]]
        return (x - 14 + key * 9, y - 24 + (key % 2) * 4)

    def worm_pos(self, key, obs):
        if self.worm_drag is not None and self.worm_drag[0] == key:
            return self.worm_drag[1]
        p = self.worm_anim.get(key)
        return p if p is not None else self.worm_home(key, obs)

    def worms_moving(self, o, fast=False) -> bool:
        if fast:
            return False
        for k, p in self.worm_anim.items():
            if k == "alh" and not o.get("alh"):
                continue
            g = self.worm_home(k, o)
            if abs(p[0] - g[0]) > 2 or abs(p[1] - g[1]) > 2:
                return True
        return False

    # --- the static board -------------------------------------------------------------------
    def board_surface(self, level: int = 0, step: int | None = None) -> pygame.Surface:
        """The board without its pieces as the camera shows it (at zoom step ``step`` from the
        top-left corner when given): drawn only for what the panel shows, into one picture
        that is redrawn when the camera moves, so a zoom or a pan costs one panel's drawing."""
        cam = self.cam
        key = cam.key if step is None else (step, 0, 0)
        if self._board_key == key:
            return self._board_pic
        step, ox, oy = key
        z = ZOOMS[step]
        surf = self._board_pic
        if surf is None:
            surf = self._board_pic = pygame.Surface(BOARD.size).convert()
            self._board_bg = base_art.vertical_gradient(BOARD.size, (226, 190, 128),
                                                        (205, 160, 98)).convert()
        surf.blit(self._board_bg, (0, 0))
        view = surf.get_rect()
        # the sea along the west edge (the port's side)
        pygame.draw.rect(surf, (70, 120, 160), (-ox, 0, int(22 * z), BOARD.h))
        routes, places = self._zoom_cache.get(step) or self._zoom_cache.setdefault(
            step, zoomed_map(self.geo, step))
        for col, width, pts, dashes, (x0, x1, y0, y1) in routes:
            if x1 - ox < 0 or x0 - ox > view.w or y1 - oy < 0 or y0 - oy > view.h:
                continue
            if dashes is not None:
                line = pygame.draw.line
                for (ax, ay), (bx, by) in dashes:
                    line(surf, col, (ax - ox, ay - oy), (bx - ox, by - oy), width)
            else:
                pygame.draw.lines(surf, col, False, [(x - ox, y - oy) for x, y in pts], width)
        near = view.inflate(40, 40)
        for kind, col, (x, y) in places:
            c = (x - ox, y - oy)
            if not near.collidepoint(c):
                continue
            if kind == "port":
                pygame.draw.rect(surf, col, (c[0] - 15, c[1] - 15, 30, 30), border_radius=4)
            elif kind == "camp":
                pygame.draw.polygon(surf, col, [(c[0], c[1] - 16), (c[0] + 15, c[1] + 12),
                                                (c[0] - 15, c[1] + 12)])
            else:
                pygame.draw.circle(surf, col, c, 14 if kind == "city" else 11)
            if kind == "city":
                pygame.draw.circle(surf, T.INK, c, 15, 1)
        for loc, (pic, r) in self.board_labels(step).items():
            r = r.move(-ox, -oy)
            if r.colliderect(view):
                surf.blit(pic, r)
        self._board_key = key
        return surf

    def board_labels(self, step: int) -> dict:
        """loc -> (name picture, its rectangle in the zoomed board picture), placed clear of
        each other and of every place's marker (board_labels.place_labels)."""
        cache = self._label_cache
        if step in cache:
            return cache[step]
        from .board_labels import place_labels
        z = ZOOMS[step]
        items, imgs = [], {}
        for loc, l in D.locations.items():
            label = l.name + (f" ({l.order})" if l.kind == "city" else "")
            img = imgs[loc] = self.app.text.render(label, 12, T.INK,
                                                   bold=l.kind in ("city", "port"))
            c = self.geo.centre[loc]
            items.append((loc, (int((c[0] - BOARD.x) * z), int((c[1] - BOARD.y) * z)),
                          (img.get_width() + 4, img.get_height())))
        bounds = pygame.Rect(0, 0, int(BOARD.w * z), int(BOARD.h * z)).inflate(-4, -4)
        rects = place_labels(items, bounds)
        out = {}
        for loc, r in rects.items():
            pic = pygame.Surface(r.size, pygame.SRCALPHA)
            pic.fill((250, 240, 215, 170))
            pic.blit(imgs[loc], imgs[loc].get_rect(center=pic.get_rect().center))
            out[loc] = (pic, r)
        cache[step] = out
        return out

    def label_rects(self) -> dict:
        """The place names' rectangles on screen now (those the board panel shows)."""
        out = {}
        for loc, (_img, r) in self.board_labels(self.cam.step).items():
            s = r.move(BOARD.x - int(self.cam.off[0]), BOARD.y - int(self.cam.off[1]))
            if BOARD.contains(s):
                out[loc] = s
        return out

    def at(self, loc):
        """A place's centre on screen now."""
        return self.cam.to_screen(self.geo.centre[loc])

    # --- dynamic board -----------------------------------------------------------------------
    def draw_board(self, surf, obs, level):
        cam = self.cam
        surf.blit(self.board_surface(level), BOARD.topleft)
        clip = surf.get_clip()
        surf.set_clip(BOARD)
        at = self.at
        for loc in D.cities:
            x, y = at(loc)
            for i, col in enumerate(obs["cities"].get(loc, [])):
                r = pygame.Rect(x - 13 + i * 14, y - 7, 12, 12)
                if col:
                    pygame.draw.rect(surf, GOODS_RGB[col], r)
                    pygame.draw.rect(surf, T.INK, r, 1)
                else:
                    pygame.draw.rect(surf, (120, 90, 60), r, 1)
            owner = obs["songs"].get(loc, -1)
            if owner is not None and owner >= 0:
                col = ALH_RGB if owner == obs["n"] else self.rgb(owner)
                pygame.draw.polygon(surf, col, [(x + 14, y - 18), (x + 22, y - 12),
                                                (x + 14, y - 6)])
                pygame.draw.line(surf, T.INK, (x + 14, y - 20), (x + 14, y - 4), 2)
        for space, tile in obs["camps"].items():
            x, y = at(space)
            pygame.draw.rect(surf, GOODS_RGB.get(tile, (200, 200, 200)), (x - 5, y - 4, 10, 10))
            n = len(obs["minor"].get(space, []))
            if n:
                img = self.text.render(f"x{n}", 11, T.INK, bold=True)  # clear of a glow ring
                box = img.get_rect(bottomleft=(x + 21, y - 15)).inflate(4, 0)
                pygame.draw.rect(surf, T.SAND_LIGHT, box, border_radius=3)
                surf.blit(img, img.get_rect(center=box.center))
        for seat, p in enumerate(obs["players"]):
            if p["shelter"]:
                x, y = at(p["shelter"])
                x -= 22 - seat * 6
                pygame.draw.polygon(surf, self.rgb(seat), [(x - 6, y + 2), (x, y - 6),
                                                           (x + 6, y + 2)])
                pygame.draw.rect(surf, self.rgb(seat), (x - 5, y + 2, 10, 6))
        # Alhazred's path this turn, then the worms
        if obs.get("alh"):
            self.draw_alh_path(surf)
        for seat in range(len(obs["players"])):
            self.draw_worm(surf, cam.to_screen(self.worm_pos(seat, obs)), self.rgb(seat),
                           [b for _t, bs in obs["players"][seat]["cargo"] for b in bs],
                           seat == obs["cur"])
        if obs.get("alh"):
            a = obs["alh"]
            self.draw_worm(surf, cam.to_screen(self.worm_pos("alh", obs)), ALH_RGB,
                           list(a["cargo"]), False)
        if cam.step:
            img = self.text.render(f"zoom {cam.zoom:g}x - 0 shows the whole board", 12,
                                     T.PARCHMENT, bold=True)
            box = img.get_rect(bottomright=(BOARD.right - 4, BOARD.bottom - 4)).inflate(10, 4)
            pygame.draw.rect(surf, (40, 28, 18), box, border_radius=5)
            surf.blit(img, img.get_rect(center=box.center))
        surf.set_clip(clip)

    def draw_worm(self, surf, pos, col, boxes, current):
        x, y = int(pos[0]), int(pos[1])
        for k in range(3):
            pygame.draw.circle(surf, col, (x - 8 + k * 8, y + (k % 2) * 2), 7 - k)
        pygame.draw.circle(surf, T.PARCHMENT if current else T.INK, (x - 8, y), 8, 2)
        for i, b in enumerate(boxes[:8]):
            r = pygame.Rect(x - 12 + (i % 4) * 7, y + 8 + (i // 4) * 7, 6, 6)
            pygame.draw.rect(surf, GOODS_RGB.get(b, (200, 200, 200)), r)
            pygame.draw.rect(surf, T.INK, r, 1)

    def draw_alh_path(self, surf):
        """Alhazred's path this turn, drawn along the routes he took (as the board draws them),
        each leg numbered in order near its far end."""
        for k, (a, b, rid) in enumerate(self.alh_path):
            pts = self.alh_leg(a, b, rid)
            pygame.draw.lines(surf, T.PARCHMENT, False, pts, 7)  # reads over the route's colour
            pygame.draw.lines(surf, ALH_PATH_RGB, False, pts, 3)
            mx, my = pts[(len(pts) - 1) * 3 // 5]
            pygame.draw.circle(surf, ALH_PATH_RGB, (int(mx), int(my)), 9)
            img = self.text.render(str(k + 1), 12, T.PARCHMENT, bold=True)
            surf.blit(img, img.get_rect(center=(int(mx), int(my))))

    def alh_leg(self, a, b, rid) -> list:
        """The screen points of one leg of Alhazred's path: the route ``rid``'s curve from
        ``a`` to ``b`` (a straight line only when the route is unknown)."""
        r = D.routes.get(rid)
        pts = self.geo.curves.get(rid)
        if r is None or not pts or {r.a, r.b} != {a, b}:
            pts = [self.geo.centre[a], self.geo.centre[b]]
        elif r.a != a:
            pts = list(reversed(pts))
        return [self.cam.to_screen(p) for p in pts]

    def walk_alh(self, o, p, goal) -> bool:
        """One tick of Alhazred's Worm walking a leg of his path (False: it glides as others)."""
        walked = self.alh_walk(o, p, goal, 0.05 * self.app.settings.animation_speed)
        if walked is not None:
            self.worm_anim["alh"] = walked
        return walked is not None

    def alh_walk(self, o, p, goal, step):
        """Where Alhazred's Worm is drawn as it goes from ``p`` to ``goal``: along the route of
        the leg of his path that ends where he now is (None: no such leg, it glides there)."""
        loc = o["alh"]["loc"]
        w = self._alh_walk
        if w is not None and (w[0] != loc or w[2] >= 1):
            w = self._alh_walk = None  # arrived, or sent elsewhere
        if w is None:
            if abs(p[0] - goal[0]) < 1 and abs(p[1] - goal[1]) < 1:
                return None
            leg = next((x for x in reversed(self.alh_path) if x[1] == loc), None)
            if leg is None or leg[0] not in self.geo.centre:
                return None
            a = self.geo.centre[leg[0]]
            home = self.worm_home("alh", {"alh": {"loc": leg[0]}})
            if abs(p[0] - home[0]) > 3 or abs(p[1] - home[1]) > 3:
                return None  # not setting out from the leg's start (a jump, an undo)
            r = D.routes.get(leg[2])
            pts = self.geo.curves.get(leg[2]) if r is not None and {r.a, r.b} == set(leg[:2]) \
                else None
            if not pts:
                return None
            pts = list(pts) if r.a == leg[0] else list(reversed(pts))
            w = self._alh_walk = [loc, pts, 0.0, (home[0] - a[0], home[1] - a[1])]
        w[2] = min(1.0, w[2] + step)
        t = w[2] * w[2] * (3 - 2 * w[2])  # eased
        pts = w[1]
        f = t * (len(pts) - 1)
        i = min(int(f), len(pts) - 2)
        (ax, ay), (bx, by) = pts[i], pts[i + 1]
        x, y = ax + (bx - ax) * (f - i), ay + (by - ay) * (f - i)
        return (goal[0], goal[1]) if w[2] >= 1 else (x + w[3][0], y + w[3][1])


    def loc_at_screen(self, pos, r=18):
        if not BOARD.collidepoint(pos):
            return None
        best, bd = None, r * r
        for loc, c in self.geo.centre.items():
            x, y = self.cam.to_screen(c)
            d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
            if d <= bd:
                best, bd = loc, d
        return best

    def board_regions(self) -> dict:
        """The places and their names the board panel shows now, where the camera puts them
        (``place:<loc>``, ``label:<loc>``)."""
        out = {}
        for loc, c in self.geo.centre.items():
            x, y = self.cam.to_screen(c)
            r = pygame.Rect(x - 15, y - 15, 30, 30)
            if BOARD.contains(r):
                out[f"place:{loc}"] = r
        for loc, r in self.label_rects().items():
            out[f"label:{loc}"] = r
        return out

    def place_targets(self) -> list:
        """Every place on the board, after the actions: focusing one shows what it holds."""
        out = []
        for loc in D.locations:
            x, y = self.cam.to_screen(self.geo.centre[loc])
            out.append(FocusTarget(f"place:{loc}", pygame.Rect(x - 16, y - 16, 32, 32),
                                   self._reveal(loc), ring="circle"))  # contents beside it
        return out

    def _reveal(self, loc):
        def go():
            self.cam.centre_on(self.geo.centre[loc])
        return go

    def tip_loc(self, focus_name=None):
        """The place whose contents show: the focused one (``focus_name``, the focus ring's
        target when it shows), else the one under the pointer."""
        name = focus_name
        if name and name.startswith("place:"):
            return name[6:]
        return self.hover_loc

    def camera_key(self, key) -> bool:
        cam = self.cam
        if key in ZOOM_IN_KEYS:
            cam.zoom_by(1)
        elif key in ZOOM_OUT_KEYS:
            cam.zoom_by(-1)
        elif key in FIT_KEYS:
            cam.fit()
        elif key in PAN_KEYS:
            dx, dy = PAN_KEYS[key]
            cam.pan(-dx * PAN_STEP, -dy * PAN_STEP)
        else:
            return False
        return True

    def camera_event(self, event, keys=True, free_at=None, cancel=None) -> bool:
        """Handle ``event`` if it moves the camera; True when it was used. ``free_at(pos)``:
        whether a press there may pan (nothing to pick up under it); ``cancel()``: a pinch
        began, whatever one finger was dragging goes back."""
        free_at = free_at or self.cam.view.collidepoint
        t = event.type
        cam = self.cam
        if t == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if cam.view.collidepoint(pos) and event.y:
                cam.zoom_by(1 if event.y > 0 else -1, pos)
                return True
            return False
        if t == pygame.MULTIGESTURE:
            if getattr(event, "num_fingers", 2) < 2:
                return False
            self.pinched = True
            self.cancel_drags(cancel)
            self.pinch_acc += event.pinched if hasattr(event, "pinched") else event.d_dist
            anchor = (int(event.x * T.W), int(event.y * T.H))  # as the app maps touches
            if not cam.view.collidepoint(anchor):
                anchor = cam.view.center
            while abs(self.pinch_acc) >= PINCH_STEP:
                sign = 1 if self.pinch_acc > 0 else -1
                cam.zoom_by(sign, anchor)
                self.pinch_acc -= sign * PINCH_STEP
            last = getattr(self, "_pinch_centre", None)
            if last is not None:
                cam.pan(anchor[0] - last[0], anchor[1] - last[1])
            self._pinch_centre = anchor
            return True
        if t == pygame.KEYDOWN and keys and not (event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)):
            return self.camera_key(event.key)
        touch = getattr(event, "touch", False)
        if t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not touch:  # a mouse press: no fingers are on the glass
                self.touches, self.pinched, self.pinch_acc = 0, False, 0.0
                self._pinch_centre = None
            if touch:
                self.touches += 1
                if self.touches >= 2:  # a second finger: a pinch is coming, not a tap
                    self.pinched = True
                    self.cancel_drags(cancel)
                    return True
            if cam.zoom > 1 and free_at(event.pos):
                self.pan_press = event.pos
            return False
        if t == pygame.MOUSEMOTION:
            if self.pinched:
                return True
            if self.pan_press is not None and event.buttons[0]:
                dx, dy = event.pos[0] - self.pan_press[0], event.pos[1] - self.pan_press[1]
                if self.panning or abs(dx) + abs(dy) > 6:
                    self.panning = True
                    cam.pan(dx, dy)
                    self.pan_press = event.pos
                    return True
            return False
        if t == pygame.MOUSEBUTTONUP and event.button == 1:
            if touch:
                self.touches = max(0, self.touches - 1)
            if self.pinched:
                if self.touches == 0:
                    self.pinched = False
                    self.pinch_acc = 0.0
                    self._pinch_centre = None
                return True
            was = self.panning
            self.pan_press, self.panning = None, False
            return was
        return False

    def draw_destinations(self, surf, seat, targets, o, ticks):
        """Every place the dragged Worm may go glows, with the die it needs and what it costs
        (tags placed clear of each other)."""
        from .board_labels import place_labels
        p = o["players"][seat]
        pulse = 0.6 + 0.4 * abs(((ticks % 40) / 20.0) - 1.0)
        items, imgs = [], {}
        for loc, a in targets.items():
            c = self.at(loc)
            r = D.routes[a.args[0]]
            die, cost = D.route_cost(p["worm"], r.kind)
            pygame.draw.circle(surf, T.GLOW, c, int(18 + 4 * pulse), 3)
            paid = [f"{n} {w}" for n, w in zip(cost, ("Hyd", "Food", "HP")) if n]
            label = f"die {die}+: " + (", ".join(paid) or "free")
            if D.locations[loc].kind == "oasis":
                label += " (oasis stop)"
            if self.words_for is not None:  # the die or token the drop uses, and any boost
                label += " - " + self.words_for(o, seat, a)
            img = imgs[loc] = self.text.render(label, 12, T.INK, bold=True)
            items.append((loc, (c[0], c[1] - 58), (img.get_width() + 8, img.get_height() + 4)))
        tags = place_labels(items, BOARD)
        for loc, box in tags.items():
            pygame.draw.line(surf, T.GLOW, self.at(loc), box.center, 2)  # whose tag it is
        for loc, box in tags.items():
            pygame.draw.rect(surf, T.GLOW, box, border_radius=5)
            surf.blit(imgs[loc], imgs[loc].get_rect(center=box.center))

    @staticmethod
    def site_ring(ticks) -> int:
        """A glowing site's ring radius: it swells and shrinks by 5 px over 40 ticks."""
        return 18 + round(5 * abs(((ticks % 40) / 20.0) - 1.0))

    def draw_sites(self, surf, sites, ticks):
        """The Shelter's sites glow, their rings pulsing (``site_ring``); a click takes one."""
        ring = self.site_ring(ticks)
        clip = surf.get_clip()
        surf.set_clip(BOARD)  # (like every piece on the board: the board's edge cuts it)
        for loc in sites:
            pygame.draw.circle(surf, T.GLOW, self.at(loc), ring, 3)
        surf.set_clip(clip)

    def draw_loc_tip(self, surf, o, loc):
        l = D.locations[loc]
        lines = [f"{l.name} ({l.kind})"]
        if l.kind == "city":
            boxes = [b for b in o["cities"][loc] if b]
            lines.append("Boxes: " + (", ".join(boxes) or "none"))
            own = o["songs"].get(loc, -1)
            if own is not None and own >= 0:
                lines.append("Song: " + ("Alhazred" if own == o["n"] else self.names(own)))
            if l.acolytes:
                lines.append("Acolytes: " + ", ".join(l.acolytes))
        if loc in o["camps"]:
            c = D.camps.get(o["camps"][loc])
            if c is not None:
                lines.append(f"Camp: buys {'+'.join(c.main)} (main), {'+'.join(c.minor)} (minor)"
                             f", gives {c.gives}")
            lines.append(f"Minor Tribe tokens: {len(o['minor'].get(loc, []))}")
        here = [self.names(i) for i, p in enumerate(o["players"]) if p["loc"] == loc]
        if o.get("alh") and o["alh"]["loc"] == loc:
            here.append("Alhazred")
        if here:
            lines.append("Worms: " + ", ".join(here))
        for i, p in enumerate(o["players"]):
            if p["shelter"] == loc:
                lines.append(f"Shelter of {self.names(i)}: "
                             + (", ".join(p["store"]) or "empty"))
        imgs = [self.text.render(x, 13, T.INK) for x in lines]
        w = max(i.get_width() for i in imgs) + 12
        h = sum(i.get_height() for i in imgs) + 8
        c = self.at(loc)
        box = pygame.Rect(c[0] + 24, c[1] - h // 2, w, h)
        if box.right > BOARD.right:  # no room on the right: on the left of the place
            box.right = c[0] - 24
        box.clamp_ip(BOARD)
        pygame.draw.rect(surf, (250, 242, 220), box, border_radius=6)
        pygame.draw.rect(surf, T.INK, box, 1, border_radius=6)
        y = box.y + 4
        for img in imgs:
            surf.blit(img, (box.x + 6, y))
            y += img.get_height()


    def cancel_drags(self, cancel=None):
        """A pinch began: whatever one finger was dragging goes back."""
        self.pan_press, self.panning = None, False
        self.worm_drag = None
        if cancel is not None:
            cancel()

    def show_path(self, path):
        """Alhazred's path as a sequence's beat has it."""
        self.alh_path = list(path)

    def jump_worms(self):
        """The Worms are drawn where they are at once (no gliding)."""
        self.worm_anim.clear()

    def hover(self, pos):
        self.hover_loc = self.loc_at_screen(pos)

    def grab_worm(self, seat, pos):
        """``seat``'s Worm is picked up at screen point ``pos``."""
        self.worm_drag = [seat, self.cam.to_base(pos)]

    def move_worm(self, pos):
        if self.worm_drag is not None:
            self.worm_drag[1] = self.cam.to_base(pos)

    def release_worm(self):
        """The Worm is let go: the seat whose Worm it was (None: none was held)."""
        held, self.worm_drag = self.worm_drag, None
        return None if held is None else held[0]

    def update_worms(self, o, fast: bool):
        """One tick of the Worms gliding to where ``o`` has them (Alhazred walks his path)."""
        keys = list(range(len(o["players"]))) + (["alh"] if o.get("alh") else [])
        for k in keys:
            goal = self.worm_home(k, o)
            p = self.worm_anim.get(k)
            if p is None or fast:
                self.worm_anim[k] = goal
                continue
            if k == "alh" and self.walk_alh(o, p, goal):  # he walks the route he took
                continue
            step = 0.18 * self.app.settings.animation_speed
            nx, ny = p[0] + (goal[0] - p[0]) * min(1, step), p[1] + (goal[1] - p[1]) * min(1, step)
            if abs(nx - goal[0]) < 1 and abs(ny - goal[1]) < 1:
                nx, ny = goal
            self.worm_anim[k] = (nx, ny)

    def follow_focus(self, focus_name):
        """A place under the keyboard's focus is scrolled into view."""
        if focus_name and focus_name.startswith("place:") and focus_name[6:] in self.geo.centre:
            self.cam.reveal(self.geo.centre[focus_name[6:]])

    def alh_events(self, events):
        """Alhazred's path this turn, from the events of an action."""
        for e in events:
            if e.kind == "codex":
                if not self.alh_path or self._alh_fresh is False:
                    self.alh_path = []
                    self._alh_fresh = True
            elif e.kind == "alh_travel":
                self.alh_path.append((e.data["from"], e.data["to"], e.data.get("route")))
        if not any(e.kind in ("codex", "alh_travel") for e in events):
            self._alh_fresh = False

    def worm_gestures(self, seat, o, targets) -> list:
        """The Worm dragged to each glowing destination (``targets``: place -> action; after 0,
        when the zoomed board does not show both ends)."""
        if not targets:
            return []
        home = self.worm_home(seat, o)
        ends = [home] + [self.geo.centre[loc] for loc in targets]
        if all(self.cam.shows(p, 20) for p in ends):
            prefix, to = (), self.cam.to_screen
        else:
            prefix, to = (key(FIT_KEYS[0]),), (lambda p: (int(p[0]), int(p[1])))
        start = to(home)
        return [Gesture(a, prefix + (drag(start, to(self.geo.centre[loc])),))
                for loc, a in targets.items()]

    def worm_hit(self, seat, o, pos) -> bool:
        """Whether ``pos`` is on ``seat``'s Worm."""
        if not BOARD.collidepoint(pos):
            return False
        wp = self.cam.to_screen(self.worm_home(seat, o))
        return (wp[0] - pos[0]) ** 2 + (wp[1] - pos[1]) ** 2 <= 14 ** 2
