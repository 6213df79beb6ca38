"""Issue 33 (an outside fault-injection run), points 1-6 and the small ones: each defect as it was
reported, reproduced through the app's own entry points."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap

import pytest

from sandsofplay.engine import A, Match, SaveError, SeatSpec, Setup, store
from sandsofplay.engine.names import field_name, name_ok, normalise, visible
from sandsofplay.engine.savefile import MAX_SEED, read_save
from sandsofplay.games import get_game
from sandsofplay.ui import paths
from sandsofplay.ui.scenes.message import MessageScene
from sandsofplay.ui.scenes.title import TitleScene, autosave_status
from sandsofplay.ui.table import TableScene, open_save, start_table
from tests.hardening.test_issue9_points import cli_exit
from tests.hardening.test_save_fuzz import real_save

# the 17 name variants of the report: 9 of them made the game impossible to resume
REPORTED_NAMES = [
    "Amira", "Zoë", "Łukasz", "李小龙", "Nguyễn", "Ana\u00a0María",  # no-break space
    "👨\u200d👩\u200d👧", "🏳️\u200d🌈", "\u200fسارة", "abc\u202edef", "Ste\u00adphanie",
    "Tab\there", "new\nline", "e\u0301mile", "O'Brien-Smith", "\u0905\u0928\u093f\u0932",
    "  Omar  ",
]


def table_of(app):
    return next(s for s in reversed(app.stack) if isinstance(s, TableScene))


def start_from_seat_setup(app, ui, names, game_id="tiny"):
    from sandsofplay.ui.scenes.seat_setup import SeatSetupScene
    app.push(SeatSetupScene(app, game_id))
    app.apply_ops()
    ui.frames(1)
    setup_scene = app.top
    for field, name in zip(setup_scene.name_fields, names):
        field.set_text(name)
    ui.frames(1)
    ui.click_button("start")
    return setup_scene


# --- point 1: what the seat setup accepts, its saves keep ------------------------------------

@pytest.mark.parametrize("typed", REPORTED_NAMES, ids=range(len(REPORTED_NAMES)))
def test_every_reported_name_resumes(app, ui, typed):
    """Issue 33 point 1: a name typed in the seat setup survives the autosave: the title offers
    Continue, and the resumed game has the name as the field kept it."""
    start_from_seat_setup(app, ui, [typed[:14], "Tariq"])
    table = table_of(app)
    kept = table.match.setup.seats[0].name
    assert kept == normalise(typed[:14]) and visible(kept)
    assert "\t" not in kept and "\n" not in kept and "\u00a0" not in kept
    table.perform(table.human_to_act(), A("draw"))
    Match.flush_autosave()
    assert autosave_status() == ("tiny", "")
    data = read_save(paths.autosave_path(), get_game)
    assert data["setup"]["seats"][0]["name"] == kept
    open_save(app, str(paths.autosave_path()))
    app.apply_ops()
    assert table_of(app).match.setup.seats[0].name == kept


def test_names_keep_what_makes_them_names():
    """Joined emoji, right-to-left marks, soft hyphens and combining marks are kept; white space
    and control characters become single spaces; the result is composed (NFC)."""
    assert normalise("👨\u200d👩\u200d👧") == "👨\u200d👩\u200d👧"
    assert normalise("\u200fسارة") == "\u200fسارة"
    assert normalise("Ste\u00adphanie") == "Ste\u00adphanie"
    assert normalise("e\u0301mile") == "\u00e9mile"
    assert normalise(" Ana\u00a0\t María\n") == "Ana María"
    assert normalise("x" * 60) == "x" * 40
    for typed in REPORTED_NAMES:
        assert name_ok(normalise(typed)) and normalise(normalise(typed)) == normalise(typed)


def test_names_valid_in_old_saves_stay_valid():
    for old in ("  two  spaces ", " x", "e\u0301", "\u0301", "Amira", "x" * 40):
        assert old.isprintable() and name_ok(old)
    assert not name_ok("x" * 41) and not name_ok(5) and not name_ok("\ud800")


@pytest.mark.parametrize("typed", ["\u200b", "\ufeff", "\u202e", "\u200d\u200d", " \u200b "])
def test_an_invisible_name_gets_the_default_at_the_field_with_a_note(app, ui, typed):
    """A name of nothing visible does not start the game: the field shows the seat's default
    name and a note says why; Start again starts with that name."""
    scene = start_from_seat_setup(app, ui, [typed])
    assert app.top is scene and "Amira" in scene.name_note
    assert scene.name_fields[0].get_text() == "Amira"
    assert field_name(typed, "Amira") == ("Amira", field_name(typed, "Amira")[1])
    ui.click_button("start")
    assert table_of(app).match.setup.seats[0].name == "Amira"


def test_an_old_save_with_an_invisible_name_shows_seat_n(app):
    """A save from before (an invisible name was valid then) still opens; the table calls that
    seat "Seat 1" instead of drawing nothing."""
    data = json.loads(real_save("tiny", ["human", "human"], 3, 4))
    data["setup"]["seats"][0]["name"] = "\u0301"
    path = paths.saves_dir() / "old.json"
    path.write_text(json.dumps(data))
    open_save(app, str(path))
    app.apply_ops()
    app.frame(1 / 60)
    assert table_of(app).seat_name(0) == "Seat 1"


# --- point 2: opening a saved game asks before it replaces an unfinished one -----------------

def test_opening_a_save_asks_and_keeps_the_unfinished_autosave(app, ui, home):
    other = paths.saves_dir() / "other.json"
    other.write_text(real_save("tiny", ["human", "bot:easy"], 7, 5))
    start_table(app, Setup("tiny", (SeatSpec("human"), SeatSpec("human")), (), 4))
    app.apply_ops()
    table = app.top
    table.perform(table.human_to_act(), A("draw"))
    Match.flush_autosave()
    before = paths.autosave_path().read_bytes()
    open_save(app, str(other))
    app.apply_ops()
    assert isinstance(app.top, MessageScene) and "not finished" in app.top.message
    ui.click_button("Go back")
    assert paths.autosave_path().read_bytes() == before
    assert not list(paths.saves_dir().glob("*-unfinished-*"))
    open_save(app, str(other))
    app.apply_ops()
    ui.click_button("Open the saved game")
    assert table_of(app).match.setup.seed == 7
    kept = list(paths.saves_dir().glob("tiny-unfinished-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == before


def test_continue_and_opening_a_copy_of_the_autosave_ask_nothing(app, ui):
    paths.autosave_path().write_text(real_save("tiny", ["human", "bot:easy"], 2, 6))
    copy = paths.saves_dir() / "copy.json"
    copy.write_bytes(paths.autosave_path().read_bytes())
    for path in (paths.autosave_path(), copy):
        open_save(app, str(path))
        app.apply_ops()
        assert isinstance(app.top, TableScene)


# --- point 3: seeds a save cannot keep are refused at input ----------------------------------

def test_a_seed_of_19_digits_is_refused_on_the_command_line():
    code, err = cli_exit(["--game", "sahwari", "--seats", "human,human", "--seed",
                          "1" + "0" * 18])
    assert code == 2 and "18 digits" in err
    code, _ = cli_exit(["--game", "sahwari", "--seats", "human,human", "--seed", "-" + "9" * 19])
    assert code == 2


@pytest.mark.parametrize("seed", [MAX_SEED, -MAX_SEED, 0])
def test_the_largest_seed_accepted_is_one_its_autosave_loads(app, seed):
    from sandsofplay import cli
    args = cli.parse(["--game", "sahwari", "--seats", "human,human", "--seed", str(seed)])
    assert args.setup.seed == seed
    start_table(app, Setup("tiny", (SeatSpec("human"), SeatSpec("human")), (), seed))
    app.apply_ops()
    table = app.top
    table.perform(table.human_to_act(), A("draw"))
    Match.flush_autosave()
    assert autosave_status() == ("tiny", "")
    assert Match.load(str(paths.autosave_path()), get_game).setup.seed == seed


def test_play_again_after_the_largest_seed_keeps_a_loadable_seed(app):
    from sandsofplay.ui.scenes.overlays import ResultsScene
    start_table(app, Setup("tiny", (SeatSpec("human"), SeatSpec("human")), (), MAX_SEED))
    app.apply_ops()
    ResultsScene.again(type("R", (), {"app": app, "table": app.top})())
    app.apply_ops()
    assert abs(app.top.match.setup.seed) <= MAX_SEED


def test_a_save_with_a_seed_over_18_digits_is_refused_with_a_sentence(home):
    data = json.loads(real_save("tiny", ["human", "human"], 3, 2))
    data["setup"]["seed"] = 10 ** 18
    with pytest.raises(SaveError, match="seed"):
        Match.from_save(data, get_game("tiny"))


# --- point 4: a damaged autosave is kept, never overwritten ----------------------------------

def test_a_damaged_autosave_is_moved_aside_before_a_new_game_writes(app, ui, home):
    auto = paths.autosave_path()
    auto.write_text('{"format": "sandsofplay-save", "version": 3, "game": ')
    damaged = auto.read_bytes()
    setup = Setup("tiny", (SeatSpec("human"), SeatSpec("human")), (), 4)
    start_table(app, setup, ask=True)
    app.apply_ops()
    assert isinstance(app.top, MessageScene) and "cannot be read" in app.top.message
    ui.click_button("Go back")
    assert auto.read_bytes() == damaged
    start_table(app, setup, ask=True)
    app.apply_ops()
    ui.click_button("Start new game")
    kept = list(home.glob("autosave.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == damaged
    assert isinstance(app.top, MessageScene) and kept[0].name in app.top.message
    Match.flush_autosave()
    assert read_save(auto)["setup"]["seed"] == 4


def test_a_game_started_without_asking_keeps_each_damaged_autosave(app, home):
    """The command line's --seats and "Play again" do not ask; they still keep the damaged file
    (each one under a name of its own) and say so on the table."""
    auto = paths.autosave_path()
    for k in range(2):
        auto.write_text(f"damaged {k}")
        start_table(app, Setup("tiny", (SeatSpec("human"), SeatSpec("human")), (), k))
        app.apply_ops()
        assert "autosave.damaged-" in app.top.toast.message
        Match.flush_autosave()
    kept = sorted(p.read_text() for p in home.glob("autosave.damaged-*.json"))
    assert kept == ["damaged 0", "damaged 1"]


# --- point 5: a failing autosave is told, once, and retried ----------------------------------

def test_a_failing_autosave_is_told_once_and_tried_again(app, ui, monkeypatch):
    real = store.atomic_write_text
    full = {"on": True}

    def write(path, text):
        if full["on"] and path == str(paths.autosave_path()):
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, text)
    monkeypatch.setattr(store, "atomic_write_text", write)
    start_table(app, Setup("tiny", (SeatSpec("human"), SeatSpec("bot", "easy")), (), 4))
    app.apply_ops()
    table = app.top
    Match.flush_autosave()
    ui.frames(1)
    assert table.toast.kind == "error" and "cannot be autosaved" in table.toast.message
    assert "No space left" in table.toast.message
    table.toast.show("something else")
    table.perform(table.human_to_act(), A("draw"))
    Match.flush_autosave()
    ui.frames(2)
    assert app.top is table and table.toast.message == "something else"  # told once
    assert store.WRITER.problem(str(paths.autosave_path()))  # (and still failing)
    from sandsofplay.ui.scenes.overlays import PauseScene
    app.push(PauseScene(app, table))
    app.apply_ops()
    assert "Not autosaved: No space left" in app.top.buttons["quit to title"].tool_tip_text
    app.pop()
    app.apply_ops()
    full["on"] = False
    while table.human_to_act() is None and not table.match.is_over():
        ui.frames(1)
    table.perform(table.human_to_act(), A("draw"))
    Match.flush_autosave()
    ui.frames(1)
    assert "works again" in table.toast.message
    Match.flush_autosave()
    assert len(read_save(paths.autosave_path())["log"]) == len(table.match.log)


# --- point 6: two apps on one data folder ----------------------------------------------------

HOLDER = textwrap.dedent("""
    import sys, types
    from sandsofplay.ui.autosave import claim
    app = types.SimpleNamespace()
    print("held" if claim(app) else "not held", flush=True)
    sys.stdin.readline()
""")


def test_a_second_app_on_the_data_folder_says_so_and_does_not_autosave(home):
    from sandsofplay.ui.app import make_app
    from sandsofplay.ui.settings import Settings
    env = dict(os.environ, SANDSOFPLAY_HOME=str(home))
    first = subprocess.Popen([sys.executable, "-c", HOLDER], env=env, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert first.stdout.readline().strip() == "held"
        paths.autosave_path().write_text(real_save("tiny", ["human", "bot:easy"], 2, 6))
        theirs = paths.autosave_path().read_bytes()
        app = make_app(settings=Settings())
        try:
            app.reset(app.home_factory(app))
            app.apply_ops()
            app.frame(1 / 60)
            assert isinstance(app.top, MessageScene) and "already open" in app.top.title_text
            assert "not autosaved" in app.top.message
            start_table(app, Setup("tiny", (SeatSpec("human"), SeatSpec("human")), (), 4),
                        ask=True)  # nothing of the first app's is replaced: nothing to ask
            app.apply_ops()
            table = app.top
            assert isinstance(table, TableScene) and table.match.autosave_path is None
            table.perform(table.human_to_act(), A("draw"))
            Match.flush_autosave()
            assert paths.autosave_path().read_bytes() == theirs
        finally:
            app.quit()
    finally:
        first.stdin.close()
        first.wait(timeout=30)


# --- the small points -------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [["--game", ""], ["--load", ""], ["--game", "tiny", "--seats", ""],
                                  ["--replay", " "], ["--story", ""]])
def test_empty_values_on_the_command_line_are_refused(argv):
    code, err = cli_exit(argv)
    assert code == 2 and "empty" in err


def test_an_option_for_a_seat_that_is_not_there_is_refused():
    code, err = cli_exit(["--game", "burning_sands", "--seats", "human,human",
                          "--option", "deck3=khadi"])
    assert code == 2 and "seat 3" in err and "2 seats" in err


def test_each_damaged_settings_file_is_kept_under_its_own_name(home):
    from sandsofplay.ui import settings as S
    path = home / "settings.json"
    for k in range(S.KEEP_DAMAGED + 3):
        path.write_text(f"garbage {k}")
        S.save(S.Settings(volume=k), path)
    kept = sorted(p.read_text() for p in home.glob("settings.json.damaged*"))
    assert kept == sorted(f"garbage {k}" for k in range(3, S.KEEP_DAMAGED + 3))
