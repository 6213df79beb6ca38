"""``SandState.clone`` spells the copy out field by field (issue 29: the bots' search clones tens
of thousands of states a decision). A clone must equal its state byte for byte in the saved form
(so hashes are unchanged) and share no list or dict with it, in every state a game reaches."""

import pytest

from sandsofplay.engine import RNG, Setup
from sandsofplay.games import get_game
from sandsofplay.games.sand import state as state_mod

GAME = get_game("sand")


def containers(v, out):
    if isinstance(v, (list, dict)):
        out.add(id(v))
        for x in (v.values() if isinstance(v, dict) else v):
            containers(x, out)
    return out


def shared(a, b) -> set:
    return containers(a.__dict__, set()) & containers(b.__dict__, set())


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_clone_equals_its_state_and_shares_nothing_mutable_in_every_state(players):
    clones = 0
    for seed in range(1, 7):
        opts = {"alhazred": ("novice", "medium", "expert")[seed % 3]} if players == 1 else {}
        s = GAME.new_state(Setup.make("sand", ["human"] * players, seed=seed, **opts))
        rng = RNG(seed)
        for _ in range(3000):
            c = s.clone()
            assert state_mod.check_form(c) == state_mod.check_form(s)
            assert c.__dict__ == s.__dict__
            assert not shared(s, c)
            clones += 1
            if GAME.outcome(s) is not None:
                break
            acting = GAME.to_act(s)
            legal = GAME.legal_actions(s, acting[0])
            GAME.apply(s, acting[0], legal[rng.randrange(len(legal))])
        assert GAME.outcome(s) is not None and s.result is not None
    assert clones > 600


def test_a_state_of_unforeseen_fields_is_still_copied_whole():
    s = GAME.new_state(Setup.make("sand", ["human"] * 2, seed=3))
    s.extra = {"a": [1, [2]]}
    c = s.clone()
    assert c.extra == s.extra and not shared(s, c)
    s.players[0]["extra"] = [[1]]
    c = s.clone()
    assert c.players[0]["extra"] == [[1]] and not shared(s, c)
