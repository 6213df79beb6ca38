"""Whole games at the Burning Sands table, 2, 3 and 4 players, played to a real end (Story
Victory, Military Victory or last with Water - How to Win - never the Sultan's judgement of the
turn limit): every human action, reactions included, is chosen among the gestures the table
offers and posted as real pygame events; the game ends as replaying its log headless does.

The human seats choose like a fair player would (the ``normal`` bot's choice, now and then a
random one), so that games end in a reasonable number of turns; the choice is always one of
the offered gestures, and every legal action must have one (``play_by_gestures``)."""

import pytest

from sandsofplay.bots.levels import make_bot
from tests.tables.contract import play_by_gestures, same_as_headless

from .test_table import start


def fair_player(seed, eps=0.15):
    bots = {}

    def choose(table, seat, offered, rng):
        if rng.random() < eps:
            return rng.choice(offered)
        if seat not in bots:
            bots[seat] = make_bot(table.game, "normal", seat, seed * 7 + seat)
        st = table.match.state
        action = bots[seat].decide(table.game.observe(st, seat),
                                   table.game.legal_actions(st, seat))
        return rng.choice([g for g in offered if g.action == action])
    return choose


@pytest.mark.parametrize("seats,seed", [
    (("human", "bot:normal"), 12),  # seat 0 (Assassins) is asked only when a duel Reaction fits
    (("bot:normal", "human", "bot:easy"), 3),
    (("bot:normal", "bot:easy", "human", "bot:normal"), 6),
])
def test_a_whole_game_by_gestures_ends_by_the_rules(app, seats, seed):
    """Seeds chosen so that each game asks the human in at least one Reaction window."""
    table = start(app, seats, seed, limit=60)
    asked = []

    def note(table, seat, gesture):
        if table.match.state.stack[-1]["k"] == "window":
            asked.append(gesture.action.kind)
    stats = play_by_gestures(app, table, seed=seed, choose=fair_player(seed), on_decision=note)
    out = table.game.outcome(table.match.state)
    assert "judgement" not in out.detail, out.detail
    assert stats["decisions"] > 50 and asked and set(asked) <= {"react", "pass"}
    assert same_as_headless(table.match)
