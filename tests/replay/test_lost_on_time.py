"""Issue 30: a Sands of Adventure game lost on time replays to its end. The save's last action
comes long before its ``final_tick`` (the sand ran out while nobody acted); the replay engine,
the table's replay view (End, the timeline's end, Right from the last action, playing) and the
story run the clock on to ``final_tick`` and end on the defeat, not on "not finished"."""

import copy
import functools
import json

import pygame

from sandsofplay import cli
from sandsofplay.engine import RNG, Match, Setup
from sandsofplay.engine.playout import random_move, run
from sandsofplay.engine.replay import Replay, story
from sandsofplay.games import get_game
from sandsofplay.ui.story import full_story
from sandsofplay.ui.table import open_replay_data
from tests.support.ui_fixtures import Driver

GAME_ID = "sands_of_adventure"


@functools.lru_cache(maxsize=None)
def _lost_on_time(seed: int):
    """A real game: random choices outside the Timed Phase; in it the team only waits, so the
    sand runs out in every round and, in round 3, the game is lost on time."""
    game = get_game(GAME_ID)
    match = Match(game, Setup.make(GAME_ID, ["human", "human"], seed=seed))
    rng = RNG(seed)

    def waiting_team(target):
        g, s = target.game, target.state
        if g.in_real_time(s):
            return "wait", max(1, g.next_event_tick(s) - g.now(s))
        return random_move(g, s, rng, act_chance=1.0)

    run(match, waiting_team)
    return match.to_save()


def lost_on_time(seed: int = 1) -> dict:
    data = copy.deepcopy(_lost_on_time(seed))
    # the save is what the issue describes: finished, its clock well past the last action
    assert data["finished"] is True
    assert data["final_tick"] > data["log"][-1][0]
    return data


def after_last_action(data: dict):
    """The state right after the last action, at its tick (what the replay used to end on)."""
    game = get_game(GAME_ID)
    match = Match.from_save(data, game, upto=len(data["log"]))
    return game, match.state


def test_the_save_is_a_defeat_whose_last_action_left_the_game_running():
    data = lost_on_time()
    game, state = after_last_action(data)
    assert game.outcome(state) is None  # the defeat came from the clock, not from an action
    loaded = Match.from_save(data, game)
    out = game.outcome(loaded.state)
    assert out is not None and out.team == "loss" and out.winners == ()
    assert out.detail == "the sand ran out"


def test_the_replay_engine_ends_on_the_defeat_at_the_final_tick():
    data = lost_on_time()
    game = get_game(GAME_ID)
    rep = Replay(data, game)
    assert rep.outcome is not None and rep.outcome.team == "loss"
    assert rep.outcome.detail == "the sand ran out"
    end = rep.state_at(len(rep))
    assert game.now(end) == data["final_tick"] == rep.tick_at(len(rep))
    assert game.outcome(end) == rep.outcome
    assert rep.hash_at(len(rep)) == rep.check_hash(game, end)
    # the same end as loading the save (which runs the clock on to final_tick)
    assert rep.hash_at(len(rep)) == Match.from_save(data, game).check_hash()
    # a position before the end is still the recorded state after its action
    before = rep.state_at(len(rep) - 1)
    assert rep.check_hash(game, before) == data["hashes"][-2]
    assert game.outcome(before) is None
    # the time after the last action is told, and marked at the end
    assert "The sand runs out!" in rep.end_texts
    assert any("the team loses" in t for t in rep.end_texts)
    assert any(m.index == len(rep) for m in rep.marks)
    # Play from here at the end: the game is over there
    assert rep.match_at(len(rep)).is_over()
    assert not rep.match_at(len(rep) - 1).is_over()


def test_the_story_ends_with_the_defeat(tmp_path, capsys):
    data = lost_on_time()
    text = story(Replay(data, get_game(GAME_ID)))
    assert "not finished" not in text
    tail = text[text.index(f"{len(data['log'])}. "):]
    assert "After the last action, time runs on:" in tail
    assert "The sand runs out!" in tail and "the team loses" in tail
    scores = text[text.index("## Final scores"):].splitlines()
    rows = [ln for ln in scores if ln.startswith("| Seat")]
    assert len(rows) == 2 and all("loss" in ln for ln in rows)
    assert "How it ended: The sand ran out." in text
    # and so does --story
    path = tmp_path / "lost.json"
    path.write_text(json.dumps(data))
    assert cli.main(["--story", str(path)]) == 0
    assert capsys.readouterr().out == full_story(Replay(data, get_game(GAME_ID)))


def open_at(app, data, at):
    table = open_replay_data(app, data, at=at)
    app.apply_ops()
    assert app.top is table and not table.replay_playing
    return table


def assert_at_the_defeat(table, data):
    rep = table.replay
    assert table.replay_index == len(rep)
    assert table.match.tick == data["final_tick"]
    out = table.game.outcome(table.match.state)
    assert out is not None and out.team == "loss"
    assert table.match.check_hash() == rep.hash_at(len(rep))


def test_the_replay_tables_end_shows_the_defeat(app):
    data = lost_on_time()
    n = len(data["log"])
    drive = Driver(app)
    # End
    table = open_at(app, data, 0)
    drive.key(pygame.K_END)
    assert_at_the_defeat(table, data)
    assert "The sand runs out!" in table.log.lines
    # Left steps back to the state after the last action; Right on to the end again
    drive.key(pygame.K_LEFT)
    assert table.replay_index == n - 1
    assert table.match.check_hash() == data["hashes"][-2]
    drive.key(pygame.K_RIGHT)
    assert_at_the_defeat(table, data)
    # the timeline's end
    table.replay_seek(0)
    tr = table.replay_bar.track_rect()
    drive.click((tr.right + 2, tr.centery))
    assert_at_the_defeat(table, data)
    # the forward button from the last action
    table.replay_seek(n - 1)
    drive.click(table.regions()["button:replay_forward"].center)
    assert_at_the_defeat(table, data)


def test_playing_the_replay_runs_the_sand_out_to_the_defeat(app):
    data = lost_on_time()
    table = open_at(app, data, len(data["log"]) - 1)
    while table.replay_speed < 16:
        table.replay_faster(1)  # x16, not instant: the clock runs tick by tick
    assert not table.replay_instant and table.replay_speed == 16
    table.replay_playing = True
    for _ in range(data["final_tick"]):  # far more updates than the 16-tick steps need
        table.update()
        if not table.replay_playing:
            break
    assert not table.replay_playing
    assert_at_the_defeat(table, data)


def test_play_paused_while_the_sand_runs_goes_on_to_the_end_then_starts_again(app):
    """Paused after the last action with the sand still running, Space goes on to the defeat;
    at the end, Space plays the game again from the start."""
    data = lost_on_time()
    table = open_at(app, data, len(data["log"]) - 1)
    while table.replay_speed < 16:
        table.replay_faster(1)
    table.replay_playing = True
    while table.replay_index < len(data["log"]):
        table.update()
    table.update()
    assert table.match.tick < data["final_tick"]
    drive = Driver(app)
    drive.key(pygame.K_SPACE)  # pause, the sand still running
    assert not table.replay_playing and table.replay_index == len(data["log"])
    tick = table.match.tick
    drive.key(pygame.K_SPACE)  # play on: not back to the start
    assert table.replay_playing and table.replay_index == len(data["log"])
    assert table.match.tick >= tick
    for _ in range(data["final_tick"]):
        table.update()
        if not table.replay_playing:
            break
    assert_at_the_defeat(table, data)
    drive.key(pygame.K_SPACE)  # at the end: again from the start
    assert table.replay_playing and table.replay_index <= 1
