"""The Hint explains itself in a sentence (issue 29): ``GAME.hint_why`` says why the hard
level's move is worth playing, by what the policy weighs for the question open (How to Win:
Water, City Sections, Heroes; Attacks, Raids, Duels, Stories)."""

from sandsofplay.engine import RNG, Setup
from sandsofplay.games.burning_sands import GAME
from sandsofplay.games.burning_sands.explain import ONLY
from tests.support.bots import level_move


def _hard(s, seat):
    return level_move(GAME, s, seat)


def test_every_hard_move_of_whole_games_is_explained():
    """Two whole 2-player games and the start of a 4-player one: each hard move gets a sentence
    of its question (none falls back to 'weighs this one highest'), a lone answer is the only
    thing to do, and the sentences name what the policy weighs."""
    said: dict = {}
    for players, seed, steps in ((2, 1, 900), (2, 2, 900), (4, 4, 300)):
        s = GAME.new_state(Setup.make(GAME.id, ["human"] * players, seed=seed))
        for _ in range(steps):
            acting = GAME.to_act(s)
            if GAME.outcome(s) is not None or not acting:
                break
            seat = acting[0]
            legal = GAME.legal_actions(s, seat)
            move = _hard(s, seat)
            why = GAME.hint_why(s, seat, move)
            assert why.startswith("Why: ") and why.endswith("."), (move, why)
            assert "weighs this one highest" not in why, (s.stack[-1]["k"], move, why)
            if len(legal) == 1:
                assert why == ONLY
            else:
                said.setdefault((s.stack[-1]["k"], move.kind), why)
            GAME.apply(s, seat, move)
    assert "City Sections" in said[("buy", "buy")]
    assert "Strength" in said[("battle", "engage")]
    assert "Copper" in said[("play", "produce")]
    assert "spare" in said[("enddraw", "discard")]
    assert "Story points" in said[("window", "react")]


def test_a_reason_reads_only_what_the_seat_sees():
    """Two states that differ only in what the seat cannot see give the same sentence."""
    s = GAME.new_state(Setup.make(GAME.id, ["human"] * 2, seed=3))
    for _ in range(60):
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, _hard(s, seat))
    seat = GAME.to_act(s)[0]
    move = _hard(s, seat)
    other = GAME.determinize(GAME.observe(s, seat), RNG(5))
    assert GAME.hint_why(other, seat, move) == GAME.hint_why(s, seat, move)
