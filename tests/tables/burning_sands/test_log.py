"""Complete logs at the Burning Sands table (issue 30, point 1): every action of every seat
(the bots' cards, abilities, attacks, raids, payments and passes) and every card revealed has
its line in the log panel, whether the table's motions and contest pictures were watched to
their end or skipped with a click, or the game was resumed from a save - the log reads as the
match log played headless (each action's event sentences, or the action said when its events
say nothing), line for line; a face-down choice is said without its card (Rulebook: Sequence
of Play, Battles, Raids, Duels)."""

import pytest

from tests.tables import helpers
from tests.tables.helpers import save_and_open
from tests.tables.log_check import expected_lines, play


def make_table(app, seats, seed):
    return helpers.make_table(app, "burning_sands", seats, seed)


def busy(table):
    return lambda: table.tweens.busy or table.arena.hold is not None


@pytest.mark.parametrize("skip", [False, True], ids=["watched", "skipped"])
def test_every_action_has_a_log_line(app, skip):
    table = make_table(app, ("bot:easy", "bot:normal"), seed=5)
    app.settings.animation_speed = 6.0
    table.driver.pace_ticks = 2
    watched, skipped = play(app, table, busy(table), skip, 100_000)
    assert table.match.is_over()
    assert (skipped if skip else watched) > 0  # motions did show
    want = expected_lines(table)
    assert table.log.lines == want
    assert any(line.startswith(table.seat_name(0) + ": ") for line in want)  # an action said


def test_a_resumed_game_has_a_line_for_every_action(app, tmp_path):
    table = make_table(app, ("bot:easy", "bot:easy"), seed=4)
    table.fast = True
    play(app, table, lambda: False, False, 150)
    _opened, top = save_and_open(app, table.match, tmp_path / "bs.json")
    again = getattr(top, "table", top)
    want = expected_lines(again)
    assert again.log.lines == want  # the whole game, to read back
    assert len(want) >= len(again.match.log) > 100
