"""A bot's whole answer in tests: the level's bot asked once, thought to its end."""

from sandsofplay.bots.levels import make_bot


def level_move(game, state, seat, level="hard", seed=12345):
    """The move ``level``'s bot chooses for ``seat`` (the Hint asks the hard bot this way)."""
    bot = make_bot(game, level, seat, seed)
    return bot.decide(game.observe(state, seat), game.legal_actions(state, seat))
