"""Complete logs at the Sahwari table (issue 30, point 1): every action of every seat (the bots,
and the Guildmaster's turns in a solo game, told by the events of the action that starts them)
has its line in the log panel, whether its animation was watched to its end, skipped with a
click, or the game was resumed from a save - the log reads as the match log played headless
(each action's event sentences, or the action said when its events say nothing), line for line
(Rulebook: Turn Overview, Solo Game - the Guildmaster)."""

import pytest

from tests.tables.helpers import save_and_open
from tests.tables.log_check import expected_lines, play
from tests.tables.sahwari.helpers import make_table


def busy(table):
    return lambda: table.timeline.busy or table.final_tween is not None


@pytest.mark.parametrize("skip", [False, True], ids=["watched", "skipped"])
@pytest.mark.parametrize("seats,actions", [
    (("bot:easy",), 10_000),  # a whole solo game against the Guildmaster
    (("bot:easy", "bot:normal", "bot:easy"), 120),  # three bots
], ids=["solo", "three-bots"])
def test_every_action_has_a_log_line(app, seats, actions, skip):
    table = make_table(app, seats, seed=5, fast=False)
    app.settings.animation_speed = 6.0
    table.driver.pace_ticks = 2
    watched, skipped = play(app, table, busy(table), skip, actions)
    assert (skipped if skip else watched) > 0  # animations did show
    assert len(table.match.log) >= min(actions, 60)
    if actions > 1000:
        assert table.match.is_over()
    want = expected_lines(table)
    assert table.log.lines == want
    if len(seats) == 1:  # the Guildmaster's turns are in it
        assert sum("Guild" in line for line in want) > 10


def test_a_resumed_game_has_a_line_for_every_action(app, tmp_path):
    table = make_table(app, ("bot:easy", "bot:easy"), seed=4, fast=False)
    table.driver.pace_ticks = 2
    app.settings.animation_speed = 6.0
    play(app, table, busy(table), skip=True, actions=80)
    _opened, top = save_and_open(app, table.match, tmp_path / "sahwari.json")
    again = getattr(top, "table", top)
    want = expected_lines(again)
    assert again.log.lines == want  # the whole game, to read back
    assert len(want) >= len(again.match.log) > 60
