"""Complete logs at the Sands of Adventure table (issue 30, point 1): every action of every seat
(the bots, the villain's moves) and every chance event (the Threat dice's faces, the cards drawn,
the Torch rolls, the timer flipping, the sand running out) has its line in the log panel, whether
the table's animations were watched to their end or skipped (the fast table), or the game was
resumed from a save - the log reads as the match log played headless with the clock run between
actions (each action's event sentences, or the action said when its events say nothing), line
for line (Rulebook: Exploration Phase, Timed Phase, The Sand Timer)."""

import math

import pytest

from tests.tables.helpers import save_and_open
from tests.tables.log_check import expected_lines, play
from tests.tables.sands_of_adventure.test_table import make_table

SEATS = ("bot:normal", "bot:easy", "bot:normal")


@pytest.mark.parametrize("skip,seed", [(False, 10), (True, 4)], ids=["watched", "skipped"])
def test_every_action_and_chance_event_of_a_game_has_a_log_line(app, skip, seed):
    """A whole game, lost when the sand runs out: watched at the table's pace, or with the
    animations skipped (the table played fast)."""
    table = make_table(app, SEATS, seed=seed, sand=45)
    # the bots think each decision to its end in the frame it is due and play it in that frame
    # (the app spreads thinking over frames by wall-clock time, and holds a move found late in a
    # frame for the next one by the CPU time left, so on a loaded machine a bot would act a few
    # ticks later and the game, raced against the sand, would go another way): the same game on
    # any machine
    app.think_budget = lambda: math.inf
    app.frame_left = lambda least=0.0, most=math.inf: most
    app.settings.animation_speed = 6.0
    table.driver.pace_ticks = 2
    # each frame lasts four of the table's ticks (fewer frames drawn; every tick is played)
    table.fast = skip
    watched, _ = play(app, table, lambda: not table.bots_may_act() and not table.fast, False,
                      100_000, dt=1 / 15)
    assert table.match.is_over()
    assert (watched == 0) if skip else (watched > 0)  # animations did show, or none did
    want = expected_lines(table)
    assert table.log.lines == want
    for told in ("rolls", "draws", "The sand timer", "The sand runs out!", "Replace the "):
        assert any(told in line for line in want), told


def test_a_resumed_game_has_a_line_for_every_action(app, tmp_path):
    table = make_table(app, SEATS, seed=4, sand=45)
    table.fast = True
    play(app, table, lambda: False, False, 120, dt=1 / 15)
    _opened, top = save_and_open(app, table.match, tmp_path / "soa.json")
    again = getattr(top, "table", top)
    want = expected_lines(again)
    assert again.log.lines == want  # the whole game, to read back
    assert len(want) >= len(again.match.log) > 100
