"""``engine.fields``: a state's JSON form read back as data (issue 27: field-by-field JSON
written once)."""

import doctest

import pytest

from sandsofplay.engine import Setup
from sandsofplay.engine import fields as fields_module
from sandsofplay.games import get_game


def test_module_docstring_example_runs():
    result = doctest.testmod(fields_module)
    assert result.attempted > 0 and result.failed == 0


def test_a_missing_or_wrong_field_is_refused_as_the_lines_did():
    class P:
        pass
    with pytest.raises(KeyError):
        fields_module.read(P(), {}, (("n", int),))
    with pytest.raises(ValueError):
        fields_module.read(P(), {"n": "two"}, (("n", int),))


def test_sands_of_adventure_states_read_back_equal():
    """The state and its timer, written and read back, give the same JSON and check form."""
    game = get_game("sands_of_adventure")
    from sandsofplay.engine import RNG
    s = game.new_state(Setup.make("sands_of_adventure", ["human"] * 3, seed=4))
    rng = RNG(4)
    for step in range(400):
        acting = game.to_act(s)
        if game.outcome(s) is not None:
            break
        if not acting:
            game.advance(s, 1)
            continue
        legal = game.legal_actions(s, acting[0])
        game.apply(s, acting[0], legal[rng.randrange(len(legal))])
        if step % 40 == 0:
            back = game.state_from_json(game.state_to_json(s))
            assert game.state_to_json(back) == game.state_to_json(s)
            assert game.check_form(back) == game.check_form(s)
