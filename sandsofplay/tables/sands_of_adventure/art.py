"""The Sands of Adventure table's art, all drawn in code: cards with colour *and* mark, object
icons, gems, dice, Power tokens, Adventure tiles, the villain mat and the sand timer."""

from __future__ import annotations

import math

import pygame

from ...ui import art as base_art
from ...ui import theme as T

COLOURS = {
    "blue": ((46, 96, 196), "circle"),
    "green": ((40, 142, 70), "triangle"),
    "red": ((200, 52, 42), "square"),
    "yellow": ((236, 188, 36), "diamond"),
}
GEM_COLOURS = {"large": ((200, 40, 70), (255, 150, 170)), "small": ((40, 150, 110), (170, 250, 210))}
GEM_RADIUS = {"large": 11, "small": 7}
CARD_W, CARD_H = 70, 100
SMALL_CARD = (56, 80)  # a hand in two rows on a narrow mat: its index still shows whole
GOLD = (214, 170, 60)
BLACK = (26, 20, 16)


mark = base_art.mark  # the shared colour mark (ui/art.py)


def object_icon(surf, obj, center, s, colour=BLACK):
    """Book, emblem, hat or shovel, about ``2s`` wide."""
    cx, cy = center
    if obj == "book":
        r = pygame.Rect(0, 0, s * 1.5, s * 1.9)
        r.center = center
        pygame.draw.rect(surf, colour, r, border_radius=2)
        pygame.draw.rect(surf, (240, 230, 210), r.inflate(-s * 0.5, -s * 0.5), border_radius=1)
        pygame.draw.line(surf, colour, (r.x + s * 0.4, r.y + 2), (r.x + s * 0.4, r.bottom - 3), 2)
    elif obj == "emblem":
        pts = []
        for i in range(16):
            rr = s if i % 2 == 0 else s * 0.55
            a = -math.pi / 2 + math.pi / 8 * i
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        pygame.draw.polygon(surf, colour, pts)
        pygame.draw.circle(surf, (240, 230, 210), center, s * 0.3)
    elif obj == "hat":
        pygame.draw.ellipse(surf, colour, (cx - s, cy + s * 0.1, 2 * s, s * 0.6))
        pygame.draw.polygon(surf, colour, [(cx - s * 0.6, cy + s * 0.3), (cx - s * 0.45, cy - s * 0.7),
                                           (cx + s * 0.45, cy - s * 0.7), (cx + s * 0.6, cy + s * 0.3)])
        pygame.draw.line(surf, (240, 230, 210), (cx - s * 0.55, cy), (cx + s * 0.55, cy), 2)
    elif obj == "shovel":
        pygame.draw.line(surf, colour, (cx + s * 0.7, cy - s), (cx - s * 0.2, cy + s * 0.2),
                         max(2, int(s * 0.25)))
        pygame.draw.line(surf, colour, (cx + s * 0.45, cy - s * 1.0), (cx + s, cy - s * 0.55), 2)
        pygame.draw.polygon(surf, colour, [(cx - s * 0.1, cy + s * 0.05), (cx - s * 0.95, cy + s * 0.3),
                                           (cx - s * 0.9, cy + s), (cx - s * 0.2, cy + s * 0.85)])


def whip_icon(surf, center, s, colour=(90, 40, 20)):
    cx, cy = center
    pts = [(cx - s + i * s / 6, cy + s * 0.5 * math.sin(i / 2.0)) for i in range(13)]
    pygame.draw.lines(surf, colour, False, pts, 3)
    pygame.draw.line(surf, BLACK, (cx - s, cy), (cx - s * 1.2, cy + s * 0.6), 5)


def snake_icon(surf, center, s, colour=(60, 150, 60)):
    cx, cy = center
    pts = [(cx - s + i * s / 8, cy + s * 0.45 * math.sin(i / 1.6)) for i in range(17)]
    pygame.draw.lines(surf, colour, False, pts, max(3, int(s * 0.3)))
    pygame.draw.circle(surf, colour, (int(pts[-1][0]), int(pts[-1][1])), max(3, int(s * 0.25)))
    pygame.draw.circle(surf, BLACK, (int(pts[-1][0] + 2), int(pts[-1][1] - 1)), 1)


def card_surface(card, w=CARD_W, h=CARD_H, text=None) -> pygame.Surface:
    """A face-up card. Every colour is shown with its own mark, so colour is never alone."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    k = w / CARD_W
    if card.kind == "snake":
        pygame.draw.rect(surf, (30, 64, 34), rect, border_radius=int(8 * k))
        snake_icon(surf, (w // 2, h // 2), 24 * k, (120, 200, 90))
        if text:
            text.blit(surf, "SNAKE", (w // 2, h - 6), max(10, int(13 * k)), (220, 240, 200),
                      bold=True, anchor="midbottom")
        pygame.draw.rect(surf, BLACK, rect, 2, border_radius=int(8 * k))
        return surf
    attack = card.kind == "attack"
    bg = (236, 214, 196) if attack else T.PARCHMENT
    pygame.draw.rect(surf, bg, rect, border_radius=int(8 * k))
    band_h = int(26 * k)
    n = len(card.colours)
    for i, col in enumerate(card.colours):
        rgb, shape = COLOURS[col]
        band = pygame.Rect(int(i * w / n), 0, int(math.ceil(w / n)), band_h)
        pygame.draw.rect(surf, rgb, band, border_top_left_radius=int(8 * k) if i == 0 else 0,
                         border_top_right_radius=int(8 * k) if i == n - 1 else 0)
        # in a hand (small cards, fanned) the mark sits at the left, where a fan shows it
        at = (band.x + 10, band.centery) if w <= CARD_W else band.center
        mark(surf, shape, at, 8 * k, (250, 245, 235))
    objs = card.objects
    if w <= CARD_W:
        # the card's index down its left edge: its objects, and a red bar for an Attack
        for i, obj in enumerate(objs):
            object_icon(surf, obj, (10, band_h + 12 + 17 * i), 6)
        if attack:
            pygame.draw.rect(surf, (170, 30, 30), (3, band_h + 6 + 17 * len(objs), 4,
                                                   int(22 * k)), border_radius=2)
    if attack:
        whip_icon(surf, (w // 2 + int(4 * k), int(h * 0.56)), 20 * k)
        if text:
            text.blit(surf, "ATTACK", (w // 2, int(h * 0.36)), max(9, int(12 * k)), (140, 20, 20),
                      bold=True, anchor="center")
            if card.character:
                text.blit(surf, card.character.capitalize(), (w // 2, h - int(22 * k)),
                          max(8, int(10 * k)), (90, 50, 30), anchor="midbottom")
        # bottom right: the bottom left is where a playable card's tick goes (``mark_playable``)
        for i, obj in enumerate(objs):
            object_icon(surf, obj, (w - int((12 + 20 * i) * k), h - int(12 * k)), 7 * k)
    else:
        if len(objs) == 1:
            object_icon(surf, objs[0], (w // 2, int(h * 0.62)), 17 * k)
        else:
            for i, obj in enumerate(objs):
                object_icon(surf, obj, (int(w * (0.3 + 0.4 * i)), int(h * 0.62)), 12 * k)
    if card.upgrade:  # the black and gold bars of the Upgrade cards
        for y in (band_h, h - int(7 * k)):
            pygame.draw.rect(surf, BLACK, (0, y, w, int(4 * k)))
            pygame.draw.rect(surf, GOLD, (0, y + int(2 * k), w, max(1, int(2 * k))))
    pygame.draw.rect(surf, (140, 20, 20) if attack else (90, 64, 40), rect, 2,
                     border_radius=int(8 * k))
    return surf


def card_back(w=CARD_W, h=CARD_H, upgrade=False) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (70, 40, 20) if not upgrade else (30, 26, 22), rect, border_radius=8)
    inner = rect.inflate(-10, -10)
    pygame.draw.rect(surf, GOLD if upgrade else (150, 100, 50), inner, 2, border_radius=6)
    for i in range(0, h, 10):
        pygame.draw.line(surf, (95, 60, 30) if not upgrade else (60, 50, 30), (inner.x, inner.y + i),
                         (inner.right, inner.y + i + 6), 1)
    pygame.draw.rect(surf, BLACK, rect, 2, border_radius=8)
    return surf


_GEMS: dict = {}


def gem_surface(size: str, scale: float = 1.0) -> pygame.Surface:
    """A gem drawn once (kept by size and scale): large ones are red hexagons, small ones green
    diamonds."""
    key = (size, scale)
    img = _GEMS.get(key)
    if img is None:
        dark, light = GEM_COLOURS[size]
        r = GEM_RADIUS[size] * scale
        half = int(math.ceil(r)) + 2
        img = pygame.Surface((half * 2, half * 2), pygame.SRCALPHA)
        cx = cy = half
        pts = base_art.shape_points("hexagon" if size == "large" else "diamond", (cx, cy), r)
        pygame.draw.polygon(img, dark, pts)
        pygame.draw.polygon(img, light, [(cx - r * 0.4, cy - r * 0.3), (cx, cy - r * 0.75),
                                         (cx + r * 0.2, cy - r * 0.2)])
        pygame.draw.polygon(img, BLACK, pts, 1)
        _GEMS[key] = img
    return img


def gem(surf, size, center, scale=1.0):
    """A gem centred at ``center`` (one blit of its kept picture)."""
    img = gem_surface(size, scale)
    half = img.get_width() // 2
    surf.blit(img, (round(center[0]) - half, round(center[1]) - half))


def die_face(face: str, size=52, torch=False) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (200, 40, 30) if torch else (245, 238, 220), rect, border_radius=9)
    pygame.draw.rect(surf, BLACK, rect, 2, border_radius=9)
    c = rect.center
    if face in ("large", "small"):
        gem(surf, face, c, 1.6 if face == "small" else 1.3)
    elif face == "villain":
        pygame.draw.circle(surf, (60, 50, 40), (c[0], c[1] + 4), size * 0.24)
        pygame.draw.ellipse(surf, BLACK, (c[0] - size * 0.36, c[1] - size * 0.12, size * 0.72,
                                          size * 0.14))
        pygame.draw.rect(surf, BLACK, (c[0] - size * 0.2, c[1] - size * 0.34, size * 0.4,
                                       size * 0.24), border_radius=3)
        for dx in (-0.09, 0.09):
            pygame.draw.circle(surf, (250, 240, 200), (c[0] + size * dx, c[1] + 4), 3)
    elif face == "torch":
        pygame.draw.line(surf, (120, 70, 30), (c[0], c[1] + size * 0.35), (c[0], c[1] - size * 0.05),
                         6)
        pygame.draw.polygon(surf, (255, 210, 60), [(c[0] - 9, c[1] - 2), (c[0], c[1] - size * 0.38),
                                                   (c[0] + 9, c[1] - 2)])
        pygame.draw.polygon(surf, (255, 120, 30), [(c[0] - 5, c[1] - 2), (c[0], c[1] - size * 0.26),
                                                   (c[0] + 5, c[1] - 2)])
    elif face == "snake":
        snake_icon(surf, c, size * 0.34, (30, 90, 30))
    return surf


TOKEN_MARKS = {"ignore": "snake", "interrupt": "bolt", "any": "star"}


def power_token(kind: str, up: bool = True, r=22) -> pygame.Surface:
    surf = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
    c = (r + 2, r + 2)
    face = (222, 170, 50) if up else (120, 110, 100)
    pygame.draw.circle(surf, face, c, r)
    pygame.draw.circle(surf, BLACK, c, r, 2)
    ink = BLACK if up else (70, 64, 60)
    if kind == "ignore":
        snake_icon(surf, c, r * 0.6, ink)
        pygame.draw.line(surf, (170, 20, 20) if up else ink, (c[0] - r * 0.6, c[1] - r * 0.6),
                         (c[0] + r * 0.6, c[1] + r * 0.6), 3)
    elif kind == "interrupt":
        pts = [(c[0] + r * 0.15, c[1] - r * 0.7), (c[0] - r * 0.35, c[1] + r * 0.1),
               (c[0] + r * 0.02, c[1] + r * 0.1), (c[0] - r * 0.15, c[1] + r * 0.7),
               (c[0] + r * 0.38, c[1] - r * 0.12), (c[0] + r * 0.02, c[1] - r * 0.12)]
        pygame.draw.polygon(surf, ink, pts)
    else:
        pts = []
        for i in range(10):
            rr = r * 0.7 if i % 2 == 0 else r * 0.3
            a = -math.pi / 2 + math.pi / 5 * i
            pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
        pygame.draw.polygon(surf, ink, pts)
    return surf


def figure(surf, colour_name: str, center, initial: str, text, patterns=True, r=15):
    base_art.draw_token(surf, colour_name, center, r, patterns)
    text.blit(surf, initial, center, 15, (255, 255, 255), bold=True, anchor="center",
              shadow=BLACK)


def villain_figure(surf, center, initial: str, text, r=17):
    cx, cy = center
    pygame.draw.circle(surf, (40, 34, 30), center, r)
    pygame.draw.ellipse(surf, BLACK, (cx - r * 1.3, cy - r * 0.95, r * 2.6, r * 0.5))
    pygame.draw.rect(surf, BLACK, (cx - r * 0.7, cy - r * 1.55, r * 1.4, r * 0.8), border_radius=4)
    pygame.draw.circle(surf, (200, 40, 30), center, r, 3)
    text.blit(surf, initial, (cx, cy + 2), 15, (255, 230, 200), bold=True, anchor="center")
