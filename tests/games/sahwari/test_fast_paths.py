"""Sahwari's ``legal_actions`` reads the one open question straight away and ``apply`` takes an
action among the answers kept for this version without the flow's second look: on every state
of random games (solo, 2, 3 and 4 players) they answer exactly what ``stages.FLOW`` answers,
an action applied the fast way leaves the same state and events as the flow's own ``apply``,
and anything else is refused with the flow's refusal."""

import pytest

from sandsofplay.engine import RNG, Setup
from sandsofplay.games import get_game
from sandsofplay.games.sahwari.stages import FLOW
from sandsofplay.games.sahwari.state import check_form_plain

from tests.support.fast_paths import assert_refuses_as_the_flow, assert_same_play

GAME = get_game("sahwari")


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_fast_paths_answer_as_the_flow(players):
    steps = 0
    for seed in (1, 2):
        s = GAME.new_state(Setup.make("sahwari", ["human"] * players, seed=seed))
        rng = RNG(seed)
        while not s.over:
            for seat in (None, -1, *range(players), players):
                assert GAME.legal_actions(s, seat) == FLOW.legal(s, seat), (seed, seat)
            seat = GAME.to_act(s)[0]
            legal = GAME.legal_actions(s, seat)
            action = legal[rng.randrange(len(legal))]
            other = s.clone()
            other._cache = None  # worked out anew: the flow's own path
            events = GAME.apply(s, seat, action)
            other_events = FLOW.apply(other, seat, action)
            assert_same_play(events, other_events, check_form_plain, s, other)
            steps += 1
    assert steps > 100


def test_fast_apply_refuses_as_the_flow():
    assert_refuses_as_the_flow(GAME, FLOW, check_form_plain)
