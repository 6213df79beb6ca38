"""Whole Sahwari games played through the table: every human action is chosen among the gestures
the table offers (which must cover every legal action) and delivered as real pygame events; the
log replayed headless ends the same (issue 12, "Done means")."""

import pytest

from .helpers import make_table, play_by_gestures, replay_matches


@pytest.mark.parametrize("difficulty", ["recruit", "merc", "clan_leader"])
def test_solo_against_the_guildmaster_by_gestures(app, difficulty):
    """Rulebook: Solo Mode - the Guildmaster at each difficulty."""
    table = make_table(app, ["human"], seed=5, solo_difficulty=difficulty)
    play_by_gestures(app, table, seed=1)
    replay_matches(table)


def test_two_humans_hot_seat_by_gestures(app):
    """Rulebook: Setup B.10, 2 players - two people at one screen, the curtain between turns."""
    table = make_table(app, ["human", "human"], seed=2)
    play_by_gestures(app, table, seed=2)
    replay_matches(table)


def test_three_player_variant_by_gestures(app):
    """Rulebook: 3-Player Variant - two camels each, no Guild camels (the standard 2, 3 and 4
    player games are played by tests/tables/test_contract.py)."""
    table = make_table(app, ["bot:easy", "human", "bot:normal"], seed=3,
                       variant="three_player_variant")
    play_by_gestures(app, table, seed=3)
    replay_matches(table)
