"""Headless UI tests of the app shell, driven with real pygame events."""

import json
import os

import pygame
import pytest

from sandsofplay.ui.scenes.error import ErrorScene
from sandsofplay.ui.scenes.message import MessageScene
from sandsofplay.ui.scenes.seat_setup import SeatSetupScene
from sandsofplay.ui.scenes.settings import SettingsScene
from sandsofplay.ui.scenes.title import TitleScene
from sandsofplay.ui.scene import Scene


def test_title_shows_every_game_and_coming_soon_cannot_start(app, ui, monkeypatch):
    from sandsofplay.ui import table as table_registry
    title = app.top
    assert isinstance(title, TitleScene)
    ids = [gi.id for gi, _, _ in title.tiles]
    assert ids[:4] == ["sand", "sahwari", "burning_sands", "sands_of_adventure"]
    # every game has a table now: take one out of the registry to see a game without one
    monkeypatch.delitem(table_registry._TABLES, "burning_sands")
    soon_rect = title.tiles[2][1]
    ui.click(soon_rect.center)
    assert isinstance(app.top, MessageScene) and "coming soon" in app.top.message
    ui.key(pygame.K_RETURN)
    assert isinstance(app.top, TitleScene)
    ui.click(title.tiles[0][1].center)  # Sand is playable: its seat setup opens
    assert isinstance(app.top, SeatSetupScene) and app.top.game.id == "sand"


def test_mouse_flow_title_setup_settings_back(app, ui):
    tiny = next(r for gi, r, _ in app.top.tiles if gi.id == "tiny")
    ui.click(tiny.center)
    assert isinstance(app.top, SeatSetupScene)
    assert app.top.count == 2
    ui.click_button("more")
    assert app.top.count == 3
    ui.click_button("kind:1")  # bot: normal -> bot: hard
    assert app.top.seats[1].level == "hard"
    ui.click_button("back")
    assert isinstance(app.top, TitleScene)
    ui.click_button("settings")
    assert isinstance(app.top, SettingsScene)
    ui.click_button("setting:volume")
    assert app.settings.volume == 80
    ui.click_button("done")
    assert isinstance(app.top, TitleScene)
    saved = json.loads((app.home_dir / "settings.json").read_text()) if hasattr(app, "home_dir") \
        else json.loads(open(os.path.join(os.environ["SANDSOFPLAY_HOME"], "settings.json")).read())
    assert saved["volume"] == 80


def test_keyboard_reaches_every_menu(app, ui):
    title = app.top
    names = [item.name for item in title.focus_items]
    # Tab to the settings button and press Enter
    while title.focused().name != "settings":
        ui.key(pygame.K_TAB)
    ui.key(pygame.K_RETURN)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    while settings.focused().name != "setting:bot_speed":
        ui.key(pygame.K_DOWN)
    ui.key(pygame.K_RIGHT)
    assert app.settings.bot_speed == "fast"
    ui.key(pygame.K_LEFT)
    ui.key(pygame.K_LEFT)
    assert app.settings.bot_speed == "slow"
    ui.key(pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
    # a game tile by keyboard opens its seat setup; Escape goes back
    assert "game:tiny" in names
    while app.top.focused().name != "game:tiny":
        ui.key(pygame.K_RIGHT)
    ui.key(pygame.K_SPACE)
    assert isinstance(app.top, SeatSetupScene)
    setup = app.top
    while setup.focused().name != "option:clock":
        ui.key(pygame.K_TAB)
    ui.key(pygame.K_RIGHT)
    assert setup.options["clock"] == 2
    # type a name into the first seat's field
    while setup.focused().name != "text:name0":
        ui.key(pygame.K_TAB)
    ui.type("Zed")  # Tab gave the field the keyboard, its text selected
    ui.key(pygame.K_RETURN)
    assert setup.make_setup(seed=1).seats[0].name == "Zed"
    while setup.focused().name != "start":
        ui.key(pygame.K_TAB)
    ui.key(pygame.K_RETURN)
    assert app.top.name == "the Climb table"
    ui.key(pygame.K_ESCAPE)
    assert app.top.name == "the pause menu"
    while app.top.focused().name != "quit to title":
        ui.key(pygame.K_DOWN)
    ui.key(pygame.K_RETURN)
    assert isinstance(app.top, TitleScene)


def test_touch_opens_settings(app, ui):
    ui.touch(ui.button("settings").rect.center)
    assert isinstance(app.top, SettingsScene)


class Boom(Scene):
    name = "a broken scene"

    def update(self):
        raise RuntimeError("the sand got into the gears")


def test_scene_that_raises_shows_error_scene_and_app_keeps_running(app, ui, home):
    app.push(Boom(app))
    ui.frames(3)
    assert isinstance(app.top, ErrorScene)
    assert "the sand got into the gears" in app.top.message
    assert app.running
    log = (home / "errors.log").read_text()
    assert "RuntimeError" in log and "Traceback" in log
    ui.key(pygame.K_RETURN)  # the focused button leads back to the title
    assert isinstance(app.top, TitleScene)
    ui.frames(5)
    assert app.running


def test_error_while_drawing_is_caught(app, ui):
    class BadDraw(Scene):
        name = "a scene that cannot draw"

        def draw(self, surf, alpha):
            raise ValueError("no paint left")

    app.push(BadDraw(app))
    ui.frames(3)
    assert isinstance(app.top, ErrorScene) and "no paint left" in app.top.message


def test_corrupt_save_gives_clear_message_and_changes_no_file(app, ui, home):
    from sandsofplay.ui.table import open_save
    bad = home / "broken.json"
    bad.write_text('{"format": "sandsofplay-save", "version": 1, "game": "tiny", "setup": {')
    before = {p: p.read_bytes() for p in home.rglob("*") if p.is_file()}
    open_save(app, str(bad))
    app.apply_ops()
    assert isinstance(app.top, MessageScene)
    assert "damaged" in app.top.message and "broken.json" in app.top.message
    after = {p: p.read_bytes() for p in home.rglob("*") if p.is_file()}
    assert after == before


def test_corrupt_settings_file_is_reported_defaults_used_file_unchanged(home):
    from sandsofplay.ui.app import make_app
    path = home / "settings.json"
    path.write_text('{"volume": "loud"')
    a = make_app()
    try:
        a.reset(a.home_factory(a))
        a.apply_ops()
        a.frame(1 / 60)
        assert isinstance(a.top, MessageScene)
        assert "damaged" in a.top.message and str(path) in a.top.message
        assert a.settings.volume == 70
        assert path.read_text() == '{"volume": "loud"'
    finally:
        a.quit()


@pytest.mark.parametrize("content", ['{"volume": 500}', '[1, 2]', '{"colour": 1}'])
def test_settings_values_are_validated(home, content):
    from sandsofplay.ui import settings as S
    path = home / "settings.json"
    path.write_text(content)
    s, problem = S.load(path)
    assert problem and s == S.Settings()
    assert path.read_text() == content


def test_settings_saved_over_damaged_file_keeps_it_aside(home):
    from sandsofplay.ui import settings as S
    path = home / "settings.json"
    path.write_text("garbage")
    S.save(S.Settings(volume=30), path)
    kept = list(home.glob("settings.json.damaged-*"))
    assert len(kept) == 1 and kept[0].read_text() == "garbage"
    assert S.load(path)[0].volume == 30


def test_logical_resolution_is_1280x720(app):
    assert app.screen.get_size() == (1280, 720)
    # with a real display SDL scales it to any window or full screen (pygame.SCALED); headless
    # runs use the plain logical surface
    assert app.display_flags in (0, pygame.SCALED | pygame.RESIZABLE)


def test_a_table_that_cannot_load_says_why_on_the_title(app, ui, monkeypatch):
    """A damaged data or map file: the game's tile explains, nothing crashes."""
    from sandsofplay.ui import table_registry as table_mod
    monkeypatch.delitem(table_mod._TABLES, "sands_of_adventure")
    monkeypatch.setitem(table_mod._PROBLEMS, "sands_of_adventure",
                        "cards.toml: card #3: 'colours' is missing")
    _info, rect, _ok = ui.title_tile("sands_of_adventure")
    ui.click(rect.center)
    assert isinstance(app.top, MessageScene)
    assert "cards.toml" in app.top.message and "cannot be opened" in app.top.message


def test_loading_tables_survives_damaged_game_data(monkeypatch):
    """tables.load_all keeps going when a game's data file is malformed and records why."""
    import sandsofplay.tables as tables
    from sandsofplay.engine import DataError
    from sandsofplay.ui import table_registry as table_mod

    def broken(name):
        raise DataError("tiles.toml: tile #2: 'a_dice' must be an integer")

    monkeypatch.setattr(tables.importlib, "import_module", broken)
    monkeypatch.setattr(table_mod, "_PROBLEMS", {})
    assert tables.load_all() == []
    assert "tiles.toml" in table_mod.table_problem("sands_of_adventure")
