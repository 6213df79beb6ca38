"""Issue 9 points 2-9, issue 10 point 5 and issue 11 points 11-12 (the small ones): each defect
as it was reported, reproduced through the app's own entry points."""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import time

import pygame
import pytest

from sandsofplay import cli
from sandsofplay.engine import A, Match, SaveError, Setup
from sandsofplay.games import get_game
from sandsofplay.ui import paths
from sandsofplay.ui.scenes.error import ErrorScene
from sandsofplay.ui.scenes.message import MessageScene
from sandsofplay.ui.scenes.title import TitleScene
from tests.hardening.test_save_fuzz import real_save


def cli_exit(argv) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        with pytest.raises(SystemExit) as exc:
            cli.parse(argv)
    return exc.value.code, err.getvalue()


def good_tiny() -> dict:
    return json.loads(real_save("tiny", ["human", "bot:easy"], 2, 8))


# --- point 2: a damaged autosave never stops the title from opening -------------------------

@pytest.mark.parametrize("damage", [
    lambda d: d.__setitem__("game", ["tiny"]),
    lambda d: d.__setitem__("game", {"id": "tiny"}),
    lambda d: d.__setitem__("log", "[" * 1000 + "]" * 1000),
    "deep",
], ids=["game-list", "game-object", "log-string", "deep"])
def test_damaged_autosave_title_still_opens_and_says_why(app, ui, damage):
    """Issue 9 point 2 and issue 11 point 11: the title opens, has no Continue button and says
    in plain words that the last game's autosave is damaged."""
    auto = paths.autosave_path()
    if damage == "deep":
        auto.write_text('{"format": "sandsofplay-save", "game": ' + "[" * 1000 + "]" * 1000 + "}")
    else:
        d = good_tiny()
        damage(d)
        auto.write_text(json.dumps(d))
    before = auto.read_bytes()
    app.go_home()
    app.apply_ops()
    ui.frames(2)
    title = app.top
    assert isinstance(title, TitleScene)
    assert "continue" not in title.buttons
    assert "damaged" in title.autosave_problem and "cannot be continued" in title.autosave_problem
    assert str(auto) in title.autosave_problem
    assert auto.read_bytes() == before


def test_good_autosave_offers_continue_and_focus_starts_there(app, ui):
    paths.autosave_path().write_text(real_save("tiny", ["human", "bot:easy"], 2, 8))
    app.go_home()
    app.apply_ops()
    assert "continue" in app.top.buttons and app.top.focused().name == "continue"
    assert app.top.autosave_problem == ""


# --- point 3: every damaged save is a message, never a traceback -----------------------------

def _raw(d: dict, key_path, raw: str) -> str:
    target = d
    for k in key_path[:-1]:
        target = target[k]
    target[key_path[-1]] = "__RAW__"
    return json.dumps(d).replace('"__RAW__"', raw)


CASES = {
    "nested 1,000 deep": lambda d: '{"format": "sandsofplay-save", "version": 1, "game": "tiny", '
                                   '"log": ' + "[" * 1000 + "]" * 1000 + "}",
    "integer of 4,400 digits": lambda d: _raw(d, ("setup", "seed"), "7" * 4400),
    "Infinity as a tick": lambda d: _raw(d, ("log", 0, 0), "Infinity"),
    "Infinity as a seat": lambda d: _raw(d, ("log", 0, 1), "Infinity"),
    "Infinity as the seed": lambda d: _raw(d, ("setup", "seed"), "Infinity"),
    "seats as strings": lambda d: json.dumps(dict(d, setup=dict(d["setup"],
                                                                seats=["human", "bot"]))),
    "a log entry that is an object": lambda d: json.dumps(dict(d, log=[{"t": 0}] + d["log"])),
    "an unknown bot level": lambda d: json.dumps(dict(d, setup=dict(
        d["setup"], seats=[d["setup"]["seats"][0], {"kind": "bot", "level": "godlike"}]))),
    "final_tick null": lambda d: json.dumps(dict(d, final_tick=None)),
    "final_tick a string": lambda d: json.dumps(dict(d, final_tick="late")),
    "final_tick NaN": lambda d: _raw(d, ("final_tick",), "NaN"),
    "a seat name with a lone surrogate": lambda d: json.dumps(dict(d, setup=dict(
        d["setup"], seats=[dict(d["setup"]["seats"][0], name="\udcff"),
                           d["setup"]["seats"][1]]))),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_damaged_save_is_one_clear_message_from_every_entry(app, ui, case, tmp_path):
    """Issue 9 point 3: Match.load, --load, --replay and the app's Load and Replay give one
    clear message; nothing else is raised; the file is unchanged."""
    path = paths.saves_dir() / "damaged.json"
    path.write_text(CASES[case](good_tiny()), encoding="utf-8", errors="surrogatepass")
    before = path.read_bytes()
    with pytest.raises(SaveError) as exc:
        Match.load(str(path), get_game)
    assert "damaged.json" in str(exc.value) and len(str(exc.value)) < 400
    for flag in ("--load", "--replay"):
        code, err = cli_exit([flag, str(path)])
        assert code == 2 and "damaged.json" in err and "Traceback" not in err
    from sandsofplay.ui.table import open_replay, open_save
    for opener in (open_save, open_replay):
        opener(app, str(path))
        app.apply_ops()
        ui.frames(1)
        assert isinstance(app.top, MessageScene), app.top
        assert "damaged.json" in app.top.message
        app.go_home()
        app.apply_ops()
    assert path.read_bytes() == before


def test_replay_is_checked_to_the_end_before_it_is_shown(app, ui):
    """A save that replays shows the table; --replay of it parses."""
    path = paths.saves_dir() / "fine.json"
    path.write_text(real_save("tiny", ["human", "bot:easy"], 2, 8))
    args = cli.parse(["--replay", str(path)])
    assert args.replay == str(path)


# --- point 5: special files and huge files ---------------------------------------------------

def test_dev_zero_and_a_named_pipe_are_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for path in [str(fifo)] + (["/dev/zero"] if os.path.exists("/dev/zero") else []):
        with pytest.raises(SaveError) as exc:
            Match.load(path, get_game)
        assert "not an ordinary file" in str(exc.value)
        code, err = cli_exit(["--load", path])
        assert code == 2 and "not an ordinary file" in err


def test_a_save_with_too_many_entries_or_bytes_is_refused_with_the_limit(tmp_path):
    from sandsofplay.engine.savefile import MAX_BYTES, MAX_LOG
    d = good_tiny()
    d["log"] = [[0, 0, "junk"]] * (MAX_LOG + 1)
    many = tmp_path / "many.json"
    many.write_text(json.dumps(d))
    with pytest.raises(SaveError, match="at most 100,000"):
        Match.load(str(many), get_game)
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(MAX_BYTES + 10)
    with pytest.raises(SaveError, match="too large"):
        Match.load(str(big), get_game)


# --- point 6: stale temporary files, and two saves in one second -----------------------------

def test_stale_temp_files_are_removed_at_start_up(home):
    from sandsofplay.ui.app import make_app
    from sandsofplay.ui.settings import Settings
    stale = [home / ".tmp-abc123", paths.saves_dir() / ".tmp-def456"]
    for p in stale:
        p.write_text("half a save")
        old = time.time() - 3600
        os.utime(p, (old, old))
    fresh = home / ".tmp-now"
    fresh.write_text("being written right now by another copy of the app")
    a = make_app(settings=Settings())
    try:
        assert not any(p.exists() for p in stale)
        assert fresh.exists()
    finally:
        a.quit()


def test_two_saves_in_the_same_second_get_two_files(app, ui):
    from sandsofplay.ui.scenes.overlays import PauseScene
    from sandsofplay.ui.table import start_table
    start_table(app, Setup.make("tiny", ["human", "bot:easy"], seed=3))
    app.apply_ops()
    table = app.top
    for _ in range(3):
        app.push(PauseScene(app, table))
        app.apply_ops()
        app.top.save()
        app.apply_ops()
    saved = sorted(os.listdir(paths.saves_dir()))
    assert len(saved) == 3, saved
    for name in saved:
        Match.load(str(paths.saves_dir() / name), get_game)


# --- point 7: long refusal messages ----------------------------------------------------------

class CountingFont:
    """Stands in for a pygame font: every glyph is 10 px; counts the characters measured."""

    def __init__(self):
        self.measured = 0

    def size(self, text):
        self.measured += len(text)
        return (10 * len(text), 20)


@pytest.mark.parametrize("text", [
    "word " * 20_000, "x" * 100_000, ("a" * 300 + " ") * 300, "line\n" * 5000])
def test_wrapping_measures_each_character_a_bounded_number_of_times(text):
    """Issue 9 point 7: text boxes are linear in their text (counted, not timed)."""
    from sandsofplay.ui.widgets import wrap_lines
    font = CountingFont()
    lines = wrap_lines(font, text, 600)
    assert all(font.size(line)[0] <= 600 for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "").replace("\n", "")
    font.measured = 0
    wrap_lines(font, text, 600)
    assert font.measured <= 2 * len(text) + 100


def test_a_refusal_quoting_a_huge_action_is_shown_bounded(app, ui, tmp_path):
    """A save whose action is 100 kB of text: the message quotes a few dozen characters and the
    message box opens at once."""
    d = good_tiny()
    d["log"][1][2] = "x" * 100_000
    path = paths.saves_dir() / "long.json"
    path.write_text(json.dumps(d))
    from sandsofplay.ui.table import open_save
    open_save(app, str(path))
    app.apply_ops()
    ui.frames(1)
    assert isinstance(app.top, MessageScene)
    assert len(app.top.message) < 400 and "x" * 60 not in app.top.message
    long_message = "refused: " + "y" * 100_000
    app.push(MessageScene(app, "Long", long_message))
    app.apply_ops()
    ui.frames(1)
    assert len(app.top.message) <= 900


# --- point 8: the same character on two seats ------------------------------------------------

def test_same_character_on_two_seats_is_said_on_the_setup_screen(app, ui):
    from sandsofplay.ui.scenes.seat_setup import SeatSetupScene
    app.push(SeatSetupScene(app, "sands_of_adventure"))
    app.apply_ops()
    ui.frames(1)
    setup = app.top
    char = get_game("sands_of_adventure").options[2].choices[1]
    setup.options.update(char1=char, char2=char)
    ui.click_button("more")
    seats = list(setup.seats)
    ui.click_button("start")
    assert app.top is setup and not isinstance(app.top, ErrorScene)
    assert "same character" in setup.problem
    assert setup.options["char1"] == char and setup.seats == seats and setup.count == 3
    ui.click_button("option:char2")  # any change clears the message
    assert setup.problem == ""


# --- point 9 and issue 11 point 11: damaged settings in a player's words ---------------------

@pytest.mark.parametrize("content", ['{"volume": "lou', '{"volume": 1' + "0" * 5000 + "}",
                                     '{"volume": NaN}', '[' * 3000, '\xff\xfe'])
def test_damaged_settings_are_said_in_plain_words_with_the_path(home, content):
    from sandsofplay.ui import settings as S
    path = home / "settings.json"
    path.write_bytes(content.encode("latin-1"))
    s, problem = S.load(path)
    assert s == S.Settings()
    assert str(path) in problem and "damaged" in problem
    assert "Unterminated" not in problem and "Expecting" not in problem
    assert path.read_bytes() == content.encode("latin-1")


# --- issue 10 point 5: the autosave costs the main thread no re-encoding --------------------

def test_autosave_encodes_each_action_once_not_the_whole_game(tmp_path, monkeypatch):
    """The main thread's share of an autosave does not grow with the game: per action it encodes
    only that action, and the save written is the same as ``to_save()``."""
    import sandsofplay.engine.match as match_mod
    game = get_game("tiny")
    m = Match(game, Setup.make("tiny", ["human", "human", "human"], seed=5),
              autosave_path=str(tmp_path / "auto.json"))
    m.autosave_async = True
    calls = []

    class CountingJson:
        @staticmethod
        def dumps(v, *a, **k):
            calls.append(v)
            return json.dumps(v, *a, **k)
    monkeypatch.setattr(match_mod, "json", CountingJson)
    rng = random.Random(1)
    while not m.is_over():
        seat = game.to_act(m.state)[0]
        before = len(calls)
        m.apply(seat, rng.choice(game.legal_actions(m.state, seat)))
        assert len(calls) - before <= 1 and all(isinstance(c, str) for c in calls[before:])
    Match.flush_autosave()
    written = json.loads((tmp_path / "auto.json").read_text())
    expect = m.to_save()
    assert {k: v for k, v in written.items() if k != "saved_at"} == \
        {k: v for k, v in expect.items() if k != "saved_at"}
    assert Match.load(str(tmp_path / "auto.json"), get_game).fingerprint() == m.fingerprint()


def test_older_saves_still_load(tmp_path):
    """A save written by the former code (json.dumps of the whole save, indent 1) loads."""
    game = get_game("tiny")
    m = Match(game, Setup.make("tiny", ["human", "human"], seed=5))
    for _ in range(6):
        seat = game.to_act(m.state)[0]
        m.apply(seat, game.legal_actions(m.state, seat)[0])
    path = tmp_path / "old.json"
    path.write_text(json.dumps(m.to_save(), indent=1))
    assert Match.load(str(path), get_game).fingerprint() == m.fingerprint()


# --- issue 11 point 12: the small ones --------------------------------------------------------

def test_autosave_label_in_the_load_list_is_not_cut(app, ui):
    from sandsofplay.ui.scenes.load import LABEL_FONT, LoadScene
    game = get_game("sands_of_adventure")
    m = Match(game, Setup.make("sands_of_adventure", ["human", "bot:easy", "bot:easy"], seed=2),
              autosave_path=str(paths.autosave_path()))
    m._autosave()
    app.push(LoadScene(app))
    app.apply_ops()
    ui.frames(1)
    scene = app.top
    font = app.fonts.get(LABEL_FONT, True)
    (path, label), = scene.entries()
    assert label.startswith("Autosave") and label.endswith("0 moves")
    btn = scene.buttons["save:0"]
    assert font.size(label)[0] <= btn.rect.w - 24


def test_title_focus_starts_on_a_game_that_can_be_played(app):
    title = app.top
    gi = next(g for g, _, _ in title.tiles if f"game:{g.id}" == title.focused().name)
    from sandsofplay.ui.table import has_table
    assert has_table(gi.id)


def test_clicking_the_left_arrow_of_a_setting_steps_back(app, ui):
    from sandsofplay.ui.scenes.settings import SettingsScene
    ui.click_button("settings")
    assert isinstance(app.top, SettingsScene)
    rect = ui.button("setting:volume").rect
    ui.click((rect.x + 20, rect.centery))
    assert app.settings.volume == 60
    ui.click((rect.right - 20, rect.centery))
    ui.click((rect.right - 20, rect.centery))
    assert app.settings.volume == 80
    ui.key(pygame.K_LEFT)
    assert app.settings.volume == 70


@pytest.mark.parametrize("text", ["x" * 100_000, "play " + "7" * 4000, "kind " + "w " * 50_000])
def test_a_refused_action_of_any_length_gives_a_short_reason(text):
    """Issue 9 point 7: the refusal quotes the action bounded, whatever its length."""
    from sandsofplay.engine import IllegalAction
    game = get_game("tiny")
    m = Match(game, Setup.make("tiny", ["human", "human"], seed=5))
    before = m.fingerprint()
    with pytest.raises(IllegalAction) as exc:
        m.apply(game.to_act(m.state)[0], text)
    assert len(exc.value.reason) <= 300 and m.fingerprint() == before and not m.log


def test_background_writer_coalesces_and_flush_writes_the_newest_at_once(tmp_path, monkeypatch):
    """Issue 10 point 5: in a fast game the writer does not write at every action (each write
    takes the interpreter lock from the frame for a moment); what waits is replaced by newer
    content, and ``flush`` writes the newest at once."""
    import sandsofplay.engine.store as store
    writes = []
    real = store.atomic_write_text
    monkeypatch.setattr(store, "atomic_write_text",
                        lambda path, text: (writes.append(text), real(path, text)))
    writer = store.BackgroundWriter(min_interval=3600)
    path = str(tmp_path / "auto.json")
    writer.submit(path, "first")
    writer.flush()
    for k in range(50):
        writer.submit(path, f"text {k}")
    writer.flush()
    assert (tmp_path / "auto.json").read_text() == "text 49"
    assert writes[0] == "first" and writes[-1] == "text 49" and len(writes) <= 3
