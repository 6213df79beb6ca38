"""The table contract (DESIGN.md, "The shape of a table") at every registered table: whole games
played only through the offered gestures posted as real pygame events (mouse, or keys alone), the
layout read from ``regions()`` at every decision and every few frames, and the outcome equal to
replaying the log headless."""

import pytest

from tests.tables.contract import play_by_gestures, registered_tables, same_as_headless, start

TABLES = registered_tables()


@pytest.mark.parametrize("game_id", TABLES)
@pytest.mark.parametrize("seats,seed", [
    (("human", "bot:normal"), 1),
    (("bot:easy", "human", "bot:normal"), 2),
    (("bot:normal", "bot:easy", "bot:easy", "human"), 3),
])
def test_one_human_plays_a_whole_game_by_gestures(app, game_id, seats, seed):
    """Every legal action of the human seat has a gesture; each chosen gesture performs its
    action; the layout holds at every moment sampled; the result replays headless."""
    table = start(app, game_id, seats, seed)
    stats = play_by_gestures(app, table, seed=seed)
    assert stats["decisions"] > 5 and stats["layouts"] > 20
    assert same_as_headless(table.match)


@pytest.mark.parametrize("game_id", TABLES)
def test_all_humans_play_a_whole_game_by_gestures(app, game_id, monkeypatch):
    """... and every font the table writes with in the whole game is one its entry warms (a
    font's first letters cost milliseconds: issue 17 measured such frames)."""
    from sandsofplay.ui.table_entry import COMMON_FONTS
    used = set()
    get = app.fonts.get
    monkeypatch.setattr(app.fonts, "get", lambda size, bold=False: used.add(
        (size, bool(bold))) or get(size, bold))
    table = start(app, game_id, ("human", "human", "human"), 4)
    stats = play_by_gestures(app, table, seed=4)
    assert stats["decisions"] > 10
    assert same_as_headless(table.match)
    assert used and used <= set(COMMON_FONTS) | set(table.fonts), \
        sorted(used - set(COMMON_FONTS) - set(table.fonts))


@pytest.mark.parametrize("game_id", TABLES)
def test_keyboard_alone_plays_a_whole_game(app, game_id):
    """Tab moves the focus ring, Enter acts: a human seat plays a whole game with keys only."""
    table = start(app, game_id, ("human", "bot:normal", "bot:normal"), 5)
    stats = play_by_gestures(app, table, seed=5, keys_only=True)
    assert stats["decisions"] > 5
    assert same_as_headless(table.match)


def test_the_layout_checker_finds_overlaps_and_regions_off_screen():
    import pygame
    from tests.tables.contract import layout_problems
    ok = {"prompt": pygame.Rect(300, 420, 600, 50), "button:Roll": pygame.Rect(910, 420, 100, 50),
          "hand:0": pygame.Rect(300, 480, 200, 130), "board": pygame.Rect(300, 0, 900, 200)}
    assert layout_problems(ok) == []
    bad = dict(ok, **{"bubble:1": pygame.Rect(880, 400, 80, 40),
                      "button:Replace": pygame.Rect(-40, 380, 120, 44)})
    found = layout_problems(bad)
    assert any("bubble:1" in p and "overlaps" in p for p in found)
    assert any("button:Replace" in p and "off the" in p for p in found)
