"""Issue 10 (no frame over 16 ms at the table): a table is set out a slice a frame behind a
plain cloth (ui/table_entry), then hands over to play; the results' picture is made while the
finished table waits; the glyphs of fonts load a piece at a time; scenes a reset puts under the
top are entered when they are uncovered. Behaviour only: nothing here is timed."""

import pygame
import pytest

from sandsofplay.engine import SeatSpec, Setup
from sandsofplay.ui import theme as T
from sandsofplay.ui.scenes.overlays import PauseScene, ResultsScene
from sandsofplay.ui.scenes.title import TitleScene
from sandsofplay.ui.table import start_table
from tests.tables.contract import registered_tables


def bots(game_id, n=4, level="hard"):
    from sandsofplay.games import get_game
    game = get_game(game_id)
    n = max(game.min_seats, min(n, game.max_seats))
    return Setup(game_id, tuple(SeatSpec("bot", level, f"Bot {i + 1}") for i in range(n)), (), 7)


def staged(app, game_id, budget=0.0):
    """Start a bot game as the app does, the entry in slices of ``budget`` (0: a step a frame)."""
    app.entry_budget_s = budget
    start_table(app, bots(game_id))
    app.frame(1 / 60)
    return app.top


@pytest.mark.parametrize("game_id", registered_tables())
def test_a_table_is_set_out_a_step_a_frame_then_plays(app, game_id):
    """While it is set out: a plain cloth, no bot acts, no button yet, input waits; then the
    table draws itself, its buttons are there, and the bots play."""
    table = staged(app, game_id)
    assert app.top is table and table.entering is not None
    assert isinstance(app.stack[0], TitleScene) and not app.stack[0].elements  # not built yet
    frames = 1
    while table.entering is not None and frames < 5000:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                             unicode="", scancode=0))
        app.frame(1 / 60)
        frames += 1
        assert app.top is table  # Escape did not open the pause menu over a half-set table
        assert not table.match.log  # no bot acted while the table was set out
        if table.entering is not None:
            assert not any(e.visible for e in table.elements)  # buttons show with the table
            assert app.screen.get_at((5, 5))[:3] == T.NIGHT  # the plain cloth
    assert table.entering is None and frames > 5  # it took several frames, a step each
    assert table.elements and all(e.visible for e in table.elements)  # Menu, Hint...
    assert next(table.prewarm(), None) is None  # the warming is used up, nothing left to do
    for _ in range(600):
        app.frame(1 / 60)
        if table.match.log:
            break
    assert table.match.log  # the bots play once the table is set out
    assert app.screen.get_at((5, 5))[:3] != T.NIGHT or game_id == "sand"  # the table drawn


def test_the_kiosk_warming_and_the_entry_share_one_generator(app):
    """``prewarm`` hands every caller the same steps: what the kiosk's title card has run is
    not made again when the table enters."""
    from sandsofplay.engine import Match
    from sandsofplay.games import get_game
    from sandsofplay.ui.table import table_class
    setup = bots("sands_of_adventure")
    table = table_class(setup.game)(app, Match(get_game(setup.game), setup))
    warming = table.prewarm()
    assert table.prewarm() is warming
    steps = sum(1 for _ in warming)
    assert steps > 10
    assert next(table.prewarm(), None) is None
    app.entry_budget_s = 0.0
    app.reset(TitleScene(app), table)
    app.frame(1 / 60)
    made = dict(app.images._cache)
    while table.entering is not None:
        app.frame(1 / 60)
    # the entry made no card face or cloth again: those cached before are the same objects
    assert all(app.images._cache.get(k) is v for k, v in made.items()
               if k[0] in ("soa-card", "soa-cloth") and k in app.images._cache)


def test_without_a_budget_a_table_is_set_out_in_enter(app):
    """``entry_budget_s = None`` (headless tools, the tests' app): ``enter`` does it all."""
    start_table(app, bots("sahwari"))
    app.apply_ops()
    assert app.top.entering is None and app.top.elements


def test_the_results_picture_is_made_while_the_finished_table_waits(app, ui):
    """The results' first frame only shows a picture made a slice a frame before it; the
    results scene draws that picture."""
    start_table(app, Setup("tiny", (SeatSpec.parse("bot:hard"), SeatSpec.parse("bot:normal")),
                           (), 2))
    app.apply_ops()
    table = app.top
    table.driver.pace_ticks = 0
    ready_before = []
    for _ in range(4000):
        ui.frames(1)
        if isinstance(app.top, ResultsScene):
            break
        if table.match.is_over():
            ready_before.append(table.results_picture is not None)
    assert isinstance(app.top, ResultsScene)
    assert ready_before and not ready_before[0] and ready_before[-1]  # made over some frames
    assert ("results-bg",) in app.images._cache  # the kiosk's results read the background
    surf = pygame.Surface((T.W, T.H))
    app.top.draw(surf, 0.0)
    assert surf.get_at((T.W // 2, 5)) == table.results_picture.get_at((T.W // 2, 5))


def test_fonts_load_their_glyphs_a_piece_at_a_time(app):
    fonts = T.Fonts()
    steps = fonts.warm_steps(((13, True), (17, False)))
    assert not fonts.is_warm(13, True)
    next(steps)
    assert not fonts.is_warm(13, True)  # an eighth of its characters so far
    for _ in steps:
        pass
    assert fonts.is_warm(13, True) and fonts.is_warm(17, False)
    assert list(fonts.warm_steps(((13, True),))) == []  # nothing left to load


def test_a_scene_under_a_reset_top_is_entered_when_uncovered(app):
    """The title under a new table costs the table's first frame nothing: it is built when
    the table is popped (or drawn under a see-through scene)."""
    start_table(app, bots("sahwari"))
    app.apply_ops()
    title, table = app.stack
    assert not title.elements
    app.push(PauseScene(app, table))
    app.frame(1 / 60)
    assert not title.elements  # the pause menu shows the table, not the title
    app.pop()
    app.pop()
    app.apply_ops()
    assert app.top is title and title.elements  # entered now, its buttons shown
    assert all(e.visible for e in title.elements)


def test_the_results_buttons_come_one_a_frame(app):
    """The results' first frame makes one button; the others follow a frame each, in order."""
    start_table(app, bots("sahwari"))
    app.apply_ops()
    table = app.top
    app.push(ResultsScene(app, table))
    app.apply_ops()
    results = app.top
    assert list(results.buttons) == ["board"]
    for _ in range(3):
        app.frame(1 / 60)
    assert list(results.buttons) == ["board", "replay", "again", "home"]
    # the keyboard starts on the harmless button (issue 30 point 2: Enter starts no game)
    assert results.focused().name == "board"


def test_the_apps_own_loop_sets_tables_out_in_slices(app, monkeypatch):
    """Headless drivers (tools, tests) get a table set out at once; ``App.run``, the loop a
    player sees, sets them out a slice a frame."""
    from sandsofplay.ui.app import ENTRY_BUDGET_S
    assert app.entry_budget_s is None
    monkeypatch.setattr(app, "quit", lambda: None)
    app.running = False  # the loop ends at once
    app.run()
    assert app.entry_budget_s == ENTRY_BUDGET_S



def test_a_hot_seat_table_makes_its_curtain_while_it_is_set_out(app, monkeypatch):
    """Two people at one screen: the curtain's background is made a part a frame while the
    table is set out, so the first curtain only shows it (issue 28: its first frame built it);
    a game with one human makes none."""
    from sandsofplay.ui import art
    from sandsofplay.ui.scenes.overlays import CurtainScene
    made = []
    real = art.desert_background_steps
    monkeypatch.setattr(art, "desert_background_steps",
                        lambda *a, **k: (made.append(k), (yield from real(*a, **k)))[1])
    app.entry_budget_s = 0.0
    start_table(app, Setup("sahwari", (SeatSpec.parse("bot:easy"), SeatSpec.parse("human")), (),
                           3))
    app.frame(1 / 60)
    while app.top.entering is not None:
        app.frame(1 / 60)
    assert getattr(app, "curtain_background", None) is None and not made  # one human: none
    start_table(app, Setup("sahwari", (SeatSpec("human", "", "Ann"), SeatSpec("human", "", "Bo")),
                           (), 3))
    app.frame(1 / 60)
    table = app.top
    frames = 0
    while table.entering is not None:
        app.frame(1 / 60)
        frames += 1
    assert app.curtain_background is not None and len(made) == 1
    curtain = CurtainScene(app, "Bo", "red")
    app.push(curtain)
    app.apply_ops()
    assert curtain.background is app.curtain_background and len(made) == 1  # not made again
