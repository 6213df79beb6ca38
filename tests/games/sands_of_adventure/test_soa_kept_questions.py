"""The open questions are worked out once per state and kept until it changes (``stages``): on
every state of random games (moves and waits, 2 and 4 players) the kept questions and seats are
the ones worked out anew, and the shape check that passes the rules' own action objects at once
answers as the full check does."""

import pytest

from sandsofplay.engine import A, RNG
from sandsofplay.engine.playout import random_move
from sandsofplay.games.sands_of_adventure import GAME, reasons, stages

from soa_support import new_game

TB = GAME.tables


@pytest.mark.parametrize("players", [2, 4])
def test_kept_questions_are_the_fresh_ones(players):
    steps = 0
    for seed in (1, 2):
        s = new_game(players, seed=seed)
        rng = RNG(seed)
        while s.phase != "over":
            GAME.to_act(s)
            assert stages.open_now(TB, s) == stages.work_out(TB, s)
            assert GAME.flow.questions(s) == stages.work_out(TB, s)[0]
            for seat in range(players):
                for a in GAME.legal_actions(s, seat):
                    assert reasons.shape_reason(TB, s, a) is None
                    assert reasons._shape_reason(TB, s, a) is None
            move = random_move(GAME, s, rng)
            if move[0] == "act":
                GAME.apply(s, move[1], move[2])
            else:
                GAME.advance(s, move[1])
            steps += 1
    assert steps > 200


def test_shape_check_of_actions_not_the_rules_own():
    s = new_game(2)
    for a in (A("play", True), A("play", 10 ** 6), A("to", 3), A("token", "wings"),
              A("fly"), A("draw", 1), A("side", "C")):
        assert reasons.shape_reason(TB, s, a) == reasons._shape_reason(TB, s, a)
        assert reasons.shape_reason(TB, s, a) is not None
    assert reasons.shape_reason(TB, s, A("to", 1)) is None  # a seat of a 2-player game
