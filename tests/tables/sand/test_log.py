"""Complete logs at the Sand table (issue 30, point 1): every action of every seat (bots,
Alhazred's turns inside the action that starts them) and every chance event (the dice rolled,
the Codex cards drawn, the new Missions) has its line in the log panel, whether the sequence that
shows it was watched to its end, skipped with a click, or shown again after a resume - the log
reads as the match log played headless (each action's event sentences, or the action said when
its events say nothing), line for line (Rulebook: Game Turns, Upkeep, Solo Mode)."""

import pygame
import pytest

from sandsofplay.engine import Match
from tests.tables.helpers import save_and_open
from tests.tables.sand.test_table import make_table


def expected_lines(table) -> list[str]:
    """The match log played again headless: each action's lines."""
    match = table.match
    game = match.game
    again = Match(game, match.setup, track_hashes=False, keep_undo=False)
    out = []
    for entry in match.log:
        told = game.describe(again.state, entry.seat, entry.action)
        texts = [table.named(e.text) for e in again.apply(entry.seat, entry.action) if e.text]
        assert texts or told, f"{entry.action} has no line"
        out.extend(texts or [f"{table.seat_name(entry.seat)}: {table.named(told)}"])
    return out


def click(app):
    pos = (600, 300)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, touch=False))


def play(app, table, skip: bool, actions: int):
    """The bots play at the table, frame by frame; each sequence is watched to its end, or
    skipped with a click as soon as it shows."""
    table.log.max_lines = 100_000  # (the panel keeps its last 400 lines; the test reads all)
    watched = skipped = 0
    for _ in range(60_000):
        if table.match.is_over() or len(table.match.log) >= actions:
            break
        if table.pace.busy():
            if skip:
                click(app)
                skipped += 1
            else:
                watched += 1
        app.frame(1 / 60)
    for _ in range(4000):  # the last sequence: watched to its end, or skipped
        if not table.pace.busy() and not table.tweens.busy:
            break
        if skip:
            click(app)
        app.frame(1 / 60)
    return watched, skipped


@pytest.mark.parametrize("skip", [False, True], ids=["watched", "skipped"])
@pytest.mark.parametrize("seats,opts,actions", [
    (("bot:easy",), {"alhazred": "expert"}, 10_000),  # a whole solo game against Alhazred
    (("bot:easy", "bot:easy", "bot:easy"), {}, 90),  # three bots through the first Upkeep
], ids=["solo", "three-bots"])
def test_every_action_has_a_log_line(app, seats, opts, actions, skip):
    table = make_table(app, seats, seed=5, **opts)
    app.settings.animation_speed = 6.0
    table.driver.pace_ticks = 2
    watched, skipped = play(app, table, skip, actions)
    assert (skipped if skip else watched) > 0  # sequences did show
    assert len(table.match.log) >= min(actions, 60)
    if actions > 1000:
        assert table.match.is_over()
    assert table.log.lines == expected_lines(table)


def test_a_resumed_game_has_a_line_for_every_action(app, tmp_path):
    table = make_table(app, ("bot:easy", "bot:easy"), seed=4)
    play(app, table, skip=True, actions=40)
    _opened, top = save_and_open(app, table.match, tmp_path / "sand.json")
    again = getattr(top, "table", top)
    want = expected_lines(again)
    assert again.log.lines == want  # the whole game, to read back
    assert any(line.startswith("Seat 1: Place the ") for line in want)  # an action said
