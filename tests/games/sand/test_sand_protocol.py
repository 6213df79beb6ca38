"""Sand on the engine protocol (DESIGN.md, "The game protocol"): refusals change nothing, JSON
and clone round trips, observations hide only what is hidden and determinize back to them,
random play keeps every invariant, a golden playthrough."""

import json
from pathlib import Path

import pytest

from sandsofplay.engine import RNG, Action, IllegalAction, Match, Setup, state_hash
from sandsofplay.engine.store import canonical
from sandsofplay.games import get_game

from .helpers import GAME, new, play_random, scene

GOLDEN = Path(__file__).with_name("golden_sand.json")


def test_catalog_has_sand():
    """The game is in the catalog."""
    assert get_game("sand") is GAME


@pytest.mark.parametrize("text", [
    "travel", "travel r01", "travel r99 blue", "travel r01 purple", "travel 3 blue", "load 7",
    "load -1", "load x", "give 0", "care hydration", "care health blue", "pick 99", "place green",
    "acolyte okh_ham 9 blue", "sonett 0 0", "surmesh blue blue", "abandon 5", "prayers 1",
    "reward 3", "shelter atlantis", "companion pirate", "end 1", "teleport port", "go now",
])
def test_malformed_actions_are_refused_and_change_nothing(text):
    """Rules of the house: a malformed action raises IllegalAction and the state is unchanged."""
    s = scene(tokens=("blue", "white"), loc="port")
    before = canonical(GAME.state_to_json(s))
    with pytest.raises(IllegalAction):
        GAME.apply(s, s.cur, Action.parse(text))
    assert canonical(GAME.state_to_json(s)) == before


def test_wrong_seat_is_refused():
    """Game Turns: only the active player acts."""
    s = scene()
    with pytest.raises(IllegalAction):
        GAME.apply(s, 1 - s.cur, Action.parse("end"))


def test_every_legal_action_is_described():
    """Every action has a sentence for menus and the log."""
    rng = RNG(3)
    s = new(3, seed=3, travelers="choose")
    for _ in range(300):
        if s.over:
            break
        seat = s.cur
        for a in GAME.legal_actions(s, seat):
            d = GAME.describe(s, seat, a)
            assert d and d != str(a), a
        legal = GAME.legal_actions(s, seat)
        GAME.apply(s, seat, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_random_play_keeps_invariants_and_round_trips(n):
    """Random play (OpenSpiel style): invariants at every step, JSON/clone round trips, no leak,
    determinize observes the same."""
    for seed in range(2):
        opts = {"travelers": "choose"}
        if n == 1:
            opts["alhazred"] = ("novice", "expert")[seed]
        s = GAME.new_state(Setup.make("sand", ["human"] * n, seed=seed, **opts))
        rng = RNG(seed + 100)
        step = 0
        while not s.over:
            assert GAME.check_invariants(s) == []
            if step % 25 == 0:
                data = json.loads(json.dumps(GAME.state_to_json(s)))
                assert state_hash(GAME, GAME.state_from_json(data)) == state_hash(GAME, s)
                assert canonical(GAME.state_to_json(GAME.clone(s))) == canonical(data)
                for seat in list(range(n)) + [None]:
                    obs = GAME.observe(s, seat)
                    assert GAME.check_observation(s, seat, obs) == []
                    if seat is not None:
                        world = GAME.determinize(obs, RNG(step))
                        assert canonical(GAME.observe(world, seat)) == canonical(obs)
                        assert GAME.check_invariants(world) == []
            seat = GAME.to_act(s)[0]
            legal = GAME.legal_actions(s, seat)
            assert legal
            GAME.apply(s, seat, legal[rng.randrange(len(legal))])
            step += 1
        out = GAME.outcome(s)
        assert out is not None and len(out.scores) == n
        assert GAME.to_act(s) == ()


def test_hidden_information_is_hidden():
    """Setup 2 / Codex: the Mission deck shows only its workdays; the Codex order is hidden."""
    s = new(1, seed=5)
    obs = GAME.observe(s, 0)
    assert "deck" not in obs and "codex" not in obs and "rng" not in obs
    assert obs["deck_days"] == sorted(obs["deck_days"]) and obs["codex_size"] == 8
    assert GAME.check_observation(s, 0, dict(obs, deck=[1])) != []


def test_same_seed_same_game():
    """Seeded RNG in the state: the same seed and actions give the same state."""
    a, b = new(3, seed=11), new(3, seed=11)
    ra, rb = RNG(1), RNG(1)
    play_random(a, ra)
    play_random(b, rb)
    assert state_hash(GAME, a) == state_hash(GAME, b)


def test_undo_in_a_match():
    """Undo: an action without chance can be taken back and redone to the same state."""
    m = Match(GAME, Setup.make("sand", ["human", "human"], seed=2, travelers="basic"))
    m.apply(m.state.cur, "keep_dice")
    seat = m.state.cur
    legal = [str(a) for a in GAME.legal_actions(m.state, seat)]
    text = legal[0]
    h = state_hash(GAME, m.state)
    m.apply(seat, text)
    ok, _why = m.can_undo(seat)
    assert ok
    m.undo(seat)
    assert state_hash(GAME, m.state) == h


def _golden_play():
    s = GAME.new_state(Setup.make("sand", ["human"] * 3, seed=2024, travelers="choose"))
    rng = RNG(77)
    actions = []
    while not s.over:
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        a = legal[rng.randrange(len(legal))]
        actions.append([seat, str(a)])
        GAME.apply(s, seat, a)
    return actions, state_hash(GAME, s)


def test_golden_playthrough():
    """Golden playthrough: seed + actions give the recorded final hash (catches regressions)."""
    data = json.loads(GOLDEN.read_text())
    s = GAME.new_state(Setup.make("sand", ["human"] * 3, seed=data["seed"], travelers="choose"))
    for seat, text in data["actions"]:
        GAME.apply(s, seat, Action.parse(text))
    assert s.over
    assert state_hash(GAME, s) == data["hash"]
    assert list(GAME.outcome(s).scores) == data["scores"]


@pytest.mark.parametrize("text", ["companion 3", "traveler 9", "give 40", "travel 1 2", "reward x",
                                  "acolyte 1 x 2", "load", "shaman 9", "prayers"])
def test_describe_never_fails_on_malformed_actions(text):
    """Bad input gets a clear message and loses nothing: describing a malformed action works."""
    s = scene()
    assert GAME.describe(s, s.cur, Action.parse(text))


def test_save_is_a_replay(tmp_path):
    """Match: a saved game replays action by action to the same state (hashes checked)."""
    m = Match(GAME, Setup.make("sand", ["human"] * 2, seed=8, travelers="choose"))
    rng = RNG(8)
    for _ in range(120):
        seat = GAME.to_act(m.state)[0]
        legal = GAME.legal_actions(m.state, seat)
        m.apply(seat, legal[rng.randrange(len(legal))])
    path = str(tmp_path / "sand.json")
    m.save(path)
    back = Match.load(path, lambda gid: GAME)
    assert back.fingerprint() == m.fingerprint()


@pytest.mark.parametrize("seed", [0, 1])
def test_random_play_with_every_ability_keeps_invariants(seed):
    """Random play with all Companions, Shelters and every Traveler in play (the rare rules:
    Shelter moves, acolytes, Shaman, Sonett, Navigator, Young Worm, Zhaslir...) keeps every
    invariant and round trip."""
    from sandsofplay.games.sand.data import COMPANIONS, get
    D = get()
    s = GAME.new_state(Setup.make("sand", ["human"] * 4, seed=seed, travelers="basic"))
    sites = ["oasis_1", "camp_s2", "kha_pah", "oasis_4"]
    for i, p in enumerate(s.players):
        p["comp"] = list(COMPANIONS)
        p["shelter"] = sites[i]
        p["trav"] = sorted(D.travelers)[(i + 4 * seed) % 8]
        p["coins"] += 40
        p["pray"] = 10
    s.bank -= 160
    rng = RNG(seed + 7)
    kinds = set()
    step = 0
    while not s.over:
        assert GAME.check_invariants(s) == [], step
        if step % 40 == 0:
            data = json.loads(json.dumps(GAME.state_to_json(s)))
            assert state_hash(GAME, GAME.state_from_json(data)) == state_hash(GAME, s)
            obs = GAME.observe(s, s.cur)
            world = GAME.determinize(obs, RNG(step))
            assert canonical(GAME.observe(world, s.cur)) == canonical(obs)
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        a = legal[rng.randrange(len(legal))]
        kinds.add(a.kind)
        GAME.apply(s, seat, a)
        step += 1
    assert {"tend", "navigate", "store"} & kinds
