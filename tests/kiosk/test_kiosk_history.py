"""Kiosk games in the history of games played (issue 30, point 4): each finished demo game (and
visitor's game) is kept in the user data folder's history and listed on the Games played screen
like a desktop game, with its seats and bot levels and its result; only the newest of the
kiosk's stay, so a kiosk playing all day never fills its disk; a disk that cannot take a game
is logged, and the kiosk goes on."""

import os

from sandsofplay.kiosk import app as kiosk_app
from sandsofplay.kiosk.scenes import KioskResults
from sandsofplay.ui import history
from sandsofplay.ui.results import headline
from tests.kiosk.test_kiosk import kiosk, run_until  # noqa: F401 - the fixture

NAMES = lambda: sorted(os.path.basename(p) for p, _ in history.candidates())  # noqa: E731


def next_results(app, games_before):
    assert run_until(app, lambda: isinstance(app.top, KioskResults) and
                     app.stats["games"] > games_before, 120, fast=True)
    return app.top.table


def test_a_finished_demo_game_is_in_the_games_played_history(kiosk):
    app = kiosk()
    table = next_results(app, 0)
    found = history.entries()
    assert len(found) == 1 and found[0].ok
    entry = found[0]
    assert entry.name.startswith("kiosk-tiny-")
    s = entry.summary
    assert s["game"] == "tiny" and s["moves"] == len(table.match.log)
    assert [seat["level"] for seat in s["seats"]] == [seat.level or "normal" for seat in
                                                      table.match.setup.seats]
    assert s["headline"] == headline(table.game, table.match.state, table.match.setup.seats)
    # the Games played records count it, per name
    rec = history.records(found)
    assert sum(sum(v["all"]) for v in rec.values()) == len(table.match.setup.seats)


def test_only_the_newest_kiosk_games_stay_and_no_other_kept_game_goes(kiosk, monkeypatch):
    monkeypatch.setattr(kiosk_app, "HISTORY_GAMES", 2)
    desk = history.history_dir() / "tiny-20260101-000000.json"
    desk.write_text("{ not a save")  # a desktop game (damaged, even): never the kiosk's to prune
    app = kiosk()
    for k in range(3):
        next_results(app, k)
    names = NAMES()
    assert desk.name in names and desk.read_text() == "{ not a save"
    mine = [n for n in names if n.startswith("kiosk-")]
    assert len(mine) == 2  # the third game pushed the first out


def test_a_disk_that_cannot_keep_the_game_is_logged_and_the_kiosk_goes_on(kiosk, monkeypatch,
                                                                          caplog):
    def refuse(match, prefix=""):
        raise OSError(30, "Read-only file system")
    monkeypatch.setattr(history, "keep", refuse)
    app = kiosk()
    next_results(app, 0)
    assert "could not be kept in the history" in caplog.text
    assert run_until(app, lambda: app.stats["games"] >= 2, 120, fast=True)  # it goes on
