"""Draws the sand timer from the rules layer's physical model, frame by frame.

The body (glass, frame, baskets, sand heaps, gems) is composed in its own upright frame of
reference and turned by the model's angle: the lean while it stands latched, the swing while it
falls (interpolated between fixed steps from the angular velocity), and half a turn once it rests
inverted. While it pours, the upper heap sinks and the lower one rises at the model's constant
rate and grains stream through the neck.
"""

from __future__ import annotations

import math

import pygame

from . import art

SW, SH = 240, 404  # local surface; the pivot is its centre
PX, PY = SW // 2, SH // 2
NECK = 7
BULB = 64  # half-width at the wide end
TOP_Y, BOT_Y = 46, SH - 46  # glass ends
# the baskets hang like gondolas from the ends of two arms, off to one side of the pivot (the
# arm that makes a load turn the body); they stay level as the body turns
ARM_TOP = (PX + 78, TOP_Y - 24)  # where the loaded ("top") basket hangs
ARM_LOW = (PX - 78, BOT_Y + 24)
CUP_W, CUP_H = 84, 38
SAND = (226, 190, 120)
SAND_DARK = (196, 156, 92)
GLASS = (210, 232, 240)


def cup_rect(anchor) -> pygame.Rect:
    """The basket hanging from an arm's end (screen coordinates)."""
    return pygame.Rect(int(anchor[0] - CUP_W / 2), int(anchor[1] + 10), CUP_W, CUP_H)


def slot(cup: pygame.Rect, index: int, size: str) -> tuple[float, float]:
    """Where the n-th gem rests in a basket."""
    col = index % 6
    row = index // 6
    return cup.x + 10 + col * 12.8, cup.bottom - 9 - row * 12 - (1 if size == "large" else 0)


def _bulb_poly(top: bool):
    if top:
        return [(PX - BULB, TOP_Y), (PX + BULB, TOP_Y), (PX + NECK, PY - 4), (PX - NECK, PY - 4)]
    return [(PX - NECK, PY + 4), (PX + NECK, PY + 4), (PX + BULB, BOT_Y), (PX - BULB, BOT_Y)]


def _half_width(y: float) -> float:
    """Half-width of the glass at local height ``y``."""
    if y <= PY:
        t = (y - TOP_Y) / (PY - 4 - TOP_Y)
    else:
        t = (BOT_Y - y) / (BOT_Y - PY - 4)
    t = min(1.0, max(0.0, t))
    return BULB + (NECK - BULB) * t


def _heap_at_wide_end(surf, fraction: float, top: bool):
    """Sand lying against the wide end of a bulb (the end that is *down* on screen)."""
    if fraction <= 0.001:
        return
    depth = (PY - 4 - TOP_Y) * (1 - math.sqrt(max(0.0, 1 - fraction)))  # area-true for a trapezoid
    if top:
        y0, y1 = TOP_Y, TOP_Y + depth
    else:
        y0, y1 = BOT_Y - depth, BOT_Y
    pts = [(PX - _half_width(y0), y0), (PX + _half_width(y0), y0), (PX + _half_width(y1), y1),
           (PX - _half_width(y1), y1)]
    pygame.draw.polygon(surf, SAND, pts)
    edge_y = y1 if top else y0
    pygame.draw.line(surf, SAND_DARK, (PX - _half_width(edge_y) + 3, edge_y),
                     (PX + _half_width(edge_y) - 3, edge_y), 2)


def _heap_at_neck(surf, fraction: float, top: bool):
    """Sand lying against the neck of a bulb (the bulb that is *up* on screen, draining)."""
    if fraction <= 0.001:
        return
    span = PY - 4 - TOP_Y
    depth = span * math.sqrt(fraction)  # the narrow end holds less per unit of height
    if top:  # local top bulb, neck at PY-4, sand from the neck back towards TOP_Y
        y0, y1 = PY - 4 - depth, PY - 4
    else:
        y0, y1 = PY + 4, PY + 4 + depth
    pts = [(PX - _half_width(y0), y0), (PX + _half_width(y0), y0), (PX + _half_width(y1), y1),
           (PX - _half_width(y1), y1)]
    pygame.draw.polygon(surf, SAND, pts)


def _heap_points(fraction: float, top: bool, heap: str):
    """The polygon of a heap in local coordinates (as _heap_at_neck / _heap_at_wide_end)."""
    if fraction <= 0.001:
        return None
    span = PY - 4 - TOP_Y
    if heap == "neck":
        depth = span * math.sqrt(fraction)
        y0, y1 = (PY - 4 - depth, PY - 4) if top else (PY + 4, PY + 4 + depth)
    else:
        depth = span * (1 - math.sqrt(max(0.0, 1 - fraction)))
        y0, y1 = (TOP_Y, TOP_Y + depth) if top else (BOT_Y - depth, BOT_Y)
    return [(PX - _half_width(y0), y0), (PX + _half_width(y0), y0), (PX + _half_width(y1), y1),
            (PX - _half_width(y1), y1)]


class TimerView:
    """Draws the timer with a bounded set of images: the glass and its outline once (upright and
    turned over), the sand as polygons straight onto the screen while it pours, and the body
    composed and turned only for the lean while it stands (a few angles, cached) and the fall
    (about a second, turned each frame and never kept)."""

    def __init__(self, text):
        self.text = text
        self.frame = self._frame()
        self._cache_key = None
        self._cache = None
        outline = pygame.Surface((SW, SH), pygame.SRCALPHA)
        self._outline(outline)
        # turned over: what the player sees for the whole Timed Phase
        self.glass_inverted = pygame.transform.rotate(self.frame, 180)
        self.outline_inverted = pygame.transform.rotate(outline, 180)
        self._lean: dict = {}  # (sand key, angle bucket) -> turned body, a handful at most
        self.stand = self._stand_surface()
        self.basket = self._basket_surface()

    def _frame(self) -> pygame.Surface:
        s = pygame.Surface((SW, SH), pygame.SRCALPHA)
        pygame.draw.polygon(s, (*GLASS, 150), _bulb_poly(True))
        pygame.draw.polygon(s, (*GLASS, 150), _bulb_poly(False))
        return s

    def _outline(self, s):
        for top in (True, False):
            pygame.draw.polygon(s, (90, 110, 120), _bulb_poly(top), 2)
        wood, dark = (150, 86, 40), (90, 50, 24)
        for y in (TOP_Y - 14, BOT_Y):
            pygame.draw.rect(s, wood, (PX - BULB - 14, y, 2 * BULB + 28, 14), border_radius=5)
            pygame.draw.rect(s, dark, (PX - BULB - 14, y, 2 * BULB + 28, 14), 2, border_radius=5)
        for x in (PX - BULB - 8, PX + BULB + 2):
            pygame.draw.rect(s, wood, (x, TOP_Y, 6, BOT_Y - TOP_Y))
        # the arms carrying the baskets
        pygame.draw.line(s, dark, (PX + 30, TOP_Y - 14), ARM_TOP, 5)
        pygame.draw.line(s, dark, (PX - 30, BOT_Y + 14), ARM_LOW, 5)
        for a in (ARM_TOP, ARM_LOW):
            pygame.draw.circle(s, dark, a, 5)

    def compose(self, t: dict) -> pygame.Surface:
        """The body in its own frame of reference, with its sand."""
        mode = t["mode"]
        angle = t["angle"]
        if mode == "upright" or (mode == "falling" and angle < math.pi / 2):
            local_bottom, local_top = 1.0, 0.0  # all the sand rests in the (local) lower bulb
            down_is_bottom = True
        else:
            local_bottom, local_top = t["sand_upper"], t["sand_lower"]
            down_is_bottom = False
        key = (mode == "inverted", round(local_bottom, 3), round(local_top, 3), down_is_bottom)
        if key == self._cache_key:
            return self._cache
        s = self.frame.copy()
        if down_is_bottom:
            _heap_at_wide_end(s, local_bottom, top=False)
        else:
            _heap_at_neck(s, local_bottom, top=False)  # the draining bulb, now up on screen
            _heap_at_wide_end(s, local_top, top=True)  # the filling bulb, now down
        self._outline(s)
        self._cache_key, self._cache = key, s
        return s

    @staticmethod
    def draw_angle(t: dict, alpha: float) -> float:
        if t["mode"] == "upright":
            return t["lean"]
        if t["mode"] == "falling":
            return min(math.pi, t["angle"] + t["omega"] * alpha / 60.0)
        return math.pi

    @staticmethod
    def to_screen(local, angle, pivot):
        """Local body coordinates to screen coordinates at ``angle`` (positive tips the top
        basket side down, i.e. clockwise on screen)."""
        x, y = local[0] - PX, local[1] - PY
        c, s = math.cos(angle), math.sin(angle)
        return pivot[0] + x * c - y * s, pivot[1] + x * s + y * c

    def _pouring(self, surf, t: dict, pivot):
        """The turned-over timer while it pours: over its static glass, the two heaps drawn as
        polygons in screen space (turned half a circle about the pivot), static outline on
        top."""
        rect = self.glass_inverted.get_rect(center=pivot)
        ox, oy = rect.topleft

        def flip(pts):
            return [(ox + SW - x, oy + SH - y) for x, y in pts]

        for fraction, top, heap in ((t["sand_upper"], False, "neck"),
                                    (t["sand_lower"], True, "wide")):
            pts = _heap_points(fraction, top, heap)
            if pts:
                pygame.draw.polygon(surf, SAND, flip(pts))
                if heap == "wide":
                    edge = flip([pts[3], pts[2]]) if top else flip([pts[0], pts[1]])
                    pygame.draw.line(surf, SAND_DARK, (edge[0][0] - 3, edge[0][1]),
                                     (edge[1][0] + 3, edge[1][1]), 2)
        surf.blit(self.outline_inverted, rect)

    def draw(self, surf, t: dict, pivot, alpha: float, hidden_gems: int, ticks: int,
             images) -> float:
        angle = self.draw_angle(t, alpha)
        if t["mode"] == "inverted":
            self.draw_inverted_still(surf, pivot)
            self.draw_inverted_moving(surf, t, pivot, ticks, hidden_gems)
            return angle
        self._stand(surf, pivot)
        body = self.compose(t)
        deg = -math.degrees(angle)
        if t["mode"] == "upright":
            # the lean takes few angles: keep them (what a player can tell apart: 0.5 deg)
            bucket = round(deg * 2) / 2
            key = (self._cache_key, bucket)
            turned = self._lean.get(key)
            if turned is None:
                if len(self._lean) >= 12:
                    self._lean.clear()
                turned = self._lean[key] = pygame.transform.rotozoom(body, bucket, 1)
        else:
            turned = pygame.transform.rotate(body, deg)  # the fall: never the same twice
        surf.blit(turned, turned.get_rect(center=pivot))
        self._pivot(surf, pivot)
        self._baskets(surf, t, pivot, alpha, hidden_gems)
        return angle

    # the turned-over timer in two parts, for a table that keeps its still parts in a layer:
    # what does not move while the sand pours (drawn into the layer), and what does
    def draw_inverted_still(self, surf, pivot):
        """The stand and the glass of the turned-over timer (under everything else of it)."""
        self._stand(surf, pivot)
        surf.blit(self.glass_inverted, self.glass_inverted.get_rect(center=pivot))

    def draw_inverted_moving(self, surf, t: dict, pivot, ticks: int, hidden_gems: int):
        """The heaps, the outline, the falling grains, the pivot and the baskets (one hangs over
        the glass's frame) with their gems, over the still parts."""
        self._pouring(surf, t, pivot)
        if t["sand_upper"] > 0.0005:
            self._stream(surf, pivot, t, ticks)
        self._pivot(surf, pivot)
        self._baskets(surf, t, pivot, 0.0, hidden_gems)

    @staticmethod
    def _pivot(surf, pivot):
        pygame.draw.circle(surf, (60, 36, 18), pivot, 7)
        pygame.draw.circle(surf, (200, 160, 90), pivot, 3)

    def _baskets(self, surf, t, pivot, alpha, hidden_gems):
        loaded = self.cup(t, pivot, alpha, loaded=True)
        empty = self.cup(t, pivot, alpha, loaded=False)
        for cup in (empty, loaded):
            self._basket(surf, cup)
        gems = t["gems"][:len(t["gems"]) - hidden_gems] if hidden_gems else t["gems"]
        for i, size in enumerate(gems):
            art.gem(surf, size, slot(loaded, i, size))

    def cup(self, t, pivot, alpha, loaded=True) -> pygame.Rect:
        angle = self.draw_angle(t, alpha)
        return cup_rect(self.to_screen(ARM_TOP if loaded else ARM_LOW, angle, pivot))

    # the stand and a basket never change shape: each is drawn once, relative to where it goes
    STAND_AT = (-122, -8)  # the stand's picture, from the pivot
    BASKET_AT = (-1, -12)  # a basket's picture, from its cup's top left

    @staticmethod
    def _basket_lines(surf, cup: pygame.Rect):
        hang = (cup.centerx, cup.y - 10)
        pygame.draw.line(surf, (70, 44, 22), hang, (cup.x + 6, cup.y + 4), 2)
        pygame.draw.line(surf, (70, 44, 22), hang, (cup.right - 6, cup.y + 4), 2)
        pts = [(cup.x, cup.y + 4), (cup.right, cup.y + 4), (cup.right - 8, cup.bottom),
               (cup.x + 8, cup.bottom)]
        pygame.draw.polygon(surf, (120, 76, 40), pts)
        for k in range(1, 6):
            x = cup.x + k * cup.w / 6
            pygame.draw.line(surf, (90, 56, 28), (x, cup.y + 5), (x, cup.bottom - 1), 1)
        pygame.draw.polygon(surf, (60, 36, 18), pts, 2)

    def _basket_surface(self) -> pygame.Surface:
        ox, oy = self.BASKET_AT
        img = pygame.Surface((CUP_W + 3, CUP_H + 14), pygame.SRCALPHA)
        self._basket_lines(img, pygame.Rect(-ox, -oy, CUP_W, CUP_H))
        return img

    def _basket(self, surf, cup: pygame.Rect):
        surf.blit(self.basket, (cup.x + self.BASKET_AT[0], cup.y + self.BASKET_AT[1]))

    @staticmethod
    def _stand_lines(surf, pivot):
        px, py = pivot
        base_y = py + SH // 2 - 14
        pygame.draw.polygon(surf, (110, 66, 30), [(px - 118, base_y), (px + 118, base_y),
                                                  (px + 100, base_y + 16), (px - 100, base_y + 16)])
        for dx in (-92, 92):
            pygame.draw.line(surf, (110, 66, 30), (px + dx, base_y), (px + dx * 0.2, py), 8)
            pygame.draw.line(surf, (70, 40, 18), (px + dx, base_y), (px + dx * 0.2, py), 2)

    def _stand_surface(self) -> pygame.Surface:
        ox, oy = self.STAND_AT
        img = pygame.Surface((-2 * ox, SH // 2 + 14 - oy), pygame.SRCALPHA)
        self._stand_lines(img, (-ox, -oy))
        return img

    def _stand(self, surf, pivot):
        surf.blit(self.stand, (pivot[0] + self.STAND_AT[0], pivot[1] + self.STAND_AT[1]))

    def _stream(self, surf, pivot, t, ticks):
        """Grains falling through the neck onto the lower heap."""
        px, py = pivot
        lower = t["sand_lower"]
        depth = (PY - 4 - TOP_Y) * (1 - math.sqrt(max(0.0, 1 - lower)))
        floor = py + (PY - TOP_Y) - depth  # screen y of the lower heap's surface
        length = max(4, floor - (py + 4))
        pygame.draw.line(surf, SAND, (px, py + 2), (px, floor), 2)
        for k in range(7):
            y = py + 4 + ((ticks * 5 + k * 37) % int(length))
            dx = ((k * 7 + ticks) % 5) - 2
            pygame.draw.circle(surf, SAND_DARK, (px + dx * 0.6, y), 1)
        pygame.draw.circle(surf, SAND, (px, floor), 3)

    def gem_target(self, t: dict, index: int, size: str, pivot, alpha: float):
        """Screen position where the n-th gem comes to rest (for gems in flight)."""
        return slot(self.cup(t, pivot, alpha, loaded=True), index, size)
