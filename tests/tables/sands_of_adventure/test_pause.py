"""Issue 31: pausing in the Timed Phase stops the sand and hides the table (an opaque pause
menu), so nobody plans on stopped time; in the Exploration Phase the pause shades the table."""

import pygame

from sandsofplay.ui.scenes.overlays import PauseScene
from tests.tables.helpers import play_until

from .test_table import find_seed, human_timed_turn, make_table


def _drawn_under(app, table) -> int:
    """How many times the table is drawn in one frame of the app."""
    calls = []
    real = table.draw

    def counted(surf, alpha):
        calls.append(1)
        real(surf, alpha)
    table.draw = counted
    try:
        app.frame(1 / 60)
    finally:
        del table.draw
    return len(calls)


def test_the_timed_phase_pause_covers_the_table_and_stops_the_sand(app, ui):
    """Rulebook, Timed Phase: the sand runs while the team plays - a pause stops it and covers
    the table."""
    table = find_seed(app, human_timed_turn)
    ui.frames(2)
    assert table.match.state.phase == "timed"
    tick = table.match.tick
    ui.key(pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene) and pause.covers and not pause.transparent
    for _ in range(30):
        assert _drawn_under(app, table) == 0  # the table is not drawn behind the menu
    assert table.match.tick == tick  # the sand stands still
    # nothing of the table shows through: where its hands lie, the menu's own picture
    shown = app.screen.copy()
    alone = pygame.Surface(shown.get_size())
    table.draw(alone, 0.0)
    hands = pygame.Rect(330, 580, 900, 90)
    same = sum(1 for x in range(hands.x, hands.right, 5) for y in range(hands.y, hands.bottom, 5)
               if shown.get_at((x, y)) == alone.get_at((x, y)))
    assert same < (hands.w // 5) * (hands.h // 5) // 20
    ui.key(pygame.K_ESCAPE)  # resume: the table again, and the sand runs on
    assert app.top is table
    ui.frames(5)
    assert table.match.tick > tick


def test_the_exploration_pause_still_shades_the_table(app, ui):
    """Rulebook, Exploration Phase: turn by turn, no clock - the pause menu lies over the
    table."""
    table = make_table(app, ("human", "bot:normal", "bot:normal"), seed=5)
    assert play_until(table, lambda s: s.phase == "explore")
    ui.frames(2)
    ui.key(pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene) and not pause.covers and pause.transparent
    assert _drawn_under(app, table) == 1
