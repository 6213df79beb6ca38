"""The guided first game's framework (issue 32): tutorial files checked as they load, the coach's
keys (step on, explain, leave), a refused move with the step's nudge, leaving the guide midway,
and saves of a guided game that load and replay."""

from __future__ import annotations

import pytest

from sandsofplay.engine import Setup
from sandsofplay.games import get_game
from sandsofplay.ui import coach as coach_mod
from sandsofplay.ui.coach import (GUIDE_OPTION, TutorialError, has_tutorial, is_guided,
                                  load_tutorial, tutorial_path)
from sandsofplay.ui.coach_view import KEY_EXPLAIN, KEY_LEAVE, KEY_NEW, KEY_NEXT
from tests.support.guided import key, open_guided, play_guided
from tests.tables.contract import layout_problems, same_as_headless
from tests.tables.helpers import save_and_open

GAMES = ("sahwari", "sands_of_adventure", "sand", "burning_sands")
WITH_TUTORIAL = [g for g in GAMES if has_tutorial(g)]
GOOD = tutorial_path("sahwari").read_text(encoding="utf-8")


@pytest.mark.parametrize("game_id", WITH_TUTORIAL)
def test_every_tutorial_loads_and_suits_its_game(game_id):
    """Each tutorial's stages are stages of the game's flow, its seats and options suit it."""
    game = get_game(game_id)
    tut = load_tutorial(game_id, game=game)
    assert tut.steps and tut.seats[0].kind == "human"
    assert all(s.is_bot for s in tut.seats[1:])
    setup = tut.setup()
    assert is_guided(setup) and setup.seed == tut.seed
    game.new_state(setup)  # the rules accept the guided set-up (ui.* options are the app's)
    for step in tut.steps:
        assert step.section and step.text and step.title


def test_the_rules_never_see_the_guide_flag():
    """A set-up option named ui.* is the app's: the rules start the same game without it."""
    game = get_game("sahwari")
    plain = Setup.make("sahwari", ["human", "bot:easy"], 5)
    guided = plain.with_options(**{GUIDE_OPTION: "sahwari"})
    assert game.resolve_options(plain) == game.resolve_options(guided)
    with pytest.raises(ValueError):
        game.resolve_options(plain.with_options(nonsense=1))


BROKEN = [  # (what is in the good file, what the broken one has, what it says, step named)
    ("seed = 5\n", 'seed = "five"\n', "the seed is 'five'", None),
    ('seats = ["human", "bot:easy"]', 'seats = ["bot:easy", "human"]', "seat 1 must be", None),
    ('trigger = "stage:move"', 'trigger = "stage:mvoe"', "stage 'mvoe'", 5),
    ('trigger = "stage:colour"', 'trigger = "later"', "neither 'start'", 2),
    ('expect = "guild"', 'expect = "Guild camel!"', "expect 'Guild camel!'", 9),
    ('region = "panel:recruit"', 'region = ""', "'region' is missing or empty", 7),
    ('choose = "take pawn"', 'choose = "move 1 2"', "not an action of the kind", 6),
    ('title = "Your colour"', 'title = "Your colour"\nwhen = 3', "unknown key 'when'", 2),
    ("[[step]]\ntrigger = \"start\"", "[[step]\ntrigger = \"start\"", "not valid TOML", None),
]


@pytest.mark.parametrize("good,bad,says,step", BROKEN, ids=[b[2] for b in BROKEN])
def test_a_broken_tutorial_says_which_file_which_step_and_what(tmp_path, good, bad, says,
                                                                step):
    assert good in GOOD
    path = tmp_path / "sahwari.toml"
    path.write_text(GOOD.replace(good, bad, 1), encoding="utf-8")
    with pytest.raises(TutorialError) as err:
        load_tutorial("sahwari", path, game=get_game("sahwari"))
    msg = str(err.value)
    assert msg.startswith("Tutorial sahwari.toml") and says in msg, msg
    if step is not None:
        assert f" step {step} (" in msg, msg


def test_a_broken_tutorial_names_the_step_by_number_and_title(tmp_path):
    path = tmp_path / "sahwari.toml"
    path.write_text(GOOD.replace('expect = "guild"', 'expect = ""', 1), encoding="utf-8")
    with pytest.raises(TutorialError, match=r"step 9 \('Move the Guild'\): 'expect' is "
                                            r"missing or empty"):
        load_tutorial("sahwari", path)


def test_learn_to_play_on_the_seat_setup_starts_a_guided_game(app):
    from sandsofplay.ui.scenes.seat_setup import SeatSetupScene
    from tests.support.ui_fixtures import Driver
    app.push(SeatSetupScene(app, "sahwari"))
    app.apply_ops()
    app.frame(1 / 60)
    setup_scene = app.top
    Driver(app).click(setup_scene.buttons["learn"].rect.center)
    app.apply_ops()
    table = app.top
    assert table.match.setup == load_tutorial("sahwari").setup()
    assert table.coach is not None and table.humans == [0]
    assert table.match.to_save()["setup"]["options"][GUIDE_OPTION] == "sahwari"


def test_learn_to_play_on_the_title_starts_a_guided_game(app):
    from tests.support.ui_fixtures import Driver
    title = app.top
    Driver(app).click(title.buttons["learn:sahwari"].rect.center)
    app.apply_ops()
    assert app.top.coach is not None and is_guided(app.top.match.setup)


def test_n_steps_on_e_hides_and_reopens_l_leaves(app):
    table = open_guided(app, "sahwari")
    view, coach = table.coach, table.coach.coach
    app.frame(1 / 60)
    assert coach.showing and coach.index == 0 and view.mode() == "step"
    assert "panel:coach" in table.regions()
    key(app, KEY_EXPLAIN)
    assert view.mode() == "bar" and coach.index == 0
    key(app, KEY_EXPLAIN)
    assert view.mode() == "step"
    key(app, KEY_NEXT)
    assert coach.index == 1 and coach.showing  # shown at once, its trigger not waited for
    assert all(e.seat != 0 for e in table.match.log)  # stepping on plays nothing
    key(app, KEY_LEAVE)
    assert coach.left and "panel:coach" not in table.regions()
    assert not layout_problems(table.regions())


def test_a_refused_move_shows_the_rules_reason_and_the_steps_nudge(app):
    """[1. Move] The coach refuses nothing itself: the rules' reason is said, the step adds
    its nudge, and the step stays until the move is made."""
    table = open_guided(app, "sahwari")
    coach = table.coach.coach
    play_guided(app, table, until=lambda t: t.coach.coach.showing and
                t.coach.coach.step.expect == "move" and t.human_to_act() == 0)
    assert coach.step.expect == "move"
    from sandsofplay.engine.game import Action
    assert not table.perform(0, Action("move", (0, 0)))
    app.frame(1 / 60)
    assert table.toast.kind == "error" and table.toast.message
    assert table.coach.nudge == coach.step.nudge
    assert coach.step.expect == "move" and coach.showing


def test_leaving_the_guide_midway_the_game_goes_on_as_a_normal_game(app):
    table = open_guided(app, "sahwari")
    coach = table.coach.coach
    play_guided(app, table, until=lambda t: t.coach.coach.index >= 6)
    at = coach.index
    key(app, KEY_LEAVE)
    assert coach.left and table.coach.rect is None
    n = len(table.match.log)
    # the rest is a normal game: played to its end by the table's gestures
    from tests.tables.contract import play_by_gestures
    play_by_gestures(app, table, seed=3, max_frames=80000)
    assert table.match.is_over() and len(table.match.log) > n
    assert coach.index == at  # the coach never came back
    assert same_as_headless(table.match)


def test_a_saved_guided_game_resumes_with_the_coach_where_it_stood(app, tmp_path):
    """Decision: a guided game's save opens as a guided game, the coach at the step it had
    reached (caught up by replaying the log); its replay shows no coach."""
    table = open_guided(app, "sahwari")
    play_guided(app, table, until=lambda t: t.coach.coach.index >= 8)
    at, showing = table.coach.coach.index, table.coach.coach.showing
    opened, top = save_and_open(app, table.match, tmp_path / "guided.json")
    assert opened is not None
    resumed = app.top
    assert resumed is not table and resumed.match.log == table.match.log
    assert resumed.coach is not None
    assert (resumed.coach.coach.index, resumed.coach.coach.showing) == (at, showing)
    stats = play_guided(app, resumed)
    assert resumed.coach.coach.done and not stats["problems"]
    assert same_as_headless(resumed.match)
    from sandsofplay.ui.table import open_replay_data
    open_replay_data(app, resumed.match.to_save())
    app.apply_ops()
    replay = app.top
    assert replay.mode == "replay" and replay.coach is None


def test_a_rematch_of_a_guided_game_with_another_seed_is_a_normal_game(app):
    from sandsofplay.ui.table import start_table
    setup = load_tutorial("sahwari").setup()
    start_table(app, Setup(setup.game, setup.seats, setup.options, setup.seed + 1))
    app.apply_ops()
    assert app.top.coach is None


def test_a_guided_game_whose_file_is_broken_is_a_normal_game(app, monkeypatch):
    def broken(game_id, path=None, game=None):
        raise TutorialError("Tutorial sahwari.toml: it is not valid TOML.")
    monkeypatch.setattr("sandsofplay.ui.coach_view.load_tutorial", broken)
    from sandsofplay.ui.table import start_table
    start_table(app, coach_mod.load_tutorial("sahwari").setup())
    app.apply_ops()
    assert app.top.coach is None and app.top.mode == "play"


def test_the_panel_works_by_touch_and_a_tap_on_it_never_reaches_the_table(app):
    """A finger on the panel's buttons steps on; the table under the panel hears nothing."""
    from tests.support.ui_fixtures import Driver
    table = open_guided(app, "sahwari")
    view, coach = table.coach, table.coach.coach
    app.frame(1 / 60)
    heard = []
    table.handle_input = lambda event: heard.append(event.type)
    nxt = next(r for name, _label, r in view.buttons if name == "next")
    Driver(app).touch(nxt.center)
    assert coach.index == 1 and coach.showing
    import pygame
    assert pygame.MOUSEBUTTONDOWN not in heard and pygame.MOUSEBUTTONUP not in heard
    leave = next(r for name, _label, r in view.buttons if name == "leave")
    Driver(app).touch(leave.center)
    assert coach.left


def test_the_guide_ends_free_to_finish_the_game_or_start_a_real_one(app):
    """Stepped on to its end (N), the guide offers a real game (the seat setup) or closes;
    the guided game is still there to finish."""
    from sandsofplay.ui.scenes.seat_setup import SeatSetupScene
    table = open_guided(app, "sahwari")
    view, coach = table.coach, table.coach.coach
    for _ in range(len(coach.steps)):
        key(app, KEY_NEXT)
    assert coach.done and view.mode() == "end"
    assert "panel:coach" in table.regions() and not layout_problems(table.regions())
    assert [name for name, *_ in view.buttons] == ["new", "leave"]
    key(app, KEY_NEW)  # (the button's key: keyboard alone reaches it)
    app.apply_ops()
    assert isinstance(app.top, SeatSetupScene) and app.top.game.id == "sahwari"
    app.pop()
    app.apply_ops()
    assert app.top is table and not table.match.is_over() and view.rect is None
