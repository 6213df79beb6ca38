"""The Sand table, driven headless with real pygame events (issue 15: the Sand table).

The whole-game checks for 2, 3 and 4 seats (one human, all humans, keys only) run in
tests/tables/test_contract.py over every registered table; here: solo against Alhazred at each
level (Rulebook: Solo Mode), the basic Traveler side, illegal drops, undo, the curtain, save and
resume in Upkeep, and a damaged board map."""

import sys

import pygame
import pytest

from sandsofplay.engine import A
from sandsofplay.games import get_game
from sandsofplay.ui.scenes.overlays import CurtainScene
from tests.tables import helpers
from tests.tables.contract import play_by_gestures, post_gesture, same_as_headless
from tests.tables.helpers import play_until, save_and_open

GAME = get_game("sand")


def make_table(app, seats, seed=3, **opts):
    return helpers.make_table(app, "sand", seats, seed, animation_speed=2.0, **opts)


class Press:
    def __init__(self, *steps):
        self.steps = steps


@pytest.mark.parametrize("level,travelers", [("novice", "choose"), ("medium", "basic"),
                                             ("expert", "choose")])
def test_solo_against_alhazred_by_gestures(app, level, travelers):
    """Rulebook: Solo Mode - a whole solo game at each Alhazred level, every action chosen among
    the offered gestures posted as events; replaying the log headless ends the same."""
    table = make_table(app, ("human",), seed=5, alhazred=level, travelers=travelers)
    assert table.match.state.solo and table.match.state.level == level
    stats = play_by_gestures(app, table, seed=11)
    assert stats["decisions"] > 20
    assert same_as_headless(table.match)
    if travelers == "basic":
        assert table.match.state.players[0]["trav"] == "basic"


def human_travels(s):
    return s.step == "act" and not s.pending and s.cur == 0 and any(
        a.kind == "travel" for a in GAME.legal_actions(s, 0))


def test_worm_dropped_where_it_cannot_go_snaps_back_with_a_reason(app):
    """Rulebook: Travel - a drop on a place no open route reaches changes nothing and says why."""
    table = make_table(app, ("human", "bot:normal"), seed=4)
    assert play_until(table, human_travels)
    app.frame(1 / 60)
    s = table.match.state
    reach = table.move_targets(0, GAME.legal_actions(s, 0))
    far = next(loc for loc in table.board.geo.centre if loc not in reach and loc != s.players[0]["loc"])
    n = len(table.match.log)
    before = table.match.fingerprint()
    post_gesture(app, Press(("drag", table.board.worm_home(0, table.obs()), table.board.geo.centre[far])))
    assert len(table.match.log) == n and table.match.fingerprint() == before
    assert "cannot go to" in table.toast.message
    assert table.board.worm_drag is None and table.board.worm_pos(0, table.obs()) == \
        table.board.worm_home(0, table.obs())
    # a drop on a glowing place travels there
    dest, act = next(iter(reach.items()))
    post_gesture(app, Press(("drag", table.board.worm_home(0, table.obs()), table.board.geo.centre[dest])))
    assert table.match.log[-1].action == act and table.match.state.players[0]["loc"] == dest


def test_a_placed_token_can_be_taken_back(app):
    """Undo (Ctrl+Z) takes back the human's own last action: the token is in the pool again."""
    table = make_table(app, ("human", "bot:normal"), seed=4)
    assert play_until(table, lambda s: s.step == "place" and s.cur == 0 and not s.pending)
    app.frame(1 / 60)
    before = table.match.fingerprint()
    r = table.view.token_rects(0, table.obs())[0]
    assert A("place", "blue") in GAME.legal_actions(table.match.state, 0)
    post_gesture(app, Press(("click", r.center)))
    assert table.match.log[-1].action == A("place", "blue")
    assert table.match.state.players[0]["tok"][0] == 1
    post_gesture(app, Press(("key", pygame.K_z)))  # without Ctrl: nothing
    assert table.match.state.players[0]["tok"][0] == 1
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL,
                                         unicode="", scancode=0))
    app.frame(1 / 60)
    assert table.match.fingerprint() == before


def test_the_curtain_comes_between_two_people(app):
    """Hot-seat: when the turn passes to the other person, the curtain comes first."""
    table = make_table(app, ("human", "human"), seed=2)
    seen = []
    for _ in range(400):
        if isinstance(app.top, CurtainScene):
            seen.append(table.viewer)
            break
        seat = table.human_to_act()
        gs = table.gestures(seat)
        post_gesture(app, gs[0])
    assert seen, "no curtain appeared"
    # behind the curtain nothing of the table is offered
    assert table.action_buttons == []
    post_gesture(app, Press(("key", pygame.K_SPACE)))
    assert app.top is table


def test_save_and_resume_in_upkeep(app, tmp_path):
    """Rulebook: Upkeep - a game saved while a Mission is being chosen resumes there and plays on
    to the end by gestures, with the same outcome as replaying it headless."""
    table = make_table(app, ("human", "bot:normal"), seed=6)
    assert play_until(table, lambda s: s.step in ("pick", "keep") and s.cur == 0)
    step = table.match.state.step
    match, resumed = save_and_open(app, table.match, tmp_path / "upkeep.json")
    assert match is not None and resumed is not table
    assert resumed.match.state.step == step and resumed.match.fingerprint() == \
        table.match.fingerprint()
    resumed.driver.pace_ticks = 0
    stats = play_by_gestures(app, resumed, seed=3)
    assert stats["decisions"] > 5 and same_as_headless(resumed.match)


def test_a_damaged_board_map_is_reported_not_a_crash(monkeypatch, tmp_path):
    """The board map cannot be read: loading the tables records why instead of failing."""
    import sandsofplay.tables as tables
    import sandsofplay.ui.tiled as tiled
    from sandsofplay.ui import table_registry as table_mod
    bad = tmp_path / "sand_board.tmx"
    bad.write_text("<map><objectgroup name='locations'>")
    monkeypatch.setattr(tiled, "map_path", lambda name: bad)
    for mod in ("sandsofplay.tables.sand.table", "sandsofplay.tables.sand.view"):
        monkeypatch.delitem(sys.modules, mod, raising=False)
    monkeypatch.setattr(table_mod, "_PROBLEMS", {})
    monkeypatch.setattr(table_mod, "_TABLES", dict(table_mod._TABLES))
    monkeypatch.setattr(tables, "TABLES", {"sand": "sandsofplay.tables.sand.table"})
    assert tables.load_all() == []
    assert "sand_board" in table_mod.table_problem("sand")


def test_a_finished_game_replays_at_the_table(app):
    """The results offer the replay: the table plays the save back to the same end."""
    table = make_table(app, ("bot:easy", "bot:easy"), seed=9)
    replay = helpers.finished_replay(app, table, 50)
    assert replay.gestures(0) == []
    for k in range(5000):
        if replay.match.is_over():
            break
        replay.replay_step()
        if k % 25 == 0:
            app.frame(1 / 60)  # the table draws what the replay has reached
    assert replay.match.fingerprint() == table.match.fingerprint()


def test_the_hint_is_the_hard_bots_move_and_says_why(app):
    """H asks the hard bot (issue 29; it was the normal bot, issue 15): its move is said with a
    one-sentence why and ringed, and Enter plays it."""
    from sandsofplay.bots.levels import make_bot
    table = make_table(app, ("human", "bot:normal"), seed=4)
    assert play_until(table, human_travels)
    assert table.hint.level == "hard"
    state = table.match.state
    legal = GAME.legal_actions(state, 0)
    expected = make_bot(GAME, "hard", 0, 12345).decide(GAME.observe(state, 0), legal)
    post_gesture(app, Press(("key", pygame.K_h)))
    for _ in range(1200):
        app.frame(1 / 60)
        if table.hint_action is not None:
            break
    act = table.hint_action
    assert act == expected and act in legal
    assert table.hint_text.startswith("Hint: ")
    why = table.hint_text[table.hint_text.index(" Why: ") + 1:].replace(" (Enter does it)", "")
    assert why.endswith(".") and why.count(". ") == 0  # one sentence
    if "(Enter does it)" in table.hint_text:
        post_gesture(app, Press(("key", pygame.K_RETURN)))
        assert table.match.log[-1].action == act


def test_the_white_action_token_is_edged_on_the_cream_log(app):
    """Each Action token in a player's log has a dark edge: the white one, a white ring on
    cream, could hardly be seen."""
    import pygame
    from sandsofplay.tables.sand.view import TOKEN_EDGE
    table = make_table(app, ("human", "bot:normal"), seed=4)
    app.frame(1 / 60)
    obs = table.obs()
    surf = pygame.Surface((1280, 720))
    table.view.draw_logs(surf, obs, lambda *a: None)
    white = table.view.token_rects(0, obs)[2]  # the dice's order: blue, red, white, black
    cx, cy = white.center
    up = [tuple(surf.get_at((cx, cy - d)))[:3] for d in range(14)]  # from the centre up
    white_rgb = up[9]
    assert up[11] == TOKEN_EDGE and up[7] == TOKEN_EDGE  # the edge outside and inside
    assert white_rgb != TOKEN_EDGE and up[13] != white_rgb  # the ring between, then the log
