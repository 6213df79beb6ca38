"""Issue 30 points 2 and 3: results that stay (the keyboard starts on a harmless button) and
the history of finished games (kept in the data folder, listed after a restart, damaged
entries reported and left byte-identical, delete, records)."""

import pygame

from sandsofplay.bots.driver import Driver as BotDriver
from sandsofplay.bots.levels import make_bot
from sandsofplay.engine import Match, SeatSpec, Setup
from sandsofplay.games import get_game
from sandsofplay.ui import history, results
from sandsofplay.ui.scenes.history import HistoryScene, StoryScene
from sandsofplay.ui.scenes.message import MessageScene
from sandsofplay.ui.scenes.overlays import ResultsScene
from tests.support.ui_fixtures import Driver


def new_app():
    import sandsofplay.tables  # noqa: F401
    from sandsofplay.ui.app import make_app
    from sandsofplay.ui.settings import Settings
    a = make_app(settings=Settings())
    a.reset(a.home_factory(a))
    a.apply_ops()
    a.frame(1 / 60)
    return a


def play_to_results(app, gid="sahwari", n=2, seed=5):
    from sandsofplay.ui.table_open import start_table
    seats = tuple(SeatSpec("bot", "easy", f"Bot {i + 1}") for i in range(n))
    start_table(app, Setup(gid, seats, (), seed))
    app.apply_ops()
    table = app.top
    table.fast = True
    table.driver.pace_ticks = 0  # the bots do not wait to be watched
    for _ in range(3000):
        if table.match.is_over():
            break
        app.frame(1 / 60)
    table.fast = False  # the end is shown at its own pace, then the results open
    for _ in range(1500):
        if isinstance(app.top, ResultsScene):
            break
        app.frame(1 / 60)
    assert isinstance(app.top, ResultsScene)
    return table


def headless(gid, seats, seed):
    """A game played by bots at every seat (whatever the seats say), not at a table."""
    game = get_game(gid)
    match = Match(game, Setup(gid, seats, (), seed))
    BotDriver(match, {i: make_bot(game, "easy", i, seed * 31 + i)
                      for i in range(len(seats))}).run()
    assert match.is_over()
    return match


def open_history(app) -> HistoryScene:
    ui = Driver(app)
    ui.title_tile("sand")  # a fresh title screen
    ui.click_button("history")
    assert isinstance(app.top, HistoryScene)
    return app.top


def snapshot(folder):
    return {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_a_finished_game_is_in_the_history_after_a_restart(home):
    app = new_app()
    try:
        table = play_to_results(app)
        match = table.match
        words = results.headline(match.game, match.state, match.setup.seats)
    finally:
        app.quit()
    kept = [p for p in (home / "history").glob("*.json") if p.name != "index.json"]
    assert len(kept) == 1
    (home / "history" / "index.json").unlink()  # the list must not need its cache
    again = new_app()  # a new app and new scenes, reading the folder
    try:
        scene = open_history(again)
        assert len(scene.found) == 1  # (the finished autosave is the same game: not twice)
        entry = scene.found[0]
        assert entry.ok and entry.summary["game"] == "sahwari"
        assert entry.summary["headline"] == words
        assert [p["level"] for p in entry.summary["seats"]] == ["easy", "easy"]
        assert entry.summary["moves"] == len(match.log)
        first, second = entry.lines()
        assert "Sahwari" in first and words in first and "Bot 1 (bot, easy)" in second
        # its replay and its story open
        scene.story(entry)
        again.apply_ops()
        assert isinstance(again.top, StoryScene) and not again.top.problem
        assert any("Final scores" in line for line in again.top.lines)
        again.pop()
        again.apply_ops()
        scene.open(entry)
        again.apply_ops()
        assert getattr(again.top, "mode", None) == "replay"
    finally:
        again.quit()


def test_enter_on_the_results_starts_no_new_game(app):
    """Results (issue 30 point 2): the keyboard starts on "See the board"; Enter shows the
    final board and Enter again the results - the finished game stays at the table."""
    table = play_to_results(app)
    res = app.top
    for _ in range(4):
        app.frame(1 / 60)
    assert res.focused().name == "board"
    ui = Driver(app)
    ui.key(pygame.K_RETURN)
    assert app.top is res and res.hidden and app.stack[-2] is table
    assert table.match.is_over()
    assert not res.buttons["again"].visible and res.focused().name == "board"
    ui.key(pygame.K_RETURN)
    assert app.top is res and not res.hidden and res.buttons["again"].visible
    assert app.stack[-2] is table


def test_damaged_history_entries_are_reported_and_left_byte_identical(app, home):
    folder = history.history_dir()
    history.keep(headless("sahwari", tuple(SeatSpec("bot", "easy", f"B{i}") for i in range(2)), 2))
    cut = folder / "sand-20200101-000000.json"
    cut.write_bytes(b'{"format": "sandsofplay-save", "ver')
    unfinished = folder / "sahwari-20200101-000001.json"
    game = get_game("sahwari")
    m = Match(game, Setup("sahwari", tuple(SeatSpec("bot", "easy") for _ in range(2)), (), 1))
    BotDriver(m, {i: make_bot(game, "easy", i, i) for i in range(2)}).run(max_steps=5)
    m.save(str(unfinished))
    odd = folder / "soa-20200101-000002.json"
    odd.write_bytes(b"\xff\xfe not text at all")
    before = {p: p.read_bytes() for p in (cut, unfinished, odd)}
    scene = open_history(app)
    by_name = {e.name: e for e in scene.found}
    assert len(scene.found) == 4
    assert by_name[cut.name].problem and "damaged" in by_name[cut.name].problem
    assert "not a finished game" in by_name[unfinished.name].problem
    assert by_name[odd.name].problem
    assert sum(e.ok for e in scene.found) == 1
    # opening a damaged one says why; its story is not offered
    k = [e.name for e in scene.found[:6]].index(cut.name)
    assert not scene.buttons[f"story:{k}"].is_enabled
    scene.open(by_name[cut.name])
    app.apply_ops()
    assert isinstance(app.top, MessageScene) and "left as it is" in app.top.message
    app.pop()
    app.apply_ops()
    history.entries()  # listed again (from the index this time)
    assert {p: p.read_bytes() for p in before} == before


def test_delete_asks_first_and_removes_the_game(app, home):
    seats = tuple(SeatSpec("bot", "easy", f"B{i}") for i in range(2))
    one = history.keep(headless("sahwari", seats, 3))
    two = history.keep(headless("burning_sands", seats, 3))
    assert one and two
    scene = open_history(app)
    assert len(scene.found) == 2
    target = scene.found[0]
    scene.ask_delete(target)
    app.apply_ops()
    ask = app.top
    assert isinstance(ask, MessageScene) and ask.focused().name == "Keep it"
    Driver(app).key(pygame.K_RETURN)  # Enter keeps it
    assert app.top is scene and len(history.entries()) == 2
    scene.ask_delete(target)
    app.apply_ops()
    app.top.buttons["Delete"].rect  # (the button is there)
    Driver(app).click_button("Delete")
    assert app.top is scene
    assert not (home / "history" / target.name).exists()
    assert [e.name for e in scene.found] == [e.name for e in history.entries()]
    assert len(scene.found) == 1 and scene.found[0].name != target.name
    assert target.name not in (home / "history" / "index.json").read_text()


def test_records_count_wins_and_losses_per_game_and_bot_level(home):
    """Records: per name, all games, per game and per bot level of the other seats, counted
    from the games' outcomes."""
    ann = SeatSpec("human", "", "Ann")
    games = [("sahwari", (ann, SeatSpec("bot", "easy", "Sam")), 4),
             ("sahwari", (ann, SeatSpec("bot", "normal", "Sam")), 6),
             ("sand", (ann,), 2),  # solo: against Alhazred
             ("sands_of_adventure", (ann, SeatSpec("bot", "easy", "Sam")), 1)]
    expect = {}
    for gid, seats, seed in games:
        m = headless(gid, seats, seed)
        assert history.keep(m)
        out = m.game.outcome(m.state)
        won = (out.team == "win") if out.team is not None else (0 in out.winners)
        levels = {s.level for s in seats[1:] if s.is_bot}
        for key in ["all", f"game:{gid}"] + [f"level:{lv}" for lv in levels]:
            expect.setdefault(key, [0, 0, 0])[0 if won else 1] += 1
    assert history.keep(m) is None  # the same game is not kept twice
    rec = history.records(history.entries())
    assert rec["Ann"] == expect
    assert sum(rec["Ann"]["all"]) == 4
    assert set(rec) == {"Ann", "Sam (bot, easy)", "Sam (bot, normal)"}
    assert sum(rec["Sam (bot, easy)"]["all"]) == 2


def test_unfinished_games_stay_where_they_are(app, home):
    """An unfinished autosave is not taken into the history."""
    game = get_game("sahwari")
    m = Match(game, Setup("sahwari", tuple(SeatSpec("bot", "easy") for _ in range(2)), (), 1))
    BotDriver(m, {i: make_bot(game, "easy", i, i) for i in range(2)}).run(max_steps=5)
    from sandsofplay.ui import paths
    m.save(str(paths.autosave_path()))
    before = paths.autosave_path().read_bytes()
    assert history.adopt_autosave() is None
    scene = open_history(app)
    assert scene.found == []
    assert paths.autosave_path().read_bytes() == before
