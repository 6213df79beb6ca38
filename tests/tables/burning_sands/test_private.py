"""Hidden information at one screen (Raid Phase: face-down Fate cards; Challenges and Duels:
thrust and parry; Reactions from the hand): with two people at the table, the curtain comes down
before every private choice, nothing of the next player's is drawn before they confirm the pass,
and a face-down card is never drawn to the other player before it is revealed. Also: a game
saved in the middle of a duel resumes at the same question, and a whole game played with the
keyboard alone."""

import pygame
import pytest

from sandsofplay.engine import SeatSpec, Setup
from sandsofplay.games import get_game
from sandsofplay.ui.scenes.overlays import CurtainScene
from tests.tables.contract import play_by_gestures, same_as_headless
from tests.tables.helpers import save_and_open

from .helpers import bots_play_until
from .test_table import frames, start
from .test_whole_games import fair_player

GAME = get_game("burning_sands")
PRIVATE = {"react", "rcard", "dcard", "thrust", "parry"}


@pytest.mark.parametrize("seed,kinds", [
    (13, {"react", "rcard", "dcard"}),  # Reactions, a raid's face-down cards on both sides
    (5, {"react", "rcard", "thrust", "parry"}),  # and a duel's thrust and parry
])
def test_the_curtain_comes_down_before_every_private_choice(app, monkeypatch, seed, kinds):
    """Two people play a whole game; seeds chosen so the private choices named are met."""
    table = start(app, ("human", "human"), seed, limit=60)
    drawn = []  # ("table", viewer) / ("curtain", name), frame by frame
    real_table, real_curtain = table.draw_table, CurtainScene.draw

    def table_draw(surf, alpha):
        drawn.append(("table", table.viewer))
        real_table(surf, alpha)

    def curtain_draw(self, surf, alpha):
        drawn.append(("curtain", self.player_name))
        real_curtain(self, surf, alpha)
    monkeypatch.setattr(table, "draw_table", table_draw)
    monkeypatch.setattr(CurtainScene, "draw", curtain_draw)
    seen = set()

    def check(table, seat, gesture):
        kind = gesture.action.kind
        obs = table.observation()
        assert obs["seat"] == seat == table.viewer
        f = obs["stack"][-1]
        if kind in PRIVATE:
            seen.add(kind)
        if kind == "parry":  # the thrust lies face down until both are chosen
            t = f.get("thrust", -1)
            assert t < 0 or obs["cdef"][t] < 0
        if f["k"] == "raid" and f.get("step") == "defend":  # the raiders' cards too
            assert all(x[2] < 0 or obs["cdef"][x[2]] < 0 for x in f["list"])
        # the last table frame drawn for another viewer was followed by the curtain
        last_other = max((i for i, d in enumerate(drawn) if d[0] == "table" and d[1] != seat),
                         default=None)
        if last_other is not None:
            between = drawn[last_other + 1:]
            assert ("curtain", table.seat_name(seat)) in between, (kind, drawn[-5:])
    play_by_gestures(app, table, seed=seed, choose=fair_player(seed, eps=0.0),
                     on_decision=check)
    assert seen >= kinds, f"private choices met: {sorted(seen)}"
    assert same_as_headless(table.match)


def test_a_game_saved_in_the_middle_of_a_duel_resumes_at_the_same_question(app, tmp_path):
    """Challenges and Duels: saved between the thrust and the parry, the game resumes behind
    the curtain, at the parry, with the same gestures offered and the thrust still hidden."""
    setup = Setup("burning_sands", (SeatSpec.parse("human"), SeatSpec.parse("human")), (), 2)
    match = bots_play_until(setup, lambda st: st.stack[-1]["k"] == "duel"  # seed 2 reaches one
                            and st.stack[-1].get("thrust", -1) >= 0)
    again, _top = save_and_open(app, match, tmp_path / "duel.json")
    frames(app)
    assert isinstance(app.top, CurtainScene)  # the device may be with anyone
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                         unicode=" ", scancode=0))
    frames(app, 2)
    table = app.top
    assert again.fingerprint() == match.fingerprint()
    seat = GAME.to_act(again.state)[0]
    assert table.viewer == seat
    offered = {g.action for g in table.gestures(seat)}
    assert offered == set(GAME.legal_actions(again.state, seat))
    f = table.observation()["stack"][-1]
    assert f["thrust"] < 0 or table.observation()["cdef"][f["thrust"]] < 0


def test_a_whole_game_with_the_keyboard_alone(app):
    """Tab, Shift+Tab, Enter and Space only: every legal action has a key route, and a whole
    game (to a real end) is played with them."""
    table = start(app, ("human", "bot:normal"), 2, limit=60)
    stats = play_by_gestures(app, table, seed=2, keys_only=True, choose=fair_player(2))
    assert stats["decisions"] > 50
    assert "judgement" not in table.game.outcome(table.match.state).detail
    assert same_as_headless(table.match)
