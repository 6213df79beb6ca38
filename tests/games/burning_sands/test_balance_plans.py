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


def _bs_balance():
    import os
    import sys
    tools = os.path.join(os.path.dirname(__file__), "..", "..", "..", "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    import bs_balance
    return bs_balance


def test_the_share_table_seats_every_deck_in_every_seat_equally_often():
    """The 3- and 4-player deck shares (issue 25) rotate the decks over the seats: over one
    cycle of seatings each starter deck sits in each seat equally often (the first player and
    the Blessing's path must not favour one deck)."""
    bal = _bs_balance()
    for players in (3, 4):
        cycle = bal.seatings(players)
        for seat in range(players):
            counts = {d: sum(1 for c in cycle if c[seat] == d) for d in bal.DECKS}
            assert len(set(counts.values())) == 1, (players, seat, counts)
        assert all(len(set(c)) == players for c in cycle)


def test_the_share_table_counts_each_decks_games_and_wins(capsys):
    """``--players 3`` gives each deck's games, wins and share against the fair third."""
    import json
    bal = _bs_balance()
    assert bal.main(["--players", "3", "--games", "2", "--workers", "1"]) == 0
    res = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    tab = res["deck_shares"]
    assert tab["games"] == 2 and tab["players"] == 3
    assert sum(d["games"] for d in tab["decks"].values()) == 6
    assert abs(sum(d["wins"] for d in tab["decks"].values()) - 2) < 1e-6
    assert tab["fair_share"] == round(1 / 3, 3)


def test_a_strength_trick_is_not_spent_once_nothing_can_engage():
    """Engaging the Enemy: damage is dealt when a Hero engages, so +3S on a Hero that has
    already engaged (bowed) adds nothing; the policy keeps Charge (a Fate value, and its Copper)
    instead of playing it late. Before the Hero engages, Charge still scores above passing."""
    from sandsofplay.engine import RNG
    from sandsofplay.games.burning_sands import GAME

    from .helpers import act, asking, charge_battle

    s, hero, charge, sec = charge_battle()
    f = s.stack[-1]
    play = next(a for a in GAME.legal_actions(s, 0) if str(a) == f"play {charge}")
    assert policy.PICK["battle"](s, 0, f, play) > 0.0
    act(s, f"engage {hero}")
    while asking(s) != ("battle", 0):
        seat = asking(s)[1]
        act(s, str(GAME.legal_actions(s, seat)[0]), seat)
    assert s.bowed[hero] and f"play {charge}" in [str(a) for a in GAME.legal_actions(s, 0)]
    lg = GAME.legal_actions(s, 0)
    assert str(policy.choose(GAME.observe(s, 0), lg, RNG(3), eps=0.0)) == "pass"
