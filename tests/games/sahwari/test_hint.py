"""The Hint explains itself in a sentence (issue 29): ``GAME.hint_why`` tells the hard level's
move by the turn it starts, finished as the hard level finishes it, and the Influence that turn
would gain in each scoring category (Game End and Scoring)."""

import re

from sandsofplay.engine import RNG, Setup
from sandsofplay.games.sahwari import GAME
from tests.support.bots import level_move


def _hard(s, seat):
    return level_move(GAME, s, seat)


def test_every_hard_move_of_whole_games_has_a_reason():
    """Solo and 2-player games: every hard move gets a sentence; a lone answer is said to be
    the only thing to do, a gain is told with its categories adding up to its Influence, a
    category the turn loses (a cube out of storage onto an Artifact space) said as less."""
    gains = losses = 0
    for players, seed in ((1, 2), (2, 1)):
        s = GAME.new_state(Setup.make(GAME.id, ["human"] * players, seed=seed))
        for _ in range(160):
            acting = GAME.to_act(s)
            if GAME.outcome(s) is not None or not acting:
                break
            seat = acting[0]
            move = _hard(s, seat)
            why = GAME.hint_why(s, seat, move)
            assert why.startswith("Why: ") and why.endswith("."), (move, why)
            if len(GAME.legal_actions(s, seat)) == 1:
                assert why == "Why: it is the only thing to do now."
            if "Influence (" in why:
                total = int(re.search(r"worth (\d+) Influence", why).group(1))
                said = re.search(r"Influence \((.*)\)\.$", why).group(1)
                got, _, less = said.partition(", less ")
                plus = [int(n) for n in re.findall(r"(\d+) from ", got)]
                minus = [int(n) for n in re.findall(r"(\d+) from ", less)]
                # the categories add up to the total: what the turn gains, less what it costs
                assert total > 0 and plus and sum(plus) - sum(minus) == total, why
                gains += 1
                losses += bool(minus)
            GAME.apply(s, seat, move)
    assert gains >= 5 and losses >= 1


def test_a_reason_is_worked_out_from_the_seats_view_only():
    """The sentence is the same whatever is hidden from the seat: two states that differ only
    in another player's hidden caravan tokens give it the same reason."""
    s = GAME.new_state(Setup.make(GAME.id, ["human"] * 2, seed=7))
    for _ in range(40):  # into the game, past the set-up
        seat = GAME.to_act(s)[0]
        GAME.apply(s, seat, _hard(s, seat))
    seat = GAME.to_act(s)[0]
    move = _hard(s, seat)
    seen = GAME.observe(s, seat)
    other = GAME.determinize(seen, RNG(99))
    assert GAME.observe(other, seat) == seen
    assert GAME.hint_why(other, seat, move) == GAME.hint_why(s, seat, move)
