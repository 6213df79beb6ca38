"""The replay at a table (the table base, so every table has it): keys and the control bar step,
jump and seek; the layout holds; Play from here; a real-time game at its recorded ticks."""

import json

import pygame
import pytest

from sandsofplay.engine import Match
from sandsofplay.games import get_game
from sandsofplay.ui.table import open_replay, open_replay_data
from tests.replay.support import GAMES, whole_game
from tests.tables.contract import layout_problems


def key(table, k):
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def click(app, pos, button=1):
    pygame.mouse.set_pos(pos)
    for t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(t, pos=pos, button=button))
        app.frame(1 / 60)


def open_table(app, data, at=None):
    table = open_replay_data(app, data, at=at)
    app.apply_ops()
    assert app.top is table
    return table


@pytest.mark.parametrize("game_id", GAMES)
def test_left_then_right_at_every_step_gives_the_saved_states(app, game_id):
    """Left (one back) then Right (one on) at every step of a whole game, from the end."""
    data = whole_game(game_id)
    table = open_table(app, data, at=len(data["log"]))
    assert table.match.check_hash() == data["hashes"][-1]
    for i in range(len(data["log"]), 1, -1):
        key(table, pygame.K_LEFT)
        assert table.replay_index == i - 1
        assert table.match.check_hash() == data["hashes"][i - 2]
        key(table, pygame.K_RIGHT)
        assert table.match.check_hash() == data["hashes"][i - 1]
        key(table, pygame.K_LEFT)
    assert not table.replay_playing


@pytest.mark.parametrize("game_id", GAMES)
def test_the_bar_is_laid_out_and_its_marks_jump(app, game_id):
    data = whole_game(game_id)
    table = open_table(app, data, at=5)
    regions = table.regions()
    assert "panel:replay" in regions and "button:replay_play" in regions
    assert "button:replay_branch" in regions and "button:replay_story" in regions
    assert layout_problems(regions) == []
    app.frame(1 / 60)  # drawn once: whatever the table shows keeps clear of the bar
    bar_rect = table.replay_bar.bar_rect()
    assert not table.log.rect.colliderect(bar_rect)
    bar = table.replay_bar
    for m in [m for m in table.replay.marks if m.kind != "turn"][:8]:
        click(app, (bar.x_of(m.index), bar.track_rect().y - 4))
        assert table.replay_index == bar.mark_near(bar.x_of(m.index), 0).index
        assert table.match.check_hash() == table.replay.hash_at(table.replay_index)
    # the buttons: to the end, to the start, one on, play
    click(app, regions["button:replay_end"].center)
    assert table.replay_index == len(data["log"])
    click(app, regions["button:replay_start"].center)
    assert table.replay_index == 0
    click(app, regions["button:replay_forward"].center)
    assert table.replay_index == 1
    click(app, regions["button:replay_play"].center)
    assert table.replay_playing


def test_keys_home_end_and_rounds(app):
    data = whole_game("sands_of_adventure")
    table = open_table(app, data, at=0)
    rounds = [m.index for m in table.replay.round_marks() if m.index > 0]
    key(table, pygame.K_PAGEDOWN)
    assert table.replay_index == rounds[0]
    key(table, pygame.K_PAGEUP)
    assert table.replay_index == 0
    key(table, pygame.K_END)
    assert table.replay_index == len(data["log"])
    key(table, pygame.K_HOME)
    assert table.replay_index == 0
    key(table, pygame.K_SPACE)
    assert table.replay_playing
    for _ in range(7):
        key(table, pygame.K_UP)
    assert table.replay_instant
    for _ in range(30):
        app.frame(1 / 60)
    assert table.replay_index >= 25
    assert table.match.check_hash() == data["hashes"][table.replay_index - 1]


def test_dragging_the_timeline_seeks(app):
    data = whole_game("tiny")
    table = open_table(app, data, at=0)
    tr = table.replay_bar.track_rect()
    start, end = (tr.x + 2, tr.centery), (tr.centerx, tr.centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.frame(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.frame(1 / 60)
    assert abs(table.replay_index - len(data["log"]) // 2) <= 1
    assert table.match.check_hash() == data["hashes"][table.replay_index - 1]


def test_views_open_after_the_game(app):
    data = whole_game("tiny")
    table = open_table(app, data, at=3)
    assert table.viewer is None
    key(table, pygame.K_v)
    assert table.viewer == 0 and table.replay_view_name() == table.seat_name(0)
    data2 = whole_game("tiny")
    data2["finished"] = False
    table = open_table(app, data2, at=3)
    key(table, pygame.K_v)
    assert table.viewer is None and "once the game is over" in table.toast.message


def test_a_real_time_game_replays_at_its_recorded_ticks_after_a_jump(app):
    data = whole_game("tiny", clock=2)
    assert get_game("tiny").realtime
    table = open_table(app, data, at=4)
    table.replay_playing = True
    seen = []
    for _ in range(4000):
        before = table.replay_index
        table.update()
        if table.replay_index != before:
            seen.append((table.replay_index, table.match.tick, table.match.check_hash()))
        if len(seen) >= 6:
            break
    assert len(seen) >= 6
    for index, tick, h in seen:
        assert tick == data["log"][index - 1][0]
        assert h == data["hashes"][index - 1]


@pytest.mark.parametrize("game_id", GAMES)
def test_play_from_here_starts_a_new_game_saved_apart(app, tmp_path, game_id):
    data = whole_game(game_id)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    before = path.read_text()
    open_replay(app, str(path), 10)
    app.apply_ops()
    table = app.top
    assert table.replay_index == 10
    new_path = table.play_from_here()
    app.apply_ops()
    play = app.top
    assert play.mode == "play" and play is not table
    assert play.match.check_hash() == data["hashes"][9]
    assert len(play.match.log) == 10
    # its first action continues from the chosen state: the one the save played next is
    # legal there and gives the state the save recorded
    tick, seat, text = data["log"][10]
    if tick > play.match.tick:
        play.match.advance(tick - play.match.tick)
    play.match.apply(seat, text)
    assert str(play.match.log[10].action) == text
    assert play.match.check_hash() == data["hashes"][10]
    Match.flush_autosave()
    again = Match.load(str(new_path), get_game)
    assert again.fingerprint() == play.match.fingerprint()
    assert path.read_text() == before  # the replay is untouched


def test_the_story_is_written_to_the_saves_folder(app):
    table = open_table(app, whole_game("tiny"), at=0)
    out = table.export_story()
    assert out.is_file() and "## Final scores" in out.read_text()


def test_a_save_of_another_version_says_why_at_the_table(app, tmp_path):
    data = whole_game("tiny")
    data["version"] = 0
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    open_replay(app, str(path))
    app.apply_ops()
    from sandsofplay.ui.scenes.message import MessageScene
    assert isinstance(app.top, MessageScene)
    assert app.top.title_text == "Cannot play that replay"
    assert "save version 0" in app.top.message and "reads version" in app.top.message
