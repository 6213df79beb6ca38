"""The fast paths (issue 10) change no answer: legal actions cached per version of the state,
observations built from shared parts, determinize without copying the observation. Design guide,
The game protocol: legal_actions / observe / determinize."""

import json

import pytest

from sandsofplay.engine import RNG, Action, Setup
from sandsofplay.games.sahwari import GAME
from sandsofplay.games.sahwari import observe as obsmod
from sandsofplay.games.sahwari import setup as setupmod
from sandsofplay.games.sahwari import turn as turnmod

MODES = [(1, {"solo_difficulty": "clan_leader"}), (2, {}), (4, {}),
         (3, {"variant": "three_player_variant"})]


def fresh_legal(s, seat):
    if s.over:
        return []
    return setupmod.setup_actions(s, seat) if s.phase == "setup" else turnmod.turn_actions(s, seat)


def fresh_observe(s, seat):
    t = s.clone()  # a clone has no observation parts yet
    assert t._obs is None
    return obsmod.observe(t, seat)


@pytest.mark.parametrize("n,opts", MODES)
def test_cached_answers_equal_fresh_ones_through_a_game(n, opts):
    """legal_actions (cached, shared by clones) and observe (shared parts) give at every step what
    a fresh computation gives; determinize leaves the observation untouched."""
    s = GAME.new_state(Setup.make("sahwari", ["human"] * n, seed=31, **opts))
    rng = RNG(31)
    step = 0
    while GAME.outcome(s) is None:
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        assert legal == fresh_legal(s, seat)
        assert GAME.legal_actions(s.clone(), seat) == legal
        for q in list(range(n)) + [None]:
            obs = GAME.observe(s, q)
            assert obs == fresh_observe(s, q)
            assert GAME.observe(s, q) == obs
        if step % 9 == 0:
            obs = GAME.observe(s, seat)
            before = json.dumps(obs, sort_keys=True)
            GAME.determinize(obs, RNG(step))
            assert json.dumps(obs, sort_keys=True) == before
        GAME.apply(s, seat, rng.choice(legal))
        step += 1


def test_parsed_actions_are_accepted_like_the_rules_own():
    """Design guide, actions have a stable text form: an action parsed from text (a save, a
    command line) is the same move as the interned one the rules list."""
    s = GAME.new_state(Setup.make("sahwari", ["human"] * 2, seed=3))
    seat = GAME.to_act(s)[0]
    a = GAME.legal_actions(s, seat)[0]
    parsed = Action.parse(str(a))
    assert parsed == a and parsed is not a
    GAME.apply(s, seat, parsed)
    assert s.actions == 1
