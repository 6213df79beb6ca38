"""Where the place names go on the desert board: each name beside its place, clear of every other
name and of every place's marker (its cubes, Camp tile, Song flag). Pure geometry, so the layout
test can check it at every zoom step."""

from __future__ import annotations

import pygame

GAP = 17  # from a place's centre to the edge of its name below or above it


def marker_rect(c) -> pygame.Rect:
    """What is drawn at a place: its marker (r 15), the city's cube row, the Song flag, the
    Minor Tribe count."""
    return pygame.Rect(c[0] - 16, c[1] - 20, 42, 36)


def candidates(c, size):
    w, h = size
    x, y = c
    return [
        pygame.Rect(x - w // 2, y + GAP, w, h),  # below
        pygame.Rect(x + 28, y - h // 2, w, h),  # right (past the cubes)
        pygame.Rect(x - 18 - w, y - h // 2, w, h),  # left
        pygame.Rect(x - w // 2 - w // 3, y + GAP, w, h),  # below, leaning left
        pygame.Rect(x - w // 2 + w // 3, y + GAP, w, h),  # below, leaning right
        pygame.Rect(x - w // 2, y - 22 - h, w, h),  # above (over the worms' place)
        pygame.Rect(x - w // 2, y + GAP + h, w, h),  # further below
    ]


def place_labels(items, bounds: pygame.Rect, pad=2) -> dict:
    """``items``: [(key, centre, (w, h))]; returns key -> Rect, the first candidate of each that
    stays in ``bounds`` and clear (by ``pad``) of the names placed before it and of every place's
    marker but its own; when none is clear, the least covered."""
    markers = {k: marker_rect(c) for k, c, _s in items}
    placed: dict = {}
    for key, c, size in items:
        best, best_cost = None, None
        for r in candidates(c, size):
            r = r.clamp(bounds)
            grown = r.inflate(2 * pad, 2 * pad)
            cost = 0
            for other, m in markers.items():
                if other != key and grown.colliderect(m):
                    cost += _area(grown.clip(m)) + 1000
            for q in placed.values():
                if grown.colliderect(q):
                    cost += _area(grown.clip(q)) + 1000
            if best_cost is None or cost < best_cost:
                best, best_cost = r, cost
            if cost == 0:
                break
        placed[key] = best
    return placed


def _area(r: pygame.Rect) -> int:
    return r.w * r.h


def overlaps(rects: dict, markers: dict) -> list[str]:
    """Names that touch another name or another place's marker (for the layout test)."""
    out = []
    keys = sorted(rects)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            if rects[a].colliderect(rects[b]):
                out.append(f"the names of {a} and {b} overlap")
        for b, m in markers.items():
            if b != a and rects[a].colliderect(m):
                out.append(f"the name of {a} covers the place {b}")
    return out
