"""Issue 28: opening a save (load, continue, replay) in the app's loop replays it a slice a frame
under a progress bar (``ui.scenes.loading``), every hash still checked. What it opens is what
opening it at once gives; a damaged save says what it said before and replaces nothing; a slice
stops at the first step that reaches its budget (counted in steps, on a clock the test drives)."""

import json
import os
import shutil

import pygame
import pytest

from sandsofplay.engine import Match, SaveError
from sandsofplay.engine.game import run_steps
from sandsofplay.engine.replay import Replay
from sandsofplay.engine.savefile import CHECK_HASH
from sandsofplay.games import get_game
from sandsofplay.ui import paths
from sandsofplay.ui.scenes.loading import LOAD_BUDGET_S, LoadingScene
from sandsofplay.ui.scenes.message import MessageScene
from sandsofplay.ui.scenes.title import TitleScene
from sandsofplay.ui.table import TableScene, open_replay, open_save

FIXTURES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "engine",
                        "fixtures")
GAMES = ("sand", "sahwari", "burning_sands", "sands_of_adventure")


def fixture(gid, folder):
    """A copy of the version-3 fixture save of a game (134-150 actions, 4 players)."""
    path = os.path.join(str(folder), f"{gid}.json")
    shutil.copy(os.path.join(FIXTURES, f"{gid}_v3.json"), path)
    return path


def in_slices(app, budget=LOAD_BUDGET_S, limit=2000):
    """Run frames as the app's loop does (a slice of the opening a frame) until a table is on
    top or the loading scene has gone; returns the loading scene seen."""
    seen = None
    for _ in range(limit):
        top = app.top
        if isinstance(top, LoadingScene):
            seen = top
        elif isinstance(top, TableScene) or (seen is not None and seen.finished):
            break
        app.frame(1 / 60)
    return seen


@pytest.mark.parametrize("gid", GAMES)
def test_a_save_opened_a_slice_a_frame_is_the_save_opened_at_once(app, gid, tmp_path):
    """Version-3 saves: opened through the loading scene, the table's match has the log, every
    check hash and the state of ``Match.load``'s, and the table's log shows what it shows for a
    match loaded at once."""
    path = fixture(gid, tmp_path)
    direct = Match.load(path, get_game)
    app.load_budget_s = 1e-9  # a step a frame (a slice's length does not change what it makes)
    scene = open_save(app, path, ask=False)
    assert isinstance(scene, LoadingScene)
    app.apply_ops()
    assert app.top is scene
    seen = in_slices(app)
    assert seen is scene and scene.finished and len(scene.slices) > len(direct.log)
    table = app.top
    assert isinstance(table, TableScene) and table.mode == "play"
    m = table.match
    assert [tuple(e) for e in m.log] == [tuple(e) for e in direct.log]
    assert m.hashes == direct.hashes == json.load(open(path))["hashes"]
    assert m.check_hash() == direct.check_hash() == CHECK_HASH[3](m.game, m.state)
    assert m.save_version == 3
    # the resumed table's log: the texts kept while loading equal a replay of the log
    assert m.replayed_texts is not None
    lines = table.past_log_lines(10 ** 6)
    m.replayed_version = -1  # (the table then plays the log again, as before issue 28)
    assert table.past_log_lines(10 ** 6) == lines and lines


def test_continue_goes_through_the_loading_scene(app, ui, tmp_path):
    """The title's Continue opens the autosave the same way."""
    shutil.copy(os.path.join(FIXTURES, "sahwari_v3.json"), paths.autosave_path())
    app.load_budget_s = LOAD_BUDGET_S
    ui.title_tile("sahwari")  # a fresh title, which sees the autosave
    ui.click_button("continue")
    app.apply_ops()
    assert isinstance(app.top, LoadingScene)
    in_slices(app)
    assert isinstance(app.top, TableScene)
    assert app.top.match.hashes == json.load(open(paths.autosave_path()))["hashes"]


def test_a_replay_opened_a_slice_a_frame_is_the_replay_built_at_once(app, tmp_path):
    path = fixture("burning_sands", tmp_path)
    data = Match.read_save(path)
    direct = Replay(data, get_game("burning_sands"))
    app.load_budget_s = LOAD_BUDGET_S
    assert isinstance(open_replay(app, path, at=40), LoadingScene)
    in_slices(app)
    table = app.top
    assert isinstance(table, TableScene) and table.mode == "replay"
    assert table.replay.hashes == direct.hashes == data["hashes"]
    assert table.replay_index == 40 and not table.replay_playing
    assert table.match.check_hash() == direct.hash_at(40)


def damaged(path):
    """The save with one recorded hash changed (the 60th)."""
    data = json.load(open(path))
    data["hashes"][59] = "0" * len(data["hashes"][59])
    with open(path, "w") as fh:
        json.dump(data, fh)
    return path


@pytest.mark.parametrize("way", ["load", "replay"])
def test_a_damaged_save_still_says_why_and_replaces_nothing(app, tmp_path, way):
    """A hash that differs, found part-way through the slices: the same message as opening it
    at once, over the title; the autosave is untouched."""
    path = damaged(fixture("sand", tmp_path))
    with pytest.raises(SaveError) as at_once:
        Match.load(path, get_game)
    assert "after action #60" in str(at_once.value)
    paths.autosave_path().write_text("kept as it was")
    app.load_budget_s = 1e-9  # a step a frame: the failure comes many frames in
    if way == "load":
        open_save(app, path)
    else:
        open_replay(app, path)
    seen = in_slices(app)
    app.apply_ops()
    assert seen is not None and len(seen.slices) > 60  # (it failed part-way, not at once)
    top = app.top
    assert isinstance(top, MessageScene)
    assert top.title_text == ("Cannot load that game" if way == "load" else
                              "Cannot play that replay")
    assert top.message == str(at_once.value)
    assert isinstance(app.stack[-2], TitleScene)
    assert paths.autosave_path().read_text() == "kept as it was"


def test_a_save_that_is_not_a_save_says_so_in_the_loading_scene(app, tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text("{not json")
    app.load_budget_s = LOAD_BUDGET_S
    open_save(app, str(bad))
    in_slices(app)
    app.apply_ops()
    assert isinstance(app.top, MessageScene) and "broken.json" in app.top.message


def test_escape_goes_back_and_opens_nothing(app, ui, tmp_path):
    path = fixture("burning_sands", tmp_path)
    app.load_budget_s = LOAD_BUDGET_S
    scene = open_save(app, path, ask=False)
    app.apply_ops()
    app.frame(1 / 60)
    app.frame(1 / 60)
    ui.key(pygame.K_ESCAPE)
    app.apply_ops()
    assert scene.finished and isinstance(app.top, TitleScene)
    for _ in range(5):
        app.frame(1 / 60)
    assert isinstance(app.top, TitleScene)


class StepClock:
    """A clock the steps move: each step costs what the test says."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def costed(steps, clock, cost):
    """The steps, each advancing ``clock`` by ``cost(i)`` as it is taken."""
    i = 0
    while True:
        try:
            got = next(steps)
        except StopIteration as end:
            return end.value
        clock.now += cost(i)
        i += 1
        yield got


@pytest.mark.parametrize("cost,expect", [
    (lambda i: 1.0, 8),  # steps of 1: eight reach the budget of 8 exactly
    (lambda i: 3.0, 3),  # steps of 3: the third reaches it (9: one step over, no more)
    (lambda i: 20.0, 1),  # a step longer than the budget runs alone
])
def test_a_slice_stops_at_the_first_step_that_reaches_its_budget(app, tmp_path, cost, expect):
    """Counted in steps, not time: each slice but the last runs exactly the steps that reach
    the budget, so it runs over it by less than one step's cost. The match it opens is the
    save's, hashes checked."""
    path = fixture("burning_sands", tmp_path)
    data = Match.read_save(path)
    game = get_game("burning_sands")
    clock = StepClock()
    got = []
    scene = LoadingScene(app, "test", costed(Match.from_save_steps(data, game), clock, cost),
                         got.append, pytest.fail, budget_s=8.0, clock=clock)
    while not scene.finished:
        scene.run_slice()
    steps = len(data["log"]) + 1  # (one step before the first action)
    assert sum(scene.slices) == steps
    assert all(n == expect for n in scene.slices[:-1])
    assert scene.slices[-1] <= expect  # (the last may find only the end)
    assert got[0].hashes == data["hashes"]


def test_one_slice_a_frame_whatever_the_fixed_steps(app, tmp_path):
    """A long frame runs several fixed updates; the loading scene still runs one slice in it."""
    path = fixture("sahwari", tmp_path)
    app.load_budget_s = 1e-9  # a step a slice
    scene = open_save(app, path, ask=False)
    app.apply_ops()
    app.frame(1 / 60)  # drawn once first
    assert scene.slices == []
    app.frame(0.08)  # ~5 fixed steps
    app.frame(0.08)
    assert scene.slices == [1, 1]


def test_the_app_loop_opens_saves_in_slices(app):
    """``App.run`` turns on the sliced opening (headless drivers keep it off: at once)."""
    assert app.load_budget_s is None
    app.running = False  # (run sets the budgets, then its loop ends at once)
    app.run()
    assert app.load_budget_s == LOAD_BUDGET_S <= 0.010


def test_replay_steps_raise_what_the_replay_raises():
    path = os.path.join(FIXTURES, "sand_v3.json")
    data = json.load(open(path))
    data["hashes"][10] = "f" * len(data["hashes"][10])
    game = get_game("sand")
    with pytest.raises(SaveError) as whole:
        Replay(data, game)
    with pytest.raises(SaveError) as stepped:
        run_steps(Replay.steps(data, game))
    assert str(whole.value) == str(stepped.value) and "after action #11" in str(whole.value)
