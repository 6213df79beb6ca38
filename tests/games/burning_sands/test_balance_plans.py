"""Starter decks and the bots' Faction plans (issue 25): behaviour only, nothing statistical
(the matchup table is measured with ``tools/bs_balance.py``)."""

from sandsofplay.games.burning_sands import policy
from sandsofplay.games.burning_sands.data import get

from .helpers import clear_hand, make, strip, new

ENDLESS_RAIN = 24  # The Tale of the Endless Rain: 24 Water at the end of a turn


def test_a_suggested_set_is_a_legal_purchase_of_the_decks_own_sections():
    """Game setup: City Sections are bought with the Stronghold's City Points (copies allowed);
    a deck's suggested set names only its own sections and costs at most its City Points."""
    data = get()
    for dk in data.decks.values():
        cp = data.by_id[dk.stronghold].cp
        assert set(dk.plan) <= set(dk.sections), dk.id
        assert sum(data.by_id[x].cp_cost for x in dk.plan) <= cp, dk.id


def test_the_endless_rain_is_not_won_by_one_raid_from_the_moto_start():
    """The Moto suggested set starts with 22 Water: one Cistern Vault (+2) and every section
    full are needed to hold 24 - one won raid from the start no longer wins the Alternate
    Victory (it held 23)."""
    data = get()
    moto = data.decks["moto"]
    assert sum(data.by_id[x].capacity for x in moto.plan) <= ENDLESS_RAIN - 2


def _duel_table():
    s = new(("assassin", "senpet"))
    for p in (0, 1):
        strip(s, p)
        clear_hand(s, p)
    return s


def test_a_challenge_the_other_side_would_refuse_is_not_sought():
    """Challenges and Duels: refusing costs nothing, so a challenge from a Hero with more Ka
    than any opposing Hero is worth nothing (it would be refused)."""
    s = _duel_table()
    make(s, 0, "veiled_sister", "hero")  # Ka 3
    make(s, 1, "legion_archer", "hero")  # Ka 1
    assert policy.best_challenge(s, 0) == (-1, 0.0)


def test_duel_tricks_in_hand_make_an_even_duel_worth_a_challenge():
    """The Assassins' plan: an even duel (the other side accepts it) is worth fighting with a
    duel Reaction in hand (Feint +1K), not without one."""
    s = _duel_table()
    make(s, 0, "veiled_sister", "hero")  # Ka 3, Duelist
    target = make(s, 1, "eye_of_night_exp", "hero")  # Ka 3
    assert policy.would_accept(s, s.heroes[0][0], target)
    assert policy.best_challenge(s, 0)[1] == 0.0
    make(s, 0, "feint", "hand")
    assert policy.best_challenge(s, 0)[0] == target
