"""Issue 30 point 3, the Load list: newest first, labels that tell saves apart, and Delete
(asked first; the autosave is not deleted from here)."""

import os
import time

import pygame

from sandsofplay.bots.driver import Driver as BotDriver
from sandsofplay.bots.levels import make_bot
from sandsofplay.engine import Match, Setup
from sandsofplay.games import get_game
from sandsofplay.ui import paths
from sandsofplay.ui.autosave import keep_unfinished, unfinished_autosave
from sandsofplay.ui.scenes.load import LoadScene
from sandsofplay.ui.scenes.message import MessageScene
from tests.support.ui_fixtures import Driver


def save(path, seats, steps, seed=1):
    game = get_game("sahwari")
    m = Match(game, Setup.make("sahwari", seats, seed=seed))
    BotDriver(m, {i: make_bot(game, "easy", i, i) for i in range(len(seats))}).run(
        max_steps=steps)
    m.save(str(path))
    return m


def open_load(app):
    app.push(LoadScene(app))
    app.apply_ops()
    app.frame(1 / 60)
    return app.top


def test_newest_first_and_labels_tell_saves_apart(app, home):
    saves = paths.saves_dir()
    old = saves / "z-old.json"
    save(old, ["human", "bot:easy"], 4)
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    # two games of one minute, same game and moves: their labels still differ
    save(saves / "a.json", ["human", "bot:easy"], 6)
    save(saves / "b.json", ["human", "bot:hard"], 6, seed=2)
    # an unfinished autosave kept into the saves folder keeps its own time (not the copy's)
    save(paths.autosave_path(), ["human", "bot:easy"], 8, seed=3)
    past = time.time() - 7200
    os.utime(paths.autosave_path(), (past, past))
    path, data = unfinished_autosave()
    kept = keep_unfinished(path, data)
    assert abs(os.stat(kept).st_mtime - past) < 2
    scene = open_load(app)
    names = [os.path.basename(p) for p, _ in scene.entries()]
    times = [os.stat(p).st_mtime for p, _ in scene.entries()]
    assert times == sorted(times, reverse=True)
    assert names.index("z-old.json") < names.index(os.path.basename(kept))
    labels = [label for _, label in scene.entries()]
    assert len(set(labels)) == len(labels)
    by = dict(zip(names, labels))
    assert "hard" in by["b.json"] and "hard" not in by["a.json"]


def test_delete_asks_first_and_the_autosave_stays(app, home):
    saves = paths.saves_dir()
    save(saves / "a.json", ["human", "bot:easy"], 3)
    save(paths.autosave_path(), ["human", "bot:easy"], 3)
    scene = open_load(app)
    names = [os.path.basename(p) for p, _ in scene.entries()]
    k_auto, k_a = names.index("autosave.json"), names.index("a.json")
    assert not scene.buttons[f"delete:{k_auto}"].is_enabled
    scene.ask_delete(scene.entries()[k_a][0])
    app.apply_ops()
    assert isinstance(app.top, MessageScene) and app.top.focused().name == "Keep it"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="", scancode=0))
    app.frame(1 / 60)
    app.apply_ops()
    assert app.top is scene and (saves / "a.json").exists()  # Enter keeps it
    scene.ask_delete(str(saves / "a.json"))
    app.apply_ops()
    Driver(app).click_button("Delete")
    assert not (saves / "a.json").exists() and paths.autosave_path().exists()
    assert [os.path.basename(p) for p, _ in scene.entries()] == ["autosave.json"]
