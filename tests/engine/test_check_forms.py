"""The check forms a save's hashes are taken of (``engine.savefile``): each game's fast form gives
the same bytes as its reference definition (save versions 2 and 3: ``marshal`` format 2 of
``state_to_json``, or the game's own plain form) on many states of random playouts, at 2 and at
4 players, and equal states (a clone, a JSON round trip) give equal bytes. A state field the fast
form forgets, or encodes differently, fails here."""

import marshal

import pytest

from sandsofplay.engine import RNG, Setup
from sandsofplay.engine.playout import Raw, random_chooser, run
from sandsofplay.engine.savefile import check_form
from sandsofplay.games import get_game


def reference_form(game, state) -> bytes:
    """Save version 3's form as defined: the game's plain form, else marshal of the JSON."""
    gid = game.id
    if gid == "burning_sands":
        from sandsofplay.games.burning_sands.state import check_form_plain
        return check_form_plain(state)
    if gid == "sahwari":
        from sandsofplay.games.sahwari.state import check_form_plain
        return check_form_plain(state)
    if gid == "sands_of_adventure":
        return state.check_form()  # its own form (one marshal call) is the definition
    return marshal.dumps(game.state_to_json(state), 2)


def sample_states(gid, players, seeds, every):
    game = get_game(gid)
    for seed in seeds:
        state = game.new_state(Setup.make(gid, ["human"] * players, seed=seed))
        got = [game.clone(state)]

        def after(target, step, move):
            if step % every == 0:
                got.append(game.clone(target.state))
            # the live state too: fields a clone shares or caches differently
            if step % (every * 3) == 1:
                got.append(target.state)
                assert check_form(game, target.state, 3) == reference_form(game, target.state)

        run(Raw(game, state), random_chooser(RNG(seed)), after=after)
        got.append(state)
        yield from got


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("gid", ["burning_sands", "sand", "sahwari", "sands_of_adventure"])
def test_fast_check_form_equals_the_reference_byte_for_byte(gid, players):
    game = get_game(gid)
    players = max(game.min_seats, min(players, game.max_seats))
    n = 0
    for state in sample_states(gid, players, seeds=range(1, 5), every=7):
        for version in (2, 3):
            fast = check_form(game, state, version)
            if version == 2 and gid == "sands_of_adventure":
                assert fast == marshal.dumps(game.state_to_json(state), 2)
                continue
            assert fast == reference_form(game, state), (gid, version, n)
        # equal states give equal bytes: a clone and a JSON round trip (fresh objects, nothing
        # shared with the state nor cached)
        again = game.state_from_json(game.state_to_json(state))
        assert check_form(game, game.clone(state), 3) == check_form(game, again, 3) == \
            check_form(game, state, 3)
        n += 1
    assert n > 40


def test_burning_sands_deck_definitions_are_encoded_once_per_object():
    """The form keeps the bytes of the shared deck definitions by identity: states of two
    different games (or a state read back from JSON) never use another's bytes."""
    game = get_game("burning_sands")
    a = game.new_state(Setup.make("burning_sands", ["human"] * 2, seed=1))
    b = game.new_state(Setup.make("burning_sands", ["human"] * 3, seed=2))
    for s in (a, b, a, game.state_from_json(game.state_to_json(b)), a):
        assert check_form(game, s, 3) == reference_form(game, s)
