"""Every scene and table at 1280x720, 1024x600 and 1920x1080 (issue 31: any window size). The
app draws a logical 1280x720 canvas that SDL scales to the window, letterboxed, both ways
(``ui.app``: the hint pygame reads for scaling by less than one is set; the first window on a
small desktop is fitted to it). So at each size every region must lie on the canvas, the
exclusive ones apart, and, shown at that size, each button must stay big enough to read and
touch, and a point inside it must map back inside it (the hit test follows the scaling)."""

import pygame
import pytest

from sandsofplay.ui import theme as T
from tests.tables.contract import layout_problems, registered_tables
from tests.tables.helpers import make_table

SIZES = ((1280, 720), (1024, 600), (1920, 1080))
MIN_BUTTON_PX = 20  # the shortest a button may be on the window (a finger's width is ~40)


def letterbox(size):
    """(scale, x offset, y offset) of the canvas in a window of ``size`` (SDL's logical size)."""
    w, h = size
    s = min(w / T.W, h / T.H)
    return s, (w - T.W * s) / 2, (h - T.H * s) / 2


def check_at_sizes(regions: dict) -> list[str]:
    problems = list(layout_problems(regions))
    for size in SIZES:
        s, ox, oy = letterbox(size)
        for name, r in regions.items():
            shown = pygame.Rect(round(ox + r.x * s), round(oy + r.y * s), round(r.w * s),
                                round(r.h * s))
            if not pygame.Rect((0, 0), size).contains(shown) and r.colliderect(
                    pygame.Rect(0, 0, T.W, T.H)) and pygame.Rect(0, 0, T.W, T.H).contains(r):
                problems.append(f"{name} off a {size} window")
            if name.startswith("button:") and shown.h < MIN_BUTTON_PX:
                problems.append(f"{name} is {shown.h} px tall on a {size} window")
            cx, cy = shown.center  # the window's point, mapped back to the canvas
            back = ((cx - ox) / s, (cy - oy) / s)
            if name.startswith("button:") and not r.inflate(2, 2).collidepoint(back):
                problems.append(f"{name}: a tap at its centre on {size} misses it")
    return problems


@pytest.mark.parametrize("game_id", registered_tables())
def test_each_table_at_three_window_sizes(app, game_id):
    table = make_table(app, game_id, ("human", "bot:easy"), 3)
    for _ in range(3):
        app.frame(1 / 60)
    assert check_at_sizes(table.regions()) == []


def scene_regions(scene) -> dict:
    out = {}
    for name, btn in getattr(scene, "buttons", {}).items():
        out[f"button:{name}"] = pygame.Rect(btn.rect)
    return out


@pytest.mark.parametrize("which", ["title", "seat setup", "settings", "history"])
def test_each_menu_scene_at_three_window_sizes(app, which):
    from sandsofplay.ui.scenes.history import HistoryScene
    from sandsofplay.ui.scenes.seat_setup import SeatSetupScene
    from sandsofplay.ui.scenes.settings import SettingsScene
    from sandsofplay.ui.scenes.title import TitleScene
    make = {"title": lambda: TitleScene(app), "seat setup": lambda: SeatSetupScene(app, "sand"),
            "settings": lambda: SettingsScene(app), "history": lambda: HistoryScene(app)}[which]
    scene = make()
    app.push(scene)
    app.apply_ops()
    app.frame(1 / 60)
    regions = scene_regions(scene)
    assert regions  # the scene has its buttons
    assert check_at_sizes(regions) == []
