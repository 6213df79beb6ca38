"""Issue 30: the timeline is dragged from anywhere, its marks included. In a solo Sahwari replay
marks lie every few pixels, under the playhead; a press on one then a drag moves the playhead
with the pointer, and a press and release without moving still jumps to the mark. Real pygame
mouse events, posted and run through the app's frames."""

import copy
import functools

import pygame

from sandsofplay.engine import RNG, Match, Setup
from sandsofplay.engine.playout import random_chooser, run
from sandsofplay.games import get_game
from sandsofplay.ui.replay_bar import DRAG_SLOP
from sandsofplay.ui.table import open_replay_data
from tests.support.ui_fixtures import Driver


@functools.lru_cache(maxsize=None)
def _solo_sahwari(seed: int):
    game = get_game("sahwari")
    match = Match(game, Setup.make("sahwari", ["human"], seed=seed))
    run(match, random_chooser(RNG(seed)))
    return match.to_save()


def open_solo(app, at=0):
    data = copy.deepcopy(_solo_sahwari(5))
    table = open_replay_data(app, data, at=at)
    app.apply_ops()
    assert app.top is table and not table.replay_playing
    return table


def a_mark_in_the_middle(table):
    """A mark near the middle of the timeline, with other marks on both sides of it."""
    bar, rep = table.replay_bar, table.replay
    n = len(rep)
    inner = [m for m in rep.marks if n // 3 <= m.index <= 2 * n // 3]
    assert len(rep.marks) > 10 and inner
    mark = inner[len(inner) // 2]
    x = bar.x_of(mark.index)
    # the bar picks that one (or another at the same spot) under a press at its x
    assert bar.mark_near(x, 0).index == mark.index
    return mark, x


def down(app, pos):
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.frame(1 / 60)


def motion(app, pos):
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(1, 0, 0)))
    app.frame(1 / 60)


def up(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame(1 / 60)


def test_solo_sahwari_marks_are_dense_on_the_timeline(app):
    table = open_solo(app)
    bar = table.replay_bar
    xs = sorted({bar.x_of(m.index) for m in table.replay.marks})
    gaps = [b - a for a, b in zip(xs, xs[1:])]
    # most of the track lies within a press's reach of a mark: a press there used to stop drags
    assert min(gaps) <= 16


def test_a_press_on_a_mark_then_a_drag_moves_the_playhead(app):
    table = open_solo(app)
    bar = table.replay_bar
    mark, x = a_mark_in_the_middle(table)
    y = bar.track_rect().centery
    Driver(app).drag((x, y), (x + 120, y), steps=6)
    assert table.replay_index == bar.index_at(x + 120) != mark.index
    assert table.match.check_hash() == table.replay.hash_at(table.replay_index)
    assert not bar.dragging


def test_the_playhead_follows_the_pointer_over_other_marks_both_ways(app):
    table = open_solo(app)
    bar = table.replay_bar
    mark, x = a_mark_in_the_middle(table)
    y = bar.track_rect().centery
    down(app, (x, y))
    assert table.replay_index == mark.index  # the press jumps to the mark
    for dx in (10, 30, 50, 70, 40, 0, -30, -60):
        motion(app, (x + dx, y))
        assert table.replay_index == bar.index_at(x + dx), dx
        assert table.match.check_hash() == table.replay.hash_at(table.replay_index)
    up(app, (x - 60, y))
    assert table.replay_index == bar.index_at(x - 60)
    # after the release, moving the pointer moves nothing
    here = table.replay_index
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 100, y), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.frame(1 / 60)
    assert table.replay_index == here


def test_a_press_and_release_on_a_mark_jumps_to_it(app):
    table = open_solo(app)
    bar = table.replay_bar
    mark, x = a_mark_in_the_middle(table)
    y = bar.track_rect().centery
    Driver(app).click((x + 2, y))  # within reach of the mark, not on its exact pixel
    assert table.replay_index == bar.mark_near(x + 2, y).index
    assert table.match.check_hash() == table.replay.hash_at(table.replay_index)
    # a hand that trembles less than DRAG_SLOP pixels between press and release still clicks
    table.replay_seek(0)
    down(app, (x, y))
    motion(app, (x + DRAG_SLOP - 1, y))
    up(app, (x + DRAG_SLOP - 1, y))
    assert table.replay_index == mark.index


def test_a_drag_from_an_empty_spot_still_seeks(app):
    table = open_solo(app)
    bar = table.replay_bar
    tr = bar.track_rect()
    y = tr.centery
    Driver(app).drag((tr.x + 1, y), (tr.right - 1, y), steps=4)
    assert table.replay_index == bar.index_at(tr.right - 1)
    assert table.match.check_hash() == table.replay.hash_at(table.replay_index)
