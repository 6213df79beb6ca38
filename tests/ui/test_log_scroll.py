"""The log panel reads back over the whole game, with its round and turn headings (issue 30,
point 2), as Board Game Arena's log does: the wheel, a drag of the lines and the keys (PageUp /
PageDown, Home / End; with Shift in a replay, whose bar has those keys) scroll it back; a line
that begins a round or a turn is drawn as a heading, at the events each game names
(engine.marks: Sand's turns and Upkeeps, Sahwari's turns and the Guildmaster's, Sands of
Adventure's rounds and turns, Burning Sands' turns of the Caliph's Blessing); a resumed game
and a replay have the same headings (Rulebooks: Game Turns; Turn Overview; Rounds; Sequence of
Play)."""

import pygame
import pytest

from sandsofplay.engine import Match
from sandsofplay.engine.marks import marks_of, text_marks
from sandsofplay.ui import theme as T
from sandsofplay.ui.table import open_replay_data
from tests.tables import helpers
from tests.tables.helpers import save_and_open

GAMES = {  # game: (seats, options, actions, the headings it must show)
    "sand": (("bot:easy", "bot:easy"), {}, 120, {"round", "turn"}),
    "sahwari": (("bot:easy",), {}, 120, {"turn"}),
    "sands_of_adventure": (("bot:normal", "bot:easy", "bot:normal"),
                           dict(char1="indiana", char2="marion", char3="sallah"), 400,
                           {"round", "turn"}),
    "burning_sands": (("bot:easy", "bot:easy"), {}, 200, {"round"}),
}


def played(app, game_id, frames=20_000):
    seats, opts, actions, _ = GAMES[game_id]
    table = helpers.make_table(app, game_id, seats, 5, **opts)
    table.fast = True
    for _ in range(frames):
        if table.match.is_over() or len(table.match.log) >= actions:
            break
        app.frame(1 / 15)  # four of the table's ticks a frame: every tick played, fewer drawn
    return table


def headless_heads(table) -> set[str]:
    """The lines that begin a round or a turn, from the match log played again headless."""
    match, game = table.match, table.match.game
    again = Match(game, match.setup, track_hashes=False, keep_undo=False)
    marks, out = marks_of(game), {}
    for entry in match.log:
        if entry.tick > again.tick:
            out.update(text_marks(marks, again.advance(entry.tick - again.tick)))
        out.update(text_marks(marks, again.apply(entry.seat, entry.action)))
    return {(table.named(t), m) for t, m in out.items()}


def heads(table) -> list[tuple[str, str]]:
    return [(table.log.lines[i], m) for i, m in table.log.heading_lines()]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_rounds_and_turns_are_headings_live_resumed_and_in_the_replay(app, tmp_path, game_id):
    table = played(app, game_id)
    shown = heads(table)
    assert {m for _, m in shown} == GAMES[game_id][3]
    assert set(shown) == headless_heads(table)  # exactly the lines of the events named
    assert len(shown) > 3
    _opened, top = save_and_open(app, table.match, tmp_path / f"{game_id}.json")
    again = getattr(top, "table", top)
    assert heads(again) == shown and again.log.lines == table.log.lines
    open_replay_data(app, table.match.to_save())
    app.apply_ops()
    replay = app.top
    replay.replay_seek(len(replay.replay))
    assert set(heads(replay)) == set(shown)


def post(*events):
    for e in events:
        pygame.event.post(e)


def key(k, mod=0):
    post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
         pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


def test_the_log_scrolls_back_with_wheel_drag_and_keys(app):
    table = played(app, "sahwari")
    log = table.log
    assert len(log.lines) > 60 and log.scroll == 0
    app.frame(1 / 60)  # (drawn once: a page is what it shows)
    inside = log.rect.center
    pygame.mouse.set_pos(inside)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=inside, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    app.frame(1 / 60)
    assert log.scroll == 2 * log.WHEEL_LINES
    # a drag of the lines downwards brings older lines into view
    x, y = log.rect.centerx, log.rect.y + 20
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y + 100), rel=(0, 100), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y + 100), button=1))
    app.frame(1 / 60)
    dragged = log.scroll
    assert dragged > 2 * log.WHEEL_LINES + 3
    # keys, without a mouse
    key(pygame.K_PAGEUP)
    app.frame(1 / 60)
    assert log.scroll == dragged + log._shown - 1 > dragged
    key(pygame.K_HOME)
    app.frame(1 / 60)
    assert log.scroll == len(log.lines) - 1  # the first line of the game
    key(pygame.K_PAGEDOWN)
    app.frame(1 / 60)
    assert 0 < log.scroll < len(log.lines) - 1
    back, first = log.scroll, log.lines[len(log.lines) - 1 - log.scroll]
    log.add("A new line.")  # read back: what is read stays in place
    assert log.lines[len(log.lines) - 1 - log.scroll] == first and log.scroll == back + 1
    key(pygame.K_END)
    app.frame(1 / 60)
    assert log.scroll == 0


def test_a_replay_keeps_its_keys_and_scrolls_the_log_with_shift(app):
    table = played(app, "sahwari")
    open_replay_data(app, table.match.to_save())
    app.apply_ops()
    replay = app.top
    replay.replay_playing = False
    replay.replay_seek(len(replay.replay))
    app.frame(1 / 60)
    at = replay.replay_index
    key(pygame.K_PAGEUP)  # the replay's: back a round
    app.frame(1 / 60)
    assert replay.replay_index < at and replay.log.scroll == 0
    key(pygame.K_PAGEUP, pygame.KMOD_SHIFT)  # the log's
    app.frame(1 / 60)
    assert replay.log.scroll > 0


def test_a_heading_is_drawn_as_one(app):
    """A turn's heading has a rule above it: scrolled to it, the panel shows a line drawn in
    the rule's colour across the panel."""
    table = played(app, "sahwari")
    log = table.log
    index = max(i for i, m in log.heading_lines() if i < len(log.lines) - 3)
    log.scroll_to(len(log.lines) - 1 - index)
    surf = pygame.Surface((T.W, T.H))

    def rules():
        surf.fill((0, 0, 0))
        log.draw(surf)
        return [y for y in range(log.rect.y + 4, log.rect.bottom - 4)
                if all(surf.get_at((x, y))[:3] == T.DUNE_DARK
                       for x in range(log.rect.x + 12, log.rect.right - 12, 7))]
    assert rules(), "no rule drawn above the heading"
    log.marks = {}
    assert not rules()


@pytest.mark.parametrize("game_id", ["sahwari", "burning_sands", "sands_of_adventure"])
def test_a_replay_jumped_to_its_end_reads_the_whole_game_as_it_was_played(app, game_id):
    """The replay's log, after a jump, has the lines the table said live (an action whose
    events say nothing said too), from the first action."""
    table = played(app, game_id)
    live = list(table.log.lines)
    open_replay_data(app, table.match.to_save())
    app.apply_ops()
    replay = app.top
    replay.replay_seek(len(replay.replay))
    assert replay.log.lines == live
    replay.replay_seek(0)
    replay.replay_seek(10)
    assert replay.log.lines == expected_upto(table, 10)


def expected_upto(table, n):
    from tests.tables.log_check import expected_lines

    class Cut:  # the table's first n actions
        def __init__(self, t):
            self.match = type("M", (), {"game": t.match.game, "setup": t.match.setup,
                                        "log": t.match.log[:n],
                                        "tick": t.match.log[n - 1].tick})()
            self.named, self.action_line = t.named, t.action_line
    return expected_lines(Cut(table))
