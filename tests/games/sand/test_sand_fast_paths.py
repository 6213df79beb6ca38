"""Sand's protocol methods read the rules' state straight away where the flow would ask again
(``to_act``, ``legal_actions``, ``now``, and ``apply`` of an action just listed): on every state
of random games they answer exactly what ``turn.FLOW`` answers, and an action applied the fast
way leaves the same state, events and check form as the flow's own ``apply``."""

import pytest

from sandsofplay.engine import RNG, Setup
from sandsofplay.games import get_game
from sandsofplay.games.sand.state import check_form_plain
from sandsofplay.games.sand.turn import FLOW

from tests.support.fast_paths import assert_refuses_as_the_flow, assert_same_play

GAME = get_game("sand")


def flow_apply(s, seat, action):
    """The flow's apply, as the game's was before its fast path."""
    events = FLOW.apply(s, seat, action)
    s.actions += 1
    return events


@pytest.mark.parametrize("players", [1, 2, 4])
def test_fast_paths_answer_as_the_flow(players):
    steps = 0
    for seed in (1, 2):
        s = GAME.new_state(Setup.make("sand", ["human"] * players, seed=seed))
        rng = RNG(seed)
        while not s.over:
            assert GAME.to_act(s) == FLOW.to_act(s)
            assert GAME.now(s) == 0
            for seat in (None, -1, *range(players), players, players + 1):
                assert GAME.legal_actions(s, seat) == list(FLOW.legal(s, seat)), (seed, seat)
            seat = GAME.to_act(s)[0]
            legal = GAME.legal_actions(s, seat)
            action = legal[rng.randrange(len(legal))]
            other = s.clone()
            events = GAME.apply(s, seat, action)  # after legal_actions: the fast path
            other_events = flow_apply(other, seat, action)
            assert_same_play(events, other_events, check_form_plain, s, other)
            steps += 1
    assert steps > 100


def test_fast_apply_refuses_as_the_flow():
    """Right after a seat's answers are listed, anything else is refused with the flow's own
    refusal: another seat, an action not listed, a plain tuple equal to a listed action."""
    assert_refuses_as_the_flow(GAME, FLOW, check_form_plain)
