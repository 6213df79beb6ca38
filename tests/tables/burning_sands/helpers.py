"""Helpers for the Burning Sands table tests."""

from sandsofplay.bots.levels import make_bot
from sandsofplay.engine import Match
from sandsofplay.games import get_game

GAME = get_game("burning_sands")


def bots_play_until(setup, until, level="normal"):
    """A headless Match of ``setup`` in which bots of ``level`` (seeded with the setup's seed)
    play every seat until ``until(state)`` holds; the game must not end first."""
    match = Match(GAME, setup)
    bots = [make_bot(GAME, level, i, setup.seed) for i in range(len(setup.seats))]
    while not until(match.state):
        assert not match.is_over()
        seat = GAME.to_act(match.state)[0]
        match.apply(seat, bots[seat].decide(GAME.observe(match.state, seat),
                                            GAME.legal_actions(match.state, seat)))
    return match
