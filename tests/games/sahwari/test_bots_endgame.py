"""Sahwari's bots on the last turn (issue 29, bots worth playing): a bot that is losing when its
turn ends the game ends it, and does not first spend Recruit pawns on refreshes, each a pawn off
its Recruit track (Clan board: Recruit track; End of the Game) and so Influence lost for nothing.
A new player watched the ``normal`` bot spend six pawns so, 28 Influence down to 17; the ``hard``
bot (and so the Hint) did the same. The bots valued a lost game below every unfinished state, so
anything that put the end off looked better than ending."""

from sandsofplay.bots.levels import make_bot
from sandsofplay.engine import RNG, Setup
from sandsofplay.engine.playout import random_move
from sandsofplay.games import get_game
from sandsofplay.games.sahwari.window import PAWNS_REFRESH

GAME = get_game("sahwari")


def last_turns_lost(want=6, seeds=range(1, 1500)):
    """States of random 2-player games where the seat to act may refresh the Recruitment area
    and has an answer that ends the game with it lost."""
    out = []
    for seed in seeds:
        s = GAME.new_state(Setup.make("sahwari", ["human"] * 2, seed=seed))
        rng = RNG(seed)
        while GAME.outcome(s) is None:
            acting = GAME.to_act(s)
            if s.end_triggered and acting:
                seat = acting[0]
                legal = GAME.legal_actions(s, seat)
                if PAWNS_REFRESH in legal and any(_ends_lost(s, seat, a) for a in legal):
                    out.append((s, seat, legal))
                    break
            move = random_move(GAME, s, rng)
            GAME.apply(s, move[1], move[2])
        if len(out) >= want:
            break
    return out


def _ends_lost(s, seat, action):
    t = GAME.clone(s)
    GAME.apply(t, seat, action)
    return t.over and seat not in t.result["winners"]


def test_a_losing_bot_ends_the_game_instead_of_spending_pawns_for_nothing():
    points = last_turns_lost()
    assert len(points) == 6
    for s, seat, legal in points:
        track = s.track[seat]
        for level in ("normal", "hard"):
            bot = make_bot(GAME, level, seat, 7)
            choice = bot.decide(GAME.observe(s, seat), legal)
            assert choice != PAWNS_REFRESH, (level, str(choice), track)


def test_a_bot_still_ends_a_turn_that_wins_the_game():
    """The other side of the same values: where ending the turn wins, the bots end it (a won
    game is worth more than any unfinished state)."""
    wins = 0
    for seed in range(1, 1500):
        s = GAME.new_state(Setup.make("sahwari", ["human"] * 2, seed=seed))
        rng = RNG(seed)
        found = None
        while GAME.outcome(s) is None:
            acting = GAME.to_act(s)
            if s.end_triggered and acting:
                seat = acting[0]
                legal = GAME.legal_actions(s, seat)
                won = [a for a in legal if _ends_won(s, seat, a)]
                if won and PAWNS_REFRESH in legal:
                    found = (s, seat, legal, won)
                    break
            move = random_move(GAME, s, rng)
            GAME.apply(s, move[1], move[2])
        if found is None:
            continue
        s, seat, legal, won = found
        for level in ("normal", "hard"):
            choice = make_bot(GAME, level, seat, 7).decide(GAME.observe(s, seat), legal)
            assert choice in won, (level, str(choice))
        wins += 1
        if wins >= 4:
            break
    assert wins == 4


def _ends_won(s, seat, action):
    t = GAME.clone(s)
    GAME.apply(t, seat, action)
    return t.over and seat in t.result["winners"]
