"""Sahwari's ``legal_actions`` reads the one open question straight away and ``apply`` takes an
action among the answers kept for this version without the flow's second look: on every state
of random games (solo, 2, 3 and 4 players) they answer exactly what ``stages.FLOW`` answers,
an action applied the fast way leaves the same state and events as the flow's own ``apply``,
and anything else is refused with the flow's refusal."""

import pytest

from sandsofplay.engine import A, RNG, Setup
from sandsofplay.engine.errors import IllegalAction
from sandsofplay.games import get_game
from sandsofplay.games.sahwari.stages import FLOW
from sandsofplay.games.sahwari.state import check_form_plain

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
            assert [(e.kind, e.text) for e in events] == \
                [(e.kind, e.text) for e in other_events]
            assert check_form_plain(s) == check_form_plain(other)
            steps += 1
    assert steps > 100


def test_fast_apply_refuses_as_the_flow():
    s = GAME.new_state(Setup.make("sahwari", ["human"] * 2, seed=3))
    seat = GAME.to_act(s)[0]
    legal = GAME.legal_actions(s, seat)
    before = check_form_plain(s)
    for who, action in ((1 - seat, legal[0]), (seat, A("fly", 9)), (seat, tuple(legal[0])),
                        (2, legal[0]), (True, legal[0])):
        GAME.legal_actions(s, seat)
        want = FLOW.refusal(s, who, action)
        assert want is not None
        with pytest.raises(IllegalAction) as got:
            GAME.apply(s, who, action)
        assert (got.value.reason, got.value.rule) == (want.reason, want.rule)
    assert check_form_plain(s) == before
