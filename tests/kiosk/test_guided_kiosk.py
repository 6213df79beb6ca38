"""The kiosk's visitor choice offers the guided first game (issue 32): "Learn to play" starts
the tutorial's set-up behind a start card, and the table has its coach."""

from __future__ import annotations

import pytest

from sandsofplay.kiosk import healing
from sandsofplay.kiosk.card import StartCard
from sandsofplay.kiosk.config import KioskConfig
from sandsofplay.kiosk.scenes import TakeoverScene
from sandsofplay.kiosk.visitors import tap, tap_button
from sandsofplay.ui.coach import is_guided, load_tutorial
from sandsofplay.ui.table import TableScene

DT = 1 / 60


@pytest.fixture
def kiosk(home):
    import sandsofplay.tables  # noqa: F401
    from sandsofplay.kiosk.app import make_kiosk
    app = make_kiosk(cfg=KioskConfig(games=["sahwari"], title_seconds=1, results_seconds=1,
                                     pace="fast"), problems=[], seed=3, fullscreen=False)
    app.start()
    yield app
    app.quit()
    healing.stop_logging()


def run_until(app, cond, seconds=60.0):
    for _ in range(int(seconds / DT)):
        if cond():
            return True
        app.frame(DT)
    return cond()


def test_the_visitor_choice_offers_learn_to_play_and_it_starts_a_guided_game(kiosk):
    app = kiosk
    assert run_until(app, lambda: isinstance(app.top, TableScene) and
                     len(app.table.match.log) >= 2, 120)
    demo = app.table
    assert demo.coach is None  # the demo is a normal game
    tap(app, (640, 300), touch=True)
    assert isinstance(app.top, TakeoverScene)
    assert "learn" in app.top.buttons
    tap_button(app, "learn")
    assert isinstance(app.top, StartCard) and app.mode == "visitor"
    assert run_until(app, lambda: isinstance(app.top, TableScene), 10)
    table = app.top
    assert is_guided(table.match.setup) and table.coach is not None
    assert table.match.setup.seed == load_tutorial("sahwari").seed
    assert table.humans == [0]


def test_with_four_seats_to_take_every_choice_still_fits_the_screen(kiosk):
    """Four seats, a new game, Learn to play and another game: seven big buttons, then the
    bots' level and Keep watching, all on the screen and none over another."""
    import pygame
    app = kiosk
    app.push(TakeoverScene(app, game_id="sahwari",
                           preview_seats=("Amira", "Tariq", "Layla", "Omar")))
    app.apply_ops()
    app.frame(DT)
    scene = app.top
    assert {"seat0", "seat3", "new", "learn", "choose", "level", "watch"} <= set(scene.buttons)
    rects = [pygame.Rect(item.rect) for item in scene.focus_items]
    screen = pygame.Rect(0, 0, 1280, 720)
    assert all(screen.contains(r) for r in rects), rects
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
