"""Work done when it is needed: observations built when first read (``engine.observation``) and
check hashes worked out when read (``Match``'s hash cursor). Both must give exactly what the
eager versions gave, whatever happens in between."""

import copy
import json
import pickle

import pytest

from sandsofplay.engine import RNG, IllegalAction, Match, Setup
from sandsofplay.engine.observation import Observation, lazy, settle_views
from sandsofplay.engine.playout import random_move
from sandsofplay.engine.store import canonical
from sandsofplay.games import get_game

LAZY_GAMES = ("sahwari", "sands_of_adventure")


def counted(content):
    calls = []

    def build():
        calls.append(1)
        return dict(content)
    return build, calls


def test_an_observation_is_built_once_on_first_read_and_is_a_dict_everywhere():
    build, calls = counted({"game": "g", "seat": 0, "grid": [1, 2], "n": 2})
    obs = Observation(build, {"game": "g", "seat": 0})
    assert calls == [] and obs["seat"] == 0 and calls == []  # a head key needs no build
    assert isinstance(obs, dict)
    assert json.loads(json.dumps(obs)) == {"game": "g", "seat": 0, "grid": [1, 2], "n": 2}
    assert calls == [1]
    assert canonical(obs) == canonical({"game": "g", "seat": 0, "grid": [1, 2], "n": 2})
    assert calls == [1]  # never built twice


@pytest.mark.parametrize("read", [
    lambda o: o["grid"], lambda o: o.get("grid"), lambda o: "grid" in o, lambda o: len(o),
    lambda o: list(o), lambda o: list(o.items()), lambda o: list(o.values()),
    lambda o: o == {"seat": 0, "grid": [1]}, lambda o: {"seat": 0, "grid": [1]} == o,
    lambda o: dict(o), lambda o: {**o}, lambda o: o.copy(), lambda o: copy.deepcopy(o),
    lambda o: pickle.loads(pickle.dumps(o)), lambda o: json.dumps(o, indent=1),
    lambda o: repr(o), lambda o: o | {}, lambda o: bool(o),
], ids=["getitem", "get", "in", "len", "iter", "items", "values", "eq", "req", "dict", "splat",
        "copy", "deepcopy", "pickle", "json-indent", "repr", "or", "bool"])
def test_every_way_of_reading_builds_the_content(read):
    build, calls = counted({"seat": 0, "grid": [1]})
    obs = Observation(build, {"seat": 0})
    out = read(obs)
    assert calls == [1]
    if isinstance(out, dict):
        assert out == {"seat": 0, "grid": [1]} and type(out) is dict


def test_a_missing_key_is_still_a_key_error():
    obs = Observation(lambda: {"seat": 0}, {"seat": 0})
    with pytest.raises(KeyError):
        obs["nothing"]
    assert obs.get("nothing", 5) == 5


def test_views_are_settled_before_a_change_and_unheld_views_cost_nothing():
    world = {"x": 1}
    views: list = []
    held = lazy(views, lambda: dict(world), {"seat": None})
    calls = []
    lazy(views, lambda: calls.append(1) or dict(world), {"seat": None})  # dropped at once
    settle_views(views)  # what a game does first thing in apply / advance
    world["x"] = 2
    assert held["x"] == 1 and calls == [] and views == []


def test_many_observations_between_changes_keep_the_list_small():
    views: list = []
    for _ in range(1000):
        lazy(views, dict, {"seat": 0})
    assert len(views) <= 33


def play_random(game, m, rng, steps):
    for _ in range(steps):
        if m.is_over():
            return
        move = random_move(game, m.state, rng)
        if move[0] == "act":
            m.apply(move[1], move[2])
        else:
            m.advance(move[1])


@pytest.mark.parametrize("gid", LAZY_GAMES)
def test_an_observation_read_after_later_actions_shows_the_moment_it_was_taken(gid):
    """The game protocol (DESIGN.md, observe): what a seat sees at a moment - a view held across
    actions and time is the moment it was taken, as if built at once."""
    game = get_game(gid)
    m = Match(game, Setup.make(gid, ["human"] * 2, seed=4), track_hashes=False)
    rng = RNG(4)
    held = []
    for step in range(120):
        if m.is_over():
            break
        seat = game.to_act(m.state)[0] if game.to_act(m.state) else None
        obs = game.observe(m.state, seat)
        eager = canonical(game.observe(game.clone(m.state), seat))  # read at once
        if step % 7 == 0:
            held.append((obs, eager))
        play_random(game, m, rng, 1)
    assert len(held) > 5
    for obs, eager in held:
        assert canonical(obs) == eager


@pytest.mark.parametrize("gid", LAZY_GAMES + ("sand", "burning_sands"))
def test_hashes_worked_out_later_equal_the_hashes_taken_as_played(gid):
    """Save = replay with a check hash after each action: a match that does not autosave hashes
    on reading, and gets the same hashes as one that hashes every state as it is played, through
    undo, time and a save read back."""
    game = get_game(gid)
    setup = Setup.make(gid, ["human"] * 2, seed=9)
    lazy_m = Match(game, setup)
    eager_m = Match(game, setup)
    eager_m.hash_as_played = True
    rng_a, rng_b = RNG(9), RNG(9)
    for m, rng in ((lazy_m, rng_a), (eager_m, rng_b)):
        play_random(game, m, rng, 60)
        seat = m.log[-1].seat
        if m.can_undo(seat)[0]:
            m.undo(seat)
        play_random(game, m, rng, 60)
    assert lazy_m._hcur is not None  # nothing read them yet
    assert lazy_m.hashes == eager_m.hashes and len(lazy_m.hashes) == len(lazy_m.log)
    data = json.loads(str(lazy_m.snapshot()))
    back = Match.from_save(data, game)
    assert back.check_hash() == lazy_m.check_hash()


def test_hashes_survive_a_state_put_in_from_outside_and_an_edit_said_so():
    game = get_game("sahwari")
    setup = Setup.make("sahwari", ["human"] * 2, seed=2)
    m = Match(game, setup)
    rng = RNG(2)
    play_random(game, m, rng, 30)
    played = len(m.log)
    copy_ = game.clone(m.state)
    m.state = copy_  # e.g. a test scenario or "play from here"
    play_random(game, m, rng, 10)
    m.state_edited()
    play_random(game, m, rng, 10)
    hashes = m.hashes
    assert len(hashes) == len(m.log) > played
    assert hashes[-1] == m.check_hash()
    # the log up to the replacement replays to its hashes
    again = Match(game, setup)
    again.hash_as_played = True
    for e in m.log[:played]:
        again.advance(e.tick - again.tick)
        again.apply(e.seat, e.action)
    assert again.hashes == hashes[:played]


def test_autosave_turned_on_later_hashes_as_played_from_then(tmp_path):
    game = get_game("sands_of_adventure")
    m = Match(game, Setup.make("sands_of_adventure", ["human"] * 2, seed=3))
    rng = RNG(3)
    play_random(game, m, rng, 40)
    m.autosave_path = str(tmp_path / "auto.json")
    play_random(game, m, rng, 5)
    assert m._hcur is None and len(m._hashes) == len(m.log)
    data = json.loads((tmp_path / "auto.json").read_text())
    assert data["hashes"] == m.hashes
    assert Match.from_save(data, game).check_hash() == m.check_hash()


def test_a_change_nobody_announced_still_stops_undo():
    """Undo (BGA policy): a state changed in place without ``state_edited()`` is refused rather
    than brought back wrong, when the hashes lag as well."""
    game = get_game("sahwari")
    m = Match(game, Setup.make("sahwari", ["human"] * 2, seed=1))
    rng = RNG(1)
    for _ in range(400):
        play_random(game, m, rng, 1)
        seat = m.log[-1].seat if m.log else None
        if seat is not None and m.can_undo(seat)[0]:
            break
    else:
        pytest.fail("no undoable action in 400 random steps")
    m.state.supply_strat += 1  # by hand, unannounced
    with pytest.raises(IllegalAction, match="changed outside play"):
        m.undo(seat)
