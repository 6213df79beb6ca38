"""Art drawn in code: dunes and sky, panels, player tokens with shapes and patterns, emblems."""

from __future__ import annotations

import math

import pygame

from . import theme as T


def lerp_colour(a, b, t):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


def vertical_gradient(size, top, bottom) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface((1, h))
    for y in range(h):
        surf.set_at((0, y), lerp_colour(top, bottom, y / max(1, h - 1)))
    return pygame.transform.scale(surf, (w, h))


def desert_background(size=(T.W, T.H), seed: int = 3, sun=True) -> pygame.Surface:
    """Sky, sun and three layers of dunes."""
    gen = desert_background_steps(size, seed, sun)
    while True:
        try:
            next(gen)
        except StopIteration as done:
            return done.value


def desert_background_steps(size=(T.W, T.H), seed: int = 3, sun=True):
    """``desert_background`` a part at a time (a generator returning the surface), so a scene
    can have it made over a few idle frames instead of in one long one."""
    w, h = size
    # the sky's gradient a band a step (scaling a column to the whole screen is milliseconds)
    column = vertical_gradient((1, h), T.SKY_TOP, T.SKY_LOW)
    yield
    surf = pygame.Surface(size)
    band = -(-h // 4)
    for y in range(0, h, band):
        part = column.subsurface((0, y, 1, min(band, h - y)))
        surf.blit(pygame.transform.scale(part, (w, part.get_height())), (0, y))
        yield
    if sun:
        for r, a in ((120, 30), (90, 60), (64, 255)):
            glow = pygame.Surface((r * 2, r * 2), pygame.SRCALPHA)
            pygame.draw.circle(glow, (*T.SUN, a), (r, r), r)
            surf.blit(glow, (int(w * 0.72) - r, int(h * 0.36) - r))
        yield
    layers = ((0.55, (176, 112, 62), 0.8), (0.68, T.DUNE, 1.3), (0.82, T.SAND, 2.1))
    for k, (base, colour, freq) in enumerate(layers):
        pts = [(0, h)]
        for x in range(0, w + 16, 16):
            y = h * base + 26 * math.sin((x / w) * math.pi * freq + seed + k * 1.7) \
                + 12 * math.sin((x / w) * math.pi * freq * 2.3 + k)
            pts.append((x, y))
        pts.append((w, h))
        pygame.draw.polygon(surf, colour, pts)
        # ridge highlight
        pygame.draw.lines(surf, lerp_colour(colour, (255, 240, 210), 0.35), False, pts[1:-1], 2)
        yield
    return surf.convert() if pygame.display.get_surface() else surf


def panel(size, colour=T.PARCHMENT, border=T.DUNE_DARK, radius=14, alpha=240) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (*colour, alpha), rect, border_radius=radius)
    pygame.draw.rect(surf, border, rect, 3, border_radius=radius)
    return surf


def mark(surf, shape, center, r, colour, outline=(26, 20, 16)):
    """A colour's shape mark (circle, square, triangle, diamond, hexagon...), outlined, so
    colours never have to be told apart by hue alone (the tables' shared colour marks)."""
    pts = shape_points(shape, center, r)
    if pts is None:
        pygame.draw.circle(surf, colour, center, r)
        pygame.draw.circle(surf, outline, center, r, 1)
    else:
        pygame.draw.polygon(surf, colour, pts)
        pygame.draw.polygon(surf, outline, pts, 1)


def shape_points(shape: str, center, r: float):
    cx, cy = center
    if shape == "square":
        return [(cx - r * .85, cy - r * .85), (cx + r * .85, cy - r * .85),
                (cx + r * .85, cy + r * .85), (cx - r * .85, cy + r * .85)]
    if shape == "triangle":
        return [(cx, cy - r), (cx + r * .95, cy + r * .8), (cx - r * .95, cy + r * .8)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "hexagon":
        return [(cx + r * math.cos(math.pi / 3 * i), cy + r * math.sin(math.pi / 3 * i))
                for i in range(6)]
    if shape == "star":
        pts = []
        for i in range(10):
            rr = r if i % 2 == 0 else r * 0.45
            a = -math.pi / 2 + math.pi / 5 * i
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        return pts
    return None  # circle


def draw_token(surf, colour_name: str, center, r: float, patterns: bool = True, outline=T.INK):
    """A player's token: their colour *and* their shape, plus a hatching pattern if enabled."""
    rgb, shape = T.PLAYER_COLOURS.get(colour_name, ((150, 150, 150), "circle"))
    pts = shape_points(shape, center, r)
    if pts is None:
        pygame.draw.circle(surf, rgb, center, r)
        pygame.draw.circle(surf, outline, center, r, 2)
    else:
        pygame.draw.polygon(surf, rgb, pts)
        pygame.draw.polygon(surf, outline, pts, 2)
    if patterns:
        idx = T.COLOUR_ORDER.index(colour_name) if colour_name in T.PLAYER_COLOURS else 0
        light = lerp_colour(rgb, (255, 255, 255), 0.55)
        cx, cy = center
        if idx % 3 == 0:
            pygame.draw.circle(surf, light, center, max(2, int(r * 0.28)))
        elif idx % 3 == 1:
            pygame.draw.line(surf, light, (cx - r * .4, cy), (cx + r * .4, cy), 3)
        else:
            pygame.draw.line(surf, light, (cx - r * .3, cy - r * .3), (cx + r * .3, cy + r * .3), 3)
            pygame.draw.line(surf, light, (cx - r * .3, cy + r * .3), (cx + r * .3, cy - r * .3), 3)


_GLOWS: dict = {}


def glow_rect(surf, rect, colour=T.GLOW, width=4, radius=12, pulse: float = 1.0):
    """A soft glowing frame around ``rect`` (surfaces cached by size and pulse step)."""
    rect = pygame.Rect(rect)
    key = (rect.w, rect.h, tuple(colour), width, radius, round(pulse * 8))
    g = _GLOWS.get(key)
    if g is None:
        g = pygame.Surface((rect.w + 16, rect.h + 16), pygame.SRCALPHA)
        p = key[-1] / 8
        for i, a in enumerate((50, 90, 160)):
            pygame.draw.rect(g, (*colour, int(a * p)), g.get_rect().inflate(-i * 5, -i * 5),
                             width, border_radius=radius + 6 - i * 2)
        if len(_GLOWS) > 400:
            _GLOWS.clear()
        # the frame's lines lie within ``band`` of its edges (the rounded corners included):
        # only those four strips are blended, not the clear middle
        band = 10 + width + radius + 2
        gw, gh = g.get_size()
        if 2 * band >= min(gw, gh):  # too small to have a clear middle: blended whole
            strips = [((0, 0), g.get_rect())]
        else:
            strips = [((0, 0), pygame.Rect(0, 0, gw, band)),
                      ((0, gh - band), pygame.Rect(0, gh - band, gw, band)),
                      ((0, band), pygame.Rect(0, band, band, gh - 2 * band)),
                      ((gw - band, band), pygame.Rect(gw - band, band, band, gh - 2 * band))]
        g = _GLOWS[key] = (g, strips)
    img, strips = g
    x, y = rect.x - 8, rect.y - 8
    for (dx, dy), area in strips:
        surf.blit(img, (x + dx, y + dy), area)


# --- emblems for the title tiles --------------------------------------------------------------

def emblem(game_id: str, size=(200, 130)) -> pygame.Surface:
    w, h = size
    s = pygame.Surface(size, pygame.SRCALPHA)
    cx, cy = w // 2, h // 2
    if game_id == "sand":
        pygame.draw.circle(s, T.SUN, (int(w * .72), int(h * .3)), 22)
        for k, col in enumerate((T.DUNE_DARK, T.DUNE, T.SAND)):
            pts = [(0, h)] + [(x, h * (.55 + .12 * k) + 10 * math.sin(x / 24 + k)) for x in
                               range(0, w + 8, 8)] + [(w, h)]
            pygame.draw.polygon(s, col, pts)
        # camel silhouette
        body = [(60, 80), (70, 66), (82, 62), (92, 70), (100, 62), (112, 64), (120, 78),
                (130, 70), (138, 56), (146, 58), (142, 74), (132, 86), (120, 90), (70, 90)]
        pygame.draw.polygon(s, T.INK, body)
        for x in (72, 82, 112, 122):
            pygame.draw.line(s, T.INK, (x, 88), (x, 108), 4)
    elif game_id == "sahwari":
        cell = 20
        ox, oy = cx - cell * 5 // 2, cy - cell * 5 // 2
        for i in range(5):
            for j in range(5):
                col = T.OASIS if (i, j) == (2, 2) else (T.SAND if (i + j) % 2 else T.DUNE)
                pygame.draw.rect(s, col, (ox + i * cell, oy + j * cell, cell - 2, cell - 2),
                                 border_radius=3)
        pygame.draw.circle(s, T.TERRACOTTA, (ox + 3 * cell + 9, oy + cell + 9), 7)
        pygame.draw.circle(s, (120, 70, 160), (ox + cell + 9, oy + 3 * cell + 9), 7)
    elif game_id == "burning_sands":
        for k in range(7):
            a = math.pi * (0.15 + 0.7 * k / 6)
            pygame.draw.line(s, (240, 120 + k * 12, 40), (cx, h - 10),
                             (cx + 70 * math.cos(a) * -1, h - 10 - 80 * math.sin(a)), 5)
        for sign in (-1, 1):
            pygame.draw.line(s, (220, 220, 230), (cx - 50 * sign, h - 20), (cx + 40 * sign, 20), 7)
            pygame.draw.line(s, T.GOLD, (cx - 35 * sign, h - 38), (cx - 20 * sign, h - 50), 6)
    else:  # sands_of_adventure: a sand timer on its pivot
        pygame.draw.line(s, T.INK, (cx - 60, h - 12), (cx + 60, h - 12), 6)
        pygame.draw.polygon(s, T.DUNE_DARK, [(cx - 10, h - 12), (cx + 10, h - 12), (cx, cy)])
        glass = [(cx - 28, 14), (cx + 28, 14), (cx + 4, cy), (cx + 28, h - 26), (cx - 28, h - 26),
                 (cx - 4, cy)]
        pygame.draw.polygon(s, (230, 240, 245), glass)
        pygame.draw.polygon(s, T.SAND, [(cx - 18, 30), (cx + 18, 30), (cx + 3, cy - 4),
                                        (cx - 3, cy - 4)])
        pygame.draw.polygon(s, T.SAND, [(cx - 22, h - 28), (cx + 22, h - 28), (cx, h - 46)])
        pygame.draw.line(s, T.SAND, (cx, cy), (cx, h - 44), 2)
        pygame.draw.polygon(s, T.INK, glass, 3)
        pygame.draw.rect(s, T.TERRACOTTA, (cx - 36, 6, 72, 10), border_radius=4)
        pygame.draw.rect(s, T.TERRACOTTA, (cx - 36, h - 28, 72, 10), border_radius=4)
        for gx, col in ((cx - 16, (60, 170, 90)), (cx + 2, (70, 120, 220)), (cx + 16, (220, 60, 60))):
            pygame.draw.circle(s, col, (gx, 4), 5)
    return s
