"""The fast paths (issue 10) change no answer: legal actions cached per version of the state,
observations built from shared parts, determinize without copying the observation. Design guide,
The game protocol: legal_actions / observe / determinize."""

import json

import pytest

from sandsofplay.engine import RNG, Action, Setup
from sandsofplay.games.sahwari import GAME
from sandsofplay.games.sahwari import observe as obsmod
from sandsofplay.games.sahwari import stages

MODES = [(1, {"solo_difficulty": "clan_leader"}), (2, {}), (4, {}),
         (3, {"variant": "three_player_variant"})]


def fresh_legal(s, seat):
    if s.over:
        return []
    return stages.fresh_legal(s, seat)


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


@pytest.mark.parametrize("n,opts,count,digest", [
    (2, {}, 315, "860c09a5080b123135cb"),
    (1, {}, 131, "9163b0573c8c9aab71c6"),
    (4, {}, 379, "5424e209451e2c124f60"),
    (3, {"variant": "three_player_variant"}, 280, "1c73ed50360b7495dac6"),
])
def test_check_hashes_of_saves_are_unchanged(n, opts, count, digest):
    """Save version 2 (engine.savefile): the check hash after each action is the one saves
    already record (the check form is put together from kept pieces, the bytes are the same):
    every hash of a whole random game, pinned before the pieces were kept."""
    import hashlib

    from sandsofplay.engine import Match
    from sandsofplay.engine.playout import random_chooser, run
    m = Match(GAME, Setup.make("sahwari", ["human"] * n, seed=11, **opts))
    run(m, random_chooser(RNG(11)))
    assert (len(m.hashes), hashlib.sha256("".join(m.hashes).encode()).hexdigest()[:20]) == \
        (count, digest)


def test_check_form_pieces_follow_every_change():
    """The kept pieces of the check form are reused only while unchanged: the form equals the
    one-call marshal of every field at each step, after hand edits, on clones (which share the
    pieces) and after an undo-like swap back to an older clone."""
    from sandsofplay.games.sahwari import state as statemod
    s = GAME.new_state(Setup.make("sahwari", ["human"] * 2, seed=5))
    rng = RNG(5)
    older = []
    while GAME.outcome(s) is None:
        assert statemod.check_form(s) == statemod.check_form_plain(s)
        older.append(s.clone())
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        if s.actions % 25 == 0:  # a hand edit of a kept list, in place
            s.art[0] += 1
            assert statemod.check_form(s) == statemod.check_form_plain(s)
            s.art[0] -= 1
            was = s.spaces[0][1]
            s.spaces[0][1] = 7
            assert statemod.check_form(s) == statemod.check_form_plain(s)
            s.spaces[0][1] = was
    for old in older[::17]:
        assert statemod.check_form(old) == statemod.check_form_plain(old)


@pytest.mark.parametrize("n,opts", MODES)
def test_a_clone_and_its_original_stay_apart(n, opts):
    """Design guide, The game protocol (clone): lists a clone shares with its original (the
    set-up ones, replaced rather than changed) never carry a move from one to the other: at each
    step of a game, a clone plays a different action than the original and neither changes the
    other."""
    from sandsofplay.engine.store import canonical
    s = GAME.new_state(Setup.make("sahwari", ["human"] * n, seed=41, **opts))
    rng = RNG(41)
    while GAME.outcome(s) is None:
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        before = canonical(GAME.state_to_json(s))
        twin = s.clone()
        GAME.apply(twin, seat, legal[-1])
        assert canonical(GAME.state_to_json(s)) == before
        twin_after = canonical(GAME.state_to_json(twin))
        GAME.apply(s, seat, rng.choice(legal))
        assert canonical(GAME.state_to_json(twin)) == twin_after
