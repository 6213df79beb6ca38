"""Observations cheap enough to take every step (issue 10, point 3): built once per state change,
shared by every seat and caller, immutable where shared, never a deep copy. What a seat sees is
still exactly How to Play's public information (the leak tests are in test_soa_protocol)."""

import copy
import json

import pytest

from sandsofplay.engine import A
from sandsofplay.engine.store import canonical

from soa_support import GAME, flip_now, new_game


def test_every_seat_shares_one_view_of_a_state():
    """How to Play: every hand is public, so all seats see the same table - one view, shared."""
    s = new_game(3, seed=2)
    a, b, c = GAME.observe(s, 0), GAME.observe(s, 1), GAME.observe(s, None)
    assert (a["seat"], b["seat"], c["seat"]) == (0, 1, None)
    assert a is not b
    for key in ("hands", "pile", "timer", "turn", "row", "tokens"):
        assert a[key] is b[key] is c[key], key  # shared, not copied
    assert {k: v for k, v in a.items() if k != "seat"} == {k: v for k, v in c.items() if k != "seat"}


def test_an_observation_is_a_value_and_changes_are_seen_next_time():
    """An old observation never changes when the game goes on; a new one shows the change."""
    s = new_game(2, seed=3)
    before = GAME.observe(s, 0)
    frozen = canonical(before)
    seat = GAME.to_act(s)[0]
    GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    after = GAME.observe(s, 0)
    assert canonical(before) == frozen
    assert after["figures"] != before["figures"]
    flip_now(s)
    GAME.advance(s, 30)
    late = GAME.observe(s, 0)
    assert late["phase"] == "timed" and late["tick"] == s.tick
    assert canonical(GAME.observe(s, 0)) == canonical(late)


def test_shared_parts_are_read_only_and_copy_to_plain_values():
    s = new_game(2, seed=4)
    obs = GAME.observe(s, 0)
    with pytest.raises(TypeError):
        obs["timer"]["gems"] = ("large",)
    with pytest.raises(TypeError):
        obs["turn"].update(choice=3)
    with pytest.raises(AttributeError):
        obs["hands"][0].append(1)  # a tuple
    mine = dict(obs["timer"], note="mine")  # a plain copy to change
    assert mine["note"] == "mine" and "note" not in GAME.observe(s, 0)["timer"]
    obs["seat"] = 5  # the top level is each caller's own
    assert GAME.observe(s, 0)["seat"] == 0
    deep = copy.deepcopy(obs)
    deep["timer"]["mode"] = "x"
    assert GAME.observe(s, 0)["timer"]["mode"] == "upright"
    assert json.loads(json.dumps(obs))["timer"]["mode"] == "upright"


def test_a_state_changed_by_hand_is_observed_afresh():
    """Scenario code may move figures or hand out tokens directly: the view is rebuilt."""
    s = new_game(2, seed=5)
    GAME.observe(s, 0)
    s.figures[1] = 3
    s.tokens[1].append(("ignore", True))
    s.stacks["ignore"] -= 1
    obs = GAME.observe(s, 0)
    assert obs["figures"][1] == 3 and obs["tokens"][1][-1] == ("ignore", True)
    s.timer.angle = 0.01  # a change the guard cannot see: touch() forgets the view
    s.touch()
    assert GAME.observe(s, 0)["timer"]["angle"] == 0.01


def test_determinize_and_clone_read_the_shared_view():
    from sandsofplay.engine import RNG
    s = new_game(3, seed=6)
    GAME.apply(s, s.current, A("move", 2))
    obs = GAME.observe(s, 1)
    world = GAME.determinize(obs, RNG(1))
    assert canonical(GAME.observe(world, 1)) == canonical(obs)
    twin = GAME.clone(s)
    assert canonical(GAME.observe(twin, 1)) == canonical(obs)
    GAME.apply(twin, twin.current, GAME.legal_actions(twin, twin.current)[0])
    assert canonical(GAME.observe(s, 1)) == canonical(obs)  # the original is untouched
