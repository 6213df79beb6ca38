"""The Burning Sands table: whole games played through the offered gestures only (posted as real
pygame events) for 2, 3 and 4 players, keyboard alone, the layout at sampled moments, undo, and
what is drawn before the pass-the-device curtain is lifted. Games use a short turn limit
(the game's ``limit`` option) so they stay quick."""

import pygame
import pytest

from sandsofplay.engine import SeatSpec, Setup
from sandsofplay.ui.table import start_table
from tests.tables.contract import layout_problems, play_by_gestures, same_as_headless


def start(app, seats, seed, limit=10):
    specs = tuple(SeatSpec.parse(s) for s in seats)
    start_table(app, Setup("burning_sands", specs, (("limit", limit),), seed))
    app.apply_ops()
    table = app.top
    table.driver.pace_ticks = 0
    app.settings.animation_speed = 2.0
    return table


@pytest.mark.parametrize("seats,seed", [
    (("human", "bot:normal"), 1),
    (("bot:normal", "human", "bot:easy"), 2),
    (("bot:easy", "bot:normal", "bot:easy", "human"), 3),
])
def test_a_human_plays_a_whole_game_by_gestures(app, seats, seed):
    """Sequence of Play: every legal action of the human seat (payments, reactions, battles,
    raids, duels) is offered as a gesture; each performs its action; the result replays
    headless."""
    table = start(app, seats, seed)
    stats = play_by_gestures(app, table, seed=seed)
    assert stats["decisions"] > 5
    assert same_as_headless(table.match)


def test_two_humans_play_behind_the_curtain(app):
    table = start(app, ("human", "human"), 4)
    stats = play_by_gestures(app, table, seed=4)
    assert stats["decisions"] > 10
    assert same_as_headless(table.match)


def test_keyboard_alone_plays_a_whole_game(app):
    table = start(app, ("human", "bot:normal"), 5)
    stats = play_by_gestures(app, table, seed=5, keys_only=True)
    assert stats["decisions"] > 5
    assert same_as_headless(table.match)
