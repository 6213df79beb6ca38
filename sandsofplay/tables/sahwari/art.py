"""The Sahwari table's art, all drawn in code: desert tiles on their three sides and the Guild
tile, camels, Artifact cubes, Recruit pawns, caravan tokens, Strategy and Lock tokens, Recruit
cards, ability icons and the Guildmaster's cards. Every colour also has its own mark, so colour is
never the only cue. Surfaces that do not change are made once and cached by the table."""

from __future__ import annotations

import math

import pygame

from ...games.sahwari.setup import SEAT_COLOUR_OF_CAMEL
from ...ui import art as base_art
from ...ui import theme as T

BLACK = (26, 20, 16)
CUBE_RGB = (214, 170, 60)

# the camels' colours (the Guild's are red) are the players' colours of the app, colour and mark
# alike (ui.theme.PLAYER_COLOURS): a player's camels, Lock tokens, clan panel, curtain and results
# show one colour (issue 31)
PLAYER_OF_CAMEL = SEAT_COLOUR_OF_CAMEL
CAMEL_OF_PLAYER = {p: c for c, p in PLAYER_OF_CAMEL.items()}
CAMEL = {c: T.PLAYER_COLOURS[p] for c, p in PLAYER_OF_CAMEL.items()}
CAMEL[""] = ((150, 140, 130), "circle")
# Recruit card edge colours with their marks
EDGE = {
    "green": ((58, 150, 80), "triangle"),
    "blue": ((50, 100, 196), "circle"),
    "red": ((196, 58, 46), "square"),
    "gold": ((222, 176, 40), "diamond"),
}
CARAVAN = {"small": ((236, 200, 60), (150, 110, 20)), "guarded": ((60, 110, 200), (20, 40, 110))}

ABILITY_NAMES = {
    "recruit": "Recruitment", "spy": "Spying", "artifact": "Artifact", "theft": "Theft",
    "sandstorm": "Sandstorm", "refresh": "Refresh", "rally": "Rally", "attack": "Attack",
    "strategy": "Attack (Strategy token)", "clan": "Clan ability", "influence": "Influence",
}
ABILITY_HELP = {
    "recruit": "Recruitment: take one of the four cards of the Recruitment area.",
    "spy": "Spying: peek at a hidden caravan token on the board or in another clan.",
    "artifact": "Artifact: take an Artifact cube from the supply.",
    "theft": "Theft: collect a resource on a tile next to a Guild camel (solo and 3-player "
             "variant: next to one of your camels), even if a camel is on it.",
    "sandstorm": "Sandstorm: move any camel to any free tile; it collects nothing there.",
    "refresh": "Refresh: discard the four Recruitment cards and reveal four new ones.",
    "rally": "Rally: take any caravan token on the board, even under a camel.",
    "attack": "Attack: from your camel or a Guild camel, hit a camel next to it (the owner loses "
              "a cube) or remove a caravan token next to it or under it.",
    "clan": "Clan ability: counts when both sides of the card are activated.",
}


mark = base_art.mark  # the shared colour mark (ui/art.py)


def lighten(rgb, t=0.5):
    return base_art.lerp_colour(rgb, (255, 255, 255), t)


def darken(rgb, t=0.4):
    return base_art.lerp_colour(rgb, (0, 0, 0), t)


# --- ability icons ----------------------------------------------------------------------------

def _pts(center, r, *units):
    """Points given in units of ``r`` around ``center``."""
    cx, cy = center
    return [(cx + r * x, cy + r * y) for x, y in units]


def icon(surf, ability: str, center, r: float, ink=BLACK, value: int = 0, text=None):
    """A small icon for an ability (``r`` is about half its width)."""
    cx, cy = center
    r = max(3.0, r)
    w = max(1, int(r / 4))
    if ability == "recruit":  # a person
        pygame.draw.circle(surf, ink, (cx, cy - r * 0.45), r * 0.32)
        pygame.draw.polygon(surf, ink, _pts(center, r, (-.6, .8), (-.35, -.05), (.35, -.05),
                                            (.6, .8)))
    elif ability == "spy":  # an eye
        pygame.draw.ellipse(surf, ink, (cx - r, cy - r * 0.5, 2 * r, r), w)
        pygame.draw.circle(surf, ink, (cx, cy), r * 0.3)
    elif ability == "artifact":  # a cube
        cube(surf, center, r * 1.5, CUBE_RGB)
    elif ability == "theft":  # a sack
        pygame.draw.circle(surf, ink, (cx, cy + r * 0.25), r * 0.62)
        pygame.draw.polygon(surf, ink, _pts(center, r, (-.3, -.2), (-.45, -.85), (.45, -.85),
                                            (.3, -.2)))
        pygame.draw.line(surf, (240, 230, 200), (cx - r * 0.3, cy - r * 0.35),
                         (cx + r * 0.3, cy - r * 0.35), 1)
    elif ability == "sandstorm":  # a swirl
        pts = []
        for i in range(22):
            a = i * 0.55
            rr = r * (0.15 + 0.85 * i / 21)
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        pygame.draw.lines(surf, ink, False, pts, w + 1)
    elif ability == "refresh":  # two arrows in a circle
        rect = pygame.Rect(0, 0, 2 * r * 0.8, 2 * r * 0.8)
        rect.center = center
        pygame.draw.arc(surf, ink, rect, 0.3, 2.8, w + 1)
        pygame.draw.arc(surf, ink, rect, 3.4, 5.9, w + 1)
        pygame.draw.polygon(surf, ink, _pts(center, r, (.85, -.05), (.45, -.05), (.7, .35)))
        pygame.draw.polygon(surf, ink, _pts(center, r, (-.85, .05), (-.45, .05), (-.7, -.35)))
    elif ability == "rally":  # a flag
        pygame.draw.line(surf, ink, (cx - r * 0.5, cy + r), (cx - r * 0.5, cy - r), w + 1)
        pygame.draw.polygon(surf, ink, [(cx - r * 0.5, cy - r), (cx + r * 0.8, cy - r * 0.55),
                                        (cx - r * 0.5, cy - r * 0.1)])
    elif ability in ("attack", "strategy"):  # crossed swords
        for s in (-1, 1):
            a, b = _pts(center, r, (-.8 * s, .8), (.8 * s, -.8))
            pygame.draw.line(surf, ink, a, b, w + 1)
            pygame.draw.line(surf, ink, (cx - r * 0.75 * s - r * 0.25, cy + r * 0.35),
                             (cx - r * 0.75 * s + r * 0.25, cy + r * 0.75), w + 1)
    elif ability == "clan":  # a crown
        pygame.draw.polygon(surf, ink, [(cx - r * 0.8, cy + r * 0.5), (cx - r * 0.8, cy - r * 0.5),
                                        (cx - r * 0.4, cy), (cx, cy - r * 0.7), (cx + r * 0.4, cy),
                                        (cx + r * 0.8, cy - r * 0.5), (cx + r * 0.8, cy + r * 0.5)])
    elif ability == "influence":  # a laurel coin with the value
        pygame.draw.circle(surf, (240, 214, 120), center, r * 0.95)
        pygame.draw.circle(surf, ink, center, r * 0.95, 1)
        if text is not None:
            text.blit(surf, f"{value:+d}" if value < 0 else str(value), center,
                      max(9, int(r * 1.2)), ink, bold=True, anchor="center")
    else:
        pygame.draw.circle(surf, ink, center, r * 0.5, 1)


# --- pieces -----------------------------------------------------------------------------------

def cube(surf, center, size, colour=CUBE_RGB):
    """An Artifact cube drawn in three faces."""
    cx, cy = center
    s = size / 2
    top = [(cx, cy - s), (cx + s, cy - s * 0.5), (cx, cy), (cx - s, cy - s * 0.5)]
    left = [(cx - s, cy - s * 0.5), (cx, cy), (cx, cy + s), (cx - s, cy + s * 0.5)]
    right = [(cx + s, cy - s * 0.5), (cx, cy), (cx, cy + s), (cx + s, cy + s * 0.5)]
    pygame.draw.polygon(surf, lighten(colour, 0.35), top)
    pygame.draw.polygon(surf, colour, left)
    pygame.draw.polygon(surf, darken(colour, 0.25), right)
    pygame.draw.polygon(surf, BLACK, top + [right[2], left[3]], 1)
    pygame.draw.lines(surf, BLACK, False, [(cx, cy), (cx, cy + s)], 1)


def pawn(surf, center, size, colour=(236, 230, 214)):
    """A Recruit pawn: head and body."""
    cx, cy = center
    s = size / 2
    pygame.draw.polygon(surf, colour, [(cx - s * 0.7, cy + s), (cx - s * 0.3, cy - s * 0.1),
                                       (cx + s * 0.3, cy - s * 0.1), (cx + s * 0.7, cy + s)])
    pygame.draw.polygon(surf, BLACK, [(cx - s * 0.7, cy + s), (cx - s * 0.3, cy - s * 0.1),
                                      (cx + s * 0.3, cy - s * 0.1), (cx + s * 0.7, cy + s)], 1)
    pygame.draw.circle(surf, colour, (cx, cy - s * 0.45), s * 0.42)
    pygame.draw.circle(surf, BLACK, (cx, cy - s * 0.45), s * 0.42, 1)


def camel_surface(colour: str, guild: bool, size=34, patterns=True) -> pygame.Surface:
    """A camel in its colour with its colour's mark on the saddle (the Guild's carry a crown)."""
    w, h = size, int(size * 0.8)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rgb, shape = CAMEL.get(colour, CAMEL[""])
    k = size / 34
    body = [(4, 14), (8, 8), (13, 6), (16, 10), (19, 5), (24, 7), (26, 12), (28, 9), (28, 4),
            (31, 3), (33, 6), (31, 8), (30, 14), (27, 18), (6, 18)]
    body = [(x * k, y * k) for x, y in body]
    for x in (7, 11, 22, 26):
        pygame.draw.line(surf, darken(rgb, 0.35), (x * k, 16 * k), (x * k, h - 1),
                         max(2, int(3 * k)))
    pygame.draw.polygon(surf, rgb, body)
    pygame.draw.polygon(surf, BLACK, body, max(1, int(1.5 * k)))
    c = (int(16 * k), int(12 * k))
    if guild:
        icon(surf, "clan", c, 4.5 * k, ink=(250, 230, 150))
    elif patterns:
        mark(surf, shape, c, 4.6 * k, lighten(rgb, 0.6))
    return surf


def caravan_surface(kind: str, token=None, used=False, r=11, text=None) -> pygame.Surface:
    """A caravan token: camel side (yellow small, blue guarded with a shield ring) or, once seen,
    its ability side with the abilities and Influence."""
    surf = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
    c = (r + 1, r + 1)
    face, ring = CARAVAN[kind]
    if token is None:  # camel side
        pygame.draw.circle(surf, face, c, r)
        pygame.draw.circle(surf, ring, c, r, 2)
        if kind == "guarded":
            pygame.draw.circle(surf, (230, 230, 240), c, r - 4, 1)
        cam = camel_surface("", False, int(r * 1.4), patterns=False)
        cam.fill((60, 40, 20, 255), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(cam, cam.get_rect(center=c))
        return surf
    abilities, influence = token
    pygame.draw.circle(surf, (250, 240, 214) if not used else (190, 180, 160), c, r)
    pygame.draw.circle(surf, ring, c, r, 2)
    items = list(abilities)
    n = len(items) + (1 if influence else 0)
    if n == 0:
        return surf
    step = (2 * r - 6) / max(1, n)
    x = c[0] - (n - 1) * step / 2
    for a in items:
        icon(surf, a, (int(x), c[1]), min(r * 0.45, step * 0.5), text=text)
        x += step
    if influence:
        col = (150, 20, 20) if influence < 0 else BLACK
        if text is not None:
            text.blit(surf, f"{influence:+d}", (int(x), c[1]), max(9, int(r * 0.8)), col, bold=True,
                      anchor="center")
    if used:
        pygame.draw.line(surf, (120, 100, 80), (4, 2 * r - 2), (2 * r - 2, 4), 2)
    return surf


def strategy_token(surf, center, r, lock=False):
    """A Strategy token: Attack side (crossed swords on red) or Lock side (a padlock on grey)."""
    cx, cy = center
    pygame.draw.circle(surf, (170, 50, 40) if not lock else (120, 114, 108), center, r)
    pygame.draw.circle(surf, BLACK, center, r, 1)
    if lock:
        padlock(surf, center, r * 0.8, (240, 236, 228))
    else:
        icon(surf, "attack", center, r * 0.62, ink=(250, 236, 210))


def padlock(surf, center, r, ink=BLACK):
    cx, cy = center
    body = pygame.Rect(0, 0, r * 1.3, r)
    body.midtop = (cx, cy - r * 0.1)
    pygame.draw.rect(surf, ink, body, border_radius=2)
    shackle = pygame.Rect(0, 0, r * 0.9, r * 1.0)
    shackle.midbottom = (cx, cy + 1)
    pygame.draw.arc(surf, ink, shackle, 0, math.pi, max(1, int(r / 4)))


def lock_token(surf, center, r, colour):
    """A player's Lock token (in their camel colour, with its mark)."""
    rgb, shape = CAMEL.get(colour, CAMEL[""])
    pygame.draw.circle(surf, rgb, center, r)
    pygame.draw.circle(surf, BLACK, center, r, 1)
    padlock(surf, center, r * 0.7, lighten(rgb, 0.75))


# --- tiles ------------------------------------------------------------------------------------

def tile_surface(side: str, size: int, one=False, name="", text=None, seed=0) -> pygame.Surface:
    """A tile: Resources side (warm sand), Desert (dunes), Oasis (water and a palm) or the Guild."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect().inflate(-4, -4)
    if side == "resources":
        pygame.draw.rect(surf, (236, 206, 150), rect, border_radius=8)
        for i in range(5):
            y = rect.y + 12 + i * (rect.h - 18) / 5 + (seed * 7 + i * 5) % 6
            pygame.draw.arc(surf, (222, 188, 128), (rect.x + 6 + (seed * 13 + i * 17) % 30, y,
                                                    rect.w * 0.6, 10), 0.2, 2.9, 1)
        pygame.draw.rect(surf, (176, 126, 66), rect, 2, border_radius=8)
    elif side == "desert":
        pygame.draw.rect(surf, (204, 156, 92), rect, border_radius=8)
        for i in range(4):
            pts = [(rect.x + 2 + x, rect.y + 18 + i * rect.h / 4.4 +
                    5 * math.sin((x + seed * 11 + i * 23) / 11)) for x in range(0, rect.w - 2, 4)]
            pygame.draw.lines(surf, (178, 126, 62), False, pts, 2)
        pygame.draw.rect(surf, (140, 92, 44), rect, 2, border_radius=8)
    elif side == "oasis":
        pygame.draw.rect(surf, (214, 186, 124), rect, border_radius=8)
        pool = pygame.Rect(0, 0, rect.w * 0.62, rect.h * 0.36)
        pool.center = (rect.centerx, rect.centery + rect.h * 0.16)
        pygame.draw.ellipse(surf, (60, 150, 160), pool)
        pygame.draw.ellipse(surf, (150, 220, 220), pool.inflate(-pool.w * 0.5, -pool.h * 0.6))
        tx, ty = rect.x + rect.w * 0.22, rect.y + rect.h * 0.62
        pygame.draw.line(surf, (110, 70, 30), (tx, ty), (tx + 4, ty - rect.h * 0.4), 3)
        top = (tx + 4, ty - rect.h * 0.4)
        for a in (-2.6, -2.0, -1.2, -0.5):
            leaf = (top[0] + 16 * math.cos(a), top[1] + 12 * math.sin(a) + 8)
            pygame.draw.line(surf, (40, 120, 60), top, leaf, 3)
        pygame.draw.rect(surf, (40, 120, 110), rect, 2, border_radius=8)
    else:  # guild
        pygame.draw.rect(surf, (176, 92, 52), rect, border_radius=8)
        pygame.draw.rect(surf, (120, 56, 28), rect.inflate(-8, -8), 2, border_radius=6)
        dome = pygame.Rect(0, 0, rect.w * 0.34, rect.h * 0.3)
        dome.midbottom = (rect.centerx, rect.y + rect.h * 0.36)
        pygame.draw.ellipse(surf, (236, 206, 150), dome)
        hall = (rect.centerx - rect.w * 0.24, rect.y + rect.h * 0.26, rect.w * 0.48,
                rect.h * 0.12)
        pygame.draw.rect(surf, (236, 206, 150), hall)
        if text is not None:
            text.blit(surf, "GUILD", (rect.centerx, rect.y + rect.h * 0.44), 12, (250, 236, 210),
                      bold=True, anchor="midtop")
        pygame.draw.rect(surf, (90, 40, 20), rect, 2, border_radius=8)
    if text is not None and name:
        text.blit(surf, name, (rect.x + 4, rect.y + 2), 11,
                  (250, 236, 210) if side == "guild" else (120, 84, 44))
    if one and side == "resources":
        pygame.draw.circle(surf, (250, 240, 220), (rect.right - 11, rect.y + 11), 8)
        pygame.draw.circle(surf, (120, 84, 44), (rect.right - 11, rect.y + 11), 8, 1)
        if text is not None:
            text.blit(surf, "1", (rect.right - 11, rect.y + 11), 11, BLACK, bold=True,
                      anchor="center")
    return surf


# --- cards ------------------------------------------------------------------------------------

def edge_band(surf, rect, edge, text, vertical=True):
    """One edge of a card or dashboard: its colour band with the colour's mark and its ability."""
    rgb, shape = EDGE[edge.colour]
    pygame.draw.rect(surf, rgb, rect, border_radius=4)
    r = min(rect.w, rect.h) / 2
    mark(surf, shape, (rect.centerx, rect.y + r * 0.9 + 2), r * 0.55, lighten(rgb, 0.6))
    c = (rect.centerx, rect.centery + rect.h * 0.12)
    if edge.ability == "influence":
        icon(surf, "influence", c, r * 0.8, value=edge.value, text=text)
    else:
        pygame.draw.circle(surf, (250, 244, 230), c, r * 0.85)
        icon(surf, edge.ability, c, r * 0.6, text=text)


def card_surface(card, w, h, text) -> pygame.Surface:
    """A Recruit card: its left and right edges (colour, mark, ability); Clan Ability cards name
    their ability in the middle; printed Influence shows on the edges."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, T.PARCHMENT, rect, border_radius=6)
    band = max(14, int(w * 0.3))
    edge_band(surf, pygame.Rect(2, 2, band, h - 4), card.left, text)
    edge_band(surf, pygame.Rect(w - band - 2, 2, band, h - 4), card.right, text)
    if card.clan:
        mid = pygame.Rect(band + 2, 4, w - 2 * band - 4, h - 8)
        pygame.draw.rect(surf, (120, 70, 140), mid, border_radius=3)
        if text is not None and w >= 56:
            img = text.render(card.clan[:4].upper(), 10, (250, 240, 250), bold=True)
            img = pygame.transform.rotate(img, 90)
            surf.blit(img, img.get_rect(center=mid.center))
    if text is not None:
        text.blit(surf, str(card.id), (w // 2, h - 3), 9, (110, 80, 50), anchor="midbottom")
    pygame.draw.rect(surf, (90, 64, 40), rect, 1, border_radius=6)
    return surf


def card_back(w, h) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (96, 56, 30), rect, border_radius=6)
    pygame.draw.rect(surf, (190, 140, 70), rect.inflate(-8, -8), 2, border_radius=5)
    cam = camel_surface("", False, int(w * 0.6), patterns=False)
    cam.fill((200, 150, 80, 255), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(cam, cam.get_rect(center=rect.center))
    pygame.draw.rect(surf, BLACK, rect, 1, border_radius=6)
    return surf


# --- the Guildmaster ----------------------------------------------------------------------------

WANT_LABEL = {"artifact": "Artifact cube", "pawn": "Recruit pawn", "small": "Small caravan",
              "guarded": "Guarded caravan"}


def want_icon(surf, want, center, r):
    if want == "artifact":
        cube(surf, center, r * 1.7)
    elif want == "pawn":
        pawn(surf, center, r * 1.8)
    else:
        face, ring = CARAVAN[want]
        pygame.draw.circle(surf, face, center, r)
        pygame.draw.circle(surf, ring, center, r, 2)


def gm_action_surface(card, w, h, text) -> pygame.Surface:
    """A Guildmaster card's Action side: the wanted resource, the Block number and priority
    diagram, and the extra ability."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (90, 30, 26), rect, border_radius=8)
    pygame.draw.rect(surf, (230, 190, 120), rect.inflate(-6, -6), 1, border_radius=6)
    text.blit(surf, "Wants", (w // 2, 5), 12, (250, 230, 200), anchor="midtop")
    want_icon(surf, card.want, (w // 2, 30), 10)
    text.blit(surf, WANT_LABEL[card.want], (w // 2, 42), 10, (250, 230, 200), anchor="midtop")
    cy = 56 + (h - 80) // 2
    if card.block:
        cx = w // 2
        for d, (dx, dy) in {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}.items():
            rank = card.dirs.index(d) + 1
            c = (cx + dx * 13, cy + dy * 13)
            pygame.draw.rect(surf, (240, 220, 180), (c[0] - 6, c[1] - 6, 12, 12), border_radius=2)
            text.blit(surf, str(rank), c, 9, BLACK, bold=True, anchor="center")
        pygame.draw.circle(surf, (196, 44, 40), (cx, cy), 7)
        text.blit(surf, str(card.block), (cx, cy), 10, (255, 255, 255), bold=True, anchor="center")
    else:
        text.blit(surf, "no block", (w // 2, cy), 10, (200, 170, 150), anchor="center")
    if card.extra:
        pygame.draw.circle(surf, (250, 240, 220), (w // 2, h - 12), 9)
        icon(surf, card.extra, (w // 2, h - 12), 6)
    return surf


def gm_move_surface(card, w, h, text) -> pygame.Surface:
    """A Guildmaster card's Move side: a small grid with the starting corner and the arrow."""
    from ...games.sahwari.board import gm_path
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (60, 40, 70), rect, border_radius=8)
    cell = (w - 12) / 5
    ox, oy = 6, (h - cell * 5) / 2
    for i in range(25):
        r, c = divmod(i, 5)
        pygame.draw.rect(surf, (110, 90, 120), (ox + c * cell + 1, oy + r * cell + 1, cell - 2,
                                                cell - 2), border_radius=2)
    path = gm_path(card.start, card.path)
    pts = [(ox + (p % 5 + 0.5) * cell, oy + (p // 5 + 0.5) * cell) for p in path]
    pygame.draw.lines(surf, (250, 220, 120), False, pts, 2)
    pygame.draw.circle(surf, (250, 220, 120), pts[0], 4)
    x1, y1 = pts[-2]
    x2, y2 = pts[-1]
    a = math.atan2(y2 - y1, x2 - x1)
    head = [(x2 + 5 * math.cos(a + d), y2 + 5 * math.sin(a + d)) for d in (0, 2.4, -2.4)]
    pygame.draw.polygon(surf, (250, 220, 120), head)
    return surf
