"""Issue 28, start-up: a game's rules and table are imported the first time they are needed, not
at start-up. The title and a save's check read the catalog (``games.meta``), whose figures must
stay those of the games themselves; a table is loaded when it is wanted, and one whose data is
damaged still says why at the title; one whose code is broken still fails loudly."""

import json
import os
import subprocess
import sys

import pytest

from sandsofplay import games
from sandsofplay.engine import SaveError
from sandsofplay.engine.savefile import check_for_game
from sandsofplay.ui.scenes.message import MessageScene

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FOUR = ("sand", "sahwari", "burning_sands", "sands_of_adventure")


def test_the_catalog_says_what_each_game_says():
    """The catalog's title, blurb, seat counts and bot level names are the game's own, so what
    the title and a save's check read without the rules is right."""
    from sandsofplay.bots.levels import level_names
    assert [gi.id for gi in games.CATALOG] == list(FOUR)
    for gi in games.CATALOG:
        game = games.get_game(gi.id)
        assert (gi.title, gi.blurb) == (game.title, game.blurb)
        assert (gi.min_seats, gi.max_seats) == (game.min_seats, game.max_seats)
        assert list(gi.bot_levels) == level_names(game)


def test_meta_checks_a_save_as_the_game_would():
    """``engine.savefile.check_for_game`` with the catalog entry refuses what the game refuses
    (seat count, bot level) and names the game the same way."""
    gi = next(g for g in games.CATALOG if g.id == "burning_sands")
    one_seat = {"setup": {"seats": [{"kind": "human"}]}}
    with pytest.raises(SaveError, match="Legend of the Burning Sands is for 2 to 4"):
        check_for_game(one_seat, gi)
    bad_level = {"setup": {"seats": [{"kind": "human"}, {"kind": "bot", "level": "genius"}]}}
    with pytest.raises(SaveError, match="genius"):
        check_for_game(bad_level, gi)
    check_for_game({"setup": {"seats": [{"kind": "human"}, {"kind": "bot", "level": "hard"}]}},
                   gi)
    with pytest.raises(KeyError):
        games.meta("chess")
    assert games.meta("tiny").id == "tiny"  # a registered game is its own meta


CHILD = r"""
import json, os, sys
sys.path.insert(0, {root!r})
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
import sandsofplay.tables
from sandsofplay.ui.app import make_app
app = make_app()
app.reset(app.home_factory(app)); app.apply_ops()
app.frame(1 / 60)
before = sorted(m for m in sys.modules if m.startswith(("sandsofplay.games.",
                                                          "sandsofplay.tables.")))
title = app.top
title.open_game({game!r})
app.apply_ops()
after = sorted(m for m in sys.modules if m.startswith(("sandsofplay.games.",
                                                         "sandsofplay.tables.")))
print(json.dumps({{"before": before, "after": after, "top": type(app.top).__name__,
                   "tiles": [[gi.id, ok] for gi, _, ok in title.tiles],
                   "buttons": sorted(title.buttons)}}))
app.quit()
"""


@pytest.mark.parametrize("with_autosave", [False, True])
def test_the_title_opens_without_importing_any_game(tmp_path, with_autosave):
    """A fresh interpreter to the first title frame imports no game's rules nor table (even with
    an unfinished Burning Sands game to continue); picking a game imports that one alone."""
    env = dict(os.environ, SANDSOFPLAY_HOME=str(tmp_path))
    if with_autosave:
        fixtures = os.path.join(ROOT, "tests", "engine", "fixtures")
        name = next(n for n in sorted(os.listdir(fixtures)) if n.startswith("burning_sands")
                    and n.endswith(".json"))
        data = json.loads(open(os.path.join(fixtures, name)).read())
        assert not data.get("finished")
        with open(tmp_path / "autosave.json", "w") as fh:
            json.dump(data, fh)
    out = subprocess.run([sys.executable, "-c", CHILD.format(root=ROOT, game="sahwari")],
                         env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["before"] == []
    assert ("continue" in seen["buttons"]) == with_autosave
    assert [gid for gid, ok in seen["tiles"]] == list(FOUR) and all(ok for _, ok in seen["tiles"])
    assert seen["top"] == "SeatSetupScene"
    assert "sandsofplay.tables.sahwari.table" in seen["after"]
    assert not [m for m in seen["after"] if "burning_sands" in m or ".sand." in m
                or m.endswith(".sand") or "sands_of_adventure" in m]


def test_every_table_loads_when_asked_and_is_registered_before():
    """Issue 27 still holds: every table is registered from the start and each loads."""
    import sandsofplay.tables as tables
    from sandsofplay.ui import table_registry as reg
    assert all(reg.has_table(g) for g in FOUR)
    assert sorted(tables.load_all()) == sorted(FOUR)
    for g in FOUR:
        assert reg.table_class(g).__name__.endswith("Table") or reg.table_class(g)
        assert reg.table_problem(g) == ""
    assert set(FOUR) <= set(reg.loaded_tables())


def test_a_lazily_loaded_table_with_damaged_data_says_why_at_the_title(app, ui, monkeypatch):
    """Damaged data found as the table is first loaded: the tile explains (as it did when every
    table was loaded at start-up), the game is then not playable, nothing crashes."""
    from sandsofplay.engine import DataError
    from sandsofplay.ui import table_registry as reg

    def damaged():
        reg.register_problem("sands_of_adventure", "tiles.toml: tile #2: 'a_dice' is missing")
        return False

    monkeypatch.setattr(reg, "_PROBLEMS", {})
    monkeypatch.setitem(reg._TABLES, "sands_of_adventure", reg.Pending(damaged))
    assert reg.has_table("sands_of_adventure")  # nothing known before it is loaded
    _info, rect, _ok = ui.title_tile("sands_of_adventure")
    ui.click(rect.center)
    assert isinstance(app.top, MessageScene)
    assert "tiles.toml" in app.top.message and "cannot be opened" in app.top.message
    assert not reg.has_table("sands_of_adventure")
    with pytest.raises(KeyError, match="tiles.toml"):
        reg.table_class("sands_of_adventure")
    assert DataError  # (the loader of sandsofplay.tables records DataError this way)


def test_a_table_whose_code_is_broken_fails_loudly(monkeypatch):
    """Only damaged data is kept as a problem: an import error raises where the table is
    wanted, so a broken game fails the suite instead of quietly leaving the app a game short."""
    import sandsofplay.tables as tables
    from sandsofplay.ui import table_registry as reg

    def broken(name):
        raise ImportError(f"cannot import {name}")

    monkeypatch.setattr(reg, "_TABLES", dict(reg._TABLES))
    monkeypatch.setattr(reg, "_PROBLEMS", {})
    monkeypatch.setitem(reg._TABLES, "sahwari", reg.Pending(lambda: tables.load("sahwari")))
    monkeypatch.setattr(tables.importlib, "import_module", broken)
    with pytest.raises(ImportError):
        reg.table_class("sahwari")
    with pytest.raises(ImportError):
        tables.load_all()


def test_the_deck_scene_is_reached_before_its_table_is_loaded(app, ui, monkeypatch):
    """The title's Card decks button opens the Burning Sands deck scene through the registry,
    loading that table package the first time."""
    import sandsofplay.tables as tables
    from sandsofplay.ui import table_registry as reg
    opened = []

    def load():  # as the package's import does: load the table, which registers the opener
        tables.load("burning_sands")
        reg.register_scene("decks", opened.append)

    monkeypatch.setattr(reg, "_SCENES", {})
    reg.register_scene_lazy("decks", load)
    assert reg.open_registered_scene(app, "decks")
    assert opened == [app]


START = r"""
import json, os, sys
sys.path.insert(0, {root!r})
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
import sandsofplay.tables
from sandsofplay.engine import Setup
from sandsofplay.ui.app import make_app
from sandsofplay.ui.table import start_table
app = make_app()
app.reset(app.home_factory(app)); app.apply_ops()
app.frame(1 / 60)
start_table(app, Setup.make("sahwari", ["human", "bot:easy"], seed=3))
app.frame(1 / 60)
print(json.dumps({{"top": type(app.top).__name__,
                   "imported": sorted(m for m in sys.modules if "burning_sands" in m)}}))
app.quit()
"""


def test_a_new_table_checks_the_autosave_it_replaces_without_importing_that_game(tmp_path):
    """Issue 28 (no long frame, the first included): a new game checks that the autosave it is
    about to replace is not damaged (a damaged one is moved aside) from the catalog alone - the
    autosave of a finished Burning Sands game, checked as a Sahwari table is set out, used to
    import the Burning Sands rules inside that table's first frame (50-120 ms)."""
    fixtures = os.path.join(ROOT, "tests", "engine", "fixtures")
    data = json.loads(open(os.path.join(fixtures, "burning_sands_v3.json")).read())
    data["finished"] = True
    with open(tmp_path / "autosave.json", "w") as fh:
        json.dump(data, fh)
    env = dict(os.environ, SANDSOFPLAY_HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", START.format(root=ROOT)], env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["top"].endswith("Table"), seen
    assert seen["imported"] == []
    saved = json.loads((tmp_path / "autosave.json").read_text())
    assert saved["game"] == "sahwari"  # the new game's autosave replaced the old one


def test_a_damaged_autosave_of_another_game_is_still_moved_aside(app, tmp_path, monkeypatch):
    """The catalog check still refuses what the game would (here a bot level Burning Sands does
    not have): the new table moves the damaged autosave aside, as before."""
    from sandsofplay.engine import Setup
    from sandsofplay.ui import paths
    from sandsofplay.ui.table import start_table
    fixtures = os.path.join(ROOT, "tests", "engine", "fixtures")
    data = json.loads(open(os.path.join(fixtures, "burning_sands_v3.json")).read())
    data["finished"] = True
    data["setup"]["seats"][1] = {"kind": "bot", "level": "genius"}
    paths.autosave_path().write_text(json.dumps(data))
    start_table(app, Setup.make("sahwari", ["human", "bot:easy"], seed=3))
    app.apply_ops()
    aside = [p.name for p in paths.user_dir().iterdir() if p.name.startswith("autosave-damaged")
             or "damaged" in p.name]
    assert aside, sorted(p.name for p in paths.user_dir().iterdir())


def test_an_autosave_written_or_read_whole_here_is_not_read_again_until_it_changes(app, tmp_path,
                                                                                monkeypatch):
    """Issue 28 (the first frame of a table within 16.7 ms): the check that the autosave a new
    table replaces is not damaged reads it only when this process has not written it or read it
    whole since it last changed (a 582-action autosave took 6-12 ms to read and check inside
    that frame); a file changed since - damaged by hand, here - is read, found damaged and moved
    aside as before."""
    from sandsofplay.engine import Match, RNG, Setup, savefile
    from sandsofplay.engine.playout import random_chooser, run
    from sandsofplay.ui import autosave, paths
    game = games.get_game("sahwari")
    m = Match(game, Setup.make("sahwari", ["human", "human"], seed=2))
    run(m, random_chooser(RNG(2)))
    path = paths.autosave_path()
    m.save(str(path))
    reads = []
    real = savefile.read_save
    monkeypatch.setattr(savefile, "read_save", lambda *a, **k: reads.append(a) or real(*a, **k))
    assert autosave.damaged_autosave() == "" and reads == []  # written here: not read again
    text = path.read_text()
    path.write_text(text.replace('"log": [', '"log": [[0, 9, "x"], ', 1))  # damaged by hand
    assert autosave.damaged_autosave() != "" and len(reads) == 1
    path.write_text(text)  # a good file again, but not one this process wrote: read once
    monkeypatch.setattr(savefile, "read_save", real)
    assert autosave.damaged_autosave() == "" and savefile.known_good(path)
    # the autosave worker's writes count as this process's own
    m2 = Match(game, Setup.make("sahwari", ["human", "human"], seed=3), autosave_path=str(path))
    m2.autosave_async = True
    m2._autosave()
    Match.flush_autosave()
    assert savefile.known_good(path)
    assert json.loads(path.read_text())["setup"]["seed"] == 3
